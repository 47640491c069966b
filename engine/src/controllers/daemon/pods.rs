//! A DaemonSet's pods: which it owns, which node each is meant for, what one node needs
//! (`podsShouldBeOnNode`), and the pod it creates for a node. Claiming is `claim.rs`, the
//! failed-pod back-off `backoff.rs`.
//!
//! Models pkg/controller/daemon/daemon_controller.go (`getDaemonPods`,
//! `getNodesToDaemonPods`, `podsShouldBeOnNode`, `podByCreationTimestampAndPhase`,
//! `getUnscheduledPodsWithoutNode`) and pkg/controller/daemon/util/daemonset_util.go
//! (`CreatePodTemplate`, `IsPodUpdated`, `GetTargetNodeName`,
//! `ReplaceDaemonSetPodNodeNameNodeAffinity`).

use std::cmp::Ordering;
use std::collections::BTreeMap;

use serde_json::{json, Value};

use super::predicates::add_or_update_daemon_pod_tolerations;
use super::revisions::{HASH_LABEL, TEMPLATE_GENERATION_LABEL};
use crate::clock::Time;
use crate::controllers::said::DaemonSetSaid;
use crate::model::{DaemonSet, ObjectMeta, OwnerReference, Pod, PodPhase};
use crate::store::Store;

/// Pods whose controller is this DaemonSet and that still match its selector.
pub fn owned<'a>(store: &'a Store, ds: &DaemonSet) -> Vec<&'a Pod> {
    let selector = ds.spec.selector.to_selector();
    let uid = ds.metadata.uid.as_str();
    store
        .owned_or_orphan_pods(uid, &ds.metadata.namespace)
        .into_iter()
        .filter(|p| p.metadata.controller_ref().is_some_and(|r| r.uid == uid))
        .filter(|p| selector.matches(&p.metadata.labels))
        .collect()
}

/// `GetTargetNodeName`: the bound node, else the one its `matchFields` pins it to.
pub fn target_node(pod: &Pod) -> Option<String> {
    if let Some(n) = pod.node() {
        return Some(n.to_string());
    }
    let terms = pod
        .spec
        .affinity
        .as_deref()?
        .pointer("/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution/nodeSelectorTerms")?
        .as_array()?;
    terms.iter().find_map(|t| {
        t.get("matchFields")?.as_array()?.iter().find_map(|r| {
            let pinned =
                r.get("key")?.as_str()? == "metadata.name" && r.get("operator")?.as_str()? == "In";
            let values = r.get("values")?.as_array()?;
            match values.as_slice() {
                [one] if pinned => one.as_str().map(String::from),
                _ => None,
            }
        })
    })
}

/// `getNodesToDaemonPods`: the owned pods by target node, terminating ones included
/// (a node whose pod is still going gets no new one yet). Pods with no target are left out.
pub fn by_node<'a>(pods: &[&'a Pod]) -> BTreeMap<String, Vec<&'a Pod>> {
    let mut map: BTreeMap<String, Vec<&'a Pod>> = BTreeMap::new();
    for p in pods {
        if let Some(node) = target_node(p) {
            map.entry(node).or_default().push(p);
        }
    }
    map
}

/// `podByCreationTimestampAndPhase`: scheduled first, then oldest, then by name.
pub fn oldest_first(a: &&Pod, b: &&Pod) -> Ordering {
    b.node()
        .is_some()
        .cmp(&a.node().is_some())
        .then_with(|| a.metadata.creation_timestamp.cmp(&b.metadata.creation_timestamp))
        .then_with(|| a.metadata.name.cmp(&b.metadata.name))
}

/// `IsPodUpdated`: the pod carries the current hash, or the current template generation.
pub fn is_updated(pod: &Pod, hash: &str, generation: Option<i64>) -> bool {
    let labels = &pod.metadata.labels;
    let hash_matches = !hash.is_empty() && labels.get(HASH_LABEL).is_some_and(|h| h == hash);
    let generation_matches =
        generation.is_some_and(|g| labels.get(TEMPLATE_GENERATION_LABEL) == Some(&g.to_string()));
    hash_matches || generation_matches
}

/// What one node needs: nodes to create a pod on and pods to delete (`podsShouldBeOnNode`).
#[derive(Debug, Default, PartialEq)]
pub struct NodeNeeds {
    pub create: bool,
    /// (pod, why), the reason as the decision log says it.
    pub delete: Vec<(String, DaemonSetSaid)>,
    /// Failed pods: deleted, with a `FailedDaemonPod` event, unless the node's failed-pod
    /// back-off is running.
    pub failed: Vec<String>,
}

/// `podsShouldBeOnNode` for one node, given `NodeShouldRunDaemonPod`'s two answers.
pub fn should_be_on_node(
    pods: &[&Pod],
    should_run: bool,
    should_continue: bool,
    surge: bool,
    hash: &str,
    min_ready_seconds: i32,
    now: Time,
) -> NodeNeeds {
    let mut needs = NodeNeeds::default();
    if should_run && pods.is_empty() {
        needs.create = true;
        return needs;
    }
    if !should_continue {
        for p in pods.iter().filter(|p| p.metadata.deletion_timestamp.is_none()) {
            needs.delete.push((p.metadata.name.clone(), DaemonSetSaid::NodeUnwanted));
        }
        return needs;
    }
    let mut running: Vec<&Pod> = Vec::new();
    for p in pods.iter().filter(|p| p.metadata.deletion_timestamp.is_none()) {
        match p.status.phase {
            PodPhase::Failed => {
                needs.failed.push(p.metadata.name.clone());
            }
            PodPhase::Succeeded => {
                needs.delete.push((p.metadata.name.clone(), DaemonSetSaid::PodExited))
            }
            _ => running.push(p),
        }
    }
    crate::sort::sort_by(&mut running, oldest_first);
    if !surge {
        // More than one running pod on a node: all but the oldest go.
        for p in running.iter().skip(1) {
            needs.delete.push((p.metadata.name.clone(), DaemonSetSaid::OnePerNode));
        }
        return needs;
    }
    if running.len() <= 1 {
        needs.create = running.is_empty() && should_run;
        return needs;
    }
    // Surging: two pods only while the oldest new one is not yet available and the oldest
    // old one is ready; every other pod goes.
    let (mut oldest_new, mut oldest_old) = (None, None);
    for p in running {
        let slot = if p.metadata.labels.get(HASH_LABEL).is_some_and(|h| h == hash) {
            &mut oldest_new
        } else {
            &mut oldest_old
        };
        if slot.is_none() {
            *slot = Some(p);
        } else {
            needs.delete.push((p.metadata.name.clone(), DaemonSetSaid::AtMostTwo));
        }
    }
    if let (Some(new), Some(old)) = (oldest_new, oldest_old) {
        if !old.is_ready() {
            needs.delete.push((old.metadata.name.clone(), DaemonSetSaid::OldNotReady));
        } else if new.is_available(min_ready_seconds, now) {
            needs.delete.push((old.metadata.name.clone(), DaemonSetSaid::ReplacementAvailable));
        }
    }
    needs
}

/// `CreatePodTemplate` + `ReplaceDaemonSetPodNodeNameNodeAffinity` + `GetPodFromTemplate`:
/// the template with the daemon tolerations, the generation and hash labels, a required
/// node affinity naming only `node`, `generateName` `<ds>-` and a controller reference.
pub fn pod_for_node(ds: &DaemonSet, node: &str, hash: &str, generation: Option<i64>) -> Pod {
    let t = &ds.spec.template;
    let mut spec = t.spec.clone();
    add_or_update_daemon_pod_tolerations(&mut spec);
    spec.affinity = Some(Box::new(pin_to_node(spec.affinity.as_deref(), node)));
    let mut labels = t.metadata.labels.clone();
    if let Some(g) = generation {
        labels.insert(TEMPLATE_GENERATION_LABEL.into(), g.to_string());
    }
    if !hash.is_empty() {
        labels.insert(HASH_LABEL.into(), hash.into());
    }
    let meta = ObjectMeta {
        generate_name: format!("{}-", ds.metadata.name),
        namespace: ds.metadata.namespace.clone(),
        labels,
        annotations: t.metadata.annotations.clone(),
        finalizers: t.metadata.finalizers.clone(),
        owner_references: vec![OwnerReference::controller("apps/v1", "DaemonSet", &ds.metadata)],
        ..Default::default()
    };
    Pod::new(meta, spec)
}

/// `ReplaceDaemonSetPodNodeNameNodeAffinity`: the required node selector becomes the one
/// term `metadata.name In [node]`; preferred terms and pod (anti-)affinity stay.
fn pin_to_node(affinity: Option<&Value>, node: &str) -> Value {
    let term = json!({"nodeSelectorTerms": [{"matchFields": [
        {"key": "metadata.name", "operator": "In", "values": [node]}
    ]}]});
    let mut affinity = affinity.filter(|a| a.is_object()).cloned().unwrap_or_else(|| json!({}));
    let node_affinity = affinity
        .as_object_mut()
        .expect("checked an object")
        .entry("nodeAffinity")
        .or_insert_with(|| json!({}));
    if !node_affinity.is_object() {
        *node_affinity = json!({});
    }
    let na = node_affinity.as_object_mut().expect("made an object");
    match na.get_mut("requiredDuringSchedulingIgnoredDuringExecution") {
        Some(Value::Object(required)) => {
            required.insert("nodeSelectorTerms".into(), term["nodeSelectorTerms"].clone());
        }
        _ => {
            na.insert("requiredDuringSchedulingIgnoredDuringExecution".into(), term);
        }
    }
    affinity
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pod_is_pinned_by_match_fields_and_keeps_preferred_terms() {
        let pinned = pin_to_node(None, "node-2");
        assert_eq!(
            pinned,
            json!({"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {
                "nodeSelectorTerms": [{"matchFields": [
                    {"key": "metadata.name", "operator": "In", "values": ["node-2"]}]}]}}})
        );
        let user = json!({"nodeAffinity": {
            "requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                {"matchExpressions": [{"key": "disk", "operator": "In", "values": ["ssd"]}]}]},
            "preferredDuringSchedulingIgnoredDuringExecution": [{"weight": 1}]}});
        let replaced = pin_to_node(Some(&user), "node-1");
        assert_eq!(
            replaced.pointer("/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution"),
            pinned
                .pointer("/nodeAffinity/requiredDuringSchedulingIgnoredDuringExecution")
                .map(|v| {
                    let mut v = v.clone();
                    v["nodeSelectorTerms"][0]["matchFields"][0]["values"][0] = json!("node-1");
                    v
                })
                .as_ref()
        );
        assert!(replaced
            .pointer("/nodeAffinity/preferredDuringSchedulingIgnoredDuringExecution")
            .is_some());
    }

    #[test]
    fn the_target_node_is_the_binding_or_the_pinned_field() {
        let mut pod = Pod::default();
        assert_eq!(target_node(&pod), None);
        pod.spec.affinity = Some(Box::new(pin_to_node(None, "node-3")));
        assert_eq!(target_node(&pod).as_deref(), Some("node-3"));
        pod.spec.node_name = Some("node-1".into());
        assert_eq!(target_node(&pod).as_deref(), Some("node-1"));
    }

    fn labelled(name: &str, hash: &str, ready: bool) -> Pod {
        let mut p = Pod::default();
        p.metadata.name = name.into();
        p.metadata.labels.insert(HASH_LABEL.into(), hash.into());
        p.spec.node_name = Some("n".into());
        if ready {
            p.set_condition("Ready", true, Time::from_secs(0));
        }
        p
    }

    #[test]
    fn without_surge_a_second_pod_on_a_node_is_deleted() {
        let (a, b) = (labelled("a", "h1", true), labelled("b", "h1", true));
        let needs = should_be_on_node(&[&a, &b], true, true, false, "h1", 0, Time::from_secs(9));
        assert_eq!(needs.delete, [("b".to_string(), DaemonSetSaid::OnePerNode)]);
        assert_eq!(needs.delete[0].1.to_string(), "a node runs one daemon pod");
        assert!(!needs.create);
    }

    #[test]
    fn with_surge_the_old_pod_goes_once_the_new_one_is_available() {
        let old = labelled("old", "h1", true);
        let pending = labelled("new", "h2", false);
        let now = Time::from_secs(9);
        assert!(should_be_on_node(&[&old, &pending], true, true, true, "h2", 0, now)
            .delete
            .is_empty());
        let ready = labelled("new", "h2", true);
        let needs = should_be_on_node(&[&old, &ready], true, true, true, "h2", 0, now);
        assert_eq!(needs.delete.iter().map(|d| d.0.as_str()).collect::<Vec<_>>(), ["old"]);
    }

    #[test]
    fn a_node_that_stops_wanting_the_pod_loses_it_and_an_empty_one_gets_one() {
        let a = labelled("a", "h1", true);
        let now = Time::from_secs(0);
        assert_eq!(should_be_on_node(&[&a], false, false, false, "h1", 0, now).delete.len(), 1);
        assert!(should_be_on_node(&[], true, true, false, "h1", 0, now).create);
        assert_eq!(should_be_on_node(&[], false, true, false, "h1", 0, now), NodeNeeds::default());
    }
}
