//! `kubectl events`: the namespace's Events, oldest first, in the events command's own
//! layout (LAST SEEN, TYPE, REASON, OBJECT as `Kind/name`, MESSAGE), with `--for`, `--types`,
//! `-A` and `--no-headers`.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/events/events.go (`ToOptions`, `Validate`,
//! `Run`, `runWatch`, `SortableEvents`) and event_printer.go (`EventPrinter`, `getInterval`).
//! `-o` goes through `kubectl get events`' printers instead.

use crate::api::client::{self, Call};
use crate::labels::selector::Selector;
use crate::model::{Event, Kind, Object};

use super::args::{self, flag, switch, FlagSpec};
use super::events_view::EventsView;
use super::printers::{self, TabWriter};
use super::watch::{ActiveWatch, Watch};
use super::{get, Kubectl, KubectlError, Mode, Output};

pub(super) const EVENTS_FLAGS: &[FlagSpec] = &[
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
    s: &mut Kubectl,
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
    let format = output_format(a.get("output"))?;
    if format.is_some() && a.bool("watch", false)? {
        return via_get(s, &a, to_completion, limit_ms, out);
    }
    let all_ns = a.bool("all-namespaces", false)?;
    let view = EventsView {
        all_namespaces: all_ns,
        no_headers: a.bool("no-headers", false)?,
        types,
        for_object,
    };
    let ns = a.get("namespace").unwrap_or("default").to_string();
    let list_ns = if all_ns { "" } else { ns.as_str() };
    let (listed, version) = client::list_at(s.api(), &Call::list(Kind::Event, list_ns))?;
    if a.bool("watch", false)? {
        return watch(s, view, ns, (&listed, version), to_completion, limit_ms, out);
    }
    let mut events: Vec<&Event> = listed
        .iter()
        .filter_map(|o| match o {
            Object::Event(e) => Some(&**e),
            _ => None,
        })
        .filter(|e| view.matches(e))
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
    if let Some(format) = format {
        return print_list(&events, &format, out);
    }
    let now = s.now();
    let mut rows = Vec::with_capacity(events.len() + 1);
    if !view.no_headers {
        rows.push(view.header());
    }
    rows.extend(events.into_iter().map(|e| view.row(e, now)));
    out.out(TabWriter::default().write_rows(&rows));
    Ok(0)
}

/// events.go `runWatch`: a watch with no resourceVersion starts with a synthetic ADDED for
/// every Event there is (in the server's order, unsorted), then follows new writes, leaving
/// out deletions; the header comes with the first line.
fn watch(
    s: &mut Kubectl,
    view: EventsView,
    ns: String,
    (listed, version): (&[Object], String),
    to_completion: bool,
    limit_ms: Option<i64>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let now = s.now();
    let mut tw = TabWriter::default();
    let mut rows = Vec::new();
    for o in listed {
        if let Object::Event(e) = o {
            if view.matches(e) {
                if rows.is_empty() && !view.no_headers {
                    rows.push(view.header());
                }
                rows.push(view.row(e, now));
            }
        }
    }
    let header_printed = !rows.is_empty();
    out.out(tw.write_rows(&rows));
    let active = ActiveWatch {
        watch: Watch {
            kind: Kind::Event,
            namespace: if view.all_namespaces { None } else { Some(ns) },
            selector: Selector::everything(),
            names: Vec::new(),
            format: get::Format::Table,
            opts: Default::default(),
            events: Some(view),
            output_events: false,
        },
        tw,
        header_printed,
        version,
        deadline: limit_ms.map(|ms| now.plus_millis(ms)),
        filters: Vec::new(),
        columns: None,
        polled: None,
        rest: Default::default(),
    };
    if to_completion || s.mode == Mode::Script {
        super::waiting::begin(s, Box::new(active), true, out);
    } else {
        s.watch = Some(active);
    }
    Ok(0)
}

/// `-o`: genericclioptions.NewPrintFlags("events") has no table formats, so `wide` is
/// refused with the rest; an empty `-o` is the events layout.
fn output_format(o: Option<&str>) -> Result<Option<get::Format>, KubectlError> {
    match o {
        None | Some("") => Ok(None),
        Some(o) if o == "wide" || o.starts_with("custom-columns") => Err(KubectlError::Usage(format!(
            "unable to match a printer suitable for the output format \"{}\", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml",
            o
        ))),
        Some(other) => match get::Format::parse(Some(other))? {
            (get::Format::Table, _) => output_format(Some("wide")),
            (f, _) => Ok(Some(f)),
        },
    }
}

/// events.go `Run` hands the sorted `EventList` to the printer: `event/NAME` lines, or the
/// list (kind `EventList`, empty list metadata) as YAML, JSON or a template's input.
fn print_list(
    events: &[&Event],
    format: &get::Format,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let objects: Vec<Object> = events.iter().map(|e| Object::Event((*e).clone().into())).collect();
    if *format == get::Format::Name {
        for e in events {
            out.out(format!("event/{}\n", e.metadata.name));
        }
        return Ok(0);
    }
    let list = serde_json::json!({
        "apiVersion": "v1",
        "items": objects.iter().map(printers::object_json).collect::<Vec<_>>(),
        "kind": "EventList",
        "metadata": {},
    });
    match format {
        get::Format::Yaml => out.out(printers::value_to_yaml(&list)),
        get::Format::Json => out.out(format!("{}\n", printers::value_json_text(&list))),
        get::Format::JsonPath(t) => out.out(get::jsonpath_output(t, &list)?),
        get::Format::GoTemplate(t) => get::gotemplate_output(t, &list, out)?,
        get::Format::Table | get::Format::Name => {}
    }
    Ok(0)
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
    // The RESTMapper's own error for a type it does not know (meta/errors.go
    // NoResourceMatchError over a GroupVersionResource with only the resource set).
    match super::resource::kind_of(ty) {
        Ok(kind) => Ok((kind, name.to_string())),
        Err(KubectlError::Usage(_)) => {
            Err(KubectlError::Usage(format!("no matches for /, Resource={ty}")))
        }
        Err(e) => Err(e),
    }
}

/// `-o` and `-w`: `kubectl get events` with the same namespace flags.
fn via_get(
    s: &mut Kubectl,
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
        let e = decode_for("frob/web").unwrap_err().to_string();
        assert_eq!(e, "error: no matches for /, Resource=frob");
    }
}
