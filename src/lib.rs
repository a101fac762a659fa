//! sweepscope: exact 2D continuous collision for moving circles.
//!
//! A circle of radius `r` moving from `start` to `end` (a [`Sweep`]) is tested against boxes,
//! rotated boxes, segments and other moving circles; each query returns the first contact as
//! a [`Hit`]. [`resolve`] then follows the motion through reflect / slide / stop / cross
//! responses. The world is y-up, coordinates are `glam::Vec2` (f32); time is the fraction of
//! the motion in `[0, 1]`. See [`query`] for the contact rules.
//!
//! ```
//! use sweepscope::{Aabb, Obstacle, Response, Sweep, Vec2, resolve};
//!
//! let ball = Sweep::new(Vec2::new(-3.0, 50.0), Vec2::new(-3.0, 10.0), 5.0);
//! let wall = Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(40.0, 30.0));
//! let hit = ball.vs_aabb(&wall).unwrap();
//! assert_eq!(hit.time, 0.4); // a 3-4-5 contact on the corner
//! assert_eq!(hit.feature.name(), "tl");
//! assert_eq!(hit.region.unwrap().to_string(), "1001  TOP|LEFT");
//!
//! let path = resolve(&ball, &[Obstacle::Aabb(wall)], Response::Reflect { restitution: 1.0 }, 5);
//! assert_eq!(path.contacts.len(), 1);
//! ```
//!
//! In a game loop, each frame sweeps the ball by its velocity times the frame's time and
//! carries on with what the path answers (`velocity` is per unit of the sweep's `t`):
//!
//! ```
//! use sweepscope::{Aabb, Obstacle, Response, Sweep, Vec2, resolve};
//!
//! let floor = [Obstacle::Aabb(Aabb::new(Vec2::new(-50.0, -10.0), Vec2::new(50.0, 0.0)))];
//! let (mut p, mut v, dt) = (Vec2::new(0.0, 10.0), Vec2::new(3.0, -40.0), 1.0 / 60.0);
//! for _ in 0..60 {
//!     let path = resolve(&Sweep::new(p, p + v * dt, 1.0), &floor, Response::Reflect { restitution: 0.8 }, 4);
//!     p = path.end;
//!     v = path.velocity / dt;
//! }
//! assert!(p.y > 1.0 && (v - Vec2::new(3.0, 32.0)).length() < 1e-3); // bounced at 0.8 of the speed
//! ```
//!
//! The core (every module available with `default-features = false`) never draws and never
//! touches files. With the `cli` feature, `scene` adds scene files (RON) and their one
//! evaluation, `capture` turns a query a program does not trust into a scene file, and
//! `hunt` searches for counterexamples to a published approach or an engine; `engines`
//! adds parry2d's two functions as contenders in [`variants`]. The debugger (`gui`) and the
//! command-line tools are built on top and are not library API.

// Every public item of the library is documented; the debugger and the command line are
// applications, not API (hidden from the docs, reached only by the binary and the UI tests).
#![deny(missing_docs)]

pub mod approach;
pub mod geom;
pub mod hit;
pub mod obstacle;
pub mod query;
pub mod region;
pub mod response;
pub mod sim;
pub mod variants;

#[cfg(feature = "cli")]
pub mod atomic_file;
#[cfg(feature = "cli")]
pub mod capture;
#[cfg(feature = "cli")]
pub mod hunt;
#[cfg(feature = "cli")]
pub mod scene;

// The argument definitions' doc comments are clap's `--help` text, written for a terminal
// (JSON brackets, not links).
#[cfg(feature = "cli")]
#[doc(hidden)]
#[allow(missing_docs, rustdoc::broken_intra_doc_links)]
pub mod cli;

// Its docs are for the people working on it, read with `--document-private-items`.
#[cfg(feature = "gui")]
#[doc(hidden)]
#[allow(missing_docs, rustdoc::private_intra_doc_links)]
pub mod app;

// The README's example is compiled and run by `cargo test --doc`, so it cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;

pub use approach::Approach;
pub use geom::{Aabb, BoxFrame, Obb, Segment, Sweep};
/// The vector crate of the API, re-exported so that a dependent uses the same version
/// without naming it in its own `Cargo.toml`.
pub use glam;
pub use glam::{DVec2, Vec2};
pub use hit::{End, Feature, Hit};
pub use obstacle::Obstacle;
pub use region::{Clip, Corner, Region, Side, clip_segment, region_code};
pub use response::{
    CONTACT_SKIN, Contact, MAX_BOUNCES, Path, Response, contact_skin, first_hit, resolve,
};
