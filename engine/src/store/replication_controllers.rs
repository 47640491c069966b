//! The table of ReplicationControllers: the API server's defaults (pkg/apis/core/v1/
//! defaults.go `SetDefaults_ReplicationController`: the selector and the object's labels
//! from the template's labels, when unset, and one replica) and validation.

use super::table::{status_kind, tabled, Table, Tabled};
use super::Store;
use crate::labels::validation::FieldError;
use crate::model::ReplicationController;

impl Tabled for ReplicationController {
    tabled!(ReplicationController, replication_controllers, true);
    fn apply_defaults(obj: &mut Self) {
        if let Some(t) = &mut obj.spec.template {
            let labels = &t.metadata.labels;
            if !labels.is_empty() {
                if obj.spec.selector.is_empty() {
                    obj.spec.selector = labels.clone();
                }
                if obj.metadata.labels.is_empty() {
                    obj.metadata.labels = labels.clone();
                }
            }
            crate::model::default_pod_spec(&mut t.spec);
        }
        obj.spec.replicas.get_or_insert(1);
    }
    status_kind!();
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::replication_controller(obj)
    }
}
