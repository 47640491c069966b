//! `kubectl cordon`, `uncordon` and `drain` (kubectl/pkg/cmd/drain/drain.go and the helper
//! in kubectl/pkg/drain): nodes by name or label selector, cordoned first; drain's
//! evictions, with their retries while a PodDisruptionBudget says no, are `drain.rs`. Not
//! emptyDir data or `--pod-selector`.

use serde_json::{json, Value};

use super::drain::{Drain, Filters};
use crate::api::client::{self, Call};
use crate::api::patch::PatchType;
use crate::clock::Time;
use crate::model::*;

use super::args::{self, flag, switch, FlagSpec};
use super::resource;
use super::{Kubectl, KubectlError, Output};

/// How long a drain waits for its pods to go: kubectl waits without end by default
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
    to_completion: bool,
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
    // `--timeout`: 0 (the default) waits without end in kubectl; the sandbox stops where
    // `settle` would.
    let timeout = super::sandbox::timeout_flag(&a)?;
    let limit = if timeout > 0 { timeout } else { WAIT_FOR_DELETE_MS };
    let deadline: Time = s.now().plus_millis(limit);
    let filters = Filters { force, ignore_daemonsets };
    let op = Drain::new(names, filters, grace, deadline, crate::gofmt::go_duration(limit));
    Ok(super::waiting::begin(s, Box::new(op), to_completion, out))
}

#[cfg(test)]
#[path = "nodes_tests.rs"]
mod tests;
