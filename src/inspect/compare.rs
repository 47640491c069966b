//! The desired-versus-observed rows of each kind, in plain words: what `spec` asks for next
//! to what `status` and the world show, and whether the two agree yet.
//!
//! Reads the store only; which kinds get which rows is decided here and nowhere else. The
//! plain words come from `Words`; status words (`Running`, `Ready`, `True`), reasons, images and
//! names stay the cluster's, in English.

use std::collections::BTreeMap;

use kubeloop::clock::Time;
use kubeloop::kubectl::printers::pod_cells;
use kubeloop::model::{Deployment, EndpointSlice, Kind, Node, Pod, PodSpec, ReplicaSet, Service};
use kubeloop::store::Store;

use super::{node_status, Compare};
use crate::words::Words;

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
pub(super) fn image_row(spec: &PodSpec, replicas: i32, pods: &[&Pod], w: &Words) -> Compare {
    let wanted: Vec<&str> = spec.containers.iter().map(|c| c.image.as_str()).collect();
    let mut running: BTreeMap<&str, usize> = BTreeMap::new();
    for c in pods.iter().flat_map(|p| &p.status.container_statuses) {
        if c.state.running.is_some() {
            *running.entry(c.image.as_str()).or_default() += 1;
        }
    }
    let observed = if running.is_empty() {
        w.t("insp-image-nothing-running")
    } else {
        running.iter().map(|(image, n)| format!("{n} × {image}")).collect::<Vec<_>>().join(", ")
    };
    let matches = if replicas == 0 {
        running.is_empty()
    } else {
        running.keys().copied().eq(kubeloop::sort::btree_set(wanted.iter().copied()))
    };
    let field = w.with("insp-row-image", &[("count", wanted.len().into())]);
    compare(&field, wanted.join(", "), observed, matches)
}

/// One row per count, each wanting `want`; the fields are already worded.
pub(super) fn count_rows(want: i32, seen: &[(String, i32)]) -> Vec<Compare> {
    seen.iter()
        .map(|(field, n)| compare(field, want.to_string(), n.to_string(), *n == want))
        .collect()
}

pub(super) fn generation_row(generation: i64, observed: i64, w: &Words) -> Compare {
    compare(
        &w.t("insp-row-spec-version"),
        w.with("insp-generation", &[("generation", generation.into())]),
        w.with("insp-generation-seen", &[("observed", observed.into())]),
        observed >= generation,
    )
}

pub(super) fn deployment_rows(store: &Store, d: &Deployment, w: &Words) -> Vec<Compare> {
    let s = &d.status;
    let want = d.spec.replicas;
    let mut rows = count_rows(
        want,
        &[
            (w.t("insp-row-replicas"), s.replicas),
            (w.t("insp-row-up-to-date"), s.updated_replicas),
            (w.t("insp-row-ready"), s.ready_replicas),
            (w.t("insp-row-available"), s.available_replicas),
        ],
    );
    let pods: Vec<&Pod> = store
        .dependents_of(&d.metadata.uid)
        .into_iter()
        .filter(|(k, _)| *k == Kind::ReplicaSet)
        .filter_map(|(_, key)| store.get::<ReplicaSet>(&key.ns, &key.name))
        .flat_map(|rs| pods_of(store, &rs.metadata.uid))
        .collect();
    rows.push(image_row(&d.spec.template.spec, want, &pods, w));
    if let Some(c) = d.condition("Progressing") {
        // Reasons from pkg/controller/deployment/util/deployment_util.go, in plain words.
        let seen = match c.reason.as_str() {
            "NewReplicaSetAvailable" => "insp-rollout-complete",
            "ProgressDeadlineExceeded" => "insp-rollout-stuck",
            "DeploymentPaused" => "insp-rollout-paused",
            _ => "insp-rollout-in-progress",
        };
        let wanted = if d.spec.paused { "insp-rollout-paused" } else { "insp-rollout-complete" };
        // Compared as ids, not as worded text, so no language can make them agree by accident.
        let done = seen == wanted;
        let words = w.t(seen);
        let observed = if c.reason.is_empty() { words } else { format!("{words} ({})", c.reason) };
        rows.push(compare(&w.t("insp-row-rollout"), w.t(wanted), observed, done));
    }
    rows.push(generation_row(d.metadata.generation, s.observed_generation, w));
    rows
}

pub(super) fn replicaset_rows(store: &Store, rs: &ReplicaSet, w: &Words) -> Vec<Compare> {
    let s = &rs.status;
    let want = rs.spec.replicas;
    let mut rows = count_rows(
        want,
        &[
            (w.t("insp-row-replicas"), s.replicas),
            (w.t("insp-row-ready"), s.ready_replicas),
            (w.t("insp-row-available"), s.available_replicas),
        ],
    );
    let pods = pods_of(store, &rs.metadata.uid);
    rows.push(image_row(&rs.spec.template.spec, want, &pods, w));
    rows.push(generation_row(rs.metadata.generation, s.observed_generation, w));
    rows
}

pub(super) fn pod_rows(p: &Pod, now: Time, w: &Words) -> Vec<Compare> {
    let cells = pod_cells(p, now);
    let total = p.spec.containers.len();
    let status = w.t("insp-row-status");
    let mut rows =
        vec![compare(&status, "Running", cells.status.clone(), cells.status == "Running")];
    let unschedulable = p
        .condition("PodScheduled")
        .filter(|c| c.status == "False")
        .and_then(|c| c.reason.clone())
        .map(|r| w.with("insp-pod-not-scheduled", &[("reason", r.into())]));
    let node = match p.node() {
        Some(n) => n.to_string(),
        None => unschedulable.unwrap_or_else(|| w.t("insp-pod-not-scheduled-yet")),
    };
    let anywhere = w.t("insp-pod-any-node");
    rows.push(compare(&w.t("insp-row-node"), anywhere, node, p.node().is_some()));
    rows.push(compare(
        &w.t("insp-row-ready"),
        format!("{total}/{total}"),
        cells.ready.clone(),
        cells.ready == format!("{total}/{total}"),
    ));
    for c in &p.spec.containers {
        let status = p.status.container_statuses.iter().find(|s| s.name == c.name);
        let (mut observed, ok) = match status {
            None => (w.t("insp-container-not-started"), false),
            Some(s) => {
                if s.state.running.is_some() {
                    let image = s.image.as_str().into();
                    (w.with("insp-container-running", &[("image", image)]), s.image == c.image)
                } else if let Some(waiting) = &s.state.waiting {
                    let reason = match waiting.reason.as_deref() {
                        Some(r) => r.to_string(),
                        None => w.t("insp-unknown"),
                    };
                    (w.with("insp-container-waiting", &[("reason", reason.into())]), false)
                } else if let Some(t) = &s.state.terminated {
                    let reason = t.reason.as_deref().unwrap_or("Terminated");
                    let args = [("code", t.exit_code.into()), ("reason", reason.into())];
                    (w.with("insp-container-exited", &args), false)
                } else {
                    (w.t("insp-container-no-state"), false)
                }
            }
        };
        if let Some(s) = status.filter(|s| s.restart_count > 0) {
            let count = [("count", s.restart_count.into())];
            observed.push(' ');
            observed.push_str(&w.with("insp-container-restarted", &count));
        }
        let field = w.with("insp-row-container", &[("name", c.name.as_str().into())]);
        rows.push(compare(&field, c.image.clone(), observed, ok));
    }
    rows
}

pub(super) fn node_rows(store: &Store, n: &Node, now: Time, w: &Words) -> Vec<Compare> {
    let desired = if n.spec.unschedulable { w.t("insp-node-cordoned") } else { "Ready".into() };
    let pods = store.pods_on_node(&n.metadata.name).len();
    let max = n.max_pods();
    vec![
        compare(&w.t("insp-row-status"), desired, node_status(n, now), n.is_ready()),
        compare(
            &w.t("insp-row-pods"),
            w.with("insp-at-most", &[("max", max.into())]),
            w.with("insp-node-pods", &[("count", pods.into())]),
            pods as u64 <= u64::from(max),
        ),
    ]
}

/// A Service's selector against its endpoints: every selected pod should be an endpoint,
/// and ready ones should take traffic.
pub(super) fn service_rows(store: &Store, s: &Service, w: &Words) -> Vec<Compare> {
    let field = w.t("insp-row-selector");
    if !s.spec.selects_pods() {
        return vec![compare(&field, w.t("insp-word-none"), w.t("insp-endpoints-unmanaged"), true)];
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
    let matching = w.with("insp-selector-matches", &[("count", selected.into())]);
    let ready_args = [("ready", ready.into()), ("not_ready", not_ready.into())];
    vec![
        compare(&field, selector, matching, selected > 0),
        compare(
            &w.t("insp-row-endpoints"),
            w.with("insp-endpoints-wanted", &[("count", selected.into())]),
            w.with("insp-endpoints-ready", &ready_args),
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
    fn every_rollout_word_exists_in_every_language() {
        // The Rollout row picks these ids by the condition's reason.
        let ids = [
            "insp-rollout-complete",
            "insp-rollout-stuck",
            "insp-rollout-paused",
            "insp-rollout-in-progress",
        ];
        for lang in crate::words::Lang::ALL {
            for id in ids {
                assert_ne!(crate::words::Words::new(lang).t(id), id, "{lang:?}");
            }
        }
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
