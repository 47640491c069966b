//! `kubeloop mission`: the built-in missions, and the tools a teacher writes their own with.
//! `check FILE` proves a mission or a course before a class sees it (`mission::audit`), so
//! a course can be checked in its author's own CI.

use std::io::Write;
use std::process::ExitCode;

use kubeloop::mission::{self, Document, Mission};

use crate::USAGE;

/// What `kubeloop mission new` writes: a working mission, commented, that passes its check.
pub const SKELETON: &str = include_str!("mission-skeleton.yaml");

pub fn main(args: &[String]) -> ExitCode {
    match args.first().map(String::as_str) {
        Some("list") => {
            // A closed pipe (`| head`) ends the listing quietly.
            let mut out = std::io::stdout().lock();
            for m in mission::builtin() {
                if writeln!(out, "{:<24}{}", m.name, m.title).is_err() {
                    break;
                }
            }
            ExitCode::SUCCESS
        }
        Some("show") => show(&args[1..]),
        Some("check") if args.len() >= 2 => check(&args[1..]),
        Some("new") => new(args.get(1)),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// `show NAME|FILE [--lang TAG]`: a mission as a learner reads it, in a language its file
/// carries (`translations:`), so an author proofreads a translation without the page.
fn show(args: &[String]) -> ExitCode {
    let (mut name, mut lang) = ("", None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--lang" => match it.next() {
                Some(tag) => lang = Some(tag.as_str()),
                None => {
                    eprintln!("kubeloop: --lang needs a language tag, as de or pt-BR");
                    return ExitCode::from(2);
                }
            },
            flag if flag.starts_with("--") => {
                eprintln!("kubeloop: unexpected argument {flag:?}\n{USAGE}");
                return ExitCode::from(2);
            }
            other => name = other,
        }
    }
    match load(name) {
        Ok(missions) => {
            for m in missions {
                let m = lang.map_or(m.clone(), |l| m.in_language(l));
                println!("{}\n\n{}", m.title, m.goal.trim_end());
                for (i, h) in m.hints.iter().enumerate() {
                    println!("\nhint {}: {h}", i + 1);
                }
                println!("\nsolution:\n{}\n", m.solution.trim_end());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("kubeloop: {e}");
            ExitCode::from(2)
        }
    }
}

/// `check MISSION SCRIPT [--seed N]` runs a learner's script; `check FILE...` proves missions.
fn check(args: &[String]) -> ExitCode {
    let mut seed = 1;
    let mut names = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--seed" => match it.next().and_then(|n| n.parse().ok()) {
                Some(s) => seed = s,
                None => {
                    eprintln!("kubeloop: --seed needs a number");
                    return ExitCode::from(2);
                }
            },
            flag if flag.starts_with("--") => {
                eprintln!("kubeloop: unexpected argument {flag:?}\n{USAGE}");
                return ExitCode::from(2);
            }
            name => names.push(name),
        }
    }
    // A second argument that names no mission is the learner's script.
    let script = match names.as_slice() {
        [_, s] if !is_file(s) && mission::find(s).is_none() => names.pop(),
        _ => None,
    };
    let mut missions = Vec::new();
    for name in &names {
        match load(name) {
            Ok(found) => missions.extend(found),
            Err(e) => {
                eprintln!("kubeloop: {e}");
                return ExitCode::from(2);
            }
        }
    }
    if let Some(path) = script {
        let text = match std::fs::read_to_string(path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("kubeloop: cannot read {path}: {e}");
                return ExitCode::from(2);
            }
        };
        let m = &missions[0];
        let (verdict, _) = mission::run(m, &text, seed);
        print!("{}", verdict.report(m));
        return if verdict.passed { ExitCode::SUCCESS } else { ExitCode::from(1) };
    }
    let mut failed = 0;
    for m in &missions {
        let audit = mission::audit(m, seed);
        print!("{}", audit.report(m));
        failed += usize::from(!audit.ok());
    }
    if failed > 0 {
        println!("{failed} of {} missions failed", missions.len());
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

fn is_file(name: &str) -> bool {
    name.ends_with(".yaml") || name.ends_with(".yml") || name == "-"
}

/// A built-in mission by name, or the missions of a mission or course file (`-`: stdin).
fn load(name: &str) -> Result<Vec<Mission>, String> {
    if !is_file(name) {
        return mission::find(name)
            .map(|m| vec![m])
            .ok_or_else(|| format!("no mission {name:?} (see `kubeloop mission list`)"));
    }
    let text = if name == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        s
    } else {
        std::fs::read_to_string(name).map_err(|e| format!("cannot read {name}: {e}"))?
    };
    match mission::read(&text).map_err(|e| e.at(name))? {
        Document::Mission(m) => Ok(vec![m]),
        Document::Course(c) => Ok(c.missions),
    }
}

/// Writes the skeleton to FILE (never over an existing file), or prints it.
fn new(file: Option<&String>) -> ExitCode {
    let Some(path) = file else {
        print!("{SKELETON}");
        return ExitCode::SUCCESS;
    };
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .and_then(|mut f| std::io::Write::write_all(&mut f, SKELETON.as_bytes()));
    match written {
        Ok(()) => {
            println!("wrote {path}: edit it, then run `kubeloop mission check {path}`");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("kubeloop: cannot write {path}: {e}");
            ExitCode::from(2)
        }
    }
}
