//! The published per-frame billiards loop run beside the exact engine from the same initial
//! state, and the list of places where it goes wrong.
//!
//! The published loop only exists frame by frame, so it runs on a fixed frame clock
//! (`FRAME` seconds per step, as the demo does at 60 Hz) and is synchronised to the exact
//! engine's time by whole frames. Rewinding restores a snapshot and re-steps, so the run is
//! the same whatever the user scrubs. Divergences are detected from the outside (state
//! before and after each frame): they are facts about the published loop, not differences
//! of rounding with the exact engine.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use glam::DVec2;

use crate::sim::World;
use crate::variants::billiards::{Disc, PublishedLoop};

/// Seconds per published frame.
pub const FRAME: f64 = 1.0 / 60.0;

/// Above this many discs the O(n²)-per-event loop is too slow to run interactively.
pub const MAX_DISCS: usize = 400;

/// Frames simulated per call at most, so catching up never freezes the UI.
const MAX_FRAMES_PER_SYNC: u64 = 120;

/// Wall time spent catching up per call at most (the result does not depend on it).
const SYNC_TIME: Duration = Duration::from_millis(10);

/// Snapshots kept before thinning to every other one.
const MAX_SNAPSHOTS: usize = 128;

/// Divergences listed at most (a stalling run would add one per frame).
const MAX_LISTED: usize = 1000;

/// How the published loop departs from the exact engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DivergenceKind {
    /// A velocity became NaN or infinite (slope `dy/dx` of vertically aligned centres).
    NanVelocity,
    /// A disc's centre left the box (or became NaN).
    Escaped,
    /// A contact at `t = 0` (touching or overlapping and approaching) that the loop skips.
    SkippedAtZero,
    /// A frame needed more events than the cap: the original would never finish it.
    Stalled,
}

impl DivergenceKind {
    /// A short label for tables and the event log.
    pub fn label(&self) -> &'static str {
        match self {
            DivergenceKind::NanVelocity => "NaN velocity",
            DivergenceKind::Escaped => "escaped the box",
            // "at t = 0" beside the row's own time read as two clocks: the loop's time to
            // the contact is 0 (touching or overlapping and approaching).
            DivergenceKind::SkippedAtZero => {
                "skipped a contact due at once (touching, approaching)"
            }
            DivergenceKind::Stalled => "stalled frame",
        }
    }
}

/// One divergence: when, which disc(s), and what.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Divergence {
    /// The simulation time at which the comparison saw it.
    pub time: f64,
    /// What went wrong.
    pub kind: DivergenceKind,
    /// The disc, when one is to blame.
    pub disc: Option<usize>,
    /// The partner of a skipped pair contact.
    pub other: Option<usize>,
}

impl Divergence {
    /// One line for the list, e.g. `t = 1.2500  disc 3  NaN velocity`.
    pub fn describe(&self) -> String {
        let who = match (self.disc, self.other) {
            (Some(i), Some(j)) => format!("discs {i} & {j}"),
            (Some(i), None) => format!("disc {i}"),
            _ => "all discs".to_owned(),
        };
        format!("t = {:.4}  {who}  {}", self.time, self.kind.label())
    }
}

/// Why the published loop cannot follow `world` like for like: what the run has that the
/// loop knows nothing of (obstacles, a restitution below 1), named only where the run has
/// it; `None` when the two run the same physics.
pub fn unlike_published(world: &World) -> Option<String> {
    let obstacles = !world.solids().is_empty();
    let e = world.restitution();
    let restitution = e != 1.0;
    let has = match (obstacles, restitution) {
        (false, false) => return None,
        (true, false) => "obstacles, which this run has: its discs pass through them".to_owned(),
        (false, true) => format!(
            "restitution (it bounces elastically), and this run's is {}: its discs keep \
             the energy the engine's lose",
            e
        ),
        (true, true) => format!(
            "obstacles and no restitution, and this run has obstacles and a restitution of \
             {}: its discs pass through the obstacles and keep the energy the engine's lose",
            e
        ),
    };
    Some(format!(
        "the published loop knows no {has}; the position gap measures that, not a fault of \
         either"
    ))
}

/// The published loop in lockstep with a world's time.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The world's `min` corner: the published box runs from 0 to the size.
    offset: DVec2,
    current: PublishedLoop,
    frame: u64,
    head_frame: u64,
    snapshots: Vec<(u64, PublishedLoop)>,
    snapshot_every: u64,
    divergences: Vec<Divergence>,
    seen: HashSet<(DivergenceKind, usize, usize)>,
}

impl Comparison {
    /// The published loop started from `origin`'s discs (positions, velocities, radii; the
    /// published loop has no masses, obstacles or restitution). `None` when there are too
    /// many discs to run it interactively.
    pub fn new(origin: &World) -> Option<Self> {
        if origin.len() > MAX_DISCS {
            return None;
        }
        let (min, max) = origin.bounds();
        let discs = origin
            .discs()
            .map(|d| Disc {
                pos: (d.position - min).to_array(),
                vel: d.velocity.to_array(),
                r: d.radius,
            })
            .collect();
        let size = max - min;
        let mut current = PublishedLoop::new(discs, size.x, size.y);
        // Each event costs a full O(n²) scan. The original never gives up; here a frame
        // stops after about 10⁸ pair tests (well under a second), far more events than
        // any frame needs unless contacts cluster without end.
        let n = origin.len().max(2) as f64;
        current.max_events = (2.0e8 / (n * n)).clamp(1000.0, 10_000.0) as usize;
        Some(Self {
            offset: min,
            snapshots: vec![(0, current.clone())],
            current,
            frame: 0,
            head_frame: 0,
            snapshot_every: 30,
            divergences: Vec::new(),
            seen: HashSet::new(),
        })
    }

    /// Steps (or rewinds and re-steps) to the last whole frame at or before `time`. Returns
    /// false when it had to stop early to keep the UI responsive (call again next frame).
    pub fn sync_to(&mut self, time: f64) -> bool {
        let target = if time.is_finite() && time > 0.0 {
            (time / FRAME + 1e-9).floor() as u64
        } else {
            0
        };
        if target < self.frame {
            let i = self.snapshots.partition_point(|(f, _)| *f <= target);
            if let Some((f, s)) = self.snapshots.get(i.saturating_sub(1)) {
                self.frame = *f;
                self.current = s.clone();
            }
        }
        let start = Instant::now();
        let mut budget = MAX_FRAMES_PER_SYNC;
        while self.frame < target {
            if budget == 0 || start.elapsed() > SYNC_TIME {
                return false;
            }
            budget -= 1;
            self.step_frame();
        }
        true
    }

    fn step_frame(&mut self) {
        let fresh = self.frame >= self.head_frame;
        let t0 = self.frame as f64 * FRAME;
        if fresh {
            self.check_zero_time_contacts(t0);
        }
        let was_nan: Vec<bool> = self.current.discs.iter().map(|d| !finite(d.vel)).collect();
        let report = self.current.step(FRAME);
        self.frame += 1;
        if !fresh {
            return;
        }
        self.head_frame = self.frame;
        let t1 = self.frame as f64 * FRAME;
        let (w, h) = (self.current.width, self.current.height);
        let mut found = Vec::new();
        for (i, d) in self.current.discs.iter().enumerate() {
            if !finite(d.vel) && !was_nan.get(i).copied().unwrap_or(false) {
                found.push((DivergenceKind::NanVelocity, i));
            }
            let [x, y] = d.pos;
            if !(x >= 0.0 && x <= w && y >= 0.0 && y <= h) {
                found.push((DivergenceKind::Escaped, i));
            }
        }
        for (kind, i) in found {
            self.record(t1, kind, Some(i), None);
        }
        if report.stalled {
            self.push(Divergence {
                time: t1,
                kind: DivergenceKind::Stalled,
                disc: None,
                other: None,
            });
        }
        if self.frame.is_multiple_of(self.snapshot_every) {
            self.snapshots.push((self.frame, self.current.clone()));
            if self.snapshots.len() > MAX_SNAPSHOTS {
                let mut k = 0;
                self.snapshots.retain(|_| {
                    k += 1;
                    k % 2 == 1
                });
                self.snapshot_every *= 2;
            }
        }
    }

    /// Contacts the loop cannot see because their time is not `> 0`: a pair touching or
    /// overlapping while approaching, or a disc on a wall moving out.
    fn check_zero_time_contacts(&mut self, t: f64) {
        let (w, h) = (self.current.width, self.current.height);
        let mut found = Vec::new();
        let discs = &self.current.discs;
        for (i, a) in discs.iter().enumerate() {
            let on_wall = (a.pos[0] == a.r && a.vel[0] < 0.0)
                || (a.pos[0] == w - a.r && a.vel[0] > 0.0)
                || (a.pos[1] == a.r && a.vel[1] < 0.0)
                || (a.pos[1] == h - a.r && a.vel[1] > 0.0);
            if on_wall {
                found.push((i, None));
            }
            for (j, b) in discs.iter().enumerate().skip(i + 1) {
                let d = [a.pos[0] - b.pos[0], a.pos[1] - b.pos[1]];
                let v = [a.vel[0] - b.vel[0], a.vel[1] - b.vel[1]];
                let reach = a.r + b.r;
                let touching = d[0] * d[0] + d[1] * d[1] <= reach * reach * (1.0 + 1e-12);
                if touching && d[0] * v[0] + d[1] * v[1] < 0.0 {
                    found.push((i, Some(j)));
                }
            }
        }
        for (i, j) in found {
            self.record(t, DivergenceKind::SkippedAtZero, Some(i), j);
        }
    }

    /// Lists a divergence once per (kind, disc, partner).
    fn record(
        &mut self,
        time: f64,
        kind: DivergenceKind,
        disc: Option<usize>,
        other: Option<usize>,
    ) {
        let key = (
            kind,
            disc.unwrap_or(usize::MAX),
            other.unwrap_or(usize::MAX),
        );
        if self.seen.insert(key) {
            self.push(Divergence {
                time,
                kind,
                disc,
                other,
            });
        }
    }

    fn push(&mut self, d: Divergence) {
        if self.divergences.len() < MAX_LISTED {
            self.divergences.push(d);
        }
    }

    /// Everything found so far, in time order.
    pub fn divergences(&self) -> &[Divergence] {
        &self.divergences
    }

    /// The time of the first divergence.
    pub fn first_divergence(&self) -> Option<f64> {
        self.divergences.first().map(|d| d.time)
    }

    /// The published loop's time (whole frames).
    pub fn time(&self) -> f64 {
        self.frame as f64 * FRAME
    }

    /// Disc centres and radii in world coordinates (NaN centres included; callers skip them).
    pub fn discs(&self) -> impl Iterator<Item = (DVec2, f64)> + '_ {
        let o = self.offset;
        self.current
            .discs
            .iter()
            .map(move |d| (DVec2::from_array(d.pos) + o, d.r))
    }

    /// Largest distance between a published disc and the same exact disc (NaN counts as
    /// infinitely far); `None` when the disc counts differ.
    pub fn max_gap(&self, world: &World) -> Option<f64> {
        if world.len() != self.current.discs.len() {
            return None;
        }
        let gap = self
            .discs()
            .zip(world.discs())
            .map(|((p, _), d)| {
                let g = (p - d.position).length();
                if g.is_finite() { g } else { f64::INFINITY }
            })
            .fold(0.0, f64::max);
        Some(gap)
    }
}

fn finite(v: [f64; 2]) -> bool {
    v[0].is_finite() && v[1].is_finite()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Aabb;
    use crate::sim::DiscInit;
    use glam::Vec2;

    fn pair(a: DVec2, va: DVec2, b: DVec2, vb: DVec2) -> World {
        let bounds = Aabb::new(Vec2::new(-10.0, -10.0), Vec2::new(10.0, 10.0));
        let discs = [DiscInit::new(a, va, 1.0), DiscInit::new(b, vb, 1.0)];
        World::new(bounds, &discs, &[]).unwrap_or_else(|e| panic!("{e}"))
    }

    /// User test: a run with obstacles and restitution 1 was told the published loop
    /// "knows no obstacles and no restitution, which this run has". Only what the run has
    /// is named.
    #[test]
    fn not_like_for_like_names_only_what_the_run_has() {
        let a = (DVec2::new(-5.0, 0.0), DVec2::X);
        let b = (DVec2::new(5.0, 0.0), -DVec2::X);
        let plain = pair(a.0, a.1, b.0, b.1);
        assert_eq!(unlike_published(&plain), None);
        let mut inelastic = plain.clone();
        inelastic
            .set_restitution(0.5)
            .unwrap_or_else(|e| panic!("{e}"));
        let why = unlike_published(&inelastic).unwrap_or_default();
        assert!(why.contains("restitution") && why.contains("0.5"), "{why}");
        assert!(!why.contains("obstacle"), "{why}");
        let bounds = Aabb::new(Vec2::new(-10.0, -10.0), Vec2::new(10.0, 10.0));
        let post = crate::sim::Solid::Box(Aabb::new(Vec2::new(-1.0, 5.0), Vec2::new(1.0, 6.0)));
        let discs = [DiscInit::new(a.0, a.1, 1.0), DiscInit::new(b.0, b.1, 1.0)];
        let mut with_post = World::new(bounds, &discs, &[post]).unwrap_or_else(|e| panic!("{e}"));
        let why = unlike_published(&with_post).unwrap_or_default();
        assert!(
            why.contains("obstacles") && !why.contains("restitution"),
            "{why}"
        );
        with_post
            .set_restitution(0.0)
            .unwrap_or_else(|e| panic!("{e}"));
        let why = unlike_published(&with_post).unwrap_or_default();
        assert!(
            why.contains("obstacles") && why.contains("restitution of 0"),
            "{why}"
        );
    }

    #[test]
    fn vertically_aligned_pair_gives_nan_at_the_contact_frame() {
        // Centres 4.326 apart closing at 2/s: contact at t = 1.163, inside frame 70 (a
        // contact exactly on a frame boundary would be skipped instead).
        let w = pair(
            DVec2::new(0.0, 2.163),
            DVec2::new(0.0, -1.0),
            DVec2::new(0.0, -2.163),
            DVec2::new(0.0, 1.0),
        );
        let mut c = Comparison::new(&w).unwrap_or_else(|| panic!("small world"));
        while !c.sync_to(1.5) {}
        let nan: Vec<_> = c
            .divergences()
            .iter()
            .filter(|d| d.kind == DivergenceKind::NanVelocity)
            .collect();
        assert_eq!(nan.len(), 2, "{:?}", c.divergences());
        // Reported at the end of the frame holding the contact: 70/60.
        assert!((nan[0].time - 70.0 * FRAME).abs() < 1e-9, "{}", nan[0].time);
        assert_eq!(c.first_divergence(), Some(nan[0].time));
    }

    #[test]
    fn touching_approaching_pair_is_a_skipped_zero_time_event() {
        // Touching (distance 2 = r1 + r2) and approaching along a diagonal.
        let w = pair(
            DVec2::new(-1.0, 0.0),
            DVec2::new(1.0, 0.5),
            DVec2::new(1.0, 0.0),
            DVec2::new(-1.0, 0.0),
        );
        let mut c = Comparison::new(&w).unwrap_or_else(|| panic!("small world"));
        c.sync_to(FRAME);
        let d = c.divergences().first().copied();
        assert_eq!(
            d.map(|d| (d.kind, d.disc, d.other, d.time)),
            Some((DivergenceKind::SkippedAtZero, Some(0), Some(1), 0.0))
        );
        // Rewinding and replaying does not list it again.
        c.sync_to(0.0);
        while !c.sync_to(0.5) {}
        assert_eq!(
            c.divergences()
                .iter()
                .filter(|d| d.kind == DivergenceKind::SkippedAtZero)
                .count(),
            1
        );
    }

    #[test]
    fn an_ordinary_run_has_no_divergence_and_tracks_the_exact_engine() {
        // A head-on pair along x meeting at t = 2.013 (not on a frame boundary): the slope
        // is 0, nothing goes wrong.
        let w = pair(
            DVec2::new(-3.013, 0.0),
            DVec2::new(1.0, 0.0),
            DVec2::new(3.013, 0.0),
            DVec2::new(-1.0, 0.0),
        );
        let mut c = Comparison::new(&w).unwrap_or_else(|| panic!("small world"));
        let mut exact = w.clone();
        exact.advance(3.0);
        // 180 frames: more than one call's budget of 120.
        assert!(!c.sync_to(3.0));
        while !c.sync_to(3.0) {}
        assert_eq!(c.time(), 3.0);
        assert!(c.divergences().is_empty(), "{:?}", c.divergences());
        let gap = c.max_gap(&exact);
        assert!(gap.is_some_and(|g| g < 1e-9), "{gap:?}");
    }
}
