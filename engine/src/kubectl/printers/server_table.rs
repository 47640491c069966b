//! A `meta.k8s.io/v1` Table from the API server, printed as `kubectl get` prints it: the
//! columns of priority 0 (all with `-o wide`), names upper-cased, cells as Go's `%v` prints
//! them, then kubectl's own decoration from each row's object metadata: NAMESPACE first with
//! `-A`, the kind before the name when several kinds are listed, `-L` columns and LABELS.
//!
//! Models cli-runtime/pkg/printers/tableprinter.go (`printTable`, `decorateTable`,
//! `printRows`); the server's side is `api/table.rs`.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::api::printers::{format_labels, TableOptions};
use crate::model::Kind;

use super::TabWriter;

/// The rows of `table`, with the header unless `--no-headers`, through `tw`; nothing for a
/// table without rows.
pub fn render(kind: Kind, table: &Value, opts: &TableOptions, tw: &mut TabWriter) -> String {
    let rows = table.get("rows").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
    if rows.is_empty() {
        return String::new();
    }
    let columns =
        table.get("columnDefinitions").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
    // tableprinter.go: priority-0 columns, or every column for `-o wide`.
    let shown: Vec<usize> = (0..columns.len())
        .filter(|&i| opts.wide || columns[i].get("priority").and_then(Value::as_i64) == Some(0))
        .collect();
    let name_column = shown
        .iter()
        .position(|&i| columns[i].get("format").and_then(Value::as_str) == Some("name"));
    let namespace = opts.all_namespaces && kind.namespaced();
    let mut lines = Vec::with_capacity(rows.len() + 1);
    if !opts.no_headers {
        let mut header = Vec::new();
        if namespace {
            header.push("NAMESPACE".to_string());
        }
        for &i in &shown {
            let name = columns[i].get("name").and_then(Value::as_str).unwrap_or_default();
            header.push(name.to_uppercase());
        }
        // formatLabelHeaders: the key's last `/` segment.
        header.extend(
            opts.label_columns.iter().map(|l| l.rsplit('/').next().unwrap_or(l).to_uppercase()),
        );
        if opts.show_labels {
            header.push("LABELS".into());
        }
        lines.push(header);
    }
    for row in rows {
        let cells = row.get("cells").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
        let mut line = Vec::new();
        let meta = row.pointer("/object/metadata");
        if namespace {
            let ns = meta.and_then(|m| m.get("namespace")).and_then(Value::as_str);
            line.push(ns.unwrap_or_default().to_string());
        }
        for (k, &i) in shown.iter().enumerate() {
            let mut cell = cells.get(i).map(go_value).unwrap_or_default();
            if opts.show_kind && Some(k) == name_column {
                cell = format!("{}/{cell}", kind.kind_group());
            }
            line.push(cell);
        }
        let labels: BTreeMap<String, String> = meta
            .and_then(|m| m.get("labels"))
            .and_then(Value::as_object)
            .map(|m| {
                crate::sort::btree_map(
                    m.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().into())),
                )
            })
            .unwrap_or_default();
        line.extend(opts.label_columns.iter().map(|l| labels.get(l).cloned().unwrap_or_default()));
        if opts.show_labels {
            line.push(format_labels(&labels));
        }
        lines.push(line);
    }
    tw.write_rows(&lines)
}

/// A cell as `fmt.Sprintf("%v")` prints the decoded JSON: strings bare, numbers as numbers,
/// absent values empty.
fn go_value(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// Tables of one kind as one: the first's columns, every table's rows in order (kubectl
/// prints the objects a get names one after another under one header).
pub fn concat(tables: Vec<Value>) -> Value {
    let mut iter = tables.into_iter();
    let Some(mut first) = iter.next() else { return Value::Null };
    for t in iter {
        if let (Some(rows), Some(more)) = (
            first.get_mut("rows").and_then(Value::as_array_mut),
            t.get("rows").and_then(Value::as_array),
        ) {
            rows.extend(more.iter().cloned());
        }
    }
    first
}
