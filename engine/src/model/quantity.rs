//! Resource quantities as apimachinery's `resource.Quantity` reads and writes them
//! (apimachinery/pkg/api/resource/quantity.go): `ParseQuantity` with its error wording, and
//! the canonical form the API server stores (`250m`, `512Mi`, `2k`). Values are kept in
//! nano-units, which covers every suffix from `n` to `Ei` exactly; it does not model
//! quantities beyond that range or `inf`.

use std::fmt;

/// How a quantity was written, which decides how it is printed back (quantity.go `Format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `e3`, `E6`.
    DecimalExponent,
    /// `Ki`, `Mi`, ...
    BinarySI,
    /// `m`, `k`, `M`, ... or no suffix.
    DecimalSI,
}

/// A parsed quantity: its value in billionths, rounded up as `ParseQuantity` rounds values
/// finer than a nano-unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quantity {
    pub nanos: i128,
    pub format: Format,
}

/// `ParseQuantity`'s errors, worded as quantity.go words them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuantityError {
    FormatWrong,
    Numeric,
    Suffix,
}

impl fmt::Display for QuantityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            QuantityError::FormatWrong => {
                "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
            }
            QuantityError::Numeric => "unable to parse quantity's numeric value",
            QuantityError::Suffix => "unable to parse quantity's suffix",
        })
    }
}

const NANO: i128 = 1_000_000_000;
/// The largest value kept: past this, nano-units would overflow the arithmetic below.
const MAX_NANOS: i128 = 1_i128 << 100;

const DECIMAL: [(&str, i32); 10] = [
    ("n", -9),
    ("u", -6),
    ("m", -3),
    ("", 0),
    ("k", 3),
    ("M", 6),
    ("G", 9),
    ("T", 12),
    ("P", 15),
    ("E", 18),
];
const BINARY: [(&str, u32); 6] = [("Ki", 1), ("Mi", 2), ("Gi", 3), ("Ti", 4), ("Pi", 5), ("Ei", 6)];

impl Quantity {
    /// A plain count (`Value`, rounded up).
    pub fn value(&self) -> i128 {
        ceil_div(self.nanos, NANO)
    }

    /// Thousandths (`MilliValue`, rounded up): millicores for CPU.
    pub fn milli_value(&self) -> i128 {
        ceil_div(self.nanos, 1_000_000)
    }

    pub fn is_negative(&self) -> bool {
        self.nanos < 0
    }

    /// The canonical text (`CanonicalizeBytes`): the API server stores quantities this way.
    pub fn canonical(&self) -> String {
        let (sign, abs) = if self.nanos < 0 { ("-", -self.nanos) } else { ("", self.nanos) };
        if abs == 0 {
            return "0".into();
        }
        if self.format == Format::BinarySI && abs >= 1024 * NANO && abs % NANO == 0 {
            // Whole and at least 1Ki: the largest power of 1024 that divides it.
            let mut v = abs / NANO;
            let mut k = 0;
            while k < BINARY.len() && v % 1024 == 0 {
                v /= 1024;
                k += 1;
            }
            let suffix = if k == 0 { "" } else { BINARY[k - 1].0 };
            return format!("{sign}{v}{suffix}");
        }
        // Decimal: the largest exponent (a multiple of 3, from -9) that keeps an integer.
        let mut mantissa = abs;
        let mut exp = -9;
        while mantissa % 1000 == 0 && exp < 18 {
            mantissa /= 1000;
            exp += 3;
        }
        let suffix = match self.format {
            Format::DecimalExponent if exp != 0 => format!("e{exp}"),
            Format::DecimalExponent => String::new(),
            _ => DECIMAL
                .iter()
                .find(|(_, e)| *e == exp)
                .map(|(s, _)| s.to_string())
                .unwrap_or_default(),
        };
        format!("{sign}{mantissa}{suffix}")
    }
}

fn ceil_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b > 0 {
        q + 1
    } else {
        q
    }
}

/// `resource.ParseQuantity`.
pub fn parse(s: &str) -> Result<Quantity, QuantityError> {
    if s.is_empty() {
        return Err(QuantityError::FormatWrong);
    }
    let b = s.as_bytes();
    let mut pos = 0;
    let negative = match b[0] {
        b'-' => {
            pos = 1;
            true
        }
        b'+' => {
            pos = 1;
            false
        }
        _ => false,
    };
    let num_start = pos;
    while pos < b.len() && b[pos].is_ascii_digit() {
        pos += 1;
    }
    let int_part = &s[num_start..pos];
    let mut frac_part = "";
    if pos < b.len() && b[pos] == b'.' {
        pos += 1;
        let f = pos;
        while pos < b.len() && b[pos].is_ascii_digit() {
            pos += 1;
        }
        frac_part = &s[f..pos];
    }
    if int_part.is_empty() && frac_part.is_empty() {
        return Err(QuantityError::FormatWrong);
    }
    let suffix_start = pos;
    while pos < b.len() && b"eEinumkKMGTP".contains(&b[pos]) {
        pos += 1;
    }
    if pos < b.len() && (b[pos] == b'-' || b[pos] == b'+') {
        pos += 1;
    }
    while pos < b.len() && b[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos < b.len() {
        return Err(QuantityError::FormatWrong);
    }
    let suffix = &s[suffix_start..];
    // The value as digits over a power of ten, then scaled by the suffix.
    let digits: String = format!("{int_part}{frac_part}");
    let digits = digits.trim_start_matches('0');
    if digits.len() > 30 {
        return Err(QuantityError::Numeric);
    }
    let mantissa: i128 =
        if digits.is_empty() { 0 } else { digits.parse().map_err(|_| QuantityError::Numeric)? };
    let mut exp10: i32 = -(frac_part.len() as i32);
    let mut factor: i128 = 1;
    let format = if let Some((_, e)) = DECIMAL.iter().find(|(x, _)| *x == suffix) {
        exp10 += e;
        Format::DecimalSI
    } else if let Some((_, k)) = BINARY.iter().find(|(x, _)| *x == suffix) {
        factor = 1024_i128.pow(*k);
        Format::BinarySI
    } else if let Some(e) = suffix.strip_prefix(['e', 'E']) {
        let e: i32 = e.parse().map_err(|_| QuantityError::Suffix)?;
        if !(-40..=40).contains(&e) {
            return Err(QuantityError::Numeric);
        }
        exp10 += e;
        Format::DecimalExponent
    } else {
        return Err(QuantityError::Suffix);
    };
    // nanos = mantissa * factor * 10^(exp10 + 9), rounded up.
    let shift = exp10 + 9;
    let mut nanos = mantissa.checked_mul(factor).ok_or(QuantityError::Numeric)?;
    if shift >= 0 {
        for _ in 0..shift {
            nanos = nanos.checked_mul(10).ok_or(QuantityError::Numeric)?;
        }
    } else {
        let div = 10_i128.checked_pow((-shift) as u32).unwrap_or(i128::MAX);
        nanos = ceil_div(nanos, div);
    }
    if nanos > MAX_NANOS {
        return Err(QuantityError::Numeric);
    }
    Ok(Quantity { nanos: if negative { -nanos } else { nanos }, format })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(s: &str) -> String {
        parse(s).map(|q| q.canonical()).unwrap_or_else(|e| e.to_string())
    }

    #[test]
    fn canonical_forms_match_the_api_server() {
        assert_eq!(canon("0.5"), "500m");
        assert_eq!(canon("1000m"), "1");
        assert_eq!(canon("1500m"), "1500m");
        assert_eq!(canon("2000"), "2k");
        assert_eq!(canon("512Mi"), "512Mi");
        assert_eq!(canon("1.5Gi"), "1536Mi");
        assert_eq!(canon("1.5Ki"), "1536");
        assert_eq!(canon("100Ki"), "100Ki");
        assert_eq!(canon("0"), "0");
        assert_eq!(canon("-1"), "-1");
        assert_eq!(canon("1e3"), "1e3");
        assert_eq!(canon("0.1m"), "100u");
        assert_eq!(canon("+200m"), "200m");
    }

    #[test]
    fn bad_quantities_get_parse_quantity_errors() {
        for bad in ["", "abc", "1Q", "2x", "1.2.3", "m", "."] {
            assert_eq!(parse(bad), Err(QuantityError::FormatWrong), "{bad}");
        }
        assert_eq!(parse("1KK"), Err(QuantityError::Suffix));
        assert_eq!(parse("1e"), Err(QuantityError::Suffix));
        assert_eq!(parse("1e400"), Err(QuantityError::Numeric));
    }

    #[test]
    fn values_round_up_like_milli_value() {
        assert_eq!(parse("250m").unwrap().milli_value(), 250);
        assert_eq!(parse("1").unwrap().milli_value(), 1000);
        assert_eq!(parse("0.1m").unwrap().milli_value(), 1);
        assert_eq!(parse("1Mi").unwrap().value(), 1_048_576);
        assert_eq!(parse("8131088Ki").unwrap().value(), 8_131_088 * 1024);
    }
}
