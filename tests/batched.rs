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

#[test]
fn many_sweeps_against_one_box_match_single_queries() {
    let (mut hits, mut total) = (0, 0);
    for (seed, scale) in [(11, Scale::Varied), (12, Scale::Large)] {
        let cases = box_cases(seed, scale, 3000);
        // Each box of the set, against every sweep of the set that was made for a box of
        // the same size: group by box so every call has one box and many sweeps.
        for chunk in cases.chunks(300) {
            let aabb = chunk[0].1;
            // Sweeps shifted so they aim at this box the way they aimed at their own.
            let sweeps: Vec<Sweep> = chunk
                .iter()
                .map(|(s, b)| {
                    let shift = aabb.center() - b.center();
                    Sweep::new(s.start + shift, s.end + shift, s.radius)
                })
                .collect();
            let mut out = vec![f32::NAN; sweeps.len()];
            sweeps_vs_aabb(&sweeps, &aabb, &mut out);
            for (s, t) in sweeps.iter().zip(&out) {
                assert_eq!(single(s, &aabb).to_bits(), t.to_bits(), "{s:?} vs {aabb:?}");
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
fn one_sweep_against_many_boxes_matches_single_queries() {
    let (mut hits, mut total) = (0, 0);
    for (seed, scale) in [(21, Scale::Varied), (22, Scale::Large)] {
        let cases = box_cases(seed, scale, 3000);
        for chunk in cases.chunks(300) {
            let sweep = chunk[0].0;
            // Boxes shifted so this sweep meets each the way its own sweep did.
            let boxes: Vec<Aabb> = chunk
                .iter()
                .map(|(s, b)| {
                    let shift = sweep.start - s.start;
                    Aabb::new(b.min + shift, b.max + shift)
                })
                .collect();
            let mut out = vec![f32::NAN; boxes.len()];
            sweep_vs_aabbs(&sweep, &boxes, &mut out);
            for (b, t) in boxes.iter().zip(&out) {
                assert_eq!(
                    single(&sweep, b).to_bits(),
                    t.to_bits(),
                    "{sweep:?} vs {b:?}"
                );
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
