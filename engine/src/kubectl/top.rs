//! `kubectl top pod|node` (kubectl/pkg/cmd/top/top_pod.go, top_node.go), printed as
//! kubectl/pkg/metricsutil/metrics_printer.go prints them, over the usage the world
//! simulates (`world/usage`), as metrics-server would serve it. Errors that metrics-server
//! would return are worded as it words them (metrics-server pkg/api/pod.go, node.go).

use crate::clock::Time;
use crate::controllers::kubelet::go_duration;
use crate::model::quantity;
use crate::model::{Kind, Node, Pod};
use crate::store::ApiError;
use crate::world::usage::Usage;

use super::args::{self, flag, switch, FlagSpec};
use super::get::parse_selector;
use super::printers::TabWriter;
use super::{KubectlError, Output, Session};

pub(super) const POD_FLAGS: &[FlagSpec] = &[
    flag("namespace", Some('n')),
    switch("all-namespaces", Some('A')),
    switch("containers", None),
    flag("field-selector", None),
    switch("no-headers", None),
    flag("selector", Some('l')),
    flag("sort-by", None),
    switch("sum", None),
    switch("use-protocol-buffers", None),
];

pub(super) const NODE_FLAGS: &[FlagSpec] = &[
    flag("namespace", Some('n')),
    switch("no-headers", None),
    flag("selector", Some('l')),
    switch("show-capacity", None),
    flag("sort-by", None),
    switch("use-protocol-buffers", None),
];

/// top_pod.go `metricsCreationDelay`: a pod older than this without metrics is reported.
const METRICS_CREATION_DELAY_MS: i64 = 2 * 60 * 1000;

/// `kubectl top` alone (top.go, `DefaultSubCommandRun`): its help, on stderr.
const TOP_HELP: &str = r#"Display resource (CPU/memory) usage.

 The top command allows you to see the resource consumption for nodes or pods.

 This command requires Metrics Server to be correctly configured and working on the server.

Available Commands:
  node          Display resource (CPU/memory) usage of nodes
  pod           Display resource (CPU/memory) usage of pods

Usage:
  kubectl top [flags] [options]

Use "kubectl top <command> --help" for more information about a given command.
Use "kubectl options" for a list of global command-line options (applies to all commands).
"#;

pub fn top(s: &mut Session, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let all: Vec<FlagSpec> = [POD_FLAGS, NODE_FLAGS].concat();
    match args::first_word(argv, &all) {
        Some("pod" | "pods" | "po") => top_pod(s, argv, out),
        Some("node" | "nodes" | "no") => top_node(s, argv, out),
        first => {
            let a = args::parse(argv, &[], "top")?;
            match first {
                Some(_) => Err(KubectlError::Usage(format!(
                    "unknown command \"{}\"\nSee 'kubectl top -h' for help and examples",
                    a.positional.join(" ")
                ))),
                None => {
                    out.err(TOP_HELP);
                    Ok(1)
                }
            }
        }
    }
}

/// One pod as the metrics API answers: namespace, name, and its containers' usage.
type PodMetrics = (String, String, Vec<(String, Usage)>);

/// What `--sort-by` orders by (top_pod.go Validate).
#[derive(Clone, Copy, PartialEq)]
enum SortBy {
    Name,
    Cpu,
    Memory,
}

fn sort_by(a: &args::Args) -> Result<SortBy, KubectlError> {
    match a.get("sort-by").unwrap_or_default() {
        "" => Ok(SortBy::Name),
        "cpu" => Ok(SortBy::Cpu),
        "memory" => Ok(SortBy::Memory),
        _ => Err(KubectlError::Usage("--sort-by accepts only cpu or memory".into())),
    }
}

/// metrics_printer.go `printSingleResourceUsage`: millicores, and whole mebibytes.
fn cpu_text(u: &Usage) -> String {
    format!("{}m", u.cpu_milli)
}

fn memory_text(u: &Usage) -> String {
    format!("{}Mi", u.memory_bytes / (1024 * 1024))
}

/// Orders by usage, highest first, else by name (metricsutil `PodMetricsSorter`).
fn compare(by: SortBy, a: &Usage, b: &Usage) -> std::cmp::Ordering {
    match by {
        SortBy::Cpu => b.cpu_milli.cmp(&a.cpu_milli),
        SortBy::Memory => b.memory_bytes.cmp(&a.memory_bytes),
        SortBy::Name => std::cmp::Ordering::Equal,
    }
}

fn top_pod(s: &mut Session, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, POD_FLAGS, "top pod")?;
    if a.get("field-selector").is_some_and(|f| !f.is_empty()) {
        return Err(KubectlError::Plain(
            "kubeloop: `kubectl top pod --field-selector` is not supported in kubeloop (use -l)"
                .into(),
        ));
    }
    let name = match &a.positional[1..] {
        [] => None,
        [n] => Some(n.clone()),
        _ => {
            return Err(KubectlError::Usage(
                "pod [NAME | -l label]\nSee 'kubectl top pod -h' for help and examples".into(),
            ))
        }
    };
    let by = sort_by(&a)?;
    let selector_text = a.get("selector").unwrap_or_default();
    if name.is_some() && !selector_text.is_empty() {
        return Err(KubectlError::Usage("only one of NAME or selector can be provided".into()));
    }
    let selector = parse_selector(a.get("selector"))?;
    let all_ns = a.bool("all-namespaces", false)?;
    let ns = a.get("namespace").unwrap_or("default").to_string();
    let (containers, no_headers, sum) =
        (a.bool("containers", false)?, a.bool("no-headers", false)?, a.bool("sum", false)?);
    let metrics = s.world.metrics();
    let now = s.now();
    // The metrics API's answer: (namespace, pod, containers' usage).
    let mut items: Vec<PodMetrics> = Vec::new();
    if let Some(name) = &name {
        let Some(pod) = s.world.store.get::<Pod>(&ns, name) else {
            return Err(ApiError::NotFound { kind: Kind::Pod, name: name.clone() }.into());
        };
        let Some(usage) = metrics.pod(pod) else {
            return Err(KubectlError::Plain(format!(
                "Error from server (NotFound): podmetrics.metrics.k8s.io \"{ns}/{name}\" not found"
            )));
        };
        items.push((
            ns.clone(),
            name.clone(),
            usage.into_iter().map(|c| (c.name, c.usage)).collect(),
        ));
    } else {
        let scope = if all_ns { None } else { Some(ns.as_str()) };
        for pod in s.world.store.list::<Pod>(scope, None) {
            if !selector.matches(&pod.metadata.labels) {
                continue;
            }
            if let Some(usage) = metrics.pod(pod) {
                let cs = usage.into_iter().map(|c| (c.name, c.usage)).collect();
                items.push((pod.metadata.namespace.clone(), pod.metadata.name.clone(), cs));
            }
        }
    }
    if items.is_empty() {
        // verifyEmptyMetrics: the pods of the namespace kubectl was given, even with -A.
        let pods: Vec<&Pod> = s
            .world
            .store
            .list::<Pod>(Some(&ns), None)
            .filter(|p| selector.matches(&p.metadata.labels))
            .collect();
        if !pods.is_empty() {
            return Err(KubectlError::Usage(empty_metrics_reason(&pods, now)));
        }
        out.err(if all_ns {
            "No resources found\n".to_string()
        } else {
            format!("No resources found in {ns} namespace.\n")
        });
        return Ok(0);
    }
    let total = |cs: &[(String, Usage)]| cs.iter().fold(Usage::default(), |t, (_, u)| t + *u);
    items.sort_by(|x, y| {
        compare(by, &total(&x.2), &total(&y.2))
            .then_with(|| if all_ns { x.0.cmp(&y.0) } else { std::cmp::Ordering::Equal })
            .then_with(|| x.1.cmp(&y.1))
    });
    // Every cell ends in a tab, as metrics_printer.go's printValue writes them.
    let mut text = String::new();
    let mut columns = 3;
    if !no_headers {
        if all_ns {
            text.push_str("NAMESPACE\t");
        }
        if containers {
            text.push_str("POD\t");
        }
        text.push_str("NAME\tCPU(cores)\tMEMORY(bytes)\t\n");
    }
    columns += usize::from(all_ns) + usize::from(containers);
    for (pod_ns, pod, cs) in &mut items {
        let prefix = if all_ns { format!("{pod_ns}\t") } else { String::new() };
        if containers {
            cs.sort_by(|x, y| compare(by, &x.1, &y.1));
            for (c, u) in cs.iter() {
                text.push_str(&format!(
                    "{prefix}{pod}\t{c}\t{}\t{}\t\n",
                    cpu_text(u),
                    memory_text(u)
                ));
            }
        } else {
            let u = total(cs);
            text.push_str(&format!("{prefix}{pod}\t{}\t{}\t\n", cpu_text(&u), memory_text(&u)));
        }
    }
    if sum {
        // printPodResourcesSum: a rule under the two usage columns, then the totals.
        let all = items.iter().fold(Usage::default(), |t, (_, _, cs)| t + total(cs));
        text.push_str(&"\t".repeat(columns - 2));
        text.push_str("________\t________\t\n");
        text.push_str(&"\t".repeat(columns - 3));
        text.push_str(&format!("\t{}\t{}\t\n", cpu_text(&all), memory_text(&all)));
    }
    out.out(TabWriter::default().write_text(&text));
    Ok(0)
}

/// verifyEmptyMetrics and checkPodAge: a pod old enough to have metrics is named.
fn empty_metrics_reason(pods: &[&Pod], now: Time) -> String {
    for p in pods {
        let created = p.metadata.creation_timestamp.unwrap_or(Time::ZERO);
        let age = now.since(created);
        if age > METRICS_CREATION_DELAY_MS {
            return format!(
                "Metrics not available for pod {}/{}, age: {}",
                p.metadata.namespace,
                p.metadata.name,
                go_duration(age)
            );
        }
    }
    "metrics not available yet".into()
}

fn top_node(s: &mut Session, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, NODE_FLAGS, "top node")?;
    let name = match &a.positional[1..] {
        [] => None,
        [n] => Some(n.clone()),
        _ => {
            return Err(KubectlError::Usage(
                "node [NAME | -l label]\nSee 'kubectl top node -h' for help and examples".into(),
            ))
        }
    };
    let by = sort_by(&a)?;
    if name.is_some() && a.get("selector").is_some_and(|l| !l.is_empty()) {
        return Err(KubectlError::Usage("only one of NAME or --selector can be provided".into()));
    }
    let selector = parse_selector(a.get("selector"))?;
    let no_headers = a.bool("no-headers", false)?;
    let capacity = a.bool("show-capacity", false)?;
    let metrics = s.world.metrics();
    let nodes: Vec<&Node> = match &name {
        Some(n) => {
            let Some(node) = s.world.store.get::<Node>("", n) else {
                return Err(ApiError::NotFound { kind: Kind::Node, name: n.clone() }.into());
            };
            if metrics.node(node).is_none() {
                return Err(KubectlError::Plain(format!(
                    "Error from server (NotFound): nodemetrics.metrics.k8s.io \"{n}\" not found"
                )));
            }
            vec![node]
        }
        None => s
            .world
            .store
            .list::<Node>(None, None)
            .filter(|n| selector.matches(&n.metadata.labels))
            .collect(),
    };
    let mut measured: Vec<(&Node, Usage)> =
        nodes.iter().filter_map(|n| Some((*n, metrics.node(n)?))).collect();
    if measured.is_empty() {
        return Err(KubectlError::Usage("metrics not available yet".into()));
    }
    measured.sort_by(|x, y| {
        compare(by, &x.1, &y.1).then_with(|| x.0.metadata.name.cmp(&y.0.metadata.name))
    });
    let mut text = String::new();
    if !no_headers {
        text.push_str("NAME\tCPU(cores)\tCPU(%)\tMEMORY(bytes)\tMEMORY(%)\t\n");
    }
    for (node, u) in &measured {
        let available = if capacity { &node.status.capacity } else { &node.status.allocatable };
        let percent = |res: &str, used_milli: u128| {
            let avail =
                available.get(res).and_then(|q| quantity::parse(q).ok()).map(|q| q.milli_value());
            match avail {
                None => String::new(),
                Some(a) if a <= 0 => "0%\t".into(),
                Some(a) => format!("{}%\t", (used_milli as f64 / a as f64 * 100.0) as i64),
            }
        };
        text.push_str(&format!(
            "{}\t{}\t{}{}\t{}\n",
            node.metadata.name,
            cpu_text(u),
            percent("cpu", u128::from(u.cpu_milli)),
            memory_text(u),
            percent("memory", u128::from(u.memory_bytes) * 1000),
        ));
    }
    // Nodes listed without metrics (a kubelet that is down): printMissingMetricsNodeLine.
    for node in
        nodes.iter().filter(|n| !measured.iter().any(|(m, _)| m.metadata.name == n.metadata.name))
    {
        text.push_str(&format!("{}\t{}\n", node.metadata.name, "<unknown>\t".repeat(4)));
    }
    out.out(TabWriter::default().write_text(&text));
    Ok(0)
}
