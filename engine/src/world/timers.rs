//! Future work: whether any loop has something to do now, and if not, the next timer that
//! will give one something (a delayed work-queue add, or the informers' resync), so step
//! mode can say "nothing to do" and offer to jump to it instead of running the clock.

use std::fmt;

use super::{RunState, World};
use crate::clock::{Time, TICK_MS};
use crate::controllers::{Controller, ControllerName, Wait};
use crate::model::Kind;
use crate::store::Key;

/// A moment some loop will have work: which loop, for which object, and what it waits for.
#[derive(Clone, Debug, PartialEq)]
pub struct Timer {
    pub at: Time,
    /// The loop whose queue holds it; `None` for the resync every informer shares.
    pub controller: Option<ControllerName>,
    /// The object it is for (none for the resync).
    pub object: Option<(Kind, Key)>,
    pub wait: Wait,
}

impl fmt::Display for Timer {
    /// `kubelet back-off for pod/web-7d4b9-x2x9q`, `every loop's informer resync`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.controller, &self.object) {
            (Some(c), Some((kind, key))) => write!(
                f,
                "{c} {} for {}/{}",
                self.wait,
                kind.as_str().to_ascii_lowercase(),
                key.name
            ),
            (Some(c), None) => write!(f, "{c} {}", self.wait),
            _ => write!(f, "every loop's {}", self.wait),
        }
    }
}

impl World {
    /// Whether the next tick has anything for a loop: a tick half done, undelivered watch
    /// events, a resync, ready keys, or delayed adds that fall due in it, for running loops.
    /// The kubelets' lease renewals are heartbeats, not work: a cluster doing nothing else
    /// is quiet to step mode.
    pub fn has_work_now(&mut self) -> bool {
        let undelivered =
            self.store.watch.since(self.cursor).any(|e| e.object.kind() != Kind::Lease);
        if !self.pending.is_empty() || undelivered {
            return true;
        }
        let due = self.now.plus_millis(TICK_MS);
        if self.next_resync <= due {
            return true;
        }
        let run = &self.run;
        let mut busy = false;
        each_controller!(self, c => if run[&c.name()] == RunState::Running
            && c.name() != ControllerName::NodeLease
        {
            busy |= !c.queue().is_empty() || c.queue().next_delayed().is_some_and(|t| t <= due);
        });
        busy
    }

    /// The earliest timer of a running loop, or the informers' next resync if that comes
    /// first. Paused loops' timers are left out: their keys wait until they run again.
    pub fn next_timer(&mut self) -> Option<Timer> {
        if self.run.values().all(|s| *s != RunState::Running) {
            return None;
        }
        let mut best =
            Timer { at: self.next_resync, controller: None, object: None, wait: Wait::Resync };
        let run = &self.run;
        let mut consider = |name: ControllerName, found: Option<(Time, Kind, Key, Wait)>| {
            if let Some((at, kind, key, wait)) = found {
                if run[&name] == RunState::Running && at < best.at {
                    best = Timer { at, controller: Some(name), object: Some((kind, key)), wait };
                }
            }
        };
        let object =
            |kind: Kind| move |(at, key, wait): (Time, &Key, Wait)| (at, kind, key.clone(), wait);
        consider(
            ControllerName::NodeLifecycle,
            self.node_lifecycle.queue().next_timer().map(object(Kind::Node)),
        );
        consider(
            ControllerName::Deployment,
            self.deployment.queue().next_timer().map(object(Kind::Deployment)),
        );
        consider(
            ControllerName::ReplicaSet,
            self.replicaset.queue().next_timer().map(object(Kind::ReplicaSet)),
        );
        consider(
            ControllerName::ReplicationController,
            self.replication.queue().next_timer().map(object(Kind::ReplicationController)),
        );
        consider(
            ControllerName::DaemonSet,
            self.daemonset.queue().next_timer().map(object(Kind::DaemonSet)),
        );
        consider(
            ControllerName::StatefulSet,
            self.statefulset.queue().next_timer().map(object(Kind::StatefulSet)),
        );
        consider(
            ControllerName::Job,
            self.job
                .queue()
                .next_timer()
                .map(|(at, (kind, key), wait)| (at, *kind, key.clone(), wait)),
        );
        consider(
            ControllerName::CronJob,
            self.cronjob.queue().next_timer().map(object(Kind::CronJob)),
        );
        consider(
            ControllerName::HorizontalPodAutoscaler,
            self.hpa.queue().next_timer().map(object(Kind::HorizontalPodAutoscaler)),
        );
        consider(
            ControllerName::GarbageCollector,
            self.gc
                .queue()
                .next_timer()
                .map(|(at, (kind, key), wait)| (at, *kind, key.clone(), wait)),
        );
        consider(
            ControllerName::Scheduler,
            self.scheduler.queue().next_timer().map(object(Kind::Pod)),
        );
        consider(ControllerName::Kubelet, self.kubelet.queue().next_timer().map(object(Kind::Pod)));
        consider(
            ControllerName::EndpointSlice,
            self.endpointslice.queue().next_timer().map(object(Kind::Service)),
        );
        consider(
            ControllerName::Endpoints,
            self.endpoints.queue().next_timer().map(object(Kind::Service)),
        );
        Some(best)
    }
}

#[cfg(test)]
mod tests {
    use crate::controllers::ControllerName;
    use crate::world::step::tests::session_with;
    use crate::world::{StepOutcome, World};

    #[test]
    fn a_quiet_cluster_gives_no_action_leaves_the_clock_and_names_the_resync() {
        let mut w = World::new(1);
        w.settle();
        let before = w.now();
        let StepOutcome::Quiet(Some(next)) = w.step_action(60_000) else {
            panic!("a settled cluster has nothing to do");
        };
        assert_eq!(w.now(), before, "no time passes");
        assert_eq!(next.wait, crate::controllers::Wait::Resync);
        assert!(next.at > before);
        assert_eq!(next.to_string(), "every loop's informer resync");
    }

    #[test]
    fn an_image_pull_is_the_next_timer_between_kubelet_actions() {
        let mut s = session_with("k run solo --image=nginx:1.27");
        let mut seen = Vec::new();
        for _ in 0..40 {
            match s.world.step_action(60_000) {
                StepOutcome::Acted(a) => seen.push(a.controller),
                StepOutcome::Quiet(Some(t)) => {
                    let before = s.world.now();
                    assert_eq!(s.world.step_action(60_000), StepOutcome::Quiet(Some(t.clone())));
                    assert_eq!(s.world.now(), before, "asking twice moves nothing");
                    assert_eq!(t.controller, Some(ControllerName::Kubelet), "{t}");
                    assert_eq!(t.to_string(), "kubelet image pull for pod/solo");
                    assert!(t.at > before);
                    return;
                }
                StepOutcome::Quiet(None) => break,
            }
        }
        panic!("the kubelet never waited on its container: {seen:?}");
    }
}
