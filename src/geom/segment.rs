use glam::Vec2;
use serde::{Deserialize, Serialize};

/// A line segment from `a` to `b`. A zero-length segment (`a == b`) is a point and is valid.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Segment {
    /// The first end (the end cap named `end-a`).
    pub a: Vec2,
    /// The second end (the end cap named `end-b`).
    pub b: Vec2,
}

impl Segment {
    /// The segment from `a` to `b`.
    pub const fn new(a: Vec2, b: Vec2) -> Self {
        Self { a, b }
    }

    /// `b − a`.
    pub fn delta(&self) -> Vec2 {
        self.b - self.a
    }

    /// The distance from `a` to `b`.
    pub fn length(&self) -> f32 {
        self.delta().length()
    }

    /// Unit normal on the left of a→b (counter-clockwise quarter turn), or zero for a point.
    pub fn left_normal(&self) -> Vec2 {
        self.delta().perp().normalize_or_zero()
    }

    /// The point halfway from `a` to `b`.
    pub fn midpoint(&self) -> Vec2 {
        (self.a + self.b) * 0.5
    }

    /// The nearest point of the segment to `p`.
    pub fn closest_point(&self, p: Vec2) -> Vec2 {
        let d = self.delta();
        let len2 = d.length_squared();
        if len2 <= 0.0 {
            return self.a;
        }
        let s = ((p - self.a).dot(d) / len2).clamp(0.0, 1.0);
        self.a + d * s
    }

    /// True when both ends are finite.
    pub fn is_valid(&self) -> bool {
        super::all_finite([self.a.x, self.a.y, self.b.x, self.b.y])
    }
}
