//! `kubectl delete`: its checks, its output, and the requests it sends.

use crate::kubectl::dry_run::tests::{remote, remote_calls, session as empty};
use crate::session::Session;

fn session() -> Session {
    let mut s = empty();
    assert_eq!(s.run("k run solo --image=nginx:1.27").status, 0);
    s
}

#[test]
fn force_with_a_positive_grace_period_is_refused_and_deletes_nothing() {
    let mut s = session();
    let out = s.run("k delete pod solo --grace-period=5 --force");
    assert_eq!(
        (out.status, out.text()),
        (
            1,
            "error: --force and --grace-period greater than 0 cannot be specified together\n"
                .into()
        )
    );
    assert_eq!(s.run("k get pod solo -o name").text(), "pod/solo\n");
    assert_eq!(
        s.run("k delete pod solo --now --grace-period=2").text(),
        "error: --now and --grace-period cannot be specified together\n"
    );
}

#[test]
fn all_with_a_selector_is_the_builders_error_with_its_trailing_space() {
    let mut s = session();
    assert_eq!(
        s.run("k delete pods -l run=solo --all").text(),
        "error: setting 'all' parameter but found a non empty selector. \n"
    );
    assert_eq!(s.run("k get pod solo -o name").text(), "pod/solo\n");
}

#[test]
fn any_go_boolean_cascade_is_the_deprecated_spelling() {
    let mut s = session();
    let out = s.run("k delete pod solo --cascade=F --wait=false");
    assert!(
        out.text().starts_with("warning: --cascade=F is deprecated (boolean value) and can be replaced with --cascade=orphan.\n"),
        "{}",
        out.text()
    );
    assert_eq!(
        s.run("k delete pod solo --cascade=maybe").text(),
        "error: invalid cascade value (maybe). Must be \"background\", \"foreground\", or \"orphan\"\n"
    );
}

#[test]
fn force_alone_deletes_at_once_with_the_warning() {
    let mut s = session();
    let out = s.run("k delete pod solo --force");
    assert_eq!(out.status, 0);
    assert!(out.text().starts_with("Warning: Immediate deletion does not wait"), "{}", out.text());
    assert!(out.text().contains("pod \"solo\" force deleted"), "{}", out.text());
    assert_eq!(s.run("k get pod solo").status, 1);
}

#[test]
fn delete_from_a_manifest_deletes_what_it_names_and_reports_the_rest_last() {
    let mut s = session();
    s.run("k create service clusterip web --tcp=80");
    let out = s.run(
        "k delete -f - <<EOF\napiVersion: v1\nkind: Service\nmetadata: {name: web}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: ghost}\nEOF",
    );
    assert_eq!(
        out.text(),
        "service \"web\" deleted from default namespace\nError from server (NotFound): error when deleting \"STDIN\": pods \"ghost\" not found\n"
    );
    assert_eq!(out.status, 1);
    assert_eq!(
        s.run("k delete -f - pods").text(),
        "error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well\n"
    );
}

#[test]
fn every_named_object_is_tried_and_the_errors_come_last() {
    let mut s = session();
    s.run("k run other --image=nginx:1.27");
    let out = s.run("k delete pod ghost solo other --wait=false");
    assert_eq!(
        out.text(),
        "pod \"solo\" deleted from default namespace\npod \"other\" deleted from default namespace\nError from server (NotFound): pods \"ghost\" not found\n"
    );
    assert_eq!(out.status, 1);
}

/// A server with pods `a`, `b` (label app=x) and `c`, and a Deployment `web`.
fn server() -> Session {
    let mut on_server = empty();
    for line in [
        "k run a --image=nginx -l app=x",
        "k run b --image=nginx -l app=x",
        "k run c --image=nginx",
        "k create deployment web --image=nginx",
    ] {
        assert_eq!(on_server.run(line).status, 0, "{line}");
    }
    on_server
}

#[test]
fn names_are_deleted_without_a_get_and_a_selector_lists_first() {
    let mut server = server();
    let mut s = empty();
    let (out, sent) = remote(&mut s, &mut server, "k delete pod a ghost --wait=false");
    assert_eq!(
        out.text(),
        "pod \"a\" deleted from default namespace\nError from server (NotFound): pods \"ghost\" not found\n"
    );
    let pods = "/api/v1/namespaces/default/pods";
    assert_eq!(sent, [format!("DELETE {pods}/a?"), format!("DELETE {pods}/ghost?")]);
    let (out, sent) = remote(&mut s, &mut server, "k delete pods -l app=x --wait=false");
    // `a` has gone (a pod no node runs goes at once), so the list has `b` only.
    assert_eq!(out.text(), "pod \"b\" deleted from default namespace\n");
    assert_eq!(sent, [format!("GET {pods}?labelSelector=app=x"), format!("DELETE {pods}/b?")]);
    let (out, sent) = remote(&mut s, &mut server, "k delete pods -l app=nothing");
    assert_eq!((out.text(), sent.len()), ("No resources found\n".into(), 1));
}

#[test]
fn delete_options_go_in_the_body_and_a_client_dry_run_sends_nothing() {
    let mut server = server();
    let mut s = empty();
    let (out, calls) = remote_calls(&mut s, &mut server, "k delete deploy web --dry-run=server");
    assert_eq!(
        out.text(),
        "deployment.apps \"web\" deleted from default namespace (server dry run)\n"
    );
    let body = calls.iter().map(|c| c.body.clone().unwrap_or_default().to_string());
    assert_eq!(
        body.collect::<Vec<_>>(),
        [r#"{"propagationPolicy":"Background","dryRun":["All"]}"#]
    );
    let (out, calls) = remote_calls(&mut s, &mut server, "k delete pod c --force");
    assert!(
        out.text().ends_with("pod \"c\" force deleted from default namespace\n"),
        "{}",
        out.text()
    );
    // The answer is the pod (its storage returns the deleted object), so --wait then GETs it
    // until it is gone; only the DELETE has a body.
    let deletes = calls.iter().filter(|c| c.method() == "DELETE");
    let body = deletes.map(|c| c.body.clone().unwrap_or_default().to_string());
    assert_eq!(
        body.collect::<Vec<_>>(),
        [r#"{"gracePeriodSeconds":0,"propagationPolicy":"Background"}"#]
    );
    // As the builder does not read named objects, a client-side dry run asks nothing.
    let (out, calls) = remote_calls(&mut s, &mut server, "k delete pod ghost --dry-run=client");
    assert_eq!(
        (out.text(), calls.len()),
        ("pod \"ghost\" deleted from default namespace (dry run)\n".into(), 0)
    );
    assert_eq!(
        server.run("k get deploy,pods -o name").text(),
        "deployment.apps/web\npod/a\npod/b\n"
    );
}

#[test]
fn a_cluster_scoped_object_deleted_with_a_namespace_given_is_warned_about_once() {
    let mut s = session();
    let out = s.run("k delete node node-1 node-2 -n default --dry-run=client");
    assert_eq!(
        out.text(),
        "warning: deleting cluster-scoped resources, not scoped to the provided namespace\nnode \"node-1\" deleted (dry run)\nnode \"node-2\" deleted (dry run)\n"
    );
    let out = s.run("k delete node node-1 --dry-run=client");
    assert_eq!(out.text(), "node \"node-1\" deleted (dry run)\n");
}
