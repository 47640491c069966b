use crate::session::Session;

/// A session whose namespace has a quota `hard`, counted by the quota loop.
fn quota(hard: &str) -> Session {
    let mut s = Session::script(1);
    let out = s.run(&format!("k create quota q --hard={hard}"));
    assert_eq!(out.status, 0, "{}", out.text());
    s.run("settle");
    s
}

#[test]
fn a_create_over_the_quota_is_forbidden_in_the_api_servers_words() {
    let mut s = quota("pods=2");
    assert_eq!(s.run("k run a --image=nginx:1.27").status, 0);
    assert_eq!(s.run("k run b --image=nginx:1.27").status, 0);
    let out = s.run("k run c --image=nginx:1.27");
    assert_eq!(
        out.text(),
        "Error from server (Forbidden): pods \"c\" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2\n"
    );
    // Counted at once by the admission, before the loop recounts.
    let used = s.run("k get quota q -o jsonpath={.status.used.pods}");
    assert_eq!(used.text(), "2");
    // A deleted pod gives its share back once it is gone.
    s.run("k delete pod a");
    s.run("settle");
    assert_eq!(s.run("k get quota q -o jsonpath={.status.used.pods}").text(), "1");
    assert_eq!(s.run("k run c --image=nginx:1.27").status, 0);
}

#[test]
fn a_quota_on_cpu_needs_every_container_to_ask_for_cpu() {
    let mut s = quota("requests.cpu=1,pods=10");
    let out = s.run("k run a --image=nginx:1.27");
    assert_eq!(
        out.text(),
        "Error from server (Forbidden): pods \"a\" is forbidden: failed quota: q: must specify requests.cpu for: a\n"
    );
    s.run("k create deployment web --image=nginx:1.27 --replicas=3");
    s.run("k set resources deploy web --requests=cpu=400m");
    // The ReplicaSet retries its third pod for ever; half a minute shows it failing.
    s.run("sleep 30");
    // Two pods fit in one CPU; the ReplicaSet says why the third does not.
    let out = s.run("k get pods --no-headers -o name");
    assert_eq!(out.text().lines().count(), 2, "{}", out.text());
    let out =
        s.run("k get events --field-selector reason=FailedCreate -o jsonpath={.items[-1].message}");
    assert!(
        out.text().starts_with("Error creating: pods \"web-")
            && out.text().ends_with("is forbidden: exceeded quota: q, requested: requests.cpu=400m, used: requests.cpu=800m, limited: requests.cpu=1"),
        "{}",
        out.text()
    );
}

#[test]
fn object_counts_and_scopes() {
    // The API server's `kubernetes` Service in default counts, as a quota counts it upstream.
    let mut s = quota("count/deployments.apps=1,services=1");
    assert_eq!(s.run("k create deployment a --image=nginx:1.27").status, 0);
    let out = s.run("k create deployment b --image=nginx:1.27");
    assert!(out.text().contains("deployments.apps \"b\" is forbidden: exceeded quota: q, requested: count/deployments.apps=1, used: count/deployments.apps=1, limited: count/deployments.apps=1"), "{}", out.text());
    let out = s.run("k create service clusterip a --tcp=80");
    assert!(out.text().contains("services \"a\" is forbidden: exceeded quota: q, requested: services=1, used: services=1, limited: services=1"), "{}", out.text());
    let mut s = Session::script(1);
    s.run("k create quota best --hard=pods=1 --scopes=BestEffort");
    s.run("settle");
    assert_eq!(s.run("k run a --image=nginx:1.27").status, 0);
    assert_eq!(s.run("k run b --image=nginx:1.27").status, 1, "a second best-effort pod");
}

#[test]
fn a_limit_range_defaults_a_pods_resources_before_the_quota_counts_them() {
    let mut s = Session::script(1);
    let out = s.run("k apply -f - <<EOF\napiVersion: v1\nkind: LimitRange\nmetadata:\n  name: l\nspec:\n  limits:\n  - type: Container\n    default:\n      cpu: 200m\nEOF");
    assert_eq!(out.status, 0, "{}", out.text());
    s.run("k create quota q --hard=requests.cpu=300m");
    s.run("settle");
    // The default limit is also the default request (SetDefaults_LimitRangeItem).
    assert_eq!(s.run("k run a --image=nginx:1.27").status, 0);
    let out = s.run("k get pod a -o jsonpath={.spec.containers[0].resources.requests.cpu}");
    assert_eq!(out.text(), "200m");
    let out = s.run("k run b --image=nginx:1.27");
    assert!(out.text().contains("exceeded quota: q, requested: requests.cpu=200m, used: requests.cpu=200m, limited: requests.cpu=300m"), "{}", out.text());
}
