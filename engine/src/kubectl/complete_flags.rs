//! The flags `kubectl WORDS...` takes, for Tab completion: the verb is asked for its
//! `--help` on a scratch cluster, so the answer is its parser's own table (`verb_help`).
//! Completion's alone: verbs and the parser never call it, so it closes no import circle.

use super::verb_help::OPTIONS;
use super::{KubectlError, Output, Session};

/// The flags `kubectl WORDS...` accepts (`--long` and `-s` forms), for Tab completion: the
/// command is asked for its `--help` on a scratch cluster, so the answer is the parser's own
/// table. A command without flags, or that is not kubectl's, gives none.
pub fn flags_of(words: &[String]) -> Vec<String> {
    let mut scratch = Session::script(1);
    let mut argv = words.to_vec();
    argv.push("--help".into());
    let mut out = Output::default();
    let Err(KubectlError::Help(text)) =
        super::run::kubectl(&mut scratch, &argv, None, true, None, &mut out)
    else {
        return Vec::new();
    };
    let Some((_, options)) = text.split_once(OPTIONS) else { return Vec::new() };
    let mut flags = Vec::new();
    for line in options.lines().take_while(|l| !l.is_empty()) {
        let line = line.trim();
        let (short, long) = match line.split_once(", ") {
            Some((s, l)) => (Some(s), l),
            None => (None, line),
        };
        let long = long.split(['=', '[']).next().unwrap_or(long);
        flags.push(long.to_string());
        flags.extend(short.map(str::to_string));
    }
    flags
}

#[cfg(test)]
mod tests {
    /// What a verb's `--help` lists is what Tab offers after it.
    #[test]
    fn each_verbs_parser_flags_complete() {
        for (verb, flag) in [
            ("get", "--show-labels"),
            ("create deployment", "--image"),
            ("delete", "--cascade"),
            ("set image", "--selector"),
            ("rollout status", "--timeout"),
            ("drain", "--ignore-daemonsets"),
        ] {
            let words: Vec<String> = verb.split(' ').map(String::from).collect();
            assert!(
                super::flags_of(&words).contains(&flag.to_string()),
                "{verb}: {flag} completes"
            );
        }
    }

    #[test]
    fn flags_of_lists_long_and_short_forms() {
        let flags = super::flags_of(&["scale".into(), "deploy/web".into()]);
        assert!(flags.contains(&"--replicas".to_string()), "{flags:?}");
        assert!(flags.contains(&"-l".to_string()) && flags.contains(&"--selector".to_string()));
        assert!(super::flags_of(&["frob".into()]).is_empty());
    }
}
