//! Embeds every mission file in `missions/`, so adding a mission needs no Rust.

use std::fmt::Write;

fn main() {
    println!("cargo:rerun-if-changed=missions");
    let mut files: Vec<_> = std::fs::read_dir("missions")
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "yaml"));
    files.sort();
    let mut out = String::from("[\n");
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let abs = std::fs::canonicalize(f).expect("mission path");
        let name = f.file_name().unwrap().to_string_lossy();
        writeln!(out, "    ({name:?}, include_str!({:?})),", abs.display().to_string()).unwrap();
    }
    out.push(']');
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("missions.rs");
    std::fs::write(dest, out).unwrap();
}
