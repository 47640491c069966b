//! `kubectl rollout status|history|undo|pause|resume|restart`.
//!
//! Models kubectl/pkg/polymorphichelpers (`DeploymentStatusViewer`, `DeploymentHistoryViewer`,
//! `DeploymentRollbacker`, objectpauser.go, objectresumer.go, objectrestarter.go) and
//! kubectl/pkg/cmd/rollout. A Deployment is read, its ReplicaSets listed and its changes sent
//! through the API client; `rollout status` follows the object as rollout_status.go's
//! `UntilWithSync` does, a LIST by name then WATCHes (`observe.rs`). DaemonSets and StatefulSets, whose history is ControllerRevisions, are
//! `rollout_sets.rs`; this file dispatches to it.

mod requests;
#[cfg(test)]
mod tests;

/// A script session over a new cluster, for `rollout/tests.rs`.
#[cfg(test)]
fn new_session() -> crate::session::Session {
    crate::session::Session::script(1)
}

use crate::api::client::{self, Call};
use crate::api::client::{Api, Refusal};
use crate::api::patch::PatchType;
use crate::clock::Time;
use crate::model::*;

use super::args::{self, flag, FlagSpec};
use super::observe::Observed;
use super::printers;
use super::resource;
use super::{Kubectl, KubectlError, Output};

const REVISION: &str = "deployment.kubernetes.io/revision";
const HASH: &str = "pod-template-hash";
const RESTARTED_AT: &str = "kubectl.kubernetes.io/restartedAt";

pub(super) const ROLLOUT_FLAGS: &[FlagSpec] = &[
    flag("namespace", Some('n')),
    flag("to-revision", None),
    flag("timeout", None),
    flag("watch", Some('w')),
    flag("revision", None),
];

fn deployment_arg(
    a: &args::Args,
    sub: &str,
    s: &mut Kubectl,
    ns: &str,
) -> Result<String, KubectlError> {
    let sel = resource::select(&a.positional[1..], false)?;
    match sel.items.as_slice() {
        [(Kind::Deployment, names)] if names.len() == 1 => Ok(names[0].clone()),
        // Each subcommand's Complete/Validate (rollout_status.go, rollout_undo.go, ...)
        // returns this plain error, with no "See ... -h" line.
        [(Kind::Deployment, _)] | [] => {
            Err(KubectlError::Usage("required resource not specified".into()))
        }
        // The builder fetches the object before a viewer is looked for.
        [(k, names)] if sub == "status" && names.len() == 1 => {
            client::get(s.api(), *k, ns, &names[0])?;
            Err(no_status_viewer(*k))
        }
        [(k, _)] => Err(KubectlError::Usage(format!(
            "no {sub} viewer has been implemented for {}",
            k.plural()
        ))),
        _ => Err(KubectlError::Usage("rollout takes exactly one deployment".into())),
    }
}

/// The kinds with ControllerRevision history (`rollout_sets.rs`).
fn is_set(kind: Kind) -> bool {
    matches!(kind, Kind::DaemonSet | Kind::StatefulSet)
}

/// One DaemonSet or StatefulSet named by the arguments, if that is what they name.
fn set_arg(a: &args::Args) -> Option<(Kind, String)> {
    let sel = resource::select(&a.positional[1..], false).ok()?;
    match sel.items.as_slice() {
        [(k, names)] if is_set(*k) && names.len() == 1 => Some((*k, names[0].clone())),
        _ => None,
    }
}

/// polymorphichelpers/statusviewer.go `StatusViewerFor`: Deployments, DaemonSets and
/// StatefulSets; the kind
/// prints as a GroupKind (`ReplicaSet.apps`, `Pod`).
pub(super) fn no_status_viewer(kind: Kind) -> KubectlError {
    let group_kind = match kind.group() {
        "" => kind.as_str().to_string(),
        g => format!("{}.{g}", kind.as_str()),
    };
    KubectlError::Usage(format!("no status viewer has been implemented for {group_kind}"))
}

pub fn rollout(
    s: &mut Kubectl,
    argv: &[String],
    to_completion: bool,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    // Flag errors name the subcommand, as cobra does ("See 'kubectl rollout status --help'").
    let verb = match argv.iter().find(|w| !w.starts_with('-')).map(String::as_str) {
        Some(sub @ ("status" | "history" | "undo" | "pause" | "resume" | "restart")) => {
            format!("rollout {sub}")
        }
        _ => "rollout".to_string(),
    };
    let a = args::parse(argv, ROLLOUT_FLAGS, &verb)?;
    let Some(sub) = a.positional.first().cloned() else {
        return Err(KubectlError::Usage(
            "you must specify a subcommand: history, pause, restart, resume, status or undo".into(),
        ));
    };
    if !matches!(sub.as_str(), "status" | "history" | "undo" | "pause" | "resume" | "restart") {
        return Err(KubectlError::Plain(format!(
            "error: unknown command \"{sub}\" for \"kubectl rollout\"\nRun 'kubectl rollout --help' for usage."
        )));
    }
    let ns = a.get("namespace").unwrap_or("default").to_string();
    let mut set = set_arg(&a);
    // The builder would visit every DaemonSet or StatefulSet of the namespace; kubeloop's
    // rollout takes them one at a time.
    if let Ok(sel) = resource::select(&a.positional[1..], false) {
        if let [(kind, names)] = sel.items.as_slice() {
            if is_set(*kind) && names.is_empty() && sub != "status" {
                return Err(KubectlError::Plain(format!(
                    "kubeloop: rollout {sub} takes one {} here: name it, as in {}/NAME",
                    kind.as_str().to_lowercase(),
                    kind.as_str().to_lowercase()
                )));
            }
        }
    }
    let name = match (sub.as_str(), a.positional.as_slice()) {
        _ if set.is_some() => String::new(),
        // rollout_status.go Run: a bare type is a collection, and status takes exactly one.
        ("status", [_, ty]) if !ty.contains('/') => {
            let kind = resource::kind_of(ty)?;
            let found = client::list(s.api(), kind, &ns, None, None)?;
            match found.as_slice() {
                [one] if kind == Kind::Deployment => one.meta().name.clone(),
                [one] if is_set(kind) => {
                    set = Some((kind, one.meta().name.clone()));
                    String::new()
                }
                [_] => return Err(no_status_viewer(kind)),
                _ => return Err(KubectlError::Usage(format!(
                    "rollout status is only supported on individual resources and resource collections - {} resources were found",
                    found.len()
                ))),
            }
        }
        _ => deployment_arg(&a, &sub, s, &ns)?,
    };
    if let Some((kind, name)) = set {
        return match sub.as_str() {
            "status" => status(s, kind, &ns, &name, &a, to_completion, out),
            "history" => super::rollout_sets::history(s, kind, &ns, &name, &a, out),
            "undo" => super::rollout_sets::undo(s, kind, &ns, &name, &a, out),
            "restart" => super::rollout_sets::restart(s, kind, &ns, &name, out),
            _ => Err(super::rollout_sets::pause_or_resume(s, kind, &ns, &name, sub == "pause")),
        };
    }
    // The builder's GET of the Deployment.
    let Object::Deployment(d) = client::get(s.api(), Kind::Deployment, &ns, &name)? else {
        return Err(Refusal::not_found(Kind::Deployment, &name).into());
    };
    let d = (*d).clone();
    let target = printers::operation(Kind::Deployment, &name, "");
    let target = target.trim_end();
    match sub.as_str() {
        "status" => status(s, Kind::Deployment, &ns, &name, &a, to_completion, out),
        "history" => {
            if a.has("revision") {
                return Err(KubectlError::Plain(
                    "kubeloop: rollout history --revision is not supported in kubeloop".into(),
                ));
            }
            let rss = requests::owned_replicasets(s, &d)?;
            let mut revs: Vec<(i64, String)> = rss
                .iter()
                .filter_map(|rs| {
                    let r = rs.metadata.annotations.get(REVISION)?.parse().ok()?;
                    let cause = rs
                        .metadata
                        .annotations
                        .get("kubernetes.io/change-cause")
                        .cloned()
                        .unwrap_or("<none>".into());
                    Some((r, cause))
                })
                .collect();
            crate::sort::sort(&mut revs);
            if revs.is_empty() {
                out.out("No rollout history found.\n");
                return Ok(0);
            }
            let mut text = format!("{target} \nREVISION  CHANGE-CAUSE\n");
            for (r, cause) in revs {
                text.push_str(&format!("{:<10}{cause}\n", r));
            }
            text.push('\n');
            out.out(text);
            Ok(0)
        }
        "undo" => {
            if d.spec.paused {
                return Err(KubectlError::Usage(
                    "you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again".into(),
                ));
            }
            let rss = requests::owned_replicasets(s, &d)?;
            let mut by_rev: Vec<(i64, ReplicaSet)> = rss
                .into_iter()
                .filter_map(|rs| Some((rs.metadata.annotations.get(REVISION)?.parse().ok()?, rs)))
                .collect();
            crate::sort::sort_by_key(&mut by_rev, |(r, _)| *r);
            let wanted = a.int("to-revision")?.unwrap_or(0);
            let chosen = if wanted == 0 {
                if by_rev.len() < 2 {
                    return Err(KubectlError::Usage(format!(
                        "no rollout history found for deployment \"{name}\""
                    )));
                }
                by_rev[by_rev.len() - 2].clone()
            } else {
                by_rev.iter().find(|(r, _)| *r == wanted).cloned().ok_or_else(|| {
                    KubectlError::Usage(format!(
                        "unable to find specified revision {wanted} in history"
                    ))
                })?
            };
            let mut template = chosen.1.spec.template.clone();
            template.metadata.labels.remove(HASH);
            if template == d.spec.template {
                out.out(format!(
                    "{target} skipped rollback (current template already matches revision {})\n",
                    chosen.0
                ));
                return Ok(0);
            }
            let patch = requests::rollback_patch(&d, &chosen.1, &template)?;
            let call = Call::patch(Kind::Deployment, &ns, &name, PatchType::Json, patch);
            client::object(s.api(), &call)?;
            out.out(format!("{target} rolled back\n"));
            Ok(0)
        }
        "pause" | "resume" => {
            let pause = sub == "pause";
            if d.spec.paused == pause {
                let state = if pause { "is already paused" } else { "is not paused" };
                return Err(KubectlError::Usage(format!("deployments.apps \"{name}\" {state}")));
            }
            let mut next = d.clone();
            next.spec.paused = pause;
            requests::send_two_way(s, &d, &next)?;
            out.out(format!("{target} {}\n", if pause { "paused" } else { "resumed" }));
            Ok(0)
        }
        _ => {
            if d.spec.paused {
                return Err(KubectlError::Usage(format!(
                    "deployments.apps \"{name}\" can't restart paused deployment (run rollout resume first)"
                )));
            }
            // objectrestarter.go stamps the template with the time of the restart, which
            // here is the simulated clock's.
            let now = s.now().to_string();
            let mut next = d.clone();
            next.spec.template.metadata.annotations.insert(RESTARTED_AT.into(), now);
            requests::send_two_way(s, &d, &next)?;
            out.out(format!("{target} restarted\n"));
            Ok(0)
        }
    }
}

/// `DeploymentStatusViewer.Status`: the message and whether the rollout is done.
pub fn status_message(d: &Deployment) -> Result<(String, bool), KubectlError> {
    let name = &d.metadata.name;
    if d.metadata.generation > d.status.observed_generation {
        return Ok(("Waiting for deployment spec update to be observed...\n".into(), false));
    }
    if d.condition("Progressing").is_some_and(|c| c.reason == "ProgressDeadlineExceeded") {
        return Err(KubectlError::Usage(format!(
            "deployment \"{name}\" exceeded its progress deadline"
        )));
    }
    let st = &d.status;
    Ok(if st.updated_replicas < d.spec.replicas {
        (format!("Waiting for deployment \"{name}\" rollout to finish: {} out of {} new replicas have been updated...\n", st.updated_replicas, d.spec.replicas), false)
    } else if st.replicas > st.updated_replicas {
        (format!("Waiting for deployment \"{name}\" rollout to finish: {} old replicas are pending termination...\n", st.replicas - st.updated_replicas), false)
    } else if st.available_replicas < st.updated_replicas {
        (format!("Waiting for deployment \"{name}\" rollout to finish: {} of {} updated replicas are available...\n", st.available_replicas, st.updated_replicas), false)
    } else {
        (format!("deployment \"{name}\" successfully rolled out\n"), true)
    })
}

fn timeout_ms(a: &args::Args, default_ms: i64) -> Result<i64, KubectlError> {
    match a.get("timeout") {
        None => Ok(default_ms),
        Some(t) => match super::sandbox::parse_duration(t) {
            Some(0) => Ok(super::waiting::LONGEST_WAIT_MS),
            Some(ms) => Ok(ms),
            None => Err(KubectlError::Usage(format!(
                "invalid argument \"{t}\" for \"--timeout\" flag: time: invalid duration \"{t}\""
            ))),
        },
    }
}

/// rollout_status.go `Run`: prints each new status message until the rollout is done; with
/// `--watch=false`, once.
fn status(
    s: &mut Kubectl,
    kind: Kind,
    ns: &str,
    name: &str,
    a: &args::Args,
    to_completion: bool,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let watch = a.get("watch").is_none_or(|w| w != "false");
    let deadline = s.now().plus_millis(timeout_ms(a, super::waiting::LONGEST_WAIT_MS)?);
    let mut op = RolloutWait {
        kind,
        name: name.to_string(),
        deadline,
        last: String::new(),
        seen: Observed::new(kind, ns, name),
    };
    if !watch {
        return Ok(op.check(s.api(), out).unwrap_or(0));
    }
    Ok(super::waiting::begin(s, Box::new(op), to_completion, out))
}

/// `rollout status` following a Deployment, DaemonSet or StatefulSet: the last message
/// printed, and the deadline.
pub struct RolloutWait {
    kind: Kind,
    name: String,
    deadline: Time,
    last: String,
    /// The object as the server reported it.
    seen: Observed,
}

impl RolloutWait {
    /// Prints the status when it changed; `Some(status)` once the rollout is done or failed.
    fn check(&mut self, api: &mut dyn Api, out: &mut Output) -> Option<i32> {
        let message = match self.seen.poll(api) {
            Ok(Some(Object::Deployment(d))) => status_message(d),
            Ok(Some(set)) => super::rollout_sets::status_message(set),
            Ok(None) => Err(Refusal::not_found(self.kind, &self.name).into()),
            Err(refusal) => Err(refusal.into()),
        };
        match message {
            Err(e) => {
                out.err(format!("{e}\n"));
                Some(1)
            }
            Ok((msg, done)) => {
                if msg != self.last {
                    out.out(msg.clone());
                    self.last = msg;
                }
                done.then_some(0)
            }
        }
    }

    /// `check`, then the timeout: `Some(status)` when the command is over.
    pub fn poll(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) -> Option<i32> {
        if let Some(status) = self.check(api, out) {
            return Some(status);
        }
        if now >= self.deadline {
            out.err("error: timed out waiting for the condition\n");
            return Some(1);
        }
        None
    }

    pub fn describe(&self) -> String {
        let what = match self.kind {
            Kind::DaemonSet => "daemon set",
            Kind::StatefulSet => "statefulset",
            _ => "deployment",
        };
        format!("waiting for {what} \"{}\" rollout to finish", self.name)
    }
}

impl super::waiting::Wait for RolloutWait {
    fn poll(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) -> Option<i32> {
        RolloutWait::poll(self, api, now, out)
    }

    fn describe(&self) -> String {
        RolloutWait::describe(self)
    }
}
