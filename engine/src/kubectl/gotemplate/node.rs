//! The tree a template parses into (text/template/parse/node.go): actions, blocks, pipelines,
//! commands and their operands, with node.go's `String()` forms that execution errors quote
//! (`at <index .a 5>`), and Go's number literals.

use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    Text(String),
    Action(Pipe),
    If(Block),
    Range(Block),
    With(Block),
    Break,
    Continue,
}

/// An `if`, `range` or `with`: its pipeline, its body and its `else` (an `else if` or
/// `else with` is an `else` holding one block).
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub pipe: Pipe,
    pub list: Vec<Node>,
    pub else_list: Option<Vec<Node>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Pipe {
    pub decl: Vec<String>,
    /// `$x = ...` rather than `$x := ...`.
    pub assign: bool,
    pub cmds: Vec<Cmd>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Cmd {
    pub pos: usize,
    pub args: Vec<Arg>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub pos: usize,
    pub kind: ArgKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ArgKind {
    Field(Vec<String>),
    Variable(String, Vec<String>),
    Dot,
    Nil,
    Bool(bool),
    Number(String, Num),
    /// As written, and its value.
    Str(String, String),
    Function(String),
    Chain(Box<Arg>, Vec<String>),
    Pipe(Box<Pipe>),
}

/// A number constant as exec.go `idealConstant` types it: `int`, or `float64` when written
/// with `.`, `e` or `p`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    Int(i64),
    Float(f64),
}

/// node.go `NumberNode`: Go's literal forms (`0x1F`, `1_000`, `'a'`, `1e3`).
pub fn number_value(text: &str) -> Option<Num> {
    if let Some(c) = text.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')) {
        let c = match c {
            "\\n" => '\n',
            "\\t" => '\t',
            "\\\\" => '\\',
            "\\'" => '\'',
            c if c.chars().count() == 1 => c.chars().next()?,
            _ => return None,
        };
        return Some(Num::Int(c as i64));
    }
    let clean = text.replace('_', "");
    let (neg, body) = match clean.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, clean.strip_prefix('+').unwrap_or(&clean)),
    };
    let radix = [("0x", 16), ("0X", 16), ("0o", 8), ("0O", 8), ("0b", 2), ("0B", 2)]
        .iter()
        .find_map(|(p, r)| body.strip_prefix(p).map(|d| (d, *r)));
    let int = match radix {
        Some((digits, r)) => i64::from_str_radix(digits, r).ok(),
        None if body.len() > 1
            && body.starts_with('0')
            && body.bytes().all(|b| b.is_ascii_digit()) =>
        {
            i64::from_str_radix(&body[1..], 8).ok()
        }
        None => body.parse::<i64>().ok(),
    };
    if let Some(i) = int {
        return Some(Num::Int(if neg { -i } else { i }));
    }
    if body.bytes().all(|b| b.is_ascii_digit() || b"eE.+-".contains(&b))
        && body.starts_with(|c: char| c.is_ascii_digit() || c == '.')
    {
        let f: f64 = body.parse().ok()?;
        return Some(Num::Float(if neg { -f } else { f }));
    }
    None
}

/// node.go `String()`: how an execution error names the node (`at <index .a 5>`).
impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ArgKind::Field(fs) => fs.iter().try_for_each(|x| write!(f, ".{x}")),
            ArgKind::Variable(v, fs) => {
                f.write_str(v)?;
                fs.iter().try_for_each(|x| write!(f, ".{x}"))
            }
            ArgKind::Dot => f.write_str("."),
            ArgKind::Nil => f.write_str("nil"),
            ArgKind::Bool(b) => write!(f, "{b}"),
            ArgKind::Number(t, _) | ArgKind::Str(t, _) | ArgKind::Function(t) => f.write_str(t),
            ArgKind::Chain(a, fs) => {
                match a.kind {
                    ArgKind::Pipe(_) => write!(f, "{a}")?,
                    _ => write!(f, "{a}")?,
                }
                fs.iter().try_for_each(|x| write!(f, ".{x}"))
            }
            ArgKind::Pipe(p) => write!(f, "({p})"),
        }
    }
}

impl fmt::Display for Cmd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, a) in self.args.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{a}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Pipe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.decl.is_empty() {
            write!(f, "{} {} ", self.decl.join(", "), if self.assign { "=" } else { ":=" })?;
        }
        for (i, c) in self.cmds.iter().enumerate() {
            if i > 0 {
                f.write_str(" | ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}
