//! What a running program answers when the kubelet probes it: which ports it listens on,
//! what its HTTP paths return and from when, and whether it has hung. It owns the probe
//! handlers' outcomes and their wording (pkg/probe/http/http.go, pkg/probe/tcp/tcp.go,
//! pkg/probe/exec/exec.go, pkg/probe/grpc/grpc.go); it does not count results against
//! thresholds (that is `prober.rs`).

use crate::model::{Container, Probe};

use crate::gofmt::go_duration;

/// The program an image runs, as far as probes and logs can tell programs apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum App {
    /// nginx: HTTP on port 80; `/` and `/index.html` answer 200, anything else 404.
    Nginx,
    /// Apache httpd: the same answers as nginx.
    Httpd,
    /// redis: its own protocol on port 6379, not HTTP.
    Redis,
    /// The pause container: listens on nothing.
    Pause,
    /// busybox or alpine's shell with no command: exits at once.
    Shell,
    /// Sleeps forever, listening on nothing.
    Sleep,
    /// Prints why it fails, then exits 1.
    Crash,
    /// HTTP on 80 and 8080: every path answers 503 for `SLOW_READY_MS`, then 200.
    SlowStart,
    /// HTTP on 80 and 8080: every path answers 503, always.
    NeverReady,
    /// HTTP on 80 and 8080: every path answers 200 until `HANG_AFTER_MS`; then the process
    /// hangs: connections are accepted but never answered, so probes time out.
    Hangs,
}

/// How long the slow-starting image answers 503 before it is ready.
pub const SLOW_READY_MS: i64 = 20_000;
/// How long the hanging image answers before it stops answering.
pub const HANG_AFTER_MS: i64 = 60_000;

/// What one probe found: success, a failure with the handler's output, or an error before
/// the probe could run (an unresolvable port).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Success,
    Failure(String),
    Error(String),
}

/// What an HTTP request to the program gets.
enum Answer {
    Status(u16),
    /// Accepted, never answered.
    Hang,
    /// The port speaks another protocol; the text is its first line.
    NotHttp(&'static str),
}

impl App {
    pub fn ports(self) -> &'static [i32] {
        match self {
            App::Nginx | App::Httpd => &[80],
            App::Redis => &[6379],
            App::SlowStart | App::NeverReady | App::Hangs => &[80, 8080],
            App::Pause | App::Shell | App::Sleep | App::Crash => &[],
        }
    }

    /// Whether what the program answers will still change after `uptime_ms`.
    pub fn changes_after(self, uptime_ms: i64) -> bool {
        match self {
            App::SlowStart => uptime_ms < SLOW_READY_MS,
            App::Hangs => uptime_ms < HANG_AFTER_MS,
            _ => false,
        }
    }

    /// Whether the process stopped answering `uptime_ms` after it started.
    pub fn hung(self, uptime_ms: i64) -> bool {
        self == App::Hangs && uptime_ms >= HANG_AFTER_MS
    }

    fn answer(self, path: &str, uptime_ms: i64) -> Answer {
        match self {
            App::Nginx | App::Httpd => {
                Answer::Status(if matches!(path, "/" | "/index.html") { 200 } else { 404 })
            }
            App::Redis => Answer::NotHttp("-ERR wrong number of arguments for 'get' command"),
            App::SlowStart => Answer::Status(if uptime_ms < SLOW_READY_MS { 503 } else { 200 }),
            App::NeverReady => Answer::Status(503),
            App::Hangs if self.hung(uptime_ms) => Answer::Hang,
            App::Hangs => Answer::Status(200),
            App::Pause | App::Shell | App::Sleep | App::Crash => Answer::Status(0),
        }
    }

    /// Whether a user's request to `port` gets a good answer `uptime_ms` after the program
    /// started: it listens there and answers 2xx or 3xx (a program that speaks another
    /// protocol answers its own clients).
    pub fn answers(self, port: i32, uptime_ms: i64) -> bool {
        self.ports().contains(&port)
            && match self.answer("/", uptime_ms) {
                Answer::Status(s) => (200..400).contains(&s),
                Answer::NotHttp(_) => true,
                Answer::Hang => false,
            }
    }

    /// The HTTP status an access-log line shows for a GET of `path`, when the program logs
    /// one (it answered).
    pub fn status_for(self, path: &str, uptime_ms: i64) -> Option<u16> {
        match self.answer(path, uptime_ms) {
            Answer::Status(s) if s > 0 => Some(s),
            _ => None,
        }
    }
}

/// Runs `probe` against the program of `c` at `ip`, `uptime_ms` after it started
/// (pkg/kubelet/prober/prober.go `runProbe`).
pub fn run(app: App, probe: &Probe, c: &Container, ip: &str, uptime_ms: i64) -> Outcome {
    let refused =
        |host: &str, port: i32| format!("dial tcp {host}:{port}: connect: connection refused");
    let listens = |port: i32| app.ports().contains(&port);
    if let Some(h) = &probe.http_get {
        let port = match c.resolve_port(&h.port) {
            Ok(p) => p,
            Err(e) => return Outcome::Error(e),
        };
        let host = h.host.as_deref().filter(|h| !h.is_empty()).unwrap_or(ip);
        let url = format!("{}://{host}:{port}{}", h.scheme.to_lowercase(), h.path);
        if !listens(port) {
            return Outcome::Failure(format!("Get {url:?}: {}", refused(host, port)));
        }
        return match app.answer(&h.path, uptime_ms) {
            // None of the catalogue's programs speaks TLS.
            Answer::Status(_) if h.scheme == "HTTPS" => Outcome::Failure(format!(
                "Get {url:?}: http: server gave HTTP response to HTTPS client"
            )),
            Answer::Status(s) if (200..400).contains(&s) => Outcome::Success,
            Answer::Status(s) => {
                Outcome::Failure(format!("HTTP probe failed with statuscode: {s}"))
            }
            Answer::Hang => Outcome::Failure(format!(
                "Get {url:?}: context deadline exceeded (Client.Timeout exceeded while awaiting headers)"
            )),
            Answer::NotHttp(line) => Outcome::Failure(format!(
                "Get {url:?}: net/http: HTTP/1.x transport connection broken: malformed HTTP response {line:?}"
            )),
        };
    }
    if let Some(t) = &probe.tcp_socket {
        let port = match c.resolve_port(&t.port) {
            Ok(p) => p,
            Err(e) => return Outcome::Error(e),
        };
        let host = t.host.as_deref().filter(|h| !h.is_empty()).unwrap_or(ip);
        // A hung process's socket still completes the handshake (the kernel accepts it).
        return if listens(port) {
            Outcome::Success
        } else {
            Outcome::Failure(refused(host, port))
        };
    }
    if let Some(g) = &probe.grpc {
        // None of the catalogue's programs serves the gRPC health service; a blocking dial
        // to them runs into the timeout.
        return Outcome::Failure(format!(
            "timeout: failed to connect service {:?} within {}: context deadline exceeded",
            format!("{ip}:{}", g.port),
            go_duration(i64::from(probe.timeout_seconds) * 1000)
        ));
    }
    if let Some(e) = &probe.exec {
        // The sandbox cannot look inside a container: a command succeeds, unless the
        // program has hung, when the command hangs with it.
        return if app.hung(uptime_ms) {
            Outcome::Failure(format!("command {:?} timed out", e.command.join(" ")))
        } else {
            Outcome::Success
        };
    }
    Outcome::Error("missing probe handler".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn probe(yaml: &str) -> Probe {
        serde_yaml_ng::from_str(yaml).unwrap()
    }

    #[test]
    fn the_slow_image_answers_503_then_200() {
        let c = Container::new("app", "slowstart");
        let p = probe("httpGet: {path: /ready, port: 8080}");
        assert_eq!(
            run(App::SlowStart, &p, &c, "10.244.1.5", 5_000),
            Outcome::Failure("HTTP probe failed with statuscode: 503".into())
        );
        assert_eq!(run(App::SlowStart, &p, &c, "10.244.1.5", SLOW_READY_MS), Outcome::Success);
    }

    #[test]
    fn the_hanging_image_times_out_after_a_minute() {
        let c = Container::new("app", "hangs");
        let p = probe("httpGet: {path: /healthz, port: 8080}");
        assert_eq!(run(App::Hangs, &p, &c, "10.244.1.5", 59_000), Outcome::Success);
        assert_eq!(
            run(App::Hangs, &p, &c, "10.244.1.5", 60_000),
            Outcome::Failure("Get \"http://10.244.1.5:8080/healthz\": context deadline exceeded (Client.Timeout exceeded while awaiting headers)".into())
        );
    }

    #[test]
    fn a_port_nobody_listens_on_refuses_the_connection() {
        let c = Container::new("web", "nginx");
        assert_eq!(
            run(App::Nginx, &probe("tcpSocket: {port: 81}"), &c, "10.244.1.5", 0),
            Outcome::Failure("dial tcp 10.244.1.5:81: connect: connection refused".into())
        );
        assert_eq!(
            run(App::Nginx, &probe("httpGet: {path: /healthz, port: 80}"), &c, "10.244.1.5", 0),
            Outcome::Failure("HTTP probe failed with statuscode: 404".into())
        );
        assert_eq!(
            run(App::Redis, &probe("tcpSocket: {port: 6379}"), &c, "ip", 0),
            Outcome::Success
        );
        assert!(matches!(
            run(App::Nginx, &probe("httpGet: {port: http}"), &c, "ip", 0),
            Outcome::Error(_)
        ));
    }
}
