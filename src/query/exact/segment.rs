//! A circle against a segment, exactly, on the f32 inputs.
//!
//! The rules are the box's (see [`super::boxes`]): overlap at t = 0 when closer than r; else
//! the first entry into the open capsule (an open rectangle along the segment and a disc
//! at each end) on the extended line, if by t = 1. A segment has no inside, so for r = 0 a
//! point hits it by crossing its line from one side to the other at a point of it (its
//! ends included; a landing at t = 1 counts); sliding along its line, or passing through a
//! zero-length segment, only touches it.

use std::cmp::Ordering;

use super::dyadic::Dy;
use super::pieces::{Span, disc, earliest, slab};
use super::ring::{Ring, V2, cross, dot, v_sub};
use super::surd::{Surd, SurdV, sign_xyd};
use crate::hit::{End, Feature};

pub(crate) struct SegmentProblem {
    pub s: V2<Dy>,
    pub v: V2<Dy>,
    pub a: V2<Dy>,
    pub b: V2<Dy>,
    pub r: Dy,
}

pub(crate) struct SegmentContact {
    pub t: Surd<Dy>,
    pub point: SurdV<Dy>,
    pub normal: SurdV<Dy>,
    pub face_normal: SurdV<Dy>,
    pub feature: Feature,
    pub started_inside: bool,
}

type S = Surd<Dy>;
type SV = SurdV<Dy>;

fn int(i: i64) -> Dy {
    Dy::from_int(i)
}

pub(crate) fn solve(p: &SegmentProblem) -> Option<SegmentContact> {
    let e = v_sub(&p.b, &p.a);
    let len2 = dot(&e, &e);
    if len2.is_zero() {
        return point(p);
    }
    let r_zero = p.r.is_zero();
    let sa = v_sub(&p.s, &p.a);
    // u: where the start projects along the segment (scaled by |e|²); h: its signed
    // distance from the line, left of a→b positive (scaled by |e|).
    let u0 = dot(&e, &sa);
    let h0 = cross(&e, &sa);
    let rr = p.r.square();
    if !r_zero {
        let d2_end = |q: &V2<Dy>| {
            let c = v_sub(&p.s, q);
            dot(&c, &c)
        };
        let overlap = if u0.sign() <= 0 {
            d2_end(&p.a).sub(&rr).sign() < 0
        } else if u0.sub(&len2).sign() >= 0 {
            d2_end(&p.b).sub(&rr).sign() < 0
        } else {
            h0.square().sub(&rr.mul(&len2)).sign() < 0
        };
        if overlap {
            return Some(push_out(p, &e, &len2, &u0, &h0));
        }
    } else {
        return crossing(p, &e, &len2, &u0, &h0);
    }
    // The open rectangle |h| < r·|e|, 0 < u < |e|², and the end discs.
    let hv = cross(&e, &p.v);
    let uv = dot(&e, &p.v);
    let reach = |sign: i64| Surd::new(Dy::zero(), p.r.mul(&int(sign)), len2.clone(), Dy::one());
    let band =
        slab(&reach(-1), &reach(1), &h0, &hv).and(slab(&S::zero(), &S::of(len2.clone()), &u0, &uv));
    let t = earliest([
        band.entry(),
        disc(&p.s, &p.v, &p.a, &p.r).entry(),
        disc(&p.s, &p.v, &p.b, &p.r).entry(),
    ])?;
    if t.cmp_r(&Dy::one()) == Ordering::Greater {
        return None;
    }
    let at = SurdV::along(&p.s, &p.v, &t);
    // Where the contact centre projects: before a, past b, or over the segment.
    let u_at = at.minus(&p.a);
    let u_at = Surd::new(
        dot(&e, &u_at.x),
        dot(&e, &u_at.y),
        u_at.d.clone(),
        u_at.z.clone(),
    );
    let end = if u_at.sign() < 0 {
        Some(End::A)
    } else if u_at.cmp_r(&len2) == Ordering::Greater {
        Some(End::B)
    } else {
        None
    };
    let n_left = [e[1].neg(), e[0].clone()];
    Some(match end {
        Some(end) => {
            let q = if end == End::A { &p.a } else { &p.b };
            let normal = at.minus(q).div(&p.r);
            let face_normal = end_face(&normal, &e, end);
            SegmentContact {
                t,
                point: SurdV::of(q.clone()),
                normal,
                face_normal,
                feature: Feature::End(end),
                started_inside: false,
            }
        }
        None => {
            let h_at = at.minus(&p.a);
            let left =
                sign_xyd(&cross(&e, &h_at.x), &cross(&e, &h_at.y), &h_at.d) * h_at.z.sign() > 0;
            let normal = SurdV::unit(&if left {
                n_left
            } else {
                [e[1].clone(), e[0].neg()]
            });
            // The foot of the centre on the segment: a + e·u/|e|².
            let foot = SurdV {
                x: [0, 1].map(|i| p.a[i].mul(&u_at.z).mul(&len2).add(&e[i].mul(&u_at.x))),
                y: [0, 1].map(|i| e[i].mul(&u_at.y)),
                d: u_at.d.clone(),
                z: u_at.z.mul(&len2),
            };
            SegmentContact {
                t,
                point: foot,
                normal: normal.clone(),
                face_normal: normal,
                feature: Feature::Face { left },
                started_inside: false,
            }
        }
    })
}

/// At an end cap, the face the centre is mostly over: the segment's side when the normal
/// leans across it at least as much as along it, else the end's outward direction.
fn end_face(normal: &SV, e: &V2<Dy>, end: End) -> SV {
    let n_left = [e[1].neg(), e[0].clone()];
    // normal·n_left and normal·e (both scaled by |e|), sharing a radicand and denominator.
    let comp = |w: &V2<Dy>| {
        Surd::new(
            dot(w, &normal.x),
            dot(w, &normal.y),
            normal.d.clone(),
            normal.z.clone(),
        )
    };
    let (across, along) = (comp(&n_left), comp(e));
    // |across| ≥ |along|: across² − along² ≥ 0.
    let a2 = across.x.square().add(&across.y.square().mul(&across.d));
    let b2 = along.x.square().add(&along.y.square().mul(&along.d));
    let c = int(2).mul(&across.x.mul(&across.y).sub(&along.x.mul(&along.y)));
    if sign_xyd(&a2.sub(&b2), &c, &across.d) >= 0 {
        let s = i64::from(across.sign());
        SurdV::unit(&[n_left[0].mul(&int(s)), n_left[1].mul(&int(s))])
    } else {
        let s = if end == End::A { -1 } else { 1 };
        SurdV::unit(&[e[0].mul(&int(s)), e[1].mul(&int(s))])
    }
}

/// Overlapping at t = 0: pushed out straight off the face, or away from an end.
fn push_out(p: &SegmentProblem, e: &V2<Dy>, len2: &Dy, u0: &Dy, h0: &Dy) -> SegmentContact {
    let n_left = [e[1].neg(), e[0].clone()];
    let moving_left = dot(&p.v, &n_left).sign() <= 0;
    let (point, normal, face_normal, feature) = if u0.sign() > 0 && u0.sub(len2).sign() < 0 {
        // Over the segment; exactly on it, leave on the side the motion comes from.
        let left = if h0.is_zero() {
            moving_left
        } else {
            h0.sign() > 0
        };
        let n = SurdV::unit(&if left {
            n_left
        } else {
            [e[1].clone(), e[0].neg()]
        });
        let foot = SurdV {
            x: [0, 1].map(|i| p.a[i].mul(len2).add(&e[i].mul(u0))),
            y: [Dy::zero(), Dy::zero()],
            d: Dy::zero(),
            z: len2.clone(),
        };
        (foot, n.clone(), n, Feature::Face { left })
    } else {
        let (end, q) = if u0.sign() <= 0 {
            (End::A, &p.a)
        } else {
            (End::B, &p.b)
        };
        let off = v_sub(&p.s, q);
        let n = if dot(&off, &off).is_zero() {
            // Centred on the end: leave on the side the motion comes from.
            SurdV::unit(&if moving_left {
                n_left
            } else {
                [e[1].clone(), e[0].neg()]
            })
        } else {
            SurdV::unit(&off)
        };
        let face = end_face(&n, e, end);
        (SurdV::of(q.clone()), n, face, Feature::End(end))
    };
    SegmentContact {
        t: S::zero(),
        point,
        normal,
        face_normal,
        feature,
        started_inside: true,
    }
}

/// A zero-length segment: the point `a`.
fn point(p: &SegmentProblem) -> Option<SegmentContact> {
    if p.r.is_zero() {
        return None;
    }
    let off = v_sub(&p.s, &p.a);
    let d2 = dot(&off, &off);
    if d2.sub(&p.r.square()).sign() < 0 {
        let n = if !d2.is_zero() {
            SurdV::unit(&off)
        } else if !dot(&p.v, &p.v).is_zero() {
            SurdV::unit(&[p.v[0].neg(), p.v[1].neg()])
        } else {
            SurdV::of([Dy::zero(), Dy::one()])
        };
        return Some(SegmentContact {
            t: S::zero(),
            point: SurdV::of(p.a.clone()),
            normal: n.clone(),
            face_normal: n,
            feature: Feature::End(End::A),
            started_inside: true,
        });
    }
    let t = match disc(&p.s, &p.v, &p.a, &p.r) {
        span @ Span::Between(..) => span.entry()?,
        _ => return None,
    };
    if t.cmp_r(&Dy::one()) == Ordering::Greater {
        return None;
    }
    let normal = SurdV::along(&p.s, &p.v, &t).minus(&p.a).div(&p.r);
    Some(SegmentContact {
        t,
        point: SurdV::of(p.a.clone()),
        normal: normal.clone(),
        face_normal: normal,
        feature: Feature::End(End::A),
        started_inside: false,
    })
}

/// r = 0: crossing the segment's line from one side to the other at a point of it.
fn crossing(p: &SegmentProblem, e: &V2<Dy>, len2: &Dy, u0: &Dy, h0: &Dy) -> Option<SegmentContact> {
    let hv = cross(e, &p.v);
    let from = h0.sign();
    if from == 0 || hv.sign() != -from {
        return None;
    }
    // h0 + hv·t = 0.
    let t = Surd::rat(h0.neg(), hv.clone());
    if t.cmp_r(&Dy::one()) == Ordering::Greater {
        return None;
    }
    let uv = dot(e, &p.v);
    // u at the crossing: u0 + uv·t = (u0·hv − uv·h0) / hv.
    let u = Surd::rat(u0.mul(&hv).sub(&uv.mul(h0)), hv);
    if u.sign() < 0 || u.cmp_r(len2) == Ordering::Greater {
        return None;
    }
    // A crossing exactly at an end is on the face: the centre projects onto the end, not
    // beyond it (the limit of r → 0, and the box's seam-goes-to-the-side rule).
    let left = from > 0;
    let feature = Feature::Face { left };
    let n = SurdV::unit(&if left {
        [e[1].neg(), e[0].clone()]
    } else {
        [e[1].clone(), e[0].neg()]
    });
    let at = SurdV::along(&p.s, &p.v, &t);
    Some(SegmentContact {
        t,
        point: at,
        normal: n.clone(),
        face_normal: n,
        feature,
        started_inside: false,
    })
}
