//! What every workload loop says when it claims pods by its selector: adopting an orphan that
//! matches, releasing one that no longer does (pkg/controller/controller_ref_manager.go
//! `ClaimObject`, shared by the ReplicaSet, DaemonSet and StatefulSet controllers).

use super::phrases;

phrases! {
    pub enum ClaimSaid = "claim" {
        OwnEveryPod { selector: String } => "own every pod matching {selector}";
        PodsMatching { selector: String } => "pods matching {selector}";
        OrphanMatches { pod: String } => "orphan pod {pod} matches";
        NoLongerMatches { pod: String } => "pod {pod} no longer matches";
        AdoptPod { pod: String } => "adopt pod {pod}";
        ReleasePod { pod: String } => "release pod {pod}";
    }
}
