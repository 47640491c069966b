//! Which Services a pod event concerns, for both endpoint controllers.
//!
//! Models staging/src/k8s.io/endpointslice/util/controller_utils.go
//! (`GetPodServiceMemberships`, `GetServicesToUpdateOnPodChange`, `podEndpointsChanged`,
//! `determineNeededServiceUpdates`). A watch event here carries only the new object, so the
//! informer's copy of the old pod is kept as a small projection: the labels and the three
//! facts an endpoint depends on. That is what the real informer cache holds for the
//! controller, and `forget` drops it with the rest of the process.

use std::collections::BTreeMap;

use crate::model::{IpList, Labels, Object, Pod, Service};
use crate::store::{Key, Store, WatchEvent, WatchEventType};

/// A Service's selector matches labels (`labels.ValidatedSetSelector(selector).Matches`).
/// An empty selector selects nothing: the API cannot tell it from a nil one.
pub fn selects(selector: &Labels, labels: &Labels) -> bool {
    !selector.is_empty() && selector.iter().all(|(k, v)| labels.get(k) == Some(v))
}

/// What of a pod an endpoint depends on, besides its labels.
#[derive(Clone, PartialEq)]
struct Projection {
    labels: Labels,
    deleting: bool,
    ready: bool,
    ips: IpList,
}

impl Projection {
    fn of(p: &Pod) -> Self {
        Projection {
            labels: p.metadata.labels.clone(),
            deleting: p.metadata.is_deleting(),
            ready: p.is_ready(),
            ips: p.status.pod_ips.clone(),
        }
    }
}

/// The informer cache's view of pods, by namespace/name.
///
/// While the cluster has no Service, no pod event can give an endpoint loop work (the
/// Services a pod concerns are looked up in the store, as `getServicesForPod` reads the
/// Service lister), so the cache is let go and pod events cost nothing: `cold`. The first
/// pod event or resync that finds a Service fills it from the store again, as an informer
/// starting up lists every pod. Without this, both endpoint loops copied every pod event
/// into their caches in clusters that never had a Service.
#[derive(Default)]
pub struct PodMemberships {
    pods: BTreeMap<Key, Projection>,
    cold: bool,
}

impl PodMemberships {
    /// The Services (namespace/name keys) a watch event about a pod gives work; empty for
    /// other kinds and for pod updates that change nothing an endpoint shows.
    pub fn services_for(&mut self, event: &WatchEvent, store: &Store) -> Vec<Key> {
        let Object::Pod(pod) = &event.object else { return Vec::new() };
        if !self.warm(store) {
            return Vec::new();
        }
        let key = Key::new(&pod.metadata.namespace, &pod.metadata.name);
        let ns = pod.metadata.namespace.as_str();
        let new = Projection::of(pod);
        if event.ty == WatchEventType::Deleted {
            self.pods.remove(&key);
            return matching(store, ns, &new.labels);
        }
        let old = self.pods.insert(key, new.clone());
        let Some(old) = old else { return matching(store, ns, &new.labels) };
        let labels_changed = old.labels != new.labels;
        let pod_changed =
            old.deleting != new.deleting || old.ready != new.ready || old.ips != new.ips;
        match (pod_changed, labels_changed) {
            (false, false) => Vec::new(),
            (true, false) => matching(store, ns, &new.labels),
            (changed, true) => {
                let now = matching(store, ns, &new.labels);
                let before = matching(store, ns, &old.labels);
                // Only the labels changed: the Services common to both see the same pod.
                let mut keys: Vec<Key> = now
                    .iter()
                    .filter(|k| changed || !before.contains(k))
                    .chain(before.iter().filter(|k| changed || !now.contains(k)))
                    .cloned()
                    .collect();
                keys.sort();
                keys.dedup();
                keys
            }
        }
    }

    /// The informer's initial list (and each resync): the cache holds every pod, or none
    /// while no Service exists.
    pub fn fill(&mut self, store: &Store) {
        self.cold = store.count::<Service>() == 0;
        if self.cold {
            self.pods.clear();
            return;
        }
        self.pods = store
            .list::<Pod>(None, None)
            .map(|p| (Key::new(&p.metadata.namespace, &p.metadata.name), Projection::of(p)))
            .collect();
    }

    /// Whether pod events can concern a Service: goes cold while none exists, and fills the
    /// cache when the first one appears.
    fn warm(&mut self, store: &Store) -> bool {
        let any = store.count::<Service>() > 0;
        match (any, self.cold) {
            (true, true) => self.fill(store),
            (false, false) => {
                self.pods.clear();
                self.cold = true;
            }
            _ => {}
        }
        any
    }

    pub fn clear(&mut self) {
        *self = PodMemberships::default();
    }
}

/// `getServicesForPod`: Services in the namespace whose selector matches the labels.
fn matching(store: &Store, ns: &str, labels: &Labels) -> Vec<Key> {
    store
        .list::<Service>(Some(ns), None)
        .filter(|s| selects(&s.spec.selector, labels))
        .map(|s| Key::new(&s.metadata.namespace, &s.metadata.name))
        .collect()
}
