//! How a variant's (or an engine's) answer compares with the exact one: the verdicts the
//! variants panel, the heat map, the hunter and the tests share.
//!
//! The checks, in order (the first that fails names the verdict):
//! 1. the answer is computed at all ([`Verdict::Failed`]) and finite ([`Verdict::NotANumber`]);
//! 2. a hit where the exact query hits, and only there ([`Verdict::MissedHit`],
//!    [`Verdict::FalseHit`]);
//! 3. the same `started_inside` ([`Verdict::StartedInside`]);
//! 4. a time within [`TIME_TOLERANCE`] ([`Verdict::TimeOff`]);
//! 5. for a contact from outside, a normal within [`NORMAL_TOLERANCE_DEG`] of the exact one
//!    ([`Verdict::NormalOff`]). A start overlapping has no contact normal, only a push-out
//!    direction, which is a convention: it is not compared.
//!
//! An engine whose documentation promises to stop at a distance other than contact (parry's
//! `sweep_time_of_impact`) is judged by [`judge_variant`]: an answer within the documented
//! band is [`Verdict::Documented`], which is not a disagreement; outside it, the verdict
//! above stands.

use glam::Vec2;

use crate::geom::Sweep;
use crate::hit::Hit;
use crate::obstacle::Obstacle;
pub use crate::variants::aim::aim_text;
use crate::variants::{Outcome, Variant};

/// A variant's time may differ from the exact one by this much before it is flagged.
pub const TIME_TOLERANCE: f32 = 1e-3;

/// A variant's normal may be this many degrees off the exact one before it is flagged.
pub const NORMAL_TOLERANCE_DEG: f32 = 1.0;

/// How a variant's answer compares with the exact one.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Both miss, or both hit within the tolerances.
    Agree,
    /// The variant does not handle this obstacle kind ([`Outcome::NotApplicable`]): it
    /// gave no answer to judge.
    NotApplicable,
    /// An engine stopped where its documentation says it stops rather than at the exact
    /// contact.
    Documented {
        /// How far from contact it aims: positive short of it, negative past it
        /// (overlapping).
        offset: f32,
        /// Its time minus the exact one, when both hit.
        dt: Option<f32>,
    },
    /// The exact query hits, the variant does not (tunnelling).
    MissedHit,
    /// The variant reports a contact that does not exist.
    FalseHit,
    /// Both hit, but only one says the circle started overlapping; `reported` is the
    /// variant's flag.
    StartedInside {
        /// The variant's `started_inside`.
        reported: bool,
    },
    /// Both hit, times differ by more than [`TIME_TOLERANCE`]: variant minus exact.
    TimeOff(f32),
    /// Both hit from outside at about the same time, normals apart by more than
    /// [`NORMAL_TOLERANCE_DEG`]: the angle in degrees (NaN when the variant gave a zero
    /// normal).
    NormalOff(f32),
    /// The variant produced a non-finite number.
    NotANumber,
    /// The variant broke down ([`Outcome::Failed`]); the text says how.
    Failed(&'static str),
}

/// The kinds of disagreement, for tables and the hunter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Disagreement {
    /// [`Verdict::MissedHit`].
    MissedHit,
    /// [`Verdict::FalseHit`].
    FalseHit,
    /// [`Verdict::StartedInside`].
    StartedInside,
    /// [`Verdict::TimeOff`].
    TimeOff,
    /// [`Verdict::NormalOff`].
    NormalOff,
    /// [`Verdict::NotANumber`].
    NotANumber,
    /// [`Verdict::Failed`].
    Failed,
}

impl Disagreement {
    /// Every kind, in the order tables list them.
    pub const ALL: [Disagreement; 7] = [
        Disagreement::MissedHit,
        Disagreement::FalseHit,
        Disagreement::StartedInside,
        Disagreement::TimeOff,
        Disagreement::NormalOff,
        Disagreement::NotANumber,
        Disagreement::Failed,
    ];

    /// A short stable id for file names and tables.
    pub fn id(self) -> &'static str {
        match self {
            Disagreement::MissedHit => "missed-hit",
            Disagreement::FalseHit => "false-hit",
            Disagreement::StartedInside => "started-inside",
            Disagreement::TimeOff => "time-off",
            Disagreement::NormalOff => "normal-off",
            Disagreement::NotANumber => "nan",
            Disagreement::Failed => "failed",
        }
    }

    /// What it means, for table headers and notes.
    pub fn describe(self) -> &'static str {
        match self {
            Disagreement::MissedHit => "misses a contact the exact query finds (tunnels)",
            Disagreement::FalseHit => "reports a contact that does not exist",
            Disagreement::StartedInside => "disagrees on whether the circle started inside",
            Disagreement::TimeOff => "time of impact off by more than the tolerance",
            Disagreement::NormalOff => "normal off by more than the tolerance",
            Disagreement::NotANumber => "produces NaN or infinity",
            Disagreement::Failed => "breaks down (division by zero, no convergence, ...)",
        }
    }

    /// [`Disagreement::id`] for one case, given the exact answer, for the names of its
    /// scene and file: `missed-overlap` for a missed overlap at the start (see
    /// [`Disagreement::describe_case`]).
    pub fn id_case(self, exact: Option<&Hit>) -> &'static str {
        match (self, exact) {
            (Disagreement::MissedHit, Some(h)) if h.started_inside => "missed-overlap",
            _ => self.id(),
        }
    }

    /// [`Disagreement::describe`] for one case, given the exact answer: a missed contact
    /// that is an overlap at the start is not a tunnel.
    pub fn describe_case(self, exact: Option<&Hit>) -> &'static str {
        match (self, exact) {
            (Disagreement::MissedHit, Some(h)) if h.started_inside => {
                "misses the overlap at the start that the exact query finds"
            }
            _ => self.describe(),
        }
    }
}

impl Verdict {
    /// True for a disagreement; agreeing and documented answers are not bad.
    pub fn is_bad(&self) -> bool {
        self.disagreement().is_some()
    }

    /// The kind of disagreement, `None` when the answer agrees, is documented, or there is
    /// none to judge.
    pub fn disagreement(&self) -> Option<Disagreement> {
        Some(match self {
            Verdict::Agree | Verdict::Documented { .. } | Verdict::NotApplicable => return None,
            Verdict::MissedHit => Disagreement::MissedHit,
            Verdict::FalseHit => Disagreement::FalseHit,
            Verdict::StartedInside { .. } => Disagreement::StartedInside,
            Verdict::TimeOff(_) => Disagreement::TimeOff,
            Verdict::NormalOff(_) => Disagreement::NormalOff,
            Verdict::NotANumber => Disagreement::NotANumber,
            Verdict::Failed(_) => Disagreement::Failed,
        })
    }

    /// One line for the inspector, the heat map's readout and reports.
    pub fn text(&self) -> String {
        match self {
            Verdict::Agree => "agrees".to_owned(),
            Verdict::NotApplicable => "does not handle this obstacle".to_owned(),
            Verdict::Documented { offset, dt } => {
                // The engine's aim, not where it stopped (the evaluation's why says that).
                let stop = if *offset < 0.0 {
                    format!("aims {} past contact, as documented", aim_text(-offset))
                } else {
                    format!("aims {} short of contact, as documented", aim_text(*offset))
                };
                match dt {
                    Some(dt) => format!("{stop} (Δt = {dt:+.4})"),
                    None => format!("{stop} (hit or miss differs only within it)"),
                }
            }
            Verdict::MissedHit => "MISSED HIT".to_owned(),
            Verdict::FalseHit => "FALSE HIT".to_owned(),
            Verdict::StartedInside { reported: true } => {
                "says it started inside; it did not".to_owned()
            }
            Verdict::StartedInside { reported: false } => {
                "misses that it started inside".to_owned()
            }
            Verdict::TimeOff(dt) => format!("Δt = {dt:+.4}"),
            Verdict::NormalOff(deg) if deg.is_nan() => "no normal (zero vector)".to_owned(),
            Verdict::NormalOff(deg) => format!("normal off by {deg:.2}°"),
            Verdict::NotANumber => "NaN".to_owned(),
            Verdict::Failed(why) => format!("failed: {why}"),
        }
    }
}

/// The angle between two directions in degrees, NaN when `b` is zero.
pub fn angle_deg(a: Vec2, b: Vec2) -> f32 {
    if b == Vec2::ZERO || a == Vec2::ZERO {
        return f32::NAN;
    }
    a.perp_dot(b).atan2(a.dot(b)).abs().to_degrees()
}

/// A contact another program reported; fields it does not give are `None`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnswerHit {
    /// The time of impact, as a fraction of the motion.
    pub time: f32,
    /// The contact normal, from the obstacle toward the circle.
    pub normal: Option<Vec2>,
    /// Whether the program said the circle started overlapping.
    pub started_inside: Option<bool>,
}

/// A reported answer as a variant's outcome, for [`judge`]: the fields it does not give
/// are the exact answer's, so only what the program did say is judged.
pub fn said_outcome(said: Option<AnswerHit>, exact: Option<&Hit>) -> Outcome {
    let Some(a) = said else {
        return Outcome::Miss;
    };
    let base = exact.copied().unwrap_or(Hit {
        time: a.time,
        center: Vec2::ZERO,
        point: Vec2::ZERO,
        normal: a.normal.unwrap_or(Vec2::X),
        face_normal: a.normal.unwrap_or(Vec2::X),
        feature: crate::hit::Feature::Circle,
        region: None,
        started_inside: false,
    });
    Outcome::Hit(Hit {
        time: a.time,
        normal: a.normal.unwrap_or(base.normal),
        started_inside: a.started_inside.unwrap_or(base.started_inside),
        ..base
    })
}

/// Compares a variant's outcome with the exact hit (see the module docs for the order).
pub fn judge(exact: Option<&Hit>, outcome: &Outcome) -> Verdict {
    match (exact, outcome) {
        (_, Outcome::Failed(why)) => Verdict::Failed(why),
        (_, Outcome::NotApplicable) => Verdict::NotApplicable,
        (None, Outcome::Miss) => Verdict::Agree,
        (_, Outcome::Hit(h))
            if !(h.time.is_finite() && h.center.is_finite() && h.normal.is_finite()) =>
        {
            Verdict::NotANumber
        }
        (Some(_), Outcome::Miss) => Verdict::MissedHit,
        (None, Outcome::Hit(_)) => Verdict::FalseHit,
        (Some(e), Outcome::Hit(h)) => {
            if e.started_inside != h.started_inside {
                return Verdict::StartedInside {
                    reported: h.started_inside,
                };
            }
            let dt = h.time - e.time;
            if dt.abs() > TIME_TOLERANCE {
                return Verdict::TimeOff(dt);
            }
            if !e.started_inside {
                let deg = angle_deg(e.normal, h.normal);
                if deg.is_nan() || deg > NORMAL_TOLERANCE_DEG {
                    return Verdict::NormalOff(deg);
                }
            }
            Verdict::Agree
        }
    }
}

/// Judges `variant`'s outcome on one pair: [`judge`], except that an engine's answer within
/// its documented stopping band is [`Verdict::Documented`] (see `judge_parry_sweep`, with
/// the `engines` feature).
pub fn judge_variant(
    variant: Variant,
    sweep: &Sweep,
    obstacle: &Obstacle,
    exact: Option<&Hit>,
    outcome: &Outcome,
) -> Verdict {
    #[cfg(feature = "engines")]
    if variant == Variant::ParrySweep {
        use crate::variants::parry::sweep::LINEAR_SLOP;
        return judge_parry_sweep(sweep, obstacle, exact, outcome, LINEAR_SLOP);
    }
    let _ = (variant, sweep, obstacle);
    judge(exact, outcome)
}

/// Judges an answer of parry's `sweep_time_of_impact` run with `linear_slop = slop`: a
/// miss, a false hit or a time that its documented stop explains (see
/// [`crate::variants::parry::sweep::stop_band`]) is [`Verdict::Documented`], with the normal
/// then compared with the exact normal where parry aims to stop; anything else is
/// [`judge`]'s verdict.
#[cfg(feature = "engines")]
pub fn judge_parry_sweep(
    sweep: &Sweep,
    obstacle: &Obstacle,
    exact: Option<&Hit>,
    outcome: &Outcome,
    slop: f32,
) -> Verdict {
    use crate::variants::parry::sweep::{exact_at_distance, stop_band, target, total_radius};
    let verdict = judge(exact, outcome);
    if !matches!(
        verdict,
        Verdict::MissedHit | Verdict::FalseHit | Verdict::TimeOff(_) | Verdict::NormalOff(_)
    ) {
        return verdict;
    }
    let band = stop_band(sweep, obstacle, slop);
    let documented = Verdict::Documented {
        offset: band.offset,
        dt: match (exact, outcome) {
            (Some(e), Outcome::Hit(h)) => Some(h.time - e.time),
            _ => None,
        },
    };
    match outcome {
        Outcome::Miss if band.latest.is_none() => documented,
        Outcome::Hit(h) if !h.started_inside => {
            let Some(earliest) = band.earliest else {
                return verdict;
            };
            let latest = band.latest.unwrap_or(1.0);
            if h.time < earliest - TIME_TOLERANCE || h.time > latest + TIME_TOLERANCE {
                return verdict;
            }
            let aim = target(total_radius(sweep, obstacle), slop);
            match exact_at_distance(sweep, obstacle, aim) {
                Some(a) if !a.started_inside => {
                    let deg = angle_deg(a.normal, h.normal);
                    if deg.is_nan() || deg > NORMAL_TOLERANCE_DEG {
                        Verdict::NormalOff(deg)
                    } else {
                        documented
                    }
                }
                _ => documented,
            }
        }
        _ => verdict,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hit::Feature;

    fn hit(t: f32) -> Hit {
        Hit {
            time: t,
            center: Vec2::ZERO,
            point: Vec2::ZERO,
            normal: Vec2::X,
            face_normal: Vec2::X,
            feature: Feature::Circle,
            region: None,
            started_inside: false,
        }
    }

    #[test]
    fn an_engines_aim_is_read_to_four_digits() {
        let v = Verdict::Documented {
            offset: -(5.0 - 4.995_f32),
            dt: None,
        };
        assert_eq!(
            v.text(),
            "aims 0.005 past contact, as documented (hit or miss differs only within it)"
        );
        assert_eq!(aim_text(0.0042), "0.0042");
        assert_eq!(aim_text(123456.78), "123457");
        assert_eq!(aim_text(1.23456), "1.235");
    }

    #[test]
    fn verdicts() {
        assert_eq!(judge(Some(&hit(0.5)), &Outcome::Miss), Verdict::MissedHit);
        assert_eq!(judge(None, &Outcome::Hit(hit(0.5))), Verdict::FalseHit);
        assert_eq!(
            judge(Some(&hit(0.5)), &Outcome::Hit(hit(0.5005))),
            Verdict::Agree
        );
        assert!(
            matches!(judge(Some(&hit(0.5)), &Outcome::Hit(hit(0.6))), Verdict::TimeOff(d) if (d - 0.1).abs() < 1e-6)
        );
        assert_eq!(
            judge(Some(&hit(0.5)), &Outcome::Hit(hit(f32::NAN))),
            Verdict::NotANumber
        );
        assert_eq!(judge(None, &Outcome::Failed("x")), Verdict::Failed("x"));
        assert_eq!(judge(None, &Outcome::Miss), Verdict::Agree);
        assert_eq!(judge(None, &Outcome::NotApplicable), Verdict::NotApplicable);
    }

    #[test]
    fn started_inside_is_checked_before_the_time() {
        let mut inside = hit(0.0);
        inside.started_inside = true;
        assert_eq!(
            judge(Some(&inside), &Outcome::Hit(hit(0.3))),
            Verdict::StartedInside { reported: false }
        );
        assert_eq!(
            judge(Some(&hit(0.0)), &Outcome::Hit(inside)),
            Verdict::StartedInside { reported: true }
        );
    }

    #[test]
    fn normals_are_compared_from_outside_only() {
        let mut turned = hit(0.5);
        turned.normal = Vec2::from_angle(2f32.to_radians());
        let v = judge(Some(&hit(0.5)), &Outcome::Hit(turned));
        assert!(
            matches!(v, Verdict::NormalOff(d) if (d - 2.0).abs() < 1e-3),
            "{v:?}"
        );
        turned.normal = Vec2::from_angle(0.5f32.to_radians());
        assert_eq!(
            judge(Some(&hit(0.5)), &Outcome::Hit(turned)),
            Verdict::Agree
        );
        // A zero normal is no direction at all.
        turned.normal = Vec2::ZERO;
        assert!(
            matches!(judge(Some(&hit(0.5)), &Outcome::Hit(turned)), Verdict::NormalOff(d) if d.is_nan())
        );
        // Started inside: the push-out direction is a convention, not compared.
        let mut a = hit(0.0);
        a.started_inside = true;
        let mut b = a;
        b.normal = Vec2::Y;
        assert_eq!(judge(Some(&a), &Outcome::Hit(b)), Verdict::Agree);
    }

    #[test]
    fn every_bad_verdict_has_a_kind_and_documented_is_not_bad() {
        assert!(
            !Verdict::Documented {
                offset: -0.005,
                dt: Some(0.01)
            }
            .is_bad()
        );
        assert_eq!(
            Verdict::TimeOff(0.1).disagreement(),
            Some(Disagreement::TimeOff)
        );
        assert_eq!(
            Verdict::Failed("x").disagreement(),
            Some(Disagreement::Failed)
        );
        let ids: std::collections::HashSet<_> = Disagreement::ALL.iter().map(|d| d.id()).collect();
        assert_eq!(ids.len(), Disagreement::ALL.len());
    }
}
