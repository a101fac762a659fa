//! parry2d's shape casting on our cases, as a second opinion (and a benchmark baseline).
//!
//! parry uses its own glam version, so vectors cross over by components. The moving circle
//! is shape 1 (a ball at the sweep's start, velocity = the whole motion, so its time of
//! impact is our `t`); the obstacle is shape 2 with its own pose and velocity.

use parry2d::math::{Pose, Vector};
use parry2d::query::{ShapeCastOptions, cast_shapes};
use parry2d::shape::{Ball, Cuboid, Segment};
use sweepscope::{Obstacle, Sweep, Vec2};

fn pv(v: Vec2) -> Vector {
    Vector::new(v.x, v.y)
}

/// parry's answer: time and our-convention normal (obstacle → circle centre, world).
#[derive(Clone, Copy, Debug)]
pub struct ParryHit {
    pub time: f32,
    pub normal: Vec2,
}

/// Options matching our contract as closely as parry allows: impacts up to t = 1, an
/// overlap at t = 0 is an impact whatever the velocity, with geometry computed.
pub fn options() -> ShapeCastOptions {
    ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    }
}

/// Casts the case with parry. `None` on a miss or an unsupported pair.
pub fn cast(sweep: &Sweep, obstacle: &Obstacle) -> Option<ParryHit> {
    let ball = Ball::new(sweep.radius);
    let pos1 = Pose::from_translation(pv(sweep.start));
    let vel1 = pv(sweep.end - sweep.start);
    let opts = options();
    let hit = match obstacle {
        Obstacle::Aabb(b) => {
            let pos2 = Pose::from_translation(pv(b.center()));
            let cub = Cuboid::new(pv(b.half_extents()));
            cast_shapes(&pos1, vel1, &ball, &pos2, Vector::ZERO, &cub, opts)
        }
        Obstacle::Obb(b) => {
            let pos2 = Pose::new(pv(b.center), b.angle);
            let cub = Cuboid::new(pv(b.half_extents));
            cast_shapes(&pos1, vel1, &ball, &pos2, Vector::ZERO, &cub, opts)
        }
        Obstacle::Segment(s) => {
            let seg = Segment::new(pv(s.a), pv(s.b));
            cast_shapes(
                &pos1,
                vel1,
                &ball,
                &Pose::IDENTITY,
                Vector::ZERO,
                &seg,
                opts,
            )
        }
        Obstacle::Circle(c) => {
            let pos2 = Pose::from_translation(pv(c.start));
            let other = Ball::new(c.radius);
            cast_shapes(&pos1, vel1, &ball, &pos2, pv(c.end - c.start), &other, opts)
        }
    };
    let hit = hit.ok()??;
    // normal1 is the ball's outward normal (toward the obstacle), in the ball's frame,
    // which is unrotated: ours is its opposite.
    Some(ParryHit {
        time: hit.time_of_impact,
        normal: -Vec2::new(hit.normal1.x, hit.normal1.y),
    })
}
