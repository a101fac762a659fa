//! The published variants: each flaw pinned by a concrete case with hand-checked numbers,
//! and agreement with hand-computed exact contacts where the approach is right.

use sweepscope::variants::billiards::{self, Disc, PublishedLoop};
use sweepscope::variants::{Outcome, Params, Variant, projection, run, slope_form};
use sweepscope::{
    Aabb, Corner, End, Feature, Hit, Obb, Obstacle, Region, Segment, Side, Sweep, Vec2,
};

const EPS: f32 = 1e-4;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn aabb(min: (f32, f32), max: (f32, f32)) -> Obstacle {
    Obstacle::Aabb(Aabb::new(v(min.0, min.1), v(max.0, max.1)))
}

fn sweep(start: (f32, f32), end: (f32, f32), r: f32) -> Sweep {
    Sweep::new(v(start.0, start.1), v(end.0, end.1), r)
}

fn circle(start: (f32, f32), end: (f32, f32), r: f32) -> Obstacle {
    Obstacle::Circle(sweep(start, end, r))
}

/// A disc of the published loop at `pos`, moving at `vel`.
fn disc(pos: [f64; 2], vel: [f64; 2], r: f64) -> Disc {
    Disc { pos, vel, r }
}

fn go(variant: Variant, s: &Sweep, o: &Obstacle) -> Outcome {
    run(variant, s, o, &Params::default())
}

#[track_caller]
fn expect_hit(outcome: Outcome) -> Hit {
    match outcome {
        Outcome::Hit(h) => h,
        other => panic!("expected a hit, got {other:?}"),
    }
}

#[track_caller]
fn expect_failed(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Failed(why) => why,
        other => panic!("expected Failed, got {other:?}"),
    }
}

#[track_caller]
fn close(a: f32, b: f32) {
    assert!((a - b).abs() <= EPS, "{a} != {b}");
}

#[track_caller]
fn close_v(a: Vec2, b: Vec2) {
    assert!((a - b).length() <= EPS, "{a} != {b}");
}

// ---------------------------------------------------------------------------------------
// API

#[test]
fn ids_round_trip_and_every_variant_lists_flaws() {
    for variant in Variant::ALL {
        assert_eq!(Variant::from_id(variant.id()), Some(variant));
        assert!(!variant.flaws().is_empty(), "{variant:?} lists no flaws");
        assert!(!variant.title().is_empty());
    }
    assert_eq!(Variant::from_id("nope"), None);
}

#[test]
fn variants_refuse_obstacles_they_do_not_handle() {
    let s = sweep((0.0, 0.0), (1.0, 0.0), 0.5);
    let seg = Obstacle::Segment(Segment::new(v(0.0, 1.0), v(1.0, 1.0)));
    assert_eq!(go(Variant::TrigCorner, &s, &seg), Outcome::NotApplicable);
    assert_eq!(
        go(Variant::Projection, &s, &aabb((0.0, 0.0), (1.0, 1.0))),
        Outcome::NotApplicable
    );
    assert_eq!(go(Variant::Billiards, &s, &seg), Outcome::NotApplicable);
    assert_ne!(go(Variant::Discrete, &s, &seg), Outcome::NotApplicable);
}

#[test]
fn non_finite_input_never_panics_and_never_hits_with_nan() {
    let bad = sweep((f32::NAN, 0.0), (1.0, f32::INFINITY), 0.5);
    let obstacles = [
        aabb((0.0, 0.0), (1.0, 1.0)),
        Obstacle::Obb(Obb::new(v(0.0, 0.0), v(1.0, 1.0), 0.3)),
        Obstacle::Segment(Segment::new(v(0.0, 0.0), v(1.0, 1.0))),
        circle((0.0, 0.0), (1.0, 0.0), 1.0),
    ];
    for variant in Variant::ALL {
        for o in &obstacles {
            if let Outcome::Hit(h) = go(variant, &bad, o) {
                assert!(
                    h.time.is_finite() && h.center.is_finite(),
                    "{variant:?} hit with NaN"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// 000 trig corner

#[test]
fn trig_side_hit_matches_the_hand_solution() {
    // Centre reaches x = 4 − 1 = 3 at t = 0.3.
    let s = sweep((0.0, 0.0), (10.0, 0.0), 1.0);
    let h = expect_hit(go(Variant::TrigCorner, &s, &aabb((4.0, -1.0), (6.0, 1.0))));
    close(h.time, 0.3);
    close_v(h.center, v(3.0, 0.0));
    close_v(h.normal, v(-1.0, 0.0));
    close_v(h.point, v(4.0, 0.0));
    assert_eq!(h.feature, Feature::Side(Side::Left));
    assert!(!h.started_inside);
}

#[test]
fn trig_top_side_is_top_in_the_y_up_world() {
    // Falling onto the top (y = 2) of a box: the article's y-down "top" must map to ours.
    let s = sweep((1.0, 10.0), (1.0, 0.0), 1.0);
    let h = expect_hit(go(Variant::TrigCorner, &s, &aabb((0.0, 0.0), (2.0, 2.0))));
    close(h.time, 0.7);
    close_v(h.normal, v(0.0, 1.0));
    assert_eq!(h.feature, Feature::Side(Side::Top));
}

#[test]
fn trig_corner_solve_agrees_with_the_exact_contact() {
    // Centre on y = 0 touches the corner (5, 0.5) at distance 1: x = 5 − sqrt(0.75).
    let s = sweep((0.0, 0.0), (10.0, 0.0), 1.0);
    let h = expect_hit(go(Variant::TrigCorner, &s, &aabb((5.0, 0.5), (7.0, 3.0))));
    let x = 5.0 - 0.75f32.sqrt();
    close(h.time, x / 10.0);
    close_v(h.center, v(x, 0.0));
    close_v(h.normal, v(x - 5.0, -0.5));
    assert_eq!(h.feature, Feature::Corner(Corner::BottomLeft));
    close_v(h.point, v(5.0, 0.5));
}

#[test]
fn trig_fails_aimed_exactly_at_a_corner() {
    // Along (6, 8) straight at the corner (3, 4): cos(innerAngle) is exactly 1, so the law
    // of sines divides sin(0) by sin(0). The exact contact is |10t − 5| = 1, t = 0.4.
    let s = sweep((0.0, 0.0), (6.0, 8.0), 1.0);
    let why = expect_failed(go(Variant::TrigCorner, &s, &aabb((3.0, 4.0), (7.0, 8.0))));
    assert!(why.contains("sin(innerAngle) = 0"), "{why}");
}

#[test]
fn trig_fails_on_acos_of_a_cosine_rounded_over_one() {
    // Along the diagonal at the corner (3, 3): dx² + dy² is summed in float (72), so the
    // cosine comes out as 1.0000000000000002 and acos gives NaN.
    let s = sweep((0.0, 0.0), (6.0, 6.0), 1.0);
    let why = expect_failed(go(Variant::TrigCorner, &s, &aabb((3.0, 3.0), (5.0, 5.0))));
    assert!(why.contains("acos"), "{why}");
}

#[test]
fn trig_does_not_detect_a_start_inside() {
    let s = sweep((2.0, 2.0), (2.0, 3.0), 0.5);
    assert_eq!(
        go(Variant::TrigCorner, &s, &aabb((0.0, 0.0), (4.0, 4.0))),
        Outcome::Miss
    );
}

#[test]
fn trig_drops_the_negative_time_of_a_start_overlapping_a_corner() {
    // Start 0.5 from the corner (0, 0) with r = 1: the triangle's contact lies behind the
    // start (distance ≈ −0.51, time ≈ −0.10) and is dropped.
    let s = sweep((-0.3, -0.4), (3.7, 2.6), 1.0);
    assert_eq!(
        go(Variant::TrigCorner, &s, &aabb((0.0, 0.0), (4.0, 4.0))),
        Outcome::Miss
    );
}

#[test]
fn trig_rotated_box_is_solved_in_its_frame() {
    // A box turned a quarter: its local left side faces world −y. Moving up along x = 0
    // from y = −10 hits it when the centre reaches y = −2 (half-height 1 + radius 1).
    let obb = Obb::new(v(0.0, 0.0), v(1.0, 3.0), std::f32::consts::FRAC_PI_2);
    let s = sweep((0.0, -10.0), (0.0, 10.0), 1.0);
    let h = expect_hit(go(Variant::TrigCorner, &s, &Obstacle::Obb(obb)));
    close(h.time, 0.4);
    close_v(h.center, v(0.0, -2.0));
    close_v(h.normal, v(0.0, -1.0));
    assert_eq!(h.feature, Feature::Side(Side::Left));
}

// ---------------------------------------------------------------------------------------
// 001 expanded box

#[test]
fn expanded_box_reproduces_the_articles_printed_example() {
    // The article: r = 5, rect (3, 3, 20 × 10), line (−10, −10) → (31, 13) prints
    // "Intersection point: [4.26087:-2.0]; isBottom: true". Time = 8 / 23.
    let s = sweep((-10.0, -10.0), (31.0, 13.0), 5.0);
    let h = expect_hit(go(
        Variant::ExpandedBox,
        &s,
        &aabb((3.0, 3.0), (23.0, 13.0)),
    ));
    close_v(h.center, v(4.26087, -2.0));
    close(h.time, 8.0 / 23.0);
    assert_eq!(h.region, Some(Region::BOTTOM));
    assert_eq!(h.feature, Feature::Side(Side::Bottom));
    close_v(h.normal, v(0.0, -1.0));
}

#[test]
fn expanded_box_corner_circle_agrees_with_the_exact_contact() {
    let s = sweep((0.0, 0.0), (10.0, 0.0), 1.0);
    let h = expect_hit(go(Variant::ExpandedBox, &s, &aabb((5.0, 0.5), (7.0, 3.0))));
    let x = 5.0 - 0.75f32.sqrt();
    close(h.time, x / 10.0);
    close_v(h.normal, v(x - 5.0, -0.5));
    assert_eq!(h.feature, Feature::Corner(Corner::BottomLeft));
    assert_eq!(h.region, Some(Region::BOTTOM | Region::LEFT));
}

#[test]
fn expanded_box_corner_square_can_miss() {
    // Along x + y = 4 it enters the expanded box's bottom-left square at (4, 0) but passes
    // 1.5/√2 ≈ 1.06 from the corner (5, 0.5), with r = 1.
    let s = sweep((2.0, 2.0), (6.0, -2.0), 1.0);
    assert_eq!(
        go(Variant::ExpandedBox, &s, &aabb((5.0, 0.5), (7.0, 3.0))),
        Outcome::Miss
    );
}

#[test]
fn expanded_box_start_in_corner_square_tests_only_that_corner() {
    // Start (4.9, 4.9) is in the top-right square of the box (0..4)² expanded by 1 but
    // 0.9·√2 ≈ 1.27 from the corner; moving back toward the corner it meets the circle at
    // distance 1: 4 + 1/√2.
    let s = sweep((4.9, 4.9), (3.0, 3.0), 1.0);
    let h = expect_hit(go(Variant::ExpandedBox, &s, &aabb((0.0, 0.0), (4.0, 4.0))));
    let c = 4.0 + std::f32::consts::FRAC_1_SQRT_2;
    close_v(h.center, v(c, c));
    assert_eq!(h.feature, Feature::Corner(Corner::TopRight));
    close(
        (h.center - v(4.9, 4.9)).length(),
        h.time * (v(3.0, 3.0) - v(4.9, 4.9)).length(),
    );
}

#[test]
fn expanded_box_hits_at_time_zero_when_moving_away_from_a_side() {
    // Overlapping the left side band at the start but moving away: still a hit at t = 0.
    let s = sweep((-0.5, 2.0), (-5.0, 2.0), 1.0);
    let h = expect_hit(go(Variant::ExpandedBox, &s, &aabb((0.0, 0.0), (4.0, 4.0))));
    assert_eq!(h.time, 0.0);
    assert_eq!(h.feature, Feature::Side(Side::Left));
    assert!(!h.started_inside);
}

#[test]
fn expanded_box_centre_inside_the_box_sets_no_flag() {
    let s = sweep((2.0, 2.0), (3.0, 2.0), 0.5);
    assert_eq!(
        go(Variant::ExpandedBox, &s, &aabb((0.0, 0.0), (4.0, 4.0))),
        Outcome::Miss
    );
}

#[test]
fn expanded_box_start_inside_corner_circle_reports_the_exit() {
    // Start 0.5 from the corner (4, 4), r = 1, moving diagonally away: the line leaves the
    // corner circle at distance 1, i.e. at 4 + 1/√2; that exit is reported as the contact.
    let d = std::f32::consts::FRAC_1_SQRT_2;
    let s = sweep((4.0 + 0.5 * d, 4.0 + 0.5 * d), (8.0, 8.0), 1.0);
    let h = expect_hit(go(Variant::ExpandedBox, &s, &aabb((0.0, 0.0), (4.0, 4.0))));
    close_v(h.center, v(4.0 + d, 4.0 + d));
    assert!(h.time > 0.0);
}

#[test]
fn expanded_box_zero_motion_in_a_corner_square_fails() {
    let s = Sweep::stationary(v(4.8, 4.8), 1.0);
    let why = expect_failed(go(Variant::ExpandedBox, &s, &aabb((0.0, 0.0), (4.0, 4.0))));
    assert!(why.contains("zero-length"), "{why}");
}

// ---------------------------------------------------------------------------------------
// 002 discrete and sub-steps

/// A wall 0.2 thick at x = 4, crossed by a fast ball: the exact contact is at t = 0.35.
fn thin_wall() -> (Sweep, Obstacle) {
    (
        sweep((0.0, 0.0), (10.0, 0.0), 0.5),
        aabb((4.0, -1.0), (4.2, 1.0)),
    )
}

#[test]
fn discrete_tunnels_through_a_thin_wall() {
    let (s, wall) = thin_wall();
    assert_eq!(go(Variant::Discrete, &s, &wall), Outcome::Miss);
}

#[test]
fn discrete_sees_an_end_overlap_and_reports_it_at_time_one() {
    // Ends with its centre 0.3 from the wall (r = 0.5): reported at t = 1, overlapping.
    let s = sweep((0.0, 0.0), (3.7, 0.0), 0.5);
    let h = expect_hit(go(Variant::Discrete, &s, &aabb((4.0, -1.0), (6.0, 1.0))));
    assert_eq!(h.time, 1.0);
    close_v(h.center, v(3.7, 0.0));
    close_v(h.point, v(4.0, 0.0));
    assert_eq!(h.feature, Feature::Side(Side::Left));
    // The exact first contact would be at x = 3.5 (t ≈ 0.946).
}

#[test]
fn discrete_is_strict_touching_is_not_a_hit() {
    let s = sweep((0.0, 0.0), (3.5, 0.0), 0.5);
    assert_eq!(
        go(Variant::Discrete, &s, &aabb((4.0, -1.0), (6.0, 1.0))),
        Outcome::Miss
    );
}

#[test]
fn discrete_covers_segments_rotated_boxes_and_moving_circles() {
    let s = sweep((0.0, 0.0), (2.0, 0.0), 0.5);
    let seg = Obstacle::Segment(Segment::new(v(2.3, -1.0), v(2.3, 1.0)));
    let h = expect_hit(go(Variant::Discrete, &s, &seg));
    close_v(h.point, v(2.3, 0.0));
    close_v(h.normal, v(-1.0, 0.0));
    // a → b points up, so the centre at x = 2 is on its left.
    assert_eq!(h.feature, Feature::Face { left: true });

    let end_cap = Obstacle::Segment(Segment::new(v(2.3, 0.0), v(5.0, 0.0)));
    assert_eq!(
        expect_hit(go(Variant::Discrete, &s, &end_cap)).feature,
        Feature::End(End::A)
    );

    let obb = Obstacle::Obb(Obb::new(
        v(3.5, 0.0),
        v(0.8, 0.8),
        std::f32::consts::FRAC_PI_4,
    ));
    // The diamond's left vertex is at 3.5 − 0.8·√2 ≈ 2.369, 0.369 from the end centre.
    let h = expect_hit(go(Variant::Discrete, &s, &obb));
    close_v(h.point, v(3.5 - 0.8 * std::f32::consts::SQRT_2, 0.0));
    assert_eq!(h.feature, Feature::Corner(Corner::TopLeft));

    // The other circle moves to (2.8, 0): 0.8 apart at t = 1 with radii 0.5 + 0.5.
    let other = circle((5.0, 0.0), (2.8, 0.0), 0.5);
    let h = expect_hit(go(Variant::Discrete, &s, &other));
    close_v(h.normal, v(-1.0, 0.0));
    close_v(h.point, v(2.3, 0.0));
}

#[test]
fn substep_catches_the_thin_wall_late_by_less_than_a_step() {
    let (s, wall) = thin_wall();
    // Eight samples at x = 1.25 k: x = 3.75 (t = 3/8) is the first within 0.5 of x = 4.
    let h = expect_hit(run(Variant::Substep, &s, &wall, &Params { substeps: 8 }));
    assert_eq!(h.time, 0.375);
    assert!(h.time >= 0.35 && h.time - 0.35 <= 1.0 / 8.0);
}

#[test]
fn substep_still_tunnels_with_too_few_steps() {
    let (s, wall) = thin_wall();
    // Samples at x = 5 and 10: both more than 0.5 from the wall.
    assert_eq!(
        run(Variant::Substep, &s, &wall, &Params { substeps: 2 }),
        Outcome::Miss
    );
    // Zero sub-steps is taken as one: the discrete answer.
    assert_eq!(
        run(Variant::Substep, &s, &wall, &Params { substeps: 0 }),
        Outcome::Miss
    );
}

// ---------------------------------------------------------------------------------------
// 002 slope form

#[test]
fn slope_form_from_the_origin_agrees_and_records_the_first_root_twice() {
    // From the origin the displacement-as-point line is the true motion line. Roots x = 8
    // and x = 4 (radii sum 2 around (6, 0)); |x| picks 4: t = 0.4, the exact answer.
    let s = sweep((0.0, 0.0), (10.0, 0.0), 1.0);
    let other = sweep((6.0, 0.0), (6.0, 0.0), 1.0);
    let h = expect_hit(go(Variant::SlopeForm, &s, &Obstacle::Circle(other)));
    close(h.time, 0.4);
    close_v(h.center, v(4.0, 0.0));
    close_v(h.normal, v(-1.0, 0.0));
    close_v(h.point, v(5.0, 0.0));

    let detail = slope_form::solve(&s, &other);
    assert_eq!(detail.roots[0][0], 8.0);
    assert_eq!(detail.roots[1][0], 4.0);
    // Copy–paste: the second root's marker is the first root again.
    assert_eq!(detail.markers, [Some([8.0, 0.0]), Some([8.0, 0.0])]);
    assert_eq!(detail.chosen, 1);
}

#[test]
fn slope_form_solves_the_wrong_line_away_from_the_origin() {
    // The same pair moved by (0, 3): the line through (0, 3) and the "point" (10, 0) is
    // not the motion line y = 3. Its intersections with the circle of radius 2 about (6, 3),
    // computed here parametrically: p = (0, 3) + s (10, −3).
    let s = sweep((0.0, 3.0), (10.0, 3.0), 1.0);
    let other = sweep((6.0, 3.0), (6.0, 3.0), 1.0);
    let detail = slope_form::solve(&s, &other);
    let (a, b, c) = (109.0f64, 2.0 * (-6.0 * 10.0), 36.0 - 4.0);
    let root = (b * b - 4.0 * a * c).sqrt();
    let xs = [
        (-b + root) / (2.0 * a) * 10.0,
        (-b - root) / (2.0 * a) * 10.0,
    ];
    for (got, want) in detail.roots.iter().zip(xs) {
        assert!((got[0] - want).abs() < 1e-9, "{got:?} vs x = {want}");
        assert!((got[1] - (3.0 - 0.3 * want)).abs() < 1e-9);
    }
    // Neither root lies on the motion y = 3 (the true contact is (4, 3)).
    assert!(detail.roots.iter().all(|r| (r[1] - 3.0).abs() > 0.1));
}

#[test]
fn slope_form_fails_on_a_vertical_line() {
    // Vertical relative motion starting on x = 0: x1 − x2 = 0 − 0, infinite slope.
    let s = sweep((0.0, 0.0), (0.0, 10.0), 1.0);
    let why = expect_failed(go(
        Variant::SlopeForm,
        &s,
        &circle((0.0, 6.0), (0.0, 6.0), 1.0),
    ));
    assert!(why.contains("x1 − x2"), "{why}");
}

#[test]
fn slope_form_gives_nan_when_the_line_misses() {
    let s = sweep((0.0, 0.0), (10.0, 0.0), 1.0);
    let why = expect_failed(go(
        Variant::SlopeForm,
        &s,
        &circle((6.0, 5.0), (6.0, 5.0), 1.0),
    ));
    assert!(why.contains("sqrt"), "{why}");
    let detail = slope_form::solve(&s, &sweep((6.0, 5.0), (6.0, 5.0), 1.0));
    // −(−10)² (−4·100 + 50²) = −210000: the `t < 0` guard sees NaN, not a negative.
    assert_eq!(detail.sqrt_arg, -210000.0);
}

#[test]
fn slope_form_keeps_a_root_behind_the_start() {
    // Starting overlapping (centres 1 apart, radii sum 2): roots x = 3 and x = −1. |x| keeps
    // −1, a point behind the start, so the reported time is −0.1.
    let s = sweep((0.0, 0.0), (10.0, 0.0), 1.0);
    let h = expect_hit(go(
        Variant::SlopeForm,
        &s,
        &circle((1.0, 0.0), (1.0, 0.0), 1.0),
    ));
    close(h.time, -0.1);
    close_v(h.center, v(-1.0, 0.0));
}

#[test]
fn slope_form_uses_relative_motion_of_two_moving_circles() {
    // i moves (0,0) → (6,0), j moves (10,0) → (6,0): relative move (10, 0) against j's
    // start, contact when the gap 10 − 10 t = 2: t = 0.8, i's centre at x = 4.8.
    let s = sweep((0.0, 0.0), (6.0, 0.0), 1.0);
    let h = expect_hit(go(
        Variant::SlopeForm,
        &s,
        &circle((10.0, 0.0), (6.0, 0.0), 1.0),
    ));
    close(h.time, 0.8);
    close_v(h.center, v(4.8, 0.0));
    close_v(h.point, v(5.8, 0.0));
}

// ---------------------------------------------------------------------------------------
// 003 projection

fn floor() -> Segment {
    Segment::new(v(0.0, 0.0), v(10.0, 0.0))
}

#[test]
fn projection_sees_an_end_position_near_the_line() {
    // a → b points +x, so the left normal is +y; the end is 0.5 above the line (r = 1).
    let s = sweep((5.0, 3.0), (5.0, 0.5), 1.0);
    let h = expect_hit(go(Variant::Projection, &s, &Obstacle::Segment(floor())));
    assert_eq!(h.time, 1.0);
    close_v(h.center, v(5.0, 0.5));
    close_v(h.point, v(5.0, 0.0));
    close_v(h.normal, v(0.0, 1.0));
}

#[test]
fn projection_tunnels() {
    // Exact contact at y = 1 (t = 2/7); the end is 2 below the line: not seen.
    let s = sweep((5.0, 3.0), (5.0, -4.0), 1.0);
    assert_eq!(
        go(Variant::Projection, &s, &Obstacle::Segment(floor())),
        Outcome::Miss
    );
}

#[test]
fn projection_ignores_end_caps() {
    // Ends 0.6 past the end b = (10, 0), on the line: overlapping the cap (r = 1), not seen.
    let s = sweep((13.0, 0.0), (10.6, 0.0), 1.0);
    assert_eq!(
        go(Variant::Projection, &s, &Obstacle::Segment(floor())),
        Outcome::Miss
    );
    // And at a: `line · c > 0` is strict, so exactly at a is outside too.
    let s = sweep((0.0, 3.0), (0.0, 0.5), 1.0);
    assert_eq!(
        go(Variant::Projection, &s, &Obstacle::Segment(floor())),
        Outcome::Miss
    );
}

#[test]
fn projection_reports_the_left_normal_from_the_right_side() {
    // Below the line (its right side): the approach still answers with the left normal.
    let s = sweep((5.0, -3.0), (5.0, -0.5), 1.0);
    let h = expect_hit(go(Variant::Projection, &s, &Obstacle::Segment(floor())));
    close_v(h.normal, v(0.0, 1.0));
    assert_eq!(h.feature, Feature::Face { left: true });
}

#[test]
fn projection_reflect_is_right_from_the_left_and_doubles_in_from_the_right() {
    // From above (left side) falling at (2, −3): A' = A + 2·3·(0, 1) = (2, 3), a mirror.
    assert_eq!(projection::reflect(v(2.0, -3.0), &floor()), v(2.0, 3.0));
    // From below rising at (2, 3): the abs() pushes along +y again: (2, 9), through the line.
    assert_eq!(projection::reflect(v(2.0, 3.0), &floor()), v(2.0, 9.0));
}

#[test]
fn projection_slide_repositions_at_r_minus_one() {
    // Circle r = 5 at (4, 2) falling at (1, −2): reposition to (4, 5 − 1) = (4, 4), one unit
    // inside contact; the step removes the normal part: (1, 0).
    let step = projection::slide(v(4.0, 2.0), v(1.0, -2.0), 5.0, &floor());
    assert_eq!(step.repositioned, v(4.0, 4.0));
    assert_eq!(step.step, v(1.0, 0.0));
    assert_eq!(step.end, v(5.0, 4.0));
    // From below the line it is teleported to the left (upper) side.
    let below = projection::slide(v(4.0, -2.0), v(1.0, 2.0), 5.0, &floor());
    assert_eq!(below.repositioned, v(4.0, 4.0));
    assert_eq!(below.step, v(1.0, 4.0));
    // r < 1: r − 1 is negative and puts the centre below the line.
    assert_eq!(
        projection::slide(v(4.0, 0.2), v(0.0, -1.0), 0.5, &floor()).repositioned,
        v(4.0, -0.5)
    );
}

#[test]
fn projection_zero_length_segment_fails() {
    let s = sweep((0.0, 3.0), (0.0, 0.5), 1.0);
    let point = Obstacle::Segment(Segment::new(v(0.0, 0.0), v(0.0, 0.0)));
    let why = expect_failed(go(Variant::Projection, &s, &point));
    assert!(why.contains("length 0"), "{why}");
}

// ---------------------------------------------------------------------------------------
// 004 billiards

#[test]
fn billiards_pair_solve_matches_the_hand_root() {
    // a = −6, b = 10: p = −0.6, sqrt((4 − 36)/100 + 0.36) = 0.2, t = 0.6 − 0.2 = 0.4.
    let s = sweep((0.0, 0.0), (10.0, 0.0), 1.0);
    let h = expect_hit(go(
        Variant::Billiards,
        &s,
        &circle((6.0, 0.0), (6.0, 0.0), 1.0),
    ));
    close(h.time, 0.4);
    close_v(h.center, v(4.0, 0.0));
    close_v(h.normal, v(-1.0, 0.0));
    assert_eq!(h.feature, Feature::Circle);
}

#[test]
fn billiards_skips_a_contact_at_time_zero() {
    // Touching (centres 2 apart, radii sum 2) and approaching: t = 0 is not > 0.
    let s = sweep((0.0, 0.0), (10.0, 0.0), 1.0);
    assert_eq!(
        go(Variant::Billiards, &s, &circle((2.0, 0.0), (2.0, 0.0), 1.0)),
        Outcome::Miss
    );
    assert_eq!(
        billiards::pair_time([0.0, 0.0], [10.0, 0.0], 1.0, [2.0, 0.0], [0.0, 0.0], 1.0),
        0.0
    );
}

#[test]
fn billiards_skips_an_overlap_negative_smaller_root() {
    // Overlapping by 1: roots −0.1 and 0.3; the smaller (negative) one is taken and dropped.
    let t = billiards::pair_time([0.0, 0.0], [10.0, 0.0], 1.0, [1.0, 0.0], [0.0, 0.0], 1.0);
    assert!((t + 0.1).abs() < 1e-12, "{t}");
    let s = sweep((0.0, 0.0), (10.0, 0.0), 1.0);
    assert_eq!(
        go(Variant::Billiards, &s, &circle((1.0, 0.0), (1.0, 0.0), 1.0)),
        Outcome::Miss
    );
}

/// User test: a far circle gave a red "failed: sqrt of a negative discriminant" beside
/// real tunnels, though the published loop's `t > 0 && t < col_time` takes that NaN as no
/// event: a miss, which is right. The port answers the miss its loop makes.
#[test]
fn billiards_misses_when_the_circles_never_meet_and_without_relative_motion() {
    let s = sweep((0.0, 0.0), (10.0, 0.0), 1.0);
    let far = circle((6.0, 5.0), (6.0, 5.0), 1.0);
    assert!(
        billiards::pair_time([0.0, 0.0], [10.0, 0.0], 1.0, [6.0, 5.0], [0.0, 0.0], 1.0).is_nan()
    );
    assert_eq!(go(Variant::Billiards, &s, &far), Outcome::Miss);
    // Same velocity: check_collision returns −1, a plain miss.
    assert_eq!(
        go(
            Variant::Billiards,
            &s,
            &circle((5.0, 0.0), (15.0, 0.0), 1.0)
        ),
        Outcome::Miss
    );
}

#[test]
fn billiards_resolution_is_nan_for_vertically_aligned_centres() {
    let mut lower = disc([0.0, 0.0], [0.0, 1.0], 1.0);
    let mut upper = disc([0.0, 2.0], [0.0, -1.0], 1.0);
    billiards::apply_collision(&mut lower, &mut upper);
    assert!(lower.vel.iter().chain(&upper.vel).any(|c| c.is_nan()));
}

#[test]
fn billiards_resolution_swaps_equal_discs_head_on() {
    let mut a = disc([0.0, 0.0], [1.0, 0.0], 1.0);
    let mut b = disc([2.0, 0.0], [-1.0, 0.0], 1.0);
    billiards::apply_collision(&mut a, &mut b);
    assert_eq!((a.vel, b.vel), ([-1.0, 0.0], [1.0, 0.0]));
}

#[test]
fn published_loop_bounces_off_a_wall_by_hand() {
    // x = 5, vx = 3, r = 1, box 10 wide: right wall at t = 4/3, then 2/3 back: x = 7.
    let mut sim = PublishedLoop::new(vec![disc([5.0, 5.0], [3.0, 0.0], 1.0)], 10.0, 10.0);
    let report = sim.step(2.0);
    assert_eq!(
        (report.events, report.wall_events, report.pair_events),
        (1, 1, 0)
    );
    assert!((sim.discs[0].pos[0] - 7.0).abs() < 1e-12);
    assert_eq!(sim.discs[0].vel, [-3.0, 0.0]);
    assert!(!report.stalled && !report.escaped && !report.nan_velocity);
    assert!((report.time_simulated - 2.0).abs() < 1e-12);
}

#[test]
fn published_loop_swaps_a_head_on_pair_by_hand() {
    // Gap 2 closing at 2: contact at t = 1, velocities swap, 0.5 more: x = 3.5 and 6.5.
    let discs = vec![
        disc([3.0, 5.0], [1.0, 0.0], 1.0),
        disc([7.0, 5.0], [-1.0, 0.0], 1.0),
    ];
    let mut sim = PublishedLoop::new(discs, 10.0, 10.0);
    let report = sim.step(1.5);
    assert_eq!(report.pair_events, 1);
    assert!((sim.discs[0].pos[0] - 3.5).abs() < 1e-12);
    assert!((sim.discs[1].pos[0] - 6.5).abs() < 1e-12);
}

#[test]
fn published_loop_goes_nan_on_a_vertical_collision() {
    let discs = vec![
        disc([5.0, 2.0], [0.0, 1.0], 1.0),
        disc([5.0, 6.0], [0.0, -1.0], 1.0),
    ];
    let mut sim = PublishedLoop::new(discs, 10.0, 10.0);
    let report = sim.step(2.0);
    assert_eq!(report.pair_events, 1);
    assert!(report.nan_velocity);
}

#[test]
fn published_loop_lets_touching_approaching_discs_pass_through() {
    // Touching (centres 2 apart, r = 1) and closing at 2: the event is at t = 0, skipped, so
    // after one time unit both centres sit at x = 4, fully overlapping.
    let discs = vec![
        disc([3.0, 5.0], [1.0, 0.0], 1.0),
        disc([5.0, 5.0], [-1.0, 0.0], 1.0),
    ];
    let mut sim = PublishedLoop::new(discs, 10.0, 10.0);
    let report = sim.step(1.0);
    assert_eq!(report.events, 0);
    assert_eq!(sim.discs[0].pos, [4.0, 5.0]);
    assert_eq!(sim.discs[1].pos, [4.0, 5.0]);
}

#[test]
fn published_loop_stalls_on_a_clustered_pair() {
    // Two discs packed between the walls with 1e-6 of slack around each: they rattle, with an
    // event every ~5e-7 time units, so a frame of 1 needs about two million events. The
    // original never ends such a frame in practice; the port stops at max_events.
    let g = 1e-6;
    let discs = vec![
        disc([1.0 + g, 5.0], [1.0, 0.0], 1.0),
        disc([3.0 + 2.0 * g, 5.0], [-1.0, 0.0], 1.0),
    ];
    let mut sim = PublishedLoop::new(discs, 4.0 + 3.0 * g, 10.0);
    sim.max_events = 2_000;
    let report = sim.step(1.0);
    assert!(report.stalled, "{report:?}");
    assert_eq!(report.events, 2_000);
    assert!(report.wall_events > 0 && report.pair_events > 0);
    assert!(report.time_simulated < 0.01, "{report:?}");
}

// ---------------------------------------------------------------------------------------
// Against the exact core

#[test]
fn where_the_approach_is_right_it_agrees_with_the_core() {
    let obb = Obb::new(v(0.0, 0.0), v(1.0, 3.0), std::f32::consts::FRAC_PI_2);
    let cases = [
        (
            Variant::TrigCorner,
            sweep((0.0, 0.0), (10.0, 0.0), 1.0),
            aabb((4.0, -1.0), (6.0, 1.0)),
        ),
        (
            Variant::TrigCorner,
            sweep((0.0, 0.0), (10.0, 0.0), 1.0),
            aabb((5.0, 0.5), (7.0, 3.0)),
        ),
        (
            Variant::TrigCorner,
            sweep((1.0, 10.0), (1.0, 0.0), 1.0),
            aabb((0.0, 0.0), (2.0, 2.0)),
        ),
        (
            Variant::TrigCorner,
            sweep((0.0, -10.0), (0.0, 10.0), 1.0),
            Obstacle::Obb(obb),
        ),
        (
            Variant::ExpandedBox,
            sweep((0.0, 0.0), (10.0, 0.0), 1.0),
            aabb((5.0, 0.5), (7.0, 3.0)),
        ),
        (
            Variant::ExpandedBox,
            sweep((-10.0, -10.0), (31.0, 13.0), 5.0),
            aabb((3.0, 3.0), (23.0, 13.0)),
        ),
        (
            Variant::ExpandedBox,
            sweep((4.9, 4.9), (3.0, 3.0), 1.0),
            aabb((0.0, 0.0), (4.0, 4.0)),
        ),
        (
            Variant::ExpandedBox,
            sweep((0.0, -10.0), (0.0, 10.0), 1.0),
            Obstacle::Obb(obb),
        ),
        (
            Variant::SlopeForm,
            sweep((0.0, 0.0), (10.0, 0.0), 1.0),
            circle((6.0, 0.0), (6.0, 0.0), 1.0),
        ),
        (
            Variant::SlopeForm,
            sweep((0.0, 0.0), (6.0, 0.0), 1.0),
            circle((10.0, 0.0), (6.0, 0.0), 1.0),
        ),
        (
            Variant::Billiards,
            sweep((0.0, 0.0), (10.0, 0.0), 1.0),
            circle((6.0, 0.0), (6.0, 0.0), 1.0),
        ),
        (
            Variant::Billiards,
            sweep((0.0, 0.0), (8.0, 6.0), 1.0),
            circle((9.0, 0.0), (1.0, 6.0), 1.5),
        ),
    ];
    for (variant, s, o) in cases {
        let core = o
            .cast(&s)
            .unwrap_or_else(|| panic!("core misses {variant:?} {s:?}"));
        let h = expect_hit(go(variant, &s, &o));
        let ctx = format!("{variant:?} {s:?}");
        assert!(
            (h.time - core.time).abs() < 1e-4,
            "{ctx}: {} vs {}",
            h.time,
            core.time
        );
        assert!(
            (h.center - core.center).length() < 1e-3,
            "{ctx}: {} vs {}",
            h.center,
            core.center
        );
        assert!(
            (h.normal - core.normal).length() < 1e-3,
            "{ctx}: {} vs {}",
            h.normal,
            core.normal
        );
        assert_eq!(h.feature, core.feature, "{ctx}");
    }
}

#[test]
fn where_the_approach_breaks_down_the_core_still_answers() {
    let at_corner = sweep((0.0, 0.0), (6.0, 8.0), 1.0);
    let corner_box = aabb((3.0, 4.0), (7.0, 8.0));
    assert!(go(Variant::TrigCorner, &at_corner, &corner_box).is_failed());
    let core = corner_box.cast(&at_corner).expect("core hits the corner");
    close(core.time, 0.4);
    close_v(core.normal, v(-0.6, -0.8));
    assert_eq!(core.feature, Feature::Corner(Corner::BottomLeft));

    let diagonal = sweep((0.0, 0.0), (6.0, 6.0), 1.0);
    let diag_box = aabb((3.0, 3.0), (5.0, 5.0));
    assert!(go(Variant::TrigCorner, &diagonal, &diag_box).is_failed());
    let core = diag_box.cast(&diagonal).expect("core hits the corner");
    close(core.time, (3.0 - std::f32::consts::FRAC_1_SQRT_2) / 6.0);

    let (fast, wall) = thin_wall();
    assert_eq!(go(Variant::Discrete, &fast, &wall), Outcome::Miss);
    close(wall.cast(&fast).expect("core catches the wall").time, 0.35);

    let falling = sweep((5.0, 3.0), (5.0, -4.0), 1.0);
    let floor = Obstacle::Segment(floor());
    assert_eq!(go(Variant::Projection, &falling, &floor), Outcome::Miss);
    close(
        floor.cast(&falling).expect("core hits the floor").time,
        2.0 / 7.0,
    );

    let onto_cap = sweep((13.0, 0.0), (10.6, 0.0), 1.0);
    assert_eq!(go(Variant::Projection, &onto_cap, &floor), Outcome::Miss);
    let core = floor.cast(&onto_cap).expect("core hits the end cap");
    assert_eq!(core.feature, Feature::End(End::B));
    close(core.time, 2.0 / 2.4);

    let vertical = sweep((0.0, 0.0), (0.0, 10.0), 1.0);
    let ahead = circle((0.0, 6.0), (0.0, 6.0), 1.0);
    assert!(go(Variant::SlopeForm, &vertical, &ahead).is_failed());
    close(ahead.cast(&vertical).expect("core hits").time, 0.4);

    let touching = sweep((0.0, 0.0), (10.0, 0.0), 1.0);
    let neighbour = circle((2.0, 0.0), (2.0, 0.0), 1.0);
    assert_eq!(go(Variant::Billiards, &touching, &neighbour), Outcome::Miss);
    assert_eq!(
        neighbour
            .cast(&touching)
            .expect("core: touching and approaching")
            .time,
        0.0
    );

    let inside = sweep((2.0, 2.0), (2.0, 3.0), 0.5);
    let big = aabb((0.0, 0.0), (4.0, 4.0));
    assert_eq!(go(Variant::TrigCorner, &inside, &big), Outcome::Miss);
    assert_eq!(go(Variant::ExpandedBox, &inside, &big), Outcome::Miss);
    assert!(
        big.cast(&inside)
            .expect("core flags the start")
            .started_inside
    );
}

#[test]
fn published_loop_with_nothing_to_do_is_not_stalled_even_with_a_zero_cap() {
    let mut sim = PublishedLoop::new(vec![disc([5.0, 5.0], [0.0, 0.0], 1.0)], 10.0, 10.0);
    sim.max_events = 0;
    let report = sim.step(1.0);
    assert!(!report.stalled);
    assert_eq!(sim.discs[0].pos, [5.0, 5.0]);
}

/// A small deterministic generator, so the scan below is the same on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, lo: f32, hi: f32) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        lo + (hi - lo) * ((self.0 >> 40) as f32 / (1u64 << 24) as f32)
    }
}

#[test]
fn random_pairs_never_panic_and_hits_are_finite_with_time_from_the_approach() {
    let mut g = Lcg(7);
    for _ in 0..20_000 {
        let s = sweep(
            (g.next(-10.0, 10.0), g.next(-10.0, 10.0)),
            (g.next(-10.0, 10.0), g.next(-10.0, 10.0)),
            g.next(0.0, 3.0),
        );
        let (x, y) = (g.next(-5.0, 5.0), g.next(-5.0, 5.0));
        let obstacles = [
            aabb((x, y), (x + g.next(0.0, 4.0), y + g.next(0.0, 4.0))),
            Obstacle::Obb(Obb::new(
                v(x, y),
                v(g.next(0.0, 3.0), g.next(0.0, 3.0)),
                g.next(-3.2, 3.2),
            )),
            Obstacle::Segment(Segment::new(
                v(x, y),
                v(g.next(-5.0, 5.0), g.next(-5.0, 5.0)),
            )),
            circle(
                (x, y),
                (g.next(-5.0, 5.0), g.next(-5.0, 5.0)),
                g.next(0.0, 3.0),
            ),
        ];
        for o in &obstacles {
            for variant in Variant::ALL {
                if let Outcome::Hit(h) = run(variant, &s, o, &Params { substeps: 4 }) {
                    assert!(h.time.is_finite() && h.center.is_finite() && h.normal.is_finite());
                    // Only the slope form can report a time outside the motion (its |x| root
                    // choice); the others stay within [0, 1].
                    if variant != Variant::SlopeForm {
                        assert!(
                            (0.0..=1.0).contains(&h.time),
                            "{variant:?} {s:?} {o:?}: {}",
                            h.time
                        );
                    }
                }
            }
        }
    }
}

/// At a scale of 1e20 the ports failed "dividing by a zero-length motion", a motion 4e21
/// long; at 1e-30, by "a zero length" too. Their failures say what broke: the f32 squares
/// overflowed or underflowed.
#[test]
fn a_ports_failure_at_an_extreme_scale_names_the_overflow_or_underflow() {
    use sweepscope::variants::{Outcome, Params, Variant, run};
    let failure = |scale: f32, v: Variant| {
        let s = |x: f32, y: f32| sweepscope::Vec2::new(x * scale, y * scale);
        let sweep = sweepscope::Sweep::new(s(-3.0, 50.0), s(-3.0, 10.0), 5.0 * scale);
        let obstacle =
            sweepscope::Obstacle::Aabb(sweepscope::Aabb::new(s(0.0, 0.0), s(40.0, 30.0)));
        match run(v, &sweep, &obstacle, &Params::default()) {
            Outcome::Failed(why) => why,
            other => panic!("{v:?} at {scale:e}: {other:?}"),
        }
    };
    let why = failure(1e20, Variant::ExpandedBox);
    assert!(why.contains("overflow"), "{why}");
    let why = failure(1e-30, Variant::TrigCorner);
    assert!(why.contains("underflow"), "{why}");
}

/// Hostile test: the projection across a segment from (−3.4e38, 3.4e38) to (3.4e38,
/// −3.4e38) failed "dividing by the segment's length 0", sending a user after the wrong
/// flaw: the length overflowed f32 to infinity. The failure names its cause.
#[test]
fn the_projections_failure_names_an_overflowed_length_not_a_zero_one() {
    let huge = Segment::new(Vec2::new(-3.4e38, 3.4e38), Vec2::new(3.4e38, -3.4e38));
    let s = Sweep::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0), 1.0);
    let why = expect_failed(projection::cast(&s, &huge));
    assert!(
        why.contains("overflows") && why.contains("infinity"),
        "{why}"
    );
    let point = Segment::new(Vec2::new(2.0, 2.0), Vec2::new(2.0, 2.0));
    let why = expect_failed(projection::cast(&s, &point));
    assert!(why.contains("length 0"), "{why}");
}
