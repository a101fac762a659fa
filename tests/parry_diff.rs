//! parry2d as a differential second opinion on random cases.
//!
//! parry's shape casting is iterative (GJK-based conservative advancement): it can report
//! slightly early times at shallow angles, normals off by ~1e-3 at corners, and misses a
//! zero-length motion that starts overlapping. So a disagreement between parry and the core
//! is settled by the f64 reference, and only the core being wrong fails the test. The
//! agreement rate is asserted too, so a broadly wrong core (or a broken adapter) cannot
//! hide behind the arbitration.

mod common;

use common::check::{Tol, compare};
use common::reference::solve;
use common::{Kind, Scale, core, parry, random::cases};

/// Core and parry agree: both miss, or both hit at about the same time with about the same
/// normal. Loose on purpose: parry is approximate, and its normal for an overlap at t = 0
/// is not reliable (often not even unit), so only the time is compared then.
fn agree(core: &Option<sweepscope::Hit>, p: &Option<parry::ParryHit>, tol_t: f64) -> bool {
    match (core, p) {
        (None, None) => true,
        (Some(h), Some(p)) => {
            ((h.time - p.time).abs() as f64) <= tol_t
                && (h.started_inside || (h.normal - p.normal).length() <= 2e-2)
        }
        _ => false,
    }
}

/// parry's own operating range: its tolerances are absolute (tuned for sizes around 1 and
/// up), and it does not report an overlap without motion. Agreement rates are counted here.
fn in_parry_range(case: &common::Case, tol: &Tol) -> bool {
    tol.size >= 1.0 && case.sweep.start != case.sweep.end
}

fn run(kind: Kind, seed: u64, n: usize) {
    let set = cases(seed, kind, Scale::Varied, n);
    let mut failures = Vec::new();
    let (mut counted, mut hit_miss_agree, mut full_agree, mut parry_wrong) = (0, 0, 0, 0);
    for case in &set {
        let c = core(&case.sweep, &case.obstacle);
        let p = parry::cast(&case.sweep, &case.obstacle);
        let r = solve(&case.sweep, &case.obstacle);
        let tol = Tol::for_case(case, Scale::Varied);
        // parry's distances are good to about 1e-4 of the size: its time to that over the
        // approach speed.
        let parry_dist = 1e-4 * tol.size;
        let slope = r.hit.map_or(0.0, |h| h.slope.abs());
        let tol_t = 1e-3 + parry_dist / slope.max(1e-300);
        let agrees = agree(&c, &p, tol_t);
        let tangent = r.min_gap.abs() <= parry_dist || r.gap0.abs() <= parry_dist;
        if in_parry_range(case, &tol) && !tangent {
            counted += 1;
            hit_miss_agree += (c.is_some() == p.is_some()) as usize;
            full_agree += agrees as usize;
        }
        if agrees {
            continue;
        }
        // They disagree: the reference decides, and only the core can fail here.
        match compare(case, c, &r, &tol) {
            Ok(()) => parry_wrong += 1,
            Err(e) => failures.push(format!("{e}\n  parry: {p:?}")),
        }
    }
    println!(
        "{kind:?}: {n} cases; in parry's range and not near-tangent: {counted}, hit/miss \
         agreement {hit_miss_agree}, full agreement {full_agree}; {parry_wrong} disagreements \
         settled for the core, {} against it",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{kind:?}: core wrong where it disagrees with parry ({} cases), first:\n{}",
        failures.len(),
        failures
            .iter()
            .take(8)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(
        counted * 2 >= n,
        "{kind:?}: only {counted} cases in parry's range"
    );
    assert!(
        hit_miss_agree * 100 >= counted * 99,
        "{kind:?}: hit/miss agreement with parry only {hit_miss_agree}/{counted}"
    );
    assert!(
        full_agree * 100 >= counted * 95,
        "{kind:?}: full agreement with parry only {full_agree}/{counted}"
    );
}

#[test]
fn circle_vs_cuboid_agrees_with_parry() {
    run(Kind::Aabb, 41, 1000);
}

#[test]
fn circle_vs_rotated_cuboid_agrees_with_parry() {
    run(Kind::Obb, 42, 1000);
}

#[test]
fn circle_vs_segment_agrees_with_parry() {
    run(Kind::Segment, 43, 1000);
}

#[test]
fn circle_vs_ball_agrees_with_parry() {
    run(Kind::Circle, 44, 1000);
}

/// The adapter itself, on a case with a known answer: a head-on face hit at t = 0.25.
#[test]
fn parry_adapter_answers_a_known_case() {
    use sweepscope::{Aabb, Obstacle, Sweep, Vec2};
    let b = Obstacle::Aabb(Aabb::new(Vec2::new(-1.0, -1.0), Vec2::new(1.0, 1.0)));
    let p = parry::cast(
        &Sweep::new(Vec2::new(-3.0, 0.0), Vec2::new(3.0, 0.0), 0.5),
        &b,
    )
    .expect("hit");
    assert!((p.time - 0.25).abs() < 1e-4, "{p:?}");
    assert!((p.normal - Vec2::new(-1.0, 0.0)).length() < 1e-4, "{p:?}");
}
