//! The replicaset loop's phrases: it keeps `replicas` active pods, creating, deleting,
//! adopting and releasing them (controllers/replicaset, for ReplicaSets and
//! ReplicationControllers alike).

use super::phrases;

phrases! {
    pub enum ReplicaSetSaid = "replicaset" {
        Replicas { count: usize } => "{count} replica{count|/s}";
        ActivePods { count: usize } => "{count} active pod{count|/s}";
        /// A few pods created, named (`pods`: their names, ", " between).
        CreatePods { count: usize, pods: String } => "create {count} pod{count|/s}: {pods}";
        /// Too many pods created to name them.
        CreateMany { count: usize } => "create {count} pod{count|/s}";
        /// Not one pod could be created.
        CreateFailed => "create failed";
        DeletePods { count: usize, pods: String } => "delete {count} pod{count|/s}: {pods}";
        DeleteMany { count: usize } => "delete {count} pod{count|/s}";
        DeleteFailed => "delete failed";
    }
}
