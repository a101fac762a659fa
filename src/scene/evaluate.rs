//! Runs the exact core on a scene: every ball against every obstacle, and each ball's
//! resolved path. The debugger, `sweepscope check` and the text report all read this one
//! structure, so they can never disagree about what the scene does.

use glam::Vec2;

use super::model::{Scene, Shape};
use crate::geom::Sweep;
use crate::hit::Hit;
use crate::obstacle::Obstacle;
use crate::region::{Region, region_code};
use crate::response::{Path, resolve};

/// One ball against one obstacle.
#[derive(Clone, Debug, PartialEq)]
pub struct PairResult {
    /// Object index of the ball.
    pub ball: usize,
    /// Object index of the obstacle.
    pub obstacle: usize,
    /// The exact first contact (`Obstacle::cast`).
    pub hit: Option<Hit>,
    /// Region of the ball's start centre, in the box's frame (boxes only).
    pub start_region: Option<Region>,
    /// Region of the ball's end centre, in the box's frame (boxes only).
    pub end_region: Option<Region>,
    /// How far the centre travelled before the contact (`time × |end − start|`).
    pub distance: Option<f32>,
}

/// One ball's motion through all obstacles with the scene's response.
#[derive(Clone, Debug, PartialEq)]
pub struct BallPath {
    /// Object index of the ball.
    pub ball: usize,
    pub path: Path,
    /// Object index of the obstacle of each contact in `path.contacts` (the core numbers
    /// obstacles in the list it was given, which skips balls).
    pub contact_objects: Vec<usize>,
}

/// Everything the core says about a scene.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Evaluation {
    /// Ball-major, then obstacle, both in object order.
    pub pairs: Vec<PairResult>,
    /// One per ball, in object order.
    pub paths: Vec<BallPath>,
}

impl Evaluation {
    /// The result for a ball and an obstacle, by object index.
    pub fn pair(&self, ball: usize, obstacle: usize) -> Option<&PairResult> {
        self.pairs
            .iter()
            .find(|p| p.ball == ball && p.obstacle == obstacle)
    }

    /// The path of a ball, by object index.
    pub fn path(&self, ball: usize) -> Option<&BallPath> {
        self.paths.iter().find(|p| p.ball == ball)
    }
}

/// Evaluates every ball × obstacle pair and every ball's path.
pub fn evaluate(scene: &Scene) -> Evaluation {
    let indexed = scene.obstacles();
    let obstacles: Vec<Obstacle> = indexed.iter().map(|(_, o)| *o).collect();
    let response = scene.response.response();
    let max_bounces = scene.response.max_bounces as usize;
    let mut out = Evaluation::default();
    for (ball, object) in scene.objects.iter().enumerate() {
        let Some(sweep) = object.shape.sweep() else {
            continue;
        };
        for &(obstacle, ref shape) in &indexed {
            let hit = shape.cast(&sweep);
            let obstacle_shape = &scene.objects[obstacle].shape;
            out.pairs.push(PairResult {
                ball,
                obstacle,
                hit,
                start_region: box_region(obstacle_shape, sweep.start),
                end_region: box_region(obstacle_shape, sweep.end),
                distance: hit.map(|h| h.time * sweep.delta().length()),
            });
        }
        let path = resolve(&sweep, &obstacles, response, max_bounces);
        let contact_objects = path
            .contacts
            .iter()
            .map(|c| indexed.get(c.obstacle).map_or(usize::MAX, |(i, _)| *i))
            .collect();
        out.paths.push(BallPath {
            ball,
            path,
            contact_objects,
        });
    }
    out
}

/// The Cohen–Sutherland region of `p` relative to a box obstacle, in the box's own frame.
pub fn box_region(shape: &Shape, p: Vec2) -> Option<Region> {
    match shape.obstacle()? {
        Obstacle::Aabb(b) => Some(region_code(p, &b)),
        Obstacle::Obb(b) => Some(region_code(b.to_local(p), &b.local_aabb())),
        Obstacle::Segment(_) | Obstacle::Circle(_) => None,
    }
}

/// The ball's sweep by object index (`None` when that object is not a ball).
pub fn ball_sweep(scene: &Scene, ball: usize) -> Option<Sweep> {
    scene.objects.get(ball)?.shape.sweep()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::model::Object;

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
        let order: Vec<(usize, usize)> = ev.pairs.iter().map(|p| (p.ball, p.obstacle)).collect();
        assert_eq!(order, vec![(0, 1), (0, 3), (2, 1), (2, 3)]);
        assert_eq!(ev.paths.len(), 2);
        // Start (-10, 5) is left of the box; end (30, 5) is right of it; segments have none.
        assert_eq!(ev.pairs[0].start_region, Some(Region::LEFT));
        assert_eq!(ev.pairs[0].end_region, Some(Region::RIGHT));
        assert_eq!(ev.pairs[1].start_region, None);
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
        assert_eq!(box_region(&shape, Vec2::new(0.0, 5.0)), Some(Region::RIGHT));
        assert_eq!(box_region(&shape, Vec2::new(-5.0, 0.0)), Some(Region::TOP));
    }
}
