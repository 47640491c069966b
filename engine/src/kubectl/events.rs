//! `kubectl events`: the namespace's Events, oldest first, in the events command's own
//! layout (LAST SEEN, TYPE, REASON, OBJECT as `Kind/name`, MESSAGE), with `--for`, `--types`,
//! `-A` and `--no-headers`.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/events/events.go (`ToOptions`, `Validate`,
//! `Run`, `SortableEvents`) and event_printer.go (`EventPrinter`, `getInterval`). `-o` and
//! `-w` go through `kubectl get events`' printers instead.

use crate::labels::selector::Selector;
use crate::model::{Event, Kind, Object};

use super::args::{self, flag, switch, FlagSpec};
use super::get::list_kind;
use super::printers::{self, TabWriter};
use super::{get, KubectlError, Output, Session};

const EVENTS_FLAGS: &[FlagSpec] = &[
    flag("namespace", Some('n')),
    switch("all-namespaces", Some('A')),
    flag("for", None),
    flag("types", None),
    switch("no-headers", None),
    flag("output", Some('o')),
    switch("watch", Some('w')),
    flag("chunk-size", None),
];

pub fn events(
    s: &mut Session,
    argv: &[String],
    to_completion: bool,
    limit_ms: Option<i64>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, EVENTS_FLAGS, "events")?;
    if let Some(extra) = a.positional.first() {
        return Err(KubectlError::Usage(format!(
            "unknown command \"{extra}\" for \"kubectl events\""
        )));
    }
    let for_object = match a.get("for").filter(|f| !f.is_empty()) {
        Some(f) => Some(decode_for(f)?),
        None => None,
    };
    let mut types: Vec<String> = a
        .get("types")
        .map(|t| t.split(',').filter(|t| !t.is_empty()).map(str::to_string).collect())
        .unwrap_or_default();
    crate::sort::sort(&mut types);
    types.dedup();
    if types.iter().any(|t| !t.eq_ignore_ascii_case("Normal") && !t.eq_ignore_ascii_case("Warning"))
    {
        return Err(KubectlError::Usage("valid --types are Normal or Warning".into()));
    }
    if a.has("output") || a.bool("watch", false)? {
        return via_get(s, &a, to_completion, limit_ms, out);
    }
    let all_ns = a.bool("all-namespaces", false)?;
    let ns = a.get("namespace").unwrap_or("default").to_string();
    let list_ns = if all_ns { None } else { Some(ns.as_str()) };
    let listed = list_kind(&s.world.store, Kind::Event, list_ns, &Selector::everything());
    let mut events: Vec<&Event> = listed
        .iter()
        .filter_map(|o| match o {
            Object::Event(e) => Some(&**e),
            _ => None,
        })
        .filter(|e| {
            for_object.as_ref().is_none_or(|(kind, name)| {
                e.involved_object.kind == kind.as_str() && &e.involved_object.name == name
            })
        })
        .filter(|e| types.is_empty() || types.iter().any(|t| t.eq_ignore_ascii_case(&e.type_)))
        .collect();
    if events.is_empty() {
        if all_ns {
            out.err("No events found.\n");
        } else {
            out.err(format!("No events found in {ns} namespace.\n"));
        }
        return Ok(0);
    }
    // SortableEvents orders by lastTimestamp, which reaches kubectl in whole seconds. Among
    // equal times sort.Sort keeps the server's order (namespace, then name) for the short
    // lists Go's pdqsort insertion-sorts (up to 12 elements); for longer ones its order is
    // an artefact of pdqsort, and a stable sort keeps the server's order there too.
    crate::sort::sort_by_key(&mut events, |e| e.last_timestamp.secs());
    let now = s.world.now();
    let mut rows = Vec::with_capacity(events.len() + 1);
    if !a.bool("no-headers", false)? {
        let mut header: Vec<String> = Vec::new();
        if all_ns {
            header.push("NAMESPACE".into());
        }
        header.extend(["LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"].map(String::from));
        rows.push(header);
    }
    for e in events {
        let mut row = Vec::with_capacity(6);
        if all_ns {
            row.push(e.metadata.namespace.clone());
        }
        row.push(interval(e, now));
        row.push(e.type_.clone());
        row.push(e.reason.clone());
        row.push(format!("{}/{}", e.involved_object.kind, e.involved_object.name));
        row.push(e.message.trim().to_string());
        rows.push(row);
    }
    out.out(TabWriter::default().write_rows(&rows));
    Ok(0)
}

/// event_printer.go `getInterval` for core/v1 Events, which carry no eventTime or series:
/// the age of the first occurrence, or `<last> (xN over <first>)` for a repeated one.
fn interval(e: &Event, now: crate::clock::Time) -> String {
    let first = printers::since(Some(e.first_timestamp), now);
    if e.count > 1 {
        format!("{} (x{} over {first})", printers::since(Some(e.last_timestamp), now), e.count)
    } else {
        first
    }
}

/// events.go `decodeResourceTypeName`: `--for` must be `TYPE/NAME`.
fn decode_for(f: &str) -> Result<(Kind, String), KubectlError> {
    let Some((ty, name)) = f.split_once('/') else {
        return Err(KubectlError::Usage("--for must be in resource/name form".into()));
    };
    if name.contains('/') {
        return Err(KubectlError::Usage(
            "arguments in resource/name form may not have more than one slash".into(),
        ));
    }
    match Kind::from_resource(ty) {
        Some(kind) => Ok((kind, name.to_string())),
        None => {
            Err(KubectlError::Usage(format!("the server doesn't have a resource type \"{ty}\"")))
        }
    }
}

/// `-o` and `-w`: `kubectl get events` with the same namespace flags.
fn via_get(
    s: &mut Session,
    a: &args::Args,
    to_completion: bool,
    limit_ms: Option<i64>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let mut argv = vec!["events".to_string()];
    for long in ["namespace", "output"] {
        if let Some(v) = a.get(long) {
            argv.push(format!("--{long}={v}"));
        }
    }
    for long in ["all-namespaces", "watch", "no-headers"] {
        if a.bool(long, false)? {
            argv.push(format!("--{long}"));
        }
    }
    get::get(s, &argv, to_completion, limit_ms, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn for_needs_a_type_and_a_name() {
        let e = decode_for("pod").unwrap_err().to_string();
        assert_eq!(e, "error: --for must be in resource/name form");
        assert_eq!(decode_for("po/web").unwrap(), (Kind::Pod, "web".to_string()));
    }
}
