//! Seed 002, second idea: move in small steps and run the distance test after each.
//!
//! The samples are at `t = k / n` for `k = 1..=n` (move, then test, as the article does);
//! the first overlapping sample is reported. The overlap test is [`super::discrete::probe`].
//!
//! # Flaws (kept on purpose)
//! - Fixes "most" tunnelling only: anything thinner than one step's travel (minus the
//!   radius) between two samples still slips through.
//! - The time reported is the first overlapping *sample*, late by up to one step, with the
//!   circle already overlapping there.
//! - Cost grows linearly with the number of steps.
//! - Inherits the discrete test's strict `dist < r` and its blindness to t = 0.

use super::Outcome;
use super::discrete::{probe, sampled};
use super::flaw_detail::Detail;
use crate::geom::Sweep;
use crate::hit::Hit;
use crate::obstacle::Obstacle;

/// The flaws above, one line each, for the variants panel.
pub const FLAWS: &[&str] = &[
    "still tunnels through anything thinner than one sub-step's travel",
    "reports the first overlapping sample: late by up to one step, already overlapping",
    "cost grows with the number of sub-steps",
    "strict dist < r, and never looks at t = 0",
];

/// Upper bound on the sub-step count, so an absurd parameter cannot stall the caller.
pub const MAX_SUBSTEPS: u32 = 100_000;

/// Tests `substeps` evenly spaced times (at least 1, at most [`MAX_SUBSTEPS`]).
pub fn cast(sweep: &Sweep, obstacle: &Obstacle, substeps: u32) -> Outcome {
    let n = substeps.clamp(1, MAX_SUBSTEPS);
    for k in 1..=n {
        let t = k as f32 / n as f32;
        match probe(sweep, obstacle, t) {
            Outcome::Miss => {}
            other => return other,
        }
    }
    Outcome::Miss
}

/// Which of [`FLAWS`] `outcome` shows (its index); the strict test and the blind start are
/// one line here.
pub(super) fn shown(
    substeps: u32,
    outcome: &Outcome,
    exact: Option<&Hit>,
) -> Option<(usize, Detail)> {
    sampled(
        outcome,
        exact,
        substeps.clamp(1, MAX_SUBSTEPS),
        [0, 1, 3, 3],
    )
}
