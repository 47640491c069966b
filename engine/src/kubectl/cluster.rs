//! What kubectl knows of the cluster it talks to: the API (`Api`), its clock, and, for the
//! sandbox, a way to move that clock and the host's own commands. kubectl names nothing
//! below this: the built-in cluster, live mode's server and `kubeloop serve` all stand
//! behind it (`session/` puts the built-in one there).

use crate::api::client::Api;
use crate::clock::Time;
use crate::rng::SimRng;

use super::{KubectlError, Output};

pub trait Cluster: Api {
    /// The cluster's time, from which kubectl counts ages and timeouts.
    fn now(&self) -> Time;

    /// Moves time on by one tick. A script's waiting commands (`wait`, `rollout status`,
    /// `delete --wait`) block as a terminal's do, so they step the simulated clock until
    /// they end; in the page, time flows by itself and they never call this.
    fn step(&mut self);

    /// The randomness kubectl draws its own suffixes from (`create deployment`'s container
    /// names, as `utilrand.String`): the sandbox's seeded one, so a transcript replays.
    fn rng(&mut self) -> &mut SimRng;

    /// Whether any loop still has work: a script's `get -w` ends when the cluster settles.
    fn has_work(&mut self) -> bool;

    /// The host's own commands (`sleep`, `settle`, `reset`), which act on the cluster's time
    /// or replace it rather than send API requests. `None` when `cmd` is not one of them.
    fn host(
        &mut self,
        cmd: &str,
        argv: &[String],
        out: &mut Output,
    ) -> Option<Result<i32, KubectlError>>;
}
