//! The sandbox's own commands, for what a real cluster does by itself: nodes failing,
//! controllers stopping, watch events getting lost (clients of `kubeloop.dev/v1`, in
//! `sandbox_cluster.rs`), and time passing (`sleep`, `settle`) or starting over (`reset`),
//! which the cluster's host answers (`Cluster::host`) rather than any API.

pub use super::help::{help, kubectl_help};
use super::{Kubectl, KubectlError, Output};

/// Go-style durations as `sleep` and `timeout` take them: `5`, `5s`, `1.5s`, `2m`, `1h`,
/// `500ms`, `1m30s`. Returns milliseconds.
pub fn parse_duration(s: &str) -> Option<i64> {
    if s.is_empty() || s.len() > 32 {
        return None;
    }
    if let Ok(secs) = s.parse::<f64>() {
        return (secs.is_finite() && secs >= 0.0).then(|| (secs * 1000.0).round() as i64);
    }
    let mut total = 0f64;
    let mut rest = s;
    while !rest.is_empty() {
        let num_end = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(rest.len());
        let num: f64 = rest[..num_end].parse().ok()?;
        rest = &rest[num_end..];
        let unit_end = rest.find(|c: char| c.is_ascii_digit() || c == '.').unwrap_or(rest.len());
        let factor = match &rest[..unit_end] {
            "ms" => 1.0,
            "s" => 1000.0,
            "m" => 60_000.0,
            "h" => 3_600_000.0,
            "d" => 86_400_000.0,
            _ => return None,
        };
        rest = &rest[unit_end..];
        total += num * factor;
    }
    (total.is_finite() && total <= 1e15).then_some(total.round() as i64)
}

/// A verb's `--timeout` duration in milliseconds, 0 when not given, with pflag's error for
/// one that does not parse (`drain`, `replace --force`).
pub(super) fn timeout_flag(a: &super::args::Args) -> Result<i64, super::KubectlError> {
    match a.get("timeout") {
        None => Ok(0),
        Some(t) => parse_duration(t).ok_or_else(|| {
            super::KubectlError::Usage(format!(
                "invalid argument \"{t}\" for \"--timeout\" flag: time: invalid duration \"{t}\""
            ))
        }),
    }
}

pub fn parse_timeout(argv: &[String]) -> Result<(i64, &[String]), KubectlError> {
    let Some(d) = argv.first() else {
        return Err(KubectlError::Plain(
            "timeout: missing operand\nTry 'timeout --help' for more information.".into(),
        ));
    };
    let ms = parse_duration(d)
        .ok_or_else(|| KubectlError::Plain(format!("timeout: invalid time interval '{d}'")))?;
    if argv.len() < 2 {
        return Err(KubectlError::Plain(
            "timeout: missing operand\nTry 'timeout --help' for more information.".into(),
        ));
    }
    Ok((ms, &argv[1..]))
}

/// Sandbox commands and shell builtins. Unknown commands get bash's wording.
pub fn run(
    s: &mut Kubectl,
    cmd: &str,
    argv: &[String],
    out: &mut Output,
) -> Result<i32, KubectlError> {
    // `sleep`, `settle` and `reset` act on the cluster's own clock and on the cluster itself.
    if let Some(result) = s.host(cmd, argv, out) {
        return result;
    }
    match cmd {
        "clear" => {
            out.clear = true;
            Ok(0)
        }
        "help" => {
            out.out(help());
            Ok(0)
        }
        other => later(s, other, argv, out).unwrap_or_else(|| {
            Err(KubectlError::Plain(format!("kubeloop: {other}: command not found (type `help`)")))
        }),
    }
}

/// The commands that act on the cluster through `kubeloop.dev/v1`, and `export` (a file of
/// every kind's objects), which ship with the engine's course part (`crate::parts`): a line naming one fetches the part first.
pub const LATER_COMMANDS: &[&str] =
    &["node", "nodes", "controller", "controllers", "traffic", "load", "events", "export"];

#[cfg(kubeloop_split)]
type Later = fn(&mut Kubectl, &str, &[String], &mut Output) -> Option<Result<i32, KubectlError>>;

#[cfg(kubeloop_split)]
static LINKED: std::sync::OnceLock<Later> = std::sync::OnceLock::new();

fn later(
    s: &mut Kubectl,
    cmd: &str,
    argv: &[String],
    out: &mut Output,
) -> Option<Result<i32, KubectlError>> {
    #[cfg(kubeloop_split)]
    return LINKED.get().and_then(|run| run(s, cmd, argv, out));
    #[cfg(not(kubeloop_split))]
    later_commands(s, cmd, argv, out)
}

/// Makes the commands reachable: called from the code that ships with them.
pub(crate) fn link() {
    #[cfg(kubeloop_split)]
    let _ = LINKED.set(later_commands as Later);
}

fn later_commands(
    s: &mut Kubectl,
    cmd: &str,
    argv: &[String],
    out: &mut Output,
) -> Option<Result<i32, KubectlError>> {
    Some(match cmd {
        "node" | "nodes" => super::sandbox_cluster::node(s, argv, out),
        "controller" | "controllers" => super::sandbox_cluster::controller(s, argv, out),
        "traffic" => super::traffic::run(s, argv, out),
        "load" => super::load::run(s, argv, out),
        "events" => super::sandbox_cluster::events(s, argv, out),
        "export" => super::export::run(s, argv, out),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_parse_like_sleep_and_go() {
        assert_eq!(parse_duration("5"), Some(5000));
        assert_eq!(parse_duration("1.5"), Some(1500));
        assert_eq!(parse_duration("2m"), Some(120_000));
        assert_eq!(parse_duration("1m30s"), Some(90_000));
        assert_eq!(parse_duration("500ms"), Some(500));
        assert_eq!(parse_duration("1h"), Some(3_600_000));
        for bad in ["", "x", "5y", "-1", "1e400", "99999999999999999999999999999999999"] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
    }
}
