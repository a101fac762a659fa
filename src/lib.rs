//! sweepscope: exact 2D continuous collision for moving circles.
//!
//! A circle of radius `r` moving from `start` to `end` (a [`Sweep`]) is tested against boxes,
//! rotated boxes, segments and other moving circles; each query returns the first contact as
//! a [`Hit`]. [`resolve`] then follows the motion through reflect / slide / stop / cross
//! responses. The world is y-up, coordinates are `glam::Vec2` (f32); time is the fraction of
//! the motion in `[0, 1]`. See [`query`] for the contact rules.
//!
//! The library never draws and never touches files: the debugger (`gui` feature) and the
//! command-line tools (`cli` feature) are built on top of it.

pub mod geom;
pub mod hit;
pub mod obstacle;
pub mod query;
pub mod region;
pub mod response;
pub mod sim;
pub mod variants;

#[cfg(feature = "cli")]
pub mod scene;

#[cfg(feature = "cli")]
pub mod cli;

#[cfg(feature = "gui")]
pub mod app;

pub use geom::{Aabb, Obb, Segment, Sweep};
pub use glam::Vec2;
pub use hit::{Corner, End, Feature, Hit, Side};
pub use obstacle::Obstacle;
pub use region::{Clip, Region, clip_segment, region_code};
pub use response::{CONTACT_SKIN, Contact, Path, Response, first_hit, resolve};
