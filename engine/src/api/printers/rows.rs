//! The cells of each kind's row, before `table` adds NAMESPACE, LABELS or the kind prefix.
//!
//! Models pkg/printers/internalversion/printers.go `printPod`, `printReplicaSet`,
//! `printDeployment`, `printNode` and `printEvent` (with `layoutContainerCells` and
//! `formatEventSource`).

use crate::clock::Time;
use crate::model::{Deployment, Event, Node, Pod, ReplicaSet};

use super::{node_roles, pod_cells, pod_wide_cells, since};

pub(super) fn pod_row(p: &Pod, wide: bool, now: Time) -> Vec<String> {
    let c = pod_cells(p, now);
    let mut cells = vec![p.metadata.name.clone(), c.ready, c.status, c.restarts, c.age];
    if wide {
        cells.extend(pod_wide_cells(p));
    }
    cells
}

/// printers.go `layoutContainerCells`: names and images, comma-joined.
pub(super) fn container_cells(spec: &crate::model::PodSpec) -> [String; 2] {
    let names: Vec<&str> = spec.containers.iter().map(|c| c.name.as_str()).collect();
    let images: Vec<&str> = spec.containers.iter().map(|c| c.image.as_str()).collect();
    [names.join(","), images.join(",")]
}

pub(super) fn replicaset_row(rs: &ReplicaSet, wide: bool, now: Time) -> Vec<String> {
    let mut cells = vec![
        rs.metadata.name.clone(),
        rs.spec.replicas.to_string(),
        rs.status.replicas.to_string(),
        rs.status.ready_replicas.to_string(),
        since(rs.metadata.creation_timestamp, now),
    ];
    if wide {
        cells.extend(container_cells(&rs.spec.template.spec));
        cells.push(rs.spec.selector.format());
    }
    cells
}

pub(super) fn deployment_row(d: &Deployment, wide: bool, now: Time) -> Vec<String> {
    let mut cells = vec![
        d.metadata.name.clone(),
        format!("{}/{}", d.status.ready_replicas, d.spec.replicas),
        d.status.updated_replicas.to_string(),
        d.status.available_replicas.to_string(),
        since(d.metadata.creation_timestamp, now),
    ];
    if wide {
        cells.extend(container_cells(&d.spec.template.spec));
        // printDeployment prints `selector.String()`, not FormatLabelSelector.
        let selector = match d.spec.selector.try_to_selector() {
            Ok(s) => s.to_string(),
            Err(_) => "<invalid>".into(),
        };
        cells.push(selector);
    }
    cells
}

/// `printNode`'s STATUS: `Ready`, `NotReady` (any other Ready status) or `Unknown` (no Ready
/// condition), plus `SchedulingDisabled` for a cordoned node.
pub(crate) fn node_status(n: &Node) -> String {
    let mut status = vec![match n.status.conditions.iter().find(|c| c.type_ == "Ready") {
        Some(c) if c.status == "True" => "Ready",
        Some(_) => "NotReady",
        None => "Unknown",
    }];
    if n.spec.unschedulable {
        status.push("SchedulingDisabled");
    }
    status.join(",")
}

pub(super) fn node_row(n: &Node, wide: bool, now: Time) -> Vec<String> {
    let roles = match node_roles(&n.metadata.labels).join(",") {
        r if r.is_empty() => "<none>".to_string(),
        r => r,
    };
    let mut cells = vec![
        n.metadata.name.clone(),
        node_status(n),
        roles,
        since(n.metadata.creation_timestamp, now),
        n.status.node_info.kubelet_version.clone(),
    ];
    if wide {
        let address = |t: &str| {
            n.status
                .addresses
                .iter()
                .find(|a| a.type_ == t)
                .map_or("<none>".to_string(), |a| a.address.clone())
        };
        cells.extend([address("InternalIP"), address("ExternalIP")]);
        // pkg/printers/internalversion/printers.go printNode: system info from nodeInfo,
        // `<unknown>` where the node reports none.
        let info = &n.status.node_info;
        let known = |v: &str| if v.is_empty() { "<unknown>".to_string() } else { v.to_string() };
        cells.extend(
            [&info.os_image, &info.kernel_version, &info.container_runtime_version]
                .map(|v| known(v)),
        );
    }
    cells
}

pub(super) fn event_row(e: &Event, wide: bool, now: Time) -> Vec<String> {
    let last = since(Some(e.last_timestamp), now);
    let count = if e.count == 0 { 1 } else { e.count };
    let o = &e.involved_object;
    let target = if o.name.is_empty() {
        o.kind.to_lowercase().to_string()
    } else {
        format!("{}/{}", o.kind.to_lowercase(), o.name)
    };
    let message = e.message.trim().to_string();
    if !wide {
        return vec![last, e.type_.to_string(), e.reason.to_string(), target, message];
    }
    // formatEventSource: the component, then the host when there is one.
    let source = match e.source.host.as_str() {
        "" => e.source.component.to_string(),
        host => format!("{}, {host}", e.source.component),
    };
    vec![
        last,
        e.type_.to_string(),
        e.reason.to_string(),
        target,
        String::new(),
        source,
        message,
        since(Some(e.first_timestamp), now),
        count.to_string(),
        e.metadata.name.clone(),
    ]
}
