//! The one evaluation of a scene: every ball against every obstacle (the exact first
//! contact, the regions of start, end and contact, the closest approach, the depth of a start
//! inside), each ball's resolved path, the enabled published variants' verdicts beside the
//! exact answers, and the scene's expectations judged against those answers.
//!
//! The debugger's inspector, layers, plots and heat map, "Copy as text", bug reports and
//! `sweepscope check` all read this structure, so they can never disagree about what a
//! scene does. It depends on the scene alone (camera excepted): the debugger recomputes it
//! only when the scene's content changes.

use std::collections::{HashMap, HashSet};
use std::convert::Infallible;

use super::expect::{self, ExpectationResult};
use super::expect_path::{self, PathExpectationResult};
use super::limits::MAX_EXPECTATIONS;
use super::model::{Expectation, PathExpectation, Reported, Scene};
use super::why;
use crate::approach::Approach;
use crate::geom::Sweep;
use crate::hit::Hit;
use crate::obstacle::Obstacle;
use crate::region::Region;
use crate::response::{Path, resolve};
use crate::variants::verdict::{AnswerHit, Verdict, judge, judge_variant, said_outcome};
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
    /// How far the centre travelled before the contact (`time × |end − start|`), in f64:
    /// in f32 the length's squares overflow past about 1.8e19 and vanish below about
    /// 1e-23, and the whole length of a motion across the f32 range exceeds f32::MAX.
    pub distance: Option<f64>,
    /// How close the motion comes to the obstacle, contact or not.
    pub approach: Option<Approach>,
    /// How deep the ball starts inside the obstacle, when it overlaps it at `t = 0`.
    pub depth: Option<f32>,
}

impl PairResult {
    /// For a miss whose closest approach is a clearance of exactly 0, the contact rule that
    /// makes it one (without it, "miss" beside "clearance 0" reads as a contradiction).
    pub fn miss_rule(&self) -> Option<&'static str> {
        let a = self
            .approach
            .filter(|a| self.hit.is_none() && a.clearance == 0.0)?;
        Some(if a.time == 0.0 {
            "it touches at the start and moves away: not a hit (the contact rules)"
        } else {
            "it touches without overlapping, a graze: not a hit (the contact rules)"
        })
    }
}

/// One enabled variant's answer on one pair, judged against the exact one.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantRow {
    /// The approach or engine.
    pub variant: Variant,
    /// Index into the ball's `pairs`.
    pub pair: usize,
    /// What it answered.
    pub outcome: Outcome,
    /// How that compares with the exact answer.
    pub verdict: Verdict,
    /// Why, for a disagreement, read off the exact geometry ([`why::explain`]).
    pub why: Option<String>,
}

impl VariantRow {
    /// The variant's contact, if it reported one.
    pub fn hit(&self) -> Option<&Hit> {
        self.outcome.hit()
    }
}

/// An answer the scene records from another program (its `reported` list) on one pair,
/// judged against the exact one as a variant's would be.
#[derive(Clone, Debug, PartialEq)]
pub struct ReportedRow {
    /// Index into the scene's `reported`.
    pub index: usize,
    /// Index into the ball's `pairs`.
    pub pair: usize,
    /// How the answer compares with the exact one: only what it gave is judged (a missing
    /// time or normal is taken as the exact one's); a known engine's documented stop is
    /// [`Verdict::Documented`], at its default settings.
    pub verdict: Verdict,
    /// Why, for a disagreement, read off the exact geometry ([`why::explain`]).
    pub why: Option<String>,
}

/// Everything about one ball.
#[derive(Clone, Debug, PartialEq)]
pub struct BallEvaluation {
    /// Object index of the ball.
    pub object: usize,
    /// The ball's motion.
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
    /// The scene's reported answers for this ball, in the scene's order.
    pub reported: Vec<ReportedRow>,
    /// See [`BallEvaluation::end_overlaps`].
    end_inside: Vec<(usize, f32)>,
}

/// The obstacles of `pairs` a ball of radius `r` overlaps at `end`, past a contact skin.
fn end_inside(pairs: &[PairResult], end: glam::Vec2, r: f32) -> Vec<(usize, f32)> {
    pairs
        .iter()
        .filter_map(|p| {
            let clearance = p.shape.clearance_at(end, r, 1.0);
            (clearance < -END_OVERLAP_SKIN * r.max(f32::MIN_POSITIVE))
                .then_some((p.obstacle, -clearance))
        })
        .collect()
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

    /// Each reported answer for this ball with what it said and its pair, for `scene` (the
    /// scene this evaluation is of).
    pub fn reported_in<'a>(
        &'a self,
        scene: &'a Scene,
    ) -> impl Iterator<Item = (&'a ReportedRow, &'a Reported, &'a PairResult)> {
        self.reported.iter().filter_map(|row| {
            Some((
                row,
                scene.reported.get(row.index)?,
                self.pairs.get(row.pair)?,
            ))
        })
    }

    /// When the response path leaves the straight motion: the time of its first contact
    /// that changes the motion (none does for Cross); `None` when it never does.
    pub fn turns_at(&self) -> Option<f32> {
        // A crossing (or a slide along the motion) leaves the motion as it is: the path
        // stays the straight line until a contact changes it.
        (self.path.contacts.iter())
            .find(|c| c.outgoing != c.incoming)
            .map(|c| c.hit.time)
    }

    /// Whether a contact at `time` with the straight motion is on the response path too:
    /// not after the path has turned away from the straight line. One after it is what the
    /// obstacle alone would meet, which the ball never reaches (a box beside the one it
    /// lands on, drawn where the straight line would have met it).
    pub fn on_path(&self, time: f32) -> bool {
        self.turns_at().is_none_or(|turn| time <= turn)
    }

    /// The obstacles the ball still overlaps where its path ends, as (object index, depth):
    /// a ball that starts inside and slides or stops stays inside ("stuck"), which the end
    /// position alone does not show. Deeper than a contact skin only. Found once, with
    /// the evaluation: the inspector asks on every frame.
    pub fn end_overlaps(&self) -> &[(usize, f32)] {
        &self.end_inside
    }

    /// The pair with the obstacle of object index `obstacle`.
    pub fn pair(&self, obstacle: usize) -> Option<&PairResult> {
        self.pairs.iter().find(|p| p.obstacle == obstacle)
    }
}

/// An end overlap shallower than this share of the radius is a contact's rounding, not a
/// ball stuck inside ([`BallEvaluation::end_overlaps`]).
const END_OVERLAP_SKIN: f32 = 1e-3;

/// Everything the core says about a scene.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Evaluation {
    /// The obstacles in object order, with their object indices.
    pub obstacles: Vec<(usize, Obstacle)>,
    /// One per ball, in object order.
    pub balls: Vec<BallEvaluation>,
    /// The scene's expectations, in order.
    pub expectations: Vec<ExpectationResult>,
    /// The scene's path expectations, in order.
    pub path_expectations: Vec<PathExpectationResult>,
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

    /// Whether every expectation holds, paths included.
    pub fn expectations_hold(&self) -> bool {
        self.expectations.iter().all(ExpectationResult::passed)
            && self
                .path_expectations
                .iter()
                .all(PathExpectationResult::passed)
    }
}

/// The scene's expectations rewritten from the evaluation's exact answers: one per ball ×
/// obstacle pair, ball-major, then obstacle, both in object order. A hit records its time,
/// feature, region (boxes), normal and whether it started inside; a miss records just that.
/// A pair the scene already asserted keeps its tolerance, others get
/// [`expect::RECORD_TOLERANCE`]. Judging the result against the same evaluation passes by
/// construction; `sweepscope check --record` and the debugger's "Record expectations" both
/// write this.
pub fn record(scene: &Scene, ev: &Evaluation) -> Vec<Expectation> {
    let name = |i: usize| scene.objects.get(i).map(|o| o.name.clone());
    let tolerances: HashMap<(&str, &str), f32> = scene
        .expect
        .iter()
        .map(|e| ((e.ball.as_str(), e.obstacle.as_str()), e.tolerance))
        .collect();
    ev.pairs()
        .filter_map(|p| {
            let (ball, obstacle) = (name(p.ball)?, name(p.obstacle)?);
            let tolerance = tolerances
                .get(&(ball.as_str(), obstacle.as_str()))
                .copied()
                .unwrap_or(expect::RECORD_TOLERANCE);
            let blank = Expectation {
                ball,
                obstacle,
                hit: false,
                time: None,
                feature: None,
                region: None,
                normal: None,
                started_inside: None,
                tolerance,
            };
            Some(match p.hit {
                None => blank,
                Some(h) => Expectation {
                    hit: true,
                    time: Some(h.time),
                    feature: Some(h.feature.name().to_owned()),
                    region: h.region.map(|r| r.name().to_owned()),
                    normal: Some(h.normal),
                    started_inside: Some(h.started_inside),
                    ..blank
                },
            })
        })
        .collect()
}

/// The scene's path expectations rewritten from the evaluation's paths: one per ball, its
/// every contact, its end and whether it ran out of responses ([`expect_path::record_paths`];
/// none past [`expect_path::MAX_RECORDED_PATH_CONTACTS`] contacts in all). Written beside
/// [`record`] by `sweepscope check --record`, the debugger's "Record expectations" and a
/// bug report's scene.
pub fn record_paths(scene: &Scene, ev: &Evaluation) -> Vec<PathExpectation> {
    expect_path::record_paths(
        scene,
        ev.balls
            .iter()
            .map(|b| (b.object, &b.path, b.contact_objects.as_slice())),
    )
}

/// Evaluates the whole scene.
pub fn evaluate(scene: &Scene) -> Evaluation {
    let obstacles = scene.obstacles();
    let mut balls = Vec::new();
    let Ok(judged) = evaluate_each(scene, &obstacles, |ball| {
        balls.push(ball);
        Ok::<(), Infallible>(())
    });
    Evaluation {
        obstacles,
        balls,
        expectations: judged.pairs,
        path_expectations: judged.paths,
    }
}

/// A scene's expectations judged: its `expect` entries and its `expect_paths`, in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Judged {
    /// The `expect` entries' results.
    pub pairs: Vec<ExpectationResult>,
    /// The `expect_paths` entries' results.
    pub paths: Vec<PathExpectationResult>,
}

impl Judged {
    /// Whether every expectation holds, paths included.
    pub fn hold(&self) -> bool {
        self.pairs.iter().all(ExpectationResult::passed)
            && self.paths.iter().all(PathExpectationResult::passed)
    }

    /// Whether the scene asserts nothing.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty() && self.paths.is_empty()
    }
}

/// Evaluates the scene ball by ball, in object order, handing each ball's evaluation to
/// `each` as soon as it is computed, then judges the expectations from those same answers
/// (the first error of `each` stops it). Between balls it keeps only the hits the
/// expectations name, so a caller that writes each ball out and drops it (`sweepscope
/// check`) needs the scene, one ball's pairs and those hits: memory flat in the number of
/// pairs. [`evaluate`] is this, keeping every ball. `obstacles` is `scene.obstacles()`.
pub fn evaluate_each<E>(
    scene: &Scene,
    obstacles: &[(usize, Obstacle)],
    mut each: impl FnMut(BallEvaluation) -> Result<(), E>,
) -> Result<Judged, E> {
    // (ball, obstacle) → the pair's hit once evaluated; absent: not a pair of the scene.
    let mut named: HashMap<(usize, usize), Option<Option<Hit>>> = expect::named_pairs(scene)
        .into_iter()
        .flatten()
        .map(|key| (key, None))
        .collect();
    let named_balls: HashSet<usize> = named.keys().map(|&(ball, _)| ball).collect();
    // The paths of the balls `expect_paths` names, kept to judge them at the end.
    let mut paths: HashMap<usize, (Path, Vec<usize>)> = expect_path::named_balls(scene)
        .into_iter()
        .flatten()
        .map(|b| (b, (Path::default(), Vec::new())))
        .collect();
    let mut is_ball = HashSet::new();
    for i in 0..scene.objects.len() {
        let Some(ball) = evaluate_ball(scene, obstacles, i) else {
            continue;
        };
        if named_balls.contains(&i) {
            for p in &ball.pairs {
                if let Some(slot @ None) = named.get_mut(&(p.ball, p.obstacle)) {
                    *slot = Some(p.hit);
                }
            }
        }
        if let Some(slot) = paths.get_mut(&i) {
            *slot = (ball.path.clone(), ball.contact_objects.clone());
            is_ball.insert(i);
        }
        each(ball)?;
    }
    Ok(Judged {
        pairs: expect::judge_all(scene, |ball, obstacle| {
            named.get(&(ball, obstacle)).copied().flatten()
        }),
        paths: expect_path::judge_paths(scene, |ball| {
            let (p, objects) = paths.get(&ball).filter(|_| is_ball.contains(&ball))?;
            Some((p, objects.as_slice()))
        }),
    })
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
    let (path, contact_objects) = path_of(scene, obstacles, &sweep);
    let variants = variant_rows(scene, &sweep, &pairs);
    let reported = reported_rows(scene, ball, &sweep, &pairs);
    let end_inside = end_inside(&pairs, path.end, sweep.radius);
    Some(BallEvaluation {
        object: ball,
        sweep,
        pairs,
        path,
        contact_objects,
        variants,
        reported,
        end_inside,
    })
}

/// The bounce path of object `ball` through the obstacles and the object index of each
/// contact's obstacle, as [`evaluate_ball`] gives them (`None` when it is not a ball): for a
/// caller that streams the paths apart from the pairs.
pub fn ball_path(
    scene: &Scene,
    obstacles: &[(usize, Obstacle)],
    ball: usize,
) -> Option<(Path, Vec<usize>)> {
    let sweep = scene.objects.get(ball)?.shape.sweep()?;
    Some(path_of(scene, obstacles, &sweep))
}

fn path_of(scene: &Scene, obstacles: &[(usize, Obstacle)], sweep: &Sweep) -> (Path, Vec<usize>) {
    let list: Vec<Obstacle> = obstacles.iter().map(|(_, o)| *o).collect();
    let response = scene.response.response();
    let path = resolve(sweep, &list, response, scene.response.max_bounces as usize);
    let contact_objects = path
        .contacts
        .iter()
        .map(|c| obstacles.get(c.obstacle).map_or(usize::MAX, |(i, _)| *i))
        .collect();
    (path, contact_objects)
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
        distance: hit
            .map(|h| f64::from(h.time) * (sweep.end.as_dvec2() - sweep.start.as_dvec2()).length()),
        approach: shape.closest_approach(sweep),
        depth,
    }
}

/// The scene's reported answers for object `ball`, each judged on its pair (one naming no
/// pair of this ball is left out: validation reports it).
fn reported_rows(
    scene: &Scene,
    ball: usize,
    sweep: &Sweep,
    pairs: &[PairResult],
) -> Vec<ReportedRow> {
    let Some(name) = scene.objects.get(ball).map(|o| &o.name) else {
        return Vec::new();
    };
    scene
        .reported
        .iter()
        .enumerate()
        .take(MAX_EXPECTATIONS)
        .filter(|(_, r)| &r.ball == name)
        .filter_map(|(index, r)| {
            let pair = pairs.iter().position(|p| {
                scene
                    .objects
                    .get(p.obstacle)
                    .is_some_and(|o| o.name == r.obstacle)
            })?;
            let p = &pairs[pair];
            let said = r.hit.then(|| AnswerHit {
                // A reported contact without a time said nothing usable of it.
                time: r.time.unwrap_or(f32::NAN),
                normal: r.normal,
                started_inside: r.started_inside,
            });
            // A breakdown is recorded as no contact with how it broke in the detail (the
            // hunter writes `failed: …`): judged as the breakdown it was, as the variant's
            // own row judges it, not as a miss (which read as a tunnel, or as agreement).
            let outcome = if !r.hit && r.detail.starts_with("failed: ") {
                Outcome::Failed(REPORTED_BREAKDOWN)
            } else {
                said_outcome(said, p.hit.as_ref())
            };
            let known = Variant::from_id(&r.by);
            let verdict = match known {
                Some(v) => judge_variant(v, sweep, &p.shape, p.hit.as_ref(), &outcome),
                None => judge(p.hit.as_ref(), &outcome),
            };
            let who = why::Who {
                variant: known,
                params: &scene.params,
                centre_known: false,
            };
            let why = why::explain(sweep, &p.shape, p.hit.as_ref(), &outcome, &verdict, who);
            Some(ReportedRow {
                index,
                pair,
                verdict,
                why,
            })
        })
        .collect()
}

/// How a reported breakdown reads: its detail says how it broke.
const REPORTED_BREAKDOWN: &str = "it broke down (its detail says how)";

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
            let who = why::Who {
                variant: Some(variant),
                params: &scene.params,
                centre_known: true,
            };
            let why = why::explain(sweep, &p.shape, p.hit.as_ref(), &outcome, &verdict, who);
            rows.push(VariantRow {
                variant,
                pair: i,
                outcome,
                verdict,
                why,
            });
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::model::{Expectation, Object, Shape};
    use glam::Vec2;

    fn object(name: &str, shape: Shape) -> Object {
        Object {
            name: name.to_owned(),
            shape,
        }
    }

    /// The scene's `reported` answers were written by the capture API and the hunter and
    /// said to be "shown beside the exact answer", but nothing read them: a captured
    /// parry answer 0.0333 late showed as "agrees". Each is judged on its pair.
    #[test]
    fn reported_answers_are_judged_on_their_pair() {
        use crate::scene::model::Reported;
        let mut s = Scene::empty("reported");
        s.objects = vec![
            object(
                "ball",
                Shape::Ball {
                    start: Vec2::new(-3.0, 50.0),
                    end: Vec2::new(-3.0, 10.0),
                    radius: 5.0,
                },
            ),
            object(
                "box",
                Shape::Box {
                    min: Vec2::ZERO,
                    max: Vec2::new(40.0, 30.0),
                },
            ),
        ];
        let said = |by: &str, hit: bool, time: Option<f32>| Reported {
            ball: "ball".into(),
            obstacle: "box".into(),
            by: by.into(),
            hit,
            time,
            normal: None,
            started_inside: None,
            detail: String::new(),
        };
        s.reported = vec![
            said("my-engine", true, Some(0.4333)),
            said("parry-cast", false, None),
            said("other", true, Some(0.4)),
        ];
        let ev = evaluate(&s);
        let rows = &ev.balls[0].reported;
        assert_eq!(rows.len(), 3);
        assert!(
            matches!(rows[0].verdict, Verdict::TimeOff(dt) if (dt - 0.0333).abs() < 1e-4),
            "{:?}",
            rows[0].verdict
        );
        assert_eq!(rows[1].verdict, Verdict::MissedHit);
        assert_eq!(rows[2].verdict, Verdict::Agree);
        assert_eq!(s.reported[0].said(), "t = 0.4333");
    }

    /// The distance travelled was `time × |delta|` in f32: `inf` for the default scene
    /// scaled by 1e19 (the squares overflow) and 0 scaled by 1e-30 (they vanish). The
    /// 3-4-5 corner contact travels 16 units at every scale.
    #[test]
    fn distance_travelled_is_finite_and_right_at_every_scale() {
        for scale in [1e-30_f32, 1e-20, 1.0, 1e19, 1e30, 1e36] {
            let v = |x: f32, y: f32| Vec2::new(x * scale, y * scale);
            let mut s = Scene::empty("scaled");
            s.objects = vec![
                object(
                    "ball",
                    Shape::Ball {
                        start: v(-3.0, 50.0),
                        end: v(-3.0, 10.0),
                        radius: 5.0 * scale,
                    },
                ),
                object(
                    "box",
                    Shape::Box {
                        min: v(0.0, 0.0),
                        max: v(40.0, 30.0),
                    },
                ),
            ];
            let ev = evaluate(&s);
            let d = ev.pair(0, 1).and_then(|p| p.distance);
            let want = 16.0 * f64::from(scale);
            assert!(
                d.is_some_and(|d| (d - want).abs() <= want * 1e-6),
                "scale {scale:e}: {d:?}, want {want:e}"
            );
        }
        // Across the whole f32 range: more than f32::MAX, still finite.
        let mut s = Scene::empty("wide");
        s.objects = vec![
            object(
                "ball",
                Shape::Ball {
                    start: Vec2::new(-3e38, 0.0),
                    end: Vec2::new(3e38, 0.0),
                    radius: 1.0,
                },
            ),
            object(
                "box",
                Shape::Box {
                    min: Vec2::new(2e38, -1.0),
                    max: Vec2::new(2.5e38, 1.0),
                },
            ),
        ];
        let ev = evaluate(&s);
        let d = ev.pair(0, 1).and_then(|p| p.distance);
        assert!(d.is_some_and(|d| d.is_finite() && d > 4.9e38), "{d:?}");
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

    /// The expectations judged the way a whole evaluation would be: by looking each pair
    /// up among every ball kept.
    fn judged_from_every_ball(scene: &Scene, balls: &[BallEvaluation]) -> Vec<ExpectationResult> {
        expect::judge_all(scene, |ball, obstacle| {
            let b = balls.iter().find(|b| b.object == ball)?;
            b.pair(obstacle).map(|p| p.hit)
        })
    }

    #[test]
    fn streaming_judges_the_expectations_as_keeping_every_ball_would() {
        let ball = |x: f32| Shape::Ball {
            start: Vec2::new(x, 40.0),
            end: Vec2::new(x, -40.0),
            radius: 1.0,
        };
        let mut s = Scene::empty("t");
        s.objects = vec![
            object("a", ball(0.0)),
            object(
                "floor",
                Shape::Box {
                    min: Vec2::new(-50.0, -2.0),
                    max: Vec2::new(50.0, 0.0),
                },
            ),
            object("b", ball(100.0)),
            object(
                "far",
                Shape::Segment {
                    a: Vec2::new(500.0, 0.0),
                    b: Vec2::new(501.0, 0.0),
                },
            ),
        ];
        let expectation = |ball: &str, obstacle: &str, hit: bool| Expectation {
            ball: ball.to_owned(),
            obstacle: obstacle.to_owned(),
            hit,
            time: None,
            feature: None,
            region: None,
            normal: None,
            started_inside: None,
            tolerance: 1e-4,
        };
        s.expect = vec![
            expectation("a", "floor", true),
            expectation("b", "floor", true),
            expectation("b", "far", false),
            // Not pairs of the scene: a ball as the obstacle, an unknown name.
            expectation("a", "b", false),
            expectation("a", "nobody", false),
        ];
        let obstacles = s.obstacles();
        let mut seen = Vec::new();
        let mut kept = Vec::new();
        let Ok(judged) = evaluate_each(&s, &obstacles, |b| {
            seen.push(b.object);
            kept.push(b);
            Ok::<(), Infallible>(())
        });
        assert_eq!(seen, vec![0, 2]);
        assert_eq!(judged.pairs, judged_from_every_ball(&s, &kept));
        let passed: Vec<bool> = judged.pairs.iter().map(ExpectationResult::passed).collect();
        // Ball a falls onto the floor; ball b, 100 to the right, passes beside its end.
        assert_eq!(passed, vec![true, false, true, false, false]);
        assert_eq!(
            judged.pairs[3].failures,
            vec!["ball or obstacle not found in the scene"]
        );
        // An error from the consumer stops the evaluation at that ball.
        let mut calls = 0;
        let stopped = evaluate_each(&s, &obstacles, |_| {
            calls += 1;
            Err("reader went away")
        });
        assert_eq!((stopped, calls), (Err("reader went away"), 1));
    }

    #[test]
    fn every_built_in_scene_streams_to_the_same_judgement() {
        for name in crate::scene::builtin::demo_names() {
            let scene = crate::scene::builtin::demo(name).expect("demo");
            let ev = evaluate(&scene);
            assert_eq!(
                ev.expectations,
                judged_from_every_ball(&scene, &ev.balls),
                "{name}"
            );
        }
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
