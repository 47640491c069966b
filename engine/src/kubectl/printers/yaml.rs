//! `-o yaml`: objects written the way kubectl writes them.
//!
//! kubectl marshals to JSON and converts with sigs.k8s.io/yaml `JSONToYAML`, so the output is
//! go-yaml v2's block style: keys in `keyList` order at every level, sequences not indented
//! under their key, strings plain unless they would read back as something else (then double
//! quoted) or contain indicators (then single quoted), multi-line strings as literal blocks,
//! and long plain or quoted strings folded after column 80. This is a port of the parts of
//! go-yaml's emitter (`emitterc.go`) those documents use, not a general YAML library.

use serde_json::{Map, Value};

use super::json::{printed_json, printed_list_json};
use super::yaml_scalar::{analyze, is_break, is_printable, key_less, resolves_to_str};
use crate::model::Object;

/// go-yaml's `best_width`: long scalars fold at the first space past this column.
const BEST_WIDTH: usize = 80;

/// `-o yaml` of one object.
pub fn to_yaml(obj: &Object) -> String {
    value_to_yaml(&printed_json(obj, false))
}

/// `-o yaml` of several objects: a `v1` `List`.
pub fn list_yaml(objects: &[&Object]) -> String {
    value_to_yaml(&printed_list_json(objects, false))
}

/// Any JSON value as a YAML document, ending with a newline.
pub fn value_to_yaml(v: &Value) -> String {
    let mut e = Emitter { out: String::new(), column: 0, whitespace: true };
    match v {
        Value::Object(m) if !m.is_empty() => e.mapping(m, 0, false),
        Value::Array(a) if !a.is_empty() => e.sequence(a, 0, false),
        other => e.scalar(other, 2),
    }
    e.out
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Plain,
    Single,
    Double,
    Literal,
}

struct Emitter {
    out: String,
    column: usize,
    /// The last thing written was a space, a newline or indentation (go-yaml's `whitespace`).
    whitespace: bool,
}

impl Emitter {
    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
        self.whitespace = false;
    }

    fn put_str(&mut self, s: &str) {
        s.chars().for_each(|c| self.put(c));
    }

    /// A space before a value, unless one is already there.
    fn gap(&mut self) {
        if !self.whitespace {
            self.put(' ');
        }
        self.whitespace = true;
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.column = 0;
        self.whitespace = true;
    }

    fn indent_to(&mut self, indent: usize) {
        while self.column < indent {
            self.out.push(' ');
            self.column += 1;
        }
        self.whitespace = true;
    }

    /// A block mapping whose keys start at `indent`; `inline_first` when its first key follows
    /// a sequence's `- `.
    fn mapping(&mut self, m: &Map<String, Value>, indent: usize, inline_first: bool) {
        // Insertion sort: `keyList.Less` is not guaranteed to be a total order, and a sort that
        // checks for one could panic on user-supplied keys.
        let mut entries: Vec<(&String, &Value)> = Vec::with_capacity(m.len());
        for (k, v) in m {
            let at = entries.iter().position(|(e, _)| key_less(k, e)).unwrap_or(entries.len());
            entries.insert(at, (k, v));
        }
        for (i, (k, v)) in entries.into_iter().enumerate() {
            if i > 0 || !inline_first {
                self.indent_to(indent);
            }
            self.string(k, indent + 2, true);
            self.put(':');
            match v {
                Value::Object(m) if !m.is_empty() => {
                    self.newline();
                    self.mapping(m, indent + 2, false);
                }
                // Sequences under a key are not indented (go-yaml's "indentless" sequences).
                Value::Array(a) if !a.is_empty() => {
                    self.newline();
                    self.sequence(a, indent, false);
                }
                other => self.scalar(other, indent + 2),
            }
        }
    }

    fn sequence(&mut self, a: &[Value], indent: usize, inline_first: bool) {
        for (i, item) in a.iter().enumerate() {
            if i > 0 || !inline_first {
                self.indent_to(indent);
            }
            self.put('-');
            match item {
                Value::Object(m) if !m.is_empty() => {
                    self.gap();
                    self.mapping(m, indent + 2, true);
                }
                Value::Array(b) if !b.is_empty() => {
                    self.gap();
                    self.sequence(b, indent + 2, true);
                }
                other => self.scalar(other, indent + 2),
            }
        }
    }

    /// A value that fits on the current line (or a literal block), then the end of the line.
    /// `indent` is where folded continuation lines start.
    fn scalar(&mut self, v: &Value, indent: usize) {
        match v {
            Value::String(s) => {
                if self.string(s, indent, false) == Style::Literal {
                    return;
                }
            }
            other => {
                self.gap();
                self.put_str(&match other {
                    Value::Null => "null".to_string(),
                    Value::Bool(b) => b.to_string(),
                    Value::Number(n) => n.to_string(),
                    Value::Object(_) => "{}".to_string(),
                    _ => "[]".to_string(),
                });
            }
        }
        self.newline();
    }

    /// encode.go `stringv` and emitterc.go `yaml_emitter_select_scalar_style`. Keys
    /// (`simple_key`) never fold and are never literal blocks.
    fn string(&mut self, s: &str, indent: usize, simple_key: bool) -> Style {
        let a = analyze(s);
        let mut style = if s.contains('\n') {
            Style::Literal
        } else if resolves_to_str(s) {
            Style::Plain
        } else {
            Style::Double
        };
        if style == Style::Plain && (!a.plain || (simple_key && a.multiline)) {
            style = Style::Single;
        }
        if style == Style::Single && !a.single {
            style = Style::Double;
        }
        if style == Style::Literal && (!a.block || simple_key) {
            style = Style::Double;
        }
        let breaks = !simple_key;
        match style {
            Style::Plain => self.plain(s, indent, breaks),
            Style::Single => self.single_quoted(s, indent, breaks),
            Style::Double => self.double_quoted(s, indent, breaks),
            Style::Literal => self.literal(s, indent),
        }
        style
    }

    /// Whether to fold at the space at `i` (go-yaml folds at the first space past the width,
    /// never inside a run of spaces).
    fn fold_here(&self, chars: &[char], i: usize, spaces: bool, breaks: bool) -> bool {
        breaks && !spaces && self.column > BEST_WIDTH && chars.get(i + 1) != Some(&' ')
    }

    fn plain(&mut self, s: &str, indent: usize, breaks: bool) {
        self.gap();
        let chars: Vec<char> = s.chars().collect();
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' && self.fold_here(&chars, i, spaces, breaks) {
                self.newline();
                self.indent_to(indent);
            } else {
                self.put(c);
            }
            spaces = c == ' ';
        }
    }

    fn single_quoted(&mut self, s: &str, indent: usize, breaks: bool) {
        self.gap();
        self.put('\'');
        let chars: Vec<char> = s.chars().collect();
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            let inner = i != 0 && i + 1 != chars.len();
            if c == ' ' && inner && self.fold_here(&chars, i, spaces, breaks) {
                self.newline();
                self.indent_to(indent);
            } else {
                if c == '\'' {
                    self.put('\'');
                }
                self.put(c);
            }
            spaces = c == ' ';
        }
        self.put('\'');
    }

    fn double_quoted(&mut self, s: &str, indent: usize, breaks: bool) {
        self.gap();
        self.put('"');
        let chars: Vec<char> = s.chars().collect();
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            if !is_printable(c) || c == '\u{FEFF}' || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                let escaped = match c {
                    '\0' => "0".to_string(),
                    '\x07' => "a".into(),
                    '\x08' => "b".into(),
                    '\t' => "t".into(),
                    '\n' => "n".into(),
                    '\x0b' => "v".into(),
                    '\x0c' => "f".into(),
                    '\r' => "r".into(),
                    '\x1b' => "e".into(),
                    '"' => "\"".into(),
                    '\\' => "\\".into(),
                    '\u{85}' => "N".into(),
                    '\u{A0}' => "_".into(),
                    '\u{2028}' => "L".into(),
                    '\u{2029}' => "P".into(),
                    c if (c as u32) <= 0xFF => format!("x{:02X}", c as u32),
                    c if (c as u32) <= 0xFFFF => format!("u{:04X}", c as u32),
                    c => format!("U{:08X}", c as u32),
                };
                self.put_str(&escaped);
                spaces = false;
            } else if c == ' ' {
                let inner = i != 0 && i + 1 != chars.len();
                if inner && breaks && !spaces && self.column > BEST_WIDTH {
                    self.newline();
                    self.indent_to(indent);
                    if chars.get(i + 1) == Some(&' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(' ');
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
        }
        self.put('"');
    }

    /// `|` with go-yaml's hints: an indentation digit when the text starts with a space or a
    /// break, `-` without a final newline, `+` with more than one.
    fn literal(&mut self, s: &str, indent: usize) {
        self.gap();
        self.put('|');
        if s.starts_with(' ') || s.starts_with(is_break) {
            self.put('2');
        }
        if !s.ends_with('\n') {
            self.put('-');
        } else if s.len() == 1 || s[..s.len() - 1].ends_with('\n') {
            self.put('+');
        }
        self.newline();
        let lines: Vec<&str> = s.split('\n').collect();
        for (i, line) in lines.iter().enumerate() {
            if !line.is_empty() {
                self.indent_to(indent);
                self.put_str(line);
            }
            if i + 1 < lines.len() || !line.is_empty() {
                self.newline();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Time;
    use crate::model::*;
    use serde_json::json;

    #[test]
    fn owner_references_print_like_the_lesson() {
        let mut meta = ObjectMeta {
            name: "web-7d9f5cbb6d-8xk2p".into(),
            namespace: "default".into(),
            resource_version: "1234".into(),
            creation_timestamp: Some(Time::ZERO),
            labels: [("app".to_string(), "web".to_string())].into(),
            ..Default::default()
        };
        let owner = ObjectMeta {
            name: "web-7d9f5cbb6d".into(),
            uid: "1f5a0c3e-7b0b-4f1a-9f5e-2b7c0d8e4a11".into(),
            ..Default::default()
        };
        meta.owner_references.push(OwnerReference::controller("apps/v1", "ReplicaSet", &owner));
        let mut pod = Pod::new(meta, PodSpec::default());
        pod.spec.containers.push(Container::new("nginx", "nginx:1.27"));
        assert_eq!(
            to_yaml(&Object::Pod(pod.into())),
            r#"apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: "2025-01-01T00:00:00Z"
  labels:
    app: web
  name: web-7d9f5cbb6d-8xk2p
  namespace: default
  ownerReferences:
  - apiVersion: apps/v1
    blockOwnerDeletion: true
    controller: true
    kind: ReplicaSet
    name: web-7d9f5cbb6d
    uid: 1f5a0c3e-7b0b-4f1a-9f5e-2b7c0d8e4a11
  resourceVersion: "1234"
spec:
  containers:
  - image: nginx:1.27
    name: nginx
    resources: {}
status:
  phase: Pending
"#
        );
    }

    #[test]
    fn lists_wrap_items_with_an_empty_resource_version() {
        assert_eq!(
            list_yaml(&[]),
            "apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: \"\"\n"
        );
    }

    #[test]
    fn scalars_are_quoted_the_way_go_yaml_quotes_them() {
        let v = json!({
            "a": "", "b": "y", "c": "0x1F", "d": "a: b", "e": "it's: x", "f": "tab\there",
            "g": null, "h": 3, "i": true, "j": {}, "k": [], "l": [[1, 2], {}], "m": "é",
        });
        assert_eq!(
            value_to_yaml(&v),
            "a: \"\"\nb: \"y\"\nc: \"0x1F\"\nd: 'a: b'\ne: 'it''s: x'\nf: \"tab\\there\"\ng: null\nh: 3\ni: true\n\
             j: {}\nk: []\nl:\n- - 1\n  - 2\n- {}\nm: é\n"
        );
    }

    #[test]
    fn multi_line_strings_become_literal_blocks() {
        let v = json!({"x": {"a": "one\ntwo", "b": "one\n", "c": "one\n\n", "d": " lead\nx"}});
        assert_eq!(
            value_to_yaml(&v),
            "x:\n  a: |-\n    one\n    two\n  b: |\n    one\n  c: |+\n    one\n\n  d: |2-\n     lead\n    x\n"
        );
    }

    #[test]
    fn long_strings_fold_after_column_eighty() {
        let msg = "ReplicaSet \"web-7d9f5cbb6d\" has timed out progressing because it has not made progress in ten minutes";
        let v = json!({"status": {"conditions": [{"message": msg, "quoted": format!("{msg}: really")}]}});
        assert_eq!(
            value_to_yaml(&v),
            "status:\n  conditions:\n  - message: ReplicaSet \"web-7d9f5cbb6d\" has timed out progressing because it has\n      not made progress in ten minutes\n    quoted: 'ReplicaSet \"web-7d9f5cbb6d\" has timed out progressing because it has\n      not made progress in ten minutes: really'\n"
        );
    }
}
