//! The eframe window around [`DebugApp`]: start-up (scene from the command line, the last
//! session, a demo or the stress scene), persistence, and the unattended modes.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::frame_times::FrameTimes;
use super::headless::{self, Driver};
use crate::app::command::Command;
use crate::app::debugger::DebugApp;
use crate::app::document::Edit;
use crate::app::sim_view::SimView;
use crate::app::ui_state::Mode;
use crate::cli::args::GuiArgs;
use crate::cli::terminal::safe_lines;
use crate::scene::builtin;
use crate::scene::{Scene, load_scene, parse_scene, scene_to_string};

const KEY_SCENE: &str = "sweepscope.scene";
const KEY_RECENT: &str = "sweepscope.recent";
const KEY_PATH: &str = "sweepscope.path";

struct Window {
    app: DebugApp,
    driver: Option<Driver>,
    /// Save the session on exit (not in unattended runs).
    persist: bool,
    exit: Arc<Mutex<Option<(String, bool)>>>,
}

impl eframe::App for Window {
    fn raw_input_hook(&mut self, _ctx: &egui::Context, _raw_input: &mut egui::RawInput) {
        self.app.frame_times_mut().frame_began(Instant::now());
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.app.ui(ui);
        mark_frame_end(ui.ctx(), self.app.frame_times());
        if let Some(d) = &mut self.driver {
            let ctx = ui.ctx().clone();
            d.after_frame(&ctx, self.app.frame_times());
            if let Some(done) = d.finished.take() {
                if let Ok(mut e) = self.exit.lock() {
                    *e = Some(done);
                }
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }

    /// egui's memory (scroll offsets, panel widths) is not kept across launches: a panel
    /// scrolled sideways in one session would open cut off in the next.
    fn persist_egui_memory(&self) -> bool {
        false
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if !self.persist {
            return;
        }
        storage.set_string(KEY_SCENE, scene_to_string(&self.app.scene_to_save()));
        let recent: Vec<String> = self
            .app
            .recent_files()
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        eframe::set_value(storage, KEY_RECENT, &recent);
        let path = self.app.file_path().map(|p| p.display().to_string());
        eframe::set_value(storage, KEY_PATH, &path);
    }
}

/// Ends the frame with a paint callback that waits for the GPU and records the frame's end,
/// so the whole frame is measured, not just `ui()`.
fn mark_frame_end(ctx: &egui::Context, times: &FrameTimes) {
    use eframe::glow::HasContext;
    let end = times.end_marker();
    let callback = eframe::egui_glow::CallbackFn::new(move |_info, painter| {
        // SAFETY: glFinish takes no arguments and only blocks until the queued commands of
        // this context are done; the painter's context is current while it paints.
        unsafe { painter.gl().finish() };
        end();
    });
    let rect = ctx.content_rect();
    let layer = egui::LayerId::new(egui::Order::Debug, egui::Id::unique("frame end"));
    ctx.layer_painter(layer).add(egui::PaintCallback {
        rect: egui::Rect::from_min_size(rect.min, egui::vec2(1.0, 1.0)),
        callback: std::sync::Arc::new(callback),
    });
}

/// Why a screenshot could not be saved at `path`, found before the window opens: its folder
/// does not exist (it is not created: a typo should not leave folders behind).
fn missing_folder(path: &std::path::Path) -> Option<String> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty())?;
    (!dir.is_dir()).then(|| {
        format!(
            "the folder {} does not exist",
            crate::cli::terminal::safe(&dir.display().to_string())
        )
    })
}

/// The scene to start with, where it came from, and an error to show.
fn initial_scene(o: &GuiArgs) -> Result<(Scene, Option<PathBuf>, Option<String>), String> {
    if let Some(n) = o.stress {
        return Ok((builtin::stress_scene(n), None, None));
    }
    if let Some(demo) = o.demo {
        let name = demo.name();
        return builtin::demo(name)
            .map(|s| (s, None, None))
            .ok_or_else(|| format!("unknown demo '{name}'"));
    }
    match &o.scene {
        Some(p) => match load_scene(p) {
            Ok(s) => Ok((s, Some(p.clone()), None)),
            Err(e) if o.headless() => Err(e.to_string()),
            Err(e) => Ok((builtin::default_scene(), None, Some(e.to_string()))),
        },
        None => Ok((builtin::default_scene(), None, None)),
    }
}

/// Opens the debugger window with the parsed command-line options.
pub fn run(opts: &GuiArgs) -> ExitCode {
    let opts = opts.clone();
    let unattended = opts.headless();
    let driver = unattended.then(|| Driver::new(&opts));
    if let Some(d) = &driver {
        // Before loading: an unattended run must end even if reading the scene does not.
        headless::start_watchdog(Arc::clone(&d.partial));
        if let Some(e) = opts.screenshot.as_deref().and_then(missing_folder) {
            eprintln!("sweepscope: --screenshot: {e}");
            return ExitCode::FAILURE;
        }
    }
    let (scene, path, banner) = match initial_scene(&opts) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("sweepscope: {}", safe_lines(&e));
            return ExitCode::FAILURE;
        }
    };
    if !headless::display_available() {
        eprintln!(
            "sweepscope: no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set).\n\
             For --screenshot / --frames on a headless machine run it under Xvfb, e.g.\n  \
             xvfb-run -a -s \"-screen 0 1600x1000x24\" sweepscope --screenshot out.png"
        );
        return ExitCode::FAILURE;
    }
    let restore = !unattended
        && opts.scene.is_none()
        && opts.demo.is_none()
        && opts.stress.is_none()
        && !opts.sim_mode();
    let size = opts.size.unwrap_or([1400.0, 900.0]);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size(size)
            .with_min_inner_size([640.0, 420.0])
            .with_title("sweepscope")
            .with_app_id("sweepscope")
            .with_drag_and_drop(true),
        renderer: eframe::Renderer::Glow,
        persist_window: !unattended,
        ..Default::default()
    };
    let exit: Arc<Mutex<Option<(String, bool)>>> = Arc::new(Mutex::new(None));
    let exit2 = exit.clone();
    let (sim, sim_discs, sim_advance) = (opts.sim_mode(), opts.sim_discs, opts.sim_advance);
    let result = eframe::run_native(
        "sweepscope",
        options,
        Box::new(move |cc| {
            let mut app = DebugApp::new(Scene::empty(""));
            app.set_document(scene, path.as_deref());
            if let Some(b) = banner {
                app.set_banner(b);
            }
            if sim {
                app.set_mode(Mode::Simulation);
                if let Some(n) = sim_discs {
                    match SimView::fill_setup(app.scene(), n, 0.3, 1) {
                        Ok((setup, _)) => {
                            let edit = Edit::SetSimulation(Some(setup));
                            app.queue(Command::edit(edit));
                            app.apply_queued(&cc.egui_ctx);
                        }
                        Err(e) => app.set_banner(format!("--sim-discs {n}: {e}")),
                    }
                }
                if let Some(t) = sim_advance {
                    app.advance_simulation(t);
                }
            }
            if let Some(storage) = cc.storage {
                let recent: Vec<String> =
                    eframe::get_value(storage, KEY_RECENT).unwrap_or_default();
                let mut recent: Vec<PathBuf> = recent.into_iter().map(PathBuf::from).collect();
                recent.extend(app.recent_files().iter().cloned());
                recent.dedup();
                app.set_recent_files(recent);
                if restore && let Some(text) = storage.get_string(KEY_SCENE) {
                    // A corrupt stored session is ignored: the default scene is shown instead.
                    if let Ok(s) = parse_scene(&text, "last session") {
                        let last: Option<String> = eframe::get_value(storage, KEY_PATH).flatten();
                        app.set_document(s, last.map(PathBuf::from).as_deref());
                    }
                }
            }
            Ok(Box::new(Window {
                app,
                driver,
                persist: !unattended,
                exit: exit2,
            }))
        }),
    );
    if let Err(e) = result {
        eprintln!("sweepscope: could not open the window: {e}");
        return ExitCode::FAILURE;
    }
    match exit.lock().ok().and_then(|mut e| e.take()) {
        Some((msg, true)) => {
            eprintln!("sweepscope: {}", safe_lines(&msg));
            ExitCode::FAILURE
        }
        Some((msg, false)) => {
            println!("{}", safe_lines(&msg));
            ExitCode::SUCCESS
        }
        None => ExitCode::SUCCESS,
    }
}
