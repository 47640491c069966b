//! Flag parsing in the style of spf13/pflag, as kubectl does it: `--name=value`,
//! `--name value`, `-n value`, `-nvalue`, `-o=name`, boolean flags with optional `=false`,
//! and `--` ending flags. Unknown flags give kubectl's exact error.

use std::collections::BTreeMap;

use super::KubectlError;

#[derive(Clone, Copy, Debug)]
pub struct FlagSpec {
    pub long: &'static str,
    pub short: Option<char>,
    /// Takes a value (`--image=x`), as opposed to a boolean (`--force`).
    pub takes_value: bool,
    /// For value flags: the value used when the flag is given without `=` (pflag NoOptDefVal),
    /// as `--cascade` means `--cascade=background`.
    pub no_opt_default: Option<&'static str>,
}

pub const fn flag(long: &'static str, short: Option<char>) -> FlagSpec {
    FlagSpec { long, short, takes_value: true, no_opt_default: None }
}

pub const fn switch(long: &'static str, short: Option<char>) -> FlagSpec {
    FlagSpec { long, short, takes_value: false, no_opt_default: None }
}

/// Parsed arguments: positional words in order, and the last value of each flag.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Args {
    pub positional: Vec<String>,
    pub flags: BTreeMap<&'static str, String>,
    /// Values of flags given more than once, in order (for `--labels` style lists).
    pub repeated: BTreeMap<&'static str, Vec<String>>,
}

impl Args {
    pub fn get(&self, long: &str) -> Option<&str> {
        self.flags.get(long).map(String::as_str)
    }

    pub fn has(&self, long: &str) -> bool {
        self.flags.contains_key(long)
    }

    /// A boolean flag: absent is `default`; `--x`, `--x=true` are true; `--x=false` false.
    pub fn bool(&self, long: &str, default: bool) -> Result<bool, KubectlError> {
        match self.get(long) {
            None => Ok(default),
            Some(v) => parse_bool(v).ok_or_else(|| {
                KubectlError::Usage(format!(
                    "invalid argument \"{v}\" for \"--{long}\" flag: strconv.ParseBool: parsing \"{v}\": invalid syntax"
                ))
            }),
        }
    }

    /// An integer flag with pflag's wording on bad values.
    pub fn int(&self, long: &str) -> Result<Option<i64>, KubectlError> {
        match self.get(long) {
            None => Ok(None),
            Some(v) => v.parse::<i64>().map(Some).map_err(|_| {
                let why = if v.trim_start_matches('-').chars().all(|c| c.is_ascii_digit()) && !v.is_empty() {
                    "value out of range"
                } else {
                    "invalid syntax"
                };
                KubectlError::Usage(format!(
                    "invalid argument \"{v}\" for \"--{long}\" flag: strconv.ParseInt: parsing \"{v}\": {why}"
                ))
            }),
        }
    }
}

fn parse_bool(v: &str) -> Option<bool> {
    match v {
        "1" | "t" | "T" | "true" | "TRUE" | "True" => Some(true),
        "0" | "f" | "F" | "false" | "FALSE" | "False" => Some(false),
        _ => None,
    }
}

/// Parses `words` against `specs`. `verb` names the command in the usage hint.
pub fn parse(words: &[String], specs: &[FlagSpec], verb: &str) -> Result<Args, KubectlError> {
    let mut args = Args::default();
    let mut i = 0;
    let hint =
        |msg: String| KubectlError::Usage(format!("{msg}\nSee 'kubectl {verb} --help' for usage."));
    while i < words.len() {
        let w = &words[i];
        i += 1;
        if w == "--" {
            args.positional.extend(words[i..].iter().cloned());
            break;
        }
        if let Some(body) = w.strip_prefix("--") {
            let (name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (body, None),
            };
            let Some(spec) = specs.iter().find(|s| s.long == name) else {
                return Err(hint(format!("unknown flag: --{name}")));
            };
            let value = if !spec.takes_value {
                inline.unwrap_or_else(|| "true".into())
            } else if let Some(v) = inline {
                v
            } else if let Some(d) = spec.no_opt_default {
                d.to_string()
            } else if i < words.len() {
                i += 1;
                words[i - 1].clone()
            } else {
                return Err(hint(format!("flag needs an argument: --{name}")));
            };
            record(&mut args, spec.long, value);
            continue;
        }
        if let Some(body) = w.strip_prefix('-').filter(|b| !b.is_empty()) {
            // `-5` is a positional value (for example `head -5` never reaches here).
            for (pos, c) in body.char_indices() {
                let Some(spec) = specs.iter().find(|s| s.short == Some(c)) else {
                    return Err(hint(format!("unknown shorthand flag: '{c}' in -{body}")));
                };
                if !spec.takes_value {
                    record(&mut args, spec.long, "true".into());
                    continue;
                }
                let rest = &body[pos + c.len_utf8()..];
                let value = if let Some(v) = rest.strip_prefix('=') {
                    v.to_string()
                } else if !rest.is_empty() {
                    rest.to_string()
                } else if i < words.len() {
                    i += 1;
                    words[i - 1].clone()
                } else {
                    return Err(hint(format!("flag needs an argument: '{c}' in -{body}")));
                };
                record(&mut args, spec.long, value);
                break;
            }
            continue;
        }
        args.positional.push(w.clone());
    }
    Ok(args)
}

fn record(args: &mut Args, long: &'static str, value: String) {
    args.repeated.entry(long).or_default().push(value.clone());
    args.flags.insert(long, value);
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[FlagSpec] = &[
        flag("selector", Some('l')),
        flag("output", Some('o')),
        switch("watch", Some('w')),
        FlagSpec {
            long: "cascade",
            short: None,
            takes_value: true,
            no_opt_default: Some("background"),
        },
    ];

    fn p(s: &str) -> Result<Args, KubectlError> {
        let words: Vec<String> = s.split_whitespace().map(String::from).collect();
        parse(&words, SPECS, "get")
    }

    #[test]
    fn all_pflag_spellings_work() {
        let a = p("pods -l app=web -oname -w").unwrap();
        assert_eq!(a.positional, vec!["pods"]);
        assert_eq!(a.get("selector"), Some("app=web"));
        assert_eq!(a.get("output"), Some("name"));
        assert!(a.bool("watch", false).unwrap());
        assert_eq!(p("-o=json").unwrap().get("output"), Some("json"));
        assert_eq!(p("--selector=a=b").unwrap().get("selector"), Some("a=b"));
        assert_eq!(p("--cascade").unwrap().get("cascade"), Some("background"));
        assert_eq!(p("--cascade=orphan").unwrap().get("cascade"), Some("orphan"));
    }

    #[test]
    fn unknown_flags_use_kubectls_wording() {
        assert_eq!(
            p("pods --foo").unwrap_err().to_string(),
            "error: unknown flag: --foo\nSee 'kubectl get --help' for usage."
        );
        assert_eq!(
            p("pods -z").unwrap_err().to_string(),
            "error: unknown shorthand flag: 'z' in -z\nSee 'kubectl get --help' for usage."
        );
        assert!(p("pods -l").unwrap_err().to_string().contains("flag needs an argument"));
    }
}
