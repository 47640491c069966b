//! `traffic`: the sandbox's view of each Service's users, and how hard they push. Users
//! arrive once a Service first has a backend; each request goes through kube-proxy's rules
//! (`world/traffic.rs`). A client of the `kubeloop.dev/v1` `servicetraffics` resource
//! (`api::sandbox`).
//!
//! `traffic` lists every Service with its rate and counters; `traffic svc/NAME RATE` sets
//! the requests per second its users send (0 sends none). `-n NS` comes first.

use serde_json::{json, Value};

use crate::api::client::{self, Call, Verb};
use crate::api::patch::PatchType;
use crate::api::sandbox::MAX_RATE;
use crate::model::Kind;

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
        [target, rate] => {
            let name = target
                .split_once('/')
                .filter(|(t, _)| Kind::from_resource(t) == Some(Kind::Service))
                .map(|(_, n)| n)
                .ok_or_else(|| usage(&format!("not a Service: {target:?}")))?;
            let rate: u32 =
                rate.parse().ok().filter(|r| u64::from(*r) <= MAX_RATE).ok_or_else(|| {
                    usage(&format!(
                        "RATE must be 0 to {MAX_RATE} requests per second, not {rate:?}"
                    ))
                })?;
            let patch = json!({ "spec": { "rate": rate } });
            let verb = Verb::Patch(PatchType::Merge);
            let call = Call::extension(verb, "servicetraffics", &ns, Some(name), Some(patch));
            client::body(s.api(), &call)?;
            out.out(format!("kubeloop: service/{name} gets {rate} requests per second\n"));
            Ok(0)
        }
        _ => Err(usage("expected `traffic` or `traffic svc/NAME RATE`")),
    }
}

fn usage(why: &str) -> KubectlError {
    KubectlError::Usage(format!("{why}\nusage: traffic [svc/NAME RATE]"))
}

/// Every Service of the namespace with its users' rate and, once they came, their counts.
fn list(s: &mut Kubectl, ns: &str) -> Result<String, KubectlError> {
    let call = Call::extension(Verb::List, "servicetraffics", ns, None, None);
    let listed = client::body(s.api(), &call)?;
    let mut rows = vec![vec![
        "SERVICE".to_string(),
        "RATE".to_string(),
        "SERVED".to_string(),
        "FAILED".to_string(),
    ]];
    for t in listed.get("items").and_then(Value::as_array).into_iter().flatten() {
        let count = |p: &str| t.pointer(p).and_then(Value::as_u64);
        let (served, failed) = match (count("/status/served"), count("/status/failed")) {
            (Some(s), Some(f)) => (s.to_string(), f.to_string()),
            _ => ("-".to_string(), "-".to_string()),
        };
        let name = t.pointer("/metadata/name").and_then(Value::as_str).unwrap_or_default();
        let rate = format!("{}/s", count("/spec/rate").unwrap_or_default());
        rows.push(vec![name.to_string(), rate, served, failed]);
    }
    if rows.len() == 1 {
        return Ok(format!("No services found in {ns} namespace.\n"));
    }
    Ok(super::printers::TabWriter::default().write_rows(&rows))
}
