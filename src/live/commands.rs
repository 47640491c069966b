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
        // A plain `kubectl logs POD` is fetched from the server (`logs_path`); any other
        // form would print the simulated container's output.
        "logs" => "only `kubectl logs POD` alone on its line (with -c, --tail, -p, --timestamps) is fetched from the server",
        "top" => "the mirror has no figures from the cluster's metrics API",
        "exec" => "it cannot run commands in the cluster's containers",
        "edit" => "the editor saves into the built-in cluster; use `kubectl patch` or `kubectl apply -f -`",
        "version" => "the status line above shows the server's version (its /version)",
        _ => return None,
    };
    Some(format!("kubeloop: live mode does not run `kubectl {}`: {why}", verb?))
}

/// The server's log path for a line that is exactly `kubectl logs POD [flags]`, the flags
/// those the log subresource takes (`PodLogOptions`: container, tailLines, previous,
/// timestamps); `None` for any other line.
pub fn logs_path(line: &str) -> Option<String> {
    let segs = segments(line);
    let [words] = segs.as_slice() else { return None };
    let (first, rest) = words.split_first()?;
    if !matches!(first.as_str(), "kubectl" | "k")
        || rest.first().map(String::as_str) != Some("logs")
    {
        return None;
    }
    let mut pod = None;
    let mut query = Vec::new();
    let mut args = rest[1..].iter();
    while let Some(a) = args.next() {
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if a.starts_with("--") => (f, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        let mut value = || inline.clone().or_else(|| args.next().cloned());
        match flag {
            "-c" | "--container" => query.push(format!("container={}", value()?)),
            "--tail" => {
                let n: i64 = value()?.parse().ok()?;
                // kubectl's default -1 means all lines.
                if n >= 0 {
                    query.push(format!("tailLines={n}"));
                }
            }
            "-p" | "--previous" => query.push("previous=true".into()),
            "--timestamps" => query.push("timestamps=true".into()),
            "-n" | "--namespace" if value()? == super::NAMESPACE => {}
            f if f.starts_with('-') => return None,
            name if pod.is_none() => {
                pod = Some(
                    name.strip_prefix("pod/")
                        .or(name.strip_prefix("pods/"))
                        .unwrap_or(name)
                        .to_string(),
                )
            }
            _ => return None,
        }
    }
    let pod = pod.filter(|p| !p.is_empty() && !p.contains('/'))?;
    let mut path = format!(
        "{}/log",
        super::resources::item(kubeloop::model::Kind::Pod, super::NAMESPACE, &pod)
    );
    if !query.is_empty() {
        path.push('?');
        path.push_str(&query.join("&"));
    }
    Some(path)
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
        assert!(refusal("kubectl logs web-1 | grep x").unwrap().contains("alone on its line"));
        assert!(refusal("echo $(kubectl top pods)").unwrap().contains("metrics"));
        assert!(refusal("kubectl get pods -n kube-system").unwrap().contains("\"kube-system\""));
        assert!(refusal("kubectl get pods --namespace=shop").unwrap().contains("\"shop\""));
        assert!(refusal("kubectl get pods -A").unwrap().contains("--all-namespaces"));
        assert!(refusal("timeout 5 kubectl exec web-1 -- ls").unwrap().contains("exec"));
    }

    #[test]
    fn a_plain_logs_line_is_fetched_from_the_log_subresource() {
        let base = "/api/v1/namespaces/default/pods/web-1/log";
        assert_eq!(logs_path("kubectl logs web-1").as_deref(), Some(base));
        assert_eq!(
            logs_path("k logs pod/web-1 -c nginx --tail=20 -p").as_deref(),
            Some(format!("{base}?container=nginx&tailLines=20&previous=true").as_str())
        );
        assert_eq!(logs_path("kubectl logs web-1 --tail -1").as_deref(), Some(base));
        for other in [
            "kubectl logs web-1 -f",
            "kubectl logs deploy/web",
            "kubectl logs web-1 | head",
            "kubectl logs",
            "kubectl get pods",
        ] {
            assert_eq!(logs_path(other), None, "{other}");
        }
    }
}
