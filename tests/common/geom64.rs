//! Exact f64 distances from a point to each obstacle kind.
//!
//! Written from the geometric definitions (clamping, nearest face), not from any swept
//! solver: the reference samples these along the motion, so they are the ground truth.
//! Every f32 input converts to f64 exactly, so the only rounding is f64's own.

use glam::DVec2;
use sweepscope::{Obstacle, Vec2};

/// A point's relation to an obstacle at one instant.
#[derive(Clone, Copy, Debug)]
pub struct Probe {
    /// Signed distance: positive outside, negative inside a box (minus the depth to its
    /// nearest face). Segments have no inside; circles subtract their own radius.
    pub dist: f64,
    /// Unit direction from the obstacle toward the point (the push-out direction inside).
    /// Zero when undefined (point exactly on a segment or on the other circle's centre).
    pub normal: DVec2,
    /// The nearest point of the obstacle's surface.
    pub closest: DVec2,
    /// Where the point sits relative to the obstacle's features (see [`Place`]).
    pub place: Place,
}

/// Feature coordinates of the point, in the obstacle's own frame.
#[derive(Clone, Copy, Debug)]
pub enum Place {
    /// Boxes: the point relative to the box centre, in the box frame, and the half extents.
    Box { local: DVec2, half: DVec2 },
    /// Segments: the unclamped parameter along a→b, the side (cross product sign), length.
    Segment { s: f64, cross: f64, len: f64 },
    /// Circles carry no feature coordinates.
    Circle,
}

pub fn d(v: Vec2) -> DVec2 {
    DVec2::new(v.x as f64, v.y as f64)
}

/// The other circle's centre at time `t`, or the obstacle unchanged for static kinds.
fn circle_center(start: DVec2, end: DVec2, t: f64) -> DVec2 {
    start + (end - start) * t
}

/// Probe of `p` against an origin-centred box of half extents `half` (box frame).
fn probe_local_box(q: DVec2, half: DVec2) -> (f64, DVec2, DVec2) {
    let over = q.abs() - half;
    if over.x > 0.0 || over.y > 0.0 {
        let c = q.clamp(-half, half);
        let gap = q - c;
        let len = gap.length();
        return (len, gap / len, c);
    }
    // Inside or on the boundary: the nearest face is the one with the smallest depth.
    if over.x >= over.y {
        let sx = if q.x < 0.0 { -1.0 } else { 1.0 };
        (over.x, DVec2::new(sx, 0.0), DVec2::new(sx * half.x, q.y))
    } else {
        let sy = if q.y < 0.0 { -1.0 } else { 1.0 };
        (over.y, DVec2::new(0.0, sy), DVec2::new(q.x, sy * half.y))
    }
}

/// Rotation of a vector by `angle` radians (counter-clockwise), in f64.
pub fn rot(v: DVec2, angle: f64) -> DVec2 {
    let (s, c) = angle.sin_cos();
    DVec2::new(c * v.x - s * v.y, s * v.x + c * v.y)
}

/// Probe of point `p` against `obstacle` at time `t` (only moving circles depend on `t`).
pub fn probe(obstacle: &Obstacle, p: DVec2, t: f64) -> Probe {
    match obstacle {
        Obstacle::Aabb(b) => {
            let (min, max) = (d(b.min), d(b.max));
            let center = (min + max) * 0.5;
            let half = (max - min) * 0.5;
            let local = p - center;
            let (dist, normal, c) = probe_local_box(local, half);
            Probe {
                dist,
                normal,
                closest: center + c,
                place: Place::Box { local, half },
            }
        }
        Obstacle::Obb(b) => {
            let angle = b.angle as f64;
            let center = d(b.center);
            let half = d(b.half_extents);
            let local = rot(p - center, -angle);
            let (dist, normal, c) = probe_local_box(local, half);
            Probe {
                dist,
                normal: rot(normal, angle),
                closest: center + rot(c, angle),
                place: Place::Box { local, half },
            }
        }
        Obstacle::Segment(seg) => {
            let (a, b) = (d(seg.a), d(seg.b));
            let ab = b - a;
            let len2 = ab.length_squared();
            let s = if len2 > 0.0 {
                (p - a).dot(ab) / len2
            } else {
                0.0
            };
            let c = a + ab * s.clamp(0.0, 1.0);
            let gap = p - c;
            let dist = gap.length();
            Probe {
                dist,
                normal: if dist > 0.0 { gap / dist } else { DVec2::ZERO },
                closest: c,
                place: Place::Segment {
                    s,
                    cross: ab.perp_dot(p - a),
                    len: len2.sqrt(),
                },
            }
        }
        Obstacle::Circle(other) => {
            let o = circle_center(d(other.start), d(other.end), t);
            let gap = p - o;
            let len = gap.length();
            let normal = if len > 0.0 { gap / len } else { DVec2::ZERO };
            Probe {
                dist: len - other.radius as f64,
                normal,
                closest: o + normal * other.radius as f64,
                place: Place::Circle,
            }
        }
    }
}

/// Velocity of the obstacle over the motion (nonzero only for moving circles).
pub fn obstacle_velocity(obstacle: &Obstacle) -> DVec2 {
    match obstacle {
        Obstacle::Circle(o) => d(o.end) - d(o.start),
        _ => DVec2::ZERO,
    }
}

/// Finite coordinates and sane sizes, checked independently of the crate's `is_valid`.
pub fn obstacle_ok(obstacle: &Obstacle) -> bool {
    let fin = |v: Vec2| v.x.is_finite() && v.y.is_finite();
    match obstacle {
        Obstacle::Aabb(b) => fin(b.min) && fin(b.max) && b.min.x <= b.max.x && b.min.y <= b.max.y,
        Obstacle::Obb(b) => {
            fin(b.center)
                && fin(b.half_extents)
                && b.angle.is_finite()
                && b.half_extents.x >= 0.0
                && b.half_extents.y >= 0.0
        }
        Obstacle::Segment(s) => fin(s.a) && fin(s.b),
        Obstacle::Circle(c) => {
            fin(c.start) && fin(c.end) && c.radius.is_finite() && c.radius >= 0.0
        }
    }
}

/// Largest coordinate magnitude in the obstacle: sets the f32 precision floor.
pub fn obstacle_magnitude(obstacle: &Obstacle) -> f64 {
    let m = |v: Vec2| (v.x.abs().max(v.y.abs())) as f64;
    match obstacle {
        Obstacle::Aabb(b) => m(b.min).max(m(b.max)),
        Obstacle::Obb(b) => m(b.center) + m(b.half_extents) * 1.5,
        Obstacle::Segment(s) => m(s.a).max(m(s.b)),
        Obstacle::Circle(c) => m(c.start).max(m(c.end)) + c.radius as f64,
    }
}

/// Characteristic size of the obstacle (box diagonal, segment length, circle radius).
pub fn obstacle_size(obstacle: &Obstacle) -> f64 {
    match obstacle {
        Obstacle::Aabb(b) => (d(b.max) - d(b.min)).length(),
        Obstacle::Obb(b) => d(b.half_extents).length() * 2.0,
        Obstacle::Segment(s) => (d(s.b) - d(s.a)).length(),
        Obstacle::Circle(c) => c.radius as f64 + (d(c.end) - d(c.start)).length(),
    }
}
