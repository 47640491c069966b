//! Embeds every mission file in `missions/` and every course file in `courses/`, so adding a
//! mission or a course needs no Rust.

use std::fmt::Write;

fn embed(dir: &str, out_name: &str) {
    println!("cargo:rerun-if-changed={dir}");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "yaml"));
    files.sort();
    let mut out = String::from("[\n");
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let name = f.file_name().unwrap().to_string_lossy();
        // The path is the crate's own, read when the crate compiles: an absolute path written
        // here would outlive its checkout in a target directory another checkout shares (this
        // script does not rerun when only the checkout moved).
        writeln!(
            out,
            "    ({name:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), {:?}))),",
            format!("/{dir}/{name}")
        )
        .unwrap();
    }
    out.push(']');
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join(out_name);
    std::fs::write(dest, out).unwrap();
}

fn main() {
    embed("missions", "missions.rs");
    embed("courses", "courses.rs");
}
