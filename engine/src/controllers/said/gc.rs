//! The garbage collector's phrases: dependents whose owners are gone, foreground deletion and
//! orphaning (controllers/gc.rs).

use super::phrases;

phrases! {
    pub enum GcSaid = "gc" {
        LiveOwnersOnly => "owner references to live owners only";
        /// `gone` and `alive` list owners as `Kind/name, Kind/name`.
        SomeOwnersGone { gone: String, alive: String } => "owner {gone} gone, {alive} still alive";
        RemoveStaleRefs => "remove the stale owner references";
        NoOrphans => "no dependents without an owner";
        /// `owners` lists them as `Kind/name, Kind/name`.
        OwnerGone { owners: String } => "owner {owners} is gone";
        OwnerDeleting { owners: String } => "owner {owners} is being deleted in the foreground";
        /// `cascade` is the propagation as kubectl's `--cascade` names it: `background`,
        /// `foreground`, `orphan`.
        Delete { kind: String, name: String, cascade: String } => "delete {kind} {name} ({cascade})";
        DependentsFirst => "dependents deleted before the owner";
        NoBlockingLeft => "no blocking dependents left";
        RemoveFinalizer { finalizer: String } => "remove the {finalizer} finalizer";
        KeepDependents => "dependents kept, owner deleted";
        PointHere { dependents: usize } =>
            "{dependents} dependent{dependents|/s} still point{dependents|s/} here";
        Unlink => "remove the owner reference from each dependent, then the orphan finalizer";
    }
}

#[cfg(test)]
mod tests {
    use super::GcSaid;

    #[test]
    fn one_dependent_points_here_and_two_point_here() {
        let one = GcSaid::PointHere { dependents: 1 };
        assert_eq!(one.to_string(), "1 dependent still points here");
        let two = GcSaid::PointHere { dependents: 2 };
        assert_eq!(two.to_string(), "2 dependents still point here");
    }
}
