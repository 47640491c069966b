//! The tables of ConfigMaps and Secrets. Neither has a spec or a status: the whole object is
//! what a write changes, and neither tracks a generation (pkg/registry/core/configmap and
//! pkg/registry/core/secret `strategy.go`).

use super::table::{tabled, Table, Tabled};
use super::Store;
use crate::labels::validation::FieldError;
use crate::model::{ConfigMap, Secret};

impl Tabled for ConfigMap {
    tabled!(ConfigMap, configmaps, false);
    fn same_spec(a: &Self, b: &Self) -> bool {
        a.data == b.data && a.binary_data == b.binary_data && a.immutable == b.immutable
    }
    fn keep_status(_: &mut Self, _: &Self) {}
    fn copy_status(into: &mut Self, from: &Self) {
        *into = from.clone();
    }
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::config_map(obj)
    }
    fn validate_update(new: &Self, old: &Self) -> Vec<FieldError> {
        crate::model::validate::config_map_update(new, old)
    }
}

impl Tabled for Secret {
    tabled!(Secret, secrets, false);
    fn same_spec(a: &Self, b: &Self) -> bool {
        a.data == b.data && a.type_ == b.type_ && a.immutable == b.immutable
    }
    fn keep_status(_: &mut Self, _: &Self) {}
    fn copy_status(into: &mut Self, from: &Self) {
        *into = from.clone();
    }
    fn apply_defaults(obj: &mut Self) {
        obj.normalize();
    }
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        crate::model::validate::secret(obj)
    }
    fn validate_update(new: &Self, old: &Self) -> Vec<FieldError> {
        crate::model::validate::secret_update(new, old)
    }
}

/// The kubelet reads ConfigMaps and Secrets from the store, as its managers read them from
/// the API server's watch cache.
impl crate::model::config_refs::ConfigSource for Store {
    fn config_map(&mut self, ns: &str, name: &str) -> Option<std::rc::Rc<ConfigMap>> {
        self.get_rc::<ConfigMap>(ns, name)
    }
    fn secret(&mut self, ns: &str, name: &str) -> Option<std::rc::Rc<Secret>> {
        self.get_rc::<Secret>(ns, name)
    }
}
