use glam::Vec2;
use serde::{Deserialize, Serialize};

use super::Aabb;

/// A circle of `radius` whose centre moves in a straight line from `start` (t = 0) to `end`
/// (t = 1). A static circle is a sweep with `start == end`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sweep {
    pub start: Vec2,
    pub end: Vec2,
    pub radius: f32,
}

impl Sweep {
    pub const fn new(start: Vec2, end: Vec2, radius: f32) -> Self {
        Self { start, end, radius }
    }

    /// A circle that does not move.
    pub const fn stationary(center: Vec2, radius: f32) -> Self {
        Self::new(center, center, radius)
    }

    /// The whole displacement `end − start`.
    pub fn delta(&self) -> Vec2 {
        self.end - self.start
    }

    /// The centre at fraction `t` of the motion.
    pub fn at(&self, t: f32) -> Vec2 {
        self.start + self.delta() * t
    }

    /// The part of this motion between fractions `t0` and `t1`, as a sweep of its own.
    pub fn sub(&self, t0: f32, t1: f32) -> Self {
        Self::new(self.at(t0), self.at(t1), self.radius)
    }

    /// The box around everything the circle covers during the motion (the capsule's bounds).
    pub fn bounds(&self) -> Aabb {
        Aabb::from_points(self.start, self.end).expanded(self.radius)
    }

    /// Finite coordinates and a finite, non-negative radius.
    pub fn is_valid(&self) -> bool {
        let (s, e, r) = (self.start, self.end, self.radius);
        super::all_finite([s.x, s.y, e.x, e.y, r]) & (r >= 0.0)
    }
}
