//! The table of Ingresses. pkg/registry/networking/ingress/strategy.go: a create starts with
//! an empty status and generation 1, a spec change bumps the generation, and only the status
//! subresource writes the status (no loop here does: there is no ingress controller). The
//! API server has no defaults for an Ingress; validation is `model::validate::ingress`.

use super::table::{status_kind, tabled, Table, Tabled};
use super::Store;
use crate::labels::validation::FieldError;
use crate::model::Ingress;

impl Tabled for Ingress {
    tabled!(Ingress, ingresses, true);
    status_kind!();
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::ingress(obj)
    }
    fn validate_create(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::ingress_create(obj)
    }
}
