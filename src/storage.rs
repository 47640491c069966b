//! What the browser keeps: the names of completed missions, the session journal (so a reload
//! restores the cluster) and the build last seen (so the page can say it was updated), each
//! under its own versioned `localStorage` key; the share link, which carries a journal in the
//! URL's fragment; and `?embed`, which asks for the bare graph and command box. Encodings are
//! pure and tested natively; the glue gives up quietly when storage is missing or refuses
//! (private mode, quota).

use std::collections::BTreeSet;

/// The key progress lives under: the missions passed, per course. A new format gets a new
/// key, so an old value is never misread.
pub const PROGRESS_KEY: &str = "kubeloop.progress.v1";
/// The first format: the missions passed, by name alone. Still read, never written.
pub const MISSIONS_KEY: &str = "kubeloop.missions.v1";

/// Longest value we read back; anything longer is not ours and is ignored.
const MAX_VALUE_LEN: usize = 4_096;
/// Longest progress value: a hundred courses' worth.
const MAX_PROGRESS_LEN: usize = 256 * 1024;

/// The passed missions as a comma-separated list of `course/mission`.
pub fn encode_done(done: &BTreeSet<String>) -> String {
    done.iter().map(String::as_str).collect::<Vec<_>>().join(",")
}

/// The passed missions a stored value names. Courses come and go with the files a teacher
/// loads, so any well-formed `course/mission` is kept; garbage (a foreign or truncated value)
/// gives fewer entries, never an error.
pub fn decode_done(value: &str) -> BTreeSet<String> {
    if value.len() > MAX_PROGRESS_LEN {
        return BTreeSet::new();
    }
    let label = |s: &str| {
        !s.is_empty()
            && s.len() <= 63
            && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    value
        .split(',')
        .map(str::trim)
        .filter(|e| e.split_once('/').is_some_and(|(c, m)| label(c) && label(m)))
        .map(str::to_string)
        .collect()
}

/// The first format's names, each counted in every course (`name`, `missions`) holding it.
pub fn migrate_done(old: &str, courses: &[(String, Vec<String>)]) -> BTreeSet<String> {
    if old.len() > MAX_VALUE_LEN {
        return BTreeSet::new();
    }
    let names: Vec<&str> = old.split(',').map(str::trim).collect();
    courses
        .iter()
        .flat_map(|(course, missions)| {
            missions
                .iter()
                .filter(|m| names.contains(&m.as_str()))
                .map(move |m| format!("{course}/{m}"))
        })
        .collect()
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The progress saved in this browser (empty when there is none or storage is off); the
/// first format's, counted in the `courses` that hold its missions.
pub fn load_done(courses: &[(String, Vec<String>)]) -> BTreeSet<String> {
    let Some(s) = local_storage() else { return BTreeSet::new() };
    if let Some(v) = s.get_item(PROGRESS_KEY).ok().flatten() {
        return decode_done(&v);
    }
    s.get_item(MISSIONS_KEY).ok().flatten().map(|v| migrate_done(&v, courses)).unwrap_or_default()
}

/// Saves the progress. Failure (no storage, quota) only means progress is not kept.
pub fn save_done(done: &BTreeSet<String>) {
    if let Some(s) = local_storage() {
        let _ = s.set_item(PROGRESS_KEY, &encode_done(done));
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
/// The query stays: an embedded page (`?embed#z=...`) stays embedded when reloaded.
pub fn forget_link() {
    if let Some(w) = web_sys::window() {
        if let Ok(h) = w.history() {
            let path = w.location().pathname().unwrap_or_default();
            let query = w.location().search().unwrap_or_default();
            let url = format!("{path}{query}");
            let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
    }
}

/// The query parameter that asks for the embedded layout: `?embed`, also `?embed=1`.
pub const EMBED_PARAM: &str = "embed";

/// Whether a URL's query (`location.search`, with or without its `?`) asks for the embedded
/// layout. `embed=0`, `embed=false` and `embed=no` do not, so a link can switch it off.
pub fn embed_in(query: &str) -> bool {
    query.trim_start_matches('?').split('&').any(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        key == EMBED_PARAM && !matches!(value, "0" | "false" | "no")
    })
}

/// Whether the page was opened to be embedded (in an iframe, say): graph and command box only.
pub fn embed_requested() -> bool {
    web_sys::window().and_then(|w| w.location().search().ok()).is_some_and(|q| embed_in(&q))
}

/// The query parameter that names a mission or course file served beside the page.
pub const MISSION_PARAM: &str = "mission";

/// `PATH` from a URL's query `?mission=PATH`, percent-decoded; `None` without one.
pub fn mission_in(query: &str) -> Option<String> {
    query.trim_start_matches('?').split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=')?;
        (key == MISSION_PARAM).then(|| percent_decoded(value))
    })
}

/// A query value with its `%XX` escapes decoded (`+` is a space); a broken escape stays as
/// written, and bytes that are not UTF-8 become U+FFFD.
fn percent_decoded(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The mission file the page was opened with, if any.
pub fn mission_requested() -> Option<String> {
    web_sys::window().and_then(|w| w.location().search().ok()).and_then(|q| mission_in(&q))
}

/// The key the build last seen in this browser lives under.
pub const BUILD_KEY: &str = "kubeloop.build.v1";
/// What the page prints when the build changed since the last visit.
pub const UPDATED_NOTICE: &str = "kubeloop: updated to a new version since your last visit";

/// The notice for a visit of build `current` after one of `previous` (None: never visited, or
/// storage was cleared, which is not an update).
pub fn notice_for(previous: Option<&str>, current: &str) -> Option<String> {
    match previous {
        Some(p) if p != current && p.len() <= MAX_VALUE_LEN => Some(UPDATED_NOTICE.to_string()),
        _ => None,
    }
}

/// This build's identity: the file name of its WebAssembly module, which Trunk names by a hash
/// of the content (`kubeloop-web-<hash>_bg.wasm`, packed as `…_bg.wasm.xz` in the release
/// page: scripts/split), so it changes exactly when the code does. Trunk preloads the module
/// with a `<link>`; without one (tests, other hosts) there is no id.
pub fn build_id() -> Option<String> {
    let document = web_sys::window()?.document()?;
    let link =
        document.query_selector("link[href$='_bg.wasm'], link[href$='_bg.wasm.xz']").ok()??;
    let href = link.get_attribute("href")?;
    build_id_of(&href)
}

/// The file name in a module's URL, if it is one.
pub fn build_id_of(href: &str) -> Option<String> {
    let name = href.split(['?', '#']).next()?.rsplit('/').next()?;
    (name.ends_with(".wasm") || name.ends_with(".wasm.xz")).then(|| name.to_string())
}

/// Records this build as seen and says whether it is new since the last visit: call once at
/// load and print what it returns.
pub fn update_notice() -> Option<String> {
    let current = build_id()?;
    let storage = local_storage()?;
    let previous = storage.get_item(BUILD_KEY).ok().flatten();
    if previous.as_deref() != Some(current.as_str()) {
        let _ = storage.set_item(BUILD_KEY, &current);
    }
    notice_for(previous.as_deref(), &current)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known() -> Vec<String> {
        vec!["delete-a-pod".into(), "stop-for-real".into()]
    }

    #[test]
    fn progress_round_trips_through_a_comma_list_per_course() {
        let done: BTreeSet<String> =
            ["reconciliation-loop/delete-a-pod", "week-one/mine"].map(String::from).into();
        assert_eq!(encode_done(&done), "reconciliation-loop/delete-a-pod,week-one/mine");
        assert_eq!(decode_done(&encode_done(&done)), done);
        assert_eq!(encode_done(&BTreeSet::new()), "");
        assert!(decode_done("").is_empty());
    }

    #[test]
    fn garbage_is_ignored_and_the_first_format_counts_in_each_course_holding_it() {
        let got = decode_done(" c/stop-for-real ,,nope,{\"json\":1}/x,\u{0},a/B,a/b/c");
        assert_eq!(got, BTreeSet::from(["c/stop-for-real".to_string()]));
        assert!(decode_done(&"c/m,".repeat(100_000)).is_empty());
        let courses = vec![
            ("one".to_string(), known()),
            ("two".to_string(), vec!["stop-for-real".to_string()]),
        ];
        let got = migrate_done("stop-for-real,,nope", &courses);
        assert_eq!(got, BTreeSet::from(["one/stop-for-real".into(), "two/stop-for-real".into()]));
    }

    #[test]
    fn a_mission_query_names_a_path_percent_decoded() {
        assert_eq!(mission_in("?mission=week%201.yaml&embed"), Some("week 1.yaml".into()));
        assert_eq!(mission_in("embed&mission=a+b/c.yaml"), Some("a b/c.yaml".into()));
        assert_eq!(mission_in("?mission=%zz%2"), Some("%zz%2".into()));
        assert_eq!(mission_in("?missions=x"), None);
        assert_eq!(mission_in(""), None);
    }

    #[test]
    fn embed_is_asked_for_by_its_own_query_parameter() {
        for yes in
            ["?embed", "embed", "?embed=1", "?embed=", "?a=1&embed", "?embed&x", "?embed=yes"]
        {
            assert!(embed_in(yes), "{yes}");
        }
        for no in ["", "?", "?embed=0", "?embed=false", "?embed=no", "?embedded", "?x=embed", "?e"]
        {
            assert!(!embed_in(no), "{no}");
        }
    }

    #[test]
    fn an_update_is_noticed_once_and_a_first_visit_is_not_one() {
        let a = "kubeloop-web-ad6948590552877c_bg.wasm";
        let b = "kubeloop-web-0123456789abcdef_bg.wasm";
        assert_eq!(notice_for(None, a), None);
        assert_eq!(notice_for(Some(a), a), None);
        assert_eq!(notice_for(Some(a), b).as_deref(), Some(UPDATED_NOTICE));
        assert_eq!(notice_for(Some(&"x".repeat(10_000)), b), None, "not a value we wrote");
    }

    #[test]
    fn the_build_is_named_by_its_module_file() {
        let id = build_id_of("./kubeloop-web-ad6948590552877c_bg.wasm");
        assert_eq!(id.as_deref(), Some("kubeloop-web-ad6948590552877c_bg.wasm"));
        let id = build_id_of("https://x.github.io/kubeloop/kubeloop-web-1_bg.wasm?v=2");
        assert_eq!(id.as_deref(), Some("kubeloop-web-1_bg.wasm"));
        let id = build_id_of("./kubeloop-web-ad6948590552877c_bg.wasm.xz");
        assert_eq!(id.as_deref(), Some("kubeloop-web-ad6948590552877c_bg.wasm.xz"), "packed");
        assert_eq!(build_id_of("./style-acca187949cdd755.css"), None);
        assert_eq!(build_id_of("./docs.json.xz"), None);
    }
}
