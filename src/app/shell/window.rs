//! The eframe window around [`DebugApp`]: start-up (scene from the command line, the last
//! session, a demo or the stress scene), persistence (see `session`: the title never lies
//! about a restored scene), the window size (an explicit `--size` beats the remembered
//! one), the OpenGL renderer for bug reports, and the unattended modes.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::frame_times::FrameTimes;
use super::headless::{self, Driver, ReportJob};
use super::session::{self, SessionFile, Stored};
use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::debugger::DebugApp;
use crate::app::ui_state::Mode;
use crate::cli::args::GuiArgs;
use crate::cli::output::{Output, outln};
use crate::cli::terminal::safe_lines;
use crate::scene::builtin;
use crate::scene::{Scene, load_scene};

/// The app's name for its storage folder (`eframe::storage_dir`), which holds eframe's
/// file (the window's size) and the session's ([`session::SESSION_FILE`]).
const STORAGE_APP: &str = "sweepscope";

/// The keys under which earlier versions kept the session in eframe's file: read when
/// there is no session file yet, and removed from eframe's file at the next save.
const KEY_SCENE: &str = "sweepscope.scene";
const KEY_RECENT: &str = "sweepscope.recent";
const KEY_PATH: &str = "sweepscope.path";
const KEY_DIRTY: &str = "sweepscope.dirty";
const KEY_OUTPUT: &str = "sweepscope.output_dir";
const KEY_SELECTED: &str = "sweepscope.selected";
const KEY_SCALE: &str = "sweepscope.ui_scale";
const OLD_KEYS: [&str; 7] = [
    KEY_SCENE,
    KEY_RECENT,
    KEY_PATH,
    KEY_DIRTY,
    KEY_OUTPUT,
    KEY_SELECTED,
    KEY_SCALE,
];
/// eframe's own key for the window's geometry.
const EFRAME_WINDOW_KEY: &str = "window";

/// How often the session (the scene, unsaved edits included) is saved while running.
const AUTOSAVE: std::time::Duration = std::time::Duration::from_secs(10);

struct Window {
    app: DebugApp,
    driver: Option<Driver>,
    /// Save the session on exit (not in unattended runs).
    persist: bool,
    exit: Arc<Mutex<Option<(String, bool)>>>,
    /// What the window is cleared to: the canvas colour, which shows through the panels (see
    /// `palette::apply_theme`).
    clear: egui::Color32,
    /// What the session last saved held, cheaply told apart (see [`session_key`]).
    saved: Option<SessionKey>,
    /// The scene's file and whether it was unsaved, when the session was last saved.
    saved_file: Option<(Option<PathBuf>, bool)>,
    /// Why the session could not be saved the last time it was tried, once said.
    session_error: Option<String>,
}

/// The scene's revision, the recent files and the report folder: a change to any of them
/// is a session to save.
type SessionKey = (u64, Vec<PathBuf>, Option<PathBuf>, f32);

fn session_key(app: &DebugApp) -> SessionKey {
    (
        app.revision(),
        app.recent_files().to_vec(),
        app.chosen_output_dir().map(Path::to_path_buf),
        app.asked_scale(),
    )
}

/// Whether the session must be saved now, not in [`AUTOSAVE`]: the scene is clean (just
/// saved, or opened) and its file or its being unsaved is not what the session last held.
fn save_at_once(saved: Option<&(Option<PathBuf>, bool)>, now: &(Option<PathBuf>, bool)) -> bool {
    !now.1 && saved != Some(now)
}

impl eframe::App for Window {
    fn clear_color(&self, _visuals: &egui::Visuals) -> [f32; 4] {
        self.clear.to_normalized_gamma_f32()
    }

    fn raw_input_hook(&mut self, _ctx: &egui::Context, _raw_input: &mut egui::RawInput) {
        self.app.frame_times_mut().frame_began(Instant::now());
    }

    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        if self.app.renderer().is_none()
            && let Some(gl) = frame.gl()
        {
            self.app.set_renderer(gl_renderer(gl));
        }
        self.app.ui(ui);
        // eframe saves after a frame only: an idle window with unsaved edits, or another
        // file opened, gets one frame per interval, so that they reach the session (a
        // file opened in an idle window was not remembered when the window was killed).
        if self.persist
            && (self.app.dirty() || self.saved.as_ref() != Some(&session_key(&self.app)))
        {
            ui.ctx().request_repaint_after(AUTOSAVE);
        }
        mark_frame_end(ui.ctx(), self.app.frame_times());
        if let Some(d) = &mut self.driver {
            let ctx = ui.ctx().clone();
            d.after_frame(&ctx, &self.app);
            if let Some(done) = d.finished.take() {
                if let Ok(mut e) = self.exit.lock() {
                    *e = Some(done);
                }
                self.app.close_unattended(&ctx);
            }
        }
    }

    /// The session is saved this often while the app runs, not only on closing: a killed
    /// or crashed window lost every unsaved edit.
    ///
    /// A scene just saved to a file (or another file opened) is saved at once: the
    /// session still naming the old file, with the edits as unsaved changes to it, made a
    /// relaunch after a kill offer them as changes to that file, and Ctrl+S overwrite it.
    fn auto_save_interval(&self) -> std::time::Duration {
        let now = (
            self.app.file_path().map(Path::to_path_buf),
            self.app.dirty(),
        );
        if self.persist && save_at_once(self.saved_file.as_ref(), &now) {
            std::time::Duration::ZERO
        } else {
            AUTOSAVE
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
        let Stored {
            scene,
            path,
            dirty,
            selected,
            on_disk,
        } = self.app.session();
        let session = SessionFile {
            scene,
            path: path.map(|p| p.display().to_string()),
            dirty,
            selected,
            on_disk,
            output_dir: self
                .app
                .chosen_output_dir()
                .map(|p| p.display().to_string()),
            recent: self
                .app
                .recent_files()
                .iter()
                .map(|p| p.display().to_string())
                .collect(),
            ui_scale: Some(self.app.asked_scale()),
        };
        let written = match eframe::storage_dir(STORAGE_APP) {
            Some(dir) => session::write_session(&dir, &session),
            None => Err("no folder to keep it in (neither HOME nor XDG_DATA_HOME)".to_owned()),
        };
        match written {
            Ok(()) => {
                self.saved = Some(session_key(&self.app));
                self.saved_file = Some((
                    self.app.file_path().map(Path::to_path_buf),
                    self.app.dirty(),
                ));
                self.session_error = None;
            }
            // Said once for each new reason, not at every autosave.
            Err(e) => {
                if self.session_error.as_ref() != Some(&e) {
                    self.app.set_banner(format!(
                        "The session could not be saved ({e}): if this window is killed, \
                         changes not saved to a file are lost. Save the scene to a file \
                         (Ctrl+S)."
                    ));
                }
                self.session_error = Some(e);
                // Tried again at the next interval, not at every frame.
                self.saved = Some(session_key(&self.app));
            }
        }
        // What an earlier version kept in eframe's file, rewritten in place (see
        // `session::SESSION_FILE`), goes: the session file holds it now.
        for key in OLD_KEYS {
            storage.remove_string(key);
        }
    }
}

/// The OpenGL renderer and version strings of the window's context.
fn gl_renderer(gl: &eframe::glow::Context) -> String {
    use eframe::glow::HasContext as _;
    // SAFETY: glGetString with these enums only reads static strings of the current
    // context, which eframe made current for this frame.
    let (renderer, version) = unsafe {
        (
            gl.get_parameter_string(eframe::glow::RENDERER),
            gl.get_parameter_string(eframe::glow::VERSION),
        )
    };
    format!("{renderer} (OpenGL {version})")
}

/// The window's inner size when none is given or remembered (`--size`'s default).
const DEFAULT_SIZE: [f32; 2] = [1400.0, 900.0];

/// The size to open at over the one a session remembered: the size asked for, and for an
/// unattended run the documented default (a session saved tiny made every screenshot and
/// report tiny, and crashed them).
fn window_size(asked: Option<[f32; 2]>, unattended: bool) -> Option<[f32; 2]> {
    asked.or(unattended.then_some(DEFAULT_SIZE))
}

/// The window's options. An explicit `size` is applied after eframe restores the
/// remembered geometry (its `window_builder` hook runs last), so it wins.
fn native_options(size: Option<[f32; 2]>, unattended: bool) -> eframe::NativeOptions {
    let window_builder: Option<eframe::WindowBuilderHook> = size.map(|size| {
        let hook: eframe::WindowBuilderHook = Box::new(move |b: egui::ViewportBuilder| {
            b.with_inner_size(size)
                .with_maximized(false)
                .with_fullscreen(false)
        });
        hook
    });
    eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size(size.unwrap_or(DEFAULT_SIZE))
            // The least the panels lay out in; smaller, they overlapped.
            .with_min_inner_size(super::ui_scale::LEAST_LAYOUT)
            .with_title("sweepscope")
            .with_app_id("sweepscope")
            .with_drag_and_drop(true),
        renderer: eframe::Renderer::Glow,
        persist_window: !unattended,
        window_builder,
        ..Default::default()
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
            "the folder {} {}",
            crate::cli::terminal::safe(&dir.display().to_string()),
            if dir.exists() {
                crate::scene::io::not_a_folder(dir)
            } else {
                "does not exist".to_owned()
            }
        )
    })
}

/// Why a screenshot must not be saved over `path`: a file is there that is not a PNG (the
/// scene being opened itself, given twice by mistake, was replaced by the picture), or a
/// new file's name does not end in `.png` (`--screenshot out.ron scene.ron` wrote a
/// picture named like a scene). An earlier screenshot is replaced as asked.
fn not_a_png(path: &std::path::Path) -> Option<String> {
    use std::io::Read;
    const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1A, b'\n'];
    let shown = || crate::cli::terminal::safe(&path.display().to_string()).into_owned();
    let named_png = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    let Ok(meta) = std::fs::metadata(path) else {
        return (!named_png).then(|| {
            format!(
                "{} does not end in .png: give the picture a .png name",
                shown()
            )
        });
    };
    if !meta.is_file() {
        // A folder, or a special file (a pipe a picture may be streamed to): the write
        // says what it finds.
        return None;
    }
    let mut head = [0u8; 8];
    let png = crate::scene::io::open_no_wait(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| head == SIGNATURE);
    if !png && meta.len() > 0 {
        return Some(format!(
            "{} exists and is not a PNG: not overwritten",
            shown()
        ));
    }
    (!named_png).then(|| {
        format!(
            "{} does not end in .png: give the picture a .png name",
            shown()
        )
    })
}

/// The scene to start with, where it came from, and an error to show (an unattended run
/// fails instead).
#[allow(clippy::type_complexity)]
fn initial_scene(
    o: &GuiArgs,
    unattended: bool,
) -> Result<(Scene, Option<PathBuf>, Option<(String, PathBuf)>), String> {
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
            Err(e) if unattended => Err(e.to_string()),
            Err(e) => Ok((
                builtin::default_scene(),
                None,
                Some((e.to_string(), p.clone())),
            )),
        },
        None => Ok((builtin::default_scene(), None, None)),
    }
}

/// Opens the debugger window with the parsed command-line options.
pub fn run(opts: &GuiArgs) -> ExitCode {
    launch(opts, None).unwrap_or_else(|e| {
        eprintln!("sweepscope: {e}");
        ExitCode::FAILURE
    })
}

/// `sweepscope report`: opens the window on `opts.scene` unattended, writes the bug-report
/// folder of `job` from it and exits (0 when the folder was written). `Err` when the window
/// could not be opened at all: nothing was written, and the caller may write the folder
/// without a screenshot instead.
pub fn run_report(opts: &GuiArgs, job: ReportJob) -> Result<ExitCode, String> {
    launch(opts, Some(job))
}

/// The run's exit code, or why the window could not be opened (nothing was shown or
/// written; every other failure is reported here and ends in the exit code).
fn launch(opts: &GuiArgs, report: Option<ReportJob>) -> Result<ExitCode, String> {
    super::allocator::keep_freed_memory();
    let opts = opts.clone();
    let unattended = opts.headless() || report.is_some();
    let mut driver = unattended.then(|| Driver::new(&opts, report));
    if let Some(d) = &driver {
        // Before loading: an unattended run must end even if reading the scene does not.
        headless::start_watchdog(Arc::clone(&d.partial));
        if let Some(e) = opts
            .screenshot
            .as_deref()
            .and_then(|p| missing_folder(p).or_else(|| not_a_png(p)))
        {
            eprintln!("sweepscope: --screenshot: {e}");
            return Ok(ExitCode::FAILURE);
        }
    }
    let (scene, path, banner) = match initial_scene(&opts, unattended) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("sweepscope: {}", safe_lines(&e));
            return Ok(ExitCode::FAILURE);
        }
    };
    if !headless::display_available() {
        eprintln!(
            "sweepscope: no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set).\n\
             For --screenshot / --frames on a headless machine run it under Xvfb, e.g.\n  \
             xvfb-run -a -s \"-screen 0 1600x1000x24\" sweepscope --screenshot out.png"
        );
        return Ok(ExitCode::FAILURE);
    }
    let restore = !unattended
        && opts.scene.is_none()
        && opts.demo.is_none()
        && opts.stress.is_none()
        && !opts.sim_mode();
    let asked_size = opts.size;
    let options = native_options(window_size(opts.size, unattended), unattended);
    let exit: Arc<Mutex<Option<(String, bool)>>> = Arc::new(Mutex::new(None));
    let exit2 = exit.clone();
    let (sim, sim_discs, sim_advance) = (opts.sim_mode(), opts.sim_discs, opts.sim_advance);
    let play = opts.play;
    let (select, at) = (opts.select.clone(), opts.at);
    let result = eframe::run_native(
        "sweepscope",
        options,
        Box::new(move |cc| {
            let clear = crate::app::draw::palette::apply_theme(&cc.egui_ctx);
            let mut app = DebugApp::new(Scene::empty(""));
            app.set_document(scene, path.as_deref());
            if let Some((message, file)) = banner {
                app.show_load_error(message, &file);
            }
            if !unattended {
                app.allow_native_dialogs();
            }
            if sim {
                let short = start_simulation(&mut app, &cc.egui_ctx, sim_discs, sim_advance);
                if let (Some(d), Some(w)) = (driver.as_mut(), short) {
                    d.warning = Some(w);
                }
            }
            if let Some(storage) = cc.storage {
                let last = last_session(&mut app, storage);
                restore_stored(&mut app, &last, restore);
                // Unattended runs draw at scale 1, whatever the last session's.
                if let Some(scale) = last.ui_scale
                    && !unattended
                {
                    let window = remembered_window(storage).filter(|_| asked_size.is_none());
                    app.restore_scale(scale, window);
                }
            }
            // After the session: they pick within the scene that is open.
            if let Some(name) = &select {
                match app.scene().objects.iter().position(|o| &o.name == name) {
                    Some(i) => app.queue(Command::Select(Some(i))),
                    None => {
                        let why = format!(
                            "--select {}: the scene has no object of that name",
                            crate::cli::terminal::safe(name)
                        );
                        app.set_banner(why.clone());
                        // An unattended run fails: its picture is not the state asked for.
                        if let Some(d) = driver.as_mut() {
                            d.warning.get_or_insert(why);
                        }
                    }
                }
            }
            if let Some(t) = at {
                app.queue(Command::ScrubTo(t));
            }
            if play {
                app.queue(Command::Action(Action::PlayPause));
            }
            app.apply_queued(&cc.egui_ctx);
            Ok(Box::new(Window {
                app,
                driver,
                persist: !unattended,
                exit: exit2,
                clear,
                saved: None,
                saved_file: None,
                session_error: None,
            }))
        }),
    );
    if let Err(e) = result {
        return Err(format!("could not open the window: {e}"));
    }
    match exit.lock().ok().and_then(|mut e| e.take()) {
        Some((msg, true)) => {
            eprintln!("sweepscope: {}", safe_lines(&msg));
            Ok(ExitCode::FAILURE)
        }
        Some((msg, false)) => {
            let mut out = Output::new();
            outln!(out, "{}", safe_lines(&msg));
            Ok(out.exit("sweepscope", ExitCode::SUCCESS))
        }
        None => Ok(ExitCode::SUCCESS),
    }
}

/// Opens the simulation view as `--sim`, `--sim-discs` and `--sim-advance` ask.
/// Fills and advances the simulation as asked; a warning when `--sim-advance` stopped
/// short of its time.
fn start_simulation(
    app: &mut DebugApp,
    ctx: &egui::Context,
    discs: Option<usize>,
    advance: Option<f64>,
) -> Option<String> {
    app.set_mode(Mode::Simulation);
    if let Some(n) = discs
        && let Err(e) = app.fill_simulation(ctx, n)
    {
        app.set_banner(format!("--sim-discs {n}: {e}"));
    }
    // The run is built now, not at the first frame, so `--play` finds it.
    // A failed fill has said why in the banner already.
    if !app.advance_simulation(advance.unwrap_or(0.0))
        && let Some(t) = advance
        && app.banner().is_none()
    {
        app.set_banner(format!(
            "--sim-advance {t}: this scene has no simulation to advance (add discs with \
             --sim-discs N, or fill or spawn in the simulation view)"
        ));
        return None;
    }
    // A replay that stops short shows another state than the one asked for: said on
    // screen, and the unattended run fails (it read as the state at t).
    let t = advance?;
    let reached = app.sim_view().time();
    (reached < t).then(|| {
        let why = app
            .sim_view()
            .stop_reason()
            .unwrap_or_else(|| "the catch-up frames ran out".to_owned());
        let (t, reached) = (
            crate::sim::event::time_text(t),
            crate::sim::event::time_text(reached),
        );
        let warning = format!("--sim-advance {t}: stopped at t = {reached}: {why}");
        app.set_banner(warning.clone());
        warning
    })
}

/// The window size eframe remembered (its `window` key, in points at the scale of the
/// session), unless the window was maximized or fullscreen.
fn remembered_window(storage: &dyn eframe::Storage) -> Option<egui::Vec2> {
    #[derive(serde::Deserialize)]
    struct Size {
        x: f32,
        y: f32,
    }
    #[derive(serde::Deserialize)]
    struct Geometry {
        inner_size_points: Size,
    }
    #[derive(serde::Deserialize)]
    struct Remembered {
        normal_geometry: Geometry,
        #[serde(default)]
        fullscreen: bool,
        #[serde(default)]
        maximized: bool,
    }
    let w: Remembered = eframe::get_value(storage, EFRAME_WINDOW_KEY)?;
    let size = w.normal_geometry.inner_size_points;
    (!w.fullscreen && !w.maximized).then(|| egui::vec2(size.x, size.y))
}

/// Keeps the text of a session's unsaved scene that does not parse in a file of its own in
/// `dir` (the session's folder), and the banner's words for it.
fn unreadable_session(text: &str, error: &crate::scene::SceneError, dir: Option<&Path>) -> String {
    let kept = dir.map(|dir| {
        let stem = format!("unreadable-session-{}", crate::scene::bundle::now_stamp());
        let path = crate::scene::bundle::fresh_path(dir, &stem, "ron");
        std::fs::create_dir_all(dir)
            .and_then(|()| crate::atomic_file::write_atomically(&path, text.as_bytes()))
            .map(|()| path)
    });
    let said = match kept {
        Some(Ok(path)) => format!("its text is kept in {}", path.display()),
        Some(Err(w)) => format!("and its text could not be kept ({w})"),
        None => "and there is no folder to keep its text in".to_owned(),
    };
    format!("The last session's unsaved scene could not be read ({error}); {said}")
}

/// What the last session remembered: its file ([`session::SESSION_FILE`]), or what an
/// earlier version kept in eframe's `storage`. A session file that cannot be read is said
/// in the banner, and eframe's keys are tried instead.
fn last_session(app: &mut DebugApp, storage: &dyn eframe::Storage) -> SessionFile {
    let read = eframe::storage_dir(STORAGE_APP).map_or(Ok(None), |dir| session::read_session(&dir));
    match read {
        Ok(Some(s)) => return s,
        Ok(None) => {}
        Err(e) => app.set_banner(format!("The last session could not be read ({e}).")),
    }
    SessionFile {
        scene: storage.get_string(KEY_SCENE).unwrap_or_default(),
        path: eframe::get_value::<Option<String>>(storage, KEY_PATH).flatten(),
        dirty: eframe::get_value(storage, KEY_DIRTY).unwrap_or(false),
        selected: eframe::get_value::<Option<String>>(storage, KEY_SELECTED).flatten(),
        on_disk: None,
        output_dir: eframe::get_value::<Option<String>>(storage, KEY_OUTPUT).flatten(),
        recent: eframe::get_value(storage, KEY_RECENT).unwrap_or_default(),
        ui_scale: eframe::get_value(storage, KEY_SCALE),
    }
}

/// Opens what the last session remembered: the recent files, the report folder and, when
/// `restore_scene`, the scene being edited (unsaved changes included).
fn restore_stored(app: &mut DebugApp, last: &SessionFile, restore_scene: bool) {
    // This launch's file first, then the session's.
    let mut recent: Vec<PathBuf> = app.recent_files().to_vec();
    recent.extend(last.recent.iter().map(PathBuf::from));
    app.set_recent_files(recent);
    app.set_output_dir(last.output_dir.as_deref().map(PathBuf::from));
    if !restore_scene {
        return;
    }
    let stored = last.stored();
    // An unsaved scene the session holds but that does not parse (a file edited by hand,
    // a version from elsewhere) was dropped without a word, and the next save of the
    // session wrote over it: its text is kept in a file beside the session, and said.
    let mut kept = None;
    if stored.dirty
        && !stored.scene.trim().is_empty()
        && let Err(e) = crate::scene::parse_scene(&stored.scene, "last session")
    {
        let dir = eframe::storage_dir(STORAGE_APP);
        kept = Some(unreadable_session(&stored.scene, &e, dir.as_deref()));
    }
    match session::restore(&stored) {
        Ok(Some(r)) => app.open_restored(r),
        Ok(None) => {}
        Err(message) => {
            if let Some(p) = &stored.path {
                app.show_load_error(message, p);
            }
        }
    }
    // Said last: a file that does not load either would take the banner, and the user
    // would never learn that the unsaved text was kept.
    if let Some(kept) = kept {
        let shown = match app.banner() {
            Some(other) => format!("{kept} {other}"),
            None => kept,
        };
        app.set_banner(shown);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// User test: after Save As, the session still named the old file with the edits as
    /// unsaved changes to it for up to 10 s; a kill then, and the next launch offered them
    /// as changes to the old file, which Ctrl+S would overwrite. A clean scene whose file
    /// or state the session does not hold is saved at once; edits wait for the interval.
    #[test]
    fn a_scene_just_saved_to_a_file_reaches_the_session_at_once() {
        let old = (Some(PathBuf::from("default.ron")), true);
        let saved_as = (Some(PathBuf::from("mybug.ron")), false);
        assert!(save_at_once(Some(&old), &saved_as));
        // Saved over the same file.
        let same = (Some(PathBuf::from("default.ron")), false);
        assert!(save_at_once(Some(&old), &same));
        // Nothing new, or only edits: the interval.
        assert!(!save_at_once(Some(&saved_as), &saved_as));
        assert!(!save_at_once(Some(&same), &old));
    }

    /// Hostile test: an unsaved scene in the session that did not parse was dropped
    /// without a word, and the next session save wrote over it. Its text is kept in a file
    /// of its own and the banner says where.
    #[test]
    fn an_unreadable_unsaved_session_scene_is_kept_and_said() {
        let dir =
            std::env::temp_dir().join(format!("sweepscope-session-kept-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let text = "(version: 1, objects: [ (name: \"my precious ball\" shape: Box) ])";
        let err = crate::scene::parse_scene(text, "last session")
            .err()
            .unwrap_or_else(|| panic!("the text does not parse"));
        let banner = unreadable_session(text, &err, Some(&dir));
        assert!(
            banner
                .starts_with("The last session's unsaved scene could not be read (last session:1:"),
            "{banner}"
        );
        let kept = banner
            .split("its text is kept in ")
            .nth(1)
            .unwrap_or_default();
        assert_eq!(std::fs::read_to_string(kept).unwrap_or_default(), text);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Robustness attack: `--sim-advance 1` on three discs jammed between walls stayed at
    /// t = 0 (the engine's event cap cut every frame) and exited 0, the picture read as
    /// the state at t = 1. It now says where it stopped and why, and the run fails. (The
    /// jam itself now resolves; a feather squeezed between a wall and an anvil 10⁶⁰⁰
    /// times heavier still crawls: infinitely many bounces before t = 1.)
    #[test]
    fn a_sim_advance_that_stops_short_says_where_and_why() {
        let text = r"(
            version: 1,
            objects: [],
            simulation: (
                bounds: (min: (0.0, 0.0), max: (10.0, 2.0)),
                discs: [
                    (position: (1.0, 1.0), velocity: (1.0, 0.0), radius: 1.0, mass: 1e-300),
                    (position: (4.0, 1.0), velocity: (-1.0, 0.0), radius: 1.0, mass: 1e300),
                ],
                restitution: 1.0,
            ),
        )";
        let scene = crate::scene::parse_scene(text, "jam.ron").unwrap_or_else(|e| panic!("{e}"));
        let ctx = egui::Context::default();
        let mut app = DebugApp::new(Scene::empty(""));
        app.set_document(scene, None);
        let warning = start_simulation(&mut app, &ctx, None, Some(1.0))
            .unwrap_or_else(|| panic!("it reached t = 1"));
        assert!(
            warning.starts_with("--sim-advance 1: stopped at t = ")
                && warning.contains("a frame reached the engine's cap of 100000 events (contacts crowd the run, which crawls"),
            "{warning}"
        );
        assert_eq!(app.banner(), Some(warning.as_str()));
        // A run that gets there has nothing to say.
        let mut app = DebugApp::new(Scene::empty(""));
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/sim-billiards.ron");
        app.set_document(
            crate::scene::load_scene(&path).unwrap_or_else(|e| panic!("{e}")),
            None,
        );
        assert_eq!(start_simulation(&mut app, &ctx, None, Some(2.0)), None);
    }

    /// What eframe does with the options: the remembered geometry first, then the hook.
    fn opened_size(size: Option<[f32; 2]>, remembered: [f32; 2]) -> Option<egui::Vec2> {
        let mut o = native_options(size, false);
        let restored = o.viewport.clone().with_inner_size(remembered);
        let built = match o.window_builder.take() {
            Some(hook) => hook(restored),
            None => restored,
        };
        built.inner_size
    }

    /// Robustness attack: `--screenshot` without `--size` opened at the size the last
    /// session remembered (120 x 90 crashed it), though `--size` says 1400x900.
    #[test]
    fn an_unattended_run_opens_at_the_default_size_not_the_remembered_one() {
        let remembered = [120.0, 90.0];
        assert_eq!(
            opened_size(window_size(None, true), remembered),
            Some(egui::vec2(1400.0, 900.0))
        );
        assert_eq!(
            opened_size(window_size(None, false), remembered),
            Some(egui::vec2(120.0, 90.0))
        );
    }

    #[test]
    fn an_explicit_size_beats_the_remembered_window_size() {
        let remembered = [700.0, 500.0];
        assert_eq!(
            opened_size(Some([1000.0, 620.0]), remembered),
            Some(egui::vec2(1000.0, 620.0))
        );
        // Without --size the remembered size stands.
        assert_eq!(
            opened_size(None, remembered),
            Some(egui::vec2(700.0, 500.0))
        );
    }
}
