//! The API docs `kubectl explain` prints, as the page gets them: not in the wasm, but fetched
//! from `explain.json` beside the page the first time a line names `kubectl explain`. The
//! engine says when a line needs them (`Session::wants_explain_docs`); the reducer holds the
//! line (and any typed after it, so order is kept), asks for the fetch (`Effects`), and on
//! `Msg::ExplainDocs` hands the parsed docs to the session and runs what it held.

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
                ExplainState::Loaded(docs) => self.sim.session.set_explain_docs(docs.clone()),
                _ => {
                    self.explain = ExplainState::Loading(vec![line]);
                    fx.fetch_explain_docs = true;
                    return false;
                }
            }
        }
        self.sim.run_command(&line);
        true
    }

    /// What the fetch came to: the asset's text, or why there is none.
    pub(super) fn explain_docs_arrived(&mut self, fetched: Result<String, String>) -> bool {
        let held = match std::mem::take(&mut self.explain) {
            ExplainState::Loading(held) => held,
            _ => Vec::new(),
        };
        match fetched.and_then(|text| ExplainDocs::parse(&text)) {
            Ok(docs) => {
                let docs = Arc::new(docs);
                self.sim.session.set_explain_docs(docs.clone());
                self.explain = ExplainState::Loaded(docs);
            }
            Err(e) => self.sim.notice(
                &format!("kubeloop: could not load the API docs for `kubectl explain` ({EXPLAIN_DOCS_URL}): {e}"),
                true,
            ),
        }
        let ran = !held.is_empty();
        for line in held {
            // Without docs, each `explain` in them says so; the next one fetches again.
            self.sim.run_command(&line);
        }
        ran
    }
}
