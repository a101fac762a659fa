//! The numbers the exact algorithms compute with: a ring with exact signs, and an
//! enclosure of any value to a requested precision.
//!
//! Dyadic rationals ([`Dy`]) serve every query whose inputs are the f32 values themselves.
//! A rotated box also needs the cosine and sine of its angle, which are transcendental;
//! its numbers are polynomials in them (`trig::Trig`), whose signs are exact as well.

use super::dyadic::Dy;
use super::interval::Ival;

/// The least subnormal f64: an absolute term in every error bound of the quick f64
/// enclosures, which covers a rounding that underflows (its error is not relative there).
pub(crate) const TINY: f64 = 5e-324;

pub(crate) trait Ring: Clone + std::fmt::Debug {
    /// A rational constant (the ring's scalars).
    fn of(x: Dy) -> Self;
    fn add(&self, o: &Self) -> Self;
    fn sub(&self, o: &Self) -> Self;
    fn mul(&self, o: &Self) -> Self;
    fn neg(&self) -> Self;
    /// The exact sign: −1, 0 or 1.
    fn sign(&self) -> i8;
    /// An interval holding the value, each end rounded to about `p` bits.
    fn enclose(&self, p: u64) -> Ival;

    /// The value in f64 and a bound on its absolute error, when both are finite: a quick
    /// enclosure that settles most roundings without big integers.
    fn approx(&self) -> Option<(f64, f64)>;

    fn zero() -> Self {
        Self::of(Dy::zero())
    }

    fn one() -> Self {
        Self::of(Dy::one())
    }

    fn square(&self) -> Self {
        self.mul(self)
    }
}

impl Ring for Dy {
    fn of(x: Dy) -> Self {
        x
    }
    fn add(&self, o: &Self) -> Self {
        Dy::add(self, o)
    }
    fn sub(&self, o: &Self) -> Self {
        Dy::sub(self, o)
    }
    fn mul(&self, o: &Self) -> Self {
        Dy::mul(self, o)
    }
    fn neg(&self) -> Self {
        Dy::neg(self)
    }
    fn sign(&self) -> i8 {
        Dy::sign(self)
    }
    fn enclose(&self, _p: u64) -> Ival {
        Ival::point(self.clone())
    }
    fn approx(&self) -> Option<(f64, f64)> {
        // Rounded to nearest: within half a unit, which is `U·|x|` in the normal range and
        // half the least subnormal below it.
        let x = self.to_f64();
        x.is_finite()
            .then(|| (x, crate::query::float::U * x.abs() + TINY))
    }
}

/// A 2-vector of ring elements.
pub(crate) type V2<R> = [R; 2];

pub(crate) fn v_sub<R: Ring>(a: &V2<R>, b: &V2<R>) -> V2<R> {
    [a[0].sub(&b[0]), a[1].sub(&b[1])]
}

pub(crate) fn v_add<R: Ring>(a: &V2<R>, b: &V2<R>) -> V2<R> {
    [a[0].add(&b[0]), a[1].add(&b[1])]
}

pub(crate) fn dot<R: Ring>(a: &V2<R>, b: &V2<R>) -> R {
    a[0].mul(&b[0]).add(&a[1].mul(&b[1]))
}

/// `a × b = a.x·b.y − a.y·b.x`.
pub(crate) fn cross<R: Ring>(a: &V2<R>, b: &V2<R>) -> R {
    a[0].mul(&b[1]).sub(&a[1].mul(&b[0]))
}
