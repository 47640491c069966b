//! Per-kind tables keyed by namespace and name, and the `Tabled` trait that binds each kind
//! to its table and to its API rules (generation, status subresource, validation).

use std::collections::BTreeMap;
use std::rc::Rc;

use crate::clock::Time;
use crate::labels::validation::FieldError;
use crate::model::*;
use crate::rng::SimRng;

pub use super::key::Key;
use super::key::{KeyParts, Probe, RowKey};
use super::{ApiError, Store};

/// Rows are shared with the watch log (`Rc`), so a write allocates the object once. Keys
/// carry a packed prefix for cheap comparisons (`key.rs`); reads search by a borrowed
/// namespace and name.
pub struct Table<T> {
    rows: BTreeMap<RowKey, Rc<T>>,
}

impl<T> Default for Table<T> {
    fn default() -> Self {
        Table { rows: BTreeMap::new() }
    }
}

impl<T> Table<T> {
    pub fn get(&self, key: &Key) -> Option<&T> {
        self.get_rc(key).map(|r| &**r)
    }

    /// A row by namespace and name, without allocating a key.
    pub fn get_by(&self, ns: &str, name: &str) -> Option<&Rc<T>> {
        self.rows.get(&Probe::new(ns, name) as &dyn KeyParts)
    }

    /// The shared row itself, for readers that keep it past a write (a pointer copy).
    pub fn get_rc(&self, key: &Key) -> Option<&Rc<T>> {
        self.get_by(&key.ns, &key.name)
    }

    pub fn insert(&mut self, key: Key, obj: Rc<T>) -> Option<Rc<T>> {
        self.rows.insert(RowKey::new(key), obj)
    }

    /// Inserts a row under a key not yet taken, in one search; the row comes back for
    /// finishing touches while no one else holds it. If the key is taken, the object comes
    /// back instead.
    pub fn insert_new(&mut self, key: Key, obj: T) -> Result<&mut Rc<T>, T> {
        match self.rows.entry(RowKey::new(key)) {
            std::collections::btree_map::Entry::Vacant(slot) => Ok(slot.insert(Rc::new(obj))),
            std::collections::btree_map::Entry::Occupied(_) => Err(obj),
        }
    }

    pub fn remove(&mut self, key: &Key) -> Option<Rc<T>> {
        self.rows.remove(&Probe::new(&key.ns, &key.name) as &dyn KeyParts)
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&Key, &T)> {
        self.rows.iter().map(|(k, v)| (&k.key, &**v))
    }

    /// The shared rows of one namespace (or all), for readers that keep some past a write.
    pub fn rcs_ns(&self, ns: Option<&str>) -> Vec<Rc<T>> {
        self.rows_ns(ns).cloned().collect()
    }

    /// All rows, or the rows of one namespace (a contiguous key range).
    pub fn iter_ns<'a>(&'a self, ns: Option<&'a str>) -> impl Iterator<Item = &'a T> + 'a {
        self.rows_ns(ns).map(|v| &**v)
    }

    fn rows_ns<'a>(&'a self, ns: Option<&'a str>) -> Box<dyn Iterator<Item = &'a Rc<T>> + 'a> {
        match ns {
            None => Box::new(self.rows.values()),
            Some(ns) => Box::new(
                self.rows
                    .range(RowKey::new(Key::new(ns, ""))..)
                    .take_while(move |(k, _)| k.key.ns == ns)
                    .map(|(_, v)| v),
            ),
        }
    }
}

/// A kind the store holds, with the API rules that differ between kinds.
pub trait Tabled: Resource + PartialEq + 'static {
    /// Whether `metadata.generation` is tracked (kinds whose spec controllers observe).
    const HAS_GENERATION: bool;
    fn table(s: &Store) -> &Table<Self>;
    fn table_mut(s: &mut Store) -> &mut Table<Self>;
    fn scoped_ns(ns: &str) -> &str {
        if Self::KIND.namespaced() {
            ns
        } else {
            ""
        }
    }
    fn same_spec(a: &Self, b: &Self) -> bool;
    fn keep_status(new: &mut Self, old: &Self);
    fn copy_status(into: &mut Self, from: &Self);
    /// Whether a status write changed nothing: `next` is a copy of the stored `old` in which
    /// only what `copy_status` copies may differ.
    fn same_status(next: &Self, old: &Self) -> bool {
        next == old
    }
    /// The rule for the object's name (`ValidateObjectMeta`'s name function): a DNS
    /// subdomain, unless the kind says otherwise.
    fn validate_name(name: &str) -> Vec<FieldError> {
        crate::labels::validation::validate_object_name(name, "metadata.name")
    }
    fn validate_spec(_obj: &Self) -> Vec<FieldError> {
        Vec::new()
    }
    /// What only a create is checked for (`ValidateIngressCreate`'s class annotation).
    fn validate_create(_obj: &Self) -> Vec<FieldError> {
        Vec::new()
    }
    /// What an update may not change, for kinds whose rules are not in
    /// `model::validate::update` (so they ship with the kind's own code).
    fn validate_update(_new: &Self, _old: &Self) -> Vec<FieldError> {
        Vec::new()
    }
    /// An admission check of a create or update that reads the store (the Priority plugin's
    /// one global default).
    fn admit_in(_store: &Store, _obj: &Self) -> Result<(), ApiError> {
        Ok(())
    }
    /// The defaulting the API server applies to every create and update body (pod specs
    /// and pod templates: pkg/apis/core/v1/defaults.go).
    fn apply_defaults(_obj: &mut Self) {}
    /// What creating the object adds once it is stored under its name: for pods, the
    /// admission plugins and `PrepareForCreate` (`model::admit_pod`).
    fn admit(_obj: &mut Self, _rng: &mut SimRng) {}
    /// What the kind's REST storage reserves before a create is stored (a Service's
    /// cluster IP and node ports), refusing the create if it cannot.
    /// Only kinds with `ALLOCATES` are asked, so other creates skip the extra name check.
    const ALLOCATES: bool = false;
    fn allocate(_obj: &mut Self, _store: &mut Store) -> Result<(), Vec<FieldError>> {
        Ok(())
    }
    /// The same for an update, given the stored object.
    fn reallocate(_new: &mut Self, _old: &Self, _store: &mut Store) -> Result<(), Vec<FieldError>> {
        Ok(())
    }
    /// Gives back what `allocate` reserved, when the object is removed.
    fn release(_obj: &Self, _store: &mut Store) {}
    /// The node a pod is bound to, for the node index.
    fn node_of(_obj: &Self) -> Option<&str> {
        None
    }
    /// Where a bound pod sits, for the indexes: its node, whether it still takes a place
    /// there, and its IP.
    fn placement(obj: &Self) -> super::index::Placement<'_> {
        super::index::Placement {
            node: Self::node_of(obj),
            occupies: Self::occupies(obj),
            ip: Self::ip_of(obj),
            state: Self::tally_state(obj),
        }
    }
    /// What a pod adds to its controller's tally (`tally.rs`).
    fn tally_state(_obj: &Self) -> Option<super::tally::PodState> {
        None
    }
    /// A pod's IP, for the per-node IP index.
    fn ip_of(_obj: &Self) -> Option<&str> {
        None
    }
    /// Whether a bound pod still takes a place on its node (it has not finished).
    fn occupies(_obj: &Self) -> bool {
        false
    }
    /// What `kubectl apply` leaves alone when the manifest does not set it: fields the
    /// cluster filled in after creation. Apply here replaces the spec rather than merging a
    /// patch, so each kind names what a real patch would not have touched.
    fn keep_unset_on_apply(_new: &mut Self, _old: &Self) {}
    /// The grace period a delete uses: `None` for kinds without graceful deletion.
    fn grace_period(_obj: &Self, _requested: Option<i64>) -> Option<i64> {
        None
    }
    /// What a delete does first when the kind's storage decides it (a Namespace): an error,
    /// or `Some(obj)`, written as the deleting object in place of the usual delete.
    fn begin_delete(_store: &Store, _obj: &Self, _now: Time) -> Result<Option<Self>, ApiError> {
        Ok(None)
    }
    /// Whether a deleting object still waits for a graceful period to end (pods only).
    fn graceful_pending(_obj: &Self, _now: Time) -> bool {
        false
    }
}

macro_rules! tabled {
    ($t:ident, $field:ident, $gen:expr) => {
        fn table(s: &Store) -> &Table<Self> {
            &s.$field
        }
        fn table_mut(s: &mut Store) -> &mut Table<Self> {
            &mut s.$field
        }
        const HAS_GENERATION: bool = $gen;
    };
}
pub(crate) use tabled;

/// Kinds with a status subresource: the spec is compared for generation, an update keeps the
/// stored status, and a status update copies only it.
macro_rules! status_kind {
    () => {
        fn same_spec(a: &Self, b: &Self) -> bool {
            a.spec == b.spec
        }
        fn keep_status(new: &mut Self, old: &Self) {
            new.status = old.status.clone();
        }
        fn copy_status(into: &mut Self, from: &Self) {
            into.status = from.status.clone();
        }
        fn same_status(next: &Self, old: &Self) -> bool {
            next.status == old.status
        }
    };
}
pub(crate) use status_kind;

impl Tabled for Deployment {
    tabled!(Deployment, deployments, true);
    fn apply_defaults(obj: &mut Self) {
        crate::model::default_pod_spec(&mut obj.spec.template.spec);
        // SetDefaults_Deployment: a RollingUpdate strategy without parameters stores 25%/25%.
        let strategy = &mut obj.spec.strategy;
        if strategy.type_ == crate::model::StrategyType::RollingUpdate
            && strategy.rolling_update.is_none()
        {
            strategy.rolling_update = Some(Default::default());
        }
    }
    status_kind!();
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::deployment(obj)
    }
}

impl Tabled for ReplicaSet {
    tabled!(ReplicaSet, replicasets, true);
    fn apply_defaults(obj: &mut Self) {
        crate::model::default_pod_spec(&mut obj.spec.template.spec);
    }
    status_kind!();
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::replicaset(obj)
    }
}

impl Tabled for Pod {
    // Pods have a generation since 1.33 (KEP-5067; strategy.go `PrepareForCreate` sets 1).
    tabled!(Pod, pods, true);
    fn apply_defaults(obj: &mut Self) {
        crate::model::default_pod(obj);
    }
    fn admit(obj: &mut Self, rng: &mut SimRng) {
        crate::model::admit_pod(obj, || rng.string(5));
    }
    status_kind!();
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::pod(obj)
    }
    fn node_of(obj: &Self) -> Option<&str> {
        obj.node()
    }
    fn tally_state(obj: &Self) -> Option<super::tally::PodState> {
        Some(super::tally::PodState::of(obj))
    }
    /// The scheduler's binding: a manifest without `nodeName` does not unbind the pod (and
    /// the API server would refuse to change it).
    fn keep_unset_on_apply(new: &mut Self, old: &Self) {
        if new.spec.node_name.is_none() {
            new.spec.node_name = old.spec.node_name.clone();
        }
        crate::model::keep_admitted(&mut new.spec, &old.spec);
    }
    fn ip_of(obj: &Self) -> Option<&str> {
        obj.status.pod_ip.as_deref()
    }
    fn occupies(obj: &Self) -> bool {
        !matches!(obj.status.phase, PodPhase::Succeeded | PodPhase::Failed)
    }
    /// Models pkg/registry/core/pod/strategy.go `CheckGracefulDelete`: unscheduled and
    /// finished pods have nothing to stop, so they go at once.
    fn grace_period(obj: &Self, requested: Option<i64>) -> Option<i64> {
        let finished = matches!(obj.status.phase, PodPhase::Succeeded | PodPhase::Failed);
        if obj.node().is_none() || finished {
            return Some(0);
        }
        let period = requested
            .or(obj.spec.termination_grace_period_seconds)
            .unwrap_or(DEFAULT_GRACE_SECONDS);
        Some(period.max(0))
    }
    fn graceful_pending(obj: &Self, now: Time) -> bool {
        obj.metadata.deletion_timestamp.is_some_and(|t| t > now) && obj.node().is_some()
    }
}

impl Tabled for Node {
    tabled!(Node, nodes, false);
    status_kind!();
}

impl Tabled for Event {
    tabled!(Event, events, false);
    fn same_spec(_: &Self, _: &Self) -> bool {
        true
    }
    // Events have no status subresource: an update replaces the whole object.
    fn keep_status(_: &mut Self, _: &Self) {}
    fn copy_status(into: &mut Self, from: &Self) {
        *into = from.clone();
    }
}
