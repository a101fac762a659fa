//! Seeded random cases: mixed hits and misses, weighted toward corners, end caps and
//! near-tangent paths, over several orders of magnitude of scale.
//!
//! Shapes are built in a unit-scale local frame, then scaled and moved; the final f32
//! values are the case (the reference reads them back exactly).

use std::f64::consts::PI;

use glam::DVec2;
use sweepscope::{Aabb, Obb, Obstacle, Segment, Sweep, Vec2};

/// xorshift64*: tiny, seedable, good enough to spread test cases.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    /// Log-uniform in `[lo, hi]` (both positive): spreads scales evenly per decade.
    pub fn log_range(&mut self, lo: f64, hi: f64) -> f64 {
        (self.range(lo.ln(), hi.ln())).exp()
    }
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
    pub fn sign(&mut self) -> f64 {
        if self.chance(0.5) { 1.0 } else { -1.0 }
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    pub fn dir(&mut self) -> DVec2 {
        let a = self.range(-PI, PI);
        DVec2::new(a.cos(), a.sin())
    }
}

/// The obstacle kinds, one per query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Aabb,
    Obb,
    Segment,
    Circle,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Aabb, Kind::Obb, Kind::Segment, Kind::Circle];
}

/// How far from the origin cases live and how big they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Sizes from 0.01 to 100, positions near the origin.
    Varied,
    /// Positions up to 1e6, motions of about 1 to 1000 units.
    Large,
}

/// One query: a moving circle and an obstacle.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    pub sweep: Sweep,
    pub obstacle: Obstacle,
}

fn v(p: DVec2) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}

/// A motion through `target` (reached at fraction `tau`, which may lie outside [0, 1]).
fn motion_through(rng: &mut Rng, target: DVec2) -> (DVec2, DVec2) {
    let dir = if rng.chance(0.06) {
        // Axis-parallel motion: the 0 × ∞ corner of slab solvers.
        [DVec2::X, DVec2::NEG_X, DVec2::Y, DVec2::NEG_Y][rng.below(4)]
    } else {
        rng.dir()
    };
    let len = if rng.chance(0.04) {
        0.0
    } else {
        rng.log_range(0.05, 8.0)
    };
    let tau = rng.range(-0.3, 1.3);
    let start = target - dir * len * tau;
    (start, start + dir * len)
}

/// A point about `r` away from `anchor` (inside or outside that circle).
fn near(rng: &mut Rng, anchor: DVec2, r: f64) -> DVec2 {
    anchor + rng.dir() * r * rng.range(0.6, 1.4)
}

/// A target near a box (origin-centred, half extents `half`): corners, sides or anywhere.
fn box_target(rng: &mut Rng, half: DVec2, r: f64) -> DVec2 {
    match rng.below(10) {
        0..=3 => {
            let c = DVec2::new(half.x * rng.sign(), half.y * rng.sign());
            near(rng, c, r)
        }
        4..=6 => {
            let n = [DVec2::X, DVec2::NEG_X, DVec2::Y, DVec2::NEG_Y][rng.below(4)];
            let along = n.perp() * rng.range(-1.0, 1.0) * half.dot(n.perp().abs());
            n * (half.dot(n.abs()) + r * rng.range(0.6, 1.4)) + along
        }
        7 => DVec2::new(rng.range(-1.0, 1.0) * half.x, rng.range(-1.0, 1.0) * half.y),
        _ => {
            let e = half + DVec2::splat(2.0 * r);
            DVec2::new(rng.range(-e.x, e.x), rng.range(-e.y, e.y))
        }
    }
}

fn box_half(rng: &mut Rng) -> DVec2 {
    let mut half = DVec2::new(rng.log_range(0.05, 2.0), rng.log_range(0.05, 2.0));
    if rng.chance(0.05) {
        // Zero-width or zero-height boxes are valid obstacles.
        if rng.chance(0.5) {
            half.x = 0.0;
        } else {
            half.y = 0.0;
        }
    }
    half
}

fn radius(rng: &mut Rng) -> f64 {
    rng.log_range(0.02, 1.5)
}

/// Scale factor and offset for a case in the given mode.
fn placement(rng: &mut Rng, scale: Scale) -> (f64, DVec2) {
    match scale {
        Scale::Varied => {
            let s = rng.log_range(0.01, 100.0);
            (
                s,
                DVec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)) * s,
            )
        }
        Scale::Large => {
            let s = rng.log_range(5.0, 150.0);
            let off = DVec2::new(
                rng.sign() * rng.log_range(1e3, 1e6),
                rng.sign() * rng.log_range(1e3, 1e6),
            );
            (s, off)
        }
    }
}

/// One random case of `kind`.
pub fn case(rng: &mut Rng, kind: Kind, scale: Scale) -> Case {
    let (s, off) = placement(rng, scale);
    let r = radius(rng);
    let w = |p: DVec2| v(off + p * s);
    match kind {
        Kind::Aabb => {
            let half = box_half(rng);
            let (a, b) = box_motion(rng, half, r);
            let aabb = Aabb::new(w(-half), w(half));
            Case {
                sweep: Sweep::new(w(a), w(b), (r * s) as f32),
                obstacle: Obstacle::Aabb(aabb),
            }
        }
        Kind::Obb => {
            let half = box_half(rng);
            let (a, b) = box_motion(rng, half, r);
            let angle = if rng.chance(0.15) {
                (rng.below(8) as f64 - 4.0) * PI / 4.0
            } else {
                rng.range(-PI, PI)
            };
            let to_world = |p: DVec2| w(super::geom64::rot(p, angle));
            Case {
                sweep: Sweep::new(to_world(a), to_world(b), (r * s) as f32),
                obstacle: Obstacle::Obb(Obb::new(w(DVec2::ZERO), v(half * s), angle as f32)),
            }
        }
        Kind::Segment => {
            let a = DVec2::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0));
            let b = if rng.chance(0.05) {
                a
            } else {
                DVec2::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0))
            };
            let target = match rng.below(10) {
                0..=3 => {
                    let end = if rng.chance(0.5) { a } else { b };
                    near(rng, end, r)
                }
                4..=6 => {
                    let n = (b - a).perp().normalize_or_zero();
                    a + (b - a) * rng.unit() + n * rng.sign() * r * rng.range(0.6, 1.4)
                }
                _ => {
                    let (lo, hi) = (a.min(b) - 2.0 * r, a.max(b) + 2.0 * r);
                    DVec2::new(rng.range(lo.x, hi.x), rng.range(lo.y, hi.y))
                }
            };
            let (p0, p1) = motion_through(rng, target);
            Case {
                sweep: Sweep::new(w(p0), w(p1), (r * s) as f32),
                obstacle: Obstacle::Segment(Segment::new(w(a), w(b))),
            }
        }
        Kind::Circle => {
            let ro = radius(rng);
            let o0 = DVec2::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0));
            let ov = if rng.chance(0.2) {
                DVec2::ZERO
            } else {
                rng.dir() * rng.log_range(0.05, 4.0)
            };
            let tau = rng.range(-0.3, 1.3);
            let meet = near(rng, o0 + ov * tau, r + ro);
            let vel = if rng.chance(0.04) {
                DVec2::ZERO
            } else {
                rng.dir() * rng.log_range(0.05, 8.0)
            };
            let p0 = meet - vel * tau;
            Case {
                sweep: Sweep::new(w(p0), w(p0 + vel), (r * s) as f32),
                obstacle: Obstacle::Circle(Sweep::new(w(o0), w(o0 + ov), (ro * s) as f32)),
            }
        }
    }
}

/// A motion for a box case: mostly through a target near the box, sometimes starting inside.
fn box_motion(rng: &mut Rng, half: DVec2, r: f64) -> (DVec2, DVec2) {
    if rng.chance(0.05) {
        let start = DVec2::new(rng.range(-1.0, 1.0) * half.x, rng.range(-1.0, 1.0) * half.y);
        let end = start + rng.dir() * rng.log_range(0.05, 8.0);
        return (start, end);
    }
    let target = box_target(rng, half, r);
    motion_through(rng, target)
}

/// `n` cases of `kind` from `seed`.
pub fn cases(seed: u64, kind: Kind, scale: Scale, n: usize) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    (0..n).map(|_| case(&mut rng, kind, scale)).collect()
}
