//! The two text functions kubectl's explain template pipes descriptions through: `wrap`
//! (mitchellh/go-wordwrap v1.0.1 `WrapString`, behind kubectl/pkg/util/term
//! `NewWordWrapWriter`) and `indent` (kubectl/pkg/explain/v2/funcs.go).

/// go-wordwrap's `WrapString`: breaks lines at white space so each stays within `limit`
/// characters where it can. A word longer than the limit is left whole, new lines in the
/// text are kept, and white space at a break is dropped. Widths count characters, as Go's
/// loop over runes does.
pub fn wrap(text: &str, limit: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 64);
    let mut current = 0usize;
    let mut word = String::new();
    let mut word_len = 0usize;
    let mut space = String::new();
    let mut space_len = 0usize;
    for c in text.chars() {
        if c == '\n' {
            if word.is_empty() {
                if current + space_len <= limit {
                    out.push_str(&space);
                }
            } else {
                out.push_str(&space);
                out.push_str(&word);
                word.clear();
                word_len = 0;
            }
            space.clear();
            space_len = 0;
            out.push('\n');
            current = 0;
        } else if c.is_whitespace() && c != '\u{a0}' {
            if space.is_empty() || !word.is_empty() {
                current += space_len + word_len;
                out.push_str(&space);
                out.push_str(&word);
                space.clear();
                space_len = 0;
                word.clear();
                word_len = 0;
            }
            space.push(c);
            space_len += 1;
        } else {
            word.push(c);
            word_len += 1;
            if current + word_len + space_len > limit && word_len < limit {
                out.push('\n');
                current = 0;
                space.clear();
                space_len = 0;
            }
        }
    }
    if word.is_empty() {
        if current + space_len <= limit {
            out.push_str(&space);
        }
    } else {
        out.push_str(&space);
        out.push_str(&word);
    }
    out
}

/// funcs.go `indent`: `amount` spaces before the text and after each new line in it (so a
/// text ending in a new line ends in the padding).
pub fn indent(amount: usize, text: &str) -> String {
    let pad = " ".repeat(amount);
    format!("{pad}{}", text.replace('\n', &format!("\n{pad}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_at_spaces_within_the_limit() {
        assert_eq!(wrap("aaa bbb ccc", 7), "aaa bbb\nccc");
        assert_eq!(wrap("aaa bbb ccc", 6), "aaa\nbbb\nccc");
    }

    #[test]
    fn wrap_keeps_long_words_and_new_lines() {
        assert_eq!(
            wrap("a https://example.com/very/long b", 5),
            "a\nhttps://example.com/very/long\nb"
        );
        assert_eq!(wrap("one\n\ntwo three\n", 80), "one\n\ntwo three\n");
    }

    #[test]
    fn wrap_drops_trailing_space_past_the_limit_at_a_new_line() {
        // The space run is written only while the line still has room for it.
        assert_eq!(wrap("abcd  \nx", 5), "abcd\nx");
        assert_eq!(wrap("ab \nx", 5), "ab \nx");
    }

    #[test]
    fn indent_pads_every_line_including_after_a_final_new_line() {
        assert_eq!(indent(4, "a\nb\n"), "    a\n    b\n    ");
        assert_eq!(indent(2, "x"), "  x");
    }
}
