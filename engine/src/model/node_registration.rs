//! The Node object a kubelet registers and then keeps reporting: its labels, addresses,
//! resources, conditions and system info. The machine is fixed (4 CPUs, 16 GiB of memory, a
//! 97 GiB disk, Debian 12 with containerd 1.7) and identical on every node, except for its
//! name, addresses, pod range and identifiers.
//!
//! Models pkg/kubelet/kubelet_node_status.go (`initialNode`: the hostname, os and arch labels,
//! stable and beta, and the controller-managed attach-detach annotation), the TTL
//! controller's annotation, and pkg/kubelet/nodestatus/setters.go (`NodeAddress`: InternalIP then Hostname; `MachineInfo`:
//! allocatable is capacity less the default hard eviction thresholds, `memory.available<100Mi`
//! and `nodefs.available<10%`; `VersionInfo`, with kubeProxyVersion left empty since the
//! DisableNodeKubeProxyVersion gate is on from 1.33; `DaemonEndpoints`; the pressure and
//! Ready conditions with their reasons and messages). The pod range is what the node IPAM
//! controller (pkg/controller/nodeipam) would assign: `10.244.<index>.0/24`, the range the
//! simulated kubelet hands pod IPs out of.
//!
//! It does not report images, volumes or runtime handlers.

use super::meta::ObjectMeta;
use super::node::*;
use crate::clock::Time;

pub const KUBELET_VERSION: &str = "v1.34.1";
pub const OS_IMAGE: &str = "Debian GNU/Linux 12 (bookworm)";
pub const KERNEL_VERSION: &str = "6.1.0-27-amd64";
pub const CONTAINER_RUNTIME: &str = "containerd://1.7.24";
/// The kubelet's default `--port`.
pub const KUBELET_PORT: i32 = 10250;

/// Capacity of the simulated machine, except `pods` (the kubelet's `--max-pods`).
const CPU: &str = "4";
const MEMORY_KI: u64 = 16_392_548;
const EPHEMERAL_STORAGE_KI: u64 = 101_430_960;
/// `memory.available<100Mi`, the default hard eviction threshold.
const EVICTION_MEMORY_KI: u64 = 100 * 1024;

/// The four conditions the kubelet reports, healthy, in the order its setters append them.
const HEALTHY: [(&str, &str, &str, &str); 4] = [
    (
        "MemoryPressure",
        "False",
        "KubeletHasSufficientMemory",
        "kubelet has sufficient memory available",
    ),
    ("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
    ("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available"),
    ("Ready", "True", "KubeletReady", "kubelet is posting ready status"),
];

/// The conditions of a kubelet that is up and healthy, with `now` as heartbeat and transition.
pub fn healthy_conditions(now: Time) -> Vec<NodeCondition> {
    HEALTHY
        .iter()
        .map(|&(type_, status, reason, message)| NodeCondition {
            type_: type_.into(),
            status: status.into(),
            last_heartbeat_time: Some(now),
            last_transition_time: Some(now),
            reason: reason.into(),
            message: message.into(),
        })
        .collect()
}

impl Node {
    /// The Node a freshly joined kubelet registers, already Ready. `index` numbers the
    /// machine (node-3 has index 3) and picks its addresses.
    pub fn registered(name: &str, index: u32, max_pods: u32, now: Time) -> Node {
        let labels = [
            ("beta.kubernetes.io/arch", "amd64"),
            ("beta.kubernetes.io/os", "linux"),
            ("kubernetes.io/arch", "amd64"),
            ("kubernetes.io/hostname", name),
            ("kubernetes.io/os", "linux"),
        ];
        let pod_cidr = format!("10.244.{index}.0/24");
        let ids = id_hex(name, 96);
        let uuid = |h: &str| {
            format!("{}-{}-{}-{}-{}", &h[..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32])
        };
        let resources = |memory_ki: u64, storage_ki: u64| {
            let pairs = [
                ("cpu", CPU.to_string()),
                ("ephemeral-storage", format!("{storage_ki}Ki")),
                ("hugepages-1Gi", "0".into()),
                ("hugepages-2Mi", "0".into()),
                ("memory", format!("{memory_ki}Ki")),
                ("pods", max_pods.to_string()),
            ]
            .map(|(k, v)| (k.to_string(), v));
            crate::sort::btree_map(pairs)
        };
        Node {
            api_version: "v1".into(),
            kind: "Node".into(),
            metadata: ObjectMeta {
                name: name.into(),
                labels: labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
                annotations: crate::sort::btree_map([
                    // The TTL controller (pkg/controller/ttl/ttl_controller.go) stamps every
                    // node at once: 0 seconds for a cluster of up to 100 nodes.
                    ("node.alpha.kubernetes.io/ttl".to_string(), "0".to_string()),
                    (
                        "volumes.kubernetes.io/controller-managed-attach-detach".to_string(),
                        "true".to_string(),
                    ),
                ]),
                ..Default::default()
            },
            spec: NodeSpec {
                pod_cidr: pod_cidr.clone(),
                pod_cidrs: vec![pod_cidr],
                ..Default::default()
            },
            status: NodeStatus {
                capacity: resources(MEMORY_KI, EPHEMERAL_STORAGE_KI),
                // nodefs.available<10%: a tenth of the disk is held back.
                allocatable: resources(
                    MEMORY_KI - EVICTION_MEMORY_KI,
                    EPHEMERAL_STORAGE_KI - EPHEMERAL_STORAGE_KI / 10,
                ),
                conditions: healthy_conditions(now),
                addresses: vec![
                    NodeAddress {
                        type_: "InternalIP".into(),
                        address: format!("10.0.0.{}", 10 + index),
                    },
                    NodeAddress { type_: "Hostname".into(), address: name.into() },
                ],
                daemon_endpoints: NodeDaemonEndpoints {
                    kubelet_endpoint: DaemonEndpoint { port: KUBELET_PORT },
                },
                node_info: NodeInfo {
                    machine_id: ids[..32].to_string(),
                    system_uuid: uuid(&ids[32..64]),
                    boot_id: uuid(&ids[64..]),
                    kernel_version: KERNEL_VERSION.into(),
                    os_image: OS_IMAGE.into(),
                    container_runtime_version: CONTAINER_RUNTIME.into(),
                    kubelet_version: KUBELET_VERSION.into(),
                    kube_proxy_version: String::new(),
                    operating_system: "linux".into(),
                    architecture: "amd64".into(),
                    ..Default::default()
                },
                ..Default::default()
            },
        }
    }
}

/// Stable hex digits for the machine's identifiers: FNV-1a of the node's name, mixed by the
/// SplitMix64 finalizer so that node-1 and node-2 look unrelated, extended by rounds. The
/// same name gives the same machine, and no draw from the world's RNG is spent.
fn id_hex(seed: &str, n: usize) -> String {
    let mut out = String::new();
    let mut round = 0u64;
    while out.len() < n {
        let mut h = 0xcbf2_9ce4_8422_2325u64 ^ round;
        for b in seed.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        h ^= h >> 31;
        out.push_str(&format!("{h:016x}"));
        round += 1;
    }
    out.truncate(n);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_registered_node_carries_the_kubelets_labels_and_pod_range() {
        let n = Node::registered("node-2", 2, 110, Time::ZERO);
        let label = |k: &str| n.metadata.labels.get(k).map(String::as_str);
        assert_eq!(label("kubernetes.io/hostname"), Some("node-2"));
        assert_eq!(label("kubernetes.io/os"), Some("linux"));
        assert_eq!(label("beta.kubernetes.io/arch"), Some("amd64"));
        assert_eq!(n.spec.pod_cidr, "10.244.2.0/24");
        assert_eq!(n.spec.pod_cidrs, vec!["10.244.2.0/24".to_string()]);
        assert_eq!(n.internal_ip(), Some("10.0.0.12"));
        assert_eq!(n.status.addresses[1].address, "node-2");
    }

    #[test]
    fn allocatable_is_capacity_less_the_default_eviction_thresholds() {
        let n = Node::registered("node-1", 1, 110, Time::ZERO);
        let (cap, alloc) = (&n.status.capacity, &n.status.allocatable);
        assert_eq!(cap["memory"], "16392548Ki");
        assert_eq!(alloc["memory"], "16290148Ki");
        assert_eq!(alloc["ephemeral-storage"], "91287864Ki");
        assert_eq!(alloc["cpu"], cap["cpu"]);
        assert_eq!(alloc["pods"], "110");
        assert_eq!(n.max_pods(), 110);
    }

    #[test]
    fn a_registered_node_reports_every_condition_healthy_and_ready() {
        let n = Node::registered("node-1", 1, 110, Time::ZERO);
        let types: Vec<&str> = n.status.conditions.iter().map(|c| c.type_.as_str()).collect();
        assert_eq!(types, ["MemoryPressure", "DiskPressure", "PIDPressure", "Ready"]);
        assert!(n.is_ready());
        assert_eq!(n.status.node_info.kubelet_version, "v1.34.1");
        assert_eq!(n.status.node_info.machine_id.len(), 32);
        assert_ne!(
            n.status.node_info.machine_id,
            Node::registered("node-2", 2, 110, Time::ZERO).status.node_info.machine_id
        );
    }

    #[test]
    fn the_kubelet_port_is_serialized_under_its_capitalised_tag() {
        let n = Node::registered("node-1", 1, 110, Time::ZERO);
        let v = serde_json::to_value(&n).unwrap();
        assert_eq!(v["status"]["daemonEndpoints"]["kubeletEndpoint"]["Port"], 10250);
        assert_eq!(v["spec"]["podCIDR"], "10.244.1.0/24");
        assert_eq!(v["status"]["nodeInfo"]["machineID"].as_str().map(str::len), Some(32));
        assert_eq!(v["status"]["nodeInfo"]["kubeProxyVersion"], "");
    }
}
