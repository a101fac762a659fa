//! Shared test helpers: the independent f64 reference for the collision queries, random
//! case generators and the comparison that judges the core against the reference.
//!
//! Each test file includes this with `mod common;` and uses only part of it.
#![allow(dead_code, unused_imports)]

pub mod bench_sets;
pub mod check;
pub mod exact_cases;
pub mod exact_ref;
pub mod geom64;
pub mod parry;
pub mod random;
pub mod reference;
pub mod symmetry;

pub use random::{Case, Kind, Rng, Scale};

use sweepscope::{Hit, Obstacle, Sweep};

/// The core query for `obstacle`, by kind (the same dispatch as `Obstacle::cast`, spelled
/// out so a bug there cannot hide one here).
pub fn core(sweep: &Sweep, obstacle: &Obstacle) -> Option<Hit> {
    match obstacle {
        Obstacle::Aabb(b) => sweep.vs_aabb(b),
        Obstacle::Obb(b) => sweep.vs_obb(b),
        Obstacle::Segment(s) => sweep.vs_segment(s),
        Obstacle::Circle(c) => sweep.vs_circle(c),
    }
}
