//! How a variant's answer compares with the exact one: the verdicts the variants panel,
//! the heat map and the tests share.

use crate::hit::Hit;
use crate::variants::Outcome;

/// A variant's time may differ from the exact one by this much before it is flagged.
pub const TIME_TOLERANCE: f32 = 1e-3;

/// How a variant's answer compares with the exact one.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    Agree,
    /// The exact query hits, the variant does not (tunnelling).
    MissedHit,
    /// The variant reports a contact that does not exist.
    FalseHit,
    /// Both hit, times differ by more than [`TIME_TOLERANCE`].
    TimeOff(f32),
    /// The variant produced a non-finite number.
    NotANumber,
    Failed(&'static str),
}

impl Verdict {
    pub fn is_bad(&self) -> bool {
        !matches!(self, Verdict::Agree)
    }

    pub fn text(&self) -> String {
        match self {
            Verdict::Agree => "agrees".to_owned(),
            Verdict::MissedHit => "MISSED HIT".to_owned(),
            Verdict::FalseHit => "FALSE HIT".to_owned(),
            Verdict::TimeOff(dt) => format!("Δt = {dt:+.4}"),
            Verdict::NotANumber => "NaN".to_owned(),
            Verdict::Failed(why) => format!("failed: {why}"),
        }
    }
}

/// Compares a variant's outcome with the exact hit.
pub fn judge(exact: Option<&Hit>, outcome: &Outcome) -> Verdict {
    match (exact, outcome) {
        (_, Outcome::Failed(why)) => Verdict::Failed(why),
        (_, Outcome::Hit(h))
            if !(h.time.is_finite() && h.center.is_finite() && h.normal.is_finite()) =>
        {
            Verdict::NotANumber
        }
        (Some(e), Outcome::Hit(h)) => {
            let dt = h.time - e.time;
            if dt.abs() > TIME_TOLERANCE {
                Verdict::TimeOff(dt)
            } else {
                Verdict::Agree
            }
        }
        (None, Outcome::Hit(_)) => Verdict::FalseHit,
        (Some(_), Outcome::Miss) => Verdict::MissedHit,
        (None, Outcome::Miss) | (_, Outcome::NotApplicable) => Verdict::Agree,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hit::Feature;
    use glam::Vec2;

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
    }
}
