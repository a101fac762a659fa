//! Why an answer differs from the exact one, in one sentence read off the exact geometry
//! (the verdict says *what* differs): how deep the ball starts, how near the path comes,
//! where the answer's own time puts the ball, and when the overlap begins and ends against
//! the times a sampling approach looks at.
//!
//! Everything here is measured on the exact motion with the core's queries and distances
//! ([`Obstacle::cast`], [`Obstacle::clearance_at`], [`Obstacle::closest_approach`]); nothing
//! is taken from the answer but its time, normal and flags.

use crate::geom::Sweep;
use crate::hit::{Feature, Hit};
use crate::obstacle::Obstacle;
use crate::variants::verdict::{NORMAL_TOLERANCE_DEG, Verdict, angle_deg};
use crate::variants::{Outcome, Params, Variant, substep};

use super::number::fixed;

/// How an answer looked at the motion, when it only looks at some times.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Looks {
    /// Everywhere (a closed-form or iterative solve).
    Everywhere,
    /// At `t = k / n`, `k = 1..=n` (the sub-stepping approach; the discrete test is n = 1).
    Samples(u32),
}

impl Looks {
    /// How `variant` looks at the motion with `params`.
    pub fn of(variant: Variant, params: &Params) -> Looks {
        match variant {
            Variant::Discrete => Looks::Samples(1),
            Variant::Substep => Looks::Samples(params.substeps.clamp(1, substep::MAX_SUBSTEPS)),
            _ => Looks::Everywhere,
        }
    }
}

/// Why `outcome` earned `verdict` on `sweep` against `obstacle` (whose exact answer is
/// `exact`); `None` for an agreement, a documented stop, or a breakdown (whose text says
/// why already).
pub fn explain(
    sweep: &Sweep,
    obstacle: &Obstacle,
    exact: Option<&Hit>,
    outcome: &Outcome,
    verdict: &Verdict,
    looks: Looks,
) -> Option<String> {
    let said = outcome.hit();
    match (verdict, exact, said) {
        (Verdict::MissedHit, Some(e), _) => Some(missed(sweep, obstacle, e, looks)),
        (Verdict::FalseHit, None, Some(h)) => Some(false_hit(sweep, obstacle, h)),
        (Verdict::StartedInside { reported }, _, _) => Some(start(sweep, obstacle, *reported)),
        (Verdict::TimeOff(_), Some(e), Some(h)) => Some(time_off(sweep, obstacle, e, h, looks)),
        (Verdict::NormalOff(_), Some(e), Some(h)) => Some(normal_off(e, h)),
        _ => None,
    }
}

/// The gap at time `t` of the exact motion: clear by it, or overlapping by its negative.
fn gap_at(sweep: &Sweep, obstacle: &Obstacle, t: f32) -> f32 {
    obstacle.clearance_at(sweep.at(t), sweep.radius, t)
}

/// "clear of it by 0.5" or "overlapping it by 0.25" or "touching it".
fn gap_words(gap: f32) -> String {
    if gap > 0.0 {
        format!("clear of it by {}", fixed(gap))
    } else if gap < 0.0 {
        format!("overlapping it by {}", fixed(-gap))
    } else {
        "touching it".to_owned()
    }
}

/// When the overlap that begins at `entry` ends: the first contact of the motion run
/// backwards, or 1 when the ball ends overlapping.
fn exit_time(sweep: &Sweep, obstacle: &Obstacle, entry: f32) -> f32 {
    let back = Sweep::new(sweep.end, sweep.start, sweep.radius);
    match obstacle.sub(1.0, 0.0).cast(&back) {
        Some(h) if !h.started_inside => (1.0 - h.time).max(entry),
        _ => 1.0,
    }
}

fn missed(sweep: &Sweep, obstacle: &Obstacle, e: &Hit, looks: Looks) -> String {
    if e.started_inside {
        let depth = obstacle.start_depth(sweep).unwrap_or(0.0);
        return format!(
            "the ball overlaps it by {} at t = 0, which this answer does not see",
            fixed(depth)
        );
    }
    let exit = exit_time(sweep, obstacle, e.time);
    let window = format!(
        "the ball overlaps it from t = {} to t = {}",
        fixed(e.time),
        fixed(exit)
    );
    match looks {
        Looks::Samples(n) => {
            // The samples k/n around the overlap: none falls inside it.
            let after = (e.time * n as f32).ceil().max(1.0);
            let step = sweep.delta().length() / n as f32;
            if n == 1 {
                format!(
                    "{window} and is clear again at t = 1, the only time this answer looks \
                     ({})",
                    gap_words(gap_at(sweep, obstacle, 1.0))
                )
            } else {
                format!(
                    "{window}, between the samples t = {} and t = {}: a sub-step moves the \
                     ball {}, farther than the overlap lasts",
                    fixed((after - 1.0) / n as f32),
                    fixed(after / n as f32),
                    fixed(step)
                )
            }
        }
        Looks::Everywhere => format!(
            "{window}, first touching on the {} at {}",
            feature_words(e.feature),
            point_words(e.point)
        ),
    }
}

fn false_hit(sweep: &Sweep, obstacle: &Obstacle, h: &Hit) -> String {
    let at_its_time = gap_at(sweep, obstacle, h.time);
    let nearest = obstacle.closest_approach(sweep);
    let near = match nearest {
        Some(a) if a.clearance == 0.0 => format!(
            "; the path only touches it, at t = {} (a touch or graze is not a hit)",
            fixed(a.time)
        ),
        Some(a) => format!(
            "; the path comes no nearer than {}, at t = {}",
            fixed(a.clearance),
            fixed(a.time)
        ),
        None => String::new(),
    };
    format!(
        "at its t = {} the ball is {}{near}",
        fixed(h.time),
        gap_words(at_its_time)
    )
}

fn start(sweep: &Sweep, obstacle: &Obstacle, reported: bool) -> String {
    let gap = gap_at(sweep, obstacle, 0.0);
    if reported && gap >= 0.0 {
        format!("at t = 0 the ball is {}", gap_words(gap))
    } else if reported {
        // Overlapping by a rounding, which the exact rules call a touch.
        format!(
            "at t = 0 the ball is {} as rounded, but exactly it only touches it",
            gap_words(gap)
        )
    } else {
        format!("at t = 0 the ball is already {}", gap_words(gap))
    }
}

fn time_off(sweep: &Sweep, obstacle: &Obstacle, e: &Hit, h: &Hit, looks: Looks) -> String {
    let gap = gap_at(sweep, obstacle, h.time);
    let when = if h.time < e.time { "early" } else { "late" };
    let mut s = format!(
        "{when}: at its t = {} the ball is {}; the first contact is at t = {}, on the {}",
        fixed(h.time),
        gap_words(gap),
        fixed(e.time),
        feature_words(e.feature)
    );
    if let Looks::Samples(n) = looks {
        s.push_str(&format!(
            " (its time is a sample: it looks only at multiples of 1/{n})"
        ));
    }
    s
}

fn normal_off(e: &Hit, h: &Hit) -> String {
    let rounded = matches!(e.feature, Feature::Corner(_) | Feature::End(_));
    if rounded && angle_deg(e.face_normal, h.normal) <= NORMAL_TOLERANCE_DEG {
        format!(
            "it gives the face's normal, but the contact is on the rounded {}, whose normal \
             points from {} to the ball's centre",
            feature_words(e.feature),
            point_words(e.point)
        )
    } else {
        format!(
            "the contact is on the {} at {}; its normal points from there to the ball's \
             centre at {}",
            feature_words(e.feature),
            point_words(e.point),
            point_words(e.center)
        )
    }
}

/// The feature in words: "corner bl", "side t", "end cap a", "face", "circle".
fn feature_words(f: Feature) -> String {
    match f {
        Feature::Side(_) => format!("side {}", f.name()),
        Feature::Corner(_) => format!("corner {}", f.name()),
        Feature::Face { .. } => format!("face {}", f.name()),
        Feature::End(_) => format!("end cap {}", &f.name()[4..]),
        Feature::Circle => "circle".to_owned(),
    }
}

fn point_words(p: glam::Vec2) -> String {
    format!("({}, {})", fixed(p.x), fixed(p.y))
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::*;
    use crate::geom::{Aabb, Segment};
    use crate::variants::{self, verdict::judge};

    fn unit_box() -> Obstacle {
        Obstacle::Aabb(Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(10.0, 10.0)))
    }

    fn why(variant: Variant, sweep: &Sweep, o: &Obstacle, params: &Params) -> Option<String> {
        let exact = o.cast(sweep);
        let outcome = variants::run(variant, sweep, o, params);
        let verdict = judge(exact.as_ref(), &outcome);
        explain(
            sweep,
            o,
            exact.as_ref(),
            &outcome,
            &verdict,
            Looks::of(variant, params),
        )
    }

    #[test]
    fn a_tunnel_through_a_box_between_samples_says_where_the_overlap_was() {
        // Through a 10-wide box from x = -20 to 40: overlapping for x in [-1, 11], t in
        // [0.3167, 0.5167]; the discrete test looks at t = 1 only.
        let s = Sweep::new(Vec2::new(-20.0, 5.0), Vec2::new(40.0, 5.0), 1.0);
        let o = unit_box();
        let text = why(Variant::Discrete, &s, &o, &Params::default()).unwrap_or_default();
        assert!(
            text.contains("from t = 0.316667 to t = 0.516667")
                && text.contains("the only time this answer looks")
                && text.contains("clear of it by 29"),
            "{text}"
        );
        // A wall 2 thick: overlapping for x in [-1, 3], t in [0.3167, 0.3833], between the
        // samples 0.25 and 0.5 of four sub-steps.
        let wall = Obstacle::Aabb(Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(2.0, 10.0)));
        let four = Params { substeps: 4 };
        let text = why(Variant::Substep, &s, &wall, &four).unwrap_or_default();
        assert!(
            text.contains("from t = 0.316667 to t = 0.383333")
                && text.contains("between the samples t = 0.25 and t = 0.5")
                && text.contains("moves the ball 15"),
            "{text}"
        );
    }

    #[test]
    fn a_missed_overlap_at_the_start_says_how_deep() {
        let s = Sweep::new(Vec2::new(5.0, 11.0), Vec2::new(5.0, 30.0), 2.0);
        let text = why(Variant::Discrete, &s, &unit_box(), &Params::default());
        assert_eq!(
            text.as_deref(),
            Some("the ball overlaps it by 1 at t = 0, which this answer does not see")
        );
    }

    #[test]
    fn a_late_sample_says_how_deep_the_ball_is_at_its_time() {
        // Down onto the box's top from y = 30 to y = 0 with radius 1: contact at y = 11,
        // t = 19/30; four sub-steps report t = 0.75, where the ball is at y = 7.5.
        let s = Sweep::new(Vec2::new(5.0, 30.0), Vec2::new(5.0, 0.0), 1.0);
        let text = why(Variant::Substep, &s, &unit_box(), &Params { substeps: 4 });
        let text = text.unwrap_or_default();
        assert!(
            text.starts_with("late: at its t = 0.75 the ball is overlapping it by 3.5")
                && text.contains("first contact is at t = 0.633333, on the side t")
                && text.contains("multiples of 1/4"),
            "{text}"
        );
    }

    #[test]
    fn an_agreement_has_nothing_to_explain() {
        let s = Sweep::new(Vec2::new(5.0, 30.0), Vec2::new(5.0, 0.0), 1.0);
        let o = unit_box();
        assert_eq!(why(Variant::TrigCorner, &s, &o, &Params::default()), None);
    }

    #[test]
    fn a_false_hit_says_how_near_the_path_comes() {
        let s = Sweep::new(Vec2::new(-10.0, 12.0), Vec2::new(20.0, 12.0), 2.0);
        let o = unit_box();
        // Sliding exactly along the top at clearance 0: a graze, not a hit.
        let exact = o.cast(&s);
        assert_eq!(exact, None);
        let said = Hit {
            time: 0.3,
            center: s.at(0.3),
            point: Vec2::new(0.0, 10.0),
            normal: Vec2::Y,
            face_normal: Vec2::Y,
            feature: Feature::Side(crate::region::Side::Top),
            region: None,
            started_inside: false,
        };
        let outcome = Outcome::Hit(said);
        let verdict = judge(None, &outcome);
        let text = explain(&s, &o, None, &outcome, &verdict, Looks::Everywhere);
        // At t = 0.3 the centre is at (-1, 12), √5 from the corner (0, 10).
        assert_eq!(
            text.as_deref(),
            Some(
                "at its t = 0.3 the ball is clear of it by 0.236068; the path only touches \
                 it, at t = 0.333333 (a touch or graze is not a hit)"
            )
        );
    }

    #[test]
    fn a_face_normal_at_an_end_cap_is_named() {
        let seg = Obstacle::Segment(Segment::new(Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0)));
        // Onto end a from the upper left: the contact is on the cap.
        let s = Sweep::new(Vec2::new(-6.0, 8.0), Vec2::new(0.0, 0.0), 5.0);
        let exact = seg.cast(&s).unwrap_or_else(|| panic!("a hit"));
        assert!(matches!(exact.feature, Feature::End(_)), "{exact:?}");
        let said = Hit {
            normal: Vec2::Y,
            ..exact
        };
        let outcome = Outcome::Hit(said);
        let verdict = judge(Some(&exact), &outcome);
        let text = explain(
            &s,
            &seg,
            Some(&exact),
            &outcome,
            &verdict,
            Looks::Everywhere,
        );
        assert!(
            text.as_deref().is_some_and(|t| t.starts_with(
                "it gives the face's normal, but the contact is on the rounded end cap a"
            )),
            "{text:?}"
        );
    }
}
