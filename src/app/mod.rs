//! The interactive debugger (egui/eframe).
//!
//! [`DebugApp`] holds the scene plus UI-only state and draws everything in
//! [`DebugApp::ui`], which both the eframe window ([`run`]) and the egui_kittest tests drive.
//! Every frame runs the core on the scene ([`eval::Eval`]); layers, inspector, plots and
//! reports only read those answers.

mod canvas;
pub mod construct;
pub mod eval;
mod files;
pub mod handles;
pub mod headless;
mod heat_layer;
pub mod heat_map;
mod history;
mod inspector;
mod layers;
pub mod palette;
pub mod pen;
mod plots;
mod report;
pub mod scenes;
mod screenshot;
mod scrubber;
pub mod shortcuts;
pub mod sim_view;
mod variants_panel;
pub mod view;
mod widgets;
mod window;

use std::path::Path;
use std::time::Instant;

use egui::{Color32, RichText, Ui};
use glam::Vec2;

pub use files::Pending;
pub use pen::{Layer, LayerStats};
pub use window::run;

use crate::scene::{Object, Scene, Shape};
use crate::variants::Params;
use canvas::Drag;
use eval::Eval;
use files::{DialogResult, Files};
use handles::Handle;
use history::History;
use scrubber::Playback;
use shortcuts::Action;

/// Frame times kept for the status bar and `--frames`.
const FRAME_HISTORY: usize = 4096;

/// Which of the two views fills the window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Moving circles against obstacles: the sweep debugger.
    #[default]
    Sweep,
    /// The event-driven disc simulation.
    Simulation,
}

/// The debugger's whole state: the scene being edited plus everything UI-only.
pub struct DebugApp {
    pub scene: Scene,
    pub mode: Mode,
    /// The simulation view, built from the scene the first time it is shown.
    pub sim: Option<sim_view::SimView>,
    pub selected: Option<usize>,
    pub playback: Playback,
    pub params: Params,
    /// The core's answers for the current scene (refreshed every frame).
    pub eval: Eval,
    /// Shapes drawn per layer in the last frame.
    pub stats: LayerStats,
    pub show_plots: bool,
    pub show_variants: bool,
    pub show_help: bool,
    /// The heat map's samples and texture (its settings are the scene's).
    heat: heat_layer::HeatLayer,
    /// CPU time of each `ui()` call in milliseconds, oldest first.
    pub frame_times: Vec<f64>,
    files: Files,
    history: History,
    /// The scene as last loaded or saved (for the unsaved-changes marker).
    saved: Scene,
    skip_track: bool,
    drag: Option<Drag>,
    panning: bool,
    hot: Option<Handle>,
    cursor_world: Option<Vec2>,
    context_at: Option<Vec2>,
    fit_requested: bool,
    /// Fit on the next frame if the scene's own camera does not show all of it.
    check_view: bool,
    rename: Option<(usize, String)>,
    pending_actions: Vec<Action>,
    status: String,
    shots: screenshot::Results,
    allow_close: bool,
    title: String,
}

impl Default for DebugApp {
    fn default() -> Self {
        Self::new(scenes::default_scene())
    }
}

impl DebugApp {
    pub fn new(scene: Scene) -> Self {
        let mut app = Self {
            saved: scene.clone(),
            mode: start_mode(&scene),
            scene,
            sim: None,
            selected: None,
            playback: Playback::default(),
            params: Params::default(),
            eval: Eval::default(),
            stats: LayerStats::default(),
            show_plots: true,
            show_variants: true,
            show_help: false,
            heat: heat_layer::HeatLayer::default(),
            frame_times: Vec::new(),
            files: Files::default(),
            history: History::default(),
            skip_track: false,
            drag: None,
            panning: false,
            hot: None,
            cursor_world: None,
            context_at: None,
            fit_requested: false,
            check_view: true,
            rename: None,
            pending_actions: Vec::new(),
            status: String::new(),
            shots: Default::default(),
            allow_close: false,
            title: String::new(),
        };
        app.selected = app.scene.objects.iter().position(|o| o.shape.is_ball());
        app.refresh_eval();
        app
    }

    /// The error banner text, if any (a failed load or save).
    pub fn banner(&self) -> Option<&str> {
        self.files.banner.as_deref()
    }

    /// Whether the scene has changes that are not saved.
    pub fn dirty(&self) -> bool {
        !history::same_content(&self.saved, &self.scene)
    }

    pub fn file_path(&self) -> Option<&Path> {
        self.files.path.as_deref()
    }

    pub fn recent_files(&self) -> &[std::path::PathBuf] {
        &self.files.recent
    }

    pub fn set_recent_files(&mut self, recent: Vec<std::path::PathBuf>) {
        self.files.recent = recent;
    }

    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// Queues an action as if its shortcut had been pressed.
    pub fn queue(&mut self, action: Action) {
        self.pending_actions.push(action);
    }

    /// Opens a scene file, asking first when there are unsaved changes. A file that fails to
    /// load leaves the current scene untouched and shows the banner.
    pub fn open_path(&mut self, path: &Path) {
        self.request(Pending::Open(path.to_path_buf()));
    }

    /// Uses `scene` as a freshly opened document from `path`.
    pub fn set_document(&mut self, scene: Scene, path: Option<&Path>) {
        self.files.path = path.map(Path::to_path_buf);
        if let Some(p) = path {
            self.files.remember(p);
        }
        self.replace(scene);
    }

    /// Shows an error in the banner (e.g. a bad file given on the command line).
    pub fn set_banner(&mut self, text: String) {
        self.files.banner = Some(text);
    }

    fn replace(&mut self, scene: Scene) {
        self.mode = start_mode(&scene);
        self.sim = None;
        self.saved = scene.clone();
        self.scene = scene;
        self.history.clear();
        self.skip_track = true;
        self.selected = self.scene.objects.iter().position(|o| o.shape.is_ball());
        self.drag = None;
        self.check_view = true;
        self.refresh_eval();
    }

    pub(crate) fn refresh_eval(&mut self) {
        if self.selected.is_some_and(|s| s >= self.scene.objects.len()) {
            self.selected = None;
        }
        self.eval = Eval::run(&self.scene, self.selected, &self.params);
    }

    /// Draws the whole debugger into `ui` (the eframe window's root or a test harness).
    pub fn ui(&mut self, ui: &mut Ui) {
        let started = Instant::now();
        let ctx = ui.ctx().clone();
        let before = self.scene.clone();
        self.poll_async(&ctx);
        self.take_dropped_files(&ctx);
        for a in shortcuts::pressed(&ctx) {
            if self.mode == Mode::Sweep || a.global() {
                self.perform(&ctx, a);
            }
        }
        for a in std::mem::take(&mut self.pending_actions) {
            self.perform(&ctx, a);
        }
        if self.playback.advance(ctx.input(|i| i.stable_dt)) {
            ctx.request_repaint();
        }
        self.refresh_eval();

        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        if let Some(text) = self.files.banner.clone() {
            egui::Panel::top("banner")
                .frame(
                    egui::Frame::new()
                        .fill(Color32::from_rgb(110, 20, 25))
                        .inner_margin(6.0),
                )
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(
                            RichText::new(format!("Error: {text}"))
                                .color(Color32::WHITE)
                                .strong(),
                        );
                        if ui.button("Dismiss").clicked() {
                            self.files.banner = None;
                        }
                    });
                });
        }
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        match self.mode {
            Mode::Sweep => self.sweep_panels(ui, &ctx),
            Mode::Simulation => {
                if self.sim.is_none() {
                    let (view, problem) = sim_view_for(&self.scene);
                    if let Some(p) = problem {
                        self.status = p;
                    }
                    self.sim = Some(view);
                }
                if let Some(sim) = &mut self.sim {
                    egui::CentralPanel::default().show(ui, |ui| sim.ui(ui));
                }
            }
        }
        self.modals(&ctx);

        // A gesture is still going on while a button is held or a field is being typed in.
        let pointer_down = ctx.input(|i| i.pointer.any_down()) || ctx.egui_wants_keyboard_input();
        if std::mem::take(&mut self.skip_track) {
            // Undo, redo and loads replace the scene themselves; they are not edits.
        } else {
            self.history.track(&before, &self.scene, pointer_down);
        }
        self.handle_close(&ctx);
        let title = files::title(&self.scene, self.files.path.as_deref(), self.dirty());
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        self.frame_times
            .push(started.elapsed().as_secs_f64() * 1000.0);
        if self.frame_times.len() > FRAME_HISTORY {
            self.frame_times.drain(..FRAME_HISTORY / 2);
        }
    }

    /// The sweep debugger: scrubber and plots, inspector, variants and the canvas.
    fn sweep_panels(&mut self, ui: &mut Ui, ctx: &egui::Context) {
        egui::Panel::bottom("timeline")
            .resizable(self.show_plots)
            .default_size(230.0)
            .show(ui, |ui| {
                scrubber::show(ui, &mut self.playback);
                if self.show_plots {
                    plots::show(
                        ui,
                        &self.scene,
                        &self.eval,
                        &mut self.params.substeps,
                        self.playback.t,
                    );
                }
            });
        egui::Panel::right("inspector")
            .resizable(true)
            .default_size(400.0)
            .size_range(260.0..=480.0)
            .show(ui, |ui| {
                let out = inspector::show(ui, &mut self.scene, self.selected, &self.eval);
                if out.copy_text {
                    self.perform(ctx, Action::CopyText);
                }
                if out.delete {
                    self.perform(ctx, Action::Delete);
                }
                if out.duplicate {
                    self.perform(ctx, Action::Duplicate);
                }
            });
        if self.show_variants {
            egui::Panel::left("variants")
                .resizable(true)
                .default_size(210.0)
                .size_range(140.0..=260.0)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical().show(ui, |ui| {
                        variants_panel::show(ui, &mut self.scene, &mut self.params)
                    });
                });
        }
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| canvas::show(self, ui));
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let hint = |a, what| shortcuts::hint(&ctx, a, what);
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                for (a, what) in [
                    (Action::New, "New"),
                    (Action::Open, "Open…"),
                    (Action::Save, "Save"),
                    (Action::SaveAs, "Save as…"),
                ] {
                    if ui.button(what).on_hover_text(hint(a, what)).clicked() {
                        self.pending_actions.push(a);
                    }
                }
                ui.menu_button("Recent", |ui| {
                    if self.files.recent.is_empty() {
                        ui.weak("(none)");
                    }
                    for p in self.files.recent.clone() {
                        if ui.button(p.display().to_string()).clicked() {
                            self.request(Pending::Open(p));
                        }
                    }
                });
                ui.menu_button("Demo scenes", |ui| {
                    for name in scenes::DEMOS {
                        if ui.button(name).clicked()
                            && let Some(s) = scenes::demo(name)
                        {
                            self.request_scene(s);
                        }
                    }
                });
                ui.separator();
                for (a, what) in [
                    (Action::Screenshot, "Screenshot"),
                    (Action::BugReport, "Bug report"),
                    (Action::CopyText, "Copy readout as text"),
                ] {
                    if ui.button(what).on_hover_text(hint(a, what)).clicked() {
                        self.pending_actions.push(a);
                    }
                }
            });
            ui.menu_button("Edit", |ui| {
                for (a, what) in [
                    (Action::Undo, "Undo"),
                    (Action::Redo, "Redo"),
                    (Action::Duplicate, "Duplicate"),
                    (Action::Rename, "Rename…"),
                    (Action::Delete, "Delete"),
                ] {
                    if ui.button(what).on_hover_text(hint(a, what)).clicked() {
                        self.pending_actions.push(a);
                    }
                }
            });
            ui.menu_button("Layers", |ui| {
                let l = &mut self.scene.layers;
                ui.checkbox(&mut l.grid, "Grid");
                ui.checkbox(&mut l.capsule, "Swept capsule");
                ui.checkbox(&mut l.minkowski, "Minkowski (expanded box)");
                ui.checkbox(&mut l.regions, "Regions");
                ui.checkbox(&mut l.broad_phase, "Broad phase");
                ui.checkbox(&mut l.impact, "Impact (ghost, normals)");
                ui.checkbox(&mut l.path, "Response path");
                ui.checkbox(&mut l.relative_motion, "Relative motion");
                ui.checkbox(&mut l.segment_capsule, "Segment capsule");
                ui.checkbox(&mut l.labels, "Labels");
                ui.separator();
                heat_map_menu(ui, &mut self.scene.heat_map);
            });
            ui.menu_button("View", |ui| {
                if ui
                    .button("Fit scene")
                    .on_hover_text(hint(Action::Fit, "Fit"))
                    .clicked()
                {
                    self.fit_requested = true;
                }
                ui.checkbox(&mut self.show_plots, "Plots")
                    .on_hover_text(hint(Action::TogglePlots, "Plots"));
                ui.checkbox(&mut self.show_variants, "Variants panel");
            });
            ui.menu_button("Help", |ui| {
                if ui
                    .button("Keyboard & mouse")
                    .on_hover_text(hint(Action::Help, "Help"))
                    .clicked()
                {
                    self.show_help = true;
                }
            });
            ui.separator();
            for (mode, label) in [(Mode::Sweep, "Sweep"), (Mode::Simulation, "Simulation")] {
                let hover = hint(Action::ToggleMode, "Switch view");
                if ui
                    .selectable_label(self.mode == mode, label)
                    .on_hover_text(hover)
                    .clicked()
                {
                    self.mode = mode;
                }
            }
            ui.separator();
            if self.mode == Mode::Sweep {
                self.toolbar(ui);
            } else {
                self.sim_toolbar(ui);
            }
        });
    }

    /// In the simulation view only the file, screenshot and bug-report actions apply.
    fn sim_toolbar(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        for (a, what) in [
            (Action::Screenshot, "Screenshot"),
            (Action::BugReport, "Bug report"),
        ] {
            if ui
                .button(what)
                .on_hover_text(shortcuts::hint(&ctx, a, what))
                .clicked()
            {
                self.pending_actions.push(a);
            }
        }
    }

    fn toolbar(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let hint = |a, what| shortcuts::hint(&ctx, a, what);
        for (a, label, what) in [
            (Action::AddBall, "+ Ball", "Add a ball"),
            (Action::AddBox, "+ Box", "Add a box"),
            (Action::AddRotatedBox, "+ Rotated", "Add a rotated box"),
            (Action::AddSegment, "+ Segment", "Add a segment"),
            (Action::AddCircle, "+ Circle", "Add an obstacle circle"),
        ] {
            if ui.button(label).on_hover_text(hint(a, what)).clicked() {
                self.pending_actions.push(a);
            }
        }
        ui.separator();
        if ui
            .add_enabled(self.history.can_undo(), egui::Button::new("Undo"))
            .on_hover_text(hint(Action::Undo, "Undo"))
            .clicked()
        {
            self.pending_actions.push(Action::Undo);
        }
        if ui
            .add_enabled(self.history.can_redo(), egui::Button::new("Redo"))
            .on_hover_text(hint(Action::Redo, "Redo"))
            .clicked()
        {
            self.pending_actions.push(Action::Redo);
        }
        if ui
            .button("Fit")
            .on_hover_text(hint(Action::Fit, "Fit the scene"))
            .clicked()
        {
            self.fit_requested = true;
        }
        ui.separator();
        if ui
            .button("Screenshot")
            .on_hover_text(hint(Action::Screenshot, "Save the window as PNG"))
            .clicked()
        {
            self.pending_actions.push(Action::Screenshot);
        }
        if ui
            .button("Bug report")
            .on_hover_text(hint(Action::BugReport, "Write PNG, scene and report"))
            .clicked()
        {
            self.pending_actions.push(Action::BugReport);
        }
    }

    fn status_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            match self.cursor_world {
                Some(p) => ui.monospace(format!("x {:>9.3}  y {:>9.3}", p.x, p.y)),
                None => ui.monospace(format!("{:24}", "")),
            };
            ui.separator();
            let n = self.frame_times.len();
            let recent = &self.frame_times[n.saturating_sub(60)..];
            let (median, _) = headless::percentiles(recent);
            ui.monospace(format!("frame CPU {median:.2} ms"));
            ui.separator();
            ui.monospace(format!("zoom {:.2} px/unit", self.scene.view.zoom));
            if let Some(cell) = self.heat.coarsened() {
                ui.separator();
                ui.label(format!(
                    "heat map cells {cell} px (coarser, to keep frames fast)"
                ))
                .on_hover_text("Fewer obstacles or a larger window cell setting are faster.");
            }
            if let Some(text) = self.cursor_world.and_then(|p| self.heat.describe(p)) {
                ui.separator();
                ui.label(text);
            }
            if let Some(h) = self.hot {
                ui.separator();
                let name = self
                    .scene
                    .objects
                    .get(h.object)
                    .map_or("", |o| o.name.as_str());
                ui.label(format!("drag: {} {name}", h.grip.describe()));
            }
            if !self.status.is_empty() {
                ui.separator();
                ui.label(RichText::new(&self.status).color(Color32::from_rgb(150, 220, 255)));
            }
        });
    }

    fn modals(&mut self, ctx: &egui::Context) {
        if self.show_help {
            let mut open = true;
            egui::Window::new("Help")
                .open(&mut open)
                .resizable(false)
                .show(ctx, shortcuts::help);
            self.show_help = open;
        }
        if let Some((i, mut name)) = self.rename.take() {
            let mut keep = true;
            egui::Modal::new(egui::Id::unique("rename")).show(ctx, |ui| {
                ui.heading("Rename");
                let r = ui.text_edit_singleline(&mut name);
                r.request_focus();
                ui.horizontal(|ui| {
                    let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                    if ui.button("OK").clicked() || enter {
                        if let Some(o) = self.scene.objects.get_mut(i)
                            && !name.trim().is_empty()
                        {
                            o.name = name.trim().to_owned();
                        }
                        keep = false;
                    }
                    if ui.button("Cancel").clicked() {
                        keep = false;
                    }
                });
            });
            if keep {
                self.rename = Some((i, name));
            }
        }
        if let Some(pending) = self.files.confirm.clone() {
            let mut answer = None;
            egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label("The scene has changes that are not saved.");
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        answer = Some(0);
                    }
                    if ui.button("Discard").clicked() {
                        answer = Some(1);
                    }
                    if ui.button("Cancel").clicked() {
                        answer = Some(2);
                    }
                });
            });
            match answer {
                Some(0) => {
                    self.files.confirm = None;
                    if let Some(p) = self.files.path.clone() {
                        if self.save_to(&p) {
                            self.run_pending(ctx, pending);
                        }
                    } else {
                        self.files.after_save = Some(pending);
                        self.files
                            .start_dialog(ctx, true, &screenshot::slug(&self.scene.name));
                    }
                }
                Some(1) => {
                    self.files.confirm = None;
                    self.run_pending(ctx, pending);
                }
                Some(_) => self.files.confirm = None,
                None => {}
            }
        }
    }

    fn handle_close(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested()) && self.dirty() && !self.allow_close {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.files.confirm = Some(Pending::Close);
        }
    }

    /// Runs `p` now, or asks first when there are unsaved changes.
    fn request(&mut self, p: Pending) {
        if self.dirty() {
            self.files.confirm = Some(p);
        } else {
            self.pending_open(p);
        }
    }

    /// Replaces the scene with a built-in one (asking first about unsaved changes).
    fn request_scene(&mut self, s: Scene) {
        if self.dirty() {
            self.status = "save or undo your changes before opening a demo".to_owned();
        } else {
            self.set_document(s, None);
        }
    }

    fn pending_open(&mut self, p: Pending) {
        match p {
            Pending::Open(path) => {
                if let Some(s) = self.files.load(&path) {
                    self.replace(s);
                    self.status = format!("opened {}", path.display());
                }
            }
            Pending::New => {
                self.files.path = None;
                self.replace(Scene::empty("untitled"));
            }
            // These need a context and go through `run_pending`.
            Pending::OpenDialog | Pending::Close => {}
        }
    }

    fn run_pending(&mut self, ctx: &egui::Context, p: Pending) {
        match p {
            Pending::OpenDialog => self.files.start_dialog(ctx, false, ""),
            Pending::Close => {
                self.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            other => self.pending_open(other),
        }
    }

    fn save_to(&mut self, path: &Path) -> bool {
        let ok = self.files.save_to(path, &self.scene);
        if ok {
            self.saved = self.scene.clone();
            self.status = format!("saved {}", path.display());
        }
        ok
    }

    fn poll_async(&mut self, ctx: &egui::Context) {
        if let Some(r) = self.files.poll_dialog() {
            match r {
                DialogResult::Open(Some(p)) => self.pending_open(Pending::Open(p)),
                DialogResult::SaveAs(Some(p)) => {
                    if self.save_to(&p)
                        && let Some(next) = self.files.after_save.take()
                    {
                        self.run_pending(ctx, next);
                    }
                }
                _ => self.files.after_save = None,
            }
        }
        let done: Vec<_> = self
            .shots
            .lock()
            .map(|mut v| std::mem::take(&mut *v))
            .unwrap_or_default();
        for r in done {
            self.status = match r {
                Ok(m) => m,
                Err(e) => format!("screenshot failed: {e}"),
            };
        }
    }

    fn take_dropped_files(&mut self, ctx: &egui::Context) {
        let dropped = ctx.input(|i| i.raw.dropped_files.clone());
        if let Some(f) = dropped.first() {
            let p = f.path().to_path_buf();
            if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("ron")) {
                self.request(Pending::Open(p));
            } else {
                self.files.banner = Some(files::not_a_scene(&p).to_string());
            }
        }
    }

    /// Does what a shortcut, menu entry or button asked for.
    pub fn perform(&mut self, ctx: &egui::Context, a: Action) {
        let t = &mut self.playback.t;
        match a {
            Action::New => self.request(Pending::New),
            Action::Open => {
                if self.dirty() {
                    self.files.confirm = Some(Pending::OpenDialog);
                } else {
                    self.files.start_dialog(ctx, false, "");
                }
            }
            Action::Save => match self.files.path.clone() {
                Some(p) => {
                    self.save_to(&p);
                }
                None => self
                    .files
                    .start_dialog(ctx, true, &screenshot::slug(&self.scene.name)),
            },
            Action::SaveAs => {
                self.files
                    .start_dialog(ctx, true, &screenshot::slug(&self.scene.name))
            }
            Action::Undo | Action::Redo => {
                let done = if a == Action::Undo {
                    self.history.undo(&mut self.scene)
                } else {
                    self.history.redo(&mut self.scene)
                };
                if done {
                    self.skip_track = true;
                    self.drag = None;
                    self.refresh_eval();
                }
            }
            Action::Fit => self.fit_requested = true,
            Action::Delete => {
                if let Some(i) = self.selected.filter(|i| *i < self.scene.objects.len()) {
                    self.scene.objects.remove(i);
                    self.selected = None;
                }
            }
            Action::Duplicate => {
                if let Some(o) = self
                    .selected
                    .and_then(|i| self.scene.objects.get(i))
                    .cloned()
                {
                    let offset = Vec2::splat(20.0 / self.scene.view.zoom.max(1e-3));
                    let name = self.unique_name(&o.name);
                    self.scene.objects.push(Object {
                        name,
                        shape: translate(&o.shape, offset),
                    });
                    self.selected = Some(self.scene.objects.len() - 1);
                }
            }
            Action::Rename => {
                if let Some(i) = self.selected.filter(|i| *i < self.scene.objects.len()) {
                    self.rename = Some((i, self.scene.objects[i].name.clone()));
                }
            }
            Action::Deselect => self.selected = None,
            Action::AddBall
            | Action::AddBox
            | Action::AddRotatedBox
            | Action::AddSegment
            | Action::AddCircle => {
                self.add_object(a, None);
            }
            Action::PlayPause => self.playback.toggle(),
            Action::TimeStart => *t = 0.0,
            Action::TimeEnd => *t = 1.0,
            Action::StepBack => *t = (*t - 0.01).max(0.0),
            Action::StepForward => *t = (*t + 0.01).min(1.0),
            Action::Screenshot => {
                let path = std::path::PathBuf::from("screenshots").join(format!(
                    "{}-{}.png",
                    screenshot::slug(&self.scene.name),
                    screenshot::now_stamp()
                ));
                self.status = format!("saving {}…", path.display());
                screenshot::request(ctx, screenshot::Target::Png(path), self.shots.clone());
            }
            Action::BugReport => {
                let text = report::readout(&self.scene, &self.eval);
                let dir = std::path::PathBuf::from("bug-reports").join(format!(
                    "{}-{}",
                    screenshot::slug(&self.scene.name),
                    screenshot::now_stamp()
                ));
                let target = screenshot::Target::BugReport {
                    dir: dir.clone(),
                    scene_ron: crate::scene::scene_to_string(&self.scene),
                    report_md: screenshot::report_markdown(&self.scene.name, &text),
                };
                ctx.copy_text(text);
                self.status = format!("writing {}…", dir.display());
                screenshot::request(ctx, target, self.shots.clone());
            }
            Action::CopyText => {
                ctx.copy_text(report::readout(&self.scene, &self.eval));
                self.status = "readout copied to the clipboard".to_owned();
            }
            Action::TogglePlots => self.show_plots = !self.show_plots,
            Action::ToggleHeatMap => self.scene.heat_map.shown = !self.scene.heat_map.shown,
            Action::Help => self.show_help = !self.show_help,
            Action::ToggleMode => {
                self.mode = match self.mode {
                    Mode::Sweep => Mode::Simulation,
                    Mode::Simulation => Mode::Sweep,
                }
            }
        }
    }

    fn unique_name(&self, base: &str) -> String {
        let stem = base.trim_end_matches(|c: char| c.is_ascii_digit());
        let stem = if stem.is_empty() { "object" } else { stem };
        (2..)
            .map(|k| format!("{stem}{k}"))
            .find(|n| self.scene.object(n).is_none())
            .unwrap_or_else(|| stem.to_owned())
    }

    /// Adds a new object of the kind `a` names at `at` (the view centre by default), sized
    /// to look reasonable at the current zoom, and selects it.
    fn add_object(&mut self, a: Action, at: Option<Vec2>) {
        let c = at.unwrap_or(self.scene.view.center);
        let u = 40.0 / self.scene.view.zoom.max(1e-3);
        let (base, shape) = match a {
            Action::AddBall => (
                "ball",
                Shape::Ball {
                    start: c - Vec2::new(u * 1.5, 0.0),
                    end: c + Vec2::new(u * 1.5, 0.0),
                    radius: u * 0.3,
                },
            ),
            Action::AddBox => (
                "box",
                Shape::Box {
                    min: c - Vec2::new(u, u * 0.6),
                    max: c + Vec2::new(u, u * 0.6),
                },
            ),
            Action::AddRotatedBox => (
                "rotated",
                Shape::RotatedBox {
                    center: c,
                    half_extents: Vec2::new(u, u * 0.4),
                    angle: 30.0,
                },
            ),
            Action::AddSegment => (
                "segment",
                Shape::Segment {
                    a: c - Vec2::new(u, u * 0.5),
                    b: c + Vec2::new(u, u * 0.5),
                },
            ),
            _ => (
                "circle",
                Shape::Circle {
                    start: c,
                    end: c,
                    radius: u * 0.5,
                },
            ),
        };
        let name = self.unique_name(base);
        let name = if self.scene.object(base).is_none() {
            base.to_owned()
        } else {
            name
        };
        self.scene.objects.push(Object { name, shape });
        self.selected = Some(self.scene.objects.len() - 1);
    }
}

/// The shape moved by `d`.
fn translate(s: &Shape, d: Vec2) -> Shape {
    match *s {
        Shape::Ball { start, end, radius } => Shape::Ball {
            start: start + d,
            end: end + d,
            radius,
        },
        Shape::Circle { start, end, radius } => Shape::Circle {
            start: start + d,
            end: end + d,
            radius,
        },
        Shape::Box { min, max } => Shape::Box {
            min: min + d,
            max: max + d,
        },
        Shape::RotatedBox {
            center,
            half_extents,
            angle,
        } => Shape::RotatedBox {
            center: center + d,
            half_extents,
            angle,
        },
        Shape::Segment { a, b } => Shape::Segment { a: a + d, b: b + d },
    }
}

/// Scenes that only hold a simulation open in the simulation view.
fn start_mode(scene: &Scene) -> Mode {
    let has_balls = scene.objects.iter().any(|o| o.shape.is_ball());
    if scene.simulation.is_some() && !has_balls {
        Mode::Simulation
    } else {
        Mode::Sweep
    }
}

/// The simulation view for a scene: its own discs if it has a simulation, else a random box
/// (with the reason, when the scene's simulation could not be built).
pub(crate) fn sim_view_for(scene: &Scene) -> (sim_view::SimView, Option<String>) {
    if scene.simulation.is_none() {
        return (sim_view::SimView::default(), None);
    }
    match sim_view::SimView::from_scene(scene) {
        Ok(view) => (view, None),
        Err(e) => (
            sim_view::SimView::default(),
            Some(format!("the scene's simulation could not be built: {e}")),
        ),
    }
}

/// The heat map's switch, colouring and cell size (in the Layers menu).
fn heat_map_menu(ui: &mut Ui, h: &mut crate::scene::HeatMap) {
    let hint = shortcuts::hint(ui.ctx(), Action::ToggleHeatMap, "Show / hide");
    ui.checkbox(&mut h.shown, "Heat map: the ball's motion from every start")
        .on_hover_text(hint);
    ui.menu_button("Heat map colours", |ui| {
        let before = h.compare.clone();
        ui.radio_value(&mut h.compare, None, "Exact time of first contact");
        for v in crate::variants::Variant::ALL {
            let label = format!("Where {} disagrees", v.title());
            ui.radio_value(&mut h.compare, Some(v.id().to_owned()), label);
        }
        // Choosing what to colour means wanting to see it.
        if h.compare != before {
            h.shown = true;
        }
    });
    let (lo, hi) = (
        crate::scene::HeatMap::MIN_CELL,
        crate::scene::HeatMap::MAX_CELL,
    );
    ui.add(
        egui::Slider::new(&mut h.cell, lo..=hi)
            .logarithmic(true)
            .text("heat map cell (px)"),
    );
}
