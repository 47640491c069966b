//! The StatefulSet loop's phrases: pods `<set>-<ordinal>` created, replaced and removed in
//! order, its revisions, and the pods it claims (controllers/statefulset).

use super::phrases;

phrases! {
    pub enum StatefulSetSaid = "statefulset" {
        /// The set's size when no ordinal is owned (0 replicas).
        Replicas { replicas: i32 } => "{replicas} replica{replicas|/s}";
        /// One ordinal owned (one replica, unless the ordinals run out).
        ReplicasOne { replicas: i32, pod: String } =>
            "{replicas} replica{replicas|/s} ({pod})";
        ReplicasRange { replicas: i32, first: String, last: String } =>
            "{replicas} replica{replicas|/s} ({first}..{last})";
        /// The pod the set wants next.
        NextPod { pod: String } => "{pod}";
        PodMissing { pod: String } => "{pod} missing";
        CreateAt { pod: String, revision: String } => "create {pod} at revision {revision}";
        /// Created, with the DNS name its governing Service gives it.
        CreateReachable { pod: String, revision: String, service: String, namespace: String } =>
            "create {pod} at revision {revision}, reachable as {pod}.{service}.{namespace}.svc.cluster.local";
        /// A pod with the ordinal's name that the set does not own blocks the ordinal.
        NotOwned { pod: String } => "a pod {pod} that the set does not own";
        PodFailed { pod: String } => "{pod} has failed";
        /// Delete a failed pod so it is created again.
        DeleteToRecreate => "delete it; it comes back with the same name";
        PastLastOrdinal { pod: String } => "{pod} past the last ordinal";
        DeleteHighestFirst { pod: String } => "delete {pod} (highest ordinal first)";
        OldRevision { pod: String } => "{pod} on an old revision";
        DeleteToUpdate { pod: String, revision: String } =>
            "delete {pod}; it comes back at revision {revision}";
        StillTerminating { pod: String } => "{pod} still terminating";
        NotRunningReady { pod: String } => "{pod} not Running and Ready yet";
        NotAvailable { pod: String, min_ready_seconds: i32 } =>
            "{pod} not Available yet (minReadySeconds {min_ready_seconds})";
        Wait => "wait";
        AtMostPods { max: i32 } => "at most {max} pods";
        SpecReplicas { replicas: i32 } => "spec.replicas {replicas}";
        /// Too many replicas: the loop lays none of them out.
        RefuseReplicas => "do nothing: kubeloop runs no more pods per StatefulSet";
        WantIdentity => "each pod labelled with its own name and index";
        LostIdentity { pod: String } => "{pod} lost its identity labels";
        RestoreIdentity { pod: String } => "put back {pod}'s pod-name and pod-index labels";
        /// Adopt orphans named as members.
        OwnMembers { set: String, selector: String } =>
            "own every pod named {set}-N matching {selector}";
        /// Rollback: the template is an earlier revision's.
        EarlierTemplate => "the template of an earlier revision";
        RevisionHolds { name: String } => "revision {name} holds it";
        Renumber { name: String, revision: i64 } =>
            "renumber {name} to revision {revision} and roll back to it";
        WantRevision => "a revision for the current template";
        NoRevisionYet => "none yet";
        TemplateChanged => "the template changed";
        CreateRevision { name: String, revision: i64 } =>
            "create ControllerRevision {name} (revision {revision})";
    }
}
