//! Garbage in, error out: random and hostile command lines never panic, and every failure
//! says something. Runs against a live cluster so the executor is exercised, not just the
//! parser.

use proptest::prelude::*;

use kubeloop::kubectl::Mode;
use kubeloop::session::Session;
use kubeloop::world::World;

fn session() -> Session {
    let mut s = Session::new(World::new(3), Mode::Script);
    s.run("k create deployment web --image=nginx:1.27 --replicas=2; settle");
    s
}

fn assert_sane(s: &mut Session, line: &str) {
    let out = s.run(line);
    // `grep` finding nothing is the one silent failure a shell has.
    if out.status != 0 && !line.contains("grep") {
        assert!(!out.text().trim().is_empty(), "{line:?} failed silently");
    }
}

const WORDS: &[&str] = &[
    "k",
    "kubectl",
    "get",
    "delete",
    "describe",
    "scale",
    "label",
    "rollout",
    "undo",
    "status",
    "apply",
    "create",
    "run",
    "set",
    "image",
    "pods",
    "po",
    "rs",
    "deploy",
    "nodes",
    "events",
    "all",
    "web",
    "pod/web",
    "deployment.apps/web",
    "-l",
    "app=web",
    "-o",
    "yaml",
    "json",
    "name",
    "wide",
    "jsonpath={.items[*].metadata.name}",
    "-w",
    "--replicas=3",
    "--replicas=-5",
    "--replicas=99999999999",
    "--cascade=orphan",
    "--cascade=",
    "--force",
    "--grace-period=0",
    "--wait=false",
    "-n",
    "kube-system",
    "-A",
    "|",
    "head",
    "-1",
    "tail",
    "wc",
    "-l",
    "grep",
    "sort",
    ";",
    "&&",
    "||",
    "$(",
    ")",
    "'",
    "\"",
    "<<EOF",
    "EOF",
    "\n",
    "sleep",
    "1",
    "2m",
    "timeout",
    "5s",
    "node",
    "fail",
    "node-1",
    "recover",
    "add",
    "controller",
    "stop",
    "start",
    "replicaset",
    "events",
    "drop",
    "settle",
    "help",
    "clear",
    "é",
    "🙂",
    "\u{0}",
    "\t",
    "nginx=nginx:1.28",
    "x-",
    "a=b",
    "--overwrite",
    "-f",
    "-",
    "cordon",
    "drain",
    "--all",
    "svc",
    "ep",
    "endpointslices",
    "expose",
    "service",
    "clusterip",
];

fn sentence() -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(WORDS), 0..14).prop_map(|w| w.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(line in "\\PC{0,200}") {
        let mut s = session();
        assert_sane(&mut s, &line);
    }

    #[test]
    fn kubectl_shaped_garbage_never_panics(lines in proptest::collection::vec(sentence(), 1..6)) {
        let mut s = session();
        for line in &lines {
            assert_sane(&mut s, line);
        }
    }
}

#[test]
fn huge_and_hostile_inputs_get_errors() {
    let mut s = session();
    let cases = [
        "k scale deploy web --replicas=99999999999999999999999".to_string(),
        "k get pods | head -99999999999999999999".to_string(),
        "sleep 99999999999999999999999".to_string(),
        "node add 99999999999".to_string(),
        "events drop 99999999999999".to_string(),
        format!("k get pods -l {}", "a".repeat(100_000)),
        format!("k get pods {}", "x ".repeat(50_000)),
        "x".repeat(2_000_000),
        format!("echo {}", "$(".repeat(100)),
        format!("k label pod x {}=v", "k".repeat(300)),
        "k get pods -o jsonpath='{range .items[*]}{range .items[*]}{range .items[*]}{end}{end}{end}'".to_string(),
        "k apply -f - <<EOF\napiVersion: v1\nkind: Pod\nmetadata:\n  name: \"<img src=x onerror=alert(1)>\"\nspec:\n  containers: [{name: c, image: nginx}]\nEOF".to_string(),
    ];
    for line in &cases {
        let out = s.run(line);
        assert!(
            out.status != 0 || !out.text().is_empty() || line.starts_with("k get pods -o jsonpath"),
            "{}",
            &line[..line.len().min(80)]
        );
    }
    // The cluster is still usable afterwards.
    let out = s.run("k get deploy web -o name");
    assert_eq!(out.text(), "deployment.apps/web\n");
}

/// Each hostile value gets the error a user of the real tools would recognise.
#[test]
fn hostile_values_get_clear_errors_with_the_real_wording() {
    let mut s = session();
    let heredoc = |body: &str| format!("k apply -f - <<EOF\n{body}\nEOF");
    let bomb = (b'b'..=b'i')
        .map(|c| {
            let prev = (c - 1) as char;
            format!("{}: &{} [{}]", c as char, c as char, vec![format!("*{prev}"); 9].join(","))
        })
        .collect::<Vec<_>>()
        .join("\n");
    let cases = [
        (
            "k create deployment big --image=nginx --replicas=99999999999".to_string(),
            "invalid argument \"99999999999\" for \"-r, --replicas\" flag: strconv.ParseInt: parsing \"99999999999\": value out of range",
        ),
        ("k scale deploy web --replicas=-1".into(), "COUNT must be greater than or equal to 0"),
        ("k create deployment \u{4f60}\u{597d} --image=nginx".into(), "a lowercase RFC 1123 subdomain"),
        ("k label deploy web 'a=b\u{7}c'".into(), "invalid label value: \"a=b\\ac\": a valid label must be"),
        ("k label deploy web 'a\u{202e}=b'".into(), "name part must consist of alphanumeric characters"),
        (heredoc(&format!("a: &a [\"lol\",\"lol\"]\n{bomb}")), "yaml: repetition limit exceeded"),
        (heredoc(&"[".repeat(20_000)), "recursion limit exceeded"),
        (
            heredoc(&(0..300).map(|i| format!("{}a:", "  ".repeat(i))).collect::<Vec<_>>().join("\n")),
            "recursion limit exceeded",
        ),
        (format!("k get pods {}", "x".repeat(10 << 20)), "longer than the 1048576 byte limit"),
    ];
    for (line, want) in &cases {
        let out = s.run(line);
        assert_ne!(out.status, 0, "{}", &line[..line.len().min(60)]);
        assert!(out.text().contains(want), "{}:\n{}", &line[..line.len().min(60)], out.text());
    }
    assert_eq!(s.run("k get deploy web -o name").text(), "deployment.apps/web\n");
}

/// Service, EndpointSlice and Endpoints manifests with every field wrong in some way: each is
/// refused with words or taken, and what is taken prints in every format without panicking.
#[test]
fn garbage_service_manifests_never_panic() {
    let mut s = session();
    let svc =
        |spec: &str| format!("apiVersion: v1\nkind: Service\nmetadata: {{name: g}}\nspec: {spec}");
    let slice = |body: &str| {
        format!("apiVersion: discovery.k8s.io/v1\nkind: EndpointSlice\nmetadata: {{name: s, labels: {{kubernetes.io/service-name: ok}}}}\n{body}")
    };
    let endpoints =
        |body: &str| format!("apiVersion: v1\nkind: Endpoints\nmetadata: {{name: ok}}\n{body}");
    let manifests = [
        svc("null"),
        svc("[]"),
        svc("{type: 5, ports: [{port: 80}]}"),
        svc("{type: '', ports: [{port: 80}]}"),
        svc("{ports: x}"),
        svc("{ports: [{port: abc}]}"),
        svc("{ports: [{port: 99999999999}]}"),
        svc("{ports: [{port: -1, targetPort: -1, nodePort: -1}]}"),
        svc("{type: NodePort, ports: [{port: 80, nodePort: 99999}]}"),
        svc("{ports: [{port: 80, targetPort: {}}]}"),
        svc("{ports: [{port: 80, targetPort: 'Not A Name!'}]}"),
        svc("{ports: [{port: 80}, {port: 81}]}"),
        svc("{ports: [{name: a, port: 80}, {name: a, port: 81}]}"),
        svc("{clusterIP: garbage, ports: [{port: 80}]}"),
        svc("{clusterIP: 10.96.0.0, ports: [{port: 80}]}"),
        svc("{clusterIPs: [1, 2], ports: [{port: 80}]}"),
        svc("{clusterIP: 10.96.0.1, clusterIPs: [10.96.0.2], ports: [{port: 80}]}"),
        svc("{selector: [a], ports: [{port: 80}]}"),
        svc("{selector: {'bad key!': v}, ports: [{port: 80}]}"),
        svc("{type: ExternalName}"),
        svc("{clusterIP: None}"),
        "apiVersion: v1\nkind: Service\nmetadata: {name: ok}\nspec: {selector: {app: web}, ports: [{port: 80}]}".into(),
        slice("addressType: IPv4"),
        slice("addressType: 7\nendpoints: x"),
        slice("addressType: IPv4\nendpoints: [{addresses: []}, {addresses: [a, b], conditions: {ready: false}}]"),
        slice("addressType: IPv4\nports: [{}, {name: null}]\nendpoints: [{addresses: [10.0.0.1]}]"),
        slice("addressType: IPv4\nendpoints: [{addresses: [10.0.0.1], conditions: x}]"),
        endpoints("subsets: [{addresses: [{}]}]"),
        endpoints("subsets: [{addresses: [{ip: ''}], ports: [{port: -5}]}]"),
        endpoints("subsets: x"),
    ];
    for m in &manifests {
        let out = s.run(&format!("k apply -f - <<EOF\n{m}\nEOF"));
        if out.status != 0 {
            assert!(!out.text().trim().is_empty(), "{m} failed silently");
        }
    }
    for line in [
        "k get svc,endpointslices,ep -o wide",
        "k get svc,endpointslices,ep -o yaml",
        "k get svc,endpointslices,ep -o json",
        "k describe svc",
        "k describe endpointslices",
        "k describe ep",
        "k expose svc ok --name=again",
        "k expose svc g --port=1",
        "export",
        "k delete svc,endpointslices,ep --all",
    ] {
        assert_sane(&mut s, line);
    }
    assert_eq!(s.run("k get svc -o name").text(), "");
}

/// Patch bodies of every shape, with each patch type, against a Deployment, its scale and
/// status subresources and a Pod: each is refused with words or taken, and the cluster still
/// prints in every format afterwards.
#[test]
fn garbage_patch_bodies_never_panic() {
    let mut s = session();
    let deep_list = "[".repeat(100_000);
    let deep_map = "{\"a\":".repeat(5_000);
    let bodies = [
        "{}",
        "[]",
        "null",
        "1",
        "\"x\"",
        "a: [",
        "\t",
        deep_list.as_str(),
        deep_map.as_str(),
        r#"{"metadata":null}"#,
        r#"{"metadata":{"name":"other"}}"#,
        r#"{"metadata":{"labels":{"bad key!":"v"}}}"#,
        r#"{"metadata":{"$deleteFromPrimitiveList/finalizers":"x"}}"#,
        r#"{"metadata":{"finalizers":[1,{"a":2}]}}"#,
        r#"{"spec":null}"#,
        r#"{"spec":[]}"#,
        r#"{"spec":{"replicas":-5}}"#,
        r#"{"spec":{"replicas":99999999999}}"#,
        r#"{"spec":{"replicas":1.5}}"#,
        r#"{"spec":{"template":{"spec":{"containers":null}}}}"#,
        r#"{"spec":{"template":{"spec":{"containers":[1,2]}}}}"#,
        r#"{"spec":{"template":{"spec":{"containers":[{"name":"nginx","$patch":"frob"}]}}}}"#,
        r#"{"spec":{"template":{"spec":{"containers":[{"name":"nginx","$patch":"delete"}]}}}}"#,
        r#"{"spec":{"template":{"spec":{"containers":[{"$patch":"replace"}]}}}}"#,
        r#"{"spec":{"template":{"spec":{"containers":[{"name":"nginx","ports":[{"containerPort":"x"}]}]}}}}"#,
        r#"{"spec":{"template":{"spec":{"containers":[{"name":{"a":1}}]}}}}"#,
        r#"{"$patch":"delete"}"#,
        r#"{"$patch":"replace"}"#,
        r#"{"$patch":7}"#,
        r#"{"$retainKeys":5}"#,
        r#"{"$retainKeys":["metadata"]}"#,
        r#"{"status":{"replicas":"x"}}"#,
        r#"{"status":{"conditions":[{"type":"Available","status":"False"}]}}"#,
        r#"[{"op":"add","path":"","value":1}]"#,
        r#"[{"op":"move","from":"/spec","path":"/spec/x"}]"#,
        r#"[{"op":"copy","from":"/metadata","path":"/spec/template/metadata"}]"#,
        r#"[{"op":"add","path":"/spec/template/spec/containers/99","value":{}}]"#,
        r#"[{"op":"add","path":"/spec/template/spec/containers/-","value":{"name":"b","image":"busybox"}}]"#,
        r#"[{"op":"remove","path":"/metadata"}]"#,
        r#"[{"op":"replace","path":"/kind","value":"Pod"}]"#,
        r#"[{"op":"test"}]"#,
        r#"[{"op":"add","path":"/a~2b/~","value":1}]"#,
        r#"[{}]"#,
        r#"[null]"#,
    ];
    let targets = [
        "deploy web",
        "deploy/web --subresource scale",
        "deploy web --subresource=status",
        "$(k get pods -o name | head -1)",
        "svc,deploy web",
    ];
    for body in &bodies {
        for ty in ["strategic", "merge", "json"] {
            for target in targets {
                let line = format!(
                    "k patch {target} --type {ty} --patch-file /dev/stdin <<EOF\n{body}\nEOF"
                );
                let out = s.run(&line);
                if out.status != 0 {
                    assert!(!out.text().trim().is_empty(), "{line} failed silently");
                }
            }
        }
    }
    for line in ["k get all -o yaml", "k get all -o json", "k describe deploy", "export", "settle"]
    {
        assert_sane(&mut s, line);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Random text as a patch body, with every patch type.
    #[test]
    fn random_patch_bodies_never_panic(body in "[\\[\\]{}\":,a-z0-9$/ -]{0,80}") {
        let mut s = session();
        for ty in ["strategic", "merge", "json"] {
            let line = format!("k patch deploy web --type {ty} --patch-file /dev/stdin <<EOF\n{body}\nEOF");
            assert_sane(&mut s, &line);
        }
    }
}
