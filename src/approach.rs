//! How close a moving circle comes to an obstacle, and how deep it starts inside one.
//!
//! A query answers *whether* and *when* the circle first touches; a user looking at a miss
//! also wants *by how much* it missed, and at a start inside, *how deep* it is. Both come
//! from the signed distance of the centre to the obstacle (negative inside a box), which is
//! convex along a straight path: its minimum over `t ∈ [0, 1]` is found in closed form, as
//! the smallest of a few candidates (the path's ends, its closest points to each edge, and
//! inside a box the kinks of the nearest-face distance). Everything is computed in f64 from
//! the f32 inputs and rounded once; a value beyond f32's range (two inputs near ±3.4e38 are
//! 6.8e38 apart) is held at the largest f32 in its direction, as a `Hit`'s points are.

use glam::{DVec2, Vec2};

use crate::geom::{Aabb, Obb, Segment, Sweep, point_on};

/// The moment a sweep passes closest to an obstacle (over the whole motion, ignoring any
/// contact: for a hit it is the deepest the unobstructed motion would go).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Approach {
    /// When, as a fraction of the motion; the earliest such moment when the distance stays
    /// at its minimum for a while (sliding along a side).
    pub time: f32,
    /// The gap between the circle's surface and the obstacle's then: the centre's signed
    /// distance to the obstacle minus the radius. Negative when they overlap.
    pub clearance: f32,
    /// The circle's centre then.
    pub center: Vec2,
    /// The point of the circle's surface facing the obstacle.
    pub ball_point: Vec2,
    /// The point of the obstacle's surface nearest the centre (for a moving circle: where
    /// it is then).
    pub obstacle_point: Vec2,
}

/// An obstacle as the approach sees it: a solid with a surface, a moving circle taken at
/// a time. `Obstacle` maps itself onto this, so the solver needs nothing else.
#[derive(Clone, Copy, Debug)]
pub enum Solid<'a> {
    /// An axis-aligned box.
    Aabb(&'a Aabb),
    /// A rotated box.
    Obb(&'a Obb),
    /// A segment (a zero-length one is a point).
    Segment(&'a Segment),
    /// A circle moving over the same `t` as the sweep.
    Circle(&'a Sweep),
}

/// The closest approach of `sweep` to `solid`; `None` for invalid input (the caller checks
/// the obstacle's validity; the sweep's is checked here).
pub fn closest_approach(sweep: &Sweep, solid: Solid) -> Option<Approach> {
    if !sweep.is_valid() {
        return None;
    }
    let (p0, p1) = (sweep.start.as_dvec2(), sweep.end.as_dvec2());
    // Every point of the path as `point_on`, so the ends are exact however far apart.
    let at = |t: f64| point_on(p0, p1, t);
    let (t, surface) = match solid {
        Solid::Aabb(b) => {
            let t = box_min_time(p0, p1, b.min.as_dvec2(), b.max.as_dvec2());
            (t, Surface::of_box(b, at(t)))
        }
        Solid::Obb(o) => {
            let frame = Frame::of(o);
            let (q0, q1) = (frame.to_local(p0), frame.to_local(p1));
            let h = o.half_extents.as_dvec2();
            let t = box_min_time(q0, q1, -h, h);
            (t, frame.surface(h, point_on(q0, q1, t)))
        }
        Solid::Segment(s) => {
            let t = segment_min_time(p0, p1, s);
            (t, Surface::of_segment(s, at(t)))
        }
        Solid::Circle(c) => {
            // Relative to the other circle, the gap vector moves linearly.
            let gap0 = p0 - c.start.as_dvec2();
            let v = crate::geom::relative_displacement(sweep, c);
            let vv = v.length_squared();
            let t = if vv > 0.0 {
                (-gap0.dot(v) / vv).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let center = point_on(c.start.as_dvec2(), c.end.as_dvec2(), t);
            (t, Surface::of_circle(center, f64::from(c.radius), at(t)))
        }
    };
    let center = at(t);
    let r = f64::from(sweep.radius);
    Some(Approach {
        time: t as f32,
        clearance: held(surface.signed_distance - r),
        center: held_v(center),
        ball_point: held_v(center - surface.outward * r),
        obstacle_point: held_v(surface.point),
    })
}

/// How far a circle of radius `r` centred at `p` reaches into `solid` (a moving circle
/// taken at time `t`): `r` minus the centre's signed distance, when that is positive.
/// `None` when it does not overlap (touching is not overlapping) or `p` or `r` is invalid.
pub fn penetration_depth(p: Vec2, r: f32, solid: Solid, t: f32) -> Option<f32> {
    if !(p.is_finite() && r >= 0.0 && r.is_finite()) {
        return None;
    }
    let depth = f64::from(r) - surface_at(solid, p.as_dvec2(), t).signed_distance;
    (depth > 0.0).then_some(held(depth))
}

/// The gap between a circle of radius `r` centred at `p` and `solid` (a moving circle
/// taken at time `t`): the centre's signed distance minus `r`, negative when they overlap,
/// as [`Approach::clearance`] measures it. Rounded once, from f64.
pub fn clearance_at(solid: Solid, p: Vec2, r: f32, t: f32) -> f32 {
    held(surface_at(solid, p.as_dvec2(), t).signed_distance - f64::from(r))
}

/// [`clearance_at`] for the circle where `sweep` is at time `t` of its exact motion: the
/// centre `start·(1 − t) + end·t` is taken in f64, not rounded to f32 first (far from the
/// origin that rounding is larger than the clearances worth reading), and is exact at 0
/// and 1.
pub fn clearance_on_path(sweep: &Sweep, solid: Solid, t: f32) -> f32 {
    let p = point_on(sweep.start.as_dvec2(), sweep.end.as_dvec2(), f64::from(t));
    held(surface_at(solid, p, t).signed_distance - f64::from(sweep.radius))
}

/// The distance from `p` to `solid` (a moving circle taken at time `t`): 0 inside it.
pub fn distance_at(solid: Solid, p: Vec2, t: f32) -> f32 {
    held(surface_at(solid, p.as_dvec2(), t).signed_distance.max(0.0))
}

/// The point of `solid`'s surface nearest `p` (a moving circle taken at time `t`).
pub fn nearest_surface_point(solid: Solid, p: Vec2, t: f32) -> Vec2 {
    held_v(surface_at(solid, p.as_dvec2(), t).point)
}

/// `x` rounded to f32, held at the largest f32 in its direction beyond f32's range (as a
/// `Hit` holds its points): finite inputs far apart have distances past 3.4e38.
fn held(x: f64) -> f32 {
    (x as f32).clamp(-f32::MAX, f32::MAX)
}

/// [`held`] for each component.
fn held_v(v: DVec2) -> Vec2 {
    Vec2::new(held(v.x), held(v.y))
}

fn surface_at(solid: Solid, p: DVec2, t: f32) -> Surface {
    match solid {
        Solid::Aabb(b) => Surface::of_box(b, p),
        Solid::Obb(o) => {
            let frame = Frame::of(o);
            frame.surface(o.half_extents.as_dvec2(), frame.to_local(p))
        }
        Solid::Segment(s) => Surface::of_segment(s, p),
        Solid::Circle(c) => {
            let t = f64::from(t.clamp(0.0, 1.0));
            let center = point_on(c.start.as_dvec2(), c.end.as_dvec2(), t);
            Surface::of_circle(center, f64::from(c.radius), p)
        }
    }
}

/// A point's relation to an obstacle's surface.
#[derive(Clone, Copy, Debug)]
struct Surface {
    /// Distance to the surface, negative inside.
    signed_distance: f64,
    /// The nearest surface point.
    point: DVec2,
    /// Unit direction from the surface toward the point (outward); for a point on the
    /// surface or inside, the outward normal of the nearest face.
    outward: DVec2,
}

impl Surface {
    fn of_box(b: &Aabb, p: DVec2) -> Self {
        box_surface(b.min.as_dvec2(), b.max.as_dvec2(), p)
    }

    fn of_segment(s: &Segment, p: DVec2) -> Self {
        let (a, b) = (s.a.as_dvec2(), s.b.as_dvec2());
        let q = closest_on_segment(a, b, p);
        let away = p - q;
        let fallback = (b - a).perp().try_normalize().unwrap_or(DVec2::Y);
        Surface {
            signed_distance: away.length(),
            point: q,
            outward: away.try_normalize().unwrap_or(fallback),
        }
    }

    fn of_circle(center: DVec2, radius: f64, p: DVec2) -> Self {
        let away = p - center;
        let outward = away.try_normalize().unwrap_or(DVec2::Y);
        Surface {
            signed_distance: away.length() - radius,
            point: center + outward * radius,
            outward,
        }
    }
}

/// The surface of the box `lo..hi` as seen from `p`, in the box's frame.
fn box_surface(lo: DVec2, hi: DVec2, p: DVec2) -> Surface {
    let q = p.clamp(lo, hi);
    if q != p {
        let away = p - q;
        return Surface {
            signed_distance: away.length(),
            point: q,
            outward: away.normalize(),
        };
    }
    // Inside (or on the surface): the nearest face, the first of ties in l, r, b, t order.
    let faces = [
        (p.x - lo.x, DVec2::NEG_X),
        (hi.x - p.x, DVec2::X),
        (p.y - lo.y, DVec2::NEG_Y),
        (hi.y - p.y, DVec2::Y),
    ];
    let (gap, outward) = faces
        .into_iter()
        .fold(faces[0], |best, f| if f.0 < best.0 { f } else { best });
    Surface {
        signed_distance: -gap,
        point: p + outward * gap,
        outward,
    }
}

/// The box signed distance along the path from `p0` to `p1`: the earliest `t ∈ [0, 1]`
/// where it is smallest.
fn box_min_time(p0: DVec2, p1: DVec2, lo: DVec2, hi: DVec2) -> f64 {
    let d = p1 - p0;
    let sd = |t: f64| box_surface(lo, hi, point_on(p0, p1, t)).signed_distance;
    let mut candidates: Vec<f64> = vec![0.0, 1.0];
    let corners = [lo, DVec2::new(hi.x, lo.y), hi, DVec2::new(lo.x, hi.y)];
    for k in 0..4 {
        candidates.extend(segment_pair_times(p0, d, corners[k], corners[(k + 1) % 4]));
    }
    // Inside, the signed distance is the largest of the four face functions, each linear in
    // t; its minimum is at a crossing of two of them (or an end of the inside stretch, which
    // the edge candidates hold).
    let faces = [
        (lo.x - p0.x, -d.x),
        (p0.x - hi.x, d.x),
        (lo.y - p0.y, -d.y),
        (p0.y - hi.y, d.y),
    ];
    for i in 0..4 {
        for j in i + 1..4 {
            let (ci, si) = faces[i];
            let (cj, sj) = faces[j];
            if si != sj {
                candidates.push((cj - ci) / (si - sj));
            }
        }
    }
    earliest_min(candidates, sd)
}

/// The distance to segment `s` along the path from `p0` to `p1`: the earliest `t ∈ [0, 1]`
/// where it is smallest.
fn segment_min_time(p0: DVec2, p1: DVec2, s: &Segment) -> f64 {
    let (a, b) = (s.a.as_dvec2(), s.b.as_dvec2());
    let d = p1 - p0;
    let dist = |t: f64| {
        let p = point_on(p0, p1, t);
        (p - closest_on_segment(a, b, p)).length()
    };
    let mut candidates = vec![0.0, 1.0];
    candidates.extend(segment_pair_times(p0, d, a, b));
    earliest_min(candidates, dist)
}

/// Times along `p0 + t·d` that may be closest to the segment `a..b`: the ends of the
/// segment projected onto the path, where the path crosses the segment's line, and for a
/// parallel path the start of the stretch alongside it.
fn segment_pair_times(p0: DVec2, d: DVec2, a: DVec2, b: DVec2) -> Vec<f64> {
    let mut out = Vec::with_capacity(4);
    let dd = d.length_squared();
    if dd > 0.0 {
        // The path's points nearest each end of the segment.
        out.push((a - p0).dot(d) / dd);
        out.push((b - p0).dot(d) / dd);
    }
    let e = b - a;
    let denom = d.perp_dot(e);
    if denom != 0.0 {
        // Where the path crosses the segment's line.
        out.push((a - p0).perp_dot(e) / denom);
    }
    // The path's own ends, nearest the segment's interior otherwise, are candidates of
    // every search.
    out
}

/// The earliest candidate in `[0, 1]` (clamped) whose value is smallest.
fn earliest_min(candidates: Vec<f64>, f: impl Fn(f64) -> f64) -> f64 {
    let mut best = (f64::INFINITY, 0.0);
    for t in candidates {
        if !t.is_finite() {
            continue;
        }
        let t = t.clamp(0.0, 1.0);
        let v = f(t);
        if v < best.0 || (v == best.0 && t < best.1) {
            best = (v, t);
        }
    }
    best.1
}

fn closest_on_segment(a: DVec2, b: DVec2, p: DVec2) -> DVec2 {
    let e = b - a;
    let ee = e.length_squared();
    if ee <= 0.0 {
        return a;
    }
    a + e * ((p - a).dot(e) / ee).clamp(0.0, 1.0)
}

/// A rotated box's frame in f64.
struct Frame {
    center: DVec2,
    axis: DVec2,
}

impl Frame {
    fn of(o: &Obb) -> Self {
        let a = f64::from(o.angle);
        Frame {
            center: o.center.as_dvec2(),
            axis: DVec2::new(a.cos(), a.sin()),
        }
    }

    /// `v` turned back by the box's angle.
    fn dir_to_local(&self, v: DVec2) -> DVec2 {
        let a = self.axis;
        DVec2::new(a.x * v.x + a.y * v.y, a.x * v.y - a.y * v.x)
    }

    fn to_local(&self, p: DVec2) -> DVec2 {
        self.dir_to_local(p - self.center)
    }

    fn to_world(&self, p: DVec2) -> DVec2 {
        self.center + self.axis.rotate(p)
    }

    /// The surface of the box `-h..h` seen from local `p`, back in the world.
    fn surface(&self, h: DVec2, p: DVec2) -> Surface {
        let s = box_surface(-h, h, p);
        Surface {
            point: self.to_world(s.point),
            outward: self.axis.rotate(s.outward),
            ..s
        }
    }
}

#[cfg(test)]
mod tests {
    /// A why measured at the answer's rounded centre contradicted itself far from the
    /// origin; the clearance on the exact path takes the centre in f64.
    #[test]
    fn the_clearance_on_the_path_is_not_taken_at_a_rounded_centre() {
        let x = 1.0e7_f32;
        let sweep = Sweep::new(Vec2::new(x, 0.0), Vec2::new(x + 1.0, 0.0), 0.25);
        let wall = Segment::new(Vec2::new(x + 1.0, -5.0), Vec2::new(x + 1.0, 5.0));
        // The exact centre at t = 0.5 is x + 0.5, half a unit from the wall; in f32 it rounds
        // to x, a whole unit away.
        assert_eq!(clearance_on_path(&sweep, Solid::Segment(&wall), 0.5), 0.25);
        assert_eq!(sweep.at(0.5), Vec2::new(x, 0.0));
        assert_eq!(
            clearance_at(Solid::Segment(&wall), sweep.at(0.5), 0.25, 0.5),
            0.75
        );
    }

    use super::*;
    use crate::obstacle::Obstacle;

    fn closest_approach(sweep: &Sweep, o: &Obstacle) -> Option<Approach> {
        o.closest_approach(sweep)
    }

    fn penetration_depth(p: Vec2, r: f32, o: &Obstacle, t: f32) -> Option<f32> {
        super::penetration_depth(p, r, o.solid(), t)
    }

    fn distance_at(o: &Obstacle, p: Vec2, t: f32) -> f32 {
        o.distance_at(p, t)
    }

    fn nearest_surface_point(o: &Obstacle, p: Vec2, t: f32) -> Vec2 {
        super::nearest_surface_point(o.solid(), p, t)
    }

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn a_miss_past_a_corner_by_hand() {
        // The centre moves along y = −x − 8, past the corner (0, 0) of [0, 4]²: the path's
        // nearest point is (−4, −4), 4√2 from the corner, and r = 5 leaves 4√2 − 5.
        let ball = Sweep::new(v(-12.0, 4.0), v(4.0, -12.0), 5.0);
        let b = Obstacle::Aabb(Aabb::new(v(0.0, 0.0), v(4.0, 4.0)));
        let a = closest_approach(&ball, &b).unwrap();
        let want = 4.0 * 2f64.sqrt() - 5.0;
        assert!((f64::from(a.clearance) - want).abs() < 1e-6, "{a:?}");
        assert!((a.time - 0.5).abs() < 1e-6);
        assert!((a.center - v(-4.0, -4.0)).length() < 1e-5);
        assert!(a.obstacle_point.length() < 1e-6);
        // The ball's surface point is 5 from its centre toward the corner.
        let toward = (a.obstacle_point - a.center).normalize();
        assert!((a.ball_point - (a.center + toward * 5.0)).length() < 1e-5);
        assert!(ball.vs_aabb(&Aabb::new(v(0.0, 0.0), v(4.0, 4.0))).is_none());
    }

    #[test]
    fn sliding_alongside_a_side_gives_the_earliest_moment() {
        // Centre 3 above the top y = 2, moving right along it: the gap is 3 − 1 = 2 from
        // x = 0 onward; the earliest closest moment is when it comes over the side.
        let ball = Sweep::new(v(-10.0, 5.0), v(10.0, 5.0), 1.0);
        let b = Obstacle::Aabb(Aabb::new(v(0.0, 0.0), v(4.0, 2.0)));
        let a = closest_approach(&ball, &b).unwrap();
        assert_eq!(a.clearance, 2.0);
        assert_eq!(a.time, 0.5);
        assert_eq!(a.obstacle_point, v(0.0, 2.0));
        assert_eq!(a.ball_point, v(0.0, 4.0));
    }

    #[test]
    fn a_path_through_a_box_goes_deepest_at_its_middle() {
        // Through [0, 10] × [0, 4] along y = 1: deepest at x in [1, 9], 1 from the bottom;
        // the earliest is x = 1, t = (1 + 5) / 20.
        let ball = Sweep::new(v(-5.0, 1.0), v(15.0, 1.0), 0.5);
        let b = Obstacle::Aabb(Aabb::new(v(0.0, 0.0), v(10.0, 4.0)));
        let a = closest_approach(&ball, &b).unwrap();
        assert_eq!(a.clearance, -1.5);
        assert!((a.time - 0.3).abs() < 1e-6, "{a:?}");
        // Along y = 2 the path crosses the middle of the box: deepest at x = 2 .. 8.
        let ball = Sweep::new(v(-5.0, 2.0), v(15.0, 2.0), 0.5);
        let a = closest_approach(&ball, &b).unwrap();
        assert_eq!(a.clearance, -2.5);
        assert!((a.time - 0.35).abs() < 1e-6, "{a:?}");
    }

    #[test]
    fn a_rotated_box_measures_in_its_own_frame() {
        // The unit square turned 45°: its corner points along +x at √2. A centre moving
        // down the line x = 3 passes it at 3 − √2; r = 1 leaves 2 − √2.
        let o = Obstacle::Obb(Obb::new(
            Vec2::ZERO,
            v(1.0, 1.0),
            std::f32::consts::FRAC_PI_4,
        ));
        let ball = Sweep::new(v(3.0, 4.0), v(3.0, -4.0), 1.0);
        let a = closest_approach(&ball, &o).unwrap();
        assert!(
            (f64::from(a.clearance) - (2.0 - 2f64.sqrt())).abs() < 1e-6,
            "{a:?}"
        );
        assert!((a.time - 0.5).abs() < 1e-6);
        assert!((a.obstacle_point - v(2f32.sqrt(), 0.0)).length() < 1e-5);
    }

    #[test]
    fn segments_crossing_and_passing() {
        let s = Obstacle::Segment(Segment::new(v(0.0, 0.0), v(10.0, 0.0)));
        // A vertical path x = 13 passes the end b = (10, 0) 3 away, at t = 0.5.
        let ball = Sweep::new(v(13.0, -6.0), v(13.0, 6.0), 2.0);
        let a = closest_approach(&ball, &s).unwrap();
        assert_eq!(a.clearance, 1.0);
        assert_eq!(a.time, 0.5);
        assert_eq!(a.obstacle_point, v(10.0, 0.0));
        // Crossing it at x = 4: centre distance 0 at t = 0.5.
        let ball = Sweep::new(v(4.0, -6.0), v(4.0, 6.0), 2.0);
        let a = closest_approach(&ball, &s).unwrap();
        assert_eq!(a.clearance, -2.0);
        assert_eq!(a.time, 0.5);
    }

    #[test]
    fn two_moving_circles_by_hand() {
        // Head-on along x, the other moving away at half the speed: the centre gap closes
        // from 20 to 10 and is smallest at the end.
        let ball = Sweep::new(v(0.0, 0.0), v(20.0, 0.0), 1.0);
        let other = Obstacle::Circle(Sweep::new(v(20.0, 0.0), v(30.0, 0.0), 2.0));
        let a = closest_approach(&ball, &other).unwrap();
        assert_eq!(a.time, 1.0);
        assert_eq!(a.clearance, 10.0 - 3.0);
        assert_eq!(a.center, v(20.0, 0.0));
        assert_eq!(a.obstacle_point, v(28.0, 0.0));
        // Crossing paths: (−5, 0) → (5, 0) and (0, −5) → (0, 5) meet at the origin at
        // t = 0.5, centres 0 apart: the clearance is 0 − r1 − r2.
        let ball = Sweep::new(v(-5.0, 0.0), v(5.0, 0.0), 1.0);
        let other = Obstacle::Circle(Sweep::new(v(0.0, -5.0), v(0.0, 5.0), 1.0));
        let a = closest_approach(&ball, &other).unwrap();
        assert_eq!(a.time, 0.5);
        assert_eq!(a.clearance, -2.0);
    }

    #[test]
    fn depth_of_a_start_inside() {
        let b = Obstacle::Aabb(Aabb::new(v(0.0, 0.0), v(20.0, 20.0)));
        // Centre (3, 10) in the box: 3 from the left side, r = 2 reaches 5 deep.
        assert_eq!(penetration_depth(v(3.0, 10.0), 2.0, &b, 0.0), Some(5.0));
        // Centre 1 left of the box with r = 2: 1 deep.
        assert_eq!(penetration_depth(v(-1.0, 10.0), 2.0, &b, 0.0), Some(1.0));
        // Touching is not overlapping.
        assert_eq!(penetration_depth(v(-2.0, 10.0), 2.0, &b, 0.0), None);
        let c = Obstacle::Circle(Sweep::new(v(0.0, 0.0), v(10.0, 0.0), 3.0));
        // At t = 0.5 the circle is at (5, 0): a centre 4 away with r = 2 is 1 deep.
        assert_eq!(penetration_depth(v(5.0, 4.0), 2.0, &c, 0.5), Some(1.0));
        assert_eq!(penetration_depth(v(f32::NAN, 0.0), 2.0, &c, 0.5), None);
    }

    #[test]
    fn distances_by_hand() {
        let b = Obstacle::Aabb(Aabb::new(Vec2::ZERO, v(2.0, 2.0)));
        assert_eq!(distance_at(&b, v(5.0, 6.0), 0.0), 5.0);
        assert_eq!(distance_at(&b, v(1.0, 1.0), 0.0), 0.0);
        let o = Obstacle::Obb(Obb::new(
            Vec2::ZERO,
            v(1.0, 1.0),
            std::f32::consts::FRAC_PI_4,
        ));
        assert!((distance_at(&o, v(3.0, 0.0), 0.0) - (3.0 - 2f32.sqrt())).abs() < 1e-6);
        let c = Obstacle::Circle(Sweep::new(Vec2::ZERO, v(10.0, 0.0), 1.0));
        assert_eq!(distance_at(&c, v(5.0, 4.0), 0.5), 3.0);
        let s = Obstacle::Segment(Segment::new(v(0.0, 0.0), v(4.0, 0.0)));
        assert_eq!(distance_at(&s, v(7.0, 4.0), 0.0), 5.0);
        assert_eq!(nearest_surface_point(&s, v(7.0, 4.0), 0.0), v(4.0, 0.0));
    }

    #[test]
    fn invalid_input_has_no_approach() {
        let b = Obstacle::Aabb(Aabb::new(Vec2::ZERO, v(2.0, 2.0)));
        let ball = Sweep::new(v(f32::INFINITY, 0.0), v(1.0, 1.0), 1.0);
        assert_eq!(closest_approach(&ball, &b), None);
        let inverted = Obstacle::Aabb(Aabb::new(v(2.0, 2.0), Vec2::ZERO));
        let ball = Sweep::new(v(0.0, 0.0), v(1.0, 1.0), 1.0);
        assert_eq!(closest_approach(&ball, &inverted), None);
    }

    /// Hostile test: finite inputs near ±f32::MAX gave an infinite clearance and depth (the
    /// distances pass 3.4e38), where a `Hit` holds its points at f32::MAX. Held the same.
    #[test]
    fn distances_past_f32s_range_are_held_not_infinite() {
        let m = f32::MAX;
        let far = Obstacle::Aabb(Aabb::new(v(-m, -1.0), v(-3e38, 1.0)));
        let ball = Sweep::new(v(3e38, 0.0), v(m, 0.0), 1.0);
        let a = far
            .closest_approach(&ball)
            .unwrap_or_else(|| panic!("valid"));
        assert_eq!(a.clearance, m);
        assert!(a.center.is_finite() && a.ball_point.is_finite() && a.obstacle_point.is_finite());
        assert_eq!(far.clearance_at(v(m, 0.0), 0.0, 0.0), m);
        assert_eq!(far.distance_at(v(m, 0.0), 0.0), m);
        let all = Obstacle::Aabb(Aabb::new(v(-m, -m), v(m, m)));
        let huge = Sweep::new(v(0.0, 0.0), v(1.0, 0.0), m);
        assert_eq!(all.start_depth(&huge), Some(m));
    }
}
