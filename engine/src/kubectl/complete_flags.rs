//! The flags `kubectl WORDS...` takes, for Tab completion, read from the command table
//! (`verbs.rs`) that the parser and `--help` read too, so the three cannot drift.

use super::verbs;

/// The flags `kubectl WORDS...` accepts (`--long` and `-s` forms), for Tab completion. A
/// command without flags, or that is not kubectl's, gives none.
pub fn flags_of(words: &[String]) -> Vec<String> {
    let Some(found) = verbs::find(words) else { return Vec::new() };
    let mut specs = found.command.all_flags();
    crate::sort::sort_by_key(&mut specs, |s| s.long);
    specs.dedup_by_key(|s| s.long);
    let mut flags = Vec::new();
    for spec in specs {
        flags.push(format!("--{}", spec.long));
        flags.extend(spec.short.map(|c| format!("-{c}")));
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
