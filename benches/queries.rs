//! Query throughput: the exact core beside parry2d's shape cast and naive sub-stepping,
//! on the same seeded cases in the same run.
//!
//! Each kind gets two fixed sets of 4096 cases (half hits, half misses by the core's
//! answer, in random order), the tests' stress mix and a plain uniform one
//! (`bench_sets::MIXES`); a measurement runs the whole set, so criterion's
//! throughput is per query. The batched forms time one sweep against 4096 boxes and 4096
//! sweeps against one box. Run:
//! `cargo bench --bench queries -- --warm-up-time 1 --measurement-time 3`

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;

use common::bench_sets::{Engine, KINDS, MIXES, SET, field, keep};
use common::parry;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sweepscope::{Aabb, Obstacle, Sweep, Vec2};

fn per_kind(c: &mut Criterion) {
    // Groups `stress_<kind>` and `uniform_<kind>` (see `bench_sets::MIXES`).
    for (mix, sets) in MIXES {
        for (kind, name, _, seed) in KINDS {
            let set = sets(kind, seed);
            let mut g = c.benchmark_group(format!("{mix}_{name}"));
            g.throughput(Throughput::Elements(set.len() as u64));
            for engine in Engine::ALL {
                g.bench_function(engine.name(), |b| b.iter(|| engine.pass(&set)));
            }
            g.finish();
        }
    }
}

fn batched(c: &mut Criterion) {
    let (boxes, sweeps) = field(5);
    let one_sweep = Sweep::new(Vec2::new(-60.0, -55.0), Vec2::new(60.0, 57.0), 0.75);
    let one_box = Aabb::new(Vec2::new(-5.0, -3.0), Vec2::new(4.0, 6.0));
    let mut g = c.benchmark_group("batched");
    g.throughput(Throughput::Elements(SET as u64));
    g.bench_function("one_sweep_vs_4096_boxes/core", |b| {
        b.iter(|| {
            for bx in &boxes {
                keep(black_box(&one_sweep).vs_aabb(black_box(bx)));
            }
        })
    });
    let mut times = vec![0.0f32; SET];
    g.bench_function("one_sweep_vs_4096_boxes/core_batch", |b| {
        b.iter(|| {
            sweepscope::query::batch::sweep_vs_aabbs(
                black_box(&one_sweep),
                black_box(&boxes),
                &mut times,
            );
            black_box(&times);
        })
    });
    g.bench_function("one_sweep_vs_4096_boxes/parry", |b| {
        b.iter(|| {
            for bx in &boxes {
                keep(parry::cast(black_box(&one_sweep), &Obstacle::Aabb(*bx)));
            }
        })
    });
    g.bench_function("4096_sweeps_vs_one_box/core", |b| {
        b.iter(|| {
            for s in &sweeps {
                keep(black_box(s).vs_aabb(black_box(&one_box)));
            }
        })
    });
    g.bench_function("4096_sweeps_vs_one_box/core_batch", |b| {
        b.iter(|| {
            sweepscope::query::batch::sweeps_vs_aabb(
                black_box(&sweeps),
                black_box(&one_box),
                &mut times,
            );
            black_box(&times);
        })
    });
    g.bench_function("4096_sweeps_vs_one_box/parry", |b| {
        b.iter(|| {
            for s in &sweeps {
                keep(parry::cast(black_box(s), &Obstacle::Aabb(one_box)));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, per_kind, batched);
criterion_main!(benches);
