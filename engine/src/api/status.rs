//! `metav1.Status`: how every failure is answered, with the API server's code, reason,
//! details and message (apimachinery pkg/api/errors/errors.go: `NewNotFound`,
//! `NewAlreadyExists`, `NewConflict`, `NewInvalid`, `NewBadRequest`, `NewMethodNotSupported`,
//! `NewGone`/`NewResourceExpired`, `NewTooManyRequests`, `NewRequestEntityTooLargeError`,
//! `NewUnauthorized`, `NewTimeoutError`; causes from `field.ErrorType`).

use serde_json::{json, Map, Value};

use crate::labels::field::FieldErrorKind;
use crate::labels::validation::{aggregate, go_quote, FieldError};
use crate::model::Kind;
use crate::store::ApiError;

use super::Response;

/// A failure Status.
#[derive(Clone, Debug, PartialEq)]
pub struct Status {
    pub code: u16,
    pub reason: &'static str,
    pub message: String,
    pub details: Option<Value>,
}

impl Status {
    pub(super) fn new(code: u16, reason: &'static str, message: impl Into<String>) -> Status {
        Status { code, reason, message: message.into(), details: None }
    }

    fn with_details(mut self, details: Value) -> Status {
        self.details = Some(details);
        self
    }

    pub fn bad_request(message: impl Into<String>) -> Status {
        Status::new(400, "BadRequest", message)
    }

    /// A path the server has no handler for (the NotFound handler of apiserver's mux).
    pub fn no_route() -> Status {
        Status::new(404, "NotFound", "the server could not find the requested resource")
            .with_details(json!({}))
    }

    pub fn not_found(kind: Kind, name: &str) -> Status {
        ApiError::NotFound { kind, name: name.into() }.into()
    }

    pub fn method_not_allowed() -> Status {
        Status::new(
            405,
            "MethodNotAllowed",
            "the server does not allow this method on the requested resource",
        )
        .with_details(json!({}))
    }

    /// `NewResourceExpired`: a watch or continue token older than the log keeps.
    pub fn expired(message: impl Into<String>) -> Status {
        Status::new(410, "Expired", message)
    }

    /// `NewTooLargeResourceVersionError`: a watch from a version the server has not reached.
    pub fn too_large_resource_version(asked: u64, current: u64) -> Status {
        let message = format!("Too large resource version: {asked}, current: {current}");
        Status::new(504, "Timeout", message.clone()).with_details(json!({
            "causes": [{ "reason": "ResourceVersionTooLarge", "message": message }],
            "retryAfterSeconds": 1,
        }))
    }

    pub fn too_many_requests(message: impl Into<String>) -> Status {
        Status::new(429, "TooManyRequests", message).with_details(json!({ "retryAfterSeconds": 1 }))
    }

    /// `NewTooManyRequests` with a `DisruptionBudget` cause, as the eviction subresource
    /// refuses an eviction its budget does not allow; no retry hint when `retry_after` is 0.
    pub fn disruption_budget(cause: String, retry_after: u32) -> Status {
        let mut details = json!({ "causes": [{ "reason": "DisruptionBudget", "message": cause }] });
        if retry_after > 0 {
            details["retryAfterSeconds"] = retry_after.into();
        }
        Status::new(
            429,
            "TooManyRequests",
            "Cannot evict pod as it would violate the pod's disruption budget.",
        )
        .with_details(details)
    }

    /// `NewForbidden` on a PodDisruptionBudget, as the eviction subresource words it.
    pub fn forbidden_budget(name: &str, why: &str) -> Status {
        Status::new(
            403,
            "Forbidden",
            format!("poddisruptionbudget.policy {} is forbidden: {why}", go_quote(name)),
        )
        .with_details(json!({ "name": name, "group": "policy", "kind": "poddisruptionbudget" }))
    }

    /// A bare failure Status with a code and no reason, as a REST handler returns one.
    pub fn failure(code: u16, message: impl Into<String>) -> Status {
        Status::new(code, "", message)
    }

    /// The request-size limit (apiserver handlers/rest.go `limitedReadBody`).
    pub fn too_large(limit: usize) -> Status {
        Status::new(
            413,
            "RequestEntityTooLarge",
            format!("Request entity too large: limit is {limit}"),
        )
    }

    pub fn unauthorized() -> Status {
        Status::new(401, "Unauthorized", "Unauthorized")
    }

    pub fn not_acceptable(accept: &str) -> Status {
        Status::new(
            406,
            "NotAcceptable",
            format!("only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf (asked for {accept})"),
        )
    }

    pub fn unsupported_media_type(content_type: &str) -> Status {
        Status::new(415, "UnsupportedMediaType", format!("the body of the request was in an unknown format - accepted media types include: application/json, application/yaml (got {content_type:?})"))
    }

    /// A JSON patch that does not apply: a 422 without causes of its own
    /// (`NewGenericServerResponse(http.StatusUnprocessableEntity, ...)`).
    pub fn unprocessable(detail: &str) -> Status {
        Status::new(
            422,
            "Invalid",
            "the server rejected our request due to an error in our request",
        )
        .with_details(json!({ "causes": [{ "message": detail }] }))
    }

    /// errors.NewApplyConflict: server-side apply's conflicts, a cause for each path.
    pub fn apply_conflict(message: String, causes: Vec<Value>) -> Status {
        Status::new(409, "Conflict", message).with_details(json!({ "causes": causes }))
    }

    pub fn internal(message: impl Into<String>) -> Status {
        Status::new(500, "InternalError", message)
    }

    /// `NewInvalid` for a kind the store does not hold (Scale, Binding).
    pub fn invalid(kind: &str, group: &str, name: &str, errors: &[FieldError]) -> Status {
        let group_kind =
            if group.is_empty() { kind.to_string() } else { format!("{kind}.{group}") };
        let heading = format!("{group_kind} {} is invalid", go_quote(name));
        let message = match aggregate(errors) {
            agg if agg.is_empty() => heading,
            agg => format!("{heading}: {agg}"),
        };
        let mut d = json!({ "name": name, "kind": kind, "causes": causes(errors) });
        if !group.is_empty() {
            d["group"] = group.into();
        }
        Status::new(422, "Invalid", message).with_details(d)
    }

    /// The line kubectl prints for this Status (cmd/util/helpers.go `checkErr` and
    /// `StandardErrorMessage`): an Invalid with causes as `The Kind "name" is invalid: ...`,
    /// one without as `The request is invalid: ...`, the rest as
    /// `Error from server (Reason): message`.
    pub fn kubectl_words(&self) -> String {
        if self.reason == "Invalid" {
            let d = self.details.clone().unwrap_or(Value::Null);
            let text = |k: &str| d.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
            let mut messages: Vec<String> = Vec::new();
            for c in d.get("causes").and_then(Value::as_array).into_iter().flatten() {
                let (Some(field), Some(msg)) = (
                    c.get("field").and_then(Value::as_str),
                    c.get("message").and_then(Value::as_str),
                ) else {
                    continue;
                };
                let line = format!("{field}: {msg}");
                if !messages.contains(&line) {
                    messages.push(line);
                }
            }
            let heading = format!("The {} {} is invalid", text("kind"), go_quote(&text("name")));
            return match messages.as_slice() {
                [] => format!("The request is invalid: {}", self.message),
                [one] => format!("{heading}: {one}"),
                many => {
                    let items: Vec<String> = many.iter().map(|m| format!("* {m}")).collect();
                    format!("{heading}: \n{}", items.join("\n"))
                }
            };
        }
        match self.reason {
            "" => format!("Error from server: {}", self.message),
            reason => format!("Error from server ({reason}): {}", self.message),
        }
    }

    /// The `Status` object as JSON.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("kind".into(), "Status".into());
        m.insert("apiVersion".into(), "v1".into());
        m.insert("metadata".into(), json!({}));
        m.insert("status".into(), "Failure".into());
        m.insert("message".into(), self.message.clone().into());
        if !self.reason.is_empty() {
            m.insert("reason".into(), self.reason.into());
        }
        if let Some(d) = &self.details {
            m.insert("details".into(), d.clone());
        }
        m.insert("code".into(), self.code.into());
        Value::Object(m)
    }
}

/// The Status a successful delete answers with when the object is gone (`metav1.Status`
/// with `status: Success`, as store.go returns for kinds without a returned object).
pub fn success(kind: Kind, name: &str, uid: &str) -> Value {
    json!({
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Success",
        "details": { "name": name, "group": kind.group(), "kind": kind.plural(), "uid": uid },
    })
}

impl From<Status> for Response {
    fn from(s: Status) -> Response {
        Response::json(s.code, s.to_json())
    }
}

fn details(kind: Kind, name: &str, kind_field: &str) -> Value {
    let mut d = Map::new();
    d.insert("name".into(), name.into());
    if !kind.group().is_empty() {
        d.insert("group".into(), kind.group().into());
    }
    d.insert("kind".into(), kind_field.into());
    Value::Object(d)
}

/// `field.ErrorType` as a cause's reason (`FieldValueInvalid`, ...).
fn cause_reason(kind: FieldErrorKind) -> &'static str {
    match kind {
        FieldErrorKind::Invalid => "FieldValueInvalid",
        FieldErrorKind::Required => "FieldValueRequired",
        FieldErrorKind::Forbidden => "FieldValueForbidden",
        FieldErrorKind::Duplicate => "FieldValueDuplicate",
        FieldErrorKind::NotSupported => "FieldValueNotSupported",
        FieldErrorKind::TooLong => "FieldValueTooLong",
        FieldErrorKind::TooMany => "FieldValueTooMany",
    }
}

fn causes(errors: &[FieldError]) -> Value {
    let causes: Vec<Value> = errors
        .iter()
        .map(|e| {
            let text = e.to_string();
            let body = text.strip_prefix(&format!("{}: ", e.field)).unwrap_or(&text).to_string();
            json!({ "reason": cause_reason(e.kind), "message": body, "field": e.field })
        })
        .collect();
    Value::Array(causes)
}

impl From<ApiError> for Status {
    fn from(e: ApiError) -> Status {
        let message = e.status_message();
        match &e {
            ApiError::NotFound { kind, name } => Status::new(404, "NotFound", message)
                .with_details(details(*kind, name, kind.plural())),
            ApiError::AlreadyExists { kind, name } => Status::new(409, "AlreadyExists", message)
                .with_details(details(*kind, name, kind.plural())),
            ApiError::Conflict { kind, name, .. } => Status::new(409, "Conflict", message)
                .with_details(details(*kind, name, kind.plural())),
            ApiError::Invalid { kind, name, errors } => {
                let mut d = details(*kind, name, kind.as_str());
                d["causes"] = causes(errors);
                Status::new(422, "Invalid", message).with_details(d)
            }
            ApiError::BadRequest { .. } => Status::bad_request(message),
            ApiError::Forbidden { kind, name, .. } => Status::new(403, "Forbidden", message)
                .with_details(details(*kind, name, kind.plural())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_found_names_the_resource_as_the_api_server_does() {
        let s: Status = ApiError::NotFound { kind: Kind::Deployment, name: "web".into() }.into();
        assert_eq!(
            s.to_json(),
            json!({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",
                "message":"deployments.apps \"web\" not found","reason":"NotFound",
                "details":{"name":"web","group":"apps","kind":"deployments"},"code":404})
        );
        let s: Status = ApiError::NotFound { kind: Kind::Pod, name: "p".into() }.into();
        assert_eq!(s.to_json()["details"], json!({"name":"p","kind":"pods"}));
    }

    #[test]
    fn invalid_carries_each_field_error_as_a_cause() {
        let errors =
            vec![FieldError::invalid("spec.replicas", -1i64, "must be greater than or equal to 0")];
        let s: Status =
            ApiError::Invalid { kind: Kind::Deployment, name: "web".into(), errors }.into();
        let j = s.to_json();
        assert_eq!(j["code"], 422);
        assert_eq!(j["details"]["kind"], "Deployment");
        assert_eq!(
            j["details"]["causes"],
            json!([{"reason":"FieldValueInvalid","message":"Invalid value: -1: must be greater than or equal to 0","field":"spec.replicas"}])
        );
        assert_eq!(
            j["message"],
            "Deployment.apps \"web\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0"
        );
    }
}
