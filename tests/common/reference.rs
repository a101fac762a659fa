//! The f64 reference: dense sampling of the gap `distance(t) − r`, then bisection.
//!
//! Deliberately *not* an analytic solver: it only evaluates point-to-obstacle distances
//! ([`super::geom64`]) along the motion, so it shares no formula with the core. The gap is
//! sampled at `SAMPLES + 1` evenly spaced times; the first sample that goes below zero is
//! bracketed by bisection. Between two non-negative samples the gap may still dip below
//! zero (a near-graze narrower than one sample step), so every interval whose Lipschitz
//! lower bound (distance moves at most |relative velocity| per unit t) allows a dip gets a
//! golden-section search for its minimum first.

use glam::DVec2;
use sweepscope::{Obstacle, Sweep};

use super::geom64::{Probe, d, obstacle_ok, obstacle_velocity, probe};

/// Samples of the gap over `[0, 1]` (plus the end point).
pub const SAMPLES: usize = 2000;
const BISECTIONS: usize = 60;
const GOLDEN_STEPS: usize = 60;

/// The reference answer for one query.
#[derive(Clone, Copy, Debug)]
pub struct Reference {
    /// First contact, or `None` (miss, or invalid input).
    pub hit: Option<RefHit>,
    /// Minimum of the gap `distance − r` found over `[0, 1]`; accurate wherever it is close
    /// to zero (that is where it decides tangency). `INFINITY` for invalid input.
    pub min_gap: f64,
    /// The gap at `t = 0`.
    pub gap0: f64,
    /// Input was valid (finite, non-negative radius, non-inverted box).
    pub valid: bool,
}

/// The reference contact.
#[derive(Clone, Copy, Debug)]
pub struct RefHit {
    pub time: f64,
    pub center: DVec2,
    /// Unit, from the obstacle's closest point toward the centre (push-out when inside).
    pub normal: DVec2,
    /// The closest point on the obstacle's surface.
    pub point: DVec2,
    pub started_inside: bool,
    /// d(gap)/dt at the contact (negative when approaching); 0 when started inside.
    pub slope: f64,
    /// The probe at the contact, for feature and region expectations.
    pub probe: Probe,
}

/// The moving circle's centre at `t`, in f64.
pub fn center_at(sweep: &Sweep, t: f64) -> DVec2 {
    let (s, e) = (d(sweep.start), d(sweep.end));
    s + (e - s) * t
}

/// Gap `distance − r` at time `t`.
pub fn gap(sweep: &Sweep, obstacle: &Obstacle, t: f64) -> f64 {
    probe(obstacle, center_at(sweep, t), t).dist - sweep.radius as f64
}

fn sweep_ok(sweep: &Sweep) -> bool {
    let fin = |v: sweepscope::Vec2| v.x.is_finite() && v.y.is_finite();
    fin(sweep.start) && fin(sweep.end) && sweep.radius.is_finite() && sweep.radius >= 0.0
}

fn make_hit(sweep: &Sweep, obstacle: &Obstacle, t: f64, started_inside: bool) -> RefHit {
    let center = center_at(sweep, t);
    let pr = probe(obstacle, center, t);
    let v_rel = d(sweep.end) - d(sweep.start) - obstacle_velocity(obstacle);
    RefHit {
        time: t,
        center,
        normal: pr.normal,
        point: pr.closest,
        started_inside,
        slope: if started_inside {
            0.0
        } else {
            pr.normal.dot(v_rel)
        },
        probe: pr,
    }
}

/// First `t` in `[lo, hi]` where the gap goes from `>= 0` to `< 0` (needs g(lo) >= 0 > g(hi)).
fn bisect(sweep: &Sweep, obstacle: &Obstacle, mut lo: f64, mut hi: f64) -> f64 {
    for _ in 0..BISECTIONS {
        let mid = 0.5 * (lo + hi);
        if gap(sweep, obstacle, mid) < 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    lo
}

/// Minimum of the gap on `[lo, hi]` by golden-section search (the gap is convex in t: the
/// distance to a convex set along a line is convex, so the search finds the true minimum).
fn golden_min(sweep: &Sweep, obstacle: &Obstacle, mut lo: f64, mut hi: f64) -> (f64, f64) {
    let k = (5f64.sqrt() - 1.0) / 2.0;
    let mut x1 = hi - k * (hi - lo);
    let mut x2 = lo + k * (hi - lo);
    let mut f1 = gap(sweep, obstacle, x1);
    let mut f2 = gap(sweep, obstacle, x2);
    for _ in 0..GOLDEN_STEPS {
        if f1 <= f2 {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - k * (hi - lo);
            f1 = gap(sweep, obstacle, x1);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + k * (hi - lo);
            f2 = gap(sweep, obstacle, x2);
        }
    }
    if f1 <= f2 { (x1, f1) } else { (x2, f2) }
}

/// Records a crossing at `t` and the deepest gap after it (the gap is convex, so one
/// golden-section search over `[t, 1]` finds it): a hit counts as near-tangent by how deep
/// it goes, not by how far past the crossing the first negative sample happened to fall.
fn finish_hit(sweep: &Sweep, obstacle: &Obstacle, t: f64, mut out: Reference) -> Reference {
    let (_, deepest) = golden_min(sweep, obstacle, t, 1.0);
    out.min_gap = out.min_gap.min(deepest).min(gap(sweep, obstacle, 1.0));
    out.hit = Some(make_hit(sweep, obstacle, t, false));
    out
}

/// Solves one query by sampling. Exact ties (gap exactly zero at a tangency) count as a
/// graze, except a touch at `t = 1` while approaching, which the contract calls a hit.
pub fn solve(sweep: &Sweep, obstacle: &Obstacle) -> Reference {
    if !(sweep_ok(sweep) && obstacle_ok(obstacle)) {
        return Reference {
            hit: None,
            min_gap: f64::INFINITY,
            gap0: f64::INFINITY,
            valid: false,
        };
    }
    let v_rel = d(sweep.end) - d(sweep.start) - obstacle_velocity(obstacle);
    let speed = v_rel.length();
    let h = 1.0 / SAMPLES as f64;
    let g0 = gap(sweep, obstacle, 0.0);
    let mut out = Reference {
        hit: None,
        min_gap: g0,
        gap0: g0,
        valid: true,
    };
    if g0 < 0.0 {
        out.hit = Some(make_hit(sweep, obstacle, 0.0, true));
        return out;
    }
    // Dips shallower than this never matter for a decision, so the search is skipped.
    let scale = sweep.radius as f64 + speed + 1.0;
    let search_below = 1e-3 * scale;
    let mut prev = g0;
    for i in 0..SAMPLES {
        let (t0, t1) = (i as f64 * h, (i + 1) as f64 * h);
        let next = gap(sweep, obstacle, t1);
        out.min_gap = out.min_gap.min(next);
        if next < 0.0 {
            let t = bisect(sweep, obstacle, t0, t1);
            return finish_hit(sweep, obstacle, t, out);
        }
        let lower_bound = 0.5 * (prev + next - speed * h);
        if lower_bound <= search_below {
            let (tm, gm) = golden_min(sweep, obstacle, t0, t1);
            out.min_gap = out.min_gap.min(gm);
            if gm < 0.0 {
                let t = bisect(sweep, obstacle, t0, tm);
                return finish_hit(sweep, obstacle, t, out);
            }
        }
        prev = next;
    }
    // A touch exactly at the end while still approaching is a hit at time 1.
    if prev == 0.0 {
        let end = make_hit(sweep, obstacle, 1.0, false);
        if end.slope < 0.0 {
            out.hit = Some(end);
        }
    }
    out
}
