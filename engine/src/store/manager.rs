//! Who writes: a field manager, as the API server records the writer of each change
//! (apimachinery meta/v1 `ManagedFieldsEntry.Manager`). The store stamps every watch event with
//! the manager writing at the time; it knows no writer by name, so the loops, which live
//! above it, name themselves with one (`controllers::ControllerName::manager`).

use std::fmt;

/// A writer's name, such as `deployment-controller`. The user's writes (kubectl and the
/// sandbox) carry none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FieldManager(&'static str);

impl FieldManager {
    pub const fn new(name: &'static str) -> FieldManager {
        FieldManager(name)
    }

    /// The name, as `managedFields[].manager` and an Event's source component print it.
    pub const fn name(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for FieldManager {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}
