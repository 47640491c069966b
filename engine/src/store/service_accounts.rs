//! The table of ServiceAccounts: the `default` one of each namespace the cluster starts with,
//! the writes the service account loop makes from the system's own random stream, and the
//! ServiceAccount admission plugin's lookup on a pod create.
//!
//! Models plugin/pkg/admission/serviceaccount/admission.go (`Admit`: a pod's account must
//! exist, or the create is Forbidden; the `default` one is waited for while its loop has
//! not made it yet, which here is no wait at all: the create goes through).

use std::rc::Rc;

use super::table::{tabled, Table, Tabled};
use super::{ApiError, Store};
use crate::clock::Time;
use crate::model::{Pod, ServiceAccount, DEFAULT_SERVICE_ACCOUNT};

impl Tabled for ServiceAccount {
    tabled!(ServiceAccount, serviceaccounts, false);
    fn same_spec(a: &Self, b: &Self) -> bool {
        a.secrets == b.secrets
            && a.image_pull_secrets == b.image_pull_secrets
            && a.automount_service_account_token == b.automount_service_account_token
    }
    fn keep_status(_: &mut Self, _: &Self) {}
    fn copy_status(into: &mut Self, from: &Self) {
        *into = from.clone();
    }
}

impl Store {
    /// A create the system makes (the `default` accounts), drawing from the system's random
    /// stream so the world's names stay as they were.
    pub fn create_system(
        &mut self,
        obj: ServiceAccount,
        now: Time,
    ) -> Result<Rc<ServiceAccount>, ApiError> {
        let mut rng = self.system_rng.clone();
        let made = self.create(obj, now, &mut rng);
        self.system_rng = rng;
        made
    }

    /// The `default` account of each namespace the cluster starts with, written as they are
    /// (the create path's checks have nothing to refuse, and its code ships with the course
    /// part rather than in the first load).
    pub(super) fn create_system_service_accounts(&mut self, start: Time) {
        let names: Vec<String> = self.namespaces().map(str::to_string).collect();
        for ns in names {
            let mut sa = ServiceAccount::named(&ns, DEFAULT_SERVICE_ACCOUNT);
            sa.metadata.uid = self.system_rng.uid();
            sa.metadata.creation_timestamp = Some(start);
            sa.metadata.resource_version = self.next_rv().to_string();
            self.store(sa, super::WatchEventType::Added, start);
        }
    }

    /// The ServiceAccount plugin's lookup: the account a pod runs as must exist.
    pub(super) fn service_account_check(&self, pod: &Pod) -> Result<(), ApiError> {
        let ns = &pod.metadata.namespace;
        let name = pod.spec.service_account_name.as_deref().unwrap_or(DEFAULT_SERVICE_ACCOUNT);
        if name == DEFAULT_SERVICE_ACCOUNT || self.get::<ServiceAccount>(ns, name).is_some() {
            return Ok(());
        }
        let m = &pod.metadata;
        let pod_name = if m.name.is_empty() { &m.generate_name } else { &m.name };
        Err(ApiError::Forbidden {
            kind: crate::model::Kind::Pod,
            name: pod_name.clone(),
            message: format!(
                "error looking up service account {ns}/{name}: serviceaccount \"{name}\" not found"
            ),
        })
    }
}
