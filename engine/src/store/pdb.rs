//! The table of PodDisruptionBudgets: a spec the user writes (its generation counted, as the
//! controller's `observedGeneration` answers it) and a status only the disruption
//! controller and the eviction subresource write (pkg/registry/policy/poddisruptionbudget
//! `strategy.go`).

use super::table::{status_kind, tabled, Table, Tabled};
use super::Store;
use crate::labels::validation::FieldError;
use crate::model::PodDisruptionBudget;

impl Tabled for PodDisruptionBudget {
    tabled!(PodDisruptionBudget, pdbs, true);
    status_kind!();
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::pdb(obj)
    }
}
