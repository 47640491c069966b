//! Parsing cron specs as robfig/cron v3.0.1 does (`parser.go`), which is what Kubernetes
//! vendors: `ParseStandard` (minute hour dom month dow, plus descriptors) for CronJobs, and
//! the seconds-first parser of robfig's own tests so its vectors port unchanged. Errors are
//! robfig's `err.Error()` text, which the API server puts in `spec.schedule`'s field error.

use super::duration::parse_duration;
use super::spec::{Bounds, SpecSchedule, DOM, DOW, HOURS, MINUTES, MONTHS, SECONDS, STAR_BIT};
use super::zone::load_location;
use super::Schedule;
use crate::gofmt::go_quote;

/// `cron.ParseStandard`: five fields or a descriptor, with an optional `TZ=`/`CRON_TZ=` prefix.
pub fn parse_standard(spec: &str) -> Result<Schedule, String> {
    parse(spec, false)
}

/// robfig's `secondParser` (`Second | Minute | Hour | Dom | Month | DowOptional | Descriptor`),
/// used only to run robfig's own vectors, which are written with a seconds field.
#[cfg(test)]
pub fn parse_with_seconds(spec: &str) -> Result<Schedule, String> {
    parse(spec, true)
}

/// `Parser.Parse` for the two option sets above.
fn parse(spec: &str, seconds: bool) -> Result<Schedule, String> {
    if spec.is_empty() {
        return Err("empty spec string".into());
    }
    let mut spec = spec;
    let mut location = None;
    if spec.starts_with("TZ=") || spec.starts_with("CRON_TZ=") {
        let eq = spec.find('=').unwrap_or(0);
        // Go slices `spec[eq+1:i]` with i the first space; with no space it panics (the API
        // server would answer 500). Here the rest of the spec is taken as the zone name.
        let space = spec.find(' ').unwrap_or(spec.len());
        let name = spec.get(eq + 1..space).unwrap_or("");
        let zone = load_location(name).map_err(|e| format!("provided bad location {name}: {e}"))?;
        location = Some(zone);
        spec = spec[space..].trim();
    }
    if spec.starts_with('@') {
        return parse_descriptor(spec, location);
    }
    let fields = normalize_fields(spec.split_whitespace().collect(), seconds)?;
    Ok(Schedule::Spec(SpecSchedule {
        second: get_field(fields[0], &SECONDS)?,
        minute: get_field(fields[1], &MINUTES)?,
        hour: get_field(fields[2], &HOURS)?,
        dom: get_field(fields[3], &DOM)?,
        month: get_field(fields[4], &MONTHS)?,
        dow: get_field(fields[5], &DOW)?,
        location,
    }))
}

/// `normalizeFields`: checks the count and fills the fields the option set leaves out
/// (seconds `0` for the standard parser, day of week `*` when the seconds parser gets five).
fn normalize_fields(mut fields: Vec<&str>, seconds: bool) -> Result<Vec<&str>, String> {
    let count = fields.len();
    // Go's `%s` of a []string: `[a b c]`.
    let shown = || format!("[{}]", fields.join(" "));
    if seconds {
        if !(5..=6).contains(&count) {
            return Err(format!("expected 5 to 6 fields, found {count}: {}", shown()));
        }
        if count == 5 {
            fields.push("*");
        }
        return Ok(fields);
    }
    if count != 5 {
        return Err(format!("expected exactly 5 fields, found {count}: {}", shown()));
    }
    fields.insert(0, "0");
    Ok(fields)
}

/// `getField`: a comma-separated list of ranges (empty items are skipped, as
/// `strings.FieldsFunc` skips them).
pub fn get_field(field: &str, r: &Bounds) -> Result<u64, String> {
    let mut bits = 0;
    for expr in field.split(',').filter(|e| !e.is_empty()) {
        bits |= get_range(expr, r)?;
    }
    Ok(bits)
}

/// `getRange`: `number | number "-" number [ "/" number ]`, `*` or `?`, and `N/step`
/// meaning `N-max/step`. A star keeps the star bit (which makes the dom/dow rule an AND)
/// unless it has a step greater than one.
pub fn get_range(expr: &str, r: &Bounds) -> Result<u64, String> {
    let range_and_step: Vec<&str> = expr.split('/').collect();
    let low_and_high: Vec<&str> = range_and_step[0].split('-').collect();
    let single_digit = low_and_high.len() == 1;
    let mut extra = 0;
    let (start, mut end);
    if low_and_high[0] == "*" || low_and_high[0] == "?" {
        (start, end) = (r.min, r.max);
        extra = STAR_BIT;
    } else {
        start = parse_int_or_name(low_and_high[0], r.names)?;
        end = match low_and_high.len() {
            1 => start,
            2 => parse_int_or_name(low_and_high[1], r.names)?,
            _ => return Err(format!("too many hyphens: {expr}")),
        };
    }
    let step = match range_and_step.len() {
        1 => 1,
        2 => {
            let step = must_parse_int(range_and_step[1])?;
            if single_digit {
                end = r.max;
            }
            if step > 1 {
                extra = 0;
            }
            step
        }
        _ => return Err(format!("too many slashes: {expr}")),
    };
    if start < r.min {
        return Err(format!("beginning of range ({start}) below minimum ({}): {expr}", r.min));
    }
    if end > r.max {
        return Err(format!("end of range ({end}) above maximum ({}): {expr}", r.max));
    }
    if start > end {
        return Err(format!("beginning of range ({start}) beyond end of range ({end}): {expr}"));
    }
    if step == 0 {
        return Err(format!("step of range should be a positive number: {expr}"));
    }
    Ok(get_bits(start, end, step) | extra)
}

/// `parseIntOrName`: a name (any case) from the field's table, else a number. Go lowers with
/// `strings.ToLower`; ASCII lowering finds the same names, since no other character lowers
/// to one of their letters (the Kelvin sign lowers to `k`, which no name has), and it keeps
/// Unicode's case tables out of the page.
fn parse_int_or_name(expr: &str, names: &[(&str, u64)]) -> Result<u64, String> {
    let lower = expr.to_ascii_lowercase();
    match names.iter().find(|(name, _)| *name == lower) {
        Some((_, n)) => Ok(*n),
        None => must_parse_int(expr),
    }
}

/// `mustParseInt`: `strconv.Atoi`, then no negatives.
fn must_parse_int(expr: &str) -> Result<u64, String> {
    let num = atoi(expr).map_err(|e| format!("failed to parse int from {expr}: {e}"))?;
    if num < 0 {
        return Err(format!("negative number ({num}) not allowed: {expr}"));
    }
    Ok(num as u64)
}

/// `strconv.Atoi` on a 64-bit platform, with its error text.
fn atoi(s: &str) -> Result<i64, String> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return Err(format!("strconv.Atoi: parsing {}: invalid syntax", go_quote(s)));
    }
    s.parse::<i64>()
        .map_err(|_| format!("strconv.Atoi: parsing {}: value out of range", go_quote(s)))
}

/// `getBits`: the bits min..=max, every `step`th.
pub fn get_bits(min: u64, max: u64, step: u64) -> u64 {
    let mut bits = 0;
    let mut i = min;
    while i <= max {
        bits |= 1 << i;
        match i.checked_add(step) {
            Some(next) => i = next,
            None => break,
        }
    }
    bits
}

/// `all`: every value of the field, plus the star bit.
pub fn all(r: &Bounds) -> u64 {
    get_bits(r.min, r.max, 1) | STAR_BIT
}

/// `parseDescriptor`. `@every` ignores any `TZ=`, as robfig's `ConstantDelaySchedule` has no
/// location.
fn parse_descriptor(
    descriptor: &str,
    location: Option<super::zone::Zone>,
) -> Result<Schedule, String> {
    let first = |r: &Bounds| 1u64 << r.min;
    let spec = |minute, hour, dom, month, dow| {
        Schedule::Spec(SpecSchedule {
            second: first(&SECONDS),
            minute,
            hour,
            dom,
            month,
            dow,
            location: location.clone(),
        })
    };
    let (m, h) = (first(&MINUTES), first(&HOURS));
    match descriptor {
        "@yearly" | "@annually" => Ok(spec(m, h, first(&DOM), first(&MONTHS), all(&DOW))),
        "@monthly" => Ok(spec(m, h, first(&DOM), all(&MONTHS), all(&DOW))),
        "@weekly" => Ok(spec(m, h, all(&DOM), all(&MONTHS), first(&DOW))),
        "@daily" | "@midnight" => Ok(spec(m, h, all(&DOM), all(&MONTHS), all(&DOW))),
        "@hourly" => Ok(spec(m, all(&HOURS), all(&DOM), all(&MONTHS), all(&DOW))),
        _ => match descriptor.strip_prefix("@every ") {
            Some(text) => {
                let nanos = parse_duration(text)
                    .map_err(|e| format!("failed to parse duration {descriptor}: {e}"))?;
                Ok(Schedule::every(nanos))
            }
            None => Err(format!("unrecognized descriptor: {descriptor}")),
        },
    }
}
