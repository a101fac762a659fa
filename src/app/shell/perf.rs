//! Headless frame timing of the simulation view: the whole debugger frame (simulation
//! step, layout, painting and tessellation) on a 1400×900 screen, no display needed.

use std::time::Instant;

use egui::{Pos2, RawInput, Rect, Vec2};

use crate::app::command::Command;
use crate::app::debugger::DebugApp;
use crate::app::document::Edit;
use crate::app::sim_view::SimView;
use crate::app::ui_state::Mode;
use crate::scene::Scene;

/// Frames run first and not timed (font atlas, first layout).
const WARM_UP: usize = 5;

/// Median and 99th percentile of the CPU time per frame, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameStats {
    pub median_ms: f64,
    pub p99_ms: f64,
}

/// Plays a view of `n_discs` random discs (packing 0.3, the default walls, default speed)
/// at 60 frames per second of input time and times the CPU of `frames` frames of `run_ui`
/// plus `tessellate`.
pub fn measure_frames(n_discs: usize, frames: usize) -> FrameStats {
    let ctx = egui::Context::default();
    let mut app = DebugApp::new(Scene::empty("frames"));
    let s = &app.sim_view().settings;
    let (packing, seed) = (s.fill_packing, s.fill_seed);
    let Ok((setup, _)) = SimView::fill_setup(app.scene(), n_discs, packing, seed) else {
        return FrameStats::default();
    };
    app.queue(Command::edit(Edit::SetSimulation(Some(setup))));
    app.apply_queued(&ctx);
    app.set_mode(Mode::Simulation);
    app.advance_simulation(0.0);
    app.sim_view_mut().set_playing(true);
    let screen = Rect::from_min_size(Pos2::ZERO, Vec2::new(1400.0, 900.0));
    let mut times = Vec::with_capacity(frames);
    for f in 0..frames + WARM_UP {
        let input = RawInput {
            screen_rect: Some(screen),
            time: Some(f as f64 / 60.0),
            predicted_dt: 1.0 / 60.0,
            ..RawInput::default()
        };
        let start = Clock::now();
        let mut out = ctx.run_ui(input, |ui| app.ui(ui));
        let shapes = std::mem::take(&mut out.shapes);
        let meshes = ctx.tessellate(shapes, out.pixels_per_point);
        std::hint::black_box(meshes);
        // No renderer here: the font texture updates are dropped on purpose.
        out.drop_without_applying_deltas();
        if f >= WARM_UP {
            times.push(start.elapsed_ms());
        }
    }
    stats(&mut times)
}

/// This thread's CPU time where the OS reports it precisely, so other processes on a shared
/// machine do not inflate the figures; wall time otherwise.
enum Clock {
    Cpu(u64),
    Wall(Instant),
}

impl Clock {
    fn now() -> Self {
        thread_cpu_ns().map_or_else(|| Clock::Wall(Instant::now()), Clock::Cpu)
    }

    fn elapsed_ms(&self) -> f64 {
        match self {
            Clock::Cpu(t0) => thread_cpu_ns().map_or(0.0, |t| t.saturating_sub(*t0) as f64 * 1e-6),
            Clock::Wall(t0) => t0.elapsed().as_secs_f64() * 1e3,
        }
    }
}

/// `clock_gettime(CLOCK_THREAD_CPUTIME_ID)` in nanoseconds (std has no thread CPU clock, and
/// `/proc/thread-self/schedstat` only moves at scheduler ticks).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu_ns() -> Option<u64> {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `ts` is a valid, writable `struct timespec` (two 64-bit fields on 64-bit
    // Linux) that outlives the call; the clock id is a Linux constant.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| ts.sec as u64 * 1_000_000_000 + ts.nsec as u64)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn thread_cpu_ns() -> Option<u64> {
    None
}

/// Median and p99 (nearest rank) of `ms`.
fn stats(ms: &mut [f64]) -> FrameStats {
    if ms.is_empty() {
        return FrameStats::default();
    }
    ms.sort_by(f64::total_cmp);
    let rank = |q: f64| {
        let i = ((q * ms.len() as f64).ceil() as usize).clamp(1, ms.len()) - 1;
        ms[i]
    };
    FrameStats {
        median_ms: rank(0.5),
        p99_ms: rank(0.99),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let mut v: Vec<f64> = (1..=200).rev().map(f64::from).collect();
        let s = stats(&mut v);
        assert_eq!(s.median_ms, 100.0);
        assert_eq!(s.p99_ms, 198.0);
        assert_eq!(stats(&mut []), FrameStats::default());
    }
}
