//! `kubectl describe`: one object as aligned `Label:  value` text with its events.
//!
//! Models staging/src/k8s.io/kubectl/pkg/describe/describe.go: each describer writes
//! tab-separated lines through a `PrefixWriter` (two spaces per level) into text/tabwriter
//! (`tabbedString`: minwidth 0, padding 2), whose column blocks end at any line without a tab.
//! Kinds without a describer in kubectl (Event) go through its generic describer. Looking up
//! owners, pods and events is done here, from the store; nothing is written.

mod config;
pub mod daemonset;
mod hpa;
mod ingress;
mod job;
pub(crate) mod later;
mod node;
mod pod;
mod policy;
mod reader;
mod service;
mod statefulset;
mod workload;

use std::collections::BTreeMap;
use std::rc::Rc;

use serde_json::{Map, Value};

use super::json::object_json;
use super::since;
use super::TabWriter;
use crate::api::client::Api;
use crate::clock::Time;
use crate::model::{Event, Kind, Object, ObjectMeta};
use reader::Reader;

/// The description of one object, or `None` when it does not exist.
pub fn describe(api: &mut dyn Api, kind: Kind, ns: &str, name: &str, now: Time) -> Option<String> {
    describe_with(api, kind, ns, name, now, true)
}

/// `describe` with `DescriberSettings.ShowEvents`: without events a describer leaves its
/// `Events:` section out entirely (describe.go fetches events only when asked to).
pub fn describe_with(
    api: &mut dyn Api,
    kind: Kind,
    ns: &str,
    name: &str,
    now: Time,
    show_events: bool,
) -> Option<String> {
    let mut text = describe_text(&mut Reader::new(api), kind, ns, name, now)?;
    if !show_events {
        // Every describer writes its events last, as the only top-level `Events:` line.
        if let Some(at) = text.rfind("\nEvents:") {
            text.truncate(at + 1);
        }
    }
    Some(TabWriter::describe().write_text(&text))
}

fn describe_text(r: &mut Reader, kind: Kind, ns: &str, name: &str, now: Time) -> Option<String> {
    Some(match kind {
        Kind::Pod => {
            let o = r.get(ns, name)?;
            pod::describe_pod(r, &o, now)
        }
        Kind::ReplicaSet => {
            let o = r.get(ns, name)?;
            workload::describe_replicaset(r, &o, now)
        }
        Kind::Deployment => {
            let o = r.get(ns, name)?;
            workload::describe_deployment(r, &o, now)
        }
        Kind::Node => {
            let o = r.get("", name)?;
            node::describe_node(r, &o, now)
        }
        Kind::Event => {
            let obj = r.object(kind, ns, name)?;
            describe_generic(&obj, r.events_for(&obj.meta().uid), now)
        }
        // The kinds beyond the first lesson, through the course part (`later.rs`).
        _ => return later::describe(r, kind, ns, name, now),
    })
}

/// `getPodStatusForController` and its line: the pods matching `selector` that the object
/// controls, by phase (Pending counts as Waiting).
pub(super) fn pods_status(
    w: &mut Writer,
    r: &mut Reader,
    owner: &ObjectMeta,
    selector: &crate::labels::selector::Selector,
) {
    use crate::model::{Pod, PodPhase};
    let mut counts = [0; 4];
    let pods = r.list::<Pod>(Some(&owner.namespace), Some(selector), None);
    let owned =
        pods.iter().filter(|p| p.metadata.controller_ref().is_some_and(|r| r.uid == owner.uid));
    for p in owned {
        match p.status.phase {
            PodPhase::Running => counts[0] += 1,
            PodPhase::Pending => counts[1] += 1,
            PodPhase::Succeeded => counts[2] += 1,
            PodPhase::Failed => counts[3] += 1,
            PodPhase::Unknown => {}
        }
    }
    let [running, waiting, succeeded, failed] = counts;
    w.w(0, &format!("Pods Status:\t{running} Running / {waiting} Waiting / {succeeded} Succeeded / {failed} Failed\n"));
}

/// describe.go's `PrefixWriter`: text at an indentation level of two spaces per level.
#[derive(Default)]
pub(super) struct Writer(String);

impl Writer {
    pub(super) fn w(&mut self, level: usize, text: &str) {
        self.0.extend(std::iter::repeat_n("  ", level));
        self.0.push_str(text);
    }
}

/// `printLabelsMultiline` (and `printLabelsMultilineWithIndent` with no initial indent):
/// `Title:\tk=v`, further labels on their own lines in the value column, or `<none>`.
pub(super) fn labels(w: &mut Writer, title: &str, labels: &BTreeMap<String, String>) {
    w.w(0, &format!("{title}:\t"));
    if labels.is_empty() {
        w.w(0, "<none>\n");
    }
    for (i, (k, v)) in labels.iter().enumerate() {
        if i != 0 {
            w.w(0, "\t");
        }
        w.w(0, &format!("{k}={v}\n"));
    }
}

/// Annotations longer than this print on their own lines, shortened (`maxAnnotationLen`).
const MAX_ANNOTATION_LEN: usize = 140;

/// `printAnnotationsMultiline`: `key: value` lines, long or multi-line values below their key.
pub(super) fn annotations(w: &mut Writer, title: &str, annotations: &BTreeMap<String, String>) {
    w.w(0, &format!("{title}:\t"));
    let shown: Vec<_> = annotations
        .iter()
        .filter(|(k, _)| *k != "kubectl.kubernetes.io/last-applied-configuration")
        .collect();
    if shown.is_empty() {
        w.w(0, "<none>\n");
    }
    for (i, (key, value)) in shown.into_iter().enumerate() {
        if i != 0 {
            w.w(0, "\t");
        }
        let value = value.strip_suffix('\n').unwrap_or(value);
        if value.len() + key.len() + 2 > MAX_ANNOTATION_LEN || value.contains('\n') {
            w.w(0, &format!("{key}:\n"));
            for line in value.split('\n') {
                w.w(0, &format!("\t  {}\n", shorten(line, MAX_ANNOTATION_LEN - 2)));
            }
        } else {
            w.w(0, &format!("{key}: {value}\n"));
        }
    }
}

/// describe.go `shorten`, cutting at a character boundary where Go cuts bytes.
fn shorten(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &s[..end])
}

/// `printController`: `Kind/name` of the controller owner reference.
pub(super) fn controlled_by(w: &mut Writer, meta: &ObjectMeta) {
    if let Some(r) = meta.controller_ref() {
        w.w(0, &format!("Controlled By:\t{}/{}\n", r.kind, r.name));
    }
}

/// `DescribeEvents`: sorted by last occurrence; Age is `<age>` or `<last> (xN over <first>)`.
pub(super) fn events(w: &mut Writer, mut list: Vec<Rc<Event>>, now: Time) {
    if list.is_empty() {
        w.w(0, "Events:\t<none>\n");
        return;
    }
    // A stable sort keeps the store's order (first occurrence, then name) among equals.
    crate::sort::sort_by_key(&mut list, |e| e.last_timestamp);
    w.w(0, "Events:\n  Type\tReason\tAge\tFrom\tMessage\n");
    w.w(1, "----\t------\t----\t----\t-------\n");
    for e in list {
        let first = since(Some(e.first_timestamp), now);
        let age = if e.count > 1 {
            format!("{} (x{} over {first})", since(Some(e.last_timestamp), now), e.count)
        } else {
            first
        };
        let row =
            [e.type_.as_str(), &e.reason, &age, &e.source.component, e.message.trim()].join("\t");
        w.w(1, &format!("{row}\n"));
    }
}

/// `time.RFC1123Z` (`Mon, 02 Jan 2006 15:04:05 -0700`); an unset time prints as Go's zero time.
pub(super) fn rfc1123z(t: Option<Time>) -> String {
    let Some(t) = t else { return "Mon, 01 Jan 0001 00:00:00 +0000".into() };
    const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    const MONTHS: [&str; 12] =
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    // Simulated time zero, 2025-01-01, was a Wednesday.
    let weekday = DAYS[(3 + t.secs().div_euclid(86_400)).rem_euclid(7) as usize];
    let iso = t.to_string(); // YYYY-MM-DDTHH:MM:SSZ
    let month: usize = iso[5..7].parse().unwrap_or(1);
    format!("{weekday}, {} {} {} {} +0000", &iso[8..10], MONTHS[month - 1], &iso[..4], &iso[11..19])
}

/// `genericDescriber`: metadata, then every other field with `smartLabelFor` labels.
fn describe_generic(obj: &Object, evs: Vec<Rc<Event>>, now: Time) -> String {
    let m = obj.meta();
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    if let Value::Object(content) = object_json(obj) {
        unstructured(&mut w, 0, &content, "");
    }
    events(&mut w, evs, now);
    w.0
}

/// `printUnstructuredContent`: fields in sorted order, maps and lists as nested sections.
fn unstructured(w: &mut Writer, level: usize, content: &Map<String, Value>, prefix: &str) {
    const SKIP: [&str; 5] = [
        ".metadata.managedFields",
        ".metadata.name",
        ".metadata.namespace",
        ".metadata.labels",
        ".metadata.annotations",
    ];
    for (field, value) in content {
        let path = format!("{prefix}.{field}");
        if SKIP.contains(&path.as_str()) {
            continue;
        }
        match value {
            Value::Object(m) => {
                w.w(level, &format!("{}:\n", smart_label(field)));
                unstructured(w, level + 1, m, &path);
            }
            Value::Array(items) => {
                w.w(level, &format!("{}:\n", smart_label(field)));
                for item in items {
                    match item {
                        Value::Object(m) => unstructured(w, level + 1, m, &path),
                        other => w.w(level + 1, &format!("{}\n", go_value(other))),
                    }
                }
            }
            other => w.w(level, &format!("{}:\t{}\n", smart_label(field), go_value(other))),
        }
    }
}

/// A scalar as Go's `%v` prints it.
fn go_value(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "<nil>".into(),
        other => other.to_string(),
    }
}

/// `smartLabelFor`: `apiVersion` → `API Version`, `involvedObject` → `Involved Object`.
fn smart_label(field: &str) -> String {
    if field.chars().any(|c| !c.is_alphabetic() && c != '-') {
        return field.to_string();
    }
    // fatih/camelcase: runs of one character class, an upper-case letter before lower-case
    // ones moving to the lower-case run ("PDFLoader" → "PDF", "Loader").
    let class = |c: char| {
        if c.is_lowercase() {
            1
        } else if c.is_uppercase() {
            2
        } else {
            3
        }
    };
    let mut runs: Vec<Vec<char>> = Vec::new();
    for c in field.chars() {
        match runs.last_mut() {
            Some(run) if class(run[0]) == class(c) => run.push(c),
            _ => runs.push(vec![c]),
        }
    }
    for i in 0..runs.len().saturating_sub(1) {
        if class(runs[i][0]) == 2 && class(runs[i + 1][0]) == 1 {
            if let Some(c) = runs[i].pop() {
                runs[i + 1].insert(0, c);
            }
        }
    }
    let parts =
        runs.into_iter().filter(|r| !r.is_empty()).map(|r| r.into_iter().collect::<String>());
    parts
        .map(|p| {
            let upper = p.to_uppercase();
            if ["API", "URL", "UID", "GUID"].contains(&upper.as_str()) {
                upper
            } else if p.to_lowercase() == p {
                let mut cs = p.chars();
                cs.next().map(|f| f.to_uppercase().chain(cs).collect()).unwrap_or_default()
            } else {
                p
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests;
