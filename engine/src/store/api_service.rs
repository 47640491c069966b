//! The API server's own Service: `default/kubernetes`, which every cluster has from its
//! first second, with the Endpoints and EndpointSlice naming the API server's address.
//!
//! Upstream, the API server writes them itself: the Service from
//! pkg/controlplane/controller/kubernetesservice/controller.go (`CreateOrUpdateMasterServiceIfNeeded`:
//! port `https` 443 to target port 6443, no selector, the first address of the service CIDR,
//! labels `component: apiserver` and `provider: kubernetes`), and its endpoints from
//! pkg/controlplane/reconcilers (the lease reconciler through endpointsadapter.go: an
//! Endpoints labelled `endpointslice.kubernetes.io/skip-mirror`, and an EndpointSlice with
//! the service-name label but no managed-by, so neither endpoint loop touches them).
//! kubeadm's API server advertises the control plane's address on port 6443; here that is
//! 10.0.0.2, below the worker nodes' 10.0.0.10 and up.
//!
//! Their UIDs come from a stream of their own, so every other system object's and every
//! later name stay what they were before this Service existed.

use crate::clock::Time;
use crate::model::*;
use crate::rng::SimRng;

use super::{Store, WatchEventType};

const API_SERVICE_STREAM: u64 = 0x6b75_6265_2d61_7069;
/// reconcilers' `skipMirrorChanged`: the mirroring controller leaves this Endpoints alone.
const LABEL_SKIP_MIRROR: &str = "endpointslice.kubernetes.io/skip-mirror";

impl Store {
    /// The Service, Endpoints and EndpointSlice as the API server writes them at `start`.
    pub(super) fn create_api_service(&mut self, seed: u64, start: Time) {
        let mut rng = SimRng::new(seed ^ API_SERVICE_STREAM);
        let mut meta = |labels: &[(&str, &str)], rv: u64| ObjectMeta {
            name: API_SERVICE.into(),
            namespace: "default".into(),
            uid: rng.uid(),
            creation_timestamp: Some(start),
            resource_version: rv.to_string(),
            labels: labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            ..Default::default()
        };
        let spec = ServiceSpec {
            ports: vec![ServicePort {
                name: Some("https".into()),
                protocol: Some("TCP".into()),
                port: 443,
                target_port: Some(IntOrString::Int(API_SERVER_PORT)),
                ..Default::default()
            }],
            cluster_ip: Some(API_SERVICE_IP.into()),
            cluster_ips: vec![API_SERVICE_IP.into()],
            // What `SetDefaults_Service` and the allocator give a single-stack ClusterIP
            // Service, written out: the defaulting code ships with the course part.
            ip_families: vec!["IPv4".into()],
            ip_family_policy: Some("SingleStack".into()),
            internal_traffic_policy: Some("Cluster".into()),
            session_affinity: Some("None".into()),
            ..Default::default()
        };
        let rv = self.next_rv();
        let svc =
            Service::new(meta(&[("component", "apiserver"), ("provider", "kubernetes")], rv), spec);
        // The address is below the allocator's dynamic band, so no later draw moves.
        self.allocations.claim_ip(API_SERVICE_IP);
        self.store(svc, WatchEventType::Added, start);
        let https = || Some("https".to_string());
        let rv = self.next_rv();
        let mut endpoints = Endpoints::new(meta(&[(LABEL_SKIP_MIRROR, "true")], rv));
        endpoints.subsets = vec![EndpointSubset {
            addresses: vec![EndpointAddress {
                ip: API_SERVER_ADDRESS.into(),
                ..Default::default()
            }],
            ports: vec![EndpointsPort {
                name: https(),
                port: API_SERVER_PORT,
                protocol: Some("TCP".into()),
                app_protocol: None,
            }],
            ..Default::default()
        }];
        self.store(endpoints, WatchEventType::Added, start);
        let rv = self.next_rv();
        let mut slice = EndpointSlice::new(meta(&[(LABEL_SERVICE_NAME, API_SERVICE)], rv));
        slice.metadata.generation = 1;
        slice.endpoints = Some(vec![Endpoint {
            addresses: vec![API_SERVER_ADDRESS.into()],
            conditions: EndpointConditions { ready: Some(true), ..Default::default() },
            ..Default::default()
        }]);
        slice.ports = Some(vec![EndpointPort {
            name: https(),
            protocol: Some("TCP".into()),
            port: Some(API_SERVER_PORT),
            app_protocol: None,
        }]);
        self.store(slice, WatchEventType::Added, start);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cluster_starts_with_the_api_servers_service_and_its_endpoints() {
        let store = Store::with_seed(7);
        let svc = store.get::<Service>("default", API_SERVICE).expect("the kubernetes Service");
        assert_eq!(svc.spec.cluster_ip.as_deref(), Some(API_SERVICE_IP));
        assert_eq!(svc.spec.cluster_ips, [API_SERVICE_IP]);
        assert!(svc.spec.selector.is_empty());
        assert_eq!(svc.spec.ports[0].port, 443);
        let e = store.get::<Endpoints>("default", API_SERVICE).expect("its Endpoints");
        assert_eq!(e.subsets[0].addresses[0].ip, API_SERVER_ADDRESS);
        let slices: Vec<_> = store.list::<EndpointSlice>(Some("default"), None).collect();
        assert_eq!(slices.len(), 1);
        assert_eq!(slices[0].service_name(), Some(API_SERVICE));
        // Written out as the API server's defaulting would leave it.
        let mut defaulted = svc.spec.clone();
        default_service(&mut defaulted);
        assert_eq!(defaulted, svc.spec);
        // Asking for its address again is refused: the allocator holds it.
        let mut again = Store::with_seed(7);
        let meta =
            ObjectMeta { name: "other".into(), namespace: "default".into(), ..Default::default() };
        let spec = ServiceSpec { cluster_ip: Some(API_SERVICE_IP.into()), ..svc.spec.clone() };
        let refused = again.create(Service::new(meta, spec), Time::ZERO, &mut SimRng::new(1));
        let message = refused.map(|_| ()).unwrap_err().to_string();
        assert!(message.contains("provided IP is already allocated"), "{message}");
    }
}
