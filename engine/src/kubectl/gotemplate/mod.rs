//! kubectl's Go templates (`-o go-template=...`, `-o go-template-file=/dev/stdin`,
//! `--template`): a subset of Go's text/template (lexer, parser, executor) with the functions
//! cli-runtime/pkg/printers/template.go adds. It knows nothing of objects or flags; it leaves
//! kubectl's `error parsing template ...` and `error executing template ...` wording to the
//! caller. Not supported: `define`, `template`, `block` (kubectl runs one template) and the
//! builtins `call` and `js`.

mod exec;
mod funcs;
mod lex;
mod node;
mod parse;
mod printf;
#[cfg(test)]
mod tests;
mod value;

use serde_json::Value;

pub use value::Val;

/// A parsed template and its text (which kubectl's errors quote).
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    pub text: String,
    nodes: Vec<node::Node>,
    /// A missing key is an error rather than `<no value>` (`missingkey=error`).
    pub missing_key_error: bool,
}

/// Parses a template named `output`, as cli-runtime's NewGoTemplatePrinter names it. An
/// error is Go's, `template: output:LINE: ...`. The engine ships in a part
/// (`crate::parts`): this and the two below reach it through the part's table.
pub fn parse(text: &str) -> Result<Template, String> {
    (super::parts::templates()?.parse)(text)
}

impl Template {
    /// Runs the template over a JSON value. On error, what was written before it is kept
    /// (Go writes to the printer's writer as it goes) next to Go's error text.
    pub fn execute(&self, data: &Value) -> Result<String, (String, String)> {
        (super::parts::templates().map_err(|e| (String::new(), e))?.execute)(self, data)
    }
}

/// fmt's `%+v` of decoded JSON (what kubectl's debugging output shows as the object given to
/// the template engine).
pub fn go_value_text(data: &Value) -> String {
    super::parts::templates().map_or_else(|e| e, |t| (t.value_text)(data))
}

/// The engine itself, which only the part's table names.
pub(in crate::kubectl) mod engine {
    use super::*;

    pub fn parse(text: &str) -> Result<Template, String> {
        let nodes = parse::parse(text).map_err(|e| e.0)?;
        Ok(Template { text: text.to_string(), nodes, missing_key_error: false })
    }

    pub fn execute(t: &Template, data: &Value) -> Result<String, (String, String)> {
        let mut out = String::new();
        match exec::execute(&t.text, &t.nodes, &Val::from_json(data), t.missing_key_error, &mut out)
        {
            Ok(()) => Ok(out),
            Err(e) => Err((out, e)),
        }
    }

    pub fn value_text(data: &Value) -> String {
        value::to_go_string(&Val::from_json(data))
    }
}
