//! Test fixtures: plain objects for the pure helpers, and a harness that drives the
//! Deployment controller's `reconcile` against a store filled by hand. No other loop runs,
//! so tests play the ReplicaSet controller by writing ReplicaSet status themselves.

use std::rc::Rc;

use crate::clock::Time;
use crate::controllers::{Config, Controller, ControllerName, Ctx, DecisionLog, Hosts};
use crate::model::*;
use crate::rng::SimRng;
use crate::store::{DeleteOptions, Key, Store, Tabled};

use super::hash::POD_TEMPLATE_HASH;
use super::util::by_creation;
use super::{DeploymentController, Syncer};

/// A Deployment as `kubectl create deployment NAME --image=nginx:1.25` makes it.
pub fn deployment(name: &str, replicas: i32) -> Deployment {
    let labels: Labels = [("app".to_string(), name.to_string())].into();
    Deployment {
        api_version: "apps/v1".into(),
        kind: "Deployment".into(),
        metadata: ObjectMeta {
            name: name.into(),
            namespace: "default".into(),
            labels: labels.clone(),
            ..Default::default()
        },
        spec: DeploymentSpec {
            replicas,
            selector: LabelSelector { match_labels: labels.clone(), ..Default::default() },
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels, ..Default::default() },
                spec: PodSpec {
                    containers: vec![Container {
                        name: "nginx".into(),
                        image: "nginx:1.25".into(),
                        ..Default::default()
                    }]
                    .into(),
                    ..Default::default()
                },
            },
            ..Default::default()
        },
        status: Default::default(),
    }
}

/// A ReplicaSet with the template of `deployment("web", _)`, for pure helpers.
pub fn replica_set(name: &str, replicas: i32, available: i32) -> ReplicaSet {
    let d = deployment("web", replicas);
    ReplicaSet {
        api_version: "apps/v1".into(),
        kind: "ReplicaSet".into(),
        metadata: ObjectMeta {
            name: name.into(),
            namespace: "default".into(),
            uid: format!("uid-{name}"),
            creation_timestamp: Some(Time::ZERO),
            labels: d.spec.template.metadata.labels.clone(),
            ..Default::default()
        },
        spec: ReplicaSetSpec {
            replicas,
            min_ready_seconds: 0,
            selector: d.spec.selector,
            template: d.spec.template,
        },
        status: ReplicaSetStatus { available_replicas: available, ..Default::default() },
    }
}

pub struct Harness {
    pub store: Store,
    hosts: Hosts,
    rng: SimRng,
    config: Config,
    decisions: DecisionLog,
    pub now: Time,
    pub controller: DeploymentController,
}

impl Harness {
    pub fn new() -> Self {
        Harness {
            store: Store::new(),
            hosts: Hosts::new(),
            rng: SimRng::new(7),
            config: Config::default(),
            decisions: DecisionLog::default(),
            now: Time::ZERO,
            controller: DeploymentController::default(),
        }
    }

    pub fn deployment_object(&self, name: &str, replicas: i32) -> Deployment {
        deployment(name, replicas)
    }

    pub fn create_deployment(&mut self, name: &str, replicas: i32) -> Deployment {
        self.create(deployment(name, replicas))
    }

    /// A ReplicaSet controlled by `d` with `d`'s template, hash label = its own name.
    pub fn rs_object(&self, d: &Deployment, name: &str, replicas: i32) -> ReplicaSet {
        let mut template = d.spec.template.clone();
        template.metadata.labels.insert(POD_TEMPLATE_HASH.into(), name.into());
        ReplicaSet {
            api_version: "apps/v1".into(),
            kind: "ReplicaSet".into(),
            metadata: ObjectMeta {
                name: name.into(),
                namespace: "default".into(),
                labels: template.metadata.labels.clone(),
                owner_references: vec![OwnerReference::controller(
                    "apps/v1",
                    "Deployment",
                    &d.metadata,
                )],
                ..Default::default()
            },
            spec: ReplicaSetSpec {
                replicas,
                min_ready_seconds: 0,
                selector: d.spec.selector.with_label(POD_TEMPLATE_HASH, name),
                template,
            },
            status: Default::default(),
        }
    }

    pub fn create<T: Tabled + std::fmt::Debug>(&mut self, obj: T) -> T {
        Rc::unwrap_or_clone(self.store.create(obj, self.now, &mut self.rng).expect("create"))
    }

    pub fn update<T: Tabled>(&mut self, obj: T) -> T {
        Rc::unwrap_or_clone(self.store.update(obj, self.now).expect("update"))
    }

    pub fn modify<T: Tabled>(&mut self, name: &str, f: impl FnOnce(&mut T)) -> T {
        Rc::unwrap_or_clone(self.store.modify("default", name, self.now, f).expect("modify"))
    }

    pub fn delete<T: Tabled>(&mut self, name: &str, opts: &DeleteOptions) {
        self.store.delete::<T>("default", name, opts, self.now).expect("delete");
    }

    pub fn get<T: Tabled>(&self, name: &str) -> &T {
        self.store.get::<T>("default", name).unwrap_or_else(|| panic!("{name} not found"))
    }

    /// Plays the ReplicaSet controller: all its pods exist, `n` of them available.
    pub fn set_available(&mut self, name: &str, n: i32) -> ReplicaSet {
        let rs = self
            .store
            .modify_status::<ReplicaSet>("default", name, self.now, |rs| {
                rs.status.replicas = rs.spec.replicas;
                rs.status.ready_replicas = n;
                rs.status.available_replicas = n;
                rs.status.observed_generation = rs.metadata.generation;
            })
            .expect("status");
        Rc::unwrap_or_clone(rs)
    }

    /// A pod of the ReplicaSet `rs_name` in `phase`.
    pub fn pod_of(&mut self, rs_name: &str, pod_name: &str, phase: PodPhase) -> Pod {
        let rs: ReplicaSet = self.get::<ReplicaSet>(rs_name).clone();
        let meta = ObjectMeta {
            name: pod_name.into(),
            namespace: "default".into(),
            labels: rs.spec.template.metadata.labels.clone(),
            owner_references: vec![OwnerReference::controller(
                "apps/v1",
                "ReplicaSet",
                &rs.metadata,
            )],
            ..Default::default()
        };
        self.create(Pod::new(meta, rs.spec.template.spec.clone()));
        let pod = self
            .store
            .modify_status::<Pod>("default", pod_name, self.now, |p| p.status.phase = phase)
            .expect("pod status");
        Rc::unwrap_or_clone(pod)
    }

    pub fn advance(&mut self, ms: i64) {
        self.now = self.now.plus_millis(ms);
    }

    fn ctx(&mut self) -> (Ctx<'_>, &mut DeploymentController) {
        let ctx = Ctx {
            store: &mut self.store,
            hosts: &mut self.hosts,
            now: self.now,
            rng: &mut self.rng,
            config: &self.config,
            decisions: &mut self.decisions,
            metrics: &crate::controllers::NO_METRICS,
            me: ControllerName::Deployment,
        };
        (ctx, &mut self.controller)
    }

    /// One reconcile of the Deployment `name`, as the world would run it.
    pub fn sync(&mut self, name: &str) {
        let (mut ctx, controller) = self.ctx();
        controller.reconcile(&Key::new("default", name), &mut ctx);
    }

    /// Runs `f` with a Syncer, to test one step of a rollout on its own.
    pub fn with_syncer<R>(&mut self, f: impl FnOnce(&mut Syncer<'_, '_>) -> R) -> R {
        let (mut ctx, _) = self.ctx();
        let mut last_wait = None;
        let mut s = Syncer {
            ctx: &mut ctx,
            last_wait: &mut last_wait,
            wake_at: None,
            keep_delayed: false,
            acted: false,
        };
        f(&mut s)
    }

    pub fn decisions(&self) -> Vec<String> {
        self.decisions.iter().map(|d| d.to_string()).collect()
    }

    /// Every event as "Reason: message".
    pub fn events(&self) -> Vec<String> {
        self.store
            .list::<Event>(None, None)
            .map(|e| format!("{}: {}", e.reason, e.message))
            .collect()
    }

    /// The ReplicaSets the Deployment controls, oldest first.
    pub fn owned_rs(&self, deploy: &str) -> Vec<ReplicaSet> {
        let uid = self.get::<Deployment>(deploy).metadata.uid.clone();
        let mut v: Vec<ReplicaSet> = self
            .store
            .list::<ReplicaSet>(Some("default"), None)
            .filter(|rs| rs.metadata.controller_ref().is_some_and(|r| r.uid == uid))
            .cloned()
            .collect();
        v.sort_by(by_creation);
        v
    }

    pub fn rs_names(&self, deploy: &str) -> Vec<String> {
        self.owned_rs(deploy).into_iter().map(|rs| rs.metadata.name).collect()
    }

    pub fn only_rs(&self, deploy: &str) -> ReplicaSet {
        let mut v = self.owned_rs(deploy);
        assert_eq!(v.len(), 1, "{:?}", self.rs_names(deploy));
        v.remove(0)
    }

    pub fn newest_rs(&self, deploy: &str) -> ReplicaSet {
        self.owned_rs(deploy).pop().expect("a replica set")
    }
}
