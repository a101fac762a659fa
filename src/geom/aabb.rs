use glam::Vec2;
use serde::{Deserialize, Serialize};

/// An axis-aligned box, `min` at the bottom-left and `max` at the top-right (y-up).
///
/// A box with `min == max` on one axis (zero width or height) is valid: it behaves as a
/// segment, and the queries treat it as such.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Aabb {
    pub min: Vec2,
    pub max: Vec2,
}

impl Aabb {
    pub const fn new(min: Vec2, max: Vec2) -> Self {
        Self { min, max }
    }

    /// The box around `center` reaching `half_extents` in each direction.
    pub fn from_center_half_extents(center: Vec2, half_extents: Vec2) -> Self {
        Self::new(center - half_extents, center + half_extents)
    }

    /// The smallest box holding both points.
    pub fn from_points(a: Vec2, b: Vec2) -> Self {
        Self::new(a.min(b), a.max(b))
    }

    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }

    pub fn half_extents(&self) -> Vec2 {
        (self.max - self.min) * 0.5
    }

    pub fn size(&self) -> Vec2 {
        self.max - self.min
    }

    /// The box grown by `r` on every side: the square-cornered broad phase of a circle of
    /// radius `r` against this box.
    pub fn expanded(&self, r: f32) -> Self {
        Self::new(self.min - Vec2::splat(r), self.max + Vec2::splat(r))
    }

    /// True when `min <= max` on both axes and every coordinate is finite.
    pub fn is_valid(&self) -> bool {
        let (a, b) = (self.min, self.max);
        super::all_finite([a.x, a.y, b.x, b.y]) & (a.x <= b.x) & (a.y <= b.y)
    }

    /// Inclusive containment.
    pub fn contains(&self, p: Vec2) -> bool {
        p.cmpge(self.min).all() && p.cmple(self.max).all()
    }

    pub fn overlaps(&self, other: &Aabb) -> bool {
        self.min.cmple(other.max).all() && other.min.cmple(self.max).all()
    }

    /// The point of the box (boundary or interior) nearest to `p`.
    pub fn closest_point(&self, p: Vec2) -> Vec2 {
        p.clamp(self.min, self.max)
    }

    /// Corners in the order bottom-left, bottom-right, top-right, top-left
    /// (counter-clockwise in a y-up world).
    /// The smallest box holding both.
    pub fn union(&self, other: &Aabb) -> Aabb {
        Aabb::new(self.min.min(other.min), self.max.max(other.max))
    }

    /// The smallest box holding this one and `p`.
    pub fn including(&self, p: Vec2) -> Aabb {
        Aabb::new(self.min.min(p), self.max.max(p))
    }

    /// The smallest box holding every point; `None` for none.
    pub fn around(points: impl IntoIterator<Item = Vec2>) -> Option<Aabb> {
        let mut it = points.into_iter();
        let first = it.next()?;
        Some(it.fold(Aabb::new(first, first), |b, p| b.including(p)))
    }

    pub fn corners(&self) -> [Vec2; 4] {
        [
            self.min,
            Vec2::new(self.max.x, self.min.y),
            self.max,
            Vec2::new(self.min.x, self.max.y),
        ]
    }
}
