//! `describe poddisruptionbudget`: describe.go `describePodDisruptionBudgetV1`: the bound that
//! is set (minAvailable first), the selector, the controller's four counts and the events.

use super::reader::Reader;
use super::{events, Writer};
use crate::clock::Time;
use crate::model::{LabelSelector, PodDisruptionBudget};

pub(super) fn describe_pdb(r: &mut Reader, p: &PodDisruptionBudget, now: Time) -> String {
    let m = &p.metadata;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    if let Some(min) = &p.spec.min_available {
        w.w(0, &format!("Min available:\t{min}\n"));
    } else if let Some(max) = &p.spec.max_unavailable {
        w.w(0, &format!("Max unavailable:\t{max}\n"));
    }
    let selector = p.spec.selector.as_ref().map_or_else(|| "<unset>".into(), LabelSelector::format);
    w.w(0, &format!("Selector:\t{selector}\n"));
    w.w(0, "Status:\n");
    let s = &p.status;
    w.w(2, &format!("Allowed disruptions:\t{}\n", s.disruptions_allowed));
    w.w(2, &format!("Current:\t{}\n", s.current_healthy));
    w.w(2, &format!("Desired:\t{}\n", s.desired_healthy));
    w.w(2, &format!("Total:\t{}\n", s.expected_pods));
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}
