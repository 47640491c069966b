//! The API docs `kubectl explain` prints, as the page gets them: not in the wasm, but fetched
//! from `explain.json` beside the page the first time a line names `kubectl explain`. The
//! engine says when a line needs them (`Session::wants_explain_docs`); the reducer holds the
//! line (and any typed after it, so order is kept), asks for the fetch (`Effects`), and on
//! `Msg::ExplainDocs` hands the parsed docs to the session and runs what it held. When the
//! fetch fails (offline, most often), the held `explain` lines are shown with one plain
//! reason instead of each running to "not loaded".

use std::sync::Arc;

use kubeloop::kubectl::ExplainDocs;

use super::{Effects, Page};

/// Where the page is with the docs.
#[derive(Clone, Debug, Default)]
pub enum ExplainState {
    /// Not fetched yet, or the last fetch failed (the next `explain` tries again).
    #[default]
    Missing,
    /// Fetching; the lines typed meanwhile, in order.
    Loading(Vec<String>),
    Loaded(Arc<ExplainDocs>),
}

/// What a line with `kubectl explain` gets when the docs could not be fetched for want of a
/// network.
pub const EXPLAIN_OFFLINE: &str = "kubeloop: the API docs `kubectl explain` prints are not available offline (the page fetches them on first use); try again when online";

/// The asset's path, relative to the page (Trunk copies it beside index.html).
pub const EXPLAIN_DOCS_URL: &str = "./explain.json";

impl Page {
    /// A typed line: held while the docs load, held and fetched for when it needs them,
    /// run otherwise. Returns whether it ran (and so may have changed the cluster).
    pub(super) fn command(&mut self, line: String, fx: &mut Effects) -> bool {
        if let ExplainState::Loading(held) = &mut self.explain {
            held.push(line);
            return false;
        }
        if self.sim.session.wants_explain_docs(&line) {
            match &self.explain {
                // A replayed or forked session starts without them: hand them over again.
                ExplainState::Loaded(docs) => self.hand_docs(docs.clone()),
                _ => {
                    self.explain = ExplainState::Loading(vec![line]);
                    fx.fetch_explain_docs = true;
                    return false;
                }
            }
        }
        self.run_or_answer(&line);
        true
    }

    /// Runs `line`, or, while an earlier moment is on show, answers it about that moment.
    fn run_or_answer(&mut self, line: &str) {
        // A moment replayed for the timeline starts without the docs.
        if let (true, ExplainState::Loaded(docs)) = (self.sim.in_past(), &self.explain) {
            self.hand_docs(docs.clone());
        }
        if !self.sim.answer_in_past(line) {
            self.sim.run_command(line);
        }
    }

    /// Gives the docs to the live session and to the earlier moment's, if one is on show.
    fn hand_docs(&mut self, docs: Arc<ExplainDocs>) {
        self.sim.session.set_explain_docs(docs.clone());
        if let Some(past) = self.sim.past.as_deref_mut() {
            past.sim.session.set_explain_docs(docs);
        }
    }

    /// What the fetch came to: the asset's text, or why there is none.
    pub(super) fn explain_docs_arrived(&mut self, fetched: Result<String, String>) -> bool {
        let held = match std::mem::take(&mut self.explain) {
            ExplainState::Loading(held) => held,
            _ => Vec::new(),
        };
        // A fetch that never got an HTTP answer means no network (the service worker keeps
        // only what the page has already loaded); an answer that is not the docs is a fault.
        let offline = matches!(&fetched, Err(e) if !e.starts_with("HTTP "));
        let failure = match fetched.and_then(|text| ExplainDocs::parse(&text)) {
            Ok(docs) => {
                let docs = Arc::new(docs);
                self.hand_docs(docs.clone());
                self.explain = ExplainState::Loaded(docs);
                None
            }
            Err(_) if offline => Some(EXPLAIN_OFFLINE.to_string()),
            Err(e) => Some(format!(
                "kubeloop: could not load the API docs for `kubectl explain` ({EXPLAIN_DOCS_URL}): {e}"
            )),
        };
        let mut ran = false;
        for line in held {
            if failure.is_some() && self.sim.session.wants_explain_docs(&line) {
                // It would only say the docs are missing: shown, not run, and said once below.
                self.sim.echo_unrun(&line);
            } else {
                self.run_or_answer(&line);
                ran = true;
            }
        }
        if let Some(failure) = failure {
            // The next `explain` fetches again.
            self.sim.notice(&failure, true);
        }
        ran
    }
}

#[cfg(test)]
mod tests {
    use super::EXPLAIN_DOCS_URL;

    /// The service worker fetches the docs ahead of their first use, by the URL the page
    /// fetches them from, so `explain` works offline after one visit.
    #[test]
    fn the_service_worker_fetches_the_docs_ahead_by_the_url_the_page_uses() {
        let worker = include_str!("../../static/sw.js");
        let later = worker.lines().find(|l| l.starts_with("const LATER = ")).expect("sw.js LATER");
        assert!(later.contains(&format!("'{EXPLAIN_DOCS_URL}'")), "{later}");
    }
}
