use crate::model::{Kind, PodDisruptionBudget};
use crate::session::Session;

/// A settled cluster with web's six pods and a budget `spec` over them.
fn cluster(spec: &str) -> Session {
    let mut s = Session::script(7);
    assert_eq!(s.run("k create deployment web --image=nginx:1.27 --replicas=6").status, 0);
    let manifest = format!(
        "k apply -f - <<EOF\napiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels:\n      app: web\n  {spec}\nEOF"
    );
    let out = s.run(&manifest);
    assert_eq!(out.status, 0, "{}", out.text());
    s.run("settle");
    s
}

fn status(s: &mut Session) -> (i32, i32, i32, i32) {
    let pdb = s.world.store.get::<PodDisruptionBudget>("default", "web").cloned();
    let st = pdb.expect("the budget").status;
    (st.disruptions_allowed, st.current_healthy, st.desired_healthy, st.expected_pods)
}

#[test]
fn an_integer_min_available_counts_the_pods_there_are() {
    let mut s = cluster("minAvailable: 4");
    assert_eq!(status(&mut s), (2, 6, 4, 6));
    let out = s.run("k get pdb web -o jsonpath={.status.conditions[0].reason}");
    assert_eq!(out.text(), "SufficientPods");
    let d = s.world.decisions.iter().rev().find(|d| d.kind == Kind::PodDisruptionBudget);
    let d = d.expect("the loop's decision");
    assert_eq!(d.desired, "keep 4 pods healthy (minAvailable 4)");
    assert_eq!(d.observed, "6 of 6 healthy");
    assert_eq!(d.action, "allow 2 evictions");
}

#[test]
fn max_unavailable_and_percentages_count_the_deployments_scale() {
    let mut s = cluster("maxUnavailable: 1");
    assert_eq!(status(&mut s), (1, 6, 5, 6));
    let mut s = cluster("minAvailable: 50%");
    assert_eq!(status(&mut s), (3, 6, 3, 6));
    // Scaling the Deployment moves what is expected, before the pods come.
    s.run("k scale deploy web --replicas=10");
    s.run("settle");
    assert_eq!(status(&mut s), (5, 10, 5, 10));
}

#[test]
fn a_pod_that_is_not_ready_or_going_is_not_healthy_and_nothing_is_allowed_below_the_bound() {
    let mut s = cluster("minAvailable: 6");
    assert_eq!(status(&mut s), (0, 6, 6, 6));
    let out = s.run("k get pdb web -o jsonpath={.status.conditions[0].reason}");
    assert_eq!(out.text(), "InsufficientPods");
    let told = s.world.decisions.iter().any(|d| {
        d.kind == Kind::PodDisruptionBudget && d.action == "allow no eviction: drains wait"
    });
    assert!(told, "the decision log says why drains wait");
}

#[test]
fn a_daemonsets_pods_under_a_percentage_are_a_sync_failure_that_allows_nothing() {
    let mut s = Session::script(7);
    s.run("k apply -f - <<EOF\napiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\nspec:\n  selector:\n    matchLabels:\n      app: agent\n  template:\n    metadata:\n      labels:\n        app: agent\n    spec:\n      containers:\n      - name: a\n        image: busybox\nEOF");
    s.run("k create pdb agent --selector=app=agent --max-unavailable=1");
    s.run("settle");
    let out = s.run("k get pdb agent -o jsonpath={.status.conditions[0].message}");
    assert_eq!(out.text(), "daemonsets.apps does not implement the scale subresource");
    let out = s.run("k get events --field-selector reason=CalculateExpectedPodCountFailed -o name");
    assert!(!out.text().is_empty());
}

#[test]
fn a_budget_over_no_pods_says_so_once_and_lets_the_cluster_settle() {
    let mut s = Session::script(7);
    s.run("k create deployment web --image=nginx:1.27 --replicas=2");
    s.run("k create pdb strict --selector=app=nothing --min-available=100%");
    let out = s.run("settle");
    assert_eq!(out.text(), "", "settle ends");
    let out = s.run("k get events --field-selector reason=NoPods -o jsonpath={.items[*].count}");
    assert_eq!(out.text(), "1");
}
