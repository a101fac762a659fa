//! The recorded history of one run: keyframes, the collision log, and moving the current
//! world to any logged event or time by re-simulating from the nearest keyframe.
//!
//! The engine is deterministic (a clone replays bit for bit), so the history never stores
//! states between keyframes: any point is reached by cloning the keyframe before it and
//! running the engine forward. Keyframes are taken only at the head (the furthest point
//! simulated) and are thinned, keeping every other one, when there are more than the cap:
//! memory stays bounded and re-simulation costs at most about twice the current spacing.

use std::collections::VecDeque;

use crate::sim::{Event, Halt, World};

/// Rough bytes per disc of a `World` clone (body, grid slot and a share of the event heap);
/// only used to turn a memory budget into a keyframe count.
const BYTES_PER_DISC: usize = 640;

/// Collisions kept in the log before the oldest half is dropped.
pub const LOG_CAP: usize = 200_000;

/// A world saved at `seq` processed events (crossings included) and simulation `time`.
#[derive(Clone, Debug)]
struct Keyframe {
    seq: u64,
    time: f64,
    world: World,
}

/// A logged collision: `seq` is the engine's total event count right after it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Logged {
    /// The engine's total event count (crossings included) right after this collision.
    pub seq: u64,
    /// The collision.
    pub event: Event,
}

/// What one forward move did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Moved {
    /// Collisions processed (crossings not counted).
    pub collisions: u64,
    /// The engine's per-call event cap stopped it before the target time.
    pub capped: bool,
    /// The engine stopped for good (see [`Halt`]).
    pub halted: Option<Halt>,
}

/// History of one run from its origin (time 0) to the head.
#[derive(Clone, Debug)]
pub struct Timeline {
    world: World,
    keyframes: Vec<Keyframe>,
    log: VecDeque<Logged>,
    /// Collisions dropped from the front of the log (global index of `log[0]`).
    dropped: usize,
    /// The engine's event count right after the newest collision dropped from the log:
    /// before it, the log does not say which collision comes next.
    dropped_to: Option<u64>,
    /// Collisions kept before the oldest half is dropped ([`LOG_CAP`]; smaller in tests).
    log_cap: usize,
    head_seq: u64,
    head_time: f64,
    every_events: u64,
    every_time: f64,
    max_keyframes: usize,
    /// The collision resolved most recently by a move (for highlighting).
    last: Option<Event>,
}

impl Timeline {
    /// A history starting at `world` (normally at time 0), with keyframes every
    /// `every_events` events or `every_time` seconds and at most `budget_bytes` of them.
    pub fn new(world: World, every_events: u64, every_time: f64, budget_bytes: usize) -> Self {
        let max_keyframes = keyframe_cap(world.len(), budget_bytes);
        let origin = Keyframe {
            seq: world.counts().total(),
            time: world.time(),
            world: world.clone(),
        };
        Self {
            head_seq: origin.seq,
            head_time: origin.time,
            keyframes: vec![origin],
            world,
            log: VecDeque::new(),
            dropped: 0,
            dropped_to: None,
            log_cap: LOG_CAP,
            every_events: every_events.max(1),
            every_time: if every_time > 0.0 { every_time } else { 1.0 },
            max_keyframes,
            last: None,
        }
    }

    /// The world at the current time (which may be behind the head after a rewind).
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The world as it was at the origin of this history.
    pub fn origin(&self) -> &World {
        &self.keyframes[0].world
    }

    /// The current time.
    pub fn time(&self) -> f64 {
        self.world.time()
    }

    /// The furthest time simulated so far.
    pub fn head_time(&self) -> f64 {
        self.head_time
    }

    /// Changes the memory allowed for keyframes; extra ones are thinned at the next move.
    pub fn set_budget(&mut self, budget_bytes: usize) {
        self.max_keyframes = keyframe_cap(self.world.len(), budget_bytes);
    }

    /// Keyframes held now (the origin included).
    pub fn keyframe_count(&self) -> usize {
        self.keyframes.len()
    }

    /// Keyframes the memory budget allows.
    pub fn max_keyframes(&self) -> usize {
        self.max_keyframes
    }

    /// Current keyframe spacing (events, seconds); doubles at each thinning.
    pub fn spacing(&self) -> (u64, f64) {
        (self.every_events, self.every_time)
    }

    /// The collision resolved by the most recent move, if that move resolved one.
    pub fn last_event(&self) -> Option<&Event> {
        self.last.as_ref()
    }

    /// Global index of the first collision still in the log.
    pub fn first_logged(&self) -> usize {
        self.dropped
    }

    /// One past the global index of the newest logged collision.
    pub fn log_end(&self) -> usize {
        self.dropped + self.log.len()
    }

    /// Logged collision `k` (global index), if it is still in the log.
    pub fn logged(&self, k: usize) -> Option<&Logged> {
        self.log.get(k.checked_sub(self.dropped)?)
    }

    /// Global index of the newest logged collision already processed by the current
    /// world, i.e. the one the current state follows.
    pub fn current_index(&self) -> Option<usize> {
        let seq = self.world.counts().total();
        let n = self.log.partition_point(|l| l.seq <= seq);
        n.checked_sub(1).map(|k| k + self.dropped)
    }

    /// Advances the current world by `dt` seconds, logging collisions past the head.
    pub fn advance(&mut self, dt: f64) -> Moved {
        self.advance_to(self.world.time() + dt)
    }

    /// [`Timeline::advance`] to the time `target` itself, events at it included: steps of
    /// `dt` can add up to just short of it, which left a replay before the events at the
    /// very time a report asked for.
    pub fn advance_to(&mut self, target: f64) -> Moved {
        let mut seq = self.world.counts().total();
        let head = self.head_seq;
        let mut collisions = 0;
        let mut last = None;
        let log = &mut self.log;
        let report = self.world.advance_to_with(target, |e| {
            seq += 1;
            if e.kind.is_collision() {
                collisions += 1;
                last = Some(*e);
                if seq > head {
                    log.push_back(Logged { seq, event: *e });
                }
            }
        });
        if last.is_some() {
            self.last = last;
        }
        self.after_forward();
        Moved {
            collisions,
            capped: report.capped,
            halted: report.halted,
        }
    }

    /// Moves to right after the next collision. False when nothing will ever collide.
    pub fn step_next(&mut self) -> bool {
        let seq = self.world.counts().total();
        let k = self.log.partition_point(|l| l.seq <= seq);
        // Before the log's oldest half was dropped, its first entry is not the next
        // collision: after a scrub back in a long run, → went hundreds of thousands of
        // events on. There, as past the log, the engine finds it.
        let logged = self.dropped_to.is_none_or(|to| seq >= to);
        if let Some(&next) = self.log.get(k).filter(|_| logged) {
            self.world.run_events(next.seq - seq);
            self.last = Some(next.event);
            self.after_forward();
            return true;
        }
        // Past the log: run one event at a time until a collision, then replay the same
        // events on a copy to learn what they were (`run_events` reports only counts).
        let before = self.world.clone();
        loop {
            let r = self.world.run_events(1);
            if r.events() == 0 {
                return false;
            }
            if r.counts.collisions() > 0 {
                break;
            }
        }
        let end = self.world.counts().total();
        let mut probe = before;
        let mut s = seq;
        let head = self.head_seq;
        let log = &mut self.log;
        let mut last = None;
        probe.advance_to_with(self.world.time(), |e| {
            s += 1;
            if s <= end && e.kind.is_collision() {
                last = Some(*e);
                if s > head {
                    log.push_back(Logged { seq: s, event: *e });
                }
            }
        });
        self.last = last;
        self.after_forward();
        true
    }

    /// Moves back one collision: to the one the current state follows, or the one before
    /// it when the state is exactly at it; to the origin before the first. False when
    /// already at the origin or the target has left the log.
    pub fn step_back(&mut self) -> bool {
        let seq = self.world.counts().total();
        if self.dropped_to.is_some_and(|to| seq <= to) {
            return self.step_back_unlogged(seq);
        }
        let target = match self.current_index() {
            Some(k) => {
                let at = self
                    .logged(k)
                    .is_some_and(|l| l.seq == seq && l.event.time == self.world.time());
                if at { k.checked_sub(1) } else { Some(k) }
            }
            None => None,
        };
        match target {
            Some(k) => self.jump_to_event(k),
            None => self.rewind_to_origin(),
        }
    }

    /// [`Timeline::step_back`] where the log no longer holds the collisions: re-simulated
    /// from the keyframes before the current state, the latest first, to the collision the
    /// state follows (or the one before it, when the state is right after one).
    fn step_back_unlogged(&mut self, seq: u64) -> bool {
        // Every event up to `seq` came by the current time; the cap stops at `seq`.
        let now = self.world.time();
        let mut below = seq;
        let mut end = self.keyframes.partition_point(|f| f.seq < seq);
        while let Some(i) = end.checked_sub(1) {
            let f = &self.keyframes[i];
            let mut probe = f.world.clone();
            probe.set_max_events(below - f.seq);
            let mut s = f.seq;
            let mut found: Option<(u64, Event)> = None;
            probe.advance_to_with(now, |e| {
                s += 1;
                // Right after one at `seq` itself, the one before it.
                if e.kind.is_collision() && s < seq {
                    found = Some((s, *e));
                }
            });
            if let Some((at, event)) = found {
                let mut w = f.world.clone();
                w.run_events(at - f.seq);
                self.world = w;
                self.last = Some(event);
                return true;
            }
            below = f.seq;
            end = i;
        }
        self.rewind_to_origin()
    }

    fn rewind_to_origin(&mut self) -> bool {
        let origin = &self.keyframes[0];
        let already = self.world.counts().total() == origin.seq && self.world.time() == origin.time;
        self.world = origin.world.clone();
        self.last = None;
        !already
    }

    /// Puts the current world right after logged collision `k` (global index), re-simulated
    /// from the last keyframe before it. False when `k` is not in the log.
    pub fn jump_to_event(&mut self, k: usize) -> bool {
        let Some(&l) = self.logged(k) else {
            return false;
        };
        let i = self.keyframes.partition_point(|f| f.seq < l.seq);
        let Some(f) = i.checked_sub(1).and_then(|i| self.keyframes.get(i)) else {
            return false;
        };
        let mut w = f.world.clone();
        w.run_events(l.seq - f.seq);
        self.world = w;
        self.last = Some(l.event);
        true
    }

    /// Puts the current world at time `t` (clamped to the recorded range), re-simulated from
    /// the last keyframe at or before it.
    pub fn scrub_to(&mut self, t: f64) {
        let t = if t.is_finite() { t } else { 0.0 };
        let t = t.clamp(self.keyframes[0].time, self.head_time);
        let i = self.keyframes.partition_point(|f| f.time <= t);
        let f = &self.keyframes[i.saturating_sub(1)];
        let mut w = f.world.clone();
        let mut last = None;
        w.advance_to_with(t, |e| {
            if e.kind.is_collision() {
                last = Some(*e);
            }
        });
        self.world = w;
        self.last = last;
    }

    /// Head bookkeeping after any forward move: extends the head, takes a keyframe when
    /// due, and bounds the log and the keyframes.
    fn after_forward(&mut self) {
        let seq = self.world.counts().total();
        let time = self.world.time();
        if seq < self.head_seq || (seq == self.head_seq && time <= self.head_time) {
            return;
        }
        self.head_seq = seq;
        self.head_time = self.head_time.max(time);
        if let Some(f) = self.keyframes.last()
            && (seq - f.seq >= self.every_events || time - f.time >= self.every_time)
        {
            self.keyframes.push(Keyframe {
                seq,
                time,
                world: self.world.clone(),
            });
        }
        while self.keyframes.len() > self.max_keyframes {
            let mut i = 0;
            self.keyframes.retain(|_| {
                i += 1;
                i % 2 == 1
            });
            self.every_events = self.every_events.saturating_mul(2);
            self.every_time *= 2.0;
        }
        if self.log.len() > self.log_cap {
            let drop = self.log.len() / 2;
            self.dropped_to = self.log.get(drop - 1).map(|l| l.seq).or(self.dropped_to);
            self.log.drain(..drop);
            self.dropped += drop;
        }
    }
}

/// How many keyframes of a world of `discs` discs fit in `budget_bytes` (at least 4).
fn keyframe_cap(discs: usize, budget_bytes: usize) -> usize {
    let per = (discs.max(1) * BYTES_PER_DISC).max(4096);
    (budget_bytes / per).clamp(4, 4096)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Aabb;
    use glam::Vec2;

    fn world() -> World {
        let b = Aabb::new(Vec2::ZERO, Vec2::new(40.0, 30.0));
        World::random(60, 0.3, 3, b).unwrap_or_else(|e| panic!("{e}"))
    }

    fn positions(w: &World) -> Vec<[u64; 4]> {
        w.discs()
            .map(|d| {
                [
                    d.position.x.to_bits(),
                    d.position.y.to_bits(),
                    d.velocity.x.to_bits(),
                    d.velocity.y.to_bits(),
                ]
            })
            .collect()
    }

    #[test]
    fn stepping_matches_a_plain_run_and_back_is_exact() {
        let mut t = Timeline::new(world(), 7, 0.05, 1 << 20);
        let mut states = vec![positions(t.world())];
        for _ in 0..40 {
            assert!(t.step_next());
            states.push(positions(t.world()));
        }
        assert_eq!(t.log_end(), 40);
        // Every logged collision is a collision, in time order.
        let times: Vec<f64> = (0..40)
            .filter_map(|k| t.logged(k))
            .map(|l| l.event.time)
            .collect();
        assert!(times.windows(2).all(|w| w[0] <= w[1]));
        // A plain engine run to the 40th collision reaches the same state.
        let mut plain = world();
        let mut collisions = 0;
        while collisions < 40 {
            collisions += plain.run_events(1).counts.collisions();
        }
        assert_eq!(positions(&plain), states[40]);
        for k in (0..40).rev() {
            assert!(t.step_back());
            assert_eq!(positions(t.world()), states[k], "back to {k}");
        }
        assert!(!t.step_back());
    }

    #[test]
    fn keyframes_stay_under_the_cap_and_jumps_stay_exact() {
        // A budget of 4 keyframes forces repeated thinning.
        let mut t = Timeline::new(world(), 5, 0.01, 0);
        for _ in 0..300 {
            t.advance(0.01);
        }
        assert!(t.keyframe_count() <= t.max_keyframes());
        assert!(t.spacing().0 > 5);
        let k = t.log_end() / 2;
        let l = *t.logged(k).unwrap_or_else(|| panic!("no event {k}"));
        assert!(t.jump_to_event(k));
        assert_eq!(t.world().counts().total(), l.seq);
        assert_eq!(t.world().time(), l.event.time);
        let mut plain = world();
        plain.run_events(l.seq);
        assert_eq!(positions(&plain), positions(t.world()));
        // Scrubbing to a time equals advancing a fresh world there in one call.
        t.scrub_to(1.234);
        let mut plain = world();
        plain.advance(1.234);
        assert_eq!(positions(&plain), positions(t.world()));
        assert_eq!(t.world().time(), 1.234);
    }

    /// User test: in a run long enough that the log dropped its oldest half, → after a
    /// scrub back went to the oldest collision still logged (hundreds of thousands of
    /// events on), and ← there did nothing. Before the log, both re-simulate: every step
    /// is the plain run's next or previous collision.
    #[test]
    fn stepping_before_the_dropped_part_of_the_log_goes_one_collision_at_a_time() {
        let mut t = Timeline::new(world(), 7, 0.05, 1 << 22);
        t.log_cap = 200;
        while t.dropped == 0 || t.log_end() < 600 {
            t.advance(0.2);
        }
        // The plain run's states after each of its first 80 collisions.
        let mut plain = world();
        let mut states = vec![positions(&plain)];
        while states.len() <= 80 {
            if plain.run_events(1).counts.collisions() > 0 {
                states.push(positions(&plain));
            }
        }
        t.scrub_to(0.0);
        for (k, state) in states.iter().enumerate().skip(1) {
            assert!(t.step_next(), "to {k}");
            assert_eq!(&positions(t.world()), state, "forward to {k}");
        }
        for k in (1..80).rev() {
            assert!(t.step_back(), "back to {k}");
            assert_eq!(positions(t.world()), states[k], "back to {k}");
        }
    }

    #[test]
    fn replaying_does_not_log_twice() {
        let mut t = Timeline::new(world(), 50, 0.5, 1 << 20);
        for _ in 0..10 {
            t.advance(0.1);
        }
        let n = t.log_end();
        assert!(n > 0);
        t.scrub_to(0.3);
        for _ in 0..7 {
            t.advance(0.1);
        }
        assert_eq!(t.log_end(), n);
        t.advance(0.1);
        assert!(t.log_end() >= n);
        let seqs: Vec<u64> = (0..t.log_end())
            .filter_map(|k| t.logged(k))
            .map(|l| l.seq)
            .collect();
        assert!(seqs.windows(2).all(|w| w[0] < w[1]));
    }
}
