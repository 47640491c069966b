//! Pi to N significant digits, as perl's `Math::BigFloat::bpi(N)` prints it (rounded to
//! N digits, `3.` then N-1 decimals), for the Job tutorial's `perl -Mbignum=bpi -wle
//! 'print bpi(2000)'`. Machin's formula in fixed point over base-10^9 limbs; pure and
//! exact, so the simulated program prints the real digits.

const BASE: u64 = 1_000_000_000;

/// A non-negative fixed-point number: `limbs[0]` is the integer part, then base-10^9
/// fraction limbs.
#[derive(Clone)]
struct Fixed {
    limbs: Vec<u64>,
}

impl Fixed {
    fn from_int(v: u64, len: usize) -> Fixed {
        let mut limbs = vec![0; len];
        limbs[0] = v;
        Fixed { limbs }
    }

    fn div_small(&mut self, d: u64) {
        let mut rem = 0u64;
        for l in self.limbs.iter_mut() {
            let cur = rem * BASE + *l;
            *l = cur / d;
            rem = cur % d;
        }
    }

    fn is_zero(&self) -> bool {
        self.limbs.iter().all(|l| *l == 0)
    }

    fn add(&mut self, o: &Fixed) {
        let mut carry = 0;
        for (a, b) in self.limbs.iter_mut().zip(&o.limbs).rev() {
            let s = *a + *b + carry;
            *a = s % BASE;
            carry = s / BASE;
        }
        self.limbs[0] += carry * BASE;
    }

    fn sub(&mut self, o: &Fixed) {
        let mut borrow = 0i64;
        for (a, b) in self.limbs.iter_mut().zip(&o.limbs).rev() {
            let mut s = *a as i64 - *b as i64 - borrow;
            borrow = 0;
            if s < 0 {
                s += BASE as i64;
                borrow = 1;
            }
            *a = s as u64;
        }
    }

    fn mul_small(&mut self, m: u64) {
        let mut carry = 0;
        for l in self.limbs.iter_mut().rev() {
            let p = *l * m + carry;
            *l = p % BASE;
            carry = p / BASE;
        }
        self.limbs[0] += carry * BASE;
    }
}

/// `atan(1/x)` by its series.
fn arctan_inv(x: u64, len: usize) -> Fixed {
    let mut sum = Fixed::from_int(1, len);
    sum.div_small(x);
    let mut power = sum.clone();
    let mut k = 1u64;
    loop {
        power.div_small(x * x);
        let mut term = power.clone();
        term.div_small(2 * k + 1);
        if term.is_zero() {
            return sum;
        }
        if k % 2 == 1 {
            sum.sub(&term);
        } else {
            sum.add(&term);
        }
        k += 1;
    }
}

/// Pi rounded to `n` significant digits (n >= 1).
pub fn bpi(n: usize) -> String {
    let n = n.max(1);
    // Ten guard digits at least, so the rounding digit is exact.
    let len = 1 + (n + 20) / 9 + 1;
    let mut pi = arctan_inv(5, len);
    pi.mul_small(16);
    let mut b = arctan_inv(239, len);
    b.mul_small(4);
    pi.sub(&b);
    let mut digits: Vec<u8> = Vec::with_capacity(len * 9);
    for l in &pi.limbs[1..] {
        digits.extend(format!("{l:09}").bytes().map(|c| c - b'0'));
    }
    // `3` and the first n-1 decimals, rounded half up on the next one.
    let mut kept: Vec<u8> =
        std::iter::once(pi.limbs[0] as u8).chain(digits.into_iter().take(n)).collect();
    let next = kept.pop().unwrap_or(0);
    if next >= 5 {
        for d in kept.iter_mut().rev() {
            if *d == 9 {
                *d = 0;
            } else {
                *d += 1;
                break;
            }
        }
    }
    let text: String = kept.iter().map(|d| char::from(b'0' + d)).collect();
    if text.len() == 1 {
        text
    } else {
        format!("{}.{}", &text[..1], &text[1..])
    }
}

#[cfg(test)]
mod tests {
    use super::bpi;

    #[test]
    fn pi_is_rounded_to_the_digits_asked_for() {
        assert_eq!(bpi(1), "3");
        assert_eq!(bpi(5), "3.1416");
        assert_eq!(bpi(10), "3.141592654");
        assert_eq!(bpi(50), "3.1415926535897932384626433832795028841971693993751");
    }

    #[test]
    fn two_thousand_digits_end_as_the_published_expansion_does() {
        let p = bpi(2000);
        assert_eq!(p.len(), 2001);
        assert!(p.starts_with("3.14159265358979323846264338327950288419716939937510"));
        // Pi's digits 1991-2001 are 47802759009 9...: the 2000th rounds up.
        assert!(p.ends_with("4780275901"), "{}", &p[1990..]);
    }
}
