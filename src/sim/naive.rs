//! The baseline: the published per-frame loop done right (exact f64 contact times, unit
//! normals, time-0 contacts kept, an event cap), but still O(n²) per event: every event
//! scans all pairs, walls and obstacles, then moves every disc. For benchmarks and as an
//! independent scheduler to check the grid engine against.

use glam::DVec2;

use crate::geom::Aabb;
use crate::hit::Side;

use super::body::{self, Body, DiscInit, Shape, SimError, Solid};
use super::collide;
use super::event::{AdvanceReport, Event, EventCounts, EventKind};
use super::predict;
use super::world::DEFAULT_MAX_EVENTS;

/// All discs share one clock; see the module docs.
#[derive(Clone, Debug)]
pub struct NaiveWorld {
    min: DVec2,
    max: DVec2,
    bodies: Vec<Body>,
    shapes: Vec<Shape>,
    time: f64,
    restitution: f64,
    max_events: u64,
}

/// What happens next: time from now, kind rank (wall, obstacle, pair as in the engine),
/// the disc and the other party.
type Next = (f64, u8, usize, usize);

impl NaiveWorld {
    pub fn new(bounds: Aabb, discs: &[DiscInit], solids: &[Solid]) -> Result<Self, SimError> {
        let parts = body::validate(bounds, discs, solids)?;
        Ok(Self {
            min: parts.min,
            max: parts.max,
            bodies: parts.bodies,
            shapes: parts.shapes,
            time: 0.0,
            restitution: 1.0,
            max_events: DEFAULT_MAX_EVENTS,
        })
    }

    pub fn set_restitution(&mut self, e: f64) -> Result<(), SimError> {
        if !(0.0..=1.0).contains(&e) {
            return Err(SimError::Parameter("restitution must be in [0, 1]"));
        }
        self.restitution = e;
        Ok(())
    }

    /// The cap on events per `advance` call; 0 processes none.
    pub fn set_max_events(&mut self, cap: u64) {
        self.max_events = cap;
    }

    /// The earliest event by a full scan, ties by (time, kind, ids) like the engine.
    fn earliest(&self) -> Option<Next> {
        let mut best: Option<Next> = None;
        let mut offer = |n: Next| {
            if best.is_none_or(|b| (n.0, n.1, n.2, n.3) < b) {
                best = Some(n);
            }
        };
        for (i, b) in self.bodies.iter().enumerate() {
            if let Some((dt, side)) = predict::walls(b.p, b.v, b.r, self.min, self.max) {
                offer((dt, 0, i, side as usize));
            }
            for (k, s) in self.shapes.iter().enumerate() {
                if let Some(dt) = s.entry(b.p, b.v, b.r) {
                    offer((dt, 1, i, k));
                }
            }
            for (j, c) in self.bodies.iter().enumerate().skip(i + 1) {
                let speed2 = b.v.length_squared() + c.v.length_squared();
                if let Some(dt) = predict::disc_disc(b.p - c.p, b.v - c.v, b.r + c.r, speed2) {
                    offer((dt, 2, i, j));
                }
            }
        }
        best
    }

    fn drift(&mut self, dt: f64) {
        self.time += dt;
        for b in &mut self.bodies {
            b.p += b.v * dt;
            b.t = self.time;
        }
    }

    fn resolve(&mut self, (_, rank, i, k): Next) -> Event {
        let e = self.restitution;
        let (kind, point, normal) = match rank {
            0 => {
                let side = [Side::Left, Side::Right, Side::Bottom, Side::Top][k & 3];
                let n = predict::wall_normal(side);
                let b = &mut self.bodies[i];
                b.v = collide::reflect(b.v, n, e);
                (EventKind::DiscWall { i, side }, b.p - n * b.r, n)
            }
            1 => {
                let (feature, point, n) = body::feature_of(&self.shapes[k], self.bodies[i].p);
                let b = &mut self.bodies[i];
                b.v = collide::reflect(b.v, n, e);
                let kind = EventKind::DiscObstacle {
                    i,
                    obstacle: k,
                    feature,
                };
                (kind, point, n)
            }
            _ => {
                let (a, b) = (self.bodies[i], self.bodies[k]);
                let n = collide::pair_normal(a.p, b.p, a.v, b.v);
                if let Some((va, vb)) = collide::pair_impulse(a.v, b.v, a.m, b.m, n, e) {
                    self.bodies[i].v = va;
                    self.bodies[k].v = vb;
                }
                (EventKind::DiscDisc { i, j: k }, b.p + n * b.r, n)
            }
        };
        Event {
            time: self.time,
            kind,
            point,
            normal,
        }
    }

    /// Advances by `dt` calling `on_event` per collision; stops at the event cap like
    /// [`super::World::advance_to_with`].
    pub fn advance_with(&mut self, dt: f64, mut on_event: impl FnMut(&Event)) -> AdvanceReport {
        let mut report = AdvanceReport {
            time: self.time,
            ..AdvanceReport::default()
        };
        if !(dt.is_finite() && dt >= 0.0) {
            return report;
        }
        let target = self.time + dt;
        let mut counts = EventCounts::default();
        loop {
            let next = self.earliest().filter(|n| self.time + n.0 <= target);
            let Some(next) = next else {
                self.drift(target - self.time);
                break;
            };
            if counts.total() >= self.max_events {
                report.capped = true;
                break;
            }
            self.drift(next.0);
            let ev = self.resolve(next);
            counts.add(&ev.kind);
            on_event(&ev);
        }
        report.counts = counts;
        report.time = self.time;
        report
    }

    pub fn advance(&mut self, dt: f64) -> AdvanceReport {
        self.advance_with(dt, |_| {})
    }

    /// Processes the next `count` events whatever their time.
    pub fn run_events(&mut self, count: u64) -> AdvanceReport {
        let mut counts = EventCounts::default();
        while counts.total() < count {
            let Some(next) = self.earliest() else { break };
            self.drift(next.0);
            let ev = self.resolve(next);
            counts.add(&ev.kind);
        }
        AdvanceReport {
            counts,
            capped: false,
            halted: None,
            time: self.time,
        }
    }

    pub fn time(&self) -> f64 {
        self.time
    }

    /// Positions at the current time.
    pub fn positions(&self) -> Vec<DVec2> {
        self.bodies.iter().map(|b| b.p).collect()
    }

    pub fn kinetic_energy(&self) -> f64 {
        super::body::kinetic_energy(&self.bodies)
    }

    pub fn momentum(&self) -> DVec2 {
        super::body::momentum(&self.bodies)
    }
}
