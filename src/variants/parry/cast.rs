//! parry2d 0.31.1's `cast_shapes`: GJK shape casting under constant velocities, as most code
//! calls it — `ShapeCastOptions::with_max_time_of_impact(1.0)`, so `target_distance = 0`,
//! `stop_at_penetration = true` and `compute_impact_geometry_on_penetration = true`.
//!
//! The moving circle is shape 1: a `Ball` posed at the sweep's start with velocity
//! `end − start`, so parry's time of impact is the core's `t`. The obstacle is shape 2 (see
//! [`super::posed`]).
//!
//! # Documented behaviour (read from parry's source)
//! - Two balls take a closed form (a ray against the ball of the summed radii); a ball
//!   against a box or a segment takes GJK's ray cast on the Minkowski difference, which
//!   stops once its bound is within `10·f32::EPSILON` (absolute): the time is approximate.
//! - A zero relative motion is never an impact for a box or a segment — GJK returns no hit
//!   for a zero-length cast direction, even when the shapes overlap.
//! - An overlap at t = 0 is an impact at time 0 whatever the velocity
//!   (`stop_at_penetration`), as in the core. Touching is an impact too when the motion
//!   does not leave: a circle touching at t = 0 and sliding along the surface, or grazing
//!   it later at exactly the touching distance, is reported hit where the core's contract
//!   says no contact (it never overlaps). Touching at t = 0 while moving away is no impact.
//! - Below a time of `1e-4` the normal and witnesses come from a contact query at the
//!   *start* poses, not at the impact: for a fast circle that can be far from the impact.
//! - Status `PenetratingOrWithinTargetDist` (overlap at t = 0) is read as `started_inside`;
//!   `OutOfIterations` and `Failed` still carry "a conservative approximation" (parry's
//!   words) and are read as hits.

use parry2d::math::Vector;
use parry2d::query::{ShapeCastOptions, ShapeCastStatus, cast_shapes};

use super::{ball, from_parry, label, posed};
use crate::geom::Sweep;
use crate::hit::Hit;
use crate::obstacle::Obstacle;
use crate::variants::Outcome;
use crate::variants::flaw_detail::Detail;
use glam::Vec2;

/// The behaviour above, one line each, for the variants panel.
pub const FLAWS: &[&str] = &[
    "GJK ray cast on the Minkowski difference: times good to about 1e-5 absolute, not exact",
    "zero relative motion is never an impact for a box or segment, even when overlapping",
    "a graze (touching without overlapping, at t = 0 or later) is reported as an impact",
    "an impact before t = 1e-4 takes its normal from the start poses, not the impact",
    "overlap at t = 0 is status PenetratingOrWithinTargetDist, read as started_inside",
];

/// Which of [`FLAWS`] `outcome` shows (its index), from the pair's geometry.
pub(in crate::variants) fn shown(
    sweep: &Sweep,
    obstacle: &Obstacle,
    outcome: &Outcome,
    exact: Option<&Hit>,
) -> Option<(usize, Detail)> {
    match (outcome, exact) {
        (Outcome::Hit(_), None) => {
            let a = obstacle.closest_approach(sweep)?;
            // A graze or a touch; or within the GJK's bound of one.
            let scale = sweep.radius + sweep.delta().length();
            if a.clearance == 0.0 {
                Some((2, Detail::None))
            } else {
                (a.clearance.abs() <= 1e-4 * scale).then_some((0, Detail::None))
            }
        }
        (Outcome::Miss, Some(_)) => {
            let still = sweep.delta() == Vec2::ZERO;
            (still && !matches!(obstacle, Obstacle::Circle(_))).then_some((1, Detail::None))
        }
        (Outcome::Hit(h), Some(e)) if h.time < 1e-4 && !e.started_inside && e.time > 0.0 => {
            Some((3, Detail::None))
        }
        _ => None,
    }
}

/// The options this contender passes: parry's defaults with the motion's time as the limit.
pub fn options() -> ShapeCastOptions {
    ShapeCastOptions::with_max_time_of_impact(1.0)
}

/// Runs `cast_shapes` on one pair.
pub fn cast(sweep: &Sweep, obstacle: &Obstacle) -> Outcome {
    let (b, pos1, vel1) = ball(sweep);
    let other = posed(obstacle);
    let got = cast_shapes(
        &pos1,
        vel1,
        &b,
        &other.pose,
        other.velocity,
        other.shape.as_dyn(),
        options(),
    );
    let hit = match got {
        Err(_) => return Outcome::Failed("parry: unsupported shape pair"),
        Ok(None) => return Outcome::Miss,
        Ok(Some(hit)) => hit,
    };
    let time = hit.time_of_impact;
    // normal2 and witness2 are in the obstacle's frame at the impact; the obstacle only
    // translates, so its rotation is the one at t = 0.
    let rotation = other.pose.rotation;
    let normal = from_parry(rotation * hit.normal2);
    let offset: Vector = other.pose.translation + other.velocity * time;
    let point = from_parry(rotation * hit.witness2 + offset);
    let center = sweep.at(time);
    let (feature, region) = label(obstacle, center, normal);
    Outcome::Hit(Hit {
        time,
        center,
        point,
        normal,
        face_normal: normal,
        feature,
        region,
        started_inside: hit.status == ShapeCastStatus::PenetratingOrWithinTargetDist,
    })
}
