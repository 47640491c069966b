//! Parsing templates into nodes (client-go util/jsonpath/parser.go).

use serde_json::Value;

use super::exec::*;
use super::*;

/// Top level of a template. Go keeps a flat list and tracks ranges with counters
/// (jsonpath.go FindResults); here each range knows where its `{end}` is.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Segment {
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
pub(super) enum Node {
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
pub(super) struct Filter {
    pub(super) left: Vec<Node>,
    pub(super) right: Vec<Node>,
    /// `None` is an existence test, `[?(@.spec.nodeName)]`.
    pub(super) op: Option<String>,
}

/// One of start, end and step in `[start:end:step]` (node.go ParamsEntry).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct Param {
    pub(super) value: i64,
    pub(super) known: bool,
    pub(super) derived: bool,
}

pub(super) enum Piece {
    Text(String),
    Action(Vec<Node>),
}

pub(super) fn is_ident(node: &Node, name: &str) -> bool {
    matches!(node, Node::Identifier(n) if n == name)
}

impl Template {
    pub(super) fn from_pieces(pieces: Vec<Piece>) -> Template {
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

pub(super) fn set_range_end(segment: &mut Segment, at: usize) {
    if let Segment::Range { end, .. } = segment {
        *end = at;
    }
}

/// Models parser.go. Go's parser recurses once per token; this one loops.
pub(super) struct Parser<'a> {
    pub(super) input: &'a str,
    pub(super) pos: usize,
    pub(super) depth: usize,
}

impl Parser<'_> {
    pub(super) fn peek(&self) -> Option<char> {
        self.input[self.pos..].chars().next()
    }

    pub(super) fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    /// The byte before the character just consumed; Go checks it for a backslash.
    pub(super) fn escaped(&self) -> bool {
        self.pos >= 2 && self.input.as_bytes()[self.pos - 2] == b'\\'
    }

    pub(super) fn parse_template(&mut self) -> Result<Vec<Piece>, JsonPathError> {
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
    pub(super) fn parse_sub(&self, text: &str) -> Result<Vec<Node>, JsonPathError> {
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
    pub(super) fn parse_action(&mut self) -> Result<Vec<Node>, JsonPathError> {
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

    pub(super) fn parse_identifier(&mut self, cur: &mut Vec<Node>) {
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

    pub(super) fn parse_recursive(&mut self, cur: &mut Vec<Node>) -> Result<(), JsonPathError> {
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

    pub(super) fn parse_number(&mut self, cur: &mut Vec<Node>) -> Result<(), JsonPathError> {
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

    pub(super) fn parse_array(&mut self, cur: &mut Vec<Node>) -> Result<(), JsonPathError> {
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

    pub(super) fn parse_filter(&mut self, cur: &mut Vec<Node>) -> Result<(), JsonPathError> {
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

    pub(super) fn parse_quote(
        &mut self,
        cur: &mut Vec<Node>,
        quote: char,
    ) -> Result<(), JsonPathError> {
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

    pub(super) fn parse_field(&mut self, cur: &mut Vec<Node>) {
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

pub(super) fn is_terminator(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n' | '.' | ',' | '[' | ']' | '$' | '@' | '{' | '}')
}

pub(super) fn is_alphanumeric(c: char) -> bool {
    c == '_' || c.is_alphabetic() || c.is_numeric()
}

/// Approximates Go's strconv.IsPrint: graphic characters and the ASCII space.
pub(super) fn is_print(c: char) -> bool {
    let format = matches!(c, '\u{ad}' | '\u{feff}')
        || ('\u{200b}'..='\u{200f}').contains(&c)
        || ('\u{2028}'..='\u{202e}').contains(&c)
        || ('\u{2060}'..='\u{2064}').contains(&c);
    c == ' ' || !(c.is_control() || c.is_whitespace() || format)
}

/// parser.go dictKeyRex `^'([^']*)'$`.
pub(super) fn dict_key(text: &str) -> Option<&str> {
    let inner = text.strip_prefix('\'')?.strip_suffix('\'')?;
    (!inner.contains('\'')).then_some(inner)
}

/// parser.go sliceOperatorRex `^(-?[\d]*)(:-?[\d]*)?(:-?[\d]*)?$` and what follows it.
pub(super) fn parse_slice(text: &str) -> Result<[Param; 3], JsonPathError> {
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
pub(super) fn split_comparison(text: &str) -> Option<(&str, &str, &str)> {
    let is_op = |c: char| matches!(c, '!' | '<' | '>' | '=');
    let i = text.find(is_op).filter(|&i| i > 0)?;
    let rest = &text[i..];
    let j = rest.find(|c| !is_op(c)).unwrap_or(rest.len());
    let right = &rest[j..];
    (!right.is_empty()).then_some((&text[..i], &rest[..j], right))
}

/// parser.go UnquoteExtend: Go's strconv.Unquote for either quote. `None` is Go's syntax error.
/// Bytes from `\x` and octal escapes that are not UTF-8 become U+FFFD.
pub(super) fn unquote(raw: &str) -> Option<String> {
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
