//! The session as a replayable journal: the seed plus every input with the simulated time it
//! came at. The engine is deterministic, so replaying a journal rebuilds the exact cluster; it
//! is what a reload restores and what a share link carries. The format is versioned and every
//! field is bounded, because a stored value or a link may come from anywhere.

use serde::{Deserialize, Serialize};

/// Bumped on any incompatible change; other versions are refused with a message.
pub const VERSION: u32 = 1;
/// Most inputs a journal may hold.
pub const MAX_ENTRIES: usize = 1_000;
/// Largest encoded journal accepted (a stored value or a link).
pub const MAX_BYTES: usize = 256 * 1024;
/// Restoring replays at most this much simulated time after the last input.
pub const MAX_IDLE_REPLAY_MS: i64 = 10 * 60 * 1000;
/// Most single actions one step entry may hold; a session steps by hand, so this is far more
/// than anyone presses, and it bounds what a replay does.
pub const MAX_STEPS: u32 = 10_000;
/// Inputs later than this (simulated) are refused: replaying them would take too long.
pub const MAX_SPAN_MS: i64 = 24 * 60 * 60 * 1000;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Journal {
    pub version: u32,
    pub seed: u64,
    /// Simulated time when the journal was written.
    pub now_ms: i64,
    pub entries: Vec<Entry>,
    /// The playback controls when it was written, so a link opens paused or playing at the
    /// speed the teacher had. Older journals have none and open with the page's defaults.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playback: Option<Playback>,
}

/// Paused or playing, and the speed dial's factor.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Playback {
    pub paused: bool,
    pub speed: f64,
}

/// One input, at a simulated time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub at: i64,
    #[serde(flatten)]
    pub input: Input,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Input {
    /// A command line, typed or made by a button.
    Cmd(String),
    /// A mission started (reset plus its setup).
    Mission(String),
    /// YAML saved from the `k edit` editor.
    Edit(String),
    /// Step mode: this many single controller actions, back to back.
    Step(u32),
    /// Ctrl+C or Stop on a pending watch or wait.
    Interrupt,
    /// Step mode's Jump: the clock runs to the next timer, then one action.
    Jump,
}

impl Journal {
    pub fn new(seed: u64) -> Self {
        Journal { version: VERSION, seed, now_ms: 0, entries: Vec::new(), playback: None }
    }

    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Parses and validates a stored or linked journal.
    pub fn decode(text: &str) -> Result<Journal, String> {
        if text.len() > MAX_BYTES {
            return Err(format!("it is {} bytes, more than the {MAX_BYTES} allowed", text.len()));
        }
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("it is not valid JSON ({e})"))?;
        match value.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v == u64::from(VERSION) => {}
            Some(v) => {
                return Err(format!(
                    "it was written by format version {v}; this page reads version {VERSION}"
                ))
            }
            None => return Err("it has no format version".into()),
        }
        // From `&Value`, the engine's one decoding path: `from_value` would compile the
        // owned-`Value` decoders too.
        let j = Journal::deserialize(&value)
            .map_err(|e| format!("it is not a kubeloop session ({e})"))?;
        if j.entries.len() > MAX_ENTRIES {
            return Err(format!("it holds {} inputs, more than {MAX_ENTRIES}", j.entries.len()));
        }
        if j.entries.iter().any(|e| matches!(e.input, Input::Step(n) if n > MAX_STEPS)) {
            return Err(format!("it asks for more than {MAX_STEPS} steps at once"));
        }
        let mut last = 0;
        for e in &j.entries {
            if e.at < last || e.at > MAX_SPAN_MS {
                return Err("its inputs are out of order or too far in time".into());
            }
            last = e.at;
        }
        if j.now_ms < last || j.now_ms > MAX_SPAN_MS + MAX_IDLE_REPLAY_MS {
            return Err("its clock is out of range".into());
        }
        Ok(j)
    }

    /// The journal for a URL fragment: JSON, deflated, then base64url. Typical sessions
    /// shrink to a fifth.
    pub fn encode_link(&self) -> String {
        use base64::Engine;
        let packed = miniz_oxide::deflate::compress_to_vec(self.encode().as_bytes(), 9);
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed)
    }

    /// Reads a link's journal. The text and what it inflates to are both bounded, so a
    /// hostile link (a zip bomb, a huge fragment) is refused before it costs anything.
    pub fn decode_link(text: &str) -> Result<Journal, String> {
        use base64::Engine;
        if text.len() > MAX_BYTES {
            return Err(format!(
                "the link is {} characters, more than the {MAX_BYTES} allowed",
                text.len()
            ));
        }
        let packed = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(text.trim_end_matches('='))
            .map_err(|_| "the link is not correctly encoded".to_string())?;
        let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_BYTES)
            .map_err(|e| match e.status {
                miniz_oxide::inflate::TINFLStatus::HasMoreOutput => {
                    format!("it unpacks to more than the {MAX_BYTES} bytes allowed")
                }
                _ => "the link is damaged (it does not unpack)".to_string(),
            })?;
        let text =
            String::from_utf8(bytes).map_err(|_| "the link is damaged (not text)".to_string())?;
        Journal::decode(&text)
    }

    /// The simulated time a replay should end at: the saved clock, but not more than
    /// `MAX_IDLE_REPLAY_MS` past the last input.
    pub fn replay_until(&self) -> i64 {
        let last = self.entries.last().map_or(0, |e| e.at);
        self.now_ms.min(last + MAX_IDLE_REPLAY_MS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Journal {
        let mut j = Journal::new(7);
        j.entries.push(Entry {
            at: 0,
            input: Input::Cmd("k create deployment web --image=nginx:1.27".into()),
        });
        j.entries.push(Entry { at: 3_000, input: Input::Mission("stop-for-real".into()) });
        j.entries.push(Entry { at: 9_000, input: Input::Edit("kind: Pod\n".into()) });
        j.entries.push(Entry { at: 9_000, input: Input::Step(4) });
        j.entries.push(Entry { at: 9_000, input: Input::Interrupt });
        j.entries.push(Entry { at: 9_000, input: Input::Jump });
        j.now_ms = 12_000;
        j.playback = Some(Playback { paused: true, speed: 2.0 });
        j
    }

    #[test]
    fn a_journal_round_trips() {
        let j = sample();
        assert_eq!(Journal::decode(&j.encode()), Ok(j));
    }

    #[test]
    fn a_journal_saved_before_interrupts_existed_still_loads() {
        let old = r#"{"version":1,"seed":7,"now_ms":5000,"entries":[{"at":0,"cmd":"k get pods -w"},{"at":900,"step":3}]}"#;
        let j = Journal::decode(old).expect("an older journal of the same version loads");
        assert_eq!(j.entries[1].input, Input::Step(3));
        let mut with = j.clone();
        with.entries.push(Entry { at: 1_000, input: Input::Interrupt });
        assert!(with.encode().contains(r#""interrupt""#), "{}", with.encode());
        assert_eq!(Journal::decode(&with.encode()), Ok(with));
    }

    #[test]
    fn foreign_old_and_hostile_values_are_refused_with_a_reason() {
        assert!(Journal::decode("not json").unwrap_err().contains("not valid JSON"));
        assert!(Journal::decode("{}").unwrap_err().contains("no format version"));
        assert!(Journal::decode(r#"{"version":0,"seed":1,"now_ms":0,"entries":[]}"#)
            .unwrap_err()
            .contains("version 0"));
        assert!(Journal::decode(r#"{"version":1,"seed":1,"now_ms":0,"entries":[],"x":1}"#)
            .unwrap_err()
            .contains("not a kubeloop session"));
        let mut j = sample();
        j.entries[1].at = -5;
        assert!(Journal::decode(&j.encode()).unwrap_err().contains("out of order"));
        let mut j = sample();
        j.entries[3].input = Input::Step(MAX_STEPS + 1);
        assert!(Journal::decode(&j.encode()).unwrap_err().contains("steps"));
        let mut j = sample();
        j.now_ms = i64::MAX;
        assert!(Journal::decode(&j.encode()).unwrap_err().contains("clock"));
        assert!(Journal::decode(&"x".repeat(MAX_BYTES + 1)).unwrap_err().contains("bytes"));
    }

    #[test]
    fn a_link_round_trips_and_is_smaller_than_the_json() {
        let mut j = sample();
        for i in 0..50 {
            j.entries.push(Entry { at: 9_000 + i, input: Input::Cmd("k get pods -o wide".into()) });
        }
        j.now_ms = 20_000;
        let link = j.encode_link();
        assert!(link.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        assert!(link.len() * 4 < j.encode().len(), "{} vs {}", link.len(), j.encode().len());
        assert_eq!(Journal::decode_link(&link), Ok(j));
    }

    #[test]
    fn hostile_links_are_refused_with_a_reason() {
        use base64::Engine;
        let b64 = |bytes: &[u8]| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
        // A bomb: a megabyte of spaces deflates to a kilobyte.
        let bomb = miniz_oxide::deflate::compress_to_vec(&vec![b' '; 4 * MAX_BYTES], 9);
        assert!(bomb.len() < 20_000);
        assert!(Journal::decode_link(&b64(&bomb)).unwrap_err().contains("unpacks to more"));
        assert!(Journal::decode_link("%%%").unwrap_err().contains("not correctly encoded"));
        assert!(Journal::decode_link(&b64(b"not deflate")).unwrap_err().contains("damaged"));
        let not_utf8 = miniz_oxide::deflate::compress_to_vec(&[0xff, 0xfe], 9);
        assert!(Journal::decode_link(&b64(&not_utf8)).unwrap_err().contains("not text"));
        let foreign = miniz_oxide::deflate::compress_to_vec(br#"{"version":9}"#, 9);
        assert!(Journal::decode_link(&b64(&foreign)).unwrap_err().contains("version 9"));
        assert!(Journal::decode_link(&"A".repeat(MAX_BYTES + 1))
            .unwrap_err()
            .contains("characters"));
    }

    #[test]
    fn a_long_idle_tail_is_cut_short() {
        let mut j = sample();
        j.now_ms = 9_000 + 3 * MAX_IDLE_REPLAY_MS;
        assert_eq!(j.replay_until(), 9_000 + MAX_IDLE_REPLAY_MS);
    }
}
