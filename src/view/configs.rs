//! The ConfigMaps and Secrets a tree's pods read (`env`, `envFrom`, volumes of its pod
//! template), as chips on its band beside the revisions: a teacher sees what a Deployment
//! depends on, and one that is not there (its pods wait in `CreateContainerConfigError` or
//! `ContainerCreating`) is drawn as missing. ConfigMaps and Secrets nothing reads are not
//! drawn: they mean nothing to the loops.

use serde_json::Value;

use kubeloop::model::{
    ConfigMap, CronJob, DaemonSet, Deployment, Job, Kind, PodSpec, PodTemplateSpec,
    ReplicationController, Secret, StatefulSet,
};
use kubeloop::store::Store;

use super::collect::item_meta;
use super::{ConfigItem, ItemMeta, Rect, Tree};
use crate::selection::ObjRef;

// In the page's split build the chips ship with the course part (`crate::lazy::course`):
// only its commands make a pod template that names a ConfigMap or Secret.
crate::lazy::seam!(fn(&Store, &mut [Tree]) = seat_all);

/// Gives each tree the chips of what its pod template reads, in the order it names them.
pub(super) fn seat(store: &Store, trees: &mut [Tree]) {
    if let Some(seat) = linked() {
        seat(store, trees);
    }
}

fn seat_all(store: &Store, trees: &mut [Tree]) {
    for tree in trees.iter_mut().filter(|t| !t.top.meta.gone && !t.top.meta.vanishing) {
        let target = &tree.top.meta.target;
        let Some(template) = pod_template(store, target) else { continue };
        let ns = &target.namespace;
        tree.configs = read_by(&template.spec)
            .into_iter()
            .map(|(kind, name)| chip(store, kind, ns, &name))
            .collect();
    }
}

/// The top object's pod template: what its pods are made from.
pub(super) fn pod_template<'a>(store: &'a Store, t: &ObjRef) -> Option<&'a PodTemplateSpec> {
    let (ns, name) = (t.namespace.as_str(), t.name.as_str());
    Some(match t.kind {
        Kind::Deployment => &store.get::<Deployment>(ns, name)?.spec.template,
        Kind::DaemonSet => &store.get::<DaemonSet>(ns, name)?.spec.template,
        Kind::StatefulSet => &store.get::<StatefulSet>(ns, name)?.spec.template,
        Kind::ReplicationController => {
            store.get::<ReplicationController>(ns, name)?.spec.template.as_ref()?
        }
        Kind::Job => &store.get::<Job>(ns, name)?.spec.template,
        Kind::CronJob => &store.get::<CronJob>(ns, name)?.spec.job_template.spec.template,
        _ => return None,
    })
}

/// Each ConfigMap and Secret the spec names, once, in the order named: every container's
/// `envFrom` and `env`, then the volumes.
pub fn read_by(spec: &PodSpec) -> Vec<(Kind, String)> {
    let mut found: Vec<(Kind, String)> = Vec::new();
    let mut add = |kind: Kind, name: Option<&str>| {
        let Some(name) = name.filter(|n| !n.is_empty()) else { return };
        if !found.iter().any(|(k, n)| *k == kind && n == name) {
            found.push((kind, name.to_string()));
        }
    };
    for c in &spec.containers {
        for s in c.env_from.as_deref().and_then(Value::as_array).into_iter().flatten() {
            add(Kind::ConfigMap, name(s.get("configMapRef"), "name"));
            add(Kind::Secret, name(s.get("secretRef"), "name"));
        }
        for e in c.env.as_deref().and_then(Value::as_array).into_iter().flatten() {
            let from = e.get("valueFrom");
            add(Kind::ConfigMap, name(from.and_then(|f| f.get("configMapKeyRef")), "name"));
            add(Kind::Secret, name(from.and_then(|f| f.get("secretKeyRef")), "name"));
        }
    }
    for v in spec.volumes.iter() {
        add(Kind::ConfigMap, name(v.config_map.as_deref(), "name"));
        add(Kind::Secret, name(v.secret.as_deref(), "secretName"));
    }
    found
}

/// The string at `field` of the reference `v`.
fn name<'a>(v: Option<&'a Value>, field: &str) -> Option<&'a str> {
    v.and_then(|r| r.get(field)).and_then(Value::as_str)
}

fn chip(store: &Store, kind: Kind, ns: &str, name: &str) -> ConfigItem {
    let stored = match kind {
        Kind::ConfigMap => store.get::<ConfigMap>(ns, name).map(|c| item_meta(kind, &c.metadata)),
        _ => store.get::<Secret>(ns, name).map(|s| item_meta(kind, &s.metadata)),
    };
    let missing = stored.is_none();
    let meta = stored.unwrap_or_else(|| ItemMeta {
        // Nothing stored has this key: a missing object has no UID.
        uid: format!("missing:{kind}/{ns}/{name}"),
        target: ObjRef::new(kind, ns, name),
        rect: Rect::default(),
        deleting: false,
        finalizers: Vec::new(),
        vanishing: false,
        gone: false,
    });
    ConfigItem { meta, missing }
}
