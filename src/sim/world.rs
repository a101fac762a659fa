//! The event-driven engine: a grid for neighbour search and a heap of each disc's next event.

use glam::DVec2;

use crate::geom::Aabb;
use crate::hit::Side;

use super::body::{self, Body, DiscInit, Shape, SimError, Solid};
use super::collide;
use super::event::{AdvanceReport, Event, EventCounts, EventKind, Halt};
use super::grid::Grid;
use super::limits::{MAX_GRID_ENTRIES, MAX_SPEED, RESOLUTION_SHARE, time_spacing};
use super::predict;
use super::queue::{CROSS, PAIR, SOLID, Slot, SlotHeap, WALL};
use super::resting::{self, Instant, Other};
use super::tiers::Tiers;

/// Walls by index, as stored in queue entries.
const SIDES: [Side; 4] = [Side::Left, Side::Right, Side::Bottom, Side::Top];

/// Default cap on events per `advance` call.
pub const DEFAULT_MAX_EVENTS: u64 = 1_000_000;

/// A disc as seen from outside, at the world's current time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DiscState {
    /// The centre.
    pub position: DVec2,
    /// Units per second.
    pub velocity: DVec2,
    /// The radius.
    pub radius: f64,
    /// The mass (given, or proportional to the area).
    pub mass: f64,
}

/// The grid's geometry, for drawing it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridInfo {
    /// The bottom-left corner of cell `[0, 0]`.
    pub min: DVec2,
    /// A cell's width and height.
    pub cell: DVec2,
    /// Columns.
    pub nx: usize,
    /// Rows.
    pub ny: usize,
}

/// Discs in a box with static obstacles, simulated event by event in exact time order.
///
/// Each disc keeps its own last-update time and its earliest predicted event; an event
/// touches only its discs, so it costs O(log n) (heap) plus a few neighbour predictions.
/// The result depends on the initial state and the times the calls reach, not on how the
/// time is cut: `advance(1.0)` and four `advance(0.25)` give bit-identical states, as do
/// any calls of `advance_to_with` that end at the same time (ten `advance(0.1)` do not:
/// their sum in f64 is 0.9999999999999999). A clone replays exactly, which is what
/// keyframe rewinding needs.
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
    /// The discs kept out of the grid ([`Tiers`]), ascending, and the flag per disc: each
    /// is checked against every disc, wall and obstacle, and every disc against each.
    large: Vec<u32>,
    is_large: Vec<bool>,
    /// The radius the grid's cells and its obstacles' margins are sized for.
    r_grid: f64,
    /// Events processed since the grid was last laid out (see [`World::regrid`]).
    since_regrid: u64,
    queue: SlotHeap,
    /// Per disc: the earliest collision candidate and the next crossing (the queue holds
    /// the earlier of the two).
    coll: Vec<Slot>,
    cross: Vec<Slot>,
    time: f64,
    restitution: f64,
    max_events: u64,
    counts: EventCounts,
    /// Set when the run cannot go on (see [`Halt`]); nothing is processed after it.
    halt: Option<Halt>,
    /// The static contacts of the disc last bounced off a wall or an obstacle, while they
    /// come at one instant (the wedge rule, [`WEDGE_EVENTS`]).
    wedge: Option<Wedge>,
    /// The contacts that collided at the current instant (the cluster rule).
    instant: Instant,
}

/// A disc bounced off walls or obstacles `events` times in a row at `time`, the last off
/// a surface of normal `normal`.
#[derive(Clone, Copy, Debug)]
struct Wedge {
    disc: usize,
    time: f64,
    events: u32,
    normal: DVec2,
}

/// Bounces of one disc off static surfaces at one instant after which, with restitution
/// below 1, it is stopped against them (see [`collide::stopped_against`]). A disc sliding
/// into the corner between the floor and a ramp bounces between them ever faster, an
/// infinity of bounces before a finite time: the clock stopped there, and the run with it.
const WEDGE_EVENTS: u32 = 64;

/// [`WEDGE_EVENTS`] for an elastic run. Elastic bounces leave a wedge of angle θ after
/// about π/θ of them, so only a wedge narrower than about 0.002° meets this; but a disc
/// exactly as wide as the gap between two parallel surfaces (θ = 0) bounced between them
/// at one instant for ever, and the clock stopped. Stopped against them it keeps the
/// motion along the gap; the motion across it, which has no room, is what is lost.
const ELASTIC_INSTANT_EVENTS: u32 = 100_000;

/// What stands where a new disc would go ([`World::in_the_way`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InTheWay {
    /// Disc `.0`.
    Disc(usize),
    /// Obstacle `.0`, in the order the world was given them.
    Obstacle(usize),
}

impl World {
    /// A world at time 0. Discs must lie inside `bounds` (touching is fine) and may not be
    /// placed overlapping walls; overlapping discs are allowed and are pushed apart by a
    /// time-0 collision if they approach.
    ///
    /// Any finite input gets a world or an error: besides finite values and positive radii
    /// and masses, the limits of [`super::limits`] are checked here, before anything large
    /// is allocated.
    ///
    /// ```
    /// use sweepscope::{Aabb, DVec2, Vec2};
    /// use sweepscope::sim::{DiscInit, World};
    ///
    /// // Two equal discs head on, 6 apart between surfaces: they meet at t = 1 and swap
    /// // velocities (an elastic collision of equal masses).
    /// let walls = Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(100.0, 20.0));
    /// let discs = [
    ///     DiscInit::new(DVec2::new(40.0, 10.0), DVec2::new(3.0, 0.0), 2.0),
    ///     DiscInit::new(DVec2::new(50.0, 10.0), DVec2::new(-3.0, 0.0), 2.0),
    /// ];
    /// let mut world = World::new(walls, &discs, &[]).expect("a valid set-up");
    /// let report = world.advance(2.0);
    /// assert_eq!(report.counts.disc_disc, 1);
    /// let a = world.disc(0).expect("disc 0");
    /// assert_eq!(a.velocity, DVec2::new(-3.0, 0.0));
    /// ```
    pub fn new(bounds: Aabb, discs: &[DiscInit], solids: &[Solid]) -> Result<Self, SimError> {
        let parts = body::validate(bounds, discs, solids)?;
        let n = parts.bodies.len();
        let (tiers, mut grid) = grid_for(&parts)?;
        let is_large = tiers.flags(n);
        for (i, b) in parts.bodies.iter().enumerate() {
            if !is_large[i] {
                grid.insert(i, grid.locate(b.p));
            }
        }
        let mut world = Self {
            min: parts.min,
            max: parts.max,
            bodies: parts.bodies,
            shapes: parts.shapes,
            solids: solids.to_vec(),
            grid,
            large: tiers.large,
            is_large,
            r_grid: tiers.r_grid,
            since_regrid: 0,
            queue: SlotHeap::new(n),
            coll: vec![Slot::NONE; n],
            cross: vec![Slot::NONE; n],
            time: 0.0,
            restitution: 1.0,
            max_events: DEFAULT_MAX_EVENTS,
            counts: EventCounts::default(),
            halt: None,
            wedge: None,
            instant: Instant::default(),
        };
        for i in 0..n {
            world.repredict(i, 0.0);
        }
        Ok(world)
    }

    /// Whether [`World::new`] would accept these inputs, without filing obstacles or
    /// predicting any event (its cost is linear in the number of discs).
    pub fn check(bounds: Aabb, discs: &[DiscInit], solids: &[Solid]) -> Result<(), SimError> {
        let parts = body::validate(bounds, discs, solids)?;
        let (tiers, grid) = unfilled_grid(&parts);
        grid_entries_fit(grid.solid_entries(&solid_boxes(&parts), tiers.r_grid))
    }

    /// The (disc, obstacle) pairs, by index in the lists given, where the disc overlaps the
    /// obstacle at time 0 by more than `tolerance` of its radius (touching is fine), in
    /// disc order, at most `limit` of them. [`World::new`] accepts such a disc: it gets a
    /// time-0 collision if it moves further in, and then travels through the obstacle's
    /// inside; a scene refuses it (`scene::validate`). Each disc is tested against the
    /// obstacles filed in its grid cell, as the engine's own predictions are (a disc kept
    /// out of the grid, against every obstacle): the inputs must pass [`World::check`]
    /// first, which bounds that filing.
    pub fn solid_overlaps(
        bounds: Aabb,
        discs: &[DiscInit],
        solids: &[Solid],
        tolerance: f64,
        limit: usize,
    ) -> Result<Vec<(usize, usize)>, SimError> {
        let parts = body::validate(bounds, discs, solids)?;
        let mut found = Vec::new();
        if parts.shapes.is_empty() {
            return Ok(found);
        }
        let (tiers, grid) = grid_for(&parts)?;
        let is_large = tiers.flags(parts.bodies.len());
        let every: Vec<u32> = (0..parts.shapes.len() as u32).collect();
        for (i, b) in parts.bodies.iter().enumerate() {
            let near = if is_large[i] {
                &every[..]
            } else {
                grid.solids_in(grid.locate(b.p))
            };
            for &k in near {
                let k = k as usize;
                if parts.shapes[k].contact(b.p).distance < b.r * (1.0 - tolerance) {
                    found.push((i, k));
                    if found.len() == limit {
                        return Ok(found);
                    }
                }
            }
        }
        Ok(found)
    }

    // ----- scheduling -----

    /// Offers `s` as disc `best`'s new earliest candidate; one whose time overflowed (a
    /// disc too slow to get anywhere in finite time) is none.
    #[inline]
    fn offer(best: &mut Slot, s: Slot) {
        if s.time.is_finite() && s.cmp_key(best).is_lt() {
            *best = s;
        }
    }

    /// Pair candidates of disc `i` with the discs in cells `xs × ys`.
    fn pairs_in(&self, i: usize, now: f64, xs: [isize; 2], ys: [isize; 2], best: &mut Slot) {
        let m = Mover::new(&self.bodies[i], i, now);
        for y in ys[0]..=ys[1] {
            for x in xs[0]..=xs[1] {
                self.grid.for_each_in(x, y, |j| self.pair(&m, j, best));
            }
        }
    }

    /// Pair candidates of disc `i` with every disc kept out of the grid, or, for such a
    /// disc itself, with every disc.
    fn pairs_beyond_grid(&self, i: usize, now: f64, best: &mut Slot) {
        if self.large.is_empty() {
            return;
        }
        let m = Mover::new(&self.bodies[i], i, now);
        if self.is_large[i] {
            for j in 0..self.bodies.len() {
                self.pair(&m, j, best);
            }
        } else {
            for &j in &self.large {
                self.pair(&m, j as usize, best);
            }
        }
    }

    /// The pair candidate of the disc `m` with disc `j`.
    #[inline]
    fn pair(&self, m: &Mover, j: usize, best: &mut Slot) {
        let (i, now) = (m.i, m.now);
        if j == i {
            return;
        }
        let o = &self.bodies[j];
        // Always (lower index − higher index), so both owners compute one value.
        let (d, w) = if i < j {
            (m.p - o.at(now), m.v - o.v)
        } else {
            (o.at(now) - m.p, o.v - m.v)
        };
        let sum2 = m.speed2 + o.v.length_squared();
        if let Some(dt) = predict::disc_disc(d, w, m.r + o.r, sum2) {
            let (lo, hi) = if i < j { (i, j) } else { (j, i) };
            let s = Slot {
                time: now + dt,
                rank: PAIR,
                a: lo as u32,
                b: hi as u32,
                count_b: o.count,
            };
            Self::offer(best, s);
        }
    }

    /// Wall candidates (only from an edge cell: cells are wider than the diameter of any
    /// disc filed in them) and the obstacles filed in `i`'s cell but not in `old` (the cell
    /// it came from, if any); for a disc kept out of the grid, the walls and every obstacle.
    fn statics(&self, i: usize, now: f64, old: Option<[usize; 2]>, best: &mut Slot) {
        let b = &self.bodies[i];
        let p = b.at(now);
        let large = self.is_large[i];
        let c = if large { [0, 0] } else { self.grid.cell_of(i) };
        let edge =
            large || c[0] == 0 || c[1] == 0 || c[0] + 1 == self.grid.nx || c[1] + 1 == self.grid.ny;
        if edge && let Some((dt, side)) = predict::walls(p, b.v, b.r, self.min, self.max) {
            let s = Slot {
                time: now + dt,
                rank: WALL,
                a: i as u32,
                b: side_index(side),
                count_b: 0,
            };
            Self::offer(best, s);
        }
        let solid = |k: u32, best: &mut Slot| {
            if let Some(dt) = self.shapes[k as usize].entry(p, b.v, b.r) {
                let s = Slot {
                    time: now + dt,
                    rank: SOLID,
                    a: i as u32,
                    b: k,
                    count_b: 0,
                };
                Self::offer(best, s);
            }
        };
        if large {
            for k in 0..self.shapes.len() as u32 {
                solid(k, best);
            }
            return;
        }
        let seen = old.map(|o| self.grid.solids_in(o)).unwrap_or(&[]);
        for &k in self.grid.solids_in(c) {
            if seen.binary_search(&k).is_err() {
                solid(k, best);
            }
        }
    }

    /// The next cell boundary disc `i` crosses (x before y on a tie); none for a disc kept
    /// out of the grid.
    fn crossing(&self, i: usize, now: f64) -> Slot {
        if self.is_large[i] {
            return Slot::NONE;
        }
        let b = &self.bodies[i];
        let p = b.at(now);
        let c = self.grid.cell_of(i);
        let mut best = Slot::NONE;
        for axis in 0..2 {
            let vk = b.v[axis];
            // The direction is decided once and both the boundary and the slot's code use
            // it, so the cell entered is always the neighbour on that side.
            let positive = vk > 0.0;
            if !(positive || vk < 0.0) {
                continue;
            }
            if let Some(x) = self.grid.boundary(c, axis, positive) {
                let dt = ((x - p[axis]) / vk).max(0.0);
                // Too slow to ever get there (the quotient overflowed): no crossing.
                if !dt.is_finite() {
                    continue;
                }
                let s = Slot {
                    time: now + dt,
                    rank: CROSS,
                    a: i as u32,
                    b: axis as u32 * 2 + u32::from(!positive),
                    count_b: 0,
                };
                Self::offer(&mut best, s);
            }
        }
        best
    }

    /// Disc `i`'s earliest collision candidate from `now`: pairs in the 3×3 cells around
    /// it and with the discs kept out of the grid, walls and the obstacles of its cell (for
    /// a disc kept out of the grid: every disc, wall and obstacle). Pure, so inspection can
    /// call it too.
    fn collision_for(&self, i: usize, now: f64) -> Slot {
        let mut best = Slot::NONE;
        if !self.is_large[i] {
            let [cx, cy] = self.grid.cell_of(i).map(|k| k as isize);
            self.pairs_in(i, now, [cx - 1, cx + 1], [cy - 1, cy + 1], &mut best);
        }
        self.pairs_beyond_grid(i, now, &mut best);
        self.statics(i, now, None, &mut best);
        best
    }

    /// Stores disc `i`'s collision candidate and next crossing; queues the earlier.
    fn schedule(&mut self, i: usize, coll: Slot, cross: Slot) {
        self.coll[i] = coll;
        self.cross[i] = cross;
        let first = if cross.cmp_key(&coll).is_lt() {
            cross
        } else {
            coll
        };
        self.queue.set(i, first);
    }

    /// Re-predicts disc `i` from `now` (after its velocity changed, or its collision
    /// candidate went stale).
    fn repredict(&mut self, i: usize, now: f64) {
        let coll = self.collision_for(i, now);
        let cross = self.crossing(i, now);
        self.schedule(i, coll, cross);
    }

    /// After disc `i` entered `cell` moving along `axis` (`step` = ±1): its velocity did
    /// not change, so its collision candidate still stands unless its partner changed;
    /// only the row or column of cells that came into reach and the obstacles new to the
    /// cell need predicting (the discs kept out of the grid were all predicted already).
    fn after_crossing(&mut self, i: usize, now: f64, old: [usize; 2], axis: usize, step: isize) {
        let mut coll = self.coll[i];
        if !self.is_valid(i, &coll) {
            return self.repredict(i, now);
        }
        let [cx, cy] = self.grid.cell_of(i).map(|k| k as isize);
        let (xs, ys) = if axis == 0 {
            ([cx + step; 2], [cy - 1, cy + 1])
        } else {
            ([cx - 1, cx + 1], [cy + step; 2])
        };
        self.pairs_in(i, now, xs, ys, &mut coll);
        self.statics(i, now, Some(old), &mut coll);
        let cross = self.crossing(i, now);
        self.schedule(i, coll, cross);
    }

    /// A pair slot is stale once the partner has changed velocity since the prediction.
    fn is_valid(&self, owner: usize, s: &Slot) -> bool {
        if s.rank != PAIR {
            return true;
        }
        let partner = if s.a as usize == owner { s.b } else { s.a };
        self.bodies[partner as usize].count == s.count_b
    }

    // ----- processing -----

    /// The event an entry stands for, with its geometry at the entry's time.
    fn describe(&self, e: &Slot) -> Event {
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
                let positive = b.is_multiple_of(2);
                let mut cell = self.grid.cell_of(a);
                let cells = if axis == 0 {
                    self.grid.nx
                } else {
                    self.grid.ny
                };
                cell[axis] = if positive {
                    (cell[axis] + 1).min(cells - 1)
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

    fn process(&mut self, e: &Slot) -> Event {
        self.since_regrid = self.since_regrid.saturating_add(1);
        let ev = self.describe(e);
        let now = e.time;
        let e_rest = self.restitution;
        match ev.kind {
            EventKind::DiscWall { i, .. } | EventKind::DiscObstacle { i, .. } => {
                let b = &mut self.bodies[i];
                b.move_to(now);
                let speed_before = b.v.length();
                b.v = collide::reflect(b.v, ev.normal, e_rest);
                let before = self.wedge.filter(|w| w.disc == i && w.time == now);
                let events = before.map_or(1, |w| w.events.saturating_add(1));
                let limit = if e_rest < 1.0 {
                    WEDGE_EVENTS
                } else {
                    ELASTIC_INSTANT_EVENTS
                };
                if let Some(w) = before
                    && events >= limit
                {
                    b.v = collide::stopped_against(b.v, ev.normal, w.normal);
                }
                self.wedge = Some(Wedge {
                    disc: i,
                    time: now,
                    events,
                    normal: ev.normal,
                });
                b.count = b.count.wrapping_add(1);
                // Followed for the cluster rule too: the floor under a column is one of
                // its contacts.
                let b = &self.bodies[i];
                let near = resting::near_window(
                    b.p.abs().max_element() + b.r,
                    b.r,
                    speed_before,
                    now,
                    e_rest,
                );
                self.instant
                    .note(now, near, i, Other::Surface(ev.normal), e_rest);
                self.check_speed(i, now);
                self.repredict(i, now);
            }
            EventKind::DiscDisc { i, j } => {
                self.bodies[i].move_to(now);
                self.bodies[j].move_to(now);
                let (bi, bj) = (self.bodies[i], self.bodies[j]);
                if let Some((vi, vj)) =
                    collide::pair_impulse(bi.v, bj.v, bi.m, bj.m, ev.normal, e_rest)
                {
                    self.bodies[i].v = vi;
                    self.bodies[j].v = vj;
                }
                self.bodies[i].count = bi.count.wrapping_add(1);
                self.bodies[j].count = bj.count.wrapping_add(1);
                let at = (bi.p.abs().max_element() + bi.r).max(bj.p.abs().max_element() + bj.r);
                let near =
                    resting::near_window(at, bi.r.min(bj.r), (bi.v - bj.v).length(), now, e_rest);
                if self.instant.note(now, near, i, Other::Disc(j), e_rest) {
                    self.settle_cluster(i, now);
                } else {
                    self.check_speed(i, now);
                    self.check_speed(j, now);
                    self.repredict(i, now);
                    self.repredict(j, now);
                }
            }
            EventKind::Crossing { i, cell } => {
                let old = self.grid.cell_of(i);
                self.grid.remove(i);
                self.grid.insert(i, cell);
                let crowd = self.grid.count_at(cell);
                // Every disc is predicted again when the grid is laid out anew; when it is
                // not (a new layout would not spread the crowd), disc i is predicted from
                // its new cell like after any crossing.
                let regridded = crowd > CROWDED
                    && self.since_regrid >= self.bodies.len() as u64
                    && self.regrid(now, crowd);
                if !regridded {
                    let step = if e.b.is_multiple_of(2) { 1 } else { -1 };
                    self.after_crossing(i, now, old, e.b as usize / 2, step);
                }
            }
        }
        ev
    }

    /// The cluster rule ([`super::resting`]): disc `i`'s cluster at `now` solved at once,
    /// each of its discs predicted again.
    fn settle_cluster(&mut self, i: usize, now: f64) {
        let mut cluster = self.instant.cluster(i);
        self.gather_touching(&mut cluster, now);
        cluster.sort_unstable();
        for &d in &cluster {
            self.bodies[d].move_to(now);
        }
        let before: Vec<DVec2> = cluster.iter().map(|&d| self.bodies[d].v).collect();
        let energy = |w: &Self| -> f64 {
            cluster
                .iter()
                .map(|&d| 0.5 * w.bodies[d].m * w.bodies[d].v.length_squared())
                .sum()
        };
        let e0 = energy(self);
        self.instant.settle(&cluster, &mut self.bodies);
        // The invariant first: energy never grows. Between masses far apart the impulses'
        // roundings can give the light disc energy the heavy one never loses (a fuzzed
        // world gained 1.7%); then the rule stands aside and the collisions go on.
        if energy(self) > e0 * (1.0 + 1e-12) {
            for (&d, &v) in cluster.iter().zip(&before) {
                self.bodies[d].v = v;
            }
        }
        for &d in &cluster {
            self.bodies[d].count = self.bodies[d].count.wrapping_add(1);
            self.check_speed(d, now);
        }
        for &d in &cluster {
            self.repredict(d, now);
        }
    }

    /// Grows `cluster` (the discs whose contacts collided at `now`) by every disc touching
    /// one of its discs, and so on, noting those contacts at this instant: the row the
    /// collisions are passing through is solved at once. Solving only the contacts that
    /// had collided settled part of a row of discs pushed along a wall into a corner,
    /// which then pushed on the next discs and they back on it: a 400-disc pool at
    /// restitution 0 met a million collisions at one instant and stalled. Walls and
    /// obstacles come in only as the collisions meet them: taken in as touching, a disc
    /// pinned in a corner beside another was left approaching it by 1e-45 after every
    /// solve, and the two halved it at one instant for ever. Touching is within [`TOUCH`]
    /// of the discs' reach (and the rounding of their coordinates); only contacts that
    /// approach get impulses, so one that is apart by that much and separating is left
    /// alone. Takes in at most
    /// [`super::resting::TOUCHING_CONTACTS`] contacts in all.
    fn gather_touching(&mut self, cluster: &mut Vec<usize>, now: f64) {
        let mut seen: std::collections::HashSet<usize> = cluster.iter().copied().collect();
        let mut pairs = self.instant.disc_pairs();
        let touching = |gap: f64, reach: f64, at: DVec2| {
            gap <= TOUCH * reach + at.abs().max_element() * 8.0 * f64::EPSILON
        };
        let mut next = 0;
        let mut near: Vec<usize> = Vec::new();
        while next < cluster.len() {
            let d = cluster[next];
            next += 1;
            let (p, r) = (self.bodies[d].at(now), self.bodies[d].r);
            let large = self.is_large[d];
            near.clear();
            if large {
                near.extend(0..self.bodies.len());
            } else {
                let [cx, cy] = self.grid.cell_of(d).map(|c| c as isize);
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        self.grid.for_each_in(cx + dx, cy + dy, |j| near.push(j));
                    }
                }
                near.extend(self.large.iter().map(|&j| j as usize));
            }
            for &j in &near {
                if j == d {
                    continue;
                }
                let q = self.bodies[j].at(now);
                let sigma = r + self.bodies[j].r;
                if !touching((p - q).length() - sigma, sigma, p.abs().max(q.abs())) {
                    continue;
                }
                if pairs.insert((d.min(j), d.max(j))) && !self.instant.add_touching(d, j) {
                    return;
                }
                if seen.insert(j) {
                    cluster.push(j);
                }
            }
        }
    }

    /// Lays the grid out anew over where the discs are at `now`, when that spreads the
    /// `crowd` of one cell: the grid covers the discs' extent at the start (a cluster in a
    /// corner of a vast box gets cells its own size), and discs that leave it, or bunch up,
    /// crowd its cells. At most once per n events, so its O(n) cost is shared out; kept
    /// only when it at least halves the largest crowd, and never past
    /// [`MAX_GRID_ENTRIES`]. Every disc is predicted again from `now` when it is kept;
    /// whether it was.
    fn regrid(&mut self, now: f64, crowd: u32) -> bool {
        self.since_regrid = 0;
        let n = self.bodies.len();
        let at: Vec<DVec2> = self.bodies.iter().map(|b| b.at(now)).collect();
        let small = at
            .iter()
            .zip(&self.is_large)
            .filter(|(_, large)| !**large)
            .map(|(p, _)| *p);
        let (lo, hi) = disc_region(small, self.r_grid, self.min, self.max);
        let mut grid = Grid::new(lo, hi, n, self.r_grid);
        let boxes: Vec<_> = self.shapes.iter().map(Shape::bounding_box).collect();
        if grid.solid_entries(&boxes, self.r_grid) > MAX_GRID_ENTRIES {
            return false;
        }
        for (i, p) in at.iter().enumerate() {
            if !self.is_large[i] {
                grid.insert(i, grid.locate(*p));
            }
        }
        if grid.max_count() * 2 > crowd {
            return false;
        }
        grid.set_solids(&boxes, self.r_grid);
        self.grid = grid;
        for i in 0..n {
            self.repredict(i, now);
        }
        true
    }

    /// Halts the world when a collision has sped disc `i` past [`MAX_SPEED`] (only a
    /// collision between very unequal masses can: energy is never added), or when disc
    /// `i` moves more than [`RESOLUTION_SHARE`] of its radius in the spacing of times at
    /// `now` (checked at each of its collisions, where a position error would show).
    fn check_speed(&mut self, i: usize, now: f64) {
        let b = self.bodies[i];
        let speed = b.v.length();
        if self.halt.is_some() {
            return;
        }
        if speed.is_nan() || speed > MAX_SPEED {
            self.halt = Some(Halt::Speed {
                disc: i,
                time: now,
                speed,
            });
        } else if speed * time_spacing(now) > b.r * RESOLUTION_SHARE {
            self.halt = Some(Halt::Resolution {
                disc: i,
                time: now,
                speed,
                radius: b.r,
            });
        }
    }

    /// Processes up to `cap` events no later than `target`; returns the counts and whether
    /// the cap stopped it early. Stops after an event that halts the world.
    fn run(
        &mut self,
        target: f64,
        cap: u64,
        on_event: &mut impl FnMut(&Event),
    ) -> (EventCounts, bool) {
        let mut counts = EventCounts::default();
        let mut done = 0u64;
        while let Some(i) = self.queue.top() {
            if self.halt.is_some() {
                return (counts, false);
            }
            let slot = *self.queue.slot(i);
            // An empty slot (no event ahead of any disc) has an infinite time: nothing is
            // due, even for `run_events`, whose target is infinite.
            if slot.time > target || slot.is_none() {
                break;
            }
            if !self.is_valid(i, &slot) {
                // Nothing else of disc i was due before this time: re-predict from here.
                self.repredict(i, slot.time.max(self.time));
                continue;
            }
            if done >= cap {
                return (counts, true);
            }
            self.time = slot.time.max(self.time);
            let ev = self.process(&slot);
            counts.add(&ev.kind);
            done += 1;
            on_event(&ev);
        }
        (counts, false)
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
    /// the report says `capped`, the world stays at the time of the last processed event
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
            halted: self.halt,
            ..AdvanceReport::default()
        };
        if !target.is_finite() || target < self.time || self.halt.is_some() {
            return report;
        }
        let (counts, capped) = self.run(target, self.max_events, &mut on_event);
        if !capped && self.halt.is_none() {
            self.time = target;
        }
        self.counts.merge(&counts);
        report.counts = counts;
        report.capped = capped;
        report.halted = self.halt;
        report.time = self.time;
        report
    }

    /// Processes the next `count` events whatever their time (for benchmarks and tests);
    /// the world's time becomes that of the last one. Stops early only if nothing moves or
    /// the world halts.
    pub fn run_events(&mut self, count: u64) -> AdvanceReport {
        let (counts, _) = self.run(f64::INFINITY, count, &mut |_| {});
        self.counts.merge(&counts);
        AdvanceReport {
            counts,
            capped: false,
            halted: self.halt,
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
        if !(v.is_finite() && v.length() <= MAX_SPEED) {
            return Err(SimError::Parameter(
                "velocity must be finite, with a speed of at most 1e100 (MAX_SPEED)",
            ));
        }
        let now = self.time;
        let b = self
            .bodies
            .get_mut(i)
            .ok_or(SimError::Parameter("no such disc"))?;
        if v.length() * time_spacing(now) > b.r * RESOLUTION_SHARE {
            return Err(SimError::Parameter(
                "velocity too fast for the time's resolution now: in the spacing of f64 \
                 times the disc would move more than 1/1024 of its radius (RESOLUTION_SHARE)",
            ));
        }
        b.move_to(now);
        b.v = v;
        b.count = b.count.wrapping_add(1);
        self.repredict(i, now);
        Ok(())
    }

    // ----- inspection -----

    /// The earliest event ahead of disc `i` (crossings included) if nothing else changes
    /// first, with its geometry.
    pub fn next_event(&self, i: usize) -> Option<Event> {
        if i >= self.bodies.len() {
            return None;
        }
        let coll = self.collision_for(i, self.time);
        let cross = self.crossing(i, self.time);
        let s = if cross.cmp_key(&coll).is_lt() {
            cross
        } else {
            coll
        };
        (!s.is_none()).then(|| self.describe(&s))
    }

    /// The earliest collision ahead of disc `i` if nothing else changes first: a scan of
    /// every disc, wall and obstacle (O(n), for inspection, not the grid's neighbourhood).
    pub fn next_collision(&self, i: usize) -> Option<Event> {
        let b = self.bodies.get(i)?;
        let now = self.time;
        let p = b.at(now);
        let mut best = Slot::NONE;
        let mut offer = |dt: f64, rank: u8, a: usize, other: usize| {
            let s = Slot {
                time: now + dt,
                rank,
                a: a as u32,
                b: other as u32,
                count_b: 0,
            };
            if s.cmp_key(&best).is_lt() {
                best = s;
            }
        };
        for (j, o) in self.bodies.iter().enumerate() {
            if j == i {
                continue;
            }
            let (lo, hi) = if i < j { (i, j) } else { (j, i) };
            let (pl, ph) = (self.bodies[lo].at(now), self.bodies[hi].at(now));
            let w = self.bodies[lo].v - self.bodies[hi].v;
            let speed2 = b.v.length_squared() + o.v.length_squared();
            if let Some(dt) = predict::disc_disc(pl - ph, w, b.r + o.r, speed2) {
                offer(dt, PAIR, lo, hi);
            }
        }
        if let Some((dt, side)) = predict::walls(p, b.v, b.r, self.min, self.max) {
            offer(dt, WALL, i, side_index(side) as usize);
        }
        for (k, shape) in self.shapes.iter().enumerate() {
            if let Some(dt) = shape.entry(p, b.v, b.r) {
                offer(dt, SOLID, i, k);
            }
        }
        (!best.is_none()).then(|| self.describe(&best))
    }

    /// The simulation time reached.
    pub fn time(&self) -> f64 {
        self.time
    }

    /// The number of discs.
    pub fn len(&self) -> usize {
        self.bodies.len()
    }

    /// Whether the world has no disc.
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

    /// What a new disc of `radius` at `position` would overlap now (touching is fine, as
    /// a scene's own check has it): the first disc by index, else the first obstacle. For
    /// a spawn's preview, which said nothing until the spawn was refused. Linear in the
    /// discs and obstacles.
    pub fn in_the_way(&self, position: DVec2, radius: f64) -> Option<InTheWay> {
        let disc = self.bodies.iter().position(|b| {
            let reach = b.r + radius;
            (self.state(b).position - position).length_squared() < reach * reach * (1.0 - 1e-9)
        });
        if let Some(i) = disc {
            return Some(InTheWay::Disc(i));
        }
        self.shapes
            .iter()
            .position(|s| s.contact(position).distance < radius * (1.0 - 1e-9))
            .map(InTheWay::Obstacle)
    }

    /// Where a disc of `radius` asked for at `position` goes: moved in, on each axis, just
    /// far enough to touch a wall it would cross (against the low wall when it is wider
    /// than the walls).
    pub fn spawn_position(&self, position: DVec2, radius: f64) -> DVec2 {
        let lo = self.min + DVec2::splat(radius);
        let hi = (self.max - DVec2::splat(radius)).max(lo);
        position.clamp(lo, hi)
    }

    /// The static obstacles, in the order given.
    pub fn solids(&self) -> &[Solid] {
        &self.solids
    }

    /// The uniform grid the engine files discs in.
    pub fn grid(&self) -> GridInfo {
        GridInfo {
            min: self.grid.min,
            cell: self.grid.cell,
            nx: self.grid.nx,
            ny: self.grid.ny,
        }
    }

    /// The grid cell (column, row) disc `i` is filed under; `None` for a disc far larger
    /// than the rest, which is kept out of the grid (see `docs/limits.md`).
    pub fn cell_of(&self, i: usize) -> Option<[usize; 2]> {
        (i < self.bodies.len() && !self.is_large[i]).then(|| self.grid.cell_of(i))
    }

    /// Σ ½ m v².
    pub fn kinetic_energy(&self) -> f64 {
        super::body::kinetic_energy(&self.bodies)
    }

    /// Σ m v.
    pub fn momentum(&self) -> DVec2 {
        super::body::momentum(&self.bodies)
    }

    /// Events processed since creation, by kind.
    pub fn counts(&self) -> EventCounts {
        self.counts
    }

    /// Restitution of every collision.
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

    /// The cap on events per `advance` call.
    pub fn max_events(&self) -> u64 {
        self.max_events
    }

    /// The cap on events per `advance` call; 0 processes none (every call that has an event
    /// due reports `capped`).
    pub fn set_max_events(&mut self, cap: u64) {
        self.max_events = cap;
    }

    /// Why the world stopped for good, if it did.
    pub fn halted(&self) -> Option<Halt> {
        self.halt
    }
}

/// Disc `i` as its pair predictions from `now` use it.
struct Mover {
    i: usize,
    now: f64,
    p: DVec2,
    v: DVec2,
    r: f64,
    speed2: f64,
}

impl Mover {
    fn new(b: &Body, i: usize, now: f64) -> Self {
        Mover {
            i,
            now,
            p: b.at(now),
            v: b.v,
            r: b.r,
            speed2: b.v.length_squared(),
        }
    }
}

/// The split of the discs and an empty grid sized for those it files.
fn unfilled_grid(parts: &body::Parts) -> (Tiers, Grid) {
    let radii: Vec<f64> = parts.bodies.iter().map(|b| b.r).collect();
    let tiers = Tiers::of(&radii);
    let flags = tiers.flags(radii.len());
    let small = parts
        .bodies
        .iter()
        .zip(&flags)
        .filter(|(_, large)| !**large)
        .map(|(b, _)| b.p);
    let (lo, hi) = disc_region(small, tiers.r_grid, parts.min, parts.max);
    let grid = Grid::new(lo, hi, radii.len(), tiers.r_grid);
    (tiers, grid)
}

/// How near, as a share of their reach (the sum of the radii, or a disc's radius against a
/// surface), a disc counts as touching for the cluster rule ([`World::gather_touching`]).
const TOUCH: f64 = 1e-9;

/// Discs in one cell past which the grid may be laid out anew ([`World::regrid`]): cells
/// hold a quarter of a disc on average, and at most a few discs of the grid's largest
/// size fit in one.
const CROWDED: u32 = 32;

/// The shares of the discs, `1 / share` of them on each side of each axis, that the grid
/// may leave beyond its region ([`disc_region`]), in increasing order of the share.
const OUTLIER_SHARES: [usize; 3] = [256, 64, 16];

/// How many times smaller a region must be for a larger share of outliers to be left out
/// of it ([`disc_region`]).
const OUTLIER_SPREAD: f64 = 16.0;

/// The region the grid covers: the discs' extent grown by two cells of the largest
/// radius on each side, within the walls (the walls themselves when there is no disc).
/// Discs outside it are filed in its edge cells, which reach to the walls; a disc in any
/// other cell is a cell or more from the region's edge, and so from the walls.
///
/// A few discs far from the rest would stretch the cells (their number is capped) until
/// the rest share one and every event scans them all. So the extent is taken without the
/// outermost `1 / share` of the discs on each side of each axis ([`OUTLIER_SHARES`]) when
/// that makes the region [`OUTLIER_SPREAD`] times smaller in area than it was with fewer
/// left out; the outliers are filed in its edge cells (a quarter of the discs at most).
/// A crowd spread evenly never shrinks that much, and keeps its whole extent. Correct
/// either way: cells stay at least a diameter wide, and filing clamps positions
/// monotonically, so discs that can touch are in neighbouring cells wherever they are.
fn disc_region(
    positions: impl Iterator<Item = DVec2>,
    r_grid: f64,
    min: DVec2,
    max: DVec2,
) -> (DVec2, DVec2) {
    let (mut xs, mut ys): (Vec<f64>, Vec<f64>) = positions.map(|p| (p.x, p.y)).unzip();
    let n = xs.len();
    if n == 0 {
        return (min, max);
    }
    let grow = DVec2::splat(4.1 * r_grid);
    let area = |(lo, hi): (DVec2, DVec2)| (hi - lo).max(DVec2::ZERO).element_product();
    // The extent without the `k` smallest and `k` largest coordinates on each axis, grown.
    let mut without = |k: usize| {
        let kth = |v: &mut [f64]| {
            let lo = *v.select_nth_unstable_by(k, f64::total_cmp).1;
            let hi = *v.select_nth_unstable_by(n - 1 - k, f64::total_cmp).1;
            (lo, hi)
        };
        let ((x0, x1), (y0, y1)) = (kth(&mut xs), kth(&mut ys));
        let (lo, hi) = (DVec2::new(x0, y0), DVec2::new(x1, y1));
        ((lo - grow).max(min), (hi + grow).min(max))
    };
    let mut region = without(0);
    for share in OUTLIER_SHARES {
        let k = n / share;
        if k == 0 {
            continue;
        }
        let smaller = without(k);
        if area(smaller) * OUTLIER_SPREAD <= area(region) {
            region = smaller;
        }
    }
    region
}

/// The obstacles' bounding boxes, in order.
fn solid_boxes(parts: &body::Parts) -> Vec<(DVec2, DVec2)> {
    parts.shapes.iter().map(Shape::bounding_box).collect()
}

/// The split and a grid with the obstacles filed (each grown by the radius of the largest
/// disc in the grid), no disc in it yet; an error past [`MAX_GRID_ENTRIES`].
fn grid_for(parts: &body::Parts) -> Result<(Tiers, Grid), SimError> {
    let (tiers, mut grid) = unfilled_grid(parts);
    let boxes = solid_boxes(parts);
    grid_entries_fit(grid.solid_entries(&boxes, tiers.r_grid))?;
    grid.set_solids(&boxes, tiers.r_grid);
    Ok((tiers, grid))
}

/// The grid's obstacle entries against [`MAX_GRID_ENTRIES`].
fn grid_entries_fit(entries: u64) -> Result<(), SimError> {
    if entries > MAX_GRID_ENTRIES {
        return Err(SimError::Limit(format!(
            "the obstacles would be filed in {entries} grid cells; the limit is \
             {MAX_GRID_ENTRIES} (MAX_GRID_ENTRIES): use fewer or smaller obstacles, or \
             fewer discs"
        )));
    }
    Ok(())
}

fn side_index(side: Side) -> u32 {
    match side {
        Side::Left => 0,
        Side::Right => 1,
        Side::Bottom => 2,
        Side::Top => 3,
    }
}
