//! `export` and its YAML, built from the API's answers.

use super::*;
use crate::kubectl::manifest;
use crate::model::{Deployment, Pod, PodPhase, Resource};
use crate::session::Session;

/// The file `export` prints for `namespace` (all when `None`).
fn exported(s: &mut Session, namespace: Option<&str>) -> String {
    export(&mut s.kubectl(), namespace).unwrap()
}

/// A session after `script`, each line of which must succeed.
fn session(seed: u64, script: &str) -> Session {
    let mut s = Session::script(seed);
    for line in script.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let out = s.run(line);
        assert_eq!(out.status, 0, "{line}: {}", out.text());
    }
    s
}

/// A Deployment, a bare pod, and in `shop` a ReplicaSet orphaned from its Deployment.
const SCENARIO: &str = "
        k create deployment web --image=nginx:1.27 --replicas=3
        k run bare --image=redis:7 --labels=tier=cache
        k create namespace shop
        k create deployment api --image=httpd:2.4 --replicas=2 -n shop
        settle
        k delete deploy api -n shop --cascade=orphan
        settle
    ";

/// (kind, namespace, name) of each document, read back through the manifest loader.
fn documents(yaml: &str) -> Vec<(Kind, String, String)> {
    let objs = manifest::load(yaml).expect("the export loads as a manifest");
    objs.iter().map(|o| (o.kind(), o.meta().namespace.clone(), o.meta().name.clone())).collect()
}

#[test]
fn exported_yaml_has_none_of_the_server_set_fields() {
    let mut s = session(1, SCENARIO);
    let yaml = exported(&mut s, None);
    for field in [
        "uid:",
        "resourceVersion:",
        "generation:",
        "creationTimestamp:",
        "deletionTimestamp:",
        "ownerReferences:",
        "generateName:",
        "status:",
        "nodeName:",
        "deployment.kubernetes.io/",
    ] {
        assert!(!yaml.contains(field), "{field} in:\n{yaml}");
    }
    for doc in yaml.split("---\n") {
        let body: Vec<&str> = doc.lines().filter(|l| !l.starts_with('#')).collect();
        assert!(body[0].starts_with("apiVersion: "), "{doc}");
        assert!(body[1].starts_with("kind: "), "{doc}");
        assert_eq!(body[2], "metadata:", "{doc}");
    }
}

#[test]
fn a_deployment_is_exported_without_the_replicasets_and_pods_it_owns() {
    let mut s = session(1, "k create deployment web --image=nginx:1.27 --replicas=3\nsettle");
    let docs = documents(&exported(&mut s, None));
    assert_eq!(docs, [(Kind::Deployment, "default".into(), "web".into())]);
}

#[test]
fn bare_pods_and_orphaned_replicasets_are_exported_but_not_the_orphans_pods() {
    let mut s = session(1, SCENARIO);
    let docs = documents(&exported(&mut s, None));
    let kinds: Vec<Kind> = docs.iter().map(|d| d.0).collect();
    assert_eq!(kinds, [Kind::Deployment, Kind::ReplicaSet, Kind::Pod]);
    assert_eq!(docs[1].1, "shop");
    assert!(docs[1].2.starts_with("api-"), "{docs:?}");
    assert_eq!(docs[2], (Kind::Pod, "default".into(), "bare".into()));
}

#[test]
fn documents_come_by_kind_then_namespace_then_name() {
    let mut s = session(
        1,
        "k create namespace alpha
             k create deployment b --image=nginx:1.27
             k create deployment a --image=nginx:1.27
             k create deployment zeta --image=nginx:1.27 -n alpha
             k run solo --image=redis:7
             k run early --image=redis:7 -n alpha
             settle",
    );
    let docs = documents(&exported(&mut s, None));
    let want = [
        (Kind::Deployment, "alpha", "zeta"),
        (Kind::Deployment, "default", "a"),
        (Kind::Deployment, "default", "b"),
        (Kind::Pod, "alpha", "early"),
        (Kind::Pod, "default", "solo"),
    ];
    let want: Vec<(Kind, String, String)> =
        want.iter().map(|(k, ns, n)| (*k, ns.to_string(), n.to_string())).collect();
    assert_eq!(docs, want);
}

#[test]
fn user_annotations_and_finalizers_stay_while_controller_annotations_go() {
    let mut s = session(1, "");
    let out = s.run(
        "k apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: pay
  annotations: {team: payments, kubectl.kubernetes.io/last-applied-configuration: '{}'}
spec:
  selector: {matchLabels: {app: pay}}
  template:
    metadata: {labels: {app: pay}}
    spec: {containers: [{name: c, image: nginx:1.27}]}
---
apiVersion: v1
kind: Pod
metadata: {name: keeper, finalizers: [example.com/keep]}
spec: {containers: [{name: c, image: redis:7}]}
EOF",
    );
    assert_eq!(out.status, 0, "{}", out.text());
    s.run("settle");
    let yaml = exported(&mut s, None);
    assert!(yaml.contains("  annotations:\n    team: payments\n"), "{yaml}");
    assert!(yaml.contains("  finalizers:\n  - example.com/keep\n"), "{yaml}");
    assert!(!yaml.contains("last-applied-configuration"), "{yaml}");
    assert!(!yaml.contains("deployment.kubernetes.io/revision"), "{yaml}");
}

#[test]
fn objects_being_deleted_are_not_exported() {
    let mut s = session(1, "");
    s.run(
        "k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: keeper, finalizers: [example.com/keep]}
spec: {containers: [{name: c, image: redis:7}]}
EOF",
    );
    s.run("settle");
    assert!(exported(&mut s, None).contains("name: keeper"));
    let out = s.run("k delete pod keeper --wait=false");
    assert_eq!(out.status, 0, "{}", out.text());
    let keeper = client::get(s.api(), Kind::Pod, "default", "keeper");
    assert!(keeper.is_ok_and(|p| p.meta().is_deleting()));
    assert_eq!(exported(&mut s, None), "");
}

#[test]
fn exporting_one_namespace_leaves_the_others_out() {
    let mut s = session(1, SCENARIO);
    let shop = exported(&mut s, Some("shop"));
    assert!(documents(&shop).iter().all(|d| d.1 == "shop"), "{shop}");
    assert!(shop.contains("# Create these namespaces first: kubectl create namespace shop\n"));
    let default = exported(&mut s, Some("default"));
    assert_eq!(documents(&default).len(), 2);
    assert!(!default.contains("shop"), "{default}");
    assert_eq!(exported(&mut s, Some("nowhere")), "");
}

#[test]
fn applying_the_export_to_a_fresh_cluster_rebuilds_the_same_workloads() {
    let mut a = session(1, SCENARIO);
    let yaml = exported(&mut a, None);
    // The header asks for `shop` to be created first, as a real cluster needs.
    let mut b = session(2, "k create namespace shop");
    let out = b.run(&format!("k apply -f - <<EOF\n{yaml}EOF"));
    assert_eq!(out.status, 0, "{}", out.text());
    b.run("settle");
    // Namespace, name, replicas, image and labels of each Deployment.
    let deployments = |s: &mut Session| {
        let all = client::list(s.api(), Kind::Deployment, "", None, None).unwrap();
        all.iter()
            .filter_map(Deployment::from_object)
            .map(|d| {
                let m = &d.metadata;
                let image = &d.spec.template.spec.containers[0].image;
                format!("{}/{} {} {image} {:?}", m.namespace, m.name, d.spec.replicas, m.labels)
            })
            .collect::<Vec<_>>()
    };
    let running = |s: &mut Session| {
        let all = client::list(s.api(), Kind::Pod, "", None, None).unwrap();
        all.iter()
            .filter_map(Pod::from_object)
            .filter(|p| p.status.phase == PodPhase::Running)
            .count()
    };
    assert_eq!(deployments(&mut a), [r#"default/web 3 nginx:1.27 {"app": "web"}"#]);
    assert_eq!(deployments(&mut b), deployments(&mut a));
    assert_eq!(running(&mut a), 6);
    assert_eq!(running(&mut b), running(&mut a));
    // Exporting the rebuilt cluster gives the same file, but for the time in the header.
    let body = |t: &str| t.lines().skip(1).map(String::from).collect::<Vec<_>>();
    assert_eq!(body(&exported(&mut b, None)), body(&yaml));
}

#[test]
fn export_prints_kubectls_message_when_there_is_nothing() {
    let mut s = session(1, "");
    let out = s.run("export");
    assert_eq!((out.status, out.text()), (0, "No resources found in default namespace.\n".into()));
    assert_eq!(s.run("export -A").text(), "No resources found\n");
    assert_eq!(s.run("export -n nowhere").text(), "No resources found in nowhere namespace.\n");
}

#[test]
fn export_takes_the_namespace_the_way_get_does() {
    let mut s = session(1, SCENARIO);
    let shop = exported(&mut s, Some("shop"));
    let all = exported(&mut s, None);
    let default = exported(&mut s, Some("default"));
    assert_eq!(s.run("export").stdout(), default);
    for line in
        ["export -n shop", "export --namespace shop", "export --namespace=shop", "export -nshop"]
    {
        assert_eq!(s.run(line).stdout(), shop, "{line}");
    }
    for line in ["export -A", "export --all-namespaces", "export -n shop -A"] {
        assert_eq!(s.run(line).stdout(), all, "{line}");
    }
}

#[test]
fn bad_flags_and_arguments_are_usage_errors() {
    let mut s = session(1, "");
    for (line, why) in [
        ("export --foo", "unknown flag: --foo"),
        ("export -x", "unknown shorthand flag: 'x' in -x"),
        ("export -n", "flag needs an argument: 'n' in -n"),
        ("export pods", "unexpected argument \"pods\""),
        ("export --all-namespaces=maybe", "invalid argument \"maybe\" for \"--all-namespaces\" flag: strconv.ParseBool: parsing \"maybe\": invalid syntax"),
    ] {
        let out = s.run(line);
        assert_eq!(out.status, 1, "{line}");
        assert_eq!(out.text(), format!("error: {why}\nusage: export [-n NAMESPACE | -A]\n"), "{line}");
    }
}

#[test]
fn exported_objects_keep_their_kubectl_shape() {
    let mut s = session(1, "k run bare --image=redis:7 --labels=tier=cache\nsettle");
    let yaml = exported(&mut s, None);
    let body: String = yaml.lines().skip(1).map(|l| format!("{l}\n")).collect();
    assert_eq!(
        body,
        "apiVersion: v1\nkind: Pod\nmetadata:\n  labels:\n    tier: cache\n  name: bare\n  namespace: default\nspec:\n  containers:\n  - image: redis:7\n    name: bare\n"
    );
    assert!(yaml.starts_with("# Exported by kubeloop at 2025-01-01T00:00:"), "{yaml}");
    assert!(
        matches!(&manifest::load(&yaml).unwrap()[0], Object::Pod(p) if p.spec.node_name.is_none())
    );
}

/// One object of each kind a user makes, beside what the cluster makes for itself.
const EVERY_KIND: &str = "
        k create priorityclass high --value=1000
        k create serviceaccount robot
        k create configmap settings --from-literal=mode=fast
        k create quota small --hard=pods=20
        k create job once --image=busybox
        k create cronjob tick --image=busybox --schedule=@hourly
        k create deployment web --image=nginx:1.27
        k create service clusterip web --tcp=80:80
        k create pdb web --selector=app=web --min-available=1
        k create ingress web --rule=example.com/=web:80
        k autoscale deploy web --max=3
        settle
    ";

#[test]
fn every_kind_a_user_makes_is_exported_and_the_file_rebuilds_them() {
    let mut a = session(1, EVERY_KIND);
    let yaml = exported(&mut a, None);
    let kinds: Vec<Kind> = documents(&yaml).into_iter().map(|(k, _, _)| k).collect();
    use Kind::*;
    assert_eq!(
        kinds,
        [
            PriorityClass,
            ConfigMap,
            ResourceQuota,
            ServiceAccount,
            Deployment,
            Job,
            CronJob,
            Service,
            HorizontalPodAutoscaler,
            PodDisruptionBudget,
            Ingress
        ],
        "{yaml}"
    );
    // The Job's generated selector is gone: a real API server refuses a new Job with one.
    assert!(!yaml.contains("controller-uid"), "{yaml}");
    let mut b = Session::script(2);
    let out = b.run(&format!("k apply -f - <<EOF\n{yaml}EOF"));
    assert_eq!(out.status, 0, "{}", out.text());
    b.run("settle");
    let body = |t: &str| t.lines().skip(1).map(String::from).collect::<Vec<_>>();
    assert_eq!(body(&exported(&mut b, None)), body(&yaml));
}
