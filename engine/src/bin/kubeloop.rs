//! The `kubeloop` command-line tool: runs kubectl scripts against the simulation.

use std::process::ExitCode;

const USAGE: &str = "usage: kubeloop [run [--seed N] [FILE|-]]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("--version") | Some("-V") => {
            println!("kubeloop {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some("--help") | Some("-h") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("kubeloop: the script runner is not built yet\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
