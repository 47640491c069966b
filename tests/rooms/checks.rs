//! What the rooms test checks in each scene: nothing of the cluster under a panel or out of
//! sight (unless the fit is at its floor), pod names and the terminal at presenter mode's
//! sizes, and the whole legend on screen.

use std::time::Duration;

use fantoccini::Client;

use super::support::page::*;

pub async fn js(c: &Client, script: &str) -> serde_json::Value {
    c.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// The objects of the cluster (boxes of the graph) and the graph's own buttons that are not
/// on top at their centre, each with what is on top there instead.
const COVERED: &str = "
    const what = e => { if (!e) return 'nothing (off screen)';
      const p = e.closest('.side, .terminal, .budget, .topbar, .timeline, .graph-head') || e;
      return typeof p.className === 'string' ? p.className : p.className.baseVal; };
    // Painted on top counts, whether or not it takes clicks (a card may let clicks through
    // and still hide the pod under it).
    const through = [...document.querySelectorAll('.app *')]
      .filter(e => getComputedStyle(e).pointerEvents === 'none');
    through.forEach(e => e.style.setProperty('pointer-events', 'auto', 'important'));
    const objects = [...document.querySelectorAll('.stage [data-kind], .stage .zoom-button')]
      .filter(o => { const r = o.getBoundingClientRect(); return r.width > 0 && r.height > 0; });
    const covered = objects.flatMap(o => {
      const r = o.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === o || o.contains(hit))) return [];
      const name = o.getAttribute('data-kind')
        ? o.getAttribute('data-kind') + '/' + o.getAttribute('data-name') : o.textContent;
      // Outside the graph's own view is not under a panel: a pan away (see `nothing_covered`).
      const v = document.querySelector('.graph-viewport').getBoundingClientRect();
      const out = o.closest('.graph-viewport') && (x < v.left || x > v.right || y < v.top || y > v.bottom);
      return [(out ? 'OUT ' : '') + name + ' at ' + Math.round(x) + ',' + Math.round(y) + ' under ' + what(hit)];
    });
    through.forEach(e => e.style.removeProperty('pointer-events'));
    return covered;";

/// How much of the drawing a scene may leave outside the graph's view.
#[derive(Clone, Copy, PartialEq)]
pub enum Fits {
    /// All of it: Fit shows every object.
    Whole,
    /// What the presenter's floor (pod names at 18 px) cannot fit in the room left: objects
    /// may lie outside the graph's view, a pan away, but only with the camera at that floor.
    AtFloor,
}

/// Waits (the camera glides, new boxes fade in) until no object of the cluster is covered,
/// then asserts it, naming what covers what.
pub async fn nothing_covered(c: &Client, room: &str, scene: &str, fits: Fits) {
    let mut covered = Vec::new();
    let mut out_of_view = false;
    for _ in 0..40 {
        covered = serde_json::from_value::<Vec<String>>(js(c, COVERED).await).unwrap();
        out_of_view = covered.iter().any(|o| o.starts_with("OUT "));
        if fits == Fits::AtFloor {
            covered.retain(|o| !o.starts_with("OUT "));
        }
        if covered.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
    assert!(covered.is_empty(), "{room}, {scene}: covered or out of sight: {covered:#?}");
    let presenter = js(c, "return !!document.querySelector('.app.presenter')").await == true;
    let px = pod_name_px(c).await;
    // Printed for every room and scene (`--nocapture`), to see what each room reaches.
    eprintln!("{room}, {scene}: pod names at {px:.1} px");
    if presenter {
        assert!(px >= 18.0, "{room}, {scene}: pod names drawn at {px:.1} px");
    }
    if out_of_view {
        eprintln!("{room}, {scene}: part of the drawing is a pan away");
        // Whatever is out of view is so because the drawing is as small as the fit may draw
        // it (`src/view/camera.rs`: FIT_FLOOR, or PRESENTER_FLOOR), and Fit is on.
        let scale =
            js(c, "return document.querySelector(\"[data-kind='Pod'] text\").getScreenCTM().a")
                .await;
        let scale = scale.as_f64().unwrap();
        let floor = if presenter { 18.1 / 16.5 } else { 0.55 };
        assert!(scale <= floor * 1.03, "{room}, {scene}: drawn at {scale:.2}, yet not all in view");
        assert_eq!(count(c, ".zoom-fit.active").await, 1, "{room}, {scene}: Fit is on");
    }
}

/// The smallest size a pod's name is drawn at on screen: font size times the SVG's scale.
pub async fn pod_name_px(c: &Client) -> f64 {
    let px = js(
        c,
        "return Math.min(...[...document.querySelectorAll(\"[data-kind='Pod'] text.t-podname\")]
           .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a));",
    )
    .await;
    px.as_f64().unwrap()
}

/// The whole key to the drawing is on screen: its last entry is on top at its centre, inside
/// the legend's own box (not scrolled or cut off) and the window.
pub async fn legend_whole(c: &Client, room: &str) {
    let last = js(
        c,
        "const legend = document.querySelector('.graph-legend');
         const items = legend.querySelectorAll('.legend-item');
         const e = items[items.length - 1], r = e.getBoundingClientRect();
         const l = legend.getBoundingClientRect();
         const x = r.left + r.width / 2, y = r.top + r.height / 2;
         const hit = document.elementFromPoint(x, y);
         return [!!hit && (hit === e || e.contains(hit)), r.right <= l.right + 0.5,
                 r.right <= innerWidth, legend.scrollWidth <= legend.clientWidth + 1,
                 e.textContent.trim()];",
    )
    .await;
    assert_eq!(
        last,
        serde_json::json!([true, true, true, true, "Completed"]),
        "{room}: the legend's end is cut"
    );
}

/// The checks of presenter mode: pod names for the back row, and a terminal of six lines in
/// which `k get pods` does not wrap.
pub async fn presenter_type(c: &Client, room: &str) {
    let px = pod_name_px(c).await;
    assert!(px >= 18.0, "{room}: pod names drawn at {px:.1} px");
    type_line(c, "k get pods").await;
    eventually(5, "the pods listed", || async { log_text(c).await.contains("RESTARTS") }).await;
    let lines = js(
        c,
        "const log = document.querySelector('.terminal-log');
         const out = [...document.querySelectorAll('.terminal-log pre')]
           .filter(l => l.textContent.includes('RESTARTS')).pop();
         const lh = parseFloat(getComputedStyle(out).lineHeight);
         out.scrollIntoView({block: 'end'});
         return [log.clientHeight / lh, out.getBoundingClientRect().height / lh,
                 out.textContent.split('\\n').length, parseFloat(getComputedStyle(out).fontSize)];",
    )
    .await;
    let v: Vec<f64> = serde_json::from_value(lines).unwrap();
    assert!(v[0] >= 6.0, "{room}: the terminal shows {:.1} lines", v[0]);
    assert!(v[1] <= v[2] + 0.5, "{room}: k get pods wraps ({:.1} lines for {})", v[1], v[2]);
    assert!(v[3] >= 18.0, "{room}: terminal type is {} px", v[3]);
}
