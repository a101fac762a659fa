//! Exact touches and the rounding traps around them, each test named after the wrong answer
//! it rules out, and a generated family of exact touches on diagonal segments. Expected
//! values come from exact references (60-digit decimals, exact rationals) or from the
//! construction itself.
//!
//! Exact touches need exact arithmetic to judge, which the f64 sampling reference cannot
//! give, so every case here is built from integers where the touch is exact by
//! construction: Pythagorean directions (3-4-5 and kin) keep diagonal segments' unit
//! normals rational, and dyadic f32 values are checked with integer arithmetic.

use sweepscope::{Aabb, End, Feature, Hit, Segment, Side, Sweep, Vec2};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn unit(h: &Hit) -> bool {
    h.normal.is_finite() && (h.normal.length() - 1.0).abs() < 1e-5
}

// --- A point (zero radius) and a box ---------------------------------------------------

/// Bug: a zero radius strictly inside a box was a miss (no motion) or a false side hit
/// (moving), because "overlapping" was only `distance < r`.
#[test]
fn zero_radius_strictly_inside_a_box_started_inside() {
    let b = Aabb::new(v(-1.0, -1.0), v(1.0, 1.0));
    for end in [v(0.0, 0.5), v(5.0, 0.5), v(0.0, -3.0)] {
        let h = Sweep::new(v(0.0, 0.5), end, 0.0)
            .vs_aabb(&b)
            .expect("inside is a hit");
        assert!(h.started_inside);
        assert_eq!(h.time, 0.0);
        // Nearest side: the top, 0.5 away (the others are 1 and 1.5 away).
        assert_eq!(h.normal, v(0.0, 1.0), "end {end}");
    }
}

/// Bug: a point on the bottom face moving up into the box was read as being on the top
/// face and moving away.
#[test]
fn zero_radius_on_a_face_moving_in_is_a_hit_at_zero() {
    let b = Aabb::new(v(-1.0, -1.0), v(1.0, 1.0));
    let h = Sweep::new(v(0.25, -1.0), v(0.25, 2.0), 0.0)
        .vs_aabb(&b)
        .expect("entering through the bottom");
    assert_eq!((h.time, h.started_inside), (0.0, false));
    assert_eq!(h.feature, Feature::Side(Side::Bottom));
    assert_eq!(h.normal, v(0.0, -1.0));
    // Moving away from that face, or standing still on it: no hit.
    assert_eq!(
        Sweep::new(v(0.25, -1.0), v(0.25, -3.0), 0.0).vs_aabb(&b),
        None
    );
    assert_eq!(
        Sweep::new(v(0.25, -1.0), v(0.25, -1.0), 0.0).vs_aabb(&b),
        None
    );
}

#[test]
fn zero_radius_at_a_corner_enters_only_moving_inward_across_both_sides() {
    let b = Aabb::new(v(-1.0, -1.0), v(1.0, 1.0));
    let h = Sweep::new(v(-1.0, -1.0), v(0.0, 1.0), 0.0)
        .vs_aabb(&b)
        .expect("into the box");
    assert_eq!(h.time, 0.0);
    // Crossing the bottom faster (speed 2 against 1): that side is reported.
    assert_eq!(h.feature, Feature::Side(Side::Bottom));
    // Inward across the left side but outward across the bottom: passes below the box.
    assert_eq!(
        Sweep::new(v(-1.0, -1.0), v(1.0, -2.0), 0.0).vs_aabb(&b),
        None
    );
}

// --- A circle centred on a segment -------------------------------------------------------

/// Bug: the push-out normal of a centre exactly on a diagonal segment was the normalised
/// rounding error of the foot point, often along the segment.
#[test]
fn centre_exactly_on_a_diagonal_segment_pushes_out_across_it() {
    let cases = [
        (v(2.0, 2.0), Segment::new(v(0.0, 0.0), v(4.0, 4.0)), 1.0),
        (v(2.0, 0.25), Segment::new(v(0.0, 1.0), v(8.0, -2.0)), 2.0),
        (v(-1.0, 2.0), Segment::new(v(-4.0, -2.0), v(5.0, 10.0)), 0.5),
    ];
    for (c, seg, r) in cases {
        let h = Sweep::new(c, c, r).vs_segment(&seg).expect("overlapping");
        assert!(h.started_inside && unit(&h), "{h:?}");
        let dir = (seg.b - seg.a).normalize();
        assert!(
            h.normal.dot(dir).abs() < 1e-6,
            "normal {} along {dir}",
            h.normal
        );
        assert!(matches!(h.feature, Feature::Face { .. }));
    }
}

// --- Touches at exactly t = 1 -------------------------------------------------------------

/// Bug: normalising the segment direction (0.6, 0.8 are not f32 values) rounded an exact
/// touch at t = 1 past 1, so the circle stopped short of the wall with no contact.
#[test]
fn touch_at_one_on_a_3_4_5_segment_face() {
    // Line through (0,0) and (6,8); unit normal (−0.8, 0.6); the end (−1, 7) is at
    // distance 0.8 + 4.2 = 5 = r.
    let h = Sweep::new(v(-3.0, 7.0), v(-1.0, 7.0), 5.0)
        .vs_segment(&Segment::new(v(0.0, 0.0), v(6.0, 8.0)))
        .expect("touches at the end");
    assert_eq!(h.time, 1.0);
    assert_eq!(h.center, v(-1.0, 7.0));
    assert!((h.normal - v(-0.8, 0.6)).length() < 1e-6);
    // A point (zero radius) ending exactly on a diagonal segment.
    let h = Sweep::new(v(3.0, 0.5), v(1.0, -1.5), 0.0)
        .vs_segment(&Segment::new(v(0.0, -2.0), v(4.0, 0.0)))
        .expect("ends on the segment");
    assert_eq!(h.time, 1.0);
}

/// Bug: `(along − a)² ≤ disc` rounds; the end-distance form is exact for f32 input.
#[test]
fn touch_at_one_between_moving_circles_with_generic_values() {
    // Every value is a multiple of 2^-16 (these are the checker's generic f32 values), so
    // they are written as integers and the touch is checked exactly in integers.
    let u = |n: i32| n as f32 / 65536.0;
    let a = Sweep::new(
        v(u(-4_268_164), u(-522_708)),
        v(u(-3_683_596), u(94_336)),
        u(97_428),
    );
    let b = Sweep::new(
        v(u(-2_969_124), u(776_332)),
        v(u(-3_001_600), u(743_856)),
        u(844_376),
    );
    let q = |x: f32| (f64::from(x) * 65536.0) as i128;
    let (dx, dy) = (q(b.end.x) - q(a.end.x), q(b.end.y) - q(a.end.y));
    let reach = q(a.radius) + q(b.radius);
    assert_eq!(
        dx * dx + dy * dy,
        reach * reach,
        "the case is not an exact touch"
    );
    let h = a.vs_circle(&b).expect("touches at the end");
    assert_eq!(h.time, 1.0);
    assert!(unit(&h));
}

// --- Touches at exactly t = 0 -----------------------------------------------------------

/// Bug: a start exactly r from a diagonal face, moving through it, rounded to "inside the
/// slab" but not "overlapping", fell through to the end caps and missed: the circle
/// tunnelled through the segment.
#[test]
fn touch_at_zero_moving_through_a_diagonal_face_is_a_hit() {
    let seg = Segment::new(v(-4.0, 8.0), v(14.0, 32.0)); // direction (0.6, 0.8), |e| = 30
    let h = Sweep::new(v(-3.0, 26.0), v(13.0, 14.0), 10.0)
        .vs_segment(&seg)
        .expect("no tunnelling");
    assert_eq!((h.time, h.started_inside), (0.0, false));
    assert!((h.normal - v(-0.8, 0.6)).length() < 1e-6);
    assert_eq!(h.feature, Feature::Face { left: true });
}

/// Bug: the same rounding the other way made a touching, motionless circle "started
/// inside".
#[test]
fn touch_at_zero_without_motion_on_a_diagonal_face_is_no_hit() {
    let seg = Segment::new(v(5.0, 5.0), v(-4.0, -7.0));
    let c = v(4.75, -12.0);
    assert_eq!(Sweep::new(c, c, 10.0).vs_segment(&seg), None);
}

/// Bug: a touch at t = 0 on the face moving in was reported later, at an end cap.
#[test]
fn touch_at_zero_moving_in_is_reported_on_the_face_at_zero() {
    let seg = Segment::new(v(1.0, -6.0), v(-5.0, -14.0));
    let h = Sweep::new(v(-2.25, -14.5), v(-6.25, -11.5), 2.5)
        .vs_segment(&seg)
        .expect("a hit");
    assert_eq!((h.time, h.started_inside), (0.0, false));
    assert!((h.normal - v(0.8, -0.6)).length() < 1e-6);
    assert!(matches!(h.feature, Feature::Face { .. }));
}

// --- Motions far longer than the radius -------------------------------------------------

/// Bug: `(centre − point) / r` cancels when |v| / r is around 1e13 or more; normals came out
/// zero, NaN or far from unit.
#[test]
fn huge_motions_keep_unit_normals() {
    let h = Sweep::new(v(-1e20, 0.0), v(1e20, 0.0), 1.0)
        .vs_circle(&Sweep::new(v(1e20, 0.0), v(-1e20, 0.0), 1.0))
        .expect("head on");
    assert!((h.normal - v(-1.0, 0.0)).length() < 1e-6, "{}", h.normal);
    let h = Sweep::new(v(-1e20, 3e19), v(1e20, -3e19), 1.0)
        .vs_segment(&Segment::new(v(-1.0, 0.5), v(1.0, 0.75)))
        .expect("crosses the segment");
    assert!(unit(&h), "{h:?}");
    let h = Sweep::new(
        v(-49_382_820_937_728.0, 501_056_488_341_504.0),
        v(49_382_820_937_728.0, -501_056_488_341_504.0),
        10.0,
    )
    .vs_aabb(&Aabb::new(v(-1.0, -1.0), v(1.0, 1.0)))
    .expect("crosses the box");
    assert!(unit(&h), "{h:?}");
}

// --- Generated: exact touches on diagonal segments --------------------------------------

/// Integer geometry in which every touch is exact: a segment along a Pythagorean direction
/// `(p, q) / h`, radius `k·h`, so the offset `r·n` to the touching line is the integer
/// vector `k·(−q, p)`. For each of the 8 symmetries of the square and several placements:
/// touching at t = 0 moving in (through the face), out and along; touching at t = 1
/// approaching; and passing an end exactly at t = 1.
#[test]
fn exact_touches_on_diagonal_segments() {
    let triples = [
        (3, 4, 5),
        (4, 3, 5),
        (5, 12, 13),
        (12, 5, 13),
        (8, 15, 17),
        (20, 21, 29),
    ];
    let mut checked = 0;
    for (p, q, h) in triples {
        for sym in 0..8 {
            // A symmetry of the square applied to integer vectors.
            let s = |(x, y): (i32, i32)| {
                let (x, y) = if sym & 1 == 1 { (y, x) } else { (x, y) };
                let x = if sym & 2 == 2 { -x } else { x };
                let y = if sym & 4 == 4 { -y } else { y };
                (x, y)
            };
            let f = |(x, y): (i32, i32)| v(x as f32, y as f32);
            let add = |a: (i32, i32), b: (i32, i32)| (a.0 + b.0, a.1 + b.1);
            let mul = |a: (i32, i32), m: i32| (a.0 * m, a.1 * m);
            let (d, n) = (s((p, q)), s((-q, p))); // along, across (unit after / h)
            // Each reflection flips which side is left; that does not matter here.
            for (k, len, at) in [(1, 4, 2), (2, 3, 1), (1, 6, 5)] {
                let a = (7, -3);
                let b = add(a, mul(d, len));
                let seg = Segment::new(f(a), f(b));
                let r = (k * h) as f32;
                let foot = add(a, mul(d, at)); // a point inside the segment
                let touch = add(foot, mul(n, k)); // exactly r off the face
                let name = format!("({p},{q},{h}) sym {sym} k {k} len {len} at {at}");
                // t = 0, moving in through the face: a hit at 0, not started inside.
                let through = add(touch, mul(n, -3 * k));
                let hit = Sweep::new(f(touch), f(through), r)
                    .vs_segment(&seg)
                    .unwrap_or_else(|| panic!("{name}: tunnelled"));
                assert_eq!((hit.time, hit.started_inside), (0.0, false), "{name}");
                let want = f(n) / h as f32;
                assert!(
                    (hit.normal - want).length() < 1e-6,
                    "{name}: {}",
                    hit.normal
                );
                // t = 0, moving away, along, or not at all: no hit.
                for end in [add(touch, n), add(touch, d), touch] {
                    let miss = Sweep::new(f(touch), f(end), r).vs_segment(&seg);
                    assert_eq!(miss, None, "{name}: end {end:?}");
                }
                // t = 1, approaching from further out along a slant: a hit at exactly 1.
                let start = add(touch, add(mul(n, 2), d));
                let hit = Sweep::new(f(start), f(touch), r)
                    .vs_segment(&seg)
                    .unwrap_or_else(|| panic!("{name}: stopped short at t = 1"));
                assert_eq!(hit.time, 1.0, "{name}");
                assert_eq!(hit.center, f(touch), "{name}");
                // Beyond end b, exactly r away from it along the segment at t = 1.
                let cap = add(b, mul(d, k));
                let start = add(cap, add(mul(d, 2), n));
                let hit = Sweep::new(f(start), f(cap), r)
                    .vs_segment(&seg)
                    .unwrap_or_else(|| panic!("{name}: missed the end at t = 1"));
                assert_eq!(hit.time, 1.0, "{name}");
                assert_eq!(hit.feature, Feature::End(End::B), "{name}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 6 * 8 * 3);
}

// --- Two circles travelling side by side ----------------------------------------------

/// Bug: two circles moving together from near 0 to near 1e6 took their relative motion as
/// `(e1 − s1) − (e2 − s2)` after rounding each motion to f64, which loses the small
/// relative motion: contact centres came out units off. The exact answers are from a
/// 60-digit reference.
#[test]
fn circles_travelling_side_by_side_keep_their_relative_motion() {
    let cases = [
        // (ours, other, exact time, exact centre)
        (
            Sweep::new(v(0.0001, 0.0002), v(600000.0, -800000.0), 0.00001),
            Sweep::new(v(0.00013, 0.0002), v(600000.0, -800000.0), 0.000005),
            0.500_000_060_632_974_3,
            [300_000.036_429_784_55, -400_000.048_406_379_5],
        ),
        (
            Sweep::new(v(1e-5, 0.0), v(1_000_000.0, 0.0), 1e-6),
            Sweep::new(v(1.3e-5, 0.0), v(1_000_000.0, 0.0), 0.0),
            0.666_666_679_298_537_1,
            [666_666.679_301_870_4, 0.0],
        ),
    ];
    for (ours, other, time, center) in cases {
        let h = ours.vs_circle(&other).expect("they meet");
        assert!((f64::from(h.time) - time).abs() < 1e-6, "{}", h.time);
        let off = (f64::from(h.center.x) - center[0]).hypot(f64::from(h.center.y) - center[1]);
        assert!(off < 0.1, "centre {} is {off} off", h.center);
        assert!(unit(&h) && !h.started_inside);
    }
}

// --- Touching at t = 0 and moving a hair inward -----------------------------------------

/// Bug: a start exactly on a corner circle, an end cap or another circle, moving along the
/// tangent tilted a few f32 steps inward, was a miss: `a·r² − cross²` cancelled to nothing
/// (its true value is `along²`, tiny but positive), so the shallow entry at t = 0 was lost.
/// Tilted outward instead, it stays a miss.
#[test]
fn touching_at_t0_and_dipping_in_by_a_hair_is_a_hit() {
    let corner_box = Aabb::new(v(15.0, -25.0), v(29.0, -8.0));
    let cap = Segment::new(v(-84.0, -24.0), v(12.0, 48.0));
    // Starts 7-24-25 and 3-4-5 from the corner / end / other centre; ends nudged inward.
    let cases = [
        (
            Sweep::new(v(8.0, 16.0), v(-40.0, 1.999_999_6), 25.0).vs_aabb(&corner_box),
            Feature::Corner(sweepscope::Corner::TopLeft),
            v(-0.28, 0.96),
        ),
        (
            Sweep::new(v(-92.0, -30.0), v(4.000_001, -158.0), 10.0).vs_segment(&cap),
            Feature::End(End::A),
            v(-0.8, -0.6),
        ),
        (
            Sweep::new(v(-32.0, -76.0), v(-54.0, 29.999_998), 32.0).vs_circle(&Sweep::new(
                v(-80.0, -90.0),
                v(-74.0, -80.0),
                18.0,
            )),
            Feature::Circle,
            v(0.96, 0.28),
        ),
    ];
    for (i, (hit, feature, normal)) in cases.into_iter().enumerate() {
        let h = hit.unwrap_or_else(|| panic!("case {i}: dips in at t = 0"));
        assert_eq!(
            (h.time, h.started_inside, h.feature),
            (0.0, false, feature),
            "case {i}"
        );
        assert!(
            (h.normal - normal).length() < 1e-6,
            "case {i}: {}",
            h.normal
        );
    }
    // The same corner, tilted outward: leaves at once.
    let out = Sweep::new(v(8.0, 16.0), v(-40.0, 2.000_000_2), 25.0);
    assert!(out.vs_aabb(&corner_box).is_none());
    // A start off the circle by less than the rounding of |c|² (1 + 2^-60 against 1) is
    // not a touch: these never come within r.
    let tiny = 2.0f32.powi(-30);
    let ours = Sweep::new(v(0.0, 0.0), v(-tiny / 2.0, 1.0), 0.5);
    assert!(
        ours.vs_circle(&Sweep::new(v(1.0, tiny), v(1.0, tiny), 0.5))
            .is_none()
    );
    let ours = Sweep::new(v(0.0, 0.0), v(-tiny / 2.0, 1.0), 1.0);
    assert!(
        ours.vs_segment(&Segment::new(v(1.0, tiny), v(3.0, tiny)))
            .is_none()
    );
    let corner_at = Aabb::new(v(1.0, tiny), v(3.0, 2.0));
    assert!(
        ours.vs_aabb(&corner_at).is_none(),
        "{:?}",
        ours.vs_aabb(&corner_at)
    );
}

// --- A start on the edge of a segment's slab ----------------------------------------------

/// Bug: whether a start within ~1e-16·r of a segment's slab edge was inside it was settled
/// by the rounding of `r·√len2`, so such starts were misread both ways: an overlapping
/// start was a miss, or with a near-parallel motion a hit at t = 0.38 instead of 0; a start
/// just outside was reported as started inside. Integer inputs built from continued
/// fractions; the answers are an exact reference's.
#[test]
fn starts_on_the_edge_of_a_segments_slab_are_read_exactly() {
    let seg = |ax: f32, ay: f32, bx: f32, by: f32| Segment::new(v(ax, ay), v(bx, by));
    let inside = [
        (
            v(-838.0, 546.0),
            191_096.0,
            seg(24138.0, -313_165.0, 283_889.0, 85799.0),
        ),
        (
            v(0.001_272_730_5, 0.001_665_815_6),
            192_783.0,
            seg(90166.0, -199_528.0, 260_989.0, 24054.0),
        ),
        (
            v(-981.023_8, -193.887_44),
            27877.0,
            seg(-27348.0, -5405.0, -19868.0, -43252.0),
        ),
    ];
    for (i, (end, r, s)) in inside.into_iter().enumerate() {
        let h = Sweep::new(v(0.0, 0.0), end, r).vs_segment(&s);
        let h = h.unwrap_or_else(|| panic!("case {i}: overlaps at t = 0"));
        assert!(h.started_inside && h.time == 0.0, "case {i}: {h:?}");
    }
    // Outside by a hair, moving in: a touch just after t = 0, not a start inside.
    let h = Sweep::new(v(0.0, 0.0), v(-0.392_141_5, 0.919_904_9), 11289.0)
        .vs_segment(&seg(117_044.0, 62166.0, -9531.0, 8209.0))
        .expect("enters at once");
    assert!(!h.started_inside && h.time < 1e-6, "{h:?}");
}

/// Bug: a start just outside a segment's slab edge, moving nearly parallel to the segment
/// and dipping 2e-12 to 8e-12 of r into the slab, was timed from `|h| − r·|e|`, a
/// difference of two nearly equal numbers that carries the rounding of the root: the face
/// hit came up to 3e-5 early or late in t, 0.03 units of centre at |v| = 1000. The times
/// are the exact reference's (`tools/exact_check` with `EXACT_CHECK_SKIP_REL=1e-13`).
#[test]
fn near_parallel_entries_just_outside_a_slab_edge_are_timed_exactly() {
    let cases = [
        (
            v(-998.6441, 52.05698),
            145_728.0,
            Segment::new(v(8323.0, 145_492.0), v(5503.0, 145_639.0)),
            0.004_220_310_838_360_487,
        ),
        (
            v(459.45978, 888.19855),
            29497.0,
            Segment::new(v(25899.0, -14133.0), v(29967.0, -6269.0)),
            0.042_102_034_770_982_27,
        ),
        (
            v(534.5787, -845.1187),
            22666.0,
            Segment::new(v(-19915.0, -10916.0), v(-18061.0, -13847.0)),
            0.306_695_371_220_925_4,
        ),
    ];
    for (i, (end, r, s, time)) in cases.into_iter().enumerate() {
        let h = Sweep::new(v(0.0, 0.0), end, r)
            .vs_segment(&s)
            .unwrap_or_else(|| panic!("case {i}: a face hit"));
        assert!(matches!(h.feature, Feature::Face { .. }), "case {i}: {h:?}");
        assert!(!h.started_inside, "case {i}: {h:?}");
        // f32 rounding of the time is ~1e-9 here; the rounded root is off by 1.5e-5 and
        // more.
        assert!((f64::from(h.time) - time).abs() < 1e-7, "case {i}: {h:?}");
        let centre = end.as_dvec2() * time;
        assert!(
            (h.center.as_dvec2() - centre).length() < 1e-4,
            "case {i}: {h:?} vs {centre}"
        );
        assert!(unit(&h), "case {i}: {h:?}");
    }
}

/// Bug: the start's distance from a segment reaching far away (on the scale of the radius
/// and the motion) came from products of its far offsets, which cancel: about 1e-16 of
/// |a − start|·|e|, so at 1e7 it was wrong by 1e-9, several times a radius of 1e-7. Times
/// were off, hits missed, misses reported as overlaps, push-outs flipped. The answers here
/// are the exact reference's (`tools/exact_check/ref.py`); each case is far from a graze.
#[test]
fn far_reaching_segments_measure_the_start_distance_exactly() {
    let diag = Segment::new(v(-1e7, -1e7), v(1e7, 1e7));
    let below = v(
        std::f32::consts::FRAC_1_SQRT_2,
        -std::f32::consts::FRAC_1_SQRT_2,
    );
    // Moving across y = x: the time and centre of a face hit.
    let h = Sweep::new(v(7.5e-6, 6.87e-6), v(7.498e-6, 6.872e-6), 4.45e-7)
        .vs_segment(&diag)
        .expect("crosses into the capsule");
    assert!((h.time - 0.168_665).abs() < 1e-4, "time {}", h.time);
    assert!((h.normal - below).length() < 1e-4, "normal {}", h.normal);
    assert!(!h.started_inside);
    // A hit late in the motion (the cancelling form misses it).
    let h = Sweep::new(v(8.3e-6, 8.04e-6), v(8.297e-6, 8.043e-6), 1.8e-7)
        .vs_segment(&diag)
        .expect("reaches the capsule at t ≈ 0.907");
    assert!((h.time - 0.906_946).abs() < 1e-4, "time {}", h.time);
    // A start 5% of r outside, moving closer by 0.014% of r at most: a miss, not a start
    // inside. Unit scale, tiny radius.
    let unit_diag = Segment::new(v(-10.0, -10.0), v(10.0, 10.0));
    let s = Sweep::new(v(5.3e-15, 4.97e-15), v(5.292e-15, 4.978e-15), 2.22e-16);
    assert_eq!(s.vs_segment(&unit_diag), None);
    // Overlapping 1.3e-9 below the line: pushed out downward, not upward.
    let h = Sweep::new(v(0.0103, 0.010_299_998), v(0.0103, 0.010_299_998), 1e-5)
        .vs_segment(&diag)
        .expect("overlaps");
    assert!(h.started_inside);
    assert!((h.normal - below).length() < 1e-4, "normal {}", h.normal);
}

/// Bug: circles of very different sizes touching exactly were judged on `|c|²` and
/// `(r1 + r2)²`, each rounded on its own: a touch at t = 0 was taken for an overlap (and
/// so a hit even when moving away), a touch at t = 1 for a miss, and a nearly tangent
/// entry from an exact touch came 1e-8 late, 1.5 units along a motion of 1e8. Every
/// offset here is an exact 3-4-5 multiple of the reach.
#[test]
#[allow(clippy::excessive_precision)] // the exact dyadic values, as the reference read them
fn circles_of_very_different_sizes_touching_exactly() {
    let big = |start: Vec2, end: Vec2| Sweep::new(start, end, 15720.0);
    let dot = Sweep::new(
        v(9432.0, 12576.0),
        v(9432.0, 12576.0),
        0.005_111_694_335_937_5,
    );
    let start = v(-0.003_067_016_601_562_5, -0.004_089_355_468_75);
    let inward = big(start, v(2.996_932_983_398_437_5, 39.995_910_644_531_25))
        .vs_circle(&dot)
        .expect("touching and moving in");
    assert_eq!(inward.time, 0.0);
    assert!(!inward.started_inside, "a touch is not an overlap");
    assert!((inward.normal - v(-0.6, -0.8)).length() < 1e-6);
    assert_eq!(
        big(start, start).vs_circle(&dot),
        None,
        "touching, not moving"
    );
    assert_eq!(
        big(start, v(-3.0, -4.0)).vs_circle(&dot),
        None,
        "moving away"
    );

    // A touch exactly at t = 1.
    let huge = Sweep::new(v(267_264.0, 356_352.0), v(267_264.0, 356_352.0), 445_440.0);
    let h = Sweep::new(
        v(99.973_632_812_5, -300.035_156_25),
        v(-0.026_367_187_5, -0.035_156_25),
        0.043_945_312_5,
    )
    .vs_circle(&huge)
    .expect("ends exactly touching");
    assert_eq!(h.time, 1.0);
    assert!((h.normal - v(-0.6, -0.8)).length() < 1e-6);

    // Touching at t = 0 and moving nearly along the tangent, slightly inward.
    let other = Sweep::new(
        v(63_347_712.0, -118_776_960.0),
        v(63_347_712.0, -118_776_960.0),
        0.434_457_540_512_084_96,
    );
    let h = Sweep::new(
        v(-0.204_450_607_299_804_7, 0.383_344_888_687_133_8),
        v(-118_776_960.0, -63_347_712.0),
        134_613_888.0,
    )
    .vs_circle(&other)
    .expect("enters at once");
    assert_eq!(h.time, 0.0);
    assert!(!h.started_inside);
}

/// Bug: a point (zero radius) whose motion ends exactly on a segment, crossing into it
/// rather than sliding along it, was a miss: the face test's rounded products put the
/// landing just past the segment's end or just short of its line, and a zero-radius end
/// cap has no inside to catch it.
#[test]
#[allow(clippy::excessive_precision)] // the exact f32 values of the failing case
fn a_point_landing_exactly_on_a_segment_at_t1_hits() {
    // On end b, arriving steeply from above the segment.
    let seg = Segment::new(v(0.0, 0.01), v(1.0, 0.0));
    let h = Sweep::new(v(0.5, 1.0), v(1.0, 0.0), 0.0)
        .vs_segment(&seg)
        .expect("lands on end b");
    assert_eq!(h.time, 1.0);
    assert_eq!(h.center, v(1.0, 0.0));
    assert!(h.normal.y > 0.99, "from above: {}", h.normal);
    // On the interior: the end is the exact f32 midpoint of a and b.
    let seg = Segment::new(v(5.2, 5.7), v(-2.97, -4.82));
    let end = v(1.114_999_9, 0.439_999_82);
    assert_eq!((seg.a + seg.b) * 0.5, end);
    let h = Sweep::new(v(2.0, -0.1), end, 0.0)
        .vs_segment(&seg)
        .expect("lands on the face");
    assert_eq!(h.time, 1.0);
    assert!(unit(&h));
    // Stopping just short of it is still a miss.
    let short = Sweep::new(v(0.5, 1.0), v(0.999_9, 0.000_2), 0.0);
    assert_eq!(
        short.vs_segment(&Segment::new(v(0.0, 0.01), v(1.0, 0.0))),
        None
    );
}

// --- Segments whose squared length rounds, rims, points on a line, deep chords ----------

/// A segment from x = 1/3 (as f32) to 10 at y = 1: its squared length rounds in f64.
fn third_segment() -> Segment {
    Segment::new(v(0.333_333_34, 1.0), v(10.0, 1.0))
}

/// Bug: a start exactly r from a segment whose squared length rounds was read as inside
/// the slab, so it "started inside" whichever way it moved. The exact comparison on the
/// slab's edge used the rounded squared length.
#[test]
fn a_start_exactly_r_from_a_segment_with_a_rounded_length_is_on_its_edge() {
    let seg = third_segment();
    // Moving away, or along it: touching, not a hit.
    for end in [v(5.0, -1.0), v(8.0, 0.0), v(5.0, 0.0)] {
        assert_eq!(
            Sweep::new(v(5.0, 0.0), end, 1.0).vs_segment(&seg),
            None,
            "end {end}"
        );
    }
    // Moving in: a hit at once, on the face, not a start inside.
    let h = Sweep::new(v(5.0, 0.0), v(8.0, 0.5), 1.0)
        .vs_segment(&seg)
        .expect("enters at once");
    assert_eq!((h.time, h.started_inside), (0.0, false));
    assert_eq!(h.normal, v(0.0, -1.0));
    assert_eq!(h.feature, Feature::Face { left: false });
}

/// Bug: a start exactly r below end `a` (where the face meets the end cap), moving in
/// toward the cap, was a miss: read as just inside the slab, it was sent to the far end's
/// cap. It passes 0.27 deep into the capsule.
#[test]
#[allow(clippy::excessive_precision)] // the exact f32 values of the failing case
fn a_start_on_the_rim_where_face_meets_cap_moving_in_is_a_hit() {
    let seg = Segment::new(v(0.333_333_34, 1.0), v(-10.0, 1.0));
    let h = Sweep::new(v(0.333_333_34, 0.0), v(5.0, 5.0), 1.0)
        .vs_segment(&seg)
        .expect("enters at once");
    assert_eq!((h.time, h.started_inside), (0.0, false));
    assert!((h.normal - v(0.0, -1.0)).length() < 1e-6, "{}", h.normal);
    // The same at a larger scale.
    let seg = Segment::new(v(-24.977_379, -2_374.822_8), v(-3_061.489, -2_374.822_8));
    let h = Sweep::new(
        v(-24.977_379, -4_715.153_8),
        v(21_377.602, 16_290.141),
        2_340.331,
    )
    .vs_segment(&seg)
    .expect("enters at once");
    assert_eq!((h.time, h.started_inside), (0.0, false));
}

/// Bug: a point (zero radius) on a segment, moving off it to its left, was a hit at time
/// 0: on the line `h0 = 0` read as the right side, so moving left looked like an approach.
#[test]
fn a_point_on_a_segment_moving_off_it_is_no_hit() {
    let seg = Segment::new(v(0.0, 0.0), v(10.0, 0.0));
    for (start, end) in [
        (v(5.0, 0.0), v(5.0, 1.0)),
        (v(5.0, 0.0), v(5.0, -1.0)),
        (v(0.0, 0.0), v(-1.0, 1.0)),
        (v(10.0, 0.0), v(11.0, -1.0)),
        (v(5.0, 0.0), v(7.0, 0.0)),
    ] {
        assert_eq!(
            Sweep::new(start, end, 0.0).vs_segment(&seg),
            None,
            "{start} -> {end}"
        );
    }
    // Swapping the ends changes nothing.
    let seg = Segment::new(v(10.0, 0.0), v(0.0, 0.0));
    assert_eq!(
        Sweep::new(v(5.0, 0.0), v(5.0, 1.0), 0.0).vs_segment(&seg),
        None
    );
}

/// Bug: a motion ending exactly r from a segment's face, approaching head-on, was a miss:
/// `r·|e|` rounds, and the rounded gap came out a hair longer than the motion.
#[test]
#[allow(clippy::excessive_precision)] // the exact f32 values of the failing case
fn a_touch_at_one_on_a_face_whose_reach_rounds_is_a_hit() {
    let seg = Segment::new(
        v(-1.0, 1.466_646_075_248_718_3),
        v(1.1, 1.466_646_075_248_718_3),
    );
    let sweep = Sweep::new(
        v(0.0, -0.003_377_477_638_423_443),
        v(0.0, 0.355_132_579_803_466_8),
        1.111_513_495_445_251_5,
    );
    // Exactly r short of the segment's line at the end.
    assert_eq!(seg.a.y - sweep.end.y, sweep.radius);
    let h = sweep.vs_segment(&seg).expect("touches at t = 1");
    assert_eq!(h.time, 1.0);
    assert_eq!(h.center, sweep.end);
    assert_eq!(h.normal, v(0.0, -1.0));
    // Stopping one f32 step short is a miss.
    let short = Sweep::new(
        sweep.start,
        v(0.0, f32::from_bits(sweep.end.y.to_bits() - 1)),
        sweep.radius,
    );
    assert_eq!(short.vs_segment(&seg), None);
}

/// Bug: two moving circles whose relative path cuts the circle of contact a chord only
/// about 1e-17 of the radius deep were a miss: the discriminant rounded to zero or below.
/// Entering at t ≈ 1 − 7e-9 (first case) or exactly at t = 1 while still approaching
/// (second), both are hits; an exactly tangent path stays a graze.
#[test]
#[allow(clippy::excessive_precision)] // the exact f32 values of the failing cases
fn grazing_circle_paths_a_hair_inside_are_hits() {
    let chord = Sweep::new(
        v(0.874_751_567_840_576_2, 0.084_847_286_343_574_52),
        v(0.124_639_607_965_946_2, -0.293_049_216_270_446_8),
        0.343_352_228_403_091_43,
    );
    let other = Sweep::new(
        v(-0.804_621_100_425_720_2, 0.771_551_728_248_596_2),
        v(0.124_639_607_965_946_2, 0.393_655_240_535_736_1),
        0.343_352_228_403_091_43,
    );
    let h = chord.vs_circle(&other).expect("a chord 1e-17 deep");
    assert!(h.time > 0.999, "{}", h.time);
    assert!((h.normal - v(0.0, -1.0)).length() < 1e-6, "{}", h.normal);
    assert!(!h.started_inside);

    let late = Sweep::new(
        v(-0.019_598_228_856_921_196, 0.223_076_686_263_084_4),
        v(-0.061_082_586_646_080_02, 0.059_488_561_004_400_25),
        0.010_899_860_411_882_4,
    );
    let other = Sweep::new(
        v(0.002_201_492_199_674_248_7, -0.011_271_311_901_509_762),
        v(-0.039_282_865_822_315_216, 0.059_488_561_004_400_25),
        0.010_899_860_411_882_4,
    );
    let h = late
        .vs_circle(&other)
        .expect("touches at t = 1, approaching");
    assert_eq!(h.time, 1.0);
    assert_eq!(h.normal, v(-1.0, 0.0));

    // Exactly tangent: the relative path runs along y = 1 past a reach of 1.
    let pass = Sweep::new(v(-5.0, 1.0), v(5.0, 1.0), 0.5);
    let still = Sweep::new(v(0.0, 0.0), v(0.0, 0.0), 0.5);
    assert_eq!(pass.vs_circle(&still), None);
    // One f32 step lower it cuts a chord.
    let lower = f32::from_bits(1.0f32.to_bits() - 1);
    let cut = Sweep::new(v(-5.0, lower), v(5.0, lower), 0.5);
    assert!(cut.vs_circle(&still).is_some());
}

// --- Shallow touches at t = 1 ------------------------------------------------------------

/// Bug: a box corner, a point box, a segment's end cap or a zero-length segment touched
/// exactly at t = 1 by a path that still approaches, but only about 2e-9 rad off the
/// tangent, was a miss. With the end on the circle the discriminant is exactly `late²`
/// (late: minus the approach rate at t = 1), which rounds to zero there; the verdict
/// required it positive. The end within r decides on its own: strictly inside, or on the
/// circle and not tangent. The same geometry as a circle pair is a hit too.
#[test]
#[allow(clippy::excessive_precision)] // the exact f32 values of the failing cases
fn shallow_touches_at_t1_on_corners_and_end_caps_are_hits() {
    // −158.5 − 2⁻¹⁶ and 191 + 2⁻¹⁶; the end is 29 from the origin (20² + 21² = 29²).
    let start = v(-158.500_015_258_789_062_5, 191.000_015_258_789_062_5);
    let sweep = Sweep::new(start, v(20.0, 21.0), 29.0);
    let normal = v(20.0 / 29.0, 21.0 / 29.0);
    let check = |h: Option<Hit>, what: &str| {
        let h = h.unwrap_or_else(|| panic!("{what}: touches at t = 1, approaching"));
        assert_eq!(h.time, 1.0, "{what}");
        assert_eq!(h.center, sweep.end, "{what}");
        assert!((h.normal - normal).length() < 1e-6, "{what}: {}", h.normal);
        assert!(!h.started_inside, "{what}");
    };
    let corner = Aabb::new(v(-10.0, -10.0), v(0.0, 0.0));
    check(sweep.vs_aabb(&corner), "box corner");
    check(
        sweep.vs_aabb(&Aabb::new(v(0.0, 0.0), v(0.0, 0.0))),
        "point box",
    );
    check(
        sweep.vs_segment(&Segment::new(v(0.0, 0.0), v(-10.0, -3.0))),
        "segment end",
    );
    check(
        sweep.vs_segment(&Segment::new(v(0.0, 0.0), v(0.0, 0.0))),
        "zero-length segment",
    );
    // The batched form times it the same.
    let mut out = [0.0f32; 1];
    sweepscope::query::batch::sweep_vs_aabbs(&sweep, &[corner], &mut out);
    assert_eq!(out[0], 1.0);

    // Found at ordinary scale: 5.4e-9 rad off the tangent, a 20-21-29 touch at t = 1.
    let h = Sweep::new(
        v(-908.510_437_011_718_8, -27.897_821_426_391_6),
        v(-917.281_494_140_625, -19.544_433_593_75),
        2.888_671_875,
    )
    .vs_aabb(&Aabb::new(
        v(-915.289_306_640_625, -17.452_636_718_75),
        v(-915.019_531_25, -17.408_935_546_875),
    ))
    .expect("touches the bottom-left corner at t = 1");
    assert_eq!(h.time, 1.0);
    assert!((h.normal - v(-20.0 / 29.0, -21.0 / 29.0)).length() < 1e-6);

    // Ending one f32 step further out is a miss, one step in a hit before t = 1.
    let out_x = f32::from_bits(20.0f32.to_bits() + 1);
    let beyond = Sweep::new(start, v(out_x, 21.0), 29.0);
    assert_eq!(beyond.vs_aabb(&corner), None);
    let in_x = f32::from_bits(20.0f32.to_bits() - 1);
    let inside = Sweep::new(start, v(in_x, 21.0), 29.0);
    assert!(inside.vs_aabb(&corner).is_some_and(|h| h.time < 1.0));
    // Exactly tangent at t = 1 stays a graze: along x = 29 to the point nearest the corner.
    let tangent = Sweep::new(v(29.0, 50.0), v(29.0, 0.0), 29.0);
    assert_eq!(tangent.vs_aabb(&corner), None);
    assert_eq!(
        tangent.vs_segment(&Segment::new(v(0.0, 0.0), v(-10.0, -3.0))),
        None
    );
}

// --- Long motions grazing small corners, and radii below the offsets' rounding ----------

/// Bug: a long motion grazing a small corner or end cap (the start 1e5–1e6 away, a radius
/// of 1e-5–1e-4) got hit and miss wrong within about 3e-7 of the radius of a tangency,
/// and normals near such a graze off by 1e-3. The offset from the start to the corner is
/// a rounded difference there (the start's and the corner's bits span more than 53), and
/// its error, 1e-11, decides the sign of the discriminant. A discriminant within that
/// error of zero is worked out again from the exact offsets. The same geometry as a
/// circle pair is right too. The expected values are the exact reference's.
#[test]
#[allow(clippy::excessive_precision)] // the exact f32 values of the failing cases
fn long_motions_grazing_small_corners_and_end_caps() {
    let near = |a: Vec2, b: Vec2, tol: f32| (a - b).length() < tol;
    // Cuts end A's circle 2.6e-7 of r deep: a hit.
    let sweep = Sweep::new(
        v(-439_890.468_75, 623_304.062_5),
        v(52_150.144_531_25, -73_894.296_875),
        7.380_353_781_627_491e-5,
    );
    let segment = Segment::new(
        v(-1.522_852_653_579_320_8e-5, 7.382_859_621_429_816e-6),
        v(-3.373_109_939_275_309_4e-5, 1.099_653_127_312_194_6e-5),
    );
    let h = sweep.vs_segment(&segment).expect("cuts the end cap");
    assert!((h.time - 0.894_012_52).abs() < 1e-6, "{h:?}");
    assert_eq!(h.feature, Feature::End(End::A));
    assert!(near(h.normal, v(0.816_604, 0.577_199), 1e-5), "{h:?}");
    assert!(near(h.center, v(4.503_97e-5, 4.998_22e-5), 1e-9), "{h:?}");

    // Clears a box corner by 9.1e-8 of r: a miss.
    let sweep = Sweep::new(
        v(119_478.789_062_5, -38_591.902_343_75),
        v(-10_976.889_648_437_5, 3_545.558_593_75),
        3.587_203_536_881_134e-5,
    );
    let aabb = Aabb::new(
        v(-5.313_348_538_038_554e-6, -6.726_920_673_827_408e-6),
        v(4.280_788_743_926_678e-6, 3.599_056_071_834_639e-5),
    );
    assert_eq!(sweep.vs_aabb(&aabb), None);
    let mut out = [0.0f32];
    sweepscope::query::batch::sweep_vs_aabbs(&sweep, &[aabb], &mut out);
    assert_eq!(out[0], f32::INFINITY, "the batched form agrees");

    // Clears a point by 1.4e-7 of r, as a zero-length segment and as a point box.
    let sweep = Sweep::new(
        v(-171_955.593_75, 73_612.296_875),
        v(204_815.109_375, -87_679.093_75),
        3.302_226_468_804_292_4e-5,
    );
    let p = v(7.261_017_799_464_753e-6, -1.101_504_312_828_183_2e-5);
    assert_eq!(sweep.vs_segment(&Segment::new(p, p)), None);
    assert_eq!(sweep.vs_aabb(&Aabb::new(p, p)), None);

    // Cuts the bottom-right corner of a zero-height box 1.4e-7 of r deep: a hit.
    let sweep = Sweep::new(
        v(256_688.015_625, 138_925.453_125),
        v(-236_895.453_125, -204_615.359_375),
        2.262_087_764_393_072_6e-5,
    );
    let aabb = Aabb::new(
        v(-190.025_909_423_828_12, -39_865.160_156_25),
        v(-190.025_894_165_039_06, -39_865.160_156_25),
    );
    let h = sweep.vs_aabb(&aabb).expect("cuts the corner");
    assert!((h.time - 0.520_434_86).abs() < 1e-6, "{h:?}");
    assert!(near(h.normal, v(0.571_696, -0.820_465), 1e-5), "{h:?}");
    assert!(unit(&h), "{h:?}");
    let mut out = [0.0f32];
    sweepscope::query::batch::sweep_vs_aabbs(&sweep, &[aabb], &mut out);
    assert_eq!(out[0], h.time, "the batched form agrees");

    // A grazing hit on a point: the rounded offsets put the normal 1.03e-3 off.
    let sweep = Sweep::new(
        v(1_291_140.25, -773_979.562_5),
        v(-11_839.232_421_875, 7_097.078_613_281_25),
        5.040_604_082_751_088e-5,
    );
    let p = v(-6.395_740_115_294_757e-7, 1.440_693_495_169_398_4e-6);
    let h = sweep
        .vs_segment(&Segment::new(p, p))
        .expect("grazes the point");
    assert!((h.time - 0.990_913_72).abs() < 1e-6, "{h:?}");
    assert!(near(h.normal, v(-0.513_972, -0.857_807), 1e-5), "{h:?}");
    assert!(unit(&h), "{h:?}");
}

/// The graze bound must also cover the cross product's squared rounding, which wins for
/// radii below about 2⁻⁵⁸ of the offset: a path through the origin from 3e5 away passes a
/// point 2.1e-17 off its line, and with
/// r = 4.2e-17 (twice that) it cuts the point's circle half deep, at t = 1/3 (the start
/// is −1/3 of the motion). The rounding noise of the discriminant there is 1e-10, against
/// a first-order bound of 1e-15.
#[test]
#[allow(clippy::excessive_precision)] // the exact f32 values
fn grazes_of_tiny_radii_far_from_the_start_are_settled_exactly() {
    let sweep = Sweep::new(
        v(-110_977.945_312_5, -285_957.531_25),
        v(221_955.890_625, 571_915.062_5),
        4.217_374_728_273_446e-17,
    );
    let p = v(9.776_977_144_548_837e-11, 2.519_240_094_311_925_3e-10);
    let h = sweep
        .vs_segment(&Segment::new(p, p))
        .expect("cuts the point's circle");
    assert!((h.time - 1.0 / 3.0).abs() < 1e-6, "{h:?}");
    assert!(unit(&h), "{h:?}");
}

/// A rotated box settles a corner graze from its own frame's offsets as computed (it has
/// no exact ones): a 3-4-5 path passing the top-left corner of the box at exactly r = 5
/// (at t = 0.2) takes that path and stays a graze, no hit; one f32 step nearer, in every
/// quarter turn of the box, it cuts the corner's circle at t = 0.2.
#[test]
fn rotated_box_corner_tangents_stay_grazes() {
    use sweepscope::Obb;
    for turn in 0..4 {
        let angle = turn as f32 * std::f32::consts::FRAC_PI_2;
        // The box [10, 14] × [1, 5] around its centre (12, 3), half extents (2, 2): a
        // quarter turn of a square is the same square, so the corner stays put.
        let obb = Obb::new(v(12.0, 3.0), v(2.0, 2.0), angle);
        let graze = Sweep::new(v(0.0, 0.0), v(30.0, 40.0), 5.0);
        if turn == 0 {
            assert_eq!(graze.vs_obb(&obb), None, "tangent at the corner: a graze");
        }
        let nearer = Sweep::new(
            v(0.0, 0.0),
            v(30.0, 40.0),
            f32::from_bits(5.0f32.to_bits() + 1),
        );
        let h = nearer
            .vs_obb(&obb)
            .expect("one f32 step nearer cuts the corner");
        assert!((h.time - 0.2).abs() < 1e-3, "turn {turn}: {h:?}");
        assert!(unit(&h), "turn {turn}: {h:?}");
    }
}

/// Bug: with a radius below the rounding of the offsets (`lo − r` rounds to `lo` once r
/// is under an ulp of them), the corner square of the expanded box, and the end caps'
/// share of a segment's slab, vanished: a 3-4-5 path aimed exactly at a corner or an end,
/// r = 1e-16 against offsets of 8, was a side or face hit with that side's normal, 0.9
/// off the true one. The path goes through the corner's circle head on, so the normal is
/// −v̂ = (−0.6, −0.8). Under the 8 symmetries of
/// the square, for boxes, point boxes and segments in both orders; a path through the
/// box's other bottom corner, and the segment's other end, enters across the bottom side
/// first and keeps the side's normal.
#[test]
fn radii_below_the_offsets_rounding_keep_corners_and_end_caps() {
    let near = |a: Vec2, b: Vec2| (a - b).length() < 1e-6;
    for s in 0..8u32 {
        let m = |p: Vec2| {
            let p = if s & 4 != 0 { v(p.y, p.x) } else { p };
            v(
                if s & 1 != 0 { -p.x } else { p.x },
                if s & 2 != 0 { -p.y } else { p.y },
            )
        };
        let aabb = |a: Vec2, b: Vec2| Aabb::new(m(a).min(m(b)), m(a).max(m(b)));
        for r in [1e-16, 1e-30, 1e-40] {
            let at_corner = Sweep::new(m(v(-6.0, -8.0)), m(v(3.0, 4.0)), r);
            let head_on = m(v(-0.6, -0.8));
            let what = format!("symmetry {s}, r = {r}");
            for b in [
                aabb(v(0.0, 0.0), v(1.0, 1.0)),
                aabb(v(0.0, 0.0), v(0.0, 0.0)),
            ] {
                let h = at_corner.vs_aabb(&b).expect("aimed at the corner");
                assert!(matches!(h.feature, Feature::Corner(_)), "{what}: {h:?}");
                assert!(near(h.normal, head_on), "{what}: {h:?}");
                assert!((h.time - 2.0 / 3.0).abs() < 1e-6, "{what}: {h:?}");
                let mut out = [0.0f32];
                sweepscope::query::batch::sweep_vs_aabbs(&at_corner, &[b], &mut out);
                assert_eq!(out[0], h.time, "{what}: the batched form agrees");
            }
            for (a, b, end) in [(0.0, 1.0, End::A), (1.0, 0.0, End::B)] {
                let segment = Segment::new(m(v(a, 0.0)), m(v(b, 0.0)));
                let h = at_corner.vs_segment(&segment).expect("aimed at an end");
                assert_eq!(h.feature, Feature::End(end), "{what}: {h:?}");
                assert!(near(h.normal, head_on), "{what}: {h:?}");
            }
            // Through (1, 0): below the bottom side (or the face) just before, so the
            // side's normal is right.
            let other = Sweep::new(m(v(-5.0, -8.0)), m(v(4.0, 4.0)), r);
            let bottom = m(v(0.0, -1.0));
            let h = other
                .vs_aabb(&aabb(v(0.0, 0.0), v(1.0, 1.0)))
                .expect("hits");
            assert!(matches!(h.feature, Feature::Side(_)), "{what}: {h:?}");
            assert!(near(h.normal, bottom), "{what}: {h:?}");
            let segment = Segment::new(m(v(0.0, 0.0)), m(v(1.0, 0.0)));
            let h = other.vs_segment(&segment).expect("hits");
            assert!(matches!(h.feature, Feature::Face { .. }), "{what}: {h:?}");
            assert!(near(h.normal, bottom), "{what}: {h:?}");
        }
    }
    // The same in a rotated box's own frame (no turn, so the frame is exact).
    let obb = sweepscope::Obb::new(v(0.5, 0.5), v(0.5, 0.5), 0.0);
    let h = Sweep::new(v(-6.0, -8.0), v(3.0, 4.0), 1e-16)
        .vs_obb(&obb)
        .expect("aimed at the corner");
    assert!(near(h.normal, v(-0.6, -0.8)), "{h:?}");
}

/// Two traps for the exact entry test of tiny radii: taking the entry plane from the
/// rounded verdict (two slab times equal within rounding go to x), and working on offsets
/// from the start, which round when the inputs span more than 53 bits.
/// - Slab times tied within rounding: the path truly enters the bottom side 1.13·r right
///   of the corner, but tested on the x plane it sat 2.9·r below the corner and missed
///   the corner's circle (r = 2.9e-17), or hit it with a normal outside the corner's
///   normal cone (r = 4.7e-17).
/// - A 3-4-5 aim at a corner from a start 2e-6 off the origin, against a box 6e4 away:
///   the rounded offsets moved the corner 2·r off the path, and the side's normal came
///   back.
#[test]
#[allow(clippy::excessive_precision)] // the exact f32 values
fn tiny_radii_take_neither_the_rounded_entry_plane_nor_rounded_offsets() {
    let near = |a: Vec2, b: Vec2| (a - b).length() < 1e-6;
    let aabb = Aabb::new(
        v(5.074_913_024_902_344, 4.504_854_202_270_508),
        v(6.074_913_024_902_344, 5.504_854_202_270_508),
    );
    for r in [2.917_410_764_809_61e-17, 4.667_856_958_997_58e-17] {
        let sweep = Sweep::new(
            v(0.000_629_140_529_781_58, -0.001_791_271_381_080_150_6),
            v(7.611_645_698_547_363, 6.757_813_453_674_316),
            r,
        );
        let h = sweep.vs_aabb(&aabb).expect("enters the bottom side");
        assert_eq!(h.feature, Feature::Side(Side::Bottom), "r = {r}: {h:?}");
        assert!(near(h.normal, v(0.0, -1.0)), "r = {r}: {h:?}");
        assert!((h.time - 0.666_7).abs() < 1e-3, "r = {r}: {h:?}");
        let mut out = [0.0f32];
        sweepscope::query::batch::sweep_vs_aabbs(&sweep, &[aabb], &mut out);
        assert_eq!(out[0], h.time, "r = {r}: the batched form agrees");
    }
    let sweep = Sweep::new(
        v(1.471_062_887_503_649_1e-6, 1.961_417_183_338_199e-6),
        v(73_728.0, 98_304.0),
        7.275_957_722_603_643e-13,
    );
    let aabb = Aabb::new(v(36_864.0, 49_152.0), v(49_152.0, 61_440.0));
    let h = sweep.vs_aabb(&aabb).expect("aimed at the corner");
    assert!(matches!(h.feature, Feature::Corner(_)), "{h:?}");
    assert!(near(h.normal, v(-0.6, -0.8)), "{h:?}");
    assert!((h.time - 0.5).abs() < 1e-6, "{h:?}");
}

/// Bug: a point (r = 0) crossing a segment exactly at an end was named that end's cap,
/// while the rule (and any radius, however small) names the face: the centre projects
/// onto the end, not beyond it.
#[test]
fn a_point_crossing_a_segment_exactly_at_an_end_reports_the_face() {
    let seg = Segment::new(v(0.0, -3.0), v(0.0, 3.0));
    for (start, end) in [(v(-5.0, 3.0), v(5.0, 3.0)), (v(5.0, -3.0), v(-5.0, -3.0))] {
        for r in [0.0, 1e-45, 1.0] {
            let h = Sweep::new(start, end, r)
                .vs_segment(&seg)
                .expect("crosses the segment");
            let left = start.x < 0.0;
            assert_eq!(h.feature, Feature::Face { left }, "{start} r {r}");
            assert_eq!(h.time, 0.5 - r / 10.0, "{start} r {r}");
            assert!(unit(&h));
        }
    }
}
