//! A certain miss for the exact query's slow path: the whole line of a motion passing an
//! obstacle's bounding box with room to spare, each size in its own scale.

use glam::DVec2;

use super::contact::Motion;
use super::float::U;

/// Whether the whole line of the motion certainly passes the box `[min, max]` grown by the
/// radius (square corners) with room to spare: then there is no contact, nor a touch.
///
/// The fast path's bounds scale with the largest input, so a motion 1e30 long past boxes
/// a few units wide left every such box to the exact query (1.6 µs each, and a bounce
/// path in a closed room made 10⁹ of them). Here each side has its own size: with
/// `v = end − start`, `d = centre − start` and half extents `h`, the line misses when
/// `|v × d| > |v.y|·h.x + |v.x|·h.y + r·(|v.x| + |v.y|)` (the last term bounds
/// `r·|v|`). Every quantity is a few roundings of exact values of at most the sizes
/// summed in `scale`, each product and sum within `U` of its own size, so the computed
/// sides are within `8U·scale` of the exact ones; the test asks for more than twice that.
pub(crate) fn line_misses_box(m: &Motion, min: DVec2, max: DVec2) -> bool {
    let (s, r) = (m.start, m.radius);
    let v = m.end - s;
    if !(v.is_finite() && s.is_finite() && r.is_finite() && r >= 0.0) || v == DVec2::ZERO {
        return false;
    }
    let c = (min + max) * 0.5;
    let h = (max - min) * 0.5;
    let d = c - s;
    let cross = v.x * d.y - v.y * d.x;
    let reach = v.y.abs() * h.x + v.x.abs() * h.y + r * (v.x.abs() + v.y.abs());
    let scale = v.x.abs() * (c.y.abs() + s.y.abs() + h.y)
        + v.y.abs() * (c.x.abs() + s.x.abs() + h.x)
        + r * (v.x.abs() + v.y.abs());
    cross.is_finite()
        && scale.is_finite()
        && cross.abs() - reach > 16.0 * U * scale + 16.0 * f64::MIN_POSITIVE
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Aabb;
    use crate::query::exact;
    use glam::Vec2;

    /// xorshift64: the same cases on every run.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn unit(&mut self) -> f64 {
            (self.next() >> 11) as f64 / (1u64 << 53) as f64
        }
        /// A signed f32 of a random exponent in `[lo, hi]`.
        fn scaled(&mut self, lo: i32, hi: i32) -> f32 {
            let e = lo + (self.next() % (hi - lo + 1) as u64) as i32;
            let v = (1.0 + self.unit()) * 2f64.powi(e);
            (if self.next() & 1 == 0 { v } else { -v }) as f32
        }
    }

    /// The line filter only ever says "miss" where the exact query finds no contact, on
    /// motions and boxes of every scale and mixed scales (a 1e30 motion past boxes a unit
    /// wide, where it saves the exact query) and on lines passing just outside and just
    /// inside the grown box.
    #[test]
    fn the_line_filter_says_miss_only_where_there_is_no_contact() {
        let mut rng = Rng(0x5EED_1234_ABCD_0001);
        let (mut said_miss, mut near) = (0, 0);
        for i in 0..60_000 {
            let (lo, hi) = match i % 3 {
                0 => (-20, 20),
                1 => (-60, 100),
                _ => (-5, 10),
            };
            let min = Vec2::new(rng.scaled(lo, hi / 2), rng.scaled(lo, hi / 2));
            let size = Vec2::new(rng.scaled(lo, hi / 2).abs(), rng.scaled(lo, hi / 2).abs());
            let aabb = Aabb::new(min, min + size);
            let r = if i % 7 == 0 {
                0.0
            } else {
                rng.scaled(lo, hi / 2).abs()
            };
            let start = Vec2::new(rng.scaled(lo, hi), rng.scaled(lo, hi));
            let end = if i % 2 == 0 {
                Vec2::new(rng.scaled(lo, hi), rng.scaled(lo, hi))
            } else {
                // Aimed to pass a corner of the grown box at about its distance: grazes,
                // near misses and near hits.
                let corner = aabb.max + Vec2::splat(r) * std::f32::consts::FRAC_1_SQRT_2;
                let off = Vec2::new(rng.scaled(-40, 0), rng.scaled(-40, 0));
                near += 1;
                start + (corner + off - start) * 2.0
            };
            let m = Motion {
                start: start.as_dvec2(),
                end: end.as_dvec2(),
                radius: f64::from(r),
            };
            if line_misses_box(&m, aabb.min.as_dvec2(), aabb.max.as_dvec2()) {
                said_miss += 1;
                assert!(
                    exact::aabb_contact(&m, &aabb).is_none(),
                    "{start:?} -> {end:?} r {r} vs {aabb:?}"
                );
            }
        }
        assert!(said_miss > 20_000 && near > 20_000, "{said_miss} {near}");
    }

    /// Robustness attack: a ball bouncing 10,000 times in a 20-unit room with a motion
    /// 1e30 long sent each of 996 small boxes outside the room to the exact query on every
    /// leg (28 s for `check`; 45 minutes at 10⁵ objects). The line filter settles them.
    #[test]
    fn a_long_motion_past_small_boxes_is_settled_without_the_exact_query() {
        let m = Motion {
            start: DVec2::new(3.5, -10.0 + 1.0 + 1e-3),
            end: DVec2::new(1e30, 3.3e29),
            radius: 1.0,
        };
        for (x, y) in [(100.0, 100.0), (1595.0, 100.0), (100.0, 1000.0)] {
            let (min, max) = (DVec2::new(x, y), DVec2::new(x + 1.0, y + 1.0));
            assert!(line_misses_box(&m, min, max), "({x}, {y})");
        }
    }

    /// The boxes the segment and rotated-box queries hand the filter hold their obstacles:
    /// where it says "miss", the exact query finds no contact.
    #[test]
    fn the_filters_boxes_for_segments_and_rotated_boxes_hold_them() {
        use crate::geom::{Obb, Segment};
        let mut rng = Rng(0x5EED_1234_ABCD_0002);
        let mut said_miss = 0;
        for i in 0..40_000 {
            let (lo, hi) = if i % 2 == 0 { (-20, 20) } else { (-40, 90) };
            let r = if i % 5 == 0 {
                0.0
            } else {
                rng.scaled(lo, hi / 2).abs()
            };
            let m = Motion {
                start: Vec2::new(rng.scaled(lo, hi), rng.scaled(lo, hi)).as_dvec2(),
                end: Vec2::new(rng.scaled(lo, hi), rng.scaled(lo, hi)).as_dvec2(),
                radius: f64::from(r),
            };
            let a = Vec2::new(rng.scaled(lo, hi / 2), rng.scaled(lo, hi / 2));
            let b = a + Vec2::new(rng.scaled(lo, hi / 2), rng.scaled(lo, hi / 2));
            let seg = Segment::new(a, b);
            let (a64, b64) = (a.as_dvec2(), b.as_dvec2());
            if line_misses_box(&m, a64.min(b64), a64.max(b64)) {
                said_miss += 1;
                assert!(
                    exact::segment_contact(&m, &seg).is_none(),
                    "{m:?} vs {seg:?}"
                );
            }
            let he = Vec2::new(rng.scaled(lo, hi / 2).abs(), rng.scaled(lo, hi / 2).abs());
            let obb = Obb::new(a, he, (rng.unit() * 7.0 - 3.5) as f32);
            let k = (f64::from(he.x) + f64::from(he.y)) * (1.0 + 8.0 * U);
            let c = a.as_dvec2();
            if line_misses_box(&m, c - k, c + k) {
                said_miss += 1;
                assert!(exact::obb_contact(&m, &obb).is_none(), "{m:?} vs {obb:?}");
            }
        }
        assert!(said_miss > 20_000, "{said_miss}");
    }

    /// The box the circle-pair query hands the filter (the other circle's swept box grown
    /// by its radius) holds every place it is: where the filter says "miss", the exact
    /// query finds no contact, for moving and still circles of every scale.
    #[test]
    fn the_filters_box_for_a_moving_circle_holds_it() {
        let mut rng = Rng(0x5EED_1234_ABCD_0003);
        let mut said_miss = 0;
        for i in 0..40_000 {
            let (lo, hi) = if i % 2 == 0 { (-20, 20) } else { (-40, 90) };
            let point =
                |rng: &mut Rng| Vec2::new(rng.scaled(lo, hi), rng.scaled(lo, hi)).as_dvec2();
            let m = Motion {
                start: point(&mut rng),
                end: point(&mut rng),
                radius: if i % 5 == 0 {
                    0.0
                } else {
                    f64::from(rng.scaled(lo, hi / 2).abs())
                },
            };
            let os = point(&mut rng);
            let oe = if i % 3 == 0 { os } else { point(&mut rng) };
            let o = Motion {
                start: os,
                end: oe,
                radius: f64::from(rng.scaled(lo, hi / 2).abs()),
            };
            let k = o.radius * (1.0 + 8.0 * U);
            if line_misses_box(&m, os.min(oe) - k, os.max(oe) + k) {
                said_miss += 1;
                assert!(exact::circle_contact(&m, &o).is_none(), "{m:?} vs {o:?}");
            }
        }
        assert!(said_miss > 10_000, "{said_miss}");
    }
}
