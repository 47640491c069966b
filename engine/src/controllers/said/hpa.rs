//! The HorizontalPodAutoscaler loop's phrases: the size it wants from the metrics, what it
//! sees of them, and the scale it sets, holds or waits for (controllers/hpa).

use super::{phrases, Said};

phrases! {
    pub enum AutoscalerSaid = "hpa" {
        /// Wanted: the target's scale (`target` is "Deployment/web").
        ScaleTarget { target: String } => "scale {target}";
        Range { min: i32, max: i32 } => "{min} to {max} replicas";
        /// Wanted: a metric's target value per pod ("50%", "cpu").
        PerPod { target: String, metric: String } => "{target} {metric} per pod";
        CannotReadScale => "cannot read its scale";
        TargetHas { target: String, replicas: i32 } => "{target} has {replicas}";
        NoUsableMetric => "no usable metric";
        /// Seen: a metric's current value over the pods measured.
        OnPods { current: String, pods: usize } => "{current} on {pods} pod{pods|/s}";
        /// Waits; `error` is the API's answer.
        WaitError { error: String } => "wait: {error}";
        DisabledAtZero => "do nothing: scaling is disabled while the target has 0 replicas";
        /// Keeps the size; `why` is the metric's failure as its Event says it.
        KeepBecause { replicas: i32, why: String } => "keep {replicas}: {why}";
        ScaleToMax { replicas: i32 } => "scale to {replicas} (the max)";
        ScaleToMin { replicas: i32 } => "scale to {replicas} (the min)";
        Keep { replicas: i32 } => "keep {replicas}";
        ScaleTo { replicas: i32 } => "scale to {replicas}";
        Wait => "wait";
        KeepWithinTolerance { replicas: i32 } => "keep {replicas} (within the 10% tolerance)";
        /// The stabilisation window holds the metrics' proposal back: `step` is what it does.
        Stabilized { proposal: i32, window: Box<Said>, size: i32, step: Box<Said> } =>
            "want to scale to {proposal}, but the last {window} recommended {size}: {step} (stabilisation window)";
        /// Min, max or a rate limits the size; `why` is the ScalingLimited condition's message.
        Limited { wanted: i32, why: String, step: Box<Said> } => "want {wanted}, but {why}: {step}";
        WindowMinutes { minutes: i32 } => "{minutes} min";
        WindowSeconds { seconds: i32 } => "{seconds} s";
    }
}
