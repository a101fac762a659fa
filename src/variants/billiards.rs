//! Seed 004: Benjamin Joffe's event-driven discs in a box.
//!
//! The pair solve ([`pair_time`]) is the published `check_collision`: with the offset
//! `(a, c)` and relative velocity `(b, d)`, the smaller root of
//! `(a + bt)² + (c + dt)² = (r1 + r2)²`, written `−p − sqrt((R² − (a² + c²)) / (b² + d²) + p²)`
//! with `p = (ab + cd) / (b² + d²)`, or −1 when the relative velocity is zero. An event only
//! counts when `0 < t < time_left`. [`cast`] runs it for a moving circle against a moving
//! circle over one step (time_left = 1, velocities = the displacements).
//!
//! [`PublishedLoop`] ports the per-frame `move()` for the simulation comparison: walls at
//! `0` and `width` / `height`, the "god forbid" out-of-box flip (which skips that disc's
//! other tests), the O(n²) scan for the earliest event, advancing every disc, the wall flip or
//! the pair resolution along the line of centres with slope `dy/dx` and mass ∝ r², repeated
//! until no event is left. The original loops `while (true)`; this port stops after
//! `max_events` events and says so (`stalled`), so callers never hang.
//!
//! # Flaws (kept on purpose)
//! - Events exactly at `t = 0` are skipped (`t > 0`): two discs touching and approaching are
//!   not resolved, and pass into each other.
//! - When the discs never get close, `sqrt` of a negative number gives NaN, which the loop's
//!   `ball_time > 0 && ball_time < col_time` silently takes as no event: [`cast`] answers
//!   the miss the code makes of it (the discs do not meet, so it is the right answer; a
//!   NaN from a discriminant rounded below zero where they barely do meet is a missed hit,
//!   and the why names this flaw).
//! - The smaller root is taken even when negative (already overlapping): skipped, so an
//!   overlap is never resolved.
//! - The resolution uses the slope `(y1 − y2) / (x1 − x2)`: with the centres vertically
//!   aligned it is infinite and the velocities become NaN.
//! - O(n²) pair scan per event.
//! - `while (true)` with no cap: clustered contacts produce ever smaller event times and the
//!   frame never ends.
//! - A contact exactly at the end of the step (`t = time_left`) is not an event.

use glam::Vec2;

use super::Outcome;
use super::flaw_detail::Detail;
use crate::geom::Sweep;
use crate::hit::{Feature, Hit};

/// The flaws above, one line each, for the variants panel.
pub const FLAWS: &[&str] = &[
    "events exactly at t = 0 are skipped",
    "sqrt of a negative discriminant is NaN when the discs never meet",
    "a negative smaller root (already overlapping) is skipped: overlaps are never resolved",
    "the line-of-centres slope dy/dx is infinite for vertically aligned discs (NaN velocities)",
    "O(n²) pair scan per event",
    "while(true) without a cap: clustered contacts never end the frame",
    "a contact exactly at the end of the step (t = time_left) is not an event",
];

/// The published `check_collision` for two discs: the time until they touch, or −1 when the
/// relative velocity is zero, or NaN when they never get close.
pub fn pair_time(
    a_pos: [f64; 2],
    a_vel: [f64; 2],
    a_r: f64,
    b_pos: [f64; 2],
    b_vel: [f64; 2],
    b_r: f64,
) -> f64 {
    let a = a_pos[0] - b_pos[0];
    let b = a_vel[0] - b_vel[0];
    let c = a_pos[1] - b_pos[1];
    let d = a_vel[1] - b_vel[1];
    if b == 0.0 && d == 0.0 {
        return -1.0;
    }
    let p = (a * b + c * d) / (b * b + d * d);
    let rr = (a_r + b_r) * (a_r + b_r);
    -p - ((rr - (a * a + c * c)) / (b * b + d * d) + p * p).sqrt()
}

/// Which of [`FLAWS`] `outcome` shows (its index), from the pair solve's own root.
pub(super) fn shown(
    sweep: &Sweep,
    other: &Sweep,
    outcome: &Outcome,
    exact: Option<&Hit>,
) -> Option<(usize, Detail)> {
    let exact = exact?;
    if !matches!(outcome, Outcome::Miss) {
        return None;
    }
    let t = pair_time(
        sweep.start.as_dvec2().to_array(),
        sweep.delta().as_dvec2().to_array(),
        f64::from(sweep.radius),
        other.start.as_dvec2().to_array(),
        other.delta().as_dvec2().to_array(),
        f64::from(other.radius),
    );
    if t.is_nan() {
        Some((1, Detail::SmallerRoot { time: t }))
    } else if exact.started_inside && t < 0.0 {
        Some((2, Detail::SmallerRoot { time: t }))
    } else if exact.time == 0.0 && t <= 0.0 {
        Some((0, Detail::SmallerRoot { time: t }))
    } else if exact.time == 1.0 && t >= 1.0 {
        Some((6, Detail::SmallerRoot { time: t }))
    } else {
        None
    }
}

/// A moving circle against a moving circle over one step.
pub fn cast(sweep: &Sweep, other: &Sweep) -> Outcome {
    let v2 = |v: Vec2| [f64::from(v.x), f64::from(v.y)];
    let t = pair_time(
        v2(sweep.start),
        v2(sweep.delta()),
        f64::from(sweep.radius),
        v2(other.start),
        v2(other.delta()),
        f64::from(other.radius),
    );
    // `ball_time > 0 && ball_time < col_time`, with col_time = the whole step: false for
    // NaN too. A red "failed" beside every circle the ball never comes near was noise: the
    // published loop answers those misses, rightly.
    if !(t > 0.0 && t < 1.0) {
        return Outcome::Miss;
    }
    let time = t as f32;
    let center = sweep.at(time);
    let other_center = other.at(time);
    let normal = (center - other_center) / (sweep.radius + other.radius);
    Outcome::Hit(Hit {
        time,
        center,
        point: other_center + normal * other.radius,
        normal,
        face_normal: normal,
        feature: Feature::Circle,
        region: None,
        started_inside: false,
    })
}

/// The published elastic pair response along the line of centres (slope form, mass ∝ r²).
pub fn apply_collision(b1: &mut Disc, b2: &mut Disc) {
    let a = (b2.r * b2.r) / (b1.r * b1.r);
    let b = (b1.pos[1] - b2.pos[1]) / (b1.pos[0] - b2.pos[0]);
    let c =
        2.0 * ((b1.vel[0] - b2.vel[0]) + b * (b1.vel[1] - b2.vel[1])) / ((1.0 + b * b) * (1.0 + a));
    b2.vel[0] += c;
    b2.vel[1] += c * b;
    b1.vel[0] -= c * a;
    b1.vel[1] -= c * a * b;
}

/// One disc of the published demo.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Disc {
    /// The centre, `[x, y]`.
    pub pos: [f64; 2],
    /// The velocity per frame time, `[x, y]`.
    pub vel: [f64; 2],
    /// The radius (the mass is taken as r²).
    pub r: f64,
}

/// What one frame of the published loop did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameReport {
    /// Events resolved (walls and pairs).
    pub events: usize,
    /// Of those, wall flips.
    pub wall_events: usize,
    /// Of those, pair resolutions.
    pub pair_events: usize,
    /// "God forbid" flips of a disc found outside the box and moving further out.
    pub guard_flips: usize,
    /// Time actually simulated (less than the frame's when stalled).
    pub time_simulated: f64,
    /// Some disc's velocity is NaN or infinite at the end of the frame.
    pub nan_velocity: bool,
    /// Some disc's centre is outside the box (or NaN) at the end of the frame.
    pub escaped: bool,
    /// `max_events` ran out before the frame ended: the original would still be looping.
    pub stalled: bool,
}

/// The published per-frame loop, with a safety cap on events per frame.
#[derive(Clone, Debug, PartialEq)]
pub struct PublishedLoop {
    /// The discs, updated frame by frame.
    pub discs: Vec<Disc>,
    /// The box is `[0, width] × [0, height]`.
    pub width: f64,
    /// See `width`.
    pub height: f64,
    /// Events per frame after which the frame is abandoned (`stalled`).
    pub max_events: usize,
}

/// Default cap on events per frame.
pub const DEFAULT_MAX_EVENTS: usize = 100_000;

/// The earliest event found by one scan.
#[derive(Clone, Copy)]
enum Event {
    /// Test method 0..=3: left, bottom/top (y = 0), right, far y wall.
    Wall(usize, u8),
    Pair(usize, usize),
}

impl PublishedLoop {
    /// The loop over `discs` in the box `[0, width] × [0, height]`, with the default cap.
    pub fn new(discs: Vec<Disc>, width: f64, height: f64) -> Self {
        Self {
            discs,
            width,
            height,
            max_events: DEFAULT_MAX_EVENTS,
        }
    }

    /// Advances the discs by `dt` as the published `move()` does.
    pub fn step(&mut self, dt: f64) -> FrameReport {
        let mut report = FrameReport::default();
        let mut time_left = dt;
        loop {
            let (col_time, event) = self.scan(time_left, &mut report);
            // The cap the original lacks: stop before moving to an event we will not resolve,
            // so a caller that carries on next frame still sees it ahead.
            if event.is_some() && report.events >= self.max_events {
                report.stalled = true;
                break;
            }
            for d in &mut self.discs {
                d.pos[0] += col_time * d.vel[0];
                d.pos[1] += col_time * d.vel[1];
            }
            report.time_simulated += col_time;
            let Some(event) = event else { break };
            self.resolve(event);
            report.events += 1;
            match event {
                Event::Wall(..) => report.wall_events += 1,
                Event::Pair(..) => report.pair_events += 1,
            }
            time_left -= col_time;
        }
        report.nan_velocity = self
            .discs
            .iter()
            .any(|d| !(d.vel[0].is_finite() && d.vel[1].is_finite()));
        report.escaped = self.discs.iter().any(|d| {
            let [x, y] = d.pos;
            !(x >= 0.0 && x <= self.width && y >= 0.0 && y <= self.height)
        });
        report
    }

    /// The O(n²) search for the earliest event before `time_left`, with the guard flips.
    fn scan(&mut self, time_left: f64, report: &mut FrameReport) -> (f64, Option<Event>) {
        let (w, h) = (self.width, self.height);
        let mut col_time = time_left;
        let mut event = None;
        for i in 0..self.discs.len() {
            let d = &mut self.discs[i];
            // "(god forbid)" the disc is outside the box and moving further out: flip, and
            // skip its other tests.
            if d.vel[0] < 0.0 && d.pos[0] < d.r || d.vel[0] > 0.0 && d.pos[0] + d.r > w {
                d.vel[0] *= -1.0;
                report.guard_flips += 1;
                continue;
            }
            if d.vel[1] < 0.0 && d.pos[1] < d.r || d.vel[1] > 0.0 && d.pos[1] + d.r > h {
                d.vel[1] *= -1.0;
                report.guard_flips += 1;
                continue;
            }
            let d = *d;
            for method in 0..4u8 {
                let ball_time = match method {
                    0 => (d.r - d.pos[0]) / d.vel[0],
                    1 => (d.r - d.pos[1]) / d.vel[1],
                    2 => (w - d.r - d.pos[0]) / d.vel[0],
                    _ => (h - d.r - d.pos[1]) / d.vel[1],
                };
                if ball_time > 0.0 && ball_time < col_time {
                    col_time = ball_time;
                    event = Some(Event::Wall(i, method));
                }
            }
            for j in i + 1..self.discs.len() {
                let o = self.discs[j];
                let ball_time = pair_time(d.pos, d.vel, d.r, o.pos, o.vel, o.r);
                if ball_time > 0.0 && ball_time < col_time {
                    col_time = ball_time;
                    event = Some(Event::Pair(i, j));
                }
            }
        }
        (col_time, event)
    }

    fn resolve(&mut self, event: Event) {
        match event {
            Event::Wall(i, method) => {
                if let Some(d) = self.discs.get_mut(i) {
                    let axis = usize::from(method % 2);
                    d.vel[axis] *= -1.0;
                }
            }
            Event::Pair(i, j) => {
                // i < j by construction of the scan.
                if let Some((head, tail)) = self.discs.split_at_mut_checked(j)
                    && let (Some(b1), Some(b2)) = (head.get_mut(i), tail.first_mut())
                {
                    apply_collision(b1, b2);
                }
            }
        }
    }
}
