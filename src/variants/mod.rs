//! The published approaches this project grew from, ported faithfully — flaws included —
//! so the debugger and the tests can run them beside the exact core. (Ports in progress.)

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

/// Tunable inputs of the approaches that have any.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Params {
    /// Number of sub-steps for [`Variant::Substep`].
    pub substeps: u32,
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

/// Runs one variant on one pair. (Placeholder until the ports land.)
pub fn run(variant: Variant, _sweep: &Sweep, obstacle: &Obstacle, _params: &Params) -> Outcome {
    if !variant.applies_to(obstacle) {
        return Outcome::NotApplicable;
    }
    Outcome::Miss
}
