//! End-to-end: the page is there before the engine. With the WebAssembly held back (a slow
//! network), the loading frame's command box has the keyboard and takes lines; once the engine
//! arrives they run in order, as if typed then, and the line left half-typed waits in the
//! app's command box. The frame is laid out as the app is, so the command box does not move
//! when the app replaces it; and the frame's script runs under the Content-Security-Policy
//! (nothing refused). Screenshots of the frame: `target/e2e/boot-phone.png` (390×844) and
//! `target/e2e/boot-projector.png` (1024×768). When the app stops, the panic screen takes
//! its place (`target/e2e/panic-projector.png`). When the engine cannot load at all, the
//! frame says so and offers a reload that keeps what was typed
//! (`target/e2e/boot-failed-projector.png` in presenter mode, `boot-failed-phone.png`,
//! `boot-failed-tablet.png`, `boot-failed-wide.png`).
//!
//! Run through `scripts/test`, which builds `dist/` first and installs chromedriver.

#[allow(dead_code)]
mod support;

use fantoccini::{Client, Locator};
use support::chrome::console_errors;
use support::page::*;
use support::Browser;

async fn js(c: &Client, script: &str) -> serde_json::Value {
    c.execute(script, vec![]).await.unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// The top and left edge of `css`, and the top of the stage beside it, in CSS pixels.
async fn place(c: &Client, css: &str) -> (f64, f64, f64) {
    let got = js(
        c,
        &format!(
            "const r = document.querySelector({css:?}).getBoundingClientRect();
             const s = document.querySelector('.stage').getBoundingClientRect();
             return [r.top, r.left, s.top];"
        ),
    )
    .await;
    (got[0].as_f64().unwrap(), got[1].as_f64().unwrap(), got[2].as_f64().unwrap())
}

/// The next visit fetches everything from the server: no service worker, no HTTP cache.
async fn uncached(c: &Client) {
    js(c, "for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister(); return 1").await;
    support::chrome::cdp(c, "Network.enable", serde_json::json!({})).await;
    let disabled = serde_json::json!({ "cacheDisabled": true });
    support::chrome::cdp(c, "Network.setCacheDisabled", disabled).await;
}

/// Types into whatever has focus, as a person at the keyboard would.
async fn keys(c: &Client, text: &str) {
    c.active_element().await.expect("something has focus").send_keys(text).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lines_typed_before_the_engine_arrives_run_in_order_when_it_does() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    // A cluster to ask about, saved as the next visit's.
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=2").await;
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;

    // The next visit comes over a network that has not brought the engine yet, with no
    // service worker or HTTP cache to bring it sooner.
    uncached(c).await;
    browser.hold_wasm(true);
    resize(c, 390, 844).await;
    c.goto(&format!("{}/", browser.origin())).await.unwrap();
    c.wait().for_element(Locator::Css("#loading-input")).await.expect("the frame's command box");
    let focused = js(c, "return document.activeElement && document.activeElement.id").await;
    assert_eq!(focused, "loading-input", "the frame's command box has the keyboard at once");

    keys(c, "k get pods\u{E007}").await;
    keys(c, "k get deploy\u{E007}").await;
    keys(c, "k scale deploy web --repl").await;
    let echoed =
        js(c, "return [...document.querySelectorAll('#loading-log pre')].map(p => p.textContent)");
    assert_eq!(
        echoed.await,
        serde_json::json!(["$ k get pods", "$ k get deploy"]),
        "each line shows it was taken"
    );
    assert_eq!(count(c, "h1.brand").await, 0, "the engine has not arrived");
    let phone_frame = place(c, "#loading-input").await;
    browser.screenshot("boot-phone.png").await;
    resize(c, 1024, 768).await;
    let projector_frame = place(c, "#loading-input").await;
    browser.screenshot("boot-projector.png").await;

    browser.hold_wasm(false);
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    assert_eq!(count(c, "#loading").await, 0, "the frame is gone");
    eventually(10, "both lines' answers", || async { log_text(c).await.contains("\nNAME") }).await;
    let log = log_text(c).await;
    let at = |text: &str| log.find(text).unwrap_or_else(|| panic!("no {text:?} in {log}"));
    let (pods, deploys) = (at("$ k get pods"), at("$ k get deploy"));
    assert!(pods < deploys, "in the order typed: {log}");
    let pod_row = log[pods..].find("\nweb-").map(|i| i + pods);
    assert!(
        pod_row.is_some_and(|i| i < deploys),
        "the pods' table came before the next line: {log}"
    );
    assert!(log[deploys..].contains("\nweb "), "the Deployment's row: {log}");
    assert!(!log.contains("$ k scale"), "the half-typed line did not run: {log}");

    let (value, focused) = {
        let got = js(c, "const b = document.getElementById('command-input'); return [b.value, document.activeElement === b]").await;
        (got[0].clone(), got[1].clone())
    };
    assert_eq!(value, "k scale deploy web --repl", "the half-typed line waits in the command box");
    assert_eq!(focused, true, "with the keyboard");
    // No jump: the command box is where the frame's was.
    let projector_app = place(c, "#command-input").await;
    resize(c, 390, 844).await;
    let phone_app = place(c, "#command-input").await;
    for (room, frame, app) in
        [("phone", phone_frame, phone_app), ("projector", projector_frame, projector_app)]
    {
        eprintln!("{room}: frame (box top, left, stage top) {frame:?}, app {app:?}");
        assert!(
            (frame.0 - app.0).abs() <= 12.0 && (frame.1 - app.1).abs() <= 4.0,
            "{room}: the box moved"
        );
        assert!((frame.2 - app.2).abs() <= 12.0, "{room}: the stage moved");
    }

    // It finishes as a typed line does.
    keys(c, "icas=3\u{E007}").await;
    eventually(20, "three Running pods", || async { running_pods(c).await == 3 }).await;
    assert_eq!(console_errors(c).await, Vec::<String>::new(), "nothing refused, nothing failed");
    browser.close().await;
}

/// The frame's class list and the command box's font size, in CSS pixels.
async fn frame_room(c: &Client, root: &str) -> (String, f64) {
    let got = js(
        c,
        &format!(
            "const r = document.querySelector({root:?});
             const box = r.querySelector('textarea');
             return [r.className, parseFloat(getComputedStyle(box).fontSize)];"
        ),
    )
    .await;
    (got[0].as_str().unwrap().to_string(), got[1].as_f64().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_frame_is_laid_out_for_presenter_mode_and_embedding_as_the_app_will_be() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    // A teacher who turned presenter mode on last time, on the projector.
    click_button(c, "Presenter").await;
    resize(c, 1024, 768).await;
    for (query, class) in [("", "presenter"), ("?embed", "embed")] {
        // The app registers its service worker again on each visit.
        uncached(c).await;
        browser.hold_wasm(true);
        c.goto(&format!("{}/{query}", browser.origin())).await.unwrap();
        c.wait().for_element(Locator::Css("#loading-input")).await.expect("the frame");
        let (classes, frame_font) = frame_room(c, "#loading").await;
        assert!(classes.split(' ').any(|c| c == class), "{query:?}: the frame is {classes:?}");
        let frame = place(c, "#loading-input").await;
        browser.screenshot(&format!("boot-{class}.png")).await;
        browser.hold_wasm(false);
        c.wait().for_element(Locator::Css("#command-input")).await.expect("the app mounted");
        let (classes, app_font) = frame_room(c, ".app").await;
        assert!(classes.split(' ').any(|c| c == class), "{query:?}: the app is {classes:?}");
        assert_eq!(frame_font, app_font, "{query:?}: the type keeps its size");
        let app = place(c, "#command-input").await;
        eprintln!("{class}: frame {frame:?}, app {app:?}");
        assert!(
            (frame.0 - app.0).abs() <= 12.0 && (frame.1 - app.1).abs() <= 4.0,
            "{class}: the box moved"
        );
    }
    assert_eq!(console_errors(c).await, Vec::<String>::new(), "nothing refused, nothing failed");
    browser.close().await;
}

/// The panic screen's title, or `None` while the app runs.
async fn panic_title(c: &Client) -> Option<String> {
    let got =
        js(c, "const h = document.querySelector('.panic-screen h1'); return h && h.textContent")
            .await;
    got.as_str().map(str::to_string)
}

/// In the release page a panic is a trap (`panic=immediate-abort`, scripts/dist), which
/// reaches JavaScript as an uncaught `WebAssembly.RuntimeError`: an `error` event, or an
/// `unhandledrejection` where a promise's job threw it. Either stops the app behind
/// the panic screen, whose Reset brings back a working page with a fresh cluster; other errors
/// leave the app alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trap_stops_the_app_behind_the_panic_screen_and_reset_brings_it_back() {
    let browser = Browser::start().await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    resize(c, 1024, 768).await;
    // Not the app's errors: a browser extension's, say, as the browser dispatches them.
    js(
        c,
        "window.dispatchEvent(new ErrorEvent('error', \
           { error: new Error('not kubeloop'), message: 'not kubeloop' })); return 1",
    )
    .await;
    js(
        c,
        "window.dispatchEvent(new PromiseRejectionEvent('unhandledrejection', \
           { promise: Promise.resolve(), reason: new TypeError('not kubeloop either') })); \
         return 1",
    )
    .await;
    type_line(c, "k create deployment web --image=nginx:1.27 --replicas=1").await;
    eventually(20, "a Running pod", || async { running_pods(c).await == 1 }).await;
    assert_eq!(panic_title(c).await, None, "other errors leave the app running");

    let traps = [
        // What the browser dispatches for an error thrown out of a listener or a microtask
        // (where spawned futures run), and for a promise rejected with one. Thrown from a
        // WebDriver script, the error would be muted, as a script from another origin's is.
        "window.dispatchEvent(new ErrorEvent('error', \
           { error: new WebAssembly.RuntimeError('unreachable'), message: 'unreachable' })); \
         return 1",
        "window.dispatchEvent(new PromiseRejectionEvent('unhandledrejection', \
           { promise: Promise.resolve(), reason: new WebAssembly.RuntimeError('unreachable') })); \
         return 1",
    ];
    for (i, trap) in traps.into_iter().enumerate() {
        js(c, trap).await;
        eventually(10, "the panic screen", || async { panic_title(c).await.is_some() }).await;
        let title = panic_title(c).await;
        assert_eq!(title.as_deref(), Some("kubeloop hit a bug and stopped."), "{trap}");
        assert_eq!(count(c, "h1.brand").await, 0, "the app is gone: {trap}");
        let focused = js(c, "return document.activeElement.textContent").await;
        assert_eq!(focused, "Reset", "Reset has the keyboard: {trap}");
        if i == 0 {
            browser.screenshot("panic-projector.png").await;
        }
        click_button(c, "Reset").await;
        c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted again");
        assert_eq!(panic_title(c).await, None, "a page again after Reset");
        // With a fresh cluster: the session saved before the stop may be what stopped it.
        type_line(c, "k get deploy").await;
        eventually(10, "an answer", || async { log_text(c).await.contains("No resources found") })
            .await;
        type_line(c, "k create deployment web --image=nginx:1.27 --replicas=1").await;
        eventually(20, "a Running pod", || async { running_pods(c).await == 1 }).await;
    }
    browser.close().await;
}

/// The page's packed module, as `dist/index.html` names it (scripts/split).
fn main_module(dist: &std::path::Path) -> String {
    let html = std::fs::read_to_string(dist.join("index.html")).unwrap();
    let end = html.find("_bg.wasm.xz").expect("index.html names its packed module");
    let start = html[..end].rfind("./").unwrap() + 2;
    format!("{}_bg.wasm.xz", &html[start..end])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_that_cannot_load_is_said_and_a_reload_runs_what_was_typed() {
    let browser = Browser::start_with_copy("/").await;
    let c = &browser.client;
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    // The next visits find nothing cached to stand in for what the server lacks.
    uncached(c).await;
    // First a script the page imports is missing: the unpacker.
    let unpacker = std::fs::read_dir(browser.dist_dir())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.to_string_lossy().contains("kubeloop-unpack-"))
        .expect("the unpacker in dist/");
    let unpacker_kept = unpacker.with_extension("kept");
    std::fs::rename(&unpacker, &unpacker_kept).unwrap();
    c.goto(&format!("{}/", browser.origin())).await.unwrap();
    eventually(20, "the frame to say a script did not arrive", || async {
        count(c, ".loading-failed:not([hidden])").await == 1
    })
    .await;
    for (w, h, room) in [(768, 1024, "tablet"), (1440, 900, "wide")] {
        resize(c, w, h).await;
        browser.screenshot(&format!("boot-failed-{room}.png")).await;
    }
    std::fs::rename(&unpacker_kept, &unpacker).unwrap();
    // The projector's visit is in presenter mode, as the teacher left it.
    js(c, "localStorage.setItem('kubeloop.presenter.v1', 'on'); return 1").await;
    // Then the engine's module itself (a network that lost it).
    let module = browser.dist_dir().join(main_module(browser.dist_dir()));
    let kept = module.with_extension("kept");
    std::fs::rename(&module, &kept).unwrap();
    resize(c, 1024, 768).await;
    c.goto(&format!("{}/", browser.origin())).await.unwrap();
    c.wait().for_element(Locator::Css("#loading-input")).await.expect("the frame");
    keys(c, "k create deployment web --image=nginx:1.27 --replicas=2\u{E007}").await;
    keys(c, "k get depl").await;
    eventually(20, "the frame to say the engine did not load", || async {
        count(c, ".loading-failed:not([hidden])").await == 1
    })
    .await;
    let said = js(c, "return document.querySelector('.loading-failed').textContent").await;
    assert!(said.as_str().is_some_and(|s| s.contains("could not load")), "{said}");
    // The reload is on top, where a finger or a mouse finds it; the bar is gone.
    let on_top = js(
        c,
        "const b = document.getElementById('loading-reload').getBoundingClientRect();
         const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
         return [hit && hit.id, b.width > 0,
                 getComputedStyle(document.querySelector('.loading-progress')).display];",
    )
    .await;
    assert_eq!(on_top, serde_json::json!(["loading-reload", true, "none"]));
    assert_eq!(count(c, "h1.brand").await, 0, "no app");
    assert_eq!(count(c, "#loading.presenter").await, 1, "the frame in presenter mode");
    browser.screenshot("boot-failed-projector.png").await;
    resize(c, 390, 844).await;
    browser.screenshot("boot-failed-phone.png").await;

    // The network is back: the reload brings the engine, which runs the line typed before
    // and keeps the half-typed one in the command box.
    std::fs::rename(&kept, &module).unwrap();
    c.find(Locator::Id("loading-reload")).await.unwrap().click().await.unwrap();
    c.wait().for_element(Locator::Css("h1.brand")).await.expect("the app mounted");
    eventually(20, "two Running pods", || async { running_pods(c).await == 2 }).await;
    let value = js(c, "return document.getElementById('command-input').value").await;
    assert_eq!(value, "k get depl", "the half-typed line waits in the command box");
    assert!(log_text(c).await.contains("$ k create deployment web"), "the line ran as typed");
    browser.close().await;
}
