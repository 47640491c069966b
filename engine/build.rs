//! Embeds every mission file in `missions/` and every course file in `courses/`, so adding a
//! mission or a course needs no Rust. A course file is embedded as JSON, converted here: the
//! page lists the courses at start, and its first load already reads JSON, while the YAML
//! reader ships with the course part (`mission::builtin_courses`).

use std::fmt::Write;

fn embed(dir: &str, out_name: &str) {
    let mut out = String::from("[\n");
    for f in &yaml_files(dir) {
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

/// Every `dir/*.yaml` file in name order, for `rerun-if-changed` and reading.
fn yaml_files(dir: &str) -> Vec<std::path::PathBuf> {
    println!("cargo:rerun-if-changed={dir}");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "yaml"));
    files.sort();
    files
}

/// `(file name, the file as JSON)` for every course file. A file that does not read as YAML
/// stops the build with its name; whether it is a course is the tests' to say
/// (`mission::file_tests`), on the YAML itself.
fn courses_as_json(dir: &str, out_name: &str) {
    let mut out = String::from("[\n");
    for f in yaml_files(dir) {
        println!("cargo:rerun-if-changed={}", f.display());
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{name}: {e}"));
        let value: serde_json::Value =
            serde_yaml_ng::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        writeln!(out, "    ({name:?}, {:?}),", value.to_string()).unwrap();
    }
    out.push(']');
    let dest = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join(out_name);
    std::fs::write(dest, out).unwrap();
}

fn main() {
    embed("missions", "missions.rs");
    courses_as_json("courses", "courses.rs");
}
