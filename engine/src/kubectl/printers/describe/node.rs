//! `describe node`. Models describe.go `describeNode`, `describeNodeLease` and
//! `describeNodeResource`. The model has no resource requests and no lease object, so requests
//! print as zero and the lease is derived from the Ready heartbeat; the system-info values the
//! model does not carry are the same fixed ones `get nodes -o wide` prints.

use super::{annotations, events, fake_hex, labels, rfc1123z, since, Writer};
use crate::clock::Time;
use crate::kubectl::printers::rows::kubelet_version;
use crate::kubectl::printers::{node_roles, CONTAINER_RUNTIME, KERNEL_VERSION, OS_IMAGE};
use crate::model::{Node, Pod, PodPhase};
use crate::store::Store;

pub(super) fn describe_node(store: &Store, node: &Node, now: Time) -> String {
    let m = &node.metadata;
    let st = &node.status;
    let mut w = Writer::default();
    w.w(0, &format!("Name:\t{}\n", m.name));
    let roles = node_roles(&m.labels);
    w.w(
        0,
        &format!("Roles:\t{}\n", if roles.is_empty() { "<none>".into() } else { roles.join(",") }),
    );
    labels(&mut w, "Labels", &m.labels);
    annotations(&mut w, "Annotations", &m.annotations);
    w.w(0, &format!("CreationTimestamp:\t{}\n", rfc1123z(m.creation_timestamp)));
    let mut taints: Vec<String> = Vec::new();
    let mut sorted: Vec<_> = node.spec.taints.iter().collect();
    crate::sort::sort_by_key(&mut sorted, |t| format!("{},{}", t.effect, t.key));
    taints.extend(sorted.iter().map(|t| format!("{}:{}", t.key, t.effect)));
    w.w(0, "Taints:\t");
    if taints.is_empty() {
        w.w(0, "<none>\n");
    }
    for (i, t) in taints.iter().enumerate() {
        w.w(0, &format!("{}{t}\n", if i == 0 { "" } else { "\t" }));
    }
    w.w(0, &format!("Unschedulable:\t{}\n", node.spec.unschedulable));

    let ready = st.conditions.iter().find(|c| c.type_ == "Ready");
    let renew =
        ready.and_then(|c| c.last_heartbeat_time).map_or("<unset>".into(), |t| rfc1123z(Some(t)));
    w.w(0, "Lease:\n");
    w.w(1, &format!("HolderIdentity:\t{}\n", m.name));
    w.w(1, "AcquireTime:\t<unset>\n");
    w.w(1, &format!("RenewTime:\t{renew}\n"));

    if !st.conditions.is_empty() {
        w.w(
            0,
            "Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n",
        );
        w.w(1, "----\t------\t-----------------\t------------------\t------\t-------\n");
        for c in &st.conditions {
            let (hb, tr) = (rfc1123z(c.last_heartbeat_time), rfc1123z(c.last_transition_time));
            w.w(
                1,
                &format!(
                    "{} \t{} \t{hb} \t{tr} \t{} \t{}\n",
                    c.type_, c.status, c.reason, c.message
                ),
            );
        }
    }
    w.w(0, "Addresses:\n");
    for a in &st.addresses {
        w.w(1, &format!("{}:\t{}\n", a.type_, a.address));
    }
    // Allocatable is not modelled; the kubelet reserves nothing here, so it equals capacity.
    for title in ["Capacity", "Allocatable"] {
        if !st.capacity.is_empty() {
            w.w(0, &format!("{title}:\n"));
            for (k, v) in &st.capacity {
                w.w(0, &format!("  {k}:\t{v}\n"));
            }
        }
    }
    let id = fake_hex(&format!("{}/{}", m.uid, m.name), 96);
    let uuid =
        |h: &str| format!("{}-{}-{}-{}-{}", &h[..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32]);
    w.w(0, "System Info:\n");
    for (label, value) in [
        ("Machine ID", id[..32].to_string()),
        ("System UUID", uuid(&id[32..64])),
        ("Boot ID", uuid(&id[64..])),
        ("Kernel Version", KERNEL_VERSION.into()),
        ("OS Image", OS_IMAGE.into()),
        ("Operating System", "linux".into()),
        ("Architecture", "amd64".into()),
        ("Container Runtime Version", CONTAINER_RUNTIME.into()),
        ("Kubelet Version", kubelet_version(node).into()),
    ] {
        w.w(0, &format!("  {label}:\t{value}\n"));
    }

    // Non-terminated pods: every pod bound here that has not succeeded or failed.
    let pods: Vec<&Pod> = store
        .pods_on_node(&m.name)
        .iter()
        .filter_map(|k| store.get::<Pod>(&k.ns, &k.name))
        .filter(|p| !matches!(p.status.phase, PodPhase::Succeeded | PodPhase::Failed))
        .collect();
    w.w(0, &format!("Non-terminated Pods:\t({} in total)\n", pods.len()));
    w.w(1, "Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n");
    w.w(1, "---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n");
    for p in &pods {
        let age = since(p.metadata.creation_timestamp, now);
        w.w(
            1,
            &format!(
                "{}\t{}\t\t0 (0%)\t0 (0%)\t0 (0%)\t0 (0%)\t{age}\n",
                p.metadata.namespace, p.metadata.name
            ),
        );
    }
    w.w(
        0,
        "Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n",
    );
    w.w(1, "Resource\tRequests\tLimits\n");
    w.w(1, "--------\t--------\t------\n");
    for resource in ["cpu", "memory", "ephemeral-storage"] {
        w.w(1, &format!("{resource}\t0 (0%)\t0 (0%)\n"));
    }
    // Controllers record node events against the UID, the kubelet against the name.
    let mut evs = store.events_for(&m.uid);
    evs.extend(store.events_for(&m.name));
    events(&mut w, evs, now);
    w.0
}
