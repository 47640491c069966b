//! Entry point of the browser app: mounts the root component (replacing index.html's loading
//! frame, and handing what was typed into it to the app), installs the panic screen and
//! registers the service worker that keeps the page working offline (`static/sw.js`). The
//! panic screen is built with plain DOM calls, not Yew: after a panic the app's state cannot
//! be trusted, so nothing of it is reused.

use std::panic::PanicHookInfo;
use std::sync::atomic::{AtomicBool, Ordering};

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Set when the panic screen is shown (`stop`).
static SHOWN: AtomicBool = AtomicBool::new(false);

fn main() {
    // A saved or shared session replays when the page starts: the parts of kubectl it needs
    // are fetched first, so it replays as it ran (nothing to wait for in most visits).
    wasm_bindgen_futures::spawn_local(async {
        kubeloop_web::parts::fetch_for_restore().await;
        start();
    });
}

fn start() {
    // What was typed into the loading frame's command box goes to the app, which runs it
    // once mounted: taken before the frame goes, in the same task, so no key falls between.
    let typed_ahead = kubeloop_web::boot::take_typed_ahead();
    // `render` installs Yew's hook (console_error_panic_hook) and only queues the first render,
    // so the hook taken here is Yew's and ours wraps it before any component runs. Release
    // builds use panic=abort: hooks still run, then the module traps.
    yew::Renderer::<kubeloop_web::App>::with_props(kubeloop_web::AppProps { typed_ahead }).render();
    // index.html's loading frame stands in for the page until now. The first render is only
    // queued, and runs before the browser paints again, so the page never shows blank.
    remove_loading_frame();
    install_panic_screen();
    register_service_worker();
}

/// Shows the panic screen when the app stops: at a panic, with its message, where panics run
/// the hook (tests, `scripts/serve`); at a trap everywhere. The release page is built with
/// `panic=immediate-abort` (scripts/dist), where a panic traps at once, with no hook and no
/// message. A trap reaches JavaScript as an uncaught `WebAssembly.RuntimeError`, thrown out of
/// an event's listener (an `error` event) or a promise's job (`unhandledrejection`); any other
/// error (a browser extension's, say) leaves the page alone.
fn install_panic_screen() {
    let console = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        console(info);
        stop(Some(&panic_message(info)));
    }));
    let Some(window) = web_sys::window() else { return };
    let on_trap = Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(|event| {
        let thrown = ["error", "reason"]
            .into_iter()
            .filter_map(|field| js_sys::Reflect::get(&event, &field.into()).ok())
            .any(|e| e.is_instance_of::<js_sys::WebAssembly::RuntimeError>());
        if thrown {
            stop(None);
        }
    });
    for kind in ["error", "unhandledrejection"] {
        let _ = window.add_event_listener_with_callback(kind, on_trap.as_ref().unchecked_ref());
    }
    // Listens as long as the page lives.
    on_trap.forget();
}

/// Shows the panic screen once: later stops (a timer firing into a broken app) keep the first.
fn stop(message: Option<&str>) {
    if !SHOWN.swap(true, Ordering::SeqCst) {
        show_panic_screen(message);
    }
}

/// Removes index.html's `#loading` frame (see `static/loading.css`).
fn remove_loading_frame() {
    let frame =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("loading"));
    if let Some(frame) = frame {
        frame.remove();
    }
}

/// Registers `sw.js`, which Trunk copies next to `index.html`. The URL is relative, so the
/// worker's scope is the page's own directory: `/` locally, `/REPO/` on GitHub Pages. Browsers
/// offer service workers only to secure contexts (https, localhost); elsewhere the page simply
/// stays online-only, and a refused registration costs nothing but the offline copy.
fn register_service_worker() {
    let Some(window) = web_sys::window() else { return };
    let navigator = window.navigator();
    let available = window.is_secure_context()
        && js_sys::Reflect::has(&navigator, &"serviceWorker".into()).unwrap_or(false);
    if !available {
        return;
    }
    let container = navigator.service_worker();
    let registering = container.register("./sw.js");
    wasm_bindgen_futures::spawn_local(async move {
        // Awaited so a refusal is handled here rather than reported as an uncaught rejection.
        if JsFuture::from(registering).await.is_err() {
            return;
        }
        // Once a worker is active (this visit's has installed the page and its files), ask it
        // to fetch what the page only asks for later (the explain docs), when the page is
        // idle: the first load never waits on it, and a page visited once works offline whole.
        let Ok(ready) = container.ready() else { return };
        let Ok(registration) = JsFuture::from(ready).await else { return };
        idle().await;
        let registration: web_sys::ServiceWorkerRegistration = registration.unchecked_into();
        if let Some(worker) = registration.active() {
            let _ = worker.post_message(&"fill-later".into());
        }
    });
}

/// Resolves when the browser is next idle (or after a few seconds at the latest), at once
/// where it has no `requestIdleCallback` (Safari).
async fn idle() {
    let Some(window) = web_sys::window() else { return };
    let idle = js_sys::Promise::new(&mut |resolve, _| {
        let options = web_sys::IdleRequestOptions::new();
        options.set_timeout(5_000);
        if window.request_idle_callback_with_options(&resolve, &options).is_err() {
            let _ = resolve.call0(&wasm_bindgen::JsValue::UNDEFINED);
        }
    });
    let _ = JsFuture::from(idle).await;
}

fn panic_message(info: &PanicHookInfo<'_>) -> String {
    let payload = info.payload();
    let text = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "an unknown error".to_string());
    match info.location() {
        Some(at) => format!("{text} (at {}:{})", at.file(), at.line()),
        None => text,
    }
}

/// Replaces the page with the message, if there is one, and a Reset button that reloads it.
/// Every call can fail in a half-dead page, and a panic here would abort, so failures just
/// stop the drawing.
fn show_panic_screen(message: Option<&str>) -> Option<()> {
    let document = web_sys::window()?.document()?;
    let body = document.body()?;
    body.set_text_content(None);

    let screen = document.create_element("main").ok()?;
    screen.set_class_name("panic-screen");
    screen.set_attribute("role", "alert").ok()?;
    let title = document.create_element("h1").ok()?;
    title.set_text_content(Some(&match message {
        Some(message) => format!("kubeloop hit a bug and stopped: {message}"),
        None => "kubeloop hit a bug and stopped.".to_string(),
    }));
    let hint = document.create_element("p").ok()?;
    hint.set_text_content(Some(
        "The simulation cannot go on from here. Reset reloads the page with a fresh cluster.",
    ));
    let button = document.create_element("button").ok()?;
    button.set_class_name("speed active");
    button.set_attribute("type", "button").ok()?;
    button.set_text_content(Some("Reset"));
    // A fresh cluster, as the hint says: the saved session may be what stops the app again.
    let reload = Closure::<dyn FnMut()>::new(|| {
        kubeloop_web::storage::clear_session();
        if let Some(window) = web_sys::window() {
            let _ = window.location().reload();
        }
    });
    button.add_event_listener_with_callback("click", reload.as_ref().unchecked_ref()).ok()?;
    // The listener must live as long as the page, which ends with the reload it performs.
    reload.forget();

    screen.append_child(&title).ok()?;
    screen.append_child(&hint).ok()?;
    screen.append_child(&button).ok()?;
    body.append_child(&screen).ok()?;
    button.dyn_into::<web_sys::HtmlElement>().ok()?.focus().ok()
}
