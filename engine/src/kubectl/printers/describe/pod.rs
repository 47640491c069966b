//! `describe pod`, and the container and pod-template sections ReplicaSets and Deployments
//! share. Models describe.go `describePod`, `describeContainers`, `describeStatus` and
//! `DescribePodTemplate`, `describeVolumes`, `describeContainerVolumes` and
//! `printTolerationsMultilineWithIndent` (staging/src/k8s.io/kubectl/pkg/describe/describe.go).

use serde_json::Value;

use super::reader::Reader;
use super::{annotations, controlled_by, events, labels, rfc1123z, since, Writer};
use crate::clock::Time;
use crate::model::{
    qos_class, Container, ContainerState, ContainerStatus, Pod, PodPhase, PodTemplateSpec,
    Toleration, Volume,
};

pub(super) fn describe_pod(r: &mut Reader, pod: &Pod, now: Time) -> String {
    let m = &pod.metadata;
    let status = &pod.status;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    w.w(0, &format!("Priority:\t{}\n", pod.spec.priority.unwrap_or(0)));
    if let Some(class) = pod.spec.priority_class_name.as_deref().filter(|c| !c.is_empty()) {
        w.w(0, &format!("Priority Class Name:\t{class}\n"));
    }
    let account = pod.spec.service_account_name.as_deref().unwrap_or("");
    w.w(0, &format!("Service Account:\t{account}\n"));
    match pod.node() {
        None => w.w(0, "Node:\t<none>\n"),
        Some(node) => {
            w.w(0, &format!("Node:\t{node}/{}\n", status.host_ip.as_deref().unwrap_or("")))
        }
    }
    if let Some(t) = status.start_time {
        w.w(0, &format!("Start Time:\t{}\n", rfc1123z(Some(t))));
    }
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    let terminal = matches!(status.phase, PodPhase::Succeeded | PodPhase::Failed);
    match m.deletion_timestamp {
        // Within the grace period the deletion timestamp lies ahead, so Go's time.Since is
        // negative and this reads `(lasts <invalid>)`, exactly as real kubectl shows it.
        Some(t) if !terminal => {
            w.w(0, &format!("Status:\tTerminating (lasts {})\n", since(Some(t), now)));
            let grace = m
                .deletion_grace_period_seconds
                .or(pod.spec.termination_grace_period_seconds)
                .unwrap_or(crate::model::DEFAULT_GRACE_SECONDS);
            w.w(0, &format!("Termination Grace Period:\t{grace}s\n"));
        }
        _ => w.w(0, &format!("Status:\t{}\n", status.phase.as_str())),
    }
    for (label, value) in [("Reason", &status.reason), ("Message", &status.message)] {
        if let Some(v) = value.as_deref().filter(|v| !v.is_empty()) {
            w.w(0, &format!("{label}:\t{v}\n"));
        }
    }
    let ip = status.pod_ip.as_deref().unwrap_or("");
    w.w(0, &format!("IP:\t{ip}\n"));
    if ip.is_empty() {
        w.w(0, "IPs:\t<none>\n");
    } else {
        w.w(0, &format!("IPs:\n  IP:\t{ip}\n"));
    }
    controlled_by(&mut w, m);
    containers(
        &mut w,
        "Containers",
        &pod.spec.containers,
        Some((&m.uid, &status.container_statuses)),
        "",
    );
    if !status.conditions.is_empty() {
        w.w(0, "Conditions:\n  Type\tStatus\n");
        for c in &status.conditions {
            w.w(1, &format!("{} \t{} \n", c.type_, c.status));
        }
    }
    volumes(&mut w, &pod.spec.volumes, "");
    let qos = status.qos_class.unwrap_or_else(|| qos_class(&pod.spec));
    w.w(0, &format!("QoS Class:\t{}\n", qos.as_str()));
    node_selectors(&mut w, pod.spec.node_selector.as_deref(), "");
    tolerations(&mut w, pod.spec.tolerations.as_deref().unwrap_or_default(), "");
    events(&mut w, r.events_for(&m.uid), now);
    w.0
}

/// `DescribePodTemplate`.
pub(super) fn pod_template(w: &mut Writer, t: &PodTemplateSpec) {
    w.w(0, "Pod Template:\n");
    labels(w, "  Labels", &t.metadata.labels);
    if !t.metadata.annotations.is_empty() {
        annotations(w, "  Annotations", &t.metadata.annotations);
    }
    containers(w, "Containers", &t.spec.containers, None, "  ");
    volumes(w, &t.spec.volumes, "  ");
    node_selectors(w, t.spec.node_selector.as_deref(), "  ");
    tolerations(w, t.spec.tolerations.as_deref().unwrap_or_default(), "  ");
}

/// `describeVolumes`. Only the kinds a pod here can carry print their details; any other
/// kind prints its name and `<unknown>`, as describe does for a source it does not know.
pub(super) fn volumes(w: &mut Writer, list: &[Volume], space: &str) {
    if list.is_empty() {
        w.w(0, &format!("{space}Volumes:\t<none>\n"));
        return;
    }
    w.w(0, &format!("{space}Volumes:\n"));
    let name_indent = if space.is_empty() { "" } else { " " };
    for v in list {
        w.w(1, &format!("{name_indent}{}:\n", v.name));
        volume_source(w, v);
    }
}

/// The `describeVolumes` cases for the sources a lesson's manifests use; any other source
/// prints `<unknown>`, as describe does for a source it has no case for.
fn volume_source(w: &mut Writer, v: &Volume) {
    let text = |src: &Value, key: &str| match src.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Bool(b)) => b.to_string(),
        _ => String::new(),
    };
    let flag = |src: &Value, key: &str| src.get(key).and_then(Value::as_bool).unwrap_or(false);
    if let Some(src) = v.host_path.as_deref() {
        let kind = src.get("type").and_then(Value::as_str).unwrap_or("<none>");
        w.w(2, "Type:\tHostPath (bare host directory volume)\n");
        w.w(2, &format!("Path:\t{}\n", text(src, "path")));
        w.w(2, &format!("HostPathType:\t{kind}\n"));
    } else if let Some(src) = v.empty_dir.as_deref() {
        let limit = text(src, "sizeLimit");
        let limit = if limit.is_empty() { "<unset>".to_string() } else { limit };
        w.w(2, "Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n");
        w.w(2, &format!("Medium:\t{}\n", text(src, "medium")));
        w.w(2, &format!("SizeLimit:\t{limit}\n"));
    } else if let Some(src) = v.secret.as_deref() {
        w.w(2, "Type:\tSecret (a volume populated by a Secret)\n");
        w.w(2, &format!("SecretName:\t{}\n", text(src, "secretName")));
        w.w(2, &format!("Optional:\t{}\n", flag(src, "optional")));
    } else if let Some(src) = v.config_map.as_deref() {
        w.w(2, "Type:\tConfigMap (a volume populated by a ConfigMap)\n");
        w.w(2, &format!("Name:\t{}\n", text(src, "name")));
        w.w(2, &format!("Optional:\t{}\n", flag(src, "optional")));
    } else if let Some(src) = v.persistent_volume_claim.as_deref() {
        w.w(
            2,
            "Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n",
        );
        w.w(2, &format!("ClaimName:\t{}\n", text(src, "claimName")));
        w.w(2, &format!("ReadOnly:\t{}\n", flag(src, "readOnly")));
    } else if let Some(projected) = v.projected.as_deref() {
        projected_volume(w, projected);
    } else {
        w.w(1, "<unknown>\n");
    }
}

/// `printProjectedVolumeSource`.
fn projected_volume(w: &mut Writer, projected: &Value) {
    w.w(2, "Type:\tProjected (a volume that contains injected data from multiple sources)\n");
    let sources = projected.get("sources").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
    let text = |v: Option<&Value>| v.and_then(Value::as_str).unwrap_or("").to_string();
    let optional = |v: &Value| v.get("optional").and_then(Value::as_bool).unwrap_or(false);
    for s in sources {
        if let Some(secret) = s.get("secret") {
            w.w(2, &format!("SecretName:\t{}\n", text(secret.get("name"))));
            w.w(2, &format!("Optional:\t{}\n", optional(secret)));
        } else if s.get("downwardAPI").is_some() {
            w.w(2, "DownwardAPI:\ttrue\n");
        } else if let Some(cm) = s.get("configMap") {
            w.w(2, &format!("ConfigMapName:\t{}\n", text(cm.get("name"))));
            w.w(2, &format!("Optional:\t{}\n", optional(cm)));
        } else if let Some(token) = s.get("serviceAccountToken") {
            let seconds = token.get("expirationSeconds").and_then(Value::as_i64).unwrap_or(3600);
            w.w(2, &format!("TokenExpirationSeconds:\t{seconds}\n"));
        }
    }
}

/// `printLabelsMultiline` over `nodeSelector`.
fn node_selectors(w: &mut Writer, selector: Option<&Value>, space: &str) {
    let pairs: Vec<String> = selector
        .and_then(Value::as_object)
        .map(|m| {
            let mut v: Vec<String> =
                m.iter().map(|(k, v)| format!("{k}={}", v.as_str().unwrap_or(""))).collect();
            crate::sort::sort(&mut v);
            v
        })
        .unwrap_or_default();
    if pairs.is_empty() {
        w.w(0, &format!("{space}Node-Selectors:\t<none>\n"));
        return;
    }
    for (i, p) in pairs.iter().enumerate() {
        let lead = if i == 0 { format!("{space}Node-Selectors:") } else { space.to_string() };
        w.w(0, &format!("{lead}\t{p}\n"));
    }
}

/// `printTolerationsMultilineWithIndent`: sorted by key, `key=value:effect op=Exists for Ns`.
fn tolerations(w: &mut Writer, list: &[Toleration], space: &str) {
    if list.is_empty() {
        w.w(0, &format!("{space}Tolerations:\t<none>\n"));
        return;
    }
    let mut sorted: Vec<&Toleration> = list.iter().collect();
    crate::sort::sort_by(&mut sorted, |a, b| a.key().cmp(b.key()));
    for (i, t) in sorted.into_iter().enumerate() {
        let mut line = if i == 0 { format!("{space}Tolerations:\t") } else { format!("{space}\t") };
        line.push_str(t.key());
        let value = t.value.as_deref().unwrap_or("");
        if !value.is_empty() {
            line.push_str(&format!("={value}"));
        }
        if !t.effect().is_empty() {
            line.push_str(&format!(":{}", t.effect()));
        }
        if t.operator.as_deref() == Some("Exists") && value.is_empty() {
            let gap = if t.key().is_empty() && t.effect().is_empty() { "" } else { " " };
            line.push_str(&format!("{gap}op=Exists"));
        }
        if let Some(s) = t.toleration_seconds {
            line.push_str(&format!(" for {s}s"));
        }
        line.push('\n');
        w.w(0, &line);
    }
}

/// `describeContainers`. With statuses (a pod, identified by its UID) each container also
/// shows its IDs, state, readiness and restarts.
fn containers(
    w: &mut Writer,
    label: &str,
    list: &[Container],
    statuses: Option<(&str, &[ContainerStatus])>,
    space: &str,
) {
    let none = if list.is_empty() { " <none>" } else { "" };
    w.w(0, &format!("{space}{label}:{none}\n"));
    let name_indent = if space.is_empty() { "" } else { " " };
    for c in list {
        let status =
            statuses.and_then(|(uid, s)| Some(uid).zip(s.iter().find(|s| s.name == c.name)));
        w.w(1, &format!("{name_indent}{}:\n", c.name));
        if let Some((_, s)) = status {
            let id = s.container_id.as_ref().map(ToString::to_string).unwrap_or_default();
            w.w(2, &format!("Container ID:\t{id}\n"));
        }
        w.w(2, &format!("Image:\t{}\n", c.image));
        if let Some((_, s)) = status {
            w.w(2, &format!("Image ID:\t{}\n", s.image_id.as_deref().unwrap_or("")));
        }
        let ports: Vec<(String, String)> = c
            .ports
            .iter()
            .map(|p| {
                let proto = p.protocol.as_deref().unwrap_or("TCP");
                // `describeContainerPorts` names a named port since 1.34: `80/TCP (web)`.
                let name = p.name.as_deref().filter(|n| !n.is_empty());
                let named = |s: String| name.map_or(s.clone(), |n| format!("{s} ({n})"));
                let host = p.host_port.unwrap_or(0);
                (named(format!("{}/{proto}", p.container_port)), named(format!("{host}/{proto}")))
            })
            .collect();
        for (i, single, plural) in [(0, "Port", "Ports"), (1, "Host Port", "Host Ports")] {
            let joined = ports
                .iter()
                .map(|p| if i == 0 { p.0.as_str() } else { p.1.as_str() })
                .collect::<Vec<_>>();
            let joined = joined.join(", ");
            match joined.as_str() {
                "" => w.w(2, &format!("{single}:\t<none>\n")),
                j if j.contains(',') => w.w(2, &format!("{plural}:\t{j}\n")),
                j => w.w(2, &format!("{single}:\t{j}\n")),
            }
        }
        // `describeContainerCommand`.
        for (label, list) in [("Command", &c.command), ("Args", &c.args)] {
            let Some(list) = list.as_ref().filter(|l| !l.is_empty()) else { continue };
            w.w(2, &format!("{label}:\n"));
            for line in list.iter().flat_map(|a| a.split('\n')) {
                w.w(3, &format!("{line}\n"));
            }
        }
        if let Some((_, s)) = status {
            state(w, "State", &s.state);
            if s.last_state.terminated.is_some() {
                state(w, "Last State", &s.last_state);
            }
            w.w(2, &format!("Ready:\t{}\n", if s.ready { "True" } else { "False" }));
            w.w(2, &format!("Restart Count:\t{}\n", s.restart_count));
        }
        // `describeContainerProbe`.
        for (label, probe) in [
            ("Liveness", &c.liveness_probe),
            ("Readiness", &c.readiness_probe),
            ("Startup", &c.startup_probe),
        ] {
            if let Some(p) = probe {
                w.w(2, &format!("{label}:\t{}\n", p.describe()));
            }
        }
        w.w(2, "Environment:\t<none>\n");
        mounts(w, c);
    }
}

/// `describeStatus`.
fn state(w: &mut Writer, name: &str, s: &ContainerState) {
    if let Some(r) = &s.running {
        w.w(2, &format!("{name}:\tRunning\n"));
        w.w(3, &format!("Started:\t{}\n", rfc1123z(r.started_at)));
    } else if let Some(wt) = &s.waiting {
        w.w(2, &format!("{name}:\tWaiting\n"));
        if let Some(r) = wt.reason.as_deref().filter(|r| !r.is_empty()) {
            w.w(3, &format!("Reason:\t{r}\n"));
        }
    } else if let Some(t) = &s.terminated {
        w.w(2, &format!("{name}:\tTerminated\n"));
        if let Some(r) = t.reason.as_deref().filter(|r| !r.is_empty()) {
            w.w(3, &format!("Reason:\t{r}\n"));
        }
        w.w(3, &format!("Exit Code:\t{}\n", t.exit_code));
        if let Some(signal) = t.signal.filter(|s| *s > 0) {
            w.w(3, &format!("Signal:\t{signal}\n"));
        }
        w.w(3, &format!("Started:\t{}\n", rfc1123z(t.started_at)));
        w.w(3, &format!("Finished:\t{}\n", rfc1123z(t.finished_at)));
    } else {
        w.w(2, &format!("{name}:\tWaiting\n"));
    }
}

/// `describeContainerVolumes`: each mount, sorted by path, with `ro` or `rw`.
fn mounts(w: &mut Writer, c: &Container) {
    if c.volume_mounts.is_empty() {
        w.w(2, "Mounts:\t<none>\n");
        return;
    }
    w.w(2, "Mounts:\n");
    let mut list: Vec<_> = c.volume_mounts.iter().collect();
    crate::sort::sort_by(&mut list, |a, b| a.mount_path.cmp(&b.mount_path));
    for m in list {
        let mut flags = if m.read_only == Some(true) { "ro" } else { "rw" }.to_string();
        if let Some(sub) = m.sub_path.as_deref().filter(|s| !s.is_empty()) {
            flags.push_str(&format!(",path={sub:?}"));
        }
        w.w(3, &format!("{} from {} ({flags})\n", m.mount_path, m.name));
    }
}
