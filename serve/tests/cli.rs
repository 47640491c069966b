//! The `kubeloop` binary as a user runs it: exit statuses, transcripts and mission checks.

use std::io::Write;
use std::process::{Command, Stdio};

fn kubeloop(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kubeloop"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn script_file(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("kubeloop-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn run_prints_a_transcript_and_exits_zero_even_when_commands_fail() {
    let (code, out, _) =
        kubeloop(&["run", "-"], "k create deployment web --image=nginx:1.27\nk get pod nope\n");
    assert_eq!(code, 0);
    assert!(
        out.starts_with(
            "$ k create deployment web --image=nginx:1.27\ndeployment.apps/web created\n"
        ),
        "{out}"
    );
    assert!(out.contains("Error from server (NotFound): pods \"nope\" not found"), "{out}");
}

#[test]
fn an_unreadable_script_exits_non_zero() {
    let (code, _, err) = kubeloop(&["run", "/nonexistent/script.sh"], "");
    assert_ne!(code, 0);
    assert!(err.contains("cannot read"), "{err}");
    let (code, _, _) = kubeloop(&["run", "--seed", "x"], "");
    assert_ne!(code, 0);
}

#[test]
fn seeds_change_names_but_not_behaviour() {
    let script =
        "k create deployment web --image=nginx:1.27 --replicas=2\nsettle\nk get pods -o name\n";
    let (_, a, _) = kubeloop(&["run", "--seed", "1"], script);
    let (_, b, _) = kubeloop(&["run", "--seed", "2"], script);
    assert_ne!(a, b);
    assert_eq!(a.lines().count(), b.lines().count());
}

#[test]
fn mission_list_and_check_pass_or_fail_with_exit_status() {
    let (code, out, _) = kubeloop(&["mission", "list"], "");
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 25, "{out}");
    assert!(out.contains("stop-for-real"));

    let good = script_file("good.sh", "k scale deploy/web --replicas=0\n");
    let (code, out, _) = kubeloop(&["mission", "check", "stop-for-real", &good], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("PASS stop-for-real"), "{out}");

    let bad = script_file("bad.sh", "k delete pods -l app=web\n");
    let (code, out, _) = kubeloop(&["mission", "check", "stop-for-real", &bad], "");
    assert_eq!(code, 1);
    assert!(
        out.starts_with("FAIL stop-for-real") && out.contains("Scale the Deployment to 0"),
        "{out}"
    );

    let (code, _, err) = kubeloop(&["mission", "check", "no-such-mission", &good], "");
    assert_eq!(code, 2);
    assert!(err.contains("no mission"), "{err}");
}

#[test]
fn a_teachers_file_starts_from_the_skeleton_and_is_proved_or_refused_with_its_place() {
    let dir = std::env::temp_dir().join(format!("kubeloop-new-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mine.yaml").display().to_string();
    let _ = std::fs::remove_file(&file);
    let (code, out, _) = kubeloop(&["mission", "new", &file], "");
    assert_eq!(code, 0, "{out}");
    let (code, _, err) = kubeloop(&["mission", "new", &file], "");
    assert_eq!(code, 2, "an existing file is never overwritten");
    assert!(err.contains("cannot write"), "{err}");

    // As written, the skeleton is a mission that passes its own proof.
    let (code, out, _) = kubeloop(&["mission", "check", &file], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("ok   my-first-mission: the solution passes all 2 checks"), "{out}");

    // A solution that does not solve it fails, naming the check and what it found.
    let skeleton = std::fs::read_to_string(&file).unwrap();
    let unsolved = skeleton.replace("k scale deploy web --replicas=3", "k get pods");
    let (code, out, _) = kubeloop(&["mission", "check", "-"], &unsolved);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("the worked solution does not pass"), "{out}");
    assert!(out.contains("[ ] three web pods run: found 1 pod matching app=web"), "{out}");

    // A typo is refused at its line and column, with the field's path.
    let typo = dir.join("typo.yaml").display().to_string();
    std::fs::write(&typo, skeleton.replace("    count: 3", "    count: three")).unwrap();
    let (code, _, err) = kubeloop(&["mission", "check", &typo], "");
    assert_eq!(code, 2);
    assert!(err.contains(&format!("{typo}:40:12: checks[0].count: invalid type")), "{err}");

    // A course of built-in and authored missions is proved mission by mission.
    let course = format!(
        "name: week-one\ntitle: Week one\nmissions:\n- stop-for-real\n-\n{}",
        unsolved
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| format!("  {l}\n"))
            .collect::<String>()
    );
    let (code, out, _) = kubeloop(&["mission", "check", "-", "--seed", "7"], &course);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("ok   stop-for-real"), "{out}");
    assert!(
        out.contains("FAIL my-first-mission") && out.ends_with("1 of 2 missions failed\n"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_prompt_runs_piped_lines_and_heredocs() {
    let input = "k create deployment web --image=nginx:1.27\nk get deploy -o name\nk apply -f - <<EOF\napiVersion: v1\nkind: Pod\nmetadata:\n  name: solo\nspec:\n  containers:\n  - name: c\n    image: nginx:1.27\nEOF\nk get pod solo -o name\nk scale --help\n";
    let (code, out, err) = kubeloop(&[], input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("deployment.apps/web created\ndeployment.apps/web\n"), "{out}");
    assert!(out.contains("pod/solo created\npod/solo\n"), "{out}");
    assert!(out.contains("--replicas=''"), "`--help` lists the flags Tab completes: {out}");
}

#[test]
fn show_prints_a_mission_in_a_language_its_file_carries() {
    let (code, out, _) = kubeloop(&["mission", "show", "delete-a-pod", "--lang", "de"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("Lösche einen Pod"), "{out}");
    assert!(out.contains("solution:\nk delete $(k get pods -l app=web"), "commands stay: {out}");
    let (_, english, _) = kubeloop(&["mission", "show", "delete-a-pod", "--lang", "fr"], "");
    assert!(english.starts_with("Delete a pod and watch it come back"), "{english}");
    let (code, _, err) = kubeloop(&["mission", "show", "delete-a-pod", "--lang"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--lang needs a language tag"), "{err}");
}
