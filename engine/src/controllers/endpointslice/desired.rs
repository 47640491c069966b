//! What a Service's endpoints should be: one endpoint per pod it selects, with the
//! conditions and ports upstream derives from the pod.
//!
//! Models staging/src/k8s.io/endpointslice/utils.go (`podToEndpoint`, `getEndpointPorts`,
//! `FindPort`, `newEndpointSlice`, `setEndpointSliceLabels`, `getEndpointSlicePrefix`,
//! `ownedBy`) and util/controller_utils.go (`ShouldPodBeInEndpoints`).

use crate::model::*;

/// `v1.IsHeadlessService`: set on the slices and Endpoints of a Service without a cluster IP.
pub const LABEL_HEADLESS: &str = "service.kubernetes.io/headless";

/// `ShouldPodBeInEndpoints`: finished pods and pods without an IP never are; terminating
/// pods only when asked for (the EndpointSlice controller always asks).
pub fn should_pod_be_in_endpoints(pod: &Pod, include_terminating: bool) -> bool {
    if matches!(pod.status.phase, PodPhase::Succeeded | PodPhase::Failed) {
        return false;
    }
    if pod.status.pod_ip.as_deref().is_none_or(str::is_empty) && pod.status.pod_ips.is_empty() {
        return false;
    }
    include_terminating || !pod.metadata.is_deleting()
}

/// `ShouldSetHostname`: the pod names a hostname and the Service as its subdomain.
pub fn hostname_for(pod: &Pod, svc: &Service) -> Option<String> {
    let hostname = pod.spec.hostname.as_deref().filter(|h| !h.is_empty())?;
    (pod.spec.subdomain.as_deref() == Some(svc.metadata.name.as_str())
        && pod.metadata.namespace == svc.metadata.namespace)
        .then(|| hostname.to_string())
}

/// The pod's IPv4 addresses (`getEndpointAddresses` for the IPv4 address type, the only
/// family the sandbox's pods have).
pub fn pod_addresses(pod: &Pod) -> Vec<String> {
    pod_ips(pod).filter(|ip| is_v4(ip)).map(str::to_string).collect()
}

/// `FindPort`: a numeric target port is used as is; a named one is looked up among the
/// containers' ports with the same protocol (sidecar init containers are not modelled).
pub fn find_port(pod: &Pod, port: &ServicePort) -> Option<i32> {
    match port.target_port.as_ref()? {
        IntOrString::Int(n) => Some(*n),
        IntOrString::Str(name) => {
            let proto = port.protocol();
            pod.spec.containers.iter().flat_map(|c| &c.ports).find_map(|cp| {
                let cp_proto = cp.protocol.as_deref().unwrap_or("TCP");
                (cp.name.as_deref() == Some(name.as_str()) && cp_proto == proto)
                    .then_some(cp.container_port)
            })
        }
    }
}

/// `getEndpointPorts`: each Service port the pod resolves; the others are dropped for it.
pub fn endpoint_ports(svc: &Service, pod: &Pod) -> Vec<EndpointPort> {
    svc.spec
        .ports
        .iter()
        .filter_map(|sp| {
            let port = find_port(pod, sp)?;
            Some(EndpointPort {
                name: Some(sp.name().to_string()),
                protocol: Some(sp.protocol().to_string()),
                port: Some(port),
                app_protocol: sp.app_protocol.clone(),
            })
        })
        .collect()
}

/// `podToEndpoint`: the pod's addresses, conditions, hostname, node and a reference to it.
pub fn pod_to_endpoint(pod: &Pod, svc: &Service) -> Endpoint {
    Endpoint {
        addresses: pod_addresses(pod),
        conditions: conditions(pod, svc),
        hostname: hostname_for(pod, svc),
        target_ref: Some(ObjectReference {
            kind: "Pod".into(),
            namespace: pod.metadata.namespace.as_str().into(),
            name: pod.metadata.name.as_str().into(),
            uid: pod.metadata.uid.as_str().into(),
            ..Default::default()
        }),
        node_name: pod.node().map(str::to_string),
        ..Default::default()
    }
}

/// `podToEndpoint`'s conditions: `serving` is the Ready condition, `terminating` the
/// deletion timestamp, and `ready` is serving and not terminating, unless the Service
/// publishes not-ready addresses.
pub fn conditions(pod: &Pod, svc: &Service) -> EndpointConditions {
    let serving = pod.is_ready();
    let terminating = pod.metadata.is_deleting();
    let ready = svc.spec.publish_not_ready_addresses || (serving && !terminating);
    EndpointConditions {
        ready: Some(ready),
        serving: Some(serving),
        terminating: Some(terminating),
    }
}

/// Ports in a fixed order, as a key for grouping (`NewPortMapKey` sorts by hash; any fixed
/// order groups the same way).
pub type PortKey = Vec<(String, String, i32, Option<String>)>;

pub fn port_key(ports: &[EndpointPort]) -> PortKey {
    let mut key: PortKey = ports
        .iter()
        .map(|p| {
            (
                p.name.clone().unwrap_or_default(),
                p.protocol.clone().unwrap_or_default(),
                p.port.unwrap_or(0),
                p.app_protocol.clone(),
            )
        })
        .collect();
    key.sort();
    key
}

/// Whether `ep` is the endpoint of `pod` by upstream's identity (`hashEndpoint`: the pod,
/// its addresses and hostname); compared in place, without building the pod's endpoint.
pub fn same_id(ep: &Endpoint, pod: &Pod, svc: &Service) -> bool {
    let target = ep.target_ref.as_ref();
    target.is_some_and(|r| r.name == pod.metadata.name && r.namespace == pod.metadata.namespace)
        && same_addresses(&ep.addresses, pod)
        && ep.hostname == hostname_for(pod, svc)
}

fn same_addresses(addresses: &[String], pod: &Pod) -> bool {
    let mut mine = pod_ips(pod).filter(|ip| is_v4(ip));
    // The usual case, one address each, without sorting.
    if let [only] = addresses {
        return mine.next() == Some(only.as_str()) && mine.next().is_none();
    }
    let mut sorted: Vec<&str> = addresses.iter().map(String::as_str).collect();
    sorted.sort_unstable();
    let mut theirs: Vec<&str> = mine.collect();
    theirs.sort_unstable();
    sorted == theirs
}

/// `podIPs`, or `podIP` where the list is empty.
fn pod_ips(pod: &Pod) -> impl Iterator<Item = &str> {
    let single = pod.status.pod_ips.is_empty().then_some(pod.status.pod_ip.as_deref()).flatten();
    pod.status.pod_ips.iter().chain(single)
}

/// Not an IPv6 address (`utilnet.IsIPv6` for the addresses pods get).
fn is_v4(ip: &str) -> bool {
    !ip.is_empty() && !ip.contains(':')
}

/// `EndpointsEqualBeyondHash` between a stored endpoint and the one `pod` would give: node,
/// zone, conditions and target (without its resourceVersion).
pub fn equal_beyond_id(ep: &Endpoint, pod: &Pod, svc: &Service) -> bool {
    let want = conditions(pod, svc);
    let target = ep.target_ref.as_ref();
    ep.node_name.as_deref() == pod.node()
        && ep.zone.is_none()
        && ep.conditions == want
        && target.is_some_and(|r| {
            r.kind == "Pod" && r.uid == pod.metadata.uid && r.api_version.is_empty()
        })
}

/// Whether the pod has an address of the slice's family (IPv4).
pub fn has_address(pod: &Pod) -> bool {
    pod_ips(pod).any(is_v4)
}

fn is_reserved(label: &str) -> bool {
    label == LABEL_SERVICE_NAME || label == LABEL_MANAGED_BY || label == LABEL_HEADLESS
}

/// `setEndpointSliceLabels`: the Service's labels without the reserved ones, the headless
/// label when it has no cluster IP, and the two labels that tie a slice to its Service and
/// to this controller. Also whether the slice's own (unreserved) labels differ.
pub fn slice_labels(slice_labels: &Labels, svc: &Service) -> (Labels, bool) {
    let mine: Vec<(&String, &String)> =
        slice_labels.iter().filter(|(k, _)| !is_reserved(k)).collect();
    let mut labels: std::collections::BTreeMap<String, String> = svc
        .metadata
        .labels
        .iter()
        .filter(|(k, _)| !is_reserved(k))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let changed =
        mine.len() != labels.len() || mine.iter().any(|(k, v)| labels.get(*k) != Some(*v));
    if !service_ip_set(svc) {
        labels.insert(LABEL_HEADLESS.into(), String::new());
    }
    labels.insert(LABEL_SERVICE_NAME.into(), svc.metadata.name.clone());
    labels.insert(LABEL_MANAGED_BY.into(), MANAGED_BY_CONTROLLER.into());
    (labels.into(), changed)
}

/// `isServiceIPSet`: a cluster IP that is neither empty nor `None`.
pub fn service_ip_set(svc: &Service) -> bool {
    svc.spec.cluster_ip.as_deref().is_some_and(|ip| !ip.is_empty() && ip != CLUSTER_IP_NONE)
}

/// `ownedBy`: the slice has an owner reference to this Service (by UID).
pub fn owned_by(slice: &EndpointSlice, svc: &Service) -> bool {
    slice
        .metadata
        .owner_references
        .iter()
        .any(|o| o.uid == svc.metadata.uid && o.kind == "Service" && o.api_version == "v1")
}

/// `newEndpointSlice`: `generateName` `<service>-`, a controller reference to the Service,
/// and its labels; no endpoints yet.
pub fn new_slice(svc: &Service, ports: &[EndpointPort]) -> EndpointSlice {
    let prefix = format!("{}-", svc.metadata.name);
    let generate_name =
        if crate::labels::validation::is_dns1123_subdomain(&svc.metadata.name).is_empty() {
            prefix
        } else {
            svc.metadata.name.clone()
        };
    let (labels, _) = slice_labels(&Labels::default(), svc);
    let mut slice = EndpointSlice::new(ObjectMeta {
        generate_name,
        namespace: svc.metadata.namespace.clone(),
        labels,
        owner_references: vec![OwnerReference::controller("v1", "Service", &svc.metadata)],
        ..Default::default()
    });
    slice.ports = (!ports.is_empty()).then(|| ports.to_vec());
    slice
}
