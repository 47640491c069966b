//! The camera's behaviour as a user sees it: the drawing fills the panel, a zoom keeps the
//! point under the pointer still, pans and keys move it, and it can never be lost.

use super::*;

const PANEL: Size = Size { w: 1000.0, h: 600.0 };

fn content(w: f64, h: f64) -> Rect {
    Rect { x: 0.0, y: 0.0, w, h }
}

/// A camera fitted to `c` in `PANEL`.
fn fitted(c: Rect) -> Camera {
    let mut cam = Camera::default();
    cam.apply(CameraMsg::Resize { w: PANEL.w, h: PANEL.h }, c, Size::default());
    cam
}

/// The drawing's corners on screen: (left, top, right, bottom).
fn on_screen(cam: &Camera, c: Rect) -> (f64, f64, f64, f64) {
    let (l, t) = cam.to_screen(c.x, c.y);
    let (r, b) = cam.to_screen(c.right(), c.bottom());
    (l, t, r, b)
}

#[test]
fn fit_shows_the_whole_drawing_as_large_as_the_panel_allows() {
    let c = content(800.0, 300.0);
    let cam = fitted(c);
    assert_eq!(cam.mode, Mode::Fit);
    let (l, t, r, b) = on_screen(&cam, c);
    assert!(l >= 0.0 && t >= 0.0 && r <= PANEL.w && b <= PANEL.h, "{l} {t} {r} {b}");
    // Width-bound: it spans the panel's width but for the padding, and is centred.
    assert!((r - l - (PANEL.w - 2.0 * PAD)).abs() < 0.01, "{}", r - l);
    assert!(((t + b) / 2.0 - PANEL.h / 2.0).abs() < 0.01);

    let tall = content(300.0, 900.0);
    let cam = fitted(tall);
    let (l, t, r, b) = on_screen(&cam, tall);
    assert!((b - t - (PANEL.h - 2.0 * PAD)).abs() < 0.01, "height-bound");
    assert!(((l + r) / 2.0 - PANEL.w / 2.0).abs() < 0.01, "centred");
}

#[test]
fn fit_neither_blows_up_a_tiny_drawing_nor_shrinks_a_huge_one_past_reading() {
    assert_eq!(fitted(content(100.0, 50.0)).scale, FIT_MAX);
    let huge = content(800.0, 20_000.0);
    let cam = fitted(huge);
    assert_eq!(cam.scale, FIT_FLOOR);
    // Too big to fit: its top-left is on screen, the rest a pan away.
    let (_, t, _, _) = on_screen(&cam, huge);
    assert_eq!(t, PAD);
}

#[test]
fn presenter_mode_never_draws_pod_names_below_18_pixels() {
    let c = content(1400.0, 900.0);
    let mut cam = fitted(c);
    assert!(cam.scale < 1.0);
    cam.apply(CameraMsg::Presenter(true), c, cam.panel());
    assert!(PRESENTER_POD_NAME_PX * cam.scale >= 18.0 - 1e-9, "{}", cam.scale);
    assert_eq!(cam.mode, Mode::Fit);
    // The layout is told to arrange for the bigger type.
    let room = cam.layout_room();
    assert!((room.w * PRESENTER_FLOOR - (PANEL.w - 2.0 * PAD)).abs() < 1e-6);
    cam.apply(CameraMsg::Presenter(false), c, cam.panel());
    assert!(cam.scale < 1.0);
    assert!((cam.layout_room().w * FIT_FLOOR - (PANEL.w - 2.0 * PAD)).abs() < 1e-6);
}

#[test]
fn zooming_at_a_point_keeps_that_point_under_the_pointer() {
    let c = content(800.0, 300.0);
    let mut cam = fitted(c);
    let (px, py) = (700.0, 250.0);
    let drawing_point = ((px - cam.x) / cam.scale, (py - cam.y) / cam.scale);
    let before = cam.scale;
    cam.apply(CameraMsg::ZoomAt { x: px, y: py, factor: 1.5 }, c, cam.panel());
    assert_eq!(cam.mode, Mode::Manual);
    assert!((cam.scale - before * 1.5).abs() < 1e-9);
    let (sx, sy) = cam.to_screen(drawing_point.0, drawing_point.1);
    assert!((sx - px).abs() < 1e-6 && (sy - py).abs() < 1e-6, "{sx} {sy}");
    cam.apply(CameraMsg::ZoomAt { x: px, y: py, factor: 1.0 / 1.5 }, c, cam.panel());
    assert!((cam.scale - before).abs() < 1e-9);
}

#[test]
fn zoom_is_clamped_and_garbage_factors_are_ignored() {
    let c = content(800.0, 300.0);
    let mut cam = fitted(c);
    for _ in 0..40 {
        cam.apply(CameraMsg::ZoomAt { x: 10.0, y: 10.0, factor: 2.0 }, c, cam.panel());
    }
    assert_eq!(cam.scale, MAX_SCALE);
    for _ in 0..40 {
        cam.apply(CameraMsg::Key(CameraKey::Out), c, cam.panel());
    }
    assert_eq!(cam.scale, MIN_SCALE);
    let before = cam;
    for factor in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        cam.apply(CameraMsg::ZoomAt { x: 10.0, y: 10.0, factor }, c, cam.panel());
    }
    assert_eq!(cam, before);
}

#[test]
fn pan_moves_the_drawing_but_never_out_of_reach() {
    let c = content(800.0, 300.0);
    let mut cam = fitted(c);
    let (x0, y0) = (cam.x, cam.y);
    cam.apply(CameraMsg::Pan { dx: 30.0, dy: -20.0 }, c, cam.panel());
    assert_eq!((cam.x, cam.y), (x0 + 30.0, y0 - 20.0));
    assert_eq!(cam.mode, Mode::Manual);
    cam.apply(CameraMsg::Pan { dx: 1e6, dy: 1e6 }, c, cam.panel());
    let (l, t, _, _) = on_screen(&cam, c);
    assert!(l <= PANEL.w - 40.0 && t <= PANEL.h - 40.0, "still visible: {l} {t}");
    cam.apply(CameraMsg::Pan { dx: -1e7, dy: -1e7 }, c, cam.panel());
    let (_, _, r, b) = on_screen(&cam, c);
    assert!(r >= 40.0 && b >= 40.0, "still visible: {r} {b}");
}

#[test]
fn keys_zoom_about_the_centre_pan_and_zero_fits_again() {
    let c = content(800.0, 300.0);
    let fit = fitted(c);
    let mut cam = fit;
    let centre = ((PANEL.w / 2.0 - cam.x) / cam.scale, (PANEL.h / 2.0 - cam.y) / cam.scale);
    cam.apply(CameraMsg::Key(CameraKey::In), c, cam.panel());
    assert!((cam.scale - fit.scale * KEY_STEP).abs() < 1e-9);
    let (sx, sy) = cam.to_screen(centre.0, centre.1);
    assert!((sx - PANEL.w / 2.0).abs() < 1e-6 && (sy - PANEL.h / 2.0).abs() < 1e-6);
    let x = cam.x;
    cam.apply(CameraMsg::Key(CameraKey::Left), c, cam.panel());
    assert_eq!(cam.x, x + KEY_PAN, "ArrowLeft shows more of the left");
    cam.apply(CameraMsg::Key(CameraKey::Fit), c, cam.panel());
    assert_eq!(cam, fit);
    assert_eq!(CameraKey::from_key("="), Some(CameraKey::In));
    assert_eq!(CameraKey::from_key("-"), Some(CameraKey::Out));
    assert_eq!(CameraKey::from_key("0"), Some(CameraKey::Fit));
    assert_eq!(CameraKey::from_key("p"), None);
}

#[test]
fn the_fit_follows_growing_content_without_jumps() {
    // Pods arrive one row at a time; the drawing grows taller each time.
    let mut cam = fitted(content(800.0, 300.0));
    let mut last = cam.scale;
    let mut changes = 0;
    for i in 1..=40 {
        let c = content(800.0, 300.0 + 12.0 * f64::from(i));
        cam.apply(CameraMsg::Refit, c, cam.panel());
        let (l, t, r, b) = on_screen(&cam, c);
        assert!(l >= 0.0 && t >= 0.0 && r <= PANEL.w + 0.5 && b <= PANEL.h + 0.5, "all shown");
        // Never more than a few per cent in one go: the drawing eases, it does not jump.
        assert!(cam.scale / last > 0.9 && cam.scale <= last + 1e-9, "{last} -> {}", cam.scale);
        if cam.scale != last {
            changes += 1;
        }
        last = cam.scale;
    }
    assert!(changes > 0, "the fit did follow");
}

#[test]
fn the_fit_holds_its_scale_while_a_pod_comes_and_goes() {
    let big = content(800.0, 560.0);
    let small = content(800.0, 540.0);
    let mut cam = fitted(big);
    let held = cam.scale;
    for _ in 0..5 {
        cam.apply(CameraMsg::Refit, small, cam.panel());
        assert_eq!(cam.scale, held, "a little smaller: same scale");
        cam.apply(CameraMsg::Refit, big, cam.panel());
        assert_eq!(cam.scale, held);
    }
    // Much smaller content gets the bigger fit.
    cam.apply(CameraMsg::Refit, content(400.0, 200.0), cam.panel());
    assert!(cam.scale > held * HYSTERESIS);
}

#[test]
fn a_manual_view_stays_put_as_content_changes_and_resizes_keep_the_centre() {
    let c = content(800.0, 300.0);
    let mut cam = fitted(c);
    cam.apply(CameraMsg::ZoomAt { x: 500.0, y: 300.0, factor: 2.0 }, c, cam.panel());
    let manual = cam;
    cam.apply(CameraMsg::Refit, content(800.0, 420.0), cam.panel());
    assert_eq!(cam, manual);
    let centre = ((PANEL.w / 2.0 - cam.x) / cam.scale, (PANEL.h / 2.0 - cam.y) / cam.scale);
    cam.apply(CameraMsg::Resize { w: 1200.0, h: 800.0 }, c, cam.panel());
    let (sx, sy) = cam.to_screen(centre.0, centre.1);
    assert!((sx - 600.0).abs() < 1e-6 && (sy - 400.0).abs() < 1e-6);
    assert_eq!(cam.panel(), Size { w: 1200.0, h: 800.0 });
}

#[test]
fn a_resize_refits_and_nonsense_sizes_are_ignored() {
    let c = content(800.0, 300.0);
    let mut cam = fitted(c);
    cam.apply(CameraMsg::Resize { w: 500.0, h: 600.0 }, c, cam.panel());
    let (l, _, r, _) = on_screen(&cam, c);
    assert!(l >= 0.0 && r <= 500.0);
    let before = cam;
    cam.apply(CameraMsg::Resize { w: 0.0, h: 600.0 }, c, cam.panel());
    cam.apply(CameraMsg::Resize { w: f64::NAN, h: 600.0 }, c, cam.panel());
    assert_eq!(cam, before);
}

#[test]
fn presenter_mode_fits_three_pods_in_a_row_across_a_1024_pixel_projector() {
    use crate::view::layout::width_for;
    // The graph's panel on a 1024 px projector in presenter mode: the screen less its few
    // pixels of padding and border (`static/teach.css`).
    let panel_w = 1024.0 - 10.0;
    let room = Camera::new(true);
    let row = width_for(3) * room.floor() + 2.0 * PAD;
    assert!(row <= panel_w, "a row of three pods needs {row:.0} px");
    assert!(PRESENTER_POD_NAME_PX * room.floor() >= 18.0, "and names stay at 18 px");
}
