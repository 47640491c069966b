//! The page's side of the browser: the session it starts with, and the effects the reducer
//! asks for (storage, clipboard, focus, keys). `Page` decides; this file only acts.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::page::{Effects, KeyPress, Msg, Page};
use crate::sim::{Sim, Speed};
use crate::{presenter, storage};

pub type Shared = Rc<RefCell<Page>>;

pub fn real_now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map(|p| p.now()).unwrap_or(0.0)
}

/// The page to start with: a share link's session, else the one saved by the last visit,
/// else a fresh cluster. A link or a saved value that cannot be used says why and starts fresh.
pub fn initial_page() -> Page {
    let (what, found) = match storage::link_session() {
        Some(r) => ("shared session in the link", Some(r)),
        None => ("saved session", storage::load_session()),
    };
    let held_back = matches!(&found, Some(Ok(j)) if crate::parts::journal_needs(j).is_some());
    if !held_back {
        // Read once: a reload starts from the saved session, not from the link again.
        storage::forget_link();
    }
    let mut sim = match found {
        // Its code could not be fetched (`parts::fetch_for_restore`): replaying without it
        // would not give the same cluster, so it stays saved for a visit with a network.
        Some(Ok(_)) if held_back => {
            let mut sim = Sim::new(1);
            sim.notice(
                &format!(
                    "kubeloop: the {what} needs code that could not be fetched (offline?); reload when online to restore it. Starting with a fresh cluster."
                ),
                true,
            );
            sim
        }
        Some(Ok(journal)) => {
            let mut sim = Sim::restore(&journal);
            let n = journal.entries.len();
            let inputs = if n == 1 { "input" } else { "inputs" };
            sim.notice(&format!("kubeloop: restored the {what} ({n} {inputs} replayed)"), false);
            sim
        }
        Some(Err(why)) => {
            storage::clear_session();
            let mut sim = Sim::new(1);
            sim.notice(
                &format!(
                    "kubeloop: the {what} could not be used: {why}. Starting with a fresh cluster."
                ),
                true,
            );
            sim
        }
        None => {
            // A first visit runs at half speed, so each loop's move can be followed.
            let mut sim = Sim::new(1);
            sim.speed = Speed::FIRST_RUN;
            sim.notice(
                "kubeloop: first visit, so the clock runs at half speed; the speed dial changes it.",
                false,
            );
            sim
        }
    };
    let courses: Vec<(String, Vec<String>)> =
        sim.courses.iter().map(|c| (c.name.clone(), c.missions.clone())).collect();
    sim.done = storage::load_done(&courses);
    if let Some(notice) = storage::update_notice() {
        sim.notice(&notice, false);
    }
    let mut page = Page::new(sim, presenter::load(), storage::embed_requested());
    page.lang = crate::words::load_choice();
    page.prepare(real_now());
    page
}

/// Runs one message through the reducer, carries out its effects and redraws. Returns the
/// effects, so a key handler knows whether the key was taken.
pub fn dispatch(page: &Shared, redraw: &Callback<()>, msg: Msg) -> Effects {
    let fx = page.borrow_mut().update(msg);
    carry_out(page, redraw, &fx);
    page.borrow_mut().prepare(real_now());
    redraw.emit(());
    fx
}

/// What the reducer asked for, done.
pub fn carry_out(page: &Shared, redraw: &Callback<()>, fx: &Effects) {
    if fx.save_session {
        storage::save_session(page.borrow_mut().sim.snapshot());
    }
    if fx.save_done {
        storage::save_done(&page.borrow().sim.done);
    }
    if let Some(on) = fx.save_presenter {
        presenter::save(on);
    }
    if let Some(lang) = fx.save_lang {
        crate::words::save_choice(lang);
    }
    if let Some(lang) = fx.fetch_lang {
        let (page, redraw) = (page.clone(), redraw.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let outcome = crate::words::fetch(lang).await;
            dispatch(&page, &redraw, Msg::LangArrived { lang, outcome });
        });
    }
    if let Some(journal) = &fx.share {
        copy_link(page.clone(), redraw.clone(), storage::share_link(journal));
    }
    if let Some(draft) = &fx.command_draft {
        fill_command_box(draft);
    }
    if fx.focus_command {
        focus_command_box();
    }
    if fx.leave_command_box {
        leave_command_box();
    }
    if !fx.live.is_empty() {
        crate::live::net::carry_out(page, redraw, &fx.live);
    }
    if let Some(part) = fx.fetch_part {
        let (page, redraw) = (page.clone(), redraw.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let fetched = crate::parts::fetch(part).await;
            dispatch(&page, &redraw, Msg::PartArrived(fetched));
        });
    }
    if fx.link_yaml {
        let (page, redraw) = (page.clone(), redraw.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let linked = crate::lazy::link_yaml().await.map_err(|e| e.to_string());
            dispatch(&page, &redraw, Msg::YamlExport(linked));
        });
    }
    for msg in &fx.redispatch {
        dispatch(page, redraw, msg.clone());
    }
    if let Some(path) = fx.fetch_mission.clone() {
        let (page, redraw) = (page.clone(), redraw.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let fetched = crate::explain_docs::fetch(&path).await;
            dispatch(&page, &redraw, Msg::MissionFile { path, fetched });
        });
    }
    if fx.fetch_explain_docs {
        let (page, redraw) = (page.clone(), redraw.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let fetched = crate::explain_docs::fetch(crate::page::EXPLAIN_DOCS_URL).await;
            dispatch(&page, &redraw, Msg::ExplainDocs(fetched));
        });
    }
}

/// Copies the link, then tells the reducer whether the clipboard took it.
fn copy_link(page: Shared, redraw: Callback<()>, link: Option<String>) {
    let clipboard = web_sys::window().map(|w| w.navigator().clipboard());
    let (Some(url), Some(clipboard)) = (link.clone(), clipboard) else {
        dispatch(&page, &redraw, Msg::Shared { link, copied: false });
        return;
    };
    let promise = clipboard.write_text(&url);
    wasm_bindgen_futures::spawn_local(async move {
        let copied = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
        dispatch(&page, &redraw, Msg::Shared { link: Some(url), copied });
    });
}

pub fn focus_command_box() {
    let field = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("[aria-label='kubectl command']").ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(field) = field {
        let _ = field.focus();
    }
}

/// Puts `text` in the command box, unentered, with the caret after it.
fn fill_command_box(text: &str) {
    let field = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("command-input"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok());
    if let Some(field) = field {
        field.set_value(text);
        let end = text.encode_utf16().count() as u32;
        let _ = field.set_selection_range(end, end);
        let _ = field.focus();
    }
}

/// What was typed into index.html's loading frame (`#loading-input`, whose script keeps the
/// entered lines in `window.kubeloopQueue.lines`), as one message for the mounted app; `None`
/// when nothing was. Read before the frame is removed, so no keystroke is lost.
pub fn take_typed_ahead() -> Option<Msg> {
    let window = web_sys::window()?;
    let queue = js_sys::Reflect::get(&window, &"kubeloopQueue".into()).ok()?;
    let lines: Vec<String> = js_sys::Reflect::get(&queue, &"lines".into())
        .ok()
        .filter(js_sys::Array::is_array)
        .map(|a| js_sys::Array::from(&a).iter().filter_map(|l| l.as_string()).collect())
        .unwrap_or_default();
    let draft = window
        .document()
        .and_then(|d| d.get_element_by_id("loading-input"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
        .map(|field| field.value())
        .unwrap_or_default();
    (!lines.is_empty() || !draft.trim().is_empty()).then_some(Msg::TypedAhead { lines, draft })
}

/// Blurs the command box: focus goes back to the page, where keys are shortcuts.
fn leave_command_box() {
    let field = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(field) = field.filter(|f| f.id() == "command-input") {
        let _ = field.blur();
    }
}

/// Whether focus is in a text field, where a key is typing.
fn typing(e: &web_sys::KeyboardEvent) -> bool {
    let el = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok());
    el.is_some_and(|el| {
        matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
            || el.is_content_editable()
    })
}

/// Sends every key pressed on the page to the reducer as `Msg::Key`; a key it takes does not
/// also reach the browser.
#[hook]
pub fn use_page_keys(page: Shared, redraw: Callback<()>) {
    use_effect_with((), move |_| {
        let handler = move |e: web_sys::KeyboardEvent| {
            let key = KeyPress {
                key: e.key(),
                modifiers: e.ctrl_key() || e.meta_key() || e.alt_key(),
                in_text: typing(&e),
                in_command_box: e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .is_some_and(|el| el.id() == "command-input"),
            };
            // Most keys are typing and change nothing: only a key the reducer took redraws.
            let fx = page.borrow_mut().update(Msg::Key(key));
            if fx.handled {
                e.prevent_default();
                carry_out(&page, &redraw, &fx);
                page.borrow_mut().prepare(real_now());
                redraw.emit(());
            }
        };
        let listener = web_sys::window().map(|window| {
            let closure = Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(handler);
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
