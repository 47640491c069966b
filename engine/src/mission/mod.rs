//! Missions: guided exercises with a goal, hints, a worked solution and a state-based check.
//!
//! A mission is data (one YAML file in `engine/missions/`), so a teacher adds one without
//! touching Rust; the build embeds every file it finds there (the page's split build ships
//! them as one file beside the page instead, fetched with the course part: `builtin`). The check looks only at the
//! cluster (its objects, its Events, and the history of states in the watch log), never at
//! the commands typed, so any valid path passes, and a failing check says what is still wrong.
//! Everything is measured from the end of the setup (see `since`), so nothing passes before
//! the learner has acted.

mod audit;
mod check;
mod file;
pub(crate) mod later;
mod probe;
mod since;
#[cfg(test)]
mod translation_tests;
mod translations;

use serde::Deserialize;

use crate::kubectl::Mode;
use crate::script::units;
use crate::session::Session;
use crate::world::World;

pub use audit::{audit, Audit};
pub use check::{Check, CheckResult, EventCheck, Made, SeenCheck};
pub use file::{
    builtin_courses, read_mission, Course, CourseIndex, Document, FileError, MAX_FILE_BYTES,
};
// The reader as a build has it: in the page's split build, it ships with the course part.
pub use later::{provide_builtin, read};
pub use probe::pod_runs;
pub use translations::{
    pick as pick_translation, CheckText, CourseText, MissionText, PredictionText, Translations,
};

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mission {
    #[serde(deserialize_with = "file::name")]
    pub name: String,
    pub title: String,
    pub goal: String,
    #[serde(default)]
    pub hints: Vec<String>,
    /// Commands that solve it, one per line, as a learner would type them.
    pub solution: String,
    /// Commands run before the learner starts.
    #[serde(default)]
    pub setup: String,
    /// "Predict first" questions, asked before the key action.
    #[serde(default)]
    pub predict: Vec<Prediction>,
    #[serde(deserialize_with = "file::non_empty")]
    pub checks: Vec<Check>,
    /// The mission's words in other languages (`translations.rs`).
    #[serde(default, deserialize_with = "translations::translations")]
    pub translations: Translations<MissionText>,
}

impl file::Rule for Mission {
    fn check(&self) -> Result<(), String> {
        self.check_translations()
    }
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prediction {
    pub question: String,
    pub answer: String,
    #[serde(default)]
    pub explain: String,
}

/// The built-in missions, in order. The page's split build ships their text beside the page
/// rather than in its first load, and fetches it with the course part (`later::provide_builtin`);
/// until then it has none.
pub fn builtin() -> Vec<Mission> {
    #[cfg(kubeloop_split)]
    return later::builtin();
    #[cfg(not(kubeloop_split))]
    embedded()
}

/// The files `engine/missions/` held at build time, read.
#[cfg(not(kubeloop_split))]
fn embedded() -> Vec<Mission> {
    include!(concat!(env!("OUT_DIR"), "/missions.rs"))
        .iter()
        .filter_map(|(file, text)| match parse_builtin(text) {
            Ok(m) => Some(m),
            Err(e) => {
                // The build checks every file (see tests), so this only guards a bad edit.
                debug_assert!(false, "{file}: {e}");
                None
            }
        })
        .collect()
}

/// Reads the built-in missions as the split build ships them: every file of
/// `engine/missions/`, in order, as the documents of one YAML stream (scripts/split joins
/// them with `---`). A document that does not read is an error naming its place, not a
/// mission quietly left out.
pub fn read_builtin_stream(text: &str) -> Result<Vec<Mission>, String> {
    let mut missions = Vec::new();
    for (i, doc) in serde_yaml_ng::Deserializer::from_str(text).enumerate() {
        let v = serde_json::Value::deserialize(doc)
            .map_err(|e| format!("invalid mission {}: {e}", i + 1))?;
        if v.is_null() {
            continue;
        }
        missions
            .push(Mission::deserialize(&v).map_err(|e| format!("invalid mission {}: {e}", i + 1))?);
    }
    Ok(missions)
}

pub fn find(name: &str) -> Option<Mission> {
    builtin().into_iter().find(|m| m.name == name)
}

/// Parses one mission file, with a message naming what is wrong and where (`file::read`).
pub fn parse(text: &str) -> Result<Mission, String> {
    read_mission(text).map_err(|e| format!("invalid mission: {e}"))
}

/// Parses an embedded mission file through `serde_json::Value`, whose YAML reader the
/// manifest loader already has, so the page carries no mission-specific YAML code. The
/// messages lack YAML positions, which only `parse` (for files on disk) needs; the tests
/// check that both read every built-in file alike. It decodes from `&Value`, as manifests
/// are, so no second, owned-`Value` decoder is compiled for the model.
#[cfg(any(test, not(kubeloop_split)))]
fn parse_builtin(text: &str) -> Result<Mission, String> {
    let v: serde_json::Value =
        serde_yaml_ng::from_str(text).map_err(|e| format!("invalid mission: {e}"))?;
    Mission::deserialize(&v).map_err(|e| format!("invalid mission: {e}"))
}

/// The outcome of checking a mission.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub passed: bool,
    pub results: Vec<CheckResult>,
}

impl Verdict {
    /// `PASS`/`FAIL` and one line per check, as `kubeloop mission check` prints it.
    pub fn report(&self, mission: &Mission) -> String {
        let mut out = format!(
            "{} {}: {}\n",
            if self.passed { "PASS" } else { "FAIL" },
            mission.name,
            mission.title
        );
        for r in &self.results {
            out.push_str(&format!("  [{}] {}\n", if r.ok { "x" } else { " " }, r.line()));
        }
        out
    }
}

/// Checks the mission against the cluster as it is now, measured from the end of the setup
/// (rebuilt from the world's seed; see `since`).
pub fn check_world(mission: &Mission, world: &World) -> Verdict {
    let start = since::start_world(&mission.setup, world.seed());
    let ctx = since::Ctx::new(world, &start);
    let results: Vec<CheckResult> = mission.checks.iter().map(|c| c.evaluate(&ctx)).collect();
    Verdict { passed: results.iter().all(|r| r.ok), results }
}

/// Runs the setup, then the learner's script, lets the loops settle, and checks. Returns the
/// verdict and the transcript of the learner's part.
pub fn run(mission: &Mission, script: &str, seed: u64) -> (Verdict, String) {
    let mut session = Session::new(World::new(seed), Mode::Script);
    let mut transcript = String::new();
    if let Err(e) = start(mission, &mut session) {
        transcript.push_str(&format!("kubeloop: {e}\n"));
    }
    for unit in units(script) {
        transcript.push_str(&format!("$ {}\n", unit.text.lines().next().unwrap_or("")));
        transcript.push_str(&session.run(&unit.text).text());
    }
    session.world.settle();
    (check_world(mission, &session.world), transcript)
}

/// Runs a mission's setup in a session (the page does this when a mission starts, right after
/// `reset --seed N`). `check_world` relies on this being the setup on a fresh world, settled.
/// A setup past its limits (`since::SETUP_LIMIT_MS`) stops there and says why.
pub fn start(mission: &Mission, session: &mut Session) -> Result<(), String> {
    since::run_setup(&mission.setup, session)
}

#[cfg(test)]
mod file_tests;
#[cfg(test)]
mod tests;
