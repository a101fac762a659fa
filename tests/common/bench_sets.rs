//! The benchmarks' case sets, shared by `benches/queries.rs` (criterion) and
//! `benches/ratios.rs` (interleaved ratios), so both time the same queries.

use std::f64::consts::PI;
use std::hint::black_box;
use std::time::{Duration, Instant};

use super::{Case, Kind, Rng, Scale, core, parry};
use sweepscope::variants::{self, Params, Variant};

use sweepscope::{Aabb, Obb, Obstacle, Segment, Sweep, Vec2};

/// Keeps a query's whole answer from the optimiser without copying it.
///
/// `black_box(answer)` makes the 44-byte `Option<Hit>` an argument of its own: the compiler
/// copies it with two 32-byte loads straight after the narrower stores that wrote it, which
/// the CPU cannot forward from, and every engine's figure then carries that stall, several
/// nanoseconds that belong to the harness, not the query. `black_box(&answer)` needs every
/// byte in memory all the same, so nothing is skipped.
#[inline(always)]
pub fn keep<T>(answer: T) {
    black_box(&answer);
}

/// Cases per set.
pub const SET: usize = 4096;

/// Each query kind with its criterion group name, its table label and its set's seed.
pub const KINDS: [(Kind, &str, &str, u64); 4] = [
    (Kind::Aabb, "aabb", "circle vs box", 1),
    (Kind::Obb, "obb", "circle vs rotated box", 2),
    (Kind::Segment, "segment", "circle vs segment", 3),
    (Kind::Circle, "circle", "circle vs circle", 4),
];

/// The two case mixes each kind is timed on, by name: the tests' stress mix
/// ([`balanced`]) and a plain one ([`uniform`]).
pub const MIXES: [(&str, SetOf); 2] = [("stress", balanced), ("uniform", uniform)];

/// A mix's set of cases for a kind and a seed.
pub type SetOf = fn(Kind, u64) -> Vec<Case>;

/// The naive baseline: a 16-step sub-stepped distance test.
pub const NAIVE: Params = Params { substeps: 16 };

/// The engines the benches compare.
#[derive(Clone, Copy, Debug)]
pub enum Engine {
    Core,
    Parry,
    Naive,
}

impl Engine {
    pub const ALL: [Engine; 3] = [Engine::Core, Engine::Parry, Engine::Naive];

    /// The criterion bench's name for it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Core => "core",
            Engine::Parry => "parry",
            Engine::Naive => "naive_substep16",
        }
    }

    /// One pass over `set`, every answer kept from the optimiser.
    #[inline(always)]
    pub fn pass(self, set: &[Case]) {
        match self {
            Engine::Core => {
                for case in set {
                    keep(core(black_box(&case.sweep), black_box(&case.obstacle)));
                }
            }
            Engine::Parry => {
                for case in set {
                    keep(parry::cast(
                        black_box(&case.sweep),
                        black_box(&case.obstacle),
                    ));
                }
            }
            Engine::Naive => {
                for case in set {
                    keep(variants::run(
                        Variant::Substep,
                        black_box(&case.sweep),
                        black_box(&case.obstacle),
                        &NAIVE,
                    ));
                }
            }
        }
    }
}

/// 4096 cases of `kind`: the tests' generator's output filtered to an even hit/miss
/// split. A stress mix: it leans toward corners, ends, tangents and starts inside.
pub fn balanced(kind: Kind, seed: u64) -> Vec<Case> {
    balanced_from(seed, |rng| super::random::case(rng, kind, Scale::Varied))
}

/// 4096 cases of `kind` drawn plainly, as a broad phase might hand them over: a start
/// anywhere in a 12 × 12 square around the obstacle, a motion of any direction and a
/// length up to 8, a radius from 0.05 to 1; filtered to an even hit/miss split.
pub fn uniform(kind: Kind, seed: u64) -> Vec<Case> {
    balanced_from(seed, |rng| uniform_case(rng, kind))
}

fn uniform_case(rng: &mut Rng, kind: Kind) -> Case {
    let mut p = |lo: f64, hi: f64| rng.range(lo, hi) as f32;
    let start = Vec2::new(p(-6.0, 6.0), p(-6.0, 6.0));
    let end = start + Vec2::from_angle(p(-PI, PI)) * p(0.0, 8.0);
    let sweep = Sweep::new(start, end, p(0.05, 1.0));
    let center = Vec2::new(p(-2.0, 2.0), p(-2.0, 2.0));
    let obstacle = match kind {
        Kind::Aabb => {
            let half = Vec2::new(p(0.1, 2.0), p(0.1, 2.0));
            Obstacle::Aabb(Aabb::new(center - half, center + half))
        }
        Kind::Obb => {
            let half = Vec2::new(p(0.1, 2.0), p(0.1, 2.0));
            Obstacle::Obb(Obb::new(center, half, p(-PI, PI)))
        }
        Kind::Segment => {
            let reach = Vec2::from_angle(p(-PI, PI)) * p(0.1, 2.5);
            Obstacle::Segment(Segment::new(center - reach, center + reach))
        }
        Kind::Circle => {
            let motion = Vec2::from_angle(p(-PI, PI)) * p(0.0, 4.0);
            Obstacle::Circle(Sweep::new(center, center + motion, p(0.05, 1.5)))
        }
    };
    Case { sweep, obstacle }
}

/// 4096 cases from `draw`, half that the core calls hits and half misses, shuffled.
fn balanced_from(seed: u64, mut draw: impl FnMut(&mut Rng) -> Case) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    let (mut hits, mut misses) = (Vec::new(), Vec::new());
    while hits.len() < SET / 2 || misses.len() < SET / 2 {
        let case = draw(&mut rng);
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
    // In random order (Fisher–Yates), as a broad phase hands cases over: alternating hit,
    // miss, hit, … is a pattern the branch predictor learns, which makes the same queries
    // 1.2–1.5× faster and flatters every branchy engine.
    for i in (1..hits.len()).rev() {
        hits.swap(i, rng.below(i + 1));
    }
    hits
}

/// Boxes scattered over a 100 × 100 field, and sweeps crossing it, for the batched forms.
pub fn field(seed: u64) -> (Vec<Aabb>, Vec<Sweep>) {
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

/// One engine's pass over a set, for [`fastest_rounds`].
pub type Run<'a> = Box<dyn FnMut() + 'a>;

/// The fastest round of each run, in nanoseconds per query over `per` queries, the runs
/// taking turns for `row`. Each timed pass follows an untimed one of the same run, so it
/// starts with warm caches, branch predictors and vector units, as criterion's repeated
/// passes do, rather than with the previous run's; and every run's figure comes from the
/// same stretch of a drifting machine's time. The order the runs take their turns in
/// rotates from round to round: a run's place in the round moved its figure by as much as
/// 15% (the same code, built twice, timed 13–19% faster when it ran first), and each run
/// keeps its best round, so each must have the same places.
pub fn fastest_rounds(mut runs: Vec<Run<'_>>, row: Duration, per: usize) -> Vec<f64> {
    let n = runs.len();
    let mut best = vec![f64::INFINITY; n];
    let start = Instant::now();
    let mut round = 0;
    while start.elapsed() < row || round % n.max(1) != 0 {
        for k in 0..n {
            let i = (k + round) % n;
            let run = &mut runs[i];
            run();
            let t0 = Instant::now();
            run();
            best[i] = best[i].min(t0.elapsed().as_nanos() as f64 / per as f64);
        }
        round += 1;
    }
    best
}
