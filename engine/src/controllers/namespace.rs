//! The namespace loop: empties a namespace being deleted, then lets it go. A deleted
//! namespace is `Terminating` (storage set that, and admission now refuses new content in
//! it); the loop deletes every object of every namespaced kind in it, in the background,
//! writes what remains as the namespace's deletion conditions, and checks again after half
//! the longest grace period still running. Once nothing is left it removes its
//! `kubernetes` finalizer through `finalize`, and the API server removes the namespace.
//!
//! Models pkg/controller/namespace/namespace_controller.go (`syncNamespaceFromKey`, the
//! requeue after `estimate/2 + 1` seconds) and deletion/namespaced_resources_deleter.go
//! (`Delete`, `deleteAllContent`, `deleteAllContentForGroupVersionResource`,
//! `estimateGracefulTerminationForPods`, `finalizerEstimateSeconds`, `finalizeNamespace`)
//! with deletion/status_condition_utils.go (`ProcessContentTotals`, `updateConditions`).

use std::collections::BTreeMap;

use super::said::NamespaceSaid;
use super::{Controller, ControllerName, Ctx, Wait};
use crate::clock::Time;
use crate::controllers::queue::WorkQueue;
use crate::labels::selector::Selector;
use crate::model::*;
use crate::store::{DeleteOptions, Key, Store, WatchEvent};

/// `finalizerEstimateSeconds`: the wait assumed for objects that stay for their finalizers.
const FINALIZER_ESTIMATE_SECONDS: i64 = 15;

#[derive(Default)]
pub struct NamespaceController {
    queue: WorkQueue<Key>,
}

impl Controller for NamespaceController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::Namespace
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, _store: &Store) {
        if let Object::Namespace(ns) = &event.object {
            if ns.metadata.deletion_timestamp.is_some() {
                self.queue.add(Key::new("", &ns.metadata.name));
            }
        }
    }

    fn resync(&mut self, store: &Store) {
        for ns in store.list::<Namespace>(None, None) {
            if ns.metadata.deletion_timestamp.is_some() {
                self.queue.add(Key::new("", &ns.metadata.name));
            }
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(ns) = ctx.store.get_rc::<Namespace>("", &key.name) else { return };
        if ns.metadata.deletion_timestamp.is_none() || ns.spec.finalizers.is_empty() {
            return;
        }
        let left = delete_all_content(ctx, &key.name);
        write_conditions(ctx, &ns, &left);
        let name = &key.name;
        let meta = &ns.metadata;
        let desired = NamespaceSaid::Empty { namespace: name.to_string() };
        if left.estimate > 0 {
            let wait = left.estimate / 2 + 1;
            self.queue.add_after_for(key.clone(), ctx.now.plus_secs(wait), Wait::Recheck);
            let action = NamespaceSaid::DeleteRest { seconds: wait };
            ctx.decide(Kind::Namespace, meta, desired, left.summary(), action);
            return;
        }
        let rest: Vec<String> =
            ns.spec.finalizers.iter().filter(|f| *f != FINALIZER_KUBERNETES).cloned().collect();
        if ctx.store.finalize_namespace(name, rest, ctx.now).is_ok() {
            let (seen, action) = (NamespaceSaid::NothingLeft, NamespaceSaid::RemoveFinalizer);
            ctx.decide(Kind::Namespace, meta, desired, seen, action);
        }
    }
}

/// What is left in a namespace after a pass: objects by resource, finalizers by name, and
/// how long (seconds) they may still take.
#[derive(Default)]
struct Remaining {
    by_resource: BTreeMap<String, usize>,
    by_finalizer: BTreeMap<String, usize>,
    estimate: i64,
}

impl Remaining {
    fn summary(&self) -> NamespaceSaid {
        let left = self
            .by_resource
            .iter()
            .map(|(r, n)| {
                let resource = r.trim_end_matches('.').to_string();
                NamespaceSaid::Objects { count: *n, resource }.into()
            })
            .collect();
        NamespaceSaid::StillThere { left }
    }
}

/// `deleteAllContent`: each namespaced kind's objects deleted with background propagation
/// (the collection delete the namespace deleter sends), then listed again.
fn delete_all_content(ctx: &mut Ctx<'_>, ns: &str) -> Remaining {
    let mut left = Remaining::default();
    let everything = Selector::everything();
    for kind in Kind::ALL.into_iter().filter(|k| k.namespaced()) {
        let ops = crate::kinds::ops(kind);
        let estimate = if kind == Kind::Pod { pods_grace(ctx.store, ns) } else { 0 };
        for obj in ops.list(ctx.store, Some(ns), Some(&everything)) {
            let key = Key::new(ns, &obj.meta().name);
            let _ = ops.delete(ctx.store, &key, &DeleteOptions::background(), ctx.now);
        }
        let remaining = ops.list(ctx.store, Some(ns), Some(&everything));
        if remaining.is_empty() {
            continue;
        }
        // GroupResource as the condition writes it: `pods.`, `deployments.apps`.
        let resource = format!("{}.{}", kind.plural(), kind.group());
        left.by_resource.insert(resource, remaining.len());
        let mut finalized = false;
        for obj in &remaining {
            for f in &obj.meta().finalizers {
                *left.by_finalizer.entry(f.clone()).or_default() += 1;
                finalized = true;
            }
        }
        let estimate = match (estimate, finalized) {
            (0, true) => FINALIZER_ESTIMATE_SECONDS,
            // Nothing should remain without a reason to; look again soon.
            (0, false) => 1,
            (e, _) => e,
        };
        left.estimate = left.estimate.max(estimate);
    }
    left
}

/// `estimateGracefulTerminationForPods`: the longest grace period of the pods not finished.
fn pods_grace(store: &Store, ns: &str) -> i64 {
    store
        .list::<Pod>(Some(ns), None)
        .filter(|p| !matches!(p.status.phase, PodPhase::Succeeded | PodPhase::Failed))
        .filter_map(|p| p.spec.termination_grace_period_seconds)
        .max()
        .unwrap_or(0)
}

/// `ProcessContentTotals` and `updateConditions`: the five conditions, each True with what
/// remains or False with its "ok" words; a transition time changes with the status only.
fn write_conditions(ctx: &mut Ctx<'_>, ns: &Namespace, left: &Remaining) {
    let join = |m: &BTreeMap<String, usize>, word: &str| {
        m.iter()
            .map(|(k, n)| format!("{k} {word} {n} resource instances"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut next = ns.clone();
    for (type_, ok_reason, ok_message) in DELETION_CONDITIONS {
        let failing = match type_ {
            "NamespaceContentRemaining" if !left.by_resource.is_empty() => Some((
                "SomeResourcesRemain",
                format!("Some resources are remaining: {}", join(&left.by_resource, "has")),
            )),
            "NamespaceFinalizersRemaining" if !left.by_finalizer.is_empty() => Some((
                "SomeFinalizerRemain",
                format!("Some finalizers are remaining: {}", join(&left.by_finalizer, "in")),
            )),
            _ => None,
        };
        let (status, reason, message) = match failing {
            Some((reason, message)) => ("True", reason, message),
            None => ("False", ok_reason, ok_message.to_string()),
        };
        set_condition(&mut next.status.conditions, type_, status, reason, message, ctx.now);
    }
    if next.status != ns.status {
        let _ = ctx.store.update_status(&next, ctx.now);
    }
}

fn set_condition(
    conditions: &mut Vec<NamespaceCondition>,
    type_: &str,
    status: &str,
    reason: &str,
    message: String,
    now: Time,
) {
    match conditions.iter_mut().find(|c| c.type_ == type_) {
        Some(c) => {
            if c.status != status {
                c.last_transition_time = Some(now);
            }
            c.status = status.into();
            c.reason = reason.into();
            c.message = message;
        }
        None => conditions.push(NamespaceCondition {
            type_: type_.into(),
            status: status.into(),
            last_transition_time: Some(now),
            reason: reason.into(),
            message,
        }),
    }
}
