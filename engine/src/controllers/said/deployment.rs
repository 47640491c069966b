//! The deployment loop's phrases: the rollout budget it wants, the ReplicaSets it sees, and
//! how it creates, scales, adopts, releases and deletes them (controllers/deployment).

use super::{phrases, Said};

phrases! {
    pub enum DeploymentSaid = "deployment" {
        // ---- desired: the spec with its rollout budget resolved ----
        /// A RollingUpdate Deployment's replicas and budget.
        Rolling { replicas: i32, surge: Box<Said>, unavailable: Box<Said>, bounds: Box<Said> } =>
            "{replicas} replica{replicas|/s} ({surge}, {unavailable}): {bounds}";
        /// A Recreate Deployment's replicas.
        Recreate { replicas: i32 } =>
            "{replicas} replica{replicas|/s} (Recreate: no budget, old pods go before new ones start)";
        /// maxSurge as written (`25%`, `1`), then resolved.
        Surge { written: String, resolved: i32 } => "maxSurge {written} → {resolved}";
        /// maxUnavailable as written, then scaled (rounded down).
        Unavailable { written: String, scaled: i32 } => "maxUnavailable {written} → {scaled}";
        /// maxUnavailable scaled to 0 with maxSurge 0: the fencepost rule makes it 1.
        UnavailableFencepost { written: String, scaled: i32, resolved: i32 } =>
            "maxUnavailable {written} → {scaled} (fencepost → {resolved})";
        /// maxUnavailable scaled above the replicas: capped at them.
        UnavailableCapped { written: String, scaled: i32, resolved: i32 } =>
            "maxUnavailable {written} → {scaled} (capped → {resolved})";
        /// The most pods all ReplicaSets may want, and the fewest that must stay available.
        Bounds { total: i32, available: i32 } =>
            "up to {total} pod{total|/s}, at least {available} available";

        // ---- observed: the new ReplicaSet and the old ones ----
        /// The new ReplicaSet's part, then the old ones' part.
        Seen { new: Box<Said>, old: Box<Said> } => "{new}, {old}";
        NewRs { name: String, size: i32, available: i32 } =>
            "new RS {name} at {size} ({available} available)";
        NoNewRs => "no new RS";
        NoOldPods => "no old pods";
        OldRs { name: String, size: i32, available: i32 } =>
            "old RS {name} at {size} ({available} available)";
        /// Several old ReplicaSets that still hold pods, summed.
        OldRss { count: usize, size: i32, available: i32 } =>
            "{count} old RSs at {size} ({available} available)";
        /// A sync failed; `error` is the API's message or the loop's own.
        AnError { error: Box<Said> } => "an error: {error}";
        NeitherFoundNorCreated => "the new replica set was neither found nor created";
        OrphanRs { name: String } => "orphan RS {name} with labels matching the selector";
        NoLongerSelected { name: String } => "RS {name} whose labels no longer match the selector";
        /// History cleanup: how many old ReplicaSets, and the one that goes.
        OldestEmpty { count: usize, name: String, revision: i64 } =>
            "{count} old RS{count|/s}, RS {name} (revision {revision}) is the oldest and empty";
        PausedChanged => "spec.paused changed";

        // ---- actions ----
        /// The ReplicaSet scaled is the new one.
        TheNewRs => "new RS";
        /// The ReplicaSet scaled is an old one.
        AnOldRs => "old RS";
        /// `role` is `TheNewRs` or `AnOldRs`, `reason` says why.
        ScaleUp { role: Box<Said>, name: String, from: i32, to: i32, reason: Box<Said> } =>
            "scale up {role} {name} {from} → {to}: {reason}";
        ScaleDown { role: Box<Said>, name: String, from: i32, to: i32, reason: Box<Said> } =>
            "scale down {role} {name} {from} → {to}: {reason}";
        WantsOnly { replicas: i32 } => "the deployment wants only {replicas} replica{replicas|/s}";
        Wants { replicas: i32 } => "the deployment wants {replicas} replica{replicas|/s}";
        /// The surge bound while rolling out.
        AtMost { total: i32, replicas: i32, surge: i32 } =>
            "at most {total} pod{total|/s} during the rollout ({replicas} desired + {surge} surge)";
        /// Old replicas that are not available anyway go first.
        NotAvailable { count: i32 } =>
            "{count} of its pods {count|is/are} not available, so removing them costs nothing";
        /// The unavailability bound while rolling out.
        MustStayAvailable { available: i32, min: i32, replicas: i32, unavailable: i32 } =>
            "{available} pod{available|/s} {available|is/are} available and {min} must stay available ({replicas} desired − {unavailable} unavailable)";
        MustStay { available: i32, min: i32 } =>
            "{available} pod{available|/s} {available|is/are} available and {min} must stay available";
        OnlyActive => "it is the only active RS, so it takes every replica";
        NewSaturated => "the new RS is saturated";
        /// A replicas change spread over the active ReplicaSets by their size.
        SpreadUp { added: i32, sets: usize } =>
            "proportional scaling spreads +{added} over {sets} active RS{sets|/s}";
        SpreadDown { removed: i32, sets: usize } =>
            "proportional scaling spreads -{removed} over {sets} active RS{sets|/s}";
        RecreateStopsOld => "Recreate stops every old pod first";
        NoOldPodsLeft => "no old pods are left";
        WaitNewAvailable { bounds: Box<Said> } => "wait for new pods to become available ({bounds})";
        WaitOldTerminate => "wait for old pods to terminate";
        WaitTheNewAvailable => "wait for the new pods to become available";
        WaitOldStop => "wait for old pods to stop before starting new ones";
        PausedScaleOnly => "paused: scale only, no rollout";
        DeleteOldRs { name: String, limit: i32 } =>
            "delete old RS {name}: revisionHistoryLimit is {limit}";
        AdoptRs { name: String } => "adopt RS {name}";
        ReleaseRs { name: String } => "release RS {name}";
        /// The new ReplicaSet's template is an old revision's again: it takes the next number.
        Rerevision { name: String, revision: String, was: String } =>
            "make RS {name} revision {revision} (was {was}): its pod template is the current one again";
        /// The new ReplicaSet's name is taken by one with another template.
        HashCollision { name: String, count: i32 } =>
            "hash collision: RS {name} exists with another pod template, so set collisionCount to {count} and retry";
        TryCreateFailed { name: String } => "try to create new RS {name}, which failed";
        UseExisting { name: String } =>
            "use RS {name}: it already exists with the current pod template";
        CreateNewRs { name: String, replicas: i32, revision: String } =>
            "create new RS {name} with {replicas} replica{replicas|/s} (revision {revision}): no RS has the current pod template";
        /// The Available condition changed.
        MarkAvailable { status: String, reason: String, available: i32, needed: i32 } =>
            "mark Available={status} ({reason}: {available} available, {needed} needed)";
        RolloutComplete { status: String, reason: String } =>
            "rollout complete: mark Progressing={status} ({reason})";
        NoProgress { seconds: i32, status: String, reason: String } =>
            "no progress for {seconds}s: mark Progressing={status} ({reason})";
        /// Two status notes of one write.
        Both { first: Box<Said>, second: Box<Said> } => "{first}; {second}";
        /// Pausing or resuming sets Progressing=Unknown with `reason`.
        MarkPaused { reason: String } =>
            "mark Progressing=Unknown ({reason}): a pause does not count against the deadline";
        RetryBackoff => "retry with backoff";
    }
}

impl DeploymentSaid {
    /// The phrase, boxed to sit inside another.
    pub fn boxed(self) -> Box<Said> {
        Box::new(Said::Deployment(self))
    }
}
