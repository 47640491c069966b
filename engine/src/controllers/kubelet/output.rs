//! What each catalogue program writes to stdout, as a container runtime's log file would
//! hold it: startup lines, a line per probe request it answers (nginx's and httpd's access
//! log, the teaching apps' request log), and why it stopped. Lines are derived from the
//! container instance's history (start, end, exit code, the pod's probes) each time they
//! are asked for, so nothing is stored per tick; the same history gives the same lines.
//!
//! Probe requests are the real kubelet's schedule (every `periodSeconds` after
//! `initialDelaySeconds`, liveness and readiness after the startup probe passed), which keeps
//! going where the simulated prober stops repeating a settled result.

use crate::clock::Time;
use crate::model::{Container, IntOrString, Pod, Probe, ProbeKind};

use super::command::Line;
use super::serving::{App, HANG_AFTER_MS, SLOW_READY_MS};

/// One container instance whose output is wanted.
pub struct Instance<'a> {
    pub app: App,
    pub container: &'a Container,
    /// The pod, whose fields the container's `fieldRef` variables read.
    pub pod: Option<&'a Pod>,
    pub pod_ip: &'a str,
    pub start: Time,
    /// When and with which exit code it stopped, if it has.
    pub end: Option<(Time, i32)>,
    /// Lines up to this time exist (now, for a running instance).
    pub upto: Time,
}

/// The instance's lines stamped after `after` (all of them for `None`), oldest first.
pub fn lines(inst: &Instance<'_>, after: Option<Time>) -> Vec<(Time, String)> {
    let mut out: Vec<(Time, String)> = Vec::new();
    let last = inst.end.map_or(inst.upto, |(t, _)| t.min(inst.upto));
    let keep = |t: Time| after.is_none_or(|a| t > a) && t <= last;
    // A command played out by `command.rs` prints what its script says, not the image's
    // program's banner.
    if let Some(script) = super::command::script(inst.container, inst.pod) {
        for (offset, line) in script.timeline(last.since(inst.start)) {
            let t = inst.start.plus_millis(offset);
            if keep(t) {
                let text = match line {
                    Line::Text(text) => text,
                    Line::Date => date_line(t),
                };
                out.push((t, text));
            }
        }
        return out;
    }
    let start = inst.start;
    for (offset, text) in banner(inst) {
        let t = start.plus_millis(offset);
        if keep(t) {
            out.push((t, text));
        }
    }
    requests(inst, after, last, &mut out);
    if let Some((end, code)) = inst.end {
        if end <= inst.upto && keep(end) {
            out.extend(farewell(inst.app, end, code).into_iter().map(|l| (end, l)));
        }
    }
    // Stable: lines of one moment keep the order they were written in.
    out.sort_by_key(|(t, _)| *t);
    out
}

fn version(c: &Container, fallback: &str) -> String {
    let tag = c.image.rsplit_once(':').map_or("", |(_, t)| t);
    let digits: String = tag.chars().take_while(|ch| ch.is_ascii_digit() || *ch == '.').collect();
    match digits.split('.').filter(|p| !p.is_empty()).count() {
        0 => fallback.to_string(),
        1 => format!("{digits}.0.0"),
        2 => format!("{digits}.0"),
        _ => digits,
    }
}

/// Startup lines, each with its offset from the start in milliseconds.
fn banner(inst: &Instance<'_>) -> Vec<(i64, String)> {
    let t = inst.start;
    let lines: Vec<String> = match inst.app {
        App::Nginx => {
            let e = |m: &str| format!("/docker-entrypoint.sh: {m}");
            let n = |m: &str| format!("{} [notice] 1#1: {m}", error_log_time(t));
            vec![
                e("/docker-entrypoint.d/ is not empty, will attempt to perform configuration"),
                e("Looking for shell scripts in /docker-entrypoint.d/"),
                e("Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh"),
                "10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf".into(),
                "10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf".into(),
                e("Sourcing /docker-entrypoint.d/15-local-resolvers.envsh"),
                e("Launching /docker-entrypoint.d/20-envsubst-on-templates.sh"),
                e("Launching /docker-entrypoint.d/30-tune-worker-processes.sh"),
                e("Configuration complete; ready for start up"),
                n("using the \"epoll\" event method"),
                n(&format!("nginx/{}", version(inst.container, "1.29.1"))),
                n("built by gcc 12.2.0 (Debian 12.2.0-14+deb12u1) "),
                n("OS: Linux 6.8.0-1019"),
                n("getrlimit(RLIMIT_NOFILE): 1048576:1048576"),
                n("start worker processes"),
                n("start worker process 29"),
                n("start worker process 30"),
            ]
        }
        App::Httpd => {
            let fqdn = format!("AH00558: httpd: Could not reliably determine the server's fully qualified domain name, using {}. Set the 'ServerName' directive globally to suppress this message", inst.pod_ip);
            vec![
                fqdn.clone(),
                fqdn,
                format!(
                    "{} [mpm_event:notice] [pid 1:tid 1] AH00489: Apache/{} (Unix) configured -- resuming normal operations",
                    httpd_time(t),
                    version(inst.container, "2.4.65")
                ),
                format!(
                    "{} [core:notice] [pid 1:tid 1] AH00094: Command line: 'httpd -D FOREGROUND'",
                    httpd_time(t)
                ),
            ]
        }
        App::Redis => {
            let c = |m: &str| format!("1:C {} {m}", redis_time(t));
            let m = |m: &str| format!("1:M {} {m}", redis_time(t));
            vec![
                c("* oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo"),
                c(&format!(
                    "* Redis version={}, bits=64, commit=00000000, modified=1, pid=1, just started",
                    version(inst.container, "8.2.1")
                )),
                c("# Warning: no config file specified, using the default config. In order to specify a config file use redis-server /path/to/redis.conf"),
                m("* monotonic clock: POSIX clock_gettime"),
                m("* Running mode=standalone, port=6379."),
                m("* Server initialized"),
                m("* Ready to accept connections tcp"),
            ]
        }
        App::Crash => vec![
            format!("{} starting worker", app_time(t)),
            format!("{} connecting to database at db:5432", app_time(t)),
        ],
        App::SlowStart => vec![
            format!("{} listening on :80 and :8080", app_time(t)),
            format!("{} warming caches, not ready yet", app_time(t)),
        ],
        App::NeverReady => vec![
            format!("{} listening on :80 and :8080", app_time(t)),
            format!("{} waiting for dependency \"db\" before reporting ready", app_time(t)),
        ],
        App::Hangs => vec![format!("{} listening on :80 and :8080", app_time(t))],
        App::Pause | App::Shell | App::Sleep => Vec::new(),
    };
    let mut out: Vec<(i64, String)> = lines.into_iter().map(|l| (0, l)).collect();
    match inst.app {
        App::SlowStart => out.push((
            SLOW_READY_MS,
            format!("{} caches warm, ready to serve", app_time(t.plus_millis(SLOW_READY_MS))),
        )),
        App::Hangs => out.push((
            HANG_AFTER_MS,
            format!(
                "{} worker deadlock: all request handlers blocked",
                app_time(t.plus_millis(HANG_AFTER_MS))
            ),
        )),
        _ => {}
    }
    out
}

/// The probe requests the program logs, between `after` and `last`.
fn requests(inst: &Instance<'_>, after: Option<Time>, last: Time, out: &mut Vec<(Time, String)>) {
    let c = inst.container;
    let probe_of = |kind| c.probe(kind).and_then(|p: &Probe| p.http_get.as_ref().map(|h| (p, h)));
    // When the startup probe passed: liveness and readiness probe only from then.
    let started = match probe_of(ProbeKind::Startup) {
        // A tcpSocket or exec startup probe passes at its first tick on these programs.
        None => Some(inst.start),
        Some((p, h)) => ticks(inst.start, p, None, last, false).find(|t| {
            inst.app
                .status_for(&h.path, t.since(inst.start))
                .is_some_and(|s| (200..400).contains(&s))
        }),
    };
    for kind in [ProbeKind::Startup, ProbeKind::Liveness, ProbeKind::Readiness] {
        let Some((p, h)) = probe_of(kind) else { continue };
        let port = match &h.port {
            IntOrString::Int(n) => Ok(*n),
            other => c.resolve_port(other),
        };
        if !port.is_ok_and(|port| inst.app.ports().contains(&port)) {
            continue;
        }
        for t in ticks(inst.start, p, after, last, true) {
            let gated = match kind {
                ProbeKind::Startup => started.is_some_and(|s| t > s),
                _ => started.is_none_or(|s| t < s),
            };
            if gated || after.is_some_and(|a| t <= a) {
                continue;
            }
            let Some(status) = inst.app.status_for(&h.path, t.since(inst.start)) else { continue };
            out.push((t, access_line(inst, t, &h.path, status)));
        }
    }
}

/// The probe's ticks up to `last`, from the first after `after`; when `capped`, at most
/// `KEPT_REQUESTS` of them, the most recent, as a rotated log file keeps only its tail (the kubelet
/// rotates container logs at 10 MiB), so a long session costs no more per read.
fn ticks(
    start: Time,
    p: &Probe,
    after: Option<Time>,
    last: Time,
    capped: bool,
) -> impl Iterator<Item = Time> {
    let first = start.plus_secs(i64::from(p.initial_delay_seconds.max(0)));
    let period_ms = i64::from(p.period_seconds.max(1)) * 1000;
    let index = |t: Time| t.since(first).max(0) / period_ms;
    let from_after = after.map_or(0, &index);
    let from = if capped { from_after.max(index(last) - KEPT_REQUESTS) } else { from_after };
    (from..).map(move |k| first.plus_millis(k * period_ms)).take_while(move |t| *t <= last)
}

const KEPT_REQUESTS: i64 = 5_000;

/// The kubelet's requests come from the node's end of the pod network (`10.244.N.1`).
fn access_line(inst: &Instance<'_>, t: Time, path: &str, status: u16) -> String {
    let gateway = match inst.pod_ip.rsplit_once('.') {
        Some((net, _)) => format!("{net}.1"),
        None => inst.pod_ip.to_string(),
    };
    match inst.app {
        App::Nginx => {
            let bytes = if status == 200 { 615 } else { 153 };
            format!(
                "{gateway} - - [{}] \"GET {path} HTTP/1.1\" {status} {bytes} \"-\" \"kube-probe/1.34\" \"-\"",
                access_time(t)
            )
        }
        App::Httpd => {
            let bytes = if status == 200 { 45 } else { 196 };
            format!("{gateway} - - [{}] \"GET {path} HTTP/1.1\" {status} {bytes}", access_time(t))
        }
        _ => format!("{} {gateway} GET {path} {status}", app_time(t)),
    }
}

/// What the program prints as it stops with `code`.
fn farewell(app: App, end: Time, code: i32) -> Vec<String> {
    if code == 137 {
        // SIGKILL: nothing gets to print.
        return Vec::new();
    }
    match app {
        App::Nginx => {
            let n = |m: &str| format!("{} [notice] {m}", error_log_time(end));
            vec![
                n("1#1: signal 3 (SIGQUIT) received, shutting down"),
                n("29#29: gracefully shutting down"),
                n("29#29: exiting"),
                n("29#29: exit"),
                n("1#1: signal 17 (SIGCHLD) received from 29"),
                n("1#1: worker process 29 exited with code 0"),
                n("1#1: exit"),
            ]
        }
        App::Httpd => vec![format!(
            "{} [mpm_event:notice] [pid 1:tid 1] AH00492: caught SIGWINCH, shutting down gracefully",
            httpd_time(end)
        )],
        App::Redis => {
            let m = |m: &str| format!("1:M {} {m}", redis_time(end));
            vec![
                // The handler prints Unix seconds; simulated time zero is 2025-01-01.
                format!(
                    "1:signal-handler ({}) Received SIGTERM scheduling shutdown...",
                    end.secs() + 1_735_689_600
                ),
                m("* User requested shutdown..."),
                m("* Saving the final RDB snapshot before exiting."),
                m("* DB saved on disk"),
                m("# Redis is now ready to exit, bye bye..."),
            ]
        }
        App::Crash => vec![
            format!("{} error: dial tcp 10.96.0.42:5432: connect: connection refused", app_time(end)),
            format!("{} fatal: cannot start without a database, exiting with code {code}", app_time(end)),
        ],
        App::SlowStart | App::NeverReady | App::Hangs => {
            vec![format!("{} received terminated, shutting down", app_time(end))]
        }
        App::Pause | App::Shell | App::Sleep => Vec::new(),
    }
}

/// `(year, month 1-12, day, hour, minute, second, millisecond, weekday 0 = Monday)`.
fn parts(t: Time) -> (String, usize, String, String, String, String, i64, usize) {
    let s = t.to_string(); // 2025-01-01T00:00:00Z
    let field = |a: usize, b: usize| s.get(a..b).unwrap_or("00").to_string();
    let month = field(5, 7).parse::<usize>().unwrap_or(1).clamp(1, 12);
    // Simulated time zero, 2025-01-01, was a Wednesday.
    let weekday = (t.secs().div_euclid(86_400) + 2).rem_euclid(7) as usize;
    let ms = t.millis().rem_euclid(1000);
    (field(0, 4), month, field(8, 10), field(11, 13), field(14, 16), field(17, 19), ms, weekday)
}

const MONTHS: [&str; 12] =
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/// nginx's error log: `2025/01/01 00:00:03`.
fn error_log_time(t: Time) -> String {
    let (y, m, d, h, mi, s, _, _) = parts(t);
    format!("{y}/{m:02}/{d} {h}:{mi}:{s}")
}

/// The common log format: `01/Jan/2025:00:00:03 +0000`.
fn access_time(t: Time) -> String {
    let (y, m, d, h, mi, s, _, _) = parts(t);
    format!("{d}/{}/{y}:{h}:{mi}:{s} +0000", MONTHS[m - 1])
}

/// httpd's error log: `[Wed Jan 01 00:00:03.120000 2025]`.
fn httpd_time(t: Time) -> String {
    let (y, m, d, h, mi, s, ms, wd) = parts(t);
    format!("[{} {} {d} {h}:{mi}:{s}.{ms:03}000 {y}]", DAYS[wd], MONTHS[m - 1])
}

/// redis: `01 Jan 2025 00:00:03.120`.
fn redis_time(t: Time) -> String {
    let (y, m, d, h, mi, s, ms, _) = parts(t);
    format!("{d} {} {y} {h}:{mi}:{s}.{ms:03}", MONTHS[m - 1])
}

/// `date` in busybox and coreutils alike: `Wed Jan  1 00:00:03 UTC 2025`.
fn date_line(t: Time) -> String {
    let (y, m, d, h, mi, s, _, wd) = parts(t);
    let day = d.trim_start_matches('0');
    format!("{} {} {day:>2} {h}:{mi}:{s} UTC {y}", DAYS[wd], MONTHS[m - 1])
}

/// Go's `log` package: `2025/01/01 00:00:03`.
fn app_time(t: Time) -> String {
    error_log_time(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nginx_with_probe() -> Container {
        let mut c = Container::new("web", "nginx:1.27");
        c.readiness_probe = Some(Box::new(serde_yaml_ng::from_str("httpGet: {port: 80}").unwrap()));
        c
    }

    #[test]
    fn nginx_logs_its_banner_and_an_access_line_per_probe() {
        let c = nginx_with_probe();
        let start = Time::from_secs(3);
        let inst = Instance {
            app: App::Nginx,
            container: &c,
            pod: None,
            pod_ip: "10.244.1.5",
            start,
            end: None,
            upto: start.plus_secs(25),
        };
        let all = lines(&inst, None);
        assert_eq!(all.len(), 17 + 3, "banner plus probes at 0, 10 and 20 s");
        assert!(all[10].1.ends_with("[notice] 1#1: nginx/1.27.0"), "{:?}", all[10]);
        assert_eq!(all[0].1, "/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration");
        assert_eq!(
            all[19].1,
            "10.244.1.1 - - [01/Jan/2025:00:00:23 +0000] \"GET / HTTP/1.1\" 200 615 \"-\" \"kube-probe/1.34\" \"-\""
        );
        // Asking again after the last line gives nothing new; later, only the new probe.
        assert!(lines(&inst, Some(all[19].0)).is_empty());
        let later = Instance { upto: start.plus_secs(30), ..inst };
        assert_eq!(lines(&later, Some(all[19].0)).len(), 1);
    }

    #[test]
    fn the_crash_image_says_why_it_dies() {
        let c = Container::new("app", "busybox:crash");
        let start = Time::from_secs(60);
        let end = start.plus_secs(1);
        let inst = Instance {
            app: App::Crash,
            container: &c,
            pod: None,
            pod_ip: "10.244.1.5",
            start,
            end: Some((end, 1)),
            upto: end.plus_secs(100),
        };
        let text: Vec<String> = lines(&inst, None).into_iter().map(|(_, l)| l).collect();
        assert_eq!(text.len(), 4);
        assert_eq!(
            text[3],
            "2025/01/01 00:01:01 fatal: cannot start without a database, exiting with code 1"
        );
    }
}
