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
/// past it (a feather knocked by an anvil 10⁶⁰⁰ times heavier) stops the run with
/// [`Halt::Speed`](super::Halt::Speed) instead of tunnelling. [`RESOLUTION_SHARE`] is the
/// tighter limit at any time past 0.
pub const MAX_SPEED: f64 = 1e100;

/// The most (cell, obstacle) entries the neighbour grid may file: each static obstacle is
/// filed in every cell its bounding box (grown by the largest radius) touches, 4 bytes each,
/// so 256 MiB at the limit. Many large obstacles over a fine grid reach it first.
pub const MAX_GRID_ENTRIES: u64 = 1 << 26;

/// Total kinetic energy and momentum must stay this far below `f64::MAX` so that they, and
/// every disc's share of them after any sequence of collisions, remain finite.
pub(crate) const ENERGY_HEADROOM: f64 = 4.0;

/// The most of its radius a disc may move in the spacing of f64 times at the current time
/// ([`time_spacing`]): an event's time is rounded to that spacing, so a position at an
/// event errs by the speed times it. Past this share the run stops with
/// [`Halt::Resolution`](super::Halt::Resolution) instead of letting discs pass into walls
/// (for a disc of radius 1 at t about 1: about 4e12 units per unit time; at t = 10⁶, 8e3).
pub const RESOLUTION_SHARE: f64 = 1.0 / 1024.0;

/// The spacing of f64 values at `time` (the distance to the next one up): what an event's
/// time is rounded to there.
pub fn time_spacing(time: f64) -> f64 {
    let t = time.abs();
    if !t.is_finite() {
        return f64::INFINITY;
    }
    f64::from_bits(t.to_bits() + 1) - t
}
