//! Event-driven simulation of hard discs in a box with static boxes and segments.
//!
//! [`World`] processes every collision in exact time order (f64 state, contact times solved
//! in closed form, elastic impulses along the unit line of centres with optional
//! restitution). Neighbours are found through a uniform grid whose cell crossings are
//! events too, and events wait in a binary heap invalidated lazily by per-disc counters, so
//! an event costs about O(log n). [`naive::NaiveWorld`] is the O(n²)-per-event baseline.
//!
//! Simultaneous events are ordered by (time, kind, ids), so a run is reproducible bit for
//! bit; [`World::advance`] never processes more than [`World::max_events`] events per call
//! and reports `stalled` instead of hanging.

mod body;
mod collide;
mod event;
mod grid;
pub mod naive;
pub mod predict;
mod queue;
mod random;
#[cfg(feature = "cli")]
mod scene;
mod world;

pub use body::{DiscInit, SimError, Solid};
pub use event::{AdvanceReport, Event, EventCounts, EventKind};
pub use naive::NaiveWorld;
pub use random::{SplitMix64, random_discs};
#[cfg(feature = "cli")]
pub use scene::SceneWorld;
pub use world::{DEFAULT_MAX_EVENTS, DiscState, GridInfo, World};
