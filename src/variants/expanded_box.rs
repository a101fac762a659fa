//! Seed 001: the motion line vs the box expanded by r, clipped with the article's
//! Cohen–Sutherland, then the corner circle.
//!
//! Steps as published: broad phase (expanded square box vs the motion line's bounding box);
//! the start-in-corner-square edge case (start inside the expanded box and in a corner
//! region of the original box: test only that corner's circle); otherwise clip the line
//! against the expanded box to get the entry point and classify it against the ORIGINAL box
//! (one-letter region: side hit; two-letter: intersect the line with the circle of radius r
//! on that corner, which may miss). The article's region bits `0x1/0x10/0x100/0x1000` are
//! mapped to [`Region`]'s LEFT/RIGHT/BOTTOM/TOP; its clipper checks TOP, BOTTOM, RIGHT, LEFT
//! in that order, moves only the first point, and recomputes each crossing from the point
//! it already moved. Rotated boxes are un-rotated into the box frame and the contact rotated
//! back. The article leaves time and the line/circle solve to the reader: time is the entry
//! point's parameter along the motion, and the corner test takes the segment/circle
//! intersection nearest the start.
//!
//! # Flaws (kept on purpose)
//! - No direction check: a start already inside the expanded box in a side band is a side
//!   hit at time 0 even when the circle moves away.
//! - A centre already inside the original box sets no flag, so the approach reports no
//!   collision: a [`Outcome::Miss`].
//! - A start inside a corner circle reports the point where the line *leaves* that circle.
//! - The clipper is `while (true)`; its crossings drift because each is computed from the
//!   previously moved point. This port caps it at [`MAX_CLIP_ROUNDS`] and reports
//!   [`Outcome::Failed`] if it has not settled.
//! - A motion of length zero inside a corner square divides by zero in the line/circle
//!   quadratic (NaN, reported as `Failed`).
//! - The corner normal is `(contact − corner) / r`, not re-normalised.
//! - There is no start-inside flag: a ball overlapping a side at the start reads as a
//!   contact on that side at t = 0.

use glam::Vec2;

use super::Outcome;
use super::flaw_detail::Detail;
use crate::geom::{Aabb, Obb, Sweep};
use crate::hit::{Corner, Feature, Hit};
use crate::obstacle::Obstacle;
use crate::region::{Region, region_code};

/// The flaws above, one line each, for the variants panel.
pub const FLAWS: &[&str] = &[
    "no direction check: overlapping a side band at the start is a hit even when moving away",
    "a centre starting inside the box sets no flag: reported as no collision",
    "a start inside a corner circle reports where the line leaves the circle",
    "the while(true) clipper drifts (crossings computed from the moved point); capped here",
    "a zero-length motion in a corner square divides by zero in the line/circle solve",
    "no start-inside flag: an overlap at the start reads as a side contact at t = 0",
];

/// Rounds after which the port gives up on the article's unbounded clipping loop.
pub const MAX_CLIP_ROUNDS: usize = 16;

/// Swept circle vs an axis-aligned box.
pub fn cast_aabb(sweep: &Sweep, aabb: &Aabb) -> Outcome {
    solve(aabb, sweep.start, sweep.end, sweep.radius)
}

/// Swept circle vs a rotated box, solved in the box's frame.
pub fn cast_obb(sweep: &Sweep, obb: &Obb) -> Outcome {
    let start = obb.to_local(sweep.start);
    let end = obb.to_local(sweep.end);
    match solve(&obb.local_aabb(), start, end, sweep.radius) {
        Outcome::Hit(h) => {
            let normal = obb.dir_to_world(h.normal);
            Outcome::Hit(Hit {
                center: obb.to_world(h.center),
                point: obb.to_world(h.point),
                normal,
                face_normal: obb.dir_to_world(h.face_normal),
                ..h
            })
        }
        other => other,
    }
}

/// Which of [`FLAWS`] `outcome` shows (its index), from where the start lies in the
/// box's frame (see [`super::flaw`]).
pub(super) fn shown(
    sweep: &Sweep,
    obstacle: &Obstacle,
    outcome: &Outcome,
    exact: Option<&Hit>,
) -> Option<(usize, Detail)> {
    let (rect, start, end) = super::flaw_detail::in_box_frame(sweep, obstacle)?;
    let radius = sweep.radius;
    let code = region_code(start, &rect);
    let started_inside = exact.is_some_and(|e| e.started_inside);
    // A start inside a corner's circle: the solve keeps where the line leaves it (after
    // the motion's end, a miss).
    let in_corner_circle = || {
        let (right, top) = (code.contains(Region::RIGHT), code.contains(Region::TOP));
        let corner = Corner::from_signs(right, top);
        let at = corner_point(&rect, corner);
        let leaves = circle_roots(at, start, end, radius).map(|(_, s2)| s2)?;
        (code.is_corner() && start.distance_squared(at) < radius * radius && leaves.is_finite())
            .then_some((
                2,
                Detail::LeavesCorner {
                    corner,
                    time: leaves,
                },
            ))
    };
    match outcome {
        Outcome::Miss if code.is_inside() && started_inside => Some((1, Detail::None)),
        Outcome::Miss if started_inside => in_corner_circle(),
        Outcome::Hit(h) => match h.feature {
            // A touch of the grown box's side at t = 0 while moving away: exactly no contact.
            Feature::Side(side)
                if exact.is_none()
                    && h.time == 0.0
                    && code.side() == Some(side)
                    && (end - start).dot(side.normal()) >= 0.0 =>
            {
                Some((0, Detail::NoDirectionCheck { side }))
            }
            // An overlap at the start, read as a side contact at t = 0.
            Feature::Side(_) if started_inside && h.time == 0.0 => Some((5, Detail::None)),
            Feature::Corner(_) => in_corner_circle(),
            _ => None,
        },
        _ => None,
    }
}

/// The whole published pipeline in the box's own frame.
fn solve(rect: &Aabb, start: Vec2, end: Vec2, radius: f32) -> Outcome {
    // In f32, as published (not `Aabb::expanded`, which rounds outward in f64).
    let grow = Vec2::splat(radius);
    let expanded = Aabb::new(rect.min - grow, rect.max + grow);
    // Broad phase: the square-cornered expanded box vs the motion line's bounding box.
    if !expanded.overlaps(&Aabb::from_points(start, end)) {
        return Outcome::Miss;
    }
    // Edge case: the start is in a corner square of the expanded box.
    let start_code = region_code(start, rect);
    if expanded.contains(start) && start_code.is_corner() {
        return corner_circle(rect, start_code, start, end, radius);
    }
    let entry = match clip(start, end, &expanded) {
        Clipped::Entry(p) => p,
        Clipped::Rejected => return Outcome::Miss,
        Clipped::Unsettled => {
            return Outcome::Failed(
                "the Cohen–Sutherland loop did not settle (the original spins forever)",
            );
        }
    };
    let code = region_code(entry, rect);
    if code.is_corner() {
        return corner_circle(rect, code, start, end, radius);
    }
    // isLeft/isRight/isBottom/isTop all false (inside): the response does nothing.
    let Some(side) = code.side() else {
        return Outcome::Miss;
    };
    let d = end - start;
    // The clipper returns the start itself when it starts inside: time 0 without dividing.
    let time = if entry == start {
        0.0
    } else {
        (entry - start).dot(d) / d.length_squared()
    };
    let normal = side.normal();
    Outcome::Hit(Hit {
        time,
        center: entry,
        point: entry - normal * radius,
        normal,
        face_normal: normal,
        feature: Feature::Side(side),
        region: Some(code),
        started_inside: false,
    })
}

enum Clipped {
    Entry(Vec2),
    Rejected,
    Unsettled,
}

/// The article's clipper: only the first point moves, TOP/BOTTOM/RIGHT/LEFT in that order,
/// each crossing computed from the point moved last round.
fn clip(start: Vec2, end: Vec2, rect: &Aabb) -> Clipped {
    let (mut x1, mut y1) = (start.x, start.y);
    let (x2, y2) = (end.x, end.y);
    let mut code1 = region_code(start, rect);
    let code2 = region_code(end, rect);
    for _ in 0..MAX_CLIP_ROUNDS {
        if code1.is_inside() {
            return Clipped::Entry(Vec2::new(x1, y1));
        }
        if !(code1 & code2).is_inside() {
            return Clipped::Rejected;
        }
        let (x, y) = if code1.contains(Region::TOP) {
            (x1 + (x2 - x1) / (y2 - y1) * (rect.max.y - y1), rect.max.y)
        } else if code1.contains(Region::BOTTOM) {
            (x1 + (x2 - x1) / (y2 - y1) * (rect.min.y - y1), rect.min.y)
        } else if code1.contains(Region::RIGHT) {
            (rect.max.x, y1 + (y2 - y1) / (x2 - x1) * (rect.max.x - x1))
        } else {
            (rect.min.x, y1 + (y2 - y1) / (x2 - x1) * (rect.min.x - x1))
        };
        x1 = x;
        y1 = y;
        code1 = region_code(Vec2::new(x1, y1), rect);
    }
    Clipped::Unsettled
}

/// A corner's point.
fn corner_point(rect: &Aabb, c: Corner) -> Vec2 {
    let (right, top) = c.signs();
    Vec2::new(
        if right { rect.max.x } else { rect.min.x },
        if top { rect.max.y } else { rect.min.y },
    )
}

/// Where the line `start + s (end − start)` meets the circle of `radius` on `corner`, as
/// the article's quadratic gives them (the nearer first); `None` when it passes by.
fn circle_roots(corner: Vec2, start: Vec2, end: Vec2, radius: f32) -> Option<(f32, f32)> {
    let d = end - start;
    let f = start - corner;
    let a = d.dot(d);
    let b = 2.0 * f.dot(d);
    let c = f.dot(f) - radius * radius;
    let disc = b * b - 4.0 * a * c;
    if disc < 0.0 {
        return None;
    }
    let root = disc.sqrt();
    Some(((-b - root) / (2.0 * a), (-b + root) / (2.0 * a)))
}

/// The line/circle test against the circle of radius r on the corner named by `code`,
/// keeping the intersection nearest the start within the motion.
fn corner_circle(rect: &Aabb, code: Region, start: Vec2, end: Vec2, radius: f32) -> Outcome {
    let right = code.contains(Region::RIGHT);
    let top = code.contains(Region::TOP);
    let corner = corner_point(rect, Corner::from_signs(right, top));
    let d = end - start;
    let a = d.dot(d);
    let Some((s1, s2)) = circle_roots(corner, start, end, radius) else {
        return Outcome::Miss;
    };
    if !(s1.is_finite() && s2.is_finite()) {
        // Which way it broke: at a scale of 1e20 the squares overflow f32, and "a
        // zero-length motion" blamed a motion 4e21 long.
        return Outcome::Failed(if a == 0.0 && d != Vec2::ZERO {
            "the line/circle solve's squared motion underflows f32 to 0, and it divides by it"
        } else if a == 0.0 {
            "the line/circle solve divides by a zero-length motion"
        } else {
            "the line/circle solve's squares overflow f32 (inf or NaN)"
        });
    }
    let in_unit = |s: f32| (0.0..=1.0).contains(&s);
    let s = if in_unit(s1) {
        s1
    } else if in_unit(s2) {
        s2
    } else {
        return Outcome::Miss;
    };
    let center = start + d * s;
    let normal = (center - corner) / radius;
    Outcome::Hit(Hit {
        time: s,
        center,
        point: corner,
        normal,
        face_normal: normal,
        feature: Feature::Corner(Corner::from_signs(right, top)),
        region: Some(code),
        started_inside: false,
    })
}
