//! Any obstacle a moving circle can hit, for code that handles a mixed list.

use serde::{Deserialize, Serialize};

use crate::geom::{Aabb, Obb, Segment, Sweep};
use crate::hit::Hit;

/// One obstacle of a scene. A `Circle` may itself move over the same `t` as the query.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Obstacle {
    Aabb(Aabb),
    Obb(Obb),
    Segment(Segment),
    Circle(Sweep),
}

impl Obstacle {
    /// First contact of `sweep` with this obstacle.
    pub fn cast(&self, sweep: &Sweep) -> Option<Hit> {
        match self {
            Obstacle::Aabb(b) => sweep.vs_aabb(b),
            Obstacle::Obb(b) => sweep.vs_obb(b),
            Obstacle::Segment(s) => sweep.vs_segment(s),
            Obstacle::Circle(c) => sweep.vs_circle(c),
        }
    }

    /// The obstacle as it is over the part `[t0, t1]` of the motion (only moving circles
    /// change; everything else is static).
    pub fn sub(&self, t0: f32, t1: f32) -> Obstacle {
        match self {
            Obstacle::Circle(c) => Obstacle::Circle(c.sub(t0, t1)),
            other => *other,
        }
    }

    pub fn is_valid(&self) -> bool {
        match self {
            Obstacle::Aabb(b) => b.is_valid(),
            Obstacle::Obb(b) => b.is_valid(),
            Obstacle::Segment(s) => s.is_valid(),
            Obstacle::Circle(c) => c.is_valid(),
        }
    }
}
