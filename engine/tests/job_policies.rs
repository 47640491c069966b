//! Job policies as a user meets them through kubectl: a Count rule spends the back-off
//! limit, FailJob with NotIn, podReplacementPolicy Failed waiting for a deleted pod,
//! maxFailedIndexes, a success policy by count, and the API server's refusal of a policy
//! change. Time moves only by the world's steps (`sleep`).

use kubeloop::kubectl::Mode;
use kubeloop::model::{Job, Pod};
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

/// A Job whose one container `main` runs `script` under `sh -c`, with `extra` spec lines.
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
      - name: main
        image: busybox:1.36
        command: [sh, -c, {script:?}]
EOF"
    )
}

fn get(s: &Session, name: &str) -> Job {
    s.world.store.get::<Job>("default", name).expect("job exists").clone()
}

fn condition(j: &Job, type_: &str) -> Option<(String, String)> {
    j.status
        .conditions
        .iter()
        .find(|c| c.type_ == type_ && c.status == "True")
        .map(|c| (c.reason.clone(), c.message.clone()))
}

fn pods_of(s: &Session, job: &str) -> Vec<Pod> {
    s.world
        .store
        .list::<Pod>(Some("default"), None)
        .filter(|p| p.metadata.labels.get("job-name").map(String::as_str) == Some(job))
        .cloned()
        .collect()
}

/// pod_failure_policy.go `matchPodFailurePolicy`: a Count rule counts the failure, so
/// backoffLimit 0 fails the Job at the first one, with the back-off limit's reason.
#[test]
fn a_count_rule_spends_the_backoff_limit() {
    let mut s = session();
    let policy = "  backoffLimit: 0
  podFailurePolicy:
    rules:
    - action: Count
      onExitCodes: {operator: In, values: [5]}
";
    run(&mut s, &job("counted", "sleep 1; exit 5", policy));
    run(&mut s, "sleep 10s");
    let j = get(&s, "counted");
    assert_eq!(j.status.failed, 1);
    let (reason, _) = condition(&j, "Failed").expect("failed");
    assert_eq!(reason, "BackoffLimitExceeded");
}

/// pod_failure_policy.go `isOnExitCodesOperatorMatching`: NotIn matches any other non-zero
/// code; the Job fails with reason PodFailurePolicy and upstream's message.
#[test]
fn fail_job_with_not_in_names_the_exit_code() {
    let mut s = session();
    let policy = "  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes: {containerName: main, operator: NotIn, values: [1]}
";
    run(&mut s, &job("strict", "sleep 1; exit 7", policy));
    run(&mut s, "sleep 10s");
    let j = get(&s, "strict");
    let pod = &pods_of(&s, "strict")[0].metadata.name;
    let (reason, message) = condition(&j, "Failed").expect("failed");
    assert_eq!(reason, "PodFailurePolicy");
    assert_eq!(
        message,
        format!("Container main for pod default/{pod} failed with exit code 7 matching FailJob rule at index 0")
    );
    assert!(run(&mut s, "k get job strict").contains("Failed"));
}

/// job_controller.go `manageJob` and `isPodFailed`: under podReplacementPolicy Failed a
/// deleted pod holds its place until the kubelet has stopped it, then counts as failed
/// and is replaced.
#[test]
fn a_deleted_pod_is_replaced_only_once_it_has_failed() {
    let mut s = session();
    run(&mut s, &job("patient", "sleep 600", "  podReplacementPolicy: Failed\n"));
    run(&mut s, "sleep 5s");
    let first = pods_of(&s, "patient")[0].metadata.name.clone();
    run(&mut s, &format!("k delete pod {first} --wait=false"));
    run(&mut s, "sleep 10s");
    // busybox's shell ignores SIGTERM: the pod terminates for the 30 s grace period.
    assert_eq!(pods_of(&s, "patient").len(), 1, "no replacement while it terminates");
    assert_eq!(get(&s, "patient").status.terminating, Some(1));
    run(&mut s, "sleep 40s");
    let now: Vec<String> = pods_of(&s, "patient").iter().map(|p| p.metadata.name.clone()).collect();
    assert_eq!(now.len(), 1, "{now:?}");
    assert_ne!(now[0], first, "replaced after it failed");
    assert_eq!(get(&s, "patient").status.failed, 1);
}

/// job_controller.go `syncJob`: more failed indexes than maxFailedIndexes fails the Job at
/// once, leaving the other indexes' pods to be deleted.
#[test]
fn max_failed_indexes_exceeded_fails_the_job() {
    let mut s = session();
    let spec = "  completions: 3
  parallelism: 3
  completionMode: Indexed
  backoffLimitPerIndex: 0
  maxFailedIndexes: 0
";
    run(&mut s, &job("fragile", "sleep 1$JOB_COMPLETION_INDEX; exit 1", spec));
    run(&mut s, "sleep 14s");
    let j = get(&s, "fragile");
    assert_eq!(j.status.failed_indexes.as_deref(), Some("0"));
    let (reason, message) = condition(&j, "FailureTarget").expect("failure target");
    assert_eq!(reason, "MaxFailedIndexesExceeded");
    assert_eq!(message, "Job has exceeded the specified maximal number of failed indexes");
    run(&mut s, "sleep 40s");
    assert!(condition(&get(&s, "fragile"), "Failed").is_some());
}

/// success_policy.go `matchSuccessPolicy`: succeededCount without indexes counts any
/// succeeded index; Complete carries the SuccessPolicy reason and message.
#[test]
fn a_success_policy_by_count_completes_early() {
    let mut s = session();
    let spec = "  completions: 4
  parallelism: 4
  completionMode: Indexed
  successPolicy:
    rules:
    - succeededCount: 2
";
    run(&mut s, &job("quorum", "sleep 1$JOB_COMPLETION_INDEX", spec));
    run(&mut s, "sleep 60s");
    let j = get(&s, "quorum");
    assert_eq!(j.status.completed_indexes.as_deref(), Some("0,1"));
    let (reason, message) = condition(&j, "Complete").expect("complete");
    assert_eq!((reason.as_str(), message.as_str()), ("SuccessPolicy", "Matched rules at index 0"));
    assert!(j.status.completion_time.is_some());
}

/// validation.go `ValidateJobSpecUpdate`: the pod failure policy is immutable.
#[test]
fn a_pod_failure_policy_cannot_be_changed() {
    let mut s = session();
    let policy = "  podFailurePolicy:
    rules:
    - action: Ignore
      onExitCodes: {operator: In, values: [1]}
";
    run(&mut s, &job("fixed", "sleep 600", policy));
    let out = s.run(r#"k patch job fixed --type=json -p '[{"op":"replace","path":"/spec/podFailurePolicy/rules/0/action","value":"Count"}]'"#);
    assert_ne!(out.status, 0);
    assert!(
        out.text().contains("spec.podFailurePolicy: Invalid value: ")
            && out.text().contains("field is immutable"),
        "{}",
        out.text()
    );
}
