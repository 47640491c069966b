//! `traffic`: the sandbox's view of each Service's users, and how hard they push. Users
//! arrive once a Service first has a backend; each request goes through kube-proxy's rules
//! (`world/traffic.rs`).
//!
//! `traffic` lists every Service with its rate and counters; `traffic svc/NAME RATE` sets
//! the requests per second its users send (0 sends none). `-n NS` comes first.

use crate::model::{Kind, Service};
use crate::store::Key;

use super::{KubectlError, Output, Session};

/// The most requests per second a Service's users may send: enough to see, little enough
/// that a tick stays cheap.
const MAX_RATE: u32 = 1000;

pub fn run(s: &mut Session, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let (ns, argv) = match argv {
        [flag, ns, rest @ ..] if flag == "-n" || flag == "--namespace" => (ns.clone(), rest),
        _ => ("default".to_string(), argv),
    };
    match argv {
        [] => {
            out.out(list(s, &ns));
            Ok(0)
        }
        [target, rate] => {
            let name = target
                .split_once('/')
                .filter(|(t, _)| Kind::from_resource(t) == Some(Kind::Service))
                .map(|(_, n)| n)
                .ok_or_else(|| usage(&format!("not a Service: {target:?}")))?;
            let rate: u32 = rate.parse().ok().filter(|r| *r <= MAX_RATE).ok_or_else(|| {
                usage(&format!("RATE must be 0 to {MAX_RATE} requests per second, not {rate:?}"))
            })?;
            if s.world.store.get::<Service>(&ns, name).is_none() {
                return Err(KubectlError::Plain(format!(
                    "Error from server (NotFound): services \"{name}\" not found"
                )));
            }
            s.world.set_traffic_rate(Key::new(&ns, name), rate);
            out.out(format!("kubeloop: service/{name} gets {rate} requests per second\n"));
            Ok(0)
        }
        _ => Err(usage("expected `traffic` or `traffic svc/NAME RATE`")),
    }
}

fn usage(why: &str) -> KubectlError {
    KubectlError::Usage(format!("{why}\nusage: traffic [svc/NAME RATE]"))
}

fn list(s: &Session, ns: &str) -> String {
    let traffic = s.world.traffic();
    let mut rows = vec![vec![
        "SERVICE".to_string(),
        "RATE".to_string(),
        "SERVED".to_string(),
        "FAILED".to_string(),
    ]];
    for svc in s.world.store.list::<Service>(Some(ns), None) {
        let key = Key::new(ns, &svc.metadata.name);
        let (served, failed) = match traffic.counter(&key) {
            Some(c) => (c.served.to_string(), c.failed.to_string()),
            None => ("-".to_string(), "-".to_string()),
        };
        let rate = format!("{}/s", traffic.rate(&key));
        rows.push(vec![svc.metadata.name.clone(), rate, served, failed]);
    }
    if rows.len() == 1 {
        return format!("No services found in {ns} namespace.\n");
    }
    super::printers::TabWriter::default().write_rows(&rows)
}
