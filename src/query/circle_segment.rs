//! Moving circle vs segment: the centre's path against the capsule of radius `r` around the
//! segment — a slab along the segment capped by a circle at each end.
//!
//! The slab entry decides: inside the segment's extent it is a face hit; beyond an end, only
//! that end's circle can be hit (the slab's cross-section at an end is a diameter of the end
//! circle, so reaching the face region means going through the circle first).
//!
//! Lengths across and along the segment are kept scaled by `|e|` (`e = b − a`) rather than
//! normalised, so that each is a sum of two products of offsets; every quantity carries a
//! bound on its error built from the magnitudes of those products (so a product that is
//! exactly zero, as for a motion parallel to an axis-aligned segment, brings no doubt).

use glam::{DVec2, Vec2};

use super::circle_aabb::{center_at, push_out_normal};
use super::contact::{Answer, Contact, Motion, answer};
use super::exact;
use super::float::{
    U, apart, avx_dispatch, faithful_v, max_v, min, min_v, nearest_f32, pick, valid,
};
use super::kernel::Fast;
use super::line_filter::line_misses_box;
use super::point::{self, Approach};
use crate::geom::{Segment, Sweep};
use crate::hit::{End, Feature, Hit};

avx_dispatch! {
    /// First contact of `sweep` with `segment`, end caps included. A zero-length segment is a
    /// point and reports `End(A)`.
    pub fn cast_segment(sweep: &Sweep, segment: &Segment) -> Option<Hit> =
        |sweep: &Sweep, segment: &Segment| segment_fast::<Hit>(&Motion::of(sweep), segment, || {
            settle(&Motion::of(sweep), segment).map(Hit::of)
        });
}

avx_dispatch! {
    /// [`cast_segment`] for a motion in f64, with the values `resolve` carries on from.
    pub(crate) fn segment_contact(m: &Motion, segment: &Segment) -> Option<Contact> =
        |m: &Motion, segment: &Segment| segment_fast::<Contact>(m, segment, || settle(m, segment));
}

#[inline(always)]
/// `settle` is the exact query, built from the caller's own inputs (see
/// `circle_aabb::box_fast`).
fn segment_fast<A: Answer>(
    m: &Motion,
    seg: &Segment,
    settle: impl FnOnce() -> Option<A>,
) -> Option<A> {
    let (s, r) = (m.start, m.radius);
    let (a_w, b_w) = (seg.a.as_dvec2(), seg.b.as_dvec2());
    // Far misses first, before the inputs are checked: they are half of an unfiltered mix,
    // and `None` is also the answer to invalid input, which may come out either way here.
    if apart(s, m.end, r, min_v(a_w, b_w), max_v(a_w, b_w)) {
        return None;
    }
    let v = m.end - s;
    let a = a_w - s;
    let b = b_w - s;
    let mag = (v.abs() + a.abs() + b.abs()).element_sum() + r;
    if !valid(mag, r) {
        return None;
    }
    segment_kernel(m, seg, v, a, b, mag).answer(Some, settle)
}

#[cold]
#[inline(never)]
fn settle(m: &Motion, seg: &Segment) -> Option<Contact> {
    // The segment's box holds it (its round caps are the ball's radius, which the filter
    // grows the box by).
    let (a, b) = (seg.a.as_dvec2(), seg.b.as_dvec2());
    if line_misses_box(m, a.min(b), a.max(b)) {
        return None;
    }
    exact::segment_contact(m, seg)
}

/// See the module's comment. `mag` bounds every offset's and the radius's magnitude, so
/// each component of `a`, `b`, `v` and `e` is within `U·mag`, each product of two of them
/// within `E2`, and each product of four within `E4`.
#[inline(always)]
fn segment_kernel<A: Answer>(
    m: &Motion,
    seg: &Segment,
    v: DVec2,
    a: DVec2,
    b: DVec2,
    mag: f64,
) -> Fast<A> {
    let r = m.radius;
    // From the inputs, not as `b − a`, which would carry both offsets' roundings.
    let e = seg.b.as_dvec2() - seg.a.as_dvec2();
    let len2 = e.length_squared();
    if len2 == 0.0 {
        return point_obstacle(m, seg, v, a, mag);
    }
    let mag2 = mag * mag;
    let e2 = 8.0 * U * mag2;
    // h0: the start's signed distance from the line, left of a→b positive; u0: where it
    // projects along the segment; both scaled by |e|. hv, uv: their rates.
    let h0 = a.x * e.y - a.y * e.x;
    let u0 = -(a.x * e.x + a.y * e.y);
    let hv = e.x * v.y - e.y * v.x;
    let uv = e.x * v.x + e.y * v.y;
    let len = len2.sqrt();
    let reach = r * len;
    let ha = h0.abs();
    // Within the slab (|h| < r·|e|), outside it, or too near its edge to tell.
    let slab_margin = ha - reach;
    let slab_err = e2 + 4.0 * U * (reach + ha);
    if slab_margin.abs() <= slab_err {
        return Fast::Unsure;
    }
    let in_slab = slab_margin < 0.0;
    if in_slab {
        // Over the segment: overlapping. Beyond an end: its circle alone decides.
        let over = min(u0, len2 - u0);
        if over.abs() <= 2.0 * e2 {
            return Fast::Unsure;
        }
        if over > 0.0 {
            return over_face(m, seg, e, len2, u0, h0, e2);
        }
        let end = if u0 < 0.0 { End::A } else { End::B };
        return cap(
            m,
            seg,
            v,
            if end == End::A { a } else { b },
            e,
            end,
            mag,
            true,
        );
    }
    // Outside the slab: approaching the line at `toward` (scaled by |e|), reaching it
    // (`gap` away) at `gap / toward`.
    let sign = 1.0f64.copysign(h0);
    let toward = -hv * sign;
    let gap = slab_margin;
    if toward <= e2 {
        // Moving away from the line, or exactly along it (both products exactly zero), or
        // not fast enough to close the gap by t = 1 even at the fastest the bound allows:
        // the capsule is never reached.
        let along_it = (e.x == 0.0 || v.y == 0.0) && (e.y == 0.0 || v.x == 0.0);
        if toward < -e2 || along_it || gap - 2.0 * slab_err > toward.abs() + 2.0 * e2 {
            return Fast::Miss;
        }
        return Fast::Unsure;
    }
    let t = DVec2::new(gap - 2.0 * slab_err, gap + 2.0 * slab_err)
        / DVec2::new(toward + 2.0 * e2, toward - 2.0 * e2);
    if t.x > 1.0 {
        return Fast::Miss;
    }
    // Where along the segment the slab is entered, scaled by `toward`: a sum of two
    // products of four offsets each, against the extent `|e|²·toward`.
    let along = u0 * toward + uv * gap;
    let to_far = len2 * toward - along;
    let e4 = 256.0 * U * mag2 * mag2;
    if min(along, to_far) > e4 {
        // A face hit.
        if !(t.x > 0.0 && t.y <= 1.0) {
            return Fast::Unsure;
        }
        let Some(time) = nearest_f32(t.x, t.y) else {
            return Fast::Unsure;
        };
        return face_hit(m, e, len, sign, h0 > 0.0, time, t.x, t.y);
    }
    let before = -along > e4;
    if !(before || -to_far > e4) {
        return Fast::Unsure;
    }
    let end = if before { End::A } else { End::B };
    cap(m, seg, v, if before { a } else { b }, e, end, mag, false)
}

/// A face hit at a certain time.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn face_hit<A: Answer>(
    m: &Motion,
    e: DVec2,
    len: f64,
    sign: f64,
    left: bool,
    time: f32,
    t_lo: f64,
    t_hi: f64,
) -> Fast<A> {
    let s = m.start;
    let v = m.end - s;
    let (c, c_err) = center_at(s, v, t_lo, t_hi);
    // The side's unit normal, e⊥/|e| on the start's side: each component within 8·U of its
    // own size, so its rounding is faithful as it stands.
    let n = e.perp() * (sign / len);
    let n_err = n.abs() * (8.0 * U);
    let p = c - n * m.radius;
    let p_err = c_err + n_err * m.radius + (c.abs() + n.abs() * m.radius) * (3.0 * U);
    let (Some(c32), Some(p32)) = (faithful_v(c, c_err), faithful_v(p, p_err)) else {
        return Fast::Unsure;
    };
    let n32 = n.as_vec2();
    Fast::Hit(answer(
        time,
        0.5 * (t_lo + t_hi),
        c,
        c32,
        p32,
        n,
        n32,
        n32,
        Feature::Face { left },
        None,
        false,
    ))
}

/// Overlapping at t = 0 over the segment: straight off the face, on the start's side.
#[inline(always)]
fn over_face<A: Answer>(
    m: &Motion,
    seg: &Segment,
    e: DVec2,
    len2: f64,
    u0: f64,
    h0: f64,
    e2: f64,
) -> Fast<A> {
    if h0.abs() <= e2 {
        // On the line, or too near to tell: the side the motion comes from decides.
        return Fast::Unsure;
    }
    let s = m.start;
    let len = len2.sqrt();
    let left = h0 > 0.0;
    // Faithful as it stands (see `face_hit`).
    let n = e.perp() * (1.0f64.copysign(h0) / len);
    // The foot: a + e·u0/|e|².
    let k = u0 / len2;
    let k_err = (e2 + k.abs() * 4.0 * U * len2) / len2 + 2.0 * U * k.abs();
    let a_w = seg.a.as_dvec2();
    let p = a_w + e * k;
    let p_err = e.abs() * k_err + (a_w.abs() + (e * k).abs()) * (4.0 * U);
    let Some(p32) = faithful_v(p, p_err) else {
        return Fast::Unsure;
    };
    Fast::Hit(answer(
        0.0,
        0.0,
        s,
        s.as_vec2(),
        p32,
        n,
        n.as_vec2(),
        n.as_vec2(),
        Feature::Face { left },
        None,
        true,
    ))
}

/// An end's circle: `c` the end relative to the start. From a start in the slab
/// (`in_slab`) an overlap with the end's circle is the push-out; otherwise the start is
/// outside the capsule and the circle's first contact is the answer.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn cap<A: Answer>(
    m: &Motion,
    seg: &Segment,
    v: DVec2,
    c: DVec2,
    e: DVec2,
    end: End,
    mag: f64,
    in_slab: bool,
) -> Fast<A> {
    let s = m.start;
    let r = m.radius;
    let point_w = if end == End::A { seg.a } else { seg.b };
    let tip = v - c;
    let q = Approach::new(c, v, tip, r);
    let ec = U * mag;
    let b = point::Bounds::new(c, v, tip, r, &q, 2.0 * ec, ec, 0.0);
    if in_slab {
        if q.gap.abs() <= b.gap {
            return Fast::Unsure;
        }
        if q.gap < 0.0 {
            // Overlapping the end's circle: away from the end.
            let (n, n_err) = push_out_normal(c, c.length_squared(), c.abs() * U);
            let Some(n32) = faithful_v(n, n_err) else {
                return Fast::Unsure;
            };
            let Some(face) = end_face(n, n_err, e, end) else {
                return Fast::Unsure;
            };
            return Fast::Hit(answer(
                0.0,
                0.0,
                s,
                s.as_vec2(),
                point_w,
                n,
                n32,
                face,
                Feature::End(end),
                None,
                true,
            ));
        }
    }
    if !q.hits() {
        // A start certainly outside the circle, still or certainly missing.
        let out = q.gap - b.gap > 0.0;
        return if out && (v == DVec2::ZERO || point::certain_miss(&q, &b)) {
            Fast::Miss
        } else {
            Fast::Unsure
        };
    }
    let Some(at) = touch(s, v, r, &q, &b, ec) else {
        return Fast::Unsure;
    };
    let Some(face) = end_face(at.n, at.n_err, e, end) else {
        return Fast::Unsure;
    };
    Fast::Hit(at.answer(point_w, face, Feature::End(end)))
}

/// A certain first contact with a point's circle from outside: the time, the centre then
/// and the normal (with its error bound, for the face), each faithful.
struct Touch {
    time: f32,
    t: f64,
    center: DVec2,
    c32: Vec2,
    n: DVec2,
    n_err: DVec2,
    n32: Vec2,
}

impl Touch {
    #[inline(always)]
    fn answer<A: Answer>(&self, point: Vec2, face: Vec2, feature: Feature) -> A {
        let (c, n) = (self.center, self.n);
        answer(
            self.time, self.t, c, self.c32, point, n, self.n32, face, feature, None, false,
        )
    }
}

/// [`Touch`] for a start `s` moving by `v` with radius `r`, the point's [`Approach`] and
/// its bounds (`ec` bounds each component of `v`), or `None` when a bound leaves it open.
#[inline(always)]
fn touch(s: DVec2, v: DVec2, r: f64, q: &Approach, b: &point::Bounds, ec: f64) -> Option<Touch> {
    let k = point::certain_hit(q, b)?;
    let (n, n_err) = point::normal(v, r, q, b, ec, 0.0, &k);
    let (center, c_err) = center_at(s, v, k.t_lo, k.t_hi);
    Some(Touch {
        time: k.time,
        t: 0.5 * (k.t_lo + k.t_hi),
        center,
        c32: faithful_v(center, c_err)?,
        n,
        n_err,
        n32: faithful_v(n, n_err)?,
    })
}

/// At an end cap, the face the centre is mostly over: the segment's side normal when the
/// contact normal leans across the segment at least as much as along it, else the end's
/// outward direction along the segment; when that is certain.
#[inline(always)]
fn end_face(n: DVec2, n_err: DVec2, e: DVec2, end: End) -> Option<Vec2> {
    let len = e.length();
    // Scaled by |e|: n·e⊥ and n·e.
    let across = n.dot(e.perp());
    let along = n.dot(e);
    let err = (n_err.x + n.x.abs() * 4.0 * U) * e.x.abs()
        + (n_err.y + n.y.abs() * 4.0 * U) * e.y.abs()
        + 4.0 * U * (e.x.abs() + e.y.abs());
    if (across.abs() - along.abs()).abs() <= 2.0 * err {
        return None;
    }
    // Both candidates, and the one that wins picked without a jump: which wins is as
    // random as the contact.
    let side = e.perp() * across.signum();
    let axial = e * if end == End::A { -1.0 } else { 1.0 };
    let wins = across.abs() >= along.abs();
    let dir = DVec2::new(pick(wins, side.x, axial.x), pick(wins, side.y, axial.y));
    // Faithful as it stands (see `face_hit`).
    Some((dir / len).as_vec2())
}

/// A zero-length segment: the point `a` (relative to the start). A point against a point
/// (r = 0) only ever touches it.
#[inline(always)]
fn point_obstacle<A: Answer>(m: &Motion, seg: &Segment, v: DVec2, a: DVec2, mag: f64) -> Fast<A> {
    let r = m.radius;
    if r == 0.0 {
        return Fast::Miss;
    }
    let s = m.start;
    let tip = v - a;
    let q = Approach::new(a, v, tip, r);
    let ec = U * mag;
    let b = point::Bounds::new(a, v, tip, r, &q, 2.0 * ec, ec, 0.0);
    if q.gap.abs() <= b.gap {
        return Fast::Unsure;
    }
    if q.gap < 0.0 {
        // Overlapping: away from the point; centred on it, against the motion, else up.
        let (n, n_err) = if a != DVec2::ZERO {
            push_out_normal(a, a.length_squared(), a.abs() * U)
        } else if v != DVec2::ZERO {
            push_out_normal(v, v.length_squared(), v.abs() * U)
        } else {
            (DVec2::Y, DVec2::ZERO)
        };
        let Some(n32) = faithful_v(n, n_err) else {
            return Fast::Unsure;
        };
        return Fast::Hit(answer(
            0.0,
            0.0,
            s,
            s.as_vec2(),
            seg.a,
            n,
            n32,
            n32,
            Feature::End(End::A),
            None,
            true,
        ));
    }
    if !q.hits() {
        return if v == DVec2::ZERO || point::certain_miss(&q, &b) {
            Fast::Miss
        } else {
            Fast::Unsure
        };
    }
    match touch(s, v, r, &q, &b, ec) {
        Some(at) => Fast::Hit(at.answer(seg.a, at.n32, Feature::End(End::A))),
        None => Fast::Unsure,
    }
}
