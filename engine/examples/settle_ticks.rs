//! Where a settle's time goes, tick by tick: one Deployment of REPLICAS pods on 100 nodes,
//! and for each tick its wall time and how many writes it made. A tick's cost that stays high
//! while its writes fall to a handful is work proportional to the cluster, not to change.
//! With `rollout`, the Deployment settles first and the ticks timed are those of a rolling
//! update (`k set image`), as the page benchmark drives it. Each line also gives the longest
//! piece of the tick that cannot be cut (the tick's start, or one reconcile): the page slices
//! ticks between reconciles, so that piece is the least a frame can take.
//!
//! `cargo run --profile bench -p kubeloop --example settle_ticks -- REPLICAS [rollout]`
//! (`NODES=50` in the environment for another number of nodes; 100 by default).
use kubeloop::kubectl::Mode;
use kubeloop::session::Session;
use kubeloop::world::World;
use std::time::Instant;
fn main() {
    let r: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10000);
    let rollout = std::env::args().nth(2).as_deref() == Some("rollout");
    let mut w = World::empty(1);
    let nodes: u32 = std::env::var("NODES").ok().and_then(|n| n.parse().ok()).unwrap_or(100);
    w.add_nodes(nodes, 110.max(r / nodes + 10));
    w.settle();
    let mut s = Session::new(w, Mode::Interactive);
    s.run(&format!("k create deployment app --image=nginx:1.27 --replicas={r}"));
    if rollout {
        s.world.settle();
        s.run("k set image deploy/app nginx=nginx:1.28");
    }
    let mut total = 0.0;
    for i in 0..if rollout { 400 } else { 60 } {
        let rv0 = s.world.store.resource_version();
        let t = Instant::now();
        let (mut last, mut piece) = (t, 0.0f64);
        s.world.step_until(|| {
            let now = Instant::now();
            piece = piece.max((now - last).as_secs_f64() * 1000.0);
            last = now;
            false
        });
        let d = t.elapsed().as_secs_f64() * 1000.0;
        piece = piece.max((Instant::now() - last).as_secs_f64() * 1000.0);
        total += d;
        let writes = s.world.store.resource_version() - rv0;
        if writes > 0 || d > 1.0 {
            println!("tick {i}: {d:.1} ms, {writes} writes, longest piece {piece:.1} ms");
        }
    }
    println!("total {total:.0} ms");
}
