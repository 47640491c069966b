//! `kubectl wait --for=delete|condition=NAME[=VALUE]`: checks each object in turn until its
//! condition holds or the shared deadline passes.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/wait/wait.go (`conditionFuncFor`, `RunWait`,
//! `IsDeleted`) and condition.go (`getObjAndCheckCondition`, `ConditionalWait`). The
//! condition is parsed before any object is looked up; objects are visited one after the
//! other, each printed as `pod/a condition met` when its wait ends, and the errors of all of
//! them are printed at the end (the builder continues on error).
//!
//! The builder's GETs and lists go to the API; each object is then followed as
//! `getObjAndCheckCondition` and `IsDeleted` follow it, a LIST by name and WATCHes from its
//! version (`observe.rs`), and its condition is read from the object's JSON as condition.go
//! reads the unstructured object.

use serde_json::Value;

use crate::api::client::{self, Api, Call, Refusal};
use crate::clock::Time;
use crate::model::{Kind, Object};

use super::args::{self, flag, switch, FlagSpec};
use super::list_selector::ListSelector;
use super::observe::Observed;
use super::printers;
use super::resource;
use super::{Kubectl, KubectlError, Output};

pub(super) const WAIT_FLAGS: &[FlagSpec] = &[
    flag("for", None),
    flag("timeout", None),
    flag("namespace", Some('n')),
    flag("selector", Some('l')),
    switch("all", None),
];

/// What `--for` asks for.
#[derive(Clone, Debug, PartialEq)]
enum Condition {
    Delete,
    /// A status condition's type and the wanted status, both compared case-insensitively.
    Status(String, String),
}

impl Condition {
    fn parse(text: &str) -> Result<Condition, KubectlError> {
        if text.eq_ignore_ascii_case("delete") {
            return Ok(Condition::Delete);
        }
        if let Some(c) = text.strip_prefix("condition=") {
            return Ok(match c.split_once('=') {
                Some((t, v)) => Condition::Status(t.into(), v.into()),
                None => Condition::Status(c.into(), "true".into()),
            });
        }
        if text.starts_with("jsonpath=") {
            return Err(KubectlError::Plain(
                "kubeloop: wait --for=jsonpath is not supported in kubeloop".into(),
            ));
        }
        Err(KubectlError::Usage(format!(
            "unrecognized condition: {}",
            crate::gofmt::go_quote(text)
        )))
    }
}

/// `--timeout`: zero checks once and does not wait; a negative one waits "for a week", which
/// here is the longest a script lets the cluster run (`waiting::LONGEST_WAIT_MS`).
fn timeout_ms(a: &args::Args) -> Result<i64, KubectlError> {
    let Some(t) = a.get("timeout") else { return Ok(30_000) };
    let (negative, digits) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    match super::sandbox::parse_duration(digits) {
        Some(ms) if negative && ms > 0 => Ok(super::waiting::LONGEST_WAIT_MS),
        Some(ms) => Ok(ms),
        None => Err(KubectlError::Usage(format!(
            "invalid argument \"{t}\" for \"--timeout\" flag: time: invalid duration \"{t}\""
        ))),
    }
}

/// One failure, kept as kubectl's aggregate keeps it: an API error prints as the server's
/// message, anything else as its text (with `error: ` when it is the only one).
enum Failure {
    Api(Refusal),
    Plain(String),
}

pub fn wait(
    s: &mut Kubectl,
    argv: &[String],
    to_completion: bool,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, WAIT_FLAGS, "wait")?;
    let timeout = timeout_ms(&a)?;
    let cond = Condition::parse(a.get("for").unwrap_or(""))?;
    let ns = a.get("namespace").unwrap_or("default").to_string();
    let sel = resource::select(&a.positional, false)?;
    if sel.items.is_empty() {
        return Err(KubectlError::Usage(
            "You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'".into(),
        ));
    }
    let label_sel = ListSelector::new(a.get("selector"));
    let mut failures: Vec<Failure> = Vec::new();
    // The objects the builder finds, with the UID each had then.
    let mut targets: Vec<(Kind, String, String)> = Vec::new();
    for (kind, names) in &sel.items {
        if names.is_empty() {
            match label_sel.for_list(*kind) {
                Ok(_) => {
                    let labels = a.get("selector").map(str::trim);
                    match client::list(s.api(), *kind, &ns, labels, None) {
                        Ok(found) => targets.extend(
                            found
                                .iter()
                                .map(|o| (*kind, o.meta().name.clone(), o.meta().uid.clone())),
                        ),
                        Err(e) => failures.push(Failure::Api(e)),
                    }
                }
                Err(e) => failures.push(Failure::Plain(e)),
            }
        }
        for n in names {
            match client::object(s.api(), &Call::get(*kind, &ns, n)) {
                Ok(o) => targets.push((*kind, n.clone(), o.meta().uid.clone())),
                // RunWait ignores NotFound when waiting for a delete.
                Err(e) if e.is_not_found() && cond == Condition::Delete => {}
                Err(e) => failures.push(Failure::Api(e)),
            }
        }
    }
    if targets.is_empty() && failures.is_empty() && cond != Condition::Delete {
        return Err(KubectlError::Usage("no matching resources found".into()));
    }
    let deadline = s.now().plus_millis(timeout);
    let op = ConditionWait { targets, next: 0, seen: None, cond, ns, timeout, deadline, failures };
    Ok(super::waiting::begin(s, Box::new(op), to_completion, out))
}

/// `RunWait` in progress: the objects in the builder's order, the one being waited on, and
/// the failures so far, printed together at the end.
pub struct ConditionWait {
    targets: Vec<(Kind, String, String)>,
    next: usize,
    /// The current object as the server reported it.
    seen: Option<Observed>,
    cond: Condition,
    ns: String,
    timeout: i64,
    deadline: Time,
    failures: Vec<Failure>,
}

impl ConditionWait {
    /// Checks objects in turn from the current one; `Some(status)` when all are done.
    pub fn poll(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) -> Option<i32> {
        while let Some((kind, name, uid)) = self.targets.get(self.next) {
            let object_name = format!("{}/{name}", kind.plural());
            let seen = self.seen.get_or_insert_with(|| Observed::new(*kind, &self.ns, name));
            let current = match seen.poll(api) {
                Ok(current) => current.map(Object::to_json),
                Err(e) => {
                    self.failures.push(Failure::Api(e));
                    self.next += 1;
                    self.seen = None;
                    continue;
                }
            };
            let met = match (&self.cond, current) {
                (Condition::Delete, current) => {
                    current.is_none_or(|o| o["metadata"]["uid"] != *uid)
                }
                (Condition::Status(_, _), None) => {
                    self.failures.push(Failure::Api(Refusal::not_found(*kind, name)));
                    self.next += 1;
                    self.seen = None;
                    continue;
                }
                (Condition::Status(t, v), Some(obj)) => condition_is(&obj, t, v),
            };
            if met {
                out.out(format!("{}\n", printers::operation(*kind, name, "condition met")));
            } else if self.timeout == 0 {
                self.failures.push(Failure::Plain(format!("condition not met for {object_name}")));
            } else if now >= self.deadline {
                self.failures.push(Failure::Plain(format!(
                    "timed out waiting for the condition on {object_name}"
                )));
            } else {
                return None;
            }
            self.next += 1;
            self.seen = None;
        }
        Some(print_failures(&self.failures, out))
    }

    pub fn describe(&self) -> String {
        let Some((kind, name, _)) = self.targets.get(self.next) else { return String::new() };
        let object = format!("{}/{name}", kind.kind_group());
        match &self.cond {
            Condition::Delete => format!("waiting for {object} to be deleted"),
            Condition::Status(t, v) => format!("waiting for {object} to have {t}={v}"),
        }
    }
}

/// cmdutil.CheckErr: one error alone gets `error: `; several print one per line
/// (MultipleErrors), API errors in their standard form and others as they are.
fn print_failures(failures: &[Failure], out: &mut Output) -> i32 {
    match failures {
        [] => return 0,
        [Failure::Api(e)] => out.err(format!("{e}\n")),
        [Failure::Plain(m)] if m.starts_with("Error from server") => out.err(format!("{m}\n")),
        [Failure::Plain(m)] => out.err(format!("error: {m}\n")),
        many => {
            for f in many {
                match f {
                    Failure::Api(e) => out.err(format!("{e}\n")),
                    Failure::Plain(m) => out.err(format!("{m}\n")),
                }
            }
        }
    }
    1
}

/// `ConditionalWait.checkCondition`: the first condition of that type decides, unless the
/// object's generation has not been observed yet (`status.observedGeneration` behind
/// `metadata.generation`). A kind with no conditions never meets one.
fn condition_is(obj: &Value, ctype: &str, want: &str) -> bool {
    let observed = obj.pointer("/status/observedGeneration").and_then(Value::as_i64);
    let generation = obj.pointer("/metadata/generation").and_then(Value::as_i64);
    if let (Some(og), Some(g)) = (observed, generation) {
        if og != 0 && og < g {
            return false;
        }
    }
    let conditions = obj.pointer("/status/conditions").and_then(Value::as_array);
    let pairs = conditions.into_iter().flatten().map(|c| {
        let text = |k: &str| c.get(k).and_then(Value::as_str).unwrap_or_default();
        (text("type"), text("status"))
    });
    first_is(pairs, ctype, want)
}

/// Whether the first condition of type `ctype` has status `want` (Unicode simple case
/// folding in Go; ASCII here, as condition words are ASCII).
fn first_is<'a>(
    mut conds: impl Iterator<Item = (&'a str, &'a str)>,
    ctype: &str,
    want: &str,
) -> bool {
    conds
        .find(|(t, _)| t.eq_ignore_ascii_case(ctype))
        .is_some_and(|(_, st)| st.eq_ignore_ascii_case(want))
}

impl super::waiting::Wait for ConditionWait {
    fn poll(&mut self, api: &mut dyn Api, now: Time, out: &mut Output) -> Option<i32> {
        ConditionWait::poll(self, api, now, out)
    }

    fn describe(&self) -> String {
        ConditionWait::describe(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;

    #[test]
    fn a_missing_for_is_an_unrecognized_empty_condition() {
        let e = Condition::parse("").unwrap_err().to_string();
        assert_eq!(e, "error: unrecognized condition: \"\"");
    }

    #[test]
    fn delete_is_case_insensitive_and_conditions_default_to_true() {
        assert_eq!(Condition::parse("DELETE").unwrap(), Condition::Delete);
        assert_eq!(
            Condition::parse("condition=Ready").unwrap(),
            Condition::Status("Ready".into(), "true".into())
        );
        assert_eq!(
            Condition::parse("condition=Ready=False").unwrap(),
            Condition::Status("Ready".into(), "False".into())
        );
    }

    #[test]
    fn first_condition_of_the_type_decides() {
        let conds = [("Ready", "False"), ("ready", "True")];
        assert!(!first_is(conds.iter().copied(), "READY", "true"));
        assert!(first_is(conds.iter().copied(), "ready", "false"));
        assert!(!first_is(conds.iter().copied(), "Available", "true"));
    }

    fn run(lines: &[&str]) -> crate::kubectl::Output {
        let mut s = Session::script(1);
        let mut last = crate::kubectl::Output::default();
        for l in lines {
            last = s.run(l);
        }
        last
    }

    #[test]
    fn waiting_for_the_delete_of_something_gone_prints_nothing_and_succeeds() {
        let out = run(&["k wait --for=delete pod/gone"]);
        assert_eq!((out.text(), out.status), (String::new(), 0));
    }

    #[test]
    fn a_zero_timeout_checks_once_and_fails_with_exit_1() {
        let out =
            run(&["k run a --image=nginx:1.27", "k wait --for=condition=Ready pod/a --timeout=0s"]);
        assert_eq!((out.text(), out.status), ("error: condition not met for pods/a\n".into(), 1));
    }
}
