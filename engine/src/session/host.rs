//! The built-in cluster behind kubectl's `Cluster`: the API in process (`api/local.rs`), the
//! simulated clock, and the sandbox's time commands, which act on the world itself.

use crate::clock::Time;
use crate::kubectl::{parse_duration, Cluster, KubectlError, Output};
use crate::rng::SimRng;
use crate::world::World;

// A script's longest wait is as long as `settle` goes on.
const _: () = assert!(crate::kubectl::LONGEST_WAIT_MS == crate::world::SETTLE_LIMIT_MS);

/// `sleep` moves at most a day of simulated time at once.
const MAX_SLEEP_MS: i64 = 24 * 60 * 60 * 1000;

impl Cluster for World {
    fn now(&self) -> Time {
        World::now(self)
    }

    fn step(&mut self) {
        World::step(self);
    }

    fn rng(&mut self) -> &mut SimRng {
        World::rng(self)
    }

    fn has_work(&mut self) -> bool {
        World::has_work(self)
    }

    fn host(
        &mut self,
        cmd: &str,
        argv: &[String],
        out: &mut Output,
    ) -> Option<Result<i32, KubectlError>> {
        Some(match cmd {
            "sleep" => sleep(self, argv),
            "settle" => {
                let r = self.settle();
                if !r.quiet {
                    out.err(format!(
                        "kubeloop: still busy after {} of simulated time (a pod may be crash-looping or stuck)\n",
                        crate::duration::human(r.elapsed_ms)
                    ));
                }
                Ok(0)
            }
            "reset" => reset(self, argv, out),
            _ => return None,
        })
    }
}

fn sleep(world: &mut World, argv: &[String]) -> Result<i32, KubectlError> {
    let Some(d) = argv.first() else {
        return Err(KubectlError::Plain("sleep: missing operand".into()));
    };
    let ms = parse_duration(d)
        .ok_or_else(|| KubectlError::Plain(format!("sleep: invalid time interval '{d}'")))?;
    if ms > MAX_SLEEP_MS {
        return Err(KubectlError::Plain(
            "kubeloop: sleep is limited to 24h of simulated time".into(),
        ));
    }
    world.advance(ms);
    Ok(0)
}

/// `reset [--seed N]`: a fresh cluster, with this one's seed unless another is given.
fn reset(world: &mut World, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let invalid = |n: &str| KubectlError::Usage(format!("invalid seed \"{n}\""));
    let seed = match argv {
        [] => world.seed(),
        [flag, n] if flag == "--seed" => n.parse().map_err(|_| invalid(n))?,
        [a] if a.starts_with("--seed=") => a[7..].parse().map_err(|_| invalid(&a[7..]))?,
        _ => return Err(KubectlError::Usage("usage: reset [--seed N]".into())),
    };
    *world = World::new(seed);
    out.out(format!("kubeloop: a fresh cluster with 3 nodes (seed {seed})\n"));
    Ok(0)
}
