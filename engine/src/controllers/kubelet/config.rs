//! What the kubelet does when a pod's ConfigMaps or Secrets are not there: a volume it
//! cannot set up keeps the pod `ContainerCreating` with `FailedMount` events, retried with
//! exponential back-off (pkg/volume/util/nestedpendingoperations: 500 ms doubling to
//! 2m2s); an environment it cannot build gives `CreateContainerConfigError`, retried at each
//! pod sync (kuberuntime_container.go `startContainer`: `generateContainerConfig` fails
//! with `ErrCreateContainerConfig`, the event says `Error: ` and the message). What it
//! resolves and the wording are `model::config_refs`.

use crate::model::config_refs;

use super::lifecycle::{Sync, WANT_RUNNING};
use super::runtime::{Ctr, Step};

pub const FIRST_MOUNT_RETRY_MS: i64 = 500;
const MAX_MOUNT_RETRY_MS: i64 = 122_000;
/// The pod worker's `backOffPeriod` after a failed sync (pkg/kubelet/pod_workers.go).
const SYNC_RETRY_MS: i64 = 10_000;

pub fn next_mount_wait(last_ms: i64) -> i64 {
    (last_ms * 2).min(MAX_MOUNT_RETRY_MS)
}

impl Sync<'_, '_> {
    /// Why the pod's volumes cannot be set up, if they cannot.
    pub(super) fn mount_error(&mut self, _c: &Ctr) -> Option<String> {
        config_refs::unmountable(self.pod, self.ctx.store)
    }

    /// One `FailedMount` for the pod (reported by its first container), then a wait.
    pub(super) fn mount_failed(&mut self, c: &mut Ctr, error: String, wait_ms: i64) {
        let first = self.pod.spec.containers.first().is_some_and(|f| f.name == c.name);
        if first {
            self.event("Warning", "FailedMount", error.clone());
            self.decide(
                WANT_RUNNING,
                error,
                format!("retry the mount in {}", super::images::go_duration(wait_ms)),
            );
        }
        c.step = Step::Mounting { next: self.ctx.now.plus_millis(wait_ms), wait_ms };
    }

    /// Why the container's environment cannot be built, if it cannot.
    pub(super) fn config_error(&mut self, c: &Ctr) -> Option<String> {
        let spec = self.pod.spec.containers.iter().find(|s| s.name == c.name)?;
        config_refs::env_error(spec, &self.pod.metadata.namespace, self.ctx.store)
    }

    pub(super) fn config_failed(&mut self, c: &mut Ctr, error: String) {
        self.event("Warning", "Failed", format!("Error: {error}"));
        self.decide(WANT_RUNNING, error.clone(), "report CreateContainerConfigError".into());
        c.step =
            Step::ConfigError { message: error, next: self.ctx.now.plus_millis(SYNC_RETRY_MS) };
    }

    /// The next sync: the image is checked again (and is there), then the configuration.
    pub(super) fn retry_config(&mut self, c: &mut Ctr) {
        let present = format!("Container image {:?} already present on machine", c.image);
        self.event("Normal", "Pulled", present);
        match self.config_error(c) {
            Some(e) => self.config_failed(c, e),
            None => self.create(c),
        }
    }
}
