//! A phone keyboard's "smart punctuation" read back as what the student typed: `—` and `–`
//! that start a word are the flag dashes they replaced, and curly quotes are straight ones.
//!
//! It runs on the whole input before the shell parses it, inside `Session::run`, so the page,
//! `kubeloop run` and the native prompt all read a phone's `—replicas=3` alike. It leaves
//! here-document bodies alone: a manifest's text is the student's data, not shell syntax.
//! It is pure: the session decides when to say that it happened.

use std::collections::VecDeque;

/// An input with its smart punctuation made plain, and what was read as what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plain {
    pub text: String,
    /// Each replacement once, in order of first use: (what was typed, what it was read as).
    pub read: Vec<(char, &'static str)>,
}

impl Plain {
    /// The one line the terminal shows, in kubeloop's plain words.
    pub fn note(&self) -> String {
        let pairs: Vec<String> = self.read.iter().map(|(c, s)| format!("{c} as {s}")).collect();
        format!(
            "kubeloop: read your keyboard's smart punctuation as plain text: {}\n",
            pairs.join(", ")
        )
    }
}

/// `input` with smart punctuation made plain outside here-document bodies, or `None` when
/// there is none to make plain.
pub fn plain_punctuation(input: &str) -> Option<Plain> {
    if !input.chars().any(is_smart) {
        return None;
    }
    let mut text = String::with_capacity(input.len());
    let mut read = Vec::new();
    // Here-documents opened on earlier lines and not yet closed, first one first (bash reads
    // the bodies in the order their `<<` appeared).
    let mut bodies: VecDeque<(String, bool)> = VecDeque::new();
    for line in input.split_inclusive('\n') {
        if let Some((delim, strip_tabs)) = bodies.front() {
            let bare = line.trim_end_matches('\n').trim_end_matches('\r');
            let bare = if *strip_tabs { bare.trim_start_matches('\t') } else { bare };
            if bare == delim {
                bodies.pop_front();
            }
            text.push_str(line);
            continue;
        }
        let plain = plain_line(line, &mut read);
        bodies.extend(heredoc_delimiters(&plain));
        text.push_str(&plain);
    }
    (!read.is_empty()).then_some(Plain { text, read })
}

fn is_smart(c: char) -> bool {
    matches!(c, '—' | '–' | '“' | '”' | '‘' | '’')
}

fn plain_line(line: &str, read: &mut Vec<(char, &'static str)>) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut note = |c: char, s: &'static str| {
        if !read.contains(&(c, s)) {
            read.push((c, s));
        }
        s
    };
    for (i, &c) in chars.iter().enumerate() {
        let word_start = i == 0 || chars[i - 1].is_whitespace();
        let plain = match c {
            '“' | '”' => note(c, "\""),
            '‘' | '’' => note(c, "'"),
            // A dash that starts a word was a flag's: one before a single letter (`–o`, `—n`)
            // is a short flag's `-`; before a longer name (`—replicas=3`) or alone (the `--`
            // before a container's command) it is `--`. Phones turn `--` into either dash.
            '—' | '–' if word_start => {
                let name = chars[i + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric() || **c == '-')
                    .count();
                note(c, if name == 1 { "-" } else { "--" })
            }
            _ => {
                out.push(c);
                continue;
            }
        };
        out.push_str(plain);
    }
    out
}

/// The delimiters of the here-documents a (plain) line opens, with whether `<<-` strips
/// leading tabs from the body's lines. Quotes are followed so a `<<` inside one is text.
fn heredoc_delimiters(line: &str) -> Vec<(String, bool)> {
    let chars: Vec<char> = line.chars().collect();
    let mut found = Vec::new();
    let mut quote: Option<char> = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\\') => i += 1,
            (None, '\'' | '"') => quote = Some(c),
            (None, '<') if chars.get(i + 1) == Some(&'<') => {
                i += 2;
                let strip_tabs = chars.get(i) == Some(&'-');
                if strip_tabs {
                    i += 1;
                }
                while chars.get(i).is_some_and(|c| *c == ' ' || *c == '\t') {
                    i += 1;
                }
                let mut delim = String::new();
                let mut q: Option<char> = None;
                while let Some(&d) = chars.get(i) {
                    match (q, d) {
                        (Some(open), _) if d == open => q = None,
                        (Some(_), _) => delim.push(d),
                        (None, '\'' | '"') => q = Some(d),
                        (None, _) if d.is_whitespace() || ";|&<>()".contains(d) => break,
                        (None, _) => delim.push(d),
                    }
                    i += 1;
                }
                if !delim.is_empty() {
                    found.push((delim, strip_tabs));
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(s: &str) -> String {
        plain_punctuation(s).map_or_else(|| s.to_string(), |p| p.text)
    }

    #[test]
    fn plain_input_is_left_alone() {
        assert_eq!(plain_punctuation("k get pods --show-labels -o wide"), None);
        assert_eq!(plain_punctuation(""), None);
    }

    #[test]
    fn dashes_that_start_a_word_are_the_flag_dashes_they_replaced() {
        assert_eq!(plain("k scale deploy/web —replicas=5"), "k scale deploy/web --replicas=5");
        assert_eq!(plain("k scale deploy/web –replicas=5"), "k scale deploy/web --replicas=5");
        assert_eq!(plain("k get pods –o wide"), "k get pods -o wide");
        assert_eq!(plain("k get pods —n kube-system"), "k get pods -n kube-system");
        assert_eq!(
            plain("k create job once —image=busybox — echo hi"),
            "k create job once --image=busybox -- echo hi"
        );
    }

    #[test]
    fn dashes_inside_a_word_or_a_quote_are_text() {
        assert_eq!(plain("echo a—b \"—c\" –o"), "echo a—b \"—c\" -o");
    }

    #[test]
    fn curly_quotes_are_straight_ones() {
        assert_eq!(
            plain("k label pod web “tier=front end” ‘x’"),
            "k label pod web \"tier=front end\" 'x'"
        );
    }

    #[test]
    fn each_replacement_is_listed_once_in_order() {
        let p = plain_punctuation("k get po —show-labels “a” —all-namespaces").unwrap();
        assert_eq!(p.read, [('—', "--"), ('“', "\""), ('”', "\"")]);
        assert_eq!(
            p.note(),
            "kubeloop: read your keyboard's smart punctuation as plain text: — as --, “ as \", ” as \"\n"
        );
    }

    #[test]
    fn a_heredoc_body_is_the_students_data_and_is_kept() {
        let input = "k apply -f - <<EOF\nmetadata:\n  annotations: {note: “a — b”}\nEOF\nk get cm —show-labels";
        assert_eq!(
            plain(input),
            "k apply -f - <<EOF\nmetadata:\n  annotations: {note: “a — b”}\nEOF\nk get cm --show-labels"
        );
    }

    #[test]
    fn a_quoted_or_tab_stripped_delimiter_ends_its_body() {
        let input = "k apply —f - <<‘END’\n—x\nEND\nk get po —w";
        assert_eq!(plain(input), "k apply -f - <<'END'\n—x\nEND\nk get po -w");
        let input = "k apply -f - <<-EOF\n\t“kept”\n\tEOF\necho “done”";
        assert_eq!(plain(input), "k apply -f - <<-EOF\n\t“kept”\n\tEOF\necho \"done\"");
        // A `<<` in quotes opens nothing.
        assert_eq!(plain("echo \"<<X\"\necho “y”"), "echo \"<<X\"\necho \"y\"");
    }

    #[test]
    fn an_unclosed_heredoc_keeps_the_rest() {
        assert_eq!(plain("k apply —f - <<EOF\n—x"), "k apply -f - <<EOF\n—x");
    }

    #[test]
    fn a_session_reads_a_phones_input_and_says_so_once() {
        let mut s = crate::session::Session::script(1);
        let out = s.run("K create deployment web —image=nginx:1.27 —replicas=2");
        assert_eq!(out.status, 0, "{}", out.text());
        assert_eq!(
            out.text(),
            "kubeloop: read your keyboard's smart punctuation as plain text: — as --\n\
             deployment.apps/web created\n"
        );
        let out = s.run("K get deploy web —no-headers -o custom-columns=R:.spec.replicas");
        assert_eq!(out.text(), "2\n", "said once per session, and `K` is `k`");
    }
}
