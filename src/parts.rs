//! The browser's side of kubectl's parts (`kubeloop::parts`): fetching one, and
//! fetching what a saved or shared session needs before it replays, so a replay runs every
//! command it recorded as it ran the first time. The reducer decides when to fetch
//! (`page/parts.rs`); this only fetches.

use kubeloop::parts::{self, Part};

use crate::journal::{Input, Journal};

/// Fetches `part` and links it; an error says why it could not be had.
pub async fn fetch(part: Part) -> Result<(), String> {
    match part {
        Part::Course => crate::lazy::course().await.map_err(|e| e.to_string()),
    }
}

/// The first part a journal's inputs need that is not here yet: its command lines' (a
/// mission file's reader is in the course part), and the setups of the missions it starts (a
/// mission's setup runs kubectl too).
pub fn journal_needs(journal: &Journal) -> Option<Part> {
    journal.entries.iter().find_map(|entry| match &entry.input {
        Input::Cmd(line) if crate::sim::loads_a_file(line) => parts::missing_course(),
        Input::Cmd(line) => parts::missing(line),
        Input::Mission(name) => kubeloop::mission::builtin()
            .into_iter()
            .find(|m| &m.name == name)
            .and_then(|m| parts::missing(&m.setup)),
        _ => None,
    })
}

/// Before the page starts: fetches what the session it will restore needs. A failed fetch
/// is left for `boot::initial_page` to report (it then keeps the session for a later visit).
pub async fn fetch_for_restore() {
    let saved = match crate::storage::link_session() {
        Some(found) => Some(found),
        None => crate::storage::load_session(),
    };
    if let Some(part) = saved.and_then(Result::ok).as_ref().and_then(journal_needs) {
        let _ = fetch(part).await;
    }
}
