//! Numbers in the cosine and sine of a rotated box's angle, with exact signs.
//!
//! For an angle θ ≠ 0 given as an f32 (a rational), cos θ and sin θ are transcendental
//! (Lindemann–Weierstrass). So a polynomial in them with rational coefficients is zero
//! only if it vanishes on the whole unit circle, that is, only if it is zero once reduced
//! by `sin² = 1 − cos²` to the form `P(cos) + sin·Q(cos)`: a tie in a rotated box (a start
//! on its centre, a point box) shows up as coefficients that cancel. Any other sign is
//! found by enclosing cos θ and sin θ in intervals narrow enough; they are computed to
//! any precision in fixed point on big integers (π by Machin's formula, the reduction by
//! π/2, Taylor series).

use std::cell::RefCell;
use std::rc::Rc;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

use super::dyadic::Dy;
use super::interval::Ival;
use super::ring::{Ring, TINY};
use crate::query::float::U;

/// Refinement stops here: a quantity that is not zero in this ring but whose sign
/// intervals of 2^16 bits cannot settle is taken as zero. None of the quantities the
/// queries compare is known to come near it.
const MAX_BITS: u64 = 1 << 16;

/// An angle, with its cosine and sine enclosed at the best precision asked so far, and
/// as f64 values with error bounds for the quick signs.
#[derive(Debug)]
pub(crate) struct Angle {
    theta: f32,
    cache: RefCell<Option<(u64, Ival, Ival)>>,
    cos_f64: (f64, f64),
    sin_f64: (f64, f64),
}

impl Angle {
    pub fn new(theta: f32) -> Rc<Angle> {
        let (c, s) = cos_sin(theta, 80);
        let shadow = |iv: &Ival| {
            let (lo, hi) = (iv.lo.to_f64(), iv.hi.to_f64());
            let mid = 0.5 * (lo + hi);
            (mid, (hi - lo) + 4.0 * U * mid.abs() + TINY)
        };
        Rc::new(Angle {
            theta,
            cos_f64: shadow(&c),
            sin_f64: shadow(&s),
            cache: RefCell::new(Some((80, c, s))),
        })
    }

    /// cos θ and sin θ, each within `2^-p` of its magnitude or better.
    fn cos_sin(&self, p: u64) -> (Ival, Ival) {
        if let Some((q, c, s)) = &*self.cache.borrow()
            && *q >= p
        {
            return (c.clone(), s.clone());
        }
        let (c, s) = cos_sin(self.theta, p);
        *self.cache.borrow_mut() = Some((p, c.clone(), s.clone()));
        (c, s)
    }
}

/// `P(c) + s·Q(c)` with `c = cos θ`, `s = sin θ`: `p0` and `p1` hold the coefficients of
/// `P` and `Q` from the constant up. Scalars carry no angle. `approx` is the value in f64,
/// within `err` of it (carried through each operation, so that most signs are read from
/// it without the polynomials' evaluation; infinite or NaN when it overflows).
#[derive(Clone, Debug)]
pub(crate) struct Trig {
    angle: Option<Rc<Angle>>,
    p0: Vec<Dy>,
    p1: Vec<Dy>,
    approx: f64,
    err: f64,
}

impl Trig {
    pub fn cos(angle: &Rc<Angle>) -> Trig {
        Trig {
            angle: Some(angle.clone()),
            p0: vec![Dy::zero(), Dy::one()],
            p1: vec![],
            approx: angle.cos_f64.0,
            err: angle.cos_f64.1,
        }
    }

    pub fn sin(angle: &Rc<Angle>) -> Trig {
        Trig {
            angle: Some(angle.clone()),
            p0: vec![],
            p1: vec![Dy::one()],
            approx: angle.sin_f64.0,
            err: angle.sin_f64.1,
        }
    }

    fn with(&self, o: &Trig, p0: Vec<Dy>, p1: Vec<Dy>, approx: f64, err: f64) -> Trig {
        Trig {
            angle: self.angle.clone().or_else(|| o.angle.clone()),
            p0: trim(p0),
            p1: trim(p1),
            approx,
            err,
        }
    }
}

fn trim(mut p: Vec<Dy>) -> Vec<Dy> {
    while p.last().is_some_and(Dy::is_zero) {
        p.pop();
    }
    p
}

fn poly_add(a: &[Dy], b: &[Dy]) -> Vec<Dy> {
    let n = a.len().max(b.len());
    (0..n)
        .map(|i| match (a.get(i), b.get(i)) {
            (Some(x), Some(y)) => x.add(y),
            (Some(x), None) | (None, Some(x)) => x.clone(),
            (None, None) => Dy::zero(),
        })
        .collect()
}

fn poly_mul(a: &[Dy], b: &[Dy]) -> Vec<Dy> {
    if a.is_empty() || b.is_empty() {
        return vec![];
    }
    let mut out = vec![Dy::zero(); a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            out[i + j] = out[i + j].add(&x.mul(y));
        }
    }
    out
}

fn poly_neg(a: &[Dy]) -> Vec<Dy> {
    a.iter().map(Dy::neg).collect()
}

/// Horner's rule on intervals.
fn poly_eval(a: &[Dy], c: &Ival, p: u64) -> Ival {
    let mut acc = Ival::point(Dy::zero());
    for k in a.iter().rev() {
        acc = acc.mul(c, p).add(&Ival::point(k.clone()), p);
    }
    acc
}

impl Ring for Trig {
    fn of(x: Dy) -> Self {
        let approx = x.to_f64();
        Trig {
            angle: None,
            p0: trim(vec![x]),
            p1: vec![],
            approx,
            err: U * approx.abs() + TINY,
        }
    }

    fn add(&self, o: &Self) -> Self {
        let approx = self.approx + o.approx;
        let err = self.err + o.err + 2.0 * U * approx.abs() + TINY;
        self.with(
            o,
            poly_add(&self.p0, &o.p0),
            poly_add(&self.p1, &o.p1),
            approx,
            err,
        )
    }

    fn sub(&self, o: &Self) -> Self {
        self.add(&o.neg())
    }

    fn mul(&self, o: &Self) -> Self {
        // (P + sQ)(P' + sQ') = PP' + (1 − c²)QQ' + s(PQ' + QP').
        let qq = poly_mul(&self.p1, &o.p1);
        let one_minus_c2 = [Dy::one(), Dy::zero(), Dy::from_int(-1)];
        let p0 = poly_add(&poly_mul(&self.p0, &o.p0), &poly_mul(&qq, &one_minus_c2));
        let p1 = poly_add(&poly_mul(&self.p0, &o.p1), &poly_mul(&self.p1, &o.p0));
        let approx = self.approx * o.approx;
        let err = self.approx.abs() * o.err
            + o.approx.abs() * self.err
            + self.err * o.err
            + 2.0 * U * approx.abs()
            + TINY;
        self.with(o, p0, p1, approx, err)
    }

    fn neg(&self) -> Self {
        Trig {
            angle: self.angle.clone(),
            p0: poly_neg(&self.p0),
            p1: poly_neg(&self.p1),
            approx: -self.approx,
            err: self.err,
        }
    }

    fn sign(&self) -> i8 {
        if self.p0.is_empty() && self.p1.is_empty() {
            return 0;
        }
        // The f64 value decides when it stands clear of its error (a NaN or infinity,
        // from overflow, never does).
        if self.approx.abs() > self.err && self.err.is_finite() {
            return if self.approx > 0.0 { 1 } else { -1 };
        }
        let mut p = 128;
        while p <= MAX_BITS {
            if let Some(s) = self.enclose(p).sign() {
                return s;
            }
            p *= 2;
        }
        0
    }

    fn approx(&self) -> Option<(f64, f64)> {
        (self.approx.is_finite() && self.err.is_finite()).then_some((self.approx, self.err))
    }

    fn enclose(&self, p: u64) -> Ival {
        let Some(angle) = &self.angle else {
            return Ival::point(self.p0.first().cloned().unwrap_or_else(Dy::zero));
        };
        let q = p + 32;
        let (c, s) = angle.cos_sin(q);
        poly_eval(&self.p0, &c, q).add(&s.mul(&poly_eval(&self.p1, &c, q), q), q)
    }
}

/// arctan(1/n) · 2^f, truncated, and a bound on its error in units of 2^-f.
fn atan_inv(n: u64, f: u64) -> (BigInt, u64) {
    let n2 = BigInt::from(n * n);
    let mut power = (BigInt::one() << f) / BigInt::from(n);
    let mut sum = BigInt::zero();
    let mut k = 0u64;
    let mut err = 1u64;
    while !power.is_zero() {
        let term = &power / BigInt::from(2 * k + 1);
        if k.is_multiple_of(2) {
            sum += term;
        } else {
            sum -= term;
        }
        power /= &n2;
        k += 1;
        err += 2;
    }
    (sum, err)
}

/// π/2 · 2^f, truncated, and a bound on its error in units of 2^-f.
fn half_pi(f: u64) -> (BigInt, u64) {
    // π/4 = 4·arctan(1/5) − arctan(1/239), so π/2 = 8·arctan(1/5) − 2·arctan(1/239).
    let (a, ea) = atan_inv(5, f);
    let (b, eb) = atan_inv(239, f);
    (a * 8 - b * 2, 8 * ea + 2 * eb)
}

/// Σ (−1)^n y^(2n + first)/(2n + first)! in fixed point with `f` fraction bits (`first`
/// 0 for the cosine, 1 for the sine), and a bound on its error in units.
fn series(y: &BigInt, f: u64, first: u64) -> (BigInt, u64) {
    let y2 = (y * y) >> f;
    let mut term = if first == 0 {
        BigInt::one() << f
    } else {
        y.clone()
    };
    let mut sum = term.clone();
    let mut k = first;
    let mut n = 0u64;
    while !term.is_zero() {
        term = ((&term * &y2) >> f) / BigInt::from((k + 1) * (k + 2));
        k += 2;
        n += 1;
        if n % 2 == 1 {
            sum -= &term;
        } else {
            sum += &term;
        }
    }
    // Each step truncates twice (and y² once); |y| < 1 keeps earlier errors from growing.
    (sum, 3 * n + 4)
}

/// cos θ and sin θ enclosed to about `p` bits relative to their size.
fn cos_sin(theta: f32, p: u64) -> (Ival, Ival) {
    let x = Dy::from_f32(theta);
    // The fixed point's unit: fine enough for the sine of a tiny angle.
    let f = p + 48 + (-x.top()).max(0) as u64;
    // x · 2^f, exactly (the unit is below the f32's own).
    let xf = {
        let m = x.scale2(f as i64);
        m.to_int()
    };
    // π/2 to enough bits that k·(π/2) stays within a unit.
    let extra = (x.top().max(0) as u64) + 8;
    let (hp, ehp) = half_pi(f + extra);
    let k = {
        let num = &xf << extra;
        // round(x / (π/2)).
        let (q, r) = num.div_mod_floor(&hp);
        if (&r << 1u32) >= hp { q + 1 } else { q }
    };
    let y = &xf - ((&k * &hp) >> extra);
    // |k|·ehp units of 2^-(f+extra), plus one for the shift.
    let ey = ((k.abs() * BigInt::from(ehp)) >> extra) + BigInt::from(2u32);
    let (cy, ec) = series(&y, f, 0);
    let (sy, es) = series(&y, f, 1);
    let bound = |e: u64| &ey + BigInt::from(e);
    let ival = |v: &BigInt, e: &BigInt| {
        Ival::new(Dy::new(v - e, -(f as i64)), Dy::new(v + e, -(f as i64)))
    };
    let (c, s) = (ival(&cy, &bound(ec)), ival(&sy, &bound(es)));
    match k
        .mod_floor(&BigInt::from(4))
        .iter_u64_digits()
        .next()
        .unwrap_or(0)
    {
        0 => (c, s),
        1 => (s.neg(), c),
        2 => (c.neg(), s.neg()),
        _ => (s, c.neg()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cosine_and_sine_match_f64_and_bracket_the_value() {
        for theta in [
            0.5f32, -2.0, 3.0, 1e-30, 1e-45, 100.0, 1e10, 3.4e38, -1.5707964,
        ] {
            let (c, s) = cos_sin(theta, 100);
            let (sf, cf) = f64::from(theta).sin_cos();
            for (iv, want) in [(&c, cf), (&s, sf)] {
                let (lo, hi) = (iv.lo.to_f64(), iv.hi.to_f64());
                assert!(
                    lo <= want.next_up() && want.next_down() <= hi,
                    "{theta}: {lo} {want} {hi}"
                );
                assert!(iv.narrow(90), "{theta}: {iv:?}");
            }
        }
    }

    #[test]
    fn polynomials_vanishing_on_the_circle_are_zero() {
        let a = Angle::new(0.7);
        let (c, s) = (Trig::cos(&a), Trig::sin(&a));
        // c² + s² − 1 = 0 exactly.
        let one = Trig::of(Dy::one());
        assert_eq!(c.mul(&c).add(&s.mul(&s)).sub(&one).sign(), 0);
        // cos 0.7 > 0.76 > sin 0.7.
        assert_eq!(c.sub(&s).sign(), 1);
        let near = Trig::of(Dy::from_f64(0.7f32.cos() as f64));
        assert_ne!(c.sub(&near).sign(), 0);
    }
}
