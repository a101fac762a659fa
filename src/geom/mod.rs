//! Shapes, in `glam::Vec2` (f32, y-up world).
//!
//! Each shape is a plain `Copy` value with public fields so game code can build one from its
//! own data without ceremony; the queries live in [`crate::query`].

mod aabb;
mod frame;
mod obb;
pub mod outline;
mod segment;
mod sweep;

pub use aabb::Aabb;
pub use frame::BoxFrame;
pub use obb::Obb;
pub use segment::Segment;
pub use sweep::Sweep;
pub(crate) use sweep::{Relative, point_on, relative_displacement};

/// True when every value is finite. The f64 sum of f32 values cannot overflow, so it is
/// finite exactly when every term is; this costs a few additions where testing each value
/// costs a branch (or a shuffle) per value, and validity is checked on every query.
#[inline(always)]
pub(crate) fn all_finite<const N: usize>(values: [f32; N]) -> bool {
    let sum: f64 = values.iter().map(|&x| f64::from(x)).sum();
    sum.is_finite()
}
