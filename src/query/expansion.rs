//! Exact signs for the rare decisions that rounding cannot settle: a touch exactly at
//! t = 0 or t = 1 between squares of very different sizes, a start or an end exactly on a
//! segment's slab edge, a point landing exactly on a segment; and double-double numbers
//! for a grazing discriminant. Slow and branchy; the queries reach it only from cold
//! paths.
//!
//! Each quantity is written as a sum of terms that are exact in f64 (products of two
//! f32 values, or a product's rounded value and its error from a fused multiply-add),
//! and summed exactly as a nonoverlapping expansion (Shewchuk's Grow-Expansion, with
//! zero elimination): its largest part has the sign of the whole sum.

use glam::Vec2;

/// The exact sum of `terms`, as the sum of its expansion's parts from the smallest up:
/// zero exactly when the sum is, and of its sign otherwise (the largest part outweighs
/// the others), with a relative error of about one rounding. An expansion has at most as
/// many parts as terms, so up to 32 terms fit (callers pass 6 to 18).
pub(crate) fn sum(terms: &[f64]) -> f64 {
    debug_assert!(terms.len() <= 32, "exact::sum holds at most 32 terms");
    let mut parts = [0.0f64; 32];
    let mut n = 0;
    for &term in terms {
        let mut q = term;
        let mut m = 0;
        for i in 0..n {
            // Knuth's two-sum: q + parts[i] = s + err, exactly.
            let s = q + parts[i];
            let z = s - q;
            let err = (q - (s - z)) + (parts[i] - z);
            if err != 0.0 {
                parts[m] = err;
                m += 1;
            }
            q = s;
        }
        if q != 0.0 && m < parts.len() {
            parts[m] = q;
            m += 1;
        }
        n = m;
    }
    parts[..n].iter().sum()
}

/// `a − b` as its rounded value and its error, exactly (Knuth's two-sum).
pub(crate) fn diff(a: f64, b: f64) -> [f64; 2] {
    let s = a - b;
    let z = s - a;
    [s, (a - (s - z)) + (-b - z)]
}

/// `x·y` as its rounded value and its error, exactly (a fused multiply-add; a CPU without
/// one runs it in software).
pub(crate) fn product(x: f64, y: f64) -> [f64; 2] {
    let xy = x * y;
    [xy, x.mul_add(y, -xy)]
}

/// `(hi + lo)²` as six exact terms: the square, twice the cross product and the square of
/// the error, each split by [`product`].
pub(crate) fn square(hi: f64, lo: f64) -> [f64; 6] {
    let ([a, b], [c, d], [e, f]) = (product(hi, hi), product(hi, 2.0 * lo), product(lo, lo));
    [a, b, c, d, e, f]
}

/// A number as an unevaluated sum `hi + lo` with `lo` below half an ulp of `hi`: about
/// 106 bits ("double-double"). Sums and products lose about 2⁻¹⁰⁴ of their size, so a
/// short chain of them gives the sign of a quantity that f64 rounds to nothing.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Double {
    hi: f64,
    lo: f64,
}

impl Double {
    /// `hi + lo` for any two values (renormalised).
    pub(crate) fn from_parts(hi: f64, lo: f64) -> Self {
        let [s, e] = diff(hi, -lo);
        Self { hi: s, lo: e }
    }

    pub(crate) fn value(self) -> f64 {
        self.hi + self.lo
    }

    pub(crate) fn add(self, o: Self) -> Self {
        let [s, e] = diff(self.hi, -o.hi);
        Self::from_parts(s, e + (self.lo + o.lo))
    }

    pub(crate) fn sub(self, o: Self) -> Self {
        self.add(Self {
            hi: -o.hi,
            lo: -o.lo,
        })
    }

    pub(crate) fn mul(self, o: Self) -> Self {
        let [p, e] = product(self.hi, o.hi);
        Self::from_parts(p, e + (self.hi * o.lo + self.lo * o.hi))
    }
}

/// `(q − p) × (r − p)`, twice the signed area of the triangle `p, q, r` (positive when
/// counter-clockwise), exactly up to one final rounding, for f32 points: it is
/// `q × r + p × q + r × p`, six products of two f32 values, each exact in f64.
pub(crate) fn orient(p: Vec2, q: Vec2, r: Vec2) -> f64 {
    let m = |a: f32, b: f32| f64::from(a) * f64::from(b);
    sum(&[
        m(q.x, r.y),
        -m(q.y, r.x),
        m(p.x, q.y),
        -m(p.y, q.x),
        m(r.x, p.y),
        -m(r.y, p.x),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_cancelling_terms_exactly() {
        // 1e16 + 1 − 1e16 rounds to 0 or 2 in plain f64.
        assert_eq!(sum(&[1e16, 1.0, -1e16]), 1.0);
        assert_eq!(sum(&[1e300, -1e300, 1e-300, -1e-300]), 0.0);
        assert_eq!(sum(&[]), 0.0);
        let [xy, err] = product(1.0 + f64::EPSILON, 1.0 + f64::EPSILON);
        assert_eq!(
            sum(&[xy, err, -1.0, -2.0 * f64::EPSILON]),
            f64::EPSILON * f64::EPSILON
        );
    }

    #[test]
    fn double_double_keeps_what_f64_rounds_away() {
        // (1 + ε)² − 1 − 2ε = ε², which f64 rounds to 0.
        let x = Double::from_parts(1.0 + f64::EPSILON, 0.0);
        let one_two = Double::from_parts(1.0, 2.0 * f64::EPSILON);
        assert_eq!(x.mul(x).sub(one_two).value(), f64::EPSILON * f64::EPSILON);
        // 1e16 + 1 − 1e16.
        let big = Double::from_parts(1e16, 0.0);
        let sum = big.add(Double::from_parts(1.0, 0.0)).sub(big);
        assert_eq!(sum.value(), 1.0);
    }

    #[test]
    fn orientation_of_nearly_collinear_points_is_exact() {
        let (p, q) = (Vec2::new(-1e7, -1e7), Vec2::new(1e7, 1e7));
        assert_eq!(orient(p, q, Vec2::new(0.5, 0.5)), 0.0);
        // The next f32 above 0.5 in y: just left of the diagonal.
        let up = Vec2::new(0.5, f32::from_bits(0.5f32.to_bits() + 1));
        assert!(orient(p, q, up) > 0.0);
        assert!(orient(q, p, up) < 0.0);
    }
}
