//! `kubectl cordon`, `uncordon` and `drain` (kubectl/pkg/cmd/drain/drain.go and the helper
//! in kubectl/pkg/drain): nodes by name or label selector; bare pods need `--force`, a
//! DaemonSet's pods `--ignore-daemonsets`. Not emptyDir data, PodDisruptionBudgets or
//! `--pod-selector`.

use serde_json::{json, Value};

use crate::api::client::{self, Call, Verb};
use crate::api::patch::PatchType;
use crate::clock::Time;
use crate::model::*;

use super::args::{self, flag, switch, FlagSpec};
use super::resource;
use super::{Kubectl, KubectlError, Output};

/// How long a drain waits for its evicted pods to go: kubectl waits without end by default
/// (`--timeout=0`); the sandbox stops where `settle` would, after ten simulated minutes.
const WAIT_FOR_DELETE_MS: i64 = 10 * 60 * 1000;

pub(super) const NODE_FLAGS: &[FlagSpec] = &[
    switch("ignore-daemonsets", None),
    switch("delete-emptydir-data", None),
    switch("force", None),
    flag("grace-period", None),
    flag("timeout", None),
    flag("selector", Some('l')),
];

/// The nodes named or selected, as DrainCmdOptions.Complete finds them with the builder: one
/// GET per name (or one list), whose objects the verbs then act on.
fn nodes_of(s: &mut Kubectl, verb: &str, a: &args::Args) -> Result<Vec<Node>, KubectlError> {
    let selector = a.get("selector");
    // cmdutil.UsageErrorf with the command's Use line.
    if a.positional.is_empty() && selector.is_none() {
        return Err(KubectlError::Usage(format!(
            "USAGE: {verb} NODE [flags]\nSee 'kubectl {verb} -h' for help and examples"
        )));
    }
    if !a.positional.is_empty() && selector.is_some_and(|l| !l.is_empty()) {
        return Err(KubectlError::Usage(format!(
            "cannot specify both a node name and a --selector option\nSee 'kubectl {verb} -h' for help and examples"
        )));
    }
    if a.positional.is_empty() {
        let nodes = client::list(s.api(), Kind::Node, "", selector, None)?;
        return Ok(nodes.into_iter().filter_map(node_of).collect());
    }
    let mut names = Vec::new();
    for arg in &a.positional {
        // builder.ResourceNames("nodes", ...): `node/x` names a node; other types are refused.
        let name = match resource::split_type_name(arg)? {
            None => arg.as_str(),
            Some((ty, name)) => match resource::kind_of(ty)? {
                Kind::Node => name,
                // The mapping's GroupVersionResource, as its String method writes it.
                other => {
                    return Err(KubectlError::Plain(format!(
                        "error: expected resource of type node, got \"{}/v1, Resource={}\"",
                        other.group(),
                        other.plural()
                    )))
                }
            },
        };
        if !names.iter().any(|n: &Node| n.metadata.name == name) {
            names.extend(node_of(client::get(s.api(), Kind::Node, "", name)?));
        }
    }
    Ok(names)
}

fn node_of(o: Object) -> Option<Node> {
    match o {
        Object::Node(n) => Some((*n).clone()),
        _ => None,
    }
}

pub fn node_verb(
    s: &mut Kubectl,
    verb: &str,
    argv: &[String],
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, NODE_FLAGS, verb)?;
    let force = a.bool("force", false)?;
    let ignore_daemonsets = a.bool("ignore-daemonsets", false)?;
    let grace = a.int("grace-period")?.filter(|g| *g >= 0);
    let nodes = nodes_of(s, verb, &a)?;
    // RunCordonOrUncordon: every node first.
    let want = verb != "uncordon";
    let done = if want { "cordoned" } else { "uncordoned" };
    for node in &nodes {
        // drain/cordon.go: the node as the builder read it, then a strategic merge patch of
        // `spec.unschedulable` (`PatchOrReplaceWithContext`); false is omitted in the node's
        // JSON, so the two-way patch of an uncordon deletes the field.
        let name = &node.metadata.name;
        if node.spec.unschedulable == want {
            out.out(format!("node/{name} already {done}\n"));
            continue;
        }
        let value = if want { Value::Bool(true) } else { Value::Null };
        let patch = json!({ "spec": { "unschedulable": value } });
        let call = Call::patch(Kind::Node, "", name, PatchType::Strategic, patch)
            .field_manager("kubectl-cordon");
        client::object(s.api(), &call)?;
        out.out(format!("node/{name} {done}\n"));
    }
    if verb != "drain" {
        return Ok(0);
    }
    let names: Vec<String> = nodes.into_iter().map(|n| n.metadata.name).collect();
    // RunDrain: each node in turn; a failure is reported and the command goes on, then the
    // pending nodes are listed and CheckErr prints each node's error bare (an aggregate).
    let mut failed: Vec<(String, String)> = Vec::new();
    for name in &names {
        match drain_one(s, name, Filters { force, ignore_daemonsets }, grace, out) {
            Ok(()) => out.out(format!("node/{name} drained\n")),
            Err(err) => {
                out.err(format!(
                    "error: unable to drain node \"{name}\" due to error: {err}, continuing command...\n"
                ));
                failed.push((name.clone(), err));
            }
        }
    }
    if failed.is_empty() {
        return Ok(0);
    }
    out.err("There are pending nodes to be drained:\n");
    for (name, _) in &failed {
        out.err(format!(" {name}\n"));
    }
    for (_, err) in &failed {
        out.err(format!("{err}\n"));
    }
    Ok(1)
}

/// deleteOrEvictPodsSimple for one node: the filters, then evictions until the pods are gone.
/// What drain may evict besides replicated pods (drain.go's `Helper` fields).
#[derive(Clone, Copy)]
struct Filters {
    /// `--force`: bare pods, with a warning.
    force: bool,
    /// `--ignore-daemonsets`: a DaemonSet's pods are left where they are, with a warning.
    ignore_daemonsets: bool,
}

fn drain_one(
    s: &mut Kubectl,
    name: &str,
    filters: Filters,
    grace: Option<i64>,
    out: &mut Output,
) -> Result<(), String> {
    // drain.go GetPodsForDeletion: the node's pods, by field selector across namespaces.
    let fields = format!("spec.nodeName={name}");
    let listed =
        client::list(s.api(), Kind::Pod, "", None, Some(&fields)).map_err(|e| e.to_string())?;
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
    // drain/filters.go daemonSetFilter: a running pod of a DaemonSet that exists is refused,
    // or with --ignore-daemonsets left alone with a warning (the DaemonSet would only put it
    // back); one whose DaemonSet is gone is an orphan, which --force deletes with a warning.
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
            Some(ds) => {
                match client::get(s.api(), Kind::DaemonSet, &p.metadata.namespace, &ds.name) {
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
                }
            }
            None => kept.push(p),
        }
    }
    // drain/filters.go unreplicatedFilter; finished pods may always go.
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
        return Err(match errs.as_slice() {
            [one] => one.clone(),
            many => format!("[{}]", many.join(", ")),
        });
    }
    // The WarningPrinter's lines, before the evictions.
    for (msg, pods) in &warnings {
        out.err(format!("Warning: {msg}: {}\n", pods.join(", ")));
    }
    let pods = kept;
    for p in &pods {
        out.out(format!("evicting pod {}/{}\n", p.metadata.namespace, p.metadata.name));
    }
    let mut evicted = Vec::new();
    for p in &pods {
        // drain.go EvictPod: a policy/v1 Eviction with the delete options
        // (`makeDeleteOptions`: the grace period only when one was given).
        let (ns, pod) = (&p.metadata.namespace, &p.metadata.name);
        let mut delete_options = json!({});
        if let Some(g) = grace {
            delete_options["gracePeriodSeconds"] = g.into();
        }
        let mut call = Call::get(Kind::Pod, ns, pod).sub("eviction");
        call.verb = Verb::Create;
        call.body = Some(json!({
            "apiVersion": "policy/v1", "kind": "Eviction",
            "metadata": { "name": pod, "namespace": ns },
            "deleteOptions": delete_options,
        }));
        if (200..300).contains(&s.api().send(&call).code) {
            evicted.push((ns.clone(), pod.clone(), p.metadata.uid.clone()));
        }
    }
    // drain.go waitForDelete: each evicted pod is polled until it is gone or another pod
    // took its name. Simulated time passes a tick at a time meanwhile.
    let deadline: Time = s.now().plus_millis(WAIT_FOR_DELETE_MS);
    let mut reported = vec![false; evicted.len()];
    while s.now() < deadline {
        for (i, pod) in evicted.iter().enumerate() {
            if !reported[i] && gone(s, pod) {
                reported[i] = true;
                out.out(format!("pod/{} evicted\n", pod.1));
            }
        }
        if reported.iter().all(|r| *r) {
            break;
        }
        s.step();
    }
    Ok(())
}

/// Whether a pod (namespace, name, uid) is gone: not found, or found with another UID
/// (drain.go waitForDelete's test).
fn gone(s: &mut Kubectl, (ns, name, uid): &(String, String, String)) -> bool {
    match client::get(s.api(), Kind::Pod, ns, name) {
        Ok(pod) => &pod.meta().uid != uid,
        Err(refusal) => refusal.is_not_found(),
    }
}

#[cfg(test)]
#[path = "nodes_tests.rs"]
mod tests;
