//! The shared f64 kernels behind every query.
//!
//! Inputs arrive as f32 (`glam::Vec2`) but are solved in f64, relative to the moving centre's
//! start: subtracting two f32 values in f64 is exact, so coordinates near 1e6 lose nothing
//! before the solve, and near-tangent roots keep their digits.
//!
//! Both kernels rely on one fact: the distance from a point moving on a line to a convex set
//! is a convex function of t. So the first time it reaches `r` while decreasing is the only
//! contact, and a circle that is not approaching at t = 0 never will.

use glam::DVec2;

use crate::hit::{Corner, Side};

/// What the box kernel found, in the box's frame, relative to the centre's start.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoxContact {
    pub t: f64,
    /// Centre at `t`, relative to the start.
    pub center: DVec2,
    /// Contact point on the box, relative to the start.
    pub point: DVec2,
    pub normal: DVec2,
    pub face_normal: DVec2,
    pub feature: BoxFeature,
    pub started_inside: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BoxFeature {
    Side(Side),
    Corner(Corner),
}

/// First time in `[0, 1]` at which a point moving from the origin by `v` comes within
/// `radius` of the point `c`, approaching; the start must not be inside (`|c| >= radius`).
///
/// The discriminant is written as `a·R² − (v × c)²` rather than `b² − a·c'`: near a
/// tangency the two terms of the latter cancel, the cross product does not.
pub(crate) fn point_contact(c: DVec2, v: DVec2, radius: f64) -> Option<f64> {
    let along = v.dot(c);
    if along <= 0.0 {
        return None; // moving away, parallel, or not moving
    }
    let a = v.length_squared();
    let cross = v.perp_dot(c);
    let disc = a * radius * radius - cross * cross;
    if disc <= 0.0 {
        return None; // passes wide, or a tangent graze
    }
    let gap = (c.length_squared() - radius * radius).max(0.0);
    // Stable form of (along − √disc) / a: no cancellation since along > 0.
    let t = gap / (along + disc.sqrt());
    (t <= 1.0).then_some(t)
}

/// A circle of `radius` moving from the origin by `v` against the box `[lo, hi]` (given
/// relative to the start, in the box's frame).
pub(crate) fn box_contact(v: DVec2, radius: f64, lo: DVec2, hi: DVec2) -> Option<BoxContact> {
    // The box point nearest the start, and how far it is.
    let q = DVec2::ZERO.clamp(lo, hi);
    let dist2 = q.length_squared();
    if dist2 < radius * radius {
        return Some(started_inside(q, v, lo, hi));
    }

    // Slabs of the square-cornered expanded box: the broad phase and the entry plane.
    let elo = lo - DVec2::splat(radius);
    let ehi = hi + DVec2::splat(radius);
    let (tx0, tx1) = slab(v.x, elo.x, ehi.x)?;
    let (ty0, ty1) = slab(v.y, elo.y, ehi.y)?;
    let t_enter = tx0.max(ty0);
    let t_exit = tx1.min(ty1);
    if t_enter > t_exit || t_enter > 1.0 || t_exit < 0.0 {
        return None;
    }

    // Where the centre enters the expanded box (or starts, if already in it).
    let t = t_enter.max(0.0);
    let p = v * t;
    let outside_x = if p.x < lo.x {
        -1
    } else if p.x > hi.x {
        1
    } else {
        0
    };
    let outside_y = if p.y < lo.y {
        -1
    } else if p.y > hi.y {
        1
    } else {
        0
    };

    // Entry across a single plane: the entry is on a flat side. Decide by the entry axis, so
    // a coordinate that rounding nudged off the plane cannot turn a side into a corner.
    let x_entry = tx0 >= ty0;
    if t_enter >= 0.0 {
        if x_entry && outside_y == 0 {
            let side = if v.x > 0.0 { Side::Left } else { Side::Right };
            return Some(side_contact(t, p, side, lo, hi));
        }
        if !x_entry && outside_x == 0 {
            let side = if v.y > 0.0 { Side::Bottom } else { Side::Top };
            return Some(side_contact(t, p, side, lo, hi));
        }
    } else if outside_x == 0 || outside_y == 0 {
        // Starting in a side band but not overlapping: touching that side exactly.
        let side = match (outside_x, outside_y) {
            (-1, _) => Side::Left,
            (1, _) => Side::Right,
            (_, -1) => Side::Bottom,
            _ => Side::Top,
        };
        if v.dot(side_normal(side)) >= 0.0 {
            return None; // touching and moving away or along: not a hit
        }
        return Some(side_contact(0.0, DVec2::ZERO, side, lo, hi));
    }

    // Entry in a corner square: the only thing to hit there is that corner's circle.
    // Which corner: the sides the entry point is beyond; an entry exactly on a plane takes
    // the side the motion comes from.
    let sx = if outside_x != 0 {
        outside_x
    } else if v.x > 0.0 {
        -1
    } else {
        1
    };
    let sy = if outside_y != 0 {
        outside_y
    } else if v.y > 0.0 {
        -1
    } else {
        1
    };
    let corner = DVec2::new(
        if sx < 0 { lo.x } else { hi.x },
        if sy < 0 { lo.y } else { hi.y },
    );
    let tc = point_contact(corner, v, radius)?;
    let center = v * tc;
    let normal = (center - corner)
        .try_normalize()
        .unwrap_or(DVec2::new(sx as f64, sy as f64).normalize());
    Some(BoxContact {
        t: tc,
        center,
        point: corner,
        normal,
        face_normal: corner_face_normal(normal),
        feature: BoxFeature::Corner(Corner::from_signs(sx > 0, sy > 0)),
        started_inside: false,
    })
}

/// The parameter interval during which `v·t` lies in `[lo, hi]` on one axis; `None` when it
/// never does. A zero velocity gives the whole line or nothing (no 0 × ∞).
fn slab(v: f64, lo: f64, hi: f64) -> Option<(f64, f64)> {
    if v == 0.0 {
        return (lo <= 0.0 && 0.0 <= hi).then_some((f64::NEG_INFINITY, f64::INFINITY));
    }
    let a = lo / v;
    let b = hi / v;
    Some((a.min(b), a.max(b)))
}

pub(crate) fn side_normal(side: Side) -> DVec2 {
    match side {
        Side::Left => DVec2::NEG_X,
        Side::Right => DVec2::X,
        Side::Bottom => DVec2::NEG_Y,
        Side::Top => DVec2::Y,
    }
}

/// The face a corner contact is "mostly over": the axis of the larger normal component;
/// an exact diagonal picks the horizontal face (floors win, as slide code expects).
fn corner_face_normal(n: DVec2) -> DVec2 {
    if n.x.abs() > n.y.abs() {
        DVec2::new(n.x.signum(), 0.0)
    } else {
        DVec2::new(0.0, n.y.signum())
    }
}

fn side_contact(t: f64, center: DVec2, side: Side, lo: DVec2, hi: DVec2) -> BoxContact {
    let n = side_normal(side);
    // Contact point: the centre projected onto the side plane, clamped to the side.
    let mut point = center.clamp(lo, hi);
    match side {
        Side::Left => point.x = lo.x,
        Side::Right => point.x = hi.x,
        Side::Bottom => point.y = lo.y,
        Side::Top => point.y = hi.y,
    }
    BoxContact {
        t,
        center,
        point,
        normal: n,
        face_normal: n,
        feature: BoxFeature::Side(side),
        started_inside: false,
    }
}

/// The circle overlaps the box at t = 0: report time 0 with the shortest push-out.
fn started_inside(q: DVec2, v: DVec2, lo: DVec2, hi: DVec2) -> BoxContact {
    let center = DVec2::ZERO;
    if q != DVec2::ZERO {
        // Centre outside the box, within the radius: push away from the nearest point.
        let normal = (-q).normalize();
        let feature = box_feature_for_outside(lo, hi);
        let face_normal = match feature {
            BoxFeature::Side(s) => side_normal(s),
            BoxFeature::Corner(_) => corner_face_normal(normal),
        };
        return BoxContact {
            t: 0.0,
            center,
            point: q,
            normal,
            face_normal,
            feature,
            started_inside: true,
        };
    }
    // Centre inside the box: leave through the nearest side; ties prefer the side the motion
    // is heading to (so a ball moving right out of a box exits right), then l, r, b, t.
    let dists = [
        (Side::Left, -lo.x),
        (Side::Right, hi.x),
        (Side::Bottom, -lo.y),
        (Side::Top, hi.y),
    ];
    let mut best = dists[0];
    for &cand in &dists[1..] {
        let better = cand.1 < best.1
            || (cand.1 == best.1 && v.dot(side_normal(cand.0)) > v.dot(side_normal(best.0)));
        if better {
            best = cand;
        }
    }
    let side = best.0;
    let n = side_normal(side);
    let point = match side {
        Side::Left => DVec2::new(lo.x, 0.0),
        Side::Right => DVec2::new(hi.x, 0.0),
        Side::Bottom => DVec2::new(0.0, lo.y),
        Side::Top => DVec2::new(0.0, hi.y),
    };
    BoxContact {
        t: 0.0,
        center,
        point,
        normal: n,
        face_normal: n,
        feature: BoxFeature::Side(side),
        started_inside: true,
    }
}

/// For a start outside the box: the side or corner whose region it is in.
fn box_feature_for_outside(lo: DVec2, hi: DVec2) -> BoxFeature {
    // The origin is the start; it is beyond `lo.x` when lo.x > 0, and so on.
    let sx = if lo.x > 0.0 {
        -1
    } else if hi.x < 0.0 {
        1
    } else {
        0
    };
    let sy = if lo.y > 0.0 {
        -1
    } else if hi.y < 0.0 {
        1
    } else {
        0
    };
    match (sx, sy) {
        (0, -1) => BoxFeature::Side(Side::Bottom),
        (0, _) => BoxFeature::Side(Side::Top),
        (-1, 0) => BoxFeature::Side(Side::Left),
        (_, 0) => BoxFeature::Side(Side::Right),
        (x, y) => BoxFeature::Corner(Corner::from_signs(x > 0, y > 0)),
    }
}
