//! Outlines of the Minkowski sums a sweep is tested against, as polylines for drawing:
//! a convex polygon grown by a disc (a box expanded by `r`, with rounded corners), the
//! capsule a circle sweeps, and a circle.
//!
//! Every point of these outlines is exactly `r` from the grown shape up to f32 rounding;
//! the queries never read them (they solve against the exact shapes), so they only have to
//! be faithful pictures.

use glam::Vec2;

/// The outline of a convex polygon (`corners` counter-clockwise) grown by `r`: each edge
/// pushed out by `r`, each corner replaced by an arc of radius `r` of `arc_steps` segments.
/// Counter-clockwise, starting with the first corner's arc; `corners.len() × (arc_steps + 1)`
/// points. A polygon of one or two points gives a circle or a capsule.
pub fn rounded_polygon(corners: &[Vec2], r: f32, arc_steps: usize) -> Vec<Vec2> {
    let n = corners.len();
    let steps = arc_steps.max(1);
    let mut out = Vec::with_capacity(n * (steps + 1));
    if n == 0 {
        return out;
    }
    if n == 1 {
        return circle(corners[0], r, 2 * steps);
    }
    for i in 0..n {
        let prev = corners[(i + n - 1) % n];
        let here = corners[i];
        let next = corners[(i + 1) % n];
        // The outward normals (right of a counter-clockwise edge) of the edges into and
        // out of this corner bound its arc.
        let a0 = angle_of(outward(here - prev));
        let mut a1 = angle_of(outward(next - here));
        while a1 < a0 {
            a1 += std::f32::consts::TAU;
        }
        for k in 0..=steps {
            let a = a0 + (a1 - a0) * k as f32 / steps as f32;
            out.push(here + Vec2::from_angle(a) * r);
        }
    }
    out
}

/// The capsule of radius `r` around the segment `a → b`: the area a circle of radius `r`
/// covers moving from `a` to `b`. Counter-clockwise; a circle when `a == b`.
pub fn capsule(a: Vec2, b: Vec2, r: f32, arc_steps: usize) -> Vec<Vec2> {
    if a == b {
        return circle(a, r, 2 * arc_steps.max(1));
    }
    rounded_polygon(&[a, b], r, arc_steps)
}

/// `n` points (at least 3) evenly spaced counter-clockwise on the circle around `c`,
/// starting on its +x side.
pub fn circle(c: Vec2, r: f32, n: usize) -> Vec<Vec2> {
    let n = n.max(3);
    (0..n)
        .map(|k| c + Vec2::from_angle(std::f32::consts::TAU * k as f32 / n as f32) * r)
        .collect()
}

/// The outward normal's direction, not normalised: only its angle is read, and
/// normalising squared the edge, which overflowed past about 1.8e19 and vanished below
/// about 1e-19 (every arc then started at angle 0: a box grown by r drawn as a shifted
/// copy, a capsule as nothing).
fn outward(edge: Vec2) -> Vec2 {
    Vec2::new(edge.y, -edge.x)
}

fn angle_of(v: Vec2) -> f32 {
    v.y.atan2(v.x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Aabb, Segment};

    #[test]
    fn a_rounded_box_is_r_from_the_box_everywhere() {
        let b = Aabb::new(Vec2::new(-1.0, -2.0), Vec2::new(3.0, 2.0));
        let pts = rounded_polygon(&b.corners(), 0.5, 6);
        assert_eq!(pts.len(), 4 * 7);
        for p in &pts {
            let d = (*p - b.closest_point(*p)).length();
            assert!((d - 0.5).abs() < 1e-5, "{p} at {d}");
        }
        // The corners run bl, br, tr, tl; the edge into bl comes down from tl, so bl's arc
        // starts pointing left (−x) and ends pointing down (−y).
        assert!((pts[0] - Vec2::new(-1.5, -2.0)).length() < 1e-5);
        assert!((pts[6] - Vec2::new(-1.0, -2.5)).length() < 1e-5);
        // br's arc starts where bl's ended, 4 to the right.
        assert!((pts[7] - Vec2::new(3.0, -2.5)).length() < 1e-5);
    }

    #[test]
    fn a_capsule_is_r_from_its_segment() {
        let s = Segment::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 3.0));
        let pts = capsule(s.a, s.b, 2.0, 8);
        assert_eq!(pts.len(), 2 * 9);
        for p in pts {
            assert!(((p - s.closest_point(p)).length() - 2.0).abs() < 1e-4);
        }
    }

    /// At a scale of 1e20 (or 1e-30) the edges' squares left the f32 range: the box grown
    /// by r was drawn as a shifted copy of the box and capsules not at all. Every scale
    /// draws the same picture, scaled.
    #[test]
    fn outlines_keep_their_shape_at_every_scale() {
        let unit = rounded_polygon(
            &Aabb::new(Vec2::ZERO, Vec2::new(40.0, 30.0)).corners(),
            5.0,
            6,
        );
        for s in [1e-30_f32, 1e-20, 1e20, 1e30] {
            let b = Aabb::new(Vec2::ZERO, Vec2::new(40.0, 30.0) * s);
            let pts = rounded_polygon(&b.corners(), 5.0 * s, 6);
            assert_eq!(pts.len(), unit.len());
            for (p, q) in pts.iter().zip(&unit) {
                assert!((*p / s - *q).length() < 1e-3, "scale {s:e}: {p} vs {q}");
            }
            let c = capsule(Vec2::ZERO, Vec2::new(4.0, 3.0) * s, 2.0 * s, 8);
            let unit_capsule = capsule(Vec2::ZERO, Vec2::new(4.0, 3.0), 2.0, 8);
            for (p, q) in c.iter().zip(&unit_capsule) {
                assert!((*p / s - *q).length() < 1e-3, "scale {s:e}: {p} vs {q}");
            }
        }
    }

    #[test]
    fn a_capsule_of_no_motion_is_a_circle() {
        let pts = capsule(Vec2::new(1.0, 1.0), Vec2::new(1.0, 1.0), 3.0, 5);
        assert_eq!(pts.len(), 10);
        assert_eq!(pts[0], Vec2::new(4.0, 1.0));
    }

    #[test]
    fn circle_points_by_hand() {
        let pts = circle(Vec2::new(10.0, -5.0), 2.0, 4);
        let want = [(12.0, -5.0), (10.0, -3.0), (8.0, -5.0), (10.0, -7.0)];
        for (p, (x, y)) in pts.iter().zip(want) {
            assert!((*p - Vec2::new(x, y)).length() < 1e-5, "{p}");
        }
        assert_eq!(circle(Vec2::ZERO, 1.0, 0).len(), 3);
    }
}
