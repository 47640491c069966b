//! A small test bench for the scheduler, kubelet and node lifecycle unit tests: a store,
//! machines, a clock and an informer cursor, stepping only the loops a test hands it. It is
//! the World's tick without the other controllers, so these loops can be tested alone.

use crate::clock::{Time, TICK_MS};
use crate::controllers::{Config, Controller, ControllerName, Ctx, DecisionLog, Host, Hosts};
use crate::model::*;
use crate::rng::SimRng;
use crate::store::{Key, Store};

pub struct Env {
    pub store: Store,
    pub hosts: Hosts,
    pub rng: SimRng,
    pub config: Config,
    pub decisions: DecisionLog,
    pub now: Time,
    cursor: u64,
}

pub type Loop<'a> = &'a mut dyn Controller<Key = Key>;

impl Env {
    pub fn new() -> Env {
        Env {
            store: Store::new(),
            hosts: Hosts::new(),
            rng: SimRng::new(7),
            config: Config::default(),
            decisions: DecisionLog::default(),
            now: Time::ZERO,
            cursor: 0,
        }
    }

    /// Adds a Ready node and its machine, as `World::add_nodes` does.
    pub fn add_node(&mut self, name: &str, max_pods: u32) {
        let index = self.hosts.values().map(|h| h.index).max().unwrap_or(0) + 1;
        let node = crate::controllers::nodelifecycle::new_node(name, index, max_pods, self.now);
        self.store.create(node, self.now, &mut self.rng).unwrap();
        self.hosts.insert(
            name.into(),
            Host { up: true, last_heartbeat: self.now, images: Default::default(), index },
        );
    }

    /// Creates a pod with one container; `node` binds it directly.
    pub fn add_pod(&mut self, name: &str, image: &str, node: Option<&str>) -> Pod {
        let mut pod = Pod::new(
            ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
            PodSpec {
                containers: vec![Container::new("app", image)].into(),
                node_name: node.map(String::from),
                ..Default::default()
            },
        );
        pod.metadata.labels.insert("app".into(), "web".into());
        std::rc::Rc::unwrap_or_clone(self.store.create(pod, self.now, &mut self.rng).unwrap())
    }

    pub fn pod(&self, name: &str) -> Option<&Pod> {
        self.store.get::<Pod>("default", name)
    }

    pub fn node(&self, name: &str) -> &Node {
        self.store.get::<Node>("", name).expect("node exists")
    }

    pub fn ctx(&mut self, me: ControllerName) -> Ctx<'_> {
        Ctx {
            store: &mut self.store,
            hosts: &mut self.hosts,
            now: self.now,
            rng: &mut self.rng,
            config: &self.config,
            decisions: &mut self.decisions,
            metrics: &crate::controllers::NO_METRICS,
            me,
        }
    }

    /// One tick, as `World::step`: heartbeats, watch events to the informers, then each loop
    /// over its ready keys, in the order given.
    pub fn step(&mut self, loops: &mut [Loop<'_>]) {
        self.now = self.now.plus_millis(TICK_MS);
        let now = self.now;
        for h in self.hosts.values_mut().filter(|h| h.up) {
            h.last_heartbeat = now;
        }
        for ev in self.store.watch.since(self.cursor) {
            for c in loops.iter_mut() {
                c.observe(ev, &self.store);
            }
        }
        self.cursor = self.store.watch.end();
        for c in loops.iter_mut() {
            c.queue().promote(now);
            let name = c.name();
            for key in c.queue().drain() {
                let mut ctx = self.ctx(name);
                c.reconcile(&key, &mut ctx);
            }
        }
    }

    /// Steps for `ms` of simulated time.
    pub fn run(&mut self, ms: i64, loops: &mut [Loop<'_>]) {
        let until = self.now.plus_millis(ms);
        while self.now < until {
            self.step(loops);
        }
    }

    /// Steps until `done` holds, at most `limit_ms`; returns the time it first held.
    pub fn run_until(
        &mut self,
        limit_ms: i64,
        loops: &mut [Loop<'_>],
        done: impl Fn(&Env) -> bool,
    ) -> Option<Time> {
        let until = self.now.plus_millis(limit_ms);
        while self.now < until {
            self.step(loops);
            if done(self) {
                return Some(self.now);
            }
        }
        None
    }

    /// `reason message` of every distinct event about an object, in the order they were
    /// first recorded (repeats fold into the first).
    pub fn events_of(&self, name: &str) -> Vec<String> {
        self.store
            .watch
            .since(0)
            .filter(|ev| ev.ty == crate::store::WatchEventType::Added)
            .filter_map(|ev| match &ev.object {
                Object::Event(e) if e.involved_object.name == name => {
                    Some(format!("{} {}", e.reason, e.message))
                }
                _ => None,
            })
            .collect()
    }

    /// How many times an event with this reason was recorded for an object.
    pub fn event_count(&self, name: &str, reason: &str) -> i32 {
        self.store
            .list::<Event>(None, None)
            .filter(|e| e.involved_object.name == name && e.reason == reason)
            .map(|e| e.count)
            .sum()
    }
}
