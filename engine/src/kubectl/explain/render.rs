//! kubectl's plaintext explain template (kubectl/pkg/explain/v2/templates/plaintext.tmpl,
//! v1.34), one function per `define`: `output`, `fieldList`, `fieldDetail`, `description`,
//! `typeGuess` and `extractEnum`. Go templates range over maps in key order, so fields are
//! printed sorted by name.

use std::collections::BTreeSet;

use serde_json::Value;

use super::docs::{DocResource, ExplainDocs};
use super::wrap::{indent, wrap};

/// What the template printed, and the error it threw after printing it, if any: the
/// GROUP/KIND/VERSION lines are written before the schema is searched, so an unknown field
/// still prints them (kubectl writes the template's output as it goes).
pub struct Rendered {
    pub text: String,
    pub error: Option<String>,
}

/// The whole template for `res` and the dotted `path` below it.
pub fn render(docs: &ExplainDocs, res: &DocResource, path: &[String], recursive: bool) -> Rendered {
    let mut text = String::new();
    if !res.group.is_empty() {
        text.push_str(&format!("GROUP:      {}\n", res.group));
    }
    text.push_str(&format!("KIND:       {}\n", res.kind));
    text.push_str(&format!("VERSION:    {}\n\n", res.version));
    let t = Template { docs, recursive };
    let root = docs.schema(&res.schema).cloned().unwrap_or(Value::Null);
    let body = t.output(&root, path, &BTreeSet::new());
    if body.is_empty() {
        // The "schema" define: nothing printed means the path named no field.
        let last = path.last().map(String::as_str).unwrap_or_default();
        return Rendered { text, error: Some(format!("error: field \"{last}\" does not exist")) };
    }
    text.push_str(&body);
    text.push('\n');
    Rendered { text, error: None }
}

struct Template<'a> {
    docs: &'a ExplainDocs,
    recursive: bool,
}

/// Go template truth for the JSON values the template tests: absent, null, false, zero, an
/// empty string, list or map are false.
fn truthy(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_f64() != Some(0.0),
        Some(Value::String(s)) => !s.is_empty(),
        Some(Value::Array(a)) => !a.is_empty(),
        Some(Value::Object(o)) => !o.is_empty(),
    }
}

fn str_of<'v>(schema: &'v Value, key: &str) -> &'v str {
    schema.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// `additionalProperties` when it is a schema rather than `true` (the template's
/// `not (eq "bool" (printf "%T" ...))`).
fn map_values(schema: &Value) -> Option<&Value> {
    schema.get("additionalProperties").filter(|v| !v.is_boolean() && truthy(Some(v)))
}

fn all_of(schema: &Value) -> &[Value] {
    schema.get("allOf").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default()
}

impl Template<'_> {
    /// `resolveRef`: the schema a `$ref` names, if it resolves.
    fn resolve(&self, reference: &str) -> Option<&Value> {
        if reference.is_empty() {
            return None;
        }
        self.docs.schema(reference)
    }

    /// The `output` define: follows `path` down the schema, then prints the description and
    /// the field list of where it ends. Nothing when the path leads nowhere.
    fn output(&self, schema: &Value, path: &[String], history: &BTreeSet<String>) -> String {
        let reference = str_of(schema, "$ref");
        let mut next = history.clone();
        next.insert(reference.to_string());
        let resolved = self.resolve(reference).unwrap_or(schema);
        let Some(first) = path.first() else {
            let mut out = String::from("DESCRIPTION:\n");
            let mut description = self.description(resolved);
            if description.is_empty() {
                description = "<empty>".into();
            }
            out.push_str(&indent(4, &wrap(&description, 76)));
            out.push('\n');
            let fields = self.field_list(resolved, 1, &BTreeSet::new());
            if !fields.is_empty() {
                out.push_str("FIELDS:\n");
                out.push_str(&fields);
            }
            return out;
        };
        if !reference.is_empty() && history.contains(reference) {
            // A cycle: stop.
            return String::new();
        }
        if let Some(sub) = resolved.get("properties").and_then(|p| p.get(first.as_str())) {
            if truthy(Some(sub)) {
                let mut out = String::new();
                if path.len() == 1 {
                    out.push_str(&format!("FIELD: {first} <{}>\n", self.type_guess(sub)));
                    out.push_str(&extract_enum(sub, None, 0));
                    out.push_str("\n\n");
                }
                out.push_str(&self.output(sub, &path[1..], &BTreeSet::new()));
                return out;
            }
        }
        if let Some(items) = resolved.get("items").filter(|v| truthy(Some(v))) {
            return self.output(items, path, &next);
        }
        if let Some(values) = map_values(resolved) {
            return self.output(values, path, &next);
        }
        for sub in all_of(resolved) {
            let out = self.output(sub, path, &next);
            if !out.is_empty() {
                return out;
            }
        }
        String::new()
    }

    /// The `fieldList` define: each property (sorted) by `fieldDetail`, and with
    /// `--recursive` the fields of each field one level deeper; then what `allOf`, `items`
    /// and map values add. A `$ref` already on the way down is a cycle and prints nothing.
    fn field_list(&self, schema: &Value, level: usize, history: &BTreeSet<String>) -> String {
        let reference = str_of(schema, "$ref");
        if !reference.is_empty() && history.contains(reference) {
            return String::new();
        }
        let mut next = history.clone();
        next.insert(reference.to_string());
        let resolved = self.resolve(reference).unwrap_or(schema);
        let mut out = String::new();
        if let Some(props) = resolved.get("properties").and_then(Value::as_object) {
            let mut names: Vec<&String> = props.keys().collect();
            crate::sort::sort(&mut names);
            for name in names {
                out.push_str(&self.field_detail(name, resolved, level));
                if self.recursive {
                    out.push_str(&self.field_list(&props[name.as_str()], level + 1, &next));
                }
            }
        }
        for sub in all_of(resolved) {
            out.push_str(&self.field_list(sub, level, &next));
        }
        if let Some(items) = resolved.get("items").filter(|v| truthy(Some(v))) {
            out.push_str(&self.field_list(items, level, &next));
        }
        if let Some(values) = map_values(resolved) {
            out.push_str(&self.field_list(values, level, &next));
        }
        out
    }

    /// The `fieldDetail` define: `name<TAB><type>`, ` -required-`, its enum, and unless
    /// recursive its description wrapped to the indentation.
    fn field_detail(&self, name: &str, schema: &Value, level: usize) -> String {
        let pad = level * 2;
        let field = &schema["properties"][name];
        let mut out = format!("{}\t<{}>", indent(pad, name), self.type_guess(field));
        let required = schema
            .get("required")
            .and_then(Value::as_array)
            .is_some_and(|r| r.iter().any(|n| n.as_str() == Some(name)));
        if required {
            out.push_str(" -required-");
        }
        out.push_str(&extract_enum(field, Some(4), pad));
        out.push('\n');
        if !self.recursive {
            let description = match str_of(field, "description") {
                "" => "<no description>",
                d => d,
            };
            out.push_str(&indent(pad + 2, &wrap(description, 78 - pad)));
            out.push_str("\n\n");
        }
        out
    }

    /// The `description` define: the schema's description, then those of its `allOf`
    /// members, items and map values, each ending in a new line.
    fn description(&self, schema: &Value) -> String {
        let resolved = self.resolve(str_of(schema, "$ref")).unwrap_or(schema);
        if !truthy(Some(resolved)) {
            return String::new();
        }
        let mut out = String::new();
        let own = str_of(resolved, "description");
        if !own.is_empty() {
            out.push_str(own);
            out.push('\n');
        }
        for sub in all_of(resolved) {
            out.push_str(&self.description(sub));
        }
        if let Some(items) = resolved.get("items").filter(|v| truthy(Some(v))) {
            out.push_str(&self.description(items));
        }
        if let Some(values) = map_values(resolved) {
            out.push_str(&self.description(values));
        }
        out
    }

    /// The `typeGuess` define: `[]T` for arrays, `map[string]T` for maps, a lone `allOf`'s
    /// type, a reference's kind name when it names an object (else its primitive type), and
    /// otherwise the schema's own type, with "object" (or none) as `Object`.
    fn type_guess(&self, schema: &Value) -> String {
        if let Some(items) = schema.get("items").filter(|v| truthy(Some(v))) {
            return format!("[]{}", self.type_guess(items));
        }
        if let Some(values) = map_values(schema) {
            return format!("map[string]{}", self.type_guess(values));
        }
        let members = all_of(schema);
        if members.len() == 1 && !truthy(schema.get("properties")) {
            return self.type_guess(&members[0]);
        }
        let reference = str_of(schema, "$ref");
        if !reference.is_empty() {
            let ty = self.resolve(reference).map(|s| str_of(s, "type")).unwrap_or_default();
            if ty.is_empty() || ty == "object" {
                let name = reference.rsplit('/').next().unwrap_or_default();
                let last = name.rsplit('.').next().unwrap_or_default();
                return if last.is_empty() { "Object".into() } else { last.into() };
            }
            return ty.into();
        }
        match str_of(schema, "type") {
            "" | "object" => "Object".into(),
            ty => ty.into(),
        }
    }
}

/// The `extractEnum` define. The field list's short form (`limit` 4) adds a line
/// `enum: A, B, C, D, ....` at the field's indentation; the FIELD header's long form
/// (`limit` none) lists every value on a line of its own under `ENUM:`. An empty string
/// shows as `""`.
fn extract_enum(schema: &Value, limit: Option<usize>, pad: usize) -> String {
    let Some(values) = schema.get("enum").and_then(Value::as_array).filter(|v| !v.is_empty())
    else {
        return String::new();
    };
    let long = limit.is_none();
    let mut out = if long { "ENUM:".to_string() } else { format!("\n{}enum: ", " ".repeat(pad)) };
    for (i, v) in values.iter().enumerate() {
        if limit.is_some_and(|l| i >= l) {
            out.push_str(", ....");
            break;
        }
        if long {
            out.push_str("\n    ");
        } else if i > 0 {
            out.push_str(", ");
        }
        match v {
            Value::String(s) if s.is_empty() => out.push_str("\"\""),
            Value::String(s) => out.push_str(s),
            // Go prints a JSON number as its float64 and a bool as true/false.
            Value::Number(n) => out.push_str(&crate::gofmt::go_number(n, false)),
            other => out.push_str(&crate::gofmt::go_json(other)),
        }
    }
    out
}

#[cfg(test)]
#[path = "render_tests.rs"]
mod tests;
