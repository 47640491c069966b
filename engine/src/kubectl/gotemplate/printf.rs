//! fmt.Sprintf, Sprint and Sprintln over template values (Go's fmt/print.go, format.go): the
//! verbs `%v %s %d %q %x %X %o %b %c %t %f %F %e %E %g %G`, flags `-+# 0`, width and precision,
//! and fmt's `%!d(string=web)`, `%!s(MISSING)` and `%!(EXTRA int=2)` for mismatches.

use super::value::{go_print, Val};
use crate::gofmt::{go_float, go_quote};

#[derive(Default, Clone, Copy)]
struct Spec {
    minus: bool,
    plus: bool,
    sharp: bool,
    space: bool,
    zero: bool,
    width: Option<usize>,
    prec: Option<usize>,
}

/// fmt.Sprint: a space between operands when neither is a string.
pub fn sprint(args: &[Val]) -> String {
    let mut out = String::new();
    let mut prev_string = false;
    for (i, a) in args.iter().enumerate() {
        let is_string = matches!(a, Val::Str(_));
        if i > 0 && !is_string && !prev_string {
            out.push(' ');
        }
        go_print(a, &mut out);
        prev_string = is_string;
    }
    out
}

/// fmt.Sprintln: spaces between all operands, and a newline.
pub fn sprintln(args: &[Val]) -> String {
    let parts: Vec<String> = args.iter().map(super::value::to_go_string).collect();
    format!("{}\n", parts.join(" "))
}

pub fn sprintf(format: &str, args: &[Val]) -> String {
    let mut out = String::new();
    let mut next = 0;
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut spec = Spec::default();
        while let Some(&f) = chars.peek() {
            match f {
                '-' => spec.minus = true,
                '+' => spec.plus = true,
                '#' => spec.sharp = true,
                ' ' => spec.space = true,
                '0' => spec.zero = true,
                _ => break,
            }
            chars.next();
        }
        spec.width = read_num(&mut chars, args, &mut next);
        if chars.peek() == Some(&'.') {
            chars.next();
            spec.prec = Some(read_num(&mut chars, args, &mut next).unwrap_or(0));
        }
        let Some(verb) = chars.next() else {
            out.push_str("%!(NOVERB)");
            break;
        };
        if verb == '%' {
            out.push('%');
            continue;
        }
        match args.get(next) {
            None => out.push_str(&format!("%!{verb}(MISSING)")),
            Some(a) => {
                next += 1;
                out.push_str(&format_one(a, verb, spec));
            }
        }
    }
    if next < args.len() {
        let extra: Vec<String> = args[next..]
            .iter()
            .map(|a| match a {
                Val::Invalid | Val::Nil => "<nil>".to_string(),
                a => format!("{}={}", a.type_name(), super::value::to_go_string(a)),
            })
            .collect();
        out.push_str(&format!("%!(EXTRA {})", extra.join(", ")));
    }
    out
}

fn read_num(
    chars: &mut std::iter::Peekable<std::str::Chars>,
    args: &[Val],
    next: &mut usize,
) -> Option<usize> {
    if chars.peek() == Some(&'*') {
        chars.next();
        let n = args.get(*next).and_then(Val::as_int);
        *next += 1;
        return n.map(|n| n.clamp(0, 1 << 16) as usize);
    }
    let mut n: Option<usize> = None;
    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
        n = Some((n.unwrap_or(0) * 10 + d as usize).min(1 << 16));
        chars.next();
    }
    n
}

fn bad_verb(a: &Val, verb: char) -> String {
    match a {
        Val::Invalid | Val::Nil => format!("%!{verb}(<nil>)"),
        a => format!("%!{verb}({}={})", a.type_name(), super::value::to_go_string(a)),
    }
}

fn format_one(a: &Val, verb: char, spec: Spec) -> String {
    let body = match (a, verb) {
        (Val::Invalid | Val::Nil, 'T') => "<nil>".to_string(),
        (a, 'T') => a.type_name().to_string(),
        (Val::Invalid | Val::Nil, 'v') => "<nil>".to_string(),
        (Val::Bool(b), 'v' | 't') => b.to_string(),
        (Val::Int(i) | Val::Int64(i), _) => match int_verb(*i, verb, spec) {
            Some(s) => return s,
            None => return bad_verb(a, verb),
        },
        (Val::Float(f), _) => match float_verb(*f, verb, spec) {
            Some(s) => return pad(&s, spec, true),
            None => return bad_verb(a, verb),
        },
        (Val::Str(s), 'v' | 's') => match spec.prec {
            Some(p) => s.chars().take(p).collect(),
            None => s.to_string(),
        },
        (Val::Str(s), 'q') => go_quote(s),
        (Val::Str(s), 'x') => s.bytes().map(|b| format!("{b:02x}")).collect(),
        (Val::Str(s), 'X') => s.bytes().map(|b| format!("{b:02X}")).collect(),
        // fmt applies the verb to each element of a slice or map.
        (Val::List(l), _) => {
            let items: Vec<String> = l.iter().map(|x| format_one(x, verb, spec)).collect();
            return format!("[{}]", items.join(" "));
        }
        (Val::Map(m), _) => {
            let items: Vec<String> = m
                .iter()
                .map(|(k, x)| {
                    format!(
                        "{}:{}",
                        format_one(&Val::Str(k.as_str().into()), verb, spec),
                        format_one(x, verb, spec)
                    )
                })
                .collect();
            return format!("map[{}]", items.join(" "));
        }
        (a, _) => return bad_verb(a, verb),
    };
    pad(&body, spec, false)
}

fn pad(body: &str, spec: Spec, numeric: bool) -> String {
    let Some(w) = spec.width else { return body.to_string() };
    let n = body.chars().count();
    if n >= w {
        return body.to_string();
    }
    let fill = w - n;
    if spec.minus {
        format!("{body}{}", " ".repeat(fill))
    } else if spec.zero && numeric {
        let (sign, digits) = match body.strip_prefix(['-', '+']) {
            Some(d) => (&body[..1], d),
            None => ("", body),
        };
        format!("{sign}{}{digits}", "0".repeat(fill))
    } else {
        format!("{}{body}", " ".repeat(fill))
    }
}

fn int_verb(i: i64, verb: char, spec: Spec) -> Option<String> {
    let mag = i.unsigned_abs();
    let digits = match verb {
        'd' | 'v' => mag.to_string(),
        'x' => format!("{}{mag:x}", if spec.sharp { "0x" } else { "" }),
        'X' => format!("{}{mag:X}", if spec.sharp { "0X" } else { "" }),
        'o' => format!("{}{mag:o}", if spec.sharp { "0" } else { "" }),
        'O' => format!("0o{mag:o}"),
        'b' => format!("{mag:b}"),
        'U' => return Some(pad(&format!("U+{i:04X}"), spec, false)),
        'c' => {
            return Some(pad(
                &char::from_u32(i as u32).unwrap_or('\u{FFFD}').to_string(),
                spec,
                false,
            ))
        }
        'q' => {
            let c = char::from_u32(i as u32).unwrap_or('\u{FFFD}');
            let q = go_quote(&c.to_string());
            return Some(pad(&format!("'{}'", &q[1..q.len() - 1]), spec, false));
        }
        _ => return None,
    };
    let digits = match spec.prec {
        Some(p) if digits.len() < p => format!("{}{digits}", "0".repeat(p - digits.len())),
        _ => digits,
    };
    let sign = if i < 0 {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    };
    Some(pad(
        &format!("{sign}{digits}"),
        Spec { zero: spec.zero && spec.prec.is_none(), ..spec },
        true,
    ))
}

fn float_verb(f: f64, verb: char, spec: Spec) -> Option<String> {
    let s = match (verb, spec.prec) {
        ('v' | 'g' | 'G', None) => go_float(f, false),
        ('g' | 'G' | 'v', Some(p)) => {
            // %.Ng: N significant digits, exponent form as %v decides it.
            let p = p.max(1);
            let sci = format!("{:.*e}", p - 1, f);
            let exp: i32 = sci.split_once('e').and_then(|(_, e)| e.parse().ok()).unwrap_or(0);
            if exp < -4 || exp >= p as i32 {
                go_exp(&sci)
            } else {
                let fixed = format!("{:.*}", (p as i32 - 1 - exp).max(0) as usize, f);
                if fixed.contains('.') {
                    fixed.trim_end_matches('0').trim_end_matches('.').to_string()
                } else {
                    fixed
                }
            }
        }
        ('f' | 'F', p) => format!("{:.*}", p.unwrap_or(6), f),
        ('e' | 'E', p) => go_exp(&format!("{:.*e}", p.unwrap_or(6), f)),
        _ => return None,
    };
    let s = if verb.is_ascii_uppercase() { s.to_uppercase() } else { s };
    Some(if f >= 0.0 && spec.plus { format!("+{s}") } else { s })
}

/// Rust's `1.5e6` as Go's `1.5e+06`.
fn go_exp(sci: &str) -> String {
    let (m, e) = sci.split_once('e').unwrap_or((sci, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
}
