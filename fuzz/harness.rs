//! The bodies of the fuzz targets, shared by `fuzz_targets/*` (libFuzzer, coverage-guided)
//! and by `tests/fuzz_corpus.rs`, which replays `fuzz/regressions/` in the normal test run.
//! Each takes arbitrary bytes the way a user, a stored value or a link would supply text, and
//! must neither panic nor leave the cluster broken (debug builds check the store's
//! invariants after every tick).

// Each user of this file calls only some of it.
#![allow(dead_code)]

use kubeloop::kubectl::Mode;
use kubeloop::session::Session;
use kubeloop::world::World;
use kubeloop_web::journal::Journal;
use kubeloop_web::sim::Sim;

/// Restores only journals that replay at most this much simulated time, so one input stays
/// fast; longer replays are the same commands the command-line target already covers.
const MAX_FUZZ_REPLAY_MS: i64 = 60_000;

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// A session with a Deployment running, as the page has after the lesson's first command.
fn busy_session() -> Session {
    let mut s = Session::new(World::new(1), Mode::Interactive);
    s.run("k create deployment web --image=nginx:1.27 --replicas=2");
    s.world.advance(5_000);
    s
}

/// Afterwards the cluster still answers and still heals.
fn still_works(s: &mut Session) {
    if s.watching() {
        s.poll_watch();
        s.stop_watch();
    }
    s.world.advance(2_000);
    let out = s.run("k get deploy,rs,pods -A -o wide");
    assert!(out.status == 0, "the cluster stopped answering: {}", out.text());
}

/// The command line: shell, kubectl parser and executor, against a live cluster.
pub fn command_line(data: &[u8]) {
    let mut s = busy_session();
    let _ = s.run(&text(data)).text();
    still_works(&mut s);
}

/// The YAML/JSON manifest loader, through `k apply -f -` as a paste or a drop uses it.
pub fn manifest(data: &[u8]) {
    let mut s = busy_session();
    let _ = s.run(&heredoc("k apply -f -", &text(data))).text();
    still_works(&mut s);
}

/// Writes `text` as a heredoc body on stdin, with a terminator the text does not contain.
fn heredoc(command: &str, text: &str) -> String {
    let delim = (0..)
        .map(|i| format!("FUZZ_EOF_{i}"))
        .find(|d| !text.lines().any(|l| l.trim() == d))
        .unwrap_or_default();
    format!("{command} <<{delim}\n{text}\n{delim}")
}

/// A patch body, read from stdin as `--patch-file=/dev/stdin` reads it. The first byte picks
/// the patch type and the target (a Deployment, its first pod, the scale or status
/// subresource), so one corpus reaches strategic merge, JSON merge and JSON patch.
pub fn patch_body(data: &[u8]) {
    let Some((&pick, body)) = data.split_first() else { return };
    let kind = ["strategic", "merge", "json"][usize::from(pick % 3)];
    let target = match (pick / 3) % 4 {
        0 => "deploy web",
        1 => "deploy web --subresource=scale",
        2 => "deploy web --subresource=status",
        _ => "$(k get pods -o name | head -1)",
    };
    let mut s = busy_session();
    let line = format!("k patch {target} --type={kind} --patch-file=/dev/stdin");
    let _ = s.run(&heredoc(&line, &text(body))).text();
    still_works(&mut s);
}

/// A Go template, read from stdin as `-o go-template-file=/dev/stdin` reads it, over a list
/// of Deployments, ReplicaSets and Pods (kubectl's `List` wrapper) or, by the first byte, one
/// Deployment.
pub fn go_template(data: &[u8]) {
    let Some((&pick, body)) = data.split_first() else { return };
    let target = if pick % 2 == 0 { "deploy,rs,pods" } else { "deploy web" };
    let mut s = busy_session();
    let line = format!("k get {target} -o go-template-file=/dev/stdin");
    let _ = s.run(&heredoc(&line, &text(body))).text();
    still_works(&mut s);
}

/// A share link's fragment: decoded, and replayed when it is a short session.
pub fn share_link(data: &[u8]) {
    if let Ok(journal) = Journal::decode_link(&text(data)) {
        restore(&journal);
    }
}

/// The saved-state loader: the session journal and the progress list, as read back from
/// localStorage.
pub fn saved_state(data: &[u8]) {
    let value = text(data);
    let _ = kubeloop_web::storage::decode_done(&value);
    let courses = vec![("c".to_string(), vec!["stop-for-real".to_string()])];
    let _ = kubeloop_web::storage::migrate_done(&value, &courses);
    if let Ok(journal) = Journal::decode(&value) {
        restore(&journal);
    }
}

fn restore(journal: &Journal) {
    if journal.replay_until() <= MAX_FUZZ_REPLAY_MS {
        let mut sim = Sim::restore(journal);
        sim.tick(1_000.0);
        still_works(&mut sim.session);
    }
}

/// A teacher's mission or course file, as a drop, a paste, `?mission=` or `k mission load`
/// hands it to the page: read, and when it reads, each of its first missions started and
/// checked, as a learner would, and proved as `kubeloop mission check` proves it.
pub fn mission_file(data: &[u8]) {
    let text = text(data);
    let missions = match kubeloop::mission::read(&text) {
        Ok(kubeloop::mission::Document::Mission(m)) => vec![m],
        Ok(kubeloop::mission::Document::Course(c)) => c.missions,
        Err(e) => {
            assert!(!e.message.is_empty(), "an error says what is wrong");
            return;
        }
    };
    let mut sim = Sim::new(1);
    sim.run_command(&kubeloop_web::sim::load_line(&text));
    for m in missions.iter().take(2) {
        sim.start_mission(&m.name);
        sim.tick(1_000.0);
        sim.check_mission();
        still_works(&mut sim.session);
    }
}
