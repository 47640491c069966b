use super::*;
use crate::model::Pod;

fn pod(spec: serde_json::Value) -> Pod {
    serde_json::from_value(serde_json::json!({"metadata": {"name": "p"}, "spec": spec}))
        .expect("a pod")
}

#[test]
fn a_pod_counts_its_containers_requests_and_limits_and_its_larger_init_container() {
    let p = pod(serde_json::json!({
        "containers": [
            {"name": "a", "image": "x", "resources": {"requests": {"cpu": "100m", "memory": "64Mi"}, "limits": {"cpu": "200m"}}},
            {"name": "b", "image": "x", "resources": {"requests": {"cpu": "150m"}}}
        ],
        "initContainers": [{"name": "i", "image": "x", "resources": {"requests": {"cpu": "1"}}}]
    }));
    let u = printed(&pod_usage(&p, Time::ZERO));
    assert_eq!(u["pods"], "1");
    assert_eq!(u["count/pods"], "1");
    assert_eq!(u["requests.cpu"], "1");
    assert_eq!(u["cpu"], "1");
    assert_eq!(u["requests.memory"], "64Mi");
    assert_eq!(u["limits.cpu"], "200m");
    assert!(!u.contains_key("limits.memory"));
}

#[test]
fn a_quota_on_cpu_makes_every_container_name_it() {
    let p = pod(serde_json::json!({"containers": [
        {"name": "web", "image": "x"},
        {"name": "log", "image": "x", "resources": {"requests": {"cpu": "10m"}}}
    ]}));
    let tracked = ["pods".to_string(), "requests.cpu".into(), "limits.memory".into()];
    assert_eq!(
        pod_constraints(&p, &tracked),
        Err("must specify limits.memory for: log,web; requests.cpu for: web".into())
    );
    assert!(pod_constraints(&p, &["pods".to_string()]).is_ok());
    assert!(pod_in_scope(&p, "NotBestEffort") && !pod_in_scope(&p, "BestEffort"));
}

#[test]
fn sums_keep_formats_and_print_as_the_api_server_does() {
    let a =
        parsed(&ResourceList::from([("memory".into(), "1Gi".into()), ("pods".into(), "2".into())]));
    let b = parsed(&ResourceList::from([
        ("memory".into(), "512Mi".into()),
        ("cpu".into(), "500m".into()),
    ]));
    let sum = add(&a, &b);
    assert_eq!(pretty(&sum), "cpu=500m,memory=1536Mi,pods=2");
    assert_eq!(count_resource(Kind::Deployment), "count/deployments.apps");
    assert_eq!(pretty(&object_usage(Kind::Service)), "count/services=1,services=1");
}
