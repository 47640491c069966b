//! `load`: the sandbox's stand-in for work a workload's users give it, beyond the requests
//! Services carry (`traffic`). `load KIND/NAME CPU` makes every pod the object owns, now and
//! later, use CPU more CPU (millicores, as a quantity: `300m`, `1.5`); `load KIND/NAME 0`
//! stops it; `load` alone lists the loads. The usage it drives is `world/usage`'s.

use crate::labels::selector::Selector;
use crate::model::quantity;
use crate::model::{Kind, Object};
use crate::store::{Key, Store, Tabled};
use crate::world::usage::MAX_LOAD_MILLI;

use super::printers::TabWriter;
use super::{KubectlError, Output, Session};

/// The objects whose pods `load` reaches (world/usage `Loads::for_pod`).
const LOADABLE: [Kind; 6] =
    [Kind::Deployment, Kind::ReplicaSet, Kind::StatefulSet, Kind::DaemonSet, Kind::Job, Kind::Pod];

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
            if get_named(&s.world.store, kind, &ns, name).is_none() {
                return Err(crate::store::ApiError::NotFound { kind, name: name.into() }.into());
            }
            let milli = u32::try_from(milli).unwrap_or(MAX_LOAD_MILLI);
            s.world.set_load(kind, Key::new(&ns, name), milli);
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

fn list(s: &Session, ns: &str) -> String {
    let mut rows = vec![vec!["OBJECT".to_string(), "CPU PER POD".to_string()]];
    for kind in LOADABLE {
        for o in list_kind(
            &s.world.store,
            kind,
            Some(ns),
            &crate::labels::selector::Selector::everything(),
        ) {
            let milli = s.world.loads().get(kind, &Key::new(ns, &o.meta().name));
            if milli > 0 {
                rows.push(vec![
                    format!("{}/{}", kind.as_str().to_lowercase(), o.meta().name),
                    format!("{milli}m"),
                ]);
            }
        }
    }
    if rows.len() == 1 {
        return format!("No loads set in {ns} namespace.\n");
    }
    TabWriter::default().write_rows(&rows)
}

fn objects_of<T: Tabled>(store: &Store, ns: Option<&str>, sel: &Selector) -> Vec<Object> {
    store.list::<T>(ns, Some(sel)).map(|o| o.clone().into_object()).collect()
}

/// The objects of a kind in the store, read directly (the sandbox's `load` and the
/// missions' probes read the cluster itself, not through the API).
pub fn list_kind(store: &Store, kind: Kind, ns: Option<&str>, sel: &Selector) -> Vec<Object> {
    let ns = ns.filter(|_| kind.namespaced());
    crate::with_kind!(kind, T => objects_of::<T>(store, ns, sel))
}

pub fn get_named(store: &Store, kind: Kind, ns: &str, name: &str) -> Option<Object> {
    let ns = if kind.namespaced() { ns } else { "" };
    store.get_object(kind, &Key::new(ns, name))
}
