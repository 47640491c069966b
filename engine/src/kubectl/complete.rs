//! Tab completion for the command box and the `kubeloop` prompt: verbs, kinds and object
//! names, each a LIST of the server (as kubectl's `__complete` lists resources,
//! kubectl/pkg/util/completion/completion.go `CompGetResource`), the loops by the names the
//! server lists them under, and each command's subcommands and flags from the command table
//! (`verbs.rs`).

use serde_json::Value;

use crate::api::client::{self, Api, Call, Verb};
use crate::model::Kind;

/// Commands the page runs itself rather than kubectl (`edit` opens its YAML editor).
const PAGE_VERBS: &[&str] = &["edit"];
/// What `kubectl expose` takes (expose.go `exposeResources`, less replication controllers).
const EXPOSABLE: &[&str] = &["deployment", "replicaset", "pod", "service", "deploy", "rs", "svc"];
/// `-o`'s values (kubectl/pkg/cmd/get/get_flags.go `AllowedFormats`, the ones kubeloop prints).
const OUTPUTS: &[&str] =
    &["wide", "name", "yaml", "json", "jsonpath=", "custom-columns=", "go-template="];
const SANDBOX: &[&str] = &[
    "node",
    "controller",
    "traffic",
    "load",
    "events",
    "settle",
    "sleep",
    "timeout",
    "reset",
    "export",
    "clear",
    "help",
];

fn subcommands(path: &[&str]) -> Vec<String> {
    super::verbs::subcommand_names(path).into_iter().map(String::from).collect()
}

/// The resource words `get`, `describe` and the like take: every kind's plural and short
/// names (from the kind registry), then the categories (`all`), from `Kind::ALL`.
fn kind_words() -> Vec<String> {
    let names = Kind::ALL
        .iter()
        .flat_map(|&k| std::iter::once(k.plural()).chain(k.info().short_names.iter().copied()));
    let categories = Kind::ALL.iter().flat_map(|&k| k.info().categories.iter().copied());
    let mut words: Vec<String> = names.chain(categories).map(str::to_string).collect();
    crate::sort::sort(&mut words);
    words.dedup();
    words
}

/// The names of `kind`'s objects in the default namespace; none when the server refuses.
fn names(api: &mut dyn Api, kind: Kind) -> Vec<String> {
    if kind == Kind::Event {
        return Vec::new();
    }
    let listed = client::list(api, kind, "default", None, None).unwrap_or_default();
    listed.iter().map(|o| o.meta().name.clone()).collect()
}

/// The loops, as the `kubeloop.dev/v1` `controllers` list names them.
fn loops(api: &mut dyn Api) -> Vec<String> {
    let call = Call::extension(Verb::List, "controllers", "", None, None);
    let listed = client::body(api, &call).unwrap_or_default();
    let items = listed.get("items").and_then(Value::as_array);
    let name = |c: &Value| c.pointer("/metadata/name").and_then(Value::as_str).map(String::from);
    items.into_iter().flatten().filter_map(name).collect()
}

/// The candidates for the last word of `line`.
pub fn candidates(line: &str, api: &mut dyn Api) -> Vec<String> {
    let ends_with_space = line.ends_with(' ');
    let mut words: Vec<&str> = line.split_whitespace().collect();
    // `K` is a phone's capitalised `k` (run.rs reads it so too).
    if words.len() > 1 && words[0] == "K" {
        words[0] = "k";
    }
    let (done, partial) = if ends_with_space || words.is_empty() {
        (words.as_slice(), "")
    } else {
        (&words[..words.len() - 1], words[words.len() - 1])
    };
    let pool: Vec<String> = match done {
        ["k" | "kubectl", .., "-o" | "--output"] => OUTPUTS.iter().map(|s| s.to_string()).collect(),
        // A flag: the verb's own, asked of its parser with the words before it (so `create
        // deployment -` gets create deployment's flags).
        ["k" | "kubectl", verb, rest @ ..] if partial.starts_with('-') => {
            let words: Vec<String> = std::iter::once(*verb)
                .chain(rest.iter().copied().filter(|w| !w.starts_with('-')))
                .map(String::from)
                .collect();
            super::flags_of(&words)
        }
        [] => ["k", "kubectl"].iter().chain(SANDBOX).map(|s| s.to_string()).collect(),
        ["k" | "kubectl"] => {
            let table = super::verbs::COMMANDS.iter().map(super::verbs::Command::name);
            table.chain(PAGE_VERBS.iter().copied()).map(String::from).collect()
        }
        // A command's subcommands, from the command table.
        ["k" | "kubectl", verb @ ("rollout" | "set" | "top")] => subcommands(&[verb]),
        ["k" | "kubectl", "rollout", _] => {
            let mut of = |kind, short: &str| -> Vec<String> {
                names(api, kind).into_iter().map(|n| format!("{short}/{n}")).collect()
            };
            let mut all = of(Kind::Deployment, "deploy");
            all.extend(of(Kind::DaemonSet, "ds"));
            all.extend(of(Kind::StatefulSet, "sts"));
            all
        }
        ["k" | "kubectl", "set", "image" | "env" | "resources"] | ["load"] => {
            names(api, Kind::Deployment).into_iter().map(|n| format!("deploy/{n}")).collect()
        }
        ["k" | "kubectl", "cordon" | "uncordon" | "drain"] => names(api, Kind::Node),
        ["k" | "kubectl", "create"] => {
            let mut words = subcommands(&["create"]);
            words.push("-f".into());
            words
        }
        ["k" | "kubectl", "create", "service" | "svc"] => subcommands(&["create", "service"]),
        ["k" | "kubectl", "expose"] => EXPOSABLE.iter().map(|s| s.to_string()).collect(),
        // autoscale.go's validArgs, less replication controllers.
        ["k" | "kubectl", "autoscale"] => {
            ["deployment", "replicaset", "statefulset"].iter().map(|s| s.to_string()).collect()
        }
        // `explain` takes a resource (and a dotted path after it), never `all`.
        ["k" | "kubectl", "explain"] => {
            let categories: Vec<&str> =
                Kind::ALL.iter().flat_map(|&k| k.info().categories.iter().copied()).collect();
            kind_words().into_iter().filter(|w| !categories.contains(&w.as_str())).collect()
        }
        // `logs` takes a pod by name, or a workload by TYPE/NAME.
        ["k" | "kubectl", "logs" | "exec"] if !partial.contains('/') => names(api, Kind::Pod),
        ["k" | "kubectl", "top", "pod"] => names(api, Kind::Pod),
        ["k" | "kubectl", "top", "node"] => names(api, Kind::Node),
        ["traffic"] => names(api, Kind::Service).into_iter().map(|n| format!("svc/{n}")).collect(),
        ["k" | "kubectl", _verb] => {
            if let Some((ty, _)) = partial.split_once('/') {
                match Kind::from_resource(ty) {
                    Some(kind) => {
                        names(api, kind).into_iter().map(|n| format!("{ty}/{n}")).collect()
                    }
                    None => Vec::new(),
                }
            } else {
                kind_words()
            }
        }
        ["k" | "kubectl", _verb, ty, ..] if !ty.starts_with('-') => match Kind::from_resource(ty) {
            Some(kind) => names(api, kind),
            None => Vec::new(),
        },
        ["node"] => ["add", "remove", "fail", "recover", "toleration"]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        ["node", "remove" | "fail" | "recover"] => names(api, Kind::Node),
        ["controller"] => {
            ["stop", "start", "pause", "list"].iter().map(|s| s.to_string()).collect()
        }
        // Every loop by its short name (`controller stop|start NAME`), and `all`.
        ["controller", _] => loops(api).into_iter().chain(["all".to_string()]).collect(),
        _ => Vec::new(),
    };
    let mut out: Vec<String> = pool.into_iter().filter(|c| c.starts_with(partial)).collect();
    crate::sort::sort(&mut out);
    out.dedup();
    out
}

/// Completes the line: the unique candidate, or the longest common prefix of several.
pub fn complete(line: &str, api: &mut dyn Api) -> Option<String> {
    let cands = candidates(line, api);
    let first = cands.first()?;
    let common = cands.iter().skip(1).fold(first.clone(), |acc, c| {
        acc.chars().zip(c.chars()).take_while(|(a, b)| a == b).map(|(a, _)| a).collect()
    });
    let partial_len =
        if line.ends_with(' ') { 0 } else { line.split_whitespace().last().map_or(0, str::len) };
    let base = &line[..line.len() - partial_len];
    let suffix = if cands.len() == 1 { " " } else { "" };
    let completed = format!("{base}{common}{suffix}");
    (completed != line).then_some(completed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;

    #[test]
    fn rollout_completes_daemonsets_too() {
        let mut s = Session::script(1);
        let ds = "k apply -f - <<EOF\nkind: DaemonSet\napiVersion: apps/v1\nmetadata: {name: agent}\nspec:\n  selector: {matchLabels: {app: agent}}\n  template:\n    metadata: {labels: {app: agent}}\n    spec: {containers: [{name: a, image: nginx}]}\nEOF";
        assert_eq!(s.run(ds).status, 0);
        assert_eq!(
            complete("k rollout history d", s.api()).as_deref(),
            Some("k rollout history ds/agent ")
        );
    }

    #[test]
    fn completes_verbs_kinds_and_names() {
        let mut s = Session::script(1);
        s.run("k create deployment web --image=nginx:1.27 --replicas=1; settle");
        let w = s.api();
        assert_eq!(complete("k sc", w).as_deref(), Some("k scale "));
        assert_eq!(complete("k get deplo", w).as_deref(), Some("k get deploy"));
        assert_eq!(complete("k get deploym", w).as_deref(), Some("k get deployments "));
        assert_eq!(complete("k scale deploy/w", w).as_deref(), Some("k scale deploy/web "));
        assert_eq!(complete("k rollout undo ", w).as_deref(), Some("k rollout undo deploy/web "));
        let pod = complete("k delete pod w", w).unwrap();
        assert!(pod.starts_with("k delete pod web-") && pod.ends_with(' '), "{pod}");
        assert_eq!(complete("k get pods zzz", w), None);
        assert_eq!(candidates("node f", w), vec!["fail"]);
        // `exp` is ambiguous between expose and explain.
        assert_eq!(complete("k exp", w), None);
        assert_eq!(complete("k expo", w).as_deref(), Some("k expose "));
        assert_eq!(complete("k expl", w).as_deref(), Some("k explain "));
        assert_eq!(
            complete("k explain endpointsl", w).as_deref(),
            Some("k explain endpointslices ")
        );
        assert_eq!(complete("k explain al", w), None, "explain takes no `all`");
        assert_eq!(complete("k expose dep", w).as_deref(), Some("k expose deploy"));
        assert_eq!(
            complete("k create service n", w).as_deref(),
            Some("k create service nodeport ")
        );
        s.run("k expose deploy web --port=80");
        let w = s.api();
        assert_eq!(complete("k describe svc w", w).as_deref(), Some("k describe svc web "));
        assert_eq!(candidates("k get endp", w), vec!["endpoints", "endpointslices"]);
        assert_eq!(candidates("K get endp", w), vec!["endpoints", "endpointslices"], "K is k");
        assert_eq!(complete("k to", w).as_deref(), Some("k top "));
        assert_eq!(complete("k top n", w).as_deref(), Some("k top node "));
        assert_eq!(complete("k set res", w).as_deref(), Some("k set resources "));
        assert_eq!(complete("loa", w).as_deref(), Some("load "));
        assert_eq!(complete("load ", w).as_deref(), Some("load deploy/web "));
    }

    #[test]
    fn every_kind_the_engine_knows_is_offered_by_its_plural_and_short_names() {
        let mut s = Session::script(1);
        let w = s.api();
        let words = candidates("k get ", w);
        let explain = candidates("k explain ", w);
        for kind in Kind::ALL {
            assert!(words.iter().any(|c| c == kind.plural()), "get offers no {}", kind.plural());
            assert!(explain.iter().any(|c| c == kind.plural()), "explain offers no {kind}");
            for short in kind.info().short_names {
                assert!(words.iter().any(|c| c == short), "get offers no {short} ({kind})");
            }
        }
        assert!(words.contains(&"all".to_string()) && !explain.contains(&"all".to_string()));
        assert_eq!(
            complete("k get horizontalpod", w).as_deref(),
            Some("k get horizontalpodautoscalers ")
        );
        assert_eq!(complete("k describe pv", w).as_deref(), Some("k describe pvc "));
        let loops = candidates("controller stop ", w);
        for c in ["replicaset", "deployment", "scheduler", "kubelet", "all"] {
            assert!(loops.iter().any(|l| l == c), "controller offers no {c}");
        }
    }

    #[test]
    fn completes_each_verbs_flags_and_output_formats() {
        let mut s = Session::script(1);
        let w = s.api();
        assert_eq!(
            complete("k scale deploy/web --rep", w).as_deref(),
            Some("k scale deploy/web --replicas ")
        );
        assert_eq!(candidates("k get pods --show-l", w), vec!["--show-labels"]);
        assert_eq!(
            candidates("k get pods --sh", w),
            vec!["--show-labels", "--show-managed-fields"]
        );
        assert_eq!(candidates("k logs web --ta", w), vec!["--tail"]);
        assert!(candidates("k delete pod x -", w).contains(&"--cascade".to_string()));
        assert_eq!(candidates("k get pods -o ya", w), vec!["yaml"]);
        assert!(candidates("k create deployment web --im", w) == vec!["--image"]);
        assert!(candidates("k frob --x", w).is_empty());
    }
}
