use super::*;
use crate::api::client::{self, Call};
use crate::kubectl::Mode;
use crate::session::Session;

fn session() -> Session {
    Session::script(1)
}

/// The Service the API answers for `default/name`.
fn service(s: &mut Session, name: &str) -> Service {
    match client::get(s.api(), Kind::Service, "default", name) {
        Ok(Object::Service(svc)) => std::rc::Rc::unwrap_or_clone(svc),
        other => panic!("no Service {name}: {other:?}"),
    }
}

#[test]
fn clusterip_makes_the_service_kubectl_dry_run_prints() {
    let mut s = session();
    assert_eq!(
        s.run("k create service clusterip web --tcp=80:8080").text(),
        "service/web created\n"
    );
    let svc = service(&mut s, "web");
    assert_eq!(svc.metadata.labels.get("app").map(String::as_str), Some("web"));
    assert_eq!(svc.spec.selector.get("app").map(String::as_str), Some("web"));
    let p = &svc.spec.ports[0];
    assert_eq!(
        (p.name.as_deref(), p.port, p.target_port.clone(), p.protocol()),
        (Some("80-8080"), 80, Some(IntOrString::Int(8080)), "TCP")
    );
    assert_eq!(svc.spec.type_, ServiceType::ClusterIP);
}

#[test]
fn nodeport_headless_and_externalname_variants() {
    let mut s = session();
    assert_eq!(
        s.run("k create svc nodeport np --tcp=80:8080 --node-port=30080").text(),
        "service/np created\n"
    );
    let np = service(&mut s, "np");
    assert_eq!(np.spec.ports[0].node_port, Some(30080));
    assert_eq!(s.run("k create service clusterip hl --clusterip=None").status, 0);
    assert!(service(&mut s, "hl").spec.headless());
    assert_eq!(
        s.run("k create service externalname ext --external-name=db.example.com").text(),
        "service/ext created\n"
    );
    assert_eq!(s.run("k create service loadbalancer lb --tcp=443 -o name").text(), "service/lb\n");
}

#[test]
fn arguments_are_refused_with_create_service_go_wording() {
    let mut s = session();
    for (line, err) in [
        ("clusterip web", "at least one tcp port specifier must be provided"),
        ("clusterip web --tcp=", "at least one tcp port specifier must be provided"),
        ("clusterip web --tcp=abc", "strconv.ParseUint: parsing \"abc\": invalid syntax"),
        ("clusterip web --tcp=70000", "strconv.ParseUint: parsing \"70000\": value out of range"),
        ("clusterip web --tcp=:80", "strconv.ParseUint: parsing \"\": invalid syntax"),
        ("clusterip web --tcp=80:0", "must be between 1 and 65535, inclusive"),
        (
            "clusterip web --tcp=80:Bad_Name",
            "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)",
        ),
        (
            "clusterip web --tcp=80:-9x-",
            "must not begin or end with a hyphen (-)",
        ),
        ("externalname web", "required flag(s) \"external-name\" not set"),
        ("externalname web --external-name=Bad_", "invalid service external name Bad_"),
        (
            "clusterip a b --tcp=1",
            "exactly one NAME is required, got 2\nSee 'kubectl create service clusterip -h' for help and examples",
        ),
        (
            "nodeport web --clusterip=None",
            "unknown flag: --clusterip\nSee 'kubectl create service nodeport --help' for usage.",
        ),
        (
            "foo web",
            "unknown command \"foo web\"\nSee 'kubectl create service -h' for help and examples",
        ),
    ] {
        assert_eq!(s.run(&format!("k create service {line}")).text(), format!("error: {err}\n"), "{line}");
    }
    assert!(s
        .run("k create service")
        .text()
        .starts_with("Create a service using a specified subcommand."));
}

#[test]
fn the_api_servers_refusal_is_wrapped_with_the_service_type() {
    let mut s = session();
    assert_eq!(
        s.run("k create service clusterip web --tcp=0:80").text(),
        "error: failed to create ClusterIP service: Service \"web\" is invalid: spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive\n"
    );
    assert_eq!(
        s.run("k create service nodeport web --tcp=80 --node-port=80").text(),
        "error: failed to create NodePort service: Service \"web\" is invalid: spec.ports[0].nodePort: Invalid value: 80: provided port is not in the valid range. The range of valid ports is 30000-32767\n"
    );
}

#[test]
fn a_watch_on_services_prints_each_new_one() {
    let mut s = Session::script(1);
    s.mode = Mode::Interactive;
    s.run("k create service clusterip a --tcp=80");
    let first = s.run("k get svc -w").text();
    // The API server's own `kubernetes` Service is listed too, and widens the name column.
    assert!(first.starts_with("NAME         TYPE        CLUSTER-IP"), "{first}");
    assert!(first.contains("\nkubernetes   ClusterIP   10.96.0.1 "), "{first}");
    assert!(s.watching());
    // Another client creates one while the watch is pending.
    let svc = service(&mut s, "a");
    let mut b = Service::new(
        ObjectMeta { name: "b".into(), ..Default::default() },
        ServiceSpec { ports: svc.spec.ports.clone(), ..Default::default() },
    );
    b.metadata.namespace = "default".into();
    let call = Call::create(Kind::Service, "default", b.into_object().to_json());
    client::object(s.api(), &call).unwrap();
    let next = s.poll_watch().text();
    assert!(next.starts_with("b            ClusterIP"), "{next}");
}

/// The object before the API server defaults it, against what the real kubectl 1.33 prints
/// for `kubectl create service nodeport edge --tcp=80:8080 --tcp=443 --node-port=30080
/// --dry-run=client -o yaml` (its `creationTimestamp: null` line left out: the model has no
/// unset timestamp to print).
#[test]
fn the_generated_service_matches_real_kubectl_dry_run_output() {
    let opts = ServiceOptions {
        name: "edge".into(),
        tcp: vec!["80:8080".into(), "443".into()],
        type_: ServiceType::NodePort,
        cluster_ip: String::new(),
        node_port: 30080,
        external_name: String::new(),
    };
    let svc = opts.service().unwrap();
    let yaml = crate::kubectl::printers::to_yaml(&Object::Service(svc.into()));
    let want = "apiVersion: v1
kind: Service
metadata:
  labels:
    app: edge
  name: edge
spec:
  ports:
  - name: 80-8080
    nodePort: 30080
    port: 80
    protocol: TCP
    targetPort: 8080
  - name: \"443\"
    nodePort: 30080
    port: 443
    protocol: TCP
    targetPort: 443
  selector:
    app: edge
  type: NodePort
status:
  loadBalancer: {}
";
    assert_eq!(yaml, want);
}
