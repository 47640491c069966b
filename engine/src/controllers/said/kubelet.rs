//! The kubelet's phrases: a pod's containers pulled, created, started, probed, restarted and
//! stopped (controllers/kubelet).

use super::{phrases, Said};

phrases! {
    pub enum KubeletSaid = "kubelet" {
        WantRunning => "containers running";
        WantHealthy => "containers healthy";
        PodGone => "pod gone";
        /// What the kubelet saw, on the node it runs on.
        OnNode { node: String, seen: Box<Said> } => "{node}: {seen}";
        ImageUnparsed { image: String } => "image {image:?} does not parse";
        ReportInvalidImageName => "report InvalidImageName";
        ContainerCreated { container: String } => "container {container} created";
        StartProcess => "start its process";
        ContainerExited { container: String, code: i32 } => "container {container} exited with code {code}";
        RecordTerminated => "record it as terminated";
        RecordIt => "record it";
        BackOffOver { container: String } => "back-off for {container} over";
        RestartContainer => "restart the container";
        PullFailed { image: String } => "pull of {image} failed";
        BackOffPull { wait: String } => "back off {wait} before pulling again";
        ImageOnNode { image: String } => "image {image} already on the node";
        CreateTheContainer => "create the container";
        ImageNotOnNode { image: String } => "image {image} not on the node";
        Pull { image: String } => "pull {image}";
        ReportErrImagePull => "report ErrImagePull";
        ImageReady { image: String } => "image {image} ready";
        CreateContainer { container: String } => "create container {container}";
        LeaveIt { policy: String } => "restartPolicy {policy}: leave it";
        ExitedAgain { container: String, restarts: i32 } =>
            "container {container} exited again after {restarts} restart{restarts|/s}";
        CrashLoopWait { wait: String } => "CrashLoopBackOff: wait {wait}";
        Exited { container: String } => "container {container} exited";
        RestartNow => "restart it now";
        RetryMount { wait: String } => "retry the mount in {wait}";
        ReportConfigError => "report CreateContainerConfigError";
        DeletedWhileRunning { container: String } => "pod deleted, container {container} running";
        SigtermClean => "send SIGTERM; it stops cleanly";
        SigtermIgnored => "send SIGTERM; it ignores SIGTERM: SIGKILL at the deadline";
        AllStopped => "all containers stopped";
        DeleteGraceZero => "delete the pod with grace 0";
        /// A probe's result: `probe` is its kind as a title ("Readiness"), `runs` above one
        /// says how many in a row.
        ProbeSucceeded { probe: String, container: String, runs: i32 } =>
            "{probe:lower} probe of {container} succeeded{runs|/ {runs} times in a row}";
        ProbeFailed { probe: String, container: String, runs: i32 } =>
            "{probe:lower} probe of {container} failed{runs|/ {runs} times in a row}";
        MarkReady { container: String } => "mark {container} ready";
        MarkNotReady { container: String } => "mark {container} not ready";
        MarkStarted { container: String } =>
            "mark {container} started: liveness and readiness probes begin";
        Kill { container: String } => "kill {container}";
        KilledExited { container: String, code: i32 } =>
            "killed container {container} exited with code {code}";
    }
}
