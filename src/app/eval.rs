//! Runs the core once per frame on the scene: every ball against every obstacle, the
//! resolved path, and the enabled variants beside the exact answer. Layers, the inspector,
//! the plots and the reports all read this instead of recomputing anything.

use crate::geom::Sweep;
use crate::hit::Hit;
use crate::obstacle::Obstacle;
use crate::response::{Path, resolve};
use crate::scene::Scene;
use crate::variants::verdict::{Verdict, judge_variant};
use crate::variants::{self, Outcome, Params, Variant};

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
            let verdict =
                judge_variant(variant, &ball.sweep, &p.obstacle, p.hit.as_ref(), &outcome);
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
