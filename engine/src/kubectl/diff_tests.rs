use super::*;
use crate::kubectl::dry_run::tests::cluster_version;
use crate::session::Session;

const WEB: &str = "apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: REPLICAS
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx
";

fn diff_of(s: &mut Session, replicas: u32) -> Output {
    let manifest = WEB.replace("REPLICAS", &replicas.to_string());
    s.run(&format!("k diff -f - <<EOF\n{manifest}EOF"))
}

#[test]
fn no_differences_is_status_0_and_silence() {
    let mut s = Session::script(1);
    let manifest = WEB.replace("REPLICAS", "2");
    assert_eq!(s.run(&format!("k apply -f - <<EOF\n{manifest}EOF")).status, 0);
    let out = diff_of(&mut s, 2);
    assert_eq!((out.status, out.text()), (0, String::new()));
}

#[test]
fn a_change_shows_the_merged_spec_and_generation_and_writes_nothing() {
    let mut s = Session::script(1);
    let manifest = WEB.replace("REPLICAS", "2");
    s.run(&format!("k apply -f - <<EOF\n{manifest}EOF"));
    let rv = cluster_version(&mut s);
    let out = diff_of(&mut s, 5);
    assert_eq!(out.status, 1);
    let text = out.text();
    assert!(text.starts_with("diff -u -N /tmp/LIVE-"), "{text}");
    assert!(text.contains("/apps.v1.Deployment.default.web /tmp/MERGED-"), "{text}");
    assert!(text.contains("\n-  generation: 1\n+  generation: 2\n"), "{text}");
    assert!(text.contains("\n-  replicas: 2\n+  replicas: 5\n"), "{text}");
    assert_eq!(cluster_version(&mut s), rv);
    // The same script names the same directories.
    assert_eq!(diff_of(&mut s, 5).text(), text);
}

#[test]
fn a_new_object_diffs_against_an_empty_live_file() {
    let mut s = Session::script(1);
    let out = diff_of(&mut s, 1);
    assert_eq!(out.status, 1);
    let text = out.text();
    assert!(text.contains("\n@@ -0,0 +1,"), "{text}");
    assert!(text.contains("\n+kind: Deployment\n"), "{text}");
    assert_eq!(s.run("k get deploy").text(), "No resources found in default namespace.\n");
}

#[test]
fn errors_exit_2() {
    let mut s = Session::script(1);
    for (line, want) in [
        ("k diff", "error: must specify one of -f and -k\n"),
        (
            "k diff -f - --frob",
            "error: unknown flag: --frob\nSee 'kubectl diff -h' for help and examples\n",
        ),
        (
            "k diff x -f -",
            "error: Unexpected args: [x]\nSee 'kubectl diff -h' for help and examples\n",
        ),
    ] {
        let out = s.run(line);
        assert_eq!((out.status, out.text().as_str()), (2, want), "{line}");
    }
    assert_eq!(s.run("k diff -f web.yaml").status, 2);
}

#[test]
fn directory_names_and_timestamps_follow_the_clock() {
    assert_eq!(
        diff_timestamp(Time::from_secs(5).plus_millis(250)),
        "2025-01-01 00:00:05.250000000 +0000"
    );
    assert_ne!(temp_suffix("LIVE", Time::ZERO, 1), temp_suffix("MERGED", Time::ZERO, 1));
}
