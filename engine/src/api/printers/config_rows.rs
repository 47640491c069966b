//! The Table rows of ConfigMaps, Secrets and ServiceAccounts (pkg/printers/internalversion/
//! printers.go `printConfigMap`, `printSecret`, `printServiceAccount`): how many keys each
//! holds, a Secret's type, and how many Secrets an account lists.

use super::since;
use crate::clock::Time;
use crate::model::{ConfigMap, Secret, ServiceAccount};

pub(super) fn config_map_row(c: &ConfigMap, now: Time) -> Vec<String> {
    vec![
        c.metadata.name.clone(),
        c.key_count().to_string(),
        since(c.metadata.creation_timestamp, now),
    ]
}

pub(super) fn secret_row(s: &Secret, now: Time) -> Vec<String> {
    vec![
        s.metadata.name.clone(),
        s.type_.clone(),
        s.data.len().to_string(),
        since(s.metadata.creation_timestamp, now),
    ]
}

pub(super) fn service_account_row(a: &ServiceAccount, now: Time) -> Vec<String> {
    vec![
        a.metadata.name.clone(),
        a.secrets.len().to_string(),
        since(a.metadata.creation_timestamp, now),
    ]
}
