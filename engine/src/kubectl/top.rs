//! `kubectl top pod|node` (kubectl/pkg/cmd/top/top_pod.go, top_node.go), printed as
//! kubectl/pkg/metricsutil/metrics_printer.go prints them: the `metrics.k8s.io/v1beta1`
//! PodMetrics or NodeMetrics the server answers (`api::metrics`), then the pods or nodes
//! themselves from the core API where kubectl reads them too. The server's refusals are
//! printed as kubectl prints them.

use serde_json::Value;

use crate::api::client::{self, Call, Extension, Verb};
use crate::clock::Time;
use crate::gofmt::go_duration;
use crate::model::quantity;
use crate::model::Kind;
use crate::model::{Node, Object, Pod};

use super::args::{self, flag, switch, FlagSpec};
use super::get::parse_selector;
use super::printers::TabWriter;
use super::{Kubectl, KubectlError, Output};

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

pub fn top(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
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

/// A usage figure as kubectl reads it from a metrics `usage` map.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Usage {
    cpu_milli: u64,
    memory_bytes: u64,
}

impl std::ops::Add for Usage {
    type Output = Usage;
    fn add(self, o: Usage) -> Usage {
        Usage {
            cpu_milli: self.cpu_milli.saturating_add(o.cpu_milli),
            memory_bytes: self.memory_bytes.saturating_add(o.memory_bytes),
        }
    }
}

/// `{"cpu": "5m", "memory": "1048576"}`; what does not parse counts as nothing.
fn usage_of(v: &Value) -> Usage {
    let milli = |k: &str| {
        let q = v.get(k).and_then(Value::as_str).and_then(|q| quantity::parse(q).ok());
        q.map_or(0, |q| u64::try_from(q.milli_value()).unwrap_or_default())
    };
    Usage { cpu_milli: milli("cpu"), memory_bytes: milli("memory") / 1000 }
}

const METRICS: &str = "metrics.k8s.io/v1beta1";

/// A GET of PodMetrics or NodeMetrics: one by name, or a list by label selector.
fn metrics(
    s: &mut Kubectl,
    plural: &'static str,
    ns: &str,
    name: Option<&str>,
    selector: &str,
) -> Result<Vec<Value>, KubectlError> {
    let ext = Extension { group_version: METRICS, plural };
    let verb = if name.is_some() { Verb::Get } else { Verb::List };
    let call = Call::outside(verb, ext, ns, name).selectors(Some(selector), None);
    let answer = client::body(s.api(), &call)?;
    Ok(match name {
        Some(_) => vec![answer],
        None => answer.get("items").and_then(Value::as_array).cloned().unwrap_or_default(),
    })
}

fn text(v: &Value, pointer: &str) -> String {
    v.pointer(pointer).and_then(Value::as_str).unwrap_or_default().to_string()
}

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

fn top_pod(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
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
    // The selector is checked here as kubectl's flag parsing checks it; the server applies it.
    parse_selector(a.get("selector"))?;
    let all_ns = a.bool("all-namespaces", false)?;
    let ns = a.get("namespace").unwrap_or("default").to_string();
    let (containers, no_headers, sum) =
        (a.bool("containers", false)?, a.bool("no-headers", false)?, a.bool("sum", false)?);
    let now = s.now();
    // top_pod.go getMetricsFromMetricsAPI: one PodMetrics, or the list by selector.
    let scope = if all_ns && name.is_none() { "" } else { ns.as_str() };
    let answered = metrics(s, "pods", scope, name.as_deref(), selector_text)?;
    let mut items: Vec<PodMetrics> = answered
        .iter()
        .map(|m| {
            let containers = m.get("containers").and_then(Value::as_array);
            let cs = containers.into_iter().flatten();
            let cs = cs.map(|c| (text(c, "/name"), usage_of(&c["usage"]))).collect();
            (text(m, "/metadata/namespace"), text(m, "/metadata/name"), cs)
        })
        .collect();
    if items.is_empty() {
        // verifyEmptyMetrics: the pods of the namespace kubectl was given, even with -A.
        let listed = client::list(s.api(), Kind::Pod, &ns, Some(selector_text), None)?;
        let pods: Vec<&Pod> = listed
            .iter()
            .filter_map(|o| match o {
                Object::Pod(p) => Some(p.as_ref()),
                _ => None,
            })
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

fn top_node(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
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
    parse_selector(a.get("selector"))?;
    let selector = a.get("selector").unwrap_or_default();
    let no_headers = a.bool("no-headers", false)?;
    let capacity = a.bool("show-capacity", false)?;
    // top_node.go: the NodeMetrics first (a missing node is the metrics API's NotFound),
    // then the nodes themselves for their capacity.
    let answered = metrics(s, "nodes", "", name.as_deref(), selector)?;
    let usage: Vec<(String, Usage)> =
        answered.iter().map(|m| (text(m, "/metadata/name"), usage_of(&m["usage"]))).collect();
    let listed = match &name {
        Some(n) => vec![client::get(s.api(), Kind::Node, "", n)?],
        None => client::list(s.api(), Kind::Node, "", Some(selector), None)?,
    };
    let nodes: Vec<&Node> = listed
        .iter()
        .filter_map(|o| match o {
            Object::Node(n) => Some(n.as_ref()),
            _ => None,
        })
        .collect();
    let mut measured: Vec<(&Node, Usage)> = nodes
        .iter()
        .filter_map(|n| {
            let u = usage.iter().find(|(m, _)| *m == n.metadata.name)?;
            Some((*n, u.1))
        })
        .collect();
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
