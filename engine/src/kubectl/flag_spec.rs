//! A verb's flags as its parser reads them: the long and short names, whether a value is
//! taken, and pflag's NoOptDefVal. `args` parses by them and `verb_help` prints them.

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
