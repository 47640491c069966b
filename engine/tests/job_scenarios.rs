//! Jobs and CronJobs as a class meets them: pods that finish, retries with back-off, Jobs
//! that complete or give up, CronJobs that run on the clock. Driven through kubectl in a
//! session; time moves only by the world's steps (`sleep` in the script).

use kubeloop::controllers::ControllerName;
use kubeloop::kubectl::Mode;
use kubeloop::model::{CronJob, Job, Kind, Pod, PodPhase};
use kubeloop::session::Session;
use kubeloop::world::World;

fn session() -> Session {
    Session::new(World::new(1), Mode::Script)
}

fn run(s: &mut Session, line: &str) -> String {
    let out = s.run(line);
    assert_eq!(out.status, 0, "{line}: {}", out.text());
    out.text()
}

/// A Job of one busybox container running `script` under `sh -c`.
fn job(name: &str, script: &str, extra: &str) -> String {
    format!(
        "k apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata: {{name: {name}}}
spec:
{extra}  template:
    spec:
      restartPolicy: Never
      containers:
      - name: c
        image: busybox:1.36
        command: [sh, -c, {script:?}]
EOF"
    )
}

fn job_status(s: &Session, name: &str) -> Job {
    s.world.store.get::<Job>("default", name).expect("job exists").clone()
}

fn pods_of(s: &Session, job: &str) -> Vec<Pod> {
    s.world
        .store
        .list::<Pod>(Some("default"), None)
        .filter(|p| p.metadata.labels.get("job-name").map(String::as_str) == Some(job))
        .cloned()
        .collect()
}

fn creates(s: &Session, kind: Kind, name: &str) -> Vec<i64> {
    s.world
        .decisions
        .iter()
        .filter(|d| d.kind == kind && d.name == name && d.action.to_string().starts_with("create"))
        .map(|d| d.at.millis())
        .collect()
}

#[test]
fn a_pod_that_sleeps_then_exits_zero_shows_completed() {
    let mut s = session();
    run(&mut s, "k run once --image=busybox:1.36 --restart=Never -- sleep 5");
    run(&mut s, "sleep 4s");
    assert!(run(&mut s, "k get pod once").contains("Running"));
    run(&mut s, "sleep 6s");
    let out = run(&mut s, "k get pod once");
    assert!(out.contains("0/1     Completed   0"), "{out}");
    let pod = s.world.store.get::<Pod>("default", "once").unwrap();
    assert_eq!(pod.status.phase, PodPhase::Succeeded);
}

#[test]
fn a_failing_command_under_never_is_an_error_and_is_not_restarted() {
    let mut s = session();
    run(&mut s, "k run oops --image=busybox:1.36 --restart=Never -- false");
    run(&mut s, "sleep 30s");
    let out = run(&mut s, "k get pod oops");
    assert!(out.contains("0/1     Error    0"), "{out}");
    let pod = s.world.store.get::<Pod>("default", "oops").unwrap();
    assert_eq!(pod.status.phase, PodPhase::Failed);
    assert_eq!(pod.status.container_statuses[0].restart_count, 0);
}

#[test]
fn on_failure_restarts_the_container_in_place() {
    let mut s = session();
    run(&mut s, "k run again --image=busybox:1.36 --restart=OnFailure -- sh -c 'sleep 1; exit 2'");
    run(&mut s, "sleep 40s");
    let pod = s.world.store.get::<Pod>("default", "again").unwrap().clone();
    assert_eq!(pod.status.phase, PodPhase::Running);
    assert!(pod.status.container_statuses[0].restart_count >= 2, "{pod:?}");
}

#[test]
fn echo_prints_its_words_to_the_log() {
    let mut s = session();
    run(&mut s, "k run hello --image=busybox:1.36 --restart=Never -- echo hello from the pod");
    run(&mut s, "sleep 10s");
    assert_eq!(run(&mut s, "k logs hello"), "hello from the pod\n");
}

#[test]
fn a_job_with_three_completions_runs_them_two_at_a_time() {
    let mut s = session();
    run(&mut s, &job("work", "sleep 5", "  completions: 3\n  parallelism: 2\n"));
    run(&mut s, "sleep 1s");
    assert_eq!(job_status(&s, "work").status.active, 2);
    run(&mut s, "sleep 30s");
    let j = job_status(&s, "work");
    assert_eq!(j.status.succeeded, 3);
    assert!(j.status.is_true("Complete") && j.status.is_true("SuccessCriteriaMet"));
    assert_eq!(pods_of(&s, "work").len(), 3);
    assert!(run(&mut s, "k get job work").contains("Complete   3/3"));
    let events = run(&mut s, "k get events --field-selector involvedObject.name=work");
    assert!(events.contains("Job completed"), "{events}");
}

#[test]
fn a_pod_that_fails_is_retried_after_10s_then_20s() {
    let mut s = session();
    run(&mut s, &job("flaky", "exit 1", "  backoffLimit: 3\n"));
    run(&mut s, "sleep 60s");
    let at = creates(&s, Kind::Job, "flaky");
    assert!(at.len() >= 3, "{at:?}");
    // Each gap is the pod's run (pull, start) plus the back-off: 10 s, then 20 s.
    let (gap1, gap2) = (at[1] - at[0], at[2] - at[1]);
    assert!((10_000..14_000).contains(&gap1), "{gap1}");
    assert!((20_000..24_000).contains(&gap2), "{gap2}");
    let waited = s.world.decisions.iter().any(|d| {
        d.name == "flaky"
            && d.observed.to_string().contains("retries used")
            && d.action == "wait 20s before the next"
    });
    assert!(waited);
}

#[test]
fn a_job_past_its_backoff_limit_fails_with_backoff_limit_exceeded() {
    let mut s = session();
    run(&mut s, &job("doomed", "exit 1", "  backoffLimit: 1\n"));
    run(&mut s, "sleep 60s");
    let j = job_status(&s, "doomed");
    assert_eq!(j.status.failed, 2);
    assert!(j.status.is_true("FailureTarget") && j.status.is_true("Failed"));
    let failed = j.status.conditions.iter().find(|c| c.type_ == "Failed").unwrap();
    assert_eq!(failed.reason, "BackoffLimitExceeded");
    assert!(run(&mut s, "k get job doomed").contains("Failed"));
    let events = run(&mut s, "k get events --field-selector involvedObject.name=doomed");
    assert!(events.contains("Job has reached the specified backoff limit"), "{events}");
}

#[test]
fn an_active_deadline_stops_a_job_and_deletes_its_pods() {
    let mut s = session();
    run(&mut s, &job("slow", "sleep 300", "  activeDeadlineSeconds: 10\n"));
    run(&mut s, "sleep 50s");
    let j = job_status(&s, "slow");
    let failed = j.status.conditions.iter().find(|c| c.type_ == "Failed").expect("failed");
    assert_eq!(failed.reason, "DeadlineExceeded");
    // The shell ignores SIGTERM, so its pod went after the 30 s grace period.
    assert!(pods_of(&s, "slow").is_empty());
}

#[test]
fn an_indexed_job_names_its_pods_by_index_and_lists_completed_indexes() {
    let mut s = session();
    run(
        &mut s,
        &job(
            "idx",
            "echo $JOB_COMPLETION_INDEX",
            "  completions: 3\n  parallelism: 3\n  completionMode: Indexed\n",
        ),
    );
    run(&mut s, "sleep 20s");
    let j = job_status(&s, "idx");
    assert_eq!(j.status.completed_indexes.as_deref(), Some("0-2"));
    let mut names: Vec<String> =
        pods_of(&s, "idx").iter().map(|p| p.metadata.name.clone()).collect();
    names.sort();
    assert!(names[0].starts_with("idx-0-") && names[2].starts_with("idx-2-"), "{names:?}");
}

#[test]
fn suspending_a_job_deletes_its_pods_and_resuming_starts_again() {
    let mut s = session();
    run(&mut s, &job("paused", "sleep 30", ""));
    run(&mut s, "sleep 3s");
    run(&mut s, "k patch job paused -p '{\"spec\":{\"suspend\":true}}'");
    run(&mut s, "sleep 40s");
    assert!(run(&mut s, "k get job paused").contains("Suspended"));
    assert!(pods_of(&s, "paused").is_empty());
    run(&mut s, "k patch job paused -p '{\"spec\":{\"suspend\":false}}'");
    run(&mut s, "sleep 2s");
    assert_eq!(job_status(&s, "paused").status.active, 1);
}

#[test]
fn a_finished_job_with_a_ttl_is_deleted_with_its_pods() {
    let mut s = session();
    run(&mut s, &job("brief", "true", "  ttlSecondsAfterFinished: 15\n"));
    run(&mut s, "sleep 10s");
    assert!(s.world.store.get::<Job>("default", "brief").is_some());
    run(&mut s, "sleep 15s");
    assert!(s.world.store.get::<Job>("default", "brief").is_none());
    assert!(pods_of(&s, "brief").is_empty());
    assert!(s.world.decisions.iter().any(|d| d.controller == ControllerName::TtlAfterFinished));
}

#[test]
fn deleting_a_job_releases_the_tracking_finalizer_so_its_pods_go() {
    let mut s = session();
    run(&mut s, &job("gone", "sleep 1", ""));
    run(&mut s, "sleep 10s");
    run(&mut s, "k delete job gone");
    run(&mut s, "sleep 5s");
    assert!(pods_of(&s, "gone").is_empty());
}

#[test]
fn a_cronjob_every_minute_creates_jobs_named_by_the_minute() {
    let mut s = session();
    run(&mut s, "k create cronjob tick --image=busybox:1.36 --schedule='* * * * *' -- echo tick");
    run(&mut s, "sleep 150s");
    let mut names: Vec<String> =
        s.world.store.list::<Job>(Some("default"), None).map(|j| j.metadata.name.clone()).collect();
    names.sort();
    // Simulated time starts at 2025-01-01T00:00:00Z, minute 28928160 since the Unix epoch.
    assert_eq!(names, ["tick-28928161", "tick-28928162"]);
    let cj = s.world.store.get::<CronJob>("default", "tick").unwrap();
    assert!(cj.status.last_schedule_time.is_some() && cj.status.last_successful_time.is_some());
}

#[test]
fn forbid_skips_a_run_while_the_last_one_is_active() {
    let mut s = session();
    run(&mut s, "k create cronjob long --image=busybox:1.36 --schedule='* * * * *' -- sleep 90");
    run(&mut s, "k patch cronjob long -p '{\"spec\":{\"concurrencyPolicy\":\"Forbid\"}}'");
    run(&mut s, "sleep 130s");
    let names: Vec<String> =
        s.world.store.list::<Job>(Some("default"), None).map(|j| j.metadata.name.clone()).collect();
    assert_eq!(names, ["long-28928161"]);
    let events = run(&mut s, "k get events --field-selector involvedObject.name=long");
    assert!(events.contains("JobAlreadyActive"), "{events}");
}

#[test]
fn replace_deletes_the_running_job_for_the_new_one() {
    let mut s = session();
    run(&mut s, "k create cronjob swap --image=busybox:1.36 --schedule='* * * * *' -- sleep 90");
    run(&mut s, "k patch cronjob swap -p '{\"spec\":{\"concurrencyPolicy\":\"Replace\"}}'");
    run(&mut s, "sleep 125s");
    let cj = s.world.store.get::<CronJob>("default", "swap").unwrap();
    let active: Vec<&str> = cj.status.active.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(active, ["swap-28928162"]);
    let events = run(&mut s, "k get events --field-selector involvedObject.name=swap");
    assert!(events.contains("Deleted job swap-28928161"), "{events}");
}

#[test]
fn history_limits_keep_the_newest_finished_jobs() {
    let mut s = session();
    run(&mut s, "k create cronjob keep --image=busybox:1.36 --schedule='* * * * *' -- true");
    run(&mut s, "sleep 330s");
    let mut names: Vec<String> =
        s.world.store.list::<Job>(Some("default"), None).map(|j| j.metadata.name.clone()).collect();
    names.sort();
    assert_eq!(names, ["keep-28928163", "keep-28928164", "keep-28928165"]);
}

#[test]
fn a_suspended_cronjob_creates_nothing() {
    let mut s = session();
    run(&mut s, "k create cronjob quiet --image=busybox:1.36 --schedule='* * * * *' -- true");
    run(&mut s, "k patch cronjob quiet -p '{\"spec\":{\"suspend\":true}}'");
    run(&mut s, "sleep 3m");
    assert_eq!(s.world.store.list::<Job>(Some("default"), None).count(), 0);
}

#[test]
fn create_job_from_a_cronjob_runs_its_template_now() {
    let mut s = session();
    run(
        &mut s,
        "k create cronjob nightly --image=busybox:1.36 --schedule='0 3 * * *' -- echo backup",
    );
    assert_eq!(run(&mut s, "k create job now --from=cronjob/nightly"), "job.batch/now created\n");
    run(&mut s, "sleep 10s");
    assert!(job_status(&s, "now").status.is_true("Complete"));
    let j = job_status(&s, "now");
    assert_eq!(j.metadata.annotations["cronjob.kubernetes.io/instantiate"], "manual");
}

#[test]
fn the_classic_pi_job_prints_two_thousand_digits() {
    let mut s = session();
    run(&mut s, "k create job pi --image=perl:5.34.0 -- perl -Mbignum=bpi -wle 'print bpi(2000)'");
    run(&mut s, "sleep 20s");
    assert!(job_status(&s, "pi").status.is_true("Complete"));
    let pod = pods_of(&s, "pi").remove(0);
    let logs = run(&mut s, &format!("k logs {}", pod.metadata.name));
    assert!(logs.starts_with("3.14159265358979323846"), "{logs}");
    assert_eq!(logs.trim_end().len(), 2001);
}

#[test]
fn a_pod_orphaned_from_its_job_and_then_deleted_goes_away() {
    let mut s = session();
    run(&mut s, &job("long", "sleep 600", ""));
    s.world.advance(3_000);
    let pod = pods_of(&s, "long").pop().expect("a running pod");
    run(&mut s, "k delete job long --cascade=orphan");
    s.world.settle();
    let orphan = s.world.store.get::<Pod>("default", &pod.metadata.name).expect("kept");
    assert!(orphan.metadata.controller_ref().is_none(), "the Job let go of it");
    run(&mut s, &format!("k delete pod {} --wait=false", pod.metadata.name));
    s.world.settle();
    // The Job loop's orphan queue takes the tracking finalizer off, so nothing holds it.
    assert!(s.world.store.get::<Pod>("default", &pod.metadata.name).is_none());
}
