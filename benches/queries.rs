//! Query throughput: the exact core beside parry2d's shape cast and naive sub-stepping,
//! on the same seeded cases in the same run.
//!
//! Each kind gets a fixed set of 4096 cases (half hits, half misses by the core's answer)
//! from the shared test generator; a measurement runs the whole set, so criterion's
//! throughput is per query. The batched forms time one sweep against 4096 boxes and 4096
//! sweeps against one box. Run:
//! `cargo bench --bench queries -- --warm-up-time 1 --measurement-time 3`

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;

use common::{Case, Kind, Rng, Scale, core, parry};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sweepscope::variants::{self, Params, Variant};
use sweepscope::{Aabb, Obstacle, Sweep, Vec2};

const SET: usize = 4096;
/// Sub-steps for the naive baseline.
const SUBSTEPS: u32 = 16;

/// 4096 cases of `kind`: the generator's output filtered to an even hit/miss split.
fn balanced(kind: Kind, seed: u64) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    let (mut hits, mut misses) = (Vec::new(), Vec::new());
    while hits.len() < SET / 2 || misses.len() < SET / 2 {
        let case = common::random::case(&mut rng, kind, Scale::Varied);
        let bucket = if core(&case.sweep, &case.obstacle).is_some() {
            &mut hits
        } else {
            &mut misses
        };
        if bucket.len() < SET / 2 {
            bucket.push(case);
        }
    }
    hits.extend(misses);
    // Interleave so branch predictors see a mix, as a real broad phase would feed them.
    let mut shuffled = Vec::with_capacity(SET);
    for i in 0..SET / 2 {
        shuffled.push(hits[i]);
        shuffled.push(hits[SET / 2 + i]);
    }
    shuffled
}

fn per_kind(c: &mut Criterion) {
    let params = Params { substeps: SUBSTEPS };
    for (kind, name, seed) in [
        (Kind::Aabb, "aabb", 1),
        (Kind::Obb, "obb", 2),
        (Kind::Segment, "segment", 3),
        (Kind::Circle, "circle", 4),
    ] {
        let set = balanced(kind, seed);
        let mut g = c.benchmark_group(name);
        g.throughput(Throughput::Elements(set.len() as u64));
        g.bench_function("core", |b| {
            b.iter(|| {
                for case in &set {
                    black_box(core(black_box(&case.sweep), black_box(&case.obstacle)));
                }
            })
        });
        g.bench_function("parry", |b| {
            b.iter(|| {
                for case in &set {
                    black_box(parry::cast(
                        black_box(&case.sweep),
                        black_box(&case.obstacle),
                    ));
                }
            })
        });
        g.bench_function("naive_substep16", |b| {
            b.iter(|| {
                for case in &set {
                    black_box(variants::run(
                        Variant::Substep,
                        black_box(&case.sweep),
                        black_box(&case.obstacle),
                        &params,
                    ));
                }
            })
        });
        g.finish();
    }
}

/// Boxes scattered over a 100 × 100 field, and sweeps crossing it, for the batched forms.
fn field(seed: u64) -> (Vec<Aabb>, Vec<Sweep>) {
    let mut rng = Rng::new(seed);
    let mut p = |lo: f64, hi: f64| rng.range(lo, hi) as f32;
    let boxes = (0..SET)
        .map(|_| {
            let c = Vec2::new(p(-50.0, 50.0), p(-50.0, 50.0));
            Aabb::from_center_half_extents(c, Vec2::new(p(0.1, 2.0), p(0.1, 2.0)))
        })
        .collect();
    let sweeps = (0..SET)
        .map(|_| {
            let s = Vec2::new(p(-60.0, 60.0), p(-60.0, 60.0));
            Sweep::new(
                s,
                s + Vec2::new(p(-20.0, 20.0), p(-20.0, 20.0)),
                p(0.1, 1.5),
            )
        })
        .collect();
    (boxes, sweeps)
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
                black_box(black_box(&one_sweep).vs_aabb(black_box(bx)));
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
                black_box(parry::cast(black_box(&one_sweep), &Obstacle::Aabb(*bx)));
            }
        })
    });
    g.bench_function("4096_sweeps_vs_one_box/core", |b| {
        b.iter(|| {
            for s in &sweeps {
                black_box(black_box(s).vs_aabb(black_box(&one_box)));
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
                black_box(parry::cast(black_box(s), &Obstacle::Aabb(one_box)));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, per_kind, batched);
criterion_main!(benches);
