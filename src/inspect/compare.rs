//! The desired-versus-observed rows of each kind, in plain words: what `spec` asks for next
//! to what `status` and the world show, and whether the two agree yet.
//!
//! Reads the store only; which kinds get which rows is decided here and nowhere else.

use std::collections::BTreeMap;

use kubeloop::clock::Time;
use kubeloop::kubectl::printers::pod_cells;
use kubeloop::model::{Deployment, EndpointSlice, Kind, Node, Pod, PodSpec, ReplicaSet, Service};
use kubeloop::store::Store;

use super::{node_status, Compare};

pub(super) fn compare(
    field: &str,
    desired: impl Into<String>,
    observed: impl Into<String>,
    matches: bool,
) -> Compare {
    Compare { field: field.into(), desired: desired.into(), observed: observed.into(), matches }
}

pub(super) fn pods_of<'a>(store: &'a Store, owner_uid: &str) -> Vec<&'a Pod> {
    store
        .dependents_of(owner_uid)
        .into_iter()
        .filter(|(k, _)| *k == Kind::Pod)
        .filter_map(|(_, key)| store.get::<Pod>(&key.ns, &key.name))
        .collect()
}

/// "Image" row: the template's images against what running containers actually run.
pub(super) fn image_row(spec: &PodSpec, replicas: i32, pods: &[&Pod]) -> Compare {
    let wanted: Vec<&str> = spec.containers.iter().map(|c| c.image.as_str()).collect();
    let mut running: BTreeMap<&str, usize> = BTreeMap::new();
    for c in pods.iter().flat_map(|p| &p.status.container_statuses) {
        if c.state.running.is_some() {
            *running.entry(c.image.as_str()).or_default() += 1;
        }
    }
    let observed = if running.is_empty() {
        "nothing running".to_string()
    } else {
        running.iter().map(|(image, n)| format!("{n} × {image}")).collect::<Vec<_>>().join(", ")
    };
    let matches = if replicas == 0 {
        running.is_empty()
    } else {
        running.keys().copied().eq(kubeloop::sort::btree_set(wanted.iter().copied()))
    };
    let field = if wanted.len() == 1 { "Image" } else { "Images" };
    compare(field, wanted.join(", "), observed, matches)
}

pub(super) fn count_rows(want: i32, seen: &[(&str, i32)]) -> Vec<Compare> {
    seen.iter()
        .map(|(field, n)| compare(field, want.to_string(), n.to_string(), *n == want))
        .collect()
}

pub(super) fn generation_row(generation: i64, observed: i64) -> Compare {
    compare(
        "Spec version",
        format!("generation {generation}"),
        format!("controller has seen {observed}"),
        observed >= generation,
    )
}

pub(super) fn deployment_rows(store: &Store, d: &Deployment) -> Vec<Compare> {
    let s = &d.status;
    let want = d.spec.replicas;
    let mut rows = count_rows(
        want,
        &[
            ("Replicas", s.replicas),
            ("Up to date", s.updated_replicas),
            ("Ready", s.ready_replicas),
            ("Available", s.available_replicas),
        ],
    );
    let pods: Vec<&Pod> = store
        .dependents_of(&d.metadata.uid)
        .into_iter()
        .filter(|(k, _)| *k == Kind::ReplicaSet)
        .filter_map(|(_, key)| store.get::<ReplicaSet>(&key.ns, &key.name))
        .flat_map(|rs| pods_of(store, &rs.metadata.uid))
        .collect();
    rows.push(image_row(&d.spec.template.spec, want, &pods));
    if let Some(c) = d.condition("Progressing") {
        // Reasons from pkg/controller/deployment/util/deployment_util.go, in plain words.
        let words = match c.reason.as_str() {
            "NewReplicaSetAvailable" => "complete",
            "ProgressDeadlineExceeded" => "stuck: progress deadline exceeded",
            "DeploymentPaused" => "paused",
            _ => "in progress",
        };
        let observed =
            if c.reason.is_empty() { words.to_string() } else { format!("{words} ({})", c.reason) };
        let desired = if d.spec.paused { "paused" } else { "complete" };
        let done = observed.starts_with(desired);
        rows.push(compare("Rollout", desired, observed, done));
    }
    rows.push(generation_row(d.metadata.generation, s.observed_generation));
    rows
}

pub(super) fn replicaset_rows(store: &Store, rs: &ReplicaSet) -> Vec<Compare> {
    let s = &rs.status;
    let want = rs.spec.replicas;
    let mut rows = count_rows(
        want,
        &[
            ("Replicas", s.replicas),
            ("Ready", s.ready_replicas),
            ("Available", s.available_replicas),
        ],
    );
    let pods = pods_of(store, &rs.metadata.uid);
    rows.push(image_row(&rs.spec.template.spec, want, &pods));
    rows.push(generation_row(rs.metadata.generation, s.observed_generation));
    rows
}

pub(super) fn pod_rows(p: &Pod, now: Time) -> Vec<Compare> {
    let cells = pod_cells(p, now);
    let total = p.spec.containers.len();
    let mut rows =
        vec![compare("Status", "Running", cells.status.clone(), cells.status == "Running")];
    let unschedulable = p
        .condition("PodScheduled")
        .filter(|c| c.status == "False")
        .and_then(|c| c.reason.clone())
        .map(|r| format!("not scheduled: {r}"));
    let node = match p.node() {
        Some(n) => n.to_string(),
        None => unschedulable.unwrap_or_else(|| "not scheduled yet".into()),
    };
    rows.push(compare("Node", "any (the scheduler picks)", node, p.node().is_some()));
    rows.push(compare(
        "Ready",
        format!("{total}/{total}"),
        cells.ready.clone(),
        cells.ready == format!("{total}/{total}"),
    ));
    for c in &p.spec.containers {
        let status = p.status.container_statuses.iter().find(|s| s.name == c.name);
        let (mut observed, ok) = match status {
            None => ("not started".to_string(), false),
            Some(s) => {
                if s.state.running.is_some() {
                    (format!("running {}", s.image), s.image == c.image)
                } else if let Some(w) = &s.state.waiting {
                    (format!("waiting: {}", w.reason.as_deref().unwrap_or("unknown")), false)
                } else if let Some(t) = &s.state.terminated {
                    let reason = t.reason.as_deref().unwrap_or("Terminated");
                    (format!("exited with code {}: {reason}", t.exit_code), false)
                } else {
                    ("no state yet".to_string(), false)
                }
            }
        };
        if let Some(s) = status.filter(|s| s.restart_count > 0) {
            let times = if s.restart_count == 1 { "time" } else { "times" };
            observed.push_str(&format!(" (restarted {} {times})", s.restart_count));
        }
        rows.push(compare(&format!("Container {}", c.name), c.image.clone(), observed, ok));
    }
    rows
}

pub(super) fn node_rows(store: &Store, n: &Node, now: Time) -> Vec<Compare> {
    let desired = if n.spec.unschedulable { "Ready, cordoned (no new pods)" } else { "Ready" };
    let pods = store.pods_on_node(&n.metadata.name).len();
    let max = n.max_pods();
    vec![
        compare("Status", desired, node_status(n, now), n.is_ready()),
        compare(
            "Pods",
            format!("at most {max}"),
            format!("{pods} on this node"),
            pods as u64 <= u64::from(max),
        ),
    ]
}

/// A Service's selector against its endpoints: every selected pod should be an endpoint,
/// and ready ones should take traffic.
pub(super) fn service_rows(store: &Store, s: &Service) -> Vec<Compare> {
    if !s.spec.selects_pods() {
        return vec![compare("Selector", "none", "endpoints are not managed", true)];
    }
    let ns = s.metadata.namespace.as_str();
    let selected = store
        .list::<Pod>(Some(ns), None)
        .filter(|p| s.spec.selector.iter().all(|(k, v)| p.metadata.labels.get(k) == Some(v)))
        .count();
    let (mut ready, mut not_ready) = (0, 0);
    let slices = store.list::<EndpointSlice>(Some(ns), None);
    for e in
        slices.filter(|e| e.service_name() == Some(&s.metadata.name)).flat_map(|e| e.endpoints())
    {
        match e.conditions.is_ready() {
            true => ready += 1,
            false => not_ready += 1,
        }
    }
    let selector = kubeloop::kubectl::printers::format_labels(&s.spec.selector);
    vec![
        compare("Selector", selector, format!("{selected} pods match"), selected > 0),
        compare(
            "Endpoints",
            format!("{selected} (one per matching pod)"),
            format!("{ready} ready, {not_ready} not ready"),
            ready + not_ready == selected,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::super::inspect;
    use super::super::tests::{row, session};
    use crate::selection::ObjRef;
    use kubeloop::model::Kind;

    #[test]
    fn a_new_image_is_desired_before_it_runs() {
        let s = session(
            "k create deployment web --image=nginx:1.27 --replicas=2; settle; \
             k set image deploy/web nginx=nginx:doesnotexist; sleep 20s",
        );
        let d = inspect(&s.world, &ObjRef::new(Kind::Deployment, "default", "web")).unwrap();
        let image = row(&d, "Image");
        assert_eq!(image.desired, "nginx:doesnotexist");
        assert_eq!(image.observed, "2 × nginx:1.27");
        assert!(!image.matches);
        assert!(!row(&d, "Up to date").matches);
        assert!(row(&d, "Rollout").observed.starts_with("in progress ("), "{:?}", d.rows);
        assert_eq!(d.dependents.len(), 2, "old and new ReplicaSet");
    }

    #[test]
    fn a_pod_that_cannot_pull_says_so_next_to_the_image_it_wants() {
        let s = session("k run bad --image=nginx:doesnotexist; sleep 30s");
        let pod = inspect(&s.world, &ObjRef::new(Kind::Pod, "default", "bad")).unwrap();
        let c = row(&pod, "Container bad");
        assert_eq!(c.desired, "nginx:doesnotexist");
        assert!(c.observed.starts_with("waiting: "), "{}", c.observed);
        assert!(!row(&pod, "Status").matches);
        assert!(pod.events.iter().any(|e| e.warning), "{:?}", pod.events);
    }

    #[test]
    fn a_cordoned_node_reads_like_kubectl_get_nodes() {
        let s = session(
            "k create deployment web --image=nginx:1.27 --replicas=2; settle; k cordon node-1",
        );
        let n = inspect(&s.world, &ObjRef::new(Kind::Node, "", "node-1")).unwrap();
        assert_eq!(n.status.as_deref(), Some("Ready,SchedulingDisabled"));
        assert_eq!(row(&n, "Status").desired, "Ready, cordoned (no new pods)");
        assert_eq!(row(&n, "Pods").desired, "at most 110");
    }
}
