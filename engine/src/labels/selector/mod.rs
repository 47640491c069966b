//! Label selectors: the `-l` string grammar, matching and the canonical string form; it does not
//! convert API `LabelSelector` objects (matchLabels/matchExpressions) beyond `from_match_labels`.
//!
//! Models staging/src/k8s.io/apimachinery/pkg/labels/selector.go (`Parse`, `Lexer`, `Parser`,
//! `NewRequirement`, `Requirement.Matches`, `String`), including its error wording.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::validation::{aggregate, is_qualified_name, is_valid_label_value, BadValue, FieldError};

/// selection.Operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operator {
    Equals,
    DoubleEquals,
    NotEquals,
    In,
    NotIn,
    Exists,
    DoesNotExist,
    GreaterThan,
    LessThan,
}

/// One `key op values` clause. Values are a set, so they print sorted, as Go's `safeSort` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Requirement {
    key: String,
    op: Operator,
    values: BTreeSet<String>,
}

/// An AND of requirements, sorted by key; or `nothing()`, which matches no labels at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selector {
    requirements: Vec<Requirement>,
    // Go uses a separate nothingSelector type; a flag keeps this one struct.
    nothing: bool,
}

/// Why a selector string was rejected. Display is Go's `err.Error()`; kubectl adds "error: ".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SelectorError {
    /// A token the grammar does not allow between requirements.
    Syntax(String),
    /// A token the grammar does not allow inside a requirement.
    RequirementSyntax(String),
    /// A well-formed requirement with a bad key or values (`NewRequirement`'s field errors).
    InvalidRequirement(Vec<FieldError>),
}

impl fmt::Display for SelectorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SelectorError::Syntax(msg) => f.write_str(msg),
            SelectorError::RequirementSyntax(msg) => {
                write!(f, "unable to parse requirement: {msg}")
            }
            SelectorError::InvalidRequirement(errs) => {
                write!(f, "unable to parse requirement: {}", aggregate(errs))
            }
        }
    }
}

impl std::error::Error for SelectorError {}

impl Requirement {
    /// `NewRequirement` with no field path, so errors name `key`, `values[i]` and
    /// `values[i][key]` as Go's do.
    pub fn new(
        key: &str,
        op: Operator,
        values: BTreeSet<String>,
    ) -> Result<Requirement, Vec<FieldError>> {
        use Operator::*;
        let mut errs: Vec<FieldError> = validate_key(key, "key").into_iter().collect();
        let count = match op {
            In | NotIn if values.is_empty() => {
                "for 'in', 'notin' operators, values set can't be empty"
            }
            Equals | DoubleEquals | NotEquals if values.len() != 1 => {
                "exact-match compatibility requires one single value"
            }
            Exists | DoesNotExist if !values.is_empty() => {
                "values set must be empty for exists and does not exist"
            }
            GreaterThan | LessThan if values.len() != 1 => {
                "for 'Gt', 'Lt' operators, exactly one value is required"
            }
            _ => "",
        };
        if !count.is_empty() {
            // The offending []string, which field.Error prints as JSON.
            errs.push(FieldError::invalid("values", BadValue::json(&values), count));
        }
        if matches!(op, GreaterThan | LessThan) {
            for (i, v) in values.iter().enumerate().filter(|(_, v)| v.parse::<i64>().is_err()) {
                let detail = "for 'Gt', 'Lt' operators, the value must be an integer";
                errs.push(FieldError::invalid(&format!("values[{i}]"), v, detail));
            }
        }
        for (i, v) in values.iter().enumerate() {
            let detail = is_valid_label_value(v).join("; ");
            if !detail.is_empty() {
                errs.push(FieldError::invalid(&format!("values[{i}][{key}]"), v, &detail));
            }
        }
        if errs.is_empty() {
            Ok(Requirement { key: key.to_string(), op, values })
        } else {
            Err(errs)
        }
    }

    pub fn key(&self) -> &str {
        &self.key
    }

    pub fn op(&self) -> Operator {
        self.op
    }

    pub fn values(&self) -> &BTreeSet<String> {
        &self.values
    }

    /// `Requirement.Matches`: `!=` and `notin` hold when the key is absent; `>`/`<` need both
    /// sides to parse as int64.
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        use Operator::*;
        let value = labels.get(&self.key);
        match self.op {
            In | Equals | DoubleEquals => value.is_some_and(|v| self.values.contains(v)),
            NotIn | NotEquals => value.is_none_or(|v| !self.values.contains(v)),
            Exists => value.is_some(),
            DoesNotExist => value.is_none(),
            GreaterThan | LessThan => {
                let (Some(Ok(have)), Some(Ok(want))) = (
                    value.map(|v| v.parse::<i64>()),
                    self.single_value().map(|v| v.parse::<i64>()),
                ) else {
                    return false;
                };
                (self.op == GreaterThan && have > want) || (self.op == LessThan && have < want)
            }
        }
    }

    fn single_value(&self) -> Option<&String> {
        let mut values = self.values.iter();
        values.next().filter(|_| values.next().is_none())
    }
}

impl fmt::Display for Requirement {
    /// `Requirement.String`: `x in (a,b)`, `!x`, `x!=y`, `x=y`, `x>1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let values = self.values.iter().cloned().collect::<Vec<_>>().join(",");
        let key = &self.key;
        match self.op {
            Operator::Exists => write!(f, "{key}"),
            Operator::DoesNotExist => write!(f, "!{key}"),
            Operator::Equals => write!(f, "{key}={values}"),
            Operator::DoubleEquals => write!(f, "{key}=={values}"),
            Operator::NotEquals => write!(f, "{key}!={values}"),
            Operator::GreaterThan => write!(f, "{key}>{values}"),
            Operator::LessThan => write!(f, "{key}<{values}"),
            Operator::In => write!(f, "{key} in ({values})"),
            Operator::NotIn => write!(f, "{key} notin ({values})"),
        }
    }
}

impl Selector {
    /// `Everything()`: no requirements, matches all labels.
    pub fn everything() -> Selector {
        Selector { requirements: Vec::new(), nothing: false }
    }

    /// `Nothing()`: matches no labels (a nil API LabelSelector).
    pub fn nothing() -> Selector {
        Selector { requirements: Vec::new(), nothing: true }
    }

    /// `SelectorFromValidatedSet`: one equality requirement per label, without validation.
    pub fn from_match_labels(labels: &BTreeMap<String, String>) -> Selector {
        let requirements = labels
            .iter()
            .map(|(k, v)| Requirement {
                key: k.clone(),
                op: Operator::Equals,
                values: BTreeSet::from([v.clone()]),
            })
            .collect();
        Selector { requirements, nothing: false }
    }

    /// `Empty()`: true when the selector does not restrict anything (not for `nothing()`).
    pub fn is_empty(&self) -> bool {
        !self.nothing && self.requirements.is_empty()
    }

    pub fn requirements(&self) -> &[Requirement] {
        &self.requirements
    }

    /// True when every requirement matches.
    pub fn matches(&self, labels: &BTreeMap<String, String>) -> bool {
        !self.nothing && self.requirements.iter().all(|r| r.matches(labels))
    }
}

impl fmt::Display for Selector {
    /// `String()`: requirements joined by `,` (the empty string for everything and nothing).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.requirements.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

/// `validateLabelKey`: all of IsQualifiedName's messages joined by "; " in one field error.
fn validate_key(key: &str, field: &str) -> Option<FieldError> {
    let msgs = is_qualified_name(key);
    (!msgs.is_empty()).then(|| FieldError::invalid(field, key, &msgs.join("; ")))
}

/// A lexer token. `in` and `notin` come out as identifiers: Go lexes them as keywords but its
/// parser reads them back as identifiers everywhere except in operator position, which
/// `parse_operator` checks by literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token<'a> {
    End,
    Ident(&'a str),
    Sym(&'static str),
}

impl Token<'_> {
    fn lit(&self) -> &str {
        match self {
            Token::End => "",
            Token::Ident(s) => s,
            Token::Sym(s) => s,
        }
    }
}

/// Go's `string2token` symbols, two-byte ones first: `scanSpecialSymbol` keeps the longest.
const SYMBOLS: [&str; 9] = ["!=", "==", "!", "=", "(", ")", ",", ">", "<"];

/// `Lexer.Lex` over the whole input (whitespace is ` \t\r\n`). Go's `read` returns 0 at the end
/// of input, so a NUL byte where a token would start ends the input, and one right after a
/// token is dropped. Tokens split only at ASCII bytes, so every literal is valid UTF-8.
fn lex(input: &str) -> Vec<Token<'_>> {
    let bytes = input.as_bytes();
    let at = |i: usize| bytes.get(i).copied().unwrap_or(0);
    let is_space = |b: u8| matches!(b, b' ' | b'\t' | b'\r' | b'\n');
    let (mut pos, mut tokens) = (0, Vec::new());
    loop {
        while is_space(at(pos)) {
            pos += 1;
        }
        let start = pos;
        if at(pos) == 0 {
            tokens.push(Token::End);
            return tokens;
        } else if let Some(sym) = SYMBOLS.iter().find(|s| bytes[pos..].starts_with(s.as_bytes())) {
            pos += sym.len();
            tokens.push(Token::Sym(sym));
        } else {
            while at(pos) != 0 && !is_space(at(pos)) && !b"=!(),><".contains(&at(pos)) {
                pos += 1;
            }
            tokens.push(Token::Ident(&input[start..pos]));
        }
        pos += usize::from(at(pos) == 0 && pos < bytes.len());
    }
}

struct Parser<'a> {
    tokens: Vec<Token<'a>>,
    pos: usize,
}

type Step<T> = Result<T, SelectorError>;

/// Go's "found '<literal>', expected: ..." wording.
fn found(t: Token, expected: &str) -> String {
    format!("found '{}', expected: {expected}", t.lit())
}

fn syntax(t: Token, expected: &str) -> SelectorError {
    SelectorError::RequirementSyntax(found(t, expected))
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Token<'a> {
        // The last token is always End; never read past it.
        self.tokens[self.pos.min(self.tokens.len() - 1)]
    }

    fn next(&mut self) -> Token<'a> {
        let token = self.peek();
        self.pos += 1;
        token
    }

    fn parse(&mut self) -> Step<Vec<Requirement>> {
        let top = |t: Token, expected| SelectorError::Syntax(found(t, expected));
        let mut requirements = Vec::new();
        loop {
            match self.peek() {
                Token::End => return Ok(requirements),
                Token::Ident(_) | Token::Sym("!") => requirements.push(self.parse_requirement()?),
                t => return Err(top(t, "!, identifier, or 'end of string'")),
            }
            match (self.next(), self.peek()) {
                (Token::End, _) => return Ok(requirements),
                (Token::Sym(","), Token::Ident(_) | Token::Sym("!")) => {}
                (Token::Sym(","), t) => return Err(top(t, "identifier after ','")),
                (t, _) => return Err(top(t, "',' or 'end of string'")),
            }
        }
    }

    fn parse_requirement(&mut self) -> Step<Requirement> {
        let (key, op) = self.parse_key_and_infer_operator()?;
        let (op, values) = match op {
            Some(op) => (op, BTreeSet::new()),
            None => {
                let op = self.parse_operator()?;
                let values = match op {
                    Operator::In | Operator::NotIn => self.parse_values()?,
                    _ => self.parse_exact_value()?,
                };
                (op, values)
            }
        };
        Requirement::new(key, op, values).map_err(SelectorError::InvalidRequirement)
    }

    /// `parseKeyAndInferOperator`: `None` means an operator follows.
    fn parse_key_and_infer_operator(&mut self) -> Step<(&'a str, Option<Operator>)> {
        let mut op = None;
        let mut token = self.next();
        if token == Token::Sym("!") {
            op = Some(Operator::DoesNotExist);
            token = self.next();
        }
        let Token::Ident(key) = token else {
            return Err(syntax(token, "identifier"));
        };
        // Go validates here with the parser's nil field path, which prints as "<nil>".
        if let Some(e) = validate_key(key, "<nil>") {
            return Err(SelectorError::InvalidRequirement(vec![e]));
        }
        if matches!(self.peek(), Token::End | Token::Sym(",")) {
            op = op.or(Some(Operator::Exists));
        }
        Ok((key, op))
    }

    fn parse_operator(&mut self) -> Step<Operator> {
        Ok(match self.next() {
            Token::Ident("in") => Operator::In,
            Token::Ident("notin") => Operator::NotIn,
            Token::Sym("=") => Operator::Equals,
            Token::Sym("==") => Operator::DoubleEquals,
            Token::Sym("!=") => Operator::NotEquals,
            Token::Sym(">") => Operator::GreaterThan,
            Token::Sym("<") => Operator::LessThan,
            t => return Err(syntax(t, "in, notin, =, ==, !=, gt, lt")),
        })
    }

    /// `parseValues`: `(a,b)`, where `()` and empty slots mean the empty string.
    fn parse_values(&mut self) -> Step<BTreeSet<String>> {
        let token = self.next();
        if token != Token::Sym("(") {
            // Go's wording lacks the comma here.
            let msg = format!("found '{}' expected: '('", token.lit());
            return Err(SelectorError::RequirementSyntax(msg));
        }
        match self.peek() {
            t @ (Token::Ident(_) | Token::Sym(",")) => {
                let values = self.parse_identifiers_list()?;
                if self.next() != Token::Sym(")") {
                    return Err(syntax(t, "')'"));
                }
                Ok(values)
            }
            Token::Sym(")") => {
                self.next();
                Ok(BTreeSet::from([String::new()]))
            }
            t => Err(syntax(t, "',', ')' or identifier")),
        }
    }

    fn parse_identifiers_list(&mut self) -> Step<BTreeSet<String>> {
        let mut values = BTreeSet::new();
        loop {
            match self.next() {
                Token::Ident(value) => {
                    values.insert(value.to_string());
                    match self.peek() {
                        Token::Sym(",") => continue,
                        Token::Sym(")") => return Ok(values),
                        t => return Err(syntax(t, "',' or ')'")),
                    }
                }
                Token::Sym(",") => {
                    // "(,", ",)" and ",," each stand for an empty value.
                    let after = self.peek();
                    if values.is_empty() || matches!(after, Token::Sym(",") | Token::Sym(")")) {
                        values.insert(String::new());
                    }
                    if after == Token::Sym(")") {
                        return Ok(values);
                    }
                }
                t => return Err(syntax(t, "',', or identifier")),
            }
        }
    }

    fn parse_exact_value(&mut self) -> Step<BTreeSet<String>> {
        if matches!(self.peek(), Token::End | Token::Sym(",")) {
            return Ok(BTreeSet::from([String::new()]));
        }
        match self.next() {
            Token::Ident(value) => Ok(BTreeSet::from([value.to_string()])),
            t => Err(syntax(t, "identifier")),
        }
    }
}

/// `labels.Parse`: the `-l` grammar of §6.9. Requirements come back sorted by key (stable).
pub fn parse(s: &str) -> Result<Selector, SelectorError> {
    let mut parser = Parser { tokens: lex(s), pos: 0 };
    let mut requirements = parser.parse()?;
    crate::sort::sort_by(&mut requirements, |a, b| a.key.cmp(&b.key));
    Ok(Selector { requirements, nothing: false })
}

#[cfg(test)]
mod tests;
