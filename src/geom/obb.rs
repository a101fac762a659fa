use glam::Vec2;
use serde::{Deserialize, Serialize};

use super::Aabb;

/// A rotated box: `center`, `half_extents` along its own axes, and `angle` in radians
/// (counter-clockwise in a y-up world).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Obb {
    /// The centre, in the world.
    pub center: Vec2,
    /// Half the width and half the height, along the box's own axes (not negative).
    pub half_extents: Vec2,
    /// The rotation in radians, counter-clockwise. The queries take it as given: the axis
    /// is `sin_cos(angle)` of this f32.
    pub angle: f32,
}

impl Obb {
    /// The box centred on `center`, reaching `half_extents` along its own axes, turned by
    /// `angle` radians counter-clockwise.
    pub const fn new(center: Vec2, half_extents: Vec2, angle: f32) -> Self {
        Self {
            center,
            half_extents,
            angle,
        }
    }

    /// The box's own x axis in world space (its y axis is this turned a quarter left).
    pub fn axis(&self) -> Vec2 {
        Vec2::from_angle(self.angle)
    }

    /// World point → the box's frame (origin at the centre, axes along the box sides).
    pub fn to_local(&self, p: Vec2) -> Vec2 {
        Self::unrotate(self.axis(), p - self.center)
    }

    /// A vector in the box's frame → world direction (no translation).
    pub fn dir_to_world(&self, v: Vec2) -> Vec2 {
        self.axis().rotate(v)
    }

    /// A vector in world space → the box's frame (no translation).
    pub fn dir_to_local(&self, v: Vec2) -> Vec2 {
        Self::unrotate(self.axis(), v)
    }

    /// A point in the box's frame → world.
    pub fn to_world(&self, p: Vec2) -> Vec2 {
        self.center + self.axis().rotate(p)
    }

    /// The box in its own frame, centred on the origin.
    pub fn local_aabb(&self) -> Aabb {
        Aabb::new(-self.half_extents, self.half_extents)
    }

    /// The least axis-aligned box holding the box: its corners in f64 on the axis
    /// `sin_cos(angle)` (within 2⁻⁵⁰ of the true one, as the queries take it), each moved
    /// out by a bound on that error and the arithmetic's, and rounded outward. From the
    /// f32 corners, half of all boxes had a corner up to an f32 unit outside it.
    pub fn bounds(&self) -> Aabb {
        let (sin, cos) = f64::from(self.angle).sin_cos();
        let (c, h) = (self.center.as_dvec2(), self.half_extents.as_dvec2());
        let (x, y) = (
            glam::DVec2::new(cos, sin) * h.x,
            glam::DVec2::new(-sin, cos) * h.y,
        );
        // Half the box's size along each world axis: the reach of its farthest corner.
        let reach = x.abs() + y.abs();
        let margin = (c.abs() + h.x + h.y) * 2f64.powi(-44);
        Aabb::outward(c - reach - margin, c + reach + margin)
    }

    /// World corners, counter-clockwise starting from the local bottom-left.
    pub fn corners(&self) -> [Vec2; 4] {
        self.local_aabb().corners().map(|c| self.to_world(c))
    }

    /// True when every field is finite and neither half extent is negative.
    pub fn is_valid(&self) -> bool {
        let (c, h) = (self.center, self.half_extents);
        super::all_finite([c.x, c.y, h.x, h.y, self.angle]) & (h.x >= 0.0) & (h.y >= 0.0)
    }

    fn unrotate(axis: Vec2, v: Vec2) -> Vec2 {
        Vec2::new(axis.x * v.x + axis.y * v.y, axis.x * v.y - axis.y * v.x)
    }
}
