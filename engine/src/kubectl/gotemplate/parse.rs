//! The parser of Go's text/template (text/template/parse/parse.go): tokens from
//! `lex.rs` into a tree of text, actions and `if`/`range`/`with` blocks, checking functions
//! and variables as Go does at parse time. Errors are parse.go's, as `output:LINE: ...`.

use std::fmt;

use super::lex::{lex, Item, Tok};
use super::node::{number_value, Arg, ArgKind, Block, Cmd, Node, Pipe};

/// parse.go maxStackDepth is 10000; a smaller bound keeps deep parentheses off the stack.
const MAX_DEPTH: usize = 200;

/// A parse error: parse.go `errorf`, `template: output:LINE: MSG`.
#[derive(Clone, Debug, PartialEq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

enum Ended {
    End,
    Else(bool),
}

struct Parser<'a> {
    src: &'a str,
    items: Vec<Item>,
    at: usize,
    vars: Vec<String>,
    range_depth: usize,
    depth: usize,
}

type R<T> = Result<T, ParseError>;

pub fn parse(src: &str) -> R<Vec<Node>> {
    let mut p =
        Parser { src, items: lex(src), at: 0, vars: vec!["$".into()], range_depth: 0, depth: 0 };
    let mut list = Vec::new();
    while p.peek().kind != Tok::Eof {
        match p.text_or_action()? {
            Ok(n) => list.push(n),
            // parse.go parse: a stray `{{end}}` or `{{else}}`.
            Err(Ended::End) => return p.fail_at(p.at - 1, "unexpected {{end}}".into()),
            Err(Ended::Else(_)) => return p.fail_at(p.at - 1, "unexpected {{else}}".into()),
        }
    }
    Ok(list)
}

impl Parser<'_> {
    fn peek(&self) -> &Item {
        &self.items[self.at.min(self.items.len() - 1)]
    }

    fn next(&mut self) -> Item {
        let item = self.peek().clone();
        self.at = (self.at + 1).min(self.items.len());
        item
    }

    fn next_non_space(&mut self) -> Item {
        loop {
            let item = self.next();
            if item.kind != Tok::Space {
                return item;
            }
        }
    }

    fn peek_non_space(&mut self) -> Item {
        let item = self.next_non_space();
        self.at -= 1;
        item
    }

    fn fail<T>(&self, item: &Item, msg: String) -> R<T> {
        Err(ParseError(format!("template: output:{}: {msg}", item.line)))
    }

    fn fail_at<T>(&self, at: usize, msg: String) -> R<T> {
        let item = &self.items[at.min(self.items.len() - 1)];
        self.fail(item, msg)
    }

    fn text_of(&self, item: &Item) -> String {
        let end = self.items.iter().find(|i| i.pos > item.pos).map_or(self.src.len(), |i| i.pos);
        match &item.kind {
            Tok::Text(t) => t.clone(),
            _ => self.src[item.pos..end.max(item.pos)].to_string(),
        }
    }

    /// parse.go `unexpected`: `unexpected "x" in CONTEXT`, or the lexer's own error.
    fn unexpected<T>(&self, item: &Item, context: &str) -> R<T> {
        if let Tok::Error(e) = &item.kind {
            return self.fail(item, e.clone());
        }
        let text = self.text_of(item).trim_end().to_string();
        self.fail(item, format!("unexpected {} in {context}", item.kind.describe(&text)))
    }

    /// A node, or which of `{{end}}`/`{{else}}` ended the list.
    fn text_or_action(&mut self) -> R<Result<Node, Ended>> {
        let item = self.next_non_space();
        match &item.kind {
            Tok::Text(t) => Ok(Ok(Node::Text(t.clone()))),
            Tok::LeftDelim => self.action(),
            Tok::Error(e) => self.fail(&item, e.clone()),
            _ => self.unexpected(&item, "input"),
        }
    }

    fn action(&mut self) -> R<Result<Node, Ended>> {
        let item = self.next_non_space();
        match item.kind {
            Tok::Keyword("if") => Ok(Ok(Node::If(self.control(true, "if")?))),
            Tok::Keyword("range") => Ok(Ok(Node::Range(self.control(false, "range")?))),
            Tok::Keyword("with") => Ok(Ok(Node::With(self.control(true, "with")?))),
            Tok::Keyword("end") => {
                self.expect_right("end")?;
                Ok(Err(Ended::End))
            }
            Tok::Keyword("else") => {
                let next = self.peek_non_space();
                if matches!(next.kind, Tok::Keyword("if") | Tok::Keyword("with")) {
                    return Ok(Err(Ended::Else(true)));
                }
                self.expect_right("else")?;
                Ok(Err(Ended::Else(false)))
            }
            Tok::Keyword(k @ ("break" | "continue")) => {
                if self.range_depth == 0 {
                    return self.fail(&item, format!("{{{{{k}}}}} outside {{{{range}}}}"));
                }
                let t = self.next_non_space();
                if t.kind != Tok::RightDelim {
                    return self.unexpected(&t, &format!("{{{{{k}}}}}"));
                }
                Ok(Ok(if k == "break" { Node::Break } else { Node::Continue }))
            }
            Tok::Keyword(k) => Err(ParseError(format!(
                "kubeloop: {{{{{k}}}}} is not supported in kubeloop templates (one template, \"output\", is all kubectl's printer runs)"
            ))),
            _ => {
                self.at -= 1;
                Ok(Ok(Node::Action(self.pipeline("command", Tok::RightDelim)?)))
            }
        }
    }

    fn expect_right(&mut self, context: &str) -> R<()> {
        let t = self.next_non_space();
        if t.kind != Tok::RightDelim {
            return self.unexpected(&t, context);
        }
        Ok(())
    }

    /// parse.go parseControl: the pipeline, the body, and an `else` (or `else if`).
    fn control(&mut self, else_chain: bool, context: &str) -> R<Block> {
        // Nested blocks share the bound on nested pipelines: both recurse.
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let item = self.peek().clone();
            return self.fail(&item, "max expression depth exceeded".into());
        }
        let vars = self.vars.len();
        let pipe = self.pipeline(context, Tok::RightDelim)?;
        if context == "range" {
            self.range_depth += 1;
        }
        let (list, ended) = self.item_list()?;
        if context == "range" {
            self.range_depth -= 1;
        }
        let else_list = match ended {
            Ended::End => None,
            Ended::Else(chained) => {
                if chained && else_chain {
                    let kw = self.next_non_space();
                    let inner = match kw.kind {
                        Tok::Keyword("if") => Node::If(self.control(true, "if")?),
                        _ => Node::With(self.control(true, "with")?),
                    };
                    Some(vec![inner])
                } else if chained {
                    let kw = self.next_non_space();
                    return self.unexpected(&kw, "else");
                } else {
                    let (l, e) = self.item_list()?;
                    if !matches!(e, Ended::End) {
                        return self.fail_at(self.at - 1, "expected end; found {{else}}".into());
                    }
                    Some(l)
                }
            }
        };
        self.vars.truncate(vars);
        self.depth -= 1;
        Ok(Block { pipe, list, else_list })
    }

    fn item_list(&mut self) -> R<(Vec<Node>, Ended)> {
        let mut list = Vec::new();
        while self.peek_non_space().kind != Tok::Eof {
            match self.text_or_action()? {
                Ok(n) => list.push(n),
                Err(e) => return Ok((list, e)),
            }
        }
        let eof = self.peek_non_space();
        self.fail(&eof, "unexpected EOF".into())
    }

    /// parse.go pipeline: optional declarations, then commands separated by `|`.
    fn pipeline(&mut self, context: &str, end: Tok) -> R<Pipe> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let item = self.peek().clone();
            return self.fail(&item, "max expression depth exceeded".into());
        }
        let mut pipe = Pipe { decl: Vec::new(), assign: false, cmds: Vec::new() };
        loop {
            let v = self.peek_non_space();
            let Tok::Variable(name) = &v.kind else { break };
            let save = self.at;
            self.next_non_space();
            let next = self.peek_non_space();
            match next.kind {
                Tok::Assign | Tok::Declare => {
                    pipe.assign = next.kind == Tok::Assign;
                    self.next_non_space();
                    pipe.decl.push(name.clone());
                    self.vars.push(name.clone());
                    break;
                }
                Tok::Comma => {
                    self.next_non_space();
                    pipe.decl.push(name.clone());
                    self.vars.push(name.clone());
                    if context == "range" && pipe.decl.len() < 2 {
                        let after = self.peek_non_space();
                        if matches!(
                            after.kind,
                            Tok::Variable(_) | Tok::RightDelim | Tok::RightParen
                        ) {
                            continue;
                        }
                        return self.fail(&after, "range can only initialize variables".into());
                    }
                    return self.fail(&next, format!("too many declarations in {context}"));
                }
                _ => {
                    self.at = save;
                    break;
                }
            }
        }
        loop {
            let t = self.next_non_space();
            if t.kind == end {
                if pipe.cmds.is_empty() {
                    return self.fail(&t, format!("missing value for {context}"));
                }
                for (i, c) in pipe.cmds.iter().enumerate().skip(1) {
                    if matches!(
                        c.args[0].kind,
                        ArgKind::Bool(_)
                            | ArgKind::Dot
                            | ArgKind::Nil
                            | ArgKind::Number(..)
                            | ArgKind::Str(..)
                    ) {
                        return self.fail(
                            &t,
                            format!("non executable command in pipeline stage {}", i + 1),
                        );
                    }
                }
                self.depth -= 1;
                return Ok(pipe);
            }
            match t.kind {
                Tok::Bool(_)
                | Tok::Dot
                | Tok::Field(_)
                | Tok::Identifier(_)
                | Tok::Number(_)
                | Tok::Nil
                | Tok::Str(..)
                | Tok::Variable(_)
                | Tok::LeftParen => {
                    self.at -= 1;
                    let cmd = self.command()?;
                    pipe.cmds.push(cmd);
                }
                _ => return self.unexpected(&t, context),
            }
        }
    }

    fn command(&mut self) -> R<Cmd> {
        let pos = self.peek_non_space().pos;
        let mut args = Vec::new();
        loop {
            self.peek_non_space();
            if let Some(a) = self.operand()? {
                args.push(a);
            }
            let t = self.next();
            match t.kind {
                Tok::Space => continue,
                Tok::RightDelim | Tok::RightParen => self.at -= 1,
                Tok::Pipe => {}
                _ => return self.unexpected(&t, "operand"),
            }
            break;
        }
        if args.is_empty() {
            let t = self.peek().clone();
            return self.fail(&t, "empty command".into());
        }
        Ok(Cmd { pos, args })
    }

    /// parse.go operand: a term, then any `.field` chain on it.
    fn operand(&mut self) -> R<Option<Arg>> {
        let Some(term) = self.term()? else { return Ok(None) };
        let Tok::Field(_) = self.peek().kind else { return Ok(Some(term)) };
        let chain_pos = self.peek().pos;
        let mut fields = Vec::new();
        while let Tok::Field(f) = &self.peek().kind {
            fields.push(f.clone());
            self.next();
        }
        let kind = match term.kind {
            ArgKind::Field(mut f) => {
                f.extend(fields);
                ArgKind::Field(f)
            }
            ArgKind::Variable(v, mut f) => {
                f.extend(fields);
                ArgKind::Variable(v, f)
            }
            ArgKind::Bool(_)
            | ArgKind::Str(..)
            | ArgKind::Number(..)
            | ArgKind::Nil
            | ArgKind::Dot => {
                let item = self.items[self.at - 1].clone();
                return self.fail(
                    &item,
                    format!(
                        "unexpected . after term {}",
                        crate::gofmt::go_quote(&term.to_string())
                    ),
                );
            }
            _ => ArgKind::Chain(Box::new(term), fields),
        };
        Ok(Some(Arg { pos: chain_pos, kind }))
    }

    fn term(&mut self) -> R<Option<Arg>> {
        let t = self.next_non_space();
        let kind = match t.kind.clone() {
            Tok::Identifier(name) => {
                if !super::funcs::is_function(&name) {
                    return self.fail(
                        &t,
                        format!("function {} not defined", crate::gofmt::go_quote(&name)),
                    );
                }
                ArgKind::Function(name)
            }
            Tok::Dot => ArgKind::Dot,
            Tok::Nil => ArgKind::Nil,
            Tok::Variable(v) => {
                let (name, fields) = split_variable(&v);
                if !self.vars.contains(&name) {
                    return self
                        .fail(&t, format!("undefined variable {}", crate::gofmt::go_quote(&name)));
                }
                ArgKind::Variable(name, fields)
            }
            Tok::Field(f) => ArgKind::Field(vec![f]),
            Tok::Bool(b) => ArgKind::Bool(b),
            Tok::Number(text) => match number_value(&text) {
                Some(n) => ArgKind::Number(text, n),
                None => {
                    return self.fail(
                        &t,
                        format!("illegal number syntax: {}", crate::gofmt::go_quote(&text)),
                    )
                }
            },
            Tok::LeftParen => {
                ArgKind::Pipe(Box::new(self.pipeline("parenthesized pipeline", Tok::RightParen)?))
            }
            Tok::Str(text, value) => ArgKind::Str(text, value),
            _ => {
                self.at -= 1;
                return Ok(None);
            }
        };
        Ok(Some(Arg { pos: t.pos, kind }))
    }
}

fn split_variable(v: &str) -> (String, Vec<String>) {
    let mut parts = v.split('.');
    let name = parts.next().unwrap_or_default().to_string();
    (name, parts.map(String::from).collect())
}
