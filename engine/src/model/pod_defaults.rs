//! What the API server fills in on a pod and a pod template: the defaulting functions
//! (pkg/apis/core/v1/defaults.go `SetDefaults_PodSpec`, `SetDefaults_Container`,
//! `SetDefaults_Pod`, and the declarative `+default="TCP"` on container ports), the v1
//! conversion of `serviceAccount`, and, for pods only, what create adds: the admission
//! plugins ServiceAccount, Priority and DefaultTolerationSeconds, and the strategy's
//! `PrepareForCreate` (pkg/registry/core/pod/strategy.go: phase Pending, `qosClass`).
//!
//! It does not validate, and does not know service accounts or priority classes beyond the
//! defaults: every namespace has a `default` service account and no priority class.
//! Defaults are `&'static str`s or shared values, so defaulting a pod allocates only what is
//! its own (the service-account volume's random name and its mounts).

use std::rc::Rc;

use compact_str::CompactString;
use serde_json::{json, Value};

use super::pod::{Container, Pod, PodSpec, DEFAULT_GRACE_SECONDS};
use super::pod_parts::{Resources, Toleration, Tolerations, Volume, VolumeMount};
use super::pod_status::{PodStatus, QosClass};

const fn s(text: &'static str) -> Option<CompactString> {
    Some(CompactString::const_new(text))
}

/// plugin/pkg/admission/serviceaccount/admission.go: `ServiceAccountVolumeName` and
/// `DefaultAPITokenMountPath`.
pub const SERVICE_ACCOUNT_VOLUME_PREFIX: &str = "kube-api-access-";
pub const SERVICE_ACCOUNT_MOUNT_PATH: &str = "/var/run/secrets/kubernetes.io/serviceaccount";
/// `serviceaccount.WarnOnlyBoundTokenExpirationSeconds`: one hour and seven seconds.
pub const TOKEN_EXPIRATION_SECONDS: i64 = 3607;
/// plugin/pkg/admission/defaulttolerationseconds/admission.go: five minutes.
pub const DEFAULT_TOLERATION_SECONDS: i64 = 300;
pub const TAINT_NOT_READY: &str = "node.kubernetes.io/not-ready";
pub const TAINT_UNREACHABLE: &str = "node.kubernetes.io/unreachable";

thread_local! {
    /// `TokenVolumeSource()` with `SetDefaults_ProjectedVolumeSource`'s mode (0644 = 420).
    static TOKEN_SOURCE: Rc<Value> = Rc::new(json!({
        "defaultMode": 420,
        "sources": [
            {"serviceAccountToken": {"expirationSeconds": TOKEN_EXPIRATION_SECONDS, "path": "token"}},
            {"configMap": {"items": [{"key": "ca.crt", "path": "ca.crt"}], "name": "kube-root-ca.crt"}},
            {"downwardAPI": {"items": [{
                "fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.namespace"},
                "path": "namespace"
            }]}}
        ]
    }));
    /// `securityContext: {}`, shared by every defaulted spec.
    static EMPTY_OBJECT: Rc<Value> = Rc::new(Value::Object(Default::default()));
    static DEFAULT_TOLERATIONS: Tolerations =
        [toleration(TAINT_NOT_READY), toleration(TAINT_UNREACHABLE)].into();
}

fn toleration(key: &str) -> Toleration {
    Toleration {
        key: Some(key.into()),
        operator: Some("Exists".into()),
        value: None,
        effect: Some("NoExecute".into()),
        toleration_seconds: Some(DEFAULT_TOLERATION_SECONDS),
    }
}

/// The defaults every PodSpec gets, in a Pod or in a template. Idempotent, and free on an
/// already defaulted spec.
pub fn default_pod_spec(spec: &mut PodSpec) {
    spec.dns_policy.get_or_insert_with(|| CompactString::const_new("ClusterFirst"));
    spec.restart_policy.get_or_insert_with(|| CompactString::const_new("Always"));
    spec.security_context.get_or_insert_with(|| EMPTY_OBJECT.with(Rc::clone));
    spec.termination_grace_period_seconds.get_or_insert(DEFAULT_GRACE_SECONDS);
    spec.scheduler_name.get_or_insert_with(|| CompactString::const_new("default-scheduler"));
    // pkg/apis/core/v1/conversion.go: an old client's `serviceAccount` names the account,
    // and the v1 form always carries both.
    if spec.service_account_name.is_none() {
        spec.service_account_name = spec.service_account.take();
    }
    if spec.service_account != spec.service_account_name {
        spec.service_account.clone_from(&spec.service_account_name);
    }
    spec.containers.iter_mut().for_each(default_container);
}

/// `SetDefaults_Container`, plus the ports' declarative protocol default.
fn default_container(c: &mut Container) {
    if c.image_pull_policy.is_none() {
        c.image_pull_policy =
            if image_tag(&c.image) == "latest" { s("Always") } else { s("IfNotPresent") };
    }
    c.termination_message_path
        .get_or_insert_with(|| CompactString::const_new("/dev/termination-log"));
    c.termination_message_policy.get_or_insert_with(|| CompactString::const_new("File"));
    for p in &mut c.ports {
        p.protocol.get_or_insert_with(|| CompactString::const_new("TCP"));
    }
    // `SetDefaults_ObjectFieldSelector`: a downward-API `fieldRef` reads the v1 object.
    let env = c.env.as_deref_mut().and_then(serde_json::Value::as_array_mut);
    for e in env.into_iter().flatten() {
        let field_ref = e.pointer_mut("/valueFrom/fieldRef").and_then(|f| f.as_object_mut());
        if let Some(f) = field_ref {
            f.entry("apiVersion").or_insert_with(|| "v1".into());
        }
    }
}

/// The tag `parsers.ParseImageName` finds: `latest` when the reference has neither a tag
/// nor a digest, empty when it has only a digest.
fn image_tag(image: &str) -> &str {
    let (name, digest) = match image.split_once('@') {
        Some((name, _)) => (name, true),
        None => (image, false),
    };
    let last = name.rsplit('/').next().unwrap_or(name);
    match last.rsplit_once(':') {
        Some((_, tag)) => tag,
        None if digest => "",
        None => "latest",
    }
}

/// `SetDefaults_Pod` on top of the spec defaults: service links, and requests copied from
/// limits where a container sets limits only.
pub fn default_pod(pod: &mut Pod) {
    default_pod_spec(&mut pod.spec);
    pod.spec.enable_service_links.get_or_insert(true);
    for c in &mut pod.spec.containers {
        let Some(Value::Object(limits)) = c.resources.limits.as_deref() else { continue };
        let requests = c.resources.requests.get_or_insert_with(Default::default);
        if requests.is_null() {
            **requests = Value::Object(Default::default());
        }
        if let Value::Object(requests) = &mut **requests {
            for (k, v) in limits {
                requests.entry(k.clone()).or_insert_with(|| v.clone());
            }
        }
    }
}

/// What creating a pod adds after defaulting: the mutating admission plugins, then the
/// strategy's `PrepareForCreate`. `volume_suffix` draws the service-account volume's random
/// suffix; it is called only when the pod gets that volume.
pub fn admit_pod(pod: &mut Pod, volume_suffix: impl FnOnce() -> String) {
    let spec = &mut pod.spec;
    // Priority: no PriorityClass exists, so `DefaultPriorityWhenNoDefaultClassExists`.
    spec.priority.get_or_insert(0);
    spec.preemption_policy.get_or_insert_with(|| CompactString::const_new("PreemptLowerPriority"));
    // ServiceAccount.
    if spec.service_account_name.is_none() {
        spec.service_account_name = s("default");
        spec.service_account = s("default");
    }
    if spec.automount_service_account_token != Some(false) {
        mount_service_account_token(spec, volume_suffix);
    }
    // DefaultTolerationSeconds.
    add_default_tolerations(spec);
    pod.status = PodStatus { qos_class: Some(qos_class(&pod.spec)), ..PodStatus::default() };
}

/// What a `kubectl apply` of a pod manifest leaves alone when the manifest does not set
/// it: the fields admission added at create (a real apply patches, so they stay).
pub fn keep_admitted(new: &mut PodSpec, old: &PodSpec) {
    new.priority = new.priority.or(old.priority);
    if new.preemption_policy.is_none() {
        new.preemption_policy.clone_from(&old.preemption_policy);
    }
    if new.service_account_name.is_none() && new.service_account.is_none() {
        new.service_account_name.clone_from(&old.service_account_name);
        new.service_account.clone_from(&old.service_account);
    }
    if new.tolerations.is_none() {
        new.tolerations.clone_from(&old.tolerations);
    }
    let is_token = |v: &&Volume| v.name.starts_with(SERVICE_ACCOUNT_VOLUME_PREFIX);
    let Some(volume) = old.volumes.iter().find(is_token) else { return };
    if !new.volumes.iter().any(|v| is_token(&v)) {
        new.volumes.push(volume.clone());
    }
    for c in &mut new.containers {
        let old_mount = old
            .containers
            .iter()
            .filter(|o| o.name == c.name)
            .flat_map(|o| o.volume_mounts.iter())
            .find(|m| m.name == volume.name);
        if let Some(m) = old_mount {
            if c.volume_mounts.iter().all(|n| n.mount_path != m.mount_path) {
                c.volume_mounts.push(m.clone());
            }
        }
    }
}

/// `mountServiceAccountToken`: every container that has nothing at the token path mounts
/// the `kube-api-access-*` volume read-only; the volume is added when one does.
fn mount_service_account_token(spec: &mut PodSpec, volume_suffix: impl FnOnce() -> String) {
    let existing = spec.volumes.iter().find(|v| v.name.starts_with(SERVICE_ACCOUNT_VOLUME_PREFIX));
    let has_volume = existing.is_some();
    let needs = spec
        .containers
        .iter()
        .any(|c| c.volume_mounts.iter().all(|m| m.mount_path != SERVICE_ACCOUNT_MOUNT_PATH));
    if !needs {
        return;
    }
    let name: CompactString = match existing {
        Some(v) => v.name.clone(),
        None => format!("{SERVICE_ACCOUNT_VOLUME_PREFIX}{}", volume_suffix()).into(),
    };
    for c in &mut spec.containers {
        if c.volume_mounts.iter().all(|m| m.mount_path != SERVICE_ACCOUNT_MOUNT_PATH) {
            c.volume_mounts.push(VolumeMount {
                name: name.clone(),
                read_only: Some(true),
                mount_path: CompactString::const_new(SERVICE_ACCOUNT_MOUNT_PATH),
                ..Default::default()
            });
        }
    }
    if !has_volume {
        let projected = Some(TOKEN_SOURCE.with(Rc::clone));
        spec.volumes.push(Volume { name, projected, ..Default::default() });
    }
}

/// Adds the not-ready and unreachable NoExecute tolerations a pod does not already have. A
/// pod without tolerations shares the one default list.
fn add_default_tolerations(spec: &mut PodSpec) {
    let Some(current) = spec.tolerations.as_ref().filter(|t| !t.is_empty()) else {
        spec.tolerations = Some(DEFAULT_TOLERATIONS.with(Rc::clone));
        return;
    };
    let tolerates = |key: &str| {
        current.iter().any(|t| {
            (t.key() == key || t.key().is_empty())
                && (t.effect() == "NoExecute" || t.effect().is_empty())
        })
    };
    let missing: Vec<Toleration> = [TAINT_NOT_READY, TAINT_UNREACHABLE]
        .into_iter()
        .filter(|k| !tolerates(k))
        .map(toleration)
        .collect();
    if !missing.is_empty() {
        spec.tolerations = Some(current.iter().cloned().chain(missing).collect());
    }
}

/// pkg/apis/core/helper/qos/qos.go `GetPodQOS` over the containers' cpu and memory:
/// nothing requested or limited is BestEffort; limits on both for every container, with
/// requests equal to them, is Guaranteed; anything else Burstable.
pub fn qos_class(spec: &PodSpec) -> QosClass {
    let mut any = false;
    let mut guaranteed = true;
    for c in &spec.containers {
        let r = &c.resources;
        for res in ["cpu", "memory"] {
            let request = Resources::get(&r.requests, res).filter(|q| !is_zero(q));
            let limit = Resources::get(&r.limits, res).filter(|q| !is_zero(q));
            any |= request.is_some() || limit.is_some();
            match limit {
                None => guaranteed = false,
                Some(l) => guaranteed &= request.is_none_or(|q| q == l),
            }
        }
    }
    match (any, guaranteed) {
        (false, _) => QosClass::BestEffort,
        (true, true) => QosClass::Guaranteed,
        (true, false) => QosClass::Burstable,
    }
}

fn is_zero(q: &Value) -> bool {
    match q {
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => s
            .trim_start_matches(['+', '-'])
            .trim_start_matches(['0', '.'])
            .chars()
            .all(|c| !c.is_ascii_digit()),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ContainerPort, ObjectMeta};

    #[test]
    fn a_field_ref_reads_the_v1_object_unless_it_says_otherwise() {
        let mut c = Container::new("c", "busybox");
        c.env = Some(Box::new(serde_json::json!([
            {"name": "POD", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name"}}},
            {"name": "NS", "valueFrom": {"fieldRef": {"apiVersion": "v2", "fieldPath": "x"}}},
            {"name": "PLAIN", "value": "1"}
        ])));
        default_container(&mut c);
        let env = c.env.unwrap();
        assert_eq!(env[0]["valueFrom"]["fieldRef"]["apiVersion"], "v1");
        assert_eq!(env[1]["valueFrom"]["fieldRef"]["apiVersion"], "v2");
        assert_eq!(env[2], serde_json::json!({"name": "PLAIN", "value": "1"}));
    }

    fn pod(image: &str) -> Pod {
        let spec =
            PodSpec { containers: vec![Container::new("c", image)].into(), ..Default::default() };
        Pod::new(ObjectMeta::default(), spec)
    }

    #[test]
    fn image_pull_policy_is_always_only_for_latest_or_no_tag() {
        for (image, want) in [
            ("nginx", "Always"),
            ("nginx:latest", "Always"),
            ("nginx:1.27", "IfNotPresent"),
            ("localhost:5000/app", "Always"),
            ("localhost:5000/app:v2", "IfNotPresent"),
            ("nginx@sha256:abcd", "IfNotPresent"),
        ] {
            let mut p = pod(image);
            default_pod(&mut p);
            assert_eq!(p.spec.containers[0].image_pull_policy.as_deref(), Some(want), "{image}");
        }
    }

    #[test]
    fn a_template_gets_spec_defaults_but_no_admission_fields() {
        let mut spec = pod("nginx:1.27").spec;
        spec.containers[0].ports.push(ContainerPort { container_port: 80, ..Default::default() });
        default_pod_spec(&mut spec);
        assert_eq!(spec.dns_policy.as_deref(), Some("ClusterFirst"));
        assert_eq!(spec.containers[0].ports[0].protocol.as_deref(), Some("TCP"));
        assert_eq!(spec.enable_service_links, None);
        assert!(spec.volumes.is_empty() && spec.tolerations.is_none() && spec.priority.is_none());
    }

    #[test]
    fn admission_adds_the_token_volume_mount_and_tolerations_once() {
        let mut p = pod("nginx");
        default_pod(&mut p);
        admit_pod(&mut p, || "abcde".into());
        let again = {
            let mut q = p.clone();
            admit_pod(&mut q, || unreachable!("the volume is already there"));
            q
        };
        assert_eq!(p.spec, again.spec);
        assert_eq!(p.spec.volumes[0].name, "kube-api-access-abcde");
        let m = &p.spec.containers[0].volume_mounts[0];
        assert_eq!((m.mount_path.as_str(), m.read_only), (SERVICE_ACCOUNT_MOUNT_PATH, Some(true)));
        assert_eq!(p.spec.tolerations.as_ref().map(|t| t.len()), Some(2));
        assert_eq!(p.spec.service_account.as_deref(), Some("default"));
        assert_eq!(p.status.qos_class, Some(QosClass::BestEffort));
    }

    #[test]
    fn opting_out_of_automount_leaves_no_volume() {
        let mut p = pod("nginx");
        p.spec.automount_service_account_token = Some(false);
        admit_pod(&mut p, || unreachable!());
        assert!(p.spec.volumes.is_empty());
    }

    #[test]
    fn a_pod_tolerating_everything_gets_no_default_tolerations() {
        let mut p = pod("nginx");
        let all = Toleration { operator: Some("Exists".into()), ..Default::default() };
        p.spec.tolerations = Some(vec![all].into());
        admit_pod(&mut p, || "abcde".into());
        assert_eq!(p.spec.tolerations.as_ref().map(|t| t.len()), Some(1));
    }

    #[test]
    fn qos_follows_requests_and_limits() {
        let mut p = pod("nginx");
        let set = |p: &mut Pod, limits: Value| {
            p.spec.containers[0].resources.limits = Some(Box::new(limits));
            default_pod(p);
            qos_class(&p.spec)
        };
        assert_eq!(qos_class(&p.spec), QosClass::BestEffort);
        assert_eq!(set(&mut p, json!({"cpu": "1", "memory": "1Gi"})), QosClass::Guaranteed);
        let mut q = pod("nginx");
        assert_eq!(set(&mut q, json!({"cpu": "1"})), QosClass::Burstable);
    }
}
