//! State-based checks: predicates over the cluster's objects, its Events, and the states it
//! went through (the watch log), all measured from the moment the mission's setup ended. Each
//! check explains itself in the mission's words, and says what it found in plain words that
//! stay true to what the learner sees in the graph (no selectors or jsonpath in the output).
//!
//! A check that already held when the mission started proves nothing by holding now ("three
//! web pods run again" before anything was deleted). Such a check only counts once the
//! learner's own writes have reached the objects it is about; until then it reports "no change
//! since the mission started".

use serde::Deserialize;

use super::probe;
use super::since::{Ctx, Subject};
use crate::kubectl::jsonpath;
use crate::labels::selector;
use crate::model::Kind;

/// One condition on the cluster. Exactly one of: objects (`kind`), `event`, `seen`,
/// `traffic`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    /// What to look at: `pods`, `rs`, `deploy`, ... (any name kubectl accepts).
    #[serde(default)]
    pub kind: Option<String>,
    /// An exact name, or a prefix ending in `*`.
    #[serde(default)]
    pub name: Option<String>,
    /// A label selector, shown to the learner as `matching app=web`: use labels the learner
    /// sees on the objects, never a bookkeeping label.
    #[serde(default)]
    pub selector: Option<String>,
    #[serde(default = "default_ns")]
    pub namespace: String,
    /// Pods only: count only the pods bound to this node, shown as `on node-1`.
    #[serde(default)]
    pub node: Option<String>,
    /// Pods only: count the pods that run (default true). A terminating pod still runs until
    /// its containers stop; a finished one does not.
    #[serde(default = "yes")]
    pub active: bool,
    /// Only objects the setup made (`setup`), or only those made since (`later`).
    #[serde(default)]
    pub made: Option<Made>,
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
    /// What the jsonpath reads, in plain words ("image", "label owner-found"), for the output.
    #[serde(default)]
    pub what: Option<String>,
    #[serde(default)]
    pub event: Option<EventCheck>,
    #[serde(default)]
    pub seen: Option<SeenCheck>,
    #[serde(default)]
    pub traffic: Option<TrafficCheck>,
    /// What the check means, shown with the result ("the app has no pods left").
    pub explain: String,
    /// Shown when the check fails: what is still wrong, and a nudge.
    #[serde(default)]
    pub hint: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Made {
    Setup,
    Later,
}

fn default_ns() -> String {
    "default".into()
}
fn yes() -> bool {
    true
}

/// Events with this reason (on objects of `kind`, named with `name`) since the mission started,
/// counted by their `count`.
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

/// What a Service's users saw since the mission started: requests served and failed
/// (`world/traffic.rs`), counted from the setup's end.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrafficCheck {
    pub service: String,
    #[serde(default = "default_ns")]
    pub namespace: String,
    #[serde(default)]
    pub served_min: Option<u64>,
    #[serde(default)]
    pub failed_min: Option<u64>,
    #[serde(default)]
    pub failed_max: Option<u64>,
}

/// A state the cluster passed through (or never passed through) since the mission started,
/// from the watch log.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeenCheck {
    pub kind: String,
    /// An exact name, or a prefix ending in `*`.
    pub name: String,
    /// The object carried this finalizer while being deleted.
    #[serde(default)]
    pub finalizer: Option<String>,
    /// The object's jsonpath rendered to `equals` (the check's `what` names it).
    #[serde(default)]
    pub jsonpath: Option<String>,
    #[serde(default)]
    pub equals: Option<String>,
    /// The object must also have been deleted since the start.
    #[serde(default)]
    pub deleted: bool,
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

pub fn kind_of(word: &str) -> Result<Kind, String> {
    Kind::from_resource(word).ok_or_else(|| format!("unknown kind {word:?}"))
}

fn valid_jsonpath(
    t: &Option<String>,
    equals: &Option<String>,
    what: &Option<String>,
) -> Result<(), String> {
    if let Some(t) = t {
        jsonpath::parse(t).map_err(|e| e.to_string())?;
        if equals.is_none() {
            return Err("jsonpath needs equals".into());
        }
        // The learner reads the words, never the template.
        if what.is_none() {
            return Err(format!("jsonpath {t} needs what (its plain name)"));
        }
    }
    Ok(())
}

impl super::file::Rule for Check {
    fn check(&self) -> Result<(), String> {
        self.validate()
    }
}

impl Check {
    pub fn validate(&self) -> Result<(), String> {
        let parts = usize::from(self.kind.is_some())
            + usize::from(self.event.is_some())
            + usize::from(self.seen.is_some())
            + usize::from(self.traffic.is_some());
        if parts != 1 {
            return Err(format!(
                "check {:?} needs exactly one of kind, event, seen, traffic",
                self.explain
            ));
        }
        // A message names its field first, so the file's reader reports its path.
        fn at(field: &'static str) -> impl Fn(String) -> String {
            move |e| format!("{field}: {e}")
        }
        if let Some(k) = &self.kind {
            kind_of(k).map_err(at("kind"))?;
        }
        if let Some(s) = &self.selector {
            selector::parse(s).map_err(|e| at("selector")(e.to_string()))?;
        }
        valid_jsonpath(&self.jsonpath, &self.equals, &self.what).map_err(at("jsonpath"))?;
        if let Some(s) = &self.seen {
            kind_of(&s.kind).map_err(at("seen.kind"))?;
            valid_jsonpath(&s.jsonpath, &s.equals, &self.what).map_err(at("seen.jsonpath"))?;
        }
        if let Some(e) = &self.event {
            if let Some(k) = &e.kind {
                kind_of(k).map_err(at("event.kind"))?;
            }
        }
        Ok(())
    }

    /// The check as the learner reads it. One that already held at the start passes only once
    /// the learner's writes reached its objects (see the module comment).
    pub fn evaluate(&self, ctx: &Ctx) -> CheckResult {
        super::later::evaluate(self, ctx)
    }

    /// `evaluate` itself, which only the course part's table names (`later.rs`).
    pub(super) fn evaluate_now(&self, ctx: &Ctx) -> CheckResult {
        let (mut ok, mut found) = self.holds(ctx);
        if ok && self.holds(&ctx.at_start()).0 && !ctx.touched_after_learner(&self.subject()) {
            ok = false;
            found = "no change since the mission started".into();
        }
        CheckResult { ok, explain: self.explain.clone(), found, hint: self.hint.clone() }
    }

    fn holds(&self, ctx: &Ctx) -> (bool, String) {
        if let Some(e) = &self.event {
            probe::event(e, ctx)
        } else if let Some(t) = &self.traffic {
            probe::traffic(t, ctx)
        } else if let Some(s) = &self.seen {
            probe::seen(s, self.what.as_deref(), ctx)
        } else {
            probe::objects(self, ctx)
        }
    }

    /// The objects this check is about.
    fn subject(&self) -> Subject<'_> {
        if let Some(t) = &self.traffic {
            let (kind, ns) = (Some(Kind::Service), Some(t.namespace.as_str()));
            return Subject { kind, name: Some(&t.service), namespace: ns, selector: None };
        }
        if let Some(e) = &self.event {
            let kind = e.kind.as_deref().and_then(Kind::from_resource);
            return Subject { kind, name: e.name.as_deref(), namespace: None, selector: None };
        }
        if let Some(s) = &self.seen {
            let kind = Kind::from_resource(&s.kind);
            return Subject { kind, name: Some(&s.name), namespace: None, selector: None };
        }
        Subject {
            kind: self.kind.as_deref().and_then(Kind::from_resource),
            name: self.name.as_deref(),
            namespace: Some(&self.namespace),
            selector: self.selector.as_deref().and_then(|s| selector::parse(s).ok()),
        }
    }
}
