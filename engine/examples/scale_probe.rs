//! One-shot scale measurement, for runs too long for criterion: DEPLOYMENTS Deployments of
//! REPLICAS pods each on NODES nodes, created at once and settled until every pod runs. Prints
//! the settle's wall time; then, over one informer resync period of the quiet cluster, the
//! median tick, the resync tick (every loop re-lists what it owns) and the average; and the
//! process's peak memory.
//!
//! `cargo run --profile bench -p kubeloop --example scale_probe -- NODES DEPLOYMENTS REPLICAS`
mod common;

use std::time::Instant;

use kubeloop::kubectl::Mode;
use kubeloop::model::{Pod, PodPhase};
use kubeloop::session::Session;
use kubeloop::world::World;

fn main() {
    let args: Vec<u32> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let (nodes, deployments, replicas) = match args.as_slice() {
        [n, d, r] => (*n, *d, *r),
        [n, r] => (*n, 1, *r),
        _ => (100, 1, 10_000),
    };
    let mut w = World::empty(1);
    w.add_nodes(nodes, 110.max(replicas * deployments / nodes + 10));
    w.settle();
    let mut s = Session::new(w, Mode::Interactive);
    let t = Instant::now();
    for d in 0..deployments {
        s.run(&format!("k create deployment app{d} --image=nginx:1.27 --replicas={replicas}"));
    }
    let r = s.world.settle();
    let settle = t.elapsed();
    let running = s
        .world
        .store
        .list::<Pod>(None, None)
        .filter(|p| p.status.phase == PodPhase::Running)
        .count();
    // Quiet ticks between informer resyncs, then the resync tick itself (every loop re-lists
    // everything it owns), timed one by one.
    let mut quiet = Vec::new();
    let mut resync = std::time::Duration::ZERO;
    let period = (s.world.config.resync_ms / kubeloop::clock::TICK_MS) as usize;
    for _ in 0..period + 1 {
        let t = Instant::now();
        s.world.step();
        let d = t.elapsed();
        if d > resync {
            resync = d;
        }
        quiet.push(d);
    }
    quiet.sort();
    quiet.pop();
    let tick = quiet[quiet.len() / 2];
    let amortized = (quiet.iter().sum::<std::time::Duration>() + resync) / (quiet.len() as u32 + 1);
    println!(
        "nodes={nodes} deployments={deployments} replicas={replicas} running={running} quiet={} \
         settle={:.3}s sim={}s quiet_tick_median={tick:?} resync_tick={resync:?} \
         amortized_tick={amortized:?} peak_rss={}MB",
        r.quiet,
        settle.as_secs_f64(),
        r.elapsed_ms / 1000,
        common::status_mb("VmHWM")
    );
}
