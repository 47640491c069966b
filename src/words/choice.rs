//! Which language the page speaks: `?lang=` in the link, the choice made in this browser, or
//! the browser's own language at a first visit (`navigator.languages`).

use super::Lang;

/// The query parameter a teacher's link names the language with: `?lang=de`.
pub const LANG_PARAM: &str = "lang";
/// The key the language chosen in this browser lives under.
pub const LANG_KEY: &str = "kubeloop.lang.v1";

/// The tag a URL's query (`location.search`, with or without its `?`) asks for, if any.
pub fn lang_in(query: &str) -> Option<&str> {
    query.trim_start_matches('?').split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key == LANG_PARAM).then_some(value)
    })
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The language this page starts in (`Lang::pick` over what the browser holds).
pub fn load_choice() -> Lang {
    let Some(window) = web_sys::window() else { return Lang::default() };
    let query = window.location().search().unwrap_or_default();
    let stored = storage().and_then(|s| s.get_item(LANG_KEY).ok().flatten());
    let browser: Vec<String> = window
        .navigator()
        .languages()
        .iter()
        .filter_map(|tag| tag.as_string())
        .chain(window.navigator().language())
        .collect();
    Lang::pick(lang_in(&query), stored.as_deref(), &browser)
}

/// Remembers a language picked on the page.
pub fn save_choice(lang: Lang) {
    if let Some(s) = storage() {
        let _ = s.set_item(LANG_KEY, lang.code());
    }
}

/// Fetches a language's messages from beside the page and gives them to it.
pub async fn fetch(lang: Lang) -> Result<(), String> {
    let mut texts = Vec::new();
    for url in lang.urls() {
        let text = crate::explain_docs::fetch(&url).await.map_err(|e| format!("{url}: {e}"))?;
        texts.push(text);
    }
    super::provide(lang, texts)
}

/// `<html lang>` set to the language the page shows, for screen readers, hyphenation and the
/// browser's own translate offer.
pub fn show_choice(lang: Lang) {
    if let Some(html) =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element())
    {
        let _ = html.set_attribute("lang", lang.code());
    }
}
