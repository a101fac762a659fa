//! Seed 002, first idea: a distance test where the circle is at the end of the step.
//!
//! This is what a per-frame overlap test (`dist < r1 + r2`) sees: nothing between frames.
//! The overlap test itself ([`probe`]) is shared with [`super::substep`]; it measures the
//! distance with the core geometry (closest point on a box, a segment, a rotated box in its
//! own frame, or the other circle's centre at the same time).
//!
//! # Flaws (kept on purpose)
//! - Tunnelling: a fast circle that crosses an obstacle within one step is never seen.
//! - The contact reported is wherever the circle ended up, already overlapping; there is no
//!   time of first contact.
//! - The test is strict (`dist < r`): touching is not a collision.
//! - Starting inside is not distinguished from arriving inside (`started_inside` is never
//!   set); nothing looks at t = 0.
//! - With the centre inside a box there is no closest-point direction; the normal is then
//!   the nearest side's (a guess the approach itself never makes), and zero for a centre
//!   exactly on a segment or on the other circle's centre.

use glam::Vec2;

use super::Outcome;
use super::flaw_detail::Detail;
use crate::geom::{Aabb, Sweep};
use crate::hit::{Corner, End, Feature, Hit, Side};
use crate::obstacle::Obstacle;
use crate::region::{Region, region_code};

/// The flaws above, one line each, for the variants panel.
pub const FLAWS: &[&str] = &[
    "tunnels: a fast circle crossing the obstacle within one step is never seen",
    "reports where the circle ended up (already overlapping), not the first contact",
    "strict dist < r: touching is not a collision",
    "never looks at t = 0: starting inside is not distinguished",
];

/// Which of [`FLAWS`] `outcome` shows (its index).
pub(super) fn shown(outcome: &Outcome, exact: Option<&Hit>) -> Option<(usize, Detail)> {
    sampled(outcome, exact, 1, [0, 1, 2, 3])
}

/// For an approach that tests `samples` evenly spaced times `k / samples`, `k ≥ 1`: which
/// of its flaws (the indices of tunnelling, the late sample, the strict test and the blind
/// start) `outcome` shows.
pub(super) fn sampled(
    outcome: &Outcome,
    exact: Option<&Hit>,
    samples: u32,
    [tunnels, late, strict, blind_start]: [usize; 4],
) -> Option<(usize, Detail)> {
    let exact = exact?;
    // Overlapping or touching at t = 0, which is no sample.
    if exact.started_inside || exact.time == 0.0 {
        let seen = outcome
            .hit()
            .is_some_and(|h| h.started_inside == exact.started_inside && h.time == 0.0);
        return (!seen).then_some((blind_start, Detail::None));
    }
    // The contact falls on a sample, where the ball only touches: the strict test passes it.
    let on_sample = exact.time > 0.0 && (exact.time * samples as f32).fract() == 0.0;
    let index = match outcome {
        Outcome::Miss if on_sample => strict,
        Outcome::Miss => tunnels,
        Outcome::Hit(h) if h.time > exact.time && on_sample => strict,
        Outcome::Hit(h) if h.time > exact.time => late,
        _ => return None,
    };
    Some((index, Detail::None))
}

/// Overlap test at the end of the step only (t = 1).
pub fn cast(sweep: &Sweep, obstacle: &Obstacle) -> Outcome {
    probe(sweep, obstacle, 1.0)
}

/// The overlap test at time `t` of the motion (the obstacle, if a moving circle, is taken at
/// the same `t`). A hit carries `t` as its time and the overlapping position as its centre.
pub fn probe(sweep: &Sweep, obstacle: &Obstacle, t: f32) -> Outcome {
    let center = sweep.at(t);
    let r = sweep.radius;
    let contact = match obstacle {
        Obstacle::Aabb(b) => box_contact(b, center),
        Obstacle::Obb(b) => {
            let local = box_contact(&b.local_aabb(), b.to_local(center));
            Contact {
                point: b.to_world(local.point),
                normal: b.dir_to_world(local.normal),
                ..local
            }
        }
        Obstacle::Segment(s) => {
            let point = s.closest_point(center);
            let feature = if point == s.a && s.a != s.b {
                Feature::End(End::A)
            } else if point == s.b {
                Feature::End(End::B)
            } else {
                Feature::Face {
                    left: s.delta().perp_dot(center - s.a) >= 0.0,
                }
            };
            Contact {
                point,
                distance: center.distance(point),
                normal: (center - point).normalize_or_zero(),
                feature,
                region: None,
            }
        }
        Obstacle::Circle(other) => {
            let oc = other.at(t);
            let normal = (center - oc).normalize_or_zero();
            Contact {
                point: oc + normal * other.radius,
                distance: center.distance(oc) - other.radius,
                normal,
                feature: Feature::Circle,
                region: None,
            }
        }
    };
    if contact.distance.is_nan() {
        return Outcome::Failed("the distance test produced NaN");
    }
    // The published test: dist < r1 + r2, here dist − r2 < r1.
    if contact.distance >= r {
        return Outcome::Miss;
    }
    Outcome::Hit(Hit {
        time: t,
        center,
        point: contact.point,
        normal: contact.normal,
        face_normal: contact.normal,
        feature: contact.feature,
        region: contact.region,
        started_inside: false,
    })
}

/// What the distance test knows about the nearest part of an obstacle.
struct Contact {
    point: Vec2,
    /// Distance from the centre to the obstacle's surface (negative inside a circle).
    distance: f32,
    normal: Vec2,
    feature: Feature,
    region: Option<Region>,
}

/// Distance from `center` to a box, with the feature named from the centre's region.
fn box_contact(b: &Aabb, center: Vec2) -> Contact {
    let mut point = b.closest_point(center);
    let code = region_code(center, b);
    let (feature, normal) = if code.is_corner() {
        let corner = Corner::from_signs(code.contains(Region::RIGHT), code.contains(Region::TOP));
        (
            Feature::Corner(corner),
            (center - point).normalize_or_zero(),
        )
    } else {
        let side = code.side().unwrap_or_else(|| {
            let (side, gap) = nearest_side(b, center);
            point = center + side.normal() * gap;
            side
        });
        (Feature::Side(side), side.normal())
    };
    Contact {
        point,
        distance: center.distance(b.closest_point(center)),
        normal,
        feature,
        region: Some(code),
    }
}

/// The side nearest to a point inside the box, and how far it is.
fn nearest_side(b: &Aabb, p: Vec2) -> (Side, f32) {
    let gaps = [
        (p.x - b.min.x, Side::Left),
        (b.max.x - p.x, Side::Right),
        (p.y - b.min.y, Side::Bottom),
        (b.max.y - p.y, Side::Top),
    ];
    let mut best = gaps[0];
    for g in gaps {
        if g.0 < best.0 {
            best = g;
        }
    }
    (best.1, best.0)
}
