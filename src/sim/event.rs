//! What the engine reports: processed events, per-kind counts and the result of an
//! `advance` call.

use glam::DVec2;
use serde::{Deserialize, Serialize};

use crate::hit::{Feature, Side};

/// Which bodies an event involves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventKind {
    /// Disc `i` hit disc `j` (`i < j`).
    DiscDisc {
        /// The disc with the lower index.
        i: usize,
        /// The disc with the higher index.
        j: usize,
    },
    /// Disc `i` hit a wall of the bounds (`side` names the wall: `Left` is `x = min.x`).
    DiscWall {
        /// The disc.
        i: usize,
        /// The wall.
        side: Side,
    },
    /// Disc `i` hit static obstacle `obstacle` (its index in the world) on `feature`.
    DiscObstacle {
        /// The disc.
        i: usize,
        /// The obstacle's index in the world's list.
        obstacle: usize,
        /// The part of the obstacle touched.
        feature: Feature,
    },
    /// Disc `i`'s centre entered grid cell `cell` (column, row). Bookkeeping, not a
    /// collision: no velocity changes.
    Crossing {
        /// The disc.
        i: usize,
        /// The cell entered, `[column, row]`.
        cell: [usize; 2],
    },
}

impl EventKind {
    /// True for the three collision kinds.
    pub fn is_collision(&self) -> bool {
        !matches!(self, EventKind::Crossing { .. })
    }

    /// The disc(s) involved: `(i, Some(j))` for a pair.
    pub fn discs(&self) -> (usize, Option<usize>) {
        match *self {
            EventKind::DiscDisc { i, j } => (i, Some(j)),
            EventKind::DiscWall { i, .. }
            | EventKind::DiscObstacle { i, .. }
            | EventKind::Crossing { i, .. } => (i, None),
        }
    }

    /// A short lowercase name for tables.
    pub fn name(&self) -> &'static str {
        match self {
            EventKind::DiscDisc { .. } => "disc-disc",
            EventKind::DiscWall { .. } => "disc-wall",
            EventKind::DiscObstacle { .. } => "disc-obstacle",
            EventKind::Crossing { .. } => "crossing",
        }
    }
}

/// One event, as processed (or, from `next_event`, as scheduled).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Absolute simulation time.
    pub time: f64,
    /// The bodies involved.
    pub kind: EventKind,
    /// The touching point (for a crossing: the centre).
    pub point: DVec2,
    /// Unit contact normal toward disc `i`'s centre (from `j`, the wall or the obstacle);
    /// for a crossing: the direction of travel across the cell boundary.
    pub normal: DVec2,
}

/// Events counted by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventCounts {
    /// Collisions between two discs.
    pub disc_disc: u64,
    /// Collisions of a disc with a wall of the bounds.
    pub disc_wall: u64,
    /// Collisions of a disc with a static obstacle.
    pub disc_obstacle: u64,
    /// Grid cell crossings (bookkeeping events).
    pub crossings: u64,
}

impl EventCounts {
    /// Every collision, of any kind.
    pub fn collisions(&self) -> u64 {
        self.disc_disc + self.disc_wall + self.disc_obstacle
    }

    /// Collisions and crossings.
    pub fn total(&self) -> u64 {
        self.collisions() + self.crossings
    }

    pub(crate) fn add(&mut self, kind: &EventKind) {
        match kind {
            EventKind::DiscDisc { .. } => self.disc_disc += 1,
            EventKind::DiscWall { .. } => self.disc_wall += 1,
            EventKind::DiscObstacle { .. } => self.disc_obstacle += 1,
            EventKind::Crossing { .. } => self.crossings += 1,
        }
    }

    pub(crate) fn merge(&mut self, other: &EventCounts) {
        self.disc_disc += other.disc_disc;
        self.disc_wall += other.disc_wall;
        self.disc_obstacle += other.disc_obstacle;
        self.crossings += other.crossings;
    }
}

/// Why a world stopped for good: the run cannot go on without giving wrong answers.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Halt {
    /// A collision sped disc `disc` past [`MAX_SPEED`](super::limits::MAX_SPEED) at
    /// `time`: beyond it contact times could overflow and the disc could leave the box.
    Speed {
        /// The disc sped up.
        disc: usize,
        /// The time of the collision.
        time: f64,
        /// The disc's speed after it.
        speed: f64,
    },
    /// Disc `disc` moves more than [`RESOLUTION_SHARE`](super::limits::RESOLUTION_SHARE)
    /// of its radius in the spacing of f64 times at `time`: event times are rounded to
    /// that spacing, so its positions at its events would err by that much, and it would
    /// pass into walls and other discs (a disc at 1e15 units per unit time went 0.09 into
    /// a wall at t = 1). Fast discs, small discs and late times reach it.
    Resolution {
        /// The disc.
        disc: usize,
        /// The time of the collision that showed it.
        time: f64,
        /// The disc's speed.
        speed: f64,
        /// The disc's radius.
        radius: f64,
    },
}

impl std::fmt::Display for Halt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Halt::Speed { disc, time, speed } => write!(
                f,
                "a collision at t = {} sped disc {disc} up to {speed:e}, past the engine's \
                 limit of {:e} (MAX_SPEED): very unequal masses, or speeds already near the \
                 limit, cannot be simulated further",
                time_text(*time),
                super::limits::MAX_SPEED
            ),
            Halt::Resolution {
                disc,
                time,
                speed,
                radius,
            } => write!(
                f,
                "at t = {} disc {disc} (radius {radius:e}) moves at {speed:e}: in the spacing \
                 of f64 times there ({:e}) it goes {:e} of its radius, past the engine's \
                 {:e} (RESOLUTION_SHARE): its collisions could no longer keep it out of \
                 walls and other discs",
                time_text(*time),
                super::limits::time_spacing(*time),
                speed * super::limits::time_spacing(*time) / radius,
                super::limits::RESOLUTION_SHARE
            ),
        }
    }
}

/// A time as people read it: plain between 1e-4 and 1e15, in exponent form beyond (a
/// halt at t = 1.95e22 was printed with all 23 digits).
pub(crate) fn time_text(t: f64) -> String {
    let a = t.abs();
    if a == 0.0 || (1e-4..1e15).contains(&a) {
        format!("{t}")
    } else {
        format!("{t:e}")
    }
}

/// What one `advance` call did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AdvanceReport {
    /// Events processed in this call, by kind.
    pub counts: EventCounts,
    /// The per-call event cap ([`World::max_events`](super::World::max_events)) was
    /// reached before the target time: the world stopped at `time` (the last event
    /// processed) and the next call continues from there. Not by itself a sign of trouble:
    /// a dense scene simply needs more events than one call allows.
    pub capped: bool,
    /// The world has stopped for good (see [`Halt`]); later calls do nothing.
    pub halted: Option<Halt>,
    /// The simulation time reached.
    pub time: f64,
}

impl AdvanceReport {
    /// All events processed (collisions and crossings).
    pub fn events(&self) -> u64 {
        self.counts.total()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Robustness attack: a halt at t = 1.95e22 was printed with all 23 digits, and blamed
    /// on unequal masses where the speeds were set near the limit.
    #[test]
    fn a_halt_reads_its_time_short_and_names_both_causes() {
        let h = Halt::Speed {
            disc: 3,
            time: 1.95e22,
            speed: 2e100,
        };
        let text = h.to_string();
        assert!(text.contains("t = 1.95e22 "), "{text}");
        assert!(text.contains("speeds already near the limit"), "{text}");
        assert_eq!(time_text(16.5), "16.5");
        assert_eq!(time_text(0.0), "0");
        assert_eq!(time_text(1e-7), "1e-7");
    }
}
