//! The hunter's cases: random ones, and targeted ones where trouble lives.
//!
//! Every case is a function of `(seed, index)` alone, so a hunt gives the same cases
//! whatever the thread scheduling, and a case can be rebuilt from its index.

use glam::Vec2;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::{Case, Kind, Strategy};
use crate::capture::SceneObstacle;
use crate::geom::{Aabb, Segment, Sweep};

type Rng = Pcg64Mcg;

/// The generator of case `index` of a hunt seeded with `seed`.
fn rng_for(seed: u64, index: u64) -> Rng {
    // Mix the two so neighbouring seeds and indices give unrelated streams.
    let mixed = (seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03))
    .rotate_left(17)
        ^ 0x5851_F42D_4C95_7F2D;
    Rng::seed_from_u64(mixed)
}

/// Case `index` of a hunt over `kinds` seeded with `seed`.
pub fn case(seed: u64, index: u64, kinds: &[Kind]) -> Case {
    let mut rng = rng_for(seed, index);
    let kind = kinds[(index % kinds.len().max(1) as u64) as usize % kinds.len().max(1)];
    // About three cases in ten are plain random; the rest aim at trouble.
    let strategy = if rng.random_range(0..10) < 3 {
        Strategy::Random
    } else {
        Strategy::TARGETED[rng.random_range(0..Strategy::TARGETED.len())]
    };
    let (sweep, obstacle) = build(&mut rng, kind, strategy);
    Case {
        kind,
        strategy,
        sweep,
        obstacle: exact_box(obstacle),
    }
}

fn build(rng: &mut Rng, kind: Kind, strategy: Strategy) -> (Sweep, SceneObstacle) {
    match strategy {
        Strategy::Huge => {
            let base = base_strategy(rng);
            let (s, o) = build(rng, kind, base);
            let scale = pick(rng, &[1.0, 1.0, 100.0, 1e4]);
            let offset = Vec2::new(signed(rng, 1e4, 1e7), signed(rng, 1e4, 1e7));
            transform(s, o, scale, offset)
        }
        Strategy::Tiny => {
            let base = base_strategy(rng);
            let (s, o) = build(rng, kind, base);
            let scale = pick(rng, &[1e-2, 1e-3, 1e-4, 1e-6]);
            let offset = if rng.random_bool(0.5) {
                Vec2::ZERO
            } else {
                Vec2::new(signed(rng, 1.0, 100.0), signed(rng, 1.0, 100.0))
            };
            transform(s, o, scale, offset)
        }
        _ => {
            let thin = strategy == Strategy::Thin;
            let obstacle = obstacle(rng, kind, thin, strategy == Strategy::Fast);
            let mut radius = radius(rng);
            if thin && rng.random_bool(0.5) {
                radius = pick(rng, &[1e-4, 1e-3, 1e-2]);
            }
            let sweep = ball(rng, &obstacle, radius, strategy);
            (sweep, obstacle)
        }
    }
}

/// The case a huge or tiny one is scaled from.
fn base_strategy(rng: &mut Rng) -> Strategy {
    pick(
        rng,
        &[
            Strategy::Random,
            Strategy::Corner,
            Strategy::Graze,
            Strategy::StartInside,
            Strategy::Touching,
            Strategy::AxisParallel,
        ],
    )
}

fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> T {
    items[rng.random_range(0..items.len())]
}

fn uniform(rng: &mut Rng, lo: f64, hi: f64) -> f32 {
    rng.random_range(lo..hi) as f32
}

/// A magnitude log-uniform in `[lo, hi)` with a random sign.
fn signed(rng: &mut Rng, lo: f64, hi: f64) -> f32 {
    let m = (lo.ln() + (hi.ln() - lo.ln()) * rng.random_range(0.0..1.0)).exp();
    (if rng.random_bool(0.5) { m } else { -m }) as f32
}

fn point(rng: &mut Rng, extent: f64) -> Vec2 {
    Vec2::new(uniform(rng, -extent, extent), uniform(rng, -extent, extent))
}

fn unit(rng: &mut Rng) -> Vec2 {
    Vec2::from_angle(uniform(rng, 0.0, std::f64::consts::TAU))
}

fn radius(rng: &mut Rng) -> f32 {
    uniform(rng, 0.1, 10.0)
}

/// An obstacle of `kind` near the origin; `thin`: one dimension (nearly) zero.
fn obstacle(rng: &mut Rng, kind: Kind, thin: bool, fast: bool) -> SceneObstacle {
    let center = point(rng, 20.0);
    let mut half = Vec2::new(uniform(rng, 0.5, 20.0), uniform(rng, 0.5, 20.0));
    if thin {
        let t = pick(rng, &[0.0, 1e-6, 1e-3, 1e-2]);
        if rng.random_bool(0.5) {
            half.x = t;
        } else {
            half.y = t;
        }
    }
    match kind {
        Kind::Aabb => SceneObstacle::Box(Aabb::from_center_half_extents(center, half)),
        Kind::Obb => SceneObstacle::RotatedBox {
            center,
            half_extents: half,
            degrees: if rng.random_bool(0.5) {
                pick(
                    rng,
                    &[0.0, 15.0, 30.0, 45.0, 60.0, 90.0, 135.0, 180.0, -45.0],
                )
            } else {
                uniform(rng, -180.0, 180.0)
            },
        },
        Kind::Segment => {
            let dir = unit(rng) * if thin { half.x.min(half.y) } else { half.x };
            SceneObstacle::Segment(Segment::new(center - dir, center + dir))
        }
        Kind::Circle => {
            let r = if thin {
                pick(rng, &[1e-4, 1e-3, 0.05])
            } else {
                uniform(rng, 0.2, 15.0)
            };
            let motion = if fast {
                unit(rng) * uniform(rng, 100.0, 1e4)
            } else if rng.random_bool(0.5) {
                Vec2::ZERO
            } else {
                point(rng, 30.0)
            };
            let start = center - motion * 0.5;
            SceneObstacle::Circle(Sweep::new(start, start + motion, r))
        }
    }
}

/// A point on the obstacle's outline with its outward normal, and the distance at which a
/// ball's centre touches it there (the ball's radius, plus the other circle's).
fn surface_point(rng: &mut Rng, o: &SceneObstacle, r: f32) -> (Vec2, Vec2, f32) {
    match *o {
        SceneObstacle::Box(b) => {
            let (p, n) = box_surface(rng, b.center(), b.half_extents(), Vec2::X);
            (p, n, r)
        }
        SceneObstacle::RotatedBox {
            center,
            half_extents,
            degrees,
        } => {
            let (p, n) = box_surface(
                rng,
                center,
                half_extents,
                Vec2::from_angle(degrees.to_radians()),
            );
            (p, n, r)
        }
        SceneObstacle::Segment(s) => {
            let f: f32 = uniform(rng, 0.0, 1.0);
            let p = s.a + s.delta() * f;
            let n = s.left_normal();
            let n = if n == Vec2::ZERO { unit(rng) } else { n };
            (p, if rng.random_bool(0.5) { n } else { -n }, r)
        }
        SceneObstacle::Circle(c) => {
            let n = unit(rng);
            (c.start + n * c.radius, n, r + c.radius)
        }
    }
}

/// A corner (half the time) or a point of a side of a box, with the outward direction.
fn box_surface(rng: &mut Rng, c: Vec2, h: Vec2, axis: Vec2) -> (Vec2, Vec2) {
    let world = |v: Vec2| axis.rotate(v);
    if rng.random_bool(0.5) {
        let s = Vec2::new(pick(rng, &[-1.0, 1.0]), pick(rng, &[-1.0, 1.0]));
        (c + world(h * s), world(s.normalize()))
    } else {
        let side = rng.random_range(0..4);
        let f = uniform(rng, -1.0, 1.0);
        let (local, n) = match side {
            0 => (Vec2::new(-h.x, f * h.y), Vec2::NEG_X),
            1 => (Vec2::new(h.x, f * h.y), Vec2::X),
            2 => (Vec2::new(f * h.x, -h.y), Vec2::NEG_Y),
            _ => (Vec2::new(f * h.x, h.y), Vec2::Y),
        };
        (c + world(local), world(n))
    }
}

/// The obstacle's corner or end, for aiming at it.
fn corner_point(rng: &mut Rng, o: &SceneObstacle, r: f32) -> (Vec2, Vec2, f32) {
    match *o {
        SceneObstacle::Box(b) => {
            let s = Vec2::new(pick(rng, &[-1.0, 1.0]), pick(rng, &[-1.0, 1.0]));
            (b.center() + b.half_extents() * s, s.normalize(), r)
        }
        SceneObstacle::RotatedBox {
            center,
            half_extents,
            degrees,
        } => {
            let axis = Vec2::from_angle(degrees.to_radians());
            let s = Vec2::new(pick(rng, &[-1.0, 1.0]), pick(rng, &[-1.0, 1.0]));
            (
                center + axis.rotate(half_extents * s),
                axis.rotate(s.normalize()),
                r,
            )
        }
        SceneObstacle::Segment(s) => {
            let (p, away) = if rng.random_bool(0.5) {
                (s.a, s.a - s.b)
            } else {
                (s.b, s.b - s.a)
            };
            (p, away.normalize_or(Vec2::X), r)
        }
        SceneObstacle::Circle(_) => surface_point(rng, o, r),
    }
}

fn ball(rng: &mut Rng, o: &SceneObstacle, r: f32, strategy: Strategy) -> Sweep {
    let length = |rng: &mut Rng| uniform(rng, 1.0, 40.0);
    match strategy {
        Strategy::Random | Strategy::Huge | Strategy::Tiny => {
            Sweep::new(point(rng, 50.0), point(rng, 50.0), r)
        }
        Strategy::Corner => {
            let (p, out, touch) = corner_point(rng, o, r);
            // Come from outside, within 75° of straight at the corner.
            let u = Vec2::from_angle(uniform(rng, -1.3, 1.3)).rotate(-out);
            let miss = touch
                * pick(
                    rng,
                    &[0.0, 0.5, 1.0, 1.0, 1.0 - 1e-3, 1.0 + 1e-3, 1.0 - 1e-6],
                );
            let q = p + u.perp() * miss * pick(rng, &[-1.0, 1.0]);
            let start = q - u * (touch + length(rng));
            Sweep::new(start, q + u * uniform(rng, 0.0, 40.0), r)
        }
        Strategy::Graze => {
            let (p, n, touch) = surface_point(rng, o, r);
            let delta = touch * pick(rng, &[0.0, 0.0, 1e-7, -1e-7, 1e-4, -1e-4, 1e-2, -1e-2]);
            let along = n.perp() * pick(rng, &[-1.0, 1.0]);
            let q = p + n * (touch + delta);
            Sweep::new(
                q - along * length(rng),
                q + along * uniform(rng, 0.0, 40.0),
                r,
            )
        }
        Strategy::AxisParallel => {
            let (p, n, touch) = surface_point(rng, o, r);
            let start = p + n * (touch * uniform(rng, 0.5, 3.0)) + point(rng, 2.0);
            let l = signed(rng, 0.5, 60.0);
            let end = if rng.random_bool(0.5) {
                start + Vec2::new(l, 0.0)
            } else {
                start + Vec2::new(0.0, l)
            };
            Sweep::new(start, end, r)
        }
        Strategy::StartInside => {
            let (p, n, touch) = surface_point(rng, o, r);
            // From deep inside to a shallow overlap.
            let depth = touch * pick(rng, &[0.999, 0.9, 0.5, 0.0, -0.5, -2.0]);
            let start = p + n * depth;
            let any = unit(rng);
            let dir = pick(rng, &[n, -n, n.perp(), any]);
            let end = start + dir * length(rng);
            Sweep::new(start, end, r)
        }
        Strategy::Touching => {
            let (p, n, touch) = surface_point(rng, o, r);
            let start = p + n * touch;
            let dir = pick(
                rng,
                &[n, -n, n.perp(), -n.perp(), (n + n.perp()).normalize()],
            );
            Sweep::new(start, start + dir * length(rng), r)
        }
        Strategy::ZeroMotion => {
            let (p, n, touch) = surface_point(rng, o, r);
            let start = p + n * touch * pick(rng, &[0.0, 0.5, 0.999, 1.0, 1.001, 2.0]);
            Sweep::new(start, start, r)
        }
        Strategy::Thin => {
            // Straight through the thin obstacle.
            let (p, n, touch) = surface_point(rng, o, r);
            let start = p + n * (touch + length(rng));
            Sweep::new(start, p - n * (touch + length(rng)), r)
        }
        Strategy::Fast => {
            let (p, n, _) = surface_point(rng, o, r);
            let u = Vec2::from_angle(uniform(rng, -1.4, 1.4)).rotate(-n);
            let l = uniform(rng, 100.0, 1e5);
            let f = uniform(rng, 0.05, 0.95);
            Sweep::new(p - u * (l * f), p + u * (l * (1.0 - f)), r)
        }
    }
}

/// Scales lengths by `scale` and moves everything by `offset`.
pub fn transform(s: Sweep, o: SceneObstacle, scale: f32, offset: Vec2) -> (Sweep, SceneObstacle) {
    let p = |v: Vec2| v * scale + offset;
    let sweep = Sweep::new(p(s.start), p(s.end), s.radius * scale);
    let obstacle = match o {
        SceneObstacle::Box(b) => SceneObstacle::Box(Aabb::new(p(b.min), p(b.max))),
        SceneObstacle::RotatedBox {
            center,
            half_extents,
            degrees,
        } => SceneObstacle::RotatedBox {
            center: p(center),
            half_extents: half_extents * scale,
            degrees,
        },
        SceneObstacle::Segment(g) => SceneObstacle::Segment(Segment::new(p(g.a), p(g.b))),
        SceneObstacle::Circle(c) => {
            SceneObstacle::Circle(Sweep::new(p(c.start), p(c.end), c.radius * scale))
        }
    };
    (sweep, obstacle)
}

/// A box whose corners parry's centre-and-half-extents form gives back exactly: corners
/// rounded to a grid 2⁻²⁰ of the largest coordinate (a few low bits), so the centre and the
/// half extents are exact f32 values.
pub fn exact_box(o: SceneObstacle) -> SceneObstacle {
    let SceneObstacle::Box(b) = o else {
        return o;
    };
    let m = b.min.abs().max(b.max.abs()).max_element();
    if !(m.is_finite() && m > 0.0) {
        return o;
    }
    let q = 2f32.powi(m.log2().floor() as i32 - 20);
    let round = |v: Vec2| (v / q).round() * q;
    SceneObstacle::Box(Aabb::new(round(b.min), round(b.max)))
}
