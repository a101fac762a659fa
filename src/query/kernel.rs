//! The box kernel behind the axis-aligned and the rotated box: a circle of radius `r`
//! moving from the origin by `v` against the box `[lo, hi]` (given relative to the start,
//! in the box's frame), in f64 with error bounds ([`Tol`]).
//!
//! It decides what kind of answer it is and, for a contact, its certain time; the callers
//! build the reported numbers in their own frames and check those too. Whatever the
//! bounds leave open is [`Fast::Unsure`], for the exact query.
//!
//! The distance from a point moving on a line to a convex set is a convex function of t:
//! the first time it reaches `r` while decreasing is the only contact, and a circle that
//! is not approaching at t = 0 never will.

use glam::DVec2;

use super::box_entry::{self, Entry, Mirrored, SIDES, Tol, in_expanded};
use super::float::{U, max, min};
use super::point::{self, Approach};
use crate::region::{Corner, Side};

/// A fast query's outcome.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Fast<T> {
    Miss,
    Hit(T),
    /// The bounds leave it open: the exact query decides.
    Unsure,
}

impl<T> Fast<T> {
    /// The query's answer: `None` for a miss; a hit through `report`, whose `None` means a
    /// bound left a reported number open; and what is open goes to `settle`, the exact
    /// query.
    #[inline(always)]
    pub fn answer<A>(
        self,
        report: impl FnOnce(T) -> Option<A>,
        settle: impl FnOnce() -> Option<A>,
    ) -> Option<A> {
        match self {
            Fast::Miss => None,
            Fast::Hit(h) => match report(h) {
                Some(a) => Some(a),
                None => settle(),
            },
            Fast::Unsure => settle(),
        }
    }
}

/// What the kernel found, in the box's frame.
#[derive(Clone, Copy, Debug)]
pub(crate) enum BoxHit {
    /// From outside, on a flat side, at a time in `[t_lo, t_hi]` that rounds to `time`.
    Side {
        side: Side,
        time: f32,
        t_lo: f64,
        t_hi: f64,
    },
    /// From outside (or from the corner's square), on the corner's circle; the normal
    /// and a bound on each component's error.
    Corner {
        corner: Corner,
        time: f32,
        t_lo: f64,
        t_hi: f64,
        normal: DVec2,
        normal_err: DVec2,
    },
    /// Overlapping at t = 0 with the centre in the box: out through `side`.
    InBox { side: Side },
    /// Overlapping at t = 0 with the centre beside the box: `q` is the box's nearest
    /// point relative to the start (each component exact, or within `tol.err` of its
    /// value), `code` the start's region.
    Beside { q: DVec2, d2: f64, code: u8 },
}

/// See the module's comment. The caller has ruled out a far miss. `exact_signs`: each
/// offset is one rounding of an exact difference of the inputs (an axis-aligned box), so
/// its sign, and its being zero, are exact.
#[inline(always)]
pub(crate) fn box_kernel(
    v: DVec2,
    radius: f64,
    lo: DVec2,
    hi: DVec2,
    tol: &Tol,
    exact_signs: bool,
) -> Fast<BoxHit> {
    if in_expanded(radius, lo, hi) {
        return start_in_expanded(v, radius, lo, hi, tol, exact_signs);
    }
    let m = Mirrored::new(v, lo, hi);
    #[cfg(target_arch = "x86_64")]
    let e = box_entry::entry_sse2(&m, radius, tol);
    #[cfg(not(target_arch = "x86_64"))]
    let e = box_entry::entry(&m, radius, tol);
    match e {
        Entry::Miss => Fast::Miss,
        Entry::Unsure => Fast::Unsure,
        Entry::Side(s) => Fast::Hit(BoxHit::Side {
            side: SIDES[s.side],
            time: s.time,
            t_lo: s.t_lo,
            t_hi: s.t_hi,
        }),
        Entry::Corner(c) => {
            // The corner is at the mirrored box's high x end after a y entry beyond the
            // side, and at its high y end after an x entry beyond it.
            let right = (!c.x_entry & c.beyond) != (m.sign.x < 0.0);
            let top = (c.x_entry & c.beyond) != (m.sign.y < 0.0);
            let (n, err) = point::normal(m.v_abs, radius, &c.q, &c.bounds, tol.e0, 0.0, &c.k);
            Fast::Hit(BoxHit::Corner {
                corner: Corner::from_signs(right, top),
                time: c.k.time,
                t_lo: c.k.t_lo,
                t_hi: c.k.t_hi,
                normal: n * m.sign,
                normal_err: err,
            })
        }
    }
}

/// A start in the square-cornered expanded box: overlapping the box, in a corner's square
/// outside its circle, or (left to the exact query) touching.
#[inline(always)]
fn start_in_expanded(
    v: DVec2,
    radius: f64,
    lo: DVec2,
    hi: DVec2,
    tol: &Tol,
    exact_signs: bool,
) -> Fast<BoxHit> {
    let e0 = tol.e0;
    // The box's nearest point relative to the start (`glam`'s `clamp` sorts out NaN with
    // jumps).
    let q = DVec2::new(min(max(0.0, lo.x), hi.x), min(max(0.0, lo.y), hi.y));
    let d2 = q.length_squared();
    // The distances to the planes from inside (positive inside), each of certain sign.
    let dist = [-lo.x, hi.x, -lo.y, hi.y];
    if !exact_signs
        && min(
            min(dist[0].abs(), dist[1].abs()),
            min(dist[2].abs(), dist[3].abs()),
        ) <= e0
    {
        return Fast::Unsure;
    }
    if d2 == 0.0 {
        // In the box, or on its boundary: an overlap unless r = 0 on the boundary (a
        // touch, left to the exact query).
        let inside = min(min(dist[0], dist[1]), min(dist[2], dist[3])) > 0.0;
        if !inside && radius == 0.0 {
            return Fast::Unsure;
        }
        return in_box(v, lo, hi, dist, e0, exact_signs);
    }
    let rr = radius * radius;
    // A clamped component is exactly 0 (the start's region is certain).
    let q_err = DVec2::select(q.cmpeq(DVec2::ZERO), DVec2::ZERO, DVec2::splat(e0));
    let d2_err =
        2.0 * (q.abs() * q_err).element_sum() + q_err.length_squared() + 3.0 * U * d2 + U * rr;
    let code = u8::from(lo.x > 0.0)
        | u8::from(hi.x < 0.0) << 1
        | u8::from(lo.y > 0.0) << 2
        | u8::from(hi.y < 0.0) << 3;
    if rr - d2 > d2_err {
        return Fast::Hit(BoxHit::Beside { q, d2, code });
    }
    // Clear by more than the bound, or unsure (a NaN included).
    if (d2 - rr).partial_cmp(&d2_err) != Some(std::cmp::Ordering::Greater) {
        return Fast::Unsure;
    }
    // Not overlapping; in a corner's square its circle alone decides, and a start in a
    // side's band is touching the box (left to the exact query).
    let (right, top) = (code & 2 != 0, code & 8 != 0);
    if code & 3 == 0 || code & 12 == 0 {
        return Fast::Unsure;
    }
    if v == DVec2::ZERO {
        // Exactly still (a rotation keeps an exact zero): never closer.
        return Fast::Miss;
    }
    let at = DVec2::new(
        if right { hi.x } else { lo.x },
        if top { hi.y } else { lo.y },
    );
    corner_from_start(v, radius, at, Corner::from_signs(right, top), tol)
}

/// The corner's circle from a start outside it (in the corner's square).
#[inline(always)]
fn corner_from_start(v: DVec2, radius: f64, at: DVec2, corner: Corner, tol: &Tol) -> Fast<BoxHit> {
    let end = v - at;
    let q = Approach::new(at, v, end, radius);
    let b = tol.point_bounds(at, v, end, radius, &q);
    if q.hits() {
        let Some(k) = point::certain_hit(&q, &b) else {
            return Fast::Unsure;
        };
        let (normal, normal_err) = point::normal(v, radius, &q, &b, tol.e0, 0.0, &k);
        return Fast::Hit(BoxHit::Corner {
            corner,
            time: k.time,
            t_lo: k.t_lo,
            t_hi: k.t_hi,
            normal,
            normal_err,
        });
    }
    // The start is certainly outside the circle (its gap exceeds its bound) for a miss to
    // be certain.
    if q.gap - b.gap > 0.0 && point::certain_miss(&q, &b) {
        Fast::Miss
    } else {
        Fast::Unsure
    }
}

/// The centre in the box (or on its boundary): out through the nearest side, when that
/// is certain. With `exact_signs`, distances tie exactly at zero (a start on a side), and
/// then the side the motion heads to most wins, then the first; any other near tie is
/// left to the exact query.
#[inline(always)]
fn in_box(
    v: DVec2,
    lo: DVec2,
    hi: DVec2,
    dist: [f64; 4],
    e0: f64,
    exact_signs: bool,
) -> Fast<BoxHit> {
    let best = nearest_side(lo, hi, v);
    let d_best = dist[best];
    // The nearest other side, by lanes: (left, right) and (bottom, top) against `best`.
    let others = |a: f64, i: usize| if i == best { f64::INFINITY } else { a - d_best };
    let gap = min(
        min(others(dist[0], 0), others(dist[1], 1)),
        min(others(dist[2], 2), others(dist[3], 3)),
    );
    if gap > 2.0 * e0 + 2.0 * U * d_best {
        return Fast::Hit(BoxHit::InBox { side: SIDES[best] });
    }
    if exact_signs {
        return in_box_ties(v, dist, best);
    }
    Fast::Unsure
}

/// [`in_box`] near a tie, with exact signs: certain where the near ties are exact zeros
/// (the start on two planes) and the motion decides them certainly.
#[cold]
#[inline(never)]
fn in_box_ties(v: DVec2, dist: [f64; 4], best: usize) -> Fast<BoxHit> {
    let heading = [-v.x, v.x, -v.y, v.y];
    let err = |d: f64| 2.0 * U * d.abs();
    for i in 0..4 {
        if i == best {
            continue;
        }
        let (d, h) = (dist[i] - dist[best], heading[best] - heading[i]);
        let farther = d > err(dist[i]) + err(dist[best]);
        let tie = dist[i] == 0.0 && dist[best] == 0.0;
        let heads_more = h > err(heading[i]) + err(heading[best]);
        let still = heading[i] == 0.0 && heading[best] == 0.0 && best < i;
        if !(farther || tie && (heads_more || still)) {
            return Fast::Unsure;
        }
    }
    Fast::Hit(BoxHit::InBox { side: SIDES[best] })
}

/// For a centre inside the box: the index in (left, right, bottom, top) of the nearest
/// side, ties going to the side the motion `v` heads to most, then to the first.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn nearest_side_scalar(lo: DVec2, hi: DVec2, v: DVec2) -> usize {
    let dist = [-lo.x, hi.x, -lo.y, hi.y];
    let heading = [-v.x, v.x, -v.y, v.y];
    let mut best = 0;
    for i in 1..4 {
        let better =
            (dist[i] < dist[best]) | ((dist[i] == dist[best]) & (heading[i] > heading[best]));
        best = if better { i } else { best };
    }
    best
}

/// [`nearest_side_scalar`] as a knock-out on SSE2 lanes: left against right and bottom
/// against top side by side, then the two winners, each later candidate replacing the
/// earlier only when strictly better, so the first of equals wins as in the scan. LLVM
/// makes the scan's selects jumps, and which side is nearest is as random as the start.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn nearest_side(lo: DVec2, hi: DVec2, v: DVec2) -> usize {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 register arithmetic only, no memory access; SSE2 is part of the x86_64
    // baseline.
    unsafe {
        let blend = |mask: __m128d, a: __m128d, b: __m128d| {
            _mm_or_pd(_mm_and_pd(mask, a), _mm_andnot_pd(mask, b))
        };
        // Lane 0: the left and bottom candidates; lane 1: right and top.
        let first_d = _mm_xor_pd(_mm_set_pd(lo.y, lo.x), _mm_set1_pd(-0.0));
        let second_d = _mm_set_pd(hi.y, hi.x);
        let vv = _mm_set_pd(v.y, v.x);
        let first_h = _mm_xor_pd(vv, _mm_set1_pd(-0.0));
        let second_h = vv;
        let better = |d1: __m128d, h1: __m128d, d0: __m128d, h0: __m128d| {
            _mm_or_pd(
                _mm_cmplt_pd(d1, d0),
                _mm_and_pd(_mm_cmpeq_pd(d1, d0), _mm_cmpgt_pd(h1, h0)),
            )
        };
        // First matches, per axis: (left vs right, bottom vs top).
        let b1 = better(second_d, second_h, first_d, first_h);
        let d = blend(b1, second_d, first_d);
        let h = blend(b1, second_h, first_h);
        // The final: the y axis's winner (high lane) against the x axis's.
        let b2 = better(_mm_unpackhi_pd(d, d), _mm_unpackhi_pd(h, h), d, h);
        // Bit 0: right beat left, bit 1: top beat bottom; then whether the y axis won.
        let axis = (_mm_movemask_pd(b1) & 3) as usize;
        let y = (_mm_movemask_pd(b2) & 1) as usize;
        (y << 1) | ((axis >> y) & 1)
    }
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn nearest_side(lo: DVec2, hi: DVec2, v: DVec2) -> usize {
    nearest_side_scalar(lo, hi, v)
}

/// The face a corner contact is "mostly over": the axis of the larger normal component,
/// when that is certain (an exact diagonal picks the horizontal face, which the exact
/// query decides).
#[inline(always)]
pub(crate) fn corner_face_normal(n: DVec2, err: DVec2) -> Option<DVec2> {
    let (ax, ay) = (n.x.abs(), n.y.abs());
    if (ax - ay).abs() <= err.x + err.y + 2.0 * U * (ax + ay) {
        return None;
    }
    Some(if ax > ay {
        DVec2::new(n.x.signum(), 0.0)
    } else {
        DVec2::new(0.0, n.y.signum())
    })
}

/// The feature named by a start's Cohen–Sutherland region outside the box (codes that
/// cannot occur map to `Left`).
pub(crate) const REGION_FEATURES: [crate::hit::Feature; 16] = {
    use crate::hit::Feature::{Corner as C, Side as S};
    [
        S(Side::Left),
        S(Side::Left),
        S(Side::Right),
        S(Side::Left),
        S(Side::Bottom),
        C(Corner::BottomLeft),
        C(Corner::BottomRight),
        S(Side::Left),
        S(Side::Top),
        C(Corner::TopLeft),
        C(Corner::TopRight),
        S(Side::Left),
        S(Side::Left),
        S(Side::Left),
        S(Side::Left),
        S(Side::Left),
    ]
};

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    #[test]
    fn nearest_side_knock_out_agrees_with_the_scan() {
        // Small integers, halves and signed zeros make every kind of tie common.
        let vals = [-2.0, -1.0, -0.5, -0.0, 0.0, 0.5, 1.0, 2.0];
        let mut pick = crate::query::tie_values(&vals);
        let mut seen = [0usize; 4];
        for _ in 0..200_000 {
            let (lo, hi) = (
                DVec2::new(-pick().abs(), -pick().abs()),
                DVec2::new(pick().abs(), pick().abs()),
            );
            let v = DVec2::new(pick(), pick());
            let (a, b) = (nearest_side_scalar(lo, hi, v), nearest_side(lo, hi, v));
            assert_eq!(a, b, "lo {lo} hi {hi} v {v}");
            seen[a] += 1;
        }
        assert!(seen.iter().all(|&n| n > 1000), "{seen:?}");
    }
}
