//! The batched box queries against the single query, on the shared random generator's box
//! cases (corners, tangents, axis-parallel and zero motion, starts inside, zero-width
//! boxes, coordinates near 1e6): the times must be the same f32, bit for bit, whichever
//! vector instruction set the CPU gives the batched loops.

mod common;

use common::{Kind, Scale};
use sweepscope::query::batch::{sweep_vs_aabbs, sweeps_vs_aabb};
use sweepscope::{Aabb, Obstacle, Sweep, Vec2};

fn single(sweep: &Sweep, aabb: &Aabb) -> f32 {
    sweep.vs_aabb(aabb).map_or(f32::INFINITY, |h| h.time)
}

/// Box cases from the generator, `n` of them, at `scale`.
fn box_cases(seed: u64, scale: Scale, n: usize) -> Vec<(Sweep, Aabb)> {
    common::random::cases(seed, Kind::Aabb, scale, n)
        .into_iter()
        .map(|c| match c.obstacle {
            Obstacle::Aabb(b) => (c.sweep, b),
            other => panic!("the generator gave {other:?} for a box case"),
        })
        .collect()
}

/// Runs one batched call per group of 300 of the generator's box cases (both scales) and
/// checks every time against the single query, bit for bit. `group` turns a chunk into
/// the call's (sweep, box) pairs; `batched` makes the call. The whole set must mix hits
/// and misses, so a batch that always misses cannot pass.
fn check_groups(
    seeds: [u64; 2],
    group: impl Fn(&[(Sweep, Aabb)]) -> Vec<(Sweep, Aabb)>,
    batched: impl Fn(&[(Sweep, Aabb)], &mut [f32]),
) {
    let (mut hits, mut total) = (0, 0);
    for (seed, scale) in seeds.into_iter().zip([Scale::Varied, Scale::Large]) {
        for chunk in box_cases(seed, scale, 3000).chunks(300) {
            let pairs = group(chunk);
            let mut out = vec![f32::NAN; pairs.len()];
            batched(&pairs, &mut out);
            for ((s, b), t) in pairs.iter().zip(&out) {
                assert_eq!(single(s, b).to_bits(), t.to_bits(), "{s:?} vs {b:?}");
                hits += usize::from(t.is_finite());
                total += 1;
            }
        }
    }
    assert!(
        hits > total / 5 && hits < total * 4 / 5,
        "a mix: {hits} hits of {total}"
    );
}

#[test]
fn many_sweeps_against_one_box_match_single_queries() {
    // The chunk's first box against every sweep of the chunk, each shifted so it aims at
    // that box the way it aimed at its own.
    let group = |chunk: &[(Sweep, Aabb)]| {
        let aabb = chunk[0].1;
        let shifted = |(s, b): &(Sweep, Aabb)| {
            let shift = aabb.center() - b.center();
            (Sweep::new(s.start + shift, s.end + shift, s.radius), aabb)
        };
        chunk.iter().map(shifted).collect()
    };
    check_groups([11, 12], group, |pairs, out| {
        let sweeps: Vec<Sweep> = pairs.iter().map(|p| p.0).collect();
        sweeps_vs_aabb(&sweeps, &pairs[0].1, out);
    });
}

#[test]
fn one_sweep_against_many_boxes_matches_single_queries() {
    // The chunk's first sweep against every box of the chunk, each shifted so this sweep
    // meets it the way its own sweep did.
    let group = |chunk: &[(Sweep, Aabb)]| {
        let sweep = chunk[0].0;
        let shifted = |(s, b): &(Sweep, Aabb)| {
            let shift = sweep.start - s.start;
            (sweep, Aabb::new(b.min + shift, b.max + shift))
        };
        chunk.iter().map(shifted).collect()
    };
    check_groups([21, 22], group, |pairs, out| {
        let boxes: Vec<Aabb> = pairs.iter().map(|p| p.1).collect();
        sweep_vs_aabbs(&pairs[0].0, &boxes, out);
    });
}

#[test]
fn short_output_and_leftover_entries() {
    let aabb = Aabb::new(Vec2::ZERO, Vec2::ONE);
    let sweeps = vec![Sweep::new(Vec2::new(-3.0, 0.5), Vec2::new(3.0, 0.5), 0.5); 10];
    // `out` shorter than the input: only its length is written.
    let mut out = vec![7.0; 4];
    sweeps_vs_aabb(&sweeps, &aabb, &mut out);
    assert_eq!(out, vec![single(&sweeps[0], &aabb); 4]);
    // `out` longer: the extra entries are left alone.
    let mut out = vec![7.0; 12];
    sweep_vs_aabbs(&sweeps[0], &[aabb; 10], &mut out);
    assert_eq!(&out[10..], &[7.0, 7.0]);
    assert!(out[..10].iter().all(|t| *t == single(&sweeps[0], &aabb)));
}

/// A batch skips a block of eight lanes that are all certainly far from the path (apart
/// from its bounding box, or beyond the band of half-width `r` around its line): boxes
/// whose nearest corner is exactly `r` from a 3-4-5 path (a graze, no hit) and a step of
/// one unit in the last place either way (a hit, or a clear miss), on both sides of the
/// path and at scales from 2⁻²⁰ to 2²⁰, must get the single query's times, bit for bit.
/// Eight copies of each box fill a block, so a wrong skip could not hide behind a
/// neighbour that forces the full test.
#[test]
fn far_blocks_are_skipped_only_when_the_box_is_certainly_beyond_the_band() {
    let mut hits = 0;
    let mut lanes = 0;
    for j in (-20..=20).step_by(5) {
        let k = 2f32.powi(j);
        let sweep = Sweep::new(Vec2::ZERO, Vec2::new(40.0, 30.0) * k, 5.0 * k);
        // The corners (15, 5) and (-15, -5)·... at distance exactly 5 from the line
        // 3x - 4y = 0, below-right and above-left of it: (15, 5) → |45 − 20| / 5 = 5.
        for (corner, below) in [
            (Vec2::new(15.0, 5.0) * k, true),
            (Vec2::new(-5.0, 15.0) * k, false),
        ] {
            for (dx, dy) in [(0, 0), (0, 1), (0, -1), (1, 0), (-1, 0), (-1, 1), (1, -1)] {
                let step = |v: f32, d: i32| match d {
                    1 => v.next_up(),
                    -1 => v.next_down(),
                    _ => v,
                };
                let p = Vec2::new(step(corner.x, dx), step(corner.y, dy));
                let size = Vec2::splat(2.0 * k);
                // The nearest corner of the box is `p`: top-left below the path,
                // bottom-right above it.
                let b = if below {
                    Aabb::new(Vec2::new(p.x, p.y - size.y), Vec2::new(p.x + size.x, p.y))
                } else {
                    Aabb::new(Vec2::new(p.x - size.x, p.y), Vec2::new(p.x, p.y + size.y))
                };
                let boxes = vec![b; 8];
                let mut out = vec![0.0; 8];
                sweep_vs_aabbs(&sweep, &boxes, &mut out);
                let want = single(&sweep, &b);
                for t in &out {
                    assert_eq!(
                        t.to_bits(),
                        want.to_bits(),
                        "{sweep:?} {b:?}: {t} vs {want}"
                    );
                }
                let sweeps = vec![sweep; 8];
                sweeps_vs_aabb(&sweeps, &b, &mut out);
                for t in &out {
                    assert_eq!(
                        t.to_bits(),
                        want.to_bits(),
                        "{sweep:?} {b:?}: {t} vs {want}"
                    );
                }
                hits += usize::from(want.is_finite());
                lanes += 1;
            }
        }
    }
    // Some steps reach into the band, the exact corners only graze.
    assert!(hits > 0 && hits < lanes, "{hits} hits of {lanes}");
}
