//! Behaviour of the kubelet loop against a hand-filled store (no scheduler, no World).

use super::testenv::Env;
use super::*;
use crate::model::{ContainerStatus, PodPhase};
use crate::store::DeleteOptions;

fn env_with_node() -> (Env, Kubelet) {
    let mut env = Env::new();
    env.add_node("node-1", 110);
    (env, Kubelet::default())
}

fn ctr(env: &Env, pod: &str) -> ContainerStatus {
    env.pod(pod).unwrap().status.container_statuses[0].clone()
}

fn waiting_reason(env: &Env, pod: &str) -> Option<String> {
    env.pod(pod)?.status.container_statuses.first()?.state.waiting.as_ref()?.reason.clone()
}

fn delete(env: &mut Env, pod: &str) {
    env.store.delete::<Pod>("default", pod, &DeleteOptions::default(), env.now).unwrap();
}

#[test]
fn pod_goes_from_container_creating_to_running_with_status_fields() {
    let (mut env, mut k) = env_with_node();
    env.add_pod("web", "nginx:1.27", Some("node-1"));
    env.step(&mut [&mut k]);
    let p = env.pod("web").unwrap().clone();
    assert_eq!(p.status.phase, PodPhase::Pending);
    assert_eq!(waiting_reason(&env, "web").as_deref(), Some("ContainerCreating"));
    assert_eq!(p.status.pod_ip.as_deref(), Some("10.244.1.2"));
    assert_eq!(p.status.host_ip.as_deref(), Some("10.0.0.11"));
    assert_eq!(p.status.start_time, Some(env.now));
    let types: Vec<&str> = p.status.conditions.iter().map(|c| c.type_.as_str()).collect();
    assert_eq!(
        types,
        ["PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled"]
    );
    let ready = p.condition("Ready").unwrap();
    assert_eq!(
        (ready.status.as_str(), ready.reason.as_deref()),
        ("False", Some("ContainersNotReady"))
    );
    assert_eq!(ready.message.as_deref(), Some("containers with unready status: [app]"));

    let started = env.run_until(5_000, &mut [&mut k], |e| ctr(e, "web").ready).expect("starts");
    // Pull 1.5 s and start 0.4 s, plus up to 0.6 s jitter on each.
    assert!((2_000..=3_300).contains(&started.millis()), "{started:?}");
    let p = env.pod("web").unwrap();
    let c = &p.status.container_statuses[0];
    assert_eq!(p.status.phase, PodPhase::Running);
    assert_eq!((c.restart_count, c.started), (0, Some(true)));
    assert_eq!(c.state.running.as_ref().unwrap().started_at, Some(started));
    assert!(p.is_ready());
    assert_eq!(p.ready_since(), Some(started));
    let events = env.events_of("web");
    assert_eq!(events[0], "Pulling Pulling image \"nginx:1.27\"");
    assert!(
        events[1].starts_with("Pulled Successfully pulled image \"nginx:1.27\" in "),
        "{events:?}"
    );
    assert!(events[1].ends_with("including waiting). Image size: 72195292 bytes."), "{events:?}");
    assert_eq!(events[2..], ["Created Created container: app", "Started Started container app"]);
    assert!(env.hosts["node-1"].images.contains("nginx:1.27"));
}

#[test]
fn an_image_already_on_the_node_is_not_pulled_again() {
    let (mut env, mut k) = env_with_node();
    env.hosts.get_mut("node-1").unwrap().images.insert("nginx:1.27".into());
    env.add_pod("web", "nginx:1.27", Some("node-1"));
    let started = env.run_until(3_000, &mut [&mut k], |e| ctr(e, "web").ready).unwrap();
    assert!(started.millis() <= 2_000, "{started:?}");
    assert_eq!(
        env.events_of("web")[0],
        "Pulled Container image \"nginx:1.27\" already present on machine"
    );
}

#[test]
fn pods_on_one_node_get_distinct_addresses() {
    let (mut env, mut k) = env_with_node();
    env.add_node("node-2", 110);
    env.add_pod("a", "nginx", Some("node-1"));
    env.add_pod("b", "nginx", Some("node-1"));
    env.add_pod("c", "nginx", Some("node-2"));
    env.step(&mut [&mut k]);
    let ip = |n: &str| env.pod(n).unwrap().status.pod_ip.clone().unwrap();
    assert_eq!(
        (ip("a"), ip("b"), ip("c")),
        ("10.244.1.2".into(), "10.244.1.3".into(), "10.244.2.2".into())
    );
}

#[test]
fn a_missing_image_alternates_err_image_pull_and_back_off_doubling_to_300s() {
    let (mut env, mut k) = env_with_node();
    env.config.jitter_ms = 0;
    env.add_pod("bad", "nginx:doesnotexist", Some("node-1"));
    let mut failures = Vec::new();
    let mut last = None;
    while env.now < Time::from_secs(1_300) {
        env.step(&mut [&mut k]);
        let reason = waiting_reason(&env, "bad");
        if reason != last && reason.as_deref() == Some("ErrImagePull") {
            failures.push(env.now);
        }
        if reason.as_deref() == Some("ImagePullBackOff") && last.as_deref() == Some("ErrImagePull")
        {
            // The back-off shows one kubelet sync after the failure.
            assert_eq!(env.now.since(*failures.last().unwrap()), 1_000);
        }
        last = reason;
    }
    // Between failures: the back-off, then a 1.5 s pull.
    let gaps: Vec<i64> = failures.windows(2).map(|w| (w[1].since(w[0]) - 1_500) / 1000).collect();
    assert_eq!(gaps[..7], [10, 20, 40, 80, 160, 300, 300]);
    let c = ctr(&env, "bad");
    assert_eq!(env.pod("bad").unwrap().status.phase, PodPhase::Pending);
    let events = env.events_of("bad");
    assert_eq!(events[1], "Failed Failed to pull image \"nginx:doesnotexist\": rpc error: code = NotFound desc = failed to pull and unpack image \"docker.io/library/nginx:doesnotexist\": failed to resolve reference \"docker.io/library/nginx:doesnotexist\": docker.io/library/nginx:doesnotexist: not found");
    assert_eq!(
        events[2..],
        [
            "Failed Error: ErrImagePull",
            "BackOff Back-off pulling image \"nginx:doesnotexist\"",
            "Failed Error: ImagePullBackOff"
        ]
    );
    assert_eq!(env.event_count("bad", "Pulling"), failures.len() as i32);
    assert!(c
        .state
        .waiting
        .unwrap()
        .message
        .unwrap()
        .starts_with("Back-off pulling image \"nginx:doesnotexist\": ErrImagePull: rpc error"));
}

#[test]
fn a_crashing_container_restarts_with_back_off_10s_doubling_to_300s() {
    let (mut env, mut k) = env_with_node();
    env.config.jitter_ms = 0;
    env.add_pod("crash", "busybox:crash", Some("node-1"));
    let mut waits = Vec::new();
    let mut messages = Vec::new();
    let mut count = 0;
    let mut last = None;
    while env.now < Time::from_secs(1_500) {
        env.step(&mut [&mut k]);
        let c = ctr(&env, "crash");
        let reason = waiting_reason(&env, "crash");
        if reason.as_deref() == Some("CrashLoopBackOff") && reason != last {
            messages.push(c.state.waiting.as_ref().unwrap().message.clone().unwrap());
        }
        last = reason;
        if c.restart_count > count {
            count = c.restart_count;
            let started = c.state.running.unwrap().started_at.unwrap();
            let finished = c.last_state.terminated.as_ref().unwrap().finished_at.unwrap();
            assert_eq!(c.last_state.terminated.as_ref().unwrap().reason.as_deref(), Some("Error"));
            waits.push(started.since(finished) / 1000);
        }
    }
    // The first restart is immediate (one sync), then the back-off doubles to its cap.
    assert_eq!(waits[..8], [1, 10, 20, 40, 80, 160, 300, 300]);
    let periods: Vec<&str> = messages.iter().map(|m| m.split(' ').nth(1).unwrap()).collect();
    assert_eq!(periods[..7], ["10s", "20s", "40s", "1m20s", "2m40s", "5m0s", "5m0s"]);
    let uid = env.pod("crash").unwrap().metadata.uid.clone();
    assert_eq!(
        messages[0],
        format!("back-off 10s restarting failed container=app pod=crash_default({uid})")
    );
    assert!(env.events_of("crash").contains(&format!(
        "BackOff Back-off restarting failed container app in pod crash_default({uid})"
    )));
    assert_eq!(env.pod("crash").unwrap().status.phase, PodPhase::Running);
}

#[test]
fn a_command_less_busybox_completes_and_is_restarted() {
    let (mut env, mut k) = env_with_node();
    env.add_pod("bb", "busybox", Some("node-1"));
    let done = env.run_until(10_000, &mut [&mut k], |e| {
        ctr(e, "bb")
            .state
            .terminated
            .as_ref()
            .is_some_and(|t| t.reason.as_deref() == Some("Completed"))
    });
    assert!(done.is_some());
    env.run(3_000, &mut [&mut k]);
    assert_eq!(ctr(&env, "bb").restart_count, 1);
}

#[test]
fn deleting_an_nginx_pod_shows_terminating_and_removes_it_after_about_a_second() {
    let (mut env, mut k) = env_with_node();
    env.add_pod("web", "nginx:1.27", Some("node-1"));
    env.run_until(5_000, &mut [&mut k], |e| ctr(e, "web").ready).unwrap();
    delete(&mut env, "web");
    let at = env.now;
    env.step(&mut [&mut k]);
    // 1/1 Terminating: still running and ready, with a deletionTimestamp.
    let p = env.pod("web").unwrap();
    assert_eq!(p.metadata.deletion_timestamp, Some(at.plus_secs(30)));
    assert!(ctr(&env, "web").ready && ctr(&env, "web").state.running.is_some());
    assert_eq!(env.events_of("web").last().unwrap(), "Killing Stopping container app");
    // 0/1 Terminating: terminated cleanly, phase kept.
    let stopped = env.run_until(3_000, &mut [&mut k], |e| !ctr(e, "web").ready).unwrap();
    let c = ctr(&env, "web");
    let t = c.state.terminated.unwrap();
    assert_eq!((t.exit_code, t.reason.as_deref()), (0, Some("Completed")));
    assert_eq!(env.pod("web").unwrap().status.phase, PodPhase::Running);
    assert!((1_000..=1_200).contains(&stopped.since(at)), "{}", stopped.since(at));
    let gone = env.run_until(3_000, &mut [&mut k], |e| e.pod("web").is_none()).unwrap();
    assert!((1_400..=1_800).contains(&gone.since(at)), "{}", gone.since(at));
}

#[test]
fn a_sleeping_container_ignores_sigterm_and_is_killed_at_the_end_of_the_grace_period() {
    let (mut env, mut k) = env_with_node();
    env.add_pod("sleepy", "busybox:sleep", Some("node-1"));
    env.run_until(5_000, &mut [&mut k], |e| ctr(e, "sleepy").ready).unwrap();
    delete(&mut env, "sleepy");
    let at = env.now;
    env.run(29_000, &mut [&mut k]);
    assert!(ctr(&env, "sleepy").ready, "still 1/1 Terminating before the deadline");
    let stopped = env.run_until(2_000, &mut [&mut k], |e| !ctr(e, "sleepy").ready).unwrap();
    let t = ctr(&env, "sleepy").state.terminated.unwrap();
    assert_eq!((t.exit_code, t.reason.as_deref()), (137, Some("Error")));
    assert_eq!(t.finished_at, Some(at.plus_secs(30)));
    assert!(stopped.since(at) <= 30_100);
    let gone = env.run_until(2_000, &mut [&mut k], |e| e.pod("sleepy").is_none()).unwrap();
    assert!((30_500..=30_700).contains(&gone.since(at)), "{}", gone.since(at));
}

#[test]
fn a_pod_that_never_started_is_deleted_at_once() {
    let (mut env, mut k) = env_with_node();
    env.add_pod("bad", "nosuchimage", Some("node-1"));
    env.run(3_000, &mut [&mut k]);
    delete(&mut env, "bad");
    assert!(env.pod("bad").unwrap().metadata.deletion_timestamp.is_some());
    env.step(&mut [&mut k]);
    assert!(env.pod("bad").is_none());
}

#[test]
fn a_down_node_leaves_its_pods_alone_until_it_returns() {
    let (mut env, mut k) = env_with_node();
    env.add_pod("web", "nginx", Some("node-1"));
    env.run_until(5_000, &mut [&mut k], |e| ctr(e, "web").ready).unwrap();
    env.hosts.get_mut("node-1").unwrap().up = false;
    delete(&mut env, "web");
    env.run(60_000, &mut [&mut k]);
    let p = env.pod("web").expect("stays Terminating while the node is away");
    assert!(p.status.container_statuses[0].ready);
    env.hosts.get_mut("node-1").unwrap().up = true;
    k.resync(&env.store);
    env.step(&mut [&mut k]);
    // The grace period is long over: SIGKILL at once, then the pod goes.
    assert_eq!(ctr(&env, "web").state.terminated.unwrap().exit_code, 137);
    assert!(env.run_until(1_000, &mut [&mut k], |e| e.pod("web").is_none()).is_some());
}

#[test]
fn a_restarted_kubelet_carries_on_from_the_pod_status() {
    let (mut env, mut k) = env_with_node();
    env.config.jitter_ms = 0;
    env.add_pod("web", "nginx", Some("node-1"));
    env.add_pod("crash", "busybox:crash", Some("node-1"));
    env.run_until(60_000, &mut [&mut k], |e| {
        ctr(e, "crash").restart_count == 2
            && waiting_reason(e, "crash").as_deref() == Some("CrashLoopBackOff")
    })
    .unwrap();
    let web_before = ctr(&env, "web");
    k.forget();
    let mut k = Kubelet::default();
    k.resync(&env.store);
    env.step(&mut [&mut k]);
    assert_eq!(ctr(&env, "web"), web_before);
    assert_eq!(env.pod("web").unwrap().status.pod_ip.as_deref(), Some("10.244.1.2"));
    assert_eq!(waiting_reason(&env, "crash").as_deref(), Some("CrashLoopBackOff"));
    // The next back-off is 40 s, as the old kubelet would have made it.
    env.run_until(60_000, &mut [&mut k], |e| ctr(e, "crash").restart_count == 3).unwrap();
    env.run_until(60_000, &mut [&mut k], |e| {
        waiting_reason(e, "crash").as_deref() == Some("CrashLoopBackOff")
    })
    .unwrap();
    assert!(waiting_reason(&env, "crash").is_some());
    let msg = ctr(&env, "crash").state.waiting.unwrap().message.unwrap();
    assert!(msg.starts_with("back-off 40s"), "{msg}");
}

#[test]
fn an_invalid_image_name_is_reported_and_never_pulled() {
    let (mut env, mut k) = env_with_node();
    env.add_pod("bad", "Nginx", Some("node-1"));
    env.run(2_000, &mut [&mut k]);
    assert_eq!(waiting_reason(&env, "bad").as_deref(), Some("InvalidImageName"));
    assert_eq!(env.event_count("bad", "Pulling"), 0);
    assert_eq!(k.queue().next_delayed(), None);
}

#[test]
fn changing_the_image_of_a_pod_pulls_and_starts_the_new_one() {
    let (mut env, mut k) = env_with_node();
    env.add_pod("web", "nginx:1.27", Some("node-1"));
    env.run_until(5_000, &mut [&mut k], |e| ctr(e, "web").ready).unwrap();
    env.store
        .modify::<Pod>("default", "web", env.now, |p| {
            p.spec.containers[0].image = "nginx:1.28".into()
        })
        .unwrap();
    env.run_until(5_000, &mut [&mut k], |e| {
        ctr(e, "web").image == "nginx:1.28" && ctr(e, "web").ready
    })
    .unwrap();
    assert!(env.events_of("web").contains(&"Pulling Pulling image \"nginx:1.28\"".to_string()));
}

#[test]
fn a_resync_queues_only_pods_whose_sync_would_do_something() {
    let (mut env, mut k) = env_with_node();
    for name in ["a", "b", "c", "d"] {
        env.add_pod(name, "nginx:1.27", Some("node-1"));
    }
    env.add_pod("crashy", "busybox:1.36", Some("node-1"));
    env.add_pod("waiting", "nginx:1.27", None);
    env.run_until(10_000, &mut [&mut k], |e| ["a", "b", "c", "d"].iter().all(|p| ctr(e, p).ready))
        .expect("all four run");
    // Someone else wrote b's status (the kubelet's last write is no longer the latest), c is
    // being deleted, and d's runtime was lost.
    env.store
        .modify_status::<Pod>("default", "b", env.now, |p| p.status.message = Some("x".into()))
        .unwrap();
    delete(&mut env, "c");
    k.pods.retain(|key, _| key.name != "d");
    k.queue.drain();

    k.resync(&env.store);
    let mut queued: Vec<String> = k.queue.drain().into_iter().map(|key| key.name.into()).collect();
    queued.sort();
    // a runs for good: left out. The command-less busybox exits and restarts, so it always
    // has a timer; the unbound pod is not the kubelet's.
    assert_eq!(queued, ["b", "c", "crashy", "d"]);
}

#[test]
fn status_carries_the_address_lists_ids_and_observed_generation() {
    let (mut env, mut k) = env_with_node();
    env.add_pod("web", "nginx:1.27", Some("node-1"));
    env.run_until(5_000, &mut [&mut k], |e| ctr(e, "web").ready).expect("starts");
    let p = env.pod("web").unwrap();
    assert_eq!(p.status.pod_ips.iter().collect::<Vec<_>>(), ["10.244.1.2"]);
    assert_eq!(p.status.host_ips.iter().collect::<Vec<_>>(), ["10.0.0.11"]);
    assert_eq!((p.metadata.generation, p.status.observed_generation), (1, 1));
    assert!(p.status.conditions.iter().all(|c| c.observed_generation == 1));
    let c = &p.status.container_statuses[0];
    assert!(c.container_id.as_ref().is_some_and(|id| id.to_string().len() == 77));
    assert!(c
        .image_id
        .as_deref()
        .is_some_and(|id| id.starts_with("docker.io/library/nginx@sha256:")));
}

#[test]
fn a_graceful_delete_bumps_the_generation_the_kubelet_then_observes() {
    let (mut env, mut k) = env_with_node();
    env.add_pod("web", "nginx:1.27", Some("node-1"));
    env.run_until(5_000, &mut [&mut k], |e| ctr(e, "web").ready).expect("starts");
    delete(&mut env, "web");
    assert_eq!(env.pod("web").unwrap().metadata.generation, 2);
    // A second, shorter delete only brings the deadline forward (rest/delete.go BeforeDelete).
    let opts = DeleteOptions { grace_period_seconds: Some(5), ..Default::default() };
    env.store.delete::<Pod>("default", "web", &opts, env.now).unwrap();
    assert_eq!(env.pod("web").unwrap().metadata.generation, 2);
    env.step(&mut [&mut k]);
    assert_eq!(env.pod("web").unwrap().status.observed_generation, 2);
}

#[test]
fn a_restarted_container_reports_the_exited_ones_id_in_last_state() {
    let (mut env, mut k) = env_with_node();
    env.add_pod("crash", "busybox:crash", Some("node-1"));
    let last_id = |c: &ContainerStatus| c.last_state.terminated.as_ref()?.container_id.clone();
    let running_again = |e: &Env| {
        let c = ctr(e, "crash");
        c.restart_count >= 1 && c.state.running.is_some()
    };
    env.run_until(60_000, &mut [&mut k], running_again).expect("restarts");
    let c = ctr(&env, "crash");
    assert!(last_id(&c).is_some() && c.container_id.is_some(), "{c:?}");
    assert_ne!(last_id(&c), c.container_id, "a new container has a new ID");
    // Backing off, no new container exists: both name the one that exited.
    env.run_until(120_000, &mut [&mut k], |e| {
        waiting_reason(e, "crash").as_deref() == Some("CrashLoopBackOff")
    })
    .expect("backs off");
    let c = ctr(&env, "crash");
    assert_eq!(last_id(&c), c.container_id);
}
