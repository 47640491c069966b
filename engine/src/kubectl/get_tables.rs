//! `kubectl get`'s human-readable side over the server's Tables: the tables of several
//! kinds in a row, `--sort-by` over the rows' objects, and a list's refusal in cli-runtime's
//! words.

use serde_json::Value;

use crate::api::client::{self, Refusal};
use crate::model::{Kind, Object};

use super::super::args::Args;
use super::super::list_selector;
use super::super::printers::{server_table, TabWriter, TableOptions};
use super::super::{sort_by, Output};

/// The Tables of each kind, a blank line between kinds (get.go's separatorWriterWrapper:
/// on stdout with the tables, and not at all with --no-headers). Whether any row printed.
pub(super) fn print_tables(
    tables: &[(Kind, Value)],
    opts: &TableOptions,
    tw: &mut TabWriter,
    out: &mut Output,
) -> bool {
    let mut printed = false;
    for (kind, table) in tables {
        let rows = table.get("rows").and_then(Value::as_array);
        if rows.is_none_or(Vec::is_empty) {
            continue;
        }
        if printed {
            if !opts.no_headers {
                out.out("\n");
            }
            *tw = TabWriter::default();
        }
        out.out(server_table::render(*kind, table, opts, tw));
        printed = true;
    }
    printed
}

/// A list's refusal, reworded with the selectors the list sent (`list_selector::enhance`).
pub(super) fn enhance(kind: Kind, a: &Args, e: Refusal) -> String {
    let trimmed = |f: &str| a.get(f).map(str::trim).unwrap_or_default().to_string();
    list_selector::enhance(kind, &trimmed("selector"), &trimmed("field-selector"), e).to_string()
}

/// `--sort-by` on a Table: get.go's TableSorter orders the rows by the field of each row's
/// object (asked for with `includeObject=Object`).
pub(super) fn sort_rows(kind: Kind, table: &mut Value, field: &str) -> Result<(), String> {
    let Some(rows) = table.get_mut("rows").and_then(Value::as_array_mut) else {
        return Ok(());
    };
    let mut objs: Vec<Object> = rows.iter().filter_map(|r| client::row_object(kind, r)).collect();
    sort_by::sort_objects(&mut objs, field, true)?;
    let uid = |r: &Value| r.pointer("/object/metadata/uid").cloned();
    let mut sorted = Vec::with_capacity(rows.len());
    for o in &objs {
        if let Some(i) = rows
            .iter()
            .position(|r| uid(r).as_ref().and_then(|u| u.as_str()) == Some(o.meta().uid.as_str()))
        {
            sorted.push(rows.swap_remove(i));
        }
    }
    sorted.append(rows);
    *rows = sorted;
    Ok(())
}
