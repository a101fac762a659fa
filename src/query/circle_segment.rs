//! Moving circle vs segment: the centre's path against the capsule of radius `r` around the
//! segment — a slab along the segment capped by a circle at each end.
//!
//! The slab entry decides: inside the segment's extent it is a face hit; beyond an end, only
//! that end's circle can be hit (the slab's cross-section at an end is a diameter of the end
//! circle, so reaching the face region means going through the circle first).

use glam::DVec2;

use super::circle_aabb::to_f32;
use super::expansion as exact;
use super::kernel::{
    Fine, apart, avx_dispatch, max, max_v, min, min_v, offsets_scale, point_contact, tiny_radius,
    valid,
};
use crate::geom::{Segment, Sweep};
use crate::hit::{End, Feature, Hit};

avx_dispatch! {
    /// First contact of `sweep` with `segment`, end caps included. A zero-length segment is a
    /// point and reports `End(A)`.
    pub fn cast_segment(sweep: &Sweep, segment: &Segment) = cast_segment_impl;
}

#[inline(always)]
fn cast_segment_impl(sweep: &Sweep, segment: &Segment) -> Option<Hit> {
    let s = sweep.start.as_dvec2();
    let v = sweep.end.as_dvec2() - s;
    let r = f64::from(sweep.radius);
    let a = segment.a.as_dvec2() - s;
    let b = segment.b.as_dvec2() - s;
    // Far misses first, before the inputs are checked: they are half of an unfiltered mix,
    // and `None` is also the answer to invalid input, which may come out either way here.
    if apart(v, r, min_v(a, b), max_v(a, b)) {
        return None;
    }
    // `is_valid` for both, cheaply (see `valid`).
    if !valid((v + a + b).element_sum() + r, r) {
        return None;
    }
    // From the inputs, not as `b − a`: that difference of two rounded offsets turned the
    // direction of a segment reaching 1e7 by about 1e-16, 1e-9 at its far end.
    let e = segment.b.as_dvec2() - segment.a.as_dvec2();
    let len2 = e.length_squared();
    let out =
        |t: f64, center: DVec2, point: DVec2, normal: DVec2, face: DVec2, feature, inside| Hit {
            time: t as f32,
            center: to_f32(s + center),
            point: to_f32(s + point),
            normal: to_f32(normal),
            face_normal: to_f32(face),
            feature,
            region: None,
            started_inside: inside,
        };

    // An end's exact offsets, for a path grazing its cap (`kernel::point_contact`).
    let fine = |end: End| {
        move || {
            let p = if end == End::A { segment.a } else { segment.b };
            Fine::from_inputs(p, sweep.start, sweep.end, sweep.radius)
        }
    };
    if len2 == 0.0 {
        return point_hit(a, v, r, fine(End::A))
            .map(|(t, c, n, inside)| out(t, c, a, n, n, Feature::End(End::A), inside));
    }
    // Lengths across and along the segment are kept scaled by |e| rather than normalised:
    // for f32 input `h0` and `u0` are then exact or nearly (each a sum of two exact
    // products), and so is `r·|e|` whenever a touch can be exact at all (|e| rational), so
    // touches at t = 0 and t = 1 are decided exactly where `e / |e|` would round them
    // either way. `h0`: the start's signed distance from the line (left positive); `u0`:
    // where it projects along the segment.
    let n = e.perp();
    let mut h0 = -a.dot(n);
    let u0 = -a.dot(e);
    let len = len2.sqrt();
    let mut reach = r * len;
    // How far the start is outside the slab's edge (scaled by |e|; negative inside). Near
    // the edge this is a difference of two nearly equal numbers, one of them a rounded
    // root, so it carries that rounding, about 1e-16 of `reach` whatever its own size: the
    // verdict inside or outside can go either way, and for a motion nearly parallel to the
    // segment the entry time `gap / toward` is that error over a tiny speed (a face hit
    // dipping 2e-12·r into the slab came 3e-5 early in t, 0.03 units at |v| = 1000). So
    // within 2⁻²⁰ of the edge both are worked out exactly, and `reach` moved to a value
    // that gives the exact verdict in every comparison below. Rare, so off the main path.
    //
    // `h0` itself is a difference of two products, and `a` a rounded difference when the
    // start is far from `a` on the scale of its coordinates. Both errors scale with
    // |a|·|e|: a start 1e-6 from a segment reaching 1e7 away got its distance wrong by
    // 1e-9 and hits and misses flipped, and at unit scale a radius of 2e-16 did the same.
    // So when those products exceed `reach` 2¹⁰-fold, `h0` is worked out exactly from the
    // inputs as well (rare at the scales of a game, where the start is near the segment).
    let mut gap = h0.abs() - reach;
    let spread = (a.x * e.y).abs() + (a.y * e.x).abs();
    if min(gap.abs() - reach * NEAR_EDGE, reach * CANCEL - spread) <= 0.0 {
        (h0, reach, gap) = precise(segment.a.as_dvec2(), s, e, r, reach);
    }
    let rr = r * r;
    // In the slab |h| < r (strictly), and overlapping at t = 0: in the slab over the
    // segment, or an end within r. The same comparisons decide the slab entry below, so
    // the two can never both say no to a circle that is in fact crossing.
    let in_slab = h0.abs() < reach;
    // The four strict comparisons as one number (`x − y > 0` exactly when `x > y`): which
    // start overlaps is as random as the start, and LLVM makes `&&`/`||` a chain of jumps.
    let slab_over = min(reach - h0.abs(), min(u0, len2 - u0));
    let end_over = max(rr - a.length_squared(), rr - b.length_squared());
    if max(slab_over, end_over) > 0.0 {
        let line = Line {
            a,
            b,
            e,
            len2,
            len,
            h0,
            u0,
        };
        return Some(overlapping(&line, v, out));
    }
    let (vn, vu) = (v.dot(n), v.dot(e));
    let left = h0 > 0.0;
    // Outside the slab: entered at `gap / toward` (both scaled by |e|) when approaching
    // (not sliding along it) and reaching it by t = 1.
    let u = if in_slab {
        // In the slab but not overlapping: the start projects beyond an end, `u0 ≤ 0` or
        // `u0 ≥ len2`, and the sign below picks that end (`u0` alone read exactly 0 as
        // beyond the far end).
        u0 - 0.5 * len2
    } else {
        // −vn on the left, vn on the right, by the sign bit (a select on `left` becomes
        // a jump, as random as the side). A start on the segment's line (a zero radius)
        // leaves it whichever way it moves: read as on one side, moving to the other was
        // taken for an approach. Rare, so that jump is predicted.
        let mut toward = -vn * 1.0f64.copysign(h0);
        if h0 == 0.0 {
            toward = -vn.abs();
        }
        let tiny = f64::from_bits(1);
        let reaches = min(toward - tiny, toward - gap);
        #[allow(clippy::neg_cmp_op_on_partial_ord)]
        if !(reaches >= 0.0) {
            // Approaching but short of the edge at t = 1 by no more than rounding: the
            // end may lie exactly on it (a touch at t = 1), which is settled exactly.
            // One comparison, nearly always false, so predicted.
            let short = max(
                (gap - toward) - (h0.abs() + toward) * NEAR_EDGE,
                tiny - toward,
            );
            if !(short <= 0.0 && end_on_slab(segment.a.as_dvec2(), sweep.end.as_dvec2(), e, r)) {
                return point_miss(sweep, segment);
            }
        }
        // Where along the segment, tested against its extent without dividing.
        let mut along = u0 * toward + vu * gap;
        // One comparison, false at the scales of a game, so predicted; only starts that
        // reach the slab pay for it.
        if tiny_radius(r, offsets_scale(v, a, b)) {
            along = tiny_radius_along(sweep, segment, len, len2 * toward, along);
        }
        if min(along, len2 * toward - along) >= 0.0 {
            let t = min(gap / toward, 1.0);
            // The side's sign from `vn`, which is nonzero with the sign of `h0` here
            // (`toward > 0`): a select of ±1 on `left` becomes a jump, which the side of a
            // hit makes a coin toss.
            let normal = (n / len) * 1.0f64.copysign(-vn);
            let point = a + e * ((u0 + vu * t) / len2);
            return Some(out(
                t,
                v * t,
                point,
                normal,
                normal,
                Feature::Face { left },
                false,
            ));
        }
        along
    };
    // Beyond an end: only that end's circle (the start is outside it).
    let (end, p) = if u < 0.0 { (End::A, a) } else { (End::B, b) };
    let Some((t, normal)) = point_contact(p, v, r, fine(end)) else {
        return point_miss(sweep, segment);
    };
    // −1 at end A, as `u < 0` says, by sign bits (`+ 0.0` turns −0 into +0) rather than a
    // select, which becomes a jump.
    let outward = 1.0f64.copysign(u + 0.0);
    let face = end_face_normal(normal, e / len, n / len, outward);
    Some(out(t, v * t, p, normal, face, Feature::End(end), false))
}

/// The face test's `along` for a radius below the offsets' rounding
/// ([`tiny_radius`]), replaced by a value on the right side of both ends (`0` and
/// `extent = len2·toward`), decided exactly.
///
/// `along` carries `gap = |h0| − r·|e|`, which rounds to `|h0|` once r is below an ulp
/// of it: a path aimed exactly at an end, r = 1e-16 against offsets of 8, read as a face
/// hit with the face's normal, where the contact is on the end's cap, head on (normal
/// −v̂). By the identity `(v·e)(A×e) − (A·e)(v×e) = |e|²·(A×v)`, `along` is
/// `|e|·(σ·|e|·(A×v) − (v·e)·r)` with `A = a − start` and σ the start's side, and
/// `extent − along` the same with `−(B×v)`, `B = b − start`: two orientations of input
/// points, each exact ([`exact::orient`]), against `(v·e)·r`, whose rounding is far below
/// r.
#[cold]
#[inline(never)]
fn tiny_radius_along(sweep: &Sweep, segment: &Segment, len: f64, extent: f64, along: f64) -> f64 {
    let (s, end, a, b) = (sweep.start, sweep.end, segment.a, segment.b);
    let side = exact::orient(s, a, b);
    if side == 0.0 {
        return along;
    }
    let sigma = side.signum();
    let m = |p: f32, q: f32| f64::from(p) * f64::from(q);
    // (end − start)·(b − a), from exact products.
    let vu = exact::sum(&[
        m(end.x, b.x),
        -m(end.x, a.x),
        -m(s.x, b.x),
        m(s.x, a.x),
        m(end.y, b.y),
        -m(end.y, a.y),
        -m(s.y, b.y),
        m(s.y, a.y),
    ]);
    let q = vu * f64::from(sweep.radius);
    if sigma * len * exact::orient(s, a, end) - q < 0.0 {
        -1.0 // short of end A
    } else if sigma * len * exact::orient(s, b, end) - q > 0.0 {
        f64::INFINITY // past end B
    } else {
        0.5 * extent
    }
}

/// `None`, unless the circle is a point (zero radius): then its crossings exactly
/// through an end, or landing on the segment exactly at t = 1, sit on the boundaries of
/// the tests above, where rounding decided them, and a zero-radius end cap has no inside
/// to catch them, so they are checked again, exactly ([`point_crossing`]). The radius
/// test is a jump the predictor gets right.
#[inline(always)]
fn point_miss(sweep: &Sweep, segment: &Segment) -> Option<Hit> {
    if sweep.radius == 0.0 {
        return point_crossing(sweep, segment);
    }
    None
}

/// The first contact of a point (zero radius) moving from `start` to `end` with the
/// segment, by exact orientations, for a motion the main path calls a miss: a start off
/// the segment's line whose path meets the segment, ends included, by t = 1. (A start on
/// the line is the main path's.)
#[cold]
fn point_crossing(sweep: &Sweep, segment: &Segment) -> Option<Hit> {
    let (s, e, a, b) = (sweep.start, sweep.end, segment.a, segment.b);
    let (from, to) = (exact::orient(a, b, s), exact::orient(a, b, e));
    // Crossing the line, or landing on it: the end on it or on the other side.
    #[allow(clippy::neg_cmp_op_on_partial_ord)]
    if from == 0.0 || !(from * to <= 0.0) {
        return None;
    }
    // Where: the segment's ends on either side of the path's line, or one on it.
    let (at_a, at_b) = (exact::orient(s, e, a), exact::orient(s, e, b));
    #[allow(clippy::neg_cmp_op_on_partial_ord)]
    if !(at_a * at_b <= 0.0) {
        return None;
    }
    let t = (from / (from - to)).clamp(0.0, 1.0);
    let left = from > 0.0;
    let dir = (b - a).as_dvec2();
    let normal = dir.perp().normalize() * if left { 1.0 } else { -1.0 };
    let feature = if at_a == 0.0 {
        Feature::End(End::A)
    } else if at_b == 0.0 {
        Feature::End(End::B)
    } else {
        Feature::Face { left }
    };
    let center = s.as_dvec2() + (e.as_dvec2() - s.as_dvec2()) * t;
    Some(Hit {
        time: t as f32,
        center: to_f32(center),
        point: to_f32(center),
        normal: to_f32(normal),
        face_normal: to_f32(normal),
        feature,
        region: None,
        started_inside: false,
    })
}

/// Relative distance from the slab's edge within which [`near_edge`] settles the start.
const NEAR_EDGE: f64 = 1.0 / (1u64 << 20) as f64;

/// How many times `reach` the products behind `h0` may be before [`precise`] recomputes
/// it: its rounding is then at most about 2⁻⁴² of `reach`.
const CANCEL: f64 = 1024.0;

/// `h0`, `reach` and the gap to the slab's edge for a start near that edge or far from
/// the segment's end `a` (`seg_a`, as given; `s` the start): `h0 = (a − s) × e` from
/// [`offset_cross`], as accurate as one rounding of its own size; then [`near_edge`] when
/// the start is near the edge.
#[cold]
fn precise(seg_a: DVec2, s: DVec2, e: DVec2, r: f64, reach: f64) -> (f64, f64, f64) {
    let h = offset_cross(seg_a, s, e);
    let h0 = h[0];
    let gap = h0.abs() - reach;
    let (reach, gap) = if gap.abs() <= reach * NEAR_EDGE {
        near_edge(h, r, e, reach)
    } else {
        (reach, gap)
    };
    (h0, reach, gap)
}

/// `(a − p) × e` for the segment's end `a` and a point `p`, both as given, as a rounded
/// value and the rounded remainder: `a − p` split exactly into a rounded part and its
/// error (Knuth's two-sum), each product split by a fused multiply-add, and the eight
/// exact terms summed exactly. The pair is exact whenever the product fits in 106 bits.
#[cold]
fn offset_cross(seg_a: DVec2, p: DVec2, e: DVec2) -> [f64; 2] {
    let ([x, x_lo], [y, y_lo]) = (exact::diff(seg_a.x, p.x), exact::diff(seg_a.y, p.y));
    let mut terms = [0.0; 9];
    for (k, (f, g)) in [(x, e.y), (-y, e.x), (x_lo, e.y), (-y_lo, e.x)]
        .into_iter()
        .enumerate()
    {
        [terms[2 * k], terms[2 * k + 1]] = exact::product(f, g);
    }
    let h = exact::sum(&terms[..8]);
    terms[8] = -h;
    [h, exact::sum(&terms)]
}

/// `h² − r²·|e|²` for `h` given as value and remainder ([`offset_cross`]): of the exact
/// sign, zero exactly on the slab's edge, and otherwise accurate to about one rounding.
/// `|e|²` is taken from `e`, not as the rounded `len2`: a segment from x = 1/3 (as f32)
/// to 10 rounded it, and a start exactly at r from the segment read as inside.
#[cold]
fn edge_excess([h, h_lo]: [f64; 2], r: f64, e: DVec2) -> f64 {
    let rr = r * r; // exact: r is an f32
    let mut terms = [0.0; 14];
    terms[..6].copy_from_slice(&exact::square(h, h_lo));
    let [x2, x2_err] = exact::product(e.x, e.x);
    let [y2, y2_err] = exact::product(e.y, e.y);
    for (k, part) in [x2, x2_err, y2, y2_err].into_iter().enumerate() {
        let [p, p_err] = exact::product(rr, part);
        [terms[6 + 2 * k], terms[7 + 2 * k]] = [-p, -p_err];
    }
    exact::sum(&terms)
}

/// Whether the end position `end` lies in the slab or exactly on its edge, decided
/// exactly: for a motion whose rounded arithmetic came short of the edge at t = 1 by no
/// more than rounding (a touch exactly at t = 1 was a miss).
#[cold]
fn end_on_slab(seg_a: DVec2, end: DVec2, e: DVec2, r: f64) -> bool {
    edge_excess(offset_cross(seg_a, end, e), r, e) <= 0.0
}

/// For a start near the slab's edge (`h = [h0, remainder]` with `|h0|` within
/// [`NEAR_EDGE`] of `reach ≈ r·|e|`): `reach` moved so that comparing it with `|h0|` gives
/// the exact answer to `h² ⋚ r²·|e|²` ([`edge_excess`]; above `|h0|` when inside the
/// slab, `|h0|` itself when on its edge, below when outside), and the gap `|h| − r·|e|`
/// to the edge, computed as `(h² − r²·|e|²) / (|h| + reach)`, as accurate as its inputs.
#[cold]
fn near_edge(h: [f64; 2], r: f64, e: DVec2, reach: f64) -> (f64, f64) {
    let h = if h[0] < 0.0 { [-h[0], -h[1]] } else { h };
    let diff = edge_excess(h, r, e);
    let h = h[0];
    if diff < 0.0 {
        (reach.max(h.next_up()), diff / (h + reach))
    } else if diff == 0.0 {
        (h, 0.0)
    } else {
        // (h + reach > 0: h² > r²·|e|² ≥ 0.)
        (reach.min(h.next_down()), diff / (h + reach))
    }
}

/// The segment as the query sees it, relative to the start: the ends, `e = b − a`, its
/// squared and plain length, and the start's scaled distance `h0` and projection `u0`.
struct Line {
    a: DVec2,
    b: DVec2,
    e: DVec2,
    len2: f64,
    len: f64,
    h0: f64,
    u0: f64,
}

/// Already overlapping at t = 0 (a segment of nonzero length): time 0, pushed out along the
/// shortest way off the segment.
#[cold]
fn overlapping(
    line: &Line,
    v: DVec2,
    out: impl Fn(f64, DVec2, DVec2, DVec2, DVec2, Feature, bool) -> Hit,
) -> Hit {
    let Line {
        a,
        b,
        e,
        len2,
        len,
        h0,
        u0,
    } = *line;
    let (dir, n_left) = (e / len, e.perp() / len);
    let (point, normal, feature) = if u0 > 0.0 && u0 < len2 {
        // Over the segment: straight off its face. Exactly on it, leave on the side the
        // motion comes from. (Normalising the start's offset from the foot would instead
        // amplify the foot's rounding into any direction.)
        let left = if h0 == 0.0 {
            v.dot(n_left) <= 0.0
        } else {
            h0 > 0.0
        };
        let normal = if left { n_left } else { -n_left };
        (a + e * (u0 / len2), normal, Feature::Face { left })
    } else {
        // Beyond an end (or on its perpendicular): away from that end, which is exact.
        let (end, p) = if u0 <= 0.0 { (End::A, a) } else { (End::B, b) };
        let normal = (-p).try_normalize().unwrap_or_else(|| {
            // Centred on the end: leave on the side the motion comes from.
            if v.dot(n_left) <= 0.0 {
                n_left
            } else {
                -n_left
            }
        });
        (p, normal, Feature::End(end))
    };
    let face = match feature {
        Feature::End(end) => {
            let outward = if end == End::A { -1.0 } else { 1.0 };
            end_face_normal(normal, dir, n_left, outward)
        }
        _ => normal,
    };
    out(0.0, DVec2::ZERO, point, normal, face, feature, true)
}

/// A zero-length segment: a point obstacle. Returns (t, centre, normal, started inside).
fn point_hit(
    p: DVec2,
    v: DVec2,
    r: f64,
    fine: impl Fn() -> Fine,
) -> Option<(f64, DVec2, DVec2, bool)> {
    if p.length_squared() < r * r {
        let n = (-p)
            .try_normalize()
            .or_else(|| (-v).try_normalize())
            .unwrap_or(DVec2::Y);
        return Some((0.0, DVec2::ZERO, n, true));
    }
    let (t, normal) = point_contact(p, v, r, fine)?;
    Some((t, v * t, normal, false))
}

/// At an end cap, the face the centre is mostly over: the segment's side normal when the
/// contact normal leans that way, otherwise the end's outward direction along the segment
/// (`outward` is −1 at end A, +1 at end B).
fn end_face_normal(normal: DVec2, dir: DVec2, n_left: DVec2, outward: f64) -> DVec2 {
    let across = normal.dot(n_left);
    let along = normal.dot(dir);
    // By weight rather than by `if` (see `corner_face_normal` in the kernel): which face an
    // end contact is over is as random as the contact. Exactly one term is nonzero, so the
    // sum is that face's normal (a zero component may lose its sign).
    let w = if across.abs() >= along.abs() {
        1.0
    } else {
        0.0
    };
    n_left * (w * across.signum()) + dir * ((1.0 - w) * outward)
}
