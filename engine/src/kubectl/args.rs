//! Flag parsing in the style of spf13/pflag, as kubectl does it: `--name=value`,
//! `--name value`, `-n value`, `-nvalue`, `-o=name`, boolean flags with optional `=false`,
//! and `--` ending flags. Unknown flags give kubectl's exact error; `--help` and `-h` give the
//! verb's usage (`verb_help.rs`).

use std::collections::BTreeMap;

use super::KubectlError;

pub use super::flag_spec::{flag, switch, FlagSpec};

/// Parsed arguments: positional words in order, and the last value of each flag.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Args {
    pub positional: Vec<String>,
    pub flags: BTreeMap<&'static str, String>,
    /// Values of flags given more than once, in order (for `--labels` style lists).
    pub repeated: BTreeMap<&'static str, Vec<String>>,
    /// The command as its usage hint names it (`scale`, `create deployment`).
    pub verb: String,
    /// Shorthands of the flags that have one, for pflag's `-r, --replicas` in errors. A
    /// list searched from its end (the last spec of a name wins, as a map built from the specs
    /// would keep it): a verb has a few dozen flags, and a map of this one value type would
    /// compile its own B-tree code.
    pub shorts: Vec<(&'static str, char)>,
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

    /// An `int` flag (64-bit in kubectl's builds) with pflag's wording on bad values.
    pub fn int(&self, long: &str) -> Result<Option<i64>, KubectlError> {
        self.int_bits(long, 64)
    }

    /// An `int32` flag, such as `create deployment --replicas`.
    pub fn int32(&self, long: &str) -> Result<Option<i32>, KubectlError> {
        Ok(self.int_bits(long, 32)?.map(|n| n as i32))
    }

    /// strconv.ParseInt(v, 0, bits) as pflag calls it, and pflag's error, which names the
    /// flag with its shorthand and ends with the usage hint (spf13/pflag flag.go `failf`).
    fn int_bits(&self, long: &str, bits: u32) -> Result<Option<i64>, KubectlError> {
        let Some(v) = self.get(long) else { return Ok(None) };
        let digits = v.strip_prefix(['-', '+']).unwrap_or(v);
        let why = if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
            "invalid syntax"
        } else {
            match v.parse::<i64>() {
                Ok(n) if bits >= 64 || i32::try_from(n).is_ok() => return Ok(Some(n)),
                _ => "value out of range",
            }
        };
        let name = match self.shorts.iter().rev().find(|(l, _)| *l == long).map(|(_, c)| c) {
            Some(c) => format!("-{c}, --{long}"),
            None => format!("--{long}"),
        };
        Err(KubectlError::Usage(format!(
            "invalid argument \"{v}\" for \"{name}\" flag: strconv.ParseInt: parsing \"{v}\": {why}\nSee 'kubectl {} --help' for usage.",
            self.verb
        )))
    }
}

/// strconv.ParseBool.
pub fn parse_bool(v: &str) -> Option<bool> {
    match v {
        "1" | "t" | "T" | "true" | "TRUE" | "True" => Some(true),
        "0" | "f" | "F" | "false" | "FALSE" | "False" => Some(false),
        _ => None,
    }
}

/// Parses `words` against `specs`. `verb` names the command in the usage hint.
pub fn parse(words: &[String], specs: &[FlagSpec], verb: &str) -> Result<Args, KubectlError> {
    let mut args = Args { verb: verb.to_string(), ..Args::default() };
    args.shorts = specs.iter().filter_map(|s| Some((s.long, s.short?))).collect();
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
                if name == "help" {
                    return Err(KubectlError::Help(super::verb_help::usage(verb, specs)));
                }
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
                    if body == "h" {
                        return Err(KubectlError::Help(super::verb_help::usage(verb, specs)));
                    }
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

/// The first word that is neither a flag nor a flag's value: the subcommand, as cobra finds
/// it before parsing the subcommand's own flags (spf13/cobra command.go `stripFlags`).
pub fn first_word<'a>(words: &'a [String], specs: &[FlagSpec]) -> Option<&'a str> {
    let takes_value = |name: &str| {
        specs.iter().any(|f| {
            f.takes_value
                && f.no_opt_default.is_none()
                && (f.long == name
                    || (name.len() == 1 && f.short.is_some_and(|c| name.starts_with(c))))
        })
    };
    let mut words = words.iter();
    while let Some(w) = words.next() {
        if w == "--" {
            return words.next().map(String::as_str);
        }
        let flag = w.strip_prefix("--").or_else(|| w.strip_prefix('-').filter(|f| !f.is_empty()));
        match flag {
            Some(name) => {
                if !name.contains('=') && takes_value(name) {
                    words.next();
                }
            }
            None => return Some(w),
        }
    }
    None
}

fn record(args: &mut Args, long: &'static str, value: String) {
    args.repeated.entry(long).or_default().push(value.clone());
    args.flags.insert(long, value);
}

/// `-n`, or `default`: the namespace a command acts in.
pub(super) fn ns_of(a: &Args) -> String {
    a.get("namespace").unwrap_or("default").to_string()
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

    #[test]
    fn the_first_word_skips_flags_and_their_values() {
        let w = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(first_word(&w("-l app=web -o name pods x"), SPECS), Some("pods"));
        assert_eq!(first_word(&w("--selector=a -w --cascade pods"), SPECS), Some("pods"));
        assert_eq!(first_word(&w("-lapp=web -- -x"), SPECS), Some("-x"));
        assert_eq!(first_word(&w("-o"), SPECS), None);
    }

    #[test]
    fn bad_integers_use_pflags_wording_with_the_shorthand_and_hint() {
        let specs = [flag("replicas", Some('r')), flag("port", None)];
        let parse_one = |s: &str| parse(&[s.to_string()], &specs, "create deployment").unwrap();
        assert_eq!(
            parse_one("--replicas=99999999999").int32("replicas").unwrap_err().to_string(),
            "error: invalid argument \"99999999999\" for \"-r, --replicas\" flag: strconv.ParseInt: parsing \"99999999999\": value out of range\nSee 'kubectl create deployment --help' for usage."
        );
        assert_eq!(parse_one("--replicas=99999999999").int("replicas").unwrap(), Some(99999999999));
        assert_eq!(
            parse_one("--port=x").int("port").unwrap_err().to_string(),
            "error: invalid argument \"x\" for \"--port\" flag: strconv.ParseInt: parsing \"x\": invalid syntax\nSee 'kubectl create deployment --help' for usage."
        );
        assert_eq!(parse_one("--port=-3").int32("port").unwrap(), Some(-3));
    }
}
