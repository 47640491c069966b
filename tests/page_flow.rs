//! The page's logic without a browser: the session, the view model and the inspector driven
//! through the lesson's first scene, tick by tick, as the timer would.
#![cfg(not(target_arch = "wasm32"))]

use kubeloop::model::{Kind, Pod};
use kubeloop_web::selection::{Action, Cascade, ObjRef};
use kubeloop_web::sim::Sim;
use kubeloop_web::view::{build, LayoutMemory};

#[test]
fn deleting_a_selected_pod_leaves_three_running_and_no_ghost() {
    let mut sim = Sim::new(1);
    let mut memory = LayoutMemory::default();
    memory.set_width(950.0);
    let mut real = 0.0;
    let mut frame = |sim: &mut Sim, memory: &mut LayoutMemory| {
        sim.tick(100.0);
        real += 100.0;
        if memory.needs_build(sim.world(), real) {
            Some(build(sim.world(), memory, real))
        } else {
            None
        }
    };
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=3");
    let mut view = None;
    for _ in 0..50 {
        view = frame(&mut sim, &mut memory).or(view);
    }
    let pods: Vec<String> =
        sim.world().store.list::<Pod>(None, None).map(|p| p.metadata.name.clone()).collect();
    assert_eq!(pods.len(), 3);
    let victim = ObjRef::new(Kind::Pod, "default", &pods[0]);
    assert!(view.as_ref().unwrap().find(&victim).is_some());
    assert!(kubeloop_web::inspect::inspect(sim.world(), &victim).is_some());

    sim.run_action(&Action::Delete { target: victim.clone(), cascade: Cascade::Background });
    for _ in 0..100 {
        view = frame(&mut sim, &mut memory).or(view);
        let _ = kubeloop_web::inspect::inspect(sim.world(), &victim);
    }
    let view = view.unwrap();
    assert!(view.find(&victim).is_none(), "the deleted pod is gone from the drawing");
    let now: Vec<String> =
        sim.world().store.list::<Pod>(None, None).map(|p| p.metadata.name.clone()).collect();
    assert_eq!(now.len(), 3);
    assert!(!now.contains(&victim.name));
    for name in &now {
        assert!(view.find(&ObjRef::new(Kind::Pod, "default", name)).is_some(), "{name} is drawn");
    }
    assert!(kubeloop_web::inspect::inspect(sim.world(), &victim).is_none());
}
