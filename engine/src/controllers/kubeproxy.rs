//! kube-proxy: turns each Service's EndpointSlices into the rules that route its traffic.
//!
//! Models pkg/proxy/endpointslicecache.go (merging a Service's slices), pkg/proxy/
//! topology.go `CategorizeEndpoints` (ready endpoints take traffic; only when a Service has
//! none do serving, terminating ones, the ProxyTerminatingEndpoints rule) and the rule sync
//! of pkg/proxy/iptables/proxier.go, reduced to one table per Service port. One instance
//! stands for the proxy on every node: they all program the same rules from the same
//! slices. Its rules are kernel state: stopping kube-proxy leaves them as they were, stale,
//! which is what a real node keeps routing by.

use std::collections::BTreeMap;

use crate::model::*;
use crate::store::{Key, Store, WatchEvent, WatchEventType};

use super::said::ProxySaid;
use super::{key_of, Controller, ControllerName, Ctx, WorkQueue};

/// Where one request to a Service port may go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backend {
    pub ip: String,
    pub port: i32,
    /// The pod behind the endpoint (`targetRef`), if the slice names one.
    pub pod: Option<String>,
    /// A serving, terminating endpoint used because no ready one exists.
    pub fallback: bool,
}

/// The rules for one Service port.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortRules {
    pub port: i32,
    pub protocol: String,
    pub backends: Vec<Backend>,
}

#[derive(Default)]
pub struct KubeProxy {
    queue: WorkQueue<Key>,
    rules: BTreeMap<Key, Vec<PortRules>>,
}

impl KubeProxy {
    /// The programmed rules of a Service, as the traffic follows them.
    pub fn rules(&self, service: &Key) -> Option<&[PortRules]> {
        self.rules.get(service).map(Vec::as_slice)
    }
}

impl Controller for KubeProxy {
    type Key = Key;

    fn name(&self) -> ControllerName {
        ControllerName::KubeProxy
    }

    fn queue(&mut self) -> &mut WorkQueue<Key> {
        &mut self.queue
    }

    /// A Service that selects no pods (the API server's own) has no users here and is left
    /// alone until it changes or has rules: a cluster's first tick gives this loop, which
    /// ships with the course part, no turn (in the page, a turn would fetch the part).
    fn observe(&mut self, event: &WatchEvent, store: &Store) {
        let key = match &event.object {
            Object::Service(s) if s.spec.selects_pods() || event.ty != WatchEventType::Added => {
                key_of(&s.metadata)
            }
            Object::EndpointSlice(e) => match e.service_name() {
                Some(svc) => Key::new(&e.metadata.namespace, svc),
                None => return,
            },
            _ => return,
        };
        let selects = |s: &Service| s.spec.selects_pods();
        if event.object.kind() == Kind::Service
            || self.rules.contains_key(&key)
            || store.get::<Service>(&key.ns, &key.name).is_some_and(selects)
        {
            self.queue.add(key);
        }
    }

    fn resync(&mut self, store: &Store) {
        for s in store.list::<Service>(None, None) {
            let key = key_of(&s.metadata);
            if s.spec.selects_pods() || self.rules.contains_key(&key) {
                self.queue.add(key);
            }
        }
        let gone: Vec<Key> = self
            .rules
            .keys()
            .filter(|k| store.get::<Service>(&k.ns, &k.name).is_none())
            .cloned()
            .collect();
        for k in gone {
            self.queue.add(k);
        }
    }

    fn reconcile(&mut self, key: &Key, ctx: &mut Ctx<'_>) {
        let Some(svc) = ctx.store.get_rc::<Service>(&key.ns, &key.name) else {
            if self.rules.remove(key).is_some() {
                let meta = ObjectMeta {
                    name: key.name.to_string(),
                    namespace: key.ns.to_string(),
                    ..Default::default()
                };
                ctx.decide(
                    Kind::Service,
                    &meta,
                    ProxySaid::NoService,
                    ProxySaid::RulesProgrammed,
                    ProxySaid::RemoveRules,
                );
            }
            return;
        };
        let slices: Vec<&EndpointSlice> = ctx
            .store
            .list::<EndpointSlice>(Some(&key.ns), None)
            .filter(|e| e.service_name() == Some(&*key.name))
            .collect();
        let next = rules_for(&svc, &slices);
        if self.rules.get(key) == Some(&next) {
            return;
        }
        let (desired, observed, action) = words(&svc, &slices, &next);
        ctx.decide(Kind::Service, &svc.metadata, desired, observed, action);
        self.rules.insert(key.clone(), next);
    }

    /// The process stopped: its queue goes, its rules stay in the kernel.
    fn forget(&mut self) {
        self.queue.clear();
    }
}

/// `CategorizeEndpoints` per Service port: ready endpoints, else serving terminating ones.
pub fn rules_for(svc: &Service, slices: &[&EndpointSlice]) -> Vec<PortRules> {
    if svc.spec.type_ == ServiceType::ExternalName || svc.spec.headless() {
        return Vec::new();
    }
    svc.spec
        .ports
        .iter()
        .map(|sp| {
            let mut ready = Vec::new();
            let mut fallback = Vec::new();
            for slice in slices {
                let Some(port) = slice
                    .ports
                    .iter()
                    .flatten()
                    .find(|p| p.name.as_deref().unwrap_or("") == sp.name())
                    .and_then(|p| p.port)
                else {
                    continue;
                };
                for e in slice.endpoints() {
                    let Some(ip) = e.addresses.first() else { continue };
                    let pod = e.target_ref.as_ref().map(|r| r.name.to_string());
                    let backend =
                        |fallback| Backend { ip: ip.clone(), port, pod: pod.clone(), fallback };
                    let c = e.conditions;
                    if c.is_ready() {
                        ready.push(backend(false));
                    } else if c.serving == Some(true) && c.terminating == Some(true) {
                        fallback.push(backend(true));
                    }
                }
            }
            let mut backends = if ready.is_empty() { fallback } else { ready };
            backends.sort_by(|a, b| (&a.ip, a.port).cmp(&(&b.ip, b.port)));
            backends.dedup();
            PortRules { port: sp.port, protocol: sp.protocol().to_string(), backends }
        })
        .collect()
}

fn words(
    svc: &Service,
    slices: &[&EndpointSlice],
    rules: &[PortRules],
) -> (ProxySaid, ProxySaid, ProxySaid) {
    let endpoints: usize = slices.iter().map(|s| s.endpoints().len()).sum();
    let ready: usize =
        slices.iter().flat_map(|s| s.endpoints()).filter(|e| e.conditions.is_ready()).count();
    let observed = ProxySaid::Endpoints { endpoints, ready };
    let backends = rules.first().map_or(&[][..], |r| r.backends.as_slice());
    let ip = svc.spec.cluster_ip.clone().unwrap_or_default();
    let action = if rules.is_empty() {
        ProxySaid::NoClusterIp
    } else if backends.is_empty() {
        ProxySaid::Reject { ip }
    } else {
        let list: Vec<String> =
            backends.iter().take(4).map(|b| format!("{}:{}", b.ip, b.port)).collect();
        let (backends_text, more) = (list.join(", "), backends.len().saturating_sub(4));
        let send = match more {
            0 => ProxySaid::SendTo { ip, backends: backends_text },
            more => ProxySaid::SendToMore { ip, backends: backends_text, more },
        };
        if backends[0].fallback {
            ProxySaid::Terminating { action: Box::new(send.into()) }
        } else {
            send
        }
    };
    (ProxySaid::RouteToReady, observed, action)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn endpoint(ip: &str, pod: &str, ready: bool, serving: bool, terminating: bool) -> Endpoint {
        Endpoint {
            addresses: vec![ip.into()],
            conditions: EndpointConditions {
                ready: Some(ready),
                serving: Some(serving),
                terminating: Some(terminating),
            },
            target_ref: Some(ObjectReference {
                kind: "Pod".into(),
                name: pod.into(),
                ..Default::default()
            }),
            ..Default::default()
        }
    }

    fn web(endpoints: Vec<Endpoint>) -> (Service, EndpointSlice) {
        let mut svc = Service::default();
        svc.spec.cluster_ip = Some("10.96.12.34".into());
        svc.spec.ports = vec![ServicePort { port: 80, ..Default::default() }];
        let mut slice = EndpointSlice::new(ObjectMeta::default());
        slice.ports = Some(vec![EndpointPort {
            name: Some(String::new()),
            port: Some(8080),
            ..Default::default()
        }]);
        slice.endpoints = Some(endpoints);
        (svc, slice)
    }

    fn backends(svc: &Service, slice: &EndpointSlice) -> Vec<(String, i32, bool)> {
        rules_for(svc, &[slice])[0]
            .backends
            .iter()
            .map(|b| (b.pod.clone().unwrap_or_default(), b.port, b.fallback))
            .collect()
    }

    #[test]
    fn ready_endpoints_take_the_traffic_and_terminating_ones_do_not() {
        let (svc, slice) = web(vec![
            endpoint("10.244.1.2", "a", true, true, false),
            endpoint("10.244.1.3", "b", false, true, true),
            endpoint("10.244.1.4", "c", false, false, false),
        ]);
        assert_eq!(backends(&svc, &slice), vec![("a".into(), 8080, false)]);
    }

    #[test]
    fn with_no_ready_endpoint_serving_terminating_ones_are_the_fallback() {
        let (svc, slice) = web(vec![
            endpoint("10.244.1.3", "b", false, true, true),
            endpoint("10.244.1.4", "c", false, false, true),
        ]);
        assert_eq!(backends(&svc, &slice), vec![("b".into(), 8080, true)]);
        let (_, _, action) = words(&svc, &[&slice], &rules_for(&svc, &[&slice]));
        assert_eq!(
            action.to_string(),
            "send 10.96.12.34 to 10.244.1.3:8080 (terminating, none ready)"
        );
    }

    #[test]
    fn no_endpoints_means_the_cluster_ip_rejects_traffic() {
        let (svc, slice) = web(vec![]);
        let rules = rules_for(&svc, &[&slice]);
        assert!(rules[0].backends.is_empty());
        let (_, observed, action) = words(&svc, &[&slice], &rules);
        assert_eq!(observed.to_string(), "0 endpoints, 0 ready");
        assert_eq!(action.to_string(), "reject traffic to 10.96.12.34: no endpoints");
    }
}
