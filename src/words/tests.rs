//! The message files are complete and used: both languages parse, hold the same messages with
//! the same arguments, every message the page asks for exists, and none lies unused.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_syntax::parser;

use super::files::{DE, EN, NAMES};
use super::{lang_in, Lang, Words};

/// Each message's id → the variables it uses, for one file.
pub(super) fn messages(lang: &str, name: &str, text: &str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = parser::parse(text).unwrap_or_else(|(_, errors)| {
        panic!("locales/{lang}/{name}.ftl does not parse: {errors:?}")
    });
    let mut out = BTreeMap::new();
    for entry in resource.body {
        match entry {
            Entry::Message(m) => {
                let mut vars = BTreeSet::new();
                if let Some(p) = &m.value {
                    variables(p, &mut vars);
                }
                assert!(m.value.is_some(), "{lang}/{name}.ftl: {} has no value", m.id.name);
                let fresh = out.insert(m.id.name.to_string(), vars).is_none();
                assert!(fresh, "{lang}/{name}.ftl: {} twice", m.id.name);
            }
            Entry::Term(_) | Entry::Comment(_) | Entry::GroupComment(_) => {}
            Entry::ResourceComment(_) => {}
            Entry::Junk { content } => panic!("{lang}/{name}.ftl: junk {content:?}"),
        }
    }
    out
}

fn variables(pattern: &Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        Expression::Inline(inline) => inline_variables(inline, out),
        Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for v in variants {
                variables(&v.value, out);
            }
        }
    }
}

fn inline_variables(inline: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, out),
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_variables(a, out);
            }
        }
        _ => {}
    }
}

fn all(lang: &str, files: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for (name, text) in NAMES.iter().zip(files) {
        for (id, vars) in messages(lang, name, text) {
            assert!(out.insert(id.clone(), vars).is_none(), "{id} is in two of {lang}'s files");
        }
    }
    out
}

#[test]
fn every_language_has_every_message_with_the_same_arguments() {
    for (name, (en, de)) in NAMES.iter().zip(EN.iter().zip(DE)) {
        let (en, de) = (messages("en", name, en), messages("de", name, de));
        let missing: Vec<&String> = en.keys().filter(|id| !de.contains_key(*id)).collect();
        let extra: Vec<&String> = de.keys().filter(|id| !en.contains_key(*id)).collect();
        assert!(missing.is_empty(), "de/{name}.ftl lacks {missing:?}");
        assert!(extra.is_empty(), "de/{name}.ftl has messages English lacks: {extra:?}");
        for (id, vars) in &en {
            assert_eq!(&de[id], vars, "{name}.ftl: {id} takes other arguments in German");
        }
    }
}

/// The page's source files, with their paths.
fn sources() -> Vec<(std::path::PathBuf, String)> {
    let mut out = Vec::new();
    let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("src is readable").flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                out.push((path, text));
            }
        }
    }
    out
}

/// Every call of `Words::t` and `Words::with` with a literal id in the page's source, with
/// where it is. This file asks for a missing id on purpose, and is left out.
fn asked_for(sources: &[(std::path::PathBuf, String)]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (path, text) in sources.iter().filter(|(p, _)| !p.ends_with("words/tests.rs")) {
        for call in [".t(\"", ".with(\""] {
            for (at, _) in text.match_indices(call) {
                let rest = &text[at + call.len()..];
                let id = &rest[..rest.find('"').unwrap_or(0)];
                out.push((id.to_string(), path.display().to_string()));
            }
        }
    }
    out
}

#[test]
fn every_message_the_page_asks_for_exists_and_none_is_unused() {
    let en = all("en", EN);
    let sources = sources();
    let asked = asked_for(&sources);
    assert!(asked.len() > 100, "the page's words go through Fluent: {} calls", asked.len());
    for (id, file) in &asked {
        assert!(en.contains_key(id), "{file} asks for {id:?}, which locales/en lacks");
    }
    // An id handed over rather than asked for at once (`Panel::label_id`) still appears as a
    // string in the source; one that appears nowhere is dead.
    let source: String = sources.iter().map(|(_, t)| t.as_str()).collect();
    let unused: Vec<&String> =
        en.keys().filter(|id| !source.contains(&format!("\"{id}\""))).collect();
    assert!(unused.is_empty(), "messages nothing asks for: {unused:?}");
}

#[test]
fn a_message_is_formatted_with_its_arguments_and_plural_forms() {
    let en = Words::new(Lang::En);
    let de = Words::new(Lang::De);
    assert_eq!(en.t("no-such-message"), "no-such-message", "a missing id shows as itself");
    assert_ne!(en.t("lang-label"), de.t("lang-label"));
    assert_eq!(de.t("lang-label"), "Sprache");
    let matches = |w: &Words, n: i64| w.with("insp-selector-matches", &[("count", n.into())]);
    assert_eq!(matches(&en, 1), "1 pod matches");
    assert_eq!(matches(&en, 3), "3 pods match");
    assert_eq!(matches(&de, 1), "1 Pod passt");
    assert_eq!(matches(&de, 3), "3 Pods passen");
    assert_eq!(matches(&en, 12345), "12345 pods match", "no digit grouping, as kubectl");
}

#[test]
fn the_link_then_the_choice_then_the_browser_pick_the_language() {
    let browser = |tags: &[&str]| tags.iter().map(|t| t.to_string()).collect::<Vec<_>>();
    assert_eq!(Lang::pick(Some("de"), Some("en"), &browser(&["en-US"])), Lang::De);
    assert_eq!(Lang::pick(None, Some("de"), &browser(&["en-US"])), Lang::De);
    assert_eq!(
        Lang::pick(Some("xx"), Some("en"), &browser(&["de"])),
        Lang::En,
        "stored wins over browser"
    );
    assert_eq!(Lang::pick(None, None, &browser(&["fr-FR", "de-AT", "en"])), Lang::De);
    assert_eq!(Lang::pick(None, None, &browser(&["fr", "ja"])), Lang::En);
    assert_eq!(Lang::pick(Some("\u{0}%%"), Some("garbage"), &[]), Lang::En);
    assert_eq!(Lang::from_tag("DE_ch"), Some(Lang::De));
    assert_eq!(Lang::from_tag(""), None);
    assert_eq!(lang_in("?embed&lang=de"), Some("de"));
    assert_eq!(lang_in("mission=a.yaml"), None);
}

/// The loading frame speaks before the wasm arrives, so index.html carries its words: in
/// English as its text, in the other languages as a table its script reads. Both must say
/// what the messages say.
#[test]
fn the_loading_frame_says_what_the_messages_say() {
    let html = include_str!("../../index.html");
    let ids = [
        "loading-tagline",
        "loading-line",
        "loading-hint",
        "loading-failed",
        "loading-reload",
        "feed-title",
    ];
    let en = Words::new(Lang::En);
    for id in ids {
        let at = html.find(&format!("data-words=\"{id}\">")).unwrap_or_else(|| panic!("{id}"));
        let text = &html[at..];
        let text = &text[text.find('>').unwrap() + 1..text.find('<').unwrap()];
        assert_eq!(text.replace("&hellip;", "\u{2026}"), en.t(id), "index.html's {id}");
    }
    let table =
        html.split("id=\"loading-words\">").nth(1).and_then(|t| t.split("</script>").next());
    let table: serde_json::Value = serde_json::from_str(table.expect("the table")).unwrap();
    let others: Vec<Lang> = Lang::ALL.into_iter().filter(|l| *l != Lang::En).collect();
    assert_eq!(table.as_object().map(|t| t.len()), Some(others.len()), "one entry per language");
    for lang in others {
        let words = Words::new(lang);
        for id in ids {
            assert_eq!(
                table[lang.code()][id].as_str(),
                Some(words.t(id).as_str()),
                "{lang:?} {id}"
            );
        }
    }
    assert!(html.contains(&format!("'{}'", super::LANG_KEY)), "the frame reads the stored choice");
    assert!(html.contains(&format!("key === '{}'", super::LANG_PARAM)), "and ?lang=");
}

/// Another language is fetched from beside the page: index.html copies its files there, and
/// the service worker fetches them ahead, so a page visited once can switch offline.
#[test]
fn every_other_language_is_served_beside_the_page_and_kept_for_offline() {
    let html = include_str!("../../index.html");
    let worker = include_str!("../../static/sw.js");
    let later = worker.lines().find(|l| l.starts_with("const LATER = ")).expect("sw.js LATER");
    assert!(Lang::En.urls().is_empty(), "English is compiled in");
    for lang in Lang::ALL.into_iter().filter(|l| *l != Lang::En) {
        let dir = format!("locales/{}", lang.code());
        let copy = format!("rel=\"copy-dir\" href=\"{dir}\" data-target-path=\"{dir}\"");
        assert!(html.contains(&copy), "index.html copies {dir}");
        for url in lang.urls() {
            assert!(later.contains(&format!("'{url}'")), "sw.js fetches {url} ahead");
            let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(&url[2..]);
            assert!(file.is_file(), "{url} is a file");
        }
    }
}

#[test]
fn a_fetched_language_that_does_not_parse_is_refused_with_where() {
    let mut texts: Vec<String> = DE.iter().map(|t| t.to_string()).collect();
    texts[2] = "insp-ok = fine\n= broken".into();
    let e = super::provide(Lang::De, texts).expect_err("refused");
    assert!(e.starts_with("locales/de/inspector.ftl: "), "{e}");
    assert_eq!(Words::new(Lang::De).t("lang-label"), "Sprache", "the words before stay");
}
