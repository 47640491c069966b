//! The small shell around kubectl: `;`, `&&`, `|`, `$( )`, quotes, `\` escapes and heredocs.
//!
//! Parsing only; expansion and execution live in `run.rs`. Anything malformed (an unclosed
//! quote, a dangling pipe, a heredoc without its terminator) is a `ShellError` with a
//! bash-like message, never a panic. Nesting of `$( )` is bounded.

use std::fmt;

/// Deepest `$( )` nesting accepted.
const MAX_DEPTH: usize = 8;

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Script {
    /// Pipelines joined by `;` or `&&`.
    pub items: Vec<(Pipeline, Joiner)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joiner {
    /// `;` or the end of the script: run the next item regardless.
    Seq,
    /// `&&`: run the next item only if this one succeeded.
    And,
    /// `||`: run the next item only if this one failed.
    Or,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Pipeline {
    pub commands: Vec<SimpleCommand>,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct SimpleCommand {
    pub words: Vec<Word>,
    /// Text fed to standard input by `<<EOF ... EOF`.
    pub heredoc: Option<String>,
}

/// One shell word: literal pieces and command substitutions, concatenated.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Word {
    pub parts: Vec<Part>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    Literal(String),
    /// `$( )` outside double quotes: its output is split into words.
    Subst(Script),
    /// `"$( )"`: its output stays one word.
    QuotedSubst(Script),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShellError(pub String);

impl fmt::Display for ShellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ShellError {}

fn err<T>(msg: impl Into<String>) -> Result<T, ShellError> {
    Err(ShellError(msg.into()))
}

/// Parses a whole input, which may span several lines (heredoc bodies, pasted scripts).
/// Newlines outside quotes separate commands like `;`.
pub fn parse(input: &str) -> Result<Script, ShellError> {
    let chars: Vec<char> = input.chars().collect();
    let mut p = Parser { chars: &chars, pos: 0, depth: 0 };
    let script = p.script(false)?;
    if p.pos < chars.len() {
        return err(format!("syntax error near unexpected token `{}'", chars[p.pos]));
    }
    Ok(script)
}

struct Parser<'a> {
    chars: &'a [char],
    pos: usize,
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek2(&self) -> Option<char> {
        self.chars.get(self.pos + 1).copied()
    }

    fn skip_blanks(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t' | '\r')) {
            self.pos += 1;
        }
    }

    /// A script, up to the end of input or (inside `$( )`) the closing parenthesis.
    fn script(&mut self, nested: bool) -> Result<Script, ShellError> {
        let mut items = Vec::new();
        loop {
            self.skip_blanks();
            // A comment runs to the end of the line.
            if self.peek() == Some('#') {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.pos += 1;
                }
            }
            match self.peek() {
                None => break,
                Some(')') if nested => break,
                Some('\n' | ';') => {
                    self.pos += 1;
                    continue;
                }
                _ => {}
            }
            let pipeline = self.pipeline(nested)?;
            self.skip_blanks();
            let joiner = match (self.peek(), self.peek2()) {
                (Some('&'), Some('&')) => {
                    self.pos += 2;
                    Joiner::And
                }
                (Some('|'), Some('|')) => {
                    self.pos += 2;
                    Joiner::Or
                }
                (Some('&'), _) => return err("kubeloop: background jobs (&) are not supported"),
                _ => Joiner::Seq,
            };
            if joiner != Joiner::Seq {
                self.skip_blanks_and_newlines();
                if self.peek().is_none() || (nested && self.peek() == Some(')')) {
                    let tok = if joiner == Joiner::And { "&&" } else { "||" };
                    return err(format!("syntax error: unexpected end of input after `{tok}'"));
                }
            }
            items.push((pipeline, joiner));
        }
        Ok(Script { items })
    }

    fn skip_blanks_and_newlines(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t' | '\r' | '\n')) {
            self.pos += 1;
        }
    }

    fn pipeline(&mut self, nested: bool) -> Result<Pipeline, ShellError> {
        let mut commands = vec![self.command(nested)?];
        loop {
            self.skip_blanks();
            if self.peek() == Some('|') && self.peek2() != Some('|') {
                self.pos += 1;
                self.skip_blanks_and_newlines();
                if matches!(self.peek(), None | Some(';' | '|' | '&'))
                    || (nested && self.peek() == Some(')'))
                {
                    return err("syntax error near unexpected token `|'");
                }
                commands.push(self.command(nested)?);
            } else {
                break;
            }
        }
        Ok(Pipeline { commands })
    }

    fn command(&mut self, nested: bool) -> Result<SimpleCommand, ShellError> {
        let mut cmd = SimpleCommand::default();
        let mut pending_heredoc: Option<(String, bool)> = None;
        loop {
            self.skip_blanks();
            match self.peek() {
                None | Some('\n' | ';' | '|' | '&') => break,
                Some(')') if nested => break,
                // A word starting with `#` starts a comment that runs to the end of the line.
                Some('#') => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.pos += 1;
                    }
                }
                Some('<') if self.peek2() == Some('<') => {
                    self.pos += 2;
                    let strip_tabs = self.peek() == Some('-');
                    if strip_tabs {
                        self.pos += 1;
                    }
                    self.skip_blanks();
                    let word = self.word()?;
                    let delim = word.parts.iter().map(|p| match p {
                        Part::Literal(s) => Ok(s.clone()),
                        _ => err("heredoc delimiter cannot contain $( )"),
                    });
                    let delim: String = delim.collect::<Result<Vec<_>, _>>()?.concat();
                    if delim.is_empty() {
                        return err("syntax error near unexpected token `newline'");
                    }
                    pending_heredoc = Some((delim, strip_tabs));
                }
                Some('>' | '<') => return err("kubeloop: redirections (<, >) are not supported"),
                Some(_) => {
                    let w = self.word()?;
                    cmd.words.push(w);
                }
            }
        }
        if let Some((delim, strip_tabs)) = pending_heredoc {
            cmd.heredoc = Some(self.heredoc_body(&delim, strip_tabs)?);
        }
        if cmd.words.is_empty() {
            return err(match self.peek() {
                Some(c) => format!("syntax error near unexpected token `{c}'"),
                None => "syntax error: unexpected end of input".into(),
            });
        }
        Ok(cmd)
    }

    /// Reads the lines after the current one up to a line equal to `delim`.
    fn heredoc_body(&mut self, delim: &str, strip_tabs: bool) -> Result<String, ShellError> {
        // The body starts after the end of the current line; anything between the command and
        // the newline (for example `; more`) is not supported here.
        self.skip_blanks();
        match self.peek() {
            Some('\n') => self.pos += 1,
            None => {
                return err(format!(
                    "warning: here-document delimited by end-of-file (wanted `{delim}')"
                ))
            }
            Some(c) => {
                return err(format!("kubeloop: unexpected `{c}' after a here-document start"))
            }
        }
        let mut body = String::new();
        loop {
            if self.pos >= self.chars.len() {
                return err(format!(
                    "warning: here-document delimited by end-of-file (wanted `{delim}')"
                ));
            }
            let start = self.pos;
            while self.peek().is_some_and(|c| c != '\n') {
                self.pos += 1;
            }
            let mut line: String = self.chars[start..self.pos].iter().collect();
            if self.peek() == Some('\n') {
                self.pos += 1;
            }
            if line.ends_with('\r') {
                line.pop();
            }
            let line = if strip_tabs { line.trim_start_matches('\t').to_string() } else { line };
            if line == delim {
                return Ok(body);
            }
            body.push_str(&line);
            body.push('\n');
        }
    }

    fn word(&mut self) -> Result<Word, ShellError> {
        let mut word = Word::default();
        let mut lit = String::new();
        let mut quoted_empty = false;
        while let Some(c) = self.peek() {
            match c {
                ' ' | '\t' | '\r' | '\n' | ';' | '|' | '&' | '<' | '>' => break,
                ')' if self.depth > 0 => break,
                '\'' => {
                    self.pos += 1;
                    let start = self.pos;
                    while self.peek().is_some_and(|c| c != '\'') {
                        self.pos += 1;
                    }
                    if self.peek().is_none() {
                        return err("unexpected EOF while looking for matching `''");
                    }
                    lit.extend(&self.chars[start..self.pos]);
                    self.pos += 1;
                    quoted_empty = true;
                }
                '"' => {
                    self.pos += 1;
                    quoted_empty = true;
                    loop {
                        match self.peek() {
                            None => return err("unexpected EOF while looking for matching `\"'"),
                            Some('"') => {
                                self.pos += 1;
                                break;
                            }
                            Some('\\')
                                if matches!(self.peek2(), Some('"' | '\\' | '$' | '`' | '\n')) =>
                            {
                                if self.peek2() != Some('\n') {
                                    lit.push(self.chars[self.pos + 1]);
                                }
                                self.pos += 2;
                            }
                            Some('$') if self.peek2() == Some('(') => {
                                flush(&mut word, &mut lit);
                                let s = self.substitution()?;
                                word.parts.push(Part::QuotedSubst(s));
                            }
                            Some(c) => {
                                lit.push(c);
                                self.pos += 1;
                            }
                        }
                    }
                }
                '\\' => {
                    self.pos += 1;
                    match self.peek() {
                        Some('\n') => self.pos += 1,
                        Some(c) => {
                            lit.push(c);
                            self.pos += 1;
                        }
                        None => {}
                    }
                }
                '$' if self.peek2() == Some('(') => {
                    flush(&mut word, &mut lit);
                    let s = self.substitution()?;
                    word.parts.push(Part::Subst(s));
                }
                '`' => return err("kubeloop: backquote substitution is not supported; use $( )"),
                _ => {
                    lit.push(c);
                    self.pos += 1;
                }
            }
        }
        if !lit.is_empty() || (quoted_empty && word.parts.is_empty()) {
            word.parts.push(Part::Literal(lit));
        }
        Ok(word)
    }

    fn substitution(&mut self) -> Result<Script, ShellError> {
        self.pos += 2; // `$(`
        if self.depth >= MAX_DEPTH {
            return err("kubeloop: $( ) nested too deeply");
        }
        self.depth += 1;
        let script = self.script(true)?;
        self.depth -= 1;
        if self.peek() != Some(')') {
            return err("unexpected EOF while looking for matching `)'");
        }
        self.pos += 1;
        Ok(script)
    }
}

fn flush(word: &mut Word, lit: &mut String) {
    if !lit.is_empty() {
        word.parts.push(Part::Literal(std::mem::take(lit)));
    }
}

impl Word {
    /// The word when it has no substitutions.
    pub fn literal(&self) -> Option<String> {
        let mut out = String::new();
        for p in &self.parts {
            match p {
                Part::Literal(s) => out.push_str(s),
                _ => return None,
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<Vec<String>> {
        let script = parse(s).unwrap();
        script
            .items
            .iter()
            .flat_map(|(p, _)| p.commands.iter())
            .map(|c| {
                c.words.iter().map(|w| w.literal().unwrap_or_else(|| "<subst>".into())).collect()
            })
            .collect()
    }

    #[test]
    fn quotes_keep_spaces_and_braces() {
        let w = words(r#"k get pods -o jsonpath='{.items[0].metadata.name}{"\n"}' -l "app=web""#);
        assert_eq!(w[0][4], r#"jsonpath={.items[0].metadata.name}{"\n"}"#);
        assert_eq!(w[0][6], "app=web");
    }

    #[test]
    fn the_lessons_delete_line_parses_into_two_pipelines() {
        let s = parse("k delete $(k get pods -l app=web -o name | head -1) --wait=false; k get pods -l app=web -w").unwrap();
        assert_eq!(s.items.len(), 2);
        let first = &s.items[0].0.commands[0];
        assert!(
            matches!(&first.words[2].parts[0], Part::Subst(inner) if inner.items[0].0.commands.len() == 2)
        );
    }

    #[test]
    fn heredoc_collects_lines_until_the_delimiter() {
        let s = parse("k apply -f - <<EOF\napiVersion: v1\nkind: Pod\nEOF\nk get pods").unwrap();
        assert_eq!(s.items.len(), 2);
        assert_eq!(
            s.items[0].0.commands[0].heredoc.as_deref(),
            Some("apiVersion: v1\nkind: Pod\n")
        );
    }

    #[test]
    fn malformed_input_is_an_error_not_a_panic() {
        for bad in [
            "k get 'pods",
            "k get \"pods",
            "k get pods |",
            "| k",
            "k $(get",
            "a && ",
            "k <<EOF\nno end",
            ";;|",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} should fail");
        }
    }

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        assert_eq!(words("# hello\n\n  k get pods # trailing\n"), vec![vec!["k", "get", "pods"]]);
    }

    #[test]
    fn deep_nesting_is_refused() {
        let deep = "echo ".to_string() + &"$(".repeat(50) + &")".repeat(50);
        assert!(parse(&deep).is_err());
    }
}
