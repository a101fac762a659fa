//! Generated cases for the exact reference ([`super::exact_ref`]), across the whole f32
//! range: random bits of every exponent, ordinary cases scaled by every power of two,
//! radii far below the offsets (down to subnormal), sizes and offsets up to 3e38 beside
//! small geometry, starts far from a small obstacle, exact tangencies and touches built
//! from Pythagorean triples at every scale, and small grids full of ties.

use std::f64::consts::PI;

use glam::DVec2;
use sweepscope::{Aabb, Obb, Obstacle, Segment, Sweep, Vec2};

use super::random::{self, Case, Kind, Rng, Scale};

/// The families, by name.
pub const FAMILIES: [&str; 8] = [
    "any_bits",
    "scaled",
    "tiny_radius",
    "huge",
    "far_start",
    "pythagorean",
    "pythagorean_nudged",
    "grid",
];

/// A finite f32 of any exponent, subnormals included, either sign.
pub fn any_f32(rng: &mut Rng) -> f32 {
    let exp = rng.below(255) as u32; // 0 (subnormal) to 254
    let mant = (rng.next_u64() & 0x7f_ffff) as u32;
    let sign = (rng.next_u64() & 1) as u32;
    f32::from_bits(sign << 31 | exp << 23 | mant)
}

/// `2^k`, for k across f32's range and beyond into its subnormals.
fn pow2(k: i32) -> f64 {
    2f64.powi(k)
}

fn v(x: f64, y: f64) -> Vec2 {
    Vec2::new(x as f32, y as f32)
}

/// `p·scale + off`, rounded to f32 once.
fn place(p: DVec2, scale: f64, off: DVec2) -> Vec2 {
    let w = p * scale + off;
    v(w.x, w.y)
}

/// The case with every coordinate and size multiplied by `scale` and moved by `off` (the
/// angle kept).
fn transform(c: &Case, scale: f64, off: DVec2) -> Case {
    let p = |q: Vec2| place(q.as_dvec2(), scale, off);
    let l = |x: f32| (f64::from(x) * scale) as f32;
    let sweep = Sweep::new(p(c.sweep.start), p(c.sweep.end), l(c.sweep.radius));
    let obstacle = match c.obstacle {
        Obstacle::Aabb(b) => {
            let (lo, hi) = (p(b.min), p(b.max));
            Obstacle::Aabb(Aabb::new(lo.min(hi), lo.max(hi)))
        }
        Obstacle::Obb(b) => Obstacle::Obb(Obb::new(
            p(b.center),
            Vec2::new(l(b.half_extents.x), l(b.half_extents.y)),
            b.angle,
        )),
        Obstacle::Segment(s) => Obstacle::Segment(Segment::new(p(s.a), p(s.b))),
        Obstacle::Circle(o) => Obstacle::Circle(Sweep::new(p(o.start), p(o.end), l(o.radius))),
    };
    Case { sweep, obstacle }
}

fn kind_of(rng: &mut Rng) -> Kind {
    Kind::ALL[rng.below(4)]
}

/// A random angle: mostly in [−π, π], sometimes 0, sometimes huge.
fn angle(rng: &mut Rng) -> f32 {
    match rng.below(10) {
        0 => 0.0,
        1 => any_f32(rng),
        _ => rng.range(-PI, PI) as f32,
    }
}

/// One case of `family`.
pub fn case(family: &str, rng: &mut Rng) -> Case {
    match family {
        "any_bits" => any_bits(rng),
        "scaled" => {
            let kind = kind_of(rng);
            let c = random::case(rng, kind, Scale::Varied);
            let k = rng.below(260) as i32 - 140;
            let off = DVec2::new(rng.sign() * pow2(k + rng.below(30) as i32), 0.0);
            transform(&c, pow2(k), if rng.chance(0.5) { off } else { DVec2::ZERO })
        }
        "tiny_radius" => tiny_radius(rng),
        "huge" => huge(rng),
        "far_start" => far_start(rng),
        "pythagorean" => pythagorean(rng, false),
        "pythagorean_nudged" => pythagorean(rng, true),
        "grid" => grid(rng),
        _ => panic!("unknown family {family}"),
    }
}

fn any_bits(rng: &mut Rng) -> Case {
    let mut p = || Vec2::new(any_f32(rng), any_f32(rng));
    let (s, e, a, b) = (p(), p(), p(), p());
    let r = any_f32(rng).abs();
    let sweep = Sweep::new(s, e, r);
    let obstacle = match kind_of(rng) {
        Kind::Aabb => Obstacle::Aabb(Aabb::new(a.min(b), a.max(b))),
        Kind::Obb => Obstacle::Obb(Obb::new(a, b.abs(), angle(rng))),
        Kind::Segment => Obstacle::Segment(Segment::new(a, b)),
        Kind::Circle => Obstacle::Circle(Sweep::new(a, b, any_f32(rng).abs())),
    };
    Case { sweep, obstacle }
}

/// A unit-scale case with its radius replaced by one far below the offsets, the path
/// often aimed at a corner, an end or a point within a few radii.
fn tiny_radius(rng: &mut Rng) -> Case {
    let r = if rng.chance(0.3) {
        f32::from_bits(1 + rng.below(0x7f_ffff) as u32)
    } else {
        pow2(-(20 + rng.below(110) as i32)) as f32
    };
    let kind = kind_of(rng);
    let mut c = random::case(rng, kind, Scale::Varied);
    c.sweep.radius = r;
    if rng.chance(0.5) {
        // Aim at a feature point, missing it by a few radii or not at all.
        let target = match c.obstacle {
            Obstacle::Aabb(b) => {
                if rng.chance(0.5) {
                    b.min
                } else {
                    b.max
                }
            }
            Obstacle::Obb(b) => b.center,
            Obstacle::Segment(s) => {
                if rng.chance(0.5) {
                    s.a
                } else {
                    s.b
                }
            }
            Obstacle::Circle(o) => o.start,
        }
        .as_dvec2();
        let miss = DVec2::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)) * f64::from(r);
        let start = c.sweep.start.as_dvec2();
        let aim = target + if rng.chance(0.3) { DVec2::ZERO } else { miss };
        let end = start + (aim - start) * rng.range(0.5, 2.0);
        c.sweep.end = v(end.x, end.y);
    }
    c
}

/// Sizes and offsets from 1e16 to 3e38 beside small geometry: a circle or box whose
/// near edge passes close to the origin, a segment reaching far both ways.
fn huge(rng: &mut Rng) -> Case {
    let big = 10f64.powf(rng.range(16.0, 38.5)).min(3.4e38);
    let r = rng.log_range(1e-3, 10.0);
    let s = DVec2::new(rng.range(-20.0, -5.0), rng.range(-5.0, 5.0));
    let e = DVec2::new(rng.range(-5.0, 10.0), rng.range(-5.0, 5.0));
    let sweep = Sweep::new(v(s.x, s.y), v(e.x, e.y), r as f32);
    let edge = rng.range(-3.0, 3.0);
    let obstacle = match kind_of(rng) {
        Kind::Circle => Obstacle::Circle(Sweep::stationary(
            v(big + edge, rng.range(-2.0, 2.0)),
            big as f32,
        )),
        Kind::Aabb => Obstacle::Aabb(Aabb::new(v(edge, -big), v(big, big))),
        Kind::Obb => Obstacle::Obb(Obb::new(v(big + edge, 0.0), v(big, big), angle(rng) * 1e-3)),
        Kind::Segment => {
            let y = rng.range(-3.0, 3.0);
            Obstacle::Segment(Segment::new(v(-big, y), v(big * rng.range(0.1, 1.0), y)))
        }
    };
    Case { sweep, obstacle }
}

/// A start 1e8 to 3e38 away from a small obstacle near the origin, ending near it.
fn far_start(rng: &mut Rng) -> Case {
    let kind = kind_of(rng);
    let mut c = random::case(rng, kind, Scale::Varied);
    let far = 10f64.powf(rng.range(8.0, 38.5)).min(3.4e38);
    let dir = rng.dir();
    let s = dir * far;
    c.sweep.start = v(s.x, s.y);
    c
}

/// Primitive Pythagorean triples: directions with rational unit vectors.
const TRIPLES: [(i64, i64, i64); 10] = [
    (3, 4, 5),
    (5, 12, 13),
    (8, 15, 17),
    (7, 24, 25),
    (20, 21, 29),
    (9, 40, 41),
    (12, 35, 37),
    (11, 60, 61),
    (28, 45, 53),
    (33, 56, 65),
];

/// Exact touches and tangencies built from a Pythagorean direction `(p, q)/h`: with
/// `r = m·h`, the point at distance r from a feature point K across the direction is
/// `K + m·(−q, p)` (integers), and along it `K + m·(p, q)`. Paths tangent to a corner, an
/// end or a circle (grazes), touching at t = 0 or t = 1 while approaching, and the same
/// nudged by one f32 step; all scaled by a power of two and placed at an offset.
fn pythagorean(rng: &mut Rng, nudge: bool) -> Case {
    let (mut p, mut q, h) = TRIPLES[rng.below(TRIPLES.len())];
    if rng.chance(0.5) {
        std::mem::swap(&mut p, &mut q);
    }
    let (sx, sy) = (rng.sign() as i64, rng.sign() as i64);
    let (p, q) = (p * sx, q * sy);
    let m = 1 + rng.below(3) as i64;
    let r = (m * h) as f64;
    let dir = DVec2::new(p as f64, q as f64);
    let across = DVec2::new(-q as f64, p as f64);
    let (a, b) = (1 + rng.below(4) as i64, 1 + rng.below(4) as i64);
    // K at the origin; the centre's path relative to it.
    let (start, end) = match rng.below(4) {
        // Tangent: passes K at exactly r.
        0 => (
            across * m as f64 - dir * a as f64,
            across * m as f64 + dir * b as f64,
        ),
        // Touching at t = 1, approaching head on or obliquely.
        1 => {
            let end = -dir * m as f64;
            (
                end - (dir + across * (rng.below(3) as f64 - 1.0)) * a as f64,
                end,
            )
        }
        // Touching at t = 0, moving in or out.
        2 => {
            let start = -dir * m as f64;
            let way = if rng.chance(0.5) { 1.0 } else { -1.0 };
            (
                start,
                start + (dir + across * (rng.below(3) as f64 - 1.0) * 0.5) * way * b as f64,
            )
        }
        // Ending exactly at r, tangentially (a graze at t = 1).
        _ => (across * m as f64 - dir * a as f64, across * m as f64),
    };
    let k = rng.below(200) as i32 - 110;
    let scale = pow2(k);
    let off = if rng.chance(0.5) {
        DVec2::new(
            (rng.below(64) as f64 - 32.0) * scale * 8.0,
            (rng.below(64) as f64 - 32.0) * scale * 8.0,
        )
    } else {
        DVec2::ZERO
    };
    let mut sweep = Sweep::new(
        place(start, scale, off),
        place(end, scale, off),
        (r * scale) as f32,
    );
    let kk = place(DVec2::ZERO, scale, off);
    let kind = kind_of(rng);
    let obstacle = match kind {
        Kind::Aabb | Kind::Obb => {
            // K is the box corner facing the approach: the box lies on the far side of K.
            let w = DVec2::new(-(sx as f64), -(sy as f64)) * (1 + rng.below(5)) as f64;
            let far = place(w, scale, off);
            let (lo, hi) = (kk.min(far), kk.max(far));
            if kind == Kind::Aabb {
                Obstacle::Aabb(Aabb::new(lo, hi))
            } else {
                Obstacle::Obb(Obb::new((lo + hi) * 0.5, (hi - lo) * 0.5, 0.0))
            }
        }
        Kind::Segment => {
            let w = DVec2::new(-(sx as f64), 0.0) * (1 + rng.below(5)) as f64;
            Obstacle::Segment(Segment::new(kk, place(w, scale, off)))
        }
        Kind::Circle => {
            // The reach split between the two radii, both exact.
            let split = rng.below(4) as f64 / 4.0;
            sweep.radius = (r * split * scale) as f32;
            Obstacle::Circle(Sweep::stationary(kk, (r * (1.0 - split) * scale) as f32))
        }
    };
    let mut c = Case { sweep, obstacle };
    if nudge {
        let step = |x: f32, rng: &mut Rng| {
            if rng.chance(0.5) {
                x.next_up()
            } else {
                x.next_down()
            }
        };
        match rng.below(4) {
            0 => c.sweep.radius = step(c.sweep.radius, rng).abs(),
            1 => c.sweep.end.x = step(c.sweep.end.x, rng),
            2 => c.sweep.start.y = step(c.sweep.start.y, rng),
            _ => c.sweep.end.y = step(c.sweep.end.y, rng),
        }
    }
    c
}

/// Halves and small integers, radii 0 to 2: touches, grazes, ties, still motions,
/// boxes and segments of zero size, starts on sides and corners.
fn grid(rng: &mut Rng) -> Case {
    let g = |rng: &mut Rng| (rng.below(17) as f64 - 8.0) * 0.5;
    let (s, e) = (DVec2::new(g(rng), g(rng)), DVec2::new(g(rng), g(rng)));
    let (a, b) = (DVec2::new(g(rng), g(rng)), DVec2::new(g(rng), g(rng)));
    let r = [0.0, 0.5, 1.0, 1.5, 2.0][rng.below(5)];
    let k = if rng.chance(0.5) {
        pow2(rng.below(60) as i32 - 30)
    } else {
        1.0
    };
    let p = |x: DVec2| place(x, k, DVec2::ZERO);
    let sweep = Sweep::new(p(s), p(e), (r * k) as f32);
    let obstacle = match kind_of(rng) {
        Kind::Aabb => Obstacle::Aabb(Aabb::new(p(a.min(b)), p(a.max(b)))),
        Kind::Obb => Obstacle::Obb(Obb::new(
            p(a),
            p(b.abs()),
            if rng.chance(0.5) { 0.0 } else { angle(rng) },
        )),
        Kind::Segment => Obstacle::Segment(Segment::new(p(a), p(b))),
        Kind::Circle => Obstacle::Circle(Sweep::new(p(a), p(b), (g(rng).abs() * 0.5 * k) as f32)),
    };
    Case { sweep, obstacle }
}
