//! The driver for the debugger's unattended modes: `--screenshot out.png` (render, save,
//! exit 0), `--frames N [--json]` (print frame times: `ui()` alone, the whole frame,
//! and the wall time per frame) and `sweepscope report` (render, write the bug-report
//! folder the app's "Bug report" writes, exit 0). The flags themselves are defined in
//! `cli::args`.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::cli::output::{Output, outln};

use crate::cli::args::GuiArgs;
pub use crate::cli::args::WATCHDOG;

use super::frame_times::FrameTimes;
use super::report::UserWords;
use super::screenshot;
use crate::app::debugger::DebugApp;

/// Frames rendered before the screenshot, so fonts and layout have settled.
const SCREENSHOT_FRAME: u64 = 4;

/// Whether a window can be opened at all (eframe would fail later with a less clear error).
pub fn display_available() -> bool {
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|k| std::env::var_os(k).is_some_and(|v| !v.is_empty()))
}

/// Set once the unattended window is over and the process goes on without it (a report
/// written without a screenshot after the window failed to open): the watchdog then lets
/// it finish.
static DISARMED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Stops the watchdog from ending the process (see [`DISARMED`]).
pub fn disarm_watchdog() {
    DISARMED.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// Starts the watchdog that ends a stuck unattended run with exit code 2, printing first
/// whatever `partial` holds (the frames measured so far).
pub fn start_watchdog(partial: Arc<Mutex<Option<String>>>) {
    let _ = std::thread::Builder::new()
        .name("watchdog".into())
        .spawn(move || {
            std::thread::sleep(WATCHDOG);
            if DISARMED.load(std::sync::atomic::Ordering::SeqCst) {
                return;
            }
            if let Some(text) = partial.lock().ok().and_then(|mut p| p.take()) {
                // Best effort: the process ends with status 2 either way.
                let mut out = Output::new();
                outln!(out, "{text}");
            }
            eprintln!(
                "sweepscope: gave up after {} s (watchdog)",
                WATCHDOG.as_secs()
            );
            std::process::exit(2);
        });
}

/// Frames run before `--frames` starts counting (font atlas, first layout).
const WARM_UP: usize = 2;

/// The `--frames` report over the last `n` frames of each series.
pub fn frames_report(times: &FrameTimes, n: usize, json: bool) -> String {
    let (ui, ui99) = times.ui.recent(n);
    let (frame, frame99) = times.frame.recent(n);
    let (wall, wall99) = times.wall.recent(n);
    let counted = n.min(times.wall.all().len());
    if json {
        // The whole frame's wall time: input to input, with painting and the buffer swap.
        format!(
            "{{\"frames\":{counted},\"ui_ms\":{{\"median\":{ui:.3},\"p99\":{ui99:.3}}},\"frame_ms\":{{\"median\":{wall:.3},\"p99\":{wall99:.3}}},\"drawn_ms\":{{\"median\":{frame:.3},\"p99\":{frame99:.3}}}}}"
        )
    } else {
        format!(
            "frames: {counted}  frame (wall): median {wall:.3} ms, p99 {wall99:.3} ms  drawn: median {frame:.3} ms  ui(): median {ui:.3} ms, p99 {ui99:.3} ms"
        )
    }
}

/// A bug report to write from the window once it has settled (`sweepscope report`).
#[derive(Clone, Debug, PartialEq)]
pub struct ReportJob {
    /// The folder to create, absolute; it must not exist yet.
    pub dir: PathBuf,
    pub words: UserWords,
}

/// The unattended-mode state machine driven once per frame by the eframe wrapper.
pub struct Driver {
    frame: u64,
    screenshot: Option<PathBuf>,
    frames: Option<usize>,
    json: bool,
    report: Option<ReportJob>,
    requested: bool,
    pub result: Arc<Mutex<Option<Result<(), String>>>>,
    /// The bug report's outcome (see [`screenshot::request`]).
    written: screenshot::Results,
    /// What the watchdog prints if the run never ends.
    pub partial: Arc<Mutex<Option<String>>>,
    /// Set when the run is over: the exit message and whether it failed.
    pub finished: Option<(String, bool)>,
    /// Why the picture is not the state asked for (`--sim-advance` stopped short): the
    /// screenshot is still saved, and the run fails saying so.
    pub warning: Option<String>,
}

impl Driver {
    pub fn new(o: &GuiArgs, report: Option<ReportJob>) -> Self {
        Self {
            frame: 0,
            screenshot: o.screenshot.clone(),
            frames: o.frames,
            json: o.json,
            report,
            requested: false,
            result: Arc::new(Mutex::new(None)),
            written: Arc::default(),
            partial: Arc::new(Mutex::new(None)),
            finished: None,
            warning: None,
        }
    }

    /// Called after each frame with the app as it is on screen.
    pub fn after_frame(&mut self, ctx: &egui::Context, app: &DebugApp) {
        let times = app.frame_times();
        self.frame += 1;
        ctx.request_repaint();
        if self.finished.is_some() {
            return;
        }
        if let Some(job) = &self.report {
            if self.frame >= SCREENSHOT_FRAME && !self.requested {
                self.requested = true;
                // The texts and the pixels are of the same frame: nothing changes the
                // scene in an unattended run.
                let stamp = screenshot::now_stamp();
                let target = screenshot::Target::BugReport {
                    dir: job.dir.clone(),
                    texts: app.bug_report_texts(&job.words, &stamp),
                };
                screenshot::request(ctx, target, self.written.clone());
            }
            let outcome = self.written.lock().ok().and_then(|mut w| w.pop());
            self.finished = outcome.map(|r| match r {
                Ok((_, dir)) => (format!("bug report written to {}", dir.display()), false),
                Err(e) => (e, true),
            });
            return;
        }
        if let Some(n) = self.frames {
            let counted = times.wall.all().len().saturating_sub(WARM_UP);
            let report = frames_report(times, n.min(counted), self.json);
            if counted >= n {
                self.finished = Some((report, false));
            } else if let Ok(mut p) = self.partial.lock() {
                *p = Some(report);
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
            let saved = format!(
                "screenshot saved to {}",
                self.screenshot
                    .as_ref()
                    .map_or(String::new(), |p| p.display().to_string())
            );
            self.finished = Some(match (r, &self.warning) {
                (Ok(()), None) => (saved, false),
                (Ok(()), Some(w)) => (format!("{saved}, but {w}"), true),
                (Err(e), _) => (format!("screenshot failed: {e}"), true),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frames_report_is_one_json_object() {
        let mut t = FrameTimes::default();
        for ms in [1.0, 2.0, 3.0] {
            t.push_ui(ms);
            t.wall.push(ms * 10.0);
            t.frame.push(ms * 5.0);
        }
        let json = frames_report(&t, 3, true);
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["frames"], 3);
        assert_eq!(v["ui_ms"]["median"], 2.0);
        assert_eq!(v["frame_ms"]["median"], 20.0);
        assert_eq!(v["frame_ms"]["p99"], 30.0);
    }
}
