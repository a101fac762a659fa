//! parry2d's two continuous-collision functions as contenders beside the exact core:
//! [`cast`] (`cast_shapes`, GJK shape casting, id `parry-cast`) and [`sweep`]
//! (`sweep_time_of_impact`, conservative advancement with a slop, id `parry-sweep`).
//!
//! parry2d is pinned to 0.31.1 (`engines` feature): the semantics below and in each module's
//! `FLAWS` are read from that version's source. parry uses its own glam, so vectors cross
//! over by components. How the core's shapes reach parry:
//! - a box as a `Cuboid` of the box's half extents posed at its centre — exact when
//!   `centre ± half extents` gives back `min` and `max` ([`exact_in_parry`]), otherwise parry
//!   works on a box a rounding away from the core's;
//! - a rotated box as a `Cuboid` posed by `Pose::new(centre, angle)`, whose rotation is
//!   `sin_cos(angle)`, the very values the core's `Obb::axis` uses;
//! - a segment as a `Segment` at the identity pose; a circle as a `Ball` posed at its start
//!   and moving with velocity `end − start` over the time 1.

pub mod cast;
pub mod sweep;

use glam::Vec2;
use parry2d::math::{Pose, Vector};
use parry2d::shape::{Ball, Cuboid, Segment as ParrySegment, Shape};

use crate::geom::{Aabb, Obb, Sweep};
use crate::hit::{Corner, End, Feature, Side};
use crate::obstacle::Obstacle;
use crate::region::{Region, region_code};

/// A core vector as parry's.
pub fn to_parry(v: Vec2) -> Vector {
    Vector::new(v.x, v.y)
}

/// A parry vector as the core's.
pub fn from_parry(v: Vector) -> Vec2 {
    Vec2::new(v.x, v.y)
}

/// The shape of an obstacle as parry models it.
#[derive(Clone, Copy, Debug)]
pub enum ParryShape {
    Cuboid(Cuboid),
    Segment(ParrySegment),
    Ball(Ball),
}

impl ParryShape {
    pub fn as_dyn(&self) -> &dyn Shape {
        match self {
            ParryShape::Cuboid(c) => c,
            ParryShape::Segment(s) => s,
            ParryShape::Ball(b) => b,
        }
    }
}

/// An obstacle as parry sees it: a shape at a pose at t = 0, translating by `velocity` over
/// the whole motion (zero for everything but a moving circle).
#[derive(Clone, Copy, Debug)]
pub struct Posed {
    pub shape: ParryShape,
    pub pose: Pose,
    pub velocity: Vector,
}

/// A box's centre and half extents, as parry's cuboid takes them.
pub fn box_center_half(b: &Aabb) -> (Vec2, Vec2) {
    // Halving first keeps the sum of two huge coordinates from overflowing.
    let center = b.min * 0.5 + b.max * 0.5;
    (center, center - b.min)
}

/// The obstacle in parry's terms.
pub fn posed(obstacle: &Obstacle) -> Posed {
    let still = |shape, pose| Posed {
        shape,
        pose,
        velocity: Vector::ZERO,
    };
    match obstacle {
        Obstacle::Aabb(b) => {
            let (c, h) = box_center_half(b);
            still(
                ParryShape::Cuboid(Cuboid::new(to_parry(h))),
                Pose::from_translation(to_parry(c)),
            )
        }
        Obstacle::Obb(b) => still(
            ParryShape::Cuboid(Cuboid::new(to_parry(b.half_extents))),
            Pose::new(to_parry(b.center), b.angle),
        ),
        Obstacle::Segment(s) => still(
            ParryShape::Segment(ParrySegment::new(to_parry(s.a), to_parry(s.b))),
            Pose::IDENTITY,
        ),
        Obstacle::Circle(c) => Posed {
            shape: ParryShape::Ball(Ball::new(c.radius)),
            pose: Pose::from_translation(to_parry(c.start)),
            velocity: to_parry(c.delta()),
        },
    }
}

/// Whether parry receives exactly the obstacle the core answers for: false only for an
/// axis-aligned box whose centre and half extents do not give back its corners exactly
/// (the hunter skips those, so a disagreement is never a rounding of the input).
pub fn exact_in_parry(obstacle: &Obstacle) -> bool {
    match obstacle {
        Obstacle::Aabb(b) => {
            let (c, h) = box_center_half(b);
            let (c, h) = (c.as_dvec2(), h.as_dvec2());
            c - h == b.min.as_dvec2() && c + h == b.max.as_dvec2()
        }
        _ => true,
    }
}

/// The ball as parry's shape, pose at t = 0 and velocity over the whole motion.
pub fn ball(sweep: &Sweep) -> (Ball, Pose, Vector) {
    (
        Ball::new(sweep.radius),
        Pose::from_translation(to_parry(sweep.start)),
        to_parry(sweep.delta()),
    )
}

/// Names the feature of `obstacle` an engine's contact lies on, and for boxes the region of
/// the contact centre, so its answer reads like the core's in the inspector. parry reports
/// no feature: this is the core's naming applied to the engine's centre and normal.
pub fn label(obstacle: &Obstacle, center: Vec2, normal: Vec2) -> (Feature, Option<Region>) {
    match obstacle {
        Obstacle::Aabb(b) => box_label(b, center, normal),
        Obstacle::Obb(b) => box_label(&b.local_aabb(), b.to_local(center), local_dir(b, normal)),
        Obstacle::Segment(s) => {
            let d = s.delta();
            let along = (center - s.a).dot(d);
            let feature = if along <= 0.0 && d != Vec2::ZERO {
                Feature::End(End::A)
            } else if along >= d.length_squared() {
                Feature::End(End::B)
            } else {
                Feature::Face {
                    left: d.perp_dot(center - s.a) >= 0.0,
                }
            };
            (feature, None)
        }
        Obstacle::Circle(_) => (Feature::Circle, None),
    }
}

fn local_dir(b: &Obb, v: Vec2) -> Vec2 {
    b.dir_to_local(v)
}

fn box_label(b: &Aabb, center: Vec2, normal: Vec2) -> (Feature, Option<Region>) {
    let code = region_code(center, b);
    if code.is_corner() {
        let corner = Corner::from_signs(code.contains(Region::RIGHT), code.contains(Region::TOP));
        return (Feature::Corner(corner), Some(code));
    }
    let side = code.side().unwrap_or({
        // The centre is inside the box: name the side the normal points out of.
        if normal.x.abs() >= normal.y.abs() {
            if normal.x < 0.0 {
                Side::Left
            } else {
                Side::Right
            }
        } else if normal.y < 0.0 {
            Side::Bottom
        } else {
            Side::Top
        }
    });
    (Feature::Side(side), Some(code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_reach_parry_exactly_when_centre_and_half_extents_give_the_corners_back() {
        let exact = Aabb::new(Vec2::new(-3.0, 1.0), Vec2::new(5.0, 2.5));
        assert!(exact_in_parry(&Obstacle::Aabb(exact)));
        // 2^24 + 1 is not an f32 sum: the centre of [1, 2^24] rounds.
        let rounded = Aabb::new(Vec2::new(1.0, 0.0), Vec2::new(16_777_216.0, 1.0));
        assert!(!exact_in_parry(&Obstacle::Aabb(rounded)));
        let (c, h) = box_center_half(&exact);
        assert_eq!((c, h), (Vec2::new(1.0, 1.75), Vec2::new(4.0, 0.75)));
    }

    #[test]
    fn a_rotated_box_has_the_cores_axis_in_parry() {
        let b = Obb::new(Vec2::new(1.0, 2.0), Vec2::new(3.0, 1.0), 0.7);
        let p = posed(&Obstacle::Obb(b));
        assert_eq!(p.pose.rotation.re, b.axis().x);
        assert_eq!(p.pose.rotation.im, b.axis().y);
    }

    #[test]
    fn labels_follow_the_cores_names() {
        let b = Obstacle::Aabb(Aabb::new(Vec2::ZERO, Vec2::new(4.0, 2.0)));
        assert_eq!(label(&b, Vec2::new(-1.0, 1.0), Vec2::NEG_X).0.name(), "l");
        assert_eq!(label(&b, Vec2::new(5.0, 3.0), Vec2::ONE).0.name(), "tr");
        assert_eq!(label(&b, Vec2::new(1.0, 1.9), Vec2::Y).0.name(), "t");
        let s = Obstacle::Segment(crate::geom::Segment::new(Vec2::ZERO, Vec2::X));
        assert_eq!(label(&s, Vec2::new(0.5, 1.0), Vec2::Y).0.name(), "face+");
        assert_eq!(label(&s, Vec2::new(2.0, 0.0), Vec2::X).0.name(), "end-b");
    }
}
