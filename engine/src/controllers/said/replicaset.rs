//! The replicaset loop's phrases: it keeps `replicas` active pods, creating, deleting,
//! adopting and releasing them (controllers/replicaset, for ReplicaSets and
//! ReplicationControllers alike).

use super::{phrases, s};

phrases! {
    pub enum ReplicaSetSaid = "replicaset" {
        Replicas { count: usize } => "{count} replica{}", s(*count);
        ActivePods { count: usize } => "{count} active pod{}", s(*count);
        /// A few pods created, named (`pods`: their names, ", " between).
        CreatePods { count: usize, pods: String } => "create {count} pod{}: {pods}", s(*count);
        /// Too many pods created to name them.
        CreateMany { count: usize } => "create {count} pod{}", s(*count);
        /// Not one pod could be created.
        CreateFailed => "create failed";
        DeletePods { count: usize, pods: String } => "delete {count} pod{}: {pods}", s(*count);
        DeleteMany { count: usize } => "delete {count} pod{}", s(*count);
        DeleteFailed => "delete failed";
    }
}
