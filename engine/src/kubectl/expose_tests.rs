use super::*;
use crate::api::client;
use crate::session::Session;

fn session() -> Session {
    Session::script(1)
}

fn yaml(s: &mut Session, what: &str) -> String {
    s.run(&format!("k get {what} -o yaml")).text()
}

#[test]
fn a_deployment_is_exposed_with_its_selector_labels_and_container_port() {
    let mut s = session();
    s.run("k create deployment web --image=nginx --port=80");
    assert_eq!(s.run("k expose deploy web").text(), "service/web exposed\n");
    let svc = yaml(&mut s, "svc web");
    assert!(svc.contains("  labels:\n    app: web\n"), "{svc}");
    assert!(
        svc.contains("  ports:\n  - port: 80\n    protocol: TCP\n    targetPort: 80\n"),
        "{svc}"
    );
    assert!(svc.contains("  selector:\n    app: web\n"), "{svc}");
}

#[test]
fn flags_name_type_and_target_port_the_service() {
    let mut s = session();
    s.run("k create deployment web --image=nginx");
    let out = s.run("k expose deployment/web --port=8080 --target-port=http --name=front --type=NodePort -l tier=edge");
    assert_eq!(out.text(), "service/front exposed\n");
    let svc = yaml(&mut s, "svc front");
    assert!(svc.contains("    targetPort: http\n"), "{svc}");
    assert!(svc.contains("  type: NodePort\n"), "{svc}");
    assert!(svc.contains("  labels:\n    tier: edge\n"), "{svc}");
    assert!(svc.contains("  - nodePort: 3"), "{svc}");
}

#[test]
fn several_container_ports_become_named_service_ports() {
    let mut s = session();
    s.run("k run p --image=x --port=80");
    s.run("k label pod p extra=1");
    // A second port arrives through a manifest.
    let Ok(Object::Pod(p)) = client::get(s.api(), Kind::Pod, "default", "p") else {
        panic!("pod p was created");
    };
    let mut p = std::rc::Rc::unwrap_or_clone(p);
    p.spec.containers[0].ports.push(ContainerPort { container_port: 443, ..Default::default() });
    let pod = Object::Pod(p.into());
    let svc = service_for(&pod, &mut ExposeOptions::default()).unwrap();
    let names: Vec<_> = svc.spec.ports.iter().map(|p| (p.name.clone(), p.port)).collect();
    assert_eq!(names, [(Some("port-1".into()), 80), (Some("port-2".into()), 443)]);
    assert_eq!(svc.spec.selector.get("run").map(String::as_str), Some("p"));
}

#[test]
fn what_cannot_be_introspected_is_refused_with_expose_go_wording() {
    let mut s = session();
    s.run("k create deployment web --image=nginx");
    assert_eq!(
        s.run("k expose deploy web").text(),
        "error: couldn't find port via --port flag or introspection\n"
    );
    assert_eq!(s.run("k expose node node-1 --port=80").text(), "error: cannot expose a Node\n");
    assert_eq!(
        s.run("k expose deploy nope --port=80").text(),
        "Error from server (NotFound): deployments.apps \"nope\" not found\n"
    );
    assert_eq!(
        s.run("k expose deploy").text(),
        "error: resource(s) were provided, but no name was specified\n"
    );
    assert_eq!(
        s.run("k expose deploy web --port=abc").text(),
        "error: strconv.Atoi: parsing \"abc\": invalid syntax\n"
    );
    assert_eq!(
        s.run("k expose deploy web --port=80 --session-affinity=Sticky").text(),
        "error: unknown session affinity: Sticky\n"
    );
    let mut unlabelled = Pod::default();
    unlabelled.metadata.name = "bare".into();
    let e = service_for(&Object::Pod(unlabelled.into()), &mut ExposeOptions::default());
    assert_eq!(
        e.unwrap_err().to_string(),
        "error: couldn't retrieve selectors via --selector flag or introspection: the pod has no labels and cannot be exposed"
    );
}

#[test]
fn a_deployment_selected_by_expressions_cannot_be_exposed() {
    let mut d = Deployment::default();
    d.metadata.name = "web".into();
    d.spec.selector.match_labels = [("app".to_string(), "web".to_string())].into();
    d.spec.selector.match_expressions = vec![LabelSelectorRequirement {
        key: "tier".into(),
        operator: "In".into(),
        values: vec!["a".into(), "b".into()],
    }];
    let e = service_for(&Object::Deployment(d.into()), &mut ExposeOptions::default());
    assert_eq!(
        e.unwrap_err().to_string(),
        "error: couldn't retrieve selectors via --selector flag or introspection: couldn't convert expressions - \"[{Key:tier Operator:In Values:[a b]}]\" to map-based selector format"
    );
}

#[test]
fn an_unknown_type_is_the_api_servers_to_refuse() {
    let mut s = session();
    s.run("k create deployment web --image=nginx --port=80");
    assert_eq!(
        s.run("k expose deploy web --type=nodeport").text(),
        "The Service \"web\" is invalid: spec.type: Unsupported value: \"nodeport\": supported values: \"ClusterIP\", \"ExternalName\", \"LoadBalancer\", \"NodePort\"\n"
    );
}

#[test]
fn the_output_flag_prints_the_created_service() {
    let mut s = session();
    s.run("k create deployment web --image=nginx --port=80");
    assert_eq!(s.run("k expose deploy web -o name").text(), "service/web\n");
    let yaml = s.run("k expose deploy web --name=web2 -o yaml").text();
    assert!(yaml.starts_with("apiVersion: v1\nkind: Service\n"), "{yaml}");
    assert!(yaml.contains("  clusterIP: 10."), "{yaml}");
    assert!(s.run("k expose deploy web --name=web3 -o wide").text().contains("not supported"));
    let web3 = client::get(s.api(), Kind::Service, "default", "web3");
    assert!(web3.is_err_and(|r| r.is_not_found()), "refused before creating");
}

#[test]
fn a_port_under_two_protocols_becomes_one_service_port_each() {
    let mut p = Pod::default();
    p.metadata.name = "dns".into();
    p.metadata.labels = [("app".to_string(), "dns".to_string())].into();
    let mut c = Container::new("dns", "coredns");
    for proto in ["TCP", "UDP"] {
        c.ports.push(ContainerPort {
            container_port: 53,
            protocol: Some(proto.into()),
            ..Default::default()
        });
    }
    p.spec.containers.push(c);
    let svc = service_for(&Object::Pod(p.into()), &mut ExposeOptions::default()).unwrap();
    let ports: Vec<_> = svc
        .spec
        .ports
        .iter()
        .map(|p| (p.name().to_string(), p.port, p.protocol().to_string()))
        .collect();
    assert_eq!(
        ports,
        [("port-1-tcp".into(), 53, "TCP".into()), ("port-1-udp".into(), 53, "UDP".into())]
    );
    // --protocol stomps the object's protocols.
    let mut o = ExposeOptions { protocol: "UDP".into(), port: "53".into(), ..Default::default() };
    let mut p2 = Pod::default();
    p2.metadata.labels = [("app".to_string(), "dns".to_string())].into();
    p2.metadata.name = "dns".into();
    let svc = service_for(&Object::Pod(p2.into()), &mut o).unwrap();
    assert_eq!(svc.spec.ports[0].protocol(), "UDP");
}
