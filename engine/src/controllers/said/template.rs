//! A phrase's English from its template, by one function for every phrase: a `write!` per
//! phrase built its own formatting code for each of a few hundred phrases, which the page's
//! wasm carried; a template is only its text.
//!
//! A template is the English with the phrase's fields in braces:
//!
//! - `{pod}`: the field's value: a number in digits, a text as it is, a nested phrase said in
//!   English, a list of phrases joined with ", ".
//! - `{image:?}`: a text quoted and escaped as Rust's `{:?}` does; `{probe:lower}`: a text in
//!   lower case.
//! - `{pods|one/other}`: by the number, `one` if it is 1, else `other`: `pod{pods|/s}`,
//!   `{count|is/are}`. `{n|zero/one/other}` has its own words for 0. Each arm is a template
//!   itself: `{runs|/ {runs} times in a row}`.
//! - `{{` and `}}`: a brace.

use std::fmt;

use super::{Arg, Phrase};

/// Says `phrase` in English: its template with each placeholder filled from its fields.
pub fn say(out: &mut fmt::Formatter<'_>, phrase: &dyn Phrase) -> fmt::Result {
    walk(out, phrase.template(), phrase)
}

fn walk(out: &mut fmt::Formatter<'_>, template: &str, phrase: &dyn Phrase) -> fmt::Result {
    let mut rest = template;
    while let Some(at) = rest.find(['{', '}']) {
        out.write_str(&rest[..at])?;
        let (brace, after) = rest[at..].split_at(1);
        if brace == "}" || after.starts_with('{') {
            // `{{` or `}}`: one brace, written.
            out.write_str(brace)?;
            rest = after.strip_prefix(brace).unwrap_or(after);
            continue;
        }
        let end = closing(after).unwrap_or(after.len());
        placeholder(out, &after[..end], phrase)?;
        rest = after.get(end + 1..).unwrap_or("");
    }
    out.write_str(rest)
}

/// Where the placeholder that `text` starts in ends: its `}`, past those of nested ones.
fn closing(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' if depth == 0 => return Some(i),
            b'}' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// One placeholder, without its braces: `name`, `name:how` or `name|arms`.
fn placeholder(out: &mut fmt::Formatter<'_>, spec: &str, phrase: &dyn Phrase) -> fmt::Result {
    let (head, arms) = match spec.split_once('|') {
        Some((head, arms)) => (head, Some(arms)),
        None => (spec, None),
    };
    let (name, how) = head.split_once(':').unwrap_or((head, ""));
    let Some(value) = field(phrase, name) else {
        // Not one of the phrase's fields: left as written, for the tests to see.
        return write!(out, "{{{spec}}}");
    };
    match (value, arms) {
        (Arg::Num(n), Some(arms)) => walk(out, choose(arms, n), phrase),
        (Arg::Num(n), None) => write!(out, "{n}"),
        (Arg::Text(t), _) => match how {
            "?" => write!(out, "{t:?}"),
            "lower" => out.write_str(&t.to_lowercase()),
            _ => out.write_str(t),
        },
        (Arg::Said(p), _) => fmt::Display::fmt(p, out),
        (Arg::List(list), _) => {
            for (i, p) in list.iter().enumerate() {
                if i > 0 {
                    out.write_str(", ")?;
                }
                fmt::Display::fmt(p, out)?;
            }
            Ok(())
        }
    }
}

/// The phrase's field named `name`.
fn field<'a>(phrase: &'a dyn Phrase, name: &str) -> Option<Arg<'a>> {
    let mut found = None;
    phrase.each_arg(&mut |field, value| {
        if field == name {
            found = Some(value);
        }
    });
    found
}

/// The arm of `one/other` or `zero/one/other` (split at the `/`s outside nested
/// placeholders) that says `n`.
fn choose(arms: &str, n: i64) -> &str {
    let mut split = [""; 3];
    let (mut count, mut start, mut depth) = (0, 0, 0usize);
    for (i, b) in arms.bytes().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            b'/' if depth == 0 && count < 2 => {
                split[count] = &arms[start..i];
                count += 1;
                start = i + 1;
            }
            _ => {}
        }
    }
    split[count] = &arms[start..];
    match (count, n) {
        (2, 0) => split[0],
        (2, 1) => split[1],
        (2, _) => split[2],
        (_, 1) => split[0],
        _ => split[1],
    }
}

/// The fields a template's placeholders name, nested ones too, for the test that keeps
/// every template's placeholders to its phrase's fields.
#[cfg(test)]
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(at) = rest.find(['{', '}']) {
        let (brace, after) = rest[at..].split_at(1);
        if brace == "}" || after.starts_with('{') {
            rest = after.strip_prefix(brace).unwrap_or(after);
            continue;
        }
        let end = closing(after).expect("every placeholder closes");
        let spec = &after[..end];
        let (head, arms) = spec.split_once('|').unwrap_or((spec, ""));
        names.push(head.split_once(':').map_or(head, |(name, _)| name));
        names.extend(placeholders(arms));
        rest = &after[end + 1..];
    }
    names
}
