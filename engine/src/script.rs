//! The script runner behind `kubeloop run`: splits a script into command units (a line, or a
//! line with its heredoc body) and runs each through a `Session`, printing a transcript.

use crate::kubectl::Mode;
use crate::session::Session;
use crate::world::World;

/// One command as typed: its first line, plus heredoc lines if it opens one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    pub text: String,
    /// Line number (1-based) of the first line, for messages.
    pub line: usize,
}

/// Splits a script into units. Blank lines and lines starting with `#` are skipped.
pub fn units(script: &str) -> Vec<Unit> {
    let lines: Vec<&str> = script.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let start = i;
        i += 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut text = line.to_string();
        if let Some(delim) = heredoc_delimiter(line) {
            while i < lines.len() {
                text.push('\n');
                text.push_str(lines[i]);
                i += 1;
                if lines[i - 1].trim_start_matches('\t') == delim {
                    break;
                }
            }
        }
        out.push(Unit { text, line: start + 1 });
    }
    out
}

/// The delimiter of a `<<WORD` / `<<-WORD` / `<<'WORD'` on this line, if any.
pub fn heredoc_delimiter(line: &str) -> Option<String> {
    let at = line.find("<<")?;
    let rest = line[at + 2..].trim_start_matches('-').trim_start();
    let word: String = rest
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != ';' && *c != '|')
        .filter(|c| *c != '\'' && *c != '"')
        .collect();
    (!word.is_empty()).then_some(word)
}

/// Runs a whole script from a fresh cluster and returns the transcript: each unit echoed
/// after `$ ` (heredoc lines after `> `), then what it printed.
pub fn run_script(script: &str, seed: u64) -> String {
    run_script_keeping(script, seed).0
}

/// `run_script`, handing back the session as the script left it. A process that exits
/// right after need not drop it: freeing a large world object by object is a sixth of a
/// 10,000-pod run, and the operating system takes the memory back at once.
pub fn run_script_keeping(script: &str, seed: u64) -> (String, Session) {
    let mut session = Session::new(World::new(seed), Mode::Script);
    // Native only: the page fetches the docs instead of carrying them in its wasm.
    #[cfg(not(target_arch = "wasm32"))]
    session.set_explain_docs(crate::kubectl::bundled_explain_docs());
    let mut transcript = String::new();
    for unit in units(script) {
        let mut lines = unit.text.lines();
        if let Some(first) = lines.next() {
            transcript.push_str(&format!("$ {first}\n"));
        }
        for l in lines {
            transcript.push_str(&format!("> {l}\n"));
        }
        let out = session.run(&unit.text);
        transcript.push_str(&out.text());
    }
    (transcript, session)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_keep_heredoc_bodies_with_their_command() {
        let u = units("# c\nk get pods\n\nk apply -f - <<EOF\nkind: Pod\nEOF\nsleep 1\n");
        assert_eq!(u.len(), 3);
        assert_eq!(u[1].text, "k apply -f - <<EOF\nkind: Pod\nEOF");
        assert_eq!(u[2].line, 7);
    }
}
