//! The table of PriorityClasses: the two system classes every API server creates, their
//! validation, and the Priority admission plugin: one global default at most, and a new
//! pod's priority from its class (or the default class, or 0), a class it names that does
//! not exist refusing it.
//!
//! Models pkg/apis/scheduling/validation/validation.go (`ValidatePriorityClass`,
//! `ValidatePriorityClassUpdate`), pkg/registry/scheduling/priorityclass/storage/storage.go
//! (`Delete`: a system class cannot be deleted), pkg/registry/scheduling/rest
//! (`AddSystemPriorityClasses`) and plugin/pkg/admission/priority/admission.go
//! (`validatePriorityClass`, `admitPod`).

use super::table::{tabled, Table, Tabled};
use super::{ApiError, Store};
use crate::clock::Time;
use crate::labels::validation::FieldError;
use crate::model::*;

impl Tabled for PriorityClass {
    tabled!(PriorityClass, priorityclasses, false);
    fn same_spec(a: &Self, b: &Self) -> bool {
        (a.value, a.global_default, &a.description, &a.preemption_policy)
            == (b.value, b.global_default, &b.description, &b.preemption_policy)
    }
    fn keep_status(_: &mut Self, _: &Self) {}
    fn copy_status(into: &mut Self, from: &Self) {
        *into = from.clone();
    }
    fn apply_defaults(obj: &mut Self) {
        obj.set_defaults();
    }
    fn validate_spec(obj: &Self) -> Vec<FieldError> {
        let mut errors = Vec::new();
        let name = obj.metadata.name.as_str();
        if name.starts_with(SYSTEM_CLASS_PREFIX) {
            let known =
                SYSTEM_PRIORITY_CLASSES.iter().any(|(n, v, _)| *n == name && *v == obj.value);
            if !known || obj.global_default {
                let detail = format!("{name} is not a known system priority class");
                errors.push(FieldError::forbidden(
                    "metadata.name",
                    &format!("priority class names with 'system-' prefix are reserved for system use only. error: {detail}"),
                ));
            }
        } else if obj.value > HIGHEST_USER_PRIORITY {
            errors.push(FieldError::forbidden(
                "value",
                &format!(
                    "maximum allowed value of a user defined priority is {HIGHEST_USER_PRIORITY}"
                ),
            ));
        }
        if let Some(p) = obj.preemption_policy.as_deref() {
            if p != PREEMPT_LOWER_PRIORITY && p != "Never" {
                errors.push(FieldError::unsupported(
                    "preemptionPolicy",
                    p,
                    "\"Never\", \"PreemptLowerPriority\"",
                ));
            }
        }
        errors
    }
    fn validate_update(new: &Self, old: &Self) -> Vec<FieldError> {
        let mut errors = Vec::new();
        if new.value != old.value {
            errors.push(FieldError::forbidden("value", "may not be changed in an update."));
        }
        if new.preemption_policy != old.preemption_policy {
            let shown = new.preemption_policy.as_deref().unwrap_or_default();
            errors.push(FieldError::invalid("preemptionPolicy", shown, "field is immutable"));
        }
        errors
    }
    /// Priority: one class at most is the global default.
    fn admit_in(store: &Store, obj: &Self) -> Result<(), ApiError> {
        if !obj.global_default {
            return Ok(());
        }
        match store.default_priority_class() {
            Some(other) if other.metadata.name != obj.metadata.name => Err(ApiError::Forbidden {
                kind: Kind::PriorityClass,
                name: obj.metadata.name.clone(),
                message: format!(
                    "PriorityClass {} is already marked as default. Only one default can exist",
                    other.metadata.name
                ),
            }),
            _ => Ok(()),
        }
    }
    fn begin_delete(_store: &Store, obj: &Self, _now: Time) -> Result<Option<Self>, ApiError> {
        let name = &obj.metadata.name;
        if SYSTEM_PRIORITY_CLASSES.iter().any(|(n, _, _)| n == name) {
            return Err(ApiError::Forbidden {
                kind: Kind::PriorityClass,
                name: name.clone(),
                message: "this is a system priority class and cannot be deleted".into(),
            });
        }
        Ok(None)
    }
}

impl Store {
    /// The system classes, written as they are when the cluster's time starts.
    pub(super) fn create_system_priority_classes(&mut self, start: Time) {
        for (name, value, description) in SYSTEM_PRIORITY_CLASSES {
            let mut pc = PriorityClass::named(name, value);
            pc.description = description.into();
            pc.set_defaults();
            pc.metadata.uid = self.system_rng.uid();
            pc.metadata.creation_timestamp = Some(start);
            pc.metadata.resource_version = self.next_rv().to_string();
            self.store(pc, super::WatchEventType::Added, start);
        }
    }

    /// The class marked `globalDefault`, if one is (the oldest, should two be).
    fn default_priority_class(&self) -> Option<&PriorityClass> {
        self.priorityclasses
            .iter()
            .map(|(_, pc)| pc)
            .filter(|pc| pc.global_default)
            .min_by_key(|pc| (pc.metadata.creation_timestamp, pc.metadata.name.clone()))
    }

    /// Priority's mutation of a new pod: its class's value, or the default class's (named
    /// on the pod), or 0 with none.
    pub(super) fn priority_defaults(&self, pod: &mut Pod) {
        let spec = &mut pod.spec;
        let class = match spec.priority_class_name.as_deref() {
            None | Some("") => self.default_priority_class(),
            Some(name) => self.get::<PriorityClass>("", name),
        };
        let Some(class) = class else { return };
        if spec.priority_class_name.as_deref().is_none_or(str::is_empty) {
            spec.priority_class_name = Some(class.metadata.name.clone());
        }
        if spec.priority.is_none() {
            spec.priority = Some(class.value);
        }
        if spec.preemption_policy.is_none() {
            spec.preemption_policy = class.preemption_policy.as_deref().map(Into::into);
        }
    }

    /// Priority's checks of a new pod: the class it names exists, and a priority it gives
    /// itself is its class's.
    pub(super) fn priority_check(&self, pod: &Pod) -> Result<(), ApiError> {
        let m = &pod.metadata;
        let forbidden = |message: String| ApiError::Forbidden {
            kind: Kind::Pod,
            name: if m.name.is_empty() { m.generate_name.clone() } else { m.name.clone() },
            message,
        };
        let value = match pod.spec.priority_class_name.as_deref() {
            None | Some("") => 0,
            Some(name) => match self.get::<PriorityClass>("", name) {
                Some(pc) => pc.value,
                None => {
                    return Err(forbidden(format!("no PriorityClass with name {name} was found")))
                }
            },
        };
        match pod.spec.priority {
            Some(p) if p != value => Err(forbidden(format!(
                "the integer value of priority ({p}) must not be provided in pod spec; priority admission controller computed {value} from the given PriorityClass name"
            ))),
            _ => Ok(()),
        }
    }
}
