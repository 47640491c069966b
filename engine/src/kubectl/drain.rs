//! `kubectl drain`'s evictions, after its nodes are cordoned (`nodes.rs`): for each node in
//! turn, the pods to go (the filters), then an eviction per pod, retried every 5 s while a
//! PodDisruptionBudget answers 429, then a wait until each evicted pod is gone. It is a
//! waiting command (`waiting.rs`): a script blocks on it; in the page it is the session's
//! pending operation, so the graph shows the replacements coming up while drain waits and
//! the terminal shows why.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/drain/drain.go (`RunDrain`,
//! `deleteOrEvictPodsSimple`) and pkg/drain (drain.go `GetPodsForDeletion`, `evictPods` with
//! its `EvictErrorRetryDelay` of 5 s, `waitForDelete`; filters.go `daemonSetFilter`,
//! `unreplicatedFilter`). kubectl evicts the pods concurrently; here they go in list order
//! within each poll, so the output is the same on every run.

use serde_json::json;

use crate::api::client::{self, Api, Call, Verb};
use crate::clock::Time;
use crate::model::*;

use super::Output;

/// `EvictErrorRetryDelay`.
const RETRY_MS: i64 = 5_000;

/// What drain may evict besides replicated pods (drain.go's `Helper` fields).
#[derive(Clone, Copy)]
pub(super) struct Filters {
    /// `--force`: bare pods, with a warning.
    pub force: bool,
    /// `--ignore-daemonsets`: a DaemonSet's pods are left where they are, with a warning.
    pub ignore_daemonsets: bool,
}

/// One pod of the node being drained.
struct Evicting {
    pod: Pod,
    state: State,
}

enum State {
    /// The next eviction is due at this time.
    Due(Time),
    /// Evicted: waiting for the pod to be gone.
    Going,
    Done,
    Failed(String),
}

/// `RunDrain` from its first node's evictions on.
pub(super) struct Drain {
    /// The nodes still to drain, in order.
    nodes: std::collections::VecDeque<String>,
    /// The node whose pods are being evicted, and them.
    current: Option<(String, Vec<Evicting>)>,
    filters: Filters,
    grace: Option<i64>,
    /// `--timeout` (or the sandbox's ten minutes): kubectl's global timeout.
    deadline: Time,
    timeout_text: String,
    /// The nodes that failed, with their errors (`remainingNodes`, `fatal`).
    failed: Vec<(String, String)>,
}

impl Drain {
    pub(super) fn new(
        nodes: Vec<String>,
        filters: Filters,
        grace: Option<i64>,
        deadline: Time,
        timeout_text: String,
    ) -> Drain {
        Drain {
            nodes: nodes.into(),
            current: None,
            filters,
            grace,
            deadline,
            timeout_text,
            failed: Vec::new(),
        }
    }

    fn poll(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) -> Option<i32> {
        loop {
            let Some((node, pods)) = self.current.as_mut() else {
                let Some(node) = self.nodes.pop_front() else { return Some(self.finish(out)) };
                match pods_for_deletion(api, &node, self.filters) {
                    Ok((pods, warnings)) => {
                        for line in warnings {
                            out.err(line);
                        }
                        let pods =
                            pods.into_iter().map(|pod| Evicting { pod, state: State::Due(now) });
                        self.current = Some((node, pods.collect()));
                    }
                    Err(err) => self.fail(node, err, out),
                }
                continue;
            };
            for e in pods.iter_mut() {
                step(api, e, self.grace, now, out);
            }
            let unfinished = pods.iter().any(|e| matches!(e.state, State::Due(_) | State::Going));
            if unfinished && now < self.deadline {
                return None;
            }
            let node = node.clone();
            let mut errors: Vec<String> = Vec::new();
            for e in pods.iter() {
                let (ns, name) = (&e.pod.metadata.namespace, &e.pod.metadata.name);
                match &e.state {
                    State::Failed(err) => errors.push(err.clone()),
                    State::Due(_) => errors.push(format!(
                        "error when evicting pods/{name:?} -n {ns:?}: global timeout reached: {}",
                        self.timeout_text
                    )),
                    State::Going => errors.push(format!(
                        "error when waiting for pod {name:?} in namespace {ns:?} to terminate: global timeout reached: {}",
                        self.timeout_text
                    )),
                    State::Done => {}
                }
            }
            self.current = None;
            if errors.is_empty() {
                out.out(format!("node/{node} drained\n"));
                continue;
            }
            let err = aggregate(&errors);
            // deleteOrEvictPodsSimple: the node's pods that are still to go.
            if let Ok((left, _)) = pods_for_deletion(api, &node, self.filters) {
                if !left.is_empty() {
                    out.err(format!(
                        "There are pending pods in node {node:?} when an error occurred: {err}\n"
                    ));
                    for p in &left {
                        out.err(format!("pod/{}\n", p.metadata.name));
                    }
                }
            }
            self.fail(node, err, out);
        }
    }

    fn fail(&mut self, node: String, err: String, out: &mut Output) {
        out.err(format!(
            "error: unable to drain node {node:?} due to error: {err}, continuing command...\n"
        ));
        self.failed.push((node, err));
    }

    /// The end of `RunDrain`: the pending nodes, then each node's error bare (an aggregate).
    fn finish(&mut self, out: &mut Output) -> i32 {
        if self.failed.is_empty() {
            return 0;
        }
        out.err("There are pending nodes to be drained:\n");
        for (name, _) in &self.failed {
            out.err(format!(" {name}\n"));
        }
        for (_, err) in &self.failed {
            out.err(format!("{err}\n"));
        }
        1
    }
}

/// One pod's turn in a poll: an eviction that is due, or a check that an evicted pod is gone.
fn step(api: &mut dyn Api, e: &mut Evicting, grace: Option<i64>, now: Time, out: &mut Output) {
    let (ns, name) = (e.pod.metadata.namespace.clone(), e.pod.metadata.name.clone());
    match e.state {
        State::Due(at) if at <= now => {
            out.out(format!("evicting pod {ns}/{name}\n"));
            // EvictPod: a policy/v1 Eviction with the delete options (`makeDeleteOptions`:
            // the grace period only when one was given).
            let mut delete_options = json!({});
            if let Some(g) = grace {
                delete_options["gracePeriodSeconds"] = g.into();
            }
            let mut call = Call::get(Kind::Pod, &ns, &name).sub("eviction");
            call.verb = Verb::Create;
            call.body = Some(json!({
                "apiVersion": "policy/v1", "kind": "Eviction",
                "metadata": { "name": name, "namespace": ns },
                "deleteOptions": delete_options,
            }));
            let answer = api.send(&call);
            if (200..300).contains(&answer.code) {
                e.state = State::Going;
                return;
            }
            let refusal = client::Refusal::of(&answer);
            e.state = match refusal.reason.as_str() {
                // The pod went on its own: nothing to wait for.
                "NotFound" => State::Done,
                "TooManyRequests" => {
                    out.err(format!(
                        "error when evicting pods/{name:?} -n {ns:?} (will retry after 5s): {}\n",
                        refusal.message
                    ));
                    State::Due(now.plus_millis(RETRY_MS))
                }
                _ => State::Failed(format!(
                    "error when evicting pods/{name:?} -n {ns:?}: {}",
                    refusal.message
                )),
            };
        }
        // waitForDelete: gone once not found, or found with another UID.
        State::Going => {
            let gone = match client::get(api, Kind::Pod, &ns, &name) {
                Ok(pod) => pod.meta().uid != e.pod.metadata.uid,
                Err(refusal) => refusal.is_not_found(),
            };
            if gone {
                out.out(format!("pod/{name} evicted\n"));
                e.state = State::Done;
            }
        }
        _ => {}
    }
}

/// `ToAggregate().Error()`: one error bare, several in brackets.
fn aggregate(errors: &[String]) -> String {
    match errors {
        [one] => one.clone(),
        many => format!("[{}]", many.join(", ")),
    }
}

impl super::waiting::Wait for Drain {
    fn poll(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) -> Option<i32> {
        Drain::poll(self, api, now, out)
    }

    fn describe(&self) -> String {
        match &self.current {
            Some((node, pods)) => {
                let waiting = pods.iter().filter(|e| matches!(e.state, State::Due(_))).count();
                if waiting > 0 {
                    format!("draining node/{node}: {waiting} eviction(s) wait for the disruption budget")
                } else {
                    format!("draining node/{node}: waiting for evicted pods to go")
                }
            }
            None => "draining nodes".into(),
        }
    }
}

/// `GetPodsForDeletion` for one node: the pods to evict and the warnings to print, or the
/// filters' errors as one message.
fn pods_for_deletion(
    api: &mut dyn Api,
    node: &str,
    filters: Filters,
) -> Result<(Vec<Pod>, Vec<String>), String> {
    // The node's pods, by field selector across namespaces.
    let fields = format!("spec.nodeName={node}");
    let listed =
        client::list(api, Kind::Pod, "", None, Some(&fields)).map_err(|e| e.to_string())?;
    let pods: Vec<Pod> = listed
        .into_iter()
        .filter_map(|o| match o {
            Object::Pod(p) => Some((*p).clone()),
            _ => None,
        })
        .filter(|p| !p.metadata.is_deleting())
        .collect();
    let finished = |p: &Pod| matches!(p.status.phase, PodPhase::Succeeded | PodPhase::Failed);
    let key = |p: &Pod| format!("{}/{}", p.metadata.namespace, p.metadata.name);
    // daemonSetFilter: a running pod of a DaemonSet that exists is refused, or with
    // --ignore-daemonsets left alone with a warning (the DaemonSet would only put it back);
    // one whose DaemonSet is gone is an orphan, which --force deletes with a warning.
    let mut errors: Vec<(String, Vec<String>)> = Vec::new();
    let mut warnings: Vec<(String, Vec<String>)> = Vec::new();
    let note = |list: &mut Vec<(String, Vec<String>)>, msg: String, pod: String| match list
        .iter_mut()
        .find(|(m, _)| *m == msg)
    {
        Some((_, pods)) => pods.push(pod),
        None => list.push((msg, vec![pod])),
    };
    let mut kept = Vec::new();
    for p in pods {
        let owner = p.metadata.controller_ref().cloned();
        match owner.filter(|o| o.kind == "DaemonSet" && !finished(&p)) {
            Some(ds) => match client::get(api, Kind::DaemonSet, &p.metadata.namespace, &ds.name) {
                Ok(_) if filters.ignore_daemonsets => {
                    note(&mut warnings, "ignoring DaemonSet-managed Pods".into(), key(&p));
                }
                Ok(_) => note(
                    &mut errors,
                    "DaemonSet-managed Pods (use --ignore-daemonsets to ignore)".into(),
                    key(&p),
                ),
                Err(e) if e.is_not_found() && filters.force => {
                    note(&mut warnings, e.message.clone(), key(&p));
                    kept.push(p);
                }
                Err(e) => note(&mut errors, e.message.clone(), key(&p)),
            },
            None => kept.push(p),
        }
    }
    // unreplicatedFilter; finished pods may always go.
    let bare: Vec<String> = kept
        .iter()
        .filter(|p| p.metadata.controller_ref().is_none() && !finished(p))
        .map(key)
        .collect();
    if !bare.is_empty() {
        // PodDeleteList.errors prefixes "cannot delete " although this message already
        // starts with it (kubectl 1.34; 1.36 drops the repeat).
        let msg = if filters.force {
            "deleting Pods that declare no controller"
        } else {
            "cannot delete Pods that declare no controller (use --force to override)"
        };
        let list = if filters.force { &mut warnings } else { &mut errors };
        for pod in bare {
            note(list, msg.into(), pod);
        }
    }
    if !errors.is_empty() {
        // PodDeleteList.errors: one error per message; drain prints them as an aggregate.
        let errs: Vec<String> = errors
            .iter()
            .map(|(msg, pods)| format!("cannot delete {msg}: {}", pods.join(", ")))
            .collect();
        return Err(aggregate(&errs));
    }
    // The WarningPrinter's lines, before the evictions.
    let warnings = warnings
        .iter()
        .map(|(msg, pods)| format!("Warning: {msg}: {}\n", pods.join(", ")))
        .collect();
    Ok((kept, warnings))
}
