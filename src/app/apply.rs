//! Applying commands: the one place where the document changes (through
//! [`Document::apply`](super::document::Document::apply)), where actions are carried out,
//! and where the shell's answers (file dialogs, screenshots, dropped files, the window's
//! close button) come back into the debugger.

use std::path::{Path, PathBuf};

use egui::Context;
use glam::Vec2;

use super::action::Action;
use super::command::{AddKind, Answer, Command};
use super::debugger::DebugApp;
use super::document::Edit;
use super::draw::camera::{grid_step, snap};
use super::shell::files::DialogResult;
use super::shell::screenshot;
use super::ui_state::{Mode, Pending};
use super::views::canvas::free_spot;
use crate::scene::{Object, Scene, Shape, builtin, load_scene, report, save_scene};

/// Pixels between grid lines that set the size of a new object.
const NEW_OBJECT_PX: f32 = 40.0;

impl DebugApp {
    /// Applies every queued command.
    pub fn apply_queued(&mut self, ctx: &Context) {
        for c in std::mem::take(&mut self.queue) {
            self.apply(ctx, c);
        }
        self.refresh();
    }

    /// Carries out one command.
    pub fn apply(&mut self, ctx: &Context, command: Command) {
        match command {
            Command::Action(a) => self.perform(ctx, a),
            Command::Edit { edit, gesture } => {
                self.doc.apply(edit, gesture);
            }
            Command::AddAt { kind, at } => self.add_object(kind, at),
            Command::Request(p) => self.request(ctx, p),
            Command::Answer(a) => self.answer(ctx, a),
        }
    }

    /// Does what a key, menu entry or button asked for.
    pub fn perform(&mut self, ctx: &Context, a: Action) {
        let playback = &mut self.ui.playback;
        match a {
            Action::New => self.request(ctx, Pending::New),
            Action::Open => self.request(ctx, Pending::OpenDialog),
            Action::Save => match self.doc.path().map(Path::to_path_buf) {
                Some(p) => {
                    self.save_to(&p);
                }
                None => self.save_dialog(ctx),
            },
            Action::SaveAs => self.save_dialog(ctx),
            Action::Screenshot => self.screenshot(ctx),
            Action::BugReport => self.bug_report(ctx),
            Action::CopyText => {
                ctx.copy_text(report::render(self.doc.scene(), &self.evaluation));
                self.ui.status = "readout copied to the clipboard".to_owned();
            }
            Action::Undo | Action::Redo => {
                let done = if a == Action::Undo {
                    self.doc.undo()
                } else {
                    self.doc.redo()
                };
                if done {
                    self.ui.drag = None;
                }
            }
            Action::Duplicate => self.duplicate(),
            Action::Rename => {
                if let Some(i) = self.ui.selected
                    && let Some(o) = self.doc.scene().objects.get(i)
                {
                    self.ui.rename = Some((i, o.name.clone()));
                }
            }
            Action::Delete => {
                if let Some(i) = self.ui.selected {
                    self.doc.apply(Edit::Remove { object: i }, false);
                    self.ui.selected = None;
                }
            }
            Action::Deselect => {
                // The innermost open thing closes first.
                if self.ui.rename.is_some() {
                    self.ui.rename = None;
                } else if self.ui.confirm.is_some() {
                    self.answer(ctx, Answer::Cancel);
                } else if self.ui.show_help {
                    self.ui.show_help = false;
                } else {
                    self.ui.selected = None;
                }
            }
            Action::AddBall
            | Action::AddBox
            | Action::AddRotatedBox
            | Action::AddSegment
            | Action::AddCircle => {
                if let Some(kind) = AddKind::of(a) {
                    // A key adds at the cursor when it is over the canvas; a button, where
                    // nothing is near the middle of the view.
                    let size = grid_step(self.ui.view.zoom, NEW_OBJECT_PX) * 2.0;
                    let at = self
                        .ui
                        .cursor_world
                        .unwrap_or_else(|| free_spot(&self.evaluation, self.ui.view.center, size));
                    self.add_object(kind, at);
                }
            }
            Action::PlayPause => playback.toggle(),
            Action::TimeStart => playback.t = 0.0,
            Action::TimeEnd => playback.t = 1.0,
            Action::StepBack => playback.step(-0.01),
            Action::StepForward => playback.step(0.01),
            Action::Fit => self.ui.fit_requested = true,
            Action::TogglePlots => self.ui.show_plots = !self.ui.show_plots,
            Action::ToggleVariantsPanel => self.ui.show_variants = !self.ui.show_variants,
            Action::ToggleHeatMap => {
                let mut h = self.doc.scene().heat_map.clone();
                h.shown = !h.shown;
                self.doc.apply(Edit::SetHeatMap(h), false);
            }
            Action::ToggleMode => {
                self.ui.mode = match self.ui.mode {
                    Mode::Sweep => Mode::Simulation,
                    Mode::Simulation => Mode::Sweep,
                }
            }
            Action::Help => self.ui.show_help = !self.ui.show_help,
        }
    }

    /// Runs the simulation of the current document forward by `t` (as `--sim-advance`).
    pub fn advance_simulation(&mut self, t: f64) {
        self.sim.sync(self.doc.scene(), self.doc.revision());
        self.sim.advance(t);
    }

    /// Adds a new object of `kind` at `at`, sized and placed on the grid of the current
    /// zoom so its numbers are round, and selects it.
    fn add_object(&mut self, kind: AddKind, at: Vec2) {
        let u = grid_step(self.ui.view.zoom, NEW_OBJECT_PX);
        let c = snap(at, u);
        let v = Vec2::new;
        let shape = match kind {
            AddKind::Ball => Shape::Ball {
                start: c - v(2.0 * u, 0.0),
                end: c + v(2.0 * u, 0.0),
                radius: u * 0.5,
            },
            AddKind::Box => Shape::Box {
                min: c - v(u, u * 0.5),
                max: c + v(u, u * 0.5),
            },
            AddKind::RotatedBox => Shape::RotatedBox {
                center: c,
                half_extents: v(u, u * 0.5),
                angle: 30.0,
            },
            AddKind::Segment => Shape::Segment {
                a: c - v(u, u * 0.5),
                b: c + v(u, u * 0.5),
            },
            AddKind::Circle => Shape::Circle {
                start: c,
                end: c,
                radius: u * 0.5,
            },
        };
        let name = self.unique_name(kind.name());
        if self.doc.apply(Edit::Add(Object { name, shape }), false) {
            self.ui.selected = Some(self.doc.scene().objects.len() - 1);
        }
    }

    fn duplicate(&mut self) {
        let Some(o) = self
            .ui
            .selected
            .and_then(|i| self.doc.scene().objects.get(i))
            .cloned()
        else {
            return;
        };
        let offset = Vec2::splat(grid_step(self.ui.view.zoom, NEW_OBJECT_PX));
        let copy = Object {
            name: self.unique_name(&o.name),
            shape: o.shape.translated(offset),
        };
        if self.doc.apply(Edit::Add(copy), false) {
            self.ui.selected = Some(self.doc.scene().objects.len() - 1);
        }
    }

    /// `base` if no object has that name, else `base2`, `base3`, … (trailing digits of
    /// `base` dropped first).
    fn unique_name(&self, base: &str) -> String {
        let scene = self.doc.scene();
        if scene.object(base).is_none() {
            return base.to_owned();
        }
        let stem = base.trim_end_matches(|c: char| c.is_ascii_digit());
        let stem = if stem.is_empty() { "object" } else { stem };
        (2..)
            .map(|k| format!("{stem}{k}"))
            .find(|n| scene.object(n).is_none())
            .unwrap_or_else(|| stem.to_owned())
    }

    // ----- files -----

    /// Runs `p` now, or asks first when there are unsaved changes.
    fn request(&mut self, ctx: &Context, p: Pending) {
        if self.doc.dirty() {
            self.ui.confirm = Some(p);
        } else {
            self.run_pending(ctx, p);
        }
    }

    fn answer(&mut self, ctx: &Context, a: Answer) {
        let Some(pending) = self.ui.confirm.take() else {
            return;
        };
        match a {
            Answer::Save => match self.doc.path().map(Path::to_path_buf) {
                Some(p) => {
                    if self.save_to(&p) {
                        self.run_pending(ctx, pending);
                    }
                }
                None => {
                    self.files.after_save = Some(pending);
                    self.save_dialog(ctx);
                }
            },
            Answer::Discard => self.run_pending(ctx, pending),
            Answer::Cancel => {}
        }
    }

    fn run_pending(&mut self, ctx: &Context, p: Pending) {
        match p {
            Pending::Open(path) => self.open(&path),
            Pending::OpenDialog => {
                let dir = self.dialog_dir();
                if let Err(e) = self.files.start_dialog(ctx, false, "", dir) {
                    self.ui.banner = Some(e);
                }
            }
            Pending::New => self.set_document(Scene::empty("untitled"), None),
            Pending::Demo(name) => {
                if let Some(s) = builtin::demo(&name) {
                    self.set_document(s, None);
                }
            }
            Pending::Close => {
                self.allow_close = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }

    /// Opens a scene file, asking first when there are unsaved changes. A file that fails to
    /// load leaves the current scene untouched and shows the banner.
    pub fn open_path(&mut self, path: &Path) {
        self.queue
            .push(Command::Request(Pending::Open(path.to_path_buf())));
    }

    fn open(&mut self, path: &Path) {
        match load_scene(path) {
            Ok(s) => {
                self.set_document(s, Some(path));
                self.ui.banner = None;
                self.ui.status = format!("opened {}", path.display());
            }
            Err(e) => self.ui.banner = Some(e.to_string()),
        }
    }

    /// Saves to `path`; errors go to the banner and change nothing.
    fn save_to(&mut self, path: &Path) -> bool {
        let revision = self.doc.revision();
        match save_scene(path, &self.doc.scene_with_view(self.ui.view)) {
            Ok(()) => {
                self.doc.mark_saved(path.to_path_buf(), revision);
                self.files.remember(path);
                self.ui.banner = None;
                self.ui.status = format!("saved {}", path.display());
                true
            }
            Err(e) => {
                self.ui.banner = Some(e.to_string());
                false
            }
        }
    }

    fn save_dialog(&mut self, ctx: &Context) {
        let name = screenshot::slug(&self.doc.scene().name);
        let dir = self.dialog_dir();
        if let Err(e) = self.files.start_dialog(ctx, true, &name, dir) {
            self.ui.banner = Some(e);
        }
    }

    /// Where file dialogs start: beside the open file.
    fn dialog_dir(&self) -> Option<PathBuf> {
        self.doc
            .path()
            .and_then(|p| p.parent())
            .map(Path::to_path_buf)
    }

    /// The answers that came back from the shell since the last frame.
    pub(super) fn poll_shell(&mut self, ctx: &Context) {
        if let Some(r) = self.files.poll_dialog() {
            match r {
                DialogResult::Open(Some(p)) => self.open(&p),
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
            self.ui.status = match r {
                Ok(m) => m,
                Err(e) => format!("screenshot failed: {e}"),
            };
        }
        let dropped = ctx.input(|i| i.raw.dropped_files.clone());
        if let Some(f) = dropped.first() {
            let p = f.path().to_path_buf();
            if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("ron")) {
                self.request(ctx, Pending::Open(p));
            } else {
                self.ui.banner = Some(format!("{}: not a .ron scene file", p.display()));
            }
        }
    }

    /// Asks before the window closes with unsaved changes.
    pub(super) fn handle_close(&mut self, ctx: &Context) {
        if ctx.input(|i| i.viewport().close_requested()) && self.doc.dirty() && !self.allow_close {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.ui.confirm = Some(Pending::Close);
        }
    }

    // ----- screenshots and bug reports -----

    fn screenshot(&mut self, ctx: &Context) {
        let path = PathBuf::from("screenshots").join(format!(
            "{}-{}.png",
            screenshot::slug(&self.doc.scene().name),
            screenshot::now_stamp()
        ));
        self.ui.status = format!("saving {}…", path.display());
        screenshot::request(ctx, screenshot::Target::Png(path), self.shots.clone());
    }

    fn bug_report(&mut self, ctx: &Context) {
        let scene = self.scene_to_save();
        let text = report::render(&scene, &self.evaluation);
        let dir = PathBuf::from("bug-reports").join(format!(
            "{}-{}",
            screenshot::slug(&scene.name),
            screenshot::now_stamp()
        ));
        let target = screenshot::Target::BugReport {
            dir: dir.clone(),
            scene_ron: crate::scene::scene_to_string(&scene),
            report_md: screenshot::report_markdown(&scene.name, &text),
        };
        ctx.copy_text(text);
        self.ui.status = format!("writing {}…", dir.display());
        screenshot::request(ctx, target, self.shots.clone());
    }
}
