//! What the inspector shows about one object, read from the world: its spec next to its
//! status in plain words, labels, owners and dependents, finalizers, recent events and YAML.
//!
//! Pure: it draws nothing (that is `components::inspector`) and never changes the world (the
//! inspector's buttons send `Action`s to the session owner).

mod compare;
mod config_rows;
pub use config_rows::link as link_config_rows;
pub use pdb_rows::link as link_pdb_rows;
pub use workload_rows::link as link_workload_rows;
pub mod history;
mod pdb_rows;
mod workload_rows;

use std::rc::Rc;

use kubeloop::clock::Time;
use kubeloop::duration::human;
use kubeloop::kubectl::printers::{pod_cells, row, to_yaml, TableOptions};
use kubeloop::model::{Kind, Node, Object, PodSpec};
use kubeloop::store::Key;
use kubeloop::world::World;

use crate::selection::ObjRef;
use crate::words::Words;
use compare::{deployment_rows, node_rows, pod_rows, replicaset_rows};

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
    /// Its writes, newest first: when, who, what changed.
    pub history: Rc<Vec<history::Change>>,
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
fn obj_ref(kind: Kind, key: &Key) -> ObjRef {
    ObjRef::new(kind, &key.ns, &key.name)
}

/// Reads one object, in English; `None` when it does not exist (any more).
pub fn inspect(world: &World, target: &ObjRef) -> Option<Inspected> {
    inspect_with(world, target, &mut history::HistoryCache::default(), &Words::default())
}

/// `inspect`, reusing the object's history from `cache` while the object is unchanged: the
/// page inspects on every frame, and the history reads the whole watch log. The rows' plain
/// words are in `w`'s language; the history stays data (its verbs are worded when drawn), so
/// the cache holds across a change of language.
pub fn inspect_with(
    world: &World,
    target: &ObjRef,
    cache: &mut history::HistoryCache,
    w: &Words,
) -> Option<Inspected> {
    let store = &world.store;
    let now = world.now();
    let ns = if target.kind.namespaced() { target.namespace.as_str() } else { "" };
    let obj = store.get_object(target.kind, &Key::new(ns, &target.name))?;
    let (rows, containers, replicas, status) = match &obj {
        Object::Deployment(d) => (
            deployment_rows(store, d, w),
            containers_of(&d.spec.template.spec),
            Some(d.spec.replicas),
            None,
        ),
        Object::ReplicaSet(rs) => (
            replicaset_rows(store, rs, w),
            containers_of(&rs.spec.template.spec),
            Some(rs.spec.replicas),
            None,
        ),
        Object::Pod(p) => {
            (pod_rows(p, now, w), containers_of(&p.spec), None, Some(pod_cells(p, now).status))
        }
        Object::Node(n) => {
            (node_rows(store, n, now, w), Vec::new(), None, Some(node_status(n, now)))
        }
        Object::Service(_)
        | Object::DaemonSet(_)
        | Object::ReplicationController(_)
        | Object::StatefulSet(_)
        | Object::Job(_)
        | Object::CronJob(_)
        | Object::HorizontalPodAutoscaler(_)
        | Object::PersistentVolumeClaim(_) => workload_rows::later(store, &obj, now, w),
        Object::Event(_)
        | Object::EndpointSlice(_)
        | Object::Endpoints(_)
        | Object::ControllerRevision(_)
        | Object::ResourceQuota(_)
        | Object::LimitRange(_)
        | Object::Namespace(_)
        | Object::ServiceAccount(_)
        | Object::PriorityClass(_)
        | Object::Lease(_) => (Vec::new(), Vec::new(), None, None),
        Object::Ingress(_) => (Vec::new(), Vec::new(), None, None),
        Object::ConfigMap(_) | Object::Secret(_) => {
            (config_rows::rows(store, &obj, w), Vec::new(), None, None)
        }
        Object::PodDisruptionBudget(_) => (pdb_rows::rows(store, &obj, w), Vec::new(), None, None),
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
            reason: e.reason.to_string(),
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
        deleting_since: meta.deletion_timestamp.map(|t| {
            let grace = meta.deletion_grace_period_seconds.unwrap_or(0);
            human(now.since(t.plus_secs(-grace)))
        }),
        containers,
        replicas,
        status,
        events,
        history: cache.get(world, meta),
    })
}

/// kubectl's node STATUS (`Ready`, `NotReady`, `Ready,SchedulingDisabled`, ...), taken from
/// the `kubectl get nodes` row so the two can never disagree.
pub fn node_status(node: &Node, now: Time) -> String {
    let cells = row(&Object::Node(std::rc::Rc::new(node.clone())), &TableOptions::default(), now);
    cells.get(1).cloned().unwrap_or_default()
}

/// What a finalizer the garbage collector uses is waiting for, in plain words.
pub fn finalizer_meaning(finalizer: &str, w: &Words) -> Option<String> {
    match finalizer {
        kubeloop::model::FINALIZER_FOREGROUND => Some(w.t("insp-finalizer-foreground")),
        kubeloop::model::FINALIZER_ORPHAN => Some(w.t("insp-finalizer-orphan")),
        _ => None,
    }
}

fn containers_of(spec: &PodSpec) -> Vec<(String, String)> {
    spec.containers.iter().map(|c| (c.name.clone(), c.image.clone())).collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use kubeloop::kubectl::Mode;
    use kubeloop::model::{Pod, ReplicaSet};
    use kubeloop::session::Session;

    pub(crate) fn session(script: &str) -> Session {
        let mut s = Session::new(World::new(1), Mode::Script);
        let out = s.run(script);
        assert_eq!(out.status, 0, "{}", out.text());
        s
    }

    pub(crate) fn first<T: kubeloop::store::Tabled>(s: &Session) -> ObjRef {
        let o = s.world.store.list::<T>(Some("default"), None).next().expect("an object");
        ObjRef::new(T::KIND, "default", &o.meta().name)
    }

    pub(crate) fn row<'a>(i: &'a Inspected, field: &str) -> &'a Compare {
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
        assert_eq!(rs.dependents, std::slice::from_ref(&pod.target));
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
        assert!(finalizer_meaning(&d.finalizers[0], &Words::default()).is_some());
    }

    #[test]
    fn in_german_the_rows_are_worded_but_the_clusters_words_stay() {
        let s = session("k create deployment web --image=nginx:1.27 --replicas=2; settle");
        let web = ObjRef::new(Kind::Deployment, "default", "web");
        let de = crate::words::Words::new(crate::words::Lang::De);
        let d = inspect_with(&s.world, &web, &mut history::HistoryCache::default(), &de).unwrap();
        assert_eq!(row(&d, "Bereit").observed, "2");
        assert_eq!(row(&d, "Rollout").observed, "abgeschlossen (NewReplicaSetAvailable)");
        assert!(d.rows.iter().all(|r| r.matches), "{:?}", d.rows);
        let pod = inspect_with(&s.world, &first::<Pod>(&s), &mut Default::default(), &de).unwrap();
        assert_eq!(row(&pod, "Status").desired, "Running", "a status word stays English");
        assert_eq!(row(&pod, "Container nginx").observed, "läuft mit nginx:1.27");
    }

    #[test]
    fn a_missing_object_inspects_as_nothing() {
        let s = session("settle");
        assert_eq!(inspect(&s.world, &ObjRef::new(Kind::Pod, "default", "gone")), None);
    }
}
