//! Events per second of the event-driven disc engine against the naive O(n²) baseline at
//! n = 100, 1,000 and 10,000 discs (30% of the box covered), from the same start.
//!
//! `cargo bench --bench sim` reports each as elements (events) per second; the ratio and
//! the energy drift are printed by `sweepscope sim --bench`, which runs the same worlds.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use glam::Vec2;
use sweepscope::Aabb;
use sweepscope::sim::{NaiveWorld, World, random_discs};

/// A square box holding `n` discs of radius about 3 at 30% packing.
fn bounds(n: usize) -> Aabb {
    Aabb::new(Vec2::ZERO, Vec2::splat((n as f32).sqrt() * 10.0))
}

fn sim(c: &mut Criterion) {
    let mut group = c.benchmark_group("sim");
    group.sample_size(10);
    for n in [100usize, 1_000, 10_000] {
        let b = bounds(n);
        let Ok(discs) = random_discs(n, 0.3, 1, b) else {
            continue;
        };
        if let Ok(mut world) = World::new(b, &discs, &[]) {
            world.run_events(n as u64); // past the start-up burst
            let per_iter = 20_000;
            group.throughput(Throughput::Elements(per_iter));
            group.bench_function(BenchmarkId::new("engine", n), |bench| {
                bench.iter(|| world.run_events(per_iter))
            });
        }
        if let Ok(mut naive) = NaiveWorld::new(b, &discs, &[]) {
            // Each naive event scans all n² pairs: keep an iteration short.
            let per_iter = (2_000_000 / (n * n) as u64).max(1);
            group.throughput(Throughput::Elements(per_iter));
            group.bench_function(BenchmarkId::new("naive", n), |bench| {
                bench.iter(|| naive.run_events(per_iter))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, sim);
criterion_main!(benches);
