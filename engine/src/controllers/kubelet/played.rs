//! A played-out command (`command.rs`): the lines it prints at offsets from its start, then
//! an exit, a block forever, or a loop that repeats; and those lines unrolled up to a moment,
//! for the log (`output.rs`). Plain data; nothing here runs or reads the clock.

/// One line a program prints; `date` prints the time it runs at, rendered by `output.rs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Text(String),
    /// `date`'s output at the moment it ran.
    Date,
}

/// A played-out command: lines at offsets from the start, then either an exit, a block
/// forever (`sleep infinity`), or a loop that repeats forever.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Script {
    pub lines: Vec<(i64, Line)>,
    /// `Some((ms, code))`: exits `ms` after starting with `code`.
    pub exit: Option<(i64, i32)>,
    /// A loop that never ends: from `from` ms, every `period` ms its `lines` again.
    pub repeat: Option<Repeat>,
    /// The executable does not exist in the image: the container never starts.
    pub start_error: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repeat {
    pub from: i64,
    pub period: i64,
    pub lines: Vec<(i64, Line)>,
}

/// The most lines a looping script's log keeps (the kubelet rotates logs; a long session
/// costs no more per read).
const KEPT_LINES: i64 = 5_000;

impl Script {
    /// Every line printed within `elapsed` ms of the start, oldest first, with a looping
    /// script's repeats unrolled (its most recent `KEPT_LINES` only).
    pub fn timeline(&self, elapsed: i64) -> Vec<(i64, Line)> {
        let mut out: Vec<(i64, Line)> =
            self.lines.iter().filter(|(t, _)| *t <= elapsed).cloned().collect();
        let Some(r) = &self.repeat else { return out };
        if r.lines.is_empty() || elapsed < r.from {
            return out;
        }
        let per = r.lines.len() as i64;
        let rounds =
            if r.period == 0 { KEPT_LINES / per + 1 } else { (elapsed - r.from) / r.period + 1 };
        let first = (rounds - KEPT_LINES / per - 1).max(0);
        for k in first..rounds {
            for (off, line) in &r.lines {
                let t = r.from + k * r.period + off;
                if t <= elapsed {
                    out.push((t, line.clone()));
                }
            }
        }
        out
    }
}
