//! State-based checks: predicates over the cluster's objects, its Events, and the states it
//! went through (the watch log). Each failing check explains itself in the mission's words.

use serde::Deserialize;

use crate::kubectl::{jsonpath, printers};
use crate::labels::selector;
use crate::model::{Kind, Object, FINALIZER_FOREGROUND, FINALIZER_ORPHAN};
use crate::world::World;

/// One condition on the cluster. Exactly one of: objects (`kind`), `event`, `seen`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    /// What to look at: `pods`, `rs`, `deploy`, ... (any name kubectl accepts).
    #[serde(default)]
    pub kind: Option<String>,
    /// An exact name, or a prefix ending in `*`.
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub selector: Option<String>,
    #[serde(default = "default_ns")]
    pub namespace: String,
    /// Pods only: count those not terminating or finished (default true).
    #[serde(default = "yes")]
    pub active: bool,
    #[serde(default)]
    pub count: Option<usize>,
    #[serde(default)]
    pub min: Option<usize>,
    #[serde(default)]
    pub max: Option<usize>,
    /// Every matching object must render this jsonpath template to `equals`.
    #[serde(default)]
    pub jsonpath: Option<String>,
    #[serde(default)]
    pub equals: Option<String>,
    #[serde(default)]
    pub event: Option<EventCheck>,
    #[serde(default)]
    pub seen: Option<SeenCheck>,
    /// What the check means, shown with the result ("the app has no pods left").
    pub explain: String,
    /// Shown when the check fails: what is still wrong, and a nudge.
    #[serde(default)]
    pub hint: String,
}

fn default_ns() -> String {
    "default".into()
}
fn yes() -> bool {
    true
}

/// Events with this reason (on objects of `kind`, named with `name`), counted by their `count`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventCheck {
    pub reason: String,
    #[serde(default)]
    pub kind: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub min: Option<i64>,
    #[serde(default)]
    pub max: Option<i64>,
}

/// A state the cluster must have passed through (or never passed through), from the watch log.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeenCheck {
    pub kind: String,
    pub name: String,
    /// The object carried this finalizer while being deleted.
    #[serde(default)]
    pub finalizer: Option<String>,
    /// `false`: the state must never have happened.
    #[serde(default = "yes")]
    pub happened: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CheckResult {
    pub ok: bool,
    pub explain: String,
    /// What was found, in plain words ("found 3 pods matching app=web").
    pub found: String,
    pub hint: String,
}

impl CheckResult {
    pub fn line(&self) -> String {
        if self.ok {
            format!("{} ({})", self.explain, self.found)
        } else if self.hint.is_empty() {
            format!("{}: {}", self.explain, self.found)
        } else {
            format!("{}: {}. {}", self.explain, self.found, self.hint)
        }
    }
}

fn name_matches(pattern: &Option<String>, name: &str) -> bool {
    match pattern.as_deref() {
        None => true,
        Some(p) => match p.strip_suffix('*') {
            Some(prefix) => name.starts_with(prefix),
            None => name == p,
        },
    }
}

fn kind_of(word: &str) -> Result<Kind, String> {
    Kind::from_resource(word).ok_or_else(|| format!("unknown kind {word:?}"))
}

impl Check {
    pub fn validate(&self) -> Result<(), String> {
        let parts = usize::from(self.kind.is_some())
            + usize::from(self.event.is_some())
            + usize::from(self.seen.is_some());
        if parts != 1 {
            return Err(format!("check {:?} needs exactly one of kind, event, seen", self.explain));
        }
        if let Some(k) = &self.kind {
            kind_of(k)?;
        }
        if let Some(s) = &self.selector {
            selector::parse(s).map_err(|e| e.to_string())?;
        }
        if let Some(t) = &self.jsonpath {
            jsonpath::parse(t).map_err(|e| e.to_string())?;
            if self.equals.is_none() {
                return Err("jsonpath needs equals".into());
            }
        }
        if let Some(s) = &self.seen {
            kind_of(&s.kind)?;
        }
        if let Some(e) = &self.event {
            if let Some(k) = &e.kind {
                kind_of(k)?;
            }
        }
        Ok(())
    }

    pub fn evaluate(&self, world: &World) -> CheckResult {
        let (ok, found) = if let Some(e) = &self.event {
            event(e, world)
        } else if let Some(s) = &self.seen {
            seen(s, world)
        } else {
            self.objects(world)
        };
        CheckResult { ok, explain: self.explain.clone(), found, hint: self.hint.clone() }
    }

    fn objects(&self, world: &World) -> (bool, String) {
        let Some(kind) = self.kind.as_deref().and_then(|k| kind_of(k).ok()) else {
            return (false, "the check names no kind".into());
        };
        let sel = self
            .selector
            .as_deref()
            .and_then(|s| selector::parse(s).ok())
            .unwrap_or_else(selector::Selector::everything);
        let objs: Vec<Object> =
            crate::kubectl::list_objects(&world.store, kind, Some(&self.namespace), &sel)
                .into_iter()
                .filter(|o| name_matches(&self.name, &o.meta().name))
                .filter(|o| !self.active || !matches!(o, Object::Pod(p) if !p.is_active()))
                .collect();
        let what = format!(
            "{} {}{}",
            objs.len(),
            kind.plural(),
            self.selector.as_ref().map(|s| format!(" matching {s}")).unwrap_or_default()
        );
        let n = objs.len();
        if self.count.is_some_and(|c| c != n)
            || self.min.is_some_and(|m| n < m)
            || self.max.is_some_and(|m| n > m)
        {
            return (false, format!("found {what}"));
        }
        if let (Some(t), Some(want)) = (&self.jsonpath, &self.equals) {
            if objs.is_empty() {
                return (false, format!("found no {}", kind.plural()));
            }
            for o in &objs {
                let got = jsonpath::render(t, &printers::object_json(o))
                    .unwrap_or_else(|e| e.to_string());
                if got != *want {
                    return (false, format!("{} has {t} = {got:?}, not {want:?}", o.meta().name));
                }
            }
        }
        (true, format!("found {what}"))
    }
}

fn event(e: &EventCheck, world: &World) -> (bool, String) {
    let kind = e.kind.as_deref().and_then(Kind::from_resource);
    let total: i64 = world
        .store
        .list::<crate::model::Event>(None, None)
        .filter(|ev| ev.reason == e.reason)
        .filter(|ev| kind.is_none_or(|k| ev.involved_object.kind == k.as_str()))
        .filter(|ev| name_matches(&e.name, &ev.involved_object.name))
        .map(|ev| i64::from(ev.count))
        .sum();
    let ok = e.min.is_none_or(|m| total >= m) && e.max.is_none_or(|m| total <= m);
    (ok, format!("{total} {} event{}", e.reason, if total == 1 { "" } else { "s" }))
}

fn seen(s: &SeenCheck, world: &World) -> (bool, String) {
    let Ok(kind) = kind_of(&s.kind) else { return (false, format!("unknown kind {}", s.kind)) };
    let happened = world.store.watch.since(0).any(|ev| {
        let m = ev.object.meta();
        ev.object.kind() == kind
            && m.name == s.name
            && match s.finalizer.as_deref() {
                Some(f) => m.is_deleting() && m.has_finalizer(f),
                None => true,
            }
    });
    let what = match s.finalizer.as_deref() {
        Some(FINALIZER_FOREGROUND) => {
            format!("{} {} deleting in the foreground", kind.as_str(), s.name)
        }
        Some(FINALIZER_ORPHAN) => format!("{} {} deleting with orphaning", kind.as_str(), s.name),
        Some(f) => format!("{} {} deleting with finalizer {f}", kind.as_str(), s.name),
        None => format!("{} {}", kind.as_str(), s.name),
    };
    let found = if happened { format!("saw {what}") } else { format!("never saw {what}") };
    (happened == s.happened, found)
}
