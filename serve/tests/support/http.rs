//! An in-process `kubeloop serve` on a free loopback port and a small HTTP/1 client for it,
//! shared by the hostile-client test and the benchmark. Watches are read as the API server
//! frames them: one JSON `WatchEvent` per line of a chunked body.

// Each user of this file calls only some of it.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use kubeloop::world::World;
use kubeloop_serve::{router, serve, Engine, EngineConfig};
use serde_json::Value;

/// A server listening on 127.0.0.1 with its engine, and a client for it.
pub struct Server {
    pub addr: SocketAddr,
    pub engine: Engine,
    client: Client<HttpConnector, Full<Bytes>>,
    token: Option<String>,
}

/// One answer: status code and body (JSON when it parses, else `Null`), plus the raw text.
#[derive(Debug)]
pub struct Answer {
    pub code: u16,
    pub json: Value,
    pub text: String,
}

impl Server {
    /// Starts an engine with `config` over `make`'s world, and serves it (with `token`, if
    /// any) on a fresh port, in the current tokio runtime.
    pub async fn start(
        config: EngineConfig,
        token: Option<&str>,
        make: impl FnOnce(u64) -> World + Send + 'static,
    ) -> Server {
        let engine = Engine::start(config, make);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = router(engine.clone(), token.map(str::to_string), None);
        tokio::spawn(serve(listener, app));
        let client = Client::builder(TokioExecutor::new()).build_http();
        Server { addr, engine, client, token: token.map(str::to_string) }
    }

    fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Bytes,
    ) -> hyper::Request<Full<Bytes>> {
        let mut b =
            hyper::Request::builder().method(method).uri(format!("http://{}{path}", self.addr));
        if let Some(t) = &self.token {
            b = b.header("authorization", format!("Bearer {t}"));
        }
        for (k, v) in headers {
            b = b.header(*k, *v);
        }
        b.body(Full::new(body)).unwrap()
    }

    /// Sends one request with the server's token (if any) and reads the whole answer.
    pub async fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: impl Into<Bytes>,
    ) -> Answer {
        let (code, bytes) = self.fetch(method, path, headers, body).await;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Answer { code, json, text }
    }

    /// Sends one request and reads the answer's bytes to the last, without parsing them.
    pub async fn fetch(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: impl Into<Bytes>,
    ) -> (u16, Bytes) {
        let res = self.client.request(self.request(method, path, headers, body.into())).await;
        let res = res.unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        let code = res.status().as_u16();
        (code, res.into_body().collect().await.unwrap().to_bytes())
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.send("GET", path, &[], Bytes::new()).await
    }

    /// Sends a request carrying exactly `headers` (no token of the server's own).
    pub async fn send_bare(&self, path: &str, headers: &[(&str, &str)]) -> Answer {
        let mut b = hyper::Request::builder().uri(format!("http://{}{path}", self.addr));
        for (k, v) in headers {
            b = b.header(*k, *v);
        }
        let res = self.client.request(b.body(Full::new(Bytes::new())).unwrap()).await.unwrap();
        let code = res.status().as_u16();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        Answer {
            code,
            json: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            text: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }

    /// Opens a watch: the answer's code, and the stream when it is 200.
    pub async fn watch(&self, path: &str) -> Result<Watch, Answer> {
        let res = self.client.request(self.request("GET", path, &[], Bytes::new())).await.unwrap();
        if res.status().as_u16() != 200 {
            let code = res.status().as_u16();
            let bytes = res.into_body().collect().await.unwrap().to_bytes();
            return Err(Answer {
                code,
                json: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
                text: String::from_utf8_lossy(&bytes).into_owned(),
            });
        }
        Ok(Watch { body: res.into_body(), buf: Vec::new(), ended: false })
    }
}

/// A watch stream, read a line at a time.
pub struct Watch {
    body: Incoming,
    buf: Vec<u8>,
    ended: bool,
}

/// What reading a watch gave.
#[derive(Debug, PartialEq)]
pub enum Next {
    Event(Value),
    /// The server ended the stream.
    End,
    /// Nothing arrived in time.
    Quiet,
}

impl Watch {
    /// The next event, waiting at most `wait`.
    pub async fn next(&mut self, wait: Duration) -> Next {
        loop {
            if let Some(i) = self.buf.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=i).collect();
                return Next::Event(serde_json::from_slice(&line).expect("a watch line is JSON"));
            }
            if self.ended {
                return Next::End;
            }
            match tokio::time::timeout(wait, self.body.frame()).await {
                Err(_) => return Next::Quiet,
                Ok(None) | Ok(Some(Err(_))) => self.ended = true,
                Ok(Some(Ok(frame))) => {
                    if let Ok(data) = frame.into_data() {
                        self.buf.extend_from_slice(&data);
                    }
                }
            }
        }
    }
}

/// The process's resident memory in KiB (`VmRSS` in /proc/self/status), 0 where there is none.
pub fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmRSS:"))?.to_string();
            line.split_whitespace().nth(1)?.parse().ok()
        })
        .unwrap_or(0)
}
