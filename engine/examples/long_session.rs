//! A long session: 24 simulated hours of churn (a Deployment scaled between LOW and HIGH
//! replicas every simulated minute), reporting the process's memory and the engine's bounded
//! logs after the first hour and at the end. Logs are rings, so memory should level off.
//!
//! `cargo run --profile bench -p kubeloop --example long_session -- [HOURS] [LOW] [HIGH]`
mod common;

use std::time::Instant;

use kubeloop::kubectl::Mode;
use kubeloop::model::{Event, Pod};
use kubeloop::session::Session;
use kubeloop::world::World;

fn report(s: &Session, hour: u32, started: Instant) {
    let w = &s.world;
    println!(
        "hour={hour} wall={:.1}s rss={}MB pods={} events={} watch_log={} decisions={} decisions_ever={}",
        started.elapsed().as_secs_f64(),
        common::status_mb("VmRSS"),
        w.store.count::<Pod>(),
        w.store.count::<Event>(),
        w.store.watch.len(),
        w.decisions.len(),
        w.decisions.total()
    );
}

fn main() {
    let args: Vec<u32> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let hours = args.first().copied().unwrap_or(24);
    let (low, high) = (args.get(1).copied().unwrap_or(20), args.get(2).copied().unwrap_or(60));
    let mut s = Session::new(World::new(1), Mode::Interactive);
    s.run(&format!("k create deployment web --image=nginx:1.27 --replicas={low}"));
    let started = Instant::now();
    for hour in 1..=hours {
        for minute in 0..60 {
            let replicas = if minute % 2 == 0 { high } else { low };
            s.run(&format!("k scale deploy/web --replicas={replicas}"));
            s.world.advance(60_000);
        }
        if hour == 1 || hour % 6 == 0 || hour == hours {
            report(&s, hour, started);
        }
    }
}
