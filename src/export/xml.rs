//! XML text for the exported picture: escaping user text, and (for the tests) a small
//! well-formedness check, since one unescaped `<` or a stray control character in a pod's
//! image would make the whole picture fail to load.

/// `text` safe inside an element or a double- or single-quoted attribute. Characters XML 1.0
/// forbids (control characters other than tab and newlines, U+FFFE, U+FFFF) become U+FFFD,
/// since no escape can carry them and one would make the document unreadable.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Checks what an XML parser would refuse in the subset the exporter writes: one root
/// element, tags that nest and close, quoted attributes without `<` or duplicates, entity
/// references that exist, no raw `<` or `&` in text, and no forbidden characters.
#[cfg(test)]
pub fn well_formed(doc: &str) -> Result<(), String> {
    let mut open: Vec<&str> = Vec::new();
    let mut roots = 0;
    let mut rest = doc;
    while !rest.is_empty() {
        if let Some(c) = rest
            .chars()
            .find(|&c| ((c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{FFFE}')
        {
            return Err(format!("forbidden character {c:?}"));
        }
        let lt = rest.find('<').unwrap_or(rest.len());
        text(&rest[..lt])?;
        if open.is_empty() && !rest[..lt].trim().is_empty() {
            return Err("text outside the root element".into());
        }
        if lt == rest.len() {
            break;
        }
        let Some(gt) = rest[lt..].find('>') else { return Err("a tag is not closed".into()) };
        let tag = &rest[lt + 1..lt + gt];
        rest = &rest[lt + gt + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(o) if o == name.trim() => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
            continue;
        }
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name = body.split_whitespace().next().unwrap_or("");
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == ':') {
            return Err(format!("bad tag name in <{tag}>"));
        }
        attributes(&body[name.len()..])?;
        if open.is_empty() {
            roots += 1;
        }
        if !self_closing {
            open.push(name);
        }
    }
    match (roots, open.last()) {
        (1, None) => Ok(()),
        (_, Some(o)) => Err(format!("<{o}> is never closed")),
        (n, None) => Err(format!("{n} root elements")),
    }
}

#[cfg(test)]
fn attributes(mut s: &str) -> Result<(), String> {
    let mut seen = Vec::new();
    loop {
        s = s.trim_start();
        if s.is_empty() {
            return Ok(());
        }
        let eq = s.find('=').ok_or_else(|| format!("attribute without a value: {s}"))?;
        let name = &s[..eq];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || "-:".contains(c)) {
            return Err(format!("bad attribute name {name:?}"));
        }
        if seen.contains(&name) {
            return Err(format!("attribute {name} given twice"));
        }
        seen.push(name);
        let quote = s[eq + 1..].chars().next().filter(|q| *q == '"' || *q == '\'');
        let quote = quote.ok_or_else(|| format!("attribute {name} is not quoted"))?;
        let value_start = eq + 2;
        let end = s[value_start..].find(quote).ok_or_else(|| format!("{name} is not closed"))?;
        let value = &s[value_start..value_start + end];
        if value.contains('<') {
            return Err(format!("raw < in attribute {name}"));
        }
        text(value)?;
        s = &s[value_start + end + 1..];
    }
}

/// Character data: every `&` starts a known entity or a character reference.
#[cfg(test)]
fn text(s: &str) -> Result<(), String> {
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        let after = &rest[amp + 1..];
        let semi = after.find(';').ok_or("a raw & in text")?;
        let name = &after[..semi];
        let ok = matches!(name, "amp" | "lt" | "gt" | "quot" | "apos")
            || name.strip_prefix('#').is_some_and(|n| !n.is_empty() && n.parse::<u32>().is_ok());
        if !ok {
            return Err(format!("unknown entity &{name};"));
        }
        rest = &after[semi + 1..];
    }
    if s.contains("]]>") {
        return Err("]]> in text".into());
    }
    Ok(())
}
