//! Presenter mode: large type, high contrast and big boxes for a projector, toggled by the P
//! key (when not typing) or the topbar button, and remembered in this browser.

use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

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

/// Whether a key press should toggle presenter mode: a bare `p` or `P` outside any field.
pub fn is_toggle(key: &str, modifiers: bool, typing: bool) -> bool {
    matches!(key, "p" | "P") && !modifiers && !typing
}

/// Calls `on_toggle` when the P key is pressed anywhere on the page outside a text field.
#[hook]
pub fn use_presenter_key(on_toggle: Callback<()>) {
    let current = use_mut_ref(Callback::noop);
    *current.borrow_mut() = on_toggle;
    use_effect_with((), move |_| {
        let handler = Rc::new(move |e: web_sys::KeyboardEvent| {
            let typing =
                e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).is_some_and(|el| {
                    matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
                });
            let modifiers = e.ctrl_key() || e.meta_key() || e.alt_key();
            if is_toggle(&e.key(), modifiers, typing) {
                e.prevent_default();
                current.borrow().emit(());
            }
        });
        let listener = web_sys::window().map(|window| {
            let closure = Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e| handler(e));
            let _ = window
                .add_event_listener_with_callback("keydown", closure.as_ref().unchecked_ref());
            (window, closure)
        });
        move || {
            if let Some((window, closure)) = listener {
                let _ = window.remove_event_listener_with_callback(
                    "keydown",
                    closure.as_ref().unchecked_ref(),
                );
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_bare_p_outside_fields_toggles() {
        assert!(is_toggle("p", false, false));
        assert!(is_toggle("P", false, false));
        assert!(!is_toggle("p", true, false), "Ctrl+P prints");
        assert!(!is_toggle("p", false, true), "typing a p in the command box");
        assert!(!is_toggle("o", false, false));
    }
}
