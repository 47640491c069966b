//! PersistentVolumeClaim validation (pkg/apis/core/validation/validation.go
//! `ValidatePersistentVolumeClaimSpec`), for the fields the simulation reads.

use crate::labels::validation::FieldError;
use crate::model::PersistentVolumeClaim;

const ACCESS_MODES: &str =
    "\"ReadOnlyMany\", \"ReadWriteMany\", \"ReadWriteOnce\", \"ReadWriteOncePod\"";

pub fn pvc(c: &PersistentVolumeClaim) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if c.spec.access_modes.is_empty() {
        errs.push(FieldError::required("spec.accessModes", "at least 1 access mode is required"));
    }
    for m in &c.spec.access_modes {
        if !matches!(
            m.as_str(),
            "ReadOnlyMany" | "ReadWriteMany" | "ReadWriteOnce" | "ReadWriteOncePod"
        ) {
            errs.push(FieldError::unsupported("spec.accessModes", m.as_str(), ACCESS_MODES));
        }
    }
    if !c.spec.resources.requests.contains_key("storage") {
        errs.push(FieldError::required("spec.resources[storage]", ""));
    }
    errs
}
