//! Outlines of the Minkowski sums a sweep is tested against, as polylines for drawing:
//! a convex polygon grown by a disc (a box expanded by `r`, with rounded corners), the
//! capsule a circle sweeps, and a circle.
//!
//! Every point of these outlines is exactly `r` from the grown shape up to f64 rounding;
//! the queries never read them (they solve against the exact shapes), so they only have to
//! be faithful pictures. In f64, from the f32 shapes: a radius below f32's spacing at the
//! shape's coordinates (1e-6 at 20) stays its own size, where f32 points rounded it to the
//! spacing (a capsule drawn twice the ball's width at a deep zoom).

use glam::{DVec2, Vec2};

/// The outline of a convex polygon (`corners` counter-clockwise) grown by `r`: each edge
/// pushed out by `r`, each corner replaced by an arc of radius `r` of `arc_steps` segments.
/// Counter-clockwise, starting with the first corner's arc; `corners.len() × (arc_steps + 1)`
/// points. A polygon of one or two points gives a circle or a capsule.
pub fn rounded_polygon(corners: &[Vec2], r: f32, arc_steps: usize) -> Vec<DVec2> {
    let n = corners.len();
    let steps = arc_steps.max(1);
    let mut out = Vec::with_capacity(n * (steps + 1));
    if n == 0 {
        return out;
    }
    if n == 1 {
        return circle(corners[0], r, 2 * steps);
    }
    let r = f64::from(r);
    for i in 0..n {
        let prev = corners[(i + n - 1) % n].as_dvec2();
        let here = corners[i].as_dvec2();
        let next = corners[(i + 1) % n].as_dvec2();
        // The outward normals (right of a counter-clockwise edge) of the edges into and
        // out of this corner bound its arc.
        let a0 = angle_of(outward(here - prev));
        let mut a1 = angle_of(outward(next - here));
        while a1 < a0 {
            a1 += std::f64::consts::TAU;
        }
        for k in 0..=steps {
            let a = a0 + (a1 - a0) * k as f64 / steps as f64;
            out.push(here + DVec2::from_angle(a) * r);
        }
    }
    out
}

/// The capsule of radius `r` around the segment `a → b`: the area a circle of radius `r`
/// covers moving from `a` to `b`. Counter-clockwise; a circle when `a == b`.
pub fn capsule(a: Vec2, b: Vec2, r: f32, arc_steps: usize) -> Vec<DVec2> {
    if a == b {
        return circle(a, r, 2 * arc_steps.max(1));
    }
    rounded_polygon(&[a, b], r, arc_steps)
}

/// `n` points (at least 3) evenly spaced counter-clockwise on the circle around `c`,
/// starting on its +x side.
pub fn circle(c: Vec2, r: f32, n: usize) -> Vec<DVec2> {
    let n = n.max(3);
    let (c, r) = (c.as_dvec2(), f64::from(r));
    (0..n)
        .map(|k| c + DVec2::from_angle(std::f64::consts::TAU * k as f64 / n as f64) * r)
        .collect()
}

/// The outward normal's direction, not normalised: only its angle is read, and
/// normalising squared the edge, which overflowed past about 1.8e19 and vanished below
/// about 1e-19 (every arc then started at angle 0: a box grown by r drawn as a shifted
/// copy, a capsule as nothing).
fn outward(edge: DVec2) -> DVec2 {
    DVec2::new(edge.y, -edge.x)
}

fn angle_of(v: DVec2) -> f64 {
    v.y.atan2(v.x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Aabb;

    /// The distance from `p` to the box `[lo, hi]`, in f64.
    fn to_box(p: DVec2, lo: Vec2, hi: Vec2) -> f64 {
        (p - p.clamp(lo.as_dvec2(), hi.as_dvec2())).length()
    }

    /// The distance from `p` to the segment `a → b`, in f64.
    fn to_segment(p: DVec2, a: Vec2, b: Vec2) -> f64 {
        let (a, b) = (a.as_dvec2(), b.as_dvec2());
        let t = ((p - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
        (p - (a + (b - a) * t)).length()
    }

    #[test]
    fn a_rounded_box_is_r_from_the_box_everywhere() {
        let b = Aabb::new(Vec2::new(-1.0, -2.0), Vec2::new(3.0, 2.0));
        let pts = rounded_polygon(&b.corners(), 0.5, 6);
        assert_eq!(pts.len(), 4 * 7);
        for p in &pts {
            let d = to_box(*p, b.min, b.max);
            assert!((d - 0.5).abs() < 1e-12, "{p} at {d}");
        }
        // The corners run bl, br, tr, tl; the edge into bl comes down from tl, so bl's arc
        // starts pointing left (−x) and ends pointing down (−y).
        assert!((pts[0] - DVec2::new(-1.5, -2.0)).length() < 1e-12);
        assert!((pts[6] - DVec2::new(-1.0, -2.5)).length() < 1e-12);
        // br's arc starts where bl's ended, 4 to the right.
        assert!((pts[7] - DVec2::new(3.0, -2.5)).length() < 1e-12);
    }

    #[test]
    fn a_capsule_is_r_from_its_segment() {
        let (a, b) = (Vec2::new(0.0, 0.0), Vec2::new(4.0, 3.0));
        let pts = capsule(a, b, 2.0, 8);
        assert_eq!(pts.len(), 2 * 9);
        for p in pts {
            assert!((to_segment(p, a, b) - 2.0).abs() < 1e-12);
        }
    }

    /// User test: a ball of radius 1e-6 at y = 20 zoomed to 1e8 pixels a unit had its
    /// swept capsule drawn about 380 pixels wide for a ball 200 across: the outline's f32
    /// points rounded 20 ± 1e-6 to 20 ± 1.9e-6 (f32's spacing there). In f64 the capsule
    /// keeps the ball's radius.
    #[test]
    fn a_radius_below_f32_spacing_keeps_its_size() {
        let (a, b) = (Vec2::new(-30.0, 20.0), Vec2::new(30.0, 20.0));
        let r = 1e-6f32;
        for p in capsule(a, b, r, 4) {
            let d = to_segment(p, a, b);
            assert!((d / f64::from(r) - 1.0).abs() < 1e-6, "{p}: {d}");
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
            let sd = f64::from(s);
            for (p, q) in pts.iter().zip(&unit) {
                assert!((*p / sd - *q).length() < 1e-3, "scale {s:e}: {p} vs {q}");
            }
            let c = capsule(Vec2::ZERO, Vec2::new(4.0, 3.0) * s, 2.0 * s, 8);
            let unit_capsule = capsule(Vec2::ZERO, Vec2::new(4.0, 3.0), 2.0, 8);
            for (p, q) in c.iter().zip(&unit_capsule) {
                assert!((*p / sd - *q).length() < 1e-3, "scale {s:e}: {p} vs {q}");
            }
        }
    }

    #[test]
    fn a_capsule_of_no_motion_is_a_circle() {
        let pts = capsule(Vec2::new(1.0, 1.0), Vec2::new(1.0, 1.0), 3.0, 5);
        assert_eq!(pts.len(), 10);
        assert_eq!(pts[0], DVec2::new(4.0, 1.0));
    }

    #[test]
    fn circle_points_by_hand() {
        let pts = circle(Vec2::new(10.0, -5.0), 2.0, 4);
        let want = [(12.0, -5.0), (10.0, -3.0), (8.0, -5.0), (10.0, -7.0)];
        for (p, (x, y)) in pts.iter().zip(want) {
            assert!((*p - DVec2::new(x, y)).length() < 1e-12, "{p}");
        }
        assert_eq!(circle(Vec2::ZERO, 1.0, 0).len(), 3);
    }
}
