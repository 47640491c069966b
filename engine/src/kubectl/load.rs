//! `load`: the sandbox's stand-in for work a workload's users give it, beyond the requests
//! Services carry (`traffic`). `load KIND/NAME CPU` makes every pod the object owns, now and
//! later, use CPU more CPU (millicores, as a quantity: `300m`, `1.5`); `load KIND/NAME 0`
//! stops it; `load` alone lists the loads. A client of the `kubeloop.dev/v1` `loads`
//! resource (`api::sandbox`): PUT one load, GET the namespace's list.

use serde_json::{json, Value};

use crate::api::client::{self, Call, Verb};
use crate::api::sandbox::{load_name, LOADABLE, MAX_LOAD_MILLI};
use crate::model::quantity;
use crate::model::Kind;

use super::printers::TabWriter;
use super::{Kubectl, KubectlError, Output};

pub fn run(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let (ns, argv) = match argv {
        [flag, ns, rest @ ..] if flag == "-n" || flag == "--namespace" => (ns.clone(), rest),
        _ => ("default".to_string(), argv),
    };
    match argv {
        [] => {
            let listed = list(s, &ns)?;
            out.out(listed);
            Ok(0)
        }
        [target, cpu] => {
            let (kind, name) = target
                .split_once('/')
                .and_then(|(t, n)| Some((Kind::from_resource(t)?, n)))
                .filter(|(k, n)| {
                    LOADABLE.contains(k) && !n.is_empty()
                })
                .ok_or_else(|| {
                    usage(&format!(
                        "not a deployment, replicaset, statefulset, daemonset, job or pod: {target:?}"
                    ))
                })?;
            let milli = quantity::parse(cpu)
                .ok()
                .filter(|q| !q.is_negative())
                .map(|q| q.milli_value())
                .filter(|m| *m <= i128::from(MAX_LOAD_MILLI))
                .ok_or_else(|| {
                    usage(&format!(
                        "CPU must be a quantity from 0 to {} cores (300m, 1.5), not {cpu:?}",
                        MAX_LOAD_MILLI / 1000
                    ))
                })?;
            let milli = u32::try_from(milli).unwrap_or(MAX_LOAD_MILLI);
            let load = load_name(kind, name);
            let body = json!({
                "apiVersion": client::EXTENSION_GROUP_VERSION, "kind": "Load",
                "metadata": { "name": load, "namespace": ns },
                "spec": { "cpu": format!("{milli}m") },
            });
            let put = Call::extension(Verb::Update, "loads", &ns, Some(&load), Some(body));
            client::body(s.api(), &put)?;
            let what = format!("{}/{name}", kind.as_str().to_lowercase());
            if milli == 0 {
                out.out(format!("kubeloop: {what}'s pods have no extra load\n"));
            } else {
                out.out(format!("kubeloop: each pod of {what} works {milli}m of CPU more\n"));
            }
            Ok(0)
        }
        _ => Err(usage("expected `load` or `load KIND/NAME CPU`")),
    }
}

fn usage(why: &str) -> KubectlError {
    KubectlError::Usage(format!(
        "{why}\nusage: load [deploy/NAME|rs/NAME|sts/NAME|ds/NAME|job/NAME|pod/NAME CPU]"
    ))
}

/// The namespace's loads, as the server lists them (by kind, then name).
fn list(s: &mut Kubectl, ns: &str) -> Result<String, KubectlError> {
    let listed = client::body(s.api(), &Call::extension(Verb::List, "loads", ns, None, None))?;
    let mut rows = vec![vec!["OBJECT".to_string(), "CPU PER POD".to_string()]];
    for load in listed.get("items").and_then(Value::as_array).into_iter().flatten() {
        let text = |p: &str| load.pointer(p).and_then(Value::as_str).unwrap_or_default();
        rows.push(vec![
            format!("{}/{}", text("/spec/target/kind").to_lowercase(), text("/spec/target/name")),
            text("/spec/cpu").to_string(),
        ]);
    }
    if rows.len() == 1 {
        return Ok(format!("No loads set in {ns} namespace.\n"));
    }
    Ok(TabWriter::default().write_rows(&rows))
}
