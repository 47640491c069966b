//! The shell language a container's `sh -c SCRIPT` is read in, as far as `command.rs`
//! plays it: words with quotes, backslashes and `$VAR`; lists joined by `;`, newlines, `&`,
//! `&&`, `||`; `>&2`-style stream duplication; `while`/`until` and `for` loops. Pipes, file
//! redirections, subshells and command
//! substitution are refused with a message that says the simulation does not run them,
//! rather than read wrongly. Pure parsing; nothing runs here.

/// One piece of a word: literal text, or a variable to expand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Lit(String),
    Var(String),
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Word(pub Vec<Piece>);

impl Word {
    pub fn expand(&self, var: &dyn Fn(&str) -> String) -> String {
        self.0
            .iter()
            .map(|p| match p {
                Piece::Lit(s) => s.clone(),
                Piece::Var(v) => var(v),
            })
            .collect()
    }
}

/// How an item joins the one before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Seq,
    And,
    Or,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub op: Op,
    pub cmd: Cmd,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cmd {
    Simple(Vec<Word>),
    While { until: bool, cond: Vec<Item>, body: Vec<Item> },
    For { var: String, values: Vec<Word>, body: Vec<Item> },
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// A word, and its text when it was written without quotes or `$` (keywords).
    Word(Word, Option<String>),
    Sep(Op),
}

/// Parses a script; the error is the line the shell (or the simulation) prints.
pub fn parse(script: &str) -> Result<Vec<Item>, String> {
    let toks = tokenize(script)?;
    let mut p = Parser { toks, at: 0, depth: 0 };
    let items = p.list(&[])?;
    match p.toks.get(p.at) {
        None => Ok(items),
        Some(t) => Err(format!("syntax error: unexpected {}", shown(t))),
    }
}

fn shown(t: &Tok) -> String {
    match t {
        Tok::Word(_, Some(k)) => format!("\"{k}\""),
        Tok::Word(..) => "word".into(),
        Tok::Sep(Op::And) => "\"&&\"".into(),
        Tok::Sep(Op::Or) => "\"||\"".into(),
        Tok::Sep(Op::Seq) => "\";\"".into(),
    }
}

fn unsupported(what: &str) -> String {
    format!("kubeloop: this simulated shell does not run {what}")
}

/// The word being read: its pieces, and whether it is plain text so far (keywords are).
#[derive(Default)]
struct Pending {
    word: Vec<Piece>,
    lit: String,
    plain: bool,
    started: bool,
}

impl Pending {
    fn end(&mut self, toks: &mut Vec<Tok>) {
        if !self.started {
            return;
        }
        let text = if self.plain { Some(self.lit.clone()) } else { None };
        if !self.lit.is_empty() {
            self.word.push(Piece::Lit(std::mem::take(&mut self.lit)));
        }
        let text = text.filter(|_| self.word.len() <= 1);
        toks.push(Tok::Word(Word(std::mem::take(&mut self.word)), text));
        *self = Pending { plain: true, ..Default::default() };
    }
}

fn tokenize(s: &str) -> Result<Vec<Tok>, String> {
    let mut toks = Vec::new();
    let mut chars = s.chars().peekable();
    let mut p = Pending { plain: true, ..Default::default() };
    macro_rules! end_word {
        () => {
            p.end(&mut toks)
        };
    }
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => end_word!(),
            '\n' | ';' => {
                end_word!();
                toks.push(Tok::Sep(Op::Seq));
            }
            '&' => {
                end_word!();
                if chars.next_if_eq(&'&').is_some() {
                    toks.push(Tok::Sep(Op::And));
                } else {
                    toks.push(Tok::Sep(Op::Seq));
                }
            }
            '|' => {
                end_word!();
                if chars.next_if_eq(&'|').is_some() {
                    toks.push(Tok::Sep(Op::Or));
                } else {
                    return Err(unsupported("pipes ('|')"));
                }
            }
            // `>&2`, `2>&1`: both streams go to the container's log alike, so a duplication
            // between them changes nothing. A file is another matter: refused.
            '>' if chars.peek() == Some(&'&') => {
                chars.next();
                if chars.next_if(|c| c.is_ascii_digit()).is_none() {
                    return Err(unsupported("redirections to files ('>')"));
                }
                if !p.lit.is_empty()
                    && p.word.is_empty()
                    && p.lit.bytes().all(|b| b.is_ascii_digit())
                {
                    p = Pending { plain: true, ..Default::default() };
                }
            }
            '<' | '>' => return Err(unsupported("redirections to files ('<', '>')")),
            '(' | ')' => return Err(unsupported("subshells ('(', ')')")),
            '`' => return Err(unsupported("command substitution")),
            '#' if !p.started => while chars.next_if(|c| *c != '\n').is_some() {},
            '\'' => {
                p.started = true;
                p.plain = false;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => p.lit.push(c),
                        None => return Err("syntax error: unterminated quoted string".into()),
                    }
                }
            }
            '"' => {
                p.started = true;
                p.plain = false;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => p.lit.push(c),
                            Some('\n') => {}
                            Some(c) => {
                                p.lit.push('\\');
                                p.lit.push(c);
                            }
                            None => return Err("syntax error: unterminated quoted string".into()),
                        },
                        Some('$') => dollar(&mut chars, &mut p.word, &mut p.lit)?,
                        Some(c) => p.lit.push(c),
                        None => return Err("syntax error: unterminated quoted string".into()),
                    }
                }
            }
            '\\' => {
                p.started = true;
                p.plain = false;
                match chars.next() {
                    Some('\n') | None => {}
                    Some(c) => p.lit.push(c),
                }
            }
            '$' => {
                p.started = true;
                p.plain = false;
                dollar(&mut chars, &mut p.word, &mut p.lit)?;
            }
            c => {
                p.started = true;
                p.lit.push(c);
            }
        }
    }
    end_word!();
    Ok(toks)
}

/// `$NAME`, `${NAME}`; `$(` is refused. A `$` before anything else is literal.
fn dollar(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    word: &mut Vec<Piece>,
    lit: &mut String,
) -> Result<(), String> {
    let name_char = |c: &char| c.is_ascii_alphanumeric() || *c == '_';
    match chars.peek() {
        Some('(') => Err(unsupported("command substitution")),
        Some('{') => {
            chars.next();
            let mut name = String::new();
            loop {
                match chars.next() {
                    Some('}') => break,
                    Some(c) if name_char(&c) => name.push(c),
                    _ => return Err("syntax error: bad substitution".into()),
                }
            }
            push_var(word, lit, name);
            Ok(())
        }
        Some(c) if c.is_ascii_alphabetic() || *c == '_' => {
            let mut name = String::new();
            while let Some(c) = chars.next_if(name_char) {
                name.push(c);
            }
            push_var(word, lit, name);
            Ok(())
        }
        _ => {
            lit.push('$');
            Ok(())
        }
    }
}

fn push_var(word: &mut Vec<Piece>, lit: &mut String, name: String) {
    if !lit.is_empty() {
        word.push(Piece::Lit(std::mem::take(lit)));
    }
    word.push(Piece::Var(name));
}

struct Parser {
    toks: Vec<Tok>,
    at: usize,
    /// How many loops enclose the one being read.
    depth: usize,
}

/// Loops nest at most this deep, so a hostile script cannot exhaust the stack.
const MAX_DEPTH: usize = 16;

impl Parser {
    fn keyword(&self) -> Option<&str> {
        match self.toks.get(self.at) {
            Some(Tok::Word(_, Some(k))) => Some(k),
            _ => None,
        }
    }

    fn expect(&mut self, kw: &str) -> Result<(), String> {
        if self.keyword() == Some(kw) {
            self.at += 1;
            Ok(())
        } else {
            let found = self.toks.get(self.at).map_or("end of file".to_string(), shown);
            Err(format!("syntax error: unexpected {found} (expecting \"{kw}\")"))
        }
    }

    /// Items up to one of the `stops` keywords (not consumed) or the end.
    fn list(&mut self, stops: &[&str]) -> Result<Vec<Item>, String> {
        let mut items = Vec::new();
        let mut op = Op::Seq;
        loop {
            while let Some(Tok::Sep(Op::Seq)) = self.toks.get(self.at) {
                if op != Op::Seq {
                    return Err("syntax error: unexpected \";\"".into());
                }
                self.at += 1;
            }
            match self.keyword() {
                Some(k) if stops.contains(&k) => break,
                _ => {}
            }
            let Some(tok) = self.toks.get(self.at) else { break };
            if let Tok::Sep(o) = tok {
                return Err(format!("syntax error: unexpected {}", shown(&Tok::Sep(*o))));
            }
            let cmd = self.command(stops)?;
            items.push(Item { op, cmd });
            op = match self.toks.get(self.at) {
                Some(Tok::Sep(o)) => {
                    self.at += 1;
                    *o
                }
                _ => Op::Seq,
            };
        }
        if op != Op::Seq {
            return Err("syntax error: unexpected end of file".into());
        }
        Ok(items)
    }

    fn command(&mut self, stops: &[&str]) -> Result<Cmd, String> {
        if matches!(self.keyword(), Some("while" | "until" | "for")) {
            if self.depth >= MAX_DEPTH {
                return Err(unsupported("loops nested this deep"));
            }
            self.depth += 1;
            let cmd = self.loop_command(stops);
            self.depth -= 1;
            return cmd;
        }
        self.loop_command(stops)
    }

    fn loop_command(&mut self, stops: &[&str]) -> Result<Cmd, String> {
        match self.keyword() {
            Some(k @ ("while" | "until")) => {
                let until = k == "until";
                self.at += 1;
                let cond = self.list(&["do"])?;
                self.expect("do")?;
                let body = self.list(&["done"])?;
                self.expect("done")?;
                Ok(Cmd::While { until, cond, body })
            }
            Some("for") => {
                self.at += 1;
                let var = self
                    .keyword()
                    .map(str::to_string)
                    .ok_or("syntax error: bad for loop variable")?;
                self.at += 1;
                let mut values = Vec::new();
                if self.keyword() == Some("in") {
                    self.at += 1;
                    while let Some(Tok::Word(w, _)) = self.toks.get(self.at) {
                        values.push(w.clone());
                        self.at += 1;
                    }
                }
                let body_start = self.list(&["do"])?;
                if !body_start.is_empty() {
                    return Err("syntax error: unexpected word (expecting \"do\")".into());
                }
                self.expect("do")?;
                let body = self.list(&["done"])?;
                self.expect("done")?;
                Ok(Cmd::For { var, values, body })
            }
            Some(k @ ("do" | "done" | "then" | "fi")) if !stops.contains(&k) => {
                Err(format!("syntax error: unexpected \"{k}\""))
            }
            Some(k @ ("if" | "case" | "{" | "}" | "function")) => {
                Err(unsupported(&format!("'{k}' blocks")))
            }
            _ => {
                let mut words = Vec::new();
                while let Some(Tok::Word(w, _)) = self.toks.get(self.at) {
                    words.push(w.clone());
                    self.at += 1;
                }
                Ok(Cmd::Simple(words))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn hostile_scripts_get_errors_not_panics() {
        for script in [
            "\"",
            "'",
            "$",
            "${",
            "${x",
            "for",
            "for x in",
            "while true; do",
            "done",
            "do",
            "&&",
            "echo a &&",
            "echo a ||",
            ";;;",
            "for 1 in a; do echo; done",
            "echo >",
            "while true; do; done",
            "`x`",
            "$(x)",
            "a | b",
            "if true; then echo; fi",
        ] {
            let _ = parse(script);
        }
        let deep = "while true; do ".repeat(100) + &"done; ".repeat(100);
        assert!(parse(&deep).unwrap_err().contains("nested this deep"));
        let wide = "echo x; ".repeat(5_000);
        assert_eq!(parse(&wide).unwrap().len(), 5_000);
    }

    #[test]
    fn loops_parse_with_their_bodies() {
        let items = parse("for i in a b; do echo $i; done && echo end").unwrap();
        assert_eq!(items.len(), 2);
        assert!(parse("while :; do sleep 1; done").is_ok());
        assert_eq!(parse("echo a # a comment").unwrap().len(), 1);
    }
}
