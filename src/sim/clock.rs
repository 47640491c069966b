//! The page session's clock: real milliseconds in, simulated ticks out through an
//! accumulator (so the speed dial works), sliced across timer fires when a tick is heavy.

use kubeloop::clock::TICK_MS;

use super::{Sim, MAX_STEPS_PER_FIRE};

impl Sim {
    /// Simulated milliseconds per real millisecond right now: 0 while paused.
    pub fn rate(&self) -> f64 {
        if self.paused {
            0.0
        } else {
            self.speed.factor()
        }
    }

    /// One timer fire: advances simulated time by `real_ms` times the speed, then streams any
    /// watch output. Returns whether anything may have changed.
    pub fn tick(&mut self, real_ms: f64) -> bool {
        self.tick_within(real_ms, || false)
    }

    /// `tick`, stopping mid-tick once `over_budget` says the frame has spent its time: the
    /// rest of that tick runs at the next fire, before any new one starts, so a heavy tick
    /// (hundreds of pods created at once) spreads over frames instead of freezing one. The
    /// reconciles are the same either way; inputs finish a sliced tick before they apply
    /// (`finish_slice`), so the journal replays to the same cluster.
    pub fn tick_within(&mut self, real_ms: f64, mut over_budget: impl FnMut() -> bool) -> bool {
        self.acc_ms += real_ms.clamp(0.0, 1_000.0) * self.rate();
        let mut steps = 0;
        let mut moved = self.sliced;
        loop {
            if !self.sliced {
                if self.acc_ms < TICK_MS as f64 || steps >= MAX_STEPS_PER_FIRE {
                    break;
                }
                self.acc_ms -= TICK_MS as f64;
                steps += 1;
            }
            moved = true;
            self.sliced = !self.session.world.step_until(&mut over_budget);
            self.stepping = false;
            if self.sliced {
                break;
            }
            // After every whole tick, as a replay polls: a wait that ends runs the rest of
            // its line, which may write to the world.
            self.poll_watch();
        }
        if steps == MAX_STEPS_PER_FIRE {
            self.acc_ms = 0.0;
        }
        if moved {
            self.last_action = None;
            self.quiet_step = None;
        }
        moved
    }

    /// Completes a tick a frame budget cut short, so an input lands between whole ticks, as
    /// it does when the journal is replayed.
    pub fn finish_slice(&mut self) {
        if self.sliced {
            self.session.world.step();
            self.sliced = false;
            self.poll_watch();
        }
    }

    /// Whether a tick is half done because a frame ran out of time.
    pub fn mid_slice(&self) -> bool {
        self.sliced
    }
}
