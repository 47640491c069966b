//! The objects a StatefulSet makes for one ordinal: its pod (name, identity, revision label,
//! a `persistentVolumeClaim` volume per claim template) and its claims, with the owner
//! references the claim retention policy asks for.
//!
//! Models pkg/controller/statefulset/stateful_set_utils.go (`newStatefulSetPod`,
//! `newVersionedStatefulSetPod`, `initIdentity`, `updateStorage`, `storageMatches`,
//! `getPersistentVolumeClaims`, `updateClaimOwnerRefForSetAndPod`, `setOwnerRef`,
//! `removeOwnerRef`). Claims hold no storage: kubeloop binds a claim at once to a volume
//! named `pvc-<claim uid>`, with the requested size as its capacity, as a dynamic
//! provisioner would; nothing is mounted, and no PersistentVolume object exists.

use super::identity::{self, SetIdentity};
use super::revision::POD_REVISION_LABEL;
use crate::model::{
    ObjectMeta, OwnerReference, PersistentVolumeClaim, Pod, PodTemplateSpec, StatefulSet, Volume,
};

/// The identity checks' view of a set.
pub fn set_identity(set: &StatefulSet) -> SetIdentity {
    SetIdentity {
        name: set.metadata.name.clone(),
        namespace: set.metadata.namespace.clone(),
        service_name: set.spec.service_name.clone(),
    }
}

/// `newStatefulSetPod` from `template` (the current or the update revision's), then
/// `setPodRevision`.
pub fn new_pod(set: &StatefulSet, template: &PodTemplateSpec, ordinal: i32, revision: &str) -> Pod {
    let meta = ObjectMeta {
        name: identity::pod_name(&set.metadata.name, ordinal),
        namespace: set.metadata.namespace.clone(),
        labels: template.metadata.labels.clone(),
        annotations: template.metadata.annotations.clone(),
        finalizers: template.metadata.finalizers.clone(),
        owner_references: vec![OwnerReference::controller("apps/v1", "StatefulSet", &set.metadata)],
        ..Default::default()
    };
    let mut pod = Pod::new(meta, template.spec.clone());
    identity::update_identity(&set_identity(set), &mut pod);
    update_storage(set, &mut pod);
    pod.metadata.labels.insert(POD_REVISION_LABEL.into(), revision.into());
    pod
}

/// `updateStorage`: one volume per claim template, named after it and pointing at this
/// ordinal's claim, replacing a template volume of the same name. Upstream walks a Go map
/// here (random order); the claim templates' order is used instead.
fn update_storage(set: &StatefulSet, pod: &mut Pod) {
    let ordinal = identity::ordinal(&pod.metadata.name);
    let templates = &set.spec.volume_claim_templates;
    let mut volumes: Vec<Volume> = templates
        .iter()
        .map(|t| {
            let claim = identity::persistent_volume_claim_name(
                &set.metadata.name,
                &t.metadata.name,
                ordinal,
            );
            Volume {
                name: t.metadata.name.as_str().into(),
                persistent_volume_claim: Some(Box::new(serde_json::json!({ "claimName": claim }))),
                ..Default::default()
            }
        })
        .collect();
    let claimed = |v: &Volume| templates.iter().any(|t| t.metadata.name == v.name.as_str());
    volumes.extend(pod.spec.volumes.iter().filter(|v| !claimed(v)).cloned());
    pod.spec.volumes = volumes.into();
}

/// `getPersistentVolumeClaims`: each template renamed `<claim>-<set>-<ordinal>`, in the
/// set's namespace, its labels overlaid with the selector's `matchLabels`.
pub fn claims_for(set: &StatefulSet, ordinal: i32) -> Vec<PersistentVolumeClaim> {
    let templates = &set.spec.volume_claim_templates;
    templates
        .iter()
        .map(|t| {
            let mut claim = t.clone();
            claim.api_version = "v1".into();
            claim.kind = "PersistentVolumeClaim".into();
            claim.metadata.name = identity::persistent_volume_claim_name(
                &set.metadata.name,
                &t.metadata.name,
                ordinal,
            );
            claim.metadata.namespace = set.metadata.namespace.clone();
            for (k, v) in &set.spec.selector.match_labels {
                claim.metadata.labels.insert(k.clone(), v.clone());
            }
            claim.status = Default::default();
            claim
        })
        .collect()
}

/// `setOwnerRef`'s reference: not a controller reference, and not blocking the owner's
/// deletion, so the garbage collector deletes the claim after its owner without delaying it.
fn plain_ref(api_version: &str, kind: &str, meta: &ObjectMeta) -> OwnerReference {
    OwnerReference {
        api_version: api_version.into(),
        kind: kind.into(),
        name: meta.name.clone(),
        uid: meta.uid.clone(),
        controller: None,
        block_owner_deletion: None,
    }
}

/// `updateClaimOwnerRefForSetAndPod`: whenDeleted=Delete makes the set an owner of the
/// claim, whenScaled=Delete makes a condemned pod (past the owned ordinals) its owner, so
/// the garbage collector removes the claim with them; Retain removes either reference.
/// Returns the claim's new owner references, or `None` when they are already right.
pub fn claim_owners(
    claim: &PersistentVolumeClaim,
    set: &StatefulSet,
    pod: &Pod,
) -> Option<Vec<OwnerReference>> {
    let policy = &set.spec.persistent_volume_claim_retention_policy;
    let scaled_down = !identity::pod_in_ordinal_range(
        &pod.metadata.name,
        Some(set.spec.start_ordinal()),
        set.spec.replicas,
    );
    let (delete_on_set, delete_on_pod) =
        match (policy.when_deleted == "Delete", policy.when_scaled == "Delete") {
            (false, false) => (false, false),
            (true, false) => (true, false),
            (false, true) => (false, scaled_down),
            (true, true) => (!scaled_down, scaled_down),
        };
    let mut refs = claim.metadata.owner_references.clone();
    let mut toggle = |want: bool, r: OwnerReference| {
        let has = refs.iter().position(|o| o.uid == r.uid);
        match (want, has) {
            (true, None) => refs.push(r),
            (false, Some(i)) => {
                refs.remove(i);
            }
            _ => {}
        }
    };
    toggle(delete_on_set, plain_ref("apps/v1", "StatefulSet", &set.metadata));
    toggle(delete_on_pod, plain_ref("v1", "Pod", &pod.metadata));
    (refs != claim.metadata.owner_references).then_some(refs)
}

#[cfg(test)]
#[path = "pods_tests.rs"]
mod tests;
