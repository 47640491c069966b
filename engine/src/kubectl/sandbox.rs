//! The sandbox's own commands, for what a real cluster does by itself: nodes failing,
//! controllers stopping, watch events getting lost, and time passing (`sleep`, `settle`).

use crate::controllers::ControllerName;
use crate::model::{Kind, DEFAULT_MAX_PODS};
use crate::world::{RunState, World};

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

const KUBECTL_HELP: &[&str] = &[
    "kubectl controls the simulated cluster. Supported here:",
    "",
    "  get TYPE[,TYPE] [NAME] [-l SEL] [-n NS | -A] [-o wide|name|yaml|json|jsonpath=...]",
    "      [-o custom-columns=H:.path,...] [--sort-by=.path] [--field-selector=F=V] [-L KEY]",
    "      [--show-labels] [--no-headers] [-w]",
    "      [-o go-template=TPL | --template=TPL | -o go-template-file=/dev/stdin <<EOF ... EOF]",
    "      [-o custom-columns-file=/dev/stdin <<EOF ... EOF]",
    "  describe TYPE NAME",
    "  create deployment NAME --image=IMAGE [--replicas=N]   create namespace NAME   create -f -",
    "  create service clusterip|nodeport|loadbalancer NAME --tcp=PORT[:TARGET] [--node-port=N]",
    "      [--clusterip=None]     create service externalname NAME --external-name=HOST",
    "  create job NAME --image=IMAGE [-- COMMAND...] | create job NAME --from=cronjob/NAME",
    "  create cronjob NAME --image=IMAGE --schedule='*/5 * * * *' [--restart=Never] [-- COMMAND...]",
    "  expose deploy|rs|pod|svc NAME [--port=N] [--target-port=N|NAME] [--type=NodePort]",
    "      [--name=NAME] [--protocol=TCP|UDP|SCTP] [--selector=k=v] [--labels=k=v] [--cluster-ip=IP]",
    "  apply -f -                 manifests on stdin: k apply -f - <<EOF ... EOF",
    "  diff -f -                  what apply -f - would change, as diff -u; exit 1 if anything",
    "  run NAME --image=IMAGE [--labels=k=v,...]",
    "  create|run|expose|apply|scale|delete|patch ... --dry-run=client|server [-o name|yaml|json]",
    "  delete TYPE NAME... | TYPE/NAME | -l SEL | --all",
    "      [--cascade=background|foreground|orphan] [--wait=false] [--grace-period=N] [--force]",
    "  scale TYPE/NAME --replicas=N",
    "  autoscale deploy|rs|sts NAME --max=N [--min=N] [--cpu-percent=N] [--name=NAME]",
    "  label TYPE NAME k=v k- [--overwrite] [--list] [--resource-version=RV] [-o name|yaml|json]",
    "  annotate TYPE NAME k=v k- [--overwrite] [--all | -l SEL] [--list] [--resource-version=RV]",
    "  replace -f - [--force [--grace-period=N] [--timeout=5m] [--cascade=...]]   manifests on stdin",
    "  patch TYPE NAME -p PATCH [--type strategic|merge|json] [--subresource status|scale]",
    "  set image deploy/NAME CONTAINER=IMAGE   set env deploy/NAME KEY=VAL KEY- [--list] [-c C]",
    "  set resources deploy/NAME [-c C] [--limits=cpu=200m,memory=512Mi] [--requests=cpu=100m]",
    "  rollout status|history|undo [--to-revision=N]|pause|resume|restart deploy/NAME|ds/NAME|sts/NAME",
    "  wait --for=condition=Available|Ready|delete TYPE/NAME [--timeout=30s]",
    "  cordon|uncordon|drain NODE",
    "  events [--for=KIND/NAME] [--types=Normal,Warning] [-w] [-o yaml|json] [--no-headers]",
    "  top pod|node [NAME] [-l SEL] [--containers] [--sort-by=cpu|memory] [--sum] [--no-headers]",
    "  exec POD|deploy/NAME [-c C] -- env|printenv VAR|hostname|cat /etc/hostname|ls /|echo ...",
    "  logs POD|deploy/NAME|rs/NAME [-c CONTAINER | --all-containers] [-p] [--tail=N] [-f] [--timestamps]",
    "  edit TYPE/NAME             in the web page: opens a YAML editor",
    "  explain TYPE[.FIELD...] [--recursive] [--api-version=GROUP/VERSION]",
    "  api-resources [-o wide|name] [--namespaced=BOOL] [--api-group=G] [--sort-by=name|kind]",
    "  api-versions",
    "  VERB --help                the forms above and every flag kubeloop accepts for VERB",
];

const IMAGES_HELP: &[&str] = &[
    "",
    "Images: nginx, httpd (HTTP on 80), redis (6379), busybox, alpine (exit at once), pause;",
    "  slowstart (HTTP 503 for 20s, then 200), neverready (always 503), hangs (200, then stops",
    "  answering after 60s), busybox:crash (exits 1 after 1s), busybox:sleep (ignores SIGTERM),",
    "  nginx:doesnotexist (pull fails). slowstart, neverready and hangs serve on 80 and 8080.",
];

const SHELL_HELP: &[&str] = &[
    "",
    "Shell: ;  &&  ||  |  $( )  'quotes'  \"quotes\"  <<EOF heredocs",
    "  head -N, tail -N, wc -l, grep [-v] [-i] PATTERN, sort, uniq, echo",
    "  sleep DURATION             let simulated time pass (sleep 5, sleep 2m)",
    "  timeout DURATION CMD       bound a watch (timeout 10s k get pods -w)",
    "  clear",
    "",
    "Sandbox (what a real cluster does on its own):",
    "  node add [COUNT] [--max-pods=N] | node remove NAME | node fail NAME | node recover NAME",
    "  node toleration SECONDS    how long pods stay on an unreachable node (default 300)",
    "  controller stop|start|pause NAME | controller list",
];

const SANDBOX_HELP: &[&str] = &[
    "  events drop N              lose the next N watch events",
    "  traffic [svc/NAME RATE]    each Service's users: requests served and failed; set the rate",
    "  load [KIND/NAME CPU]       extra CPU each pod of a deploy|rs|sts|ds|job|pod uses (load deploy/web 300m; 0 stops)",
    "  export [-n NS | -A]        your objects as YAML for `kubectl apply -f` on a real cluster",
    "  settle                     run until the controllers have nothing left to do",
    "  reset [--seed N]           start again with a fresh cluster",
];

fn lines(ls: &[&str]) -> String {
    ls.iter().map(|l| format!("{l}\n")).collect()
}

/// Words joined by ", " after `head`, wrapped at `HELP_WIDTH` with continuation lines
/// indented to where the first word starts (deeper than any verb's form, which `verb_help`
/// reads from the same text).
fn wrapped(head: &str, words: impl IntoIterator<Item = String>) -> String {
    const HELP_WIDTH: usize = 92;
    let indent = " ".repeat(head.chars().count());
    let (mut text, mut line) = (String::new(), head.to_string());
    let words: Vec<String> = words.into_iter().collect();
    for (i, w) in words.iter().enumerate() {
        let piece = if i + 1 < words.len() { format!("{w}, ") } else { w.clone() };
        if line.trim_end().len() > indent.len()
            && line.chars().count() + piece.trim_end().chars().count() > HELP_WIDTH
        {
            text.push_str(line.trim_end());
            text.push('\n');
            line = indent.clone();
        }
        line.push_str(&piece);
    }
    text.push_str(&line);
    text.push('\n');
    text
}

/// The types `get` and friends take, from the kinds registry (`Kind::ALL` with discovery's
/// short names), so a kind added there is listed here by itself.
fn types_help() -> String {
    let kinds = Kind::ALL.iter().map(|k| match k.info().short_names {
        [] => k.plural().to_string(),
        short => format!("{} ({})", k.plural(), short.join(", ")),
    });
    wrapped("Types: ", kinds.chain(["all".to_string()]))
}

/// The loops `controller stop|start|pause` takes, from `ControllerName::ALL`.
fn controllers_help() -> String {
    let names = ControllerName::ALL.iter().map(|c| c.short().to_string());
    wrapped("      NAME: ", names.chain(["all".to_string()]))
}

pub fn kubectl_help() -> String {
    format!("{}\n{}{}", lines(KUBECTL_HELP), types_help(), lines(IMAGES_HELP))
}

pub fn help() -> String {
    format!("{}{}{}{}", kubectl_help(), lines(SHELL_HELP), controllers_help(), lines(SANDBOX_HELP))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_lists_every_kind_and_every_loop_from_their_registries() {
        let text = help();
        for k in Kind::ALL {
            assert!(text.contains(k.plural()), "help names {}", k.plural());
        }
        for c in ControllerName::ALL {
            assert!(text.contains(&format!(" {},", c.short())), "help names the {c} loop");
        }
        assert!(text.contains("daemonsets (ds), statefulsets (sts)"), "{text}");
        assert!(text.contains("cronjobs (cj)") && text.contains("horizontalpodautoscalers (hpa)"));
        let types: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("Types: "))
            .take_while(|l| !l.is_empty())
            .collect();
        assert!(types.len() > 1 && types.iter().all(|l| l.chars().count() <= 92), "{types:?}");
        assert!(types[1..].iter().all(|l| l.starts_with("       ") && !l.starts_with("        ")));
    }

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
