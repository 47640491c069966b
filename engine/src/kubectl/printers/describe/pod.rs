//! `describe pod`, and the container and pod-template sections ReplicaSets and Deployments
//! share. Models describe.go `describePod`, `describeContainers`, `describeStatus` and
//! `DescribePodTemplate`.

use super::{annotations, controlled_by, events, fake_hex, labels, rfc1123z, since, Writer};
use crate::clock::Time;
use crate::model::{Container, ContainerState, ContainerStatus, Pod, PodPhase, PodTemplateSpec};
use crate::store::Store;

/// `tolerationSeconds` of the default not-ready/unreachable tolerations the
/// DefaultTolerationSeconds admission plugin adds to every pod (the simulation honours them).
const DEFAULT_TOLERATION_SECONDS: i64 = 300;

pub(super) fn describe_pod(store: &Store, pod: &Pod, now: Time) -> String {
    let m = &pod.metadata;
    let status = &pod.status;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    w.w(0, &format!("Namespace:\t{}\n", m.namespace));
    // Priority admission and the ServiceAccount admission plugin set these on every pod.
    w.w(0, "Priority:\t0\n");
    w.w(0, "Service Account:\tdefault\n");
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
    w.w(0, "Volumes:\t<none>\n");
    w.w(0, "QoS Class:\tBestEffort\n");
    w.w(0, "Node-Selectors:\t<none>\n");
    w.w(0, "Tolerations:\t");
    for (i, key) in
        ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"].iter().enumerate()
    {
        let indent = if i == 0 { "" } else { "\t" };
        w.w(0, &format!("{indent}{key}:NoExecute op=Exists for {DEFAULT_TOLERATION_SECONDS}s\n"));
    }
    events(&mut w, store.events_for(&m.uid), now);
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
    w.w(0, "  Volumes:\t<none>\n");
    w.w(0, "  Node-Selectors:\t<none>\n");
    w.w(0, "  Tolerations:\t<none>\n");
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
        // The runtime reports IDs once the image is pulled and the container created.
        let created = status.filter(|(_, s)| {
            s.state.running.is_some()
                || s.state.terminated.is_some()
                || s.last_state.terminated.is_some()
        });
        if let Some((uid, s)) = status {
            let id = created.map_or(String::new(), |_| {
                format!(
                    "containerd://{}",
                    fake_hex(&format!("{uid}/{}/{}", s.name, s.restart_count), 64)
                )
            });
            w.w(2, &format!("Container ID:\t{id}\n"));
        }
        w.w(2, &format!("Image:\t{}\n", c.image));
        if status.is_some() {
            let id = created.map_or(String::new(), |_| image_id(&c.image));
            w.w(2, &format!("Image ID:\t{id}\n"));
        }
        let ports: Vec<(String, String)> = c
            .ports
            .iter()
            .map(|p| {
                let proto = p.protocol.as_deref().unwrap_or("TCP");
                (format!("{}/{proto}", p.container_port), format!("0/{proto}"))
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
        if let Some((_, s)) = status {
            state(w, "State", &s.state);
            if s.last_state.terminated.is_some() {
                state(w, "Last State", &s.last_state);
            }
            w.w(2, &format!("Ready:\t{}\n", if s.ready { "True" } else { "False" }));
            w.w(2, &format!("Restart Count:\t{}\n", s.restart_count));
        }
        w.w(2, "Environment:\t<none>\n");
        w.w(2, "Mounts:\t<none>\n");
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

/// The image ID a container runtime reports: the fully qualified repository and a digest.
fn image_id(image: &str) -> String {
    let repo = match image.split_once('@') {
        Some((repo, _)) => repo,
        None => match image.rsplit_once(':') {
            Some((repo, tag)) if !tag.contains('/') => repo,
            _ => image,
        },
    };
    let qualified = match repo.split_once('/') {
        None => format!("docker.io/library/{repo}"),
        Some((host, _)) if host.contains('.') || host.contains(':') || host == "localhost" => {
            repo.to_string()
        }
        Some(_) => format!("docker.io/{repo}"),
    };
    format!("{qualified}@sha256:{}", fake_hex(image, 64))
}
