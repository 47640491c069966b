//! What the inspector shows about one object, read from the world: its spec next to its
//! status in plain words, labels, owners and dependents, finalizers, recent events and YAML.
//!
//! Pure: it draws nothing (that is `components::inspector`) and never changes the world (the
//! inspector's buttons send `Action`s to the session owner).

use std::collections::BTreeMap;

use kubeloop::clock::Time;
use kubeloop::duration::human;
use kubeloop::kubectl::printers::{pod_cells, row, to_yaml, TableOptions};
use kubeloop::model::{Deployment, Kind, Node, Object, Pod, PodSpec, ReplicaSet};
use kubeloop::store::{Key, Store};
use kubeloop::world::World;

use crate::selection::ObjRef;

/// How many of an object's events the inspector lists.
pub const EVENT_LIMIT: usize = 5;

/// A snapshot of one object, shaped for the inspector.
#[derive(Clone, Debug, PartialEq)]
pub struct Inspected {
    /// Kind, namespace (empty for nodes) and name.
    pub target: ObjRef,
    pub uid: String,
    /// What `kubectl get -o yaml` prints.
    pub yaml: String,
    /// Desired next to observed, one row per thing a loop reconciles.
    pub rows: Vec<Compare>,
    /// Sorted by key.
    pub labels: Vec<(String, String)>,
    pub annotations: Vec<(String, String)>,
    pub owners: Vec<Owner>,
    /// Objects whose ownerReferences name this one.
    pub dependents: Vec<ObjRef>,
    pub finalizers: Vec<String>,
    /// How long ago deletion was asked for ("12s"), while the object is being deleted.
    pub deleting_since: Option<String>,
    /// (name, image) of each container, from the pod spec or the pod template.
    pub containers: Vec<(String, String)>,
    /// `spec.replicas` of a Deployment or ReplicaSet.
    pub replicas: Option<i32>,
    /// kubectl's STATUS column, for pods and nodes.
    pub status: Option<String>,
    /// Newest first, at most `EVENT_LIMIT`.
    pub events: Vec<EventLine>,
}

/// One row of the desired-versus-observed table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compare {
    pub field: String,
    /// From `spec` (what someone asked for).
    pub desired: String,
    /// From `status` or the world (what the loops have achieved so far).
    pub observed: String,
    /// Whether the two agree, so the page can mark the rows a loop still has to work on.
    pub matches: bool,
}

/// One `metadata.ownerReferences` entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    pub kind: String,
    pub name: String,
    pub controller: bool,
    /// The owner, when an object with the referenced UID exists.
    pub target: Option<ObjRef>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventLine {
    pub warning: bool,
    pub reason: String,
    pub message: String,
    /// Since the last occurrence, as kubectl prints AGE.
    pub age: String,
    pub count: i32,
}

fn compare(
    field: &str,
    desired: impl Into<String>,
    observed: impl Into<String>,
    matches: bool,
) -> Compare {
    Compare { field: field.into(), desired: desired.into(), observed: observed.into(), matches }
}

fn obj_ref(kind: Kind, key: &Key) -> ObjRef {
    ObjRef::new(kind, &key.ns, &key.name)
}

/// Reads one object; `None` when it does not exist (any more).
pub fn inspect(world: &World, target: &ObjRef) -> Option<Inspected> {
    let store = &world.store;
    let now = world.now();
    let ns = if target.kind.namespaced() { target.namespace.as_str() } else { "" };
    let obj = store.get_object(target.kind, &Key::new(ns, &target.name))?;
    let (rows, containers, replicas, status) = match &obj {
        Object::Deployment(d) => (
            deployment_rows(store, d),
            containers_of(&d.spec.template.spec),
            Some(d.spec.replicas),
            None,
        ),
        Object::ReplicaSet(rs) => (
            replicaset_rows(store, rs),
            containers_of(&rs.spec.template.spec),
            Some(rs.spec.replicas),
            None,
        ),
        Object::Pod(p) => {
            (pod_rows(p, now), containers_of(&p.spec), None, Some(pod_cells(p, now).status))
        }
        Object::Node(n) => (node_rows(store, n, now), Vec::new(), None, Some(node_status(n, now))),
        Object::Event(_) => (Vec::new(), Vec::new(), None, None),
    };
    let meta = obj.meta();
    let owners = meta
        .owner_references
        .iter()
        .map(|r| Owner {
            kind: r.kind.clone(),
            name: r.name.clone(),
            controller: r.is_controller(),
            target: store.kind_key_by_uid(&r.uid).map(|(k, key)| obj_ref(k, &key)),
        })
        .collect();
    let events = store
        .events_for(&meta.uid)
        .into_iter()
        .rev()
        .take(EVENT_LIMIT)
        .map(|e| EventLine {
            warning: e.type_ == "Warning",
            reason: e.reason.clone(),
            message: e.message.clone(),
            age: human(now.since(e.last_timestamp)),
            count: e.count,
        })
        .collect();
    Some(Inspected {
        target: ObjRef::new(target.kind, ns, &meta.name),
        uid: meta.uid.clone(),
        yaml: to_yaml(&obj),
        rows,
        labels: meta.labels.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        annotations: meta.annotations.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        owners,
        dependents: store
            .dependents_of(&meta.uid)
            .iter()
            .map(|(k, key)| obj_ref(*k, key))
            .collect(),
        finalizers: meta.finalizers.clone(),
        deleting_since: meta.deletion_timestamp.map(|t| human(now.since(t))),
        containers,
        replicas,
        status,
        events,
    })
}

/// kubectl's node STATUS (`Ready`, `NotReady`, `Ready,SchedulingDisabled`, ...), taken from
/// the `kubectl get nodes` row so the two can never disagree.
pub fn node_status(node: &Node, now: Time) -> String {
    let cells = row(&Object::Node(node.clone()), &TableOptions::default(), now);
    cells.get(1).cloned().unwrap_or_default()
}

/// What a finalizer the garbage collector uses is waiting for, in plain words.
pub fn finalizer_meaning(finalizer: &str) -> Option<&'static str> {
    match finalizer {
        kubeloop::model::FINALIZER_FOREGROUND => {
            Some("waits until the garbage collector has deleted the dependents that block it")
        }
        kubeloop::model::FINALIZER_ORPHAN => {
            Some("waits until the garbage collector has removed this owner from its dependents")
        }
        _ => None,
    }
}

fn containers_of(spec: &PodSpec) -> Vec<(String, String)> {
    spec.containers.iter().map(|c| (c.name.clone(), c.image.clone())).collect()
}

fn pods_of<'a>(store: &'a Store, owner_uid: &str) -> Vec<&'a Pod> {
    store
        .dependents_of(owner_uid)
        .into_iter()
        .filter(|(k, _)| *k == Kind::Pod)
        .filter_map(|(_, key)| store.get::<Pod>(&key.ns, &key.name))
        .collect()
}

/// "Image" row: the template's images against what running containers actually run.
fn image_row(spec: &PodSpec, replicas: i32, pods: &[&Pod]) -> Compare {
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
        running.keys().eq(wanted.iter().collect::<std::collections::BTreeSet<_>>())
    };
    let field = if wanted.len() == 1 { "Image" } else { "Images" };
    compare(field, wanted.join(", "), observed, matches)
}

fn count_rows(want: i32, seen: &[(&str, i32)]) -> Vec<Compare> {
    seen.iter()
        .map(|(field, n)| compare(field, want.to_string(), n.to_string(), *n == want))
        .collect()
}

fn generation_row(generation: i64, observed: i64) -> Compare {
    compare(
        "Spec version",
        format!("generation {generation}"),
        format!("controller has seen {observed}"),
        observed >= generation,
    )
}

fn deployment_rows(store: &Store, d: &Deployment) -> Vec<Compare> {
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
        let reason = if c.reason.is_empty() { c.status.clone() } else { c.reason.clone() };
        let desired = if d.spec.paused { "paused" } else { "rolled out" };
        let done = reason == "NewReplicaSetAvailable";
        rows.push(compare("Rollout", desired, reason, done || d.spec.paused));
    }
    rows.push(generation_row(d.metadata.generation, s.observed_generation));
    rows
}

fn replicaset_rows(store: &Store, rs: &ReplicaSet) -> Vec<Compare> {
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

fn pod_rows(p: &Pod, now: Time) -> Vec<Compare> {
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
    rows.push(compare("Node", "one the scheduler picks", node, p.node().is_some()));
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

fn node_rows(store: &Store, n: &Node, now: Time) -> Vec<Compare> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use kubeloop::kubectl::{Mode, Session};

    fn session(script: &str) -> Session {
        let mut s = Session::new(World::new(1), Mode::Script);
        let out = s.run(script);
        assert_eq!(out.status, 0, "{}", out.text());
        s
    }

    fn first<T: kubeloop::store::Tabled>(s: &Session) -> ObjRef {
        let o = s.world.store.list::<T>(Some("default"), None).next().expect("an object");
        ObjRef::new(T::KIND, "default", &o.meta().name)
    }

    fn row<'a>(i: &'a Inspected, field: &str) -> &'a Compare {
        i.rows
            .iter()
            .find(|r| r.field == field)
            .unwrap_or_else(|| panic!("no row {field}: {:?}", i.rows))
    }

    #[test]
    fn a_settled_deployment_observes_what_it_desires() {
        let s = session("k create deployment web --image=nginx:1.27 --replicas=2; settle");
        let d = inspect(&s.world, &ObjRef::new(Kind::Deployment, "default", "web")).unwrap();
        assert_eq!(d.replicas, Some(2));
        assert_eq!(d.containers, [("nginx".to_string(), "nginx:1.27".to_string())]);
        for field in ["Replicas", "Up to date", "Ready", "Available"] {
            assert_eq!(
                (row(&d, field).desired.as_str(), row(&d, field).observed.as_str()),
                ("2", "2")
            );
        }
        assert_eq!(row(&d, "Image").observed, "2 × nginx:1.27");
        assert!(d.rows.iter().all(|r| r.matches), "{:?}", d.rows);
        assert!(d.yaml.starts_with("apiVersion: apps/v1\nkind: Deployment\n"), "{}", d.yaml);
        assert_eq!(d.labels, [("app".to_string(), "web".to_string())]);
        assert_eq!(d.dependents.len(), 1);
        assert_eq!(d.dependents[0].kind, Kind::ReplicaSet);
        assert!(d.owners.is_empty() && d.deleting_since.is_none());
    }

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
        assert_eq!(d.dependents.len(), 2, "old and new ReplicaSet");
    }

    #[test]
    fn a_pod_links_up_to_its_replicaset_and_the_replicaset_to_its_deployment() {
        let s = session("k create deployment web --image=nginx:1.27 --replicas=1; settle");
        let pod = inspect(&s.world, &first::<Pod>(&s)).unwrap();
        assert_eq!(pod.status.as_deref(), Some("Running"));
        assert_eq!(row(&pod, "Container nginx").observed, "running nginx:1.27");
        assert!(row(&pod, "Node").observed.starts_with("node-"));
        let rs_ref = first::<ReplicaSet>(&s);
        assert_eq!(pod.owners.len(), 1);
        assert!(pod.owners[0].controller);
        assert_eq!(pod.owners[0].kind, "ReplicaSet");
        assert_eq!(pod.owners[0].target.as_ref(), Some(&rs_ref));
        let rs = inspect(&s.world, &rs_ref).unwrap();
        assert_eq!(rs.owners[0].target, Some(ObjRef::new(Kind::Deployment, "default", "web")));
        assert_eq!(rs.dependents, [pod.target.clone()]);
        assert_eq!(row(&rs, "Spec version").observed, "controller has seen 1");
        let reasons: Vec<&str> = pod.events.iter().map(|e| e.reason.as_str()).collect();
        assert_eq!(reasons.first(), Some(&"Started"), "newest first: {reasons:?}");
        assert!(pod.events.len() <= EVENT_LIMIT);
    }

    #[test]
    fn a_foreground_delete_shows_the_finalizer_and_how_long_it_has_waited() {
        let s = session(
            "k create deployment web --image=nginx:1.27; settle; controller stop garbage-collector; \
             k delete deploy web --cascade=foreground --wait=false; sleep 5s",
        );
        let d = inspect(&s.world, &ObjRef::new(Kind::Deployment, "default", "web")).unwrap();
        assert_eq!(d.finalizers, ["foregroundDeletion"]);
        assert_eq!(d.deleting_since.as_deref(), Some("5s"));
        assert!(finalizer_meaning(&d.finalizers[0]).is_some());
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

    #[test]
    fn a_missing_object_inspects_as_nothing() {
        let s = session("settle");
        assert_eq!(inspect(&s.world, &ObjRef::new(Kind::Pod, "default", "gone")), None);
    }
}
