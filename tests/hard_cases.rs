//! Every hard case by name, with expected values computed by hand (in the comments).
//!
//! The unit box is `[-1, 1]²` and the radius 0.5 unless a test says otherwise; the numbers
//! are chosen to be exact in f32 where the test asserts exact geometry.

mod common;

use std::f32::consts::{FRAC_1_SQRT_2, FRAC_PI_4};

use sweepscope::{Aabb, Corner, End, Feature, Hit, Obb, Region, Segment, Side, Sweep, Vec2};

const EPS: f32 = 1e-5;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn unit_box() -> Aabb {
    Aabb::new(v(-1.0, -1.0), v(1.0, 1.0))
}

fn sweep(sx: f32, sy: f32, ex: f32, ey: f32, r: f32) -> Sweep {
    Sweep::new(v(sx, sy), v(ex, ey), r)
}

fn near(a: Vec2, b: Vec2, tol: f32) -> bool {
    (a - b).length() <= tol
}

/// What a test expects of a hit; `None` fields are not checked.
struct Expect {
    time: f32,
    center: Vec2,
    normal: Vec2,
    feature: Option<Feature>,
    region: Option<Option<Region>>,
    started_inside: bool,
}

fn check(hit: Option<Hit>, e: Expect, r: f32) -> Hit {
    let h = hit.unwrap_or_else(|| panic!("expected a hit at t = {}", e.time));
    assert!(
        (h.time - e.time).abs() <= EPS,
        "time {} vs {}",
        h.time,
        e.time
    );
    assert!(
        near(h.center, e.center, EPS * 10.0),
        "center {:?} vs {:?}",
        h.center,
        e.center
    );
    assert!(
        near(h.normal, e.normal, EPS),
        "normal {:?} vs {:?}",
        h.normal,
        e.normal
    );
    assert_eq!(h.started_inside, e.started_inside, "started_inside");
    if !e.started_inside {
        let p = e.center - e.normal * r;
        assert!(
            near(h.point, p, EPS * 10.0),
            "point {:?} vs {:?}",
            h.point,
            p
        );
    }
    if let Some(f) = e.feature {
        assert_eq!(h.feature, f, "feature");
    }
    if let Some(reg) = e.region {
        assert_eq!(h.region, reg, "region");
    }
    h
}

fn region(name: &str) -> Option<Option<Region>> {
    Some(Region::from_name(name))
}

#[test]
fn grazing_along_a_side_at_exactly_r_is_no_hit() {
    let b = unit_box();
    // Centre path y = 1.5: exactly r above the top face the whole way across.
    assert_eq!(sweep(-3.0, 1.5, 3.0, 1.5, 0.5).vs_aabb(&b), None);
    // Same along the right side, moving down, and along the bottom moving left.
    assert_eq!(sweep(1.5, 3.0, 1.5, -3.0, 0.5).vs_aabb(&b), None);
    assert_eq!(sweep(3.0, -1.5, -3.0, -1.5, 0.5).vs_aabb(&b), None);
}

#[test]
fn aimed_exactly_at_a_corner_hits_the_corner_diagonally() {
    // From (3s, 3s) toward the origin, s = ±1: contact when the centre is r/√2 beyond the
    // corner on each axis, c = s(1 + r/√2), so t = (3 − 1 − r/√2) / 3.
    let r = 0.5;
    let k = r * FRAC_1_SQRT_2;
    let t = (2.0 - k) / 3.0;
    for (sx, sy, corner, name) in [
        (1.0, 1.0, Corner::TopRight, "tr"),
        (-1.0, 1.0, Corner::TopLeft, "tl"),
        (-1.0, -1.0, Corner::BottomLeft, "bl"),
        (1.0, -1.0, Corner::BottomRight, "br"),
    ] {
        let s = sweep(3.0 * sx, 3.0 * sy, 0.0, 0.0, r);
        let h = check(
            s.vs_aabb(&unit_box()),
            Expect {
                time: t,
                center: v(sx * (1.0 + k), sy * (1.0 + k)),
                normal: v(sx * FRAC_1_SQRT_2, sy * FRAC_1_SQRT_2),
                feature: Some(Feature::Corner(corner)),
                region: region(name),
                started_inside: false,
            },
            r,
        );
        let fnl = h.face_normal;
        assert!(
            fnl == v(sx, 0.0) || fnl == v(0.0, sy),
            "face_normal {fnl:?}"
        );
    }
}

#[test]
fn through_the_corner_square_but_outside_the_corner_circle_misses() {
    // The line x + y = 2.9 crosses the expanded box's corner square [1, 1.5]² (e.g. at
    // (1.45, 1.45)) but passes |1 + 1 − 2.9| / √2 ≈ 0.636 > 0.5 from the corner (1, 1); away
    // from the corner it stays ≥ 0.9 from the faces.
    assert_eq!(sweep(0.4, 2.5, 2.5, 0.4, 0.5).vs_aabb(&unit_box()), None);
    assert_eq!(sweep(2.5, 0.4, 0.4, 2.5, 0.5).vs_aabb(&unit_box()), None);
}

#[test]
fn zero_length_motion_outside_is_none() {
    assert_eq!(
        Sweep::stationary(v(3.0, 0.0), 0.5).vs_aabb(&unit_box()),
        None
    );
}

#[test]
fn zero_length_motion_inside_is_started_inside() {
    // Centre (0.2, 0): nearest face is the right one (depth 0.8 < 1.0 < 1.2).
    check(
        Sweep::stationary(v(0.2, 0.0), 0.5).vs_aabb(&unit_box()),
        Expect {
            time: 0.0,
            center: v(0.2, 0.0),
            normal: v(1.0, 0.0),
            feature: Some(Feature::Side(Side::Right)),
            region: region("inside"),
            started_inside: true,
        },
        0.5,
    );
}

#[test]
fn zero_length_motion_touching_is_none() {
    // Distance exactly r, and no motion: never below r.
    assert_eq!(
        Sweep::stationary(v(1.5, 0.0), 0.5).vs_aabb(&unit_box()),
        None
    );
    assert_eq!(
        Sweep::stationary(v(0.0, -1.5), 0.5).vs_aabb(&unit_box()),
        None
    );
}

#[test]
fn touching_exactly_at_t1_is_a_hit_at_time_1() {
    // Ends at x = -1.5: exactly r from the left face, still approaching.
    check(
        sweep(-3.0, 0.0, -1.5, 0.0, 0.5).vs_aabb(&unit_box()),
        Expect {
            time: 1.0,
            center: v(-1.5, 0.0),
            normal: v(-1.0, 0.0),
            feature: Some(Feature::Side(Side::Left)),
            region: region("l"),
            started_inside: false,
        },
        0.5,
    );
}

#[test]
fn touching_at_t0_moving_in_is_a_hit_at_time_0() {
    // Starts exactly r from the left face and moves into it: first contact is t = 0.
    check(
        sweep(-1.5, 0.0, 0.0, 0.0, 0.5).vs_aabb(&unit_box()),
        Expect {
            time: 0.0,
            center: v(-1.5, 0.0),
            normal: v(-1.0, 0.0),
            feature: Some(Feature::Side(Side::Left)),
            region: region("l"),
            started_inside: false,
        },
        0.5,
    );
}

#[test]
fn radius_larger_than_the_box() {
    let tiny = Aabb::new(v(-0.1, -0.1), v(0.1, 0.1));
    // Face: contact at x = -0.1 − 2 = -2.1, t = (5 − 2.1) / 10 = 0.29.
    check(
        sweep(-5.0, 0.0, 5.0, 0.0, 2.0).vs_aabb(&tiny),
        Expect {
            time: 0.29,
            center: v(-2.1, 0.0),
            normal: v(-1.0, 0.0),
            feature: Some(Feature::Side(Side::Left)),
            region: region("l"),
            started_inside: false,
        },
        2.0,
    );
    // Corner (-0.1, 0.1) from the path y = 1.1: (x + 0.1)² + 1 = 4 → x = -0.1 − √3.
    let x = -0.1 - 3f32.sqrt();
    check(
        sweep(-5.0, 1.1, 5.0, 1.1, 2.0).vs_aabb(&tiny),
        Expect {
            time: (x + 5.0) / 10.0,
            center: v(x, 1.1),
            normal: v(-(3f32.sqrt()) / 2.0, 0.5),
            feature: Some(Feature::Corner(Corner::TopLeft)),
            region: region("tl"),
            started_inside: false,
        },
        2.0,
    );
}

#[test]
fn zero_width_box_is_a_wall() {
    let wall = Aabb::new(v(0.0, -1.0), v(0.0, 1.0));
    // Face: contact at x = -0.5, t = 2.5 / 6.
    check(
        sweep(-3.0, 0.5, 3.0, 0.5, 0.5).vs_aabb(&wall),
        Expect {
            time: 2.5 / 6.0,
            center: v(-0.5, 0.5),
            normal: v(-1.0, 0.0),
            feature: Some(Feature::Side(Side::Left)),
            region: region("l"),
            started_inside: false,
        },
        0.5,
    );
    // Its top end, straight down: contact at y = 1.5, t = 1.5 / 6.
    check(
        sweep(0.0, 3.0, 0.0, -3.0, 0.5).vs_aabb(&wall),
        Expect {
            time: 0.25,
            center: v(0.0, 1.5),
            normal: v(0.0, 1.0),
            feature: Some(Feature::Side(Side::Top)),
            region: region("t"),
            started_inside: false,
        },
        0.5,
    );
}

#[test]
fn zero_length_segment_acts_as_a_circle_of_radius_r() {
    let point = Segment::new(v(1.0, 1.0), v(1.0, 1.0));
    // Path y = 1.3: (x − 1)² + 0.3² = 0.5² → x = 0.6, t = 3.6 / 8 = 0.45, n = (-0.8, 0.6).
    let s = sweep(-3.0, 1.3, 5.0, 1.3, 0.5);
    let h = check(
        s.vs_segment(&point),
        Expect {
            time: 0.45,
            center: v(0.6, 1.3),
            normal: v(-0.8, 0.6),
            feature: None,
            region: Some(None),
            started_inside: false,
        },
        0.5,
    );
    assert!(
        matches!(h.feature, Feature::End(_)),
        "feature {:?}",
        h.feature
    );
    let as_circle = s
        .vs_circle(&Sweep::stationary(v(1.0, 1.0), 0.0))
        .expect("circle hit");
    assert!((as_circle.time - h.time).abs() <= EPS);
    assert!(near(as_circle.normal, h.normal, EPS));
}

#[test]
fn coordinates_around_1e6() {
    // Box [1e6, 1e6 + 2]²; the centre moves along y = 1e6 + 1 from x = 1e6 − 10 to 1e6, r = 0.5.
    // Contact at x = 1e6 − 0.5 (exact in f32, whose spacing here is 1/16): t = 9.5 / 10.
    let b = Aabb::new(v(1.0e6, 1.0e6), v(1.0e6 + 2.0, 1.0e6 + 2.0));
    let h = sweep(1.0e6 - 10.0, 1.0e6 + 1.0, 1.0e6, 1.0e6 + 1.0, 0.5)
        .vs_aabb(&b)
        .expect("hit");
    assert!((h.time - 0.95).abs() <= 1e-3, "time {}", h.time);
    assert!(
        near(h.center, v(1.0e6 - 0.5, 1.0e6 + 1.0), 1e-2 + 1.0),
        "{:?}",
        h.center
    );
    assert!(near(h.normal, v(-1.0, 0.0), 1e-3), "{:?}", h.normal);
    assert_eq!(h.feature, Feature::Side(Side::Left));
    assert_eq!(h.region, Region::from_name("l"));
    // A miss just as far out: the path y = 1e6 + 3 passes 1 unit above the top face.
    assert_eq!(
        sweep(1.0e6 - 10.0, 1.0e6 + 3.0, 1.0e6 + 10.0, 1.0e6 + 3.0, 0.5).vs_aabb(&b),
        None
    );
}

#[test]
fn motion_parallel_to_an_axis_inside_the_slab() {
    // dx = 0 with x inside the slab: hits the top at y = 1.5, t = 1.5 / 6.
    check(
        sweep(0.5, 3.0, 0.5, -3.0, 0.5).vs_aabb(&unit_box()),
        Expect {
            time: 0.25,
            center: v(0.5, 1.5),
            normal: v(0.0, 1.0),
            feature: Some(Feature::Side(Side::Top)),
            region: region("t"),
            started_inside: false,
        },
        0.5,
    );
    // dy = 0 likewise: hits the left face at x = -1.5.
    check(
        sweep(-3.0, -0.5, 3.0, -0.5, 0.5).vs_aabb(&unit_box()),
        Expect {
            time: 0.25,
            center: v(-1.5, -0.5),
            normal: v(-1.0, 0.0),
            feature: Some(Feature::Side(Side::Left)),
            region: region("l"),
            started_inside: false,
        },
        0.5,
    );
}

#[test]
fn motion_parallel_to_an_axis_outside_the_slab() {
    assert_eq!(sweep(2.0, 3.0, 2.0, -3.0, 0.5).vs_aabb(&unit_box()), None);
    assert_eq!(sweep(-3.0, -2.0, 3.0, -2.0, 0.5).vs_aabb(&unit_box()), None);
}

#[test]
fn motion_parallel_to_an_axis_exactly_on_the_expanded_plane() {
    // x = 1.5 is exactly r from the right face: a graze, with dx = 0 (no 0 × ∞ NaN).
    assert_eq!(sweep(1.5, 3.0, 1.5, -3.0, 0.5).vs_aabb(&unit_box()), None);
    assert_eq!(sweep(-1.5, -3.0, -1.5, 3.0, 0.5).vs_aabb(&unit_box()), None);
    assert_eq!(sweep(-3.0, -1.5, 3.0, -1.5, 0.5).vs_aabb(&unit_box()), None);
}

#[test]
fn non_finite_inputs_give_none() {
    let good_sweep = sweep(-3.0, 0.0, 3.0, 0.0, 0.5);
    let bad_values = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY];
    let obb = Obb::new(v(0.0, 0.0), v(1.0, 1.0), 0.3);
    let seg = Segment::new(v(0.0, -1.0), v(0.0, 1.0));
    let other = Sweep::stationary(v(0.0, 0.0), 1.0);
    // Every field of the sweep.
    for bad in bad_values {
        for field in 0..5 {
            let mut s = good_sweep;
            match field {
                0 => s.start.x = bad,
                1 => s.start.y = bad,
                2 => s.end.x = bad,
                3 => s.end.y = bad,
                _ => s.radius = bad,
            }
            assert_eq!(s.vs_aabb(&unit_box()), None, "sweep field {field} = {bad}");
            assert_eq!(s.vs_obb(&obb), None, "sweep field {field} = {bad}");
            assert_eq!(s.vs_segment(&seg), None, "sweep field {field} = {bad}");
            assert_eq!(s.vs_circle(&other), None, "sweep field {field} = {bad}");
            assert_eq!(
                other.vs_circle(&s),
                None,
                "other circle field {field} = {bad}"
            );
        }
        // Every field of each obstacle.
        for field in 0..4 {
            let mut b = unit_box();
            let mut sg = seg;
            match field {
                0 => (b.min.x, sg.a.x) = (bad, bad),
                1 => (b.min.y, sg.a.y) = (bad, bad),
                2 => (b.max.x, sg.b.x) = (bad, bad),
                _ => (b.max.y, sg.b.y) = (bad, bad),
            }
            assert_eq!(good_sweep.vs_aabb(&b), None, "box field {field} = {bad}");
            assert_eq!(
                good_sweep.vs_segment(&sg),
                None,
                "segment field {field} = {bad}"
            );
        }
        for field in 0..5 {
            let mut o = obb;
            match field {
                0 => o.center.x = bad,
                1 => o.center.y = bad,
                2 => o.half_extents.x = bad,
                3 => o.half_extents.y = bad,
                _ => o.angle = bad,
            }
            assert_eq!(good_sweep.vs_obb(&o), None, "obb field {field} = {bad}");
        }
    }
}

#[test]
fn negative_radius_gives_none() {
    let s = sweep(-3.0, 0.0, 3.0, 0.0, -0.5);
    assert_eq!(s.vs_aabb(&unit_box()), None);
    assert_eq!(s.vs_obb(&Obb::new(v(0.0, 0.0), v(1.0, 1.0), 0.3)), None);
    assert_eq!(s.vs_segment(&Segment::new(v(0.0, -1.0), v(0.0, 1.0))), None);
    assert_eq!(s.vs_circle(&Sweep::stationary(v(0.0, 0.0), 1.0)), None);
    // A negative radius on the other circle too.
    let good = sweep(-3.0, 0.0, 3.0, 0.0, 0.5);
    assert_eq!(good.vs_circle(&Sweep::stationary(v(0.0, 0.0), -1.0)), None);
}

#[test]
fn start_inside_a_box_pushes_out_through_the_nearest_face() {
    // Centre (0.7, 0.2): depths right 0.3, top 0.8, bottom 1.2, left 1.7 → right face.
    check(
        sweep(0.7, 0.2, 0.7, 5.0, 0.5).vs_aabb(&unit_box()),
        Expect {
            time: 0.0,
            center: v(0.7, 0.2),
            normal: v(1.0, 0.0),
            feature: Some(Feature::Side(Side::Right)),
            region: region("inside"),
            started_inside: true,
        },
        0.5,
    );
    // Centre (-0.1, -0.9): bottom face (depth 0.1).
    check(
        sweep(-0.1, -0.9, 3.0, 3.0, 0.5).vs_aabb(&unit_box()),
        Expect {
            time: 0.0,
            center: v(-0.1, -0.9),
            normal: v(0.0, -1.0),
            feature: Some(Feature::Side(Side::Bottom)),
            region: region("inside"),
            started_inside: true,
        },
        0.5,
    );
    // Centre outside the box but within r (overlapping): out along centre − closest point.
    check(
        sweep(1.25, 0.0, 0.0, 0.0, 0.5).vs_aabb(&unit_box()),
        Expect {
            time: 0.0,
            center: v(1.25, 0.0),
            normal: v(1.0, 0.0),
            feature: Some(Feature::Side(Side::Right)),
            region: region("r"),
            started_inside: true,
        },
        0.5,
    );
}

#[test]
fn start_inside_and_moving_away_is_still_a_hit_at_0() {
    check(
        sweep(0.7, 0.2, 5.0, 0.2, 0.5).vs_aabb(&unit_box()),
        Expect {
            time: 0.0,
            center: v(0.7, 0.2),
            normal: v(1.0, 0.0),
            feature: Some(Feature::Side(Side::Right)),
            region: region("inside"),
            started_inside: true,
        },
        0.5,
    );
    // Overlapping a corner and moving away from it.
    let h = sweep(1.25, 1.25, 3.0, 3.0, 0.5)
        .vs_aabb(&unit_box())
        .expect("hit");
    assert!(h.started_inside && h.time == 0.0);
    assert!(
        near(h.normal, v(FRAC_1_SQRT_2, FRAC_1_SQRT_2), EPS),
        "{:?}",
        h.normal
    );
}

#[test]
fn touching_at_t0_moving_away_is_none() {
    assert_eq!(sweep(1.5, 0.0, 3.0, 0.0, 0.5).vs_aabb(&unit_box()), None);
    // Touching and moving parallel to the face is a graze.
    assert_eq!(sweep(1.5, 0.0, 1.5, 0.5, 0.5).vs_aabb(&unit_box()), None);
    // Touching a segment face and leaving it.
    let seg = Segment::new(v(-1.0, 0.0), v(1.0, 0.0));
    assert_eq!(sweep(0.0, 0.5, 0.0, 2.0, 0.5).vs_segment(&seg), None);
    // Touching a circle and leaving it.
    let c = Sweep::stationary(v(0.0, 0.0), 1.0);
    assert_eq!(sweep(1.5, 0.0, 3.0, 0.0, 0.5).vs_circle(&c), None);
}

#[test]
fn two_circles_head_on() {
    // Separation 10 − 20t reaches 2 at t = 0.4: A at (-1, 0), B at (1, 0), touching at 0.
    let a = sweep(-5.0, 0.0, 5.0, 0.0, 1.0);
    let b = sweep(5.0, 0.0, -5.0, 0.0, 1.0);
    check(
        a.vs_circle(&b),
        Expect {
            time: 0.4,
            center: v(-1.0, 0.0),
            normal: v(-1.0, 0.0),
            feature: Some(Feature::Circle),
            region: Some(None),
            started_inside: false,
        },
        1.0,
    );
    // And from B's side, mirrored.
    check(
        b.vs_circle(&a),
        Expect {
            time: 0.4,
            center: v(1.0, 0.0),
            normal: v(1.0, 0.0),
            feature: Some(Feature::Circle),
            region: Some(None),
            started_inside: false,
        },
        1.0,
    );
}

#[test]
fn one_circle_chasing_another_never_meets() {
    // Same velocity: the gap stays 3 − 2 = 1.
    let a = sweep(0.0, 0.0, 5.0, 0.0, 1.0);
    let b = sweep(3.0, 0.0, 8.0, 0.0, 1.0);
    assert_eq!(a.vs_circle(&b), None);
    // Slower chaser: the gap only grows.
    assert_eq!(sweep(0.0, 0.0, 4.0, 0.0, 1.0).vs_circle(&b), None);
    // Faster chaser closes the gap of 1 at relative speed 2: t = 0.5.
    let h = sweep(0.0, 0.0, 7.0, 0.0, 1.0).vs_circle(&b).expect("hit");
    assert!((h.time - 0.5).abs() <= EPS, "{}", h.time);
}

#[test]
fn both_circles_static_and_overlapping() {
    let a = Sweep::stationary(v(0.0, 0.0), 1.0);
    let b = Sweep::stationary(v(1.5, 0.0), 1.0);
    check(
        a.vs_circle(&b),
        Expect {
            time: 0.0,
            center: v(0.0, 0.0),
            normal: v(-1.0, 0.0),
            feature: Some(Feature::Circle),
            region: Some(None),
            started_inside: true,
        },
        1.0,
    );
    // Static and apart: nothing.
    assert_eq!(a.vs_circle(&Sweep::stationary(v(3.0, 0.0), 1.0)), None);
}

#[test]
fn segment_end_cap_hit() {
    // Along the segment's own line into end A at the origin: contact x = -0.5, t = 2.5 / 4.
    let seg = Segment::new(v(0.0, 0.0), v(2.0, 0.0));
    check(
        sweep(-3.0, 0.0, 1.0, 0.0, 0.5).vs_segment(&seg),
        Expect {
            time: 0.625,
            center: v(-0.5, 0.0),
            normal: v(-1.0, 0.0),
            feature: Some(Feature::End(End::A)),
            region: Some(None),
            started_inside: false,
        },
        0.5,
    );
    // Into end B from beyond it, off the line: (x − 2)² + 0.3² = 0.25 → x = 2.4, t = 0.6 / 3.
    check(
        sweep(3.0, 0.3, 0.0, 0.3, 0.5).vs_segment(&seg),
        Expect {
            time: 0.2,
            center: v(2.4, 0.3),
            normal: v(0.8, 0.6),
            feature: Some(Feature::End(End::B)),
            region: Some(None),
            started_inside: false,
        },
        0.5,
    );
}

#[test]
fn hit_from_the_back_side_of_a_segment() {
    // a → b points +x, so its left is +y; coming from below meets the right (back) face.
    let seg = Segment::new(v(-2.0, 0.0), v(2.0, 0.0));
    let h = check(
        sweep(0.0, -3.0, 0.0, 3.0, 0.5).vs_segment(&seg),
        Expect {
            time: 2.5 / 6.0,
            center: v(0.0, -0.5),
            normal: v(0.0, -1.0),
            feature: Some(Feature::Face { left: false }),
            region: Some(None),
            started_inside: false,
        },
        0.5,
    );
    assert!(near(h.face_normal, v(0.0, -1.0), EPS));
    // And from above, the front (left) face.
    check(
        sweep(0.0, 3.0, 0.0, -3.0, 0.5).vs_segment(&seg),
        Expect {
            time: 2.5 / 6.0,
            center: v(0.0, 0.5),
            normal: v(0.0, 1.0),
            feature: Some(Feature::Face { left: true }),
            region: Some(None),
            started_inside: false,
        },
        0.5,
    );
}

#[test]
fn end_cap_face_normal_is_the_face_the_centre_is_mostly_over() {
    // a → b points +x (left is +y). Head-on into an end, the face is that end's outward
    // direction along the segment; dropping onto an end from above, it is the left face.
    let seg = Segment::new(v(-2.0, 0.0), v(2.0, 0.0));
    for (s, e, end, face) in [
        (v(6.0, 0.1), v(0.0, 0.1), End::B, v(1.0, 0.0)),
        (v(-6.0, -0.1), v(0.0, -0.1), End::A, v(-1.0, 0.0)),
        (v(2.3, 3.0), v(2.3, -3.0), End::B, v(0.0, 1.0)),
        (v(-2.3, -3.0), v(-2.3, 3.0), End::A, v(0.0, -1.0)),
    ] {
        let h = Sweep::new(s, e, 0.5)
            .vs_segment(&seg)
            .expect("hits the end cap");
        assert_eq!(h.feature, Feature::End(end), "{s} → {e}");
        assert_eq!(h.face_normal, face, "{s} → {e}");
        assert!(h.normal.dot(face) > 0.5, "{s} → {e}: normal {}", h.normal);
    }
}

#[test]
fn obb_at_45_degrees_corner_hit() {
    // The unit box turned 45°: its local top-right corner (1, 1) is the world vertex (0, √2).
    // Falling straight down on it: contact at y = √2 + r, t = (5 − √2 − 0.5) / 10.
    let obb = Obb::new(v(0.0, 0.0), v(1.0, 1.0), FRAC_PI_4);
    let y = 2f32.sqrt() + 0.5;
    let h = check(
        sweep(0.0, 5.0, 0.0, -5.0, 0.5).vs_obb(&obb),
        Expect {
            time: (5.0 - y) / 10.0,
            center: v(0.0, y),
            normal: v(0.0, 1.0),
            feature: Some(Feature::Corner(Corner::TopRight)),
            region: region("tr"),
            started_inside: false,
        },
        0.5,
    );
    // The face normal is one of the two faces meeting there: world (±√½, √½).
    let f = h.face_normal;
    assert!(
        near(f, v(FRAC_1_SQRT_2, FRAC_1_SQRT_2), 1e-5)
            || near(f, v(-FRAC_1_SQRT_2, FRAC_1_SQRT_2), 1e-5),
        "face_normal {f:?}"
    );
}

#[test]
fn rotated_box_with_angle_0_equals_the_aabb_answer() {
    // Dyadic coordinates so the OBB built from the AABB is exactly the same box.
    let mut rng = common::Rng::new(7);
    let mut hits = 0;
    for _ in 0..500 {
        let mut q = |lo: f64, hi: f64| ((rng.range(lo, hi) * 16.0).round() / 16.0) as f32;
        let (cx, cy, hx, hy) = (q(-4.0, 4.0), q(-4.0, 4.0), q(0.0, 2.0), q(0.0, 2.0));
        let s = Sweep::new(
            v(q(-8.0, 8.0), q(-8.0, 8.0)),
            v(q(-8.0, 8.0), q(-8.0, 8.0)),
            q(0.0625, 2.0),
        );
        let aabb = Aabb::new(v(cx - hx, cy - hy), v(cx + hx, cy + hy));
        let obb = Obb::new(v(cx, cy), v(hx, hy), 0.0);
        let (a, o) = (s.vs_aabb(&aabb), s.vs_obb(&obb));
        let reference = common::reference::solve(&s, &sweepscope::Obstacle::Aabb(aabb));
        if reference.min_gap.abs() < 1e-6 {
            continue; // exact tangency: either answer is allowed for each
        }
        match (a, o) {
            (None, None) => {}
            (Some(a), Some(o)) => {
                hits += 1;
                assert!(
                    (a.time - o.time).abs() <= EPS,
                    "{s:?} {aabb:?}: {a:?} vs {o:?}"
                );
                assert!(near(a.normal, o.normal, EPS) && near(a.center, o.center, 1e-4));
                assert_eq!(
                    (a.feature, a.region, a.started_inside),
                    (o.feature, o.region, o.started_inside)
                );
            }
            (a, o) => panic!("{s:?} vs {aabb:?}: aabb {a:?}, obb {o:?}"),
        }
    }
    assert!(hits > 50, "too few hits compared: {hits}");
}

/// The queries test their inputs only after ruling out a far miss (and circles only for an
/// answer that is not `None`), so invalid input passes through the verdicts first. Whatever
/// those make of it, the answer must be `None`: every query kind, at both of the
/// generator's scales, with one field made NaN or infinite, or a radius or width negative,
/// or a box inverted on either axis.
#[test]
fn invalid_input_gives_none_whatever_the_verdicts_make_of_it() {
    use common::{Kind, Rng, Scale, random};
    use sweepscope::Obstacle;
    let mut rng = Rng::new(0x1bad);
    let mut would_hit = 0;
    let n = 80_000;
    for i in 0..n {
        let kind = [Kind::Aabb, Kind::Obb, Kind::Segment, Kind::Circle][i % 4];
        let scale = [Scale::Varied, Scale::Large][(i / 4) % 2];
        let mut case = random::case(&mut rng, kind, scale);
        would_hit += usize::from(common::core(&case.sweep, &case.obstacle).is_some());
        let bad = [
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            -f32::MIN_POSITIVE,
            -0.5,
        ][rng.below(5)];
        // A negative value is invalid as a radius or a width; elsewhere it inverts a box or
        // is swapped for NaN.
        let nonfinite = if bad.is_finite() { f32::NAN } else { bad };
        let field = rng.below(8);
        let s = &mut case.sweep;
        match (field, &mut case.obstacle) {
            (0, _) => s.radius = bad,
            (1, _) => s.start.x = nonfinite,
            (2, _) => s.start.y = nonfinite,
            (3, _) => s.end.x = nonfinite,
            (4, _) => s.end.y = nonfinite,
            (5, Obstacle::Aabb(b)) if bad.is_finite() => {
                (b.min.x, b.max.x) = (b.max.x + bad.abs().max(0.5), b.min.x)
            }
            (_, Obstacle::Aabb(b)) if bad.is_finite() => {
                (b.min.y, b.max.y) = (b.max.y + bad.abs().max(0.5), b.min.y)
            }
            (5, Obstacle::Aabb(b)) => b.min.y = bad,
            (_, Obstacle::Aabb(b)) => b.max.x = bad,
            (5, Obstacle::Obb(o)) => o.half_extents.x = bad,
            (6, Obstacle::Obb(o)) => o.angle = nonfinite,
            (_, Obstacle::Obb(o)) => o.center.y = nonfinite,
            (5, Obstacle::Segment(g)) => g.a.x = nonfinite,
            (_, Obstacle::Segment(g)) => g.b.y = nonfinite,
            (5, Obstacle::Circle(o)) => o.radius = bad,
            (6, Obstacle::Circle(o)) => o.start.y = nonfinite,
            (_, Obstacle::Circle(o)) => o.end.x = nonfinite,
        }
        let answer = common::core(&case.sweep, &case.obstacle);
        assert_eq!(answer, None, "case {i}: {case:?}");
    }
    // The valid cases are a real mix, so the corrupted ones reach every verdict.
    assert!(
        (n / 4..3 * n / 4).contains(&would_hit),
        "{would_hit} hits of {n}"
    );
}

/// A box inverted by less than the rounding of its offsets from a far start: `hi − lo` of
/// the offsets rounds its negative width to 0, so a check on the offsets would pass it and
/// the path through it would come back a side hit. `Aabb::is_valid` is false for it, and
/// the query must say `None`.
#[test]
fn an_inverted_box_far_from_the_start_is_invalid_input() {
    let aabb = Aabb::new(v(1e-8, -1.0), v(0.0, 1.0));
    assert!(!aabb.is_valid());
    for (sx, ex) in [(1e9, -1.0), (-1e9, 1.0), (3e7, -5.0)] {
        let s = sweep(sx, 0.0, ex, 0.0, 0.5);
        assert_eq!(s.vs_aabb(&aabb), None, "start x {sx}");
        let flipped = Aabb::new(v(-1.0, 1e-8), v(1.0, 0.0));
        assert_eq!(sweep(0.0, sx, 0.0, ex, 0.5).vs_aabb(&flipped), None);
    }
}

/// Outside review: a point beyond f32's range is held at ±f32::MAX in a single query's
/// `Hit` too (documented in exactness.md): a ball inside a circle of radius f32::MAX,
/// centres together, is pushed out upward to the exact point (0, 2·MAX).
#[test]
fn a_push_out_point_beyond_f32_is_held_at_f32_max() {
    let at = v(0.0, f32::MAX);
    let ball = Sweep::new(at, at, 1.0);
    let huge = Sweep::new(at, at, f32::MAX);
    let h = ball.vs_circle(&huge).expect("overlapping at t = 0");
    assert!(h.started_inside && h.time == 0.0, "{h:?}");
    assert_eq!(h.normal, v(0.0, 1.0));
    assert_eq!(h.point, v(0.0, f32::MAX));
    assert!(h.center.is_finite() && h.point.is_finite());
}

/// Outside review: a box of zero width or size takes the box's tie rule for a centre on
/// it at the start (the side the motion heads to most), where a segment on the same points
/// leaves on the side the motion comes from (documented in exactness.md and on `Aabb`).
#[test]
fn a_zero_width_box_pushes_out_by_the_box_rule_and_a_segment_by_its_own() {
    let point_box = Aabb::new(v(0.0, 0.0), v(0.0, 0.0));
    let h = sweep(0.0, 0.0, 1.0, 0.0, 1.0)
        .vs_aabb(&point_box)
        .expect("on the box at t = 0");
    assert!(h.started_inside, "{h:?}");
    assert_eq!(
        (h.normal, h.feature),
        (v(1.0, 0.0), Feature::Side(Side::Right))
    );
    let wall = Aabb::new(v(0.0, 0.0), v(0.0, 1.0));
    let s = sweep(0.0, 0.5, 1.0, 0.5, 1.0);
    let h = s.vs_aabb(&wall).expect("on the box at t = 0");
    assert_eq!(h.normal, v(1.0, 0.0));
    let seg = Segment::new(v(0.0, 0.0), v(0.0, 1.0));
    let h = s.vs_segment(&seg).expect("on the segment at t = 0");
    assert_eq!(h.normal, v(-1.0, 0.0));
}
