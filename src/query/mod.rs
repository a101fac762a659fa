//! Time-of-impact queries: one file per shape pair.
//!
//! Every query takes a [`Sweep`] and an obstacle and returns the first contact as a
//! [`Hit`], or `None`.
//!
//! # Rules shared by every query
//! - Time is the fraction `t ∈ [0, 1]` of the motion; a contact exactly at `t = 1` is a hit.
//! - A circle overlapping the obstacle at `t = 0` (distance < radius) is a hit at time 0 with
//!   `started_inside = true`, whatever its direction; the normal is the shortest push-out.
//! - A contact needs the circle to be *approaching*: touching at `t = 0` while moving away or
//!   parallel is not a hit, and neither is a graze that reaches distance exactly `radius`
//!   without ever going below it (a circle rolling along a floor at exactly `r`).
//! - Non-finite input, a negative radius or an inverted box gives `None`; nothing panics.

pub mod batch;
mod box_entry;
mod circle_aabb;
mod circle_circle;
mod circle_obb;
mod circle_segment;
pub(crate) mod contact;
pub mod exact;
mod float;
mod kernel;
mod line_filter;
mod point;

pub(crate) use circle_aabb::aabb_contact;
pub use circle_aabb::cast_aabb;
pub use circle_circle::cast_circle;
pub(crate) use circle_circle::circle_contact;
pub use circle_obb::cast_obb;
pub(crate) use circle_obb::obb_contact;
pub use circle_segment::cast_segment;
pub(crate) use circle_segment::segment_contact;

use crate::geom::{Aabb, Obb, Segment, Sweep};
use crate::hit::Hit;

impl Sweep {
    /// First contact with an axis-aligned box.
    pub fn vs_aabb(&self, aabb: &Aabb) -> Option<Hit> {
        cast_aabb(self, aabb)
    }

    /// First contact with a rotated box.
    pub fn vs_obb(&self, obb: &Obb) -> Option<Hit> {
        cast_obb(self, obb)
    }

    /// First contact with a segment, end caps included.
    pub fn vs_segment(&self, segment: &Segment) -> Option<Hit> {
        cast_segment(self, segment)
    }

    /// First contact with another circle moving over the same `t`.
    pub fn vs_circle(&self, other: &Sweep) -> Option<Hit> {
        cast_circle(self, other)
    }
}

/// For the tests that compare a lane form with its scalar definition: an endless,
/// seeded draw from `vals`, a few small values with signed zeros that make every kind of
/// tie common.
#[cfg(test)]
pub(crate) fn tie_values(vals: &[f64]) -> impl FnMut() -> f64 + '_ {
    let mut k = 0u64;
    move || {
        k = k
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        vals[((k >> 33) % vals.len() as u64) as usize]
    }
}

#[cfg(test)]
mod tests {
    //! Hand-computed cases; the randomised comparisons against an f64 reference live in
    //! `tests/`.
    use super::*;
    use crate::hit::{End, Feature};
    use crate::region::{Corner, Side};
    use glam::Vec2;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn unit_box() -> Aabb {
        Aabb::new(v(0.0, 0.0), v(10.0, 10.0))
    }

    #[test]
    fn side_hit_from_the_left() {
        let h = Sweep::new(v(-10.0, 5.0), v(10.0, 5.0), 1.0)
            .vs_aabb(&unit_box())
            .unwrap();
        assert_eq!(h.time, 9.0 / 20.0);
        assert_eq!(h.center, v(-1.0, 5.0));
        assert_eq!(h.point, v(0.0, 5.0));
        assert_eq!(h.normal, v(-1.0, 0.0));
        assert_eq!(h.feature, Feature::Side(Side::Left));
        assert_eq!(h.region.unwrap().name(), "l");
        assert!(!h.started_inside);
    }

    #[test]
    fn diagonal_into_a_corner() {
        // Corner at (0,0) is 10√2 away; contact when 1 away: t = (10√2 − 1) / (10√2).
        let h = Sweep::new(v(-10.0, -10.0), v(0.0, 0.0), 1.0)
            .vs_aabb(&unit_box())
            .unwrap();
        let expected = (200f64.sqrt() - 1.0) / 200f64.sqrt();
        assert!((f64::from(h.time) - expected).abs() < 1e-6, "{}", h.time);
        assert_eq!(h.feature, Feature::Corner(Corner::BottomLeft));
        assert!((h.normal - v(-0.5f32.sqrt(), -0.5f32.sqrt())).length() < 1e-6);
        assert_eq!(h.region.unwrap().name(), "bl");
    }

    #[test]
    fn corner_square_but_outside_corner_circle_misses() {
        // The line x + y = −1.8 crosses the expanded box's corner square [−1,0]² (at
        // (−0.9, −0.9)) but passes 1.8/√2 ≈ 1.27 > r from the corner: a miss.
        let s = Sweep::new(v(-6.8, 5.0), v(3.2, -5.0), 1.0);
        assert_eq!(s.vs_aabb(&unit_box()), None);
        let clip = crate::clip_segment(s.start, s.end, &unit_box().expanded(1.0));
        assert!(
            clip.span.is_some(),
            "control: the line does enter the expanded box"
        );
    }

    #[test]
    fn grazing_along_a_side_is_not_a_hit() {
        let s = Sweep::new(v(-5.0, 11.0), v(15.0, 11.0), 1.0);
        assert_eq!(s.vs_aabb(&unit_box()), None);
    }

    #[test]
    fn touching_at_one() {
        let h = Sweep::new(v(-11.0, 5.0), v(-1.0, 5.0), 1.0)
            .vs_aabb(&unit_box())
            .unwrap();
        assert_eq!(h.time, 1.0);
    }

    #[test]
    fn touching_at_zero_moving_away_is_not_a_hit() {
        assert_eq!(
            Sweep::new(v(-1.0, 5.0), v(-5.0, 5.0), 1.0).vs_aabb(&unit_box()),
            None
        );
        let h = Sweep::new(v(-1.0, 5.0), v(5.0, 5.0), 1.0)
            .vs_aabb(&unit_box())
            .unwrap();
        assert_eq!((h.time, h.started_inside), (0.0, false));
    }

    #[test]
    fn started_inside_pushes_out_the_nearest_side() {
        let h = Sweep::new(v(9.0, 5.0), v(0.0, 5.0), 1.0)
            .vs_aabb(&unit_box())
            .unwrap();
        assert!(h.started_inside);
        assert_eq!(h.normal, v(1.0, 0.0));
        assert_eq!(h.feature, Feature::Side(Side::Right));
    }

    #[test]
    fn non_finite_input_is_no_hit() {
        let s = Sweep::new(v(f32::NAN, 0.0), v(1.0, 1.0), 1.0);
        assert_eq!(s.vs_aabb(&unit_box()), None);
        let s = Sweep::new(v(0.0, 0.0), v(f32::INFINITY, 1.0), 1.0);
        assert_eq!(s.vs_segment(&Segment::new(v(1.0, 0.0), v(2.0, 0.0))), None);
    }

    /// Every way a circle pair's input can be invalid, on overlapping and on clearly
    /// hitting circles (the answers a fast path gives first): a NaN or infinite end, start
    /// or radius on either circle, or a negative radius, is no hit.
    #[test]
    fn invalid_input_to_the_circle_pair_is_no_hit_even_when_overlapping() {
        let good = [
            (
                Sweep::new(v(0.0, 0.0), v(1.0, 0.0), 1.0),
                Sweep::new(v(0.5, 0.0), v(1.5, 0.0), 1.0),
            ),
            (
                Sweep::new(v(0.0, 0.0), v(10.0, 0.0), 1.0),
                Sweep::new(v(10.0, 0.0), v(0.0, 0.0), 1.0),
            ),
        ];
        for (a, b) in good {
            assert!(a.vs_circle(&b).is_some(), "control: {a:?} {b:?}");
            for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
                let edits: [fn(&mut Sweep, &mut Sweep, f32); 6] = [
                    |a, _, x| a.end.x = x,
                    |_, b, x| b.end.y = x,
                    |a, _, x| a.start.y = x,
                    |_, b, x| b.start.x = x,
                    |a, _, x| a.radius = x,
                    |_, b, x| b.radius = x,
                ];
                for edit in edits {
                    let (mut a, mut b) = (a, b);
                    edit(&mut a, &mut b, bad);
                    assert_eq!(a.vs_circle(&b), None, "{a:?} {b:?}");
                }
            }
            for (ra, rb) in [(-1.0, 1.0), (1.0, -0.5), (-0.0 - 1e-30, 3.0)] {
                let (mut a, mut b) = (a, b);
                (a.radius, b.radius) = (ra, rb);
                assert_eq!(a.vs_circle(&b), None, "{a:?} {b:?}");
            }
        }
    }

    /// `resolve`'s legs are f64 motions: an overlap whose centre offset is below 2⁻⁵¹¹ has
    /// a subnormal squared length, whose square root and reciprocal lose their relative
    /// accuracy. Its push-out normal (circle pair, and an axis-aligned box beside the
    /// start) must still be the exact query's.
    #[test]
    fn a_push_out_from_an_offset_too_short_to_square_is_the_exact_querys() {
        use crate::query::contact::Motion;
        use glam::DVec2;
        let tiny = 2f64.powi(-530);
        let m = Motion {
            start: DVec2::ZERO,
            end: DVec2::new(1.0, 0.5),
            radius: 1.0,
        };
        for offset in [
            DVec2::new(3.3, 1.7),
            DVec2::new(-1.1, 7.3),
            DVec2::new(0.7, 0.0),
        ] {
            let o = Motion {
                start: offset * tiny,
                end: offset * tiny + DVec2::new(0.25, 0.0),
                radius: 0.5,
            };
            let (fast, exact) = (
                circle_contact(&m, &o).unwrap(),
                exact::circle_contact(&m, &o).unwrap(),
            );
            assert!(fast.hit.started_inside);
            assert_eq!(fast.hit.normal, exact.hit.normal, "{offset}");
            assert!((fast.hit.normal.length() - 1.0).abs() < 1e-6);
            // A box corner just beside the start, by as little.
            let b = Aabb::new(
                (offset * tiny).as_vec2(),
                (offset * tiny).as_vec2() + Vec2::splat(1.0),
            );
            let m = Motion {
                start: -offset * tiny,
                ..m
            };
            let (fast, exact) = (aabb_contact(&m, &b), exact::aabb_contact(&m, &b));
            assert_eq!(fast.map(|c| c.hit), exact.map(|c| c.hit), "{offset}");
        }
    }

    #[test]
    fn rotated_box_at_zero_angle_matches_aabb() {
        let s = Sweep::new(v(-10.0, -3.0), v(12.0, 7.0), 1.5);
        let a = s.vs_aabb(&unit_box()).unwrap();
        let o = s.vs_obb(&Obb::new(v(5.0, 5.0), v(5.0, 5.0), 0.0)).unwrap();
        assert!((a.time - o.time).abs() < 1e-6);
        assert_eq!(a.feature, o.feature);
    }

    #[test]
    fn segment_face_and_end() {
        let seg = Segment::new(v(0.0, 0.0), v(10.0, 0.0));
        let h = Sweep::new(v(5.0, 5.0), v(5.0, -5.0), 1.0)
            .vs_segment(&seg)
            .unwrap();
        assert_eq!(h.time, 0.4);
        assert_eq!(h.feature, Feature::Face { left: true });
        assert_eq!(h.normal, v(0.0, 1.0));
        let h = Sweep::new(v(-5.0, 0.0), v(5.0, 0.0), 1.0)
            .vs_segment(&seg)
            .unwrap();
        assert_eq!(h.time, 0.4);
        assert_eq!(h.feature, Feature::End(End::A));
        assert_eq!(h.normal, v(-1.0, 0.0));
    }

    #[test]
    fn circles_head_on() {
        let a = Sweep::new(v(0.0, 0.0), v(10.0, 0.0), 1.0);
        let b = Sweep::new(v(10.0, 0.0), v(0.0, 0.0), 1.0);
        let h = a.vs_circle(&b).unwrap();
        // Gap 10 closes at 20 per unit time; contact at separation 2 → t = 0.4.
        assert!((h.time - 0.4).abs() < 1e-6);
        assert_eq!(h.normal, v(-1.0, 0.0));
    }
}
