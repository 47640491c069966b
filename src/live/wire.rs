//! What the API server sends, read: a list's items and resourceVersion, one watch event line
//! (`{"type":"ADDED","object":{...}}`, apimachinery pkg/apis/meta/v1/watch.go), and a Status
//! failure in the words kubectl prints it with. Pure text in, typed values out.

use serde_json::Value;

/// One line of a watch stream.
#[derive(Debug, PartialEq)]
pub enum WatchLine {
    Added(Value),
    Modified(Value),
    Deleted(Value),
    /// Only the resourceVersion to resume from.
    Bookmark(String),
    /// The server ended the watch with a Status: its HTTP code and what kubectl would say.
    Error {
        code: u16,
        message: String,
    },
}

/// Reads one watch line; `None` for a line that is not a watch event (counted by the caller).
pub fn watch_line(line: &str) -> Option<WatchLine> {
    let mut v: Value = serde_json::from_str(line).ok()?;
    let object = v.get_mut("object").map(Value::take)?;
    Some(match v.get("type").and_then(Value::as_str)? {
        "ADDED" => WatchLine::Added(object),
        "MODIFIED" => WatchLine::Modified(object),
        "DELETED" => WatchLine::Deleted(object),
        "BOOKMARK" => WatchLine::Bookmark(resource_version(&object)?.to_string()),
        "ERROR" => WatchLine::Error {
            code: object.get("code").and_then(Value::as_u64).unwrap_or(500) as u16,
            message: status_message(&object),
        },
        _ => return None,
    })
}

/// A list body: its resourceVersion (where the watch starts) and its items.
pub fn list(body: &str) -> Result<(String, Vec<Value>), String> {
    let mut v: Value =
        serde_json::from_str(body).map_err(|e| format!("the list is not JSON: {e}"))?;
    let rv = resource_version(&v).ok_or("the list has no resourceVersion")?.to_string();
    let items = match v.get_mut("items").map(Value::take) {
        Some(Value::Array(items)) => items,
        // `"items": null` is how Go encodes an empty list.
        Some(Value::Null) | None => Vec::new(),
        Some(_) => return Err("the list's items are not an array".into()),
    };
    Ok((rv, items))
}

pub fn resource_version(object: &Value) -> Option<&str> {
    object.pointer("/metadata/resourceVersion").and_then(Value::as_str)
}

/// `(namespace, name)` of an object as sent.
pub fn key(object: &Value) -> Option<(&str, &str)> {
    let ns = object.pointer("/metadata/namespace").and_then(Value::as_str).unwrap_or("");
    Some((ns, object.pointer("/metadata/name").and_then(Value::as_str)?))
}

/// `/version`'s gitVersion.
pub fn git_version(body: &str) -> Option<String> {
    let v: Value = serde_json::from_str(body).ok()?;
    v.get("gitVersion").and_then(Value::as_str).map(String::from)
}

/// A failed request's body as kubectl prints the error. A Status with a reason prints as
/// `Error from server (<reason>): <message>`, an Invalid one from its causes, an Unauthorized
/// one as a login hint (kubectl/pkg/cmd/util/helpers.go `StandardErrorMessage` and
/// `checkErr`); a body that is no Status (a proxy's page) keeps the HTTP status.
pub fn failure(http_status: u16, body: &str) -> String {
    match serde_json::from_str::<Value>(body) {
        Ok(v) if v.get("kind").and_then(Value::as_str) == Some("Status") => status_message(&v),
        _ => format!("error: the server answered HTTP {http_status}"),
    }
}

fn status_message(status: &Value) -> String {
    let text = |p: &str| status.pointer(p).and_then(Value::as_str).unwrap_or("");
    let (reason, message) = (text("/reason"), text("/message"));
    match reason {
        "Unauthorized" => format!("error: You must be logged in to the server ({message})"),
        "Invalid" => {
            invalid(status).unwrap_or_else(|| format!("Error from server (Invalid): {message}"))
        }
        "" => format!("Error from server: {message}"),
        r => format!("Error from server ({r}): {message}"),
    }
}

/// `The Deployment "web" is invalid: spec.replicas: Invalid value: -1: ...`, one cause
/// inline and several as a bulleted list, as `checkErr` prints a StatusReasonInvalid.
fn invalid(status: &Value) -> Option<String> {
    let details = status.get("details")?;
    let kind = details.get("kind")?.as_str()?;
    let name = details.get("name")?.as_str()?;
    let causes: Vec<String> = details
        .get("causes")?
        .as_array()?
        .iter()
        .map(|c| {
            let field = c.get("field").and_then(Value::as_str).unwrap_or("");
            let message = c.get("message").and_then(Value::as_str).unwrap_or("");
            if field.is_empty() {
                message.to_string()
            } else {
                format!("{field}: {message}")
            }
        })
        .collect();
    Some(match causes.as_slice() {
        [] => return None,
        [one] => format!("The {kind} {name:?} is invalid: {one}"),
        many => format!("The {kind} {name:?} is invalid: \n* {}", many.join("\n* ")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn watch_lines_of_every_type_are_read() {
        let added = r#"{"type":"ADDED","object":{"metadata":{"name":"a","resourceVersion":"7"}}}"#;
        assert!(matches!(watch_line(added), Some(WatchLine::Added(_))));
        let bookmark =
            r#"{"type":"BOOKMARK","object":{"kind":"Pod","metadata":{"resourceVersion":"12"}}}"#;
        assert_eq!(watch_line(bookmark), Some(WatchLine::Bookmark("12".into())));
        let gone = r#"{"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","status":"Failure","message":"too old resource version: 1 (5)","reason":"Expired","code":410}}"#;
        assert_eq!(
            watch_line(gone),
            Some(WatchLine::Error {
                code: 410,
                message: "Error from server (Expired): too old resource version: 1 (5)".into()
            })
        );
        assert_eq!(watch_line("not json"), None);
        assert_eq!(watch_line(r#"{"type":"SOMETHING","object":{}}"#), None);
    }

    #[test]
    fn a_list_gives_its_version_and_items_even_when_items_is_null() {
        let (rv, items) = list(r#"{"kind":"PodList","metadata":{"resourceVersion":"99"},"items":[{"metadata":{"name":"a"}}]}"#).unwrap();
        assert_eq!((rv.as_str(), items.len()), ("99", 1));
        let (_, none) = list(r#"{"metadata":{"resourceVersion":"1"},"items":null}"#).unwrap();
        assert!(none.is_empty());
        assert!(list("<html>").is_err());
    }

    #[test]
    fn failures_are_worded_as_kubectl_prints_them() {
        let not_found = r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"pods \"ghost\" not found","reason":"NotFound","details":{"name":"ghost","kind":"pods"},"code":404}"#;
        assert_eq!(
            failure(404, not_found),
            "Error from server (NotFound): pods \"ghost\" not found"
        );
        let invalid = r#"{"kind":"Status","status":"Failure","message":"Deployment.apps \"web\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0","reason":"Invalid","details":{"name":"web","group":"apps","kind":"Deployment","causes":[{"reason":"FieldValueInvalid","message":"Invalid value: -1: must be greater than or equal to 0","field":"spec.replicas"}]},"code":422}"#;
        assert_eq!(
            failure(422, invalid),
            "The Deployment \"web\" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0"
        );
        assert_eq!(failure(502, "Bad Gateway"), "error: the server answered HTTP 502");
        let conflict = r#"{"kind":"Status","message":"Operation cannot be fulfilled on deployments.apps \"web\": the object has been modified; please apply your changes to the latest version and try again","reason":"Conflict","code":409}"#;
        assert!(
            failure(409, conflict).starts_with("Error from server (Conflict): Operation cannot")
        );
    }
}
