//! The queries in exact arithmetic: the answer every query returns, for any finite input.
//!
//! The fast queries compute in f64 and check their own rounding error; where it could
//! change an answer (a touch, a graze, a tie, a tiny radius against large offsets, values
//! that span more than f64's 53 bits), they call these instead. These decide every
//! comparison exactly, on big integers:
//! - inputs (f32, or the f64 legs of `resolve`) are dyadic rationals, so sums, differences
//!   and products of them are exact;
//! - a contact time is a root of a quadratic, `(x + y·√d) / z`: such numbers compare
//!   exactly by squaring, with no square root taken;
//! - a rotated box's frame needs the cosine and sine of its angle, which are
//!   transcendental: its numbers are polynomials in them whose signs are settled exactly
//!   (on the platform's `sin_cos`, within 2⁻⁵⁰ of the true values: `docs/exactness.md`);
//! - each reported number (time, centre, contact point, normal) is rounded to the f32
//!   nearest its exact value, from intervals narrowed until the rounding is certain.
//!
//! They are slow (microseconds, big integers allocated) and kept out of the fast paths'
//! way. They are public so that a user can check any answer against them.

mod boxes;
mod circle;
pub(crate) mod dyadic;
mod interval;
mod pieces;
pub(crate) mod ring;
mod segment;
pub(crate) mod surd;
mod trig;

use glam::{DVec2, Vec2};

use self::dyadic::Dy;
use self::ring::{Ring, V2};
use self::surd::SurdV;
use super::contact::{Contact, Motion};
use crate::geom::{Aabb, Obb, Segment, Sweep};
use crate::hit::Hit;

/// [`Sweep::vs_aabb`](crate::Sweep::vs_aabb), decided and rounded in exact arithmetic.
pub fn cast_aabb(sweep: &Sweep, aabb: &Aabb) -> Option<Hit> {
    aabb_contact(&Motion::of(sweep), aabb).map(|c| c.hit)
}

/// [`Sweep::vs_obb`](crate::Sweep::vs_obb), decided and rounded in exact arithmetic.
pub fn cast_obb(sweep: &Sweep, obb: &Obb) -> Option<Hit> {
    obb_contact(&Motion::of(sweep), obb).map(|c| c.hit)
}

/// [`Sweep::vs_segment`](crate::Sweep::vs_segment), decided and rounded in exact
/// arithmetic.
pub fn cast_segment(sweep: &Sweep, segment: &Segment) -> Option<Hit> {
    segment_contact(&Motion::of(sweep), segment).map(|c| c.hit)
}

/// [`Sweep::vs_circle`](crate::Sweep::vs_circle), decided and rounded in exact arithmetic.
pub fn cast_circle(sweep: &Sweep, other: &Sweep) -> Option<Hit> {
    circle_contact(&Motion::of(sweep), &Motion::of(other)).map(|c| c.hit)
}

fn dv(p: DVec2) -> V2<Dy> {
    [Dy::from_f64(p.x), Dy::from_f64(p.y)]
}

fn fv(p: Vec2) -> V2<Dy> {
    [Dy::from_f32(p.x), Dy::from_f32(p.y)]
}

/// f32 values of a vector, kept finite: a `resolve` leg far beyond the f32 range can put a
/// contact there, which is reported at the largest f32 in its direction.
fn round_v<R: Ring>(v: &SurdV<R>) -> Vec2 {
    v.round_f32()
        .clamp(Vec2::splat(-f32::MAX), Vec2::splat(f32::MAX))
}

pub(crate) fn aabb_contact(m: &Motion, aabb: &Aabb) -> Option<Contact> {
    if !(m.is_valid() && aabb.is_valid()) {
        return None;
    }
    let (s, v) = (dv(m.start), ring::v_sub(&dv(m.end), &dv(m.start)));
    let problem = boxes::BoxProblem {
        s: s.clone(),
        v: v.clone(),
        lo: fv(aabb.min),
        hi: fv(aabb.max),
        r: Dy::from_f64(m.radius),
    };
    let c = boxes::solve(&problem)?;
    let center = SurdV::along(&s, &v, &c.t);
    Some(box_contact(
        &c,
        &center,
        &c.point,
        &c.normal,
        &c.face_normal,
    ))
}

pub(crate) fn obb_contact(m: &Motion, obb: &Obb) -> Option<Contact> {
    if !(m.is_valid() && obb.is_valid()) {
        return None;
    }
    if obb.angle == 0.0 {
        return obb_in::<Dy>(m, obb, Dy::one(), Dy::zero());
    }
    let ctx = trig::Angle::new(obb.angle);
    obb_in(m, obb, trig::Trig::cos(&ctx), trig::Trig::sin(&ctx))
}

/// A rotated box in the ring `R` holding the cosine `c` and sine `s` of its angle.
fn obb_in<R: Ring>(m: &Motion, obb: &Obb, c: R, s: R) -> Option<Contact> {
    let lift = |p: V2<Dy>| p.map(R::of);
    let (start, v) = (
        lift(dv(m.start)),
        lift(ring::v_sub(&dv(m.end), &dv(m.start))),
    );
    let center = lift(fv(obb.center));
    let h = lift(fv(obb.half_extents));
    // World → box frame: the inverse rotation.
    let local = |w: &V2<R>| {
        [
            c.mul(&w[0]).add(&s.mul(&w[1])),
            c.mul(&w[1]).sub(&s.mul(&w[0])),
        ]
    };
    let problem = boxes::BoxProblem {
        s: local(&ring::v_sub(&start, &center)),
        v: local(&v),
        lo: [h[0].neg(), h[1].neg()],
        hi: h,
        r: R::of(Dy::from_f64(m.radius)),
    };
    let k = boxes::solve(&problem)?;
    let world_center = SurdV::along(&start, &v, &k.t);
    let point = k.point.rotate(&c, &s).plus(&center);
    let normal = k.normal.rotate(&c, &s);
    let face = k.face_normal.rotate(&c, &s);
    Some(box_contact(&k, &world_center, &point, &normal, &face))
}

fn box_contact<R: Ring>(
    k: &boxes::BoxContact<R>,
    center: &SurdV<R>,
    point: &SurdV<R>,
    normal: &SurdV<R>,
    face: &SurdV<R>,
) -> Contact {
    Contact {
        hit: Hit {
            time: k.t.round_f32(),
            center: round_v(center),
            point: round_v(point),
            normal: normal.round_f32(),
            face_normal: face.round_f32(),
            feature: k.feature,
            region: Some(k.region),
            started_inside: k.started_inside,
        },
        t: k.t.approx_f64(),
        center: center.approx_f64(),
        normal: normal.approx_f64(),
    }
}

pub(crate) fn segment_contact(m: &Motion, seg: &Segment) -> Option<Contact> {
    if !(m.is_valid() && seg.is_valid()) {
        return None;
    }
    let (s, v) = (dv(m.start), ring::v_sub(&dv(m.end), &dv(m.start)));
    let c = segment::solve(&segment::SegmentProblem {
        s: s.clone(),
        v: v.clone(),
        a: fv(seg.a),
        b: fv(seg.b),
        r: Dy::from_f64(m.radius),
    })?;
    let center = SurdV::along(&s, &v, &c.t);
    Some(Contact {
        hit: Hit {
            time: c.t.round_f32(),
            center: round_v(&center),
            point: round_v(&c.point),
            normal: c.normal.round_f32(),
            face_normal: c.face_normal.round_f32(),
            feature: c.feature,
            region: None,
            started_inside: c.started_inside,
        },
        t: c.t.approx_f64(),
        center: center.approx_f64(),
        normal: c.normal.approx_f64(),
    })
}

pub(crate) fn circle_contact(m: &Motion, other: &Motion) -> Option<Contact> {
    if !(m.is_valid() && other.is_valid()) {
        return None;
    }
    let c = circle::solve(&circle::CircleProblem {
        s1: dv(m.start),
        v1: ring::v_sub(&dv(m.end), &dv(m.start)),
        r1: Dy::from_f64(m.radius),
        s2: dv(other.start),
        v2: ring::v_sub(&dv(other.end), &dv(other.start)),
        r2: Dy::from_f64(other.radius),
    })?;
    Some(Contact {
        hit: Hit {
            time: c.t.round_f32(),
            center: round_v(&c.center),
            point: round_v(&c.point),
            normal: c.normal.round_f32(),
            face_normal: c.normal.round_f32(),
            feature: crate::hit::Feature::Circle,
            region: None,
            started_inside: c.started_inside,
        },
        t: c.t.approx_f64(),
        center: c.center.approx_f64(),
        normal: c.normal.approx_f64(),
    })
}
