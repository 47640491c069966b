//! One pass of the StatefulSet controller over its pods, as a pure decision: which pod to
//! create, replace, delete or wait for, under OrderedReady (one at a time, in ordinal
//! order, each Running and Ready before the next) or Parallel management, and which pod a
//! RollingUpdate with a `partition` replaces next.
//!
//! Models pkg/controller/statefulset/stateful_set_control.go `updateStatefulSet`
//! (`processReplica`, the condemned loop, the rolling-update loop) and
//! stateful_set_utils.go `newVersionedStatefulSetPod` (which revision an ordinal gets). It
//! leaves out what needs objects kubeloop lacks: claims (stale-PVC checks, retention
//! updates) and identity/storage repairs of existing pods, and the alpha
//! MaxUnavailableStatefulSet gate (updates go one pod at a time, as by default).

/// What the pass sees of one pod: the caller judges health with `identity.rs` (and its
/// clock for availability).
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    pub ordinal: i32,
    /// Phase Failed or Succeeded: the pod is replaced.
    pub finished: bool,
    /// `deletionTimestamp` is set.
    pub terminating: bool,
    pub running_and_ready: bool,
    /// Ready for `minReadySeconds`.
    pub available: bool,
    /// Its `controller-revision-hash` label.
    pub revision: String,
}

impl Member {
    /// `isHealthy`.
    fn healthy(&self) -> bool {
        self.running_and_ready && !self.terminating
    }
}

/// Why a pass stopped without acting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// "StatefulSet is waiting for Pod to Terminate".
    Terminating,
    /// "StatefulSet is waiting for Pod to be Running and Ready".
    RunningAndReady,
    /// "StatefulSet is waiting for Pod to be Available".
    Available,
}

/// One step of a pass. OrderedReady passes end after one action or one wait; Parallel
/// passes act on every pod they can.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    Create(i32),
    /// Delete a finished pod; the next pass creates it again.
    Recreate(i32),
    /// Scale down: delete a pod past the last owned ordinal.
    Condemn(i32),
    /// Rolling update: delete a pod of an old revision so it comes back at the new one.
    Update(i32),
    WaitFor(i32, Wait),
}

/// The set's side of a pass.
#[derive(Clone, Debug, PartialEq)]
pub struct Pass<'a> {
    /// `spec.ordinals.start` (0 by default) and `spec.replicas`.
    pub start: i32,
    pub replicas: i32,
    /// `podManagementPolicy: OrderedReady` (the default) rather than `Parallel`.
    pub ordered: bool,
    /// `updateStrategy`: `Some(partition)` for RollingUpdate (partition 0 by default),
    /// `None` for OnDelete.
    pub rolling_partition: Option<i32>,
    pub update_revision: &'a str,
}

/// `newVersionedStatefulSetPod`: ordinals below `start + partition` keep the current
/// revision; the rest are created at the update revision.
pub fn revision_for_ordinal<'r>(
    ordinal: i32,
    start: i32,
    partition: i32,
    current: &'r str,
    update: &'r str,
) -> &'r str {
    if ordinal < start.saturating_add(partition) {
        current
    } else {
        update
    }
}

/// `updateStatefulSet`'s decisions for one pass over `pods` (in any order).
pub fn plan(pass: &Pass, pods: &[Member]) -> Vec<Step> {
    let end = pass.start.saturating_add(pass.replicas.max(0));
    let mut replicas: Vec<Option<&Member>> = vec![None; (end - pass.start) as usize];
    let mut condemned: Vec<&Member> = Vec::new();
    for pod in pods {
        if (pass.start..end).contains(&pod.ordinal) {
            replicas[(pod.ordinal - pass.start) as usize] = Some(pod);
        } else if pod.ordinal >= 0 {
            condemned.push(pod);
        }
    }
    // Highest ordinal first: scale-down removes from the top.
    crate::sort::sort_by_key(&mut condemned, |m| std::cmp::Reverse(m.ordinal));
    let first_unhealthy =
        replicas.iter().flatten().chain(condemned.iter()).find(|m| !m.healthy()).map(|m| m.ordinal);

    let mut steps = Vec::new();
    let ordered = pass.ordered;
    for (i, slot) in replicas.iter().enumerate() {
        let ordinal = pass.start + i as i32;
        let step = match slot {
            None => Some(Step::Create(ordinal)),
            Some(m) if m.finished => {
                // Replaced on every policy; the pass ends so the new pod is created fresh.
                if !m.terminating {
                    steps.push(Step::Recreate(ordinal));
                }
                return steps;
            }
            Some(m) if m.terminating => Some(Step::WaitFor(ordinal, Wait::Terminating)),
            Some(m) if !m.running_and_ready => Some(Step::WaitFor(ordinal, Wait::RunningAndReady)),
            Some(m) if !m.available => Some(Step::WaitFor(ordinal, Wait::Available)),
            Some(_) => None,
        };
        match step {
            Some(s @ Step::Create(_)) => {
                steps.push(s);
                if ordered {
                    return steps;
                }
            }
            Some(wait) if ordered => {
                steps.push(wait);
                return steps;
            }
            _ => {}
        }
    }
    for m in &condemned {
        if m.terminating {
            if ordered {
                steps.push(Step::WaitFor(m.ordinal, Wait::Terminating));
                return steps;
            }
            continue;
        }
        // OrderedReady scales down only past a healthy set, except that the first
        // unhealthy pod may itself be the one removed.
        if ordered && Some(m.ordinal) != first_unhealthy {
            if !m.running_and_ready {
                steps.push(Step::WaitFor(
                    first_unhealthy.unwrap_or(m.ordinal),
                    Wait::RunningAndReady,
                ));
                return steps;
            }
            if !m.available {
                steps.push(Step::WaitFor(first_unhealthy.unwrap_or(m.ordinal), Wait::Available));
                return steps;
            }
        }
        steps.push(Step::Condemn(m.ordinal));
        if ordered {
            return steps;
        }
    }
    let Some(partition) = pass.rolling_partition else { return steps };
    // From the highest ordinal down to the partition: replace the first pod of an old
    // revision, and stop at any pod that is not healthy yet.
    for i in (partition.max(0) as usize..replicas.len()).rev() {
        let Some(m) = replicas[i] else { return steps };
        if m.revision != pass.update_revision && !m.terminating {
            steps.push(Step::Update(m.ordinal));
            return steps;
        }
        if !m.healthy() {
            let wait = if m.terminating { Wait::Terminating } else { Wait::RunningAndReady };
            steps.push(Step::WaitFor(m.ordinal, wait));
            return steps;
        }
    }
    steps
}

#[cfg(test)]
#[path = "ordered_tests.rs"]
mod tests;
