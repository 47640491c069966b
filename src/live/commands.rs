//! Which command lines live mode refuses, and why. Reads and writes of the API run against
//! the mirror (`page/live.rs`); what only the built-in simulation has (its nodes' machines,
//! its loops, its clock, its containers' made-up output) would be a lie about a real cluster.

/// Words that act on the simulation itself (the sandbox's commands, `sandbox.rs`).
const SANDBOX: [&str; 10] = [
    "reset",
    "sleep",
    "settle",
    "node",
    "nodes",
    "controller",
    "controllers",
    "traffic",
    "load",
    "events",
];

/// Why live mode will not run `line`, or `None` to run it.
pub fn refusal(line: &str) -> Option<String> {
    segments(line).iter().find_map(|words| refuse_words(words))
}

fn refuse_words(words: &[String]) -> Option<String> {
    let first = words.first()?.as_str();
    match first {
        "kubectl" | "k" => refuse_kubectl(&words[1..]),
        "timeout" => refuse_words(words.get(2..).unwrap_or_default()),
        w if SANDBOX.contains(&w) => Some(format!(
            "kubeloop: live mode does not run `{w}`: it acts on the built-in cluster's simulation \
             (its machines, loops and clock), and a real cluster's are its own. Disconnect to use it"
        )),
        _ => None,
    }
}

fn refuse_kubectl(args: &[String]) -> Option<String> {
    let mut verb = None;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let ns = match a {
            "-n" | "--namespace" => {
                i += 1;
                args.get(i).map(String::as_str)
            }
            _ => a
                .strip_prefix("--namespace=")
                .or_else(|| a.strip_prefix("-n").filter(|v| !v.is_empty())),
        };
        if let Some(ns) = ns.filter(|ns| *ns != super::NAMESPACE) {
            return Some(format!(
                "kubeloop: live mode mirrors the \"{}\" namespace only, not \"{ns}\"",
                super::NAMESPACE
            ));
        }
        if matches!(a, "-A" | "--all-namespaces" | "--all-namespaces=true") {
            return Some(format!(
                "kubeloop: live mode mirrors the \"{}\" namespace only; drop --all-namespaces",
                super::NAMESPACE
            ));
        }
        if verb.is_none() && !a.starts_with('-') && ns.is_none() {
            verb = Some(a);
        }
        i += 1;
    }
    let why = match verb? {
        "logs" => "it would print the simulated container's output, not this pod's",
        "top" => "the mirror has no figures from the cluster's metrics API",
        "exec" => "it cannot run commands in the cluster's containers",
        "edit" => "the editor saves into the built-in cluster; use `kubectl patch` or `kubectl apply -f -`",
        "version" => "the status line above shows the server's version (its /version)",
        _ => return None,
    };
    Some(format!("kubeloop: live mode does not run `kubectl {}`: {why}", verb?))
}

/// The simple commands of a line (split at `;`, `&&`, `||`, `|`, newlines and `$(`), each as
/// its words; quotes keep what they hold together.
fn segments(line: &str) -> Vec<Vec<String>> {
    let mut out = vec![Vec::new()];
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, ';' | '|' | '&' | '\n' | '(' | ')' | '`') => {
                let last = out.last_mut().expect("never empty");
                last.extend(word.take());
                out.push(Vec::new());
            }
            (None, '$') if chars.peek() == Some(&'(') => {}
            (None, c) if c.is_whitespace() => {
                out.last_mut().expect("never empty").extend(word.take())
            }
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.last_mut().expect("never empty").extend(word);
    out.retain(|w| !w.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_run_and_the_simulations_own_commands_are_refused_with_a_reason() {
        for ok in [
            "kubectl get pods",
            "k scale deploy web --replicas=3 && k get rs | grep web",
            "kubectl -n default delete pod web-1",
            "echo 'reset; sleep 5' | grep reset",
        ] {
            assert_eq!(refusal(ok), None, "{ok}");
        }
        let said = refusal("node add").unwrap();
        assert!(said.contains("does not run `node`"), "{said}");
        assert!(refusal("k get pods; sleep 5").unwrap().contains("`sleep`"));
        assert!(refusal("kubectl logs web-1").unwrap().contains("not this pod's"));
        assert!(refusal("echo $(kubectl top pods)").unwrap().contains("metrics"));
        assert!(refusal("kubectl get pods -n kube-system").unwrap().contains("\"kube-system\""));
        assert!(refusal("kubectl get pods --namespace=shop").unwrap().contains("\"shop\""));
        assert!(refusal("kubectl get pods -A").unwrap().contains("--all-namespaces"));
        assert!(refusal("timeout 5 kubectl exec web-1 -- ls").unwrap().contains("exec"));
    }
}
