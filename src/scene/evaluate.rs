//! The one evaluation of a scene: every ball against every obstacle (the exact first
//! contact, the regions of start, end and contact, the closest approach, the depth of a start
//! inside), each ball's resolved path, the enabled published variants' verdicts beside the
//! exact answers, and the scene's expectations judged against those answers.
//!
//! The debugger's inspector, layers, plots and heat map, "Copy as text", bug reports and
//! `sweepscope check` all read this structure, so they can never disagree about what a
//! scene does. It depends on the scene alone (camera excepted): the debugger recomputes it
//! only when the scene's content changes.

use super::expect::{self, ExpectationResult};
use super::model::Scene;
use crate::approach::Approach;
use crate::geom::Sweep;
use crate::hit::Hit;
use crate::obstacle::Obstacle;
use crate::region::Region;
use crate::response::{Path, resolve};
use crate::variants::verdict::{Verdict, judge_variant};
use crate::variants::{self, Outcome, Variant};

/// One ball against one obstacle.
#[derive(Clone, Debug, PartialEq)]
pub struct PairResult {
    /// Object index of the ball.
    pub ball: usize,
    /// Object index of the obstacle.
    pub obstacle: usize,
    /// The obstacle as the core sees it.
    pub shape: Obstacle,
    /// The exact first contact.
    pub hit: Option<Hit>,
    /// Region of the ball's start centre, in the box's frame (boxes only).
    pub start_region: Option<Region>,
    /// Region of the ball's end centre, in the box's frame (boxes only).
    pub end_region: Option<Region>,
    /// How far the centre travelled before the contact (`time × |end − start|`).
    pub distance: Option<f32>,
    /// How close the motion comes to the obstacle, contact or not.
    pub approach: Option<Approach>,
    /// How deep the ball starts inside the obstacle, when it overlaps it at `t = 0`.
    pub depth: Option<f32>,
}

/// One enabled variant's answer on one pair, judged against the exact one.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantRow {
    pub variant: Variant,
    /// Index into the ball's `pairs`.
    pub pair: usize,
    pub outcome: Outcome,
    pub verdict: Verdict,
}

impl VariantRow {
    pub fn hit(&self) -> Option<&Hit> {
        self.outcome.hit()
    }
}

/// Everything about one ball.
#[derive(Clone, Debug, PartialEq)]
pub struct BallEvaluation {
    /// Object index of the ball.
    pub object: usize,
    pub sweep: Sweep,
    /// One per obstacle, in object order.
    pub pairs: Vec<PairResult>,
    /// The ball's motion through every obstacle with the scene's response.
    pub path: Path,
    /// Object index of the obstacle of each contact in `path.contacts` (the core numbers
    /// obstacles in the list it was given, which skips balls).
    pub contact_objects: Vec<usize>,
    /// The enabled variants on every pair they apply to, variant-major.
    pub variants: Vec<VariantRow>,
}

impl BallEvaluation {
    /// The earliest exact contact among all obstacles, as (pair index, hit).
    pub fn first(&self) -> Option<(usize, &Hit)> {
        self.pairs
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.hit.as_ref().map(|h| (i, h)))
            .min_by(|a, b| a.1.time.total_cmp(&b.1.time))
    }

    /// The pair with the obstacle of object index `obstacle`.
    pub fn pair(&self, obstacle: usize) -> Option<&PairResult> {
        self.pairs.iter().find(|p| p.obstacle == obstacle)
    }
}

/// Everything the core says about a scene.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Evaluation {
    /// The obstacles in object order, with their object indices.
    pub obstacles: Vec<(usize, Obstacle)>,
    /// One per ball, in object order.
    pub balls: Vec<BallEvaluation>,
    /// The scene's expectations, in order.
    pub expectations: Vec<ExpectationResult>,
}

impl Evaluation {
    /// The ball of object index `object`.
    pub fn ball(&self, object: usize) -> Option<&BallEvaluation> {
        self.balls.iter().find(|b| b.object == object)
    }

    /// The result for a ball and an obstacle, by object index.
    pub fn pair(&self, ball: usize, obstacle: usize) -> Option<&PairResult> {
        self.ball(ball)?.pair(obstacle)
    }

    /// Every pair, ball-major, then obstacle, both in object order.
    pub fn pairs(&self) -> impl Iterator<Item = &PairResult> {
        self.balls.iter().flat_map(|b| &b.pairs)
    }

    /// Whether every expectation holds.
    pub fn expectations_hold(&self) -> bool {
        self.expectations.iter().all(ExpectationResult::passed)
    }
}

/// Evaluates the whole scene.
pub fn evaluate(scene: &Scene) -> Evaluation {
    let obstacles = scene.obstacles();
    let balls: Vec<BallEvaluation> = (0..scene.objects.len())
        .filter_map(|i| evaluate_ball(scene, &obstacles, i))
        .collect();
    let expectations = expect::judge_all(scene, |ball, obstacle| {
        let b = balls.iter().find(|b| b.object == ball)?;
        b.pair(obstacle).map(|p| p.hit)
    });
    Evaluation {
        obstacles,
        balls,
        expectations,
    }
}

/// Evaluates one ball (`None` when object `ball` is not a ball): for a caller that streams
/// a large scene ball by ball instead of holding every pair at once. `obstacles` is
/// `scene.obstacles()`.
pub fn evaluate_ball(
    scene: &Scene,
    obstacles: &[(usize, Obstacle)],
    ball: usize,
) -> Option<BallEvaluation> {
    let sweep = scene.objects.get(ball)?.shape.sweep()?;
    let pairs: Vec<PairResult> = obstacles
        .iter()
        .map(|&(obstacle, shape)| pair(ball, &sweep, obstacle, shape))
        .collect();
    let list: Vec<Obstacle> = obstacles.iter().map(|(_, o)| *o).collect();
    let response = scene.response.response();
    let path = resolve(&sweep, &list, response, scene.response.max_bounces as usize);
    let contact_objects = path
        .contacts
        .iter()
        .map(|c| obstacles.get(c.obstacle).map_or(usize::MAX, |(i, _)| *i))
        .collect();
    let variants = variant_rows(scene, &sweep, &pairs);
    Some(BallEvaluation {
        object: ball,
        sweep,
        pairs,
        path,
        contact_objects,
        variants,
    })
}

fn pair(ball: usize, sweep: &Sweep, obstacle: usize, shape: Obstacle) -> PairResult {
    let hit = shape.cast(sweep);
    let depth = hit
        .filter(|h| h.started_inside)
        .and_then(|_| shape.start_depth(sweep));
    PairResult {
        ball,
        obstacle,
        shape,
        hit,
        start_region: shape.region_of(sweep.start),
        end_region: shape.region_of(sweep.end),
        distance: hit.map(|h| h.time * sweep.delta().length()),
        approach: shape.closest_approach(sweep),
        depth,
    }
}

/// The scene's enabled variants on every pair each applies to.
fn variant_rows(scene: &Scene, sweep: &Sweep, pairs: &[PairResult]) -> Vec<VariantRow> {
    let mut rows = Vec::new();
    for variant in scene.variants.iter().filter_map(|id| Variant::from_id(id)) {
        for (i, p) in pairs.iter().enumerate() {
            if !variant.applies_to(&p.shape) {
                continue;
            }
            let outcome = variants::run(variant, sweep, &p.shape, &scene.params);
            let verdict = judge_variant(variant, sweep, &p.shape, p.hit.as_ref(), &outcome);
            rows.push(VariantRow {
                variant,
                pair: i,
                outcome,
                verdict,
            });
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::model::{Object, Shape};
    use glam::Vec2;

    fn object(name: &str, shape: Shape) -> Object {
        Object {
            name: name.to_owned(),
            shape,
        }
    }

    #[test]
    fn pairs_are_ball_major_and_skip_ball_ball() {
        let ball = Shape::Ball {
            start: Vec2::new(-10.0, 5.0),
            end: Vec2::new(30.0, 5.0),
            radius: 1.0,
        };
        let mut s = Scene::empty("t");
        s.objects = vec![
            object("a", ball),
            object(
                "box",
                Shape::Box {
                    min: Vec2::ZERO,
                    max: Vec2::splat(20.0),
                },
            ),
            object("b", ball),
            object(
                "seg",
                Shape::Segment {
                    a: Vec2::ZERO,
                    b: Vec2::X,
                },
            ),
        ];
        let ev = evaluate(&s);
        let order: Vec<(usize, usize)> = ev.pairs().map(|p| (p.ball, p.obstacle)).collect();
        assert_eq!(order, vec![(0, 1), (0, 3), (2, 1), (2, 3)]);
        assert_eq!(ev.balls.len(), 2);
        // Start (-10, 5) is left of the box; end (30, 5) is right of it; segments have none.
        let p = ev.pair(0, 1).unwrap();
        assert_eq!(p.start_region, Some(Region::LEFT));
        assert_eq!(p.end_region, Some(Region::RIGHT));
        assert_eq!(ev.pair(0, 3).unwrap().start_region, None);
        // The segment (0, 0)–(1, 0) is passed 5 above: 4 clear of the surface.
        assert_eq!(ev.pair(0, 3).unwrap().approach.unwrap().clearance, 4.0);
    }

    #[test]
    fn rotated_box_regions_are_in_the_box_frame() {
        // A box turned a quarter left: its local +x points to world +y, so a world point
        // straight above it is on its local right.
        let shape = Shape::RotatedBox {
            center: Vec2::ZERO,
            half_extents: Vec2::new(2.0, 1.0),
            angle: 90.0,
        };
        let o = shape.obstacle().unwrap();
        assert_eq!(o.region_of(Vec2::new(0.0, 5.0)), Some(Region::RIGHT));
        assert_eq!(o.region_of(Vec2::new(-5.0, 0.0)), Some(Region::TOP));
    }

    #[test]
    fn a_start_inside_has_its_depth() {
        let mut s = Scene::empty("t");
        s.objects = vec![
            object(
                "ball",
                Shape::Ball {
                    start: Vec2::new(3.0, 10.0),
                    end: Vec2::new(30.0, 10.0),
                    radius: 2.0,
                },
            ),
            object(
                "box",
                Shape::Box {
                    min: Vec2::ZERO,
                    max: Vec2::splat(20.0),
                },
            ),
        ];
        let ev = evaluate(&s);
        let p = ev.pair(0, 1).unwrap();
        assert!(p.hit.unwrap().started_inside);
        // 3 from the left side with r = 2: 5 deep.
        assert_eq!(p.depth, Some(5.0));
    }

    #[test]
    fn enabled_variants_are_judged_on_the_pairs_they_apply_to() {
        let mut s = Scene::empty("t");
        s.objects = vec![
            object(
                "ball",
                Shape::Ball {
                    start: Vec2::new(-60.0, 0.0),
                    end: Vec2::new(60.0, 0.0),
                    radius: 1.0,
                },
            ),
            object(
                "wall",
                Shape::Box {
                    min: Vec2::new(-1.0, -10.0),
                    max: Vec2::new(1.0, 10.0),
                },
            ),
            object(
                "seg",
                Shape::Segment {
                    a: Vec2::new(100.0, 0.0),
                    b: Vec2::new(101.0, 0.0),
                },
            ),
        ];
        s.variants = vec!["discrete".to_owned(), "trig-corner".to_owned()];
        let ev = evaluate(&s);
        let rows: Vec<(&str, usize, &Verdict)> = ev.balls[0]
            .variants
            .iter()
            .map(|r| (r.variant.id(), r.pair, &r.verdict))
            .collect();
        // The discrete test only looks at t = 1, past the wall: it tunnels.
        assert_eq!(
            rows,
            vec![
                ("discrete", 0, &Verdict::MissedHit),
                ("discrete", 1, &Verdict::Agree),
                ("trig-corner", 0, &Verdict::Agree),
            ]
        );
    }
}
