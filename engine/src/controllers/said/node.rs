//! The node lifecycle loop's phrases: silent nodes marked and tainted, their pods evicted,
//! pods of removed nodes collected (controllers/nodelifecycle.rs).

use super::phrases;

phrases! {
    pub enum NodeSaid = "node" {
        HeartbeatEvery { seconds: i64 } => "a kubelet heartbeat every {seconds}s at most";
        NoHeartbeat { seconds: i64 } => "no heartbeat for {seconds}s";
        MarkUnknown => "mark Ready=Unknown, taint unreachable (NoSchedule, NoExecute)";
        NodeReady => "node Ready";
        Reporting => "kubelet reporting again";
        MarkReady => "mark Ready=True, remove taints";
        NoPodsAfter { seconds: i64 } => "no pods on an unreachable node after {seconds}s";
        PodsStill { pods: usize } => "{pods} pod{pods|/s} still there";
        Evict { pods: usize } => "evict {pods} pod{pods|/s}";
        OnExistingNodes => "pods only on existing nodes";
        BoundToGone { node: String } => "bound to {node}, which is gone";
        ForceDelete => "force-delete (grace 0)";
    }
}

#[cfg(test)]
mod tests {
    use super::NodeSaid;

    #[test]
    fn pods_are_counted_in_english_plurals() {
        assert_eq!(NodeSaid::PodsStill { pods: 1 }.to_string(), "1 pod still there");
        assert_eq!(NodeSaid::Evict { pods: 3 }.to_string(), "evict 3 pods");
    }
}
