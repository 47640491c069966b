//! The lexer of Go's text/template (text/template/parse/lex.go): text between actions, and
//! inside `{{ }}` the tokens of fields, variables, literals and keywords, with the `{{-`/`-}}`
//! trim markers and `{{/* */}}` comments. It produces a token list; it decides nothing about
//! grammar, which is `parse.rs`'s.

/// A token. `pos` is its byte offset in the template (for `output:LINE:COL` in execution
/// errors) and `line` its line (for `output:LINE` in parse errors).
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub kind: Tok,
    pub pos: usize,
    pub line: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Text(String),
    LeftDelim,
    RightDelim,
    Space,
    Field(String),
    Variable(String),
    Identifier(String),
    Keyword(&'static str),
    Bool(bool),
    Nil,
    Dot,
    Number(String),
    /// The quoted text as written and its value.
    Str(String, String),
    Char(String),
    Pipe,
    Declare,
    Assign,
    Comma,
    LeftParen,
    RightParen,
    /// A lexing error (lex.go `errorf`), which ends the token list.
    Error(String),
    Eof,
}

impl Tok {
    /// lex.go `item.String()`, as `unexpected %s` prints a token.
    pub fn describe(&self, text: &str) -> String {
        match self {
            Tok::Eof => "EOF".into(),
            Tok::Error(e) => e.clone(),
            Tok::Keyword(k) => format!("<{k}>"),
            _ if text.chars().count() > 10 => {
                let short: String = text.chars().take(10).collect();
                format!("{}...", crate::gofmt::go_quote(&short))
            }
            _ => crate::gofmt::go_quote(text),
        }
    }
}

const KEYWORDS: &[&str] =
    &["block", "break", "continue", "define", "else", "end", "if", "range", "template", "with"];

struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    line: usize,
    items: Vec<Item>,
    paren_depth: usize,
}

/// Splits a template into tokens; the list ends with `Eof` or an `Error`.
pub fn lex(src: &str) -> Vec<Item> {
    let mut l = Lexer { src, pos: 0, line: 1, items: Vec::new(), paren_depth: 0 };
    l.run();
    l.items
}

impl Lexer<'_> {
    fn rest(&self) -> &str {
        &self.src[self.pos..]
    }

    fn emit(&mut self, kind: Tok, start: usize) {
        let line = 1 + self.src[..start].matches('\n').count();
        self.items.push(Item { kind, pos: start, line });
        self.line = 1 + self.src[..self.pos].matches('\n').count();
    }

    fn error(&mut self, msg: String) {
        let line = self.line;
        self.items.push(Item { kind: Tok::Error(msg), pos: self.pos, line });
    }

    fn run(&mut self) {
        loop {
            // lexText: everything up to the next `{{`, trimmed if it is `{{- `.
            let Some(off) = self.rest().find("{{") else {
                let start = self.pos;
                if start < self.src.len() {
                    self.pos = self.src.len();
                    self.emit(Tok::Text(self.src[start..].to_string()), start);
                }
                self.emit(Tok::Eof, self.pos);
                return;
            };
            let start = self.pos;
            let delim = start + off;
            let trim = self.src[delim + 2..].starts_with("- ")
                || self.src[delim + 2..].starts_with("-\t")
                || self.src[delim + 2..].starts_with("-\n")
                || self.src[delim + 2..].starts_with("-\r");
            let mut text = &self.src[start..delim];
            if trim {
                text = text.trim_end_matches([' ', '\t', '\r', '\n']);
            }
            if !text.is_empty() {
                self.pos = delim;
                self.emit(Tok::Text(text.to_string()), start);
            }
            self.pos = delim + 2 + if trim { 2 } else { 0 };
            if !self.action(delim) {
                return;
            }
        }
    }

    /// After `{{`: a comment, or an action's tokens up to `}}`. Returns false on error.
    fn action(&mut self, delim: usize) -> bool {
        if self.rest().starts_with("/*") {
            return self.comment(delim);
        }
        self.emit(Tok::LeftDelim, delim);
        self.paren_depth = 0;
        loop {
            if let Some(right) = self.right_delim() {
                if self.paren_depth > 0 {
                    self.error("unclosed left paren".into());
                    return false;
                }
                let at = self.pos;
                self.pos = right;
                self.emit(Tok::RightDelim, at);
                self.skip_trim_after();
                return true;
            }
            if !self.token() {
                return false;
            }
        }
    }

    /// `}}` or ` -}}` here: the position after it.
    fn right_delim(&self) -> Option<usize> {
        let r = self.rest();
        if r.starts_with("}}") {
            return Some(self.pos + 2);
        }
        let ws = r.len() - r.trim_start_matches([' ', '\t', '\r', '\n']).len();
        (ws > 0 && r[ws..].starts_with("-}}")).then_some(self.pos + ws + 3)
    }

    /// After ` -}}`, the leading space of the next text goes.
    fn skip_trim_after(&mut self) {
        let before = &self.src[..self.pos];
        if before.ends_with("-}}") && before.len() >= 4 {
            let r = self.rest();
            self.pos += r.len() - r.trim_start_matches([' ', '\t', '\r', '\n']).len();
        }
    }

    fn comment(&mut self, delim: usize) -> bool {
        let _ = delim;
        let Some(end) = self.rest().find("*/") else {
            self.error("unclosed comment".into());
            return false;
        };
        self.pos += end + 2;
        match self.right_delim() {
            Some(after) => {
                self.pos = after;
                self.skip_trim_after();
                true
            }
            None => {
                self.error("comment ends before closing delimiter".into());
                false
            }
        }
    }

    /// One token inside an action (lex.go lexInsideAction). Returns false on error.
    fn token(&mut self) -> bool {
        let start = self.pos;
        let Some(c) = self.rest().chars().next() else {
            self.error("unclosed action".into());
            return false;
        };
        match c {
            ' ' | '\t' | '\r' | '\n' => {
                let r = self.rest();
                let n = r.len() - r.trim_start_matches([' ', '\t', '\r', '\n']).len();
                self.pos += n;
                self.emit(Tok::Space, start);
            }
            '=' => self.single(Tok::Assign),
            ':' => {
                if !self.rest().starts_with(":=") {
                    self.error("expected :=".into());
                    return false;
                }
                self.pos += 2;
                self.emit(Tok::Declare, start);
            }
            '|' => self.single(Tok::Pipe),
            ',' => self.single(Tok::Comma),
            '(' => {
                self.paren_depth += 1;
                self.single(Tok::LeftParen);
            }
            ')' => {
                if self.paren_depth == 0 {
                    self.error("unexpected right paren".into());
                    return false;
                }
                self.paren_depth -= 1;
                self.single(Tok::RightParen);
            }
            '"' => return self.quote(),
            '`' => {
                let Some(end) = self.rest()[1..].find('`') else {
                    self.error("unterminated raw quoted string".into());
                    return false;
                };
                let body = self.rest()[1..1 + end].to_string();
                self.pos += end + 2;
                self.emit(Tok::Str(self.src[start..self.pos].to_string(), body), start);
            }
            '\'' => return self.char_literal(),
            '$' => {
                self.pos += 1;
                let n = self.alnum_len();
                self.pos += n;
                self.emit(Tok::Variable(self.src[start..self.pos].to_string()), start);
                return self.terminated();
            }
            '.' => {
                let next = self.rest()[1..].chars().next();
                if next.is_some_and(|d| d.is_ascii_digit()) {
                    return self.number();
                }
                self.pos += 1;
                let n = self.alnum_len();
                self.pos += n;
                let tok = if n == 0 {
                    Tok::Dot
                } else {
                    Tok::Field(self.src[start + 1..self.pos].to_string())
                };
                self.emit(tok, start);
                return self.terminated();
            }
            '+' | '-' | '0'..='9' => return self.number(),
            c if c == '_' || c.is_alphanumeric() => {
                let n = self.alnum_len();
                self.pos += n;
                let word = &self.src[start..self.pos];
                let tok = match word {
                    "true" => Tok::Bool(true),
                    "false" => Tok::Bool(false),
                    "nil" => Tok::Nil,
                    w => match KEYWORDS.iter().find(|k| **k == w) {
                        Some(k) => Tok::Keyword(k),
                        None => Tok::Identifier(w.to_string()),
                    },
                };
                self.emit(tok, start);
                return self.terminated();
            }
            c if c.is_ascii() && !c.is_ascii_control() => {
                self.pos += 1;
                // lex.go: other printable ASCII is a single-character item the parser rejects.
                self.emit(Tok::Char(c.to_string()), start);
            }
            c => {
                self.error(format!("unrecognized character in action: {}", go_unicode(c)));
                return false;
            }
        }
        true
    }

    fn single(&mut self, tok: Tok) {
        let start = self.pos;
        self.pos += 1;
        self.emit(tok, start);
    }

    fn alnum_len(&self) -> usize {
        self.rest().find(|c: char| !(c == '_' || c.is_alphanumeric())).unwrap_or(self.rest().len())
    }

    /// lex.go atTerminator: a word, field or variable must end at a space, `.`, `|`, `,`,
    /// `:`, a paren or `}}`; anything else is `bad character`.
    fn terminated(&mut self) -> bool {
        if self.at_terminator() {
            return true;
        }
        let c = self.rest().chars().next().unwrap_or(' ');
        self.error(format!("bad character {}", go_unicode(c)));
        false
    }

    fn at_terminator(&self) -> bool {
        let r = self.rest();
        match r.chars().next() {
            None => true,
            Some(c) if " \t\r\n.,|:)(".contains(c) => true,
            _ => r.starts_with("}}") || self.right_delim().is_some(),
        }
    }

    fn quote(&mut self) -> bool {
        let start = self.pos;
        let mut value = String::new();
        let mut chars = self.rest()[1..].char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.pos += i + 2;
                    self.emit(Tok::Str(self.src[start..self.pos].to_string(), value), start);
                    return true;
                }
                '\n' => break,
                '\\' => match chars.next().map(|(_, c)| c) {
                    Some('n') => value.push('\n'),
                    Some('t') => value.push('\t'),
                    Some('r') => value.push('\r'),
                    Some('\\') => value.push('\\'),
                    Some('"') => value.push('"'),
                    Some('\'') => value.push('\''),
                    Some(c) if c != '\n' => {
                        value.push('\\');
                        value.push(c);
                    }
                    _ => break,
                },
                c => value.push(c),
            }
        }
        self.error("unterminated quoted string".into());
        false
    }

    fn char_literal(&mut self) -> bool {
        let r = &self.rest()[1..];
        let mut chars = r.char_indices();
        let end = match chars.next() {
            Some((_, '\\')) => chars.nth(1),
            Some(_) => chars.next(),
            None => None,
        };
        match end {
            Some((i, '\'')) => {
                let start = self.pos;
                self.pos += i + 2;
                self.emit(Tok::Number(self.src[start..self.pos].to_string()), start);
                true
            }
            _ => {
                self.error("unterminated character constant".into());
                false
            }
        }
    }

    /// lex.go lexNumber: scan a number-like run, then the parser decides what it is.
    fn number(&mut self) -> bool {
        let start = self.pos;
        let r = self.rest();
        let n = r
            .char_indices()
            .find(|&(i, c)| {
                !(c.is_ascii_alphanumeric()
                    || c == '.'
                    || c == '_'
                    || ((c == '+' || c == '-')
                        && (i == 0 || matches!(r.as_bytes()[i - 1], b'e' | b'E' | b'p' | b'P'))))
            })
            .map(|(i, _)| i)
            .unwrap_or(r.len());
        self.pos += n;
        let text = self.src[start..self.pos].to_string();
        if super::node::number_value(&text).is_none() {
            self.error(format!("bad number syntax: {}", crate::gofmt::go_quote(&text)));
            return false;
        }
        self.emit(Tok::Number(text), start);
        true
    }
}

/// Go's `%#U`: `U+007D '}'`.
pub fn go_unicode(c: char) -> String {
    format!("U+{:04X} '{c}'", c as u32)
}
