//! `kubectl rollout status|history|undo|restart|pause|resume` on DaemonSets and
//! StatefulSets, whose history is their ControllerRevisions. `rollout.rs` dispatches here.
//!
//! Models kubectl/pkg/polymorphichelpers/rollout_status.go (`DaemonSetStatusViewer`,
//! `StatefulSetStatusViewer`), history.go (`DaemonSetHistoryViewer`,
//! `StatefulSetHistoryViewer`, `printHistory`, `controlledHistory`), rollback.go
//! (`DaemonSetRollbacker`, `StatefulSetRollbacker`, `findHistory`), objectrestarter.go,
//! objectpauser.go and objectresumer.go, and kubectl/pkg/cmd/rollout/rollout_history.go.
//!
//! History, undo, restart, pause and resume read the set and list its revisions through the
//! API client and send their patches there; the status viewers judge the set as `rollout
//! status` last saw it from the server.

use serde_json::Value;

use crate::api::client::Refusal;
use crate::api::client::{self, Call};
use crate::api::patch::PatchType;
use crate::apimachinery::patch::strategic;
use crate::controllers::history::{data_text, template_of_patch, template_patch};
use crate::model::*;

use super::args;
use super::printers;
use super::{Kubectl, KubectlError, Output};

/// What the viewers read of a DaemonSet or StatefulSet.
struct Set {
    kind: Kind,
    uid: String,
    selector: LabelSelector,
    template: PodTemplateSpec,
}

/// The builder's GET of the set, and what the viewers read of it.
fn read(s: &mut Kubectl, kind: Kind, ns: &str, name: &str) -> Result<(Set, Object), KubectlError> {
    let obj = client::get(s.api(), kind, ns, name)?;
    let set = match &obj {
        Object::DaemonSet(ds) => Set {
            kind,
            uid: ds.metadata.uid.clone(),
            selector: ds.spec.selector.clone(),
            template: ds.spec.template.clone(),
        },
        Object::StatefulSet(sts) => Set {
            kind,
            uid: sts.metadata.uid.clone(),
            selector: sts.spec.selector.clone(),
            template: sts.spec.template.clone(),
        },
        _ => return Err(Refusal::not_found(kind, name).into()),
    };
    Ok((set, obj))
}

/// `controlledHistory`: the namespace's revisions listed by the set's selector and kept when
/// the set controls them, ordered by revision (`historiesByRevision`).
fn history_of(
    s: &mut Kubectl,
    ns: &str,
    set: &Set,
) -> Result<Vec<ControllerRevision>, KubectlError> {
    let selector = set.selector.to_selector().to_string();
    let listed = client::list(s.api(), Kind::ControllerRevision, ns, Some(&selector), None)?;
    let mut revs: Vec<ControllerRevision> = listed
        .into_iter()
        .filter_map(|o| match o {
            Object::ControllerRevision(cr) => Some((*cr).clone()),
            _ => None,
        })
        .filter(|cr| cr.metadata.controller_ref().is_some_and(|r| r.uid == set.uid))
        .collect();
    crate::sort::sort_by_key(&mut revs, |cr| cr.revision);
    Ok(revs)
}

/// The status viewers: the message, and whether the rollout is done.
pub fn status_message(set: &Object) -> Result<(String, bool), KubectlError> {
    // Both viewers return the StatefulSet constant's value, "RollingUpdate".
    let only_rolling = || {
        KubectlError::Usage(
            "rollout status is only available for RollingUpdate strategy type".into(),
        )
    };
    let name = &set.meta().name;
    let sts = match set {
        Object::DaemonSet(ds) => {
            if ds.spec.update_strategy.type_ != "RollingUpdate" {
                return Err(only_rolling());
            }
            let st = &ds.status;
            if ds.metadata.generation > st.observed_generation {
                return Ok((
                    "Waiting for daemon set spec update to be observed...\n".into(),
                    false,
                ));
            }
            return Ok(if st.updated_number_scheduled < st.desired_number_scheduled {
                (format!("Waiting for daemon set \"{name}\" rollout to finish: {} out of {} new pods have been updated...\n", st.updated_number_scheduled, st.desired_number_scheduled), false)
            } else if st.number_available < st.desired_number_scheduled {
                (format!("Waiting for daemon set \"{name}\" rollout to finish: {} of {} updated pods are available...\n", st.number_available, st.desired_number_scheduled), false)
            } else {
                (format!("daemon set \"{name}\" successfully rolled out\n"), true)
            });
        }
        Object::StatefulSet(sts) => sts,
        other => return Err(super::rollout::no_status_viewer(other.kind())),
    };
    if sts.spec.update_strategy.type_ != "RollingUpdate" {
        return Err(only_rolling());
    }
    let st = &sts.status;
    if st.observed_generation == 0 || sts.metadata.generation > st.observed_generation {
        return Ok(("Waiting for statefulset spec update to be observed...\n".into(), false));
    }
    let replicas = sts.spec.replicas;
    if st.ready_replicas < replicas {
        return Ok((
            format!("Waiting for {} pods to be ready...\n", replicas - st.ready_replicas),
            false,
        ));
    }
    // The API server always defaults `rollingUpdate.partition`, so this is the usual end.
    if let Some(r) = &sts.spec.update_strategy.rolling_update {
        let want = replicas - r.partition;
        if st.updated_replicas < want {
            return Ok((format!("Waiting for partitioned roll out to finish: {} out of {want} new pods have been updated...\n", st.updated_replicas), false));
        }
        return Ok((
            format!(
                "partitioned roll out complete: {} new pods have been updated...\n",
                st.updated_replicas
            ),
            true,
        ));
    }
    Ok(if st.update_revision != st.current_revision {
        (
            format!(
                "waiting for statefulset rolling update to complete {} pods at revision {}...\n",
                st.updated_replicas, st.update_revision
            ),
            false,
        )
    } else {
        (
            format!(
                "statefulset rolling update complete {} pods at revision {}...\n",
                st.current_replicas, st.current_revision
            ),
            true,
        )
    })
}

/// `rollout history`: the revisions and their change causes, or one revision's template.
pub fn history(
    s: &mut Kubectl,
    kind: Kind,
    ns: &str,
    name: &str,
    a: &args::Args,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let revision = a.int("revision")?.unwrap_or(0);
    let (set, _) = read(s, kind, ns, name)?;
    let history = history_of(s, ns, &set)?;
    let target = printers::operation(kind, name, "");
    let target = target.trim_end();
    if history.is_empty() {
        out.out(format!("{target} \nNo rollout history found.\n"));
        return Ok(0);
    }
    if revision > 0 {
        let Some(cr) = history.iter().find(|cr| cr.revision == revision) else {
            return Err(KubectlError::Usage("unable to find the specified revision".into()));
        };
        let template = cr.data.0.as_deref().and_then(template_of_patch).ok_or_else(|| {
            KubectlError::Usage(format!("unable to parse history {}", cr.metadata.name))
        })?;
        let text = printers::raw_pod_template(&template);
        out.out(format!("{target} with revision #{revision}\n{text}\n"));
        return Ok(0);
    }
    // tabbedString: a tabwriter with padding 2, so the first column is "REVISION" + 2 wide
    // unless a revision number is longer.
    let width =
        history.iter().map(|cr| cr.revision.to_string().len()).max().unwrap_or(0).max(8) + 2;
    let mut text = format!("{target} \n{:<width$}CHANGE-CAUSE\n", "REVISION");
    for cr in &history {
        let cause = cr
            .metadata
            .annotations
            .get("kubernetes.io/change-cause")
            .filter(|c| !c.is_empty())
            .map_or("<none>", String::as_str);
        text.push_str(&format!("{:<width$}{cause}\n", cr.revision));
    }
    text.push('\n');
    out.out(text);
    Ok(0)
}

/// `rollout undo`: the chosen revision's patch replaces the template, unless it already
/// is the template.
pub fn undo(
    s: &mut Kubectl,
    kind: Kind,
    ns: &str,
    name: &str,
    a: &args::Args,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let to = a.int("to-revision")?.unwrap_or(0);
    // rollback.go `revisionNotFoundErr`.
    let not_found =
        || KubectlError::Usage(format!("unable to find specified revision {to} in history"));
    if to < 0 {
        return Err(not_found());
    }
    let (set, _) = read(s, kind, ns, name)?;
    let history = history_of(s, ns, &set)?;
    if to == 0 && history.len() <= 1 {
        return Err(KubectlError::Usage("no last revision to roll back to".into()));
    }
    let chosen = if to == 0 {
        history.get(history.len() - 2)
    } else {
        history.iter().find(|cr| cr.revision == to)
    }
    .ok_or_else(not_found)?;
    let target = printers::operation(kind, name, "");
    let target = target.trim_end();
    let data = chosen.data.0.as_deref();
    if data.map(data_text).as_deref() == Some(template_patch(&set.template).as_str()) {
        out.out(format!(
            "{target} skipped rollback (current template already matches revision {to})\n"
        ));
        return Ok(0);
    }
    // rollback.go: the revision's data is itself the strategic merge patch that restores
    // it (`spec.template` with `$patch: replace`), sent as it is.
    let patch = data.filter(|d| template_of_patch(d).is_some()).cloned().ok_or_else(|| {
        KubectlError::Usage(format!(
            "failed restoring revision {to}: the revision holds no template"
        ))
    })?;
    client::object(s.api(), &Call::patch(set.kind, ns, name, PatchType::Strategic, patch))?;
    out.out(format!("{target} rolled back\n"));
    Ok(0)
}

/// `rollout restart`: a `kubectl.kubernetes.io/restartedAt` annotation on the template.
pub fn restart(
    s: &mut Kubectl,
    kind: Kind,
    ns: &str,
    name: &str,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let (_, obj) = read(s, kind, ns, name)?;
    // objectrestarter.go stamps the template with the time of the restart, which here is the
    // simulated clock's, and sends the strategic two-way merge patch from the set read.
    let now = s.now().to_string();
    let stamp = |t: &mut PodTemplateSpec| {
        t.metadata.annotations.insert("kubectl.kubernetes.io/restartedAt".into(), now);
    };
    let after = match &obj {
        Object::DaemonSet(ds) => {
            let mut ds = (**ds).clone();
            stamp(&mut ds.spec.template);
            serde_json::to_value(&ds)
        }
        Object::StatefulSet(sts) => {
            let mut sts = (**sts).clone();
            stamp(&mut sts.spec.template);
            serde_json::to_value(&sts)
        }
        _ => return Err(Refusal::not_found(kind, name).into()),
    }
    .unwrap_or(Value::Null);
    let patch = strategic::create_two_way(&obj.to_json(), &after).map_err(KubectlError::Plain)?;
    let call =
        Call::patch(kind, ns, name, PatchType::Strategic, patch).field_manager("kubectl-rollout");
    client::object(s.api(), &call)?;
    let target = printers::operation(kind, name, "");
    out.out(format!("{} restarted\n", target.trim_end()));
    Ok(0)
}

/// `rollout pause|resume`: only Deployments pause; rollout_pause.go wraps the pauser's
/// error as `error: <resource> "<name>" pausing is not supported`.
pub fn pause_or_resume(
    s: &mut Kubectl,
    kind: Kind,
    ns: &str,
    name: &str,
    pause: bool,
) -> KubectlError {
    if let Err(e) = read(s, kind, ns, name) {
        return e;
    }
    let verb = if pause { "pausing" } else { "resuming" };
    KubectlError::Usage(format!("{}.apps \"{name}\" {verb} is not supported", kind.plural()))
}
