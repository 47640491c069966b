//! The `kubeloop` command-line tool: runs kubectl scripts against the simulation, or an
//! interactive prompt with the same language as the web page's command box.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::Instant;

use kubeloop::clock::Time;
use kubeloop::kubectl::{complete, Mode, Stream};
use kubeloop::session::Session;
use kubeloop::world::World;
use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};

mod mission_cli;

const USAGE: &str = "usage:
  kubeloop                          an interactive prompt (simulated time follows the clock)
  kubeloop run [--seed N] [FILE|-]  run a script and print its transcript (stdin when FILE is - or absent)
  kubeloop mission list             the built-in missions
  kubeloop mission show NAME|FILE [--lang TAG]
                                    a mission's goal, hints and worked solution, in a
                                    language its file carries (translations:)
  kubeloop mission check MISSION SCRIPT [--seed N]
                                    run SCRIPT after the mission's setup and check the result;
                                    MISSION is a name or a mission .yaml file; exit 0 only on pass
  kubeloop mission check FILE... [--seed N]
                                    prove missions or courses (names, .yaml files, - for stdin):
                                    the setup keeps its limits, the worked solution passes and
                                    doing nothing fails; errors name the file's line and column
  kubeloop mission new [FILE]       a commented mission to start from (printed, or written to FILE)
  kubeloop serve [--port 8001] [--seed N] [--speed X] [--kubeconfig FILE] ...
                                    the simulation behind the Kubernetes API, for kubectl,
                                    client libraries and the page's live mode (serve --help)
  kubeloop --version | --help";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => repl(),
        Some("--version" | "-V") => {
            println!("kubeloop {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some("--help" | "-h" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some("run") => run(&args[1..]),
        Some("mission") => mission_cli::main(&args[1..]),
        Some("serve") => serve(&args[1..]),
        Some(other) => {
            eprintln!("kubeloop: unknown command {other:?}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn serve(args: &[String]) -> ExitCode {
    use kubeloop_serve::config::{kubeconfig, ServeConfig, USAGE as SERVE_USAGE};
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{SERVE_USAGE}");
        return ExitCode::SUCCESS;
    }
    let config = match ServeConfig::parse(args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("kubeloop serve: {e}\n{SERVE_USAGE}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("kubeloop serve: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        let listener = match tokio::net::TcpListener::bind((config.address, config.port)).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!(
                    "kubeloop serve: cannot listen on {}:{}: {e}",
                    config.address, config.port
                );
                return ExitCode::FAILURE;
            }
        };
        let addr = listener.local_addr().map(|a| a.to_string()).unwrap_or_default();
        let url = format!("http://{addr}/");
        if let Some(path) = &config.kubeconfig {
            let text = kubeconfig(url.trim_end_matches('/'), config.token.as_deref());
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("kubeloop serve: cannot write {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
        let www = config.www.clone().or_else(|| {
            let dist = std::path::PathBuf::from("dist");
            dist.join("index.html").exists().then_some(dist)
        });
        let engine = kubeloop_serve::Engine::start(
            kubeloop_serve::EngineConfig {
                seed: config.seed,
                speed: config.speed,
                max_watches: config.max_watches,
                ..Default::default()
            },
            |seed| {
                let unix_ms = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_millis() as i64)
                    .unwrap_or_default();
                // Whole ticks, as the simulated clock counts.
                World::starting_at(seed, Time::from_unix_millis(unix_ms - unix_ms % 100))
            },
        );
        println!("Serving on {url}");
        let _ = std::io::stdout().flush();
        let app = kubeloop_serve::router(engine, config.token.clone(), www);
        match kubeloop_serve::serve(listener, app).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("kubeloop serve: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

fn run(args: &[String]) -> ExitCode {
    let mut seed = 1u64;
    let mut file: Option<&str> = None;
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let value = if a == "--seed" {
            i += 1;
            args.get(i).map(String::as_str)
        } else {
            a.strip_prefix("--seed=")
        };
        if a == "--seed" || a.starts_with("--seed=") {
            match value.and_then(|v| v.parse().ok()) {
                Some(s) => seed = s,
                None => {
                    eprintln!("kubeloop: --seed needs a number from 0 to {}", u64::MAX);
                    return ExitCode::from(2);
                }
            }
        } else if file.is_none() {
            file = Some(a);
        } else {
            eprintln!("kubeloop: run takes one script\n{USAGE}");
            return ExitCode::from(2);
        }
        i += 1;
    }
    let script = match file {
        None | Some("-") => {
            let mut s = String::new();
            match std::io::stdin().read_to_string(&mut s) {
                Ok(_) => s,
                Err(e) => {
                    eprintln!("kubeloop: cannot read standard input: {e}");
                    return ExitCode::from(1);
                }
            }
        }
        Some(path) => match std::fs::read_to_string(path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("kubeloop: cannot read {path}: {e}");
                return ExitCode::from(1);
            }
        },
    };
    let (transcript, session) = kubeloop::script::run_script_keeping(&script, seed);
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(transcript.as_bytes());
    let _ = stdout.flush();
    // The process ends here: tearing the world down object by object would only hand the
    // memory back that exit returns at once (a sixth of a 10,000-pod run).
    std::mem::forget(session);
    ExitCode::SUCCESS
}

/// The prompt: simulated time advances by the wall-clock time between commands, so the
/// cluster moves on while you type, as a real one does. A line editor gives it history and
/// the page's Tab completion (`kubectl::complete`); piped input is read line by line.
fn repl() -> ExitCode {
    let mut session = Session::new(World::new(1), Mode::Script);
    session.set_explain_docs(kubeloop::kubectl::bundled_explain_docs());
    let mut editor = match Editor::<Prompt, DefaultHistory>::new() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("kubeloop: {e}");
            return ExitCode::from(1);
        }
    };
    editor.set_helper(Some(Prompt { session: std::cell::RefCell::new(session) }));
    let mut last = Instant::now();
    loop {
        let mut line = match editor.readline("$ ") {
            Ok(l) => l,
            // Ctrl+C drops the line being typed, as a shell does.
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => {
                println!();
                return ExitCode::SUCCESS;
            }
            Err(e) => {
                eprintln!("kubeloop: {e}");
                return ExitCode::from(1);
            }
        };
        let _ = editor.add_history_entry(line.as_str());
        line.push('\n');
        // A heredoc continues until its delimiter line.
        if let Some(delim) = kubeloop::script::heredoc_delimiter(&line) {
            while let Ok(more) = editor.readline("> ") {
                line.push_str(&more);
                line.push('\n');
                if more.trim_end_matches('\r') == delim {
                    break;
                }
            }
        }
        let Some(prompt) = editor.helper_mut() else { return ExitCode::from(1) };
        let session = prompt.session.get_mut();
        let elapsed = last.elapsed().as_millis().min(600_000) as i64;
        session.world.advance(elapsed);
        last = Instant::now();
        let out = session.run(&line);
        for (stream, text) in &out.chunks {
            match stream {
                Stream::Stdout => print!("{text}"),
                Stream::Stderr => eprint!("{text}"),
            }
        }
        let _ = std::io::stdout().flush();
        if out.clear {
            print!("\x1b[2J\x1b[H");
        }
    }
}

/// The line editor's view of the session: Tab asks the same completer the page's command
/// box does, over the live cluster.
struct Prompt {
    /// In a cell because rustyline completes through `&self`, and completion sends LISTs.
    session: std::cell::RefCell<Session>,
}

impl Completer for Prompt {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let head = &line[..pos];
        let start = head.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let mut candidates = complete::candidates(head, self.session.borrow_mut().api());
        if let [only] = candidates.as_mut_slice() {
            only.push(' ');
        }
        Ok((start, candidates))
    }
}

impl Hinter for Prompt {
    type Hint = String;
}
impl Highlighter for Prompt {}
impl Validator for Prompt {}
impl Helper for Prompt {}
