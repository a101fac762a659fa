//! Runs the core once per frame on the scene: every ball against every obstacle, the
//! resolved path, and the enabled variants beside the exact answer. Layers, the inspector,
//! the plots and the reports all read this instead of recomputing anything.

use crate::geom::Sweep;
use crate::hit::Hit;
use crate::obstacle::Obstacle;
use crate::response::{Path, resolve};
use crate::scene::Scene;
use crate::variants::{self, Outcome, Params, Variant};

/// A variant's time may differ from the exact one by this much before it is flagged.
pub const TIME_TOLERANCE: f32 = 1e-3;

/// One ball against one obstacle.
#[derive(Clone, Debug)]
pub struct PairResult {
    /// Object index of the obstacle.
    pub object: usize,
    pub obstacle: Obstacle,
    pub hit: Option<Hit>,
}

/// Everything about one ball.
#[derive(Clone, Debug)]
pub struct BallEval {
    /// Object index of the ball.
    pub object: usize,
    pub sweep: Sweep,
    pub pairs: Vec<PairResult>,
    /// The response path; `Contact::obstacle` indexes `Eval::obstacles`.
    pub path: Path,
}

impl BallEval {
    /// The earliest contact among all obstacles, as (pair index, hit).
    pub fn first(&self) -> Option<(usize, &Hit)> {
        self.pairs
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.hit.as_ref().map(|h| (i, h)))
            .min_by(|a, b| a.1.time.total_cmp(&b.1.time))
    }
}

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

/// One variant on one obstacle for the selected ball.
#[derive(Clone, Debug)]
pub struct VariantRow {
    pub variant: Variant,
    /// Index into the selected ball's `pairs`.
    pub pair: usize,
    pub outcome: Outcome,
    pub verdict: Verdict,
}

impl VariantRow {
    pub fn hit(&self) -> Option<&Hit> {
        match &self.outcome {
            Outcome::Hit(h) => Some(h),
            _ => None,
        }
    }
}

/// The whole frame's results.
#[derive(Clone, Debug, Default)]
pub struct Eval {
    pub obstacles: Vec<(usize, Obstacle)>,
    pub balls: Vec<BallEval>,
    /// Index into `balls` of the ball the inspector shows.
    pub selected_ball: Option<usize>,
    pub variant_rows: Vec<VariantRow>,
}

impl Eval {
    /// Evaluates `scene`; `selected` is the selected object (the inspector's ball when it is
    /// a ball, else the first ball).
    pub fn run(scene: &Scene, selected: Option<usize>, params: &Params) -> Self {
        let obstacles = scene.obstacles();
        let list: Vec<Obstacle> = obstacles.iter().map(|(_, o)| *o).collect();
        let response = scene.response.response();
        let max_bounces = scene.response.max_bounces as usize;
        let balls: Vec<BallEval> = scene
            .objects
            .iter()
            .enumerate()
            .filter_map(|(i, o)| o.shape.sweep().map(|s| (i, s)))
            .map(|(object, sweep)| BallEval {
                object,
                sweep,
                pairs: obstacles
                    .iter()
                    .map(|(oi, ob)| PairResult {
                        object: *oi,
                        obstacle: *ob,
                        hit: ob.cast(&sweep),
                    })
                    .collect(),
                path: resolve(&sweep, &list, response, max_bounces),
            })
            .collect();
        let selected_ball = selected
            .and_then(|s| balls.iter().position(|b| b.object == s))
            .or(if balls.is_empty() { None } else { Some(0) });
        let enabled: Vec<Variant> = scene
            .variants
            .iter()
            .filter_map(|id| Variant::from_id(id))
            .collect();
        let variant_rows = selected_ball
            .map(|b| variant_rows(&balls[b], &enabled, params))
            .unwrap_or_default();
        Self {
            obstacles,
            balls,
            selected_ball,
            variant_rows,
        }
    }

    pub fn ball(&self) -> Option<&BallEval> {
        self.selected_ball.and_then(|i| self.balls.get(i))
    }
}

fn variant_rows(ball: &BallEval, enabled: &[Variant], params: &Params) -> Vec<VariantRow> {
    let mut rows = Vec::new();
    for &variant in enabled {
        for (pair, p) in ball.pairs.iter().enumerate() {
            if !variant.applies_to(&p.obstacle) {
                continue;
            }
            let outcome = variants::run(variant, &ball.sweep, &p.obstacle, params);
            let verdict = judge(p.hit.as_ref(), &outcome);
            rows.push(VariantRow {
                variant,
                pair,
                outcome,
                verdict,
            });
        }
    }
    rows
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
