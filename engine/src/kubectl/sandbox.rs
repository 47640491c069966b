//! The sandbox's own commands, for what a real cluster does by itself: nodes failing,
//! controllers stopping, watch events getting lost, and time passing (`sleep`, `settle`).

use crate::controllers::ControllerName;
use crate::model::DEFAULT_MAX_PODS;
use crate::world::{RunState, World};

pub use super::help::{help, kubectl_help};
use super::{KubectlError, Output, Session};

/// The most nodes `node add` creates at once.
const MAX_NODE_ADD: u32 = 1000;
/// The longest `sleep` accepted: one simulated day.
const MAX_SLEEP_MS: i64 = 24 * 60 * 60 * 1000;

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

fn controller_list(w: &World) -> String {
    let mut s = String::from("CONTROLLER          STATE\n");
    for c in ControllerName::ALL {
        let state = match w.controller_state(c) {
            RunState::Running => "running",
            RunState::Paused => "paused",
            RunState::Stopped => "stopped",
        };
        s.push_str(&format!("{:<20}{state}\n", c.short()));
    }
    s
}

/// Sandbox commands and shell builtins. Unknown commands get bash's wording.
pub fn run(
    s: &mut Session,
    cmd: &str,
    argv: &[String],
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let arg = |i: usize| argv.get(i).map(String::as_str);
    match cmd {
        "sleep" => {
            let Some(d) = arg(0) else {
                return Err(KubectlError::Plain("sleep: missing operand".into()));
            };
            let ms = parse_duration(d).ok_or_else(|| {
                KubectlError::Plain(format!("sleep: invalid time interval '{d}'"))
            })?;
            if ms > MAX_SLEEP_MS {
                return Err(KubectlError::Plain(
                    "kubeloop: sleep is limited to 24h of simulated time".into(),
                ));
            }
            s.world.advance(ms);
            Ok(0)
        }
        "settle" => {
            let r = s.world.settle();
            if !r.quiet {
                out.err(format!(
                    "kubeloop: still busy after {} of simulated time (a pod may be crash-looping or stuck)\n",
                    crate::duration::human(r.elapsed_ms)
                ));
            }
            Ok(0)
        }
        "clear" => {
            out.clear = true;
            Ok(0)
        }
        "help" => {
            out.out(help());
            Ok(0)
        }
        "reset" => {
            let seed = match (arg(0), arg(1)) {
                (None, _) => s.world.seed(),
                (Some("--seed"), Some(n)) => {
                    n.parse().map_err(|_| KubectlError::Usage(format!("invalid seed \"{n}\"")))?
                }
                (Some(a), None) if a.starts_with("--seed=") => {
                    let n = &a[7..];
                    n.parse().map_err(|_| KubectlError::Usage(format!("invalid seed \"{n}\"")))?
                }
                _ => return Err(KubectlError::Usage("usage: reset [--seed N]".into())),
            };
            s.world = World::new(seed);
            out.out(format!("kubeloop: a fresh cluster with 3 nodes (seed {seed})\n"));
            Ok(0)
        }
        "export" => super::export::run(s, argv, out),
        "node" | "nodes" => node(s, argv, out),
        "controller" | "controllers" => controller(s, argv, out),
        "traffic" => super::traffic::run(s, argv, out),
        "load" => super::load::run(s, argv, out),
        "events" => match (arg(0), arg(1)) {
            (Some("drop"), Some(n)) => {
                let n: u32 =
                    n.parse().map_err(|_| KubectlError::Usage(format!("invalid count \"{n}\"")))?;
                s.world.drop_events(n);
                out.out(format!("kubeloop: the next {n} watch events will be lost before any controller sees them\n"));
                Ok(0)
            }
            _ => Err(KubectlError::Usage("usage: events drop N".into())),
        },
        other => {
            Err(KubectlError::Plain(format!("kubeloop: {other}: command not found (type `help`)")))
        }
    }
}

fn node(s: &mut Session, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let sub = argv.first().map(String::as_str);
    let name = argv.get(1).map(String::as_str);
    match (sub, name) {
        (Some("add"), _) => {
            let mut count = 1u32;
            let mut max_pods = DEFAULT_MAX_PODS;
            let mut i = 1;
            while i < argv.len() {
                let a = &argv[i];
                if let Some(v) = a.strip_prefix("--max-pods=") {
                    max_pods = v.parse().ok().filter(|n| (1..=10_000).contains(n)).ok_or_else(|| {
                        KubectlError::Usage(format!("invalid --max-pods \"{v}\" (1 to 10000)"))
                    })?;
                } else if a == "--max-pods" {
                    i += 1;
                    let v = argv.get(i).map(String::as_str).unwrap_or("");
                    max_pods = v.parse().ok().filter(|n| (1..=10_000).contains(n)).ok_or_else(|| {
                        KubectlError::Usage(format!("invalid --max-pods \"{v}\" (1 to 10000)"))
                    })?;
                } else {
                    count = a.parse().ok().filter(|n| (1..=MAX_NODE_ADD).contains(n)).ok_or_else(|| {
                        KubectlError::Usage(format!("invalid node count \"{a}\" (1 to {MAX_NODE_ADD})"))
                    })?;
                }
                i += 1;
            }
            for n in s.world.add_nodes(count, max_pods) {
                out.out(format!("node/{n} added\n"));
            }
            Ok(0)
        }
        (Some("remove"), Some(n)) => {
            s.world.remove_node(n)?;
            out.out(format!("node/{n} removed\n"));
            Ok(0)
        }
        (Some("fail"), Some(n)) => {
            s.world.fail_node(n)?;
            out.out(format!(
                "node/{n} stopped reporting; NotReady after {}s, its pods evicted {}s later\n",
                s.world.config.node_monitor_grace_ms / 1000,
                s.world.config.toleration_seconds
            ));
            Ok(0)
        }
        (Some("recover"), Some(n)) => {
            s.world.recover_node(n)?;
            out.out(format!("node/{n} is reporting again\n"));
            Ok(0)
        }
        (Some("toleration"), Some(v)) => {
            let secs: i64 = v
                .trim_end_matches('s')
                .parse()
                .ok()
                .filter(|n| (0..=86_400).contains(n))
                .ok_or_else(|| KubectlError::Usage(format!("invalid toleration \"{v}\" (0 to 86400 seconds)")))?;
            s.world.config.toleration_seconds = secs;
            out.out(format!("kubeloop: pods on an unreachable node are evicted after {secs}s\n"));
            Ok(0)
        }
        _ => Err(KubectlError::Usage(
            "usage: node add [COUNT] [--max-pods=N] | node remove NAME | node fail NAME | node recover NAME | node toleration SECONDS".into(),
        )),
    }
}

fn controller(s: &mut Session, argv: &[String], out: &mut Output) -> Result<i32, KubectlError> {
    let sub = argv.first().map(String::as_str);
    if matches!(sub, None | Some("list" | "status")) {
        out.out(controller_list(&s.world));
        return Ok(0);
    }
    let state = match sub {
        Some("stop") => RunState::Stopped,
        Some("start" | "resume") => RunState::Running,
        Some("pause") => RunState::Paused,
        _ => {
            return Err(KubectlError::Usage(
                "usage: controller stop|start|pause NAME | controller list".into(),
            ))
        }
    };
    let Some(name) = argv.get(1) else {
        return Err(KubectlError::Usage("usage: controller stop|start|pause NAME".into()));
    };
    let names: Vec<ControllerName> = if name == "all" || name == "controller-manager" {
        ControllerName::ALL.to_vec()
    } else {
        vec![ControllerName::from_short(name).ok_or_else(|| {
            let known: Vec<&str> = ControllerName::ALL.iter().map(|c| c.short()).collect();
            KubectlError::Usage(format!(
                "unknown controller \"{name}\" (one of: {}, all)",
                known.join(", ")
            ))
        })?]
    };
    for c in names {
        s.world.set_controller(c, state);
        let word = match state {
            RunState::Running => "started",
            RunState::Paused => "paused",
            RunState::Stopped => "stopped",
        };
        out.out(format!("controller/{c} {word}\n"));
    }
    Ok(0)
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
