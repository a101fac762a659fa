//! The scene model, exactly as it is written in a `.ron` file (version 1).
//!
//! Field order here is the order in saved files, so keep it stable: diffs of scene files
//! should only show what the user changed.

use glam::Vec2;
use serde::{Deserialize, Serialize};

use crate::geom::{Aabb, Obb, Segment, Sweep};
use crate::obstacle::Obstacle;
use crate::response::Response;
use crate::variants::Params;

/// The current scene format version.
pub const SCENE_VERSION: u32 = 1;

/// A whole scene: objects, camera, response settings, visible layers, enabled variants,
/// expectations and an optional disc simulation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scene {
    /// The format version; must be [`SCENE_VERSION`].
    pub version: u32,
    /// A title for the window, reports and `check`'s table.
    #[serde(default)]
    pub name: String,
    /// One or two sentences on what the scene shows.
    #[serde(default)]
    pub description: String,
    /// Free multi-line notes: the hand computation behind the expectations, what a bug
    /// report saw, what a counterexample disagrees on. Kept by every save.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// The balls and obstacles, each with a unique name.
    pub objects: Vec<Object>,
    /// The debugger's camera.
    #[serde(default)]
    pub view: View,
    /// How balls respond to contacts along their paths.
    #[serde(default)]
    pub response: ResponseSettings,
    /// The drawing layers shown.
    #[serde(default)]
    pub layers: Layers,
    /// The heat map layer and what it colours; left out of the file while it is off and
    /// at its defaults.
    #[serde(default, skip_serializing_if = "HeatMap::is_default")]
    pub heat_map: HeatMap,
    /// Ids of the published variants drawn beside the exact answer (see `variants`).
    #[serde(default)]
    pub variants: Vec<String>,
    /// The variants' tunable inputs (sub-steps); left out of the file at their defaults.
    #[serde(default, skip_serializing_if = "Params::is_default")]
    pub params: Params,
    /// What the exact core must answer: these make the scene a regression test.
    #[serde(default)]
    pub expect: Vec<Expectation>,
    /// What each named ball's whole path must be with the scene's response: its contacts
    /// in order and where it ends (a bounce off the wrong normal, a slide that sticks);
    /// left out of the file when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expect_paths: Vec<PathExpectation>,
    /// Answers an engine or a program gave for a pair, kept beside the exact one (a
    /// capture, a hunted counterexample); left out of the file when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reported: Vec<Reported>,
    /// Discs for the event-driven simulation, if the scene has any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub simulation: Option<Simulation>,
}

/// A named object.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Object {
    /// Unique in the scene and not empty; expectations refer to objects by name.
    pub name: String,
    /// What the object is and where.
    pub shape: Shape,
}

/// What an object is. Balls are the moving circles being queried; everything else is an
/// obstacle.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Shape {
    /// A query circle moving from `start` to `end`.
    Ball {
        /// The centre at t = 0.
        start: Vec2,
        /// The centre at t = 1.
        end: Vec2,
        /// Not negative.
        radius: f32,
    },
    /// An axis-aligned box.
    Box {
        /// The bottom-left corner.
        min: Vec2,
        /// The top-right corner, not below or left of `min`.
        max: Vec2,
    },
    /// A rotated box; `angle` in degrees, counter-clockwise.
    RotatedBox {
        /// The centre.
        center: Vec2,
        /// Half the width and height along the box's own axes, not negative.
        half_extents: Vec2,
        /// Degrees, counter-clockwise.
        angle: f32,
    },
    /// A segment with round end caps (a point when `a == b`).
    Segment {
        /// The first end (`end-a`).
        a: Vec2,
        /// The second end (`end-b`).
        b: Vec2,
    },
    /// An obstacle circle, moving from `start` to `end` over the same t as the balls
    /// (static when they are equal).
    Circle {
        /// The centre at t = 0.
        start: Vec2,
        /// The centre at t = 1.
        end: Vec2,
        /// Not negative.
        radius: f32,
    },
}

impl Shape {
    /// Whether this is a ball (a query) rather than an obstacle.
    pub fn is_ball(&self) -> bool {
        matches!(self, Shape::Ball { .. })
    }

    /// The ball as a core sweep (`None` for obstacles).
    pub fn sweep(&self) -> Option<Sweep> {
        match *self {
            Shape::Ball { start, end, radius } => Some(Sweep::new(start, end, radius)),
            _ => None,
        }
    }

    /// The obstacle as the core sees it (`None` for balls).
    pub fn obstacle(&self) -> Option<Obstacle> {
        Some(match *self {
            Shape::Ball { .. } => return None,
            Shape::Box { min, max } => Obstacle::Aabb(Aabb::new(min, max)),
            Shape::RotatedBox {
                center,
                half_extents,
                angle,
            } => Obstacle::Obb(Obb::new(center, half_extents, angle.to_radians())),
            Shape::Segment { a, b } => Obstacle::Segment(Segment::new(a, b)),
            Shape::Circle { start, end, radius } => {
                Obstacle::Circle(Sweep::new(start, end, radius))
            }
        })
    }

    /// The box holding everything the shape covers: a ball's or circle's whole motion, an
    /// obstacle's outline.
    pub fn bounds(&self) -> Aabb {
        match (self.sweep(), self.obstacle()) {
            (Some(s), _) => s.bounds(),
            (None, Some(o)) => o.bounds(),
            // Not reached: every shape is a ball or an obstacle.
            (None, None) => Aabb::new(Vec2::ZERO, Vec2::ZERO),
        }
    }

    /// The shape moved by `d`, or by as near a shift as moves every point exactly
    /// ([`rigid_shift`]): sizes, lengths, motions and angle unchanged bit for bit.
    pub fn translated(&self, d: Vec2) -> Shape {
        let d = match *self {
            Shape::Ball { start, end, .. } | Shape::Circle { start, end, .. } => {
                rigid_shift(&[start, end], d)
            }
            Shape::Box { min, max } => rigid_shift(&[min, max], d),
            Shape::RotatedBox { center, .. } => rigid_shift(&[center], d),
            Shape::Segment { a, b } => rigid_shift(&[a, b], d),
        };
        match *self {
            Shape::Ball { start, end, radius } => Shape::Ball {
                start: start + d,
                end: end + d,
                radius,
            },
            Shape::Circle { start, end, radius } => Shape::Circle {
                start: start + d,
                end: end + d,
                radius,
            },
            Shape::Box { min, max } => Shape::Box {
                min: min + d,
                max: max + d,
            },
            Shape::RotatedBox {
                center,
                half_extents,
                angle,
            } => Shape::RotatedBox {
                center: center + d,
                half_extents,
                angle,
            },
            Shape::Segment { a, b } => Shape::Segment { a: a + d, b: b + d },
        }
    }

    /// A short lowercase kind name for tables and messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Shape::Ball { .. } => "ball",
            Shape::Box { .. } => "box",
            Shape::RotatedBox { .. } => "rotated box",
            Shape::Segment { .. } => "segment",
            Shape::Circle { .. } => "circle",
        }
    }
}

/// The camera: the world point at the centre of the canvas and the zoom in screen points
/// per unit (pixels at an interface scale of 100%).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct View {
    /// The world point at the canvas centre.
    pub center: Vec2,
    /// Pixels per world unit, positive.
    pub zoom: f32,
    /// Half the width and height of the world the canvas showed when the view was saved
    /// (both positive): a window of another size opens on the same region, zoomed to fit
    /// it, and one of the same size at `zoom`. Left out, the view is taken as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extent: Option<Vec2>,
}

impl Default for View {
    fn default() -> Self {
        Self {
            center: Vec2::ZERO,
            zoom: 4.0,
            extent: None,
        }
    }
}

/// Which response the balls use, and how many contacts a path may have.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResponseSettings {
    /// Reflect, slide, stop or cross.
    pub kind: ResponseKind,
    /// For `Reflect`: the share of the normal speed kept, 0 to 1 (default 1).
    #[serde(default = "one")]
    pub restitution: f32,
    /// Responses before the next contact stops the ball (default 5, at most
    /// [`MAX_BOUNCES`](super::limits::MAX_BOUNCES)).
    #[serde(default = "five")]
    pub max_bounces: u32,
}

fn one() -> f32 {
    1.0
}
fn five() -> u32 {
    5
}

impl Default for ResponseSettings {
    fn default() -> Self {
        Self {
            kind: ResponseKind::Reflect,
            restitution: 1.0,
            max_bounces: 5,
        }
    }
}

impl ResponseSettings {
    /// The core response these settings describe.
    pub fn response(&self) -> Response {
        match self.kind {
            ResponseKind::Reflect => Response::Reflect {
                restitution: self.restitution,
            },
            ResponseKind::Slide => Response::Slide,
            ResponseKind::Stop => Response::Stop,
            ResponseKind::Cross => Response::Cross,
        }
    }
}

/// The response a scene names; see [`Response`] for what each does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResponseKind {
    /// [`Response::Reflect`] with the settings' restitution.
    Reflect,
    /// [`Response::Slide`].
    Slide,
    /// [`Response::Stop`].
    Stop,
    /// [`Response::Cross`].
    Cross,
}

/// The drawing layers the debugger shows. Missing fields take their defaults, and a
/// file holds only the switches that differ from them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Layers {
    /// The grid and its axis labels.
    #[serde(skip_serializing_if = "is_true")]
    pub grid: bool,
    /// The capsule each ball sweeps.
    #[serde(skip_serializing_if = "is_true")]
    pub capsule: bool,
    /// Each obstacle grown by the ball's radius (rounded), and the square-cornered box.
    #[serde(skip_serializing_if = "is_true")]
    pub minkowski: bool,
    /// The nine regions around the boxes that matter to the inspected ball.
    #[serde(skip_serializing_if = "is_true")]
    pub regions: bool,
    /// The bounding box of each ball's motion.
    #[serde(skip_serializing_if = "is_false")]
    pub broad_phase: bool,
    /// The ball at the time of impact, the contact point and the normals.
    #[serde(skip_serializing_if = "is_true")]
    pub impact: bool,
    /// The response path through every contact.
    #[serde(skip_serializing_if = "is_true")]
    pub path: bool,
    /// For a moving circle obstacle, the motion relative to it.
    #[serde(skip_serializing_if = "is_true")]
    pub relative_motion: bool,
    /// The capsule around each segment.
    #[serde(skip_serializing_if = "is_true")]
    pub segment_capsule: bool,
    /// Names, region codes and contact numbers.
    #[serde(skip_serializing_if = "is_true")]
    pub labels: bool,
    /// The inspected ball's closest approach to what it misses, and its depth in what it
    /// starts inside.
    #[serde(skip_serializing_if = "is_true")]
    pub approach: bool,
    /// Regions around every box, not just the ones that matter to the inspected ball.
    #[serde(skip_serializing_if = "is_false")]
    pub regions_all: bool,
    /// Every variant's verdict for the inspected ball, listed in the canvas's corner.
    #[serde(skip_serializing_if = "is_true")]
    pub verdicts: bool,
}

fn is_true(b: &bool) -> bool {
    *b
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Default for Layers {
    fn default() -> Self {
        Self {
            grid: true,
            capsule: true,
            minkowski: true,
            regions: true,
            broad_phase: false,
            impact: true,
            path: true,
            relative_motion: true,
            segment_capsule: true,
            labels: true,
            approach: true,
            regions_all: false,
            verdicts: true,
        }
    }
}

/// The heat map: for every cell of the canvas, what the selected ball's motion would meet
/// had it started there. Missing fields take their defaults.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HeatMap {
    /// Whether it is drawn.
    pub shown: bool,
    /// A published variant's id (see `variants`): colour where that approach disagrees
    /// with the exact answer (tunnelling, false hits, times off). Without it, colour the
    /// exact time of first contact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compare: Option<String>,
    /// Cell size in screen pixels, [`HeatMap::MIN_CELL`] to [`HeatMap::MAX_CELL`]. The
    /// debugger coarsens it on its own when a frame would take too long.
    pub cell: u32,
}

impl HeatMap {
    /// The smallest cell, in pixels.
    pub const MIN_CELL: u32 = 1;
    /// The largest cell, in pixels.
    pub const MAX_CELL: u32 = 64;

    /// Whether it is off and at its defaults (a saved file then leaves it out).
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

impl Default for HeatMap {
    fn default() -> Self {
        Self {
            shown: false,
            compare: None,
            cell: 4,
        }
    }
}

/// What a scene asserts about one ball against one obstacle; `cargo test` and
/// `sweepscope check` evaluate these.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectation {
    /// Name of the ball.
    pub ball: String,
    /// Name of the obstacle.
    pub obstacle: String,
    /// Whether the first contact exists.
    pub hit: bool,
    /// The time of first contact, within `tolerance`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<f32>,
    /// Feature name (`l r b t bl br tl tr face+ face- end-a end-b circle`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feature: Option<String>,
    /// Region name of the contact centre (`l r b t bl br tl tr inside`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    /// The contact normal, each component within `tolerance`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub normal: Option<Vec2>,
    /// Whether the ball overlaps the obstacle at t = 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_inside: Option<bool>,
    /// Tolerance on time (and on normal components); left out of the file at its default.
    #[serde(
        default = "default_tolerance",
        skip_serializing_if = "is_default_tolerance"
    )]
    pub tolerance: f32,
}

/// What a scene asserts about one ball's path through every obstacle with the scene's
/// response (`resolve`): `cargo test` and `sweepscope check` evaluate these too.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PathExpectation {
    /// Name of the ball.
    pub ball: String,
    /// Every contact of the path, in order: as many as the path has.
    pub contacts: Vec<PathContact>,
    /// Where the centre ends, each component within `tolerance` (times the component's
    /// size past 1: a position far out is rounded at its own scale).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<Vec2>,
    /// Whether the path ran out of responses (`max_bounces`) with motion left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub truncated: Option<bool>,
    /// Tolerance on times and normal components (and on the end, as above); left out of
    /// the file at its default.
    #[serde(
        default = "default_tolerance",
        skip_serializing_if = "is_default_tolerance"
    )]
    pub tolerance: f32,
}

/// One contact of a [`PathExpectation`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PathContact {
    /// Name of the obstacle met.
    pub obstacle: String,
    /// When, on the whole motion (0 to 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<f32>,
    /// The contact normal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub normal: Option<Vec2>,
}

fn default_tolerance() -> f32 {
    1e-4
}

fn is_default_tolerance(t: &f32) -> bool {
    *t == default_tolerance()
}

/// What some engine or program answered for one ball against one obstacle, recorded as it
/// was: the debugger shows it beside the exact answer, and `expect` holds the exact one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reported {
    /// Name of the ball.
    pub ball: String,
    /// Name of the obstacle.
    pub obstacle: String,
    /// Who answered: a variant or engine id (`parry-cast`, `parry-sweep`, `substep`, ...)
    /// or a program's own name.
    pub by: String,
    /// Whether it reported a contact.
    pub hit: bool,
    /// Its time of impact, as a fraction of the ball's motion.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<f32>,
    /// Its normal, from the obstacle toward the ball's centre.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub normal: Option<Vec2>,
    /// Whether it said the ball started overlapping.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_inside: Option<bool>,
    /// Anything else it said, in its own terms (parry's status, raw time of impact, ...).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
}

impl Reported {
    /// What it answered, in words: `t = 0.4333, normal (-1, 0), from outside`, or `miss`.
    pub fn said(&self) -> String {
        use super::number::{fixed, point};
        if !self.hit {
            return "miss".to_owned();
        }
        let mut said = self
            .time
            .map_or("hit (no time)".to_owned(), |t| format!("t = {}", fixed(t)));
        if let Some(n) = self.normal {
            said += &format!(", normal {}", point(n));
        }
        match self.started_inside {
            Some(true) => said += ", started inside",
            Some(false) => said += ", from outside",
            None => {}
        }
        said
    }
}

/// Discs in a box for the event-driven simulation. Static `Box` and `Segment` objects of
/// the scene are obstacles for the discs too.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Simulation {
    /// The walls.
    pub bounds: Aabb,
    /// The discs at time 0: inside the bounds and not overlapping.
    pub discs: Vec<Disc>,
    /// Restitution of every collision, 0 to 1 (default 1).
    #[serde(default = "one_f64")]
    pub restitution: f64,
    /// How long `sweepscope sim` runs when `--time` is not given.
    #[serde(default = "ten_f64")]
    pub duration: f64,
}

fn one_f64() -> f64 {
    1.0
}
fn ten_f64() -> f64 {
    10.0
}

/// One disc of a [`Simulation`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Disc {
    /// The centre at time 0.
    pub position: [f64; 2],
    /// Units per second.
    pub velocity: [f64; 2],
    /// Positive.
    pub radius: f64,
    /// Defaults to r² (uniform density).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mass: Option<f64>,
}

impl Scene {
    /// An empty scene of the current version.
    pub fn empty(name: &str) -> Self {
        Self {
            version: SCENE_VERSION,
            name: name.to_owned(),
            description: String::new(),
            notes: String::new(),
            objects: Vec::new(),
            view: View::default(),
            response: ResponseSettings::default(),
            layers: Layers::default(),
            heat_map: HeatMap::default(),
            variants: Vec::new(),
            params: Params::default(),
            expect: Vec::new(),
            expect_paths: Vec::new(),
            reported: Vec::new(),
            simulation: None,
        }
    }

    /// The object named `name`.
    pub fn object(&self, name: &str) -> Option<&Object> {
        self.objects.iter().find(|o| o.name == name)
    }

    /// The obstacles in object order with their object indices.
    pub fn obstacles(&self) -> Vec<(usize, Obstacle)> {
        self.objects
            .iter()
            .enumerate()
            .filter_map(|(i, o)| o.shape.obstacle().map(|ob| (i, ob)))
            .collect()
    }

    /// Whether `variant` has an obstacle to run on here (a circle solve in a scene of
    /// boxes has none), without collecting the obstacles: the panels ask every frame.
    pub fn has_obstacle_for(&self, variant: crate::variants::Variant) -> bool {
        self.objects
            .iter()
            .filter_map(|o| o.shape.obstacle())
            .any(|ob| variant.applies_to(&ob))
    }
}

impl Simulation {
    /// The set-up that starts where `world` is now: its walls, restitution and every disc's
    /// current position and velocity (masses written out only where they are not the
    /// default r²). A world built from it continues the same motion.
    pub fn from_world(world: &crate::sim::World, duration: f64) -> Simulation {
        let (min, max) = world.bounds();
        Simulation {
            bounds: Aabb::new(min.as_vec2(), max.as_vec2()),
            discs: world
                .discs()
                .map(|d| Disc {
                    position: [
                        held_inside(d.position.x, d.radius, min.x, max.x),
                        held_inside(d.position.y, d.radius, min.y, max.y),
                    ],
                    velocity: d.velocity.into(),
                    radius: d.radius,
                    mass: (d.mass != d.radius * d.radius).then_some(d.mass),
                })
                .collect(),
            restitution: world.restitution(),
            duration,
        }
    }
}

/// A disc's coordinate `x` (radius `r`) held inside `[lo, hi]` as a set-up must be: the
/// engine's own state can have a disc resting on a wall a rounding past it (2.5e-14 into
/// the floor), which a set-up is refused for, so a bug report's scene of the state on
/// screen did not load. Moved by those roundings at most, and to where `x − r ≥ lo` and
/// `x + r ≤ hi` hold as the check computes them.
fn held_inside(x: f64, r: f64, lo: f64, hi: f64) -> f64 {
    if !(x.is_finite() && r.is_finite() && lo + r <= hi - r) {
        return x;
    }
    let mut x = x.clamp(lo + r, hi - r);
    for _ in 0..4 {
        if x - r < lo {
            x = x.next_up();
        } else if x + r > hi {
            x = x.next_down();
        }
    }
    x
}

/// `shift` as near as needed to a shift that moves every one of `points` exactly, so that
/// a whole object dragged keeps its size, length or motion bit for bit: each point plus a
/// shift rounds on its own, and a box 30 high dragged by (6.92, 3.46) came out
/// 29.999998. `shift` itself when it already moves each exactly (a snapped drag, a round
/// number); otherwise rounded to a multiple of twice the f32 step of the largest
/// coordinate before or after, invisible on screen and exact for points on that step. A
/// point finer than the place it moves to can be moved only approximately, and then
/// `shift` is taken as it is.
pub fn rigid_shift(points: &[Vec2], shift: Vec2) -> Vec2 {
    let exact = |s: f32, axis: usize| {
        points
            .iter()
            .all(|p| f64::from(p[axis] + s) - f64::from(p[axis]) == f64::from(s))
    };
    let mut out = shift;
    for axis in 0..2 {
        let s = shift[axis];
        if !s.is_finite() || exact(s, axis) {
            continue;
        }
        let largest = points
            .iter()
            .map(|p| p[axis].abs().max((p[axis] + s).abs()))
            .fold(0.0f32, f32::max);
        // Twice the step of `largest`'s binade: a sum that rounds up into the next binade
        // stays on the grid.
        let step = f32::from_bits(largest.to_bits() & 0x7f80_0000) * f32::EPSILON * 2.0;
        if !(step.is_finite() && step > 0.0) {
            continue;
        }
        let q = (s / step).round() * step;
        if q.is_finite() && exact(q, axis) {
            out[axis] = q;
        }
    }
    out
}
