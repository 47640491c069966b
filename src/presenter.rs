//! Presenter mode, remembered in this browser: large type, high contrast and a big graph for a
//! projector. The page's reducer toggles it (the P key outside text fields, or the button).

/// The key presenter mode is remembered under. `index.html`'s loading frame reads it too, to
/// lay itself out as the app will be.
pub const PRESENTER_KEY: &str = "kubeloop.presenter.v1";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn load() -> bool {
    storage().and_then(|s| s.get_item(PRESENTER_KEY).ok().flatten()).as_deref() == Some("on")
}

pub fn save(on: bool) {
    if let Some(s) = storage() {
        let _ = s.set_item(PRESENTER_KEY, if on { "on" } else { "off" });
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_loading_frame_reads_the_same_key_and_query() {
        let html = include_str!("../index.html");
        assert!(html.contains(&format!("'{}'", super::PRESENTER_KEY)), "index.html's key");
        assert!(html.contains(&format!("key === '{}'", crate::storage::EMBED_PARAM)));
        for off in ["'0'", "'false'", "'no'"] {
            assert!(html.contains(off), "index.html turns embed off for {off}, as embed_in does");
        }
    }
}
