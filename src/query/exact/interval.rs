//! Intervals of dyadic numbers rounded outward to a working precision: enclosures of
//! square roots, quotients and the cosine and sine of an angle, narrowed by raising the
//! precision until they settle what is asked of them.

use std::cmp::Ordering;

use super::dyadic::Dy;

/// `[lo, hi]`, holding the value it stands for.
#[derive(Clone, Debug)]
pub(crate) struct Ival {
    pub lo: Dy,
    pub hi: Dy,
}

impl Ival {
    pub fn point(x: Dy) -> Ival {
        Ival {
            lo: x.clone(),
            hi: x,
        }
    }

    pub fn new(lo: Dy, hi: Dy) -> Ival {
        debug_assert!(lo.cmp(&hi) != Ordering::Greater);
        Ival { lo, hi }
    }

    /// `Some(sign)` when the interval excludes zero or is exactly zero.
    pub fn sign(&self) -> Option<i8> {
        let (a, b) = (self.lo.sign(), self.hi.sign());
        if a > 0 {
            Some(1)
        } else if b < 0 {
            Some(-1)
        } else if a == 0 && b == 0 {
            Some(0)
        } else {
            None
        }
    }

    pub fn neg(&self) -> Ival {
        Ival {
            lo: self.hi.neg(),
            hi: self.lo.neg(),
        }
    }

    pub fn add(&self, o: &Ival, p: u64) -> Ival {
        Ival {
            lo: self.lo.add(&o.lo).round(p, false),
            hi: self.hi.add(&o.hi).round(p, true),
        }
    }

    pub fn sub(&self, o: &Ival, p: u64) -> Ival {
        self.add(&o.neg(), p)
    }

    pub fn mul(&self, o: &Ival, p: u64) -> Ival {
        let c = [
            self.lo.mul(&o.lo),
            self.lo.mul(&o.hi),
            self.hi.mul(&o.lo),
            self.hi.mul(&o.hi),
        ];
        let (lo, hi) = min_max(&c);
        Ival {
            lo: lo.round(p, false),
            hi: hi.round(p, true),
        }
    }

    /// `self / o` for an `o` that excludes zero.
    pub fn div(&self, o: &Ival, p: u64) -> Ival {
        assert!(
            o.sign().is_some_and(|s| s != 0),
            "divisor interval holds zero"
        );
        let q = |a: &Dy, b: &Dy, up| Dy::div_round(a, b, p, up);
        let lo = [
            q(&self.lo, &o.lo, false),
            q(&self.lo, &o.hi, false),
            q(&self.hi, &o.lo, false),
            q(&self.hi, &o.hi, false),
        ];
        let hi = [
            q(&self.lo, &o.lo, true),
            q(&self.lo, &o.hi, true),
            q(&self.hi, &o.lo, true),
            q(&self.hi, &o.hi, true),
        ];
        Ival {
            lo: min_max(&lo).0,
            hi: min_max(&hi).1,
        }
    }

    /// `√self` for a value known not to be negative (a negative lower end is read as 0).
    pub fn sqrt(&self, p: u64) -> Ival {
        let lo = self.lo.max(&Dy::zero());
        let hi = self.hi.max(&Dy::zero());
        Ival {
            lo: Dy::sqrt_round(&lo, p, false),
            hi: Dy::sqrt_round(&hi, p, true),
        }
    }

    /// Whether the interval is narrow relative to its size: its width is at most
    /// `2^-bits` of the larger end's magnitude. Never for an interval holding zero.
    pub fn narrow(&self, bits: u64) -> bool {
        if self.sign().is_none_or(|s| s == 0) {
            return false;
        }
        let width = self.hi.sub(&self.lo);
        let size = self.lo.abs().max(&self.hi.abs());
        width.is_zero() || width.top() + (bits as i64) < size.top()
    }
}

fn min_max(c: &[Dy]) -> (Dy, Dy) {
    let mut lo = c[0].clone();
    let mut hi = c[0].clone();
    for x in &c[1..] {
        lo = lo.min(x);
        hi = hi.max(x);
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_enclose_their_results() {
        let p = 40;
        let x = Ival::point(Dy::from_f64(2.0));
        let r = x.sqrt(p);
        assert!(r.lo.mul(&r.lo).cmp(&Dy::from_f64(2.0)) == Ordering::Less);
        assert!(r.hi.mul(&r.hi).cmp(&Dy::from_f64(2.0)) == Ordering::Greater);
        assert!(r.narrow(35));
        let q = Ival::point(Dy::one()).div(&r, p);
        assert!((q.lo.to_f64() - 0.5f64.sqrt()).abs() < 1e-11);
        let m = q.mul(&r.neg(), p);
        assert!(m.lo.to_f64() <= -1.0 && m.hi.to_f64() >= -1.0);
        assert_eq!(m.sign(), Some(-1));
        let z = m.add(&Ival::point(Dy::one()), p);
        assert_eq!(z.sign(), None);
        assert!(!z.narrow(1));
    }
}
