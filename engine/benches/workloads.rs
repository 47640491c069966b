//! Workload benchmarks (criterion): a DaemonSet over 1,000 nodes, and a Job of 1,000
//! completions, each from creation until `settle()` returns.
//!
//! Run: `cargo bench -p kubeloop --bench workloads`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};

use kubeloop::model::*;
use kubeloop::world::World;

fn labels(app: &str) -> Labels {
    [("app".to_string(), app.to_string())].into()
}

fn template(app: &str, image: &str) -> PodTemplateSpec {
    PodTemplateSpec {
        metadata: ObjectMeta { labels: labels(app), ..Default::default() },
        spec: PodSpec { containers: vec![Container::new("c", image)].into(), ..Default::default() },
    }
}

fn meta(name: &str) -> ObjectMeta {
    ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() }
}

/// An empty cluster of `nodes` nodes, each taking 110 pods.
fn cluster(nodes: u32) -> World {
    let mut w = World::empty(1);
    w.add_nodes(nodes, 110);
    w.settle();
    w
}

fn daemonset() -> DaemonSet {
    let spec = DaemonSetSpec {
        selector: LabelSelector { match_labels: labels("agent"), ..Default::default() },
        template: template("agent", "nginx:1.27"),
        ..Default::default()
    };
    DaemonSet { metadata: meta("agent"), spec, ..Default::default() }
}

/// 1,000 completions, 100 at a time, each pod running `sleep 1`.
fn job() -> Job {
    let mut t = template("batch", "busybox:1.36");
    t.spec.containers[0].command = Some(vec!["sleep".into(), "1".into()]);
    t.spec.restart_policy = Some("Never".into());
    let spec = JobSpec {
        completions: Some(1_000),
        parallelism: Some(100),
        template: t,
        ..Default::default()
    };
    Job { metadata: meta("batch"), spec, ..Default::default() }
}

fn settle(c: &mut Criterion) {
    let mut g = c.benchmark_group("workloads");
    g.sample_size(10);
    {
        let mut w = cluster(1_000);
        w.create(daemonset()).expect("a valid DaemonSet");
        let settled = w.settle();
        assert!(settled.quiet);
        let ds = w.store.get::<DaemonSet>("default", "agent").expect("kept");
        assert_eq!(ds.status.number_ready, 1_000);
        eprintln!(
            "daemonset on 1000 nodes: {} ticks",
            settled.elapsed_ms / kubeloop::clock::TICK_MS
        );
    }
    g.bench_function("a DaemonSet on 1000 nodes settles", |b| {
        b.iter_batched(
            || cluster(1_000),
            |mut w| {
                w.create(daemonset()).expect("a valid DaemonSet");
                assert!(w.settle().quiet);
                w
            },
            BatchSize::PerIteration,
        )
    });
    {
        let mut w = cluster(100);
        w.create(job()).expect("a valid Job");
        let settled = w.settle();
        assert!(settled.quiet);
        let j = w.store.get::<Job>("default", "batch").expect("kept");
        assert_eq!(j.status.succeeded, 1_000, "{:?}", j.status);
        eprintln!(
            "job of 1000 completions: {} ticks",
            settled.elapsed_ms / kubeloop::clock::TICK_MS
        );
    }
    g.bench_function("a Job of 1000 completions on 100 nodes settles", |b| {
        b.iter_batched(
            || cluster(100),
            |mut w| {
                w.create(job()).expect("a valid Job");
                assert!(w.settle().quiet);
                w
            },
            BatchSize::PerIteration,
        )
    });
    g.finish();
}

criterion_group!(benches, settle);
criterion_main!(benches);
