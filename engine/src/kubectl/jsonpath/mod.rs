//! kubectl's JSONPath templates (`-o jsonpath=...`): parse once, execute against a JSON value.
//! Models client-go `util/jsonpath` as `kubectl get` runs it (missing keys allowed). It knows
//! nothing of objects or printers, and leaves kubectl's `error parsing jsonpath ...` and
//! `error executing jsonpath ...` prefixes to the caller.

mod exec;
mod format;
mod parser;
mod results;
#[cfg(test)]
mod tests;

use serde_json::Value;
use std::fmt;

pub use format::go_syntax;
use parser::*;
pub use results::go_value;

/// Bound on sub-templates parsed inside unions, bracket keys and filters. Go has none; the
/// grammar never needs more than a few levels.
pub(super) const MAX_DEPTH: usize = 16;
/// Bound on work (values produced, segments run, bytes written) so that templates such as
/// `{range ..}{range ..}{..}{end}{end}` cannot run away. Go has none.
pub(super) const MAX_WORK: usize = 1 << 24;

/// Why a template did not parse or execute. `Display` is client-go's wording.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonPathError {
    UnclosedAction,
    UnrecognizedCharacter(char),
    InvalidNumber(String),
    UnterminatedArray,
    InvalidArrayIndex(String),
    ArrayIndexNotNumber(String),
    UnterminatedFilter,
    UnclosedFilter,
    UnterminatedQuote,
    InvalidQuote(String),
    MultipleRecursiveDescent,
    TooDeep,
    UnrecognizedIdentifier(String),
    NothingToEnd,
    NotArray(&'static str),
    IndexOutOfBounds { index: i64, length: usize },
    StartAfterEnd { start: i64, end: i64 },
    NonPositiveStep,
    NotFilterable(String),
    CompareOne,
    UnrecognizedOperator(String),
    InvalidComparisonType,
    IncompatibleComparison,
    TooLarge,
}

impl fmt::Display for JsonPathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use JsonPathError as E;
        match self {
            E::UnclosedAction => f.write_str("unclosed action"),
            // Go's %#U: the code point, then the character itself when it is printable.
            E::UnrecognizedCharacter(c) if is_print(*c) => {
                write!(f, "unrecognized character in action: U+{:04X} '{c}'", *c as u32)
            }
            E::UnrecognizedCharacter(c) => {
                write!(f, "unrecognized character in action: U+{:04X}", *c as u32)
            }
            E::InvalidNumber(s) => write!(f, "cannot parse number {s}"),
            E::UnterminatedArray => f.write_str("unterminated array"),
            E::InvalidArrayIndex(s) => write!(f, "invalid array index {s}"),
            E::ArrayIndexNotNumber(s) => write!(f, "array index {s} is not a number"),
            E::UnterminatedFilter => f.write_str("unterminated filter"),
            E::UnclosedFilter => f.write_str("unclosed array expect ]"),
            E::UnterminatedQuote => f.write_str("unterminated quoted string"),
            E::InvalidQuote(s) => write!(f, "unquote string {s} error invalid syntax"),
            E::MultipleRecursiveDescent => f.write_str("invalid multiple recursive descent"),
            E::TooDeep => f.write_str("jsonpath template is nested too deeply"),
            E::UnrecognizedIdentifier(s) => write!(f, "unrecognized identifier {s}"),
            E::NothingToEnd => f.write_str("not in range, nothing to end"),
            E::NotArray(t) => write!(f, "{t} is not array or slice"),
            E::IndexOutOfBounds { index, length } => {
                write!(f, "array index out of bounds: index {index}, length {length}")
            }
            E::StartAfterEnd { start, end } => {
                write!(f, "starting index {start} is greater than ending index {end}")
            }
            E::NonPositiveStep => f.write_str("step must be > 0"),
            E::NotFilterable(v) => write!(f, "{v} is not array or slice and cannot be filtered"),
            E::CompareOne => f.write_str("can only compare one element at a time"),
            E::UnrecognizedOperator(op) => write!(f, "unrecognized filter operator {op}"),
            E::InvalidComparisonType => f.write_str("invalid type for comparison"),
            E::IncompatibleComparison => f.write_str("incompatible types for comparison"),
            E::TooLarge => f.write_str("jsonpath output is too large"),
        }
    }
}

impl std::error::Error for JsonPathError {}

/// A parsed template, ready to run against any number of values.
#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    segments: Vec<Segment>,
}

/// Parses a template. Text outside `{...}` is copied verbatim; kubectl adds no braces.
pub fn parse(template: &str) -> Result<Template, JsonPathError> {
    let pieces = Parser { input: template, pos: 0, depth: 0 }.parse_template()?;
    Ok(Template::from_pieces(pieces))
}

/// Parses and executes in one go.
pub fn render(template: &str, data: &Value) -> Result<String, JsonPathError> {
    parse(template)?.execute(data)
}
