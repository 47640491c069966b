//! The Table rows of ConfigMaps and Secrets (pkg/printers/internalversion/printers.go
//! `printConfigMap`, `printSecret`): how many keys each holds, and a Secret's type.

use super::since;
use crate::clock::Time;
use crate::model::{ConfigMap, Secret};

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
