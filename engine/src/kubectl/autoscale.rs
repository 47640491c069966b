//! `kubectl autoscale`: a HorizontalPodAutoscaler for a Deployment, ReplicaSet,
//! ReplicationController or
//! StatefulSet, as kubectl 1.34 builds it: the autoscaling/v2 object, with a CPU target from
//! `--cpu` (a percentage is a utilization, a quantity an average value, a bare number
//! millicores) or the deprecated `--cpu-percent`, and a memory target from `--memory`
//! (a bare number is mebibytes). With no target the API server's 80% CPU default applies.
//! Not `-f`/`-k` (kubeloop has no files), `--record`, `--save-config` or templates.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/autoscale/autoscale.go (release-1.34:
//! Validate, Run, `createHorizontalPodAutoscalerV2`, `parseResourceInput`): the builder's GET
//! of each object, then a POST of the HPA through the API client. The v1 fallback never
//! runs here: the server serves autoscaling/v2. kubectl 1.33 posts the same object without
//! the `--cpu` and `--memory` flags (checked against its `--dry-run=client -o yaml`).

use serde_json::{json, Map, Value};

use crate::api::client::{self, Call, Verb};
use crate::model::*;

use super::args::ns_of;
use super::args::{self, flag, FlagSpec};
use super::dry_run::{self, DryRun};
use super::printers;
use super::resource;
use super::{Kubectl, KubectlError, Output};

pub(super) const AUTOSCALE_FLAGS: &[FlagSpec] = &[
    flag("min", None),
    flag("max", None),
    flag("cpu-percent", None),
    flag("cpu", None),
    flag("memory", None),
    flag("name", None),
    flag("namespace", Some('n')),
    flag("field-manager", None),
    flag("filename", Some('f')),
    flag("kustomize", Some('k')),
    super::dry_run::FLAG,
    flag("output", Some('o')),
];

/// What the flags ask for (`-1`: not given, as kubectl's defaults).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub min: i32,
    pub max: i32,
    pub cpu_percent: i32,
    /// `--cpu` and `--memory`, as typed (empty: not given).
    pub cpu: String,
    pub memory: String,
    pub name: String,
}

pub fn autoscale(s: &mut Kubectl, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let a = args::parse(argv, AUTOSCALE_FLAGS, "autoscale")?;
    if a.has("filename") || a.has("kustomize") {
        return Err(KubectlError::Plain(
            "kubeloop: autoscale -f and -k read files, and kubeloop has none; name the object: autoscale deploy NAME --max=N".into(),
        ));
    }
    // cobra's MarkFlagRequired("max") runs before the command.
    if !a.has("max") {
        return Err(KubectlError::Usage("required flag(s) \"max\" not set".into()));
    }
    let o = Options {
        min: a.int32("min")?.unwrap_or(-1),
        max: a.int32("max")?.unwrap_or(-1),
        cpu_percent: a.int32("cpu-percent")?.unwrap_or(-1),
        cpu: a.get("cpu").unwrap_or_default().to_string(),
        memory: a.get("memory").unwrap_or_default().to_string(),
        name: a.get("name").unwrap_or_default().to_string(),
    };
    if a.has("cpu-percent") {
        // cobra's MarkDeprecated: said on stderr when the flag is used.
        out.err("Flag --cpu-percent has been deprecated, Use --cpu with percentage or resource quantity format (e.g., '70%' for utilization or '500m' for milliCPU).\n");
    }
    let dry = DryRun::from_args(&a, s.now(), out)?;
    validate(&o)?;
    let output = dry_run::output_format(a.get("output"))?;
    let ns = ns_of(&a);
    let sel = resource::select(&a.positional, false)?;
    if sel.items.is_empty() {
        return Err(resource::no_resource(false));
    }
    if !sel.named {
        return Err(KubectlError::Usage(
            "resource(s) were provided, but no name was specified".into(),
        ));
    }
    // The builder visits each object and goes on after a failure (ContinueOnError); the
    // errors come after, one a line.
    let mut errors: Vec<KubectlError> = Vec::new();
    for (kind, names) in &sel.items {
        for name in names {
            let manager = a.get("field-manager").unwrap_or("kubectl-autoscale");
            match autoscale_one(s, (*kind, &ns, name), &o, (dry, manager), output) {
                Ok(text) => out.out(text),
                Err(e) => errors.push(e),
            }
        }
    }
    if errors.is_empty() {
        return Ok(0);
    }
    for e in errors {
        let text = e.to_string();
        out.err(if text.ends_with('\n') { text } else { format!("{text}\n") });
    }
    Ok(1)
}

/// `AutoscaleOptions.Validate` (1.34).
pub fn validate(o: &Options) -> Result<(), KubectlError> {
    if o.max < 1 {
        return Err(KubectlError::Usage(format!(
            "--max=MAXPODS is required and must be at least 1, max: {}",
            o.max
        )));
    }
    if o.max < o.min {
        return Err(KubectlError::Usage(format!(
            "--max=MAXPODS must be larger or equal to --min=MINPODS, max: {}, min: {}",
            o.max, o.min
        )));
    }
    if o.cpu_percent > 0 && !o.cpu.is_empty() {
        return Err(KubectlError::Usage("--cpu-percent and --cpu are mutually exclusive".into()));
    }
    for (input, resource) in [(&o.cpu, "cpu"), (&o.memory, "memory")] {
        if !input.is_empty() {
            target(input, resource).map_err(KubectlError::Usage)?;
        }
    }
    Ok(())
}

/// `parseResourceInput`: `70%` is a utilization; a bare number takes the resource's unit
/// (`m` of CPU, `Mi` of memory); anything else must be a quantity. The target as the API
/// writes it (`MetricTarget`), or kubectl's error.
fn target(input: &str, resource: &str) -> Result<Value, String> {
    let input = input.trim();
    if input.is_empty() {
        return Err("empty input".into());
    }
    if let Some(number) = input.strip_suffix('%') {
        return match number.parse::<i64>() {
            Ok(p) if (0..=i64::from(i32::MAX)).contains(&p) => {
                Ok(json!({ "type": "Utilization", "averageUtilization": p }))
            }
            _ => Err(format!("invalid percentage value: {number}")),
        };
    }
    let text = match input.parse::<f64>() {
        // Go's `%g` of the number, then the unit.
        Ok(n) => format!(
            "{}{}",
            crate::gofmt::go_float(n, false),
            if resource == "cpu" { "m" } else { "Mi" }
        ),
        Err(_) => input.to_string(),
    };
    match crate::model::quantity::parse(&text) {
        Ok(q) => Ok(json!({ "type": "AverageValue", "averageValue": q.canonical() })),
        Err(_) => Err(format!("invalid resource {resource} value: {input}")),
    }
}

fn autoscale_one(
    s: &mut Kubectl,
    (kind, ns, name): (Kind, &str, &str),
    o: &Options,
    (dry, manager): (DryRun, &str),
    output: Option<&str>,
) -> Result<String, KubectlError> {
    // The builder GETs the object first; then the scale kind resolver looks for its
    // /scale subresource in discovery (autoscale.go Run).
    client::get(s.api(), kind, ns, name)?;
    let scalable =
        [Kind::Deployment, Kind::ReplicaSet, Kind::StatefulSet, Kind::ReplicationController];
    if !scalable.contains(&kind) {
        let gv = match kind.group() {
            "" => format!("/{}", kind.version()),
            g => format!("{g}/{}", kind.version()),
        };
        return Err(KubectlError::Usage(format!(
            "cannot autoscale a {}: could not find scale subresource for {gv}, Resource={} in discovery information",
            kind.as_str(),
            kind.plural()
        )));
    }
    let hpa = generate_v2(kind, name, o);
    let hpa_name = hpa["metadata"]["name"].as_str().unwrap_or(name).to_string();
    if dry == DryRun::Client {
        return Ok(match output {
            Some(f @ ("yaml" | "json")) => dry_run::print_value(&hpa, f),
            Some(_) => format!("{}/{hpa_name}\n", Kind::HorizontalPodAutoscaler.kind_group()),
            None => format!(
                "{}\n",
                printers::operation(Kind::HorizontalPodAutoscaler, &hpa_name, &dry.op("created"))
            ),
        });
    }
    let mut body = hpa;
    body["metadata"]["namespace"] = json!(ns);
    // autoscale.go handleHPA: `Create` of the HPA with the dry-run and field-manager options.
    let call = Call {
        verb: Verb::Create,
        name: None,
        body: Some(body),
        ..Call::get(Kind::HorizontalPodAutoscaler, ns, &hpa_name)
    }
    .dry_run(dry == DryRun::Server)
    .field_manager(manager);
    let created = client::object(s.api(), &call)?;
    Ok(match output {
        Some(f @ ("yaml" | "json")) => dry_run::print_value(&printers::object_json(&created), f),
        Some(_) => format!("{}/{hpa_name}\n", Kind::HorizontalPodAutoscaler.kind_group()),
        None => format!(
            "{}\n",
            printers::operation(
                Kind::HorizontalPodAutoscaler,
                &created.meta().name,
                &dry.op("autoscaled")
            )
        ),
    })
}

/// `createHorizontalPodAutoscalerV2`, in Go's field order: no namespace, a minimum only above
/// 0, the CPU metric (from `--cpu-percent` above 0, or `--cpu`) then the memory one, and the
/// v2 status's fields that are never omitted (`desiredReplicas`, `currentMetrics: null`).
pub fn generate_v2(kind: Kind, ref_name: &str, o: &Options) -> Value {
    let name = if o.name.is_empty() { ref_name } else { &o.name };
    let mut spec = Map::new();
    spec.insert(
        "scaleTargetRef".into(),
        json!({ "kind": kind.as_str(), "name": ref_name, "apiVersion": kind.api_version() }),
    );
    if o.min > 0 {
        spec.insert("minReplicas".into(), json!(o.min));
    }
    spec.insert("maxReplicas".into(), json!(o.max));
    let metric = |resource: &str, target: Value| json!({ "type": "Resource", "resource": { "name": resource, "target": target } });
    let mut metrics = Vec::new();
    if o.cpu_percent > 0 {
        let utilization = json!({ "type": "Utilization", "averageUtilization": o.cpu_percent });
        metrics.push(metric("cpu", utilization));
    }
    for (input, resource) in [(&o.cpu, "cpu"), (&o.memory, "memory")] {
        if let Some(t) = (!input.is_empty()).then(|| target(input, resource).ok()).flatten() {
            metrics.push(metric(resource, t));
        }
    }
    if !metrics.is_empty() {
        spec.insert("metrics".into(), Value::Array(metrics));
    }
    json!({
        "kind": "HorizontalPodAutoscaler",
        "apiVersion": "autoscaling/v2",
        "metadata": { "name": name, "creationTimestamp": null },
        "spec": Value::Object(spec),
        "status": { "desiredReplicas": 0, "currentMetrics": null },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;

    fn opts(min: i32, max: i32, cpu: i32) -> Options {
        Options { min, max, cpu_percent: cpu, ..Default::default() }
    }

    #[test]
    fn the_hpa_is_created_through_the_api_and_a_server_dry_run_stores_none() {
        let mut s = Session::script(1);
        assert_eq!(s.run("k create deployment web --image=nginx").status, 0);
        let out = s.run("k autoscale deploy web --max=3 --dry-run=server");
        assert_eq!(
            out.text(),
            "horizontalpodautoscaler.autoscaling/web autoscaled (server dry run)\n"
        );
        assert_eq!(s.run("k get hpa web -o name").status, 1);
        let out = s.run("k autoscale deploy web --max=3 --cpu=60% --memory=256 -o json");
        assert!(out.text().contains("\"averageUtilization\": 60"), "{}", out.text());
        let line = "k get hpa web -o jsonpath='{.spec.metrics[1].resource.target.averageValue}'";
        assert_eq!(s.run(line).text(), "256Mi");
        let out = s.run("k autoscale deploy ghost --max=3");
        assert_eq!(
            out.text(),
            "Error from server (NotFound): deployments.apps \"ghost\" not found\n"
        );
    }

    #[test]
    fn validate_words_its_errors_as_kubectl() {
        assert_eq!(
            validate(&opts(-1, 0, -1)).unwrap_err().to_string(),
            "error: --max=MAXPODS is required and must be at least 1, max: 0"
        );
        assert_eq!(
            validate(&opts(7, 5, -1)).unwrap_err().to_string(),
            "error: --max=MAXPODS must be larger or equal to --min=MINPODS, max: 5, min: 7"
        );
        let both = Options { cpu: "50%".into(), ..opts(-1, 3, 50) };
        assert_eq!(
            validate(&both).unwrap_err().to_string(),
            "error: --cpu-percent and --cpu are mutually exclusive"
        );
        let bad = Options { memory: "lots".into(), ..opts(-1, 3, -1) };
        assert_eq!(
            validate(&bad).unwrap_err().to_string(),
            "error: invalid resource memory value: lots"
        );
        let pct = Options { cpu: "x%".into(), ..opts(-1, 3, -1) };
        assert_eq!(validate(&pct).unwrap_err().to_string(), "error: invalid percentage value: x");
        assert!(validate(&opts(-1, 1, -1)).is_ok());
    }

    #[test]
    fn targets_are_utilizations_or_average_values_as_parse_resource_input_reads_them() {
        let t = |input: &str, resource: &str| target(input, resource).unwrap();
        assert_eq!(t("70%", "cpu"), json!({"type": "Utilization", "averageUtilization": 70}));
        assert_eq!(t("500", "cpu"), json!({"type": "AverageValue", "averageValue": "500m"}));
        assert_eq!(t("1.5", "cpu"), json!({"type": "AverageValue", "averageValue": "1500u"}));
        assert_eq!(t("2Gi", "memory"), json!({"type": "AverageValue", "averageValue": "2Gi"}));
        assert_eq!(t("200", "memory"), json!({"type": "AverageValue", "averageValue": "200Mi"}));
        // No target at all: no metrics; the API server defaults 80% CPU.
        let h = generate_v2(Kind::Deployment, "web", &opts(-1, 5, -1));
        assert!(h["spec"].get("metrics").is_none() && h["spec"].get("minReplicas").is_none());
    }
}
