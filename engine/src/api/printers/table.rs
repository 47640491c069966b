//! The table of each kind: its columns, and a row's cells with the decorations `-A`,
//! `--show-labels`, `-L` and several kinds at once (`kind.group/name`) add; `rows` has the
//! cells. The REST API's `Table` answers and kubectl's `get` both print from here.
//!
//! Models the column definitions of pkg/printers/internalversion/printers.go and
//! cli-runtime/pkg/printers/tableprinter.go (`decorateTable`). Laying the rows out as text is
//! kubectl's (`kubectl/printers/table.rs`).

use crate::clock::Time;
use crate::model::{Kind, Object};

use super::format_labels;
use super::rows::{deployment_row, event_row, node_row, pod_row, replicaset_row};

/// How a table was asked for (`kubectl get`'s flags; the REST API asks for `wide` only).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableOptions {
    /// `-o wide`: priority-1 columns too.
    pub wide: bool,
    /// `--show-labels`: a trailing LABELS column.
    pub show_labels: bool,
    /// `-A`: a leading NAMESPACE column (namespaced kinds only, as get.go decides).
    pub all_namespaces: bool,
    /// Several kinds requested: the name cell reads `deployment.apps/web`.
    pub show_kind: bool,
    /// `--no-headers` (kubectl's rendering reads it).
    pub no_headers: bool,
    /// `--show-managed-fields`: kubectl's `-o yaml|json` keep `metadata.managedFields`.
    pub show_managed_fields: bool,
    /// `-L`: one column per label key, headed by its name in upper case, before LABELS
    /// (tableprinter.go `decorateTable`); an object without the label has an empty cell.
    pub label_columns: Vec<String>,
}

/// Column names of a kind (already upper-case) and the index of its NAME column, with
/// `-o wide` columns included when asked for.
fn columns(kind: Kind, wide: bool) -> (Vec<&'static str>, Option<usize>) {
    let (base, extra, name): (&[&str], &[&str], Option<usize>) = match kind {
        Kind::Pod => (
            &["NAME", "READY", "STATUS", "RESTARTS", "AGE"],
            &["IP", "NODE", "NOMINATED NODE", "READINESS GATES"],
            Some(0),
        ),
        Kind::ReplicaSet | Kind::ReplicationController => (
            &["NAME", "DESIRED", "CURRENT", "READY", "AGE"],
            &["CONTAINERS", "IMAGES", "SELECTOR"],
            Some(0),
        ),
        Kind::Deployment => (
            &["NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE"],
            &["CONTAINERS", "IMAGES", "SELECTOR"],
            Some(0),
        ),
        Kind::Node => (
            &["NAME", "STATUS", "ROLES", "AGE", "VERSION"],
            &["INTERNAL-IP", "EXTERNAL-IP", "OS-IMAGE", "KERNEL-VERSION", "CONTAINER-RUNTIME"],
            Some(0),
        ),
        Kind::Service => (
            &["NAME", "TYPE", "CLUSTER-IP", "EXTERNAL-IP", "PORT(S)", "AGE"],
            &["SELECTOR"],
            Some(0),
        ),
        Kind::EndpointSlice => {
            (&["NAME", "ADDRESSTYPE", "PORTS", "ENDPOINTS", "AGE"], &[], Some(0))
        }
        Kind::Endpoints => (&["NAME", "ENDPOINTS", "AGE"], &[], Some(0)),
        Kind::DaemonSet => (
            &[
                "NAME",
                "DESIRED",
                "CURRENT",
                "READY",
                "UP-TO-DATE",
                "AVAILABLE",
                "NODE SELECTOR",
                "AGE",
            ],
            &["CONTAINERS", "IMAGES", "SELECTOR"],
            Some(0),
        ),
        Kind::StatefulSet => (&["NAME", "READY", "AGE"], &["CONTAINERS", "IMAGES"], Some(0)),
        Kind::Job => (
            &["NAME", "STATUS", "COMPLETIONS", "DURATION", "AGE"],
            &["CONTAINERS", "IMAGES", "SELECTOR"],
            Some(0),
        ),
        Kind::CronJob => (
            &["NAME", "SCHEDULE", "TIMEZONE", "SUSPEND", "ACTIVE", "LAST SCHEDULE", "AGE"],
            &["CONTAINERS", "IMAGES", "SELECTOR"],
            Some(0),
        ),
        Kind::HorizontalPodAutoscaler => (
            &["NAME", "REFERENCE", "TARGETS", "MINPODS", "MAXPODS", "REPLICAS", "AGE"],
            &[],
            Some(0),
        ),
        Kind::PersistentVolumeClaim => (
            &[
                "NAME",
                "STATUS",
                "VOLUME",
                "CAPACITY",
                "ACCESS MODES",
                "STORAGECLASS",
                "VOLUMEATTRIBUTESCLASS",
                "AGE",
            ],
            &["VOLUMEMODE"],
            Some(0),
        ),
        Kind::ControllerRevision => (&["NAME", "CONTROLLER", "REVISION", "AGE"], &[], Some(0)),
        Kind::ConfigMap => (&["NAME", "DATA", "AGE"], &[], Some(0)),
        Kind::Secret => (&["NAME", "TYPE", "DATA", "AGE"], &[], Some(0)),
        Kind::ResourceQuota => (&["NAME", "AGE", "REQUEST", "LIMIT"], &[], Some(0)),
        Kind::LimitRange => (&["NAME", "CREATED AT"], &[], Some(0)),
        Kind::Namespace => (&["NAME", "STATUS", "AGE"], &[], Some(0)),
        Kind::ServiceAccount => (&["NAME", "SECRETS", "AGE"], &[], Some(0)),
        Kind::Lease => (&["NAME", "HOLDER", "AGE"], &[], Some(0)),
        Kind::Ingress => (&["NAME", "CLASS", "HOSTS", "ADDRESS", "PORTS", "AGE"], &[], Some(0)),
        Kind::PriorityClass => {
            (&["NAME", "VALUE", "GLOBAL-DEFAULT", "AGE", "PREEMPTIONPOLICY"], &[], Some(0))
        }
        Kind::PodDisruptionBudget => (
            &["NAME", "MIN AVAILABLE", "MAX UNAVAILABLE", "ALLOWED DISRUPTIONS", "AGE"],
            &[],
            Some(0),
        ),
        // The event table's NAME column is a wide one, after the others (printEvent).
        Kind::Event => {
            if wide {
                let all: &[&str] = &[
                    "LAST SEEN",
                    "TYPE",
                    "REASON",
                    "OBJECT",
                    "SUBOBJECT",
                    "SOURCE",
                    "MESSAGE",
                    "FIRST SEEN",
                    "COUNT",
                    "NAME",
                ];
                return (all.to_vec(), Some(9));
            }
            return (vec!["LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"], None);
        }
    };
    let mut cols = base.to_vec();
    if wide {
        cols.extend_from_slice(extra);
    }
    (cols, name)
}

fn with_namespace(kind: Kind, opts: &TableOptions) -> bool {
    opts.all_namespaces && kind.namespaced()
}

/// The header row: NAMESPACE (with `-A`), the kind's columns, LABELS (with `--show-labels`).
pub fn headers(kind: Kind, opts: &TableOptions) -> Vec<String> {
    let mut out = Vec::new();
    if with_namespace(kind, opts) {
        out.push("NAMESPACE".to_string());
    }
    out.extend(columns(kind, opts.wide).0.into_iter().map(str::to_string));
    // formatLabelHeaders: the key's last `/` segment, so `app.kubernetes.io/name` is NAME.
    out.extend(opts.label_columns.iter().map(|l| l.rsplit('/').next().unwrap_or(l).to_uppercase()));
    if opts.show_labels {
        out.push("LABELS".into());
    }
    out
}

/// One row, decorated like `headers`.
pub fn row(obj: &Object, opts: &TableOptions, now: Time) -> Vec<String> {
    let kind = obj.kind();
    let mut cells = match obj {
        Object::Pod(p) => pod_row(p, opts.wide, now),
        Object::ReplicaSet(rs) => replicaset_row(rs, opts.wide, now),
        Object::Deployment(d) => deployment_row(d, opts.wide, now),
        Object::Node(n) => node_row(n, opts.wide, now),
        Object::Event(e) => event_row(e, opts.wide, now),
        // The kinds beyond the first lesson, through the course part (`later.rs`).
        _ => super::later::row(obj, opts.wide, now)
            .unwrap_or_else(|| vec![String::new(); columns(kind, opts.wide).0.len()]),
    };
    if opts.show_kind {
        if let Some(i) = columns(kind, opts.wide).1 {
            cells[i] = format!("{}/{}", kind.kind_group(), cells[i]);
        }
    }
    if with_namespace(kind, opts) {
        cells.insert(0, obj.meta().namespace.clone());
    }
    let labels = &obj.meta().labels;
    cells.extend(opts.label_columns.iter().map(|l| labels.get(l).cloned().unwrap_or_default()));
    if opts.show_labels {
        cells.push(format_labels(&obj.meta().labels));
    }
    cells
}
