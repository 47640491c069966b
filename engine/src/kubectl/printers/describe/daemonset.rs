//! `describe daemonset`, and the raw pod template `rollout history --revision` prints.
//! Models describe.go `DaemonSetDescriber.Describe`, `describeDaemonSet` and
//! `getPodStatusForController`, and polymorphichelpers/history.go `printTemplate`.

use super::pod::pod_template;
use super::pods_status;
use super::reader::Reader;
use super::{annotations, events, labels, Writer};
use crate::clock::Time;
use crate::model::{DaemonSet, PodTemplateSpec};

pub(super) fn describe_daemonset(r: &mut Reader, ds: &DaemonSet, now: Time) -> String {
    let m = &ds.metadata;
    let st = &ds.status;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    let selector = ds.spec.selector.to_selector();
    w.w(0, &format!("Selector:\t{selector}\n"));
    w.w(0, &format!("Node-Selector:\t{}\n", format_labels(&ds.spec.template.spec)));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    w.w(0, &format!("Desired Number of Nodes Scheduled: {}\n", st.desired_number_scheduled));
    w.w(0, &format!("Current Number of Nodes Scheduled: {}\n", st.current_number_scheduled));
    w.w(
        0,
        &format!(
            "Number of Nodes Scheduled with Up-to-date Pods: {}\n",
            st.updated_number_scheduled
        ),
    );
    w.w(0, &format!("Number of Nodes Scheduled with Available Pods: {}\n", st.number_available));
    w.w(0, &format!("Number of Nodes Misscheduled: {}\n", st.number_misscheduled));
    pods_status(&mut w, r, m, &selector);
    pod_template(&mut w, &ds.spec.template);
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}

/// `labels.FormatLabels` of the template's `nodeSelector`: `k=v` pairs sorted by key and
/// joined by commas, or `<none>`.
fn format_labels(spec: &crate::model::PodSpec) -> String {
    let Some(map) = spec.node_selector.as_deref().and_then(|v| v.as_object()) else {
        return "<none>".into();
    };
    let mut pairs: Vec<String> =
        map.iter().map(|(k, v)| format!("{k}={}", v.as_str().unwrap_or_default())).collect();
    crate::sort::sort(&mut pairs);
    if pairs.is_empty() {
        "<none>".into()
    } else {
        pairs.join(",")
    }
}

/// `printTemplate`: `DescribePodTemplate` through a bare prefix writer, so its tabs are not
/// aligned (kubectl prints them as they are).
pub fn raw_pod_template(t: &PodTemplateSpec) -> String {
    let mut w = Writer::default();
    pod_template(&mut w, t);
    w.0
}
