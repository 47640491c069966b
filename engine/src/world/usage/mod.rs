//! Simulated resource usage: what each running container uses (CPU in millicores, memory in
//! bytes), as metrics-server would report it, for `kubectl top` and, later, the HPA. Pure:
//! a function of the store, the Services' users, the loads set with `load`, and `now`.
//!
//! A container uses a small idle base for its program (the image catalogue's `App`), plus a
//! millicore per request per second its pod serves (its share of each Service's rate through
//! kube-proxy's rules), plus the explicit load of the workload that owns it, capped by its
//! CPU limit. Memory grows modestly with CPU and stays under its memory limit. Metrics exist
//! only for running containers, one metrics-server scrape after they start. It does not
//! model CPU requests' scheduling effects, throttling history or OOM kills.

use crate::model::quantity;

use std::collections::BTreeMap;

use crate::clock::Time;
use crate::controllers::kubelet::{image_behaviour, App, ImageBehaviour};
use crate::controllers::kubeproxy::KubeProxy;
use crate::controllers::Hosts;
use crate::model::{Container, Kind, Node, Pod, ReplicaSet, Resources, Service};
use crate::store::{Key, Store};

use super::traffic::Traffic;

/// metrics-server's scrape interval (`--metric-resolution`, 15 s): a container has no
/// metrics until one scrape after it starts.
pub const SCRAPE_MS: i64 = 15_000;
/// The most CPU `load` may ask of each pod: 64 cores.
pub const MAX_LOAD_MILLI: u32 = 64_000;
/// What the node's own daemons use (kubelet, containerd, kube-proxy), on top of its pods.
const NODE_SYSTEM_CPU_MILLI: u64 = 48;
const NODE_SYSTEM_MEMORY: u64 = 412 * MI;
const KI: u64 = 1024;
const MI: u64 = 1024 * 1024;
/// Memory a container gains per millicore of work above its idle base.
const MEMORY_PER_MILLI: u64 = 40 * KI;

/// CPU and memory at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    pub cpu_milli: u64,
    pub memory_bytes: u64,
}

impl std::ops::Add for Usage {
    type Output = Usage;
    fn add(self, o: Usage) -> Usage {
        Usage {
            cpu_milli: self.cpu_milli + o.cpu_milli,
            memory_bytes: self.memory_bytes + o.memory_bytes,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContainerUsage {
    pub name: String,
    pub usage: Usage,
}

/// The explicit loads `load KIND/NAME CPU` set: millicores per pod of a Deployment,
/// ReplicaSet, StatefulSet, DaemonSet, Job or Pod. Part of the world, so a replay of the same commands sees the same
/// numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Loads {
    by_object: BTreeMap<(Kind, Key), u32>,
}

impl Loads {
    /// Sets the load of an object's pods; 0 removes it.
    pub fn set(&mut self, kind: Kind, key: Key, milli: u32) {
        if milli == 0 {
            self.by_object.remove(&(kind, key));
        } else {
            self.by_object.insert((kind, key), milli);
        }
    }

    pub fn get(&self, kind: Kind, key: &Key) -> u32 {
        self.by_object.get(&(kind, key.clone())).copied().unwrap_or(0)
    }

    /// The load that reaches `pod`: its own, else its controller's (a ReplicaSet,
    /// StatefulSet, DaemonSet or Job), else the Deployment's that controls that ReplicaSet
    /// (the pods an object owns now and later).
    pub fn for_pod(&self, store: &Store, pod: &Pod) -> u32 {
        let ns = pod.metadata.namespace.as_str();
        let own = self.get(Kind::Pod, &Key::new(ns, &pod.metadata.name));
        if own > 0 || self.by_object.is_empty() {
            return own;
        }
        let Some(owner) = pod.metadata.controller_ref() else { return 0 };
        // The workloads that own their pods directly.
        let direct = match owner.kind.as_str() {
            "StatefulSet" => Some(Kind::StatefulSet),
            "DaemonSet" => Some(Kind::DaemonSet),
            "Job" => Some(Kind::Job),
            _ => None,
        };
        if let Some(kind) = direct {
            return self.get(kind, &Key::new(ns, &owner.name));
        }
        if owner.kind != "ReplicaSet" {
            return 0;
        }
        let rs_load = self.get(Kind::ReplicaSet, &Key::new(ns, &owner.name));
        if rs_load > 0 {
            return rs_load;
        }
        let deployment = store
            .get::<ReplicaSet>(ns, &owner.name)
            .and_then(|rs| rs.metadata.controller_ref())
            .filter(|r| r.kind == "Deployment");
        deployment.map_or(0, |d| self.get(Kind::Deployment, &Key::new(ns, &d.name)))
    }
}

/// Usage as metrics-server would serve it now: a view over the world.
pub struct Metrics<'a> {
    store: &'a Store,
    hosts: &'a Hosts,
    loads: &'a Loads,
    /// Thousandths of a request per second each pod (namespace, name) serves.
    served: BTreeMap<Key, u64>,
    now: Time,
}

impl<'a> Metrics<'a> {
    pub fn new(
        store: &'a Store,
        proxy: &KubeProxy,
        traffic: &Traffic,
        loads: &'a Loads,
        hosts: &'a Hosts,
        now: Time,
    ) -> Self {
        Metrics { store, hosts, loads, served: served(store, proxy, traffic), now }
    }

    /// A pod's containers' usage, or `None` while metrics-server has no sample of it.
    pub fn pod(&self, pod: &Pod) -> Option<Vec<ContainerUsage>> {
        let node_up = pod.spec.node_name.as_deref().is_some_and(|n| self.host_up(n));
        if !node_up {
            return None;
        }
        let key = Key::new(&pod.metadata.namespace, &pod.metadata.name);
        let inputs = Inputs {
            load_milli: self.loads.for_pod(self.store, pod),
            served_milli_rps: self.served.get(&key).copied().unwrap_or(0),
        };
        pod_usage(pod, inputs, self.now)
    }

    /// A node's usage: its pods' plus its own daemons', or `None` while it is not scraped
    /// (its kubelet is down, or it registered less than a scrape ago).
    pub fn node(&self, node: &Node) -> Option<Usage> {
        let name = node.metadata.name.as_str();
        let registered = node.metadata.creation_timestamp.unwrap_or(Time::ZERO);
        if !self.host_up(name) || self.now.since(registered) < SCRAPE_MS {
            return None;
        }
        let mut total =
            Usage { cpu_milli: NODE_SYSTEM_CPU_MILLI, memory_bytes: NODE_SYSTEM_MEMORY };
        for pod in self.store.list::<Pod>(None, None) {
            if pod.spec.node_name.as_deref() != Some(name) {
                continue;
            }
            for c in self.pod(pod).unwrap_or_default() {
                total = total + c.usage;
            }
        }
        Some(total)
    }

    fn host_up(&self, node: &str) -> bool {
        self.hosts.get(node).is_some_and(|h| h.up)
    }
}

/// What drives a pod's usage besides its containers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Inputs {
    /// The explicit load on the pod, in millicores.
    pub load_milli: u32,
    /// Requests per second it serves, in thousandths.
    pub served_milli_rps: u64,
}

/// The usage of each running container of `pod` that started at least a scrape ago, or
/// `None` when there is none.
pub fn pod_usage(pod: &Pod, inputs: Inputs, now: Time) -> Option<Vec<ContainerUsage>> {
    let running: Vec<(&Container, App)> = pod
        .spec
        .containers
        .iter()
        .filter_map(|c| {
            let status = pod.status.container_statuses.iter().find(|s| s.name == c.name)?;
            let started = status.state.running.as_ref()?.started_at?;
            if now.since(started) < SCRAPE_MS {
                return None;
            }
            match image_behaviour(&status.image) {
                ImageBehaviour::Runs(p) => Some((c, p.app)),
                _ => None,
            }
        })
        .collect();
    if running.is_empty() {
        return None;
    }
    // Requests go to the first container that serves; load is shared by all of them.
    let server = running.iter().position(|(_, app)| serves(*app)).unwrap_or(0);
    let n = running.len() as u64;
    let load = u64::from(inputs.load_milli);
    let usage = running
        .iter()
        .enumerate()
        .map(|(i, (c, app))| {
            let (base_cpu, base_memory) = idle(*app);
            let spread = jitter(&pod.metadata.uid, &c.name);
            let mut work = load / n + u64::from(i == 0) * (load % n);
            if i == server {
                work += inputs.served_milli_rps / 1000;
            }
            let mut cpu = base_cpu + spread % 2 + work;
            if let Some(limit) = limit_of(&c.resources, "cpu").map(|q| q.milli_value()) {
                cpu = cpu.min(u64::try_from(limit).unwrap_or(0));
            }
            let mut memory = base_memory
                + (spread % 1024) * KI
                + cpu.saturating_sub(base_cpu) * MEMORY_PER_MILLI;
            if let Some(limit) = limit_of(&c.resources, "memory").map(|q| q.value()) {
                let limit = u64::try_from(limit).unwrap_or(0);
                memory = memory.min(limit / 10 * 9);
            }
            ContainerUsage {
                name: c.name.clone(),
                usage: Usage { cpu_milli: cpu, memory_bytes: memory },
            }
        })
        .collect();
    Some(usage)
}

/// A container's limit for `resource`, when it is set and reads as a quantity.
fn limit_of(r: &Resources, resource: &str) -> Option<quantity::Quantity> {
    let v = Resources::get(&r.limits, resource)?;
    let text = match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    quantity::parse(&text).ok().filter(|q| !q.is_negative())
}

/// Whether the program answers requests (the Services' users reach it).
fn serves(app: App) -> bool {
    matches!(
        app,
        App::Nginx | App::Httpd | App::Redis | App::SlowStart | App::NeverReady | App::Hangs
    )
}

/// A program's idle CPU (millicores) and memory (bytes).
fn idle(app: App) -> (u64, u64) {
    match app {
        App::Nginx => (1, 3 * MI + 512 * KI),
        App::Httpd => (1, 6 * MI + 256 * KI),
        App::Redis => (2, 3 * MI),
        App::Pause => (0, 256 * KI),
        App::Shell | App::Sleep => (0, 384 * KI),
        App::Crash => (0, 768 * KI),
        App::SlowStart | App::NeverReady | App::Hangs => (1, 5 * MI),
    }
}

/// A small, fixed spread per container (FNV-1a of its pod's UID and its name), so replicas
/// of one template do not report identical numbers, the same way on every replay.
fn jitter(uid: &str, container: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in uid.bytes().chain([0]).chain(container.bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Thousandths of a request per second each pod serves: every Service whose users have
/// arrived sends its rate through kube-proxy's rules for its first port, in equal shares to
/// the backends, as `world/traffic.rs` sends each request.
fn served(store: &Store, proxy: &KubeProxy, traffic: &Traffic) -> BTreeMap<Key, u64> {
    let mut served = BTreeMap::new();
    for svc in store.list::<Service>(None, None) {
        let key = Key::new(&svc.metadata.namespace, &svc.metadata.name);
        if traffic.counter(&key).is_none() {
            continue;
        }
        let backends = proxy.rules(&key).and_then(|r| r.first()).map(|r| r.backends.as_slice());
        let Some(backends) = backends.filter(|b| !b.is_empty()) else { continue };
        let share = u64::from(traffic.rate(&key)) * 1000 / backends.len() as u64;
        for b in backends {
            if let Some(pod) = &b.pod {
                *served.entry(Key::new(&key.ns, pod)).or_default() += share;
            }
        }
    }
    served
}

#[cfg(test)]
mod tests;
