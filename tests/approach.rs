//! The closest approach and the start depth against the independent f64 reference: the
//! reference samples the gap `distance − r` along the motion with point distances only
//! (`common::geom64`), sharing no formula with `sweepscope::approach`.

mod common;

use common::reference::gap;
use common::{Kind, Scale, core, random};
use sweepscope::{Aabb, Obb, Obstacle, Segment, Sweep, Vec2};

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

#[test]
fn the_plotted_clearance_of_a_ball_inside_a_box_is_the_closest_approachs_signed_gap() {
    // The bug: the plot drew distance − r with the distance 0 inside (flat at −5 here) while
    // the inspector and report.md gave the closest approach's signed gap (−6.5 at t = 0.1).
    let sweep = Sweep::new(Vec2::new(0.0, 0.0), Vec2::new(25.0, 15.0), 5.0);
    let b = Obstacle::Aabb(Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 4.0)));
    let a = b
        .closest_approach(&sweep)
        .unwrap_or_else(|| panic!("an approach"));
    assert!(a.clearance < -5.0, "{a:?}");
    let plotted = b.clearance_at(sweep.at(a.time), sweep.radius, a.time);
    assert!((plotted - a.clearance).abs() < 1e-5, "{plotted} vs {a:?}");
    // Everywhere along the motion: the signed gap is the distance − r outside and minus
    // the depth inside.
    for k in 0..=100 {
        let t = k as f32 / 100.0;
        let p = sweep.at(t);
        let gap = b.clearance_at(p, sweep.radius, t);
        match sweepscope::approach::penetration_depth(p, sweep.radius, b.solid(), t) {
            Some(depth) => assert!((gap + depth).abs() < 1e-5, "t {t}: {gap} {depth}"),
            None => {
                let d = b.distance_at(p, t) - sweep.radius;
                assert!((gap - d).abs() < 1e-5, "t {t}: {gap} {d}");
            }
        }
    }
}

/// Bug: `Sweep::at(1.0)` was `start + (end − start)·1` in f32, which lost the end when
/// the start was 2²⁴ times farther out: (1e8, 0) → (3, 0) ended at (0, 0).
#[test]
fn a_far_start_still_ends_exactly_at_its_end() {
    let s = Sweep::new(Vec2::new(1.0e8, 0.0), Vec2::new(3.0, 0.0), 1.0);
    assert_eq!(s.at(1.0), s.end);
    assert_eq!(s.at(0.0), s.start);
    let s = Sweep::new(Vec2::new(-3.4e38, 7.0), Vec2::new(1e-45, -2.5), 0.0);
    assert_eq!((s.at(0.0), s.at(1.0)), (s.start, s.end));
}

/// Bug: a start 1e17 out moving to (3, 0) clears the box [-1, 0] × [-1, 1] by 2 at its
/// end, and the exact query says miss, but the closest approach (in f64, `start + d·t`)
/// put the end at the origin, 1 deep in the box, and the clearance along the path said -1.
#[test]
fn the_closest_approach_of_a_far_start_agrees_with_the_exact_miss() {
    let b = Obstacle::Aabb(Aabb::new(Vec2::new(-1.0, -1.0), Vec2::new(0.0, 1.0)));
    for far in [1.0e17, 3.0e38] {
        let s = Sweep::new(Vec2::new(far, 0.0), Vec2::new(3.0, 0.0), 1.0);
        assert_eq!(b.cast(&s), None);
        let a = b.closest_approach(&s).expect("valid input");
        assert_eq!((a.time, a.clearance, a.center), (1.0, 2.0, s.end), "{far}");
        assert_eq!(b.clearance_on_path(&s, 1.0), 2.0, "{far}");
    }
}

/// Bug: the closest approach and the start depth are computed in f64, and at the edge of
/// f32 their sign contradicted the exact query (an overlap of 1e-45 against a radius of
/// 3.4e38 rounded away). Their sign is now the exact query's, on random cases of every
/// scale.
#[test]
fn closest_approach_and_start_depth_never_contradict_the_exact_query() {
    let mut rng = common::random::Rng::new(77);
    let mut pick = || -> f32 {
        let e = rng.below(260) as i32 - 130;
        let m = 1.0 + rng.below(1000) as f32 / 1000.0;
        let sign = if rng.chance(0.5) { 1.0 } else { -1.0 };
        match rng.below(8) {
            0 => 0.0,
            1 => 1e-45 * sign,
            _ => sign * m * 2f32.powi(e),
        }
    };
    let mut overlaps = 0;
    for k in 0..40_000 {
        let v: Vec<f32> = (0..9).map(|_| pick()).collect();
        let (p, q) = (Vec2::new(v[0], v[1]), Vec2::new(v[2], v[3]));
        let s = Sweep::new(Vec2::new(v[4], v[5]), Vec2::new(v[6], v[7]), v[8].abs());
        let o = match k % 4 {
            0 => Obstacle::Aabb(Aabb::from_points(p, q)),
            1 => Obstacle::Obb(Obb::new(p, q.abs(), v[8])),
            2 => Obstacle::Segment(Segment::new(p, q)),
            _ => Obstacle::Circle(Sweep::new(p, q, v[8].abs() * 0.5)),
        };
        if !(s.is_valid() && o.is_valid()) {
            continue;
        }
        let hit = o.cast(&s);
        let a = o.closest_approach(&s).expect("valid input");
        if hit.is_some() {
            assert!(a.clearance <= 0.0, "{s:?} {o:?}");
        } else {
            assert!(a.clearance >= 0.0, "{s:?} {o:?}");
        }
        let inside = hit.is_some_and(|h| h.started_inside);
        assert_eq!(o.start_depth(&s).is_some(), inside, "{s:?} {o:?}");
        overlaps += usize::from(inside);
    }
    assert!(overlaps > 100, "{overlaps}");
}
