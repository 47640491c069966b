//! The forms a band can take, and the measures each uses. `Tall` is the desk's: the top box
//! above its rows, roomy gutters. The two compact forms are for a short room, where a
//! rollout's two rows of pods would otherwise be a pan away: `Short` keeps the tree upright
//! under a one-line header, `Beside` puts the top box left of its rows. Both tighten the
//! gutters, the collapsed rows of old revisions and the lanes' titles. The two stacked forms
//! are for a room that is short and narrow too (a projector's graph beside an open side
//! column): each ReplicaSet is a one-line strip with its pods in a row under it, and the pod
//! cards drop the kind and node lines (kubectl's NAME, STATUS, READY and RESTARTS stay), so a
//! rollout's two rows of three still fit at presenter mode's 18 px names. Which form a room
//! gets is `layout_shape::choose_form`'s business, not this file's.

use super::{MARGIN, POD_GAP_X, POD_W};

/// How every band of the drawing is arranged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Form {
    /// The top box above its rows (today's desk layout).
    #[default]
    Tall,
    /// The top box as a short header above its rows, everything else tighter.
    Short,
    /// The top box left of its rows, everything else tighter.
    Beside,
    /// `Short`'s header above rows that are each a strip over a row of short pod cards.
    Stacked,
    /// `Beside`'s top box left of rows that are each a strip over a row of short pod cards.
    StackedBeside,
}

impl Form {
    pub const ALL: [Form; 5] =
        [Form::Tall, Form::Short, Form::Beside, Form::Stacked, Form::StackedBeside];

    /// The measures this form lays bands out with.
    pub fn metrics(self) -> Metrics {
        match self {
            Form::Tall => TALL,
            // Upright as the desk's, so its rows start where the desk's do.
            Form::Short => Metrics {
                form: self,
                top_w: TALL.top_w,
                top_h: SHORT_TOP_H,
                rs_x: TALL.rs_x,
                pod_x: TALL.pod_x,
                ..TIGHT
            },
            Form::Beside => TIGHT,
            Form::Stacked => Metrics {
                form: self,
                top_w: TALL.top_w,
                top_h: SHORT_TOP_H,
                rs_x: STACK_X,
                pod_x: STACK_X,
                ..STACKED
            },
            Form::StackedBeside => STACKED,
        }
    }

    /// Whether the top box sits left of its rows.
    pub fn beside(self) -> bool {
        matches!(self, Form::Beside | Form::StackedBeside)
    }

    /// Whether each row's pods sit under its box (a strip) rather than beside it.
    pub fn stacked(self) -> bool {
        matches!(self, Form::Stacked | Form::StackedBeside)
    }
}

/// The top box in `Short` form: kind, name with images, and the figures on one line each.
pub const SHORT_TOP_H: f64 = 88.0;
/// The top box in `Beside` form: narrow, its figures one under another.
pub const BESIDE_TOP_W: f64 = 200.0;
/// Tall enough for a deleted Deployment's two-line note under its figures.
pub const BESIDE_TOP_H: f64 = 172.0;
/// Between a `Beside` top box and its rows: where the edges' bus runs down.
const BESIDE_BUS: f64 = 28.0;
/// The space between a ReplicaSet box and its first pod column, where the comb runs.
pub const COMB_GAP: f64 = 24.0;
/// A stacked row's ReplicaSet: one line, as tall as an old revision's collapsed box.
pub const STRIP_H: f64 = 32.0;
/// A stacked row's pod card: name, STATUS, READY and RESTARTS, without the kind and node line.
pub const SHORT_POD_H: f64 = 64.0;
/// Where an upright stacked tree's rows start: close to the left edge, the tree's spine
/// running down between them and it, so three pod cards fit beside a projector's side column.
pub const STACK_X: f64 = super::DEPLOY_X + 20.0;

/// The measures of one form, in layout units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Metrics {
    pub form: Form,
    /// Above the first band.
    pub top: f64,
    /// Inside a band, above and below its boxes.
    pub band_pad: f64,
    /// Between bands.
    pub band_gap: f64,
    /// Below the last band: the desk keeps a band gap, compact forms only a sliver.
    pub tail: f64,
    /// Above each row of pod cards, where edges run to the cards' tops.
    pub gutter: f64,
    /// The top box's width and height (without a finalizer line).
    pub top_w: f64,
    pub top_h: f64,
    /// Where a tree's rows start, and its pod cards.
    pub rs_x: f64,
    pub pod_x: f64,
    pub rs_h: f64,
    pub collapsed_h: f64,
    /// A pod card's height.
    pub pod_h: f64,
    /// A lane's title line (the orphans, the Services beside no Deployment).
    pub lane_title_h: f64,
}

const TALL: Metrics = Metrics {
    form: Form::Tall,
    top: 12.0,
    band_pad: 12.0,
    band_gap: 16.0,
    tail: 16.0,
    gutter: 22.0,
    top_w: super::DEPLOY_W,
    top_h: super::DEPLOY_H,
    rs_x: super::RS_X,
    pod_x: super::POD_X,
    rs_h: super::RS_H,
    collapsed_h: 44.0,
    pod_h: super::POD_H,
    lane_title_h: 42.0,
};

const TIGHT: Metrics = Metrics {
    form: Form::Beside,
    top: 8.0,
    band_pad: 8.0,
    band_gap: 12.0,
    tail: 4.0,
    gutter: 14.0,
    top_w: BESIDE_TOP_W,
    top_h: BESIDE_TOP_H,
    rs_x: super::DEPLOY_X + BESIDE_TOP_W + BESIDE_BUS,
    pod_x: super::DEPLOY_X + BESIDE_TOP_W + BESIDE_BUS + super::RS_W + COMB_GAP,
    rs_h: 104.0,
    collapsed_h: 36.0,
    pod_h: super::POD_H,
    lane_title_h: 34.0,
};

/// `StackedBeside`; `Stacked` takes `Short`'s header and starts its rows at `STACK_X`.
const STACKED: Metrics = Metrics {
    form: Form::StackedBeside,
    gutter: 8.0,
    rs_x: TIGHT.rs_x,
    pod_x: TIGHT.rs_x,
    rs_h: STRIP_H,
    pod_h: SHORT_POD_H,
    ..TIGHT
};

impl Metrics {
    /// The drawing's width with `columns` pod cards per row.
    pub fn width_for(&self, columns: usize) -> f64 {
        let c = columns.max(1) as f64;
        self.pod_x + c * POD_W + (c - 1.0) * POD_GAP_X + MARGIN
    }

    /// Where a lane's title sits: its baseline, from the lane's top.
    pub fn lane_title_y(&self) -> f64 {
        self.lane_title_h - 14.0
    }
}
