//! The graph's camera: how the drawing (in layout units) maps onto the panel (in CSS pixels).
//! By default it fits the drawing to the panel and keeps fitting as objects come and go; a
//! wheel, a pinch, a drag or a key takes it to a manual scale and offset until Fit (key 0).
//!
//! It is pure state and arithmetic, tested natively: the page stores it and feeds it
//! `CameraMsg`s; the `Graph` component only reports gestures and draws with `transform`.
//! A point of the drawing `p` is shown at `p * scale + offset` in the panel.
//!
//! The page's part: keep one `Camera` (`Camera::new(presenter)`); apply each message from
//! the graph's `on_camera` with `apply(msg, content_of(&view), camera.panel())`, and
//! `CameraMsg::Presenter(on)` when presenter mode changes; before building the view, hand
//! `layout_room()` to `LayoutMemory::set_room`, so the layout shapes the drawing for the panel.

use super::{Rect, ViewModel};

/// Smallest and largest manual scale.
pub const MIN_SCALE: f64 = 0.2;
pub const MAX_SCALE: f64 = 4.0;
/// The fit never blows a small drawing up beyond this: three boxes at triple size read as
/// a mistake, not as a fit.
pub const FIT_MAX: f64 = 2.0;
/// The fit shrinks a large drawing no further than this, so text stays readable (13 px type
/// at 7 px); what does not fit then is reached by panning.
pub const FIT_FLOOR: f64 = 0.55;
/// Presenter mode's floor: pod names (16.5 px in presenter mode, `static/teach.css`) render at
/// 18.1 px or more, the 18 px the back row needs and a tenth for rounding. Not more: at this
/// scale a ReplicaSet's row of three pods (`layout::width_for(3)`) still fits the width of a
/// 1024 px projector, so the classroom's first Deployment is one row, not two.
pub const PRESENTER_FLOOR: f64 = 18.1 / PRESENTER_POD_NAME_PX;
/// The pod name's size in presenter mode, in drawing units.
pub const PRESENTER_POD_NAME_PX: f64 = 16.5;
/// One + or - key press.
pub const KEY_STEP: f64 = 1.25;
/// One arrow key press pans this many pixels.
pub const KEY_PAN: f64 = 80.0;
/// Space kept between the fitted drawing and the panel's edges, in pixels.
pub const PAD: f64 = 8.0;
/// The fit keeps its scale while the drawing still fits at it and the ideal scale is at most
/// this much larger: objects coming and going do not make the whole drawing breathe.
pub const HYSTERESIS: f64 = 1.12;
/// A pan keeps at least this many pixels of the drawing on screen.
const KEEP_VISIBLE: f64 = 48.0;

/// The drawing's extent in layout units: what `apply` fits.
pub fn content_of(view: &ViewModel) -> Rect {
    Rect { x: 0.0, y: 0.0, w: view.width, h: view.height }
}

/// A panel size in CSS pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Size {
    pub w: f64,
    pub h: f64,
}

/// The keys the graph answers to (outside text fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CameraKey {
    /// `+` or `=`.
    In,
    /// `-`.
    Out,
    /// `0`: back to fit.
    Fit,
    Left,
    Right,
    Up,
    Down,
}

impl CameraKey {
    /// The camera key a `KeyboardEvent.key` names, if any. Arrows only pan when the graph
    /// has focus; the caller decides that.
    pub fn from_key(key: &str) -> Option<CameraKey> {
        Some(match key {
            "+" | "=" => CameraKey::In,
            "-" | "_" => CameraKey::Out,
            "0" => CameraKey::Fit,
            "ArrowLeft" => CameraKey::Left,
            "ArrowRight" => CameraKey::Right,
            "ArrowUp" => CameraKey::Up,
            "ArrowDown" => CameraKey::Down,
            _ => return None,
        })
    }
}

/// Everything that moves the camera.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CameraMsg {
    /// Multiply the scale by `factor`, keeping the drawing's point under panel pixel
    /// (`x`, `y`) where it is (a wheel notch, a pinch).
    ZoomAt {
        x: f64,
        y: f64,
        factor: f64,
    },
    /// Move the drawing by (`dx`, `dy`) pixels (a drag, two fingers moving).
    Pan {
        dx: f64,
        dy: f64,
    },
    Key(CameraKey),
    /// Fit the whole drawing in the panel again, and keep fitting.
    Fit,
    /// The panel's size changed.
    Resize {
        w: f64,
        h: f64,
    },
    /// The drawing changed (objects came or went): keep the fit, without jumping.
    Refit,
    /// Presenter mode on or off: its fit never goes below `PRESENTER_FLOOR`.
    Presenter(bool),
}

/// Fitting the drawing, or where the user put it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mode {
    Fit,
    Manual,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    pub mode: Mode,
    pub scale: f64,
    /// Where the drawing's origin is shown, in panel pixels.
    pub x: f64,
    pub y: f64,
    pub presenter: bool,
    panel: Size,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            mode: Mode::Fit,
            scale: 1.0,
            x: 0.0,
            y: 0.0,
            presenter: false,
            panel: Size::default(),
        }
    }
}

impl Camera {
    /// A fitting camera, in presenter mode or not.
    pub fn new(presenter: bool) -> Self {
        Camera { presenter, ..Camera::default() }
    }

    /// The panel size last reported by `Resize` (zero before the first).
    pub fn panel(&self) -> Size {
        self.panel
    }

    /// The smallest scale the fit may use.
    pub fn floor(&self) -> f64 {
        if self.presenter {
            PRESENTER_FLOOR
        } else {
            FIT_FLOOR
        }
    }

    /// The room the layout should arrange the drawing for, in layout units: the panel less
    /// the fit's padding, at the fit's smallest scale, so a drawing that fits the room is
    /// drawn whole at that scale. The layout keeps the drawing no wider than this (so at worst
    /// it scrolls down, never sideways) and shapes it like the panel. Give it to
    /// `LayoutMemory::set_room`.
    pub fn layout_room(&self) -> Size {
        let s = self.floor();
        let inner = |px: f64| (px - 2.0 * PAD).max(0.0) / s;
        Size { w: inner(self.panel.w), h: inner(self.panel.h) }
    }

    /// The CSS transform that shows the drawing (`translate(..px, ..px) scale(..)`).
    pub fn transform(&self) -> String {
        format!("translate({:.1}px,{:.1}px) scale({:.4})", self.x, self.y, self.scale)
    }

    /// Where the drawing's point (`x`, `y`) is shown in the panel.
    pub fn to_screen(&self, x: f64, y: f64) -> (f64, f64) {
        (x * self.scale + self.x, y * self.scale + self.y)
    }

    /// Applies one message. `content` is the drawing's extent in layout units, `panel` the
    /// panel's size (`Resize` brings its own).
    pub fn apply(&mut self, msg: CameraMsg, content: Rect, panel: Size) {
        let old = self.panel;
        if panel.w > 0.0 && panel.h > 0.0 {
            self.panel = panel;
        }
        match msg {
            CameraMsg::Resize { w, h } => {
                if !(w.is_finite() && h.is_finite()) || w <= 0.0 || h <= 0.0 {
                    return;
                }
                self.panel = Size { w, h };
                if self.mode == Mode::Manual {
                    // Keep what was at the panel's centre at the centre.
                    self.x += (w - old.w) / 2.0;
                    self.y += (h - old.h) / 2.0;
                    self.clamp(content);
                }
            }
            CameraMsg::Fit | CameraMsg::Key(CameraKey::Fit) => {
                self.mode = Mode::Fit;
                self.fit(content, false);
                return;
            }
            CameraMsg::Presenter(on) => {
                self.presenter = on;
                self.mode = Mode::Fit;
                self.fit(content, false);
                return;
            }
            CameraMsg::Refit => {}
            CameraMsg::ZoomAt { x, y, factor } => self.zoom_at(x, y, factor, content),
            CameraMsg::Pan { dx, dy } => self.pan(dx, dy, content),
            CameraMsg::Key(key) => {
                let (cx, cy) = (self.panel.w / 2.0, self.panel.h / 2.0);
                match key {
                    CameraKey::In => self.zoom_at(cx, cy, KEY_STEP, content),
                    CameraKey::Out => self.zoom_at(cx, cy, 1.0 / KEY_STEP, content),
                    CameraKey::Left => self.pan(KEY_PAN, 0.0, content),
                    CameraKey::Right => self.pan(-KEY_PAN, 0.0, content),
                    CameraKey::Up => self.pan(0.0, KEY_PAN, content),
                    CameraKey::Down => self.pan(0.0, -KEY_PAN, content),
                    CameraKey::Fit => unreachable!("handled above"),
                }
            }
        }
        if self.mode == Mode::Fit {
            self.fit(content, true);
        }
    }

    /// The scale that shows all of `content` in the panel, within the fit's bounds.
    pub fn ideal_scale(&self, content: Rect) -> f64 {
        let (pw, ph) = (self.panel.w - 2.0 * PAD, self.panel.h - 2.0 * PAD);
        if content.w <= 0.0 || content.h <= 0.0 || pw <= 0.0 || ph <= 0.0 {
            return 1.0;
        }
        (pw / content.w).min(ph / content.h).clamp(self.floor(), FIT_MAX.max(self.floor()))
    }

    /// Fits `content`; with `keep`, holds the current scale while it is still good enough
    /// (hysteresis), so a pod coming or going does not rescale the drawing.
    fn fit(&mut self, content: Rect, keep: bool) {
        if self.panel.w <= 0.0 || self.panel.h <= 0.0 {
            return;
        }
        let ideal = self.ideal_scale(content);
        let fits_at = |s: f64| {
            content.w * s <= self.panel.w - 2.0 * PAD + 0.5
                && content.h * s <= self.panel.h - 2.0 * PAD + 0.5
        };
        let current = self.scale;
        let holds = keep
            && current >= self.floor()
            && current <= ideal + 1e-9
            && ideal <= current * HYSTERESIS
            && (fits_at(current) || current <= self.floor() + 1e-9);
        self.scale = if holds { current } else { ideal };
        let s = self.scale;
        // Centred where it fits; from the top-left edge where it overflows (so the first
        // Deployment is on screen and the rest is a pan away).
        let (cw, ch) = (content.w * s, content.h * s);
        self.x = if cw <= self.panel.w - 2.0 * PAD {
            (self.panel.w - cw) / 2.0 - content.x * s
        } else {
            PAD - content.x * s
        };
        self.y = if ch <= self.panel.h - 2.0 * PAD {
            (self.panel.h - ch) / 2.0 - content.y * s
        } else {
            PAD - content.y * s
        };
    }

    fn zoom_at(&mut self, x: f64, y: f64, factor: f64, content: Rect) {
        if !(factor.is_finite() && factor > 0.0 && x.is_finite() && y.is_finite()) {
            return;
        }
        self.mode = Mode::Manual;
        let s = (self.scale * factor).clamp(MIN_SCALE, MAX_SCALE);
        // The drawing's point under (x, y) stays under it.
        let (px, py) = ((x - self.x) / self.scale, (y - self.y) / self.scale);
        self.scale = s;
        self.x = x - px * s;
        self.y = y - py * s;
        self.clamp(content);
    }

    fn pan(&mut self, dx: f64, dy: f64, content: Rect) {
        if !(dx.is_finite() && dy.is_finite()) {
            return;
        }
        self.mode = Mode::Manual;
        self.x += dx;
        self.y += dy;
        self.clamp(content);
    }

    /// Keeps part of the drawing on screen, so it can never be panned or zoomed out of reach.
    fn clamp(&mut self, content: Rect) {
        let s = self.scale;
        let keep_w = KEEP_VISIBLE.min(content.w * s).min(self.panel.w);
        let keep_h = KEEP_VISIBLE.min(content.h * s).min(self.panel.h);
        // The drawing spans [x + cx*s, x + (cx+cw)*s]; at least `keep` of it in [0, panel].
        let (lo_x, hi_x) =
            (keep_w - (content.x + content.w) * s, self.panel.w - keep_w - content.x * s);
        let (lo_y, hi_y) =
            (keep_h - (content.y + content.h) * s, self.panel.h - keep_h - content.y * s);
        if lo_x <= hi_x {
            self.x = self.x.clamp(lo_x, hi_x);
        }
        if lo_y <= hi_y {
            self.y = self.y.clamp(lo_y, hi_y);
        }
    }
}

#[cfg(test)]
mod tests;
