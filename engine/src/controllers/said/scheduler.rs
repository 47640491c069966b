//! The scheduler's phrases: a pending pod bound to a node, or left Pending with why each
//! node was filtered out (controllers/scheduler.rs).

use super::{phrases, Said};

phrases! {
    pub enum SchedulerSaid = "scheduler" {
        OnANode => "pod on a node";
        /// Every node: those that fit with their pods, then those filtered out and why.
        Unscheduled { nodes: Vec<Said> } => "unscheduled; {nodes}";
        UnscheduledNoNodes => "unscheduled; no nodes";
        /// On a large cluster, only the node picked.
        UnscheduledEmptiest { nodes: usize, node: String, pods: usize } =>
            "unscheduled; {nodes} nodes, the emptiest that fits is {node} with {pods} pod{pods|/s}";
        /// The first fitting node in the list, its pods counted with their noun.
        NodeHasPods { node: String, pods: usize } => "{node} has {pods} pod{pods|/s}";
        /// A later fitting node, the noun left out.
        NodeHas { node: String, pods: usize } => "{node} has {pods}";
        /// NodeUnschedulable: the node is cordoned.
        NodeUnschedulable { node: String } => "{node}: were unschedulable";
        /// TaintToleration: a NoSchedule or NoExecute taint the pod does not tolerate.
        NodeTainted { node: String, key: String, value: String } =>
            "{node}: had untolerated taint {{{key}: {value}}}";
        /// NodeAffinity: `nodeSelector` or required node affinity.
        NodeNotMatching { node: String } => "{node}: didn't match Pod's node affinity/selector";
        /// NodeResourcesFit: the node's `pods` capacity is used up.
        NodeFull { node: String } => "{node}: Too many pods";
        LeavePending { seconds: i64 } =>
            "leave it Pending; retry when nodes change, not before {seconds}s";
        Bind { node: String } => "bind to {node}";
    }
}
