//! `?watch=1`: what a watch streams, as the watch cache serves it
//! (apiserver/pkg/storage/cacher/cacher.go `Watch`, cache_watcher.go, watch_cache.go
//! `getAllEventsSinceLocked`; handlers/watch.go for the framing). The HTTP layer owns the
//! connection; this holds where a watcher is and turns new events into `WatchEvent` JSON.
//!
//! - No `resourceVersion`, or `0`: the current objects as ADDED, then changes.
//! - A version the log still covers: the events after it. An older one: one ERROR event
//!   carrying a 410 `Expired` Status ("too old resource version"), then the end.
//! - A version the server has not reached: 504 `ResourceVersionTooLarge` (the watch cache
//!   waits up to 3 s for it first; this server knows at once that it will not come).
//! - Label and field selectors filter as the cacher does: an object that starts matching
//!   arrives as ADDED, one that stops matching as DELETED.
//! - `allowWatchBookmarks`: BOOKMARK events carry the newest resourceVersion.
//! - Table watches: each event's object is a one-row Table; only the first carries
//!   the column definitions.

use std::collections::BTreeSet;

use serde_json::{json, Value};

use crate::labels::selector::Selector;
use crate::model::{Kind, Object};
use crate::store::{Key, WatchEventType};
use crate::world::World;

use super::fields::FieldSelector;
use super::table::{self, Include};
use super::{conversion, decisions, Status};

#[derive(Debug)]
enum Source {
    Objects {
        kind: Kind,
        namespace: Option<String>,
        labels: Selector,
        fields: FieldSelector,
        /// Keys the watcher has been told about and that still match.
        visible: BTreeSet<Key>,
        /// The client spoke autoscaling/v1.
        v1: bool,
        /// `Some` for a Table watch; `true` once the column definitions went out.
        table: Option<(Include, bool)>,
    },
    Decisions,
}

/// One watcher's position and filters.
#[derive(Debug)]
pub struct WatchSpec {
    source: Source,
    /// The last resourceVersion sent (for decisions, the last sequence number).
    cursor: u64,
    /// Events to send first (the initial ADDED events, or a 410 ERROR).
    pending: Vec<Value>,
    /// Ends after `pending` (the 410 case).
    finished: bool,
    pub bookmarks: bool,
    pub timeout_seconds: Option<u64>,
}

fn event(ty: &str, object: Value) -> Value {
    json!({ "type": ty, "object": object })
}

impl WatchSpec {
    pub(super) fn decisions(query: &super::Query, total: u64) -> WatchSpec {
        let cursor =
            query.resource_version.as_deref().and_then(|s| s.parse().ok()).unwrap_or(total);
        WatchSpec {
            source: Source::Decisions,
            cursor: cursor.min(total),
            pending: Vec::new(),
            finished: false,
            bookmarks: query.allow_bookmarks,
            timeout_seconds: query.timeout_seconds,
        }
    }

    /// A watch of `kind` over `objects` (the current matching objects), from the query's
    /// resourceVersion.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn objects(
        world: &World,
        kind: Kind,
        namespace: Option<String>,
        labels: Selector,
        fields: FieldSelector,
        current: Vec<Object>,
        query: &super::Query,
        v1: bool,
        table: Option<Include>,
    ) -> Result<WatchSpec, Status> {
        let asked = query.rv()?;
        let now_rv = world.store.resource_version();
        if asked > now_rv {
            return Err(Status::too_large_resource_version(asked, now_rv));
        }
        let matching: Vec<Object> = current
            .into_iter()
            .filter(|o| labels.matches(&o.meta().labels) && fields.matches(kind, &o.to_json()))
            .collect();
        let visible = matching.iter().map(|o| Key::of(o.meta(), kind)).collect();
        let mut spec = WatchSpec {
            source: Source::Objects {
                kind,
                namespace,
                labels,
                fields,
                visible,
                v1,
                table: table.map(|t| (t, false)),
            },
            cursor: now_rv,
            pending: Vec::new(),
            finished: false,
            bookmarks: query.allow_bookmarks,
            timeout_seconds: query.timeout_seconds,
        };
        if asked == 0 {
            // "Start at most recent": the state, then the changes.
            let initial: Vec<Value> =
                matching.iter().map(|o| spec.encode("ADDED", o, world)).collect();
            spec.pending = initial;
        } else if !world.store.watch.covers(asked) {
            let oldest = world.store.watch.oldest_rv().unwrap_or(now_rv + 1);
            let status = Status::expired(format!(
                "too old resource version: {asked} ({})",
                oldest.saturating_sub(1)
            ));
            spec.pending = vec![event("ERROR", status.to_json())];
            spec.finished = true;
        } else {
            spec.cursor = asked;
            // The objects as they were at `asked` are what the watcher knows. Each key's first
            // event since says whether it was there: one ADDED since was not (its event will
            // say), one MODIFIED or DELETED since was, even if it is gone now, so its DELETED
            // still reaches the watcher. Whether it matched then is judged by the object
            // its first event carries, the nearest state the log holds.
            if let Source::Objects { visible, namespace, labels, fields, .. } = &mut spec.source {
                let mut first = BTreeSet::new();
                for e in world.store.watch.after_rv(asked) {
                    let m = e.object.meta();
                    let key = Key::of(m, kind);
                    if e.object.kind() != kind || !first.insert(key.clone()) {
                        continue;
                    }
                    let in_namespace = namespace.as_ref().is_none_or(|ns| *ns == m.namespace);
                    if e.ty == WatchEventType::Added {
                        visible.remove(&key);
                    } else if in_namespace
                        && labels.matches(&m.labels)
                        && (!fields.given() || fields.matches(kind, &e.object.to_json()))
                    {
                        visible.insert(key);
                    }
                }
            }
        }
        Ok(spec)
    }

    /// Whether the stream ends once what `poll` returned is sent.
    pub fn finished(&self) -> bool {
        self.finished
    }

    fn encode(&mut self, ty: &str, obj: &Object, world: &World) -> Value {
        let Source::Objects { kind, v1, table, .. } = &mut self.source else {
            return Value::Null;
        };
        let body = match table {
            Some((include, sent_columns)) => {
                let rv = obj.meta().resource_version.clone();
                let mut t = table::table(*kind, &[obj], *include, &rv, world.now());
                if *sent_columns {
                    t["columnDefinitions"] = json!([]);
                }
                *sent_columns = true;
                t
            }
            None => conversion::object_json(obj, *v1),
        };
        event(ty, body)
    }

    /// The events since the last poll, as `WatchEvent` JSON.
    pub fn poll(&mut self, world: &World) -> Vec<Value> {
        let mut out = std::mem::take(&mut self.pending);
        if self.finished {
            return out;
        }
        match &self.source {
            Source::Decisions => {
                let from = self.cursor;
                for (i, d) in world.decisions.since(from).enumerate() {
                    out.push(event("ADDED", decisions::to_json(d, from + i as u64 + 1)));
                }
                self.cursor = world.decisions.total();
            }
            Source::Objects { .. } => {
                let events: Vec<(WatchEventType, Object)> = world
                    .store
                    .watch
                    .after_rv(self.cursor)
                    .map(|e| (e.ty, e.object.clone()))
                    .collect();
                for (ty, obj) in events {
                    if let Some(ty) = self.classify(ty, &obj) {
                        out.push(self.encode(ty, &obj, world));
                    }
                }
                self.cursor = world.store.resource_version();
            }
        }
        out
    }

    /// What an event is to this watcher, after its filters: `None` when it does not see it.
    fn classify(&mut self, ty: WatchEventType, obj: &Object) -> Option<&'static str> {
        let Source::Objects { kind, namespace, labels, fields, visible, .. } = &mut self.source
        else {
            return None;
        };
        if obj.kind() != *kind || namespace.as_ref().is_some_and(|ns| *ns != obj.meta().namespace) {
            return None;
        }
        let key = Key::of(obj.meta(), *kind);
        let matches = labels.matches(&obj.meta().labels)
            && (!fields.given() || fields.matches(*kind, &obj.to_json()));
        let was = visible.contains(&key);
        match (ty, matches, was) {
            (WatchEventType::Deleted, _, true) => {
                visible.remove(&key);
                Some("DELETED")
            }
            (WatchEventType::Deleted, _, false) => None,
            (_, true, true) => Some("MODIFIED"),
            (_, true, false) => {
                visible.insert(key);
                Some("ADDED")
            }
            (_, false, true) => {
                visible.remove(&key);
                Some("DELETED")
            }
            (_, false, false) => None,
        }
    }

    /// A BOOKMARK at the newest resourceVersion, if the watcher asked for them.
    pub fn bookmark(&self, world: &World) -> Option<Value> {
        if !self.bookmarks || self.finished {
            return None;
        }
        let object = match &self.source {
            Source::Objects { kind, v1, .. } => json!({
                "kind": kind.as_str(),
                "apiVersion": if *v1 { "autoscaling/v1" } else { kind.api_version() },
                "metadata": { "resourceVersion": world.store.resource_version().to_string(), "creationTimestamp": null },
            }),
            Source::Decisions => json!({
                "kind": "Decision",
                "apiVersion": decisions::API_VERSION,
                "metadata": { "resourceVersion": world.decisions.total().to_string() },
            }),
        };
        Some(event("BOOKMARK", object))
    }
}
