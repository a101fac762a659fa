//! Frame times, measured honestly: the CPU time of `DebugApp::ui` alone, the whole frame
//! (input, `ui()`, tessellation and painting, until the GPU has finished drawing it), and
//! the wall time from one frame's start to the next (what a user waits for while frames run
//! back to back, buffer swap included).
//!
//! The window marks a frame's start when eframe hands it the input (`raw_input_hook`) and
//! asks for a last paint callback that waits for the GPU (`glFinish`) and marks the end.
//! Without a window (kittest, headless runs) only the `ui()` times exist.

use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Frames kept per series; the older half is dropped when full.
const KEPT: usize = 4096;

/// A bounded series of frame times in milliseconds, oldest first.
#[derive(Clone, Debug, Default)]
pub struct Series {
    ms: Vec<f64>,
}

impl Series {
    pub fn push(&mut self, ms: f64) {
        self.ms.push(ms);
        if self.ms.len() > KEPT {
            self.ms.drain(..KEPT / 2);
        }
    }

    pub fn all(&self) -> &[f64] {
        &self.ms
    }

    /// Median and 99th percentile of the last `n`.
    pub fn recent(&self, n: usize) -> (f64, f64) {
        percentiles(&self.ms[self.ms.len().saturating_sub(n)..])
    }

    pub fn is_empty(&self) -> bool {
        self.ms.is_empty()
    }
}

/// Frame starts and ends, shared with the paint callback that marks the end.
#[derive(Debug, Default)]
struct Clock {
    began: Option<Instant>,
    /// Whole-frame times finished since the owner last looked.
    finished: Vec<f64>,
}

#[derive(Clone, Debug, Default)]
pub struct FrameTimes {
    /// `ui()` alone.
    pub ui: Series,
    /// Input to GPU done, per frame.
    pub frame: Series,
    /// From one frame's start to the next.
    pub wall: Series,
    clock: Arc<Mutex<Clock>>,
    last_began: Option<Instant>,
}

impl FrameTimes {
    pub fn push_ui(&mut self, ms: f64) {
        self.ui.push(ms);
    }

    /// A frame starts (its input is being gathered).
    pub fn frame_began(&mut self, now: Instant) {
        if let Some(last) = self.last_began {
            self.wall
                .push(now.duration_since(last).as_secs_f64() * 1000.0);
        }
        self.last_began = Some(now);
        if let Ok(mut c) = self.clock.lock() {
            c.began = Some(now);
            for ms in c.finished.drain(..) {
                self.frame.push(ms);
            }
        }
    }

    /// A closure for the frame's last paint callback: the frame has been drawn when it runs
    /// (after the GPU finished what came before).
    pub fn end_marker(&self) -> impl Fn() + Send + Sync + 'static {
        let clock = Arc::clone(&self.clock);
        move || {
            if let Ok(mut c) = clock.lock()
                && let Some(began) = c.began.take()
            {
                let ms = began.elapsed().as_secs_f64() * 1000.0;
                c.finished.push(ms);
            }
        }
    }

    /// The `ui()` times in milliseconds, oldest first.
    pub fn ui_ms(&self) -> &[f64] {
        self.ui.all()
    }
}

/// Median and 99th percentile (nearest rank) of `v`; zeros for none.
pub fn percentiles(v: &[f64]) -> (f64, f64) {
    if v.is_empty() {
        return (0.0, 0.0);
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let rank = |q: f64| s[((q * s.len() as f64).ceil() as usize).clamp(1, s.len()) - 1];
    (rank(0.5), rank(0.99))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn percentile_by_hand() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentiles(&v), (50.0, 99.0));
        assert_eq!(percentiles(&[3.0]), (3.0, 3.0));
        assert_eq!(percentiles(&[]), (0.0, 0.0));
    }

    #[test]
    fn the_history_stays_bounded() {
        let mut f = FrameTimes::default();
        for i in 0..10_000 {
            f.push_ui(f64::from(i));
        }
        assert!(f.ui_ms().len() <= KEPT);
        assert_eq!(f.ui_ms().last(), Some(&9999.0));
    }

    #[test]
    fn a_frame_runs_from_its_start_to_its_end_marker() {
        let mut f = FrameTimes::default();
        let t0 = Instant::now();
        f.frame_began(t0);
        let end = f.end_marker();
        std::thread::sleep(Duration::from_millis(5));
        end();
        // A second marker without a new start records nothing.
        end();
        f.frame_began(t0 + Duration::from_millis(20));
        assert_eq!(f.frame.all().len(), 1);
        assert!(f.frame.all()[0] >= 5.0, "{:?}", f.frame.all());
        assert_eq!(f.wall.all(), &[20.0]);
    }
}
