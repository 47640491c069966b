//! kubectl's JSONPath templates (`-o jsonpath=...`): parse once, execute against a JSON value.
//! Models client-go `util/jsonpath` as `kubectl get` runs it (missing keys allowed). It knows
//! nothing of objects or printers, and leaves kubectl's `error parsing jsonpath ...` and
//! `error executing jsonpath ...` prefixes to the caller.

use serde_json::{Map, Value};
use std::fmt;

/// Bound on sub-templates parsed inside unions, bracket keys and filters. Go has none; the
/// grammar never needs more than a few levels.
const MAX_DEPTH: usize = 16;
/// Bound on work (values produced, segments run, bytes written) so that templates such as
/// `{range ..}{range ..}{..}{end}{end}` cannot run away. Go has none.
const MAX_WORK: usize = 1 << 24;

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

/// Top level of a template. Go keeps a flat list and tracks ranges with counters
/// (jsonpath.go FindResults); here each range knows where its `{end}` is.
#[derive(Debug, Clone, PartialEq)]
enum Segment {
    Text(String),
    Action(Vec<Node>),
    /// `end` is the index of the matching `{end}`, or the number of segments when unclosed.
    Range {
        expr: Vec<Node>,
        end: usize,
    },
    End,
}

/// Models node.go.
#[derive(Debug, Clone, PartialEq)]
enum Node {
    Text(String),
    Field(String),
    Array([Param; 3]),
    Filter(Box<Filter>),
    Int(i64),
    Float(f64),
    Bool(bool),
    Wildcard,
    Recursive,
    Union(Vec<Vec<Node>>),
    Identifier(String),
}

#[derive(Debug, Clone, PartialEq)]
struct Filter {
    left: Vec<Node>,
    right: Vec<Node>,
    /// `None` is an existence test, `[?(@.spec.nodeName)]`.
    op: Option<String>,
}

/// One of start, end and step in `[start:end:step]` (node.go ParamsEntry).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Param {
    value: i64,
    known: bool,
    derived: bool,
}

enum Piece {
    Text(String),
    Action(Vec<Node>),
}

fn is_ident(node: &Node, name: &str) -> bool {
    matches!(node, Node::Identifier(n) if n == name)
}

impl Template {
    fn from_pieces(pieces: Vec<Piece>) -> Template {
        let mut segments = Vec::with_capacity(pieces.len());
        let mut open = Vec::new();
        for piece in pieces {
            let segment = match piece {
                Piece::Text(text) => Segment::Text(text),
                Piece::Action(nodes) if nodes.iter().any(|n| is_ident(n, "range")) => {
                    open.push(segments.len());
                    let expr = nodes.into_iter().filter(|n| !is_ident(n, "range")).collect();
                    Segment::Range { expr, end: usize::MAX }
                }
                Piece::Action(nodes) if nodes.iter().any(|n| is_ident(n, "end")) => {
                    if let Some(start) = open.pop() {
                        let at = segments.len();
                        set_range_end(&mut segments[start], at);
                    }
                    Segment::End
                }
                Piece::Action(nodes) => Segment::Action(nodes),
            };
            segments.push(segment);
        }
        let len = segments.len();
        for start in open {
            set_range_end(&mut segments[start], len);
        }
        Template { segments }
    }

    /// Runs the template. Each action prints its values separated by single spaces, as
    /// client-go PrintResults does; an `{end}` outside any range is an error.
    pub fn execute(&self, data: &Value) -> Result<String, JsonPathError> {
        let mut exec = Exec { work: 0 };
        let mut out = String::new();
        let mut frames: Vec<Frame<'_>> = Vec::new();
        let mut cur = Val::Data(data);
        let len = self.segments.len();
        let mut pc = 0;
        loop {
            // An explicit stack rather than recursion, so nesting depth cannot overflow.
            if let Some(frame) = frames.last_mut() {
                if pc == frame.end || pc >= len {
                    frame.next += 1;
                    if let Some(&item) = frame.items.get(frame.next) {
                        cur = item;
                        pc = frame.body;
                    } else {
                        cur = frame.saved;
                        pc = frame.end + 1;
                        frames.pop();
                    }
                    continue;
                }
            }
            let Some(segment) = self.segments.get(pc) else {
                break;
            };
            exec.spend(1)?;
            pc += 1;
            match segment {
                Segment::Text(text) => exec.write(&mut out, text)?,
                Segment::Action(nodes) => {
                    let values = exec.list(vec![cur], nodes)?;
                    exec.print(&mut out, &values)?;
                }
                Segment::Range { expr, end } => {
                    let items = exec.list(vec![cur], expr)?;
                    match items.first() {
                        None => pc = end + 1,
                        Some(&first) => {
                            frames.push(Frame { items, next: 0, body: pc, end: *end, saved: cur });
                            cur = first;
                        }
                    }
                }
                Segment::End => return Err(JsonPathError::NothingToEnd),
            }
        }
        Ok(out)
    }
}

fn set_range_end(segment: &mut Segment, at: usize) {
    if let Segment::Range { end, .. } = segment {
        *end = at;
    }
}

/// Models parser.go. Go's parser recurses once per token; this one loops.
struct Parser<'a> {
    input: &'a str,
    pos: usize,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.input[self.pos..].chars().next()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    /// The byte before the character just consumed; Go checks it for a backslash.
    fn escaped(&self) -> bool {
        self.pos >= 2 && self.input.as_bytes()[self.pos - 2] == b'\\'
    }

    fn parse_template(&mut self) -> Result<Vec<Piece>, JsonPathError> {
        let mut pieces = Vec::new();
        let mut text_start = 0;
        while let Some(i) = self.input[self.pos..].find('{') {
            let brace = self.pos + i;
            if brace > text_start {
                pieces.push(Piece::Text(self.input[text_start..brace].to_string()));
            }
            self.pos = brace + 1;
            pieces.push(Piece::Action(self.parse_action()?));
            text_start = self.pos;
        }
        if self.input.len() > text_start {
            pieces.push(Piece::Text(self.input[text_start..].to_string()));
        }
        Ok(pieces)
    }

    /// parser.go parseAction: parses `{text}` and keeps the first action's nodes.
    fn parse_sub(&self, text: &str) -> Result<Vec<Node>, JsonPathError> {
        if self.depth >= MAX_DEPTH {
            return Err(JsonPathError::TooDeep);
        }
        let wrapped = format!("{{{text}}}");
        let mut sub = Parser { input: &wrapped, pos: 0, depth: self.depth + 1 };
        match sub.parse_template()?.into_iter().next() {
            Some(Piece::Action(nodes)) => Ok(nodes),
            _ => Ok(Vec::new()),
        }
    }

    /// parser.go parseInsideAction, up to and including the closing `}`.
    fn parse_action(&mut self) -> Result<Vec<Node>, JsonPathError> {
        let mut cur = Vec::new();
        loop {
            let rest = &self.input[self.pos..];
            if rest.starts_with('}') {
                self.pos += 1;
                return Ok(cur);
            } else if rest.starts_with("[?(") {
                self.parse_filter(&mut cur)?;
                continue;
            } else if rest.starts_with("..") {
                self.parse_recursive(&mut cur)?;
                continue;
            }
            let c = self.peek().ok_or(JsonPathError::UnclosedAction)?;
            match c {
                '\r' | '\n' => return Err(JsonPathError::UnclosedAction),
                // `@` and `$` both mean the current value; nothing to record.
                ' ' | '@' | '$' => self.pos += 1,
                '[' => {
                    self.pos += 1;
                    self.parse_array(&mut cur)?;
                }
                '"' | '\'' => {
                    self.pos += 1;
                    self.parse_quote(&mut cur, c)?;
                }
                '.' => {
                    self.pos += 1;
                    self.parse_field(&mut cur);
                }
                _ if c == '+' || c == '-' || c.is_numeric() => self.parse_number(&mut cur)?,
                _ if is_alphanumeric(c) => self.parse_identifier(&mut cur),
                _ => return Err(JsonPathError::UnrecognizedCharacter(c)),
            }
        }
    }

    fn parse_identifier(&mut self, cur: &mut Vec<Node>) {
        let begin = self.pos;
        while let Some(c) = self.peek().filter(|&c| !is_terminator(c)) {
            self.pos += c.len_utf8();
        }
        cur.push(match &self.input[begin..self.pos] {
            "true" => Node::Bool(true),
            "false" => Node::Bool(false),
            word => Node::Identifier(word.to_string()),
        });
    }

    fn parse_recursive(&mut self, cur: &mut Vec<Node>) -> Result<(), JsonPathError> {
        if matches!(cur.last(), Some(Node::Recursive)) {
            return Err(JsonPathError::MultipleRecursiveDescent);
        }
        self.pos += 2;
        cur.push(Node::Recursive);
        if self.peek().is_some_and(is_alphanumeric) {
            self.parse_field(cur);
        }
        Ok(())
    }

    fn parse_number(&mut self, cur: &mut Vec<Node>) -> Result<(), JsonPathError> {
        let begin = self.pos;
        if matches!(self.peek(), Some('+' | '-')) {
            self.pos += 1;
        }
        while let Some(c) = self.peek().filter(|&c| c == '.' || c.is_numeric()) {
            self.pos += c.len_utf8();
        }
        let text = &self.input[begin..self.pos];
        if let Ok(i) = text.parse::<i64>() {
            cur.push(Node::Int(i));
        } else {
            // Go's ParseFloat reports overflow to infinity as an error.
            match text.parse::<f64>() {
                Ok(f) if f.is_finite() => cur.push(Node::Float(f)),
                _ => return Err(JsonPathError::InvalidNumber(text.to_string())),
            }
        }
        Ok(())
    }

    fn parse_array(&mut self, cur: &mut Vec<Node>) -> Result<(), JsonPathError> {
        let begin = self.pos;
        loop {
            match self.next() {
                None | Some('\n') => return Err(JsonPathError::UnterminatedArray),
                Some(']') => break,
                Some(_) => {}
            }
        }
        let text = match &self.input[begin..self.pos - 1] {
            "*" => ":",
            text => text,
        };
        if text.contains(',') {
            let lists = text
                .split(',')
                .map(|part| self.parse_sub(&format!("[{}]", part.trim_matches(' '))));
            cur.push(Node::Union(lists.collect::<Result<_, _>>()?));
        } else if let Some(key) = dict_key(text) {
            // Go re-parses the key as `.key`, so dots split it: `['a.b']` is `.a.b`.
            cur.extend(self.parse_sub(&format!(".{key}"))?);
        } else {
            cur.push(Node::Array(parse_slice(text)?));
        }
        Ok(())
    }

    fn parse_filter(&mut self, cur: &mut Vec<Node>) -> Result<(), JsonPathError> {
        self.pos += 3;
        let begin = self.pos;
        // Go's scan: a `)` closes the filter unless it sits inside the first quoted string.
        let (mut opened, mut closed, mut pair) = (false, false, '"');
        loop {
            match self.next() {
                None | Some('\n') => return Err(JsonPathError::UnterminatedFilter),
                Some(q @ ('"' | '\'')) if !opened => (opened, pair) = (true, q),
                Some(q @ ('"' | '\'')) => closed |= q == pair && !self.escaped(),
                Some(')') if opened == closed => break,
                Some(_) => {}
            }
        }
        if self.next() != Some(']') {
            return Err(JsonPathError::UnclosedFilter);
        }
        let text = &self.input[begin..self.pos - 2];
        let filter = match split_comparison(text) {
            None => Filter { left: self.parse_sub(text)?, right: Vec::new(), op: None },
            Some((left, op, right)) => Filter {
                left: self.parse_sub(left)?,
                right: self.parse_sub(right)?,
                op: Some(op.to_string()),
            },
        };
        cur.push(Node::Filter(Box::new(filter)));
        Ok(())
    }

    fn parse_quote(&mut self, cur: &mut Vec<Node>, quote: char) -> Result<(), JsonPathError> {
        let begin = self.pos - 1;
        loop {
            match self.next() {
                None | Some('\n') => return Err(JsonPathError::UnterminatedQuote),
                Some(c) if c == quote && !self.escaped() => break,
                Some(_) => {}
            }
        }
        let raw = &self.input[begin..self.pos];
        let text = unquote(raw).ok_or_else(|| JsonPathError::InvalidQuote(raw.to_string()))?;
        cur.push(Node::Text(text));
        Ok(())
    }

    fn parse_field(&mut self, cur: &mut Vec<Node>) {
        let begin = self.pos;
        loop {
            match self.peek() {
                Some('\\') => {
                    self.pos += 1;
                    if let Some(c) = self.peek() {
                        self.pos += c.len_utf8();
                    }
                }
                Some(c) if !is_terminator(c) => self.pos += c.len_utf8(),
                _ => break,
            }
        }
        cur.push(match &self.input[begin..self.pos] {
            "*" => Node::Wildcard,
            raw => Node::Field(raw.replace('\\', "")),
        });
    }
}

fn is_terminator(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n' | '.' | ',' | '[' | ']' | '$' | '@' | '{' | '}')
}

fn is_alphanumeric(c: char) -> bool {
    c == '_' || c.is_alphabetic() || c.is_numeric()
}

/// Approximates Go's strconv.IsPrint: graphic characters and the ASCII space.
fn is_print(c: char) -> bool {
    let format = matches!(c, '\u{ad}' | '\u{feff}')
        || ('\u{200b}'..='\u{200f}').contains(&c)
        || ('\u{2028}'..='\u{202e}').contains(&c)
        || ('\u{2060}'..='\u{2064}').contains(&c);
    c == ' ' || !(c.is_control() || c.is_whitespace() || format)
}

/// parser.go dictKeyRex `^'([^']*)'$`.
fn dict_key(text: &str) -> Option<&str> {
    let inner = text.strip_prefix('\'')?.strip_suffix('\'')?;
    (!inner.contains('\'')).then_some(inner)
}

/// parser.go sliceOperatorRex `^(-?[\d]*)(:-?[\d]*)?(:-?[\d]*)?$` and what follows it.
fn parse_slice(text: &str) -> Result<[Param; 3], JsonPathError> {
    let groups: Vec<&str> = text.split(':').collect();
    let well_formed = groups.len() <= 3
        && groups
            .iter()
            .all(|g| g.strip_prefix('-').unwrap_or(g).bytes().all(|b| b.is_ascii_digit()));
    if !well_formed {
        return Err(JsonPathError::InvalidArrayIndex(text.to_string()));
    }
    let mut params = [Param::default(); 3];
    for i in 0..3 {
        match groups.get(i) {
            Some(g) if !g.is_empty() => {
                let value =
                    g.parse().map_err(|_| JsonPathError::ArrayIndexNotNumber(g.to_string()))?;
                params[i] = Param { value, known: true, derived: false };
            }
            // `[i]` means `[i:i+1]`; the end is "derived" so that `[-1]` can mean the last.
            None if i == 1 => {
                params[1] =
                    Param { value: params[0].value.wrapping_add(1), known: true, derived: true };
            }
            _ => {}
        }
    }
    Ok(params)
}

/// parser.go's filter regex `^([^!<>=]+)([!<>=]+)(.+?)$`.
fn split_comparison(text: &str) -> Option<(&str, &str, &str)> {
    let is_op = |c: char| matches!(c, '!' | '<' | '>' | '=');
    let i = text.find(is_op).filter(|&i| i > 0)?;
    let rest = &text[i..];
    let j = rest.find(|c| !is_op(c)).unwrap_or(rest.len());
    let right = &rest[j..];
    (!right.is_empty()).then_some((&text[..i], &rest[..j], right))
}

/// parser.go UnquoteExtend: Go's strconv.Unquote for either quote. `None` is Go's syntax error.
/// Bytes from `\x` and octal escapes that are not UTF-8 become U+FFFD.
fn unquote(raw: &str) -> Option<String> {
    let quote = raw.chars().next()?;
    let mut s = raw.get(1..raw.len() - 1)?;
    if !s.contains(['\\', quote]) {
        return Some(s.to_string());
    }
    let mut out = Vec::with_capacity(s.len());
    let mut utf8 = [0; 4];
    while let Some(c) = s.chars().next() {
        s = &s[c.len_utf8()..];
        if c == quote {
            return None;
        } else if c != '\\' {
            out.extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
            continue;
        }
        let e = s.chars().next()?;
        s = &s[e.len_utf8()..];
        let byte = match e {
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'n' => b'\n',
            'r' => b'\r',
            't' => b'\t',
            'v' => 11,
            '\\' => b'\\',
            '\'' | '"' if e == quote => e as u8,
            'x' | 'u' | 'U' => {
                let n = match e {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let hex = s.get(..n).filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))?;
                let v = u32::from_str_radix(hex, 16).ok()?;
                s = &s[n..];
                if e == 'x' {
                    v as u8
                } else {
                    out.extend_from_slice(char::from_u32(v)?.encode_utf8(&mut utf8).as_bytes());
                    continue;
                }
            }
            '0'..='7' => {
                let digits =
                    s.get(..2).filter(|d| d.bytes().all(|b| (b'0'..=b'7').contains(&b)))?;
                let v = u32::from_str_radix(&format!("{e}{digits}"), 8).ok()?;
                s = &s[2..];
                u8::try_from(v).ok()?
            }
            _ => return None,
        };
        out.push(byte);
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// A value flowing through evaluation: data, or a literal from the template. Go's reflect
/// values carry the same distinctions (string bytes are uint8, literals are int).
#[derive(Debug, Clone, Copy)]
enum Val<'a> {
    Data(&'a Value),
    Str(&'a str),
    Int(i64),
    Float(f64),
    Bool(bool),
    Byte(u8),
}

struct Frame<'a> {
    items: Vec<Val<'a>>,
    next: usize,
    body: usize,
    end: usize,
    saved: Val<'a>,
}

/// Models jsonpath.go's evaluation with AllowMissingKeys(true), as kubectl sets it.
struct Exec {
    work: usize,
}

impl Exec {
    fn spend(&mut self, units: usize) -> Result<(), JsonPathError> {
        self.work = self.work.saturating_add(units);
        self.check(0)
    }

    fn check(&self, pending: usize) -> Result<(), JsonPathError> {
        if self.work.saturating_add(pending) > MAX_WORK {
            return Err(JsonPathError::TooLarge);
        }
        Ok(())
    }

    fn write(&mut self, out: &mut String, text: &str) -> Result<(), JsonPathError> {
        self.spend(text.len())?;
        out.push_str(text);
        Ok(())
    }

    /// jsonpath.go PrintResults: maps and slices as compact JSON, everything else as Go's
    /// fmt.Fprint would, separated by single spaces.
    fn print(&mut self, out: &mut String, values: &[Val<'_>]) -> Result<(), JsonPathError> {
        let before = out.len();
        for (i, &v) in values.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            match v {
                Val::Data(d @ (Value::Object(_) | Value::Array(_))) => write_json(d, out),
                _ => write_text(v, out),
            }
            self.check(out.len() - before)?;
        }
        self.spend(out.len() - before)
    }

    fn list<'a>(
        &mut self,
        input: Vec<Val<'a>>,
        nodes: &'a [Node],
    ) -> Result<Vec<Val<'a>>, JsonPathError> {
        let mut cur = input;
        for node in nodes {
            cur = self.walk(cur, node)?;
            self.spend(1 + cur.len())?;
        }
        Ok(cur)
    }

    fn walk<'a>(
        &mut self,
        input: Vec<Val<'a>>,
        node: &'a Node,
    ) -> Result<Vec<Val<'a>>, JsonPathError> {
        let mut out = Vec::new();
        match node {
            Node::Text(text) => out.push(Val::Str(text)),
            Node::Int(i) => out = vec![Val::Int(*i); input.len()],
            Node::Float(f) => out = vec![Val::Float(*f); input.len()],
            Node::Bool(b) => out = vec![Val::Bool(*b); input.len()],
            // A missing key, or a field of something that is not a map, yields nothing.
            Node::Field(name) => out.extend(input.iter().filter_map(|v| match v {
                Val::Data(Value::Object(map)) => map.get(name).map(Val::Data),
                _ => None,
            })),
            Node::Array(params) => {
                for &v in &input {
                    match v {
                        Val::Data(Value::Null) => continue,
                        Val::Data(Value::Array(items)) => {
                            if !select(items, params, &mut out)? {
                                break;
                            }
                        }
                        other => return Err(JsonPathError::NotArray(go_type(other))),
                    }
                    self.check(out.len())?;
                }
            }
            Node::Wildcard => {
                for &v in &input {
                    out.extend(children(v));
                    self.check(out.len())?;
                }
            }
            Node::Recursive => {
                for &v in &input {
                    self.descend(v, &mut out)?;
                }
            }
            Node::Union(lists) => {
                for list in lists {
                    out.extend(self.list(input.clone(), list)?);
                    self.check(out.len())?;
                }
            }
            Node::Filter(filter) => {
                for &v in &input {
                    self.filter(v, filter, &mut out)?;
                    self.check(out.len())?;
                }
            }
            Node::Identifier(name) => match name.as_str() {
                "range" => out = input,
                "end" => {}
                _ => return Err(JsonPathError::UnrecognizedIdentifier(name.clone())),
            },
        }
        Ok(out)
    }

    /// jsonpath.go evalRecursive: every value that has children, in pre-order. Non-empty
    /// strings count (their children are bytes); leaves do not.
    fn descend<'a>(&mut self, root: Val<'a>, out: &mut Vec<Val<'a>>) -> Result<(), JsonPathError> {
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            let has_children = match v {
                Val::Data(Value::Object(m)) => !m.is_empty(),
                Val::Data(Value::Array(a)) => !a.is_empty(),
                Val::Data(Value::String(s)) => !s.is_empty(),
                Val::Str(s) => !s.is_empty(),
                _ => false,
            };
            if has_children {
                out.push(v);
                if let Val::Data(Value::Object(_) | Value::Array(_)) = v {
                    stack.extend(children(v).into_iter().rev());
                }
                self.check(out.len())?;
            }
        }
        Ok(())
    }

    /// jsonpath.go evalFilter over one input, which must be an array.
    fn filter<'a>(
        &mut self,
        v: Val<'a>,
        filter: &'a Filter,
        out: &mut Vec<Val<'a>>,
    ) -> Result<(), JsonPathError> {
        let Val::Data(Value::Array(items)) = v else {
            return Err(JsonPathError::NotFilterable(go_format(v)));
        };
        for item in items {
            let elem = Val::Data(item);
            let lefts = self.list(vec![elem], &filter.left);
            let Some(op) = &filter.op else {
                // Go tests the partial result of a failed evaluation here; a failure is
                // simply "does not exist" in this model.
                if lefts.is_ok_and(|l| !l.is_empty()) {
                    out.push(elem);
                }
                continue;
            };
            let left = match lefts?.as_slice() {
                [] => continue,
                [one] => *one,
                _ => return Err(JsonPathError::CompareOne),
            };
            let right = match self.list(vec![elem], &filter.right)?.as_slice() {
                [] => continue,
                [one] => *one,
                _ => return Err(JsonPathError::CompareOne),
            };
            if compare(op, left, right)? {
                out.push(elem);
            }
        }
        Ok(())
    }
}

/// jsonpath.go evalArray for one array. `Ok(false)` when Go returns early on an empty
/// selection (start equal to end), skipping any remaining inputs.
fn select<'a>(
    items: &'a [Value],
    params: &[Param; 3],
    out: &mut Vec<Val<'a>>,
) -> Result<bool, JsonPathError> {
    let length = items.len();
    let len = i64::try_from(length).unwrap_or(i64::MAX);
    let mut start = if params[0].known { params[0].value } else { 0 };
    if start < 0 {
        start += len;
    }
    let mut end = if params[1].known { params[1].value } else { len };
    if end < 0 || (end == 0 && params[1].derived) {
        end += len;
    }
    if start == end {
        return Ok(false);
    }
    if start >= len || start < 0 {
        return Err(JsonPathError::IndexOutOfBounds { index: start, length });
    }
    if end > len || end < 0 {
        return Err(JsonPathError::IndexOutOfBounds { index: end.wrapping_sub(1), length });
    }
    if start > end {
        return Err(JsonPathError::StartAfterEnd { start, end });
    }
    let step = match params[2] {
        Param { known: true, value, .. } if value <= 0 => {
            return Err(JsonPathError::NonPositiveStep)
        }
        Param { known: true, value, .. } => usize::try_from(value).unwrap_or(usize::MAX),
        _ => 1,
    };
    // Both bounds were checked to lie within 0..=len above.
    let range = usize::try_from(start).unwrap_or(0)..usize::try_from(end).unwrap_or(0);
    out.extend(items[range].iter().step_by(step).map(Val::Data));
    Ok(true)
}

/// What `.*` and `..` visit: map values (in key order, where Go's order is random), array
/// items, and the bytes of a string.
fn children(v: Val<'_>) -> Vec<Val<'_>> {
    match v {
        Val::Data(Value::Object(map)) => {
            sorted(map).into_iter().map(|(_, v)| Val::Data(v)).collect()
        }
        Val::Data(Value::Array(items)) => items.iter().map(Val::Data).collect(),
        Val::Data(Value::String(s)) => s.bytes().map(Val::Byte).collect(),
        Val::Str(s) => s.bytes().map(Val::Byte).collect(),
        _ => Vec::new(),
    }
}

fn sorted(map: &Map<String, Value>) -> Vec<(&String, &Value)> {
    let mut entries: Vec<_> = map.iter().collect();
    entries.sort_by(|a, b| a.0.cmp(b.0));
    entries
}

/// The Go type name client-go puts in "is not array or slice".
fn go_type(v: Val<'_>) -> &'static str {
    match v {
        Val::Data(Value::Null) => "<nil>",
        Val::Data(Value::Bool(_)) | Val::Bool(_) => "bool",
        Val::Data(Value::Number(n)) if n.as_i64().is_some() => "int64",
        Val::Data(Value::Number(_)) | Val::Float(_) => "float64",
        Val::Data(Value::String(_)) | Val::Str(_) => "string",
        Val::Data(Value::Array(_)) => "[]interface {}",
        Val::Data(Value::Object(_)) => "map[string]interface {}",
        Val::Int(_) => "int",
        Val::Byte(_) => "uint8",
    }
}

/// A comparable value, after client-go's forked text/template funcs.go basicKind.
#[derive(Clone, Copy)]
enum Basic<'a> {
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(f64),
    Str(&'a str),
}

fn basic(v: Val<'_>) -> Result<Basic<'_>, JsonPathError> {
    Ok(match v {
        Val::Data(&Value::Bool(b)) | Val::Bool(b) => Basic::Bool(b),
        Val::Data(Value::Number(n)) => match n.as_i64() {
            Some(i) => Basic::Int(i),
            None => Basic::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Val::Data(Value::String(s)) => Basic::Str(s),
        Val::Str(s) => Basic::Str(s),
        Val::Int(i) => Basic::Int(i),
        Val::Float(f) => Basic::Float(f),
        Val::Byte(b) => Basic::Uint(u64::from(b)),
        Val::Data(Value::Null | Value::Array(_) | Value::Object(_)) => {
            return Err(JsonPathError::InvalidComparisonType)
        }
    })
}

fn equal(a: Basic<'_>, b: Basic<'_>) -> Result<bool, JsonPathError> {
    Ok(match (a, b) {
        (Basic::Bool(x), Basic::Bool(y)) => x == y,
        (Basic::Int(x), Basic::Int(y)) => x == y,
        (Basic::Uint(x), Basic::Uint(y)) => x == y,
        (Basic::Float(x), Basic::Float(y)) => x == y,
        (Basic::Str(x), Basic::Str(y)) => x == y,
        (Basic::Int(x), Basic::Uint(y)) | (Basic::Uint(y), Basic::Int(x)) => {
            u64::try_from(x) == Ok(y)
        }
        _ => return Err(JsonPathError::IncompatibleComparison),
    })
}

fn less(a: Basic<'_>, b: Basic<'_>) -> Result<bool, JsonPathError> {
    Ok(match (a, b) {
        (Basic::Bool(_), Basic::Bool(_)) => return Err(JsonPathError::InvalidComparisonType),
        (Basic::Int(x), Basic::Int(y)) => x < y,
        (Basic::Uint(x), Basic::Uint(y)) => x < y,
        (Basic::Float(x), Basic::Float(y)) => x < y,
        (Basic::Str(x), Basic::Str(y)) => x < y,
        (Basic::Int(x), Basic::Uint(y)) => u64::try_from(x).map_or(true, |x| x < y),
        (Basic::Uint(x), Basic::Int(y)) => u64::try_from(y).is_ok_and(|y| x < y),
        _ => return Err(JsonPathError::IncompatibleComparison),
    })
}

/// funcs.go: `>` is "not <=" and `>=` is "not <", errors included.
fn compare(op: &str, left: Val<'_>, right: Val<'_>) -> Result<bool, JsonPathError> {
    let (a, b) = (basic(left)?, basic(right)?);
    let less_equal = || Ok::<_, JsonPathError>(less(a, b)? || equal(a, b)?);
    match op {
        "<" => less(a, b),
        ">" => Ok(!less_equal()?),
        "==" => equal(a, b),
        "!=" => Ok(!equal(a, b)?),
        "<=" => less_equal(),
        ">=" => Ok(!less(a, b)?),
        _ => Err(JsonPathError::UnrecognizedOperator(op.to_string())),
    }
}

/// fmt.Fprint of a scalar: strings raw, null as `<nil>`, floats as Go's %v.
fn write_text(v: Val<'_>, out: &mut String) {
    match v {
        Val::Data(Value::String(s)) => out.push_str(s),
        Val::Str(s) => out.push_str(s),
        Val::Data(Value::Number(n)) => out.push_str(&go_number(n, false)),
        Val::Data(&Value::Bool(b)) | Val::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        Val::Int(i) => out.push_str(&i.to_string()),
        Val::Float(f) => out.push_str(&go_float(f, false)),
        Val::Byte(b) => out.push_str(&b.to_string()),
        Val::Data(d) => write_go_value(d, out),
    }
}

/// Go's %v of a decoded JSON value, used in "cannot be filtered": `map[a:1 b:[x <nil>]]`.
fn go_format(v: Val<'_>) -> String {
    let mut out = String::new();
    write_text(v, &mut out);
    out
}

fn write_go_value(v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push_str("<nil>"),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                write_go_value(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push_str("map[");
            for (i, (k, v)) in sorted(map).into_iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push_str(k);
                out.push(':');
                write_go_value(v, out);
            }
            out.push(']');
        }
        scalar => write_text(Val::Data(scalar), out),
    }
}

/// Go's encoding/json Marshal: compact, keys sorted, HTML characters escaped.
fn write_json(v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&go_number(n, true)),
        Value::String(s) => write_json_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (k, v)) in sorted(map).into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json_string(k, out);
                out.push(':');
                write_json(v, out);
            }
            out.push('}');
        }
    }
}

fn write_json_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c if c < ' ' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Numbers decode as int64 when they fit and float64 otherwise, as apimachinery's JSON does.
fn go_number(n: &serde_json::Number, json: bool) -> String {
    match n.as_i64() {
        Some(i) => i.to_string(),
        None => go_float(n.as_f64().unwrap_or(f64::NAN), json),
    }
}

/// Go's float formatting: %v (shortest, exponent when it is below -4 or at least 6), or
/// encoding/json (exponent below 1e-6 or from 1e21, with `e-7` rather than `e-07`).
fn go_float(f: f64, json: bool) -> String {
    if f.is_nan() {
        return "NaN".to_string();
    } else if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.to_string();
    }
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let abs = f.abs();
    let exponent_form =
        f != 0.0 && if json { !(1e-6..1e21).contains(&abs) } else { !(-4..6).contains(&exp) };
    if !exponent_form {
        format!("{f}")
    } else if json && exp < 0 {
        format!("{mantissa}e-{}", -exp)
    } else {
        format!("{mantissa}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn ok(template: &str, data: &Value) -> String {
        render(template, data).unwrap_or_else(|e| panic!("{template}: {e}"))
    }

    fn err(template: &str, data: &Value) -> String {
        match render(template, data) {
            Ok(out) => panic!("{template}: expected an error, got {out:?}"),
            Err(e) => e.to_string(),
        }
    }

    fn check(data: &Value, cases: &[(&str, &str)]) {
        for (template, want) in cases {
            assert_eq!(ok(template, data), *want, "template {template}");
        }
    }

    fn pods() -> Value {
        json!({"kind": "List", "items": [
            {"metadata": {"name": "web-1", "labels": {"app": "web"}},
             "spec": {"nodeName": "node-a", "replicas": 3}, "status": {"phase": "Running"}},
            {"metadata": {"name": "web-2", "labels": {"app": "web"}},
             "spec": {"replicas": 1}, "status": {"phase": "Pending"}},
        ]})
    }

    #[test]
    fn owner_reference_lesson_prints_kind_slash_name() {
        let list = json!({"kind": "List", "items": [{"metadata": {"ownerReferences": [
            {"kind": "ReplicaSet", "name": "web-7d9f5cbb6d"}]}}]});
        let template = concat!(
            "{.items[0].metadata.ownerReferences[0].kind}/",
            r#"{.items[0].metadata.ownerReferences[0].name}{"\n"}"#
        );
        assert_eq!(ok(template, &list), "ReplicaSet/web-7d9f5cbb6d\n");
    }

    #[test]
    fn range_prints_one_line_per_item() {
        let template = r#"{range .items[*]}{.metadata.name}{"\t"}{.status.phase}{"\n"}{end}"#;
        assert_eq!(ok(template, &pods()), "web-1\tRunning\nweb-2\tPending\n");
    }

    #[rustfmt::skip]
    #[test]
    fn everyday_kubectl_templates_select_and_join_with_spaces() {
        check(&pods(), &[
            ("{.items[*].metadata.name}", "web-1 web-2"),
            (r#"{.items[?(@.status.phase=="Running")].metadata.name}"#, "web-1"),
            (r#"{.items[?(@.status.phase != 'Running')].metadata.name}"#, "web-2"),
            ("{.items[?(@.spec.nodeName)].metadata.name}", "web-1"),
            ("{.items[?(@.spec.replicas>1)].metadata.name}", "web-1"),
            ("{.items[?(@.spec.replicas<=1)].metadata.name}", "web-2"),
            ("{.items[?(@.spec.replicas>=1)].metadata.name}", "web-1 web-2"),
            ("{.items[?(@.spec.replicas<3)].metadata.name}", "web-2"),
            ("{.items[-1:].metadata.name} {.items[-1].metadata.name}", "web-2 web-2"),
            ("{.items[1:2].metadata.name}", "web-2"),
            ("{..name}", "web-1 web-2"),
            ("{.items[0].metadata.labels}", r#"{"app":"web"}"#),
            ("{.items[0].metadata['name','labels']}", r#"web-1 {"app":"web"}"#),
            ("{.items[0].status.missing}{.nope.nope[3]}", ""),
            ("{.kind}: {.items[0].spec.replicas} {true} {1.5} {-2}", "List: 3 true 1.5 -2"),
            // Inside a range `$` is the item, as in Go.
            ("{range .items[*]}{$.metadata.name},{end}", "web-1,web-2,"),
            ("text } outside {.kind}", "text } outside List"),
        ]);
    }

    #[rustfmt::skip]
    #[test]
    fn current_object_and_empty_action_print_sorted_json() {
        let data = json!({"b": 1, "a": [true, null]});
        let whole = r#"{"a":[true,null],"b":1}"#;
        check(&data, &[("{@}", whole), ("{$}", whole), ("{}", whole)]);
    }

    #[rustfmt::skip]
    #[test]
    fn escaped_dots_reach_dotted_keys_but_bracket_keys_split_on_dots() {
        let data = json!({"metadata": {"name": "x", "labels": {"app.kubernetes.io/name": "web"}}});
        check(&data, &[
            (r"{.metadata.labels.app\.kubernetes\.io/name}", "web"),
            (r"{.metadata.labels['app\.kubernetes\.io/name']}", "web"),
            // Go re-parses a bracket key as `.key`, so unescaped dots split it.
            ("{['metadata.name']}", "x"),
            ("{.metadata.labels['app.kubernetes.io/name']}", ""),
        ]);
    }

    #[rustfmt::skip]
    #[test]
    fn scalars_print_like_go_and_maps_like_encoding_json() {
        let data = json!({"null": null, "small": 1.5e-7, "big": 1234567.5, "whole": 3.0, "int": 42,
                          "html": {"t": "<b>&</b>", "n": [1e21, 1.5e-7, 0.25]}, "s": "ab"});
        check(&data, &[
            ("{.null}", "<nil>"),
            ("{.small} {.big} {.whole} {.int}", "1.5e-07 1.2345675e+06 3 42"),
            ("{.html}", r#"{"n":[1e+21,1.5e-7,0.25],"t":"\u003cb\u003e\u0026\u003c/b\u003e"}"#),
            // Go walks a string's bytes.
            ("{.s.*}", "97 98"),
        ]);
    }

    #[rustfmt::skip]
    #[test]
    fn string_literals_use_go_escapes() {
        check(&Value::Null, &[
            (r#"{"\n"}{"\t"}{"\u00e9"}{'it\'s'}{"\x41\101"}"#, "\n\téit'sAA"),
            (r#"{"{"}"#, "{"),
            (r#"{"a}b"}"#, "a}b"),
            (r#"{"say \"hi\""}"#, "say \"hi\""),
        ]);
    }

    #[rustfmt::skip]
    #[test]
    fn parse_errors_use_client_go_wording() {
        for (template, want) in [
            ("{.hello", "unclosed action"),
            ("{.a\n}", "unclosed action"),
            ("{!}", "unrecognized character in action: U+0021 '!'"),
            ("{*}", "unrecognized character in action: U+002A '*'"),
            ("{.a,.b}", "unrecognized character in action: U+002C ','"),
            ("{\t}", "unrecognized character in action: U+0009"),
            (r"{\\\}", r"unrecognized character in action: U+005C '\'"),
            ("{+12.3.0}", "cannot parse number +12.3.0"),
            ("{[1}", "unterminated array"),
            ("{[a]}", "invalid array index a"),
            ("{[1:2:3:4]}", "invalid array index 1:2:3:4"),
            ("{[-]}", "array index - is not a number"),
            ("{[99999999999999999999]}", "array index 99999999999999999999 is not a number"),
            ("{[?(.price]}", "unterminated filter"),
            ("{[?(@.a)}", "unclosed array expect ]"),
            (r#"{"abc}"#, "unterminated quoted string"),
            (r#"{"\q"}"#, r#"unquote string "\q" error invalid syntax"#),
            ("{....Price}", "invalid multiple recursive descent"),
        ] {
            let got = parse(template).map(|_| ()).unwrap_err().to_string();
            assert_eq!(got, want, "template {template:?}");
        }
    }

    #[rustfmt::skip]
    #[test]
    fn execution_errors_use_client_go_wording() {
        let data = json!({"items": [1, 2, 3], "spec": {"a": 1, "b": ["x", null]}, "f": [{"x": 2.5}]});
        for (template, want) in [
            ("{.items[5]}", "array index out of bounds: index 5, length 3"),
            ("{.items[-5]}", "array index out of bounds: index -2, length 3"),
            ("{.items[1:9]}", "array index out of bounds: index 8, length 3"),
            ("{.items[2:1]}", "starting index 2 is greater than ending index 1"),
            ("{.items[0:3:0]}", "step must be > 0"),
            ("{.spec[0]}", "map[string]interface {} is not array or slice"),
            ("{.spec.a[0]}", "int64 is not array or slice"),
            ("{.spec[?(@.a)]}", "map[a:1 b:[x <nil>]] is not array or slice and cannot be filtered"),
            ("{.f[?(@.x<3)]}", "incompatible types for comparison"),
            ("{.f[?(@<3)]}", "invalid type for comparison"),
            ("{.f[?(@.x<>3)]}", "unrecognized filter operator <>"),
            ("{hello}", "unrecognized identifier hello"),
            ("{end}", "not in range, nothing to end"),
        ] {
            assert_eq!(err(template, &data), want, "template {template}");
        }
        // A float literal does compare with float data.
        assert_eq!(ok("{.f[?(@.x<3.0)].x}", &data), "2.5");
    }

    #[rustfmt::skip]
    #[test]
    fn client_go_type_vectors_print_slices_as_json() {
        let types = json!({
            "bools": [true, false, true, false], "integers": [1, 2, 3, 4],
            "floats": [1.0, 2.2, 3.3, 4.0], "strings": ["one", "two", "three", "four"],
            "interfaces": [true, "one", 1, 1.1],
            "maps": [{"name": "one", "value": 1}, {"name": "two", "value": 2.02},
                     {"name": "three", "value": 3.03}, {"name": "four", "value": 4.04}]});
        check(&types, &[
            ("{ .bools }", "[true,false,true,false]"),
            ("{ .bools[-1] }", "false"),
            ("{ .bools[:4:2] }", "true true"),
            ("{ .integers[-2] }", "3"),
            ("{ .integers[:4:2] }", "1 3"),
            ("{ .floats }", "[1,2.2,3.3,4]"),
            ("{ .floats[0:2] }", "1 2.2"),
            ("{ .strings }", r#"["one","two","three","four"]"#),
            ("{ .strings[-2] }", "three"),
            ("{ .interfaces }", r#"[true,"one",1,1.1]"#),
            ("{ .interfaces[:4:2] }", "true 1"),
            ("{ .maps[0] }", r#"{"name":"one","value":1}"#),
            ("{ .maps[1::2] }", r#"{"name":"two","value":2.02} {"name":"four","value":4.04}"#),
        ]);
    }

    #[rustfmt::skip]
    #[test]
    fn client_go_store_vectors_with_maps_in_key_order() {
        let store = json!({"Name": "jsonpath",
            "Book": [
                {"Category": "reference", "Author": "Nigel Rees", "Title": "Sayings of the Centurey", "Price": 8.95},
                {"Category": "fiction", "Author": "Evelyn Waugh", "Title": "Sword of Honour", "Price": 12.99},
                {"Category": "fiction", "Author": "Herman Melville", "Title": "Moby Dick", "Price": 8.99}],
            "Bicycle": [{"Color": "red", "Price": 19.95, "IsNew": true},
                        {"Color": "green", "Price": 20.01, "IsNew": false}],
            "Labels": {"engieer": 10, "web/html": 15, "k8s-app": 20},
            "Employees": {"jason": "manager", "dan": "clerk"}});
        let moby = r#"{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}"#;
        let red = r#"{"Color":"red","IsNew":true,"Price":19.95}"#;
        let green = r#"{"Color":"green","IsNew":false,"Price":20.01}"#;
        check(&store, &[
            ("hello jsonpath", "hello jsonpath"),
            ("hello {.Name}", "hello jsonpath"),
            ("{$.Labels.web/html}", "15"),
            ("{$.Employees.jason}", "manager"),
            ("{.Labels.k8s-app}", "20"),
            ("{.Bicycle[*].Color}", "red green"),
            ("{.Book[*].Author}", "Nigel Rees Evelyn Waugh Herman Melville"),
            (r#"{range .Bicycle[*]}{ "{" }{ @.* }{ "} " }{end}"#, "{red true 19.95} {green false 20.01} "),
            ("{..Price}", "19.95 20.01 8.95 12.99 8.99"),
            ("{...Price}", "19.95 20.01 8.95 12.99 8.99"),
            ("{.Bicycle}", &format!("[{red},{green}]")),
            (r#"{range .Bicycle[*]}{ @ }{ " " }{end}"#, &format!("{red} {green} ")),
            ("{.Book[-1:]}", moby),
            ("{..Book[2]}", moby),
            ("{.Bicycle[?(@.IsNew==true)]}", red),
            ("{.hello}", ""),
        ]);
        assert_eq!(err("{range .Labels.*}{@}{end}{end}", &store), "not in range, nothing to end");
        check(&json!([1, 2, 3]), &[("{..}", "[1,2,3]")]);
        check(&json!([2, 6, 3, 7]), &[("{[?(@<5)]}", "2 3")]);
        check(&json!([0, 1, 2, 3, 4]), &[("{[1,3,4]}", "1 3 4")]);
        check(&json!(["Monday", "Tudesday"]), &[("{[0:2]}", "Monday Tudesday")]);
        let points = json!([{"id": "i1", "x": 4, "y": -5}, {"id": "i2", "x": -2, "y": -5, "z": 1},
                            {"id": "i3", "x": 8, "y": 3}, {"id": "i5", "x": 0, "y": 2, "z": 1}]);
        check(&points, &[("{[?(@.z)].id}", "i2 i5"), ("{[0]['id']}", "i1")]);
    }

    #[rustfmt::skip]
    #[test]
    fn client_go_kubernetes_vectors() {
        let nodes = json!({"kind": "List", "items": [
            {"kind": "None", "metadata": {"name": "127.0.0.1", "labels": {"kubernetes.io/hostname": "127.0.0.1"}},
             "status": {"capacity": {"cpu": "4"}, "ready": true,
                        "addresses": [{"type": "LegacyHostIP", "address": "127.0.0.1"}]}},
            {"kind": "None", "metadata": {"name": "127.0.0.2", "labels": {"kubernetes.io/hostname": "127.0.0.2"}},
             "status": {"capacity": {"cpu": "8"}, "ready": false,
                        "addresses": [{"type": "LegacyHostIP", "address": "127.0.0.2"},
                                      {"type": "another", "address": "127.0.0.3"}]}},
        ], "users": [{"name": "myself", "user": {}},
                     {"name": "e2e", "user": {"username": "admin", "password": "secret"}}]});
        check(&nodes, &[
            ("{range .items[*]}{.metadata.name}, {end}{.kind}", "127.0.0.1, 127.0.0.2, List"),
            (r#"{range .items[*]}{.metadata.name}{"\t"}{end}"#, "127.0.0.1\t127.0.0.2\t"),
            ("{.items[*].status.addresses[*].address}", "127.0.0.1 127.0.0.2 127.0.0.3"),
            ("{range .items[*]}{range .status.addresses[*]}{.address}, {end}{end}",
             "127.0.0.1, 127.0.0.2, 127.0.0.3, "),
            ("{.items[*]['metadata.name', 'status.capacity']}",
             r#"127.0.0.1 127.0.0.2 {"cpu":"4"} {"cpu":"8"}"#),
            ("{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}",
             r#"[127.0.0.1, {"cpu":"4"}] [127.0.0.2, {"cpu":"8"}] "#),
            (r#"{.users[?(@.name=="e2e")].user.password}"#, "secret"),
            (r"{.items[0].metadata.labels.kubernetes\.io/hostname}", "127.0.0.1"),
            (r#"{.items[?(@.metadata.labels.kubernetes\.io/hostname=="127.0.0.1")].kind}"#, "None"),
            ("{.items[?(@..ready==true)].metadata.name}", "127.0.0.1"),
            ("{..name}", "127.0.0.1 127.0.0.2 myself e2e"),
        ]);
    }

    #[rustfmt::skip]
    #[test]
    fn nested_empty_and_unclosed_ranges_follow_client_go() {
        let empty = json!({"items": []});
        check(&empty, &[
            ("{range .items[*]}{.metadata.name}{end}", ""),
            (r#"{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}"#, ""),
        ]);
        let pod = |name: &str, containers: &[&str]| {
            let another = json!([{"name": "value1"}, {"name": "value2"}]);
            let cs: Vec<Value> = containers.iter().map(|c| json!({"name": c, "another": another})).collect();
            json!({"metadata": {"name": name}, "spec": {"containers": cs}})
        };
        let data = json!({"items": [pod("pod1", &["foo", "bar"]), pod("pod2", &["baz"])]});
        check(&data, &[
            (r#"{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}"#,
             "pod1:foo,bar,+pod2:baz,+"),
            (concat!(r#"{range .items[*]}{.metadata.name}{"~"}{range @.spec.containers[*]}{.name}{":"}"#,
                     r##"{range @.another[*]}{.name}{","}{end}{"+"}{end}{"#"}{end}"##),
             "pod1~foo:value1,value2,+bar:value1,value2,+#pod2~baz:value1,value2,+#"),
            (concat!(r#"{range .items[*]}{.metadata.name}{"\t"}{range @.spec.containers[*]}{.name}{" "}{end}"#,
                     r#"{"\t"}{range @.spec.containers[*]}{.name}{" "}{end}{"\n"}{end}"#),
             "pod1\tfoo bar \tfoo bar \npod2\tbaz \tbaz \n"),
            // An unclosed range runs to the end of the template.
            ("{range .items[*]}{.metadata.name};", "pod1;pod2;"),
        ]);
    }

    #[rustfmt::skip]
    #[test]
    fn filters_skip_items_missing_the_field_and_respect_quotes() {
        let data = json!({"items": [
            {"metadata": {"name": "pod1", "annotations": {"color": "blue"}}}, {"metadata": {"name": "pod2"}},
            {"metadata": {"name": "pod3", "annotations": {"color": "green"}}},
            {"metadata": {"name": "pod4", "annotations": {"color": "blue"}}}]});
        check(&data, &[(r#"{.items[?(@.metadata.annotations.color=="blue")].metadata.name}"#, "pod1 pod4")]);
        // Parentheses inside the first quoted string do not close the filter.
        check(&json!([{"t": "())("}, {"t": "x"}]), &[(r#"{[?(@.t == "())(")].t}"#, "())(")]);
    }

    #[rustfmt::skip]
    #[test]
    fn negative_indices_and_steps_follow_client_go() {
        let names = |n: usize| {
            let cs: Vec<Value> = (0..n).map(|i| json!({"name": format!("fake{i}")})).collect();
            json!({"spec": {"containers": cs}})
        };
        check(&names(4), &[
            ("{.spec.containers[0:0].name}", ""),
            ("{.spec.containers[0:-1].name}", "fake0 fake1 fake2"),
            ("{.spec.containers[-1].name}", "fake3"),
            ("{.spec.containers[-2:].name}", "fake2 fake3"),
            ("{.spec.containers[-4].name}", "fake0"),
            ("{.spec.containers[5:5].name}", ""),
            ("{.spec.containers[-5:-5].name}", ""),
        ]);
        for bad in ["[-1:0]", "[-5]", "[3:1]", "[-1:-2]"] {
            err(&format!("{{.spec.containers{bad}.name}}"), &names(4));
        }
        check(&names(6), &[
            ("{.spec.containers[0:6:].name}", "fake0 fake1 fake2 fake3 fake4 fake5"),
            ("{.spec.containers[1:4:2].name}", "fake1 fake3"),
            ("{.spec.containers[1:4:4].name}", "fake1"),
            ("{.spec.containers[0:6:5].name}", "fake0 fake5"),
        ]);
        err("{.spec.containers[0:6:-1].name}", &names(6));
    }

    #[test]
    fn huge_and_deeply_nested_templates_do_not_panic() {
        let data = json!({"a": [{"a": [1]}]});
        let ranges = format!("{}x{}", "{range .a[*]}".repeat(5000), "{end}".repeat(5000));
        assert_eq!(ok(&ranges, &data), "");
        assert_eq!(ok(&format!("{}y", "{range .a[*]}".repeat(2)), &data), "y");
        assert!(parse(&"{[".repeat(20_000)).is_err());
        assert!(parse(&format!("{{{}}}", "[?(@".repeat(20_000))).is_err());
        assert_eq!(ok(&format!("{{{}}}", "..a".repeat(5000)), &data), "");
        let unions = format!("{{.a{}}}", "[0,0]".repeat(20));
        let nested = json!({"a": [[[1]]]});
        assert_eq!(err(&unions, &nested), "int64 is not array or slice");
    }

    #[test]
    fn runaway_templates_stop_with_an_error() {
        let mut data = json!("leaf");
        for _ in 0..60 {
            data = json!({ "a": data });
        }
        let template = "{range ..}{range ..}{range ..}{range ..}{..}{end}{end}{end}{end}";
        assert_eq!(render(template, &data), Err(JsonPathError::TooLarge));
    }

    fn arb_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            (-1e9f64..1e9).prop_map(Value::from),
            "[a-c<&. ]{0,4}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 40, 5, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
                prop::collection::vec(("a|b|c|items|name", inner), 0..5)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    #[rustfmt::skip]
    fn arb_template() -> impl Strategy<Value = String> {
        let token = prop::sample::select(vec![
            "{", "}", "[", "]", "(", ")", "[?(", "..", ".", "@", "$", "*", ",", ":", "'", "\"", "\\",
            "-", "+", "0", "1", "-1", "=", "==", "!=", "<", ">=", " ", "\n", "\t", "range ", "end",
            "a", "b", "items", "name", "true", "é", "x", "\\n", "{range .items[*]}", "{end}", "{.a}",
            "[*]", "[0]", "[-1:]",
        ]);
        prop::collection::vec(token, 0..40).prop_map(|tokens| tokens.concat())
    }

    proptest! {
        #[test]
        fn arbitrary_templates_and_data_never_panic(template in arb_template(), data in arb_json()) {
            if let Ok(parsed) = parse(&template) {
                let _ = parsed.execute(&data);
            }
        }

        #[test]
        fn arbitrary_strings_never_panic(template in any::<String>(), data in arb_json()) {
            let _ = render(&template, &data);
        }
    }
}
