//! The exact queries against the independent f64 reference, on thousands of random cases
//! per query kind (see `common/` for the reference, the generators and the tolerances).

mod common;

use common::check::run_all;
use common::reference::solve;
use common::{Kind, Scale, core, random::cases};
use glam::DVec2;
use sweepscope::{Aabb, Obstacle, Sweep, Vec2};

const CASES: usize = 2500;
const LARGE_CASES: usize = 800;

/// `ORACLE_CASES=n` multiplies the case counts by n (and varies the seeds) for a long soak:
/// `ORACLE_CASES=20 cargo test --release --test reference`.
fn soak() -> usize {
    std::env::var("ORACLE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
        .max(1)
}

/// Runs one kind at one scale and insists the random set is a real mix of hits and misses,
/// so a query that always answers `None` cannot pass by agreeing with easy misses.
fn run(kind: Kind, scale: Scale, seed: u64, n: usize) {
    let n = n * soak();
    let seed = seed + 1000 * (soak() as u64 - 1);
    let set = cases(seed, kind, scale, n);
    let name = format!("{kind:?}/{scale:?}");
    let (hits, misses) = run_all(&name, &set, scale, core);
    assert!(
        hits * 5 >= n && misses * 5 >= n,
        "{name}: unbalanced set {hits}/{misses}"
    );
}

#[test]
fn aabb_matches_reference() {
    run(Kind::Aabb, Scale::Varied, 11, CASES);
}

#[test]
fn obb_matches_reference() {
    run(Kind::Obb, Scale::Varied, 12, CASES);
}

#[test]
fn segment_matches_reference() {
    run(Kind::Segment, Scale::Varied, 13, CASES);
}

#[test]
fn circle_matches_reference() {
    run(Kind::Circle, Scale::Varied, 14, CASES);
}

#[test]
fn aabb_large_coordinates_match_reference() {
    run(Kind::Aabb, Scale::Large, 21, LARGE_CASES);
}

#[test]
fn obb_large_coordinates_match_reference() {
    run(Kind::Obb, Scale::Large, 22, LARGE_CASES);
}

#[test]
fn segment_large_coordinates_match_reference() {
    run(Kind::Segment, Scale::Large, 23, LARGE_CASES);
}

#[test]
fn circle_large_coordinates_match_reference() {
    run(Kind::Circle, Scale::Large, 24, LARGE_CASES);
}

// ---- The oracle checked against closed forms it does not use ----

/// Circle vs circle has a textbook quadratic; the sampling reference must reproduce it.
#[test]
fn oracle_agrees_with_quadratic_for_circles() {
    let mut rng = common::Rng::new(99);
    let mut compared = 0;
    for _ in 0..400 {
        let case = common::random::case(&mut rng, Kind::Circle, Scale::Varied);
        let Obstacle::Circle(o) = case.obstacle else {
            unreachable!()
        };
        let s = case.sweep;
        let p = DVec2::new(s.start.x as f64, s.start.y as f64)
            - DVec2::new(o.start.x as f64, o.start.y as f64);
        let v = DVec2::new(
            (s.end.x - 0.0) as f64 - s.start.x as f64,
            s.end.y as f64 - s.start.y as f64,
        ) - DVec2::new(
            o.end.x as f64 - o.start.x as f64,
            o.end.y as f64 - o.start.y as f64,
        );
        let rr = s.radius as f64 + o.radius as f64;
        let (a, b, c) = (v.dot(v), 2.0 * p.dot(v), p.dot(p) - rr * rr);
        let disc = b * b - 4.0 * a * c;
        let reference = solve(&s, &case.obstacle);
        if c < 0.0 {
            assert!(
                reference
                    .hit
                    .is_some_and(|h| h.started_inside && h.time == 0.0)
            );
            continue;
        }
        let root = if a > 0.0 && disc > 0.0 {
            Some((-b - disc.sqrt()) / (2.0 * a)).filter(|t| (0.0..=1.0).contains(t))
        } else {
            None
        };
        // Skip near-tangent cases (tiny discriminant) where either answer is fine.
        if disc.abs() < 1e-9 * (b * b).max(1e-300) {
            continue;
        }
        match (root, reference.hit) {
            (None, None) => {}
            (Some(t), Some(h)) => {
                assert!((t - h.time).abs() < 1e-9, "t {t} vs {}", h.time);
                compared += 1;
            }
            (t, h) => panic!("quadratic {t:?} vs reference {h:?} for {case:?}"),
        }
    }
    assert!(compared > 50, "too few hits compared: {compared}");
}

/// A head-on hit on a box face: time = (gap − r) / speed by hand.
#[test]
fn oracle_agrees_with_face_arithmetic() {
    let aabb = Aabb::new(Vec2::new(2.0, -1.0), Vec2::new(4.0, 1.0));
    let sweep = Sweep::new(Vec2::new(0.0, 0.25), Vec2::new(8.0, 0.25), 0.5);
    let r = solve(&sweep, &Obstacle::Aabb(aabb));
    let h = r.hit.expect("hit");
    assert!((h.time - 1.5 / 8.0).abs() < 1e-12);
    assert!((h.normal - DVec2::NEG_X).length() < 1e-12);
    assert!((h.center - DVec2::new(1.5, 0.25)).length() < 1e-12);
    assert!(!h.started_inside);
}

/// A corner hit: the centre path y = 1 + r·√½ … solved by hand with Pythagoras.
#[test]
fn oracle_agrees_with_corner_arithmetic() {
    // Box [-1, 1]²; the centre moves along y = 1.6 from x = -3 to x = 5, r = 1. The top-left
    // corner (-1, 1) is met first: (x + 1)² + 0.6² = 1 → x = -1.8 → t = 1.2 / 8 = 0.15.
    let aabb = Aabb::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0));
    let sweep = Sweep::new(Vec2::new(-3.0, 1.6), Vec2::new(5.0, 1.6), 1.0);
    let h = solve(&sweep, &Obstacle::Aabb(aabb)).hit.expect("hit");
    assert!((h.time - 0.15).abs() < 1e-7, "{}", h.time);
    assert!((h.normal - DVec2::new(-0.8, 0.6)).length() < 1e-6);
    // y = 1.6 is f32-rounded, so the times agree to f32 input precision only.
}

/// Narrow dips between samples are found: a graze 1e-6 deep over a tiny stretch.
#[test]
fn oracle_finds_narrow_dips() {
    // Fast motion (length 1e4) past a tiny circle: the dip lasts ~1e-4 of the motion.
    let other = Sweep::stationary(Vec2::new(0.0, 0.0), 0.5);
    let r = 0.5f32;
    let y = 0.999_99f32;
    let sweep = Sweep::new(Vec2::new(-5000.0, y), Vec2::new(5000.0, y), r);
    let reference = solve(&sweep, &Obstacle::Circle(other));
    assert!(
        reference.hit.is_some(),
        "missed a narrow dip: {reference:?}"
    );
    let miss = Sweep::new(Vec2::new(-5000.0, 1.00001), Vec2::new(5000.0, 1.00001), r);
    assert!(solve(&miss, &Obstacle::Circle(other)).hit.is_none());
}

/// The comparison itself can fail: wrong answers built from right ones are rejected.
#[test]
fn comparison_rejects_wrong_answers() {
    use common::check::{Tol, compare};
    let set = cases(31, Kind::Aabb, Scale::Varied, 400);
    let (mut checked, mut caught) = (0, 0);
    for case in &set {
        let r = solve(&case.sweep, &case.obstacle);
        let Some(good) = core(&case.sweep, &case.obstacle) else {
            continue;
        };
        let Some(rh) = r.hit else { continue };
        if rh.started_inside
            || good.time > 0.98
            || rh.slope.abs() < 0.1 * (case.sweep.end - case.sweep.start).length() as f64
        {
            continue;
        }
        let tol = Tol::for_case(case, Scale::Varied);
        let mut late = good;
        late.time = good.time + 0.01;
        late.center = case.sweep.at(late.time);
        let mut flipped = good;
        flipped.normal = -good.normal;
        let wrong = [late, flipped];
        checked += 1;
        if wrong
            .iter()
            .all(|w| compare(case, Some(*w), &r, &tol).is_err())
            && compare(case, None, &r, &tol).is_err()
        {
            caught += 1;
        }
    }
    assert!(checked > 100, "too few clear hits: {checked}");
    assert_eq!(caught, checked, "some wrong answers passed the comparison");
}

/// The benchmarks' plain mix (`bench_sets::uniform`) is answered right too, so its
/// figures time correct answers.
#[test]
fn uniform_bench_sets_match_reference() {
    for (kind, _, _, seed) in common::bench_sets::KINDS {
        let set = &common::bench_sets::uniform(kind, seed)[..1000];
        let (hits, misses) = run_all(&format!("{kind:?}/uniform"), set, Scale::Varied, core);
        assert!(hits >= 300 && misses >= 300, "{kind:?}: {hits}/{misses}");
    }
}
