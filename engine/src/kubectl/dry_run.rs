//! `--dry-run=none|client|server` for every verb that writes: the strategy as kubectl
//! parses it, the words it adds to the operation, the writes a strategy turns into (a
//! request to the API server, with `?dryRun=All` for a server-side one, or nothing), and the
//! object a client-side dry run prints as kubectl's generator built it. It does not decide what a
//! verb writes.
//!
//! Models kubectl/pkg/cmd/util/helpers.go (`AddDryRunFlag`, `GetDryRunStrategy`,
//! `PrintFlagsWithDryRunStrategy`) and cli-runtime/pkg/printers (`JSONPrinter` and
//! `YAMLPrinter` over a typed object, where Go's encoding/json writes struct fields in
//! declaration order and never omits an empty struct).

use serde_json::{Map, Value};

use crate::api::client::{self, Call, Refusal};
use crate::clock::Time;
use crate::model::{Kind, Object};

use super::args::{Args, FlagSpec};
use super::printers;
use super::{Kubectl, KubectlError, Output};

/// `AddDryRunFlag`: a string flag whose bare form means `unchanged` (pflag NoOptDefVal).
pub const FLAG: FlagSpec =
    FlagSpec { long: "dry-run", short: None, takes_value: true, no_opt_default: Some("unchanged") };

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DryRun {
    None,
    Client,
    Server,
}

impl DryRun {
    /// `GetDryRunStrategy`, with its klog warnings for the deprecated spellings.
    pub fn from_args(a: &Args, now: Time, out: &mut Output) -> Result<DryRun, KubectlError> {
        let Some(value) = a.get("dry-run") else { return Ok(DryRun::None) };
        // helpers.go: a Go boolean is the deprecated spelling, warned at lines 728 and 731.
        if let Some(b) = super::args::parse_bool(value) {
            let (strategy, name, line) =
                if b { (DryRun::Client, "client", 728) } else { (DryRun::None, "none", 731) };
            out.err(klog_warning(now, line, &format!("--dry-run={value} is deprecated (boolean value) and can be replaced with --dry-run={name}.")));
            return Ok(strategy);
        }
        match value {
            "unchanged" => {
                let msg = "--dry-run is deprecated and can be replaced with --dry-run=client.";
                out.err(klog_warning(now, 714, msg));
                Ok(DryRun::Client)
            }
            "client" => Ok(DryRun::Client),
            "server" => Ok(DryRun::Server),
            "none" => Ok(DryRun::None),
            // helpers.go GetDryRunStrategy's error.
            other => Err(KubectlError::Usage(format!(
                "Invalid dry-run value ({other}). Must be \"none\", \"server\", or \"client\"."
            ))),
        }
    }

    /// `PrintFlagsWithDryRunStrategy`: the operation with `(dry run)` or `(server dry run)`.
    pub fn op(self, op: &str) -> String {
        match self {
            DryRun::None => op.to_string(),
            DryRun::Client => format!("{op} (dry run)"),
            DryRun::Server => format!("{op} (server dry run)"),
        }
    }

    /// A generator's object created as kubectl creates it (cli-runtime resource/helper.go
    /// `Create`, with `DryRun` and `WithFieldManager` as create.go, run.go and expose.go set
    /// them): a POST of the object's JSON to its namespace's collection, `?dryRun=All` for a
    /// server-side dry run; a client-side one sends nothing and keeps the object as built.
    /// The answer is the object as the server has it (or would have it).
    pub fn post(
        self,
        s: &mut Kubectl,
        obj: Object,
        namespace: &str,
        manager: &str,
    ) -> Result<Object, Refusal> {
        if self == DryRun::Client {
            return Ok(obj);
        }
        let call = Call::create(obj.kind(), namespace, generated_json(&obj))
            .dry_run(self == DryRun::Server)
            .field_manager(manager);
        client::object(s.api(), &call)
    }
}

/// klog's `Warning` line as kubectl writes it to stderr: `Lmmdd hh:mm:ss.uuuuuu PID
/// file:line] msg`. The time is the simulated clock's; the process is kubectl's, which here
/// is always the first.
fn klog_warning(now: Time, line: u32, msg: &str) -> String {
    let stamp = now.to_string(); // 2025-01-01T00:00:05Z
    let (date, time) = stamp.trim_end_matches('Z').split_once('T').unwrap_or(("", ""));
    let mmdd: String = date.split('-').skip(1).collect();
    let micros = now.millis().rem_euclid(1000) * 1000;
    format!("W{mmdd} {time}.{micros:06}       1 helpers.go:{line}] {msg}\n")
}

/// What `-o` asks for, checked before anything is written as `PrintFlags.ToPrinter` does:
/// `None` is the operation line (`service/web created`).
pub fn output_format(o: Option<&str>) -> Result<Option<&str>, KubectlError> {
    match o {
        None => Ok(None),
        Some(f @ ("name" | "yaml" | "json")) => Ok(Some(f)),
        Some(other) => Err(KubectlError::Plain(format!(
            "kubeloop: -o {other} is not supported here (use -o name, -o yaml or -o json)"
        ))),
    }
}

/// `-o yaml|json` of a value as it is (YAML sorts its keys; JSON keeps their order), less
/// its `managedFields` (cli-runtime's `OmitManagedFieldsPrinter`).
pub fn print_value(v: &Value, format: &str) -> String {
    let mut v = v.clone();
    printers::omit_managed_fields(&mut v);
    match format {
        "yaml" => printers::value_to_yaml(&v),
        _ => format!("{}\n", printers::value_json_text(&v)),
    }
}

/// `-o yaml|json` of an unstructured object (a manifest as kubectl read it): keys in Go's
/// map order, as `printers::object_json` gives a stored object.
pub fn print_unstructured(v: &Value, output: Option<&str>) -> String {
    print_value(&sorted(v.clone()), output.unwrap_or("json"))
}

/// Go's map order (bytes) at every level.
fn sorted(v: Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut entries: Vec<(String, Value)> = m.into_iter().collect();
            crate::sort::sort_by(&mut entries, |a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect())
        }
        Value::Array(a) => Value::Array(a.into_iter().map(sorted).collect()),
        other => other,
    }
}

/// What a command prints for an object it wrote: the operation line (`deployment.apps/web
/// created (dry run)`), or `-o name|yaml|json`. A client-side dry run of a generator prints
/// the object as the generator built it (`generated_json`), which is what kubectl holds.
pub fn print(obj: &Object, output: Option<&str>, op: &str, dry: DryRun) -> String {
    let as_built = || match dry {
        DryRun::Client => generated_json(obj),
        _ => printers::object_json(obj),
    };
    match output {
        Some("name") => format!("{}\n", printers::name(obj)),
        Some(f @ ("yaml" | "json")) => print_value(&as_built(), f),
        _ => format!("{}\n", printers::operation(obj.kind(), &obj.meta().name, &dry.op(op))),
    }
}

/// The JSON of an object a kubectl generator built (`create deployment`, `create service`,
/// `create namespace`, `run`, `expose`), as Go's encoding/json writes the typed struct:
/// TypeMeta's `kind` before `apiVersion`, `creationTimestamp: null` from the zero
/// `metav1.Time`, and the empty structs omitempty cannot drop (`strategy: {}`, `status: {}`,
/// `resources: {}`). Fields the model always carries but a generator leaves unset (a
/// Deployment's history limit and progress deadline, its strategy's type) are left out.
pub fn generated_json(obj: &Object) -> Value {
    let Value::Object(mut top) = obj.to_json() else { return Value::Null };
    let mut out = Map::new();
    for key in ["kind", "apiVersion"] {
        if let Some(v) = top.shift_remove(key) {
            out.insert(key.into(), v);
        }
    }
    out.extend(top);
    if let Some(Value::Object(m)) = out.get_mut("metadata") {
        null_timestamp(m);
    }
    // ConfigMaps, Secrets, ServiceAccounts and PriorityClasses have neither spec nor status; a
    // budget's status counts have no omitempty, so its zero status is written out whole.
    if matches!(
        obj.kind(),
        Kind::ConfigMap
            | Kind::Secret
            | Kind::ServiceAccount
            | Kind::PriorityClass
            | Kind::PodDisruptionBudget
    ) {
        return Value::Object(out);
    }
    let spec = match out.get_mut("spec") {
        Some(Value::Object(spec)) => spec,
        _ => {
            out.insert("spec".into(), Value::Object(Map::new()));
            return finish_status(out, obj.kind());
        }
    };
    if obj.kind() == Kind::Service {
        go_order(spec, SERVICE_SPEC);
    }
    if obj.kind() == Kind::Deployment {
        spec.shift_remove("revisionHistoryLimit");
        spec.shift_remove("progressDeadlineSeconds");
        spec.insert("strategy".into(), Value::Object(Map::new()));
    }
    if let Some(Value::Object(m)) = spec.get_mut("template").and_then(|t| t.get_mut("metadata")) {
        null_timestamp(m);
    }
    finish_status(out, obj.kind())
}

/// core/v1 `ServiceSpec`'s fields in declaration order (the model keeps `type` first).
const SERVICE_SPEC: &[&str] = &[
    "ports",
    "selector",
    "clusterIP",
    "clusterIPs",
    "type",
    "externalIPs",
    "sessionAffinity",
    "loadBalancerIP",
    "loadBalancerSourceRanges",
    "externalName",
    "externalTrafficPolicy",
    "healthCheckNodePort",
    "publishNotReadyAddresses",
    "sessionAffinityConfig",
    "ipFamilies",
    "ipFamilyPolicy",
    "allocateLoadBalancerNodePorts",
    "loadBalancerClass",
    "internalTrafficPolicy",
    "trafficDistribution",
];

/// Puts the keys of `m` in `order` (keys it does not name keep their order, after).
fn go_order(m: &mut Map<String, Value>, order: &[&str]) {
    let mut rest = std::mem::take(m);
    for key in order {
        if let Some(v) = rest.shift_remove(*key) {
            m.insert((*key).to_string(), v);
        }
    }
    m.extend(rest);
}

/// The status a generator leaves empty: `{}`, or a Service's `loadBalancer: {}`.
fn finish_status(mut out: Map<String, Value>, kind: Kind) -> Value {
    let status = match kind {
        Kind::Service | Kind::Ingress => serde_json::json!({ "loadBalancer": {} }),
        _ => Value::Object(Map::new()),
    };
    out.insert("status".into(), status);
    Value::Object(out)
}

/// ObjectMeta's zero `creationTimestamp`, in its field's place (after name ... generation).
fn null_timestamp(meta: &mut Map<String, Value>) {
    const BEFORE: &[&str] =
        &["name", "generateName", "namespace", "selfLink", "uid", "resourceVersion", "generation"];
    let at = meta.keys().take_while(|k| BEFORE.contains(&k.as_str())).count();
    meta.shift_insert(at, "creationTimestamp".into(), Value::Null);
}

#[cfg(test)]
#[path = "dry_run_tests.rs"]
pub(super) mod tests;
