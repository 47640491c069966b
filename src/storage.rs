//! Progress saved in the browser: the names of completed missions, and nothing else, under one
//! versioned `localStorage` key. The encoding is pure and tested natively; the glue is a
//! few lines that give up quietly when storage is missing or refuses (private mode, quota).

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
