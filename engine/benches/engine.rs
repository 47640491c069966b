//! Engine benchmarks (criterion): settling a new Deployment, and a tick of a quiet cluster.
//! The very large runs (10,000 to 100,000 pods, 1,000 nodes) take seconds each and are
//! measured once by `examples/scale_probe.rs`; see BENCHMARKS.md for both.
//!
//! Run: `cargo bench -p kubeloop --bench engine`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

use kubeloop::kubectl::{Mode, Session};
use kubeloop::world::World;

/// An empty cluster of `nodes` nodes, each taking 110 pods.
fn cluster(nodes: u32) -> Session {
    let mut w = World::empty(1);
    w.add_nodes(nodes, 110);
    w.settle();
    Session::new(w, Mode::Interactive)
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
    g.finish();
}

criterion_group!(benches, settle, quiet_tick);
criterion_main!(benches);
