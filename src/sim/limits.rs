//! The engine's resource and range limits. Each is checked before any work starts and
//! refused with a [`SimError`](super::SimError) that names it; `scene::limits` lists them
//! beside the scene file's own.

/// The most discs a world holds (about 200 bytes each, so 200 MB at the limit).
pub const MAX_DISCS: usize = 1_000_000;

/// The fastest a disc may move, in units per unit time.
///
/// Contact times are solved from squares and products of positions (at most about 1e39
/// apart, the `f32` range of the bounds) and velocities; below this speed none of them can
/// overflow `f64` (the largest, `(p·v)²`, stays under 1e280). A disc that a collision speeds
/// past it (a feather between a wall and an anvil) stops the run with
/// [`Halt::Speed`](super::Halt::Speed) instead of tunnelling.
pub const MAX_SPEED: f64 = 1e100;

/// The most (cell, obstacle) entries the neighbour grid may file: each static obstacle is
/// filed in every cell its bounding box (grown by the largest radius) touches, 4 bytes each,
/// so 256 MiB at the limit. Many large obstacles over a fine grid reach it first.
pub const MAX_GRID_ENTRIES: u64 = 1 << 26;

/// Total kinetic energy and momentum must stay this far below `f64::MAX` so that they, and
/// every disc's share of them after any sequence of collisions, remain finite.
pub(crate) const ENERGY_HEADROOM: f64 = 4.0;
