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

fn main() {
    let only: Option<String> = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--") && !a.is_empty());
    println!("| query | new ns | old ns | new ÷ old | parry ns |");
    println!("|---|---:|---:|---:|---:|");
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
                let t = interleaved(vec![
                    Box::new(move || {
                        for c in set {
                            keep(core(black_box(&c.sweep), black_box(&c.obstacle)));
                        }
                    }),
                    Box::new(move || {
                        for (s, o) in olds {
                            keep(old_core(black_box(s), black_box(o)));
                        }
                    }),
                    Box::new(move || {
                        for c in set {
                            keep(parry::cast(black_box(&c.sweep), black_box(&c.obstacle)));
                        }
                    }),
                ]);
                println!(
                    "| {label} | {:.2} | {:.2} | {:.3} | {:.0} |",
                    t[0],
                    t[1],
                    t[0] / t[1],
                    t[2]
                );
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
    let (o_sweep, o_box) = (sw(&one_sweep), old::Aabb::new(one_box.min, one_box.max));
    let mut times = vec![0.0f32; SET];
    let mut times2 = vec![0.0f32; SET];
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
            old::query::batch::sweep_vs_aabbs(black_box(&o_sweep), black_box(&oboxes), &mut times2);
            black_box(&times2);
        }),
    ]);
    println!(
        "| 1 sweep vs 4,096 boxes (batch) | {:.2} | {:.2} | {:.3} | |",
        t[0],
        t[1],
        t[0] / t[1]
    );
    let mut times = vec![0.0f32; SET];
    let mut times2 = vec![0.0f32; SET];
    let t = interleaved(vec![
        Box::new(|| {
            sweepscope::query::batch::sweeps_vs_aabb(
                black_box(&sweeps),
                black_box(&one_box),
                &mut times,
            );
            black_box(&times);
        }),
        Box::new(|| {
            old::query::batch::sweeps_vs_aabb(black_box(&osweeps), black_box(&o_box), &mut times2);
            black_box(&times2);
        }),
    ]);
    println!(
        "| 4,096 sweeps vs 1 box (batch) | {:.2} | {:.2} | {:.3} | |",
        t[0],
        t[1],
        t[0] / t[1]
    );
}
