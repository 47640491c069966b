//! Presenter mode, remembered in this browser: large type, high contrast and a big graph for a
//! projector. The page's reducer toggles it (the P key outside text fields, or the button).

/// The key presenter mode is remembered under.
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
