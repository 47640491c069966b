//! `kubectl cordon`, `uncordon` and `drain` (kubectl/pkg/cmd/drain).

use crate::clock::Time;
use crate::model::*;
use crate::store::{ApiError, DeleteOptions};

use super::args::{self, flag, switch, FlagSpec};
use super::delete::still_there;
use super::resource;
use super::{KubectlError, Output, Session};

const NODE_FLAGS: &[FlagSpec] = &[
    switch("ignore-daemonsets", None),
    switch("delete-emptydir-data", None),
    switch("force", None),
    flag("grace-period", None),
    flag("timeout", None),
];

pub fn node_verb(
    s: &mut Session,
    verb: &str,
    argv: &[String],
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, NODE_FLAGS, verb)?;
    // DrainCmdOptions.Complete (drain.go), shared by cordon and uncordon: cmdutil.UsageErrorf
    // with the command's Use line.
    let Some(arg) = a.positional.first() else {
        return Err(KubectlError::Usage(format!(
            "USAGE: {verb} NODE [flags]\nSee 'kubectl {verb} -h' for help and examples"
        )));
    };
    // builder.ResourceNames("nodes", ...): `node/x` names a node, and other types are refused.
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
    let Some(node) = s.world.store.get::<Node>("", name).cloned() else {
        return Err(ApiError::NotFound { kind: Kind::Node, name: name.into() }.into());
    };
    let want = verb != "uncordon";
    if node.spec.unschedulable == want {
        out.out(format!("node/{name} already {}\n", if want { "cordoned" } else { "uncordoned" }));
    } else {
        s.world.modify::<Node>("", name, |n| n.spec.unschedulable = want)?;
        out.out(format!("node/{name} {}\n", if want { "cordoned" } else { "uncordoned" }));
    }
    if verb != "drain" {
        return Ok(0);
    }
    let pods: Vec<Pod> = s
        .world
        .store
        .pods_on_node(name)
        .iter()
        .filter_map(|k| s.world.store.get::<Pod>(&k.ns, &k.name).cloned())
        .filter(|p| !p.metadata.is_deleting())
        .collect();
    let bare: Vec<String> = pods
        .iter()
        .filter(|p| p.metadata.controller_ref().is_none())
        .map(|p| format!("{}/{}", p.metadata.namespace, p.metadata.name))
        .collect();
    if !bare.is_empty() {
        // drain/filters.go unreplicatedFilter. Without --force the pods are an error, which
        // PodDeleteList.errors prefixes with "cannot delete " although the message already
        // starts with it (kubectl 1.34; 1.36 drops the repeat). RunDrain reports it, lists
        // the node as pending, and CheckErr prints the error aggregate bare.
        if !a.bool("force", false)? {
            let err = format!(
                "cannot delete cannot delete Pods that declare no controller (use --force to override): {}",
                bare.join(", ")
            );
            out.err(format!(
                "error: unable to drain node \"{name}\" due to error: {err}, continuing command...\nThere are pending nodes to be drained:\n {name}\n{err}\n"
            ));
            return Ok(1);
        }
        // With --force they are a warning, printed by the WarningPrinter before the evictions.
        out.err(format!(
            "Warning: deleting Pods that declare no controller: {}\n",
            bare.join(", ")
        ));
    }
    let grace = a.int("grace-period")?.filter(|g| *g >= 0);
    for p in &pods {
        out.out(format!("evicting pod {}/{}\n", p.metadata.namespace, p.metadata.name));
    }
    let mut uids = Vec::new();
    for p in &pods {
        let opts = DeleteOptions { grace_period_seconds: grace, ..Default::default() };
        if s.world.delete::<Pod>(&p.metadata.namespace, &p.metadata.name, &opts).is_ok() {
            uids.push((
                Kind::Pod,
                p.metadata.namespace.clone(),
                p.metadata.name.clone(),
                p.metadata.uid.clone(),
            ));
        }
    }
    let deadline: Time = s.world.now().plus_millis(crate::world::SETTLE_LIMIT_MS);
    let mut reported = vec![false; uids.len()];
    while s.world.now() < deadline {
        for (i, w) in uids.iter().enumerate() {
            if !reported[i] && !still_there(s, w) {
                reported[i] = true;
                out.out(format!("pod/{} evicted\n", w.2));
            }
        }
        if reported.iter().all(|r| *r) {
            break;
        }
        s.world.step();
    }
    out.out(format!("node/{name} drained\n"));
    Ok(0)
}

#[cfg(test)]
mod tests {
    use crate::kubectl::{Mode, Session};
    use crate::world::World;

    /// A cluster with a bare pod on node-1 (the other nodes cordoned while it is placed).
    fn session() -> Session {
        let mut s = Session::new(World::new(1), Mode::Script);
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
