//! StatefulSet scenarios: a kubectl session against a fresh cluster, checked by what a user
//! sees (`get`, `describe`, the decision feed). Time moves only by `sleep` and `settle`.

use kubeloop::kubectl::Mode;
use kubeloop::session::Session;
use kubeloop::world::World;

/// A headless Service `nginx` and a StatefulSet `web` of `replicas` pods with one claim
/// template `www`; `extra` goes into the set's spec.
fn session(replicas: i32, extra: &str) -> Session {
    let mut s = Session::new(World::new(3), Mode::Script);
    let manifest = format!(
        "k apply -f - <<EOF
apiVersion: v1
kind: Service
metadata: {{name: nginx}}
spec:
  clusterIP: None
  selector: {{app: nginx}}
  ports: [{{port: 80}}]
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {{name: web}}
spec:
  serviceName: nginx
  replicas: {replicas}
  selector: {{matchLabels: {{app: nginx}}}}
{extra}
  template:
    metadata: {{labels: {{app: nginx}}}}
    spec:
      containers: [{{name: nginx, image: nginx:1.27}}]
  volumeClaimTemplates:
  - metadata: {{name: www}}
    spec:
      accessModes: [ReadWriteOnce]
      resources: {{requests: {{storage: 1Gi}}}}
EOF"
    );
    let out = s.run(&manifest);
    assert_eq!(out.status, 0, "{}", out.text());
    s
}

fn ok(s: &mut Session, cmd: &str) -> String {
    let out = s.run(cmd);
    assert_eq!(out.status, 0, "{cmd}: {}", out.text());
    out.text()
}

/// Pod names, in `get` order.
fn pods(s: &mut Session) -> Vec<String> {
    let text = ok(s, "k get pods -l app=nginx -o name");
    text.lines().map(|l| l.trim_start_matches("pod/").to_string()).collect()
}

fn jsonpath(s: &mut Session, what: &str, path: &str) -> String {
    ok(s, &format!("k get {what} -o jsonpath='{path}'"))
}

fn decisions(s: &Session) -> Vec<String> {
    s.world.decisions.iter().map(|d| d.to_string()).collect()
}

#[test]
fn web_1_is_not_created_until_web_0_is_ready() {
    let mut s = session(3, "");
    ok(&mut s, "sleep 1");
    assert_eq!(pods(&mut s), ["web-0"]);
    assert_eq!(jsonpath(&mut s, "pod web-0", "{.status.phase}"), "Pending");
    assert!(
        decisions(&s)
            .iter()
            .any(|d| d.contains("want web-1, see web-0 not Running and Ready yet: wait")),
        "{:#?}",
        decisions(&s)
    );
    ok(&mut s, "settle");
    assert_eq!(pods(&mut s), ["web-0", "web-1", "web-2"]);
    let created: Vec<String> = ["web-0", "web-1", "web-2"]
        .iter()
        .map(|p| jsonpath(&mut s, &format!("pod {p}"), "{.metadata.creationTimestamp}"))
        .collect();
    assert!(created[0] < created[1] && created[1] < created[2], "{created:?}");
}

#[test]
fn pods_get_stable_dns_names_under_the_headless_service() {
    let mut s = session(2, "");
    ok(&mut s, "settle");
    assert_eq!(jsonpath(&mut s, "svc nginx", "{.spec.clusterIP}"), "None");
    let host = jsonpath(&mut s, "pod web-1", "{.spec.hostname}.{.spec.subdomain}");
    assert_eq!(host, "web-1.nginx");
    assert!(decisions(&s).iter().any(|d| d.contains("create web-1 at revision")
        && d.contains("web-1.nginx.default.svc.cluster.local")));
}

#[test]
fn a_deleted_web_1_comes_back_as_web_1_with_the_same_claim() {
    let mut s = session(3, "");
    ok(&mut s, "settle");
    let uid = jsonpath(&mut s, "pod web-1", "{.metadata.uid}");
    let volume = jsonpath(&mut s, "pvc www-web-1", "{.spec.volumeName}");
    ok(&mut s, "k delete pod web-1");
    ok(&mut s, "settle");
    assert_eq!(pods(&mut s), ["web-0", "web-1", "web-2"]);
    assert_ne!(jsonpath(&mut s, "pod web-1", "{.metadata.uid}"), uid);
    let claim = jsonpath(&mut s, "pod web-1", "{.spec.volumes[0].persistentVolumeClaim.claimName}");
    assert_eq!(claim, "www-web-1");
    assert_eq!(jsonpath(&mut s, "pvc www-web-1", "{.spec.volumeName}"), volume);
    assert_eq!(
        jsonpath(&mut s, "pvc", "{.items[*].metadata.name}"),
        "www-web-0 www-web-1 www-web-2"
    );
}

#[test]
fn scale_down_removes_the_highest_ordinal_first() {
    let mut s = session(4, "");
    ok(&mut s, "settle");
    ok(&mut s, "k scale sts web --replicas=2");
    ok(&mut s, "sleep 1");
    // One at a time: web-3 terminates while web-2 still runs.
    let text = ok(&mut s, "k get pods -l app=nginx --no-headers");
    assert!(text.contains("web-3") && text.contains("Terminating"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("web-2") && l.contains("Running")), "{text}");
    ok(&mut s, "settle");
    assert_eq!(pods(&mut s), ["web-0", "web-1"]);
    let events = ok(
        &mut s,
        "k get events --field-selector reason=SuccessfulDelete -o jsonpath='{.items[*].message}'",
    );
    assert_eq!(
        events,
        "delete Pod web-3 in StatefulSet web successful delete Pod web-2 in StatefulSet web successful"
    );
}

#[test]
fn a_partition_keeps_the_lower_ordinals_on_the_old_revision() {
    let mut s = session(3, "  updateStrategy: {rollingUpdate: {partition: 2}}");
    ok(&mut s, "settle");
    let old = jsonpath(&mut s, "sts web", "{.status.currentRevision}");
    ok(
        &mut s,
        r#"k patch sts web -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.28"}]}}}}'"#,
    );
    ok(&mut s, "settle");
    let new = jsonpath(&mut s, "sts web", "{.status.updateRevision}");
    assert_ne!(old, new);
    let images = jsonpath(&mut s, "pods -l app=nginx", "{.items[*].spec.containers[0].image}");
    assert_eq!(images, "nginx:1.27 nginx:1.27 nginx:1.28");
    assert_eq!(jsonpath(&mut s, "sts web", "{.status.currentRevision}"), old);
    assert_eq!(jsonpath(&mut s, "sts web", "{.status.updatedReplicas}"), "1");
    // Dropping the partition finishes the update, highest ordinal first; then it is current.
    ok(
        &mut s,
        r#"k patch sts web -p '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":0}}}}'"#,
    );
    ok(&mut s, "settle");
    let images = jsonpath(&mut s, "pods -l app=nginx", "{.items[*].spec.containers[0].image}");
    assert_eq!(images, "nginx:1.28 nginx:1.28 nginx:1.28");
    assert_eq!(jsonpath(&mut s, "sts web", "{.status.currentRevision}"), new);
    let revisions =
        jsonpath(&mut s, &format!("controllerrevision {old} {new}"), "{.items[*].revision}");
    assert_eq!(revisions, "1 2");
}

#[test]
fn on_delete_waits_for_the_user_to_delete_a_pod() {
    let mut s = session(2, "  updateStrategy: {type: OnDelete}");
    ok(&mut s, "settle");
    ok(
        &mut s,
        r#"k patch sts web -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.28"}]}}}}'"#,
    );
    ok(&mut s, "settle");
    let images = jsonpath(&mut s, "pods -l app=nginx", "{.items[*].spec.containers[0].image}");
    assert_eq!(images, "nginx:1.27 nginx:1.27");
    ok(&mut s, "k delete pod web-0");
    ok(&mut s, "settle");
    let images = jsonpath(&mut s, "pods -l app=nginx", "{.items[*].spec.containers[0].image}");
    assert_eq!(images, "nginx:1.28 nginx:1.27");
}

#[test]
fn parallel_creates_all_pods_at_once() {
    let mut s = session(3, "  podManagementPolicy: Parallel");
    ok(&mut s, "sleep 1");
    assert_eq!(pods(&mut s), ["web-0", "web-1", "web-2"]);
}

#[test]
fn ordinals_start_names_the_first_pod() {
    let mut s = session(2, "  ordinals: {start: 5}");
    ok(&mut s, "settle");
    assert_eq!(pods(&mut s), ["web-5", "web-6"]);
    assert_eq!(jsonpath(&mut s, "pvc", "{.items[*].metadata.name}"), "www-web-5 www-web-6");
}

#[test]
fn claims_outlive_the_set() {
    let mut s = session(2, "");
    ok(&mut s, "settle");
    ok(&mut s, "k delete sts web");
    ok(&mut s, "settle");
    assert!(pods(&mut s).is_empty());
    assert_eq!(jsonpath(&mut s, "pvc", "{.items[*].status.phase}"), "Bound Bound");
    assert_eq!(
        ok(&mut s, "k get controllerrevisions"),
        "No resources found in default namespace.\n"
    );
}

#[test]
fn when_scaled_delete_removes_the_claims_of_removed_pods() {
    let policy = "  persistentVolumeClaimRetentionPolicy: {whenScaled: Delete}";
    let mut s = session(3, policy);
    ok(&mut s, "settle");
    ok(&mut s, "k scale sts web --replicas=1");
    ok(&mut s, "settle");
    assert_eq!(jsonpath(&mut s, "pvc", "{.items[*].metadata.name}"), "www-web-0");
}

#[test]
fn when_deleted_delete_removes_the_claims_with_the_set() {
    let policy = "  persistentVolumeClaimRetentionPolicy: {whenDeleted: Delete}";
    let mut s = session(2, policy);
    ok(&mut s, "settle");
    let owner = jsonpath(&mut s, "pvc www-web-0", "{.metadata.ownerReferences[0].kind}");
    assert_eq!(owner, "StatefulSet");
    ok(&mut s, "k delete sts web");
    ok(&mut s, "settle");
    assert_eq!(ok(&mut s, "k get pvc"), "No resources found in default namespace.\n");
}

#[test]
fn min_ready_seconds_holds_the_next_pod_until_the_last_is_available() {
    let mut s = session(2, "  minReadySeconds: 10");
    ok(&mut s, "sleep 5");
    assert_eq!(pods(&mut s), ["web-0"]);
    ok(&mut s, "settle");
    assert_eq!(pods(&mut s), ["web-0", "web-1"]);
    assert_eq!(jsonpath(&mut s, "sts web", "{.status.availableReplicas}"), "2");
}

#[test]
fn a_set_asking_for_more_pods_than_the_sandbox_runs_is_refused_in_words() {
    let mut s = session(200_000, "  podManagementPolicy: Parallel");
    ok(&mut s, "sleep 1");
    assert!(pods(&mut s).is_empty());
    let said = decisions(&s);
    assert!(
        said.iter().any(|d| d.contains("want at most 100000 pods, see spec.replicas 200000")),
        "{said:#?}"
    );
}

#[test]
fn a_removed_pod_name_label_is_put_back() {
    let mut s = session(1, "");
    ok(&mut s, "settle");
    ok(&mut s, "k label pod web-0 statefulset.kubernetes.io/pod-name-");
    ok(&mut s, "settle");
    let label =
        jsonpath(&mut s, "pod web-0", "{.metadata.labels.statefulset\\.kubernetes\\.io/pod-name}");
    assert_eq!(label, "web-0");
    let events = ok(
        &mut s,
        "k get events --field-selector reason=SuccessfulUpdate -o jsonpath='{.items[*].message}'",
    );
    assert_eq!(events, "update Pod web-0 in StatefulSet web successful");
}

fn set_image(s: &mut Session, image: &str) {
    let patch = format!(
        r#"k patch sts web -p '{{"spec":{{"template":{{"spec":{{"containers":[{{"name":"nginx","image":"{image}"}}]}}}}}}}}'"#
    );
    ok(s, &patch);
    ok(s, "settle");
}

#[test]
fn going_back_to_an_old_template_renumbers_its_revision_instead_of_making_a_new_one() {
    let mut s = session(1, "");
    ok(&mut s, "settle");
    let first = jsonpath(&mut s, "sts web", "{.status.updateRevision}");
    set_image(&mut s, "nginx:1.28");
    set_image(&mut s, "nginx:1.27");
    assert_eq!(jsonpath(&mut s, "sts web", "{.status.updateRevision}"), first);
    assert_eq!(jsonpath(&mut s, &format!("controllerrevision {first}"), "{.revision}"), "3");
    let names = jsonpath(&mut s, "controllerrevisions", "{.items[*].metadata.name}");
    assert_eq!(names.split(' ').count(), 2, "{names}");
}

#[test]
fn revision_history_limit_keeps_only_that_many_old_revisions() {
    let mut s = session(1, "  revisionHistoryLimit: 1");
    ok(&mut s, "settle");
    for image in ["nginx:1.28", "nginx:1.29", "nginx:1.30"] {
        set_image(&mut s, image);
    }
    // The live revision (current and update) and one older one.
    let revisions = jsonpath(&mut s, "controllerrevisions", "{.items[*].revision}");
    let mut numbers: Vec<&str> = revisions.split(' ').collect();
    numbers.sort();
    assert_eq!(numbers, ["3", "4"]);
}

#[test]
fn a_foreign_pod_holding_an_ordinals_name_blocks_the_set_and_the_feed_says_so() {
    let mut s = Session::new(World::new(3), Mode::Script);
    ok(&mut s, "k run web-0 --image=nginx:1.27 --labels=app=other");
    ok(
        &mut s,
        "k apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web}
spec:
  selector: {matchLabels: {app: nginx}}
  template:
    metadata: {labels: {app: nginx}}
    spec:
      containers: [{name: nginx, image: nginx:1.27}]
EOF",
    );
    ok(&mut s, "settle");
    assert_eq!(jsonpath(&mut s, "sts web", "{.status.replicas}"), "0");
    let said = decisions(&s);
    let blocked: Vec<_> = said
        .iter()
        .filter(|d| d.contains("want web-0, see a pod web-0 that the set does not own: wait"))
        .collect();
    assert_eq!(blocked.len(), 1, "{said:#?}");
}

#[test]
fn a_set_made_again_adopts_the_pods_an_orphaning_delete_left() {
    let mut s = session(2, "");
    ok(&mut s, "settle");
    let uids = jsonpath(&mut s, "pods -l app=nginx", "{.items[*].metadata.uid}");
    ok(&mut s, "k delete sts web --cascade=orphan");
    ok(&mut s, "settle");
    assert_eq!(jsonpath(&mut s, "pods -l app=nginx", "{.items[*].metadata.ownerReferences}"), "");
    let again = session_manifest_only(2);
    ok(&mut s, &again);
    ok(&mut s, "settle");
    assert_eq!(jsonpath(&mut s, "pods -l app=nginx", "{.items[*].metadata.uid}"), uids);
    let owners =
        jsonpath(&mut s, "pods -l app=nginx", "{.items[*].metadata.ownerReferences[0].kind}");
    assert_eq!(owners, "StatefulSet StatefulSet");
    assert!(decisions(&s).iter().any(|d| d.contains("orphan pod web-1 matches: adopt pod web-1")));
}

/// The StatefulSet of `session` alone, as an apply command.
fn session_manifest_only(replicas: i32) -> String {
    format!(
        "k apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata: {{name: web}}
spec:
  serviceName: nginx
  replicas: {replicas}
  selector: {{matchLabels: {{app: nginx}}}}
  template:
    metadata: {{labels: {{app: nginx}}}}
    spec:
      containers: [{{name: nginx, image: nginx:1.27}}]
  volumeClaimTemplates:
  - metadata: {{name: www}}
    spec:
      accessModes: [ReadWriteOnce]
      resources: {{requests: {{storage: 1Gi}}}}
EOF"
    )
}
