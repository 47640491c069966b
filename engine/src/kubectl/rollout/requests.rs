//! The requests `kubectl rollout` sends for a Deployment beyond the builder's GET: the list
//! of its ReplicaSets, the strategic merge patch of pause, resume and restart, and the JSON
//! patch of undo (kubectl/pkg/polymorphichelpers rollback.go, objectpauser.go,
//! objectresumer.go, objectrestarter.go).

use serde_json::{json, Value};

use crate::api::client::{self, Call};
use crate::api::patch::PatchType;
use crate::apimachinery::patch::strategic;
use crate::model::*;

use super::super::{Kubectl, KubectlError};
use super::REVISION;

/// rollback.go `annotationsToSkip`: the Deployment's own bookkeeping, kept through a rollback.
const ANNOTATIONS_TO_SKIP: &[&str] = &[
    "kubectl.kubernetes.io/last-applied-configuration",
    "deprecated.deployment.rollback.to",
    REVISION,
    "deployment.kubernetes.io/revision-history",
    "deployment.kubernetes.io/desired-replicas",
    "deployment.kubernetes.io/max-replicas",
];

/// deploymentutil `GetAllReplicaSets`, as kubectl's history viewer and rollbacker call it:
/// the namespace's ReplicaSets listed by the Deployment's selector, kept when it controls
/// them.
pub(super) fn owned_replicasets(
    s: &mut Kubectl,
    d: &Deployment,
) -> Result<Vec<ReplicaSet>, KubectlError> {
    let selector = d.spec.selector.to_selector().to_string();
    let ns = &d.metadata.namespace;
    let listed = client::list(s.api(), Kind::ReplicaSet, ns, Some(&selector), None)?;
    Ok(listed
        .into_iter()
        .filter_map(|o| match o {
            Object::ReplicaSet(rs) => Some((*rs).clone()),
            _ => None,
        })
        .filter(|rs| rs.metadata.controller_ref().is_some_and(|r| r.uid == d.metadata.uid))
        .collect())
}

/// objectpauser.go, objectresumer.go and objectrestarter.go: the Deployment before and after
/// as JSON, and the strategic two-way merge patch between them (`CreateTwoWayMergePatch`),
/// sent with kubectl rollout's field manager.
pub(super) fn send_two_way(
    s: &mut Kubectl,
    before: &Deployment,
    after: &Deployment,
) -> Result<(), KubectlError> {
    let json = |d: &Deployment| serde_json::to_value(d).unwrap_or(Value::Null);
    let patch =
        strategic::create_two_way(&json(before), &json(after)).map_err(KubectlError::Plain)?;
    let m = &before.metadata;
    let call = Call::patch(Kind::Deployment, &m.namespace, &m.name, PatchType::Strategic, patch)
        .field_manager("kubectl-rollout");
    client::object(s.api(), &call)?;
    Ok(())
}

/// rollback.go `DeploymentRollbacker.Rollback` and `getDeploymentPatch`: a JSON patch that
/// replaces the template with the revision's (hash label removed) and the annotations with
/// the Deployment's own bookkeeping ones (`annotationsToSkip`) plus the revision's others.
pub(super) fn rollback_patch(
    d: &Deployment,
    rs: &ReplicaSet,
    template: &PodTemplateSpec,
) -> Result<Value, KubectlError> {
    let mut annotations = serde_json::Map::new();
    for (k, v) in &d.metadata.annotations {
        if ANNOTATIONS_TO_SKIP.contains(&k.as_str()) {
            annotations.insert(k.clone(), Value::String(v.clone()));
        }
    }
    for (k, v) in &rs.metadata.annotations {
        if !ANNOTATIONS_TO_SKIP.contains(&k.as_str()) {
            annotations.insert(k.clone(), Value::String(v.clone()));
        }
    }
    let template =
        serde_json::to_value(template).map_err(|e| KubectlError::Plain(e.to_string()))?;
    Ok(json!([
        { "op": "replace", "path": "/spec/template", "value": template },
        { "op": "replace", "path": "/metadata/annotations", "value": annotations },
    ]))
}
