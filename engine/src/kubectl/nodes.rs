//! `kubectl cordon`, `uncordon` and `drain` (kubectl/pkg/cmd/drain/drain.go and the helper
//! in kubectl/pkg/drain): nodes by name or label selector; bare pods need `--force`. Not
//! DaemonSets, emptyDir data, PodDisruptionBudgets or `--pod-selector`.

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
        match drain_one(s, name, force, grace, out) {
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
fn drain_one(
    s: &mut Kubectl,
    name: &str,
    force: bool,
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
    // drain/filters.go unreplicatedFilter; finished pods may always go.
    let bare: Vec<String> = pods
        .iter()
        .filter(|p| p.metadata.controller_ref().is_none())
        .filter(|p| !matches!(p.status.phase, PodPhase::Succeeded | PodPhase::Failed))
        .map(|p| format!("{}/{}", p.metadata.namespace, p.metadata.name))
        .collect();
    if !bare.is_empty() {
        // Without --force the pods are an error, which PodDeleteList.errors prefixes with
        // "cannot delete " although the message already starts with it (kubectl 1.34; 1.36
        // drops the repeat).
        if !force {
            return Err(format!(
                "cannot delete cannot delete Pods that declare no controller (use --force to override): {}",
                bare.join(", ")
            ));
        }
        // With --force they are a warning, printed by the WarningPrinter before the evictions.
        out.err(format!(
            "Warning: deleting Pods that declare no controller: {}\n",
            bare.join(", ")
        ));
    }
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
mod tests {
    use crate::api::client::{self, Call};
    use crate::api::patch::PatchType;
    use crate::model::Kind;
    use crate::session::Session;

    /// A cluster with a bare pod on node-1 (the other nodes cordoned while it is placed).
    fn session() -> Session {
        let mut s = Session::script(1);
        for line in
            ["k cordon node-2", "k cordon node-3", "k run solo --image=nginx:1.27", "settle"]
        {
            assert_eq!(s.run(line).status, 0, "{line}");
        }
        s
    }

    #[test]
    fn drain_refuses_a_bare_pod_with_kubectl_134s_doubled_prefix() {
        let mut s = session();
        let out = s.run("k drain node-1");
        assert_eq!(out.status, 1);
        let err = "cannot delete cannot delete Pods that declare no controller (use --force to override): default/solo";
        assert_eq!(
            out.text(),
            format!("node/node-1 cordoned\nerror: unable to drain node \"node-1\" due to error: {err}, continuing command...\nThere are pending nodes to be drained:\n node-1\n{err}\n")
        );
        assert_eq!(s.run("k get pod solo -o name").text(), "pod/solo\n");
    }

    #[test]
    fn drain_force_warns_about_the_bare_pod_then_evicts_it() {
        let mut s = session();
        let out = s.run("k drain node-1 --force");
        assert_eq!(out.status, 0);
        assert!(
            out.text().starts_with("node/node-1 cordoned\nWarning: deleting Pods that declare no controller: default/solo\nevicting pod default/solo\n"),
            "{}",
            out.text()
        );
    }

    #[test]
    fn drain_goes_on_after_a_failed_node_and_lists_it_as_pending() {
        let mut s = session();
        let out = s.run("k drain node-1 node-2");
        assert_eq!(out.status, 1);
        let text = out.text();
        assert!(text.starts_with("node/node-1 cordoned\nnode/node-2 already cordoned\nerror: unable to drain node \"node-1\""), "{text}");
        assert!(text.contains("node/node-2 drained\nThere are pending nodes to be drained:\n node-1\ncannot delete cannot delete"), "{text}");
    }

    #[test]
    fn a_finished_bare_pod_does_not_block_a_drain() {
        let mut s = session();
        // The pod's status as its kubelet would write it once the container exits 0.
        let finished = serde_json::json!({ "status": { "phase": "Succeeded" } });
        let call = Call::patch(Kind::Pod, "default", "solo", PatchType::Merge, finished);
        client::object(s.api(), &call.sub("status")).unwrap();
        let out = s.run("k drain node-1");
        assert_eq!(out.status, 0, "{}", out.text());
        assert!(out.text().ends_with("node/node-1 drained\n"), "{}", out.text());
    }

    #[test]
    fn node_verbs_without_a_node_print_their_use_line() {
        let mut s = session();
        for verb in ["drain", "cordon", "uncordon"] {
            assert_eq!(
                s.run(&format!("k {verb}")).text(),
                format!("error: USAGE: {verb} NODE [flags]\nSee 'kubectl {verb} -h' for help and examples\n")
            );
        }
        assert_eq!(s.run("k cordon node/node-1").text(), "node/node-1 cordoned\n");
        assert_eq!(
            s.run("k cordon pod/solo").text(),
            "error: expected resource of type node, got \"/v1, Resource=pods\"\n"
        );
    }
}
