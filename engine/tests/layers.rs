//! The engine's layers point one way, and this test keeps them so by reading the source:
//!
//! - `api/` (the API server) imports nothing from `kubectl/`, its client;
//! - `store/` imports neither `controllers/`, `world/` nor `kubectl/`, which all sit above it;
//! - `kubectl/` imports neither `store/` nor `world/`: it is a client of the API, and
//!   `session/` is where it meets the built-in cluster.
//!
//! A file breaks a rule when one of its paths names a forbidden module as a segment:
//! `crate::kubectl::…`, `super::super::kubectl`, `$crate::world`, or a name inside a use
//! group (`use crate::{model, kubectl::Session}`). The modules named are the crate's own
//! top-level ones, so no file under `api/` or `store/` has a module of that name to mean
//! instead. Comments and string literals are not read.

use std::path::{Path, PathBuf};

/// Each layer (a folder under `engine/src`) and the top-level modules it must not name.
const RULES: &[(&str, &[&str])] = &[
    ("api", &["kubectl"]),
    ("store", &["controllers", "world", "kubectl"]),
    ("kubectl", &["store", "world"]),
];

#[derive(Debug, PartialEq)]
enum Token {
    Ident(String),
    PathSep,
    Open,
    Close,
    Other,
}

/// The tokens of Rust source that matter to paths, each with its line, without comments,
/// strings or character literals.
fn tokens(src: &str) -> Vec<(usize, Token)> {
    let chars: Vec<char> = src.chars().collect();
    let (mut out, mut i, mut line) = (Vec::new(), 0, 1);
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            '/' if at(i + 1) == '/' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if at(i + 1) == '*' => {
                let mut depth = 0;
                while i < chars.len() {
                    if chars[i] == '/' && at(i + 1) == '*' {
                        depth += 1;
                        i += 2;
                    } else if chars[i] == '*' && at(i + 1) == '/' {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        line += usize::from(chars[i] == '\n');
                        i += 1;
                    }
                }
            }
            // Raw strings: r"…", r#"…"#, and their byte forms.
            'r' | 'b' if is_raw_string(&chars, i) => {
                let mut j = i + usize::from(c == 'b') + 1;
                let mut hashes = 0;
                while at(j) == '#' {
                    hashes += 1;
                    j += 1;
                }
                j += 1;
                let close: Vec<char> =
                    std::iter::once('"').chain("#".repeat(hashes).chars()).collect();
                while j < chars.len() && !chars[j..].starts_with(&close) {
                    line += usize::from(chars[j] == '\n');
                    j += 1;
                }
                i = j + close.len();
                out.push((line, Token::Other));
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    line += usize::from(chars[i] == '\n');
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                out.push((line, Token::Other));
            }
            // A character literal ('a', '\n', '\u{1F600}'), not a lifetime ('a).
            '\'' if at(i + 2) == '\'' || at(i + 1) == '\\' => {
                i += 1;
                while i < chars.len() && chars[i] != '\'' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                out.push((line, Token::Other));
            }
            ':' if at(i + 1) == ':' => {
                out.push((line, Token::PathSep));
                i += 2;
            }
            '{' => {
                out.push((line, Token::Open));
                i += 1;
            }
            '}' => {
                out.push((line, Token::Close));
                i += 1;
            }
            c if c.is_alphanumeric() || c == '_' || c == '$' => {
                // `r#kubectl` is the identifier `kubectl`.
                if c == 'r' && at(i + 1) == '#' && (at(i + 2).is_alphabetic() || at(i + 2) == '_') {
                    i += 2;
                }
                let start = i;
                while i < chars.len()
                    && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '$')
                {
                    i += 1;
                }
                out.push((line, Token::Ident(chars[start..i].iter().collect())));
            }
            c if c.is_whitespace() => i += 1,
            _ => {
                out.push((line, Token::Other));
                i += 1;
            }
        }
    }
    out
}

fn is_raw_string(chars: &[char], i: usize) -> bool {
    let mut j = i;
    if chars[j] == 'b' {
        j += 1;
    }
    if chars.get(j) != Some(&'r') {
        return false;
    }
    // Not the end of an identifier such as `bar"`.
    if i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_') {
        return false;
    }
    j += 1;
    while chars.get(j) == Some(&'#') {
        j += 1;
    }
    chars.get(j) == Some(&'"')
}

/// The lines where a path names one of `forbidden` as a segment: after `::`, or anywhere in
/// a use group opened right after `::` (however deeply nested).
fn violations(src: &str, forbidden: &[&str]) -> Vec<(usize, String)> {
    let toks = tokens(src);
    let mut found = Vec::new();
    // For each open brace, whether it opened a use group (`::{`).
    let mut braces: Vec<bool> = Vec::new();
    for (k, (line, tok)) in toks.iter().enumerate() {
        let prev = k.checked_sub(1).map(|p| &toks[p].1);
        match tok {
            Token::Open => braces.push(prev == Some(&Token::PathSep)),
            Token::Close => {
                braces.pop();
            }
            Token::Ident(word) if forbidden.contains(&word.as_str()) => {
                let in_group = braces.last() == Some(&true)
                    && matches!(prev, Some(Token::Open) | Some(Token::Other));
                if prev == Some(&Token::PathSep) || in_group {
                    found.push((*line, word.clone()));
                }
            }
            _ => {}
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn each_layer_imports_nothing_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut broken = Vec::new();
    let mut read = 0;
    for (layer, forbidden) in RULES {
        let mut files = Vec::new();
        rust_files(&src.join(layer), &mut files);
        assert!(!files.is_empty(), "no source files under src/{layer}");
        for file in files {
            let text = std::fs::read_to_string(&file).expect("readable source");
            read += 1;
            for (line, module) in violations(&text, forbidden) {
                let shown = file.strip_prefix(&src).unwrap_or(&file).display().to_string();
                broken.push(format!("engine/src/{shown}:{line}: names `{module}`"));
            }
        }
    }
    assert!(read > 20, "read only {read} files");
    assert!(broken.is_empty(), "layers imported upward:\n{}", broken.join("\n"));
}

/// Whether source names the world at all: a `world` or `World` word outside comments and
/// strings (a field `s.world`, a type), which an import rule alone would not see.
fn names_the_world(src: &str) -> bool {
    tokens(src).iter().any(|(_, t)| matches!(t, Token::Ident(w) if w == "world" || w == "World"))
}

/// kubectl is a client of the API: beyond importing neither the store nor the world (the
/// rules above), none of its files so much as names the world; it knows a cluster only as
/// `kubectl::Cluster`.
#[test]
fn kubectl_never_names_the_world() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src.join("kubectl"), &mut files);
    assert!(files.len() > 100, "read only {} kubectl files", files.len());
    let naming: Vec<String> = files
        .iter()
        .filter(|f| names_the_world(&std::fs::read_to_string(f).expect("readable source")))
        .map(|f| f.strip_prefix(&src).unwrap_or(f).display().to_string())
        .collect();
    assert!(naming.is_empty(), "kubectl files naming the world: {naming:?}");
    assert!(
        names_the_world("let w = &s.world;")
            && !names_the_world("// the world\nlet x = \"world\";")
    );
}

#[test]
fn the_scan_finds_every_spelling_of_an_import_and_nothing_in_comments_or_strings() {
    let forbidden = &["kubectl"];
    let lines = |src: &str| -> Vec<usize> {
        violations(src, forbidden).into_iter().map(|(line, _)| line).collect()
    };
    assert_eq!(lines("use crate::kubectl::patch::json;"), [1]);
    assert_eq!(lines("use crate::{model::Kind,\n    kubectl::printers};"), [2]);
    assert_eq!(lines("use crate::{model::{Kind, Object}, kubectl};"), [1]);
    assert_eq!(lines("use super::super::kubectl::logs;"), [1]);
    assert_eq!(lines("fn f() { let s = crate::kubectl::Session::new(w); }"), [1]);
    assert_eq!(lines("let x = $crate::kubectl::X;"), [1]);
    assert_eq!(lines("use crate::{\n  model,\n  r#kubectl,\n};"), [3]);
    assert_eq!(lines("use crate::r#kubectl::x;"), [1]);
    assert!(lines("// use crate::kubectl::x;\n/* crate::kubectl */").is_empty());
    assert!(lines("let s = \"crate::kubectl::x\"; let r = r#\"crate::kubectl\"#;").is_empty());
    assert!(lines("let kubectl = 1; s.kubectl_words(); f(kubectl);").is_empty());
    assert!(lines("match c { '{' => crate::model::x, _ => y }").is_empty());
    assert!(lines("fn f<'a>(x: &'a str) { crate::model::Kind }").is_empty());
}
