//! The generators' client-side dry runs against what the real kubectl prints for the same
//! command (captured from kubectl v1.32 into `engine/tests/data/dry_run/`; `run` and
//! `expose` need API discovery, so they ran against a stand-in server that served only
//! discovery and the one Deployment), and the proof that dry runs write nothing.

use super::DryRun;
use crate::api::client::Call;
use crate::model::Kind;
use crate::session::Session;

/// A session over a fresh cluster of its own.
pub(in crate::kubectl) fn session() -> Session {
    Session::script(1)
}

/// The cluster's resourceVersion, as a list answers it: every write moves it on.
pub(in crate::kubectl) fn cluster_version(s: &mut Session) -> String {
    let answer = s.api().send(&Call::list(Kind::Pod, ""));
    answer.body["metadata"]["resourceVersion"].as_str().unwrap_or_default().to_string()
}

macro_rules! oracle {
    ($file:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/dry_run/", $file))
    };
}

#[test]
fn client_dry_runs_print_what_real_kubectl_prints() {
    let cases = [
        (
            "k create deployment web --image=nginx --replicas=3 --port=80 --dry-run=client -o yaml",
            oracle!("deployment_web.yaml"),
        ),
        (
            "k create deployment web --image=nginx --replicas=3 --port=80 --dry-run=client -o json",
            oracle!("deployment_web.json"),
        ),
        (
            "k create deployment multi -n team --image=nginx --image=redis --dry-run=client -o json",
            oracle!("deployment_multi.json"),
        ),
        (
            "k create service clusterip web --tcp=80:8080 --dry-run=client -o json",
            oracle!("service_clusterip.json"),
        ),
        (
            "k create service nodeport edge --tcp=80:8080 --tcp=443 --node-port=30080 --dry-run=client -o yaml",
            oracle!("service_nodeport.yaml"),
        ),
        (
            "k create service externalname ext --external-name=example.com --dry-run=client -o json",
            oracle!("service_externalname.json"),
        ),
        ("k create namespace team --dry-run=client -o json", oracle!("namespace_team.json")),
        ("k create namespace team --dry-run=client -o yaml", oracle!("namespace_team.yaml")),
        ("k run p --image=nginx --dry-run=client -o json", oracle!("run_p.json")),
        (
            "k run p --image=nginx --port=80 --labels=a=b,c=d --restart=Never --dry-run=client -o yaml",
            oracle!("run_p_port.yaml"),
        ),
    ];
    for (line, want) in cases {
        let mut s = session();
        s.run("k create namespace team");
        let got = s.run(line);
        assert_eq!(got.text(), want, "{line}");
        assert_eq!(got.status, 0, "{line}");
    }
}

/// kubectl expose read the Deployment from a server (captured against a stand-in serving
/// discovery and `deployments/web` in `default`), so the namespace is the default one here.
#[test]
fn expose_prints_the_service_its_generator_builds() {
    let mut s = session();
    s.run("k create deployment web --image=nginx --replicas=2 --port=80");
    let yaml = s.run("k expose deployment web --port=80 --dry-run=client -o yaml");
    assert_eq!(yaml.text(), oracle!("expose_web.yaml"));
    let json = s.run(
        "k expose deployment web --port=80 --target-port=8080 --type=NodePort --name=front --dry-run=client -o json",
    );
    assert_eq!(json.text(), oracle!("expose_front.json"));
    // Only the API server's own Service: the dry runs created nothing.
    assert_eq!(s.run("k get svc -o name").text(), "service/kubernetes\n");
}

#[test]
fn client_dry_runs_say_dry_run_or_print_the_name() {
    let mut s = session();
    s.run("settle");
    let rv = cluster_version(&mut s);
    for (line, want) in [
        (
            "k create deployment web --image=nginx --dry-run=client",
            "deployment.apps/web created (dry run)\n",
        ),
        ("k create deployment web --image=nginx --dry-run=client -o name", "deployment.apps/web\n"),
        ("k run p --image=nginx --dry-run=server", "pod/p created (server dry run)\n"),
        ("k create ns team --dry-run=server", "namespace/team created (server dry run)\n"),
    ] {
        assert_eq!(s.run(line).text(), want, "{line}");
    }
    assert_eq!(cluster_version(&mut s), rv);
    // Nothing was written for the loops to act on either.
    s.run("settle");
    assert_eq!(cluster_version(&mut s), rv);
    assert_eq!(s.run("k get deploy,pods").text(), "No resources found in default namespace.\n");
}

#[test]
fn the_strategy_is_parsed_as_get_dry_run_strategy_does() {
    let mut s = session();
    let bad = s.run("k create deployment web --image=nginx --dry-run=maybe");
    assert_eq!(
        (bad.status, bad.text()),
        (
            1,
            "error: Invalid dry-run value (maybe). Must be \"none\", \"server\", or \"client\".\n"
                .into()
        )
    );
    let bare = s.run("k create deployment web --image=nginx --dry-run").text();
    // klog's header carries the simulated clock.
    assert!(bare.starts_with("W0101 00:00:0"), "{bare}");
    assert!(
        bare.ends_with("       1 helpers.go:714] --dry-run is deprecated and can be replaced with --dry-run=client.\ndeployment.apps/web created (dry run)\n"),
        "{bare}"
    );
    let yes = s.run("k create deployment web --image=nginx --dry-run=true").text();
    assert!(yes.contains("--dry-run=true is deprecated (boolean value) and can be replaced with --dry-run=client.\ndeployment.apps/web created (dry run)\n"), "{yes}");
    let no = s.run("k create deployment web --image=nginx --dry-run=false").text();
    assert!(no.ends_with("replaced with --dry-run=none.\ndeployment.apps/web created\n"), "{no}");
}

#[test]
fn a_server_dry_run_leaves_the_random_sequence_alone() {
    let names = |dry: bool| {
        let mut s = session();
        if dry {
            let out = s.run("k create deployment web --image=my_app.v2 --dry-run=server -o yaml");
            assert_eq!(out.status, 0, "{}", out.text());
            assert!(out.text().contains("uid: "), "{}", out.text());
        }
        assert_eq!(s.run("k create deployment web --image=nginx").status, 0);
        s.run("settle");
        s.run("k get pods -o name").text()
    };
    assert_eq!(names(true), names(false));
}

#[test]
fn a_server_dry_run_is_validated_as_a_create_is() {
    let mut s = session();
    s.run("k create deployment web --image=nginx");
    let taken = s.run("k create deployment web --image=nginx --dry-run=server");
    assert_eq!(
        taken.text(),
        "error: failed to create deployment: deployments.apps \"web\" already exists\n"
    );
    // A client dry run does not ask the server, so the same name is fine.
    let client = s.run("k create deployment web --image=nginx --dry-run=client");
    assert_eq!(client.text(), "deployment.apps/web created (dry run)\n");
}

#[test]
fn the_operation_carries_the_strategy_as_print_flags_with_dry_run_strategy_says() {
    assert_eq!(DryRun::None.op("scaled"), "scaled");
    assert_eq!(DryRun::Client.op("patched (no change)"), "patched (no change) (dry run)");
    assert_eq!(DryRun::Server.op("configured"), "configured (server dry run)");
}

/// Runs `line` as live mode does: against a session whose kubectl talks to `server`'s
/// cluster through the replaying transport, sending each request it waits on, until it
/// waits on none. Returns what it printed and the requests, in order.
pub(in crate::kubectl) fn remote_calls(
    s: &mut Session,
    server: &mut Session,
    line: &str,
) -> (crate::kubectl::Output, Vec<crate::api::client::Call>) {
    let mut replay = crate::api::replay::Replay::default();
    let mut sent = Vec::new();
    loop {
        let (out, back) = s.run_remote(line, replay);
        replay = back;
        let Some(call) = replay.wanted().cloned() else { return (out, sent) };
        assert!(sent.len() < 50, "{line}: {sent:?}");
        replay.answer(server.api().send(&call));
        sent.push(call);
    }
}

/// `remote_calls`, each request as `METHOD path?query`.
pub(in crate::kubectl) fn remote(
    s: &mut Session,
    server: &mut Session,
    line: &str,
) -> (crate::kubectl::Output, Vec<String>) {
    let (out, calls) = remote_calls(s, server, line);
    let shown = calls
        .iter()
        .map(|c| {
            let query: Vec<String> = c.query.iter().map(|(k, v)| format!("{k}={v}")).collect();
            format!("{} {}?{}", c.method(), c.path(), query.join("&"))
        })
        .collect();
    (out, shown)
}

#[test]
fn generators_post_to_the_server_and_a_client_dry_run_sends_nothing() {
    let mut server = session();
    let mut s = session();
    let (out, sent) =
        remote(&mut s, &mut server, "k create deployment web --image=my_app:1 --dry-run=server");
    assert_eq!(out.text(), "deployment.apps/web created (server dry run)\n");
    assert_eq!(
        sent,
        ["POST /apis/apps/v1/namespaces/default/deployments?dryRun=All&fieldManager=kubectl-create"]
    );
    // The random container name is drawn once for all the runs of the command.
    let (out, sent) = remote(&mut s, &mut server, "k create deployment web --image=my_app:1");
    assert_eq!((out.status, sent.len()), (0, 1), "{}", out.text());
    let (out, sent) = remote(&mut s, &mut server, "k run p --image=nginx --dry-run=client");
    assert_eq!((out.text(), sent.len()), ("pod/p created (dry run)\n".into(), 0));
    let (out, sent) = remote(&mut s, &mut server, "k run p --image=nginx -n kube-system");
    assert_eq!(out.text(), "pod/p created\n");
    assert_eq!(sent, ["POST /api/v1/namespaces/kube-system/pods?fieldManager=kubectl-run"]);
    let (out, sent) = remote(&mut s, &mut server, "k create job once --image=busybox");
    assert_eq!(out.text(), "job.batch/once created\n");
    assert_eq!(sent, ["POST /apis/batch/v1/namespaces/default/jobs?fieldManager=kubectl-create"]);
    let (out, _) =
        remote(&mut s, &mut server, "k create cronjob cj --image=busybox --schedule=@hourly");
    assert_eq!(out.text(), "cronjob.batch/cj created\n");
    let (out, sent) = remote(&mut s, &mut server, "k create job manual --from=cronjob/cj");
    assert_eq!(out.text(), "job.batch/manual created\n");
    assert_eq!(
        sent,
        [
            "GET /apis/batch/v1/namespaces/default/cronjobs/cj?",
            "POST /apis/batch/v1/namespaces/default/jobs?fieldManager=kubectl-create"
        ]
    );
    let (out, sent) = remote(&mut s, &mut server, "k create service clusterip web --tcp=80");
    assert_eq!(out.text(), "service/web created\n");
    assert_eq!(sent, ["POST /api/v1/namespaces/default/services?fieldManager=kubectl-create"]);
    let (out, sent) = remote(&mut s, &mut server, "k expose deploy web --port=80 --name=front");
    assert_eq!(out.text(), "service/front exposed\n");
    assert_eq!(
        sent,
        [
            "GET /apis/apps/v1/namespaces/default/deployments/web?",
            "POST /api/v1/namespaces/default/services?fieldManager=kubectl-expose"
        ]
    );
    // Everything went to the server; the session's own cluster saw none of it.
    assert_eq!(s.run("k get deploy,pods,jobs,svc -A -o name").text(), "service/kubernetes\n");
    let names = server.run("k get deploy,jobs,svc -o name").text();
    assert_eq!(
        names,
        "deployment.apps/web\njob.batch/manual\njob.batch/once\nservice/front\nservice/kubernetes\nservice/web\n"
    );
}
