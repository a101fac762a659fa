//! The event-driven engine: a grid for neighbour search and a heap of predicted events.

use std::collections::BinaryHeap;

use glam::DVec2;

use crate::geom::Aabb;
use crate::hit::Side;

use super::body::{self, Body, DiscInit, Shape, SimError, Solid};
use super::collide;
use super::event::{AdvanceReport, Event, EventCounts, EventKind};
use super::grid::Grid;
use super::predict;
use super::queue::{CROSS, Entry, PAIR, SOLID, WALL};

/// Walls by index, as stored in queue entries.
const SIDES: [Side; 4] = [Side::Left, Side::Right, Side::Bottom, Side::Top];

/// Default cap on events per `advance` call.
pub const DEFAULT_MAX_EVENTS: u64 = 1_000_000;

/// A disc as seen from outside, at the world's current time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DiscState {
    pub position: DVec2,
    pub velocity: DVec2,
    pub radius: f64,
    pub mass: f64,
}

/// The grid's geometry, for drawing it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridInfo {
    pub min: DVec2,
    pub cell: DVec2,
    pub nx: usize,
    pub ny: usize,
}

/// Discs in a box with static obstacles, simulated event by event in exact time order.
///
/// Each disc keeps its own last-update time; an event touches only its discs, so an event
/// costs O(log n) (heap) plus a few neighbour predictions. The result is a function of the
/// initial state and the sequence of calls only: `advance(1.0)` and ten `advance(0.1)` give
/// bit-identical states, and a clone replays exactly, which is what keyframe rewinding needs.
/// (`synchronize` and `set_velocity` re-reference positions and so change the last bits of
/// what follows; call them identically when replaying.)
#[derive(Clone, Debug)]
pub struct World {
    min: DVec2,
    max: DVec2,
    bodies: Vec<Body>,
    shapes: Vec<Shape>,
    solids: Vec<Solid>,
    grid: Grid,
    heap: BinaryHeap<Entry>,
    time: f64,
    restitution: f64,
    max_events: u64,
    counts: EventCounts,
    compact_at: usize,
}

impl World {
    /// A world at time 0. Discs must lie inside `bounds` (touching is fine) and may not be
    /// placed overlapping walls; overlapping discs are allowed and are pushed apart by a
    /// time-0 collision if they approach.
    pub fn new(bounds: Aabb, discs: &[DiscInit], solids: &[Solid]) -> Result<Self, SimError> {
        let parts = body::validate(bounds, discs, solids)?;
        let r_max = parts.bodies.iter().map(|b| b.r).fold(0.0, f64::max);
        let r_max = if r_max > 0.0 { r_max } else { 1.0 };
        let n = parts.bodies.len();
        let mut grid = Grid::new(parts.min, parts.max, n, r_max);
        let boxes: Vec<_> = parts.shapes.iter().map(Shape::bounding_box).collect();
        grid.set_solids(&boxes, r_max);
        for (i, b) in parts.bodies.iter().enumerate() {
            let c = grid.locate(b.p);
            grid.insert(i, c);
        }
        let mut world = Self {
            min: parts.min,
            max: parts.max,
            bodies: parts.bodies,
            shapes: parts.shapes,
            solids: solids.to_vec(),
            grid,
            heap: BinaryHeap::new(),
            time: 0.0,
            restitution: 1.0,
            max_events: DEFAULT_MAX_EVENTS,
            counts: EventCounts::default(),
            compact_at: 0,
        };
        world.compact_at = world.base_heap();
        for i in 0..n {
            world.predict_pairs(i, 0.0, |j| j > i);
            world.predict_static(i, 0.0, None);
            world.predict_crossing(i, 0.0);
        }
        Ok(world)
    }

    fn base_heap(&self) -> usize {
        8 * self.bodies.len() + 1024
    }

    // ----- scheduling -----

    /// Pair events of `i` with every disc in cell `(x, y)` that passes `keep`.
    fn predict_pairs_in(
        &mut self,
        i: usize,
        now: f64,
        x: isize,
        y: isize,
        keep: &impl Fn(usize) -> bool,
    ) {
        let (bodies, heap) = (&self.bodies, &mut self.heap);
        self.grid.for_each_in(x, y, |j| {
            if j != i && keep(j) {
                let (a, b) = if i < j { (i, j) } else { (j, i) };
                push_pair(bodies, heap, a, b, now);
            }
        });
    }

    /// Pair events of `i` with every disc in the 3×3 cells around it that passes `keep`.
    fn predict_pairs(&mut self, i: usize, now: f64, keep: impl Fn(usize) -> bool) {
        let [cx, cy] = self.grid.cell_of(i);
        for y in cy as isize - 1..=cy as isize + 1 {
            for x in cx as isize - 1..=cx as isize + 1 {
                self.predict_pairs_in(i, now, x, y, &keep);
            }
        }
    }

    /// The earliest wall or obstacle contact of `i`. After a crossing (`from` = the old
    /// cell), only obstacles new to the cell are predicted and the walls are skipped: the
    /// disc's velocity did not change, so its earlier predictions still stand.
    fn predict_static(&mut self, i: usize, now: f64, from: Option<[usize; 2]>) {
        let b = self.bodies[i];
        let p = b.at(now);
        let mut best: Option<(f64, u8, u32)> = None;
        let mut offer = |dt: f64, rank: u8, k: u32| {
            if best.is_none_or(|x| (dt, rank, k) < x) {
                best = Some((dt, rank, k));
            }
        };
        if from.is_none()
            && let Some((dt, side)) = predict::walls(p, b.v, b.r, self.min, self.max)
        {
            offer(dt, WALL, side_index(side));
        }
        let old = from.map(|c| self.grid.solids_in(c)).unwrap_or(&[]);
        for &k in self.grid.solids_in(self.grid.cell_of(i)) {
            if old.binary_search(&k).is_ok() {
                continue;
            }
            if let Some(dt) = self.shapes[k as usize].entry(p, b.v, b.r) {
                offer(dt, SOLID, k);
            }
        }
        if let Some((dt, rank, k)) = best {
            self.heap.push(Entry {
                time: now + dt,
                rank,
                a: i as u32,
                b: k,
                count_a: b.count,
                count_b: 0,
            });
        }
    }

    /// The next cell boundary `i` crosses (x before y on a tie).
    fn predict_crossing(&mut self, i: usize, now: f64) {
        let b = self.bodies[i];
        let p = b.at(now);
        let c = self.grid.cell_of(i);
        let mut best: Option<(f64, u32)> = None;
        for axis in 0..2 {
            let vk = b.v[axis];
            if vk == 0.0 {
                continue;
            }
            if let Some(x) = self.grid.boundary(c, axis, vk > 0.0) {
                let dt = ((x - p[axis]) / vk).max(0.0);
                if best.is_none_or(|(t, _)| dt < t) {
                    best = Some((dt, axis as u32 * 2 + u32::from(vk < 0.0)));
                }
            }
        }
        if let Some((dt, code)) = best {
            self.heap.push(Entry {
                time: now + dt,
                rank: CROSS,
                a: i as u32,
                b: code,
                count_a: b.count,
                count_b: 0,
            });
        }
    }

    /// Everything for a disc whose velocity just changed (`skip`: a partner already done).
    fn repredict(&mut self, i: usize, now: f64, skip: Option<usize>) {
        self.predict_pairs(i, now, |j| Some(j) != skip);
        self.predict_static(i, now, None);
        self.predict_crossing(i, now);
    }

    fn is_valid(&self, e: &Entry) -> bool {
        let a = self.bodies[e.a as usize].count == e.count_a;
        if e.rank == PAIR {
            a && self.bodies[e.b as usize].count == e.count_b
        } else {
            a
        }
    }

    /// Drops stale entries once the heap has grown well past the live ones.
    fn compact(&mut self) {
        let bodies = &self.bodies;
        self.heap.retain(|e| {
            let a = bodies[e.a as usize].count == e.count_a;
            a && (e.rank != PAIR || bodies[e.b as usize].count == e.count_b)
        });
        self.compact_at = (2 * self.heap.len()).max(self.base_heap());
    }

    // ----- processing -----

    /// The event an entry stands for, with its geometry at the entry's time.
    fn describe(&self, e: &Entry) -> Event {
        let (t, a, b) = (e.time, e.a as usize, e.b as usize);
        let body = &self.bodies[a];
        let p = body.at(t);
        let (kind, point, normal) = match e.rank {
            WALL => {
                let side = SIDES[b & 3];
                let n = predict::wall_normal(side);
                (EventKind::DiscWall { i: a, side }, p - n * body.r, n)
            }
            SOLID => {
                let k = self.shapes[b].contact(p);
                let kind = EventKind::DiscObstacle {
                    i: a,
                    obstacle: b,
                    feature: k.feature,
                };
                (kind, k.point, k.normal)
            }
            PAIR => {
                let other = &self.bodies[b];
                let q = other.at(t);
                let n = collide::pair_normal(p, q, body.v, other.v);
                (EventKind::DiscDisc { i: a, j: b }, q + n * other.r, n)
            }
            _ => {
                let axis = b / 2;
                let positive = b % 2 == 0;
                let mut cell = self.grid.cell_of(a);
                cell[axis] = if positive {
                    cell[axis] + 1
                } else {
                    cell[axis].saturating_sub(1)
                };
                let mut n = DVec2::ZERO;
                n[axis] = if positive { 1.0 } else { -1.0 };
                (EventKind::Crossing { i: a, cell }, p, n)
            }
        };
        Event {
            time: t,
            kind,
            point,
            normal,
        }
    }

    fn process(&mut self, e: &Entry) -> Event {
        let ev = self.describe(e);
        let now = e.time;
        let e_rest = self.restitution;
        match ev.kind {
            EventKind::DiscWall { i, .. } | EventKind::DiscObstacle { i, .. } => {
                let b = &mut self.bodies[i];
                b.move_to(now);
                b.v = collide::reflect(b.v, ev.normal, e_rest);
                b.count = b.count.wrapping_add(1);
                self.repredict(i, now, None);
            }
            EventKind::DiscDisc { i, j } => {
                self.bodies[i].move_to(now);
                self.bodies[j].move_to(now);
                let (bi, bj) = (self.bodies[i], self.bodies[j]);
                if let Some((vi, vj)) =
                    collide::pair_impulse(bi.v, bj.v, bi.inv_m, bj.inv_m, ev.normal, e_rest)
                {
                    self.bodies[i].v = vi;
                    self.bodies[j].v = vj;
                }
                self.bodies[i].count = bi.count.wrapping_add(1);
                self.bodies[j].count = bj.count.wrapping_add(1);
                self.repredict(i, now, None);
                self.repredict(j, now, Some(i));
            }
            EventKind::Crossing { i, cell } => {
                let old = self.grid.cell_of(i);
                self.grid.remove(i);
                self.grid.insert(i, cell);
                // Only the row or column of cells that just came into reach is new.
                let axis = e.b as usize / 2;
                let step: isize = if e.b % 2 == 0 { 1 } else { -1 };
                let strip = cell[axis] as isize + step;
                for o in -1..=1 {
                    let (x, y) = if axis == 0 {
                        (strip, cell[1] as isize + o)
                    } else {
                        (cell[0] as isize + o, strip)
                    };
                    self.predict_pairs_in(i, now, x, y, &|_| true);
                }
                self.predict_static(i, now, Some(old));
                self.predict_crossing(i, now);
            }
        }
        ev
    }

    /// Processes up to `cap` events no later than `target`; returns the counts and whether
    /// the cap stopped it early.
    fn run(
        &mut self,
        target: f64,
        cap: u64,
        on_event: &mut impl FnMut(&Event),
    ) -> (EventCounts, bool) {
        let mut counts = EventCounts::default();
        let mut done = 0u64;
        loop {
            if self.heap.len() > self.compact_at {
                self.compact();
            }
            let Some(top) = self.heap.peek().copied() else {
                return (counts, false);
            };
            if top.time > target {
                return (counts, false);
            }
            if !self.is_valid(&top) {
                self.heap.pop();
                continue;
            }
            if done >= cap {
                return (counts, true);
            }
            self.heap.pop();
            self.time = top.time.max(self.time);
            let ev = self.process(&top);
            counts.add(&ev.kind);
            done += 1;
            on_event(&ev);
        }
    }

    // ----- public stepping -----

    /// Advances by `dt`, processing every event in time order. See [`World::advance_to_with`].
    pub fn advance(&mut self, dt: f64) -> AdvanceReport {
        self.advance_to_with(self.time + dt, |_| {})
    }

    /// Advances by `dt`, calling `on_event` for each processed event (crossings included).
    pub fn advance_with(&mut self, dt: f64, on_event: impl FnMut(&Event)) -> AdvanceReport {
        self.advance_to_with(self.time + dt, on_event)
    }

    /// Advances to the absolute time `target`.
    ///
    /// At most [`World::max_events`] events are processed. When that cap is reached first,
    /// the report says `stalled`, the world stays at the time of the last processed event
    /// with every scheduled event intact, and the next call simply continues: a clustered
    /// contact costs frames (the motion runs in slow motion) but never hangs the caller, and
    /// the motion is the same as without a cap. A target that is not finite or lies in the
    /// past does nothing.
    pub fn advance_to_with(
        &mut self,
        target: f64,
        mut on_event: impl FnMut(&Event),
    ) -> AdvanceReport {
        let mut report = AdvanceReport {
            time: self.time,
            ..AdvanceReport::default()
        };
        if !target.is_finite() || target < self.time {
            return report;
        }
        let (counts, stalled) = self.run(target, self.max_events, &mut on_event);
        if !stalled {
            self.time = target;
        }
        self.counts.merge(&counts);
        report.counts = counts;
        report.stalled = stalled;
        report.time = self.time;
        report
    }

    /// Processes the next `count` events whatever their time (for benchmarks and tests);
    /// the world's time becomes that of the last one. Stops early only if nothing moves.
    pub fn run_events(&mut self, count: u64) -> AdvanceReport {
        let (counts, _) = self.run(f64::INFINITY, count, &mut |_| {});
        self.counts.merge(&counts);
        AdvanceReport {
            counts,
            stalled: false,
            time: self.time,
        }
    }

    /// Moves every disc's stored position to the current time, e.g. before handing states
    /// to code that edits them. Drawing does not need it ([`World::disc`] already reports
    /// positions at the current time).
    pub fn synchronize(&mut self) {
        let now = self.time;
        for b in &mut self.bodies {
            b.move_to(now);
        }
    }

    /// Sets disc `i`'s velocity from now on (for interactive editing).
    pub fn set_velocity(&mut self, i: usize, v: DVec2) -> Result<(), SimError> {
        if !v.is_finite() {
            return Err(SimError::Parameter("velocity must be finite"));
        }
        let now = self.time;
        let b = self
            .bodies
            .get_mut(i)
            .ok_or(SimError::Parameter("no such disc"))?;
        b.move_to(now);
        b.v = v;
        b.count = b.count.wrapping_add(1);
        self.repredict(i, now, None);
        Ok(())
    }

    // ----- inspection -----

    /// The earliest event scheduled for disc `i` (crossings included), with its geometry.
    pub fn next_event(&self, i: usize) -> Option<Event> {
        self.next_matching(i, |_| true)
    }

    /// The earliest collision scheduled for disc `i` (crossings skipped).
    pub fn next_collision(&self, i: usize) -> Option<Event> {
        self.next_matching(i, |e| e.rank != CROSS)
    }

    fn next_matching(&self, i: usize, want: impl Fn(&Entry) -> bool) -> Option<Event> {
        let i = u32::try_from(i).ok()?;
        self.heap
            .iter()
            .filter(|e| (e.a == i || (e.rank == PAIR && e.b == i)) && want(e) && self.is_valid(e))
            .max()
            .map(|e| self.describe(e))
    }

    pub fn time(&self) -> f64 {
        self.time
    }

    pub fn len(&self) -> usize {
        self.bodies.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bodies.is_empty()
    }

    /// Disc `i` at the current time.
    pub fn disc(&self, i: usize) -> Option<DiscState> {
        self.bodies.get(i).map(|b| self.state(b))
    }

    /// All discs at the current time, in index order.
    pub fn discs(&self) -> impl Iterator<Item = DiscState> + '_ {
        self.bodies.iter().map(|b| self.state(b))
    }

    fn state(&self, b: &Body) -> DiscState {
        DiscState {
            position: b.at(self.time),
            velocity: b.v,
            radius: b.r,
            mass: b.m,
        }
    }

    /// The walls, as `(min, max)`.
    pub fn bounds(&self) -> (DVec2, DVec2) {
        (self.min, self.max)
    }

    pub fn solids(&self) -> &[Solid] {
        &self.solids
    }

    pub fn grid(&self) -> GridInfo {
        GridInfo {
            min: self.grid.min,
            cell: self.grid.cell,
            nx: self.grid.nx,
            ny: self.grid.ny,
        }
    }

    /// The grid cell (column, row) disc `i` is filed under.
    pub fn cell_of(&self, i: usize) -> Option<[usize; 2]> {
        (i < self.bodies.len()).then(|| self.grid.cell_of(i))
    }

    /// Σ ½ m v².
    pub fn kinetic_energy(&self) -> f64 {
        self.bodies
            .iter()
            .map(|b| 0.5 * b.m * b.v.length_squared())
            .sum()
    }

    /// Σ m v.
    pub fn momentum(&self) -> DVec2 {
        self.bodies.iter().map(|b| b.v * b.m).sum()
    }

    /// Events processed since creation, by kind.
    pub fn counts(&self) -> EventCounts {
        self.counts
    }

    pub fn restitution(&self) -> f64 {
        self.restitution
    }

    /// Restitution of every collision (discs, walls, obstacles), in `[0, 1]`.
    pub fn set_restitution(&mut self, e: f64) -> Result<(), SimError> {
        if !(0.0..=1.0).contains(&e) {
            return Err(SimError::Parameter("restitution must be in [0, 1]"));
        }
        self.restitution = e;
        Ok(())
    }

    pub fn max_events(&self) -> u64 {
        self.max_events
    }

    /// The cap on events per `advance` call (at least 1).
    pub fn set_max_events(&mut self, cap: u64) {
        self.max_events = cap.max(1);
    }
}

fn side_index(side: Side) -> u32 {
    match side {
        Side::Left => 0,
        Side::Right => 1,
        Side::Bottom => 2,
        Side::Top => 3,
    }
}

/// Schedules the contact of discs `a < b`, predicted from their states at `now`.
#[inline]
fn push_pair(bodies: &[Body], heap: &mut BinaryHeap<Entry>, a: usize, b: usize, now: f64) {
    let (ba, bb) = (&bodies[a], &bodies[b]);
    let d = ba.at(now) - bb.at(now);
    let w = ba.v - bb.v;
    let speed2 = ba.v.length_squared() + bb.v.length_squared();
    if let Some(dt) = predict::disc_disc(d, w, ba.r + bb.r, speed2) {
        heap.push(Entry {
            time: now + dt,
            rank: PAIR,
            a: a as u32,
            b: b as u32,
            count_a: ba.count,
            count_b: bb.count,
        });
    }
}
