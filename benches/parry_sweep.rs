//! The core against both of parry2d's continuous-collision functions, interleaved:
//! `cast_shapes` (GJK shape casting under constant velocities) and `sweep_time_of_impact`
//! (conservative advancement on endpoint sweeps with a slop, the function Rapier's CCD
//! calls).
//!
//! Same method and sets as `benches/ratios.rs`: each round runs every engine once over the
//! same 4,096 cases (the tests' stress mix, then a plain uniform one), each timed pass after
//! an untimed one of the same engine, and each engine keeps its fastest pass over the row.
//! Both figures of a ratio come from the same stretch of time.
//!
//! `sweep_time_of_impact` is called as `variants::parry::sweep` calls it: the obstacle is
//! proxy A, the ball proxy B, `max_fraction = 1`, `linear_slop = 0.005`; the proxies are
//! built from the shapes on every call, as an engine that holds shapes does. It aims for a
//! different answer (a stop `slop` past contact, within `slop / 4`), so the last columns
//! count how many cases each engine calls a hit, to show the three did comparable work.
//!
//! Run: `cargo bench --no-default-features --bench parry_sweep` (prints a Markdown table).

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Duration;

use common::bench_sets::{Engine, KINDS, MIXES, Run, fastest_rounds, keep};
use common::{Case, core, parry};
use parry2d::math::{Pose, Vector};
use parry2d::query::{Sweep as ParrySweep, SweepToiStatus, ToiProxy, sweep_time_of_impact};
use parry2d::shape::{Ball, Cuboid, Segment as ParrySegment, Shape};
use sweepscope::{Obstacle, Sweep, Vec2};

/// Time per row: long enough for every engine to catch the same quiet stretch.
const ROW: Duration = Duration::from_secs(4);

/// The slop passed to `sweep_time_of_impact`: the typical value in parry's documentation,
/// and the one `variants::parry::sweep` uses.
const LINEAR_SLOP: f32 = 0.005;

fn pv(v: Vec2) -> Vector {
    Vector::new(v.x, v.y)
}

/// `sweep_time_of_impact` on one case: `Some(fraction)` on `Hit`, `Overlapped` or
/// `Failed` (which carries the last safe time), `None` on `Separated`.
#[inline(always)]
fn parry_sweep(sweep: &Sweep, obstacle: &Obstacle) -> Option<f32> {
    fn run(shape: &dyn Shape, pose: Pose, velocity: Vector, sweep: &Sweep) -> Option<f32> {
        let proxy_a = ToiProxy::from_shape(shape)?;
        let end_a = Pose::from_parts(pose.translation + velocity, pose.rotation);
        let sweep_a = ParrySweep::from_poses(&pose, &end_a, Vector::ZERO);
        let ball = Ball::new(sweep.radius);
        let proxy_b = ToiProxy::from_shape(&ball)?;
        let start_b = Pose::from_translation(pv(sweep.start));
        let end_b = Pose::from_translation(pv(sweep.end));
        let sweep_b = ParrySweep::from_poses(&start_b, &end_b, Vector::ZERO);
        let out = sweep_time_of_impact(&proxy_a, &sweep_a, &proxy_b, &sweep_b, 1.0, LINEAR_SLOP);
        (out.status != SweepToiStatus::Separated).then_some(out.fraction)
    }
    match obstacle {
        Obstacle::Aabb(b) => {
            let center = b.min * 0.5 + b.max * 0.5;
            let shape = Cuboid::new(pv(center - b.min));
            run(
                &shape,
                Pose::from_translation(pv(center)),
                Vector::ZERO,
                sweep,
            )
        }
        Obstacle::Obb(b) => {
            let shape = Cuboid::new(pv(b.half_extents));
            run(
                &shape,
                Pose::new(pv(b.center), b.angle),
                Vector::ZERO,
                sweep,
            )
        }
        Obstacle::Segment(s) => {
            let shape = ParrySegment::new(pv(s.a), pv(s.b));
            run(&shape, Pose::IDENTITY, Vector::ZERO, sweep)
        }
        Obstacle::Circle(c) => {
            let shape = Ball::new(c.radius);
            let pose = Pose::from_translation(pv(c.start));
            run(&shape, pose, pv(c.end - c.start), sweep)
        }
    }
}

/// The engines of one row, in the table's column order.
const ENGINES: [&str; 3] = ["core", "parry cast_shapes", "parry sweep_time_of_impact"];

/// One pass of `sweep_time_of_impact` over `set`, every answer kept from the optimiser.
#[inline(always)]
fn sweep_pass(set: &[Case]) {
    for case in set {
        keep(parry_sweep(
            black_box(&case.sweep),
            black_box(&case.obstacle),
        ));
    }
}

/// How many cases of `set` engine `i` calls a hit.
fn hits(i: usize, set: &[Case]) -> usize {
    set.iter()
        .filter(|c| match i {
            0 => core(&c.sweep, &c.obstacle).is_some(),
            1 => parry::cast(&c.sweep, &c.obstacle).is_some(),
            _ => parry_sweep(&c.sweep, &c.obstacle).is_some(),
        })
        .count()
}

/// Fastest pass of each engine over `set`, in nanoseconds per query, running them in turn.
/// The core and `cast_shapes` run in the very loop `benches/ratios.rs` builds (one closure
/// over `Engine::pass`), so their columns time the same code in the same loop as that
/// bench: the same query can take quite different times in two calling loops that differ
/// only in inlining and layout.
fn interleaved(set: &[Case]) -> Vec<f64> {
    let mut runs: Vec<Run<'_>> = [Engine::Core, Engine::Parry]
        .map(|engine| -> Box<dyn FnMut() + '_> { Box::new(move || engine.pass(set)) })
        .into();
    runs.push(Box::new(|| sweep_pass(set)));
    fastest_rounds(runs, ROW, set.len())
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument is not supported here.
    println!(
        "| query | {} ns | {} ns | {} ns | cast ÷ core | sweep ÷ core | hits: core / cast / sweep |",
        ENGINES[0], ENGINES[1], ENGINES[2]
    );
    println!("|---|---:|---:|---:|---:|---:|---|");
    for (mix, sets) in MIXES {
        for (kind, _, name, seed) in KINDS {
            let set = sets(kind, seed);
            let t = interleaved(&set);
            println!(
                "| {name} ({mix}) | {:.1} | {:.0} | {:.0} | {:.1}× | {:.1}× | {} / {} / {} |",
                t[0],
                t[1],
                t[2],
                t[1] / t[0],
                t[2] / t[0],
                hits(0, &set),
                hits(1, &set),
                hits(2, &set),
            );
        }
    }
}
