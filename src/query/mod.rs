//! Time-of-impact queries: one file per shape pair.
//!
//! Every query takes a [`Sweep`] and an obstacle and returns the first contact as a
//! [`Hit`], or `None`.
//!
//! # Rules shared by every query
//! - Time is the fraction `t ∈ [0, 1]` of the motion; a contact exactly at `t = 1` is a hit.
//! - A circle overlapping the obstacle at `t = 0` (distance < radius) is a hit at time 0 with
//!   `started_inside = true`, whatever its direction; the normal is the shortest push-out.
//! - A contact needs the circle to be *approaching*: touching at `t = 0` while moving away or
//!   parallel is not a hit, and neither is a graze that reaches distance exactly `radius`
//!   without ever going below it (a circle rolling along a floor at exactly `r`).
//! - Non-finite input, a negative radius or an inverted box gives `None`; nothing panics.

mod circle_aabb;
mod circle_circle;
mod circle_obb;
mod circle_segment;

pub use circle_aabb::cast_aabb;
pub use circle_circle::cast_circle;
pub use circle_obb::cast_obb;
pub use circle_segment::cast_segment;

use crate::geom::{Aabb, Obb, Segment, Sweep};
use crate::hit::Hit;

impl Sweep {
    /// First contact with an axis-aligned box.
    pub fn vs_aabb(&self, aabb: &Aabb) -> Option<Hit> {
        cast_aabb(self, aabb)
    }

    /// First contact with a rotated box.
    pub fn vs_obb(&self, obb: &Obb) -> Option<Hit> {
        cast_obb(self, obb)
    }

    /// First contact with a segment, end caps included.
    pub fn vs_segment(&self, segment: &Segment) -> Option<Hit> {
        cast_segment(self, segment)
    }

    /// First contact with another circle moving over the same `t`.
    pub fn vs_circle(&self, other: &Sweep) -> Option<Hit> {
        cast_circle(self, other)
    }
}
