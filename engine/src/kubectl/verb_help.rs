//! `kubectl VERB --help` (`-h`): cobra answers every command's `--help` with its usage on
//! stdout and exit status 0 (spf13/cobra command.go `execute`, `helpFlag`). kubeloop prints
//! the verb's forms from `help` and the flags its parser accepts, built from the same
//! `FlagSpec` table the parser reads, so the list cannot drift from what works.

use super::flag_spec::FlagSpec;
use super::help::kubectl_help;

pub(super) const OPTIONS: &str = "\nOptions:\n";

/// The help text for `verb` (as the parser names it: `scale`, `create deployment`), whose
/// flags are `specs`.
pub fn usage(verb: &str, specs: &[FlagSpec]) -> String {
    let first = verb.split_whitespace().next().unwrap_or(verb);
    let mut text = String::from("Usage (the forms kubeloop runs):\n");
    let mut forms = 0;
    let mut in_form = false;
    for line in kubectl_help().lines() {
        let starts = line.strip_prefix("  ").is_some_and(|l| {
            !l.starts_with(' ')
                && (l.split_whitespace().next() == Some(first)
                    || l.split_whitespace()
                        .next()
                        .is_some_and(|w| w.split('|').any(|v| v == first)))
        });
        // A form's continuation lines are indented deeper than the form itself.
        in_form = starts || (in_form && line.starts_with("      "));
        if starts {
            text.push_str(&format!("  kubectl {}\n", line.trim()));
            forms += 1;
        } else if in_form {
            text.push_str(&format!("      {}\n", line.trim()));
        }
    }
    if forms == 0 {
        text.push_str(&format!("  kubectl {verb} [options]\n"));
    }
    if !specs.is_empty() {
        text.push_str(OPTIONS);
        let mut sorted: Vec<&FlagSpec> = specs.iter().collect();
        crate::sort::sort_by_key(&mut sorted, |s| s.long);
        for s in sorted {
            let short = s.short.map_or(String::from("    "), |c| format!("-{c}, "));
            let value = match (s.takes_value, s.no_opt_default) {
                (false, _) => String::new(),
                (true, Some(d)) => format!("[={d}]"),
                (true, None) => "=''".to_string(),
            };
            text.push_str(&format!("    {short}--{}{value}\n", s.long));
        }
    }
    text.push_str(&format!(
        "\nkubeloop accepts the options above; any other gets kubectl's \"unknown flag\" error.\nUse \"kubectl {verb} --help\" on a real cluster for every option's description.\n"
    ));
    text
}

#[cfg(test)]
mod tests {
    use crate::session::Session;

    /// Every verb the command box runs answers `--help` on stdout with exit status 0, and
    /// lists the flags its parser accepts.
    #[test]
    fn every_verb_answers_help_with_its_flags() {
        let verbs = [
            ("get", "--show-labels"),
            ("describe", "--show-events"),
            ("create deployment", "--image="),
            ("apply", "--filename="),
            ("run", "--restart="),
            ("expose", "--target-port="),
            ("delete", "--cascade="),
            ("scale", "--replicas="),
            ("label", "--overwrite"),
            ("patch", "--subresource="),
            ("set image", "--selector="),
            ("rollout status", "--timeout="),
            ("wait", "--for="),
            ("events", "--types="),
            ("logs", "--tail="),
            ("drain", "--ignore-daemonsets"),
        ];
        for (verb, flag) in verbs {
            let mut s = Session::script(1);
            for form in ["--help", "-h"] {
                let out = s.run(&format!("k {verb} {form}"));
                assert_eq!(out.status, 0, "k {verb} {form}: {}", out.text());
                let text = out.stdout();
                // A form of the verb from `help`, not just the closing pointer to kubectl.
                let first = verb.split(' ').next().unwrap();
                let usage = text.split(super::OPTIONS).next().unwrap_or_default();
                let has_form = usage.lines().any(|l| {
                    l.strip_prefix("  kubectl ")
                        .and_then(|f| f.split_whitespace().next())
                        .is_some_and(|w| w.split('|').any(|v| v == first))
                });
                assert!(has_form, "k {verb} {form} shows its forms:\n{text}");
                assert!(text.contains(flag), "k {verb} {form} lists {flag}:\n{text}");
            }
        }
    }
}
