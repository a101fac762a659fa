//! The examples of issue 25 ("Exact on every finite f32 input: no envelope"), each a named
//! regression: tiny and subnormal radii, huge sizes, `resolve` leaving the f32 range or
//! rounding its leg's end, and a zero radius sliding along a box's edge.
//!
//! Every expectation here is worked out by hand from the f32 inputs (which are exact): the
//! geometry is chosen so that the exact answer is a short dyadic or a plain miss.

use sweepscope::{
    Aabb, Feature, Hit, Obb, Obstacle, Response, Segment, Side, Sweep, Vec2, resolve,
};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn assert_unit(h: &Hit) {
    let len = f64::from(h.normal.x).hypot(f64::from(h.normal.y));
    assert!(
        (len - 1.0).abs() < 1e-6,
        "normal {:?} has length {len}",
        h.normal
    );
    for x in [
        h.time,
        h.center.x,
        h.center.y,
        h.point.x,
        h.point.y,
        h.normal.x,
        h.normal.y,
        h.face_normal.x,
        h.face_normal.y,
    ] {
        assert!(x.is_finite(), "{h:?}");
    }
}

// --- Tiny radii -------------------------------------------------------------------------

/// The first example: from (1, 1) to (0.5, 2e-18) with r = 1e-18 the circle ends
/// 2e-18 above the box's top side (y = 0) and comes no closer on the way: a miss. The same
/// top side as a segment, as a rotated box at angle 0 and as the top of a circle of radius
/// 5 centred below it are misses for the same reason.
#[test]
fn tiny_radius_ending_just_above_a_side_is_a_miss() {
    let s = Sweep::new(v(1.0, 1.0), v(0.5, 2e-18), 1e-18);
    assert_eq!(s.vs_aabb(&Aabb::new(v(0.0, -1.0), v(10.0, 0.0))), None);
    assert_eq!(s.vs_segment(&Segment::new(v(0.0, 0.0), v(10.0, 0.0))), None);
    assert_eq!(s.vs_obb(&Obb::new(v(5.0, -0.5), v(5.0, 0.5), 0.0)), None);
    // The circle's top is at (0.5, 0); the end is 5 + 2e-18 from its centre.
    assert_eq!(s.vs_circle(&Sweep::stationary(v(0.5, -5.0), 5.0)), None);
}

/// The second example: r = 1e-23 swept from (−1, −1) to (0, 0) passes the point
/// (0, 1e-17) at a distance of 1e-17/√2, far more than r: a miss for the point as a
/// zero-length segment, a point box, a rotated point box and a circle of radius 0. (It
/// was a hit with the normal (500000, −500000).)
#[test]
fn radius_far_below_the_offsets_passing_a_point_is_a_miss() {
    for r in [1e-23f32, 1e-30, 1e-38] {
        passing_a_point_is_a_miss(r);
    }
}

/// The same with subnormal radii, down to the smallest f32 (the normals had lengths of
/// 1e20 and more, or infinity).
#[test]
fn subnormal_radius_passing_a_point_is_a_miss() {
    for r in [1e-40f32, 3e-39, 1e-44, f32::from_bits(1)] {
        passing_a_point_is_a_miss(r);
    }
}

fn passing_a_point_is_a_miss(r: f32) {
    let s = Sweep::new(v(-1.0, -1.0), v(0.0, 0.0), r);
    let p = v(0.0, 1e-17);
    assert_eq!(s.vs_segment(&Segment::new(p, p)), None, "r = {r:e}");
    assert_eq!(s.vs_aabb(&Aabb::new(p, p)), None, "r = {r:e}");
    assert_eq!(s.vs_obb(&Obb::new(p, Vec2::ZERO, 0.3)), None, "r = {r:e}");
    assert_eq!(s.vs_circle(&Sweep::stationary(p, 0.0)), None, "r = {r:e}");
}

/// Subnormal radii aimed head-on at a box corner, a segment's end and a point: the contact
/// normal is −v̂, a unit vector (it came out with lengths of 38,435 and 1.077).
#[test]
fn subnormal_radii_keep_unit_normals() {
    let diag = -std::f32::consts::FRAC_1_SQRT_2;
    for r in [1e-40f32, 1e-44, f32::from_bits(1), 1e-39] {
        let s = Sweep::new(v(-1.0, -1.0), v(1.0, 1.0), r);
        let hits = [
            s.vs_aabb(&Aabb::new(v(0.0, 0.0), v(1.0, 1.0))),
            s.vs_segment(&Segment::new(v(0.0, 0.0), v(0.0, 0.0))),
            s.vs_segment(&Segment::new(v(0.0, 0.0), v(3.0, 1.0))),
            s.vs_circle(&Sweep::stationary(v(0.0, 0.0), 0.0)),
        ];
        for h in hits {
            let h = h.unwrap_or_else(|| panic!("r = {r:e}: a head-on contact"));
            assert_unit(&h);
            assert_eq!(h.normal, v(diag, diag), "r = {r:e}: {h:?}");
            // The contact is r·√2 before the corner: t = 0.5 − r/(2√2) rounds to 0.5.
            assert_eq!(h.time, 0.5, "r = {r:e}");
            assert_eq!(h.point, v(0.0, 0.0), "r = {r:e}");
        }
        let h = s.vs_aabb(&Aabb::new(v(0.0, 0.0), v(1.0, 1.0))).unwrap();
        assert_eq!(h.feature, Feature::Corner(sweepscope::Corner::BottomLeft));
    }
}

// --- Huge sizes -------------------------------------------------------------------------

/// A circle of radius R centred at (R, 0) passes through the origin; a circle of radius 2
/// moving from (−10, 0) to (10, 0) touches it when its centre reaches (−2, 0): t = 0.4.
/// (For R = 1e16 the answer was 0.5, for 1e18 a miss.)
#[test]
fn huge_circles_are_timed_exactly() {
    for big in [1e16f32, 1e18, 3e30, f32::MAX / 2.0] {
        let other = Sweep::stationary(v(big, 0.0), big);
        let h = Sweep::new(v(-10.0, 0.0), v(10.0, 0.0), 2.0)
            .vs_circle(&other)
            .unwrap_or_else(|| panic!("R = {big:e}: a hit"));
        assert_eq!(h.time, 0.4, "R = {big:e}");
        assert_eq!(h.center, v(-2.0, 0.0), "R = {big:e}");
        assert_eq!(h.normal, v(-1.0, 0.0), "R = {big:e}");
        assert_eq!(h.point, v(0.0, 0.0), "R = {big:e}");
        assert!(!h.started_inside);
    }
}

/// Touching that huge circle at t = 0 and moving away is not a hit, and neither is a start
/// 1 clear of it moving away (both were reported as hits for R = 1e18).
#[test]
fn huge_circles_moving_away_are_misses() {
    for big in [1e16f32, 1e18, 3e30] {
        let other = Sweep::stationary(v(big, 0.0), big);
        let touching = Sweep::new(v(-2.0, 0.0), v(-10.0, 0.0), 2.0);
        assert_eq!(touching.vs_circle(&other), None, "R = {big:e}");
        let clear = Sweep::new(v(-3.0, 0.0), v(-10.0, 0.0), 2.0);
        assert_eq!(clear.vs_circle(&other), None, "R = {big:e}");
        // And the same motion toward it is a hit at 0 (touching) and at 1/7 (clear).
        let h = Sweep::new(v(-2.0, 0.0), v(5.0, 0.0), 2.0)
            .vs_circle(&other)
            .unwrap();
        assert_eq!((h.time, h.started_inside), (0.0, false), "R = {big:e}");
    }
}

/// A rotated box (angle 0) of half extents H centred at (H, 0) has its left side on x = 0:
/// the circle of radius 2 from (−10, 0) to (10, 0) touches it at t = 0.4, and does not
/// start inside it. (For H = 1e16 the answer was t = 0.3; for 1e18 `started_inside`.)
#[test]
fn huge_rotated_boxes_are_exact() {
    for big in [1e16f32, 1e18, 3e30] {
        let obb = Obb::new(v(big, 0.0), v(big, big), 0.0);
        let h = Sweep::new(v(-10.0, 0.0), v(10.0, 0.0), 2.0)
            .vs_obb(&obb)
            .unwrap_or_else(|| panic!("H = {big:e}: a hit"));
        assert!(!h.started_inside, "H = {big:e}");
        assert_eq!(h.time, 0.4, "H = {big:e}");
        assert_eq!(h.center, v(-2.0, 0.0), "H = {big:e}");
        assert_eq!(h.normal, v(-1.0, 0.0), "H = {big:e}");
        assert_eq!(h.feature, Feature::Side(Side::Left), "H = {big:e}");
        assert_eq!(h.point, v(0.0, 0.0), "H = {big:e}");
    }
}

/// A ball dropped straight onto a segment about 1e17 long and more lands over x = 450: the
/// contact point is (450, 0). (It was (578, 0) on a segment from −1e17 to 5e16, and (322, 0)
/// on one from −1e18 to 1e18.)
#[test]
fn long_segments_give_the_exact_contact_point() {
    for (a, b) in [
        (-1e17f32, 5e16f32),
        (-3e17, 3e17),
        (-1e18, 1e18),
        (-1e30, 1e20),
    ] {
        let seg = Segment::new(v(a, 0.0), v(b, 0.0));
        let h = Sweep::new(v(450.0, 10.0), v(450.0, -10.0), 2.0)
            .vs_segment(&seg)
            .unwrap();
        assert_eq!(h.time, 0.4, "{a:e}..{b:e}");
        assert_eq!(h.center, v(450.0, 2.0), "{a:e}..{b:e}");
        assert_eq!(h.point, v(450.0, 0.0), "{a:e}..{b:e}");
        assert_eq!(h.normal, v(0.0, 1.0), "{a:e}..{b:e}");
    }
}

// --- resolve ----------------------------------------------------------------------------

/// From (−3e38, 0.5) to (3e38, 0.5) the displacement, 6e38, is beyond f32: `resolve`
/// recorded no contact and ended at infinity, while `vs_aabb` hits the box [1, 3] × [−1, 1]
/// at t = 0.5 (the centre at (0, 0.5), r = 1).
#[test]
fn resolve_keeps_motions_beyond_the_f32_range() {
    let s = Sweep::new(v(-3e38, 0.5), v(3e38, 0.5), 1.0);
    let wall = Obstacle::Aabb(Aabb::new(v(1.0, -1.0), v(3.0, 1.0)));
    let direct = s.vs_aabb(&Aabb::new(v(1.0, -1.0), v(3.0, 1.0))).unwrap();
    assert_eq!(direct.time, 0.5);
    for response in [
        Response::Stop,
        Response::Slide,
        Response::Cross,
        Response::Reflect { restitution: 1.0 },
        Response::Reflect { restitution: 0.5 },
    ] {
        let path = resolve(&s, &[wall], response, 5);
        assert_eq!(path.contacts.len(), 1, "{response:?}");
        assert_eq!(path.contacts[0].hit, direct, "{response:?}");
        assert!(path.end.is_finite(), "{response:?}: {:?}", path.end);
        assert!(path.points.iter().all(|p| p.is_finite()), "{response:?}");
        let c = &path.contacts[0];
        assert!(c.incoming.is_finite() && c.outgoing.is_finite(), "{c:?}");
    }
    let stop = resolve(&s, &[wall], Response::Stop, 5);
    assert_eq!(stop.end, v(0.0, 0.5));
    // Reflected, it goes back the way it came: at least 2.9e38 to the left.
    let back = resolve(&s, &[wall], Response::Reflect { restitution: 1.0 }, 5);
    assert!(back.end.x < -2.9e38, "{:?}", back.end);
}

/// From x = −1e8 to 0.5 (r = 0.25) the first leg's end was recomputed in f32 as
/// start + (end − start), which rounds to 0, and the contact with the box at x ≥ 0.5 that
/// the direct query reports (the centre reaching x = 0.25) was missed.
#[test]
fn resolve_first_contact_is_the_direct_query() {
    let s = Sweep::new(v(-1e8, 0.0), v(0.5, 0.0), 0.25);
    let aabb = Aabb::new(v(0.5, -1.0), v(1.0, 1.0));
    let direct = s.vs_aabb(&aabb).expect("the centre reaches x = 0.25");
    for response in [
        Response::Stop,
        Response::Slide,
        Response::Cross,
        Response::Reflect { restitution: 1.0 },
    ] {
        let path = resolve(&s, &[Obstacle::Aabb(aabb)], response, 5);
        assert_eq!(
            path.contacts.first().map(|c| c.hit),
            Some(direct),
            "{response:?}"
        );
    }
}

// --- Zero radius ------------------------------------------------------------------------

/// A point sliding exactly along a box's top edge never goes inside the box: a graze, as
/// the same slide with r = 1 one unit higher and the same slide along a segment are. (It
/// was a hit at t = 0.25, where the point reaches the corner.)
#[test]
fn zero_radius_sliding_along_a_box_edge_is_a_graze() {
    let bx = Aabb::new(v(0.0, 0.0), v(10.0, 10.0));
    let slide = Sweep::new(v(-5.0, 10.0), v(15.0, 10.0), 0.0);
    assert_eq!(slide.vs_aabb(&bx), None);
    assert_eq!(slide.vs_obb(&Obb::new(v(5.0, 5.0), v(5.0, 5.0), 0.0)), None);
    assert_eq!(
        Sweep::new(v(-5.0, 11.0), v(15.0, 11.0), 1.0).vs_aabb(&bx),
        None
    );
    assert_eq!(
        slide.vs_segment(&Segment::new(v(0.0, 10.0), v(10.0, 10.0))),
        None
    );
    // Along the left edge, and along the bottom from the right, the same.
    assert_eq!(
        Sweep::new(v(0.0, -3.0), v(0.0, 20.0), 0.0).vs_aabb(&bx),
        None
    );
    assert_eq!(
        Sweep::new(v(12.0, 0.0), v(4.0, 0.0), 0.0).vs_aabb(&bx),
        None
    );
    // Starting on the edge and sliding along it is a touch at t = 0 that never enters.
    assert_eq!(
        Sweep::new(v(3.0, 10.0), v(8.0, 10.0), 0.0).vs_aabb(&bx),
        None
    );
    // Crossing into the box through the corner is a hit.
    let h = Sweep::new(v(-5.0, 15.0), v(5.0, 5.0), 0.0)
        .vs_aabb(&bx)
        .unwrap();
    assert_eq!(h.time, 0.5);
}

/// Every number of a hit is finite.
fn all_finite(h: &Hit) -> bool {
    [h.center, h.point, h.normal, h.face_normal]
        .iter()
        .all(|p| p.is_finite())
        && h.time.is_finite()
}

#[test]
fn a_contact_point_beyond_the_f32_range_is_the_largest_f32_not_infinity() {
    // The bug (exact-reference sweep, seed 61, "scaled" #17332): a rotated box near
    // −3.2e38 whose corner lies beyond f32's range; the fast query rounded the contact
    // point to −inf, where the exact query reports −f32::MAX.
    let sweep = Sweep::new(
        v(f32::from_bits(0xff7f_ec3e), f32::from_bits(0xfe30_a94e)),
        v(f32::from_bits(0xff7d_f5ad), f32::from_bits(0xfe44_7bdd)),
        f32::from_bits(0x7c48_0422),
    );
    let obb = Obb::new(
        v(f32::from_bits(0xff72_f1f5), f32::from_bits(0xfdd9_fea4)),
        v(f32::from_bits(0x7da3_02ab), f32::from_bits(0x7d4c_1799)),
        f32::from_bits(0x3eca_3a49),
    );
    let fast = sweep.vs_obb(&obb).unwrap_or_else(|| panic!("a hit"));
    assert!(all_finite(&fast), "{fast:?}");
    assert_eq!(fast.point.x, -f32::MAX, "{fast:?}");
    assert_eq!(Some(fast), sweepscope::query::exact::cast_obb(&sweep, &obb));
    // Two circles overlapping at t = 0 far out: the point on the other's surface, beyond
    // ours, is past the range too.
    let ours = Sweep::new(v(3.3e38, 0.0), v(3.3e38, 1.0), 1.0);
    let other = Sweep::new(v(3.0e38, 0.0), v(3.0e38, 0.0), 3.0e38);
    let h = ours
        .vs_circle(&other)
        .unwrap_or_else(|| panic!("an overlap"));
    assert!(h.started_inside && all_finite(&h), "{h:?}");
    assert_eq!(h.point.x, f32::MAX, "{h:?}");
    assert_eq!(
        Some(h),
        sweepscope::query::exact::cast_circle(&ours, &other)
    );
}

/// The skin after a bounce was 1e-3 world units whatever the ball's size: the default
/// scene in metres (×1e-3, a 5 mm ball) met the wall at t = 0.696875 instead of 0.712484
/// and ended 1.6 mm off, a third of its radius; at ×1e-30 it ended 1e27 scenes away. The
/// skin is a fraction of the radius: a scene scaled by any factor keeps its path's shape.
#[test]
fn the_bounce_skin_scales_with_the_ball() {
    let path_at = |scale: f32| {
        let s = |x: f32, y: f32| v(x * scale, y * scale);
        let sweep = Sweep::new(s(-3.0, 50.0), s(-3.0, 10.0), 5.0 * scale);
        let obstacles = [
            Obstacle::Aabb(Aabb::new(s(0.0, 0.0), s(40.0, 30.0))),
            Obstacle::Segment(Segment::new(s(-20.0, 20.0), s(-20.0, 60.0))),
        ];
        resolve(
            &sweep,
            &obstacles,
            Response::Reflect { restitution: 1.0 },
            8,
        )
    };
    let unit = path_at(1.0);
    for scale in [1e-30_f32, 1e-12, 1e-6, 1e-3, 1e3, 1e6, 1e20, 1e30] {
        let path = path_at(scale);
        let times: Vec<f32> = path.contacts.iter().map(|c| c.hit.time).collect();
        let unit_times: Vec<f32> = unit.contacts.iter().map(|c| c.hit.time).collect();
        assert_eq!(times.len(), 2, "scale {scale:e}: {times:?}");
        for (t, u) in times.iter().zip(&unit_times) {
            assert!(
                (t - u).abs() < 1e-5,
                "scale {scale:e}: {times:?} vs {unit_times:?}"
            );
        }
        // The documented second contact with the skin, 0.712484.
        assert!((times[1] - 0.712_484).abs() < 1e-5, "{times:?}");
        let end = path.end.as_dvec2() / f64::from(scale);
        let off = (end - unit.end.as_dvec2()).length();
        assert!(off < 1e-4, "scale {scale:e}: end {end:?} vs {:?}", unit.end);
    }
}
