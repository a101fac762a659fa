//! Exact times of first contact in f64, for a disc moving in a straight line.
//!
//! Every function answers "after how long does the centre, now at `p` with velocity `v`,
//! first come within `r` of the shape while approaching it?". A disc that already touches
//! or overlaps the shape and is approaching gets `Some(0.0)`, so a contact that rounding
//! pushed slightly into the past is resolved now instead of being skipped; a disc that
//! touches while moving away (or along the surface) gets `None`, and so does a graze
//! (reaching distance exactly `r` without going below it).
//!
//! Every contact must also close faster than [`REST_TOL`] of the speed at the moment of
//! contact. A contact closing slower is a graze to within rounding: resolving it would
//! change the velocity by less than rounding can represent and schedule it again at the
//! same instant, forever. Skipping it lets the discs overlap by at most that fraction of
//! their motion.

use glam::DVec2;

use crate::hit::{Corner, End, Feature, Side};

/// A touching disc counts as approaching only when its closing speed exceeds this fraction
/// of its speed. Without it, the rounding residue a perfectly inelastic response leaves
/// (about 1e-16 of the speed) would re-trigger the same contact forever.
pub const REST_TOL: f64 = 1e-12;

/// First contact of the point `p` (relative to a circle's centre) moving with `v` with the
/// circle of radius `radius`. `speed2` scales the resting tolerance: the sum of the
/// squared speeds of the discs involved (squared so that no square root is paid per pair).
pub fn circle_entry(p: DVec2, v: DVec2, radius: f64, speed2: f64) -> Option<f64> {
    // Below about 1e-150 the products of speeds underflow to 0 and every contact would
    // look like a graze: solve with the velocity scaled up by a power of two (exact) and
    // scale the time back. Normal speeds never take this branch.
    if v.abs().max_element() < SLOW && v != DVec2::ZERO {
        return circle_entry(p, v * SPEED_UP, radius, speed2 * (SPEED_UP * SPEED_UP))
            .map(|t| t * SPEED_UP);
    }
    let b = p.dot(v);
    let c = gap2(p, radius);
    if c <= 0.0 {
        return approaching(-b, p.length_squared() * speed2).then_some(0.0);
    }
    if b >= 0.0 {
        return None;
    }
    let a = v.length_squared();
    // b² − a·c written as a·r² − (p × v)² (Lagrange's identity, (p·v)² + (p×v)² = |p|²|v|²):
    // b² and a·c nearly cancel for a small circle seen from far away (radius 1e-7 from
    // 24 away left -4.5e-13 for +2.1e-13, and two discs passed through each other).
    let cross = p.perp_dot(v);
    let disc = a * (radius * radius) - cross * cross;
    // At the smaller root b + a t = -sqrt(disc): sqrt(disc) / radius is the closing speed.
    // (Written so that a NaN from non-finite input also returns None.)
    let needed = REST_TOL * REST_TOL * radius * radius * speed2;
    if disc.partial_cmp(&needed) != Some(std::cmp::Ordering::Greater) {
        return None;
    }
    // The smaller root written without cancellation: c / (-b + sqrt(disc)).
    finite(c / (-b + disc.sqrt()))
}

/// `|p|² − radius²`, the sign of which says whether the point is inside the circle.
/// Rounded as written it is 0 for points apart by less than the rounding of `|p|²`: a
/// disc passing under another with 1e-16 to spare between a floor and a ceiling that fit
/// them exactly was "touching" and approaching at a slant, and the two collided at one
/// instant for ever. Near zero it is worked out again with error-free products and sums,
/// so it is right to about 2⁻¹⁰⁰ of the squares.
fn gap2(p: DVec2, radius: f64) -> f64 {
    let (xx, yy, rr) = (p.x * p.x, p.y * p.y, radius * radius);
    let c = (xx + yy) - rr;
    // Each of the three roundings is within half an ulp of its result, all below
    // ε·(xx + yy + rr); outside that band the sign cannot change.
    if c.abs() > 2.0 * f64::EPSILON * (xx + yy + rr) || !c.is_finite() {
        return c;
    }
    let (xx_lo, yy_lo, rr_lo) = (
        square_error(p.x, xx),
        square_error(p.y, yy),
        square_error(radius, rr),
    );
    let (s, e1) = two_sum(xx, yy);
    let (s, e2) = two_sum(s, -rr);
    s + (((e1 + e2) + (xx_lo + yy_lo)) - rr_lo)
}

/// `a + b` and its rounding error, exactly (Knuth's TwoSum).
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// `a·a − aa` exactly, where `aa` is `a·a` rounded (Dekker's product with Veltkamp's split;
/// no fused multiply-add, which the baseline x86-64 target lacks). The squares here are of
/// coordinates within the engine's range (below 1e150), where the split cannot overflow.
fn square_error(a: f64, aa: f64) -> f64 {
    const SPLIT: f64 = 134_217_729.0; // 2^27 + 1
    let t = SPLIT * a;
    let hi = t - (t - a);
    let lo = a - hi;
    ((hi * hi - aa) + 2.0 * hi * lo) + lo * lo
}

/// First contact of two discs: `d` and `w` are the position and velocity of one relative to
/// the other (either way round), `sigma` the sum of the radii, `speed2` the sum of the
/// squared speeds.
pub fn disc_disc(d: DVec2, w: DVec2, sigma: f64, speed2: f64) -> Option<f64> {
    circle_entry(d, w, sigma, speed2)
}

/// Speeds below this are solved scaled up by [`SPEED_UP`] (see [`circle_entry`]).
const SLOW: f64 = 1e-100;
/// 2^300: a power of two, so scaling by it is exact.
const SPEED_UP: f64 = 2.037035976334486e90;

/// `closing > REST_TOL * sqrt(scale2)`, without the square root while the square of the
/// closing speed cannot underflow (with it, below that: `1e-163²` is 0, and a slow disc
/// would never be seen approaching a wall and drift through it).
#[inline]
fn approaching(closing: f64, scale2: f64) -> bool {
    if closing.is_nan() || closing <= 0.0 {
        return false;
    }
    let c2 = closing * closing;
    if c2 > 1e-280 {
        c2 > REST_TOL * REST_TOL * scale2
    } else {
        closing > REST_TOL * scale2.sqrt()
    }
}

/// First contact with a plane: `gap` is the free distance to it (negative when
/// overlapping), `closing` the speed toward it, `speed2` the disc's squared speed.
pub fn plane_entry(gap: f64, closing: f64, speed2: f64) -> Option<f64> {
    if !approaching(closing, speed2) {
        return None;
    }
    if gap <= 0.0 {
        return Some(0.0);
    }
    finite(gap / closing)
}

/// A time that overflowed (a disc 1e-310 units a second from a wall 100 away) is no event:
/// it never comes, and processed it would put the disc at infinity.
#[inline]
fn finite(t: f64) -> Option<f64> {
    t.is_finite().then_some(t)
}

/// The earliest wall of the box `[min, max]` the disc reaches, ties in the order
/// left, right, bottom, top.
pub fn walls(p: DVec2, v: DVec2, r: f64, min: DVec2, max: DVec2) -> Option<(f64, Side)> {
    let s = v.length_squared();
    let candidates = [
        (plane_entry(p.x - r - min.x, -v.x, s), Side::Left),
        (plane_entry(max.x - p.x - r, v.x, s), Side::Right),
        (plane_entry(p.y - r - min.y, -v.y, s), Side::Bottom),
        (plane_entry(max.y - p.y - r, v.y, s), Side::Top),
    ];
    let mut best: Option<(f64, Side)> = None;
    for (t, side) in candidates {
        if let Some(t) = t
            && best.is_none_or(|(b, _)| t < b)
        {
            best = Some((t, side));
        }
    }
    best
}

/// The inward unit normal of a wall of the bounds (from the wall toward the discs).
pub fn wall_normal(side: Side) -> DVec2 {
    -side_normal(side)
}

/// The outward unit normal of a side of a box.
pub fn side_normal(side: Side) -> DVec2 {
    let n = side.normal();
    DVec2::new(n.x as f64, n.y as f64)
}

/// Entry time of the ray `p + v t` into the open box `(lo, hi)`, if it enters closing
/// faster than [`REST_TOL`] of its speed through the face it crosses.
fn slab_entry(p: DVec2, v: DVec2, lo: DVec2, hi: DVec2) -> Option<f64> {
    let mut enter = f64::NEG_INFINITY;
    let mut exit = f64::INFINITY;
    let mut closing = 0.0;
    for k in 0..2 {
        if v[k] == 0.0 {
            if !(lo[k] < p[k] && p[k] < hi[k]) {
                return None;
            }
        } else {
            let a = (lo[k] - p[k]) / v[k];
            let b = (hi[k] - p[k]) / v[k];
            if a.min(b) > enter {
                enter = a.min(b);
                closing = v[k].abs();
            }
            exit = exit.min(a.max(b));
        }
    }
    (enter < exit && exit > 0.0 && approaching(closing, v.length_squared()))
        .then(|| enter.max(0.0))
        .and_then(finite)
}

fn earliest(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}

/// Where a disc centre `c` touches a static shape: the nearest surface point, the unit
/// normal from the shape toward `c`, the feature, and the signed distance (negative when
/// the centre is inside a box).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StaticContact {
    /// The nearest point of the shape's surface.
    pub point: DVec2,
    /// Unit, from the shape toward the centre.
    pub normal: DVec2,
    /// The part of the shape the point lies on.
    pub feature: Feature,
    /// Signed distance from the surface to the centre (negative inside a box).
    pub distance: f64,
}

/// The contact of centre `c` with the box `[min, max]`.
pub fn box_contact(c: DVec2, min: DVec2, max: DVec2) -> StaticContact {
    let out_x = c.x < min.x || c.x > max.x;
    let out_y = c.y < min.y || c.y > max.y;
    if out_x || out_y {
        let q = c.clamp(min, max);
        let d = c - q;
        let distance = d.length();
        let feature = match (out_x, out_y) {
            (true, true) => Feature::Corner(Corner::from_signs(c.x > max.x, c.y > max.y)),
            (true, false) if c.x < min.x => Feature::Side(Side::Left),
            (true, false) => Feature::Side(Side::Right),
            _ if c.y < min.y => Feature::Side(Side::Bottom),
            _ => Feature::Side(Side::Top),
        };
        return StaticContact {
            point: q,
            normal: d / distance,
            feature,
            distance,
        };
    }
    // Inside: push out through the nearest side (ties in the order left, right, bottom, top).
    let depths = [
        (c.x - min.x, Side::Left),
        (max.x - c.x, Side::Right),
        (c.y - min.y, Side::Bottom),
        (max.y - c.y, Side::Top),
    ];
    let mut best = depths[0];
    for d in &depths[1..] {
        if d.0 < best.0 {
            best = *d;
        }
    }
    let (depth, side) = best;
    let normal = side_normal(side);
    StaticContact {
        point: c + normal * depth,
        normal,
        feature: Feature::Side(side),
        distance: -depth,
    }
}

/// The contact of centre `c` with the segment `a`–`b` (a point when `a == b`).
pub fn segment_contact(c: DVec2, a: DVec2, b: DVec2) -> StaticContact {
    let ab = b - a;
    let len2 = ab.length_squared();
    let s = if len2 > 0.0 {
        (c - a).dot(ab) / len2
    } else {
        0.0
    };
    let left = ab.perp_dot(c - a) >= 0.0;
    let (point, feature) = if len2 <= 0.0 || s <= 0.0 {
        (a, Feature::End(End::A))
    } else if s >= 1.0 {
        (b, Feature::End(End::B))
    } else {
        (a + ab * s, Feature::Face { left })
    };
    // On a face, the face's own normal, from the segment's ends: the direction from the
    // nearest point to the centre has the centre's rounding over the distance, about
    // ulp(|c|) / r (5e-8 for a disc of radius 1e-5 at (3000, 4000)), and a disc that
    // slid on perpendicular to it after a landing went into the segment at that slope
    // without another event (78% of its radius by t = 1500).
    if let Feature::Face { left } = feature {
        let n = ab.perp().normalize_or_zero();
        if n != DVec2::ZERO {
            let normal = if left { n } else { -n };
            return StaticContact {
                point,
                normal,
                feature,
                distance: (c - a).dot(normal).abs(),
            };
        }
    }
    let d = c - point;
    let distance = d.length();
    let normal = if distance > 0.0 {
        d / distance
    } else {
        // Centre exactly on the segment: use its left normal (or +x for a point).
        let n = ab.perp().normalize_or_zero();
        if n == DVec2::ZERO { DVec2::X } else { n }
    };
    StaticContact {
        point,
        normal,
        feature,
        distance,
    }
}

/// Relative width, to the radius, of the band around distance `r` that counts as touching
/// a static shape; the band also holds 64 rounding units of the centre's coordinates. The
/// nearest-point distance and the slab coordinates of the entry search round differently;
/// inside this band only the nearest-point normal decides, so the two can never disagree
/// about a disc that is leaving. (A band of `1e-10 · |p|` made a disc of radius 1e-6 at
/// x = 1e7 bounce off a box 500 radii away.)
pub(crate) const TOUCH_SKIN: f64 = 1e-10;

/// First contact with a shape whose current contact (from centre `p`) is `now`: `Some(0)`
/// when touching and approaching, `None` when touching otherwise (distance to a convex
/// shape along a line is convex, so a disc moving away never comes back), else `later()`.
fn static_entry(
    now: StaticContact,
    p: DVec2,
    v: DVec2,
    r: f64,
    later: impl FnOnce() -> Option<f64>,
) -> Option<f64> {
    let band = TOUCH_SKIN * r + 64.0 * f64::EPSILON * p.abs().max_element();
    if now.distance <= r + band {
        return approaching(-v.dot(now.normal), v.length_squared()).then_some(0.0);
    }
    later()
}

/// First contact of the disc with the box `[min, max]`: the box grown by `r` with rounded
/// corners is the union of two crossed rectangles and four corner circles, so its entry
/// time is the earliest entry into one of them.
pub fn disc_box(p: DVec2, v: DVec2, r: f64, min: DVec2, max: DVec2) -> Option<f64> {
    static_entry(box_contact(p, min, max), p, v, r, || {
        let s = v.length_squared();
        let mut best = slab_entry(
            p,
            v,
            DVec2::new(min.x - r, min.y),
            DVec2::new(max.x + r, max.y),
        );
        best = earliest(
            best,
            slab_entry(
                p,
                v,
                DVec2::new(min.x, min.y - r),
                DVec2::new(max.x, max.y + r),
            ),
        );
        for corner in [min, DVec2::new(max.x, min.y), max, DVec2::new(min.x, max.y)] {
            best = earliest(best, circle_entry(p - corner, v, r, s));
        }
        best
    })
}

/// First contact of the disc with the segment `a`–`b`: the capsule is a rectangle in the
/// segment's frame plus two end circles.
pub fn disc_segment(p: DVec2, v: DVec2, r: f64, a: DVec2, b: DVec2) -> Option<f64> {
    static_entry(segment_contact(p, a, b), p, v, r, || {
        let s = v.length_squared();
        let mut best = earliest(circle_entry(p - a, v, r, s), circle_entry(p - b, v, r, s));
        let ab = b - a;
        let len = ab.length();
        if len > 0.0 {
            let u = ab / len;
            let n = u.perp();
            let lp = DVec2::new((p - a).dot(u), (p - a).dot(n));
            let lv = DVec2::new(v.dot(u), v.dot(n));
            best = earliest(
                best,
                slab_entry(lp, lv, DVec2::new(0.0, -r), DVec2::new(len, r)),
            );
        }
        best
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f64, y: f64) -> DVec2 {
        DVec2::new(x, y)
    }

    #[test]
    fn head_on_discs_meet_when_gap_closes() {
        // Centres 10 apart, radii sum 2, closing at 4 per unit time: contact after 2.
        let t = disc_disc(v(10.0, 0.0), v(-4.0, 0.0), 2.0, 4.0);
        assert_eq!(t, Some(2.0));
    }

    #[test]
    fn oblique_disc_contact_matches_hand_solution() {
        // Point from (-5, 1) moving +x toward a circle of radius 2 at the origin:
        // contact where x = -sqrt(4 - 1) = -sqrt(3), after 5 - sqrt(3).
        let t = circle_entry(v(-5.0, 1.0), v(1.0, 0.0), 2.0, 1.0).unwrap_or(f64::NAN);
        assert!((t - (5.0 - 3f64.sqrt())).abs() < 1e-14, "{t}");
    }

    #[test]
    fn graze_separating_and_parallel_are_not_hits() {
        assert_eq!(circle_entry(v(-5.0, 2.0), v(1.0, 0.0), 2.0, 1.0), None);
        assert_eq!(circle_entry(v(-5.0, 1.0), v(-1.0, 0.0), 2.0, 1.0), None);
        // Touching at t = 0 and moving away is not a hit; approaching is a hit at 0.
        assert_eq!(circle_entry(v(2.0, 0.0), v(1.0, 0.0), 2.0, 1.0), None);
        assert_eq!(circle_entry(v(2.0, 0.0), v(-1.0, 0.0), 2.0, 1.0), Some(0.0));
        // Overlapping (rounding pushed the contact into the past) and approaching: now.
        assert_eq!(circle_entry(v(1.9, 0.0), v(-1.0, 0.0), 2.0, 1.0), Some(0.0));
    }

    #[test]
    fn rounding_grazes_are_not_contacts() {
        // Just outside a face, closing at 1e-14 of the speed: a graze to within rounding.
        let (a, b) = (v(0.0, 0.0), v(10.0, 0.0));
        // (Sliding on, it meets end cap B near x = 10, a real if shallow contact.)
        let t = disc_segment(v(5.0, 1.0 + 1e-15), v(1.0, -1e-14), 1.0, a, b);
        assert!(t.is_none_or(|t| t > 4.0), "{t:?}");
        // Leaving a face while rounding puts it a hair inside: not a contact.
        assert_eq!(
            disc_segment(v(5.0, 1.0 - 1e-15), v(0.1, 1.0), 1.0, a, b),
            None
        );
        assert_eq!(
            disc_segment(v(5.0, 1.0 + 1e-15), v(0.1, 1.0), 1.0, a, b),
            None
        );
        // A real but shallow approach is still a contact.
        assert!(disc_segment(v(2.0, 1.001), v(1.0, -1e-3), 1.0, a, b).is_some());
    }

    #[test]
    fn speeds_whose_squares_underflow_still_meet_walls_and_discs() {
        // 1e-163 squared is 0: judged on squared speeds these would all be "not
        // approaching", and the disc would drift out.
        let slow = 1e-163;
        let (min, max) = (v(0.0, 0.0), v(10.0, 10.0));
        let t = walls(v(5.0, 5.0), v(-slow, 0.0), 1.0, min, max).map(|(t, _)| t);
        assert_eq!(t, Some(4.0 / slow));
        let t = disc_disc(v(10.0, 0.0), v(-slow, 0.0), 2.0, slow * slow).unwrap_or(0.0);
        assert!((t * slow - 8.0).abs() < 1e-12, "{t:e}");
        let t = disc_box(v(-5.0, 1.0), v(slow, 0.0), 1.0, v(0.0, 0.0), v(2.0, 2.0));
        assert!(t.is_some_and(|t| (t * slow - 4.0).abs() < 1e-12), "{t:?}");
        assert_eq!(SPEED_UP, 2f64.powi(300));
    }

    /// Bug: a disc 2.9e-8 to the side of one it passes under, their centres 3.5 apart
    /// vertically with radii summing to 3.5, is 1.2e-16 clear of it, below the rounding of
    /// |p|² = 12.25: the gap came out 0, "touching and approaching", and the two collided
    /// at one instant for ever. It grazes the other when it gets under it.
    #[test]
    fn a_point_apart_by_less_than_the_rounding_of_its_square_is_not_touching() {
        let p = v(-2.93e-8, 3.5);
        assert!(gap2(p, 3.5) > 0.0);
        assert_eq!(gap2(p, 3.5), p.x * p.x);
        assert_eq!(circle_entry(p, v(0.976, 0.0), 3.5, 1.0), None);
        // Inside by as little stays inside, and far from the circle nothing changes.
        assert!(gap2(v(2.93e-8, 3.5 - 1e-15), 3.5) < 0.0);
        assert_eq!(gap2(v(3.0, 4.0), 2.0), 21.0);
    }

    #[test]
    fn resting_residue_does_not_retrigger() {
        // Touching, closing at 1e-17 of a unit speed: a rounding residue, not an approach.
        assert_eq!(circle_entry(v(2.0, 0.0), v(-1e-17, 1.0), 2.0, 1.0), None);
    }

    #[test]
    fn walls_pick_earliest_and_order_ties() {
        let (min, max) = (v(0.0, 0.0), v(10.0, 10.0));
        assert_eq!(
            walls(v(5.0, 5.0), v(1.0, 0.5), 1.0, min, max),
            Some((4.0, Side::Right))
        );
        // Aimed at the corner: right and top at the same time, right wins the tie.
        assert_eq!(
            walls(v(5.0, 5.0), v(1.0, 1.0), 1.0, min, max),
            Some((4.0, Side::Right))
        );
        assert_eq!(walls(v(5.0, 5.0), v(0.0, 0.0), 1.0, min, max), None);
    }

    #[test]
    fn box_side_and_corner_times() {
        let (min, max) = (v(0.0, 0.0), v(2.0, 2.0));
        // Straight at the left side from x = -5 with radius 1: contact at x = -1, t = 4.
        assert_eq!(
            disc_box(v(-5.0, 1.0), v(1.0, 0.0), 1.0, min, max),
            Some(4.0)
        );
        // Diagonal at the bottom-left corner: contact when |c - (0,0)| = 1.
        let t = disc_box(v(-3.0, -3.0), v(1.0, 1.0), 1.0, min, max).unwrap_or(f64::NAN);
        let expect = 3.0 - 1.0 / 2f64.sqrt();
        assert!((t - expect).abs() < 1e-14, "{t} vs {expect}");
        let c = box_contact(v(-3.0, -3.0) + v(1.0, 1.0) * t, min, max);
        assert_eq!(c.feature, Feature::Corner(Corner::BottomLeft));
        // Grazing the top along y = max.y + r is not a hit.
        assert_eq!(disc_box(v(-5.0, 3.0), v(1.0, 0.0), 1.0, min, max), None);
    }

    #[test]
    fn segment_face_and_end_times() {
        let (a, b) = (v(0.0, 0.0), v(4.0, 0.0));
        // Dropping onto the face from above: contact at y = 0.5.
        assert_eq!(
            disc_segment(v(2.0, 3.0), v(0.0, -1.0), 0.5, a, b),
            Some(2.5)
        );
        let c = segment_contact(v(2.0, 0.5), a, b);
        assert_eq!(c.feature, Feature::Face { left: true });
        // Along the axis into end A: contact at x = -0.5.
        assert_eq!(
            disc_segment(v(-3.0, 0.0), v(1.0, 0.0), 0.5, a, b),
            Some(2.5)
        );
        assert_eq!(
            segment_contact(v(-0.5, 0.0), a, b).feature,
            Feature::End(End::A)
        );
    }

    #[test]
    fn contact_time_is_exact_by_sampling() {
        // Property: at the reported time the distance is r; slightly before it is more.
        let (min, max) = (v(1.0, 2.0), v(3.0, 5.0));
        let cases = [
            (v(-4.0, -4.0), v(2.0, 3.1)),
            (v(9.0, 9.0), v(-1.0, -0.7)),
            (v(2.0, -6.0), v(0.05, 1.0)),
        ];
        for (p, vel) in cases {
            let r = 0.75;
            let t = disc_box(p, vel, r, min, max).unwrap_or(f64::NAN);
            let d = |t: f64| box_contact(p + vel * t, min, max).distance;
            assert!((d(t) - r).abs() < 1e-12, "distance {} at {t}", d(t));
            assert!(d(t * 0.999) > r);
        }
    }
}
