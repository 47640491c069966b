//! What the kubelet does when a pod's ConfigMaps or Secrets are not there: a volume it
//! cannot set up keeps the pod `ContainerCreating` with `FailedMount` events, retried with
//! exponential back-off (pkg/volume/util/nestedpendingoperations: 500 ms doubling to
//! 2m2s); an environment it cannot build gives `CreateContainerConfigError`, retried at each
//! pod sync (kuberuntime_container.go `startContainer`: `generateContainerConfig` fails
//! with `ErrCreateContainerConfig`, the event says `Error: ` and the message). What it
//! resolves and the wording are `model::config_refs`.
//!
//! In the page's split build all of it ships with the course part (`crate::parts`): only
//! its commands make a pod that names a ConfigMap or Secret, so before it arrives a pod sets
//! up as if it named none.

use crate::model::config_refs;

use super::lifecycle::Sync;
use super::runtime::{Ctr, Step};
use crate::controllers::said::KubeletSaid;
use crate::gofmt::go_duration;

pub const FIRST_MOUNT_RETRY_MS: i64 = 500;
const MAX_MOUNT_RETRY_MS: i64 = 122_000;
/// The pod worker's `backOffPeriod` after a failed sync (pkg/kubelet/pod_workers.go).
const SYNC_RETRY_MS: i64 = 10_000;

pub fn next_mount_wait(last_ms: i64) -> i64 {
    (last_ms * 2).min(MAX_MOUNT_RETRY_MS)
}

/// The steps that read ConfigMaps and Secrets, reached through one table.
struct Steps {
    /// Holds the container back, for `wait_ms`, when a volume cannot be set up.
    mount: fn(&mut Sync<'_, '_>, &mut Ctr, i64) -> bool,
    /// Stops the container when its environment cannot be built.
    env: fn(&mut Sync<'_, '_>, &mut Ctr) -> bool,
    /// The next sync after `CreateContainerConfigError`.
    retry: fn(&mut Sync<'_, '_>, &mut Ctr),
}

const STEPS: Steps = Steps { mount: mount_step, env: env_step, retry: retry_step };

#[cfg(kubeloop_split)]
static LINKED: std::sync::OnceLock<&'static Steps> = std::sync::OnceLock::new();

fn steps() -> Option<&'static Steps> {
    #[cfg(kubeloop_split)]
    return LINKED.get().copied();
    #[cfg(not(kubeloop_split))]
    Some(&STEPS)
}

/// Makes the steps reachable: called from the code that ships with them.
pub(crate) fn link() {
    #[cfg(kubeloop_split)]
    let _ = LINKED.set(&STEPS);
}

impl Sync<'_, '_> {
    /// Whether a volume holds the container back (it then waits `wait_ms`).
    pub(super) fn held_by_mount(&mut self, c: &mut Ctr, wait_ms: i64) -> bool {
        steps().is_some_and(|s| (s.mount)(self, c, wait_ms))
    }

    /// Whether the container's environment stops it.
    pub(super) fn stopped_by_env(&mut self, c: &mut Ctr) -> bool {
        steps().is_some_and(|s| (s.env)(self, c))
    }

    /// A container in `CreateContainerConfigError` at its next sync (only the steps above
    /// put one there).
    pub(super) fn retry_config(&mut self, c: &mut Ctr) {
        if let Some(s) = steps() {
            (s.retry)(self, c);
        }
    }
}

/// The next sync: the image is checked again (and is there), then the environment.
fn retry_step(s: &mut Sync<'_, '_>, c: &mut Ctr) {
    let present = format!("Container image {:?} already present on machine", c.image);
    s.event("Normal", "Pulled", present);
    if !env_step(s, c) {
        s.create(c);
    }
}

/// One `FailedMount` for the pod (reported by its first container), then a wait.
fn mount_step(s: &mut Sync<'_, '_>, c: &mut Ctr, wait_ms: i64) -> bool {
    let Some(error) = config_refs::unmountable(s.pod, s.ctx.store) else { return false };
    if s.pod.spec.containers.first().is_some_and(|f| f.name == c.name) {
        s.event("Warning", "FailedMount", error.clone());
        let wait = go_duration(wait_ms);
        s.decide_cluster(error, KubeletSaid::RetryMount { wait });
    }
    c.step = Step::Mounting { next: s.ctx.now.plus_millis(wait_ms), wait_ms };
    true
}

fn env_step(s: &mut Sync<'_, '_>, c: &mut Ctr) -> bool {
    let Some(spec) = s.pod.spec.containers.iter().find(|x| x.name == c.name) else { return false };
    let Some(error) = config_refs::env_error(spec, &s.pod.metadata.namespace, s.ctx.store) else {
        return false;
    };
    s.event("Warning", "Failed", format!("Error: {error}"));
    s.decide_cluster(error.clone(), KubeletSaid::ReportConfigError);
    c.step = Step::ConfigError { message: error, next: s.ctx.now.plus_millis(SYNC_RETRY_MS) };
    true
}
