use super::*;

fn ctr(image: &str, argv: &[&str]) -> Container {
    let mut c = Container::new("main", image);
    c.command = Some(argv.iter().map(|s| s.to_string()).collect());
    c
}

fn run(image: &str, argv: &[&str]) -> Script {
    script(&ctr(image, argv), None).expect("played out")
}

fn texts(s: &Script) -> Vec<String> {
    s.lines
        .iter()
        .map(|(_, l)| match l {
            Line::Text(t) => t.clone(),
            Line::Date => "<date>".into(),
        })
        .collect()
}

#[test]
fn sleep_runs_then_exits_zero() {
    assert_eq!(run("busybox:1.36", &["sleep", "5"]).exit, Some((5_000, 0)));
    assert_eq!(run("busybox", &["sleep", "1m"]).exit, Some((60_000, 0)));
    assert_eq!(run("busybox", &["sleep", "0.5"]).exit, Some((500, 0)));
    assert_eq!(run("busybox", &["sleep", "infinity"]).exit, None);
}

#[test]
fn a_shell_script_fails_after_its_sleep() {
    let s = run("busybox", &["sh", "-c", "sleep 3; exit 1"]);
    assert_eq!(s.exit, Some((3_000, 1)));
}

#[test]
fn false_fails_at_once_and_echo_prints() {
    assert_eq!(run("alpine", &["false"]).exit, Some((0, 1)));
    let s = run("busybox", &["echo", "hi", "there"]);
    assert_eq!((s.exit, texts(&s)), (Some((0, 0)), vec!["hi there".to_string()]));
}

#[test]
fn and_or_and_exit_codes_follow_the_shell() {
    let s = run("busybox", &["sh", "-c", "false && echo no || echo yes; exit 3"]);
    assert_eq!((texts(&s), s.exit), (vec!["yes".to_string()], Some((0, 3))));
    // The list's status is the last command's.
    assert_eq!(run("busybox", &["sh", "-c", "echo a; false"]).exit, Some((0, 1)));
}

#[test]
fn an_unknown_command_in_a_script_is_not_found() {
    let s = run("busybox", &["sh", "-c", "curl example.com"]);
    assert_eq!((texts(&s), s.exit), (vec!["sh: curl: not found".to_string()], Some((0, 127))));
    let s = run("nginx:1.27", &["sh", "-c", "curl example.com"]);
    assert_eq!(texts(&s), vec!["sh: 1: curl: not found".to_string()]);
}

#[test]
fn an_unknown_executable_fails_to_start() {
    let s = run("busybox", &["bash", "-c", "echo hi"]);
    assert_eq!(s.exit, Some((0, 128)));
    assert!(s.start_error.unwrap().contains("exec: \"bash\": executable file not found in $PATH"));
}

#[test]
fn a_while_loop_repeats_its_body_forever() {
    let s = run("busybox", &["sh", "-c", "echo start; while true; do echo tick; sleep 5; done"]);
    assert_eq!(s.exit, None);
    let lines = s.timeline(12_000);
    let times: Vec<i64> = lines.iter().map(|(t, _)| *t).collect();
    assert_eq!(times, vec![0, 0, 5_000, 10_000]);
}

#[test]
fn a_for_loop_expands_its_variable() {
    let s = run("busybox", &["sh", "-c", "for i in 1 2 3; do echo \"n=$i\"; sleep 1; done"]);
    assert_eq!(texts(&s), vec!["n=1", "n=2", "n=3"]);
    assert_eq!(s.exit, Some((3_000, 0)));
}

#[test]
fn env_values_expand_and_single_quotes_do_not() {
    let mut c = ctr("busybox", &["sh", "-c", "echo $GREETING '$GREETING' ${GREETING}!"]);
    c.env = Some(Box::new(serde_json::json!([{"name": "GREETING", "value": "hello"}])));
    assert_eq!(texts(&script(&c, None).unwrap()), vec!["hello $GREETING hello!"]);
}

#[test]
fn pipes_are_refused_in_so_many_words() {
    let s = run("busybox", &["sh", "-c", "echo hi | wc -l"]);
    assert_eq!(texts(&s), vec!["kubeloop: this simulated shell does not run pipes ('|')"]);
    assert_eq!(s.exit, Some((0, 2)));
}

#[test]
fn perl_computes_pi_after_a_few_seconds() {
    let s = run("perl:5.34.0", &["perl", "-Mbignum=bpi", "-wle", "print bpi(2000)"]);
    let (ms, code) = s.exit.unwrap();
    assert_eq!(code, 0);
    assert!((3_000..10_000).contains(&ms), "{ms}");
    assert!(texts(&s)[0].starts_with("3.14159265358979"));
}

#[test]
fn the_image_server_and_magic_images_keep_their_own_behaviour() {
    assert_eq!(script(&ctr("nginx:1.27", &["nginx", "-g", "daemon off;"]), None), None);
    assert_eq!(script(&ctr("busybox:sleep", &["sleep", "1"]), None), None);
    assert_eq!(script(&Container::new("c", "busybox"), None), None);
    let ImageBehaviour::Runs(p) = container_behaviour(&ctr("busybox", &["sleep", "5"]), None)
    else {
        panic!()
    };
    assert_eq!((p.exits, p.stop_ms), (Some((5_000, 0)), None));
}

#[test]
fn stream_duplication_is_read_and_file_redirections_are_refused() {
    let s = run("busybox", &["sh", "-c", "echo oops >&2; echo both 2>&1; exit 4"]);
    assert_eq!((texts(&s), s.exit), (vec!["oops".to_string(), "both".to_string()], Some((0, 4))));
    let s = run("busybox", &["sh", "-c", "echo hi > /tmp/x"]);
    assert_eq!(
        texts(&s),
        vec!["kubeloop: this simulated shell does not run redirections to files ('<', '>')"]
    );
}

#[test]
fn field_refs_read_the_pods_own_fields() {
    // pkg/kubelet/kubelet_pods.go `makeEnvironmentVariables` resolves a fieldRef through
    // `podFieldSelectorRuntimeValue` before the process starts.
    let mut c = ctr(
        "busybox",
        &["sh", "-c", "echo $POD/$NS $JOB_COMPLETION_INDEX $APP $IP; exit $JOB_COMPLETION_INDEX"],
    );
    let field =
        |path: &str| serde_json::json!({"fieldRef": {"apiVersion": "v1", "fieldPath": path}});
    c.env = Some(Box::new(serde_json::json!([
        {"name": "POD", "valueFrom": field("metadata.name")},
        {"name": "NS", "valueFrom": field("metadata.namespace")},
        {"name": "JOB_COMPLETION_INDEX", "valueFrom": field("metadata.annotations['batch.kubernetes.io/job-completion-index']")},
        {"name": "APP", "valueFrom": field("metadata.labels['app']")},
        {"name": "IP", "valueFrom": field("status.podIP")},
    ])));
    let mut pod = crate::model::Pod::default();
    pod.metadata.name = "work-3-abcde".into();
    pod.metadata.namespace = "default".into();
    pod.metadata.labels.insert("app".into(), "batch".into());
    pod.metadata.annotations.insert("batch.kubernetes.io/job-completion-index".into(), "3".into());
    pod.status.pod_ip = Some("10.244.1.7".into());
    let s = script(&c, Some(&pod)).unwrap();
    assert_eq!(texts(&s), vec!["work-3-abcde/default 3 batch 10.244.1.7"]);
    assert_eq!(s.exit.map(|(_, code)| code), Some(3));
    // Without the pod (no downward API) the variables are empty and the exit is 0.
    assert_eq!(script(&c, None).unwrap().exit.map(|(_, code)| code), Some(0));
}
