//! The browser's side of kubectl's parts (`kubeloop::parts`): fetching one, and
//! fetching what a saved or shared session needs before it replays, so a replay runs every
//! command it recorded as it ran the first time. The reducer decides when to fetch
//! (`page/parts.rs`); this only fetches.

use kubeloop::parts::{self, Part};

use crate::journal::{Input, Journal};

/// Fetches `part` and links it; an error says why it could not be had. The course part
/// brings the built-in missions' text too (a file beside the page: data, which a chunk cannot
/// carry), read by the chunk's code so their decoders ship with it.
pub async fn fetch(part: Part) -> Result<(), String> {
    match part {
        Part::Course => {
            let missions = builtin_missions().await?;
            crate::lazy::course(missions).await.map_err(|e| e.to_string())?
        }
    }
}

/// The built-in missions' file, which scripts/split writes beside the page and lists with the
/// chunks (`<meta name="kubeloop-chunks">`, so the service worker keeps it for offline).
#[cfg(kubeloop_split)]
async fn builtin_missions() -> Result<String, String> {
    let listed = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("meta[name=kubeloop-chunks]").ok().flatten())
        .and_then(|m| m.get_attribute("content"))
        .unwrap_or_default();
    let url = listed
        .split_whitespace()
        .find(|f| f.contains("kubeloop-missions-") && f.ends_with(".yaml"))
        .ok_or("the page lists no missions file")?;
    crate::explain_docs::fetch(url).await.map_err(|e| format!("the missions: {e}"))
}

/// Every other build has the built-in missions compiled in.
#[cfg(not(kubeloop_split))]
async fn builtin_missions() -> Result<String, String> {
    Ok(String::new())
}

/// The first part a journal's inputs need that is not here yet: its command lines' (a
/// mission file's reader is in the course part), and the course part for a mission it
/// starts (the built-in missions come with it).
pub fn journal_needs(journal: &Journal) -> Option<Part> {
    journal.entries.iter().find_map(|entry| match &entry.input {
        Input::Cmd(line) if crate::sim::loads_a_file(line) => parts::missing_course(),
        Input::Cmd(line) => parts::missing(line),
        // The built-in missions arrive with the course part in the release build, and an
        // edit's patch is in it.
        Input::Mission(_) | Input::Edit(_) => parts::missing_course(),
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
