//! The core against parry2d and naive sub-stepping, interleaved: ratios that survive a
//! machine whose speed drifts.
//!
//! On a shared VM the clock drifts by tens of percent within seconds, and criterion times
//! one engine after the other, so a ratio between two of its figures carries that drift.
//! Here each round runs every engine once over the same 4,096 cases, back to back, for
//! many rounds; each engine keeps its fastest round. Both figures of a ratio then come
//! from the same stretch of time. The sets are the criterion bench's (`bench_sets`): the
//! tests' stress mix, then a plain uniform one.
//! Run: `cargo bench --no-default-features --bench ratios` (prints a Markdown table).

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Duration;

use common::bench_sets::{Engine, KINDS, MIXES, Run, SET, fastest_rounds, field, keep};
use common::parry;
use sweepscope::query::batch;
use sweepscope::{Aabb, Obstacle, Sweep, Vec2};

/// Time per row: long enough for every engine to catch the same quiet stretch.
const ROW: Duration = Duration::from_secs(4);

/// [`fastest_rounds`] over one set, for this bench's row time.
fn interleaved(runs: Vec<Run<'_>>) -> Vec<f64> {
    fastest_rounds(runs, ROW, SET)
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument is not supported here.
    println!("| query | core ns | parry2d ns | naive ns | parry ÷ core | naive ÷ core |");
    println!("|---|---:|---:|---:|---:|---:|");
    // The stress mix first, then the plain one.
    for (mix, sets) in MIXES {
        for (kind, _, name, seed) in KINDS {
            let set = sets(kind, seed);
            let set = &set;
            let t = interleaved(
                Engine::ALL
                    .map(|engine| -> Box<dyn FnMut() + '_> { Box::new(move || engine.pass(set)) })
                    .into(),
            );
            println!(
                "| {name} ({mix}) | {:.1} | {:.0} | {:.0} | {:.1}× | {:.1}× |",
                t[0],
                t[1],
                t[2],
                t[1] / t[0],
                t[2] / t[0]
            );
        }
    }

    let (boxes, sweeps) = field(5);
    let one_sweep = Sweep::new(Vec2::new(-60.0, -55.0), Vec2::new(60.0, 57.0), 0.75);
    let one_box = Aabb::new(Vec2::new(-5.0, -3.0), Vec2::new(4.0, 6.0));
    let mut times = vec![0.0f32; SET];
    println!();
    println!(
        "| batched | `query::batch` ns | one full query each ns | parry2d ns | parry ÷ batch |"
    );
    println!("|---|---:|---:|---:|---:|");
    let pairs: Vec<_> = boxes.iter().map(|b| (one_sweep, *b)).collect();
    batched_row("1 sweep vs 4,096 boxes", &pairs, || {
        batch::sweep_vs_aabbs(black_box(&one_sweep), black_box(&boxes), &mut times);
        black_box(&times);
    });
    let pairs: Vec<_> = sweeps.iter().map(|s| (*s, one_box)).collect();
    batched_row("4,096 sweeps vs 1 box", &pairs, || {
        batch::sweeps_vs_aabb(black_box(&sweeps), black_box(&one_box), &mut times);
        black_box(&times);
    });
}

/// One row of the batched table: the batched call against one full query and one parry2d
/// cast per (sweep, box) pair.
fn batched_row(label: &str, pairs: &[(Sweep, Aabb)], mut batched: impl FnMut()) {
    let t = interleaved(vec![
        Box::new(&mut batched),
        Box::new(|| {
            for (s, b) in pairs {
                keep(black_box(s).vs_aabb(black_box(b)));
            }
        }),
        Box::new(|| {
            for (s, b) in pairs {
                keep(parry::cast(black_box(s), &Obstacle::Aabb(*b)));
            }
        }),
    ]);
    println!(
        "| {label} | {:.1} | {:.1} | {:.0} | {:.0}× |",
        t[0],
        t[1],
        t[2],
        t[2] / t[0]
    );
}
