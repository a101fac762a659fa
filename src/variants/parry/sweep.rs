//! parry2d 0.31.1's `sweep_time_of_impact`: Box2D-style conservative advancement on
//! endpoint-interpolated sweeps, the function Rapier's CCD calls, with `max_fraction = 1` and
//! `linear_slop = ` [`LINEAR_SLOP`] (the value parry's documentation calls typical).
//!
//! The obstacle is proxy A (its sweep constant, or translating for a moving circle), the
//! moving circle is proxy B (a point with the ball's radius, from the start pose to the end
//! pose), so parry's separating axis points from the obstacle to the circle: the core's
//! normal. `ToiProxy::from_shape` makes a box its four corners and a segment its two ends,
//! both with radius 0, and a ball its centre with the ball's radius.
//!
//! # Documented behaviour (read from parry's source)
//! - The target is not contact. With `R` the sum of the proxies' radii (the ball's radius,
//!   or both balls' radii) parry stops when the *cores* — the ball's centre, the box's or
//!   segment's outline — are `target = max(slop, R − slop)` apart, give or take
//!   `tolerance = slop / 4`. So a ball with `R ≥ 2·slop` stops `slop` *past* contact
//!   (overlapping by `slop`), and a tiny ball stops short by `slop − R`. The verdicts report
//!   a time within that band as documented ([`stop_band`]), and only a time outside it as an
//!   error.
//! - Status `Overlapped` (fraction 0) only when the cores overlap: the ball's centre inside
//!   the box, or on the segment, or the two balls' centres together. A ball overlapping the
//!   obstacle with its centre outside is a plain `Hit` at fraction 0 when its centre is
//!   within `target + tolerance`, and otherwise is advanced like any other: read as
//!   `started_inside` only on `Overlapped`.
//! - `Hit`'s point is the midpoint between the two surfaces at the stop and its normal the
//!   separating axis there. `Overlapped` carries no normal (zero here).
//! - `Failed` (the root finder stuck after 20 distance iterations) holds "the last safe
//!   time": reported as a failure.

use glam::Vec2;
use parry2d::math::Pose;
use parry2d::query::{Sweep as ParrySweep, SweepToiStatus, ToiProxy, sweep_time_of_impact};

use super::{ball, from_parry, label, posed};
use crate::geom::Sweep;
use crate::hit::Hit;
use crate::obstacle::Obstacle;
use crate::variants::Outcome;

/// The slop passed to parry: 0.005 length units, the typical value in its documentation.
pub const LINEAR_SLOP: f32 = 0.005;

/// The behaviour above, one line each, for the variants panel.
pub const FLAWS: &[&str] = &[
    "stops where the cores are max(slop, R − slop) apart (slop = 0.005): slop past contact, \
     or short of it for R < 2·slop, ± slop/4 — reported as documented",
    "Overlapped only when the cores overlap (centre inside); a shallow overlap at t = 0 is a \
     plain Hit at fraction 0, or no hit when moving away",
    "the hit point is the midpoint between the surfaces; Overlapped gives no normal",
    "Failed (root finder stuck) carries only the last safe time: reported as a failure",
];

/// Runs `sweep_time_of_impact` on one pair.
pub fn cast(sweep: &Sweep, obstacle: &Obstacle) -> Outcome {
    let other = posed(obstacle);
    let Some(proxy_a) = ToiProxy::from_shape(other.shape.as_dyn()) else {
        return Outcome::Failed("parry: no ToiProxy for this shape");
    };
    let end_a = Pose::from_parts(other.pose.translation + other.velocity, other.pose.rotation);
    let sweep_a = ParrySweep::from_poses(&other.pose, &end_a, parry2d::math::Vector::ZERO);
    let (b, start_b, vel_b) = ball(sweep);
    let proxy_b = ToiProxy::from_shape(&b);
    let Some(proxy_b) = proxy_b else {
        return Outcome::Failed("parry: no ToiProxy for a ball");
    };
    let end_b = Pose::from_translation(start_b.translation + vel_b);
    let sweep_b = ParrySweep::from_poses(&start_b, &end_b, parry2d::math::Vector::ZERO);
    let out = sweep_time_of_impact(&proxy_a, &sweep_a, &proxy_b, &sweep_b, 1.0, LINEAR_SLOP);
    match out.status {
        SweepToiStatus::Separated => Outcome::Miss,
        SweepToiStatus::Failed => Outcome::Failed(
            "parry: sweep_time_of_impact's root finder did not converge (status Failed)",
        ),
        SweepToiStatus::Overlapped => {
            let center = sweep.start;
            let (feature, region) = label(obstacle, center, Vec2::ZERO);
            Outcome::Hit(Hit {
                time: 0.0,
                center,
                point: center,
                normal: Vec2::ZERO,
                face_normal: Vec2::ZERO,
                feature,
                region,
                started_inside: true,
            })
        }
        SweepToiStatus::Hit => {
            let time = out.fraction;
            let center = sweep.at(time);
            let normal = from_parry(out.normal);
            let (feature, region) = label(obstacle, center, normal);
            Outcome::Hit(Hit {
                time,
                center,
                point: from_parry(out.point),
                normal,
                face_normal: normal,
                feature,
                region,
                started_inside: false,
            })
        }
    }
}

/// The sum of the proxies' radii: the ball's, plus the other ball's for a circle.
pub fn total_radius(sweep: &Sweep, obstacle: &Obstacle) -> f32 {
    match obstacle {
        Obstacle::Circle(c) => sweep.radius + c.radius,
        _ => sweep.radius,
    }
}

/// The core separation parry aims for: `max(slop, R − slop)`.
pub fn target(total_radius: f32, slop: f32) -> f32 {
    slop.max(total_radius - slop)
}

/// How far from the target parry accepts a stop: `slop / 4`.
pub fn tolerance(slop: f32) -> f32 {
    0.25 * slop
}

/// What parry's documentation promises for one pair, in the core's exact terms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StopBand {
    /// How far from contact parry stops: positive short of it (a gap remains), negative past
    /// it (the ball overlaps by that much). `target − R`.
    pub offset: f32,
    /// The exact first time the cores come within `target + tolerance`: the earliest
    /// documented stop (`None`: they never do, and parry documents no hit).
    pub earliest: Option<f32>,
    /// The exact first time the cores come within `target − tolerance`: the latest
    /// documented stop (`None`: they never get that close, and any later time or a miss
    /// is documented too).
    pub latest: Option<f32>,
}

impl StopBand {
    /// The band in words, for notes: `a stop 0.005 past contact (overlapping), ± 0.00125:
    /// in exact terms between t = 0.25 and t = 0.2511`. A band the motion never reaches, or
    /// never passes, says so.
    pub fn describe(&self, slop: f32) -> String {
        use crate::variants::aim::aim_text;
        let aims = if self.offset < 0.0 {
            format!("{} past contact (overlapping)", aim_text(-self.offset))
        } else {
            format!("{} short of contact", aim_text(self.offset))
        };
        let when = match (self.earliest, self.latest) {
            (None, _) => "the motion never comes that close, so a miss is as documented".to_owned(),
            (Some(a), None) => format!(
                "in exact terms from t = {a} on (the motion never passes the band's far edge)"
            ),
            (Some(a), Some(b)) => format!("in exact terms between t = {a} and t = {b}"),
        };
        format!("a stop {aims}, ± {}: {when}", aim_text(tolerance(slop)))
    }
}

/// The documented band of stops for one pair with parry's `linear_slop = slop`: the core's
/// exact query with the contact distance set to `target ± tolerance` (the cores being a
/// point and the obstacle's outline, or two points, a ball of that radius is exactly parry's
/// stopping rule).
pub fn stop_band(sweep: &Sweep, obstacle: &Obstacle, slop: f32) -> StopBand {
    let r = total_radius(sweep, obstacle);
    let t = target(r, slop);
    let tol = tolerance(slop);
    StopBand {
        offset: t - r,
        earliest: exact_at_distance(sweep, obstacle, t + tol).map(|h| h.time),
        latest: exact_at_distance(sweep, obstacle, t - tol).map(|h| h.time),
    }
}

/// The exact first contact with the ball's centre `d` from the obstacle's core: where parry
/// aims to stop when `d` is its target.
pub fn exact_at_distance(sweep: &Sweep, obstacle: &Obstacle, d: f32) -> Option<Hit> {
    let s = Sweep::new(sweep.start, sweep.end, d);
    match obstacle {
        Obstacle::Circle(c) => s.vs_circle(&Sweep::new(c.start, c.end, 0.0)),
        o => o.cast(&s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_target_is_slop_past_contact_for_a_ball_and_short_of_it_for_a_speck() {
        assert_eq!(target(1.0, LINEAR_SLOP), 1.0 - LINEAR_SLOP);
        assert_eq!(target(0.001, LINEAR_SLOP), LINEAR_SLOP);
        assert_eq!(tolerance(LINEAR_SLOP), 0.00125);
    }
}
