//! Where a settle's time goes, tick by tick: one Deployment of REPLICAS pods on 100 nodes,
//! and for each tick its wall time and how many writes it made. A tick's cost that stays high
//! while its writes fall to a handful is work proportional to the cluster, not to change.
//!
//! `cargo run --profile bench -p kubeloop --example settle_ticks -- REPLICAS`
use kubeloop::kubectl::{Mode, Session};
use kubeloop::world::World;
use std::time::Instant;
fn main() {
    let r: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10000);
    let mut w = World::empty(1);
    w.add_nodes(100, 110.max(r / 100 + 10));
    w.settle();
    let mut s = Session::new(w, Mode::Interactive);
    s.run(&format!("k create deployment app --image=nginx:1.27 --replicas={r}"));
    let mut total = 0.0;
    for i in 0..60 {
        let rv0 = s.world.store.resource_version();
        let t = Instant::now();
        s.world.step();
        let d = t.elapsed().as_secs_f64() * 1000.0;
        total += d;
        let writes = s.world.store.resource_version() - rv0;
        if writes > 0 || d > 1.0 {
            println!("tick {i}: {d:.1} ms, {writes} writes");
        }
    }
    println!("total {total:.0} ms");
}
