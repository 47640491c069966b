//! Runs parsed shell scripts: `;`/`&&`/`||`, pipelines, `$( )` expansion, and dispatch to
//! kubectl, the text filters and the sandbox commands.

use super::shell::{self, Joiner, Part, Pipeline, Script, SimpleCommand, Word};
use super::{
    args, filters, punctuation, sandbox, verbs, Kubectl, KubectlError, Mode, Output, Stream,
    MAX_INPUT_BYTES,
};

/// Substitution results longer than this are refused (a `$( )` that prints a whole cluster).
const MAX_EXPANSION_BYTES: usize = 1 << 20;

impl Kubectl<'_> {
    /// Runs one input (a line, or several lines with heredocs) and returns what it printed.
    /// A watch or wait still pending is interrupted first, as if Ctrl+C had been pressed
    /// (what it would have run after it still runs, by exit status; its output is dropped).
    pub fn run(&mut self, input: &str) -> Output {
        let mut out = Output::default();
        if input.len() > MAX_INPUT_BYTES {
            out.err(format!(
                "kubeloop: input of {} bytes is longer than the {} byte limit\n",
                input.len(),
                MAX_INPUT_BYTES
            ));
            out.status = 2;
            return out;
        }
        if self.pending.is_some() {
            self.interrupt();
        }
        // A phone's `—replicas` and curly quotes are read as what was typed, said once.
        let plain = punctuation::plain_punctuation(input);
        if let Some(p) = &plain {
            if !std::mem::replace(&mut self.punctuation_noted, true) {
                out.err(p.note());
            }
        }
        let input = plain.as_ref().map_or(input, |p| p.text.as_str());
        self.line = input.trim().lines().next().unwrap_or_default().to_string();
        match shell::parse(input) {
            Ok(script) => run_script(self, &script, &mut out),
            Err(e) => {
                let msg = e.to_string();
                let prefix = if msg.starts_with("kubeloop:") { "" } else { "kubeloop: " };
                out.err(format!("{prefix}{msg}\n"));
                out.status = 2;
            }
        }
        out
    }
}

pub fn run_script(s: &mut Kubectl, script: &Script, out: &mut Output) {
    run_script_from(s, script, false, out);
}

/// Runs a script whose first item is skipped when `skip_first` (what follows a waiting
/// command that ended, by its joiner and exit status).
pub fn run_script_from(s: &mut Kubectl, script: &Script, skip_first: bool, out: &mut Output) {
    let mut skip_next = skip_first;
    for (i, (pipeline, joiner)) in script.items.iter().enumerate() {
        if !skip_next {
            run_pipeline(s, pipeline, None, out);
            if let Some(op) = s.take_started() {
                // An interactive watch or wait is pending now; the rest of the input runs
                // when it ends (or is interrupted), by its exit status.
                s.hold(op, *joiner, Script { items: script.items[i + 1..].to_vec() });
                return;
            }
        }
        skip_next = match joiner {
            Joiner::Seq => false,
            Joiner::And => skip_next || out.status != 0,
            Joiner::Or => !skip_next && out.status == 0,
        };
    }
}

/// Runs one pipeline; the last command's stdout goes to `out`.
pub fn run_pipeline(s: &mut Kubectl, p: &Pipeline, stdin: Option<String>, out: &mut Output) {
    let mut input = stdin;
    let last = p.commands.len() - 1;
    for (i, cmd) in p.commands.iter().enumerate() {
        let mut local = Output::default();
        let argv = match expand(s, cmd, &mut local) {
            Ok(a) => a,
            Err(e) => {
                local.err(format!("{e}\n"));
                local.status = 1;
                forward(out, local, i == last);
                input = Some(String::new());
                continue;
            }
        };
        let stdin = cmd.heredoc.clone().or(input.take());
        // Filters after an interactive watch apply to its stream instead of running now.
        if let Some(w) = s.watch.as_mut() {
            match filters::Filter::parse(&argv) {
                Ok(f) => w.filters.push(f),
                Err(e) => {
                    out.err(format!("{e}\n"));
                }
            }
            continue;
        }
        let piped = i < last;
        let status = dispatch(s, &argv, stdin, piped || s.mode == Mode::Script, None, &mut local);
        local.status = status;
        if piped && s.started.is_some() {
            // A wait in the page, piped: what it prints goes to the rest of the pipeline,
            // which runs on all of it when the wait ends (`waiting::Piped`).
            for (stream, text) in local.chunks.iter() {
                if *stream == Stream::Stderr {
                    out.err(text.clone());
                }
            }
            let tail = Pipeline { commands: p.commands[i + 1..].to_vec() };
            s.started_pipe = Some(super::waiting::Piped::new(tail, local.stdout()));
            return;
        }
        if i < last {
            input = Some(local.stdout());
            for (stream, text) in local.chunks.iter() {
                if *stream == Stream::Stderr {
                    out.err(text.clone());
                }
            }
            out.status = status;
        } else {
            forward(out, local, true);
        }
    }
}

fn forward(out: &mut Output, local: Output, keep_stdout: bool) {
    for (stream, text) in local.chunks {
        if stream == Stream::Stderr || keep_stdout {
            match stream {
                Stream::Stdout => out.out(text),
                Stream::Stderr => out.err(text),
            }
        }
    }
    out.status = local.status;
    out.clear |= local.clear;
}

/// Expands `$( )` in each word. Unquoted substitutions split on whitespace.
fn expand(
    s: &mut Kubectl,
    cmd: &SimpleCommand,
    out: &mut Output,
) -> Result<Vec<String>, KubectlError> {
    let mut argv = Vec::new();
    for word in &cmd.words {
        expand_word(s, word, out, &mut argv)?;
    }
    Ok(argv)
}

fn expand_word(
    s: &mut Kubectl,
    word: &Word,
    out: &mut Output,
    argv: &mut Vec<String>,
) -> Result<(), KubectlError> {
    // `current` is the word being built; unquoted substitution output may end it and start
    // new ones.
    let mut current: Option<String> = None;
    for part in &word.parts {
        match part {
            Part::Literal(t) => current.get_or_insert_with(String::new).push_str(t),
            Part::QuotedSubst(script) => {
                let text = substitute(s, script, out)?;
                current.get_or_insert_with(String::new).push_str(&text);
            }
            Part::Subst(script) => {
                let text = substitute(s, script, out)?;
                let mut pieces = text.split_whitespace();
                if let Some(first) = pieces.next() {
                    if text.starts_with(char::is_whitespace) {
                        argv.extend(current.take());
                        current = Some(first.to_string());
                    } else {
                        current.get_or_insert_with(String::new).push_str(first);
                    }
                    for piece in pieces {
                        argv.extend(current.take());
                        current = Some(piece.to_string());
                    }
                    if text.ends_with(char::is_whitespace) {
                        argv.extend(current.take());
                    }
                }
            }
        }
    }
    argv.extend(current);
    Ok(())
}

fn substitute(s: &mut Kubectl, script: &Script, out: &mut Output) -> Result<String, KubectlError> {
    let mode = s.mode;
    // A substitution always runs to completion, like a script, even in the page.
    s.mode = Mode::Script;
    let mut inner = Output::default();
    run_script(s, script, &mut inner);
    s.mode = mode;
    for (stream, text) in &inner.chunks {
        if *stream == Stream::Stderr {
            out.err(text.clone());
        }
    }
    let mut text = inner.stdout();
    if text.len() > MAX_EXPANSION_BYTES {
        return Err(KubectlError::Plain(
            "kubeloop: command substitution output is too large".into(),
        ));
    }
    while text.ends_with('\n') {
        text.pop();
    }
    Ok(text)
}

/// Runs one command. `to_completion` is true when a watch must end by itself (scripts,
/// pipes) rather than stream; `limit_ms` is a `timeout` bound on it.
fn dispatch(
    s: &mut Kubectl,
    argv: &[String],
    stdin: Option<String>,
    to_completion: bool,
    limit_ms: Option<i64>,
    out: &mut Output,
) -> i32 {
    let Some(cmd) = argv.first() else { return 0 };
    let rest = &argv[1..];
    let result = match cmd.as_str() {
        // A phone capitalises the first letter of the box: `K` is the student's `k`.
        "kubectl" | "k" | "K" => kubectl(s, rest, stdin, to_completion, limit_ms, out),
        "timeout" => match sandbox::parse_timeout(rest) {
            Ok((limit, inner)) => Ok(dispatch(s, inner, stdin, to_completion, Some(limit), out)),
            Err(e) => Err(e),
        },
        _ => match filters::run(cmd, rest, stdin.as_deref(), out) {
            Some(r) => r,
            None => sandbox::run(s, cmd, rest, out),
        },
    };
    match result {
        Ok(code) => code,
        Err(KubectlError::Help(text)) => {
            out.out(text);
            0
        }
        Err(e) => {
            let mut text = e.to_string();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            out.err(text);
            1
        }
    }
}

/// `kubectl VERB ...`: the command the table (`verbs.rs`) names, or `--help` for it from the
/// same table, or kubectl's and kubeloop's refusals.
pub fn kubectl(
    s: &mut Kubectl,
    argv: &[String],
    stdin: Option<String>,
    to_completion: bool,
    limit_ms: Option<i64>,
    out: &mut Output,
) -> Result<i32, KubectlError> {
    let Some(verb) = argv.first() else {
        out.out(sandbox::kubectl_help());
        return Ok(0);
    };
    let rest = &argv[1..];
    if let Some(found) = verbs::find(argv) {
        // cobra answers `--help` before the command runs, from the command's own flag set; a
        // flag error before it is the command's to report, so only a clean `Help` is taken.
        let flags = found.command.all_flags();
        if let Err(help @ KubectlError::Help(_)) = args::parse(rest, &flags, &found.verb()) {
            return Err(help);
        }
        let call = verbs::Invocation { verb, args: rest, stdin, to_completion, limit_ms };
        return (found.run)(s, call, out);
    }
    match verb.as_str() {
        "help" | "--help" | "-h" => {
            out.out(sandbox::kubectl_help());
            Ok(0)
        }
        "edit" => Err(KubectlError::Plain(
            "kubeloop: `kubectl edit` opens the YAML editor in the web page; from a script, use `kubectl apply -f -` with a heredoc".into(),
        )),
        "port-forward" | "attach" | "cp" | "auth" | "config"
        | "kustomize" | "debug" | "proxy" | "taint" | "certificate" | "cluster-info" | "plugin" => {
            Err(KubectlError::Plain(format!("kubeloop: `kubectl {verb}` is not supported in kubeloop (see `help`)")))
        }
        other => Err(KubectlError::Plain(format!(
            "error: unknown command \"{other}\" for \"kubectl\"\nRun 'kubectl --help' for usage."
        ))),
    }
}
