//! What a container does when its spec gives a `command`/`args` on a plain catalogue image
//! (busybox, alpine, perl, and the Debian-based nginx, httpd and redis): the program is read
//! the way a user types it and played out in simulated time, so `sleep 5` exits 0 after
//! 5 s, `sh -c "sleep 3; exit 1"` fails after 3 s, `false` fails at once and `echo hi`
//! prints `hi` and exits 0. Pure: a container spec in, a timeline of output lines and an
//! exit out; the kubelet (`runtime.rs`) takes the exit, `output.rs` the lines.
//!
//! What is simulated, and nothing more:
//! - executables: `sh`/`ash` (and `bash` on the Debian images) with `-c SCRIPT`, `sleep`
//!   (`5`, `0.5`, `2s`, `1m`, `1h`, `1d`, `infinity`), `echo`, `printf` (`%s`, `%d`, `\n`),
//!   `true`, `false`, `date`, and on the perl image `perl`;
//! - in a script: `;`, newlines, `&`, `&&`, `||`, `exit N`, `:`, quotes and backslashes,
//!   `>&2` and `2>&1` (both streams land in the log alike),
//!   `$VAR`/`${VAR}` (the container's literal `env` values, its downward-API `fieldRef`s
//!   such as `JOB_COMPLETION_INDEX`, and loop variables),
//!   `while`/`until COND; do ...; done` and `for V in WORDS; do ...; done`;
//! - `perl -Mbignum=bpi -wle 'print bpi(N)'` (the Job tutorial's example) prints pi to N
//!   digits after a while; any other perl program runs for a second and prints nothing.
//!
//! Anything else is treated as not installed, as if the image lacked it: a script prints
//! `sh: NAME: not found` and gets status 127, and an executable given directly fails to
//! start (the runtime's `StartError`, exit code 128). The image's own server as the command
//! (`nginx -g 'daemon off;'`, `redis-server`) keeps the image's behaviour (`images.rs`),
//! and so do the teaching images with a magic word (`busybox:sleep`, `busybox:crash`).
//! A process run this way is PID 1 without a SIGTERM handler, so it ignores SIGTERM and
//! is killed at the end of the grace period, as a real one is.

use crate::model::{Container, Pod};

use super::coreutils::{printf, sleep_ms};
use super::images::{image_behaviour, parse_image, ImageBehaviour, Program};
pub use super::played::{Line, Repeat, Script};
use super::serving::App;
use super::shell_script::{parse, Cmd, Item, Op, Word};

/// What the image ships, as far as commands go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tools {
    /// busybox and alpine: `sh` (ash) and the applets, no bash, no perl.
    Busybox,
    /// The Debian-based images: dash as `sh`, bash, coreutils.
    Debian,
    /// The perl image: Debian plus perl.
    Perl,
}

/// The longest a played-out command may take to describe: loops are unrolled at most
/// this many times, and `bpi(N)` is capped, so a typed command cannot cost unbounded work.
const MAX_STEPS: usize = 10_000;
const MAX_BPI_DIGITS: usize = 10_000;

/// The script a container runs, or `None` when the image's own behaviour applies (no
/// command given, the image's own server named, a magic-word or unknown image).
pub fn script(c: &Container, pod: Option<&Pod>) -> Option<Script> {
    let argv: Vec<String> =
        c.command.iter().flatten().chain(c.args.iter().flatten()).cloned().collect();
    if argv.is_empty() {
        return None;
    }
    let tools = tools_of(&c.image)?;
    if is_own_server(&argv[0]) {
        return None;
    }
    let mut run = Run { t: 0, lines: Vec::new(), env: env_of(c, pod), steps: 0, tools };
    match run.exec(&argv) {
        Flow::Next(status) | Flow::Exit(status) => {
            Some(Script { lines: run.lines, exit: Some((run.t, status)), ..Default::default() })
        }
        Flow::Forever => Some(Script { lines: run.lines, ..Default::default() }),
        Flow::Loop(repeat) => {
            Some(Script { lines: run.lines, repeat: Some(repeat), ..Default::default() })
        }
        Flow::NoExec(message) => {
            Some(Script { exit: Some((0, 128)), start_error: Some(message), ..Default::default() })
        }
    }
}

/// What pulling and running this container does: the image's behaviour, with the
/// command's exit in place of the image program's when the command is played out here.
pub fn container_behaviour(c: &Container, pod: Option<&Pod>) -> ImageBehaviour {
    match (image_behaviour(&c.image), script(c, pod)) {
        (ImageBehaviour::Runs(p), Some(s)) => ImageBehaviour::Runs(Program {
            exits: s.exit,
            // PID 1 without a handler: SIGTERM does nothing, the grace period's SIGKILL does.
            stop_ms: None,
            // Listens on nothing and answers no probe, like a sleeping process.
            app: App::Sleep,
            start_error: s.start_error.is_some(),
            ..p
        }),
        (b, _) => b,
    }
}

fn tools_of(image: &str) -> Option<Tools> {
    let r = parse_image(image).ok()?;
    let word = |w: &str| r.path.contains(w) || r.tag.contains(w);
    if ["sleep", "crash", "slowstart", "neverready", "hangs"].iter().any(|w| word(w)) {
        return None;
    }
    match (r.registry.as_str(), r.path.as_str()) {
        ("docker.io", "library/busybox" | "library/alpine") => Some(Tools::Busybox),
        ("docker.io", "library/perl") => Some(Tools::Perl),
        ("docker.io", "library/nginx" | "library/httpd" | "library/redis") => Some(Tools::Debian),
        _ => None,
    }
}

fn is_own_server(exe: &str) -> bool {
    let base = exe.rsplit('/').next().unwrap_or(exe);
    matches!(base, "nginx" | "httpd" | "httpd-foreground" | "redis-server" | "docker-entrypoint.sh")
}

/// The container's `env` entries: a literal `value`, or a downward-API `fieldRef` read from
/// the pod (when there is one); other `valueFrom` sources read as empty here.
fn env_of(c: &Container, pod: Option<&Pod>) -> Vec<(String, String)> {
    let Some(serde_json::Value::Array(items)) = c.env.as_deref() else { return Vec::new() };
    items
        .iter()
        .filter_map(|e| {
            let name = e.get("name")?.as_str()?;
            let value = match (e.get("valueFrom"), pod) {
                (Some(from), Some(pod)) => crate::model::downward::field_ref(pod, from),
                _ => e.get("value").and_then(|v| v.as_str()).unwrap_or("").to_string(),
            };
            Some((name.to_string(), value))
        })
        .collect()
}

/// How a command ended: with a status (carry on), `exit`, blocked forever, in an endless
/// loop, or not runnable at all.
enum Flow {
    Next(i32),
    Exit(i32),
    Forever,
    Loop(Repeat),
    NoExec(String),
}

struct Run {
    t: i64,
    lines: Vec<(i64, Line)>,
    env: Vec<(String, String)>,
    steps: usize,
    tools: Tools,
}

impl Run {
    fn say(&mut self, line: Line) {
        self.lines.push((self.t, line));
    }

    fn var(&self, name: &str) -> String {
        self.env.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.clone()).unwrap_or_default()
    }

    /// An executable run directly by the runtime (no shell around it).
    fn exec(&mut self, argv: &[String]) -> Flow {
        let base = argv[0].rsplit('/').next().unwrap_or(&argv[0]).to_string();
        match base.as_str() {
            "sh" | "ash" | "dash" => self.shell(&argv[1..], "sh"),
            "bash" if self.tools != Tools::Busybox => self.shell(&argv[1..], "bash"),
            _ => match self.program(&base, &argv[1..]) {
                Some(flow) => flow,
                // containerd's message, as `kubectl describe pod` shows it under StartError.
                None => Flow::NoExec(format!(
                    "failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: exec: {:?}: executable file not found in $PATH: unknown",
                    argv[0]
                )),
            },
        }
    }

    fn shell(&mut self, args: &[String], name: &str) -> Flow {
        match args {
            // No script and no terminal: the shell reads an empty stdin and exits 0.
            [] => Flow::Next(0),
            [c, script, ..] if c == "-c" => match parse(script) {
                Ok(items) => self.items(&items, &[]),
                // The simulation's own refusals say so; the shell's errors carry its name.
                Err(e) if e.starts_with("kubeloop:") => {
                    self.say(Line::Text(e));
                    Flow::Exit(2)
                }
                Err(e) => {
                    self.say(Line::Text(format!("{name}: {e}")));
                    Flow::Exit(2)
                }
            },
            [c] if c == "-c" => {
                self.say(Line::Text(format!("{name}: -c requires an argument")));
                Flow::Exit(2)
            }
            [file, ..] => {
                let text = match self.tools {
                    Tools::Busybox => {
                        format!("{name}: can't open '{file}': No such file or directory")
                    }
                    _ => format!("{name}: 0: cannot open {file}: No such file"),
                };
                self.say(Line::Text(text));
                Flow::Exit(2)
            }
        }
    }

    fn words(&self, words: &[Word], vars: &[(String, String)]) -> Vec<String> {
        words
            .iter()
            .map(|w| {
                w.expand(&|name: &str| {
                    vars.iter()
                        .rev()
                        .find(|(k, _)| k == name)
                        .map(|(_, v)| v.clone())
                        .unwrap_or_else(|| self.var(name))
                })
            })
            .collect()
    }

    /// A list of commands joined by `;`, `&&` and `||`.
    fn items(&mut self, items: &[Item], vars: &[(String, String)]) -> Flow {
        let mut status = 0;
        for item in items {
            let skip = match item.op {
                Op::Seq => false,
                Op::And => status != 0,
                Op::Or => status == 0,
            };
            if skip {
                continue;
            }
            match self.cmd(&item.cmd, vars) {
                Flow::Next(s) => status = s,
                other => return other,
            }
        }
        Flow::Next(status)
    }

    fn cmd(&mut self, cmd: &Cmd, vars: &[(String, String)]) -> Flow {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Flow::Forever;
        }
        match cmd {
            Cmd::Simple(words) => {
                let argv = self.words(words, vars);
                let Some(first) = argv.first() else { return Flow::Next(0) };
                match first.as_str() {
                    "exit" => Flow::Exit(
                        argv.get(1).and_then(|a| a.parse::<i32>().ok()).map_or(0, |c| c & 255),
                    ),
                    ":" => Flow::Next(0),
                    name => {
                        let base = name.rsplit('/').next().unwrap_or(name).to_string();
                        match self.program(&base, &argv[1..]) {
                            Some(flow) => flow,
                            None => {
                                let text = match self.tools {
                                    Tools::Busybox => format!("sh: {name}: not found"),
                                    _ => format!("sh: 1: {name}: not found"),
                                };
                                self.say(Line::Text(text));
                                Flow::Next(127)
                            }
                        }
                    }
                }
            }
            Cmd::For { var, values, body } => {
                let values = self.words(values, vars);
                let mut status = 0;
                for v in values {
                    let mut inner = vars.to_vec();
                    inner.push((var.clone(), v));
                    match self.items(body, &inner) {
                        Flow::Next(s) => status = s,
                        other => return other,
                    }
                }
                Flow::Next(status)
            }
            Cmd::While { until, cond, body } => {
                // Every command here is deterministic: a condition that holds once holds
                // every time, so the loop either never runs or runs forever.
                let holds = match self.items(cond, vars) {
                    Flow::Next(s) => (s == 0) != *until,
                    other => return other,
                };
                if !holds {
                    return Flow::Next(0);
                }
                let (from, before) = (self.t, self.lines.len());
                match self.items(body, vars) {
                    Flow::Next(_) => {}
                    other => return other,
                }
                let lines: Vec<(i64, Line)> =
                    self.lines.drain(before..).map(|(t, l)| (t - from, l)).collect();
                let period = self.t - from;
                if period == 0 && lines.is_empty() {
                    // A busy loop that prints nothing: it just runs.
                    return Flow::Forever;
                }
                Flow::Loop(Repeat { from, period, lines })
            }
        }
    }

    /// A program other than a shell; `None` when the image does not have it.
    fn program(&mut self, name: &str, args: &[String]) -> Option<Flow> {
        let flow = match name {
            "true" => Flow::Next(0),
            "false" => Flow::Next(1),
            "echo" => {
                let (newline, rest) = match args.first().map(String::as_str) {
                    Some("-n") => (false, &args[1..]),
                    _ => (true, args),
                };
                let text = rest.join(" ");
                if newline || !text.is_empty() {
                    self.say(Line::Text(text));
                }
                Flow::Next(0)
            }
            "printf" => {
                let text = printf(args);
                for l in text.split_terminator('\n') {
                    self.say(Line::Text(l.to_string()));
                }
                Flow::Next(0)
            }
            "date" => {
                self.say(Line::Date);
                Flow::Next(0)
            }
            "sleep" => match args {
                [] => {
                    let text = match self.tools {
                        Tools::Busybox => "sleep: missing operand".to_string(),
                        _ => "sleep: missing operand\nTry 'sleep --help' for more information."
                            .to_string(),
                    };
                    for l in text.lines() {
                        self.say(Line::Text(l.to_string()));
                    }
                    Flow::Next(1)
                }
                _ => {
                    let mut total = 0i64;
                    for a in args {
                        match sleep_ms(a) {
                            Some(None) => return Some(Flow::Forever),
                            Some(Some(ms)) => total = total.saturating_add(ms),
                            None => {
                                self.say(Line::Text(format!("sleep: invalid number '{a}'")));
                                return Some(Flow::Next(1));
                            }
                        }
                    }
                    // Beyond a year the difference is not observable in a lesson.
                    if total > 365 * 86_400_000 {
                        return Some(Flow::Forever);
                    }
                    self.t += total;
                    Flow::Next(0)
                }
            },
            "perl" if self.tools == Tools::Perl => self.perl(args),
            _ => return None,
        };
        Some(flow)
    }

    fn perl(&mut self, args: &[String]) -> Flow {
        let program = args.iter().rev().find(|a| !a.starts_with('-')).cloned().unwrap_or_default();
        let uses_bignum = args.iter().any(|a| a.starts_with("-Mbignum"));
        let digits = program
            .trim()
            .strip_prefix("print bpi(")
            .and_then(|r| r.trim_end_matches(';').strip_suffix(')'))
            .and_then(|n| n.trim().parse::<usize>().ok());
        match digits {
            Some(n) if uses_bignum && n >= 1 => {
                let n = n.min(MAX_BPI_DIGITS);
                // Math::BigFloat takes time quadratic in the digits: about 5 s for 2000.
                self.t += 1_000 + (n * n) as i64 / 1_000;
                self.say(Line::Text(super::pi::bpi(n)));
            }
            _ => self.t += 1_000,
        }
        Flow::Next(0)
    }
}

#[cfg(test)]
#[path = "command_tests.rs"]
mod tests;
