use glam::Vec2;
use serde::{Deserialize, Serialize};

/// An axis-aligned box, `min` at the bottom-left and `max` at the top-right (y-up).
///
/// A box with `min == max` on one axis (zero width or height), or on both, is valid. It
/// holds the same points as a segment (or a point), so a circle meets it at the same times;
/// its answers still name a box's features (sides and corners), and a centre exactly on it
/// at the start is pushed out by the box's rule for ties (the side the motion heads to
/// most), where a segment's leaves on the side the motion comes from.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Aabb {
    /// The bottom-left corner.
    pub min: Vec2,
    /// The top-right corner.
    pub max: Vec2,
}

impl Aabb {
    /// The box from `min` (bottom-left) to `max` (top-right), as given: nothing is sorted
    /// or checked here ([`Aabb::is_valid`] says whether the queries accept it).
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

    /// The midpoint of `min` and `max`.
    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }

    /// Half the width and half the height.
    pub fn half_extents(&self) -> Vec2 {
        (self.max - self.min) * 0.5
    }

    /// The width and the height.
    pub fn size(&self) -> Vec2 {
        self.max - self.min
    }

    /// The box grown by `r` on every side: the square-cornered broad phase of a circle of
    /// radius `r` against this box.
    pub fn expanded(&self, r: f32) -> Self {
        // In f64 and rounded outward: in f32, `min − r` rounds to `min` for an r below
        // half its unit, and the box left out what it was grown to hold.
        let r = glam::DVec2::splat(f64::from(r));
        Self::outward(self.min.as_dvec2() - r, self.max.as_dvec2() + r)
    }

    /// The least f32 box holding `[lo, hi]` (each bound rounded outward).
    pub(crate) fn outward(lo: glam::DVec2, hi: glam::DVec2) -> Self {
        let down = |x: f64| {
            let y = x as f32;
            if f64::from(y) > x { y.next_down() } else { y }
        };
        let up = |x: f64| {
            let y = x as f32;
            if f64::from(y) < x { y.next_up() } else { y }
        };
        Self::new(
            Vec2::new(down(lo.x), down(lo.y)),
            Vec2::new(up(hi.x), up(hi.y)),
        )
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

    /// Whether the two boxes share a point (touching boxes overlap).
    pub fn overlaps(&self, other: &Aabb) -> bool {
        self.min.cmple(other.max).all() && other.min.cmple(self.max).all()
    }

    /// The point of the box (boundary or interior) nearest to `p`.
    pub fn closest_point(&self, p: Vec2) -> Vec2 {
        p.clamp(self.min, self.max)
    }

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

    /// Corners in the order bottom-left, bottom-right, top-right, top-left
    /// (counter-clockwise in a y-up world).
    pub fn corners(&self) -> [Vec2; 4] {
        [
            self.min,
            Vec2::new(self.max.x, self.min.y),
            self.max,
            Vec2::new(self.min.x, self.max.y),
        ]
    }
}
