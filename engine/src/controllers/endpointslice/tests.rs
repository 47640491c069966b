use std::rc::Rc;

use super::reconciler::{plan, Plan};
use super::*;

fn service(selector: &[(&str, &str)]) -> Service {
    let mut s = Service::new(
        ObjectMeta {
            name: "web".into(),
            namespace: "default".into(),
            uid: "svc-uid".into(),
            ..Default::default()
        },
        ServiceSpec::default(),
    );
    s.spec.selector = selector
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect::<std::collections::BTreeMap<_, _>>()
        .into();
    s.spec.ports = vec![ServicePort {
        port: 80,
        protocol: Some("TCP".into()),
        target_port: Some(IntOrString::Str("http".into())),
        ..Default::default()
    }];
    s.spec.cluster_ip = Some("10.96.0.10".into());
    s
}

fn pod(i: usize, ready: bool) -> Pod {
    let mut p = Pod::new(
        ObjectMeta {
            name: format!("web-{i:03}"),
            namespace: "default".into(),
            uid: format!("uid-{i}"),
            ..Default::default()
        },
        PodSpec { containers: vec![Container::new("c", "nginx")].into(), ..Default::default() },
    );
    p.spec.containers[0].ports = vec![ContainerPort {
        name: Some("http".into()),
        container_port: 8080,
        ..Default::default()
    }];
    p.spec.node_name = Some("node-1".into());
    p.status.pod_ip = Some(format!("10.244.1.{}", i % 250 + 2));
    p.status.pod_ips = IpList::one(p.status.pod_ip.as_deref().unwrap());
    p.set_condition("Ready", ready, crate::clock::Time::ZERO);
    p
}

/// The slices a plan leaves, as the store would hold them after it ran.
fn apply(p: Plan, existing: &[Rc<EndpointSlice>]) -> Vec<Rc<EndpointSlice>> {
    let gone: Vec<&str> = p.delete.iter().map(|s| s.metadata.name.as_str()).collect();
    let updated: Vec<&str> = p.update.iter().map(|s| s.metadata.name.as_str()).collect();
    let mut out: Vec<Rc<EndpointSlice>> = existing
        .iter()
        .filter(|s| !gone.contains(&s.metadata.name.as_str()))
        .filter(|s| !updated.contains(&s.metadata.name.as_str()))
        .cloned()
        .collect();
    out.extend(p.update.into_iter().map(Rc::new));
    for (i, mut s) in p.create.into_iter().enumerate() {
        s.metadata.name = format!("web-new{i}-{}", out.len());
        out.push(Rc::new(s));
    }
    out
}

#[test]
fn two_hundred_fifty_pods_fill_two_slices_and_put_the_rest_in_a_third() {
    let svc = service(&[("app", "web")]);
    let pods: Vec<Pod> = (0..250).map(|i| pod(i, true)).collect();
    let refs: Vec<&Pod> = pods.iter().collect();
    let first = plan(&svc, &refs, &[], MAX_ENDPOINTS_PER_SLICE);
    assert_eq!(first.create.len(), 3);
    let sizes: Vec<usize> = first.create.iter().map(|s| s.endpoints().len()).collect();
    assert_eq!(sizes, vec![100, 100, 50]);
    let slices = apply(first, &[]);
    let again = plan(&svc, &refs, &slices, MAX_ENDPOINTS_PER_SLICE);
    assert!(again.is_empty(), "a second sync of the same pods writes nothing");
}

#[test]
fn a_pod_turning_ready_updates_only_its_own_slice() {
    let svc = service(&[("app", "web")]);
    let mut pods: Vec<Pod> = (0..150).map(|i| pod(i, true)).collect();
    pods[120].set_condition("Ready", false, crate::clock::Time(5));
    let slices = apply(plan(&svc, &pods.iter().collect::<Vec<_>>(), &[], 100), &[]);
    pods[120].set_condition("Ready", true, crate::clock::Time(9));
    let next = plan(&svc, &pods.iter().collect::<Vec<_>>(), &slices, 100);
    assert!(next.create.is_empty() && next.delete.is_empty());
    assert_eq!(next.update.len(), 1);
    let ep = next.update[0]
        .endpoints()
        .iter()
        .find(|e| e.target_ref.as_ref().unwrap().name == "web-120")
        .expect("the pod's endpoint");
    assert_eq!(
        ep.conditions,
        EndpointConditions { ready: Some(true), serving: Some(true), terminating: Some(false) }
    );
}

#[test]
fn named_target_ports_resolve_per_pod_and_unresolvable_ones_are_dropped() {
    let svc = service(&[("app", "web")]);
    let with = pod(1, true);
    let mut without = pod(2, true);
    without.spec.containers[0].ports.clear();
    assert_eq!(find_port(&with, &svc.spec.ports[0]), Some(8080));
    assert_eq!(find_port(&without, &svc.spec.ports[0]), None);
    let p = plan(&svc, &[&with, &without], &[], 100);
    // Two port sets, two slices: one with port 8080, one with no ports at all.
    let ports: Vec<Option<Vec<EndpointPort>>> = p.create.iter().map(|s| s.ports.clone()).collect();
    assert!(ports.contains(&None), "{ports:?}");
    assert!(ports
        .iter()
        .flatten()
        .any(|ps| ps[0].port == Some(8080) && ps[0].name.as_deref() == Some("")));
}

#[test]
fn a_terminating_ready_pod_is_serving_but_not_ready() {
    let svc = service(&[("app", "web")]);
    let mut p = pod(1, true);
    p.metadata.deletion_timestamp = Some(crate::clock::Time(1000));
    let ep = desired::pod_to_endpoint(&p, &svc);
    assert_eq!(
        ep.conditions,
        EndpointConditions { ready: Some(false), serving: Some(true), terminating: Some(true) }
    );
    let mut publish = svc.clone();
    publish.spec.publish_not_ready_addresses = true;
    assert_eq!(desired::pod_to_endpoint(&p, &publish).conditions.ready, Some(true));
}

#[test]
fn no_pods_means_one_empty_placeholder_that_is_kept() {
    let svc = service(&[("app", "web")]);
    let p = plan(&svc, &[], &[], 100);
    assert_eq!(p.create.len(), 1);
    assert_eq!(p.create[0].endpoints, None);
    assert_eq!(p.create[0].ports, None);
    let slices = apply(p, &[]);
    assert!(plan(&svc, &[], &slices, 100).is_empty());
}

#[test]
fn when_every_pod_goes_the_last_slice_becomes_the_placeholder() {
    let svc = service(&[("app", "web")]);
    let pods: Vec<Pod> = (0..150).map(|i| pod(i, true)).collect();
    let slices = apply(plan(&svc, &pods.iter().collect::<Vec<_>>(), &[], 100), &[]);
    let p = plan(&svc, &[], &slices, 100);
    assert!(p.create.is_empty(), "a doomed slice is reused rather than a new one made");
    assert_eq!(p.update.len(), 1);
    assert_eq!(p.delete.len(), 1);
    assert_eq!(p.update[0].endpoints, None);
}

#[test]
fn the_action_names_a_few_slices_and_counts_many() {
    let counts = Counts { ready: 2, not_ready: 1, terminating: 1 };
    let names = |n: usize| (0..n).map(|i| format!("web-{i}")).collect::<Vec<_>>();
    let done = Written { created: names(1), updated: names(3), deleted: names(5) };
    assert_eq!(
        done.said(&counts).to_string(),
        "write 2 ready and 1 not-ready endpoint (1 terminating): create slice web-0, \
         update 3 slices web-0, web-1, web-2, delete 5 slices"
    );
    let none = Counts { ready: 0, not_ready: 0, terminating: 0 };
    assert_eq!(Written::default().said(&none).to_string(), "write no endpoints");
}
