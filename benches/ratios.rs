//! The core against parry2d and naive sub-stepping, interleaved: ratios that survive a
//! machine whose speed drifts.
//!
//! On a shared VM the clock drifts by tens of percent within seconds, and criterion times
//! one engine after the other, so a ratio between two of its figures carries that drift.
//! Here each round runs every engine once over the same 4,096 cases, back to back, for
//! many rounds; each engine keeps its fastest round. Both figures of a ratio then come
//! from the same stretch of time. The sets are the criterion bench's (`bench_sets`).
//! Run: `cargo bench --no-default-features --bench ratios` (prints a Markdown table).

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use common::bench_sets::{SET, balanced, field};
use common::{Kind, core, parry};
use sweepscope::variants::{self, Params, Variant};
use sweepscope::{Aabb, Obstacle, Sweep, Vec2};

/// Time per row: long enough for every engine to catch the same quiet stretch.
const ROW: Duration = Duration::from_secs(4);

/// Fastest round of each closure, in nanoseconds per query, running them in turn. Each
/// timed pass follows an untimed one of the same engine, so it starts with warm caches,
/// branch predictors and vector units, as criterion's repeated passes do, rather than
/// with the previous engine's.
fn interleaved(mut runs: Vec<Box<dyn FnMut() + '_>>) -> Vec<f64> {
    let mut best = vec![f64::INFINITY; runs.len()];
    let start = Instant::now();
    while start.elapsed() < ROW {
        for (run, best) in runs.iter_mut().zip(&mut best) {
            run();
            let t0 = Instant::now();
            run();
            *best = best.min(t0.elapsed().as_nanos() as f64 / SET as f64);
        }
    }
    best
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument is not supported here.
    let params = Params { substeps: 16 };
    println!("| query | core ns | parry2d ns | naive ns | parry ÷ core | naive ÷ core |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (kind, name, seed) in [
        (Kind::Aabb, "circle vs box", 1),
        (Kind::Obb, "circle vs rotated box", 2),
        (Kind::Segment, "circle vs segment", 3),
        (Kind::Circle, "circle vs circle", 4),
    ] {
        let set = balanced(kind, seed);
        let t = interleaved(vec![
            Box::new(|| {
                for case in &set {
                    black_box(core(black_box(&case.sweep), black_box(&case.obstacle)));
                }
            }),
            Box::new(|| {
                for case in &set {
                    black_box(parry::cast(
                        black_box(&case.sweep),
                        black_box(&case.obstacle),
                    ));
                }
            }),
            Box::new(|| {
                for case in &set {
                    black_box(variants::run(
                        Variant::Substep,
                        black_box(&case.sweep),
                        black_box(&case.obstacle),
                        &params,
                    ));
                }
            }),
        ]);
        println!(
            "| {name} | {:.1} | {:.0} | {:.0} | {:.1}× | {:.1}× |",
            t[0],
            t[1],
            t[2],
            t[1] / t[0],
            t[2] / t[0]
        );
    }

    let (boxes, sweeps) = field(5);
    let one_sweep = Sweep::new(Vec2::new(-60.0, -55.0), Vec2::new(60.0, 57.0), 0.75);
    let one_box = Aabb::new(Vec2::new(-5.0, -3.0), Vec2::new(4.0, 6.0));
    let mut times = vec![0.0f32; SET];
    let mut times2 = vec![0.0f32; SET];
    println!();
    println!(
        "| batched | `query::batch` ns | one full query each ns | parry2d ns | parry ÷ batch |"
    );
    println!("|---|---:|---:|---:|---:|");
    let t = interleaved(vec![
        Box::new(|| {
            sweepscope::query::batch::sweep_vs_aabbs(
                black_box(&one_sweep),
                black_box(&boxes),
                &mut times,
            );
            black_box(&times);
        }),
        Box::new(|| {
            for bx in &boxes {
                black_box(black_box(&one_sweep).vs_aabb(black_box(bx)));
            }
        }),
        Box::new(|| {
            for bx in &boxes {
                black_box(parry::cast(black_box(&one_sweep), &Obstacle::Aabb(*bx)));
            }
        }),
    ]);
    println!(
        "| 1 sweep vs 4,096 boxes | {:.1} | {:.1} | {:.0} | {:.0}× |",
        t[0],
        t[1],
        t[2],
        t[2] / t[0]
    );
    let t = interleaved(vec![
        Box::new(|| {
            sweepscope::query::batch::sweeps_vs_aabb(
                black_box(&sweeps),
                black_box(&one_box),
                &mut times2,
            );
            black_box(&times2);
        }),
        Box::new(|| {
            for s in &sweeps {
                black_box(black_box(s).vs_aabb(black_box(&one_box)));
            }
        }),
        Box::new(|| {
            for s in &sweeps {
                black_box(parry::cast(black_box(s), &Obstacle::Aabb(one_box)));
            }
        }),
    ]);
    println!(
        "| 4,096 sweeps vs 1 box | {:.1} | {:.1} | {:.0} | {:.0}× |",
        t[0],
        t[1],
        t[2],
        t[2] / t[0]
    );
}
