//! The store plays the API server: the only code that writes objects.
//!
//! Every write validates, assigns server fields (uid, resourceVersion, generation,
//! creationTimestamp), honours finalizers and appends a watch event. Controllers read through
//! `get`/`list` and act through these calls, exactly like clients of the real API server.
//! It does not decide anything a controller decides; it only enforces API semantics
//! (models staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go).

mod admission;
mod api_service;
mod binding;
mod config;
mod delete;
mod dry_run;
mod error;
mod events;
mod index;
mod ingresses;
mod invariants;
mod key;
mod leases;
mod limits;
mod lookup;
pub(crate) mod managed;
pub(crate) mod managed_loops;
mod namespaces;
mod pdb;
mod priority_classes;
mod quota;
mod replication_controllers;
#[cfg(kubeloop_split)]
pub use admission::LATER_ADMISSION;
pub use admission::{Admission, EVERY_PLUGIN};
#[cfg(kubeloop_split)]
pub use lookup::LATER_LOOKUPS;
pub use lookup::{Lookups, EVERY_KIND};
mod manager;
mod service_accounts;
mod services;
mod table;
mod tally;
mod watch;
mod workloads;
mod write;

use std::collections::HashMap;
use std::rc::Rc;

pub use delete::{DeleteOptions, DeleteOutcome, Propagation};
pub use error::{qualified_resource, ApiError};
pub use events::{EventSpec, EVENT_TTL_MS, MAX_EVENTS};
pub use manager::FieldManager;
pub use services::{ServiceAllocations, NODE_PORT_MAX, NODE_PORT_MIN, SERVICE_CIDR};
pub use table::{Key, Table, Tabled};
pub use tally::{PodState, TallyGroup};
pub use watch::{WatchEvent, WatchEventType, WatchLog};
pub use workloads::{JOB_CONTROLLER_UID, JOB_NAME};

use crate::clock::Time;
use crate::labels::selector::Selector;
use crate::labels::validation::{validate_labels, FieldError};
use crate::model::*;
use crate::rng::SimRng;
use index::{Indexes, UidKey};
use write::Updated;

pub struct Store {
    pub(crate) deployments: Table<Deployment>,
    pub(crate) replicasets: Table<ReplicaSet>,
    pub(crate) pods: Table<Pod>,
    pub(crate) nodes: Table<Node>,
    pub(crate) events: Table<Event>,
    pub(crate) services: Table<Service>,
    pub(crate) endpointslices: Table<EndpointSlice>,
    pub(crate) endpoints: Table<Endpoints>,
    pub(crate) daemonsets: Table<DaemonSet>,
    pub(crate) statefulsets: Table<StatefulSet>,
    pub(crate) controllerrevisions: Table<ControllerRevision>,
    pub(crate) jobs: Table<Job>,
    pub(crate) cronjobs: Table<CronJob>,
    pub(crate) hpas: Table<HorizontalPodAutoscaler>,
    pub(crate) pvcs: Table<PersistentVolumeClaim>,
    pub(crate) configmaps: Table<ConfigMap>,
    pub(crate) secrets: Table<Secret>,
    pub(crate) pdbs: Table<PodDisruptionBudget>,
    pub(crate) quotas: Table<ResourceQuota>,
    pub(crate) limitranges: Table<LimitRange>,
    pub(crate) namespaces: Table<Namespace>,
    pub(crate) serviceaccounts: Table<ServiceAccount>,
    pub(crate) priorityclasses: Table<PriorityClass>,
    pub(crate) replication_controllers: Table<ReplicationController>,
    pub(crate) leases: Table<Lease>,
    pub(crate) ingresses: Table<Ingress>,
    allocations: ServiceAllocations,
    /// The system's own random stream (`namespaces.rs`): the UIDs of what the cluster makes
    /// by itself, apart from the world's.
    system_rng: SimRng,
    resource_version: u64,
    pub(crate) index: Indexes,
    /// Hash of an Event's correlation key (involved object, reason, message, source) -> the
    /// Event, for folding repeats. Only looked up, never iterated, so its order is moot.
    event_signatures: HashMap<u64, Key>,
    /// Events in creation order with their signatures, so the oldest go first when the
    /// store holds `MAX_EVENTS`.
    event_order: std::collections::VecDeque<(Key, u64)>,
    event_seq: u64,
    pub watch: WatchLog,
    /// The manager writing right now (the loop whose reconcile runs), or `None` for the user.
    /// The world sets it around each reconcile so every watch event says who made the change.
    pub actor: Option<FieldManager>,
    /// The field manager `metadata.managedFields` records for the write in progress (the
    /// API sets it from each request); `None` (the loops' writes) records nothing.
    pub writer: Option<String>,
    /// A server-side apply is writing: the object's `managedFields` are its own, stored as
    /// sent instead of recording the write.
    pub applying: bool,
    /// The subresource the write in progress came through (`scale`), for its entry.
    pub writer_sub: Option<&'static str>,
}

impl Default for Store {
    fn default() -> Self {
        Self::new()
    }
}

impl Store {
    /// A cluster's store: its system namespaces, and allocators with seed 0.
    pub fn new() -> Self {
        let mut store = Store::blank();
        store.create_system_namespaces(0, Time::ZERO);
        store.create_system_service_accounts(Time::ZERO);
        store.create_system_priority_classes(Time::ZERO);
        store.create_api_service(0, Time::ZERO);
        store
    }

    /// No object at all, not even a namespace.
    fn blank() -> Self {
        Store {
            deployments: Table::default(),
            replicasets: Table::default(),
            pods: Table::default(),
            nodes: Table::default(),
            events: Table::default(),
            services: Table::default(),
            endpointslices: Table::default(),
            endpoints: Table::default(),
            daemonsets: Table::default(),
            statefulsets: Table::default(),
            controllerrevisions: Table::default(),
            jobs: Table::default(),
            cronjobs: Table::default(),
            hpas: Table::default(),
            pvcs: Table::default(),
            configmaps: Table::default(),
            secrets: Table::default(),
            pdbs: Table::default(),
            quotas: Table::default(),
            limitranges: Table::default(),
            namespaces: Table::default(),
            serviceaccounts: Table::default(),
            priorityclasses: Table::default(),
            replication_controllers: Table::default(),
            leases: Table::default(),
            ingresses: Table::default(),
            allocations: ServiceAllocations::default(),
            system_rng: SimRng::new(0),
            resource_version: 0,
            index: Indexes::default(),
            event_signatures: HashMap::new(),
            event_order: Default::default(),
            event_seq: 0,
            watch: WatchLog::default(),
            actor: None,
            writer: None,
            applying: false,
            writer_sub: None,
        }
    }

    pub fn resource_version(&self) -> u64 {
        self.resource_version
    }

    pub fn get<T: Tabled>(&self, ns: &str, name: &str) -> Option<&T> {
        T::table(self).get_by(T::scoped_ns(ns), name).map(|r| &**r)
    }

    /// The stored object itself, shared: a reader that holds it across its own writes keeps
    /// a pointer instead of a copy.
    pub fn get_rc<T: Tabled>(&self, ns: &str, name: &str) -> Option<Rc<T>> {
        T::table(self).get_by(T::scoped_ns(ns), name).cloned()
    }

    /// Objects of one kind, in name order, optionally in one namespace and matching a selector.
    pub fn list<'a, T: Tabled>(
        &'a self,
        ns: Option<&'a str>,
        selector: Option<&'a Selector>,
    ) -> impl Iterator<Item = &'a T> + 'a {
        T::table(self)
            .iter_ns(ns.map(T::scoped_ns))
            .filter(move |o| selector.is_none_or(|s| s.matches(&o.meta().labels)))
    }

    /// `list` without a selector, as shared objects (pointer copies, not object copies).
    pub fn list_rc<T: Tabled>(&self, ns: Option<&str>) -> Vec<Rc<T>> {
        T::table(self).rcs_ns(ns.map(T::scoped_ns))
    }

    pub fn count<T: Tabled>(&self) -> usize {
        T::table(self).len()
    }

    /// Replaces only the status of an object.
    pub fn update_status<T: Tabled>(&mut self, obj: &T, now: Time) -> Result<Rc<T>, ApiError> {
        let key = Key::of(obj.meta(), T::KIND);
        let Some(old) = T::table(self).get(&key) else {
            return Err(ApiError::NotFound { kind: T::KIND, name: obj.meta().name.clone() });
        };
        let mut next = old.clone();
        T::copy_status(&mut next, obj);
        self.write_status(&key, next, now)
    }

    /// Stores `next` as the new state of the row at `key` unless nothing changed: the common
    /// tail of the status writes.
    fn write_status<T: Tabled>(
        &mut self,
        key: &Key,
        mut next: T,
        now: Time,
    ) -> Result<Rc<T>, ApiError> {
        let old = T::table(self).get_rc(key).expect("caller read the row");
        if T::same_status(&next, old) {
            return Ok(Rc::clone(old));
        }
        let old = Rc::clone(old);
        self.track(&mut next, Some(&old), true, now);
        next.meta_mut().resource_version = self.next_rv().to_string();
        Ok(self.store(next, WatchEventType::Modified, now))
    }

    /// Read-modify-write of one stored object through `update`; the closure sees the current
    /// state, as a client that GETs before it PUTs.
    pub fn modify<T: Tabled>(
        &mut self,
        ns: &str,
        name: &str,
        now: Time,
        f: impl FnOnce(&mut T),
    ) -> Result<Rc<T>, ApiError> {
        let mut obj = self
            .get::<T>(ns, name)
            .cloned()
            .ok_or_else(|| ApiError::NotFound { kind: T::KIND, name: name.to_string() })?;
        f(&mut obj);
        self.update(obj, now)
    }

    /// Read-modify-write of one object's status.
    pub fn modify_status<T: Tabled>(
        &mut self,
        ns: &str,
        name: &str,
        now: Time,
        f: impl FnOnce(&mut T),
    ) -> Result<Rc<T>, ApiError> {
        let key = Key::new(T::scoped_ns(ns), name);
        let mut obj = T::table(self)
            .get(&key)
            .cloned()
            .ok_or_else(|| ApiError::NotFound { kind: T::KIND, name: name.to_string() })?;
        f(&mut obj);
        // The status subresource: one clone, and the closure must leave the rest alone (the
        // tests run with debug assertions, so a caller that strays is caught there).
        debug_assert!(T::table(self)
            .get(&key)
            .is_some_and(|old| { T::same_spec(&obj, old) && obj.meta() == old.meta() }));
        self.write_status(&key, obj, now)
    }

    /// The create-time checks (name, labels, the kind's spec), then `more`.
    fn validate<T: Tabled>(&self, obj: &T, more: Vec<FieldError>) -> Result<(), ApiError> {
        let m = obj.meta();
        let mut errors = T::validate_name(&m.name);
        errors.extend(validate_labels(&m.labels, "metadata.labels"));
        errors.extend(T::validate_spec(obj));
        errors.extend(more);
        if errors.is_empty() {
            Ok(())
        } else {
            Err(ApiError::Invalid { kind: T::KIND, name: m.name.clone(), errors })
        }
    }

    pub(super) fn next_rv(&mut self) -> u64 {
        self.resource_version += 1;
        self.resource_version
    }

    /// Writes a row and appends its watch event; both share the one allocation.
    pub(super) fn store<T: Tabled>(&mut self, obj: T, ty: WatchEventType, now: Time) -> Rc<T> {
        let key = Key::of(obj.meta(), T::KIND);
        let obj = Rc::new(obj);
        let old = T::table_mut(self).insert(key.clone(), Rc::clone(&obj));
        self.publish(key, &obj, old, ty, now);
        obj
    }

    /// The indexes and the watch event of a row just written.
    fn publish<T: Tabled>(
        &mut self,
        key: Key,
        obj: &Rc<T>,
        old: Option<Rc<T>>,
        ty: WatchEventType,
        now: Time,
    ) {
        let object = T::rc_into_object(Rc::clone(obj));
        self.index.on_write(
            T::KIND,
            &key,
            old.as_ref().map(|o| (o.meta(), T::placement(o))),
            Some((obj.meta(), T::placement(obj), &object)),
        );
        let rv = self.resource_version;
        let by = self.actor;
        self.watch.push(WatchEvent { rv, at: now, ty, object, by });
    }

    pub(crate) fn remove<T: Tabled>(&mut self, key: &Key, now: Time) -> Option<Rc<T>> {
        let old = T::table_mut(self).remove(key)?;
        T::release(&old, self);
        self.index.on_write(T::KIND, key, Some((old.meta(), T::placement(&old))), None);
        let obj = T::rc_into_object(Rc::clone(&old));
        let rv = self.next_rv();
        let by = self.actor;
        self.watch.push(WatchEvent { rv, at: now, ty: WatchEventType::Deleted, object: obj, by });
        Some(old)
    }

    /// Finds an object of any kind by UID (the GC's view of owner references).
    pub fn kind_key_by_uid(&self, uid: &str) -> Option<(Kind, Key)> {
        self.index.by_uid.get(&UidKey::of(uid)).cloned()
    }

    /// The metadata of the object with this UID, without copying its key.
    pub fn meta_by_uid(&self, uid: &str) -> Option<&ObjectMeta> {
        self.index.by_uid.get(&UidKey::of(uid)).and_then(|(kind, key)| self.meta_of(*kind, key))
    }

    /// The owner an ownerReference of an object in `ns` points at, if it exists with that
    /// UID. Events are not in the UID index, so a reference to one is looked up by name, as
    /// the real collector looks up every owner (`isDangling` in garbagecollector.go).
    pub fn owner_meta(&self, r: &OwnerReference, ns: &str) -> Option<&ObjectMeta> {
        if r.kind == Kind::Event.as_str() {
            return self.events.get_by(ns, &r.name).map(|e| &e.metadata).filter(|m| m.uid == r.uid);
        }
        self.meta_by_uid(&r.uid)
    }

    /// Objects (kind, key) whose ownerReferences name `owner_uid`.
    pub fn dependents_of(&self, owner_uid: &str) -> Vec<(Kind, Key)> {
        self.index
            .dependents
            .get(&UidKey::of(owner_uid))
            .map(|s| s.keys().cloned().collect())
            .unwrap_or_default()
    }

    /// Pods or ReplicaSets in a namespace with no controller reference.
    pub fn orphans_in(&self, kind: Kind, ns: &str) -> Vec<Key> {
        let from = (kind, Key::new(ns, ""));
        self.index
            .orphans
            .range(from..)
            .take_while(|(k, key)| *k == kind && key.ns == ns)
            .map(|(_, key)| key.clone())
            .collect()
    }

    /// Pods whose controller reference names `owner_uid`, plus the namespace's orphan pods:
    /// the candidates a ReplicaSet claims (`FilterPodsByOwner` with `includeOrphaned`).
    pub fn owned_or_orphan_pods(&self, owner_uid: &str, ns: &str) -> Vec<&Pod> {
        let owned = self.index.dependents.get(&UidKey::of(owner_uid)).into_iter().flatten();
        let mut pods: Vec<&Pod> = owned
            .filter_map(|(_, obj)| match obj {
                Object::Pod(p) => Some(&**p),
                _ => None,
            })
            .collect();
        // Orphans are rare (a release, an orphan delete): merge them in name order, once.
        let orphans = self.orphans_in(Kind::Pod, ns);
        if !orphans.is_empty() {
            pods.extend(orphans.iter().filter_map(|k| self.pods.get(k)));
            pods.sort_unstable_by(|a, b| a.metadata.name.cmp(&b.metadata.name));
            pods.dedup_by(|a, b| a.metadata.name == b.metadata.name);
        }
        pods
    }

    /// Pods bound to a node that still occupy it (not finished), in O(1).
    pub fn node_load(&self, node: &str) -> usize {
        self.index.node_load.get(node).copied().unwrap_or(0)
    }

    /// Node names with their loads, emptiest first (ties in name order).
    pub fn nodes_by_load(&self) -> impl Iterator<Item = (usize, &str)> {
        self.index.nodes_by_load.iter().map(|(load, name)| (*load, name.as_str()))
    }

    /// Names of the nodes that have pods bound to them, Node object or not.
    pub fn nodes_with_pods(&self) -> impl Iterator<Item = &str> {
        self.index.pods_by_node.keys().map(String::as_str)
    }

    /// Whether a pod on `node` already has `ip` (the kubelet's address allocation).
    pub fn ip_in_use(&self, node: &str, ip: &str) -> bool {
        self.index.ips_by_node.get(node).is_some_and(|ips| ips.contains_key(ip))
    }

    /// How many distinct pod IPs are in use on `node`.
    pub fn ips_on_node(&self, node: &str) -> usize {
        self.index.ips_by_node.get(node).map_or(0, |ips| ips.len())
    }

    /// Keys of pods bound to a node.
    pub fn pods_on_node(&self, node: &str) -> Vec<Key> {
        self.index.pods_by_node.get(node).map(|s| s.iter().cloned().collect()).unwrap_or_default()
    }
}
