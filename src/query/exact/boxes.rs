//! A circle against a box, exactly, in the box's own frame (the f32 inputs for an
//! axis-aligned box; for a rotated box, numbers in its angle's cosine and sine).
//!
//! The rules (see [`crate::query`]):
//! - the circle overlaps the box at t = 0 when its centre is closer than `r` to it, or, for
//!   r = 0, strictly inside it: a hit at time 0, `started_inside`, pushed out the shortest
//!   way;
//! - otherwise the contact is the first time the centre enters the open set of points
//!   closer than `r` to the box (for r = 0, the box's interior), on the line of the motion
//!   extended past t = 1, if that time is at most 1. A touch at t = 0 moving in enters at
//!   once; moving away or along, and a graze, never enter; a touch at t = 1 still
//!   approaching enters at 1;
//! - a box of zero width or height (a wall) with r = 0 has no interior: the point hits it
//!   by crossing its line at a point of it, from one side to the other (a landing at
//!   t = 1 counts). A point box and r = 0 is never hit.
//!
//! The open set is the union of two open rectangles (the box grown by `r` along one axis)
//! and four open discs around the corners, so its first entry is the earliest of theirs.

use std::cmp::Ordering;

use super::dyadic::Dy;
use super::pieces::{disc, earliest, slab};
use super::ring::{Ring, V2};
use super::surd::{Surd, SurdV};
use crate::hit::Feature;
use crate::region::{Corner, Region, Side};

/// A moving circle and a box, in the box's frame: start `s`, motion `v`, box `[lo, hi]`
/// (`lo ≤ hi`), radius `r ≥ 0`.
pub(crate) struct BoxProblem<R> {
    pub s: V2<R>,
    pub v: V2<R>,
    pub lo: V2<R>,
    pub hi: V2<R>,
    pub r: R,
}

/// The exact contact, in the box's frame; the moving centre at `t` is `s + v·t`.
pub(crate) struct BoxContact<R> {
    pub t: Surd<R>,
    pub point: SurdV<R>,
    pub normal: SurdV<R>,
    pub face_normal: SurdV<R>,
    pub feature: Feature,
    pub region: Region,
    pub started_inside: bool,
}

pub(crate) fn solve<R: Ring>(p: &BoxProblem<R>) -> Option<BoxContact<R>> {
    let r_zero = p.r.sign() == 0;
    // How far the start is outside the box on each axis (0 within the box's extent).
    let below = |i: usize| p.lo[i].sub(&p.s[i]);
    let above = |i: usize| p.s[i].sub(&p.hi[i]);
    let out: V2<R> = [0, 1].map(|i| {
        let (b, a) = (below(i), above(i));
        if b.sign() > 0 {
            b
        } else if a.sign() > 0 {
            a
        } else {
            R::zero()
        }
    });
    let dist2 = out[0].square().add(&out[1].square());
    let strictly_inside = (0..2).all(|i| below(i).sign() < 0 && above(i).sign() < 0);
    let overlap = if r_zero {
        strictly_inside
    } else {
        dist2.sub(&p.r.square()).sign() < 0
    };
    if overlap {
        return Some(push_out(p, &dist2));
    }
    let flat = [0, 1].map(|i| p.lo[i].sub(&p.hi[i]).sign() == 0);
    if r_zero && (flat[0] || flat[1]) {
        return crossing(p, flat);
    }
    let t = first_entry(p)?;
    if t.cmp_r(&R::one()) == Ordering::Greater {
        return None;
    }
    Some(entry_contact(p, t))
}

/// The earliest entry into the open set of points closer than r to the box.
fn first_entry<R: Ring>(p: &BoxProblem<R>) -> Option<Surd<R>> {
    let r = &p.r;
    let grown = |i: usize| (Surd::of(p.lo[i].sub(r)), Surd::of(p.hi[i].add(r)));
    let tight = |i: usize| (Surd::of(p.lo[i].clone()), Surd::of(p.hi[i].clone()));
    let span = |i: usize, (lo, hi): (Surd<R>, Surd<R>)| slab(&lo, &hi, &p.s[i], &p.v[i]);
    // The box grown along x, and along y.
    let wide = span(0, grown(0)).and(span(1, tight(1)));
    let tall = span(0, tight(0)).and(span(1, grown(1)));
    let mut entries = vec![wide.entry(), tall.entry()];
    if r.sign() > 0 {
        for k in corners(p) {
            entries.push(disc(&p.s, &p.v, &k, r).entry());
        }
    }
    earliest(entries)
}

fn corners<R: Ring>(p: &BoxProblem<R>) -> [V2<R>; 4] {
    let (lo, hi) = (&p.lo, &p.hi);
    [
        [lo[0].clone(), lo[1].clone()],
        [hi[0].clone(), lo[1].clone()],
        [lo[0].clone(), hi[1].clone()],
        [hi[0].clone(), hi[1].clone()],
    ]
}

fn axis<R: Ring>(i: usize, sign: i64) -> SurdV<R> {
    let mut v = [R::zero(), R::zero()];
    v[i] = R::of(Dy::from_int(sign));
    SurdV::of(v)
}

fn side_normal<R: Ring>(side: Side) -> SurdV<R> {
    match side {
        Side::Left => axis(0, -1),
        Side::Right => axis(0, 1),
        Side::Bottom => axis(1, -1),
        Side::Top => axis(1, 1),
    }
}

/// The region of a point given by its signs against the planes.
fn region_of<R: Ring>(q: &SurdV<R>, p: &BoxProblem<R>) -> Region {
    let mut code = 0u8;
    for i in 0..2 {
        let c = q.get(i);
        if c.cmp_r(&p.lo[i]) == Ordering::Less {
            code |= [Region::LEFT, Region::BOTTOM][i].0;
        } else if c.cmp_r(&p.hi[i]) == Ordering::Greater {
            code |= [Region::RIGHT, Region::TOP][i].0;
        }
    }
    Region(code)
}

/// The face a corner contact is mostly over: the axis of the larger normal component, the
/// horizontal face (y) on an exact diagonal.
fn corner_face<R: Ring>(n: &SurdV<R>) -> SurdV<R> {
    let (x, y) = (n.get(0), n.get(1));
    // sign(n.x² − n.y²) with a shared radicand and denominator.
    let a = x.x.square().add(&x.y.square().mul(&n.d));
    let b = y.x.square().add(&y.y.square().mul(&n.d));
    let two = R::of(Dy::from_int(2));
    let c = two.mul(&x.x.mul(&x.y).sub(&y.x.mul(&y.y)));
    let x_wins = super::surd::sign_xyd(&a.sub(&b), &c, &n.d) > 0;
    if x_wins {
        axis(0, i64::from(x.sign()))
    } else {
        axis(1, i64::from(y.sign()))
    }
}

/// Overlapping at t = 0: pushed out the shortest way.
fn push_out<R: Ring>(p: &BoxProblem<R>, dist2: &R) -> BoxContact<R> {
    let s = SurdV::of(p.s.clone());
    let region = region_of(&s, p);
    let clamp = |i: usize| {
        if p.s[i].sub(&p.lo[i]).sign() < 0 {
            p.lo[i].clone()
        } else if p.s[i].sub(&p.hi[i]).sign() > 0 {
            p.hi[i].clone()
        } else {
            p.s[i].clone()
        }
    };
    let q = [clamp(0), clamp(1)];
    let (normal, face_normal, feature, point) = if dist2.sign() > 0 {
        // Beside the box: away from its nearest point, (s − q)/|s − q|.
        let off = [p.s[0].sub(&q[0]), p.s[1].sub(&q[1])];
        let normal = SurdV {
            x: [R::zero(), R::zero()],
            y: off,
            d: dist2.clone(),
            z: dist2.clone(),
        };
        let face = corner_face(&normal);
        (normal, face, region_feature(region), SurdV::of(q))
    } else {
        // In the box (or on it): out through the nearest side; ties to the side the
        // motion heads to most, then in the order l, r, b, t.
        let dist = [
            p.s[0].sub(&p.lo[0]),
            p.hi[0].sub(&p.s[0]),
            p.s[1].sub(&p.lo[1]),
            p.hi[1].sub(&p.s[1]),
        ];
        let heading = [p.v[0].neg(), p.v[0].clone(), p.v[1].neg(), p.v[1].clone()];
        let mut best = 0;
        for i in 1..4 {
            let by = dist[i].sub(&dist[best]).sign();
            if by < 0 || (by == 0 && heading[i].sub(&heading[best]).sign() > 0) {
                best = i;
            }
        }
        let side = [Side::Left, Side::Right, Side::Bottom, Side::Top][best];
        let mut point = p.s.clone();
        point[best / 2] = if best % 2 == 0 {
            p.lo[best / 2].clone()
        } else {
            p.hi[best / 2].clone()
        };
        let n = side_normal(side);
        (n.clone(), n, Feature::Side(side), SurdV::of(point))
    };
    BoxContact {
        t: Surd::zero(),
        point,
        normal,
        face_normal,
        feature,
        region,
        started_inside: true,
    }
}

/// The feature named by a start's region beside the box.
fn region_feature(region: Region) -> Feature {
    let code = region.0;
    let right = code & Region::RIGHT.0 != 0;
    let top = code & Region::TOP.0 != 0;
    let horizontal = code & (Region::LEFT.0 | Region::RIGHT.0) != 0;
    let vertical = code & (Region::BOTTOM.0 | Region::TOP.0) != 0;
    match (horizontal, vertical) {
        (true, true) => Feature::Corner(Corner::from_signs(right, top)),
        (true, false) => Feature::Side(if right { Side::Right } else { Side::Left }),
        (false, true) => Feature::Side(if top { Side::Top } else { Side::Bottom }),
        (false, false) => Feature::Side(Side::Left),
    }
}

/// The contact at the first entry `t` from outside.
fn entry_contact<R: Ring>(p: &BoxProblem<R>, t: Surd<R>) -> BoxContact<R> {
    let at = SurdV::along(&p.s, &p.v, &t);
    let cmp = |i: usize, k: &R| at.get(i).cmp_r(k);
    let beyond = |i: usize| -> Option<bool> {
        if cmp(i, &p.lo[i]) == Ordering::Less {
            Some(false)
        } else if cmp(i, &p.hi[i]) == Ordering::Greater {
            Some(true)
        } else {
            None
        }
    };
    let region = region_of(&at, p);
    let (bx, by) = (beyond(0), beyond(1));
    if let (Some(right), Some(top)) = (bx, by) {
        // On the rounded part around a corner: the normal is (centre − corner) / r.
        let k = [
            if right {
                p.hi[0].clone()
            } else {
                p.lo[0].clone()
            },
            if top {
                p.hi[1].clone()
            } else {
                p.lo[1].clone()
            },
        ];
        let normal = at.minus(&k).div(&p.r);
        let face_normal = corner_face(&normal);
        return BoxContact {
            t,
            point: SurdV::of(k),
            normal,
            face_normal,
            feature: Feature::Corner(Corner::from_signs(right, top)),
            region,
            started_inside: false,
        };
    }
    // On a flat side: beyond its plane (r > 0), or on it (r = 0; entering at a corner,
    // the side the motion crosses faster, ties to the x side).
    let on = |i: usize| -> Option<bool> {
        if cmp(i, &p.lo[i]) == Ordering::Equal {
            Some(false)
        } else if cmp(i, &p.hi[i]) == Ordering::Equal {
            Some(true)
        } else {
            None
        }
    };
    let faster_y = || p.v[1].square().sub(&p.v[0].square()).sign() > 0;
    let (i, high) = match (bx, by) {
        (Some(h), _) => (0, h),
        (_, Some(h)) => (1, h),
        _ => match (on(0), on(1)) {
            (Some(_), Some(h)) if faster_y() => (1, h),
            (Some(h), _) => (0, h),
            (_, Some(h)) => (1, h),
            // Unreachable for an entry from outside; the x plane keeps the answer total.
            _ => (0, false),
        },
    };
    let side = [[Side::Left, Side::Right], [Side::Bottom, Side::Top]][i][usize::from(high)];
    let mut point = at.clone();
    let plane = if high { &p.hi[i] } else { &p.lo[i] };
    point.x[i] = plane.mul(&point.z);
    point.y[i] = R::zero();
    let n = side_normal(side);
    BoxContact {
        t,
        point,
        normal: n.clone(),
        face_normal: n,
        feature: Feature::Side(side),
        region,
        started_inside: false,
    }
}

/// r = 0 against a box of zero width or height: the point hits the wall by crossing its
/// line, from one side to the other, at a point of it.
fn crossing<R: Ring>(p: &BoxProblem<R>, flat: [bool; 2]) -> Option<BoxContact<R>> {
    if flat[0] && flat[1] {
        return None;
    }
    let i = if flat[0] { 0 } else { 1 };
    let j = 1 - i;
    let to_wall = p.lo[i].sub(&p.s[i]);
    let side_of = to_wall.sign();
    if side_of == 0 || p.v[i].sign() != side_of {
        return None;
    }
    let t = Surd::rat(to_wall, p.v[i].clone());
    if t.cmp_r(&R::one()) == Ordering::Greater {
        return None;
    }
    let at = SurdV::along(&p.s, &p.v, &t);
    let along = at.get(j);
    if along.cmp_r(&p.lo[j]) == Ordering::Less || along.cmp_r(&p.hi[j]) == Ordering::Greater {
        return None;
    }
    // Coming from below the wall's coordinate: its low side.
    let side = [[Side::Left, Side::Right], [Side::Bottom, Side::Top]][i][usize::from(side_of < 0)];
    let n = side_normal(side);
    Some(BoxContact {
        t,
        point: at.clone(),
        normal: n.clone(),
        face_normal: n,
        feature: Feature::Side(side),
        region: region_of(&at, p),
        started_inside: false,
    })
}
