//! The layout's choices: pod cards per row, and the form a room gets.

use super::super::form::{SHORT_POD_H, STRIP_H};
use super::super::width_for;
use super::*;
use crate::view::Rect;

fn one_tree(pods: usize) -> Shape {
    Shape { trees: vec![vec![Some(pods)]], ..Shape::default() }
}

fn tall() -> Metrics {
    Form::Tall.metrics()
}

#[test]
fn a_wide_room_gets_pods_side_by_side_and_a_tall_one_stacks_them() {
    let shape = one_tree(12);
    let wide = choose_columns(&shape, &tall(), 1600.0, 500.0, 0);
    let narrow = choose_columns(&shape, &tall(), 600.0, 1400.0, 0);
    assert!(wide >= 5, "{wide}");
    assert!(narrow <= 2, "{narrow}");
    // Either way the drawing's shape is close to the room's.
    for (c, w, h) in [(wide, 1600.0, 500.0), (narrow, 600.0, 1400.0)] {
        let (sx, sy) = (w / width_for(c), h / shape.height(&tall(), c));
        assert!(sx.min(sy) / sx.max(sy) > 0.5, "{c}: {sx} {sy}");
    }
}

#[test]
fn no_more_columns_than_pods_and_no_reflow_for_a_small_gain() {
    assert_eq!(choose_columns(&one_tree(2), &tall(), 4000.0, 300.0, 0), 2);
    // A summary block needs two cards' width for its counts, however tall the room.
    let summarised = Shape { trees: vec![vec![None]], ..Shape::default() };
    assert_eq!(choose_columns(&summarised, &tall(), 300.0, 3000.0, 1), 2);
    let shape = one_tree(12);
    let best = choose_columns(&shape, &tall(), 1600.0, 700.0, 0);
    for near in [best - 1, best + 1] {
        let fill = |c| (1600.0 / width_for(c)).min(700.0 / shape.height(&tall(), c));
        if fill(best) <= fill(near) * REFLOW_GAIN {
            assert_eq!(choose_columns(&shape, &tall(), 1600.0, 700.0, near), near, "kept {near}");
        }
    }
}

fn web(replicas: usize) -> kubeloop::world::World {
    use kubeloop::kubectl::Mode;
    use kubeloop::session::Session;
    let mut s = Session::new(kubeloop::world::World::new(1), Mode::Script);
    let line = format!("k create deployment web --image=nginx:1.27 --replicas={replicas}");
    assert_eq!(s.run(&line).status, 0);
    s.world.settle();
    s.world
}

/// A Deployment of three caught mid-rollout: the new ReplicaSet scaled up to three, the old
/// one not yet down, as a paused rollout shows it.
fn rollout() -> kubeloop::world::World {
    use kubeloop::kubectl::Mode;
    use kubeloop::session::Session;
    let mut s = Session::new(web(3), Mode::Script);
    for line in [
        "k rollout pause deployment/web",
        "k set image deployment/web nginx=nginx:1.31",
        "k rollout resume deployment/web",
    ] {
        assert_eq!(s.run(line).status, 0, "{line}");
    }
    for _ in 0..200 {
        s.world.step();
        let rs: Vec<&kubeloop::model::ReplicaSet> = s.world.store.list(None, None).collect();
        if rs.len() == 2 && rs.iter().all(|r| r.status.replicas >= 2) {
            break;
        }
    }
    s.world
}

#[test]
fn a_room_reflows_the_drawing_to_fill_it_on_both_axes() {
    use crate::view::camera::{Camera, CameraMsg};
    use crate::view::{build, LayoutMemory};
    let world = web(3);
    let mut mem = LayoutMemory::new();
    let (pw, ph) = (950.0, 640.0);
    mem.set_room(pw, ph);
    build(&world, &mut mem, 0.0);
    assert!(mem.needs_build(&world, 1.0), "the first build's shape asks for a reflow");
    let view = build(&world, &mut mem, 1.0);
    assert!(!mem.needs_build(&world, 5_000.0), "and then it is settled");
    let content = Rect { x: 0.0, y: 0.0, w: view.width, h: view.height };
    let mut cam = Camera::default();
    cam.apply(CameraMsg::Resize { w: pw, h: ph }, content, cam.panel());
    let used = (view.width * cam.scale) * (view.height * cam.scale) / (pw * ph);
    assert!(used >= 0.6, "{used}: {}x{} at {}", view.width, view.height, cam.scale);
}

#[test]
fn the_estimated_height_is_the_laid_out_height() {
    use crate::view::{build, LayoutMemory};
    let world = web(7);
    for c in [1, 2, 3, 7] {
        let mut mem = LayoutMemory::new();
        mem.set_width(width_for(c));
        let view = build(&world, &mut mem, 0.0);
        let est = one_tree(7).height(&tall(), c);
        assert!((est - view.height).abs() < 30.0, "{c} columns: {est} vs {}", view.height);
    }
}

/// Builds `world` for a room (in layout units at the fit's floor) until the layout settles.
fn settled(world: &kubeloop::world::World, w: f64, h: f64) -> crate::view::ViewModel {
    use crate::view::{build, LayoutMemory};
    let mut mem = LayoutMemory::new();
    mem.set_room(w, h);
    let mut view = build(world, &mut mem, 0.0);
    for t in 1..5 {
        if !mem.needs_build(world, t as f64 * 10_000.0) {
            break;
        }
        view = build(world, &mut mem, t as f64 * 10_000.0);
    }
    view
}

// Rooms as the page hands them over in presenter mode, the budget card shown: the graph's
// panel less its padding, at the presenter's floor (`Camera::layout_room`).
const PROJECTOR: (f64, f64) = (906.0, 369.0);
const HD: (f64, f64) = (1139.0, 325.0);

#[test]
fn a_short_room_holds_a_whole_rollout_in_a_compact_form() {
    let world = rollout();
    for (name, (w, h), form) in [
        ("1024x768", PROJECTOR, Form::Stacked),
        ("1280x720", HD, Form::StackedBeside),
        ("a short wide desk", (2400.0, 780.0), Form::Short),
        ("a shorter wide desk", (2600.0, 420.0), Form::Beside),
    ] {
        let view = settled(&world, w, h);
        assert_eq!(view.form, form, "{name}");
        assert_eq!(view.rows().count(), 2, "{name}: both ReplicaSets drawn");
        assert!(view.width <= w && view.height <= h, "{name}: {}x{}", view.width, view.height);
    }
}

// The same rooms with presenter mode's side column open (`static/teach.css`: 280 px at 1024,
// 300 px at 1280), the graph's panel 725 and 961 px wide.
const PROJECTOR_SIDE: (f64, f64) = (646.0, 369.0);
const HD_SIDE: (f64, f64) = (861.0, 325.0);

#[test]
fn beside_an_open_side_column_a_projector_holds_a_whole_rollout_stacked() {
    let world = rollout();
    for (name, (w, h), form) in
        [("1024x768", PROJECTOR_SIDE, Form::Stacked), ("1280x720", HD_SIDE, Form::StackedBeside)]
    {
        let view = settled(&world, w, h);
        assert_eq!(view.form, form, "{name}");
        assert!(view.width <= w && view.height <= h, "{name}: {}x{}", view.width, view.height);
        // Each ReplicaSet a strip over its pods, in one row of short cards.
        for row in view.rows() {
            let strip = row.rs.meta.rect;
            assert_eq!(strip.h, STRIP_H, "{name}");
            for pod in &row.pods.pods {
                let r = pod.meta.rect;
                assert_eq!(r.h, SHORT_POD_H, "{name}");
                assert!(r.y >= strip.bottom() && r.y - strip.bottom() <= 10.0, "{name}: {r:?}");
                assert!(r.x >= strip.x && r.right() <= strip.right() + 0.5, "{name}: {r:?}");
            }
        }
        // The edges drop from each strip straight onto its pods.
        let row = view.rows().next().unwrap();
        let pod = &row.pods.pods[0];
        let edge = view.edges.iter().find(|e| e.dependent == pod.meta.kind_name()).unwrap();
        assert!(edge.path.starts_with('M') && edge.path.contains(" V"), "{}", edge.path);
        assert!(!edge.path.contains('Q'), "a straight drop: {}", edge.path);
    }
}

#[test]
fn tall_rooms_and_wide_desks_keep_the_desk_form_unless_compact_holds_more() {
    let world = rollout();
    // A portrait tablet and a phone, at the desk's floor.
    for (w, h) in [(1360.0, 1700.0), (680.0, 1440.0)] {
        assert_eq!(settled(&world, w, h).form, Form::Tall, "{w}x{h}");
    }
    // Wherever a compact form is chosen, it holds the rollout better than the desk's would.
    for (w, h) in [PROJECTOR, HD, (2400.0, 780.0)] {
        let rollout = Shape::rollout();
        let held = |form: Form| {
            let m = form.metrics();
            let c = choose_columns(&rollout, &m, w, h, 0);
            (w / m.width_for(c)).min(h / rollout.height(&m, c))
        };
        let form = choose_form(w, h);
        assert!(held(form) >= held(Form::Tall), "{w}x{h}: {form:?}");
    }
    // A 1024x768 desk (the side column open, the fit's floor 0.55) holds a rollout at 1.3
    // times the floor in the short form, and at 1.8 stacked: its pod names are larger so.
    assert_eq!(choose_form(1169.0, 675.0), Form::Stacked);
    // A roomy desk keeps the cards that show each pod's node.
    assert_eq!(choose_form(2400.0, 1250.0), Form::Short);
}

#[test]
fn beside_edges_branch_from_a_bus_between_the_top_box_and_its_rows() {
    let view = settled(&rollout(), HD.0, HD.1);
    let d = view.trees[0].top.meta.rect;
    for row in &view.trees[0].rows {
        let rs = row.rs.meta.rect;
        assert!(rs.x > d.right(), "the rows sit right of the Deployment");
        let edge = view.edges.iter().find(|e| e.dependent == row.rs.meta.kind_name()).unwrap();
        assert!(edge.path.starts_with(&format!("M{} ", d.right())), "{}", edge.path);
        assert!(edge.path.ends_with(&format!("H{}", rs.x)), "{}", edge.path);
    }
}

#[test]
fn the_form_holds_through_a_rollout_and_changes_only_with_the_room() {
    use crate::view::{build, LayoutMemory};
    use kubeloop::kubectl::Mode;
    use kubeloop::session::Session;
    let mut s = Session::new(web(3), Mode::Script);
    let mut mem = LayoutMemory::new();
    mem.set_room(HD.0, HD.1);
    let first = build(&s.world, &mut mem, 0.0);
    assert_eq!(first.form, Form::StackedBeside);
    let top = first.trees[0].top.meta.rect;
    assert_eq!(s.run("k set image deployment/web nginx=nginx:1.31").status, 0);
    for t in 1..400 {
        s.world.step();
        let view = build(&s.world, &mut mem, t as f64 * 100.0);
        assert_eq!(view.form, Form::StackedBeside, "tick {t}: the form switched mid-rollout");
        assert_eq!(view.trees[0].top.meta.rect, top, "tick {t}: the Deployment moved");
    }
    // A new room is chosen for afresh: the projector's, then a portrait tablet's.
    mem.set_room(PROJECTOR.0, PROJECTOR.1);
    assert_eq!(build(&s.world, &mut mem, 50_000.0).form, Form::Stacked);
    mem.set_room(1360.0, 1700.0);
    assert_eq!(build(&s.world, &mut mem, 60_000.0).form, Form::Tall);
}
