//! `kubeloop serve`: the engine on the wall clock behind the Kubernetes REST API, with the
//! page on the same origin. The engine answers every request (`kubeloop::api`); this crate
//! carries bytes, keeps time and streams watches.
//!
//! Safe by default: it binds to 127.0.0.1; any other address needs a bearer token, which
//! every request must then carry; bodies over the API server's 3 MiB are refused with 413;
//! watches are capped; every failure is a `metav1.Status`.

pub mod config;
pub mod engine;
pub mod openapi;
pub mod protobuf;

use std::convert::Infallible;
use std::net::SocketAddr;
use std::path::PathBuf;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use axum::serve::ListenerExt;
use axum::Router;
use kubeloop::api::{discovery, Status};
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::StreamExt;
use tower_http::services::ServeDir;

pub use engine::{Engine, EngineConfig};

/// The API server's limit on a request body (apiserver `MaxRequestBodyBytes`, 3 MiB).
pub const MAX_BODY_BYTES: usize = 3 * 1024 * 1024;

#[derive(Clone)]
struct App {
    engine: Engine,
    token: Option<String>,
}

/// The router: the API under `/api`, `/apis`, `/version` and `/openapi`, the page from
/// `www` for everything else.
pub fn router(engine: Engine, token: Option<String>, www: Option<PathBuf>) -> Router {
    let app = App { engine, token };
    let api_routes = Router::new()
        .route("/api", any(api_handler))
        .route("/api/{*rest}", any(api_handler))
        .route("/apis", any(api_handler))
        .route("/apis/{*rest}", any(api_handler))
        .route("/version", any(api_handler))
        .route("/version/", any(api_handler))
        .route("/openapi/{*rest}", any(api_handler))
        .route("/healthz", any(api_handler))
        .route("/livez", any(api_handler))
        .route("/readyz", any(api_handler));
    let router = match www {
        Some(dir) => api_routes.fallback_service(ServeDir::new(dir)),
        None => api_routes.fallback(any(api_handler)),
    };
    router.with_state(app)
}

fn status_response(status: Status) -> Response {
    json_response(status.code, &status.to_json())
}

fn json_response(code: u16, body: &serde_json::Value) -> Response {
    let bytes = Bytes::from(serde_json::to_vec(body).unwrap_or_default());
    encoded_response(engine::Encoded { code, body: bytes, text: false, warnings: Vec::new() })
}

fn encoded_response(e: engine::Encoded) -> Response {
    let mut res = Response::new(Body::from(e.body));
    *res.status_mut() = StatusCode::from_u16(e.code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let content_type = if e.text { "text/plain" } else { "application/json" };
    res.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    for w in &e.warnings {
        // RFC 7234 warn-code 299, as the API server sends them (warning.go).
        let text = format!("299 - {}", serde_json::Value::String(w.clone()));
        if let Ok(v) = HeaderValue::from_str(&text) {
            res.headers_mut().append(header::WARNING, v);
        }
    }
    res
}

fn authorized(app: &App, headers: &HeaderMap) -> bool {
    let Some(token) = &app.token else { return true };
    let sent = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
    sent.and_then(bearer_token).is_some_and(|t| {
        // Compare without leaking where the first difference is.
        t.len() == token.len()
            && t.bytes().zip(token.bytes()).fold(0u8, |a, (x, y)| a | (x ^ y)) == 0
    })
}

/// The token of an `Authorization` header as the API server reads it
/// (apiserver/pkg/authentication/request/bearertoken/bearertoken.go): trimmed, split on
/// spaces, a scheme of `bearer` in any case, and a non-empty second word.
fn bearer_token(header: &str) -> Option<&str> {
    let mut parts = header.trim().split(' ');
    let scheme = parts.next()?;
    let token = parts.next()?;
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

fn header_text(headers: &HeaderMap, name: header::HeaderName) -> String {
    headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string()
}

async fn api_handler(State(app): State<App>, req: Request) -> Response {
    if !authorized(&app, req.headers()) {
        return status_response(Status::unauthorized());
    }
    let (parts, body) = req.into_parts();
    let path = parts.uri.path().to_string();
    let query: Vec<(String, String)> = match parts.uri.query() {
        None => Vec::new(),
        Some(q) => match serde_urlencoded::from_str(q) {
            Ok(pairs) => pairs,
            Err(e) => return status_response(Status::bad_request(format!("invalid query: {e}"))),
        },
    };
    if parts.method == Method::GET {
        if matches!(path.as_str(), "/healthz" | "/livez" | "/readyz") {
            return "ok".into_response();
        }
        if path.starts_with("/openapi/") {
            let accept = parts.headers.get(header::ACCEPT).and_then(|v| v.to_str().ok());
            return match openapi::get(&path, accept) {
                Some((content_type, bytes)) => {
                    let mut res = Response::new(Body::from(bytes));
                    res.headers_mut()
                        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
                    res
                }
                None => status_response(Status::no_route()),
            };
        }
        if let Some(mut doc) = fixed_document(&path) {
            if path == "/api" {
                // The address the client reached us at, as the API server reports it.
                let host = header_text(&parts.headers, header::HOST);
                discovery::set_server_address(&mut doc, &host);
            }
            return json_response(200, &doc);
        }
    }
    let body = match axum::body::to_bytes(body, MAX_BODY_BYTES).await {
        Ok(b) => b,
        Err(_) => return status_response(Status::too_large(MAX_BODY_BYTES)),
    };
    let mut content_type = header_text(&parts.headers, header::CONTENT_TYPE);
    let mut body = body;
    if content_type.split(';').next().is_some_and(|t| t.trim() == protobuf::CONTENT_TYPE) {
        match protobuf::to_json(&body) {
            Ok(v) => {
                body = Bytes::from(serde_json::to_vec(&v).unwrap_or_default());
                content_type = "application/json".into();
            }
            // A path nothing serves is the mux's 404 before any body is read (a POST to a
            // group or version kubeloop does not serve, say).
            Err(_) if !kubeloop::api::serves(&path) => {
                return status_response(Status::no_route());
            }
            Err(e) => {
                let message = format!("failed to decode the protobuf body: {e}");
                return status_response(Status::bad_request(message));
            }
        }
    }
    let request = engine::OwnedRequest {
        method: parts.method.as_str().to_string(),
        path,
        query,
        accept: header_text(&parts.headers, header::ACCEPT),
        content_type,
        user_agent: header_text(&parts.headers, header::USER_AGENT),
        body,
    };
    match app.engine.call(request).await {
        engine::Answer::Done(encoded) => encoded_response(encoded),
        engine::Answer::Watch(rx) => {
            let stream = ReceiverStream::new(rx).map(Ok::<Bytes, Infallible>);
            let mut res = Response::new(Body::from_stream(stream));
            res.headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
            res.into_response()
        }
    }
}

/// Documents that do not depend on the world: version and discovery.
fn fixed_document(path: &str) -> Option<serde_json::Value> {
    match path {
        // The API server answers both; the Python client's `VersionApi.get_code` asks for
        // `/version/`.
        "/version" | "/version/" => Some(discovery::version()),
        _ => discovery::document(path),
    }
}

/// Serves until the process ends; prints where, first thing on stdout.
pub async fn serve(listener: tokio::net::TcpListener, app: Router) -> std::io::Result<()> {
    // A watch event is a small write after another: with Nagle's algorithm on, it waits for
    // the client's delayed ACK of the previous one (about 40 ms). Go's net package, and so
    // the API server, turns Nagle off on every connection; so does this.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await
}

#[cfg(test)]
mod tests {
    use super::bearer_token;

    #[test]
    fn bearer_tokens_are_read_as_the_api_server_reads_them() {
        assert_eq!(bearer_token("Bearer abc"), Some("abc"));
        assert_eq!(bearer_token("  bearer abc "), Some("abc"));
        assert_eq!(bearer_token("BEARER abc extra"), Some("abc"));
        for bad in ["", "Bearer", "Bearer ", "Bearer  abc", "Basic YWJj", "abc", "Bearerabc"] {
            assert_eq!(bearer_token(bad), None, "{bad:?}");
        }
    }
}
