//! A StatefulSet's status from its pods: counts by readiness and by revision, and the
//! moment a finished rolling update makes the update revision the current one.
//!
//! Models pkg/controller/statefulset/stateful_set_control.go (`computeReplicaStatus`,
//! `completeRollingUpdate`, the status written at the end of `updateStatefulSet`) and
//! stateful_set_utils.go (`isCreated`, `isTerminating`, `getPodRevision`).

use super::identity;
use super::revision::POD_REVISION_LABEL;
use crate::clock::Time;
use crate::model::{Pod, StatefulSet, StatefulSetStatus};

/// The status after a pass, from the set's pods (those it owns, terminating ones included).
pub fn compute(
    set: &StatefulSet,
    pods: &[&Pod],
    current_revision: &str,
    update_revision: &str,
    collision_count: i32,
    now: Time,
) -> StatefulSetStatus {
    let mut s = StatefulSetStatus {
        observed_generation: set.metadata.generation,
        current_revision: current_revision.into(),
        update_revision: update_revision.into(),
        collision_count: Some(collision_count),
        // Conditions are not written by the StatefulSet controller upstream either.
        conditions: set.status.conditions.clone(),
        ..Default::default()
    };
    for pod in pods {
        // `isCreated` (a phase is set) holds for every stored pod here: the store gives
        // each pod Pending on create.
        s.replicas += 1;
        if identity::is_running_and_ready(pod) {
            s.ready_replicas += 1;
            if identity::is_running_and_available(pod, set.spec.min_ready_seconds, now) {
                s.available_replicas += 1;
            }
        }
        if !pod.metadata.is_deleting() {
            let revision = pod.metadata.labels.get(POD_REVISION_LABEL).map_or("", |r| r.as_str());
            s.current_replicas += i32::from(revision == current_revision);
            s.updated_replicas += i32::from(revision == update_revision);
        }
    }
    complete_rolling_update(set, &mut s);
    s
}

/// `completeRollingUpdate`: once every wanted pod runs the update revision and is ready, the
/// update revision becomes current. OnDelete sets never get here: their current revision
/// stays until the next rolling update, as upstream.
fn complete_rolling_update(set: &StatefulSet, s: &mut StatefulSetStatus) {
    let want = set.spec.replicas;
    if set.spec.update_strategy.type_ == "RollingUpdate"
        && s.updated_replicas == want
        && s.ready_replicas == want
        && s.replicas == want
    {
        s.current_replicas = s.updated_replicas;
        s.current_revision = s.update_revision.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ObjectMeta, PodPhase, PodSpec};

    fn pod(name: &str, revision: &str, phase: PodPhase) -> Pod {
        let mut meta = ObjectMeta { name: name.into(), ..Default::default() };
        meta.labels.insert(POD_REVISION_LABEL.into(), revision.into());
        let mut p = Pod::new(meta, PodSpec::default());
        p.status.phase = phase;
        p
    }

    #[test]
    fn pods_count_by_revision_and_a_half_done_update_keeps_the_current_revision() {
        let mut set = StatefulSet::default();
        set.spec.replicas = 2;
        let (a, b) = (
            pod("web-0", "web-old", PodPhase::Pending),
            pod("web-1", "web-new", PodPhase::Pending),
        );
        let s = compute(&set, &[&a, &b], "web-old", "web-new", 0, Time::from_secs(0));
        assert_eq!((s.replicas, s.current_replicas, s.updated_replicas), (2, 1, 1));
        assert_eq!(s.current_revision, "web-old");
        assert_eq!(s.collision_count, Some(0));
    }

    #[test]
    fn a_finished_rolling_update_makes_the_update_revision_current() {
        let mut set = StatefulSet::default();
        set.spec.replicas = 1;
        set.spec.update_strategy.type_ = "RollingUpdate".into();
        let mut s = StatefulSetStatus {
            replicas: 1,
            ready_replicas: 1,
            updated_replicas: 1,
            update_revision: "web-new".into(),
            current_revision: "web-old".into(),
            ..Default::default()
        };
        complete_rolling_update(&set, &mut s);
        assert_eq!((s.current_revision.as_str(), s.current_replicas), ("web-new", 1));
        set.spec.update_strategy.type_ = "OnDelete".into();
        s.current_revision = "web-old".into();
        complete_rolling_update(&set, &mut s);
        assert_eq!(s.current_revision, "web-old");
    }
}
