//! One object's history, read from the watch log: each write, when, who made it (the user or
//! which loop), and what changed, as field paths with old and new values. The real API server
//! keeps the "who" per field in `metadata.managedFields`; the watch log here keeps it per write.

use std::collections::BTreeMap;
use std::rc::Rc;

use kubeloop::duration::human;
use kubeloop::kubectl::printers::object_json;
use kubeloop::model::ObjectMeta;
use kubeloop::store::{WatchEvent, WatchEventType};
use kubeloop::world::World;
use serde_json::Value;

/// Changes the inspector lists, newest first.
pub const HISTORY_LIMIT: usize = 12;
/// Field lines shown per change.
const DIFF_LIMIT: usize = 10;

/// One write to the object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// Simulated time of the write: `t = 1m30s`.
    pub at: String,
    /// `you (kubectl)`, or the loop's component name (`replicaset-controller`).
    pub by: String,
    pub by_user: bool,
    /// `created`, `changed` or `deleted`.
    pub verb: &'static str,
    /// Field by field, for a change; empty for a creation or a deletion.
    pub diff: Vec<FieldChange>,
    /// Changed fields beyond those listed.
    pub more: usize,
}

/// One field path with its value before and after (`None`: absent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldChange {
    pub path: String,
    pub old: Option<String>,
    pub new: Option<String>,
}

/// The last history read, by object UID and resourceVersion: every write to the object bumps
/// its resourceVersion, so an unchanged pair means an unchanged history.
#[derive(Default)]
pub struct HistoryCache {
    key: Option<(String, String)>,
    value: Rc<Vec<Change>>,
}

impl HistoryCache {
    pub fn get(&mut self, world: &World, meta: &ObjectMeta) -> Rc<Vec<Change>> {
        let key = (meta.uid.clone(), meta.resource_version.clone());
        if self.key.as_ref() != Some(&key) {
            self.value = Rc::new(history(world, &meta.uid));
            self.key = Some(key);
        }
        self.value.clone()
    }
}

/// The object's writes still in the watch log, newest first, at most `HISTORY_LIMIT`.
pub fn history(world: &World, uid: &str) -> Vec<Change> {
    let writes: Vec<&WatchEvent> =
        world.store.watch.since(0).filter(|e| e.object.meta().uid == uid).collect();
    let start = writes.len().saturating_sub(HISTORY_LIMIT);
    let mut changes = Vec::new();
    for (i, e) in writes.iter().enumerate().skip(start) {
        let (verb, diff) = match e.ty {
            WatchEventType::Added => ("created", Vec::new()),
            WatchEventType::Deleted => ("deleted", Vec::new()),
            WatchEventType::Modified => {
                let before = i.checked_sub(1).map(|j| flatten(&object_json(&writes[j].object)));
                let after = flatten(&object_json(&e.object));
                ("changed", before.map(|b| diff(&b, &after)).unwrap_or_default())
            }
        };
        let more = diff.len().saturating_sub(DIFF_LIMIT);
        changes.push(Change {
            at: format!("t = {}", human(e.at.millis())),
            by: e.by.map_or("you (kubectl)".to_string(), |c| c.name().to_string()),
            by_user: e.by.is_none(),
            verb,
            diff: diff.into_iter().take(DIFF_LIMIT).collect(),
            more,
        });
    }
    changes.reverse();
    changes
}

/// Fields that change on every write and say nothing to a reader.
fn noise(path: &str) -> bool {
    path == "metadata.resourceVersion" || path.starts_with("metadata.managedFields")
}

/// Every scalar in the object under its path: `spec.replicas`, `metadata.labels.app`,
/// `spec.template.spec.containers[0].image`.
fn flatten(v: &Value) -> BTreeMap<String, String> {
    fn walk(v: &Value, path: &mut String, out: &mut BTreeMap<String, String>) {
        let len = path.len();
        match v {
            Value::Object(map) => {
                for (k, child) in map {
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(k);
                    walk(child, path, out);
                    path.truncate(len);
                }
            }
            Value::Array(items) => {
                for (i, child) in items.iter().enumerate() {
                    path.push_str(&format!("[{i}]"));
                    walk(child, path, out);
                    path.truncate(len);
                }
            }
            Value::String(s) => {
                out.insert(path.clone(), s.clone());
            }
            other => {
                out.insert(path.clone(), other.to_string());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(v, &mut String::new(), &mut out);
    out.retain(|k, _| !noise(k));
    out
}

fn diff(before: &BTreeMap<String, String>, after: &BTreeMap<String, String>) -> Vec<FieldChange> {
    let mut paths: Vec<&String> = before.keys().chain(after.keys()).collect();
    kubeloop::sort::sort(&mut paths);
    paths.dedup();
    paths
        .into_iter()
        .filter(|p| before.get(*p) != after.get(*p))
        .map(|p| FieldChange {
            path: p.clone(),
            old: before.get(p).cloned(),
            new: after.get(p).cloned(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inspect::tests::session;
    use kubeloop::model::Deployment;

    #[test]
    fn a_scale_shows_who_changed_what_from_and_to() {
        let mut s = session("k create deployment web --image=nginx:1.27 --replicas=3");
        s.run("k scale deploy/web --replicas=1");
        s.world.settle();
        let uid = s.world.store.list::<Deployment>(None, None).next().unwrap().metadata.uid.clone();
        let h = history(&s.world, &uid);
        assert_eq!(h.last().map(|c| c.verb), Some("created"));
        assert!(h.last().is_some_and(|c| c.by_user));
        let scale = h.iter().find(|c| c.by_user && c.verb == "changed").expect("the user's scale");
        assert!(
            scale.diff.contains(&FieldChange {
                path: "spec.replicas".into(),
                old: Some("3".into()),
                new: Some("1".into()),
            }),
            "{:?}",
            scale.diff
        );
        assert!(scale.diff.iter().all(|f| f.path != "metadata.resourceVersion"));
        // The deployment loop wrote the status that followed.
        let status = h.iter().find(|c| !c.by_user).expect("a loop's write");
        assert_eq!(status.by, "deployment-controller");
        assert!(status.diff.iter().any(|f| f.path.starts_with("status.")), "{:?}", status.diff);
        assert!(h.len() <= HISTORY_LIMIT);
    }

    #[test]
    fn the_cache_rereads_only_when_the_object_changes() {
        let mut s = session("k create deployment web --image=nginx:1.27 --replicas=1");
        let meta = |s: &kubeloop::session::Session| {
            s.world.store.list::<Deployment>(None, None).next().unwrap().metadata.clone()
        };
        let mut cache = HistoryCache::default();
        let first = cache.get(&s.world, &meta(&s));
        assert!(Rc::ptr_eq(&first, &cache.get(&s.world, &meta(&s))), "unchanged: reused");
        s.run("k scale deploy/web --replicas=2");
        let after = cache.get(&s.world, &meta(&s));
        assert!(!Rc::ptr_eq(&first, &after));
        assert!(after.len() > first.len(), "the scale is listed");
    }

    #[test]
    fn an_orphaned_replicaset_shows_the_owner_reference_removed_by_the_collector() {
        let mut s = session(
            "k create deployment web --image=nginx:1.27 --replicas=1; k rollout status deploy/web",
        );
        s.run("k delete deploy web --cascade=orphan");
        s.world.settle();
        let rs = s.world.store.list::<kubeloop::model::ReplicaSet>(None, None).next().unwrap();
        let h = history(&s.world, &rs.metadata.uid.clone());
        let release = h
            .iter()
            .find(|c| {
                c.diff
                    .iter()
                    .any(|f| f.path.starts_with("metadata.ownerReferences") && f.new.is_none())
            })
            .expect("the owner reference goes");
        assert_eq!(release.by, "garbage-collector-controller");
    }
}
