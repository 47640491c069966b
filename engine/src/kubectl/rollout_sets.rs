//! `kubectl rollout status|history|undo|restart|pause|resume` on DaemonSets and
//! StatefulSets, whose history is their ControllerRevisions. `rollout.rs` dispatches here.
//!
//! Models kubectl/pkg/polymorphichelpers/rollout_status.go (`DaemonSetStatusViewer`,
//! `StatefulSetStatusViewer`), history.go (`DaemonSetHistoryViewer`,
//! `StatefulSetHistoryViewer`, `printHistory`, `controlledHistory`), rollback.go
//! (`DaemonSetRollbacker`, `StatefulSetRollbacker`, `findHistory`), objectrestarter.go,
//! objectpauser.go and objectresumer.go, and kubectl/pkg/cmd/rollout/rollout_history.go.

use crate::controllers::history::{data_text, template_of_patch, template_patch};
use crate::model::*;
use crate::store::{ApiError, Store};

use super::args;
use super::printers;
use super::{KubectlError, Output, Session};

/// What the viewers read of a DaemonSet or StatefulSet.
struct Set {
    kind: Kind,
    uid: String,
    selector: LabelSelector,
    template: PodTemplateSpec,
}

fn read(store: &Store, kind: Kind, ns: &str, name: &str) -> Result<Set, KubectlError> {
    let not_found = || KubectlError::from(ApiError::NotFound { kind, name: name.to_string() });
    Ok(match kind {
        Kind::DaemonSet => {
            let ds = store.get::<DaemonSet>(ns, name).ok_or_else(not_found)?;
            Set {
                kind,
                uid: ds.metadata.uid.clone(),
                selector: ds.spec.selector.clone(),
                template: ds.spec.template.clone(),
            }
        }
        _ => {
            let sts = store.get::<StatefulSet>(ns, name).ok_or_else(not_found)?;
            Set {
                kind,
                uid: sts.metadata.uid.clone(),
                selector: sts.spec.selector.clone(),
                template: sts.spec.template.clone(),
            }
        }
    })
}

/// `controlledHistory`: the namespace's revisions matching the selector and controlled by
/// the set, ordered by revision (`historiesByRevision`).
fn history_of(store: &Store, ns: &str, set: &Set) -> Vec<ControllerRevision> {
    let selector = set.selector.to_selector();
    let mut revs: Vec<ControllerRevision> = store
        .list::<ControllerRevision>(Some(ns), Some(&selector))
        .filter(|cr| cr.metadata.controller_ref().is_some_and(|r| r.uid == set.uid))
        .cloned()
        .collect();
    crate::sort::sort_by_key(&mut revs, |cr| cr.revision);
    revs
}

/// The status viewers: the message, and whether the rollout is done.
pub fn status_message(
    store: &Store,
    kind: Kind,
    ns: &str,
    name: &str,
) -> Result<(String, bool), KubectlError> {
    // Both viewers return the StatefulSet constant's value, "RollingUpdate".
    let only_rolling = || {
        KubectlError::Usage(
            "rollout status is only available for RollingUpdate strategy type".into(),
        )
    };
    if kind == Kind::DaemonSet {
        let ds = store
            .get::<DaemonSet>(ns, name)
            .ok_or_else(|| ApiError::NotFound { kind, name: name.to_string() })?;
        if ds.spec.update_strategy.type_ != "RollingUpdate" {
            return Err(only_rolling());
        }
        let st = &ds.status;
        if ds.metadata.generation > st.observed_generation {
            return Ok(("Waiting for daemon set spec update to be observed...\n".into(), false));
        }
        return Ok(if st.updated_number_scheduled < st.desired_number_scheduled {
            (format!("Waiting for daemon set \"{name}\" rollout to finish: {} out of {} new pods have been updated...\n", st.updated_number_scheduled, st.desired_number_scheduled), false)
        } else if st.number_available < st.desired_number_scheduled {
            (format!("Waiting for daemon set \"{name}\" rollout to finish: {} of {} updated pods are available...\n", st.number_available, st.desired_number_scheduled), false)
        } else {
            (format!("daemon set \"{name}\" successfully rolled out\n"), true)
        });
    }
    let sts = store
        .get::<StatefulSet>(ns, name)
        .ok_or_else(|| ApiError::NotFound { kind, name: name.to_string() })?;
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
    s: &Session,
    kind: Kind,
    ns: &str,
    name: &str,
    a: &args::Args,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let revision = a.int("revision")?.unwrap_or(0);
    let set = read(&s.world.store, kind, ns, name)?;
    let history = history_of(&s.world.store, ns, &set);
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
    s: &mut Session,
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
    let set = read(&s.world.store, kind, ns, name)?;
    let history = history_of(&s.world.store, ns, &set);
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
    let template = data.and_then(template_of_patch).ok_or_else(|| {
        KubectlError::Usage(format!(
            "failed restoring revision {to}: the revision holds no template"
        ))
    })?;
    set_template(s, set.kind, ns, name, |t| *t = template)?;
    out.out(format!("{target} rolled back\n"));
    Ok(0)
}

/// `rollout restart`: a `kubectl.kubernetes.io/restartedAt` annotation on the template.
pub fn restart(
    s: &mut Session,
    kind: Kind,
    ns: &str,
    name: &str,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    read(&s.world.store, kind, ns, name)?;
    let now = s.world.now().to_string();
    set_template(s, kind, ns, name, |t| {
        t.metadata.annotations.insert("kubectl.kubernetes.io/restartedAt".into(), now);
    })?;
    let target = printers::operation(kind, name, "");
    out.out(format!("{} restarted\n", target.trim_end()));
    Ok(0)
}

/// `rollout pause|resume`: only Deployments pause; rollout_pause.go wraps the pauser's
/// error as `error: <resource> "<name>" pausing is not supported`.
pub fn pause_or_resume(s: &Session, kind: Kind, ns: &str, name: &str, pause: bool) -> KubectlError {
    if let Err(e) = read(&s.world.store, kind, ns, name) {
        return e;
    }
    let verb = if pause { "pausing" } else { "resuming" };
    KubectlError::Usage(format!("{}.apps \"{name}\" {verb} is not supported", kind.plural()))
}

fn set_template(
    s: &mut Session,
    kind: Kind,
    ns: &str,
    name: &str,
    f: impl FnOnce(&mut PodTemplateSpec),
) -> Result<(), KubectlError> {
    if kind == Kind::DaemonSet {
        s.world.modify::<DaemonSet>(ns, name, |d| f(&mut d.spec.template))?;
    } else {
        s.world.modify::<StatefulSet>(ns, name, |d| f(&mut d.spec.template))?;
    }
    Ok(())
}
