//! What `kubectl events` shows and how, shared by its list and its watch: the filters and the
//! columns of event_printer.go (kubectl/pkg/cmd/events).

use crate::model::{Event, Kind};

use super::printers;

/// What `kubectl events` shows and how: its filters and event_printer.go's columns.
#[derive(Clone, Debug, PartialEq)]
pub struct EventsView {
    pub all_namespaces: bool,
    pub no_headers: bool,
    /// `--types`, sorted and de-duplicated; empty for all.
    pub types: Vec<String>,
    /// `--for`: the involved object's kind and name.
    pub for_object: Option<(Kind, String)>,
}

impl EventsView {
    /// The `--for` field selector and `filteredEventType`.
    pub fn matches(&self, e: &Event) -> bool {
        self.for_object.as_ref().is_none_or(|(kind, name)| {
            e.involved_object.kind == kind.as_str() && e.involved_object.name == name
        }) && (self.types.is_empty() || self.types.iter().any(|t| t.eq_ignore_ascii_case(&e.type_)))
    }

    /// `printHeadings`.
    pub fn header(&self) -> Vec<String> {
        let mut header: Vec<String> = Vec::new();
        if self.all_namespaces {
            header.push("NAMESPACE".into());
        }
        header.extend(["LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"].map(String::from));
        header
    }

    /// `printOneEvent`.
    pub fn row(&self, e: &Event, now: crate::clock::Time) -> Vec<String> {
        let mut row = Vec::with_capacity(6);
        if self.all_namespaces {
            row.push(e.metadata.namespace.clone());
        }
        row.push(interval(e, now));
        row.push(e.type_.to_string());
        row.push(e.reason.to_string());
        row.push(format!("{}/{}", e.involved_object.kind, e.involved_object.name));
        row.push(e.message.trim().to_string());
        row
    }
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
