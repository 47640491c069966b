use crate::api::client::{Call, Verb};
use crate::kubectl::Mode;
use crate::model::Kind;
use crate::session::Session;

/// The page's session over a new cluster: waits and follows stay pending as time moves.
fn page(seed: u64) -> Session {
    let mut s = Session::script(seed);
    s.mode = Mode::Interactive;
    s
}

/// A DELETE of the pod sent beside the command line, which a pending follow must outlive.
fn delete_pod(s: &mut Session, name: &str) {
    let mut call = Call::get(Kind::Pod, "default", name);
    call.verb = Verb::Delete;
    assert!([200, 202].contains(&s.api().send(&call).code), "a graceful delete is accepted");
}

fn ok(s: &mut Session, line: &str) -> String {
    let out = s.run(line);
    assert_eq!(out.status, 0, "{line}: {}", out.text());
    out.text()
}

fn pod(s: &mut Session, name: &str, containers: &str) {
    ok(
        s,
        &format!(
            "k apply -f - <<EOF\napiVersion: v1\nkind: Pod\nmetadata: {{name: {name}}}\nspec:\n  containers:\n{containers}EOF"
        ),
    );
}

const PROBED_NGINX: &str =
    "  - name: web\n    image: nginx:1.27\n    readinessProbe: {httpGet: {port: 80}, periodSeconds: 5}\n";

#[test]
fn follow_in_the_page_prints_each_probe_request_as_time_moves_and_ends_with_the_container() {
    let mut s = page(3);
    pod(&mut s, "web", PROBED_NGINX);
    ok(&mut s, "sleep 10s");
    let first = ok(&mut s, "k logs web -f --tail=1");
    assert_eq!(first.lines().count(), 1, "{first}");
    let waiting = s.waiting().expect("-f keeps following");
    assert!(waiting.watch);
    let mut streamed = String::new();
    for _ in 0..100 {
        s.step();
        streamed.push_str(&s.poll_watch().text());
    }
    // Ten seconds: two more probe requests.
    assert_eq!(streamed.matches("\"GET / HTTP/1.1\" 200 615").count(), 2, "{streamed}");
    delete_pod(&mut s, "web");
    let mut tail = String::new();
    for _ in 0..50 {
        s.step();
        tail.push_str(&s.poll_watch().text());
    }
    assert!(tail.contains("[notice] 1#1: signal 3 (SIGQUIT) received, shutting down"), "{tail}");
    assert!(s.waiting().is_none(), "the stream ended with the container");
}

#[test]
fn several_containers_default_to_the_first_and_all_containers_prints_each() {
    let mut s = Session::script(3);
    pod(
        &mut s,
        "duo",
        "  - name: web\n    image: nginx:1.27\n  - name: cache\n    image: redis:7.4\n",
    );
    ok(&mut s, "settle");
    let out = s.run("k logs duo --tail=1");
    assert_eq!(out.status, 0);
    assert!(
        out.text().starts_with("Defaulted container \"web\" out of: web, cache\n"),
        "{}",
        out.text()
    );
    let all = ok(&mut s, "k logs duo --all-containers");
    assert!(all.contains("nginx/1.27.0") && all.contains("Redis version=7.4.0"), "{all}");
    let cache = ok(&mut s, "k logs duo cache --tail=1");
    assert!(cache.ends_with("* Ready to accept connections tcp\n"), "{cache}");
    let out = s.run("k logs duo -c web --all-containers");
    assert_eq!(
        out.text(),
        "error: --all-containers=true should not be specified with container name web\n"
    );
}

#[test]
fn the_kubelets_refusals_come_back_as_bad_requests() {
    let mut s = Session::script(3);
    pod(&mut s, "web", PROBED_NGINX);
    ok(&mut s, "sleep 600ms");
    let out = s.run("k logs web");
    assert_eq!(
        out.text(),
        "Error from server (BadRequest): container \"web\" in pod \"web\" is waiting to start: ContainerCreating\n"
    );
    ok(&mut s, "settle");
    let out = s.run("k logs web -p");
    assert_eq!(
        out.text(),
        "Error from server (BadRequest): previous terminated container \"web\" in pod \"web\" not found\n"
    );
    let out = s.run("k logs web --tail=-2");
    assert_eq!(out.text(), "error: --tail must be greater than or equal to -1\n");
}

#[test]
fn the_same_seed_and_commands_give_the_same_logs() {
    let run = || {
        let mut s = Session::script(9);
        ok(&mut s, "k create deployment web --image=nginx:1.27 --replicas=3");
        ok(&mut s, "settle");
        ok(&mut s, "sleep 30s");
        ok(&mut s, "k logs deploy/web --timestamps")
    };
    assert_eq!(run(), run());
}

#[test]
fn ctrl_c_ends_a_follow_with_kubectls_interrupt_status() {
    let mut s = page(3);
    pod(&mut s, "web", PROBED_NGINX);
    ok(&mut s, "sleep 10s");
    ok(&mut s, "k logs web -f");
    assert!(s.waiting().is_some());
    let out = s.interrupt();
    assert_eq!(out.status, 1);
    assert!(s.waiting().is_none());
}

#[test]
fn following_all_containers_interleaves_their_new_lines() {
    let mut s = page(3);
    let both = "  - name: web\n    image: nginx:1.27\n    readinessProbe: {httpGet: {port: 80}, periodSeconds: 5}\n  - name: cache\n    image: redis:7.4\n";
    pod(&mut s, "duo", both);
    ok(&mut s, "sleep 10s");
    ok(&mut s, "k logs duo --all-containers -f");
    assert_eq!(s.waiting().unwrap().what, "following the logs of pod/duo");
    delete_pod(&mut s, "duo");
    let mut tail = String::new();
    for _ in 0..50 {
        s.step();
        tail.push_str(&s.poll_watch().text());
    }
    assert!(tail.contains("signal 3 (SIGQUIT)") && tail.contains("bye bye"), "{tail}");
    assert!(s.waiting().is_none(), "both streams ended");
}
