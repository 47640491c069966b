//! POST, PUT and PATCH of objects (apiserver handlers/create.go, update.go, patch.go;
//! rest.go `transformDecodeError`; registry store.go `Update`'s resourceVersion
//! precondition). DELETE is delete.rs.

use serde_json::{json, Value};

use crate::model::{Kind, Object};
use crate::store::ApiError;
use crate::world::World;

use super::conversion::{self, object_json};
use super::decode::{fill_absent, Undecodable};
use super::patch::{self, PatchFailure, PatchType};
use super::path::Resource;
use super::query::FieldValidation;
use super::{read, Query, Request, Response, Status};

const MODIFIED: &str =
    "the object has been modified; please apply your changes to the latest version and try again";

/// The request body as JSON (or YAML), or the 400 the decoder gives.
pub(super) fn body(req: &Request) -> Result<Value, Status> {
    if let Some(v) = req.json {
        return Ok(v.clone());
    }
    let ct = req.content_type.split(';').next().unwrap_or_default().trim();
    match ct {
        "" | "application/json" | "*/*" => serde_json::from_slice(req.body).map_err(|e| {
            Status::bad_request(format!("couldn't get version/kind; json parse error: {e}"))
        }),
        "application/yaml" => {
            let text = std::str::from_utf8(req.body)
                .map_err(|_| Status::bad_request("the body is not UTF-8"))?;
            yaml(text).map_err(|e| {
                Status::bad_request(format!("couldn't get version/kind; yaml parse error: {e}"))
            })
        }
        other => Err(Status::unsupported_media_type(other)),
    }
}

#[cfg(kubeloop_split)]
type ReadYaml = fn(&str) -> Result<Value, String>;

#[cfg(kubeloop_split)]
static YAML: std::sync::OnceLock<ReadYaml> = std::sync::OnceLock::new();

/// Makes YAML bodies readable: called from the code that ships with the course part. Only a
/// client over HTTP sends one (`kubeloop serve`, which holds every part); kubectl in the page
/// sends JSON values, so the page's first load holds no YAML reader.
pub(crate) fn link() {
    #[cfg(kubeloop_split)]
    let _ = YAML.set(read_yaml);
}

/// A YAML body as JSON, through the course part in the page's split build.
fn yaml(text: &str) -> Result<Value, String> {
    #[cfg(kubeloop_split)]
    return match YAML.get() {
        Some(read) => read(text),
        None => Err(format!(
            "YAML is read by {}, which has not been fetched yet",
            crate::parts::Part::Course.describe()
        )),
    };
    #[cfg(not(kubeloop_split))]
    read_yaml(text)
}

fn read_yaml(text: &str) -> Result<Value, String> {
    serde_yaml_ng::from_str(text).map_err(|e| e.to_string())
}

/// A PATCH's document, which the handler decodes before it reads the object
/// (handlers/patch.go).
pub(super) fn patch_body(req: &Request) -> Result<Value, Status> {
    match req.json {
        Some(v) => Ok(v.clone()),
        None => serde_json::from_slice(req.body)
            .map_err(|e| Status::bad_request(format!("error decoding patch: {e}"))),
    }
}

/// The object a POST or PUT sends. What the JSON decoder cannot read as an object is
/// answered as `transformDecodeError` (handlers/rest.go) answers a body whose version and
/// kind could not be found: the kind the URL wants, the decoder's error (serializer/json's
/// `Interpret`, which unmarshals into a struct of apiVersion and kind), and the start of
/// the body (`summarizeData`). A JSON `null` unmarshals into that struct as nothing, as
/// `{}` does.
fn object_body(req: &Request, kind: Kind) -> Result<Value, Status> {
    if let Some(v) = req.json {
        return Ok(if v.is_null() { json!({}) } else { v.clone() });
    }
    let ct = req.content_type.split(';').next().unwrap_or_default().trim();
    if !matches!(ct, "" | "application/json" | "*/*") {
        return body(req);
    }
    let fail = |err: String| {
        Status::bad_request(format!(
            "the object provided is unrecognized (must be of type {}): couldn't get version/kind; json parse error: {err} ({})",
            kind.as_str(),
            summarize(req.body, 30)
        ))
    };
    let v: Value = serde_json::from_slice(req.body).map_err(|e| fail(e.to_string()))?;
    let go_type = match v {
        Value::Object(_) => return Ok(v),
        Value::Null => return Ok(json!({})),
        other => crate::gofmt::json_kind(&other),
    };
    Err(fail(format!(
        "json: cannot unmarshal {go_type} into Go value of type struct {{ APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }}"
    )))
}

/// The start of a body as the API server quotes it in a decode error (rest.go
/// `summarizeData`): `<empty>`, up to `max` bytes as text when it opens an object, else as
/// hex; ` ...` when cut.
fn summarize(data: &[u8], max: usize) -> String {
    let cut = &data[..data.len().min(max)];
    let mut out = match data.first() {
        None => return "<empty>".into(),
        Some(b'{') => String::from_utf8_lossy(cut).into_owned(),
        Some(_) => cut.iter().map(|b| format!("{b:02x}")).collect(),
    };
    if data.len() > max {
        out.push_str(" ...");
    }
    out
}

/// The body's kind and apiVersion must be the URL's (defaulted from it when absent), and a
/// namespace in the body must be the URL's (rest.go `checkName`, create.go).
fn typed_body(mut v: Value, kind: Kind, res: &Resource) -> Result<Value, Status> {
    let Some(m) = v.as_object_mut() else {
        return Err(Status::bad_request("Object 'Kind' is missing in the request body"));
    };
    let text = |m: &serde_json::Map<String, Value>, k: &str| {
        m.get(k).and_then(Value::as_str).unwrap_or_default().to_string()
    };
    let (k, av) = (text(m, "kind"), text(m, "apiVersion"));
    if !av.is_empty() && av != res.api_version {
        return Err(Status::bad_request(format!(
            "the API version in the data ({av}) does not match the expected API version ({})",
            res.api_version
        )));
    }
    if !k.is_empty() && k != kind.as_str() {
        let version = res.api_version.rsplit('/').next().unwrap_or_default();
        return Err(Status::bad_request(format!(
            "{k} in version \"{version}\" cannot be handled as a {}: no kind \"{k}\" is registered for version \"{}\"",
            kind.as_str(),
            res.api_version
        )));
    }
    m.insert("kind".into(), kind.as_str().into());
    m.insert("apiVersion".into(), res.api_version.clone().into());
    if kind.namespaced() {
        let url_ns = res.namespace.clone().unwrap_or_default();
        let meta = m.entry("metadata").or_insert_with(|| json!({}));
        let Some(meta) = meta.as_object_mut() else {
            return Err(Status::bad_request("metadata must be an object"));
        };
        match meta.get("namespace").and_then(Value::as_str) {
            Some(ns) if !ns.is_empty() && ns != url_ns => {
                return Err(Status::bad_request(
                    "the namespace of the provided object does not match the namespace sent on the request",
                ))
            }
            _ => {
                meta.insert("namespace".into(), url_ns.into());
            }
        }
    }
    if kind == Kind::HorizontalPodAutoscaler && res.api_version == "autoscaling/v1" {
        v = conversion::v2_manifest_from_v1(v);
    }
    super::decode::drop_nulls(&mut v);
    fill_absent(&mut v, kind);
    Ok(v)
}

fn decode(v: Value, kind: Kind, fv: FieldValidation) -> Result<(Object, Vec<String>), Status> {
    crate::kinds::ops(kind).decode(v, fv).map_err(|detail| {
        Status::bad_request(Undecodable { kind: kind.as_str().into(), detail }.to_string())
    })
}

pub(super) fn answer(code: u16, obj: Object, res: &Resource, warnings: Vec<String>) -> Response {
    Response {
        code,
        body: object_json(&obj, res.api_version == "autoscaling/v1"),
        warnings,
        text: None,
    }
}

pub(super) fn create(
    world: &mut World,
    req: &Request,
    q: &Query,
    kind: Kind,
    res: &Resource,
) -> Result<Response, Status> {
    create_from(world, q, kind, res, object_body(req, kind)?)
}

/// A POST's work once its object's JSON is read (and server-side apply's create).
pub(super) fn create_from(
    world: &mut World,
    q: &Query,
    kind: Kind,
    res: &Resource,
    v: Value,
) -> Result<Response, Status> {
    let v = typed_body(v, kind, res)?;
    let (obj, warnings) = decode(v, kind, q.field_validation)?;
    let stored = world.create_object(obj, q.dry_run)?;
    Ok(answer(201, stored, res, warnings))
}

/// A resourceVersion in what the client sends is a precondition, but for an empty one or
/// `"0"`: the registry's `Update` parses it to 0, which built-in kinds take as an
/// unconditional update (`AllowUnconditionalUpdate`, pkg/registry/.../strategy.go).
fn check_version(kind: Kind, name: &str, sent: &str, current: &str) -> Result<(), Status> {
    if !sent.is_empty() && sent != "0" && sent != current {
        let message = MODIFIED.to_string();
        return Err(ApiError::Conflict { kind, name: name.into(), message }.into());
    }
    Ok(())
}

/// What PUT and PATCH share once they hold the new object's JSON: its name must be the
/// URL's, a resourceVersion in it must be the current one, then it is decoded and stored
/// (to the status subresource for `/status`).
pub(super) fn replace(
    world: &mut World,
    q: &Query,
    kind: Kind,
    res: &Resource,
    current: &Object,
    v: Value,
) -> Result<Response, Status> {
    let name = current.meta().name.as_str();
    let sent_name = v.pointer("/metadata/name").and_then(Value::as_str).unwrap_or_default();
    if sent_name != name {
        return Err(Status::bad_request(format!(
            "the name of the object ({sent_name}) does not match the name on the URL ({name})"
        )));
    }
    let sent_rv = v.pointer("/metadata/resourceVersion").and_then(Value::as_str);
    check_version(kind, name, sent_rv.unwrap_or_default(), &current.meta().resource_version)?;
    let v = typed_body(v, kind, res)?;
    let status_only = res.sub.as_deref() == Some("status");
    let (obj, warnings) = decode(v, kind, q.field_validation)?;
    let now = world.now();
    let stored =
        crate::kinds::ops(kind).update(&mut world.store, obj, now, status_only, q.dry_run)?;
    Ok(answer(200, stored, res, warnings))
}

pub(super) fn update(
    world: &mut World,
    req: &Request,
    q: &Query,
    kind: Kind,
    res: &Resource,
    name: &str,
) -> Result<Response, Status> {
    let v = object_body(req, kind)?;
    let current = read::current(world, kind, res, name)?;
    replace(world, q, kind, res, &current, v)
}

pub(super) fn patch(
    world: &mut World,
    req: &Request,
    q: &Query,
    kind: Kind,
    res: &Resource,
    name: &str,
) -> Result<Response, Status> {
    let ty = PatchType::from_content_type(req.content_type)
        .ok_or_else(|| Status::unsupported_media_type(req.content_type))?;
    if ty == PatchType::Apply {
        if res.sub.is_some() {
            return Err(Status::unsupported_media_type(req.content_type));
        }
        return super::apply::serve(world, req, q, kind, res, name);
    }
    non_apply(q)?;
    let body = patch_body(req)?;
    let current = read::current(world, kind, res, name)?;
    let doc = object_json(&current, res.api_version == "autoscaling/v1");
    let patched = patch::apply(ty, &doc, &body).map_err(|e| match e {
        PatchFailure::BadRequest(m) => Status::bad_request(m),
        PatchFailure::DoesNotApply(d) => Status::unprocessable(&d),
    })?;
    replace(world, q, kind, res, &current, patched).map_err(|status| match ty {
        PatchType::Strategic => unrestorable(status, &body),
        _ => status,
    })
}

/// rest.go `ValidatePatchOptions`: `force` is server-side apply's alone.
pub(super) fn non_apply(q: &Query) -> Result<(), Status> {
    if q.force.is_some() {
        let error = crate::labels::field::FieldError::forbidden(
            "force",
            "may not be specified for non-apply patch",
        );
        return Err(Status::invalid("PatchOptions", "meta.k8s.io", "", &[error]));
    }
    Ok(())
}

/// A strategic merge patch goes from the patched map straight to the typed object
/// (handlers/patch.go `applyPatchToObject`, through the unstructured converter), so a value
/// of the wrong type is refused as the converter words it, against the whole patch:
/// ` "" is invalid: patch: Invalid value: "map[...]": cannot restore map from string`.
fn unrestorable(status: Status, patch: &Value) -> Status {
    let Some(detail) = status.message.split(": json: cannot unmarshal ").nth(1) else {
        return status;
    };
    let Some((found, ty)) = detail.split_once(" into ").and_then(|(found, rest)| {
        let ty = rest.rsplit_once(" of type ")?.1;
        Some((found.split(' ').next().unwrap_or(found), ty))
    }) else {
        return status;
    };
    // The Go kind of what encoding/json decoded the patch into.
    let from = match found {
        "number" => "float64",
        "array" => "slice",
        "object" => "map",
        other => other,
    };
    let message = if ty.starts_with("map[") {
        format!("cannot restore map from {from}")
    } else if ty.starts_with("[]") {
        format!("cannot restore slice from {from}")
    } else if ty.starts_with(|c: char| c.is_ascii_lowercase()) && !ty.contains('.') {
        format!("cannot convert {from} to {ty}")
    } else {
        format!("cannot restore struct from: {from}")
    };
    let value = crate::apimachinery::patch::strategic::go_map(patch);
    let error = crate::labels::validation::FieldError::invalid("patch", value.as_str(), &message);
    let mut refused = Status::invalid("", "", "", &[error]);
    if let Some(details) = refused.details.as_mut().and_then(Value::as_object_mut) {
        // StatusDetails' fields are omitempty.
        details.retain(|_, v| v.as_str() != Some(""));
    }
    refused
}

#[cfg(test)]
mod tests {
    use super::*;

    fn post(body: &[u8]) -> Result<Value, Status> {
        let req = Request { method: "POST", body, ..Request::default() };
        object_body(&req, Kind::Deployment)
    }

    #[test]
    fn bodies_that_are_not_objects_are_unrecognized_with_the_start_of_the_body() {
        let prefix = "the object provided is unrecognized (must be of type Deployment): couldn't get version/kind; json parse error: ";
        let m = post(b"[1, 2]").unwrap_err().message;
        assert_eq!(
            m.strip_prefix(prefix).unwrap(),
            r#"json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\"apiVersion,omitempty\""; Kind string "json:\"kind,omitempty\"" } (5b312c20325d)"#
        );
        let m = post(b"{not json").unwrap_err().message;
        assert!(m.starts_with(prefix) && m.ends_with(" ({not json)"), "{m}");
        assert!(post(b"").unwrap_err().message.ends_with(" (<empty>)"));
        let long = format!("{{\"x\":\"{}\"}}", "y".repeat(40));
        let m = post(&long.as_bytes()[..45]).unwrap_err().message;
        assert!(m.ends_with(&format!(" ({} ...)", &long[..30])), "{m}");
        assert_eq!(post(b"null").unwrap(), json!({}));
        assert_eq!(post(br#"{"kind":"Deployment"}"#).unwrap(), json!({"kind":"Deployment"}));
    }
}
