//! `kubectl patch`: one or more objects changed by a strategic merge (the default), JSON
//! merge or JSON patch, on the object itself or its `status` or `scale` subresource.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/patch/patch.go (`Validate`, `RunPatch`,
//! `patchOperation`: "patched", or "patched (no change)" when the server's answer equals the
//! object kubectl read) and the API server's side, apiserver
//! pkg/endpoints/handlers/patch.go: a JSON or merge patch is applied to the object's JSON and
//! decoded (`jsonPatcher`: a patch that does not decode is a BadRequest, one that does not
//! apply a 422 whose Status kubectl prints as "The request is invalid: the server rejected
//! our request due to an error in our request"), a strategic one is applied and converted
//! (`smpPatcher`, `applyPatchToObject`: a value of the wrong type is an Invalid `patch`
//! cause). Unknown fields are dropped with a warning, the server's `fieldValidation` default
//! (`Warn`) for a request that names none, as kubectl patch's do. The result is stored by the
//! same update as apply and edit, so validation and the loops react alike.
//!
//! The algorithms are pure functions over JSON in `crate::apimachinery::patch`, which the
//! API server applies; `patch/scale.rs` is the `scale` subresource's request.

mod scale;

use serde::{de::DeserializeOwned, Serialize};
use serde_json::Value;

use crate::api::decode::Undecodable;
use crate::api::patch::{PatchFailure, PatchType};
use crate::api::query::FieldValidation;
use crate::apimachinery::patch::strategic;
use crate::labels::validation::go_quote;
use crate::model::*;
use crate::store::{ApiError, Tabled};

use super::args::{self, flag, FlagSpec};
use super::dry_run::DryRun;
use super::get::Format;
use super::mutate::ns_of;
use super::printers;
use super::resource;
use super::{KubectlError, Output, Session};

const PATCH_FLAGS: &[FlagSpec] = &[
    flag("patch", Some('p')),
    flag("patch-file", None),
    flag("type", None),
    flag("subresource", None),
    flag("output", Some('o')),
    flag("namespace", Some('n')),
    flag("filename", Some('f')),
    super::dry_run::FLAG,
    args::switch("local", None),
];

/// The longest patch accepted, as manifests are bounded.
const MAX_PATCH_BYTES: usize = 1 << 20;

/// What kubectl prints for a 422 without causes (a JSON patch that does not apply):
/// cmd/util/helpers.go `checkErr` on apimachinery `NewGenericServerResponse`'s Status.
const REJECTED: &str =
    "The request is invalid: the server rejected our request due to an error in our request";

#[derive(Clone, Copy, PartialEq)]
enum Sub {
    None,
    Status,
    Scale,
}

pub fn patch(
    s: &mut Session,
    argv: &[String],
    stdin: Option<String>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let a = args::parse(argv, PATCH_FLAGS, "patch")?;
    let (format, _) = Format::parse(a.get("output"))?;
    // Flags kubectl has that kubeloop does not model: refused by name, not as unknown.
    if a.has("filename") || a.has("local") {
        return Err(KubectlError::Plain(
            "kubeloop: there are no files here; name the object to patch as TYPE NAME or TYPE/NAME"
                .into(),
        ));
    }
    // patch.go Complete reads the strategy before Validate.
    let dry = DryRun::from_args(&a, s.world.now(), out)?;
    let inline = a.get("patch").unwrap_or_default();
    let file = a.get("patch-file").unwrap_or_default();
    // Validate.
    if !inline.is_empty() && !file.is_empty() {
        return Err(KubectlError::Usage("cannot specify --patch and --patch-file together".into()));
    }
    if inline.is_empty() && file.is_empty() {
        return Err(KubectlError::Usage(
            "must specify --patch or --patch-file containing the contents of the patch".into(),
        ));
    }
    let ty = match a.get("type").unwrap_or("strategic").to_lowercase().as_str() {
        "json" => PatchType::Json,
        "merge" => PatchType::Merge,
        "strategic" => PatchType::Strategic,
        _ => {
            return Err(KubectlError::Usage(format!(
                "--type must be one of [json merge strategic], not {}",
                go_quote(a.get("type").unwrap_or_default())
            )))
        }
    };
    let sub = match a.get("subresource").unwrap_or_default() {
        "" => Sub::None,
        "status" => Sub::Status,
        "scale" => Sub::Scale,
        other => {
            return Err(KubectlError::Usage(format!(
                "invalid subresource value: {}. Must be one of [status scale]",
                go_quote(other)
            )))
        }
    };
    if sub != Sub::None && dry != DryRun::None {
        return Err(KubectlError::Plain(
            "kubeloop: --dry-run with --subresource is not supported in kubeloop (it dry-runs whole objects only)".into(),
        ));
    }
    // RunPatch: the file, or the flag's text, through yaml.ToJSON.
    let text = if file.is_empty() {
        inline.to_string()
    } else if file == "/dev/stdin" {
        stdin.unwrap_or_default()
    } else {
        return Err(KubectlError::Plain(
            "kubeloop: there are no files here; pass the patch with -p, or on standard input with `--patch-file /dev/stdin <<EOF` ... `EOF`".into(),
        ));
    };
    if text.len() > MAX_PATCH_BYTES {
        return Err(KubectlError::Usage(format!(
            "patch of {} bytes is larger than kubeloop's {MAX_PATCH_BYTES} byte limit",
            text.len()
        )));
    }
    // patch.go quotes o.Patch, which is empty when the patch came from a file.
    let body = to_json(&text)
        .map_err(|e| KubectlError::Usage(format!("unable to parse {}: {e}", go_quote(inline))))?;
    let ns = ns_of(&a);
    let sel = resource::select(&a.positional, false)?;
    if sel.items.is_empty() {
        return Err(resource::no_resource(false));
    }
    let mut status = 0;
    let mut count = 0;
    for (kind, names) in &sel.items {
        if names.is_empty() {
            return Err(KubectlError::Usage(
                "resource(s) were provided, but no name was specified".into(),
            ));
        }
        for name in names {
            count += 1;
            resource::warn_deprecated(*kind, out);
            let req = Request { ns: &ns, name, ty, sub, body: &body, dry };
            let done = crate::with_kind!(*kind, T => patch_one::<T>(s, &req, out));
            match done {
                Ok((obj, changed)) => {
                    // patchOperation, then PrintFlagsWithDryRunStrategy's words.
                    let op = if changed { "patched" } else { "patched (no change)" };
                    out.out(print(&format, obj, &dry.op(op))?);
                }
                // ContinueOnError: each object's error, then exit 1 (one error is printed
                // alone; kubectl aggregates several, one per line, as here).
                Err(e) => {
                    let mut t = e.to_string();
                    if !t.ends_with('\n') {
                        t.push('\n');
                    }
                    out.err(t);
                    status = 1;
                }
            }
        }
    }
    if count == 0 {
        return Err(KubectlError::Usage("no objects passed to patch".into()));
    }
    Ok(status)
}

/// sigs.k8s.io/yaml `ToJSON`: JSON as it is, anything else read as YAML.
fn to_json(text: &str) -> Result<Value, String> {
    if let Ok(v) = serde_json::from_str::<Value>(text) {
        return Ok(v);
    }
    serde_yaml_ng::from_str::<Value>(text).map_err(|e| go_yaml_error(&e.to_string()))
}

/// libyaml's `PROBLEM at line L column C, while parsing|scanning CONTEXT` as go-yaml's
/// `parser.fail` words it (yaml.v2 yaml.go): `yaml: line N: PROBLEM`, where N is the 0-based
/// line of the mark for a parser error and the 1-based one for a scanner error, and no line
/// at all when that is 0. libyaml reports the mark 1-based, so a parser error's is one less.
fn go_yaml_error(message: &str) -> String {
    let parsed = message.split_once(" at line ").and_then(|(problem, rest)| {
        let (line, context) = rest.split_once(" column ")?;
        let line: usize = line.parse().ok()?;
        let scanner = context.contains(", while scanning");
        Some((problem, if scanner { line } else { line.saturating_sub(1) }))
    });
    match parsed {
        Some((problem, 0)) => format!("yaml: {problem}"),
        Some((problem, line)) => format!("yaml: line {line}: {problem}"),
        None => format!("yaml: {message}"),
    }
}

struct Request<'a> {
    ns: &'a str,
    name: &'a str,
    ty: PatchType,
    sub: Sub,
    body: &'a Value,
    dry: DryRun,
}

/// What the server answered: the object (or the Scale) to print, and whether it changed.
enum Patched {
    Object(Object),
    Scale(Value),
}

fn patch_one<T: Tabled + Serialize + DeserializeOwned>(
    s: &mut Session,
    req: &Request,
    out: &mut Output,
) -> Result<(Patched, bool), KubectlError> {
    let not_found = || ApiError::NotFound { kind: T::KIND, name: req.name.to_string() };
    let current = s.world.store.get::<T>(req.ns, req.name).cloned().ok_or_else(not_found)?;
    if req.sub == Sub::Scale {
        return scale::patch_scale(s, T::KIND, req);
    }
    let doc = serde_json::to_value(&current).map_err(|e| KubectlError::Plain(e.to_string()))?;
    let patched = apply_patch(req.ty, &doc, req.body)?;
    // The API server decodes the result as the kind on the URL; kubeloop refuses a patch
    // that rewrites the type rather than store, say, a Deployment that calls itself a Pod.
    if ["apiVersion", "kind"].iter().any(|k| patched.get(k) != doc.get(k)) {
        return Err(KubectlError::Plain(
            "kubeloop: a patch may not change an object's apiVersion or kind".into(),
        ));
    }
    let new_name = patched.pointer("/metadata/name").and_then(Value::as_str).unwrap_or_default();
    if new_name != req.name {
        let message = format!(
            "the name of the object ({new_name}) does not match the name on the URL ({})",
            req.name
        );
        return Err(ApiError::BadRequest { message }.into());
    }
    // A resourceVersion in the result is a precondition, as on any update (a JSON patch
    // that tests or sets it is how clients lock optimistically).
    let rv = patched.pointer("/metadata/resourceVersion").and_then(Value::as_str);
    if rv.is_some_and(|rv| !rv.is_empty() && rv != current.meta().resource_version) {
        return Err(ApiError::Conflict {
            kind: T::KIND,
            name: req.name.to_string(),
            message: "the object has been modified; please apply your changes to the latest version and try again".into(),
        }
        .into());
    }
    let obj = decode::<T>(patched, req, out)?;
    let now = s.world.now();
    // A client-side dry run prints the object patched locally (patch.go `RunPatch`); the
    // others print what the server answered. Either way an unchanged object is the same.
    let stored = match req.sub {
        Sub::Status => s.world.store.update_status(&obj, now)?,
        _ => req.dry.update(s, obj)?,
    };
    let changed = *stored != current;
    Ok((Patched::Object((*stored).clone().into_object()), changed))
}

fn apply_patch(ty: PatchType, doc: &Value, body: &Value) -> Result<Value, KubectlError> {
    crate::api::patch::apply(ty, doc, body).map_err(|e| match e {
        PatchFailure::BadRequest(message) => ApiError::BadRequest { message }.into(),
        PatchFailure::DoesNotApply(_) => KubectlError::Plain(REJECTED.into()),
    })
}

/// The patched JSON as the server decodes it: unknown fields dropped with a warning each
/// (fieldValidation `Warn`), a value of the wrong type refused.
fn decode<T: Tabled + DeserializeOwned>(
    v: Value,
    req: &Request,
    out: &mut Output,
) -> Result<T, KubectlError> {
    let (obj, warnings) = crate::api::patch::decode::<T>(v, FieldValidation::Warn)
        .map_err(|detail| undecodable(T::KIND, req, detail))?;
    for w in warnings {
        out.err(format!("Warning: {w}\n"));
    }
    Ok(obj)
}

/// The decoder's refusal as the API server words it for each patch type.
fn undecodable(kind: Kind, req: &Request, detail: String) -> KubectlError {
    match req.ty {
        // applyPatchToObject: field.Invalid(field.NewPath("patch"), fmt.Sprintf("%+v", patchMap), err).
        PatchType::Strategic => KubectlError::Plain(format!(
            "The request is invalid: patch: Invalid value: {}: {detail}",
            go_quote(&strategic::go_map(req.body))
        )),
        // jsonPatcher: the codec's decode error, through transformDecodeError.
        _ => {
            let message = Undecodable { kind: kind.as_str().to_string(), detail }.to_string();
            ApiError::BadRequest { message }.into()
        }
    }
}

/// The answer, through the printer `-o` chose; without `-o`, the name printer with the
/// operation (`deployment.apps/web patched`).
fn print(format: &Format, patched: Patched, op: &str) -> Result<String, KubectlError> {
    let rendered = match (&patched, format) {
        (Patched::Object(o), Format::Table) => {
            Ok(format!("{}\n", printers::operation(o.kind(), &o.meta().name, op)))
        }
        (Patched::Object(o), f) => f.render_single(o),
        (Patched::Scale(v), f) => {
            let name = v["metadata"]["name"].as_str().unwrap_or_default();
            // Built with its keys in Go's map order already.
            match f {
                Format::Table => Ok(format!("scale.autoscaling/{name} {op}\n")),
                Format::Name => Ok(format!("scale.autoscaling/{name}\n")),
                Format::Yaml => Ok(printers::value_to_yaml(v)),
                Format::Json => Ok(format!("{}\n", printers::value_json_text(v))),
                Format::JsonPath(t) => {
                    super::jsonpath::render(t, v).map_err(|e| format!("error: {e}\n"))
                }
                Format::GoTemplate(_) => f.render_value(v),
            }
        }
    };
    rendered.map_err(KubectlError::Plain)
}

#[cfg(test)]
mod tests {
    use crate::kubectl::{Mode, Session};
    use crate::world::World;

    fn session() -> Session {
        let mut s = Session::new(World::new(1), Mode::Script);
        assert_eq!(s.run("k create deployment web --image=nginx:1.27").status, 0);
        s
    }

    #[test]
    fn a_yaml_patch_is_read_as_kubectl_reads_it_and_output_follows_dash_o() {
        let mut s = session();
        let out =
            s.run("k patch deploy web -p 'spec: {replicas: 4}' -o jsonpath='{.spec.replicas}'");
        assert_eq!((out.status, out.text()), (0, "4".to_string()));
        let out = s.run("k patch deploy web --type merge -p '{}' -o name");
        assert_eq!(out.text(), "deployment.apps/web\n");
        let out = s.run("k patch deploy web --subresource scale -p '{}' -o json");
        assert!(out.text().contains("\"kind\": \"Scale\""), "{}", out.text());
        assert!(out.text().contains("\"selector\": \"app=web\""), "{}", out.text());
    }

    #[test]
    fn a_patch_that_does_not_read_is_refused_as_kubectl_words_it() {
        let mut s = session();
        assert_eq!(
            s.run("k patch deploy web -p '{\"spec\":'").text(),
            "error: unable to parse \"{\\\"spec\\\":\": yaml: line 1: did not find expected node content\n"
        );
    }

    #[test]
    fn each_named_object_is_patched_on_its_own_and_a_missing_one_fails_the_command() {
        let mut s = session();
        let out = s.run("k patch deploy web ghost --type merge -p '{\"spec\":{\"replicas\":2}}'");
        assert_eq!(out.status, 1);
        assert_eq!(
            out.text(),
            "deployment.apps/web patched\nError from server (NotFound): deployments.apps \"ghost\" not found\n"
        );
    }

    #[test]
    fn pods_have_no_scale_subresource_and_resize_is_not_one_yet() {
        let mut s = session();
        s.run("k run p --image=nginx");
        let out = s.run("k patch pod p --subresource scale -p '{\"spec\":{\"replicas\":2}}'");
        assert_eq!(
            out.text(),
            "Error from server (NotFound): the server could not find the requested resource\n"
        );
        // kubectl 1.34 knows no `resize` subresource yet (patch.go supportedSubresources).
        let out = s.run("k patch pod p --subresource resize -p '{}'");
        assert_eq!(
            out.text(),
            "error: invalid subresource value: \"resize\". Must be one of [status scale]\n"
        );
    }

    #[test]
    fn a_negative_scale_is_invalid_and_changes_nothing() {
        let mut s = session();
        let out = s.run("k patch deploy web --subresource scale -p '{\"spec\":{\"replicas\":-1}}'");
        assert_eq!(out.status, 1);
        assert_eq!(
            out.text(),
            "The Scale \"web\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n"
        );
        assert_eq!(s.run("k get deploy web -o jsonpath='{.spec.replicas}'").text(), "1");
    }
}
