//! The text tools the lesson pipes kubectl into: `head`, `tail`, `wc -l`, `grep`, `sort`,
//! `uniq`, `cat` and `echo`. Each works line by line so it can also filter a live watch.

use super::{KubectlError, Output};

#[derive(Clone, Debug, PartialEq)]
pub enum Filter {
    Head { n: usize, seen: usize },
    Tail { n: usize, buf: Vec<String> },
    WcLines { count: usize },
    Grep { pattern: String, invert: bool, ignore_case: bool, count_only: bool, matched: usize },
    Sort { reverse: bool, numeric: bool, buf: Vec<String> },
    Uniq { last: Option<String> },
    Cat,
}

fn usage(msg: impl Into<String>) -> KubectlError {
    KubectlError::Plain(msg.into())
}

/// `-5`, `-n 5`, `-n5`, `--lines=5`.
fn line_count(tool: &str, args: &[String]) -> Result<usize, KubectlError> {
    let mut n = 10;
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        let v = if let Some(v) = a.strip_prefix("--lines=") {
            v.to_string()
        } else if a == "-n" {
            i += 1;
            args.get(i)
                .cloned()
                .ok_or_else(|| usage(format!("{tool}: option requires an argument -- 'n'")))?
        } else if let Some(v) = a.strip_prefix("-n") {
            v.to_string()
        } else if let Some(v) =
            a.strip_prefix('-').filter(|v| v.chars().all(|c| c.is_ascii_digit()))
        {
            v.to_string()
        } else {
            return Err(usage(format!(
                "kubeloop: {tool} reads only from a pipe here; file arguments are not supported"
            )));
        };
        n = v.parse().map_err(|_| usage(format!("{tool}: invalid number of lines: '{v}'")))?;
        i += 1;
    }
    Ok(n)
}

impl Filter {
    /// Parses a filter command line such as `head -1` or `grep -v Running`.
    pub fn parse(argv: &[String]) -> Result<Filter, KubectlError> {
        let Some(cmd) = argv.first() else { return Err(usage("kubeloop: empty command")) };
        let args = &argv[1..];
        Ok(match cmd.as_str() {
            "head" => Filter::Head { n: line_count("head", args)?, seen: 0 },
            "tail" => Filter::Tail { n: line_count("tail", args)?, buf: Vec::new() },
            "wc" => {
                if args.iter().any(|a| a != "-l") || args.is_empty() {
                    return Err(usage("kubeloop: only `wc -l` is supported"));
                }
                Filter::WcLines { count: 0 }
            }
            "grep" => {
                let mut f = (false, false, false);
                let mut pattern = None;
                for a in args {
                    match a.as_str() {
                        "-v" => f.0 = true,
                        "-i" => f.1 = true,
                        "-c" => f.2 = true,
                        "-vi" | "-iv" => (f.0, f.1) = (true, true),
                        "-E" | "-F" | "--color=never" => {}
                        s if s.starts_with('-') && pattern.is_none() => {
                            return Err(usage(format!("grep: unsupported option {s} in kubeloop")))
                        }
                        s if pattern.is_none() => pattern = Some(s.to_string()),
                        _ => return Err(usage("kubeloop: grep reads only from a pipe here; file arguments are not supported")),
                    }
                }
                let pattern = pattern.ok_or_else(|| usage("Usage: grep [OPTION]... PATTERNS"))?;
                Filter::Grep { pattern, invert: f.0, ignore_case: f.1, count_only: f.2, matched: 0 }
            }
            "sort" => {
                let mut reverse = false;
                let mut numeric = false;
                for a in args {
                    match a.as_str() {
                        "-r" => reverse = true,
                        "-n" => numeric = true,
                        "-rn" | "-nr" => (reverse, numeric) = (true, true),
                        other => {
                            return Err(usage(format!(
                                "sort: unsupported argument {other} in kubeloop"
                            )))
                        }
                    }
                }
                Filter::Sort { reverse, numeric, buf: Vec::new() }
            }
            "uniq" => Filter::Uniq { last: None },
            "cat" if args.is_empty() => Filter::Cat,
            other => return Err(usage(format!("kubeloop: `{other}` cannot follow a pipe here"))),
        })
    }

    /// Feeds one line (without its newline); returns what to print now.
    pub fn feed(&mut self, line: &str) -> Option<String> {
        match self {
            Filter::Head { n, seen } => {
                *seen += 1;
                (*seen <= *n).then(|| line.to_string())
            }
            Filter::Tail { n, buf } => {
                buf.push(line.to_string());
                if buf.len() > *n {
                    buf.remove(0);
                }
                None
            }
            Filter::WcLines { count } => {
                *count += 1;
                None
            }
            Filter::Grep { pattern, invert, ignore_case, count_only, matched } => {
                let hit = grep_match(line, pattern, *ignore_case) != *invert;
                if hit {
                    *matched += 1;
                }
                (hit && !*count_only).then(|| line.to_string())
            }
            Filter::Sort { buf, .. } => {
                buf.push(line.to_string());
                None
            }
            Filter::Uniq { last } => {
                if last.as_deref() == Some(line) {
                    None
                } else {
                    *last = Some(line.to_string());
                    Some(line.to_string())
                }
            }
            Filter::Cat => Some(line.to_string()),
        }
    }

    /// Lines held back until the input ends.
    pub fn finish(&mut self) -> Vec<String> {
        match self {
            Filter::Tail { buf, .. } => std::mem::take(buf),
            Filter::WcLines { count } => vec![count.to_string()],
            Filter::Grep { count_only: true, matched, .. } => vec![matched.to_string()],
            Filter::Sort { reverse, numeric, buf } => {
                let mut v = std::mem::take(buf);
                if *numeric {
                    crate::sort::sort_by_key(&mut v, |l| leading_number(l));
                } else {
                    crate::sort::sort(&mut v);
                }
                if *reverse {
                    v.reverse();
                }
                v
            }
            _ => Vec::new(),
        }
    }

    /// Whether a grep exit status should be 1 (nothing matched).
    pub fn failed(&self) -> bool {
        matches!(self, Filter::Grep { matched: 0, .. })
    }
}

fn leading_number(l: &str) -> i64 {
    let t = l.trim_start();
    let end = t.find(|c: char| !c.is_ascii_digit() && c != '-').unwrap_or(t.len());
    t[..end].parse().unwrap_or(0)
}

/// A basic-regex subset: `^` and `$` anchors, `.` any character, otherwise literal text.
fn grep_match(line: &str, pattern: &str, ignore_case: bool) -> bool {
    let (line, pattern) = if ignore_case {
        (line.to_lowercase(), pattern.to_lowercase())
    } else {
        (line.to_string(), pattern.to_string())
    };
    let start = pattern.starts_with('^');
    let end = pattern.ends_with('$') && !pattern.ends_with("\\$");
    let core = &pattern[usize::from(start)
        ..pattern.len() - usize::from(end && pattern.len() > usize::from(start))];
    let p: Vec<char> = core.chars().collect();
    let l: Vec<char> = line.chars().collect();
    let fits = |at: usize| -> bool {
        at + p.len() <= l.len() && p.iter().zip(&l[at..]).all(|(pc, lc)| *pc == '.' || pc == lc)
    };
    if p.len() > l.len() {
        return false;
    }
    match (start, end) {
        (true, true) => p.len() == l.len() && fits(0),
        (true, false) => fits(0),
        (false, true) => fits(l.len() - p.len()),
        (false, false) => (0..=l.len() - p.len()).any(fits),
    }
}

/// Applies a filter to a whole text.
pub fn apply(filter: &mut Filter, text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if let Some(l) = filter.feed(line) {
            out.push_str(&l);
            out.push('\n');
        }
    }
    for l in filter.finish() {
        out.push_str(&l);
        out.push('\n');
    }
    out
}

/// Runs a text tool or `echo`; `None` when `cmd` is not one of them.
pub fn run(
    cmd: &str,
    args: &[String],
    stdin: Option<&str>,
    out: &mut Output,
) -> Option<Result<i32, KubectlError>> {
    match cmd {
        "echo" => {
            let (newline, words) = match args.first().map(String::as_str) {
                Some("-n") => (false, &args[1..]),
                _ => (true, args),
            };
            out.out(format!("{}{}", words.join(" "), if newline { "\n" } else { "" }));
            Some(Ok(0))
        }
        "head" | "tail" | "wc" | "grep" | "sort" | "uniq" | "cat" => {
            let argv: Vec<String> =
                std::iter::once(cmd.to_string()).chain(args.iter().cloned()).collect();
            Some(Filter::parse(&argv).map(|mut f| {
                out.out(apply(&mut f, stdin.unwrap_or("")));
                i32::from(f.failed())
            }))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pipe(argv: &str, text: &str) -> String {
        let argv: Vec<String> = argv.split_whitespace().map(String::from).collect();
        apply(&mut Filter::parse(&argv).unwrap(), text)
    }

    #[test]
    fn head_tail_wc_sort_grep() {
        let t = "pod/b\npod/a\npod/c\n";
        assert_eq!(pipe("head -1", t), "pod/b\n");
        assert_eq!(pipe("head -n 2", t), "pod/b\npod/a\n");
        assert_eq!(pipe("tail -1", t), "pod/c\n");
        assert_eq!(pipe("wc -l", t), "3\n");
        assert_eq!(pipe("sort", t), "pod/a\npod/b\npod/c\n");
        assert_eq!(pipe("sort -r", t), "pod/c\npod/b\npod/a\n");
        assert_eq!(pipe("grep a", t), "pod/a\n");
        assert_eq!(pipe("grep -v a", t), "pod/b\npod/c\n");
        assert_eq!(pipe("grep ^pod/c$", t), "pod/c\n");
        assert_eq!(pipe("grep -c pod", t), "3\n");
    }

    #[test]
    fn bad_counts_are_errors() {
        let argv: Vec<String> = ["head", "-n", "x"].iter().map(|s| s.to_string()).collect();
        assert!(Filter::parse(&argv).is_err());
        let argv: Vec<String> =
            ["head", "-99999999999999999999999"].iter().map(|s| s.to_string()).collect();
        assert!(Filter::parse(&argv).is_err());
    }
}
