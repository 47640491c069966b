//! `kubectl autoscale`: a HorizontalPodAutoscaler for a Deployment, ReplicaSet or
//! StatefulSet, as kubectl 1.32 builds it. That kubectl speaks autoscaling/v1 (a
//! `targetCPUUtilizationPercentage`), so what it prints is the v1 object; the API server
//! converts it to the autoscaling/v2 object kubeloop stores (a CPU Resource metric, and its
//! 80% default when no target is given). Not `-f`/`-k` (kubeloop has no files), `--record`,
//! `--save-config` or templates.
//!
//! Models staging/src/k8s.io/kubectl/pkg/cmd/autoscale/autoscale.go (release-1.32: Validate,
//! Run, the v1 generator): the builder's GET of each object, then a POST of the HPA through
//! the API client. The client addresses a kind at the version the registry serves
//! (autoscaling/v2), so the v1 object goes converted, by the server's own v1 <-> v2
//! conversion (`crate::api::conversion`), and the answer is printed back as v1.

use serde_json::{json, Map, Value};

use crate::api::client::{self, Call, Verb};
use crate::api::conversion::{v1_of, v2_from_v1};
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
    flag("name", None),
    flag("namespace", Some('n')),
    flag("field-manager", None),
    flag("filename", Some('f')),
    flag("kustomize", Some('k')),
    super::dry_run::FLAG,
    flag("output", Some('o')),
];

/// What the flags ask for (`-1`: not given, as kubectl's defaults).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub min: i32,
    pub max: i32,
    pub cpu_percent: i32,
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
        name: a.get("name").unwrap_or_default().to_string(),
    };
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

/// `AutoscaleOptions.Validate` (1.32).
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
    Ok(())
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
    if !matches!(kind, Kind::Deployment | Kind::ReplicaSet | Kind::StatefulSet) {
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
    let v1 = generate_v1(kind, name, o);
    let hpa_name = v1["metadata"]["name"].as_str().unwrap_or(name).to_string();
    if dry == DryRun::Client {
        return Ok(match output {
            Some(f @ ("yaml" | "json")) => dry_run::print_value(&v1, f),
            Some(_) => format!("{}/{hpa_name}\n", Kind::HorizontalPodAutoscaler.kind_group()),
            None => format!(
                "{}\n",
                printers::operation(Kind::HorizontalPodAutoscaler, &hpa_name, &dry.op("created"))
            ),
        });
    }
    let mut hpa = v2_from_v1(&v1);
    hpa.metadata.namespace = ns.to_string();
    let body = serde_json::to_value(&hpa).map_err(|e| KubectlError::Plain(e.to_string()))?;
    // autoscale.go Run: `Create` of the HPA with the dry-run and field-manager options.
    let call = Call {
        verb: Verb::Create,
        name: None,
        body: Some(body),
        ..Call::get(Kind::HorizontalPodAutoscaler, ns, &hpa.metadata.name)
    }
    .dry_run(dry == DryRun::Server)
    .field_manager(manager);
    let created = client::object(s.api(), &call)?;
    Ok(match output {
        Some(f @ ("yaml" | "json")) => dry_run::print_value(&v1_of(&created), f),
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

/// The autoscaling/v1 object kubectl 1.32 builds, in Go's field order: no namespace, a
/// minimum and a CPU target only when given above 0 (`--cpu-percent=0` is kept, as the
/// generator tests `>= 0`), and the v1 status's two counters that are never omitted.
pub fn generate_v1(kind: Kind, ref_name: &str, o: &Options) -> Value {
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
    if o.cpu_percent >= 0 {
        spec.insert("targetCPUUtilizationPercentage".into(), json!(o.cpu_percent));
    }
    json!({
        "kind": "HorizontalPodAutoscaler",
        "apiVersion": "autoscaling/v1",
        "metadata": { "name": name, "creationTimestamp": null },
        "spec": Value::Object(spec),
        "status": { "currentReplicas": 0, "desiredReplicas": 0 },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;

    fn opts(min: i32, max: i32, cpu: i32) -> Options {
        Options { min, max, cpu_percent: cpu, name: String::new() }
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
        let out = s.run("k autoscale deploy web --max=3 --cpu-percent=60 -o json");
        assert!(out.text().contains("\"targetCPUUtilizationPercentage\": 60"), "{}", out.text());
        let line =
            "k get hpa web -o jsonpath='{.spec.metrics[0].resource.target.averageUtilization}'";
        assert_eq!(s.run(line).text(), "60");
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
        assert!(validate(&opts(-1, 1, -1)).is_ok());
    }

    #[test]
    fn the_v1_cpu_target_becomes_a_v2_resource_metric() {
        let v1 = generate_v1(Kind::Deployment, "web", &opts(2, 5, 50));
        let h = v2_from_v1(&v1);
        assert_eq!(h.spec.min_replicas, Some(2));
        let target = &h.spec.metrics[0].resource.as_ref().unwrap().target;
        assert_eq!((target.type_.as_str(), target.average_utilization), ("Utilization", Some(50)));
        // No target at all: nothing to convert, the store defaults it.
        let h = v2_from_v1(&generate_v1(Kind::Deployment, "web", &opts(-1, 5, -1)));
        assert!(h.spec.metrics.is_empty() && h.spec.min_replicas.is_none());
    }
}
