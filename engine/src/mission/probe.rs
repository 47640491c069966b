//! The three kinds of evidence a check reads, each measured from the mission's start: objects
//! as they are now, Events recorded since the start, and states the watch log went through
//! since the start. Each returns whether it holds and what it found, in words a learner
//! matches against the graph; it does not decide about checks that held at the start (`check`).

use std::collections::{BTreeMap, BTreeSet};

use super::check::{kind_of, Check, EventCheck, Made, SeenCheck, TrafficCheck};
use super::since::{name_matches, Ctx};
use crate::kubectl::{jsonpath, printers};
use crate::labels::selector;
use crate::model::{Event, Kind, Object, Pod, FINALIZER_FOREGROUND, FINALIZER_ORPHAN};
use crate::store::WatchEventType;

/// Whether a pod runs, as the graph shows it: a finished pod does not; a terminating one does
/// until its containers stop (the kubelet stops them after the grace period), which is what
/// the learner sees as `Terminating` with its containers still up.
pub fn pod_runs(p: &Pod) -> bool {
    if !p.metadata.is_deleting() {
        return p.is_active();
    }
    p.is_active() || p.status.container_statuses.iter().any(|c| c.state.running.is_some())
}

fn noun(kind: Kind, n: usize) -> String {
    if n == 1 {
        kind.as_str().to_lowercase()
    } else {
        kind.plural().to_string()
    }
}

/// "web", or "web-…" for a prefix pattern, so no glob syntax reaches the learner.
fn shown_name(pattern: &str) -> String {
    match pattern.strip_suffix('*') {
        Some(prefix) => format!("{prefix}\u{2026}"),
        None => pattern.to_string(),
    }
}

fn render(template: &str, o: &Object) -> String {
    // A path that does not resolve (no ownerReferences yet) reads as "not set".
    jsonpath::render(template, &printers::object_json(o)).unwrap_or_default()
}

pub fn objects(c: &Check, ctx: &Ctx) -> (bool, String) {
    let Some(kind) = c.kind.as_deref().and_then(|k| kind_of(k).ok()) else {
        return (false, "the check names no kind".into());
    };
    let sel = c
        .selector
        .as_deref()
        .and_then(|s| selector::parse(s).ok())
        .unwrap_or_else(selector::Selector::everything);
    let list = |w: &crate::world::World| w.store.objects(kind, Some(&c.namespace), &sel);
    let at_start: BTreeSet<String> = list(ctx.start).iter().map(|o| o.meta().uid.clone()).collect();
    let objs: Vec<Object> = list(ctx.world)
        .into_iter()
        .filter(|o| name_matches(c.name.as_deref(), &o.meta().name))
        .filter(|o| match c.made {
            None => true,
            Some(Made::Setup) => at_start.contains(&o.meta().uid),
            Some(Made::Later) => !at_start.contains(&o.meta().uid),
        })
        .filter(|o| !c.active || !matches!(o, Object::Pod(p) if !pod_runs(p)))
        .filter(|o| match (&c.node, o) {
            (Some(node), Object::Pod(p)) => p.spec.node_name.as_deref() == Some(node.as_str()),
            _ => true,
        })
        .collect();
    let n = objs.len();
    let terminating = objs.iter().filter(|o| o.meta().is_deleting()).count();
    let mut what = format!("{n} {}", noun(kind, n));
    if let Some(name) = &c.name {
        what.push_str(&format!(" named {}", shown_name(name)));
    }
    if let Some(s) = &c.selector {
        what.push_str(&format!(" matching {s}"));
    }
    if let Some(node) = &c.node {
        what.push_str(&format!(" on {node}"));
    }
    match c.made {
        Some(Made::Setup) => what.push_str(" left from the start"),
        Some(Made::Later) => what.push_str(" made since the mission started"),
        None => {}
    }
    if terminating > 0 && kind == Kind::Pod {
        what.push_str(&format!(", {terminating} of them terminating"));
    }
    if c.count.is_some_and(|want| want != n)
        || c.min.is_some_and(|m| n < m)
        || c.max.is_some_and(|m| n > m)
    {
        return (false, format!("found {what}"));
    }
    if let (Some(t), Some(want)) = (&c.jsonpath, &c.equals) {
        let field = c.what.as_deref().unwrap_or("value");
        if objs.is_empty() {
            return (false, format!("found {what}"));
        }
        for o in &objs {
            let got = render(t, o);
            let name = &o.meta().name;
            if got.is_empty() && !want.is_empty() {
                return (false, format!("{name} has no {field} (wanted {want})"));
            }
            if got != *want {
                return (false, format!("{name}'s {field} is {got}, not {want}"));
            }
        }
        let names: Vec<&str> = objs.iter().map(|o| o.meta().name.as_str()).collect();
        return (true, format!("{}'s {field} is {want}", names.join(", ")));
    }
    (true, format!("found {what}"))
}

/// Events since the start: each Event's count now less its count at the start, so an Event
/// the setup caused counts only for what happened again after it.
pub fn event(e: &EventCheck, ctx: &Ctx) -> (bool, String) {
    let kind = e.kind.as_deref().and_then(Kind::from_resource);
    let matching = |ev: &&Event| {
        ev.reason == e.reason
            && kind.is_none_or(|k| ev.involved_object.kind == k.as_str())
            && name_matches(e.name.as_deref(), &ev.involved_object.name)
    };
    let before: BTreeMap<(&str, &str), i64> = ctx
        .start
        .store
        .list::<Event>(None, None)
        .filter(matching)
        .map(|ev| {
            ((ev.metadata.namespace.as_str(), ev.metadata.name.as_str()), i64::from(ev.count))
        })
        .collect();
    let total: i64 = ctx
        .world
        .store
        .list::<Event>(None, None)
        .filter(matching)
        .map(|ev| {
            let key = (ev.metadata.namespace.as_str(), ev.metadata.name.as_str());
            (i64::from(ev.count) - before.get(&key).copied().unwrap_or(0)).max(0)
        })
        .sum();
    let ok = e.min.is_none_or(|m| total >= m) && e.max.is_none_or(|m| total <= m);
    let s = if total == 1 { "" } else { "s" };
    (ok, format!("{total} {} event{s} since the mission started", e.reason))
}

pub fn seen(s: &SeenCheck, what: Option<&str>, ctx: &Ctx) -> (bool, String) {
    let Ok(kind) = kind_of(&s.kind) else { return (false, format!("unknown kind {}", s.kind)) };
    let noun = kind.as_str().to_lowercase();
    let is_it = |o: &Object| o.kind() == kind && name_matches(Some(&s.name), &o.meta().name);
    let in_state = |o: &Object| {
        let m = o.meta();
        is_it(o)
            && s.finalizer.as_deref().is_none_or(|f| m.is_deleting() && m.has_finalizer(f))
            && match (&s.jsonpath, &s.equals) {
                (Some(t), Some(want)) => render(t, o) == *want,
                _ => true,
            }
    };
    let state = match (s.finalizer.as_deref(), &s.equals) {
        (Some(FINALIZER_FOREGROUND), _) => " waiting for its dependents (foreground)".to_string(),
        (Some(FINALIZER_ORPHAN), _) => " orphaning its dependents".to_string(),
        (Some(f), _) => format!(" held by the finalizer {f}"),
        (None, Some(want)) => format!(" with {} {want}", what.unwrap_or("value")),
        (None, None) => String::new(),
    };
    let saw = ctx.since_start().find(|e| in_state(&e.object)).map(|e| e.object.meta().name.clone());
    let deleted = ctx.since_start().any(|e| e.ty == WatchEventType::Deleted && is_it(&e.object));
    let pattern = shown_name(&s.name);
    match (s.happened, saw) {
        (true, Some(name)) if s.deleted && !deleted => {
            (false, format!("saw {noun} {name}{state}, but it has not been deleted"))
        }
        (true, Some(name)) if s.deleted => {
            (true, format!("saw {noun} {name}{state}, then deleted"))
        }
        (true, Some(name)) => (true, format!("saw {noun} {name}{state}")),
        (true, None) => (false, format!("never saw {noun} {pattern}{state}")),
        (false, Some(name)) => (false, format!("saw {noun} {name}{state}")),
        (false, None) if s.deleted && !deleted => {
            (false, format!("{noun} {pattern} has not been deleted"))
        }
        (false, None) if s.deleted => (true, format!("saw {noun} {pattern} deleted, never{state}")),
        (false, None) => (true, format!("never saw {noun} {pattern}{state}")),
    }
}

/// Requests to a Service served and failed since the start (the counters now, less the
/// counters the setup left). Users keep being served while nothing happens, so the check
/// counts only once the learner has changed something (a write by no loop).
pub fn traffic(t: &TrafficCheck, ctx: &Ctx) -> (bool, String) {
    if !ctx.since_start().any(|e| e.by.is_none()) {
        return (false, "no change since the mission started".into());
    }
    let key = crate::store::Key::new(&t.namespace, &t.service);
    let count = |w: &crate::world::World| w.traffic().counter(&key).unwrap_or_default();
    let (now, start) = (count(ctx.world), count(ctx.start));
    let served = now.served.saturating_sub(start.served);
    let failed = now.failed.saturating_sub(start.failed);
    let ok = t.served_min.is_none_or(|m| served >= m)
        && t.failed_min.is_none_or(|m| failed >= m)
        && t.failed_max.is_none_or(|m| failed <= m);
    let s = |n: u64| if n == 1 { "" } else { "s" };
    (ok, format!("service {}: {served} request{} served, {failed} failed", t.service, s(served)))
}
