//! `kubectl set resources` (kubectl/pkg/cmd/set/set_resources.go): CPU and memory requests
//! and limits of the containers of deployments, replica sets and pods. The quantities are
//! read as kubectl reads them (generate/versioned `HandleResourceRequirementsV1`) and checked
//! as the API server checks a container's resources before the write
//! (pkg/apis/core/validation `ValidateContainerResourceRequirements`, in the model's
//! validation, so apply, patch and replace check the same). Pods refuse the
//! change, as the API server refuses resource changes outside the resize subresource.

use serde_json::{Map, Value};

use crate::model::quantity::{self, Quantity};

use super::args::{self, flag, switch, FlagSpec};
use super::get::Format;
use super::set_common::{
    finish, pod_spec, print, refuse_unmodelled, select_containers, targets, write_spec,
};
use super::{Kubectl, KubectlError, Output};

pub(super) const RESOURCES_FLAGS: &[FlagSpec] = &[
    flag("namespace", Some('n')),
    flag("selector", Some('l')),
    switch("all", None),
    flag("output", Some('o')),
    flag("containers", Some('c')),
    flag("limits", None),
    flag("requests", None),
    flag("filename", Some('f')),
    switch("local", None),
    flag("dry-run", None),
];

/// One `--limits` or `--requests` list, parsed: resource name and quantity, in order.
type List = Vec<(String, Quantity)>;

pub(super) fn resources(
    s: &mut Kubectl,
    argv: &[String],
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, RESOURCES_FLAGS, "set resources")?;
    refuse_unmodelled(&a)?;
    let (format, _) = Format::parse(a.get("output"))?;
    let ns = a.get("namespace").unwrap_or("default").to_string();
    // Complete: the builder resolves the objects first.
    let targets = targets(s, &a.positional[1..], &a, &ns)?;
    // Validate.
    if a.bool("all", false)? && a.get("selector").is_some_and(|l| !l.is_empty()) {
        return Err(KubectlError::Usage("cannot set --all and --selector at the same time".into()));
    }
    let (limits_arg, requests_arg) =
        (a.get("limits").unwrap_or(""), a.get("requests").unwrap_or(""));
    if limits_arg.is_empty() && requests_arg.is_empty() {
        return Err(KubectlError::Usage(
            "you must specify an update to requests or limits (in the form of --requests/--limits)"
                .into(),
        ));
    }
    let limits = parse_list(limits_arg)?;
    let requests = parse_list(requests_arg)?;
    let pattern = a.get("containers").unwrap_or("*");
    let mut errors = Vec::new();
    for obj in &targets {
        let old = match pod_spec(obj, "resources") {
            Ok(spec) => spec,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let chosen = select_containers(&old, pattern);
        if chosen.is_empty() {
            // set_resources.go words this one without quotes.
            errors.push(format!("error: unable to find container named {pattern}"));
            continue;
        }
        let mut spec = old.clone();
        for &i in &chosen {
            let r = &mut spec.containers[i].resources;
            if !limits_arg.is_empty() {
                r.limits = Some(Box::new(merge(r.limits.as_deref(), &limits)));
            }
            if !requests_arg.is_empty() {
                r.requests = Some(Box::new(merge(r.requests.as_deref(), &requests)));
            }
        }
        if spec == old {
            continue;
        }
        // The API server's validation of the write checks the resources
        // (`model/resources_validate.rs`).
        match write_spec(s, obj, spec) {
            Ok(obj) => print(out, &format, &obj, "resource requirements updated", &mut errors),
            // set_resources.go: "failed to patch resources update to pod template %v", no colon.
            Err(e) => errors
                .push(format!("failed to patch resources update to pod template {}", e.message)),
        }
    }
    Ok(finish(out, &errors))
}

/// generate/versioned `populateResourceListV1`: `name=quantity,...`.
fn parse_list(spec: &str) -> Result<List, KubectlError> {
    if spec.is_empty() {
        return Ok(Vec::new());
    }
    let mut list: List = Vec::new();
    for statement in spec.split(',') {
        let parts: Vec<&str> = statement.split('=').collect();
        let [name, value] = parts.as_slice() else {
            return Err(KubectlError::Usage(format!(
                "Invalid argument syntax {statement}, expected <resource>=<value>"
            )));
        };
        let q = quantity::parse(value).map_err(|e| KubectlError::Usage(e.to_string()))?;
        list.retain(|(n, _)| n != name);
        list.push((name.to_string(), q));
    }
    Ok(list)
}

/// The existing list with `changes` set, keys sorted as Go's encoding/json writes a map,
/// quantities in their canonical form as the API server stores them.
fn merge(existing: Option<&Value>, changes: &List) -> Value {
    let mut entries: Vec<(String, Value)> = existing
        .and_then(Value::as_object)
        .map(|m| m.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
        .unwrap_or_default();
    for (name, q) in changes {
        entries.retain(|(k, _)| k != name);
        entries.push((name.clone(), Value::String(q.canonical())));
    }
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    Value::Object(entries.into_iter().collect::<Map<String, Value>>())
}

#[cfg(test)]
mod tests {
    use crate::session::Session;

    fn session() -> Session {
        let mut s = Session::script(1);
        assert_eq!(s.run("k create deployment web --image=nginx:1.27").status, 0);
        s
    }

    fn resources(s: &mut Session) -> String {
        s.run("k get deploy web -o jsonpath='{.spec.template.spec.containers[0].resources}'").text()
    }

    #[test]
    fn quantities_are_stored_canonical_and_sorted() {
        let mut s = session();
        let out =
            s.run("k set resources deploy/web --limits=memory=0.5Gi,cpu=0.5 --requests=cpu=100m");
        assert_eq!(out.text(), "deployment.apps/web resource requirements updated\n");
        assert_eq!(
            resources(&mut s),
            r#"{"limits":{"cpu":"500m","memory":"512Mi"},"requests":{"cpu":"100m"}}"#
        );
        // The same values again change nothing, and print nothing.
        assert_eq!(s.run("k set resources deploy/web --limits=cpu=500m").text(), "");
    }

    #[test]
    fn requests_above_limits_are_refused_as_the_api_server_words_it() {
        let mut s = session();
        let out = s.run("k set resources deploy web --limits=cpu=1 --requests=cpu=2");
        assert_eq!(out.status, 1);
        assert_eq!(
            out.text(),
            "error: failed to patch resources update to pod template Deployment.apps \"web\" is invalid: spec.template.spec.containers[0].resources.requests: Invalid value: \"2\": must be less than or equal to cpu limit of 1\n"
        );
        assert_eq!(resources(&mut s), "{}");
    }

    #[test]
    fn bad_lists_get_kubectl_errors() {
        let mut s = session();
        assert_eq!(
            s.run("k set resources deploy web --limits=cpu").text(),
            "error: Invalid argument syntax cpu, expected <resource>=<value>\n"
        );
        assert_eq!(
            s.run("k set resources deploy web --limits=cpu=1Q").text(),
            "error: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'\n"
        );
        assert_eq!(
            s.run("k set resources deploy web -c db --limits=cpu=1").text(),
            "error: unable to find container named db\n"
        );
    }
}
