//! What `kubectl set image|resources|env` share (kubectl/pkg/cmd/set/helper.go and the
//! builder each of them runs): the objects named, their pod spec, the write, the printer
//! `-o` chose, container selection with wildcards, and how the errors are aggregated.

use crate::api::client::{self, Call, Refusal};
use crate::api::patch::PatchType;
use crate::apimachinery::patch::strategic;
use crate::model::*;

use super::args::Args;
use super::get::{parse_selector, Format};
use super::printers;
use super::resource;
use super::{Kubectl, KubectlError, Output};

/// The objects a `set` subcommand works on, as its Complete's builder reads them: a GET for
/// each name, a list for a bare type with `--all` or `-l`.
pub(super) fn targets(
    s: &mut Kubectl,
    resources: &[String],
    a: &Args,
    ns: &str,
) -> Result<Vec<Object>, KubectlError> {
    let selector = a.get("selector").filter(|l| !l.trim().is_empty());
    let sel = resource::select(resources, false)?;
    if sel.named && selector.is_some() {
        return Err(resource::names_with_selector(resources));
    }
    // Complete runs the builder before Validate, so no resource is the builder's error.
    if resources.is_empty() {
        return Err(resource::no_resource(selector.is_some()));
    }
    let all = a.bool("all", false)?;
    // Parsed here for kubectl's own error; the server filters by the text.
    parse_selector(a.get("selector"))?;
    let mut targets = Vec::new();
    for (kind, names) in &sel.items {
        if names.is_empty() {
            if !all && !a.has("selector") {
                return Err(KubectlError::Usage(
                    "resource(s) were provided, but no name was specified".into(),
                ));
            }
            targets.extend(client::list(s.api(), *kind, ns, a.get("selector"), None)?);
            continue;
        }
        for name in names {
            targets.push(client::get(s.api(), *kind, ns, name)?);
        }
    }
    Ok(targets)
}

/// The pod spec of a Deployment's or ReplicaSet's template, or of a Pod
/// (polymorphichelpers `UpdatePodSpecForObjectFn`); `what` names the subcommand for kinds
/// without one.
pub(super) fn pod_spec(obj: &Object, what: &str) -> Result<PodSpec, String> {
    match obj {
        Object::Deployment(d) => Ok(d.spec.template.spec.clone()),
        Object::ReplicaSet(r) => Ok(r.spec.template.spec.clone()),
        Object::Pod(p) => Ok((*p.spec).clone()),
        // polymorphichelpers `updatePodSpecForObject`: every kind with a pod template.
        Object::DaemonSet(d) => Ok(d.spec.template.spec.clone()),
        Object::StatefulSet(st) => Ok(st.spec.template.spec.clone()),
        Object::Job(j) => Ok(j.spec.template.spec.clone()),
        Object::CronJob(c) => Ok(c.spec.job_template.spec.template.spec.clone()),
        other => Err(format!("cannot set {what} on {}", other.kind().plural())),
    }
}

/// Sends a changed pod spec as kubectl does (set/helper.go `CalculatePatches`, then the
/// resource helper's Patch): the strategic merge two-way patch from the object the builder
/// read to the same object with the new spec, under the field manager `kubectl-set`. The API
/// server validates it (a pod refuses changes other than images), and a Deployment rolls it
/// out like any other template change.
pub(super) fn write_spec(s: &mut Kubectl, obj: &Object, spec: PodSpec) -> Result<Object, Refusal> {
    let mut changed = obj.clone();
    match &mut changed {
        Object::Deployment(d) => std::rc::Rc::make_mut(d).spec.template.spec = spec,
        Object::ReplicaSet(r) => std::rc::Rc::make_mut(r).spec.template.spec = spec,
        Object::Pod(p) => std::rc::Rc::make_mut(p).spec = spec.into(),
        Object::DaemonSet(d) => std::rc::Rc::make_mut(d).spec.template.spec = spec,
        Object::StatefulSet(st) => std::rc::Rc::make_mut(st).spec.template.spec = spec,
        Object::Job(j) => std::rc::Rc::make_mut(j).spec.template.spec = spec,
        Object::CronJob(c) => std::rc::Rc::make_mut(c).spec.job_template.spec.template.spec = spec,
        _ => return Ok(changed),
    }
    let json = |o: &Object| serde_json::to_value(o).unwrap_or_default();
    let patch = strategic::create_two_way(&json(obj), &json(&changed)).map_err(Refusal::client)?;
    let m = obj.meta();
    let call = Call::patch(obj.kind(), &m.namespace, &m.name, PatchType::Strategic, patch)
        .field_manager("kubectl-set");
    client::object(s.api(), &call)
}

/// The updated object through the printer `-o` chose; without `-o`, the name printer with
/// the operation (`deployment.apps/web env updated`).
pub(super) fn print(
    out: &mut Output,
    format: &Format,
    obj: &Object,
    op: &str,
    errors: &mut Vec<String>,
) {
    match format {
        Format::Table => {
            out.out(format!("{}\n", printers::operation(obj.kind(), &obj.meta().name, op)))
        }
        f => match f.render_single(obj) {
            Ok(text) => out.out(text),
            Err(e) => errors.push(e.trim_end().to_string()),
        },
    }
}

/// The aggregate as CheckErr prints it: one error with `error: ` (unless it carries it),
/// several one per line as they are. Returns the exit status.
pub(super) fn finish(out: &mut Output, errors: &[String]) -> i32 {
    if errors.is_empty() {
        return 0;
    }
    let text = match errors {
        [one] if !one.starts_with("error: ") => format!("error: {one}"),
        _ => errors.join("\n"),
    };
    out.err(format!("{}\n", text.trim_end()));
    1
}

/// The indexes of the containers whose names match `pattern` (set/helper.go
/// `selectContainers`, which uses filepath.Match: `*` and `?` wildcards).
pub(super) fn select_containers(spec: &PodSpec, pattern: &str) -> Vec<usize> {
    (0..spec.containers.len()).filter(|&i| glob(pattern, &spec.containers[i].name)).collect()
}

/// filepath.Match for names without separators: `*` any run, `?` one character.
fn glob(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    // Iterative matching with one backtrack point for the last `*`.
    let (mut i, mut j, mut star, mut mark) = (0, 0, None, 0);
    while j < n.len() {
        if i < p.len() && (p[i] == '?' || p[i] == n[j]) {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some(i);
            mark = j;
            i += 1;
        } else if let Some(st) = star {
            i = st + 1;
            mark += 1;
            j = mark;
        } else {
            return false;
        }
    }
    p[i..].iter().all(|c| *c == '*')
}

/// A refusal for the flags kubeloop does not model, or `Ok` when none was given.
pub(super) fn refuse_unmodelled(a: &Args) -> Result<(), KubectlError> {
    if a.has("filename") || a.has("local") {
        return Err(KubectlError::Plain(
            "kubeloop: there are no files here; name the object as TYPE NAME or TYPE/NAME".into(),
        ));
    }
    if a.has("dry-run") {
        return Err(KubectlError::Plain("kubeloop: --dry-run is not supported in kubeloop".into()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::glob;

    #[test]
    fn container_patterns_match_like_filepath_match() {
        assert!(glob("*", "nginx"));
        assert!(glob("ng*", "nginx"));
        assert!(glob("n?inx", "nginx"));
        assert!(glob("*x", "nginx"));
        assert!(!glob("web", "nginx"));
        assert!(!glob("ng", "nginx"));
        assert!(glob("*i*x", "nginx"));
    }
}
