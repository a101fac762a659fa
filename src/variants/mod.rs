//! The published approaches this project grew from, ported faithfully — flaws included —
//! so the debugger and the tests can run them beside the exact core.
//!
//! Each approach lives in its own module whose doc comment lists its flaws; [`run`] gives
//! them one calling convention: the core's [`Sweep`] and [`Obstacle`] in, the core's [`Hit`]
//! out (filled as far as the approach itself knows it), or [`Outcome::Failed`] when the
//! approach computes NaN / infinity or divides by zero. Failures are detected from the
//! computed values, never by screening inputs, so the debugger shows exactly where each
//! approach breaks down.
//!
//! With the `engines` feature two engines join them as contenders, run and judged the same
//! way: parry2d's `cast_shapes` (`Variant::ParryCast`) and `sweep_time_of_impact`
//! (`Variant::ParrySweep`); see the module `variants::parry` for how their documented
//! behaviour is read.

pub mod aim;
pub mod billiards;
pub mod discrete;
pub mod expanded_box;
pub mod flaw;
pub mod flaw_detail;
pub mod loop_comparison;
#[cfg(feature = "engines")]
pub mod parry;
pub mod projection;
pub mod slope_form;
pub mod substep;
pub mod trig_corner;
pub mod verdict;

use serde::{Deserialize, Serialize};

use crate::geom::Sweep;
use crate::hit::Hit;
use crate::obstacle::Obstacle;

/// One published approach, or (with the `engines` feature) an engine's function.
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
    /// parry2d 0.31.1 `cast_shapes` (GJK shape casting).
    #[cfg(feature = "engines")]
    ParryCast,
    /// parry2d 0.31.1 `sweep_time_of_impact` (conservative advancement with a slop).
    #[cfg(feature = "engines")]
    ParrySweep,
}

impl Variant {
    /// The published approaches, in the order of the write-ups.
    pub const PUBLISHED: [Variant; 7] = [
        Variant::TrigCorner,
        Variant::ExpandedBox,
        Variant::Discrete,
        Variant::Substep,
        Variant::SlopeForm,
        Variant::Projection,
        Variant::Billiards,
    ];

    /// The engines' functions (empty without the `engines` feature).
    #[cfg(feature = "engines")]
    pub const ENGINES: [Variant; 2] = [Variant::ParryCast, Variant::ParrySweep];
    /// The engines' functions (empty without the `engines` feature).
    #[cfg(not(feature = "engines"))]
    pub const ENGINES: [Variant; 0] = [];

    /// Every contender: the published approaches, then the engines.
    #[cfg(feature = "engines")]
    pub const ALL: [Variant; 9] = [
        Variant::TrigCorner,
        Variant::ExpandedBox,
        Variant::Discrete,
        Variant::Substep,
        Variant::SlopeForm,
        Variant::Projection,
        Variant::Billiards,
        Variant::ParryCast,
        Variant::ParrySweep,
    ];
    /// Every contender: the published approaches, then the engines.
    #[cfg(not(feature = "engines"))]
    pub const ALL: [Variant; 7] = Self::PUBLISHED;

    /// Whether this is an engine's function rather than a published approach.
    pub fn is_engine(self) -> bool {
        Self::ENGINES.contains(&self)
    }

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
            #[cfg(feature = "engines")]
            Variant::ParryCast => "parry-cast",
            #[cfg(feature = "engines")]
            Variant::ParrySweep => "parry-sweep",
        }
    }

    /// The variant whose [`Variant::id`] is `id`.
    pub fn from_id(id: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.id() == id)
    }

    /// Human title for panels and legends.
    pub fn title(self) -> &'static str {
        match self {
            Variant::TrigCorner => "Trig corner solve (000)",
            // A hyphen, not the en dash: it is where a narrow panel may break the line.
            Variant::ExpandedBox => "Expanded box + Cohen-Sutherland (001)",
            Variant::Discrete => "Discrete distance test (002)",
            Variant::Substep => "Sub-stepping (002)",
            Variant::SlopeForm => "Slope-form closed solve (002)",
            Variant::Projection => "Projection test (003)",
            Variant::Billiards => "Billiards pair solve (004)",
            #[cfg(feature = "engines")]
            Variant::ParryCast => "parry2d cast_shapes",
            #[cfg(feature = "engines")]
            Variant::ParrySweep => "parry2d sweep time of impact",
        }
    }

    /// What the approach does, in a sentence, for hover texts.
    pub fn summary(self) -> &'static str {
        match self {
            Variant::TrigCorner => {
                "Pushes the box's sides out by r to find a side contact, then solves a corner contact with the law of sines."
            }
            Variant::ExpandedBox => {
                "Clips the centre's path against the box grown by r with Cohen–Sutherland, then tests the corner circle."
            }
            Variant::Discrete => "Tests the distance at the end of the step only.",
            Variant::Substep => "Tests the distance at evenly spaced sub-steps of the motion.",
            Variant::SlopeForm => {
                "Solves the contact of two moving circles in slope–intercept form."
            }
            Variant::Projection => {
                "Projects the centre onto the segment's line and tests the distance there."
            }
            Variant::Billiards => {
                "Solves the quadratic of two moving circles' distance and takes its smaller root."
            }
            #[cfg(feature = "engines")]
            Variant::ParryCast => "parry2d's GJK-based shape cast, as Rapier and Avian used it.",
            #[cfg(feature = "engines")]
            Variant::ParrySweep => {
                "parry2d's conservative-advancement sweep, which Rapier 0.35 and Avian use; it stops within a slop of contact."
            }
        }
    }

    /// The obstacles it handles, in words (the text of [`Variant::applies_to`]).
    pub fn handles(self) -> &'static str {
        match self {
            Variant::TrigCorner | Variant::ExpandedBox => "boxes and rotated boxes",
            Variant::Discrete | Variant::Substep => "every obstacle",
            Variant::SlopeForm | Variant::Billiards => "circles",
            Variant::Projection => "segments",
            #[cfg(feature = "engines")]
            Variant::ParryCast | Variant::ParrySweep => "every obstacle",
        }
    }

    /// The words for a scene with none of what the approach handles: "no boxes or
    /// rotated boxes", "no obstacles".
    pub fn handles_none(self) -> &'static str {
        match self {
            Variant::TrigCorner | Variant::ExpandedBox => "no boxes or rotated boxes",
            Variant::Discrete | Variant::Substep => "no obstacles",
            Variant::SlopeForm | Variant::Billiards => "no circles",
            Variant::Projection => "no segments",
            #[cfg(feature = "engines")]
            Variant::ParryCast | Variant::ParrySweep => "no obstacles",
        }
    }

    /// The known flaws of the approach (for an engine: its documented behaviour where it
    /// departs from the core's contract), one short sentence each, for the variants panel.
    pub fn flaws(self) -> &'static [&'static str] {
        match self {
            Variant::TrigCorner => trig_corner::FLAWS,
            Variant::ExpandedBox => expanded_box::FLAWS,
            Variant::Discrete => discrete::FLAWS,
            Variant::Substep => substep::FLAWS,
            Variant::SlopeForm => slope_form::FLAWS,
            Variant::Projection => projection::FLAWS,
            Variant::Billiards => billiards::FLAWS,
            #[cfg(feature = "engines")]
            Variant::ParryCast => parry::cast::FLAWS,
            #[cfg(feature = "engines")]
            Variant::ParrySweep => parry::sweep::FLAWS,
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
            // Boxes, rotated boxes, segments and circles, moving ones included.
            #[cfg(feature = "engines")]
            Variant::ParryCast | Variant::ParrySweep => true,
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
    /// Whether every field has its default (a scene file then leaves `params` out).
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
    /// The approach reported this contact.
    Hit(Hit),
    /// The approach reported no contact.
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

    /// Whether the approach broke down ([`Outcome::Failed`]).
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
        // parry is not handed non-finite input: it may assert or loop on it, and a
        // contender must never take the debugger down.
        #[cfg(feature = "engines")]
        (Variant::ParryCast | Variant::ParrySweep, o) if !(sweep.is_valid() && o.is_valid()) => {
            Outcome::Failed(
                "invalid input (NaN, infinity or a negative size) is not given to parry",
            )
        }
        #[cfg(feature = "engines")]
        (Variant::ParryCast, o) => parry::cast::cast(sweep, o),
        #[cfg(feature = "engines")]
        (Variant::ParrySweep, o) => parry::sweep::cast(sweep, o),
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

#[cfg(test)]
mod tests {
    use super::Variant;

    /// User test: a variant that handles every obstacle, in a scene without one, read
    /// "runs on nothing here: no every obstacle".
    #[test]
    fn a_scene_without_what_a_variant_handles_is_said_in_plain_words() {
        for v in Variant::ALL {
            let none = v.handles_none();
            assert!(none.starts_with("no ") && !none.contains("every"), "{none}");
        }
        assert_eq!(Variant::Substep.handles_none(), "no obstacles");
    }
}
