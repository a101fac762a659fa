//! A moving point against a disc (a box corner or segment end swept by the radius, or two
//! circles in relative motion), in f64 with a bound on every rounding error.
//!
//! The point moves from the origin by `v`; the disc has centre `c` and radius `r`. Its
//! first root is `t = (|c|² − r²) / (v·c + √disc)` with `disc = |v|²r² − (v × c)²`, a
//! form in which nothing cancels near a tangency. Each quantity comes with a bound on its
//! error from one bound on every component of `c` and `v` (`ec`, `ev`), one on `r`, the
//! magnitudes involved and its own roundings. A contact is reported only when the bounds
//! leave no doubt (approaching, crossing the circle, the root in `[0, 1]`, and a time
//! interval whose ends round to the same f32), and a miss only when one of its reasons is
//! certain. Anything else is the caller's to settle exactly.

use glam::DVec2;

use super::float::{U, min, nearest_f32};

/// What the rounded arithmetic says, before any bound is consulted.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Approach {
    /// `v·c`: positive when approaching.
    pub along: f64,
    pub a: f64,
    pub cross: f64,
    pub rr: f64,
    pub disc: f64,
    pub gap: f64,
    /// `along − a`: positive when the closest approach comes after t = 1.
    pub late: f64,
    pub end2: f64,
}

impl Approach {
    #[inline(always)]
    pub fn new(c: DVec2, v: DVec2, end: DVec2, r: f64) -> Approach {
        let (along, a, cross, rr) = (v.dot(c), v.length_squared(), v.perp_dot(c), r * r);
        Approach {
            along,
            a,
            cross,
            rr,
            disc: a * rr - cross * cross,
            gap: c.length_squared() - rr,
            late: along - a,
            end2: end.length_squared(),
        }
    }

    /// The rounded verdict: approaching, then a real crossing with the closest approach by
    /// t = 1, or the end within the circle.
    #[inline(always)]
    pub fn hits(&self) -> bool {
        (self.along > 0.0) & (((self.disc > 0.0) & (self.late <= 0.0)) | (self.end2 <= self.rr))
    }
}

/// Error bounds of an [`Approach`]'s quantities, from a bound `ec` on each component of
/// `c` and `end`, `ev` on each of `v`, and `er` on `r`. Each term bounds a propagated
/// error or a rounding (`U` times a magnitude the result cannot exceed), with room for the
/// roundings of the bound itself.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounds {
    pub along: f64,
    pub a: f64,
    pub rr: f64,
    pub disc: f64,
    pub gap: f64,
    pub late: f64,
    pub end2: f64,
}

impl Bounds {
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        c: DVec2,
        v: DVec2,
        end: DVec2,
        r: f64,
        q: &Approach,
        ec: f64,
        ev: f64,
        er: f64,
    ) -> Bounds {
        let mc = c.x.abs() + c.y.abs() + 2.0 * ec;
        let mv = v.x.abs() + v.y.abs() + 2.0 * ev;
        let me = end.x.abs() + end.y.abs() + 2.0 * ec;
        let r1 = r + er;
        // along and cross alike.
        let along = mc * ev + mv * ec + 4.0 * U * mc * mv;
        let a = 2.0 * mv * ev + 4.0 * U * mv * mv;
        let rr = er * (2.0 * r1) + 2.0 * U * r1 * r1;
        let (a1, rr1, cr1) = (q.a + a, q.rr + rr, q.cross.abs() + along);
        let disc = a * rr1 + a1 * rr + 2.0 * cr1 * along + 4.0 * U * (a1 * rr1 + cr1 * cr1);
        let gap = 2.0 * mc * ec + rr + 4.0 * U * (mc * mc + rr1);
        let late = along + a + 2.0 * U * (q.late.abs() + along + a);
        let end2 = 2.0 * me * ec + 4.0 * U * me * me;
        Bounds {
            along,
            a,
            rr,
            disc,
            gap,
            late,
            end2,
        }
    }

    /// [`Bounds::new`] for a box corner's circle from the box query's scale alone: `b`
    /// bounds |c|₁, |v|₁, |end|₁/2 and the radius, `e0` each component's error of the
    /// corner and the motion (the end's is 2·e0). Each bound there grows with the
    /// magnitudes; with `b` for each, and `E = b·e0`, `W = U·b²`, they come to at most
    /// `along` 3E + 4W, `a` 2E + 4W, `rr` 2W, `disc` b²·(8E + 22W), `gap` 4E + 10W, `late`
    /// 5E + 12W, `end2` 8E + 16W; twice these cover the small terms left out (`e0²`, and
    /// the roundings of the magnitudes and of the bounds). A few operations per lane, none
    /// waiting for the quantities: for the batched lanes.
    #[inline(always)]
    pub fn scaled(b: f64, e0: f64) -> Bounds {
        let (e, w) = (b * e0, U * b * b);
        Bounds {
            along: 6.0 * e + 8.0 * w,
            a: 4.0 * e + 8.0 * w,
            rr: 4.0 * w,
            disc: b * b * (16.0 * e + 44.0 * w),
            gap: 8.0 * e + 20.0 * w,
            late: 10.0 * e + 24.0 * w,
            end2: 16.0 * e + 32.0 * w,
        }
    }
}

/// A certain contact: the f32 time and the interval around the exact time, and what the
/// normal is built from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Certain {
    pub time: f32,
    pub t_lo: f64,
    pub t_hi: f64,
    /// `√disc` and the width of its interval.
    pub root: f64,
    pub root_err: f64,
}

/// The first root's interval `[t_lo, t_hi]` and whether it is certain: the start outside
/// the circle, approaching, a real crossing, and the root at most 1. No jumps, for the
/// batched lanes. Also `√disc` at both ends of its interval.
#[inline(always)]
pub(crate) fn interval(q: &Approach, b: &Bounds) -> (f64, f64, bool, DVec2) {
    let g = DVec2::new(q.gap - b.gap, q.gap + b.gap);
    let d = DVec2::new(q.disc - b.disc, q.disc + b.disc);
    let root = d.max(DVec2::ZERO).sqrt();
    let den = DVec2::new(q.along + b.along + root.y, q.along - b.along + root.x);
    // Each end moved outward by 8 units of its own roundings (forming it: at most five).
    let t = g / den * DVec2::new(1.0 - 8.0 * U, 1.0 + 8.0 * U);
    let sure = (min(min(g.x, d.x), den.y) > 0.0) & (t.y <= 1.0);
    (t.x, t.y, sure, root)
}

/// The contact, if every bound leaves it certain ([`interval`]) and both ends of the
/// time's interval round to one f32.
#[inline(always)]
pub(crate) fn certain_hit(q: &Approach, b: &Bounds) -> Option<Certain> {
    let (t_lo, t_hi, sure, root) = interval(q, b);
    if !sure {
        return None;
    }
    let time = nearest_f32(t_lo, t_hi)?;
    // `sure` has `disc − bound > 0`: both roots are of positive values, neither clamped.
    Some(Certain {
        time,
        t_lo,
        t_hi,
        root: 0.5 * (root.x + root.y),
        root_err: root.y - root.x,
    })
}

/// Whether the miss is certain, for a start known to be outside the circle: not
/// approaching, no real crossing, or the closest approach after t = 1 with the end outside.
/// (A motion of exactly zero is the callers' to recognise: its `v·c` is 0 within a bound.)
#[inline(always)]
pub(crate) fn certain_miss(q: &Approach, b: &Bounds) -> bool {
    (q.along + b.along < 0.0)
        | (q.disc + b.disc < 0.0)
        | ((q.late - b.late > 0.0) & (q.end2 - b.end2 > q.rr + b.rr))
}

/// The contact normal `−(v·√disc + v⊥·(v × c)) / (|v|²·r)`, a unit vector accurate however
/// long the motion is against `r` (the definition `(v·t − c)/r` cancels), and a bound on
/// each component's error. `r_rel` bounds the relative error of `r`.
#[inline(always)]
pub(crate) fn normal(
    v: DVec2,
    r: f64,
    q: &Approach,
    b: &Bounds,
    ev: f64,
    r_rel: f64,
    k: &Certain,
) -> (DVec2, DVec2) {
    let num = v * k.root + v.perp() * q.cross;
    let den = q.a * r;
    // One division: `1/|v|²` is `r` times it (within 3 roundings, covered below).
    let inv = 1.0 / den;
    let n = num * -inv;
    let mv = v.x.abs() + v.y.abs() + 2.0 * ev;
    let (root1, cr1) = (k.root + k.root_err, q.cross.abs() + b.along);
    let num_err = ev * (root1 + cr1) + mv * (k.root_err + b.along) + 4.0 * U * mv * (root1 + cr1);
    // The denominator's relative error (|v|² and r); positive `den` is certain here.
    let rel = b.a * r * inv * (1.0 + 4.0 * U) + r_rel + 4.0 * U;
    let err = DVec2::splat(num_err * inv * (1.0 + 2.0 * rel + 12.0 * U))
        + n.abs() * (rel * 1.01 + 4.0 * U);
    (n, err)
}
