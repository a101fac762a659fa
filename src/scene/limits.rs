//! Every resource limit of the scene format and the command-line tools, in one place
//! (`docs/limits.md` explains them with measured costs).
//!
//! Each limit is checked before the work it bounds starts, and refused with a message that
//! names it, so that no input a user or a script can produce makes sweepscope crash, hang
//! or take the machine's memory. The disc engine's own limits are defined beside it
//! ([`crate::sim::limits`]) and repeated here.

use super::model::Scene;

pub use crate::sim::limits::{MAX_DISCS as MAX_SIM_DISCS, MAX_GRID_ENTRIES, MAX_SPEED};

/// Scene files larger than this are refused before they are read.
pub const MAX_SCENE_BYTES: u64 = 16 * 1024 * 1024;

/// The most objects (balls and obstacles) a scene may have.
pub const MAX_OBJECTS: usize = 100_000;

/// The longest object or scene name, in characters: names are labels in tables and on the
/// canvas, and the keys expectations refer to.
pub const MAX_NAME_CHARS: usize = 256;

/// The most expectations a scene may have, and the most reported answers (each looks its
/// two objects up by name).
pub const MAX_EXPECTATIONS: usize = 10_000;

/// The most contacts a ball's path may follow (`response.max_bounces`).
pub const MAX_BOUNCES: u32 = 10_000;

/// The most exact queries evaluating a scene may cost: every ball against every obstacle
/// once, plus each ball's path, which may test every obstacle at each of its
/// `max_bounces + 1` legs; `balls × obstacles × (max_bounces + 2)` in all. A bound on the
/// work, not the work: a path usually stops long before `max_bounces`.
pub const MAX_QUERIES: u64 = 2_000_000_000;

/// The most contacts all the balls' paths may record together: `balls × (max_bounces +
/// 1)`. Each is kept by the debugger and a bug report (about 100 bytes, drawn every frame)
/// and written by `check --json` (under a kilobyte): 1,000 balls bouncing 10,000 times
/// between two walls, 84 KB of scene and 2 × 10⁷ queries (well within [`MAX_QUERIES`]),
/// took the debugger past 10 GB. A bound on what the paths may record, not on what they
/// do: a path usually stops long before `max_bounces`. 10⁵ balls (the object limit) at the
/// default 5 bounces are within it.
pub const MAX_PATH_CONTACTS: u64 = 1_000_000;

/// The contacts the balls' paths may record together (see [`MAX_PATH_CONTACTS`]).
pub fn path_contacts(scene: &Scene) -> u64 {
    let balls = scene.objects.iter().filter(|o| o.shape.is_ball()).count() as u64;
    balls.saturating_mul(u64::from(scene.response.max_bounces) + 1)
}

/// Events `sweepscope sim` processes unless `--max-events` says otherwise.
pub const DEFAULT_SIM_EVENTS: u64 = 100_000_000;

/// The largest `--max-events` accepted (about half an hour of events on one core).
pub const MAX_SIM_EVENTS: u64 = 10_000_000_000;

/// The longest a `sim --bench` measurement may run, in seconds.
pub const MAX_BENCH_SECONDS: f64 = 600.0;

/// The most cases one `sweepscope hunt` generates (`--count`): about three hours on two
/// cores. A hunt holds a bounded summary, not the cases, so memory does not grow with it.
pub const MAX_HUNT_CASES: u64 = 1_000_000_000;

/// The most counterexamples `hunt` shrinks per obstacle kind and kind of disagreement
/// (`--keep`): each takes up to thousands of judgements.
pub const MAX_HUNT_KEEP: usize = 1_000;

/// The longest `batch` input line, in bytes (a query needs a few hundred); a longer line is
/// answered with an error without being read into memory.
pub const MAX_BATCH_LINE: usize = 1 << 20;

/// The most frames `--frames` renders.
pub const MAX_FRAMES: usize = 100_000;

/// Unattended debugger runs (`--screenshot`, `--frames`) give up after this many seconds,
/// loading included.
pub const WATCHDOG_SECONDS: u64 = 30;

/// The work evaluating `scene` would cost, in exact queries (see [`MAX_QUERIES`]).
pub fn query_work(scene: &Scene) -> u64 {
    let balls = scene.objects.iter().filter(|o| o.shape.is_ball()).count() as u64;
    let obstacles = scene.objects.len() as u64 - balls;
    let legs = u64::from(scene.response.max_bounces) + 2;
    balls.saturating_mul(obstacles).saturating_mul(legs)
}

/// Variant verdicts `sweepscope check` lists per scene (in text and in `--json`) before
/// the rest are only counted: a scene of 10⁵ pairs with every variant on would list a
/// million.
pub const MAX_VARIANT_LINES: usize = 1000;
