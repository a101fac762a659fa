//! Moving circle vs moving circle: in relative motion the other circle stands still and
//! ours moves by the difference of the displacements, against radius `r1 + r2`.

use glam::DVec2;

use super::circle_aabb::{center_at, push_out_normal};
use super::contact::{Contact, Motion};
use super::exact;
use super::float::{U, avx_dispatch, faithful_v, max, valid};
use super::kernel::Fast;
use super::point::{self, Approach};
use crate::geom::{Relative, Sweep};
use crate::hit::{Feature, Hit};

avx_dispatch! {
    /// First contact of `sweep` with `other`, both moving over the same `t`. The normal points
    /// from the other circle's centre toward ours; `point` is on the other circle's surface.
    pub fn cast_circle(sweep: &Sweep, other: &Sweep) -> Option<Hit> =
        |sweep: &Sweep, other: &Sweep| circle_fast(&Motion::of(sweep), &Motion::of(other)).map(|c| c.hit);
}

avx_dispatch! {
    /// [`cast_circle`] for motions in f64, with the values `resolve` carries on from.
    pub(crate) fn circle_contact(m: &Motion, other: &Motion) -> Option<Contact> = circle_fast;
}

#[inline(always)]
fn circle_fast(m: &Motion, o: &Motion) -> Option<Contact> {
    let (s1, r1, r2) = (m.start, m.radius, o.radius);
    // The other centre relative to ours at t = 0 and at t = 1 (exact negations of the
    // separations), and our motion relative to it in the form the debugger draws.
    let rel = Relative::of(s1, m.end, o.start, o.end);
    let (c, c_end, v) = (-rel.start_gap, -rel.end_gap, rel.displacement);
    let reach = r1 + r2;
    // `is_valid` for both motions, cheaply (see `valid`), asked only of an answer that is
    // not `None`: a miss is also the answer to invalid input, whatever these comparisons
    // make of NaN or a negative radius.
    let inputs_valid = || {
        valid(
            (c.abs() + c_end.abs() + (m.end - s1).abs()).element_sum() + reach,
            r1.min(r2),
        )
    };
    match circle_kernel(m, o, c, c_end, v, reach) {
        Fast::Miss => None,
        Fast::Hit(k) => inputs_valid().then_some(k),
        Fast::Unsure => {
            if inputs_valid() {
                settle(m, o)
            } else {
                None
            }
        }
    }
}

#[cold]
#[inline(never)]
fn settle(m: &Motion, o: &Motion) -> Option<Contact> {
    exact::circle_contact(m, o)
}

#[inline(always)]
fn circle_kernel(
    m: &Motion,
    o: &Motion,
    c: DVec2,
    c_end: DVec2,
    v: DVec2,
    reach: f64,
) -> Fast<Contact> {
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
    Fast::Hit(Contact {
        hit: Hit {
            time: k.time,
            center: c32,
            point: p32,
            normal: n32,
            face_normal: n32,
            feature: Feature::Circle,
            region: None,
            started_inside: false,
        },
        t: 0.5 * (k.t_lo + k.t_hi),
        center,
        normal: n,
    })
}

/// Overlapping at t = 0: pushed apart along the centre line (when the centres coincide,
/// against the motion: left to the exact query).
#[inline(always)]
fn overlapping(m: &Motion, o: &Motion, c: DVec2) -> Fast<Contact> {
    if c == DVec2::ZERO {
        return Fast::Unsure;
    }
    // Away from the other's centre: −c/|c|.
    // Each component of c is one rounding of an exact difference.
    let (n, n_err) = push_out_normal(c, c.length_squared(), c.abs() * U);
    let p = o.start + n * o.radius;
    let p_err = n_err * o.radius + (o.start.abs() + n.abs() * o.radius) * (2.0 * U);
    let (Some(n32), Some(p32)) = (faithful_v(n, n_err), faithful_v(p, p_err)) else {
        return Fast::Unsure;
    };
    Fast::Hit(Contact {
        hit: Hit {
            time: 0.0,
            center: m.start.as_vec2(),
            point: p32,
            normal: n32,
            face_normal: n32,
            feature: Feature::Circle,
            region: None,
            started_inside: true,
        },
        t: 0.0,
        center: m.start,
        normal: n,
    })
}
