//! Where a box query's time goes: each mix split by outcome (far miss, near miss, start
//! inside the expanded box, side hit, corner hit), each subset timed on its own in the
//! mix's random order, beside the whole mix. If the subsets' times, weighted by their
//! shares, add up to the mix's, mispredicted jumps cost little and the time follows the
//! instruction count; if the mix is slower, the difference is the jumps'.
//! Run: `cargo bench --no-default-features --bench box_split` (prints a Markdown table).

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use common::bench_sets::{MIXES, keep};
use common::{Case, Kind, core};
use sweepscope::{Feature, Obstacle};

/// Time per mix: every subset's fastest pass, subsets taken in turn.
const MIX_TIME: Duration = Duration::from_secs(6);

const OUTCOMES: [&str; 5] = [
    "far miss",
    "near miss",
    "start inside",
    "side hit",
    "corner hit",
];

/// The outcome's index in [`OUTCOMES`]. A far miss is one whose swept bounding box clears
/// the box: `kernel::apart`'s test, approximated here in f32 on the inputs, so a case at
/// the boundary may land on the other side of the split.
fn outcome(case: &Case) -> usize {
    let Obstacle::Aabb(b) = case.obstacle else {
        return 0;
    };
    let s = case.sweep;
    let (lo, hi) = (s.start.min(s.end) - s.radius, s.start.max(s.end) + s.radius);
    let apart = hi.x < b.min.x || hi.y < b.min.y || lo.x > b.max.x || lo.y > b.max.y;
    match core(&case.sweep, &case.obstacle) {
        None if apart => 0,
        None => 1,
        Some(h) if h.started_inside => 2,
        Some(h) if matches!(h.feature, Feature::Side(_)) => 3,
        Some(_) => 4,
    }
}

fn pass(set: &[Case]) {
    for case in set {
        keep(core(black_box(&case.sweep), black_box(&case.obstacle)));
    }
}

fn main() {
    println!("| mix | subset | share | ns per query |");
    println!("|---|---|---:|---:|");
    for (mix, sets) in MIXES {
        let all = sets(Kind::Aabb, 1);
        let mut subsets: Vec<Vec<Case>> = vec![Vec::new(); OUTCOMES.len()];
        for case in &all {
            subsets[outcome(case)].push(*case);
        }
        subsets.push(all);
        let mut best = vec![f64::INFINITY; subsets.len()];
        let start = Instant::now();
        while start.elapsed() < MIX_TIME {
            for (set, best) in subsets.iter().zip(&mut best) {
                if set.is_empty() {
                    continue;
                }
                pass(set);
                let t0 = Instant::now();
                pass(set);
                *best = best.min(t0.elapsed().as_nanos() as f64 / set.len() as f64);
            }
        }
        let total = subsets[OUTCOMES.len()].len() as f64;
        let mut weighted = 0.0;
        for (i, name) in OUTCOMES.iter().enumerate() {
            let share = subsets[i].len() as f64 / total;
            if share > 0.0 {
                weighted += share * best[i];
            }
            println!(
                "| {mix} | {name} | {:.0}% | {:.1} |",
                share * 100.0,
                best[i]
            );
        }
        println!("| {mix} | subsets weighted by share | 100% | {weighted:.1} |");
        println!(
            "| {mix} | the whole mix | 100% | {:.1} |",
            best[OUTCOMES.len()]
        );
    }
}
