//! Quick timing probe (not a benchmark): one big Deployment, settled.
use std::time::Instant;

use kubeloop::kubectl::{Mode, Session};
use kubeloop::world::World;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let nodes: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let replicas: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let mut w = World::empty(1);
    w.add_nodes(nodes, 110);
    w.settle();
    let mut s = Session::new(w, Mode::Script);
    let t = Instant::now();
    s.run(&format!("k create deployment web --image=nginx:1.27 --replicas={replicas}"));
    let r = s.world.settle();
    println!(
        "settle: {:?} sim={}ms quiet={} pods={}",
        t.elapsed(),
        r.elapsed_ms,
        r.quiet,
        s.world.store.count::<kubeloop::model::Pod>()
    );
    let t = Instant::now();
    for _ in 0..100 {
        s.world.step();
    }
    println!("quiet tick: {:?}", t.elapsed() / 100);
}
