//! `sweepscope sim`: run a scene's disc simulation headlessly and report what happened,
//! or (`--bench`) time the engine against the naive baseline at the standard sizes.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use glam::Vec2;

use crate::geom::Aabb;
use crate::scene::load_scene;
use crate::sim::{EventCounts, NaiveWorld, World, random_discs};

const USAGE: &str = "\
usage:
  sweepscope sim <scene.ron> [--time T] [--max-events N]
        run the scene's simulation for T (default: its `duration`) and print events by
        kind, energy and momentum drift and events per second; N caps the total events
        (default 100000000) so a pathological scene cannot run forever
  sweepscope sim --bench [--seconds S] [--sizes N,N,...]
        engine vs naive baseline at n = 100, 1000, 10000 discs (30% packing), S seconds
        per measurement (default 2), then the energy drift after 10^6 events";

/// The standard benchmark sizes and area fraction.
pub const BENCH_SIZES: [usize; 3] = [100, 1_000, 10_000];
pub const BENCH_PACKING: f64 = 0.3;

enum Command {
    Help,
    Scene {
        path: String,
        time: Option<f64>,
        max_events: u64,
    },
    Bench {
        seconds: f64,
        sizes: Vec<usize>,
    },
}

/// Runs `sweepscope sim` with the arguments after the subcommand name.
pub fn run(args: &[String]) -> ExitCode {
    match parse(args) {
        Ok(Command::Scene {
            path,
            time,
            max_events,
        }) => run_scene(&path, time, max_events),
        Ok(Command::Help) => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Ok(Command::Bench { seconds, sizes }) => {
            bench(seconds, &sizes);
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("sweepscope sim: {msg}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn parse(args: &[String]) -> Result<Command, String> {
    let mut path = None;
    let mut time = None;
    let mut max_events = 100_000_000u64;
    let mut bench = false;
    let mut seconds = 2.0;
    let mut sizes = BENCH_SIZES.to_vec();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--bench" => bench = true,
            "--time" => time = Some(number(&value("--time")?, "--time")?),
            "--seconds" => seconds = number(&value("--seconds")?, "--seconds")?,
            "--sizes" => {
                let v = value("--sizes")?;
                sizes = v
                    .split(',')
                    .map(|x| {
                        x.trim()
                            .parse::<usize>()
                            .ok()
                            .filter(|n| (1..=1_000_000).contains(n))
                    })
                    .collect::<Option<_>>()
                    .ok_or(format!(
                        "--sizes: `{v}` is not a list of counts from 1 to 1000000"
                    ))?;
            }
            "--max-events" => {
                let v = value("--max-events")?;
                max_events = v
                    .parse()
                    .map_err(|_| format!("--max-events: `{v}` is not a count"))?;
            }
            "-h" | "--help" => return Ok(Command::Help),
            s if s.starts_with('-') => return Err(format!("unknown option `{s}`")),
            s if path.is_none() => path = Some(s.to_owned()),
            s => return Err(format!("unexpected argument `{s}`")),
        }
    }
    match (bench, path) {
        (true, None) => Ok(Command::Bench { seconds, sizes }),
        (true, Some(_)) => Err("--bench takes no scene".into()),
        (false, Some(path)) => Ok(Command::Scene {
            path,
            time,
            max_events,
        }),
        (false, None) => Err("no scene given".into()),
    }
}

/// A finite, non-negative number.
fn number(s: &str, name: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!("{name}: `{s}` is not a finite non-negative number")),
    }
}

fn run_scene(path: &str, time: Option<f64>, max_events: u64) -> ExitCode {
    let scene = match load_scene(Path::new(path)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("sweepscope sim: {e}");
            return ExitCode::FAILURE;
        }
    };
    let built = match World::from_scene(&scene) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("sweepscope sim: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut world = built.world;
    let target = time.unwrap_or(built.duration);
    let (e0, p0) = (world.kinetic_energy(), world.momentum());
    println!(
        "{path}: {} discs, {} obstacles, restitution {}{}",
        world.len(),
        world.solids().len(),
        world.restitution(),
        if built.ignored.is_empty() {
            String::new()
        } else {
            format!(" ({} rotated boxes/circles ignored)", built.ignored.len())
        }
    );
    world.set_max_events(max_events.min(world.max_events()));
    let start = Instant::now();
    let mut stalled = false;
    loop {
        let report = world.advance_to_with(target, |_| {});
        if !report.stalled {
            break;
        }
        if world.counts().total() >= max_events {
            stalled = true;
            break;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let c = world.counts();
    let (e1, p1) = (world.kinetic_energy(), world.momentum());
    println!("simulated t = {} of {target}", world.time());
    print_counts(&c);
    let drift = if e0 > 0.0 {
        (e1 - e0).abs() / e0
    } else {
        (e1 - e0).abs()
    };
    println!("energy:   {e0:.12e} -> {e1:.12e}  (relative drift {drift:.3e})");
    println!(
        "momentum: ({:.6e}, {:.6e}) -> ({:.6e}, {:.6e})  (|change| {:.3e}; walls and obstacles change it)",
        p0.x,
        p0.y,
        p1.x,
        p1.y,
        (p1 - p0).length()
    );
    println!(
        "wall clock {secs:.3} s, {:.0} events/s",
        c.total() as f64 / secs.max(1e-9)
    );
    if stalled {
        eprintln!(
            "sweepscope sim: stalled at t = {} after {} events (--max-events); the scene has a \
             cluster of contacts that does not resolve",
            world.time(),
            c.total()
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

fn print_counts(c: &EventCounts) {
    println!(
        "events:   {} collisions (disc-disc {}, disc-wall {}, disc-obstacle {}), {} cell crossings",
        c.collisions(),
        c.disc_disc,
        c.disc_wall,
        c.disc_obstacle,
        c.crossings
    );
}

/// A square box holding `n` discs of radius about 3 at the benchmark packing.
pub fn bench_bounds(n: usize) -> Aabb {
    let side = (n as f32).sqrt() * 10.0;
    Aabb::new(Vec2::ZERO, Vec2::splat(side))
}

/// One measured row of the benchmark.
#[derive(Clone, Copy, Debug)]
pub struct BenchRow {
    pub n: usize,
    pub engine_events_per_s: f64,
    pub engine_collisions_per_s: f64,
    pub naive_collisions_per_s: f64,
    pub naive_events: u64,
}

/// This thread's CPU time in seconds (Linux), so that rates are not skewed by other
/// processes sharing the core; `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns * 1e-9)
}

/// Runs chunks of `step` until `seconds` of wall time have passed; returns (events,
/// collisions, seconds), the seconds being CPU time where available.
fn timed(seconds: f64, mut step: impl FnMut() -> EventCounts) -> (u64, u64, f64) {
    let start = Instant::now();
    let cpu0 = cpu_seconds();
    let (mut events, mut collisions) = (0, 0);
    loop {
        let c = step();
        events += c.total();
        collisions += c.collisions();
        let t = start.elapsed().as_secs_f64();
        if t >= seconds || c.total() == 0 {
            let cpu = cpu0
                .zip(cpu_seconds())
                .map(|(a, b)| b - a)
                .filter(|&d| d > 0.0);
            return (events, collisions, cpu.unwrap_or(t).max(1e-9));
        }
    }
}

/// Measures the engine and the naive baseline on the same random start.
pub fn bench_row(n: usize, seconds: f64) -> Option<BenchRow> {
    let bounds = bench_bounds(n);
    let discs = random_discs(n, BENCH_PACKING, 1, bounds).ok()?;
    let mut world = World::new(bounds, &discs, &[]).ok()?;
    world.run_events(n as u64); // warm the heap past the start-up burst
    let (ev, col, t) = timed(seconds, || world.run_events(100_000).counts);
    let mut naive = NaiveWorld::new(bounds, &discs, &[]).ok()?;
    let chunk = (4_000_000 / (n * n) as u64).clamp(1, 10_000);
    let (nev, ncol, nt) = timed(seconds, || naive.run_events(chunk).counts);
    Some(BenchRow {
        n,
        engine_events_per_s: ev as f64 / t,
        engine_collisions_per_s: col as f64 / t,
        naive_collisions_per_s: ncol as f64 / nt,
        naive_events: nev,
    })
}

/// Relative kinetic-energy drift after `events` events with restitution 1.
pub fn energy_drift(n: usize, events: u64) -> Option<f64> {
    let mut world = World::random(n, BENCH_PACKING, 2, bench_bounds(n)).ok()?;
    let e0 = world.kinetic_energy();
    world.run_events(events);
    Some((world.kinetic_energy() - e0).abs() / e0)
}

fn bench(seconds: f64, sizes: &[usize]) {
    println!(
        "{:>7} {:>16} {:>16} {:>18} {:>12} {:>9}",
        "n", "engine events/s", "engine coll/s", "naive coll/s", "naive events", "speed-up"
    );
    for &n in sizes {
        match bench_row(n, seconds) {
            Some(r) => println!(
                "{:>7} {:>16.0} {:>16.0} {:>18.1} {:>12} {:>8.0}x",
                r.n,
                r.engine_events_per_s,
                r.engine_collisions_per_s,
                r.naive_collisions_per_s,
                r.naive_events,
                r.engine_collisions_per_s / r.naive_collisions_per_s.max(1e-12)
            ),
            None => println!("{n:>7}  (could not build the benchmark world)"),
        }
    }
    println!(
        "(per {} second; events = collisions + cell crossings; the speed-up compares collisions)",
        if cpu_seconds().is_some() {
            "CPU"
        } else {
            "wall-clock"
        }
    );
    let start = Instant::now();
    if let Some(d) = energy_drift(10_000, 1_000_000) {
        println!(
            "energy drift after 10^6 events (n = 10000, restitution 1): {d:.3e} relative ({:.2} s)",
            start.elapsed().as_secs_f64()
        );
    }
}
