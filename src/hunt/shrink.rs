//! Shrinking a disagreement to a minimal case: fewer digits, smaller numbers, while the same
//! kind of disagreement persists.
//!
//! A case is a list of numbers (the ball's start, end and radius, then the obstacle's). One
//! pass tries, for every number, simpler values in order — zero, an integer, one, two, ...
//! significant digits — and keeps the first that still disagrees the same way; passes repeat
//! until none changes anything or the budget of judgements is spent. Before the passes the
//! whole case is moved so the obstacle sits near the origin and scaled by a power of two
//! toward sizes near 10, each kept only if the disagreement persists.

use glam::Vec2;

use super::Case;
use crate::capture::SceneObstacle;
use crate::geom::{Aabb, Segment, Sweep};

/// Judgements one shrink may spend (each is an exact query and the contender's answer).
pub const SHRINK_BUDGET: usize = 6000;

/// The numbers of a case, in a fixed order.
pub fn numbers(case: &Case) -> Vec<f32> {
    let s = &case.sweep;
    let mut v = vec![s.start.x, s.start.y, s.end.x, s.end.y, s.radius];
    match case.obstacle {
        SceneObstacle::Box(b) => v.extend([b.min.x, b.min.y, b.max.x, b.max.y]),
        SceneObstacle::RotatedBox {
            center,
            half_extents,
            degrees,
        } => v.extend([center.x, center.y, half_extents.x, half_extents.y, degrees]),
        SceneObstacle::Segment(g) => v.extend([g.a.x, g.a.y, g.b.x, g.b.y]),
        SceneObstacle::Circle(c) => v.extend([c.start.x, c.start.y, c.end.x, c.end.y, c.radius]),
    }
    v
}

/// The case with its numbers replaced (same shapes).
pub fn with_numbers(case: &Case, v: &[f32]) -> Case {
    let p = |i: usize| Vec2::new(v[i], v[i + 1]);
    let sweep = Sweep::new(p(0), p(2), v[4]);
    let obstacle = match case.obstacle {
        SceneObstacle::Box(_) => SceneObstacle::Box(Aabb::new(p(5), p(7))),
        SceneObstacle::RotatedBox { .. } => SceneObstacle::RotatedBox {
            center: p(5),
            half_extents: p(7),
            degrees: v[9],
        },
        SceneObstacle::Segment(_) => SceneObstacle::Segment(Segment::new(p(5), p(7))),
        SceneObstacle::Circle(_) => SceneObstacle::Circle(Sweep::new(p(5), p(7), v[9])),
    };
    Case {
        sweep,
        obstacle,
        ..*case
    }
}

/// Which numbers are positions (moved by a translation), and which are lengths (scaled).
fn roles(case: &Case) -> Vec<Role> {
    use Role::*;
    let mut r = vec![X, Y, X, Y, Length];
    r.extend(match case.obstacle {
        SceneObstacle::Box(_) | SceneObstacle::Segment(_) => vec![X, Y, X, Y],
        SceneObstacle::RotatedBox { .. } => vec![X, Y, Length, Length, Angle],
        SceneObstacle::Circle(_) => vec![X, Y, X, Y, Length],
    });
    r
}

#[derive(Clone, Copy, PartialEq)]
enum Role {
    X,
    Y,
    Length,
    Angle,
}

/// The case's sizes that are zero, one bit each: the ball's radius, then the obstacle's
/// width and height, half extents, length or radius.
fn zero_sizes(case: &Case) -> u8 {
    let bits = |a: bool, b: bool| u8::from(a) << 1 | u8::from(b) << 2;
    let obstacle = match case.obstacle {
        SceneObstacle::Box(b) => bits(b.min.x == b.max.x, b.min.y == b.max.y),
        SceneObstacle::RotatedBox { half_extents, .. } => {
            bits(half_extents.x == 0.0, half_extents.y == 0.0)
        }
        SceneObstacle::Segment(g) => bits(g.a == g.b, false),
        SceneObstacle::Circle(c) => bits(c.radius == 0.0, false),
    };
    obstacle | u8::from(case.sweep.radius == 0.0)
}

/// Whether a shape of the case has no size.
#[cfg(test)]
fn has_zero_size(case: &Case) -> bool {
    zero_sizes(case) != 0
}

/// How complicated a number reads: its significant digits, then its size.
fn complexity(x: f32) -> (usize, u32) {
    let digits = if x == 0.0 {
        0
    } else {
        let s = format!("{:e}", x.abs());
        let mantissa = s.split('e').next().unwrap_or("");
        mantissa.chars().filter(char::is_ascii_digit).count()
    };
    let exponent = if x == 0.0 {
        0
    } else {
        x.abs().log10().abs().round() as u32
    };
    (digits, exponent)
}

/// Simpler values to try in place of `x`, simplest first.
fn candidates(x: f32) -> Vec<f32> {
    let mut out = vec![0.0];
    if x.abs() < 1e7 {
        out.extend([x.trunc(), x.round()]);
    }
    for digits in 1..=8usize {
        let s = format!("{:.*e}", digits - 1, x);
        if let Ok(c) = s.parse::<f32>() {
            out.push(c);
        }
    }
    let here = complexity(x);
    out.retain(|c| c.is_finite() && *c != x && complexity(*c) < here);
    out.sort_by_key(|c| complexity(*c));
    out.dedup();
    out
}

/// Shrinks `case` while `fails` holds; returns the smallest case found and the judgements
/// spent.
///
/// Every size the case starts with above zero (the radii, a box's width and height, a
/// rotated box's half extents, a segment's length) stays above zero: a shape shrunk to no
/// size disagrees as well, and shows nothing to look at or grab on the canvas.
pub fn shrink(case: &Case, fails: &dyn Fn(&Case) -> bool) -> (Case, usize) {
    let spent = std::cell::Cell::new(0usize);
    let sized = !zero_sizes(case);
    let check = |c: &Case| {
        spent.set(spent.get() + 1);
        zero_sizes(c) & sized == 0 && fails(c)
    };
    let mut best = *case;
    let mut v = numbers(&best);
    let roles = roles(&best);

    // Move the obstacle's first position to the origin (rounded), then scale toward 10.
    let anchor = Vec2::new(v[5], v[6]);
    for shift in [anchor.round(), anchor] {
        if shift == Vec2::ZERO || !shift.is_finite() {
            continue;
        }
        let moved: Vec<f32> = v
            .iter()
            .zip(&roles)
            .map(|(&x, role)| match role {
                Role::X => x - shift.x,
                Role::Y => x - shift.y,
                _ => x,
            })
            .collect();
        let c = with_numbers(&best, &moved);
        if check(&c) {
            best = c;
            v = moved;
            break;
        }
    }
    let size = v
        .iter()
        .zip(&roles)
        .filter(|(_, r)| **r != Role::Angle)
        .map(|(x, _)| x.abs())
        .fold(0.0f32, f32::max);
    if size.is_finite() && size > 0.0 {
        let k = (10.0 / size).log2().round() as i32;
        if k != 0 {
            let f = 2f32.powi(k.clamp(-120, 120));
            let scaled: Vec<f32> = v
                .iter()
                .zip(&roles)
                .map(|(&x, r)| if *r == Role::Angle { x } else { x * f })
                .collect();
            let c = with_numbers(&best, &scaled);
            if scaled.iter().all(|x| x.is_finite()) && check(&c) {
                best = c;
                v = scaled;
            }
        }
    }

    // Number by number, simplest value first, until nothing changes.
    loop {
        let mut changed = false;
        for i in 0..v.len() {
            for c in candidates(v[i]) {
                if spent.get() >= SHRINK_BUDGET {
                    return (best, spent.get());
                }
                let mut trial = v.clone();
                trial[i] = c;
                let case = with_numbers(&best, &trial);
                if check(&case) {
                    v = trial;
                    best = case;
                    changed = true;
                    break;
                }
            }
        }
        if !changed {
            return (best, spent.get());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_are_simpler_and_simplest_first() {
        let c = candidates(12.345_67);
        assert_eq!(c[0], 0.0);
        assert!(c.contains(&12.0) && c.contains(&10.0) && c.contains(&12.3));
        assert!(c.iter().all(|&x| complexity(x) < complexity(12.345_67)));
        assert!(candidates(0.0).is_empty());
        assert_eq!(candidates(3.0), vec![0.0]);
    }

    #[test]
    fn complexity_counts_significant_digits() {
        assert_eq!(complexity(0.0).0, 0);
        assert_eq!(complexity(12.0).0, 2);
        assert_eq!(complexity(0.125).0, 3);
        assert!(complexity(1e7) > complexity(10.0));
    }

    /// Find's counterexamples shrank to a rotated box of half extents (0, 0) and a
    /// point-like segment: still disagreements, but nothing to see or grab on the canvas.
    #[test]
    fn shapes_with_size_keep_it_through_the_shrink() {
        use crate::hunt::{Kind, Strategy};
        let sweep = Sweep::new(Vec2::new(-12.3456, 3.217), Vec2::new(14.75, -2.5), 1.375);
        let obstacles = [
            SceneObstacle::Box(Aabb::new(Vec2::new(0.375, -1.25), Vec2::new(2.5, 3.75))),
            SceneObstacle::RotatedBox {
                center: Vec2::new(1.3, 0.7),
                half_extents: Vec2::new(0.61, 2.3),
                degrees: 33.3,
            },
            SceneObstacle::Segment(Segment::new(Vec2::new(1.1, -3.3), Vec2::new(2.7, 4.1))),
            SceneObstacle::Circle(Sweep::new(Vec2::new(3.3, 1.1), Vec2::new(-2.2, 0.4), 0.77)),
        ];
        for obstacle in obstacles {
            let case = Case {
                kind: Kind::Aabb,
                strategy: Strategy::Random,
                sweep,
                obstacle,
            };
            // Every valid case "disagrees": the shrink goes as far as it may.
            let (small, _) = shrink(&case, &|c| c.core_obstacle().is_valid());
            assert!(!has_zero_size(&small), "{:?}", small.obstacle);
            assert!(small.core_obstacle().is_valid(), "{:?}", small.obstacle);
            assert!(
                numbers(&small).iter().all(|x| complexity(*x).0 <= 1),
                "simplified: {:?}",
                numbers(&small)
            );
        }
    }

    /// A box that starts with no width keeps its height: the rule is per size, not all or
    /// nothing.
    #[test]
    fn a_size_above_zero_stays_so_when_another_starts_at_zero() {
        use crate::hunt::{Kind, Strategy};
        let case = Case {
            kind: Kind::Aabb,
            strategy: Strategy::Random,
            sweep: Sweep::new(Vec2::new(-12.3456, 3.217), Vec2::new(14.75, -2.5), 1.375),
            obstacle: SceneObstacle::Box(Aabb::new(Vec2::new(2.5, -1.25), Vec2::new(2.5, 3.75))),
        };
        let (small, _) = shrink(&case, &|c| c.core_obstacle().is_valid());
        let SceneObstacle::Box(b) = small.obstacle else {
            panic!("{:?}", small.obstacle)
        };
        assert!(b.max.y > b.min.y, "{b:?}");
    }
}
