//! The Job controller's writes to pods: creating them from the template (an Indexed Job's
//! with their completion index), deleting active ones, and removing the tracking finalizer
//! once a finished pod is counted. Models pkg/controller/job/job_controller.go
//! (`manageJob`'s creates, `deleteJobPods`, `removeTrackingFinalizerPatch`) and
//! indexed_job_utils.go (`addCompletionIndexAnnotation`, `addCompletionIndexLabel`,
//! `addCompletionIndexEnvVariables`, `podGenerateNameWithIndex`).

use serde_json::json;

use crate::controllers::Ctx;
use crate::model::{Job, Kind, ObjectMeta, OwnerReference, Pod};
use crate::store::{ApiError, DeleteOptions, Key};

use super::indexes::{COMPLETION_INDEX_ANNOTATION, TRACKING_FINALIZER};
use super::per_index::{new_index_failure_counts, FAILURE_COUNT, IGNORED_FAILURE_COUNT};

/// `batch.JobCompletionIndexEnvName`.
const COMPLETION_INDEX_ENV: &str = "JOB_COMPLETION_INDEX";

/// The pod `manageJob` creates: the template's labels, annotations and spec, a controller
/// reference, the tracking finalizer, and for an Indexed Job its index as annotation, label,
/// hostname, environment variable and name prefix.
pub fn pod_for(job: &Job, index: Option<i64>, replaced: Option<&Pod>) -> Pod {
    let t = &job.spec.template;
    let mut spec = t.spec.clone();
    let mut meta = ObjectMeta {
        generate_name: generate_name(&job.metadata.name, index),
        namespace: job.metadata.namespace.clone(),
        labels: t.metadata.labels.clone(),
        annotations: t.metadata.annotations.clone(),
        owner_references: vec![OwnerReference::controller("batch/v1", "Job", &job.metadata)],
        ..Default::default()
    };
    meta.finalizers = t.metadata.finalizers.clone();
    meta.finalizers.push(TRACKING_FINALIZER.to_string());
    if let Some(ix) = index {
        meta.annotations.insert(COMPLETION_INDEX_ANNOTATION.into(), ix.to_string());
        // PodIndexLabel (GA in 1.32) puts the same value on a label.
        meta.labels.insert(COMPLETION_INDEX_ANNOTATION.into(), ix.to_string());
        spec.hostname = Some(format!("{}-{ix}", job.metadata.name));
        for c in spec.containers.iter_mut() {
            add_index_env(&mut c.env);
        }
        // addIndexFailureCountAnnotation: the index's failures so far, handed on.
        if job.spec.backoff_limit_per_index.is_some() {
            let (failed, ignored) = new_index_failure_counts(job, replaced);
            meta.annotations.insert(FAILURE_COUNT.into(), failed.to_string());
            if ignored > 0 {
                meta.annotations.insert(IGNORED_FAILURE_COUNT.into(), ignored.to_string());
            }
        }
    }
    Pod::new(meta, spec)
}

/// `podGenerateNameWithIndex`: `<job>-<index>-`, shortened so the name leaves room for the
/// random suffix (`names.SimpleNameGenerator`'s 58-byte base).
fn generate_name(job: &str, index: Option<i64>) -> String {
    const MAX_BASE: usize = 63 - 5;
    match index {
        None => format!("{job}-"),
        Some(ix) => {
            let suffix = format!("-{ix}-");
            let keep = MAX_BASE.saturating_sub(suffix.len()).min(job.len());
            format!("{}{suffix}", &job[..keep])
        }
    }
}

/// `addCompletionIndexEnvVariable`: the index from the pod's label (PodIndexLabel, GA in
/// 1.32, reads the label rather than the annotation), appended to the list.
fn add_index_env(env: &mut Option<Box<serde_json::Value>>) {
    let var = json!({
        "name": COMPLETION_INDEX_ENV,
        "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": format!("metadata.labels['{COMPLETION_INDEX_ANNOTATION}']")}}
    });
    let mut list = match env.take().map(|b| *b) {
        Some(serde_json::Value::Array(items)) => items,
        _ => Vec::new(),
    };
    if list.iter().any(|e| e.get("name").and_then(|n| n.as_str()) == Some(COMPLETION_INDEX_ENV)) {
        *env = Some(Box::new(serde_json::Value::Array(list)));
        return;
    }
    list.push(var);
    *env = Some(Box::new(serde_json::Value::Array(list)));
}

/// Creates `indexes.len()` pods (or `count` unindexed ones) in slow-start batches of 1, 2,
/// 4, ..., stopping at the first failure as `manageJob` does. Returns the names created and
/// the error that stopped it.
pub fn create(
    job: &Job,
    count: usize,
    indexes: &[i64],
    replaced: &std::collections::BTreeMap<i64, Pod>,
    ctx: &mut Ctx<'_>,
) -> (Vec<String>, Option<String>) {
    let mut created = Vec::new();
    let mut batch = 1usize.min(count);
    let mut done = 0;
    while batch > 0 {
        for i in done..done + batch {
            let index = indexes.get(i).copied();
            let old = index.and_then(|ix| replaced.get(&ix));
            match ctx.store.create(pod_for(job, index, old), ctx.now, ctx.rng) {
                Ok(p) => {
                    // pkg/controller/controller_utils.go `CreatePods`: SuccessfulCreate.
                    let message = format!("Created pod: {}", p.metadata.name);
                    ctx.event(Kind::Job, &job.metadata, "Normal", "SuccessfulCreate", message);
                    created.push(p.metadata.name.clone());
                }
                Err(e) => {
                    let message = format!("Error creating: {}", e.status_message());
                    ctx.event(Kind::Job, &job.metadata, "Warning", "FailedCreate", message);
                    return (created, Some(e.to_string()));
                }
            }
        }
        done += batch;
        batch = (2 * batch).min(count - done);
    }
    (created, None)
}

/// `deleteJobPods`: remove the tracking finalizer, then DELETE (the pod still goes through
/// its graceful termination). Returns the names deleted.
pub fn delete(job: &Job, names: &[String], ctx: &mut Ctx<'_>) -> Vec<String> {
    let mut deleted = Vec::new();
    let ns = job.metadata.namespace.clone();
    for name in names {
        remove_finalizer(&ns, name, ctx);
        match ctx.store.delete::<Pod>(&ns, name, &DeleteOptions::default(), ctx.now) {
            Ok(_) => {
                // controller_utils.go `DeletePod`: SuccessfulDelete.
                let message = format!("Deleted pod: {name}");
                ctx.event(Kind::Job, &job.metadata, "Normal", "SuccessfulDelete", message);
                deleted.push(name.clone());
            }
            Err(ApiError::NotFound { .. }) => deleted.push(name.clone()),
            Err(e) => {
                let message = format!("Error deleting: {e}");
                ctx.event(Kind::Job, &job.metadata, "Warning", "FailedDelete", message);
            }
        }
    }
    deleted
}

/// `removeTrackingFinalizerPatch`: the pod has been counted (or its Job is gone).
pub fn remove_finalizer(ns: &str, name: &str, ctx: &mut Ctx<'_>) {
    let has = ctx
        .store
        .get::<Pod>(ns, name)
        .is_some_and(|p| p.metadata.has_finalizer(TRACKING_FINALIZER));
    if has {
        let _ = ctx.store.modify::<Pod>(ns, name, ctx.now, |p| {
            p.metadata.finalizers.retain(|f| f != TRACKING_FINALIZER)
        });
    }
}

/// A finished Job's pods that still hold the tracking finalizer lose it (upstream removes
/// it before the terminal condition; this catches pods that finished late).
pub fn release_counted(job: &Job, ctx: &mut Ctx<'_>) {
    let uid = job.metadata.uid.clone();
    let names: Vec<String> = ctx
        .store
        .owned_or_orphan_pods(&uid, &job.metadata.namespace)
        .into_iter()
        .filter(|p| p.metadata.controller_ref().is_some_and(|r| r.uid == uid))
        .filter(|p| p.metadata.has_finalizer(TRACKING_FINALIZER))
        .filter(|p| !p.is_active())
        .map(|p| p.metadata.name.clone())
        .collect();
    for name in names {
        remove_finalizer(&job.metadata.namespace, &name, ctx);
    }
}

/// Pods under this key's name whose Job (by UID) is gone: release their finalizer, as the
/// controller's orphan-pod handling does, so a deleted Job's pods can go.
pub fn release_orphans(key: &Key, live_uid: Option<&str>, ctx: &mut Ctx<'_>) {
    let names: Vec<String> = ctx
        .store
        .list::<Pod>(Some(&key.ns), None)
        .filter(|p| p.metadata.has_finalizer(TRACKING_FINALIZER))
        .filter(|p| {
            p.metadata.controller_ref().is_some_and(|r| {
                r.kind == "Job" && r.name == key.name && Some(r.uid.as_str()) != live_uid
            })
        })
        .map(|p| p.metadata.name.clone())
        .collect();
    for name in names {
        remove_finalizer(&key.ns, &name, ctx);
    }
}

/// `syncOrphanPod`: a pod holding the tracking finalizer whose Job is gone (or replaced under
/// the same name), or that has no controller, has it removed. A pod a live, unfinished Job
/// controls keeps it: that Job's sync releases it once counted.
pub fn sync_orphan_pod(key: &Key, ctx: &mut Ctx<'_>) {
    let Some(pod) = ctx.store.get::<Pod>(&key.ns, &key.name) else { return };
    if !pod.metadata.has_finalizer(TRACKING_FINALIZER) {
        return;
    }
    if let Some(r) = pod.metadata.controller_ref() {
        if r.kind != "Job" {
            return;
        }
        let job = ctx.store.get::<Job>(&key.ns, &r.name).filter(|j| j.metadata.uid == r.uid);
        if job.is_some_and(|j| !super::status::is_finished(&j.status)) {
            return;
        }
    }
    remove_finalizer(&key.ns, &key.name, ctx);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_indexed_pod_carries_its_index_everywhere_it_is_read() {
        let mut job = Job::default();
        job.metadata.name = "work".into();
        job.metadata.namespace = "default".into();
        job.spec.template.spec.containers =
            vec![crate::model::Container::new("c", "busybox")].into();
        let p = pod_for(&job, Some(2), None);
        assert_eq!(p.metadata.generate_name, "work-2-");
        assert_eq!(p.metadata.annotations[COMPLETION_INDEX_ANNOTATION], "2");
        assert_eq!(
            p.metadata.labels.get(COMPLETION_INDEX_ANNOTATION).map(String::as_str),
            Some("2")
        );
        assert_eq!(p.spec.hostname.as_deref(), Some("work-2"));
        assert_eq!(p.metadata.finalizers, vec![TRACKING_FINALIZER.to_string()]);
        let env = p.spec.containers[0].env.as_deref().unwrap();
        let last = env.as_array().and_then(|e| e.last()).unwrap();
        assert_eq!(last["name"], "JOB_COMPLETION_INDEX");
        assert_eq!(
            last["valueFrom"]["fieldRef"]["fieldPath"],
            "metadata.labels['batch.kubernetes.io/job-completion-index']"
        );
        let plain = pod_for(&job, None, None);
        assert_eq!(
            (plain.metadata.generate_name.as_str(), plain.spec.hostname.clone()),
            ("work-", None)
        );
    }

    #[test]
    fn a_long_job_name_is_cut_to_leave_room_for_the_index_and_suffix() {
        let long = "x".repeat(70);
        let g = generate_name(&long, Some(12));
        assert_eq!(g.len(), 58);
        assert!(g.ends_with("-12-"));
    }
}
