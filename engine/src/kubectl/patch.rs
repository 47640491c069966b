//! `kubectl patch`: one or more objects changed by a strategic merge (the default), JSON
//! merge or JSON patch, on the object itself or its `status` or `scale` subresource.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/patch/patch.go (`Validate`, `RunPatch`,
//! `patchOperation`: "patched", or "patched (no change)" when the server's answer equals the
//! object kubectl read). kubectl is a client here: the builder GETs each object (or its
//! subresource), then the user's patch goes to the API server as a PATCH of the chosen type
//! with `fieldManager=kubectl-patch`, which applies, decodes, validates and stores it
//! (`api::write`, apiserver pkg/endpoints/handlers/patch.go); unknown fields come back as
//! `Warning` headers. A client-side dry run sends nothing: the patch is applied to the
//! object read, as `RunPatch` does with `getPatchedJSON`.
//!
//! `patch/scale.rs` reads the `scale` subresource's answers, which are no kind of the model.

mod local;
mod scale;

use serde_json::Value;

use crate::api::client::{Call, Refusal};
use crate::api::patch::PatchType;
use crate::labels::validation::go_quote;
use crate::model::*;

use super::args::ns_of;
use super::args::{self, flag, FlagSpec};
use super::dry_run::DryRun;
use super::get::Format;
use super::printers;
use super::resource;
use super::{Kubectl, KubectlError, Output};

pub(super) const PATCH_FLAGS: &[FlagSpec] = &[
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
    s: &mut Kubectl,
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
    // patch.go Complete reads the strategy before Validate. The clock is only for the
    // deprecation warning's klog stamp.
    let dry = DryRun::from_args(&a, s.now(), out)?;
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
            let done = patch_one(s, *kind, &req, out);
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

fn patch_one(
    s: &mut Kubectl,
    kind: Kind,
    req: &Request,
    out: &mut Output,
) -> Result<(Patched, bool), KubectlError> {
    if req.sub == Sub::Scale {
        return scale::patch_scale(s, kind, req);
    }
    // The builder's GET of the object (of its `status` with `--subresource status`).
    let mut get = Call::get(kind, req.ns, req.name);
    if req.sub == Sub::Status {
        get = get.sub("status");
    }
    let current = crate::api::client::object(s.api(), &get)?;
    if req.dry == DryRun::Client {
        return local::patch_locally(kind, &current, req, out);
    }
    let mut call = Call::patch(kind, req.ns, req.name, req.ty, req.body.clone())
        .dry_run(req.dry == DryRun::Server)
        .field_manager("kubectl-patch");
    if req.sub == Sub::Status {
        call = call.sub("status");
    }
    let answer = s.api().send(&call);
    if !(200..300).contains(&answer.code) {
        return Err(refused(Refusal::of(&answer), kind, req));
    }
    for w in &answer.warnings {
        out.err(format!("Warning: {w}\n"));
    }
    let patched = object_of(kind, &answer.body).ok_or_else(|| {
        KubectlError::Plain(format!("error: the server's answer is not a {}", kind.as_str()))
    })?;
    let changed = patched != current;
    Ok((Patched::Object(patched), changed))
}

/// A 2xx body read back as the kind patched.
fn object_of(kind: Kind, body: &Value) -> Option<Object> {
    crate::kinds::ops(kind).read(body)
}

/// The server's refusal as kubectl prints it. An Invalid Status that names no object is
/// "The request is invalid" (cmd/util/helpers.go `checkErr`), then its field causes (a
/// strategic patch whose result does not convert: handlers/patch.go
/// `applyPatchToObject`'s `patch` cause), or else the message (a JSON patch that does not
/// apply). A server that answers a strategic patch with the decoder's BadRequest (older
/// ones) is worded as upstream's too.
fn refused(r: Refusal, kind: Kind, req: &Request) -> KubectlError {
    let named = r.details.get("kind").and_then(Value::as_str).is_some_and(|k| !k.is_empty());
    if r.reason == "Invalid" && !named {
        let causes: Vec<String> = r
            .details
            .get("causes")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|c| {
                Some(format!("{}: {}", c.get("field")?.as_str()?, c.get("message")?.as_str()?))
            })
            .collect();
        return KubectlError::Plain(match causes.as_slice() {
            [] => format!("The request is invalid: {}", r.message),
            [one] => format!("The request is invalid: {one}"),
            many => format!("The request is invalid: \n* {}", many.join("\n* ")),
        });
    }
    let prefix =
        format!("{} in version \"v1\" cannot be handled as a {}: ", kind.as_str(), kind.as_str());
    match r.message.strip_prefix(&prefix) {
        Some(detail) if r.code == 400 && req.ty == PatchType::Strategic => {
            local::undecodable(kind, req, detail.to_string())
        }
        _ => r.into(),
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
    use crate::session::Session;

    fn session() -> Session {
        let mut s = Session::script(1);
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
    fn a_server_dry_run_prints_the_servers_answer_and_stores_nothing() {
        let mut s = session();
        let line = "k patch deploy web -p '{\"spec\":{\"replicas\":7}}' --dry-run=server -o jsonpath='{.spec.replicas}'";
        assert_eq!(s.run(line).text(), "7");
        assert_eq!(s.run("k get deploy web -o jsonpath='{.spec.replicas}'").text(), "1");
        let out = s.run(
            "k patch deploy web --subresource scale --type merge -p '{\"spec\":{\"replicas\":1}}'",
        );
        assert_eq!(out.text(), "scale.autoscaling/web patched (no change)\n");
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
