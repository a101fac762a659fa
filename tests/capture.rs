//! The capture API: a parry query to a scene whose expectation is the exact answer, inputs
//! bit-exact through the scene file, the program's answer kept beside it.

#![cfg(feature = "engines")]

use parry2d::math::{Pose, Vector};
use parry2d::query::{ShapeCastOptions, SweepToiStatus};
use parry2d::shape::{Ball, Cuboid, Segment as ParrySegment};
use sweepscope::capture::parry::{CastQuery, SweepQuery};
use sweepscope::capture::{BALL, OBSTACLE};
use sweepscope::scene::{evaluate, parse_scene, scene_to_string};
use sweepscope::{Aabb, Obb, Obstacle, Segment, Sweep, Vec2};

/// Saves, reloads and checks: the scene passes `check`, and its exact answer is `core`.
fn round_trip(scene: &sweepscope::scene::Scene, core: Option<sweepscope::Hit>) {
    let text = scene_to_string(scene);
    let back = parse_scene(&text, "captured.ron").expect("the captured scene loads");
    assert_eq!(&back, scene, "the scene file holds every value exactly");
    let results = evaluate(&back).expectations;
    assert_eq!(results.len(), 1);
    assert!(results[0].passed(), "{}\n{text}", results[0]);
    assert_eq!(results[0].actual, core, "{text}");
}

#[test]
fn a_parry_cast_captured_through_the_adapter_has_the_cores_exact_answer() {
    let ball = Ball::new(0.5);
    let wall = Cuboid::new(Vector::new(1.0, 2.0));
    let pos1 = Pose::translation(-3.0, 0.7);
    let vel1 = Vector::new(6.0, -0.3);
    let pos2 = Pose::translation(0.25, 0.0);
    let options = ShapeCastOptions::with_max_time_of_impact(1.0);
    let query = CastQuery::new(&pos1, vel1, &ball, &pos2, Vector::ZERO, &wall, options);
    let got = query.cast();
    let scene = query.to_scene(&got).expect("captured");

    let sweep = Sweep::new(Vec2::new(-3.0, 0.7), Vec2::new(3.0, 0.4), 0.5);
    let core = sweep.vs_aabb(&Aabb::new(Vec2::new(-0.75, -2.0), Vec2::new(1.25, 2.0)));
    assert!(core.is_some());
    round_trip(&scene, core);

    let reported = &scene.reported[0];
    let parry_hit = got.unwrap().unwrap();
    assert_eq!(reported.by, "parry-cast");
    assert_eq!(
        (reported.ball.as_str(), reported.obstacle.as_str()),
        (BALL, OBSTACLE)
    );
    assert_eq!(reported.time, Some(parry_hit.time_of_impact));
    assert_eq!(scene.variants, vec!["parry-cast".to_owned()]);
    assert!(
        scene.notes.contains("parry-cast answered: hit at t = "),
        "{}",
        scene.notes
    );
    assert!(
        scene.notes.contains("exact answer: hit at t = "),
        "{}",
        scene.notes
    );
}

#[test]
fn a_rotated_cuboid_is_captured_with_degrees_that_give_parrys_rotation_back() {
    let ball = Ball::new(1.0);
    let wall = Cuboid::new(Vector::new(3.0, 0.5));
    let angle = 0.61f32;
    let pos2 = Pose::new(Vector::new(2.0, 1.0), angle);
    let pos1 = Pose::translation(2.0, 8.0);
    let vel1 = Vector::new(0.5, -10.0);
    let query = CastQuery::new(
        &pos1,
        vel1,
        &ball,
        &pos2,
        Vector::ZERO,
        &wall,
        ShapeCastOptions::with_max_time_of_impact(1.0),
    );
    let scene = query.to_scene(&query.cast()).expect("captured");
    let obb = match scene.objects[1].shape.obstacle() {
        Some(Obstacle::Obb(b)) => b,
        other => panic!("{other:?}"),
    };
    assert_eq!(obb.axis(), Vec2::from_angle(angle), "bit-exact rotation");
    assert!(!scene.notes.contains("not sin_cos"), "{}", scene.notes);
    let sweep = Sweep::new(Vec2::new(2.0, 8.0), Vec2::new(2.5, -2.0), 1.0);
    let core = sweep.vs_obb(&Obb::new(Vec2::new(2.0, 1.0), Vec2::new(3.0, 0.5), angle));
    round_trip(&scene, core);
}

#[test]
fn a_moving_cuboid_becomes_the_balls_relative_motion_and_the_horizon_scales_time() {
    let ball = Ball::new(0.25);
    let seg = ParrySegment::new(Vector::new(-1.0, 0.0), Vector::new(1.0, 0.0));
    // The segment rises at 1 per second, the ball falls at 1: they meet after 1.5 s of a
    // 2 s step (centre 0.25 above the segment), t = 0.75 of the step.
    let query = CastQuery::new(
        &Pose::translation(0.0, 1.0),
        Vector::new(0.0, -1.0),
        &ball,
        &Pose::translation(0.0, -2.0),
        Vector::new(0.0, 1.0),
        &seg,
        ShapeCastOptions::with_max_time_of_impact(2.0),
    );
    let got = query.cast();
    let scene = query.to_scene(&got).expect("captured");
    assert!(scene.notes.contains("relative to it"), "{}", scene.notes);
    let sweep = Sweep::new(Vec2::new(0.0, 1.0), Vec2::new(0.0, -3.0), 0.25);
    let seg = Segment::new(Vec2::new(-1.0, -2.0), Vec2::new(1.0, -2.0));
    let core = sweep.vs_segment(&seg);
    assert!((core.unwrap().time - 0.6875).abs() < 1e-6, "{core:?}");
    round_trip(&scene, core);
    let parry_time = got.unwrap().unwrap().time_of_impact;
    assert_eq!(scene.reported[0].time, Some(parry_time / 2.0));
}

#[test]
fn a_sweep_time_of_impact_capture_reports_the_documented_stop() {
    use parry2d::query::Sweep as ParrySweep;
    let ball = Ball::new(0.5);
    let wall = Cuboid::new(Vector::new(1.0, 1.0));
    let still = Pose::IDENTITY;
    let query = SweepQuery {
        shape_a: &wall,
        sweep_a: ParrySweep::constant(&still, Vector::ZERO),
        shape_b: &ball,
        sweep_b: ParrySweep::from_poses(
            &Pose::translation(-1.6, 0.0),
            &Pose::translation(-1.4, 0.0),
            Vector::ZERO,
        ),
        max_fraction: 1.0,
        linear_slop: 0.005,
    };
    let got = query.sweep().expect("proxies");
    assert_eq!(got.status, SweepToiStatus::Hit);
    let scene = query.to_scene(&got).expect("captured");
    assert!(
        scene.notes.contains("past contact, as documented"),
        "{}",
        scene.notes
    );
    assert!(
        scene.description.contains("as documented"),
        "{}",
        scene.description
    );
    let core = Sweep::new(Vec2::new(-1.6, 0.0), Vec2::new(-1.4, 0.0), 0.5)
        .vs_aabb(&Aabb::new(Vec2::splat(-1.0), Vec2::splat(1.0)));
    round_trip(&scene, core);
}

#[test]
fn a_query_without_a_ball_or_with_an_endless_horizon_is_refused_with_a_reason() {
    let a = Cuboid::new(Vector::new(1.0, 1.0));
    let q = CastQuery::new(
        &Pose::IDENTITY,
        Vector::X,
        &a,
        &Pose::translation(3.0, 0.0),
        Vector::ZERO,
        &a,
        ShapeCastOptions::with_max_time_of_impact(1.0),
    );
    let e = q.to_scene(&q.cast()).unwrap_err().to_string();
    assert!(e.contains("must be a Ball"), "{e}");
    let ball = Ball::new(1.0);
    let q = CastQuery::new(
        &Pose::IDENTITY,
        Vector::X,
        &ball,
        &Pose::translation(3.0, 0.0),
        Vector::ZERO,
        &a,
        ShapeCastOptions::default(),
    );
    let e = q.to_scene(&q.cast()).unwrap_err().to_string();
    assert!(e.contains("max_time_of_impact"), "{e}");
}
