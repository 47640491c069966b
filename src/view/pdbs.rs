//! The PodDisruptionBudgets covering a tree's pods, as chips on its band after its
//! ConfigMaps and Secrets: a teacher sees how many of a workload's pods `kubectl drain` may
//! evict now, and that a drain waits while none may go. A budget covers a tree when its
//! selector matches the labels of the tree's pod template (what every pod it makes carries),
//! in the same namespace, as the disruption loop finds a budget's pods by its selector
//! (pkg/controller/disruption/disruption.go getPodsForPdb). A budget covering no workload's
//! pods is not drawn: only evictions read it.

use kubeloop::model::{Kind, PodDisruptionBudget};
use kubeloop::store::Store;

use super::collect::item_meta;
use super::configs::pod_template;
use super::{PdbItem, Tree};

// In the page's split build the chips ship with the course part (`crate::lazy::course`):
// only its commands make a PodDisruptionBudget.
crate::lazy::seam!(fn(&Store, &mut [Tree]) = seat_all);

/// Gives each tree a chip for every budget covering its pods, by name.
pub(super) fn seat(store: &Store, trees: &mut [Tree]) {
    if let Some(seat) = linked() {
        seat(store, trees);
    }
}

fn seat_all(store: &Store, trees: &mut [Tree]) {
    if store.list::<PodDisruptionBudget>(None, None).next().is_none() {
        return;
    }
    for tree in trees.iter_mut().filter(|t| !t.top.meta.gone && !t.top.meta.vanishing) {
        let target = &tree.top.meta.target;
        let Some(template) = pod_template(store, target) else { continue };
        let labels = &template.metadata.labels;
        tree.pdbs = store
            .list::<PodDisruptionBudget>(Some(&target.namespace), None)
            .filter(|b| b.covers(labels))
            .map(chip)
            .collect();
    }
}

fn chip(b: &PodDisruptionBudget) -> PdbItem {
    PdbItem {
        meta: item_meta(Kind::PodDisruptionBudget, &b.metadata),
        allowed: b.status.disruptions_allowed,
        healthy: b.status.current_healthy,
        needed: b.status.desired_healthy,
    }
}
