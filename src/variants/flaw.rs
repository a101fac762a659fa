//! Which of an approach's published flaws an answer shows.
//!
//! When an approach disagrees with the exact answer, its own steps are re-run on the same
//! motion and read for the step that went wrong: the corner its guards chose, the time it
//! dropped, the line it solved on, the side its `abs()` forgot. The result names a line of
//! the approach's `FLAWS` and carries the numbers that show it; the words are the
//! caller's (`scene::why`). Only the approach's own arithmetic is read here, never a
//! judgement of it: whether it disagrees is the verdict's business.

pub use super::flaw_detail::{CornerPick, Detail};
use super::{Outcome, Params, Variant, billiards, discrete, expanded_box, projection};
use super::{slope_form, substep, trig_corner};
use crate::geom::Sweep;
use crate::hit::Hit;
use crate::obstacle::Obstacle;

/// One published flaw shown by an answer: a line of the approach's `FLAWS`, and what this
/// motion shows of it.
#[derive(Clone, Debug, PartialEq)]
pub struct FlawShown {
    /// The flaw, as the approach's list words it.
    pub flaw: &'static str,
    /// Whether it is an engine's documented behaviour rather than a published approach's
    /// flaw.
    pub engine: bool,
    /// What the approach's steps did on this motion.
    pub detail: Detail,
}

/// The published flaw `variant`'s `outcome` shows on `sweep` against `obstacle`, whose
/// exact answer is `exact`; `None` when none of its listed flaws accounts for the answer.
pub fn shown(
    variant: Variant,
    sweep: &Sweep,
    obstacle: &Obstacle,
    params: &Params,
    outcome: &Outcome,
    exact: Option<&Hit>,
) -> Option<FlawShown> {
    let (index, detail) = match (variant, obstacle) {
        (Variant::TrigCorner, o) => trig_corner::shown(sweep, o, outcome, exact)?,
        (Variant::ExpandedBox, o) => expanded_box::shown(sweep, o, outcome, exact)?,
        (Variant::Discrete, _) => discrete::shown(outcome, exact)?,
        (Variant::Substep, _) => substep::shown(params.substeps, outcome, exact)?,
        (Variant::SlopeForm, Obstacle::Circle(c)) => slope_form::shown(sweep, c, outcome)?,
        (Variant::Projection, Obstacle::Segment(s)) => projection::shown(sweep, s, outcome, exact)?,
        (Variant::Billiards, Obstacle::Circle(c)) => billiards::shown(sweep, c, outcome, exact)?,
        #[cfg(feature = "engines")]
        (Variant::ParryCast, o) => super::parry::cast::shown(sweep, o, outcome, exact)?,
        _ => return None,
    };
    Some(FlawShown {
        flaw: variant.flaws().get(index)?,
        engine: variant.is_engine(),
        detail,
    })
}
