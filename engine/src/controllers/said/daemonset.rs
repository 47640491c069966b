//! The DaemonSet loop's phrases: a pod on every node that should run one and none elsewhere,
//! the rolling update, the pods and revisions it claims (controllers/daemon).

use super::{phrases, Said};

phrases! {
    pub enum DaemonSetSaid = "daemonset" {
        WantRevision => "a ControllerRevision holding the current template";
        NoRevisionMatches => "none matches it";
        CreateRevision { revision: i64, name: String } => "create revision {revision}: {name}";
        PodOn { node: String } => "a pod on {node}";
        RunningPodOn { node: String } => "a running pod on {node}";
        OnePodOn { node: String } => "one daemon pod on {node}";
        NoPodOn { node: String } => "no daemon pod on {node}";
        UpToDatePodOn { node: String } => "an up-to-date pod on {node}";
        /// No daemon pod on the node yet.
        NoPodYet => "none";
        /// A pod to delete and why (`NodeUnwanted` .. `ReplacementAvailable`).
        PodBecause { pod: String, why: Box<Said> } => "{pod}: {why}";
        NodeUnwanted => "the node no longer wants a daemon pod";
        NodeGone => "its node is gone";
        PodExited => "it exited";
        PodFailed => "it failed";
        OnePerNode => "a node runs one daemon pod";
        AtMostTwo => "a node runs at most two daemon pods";
        OldNotReady => "the old pod is not ready";
        ReplacementAvailable => "its replacement is available";
        /// Surge: a new pod starts beside the old one.
        SurgeRoom { node: String, max_surge: i32 } =>
            "an old pod on {node}; up to {max_surge} extra pod{max_surge|/s} may run at once";
        OldTemplate { pod: String, max_unavailable: i32 } =>
            "{pod} runs an old template; at most {max_unavailable} node{max_unavailable|/s} may be without an available pod";
        OldTemplateReplaced { pod: String } =>
            "{pod} runs an old template and its replacement is available";
        CreatePod { pod: String } => "create {pod}";
        CreateFailed => "create failed";
        DeletePod { pod: String } => "delete {pod}";
    }
}
