//! The driver for the debugger's unattended modes: `--screenshot out.png` (render, save,
//! exit 0) and `--frames N` (print frame CPU times). The flags themselves are defined in
//! `cli::args`.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::cli::args::GuiArgs;
pub use crate::cli::args::WATCHDOG;

/// Frames rendered before the screenshot, so fonts and layout have settled.
const SCREENSHOT_FRAME: u64 = 4;

/// Whether a window can be opened at all (eframe would fail later with a less clear error).
pub fn display_available() -> bool {
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|k| std::env::var_os(k).is_some_and(|v| !v.is_empty()))
}

/// Starts the watchdog that ends a stuck unattended run with exit code 2.
pub fn start_watchdog() {
    let _ = std::thread::Builder::new()
        .name("watchdog".into())
        .spawn(|| {
            std::thread::sleep(WATCHDOG);
            eprintln!(
                "sweepscope: gave up after {} s (watchdog)",
                WATCHDOG.as_secs()
            );
            std::process::exit(2);
        });
}

/// The unattended-mode state machine driven once per frame by the eframe wrapper.
pub struct Driver {
    frame: u64,
    screenshot: Option<PathBuf>,
    frames: Option<usize>,
    requested: bool,
    pub result: Arc<Mutex<Option<Result<(), String>>>>,
    /// Set when the run is over: the exit message and whether it failed.
    pub finished: Option<(String, bool)>,
}

impl Driver {
    pub fn new(o: &GuiArgs) -> Self {
        Self {
            frame: 0,
            screenshot: o.screenshot.clone(),
            frames: o.frames,
            requested: false,
            result: Arc::new(Mutex::new(None)),
            finished: None,
        }
    }

    /// Called after each frame; `times_ms` are the app's frame CPU times so far.
    pub fn after_frame(&mut self, ctx: &egui::Context, times_ms: &[f64]) {
        self.frame += 1;
        ctx.request_repaint();
        if self.finished.is_some() {
            return;
        }
        if let Some(n) = self.frames {
            if times_ms.len() >= n + 2 {
                // The first two frames include font atlas and layout warm-up.
                let (median, p99) = percentiles(&times_ms[2..]);
                self.finished = Some((
                    format!(
                        "frames: {n}  median: {median:.3} ms  p99: {p99:.3} ms (CPU time of ui())"
                    ),
                    false,
                ));
            }
            return;
        }
        let Some(path) = self.screenshot.clone() else {
            return;
        };
        if self.frame >= SCREENSHOT_FRAME && !self.requested {
            self.requested = true;
            let done = self.result.clone();
            let ctx2 = ctx.clone();
            ctx.request_screenshot(move |img: Arc<egui::ColorImage>| {
                let r = super::screenshot::save_png(&img, &path);
                if let Ok(mut d) = done.lock() {
                    *d = Some(r);
                }
                ctx2.request_repaint();
            });
        }
        let outcome = self.result.lock().ok().and_then(|mut d| d.take());
        if let Some(r) = outcome {
            self.finished = Some(match r {
                Ok(()) => (
                    format!(
                        "screenshot saved to {}",
                        self.screenshot
                            .as_ref()
                            .map_or(String::new(), |p| p.display().to_string())
                    ),
                    false,
                ),
                Err(e) => (format!("screenshot failed: {e}"), true),
            });
        }
    }
}

/// Median and 99th percentile (nearest rank) of `v`.
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

    #[test]
    fn percentile_by_hand() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentiles(&v), (50.0, 99.0));
        assert_eq!(percentiles(&[3.0]), (3.0, 3.0));
    }
}
