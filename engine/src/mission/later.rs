//! Checking a mission, as the engine's course part (`crate::parts`) ships it: the probes of
//! objects, events, what was seen and traffic. The page asks for the part before it checks
//! (a mission's Check button waits for it, as a later command does); before it arrives a
//! check does not hold and says why.

use super::check::{Check, CheckResult};
use super::since::Ctx;

#[cfg(kubeloop_split)]
type Evaluate = fn(&Check, &Ctx) -> CheckResult;

#[cfg(kubeloop_split)]
static LINKED: std::sync::OnceLock<Evaluate> = std::sync::OnceLock::new();

/// One check against the cluster (`Check::evaluate`).
pub(super) fn evaluate(check: &Check, ctx: &Ctx) -> CheckResult {
    #[cfg(kubeloop_split)]
    return match LINKED.get() {
        Some(evaluate) => evaluate(check, ctx),
        None => CheckResult {
            ok: false,
            explain: check.explain.clone(),
            found: format!(
                "not checked: the checks are part of {}, which has not been fetched yet",
                crate::parts::Part::Course.describe()
            ),
            hint: String::new(),
        },
    };
    #[cfg(not(kubeloop_split))]
    check.evaluate_now(ctx)
}

/// Makes the checks runnable: called from the code that ships with them.
pub(crate) fn link() {
    #[cfg(kubeloop_split)]
    let _ = LINKED.set(Check::evaluate_now as Evaluate);
}
