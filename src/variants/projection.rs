//! Seed 003: circle vs line segment by projection, with the published reflection and slide.
//!
//! Detection projects the centre, relative to the segment's start `a`, on the segment's unit
//! left normal (signed distance) and on the segment (extent): a collision when
//! `|distance| <= r`, `line · c > 0` and `extent < |line|`. It runs once per frame on the
//! position the circle has reached, so [`cast`] tests the end of the motion (t = 1).
//! The responses are exposed for comparison with the core's: [`reflect`] is
//! `A' = A + 2 V(Ap)` and [`slide`] is `A' = A + V(Ap)` after repositioning the centre at
//! `r − 1` from the line, where `V(Ap)` has the magnitude `|A · n|` along the left normal `n`.
//!
//! # Flaws (kept on purpose)
//! - Discrete: only the reached position is tested, so a fast circle tunnels.
//! - End caps are ignored: a circle overlapping an end point but beyond the segment's extent
//!   is not a collision.
//! - `abs()` of the projection: `V(Ap)` always points along the *left* normal, so from the
//!   right side the "reflection" doubles the motion into the line and the slide repositions
//!   the circle onto the left side. [`cast`] therefore always reports the left normal.
//! - The `r − 1` reposition leaves a permanent overlap of one unit (and for `r < 1` puts the
//!   centre on the other side of the line).
//! - The slide moves along the line for that frame only; the stored velocity is unchanged.
//! - A zero-length segment divides by its length 0 (NaN), reported as [`Outcome::Failed`].

use glam::Vec2;

use super::Outcome;
use super::flaw_detail::Detail;
use super::verdict::TIME_TOLERANCE;
use crate::geom::{Segment, Sweep};
use crate::hit::{Feature, Hit};

/// The flaws above, one line each, for the variants panel.
pub const FLAWS: &[&str] = &[
    "discrete: tests only the reached position, so fast circles tunnel",
    "segment end caps are ignored",
    "abs() of the projection: the response always pushes along the left normal",
    "the r − 1 reposition leaves a permanent overlap",
    "a zero-length segment divides by zero",
];

/// The two projections of the centre relative to `a`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Projection {
    /// Signed distance along the unit left normal.
    pub on_normal: f32,
    /// Extent along the segment from `a`.
    pub on_line: f32,
    /// Whether the published test calls it a collision.
    pub colliding: bool,
}

/// The published detection for a circle at `center`.
pub fn detect(center: Vec2, radius: f32, segment: &Segment) -> Projection {
    let line = segment.delta();
    let length = line.length();
    let left_normal = line.perp() / length;
    let c = center - segment.a;
    let on_normal = c.dot(left_normal);
    let on_line = c.dot(line) / length;
    let colliding = on_normal.abs() <= radius && line.dot(c) > 0.0 && on_line < length;
    Projection {
        on_normal,
        on_line,
        colliding,
    }
}

/// `V(Ap)`: the left normal scaled by `|A · n|` — the `abs()` makes it ignore the side.
fn v_ap(velocity: Vec2, segment: &Segment) -> Vec2 {
    let line = segment.delta();
    let left_normal = line.perp() / line.length();
    left_normal * velocity.dot(left_normal).abs()
}

/// The published reflection `A' = A + 2 V(Ap)`.
pub fn reflect(velocity: Vec2, segment: &Segment) -> Vec2 {
    velocity + v_ap(velocity, segment) * 2.0
}

/// One frame of the published slide.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlideStep {
    /// The centre put back on the line's left at distance `r − 1`.
    pub repositioned: Vec2,
    /// `A + V(Ap)`: the move applied this frame.
    pub step: Vec2,
    /// Where the centre is after the frame: `repositioned + step`.
    pub end: Vec2,
}

/// The published slide for a colliding circle at `center` with `velocity` (per frame).
pub fn slide(center: Vec2, velocity: Vec2, radius: f32, segment: &Segment) -> SlideStep {
    let line = segment.delta();
    let length = line.length();
    let on_line = (center - segment.a).dot(line) / length;
    let along = line / length * on_line;
    let up = line.perp() / length * (radius - 1.0);
    let repositioned = segment.a + along + up;
    let step = velocity + v_ap(velocity, segment);
    SlideStep {
        repositioned,
        step,
        end: repositioned + step,
    }
}

/// Which of [`FLAWS`] `outcome` shows (its index), from the test's own projections at t = 1.
pub(super) fn shown(
    sweep: &Sweep,
    segment: &Segment,
    outcome: &Outcome,
    exact: Option<&Hit>,
) -> Option<(usize, Detail)> {
    let p = detect(sweep.end, sweep.radius, segment);
    match outcome {
        // Late: it looks only where the ball ends.
        Outcome::Hit(h) if exact.is_some_and(|e| h.time - e.time > TIME_TOLERANCE) => {
            Some((0, Detail::None))
        }
        Outcome::Hit(_) if p.on_normal < 0.0 => Some((
            2,
            Detail::RightSide {
                distance: p.on_normal,
            },
        )),
        Outcome::Miss => {
            let exact = exact?;
            let length = segment.delta().length();
            // Within reach of the line but not between its ends: an end cap's overlap.
            let beyond = !(p.on_line > 0.0 && p.on_line < length);
            if p.on_normal.abs() <= sweep.radius && beyond && !exact.started_inside {
                let cap = segment
                    .a
                    .distance(sweep.end)
                    .min(segment.b.distance(sweep.end));
                if cap < sweep.radius {
                    return Some((
                        1,
                        Detail::BeyondExtent {
                            along: p.on_line,
                            length,
                        },
                    ));
                }
            }
            Some((0, Detail::None))
        }
        _ => None,
    }
}

/// The detection at the end of the motion, reported with the left normal the response uses.
pub fn cast(sweep: &Sweep, segment: &Segment) -> Outcome {
    let p = detect(sweep.end, sweep.radius, segment);
    if !(p.on_normal.is_finite() && p.on_line.is_finite()) {
        // Named by its cause: a segment 6.8e38 long is not one of length 0.
        let length = segment.delta().length();
        return Outcome::Failed(if length == 0.0 {
            "the projection divides by the segment's length 0 (NaN)"
        } else if !length.is_finite() {
            "the segment's length overflows f32 (infinity), and the projection divides by it"
        } else {
            "the projection's products overflow f32 (infinity or NaN)"
        });
    }
    if !p.colliding {
        return Outcome::Miss;
    }
    let line = segment.delta();
    let normal = line.perp() / line.length();
    Outcome::Hit(Hit {
        time: 1.0,
        center: sweep.end,
        point: segment.a + line / line.length() * p.on_line,
        normal,
        face_normal: normal,
        feature: Feature::Face { left: true },
        region: None,
        started_inside: false,
    })
}
