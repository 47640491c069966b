//! Engine benchmarks (criterion): settling a new Deployment, a tick of a quiet cluster, and a
//! 1,000-pod rollout with and without a Service (so the endpoint loops' share shows), and
//! read-only commands at 1,000 pods.
//! The very large runs (10,000 to 100,000 pods, 1,000 nodes) take seconds each and are
//! measured once by `examples/scale_probe.rs`; see BENCHMARKS.md for both.
//!
//! Run: `cargo bench -p kubeloop --bench engine`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

use kubeloop::kubectl::Mode;
use kubeloop::model::{ObjectMeta, Service, ServicePort, ServiceSpec};
use kubeloop::session::Session;
use kubeloop::world::World;

/// An empty cluster of `nodes` nodes, each taking 110 pods.
fn cluster(nodes: u32) -> Session {
    let mut w = World::empty(1);
    w.add_nodes(nodes, 110);
    w.settle();
    Session::new(w, Mode::Interactive)
}

/// A Service selecting the pods of `k create deployment web`.
fn web_service() -> Service {
    let spec = ServiceSpec {
        selector: [("app".to_string(), "web".to_string())].into(),
        ports: vec![ServicePort { port: 80, ..Default::default() }],
        ..Default::default()
    };
    Service::new(ObjectMeta { name: "web".into(), ..Default::default() }, spec)
}

/// 1,000 settled pods on 100 nodes, behind a Service or not.
fn thousand(service: bool) -> Session {
    let mut s = cluster(100);
    s.run("k create deployment web --image=nginx:1.27 --replicas=1000");
    if service {
        s.world.create(web_service()).expect("a valid Service");
    }
    assert!(s.world.settle().quiet);
    s
}

fn rollout(c: &mut Criterion) {
    let mut g = c.benchmark_group("rollout");
    g.sample_size(10);
    for service in [false, true] {
        let name = if service { "1000 pods behind a Service" } else { "1000 pods" };
        // The rollout's length in ticks, to turn the time per rollout into time per tick.
        let mut s = thousand(service);
        s.run("k set image deploy/web nginx=nginx:1.28");
        let settled = s.world.settle();
        assert!(settled.quiet);
        eprintln!("rollout/{name}: {} ticks", settled.elapsed_ms / kubeloop::clock::TICK_MS);
        g.bench_function(name, |b| {
            b.iter_batched(
                || thousand(service),
                |mut s| {
                    s.run("k set image deploy/web nginx=nginx:1.28");
                    assert!(s.world.settle().quiet);
                    s
                },
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
}

fn settle(c: &mut Criterion) {
    let mut g = c.benchmark_group("settle");
    g.sample_size(10);
    for replicas in [100u32, 1_000] {
        g.bench_function(format!("{replicas} pods on 100 nodes"), |b| {
            b.iter_batched(
                || cluster(100),
                |mut s| {
                    s.run(&format!(
                        "k create deployment web --image=nginx:1.27 --replicas={replicas}"
                    ));
                    assert!(s.world.settle().quiet);
                    s
                },
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
}

fn quiet_tick(c: &mut Criterion) {
    let mut g = c.benchmark_group("quiet tick");
    for pods in [1_000u32, 5_000] {
        let mut s = cluster(100);
        s.run(&format!("k create deployment web --image=nginx:1.27 --replicas={pods}"));
        assert!(s.world.settle().quiet);
        g.bench_function(format!("{pods} pods"), |b| b.iter(|| s.world.step()));
    }
    let mut s = thousand(true);
    g.bench_function("1000 pods behind a Service", |b| b.iter(|| s.world.step()));
    g.finish();
}

/// Read-only commands at 1,000 pods: what one line costs the page when kubectl asks the API
/// (a Table for `get`, the object, its pods and events for `describe`).
fn commands(c: &mut Criterion) {
    let mut g = c.benchmark_group("command at 1000 pods");
    let mut s = thousand(false);
    for line in ["k get pods", "k get pods -o wide", "k describe deploy web"] {
        g.bench_function(line, |b| {
            b.iter(|| {
                let out = s.run(line);
                assert_eq!(out.status, 0);
                out
            })
        });
    }
    g.finish();
}

criterion_group!(benches, settle, quiet_tick, rollout, commands);
criterion_main!(benches);
