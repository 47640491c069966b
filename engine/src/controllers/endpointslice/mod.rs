//! The EndpointSlice controller: keeps, for each Service with a selector, EndpointSlices
//! that list an endpoint per selected pod, with the pod's readiness as `ready`, `serving`
//! and `terminating`, at most 100 endpoints a slice.
//!
//! Models pkg/controller/endpointslice/endpointslice_controller.go (`syncService`, the pod,
//! Service and slice event handlers), staging/src/k8s.io/endpointslice/reconciler.go
//! (`reconciler.rs`), utils.go and util/controller_utils.go (`desired.rs`,
//! `membership.rs`). The slice tracker that tells the controller's own writes from others'
//! is the watch event's writer here; topology hints and traffic distribution are not
//! modelled. Slices are owned by their Service, so the garbage collector deletes them with
//! it; this loop never deletes a Service's last slice.

mod check;
mod desired;
mod membership;
mod reconciler;
mod trigger;

pub use check::check_endpoints;
pub use desired::{
    find_port, hostname_for, service_ip_set, should_pod_be_in_endpoints, LABEL_HEADLESS,
};
pub use membership::{selects, PodMemberships};
pub use reconciler::MAX_ENDPOINTS_PER_SLICE;
pub use trigger::TriggerTimeTracker;

use std::rc::Rc;

use crate::model::*;
use crate::store::{ApiError, DeleteOptions, Key, Store, WatchEvent, WatchEventType};

use super::said::{EndpointsSaid, Said};
use super::{key_of, Controller, ControllerName, Ctx, Wait, WorkQueue};

/// `endpointSliceChangeMinSyncDelay`: a slice changed by someone else is looked at after it.
const SLICE_CHANGE_DELAY_MS: i64 = 1_000;
/// Retry after a failed sync (the queue's rate limiter, without its growth).
const RETRY_MS: i64 = 1_000;

pub struct EndpointSliceController {
    queue: WorkQueue<Key>,
    pods: PodMemberships,
    triggers: TriggerTimeTracker,
    /// `--max-endpoints-per-slice`.
    pub max_per_slice: usize,
}

impl Default for EndpointSliceController {
    fn default() -> Self {
        EndpointSliceController {
            queue: WorkQueue::default(),
            pods: PodMemberships::default(),
            triggers: TriggerTimeTracker::default(),
            max_per_slice: MAX_ENDPOINTS_PER_SLICE,
        }
    }
}

impl Controller for EndpointSliceController {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::EndpointSlice
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    fn observe(&mut self, event: &WatchEvent, store: &Store) {
        match &event.object {
            // A Service that selects no pods (the API server's own) gets nothing from this
            // loop; its creation is not queued, so a cluster's first tick gives the course
            // part's loops no turn (in the page, a turn would fetch the part).
            Object::Service(s) if s.spec.selects_pods() || event.ty != WatchEventType::Added => {
                self.queue.add(key_of(&s.metadata))
            }
            Object::Pod(_) => {
                for key in self.pods.services_for(event, store) {
                    self.queue.add(key);
                }
            }
            // Its own writes are expected (the slice tracker); anyone else's change to a
            // managed slice has the Service looked at again shortly. Slices another writer
            // manages (the API server's `kubernetes` one) are not its business
            // (endpointslice_controller.go `onEndpointSliceAdd`: `managedByController`).
            Object::EndpointSlice(slice)
                if event.by != Some(ControllerName::EndpointSlice.manager())
                    && slice.metadata.labels.get(LABEL_MANAGED_BY).map(String::as_str)
                        == Some(MANAGED_BY_CONTROLLER) =>
            {
                if let Some(svc) = slice.service_name() {
                    let key = Key::new(&slice.metadata.namespace, svc);
                    let at = event.at.plus_millis(SLICE_CHANGE_DELAY_MS);
                    self.queue.add_after_for(key, at, Wait::Recheck);
                }
            }
            _ => {}
        }
    }

    fn resync(&mut self, store: &Store) {
        self.pods.fill(store);
        for s in store.list::<Service>(None, None).filter(|s| s.spec.selects_pods()) {
            self.queue.add(key_of(&s.metadata));
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(svc) = ctx.store.get_rc::<Service>(&key.ns, &key.name) else {
            self.triggers.forget(key);
            return;
        };
        // No selector, or an ExternalName: slices are somebody else's to write.
        if !svc.spec.selects_pods() {
            return;
        }
        let selected: Vec<&Pod> = ctx
            .store
            .list::<Pod>(Some(&svc.metadata.namespace), None)
            .filter(|p| selects(&svc.spec.selector, &p.metadata.labels))
            .collect();
        let trigger = self.triggers.compute(&svc, &selected);
        let mut missing_nodes = Vec::new();
        let pods: Vec<&Pod> = selected
            .iter()
            .copied()
            .filter(|p| should_pod_be_in_endpoints(p, true))
            .filter(|p| {
                // A pod on a Node that is gone is left out until the pod GC removes it.
                let node = p.node().unwrap_or("");
                let ok = svc.spec.publish_not_ready_addresses
                    || ctx.store.get::<Node>("", node).is_some();
                if !ok {
                    missing_nodes.push((p.metadata.name.clone(), node.to_string()));
                }
                ok
            })
            .collect();
        let existing: Vec<Rc<EndpointSlice>> = ctx
            .store
            .list_rc::<EndpointSlice>(Some(&svc.metadata.namespace))
            .into_iter()
            .filter(|s| {
                s.service_name() == Some(svc.metadata.name.as_str())
                    && s.metadata.labels.get(LABEL_MANAGED_BY).map(String::as_str)
                        == Some(MANAGED_BY_CONTROLLER)
                    && !s.metadata.is_deleting()
            })
            .collect();
        let plan = reconciler::plan(&svc, &pods, &existing, self.max_per_slice);
        let counts = Counts::of(&svc, &pods);
        let observed = observed_pods(&selected);
        drop(selected);
        drop(pods);
        let mut errors: Vec<String> = missing_nodes
            .iter()
            .map(|(pod, node)| {
                format!(
                    "skipping Pod {pod} for Service {}/{}: Node {node} Not Found",
                    svc.metadata.namespace, svc.metadata.name
                )
            })
            .collect();
        if !plan.is_empty() {
            let done = finalize(&svc, plan, trigger, ctx, &mut errors);
            ctx.decide(
                Kind::Service,
                &svc.metadata,
                EndpointsSaid::EndpointEach { selector: selector_text(&svc) },
                observed,
                done.said(&counts),
            );
        }
        if !errors.is_empty() {
            let (ns, name) = (&svc.metadata.namespace, &svc.metadata.name);
            ctx.event(
                Kind::Service,
                &svc.metadata,
                "Warning",
                "FailedToUpdateEndpointSlices",
                format!(
                    "Error updating Endpoint Slices for Service {ns}/{name}: {}",
                    errors.join(", ")
                ),
            );
            self.queue.add_after_for(key.clone(), ctx.now.plus_millis(RETRY_MS), Wait::BackOff);
        }
    }

    fn forget(&mut self) {
        self.queue.clear();
        self.pods.clear();
        self.triggers.clear();
    }
}

/// `app=web,tier=front`, as `kubectl describe svc` prints a selector.
pub fn selector_text(svc: &Service) -> String {
    svc.spec.selector.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",")
}

/// "3 pods, 2 ready, 1 terminating": what both endpoint loops say they see.
pub(crate) fn observed_pods(pods: &[&Pod]) -> EndpointsSaid {
    let terminating = pods.iter().filter(|p| p.metadata.is_deleting()).count();
    let ready = pods.iter().filter(|p| p.is_ready() && !p.metadata.is_deleting()).count();
    match terminating {
        0 => EndpointsSaid::Pods { pods: pods.len(), ready },
        _ => EndpointsSaid::PodsTerminating { pods: pods.len(), ready, terminating },
    }
}

/// The endpoints one sync writes, by condition.
struct Counts {
    ready: usize,
    not_ready: usize,
    terminating: usize,
}

impl Counts {
    fn of(svc: &Service, pods: &[&Pod]) -> Counts {
        let mut c = Counts { ready: 0, not_ready: 0, terminating: 0 };
        for p in pods.iter().filter(|p| desired::has_address(p)) {
            let terminating = p.metadata.is_deleting();
            if svc.spec.publish_not_ready_addresses || (p.is_ready() && !terminating) {
                c.ready += 1;
            } else {
                c.not_ready += 1;
            }
            c.terminating += usize::from(terminating);
        }
        c
    }

    /// "2 ready and 1 not-ready endpoint (1 terminating)".
    fn said(&self) -> EndpointsSaid {
        let (ready, not_ready, terminating) = (self.ready, self.not_ready, self.terminating);
        if ready + not_ready == 0 {
            EndpointsSaid::NoEndpoints
        } else if terminating == 0 {
            EndpointsSaid::EndpointCounts { ready, not_ready }
        } else {
            EndpointsSaid::EndpointCountsTerminating { ready, not_ready, terminating }
        }
    }
}

/// The slices one sync wrote, by name.
#[derive(Default)]
struct Written {
    created: Vec<String>,
    updated: Vec<String>,
    deleted: Vec<String>,
}

impl Written {
    /// "write 2 ready endpoints: create slice web-x2x9q, update slice web-7d4b9".
    fn said(&self, counts: &Counts) -> EndpointsSaid {
        let slices: Vec<Said> = [
            (Verb::Create, &self.created),
            (Verb::Update, &self.updated),
            (Verb::Delete, &self.deleted),
        ]
        .into_iter()
        .filter_map(|(verb, names)| slices_said(verb, names))
        .map(Said::from)
        .collect();
        let endpoints = Box::new(counts.said().into());
        if slices.is_empty() {
            EndpointsSaid::Write { endpoints }
        } else {
            EndpointsSaid::WriteSlices { endpoints, slices }
        }
    }
}

#[derive(Clone, Copy)]
enum Verb {
    Create,
    Update,
    Delete,
}

/// One verb's slices: named one by one up to four, counted beyond.
fn slices_said(verb: Verb, names: &[String]) -> Option<EndpointsSaid> {
    use EndpointsSaid as S;
    let (count, names) = (names.len(), names.join(", "));
    Some(match (verb, count) {
        (_, 0) => return None,
        (Verb::Create, 1) => S::CreateSlice { slice: names },
        (Verb::Update, 1) => S::UpdateSlice { slice: names },
        (Verb::Delete, 1) => S::DeleteSlice { slice: names },
        (Verb::Create, 2..=4) => S::CreateSlicesNamed { count, names },
        (Verb::Update, 2..=4) => S::UpdateSlicesNamed { count, names },
        (Verb::Delete, 2..=4) => S::DeleteSlicesNamed { count, names },
        (Verb::Create, _) => S::CreateSlices { count },
        (Verb::Update, _) => S::UpdateSlices { count },
        (Verb::Delete, _) => S::DeleteSlices { count },
    })
}

fn with_trigger(slice: &mut EndpointSlice, trigger: Option<crate::clock::Time>) {
    match trigger {
        Some(t) => {
            slice.metadata.annotations.insert(LAST_CHANGE_TRIGGER_TIME.into(), t.to_string());
        }
        None => {
            slice.metadata.annotations.remove(LAST_CHANGE_TRIGGER_TIME);
        }
    }
}

/// `finalize`'s writes: creates (none while the Service is being deleted, so they do not
/// race the garbage collector), updates, then deletes.
fn finalize(
    svc: &Service,
    plan: reconciler::Plan,
    trigger: Option<crate::clock::Time>,
    ctx: &mut Ctx<'_>,
    errors: &mut Vec<String>,
) -> Written {
    let (ns, name) = (&svc.metadata.namespace, &svc.metadata.name);
    let mut done = Written::default();
    if !svc.metadata.is_deleting() {
        for mut slice in plan.create {
            with_trigger(&mut slice, trigger);
            match ctx.store.create(slice, ctx.now, ctx.rng) {
                Ok(s) => done.created.push(s.metadata.name.clone()),
                Err(e) => {
                    errors.push(format!(
                        "failed to create EndpointSlice for Service {ns}/{name}: {e}"
                    ));
                    return done;
                }
            }
        }
    }
    for mut slice in plan.update {
        with_trigger(&mut slice, trigger);
        let slice_name = slice.metadata.name.clone();
        if let Err(e) = ctx.store.update(slice, ctx.now) {
            errors.push(format!(
                "failed to update {slice_name} EndpointSlice for Service {ns}/{name}: {e}"
            ));
            return done;
        }
        done.updated.push(slice_name);
    }
    for slice in plan.delete {
        let slice_name = &slice.metadata.name;
        match ctx.store.delete::<EndpointSlice>(ns, slice_name, &DeleteOptions::default(), ctx.now)
        {
            Ok(_) | Err(ApiError::NotFound { .. }) => done.deleted.push(slice_name.clone()),
            Err(e) => {
                errors.push(format!(
                    "failed to delete {slice_name} EndpointSlice for Service {ns}/{name}: {e}"
                ));
                return done;
            }
        }
    }
    done
}

#[cfg(test)]
mod tests;
