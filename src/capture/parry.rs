//! Capture adapters for parry2d's own types: a `cast_shapes` or `sweep_time_of_impact` call
//! a program does not trust, with the answer parry gave it, to a scene. The guide below is
//! `docs/capture.md`; its example runs as this module's doctest.
//!
#![doc = include_str!("../../docs/capture.md")]
//!
//! One of the two shapes must be a `Ball` (the moving circle of the scene); the other a
//! `Ball`, a `Cuboid` or a `Segment`. The scene's motion is the ball's motion relative to a
//! box or a segment (the core's boxes and segments stand still), or both balls' own motions;
//! it ends at the query's time limit (`max_time_of_impact`, `max_fraction`), so the scene's
//! `t` is parry's time divided by that limit.

use parry2d::math::{Pose, Vector};
use parry2d::query::{
    ShapeCastHit, ShapeCastOptions, ShapeCastStatus, Sweep as ParrySweep, SweepToiOutput,
    SweepToiStatus, Unsupported, cast_shapes, sweep_time_of_impact,
};
use parry2d::shape::{Ball, Shape, TypedShape};

use super::{
    Answer, AnswerHit, CaptureError, SceneObstacle, capture, capture_judged, degrees_for,
    outcome_of, step_ulps,
};
use crate::geom::{Aabb, Segment, Sweep};
use crate::scene::model::Scene;
use crate::variants::parry::from_parry;
use crate::variants::verdict::{Verdict, judge_parry_sweep};
use glam::Vec2;

/// The parry version whose answers these adapters read.
pub const PARRY_VERSION: &str = "parry2d 0.31.1";

/// A `cast_shapes` query, exactly as a program makes it.
#[derive(Clone, Copy)]
pub struct CastQuery<'a> {
    /// The first shape's pose at time 0.
    pub pos1: Pose,
    /// The first shape's velocity (per unit of time of impact).
    pub vel1: Vector,
    /// The first shape.
    pub shape1: &'a dyn Shape,
    /// The second shape's pose at time 0.
    pub pos2: Pose,
    /// The second shape's velocity.
    pub vel2: Vector,
    /// The second shape.
    pub shape2: &'a dyn Shape,
    /// The options passed (the captured motion ends at `max_time_of_impact`).
    pub options: ShapeCastOptions,
}

impl<'a> CastQuery<'a> {
    /// The query of `cast_shapes(pos1, vel1, shape1, pos2, vel2, shape2, options)`.
    pub fn new(
        pos1: &Pose,
        vel1: Vector,
        shape1: &'a dyn Shape,
        pos2: &Pose,
        vel2: Vector,
        shape2: &'a dyn Shape,
        options: ShapeCastOptions,
    ) -> Self {
        Self {
            pos1: *pos1,
            vel1,
            shape1,
            pos2: *pos2,
            vel2,
            shape2,
            options,
        }
    }

    /// parry's own answer: the very call the program makes.
    pub fn cast(&self) -> Result<Option<ShapeCastHit>, Unsupported> {
        cast_shapes(
            &self.pos1,
            self.vel1,
            self.shape1,
            &self.pos2,
            self.vel2,
            self.shape2,
            self.options,
        )
    }

    /// The scene: the query's inputs, `got` (the answer the program got) beside the exact
    /// answer, which is the expectation.
    pub fn to_scene(
        &self,
        got: &Result<Option<ShapeCastHit>, Unsupported>,
    ) -> Result<Scene, CaptureError> {
        let (sweep, obstacle, ball_first, mut remarks) = self.geometry()?;
        let horizon = self.options.max_time_of_impact;
        let answer = Answer {
            by: "parry-cast".to_owned(),
            hit: match got {
                Ok(Some(hit)) => Some(self.answer_hit(hit, ball_first, horizon)),
                _ => None,
            },
            detail: match got {
                Err(_) => format!("{PARRY_VERSION} cast_shapes: Err(Unsupported)"),
                Ok(None) => format!("{PARRY_VERSION} cast_shapes: Ok(None)"),
                Ok(Some(h)) => format!(
                    "{PARRY_VERSION} cast_shapes: time_of_impact {}, status {:?}, normal1 ({}, {}), \
                     normal2 ({}, {})",
                    h.time_of_impact, h.status, h.normal1.x, h.normal1.y, h.normal2.x, h.normal2.y
                ),
            },
        };
        remarks.push(format!(
            "options: max_time_of_impact {}, target_distance {}, stop_at_penetration {}, \
             compute_impact_geometry_on_penetration {}",
            self.options.max_time_of_impact,
            self.options.target_distance,
            self.options.stop_at_penetration,
            self.options.compute_impact_geometry_on_penetration
        ));
        if self.options.target_distance != 0.0 {
            remarks.push(format!(
                "target_distance {} asks parry to stop that far from contact; the exact \
                 answer is contact itself",
                self.options.target_distance
            ));
        }
        capture(&sweep, &obstacle, &answer, &remarks)
    }

    /// [`Self::to_scene`], saved atomically to `path`.
    pub fn save(
        &self,
        path: impl AsRef<std::path::Path>,
        got: &Result<Option<ShapeCastHit>, Unsupported>,
    ) -> Result<Scene, CaptureError> {
        let scene = self.to_scene(got)?;
        crate::scene::io::save_scene(path.as_ref(), &scene).map_err(CaptureError::Save)?;
        Ok(scene)
    }

    fn answer_hit(&self, hit: &ShapeCastHit, ball_first: bool, horizon: f32) -> AnswerHit {
        // normal1 is shape 1's outward normal in its frame, normal2 shape 2's in its frame.
        // Ours points from the obstacle toward the ball: the obstacle's outward normal.
        let normal = if ball_first {
            self.pos2.rotation * hit.normal2
        } else {
            self.pos1.rotation * hit.normal1
        };
        AnswerHit {
            time: hit.time_of_impact / horizon,
            normal: Some(from_parry(normal)),
            started_inside: Some(hit.status == ShapeCastStatus::PenetratingOrWithinTargetDist),
        }
    }

    /// The scene's ball and obstacle, whether shape 1 is the ball, and remarks.
    fn geometry(&self) -> Result<(Sweep, SceneObstacle, bool, Vec<String>), CaptureError> {
        let horizon = self.options.max_time_of_impact;
        // f32::MAX is parry's "no limit" (ShapeCastOptions::default()).
        if !(horizon.is_finite() && horizon > 0.0 && horizon < f32::MAX) {
            return Err(CaptureError::Input(format!(
                "max_time_of_impact is {horizon}: the motion needs an end; pass the time step \
                 (ShapeCastOptions::with_max_time_of_impact)"
            )));
        }
        let one = Motion {
            pose: self.pos1,
            shape: self.shape1,
            delta: self.vel1 * horizon,
        };
        let two = Motion {
            pose: self.pos2,
            shape: self.shape2,
            delta: self.vel2 * horizon,
        };
        let mut remarks = Vec::new();
        if horizon != 1.0 {
            remarks.push(format!(
                "the motion runs to max_time_of_impact = {horizon}: the scene's t is parry's \
                 time of impact / {horizon}"
            ));
        }
        let (ball_first, (sweep, obstacle)) = match (one.shape.as_ball(), two.shape.as_ball()) {
            (Some(b), _) => (true, pair(b, &one, &two, &mut remarks)?),
            (None, Some(b)) => (false, pair(b, &two, &one, &mut remarks)?),
            (None, None) => {
                return Err(CaptureError::Unsupported(
                    "one of the two shapes must be a Ball (the moving circle)".into(),
                ));
            }
        };
        Ok((sweep, obstacle, ball_first, remarks))
    }
}

/// A `sweep_time_of_impact` query, exactly as a program makes it (the shapes instead of the
/// `ToiProxy`s made from them with `ToiProxy::from_shape`).
#[derive(Clone, Copy)]
pub struct SweepQuery<'a> {
    /// The first shape (proxy A).
    pub shape_a: &'a dyn Shape,
    /// Its sweep from the start pose to the end pose.
    pub sweep_a: ParrySweep,
    /// The second shape (proxy B).
    pub shape_b: &'a dyn Shape,
    /// Its sweep.
    pub sweep_b: ParrySweep,
    /// The `max_fraction` passed (the captured motion ends there).
    pub max_fraction: f32,
    /// The `linear_slop` passed.
    pub linear_slop: f32,
}

impl<'a> SweepQuery<'a> {
    /// parry's own answer: the very call the program makes.
    pub fn sweep(&self) -> Result<SweepToiOutput, CaptureError> {
        let unsupported = || CaptureError::Unsupported("no ToiProxy for this shape".into());
        let a = parry2d::query::ToiProxy::from_shape(self.shape_a).ok_or_else(unsupported)?;
        let b = parry2d::query::ToiProxy::from_shape(self.shape_b).ok_or_else(unsupported)?;
        Ok(sweep_time_of_impact(
            &a,
            &self.sweep_a,
            &b,
            &self.sweep_b,
            self.max_fraction,
            self.linear_slop,
        ))
    }

    /// The scene: the query's inputs, `got` beside the exact answer (the expectation), and
    /// the stop parry documents for this slop in the notes.
    pub fn to_scene(&self, got: &SweepToiOutput) -> Result<Scene, CaptureError> {
        let horizon = self.max_fraction;
        if !(horizon.is_finite() && horizon > 0.0 && horizon <= 1.0) {
            return Err(CaptureError::Input(format!(
                "max_fraction is {horizon}; it must be in (0, 1]"
            )));
        }
        let mut remarks = Vec::new();
        for (name, s) in [("A", &self.sweep_a), ("B", &self.sweep_b)] {
            if s.q1 != s.q2 {
                return Err(CaptureError::Unsupported(format!(
                    "sweep {name} rotates; the core's shapes only translate"
                )));
            }
            if s.local_center != Vector::ZERO {
                remarks.push(format!(
                    "sweep {name}'s local_center is not zero: the pose is recovered from c1, q1"
                ));
            }
        }
        let motion = |shape, s: &ParrySweep| Motion {
            pose: s.transform_at(0.0),
            shape,
            delta: (s.c2 - s.c1) * horizon,
        };
        let a = motion(self.shape_a, &self.sweep_a);
        let b = motion(self.shape_b, &self.sweep_b);
        if horizon != 1.0 {
            remarks.push(format!(
                "the motion runs to max_fraction = {horizon}: the scene's t is parry's \
                 fraction / {horizon}"
            ));
        }
        let (ball_is_a, (sweep, obstacle)) = match (b.shape.as_ball(), a.shape.as_ball()) {
            (Some(ball), _) => (false, pair(ball, &b, &a, &mut remarks)?),
            (None, Some(ball)) => (true, pair(ball, &a, &b, &mut remarks)?),
            (None, None) => {
                return Err(CaptureError::Unsupported(
                    "one of the two shapes must be a Ball (the moving circle)".into(),
                ));
            }
        };
        // parry's normal points from A to B; ours from the obstacle to the ball.
        let normal = if ball_is_a { -got.normal } else { got.normal };
        let hit = match got.status {
            SweepToiStatus::Separated => None,
            SweepToiStatus::Overlapped => Some(AnswerHit {
                time: 0.0,
                normal: None,
                started_inside: Some(true),
            }),
            SweepToiStatus::Hit | SweepToiStatus::Failed => Some(AnswerHit {
                time: got.fraction / horizon,
                normal: Some(from_parry(normal)),
                started_inside: Some(false),
            }),
        };
        let answer = Answer {
            by: "parry-sweep".to_owned(),
            hit,
            detail: format!(
                "{PARRY_VERSION} sweep_time_of_impact: status {:?}, fraction {}, point ({}, {}), \
                 normal ({}, {})",
                got.status, got.fraction, got.point.x, got.point.y, got.normal.x, got.normal.y
            ),
        };
        let core_obstacle = obstacle.obstacle();
        let band =
            crate::variants::parry::sweep::stop_band(&sweep, &core_obstacle, self.linear_slop);
        remarks.push(format!(
            "linear_slop {}: parry documents {}",
            self.linear_slop,
            band.describe(self.linear_slop)
        ));
        let exact = core_obstacle.cast(&sweep);
        let verdict = if got.status == SweepToiStatus::Failed {
            remarks.push("status Failed: parry's fraction is only the last safe time".into());
            Verdict::Failed("sweep_time_of_impact's root finder did not converge")
        } else {
            let outcome = outcome_of(&answer, exact.as_ref());
            judge_parry_sweep(
                &sweep,
                &core_obstacle,
                exact.as_ref(),
                &outcome,
                self.linear_slop,
            )
        };
        capture_judged(&sweep, &obstacle, &answer, &verdict, &remarks)
    }

    /// [`Self::to_scene`], saved atomically to `path`.
    pub fn save(
        &self,
        path: impl AsRef<std::path::Path>,
        got: &SweepToiOutput,
    ) -> Result<Scene, CaptureError> {
        let scene = self.to_scene(got)?;
        crate::scene::io::save_scene(path.as_ref(), &scene).map_err(CaptureError::Save)?;
        Ok(scene)
    }
}

/// One shape's pose at the start and its displacement over the motion.
struct Motion<'a> {
    pose: Pose,
    shape: &'a dyn Shape,
    delta: Vector,
}

fn v(p: Vector) -> Vec2 {
    from_parry(p)
}

/// The ball's sweep and the obstacle in scene terms. A box or segment stands still in the
/// scene, so the ball moves by its displacement relative to it.
fn pair(
    ball: &Ball,
    mine: &Motion,
    other: &Motion,
    remarks: &mut Vec<String>,
) -> Result<(Sweep, SceneObstacle), CaptureError> {
    let start = v(mine.pose.translation);
    let moving_obstacle = other.delta != Vector::ZERO;
    let obstacle_is_ball = other.shape.as_ball().is_some();
    let delta = if moving_obstacle && !obstacle_is_ball {
        remarks.push(format!(
            "the obstacle moves by ({}, {}); the scene shows the ball's motion relative to it",
            other.delta.x, other.delta.y
        ));
        mine.delta - other.delta
    } else {
        mine.delta
    };
    let end = end_of(start, v(delta), "the ball", remarks);
    let sweep = Sweep::new(start, end, ball.radius);
    let obstacle = match other.shape.as_typed_shape() {
        TypedShape::Ball(b) => {
            let s = v(other.pose.translation);
            let e = end_of(s, v(other.delta), "the other ball", remarks);
            SceneObstacle::Circle(Sweep::new(s, e, b.radius))
        }
        TypedShape::Cuboid(c) => cuboid(&other.pose, v(c.half_extents), remarks),
        TypedShape::Segment(s) => {
            let p = &other.pose;
            let (a, b) = (p.transform_point(s.a), p.transform_point(s.b));
            if *p != Pose::IDENTITY {
                remarks.push(format!(
                    "the segment's endpoints are its pose applied to ({}, {}) and ({}, {}), \
                     rounded to f32",
                    s.a.x, s.a.y, s.b.x, s.b.y
                ));
            }
            SceneObstacle::Segment(Segment::new(v(a), v(b)))
        }
        _ => {
            return Err(CaptureError::Unsupported(
                "the obstacle must be a Ball, a Cuboid or a Segment".into(),
            ));
        }
    };
    Ok((sweep, obstacle))
}

/// `start + delta`, with a remark when that is not exactly an f32.
fn end_of(start: Vec2, delta: Vec2, who: &str, remarks: &mut Vec<String>) -> Vec2 {
    let end = start + delta;
    let exact = (end.as_dvec2() - start.as_dvec2()) == delta.as_dvec2();
    if !exact {
        remarks.push(format!(
            "{who}'s end point start + motion is not an f32: the scene's end ({}, {}) is its \
             rounding, off by ({:e}, {:e})",
            end.x,
            end.y,
            (end.as_dvec2() - start.as_dvec2() - delta.as_dvec2()).x,
            (end.as_dvec2() - start.as_dvec2() - delta.as_dvec2()).y
        ));
    }
    end
}

/// A cuboid at `pose`: a box when it is unrotated and its corners are exact, else a rotated
/// box with the degrees that reproduce parry's rotation.
fn cuboid(pose: &Pose, half: Vec2, remarks: &mut Vec<String>) -> SceneObstacle {
    let center = v(pose.translation);
    let (re, im) = (pose.rotation.re, pose.rotation.im);
    if re == 1.0 && im == 0.0 {
        let b = Aabb::new(center - half, center + half);
        let back = b.min.as_dvec2() + half.as_dvec2() == center.as_dvec2()
            && b.max.as_dvec2() - half.as_dvec2() == center.as_dvec2();
        if back {
            return SceneObstacle::Box(b);
        }
    }
    let radians = im.atan2(re);
    // The angle whose sin_cos is exactly parry's rotation, if one is near atan2's.
    let mut angle = radians;
    let mut found = false;
    for k in 0..=64i32 {
        for cand in [step_ulps(radians, k), step_ulps(radians, -k)] {
            let (s, c) = cand.sin_cos();
            if s == im && c == re {
                angle = cand;
                found = true;
                break;
            }
        }
        if found {
            break;
        }
    }
    let (degrees, exact) = degrees_for(angle);
    if !found || !exact {
        let axis = Vec2::from_angle(degrees.to_radians());
        remarks.push(format!(
            "parry's rotation (cos {re}, sin {im}) is not sin_cos of an f32 number of degrees; \
             the scene's box is turned by {degrees}°, axis ({}, {})",
            axis.x, axis.y
        ));
    }
    SceneObstacle::RotatedBox {
        center,
        half_extents: half,
        degrees,
    }
}
