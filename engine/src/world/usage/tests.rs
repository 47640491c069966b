use super::*;
use crate::kubectl::Mode;
use crate::session::Session;
use crate::world::World;

fn session(lines: &[&str]) -> Session {
    let mut s = Session::new(World::new(7), Mode::Script);
    for l in lines {
        let out = s.run(l);
        assert_eq!(out.status, 0, "{l}: {}", out.text());
    }
    s
}

fn pods(s: &Session) -> Vec<Pod> {
    s.world.store.list::<Pod>(Some("default"), None).cloned().collect()
}

fn cpu(s: &Session, pod: &Pod) -> Option<u64> {
    s.world.metrics().pod(pod).map(|cs| cs.iter().map(|c| c.usage.cpu_milli).sum())
}

#[test]
fn metrics_appear_one_scrape_after_the_container_starts() {
    let mut s = session(&["k create deployment web --image=nginx:1.27", "settle"]);
    let pod = pods(&s).remove(0);
    assert_eq!(s.world.metrics().pod(&pod), None);
    s.world.advance(SCRAPE_MS);
    let pod = pods(&s).remove(0);
    let usage = s.world.metrics().pod(&pod).expect("metrics after a scrape");
    assert_eq!(usage.len(), 1);
    assert!(usage[0].usage.cpu_milli <= 2, "{usage:?}");
    assert!(usage[0].usage.memory_bytes > MI && usage[0].usage.memory_bytes < 8 * MI);
}

#[test]
fn a_deployment_load_reaches_its_pods_now_and_later_and_zero_stops_it() {
    let mut s = session(&["k create deployment web --image=nginx:1.27", "settle", "sleep 15"]);
    let name = pods(&s)[0].metadata.name.clone();
    let idle = cpu(&s, &pods(&s)[0]).unwrap();
    s.run("load deployment/web 300m");
    assert_eq!(cpu(&s, &pods(&s)[0]), Some(idle + 300));
    s.run("k scale deploy web --replicas=2");
    s.run("settle");
    s.run("sleep 15");
    assert!(pods(&s).iter().all(|p| cpu(&s, p).unwrap() >= 300));
    s.run("load deployment/web 0");
    let first = pods(&s).into_iter().find(|p| p.metadata.name == name).unwrap();
    assert_eq!(cpu(&s, &first), Some(idle));
}

#[test]
fn cpu_stops_at_the_limit_and_memory_stays_under_it() {
    let mut s = session(&["k create deployment web --image=nginx:1.27", "settle"]);
    let limits = r#"{"limits":{"cpu":"200m","memory":"8Mi"}}"#;
    let patch = format!(
        r#"{{"spec":{{"template":{{"spec":{{"containers":[{{"name":"nginx","resources":{limits}}}]}}}}}}}}"#
    );
    let out = s.run(&format!("k patch deploy web -p '{patch}'"));
    assert_eq!(out.status, 0, "{}", out.text());
    s.run("settle");
    s.run("sleep 15");
    s.run("load deploy/web 2");
    let pod = pods(&s).into_iter().find(|p| p.metadata.deletion_timestamp.is_none()).unwrap();
    let usage = s.world.metrics().pod(&pod).unwrap();
    assert_eq!(usage[0].usage.cpu_milli, 200);
    assert!(usage[0].usage.memory_bytes < 8 * MI);
    assert!(usage[0].usage.memory_bytes > 3 * MI);
}

#[test]
fn traffic_adds_a_millicore_per_request_per_second() {
    let mut s = session(&[
        "k create deployment web --image=nginx:1.27",
        "k expose deploy web --port=80",
        "settle",
        "sleep 15",
    ]);
    let idle = cpu(&s, &pods(&s)[0]).unwrap();
    s.run("traffic svc/web 200");
    assert_eq!(cpu(&s, &pods(&s)[0]), Some(idle + 200 - 10));
}

#[test]
fn a_node_reports_its_pods_plus_its_daemons() {
    let mut s = session(&["k create deployment web --image=nginx:1.27", "settle", "sleep 15"]);
    s.run("load deploy/web 500m");
    let pod = pods(&s).remove(0);
    let node_name = pod.spec.node_name.clone().unwrap();
    let node = s.world.store.get::<Node>("", &node_name).unwrap().clone();
    let usage = s.world.metrics().node(&node).unwrap();
    let pod_cpu = cpu(&s, &pod).unwrap();
    assert_eq!(usage.cpu_milli, NODE_SYSTEM_CPU_MILLI + pod_cpu);
    s.world.fail_node(&node_name).unwrap();
    assert_eq!(s.world.metrics().node(&node), None);
}

#[test]
fn the_same_commands_give_the_same_numbers() {
    let script = ["k create deployment web --image=nginx:1.27 --replicas=3", "settle", "sleep 20"];
    let a = session(&script);
    let b = session(&script);
    let usage = |s: &Session| pods(s).iter().map(|p| s.world.metrics().pod(p)).collect::<Vec<_>>();
    assert_eq!(usage(&a), usage(&b));
    assert!(usage(&a).iter().all(Option::is_some));
}
