//! Event-driven simulation of hard discs in a box with static boxes and segments.
//!
//! [`World`] processes every collision in exact time order (f64 state, contact times solved
//! in closed form, elastic impulses along the unit line of centres with optional
//! restitution). Neighbours are found through a uniform grid whose cell crossings are
//! events too, and events wait in a binary heap invalidated lazily by per-disc counters, so
//! an event costs about O(log n). The few discs far larger than the rest, if any, are kept
//! out of the grid and checked against every disc (`docs/limits.md`). [`naive::NaiveWorld`] is the O(n²)-per-event baseline.
//!
//! Simultaneous events are ordered by (time, kind, ids), so a run is reproducible bit for
//! bit, and independent of how the time is chunked into `advance` calls.
//! [`World::advance`] never processes more than [`World::max_events`] events per call: when
//! the cap is hit it reports `capped`, stays at the last event's time with its schedule
//! intact, and the next call continues (a cluster of contacts plays in slow motion instead
//! of hanging the frame).
//!
//! Every finite input gets a world or a [`SimError`]; [`limits`] lists what is refused
//! (disc count, speed, grid memory, energy beyond `f64`). A run that collisions would push
//! out of that range stops with a [`Halt`] saying why, instead of going on wrong.
//!
//! For a viewer: build with [`World::new`], [`World::random`] or from a scene file with
//! `scene::simulation::SceneWorld` (the `cli` feature);
//! each frame call [`World::advance_with`] (the callback sees every [`Event`] with its
//! time, kind, contact point and normal) and draw [`World::discs`], which are already at
//! the current time; [`World::next_event`] / [`World::next_collision`] show what a disc
//! is heading for; keyframes are plain clones, and re-simulating from one reproduces the
//! same states bit for bit.

mod body;
pub(crate) mod collide;
pub(crate) mod event;
mod grid;
pub mod limits;
pub mod naive;
pub mod predict;
mod queue;
mod random;
mod resting;
mod tiers;
pub mod timeline;
mod world;

pub use body::{DiscInit, SimError, Solid};

pub use event::{AdvanceReport, Event, EventCounts, EventKind, Halt};
pub use naive::NaiveWorld;
pub use random::{SplitMix64, random_discs};
pub use world::{DEFAULT_MAX_EVENTS, DiscState, GridInfo, InTheWay, World};
