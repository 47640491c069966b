//! `kubectl get -w`: the initial list, then one row per watch event of the watched kind.
//!
//! Models kubectl/pkg/cmd/get/get.go `watch`: every ADDED, MODIFIED and DELETED event prints
//! the object as it was at that event, through the same printer and the same remembered
//! column widths as the initial table. The table printer (cli-runtime/pkg/printers/
//! tableprinter.go `HumanReadablePrinter.printedHeaders`) prints the header with the first
//! row it prints, so a watch that started on an empty list prints it with the first event.
//!
//! The human-readable table asks the server for Tables on the watch too (get.go sets the
//! Table `Accept` header on the watch request): each event carries a one-row Table, the
//! first with the column definitions, printed through the same remembered widths.
//!
//! `--output-watch-events` wraps each object in a `metav1.WatchEvent` (get.go `watch`, the
//! initial list as ADDED): the table printer then leads with an EVENT column, and YAML and
//! JSON print `{type, object}` (cli-runtime printers/tableprinter.go `printTable` with
//! `WatchEvent`; apimachinery pkg/apis/meta/v1/watch.go).

use serde_json::{json, Value};

use crate::api::client::{self, Api, Call, WatchEvent};
use crate::clock::Time;
use crate::labels::selector::Selector;
use crate::model::{Kind, Object};

use super::events_view::EventsView;
use super::filters::Filter;
use super::get_format::Format;
use super::jsonpath;
use super::printers::{self, server_table, TabWriter, TableOptions};
use super::shell::Script;
use super::watch_poll::Polled;
use super::Output;

/// What a watch prints and which objects it follows.
pub struct Watch {
    pub kind: Kind,
    pub namespace: Option<String>,
    pub selector: Selector,
    pub names: Vec<String>,
    pub format: Format,
    pub opts: TableOptions,
    /// `kubectl events -w`: its filters and layout instead of `get`'s table.
    pub events: Option<EventsView>,
    /// `--output-watch-events`: each object is printed as the watch event that carried it.
    pub output_events: bool,
}

impl Watch {
    pub fn matches(&self, obj: &Object) -> bool {
        let m = obj.meta();
        obj.kind() == self.kind
            && self
                .namespace
                .as_deref()
                .is_none_or(|ns| m.namespace == ns || !self.kind.namespaced())
            && self.selector.matches(&m.labels)
            && (self.names.is_empty() || self.names.contains(&m.name))
            && match (&self.events, obj) {
                (Some(view), Object::Event(e)) => view.matches(e),
                _ => true,
            }
    }

    /// The text one object prints as, one event at a time; a table's header comes first
    /// unless it was printed already, and a YAML document after the first starts with `---`
    /// (`header_printed` says something was printed; this sets it).
    pub fn render(
        &self,
        obj: &Object,
        ty: &str,
        tw: &mut TabWriter,
        header_printed: &mut bool,
        now: Time,
    ) -> Result<String, String> {
        if self.output_events {
            return Ok(self.render_events(&[(obj, ty)], tw, header_printed, now));
        }
        if let (Some(view), Object::Event(e)) = (&self.events, obj) {
            let mut rows = Vec::with_capacity(2);
            if !*header_printed && !view.no_headers {
                rows.push(view.header());
            }
            *header_printed = true;
            rows.push(view.row(e, now));
            return Ok(tw.write_rows(&rows));
        }
        match &self.format {
            Format::Table => {
                let mut rows = Vec::with_capacity(2);
                if !*header_printed && !self.opts.no_headers {
                    rows.push(printers::headers(self.kind, &self.opts));
                }
                *header_printed = true;
                rows.push(printers::row(obj, &self.opts, now));
                Ok(tw.write_rows(&rows))
            }
            // cli-runtime printers/yaml.go: every object after the first is preceded by a
            // document separator.
            Format::Yaml => {
                let sep = if *header_printed { "---\n" } else { "" };
                *header_printed = true;
                let v = printers::printed_json(obj, self.opts.show_managed_fields);
                Ok(format!("{sep}{}", printers::value_to_yaml(&v)))
            }
            other => {
                *header_printed = true;
                other.render_single(obj)
            }
        }
    }
}

impl Watch {
    /// Objects as the watch events that carried them, one table block (the initial list is one
    /// `Table` in get.go, so its rows align together) or one document each.
    pub fn render_events(
        &self,
        events: &[(&Object, &str)],
        tw: &mut TabWriter,
        header_printed: &mut bool,
        now: Time,
    ) -> String {
        if self.format == Format::Table {
            let mut rows = Vec::with_capacity(events.len() + 1);
            if !*header_printed && !self.opts.no_headers && !events.is_empty() {
                let mut header = vec!["EVENT".to_string()];
                header.extend(printers::headers(self.kind, &self.opts));
                rows.push(header);
            }
            for (obj, ty) in events {
                let mut row = vec![ty.to_string()];
                row.extend(printers::row(obj, &self.opts, now));
                rows.push(row);
            }
            *header_printed |= !events.is_empty();
            return tw.write_rows(&rows);
        }
        let mut text = String::new();
        for (obj, ty) in events {
            let mut object = printers::object_json(obj);
            if matches!(self.format, Format::Yaml | Format::Json) && !self.opts.show_managed_fields
            {
                printers::omit_managed_fields(&mut object);
            }
            let event = serde_json::json!({ "type": ty, "object": object });
            match &self.format {
                Format::Yaml => {
                    if *header_printed {
                        text.push_str("---\n");
                    }
                    text.push_str(&printers::value_to_yaml(&event));
                }
                Format::Json => text.push_str(&printers::value_json_text(&event)),
                Format::JsonPath(t) => match jsonpath::render(t, &event) {
                    Ok(t) => text.push_str(&t),
                    Err(e) => text.push_str(&format!("error: {e}\n")),
                },
                other => match other.render_single(obj) {
                    Ok(t) | Err(t) => text.push_str(&t),
                },
            }
            *header_printed = true;
        }
        text
    }
}

/// A watch in progress, with where it resumes.
pub struct ActiveWatch {
    pub watch: Watch,
    pub tw: TabWriter,
    /// The table's header is out (the initial list had rows).
    pub header_printed: bool,
    /// The resourceVersion the next watch call starts from: the list's, then the last
    /// event's (get.go `watch` starts from the list's; client-go's watch resumes so).
    pub version: String,
    pub deadline: Option<Time>,
    /// Line filters it is piped through (`| grep Running`).
    pub filters: Vec<Filter>,
    /// The server's column definitions, from the first Table event.
    pub columns: Option<Value>,
    /// Lists instead: the transport refused the watch (`watch_poll.rs`).
    pub polled: Option<Polled>,
    /// No longer read: the session keeps the rest of the line in `waiting::Pending`. Kept
    /// until the constructors in `get.rs` and `events.rs` stop setting it.
    #[allow(dead_code)]
    pub rest: Script,
}

impl ActiveWatch {
    /// Whether the events come as Tables: the human-readable printer, not `events -w`'s
    /// own layout nor `--output-watch-events`' EVENT column.
    fn tables(&self) -> bool {
        let w = &self.watch;
        w.format == Format::Table && w.events.is_none() && !w.output_events
    }

    /// The watch call from where it stands: the kind in its namespace, the label selector,
    /// and one name as a `metadata.name` field selector (get.go's `WatchSingle`), asking
    /// for Tables when it prints them.
    fn call(&self) -> Call {
        let w = &self.watch;
        let labels = w.selector.to_string();
        let name = match w.names.as_slice() {
            [one] => Some(format!("metadata.name={one}")),
            _ => None,
        };
        let ns = w.namespace.as_deref().unwrap_or("");
        let call = Call::watch(w.kind, ns, &self.version).selectors(Some(&labels), name.as_deref());
        if self.tables() {
            call.table(false)
        } else {
            call
        }
    }

    /// Prints the events since the last poll. Returns true when the watch is over: its
    /// deadline passed, or the server ended it with an error (printed as get.go's
    /// `watch` returns it, a 410 Expired among them).
    pub fn poll(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) -> bool {
        if self.polled.is_some() {
            return self.poll_list(api, now, out);
        }
        let events = match client::watch(api, &self.call()) {
            Ok(events) => events,
            // A transport that holds no watch open (405): list at each poll instead.
            Err(refusal) if refusal.code == 405 => {
                self.polled = Some(Polled::default());
                return self.poll_list(api, now, out);
            }
            Err(refusal) => {
                out.err(format!("{refusal}\n"));
                return true;
            }
        };
        let mut text = String::new();
        for event in &events {
            if let Some(v) = event.resource_version() {
                self.version = v.to_string();
            }
            // events.go runWatch does not print deletions.
            let skip =
                event.ty == "BOOKMARK" || (self.watch.events.is_some() && event.ty == "DELETED");
            if skip {
                continue;
            }
            if self.tables() {
                text.push_str(&self.table_row(event));
                continue;
            }
            let Some(obj) = client::event_object(self.watch.kind, event) else { continue };
            if self.watch.matches(&obj) {
                let rendered =
                    self.watch.render(&obj, &event.ty, &mut self.tw, &mut self.header_printed, now);
                match rendered {
                    Ok(t) | Err(t) => text.push_str(&t),
                }
            }
        }
        self.emit(&text, out);
        self.deadline.is_some_and(|d| now >= d)
    }

    /// `poll` where the transport serves no watch: the list's changes since the last poll,
    /// printed by kubectl's own printer.
    fn poll_list(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) -> bool {
        let call = self.call();
        let Some(polled) = self.polled.as_mut() else { return true };
        let changes = match polled.poll(api, &call) {
            Ok(changes) => changes,
            Err(refusal) => {
                out.err(format!("{refusal}\n"));
                return true;
            }
        };
        let mut text = String::new();
        for (ty, obj) in &changes {
            // events.go runWatch does not print deletions.
            let skip = self.watch.events.is_some() && *ty == "DELETED";
            if !skip && self.watch.matches(obj) {
                let w = &self.watch;
                match w.render(obj, ty, &mut self.tw, &mut self.header_printed, now) {
                    Ok(t) | Err(t) => text.push_str(&t),
                }
            }
        }
        self.emit(&text, out);
        self.deadline.is_some_and(|d| now >= d)
    }

    /// A Table event's row, under the header when none is out yet. The server filtered by
    /// namespace, labels and a single name; several names are kept here.
    fn table_row(&mut self, event: &WatchEvent) -> String {
        let table = &event.object;
        let columns = table.get("columnDefinitions").and_then(Value::as_array);
        if let Some(cols) = columns.filter(|c| !c.is_empty()) {
            self.columns.get_or_insert_with(|| Value::Array(cols.clone()));
        }
        let Some(row) = table.pointer("/rows/0") else { return String::new() };
        let name = row.pointer("/object/metadata/name").and_then(Value::as_str);
        let names = &self.watch.names;
        if !names.is_empty() && !name.is_some_and(|n| names.iter().any(|m| m == n)) {
            return String::new();
        }
        let one = json!({
            "columnDefinitions": self.columns.clone().unwrap_or_else(|| json!([])),
            "rows": [row],
        });
        let opts = TableOptions {
            no_headers: self.watch.opts.no_headers || self.header_printed,
            ..self.watch.opts.clone()
        };
        self.header_printed = true;
        server_table::render(self.watch.kind, &one, &opts, &mut self.tw)
    }

    fn emit(&mut self, text: &str, out: &mut Output) {
        if self.filters.is_empty() {
            out.out(text.to_string());
            return;
        }
        for line in text.lines() {
            let mut current = Some(line.to_string());
            for f in &mut self.filters {
                current = current.and_then(|l| f.feed(&l));
            }
            if let Some(l) = current {
                out.out(format!("{l}\n"));
            }
        }
    }

    /// Flushes filters that print at the end (`wc -l`, `sort`, `tail`).
    pub fn finish(&self, out: &mut Output) {
        let mut filters = self.filters.clone();
        let mut pending: Vec<String> = Vec::new();
        for f in &mut filters {
            let mut next = Vec::new();
            for l in pending.drain(..) {
                next.extend(f.feed(&l));
            }
            next.extend(f.finish());
            pending = next;
        }
        for l in pending {
            out.out(format!("{l}\n"));
        }
    }
}

impl super::waiting::Wait for ActiveWatch {
    fn poll(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) -> Option<i32> {
        ActiveWatch::poll(self, api, now, out).then(|| {
            self.finish(out);
            0
        })
    }

    fn describe(&self) -> String {
        format!("watching {}", self.watch.kind.plural())
    }

    fn streams(&self) -> bool {
        true
    }

    fn interrupt(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) {
        ActiveWatch::poll(self, api, now, out);
        self.finish(out);
    }
}
