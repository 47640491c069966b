//! apply's requests and what they leave: the annotation, the three-way patch, the GET
//! before each write.

use crate::kubectl::dry_run::tests::remote;
use crate::session::Session;

const WEB: &str = "k apply -f - <<EOF\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      containers: [{name: nginx, image: nginx:1.27, args: [-v]}]\nEOF";

#[test]
fn apply_gets_then_posts_then_patches_and_keeps_what_scale_set() {
    let mut server = Session::script(1);
    let mut s = Session::script(1);
    let path = "/apis/apps/v1/namespaces/default/deployments";
    let (out, sent) = remote(&mut s, &mut server, WEB);
    assert_eq!(out.text(), "deployment.apps/web created\n");
    assert_eq!(
        sent,
        [format!("GET {path}/web?"), format!("POST {path}?fieldManager=kubectl-client-side-apply")]
    );
    assert_eq!(server.run("k scale deploy web --replicas=5").status, 0);
    // The same manifest again: the patch is `{}`, so none is sent.
    let (out, sent) = remote(&mut s, &mut server, WEB);
    assert_eq!((out.text().as_str(), sent.len()), ("deployment.apps/web unchanged\n", 1));
    // The manifest drops the args: the patch deletes them and leaves the replicas alone.
    let (out, sent) = remote(&mut s, &mut server, &WEB.replace(", args: [-v]", ""));
    assert_eq!(out.text(), "deployment.apps/web configured\n");
    assert_eq!(sent[1], format!("PATCH {path}/web?fieldManager=kubectl-client-side-apply"));
    let got =
        "k get deploy web -o jsonpath={.spec.replicas},{.spec.template.spec.containers[0].args}";
    assert_eq!(server.run(got).text(), "5,");
}

#[test]
fn apply_over_an_object_create_made_warns_and_patches_the_annotation_in() {
    let mut s = Session::script(1);
    assert_eq!(s.run("k create deployment web --image=nginx:1.27").status, 0);
    let out = s.run(WEB);
    assert!(out.text().starts_with("Warning: resource deployments/web is missing the kubectl.kubernetes.io/last-applied-configuration annotation"), "{}", out.text());
    assert!(out.text().ends_with("deployment.apps/web configured\n"), "{}", out.text());
    let got = s.run("k get deploy web -o jsonpath={.spec.template.spec.containers[0].args}");
    assert_eq!(got.text(), "[\"-v\"]");
    assert_eq!(s.run(WEB).text(), "deployment.apps/web unchanged\n");
}
