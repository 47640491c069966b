//! What one sync of the Job loop reads from the Job's pods: the active ones, those
//! terminating, and those finished but not yet counted (still holding the tracking
//! finalizer). Models pkg/controller/job/job_controller.go `syncJob`'s reads
//! (`getPodsForJob`, `controller.FilterActivePods`, `controller.CountTerminatingPods`,
//! `getNewFinishedPods`, `getValidPodsWithFilter`).

use super::failure_policy::is_pod_failed;
use super::indexes::{completion_index, TRACKING_FINALIZER};
use crate::model::{Job, Pod, PodPhase};
use crate::store::Store;

pub struct Seen {
    pub active: Vec<Pod>,
    pub terminating: Vec<Pod>,
    pub new_succeeded: Vec<Pod>,
    pub new_failed: Vec<Pod>,
    /// Every pod of the Job, for the Indexed counts and `pastBackoffLimitOnFailure`.
    pub all: Vec<Pod>,
}

pub fn seen(job: &Job, store: &Store) -> Seen {
    let uid = job.metadata.uid.as_str();
    let all: Vec<Pod> = store
        .owned_or_orphan_pods(uid, &job.metadata.namespace)
        .into_iter()
        .filter(|p| p.metadata.controller_ref().is_some_and(|r| r.uid == uid))
        .cloned()
        .collect();
    let finished = |p: &Pod| matches!(p.status.phase, PodPhase::Succeeded | PodPhase::Failed);
    // getValidPodsWithFilter: uncounted (holding the finalizer) and, for an Indexed Job,
    // with an index in range.
    let completions = i64::from(job.spec.completions.unwrap_or(0));
    let valid = |p: &&Pod| {
        p.metadata.has_finalizer(TRACKING_FINALIZER)
            && (!job.spec.is_indexed() || completion_index(p).is_some_and(|ix| ix < completions))
    };
    Seen {
        active: all.iter().filter(|p| p.is_active()).cloned().collect(),
        // controller.CountTerminatingPods: deleting, not yet finished.
        terminating: all
            .iter()
            .filter(|p| p.metadata.is_deleting() && !finished(p))
            .cloned()
            .collect(),
        new_succeeded: all
            .iter()
            .filter(valid)
            .filter(|p| p.status.phase == PodPhase::Succeeded)
            .cloned()
            .collect(),
        new_failed: all.iter().filter(valid).filter(|p| is_pod_failed(p, job)).cloned().collect(),
        all,
    }
}
