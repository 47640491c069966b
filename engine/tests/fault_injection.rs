//! Fault injection at scale: 1,000 pods across ten Deployments churn (scaling, rollouts,
//! pod deletions) while loops are stopped and started at random, watch events are lost and
//! nodes fail and recover. When the faults stop, the cluster must converge: the same checks
//! as the property tests (`common::converged`). Every seed is deterministic, so a failure
//! names the seed that reproduces it.
//!
//! The normal test run tries `FAULT_SEEDS` seeds (default 3); RELIABILITY.md records a longer
//! sweep: `FAULT_SEEDS=100 cargo test --release -p kubeloop --test fault_injection`.

mod common;

use kubeloop::controllers::ControllerName;
use kubeloop::kubectl::Mode;
use kubeloop::model::Pod;
use kubeloop::rng::SimRng;
use kubeloop::session::Session;
use kubeloop::world::{RunState, World};

const APPS: usize = 10;
const NODES: u32 = 12;

/// Ten Deployments of 100 pods on twelve nodes, settled.
fn cluster(seed: u64) -> Session {
    let mut w = World::empty(seed);
    w.add_nodes(NODES, 110);
    let mut s = Session::new(w, Mode::Interactive);
    for a in 0..APPS {
        let out = s.run(&format!("k create deployment app{a} --image=nginx:1.27 --replicas=100"));
        assert_eq!(out.status, 0, "{}", out.text());
    }
    assert!(s.world.settle().quiet);
    s
}

/// One random fault or change, as a command where there is one.
fn churn(s: &mut Session, rng: &mut SimRng) {
    let app = rng.below(APPS as u32);
    let node = 1 + rng.below(NODES);
    let line = match rng.below(10) {
        0 | 1 => format!("k scale deploy/app{app} --replicas={}", 50 + rng.below(101)),
        2 => format!("k set image deploy/app{app} nginx=nginx:1.{}", 25 + rng.below(4)),
        3 => {
            let pods: Vec<String> = s
                .world
                .store
                .list::<Pod>(Some("default"), None)
                .map(|p| p.metadata.name.clone())
                .collect();
            let start = rng.below(pods.len().max(1) as u32) as usize;
            let victims: Vec<&String> = pods.iter().skip(start).take(20).collect();
            if victims.is_empty() {
                return;
            }
            format!(
                "k delete pod --wait=false {}",
                victims.iter().map(|v| v.as_str()).collect::<Vec<_>>().join(" ")
            )
        }
        4 => format!(
            "controller stop {}",
            ControllerName::ALL[rng.below(ControllerName::ALL.len() as u32) as usize].short()
        ),
        5 => format!(
            "controller start {}",
            ControllerName::ALL[rng.below(ControllerName::ALL.len() as u32) as usize].short()
        ),
        6 => format!("events drop {}", 1 + rng.below(200)),
        7 => format!("node fail node-{node}"),
        8 => format!("node recover node-{node}"),
        _ => format!("sleep {}ms", 100 + rng.below(5_000)),
    };
    let _ = s.run(&line);
}

/// Faults stop: every loop runs and every node reports again.
fn heal(s: &mut Session) {
    for c in ControllerName::ALL {
        s.world.set_controller(c, RunState::Running);
    }
    for n in 1..=NODES {
        let _ = s.world.recover_node(&format!("node-{n}"));
    }
}

fn run_seed(seed: u64) -> Result<(), String> {
    let mut s = cluster(seed);
    let mut rng = SimRng::new(seed ^ 0x5eed);
    for _ in 0..60 {
        churn(&mut s, &mut rng);
        s.world.advance(500);
    }
    heal(&mut s);
    let settled = s.world.settle_within(30 * 60 * 1000);
    if !settled.quiet {
        return Err(format!("seed {seed}: still busy after 30 simulated minutes"));
    }
    common::converged(&s.world).map_err(|e| format!("seed {seed}: {e}"))?;
    s.world.store.check_invariants().map_err(|e| format!("seed {seed}: {e}"))
}

#[test]
fn a_thousand_churning_pods_converge_after_random_faults() {
    let seeds: u64 = std::env::var("FAULT_SEEDS").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    let failures: Vec<String> = (0..seeds).filter_map(|seed| run_seed(seed).err()).collect();
    println!("fault injection: {seeds} seeds tried, {} failed", failures.len());
    assert!(failures.is_empty(), "{failures:#?}");
}
