//! Moving circle vs moving circle: in relative motion the other circle stands still and
//! ours moves by the difference of the displacements, against radius `r1 + r2`.

use glam::{DVec2, Vec2};

use super::circle_aabb::{center_at, push_out_normal};
use super::contact::{self, Answer, Contact, Motion};
use super::exact;
use super::float::{
    FAITHFUL, MIN_LENGTH_SQ, U, avx_dispatch, faithful_v, held, max, max_v, min_v, valid,
};
use super::kernel::Fast;
use super::line_filter::line_misses_box;
use super::point::{self, Approach};
use crate::geom::{Relative, Sweep};
use crate::hit::{Feature, Hit};

avx_dispatch! {
    /// First contact of `sweep` with `other`, both moving over the same `t`. The normal points
    /// from the other circle's centre toward ours; `point` is on the other circle's surface.
    pub fn cast_circle(sweep: &Sweep, other: &Sweep) -> Option<Hit> =
        |sweep: &Sweep, other: &Sweep| circle_fast::<Hit>(
            &Motion::of(sweep),
            &Motion::of(other),
            || careful(&Motion::of(sweep), &Motion::of(other)),
        );
}

avx_dispatch! {
    /// [`cast_circle`] for motions in f64, with the values `resolve` carries on from.
    pub(crate) fn circle_contact(m: &Motion, other: &Motion) -> Option<Contact> =
        |m: &Motion, other: &Motion| circle_fast::<Contact>(m, other, || careful(m, other));
}

#[inline(always)]
/// `careful` is the same query for what [`lean`] leaves open, built from the caller's own
/// inputs: a motion made here and passed by reference would be stored to memory on every
/// query, the common path included.
fn circle_fast<A: Answer>(
    m: &Motion,
    o: &Motion,
    careful: impl FnOnce() -> Option<A>,
) -> Option<A> {
    let (s1, r1, r2) = (m.start, m.radius, o.radius);
    let reach = r1 + r2;
    // Far misses first, before the inputs are checked (`None` is also the answer to invalid
    // input): the two swept boxes apart by more than the reach. The boxes' corners are
    // inputs, each gap one rounding of their difference and the reach one of its sum, so
    // a margin of 3U of their sizes makes the comparison certain.
    let gap = max_v(
        min_v(o.start, o.end) - max_v(s1, m.end),
        min_v(s1, m.end) - max_v(o.start, o.end),
    );
    let gap = max(gap.x, gap.y);
    if gap - reach > 3.0 * U * (gap.abs() + reach) {
        return None;
    }
    // The other centre relative to ours at t = 0 and at t = 1 (exact negations of the
    // separations), and our motion relative to it in the form the debugger draws.
    let rel = Relative::of(s1, m.end, o.start, o.end);
    let (c, c_end, v) = (-rel.start_gap, -rel.end_gap, rel.displacement);
    match lean(m, o, c, c_end, v, reach) {
        // A miss is also the answer to invalid input, whatever the comparisons made of NaN.
        Fast::Miss => None,
        // `lean` answers only with a finite scale, which every offset and the reach reach
        // (an infinite input makes one infinite or NaN): the radii's signs are what is left.
        // Both signs at once: a `min` of the two compiles to a jump on which is smaller,
        // as random as the radii.
        Fast::Hit(k) => (((r1 >= 0.0) as u8) & ((r2 >= 0.0) as u8) != 0).then_some(k),
        Fast::Unsure => careful(),
    }
}

/// `is_valid` for both motions, cheaply (see `valid`).
#[inline(always)]
fn inputs_valid(m: &Motion, o: &Motion, c: DVec2, c_end: DVec2, reach: f64) -> bool {
    valid(
        (c.abs() + c_end.abs() + (m.end - m.start).abs()).element_sum() + reach,
        m.radius.min(o.radius),
    )
}

/// What [`lean`] leaves open: the same decisions with a bound on each quantity of its own,
/// and the exact query for what those leave open.
#[inline(never)]
fn careful<A: Answer>(m: &Motion, o: &Motion) -> Option<A> {
    // Worked out again from the inputs, so that nothing of the common path lives across
    // the call (every vector register is the caller's to save).
    let rel = Relative::of(m.start, m.end, o.start, o.end);
    let (c, c_end, v) = (-rel.start_gap, -rel.end_gap, rel.displacement);
    let reach = m.radius + o.radius;
    match circle_kernel(m, o, c, c_end, v, reach) {
        Fast::Miss => None,
        Fast::Hit(k) => inputs_valid(m, o, c, c_end, reach).then_some(k),
        Fast::Unsure => {
            if inputs_valid(m, o, c, c_end, reach) {
                settle(m, o).map(A::of)
            } else {
                None
            }
        }
    }
}

/// The common cases: a start clearly outside that clearly hits or misses, or clearly
/// overlapping, decided with one scale's bounds (a few operations, none waiting for the
/// quantities they bound).
///
/// Every bound comes from one scale `M` ≥ |c|₁, |c_end|₁ and the reach (their sum): each
/// component of `c` and `c_end` is within `U·M` of exact (one rounding of a difference),
/// of `v` within `4U·M`, the reach within `U·M`. Then `gap`, `v·c` and `v × c` are within
/// `16U·M²`, `|v|²` within `32U·M²`, `r²` within `4U·M²`, `disc` within `256U·M⁴`, `late`
/// within `64U·M²` and `|end|²` within `16U·M²` (each about twice the sum of its terms).
/// A hit is given only when the time's interval from these ([`point::interval`]) has both
/// ends rounding to one f32 and every other reported number is faithful ([`lean_hit`]);
/// anything else goes to [`careful`].
#[inline(always)]
fn lean<A: Answer>(
    m: &Motion,
    o: &Motion,
    c: DVec2,
    c_end: DVec2,
    v: DVec2,
    reach: f64,
) -> Fast<A> {
    // A sum rather than a `max`, which would drop a NaN: the scale is finite exactly when
    // every offset and the reach are, so no answer here comes from non-finite input.
    let scale = (c.abs() + c_end.abs()).element_sum() + reach.abs();
    let scale = scale * (1.0 + 4.0 * U);
    let m2 = scale * scale;
    let q = Approach::new(c, v, -c_end, reach);
    let (e_gap, e_along) = (16.0 * U * m2, 16.0 * U * m2);
    let e_disc = 256.0 * U * m2 * m2;
    if q.gap < -e_gap {
        return lean_overlap(m, o, c, c.length_squared());
    }
    if q.hits() {
        if q.gap > e_gap {
            return lean_hit(m, o, v, &q, scale, e_along, e_gap, e_disc);
        }
        return Fast::Unsure;
    }
    // Certainly outside, and certainly not approaching, not crossing, or past by t = 1
    // with the end outside.
    let (e_late, e_end2, e_rr) = (64.0 * U * m2, 16.0 * U * m2, 4.0 * U * m2);
    let miss = (q.along + e_along < 0.0)
        | (q.disc + e_disc < 0.0)
        | ((q.late - e_late > 0.0) & (q.end2 - e_end2 > q.rr + e_rr));
    if (q.gap > e_gap) & miss {
        Fast::Miss
    } else {
        Fast::Unsure
    }
}

/// [`lean`]'s hit: the interval of `t = gap / (v·c + √disc)` from the one-scale bounds
/// ([`point::interval`], one two-lane root and one two-lane division, as many as the time
/// alone needs), certain when both its ends round to one f32; then the normal, centre and
/// point, each certain when faithful.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn lean_hit<A: Answer>(
    m: &Motion,
    o: &Motion,
    v: DVec2,
    q: &Approach,
    scale: f64,
    e_along: f64,
    e_gap: f64,
    e_disc: f64,
) -> Fast<A> {
    // Only the interval's bounds are read: the gap, `v·c` (and `v × c`) and the
    // discriminant's.
    let b = point::Bounds {
        along: e_along,
        a: 0.0,
        rr: 0.0,
        disc: e_disc,
        gap: e_gap,
        late: 0.0,
        end2: 0.0,
    };
    let (t_lo, t_hi, sure, root) = point::interval(q, &b);
    let time = t_lo as f32;
    let t = 0.5 * (t_lo + t_hi);
    // The normal −(v·√disc + v⊥·(v × c)) / (|v|²·r), and a bound on each component's
    // error: `v` within 4U·M, the root within its interval's width, `v × c` within
    // e_along, three roundings of the numerator; the denominator's relative error from
    // |v|² (32U·M²) and the reach (U), and its own roundings.
    let (root_mid, root_err) = (0.5 * (root.x + root.y), root.y - root.x);
    let reach = m.radius + o.radius;
    let inv = -1.0 / (q.a * reach);
    let n = (v * root_mid + v.perp() * q.cross) * inv;
    let (vm, cross_abs) = (max(v.x.abs(), v.y.abs()), q.cross.abs());
    let e_num = (4.1 * U * scale + 3.1 * U * vm) * (root.y + cross_abs) + vm * (root_err + e_along);
    let e_den = 32.0 * U * scale * scale * reach * inv.abs() + 4.0 * U;
    let n_err =
        DVec2::splat(e_num * inv.abs() * (1.0 + 2.0 * e_den)) + n.abs() * (e_den * 1.01 + U);
    // Our centre and the point on the other circle at t.
    let (v1, v2) = (m.end - m.start, o.end - o.start);
    // At `t_lo`, which is ready first; the exact time is within the interval's width.
    let center = m.start + v1 * t_lo;
    let tr = (t_hi - t_lo) + t_hi * (4.0 * U);
    let c_err = v1.abs() * tr + m.start.abs() * (3.0 * U);
    let p = o.start + v2 * t_lo + n * o.radius;
    let p_err =
        v2.abs() * tr + (n_err + n.abs() * (4.0 * U)) * o.radius + o.start.abs() * (4.0 * U);
    let sure = sure
        & (time == t_hi as f32)
        & (e_den <= 1.0 / (1u64 << 20) as f64)
        & n_err.cmple(n.abs() * FAITHFUL).all()
        & c_err.cmple(center.abs() * FAITHFUL).all()
        & p_err.cmple(p.abs() * FAITHFUL).all();
    if !sure {
        return Fast::Unsure;
    }
    Fast::Hit(answer(
        time,
        t,
        center,
        center.as_vec2(),
        p.as_vec2(),
        n,
        n.as_vec2(),
        false,
    ))
}

/// [`lean`]'s overlap: pushed apart along the centre line, `−c/|c|` with `c2 = |c|²` as
/// computed. Each component of `c` is within `U` of its own size, so `|c|` is within 3U of
/// its size and each component of the normal within 8U of its own: faithful as it stands,
/// an exactly zero component included. Only the point on the other circle can cancel.
#[inline(always)]
fn lean_overlap<A: Answer>(m: &Motion, o: &Motion, c: DVec2, c2: f64) -> Fast<A> {
    let n = c * (-1.0 / c2.sqrt());
    let p = o.start + n * o.radius;
    let p_err = (o.start.abs() + n.abs() * o.radius) * (10.0 * U);
    // A zero offset (coincident centres) has no direction, and one too short for its
    // square to be normal has no relative accuracy: both go to the careful path.
    if !p_err.cmple(p.abs() * FAITHFUL).all() || c2 < MIN_LENGTH_SQ {
        return Fast::Unsure;
    }
    let n32 = n.as_vec2();
    Fast::Hit(answer(
        0.0,
        0.0,
        m.start,
        m.start.as_vec2(),
        held(p.as_vec2()),
        n,
        n32,
        true,
    ))
}

#[cold]
#[inline(never)]
fn settle(m: &Motion, o: &Motion) -> Option<Contact> {
    // Every place the other circle ever is lies in its swept box grown by its radius: a
    // line clear of that box never meets it, whenever it passes.
    let k = o.radius * (1.0 + 8.0 * U);
    if o.radius >= 0.0 && line_misses_box(m, o.start.min(o.end) - k, o.start.max(o.end) + k) {
        return None;
    }
    exact::circle_contact(m, o)
}

#[inline(always)]
fn circle_kernel<A: Answer>(
    m: &Motion,
    o: &Motion,
    c: DVec2,
    c_end: DVec2,
    v: DVec2,
    reach: f64,
) -> Fast<A> {
    // Each offset is one rounding of an exact difference, the reach one rounding of the
    // exact sum. The relative motion is within the rounding of `c − c_end` and of the
    // offsets, or of the two motions and their difference, whichever is less (two still
    // circles have an exactly zero relative motion).
    let mx = |p: DVec2| max(p.x.abs(), p.y.abs());
    let (ec, ev, er) = (
        U * max(mx(c), mx(c_end)),
        U * (mx(c) + mx(c_end) + mx(v)),
        U * reach,
    );
    // Our centre at t = 1 relative to the other's: −c_end, exact but for its rounding.
    let q = Approach::new(c, v, -c_end, reach);
    let b = point::Bounds::new(c, v, -c_end, reach, &q, ec, ev, er);
    if q.gap.abs() <= b.gap {
        return Fast::Unsure;
    }
    if q.gap < 0.0 {
        return overlapping(m, o, c);
    }
    let still = (m.end == m.start) & (o.end == o.start);
    if reach == 0.0 || still {
        // Two points only ever touch, and two still circles apart stay so.
        return Fast::Miss;
    }
    if !q.hits() {
        return if point::certain_miss(&q, &b) {
            Fast::Miss
        } else {
            Fast::Unsure
        };
    }
    let Some(k) = point::certain_hit(&q, &b) else {
        return Fast::Unsure;
    };
    // The reach is one rounding of the exact sum.
    let (n, n_err) = point::normal(v, reach, &q, &b, ev, U, &k);
    let (v1, v2) = (m.end - m.start, o.end - o.start);
    let (center, c_err) = center_at(m.start, v1, k.t_lo, k.t_hi);
    // On the other circle: its centre at t plus r2 along the normal.
    let (other, o_err) = center_at(o.start, v2, k.t_lo, k.t_hi);
    let p = other + n * o.radius;
    let p_err = o_err + n_err * o.radius + (other.abs() + n.abs() * o.radius) * (3.0 * U);
    let (Some(c32), Some(n32), Some(p32)) = (
        faithful_v(center, c_err),
        faithful_v(n, n_err),
        faithful_v(p, p_err),
    ) else {
        return Fast::Unsure;
    };
    Fast::Hit(answer(
        k.time,
        0.5 * (k.t_lo + k.t_hi),
        center,
        c32,
        p32,
        n,
        n32,
        false,
    ))
}

/// Overlapping at t = 0: pushed apart along the centre line (when the centres coincide,
/// against the motion: left to the exact query).
#[inline(always)]
fn overlapping<A: Answer>(m: &Motion, o: &Motion, c: DVec2) -> Fast<A> {
    if c == DVec2::ZERO {
        return Fast::Unsure;
    }
    // Away from the other's centre: −c/|c|.
    // Each component of c is one rounding of an exact difference.
    let (n, n_err) = push_out_normal(c, c.length_squared(), c.abs() * U);
    let p = o.start + n * o.radius;
    let p_err = n_err * o.radius + (o.start.abs() + n.abs() * o.radius) * (2.0 * U);
    let (Some(n32), Some(p32)) = (faithful_v(n, n_err), faithful_v(p, p_err).map(held)) else {
        return Fast::Unsure;
    };
    Fast::Hit(answer(
        0.0,
        0.0,
        m.start,
        m.start.as_vec2(),
        p32,
        n,
        n32,
        true,
    ))
}

/// A contact with the other circle as the caller's answer: the feature `Circle`, no region,
/// the face normal the normal.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn answer<A: Answer>(
    time: f32,
    t: f64,
    center: DVec2,
    center32: Vec2,
    point32: Vec2,
    normal: DVec2,
    normal32: Vec2,
    started_inside: bool,
) -> A {
    contact::answer(
        time,
        t,
        center,
        center32,
        point32,
        normal,
        normal32,
        normal32,
        Feature::Circle,
        None,
        started_inside,
    )
}
