//! `meta.k8s.io/v1` Table responses (`Accept: application/json;as=Table;v=v1;g=meta.k8s.io`),
//! with the same columns and cells as `kubectl get` in the command box: one printer for both.
//!
//! Models apiserver/pkg/endpoints/handlers/response.go (`transformResponseObject`,
//! `asTable`) and the column definitions of pkg/printers/internalversion/printers.go: names as
//! upstream spells them (kubectl upper-cases them), priority 1 for the `-o wide` columns,
//! `integer` columns carrying numbers. Rows carry the object's metadata as a
//! PartialObjectMetadata (`includeObject=Metadata`, the default), the whole object, or none.

use serde_json::{json, Value};

use super::printers::{headers, row, TableOptions};
use crate::clock::Time;
use crate::model::{Kind, Object};

/// Column names as printers.go defines them; kubectl shows them upper-cased.
const NAMES: &[&str] = &[
    "Name",
    "Ready",
    "Status",
    "Restarts",
    "Age",
    "IP",
    "Node",
    "Nominated Node",
    "Readiness Gates",
    "Desired",
    "Current",
    "Containers",
    "Images",
    "Selector",
    "Up-to-date",
    "Available",
    "Roles",
    "Version",
    "Internal-IP",
    "External-IP",
    "OS-Image",
    "Kernel-Version",
    "Container-Runtime",
    "Type",
    "Cluster-IP",
    "Port(s)",
    "AddressType",
    "Ports",
    "Endpoints",
    "Node Selector",
    "Completions",
    "Duration",
    "Schedule",
    "Timezone",
    "Suspend",
    "Active",
    "Last Schedule",
    "Reference",
    "Targets",
    "MinPods",
    "MaxPods",
    "Replicas",
    "Volume",
    "Capacity",
    "Access Modes",
    "StorageClass",
    "VolumeAttributesClass",
    "VolumeMode",
    "Controller",
    "Revision",
    "Last Seen",
    "Reason",
    "Object",
    "Subobject",
    "Source",
    "Message",
    "First Seen",
    "Count",
    "Data",
    "Min Available",
    "Max Unavailable",
    "Allowed Disruptions",
    "Request",
    "Limit",
    "Created At",
];

/// printers.go's column type for a column of `kind`.
fn column_type(kind: Kind, name: &str) -> &'static str {
    use Kind::*;
    match (kind, name) {
        (ReplicaSet, "Desired" | "Current" | "Ready")
        | (Deployment, "Up-to-date" | "Available")
        | (DaemonSet, "Desired" | "Current" | "Ready" | "Up-to-date" | "Available")
        | (CronJob, "Active")
        | (HorizontalPodAutoscaler, "MaxPods" | "Replicas")
        | (ControllerRevision, "Revision")
        | (PodDisruptionBudget, "Allowed Disruptions") => "integer",
        (CronJob, "Suspend") => "boolean",
        _ => "string",
    }
}

fn upstream_name(header: &str) -> String {
    NAMES
        .iter()
        .find(|n| n.to_uppercase() == header)
        .map(|n| n.to_string())
        .unwrap_or_else(|| header.to_string())
}

/// How much of each object a row carries (`includeObject`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Include {
    None,
    Metadata,
    Object,
}

impl Include {
    pub fn parse(v: Option<&str>) -> Result<Include, String> {
        match v {
            None | Some("") | Some("Metadata") => Ok(Include::Metadata),
            Some("None") => Ok(Include::None),
            Some("Object") => Ok(Include::Object),
            Some(other) => Err(format!(
                "includeObject: Unsupported value: \"{other}\": supported values: \"Metadata\", \"None\", \"Object\""
            )),
        }
    }
}

/// Whether an `Accept` header asks for a Table.
pub fn wanted(accept: &str) -> bool {
    accept.split(',').next().is_some_and(|first| {
        let params: Vec<&str> = first.split(';').map(str::trim).collect();
        params.contains(&"as=Table") && params.contains(&"g=meta.k8s.io")
    })
}

/// The Table of `objects` (all of one kind) at `resource_version`.
pub fn table(
    kind: Kind,
    objects: &[&Object],
    include: Include,
    resource_version: &str,
    now: Time,
) -> Value {
    let wide = TableOptions { wide: true, ..TableOptions::default() };
    let base = headers(kind, &TableOptions::default());
    let all = headers(kind, &wide);
    let defs: Vec<(String, &str)> = all
        .iter()
        .map(|h| {
            let name = upstream_name(h);
            let ty = column_type(kind, &name);
            (name, ty)
        })
        .collect();
    let columns: Vec<Value> = all
        .iter()
        .zip(&defs)
        .map(|(h, (name, ty))| {
            let mut c =
                json!({ "name": name, "type": ty, "format": "", "description": "", "priority": 0 });
            if name == "Name" {
                c["format"] = "name".into();
            }
            if !base.contains(h) {
                c["priority"] = 1.into();
            }
            c
        })
        .collect();
    let rows: Vec<Value> = objects
        .iter()
        .map(|o| {
            let cells: Vec<Value> = row(o, &wide, now)
                .into_iter()
                .zip(&defs)
                .map(|(cell, (_, ty))| match (*ty, cell.parse::<i64>()) {
                    ("integer", Ok(n)) => n.into(),
                    _ => cell.into(),
                })
                .collect();
            let mut r = json!({ "cells": cells });
            match include {
                Include::None => {}
                Include::Metadata => {
                    r["object"] = json!({
                        "kind": "PartialObjectMetadata",
                        "apiVersion": "meta.k8s.io/v1",
                        "metadata": o.to_json()["metadata"].clone(),
                    })
                }
                Include::Object => r["object"] = o.to_json(),
            }
            r
        })
        .collect();
    json!({
        "kind": "Table",
        "apiVersion": "meta.k8s.io/v1",
        "metadata": { "resourceVersion": resource_version },
        "columnDefinitions": columns,
        "rows": rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Deployment;
    use crate::world::World;

    #[test]
    fn the_table_has_kubectl_gets_columns_and_cells() {
        let mut w = World::new(1);
        let d = json!({
            "apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
            "spec": {"replicas": 2, "selector": {"matchLabels": {"app": "web"}},
                "template": {"metadata": {"labels": {"app": "web"}},
                    "spec": {"containers": [{"name": "nginx", "image": "nginx"}]}}}
        });
        let Ok(Object::Deployment(d)) =
            super::super::decode::object(Kind::Deployment, "apps/v1", d)
        else {
            panic!("the deployment decodes")
        };
        w.create(Deployment::clone(&d)).unwrap();
        w.settle();
        let deployments = super::super::read::all(&w, Kind::Deployment, None);
        let refs: Vec<&Object> = deployments.iter().collect();
        let t = table(Kind::Deployment, &refs, Include::Metadata, "9", w.now());
        let names: Vec<&str> = t["columnDefinitions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            ["Name", "Ready", "Up-to-date", "Available", "Age", "Containers", "Images", "Selector"]
        );
        assert_eq!(t["columnDefinitions"][5]["priority"], 1);
        assert_eq!(t["columnDefinitions"][2]["type"], "integer");
        let cells = &t["rows"][0]["cells"];
        assert_eq!(cells[0], "web");
        assert_eq!(cells[1], "2/2");
        assert_eq!(cells[2], 2);
        assert_eq!(t["rows"][0]["object"]["metadata"]["name"], "web");
    }

    #[test]
    fn only_table_accept_headers_ask_for_tables() {
        assert!(wanted("application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json"));
        assert!(!wanted("application/json"));
        assert!(!wanted("application/json, application/json;as=Table;v=v1;g=meta.k8s.io"));
    }
}
