//! Field-level validation errors and how the API server and kubectl print them; it does not
//! decide what is invalid (validation.rs and model/validate.rs do).
//!
//! Models staging/src/k8s.io/apimachinery/pkg/util/validation/field/errors.go as of 1.34
//! (`Error.ErrorBody`: strings with `%q`, int32/int64/float/bool bare, anything else as
//! `json.Marshal` output; Required, Forbidden, TooLong and Internal omit the value;
//! `ErrorList.ToAggregate`) and kubectl's pkg/cmd/util/helpers.go `checkErr` for the
//! "is invalid" message.

use std::fmt;

pub use crate::gofmt::{go_json, go_quote};

/// The kinds of field error this simulator reports (a subset of field.ErrorType).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldErrorKind {
    Invalid,
    Required,
    Forbidden,
    Duplicate,
    NotSupported,
    TooLong,
    TooMany,
}

impl FieldErrorKind {
    /// `ErrorType.String()`.
    fn as_str(self) -> &'static str {
        match self {
            FieldErrorKind::Invalid => "Invalid value",
            FieldErrorKind::Required => "Required value",
            FieldErrorKind::Forbidden => "Forbidden",
            FieldErrorKind::Duplicate => "Duplicate value",
            FieldErrorKind::NotSupported => "Unsupported value",
            FieldErrorKind::TooLong => "Too long",
            FieldErrorKind::TooMany => "Too many",
        }
    }
}

/// `field.Error.BadValue`, typed the way ErrorBody tells the cases apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadValue {
    /// A Go string: printed with `%q`.
    Str(String),
    /// An int32 or int64: printed bare.
    Int(i64),
    /// A bool: printed bare.
    Bool(bool),
    /// A struct, map, slice or pointer to one: printed as `json.Marshal` writes it.
    Json(serde_json::Value),
    /// `field.OmitValueType{}`: the error names no value.
    Omit,
}

impl From<&str> for BadValue {
    fn from(s: &str) -> Self {
        BadValue::Str(s.to_string())
    }
}
impl From<&String> for BadValue {
    fn from(s: &String) -> Self {
        BadValue::Str(s.clone())
    }
}
impl From<String> for BadValue {
    fn from(s: String) -> Self {
        BadValue::Str(s)
    }
}
impl From<i32> for BadValue {
    fn from(n: i32) -> Self {
        BadValue::Int(n.into())
    }
}
impl From<i64> for BadValue {
    fn from(n: i64) -> Self {
        BadValue::Int(n)
    }
}
impl From<bool> for BadValue {
    fn from(b: bool) -> Self {
        BadValue::Bool(b)
    }
}
impl From<serde_json::Value> for BadValue {
    fn from(v: serde_json::Value) -> Self {
        BadValue::Json(v)
    }
}

impl BadValue {
    /// The value of a serializable API type (a selector, a label map), as the API server's
    /// JSON encoding renders it.
    pub fn json<T: serde::Serialize>(v: &T) -> BadValue {
        BadValue::Json(serde_json::to_value(v).unwrap_or(serde_json::Value::Null))
    }
}

impl fmt::Display for BadValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadValue::Str(s) => f.write_str(&go_quote(s)),
            BadValue::Int(n) => write!(f, "{n}"),
            BadValue::Bool(b) => write!(f, "{b}"),
            BadValue::Json(v) => f.write_str(&go_json(v)),
            BadValue::Omit => Ok(()),
        }
    }
}

/// One field-level validation error (field.Error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub field: String,
    pub value: BadValue,
    pub detail: String,
    pub kind: FieldErrorKind,
}

impl FieldError {
    /// `field.Invalid`.
    pub fn invalid(field: &str, value: impl Into<BadValue>, detail: &str) -> FieldError {
        let (field, value, detail) = (field.into(), value.into(), detail.into());
        FieldError { field, value, detail, kind: FieldErrorKind::Invalid }
    }

    /// `field.Duplicate`: the value, no detail.
    pub fn duplicate(field: &str, value: impl Into<BadValue>) -> FieldError {
        let (field, value) = (field.into(), value.into());
        FieldError { field, value, detail: String::new(), kind: FieldErrorKind::Duplicate }
    }

    /// `field.Required`: the value is not shown.
    pub fn required(field: &str, detail: &str) -> FieldError {
        let (field, detail) = (field.into(), detail.into());
        FieldError {
            field,
            value: BadValue::Str(String::new()),
            detail,
            kind: FieldErrorKind::Required,
        }
    }

    /// `field.Forbidden`: the value is not shown.
    /// `field.NotSupported`: the detail lists the supported values, each quoted.
    pub fn unsupported(field: &str, value: impl Into<BadValue>, supported: &str) -> FieldError {
        FieldError {
            field: field.into(),
            value: value.into(),
            detail: format!("supported values: {supported}"),
            kind: FieldErrorKind::NotSupported,
        }
    }

    /// `field.TooLong` for a length in bytes: the value is not shown.
    pub fn too_long(field: &str, max: usize) -> FieldError {
        FieldError {
            field: field.into(),
            value: BadValue::Str(String::new()),
            detail: format!("may not be more than {max} bytes"),
            kind: FieldErrorKind::TooLong,
        }
    }

    /// `field.TooMany`: the actual count as the value, the limit in the detail.
    pub fn too_many(field: &str, actual: usize, max: usize) -> FieldError {
        let items = if max == 1 { "item" } else { "items" };
        FieldError {
            field: field.into(),
            value: BadValue::Int(actual as i64),
            detail: format!("must have at most {max} {items}"),
            kind: FieldErrorKind::TooMany,
        }
    }

    pub fn forbidden(field: &str, detail: &str) -> FieldError {
        let (field, detail) = (field.into(), detail.into());
        FieldError {
            field,
            value: BadValue::Str(String::new()),
            detail,
            kind: FieldErrorKind::Forbidden,
        }
    }
}

impl fmt::Display for FieldError {
    /// `field.Error.Error()`: `<field>: <ErrorBody>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.kind.as_str())?;
        match self.kind {
            FieldErrorKind::Required | FieldErrorKind::Forbidden | FieldErrorKind::TooLong => {}
            _ if self.value == BadValue::Omit => {}
            _ => write!(f, ": {}", self.value)?,
        }
        if !self.detail.is_empty() {
            write!(f, ": {}", self.detail)?;
        }
        Ok(())
    }
}

impl std::error::Error for FieldError {}

/// `ToAggregate().Error()`: duplicates dropped, one message bare, several as `[a, b]`.
pub fn aggregate(errors: &[FieldError]) -> String {
    let messages = dedup_messages(errors);
    match messages.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        many => format!("[{}]", many.join(", ")),
    }
}

fn dedup_messages(errors: &[FieldError]) -> Vec<String> {
    let mut seen = Vec::new();
    for message in errors.iter().map(FieldError::to_string) {
        if !seen.contains(&message) {
            seen.push(message);
        }
    }
    seen
}

/// The whole rejection as kubectl prints it (helpers.go `checkErr` for an Invalid status):
/// one cause on the same line, several as a `* ` list under the heading (whose ": " keeps its
/// trailing space, as in kubectl). No trailing newline. The API server's own Status message
/// is `<Kind.group> "<name>" is invalid: ` + [`aggregate`] instead.
pub fn invalid_error(kind: &str, name: &str, errors: &[FieldError]) -> String {
    let heading = format!("The {kind} {} is invalid", go_quote(name));
    let messages = dedup_messages(errors);
    match messages.as_slice() {
        [] => heading,
        [one] => format!("{heading}: {one}"),
        many => {
            let items: Vec<String> = many.iter().map(|m| format!("* {m}")).collect();
            format!("{heading}: \n{}", items.join("\n"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn bad_values_print_by_type_like_error_body() {
        let line = |v: BadValue| FieldError::invalid("f", v, "bad").to_string();
        assert_eq!(line("-1".into()), "f: Invalid value: \"-1\": bad");
        assert_eq!(line((-1i32).into()), "f: Invalid value: -1: bad");
        assert_eq!(line(false.into()), "f: Invalid value: false: bad");
        let sel = json!({"matchLabels": {"app": "other"}});
        assert_eq!(
            line(sel.into()),
            "f: Invalid value: {\"matchLabels\":{\"app\":\"other\"}}: bad"
        );
        assert_eq!(line(json!(["a", "b"]).into()), "f: Invalid value: [\"a\",\"b\"]: bad");
        assert_eq!(line(json!(null).into()), "f: Invalid value: null: bad");
    }

    #[test]
    fn go_json_sorts_keys_and_escapes_html() {
        let v = json!({"z": 1, "a": {"y": true, "b": "<&>"}, "m": [1.5, "\u{2028}\n"]});
        assert_eq!(
            go_json(&v),
            "{\"a\":{\"b\":\"\\u003c\\u0026\\u003e\",\"y\":true},\"m\":[1.5,\"\\u2028\\n\"],\"z\":1}"
        );
    }

    #[test]
    fn required_and_forbidden_never_show_the_value() {
        assert_eq!(
            FieldError::required("spec.selector", "").to_string(),
            "spec.selector: Required value"
        );
        assert_eq!(FieldError::forbidden("spec", "no").to_string(), "spec: Forbidden: no");
        assert_eq!(FieldError::duplicate("f", "x").to_string(), "f: Duplicate value: \"x\"");
    }

    #[test]
    fn go_quote_escapes_like_percent_q() {
        assert_eq!(go_quote("é"), "\"é\"");
        assert_eq!(go_quote("\0"), "\"\\x00\"");
        assert_eq!(go_quote("a\"b\\c"), "\"a\\\"b\\\\c\"");
        assert_eq!(go_quote("\n\t\u{7}\u{7f}"), "\"\\n\\t\\a\\x7f\"");
        assert_eq!(go_quote("\u{a0}\u{2028}\u{feff}"), "\"\\u00a0\\u2028\\ufeff\"");
        assert_eq!(go_quote("e\u{301}日本🙂"), "\"e\u{301}日本🙂\"");
        assert_eq!(go_quote("\u{e0001}"), "\"\\U000e0001\"");
    }

    #[test]
    fn aggregate_brackets_only_several_distinct_errors() {
        let a = FieldError::invalid("f", "v", "bad");
        let b = FieldError::forbidden("g", "no");
        assert_eq!(aggregate(&[]), "");
        assert_eq!(aggregate(&[a.clone(), a.clone()]), "f: Invalid value: \"v\": bad");
        assert_eq!(aggregate(&[a, b]), "[f: Invalid value: \"v\": bad, g: Forbidden: no]");
    }
}
