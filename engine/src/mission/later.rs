//! Checking a mission, and reading a teacher's file, as the engine's course part
//! (`crate::parts`) ships them: the probes of objects, events, what was seen and traffic, and
//! the YAML reader with its positions. The page asks for the part before it checks or loads
//! (a mission's Check button waits for it, as a later command does); before it arrives a
//! check does not hold and a file is not read, and each says why. The built-in missions'
//! text arrives with it too (`provide_builtin`): it is data, which no chunk can carry, so
//! the split build ships it as a file beside the page.

use super::check::{Check, CheckResult};
use super::file::{Document, FileError};
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

#[cfg(kubeloop_split)]
type Read = fn(&str) -> Result<Document, FileError>;

#[cfg(kubeloop_split)]
static READ: std::sync::OnceLock<Read> = std::sync::OnceLock::new();

/// A mission or course file (`file::read`).
pub fn read(text: &str) -> Result<Document, FileError> {
    #[cfg(kubeloop_split)]
    return match READ.get() {
        Some(read) => read(text),
        None => Err(FileError {
            line: None,
            column: None,
            path: String::new(),
            message: format!(
                "not read: the reader is part of {}, which has not been fetched yet",
                crate::parts::Part::Course.describe()
            ),
        }),
    };
    #[cfg(not(kubeloop_split))]
    super::file::read(text)
}

#[cfg(kubeloop_split)]
static BUILTIN: std::sync::OnceLock<Vec<super::Mission>> = std::sync::OnceLock::new();

/// The built-in missions as `provide_builtin` read them: none before the course part came.
#[cfg(kubeloop_split)]
pub(super) fn builtin() -> Vec<super::Mission> {
    BUILTIN.get().cloned().unwrap_or_default()
}

/// Takes the built-in missions' file (`read_builtin_stream`), from the code that ships with
/// the course part, so their decoders ship with it too. Every other build has them compiled
/// in, and this reads nothing.
pub fn provide_builtin(text: &str) -> Result<(), String> {
    #[cfg(kubeloop_split)]
    {
        let missions = super::read_builtin_stream(text)?;
        let _ = BUILTIN.set(missions);
    }
    let _ = text;
    Ok(())
}

/// Makes the checks and the reader runnable: called from the code that ships with them.
pub(crate) fn link() {
    #[cfg(kubeloop_split)]
    {
        let _ = LINKED.set(Check::evaluate_now as Evaluate);
        let _ = READ.set(super::file::read as Read);
    }
}
