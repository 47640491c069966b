//! The sandbox's verbs for what a real cluster does by itself: `node add|remove|fail|recover|
//! toleration`, `controller list|stop|start|pause` and `events drop N`. Each is a client of
//! the `kubeloop.dev/v1` resources (`api::sandbox`): it checks its arguments, sends the
//! requests and prints the answers, so the same words work against `kubeloop serve`.

use serde_json::{json, Value};

use crate::api::client::{self, Call, Verb};
use crate::api::patch::PatchType;
use crate::api::sandbox::{MAX_PODS_LIMIT, MAX_TOLERATION_SECONDS, SETTINGS_NAME};
use crate::model::DEFAULT_MAX_PODS;

use super::{Kubectl, KubectlError, Output};

/// The most nodes `node add` creates at once.
const MAX_NODE_ADD: u32 = 1000;

fn call(verb: Verb, plural: &'static str, name: Option<&str>, body: Option<Value>) -> Call {
    Call::extension(verb, plural, "", name, body)
}

/// A merge patch of `spec` on one object.
fn patch_spec(plural: &'static str, name: &str, spec: Value) -> Call {
    let body = json!({ "spec": spec });
    call(Verb::Patch(PatchType::Merge), plural, Some(name), Some(body))
}

fn max_pods(v: &str) -> Result<u32, KubectlError> {
    v.parse()
        .ok()
        .filter(|n| (1..=MAX_PODS_LIMIT).contains(&u64::from(*n)))
        .ok_or_else(|| KubectlError::Usage(format!("invalid --max-pods \"{v}\" (1 to 10000)")))
}

pub fn node(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let sub = argv.first().map(String::as_str);
    let name = argv.get(1).map(String::as_str);
    match (sub, name) {
        (Some("add"), _) => {
            let mut count = 1u32;
            let mut pods = DEFAULT_MAX_PODS;
            let mut i = 1;
            while i < argv.len() {
                let a = &argv[i];
                if let Some(v) = a.strip_prefix("--max-pods=") {
                    pods = max_pods(v)?;
                } else if a == "--max-pods" {
                    i += 1;
                    pods = max_pods(argv.get(i).map(String::as_str).unwrap_or(""))?;
                } else {
                    count = a.parse().ok().filter(|n| (1..=MAX_NODE_ADD).contains(n)).ok_or_else(|| {
                        KubectlError::Usage(format!("invalid node count \"{a}\" (1 to {MAX_NODE_ADD})"))
                    })?;
                }
                i += 1;
            }
            // One machine per request, as a client creates objects one at a time.
            for _ in 0..count {
                let body = json!({
                    "apiVersion": client::EXTENSION_GROUP_VERSION, "kind": "Host",
                    "spec": { "maxPods": pods },
                });
                let host = client::body(s.api(), &call(Verb::Create, "hosts", None, Some(body)))?;
                let added = host.pointer("/metadata/name").and_then(Value::as_str);
                out.out(format!("node/{} added\n", added.unwrap_or_default()));
            }
            Ok(0)
        }
        (Some("remove"), Some(n)) => {
            client::body(s.api(), &call(Verb::Delete, "hosts", Some(n), None))?;
            out.out(format!("node/{n} removed\n"));
            Ok(0)
        }
        (Some("fail"), Some(n)) => {
            client::body(s.api(), &patch_spec("hosts", n, json!({ "up": false })))?;
            let settings = call(Verb::Get, "settings", Some(SETTINGS_NAME), None);
            let settings = client::body(s.api(), &settings)?;
            let secs = |f: &str| settings.pointer(&format!("/spec/{f}")).and_then(Value::as_i64);
            out.out(format!(
                "node/{n} stopped reporting; NotReady after {}s, its pods evicted {}s later\n",
                secs("nodeMonitorGracePeriodSeconds").unwrap_or_default(),
                secs("tolerationSeconds").unwrap_or_default(),
            ));
            Ok(0)
        }
        (Some("recover"), Some(n)) => {
            client::body(s.api(), &patch_spec("hosts", n, json!({ "up": true })))?;
            out.out(format!("node/{n} is reporting again\n"));
            Ok(0)
        }
        (Some("toleration"), Some(v)) => {
            let secs: i64 = v
                .trim_end_matches('s')
                .parse()
                .ok()
                .filter(|n| (0..=MAX_TOLERATION_SECONDS).contains(n))
                .ok_or_else(|| KubectlError::Usage(format!("invalid toleration \"{v}\" (0 to 86400 seconds)")))?;
            let patch = patch_spec("settings", SETTINGS_NAME, json!({ "tolerationSeconds": secs }));
            client::body(s.api(), &patch)?;
            out.out(format!("kubeloop: pods on an unreachable node are evicted after {secs}s\n"));
            Ok(0)
        }
        _ => Err(KubectlError::Usage(
            "usage: node add [COUNT] [--max-pods=N] | node remove NAME | node fail NAME | node recover NAME | node toleration SECONDS".into(),
        )),
    }
}

/// The loops and their states, in the order the server lists them (a tick's order).
fn controllers(s: &mut Kubectl) -> Result<Vec<(String, String)>, KubectlError> {
    let list = client::body(s.api(), &call(Verb::List, "controllers", None, None))?;
    let items = list.get("items").and_then(Value::as_array);
    let text =
        |v: &Value, p: &str| v.pointer(p).and_then(Value::as_str).unwrap_or_default().to_string();
    Ok(items
        .into_iter()
        .flatten()
        .map(|c| (text(c, "/metadata/name"), text(c, "/spec/state")))
        .collect())
}

pub fn controller(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let sub = argv.first().map(String::as_str);
    if matches!(sub, None | Some("list" | "status")) {
        let mut text = String::from("CONTROLLER          STATE\n");
        for (name, state) in controllers(s)? {
            text.push_str(&format!("{name:<20}{}\n", state.to_ascii_lowercase()));
        }
        out.out(text);
        return Ok(0);
    }
    let (state, word) = match sub {
        Some("stop") => ("Stopped", "stopped"),
        Some("start" | "resume") => ("Running", "started"),
        Some("pause") => ("Paused", "paused"),
        _ => {
            return Err(KubectlError::Usage(
                "usage: controller stop|start|pause NAME | controller list".into(),
            ))
        }
    };
    let Some(name) = argv.get(1) else {
        return Err(KubectlError::Usage("usage: controller stop|start|pause NAME".into()));
    };
    let unknown = |known: Vec<String>| {
        KubectlError::Usage(format!(
            "unknown controller \"{name}\" (one of: {}, all)",
            known.join(", ")
        ))
    };
    let names: Vec<String> = if name == "all" || name == "controller-manager" {
        controllers(s)?.into_iter().map(|(n, _)| n).collect()
    } else {
        vec![name.clone()]
    };
    for c in names {
        // The server takes a loop's aliases too (`rs`, `endpointslice-controller`) and
        // answers under its name.
        let patch = patch_spec("controllers", &c, json!({ "state": state }));
        let changed = match client::body(s.api(), &patch) {
            Ok(changed) => changed,
            Err(refusal) if refusal.is_not_found() => {
                let known = controllers(s)?.into_iter().map(|(n, _)| n).collect();
                return Err(unknown(known));
            }
            Err(refusal) => return Err(refusal.into()),
        };
        let answered = changed.pointer("/metadata/name").and_then(Value::as_str);
        out.out(format!("controller/{} {word}\n", answered.unwrap_or(&c)));
    }
    Ok(0)
}

/// `events drop N`.
pub fn events(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let (Some("drop"), Some(n)) = (argv.first().map(String::as_str), argv.get(1)) else {
        return Err(KubectlError::Usage("usage: events drop N".into()));
    };
    let n: u32 = n.parse().map_err(|_| KubectlError::Usage(format!("invalid count \"{n}\"")))?;
    let body =
        json!({ "apiVersion": client::EXTENSION_GROUP_VERSION, "kind": "EventDrop", "count": n });
    client::body(s.api(), &call(Verb::Create, "eventdrops", None, Some(body)))?;
    out.out(format!(
        "kubeloop: the next {n} watch events will be lost before any controller sees them\n"
    ));
    Ok(0)
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use crate::api::client::{self, Call, Verb};
    use crate::api::replay::Replay;
    use crate::kubectl::Output;
    use crate::session::Session;

    /// Runs `line` against `server`'s API alone, as live mode does: each request the line
    /// stops at is answered by the server, then the line runs again.
    fn run_remote(local: &mut Session, server: &mut Session, line: &str) -> Output {
        let mut remote = Replay::default();
        loop {
            let (out, back) = local.run_remote(line, remote);
            remote = back;
            let Some(call) = remote.wanted().cloned() else { return out };
            let answer = server.api().send(&call);
            remote.answer(answer);
        }
    }

    #[test]
    fn the_sandboxs_verbs_act_on_the_server_they_talk_to() {
        let (mut local, mut server) = (Session::script(1), Session::script(1));
        let out =
            run_remote(&mut local, &mut server, "node add; node fail node-4; controller pause rs");
        assert_eq!(
            out.text(),
            "node/node-4 added\nnode/node-4 stopped reporting; NotReady after 40s, its pods evicted 300s later\ncontroller/replicaset paused\n"
        );
        let host = Call::extension(Verb::Get, "hosts", "", Some("node-4"), None);
        let host = client::body(server.api(), &host).unwrap();
        assert_eq!(host.pointer("/spec/up").and_then(Value::as_bool), Some(false));
        let list = server.run("controller list").text();
        assert!(list.contains("\nreplicaset          paused\n"), "{list}");
        assert_eq!(
            local.run("k get nodes -o name").text().lines().count(),
            3,
            "the local cluster is untouched"
        );
    }

    #[test]
    fn an_unknown_controller_or_node_is_refused_in_the_command_boxs_words() {
        let mut s = Session::script(1);
        let out = s.run("controller stop nope");
        assert!(
            out.text().starts_with("error: unknown controller \"nope\" (one of: node-lifecycle"),
            "{}",
            out.text()
        );
        assert!(out.text().ends_with(", all)\n"), "{}", out.text());
        assert_eq!(
            s.run("node recover node-9").text(),
            "Error from server (NotFound): nodes \"node-9\" not found\n"
        );
    }
}
