//! Reading an earlier moment: while the timeline shows the past, a line that only reads the
//! cluster (`get`, `describe`, `explain`, piped into text filters) answers about the moment on
//! show; anything that could write, or wait on time (`-w`), is refused as before. The answer
//! goes to the terminal only: it is not journaled, so carrying on from the moment replays
//! exactly what changed the cluster.

use std::rc::Rc;

use kubeloop::kubectl::shell::{parse, Part, Script, SimpleCommand};

use super::{LogLine, Sim};

/// kubectl verbs that read and never write.
const READ_VERBS: [&str; 3] = ["get", "describe", "explain"];
/// The shell's text filters: they only read their input.
const FILTERS: [&str; 7] = ["grep", "head", "tail", "wc", "sort", "uniq", "echo"];
/// kubectl's global flags that take the next word as their value.
const VALUED: [&str; 4] = ["-n", "--namespace", "--context", "--kubeconfig"];

/// Whether `line` only reads the cluster and ends by itself: every command in it (and in its
/// `$( )`) is `kubectl get|describe|explain` without a watch, or a text filter.
pub fn reads_only(line: &str) -> bool {
    parse(line).is_ok_and(|s| !s.items.is_empty() && script_reads_only(&s))
}

fn script_reads_only(s: &Script) -> bool {
    s.items.iter().all(|(p, _)| p.commands.iter().all(command_reads_only))
}

fn command_reads_only(c: &SimpleCommand) -> bool {
    let substs_read_only = c.words.iter().flat_map(|w| &w.parts).all(|p| match p {
        Part::Literal(_) => true,
        Part::Subst(s) | Part::QuotedSubst(s) => script_reads_only(s),
    });
    let Some(words) = c.words.iter().map(|w| w.literal()).collect::<Option<Vec<String>>>() else {
        // A substituted word could be anything, the verb included: only arguments may be.
        return substs_read_only
            && c.words
                .first()
                .and_then(|w| w.literal())
                .is_some_and(|w| FILTERS.contains(&w.as_str()));
    };
    if !substs_read_only {
        return false;
    }
    match words.first().map(String::as_str) {
        Some("k" | "K" | "kubectl") => kubectl_reads_only(&words[1..]),
        Some(cmd) => FILTERS.contains(&cmd),
        None => true,
    }
}

fn kubectl_reads_only(args: &[String]) -> bool {
    let mut verb = None;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if VALUED.contains(&a) {
            i += 2;
            continue;
        }
        if !a.starts_with('-') {
            verb = Some(a);
            break;
        }
        i += 1;
    }
    let watches = args.iter().any(|a| {
        matches!(a.as_str(), "-w" | "--watch" | "--watch-only")
            || a.starts_with("--watch=")
            || a.starts_with("--watch-only=")
    });
    verb.is_some_and(|v| READ_VERBS.contains(&v)) && !watches
}

impl Sim {
    /// Answers `line` about the moment the timeline shows, when it only reads; returns false
    /// (and does nothing) otherwise, or when no earlier moment is on show.
    pub fn answer_in_past(&mut self, line: &str) -> bool {
        let Some(past) = self.past.as_deref_mut().filter(|_| reads_only(line)) else {
            return false;
        };
        let out = past.sim.session.run(line);
        let trimmed = line.trim();
        Rc::make_mut(&mut self.history).push(trimmed.to_string());
        Rc::make_mut(&mut self.log).push(LogLine::input(trimmed));
        self.push_output(&out);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_get_describe_explain_and_filters_without_a_watch() {
        for line in [
            "k get pods",
            "kubectl -n kube-system get pods -o wide",
            "K describe deploy web",
            "k explain pods.spec",
            "k get pods | grep web | wc -l",
            "k get rs && k get pods",
            "echo $(k get pods -o name)",
        ] {
            assert!(reads_only(line), "{line}");
        }
        for line in [
            "k scale deploy/web --replicas=2",
            "k get pods -w",
            "k get pods --watch=true",
            "k get pods; k delete pod x",
            "echo $(k delete pod x)",
            "$(echo k) delete pod x",
            "k -n get delete",
            "node fail node-1",
            "sleep 5",
            "k apply -f - <<EOF\nkind: Pod\nEOF",
            "k get pods '",
            "",
        ] {
            assert!(!reads_only(line), "{line}");
        }
    }
}
