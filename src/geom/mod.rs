//! Shapes, in `glam::Vec2` (f32, y-up world).
//!
//! Each shape is a plain `Copy` value with public fields so game code can build one from its
//! own data without ceremony; the queries live in [`crate::query`].

mod aabb;
mod obb;
mod segment;
mod sweep;

pub use aabb::Aabb;
pub use obb::Obb;
pub use segment::Segment;
pub use sweep::Sweep;
