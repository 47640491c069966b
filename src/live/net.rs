//! The browser's side of live mode: carries out `Request`s with same-origin `fetch` (the
//! CSP's `connect-src 'self'` allows nothing else, and nothing else is needed) and brings the
//! answers back as `Msg::Live`. A watch body is read as a stream, line by line, and reading
//! stops as soon as the page no longer wants it (a newer attempt, or Disconnect). It decides
//! nothing: `live/mod.rs` does.

use std::future::Future;
use std::pin::Pin;

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::{spawn_local, JsFuture};
use yew::Callback;

use kubeloop::api::client::{Answer, Call};

use super::{LiveMsg, Request, Tag};
use crate::boot::{dispatch, Shared};
use crate::page::Msg;

/// Whether the page was opened with `?live`.
pub fn requested() -> bool {
    web_sys::window().and_then(|w| w.location().search().ok()).is_some_and(|q| super::asks_live(&q))
}

/// Starts every request; each answers through `dispatch` when it has something. The code
/// that carries them out is a chunk of its own (`lazy::live_request`), fetched by the first
/// request: a page that never goes live never fetches it. A request whose chunk cannot be
/// fetched answers as the network failing would, so live mode says so and retries as usual.
pub fn carry_out(page: &Shared, redraw: &Callback<()>, requests: &[Request]) {
    for request in requests.iter().cloned() {
        let (page, redraw) = (page.clone(), redraw.clone());
        spawn_local(async move {
            match crate::lazy::live_request(page.clone(), redraw.clone(), request.clone()).await {
                Ok(run) => run.await,
                Err(e) => {
                    dispatch(&page, &redraw, Msg::Live(unfetched(request, &e)));
                }
            }
        });
    }
}

/// The answer to `request` when live mode's code could not be fetched: the failure each kind
/// of request reports when the server cannot be reached, in the same words.
fn unfetched(request: Request, e: &crate::lazy::Unfetched) -> LiveMsg {
    let message = format!("error: live mode {e}");
    match request {
        Request::Version { gen } => LiveMsg::Version { gen, result: Err(message) },
        Request::List { tag, .. } => LiveMsg::Listed { tag, result: Err(message) },
        Request::Watch { tag, .. } => LiveMsg::Ended { tag, failure: Some((None, message)) },
        Request::Ask { gen, id, .. } => {
            LiveMsg::Answered { gen, id, answer: unreachable(&message) }
        }
        Request::Log { gen, .. } => LiveMsg::Logged { gen, result: Err(message) },
        Request::Write { gen, id, .. } => LiveMsg::Wrote { gen, id, errors: vec![message] },
    }
}

/// What kubectl is told when the server cannot be reached: a 503 with the reason.
fn unreachable(message: &str) -> Answer {
    Answer {
        code: 503,
        body: serde_json::json!({ "message": message.trim_start_matches("error: ") }),
        warnings: Vec::new(),
    }
}

/// Carries out one request (behind `lazy::live_request`, in live mode's chunk).
pub fn carry_one(
    page: Shared,
    redraw: Callback<()>,
    request: Request,
) -> Pin<Box<dyn Future<Output = ()>>> {
    Box::pin(async move {
        let send = |m: LiveMsg| {
            dispatch(&page, &redraw, Msg::Live(m));
        };
        match request {
            Request::Version { gen } => {
                let result =
                    get_text("/version").await.map_err(Failure::message).and_then(|body| {
                        super::wire::git_version(&body)
                            .ok_or_else(|| "error: /version did not name a gitVersion".to_string())
                    });
                send(LiveMsg::Version { gen, result });
            }
            Request::List { tag, path, delay_ms } => {
                if delay_ms > 0 {
                    sleep(delay_ms).await;
                }
                if !wanted(&page, &tag) {
                    return;
                }
                let result = get_text(&path).await.map_err(|e| e.message());
                send(LiveMsg::Listed { tag, result });
            }
            Request::Watch { tag, path, delay_ms, abort_after_ms } => {
                if delay_ms > 0 {
                    sleep(delay_ms).await;
                }
                if !wanted(&page, &tag) {
                    return;
                }
                let failure = watch(&page, &tag, &path, abort_after_ms, &send).await.err();
                if wanted(&page, &tag) {
                    let failure = failure.map(|e| (e.status, e.message()));
                    send(LiveMsg::Ended { tag, failure });
                }
            }
            Request::Ask { gen, id, call } => {
                let answer = ask(&call).await;
                send(LiveMsg::Answered { gen, id, answer });
            }
            Request::Log { gen, path } => {
                let result = get_text(&path).await.map_err(Failure::message);
                send(LiveMsg::Logged { gen, result });
            }
            Request::Write { gen, id, calls } => {
                let mut errors = Vec::new();
                for call in &calls {
                    let sent = fetch(
                        &call.path,
                        call.method.as_str(),
                        Some((&call.body, call.content_type())),
                        None,
                    )
                    .await;
                    if let Err(e) = ok_or_failure(sent).await {
                        errors.push(e.message());
                    }
                }
                send(LiveMsg::Wrote { gen, id, errors });
            }
        }
    })
}

/// Sends one of kubectl's requests and reads the answer, whatever its status: the engine
/// reads a Status as kubectl does. A server that cannot be reached answers as client-go
/// words it.
async fn ask(call: &Call) -> Answer {
    let mut url = call.path();
    for (i, (k, v)) in call.query.iter().enumerate() {
        url.push(if i == 0 { '?' } else { '&' });
        url.push_str(&String::from(js_sys::encode_uri_component(k)));
        url.push('=');
        url.push_str(&String::from(js_sys::encode_uri_component(v)));
    }
    let body = call.body.as_ref().map(|b| b.to_string());
    let body = body.as_deref().map(|b| (b, call.content_type()));
    let response = match fetch_accepting(&url, call.method(), body, None, call.accept()).await {
        Ok(r) => r,
        Err(e) => return unreachable(&e.message()),
    };
    let code = response.status();
    let text = text_of(&response).await;
    // A body that is no JSON, as client-go's `newUnstructuredResponseError` words it.
    let body = serde_json::from_str(&text).unwrap_or_else(|_| {
        let cut: String = text.chars().take(200).collect();
        serde_json::json!({ "message": format!(
            "an error on the server ({cut:?}) has prevented the request from succeeding"
        ) })
    });
    Answer { code, body, warnings: Vec::new() }
}

fn wanted(page: &Shared, tag: &Tag) -> bool {
    page.borrow().live.as_ref().is_some_and(|l| l.wants(tag))
}

/// A failed request: its HTTP status if it got that far, and kubectl's words for it.
struct Failure {
    status: Option<u16>,
    text: String,
}

impl Failure {
    fn network(what: &str) -> Self {
        Failure { status: None, text: format!("error: {what}") }
    }

    fn message(self) -> String {
        self.text
    }
}

async fn fetch(
    path: &str,
    method: &str,
    body: Option<(&str, &str)>,
    signal: Option<&web_sys::AbortSignal>,
) -> Result<web_sys::Response, Failure> {
    fetch_accepting(path, method, body, signal, "application/json").await
}

async fn fetch_accepting(
    path: &str,
    method: &str,
    body: Option<(&str, &str)>,
    signal: Option<&web_sys::AbortSignal>,
    accept: &str,
) -> Result<web_sys::Response, Failure> {
    let window = web_sys::window().ok_or_else(|| Failure::network("no window"))?;
    let init = web_sys::RequestInit::new();
    init.set_method(method);
    let headers = web_sys::Headers::new().map_err(|_| Failure::network("no headers"))?;
    let _ = headers.set("Accept", accept);
    if let Some((text, content_type)) = body {
        let _ = headers.set("Content-Type", content_type);
        init.set_body(&JsValue::from_str(text));
    }
    init.set_headers(&headers);
    init.set_signal(signal);
    let answer = JsFuture::from(window.fetch_with_str_and_init(path, &init))
        .await
        .map_err(|_| Failure::network("the API server could not be reached"))?;
    answer.dyn_into().map_err(|_| Failure::network("the answer was not an HTTP response"))
}

async fn text_of(response: &web_sys::Response) -> String {
    let Ok(promise) = response.text() else { return String::new() };
    JsFuture::from(promise).await.ok().and_then(|t| t.as_string()).unwrap_or_default()
}

async fn ok_or_failure(
    sent: Result<web_sys::Response, Failure>,
) -> Result<web_sys::Response, Failure> {
    let response = sent?;
    if response.ok() {
        return Ok(response);
    }
    let status = response.status();
    let body = text_of(&response).await;
    Err(Failure { status: Some(status), text: super::wire::failure(status, &body) })
}

async fn get_text(path: &str) -> Result<String, Failure> {
    let response = ok_or_failure(fetch(path, "GET", None, None).await).await?;
    Ok(text_of(&response).await)
}

/// Reads a watch until it ends, sending whole lines as they come. `Ok` when the server (or
/// the page, after `abort_after_ms`) ended it.
async fn watch(
    page: &Shared,
    tag: &Tag,
    path: &str,
    abort_after_ms: Option<u32>,
    send: &impl Fn(LiveMsg),
) -> Result<(), Failure> {
    let controller = web_sys::AbortController::new().ok();
    let signal = controller.as_ref().map(|c| c.signal());
    let timer = abort_after_ms
        .zip(controller.clone())
        .map(|(ms, c)| gloo_timers::callback::Timeout::new(ms, move || c.abort()));
    let response = ok_or_failure(fetch(path, "GET", None, signal.as_ref()).await).await;
    let response = match response {
        Err(e) if signal.as_ref().is_some_and(|s| s.aborted()) => return drop_ok(e),
        other => other?,
    };
    let body = response.body().ok_or_else(|| Failure::network("the watch has no body"))?;
    // The watch is open: the stream is back, even before its first event.
    send(LiveMsg::Lines { tag: *tag, lines: Vec::new() });
    let reader: web_sys::ReadableStreamDefaultReader = body.get_reader().unchecked_into();
    let mut pending: Vec<u8> = Vec::new();
    let result = loop {
        let chunk = match JsFuture::from(reader.read()).await {
            Ok(chunk) => chunk,
            Err(_) if signal.as_ref().is_some_and(|s| s.aborted()) => break Ok(()),
            Err(_) => break Err(Failure::network("the watch was cut off")),
        };
        let chunk: web_sys::ReadableStreamReadResult = chunk.unchecked_into();
        if chunk.get_done().unwrap_or(true) {
            break Ok(());
        }
        pending.extend(js_sys::Uint8Array::new(&chunk.get_value()).to_vec());
        let lines = take_lines(&mut pending);
        if !wanted(page, tag) {
            break Ok(());
        }
        if !lines.is_empty() {
            send(LiveMsg::Lines { tag: *tag, lines });
        }
    };
    let _ = reader.cancel();
    if let Some(c) = &controller {
        c.abort();
    }
    drop(timer);
    result
}

fn drop_ok(_: Failure) -> Result<(), Failure> {
    Ok(())
}

/// The whole lines in `buf`, leaving a partial last line for the next chunk.
pub fn take_lines(buf: &mut Vec<u8>) -> Vec<String> {
    let Some(end) = buf.iter().rposition(|b| *b == b'\n') else { return Vec::new() };
    let rest = buf.split_off(end + 1);
    let whole = std::mem::replace(buf, rest);
    String::from_utf8_lossy(&whole).lines().filter(|l| !l.is_empty()).map(String::from).collect()
}

/// Waits `ms` on the browser's timer.
async fn sleep(ms: u32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms as i32);
        }
    });
    let _ = JsFuture::from(promise).await;
}
