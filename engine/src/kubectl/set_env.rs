//! `kubectl set env` (kubectl/pkg/cmd/set/set_env.go, with cmd/set/env/env_parse.go):
//! environment variables of the containers of deployments, replica sets and pods, and
//! `--list`. `--from=configmap/NAME` (or `secret/NAME`) adds one key reference per key of
//! its `data`, in key order (Go's map order varies), named as `keyToEnvName` names them;
//! `--keys` picks keys. `--list` shows references as references, and with `--resolve` the
//! values they resolve to.

use serde_json::{json, Value};

use super::args::{self, flag, switch, FlagSpec};
use super::get::Format;
use super::set_common::{
    finish, pod_spec, print, refuse_unmodelled, select_containers, targets, write_spec,
};
use super::{Kubectl, KubectlError, Output};

pub(super) const ENV_FLAGS: &[FlagSpec] = &[
    flag("namespace", Some('n')),
    flag("selector", Some('l')),
    switch("all", None),
    flag("output", Some('o')),
    flag("containers", Some('c')),
    flag("env", Some('e')),
    switch("list", None),
    switch("overwrite", None),
    flag("prefix", None),
    flag("from", None),
    flag("keys", None),
    switch("resolve", None),
    flag("filename", Some('f')),
    switch("local", None),
    flag("dry-run", None),
];

/// apimachinery validation `IsEnvVarName`'s message.
pub(super) const ENV_NAME_MSG: &str = "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')";

/// What one `set env` asks for: variables to set, in order, then names to remove.
#[derive(Debug, Default, PartialEq)]
struct EnvChanges {
    /// Whole `EnvVar` entries, each with its name.
    set: Vec<Value>,
    remove: Vec<String>,
}

pub(super) fn env(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, ENV_FLAGS, "set env")?;
    refuse_unmodelled(&a)?;
    // Complete.
    if a.bool("all", false)? && a.get("selector").is_some_and(|l| !l.is_empty()) {
        return Err(KubectlError::Usage("cannot set --all and --selector at the same time".into()));
    }
    let words = &a.positional[1..];
    let (resources, env_args) = split_env_from_resources(words).ok_or_else(|| {
        KubectlError::Usage(format!(
            "all resources must be specified before environment changes: {}",
            words.join(" ")
        ))
    })?;
    let (format, _) = Format::parse(a.get("output"))?;
    // Validate.
    if resources.is_empty() {
        return Err(KubectlError::Usage(
            "one or more resources must be specified as <resource> <name> or <resource>/<name>"
                .into(),
        ));
    }
    let list = a.bool("list", false)?;
    if list && a.get("output").is_some_and(|o| !o.is_empty()) {
        return Err(KubectlError::Usage(
            "--list and --output may not be specified together".into(),
        ));
    }
    // RunEnv: the variables first (`-e` before the positional ones), then the objects.
    let specs: Vec<String> =
        a.repeated.get("env").cloned().unwrap_or_default().into_iter().chain(env_args).collect();
    let mut changes = parse_env(&specs)?;
    let ns = a.get("namespace").unwrap_or("default").to_string();
    if let Some(from) = a.get("from").filter(|f| !f.is_empty()) {
        let keys: Vec<String> = a
            .repeated
            .get("keys")
            .into_iter()
            .flatten()
            .flat_map(|k| k.split(','))
            .map(String::from)
            .collect();
        changes.set.extend(super::set_env_from::references(s, from, &keys, &ns, out)?);
    }
    if let Some(prefix) = a.get("prefix").filter(|p| !p.is_empty()) {
        for e in &mut changes.set {
            e["name"] = Value::String(format!("{prefix}{}", entry_name(e)));
        }
    }
    let resolve = a.bool("resolve", false)?;
    let targets = targets(s, &resources, &a, &ns)?;
    let overwrite = a.bool("overwrite", true)?;
    let pattern = a.get("containers").unwrap_or("*");
    let mut errors = Vec::new();
    for obj in &targets {
        let (kind, name) = (&obj.kind(), &obj.meta().name);
        let old = match pod_spec(obj, "env") {
            Ok(spec) => spec,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let chosen = select_containers(&old, pattern);
        if chosen.is_empty() {
            // set_env.go prints this and goes on; kubectl's warning handler capitalises it.
            out.err(format!(
                "Warning: {}/{name} does not have any containers matching {}\n",
                kind.as_str(),
                crate::labels::validation::go_quote(pattern)
            ));
            continue;
        }
        let mut spec = old.clone();
        let mut refused = None;
        for &i in &chosen {
            let c = &mut spec.containers[i];
            let existing = entries(&c.env);
            if !overwrite {
                if let Some(e) = overwrite_conflict(&existing, &changes.set) {
                    refused = Some(e);
                    break;
                }
            }
            let updated = update_env(existing, &changes);
            if list {
                out.out(format!("# {} {name}, container {}\n", kind.as_str(), c.name));
                for e in &updated {
                    out.out(super::set_env_from::list_line(s, e, resolve, &ns));
                }
            }
            c.env = (!updated.is_empty()).then(|| Box::new(Value::Array(updated)));
        }
        if let Some(e) = refused {
            // As kubectl prints a failed patch calculation: the object, then the reason.
            errors.push(format!("error: {}/{name}\n {e}", kind.kind_group()));
            continue;
        }
        if list || spec == old {
            continue;
        }
        match write_spec(s, obj, spec) {
            Ok(obj) => print(out, &format, &obj, "env updated", &mut errors),
            Err(e) => {
                errors.push(format!("failed to patch env update to pod template: {}", e.message))
            }
        }
    }
    Ok(finish(out, &errors))
}

/// env.go `SplitEnvironmentFromResources`: resources first, then `KEY=VALUE` or `KEY-`;
/// `None` when a resource follows a variable.
fn split_env_from_resources(words: &[String]) -> Option<(Vec<String>, Vec<String>)> {
    let mut resources = Vec::new();
    let mut env = Vec::new();
    for w in words {
        // `^(.+)=(.*)$`, or a removal.
        let is_env = w.find('=').is_some_and(|i| i > 0 || w[1..].contains('=')) || w.ends_with('-');
        match (env.is_empty(), is_env) {
            (_, true) => env.push(w.clone()),
            (true, false) => resources.push(w.clone()),
            (false, false) => return None,
        }
    }
    Some((resources, env))
}

/// env_parse.go `ParseEnv`, without `-` (there is no stdin to read variables from here).
fn parse_env(specs: &[String]) -> Result<EnvChanges, KubectlError> {
    let mut changes = EnvChanges::default();
    for spec in specs {
        if spec == "-" {
            return Err(KubectlError::Plain(
                "kubeloop: reading environment variables from stdin (`-`) is not supported in kubeloop".into(),
            ));
        }
        if let Some((name, value)) = spec.split_once('=') {
            if !is_env_var_name(name) {
                return Err(KubectlError::Usage(format!(
                    "{} is not a valid key name: {ENV_NAME_MSG}",
                    crate::labels::validation::go_quote(name)
                )));
            }
            changes.set.push(new_entry(name, value));
        } else if let Some(name) = spec.strip_suffix('-') {
            changes.remove.push(name.to_string());
        } else {
            return Err(KubectlError::Usage(format!("unknown environment variable: {spec}")));
        }
    }
    if changes.remove.iter().any(|r| changes.set.iter().any(|e| entry_name(e) == r)) {
        return Err(KubectlError::Usage(
            "can not both modify and remove the same environment variable in the same command"
                .into(),
        ));
    }
    Ok(changes)
}

/// `[-._a-zA-Z][-._a-zA-Z0-9]*`.
pub(super) fn is_env_var_name(name: &str) -> bool {
    let ok = |c: char, first: bool| {
        c.is_ascii_alphabetic() || "-._".contains(c) || (!first && c.is_ascii_digit())
    };
    let mut chars = name.chars();
    chars.next().is_some_and(|c| ok(c, true)) && chars.all(|c| ok(c, false))
}

/// A container's `env` entries as written.
fn entries(env: &Option<Box<Value>>) -> Vec<Value> {
    env.as_deref().and_then(Value::as_array).cloned().unwrap_or_default()
}

pub(super) fn entry_name(e: &Value) -> &str {
    e.get("name").and_then(Value::as_str).unwrap_or_default()
}

pub(super) fn entry_value(e: &Value) -> &str {
    e.get("value").and_then(Value::as_str).unwrap_or_default()
}

/// `EnvVar` as Go writes it: `value` is omitted when empty.
fn new_entry(name: &str, value: &str) -> Value {
    if value.is_empty() {
        json!({ "name": name })
    } else {
        json!({ "name": name, "value": value })
    }
}

/// set_env.go `validateNoOverwrites`.
fn overwrite_conflict(existing: &[Value], set: &[Value]) -> Option<String> {
    set.iter().find_map(|new| {
        let name = entry_name(new);
        let current = existing.iter().find(|e| entry_name(e) == name)?;
        (entry_value(current) != entry_value(new)).then(|| {
            format!(
                "'{name}' already has a value ({}), and --overwrite is false",
                entry_value(current)
            )
        })
    })
}

/// set_env.go `updateEnv`: existing variables keep their place (replaced or removed), new
/// ones are appended in the order given.
fn update_env(existing: Vec<Value>, changes: &EnvChanges) -> Vec<Value> {
    let mut covered: Vec<String> = changes.remove.clone();
    let mut out = Vec::new();
    for e in existing {
        let name = entry_name(&e).to_string();
        if covered.contains(&name) {
            continue;
        }
        // The last of several settings of one name wins, as findEnv scans from the end.
        if let Some(last) = changes.set.iter().rev().find(|n| entry_name(n) == name) {
            covered.push(name.clone());
            out.push(last.clone());
            continue;
        }
        out.push(e);
    }
    for new in &changes.set {
        let name = entry_name(new).to_string();
        if covered.contains(&name) {
            continue;
        }
        let last = changes.set.iter().rev().find(|n| entry_name(n) == name).unwrap_or(new);
        covered.push(name);
        out.push(last.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn changes(specs: &[&str]) -> Result<EnvChanges, KubectlError> {
        parse_env(&specs.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn variables_replace_in_place_and_new_ones_are_appended() {
        let existing = vec![new_entry("A", "1"), new_entry("B", "2"), new_entry("C", "3")];
        let c = changes(&["B=20", "D=4", "C-"]).unwrap();
        let names: Vec<String> = update_env(existing, &c)
            .iter()
            .map(|e| format!("{}={}", entry_name(e), entry_value(e)))
            .collect();
        assert_eq!(names, ["A=1", "B=20", "D=4"]);
    }

    #[test]
    fn env_specs_are_checked_as_env_parse_does() {
        assert_eq!(
            changes(&["1A=x"]).unwrap_err().to_string(),
            format!("error: \"1A\" is not a valid key name: {ENV_NAME_MSG}")
        );
        assert_eq!(
            changes(&["A"]).unwrap_err().to_string(),
            "error: unknown environment variable: A"
        );
        assert_eq!(
            changes(&["A=1", "A-"]).unwrap_err().to_string(),
            "error: can not both modify and remove the same environment variable in the same command"
        );
    }

    #[test]
    fn resources_come_before_variables() {
        let w = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            split_env_from_resources(&w(&["deploy", "web", "A=1", "B-"])),
            Some((w(&["deploy", "web"]), w(&["A=1", "B-"])))
        );
        assert_eq!(split_env_from_resources(&w(&["web", "A=1", "deploy/x"])), None);
    }
}
