//! A moving circle against another, exactly, on the f32 inputs: in the other circle's frame
//! ours moves by the difference of the motions against radius `r1 + r2`. Two points
//! (both radii zero) only ever touch: never a hit.

use std::cmp::Ordering;

use super::dyadic::Dy;
use super::pieces::{Span, disc};
use super::ring::{Ring, V2, dot, v_add, v_sub};
use super::surd::{Surd, SurdV};

pub(crate) struct CircleProblem {
    /// Ours: start, motion, radius.
    pub s1: V2<Dy>,
    pub v1: V2<Dy>,
    pub r1: Dy,
    /// The other's.
    pub s2: V2<Dy>,
    pub v2: V2<Dy>,
    pub r2: Dy,
}

pub(crate) struct CircleContact {
    pub t: Surd<Dy>,
    /// Our centre at `t`.
    pub center: SurdV<Dy>,
    /// On the other circle's surface, toward ours.
    pub point: SurdV<Dy>,
    pub normal: SurdV<Dy>,
    pub started_inside: bool,
}

pub(crate) fn solve(p: &CircleProblem) -> Option<CircleContact> {
    let reach = p.r1.add(&p.r2);
    // Ours relative to the other's centre, and its motion.
    let rel = v_sub(&p.s1, &p.s2);
    let w = v_sub(&p.v1, &p.v2);
    let d2 = dot(&rel, &rel);
    if d2.sub(&reach.square()).sign() < 0 {
        let normal = if !d2.is_zero() {
            SurdV::unit(&rel)
        } else if !dot(&w, &w).is_zero() {
            SurdV::unit(&[w[0].neg(), w[1].neg()])
        } else {
            SurdV::of([Dy::zero(), Dy::one()])
        };
        return Some(CircleContact {
            t: Surd::zero(),
            center: SurdV::of(p.s1.clone()),
            point: normal.scale(&p.r2).plus(&p.s2),
            normal,
            started_inside: true,
        });
    }
    if reach.is_zero() {
        return None;
    }
    let zero = [Dy::zero(), Dy::zero()];
    let t = match disc(&rel, &w, &zero, &reach) {
        span @ Span::Between(..) => span.entry()?,
        _ => return None,
    };
    if t.cmp_r(&Dy::one()) == Ordering::Greater {
        return None;
    }
    let normal = SurdV::along(&rel, &w, &t).div(&reach);
    // The other's centre at t, plus r2 along the normal: s2 + v2·t + (rel + w·t)·r2/reach.
    let k = p.r2.clone();
    let point = SurdV::along(
        &v_add(
            &p.s2.clone().map(|c| c.mul(&reach)),
            &rel.clone().map(|c| c.mul(&k)),
        ),
        &v_add(
            &p.v2.clone().map(|c| c.mul(&reach)),
            &w.clone().map(|c| c.mul(&k)),
        ),
        &t,
    )
    .div(&reach);
    Some(CircleContact {
        center: SurdV::along(&p.s1, &p.v1, &t),
        t,
        point,
        normal,
        started_inside: false,
    })
}
