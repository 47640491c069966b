//! Mission and course files that reach the page from outside the command box: `?mission=PATH`
//! fetched from beside the page. Whatever way a file comes, it becomes the same line, `k
//! mission load -f - <<EOF` (`sim/missions.rs`), so it is journaled and replayed like typing.

use super::{Effects, Msg, Page};

/// Largest query value taken as a path.
const MAX_PATH: usize = 512;

/// `PATH` from `?mission=PATH`, when it names a file of this origin: a relative or
/// root-relative path, never a scheme or another host (the page's CSP allows `connect-src
/// 'self'` only, and a link must not make it ask anyone else).
pub fn same_origin_path(path: &str) -> Result<String, String> {
    let path = path.trim();
    if path.is_empty() || path.len() > MAX_PATH {
        return Err(format!("a path of 1 to {MAX_PATH} characters is needed"));
    }
    let foreign = path.contains(':')
        || path.starts_with("//")
        || path.contains('\\')
        || path.chars().any(|c| c.is_control() || c.is_whitespace());
    if foreign {
        return Err("only a file beside this page can be opened (a path, not a URL)".into());
    }
    Ok(path.to_string())
}

impl Page {
    /// A fetched `?mission=` file goes in as a dropped one would. A reload with the session it
    /// already loaded in does not load it twice.
    pub(super) fn mission_file(
        &mut self,
        path: &str,
        fetched: Result<String, String>,
        fx: &mut Effects,
    ) {
        match fetched {
            Ok(text) if !crate::sim::is_mission_file(&text) => self.sim.notice(
                &format!("kubeloop: ?mission={path}: the file is not a mission or a course"),
                true,
            ),
            Ok(text) if self.sim.has_run(&crate::sim::load_line(&text)) => {}
            Ok(text) => {
                let ran = self.update(Msg::Import(text));
                fx.merge(ran);
            }
            Err(e) => self
                .sim
                .notice(&format!("kubeloop: cannot fetch the mission file {path}: {e}"), true),
        }
    }
}
