//! The published approaches this project grew from, ported faithfully — flaws included —
//! so the debugger and the tests can run them beside the exact core.
//!
//! Each approach lives in its own module whose doc comment lists its flaws; [`run`] gives
//! them one calling convention: the core's [`Sweep`] and [`Obstacle`] in, the core's [`Hit`]
//! out (filled as far as the approach itself knows it), or [`Outcome::Failed`] when the
//! approach computes NaN / infinity or divides by zero. Failures are detected from the
//! computed values, never by screening inputs, so the debugger shows exactly where each
//! approach breaks down.

pub mod billiards;
pub mod discrete;
pub mod expanded_box;
pub mod loop_comparison;
pub mod projection;
pub mod slope_form;
pub mod substep;
pub mod trig_corner;
pub mod verdict;

use serde::{Deserialize, Serialize};

use crate::geom::Sweep;
use crate::hit::Hit;
use crate::obstacle::Obstacle;

/// One published approach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// 000: side planes pushed out by r, then a trig (law of sines) corner solve.
    TrigCorner,
    /// 001: line vs expanded box with Cohen–Sutherland, then the corner circle.
    ExpandedBox,
    /// 002: distance test at the end of the step only.
    Discrete,
    /// 002: distance test at sub-steps.
    Substep,
    /// 002: the slope-form closed solve for two circles.
    SlopeForm,
    /// 003: projection test against a segment's line.
    Projection,
    /// 004: the billiards pair solve (quadratic, smaller root).
    Billiards,
}

impl Variant {
    pub const ALL: [Variant; 7] = [
        Variant::TrigCorner,
        Variant::ExpandedBox,
        Variant::Discrete,
        Variant::Substep,
        Variant::SlopeForm,
        Variant::Projection,
        Variant::Billiards,
    ];

    /// Stable id used in scene files.
    pub fn id(self) -> &'static str {
        match self {
            Variant::TrigCorner => "trig-corner",
            Variant::ExpandedBox => "expanded-box",
            Variant::Discrete => "discrete",
            Variant::Substep => "substep",
            Variant::SlopeForm => "slope-form",
            Variant::Projection => "projection",
            Variant::Billiards => "billiards",
        }
    }

    pub fn from_id(id: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.id() == id)
    }

    /// Human title for panels and legends.
    pub fn title(self) -> &'static str {
        match self {
            Variant::TrigCorner => "Trig corner solve (000)",
            Variant::ExpandedBox => "Expanded box + Cohen–Sutherland (001)",
            Variant::Discrete => "Discrete distance test (002)",
            Variant::Substep => "Sub-stepping (002)",
            Variant::SlopeForm => "Slope-form closed solve (002)",
            Variant::Projection => "Projection test (003)",
            Variant::Billiards => "Billiards pair solve (004)",
        }
    }

    /// The known flaws of the approach, one short sentence each, for the variants panel.
    pub fn flaws(self) -> &'static [&'static str] {
        match self {
            Variant::TrigCorner => trig_corner::FLAWS,
            Variant::ExpandedBox => expanded_box::FLAWS,
            Variant::Discrete => discrete::FLAWS,
            Variant::Substep => substep::FLAWS,
            Variant::SlopeForm => slope_form::FLAWS,
            Variant::Projection => projection::FLAWS,
            Variant::Billiards => billiards::FLAWS,
        }
    }

    /// Whether the approach handles this kind of obstacle at all.
    pub fn applies_to(self, obstacle: &Obstacle) -> bool {
        match self {
            Variant::TrigCorner | Variant::ExpandedBox => {
                matches!(obstacle, Obstacle::Aabb(_) | Obstacle::Obb(_))
            }
            Variant::Discrete | Variant::Substep => true,
            Variant::SlopeForm | Variant::Billiards => matches!(obstacle, Obstacle::Circle(_)),
            Variant::Projection => matches!(obstacle, Obstacle::Segment(_)),
        }
    }
}

/// Tunable inputs of the approaches that have any. Missing fields take their defaults.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Number of sub-steps for [`Variant::Substep`] (0 is taken as 1; capped at
    /// [`substep::MAX_SUBSTEPS`] so a typo cannot freeze the debugger).
    pub substeps: u32,
}

impl Params {
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

impl Default for Params {
    fn default() -> Self {
        Self { substeps: 8 }
    }
}

/// What a variant answered.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    Hit(Hit),
    Miss,
    /// The approach broke down (NaN, division by zero, ...); the text says how.
    Failed(&'static str),
    /// The approach does not handle this obstacle kind.
    NotApplicable,
}

impl Outcome {
    /// The hit, if the approach reported one.
    pub fn hit(&self) -> Option<&Hit> {
        match self {
            Outcome::Hit(h) => Some(h),
            _ => None,
        }
    }

    pub fn is_failed(&self) -> bool {
        matches!(self, Outcome::Failed(_))
    }
}

/// Runs one variant on one pair.
pub fn run(variant: Variant, sweep: &Sweep, obstacle: &Obstacle, params: &Params) -> Outcome {
    if !variant.applies_to(obstacle) {
        return Outcome::NotApplicable;
    }
    let outcome = match (variant, obstacle) {
        (Variant::TrigCorner, Obstacle::Aabb(b)) => trig_corner::cast_aabb(sweep, b),
        (Variant::TrigCorner, Obstacle::Obb(b)) => trig_corner::cast_obb(sweep, b),
        (Variant::ExpandedBox, Obstacle::Aabb(b)) => expanded_box::cast_aabb(sweep, b),
        (Variant::ExpandedBox, Obstacle::Obb(b)) => expanded_box::cast_obb(sweep, b),
        (Variant::Discrete, o) => discrete::cast(sweep, o),
        (Variant::Substep, o) => substep::cast(sweep, o, params.substeps),
        (Variant::SlopeForm, Obstacle::Circle(c)) => slope_form::cast(sweep, c),
        (Variant::Projection, Obstacle::Segment(s)) => projection::cast(sweep, s),
        (Variant::Billiards, Obstacle::Circle(c)) => billiards::cast(sweep, c),
        _ => Outcome::NotApplicable,
    };
    guard_finite(outcome)
}

/// Last line of defence: a hit carrying a non-finite value is reported as a failure, so no
/// NaN reaches drawing code disguised as a contact. Each port names its own failures first.
fn guard_finite(outcome: Outcome) -> Outcome {
    match outcome {
        Outcome::Hit(h)
            if !(h.time.is_finite()
                && h.center.is_finite()
                && h.point.is_finite()
                && h.normal.is_finite()
                && h.face_normal.is_finite()) =>
        {
            Outcome::Failed("the approach produced a non-finite contact (NaN or infinity)")
        }
        other => other,
    }
}
