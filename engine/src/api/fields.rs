//! Field selectors (`?fieldSelector=`, kubectl's `--field-selector`): the API server parses
//! the text and applies it to a list or a watch. Parsing is apimachinery
//! pkg/fields/selector.go (`parseSelector`, `splitTerms`, `splitTerm`, `UnescapeValue`: terms
//! joined by unescaped commas, operators `!=`, `==`, `=`); which fields a kind supports is its field label conversion (pkg/apis/core/v1/
//! conversion.go for Pod, Node, Event and Service; apimachinery runtime
//! `DefaultMetaV1FieldSelectorConversion` for the rest), and their values the registries'
//! `ToSelectableFields` (pkg/registry/core/pod/strategy.go `PodToSelectableFields`, …).
//! Errors are 400s in the server's words; kubectl adds cli-runtime's `EnhanceListError`
//! prefix (`kubectl/field_selector.rs`).

use serde_json::Value;

use crate::gofmt::go_quote;
use crate::model::Kind;

#[derive(Debug, Clone, PartialEq)]
struct Term {
    field: String,
    value: String,
    equal: bool,
}

/// A field selector as a list request carries it.
#[derive(Debug)]
pub struct FieldSelector {
    raw: String,
    terms: Result<Vec<Term>, String>,
}

impl FieldSelector {
    pub fn new(raw: Option<&str>) -> FieldSelector {
        let raw = raw.map(str::trim).unwrap_or_default().to_string();
        FieldSelector { terms: parse(&raw), raw }
    }

    /// Whether a non-empty selector was given.
    pub fn given(&self) -> bool {
        !self.raw.is_empty()
    }

    /// The selector as given, trimmed.
    pub fn raw(&self) -> &str {
        &self.raw
    }

    /// The server's refusal of this selector for a list of `kind`, in its own words (the
    /// REST API answers it as a 400; kubectl adds cli-runtime's prefix).
    /// The value an `=`/`==` term requires of `field`, if the selector has one.
    pub fn equal_to(&self, field: &str) -> Option<&str> {
        let terms = self.terms.as_ref().ok()?;
        terms.iter().find(|t| t.equal && t.field == field).map(|t| t.value.as_str())
    }

    pub fn check(&self, kind: Kind) -> Result<(), String> {
        let terms = self.terms.as_ref().map_err(Clone::clone)?;
        terms.iter().try_for_each(|t| supported(kind, &t.field))
    }

    /// Whether an object (as JSON) of `kind` matches; call `check` first.
    pub fn matches(&self, kind: Kind, json: &Value) -> bool {
        let Ok(terms) = &self.terms else { return false };
        terms.iter().all(|t| (field_value(kind, json, &t.field) == t.value) == t.equal)
    }
}

/// selector.go `parseSelector`: terms sorted (so the first unsupported field named is the
/// first in sort order), empty terms skipped.
fn parse(raw: &str) -> Result<Vec<Term>, String> {
    let mut parts = split_terms(raw);
    parts.sort();
    let mut terms = Vec::new();
    for part in parts.iter().filter(|p| !p.is_empty()) {
        let Some((field, op, value)) = split_term(part) else {
            return Err(format!("invalid selector: '{raw}'; can't understand '{part}'"));
        };
        terms.push(Term { field: field.into(), value: unescape(value)?, equal: op != "!=" });
    }
    Ok(terms)
}

/// `splitTerms`: commas not preceded by an unescaped backslash.
fn split_terms(s: &str) -> Vec<String> {
    if s.is_empty() {
        return Vec::new();
    }
    let (mut terms, mut cur, mut escaped) = (Vec::new(), String::new(), false);
    for c in s.chars() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == ',' {
            terms.push(std::mem::take(&mut cur));
            continue;
        }
        cur.push(c);
    }
    terms.push(cur);
    terms
}

/// `splitTerm`: the first position where `!=`, `==` or `=` starts.
fn split_term(term: &str) -> Option<(&str, &str, &str)> {
    (0..term.len()).filter(|&i| term.is_char_boundary(i)).find_map(|i| {
        ["!=", "==", "="]
            .into_iter()
            .find(|op| term[i..].starts_with(op))
            .map(|op| (&term[..i], op, &term[i + op.len()..]))
    })
}

/// `UnescapeValue`: `\\`, `\,` and `\=` are the only escapes; a bare `,` or `=` is an error
/// (Go prints the rune with %v, as its number).
fn unescape(v: &str) -> Result<String, String> {
    let (mut out, mut chars) = (String::new(), v.chars());
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | ',' | '=')) => out.push(e),
                Some(e) => {
                    return Err(format!("invalid field selector: invalid escape sequence: \\{e}"))
                }
                None => return Err("invalid field selector: invalid escape sequence: \\".into()),
            },
            ',' | '=' => {
                return Err(format!(
                    "invalid field selector: unescaped character in value: {}",
                    c as u32
                ))
            }
            c => out.push(c),
        }
    }
    Ok(out)
}

/// The field label conversion of `kind`: its error when the field is not selectable.
fn supported(kind: Kind, field: &str) -> Result<(), String> {
    let Some(fields) = kind.info().field_labels else {
        if field == "metadata.name" || field == "metadata.namespace" {
            return Ok(());
        }
        return Err(format!(
            "{} is not a known field selector: only \"metadata.name\", \"metadata.namespace\"",
            go_quote(field)
        ));
    };
    if fields.contains(&field) {
        Ok(())
    } else {
        Err(format!("field label not supported: {field}"))
    }
}

/// The selectable value of a field (`fields.Set.Get`: absent is ""). Booleans print as Go's
/// FormatBool, false when unset; a pod's podIP is its first `podIPs` entry, and `podIPs`
/// itself, though accepted, is in no pod's field set.
fn field_value(kind: Kind, json: &Value, field: &str) -> String {
    let at = |path: &str| json.pointer(path).cloned().unwrap_or(Value::Null);
    let text = |v: Value| match v {
        Value::String(s) => s,
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    };
    let flag = |path: &str| at(path).as_bool().unwrap_or(false).to_string();
    match (kind, field) {
        (Kind::Pod, "spec.hostNetwork") => flag("/spec/hostNetwork"),
        (Kind::Pod, "spec.host") => text(at("/spec/nodeName")),
        (Kind::Pod, "status.podIP") => text(at("/status/podIPs/0/ip")),
        (Kind::Pod, "status.podIPs") => String::new(),
        (Kind::Node, "spec.unschedulable") => flag("/spec/unschedulable"),
        (Kind::Event, "source") => text(at("/source/component")),
        _ => text(at(&format!("/{}", field.replace('.', "/")))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn names(kind: Kind, sel: &str, objs: &[Value]) -> Result<Vec<String>, String> {
        let fs = FieldSelector::new(Some(sel));
        fs.check(kind)?;
        let matched = objs.iter().filter(|o| fs.matches(kind, o));
        Ok(matched.map(|j| j["metadata"]["name"].as_str().unwrap().to_string()).collect())
    }

    fn pod(name: &str, phase: &str, node: Option<&str>) -> Value {
        let mut p = json!({"metadata": {"name": name, "namespace": "default"},
                           "status": {"phase": phase}, "spec": {}});
        if let Some(n) = node {
            p["spec"]["nodeName"] = json!(n);
        }
        p
    }

    // selector_test.go TestSelectorParse / TestSplitTerms / TestSplitTerm.
    #[test]
    fn parsing_follows_apimachinery() {
        assert_eq!(split_terms("a=b,c=d"), ["a=b", "c=d"]);
        assert_eq!(split_terms("a=\\,b,c=d"), ["a=\\,b", "c=d"]);
        assert_eq!(split_term("a!=b"), Some(("a", "!=", "b")));
        assert_eq!(split_term("a==b"), Some(("a", "==", "b")));
        assert_eq!(split_term("a=!b"), Some(("a", "=", "!b")));
        assert_eq!(split_term("ab"), None);
        assert_eq!(parse("x=a\\,b").unwrap()[0].value, "a,b");
        assert_eq!(parse("").unwrap(), vec![]);
        assert_eq!(parse("foo").unwrap_err(), "invalid selector: 'foo'; can't understand 'foo'");
        assert_eq!(
            parse("x=a=b").unwrap_err(),
            "invalid field selector: unescaped character in value: 61"
        );
        assert!(parse("x=a\\b").unwrap_err().contains("invalid escape sequence"));
    }

    #[test]
    fn pods_filter_by_phase_node_and_name() {
        let pods = [pod("a", "Running", Some("node-1")), pod("b", "Pending", None)];
        assert_eq!(names(Kind::Pod, "status.phase=Running", &pods).unwrap(), ["a"]);
        assert_eq!(names(Kind::Pod, "status.phase!=Running", &pods).unwrap(), ["b"]);
        assert_eq!(names(Kind::Pod, "spec.nodeName=", &pods).unwrap(), ["b"]);
        assert_eq!(
            names(Kind::Pod, "spec.nodeName==node-1,metadata.name=a", &pods).unwrap(),
            ["a"]
        );
        assert_eq!(names(Kind::Pod, "spec.hostNetwork=false", &pods).unwrap(), ["a", "b"]);
    }

    #[test]
    fn unsupported_fields_are_refused_in_the_servers_words() {
        assert_eq!(names(Kind::Pod, "foo=bar", &[]).unwrap_err(), "field label not supported: foo");
        let e = names(Kind::Deployment, "status.replicas=1", &[]).unwrap_err();
        assert_eq!(e, "\"status.replicas\" is not a known field selector: only \"metadata.name\", \"metadata.namespace\"");
        let e = names(Kind::Node, "metadata.namespace=x", &[]).unwrap_err();
        assert_eq!(e, "field label not supported: metadata.namespace");
        assert!(names(Kind::Service, "spec.type=NodePort", &[]).is_ok());
    }
}
