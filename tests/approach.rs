//! The closest approach and the start depth against the independent f64 reference: the
//! reference samples the gap `distance − r` along the motion with point distances only
//! (`common::geom64`), sharing no formula with `sweepscope::approach`.

mod common;

use common::reference::gap;
use common::{Kind, Scale, core, random};
use sweepscope::{Obstacle, Sweep};

/// The smallest reference gap over `[0, 1]`: dense samples, then a golden-section search
/// around the best one (the gap is convex along the motion).
fn reference_min_gap(sweep: &Sweep, obstacle: &Obstacle) -> (f64, f64) {
    const N: usize = 400;
    let g = |t: f64| gap(sweep, obstacle, t);
    let best = (0..=N)
        .map(|k| k as f64 / N as f64)
        .min_by(|a, b| g(*a).total_cmp(&g(*b)))
        .unwrap_or(0.0);
    let (mut lo, mut hi) = (
        (best - 1.0 / N as f64).max(0.0),
        (best + 1.0 / N as f64).min(1.0),
    );
    let k = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..80 {
        let x1 = hi - k * (hi - lo);
        let x2 = lo + k * (hi - lo);
        if g(x1) <= g(x2) {
            hi = x2;
        } else {
            lo = x1;
        }
    }
    let t = 0.5 * (lo + hi);
    (t, g(t))
}

/// The size of a case, for tolerances.
fn scale(sweep: &Sweep, obstacle: &Obstacle) -> f64 {
    let b = obstacle.bounds().union(&sweep.bounds());
    f64::from(
        b.size()
            .max_element()
            .max(b.min.abs().max_element())
            .max(b.max.abs().max_element()),
    )
    .max(1.0)
}

#[test]
fn the_closest_approach_of_a_miss_is_the_reference_minimum_gap() {
    let mut checked = 0;
    for kind in [Kind::Aabb, Kind::Obb, Kind::Segment, Kind::Circle] {
        for (i, c) in random::cases(11, kind, Scale::Varied, 3000)
            .iter()
            .enumerate()
        {
            if core(&c.sweep, &c.obstacle).is_some() {
                continue;
            }
            let a = c.obstacle.closest_approach(&c.sweep).expect("valid case");
            let (t_ref, g_ref) = reference_min_gap(&c.sweep, &c.obstacle);
            let tol = 1e-5 * scale(&c.sweep, &c.obstacle);
            assert!(
                (f64::from(a.clearance) - g_ref).abs() <= tol,
                "{kind:?} #{i}: clearance {} vs reference {g_ref} at t = {t_ref}: {c:?}",
                a.clearance
            );
            // The gap at the reported time is the reported clearance.
            let at = gap(&c.sweep, &c.obstacle, f64::from(a.time));
            assert!(
                (at - f64::from(a.clearance)).abs() <= tol,
                "{kind:?} #{i}: {at} vs {a:?}"
            );
            // A miss never comes closer than touching.
            assert!(
                a.clearance >= -1e-6 * scale(&c.sweep, &c.obstacle) as f32,
                "{kind:?} #{i}"
            );
            checked += 1;
        }
    }
    assert!(checked > 2000, "only {checked} misses checked");
}

#[test]
fn a_clear_overlap_on_the_way_is_a_hit() {
    for kind in [Kind::Aabb, Kind::Obb, Kind::Segment, Kind::Circle] {
        for (i, c) in random::cases(12, kind, Scale::Varied, 3000)
            .iter()
            .enumerate()
        {
            let a = c.obstacle.closest_approach(&c.sweep).expect("valid case");
            let tol = 1e-4 * scale(&c.sweep, &c.obstacle) as f32;
            if a.clearance < -tol {
                assert!(
                    core(&c.sweep, &c.obstacle).is_some(),
                    "{kind:?} #{i}: {a:?} {c:?}"
                );
            }
            if a.clearance > tol {
                assert!(
                    core(&c.sweep, &c.obstacle).is_none(),
                    "{kind:?} #{i}: {a:?} {c:?}"
                );
            }
        }
    }
}

#[test]
fn a_start_inside_has_a_depth_and_a_start_outside_none() {
    for kind in [Kind::Aabb, Kind::Obb, Kind::Segment, Kind::Circle] {
        for (i, c) in random::cases(13, kind, Scale::Varied, 3000)
            .iter()
            .enumerate()
        {
            let g0 = gap(&c.sweep, &c.obstacle, 0.0);
            let depth = c.obstacle.start_depth(&c.sweep);
            let tol = 1e-5 * scale(&c.sweep, &c.obstacle);
            match depth {
                // The reference's distance is 0 inside a box, so it sees only the part of
                // the depth up to the radius; past it, the centre is inside.
                Some(d) if g0 > -f64::from(c.sweep.radius) + tol => {
                    assert!(
                        (f64::from(d) + g0).abs() <= tol,
                        "{kind:?} #{i}: depth {d}, gap {g0}"
                    )
                }
                Some(d) => assert!(
                    f64::from(d) >= f64::from(c.sweep.radius) - tol,
                    "{kind:?} #{i}"
                ),
                None => assert!(g0 >= -tol, "{kind:?} #{i}: gap {g0} but no depth"),
            }
        }
    }
}
