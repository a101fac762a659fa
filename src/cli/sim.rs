//! `sweepscope sim`: run a scene's disc simulation headlessly and report what happened,
//! or (`--bench`) time the engine against the naive baseline at the standard sizes.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use glam::Vec2;

use super::args::SimArgs;
use super::output::{Output, errln, outln};
use super::terminal::safe;
use crate::geom::Aabb;
use crate::scene::limits::MAX_SIM_EVENTS;
use crate::scene::{SceneWorld, load_scene_all};
use crate::sim::{EventCounts, NaiveWorld, World, random_discs};

/// The standard benchmark sizes and area fraction.
pub const BENCH_SIZES: [usize; 3] = [100, 1_000, 10_000];
pub const BENCH_PACKING: f64 = 0.3;

/// The share of its energy an elastic run may lose to rounding without a note: a healthy
/// run drifts by about 1e-12.
const ELASTIC_LOSS_NOTED: f64 = 1e-6;

/// The most events per `advance` call: the unit in which progress is watched (a run is
/// cut in at least 20 such chunks).
const CHUNK: u64 = 100_000;

/// A run that reaches its event cap is *stalled* (a cluster of contacts that does not
/// resolve) when its last tenth of events advanced the simulated time by less than this
/// fraction of the time the whole run covered; a healthy run covers about a tenth there.
pub const STALL_FRACTION: f64 = 1e-6;

/// Events a capped run needs before its last tenth says anything: a cluster that does not
/// resolve runs millions, and with a handful the last tenth is one event, which advances
/// the time by nothing even in a healthy run.
const MIN_STALL_EVENTS: u64 = 1000;

/// A run is called stalled as soon as this many events in a row advance the time by less
/// than [`STALL_FRACTION`] of what the run has covered, without waiting for the cap: three
/// discs packed in a corner at restitution 0.5 ran the default 10⁸ events, nine minutes,
/// before saying so. A second or a few of a stall at the engine's usual rates, and ten
/// chunks, so a healthy run's last chunk alone never decides. An elastic run may take
/// more at one instant and still get through ([`stall_window`]).
pub const STALL_WINDOW: u64 = 10 * CHUNK;

/// The most events an elastic run's window grows to ([`stall_window`]).
pub const ELASTIC_STALL_WINDOW: u64 = 100 * CHUNK;

/// The events in a row that must leave the clock where it was for `world`'s run to be
/// called stalled: [`STALL_WINDOW`], or for an elastic run two for each of the 100,000
/// collisions at one instant each disc may take before the engine's rules stop it (40
/// light discs each struck against a wall by one 10⁸ times heavier take 1.26 million
/// collisions at t = 0, and get through), up to [`ELASTIC_STALL_WINDOW`].
pub fn stall_window(world: &World) -> u64 {
    if world.restitution() < 1.0 {
        return STALL_WINDOW;
    }
    (world.len() as u64)
        .saturating_mul(200_000)
        .clamp(STALL_WINDOW, ELASTIC_STALL_WINDOW)
}

/// Runs `sweepscope sim`.
pub fn run(args: &SimArgs) -> ExitCode {
    let mut out = Output::new();
    let code = match &args.scene {
        Some(path) if !args.bench => run_scene(&mut out, path, args.time, args.max_events),
        _ => {
            let sizes = args.sizes.as_deref().unwrap_or(&BENCH_SIZES);
            bench(&mut out, args.seconds.unwrap_or(2.0), sizes);
            ExitCode::SUCCESS
        }
    };
    out.exit("sweepscope sim", code)
}

/// How a scene's run ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ending {
    /// Reached the target time.
    Done,
    /// Stopped at the event cap while the simulated time was still advancing.
    Capped,
    /// Stopped in a cluster of contacts that does not resolve: the last `events` events
    /// advanced the time by almost nothing (at the event cap, its last tenth; before it,
    /// [`STALL_WINDOW`]).
    Stalled { events: u64 },
    /// The engine halted (see `sim::Halt`).
    Halted,
    /// Stopped by Ctrl+C or SIGTERM (see [`crate::cli::interrupt`]).
    Interrupted,
}

/// About how long one `advance` call of a run may take, so that Ctrl+C and the progress
/// line answer within it whatever the engine's rate (2,000 events a second in a crowded
/// cell, millions elsewhere).
const CHUNK_SECONDS: f64 = 0.2;

/// Advances `world` to `target` with at most `max_events` events in all, watching the
/// simulated time so that a cap reached in a healthy run is told apart from a stall.
pub fn run_to(world: &mut World, target: f64, max_events: u64) -> Ending {
    run_watched(world, target, max_events, &mut |_| {})
}

/// [`run_to`], calling `progress` after each chunk of events (about a fifth of a second of
/// them each) and stopping when Ctrl+C or SIGTERM asks ([`crate::cli::interrupt`]). The
/// chunks do not change the run: it is the same in any chunking.
pub fn run_watched(
    world: &mut World,
    target: f64,
    max_events: u64,
    progress: &mut dyn FnMut(&World),
) -> Ending {
    run_paced(world, target, max_events, progress, &mut |ran, took| {
        let rate = ran as f64 / took.max(1e-9);
        ((rate * CHUNK_SECONDS) as u64).clamp(100, CHUNK)
    })
}

/// [`run_watched`] with the next chunk's size from `pace(events the last chunk ran, seconds
/// it took)`: whatever it returns, the run ends the same way.
fn run_paced(
    world: &mut World,
    target: f64,
    max_events: u64,
    progress: &mut dyn FnMut(&World),
    pace: &mut dyn FnMut(u64, f64) -> u64,
) -> Ending {
    let start_time = world.time();
    let start_events = world.counts().total();
    // (events so far, time) after each chunk, to find the time at 90% of the events.
    let mut marks: Vec<(u64, f64)> = vec![(0, start_time)];
    let window = stall_window(world);
    // The chunks are the grid of `base` events, cut finer where the rate is slow (fitted
    // to the rate seen so far, starting small): each multiple of `base` stays a chunk's
    // end, so the marks the stall tests read are the same at any rate.
    let base = (max_events / 20).clamp(1, CHUNK);
    let mut chunk = 1000u64;
    loop {
        let done = world.counts().total() - start_events;
        let left = max_events - done;
        let to_grid = base - done % base;
        world.set_max_events(left.min(chunk.min(to_grid)));
        let began = Instant::now();
        let report = world.advance_to_with(target, |_| {});
        let took = began.elapsed().as_secs_f64();
        let ran = world.counts().total() - start_events - done;
        chunk = pace(ran, took).max(1);
        let done = world.counts().total() - start_events;
        marks.push((done, world.time()));
        progress(world);
        if report.halted.is_some() {
            return Ending::Halted;
        }
        if !report.capped {
            return Ending::Done;
        }
        if crate::cli::interrupt::asked() {
            return Ending::Interrupted;
        }
        if done >= max_events {
            break;
        }
        // The time a window of events ago: stalled when the clock has not moved since.
        // Decided at grid points only, from grid points' marks: the chunks between follow
        // the wall clock, and a run must end the same way at any speed.
        if done.is_multiple_of(base)
            && done >= window
            && let Some(&(_, then)) = marks
                .iter()
                .rev()
                .find(|m| m.0.is_multiple_of(base) && m.0 <= done - window)
            && world.time() - then <= STALL_FRACTION * (world.time() - start_time)
        {
            return Ending::Stalled { events: window };
        }
    }
    let total = marks.last().map_or(0, |m| m.0);
    let nine_tenths = total - total / 10;
    let at = marks
        .iter()
        .rev()
        .find(|m| m.0.is_multiple_of(base) && m.0 <= nine_tenths)
        .map_or(start_time, |m| m.1);
    let covered = world.time() - start_time;
    let last = world.time() - at;
    if total < MIN_STALL_EVENTS || last > STALL_FRACTION * covered {
        Ending::Capped
    } else {
        Ending::Stalled { events: total / 10 }
    }
}

fn run_scene(out: &mut Output, path: &Path, time: Option<f64>, max_events: u64) -> ExitCode {
    let shown = safe(&path.display().to_string()).into_owned();
    let scene = match load_scene_all(path) {
        Ok(s) => s,
        Err(errors) => {
            for e in errors {
                errln!("sweepscope sim: {}", safe(&e.to_string()));
            }
            return ExitCode::FAILURE;
        }
    };
    let built = match SceneWorld::from_scene(&scene) {
        Ok(b) => b,
        Err(e) => {
            errln!("sweepscope sim: {shown}: {}", safe(&e.to_string()));
            return ExitCode::FAILURE;
        }
    };
    let mut world = built.world;
    let target = time.unwrap_or(built.duration);
    let (e0, p0) = (world.kinetic_energy(), world.momentum());
    let start_time = world.time();
    outln!(
        out,
        "{shown}: {}, {}, restitution {}{}",
        counted(world.len() as u64, "disc"),
        counted(world.solids().len() as u64, "obstacle"),
        world.restitution(),
        if built.ignored.is_empty() {
            String::new()
        } else {
            format!(" ({} rotated boxes/circles ignored)", built.ignored.len())
        }
    );
    let start = Instant::now();
    let watch = crate::cli::interrupt::watch();
    let bar = progress_bar(world.time(), target);
    let ending = run_watched(&mut world, target, max_events, &mut |w| {
        bar.set_position(progress_of(w.time(), target));
        bar.set_message(format!("t = {:.6e}", w.time()));
    });
    bar.finish_and_clear();
    drop(watch);
    let secs = start.elapsed().as_secs_f64();
    let c = world.counts();
    let (e1, p1) = (world.kinetic_energy(), world.momentum());
    // `{:?}`: as exact as `{}`, and in exponent form for a huge or tiny number (`--time
    // 1e300` printed 301 digits).
    outln!(out, "simulated t = {:?} of {target:?}", world.time());
    print_counts(out, &c);
    // The engine refuses scenes whose energy or momentum could leave f64; checked anyway,
    // so that a number printed is always a number.
    if !(e0.is_finite() && e1.is_finite() && p0.is_finite() && p1.is_finite()) {
        errln!(
            "sweepscope sim: {shown}: the energy or momentum is beyond the range of f64; \
             no drift to report"
        );
        return ExitCode::FAILURE;
    }
    // Signed, as the simulation view's ΔE/E₀ is: a user comparing the two saw 9.6e-15
    // here and -9.6e-15 there.
    let change = if e0 > 0.0 { (e1 - e0) / e0 } else { e1 - e0 };
    // Below restitution 1 collisions take energy by design: the change is physics, not
    // the engine's drift, which only an elastic run measures.
    let what = if world.restitution() < 1.0 {
        format!(
            "ΔE/E₀ {change:+.3e}: restitution {} takes energy at each collision",
            world.restitution()
        )
    } else {
        format!("ΔE/E₀ {change:+.3e}: the engine's drift")
    };
    outln!(out, "energy:   {e0:.12e} -> {e1:.12e}  ({what})");
    if world.restitution() >= 1.0 && e1 < e0 * (1.0 - ELASTIC_LOSS_NOTED) {
        errln!(
            "sweepscope sim: note: this elastic run lost {:.3}% of its energy to the rules for \
             collisions at one instant (docs/limits.md): a disc that met 100,000 of them (a \
             mass ratio past about 10⁹ against a wall, or discs that fit their room exactly) \
             was stopped against its contacts",
            100.0 * (e0 - e1) / e0
        );
    }
    outln!(
        out,
        "momentum: ({:.6e}, {:.6e}) -> ({:.6e}, {:.6e})  (|change| {:.3e}; walls and obstacles change it)",
        p0.x,
        p0.y,
        p1.x,
        p1.y,
        scaled_length(p1 - p0)
    );
    outln!(
        out,
        "wall clock {secs:.3} s, {:.0} events/s",
        c.total() as f64 / secs.max(1e-9)
    );
    match ending {
        Ending::Done => ExitCode::SUCCESS,
        Ending::Interrupted => {
            errln!(
                "sweepscope sim: interrupted at t = {:?} of {target:?}, after {} events: the \
                 figures above are the run's so far",
                world.time(),
                c.total()
            );
            ExitCode::from(130)
        }
        Ending::Capped => {
            let how = if c.total() < MIN_STALL_EVENTS {
                "too few events to tell whether the time was advancing".to_owned()
            } else {
                match events_to_reach(c.total(), start_time, world.time(), target) {
                    Some(need) if need > MAX_SIM_EVENTS as f64 => format!(
                        "at its rate so far reaching t = {target:?} would take about {need:.1e} \
                         events, past the limit of {MAX_SIM_EVENTS} (MAX_SIM_EVENTS): a \
                         shorter --time, or slower discs"
                    ),
                    _ => "the run was progressing normally: raise --max-events to simulate \
                          further"
                        .to_owned(),
                }
            };
            errln!(
                "sweepscope sim: stopped at the event cap (--max-events {max_events}) at \
                 t = {:?} of {target:?}; {how}",
                world.time()
            );
            ExitCode::SUCCESS
        }
        Ending::Stalled { events } => {
            errln!(
                "sweepscope sim: stalled at t = {:?} after {} (--max-events {max_events}): the \
                 last {} advanced the time by almost nothing: a cluster of contacts that does \
                 not resolve, or events closer together than f64 can tell apart at this time",
                world.time(),
                counted(c.total(), "event"),
                counted(events, "event")
            );
            ExitCode::FAILURE
        }
        Ending::Halted => {
            let why = world.halted().map_or_else(String::new, |h| h.to_string());
            errln!("sweepscope sim: {shown}: stopped: {why}");
            ExitCode::FAILURE
        }
    }
}

/// `n` and the noun, plural unless `n` is 1: "1 disc", "0 discs".
fn counted(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

fn print_counts(out: &mut Output, c: &EventCounts) {
    outln!(
        out,
        "events:   {} (disc-disc {}, disc-wall {}, disc-obstacle {}), {}",
        counted(c.collisions(), "collision"),
        c.disc_disc,
        c.disc_wall,
        c.disc_obstacle,
        counted(c.crossings, "cell crossing")
    );
}

/// A square box holding `n` discs of radius about 3 at the benchmark packing.
pub fn bench_bounds(n: usize) -> Aabb {
    let side = (n as f32).sqrt() * 10.0;
    Aabb::new(Vec2::ZERO, Vec2::splat(side))
}

/// The largest size the naive baseline is timed at: one of its events costs n² pair
/// tests, about a second at this size, and far longer above it.
pub const NAIVE_MAX: usize = 20_000;

/// One measured row of the benchmark.
#[derive(Clone, Copy, Debug)]
pub struct BenchRow {
    pub n: usize,
    pub engine_events_per_s: f64,
    pub engine_collisions_per_s: f64,
    /// The naive baseline's rate and events, up to [`NAIVE_MAX`] discs.
    pub naive: Option<(f64, u64)>,
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
    let naive = if n <= NAIVE_MAX {
        let mut naive = NaiveWorld::new(bounds, &discs, &[]).ok()?;
        let chunk = (4_000_000 / (n * n) as u64).clamp(1, 10_000);
        let (nev, ncol, nt) = timed(seconds, || naive.run_events(chunk).counts);
        Some((ncol as f64 / nt, nev))
    } else {
        None
    };
    Some(BenchRow {
        n,
        engine_events_per_s: ev as f64 / t,
        engine_collisions_per_s: col as f64 / t,
        naive,
    })
}

/// Relative kinetic-energy drift after `events` events with restitution 1.
pub fn energy_drift(n: usize, events: u64) -> Option<f64> {
    let mut world = World::random(n, BENCH_PACKING, 2, bench_bounds(n)).ok()?;
    let e0 = world.kinetic_energy();
    world.run_events(events);
    Some((world.kinetic_energy() - e0).abs() / e0)
}

fn bench(out: &mut Output, seconds: f64, sizes: &[usize]) {
    outln!(
        out,
        "{:>7} {:>16} {:>16} {:>18} {:>12} {:>9}",
        "n",
        "engine events/s",
        "engine coll/s",
        "naive coll/s",
        "naive events",
        "speed-up"
    );
    for &n in sizes {
        match bench_row(n, seconds) {
            Some(r) => match r.naive {
                Some((naive_rate, naive_events)) => outln!(
                    out,
                    "{:>7} {:>16.0} {:>16.0} {:>18.1} {:>12} {:>8}x",
                    r.n,
                    r.engine_events_per_s,
                    r.engine_collisions_per_s,
                    naive_rate,
                    naive_events,
                    ratio(r.engine_collisions_per_s / naive_rate.max(1e-12))
                ),
                None => outln!(
                    out,
                    "{:>7} {:>16.0} {:>16.0} {:>18} {:>12} {:>9}",
                    r.n,
                    r.engine_events_per_s,
                    r.engine_collisions_per_s,
                    format!("(n > {NAIVE_MAX})"),
                    "-",
                    "-"
                ),
            },
            None => outln!(out, "{n:>7}  (could not build the benchmark world)"),
        }
    }
    outln!(
        out,
        "(per {} second; events = collisions + cell crossings; the speed-up compares collisions)",
        if cpu_seconds().is_some() {
            "CPU"
        } else {
            "wall-clock"
        }
    );
    let start = Instant::now();
    if let Some(d) = energy_drift(10_000, 1_000_000) {
        outln!(
            out,
            "energy drift after 10^6 events (n = 10000, restitution 1): {d:.3e} relative ({:.2} s)",
            start.elapsed().as_secs_f64()
        );
    }
}

/// `|d|` without overflow: a change of 5.8e173 on each axis squared past f64 and printed
/// "inf".
fn scaled_length(d: glam::DVec2) -> f64 {
    let m = d.abs().max_element();
    if m > 0.0 && m.is_finite() {
        m * (d / m).length()
    } else {
        m
    }
}

/// The events a run that took `events` to go from `from` to `at` would take in all to
/// reach `target` at the same rate; `None` when it did not move.
fn events_to_reach(events: u64, from: f64, at: f64, target: f64) -> Option<f64> {
    let per_event = (at - from) / events.max(1) as f64;
    (per_event > 0.0).then(|| events as f64 + (target - at) / per_event)
}

/// The run's progress as thousandths of the way from 0 to `target`.
fn progress_of(t: f64, target: f64) -> u64 {
    if target > 0.0 {
        ((t / target).clamp(0.0, 1.0) * 1000.0) as u64
    } else {
        1000
    }
}

/// A progress line on standard error when it is a terminal, hidden otherwise.
fn progress_bar(t: f64, target: f64) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use std::io::IsTerminal;
    let bar = ProgressBar::with_draw_target(Some(1000), ProgressDrawTarget::stderr());
    if !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} simulating {msg} of {prefix} [{bar:30}] {elapsed} (Ctrl+C stops and reports)",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_prefix(format!("{target:.6e}"));
    bar.set_position(progress_of(t, target));
    bar
}

/// A speed-up as printed: whole from 10 on, with two significant digits below (a ratio of
/// 0.4 printed as `0x`).
fn ratio(r: f64) -> String {
    if r >= 10.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::{CHUNK, Ending, STALL_WINDOW, run_paced, run_to, scaled_length};
    use crate::geom::Aabb;
    use crate::sim::{DiscInit, World};
    use glam::{DVec2, Vec2};

    /// A feather squeezed between a wall and an anvil 10⁶⁰ times heavier: it stalls.
    fn feather_and_anvil() -> World {
        let b = Aabb::new(Vec2::ZERO, Vec2::new(100.0, 20.0));
        let mut feather = DiscInit::new(DVec2::new(5.0, 10.0), DVec2::ZERO, 1.0);
        feather.mass = Some(1e-30);
        let mut anvil = DiscInit::new(DVec2::new(20.0, 10.0), DVec2::new(-1.0, 0.0), 1.0);
        anvil.mass = Some(1e30);
        World::new(b, &[feather, anvil], &[]).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Hostile test: three discs packed in a corner at restitution 0.5 ran the default 10⁸
    /// events, nine minutes, before `sim` said the run had stalled (35 discs, half an
    /// hour). A run whose clock a window of events does not move is called stalled then.
    /// (A feather squeezed between a wall and an anvil, as `docs/limits.md` tells it,
    /// stalls the same way, quicker to run.)
    #[test]
    fn a_stall_is_said_after_a_window_of_events_not_at_the_cap() {
        let mut w = feather_and_anvil();
        let ending = run_to(&mut w, 30.0, 100_000_000);
        assert_eq!(
            ending,
            Ending::Stalled {
                events: STALL_WINDOW
            }
        );
        assert!(w.counts().total() <= 2 * STALL_WINDOW, "{:?}", w.counts());
        assert!((w.time() - 17.0).abs() < 1e-3, "{}", w.time());
    }

    /// Bug: a stalled run stopped at whichever chunk's end came first past the window, and
    /// the chunks follow the wall clock: the same scene printed different event counts,
    /// energies and times on each run. The stall is decided at grid points only.
    #[test]
    fn a_stalled_run_stops_at_the_same_event_at_any_speed() {
        let run = |pace: &mut dyn FnMut(u64, f64) -> u64| {
            let mut w = feather_and_anvil();
            let ending = run_paced(&mut w, 30.0, 100_000_000, &mut |_| {}, pace);
            (
                ending,
                w.counts(),
                w.time().to_bits(),
                w.kinetic_energy().to_bits(),
            )
        };
        let full = run(&mut |_, _| CHUNK);
        let mut odd = [777, 12_345, 3_001].into_iter().cycle();
        let uneven = run(&mut |_, _| odd.next().unwrap_or(1));
        assert_eq!(uneven, full);
        assert!(matches!(full.0, Ending::Stalled { .. }), "{full:?}");
    }

    /// Hostile test: 40 lanes of a light disc against the wall struck by one 10⁸ times
    /// heavier take 1.26 million elastic collisions at t = 0 and get through (energy kept),
    /// but the first stall window, a million events, called the run stalled (exit 1). An
    /// elastic run's window grows with its discs.
    #[test]
    fn many_elastic_collisions_at_one_instant_that_end_are_not_a_stall() {
        let b = Aabb::new(Vec2::ZERO, Vec2::new(100.0, 400.0));
        let mut discs = Vec::new();
        for k in 0..40 {
            let y = 5.0 + 10.0 * f64::from(k);
            let mut light = DiscInit::new(DVec2::new(1.0, y), DVec2::ZERO, 1.0);
            light.mass = Some(1.0);
            let mut heavy = DiscInit::new(DVec2::new(3.0, y), DVec2::new(-1.0, 0.0), 1.0);
            heavy.mass = Some(1e8);
            discs.extend([light, heavy]);
        }
        let mut w = World::new(b, &discs, &[]).unwrap_or_else(|e| panic!("{e}"));
        let e0 = w.kinetic_energy();
        assert_eq!(run_to(&mut w, 1.0, 100_000_000), Ending::Done);
        assert_eq!(w.counts().collisions(), 40 * 31_415);
        assert!((w.kinetic_energy() - e0).abs() <= 1e-9 * e0);
    }

    /// Robustness attack: a momentum change of 5.8e173 on each axis printed "|change| inf"
    /// (its square overflows).
    #[test]
    fn a_huge_change_has_a_finite_length() {
        let d = glam::DVec2::new(5.8e173, -5.8e173);
        let l = scaled_length(d);
        assert!((l / (5.8e173 * 2f64.sqrt()) - 1.0).abs() < 1e-15, "{l}");
        assert_eq!(scaled_length(glam::DVec2::ZERO), 0.0);
        assert_eq!(scaled_length(glam::DVec2::new(3.0, 4.0)), 5.0);
    }
}
