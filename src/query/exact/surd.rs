//! Numbers of the form `(x + y·√d) / z` over a [`Ring`]: every time, centre, contact point
//! and normal the queries report is one (a contact time is the root of a quadratic), and
//! they compare and round exactly.
//!
//! The sign of `x + y·√d` is that of `x` or of `y` when those agree, and otherwise that of
//! `x² − y²·d` (with `x`'s sign): no square root is taken to decide it. A value is enclosed
//! in an interval without cancellation by writing `x + y·√d` as
//! `(x² − y²·d) / (x − y·√d)` when its two terms have opposite signs.

use std::cmp::Ordering;

use super::dyadic::Dy;
use super::interval::Ival;
use super::ring::Ring;

/// `(x + y·√d) / z`, with `d ≥ 0` and `z ≠ 0`.
#[derive(Clone, Debug)]
pub(crate) struct Surd<R> {
    pub x: R,
    pub y: R,
    pub d: R,
    pub z: R,
}

/// The sign of `x + y·√d` (`d ≥ 0`).
pub(crate) fn sign_xyd<R: Ring>(x: &R, y: &R, d: &R) -> i8 {
    let (sx, sy) = (x.sign(), y.sign());
    if sy == 0 || d.sign() == 0 {
        return sx;
    }
    if sx == 0 || sx == sy {
        return sy;
    }
    // Opposite signs: whichever of |x| and |y|·√d is larger wins.
    sx * x.square().sub(&y.square().mul(d)).sign()
}

/// The sign of `a + b·√p + c·√q` (`p, q ≥ 0`).
pub(crate) fn sign3<R: Ring>(a: &R, b: &R, p: &R, c: &R, q: &R) -> i8 {
    let sa = sign_xyd(a, b, p);
    let sc = if q.sign() == 0 { 0 } else { c.sign() };
    if sc == 0 {
        return sa;
    }
    if sa == 0 || sa == sc {
        return sc;
    }
    // A = a + b·√p and c·√q have opposite signs: compare A² with c²·q, where
    // A² − c²·q = (a² + b²·p − c²·q) + 2ab·√p.
    let rest = a.square().add(&b.square().mul(p)).sub(&c.square().mul(q));
    let two_ab = a.mul(b).mul(&R::of(Dy::from_int(2)));
    sa * sign_xyd(&rest, &two_ab, p)
}

impl<R: Ring> Surd<R> {
    pub fn new(x: R, y: R, d: R, z: R) -> Self {
        Surd { x, y, d, z }
    }

    /// The ring element `x` itself.
    pub fn of(x: R) -> Self {
        Surd::rat(x, R::one())
    }

    /// `x / z`.
    pub fn rat(x: R, z: R) -> Self {
        Surd {
            x,
            y: R::zero(),
            d: R::zero(),
            z,
        }
    }

    pub fn zero() -> Self {
        Surd::of(R::zero())
    }

    pub fn sign(&self) -> i8 {
        sign_xyd(&self.x, &self.y, &self.d) * self.z.sign()
    }

    /// `self − k` for a ring element `k`.
    pub fn minus(&self, k: &R) -> Self {
        Surd {
            x: self.x.sub(&k.mul(&self.z)),
            y: self.y.clone(),
            d: self.d.clone(),
            z: self.z.clone(),
        }
    }

    /// `self / k` for a nonzero ring element `k`.
    pub fn div(&self, k: &R) -> Self {
        Surd {
            x: self.x.clone(),
            y: self.y.clone(),
            d: self.d.clone(),
            z: self.z.mul(k),
        }
    }

    /// The exact order of two such numbers (any radicands).
    pub fn cmp(&self, o: &Surd<R>) -> Ordering {
        // (x1 + y1√d1)/z1 − (x2 + y2√d2)/z2, times z1·z2.
        let a = self.x.mul(&o.z).sub(&o.x.mul(&self.z));
        let b = self.y.mul(&o.z);
        let c = o.y.mul(&self.z).neg();
        let s = sign3(&a, &b, &self.d, &c, &o.d) * self.z.sign() * o.z.sign();
        s.cmp(&0)
    }

    /// The exact order against a ring element.
    pub fn cmp_r(&self, k: &R) -> Ordering {
        self.minus(k).sign().cmp(&0)
    }

    /// An interval holding the value, from arithmetic that does not cancel; `None` when a
    /// divisor's interval still holds zero at this precision (its value is small against
    /// the size of the terms that make it up, which only more bits separate from zero).
    pub fn enclose(&self, p: u64) -> Option<Ival> {
        let q = p + 16;
        let nonzero = |iv: Ival| iv.sign().is_some_and(|s| s != 0).then_some(iv);
        let (sx, sy) = (self.x.sign(), self.y.sign());
        let has_root = sy != 0 && self.d.sign() != 0;
        let num = if !has_root {
            self.x.enclose(q)
        } else {
            let root = self.d.enclose(q).sqrt(q);
            let yr = self.y.enclose(q).mul(&root, q);
            if sx == 0 || sx == sy {
                self.x.enclose(q).add(&yr, q)
            } else {
                // x and y·√d of opposite signs: (x² − y²·d) / (x − y·√d).
                let top = self.x.square().sub(&self.y.square().mul(&self.d));
                let bottom = nonzero(self.x.enclose(q).sub(&yr, q))?;
                top.enclose(q).div(&bottom, q)
            }
        };
        Some(num.div(&nonzero(self.z.enclose(q))?, q))
    }

    /// An f64 interval around the value from the parts' f64 approximations, when no
    /// part overflows and nothing cancels: most roundings are settled by it.
    fn quick(&self) -> Option<(f64, f64)> {
        const U: f64 = crate::query::float::U;
        let (x, ex) = self.x.approx()?;
        let (z, ez) = self.z.approx()?;
        let (mut num, mut num_err) = (x, ex);
        if self.y.sign() != 0 && self.d.sign() != 0 {
            let (y, ey) = self.y.approx()?;
            let (d, ed) = self.d.approx()?;
            // Also `None` for a NaN (from an overflow).
            if d.partial_cmp(&ed) != Some(Ordering::Greater) {
                return None;
            }
            let root = d.sqrt();
            // √(d ± ed) is within ed/√(d − ed) of √d, and the root rounds once.
            let root_err = ed / (d - ed).sqrt() + U * root;
            let yr = y * root;
            let yr_err = y.abs() * root_err + root * ey + ey * root_err + U * yr.abs();
            num = x + yr;
            num_err = ex + yr_err + U * num.abs();
        }
        if !(num.abs() > 4.0 * num_err && z.abs() > 4.0 * ez) {
            return None;
        }
        // With |a| = num_err/|num| and |b| = ez/|z| both below 1/4, the quotient's relative
        // error (|a| + |b|)/(1 − |b|) is below |a| + 2|b|; 4U more covers the division's
        // rounding and those of `r` and of the interval's ends.
        let value = num / z;
        let rel = num_err / num.abs() + ez / z.abs() * 2.0 + 4.0 * U;
        let r = value.abs() * rel;
        (r.is_finite() && value.is_finite()).then_some((value - r, value + r))
    }

    /// The f32 nearest the value (ties to even), exactly. Values beyond the f32 range give
    /// ±∞; the callers' values lie within it. A negative value that rounds to zero gives
    /// −0, as an f64 rounded to f32 does.
    pub fn round_f32(&self) -> f32 {
        let r = self.round_f32_magnitude();
        if r == 0.0 && self.sign() < 0 { -0.0 } else { r }
    }

    /// [`Self::round_f32`] up to the sign of a zero.
    fn round_f32_magnitude(&self) -> f32 {
        // Bit for bit, so that an interval around zero does not pass as −0 = +0.
        if let Some((lo, hi)) = self.quick()
            && (lo as f32).to_bits() == (hi as f32).to_bits()
        {
            return lo as f32;
        }
        if sign_xyd(&self.x, &self.y, &self.d) == 0 {
            return 0.0;
        }
        let mut p = 64;
        loop {
            let Some(iv) = self.enclose(p) else {
                p *= 2;
                continue;
            };
            let (a, b) = (iv.lo.to_f32_dir(false), iv.hi.to_f32_dir(true));
            if a == b {
                return a;
            }
            if a.next_up() == b {
                return self.nearer(a, b);
            }
            if a.next_up().next_up() == b {
                let c = a.next_up();
                return match self.cmp_f32(c) {
                    Ordering::Equal => c,
                    Ordering::Less => self.nearer(a, c),
                    Ordering::Greater => self.nearer(c, b),
                };
            }
            p *= 2;
        }
    }

    /// An f64 within 2⁻⁴⁸ of the value's size (a few units in its last place), for the
    /// callers that carry on in f64 (`resolve`).
    pub fn approx_f64(&self) -> f64 {
        const U: f64 = crate::query::float::U;
        if let Some((lo, hi)) = self.quick()
            && hi - lo <= 32.0 * U * lo.abs()
        {
            return 0.5 * (lo + hi);
        }
        if sign_xyd(&self.x, &self.y, &self.d) == 0 {
            return 0.0;
        }
        let mut p = 80;
        loop {
            let Some(iv) = self.enclose(p) else {
                p *= 2;
                continue;
            };
            if iv.narrow(60) {
                return iv.lo.add(&iv.hi).scale2(-1).to_f64();
            }
            p *= 2;
        }
    }

    fn cmp_f32(&self, c: f32) -> Ordering {
        self.cmp_r(&R::of(Dy::from_f32(c)))
    }

    /// For a value in `[a, b]`, two adjacent f32 values: the nearer, ties to even.
    fn nearer(&self, a: f32, b: f32) -> f32 {
        let mid = Dy::from_f32(a).add(&Dy::from_f32(b)).scale2(-1);
        match self.cmp_r(&R::of(mid)) {
            Ordering::Less => a,
            Ordering::Greater => b,
            Ordering::Equal => {
                if a.to_bits() & 1 == 0 {
                    a
                } else {
                    b
                }
            }
        }
    }
}

/// A 2-vector whose components share a radicand and a denominator:
/// `((x[0] + y[0]·√d) / z, (x[1] + y[1]·√d) / z)`.
#[derive(Clone, Debug)]
pub(crate) struct SurdV<R> {
    pub x: [R; 2],
    pub y: [R; 2],
    pub d: R,
    pub z: R,
}

impl<R: Ring> SurdV<R> {
    pub fn of(v: [R; 2]) -> Self {
        SurdV {
            x: v,
            y: [R::zero(), R::zero()],
            d: R::zero(),
            z: R::one(),
        }
    }

    /// `v / |v|` for a nonzero vector: `v·√|v|² / |v|²`.
    pub fn unit(v: &[R; 2]) -> Self {
        let n2 = super::ring::dot(v, v);
        SurdV {
            x: [R::zero(), R::zero()],
            y: v.clone(),
            d: n2.clone(),
            z: n2,
        }
    }

    pub fn get(&self, i: usize) -> Surd<R> {
        Surd::new(
            self.x[i].clone(),
            self.y[i].clone(),
            self.d.clone(),
            self.z.clone(),
        )
    }

    /// `a + b·t` for vectors `a`, `b` and a number `t`.
    pub fn along(a: &[R; 2], b: &[R; 2], t: &Surd<R>) -> Self {
        SurdV {
            x: [
                a[0].mul(&t.z).add(&b[0].mul(&t.x)),
                a[1].mul(&t.z).add(&b[1].mul(&t.x)),
            ],
            y: [b[0].mul(&t.y), b[1].mul(&t.y)],
            d: t.d.clone(),
            z: t.z.clone(),
        }
    }

    /// `self − k` for a vector of ring elements.
    pub fn minus(&self, k: &[R; 2]) -> Self {
        SurdV {
            x: [
                self.x[0].sub(&k[0].mul(&self.z)),
                self.x[1].sub(&k[1].mul(&self.z)),
            ],
            y: self.y.clone(),
            d: self.d.clone(),
            z: self.z.clone(),
        }
    }

    /// `self + k` for a vector of ring elements.
    pub fn plus(&self, k: &[R; 2]) -> Self {
        self.minus(&[k[0].neg(), k[1].neg()])
    }

    /// `self / k` for a nonzero ring element.
    pub fn div(&self, k: &R) -> Self {
        SurdV {
            x: self.x.clone(),
            y: self.y.clone(),
            d: self.d.clone(),
            z: self.z.mul(k),
        }
    }

    /// `self · k` for a ring element.
    pub fn scale(&self, k: &R) -> Self {
        SurdV {
            x: [self.x[0].mul(k), self.x[1].mul(k)],
            y: [self.y[0].mul(k), self.y[1].mul(k)],
            d: self.d.clone(),
            z: self.z.clone(),
        }
    }

    /// The vector turned by the rotation with cosine `c` and sine `s`.
    pub fn rotate(&self, c: &R, s: &R) -> Self {
        let turn = |v: &[R; 2]| {
            [
                c.mul(&v[0]).sub(&s.mul(&v[1])),
                s.mul(&v[0]).add(&c.mul(&v[1])),
            ]
        };
        SurdV {
            x: turn(&self.x),
            y: turn(&self.y),
            d: self.d.clone(),
            z: self.z.clone(),
        }
    }

    pub fn round_f32(&self) -> glam::Vec2 {
        glam::Vec2::new(self.get(0).round_f32(), self.get(1).round_f32())
    }

    pub fn approx_f64(&self) -> glam::DVec2 {
        glam::DVec2::new(self.get(0).approx_f64(), self.get(1).approx_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(x: f64) -> Dy {
        Dy::from_f64(x)
    }

    fn s(x: f64, y: f64, dd: f64, z: f64) -> Surd<Dy> {
        Surd::new(d(x), d(y), d(dd), d(z))
    }

    #[test]
    fn signs_and_order_are_exact() {
        // 3 − 2√2 > 0 (by 0.17), 3 − √9 = 0, 1 − √2 < 0.
        assert_eq!(s(3.0, -2.0, 2.0, 1.0).sign(), 1);
        assert_eq!(s(3.0, -1.0, 9.0, 1.0).sign(), 0);
        assert_eq!(s(1.0, -1.0, 2.0, -4.0).sign(), 1);
        // √2 + √3 against √10 (3.146 against 3.162): less.
        let a = s(0.0, 1.0, 2.0, 1.0);
        let b = s(0.0, 1.0, 10.0, 1.0);
        let sum = sign3(&d(0.0), &d(1.0), &d(2.0), &d(1.0), &d(3.0));
        assert_eq!(sum, 1);
        assert_eq!(sign3(&d(0.0), &d(1.0), &d(2.0), &d(1.0), &d(3.0)), 1);
        assert_eq!(
            sign3(&d(0.0), &d(1.0), &d(2.0), &d(-1.0), &d(8.0)),
            -1,
            "√2 < √8"
        );
        assert_eq!(sign3(&d(0.0), &d(2.0), &d(2.0), &d(-1.0), &d(8.0)), 0);
        assert_eq!(a.cmp(&b), Ordering::Less);
        assert_eq!(
            s(1.0, 0.0, 0.0, 3.0).cmp(&s(0.0, 1.0, 1.0, 3.0)),
            Ordering::Equal
        );
    }

    #[test]
    fn rounding_is_correct_even_next_to_ties() {
        assert_eq!(s(1.0, 0.0, 0.0, 3.0).round_f32(), 1.0f32 / 3.0);
        assert_eq!(s(0.0, 1.0, 2.0, 1.0).round_f32(), 2f32.sqrt());
        // 0.4 = (2 + √0)/5 and √0.16.
        assert_eq!(s(2.0, 0.0, 0.0, 5.0).round_f32(), 0.4);
        assert_eq!(
            s(0.0, 1.0, 0.16f32 as f64, 1.0).round_f32(),
            (0.16f32 as f64).sqrt() as f32
        );
        // Exactly halfway between 1 and its successor: to even.
        let half_up = 1.0 + 2f64.powi(-24);
        assert_eq!(s(half_up, 0.0, 0.0, 1.0).round_f32(), 1.0);
        // Exact f32 values come back exactly, from a cancelling form: 5 − √16 = 1.
        assert_eq!(s(5.0, -1.0, 16.0, 1.0).round_f32(), 1.0);
        assert_eq!(s(5.0, -1.0, 25.0, 1.0).round_f32(), 0.0);
        // 1e20 − √(1e40 − 1) ≈ 5e-21, far below the terms' rounding.
        let big = Surd::new(d(1e20), d(-1.0), d(1e20).mul(&d(1e20)).sub(&d(1.0)), d(1.0));
        assert_eq!(big.round_f32(), 5e-21);
        assert!((big.approx_f64() - 5e-21).abs() < 1e-35);
        // Subnormal results.
        assert_eq!(s(1e-45, 0.0, 0.0, 1.0).round_f32(), f32::from_bits(1));
    }

    /// The quick f64 enclosure must hold where its parts round below f64's normal range,
    /// where an f64's error is no longer relative: a numerator `(2²⁰ + 1)·2⁻¹⁰⁸⁵` is a
    /// subnormal f64 without its last bit, which the f32 result `(1 + 2⁻²⁰)·2⁻⁶⁵` keeps.
    #[test]
    fn quick_enclosures_hold_when_the_parts_underflow() {
        let x = Dy::new(num_bigint::BigInt::from((1 << 20) + 1), -1085);
        let z = Dy::new(num_bigint::BigInt::from(1), -1000);
        let z_big = Dy::new(num_bigint::BigInt::from(1), -900);
        let v = Surd::rat(x.clone(), z.clone());
        let want = (1.0 + 2f64.powi(-20)) * 2f64.powi(-65);
        assert_eq!(v.round_f32(), want as f32);
        assert_eq!(v.approx_f64(), want);
        // The same below zero, and a value that rounds to zero keeps its sign.
        assert_eq!(Surd::rat(x.neg(), z.clone()).round_f32(), -want as f32);
        let tiny = Surd::rat(Dy::new(num_bigint::BigInt::from(-1), -1074), z_big);
        assert_eq!(tiny.round_f32().to_bits(), (-0.0f32).to_bits());
    }
}
