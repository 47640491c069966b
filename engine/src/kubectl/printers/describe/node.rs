//! `describe node`. Models staging/src/k8s.io/kubectl/pkg/describe/describe.go (v0.34)
//! `describeNode`, `describeNodeLease` and `describeNodeResource`. The model has no resource
//! requests, so requests print as zero; the lease is the one the node's kubelet renews.

use super::reader::Reader;
use super::{annotations, events, labels, rfc1123z, since, Writer};
use crate::api::printers::node_roles;
use crate::clock::Time;
use crate::model::{Lease, MicroTime, Node, Pod, NODE_LEASE_NAMESPACE};

pub(super) fn describe_node(r: &mut Reader, node: &Node, now: Time) -> String {
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

    // `describeNodeLease`: the node's Lease in kube-node-lease, when it can be read.
    if let Some(lease) = r.get::<Lease>(NODE_LEASE_NAMESPACE, &m.name) {
        let spec = &lease.spec;
        let time = |t: Option<MicroTime>| t.map_or("<unset>".into(), |t| rfc1123z(Some(t.0)));
        w.w(0, "Lease:\n");
        let holder = spec.holder_identity.as_deref().unwrap_or("<unset>");
        w.w(1, &format!("HolderIdentity:\t{holder}\n"));
        w.w(1, &format!("AcquireTime:\t{}\n", time(spec.acquire_time)));
        w.w(1, &format!("RenewTime:\t{}\n", time(spec.renew_time)));
    }

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
    // The resource lists print sorted by name, as BTreeMaps iterate.
    for (title, list) in [("Capacity", &st.capacity), ("Allocatable", &st.allocatable)] {
        if !list.is_empty() {
            w.w(0, &format!("{title}:\n"));
            for (k, v) in list {
                w.w(0, &format!("  {k}:\t{v}\n"));
            }
        }
    }
    let info = &st.node_info;
    w.w(0, "System Info:\n");
    for (label, value) in [
        ("Machine ID", &info.machine_id),
        ("System UUID", &info.system_uuid),
        ("Boot ID", &info.boot_id),
        ("Kernel Version", &info.kernel_version),
        ("OS Image", &info.os_image),
        ("Operating System", &info.operating_system),
        ("Architecture", &info.architecture),
        ("Container Runtime Version", &info.container_runtime_version),
        ("Kubelet Version", &info.kubelet_version),
        ("Kube-Proxy Version", &info.kube_proxy_version),
    ] {
        w.w(0, &format!("  {label}:\t{value}\n"));
    }
    if !node.spec.pod_cidr.is_empty() {
        w.w(0, &format!("PodCIDR:\t{}\n", node.spec.pod_cidr));
    }
    if !node.spec.pod_cidrs.is_empty() {
        w.w(0, &format!("PodCIDRs:\t{}\n", node.spec.pod_cidrs.join(",")));
    }
    if !node.spec.provider_id.is_empty() {
        w.w(0, &format!("ProviderID:\t{}\n", node.spec.provider_id));
    }

    // Non-terminated pods: every pod bound here that has not succeeded or failed.
    // describe.go: a list across namespaces by `spec.nodeName` without the finished phases.
    let fields = format!("spec.nodeName={},status.phase!=Succeeded,status.phase!=Failed", m.name);
    let listed = r.list::<Pod>(None, None, Some(&fields));
    let pods: Vec<&Pod> = listed.iter().map(|p| &**p).collect();
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
    // Then each hugepage size, then extended resources (neither standard nor `pods`), from
    // allocatable, or capacity when the node reports no allocatable.
    let allocatable = if st.allocatable.is_empty() { &st.capacity } else { &st.allocatable };
    for resource in allocatable.keys().filter(|k| k.starts_with("hugepages-")) {
        w.w(1, &format!("{resource}\t0 (0%)\t0 (0%)\n"));
    }
    let standard = ["cpu", "memory", "ephemeral-storage", "pods"];
    for resource in allocatable
        .keys()
        .filter(|k| !k.starts_with("hugepages-") && !standard.contains(&k.as_str()))
    {
        w.w(1, &format!("{resource}\t0\t0\n"));
    }
    // Controllers record node events against the UID, the kubelet against the name.
    let mut evs = r.events_for(&m.uid);
    evs.extend(r.events_for(&m.name));
    events(&mut w, evs, now);
    w.0
}
