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
