//! Capture: one call turns a query a program does not trust into a scene file the debugger
//! opens and `sweepscope check` passes.
//!
//! The scene holds the inputs bit-exact (the scene writer prints every f32 as its shortest
//! round-trip decimal), the answer the program got as a [`Reported`] entry and in the
//! `notes`, and the exact core's answer as the `expect` entry. Where an input cannot be
//! written exactly in the scene's terms (a rotation that no f32 number of degrees
//! reproduces, an end point `start + velocity` that is not an f32) the notes say so and by
//! how much; the expectation is always the exact answer for the scene as written.
//!
//! `parry` (with the `engines` feature) takes parry2d's own types: see `docs/capture.md`.

#[cfg(feature = "engines")]
pub mod parry;

use std::fmt;
use std::fmt::Write as _;
use std::path::Path;

use glam::Vec2;

use crate::geom::{Aabb, Sweep};
use crate::hit::Hit;
use crate::obstacle::Obstacle;
use crate::scene::io::{SceneError, save_scene};
use crate::scene::model::{Expectation, Object, Reported, Scene, Shape, View};
pub use crate::variants::verdict::AnswerHit;
use crate::variants::verdict::{Verdict, judge, said_outcome};
use crate::variants::{Outcome, Variant};

/// The name of the moving circle in a captured scene.
pub const BALL: &str = "ball";
/// The name of the obstacle in a captured scene.
pub const OBSTACLE: &str = "obstacle";

/// Tolerance of the captured expectations: tight enough to pin the exact answer, loose
/// enough for another platform's `sin`/`cos` under a rotated box.
pub const EXPECT_TOLERANCE: f32 = 1e-5;

/// What a program's query answered, in the core's terms: time as the fraction of the ball's
/// motion, normal from the obstacle toward the ball's centre.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// Who answered: an engine or variant id (`parry-cast`, ...) or the program's name.
    pub by: String,
    /// The contact it reported, if any.
    pub hit: Option<AnswerHit>,
    /// Anything else it said, in its own terms (status, raw time of impact, ...).
    pub detail: String,
}

/// An obstacle as the scene will hold it: the rotated box's angle in degrees, as scene
/// files write it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SceneObstacle {
    /// An axis-aligned box.
    Box(Aabb),
    /// A rotated box, its angle in degrees.
    RotatedBox {
        /// The centre.
        center: Vec2,
        /// Half the width and height along the box's own axes.
        half_extents: Vec2,
        /// The angle in degrees, counter-clockwise.
        degrees: f32,
    },
    /// A segment.
    Segment(crate::geom::Segment),
    /// A circle, moving over the same `t` as the ball or still.
    Circle(Sweep),
}

impl SceneObstacle {
    /// The scene shape.
    pub fn shape(&self) -> Shape {
        match *self {
            SceneObstacle::Box(b) => Shape::Box {
                min: b.min,
                max: b.max,
            },
            SceneObstacle::RotatedBox {
                center,
                half_extents,
                degrees,
            } => Shape::RotatedBox {
                center,
                half_extents,
                angle: degrees,
            },
            SceneObstacle::Segment(s) => Shape::Segment { a: s.a, b: s.b },
            SceneObstacle::Circle(c) => Shape::Circle {
                start: c.start,
                end: c.end,
                radius: c.radius,
            },
        }
    }

    /// The obstacle the core answers for once the scene is loaded.
    pub fn obstacle(&self) -> Obstacle {
        // Infallible: only a ball has no obstacle.
        self.shape()
            .obstacle()
            .unwrap_or(Obstacle::Circle(Sweep::stationary(Vec2::ZERO, 0.0)))
    }

    /// The scene form of a core obstacle; for a rotated box with the degrees found by
    /// [`degrees_for`], and a remark when they do not reproduce its axis exactly.
    pub fn from_obstacle(obstacle: &Obstacle) -> (Self, Option<String>) {
        match *obstacle {
            Obstacle::Aabb(b) => (SceneObstacle::Box(b), None),
            Obstacle::Obb(b) => {
                let (degrees, exact) = degrees_for(b.angle);
                let remark = (!exact).then(|| {
                    format!(
                        "the box's angle {} rad has no f32 number of degrees that gives the \
                         same axis; the scene's {degrees}° turns it by {:e} rad instead",
                        b.angle,
                        degrees.to_radians() - b.angle
                    )
                });
                let scene = SceneObstacle::RotatedBox {
                    center: b.center,
                    half_extents: b.half_extents,
                    degrees,
                };
                (scene, remark)
            }
            Obstacle::Segment(s) => (SceneObstacle::Segment(s), None),
            Obstacle::Circle(c) => (SceneObstacle::Circle(c), None),
        }
    }
}

/// The f32 number of degrees whose `to_radians()` gives `radians` — or failing that the
/// same axis `(cos, sin)`, which is all the core uses — and whether one was found (else the
/// nearest).
pub fn degrees_for(radians: f32) -> (f32, bool) {
    let first = radians.to_degrees();
    if !first.is_finite() {
        return (first, false);
    }
    let axis = Vec2::from_angle(radians);
    // The candidates by distance from the first guess, in ulps.
    let candidates = (0..=64u32).flat_map(|k| {
        let up = step_ulps(first, k as i32);
        let down = step_ulps(first, -(k as i32));
        [up, down]
    });
    let mut same_axis = None;
    for d in candidates.clone() {
        let r = d.to_radians();
        if r.to_bits() == radians.to_bits() {
            return (d, true);
        }
        if same_axis.is_none() && Vec2::from_angle(r) == axis {
            same_axis = Some(d);
        }
    }
    match same_axis {
        Some(d) => (d, true),
        None => (first, false),
    }
}

/// `x` moved by `k` ulps (through zero correctly for finite values).
pub(crate) fn step_ulps(x: f32, k: i32) -> f32 {
    // Map the bits to a monotonic integer line, step, map back.
    let bits = x.to_bits() as i32;
    let ordered = if bits < 0 { i32::MIN - bits } else { bits };
    let moved = ordered.saturating_add(k);
    let back = if moved < 0 { i32::MIN - moved } else { moved };
    f32::from_bits(back as u32)
}

/// Why a query could not be captured.
#[derive(Debug)]
pub enum CaptureError {
    /// The input has no scene form (non-finite values, a radius of zero, ...).
    Input(String),
    /// The shape pair is not one the core handles.
    Unsupported(String),
    /// The scene could not be saved.
    Save(SceneError),
}

impl fmt::Display for CaptureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaptureError::Input(why) => write!(f, "cannot capture: {why}"),
            CaptureError::Unsupported(why) => write!(f, "cannot capture: unsupported: {why}"),
            CaptureError::Save(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CaptureError {}

/// The capture itself: a scene with the ball and the obstacle, the exact answer as its
/// expectation, the program's `answer` beside it, and `remarks` (inputs that could not be
/// written exactly, how the program's query was mapped) in the notes.
pub fn capture(
    sweep: &Sweep,
    obstacle: &SceneObstacle,
    answer: &Answer,
    remarks: &[String],
) -> Result<Scene, CaptureError> {
    let exact = obstacle.obstacle().cast(sweep);
    let verdict = verdict_of(answer, exact.as_ref());
    capture_judged(sweep, obstacle, answer, &verdict, remarks)
}

/// [`capture`] with the verdict given: for a contender judged with more than the answer
/// shows (an engine's documented stop, see `variants::verdict::judge_variant`).
pub fn capture_judged(
    sweep: &Sweep,
    obstacle: &SceneObstacle,
    answer: &Answer,
    verdict: &Verdict,
    remarks: &[String],
) -> Result<Scene, CaptureError> {
    let ball = Shape::Ball {
        start: sweep.start,
        end: sweep.end,
        radius: sweep.radius,
    };
    if !sweep.is_valid() || !obstacle.obstacle().is_valid() {
        return Err(CaptureError::Input(
            "the ball or the obstacle has a non-finite coordinate or a negative size".into(),
        ));
    }
    if sweep.radius <= 0.0 {
        return Err(CaptureError::Input(
            "the ball's radius is zero; scene balls need a positive radius".into(),
        ));
    }
    let core_obstacle = obstacle.obstacle();
    let exact = core_obstacle.cast(sweep);
    let mut scene = Scene::empty(&format!("{} vs the exact answer", answer.by));
    scene.description = headline(answer, exact.as_ref(), verdict);
    scene.objects = vec![
        Object {
            name: BALL.to_owned(),
            shape: ball,
        },
        Object {
            name: OBSTACLE.to_owned(),
            shape: obstacle.shape(),
        },
    ];
    scene.view = view_of(sweep, &core_obstacle);
    if let Some(v) = Variant::from_id(&answer.by) {
        scene.variants.push(v.id().to_owned());
    }
    scene.expect.push(expectation(exact.as_ref()));
    scene.reported.push(Reported {
        ball: BALL.to_owned(),
        obstacle: OBSTACLE.to_owned(),
        by: answer.by.clone(),
        hit: answer.hit.is_some(),
        // A NaN is kept out of the structured fields (the detail and notes carry it).
        time: answer.hit.map(|h| h.time).filter(|t| t.is_finite()),
        normal: answer.hit.and_then(|h| h.normal).filter(|n| n.is_finite()),
        started_inside: answer.hit.and_then(|h| h.started_inside),
        detail: answer.detail.clone(),
    });
    scene.notes = notes(answer, exact.as_ref(), verdict, remarks);
    Ok(scene)
}

/// [`capture`], then saved atomically to `path`.
pub fn capture_to_file(
    path: impl AsRef<Path>,
    sweep: &Sweep,
    obstacle: &SceneObstacle,
    answer: &Answer,
    remarks: &[String],
) -> Result<Scene, CaptureError> {
    let scene = capture(sweep, obstacle, answer, remarks)?;
    save_scene(path.as_ref(), &scene).map_err(CaptureError::Save)?;
    Ok(scene)
}

/// The exact answer as an expectation that pins it.
pub fn expectation(exact: Option<&Hit>) -> Expectation {
    let mut e = Expectation {
        ball: BALL.to_owned(),
        obstacle: OBSTACLE.to_owned(),
        hit: exact.is_some(),
        time: None,
        feature: None,
        region: None,
        normal: None,
        started_inside: None,
        tolerance: EXPECT_TOLERANCE,
    };
    if let Some(h) = exact {
        e.time = Some(h.time);
        e.feature = Some(h.feature.name().to_owned());
        e.region = h.region.map(|r| r.name().to_owned());
        // Scene files require a unit normal; the core's always is, but a file must load.
        e.normal = ((h.normal.length() - 1.0).abs() <= 1e-4).then_some(h.normal);
        e.started_inside = Some(h.started_inside);
    }
    e
}

/// The answer as the verdicts see it: missing fields taken from the exact answer, so only
/// what the program did say is judged.
pub fn verdict_of(answer: &Answer, exact: Option<&Hit>) -> Verdict {
    judge(exact, &outcome_of(answer, exact))
}

/// The answer as a variant's outcome: fields it does not give are the exact answer's.
pub fn outcome_of(answer: &Answer, exact: Option<&Hit>) -> Outcome {
    said_outcome(answer.hit, exact)
}

fn headline(answer: &Answer, exact: Option<&Hit>, verdict: &Verdict) -> String {
    format!(
        "{}: {}; exact: {}.",
        answer.by,
        answer_text(answer),
        exact_text(exact)
    ) + &if verdict.is_bad() {
        format!(" Verdict: {}.", verdict.text())
    } else if matches!(verdict, Verdict::Documented { .. }) {
        format!(" It {}.", verdict.text())
    } else {
        " They agree.".to_owned()
    }
}

/// The answer in one line.
pub fn answer_text(answer: &Answer) -> String {
    match answer.hit {
        None => "no hit".to_owned(),
        Some(h) => {
            let mut s = format!("hit at t = {}", h.time);
            if let Some(n) = h.normal {
                let _ = write!(s, ", normal ({}, {})", n.x, n.y);
            }
            if let Some(i) = h.started_inside {
                let _ = write!(s, ", started_inside {i}");
            }
            s
        }
    }
}

/// The exact answer in one line.
pub fn exact_text(exact: Option<&Hit>) -> String {
    match exact {
        None => "no hit".to_owned(),
        Some(h) => format!(
            "hit at t = {} on {}, normal ({}, {}), started_inside {}",
            h.time,
            h.feature.name(),
            h.normal.x,
            h.normal.y,
            h.started_inside
        ),
    }
}

fn notes(answer: &Answer, exact: Option<&Hit>, verdict: &Verdict, remarks: &[String]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Captured with sweepscope {}.", env!("CARGO_PKG_VERSION"));
    let _ = writeln!(s, "{} answered: {}", answer.by, answer_text(answer));
    if !answer.detail.is_empty() {
        let _ = writeln!(s, "  ({})", answer.detail);
    }
    let _ = writeln!(s, "exact answer: {}", exact_text(exact));
    let _ = writeln!(s, "verdict: {}", verdict.text());
    for r in remarks {
        let _ = writeln!(s, "note: {r}");
    }
    s.trim_end().to_owned()
}

/// A camera that shows the whole motion and the obstacle.
pub fn view_of(sweep: &Sweep, obstacle: &Obstacle) -> View {
    let mut b = sweep.bounds();
    let o = match obstacle {
        Obstacle::Aabb(a) => *a,
        Obstacle::Obb(o) => {
            let c = o.corners();
            c.iter().fold(Aabb::from_points(c[0], c[0]), |acc, p| {
                Aabb::from_points(acc.min.min(*p), acc.max.max(*p))
            })
        }
        Obstacle::Segment(s) => Aabb::from_points(s.a, s.b),
        Obstacle::Circle(c) => c.bounds(),
    };
    b = Aabb::from_points(b.min.min(o.min), b.max.max(o.max));
    // Where it happens: the obstacle and the ball at the first contact, else at its
    // closest approach. A case found with a long motion past a small obstacle opened with
    // the obstacle a dot (a box of 20 in a view of 70,000): the view is then that, with
    // room around, and the rest of the motion is a pan or F away.
    let when = obstacle
        .cast(sweep)
        .map(|h| h.time)
        .or_else(|| obstacle.closest_approach(sweep).map(|a| a.time));
    if let Some(t) = when {
        let c = sweep.at(t);
        let r = Vec2::splat(sweep.radius);
        let near = Aabb::from_points(o.min.min(c - r), o.max.max(c + r));
        if near.size().max_element() < 0.05 * b.size().max_element() {
            let half = near.size() * 1.5;
            b = Aabb::from_points(near.center() - half, near.center() + half);
        }
    }
    // A point or a line gets a thousandth of the other side (a case at any scale).
    let size = b
        .size()
        .max(Vec2::splat(b.size().max_element() * 1e-3))
        .max(Vec2::splat(f32::MIN_POSITIVE));
    // About 1200 × 800 pixels of canvas, with a margin, within the canvas's zoom limits.
    let zoom = (0.8 * (1200.0 / size.x).min(800.0 / size.y)).clamp(1e-36, 1e36);
    let center = b.center();
    let zoom = if zoom.is_finite() { zoom } else { 1.0 };
    // The region that canvas shows: any window opens on it.
    let extent = Vec2::new(600.0, 400.0) / zoom;
    View {
        center: if center.is_finite() {
            center
        } else {
            Vec2::ZERO
        },
        zoom,
        extent: (extent.is_finite() && extent.cmpgt(Vec2::ZERO).all()).then_some(extent),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A case found with a long motion past a small box opened with the box a dot: a
    /// 20 × 10 box in a view 70,000 wide. The view holds where it happens.
    #[test]
    fn a_case_opens_on_where_it_happens() {
        let sweep = Sweep::new(Vec2::new(-35_000.0, 4.0), Vec2::new(35_000.0, 4.0), 1.0);
        let obstacle = Obstacle::Aabb(Aabb::new(Vec2::new(-10.0, -5.0), Vec2::new(10.0, 5.0)));
        let v = view_of(&sweep, &obstacle);
        assert!(
            v.zoom * 20.0 > 100.0,
            "the box is {} px wide",
            v.zoom * 20.0
        );
        assert!(v.center.length() < 20.0, "{:?}", v.center);
        // A short motion keeps the whole of it in view.
        let sweep = Sweep::new(Vec2::new(-30.0, 4.0), Vec2::new(30.0, 4.0), 1.0);
        let v = view_of(&sweep, &obstacle);
        let extent = v.extent.unwrap_or_default();
        assert!(extent.x >= 30.0, "{extent:?}");
    }

    #[test]
    fn degrees_are_found_that_give_the_radians_back() {
        for r in [0.0f32, 0.7, -1.3, 3.0, 1e-3, std::f32::consts::PI] {
            let (d, exact) = degrees_for(r);
            assert!(exact, "{r}");
            assert_eq!(Vec2::from_angle(d.to_radians()), Vec2::from_angle(r), "{r}");
        }
    }

    #[test]
    fn ulp_steps_cross_zero() {
        assert_eq!(step_ulps(0.0, 1), f32::from_bits(1));
        assert_eq!(step_ulps(f32::from_bits(1), -2), -f32::from_bits(1));
        assert_eq!(step_ulps(1.0, 1), 1.0 + f32::EPSILON);
    }
}
