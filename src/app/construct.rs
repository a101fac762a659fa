//! Small pure constructions the drawing needs and the core does not (yet) provide.
//! Candidates to move into the core; each is tested against hand-computed values.

use glam::Vec2;

use crate::geom::{Aabb, Obb, Sweep};
use crate::obstacle::Obstacle;
use crate::region::{Region, region_code};
use crate::response::Path;

/// Points of the outline of a convex polygon (`corners` counter-clockwise) grown by `r`:
/// each edge pushed out by `r`, each corner replaced by an arc of radius `r`
/// (`arc_steps` segments per corner). This is the Minkowski sum with a disc.
pub fn rounded_outline(corners: &[Vec2], r: f32, arc_steps: usize) -> Vec<Vec2> {
    let n = corners.len();
    let mut out = Vec::with_capacity(n * (arc_steps + 1));
    if n == 0 {
        return out;
    }
    for i in 0..n {
        let prev = corners[(i + n - 1) % n];
        let here = corners[i];
        let next = corners[(i + 1) % n];
        // Outward normals of the edges into and out of this corner (right of a ccw edge).
        let n_in = outward(here - prev);
        let n_out = outward(next - here);
        let a0 = n_in.y.atan2(n_in.x);
        let mut a1 = n_out.y.atan2(n_out.x);
        while a1 < a0 {
            a1 += std::f32::consts::TAU;
        }
        for k in 0..=arc_steps {
            let a = a0 + (a1 - a0) * k as f32 / arc_steps.max(1) as f32;
            out.push(here + Vec2::from_angle(a) * r);
        }
    }
    out
}

fn outward(edge: Vec2) -> Vec2 {
    Vec2::new(edge.y, -edge.x).normalize_or_zero()
}

/// Outline of the capsule of radius `r` around the segment `a → b` (the area a circle of
/// radius `r` sweeps from `a` to `b`), counter-clockwise.
pub fn capsule_outline(a: Vec2, b: Vec2, r: f32, arc_steps: usize) -> Vec<Vec2> {
    if (b - a).length_squared() <= f32::EPSILON {
        return circle_points(a, r, arc_steps * 2);
    }
    rounded_outline(&[a, b], r, arc_steps)
}

/// `n` points on the circle around `c`.
pub fn circle_points(c: Vec2, r: f32, n: usize) -> Vec<Vec2> {
    let n = n.max(3);
    (0..n)
        .map(|k| c + Vec2::from_angle(std::f32::consts::TAU * k as f32 / n as f32) * r)
        .collect()
}

/// The square-cornered expanded box of an obstacle box (dashed in the Minkowski layer).
pub fn square_expanded_corners(obstacle: &Obstacle, r: f32) -> Option<[Vec2; 4]> {
    match obstacle {
        Obstacle::Aabb(b) => Some(b.expanded(r).corners()),
        Obstacle::Obb(o) => {
            Some(Obb::new(o.center, o.half_extents + Vec2::splat(r), o.angle).corners())
        }
        _ => None,
    }
}

/// The box's frame for region codes: a local AABB and a map from world to that frame.
#[derive(Clone, Copy, Debug)]
pub struct BoxFrame {
    pub local: Aabb,
    obb: Option<Obb>,
}

impl BoxFrame {
    pub fn of(obstacle: &Obstacle) -> Option<Self> {
        match obstacle {
            Obstacle::Aabb(b) => Some(Self {
                local: *b,
                obb: None,
            }),
            Obstacle::Obb(o) => Some(Self {
                local: o.local_aabb(),
                obb: Some(*o),
            }),
            _ => None,
        }
    }

    pub fn to_local(&self, p: Vec2) -> Vec2 {
        self.obb.map_or(p, |o| o.to_local(p))
    }

    pub fn to_world(&self, p: Vec2) -> Vec2 {
        self.obb.map_or(p, |o| o.to_world(p))
    }

    /// The Cohen–Sutherland region of a world point, in the box's frame.
    pub fn region(&self, p: Vec2) -> Region {
        region_code(self.to_local(p), &self.local)
    }
}

/// Distance from `p` to the obstacle's surface (0 inside a box), with moving circles
/// taken at time `t`. Uses the core's closest-point helpers.
pub fn distance_to(obstacle: &Obstacle, p: Vec2, t: f32) -> f32 {
    match obstacle {
        Obstacle::Aabb(b) => (p - b.closest_point(p)).length(),
        Obstacle::Obb(o) => {
            let local = o.to_local(p);
            (local - o.local_aabb().closest_point(local)).length()
        }
        Obstacle::Segment(s) => (p - s.closest_point(p)).length(),
        Obstacle::Circle(c) => ((p - c.at(t)).length() - c.radius).max(0.0),
    }
}

/// Samples of `distance − r` of the ball to the obstacle over t ∈ [0, 1] (`n + 1` samples).
pub fn clearance_curve(sweep: &Sweep, obstacle: &Obstacle, n: usize) -> Vec<[f64; 2]> {
    let n = n.max(1);
    (0..=n)
        .map(|k| {
            let t = k as f32 / n as f32;
            let d = distance_to(obstacle, sweep.at(t), t) - sweep.radius;
            [t as f64, d as f64]
        })
        .collect()
}

/// The motion of `ball` seen from `other` (held at its start): radius `r1 + r2`, moving by the
/// relative displacement. A hit of this sweep against the fixed circle happens at the same t.
pub fn relative_sweep(ball: &Sweep, other: &Sweep) -> (Sweep, Sweep) {
    let rel = ball.delta() - other.delta();
    (
        Sweep::new(ball.start, ball.start + rel, ball.radius + other.radius),
        Sweep::stationary(other.start, 0.0),
    )
}

/// The centre at fraction `t` of the original motion along a resolved path. Contact times
/// are on the whole motion, so each leg between contacts is interpolated linearly.
pub fn position_on_path(path: &Path, t: f32) -> Option<Vec2> {
    let first = *path.points.first()?;
    let mut times = vec![0.0f32];
    times.extend(path.contacts.iter().map(|c| c.hit.time));
    times.push(1.0);
    let t = t.clamp(0.0, 1.0);
    let mut prev = (0.0f32, first);
    for (i, &ti) in times.iter().enumerate().skip(1) {
        let p = path.points.get(i).copied().unwrap_or(path.end);
        if t <= ti {
            let span = ti - prev.0;
            let u = if span > 0.0 { (t - prev.0) / span } else { 1.0 };
            return Some(prev.1.lerp(p, u));
        }
        prev = (ti, p);
    }
    Some(path.end)
}

/// Bounds of everything an obstacle covers over the motion.
pub fn obstacle_bounds(obstacle: &Obstacle) -> Aabb {
    match obstacle {
        Obstacle::Aabb(b) => *b,
        Obstacle::Obb(o) => {
            let c = o.corners();
            c.iter().fold(Aabb::from_points(c[0], c[0]), |acc, p| {
                union_point(&acc, *p)
            })
        }
        Obstacle::Segment(s) => Aabb::from_points(s.a, s.b),
        Obstacle::Circle(c) => c.bounds(),
    }
}

pub fn union(a: &Aabb, b: &Aabb) -> Aabb {
    Aabb::new(a.min.min(b.min), a.max.max(b.max))
}

pub fn union_point(a: &Aabb, p: Vec2) -> Aabb {
    Aabb::new(a.min.min(p), a.max.max(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Segment;
    use crate::hit::{Feature, Hit};
    use crate::response::Contact;

    #[test]
    fn rounded_square_points_are_r_from_the_square() {
        let b = Aabb::new(Vec2::new(-1.0, -2.0), Vec2::new(3.0, 2.0));
        let pts = rounded_outline(&b.corners(), 0.5, 6);
        assert_eq!(pts.len(), 4 * 7);
        for p in &pts {
            let d = (*p - b.closest_point(*p)).length();
            assert!((d - 0.5).abs() < 1e-5, "{p} at {d}");
        }
        // The first arc starts at the bottom-left corner pointing down (−y) and ends pointing left...
        // in ccw order: the edge into bl is tl→bl (pointing −y), its outward normal is −x.
        assert!((pts[0] - Vec2::new(-1.5, -2.0)).length() < 1e-5);
        assert!((pts[6] - Vec2::new(-1.0, -2.5)).length() < 1e-5);
    }

    #[test]
    fn capsule_is_r_from_the_segment() {
        let s = Segment::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 3.0));
        for p in capsule_outline(s.a, s.b, 2.0, 8) {
            assert!(((p - s.closest_point(p)).length() - 2.0).abs() < 1e-4);
        }
    }

    #[test]
    fn distances_by_hand() {
        let b = Obstacle::Aabb(Aabb::new(Vec2::ZERO, Vec2::new(2.0, 2.0)));
        assert!((distance_to(&b, Vec2::new(5.0, 6.0), 0.0) - 5.0).abs() < 1e-6);
        assert_eq!(distance_to(&b, Vec2::new(1.0, 1.0), 0.0), 0.0);
        let o = Obstacle::Obb(Obb::new(
            Vec2::ZERO,
            Vec2::new(1.0, 1.0),
            std::f32::consts::FRAC_PI_4,
        ));
        // The rotated unit square's corner points along +x at distance sqrt(2).
        assert!((distance_to(&o, Vec2::new(3.0, 0.0), 0.0) - (3.0 - 2f32.sqrt())).abs() < 1e-5);
        let c = Obstacle::Circle(Sweep::new(Vec2::ZERO, Vec2::new(10.0, 0.0), 1.0));
        assert!((distance_to(&c, Vec2::new(5.0, 4.0), 0.5) - 3.0).abs() < 1e-6);
    }

    #[test]
    fn relative_motion_subtracts_the_other_displacement() {
        let a = Sweep::new(Vec2::ZERO, Vec2::new(10.0, 0.0), 1.0);
        let b = Sweep::new(Vec2::new(5.0, 5.0), Vec2::new(5.0, -5.0), 2.0);
        let (rel, fixed) = relative_sweep(&a, &b);
        assert_eq!(rel.end, Vec2::new(10.0, 10.0));
        assert_eq!(rel.radius, 3.0);
        assert_eq!(fixed.start, Vec2::new(5.0, 5.0));
    }

    #[test]
    fn path_position_interpolates_each_leg() {
        let hit = Hit {
            time: 0.25,
            center: Vec2::new(1.0, 0.0),
            point: Vec2::new(2.0, 0.0),
            normal: Vec2::NEG_X,
            face_normal: Vec2::NEG_X,
            feature: Feature::Circle,
            region: None,
            started_inside: false,
        };
        let path = Path {
            contacts: vec![Contact {
                obstacle: 0,
                hit,
                incoming: Vec2::new(3.0, 0.0),
                outgoing: Vec2::new(-3.0, 0.0),
            }],
            points: vec![Vec2::ZERO, Vec2::new(1.0, 0.0), Vec2::new(-2.0, 0.0)],
            end: Vec2::new(-2.0, 0.0),
            truncated: false,
        };
        assert_eq!(position_on_path(&path, 0.125), Some(Vec2::new(0.5, 0.0)));
        assert_eq!(position_on_path(&path, 0.25), Some(Vec2::new(1.0, 0.0)));
        assert_eq!(position_on_path(&path, 1.0), Some(Vec2::new(-2.0, 0.0)));
        assert_eq!(position_on_path(&Path::default(), 0.5), None);
    }

    #[test]
    fn region_in_a_rotated_frame() {
        let o = Obstacle::Obb(Obb::new(
            Vec2::ZERO,
            Vec2::new(1.0, 1.0),
            std::f32::consts::FRAC_PI_2,
        ));
        let f = BoxFrame::of(&o).unwrap();
        // World +y is the box's local +x after a quarter turn: the local right side.
        assert_eq!(f.region(Vec2::new(0.0, 5.0)), Region::RIGHT);
    }
}
