//! Exact dyadic rationals `m·2^e` on big integers: every f32 and f64 value, and every sum,
//! difference and product of them, without rounding or range limits.

use std::cmp::Ordering;

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

/// `m·2^e`, kept with `m` odd (or zero, with `e = 0`), so that equal values have equal
/// representations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Dy {
    m: BigInt,
    e: i64,
}

impl Dy {
    pub fn zero() -> Dy {
        Dy {
            m: BigInt::zero(),
            e: 0,
        }
    }

    pub fn one() -> Dy {
        Dy::from_int(1)
    }

    pub fn from_int(i: i64) -> Dy {
        Dy::new(BigInt::from(i), 0)
    }

    /// `m·2^e`, normalised.
    pub fn new(m: BigInt, e: i64) -> Dy {
        if m.is_zero() {
            return Dy::zero();
        }
        let tz = m.trailing_zeros().unwrap_or(0);
        Dy {
            m: m >> tz,
            e: e + tz as i64,
        }
    }

    /// The exact value of a finite f64 (and so of any f32).
    pub fn from_f64(x: f64) -> Dy {
        debug_assert!(x.is_finite());
        if x == 0.0 {
            return Dy::zero();
        }
        let bits = x.to_bits();
        let exp = ((bits >> 52) & 0x7ff) as i64;
        let frac = bits & ((1u64 << 52) - 1);
        let (mant, e) = if exp == 0 {
            (frac, -1074)
        } else {
            (frac | (1u64 << 52), exp - 1075)
        };
        let m = BigInt::from(mant);
        Dy::new(if x < 0.0 { -m } else { m }, e)
    }

    pub fn from_f32(x: f32) -> Dy {
        Dy::from_f64(f64::from(x))
    }

    pub fn is_zero(&self) -> bool {
        self.m.is_zero()
    }

    pub fn sign(&self) -> i8 {
        match self.m.sign() {
            Sign::Minus => -1,
            Sign::NoSign => 0,
            Sign::Plus => 1,
        }
    }

    pub fn neg(&self) -> Dy {
        Dy {
            m: -&self.m,
            e: self.e,
        }
    }

    pub fn abs(&self) -> Dy {
        Dy {
            m: self.m.abs(),
            e: self.e,
        }
    }

    pub fn add(&self, o: &Dy) -> Dy {
        if self.is_zero() {
            return o.clone();
        }
        if o.is_zero() {
            return self.clone();
        }
        let (a, b) = if self.e <= o.e { (self, o) } else { (o, self) };
        let shift = (b.e - a.e) as u64;
        Dy::new(&a.m + (&b.m << shift), a.e)
    }

    pub fn sub(&self, o: &Dy) -> Dy {
        self.add(&o.neg())
    }

    pub fn mul(&self, o: &Dy) -> Dy {
        if self.is_zero() || o.is_zero() {
            return Dy::zero();
        }
        // Odd times odd is odd: already normalised.
        Dy {
            m: &self.m * &o.m,
            e: self.e + o.e,
        }
    }

    /// `self·2^k`, exactly.
    pub fn scale2(&self, k: i64) -> Dy {
        if self.is_zero() {
            return Dy::zero();
        }
        Dy {
            m: self.m.clone(),
            e: self.e + k,
        }
    }

    pub fn cmp(&self, o: &Dy) -> Ordering {
        self.sub(o).sign().cmp(&0)
    }

    pub fn min(&self, o: &Dy) -> Dy {
        if self.cmp(o) == Ordering::Greater {
            o.clone()
        } else {
            self.clone()
        }
    }

    pub fn max(&self, o: &Dy) -> Dy {
        if self.cmp(o) == Ordering::Less {
            o.clone()
        } else {
            self.clone()
        }
    }

    /// The value of an integer-valued dyadic as a big integer.
    pub fn to_int(&self) -> BigInt {
        assert!(self.e >= 0 || self.is_zero(), "not an integer");
        &self.m << self.e.max(0) as u64
    }

    /// The bit length of `|m|` (0 for zero).
    pub fn bits(&self) -> u64 {
        self.m.bits()
    }

    /// `t` with `2^(t−1) ≤ |self| < 2^t`, for a nonzero value.
    pub fn top(&self) -> i64 {
        self.e + self.bits() as i64
    }

    /// Rounded to `p` significant bits, toward +∞ if `up`, else toward −∞.
    pub fn round(&self, p: u64, up: bool) -> Dy {
        let n = self.bits();
        if n <= p {
            return self.clone();
        }
        let shift = n - p;
        Dy::new(shift_round(&self.m, shift, up), self.e + shift as i64)
    }

    /// `a / b` rounded to `p` significant bits, toward +∞ if `up`, else toward −∞.
    /// `b` must not be zero.
    pub fn div_round(a: &Dy, b: &Dy, p: u64, up: bool) -> Dy {
        assert!(!b.is_zero(), "division by zero in exact arithmetic");
        if a.is_zero() {
            return Dy::zero();
        }
        // Scale the numerator so that the integer quotient has at least p + 2 bits.
        let s = (p as i64 + 2 + b.bits() as i64 - a.bits() as i64).max(0);
        let num = &a.m << s as u64;
        let q = if up {
            -(-num).div_floor(&b.m)
        } else {
            num.div_floor(&b.m)
        };
        Dy::new(q, a.e - b.e - s).round(p, up)
    }

    /// `√a` rounded to `p` significant bits, toward +∞ if `up`, else toward −∞. `a` must
    /// not be negative.
    pub fn sqrt_round(a: &Dy, p: u64, up: bool) -> Dy {
        assert!(a.sign() >= 0, "square root of a negative value");
        if a.is_zero() {
            return Dy::zero();
        }
        // a = m·2^e with e − s even and m·2^s of at least 2p + 4 bits.
        let mut s = (2 * p as i64 + 4 - a.bits() as i64).max(0);
        if (a.e - s).rem_euclid(2) != 0 {
            s += 1;
        }
        let n = a.m.magnitude() << s as u64;
        let mut root = n.sqrt();
        if up && &root * &root != n {
            root += BigUint::one();
        }
        Dy::new(BigInt::from(root), (a.e - s) / 2).round(p, up)
    }

    /// The nearest f64 (ties to even), or ±∞ beyond its range.
    pub fn to_f64(&self) -> f64 {
        self.to_float(53, -1074, 1024, None)
    }

    /// The nearest f32 (ties to even), or ±∞ beyond its range.
    #[cfg(test)]
    pub fn to_f32_nearest(&self) -> f32 {
        self.to_float(24, -149, 128, None) as f32
    }

    /// The f32 next to the value toward +∞ (`up`) or −∞ (the value itself when it is an
    /// f32), or ±∞ beyond the range.
    pub fn to_f32_dir(&self, up: bool) -> f32 {
        self.to_float(24, -149, 128, Some(up)) as f32
    }

    /// The value rounded to a float format of `p` significant bits, least exponent
    /// `min_e` (its subnormal unit) and values below `2^max_top`: to nearest (ties to
    /// even) when `dir` is `None`, else toward +∞ (`Some(true)`) or −∞. Returned as the
    /// f64 holding that value exactly (every f32 is an f64).
    fn to_float(&self, p: u64, min_e: i64, max_top: i64, dir: Option<bool>) -> f64 {
        if self.is_zero() {
            return 0.0;
        }
        // The unit of the last kept bit.
        let unit = (self.top() - p as i64).max(min_e);
        let q = if self.e >= unit {
            self.m.clone() << (self.e - unit) as u64
        } else {
            let shift = (unit - self.e) as u64;
            match dir {
                Some(up) => shift_round(&self.m, shift, up),
                None => shift_nearest_even(&self.m, shift),
            }
        };
        let qa = q.magnitude();
        let neg = q.sign() == Sign::Minus;
        // `q` may have carried into one more bit; it still fits a u64 (p ≤ 53).
        let top = unit + qa.bits() as i64;
        if top > max_top {
            // Beyond the largest finite value: to it when rounding toward zero, else ±∞.
            let largest = (2f64.powi(p as i32) - 1.0) * 2f64.powi((max_top - p as i64) as i32);
            let toward_zero = dir == Some(neg);
            let v = if toward_zero { largest } else { f64::INFINITY };
            return if neg { -v } else { v };
        }
        let digits = qa.iter_u64_digits().next().unwrap_or(0) as f64;
        // Exact: fewer than 54 bits times a power of two within f64's range (split in
        // two so that neither factor underflows).
        let half = unit / 2;
        let v = digits * 2f64.powi(half as i32) * 2f64.powi((unit - half) as i32);
        if neg { -v } else { v }
    }
}

/// `m / 2^shift`, rounded toward +∞ if `up`, else toward −∞.
fn shift_round(m: &BigInt, shift: u64, up: bool) -> BigInt {
    let mag = m.magnitude();
    let floor_mag = mag >> shift;
    let exact = (&floor_mag << shift) == *mag;
    let neg = m.sign() == Sign::Minus;
    // Rounding the magnitude up moves away from zero: toward +∞ for a positive value.
    let mag_up = !exact && (up != neg);
    let r = if mag_up {
        floor_mag + BigUint::one()
    } else {
        floor_mag
    };
    let r = BigInt::from(r);
    if neg { -r } else { r }
}

/// `m / 2^shift` rounded to the nearest integer, ties to even.
fn shift_nearest_even(m: &BigInt, shift: u64) -> BigInt {
    let mag = m.magnitude();
    let floor_mag = mag >> shift;
    let rem = mag - (&floor_mag << shift);
    let half = BigUint::one() << (shift - 1);
    let up = match rem.cmp(&half) {
        Ordering::Greater => true,
        Ordering::Less => false,
        Ordering::Equal => floor_mag.bit(0),
    };
    let r = BigInt::from(if up {
        floor_mag + BigUint::one()
    } else {
        floor_mag
    });
    if m.sign() == Sign::Minus { -r } else { r }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(x: f64) -> Dy {
        Dy::from_f64(x)
    }

    #[test]
    fn arithmetic_is_exact_across_the_whole_range() {
        let tiny = d(f64::from(f32::from_bits(1)));
        let huge = d(f64::from(f32::MAX));
        let sum = huge.add(&tiny);
        assert_eq!(sum.sub(&huge), tiny);
        assert_eq!(sum.sub(&tiny), huge);
        assert_eq!(huge.mul(&tiny).top(), -21);
        assert_eq!(d(0.1).add(&d(0.2)).sub(&d(0.1)), d(0.2));
        assert_eq!(d(-3.0).mul(&d(0.5)), d(-1.5));
        assert_eq!(d(5e-324).to_f64(), 5e-324);
        assert_eq!(d(-0.0), Dy::zero());
    }

    #[test]
    fn conversions_round_as_asked() {
        for x in [
            1.0f64,
            -1.0,
            0.1,
            -0.1,
            1e-40,
            -1e-44,
            3.4e38,
            1e-310,
            7.0 / 3.0,
        ] {
            assert_eq!(d(x).to_f64(), x);
            assert_eq!(d(x).to_f32_nearest(), x as f32, "{x}");
            let (lo, hi) = (d(x).to_f32_dir(false), d(x).to_f32_dir(true));
            assert!(f64::from(lo) <= x && x <= f64::from(hi), "{x}: {lo} {hi}");
            assert!(lo == hi || lo.next_up() == hi, "{x}: {lo} {hi}");
        }
        // Ties to even at the f32 precision: 1 + 2^-24 lies halfway between 1 and 1 + 2^-23.
        let half = d(1.0).add(&d(2f64.powi(-24)));
        assert_eq!(half.to_f32_nearest(), 1.0);
        let three_halves = d(1.0).add(&d(3.0 * 2f64.powi(-24)));
        assert_eq!(three_halves.to_f32_nearest(), 1.0 + 2.0 * f32::EPSILON);
        // Beyond f32's range.
        assert_eq!(d(1e39).to_f32_nearest(), f32::INFINITY);
        assert_eq!(d(-1e39).to_f32_dir(true), -f32::MAX);
        assert_eq!(d(-1e39).to_f32_dir(false), f32::NEG_INFINITY);
        assert_eq!(d(1e39).to_f32_dir(false), f32::MAX);
        // Subnormal f32 values.
        assert_eq!(d(1.5e-45).to_f32_dir(false), f32::from_bits(1));
        assert_eq!(d(1.5e-45).to_f32_dir(true), f32::from_bits(2));
    }

    #[test]
    fn directed_division_and_roots_bracket_the_value() {
        let (a, b) = (d(1.0), d(3.0));
        let (lo, hi) = (
            Dy::div_round(&a, &b, 60, false),
            Dy::div_round(&a, &b, 60, true),
        );
        assert!(lo.mul(&b).cmp(&a) == Ordering::Less && hi.mul(&b).cmp(&a) == Ordering::Greater);
        assert_eq!(lo.to_f64(), 1.0 / 3.0);
        let two = d(2.0);
        let (lo, hi) = (
            Dy::sqrt_round(&two, 80, false),
            Dy::sqrt_round(&two, 80, true),
        );
        assert!(
            lo.mul(&lo).cmp(&two) == Ordering::Less && hi.mul(&hi).cmp(&two) == Ordering::Greater
        );
        assert_eq!(Dy::sqrt_round(&d(0.25), 10, true), d(0.5));
        let neg = d(-7.0);
        assert_eq!(Dy::div_round(&neg, &two, 5, false), d(-3.5));
        assert!(
            Dy::div_round(&neg, &b, 8, false).cmp(&Dy::div_round(&neg, &b, 8, true))
                == Ordering::Less
        );
        assert_eq!(shift_round(&BigInt::from(-5), 1, false), BigInt::from(-3));
        assert_eq!(shift_round(&BigInt::from(-5), 1, true), BigInt::from(-2));
    }
}
