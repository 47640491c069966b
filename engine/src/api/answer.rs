//! What a client reads back: the server's `Answer`, and a refusal (`Refusal`, a
//! `metav1.Status`) in the words kubectl prints it with (kubectl/pkg/cmd/util/helpers.go
//! `checkErr` and `StandardErrorMessage`).

use std::fmt;

use serde_json::Value;

use crate::labels::validation::go_quote;
use crate::model::Kind;

/// What the server answered: the status code, the JSON body and any `Warning` headers.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    pub code: u16,
    pub body: Value,
    pub warnings: Vec<String>,
}

/// A request the server refused: its `metav1.Status`, as client-go's `errors.StatusError`
/// holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub code: u16,
    pub reason: String,
    pub message: String,
    /// `details`: the object's kind and name, and for Invalid its causes.
    pub details: Box<Value>,
}

impl Refusal {
    /// A refusal of kubectl's own, before or instead of a request (a patch it could not
    /// compute): no reason, so it prints as `Error from server: MESSAGE`.
    pub fn client(message: impl Into<String>) -> Refusal {
        Refusal { code: 0, reason: String::new(), message: message.into(), details: Box::default() }
    }

    /// A non-2xx answer's Status, or what client-go says of a body that is none
    /// (rest/request.go `newUnstructuredResponseError`).
    pub fn of(answer: &Answer) -> Refusal {
        let field = |k: &str| answer.body.get(k).and_then(Value::as_str).map(String::from);
        let details = Box::new(answer.body.get("details").cloned().unwrap_or(Value::Null));
        match (field("reason"), field("message")) {
            (reason, Some(message)) => {
                Refusal { code: answer.code, reason: reason.unwrap_or_default(), message, details }
            }
            (reason, None) => Refusal {
                code: answer.code,
                reason: reason.unwrap_or_default(),
                details,
                message: format!(
                    "the server responded with the status code {} but did not return more information",
                    answer.code
                ),
            },
        }
    }

    /// The NotFound a client makes of an empty list it asked by name (wait's condition.go
    /// `getObjAndCheckCondition`, `apierrors.NewNotFound`), in the server's words.
    pub fn not_found(kind: Kind, name: &str) -> Refusal {
        let body = super::Status::not_found(kind, name).to_json();
        Refusal::of(&Answer { code: 404, body, warnings: Vec::new() })
    }

    pub fn is_not_found(&self) -> bool {
        self.code == 404 && self.reason == "NotFound"
    }
}

impl fmt::Display for Refusal {
    /// kubectl's words for it (kubectl/pkg/cmd/util/helpers.go): `checkErr` prints Invalid as
    /// `The KIND "NAME" is invalid` with its causes (`statusCausesToAggrError`), everything
    /// else as `StandardErrorMessage` does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let detail = |k: &str| self.details.get(k).and_then(Value::as_str);
        if let ("Invalid", Some(kind), Some(name)) =
            (self.reason.as_str(), detail("kind"), detail("name"))
        {
            let mut lines: Vec<String> = Vec::new();
            let causes = self.details.get("causes").and_then(Value::as_array);
            for cause in causes.into_iter().flatten() {
                let text = |k: &str| cause.get(k).and_then(Value::as_str).unwrap_or_default();
                let line = match text("field") {
                    "" => text("message").to_string(),
                    field => format!("{field}: {}", text("message")),
                };
                if !lines.contains(&line) {
                    lines.push(line);
                }
            }
            let heading = format!("The {kind} {} is invalid", go_quote(name));
            return match lines.as_slice() {
                [] => f.write_str(&heading),
                [one] => write!(f, "{heading}: {one}"),
                many => {
                    let items: Vec<String> = many.iter().map(|m| format!("* {m}")).collect();
                    write!(f, "{heading}: \n{}", items.join("\n"))
                }
            };
        }
        match self.reason.as_str() {
            "Unauthorized" => {
                write!(f, "error: You must be logged in to the server ({})", self.message)
            }
            "" => write!(f, "Error from server: {}", self.message),
            reason => write!(f, "Error from server ({reason}): {}", self.message),
        }
    }
}
