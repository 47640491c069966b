//! What the browser keeps: the names of completed missions, and the session journal (so a
//! reload restores the cluster), each under its own versioned `localStorage` key; and the
//! share link, which carries a journal in the URL's fragment. Encodings are pure and tested
//! natively; the glue gives up quietly when storage is missing or refuses (private mode, quota).

use std::collections::BTreeSet;

/// The key the completed missions live under. A new format gets a new key, so an old value is
/// never misread.
pub const MISSIONS_KEY: &str = "kubeloop.missions.v1";

/// Longest value we read back; anything longer is not ours and is ignored.
const MAX_VALUE_LEN: usize = 4_096;

/// The completed missions as a comma-separated list of names.
pub fn encode_done(done: &BTreeSet<String>) -> String {
    done.iter().map(String::as_str).collect::<Vec<_>>().join(",")
}

/// The completed missions a stored value names, keeping only names in `known`. Garbage (a
/// foreign or truncated value, unknown names) gives fewer names, never an error.
pub fn decode_done(value: &str, known: &[String]) -> BTreeSet<String> {
    if value.len() > MAX_VALUE_LEN {
        return BTreeSet::new();
    }
    value
        .split(',')
        .map(str::trim)
        .filter(|name| known.iter().any(|k| k == name))
        .map(str::to_string)
        .collect()
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The completed missions saved in this browser (empty when there are none or storage is off).
pub fn load_done(known: &[String]) -> BTreeSet<String> {
    local_storage()
        .and_then(|s| s.get_item(MISSIONS_KEY).ok().flatten())
        .map(|v| decode_done(&v, known))
        .unwrap_or_default()
}

/// Saves the completed missions. Failure (no storage, quota) only means progress is not kept.
pub fn save_done(done: &BTreeSet<String>) {
    if let Some(s) = local_storage() {
        let _ = s.set_item(MISSIONS_KEY, &encode_done(done));
    }
}

/// The key the session journal lives under (see `journal::VERSION` for the format inside).
pub const SESSION_KEY: &str = "kubeloop.session.v1";
/// The fragment prefix of a share link: `#z=<journal, deflated, base64url>`.
pub const LINK_PREFIX: &str = "#z=";
/// The first link format, `#s=<journal JSON, URI-encoded>`: still read, never written.
pub const OLD_LINK_PREFIX: &str = "#s=";

/// The saved session, if there is one: Ok, or why it cannot be used.
pub fn load_session() -> Option<Result<crate::journal::Journal, String>> {
    let value = local_storage()?.get_item(SESSION_KEY).ok().flatten()?;
    Some(crate::journal::Journal::decode(&value))
}

pub fn save_session(journal: &crate::journal::Journal) {
    if let Some(s) = local_storage() {
        let _ = s.set_item(SESSION_KEY, &journal.encode());
    }
}

pub fn clear_session() {
    if let Some(s) = local_storage() {
        let _ = s.remove_item(SESSION_KEY);
    }
}

/// The journal a share link carries, if the page was opened with one.
pub fn link_session() -> Option<Result<crate::journal::Journal, String>> {
    let hash = web_sys::window()?.location().hash().ok()?;
    if let Some(packed) = hash.strip_prefix(LINK_PREFIX) {
        return Some(crate::journal::Journal::decode_link(packed));
    }
    let encoded = hash.strip_prefix(OLD_LINK_PREFIX)?;
    if encoded.len() > crate::journal::MAX_BYTES * 3 {
        return Some(Err("the link is too long".into()));
    }
    let text = js_sys::decode_uri_component(encoded)
        .ok()
        .and_then(|s| s.as_string())
        .ok_or_else(|| "the link is not correctly encoded".to_string());
    Some(text.and_then(|t| crate::journal::Journal::decode(&t)))
}

/// Puts the journal in the page's URL and returns the link to share.
pub fn share_link(journal: &crate::journal::Journal) -> Option<String> {
    let location = web_sys::window()?.location();
    let hash = format!("{LINK_PREFIX}{}", journal.encode_link());
    let _ = location.set_hash(&hash);
    let base = location.href().ok()?;
    let base = base.split('#').next().unwrap_or("").to_string();
    Some(format!("{base}{hash}"))
}

/// Drops a share link from the URL once it has been loaded, so a reload uses the saved session.
pub fn forget_link() {
    if let Some(w) = web_sys::window() {
        if let Ok(h) = w.history() {
            let path = w.location().pathname().unwrap_or_default();
            let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known() -> Vec<String> {
        vec!["delete-a-pod".into(), "stop-for-real".into()]
    }

    #[test]
    fn done_missions_round_trip_through_a_comma_list() {
        let done: BTreeSet<String> = known().into_iter().collect();
        assert_eq!(encode_done(&done), "delete-a-pod,stop-for-real");
        assert_eq!(decode_done(&encode_done(&done), &known()), done);
        assert_eq!(encode_done(&BTreeSet::new()), "");
        assert!(decode_done("", &known()).is_empty());
    }

    #[test]
    fn garbage_and_unknown_names_are_ignored() {
        let got = decode_done(" stop-for-real ,,nope,{\"json\":1},\u{0}", &known());
        assert_eq!(got, BTreeSet::from(["stop-for-real".to_string()]));
        assert!(decode_done("{not ours}", &known()).is_empty());
        assert!(decode_done(&"stop-for-real,".repeat(1_000), &known()).is_empty());
    }
}
