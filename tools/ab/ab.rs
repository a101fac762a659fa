//! This checkout's queries against a baseline build of an earlier commit (`sweepscope_base`),
//! interleaved round by round in one process, on the benchmarks' case sets
//! (`tests/common/bench_sets.rs`). Generated into `target/ab/harness` by `tools/ab/run.sh`,
//! which also sets the path below.
//!
//! `AB_ROW=seconds` per row (default 4); a first argument keeps the rows whose label
//! contains it; `AB_SPLIT=1` times each set split by this checkout's answer (miss, start
//! inside, side/face/circle, corner/end), each part padded to 4,096 cases by repetition.
#[path = "@REPO@/tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Duration;

use common::bench_sets::{KINDS, MIXES, Run, SET, fastest_rounds, field, keep};
use common::{Case, core, parry};
use sweepscope::{Aabb, Obstacle, Sweep, Vec2};
use sweepscope_base as old;

fn row() -> Duration {
    Duration::from_secs_f64(
        std::env::var("AB_ROW")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(4.0),
    )
}

fn interleaved(runs: Vec<Run<'_>>) -> Vec<f64> {
    fastest_rounds(runs, row(), SET)
}

fn sw(s: &Sweep) -> old::Sweep {
    old::Sweep::new(s.start, s.end, s.radius)
}

fn ob(o: &Obstacle) -> old::Obstacle {
    match o {
        Obstacle::Aabb(b) => old::Obstacle::Aabb(old::Aabb::new(b.min, b.max)),
        Obstacle::Obb(b) => old::Obstacle::Obb(old::Obb::new(b.center, b.half_extents, b.angle)),
        Obstacle::Segment(s) => old::Obstacle::Segment(old::Segment::new(s.a, s.b)),
        Obstacle::Circle(c) => old::Obstacle::Circle(sw(c)),
    }
}

fn old_core(s: &old::Sweep, o: &old::Obstacle) -> Option<old::Hit> {
    match o {
        old::Obstacle::Aabb(b) => s.vs_aabb(b),
        old::Obstacle::Obb(b) => s.vs_obb(b),
        old::Obstacle::Segment(g) => s.vs_segment(g),
        old::Obstacle::Circle(c) => s.vs_circle(c),
    }
}

/// Copies of each engine's pass, each its own code at its own address. Where a loop and
/// the query's branches sit in memory changes how the branch predictors share their
/// tables, and that alone moved a pass by up to 12% (the same code built twice, in two
/// loops, timed 0.87× in one process): each engine is timed in as many loops, and the
/// ratio is the geometric mean over the pairs, with their range as the noise left.
const COPIES: usize = 3;

/// A row's figures from [`COPIES`] copies of each engine (and a third engine beside them,
/// timed once): each engine's mean time, the geometric mean of the copies' ratios and their
/// range, and the third's time.
struct Crossed {
    new: f64,
    old: f64,
    ratio: f64,
    range: (f64, f64),
    other: Option<f64>,
}

fn crossed<'a>(news: [Run<'a>; COPIES], olds: [Run<'a>; COPIES], other: Option<Run<'a>>) -> Crossed {
    // Taking turns new, old, old, new, new, old: no copy always follows the same engine.
    let mut runs: Vec<Run<'a>> = Vec::new();
    for (k, (n, o)) in news.into_iter().zip(olds).enumerate() {
        if k % 2 == 0 {
            runs.extend([n, o]);
        } else {
            runs.extend([o, n]);
        }
    }
    let has_other = other.is_some();
    runs.extend(other);
    let t = interleaved(runs);
    let pair = |k: usize| {
        let (a, b) = (t[2 * k], t[2 * k + 1]);
        if k % 2 == 0 { (a, b) } else { (b, a) }
    };
    let ratios: Vec<f64> = (0..COPIES).map(|k| pair(k).0 / pair(k).1).collect();
    let mean = |f: fn((f64, f64)) -> f64| (0..COPIES).map(|k| f(pair(k))).sum::<f64>() / COPIES as f64;
    Crossed {
        new: mean(|p| p.0),
        old: mean(|p| p.1),
        ratio: ratios.iter().product::<f64>().powf(1.0 / COPIES as f64),
        range: ratios
            .iter()
            .fold((f64::INFINITY, 0.0f64), |(l, h), &r| (l.min(r), h.max(r))),
        other: has_other.then(|| t[2 * COPIES]),
    }
}

impl Crossed {
    fn row(&self, label: &str) -> String {
        let other = self.other.map_or(String::new(), |t| format!("{t:.0}"));
        format!(
            "| {label} | {:.2} | {:.2} | {:.3} | {:.3}–{:.3} | {other} |",
            self.new, self.old, self.ratio, self.range.0, self.range.1
        )
    }
}

#[inline(never)]
fn new_pass<const K: usize>(set: &[Case]) {
    // `K` is used, so the copies are not merged into one function.
    black_box(K);
    for c in set {
        keep(core(black_box(&c.sweep), black_box(&c.obstacle)));
    }
}

#[inline(never)]
fn old_pass<const K: usize>(olds: &[(old::Sweep, old::Obstacle)]) {
    black_box(K);
    for (s, o) in olds {
        keep(old_core(black_box(s), black_box(o)));
    }
}

fn main() {
    let only: Option<String> = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--") && !a.is_empty());
    println!("| query | new ns | old ns | new ÷ old | copies' range | parry ns |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (mix, sets) in MIXES {
        for (kind, _, name, seed) in KINDS {
            let label = format!("{name} ({mix})");
            // A filter may name a split part too ("… (uniform) side").
            if let Some(f) = &only {
                if !label.contains(f.as_str()) && !f.contains(label.as_str()) {
                    continue;
                }
            }
            let full: Vec<Case> = sets(kind, seed);
            let split = std::env::var_os("AB_SPLIT").is_some();
            let cats: Vec<(&str, Vec<Case>)> = if split {
                let cat = |c: &Case| match core(&c.sweep, &c.obstacle) {
                    None => "miss",
                    Some(h) if h.started_inside => "inside",
                    Some(h) => match h.feature {
                        sweepscope::Feature::Corner(_) | sweepscope::Feature::End(_) => {
                            "corner/end"
                        }
                        _ => "side/face/circle",
                    },
                };
                ["miss", "inside", "side/face/circle", "corner/end"]
                    .iter()
                    .map(|k| {
                        let mut v: Vec<Case> =
                            full.iter().filter(|c| cat(c) == *k).cloned().collect();
                        if v.is_empty() {
                            return (*k, v);
                        }
                        let mut i = 0;
                        while v.len() < SET {
                            v.push(v[i].clone());
                            i += 1;
                        }
                        v.truncate(SET);
                        (*k, v)
                    })
                    .filter(|(_, v)| !v.is_empty())
                    .collect()
            } else {
                vec![("all", full)]
            };
            for (catname, set) in cats {
                let label = if split {
                    format!("{label} {catname}")
                } else {
                    label.clone()
                };
                if only
                    .as_ref()
                    .is_some_and(|f| !label.contains(f.as_str()) && !f.contains(label.as_str()))
                {
                    continue;
                }
                let olds: Vec<(old::Sweep, old::Obstacle)> = set
                    .iter()
                    .map(|c| (sw(&c.sweep), ob(&c.obstacle)))
                    .collect();
                let (set, olds) = (&set, &olds);
                let row = crossed(
                    [
                        Box::new(move || new_pass::<0>(set)),
                        Box::new(move || new_pass::<1>(set)),
                        Box::new(move || new_pass::<2>(set)),
                    ],
                    [
                        Box::new(move || old_pass::<0>(olds)),
                        Box::new(move || old_pass::<1>(olds)),
                        Box::new(move || old_pass::<2>(olds)),
                    ],
                    Some(Box::new(move || {
                        for c in set {
                            keep(parry::cast(black_box(&c.sweep), black_box(&c.obstacle)));
                        }
                    })),
                );
                println!("{}", row.row(&label));
            }
        }
    }
    if only.as_deref().is_some_and(|f| !f.contains("batch")) {
        return;
    }
    let (boxes, sweeps) = field(5);
    let one_sweep = Sweep::new(Vec2::new(-60.0, -55.0), Vec2::new(60.0, 57.0), 0.75);
    let one_box = Aabb::new(Vec2::new(-5.0, -3.0), Vec2::new(4.0, 6.0));
    let oboxes: Vec<old::Aabb> = boxes.iter().map(|b| old::Aabb::new(b.min, b.max)).collect();
    let osweeps: Vec<old::Sweep> = sweeps.iter().map(sw).collect();
    // Every batched input starts on a cache line, as every output does (`Times`): where
    // an allocation or the stack happened to put them moved a row's figure by up to 10%
    // from one process to the next.
    let (boxes, boxes_at) = on_a_line(&boxes);
    let (sweeps, sweeps_at) = on_a_line(&sweeps);
    let (oboxes, oboxes_at) = on_a_line(&oboxes);
    let (osweeps, osweeps_at) = on_a_line(&osweeps);
    let (boxes, sweeps) = (&boxes[boxes_at..], &sweeps[sweeps_at..]);
    let (oboxes, osweeps) = (&oboxes[oboxes_at..], &osweeps[osweeps_at..]);
    let (o_sweep, o_box) = (sw(&one_sweep), old::Aabb::new(one_box.min, one_box.max));
    let (one_sweep, one_box, o_sweep, o_box) = (&one_sweep, &one_box, &o_sweep, &o_box);
    let row = crossed(
        [
            Box::new(move || new_sweep_vs_boxes::<0>(one_sweep, boxes)),
            Box::new(move || new_sweep_vs_boxes::<1>(one_sweep, boxes)),
            Box::new(move || new_sweep_vs_boxes::<2>(one_sweep, boxes)),
        ],
        [
            Box::new(move || old_sweep_vs_boxes::<0>(o_sweep, oboxes)),
            Box::new(move || old_sweep_vs_boxes::<1>(o_sweep, oboxes)),
            Box::new(move || old_sweep_vs_boxes::<2>(o_sweep, oboxes)),
        ],
        None,
    );
    println!("{}", row.row("1 sweep vs 4,096 boxes (batch)"));
    let row = crossed(
        [
            Box::new(move || new_sweeps_vs_box::<0>(sweeps, one_box)),
            Box::new(move || new_sweeps_vs_box::<1>(sweeps, one_box)),
            Box::new(move || new_sweeps_vs_box::<2>(sweeps, one_box)),
        ],
        [
            Box::new(move || old_sweeps_vs_box::<0>(osweeps, o_box)),
            Box::new(move || old_sweeps_vs_box::<1>(osweeps, o_box)),
            Box::new(move || old_sweeps_vs_box::<2>(osweeps, o_box)),
        ],
        None,
    );
    println!("{}", row.row("4,096 sweeps vs 1 box (batch)"));
}

#[inline(never)]
fn new_sweep_vs_boxes<const K: usize>(sweep: &Sweep, boxes: &[Aabb]) {
    black_box(K);
    let mut times = Times([0.0; SET]);
    sweepscope::query::batch::sweep_vs_aabbs(black_box(sweep), black_box(boxes), &mut times.0);
    black_box(&times);
}

#[inline(never)]
fn old_sweep_vs_boxes<const K: usize>(sweep: &old::Sweep, boxes: &[old::Aabb]) {
    black_box(K);
    let mut times = Times([0.0; SET]);
    old::query::batch::sweep_vs_aabbs(black_box(sweep), black_box(boxes), &mut times.0);
    black_box(&times);
}

#[inline(never)]
fn new_sweeps_vs_box<const K: usize>(sweeps: &[Sweep], b: &Aabb) {
    black_box(K);
    let mut times = Times([0.0; SET]);
    sweepscope::query::batch::sweeps_vs_aabb(black_box(sweeps), black_box(b), &mut times.0);
    black_box(&times);
}

#[inline(never)]
fn old_sweeps_vs_box<const K: usize>(sweeps: &[old::Sweep], b: &old::Aabb) {
    black_box(K);
    let mut times = Times([0.0; SET]);
    old::query::batch::sweeps_vs_aabb(black_box(sweeps), black_box(b), &mut times.0);
    black_box(&times);
}

/// A batch's output, on a cache line.
#[repr(C, align(64))]
struct Times([f32; SET]);

/// A copy of `items` with some leading padding, and where in it `items` begin: on a
/// cache line.
fn on_a_line<T: Clone>(items: &[T]) -> (Vec<T>, usize) {
    let size = std::mem::size_of::<T>();
    let lead = 64 / std::mem::align_of::<T>();
    let mut v: Vec<T> = Vec::with_capacity(items.len() + lead);
    let at = (0..lead)
        .find(|k| (v.as_ptr() as usize + k * size) % 64 == 0)
        .unwrap_or(0);
    v.extend(std::iter::repeat_n(items[0].clone(), at));
    v.extend_from_slice(items);
    (v, at)
}
