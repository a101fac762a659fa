//! Moving circle vs moving circle: in relative motion the other circle stands still and
//! ours moves by the difference of the displacements, against radius `r1 + r2`.

use glam::DVec2;

use super::circle_aabb::to_f32;
use super::expansion as exact;
use super::kernel::{
    Fine, ROUNDING, avx_dispatch, exact_diff, point_contact_exact, sq_minus_sq, valid,
};
use crate::geom::Sweep;
use crate::hit::{Feature, Hit};

avx_dispatch! {
    /// First contact of `sweep` with `other`, both moving over the same `t`. The normal points
    /// from the other circle's centre toward ours; `point` is on the other circle's surface.
    pub fn cast_circle(sweep: &Sweep, other: &Sweep) = cast_circle_impl;
}

#[inline(always)]
fn cast_circle_impl(sweep: &Sweep, other: &Sweep) -> Option<Hit> {
    let s1 = sweep.start.as_dvec2();
    let v1 = sweep.end.as_dvec2() - s1;
    let s2 = other.start.as_dvec2();
    let v2 = other.end.as_dvec2() - s2;
    let (r1, r2) = (f64::from(sweep.radius), f64::from(other.radius));
    let reach = r1 + r2;
    // The other centre relative to ours at t = 0 and at t = 1, and our motion relative to
    // it as their difference: `(e1 − e2) − (s1 − s2)`, not `(e1 − s1) − (e2 − s2)`. Each
    // f64 difference of f32 values rounds when they differ hugely in size, and the second
    // form then carries errors the size of each whole motion: two circles travelling side
    // by side from near 0 to near 1e6 lost their small relative motion, and the contact
    // centre was units off. The first form errs only by the size of the separations, as
    // the start's own offset `c` already does.
    let c = s2 - s1;
    let c_end = other.end.as_dvec2() - sweep.end.as_dvec2();
    let v = c - c_end;
    // `is_valid` for both sweeps, cheaply (see `valid`), asked only of an answer that is
    // not `None`: a miss, half of a mix, is also the answer to invalid input, whatever
    // these comparisons make of NaN or a negative radius.
    let inputs_valid = || valid((v1 + v2 + c).element_sum() + reach, r1.min(r2));
    let gap2 = c.length_squared();
    let reach2 = reach * reach;
    // The offsets and the reach exactly, worked out only on the cold paths that call for
    // them. The closure holds the two references alone, which stay in registers; one
    // that captured the intermediate values was built in memory on every query.
    let fine = || fine(sweep, other);
    // Overlapping at t = 0. When the two squares are within rounding of each other they
    // are compared exactly: circles of very different radii touching exactly (a radius of
    // 15720 against 0.005) had `gap2` round below `reach2`, a touch taken for an overlap.
    if gap2 < reach2 * (1.0 + ROUNDING) && overlaps(gap2, reach2, fine) {
        return inputs_valid().then(|| overlapping(sweep, other, c, v, gap2));
    }
    // The verdict before any root or division, in one branch (see `point_contact_exact`).
    // A zero reach never has a root: its discriminant is never positive. The offset at
    // t = 1 is the negated `c_end`, exact where `v − c` may not be.
    let (t, normal) = point_contact_exact(c, v, -c_end, reach, fine)?;
    if !inputs_valid() {
        return None;
    }
    let other_center = s2 + v2 * t;
    Some(Hit {
        time: t as f32,
        center: to_f32(s1 + v1 * t),
        point: to_f32(other_center + normal * r2),
        normal: to_f32(normal),
        face_normal: to_f32(normal),
        feature: Feature::Circle,
        region: None,
        started_inside: false,
    })
}

/// The start's and end's offsets and the reach exactly, as value and error
/// (`r1 − (−r2)` is the sum), for the cold paths of [`point_contact_exact`].
#[cold]
#[inline(never)]
fn fine(sweep: &Sweep, other: &Sweep) -> Fine {
    let pair = |a: glam::Vec2, b: glam::Vec2| exact_diff(a.as_dvec2(), b.as_dvec2());
    let [reach, reach_lo] = exact::diff(sweep.radius.into(), -f64::from(other.radius));
    Fine {
        c: pair(other.start, sweep.start),
        end: pair(sweep.end, other.end),
        radius: [reach, reach_lo],
    }
}

/// For `gap2` below `reach2` or within rounding above it: whether the circles overlap at
/// t = 0, decided exactly when the two are within rounding of each other.
#[inline(always)]
fn overlaps(gap2: f64, reach2: f64, fine: impl Fn() -> Fine) -> bool {
    if gap2 < reach2 * (1.0 - ROUNDING) {
        return true;
    }
    let fine = fine();
    sq_minus_sq(fine.c, fine.radius) < 0.0
}

/// Already overlapping at t = 0: time 0, pushed apart along the centre line (or against the
/// motion when the centres coincide).
fn overlapping(sweep: &Sweep, other: &Sweep, c: DVec2, v: DVec2, gap2: f64) -> Hit {
    // `try_normalize`'s test for a usable length, on `|c|²` already at hand.
    let rcp = 1.0 / gap2.sqrt();
    let normal = if rcp < f64::INFINITY {
        -c * rcp
    } else {
        coincident(v)
    };
    Hit {
        time: 0.0,
        center: sweep.start,
        point: to_f32(other.start.as_dvec2() + normal * f64::from(other.radius)),
        normal: to_f32(normal),
        face_normal: to_f32(normal),
        feature: Feature::Circle,
        region: None,
        started_inside: true,
    }
}

/// The push-out for centres too close for their offset to have a direction: against the
/// relative motion, else up.
#[cold]
fn coincident(v: DVec2) -> DVec2 {
    (-v).try_normalize().unwrap_or(DVec2::Y)
}
