//! The engine's scale figures in the browser, for the wasm-to-native ratio in BENCHMARKS.md.
//! A measurement, not a test: it prints and asserts only that the cluster settled. Built only
//! with the `bench` feature:
//! `WASM_BINDGEN_TEST_TIMEOUT=900 cargo test -p kubeloop-web --release --target wasm32-unknown-unknown --features bench --test engine_bench`
//! (the 100,000-pod workloads take minutes in a browser, past the runner's default timeout).
#![cfg(all(target_arch = "wasm32", feature = "bench"))]

use kubeloop::kubectl::Mode;
use kubeloop::session::Session;
use kubeloop::world::World;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn now_ms() -> f64 {
    web_sys::window().unwrap().performance().unwrap().now()
}

#[wasm_bindgen_test]
fn settle_and_quiet_ticks_in_the_browser() {
    // (nodes, Deployments, replicas each): the scale probe's workloads in BENCHMARKS.md.
    for (nodes, deployments, replicas) in
        [(100u32, 1u32, 1_000u32), (100, 1, 10_000), (1_000, 100, 1_000), (100, 1, 100_000)]
    {
        let mut w = World::empty(1);
        w.add_nodes(nodes, 110.max(replicas * deployments / nodes + 10));
        w.settle();
        let mut s = Session::new(w, Mode::Interactive);
        let t = now_ms();
        for d in 0..deployments {
            s.run(&format!("k create deployment app{d} --image=nginx:1.27 --replicas={replicas}"));
        }
        let r = s.world.settle();
        let settle = now_ms() - t;
        assert!(r.quiet);
        let t = now_ms();
        let ticks = 300;
        for _ in 0..ticks {
            s.world.step();
        }
        let tick = (now_ms() - t) / f64::from(ticks);
        console_log!(
            "wasm: nodes={nodes} deployments={deployments} replicas={replicas} settle={:.3}s \
             average_tick_over_a_resync_period={:.3}ms",
            settle / 1000.0,
            tick
        );
    }
}
