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
use super::draw::camera::{grid_step, snap, zoomed};
use super::shell::file_dialog::DialogKind;
use super::shell::files::{DialogRequest, DialogResult};
use super::shell::report::{
    BundleInput, BundleTexts, Environment, SimSnapshot, UserWords, ViewState, bundle_text,
    fresh_path,
};
use super::shell::screenshot;
use super::sim_view::SimView;
use super::ui_state::{Mode, Pending, ReportForm, SaveQuestion};
use super::views::canvas::free_spot;
use crate::scene::expect::followed_rename;
use crate::scene::format::has_comments;
use crate::scene::validate_shape;
use crate::scene::{
    Object, Scene, Shape, Simulation, builtin, load_scene, read_scene_text, report, save_scene,
};

/// Event-log rows a bug report lists.
const REPORT_EVENTS: usize = 10;

/// Cases the debugger's "Find a counterexample" tries at most per press.
const HUNT_BUDGET: u64 = 3000;

/// Pixels between grid lines that set the size of a new object.
const NEW_OBJECT_PX: f32 = 40.0;

/// The name of a new scene until it is saved.
const UNTITLED: &str = "untitled";

/// The zoom step of the keyboard's + and − (four presses double it, near enough).
const KEY_ZOOM: f32 = 1.19;

use super::ui_state::{DELETED, NOT_APPLIED};
use super::views::widgets::Typed;

impl DebugApp {
    /// Applies every queued command. A message in the status bar is about what was done
    /// last: an edit that says nothing of its own clears the one before ("readout copied"
    /// stayed through every edit after it).
    pub fn apply_queued(&mut self, ctx: &Context) {
        let (revision, status) = (self.doc.revision(), self.ui.status.clone());
        for c in std::mem::take(&mut self.queue) {
            self.apply(ctx, c);
        }
        // An edit that said the same again (a drag's every frame over the same discs)
        // said something: its note stays.
        let said = std::mem::take(&mut self.said_again);
        if self.doc.revision() != revision && self.ui.status == status && !said {
            self.ui.status.clear();
        }
        self.refresh();
    }

    /// Carries out one command.
    pub fn apply(&mut self, ctx: &Context, command: Command) {
        match command {
            Command::Action(a) => self.perform(ctx, a),
            Command::Edit { edit, gesture } => {
                if let Some(why) = self.refused(&edit) {
                    self.ui.status = why;
                    return;
                }
                // The answers the scene's text was written against follow a rename too, or
                // every claim about the renamed object reads as stale.
                let rename = match &edit {
                    Edit::Rename { object, name } => {
                        followed_rename(&self.doc.scene().objects, *object, name)
                    }
                    _ => None,
                };
                let cleared = match &edit {
                    Edit::SetShape { object, shape } => self.discs_cleared(*object, shape, gesture),
                    _ => None,
                };
                let mut edits = vec![edit];
                let note = cleared.map(|(sim, note)| {
                    edits.extend(sim.map(|s| Edit::SetSimulation(Some(s))));
                    note
                });
                if !self.doc.apply_all(edits, gesture) {
                    return;
                }
                if let Some(note) = note {
                    self.ui.status = note;
                    self.said_again = true;
                }
                if let (Some(rename), Some(b)) = (rename, &mut self.baseline) {
                    b.rename(&rename);
                }
            }
            Command::AddAt { kind, at } => self.add_object(kind, at),
            Command::Request(p) => self.request(ctx, p),
            Command::Answer(a) => self.answer(ctx, a),
            Command::FindCounterexample(v) => self.find_counterexample(ctx, v),
            Command::Select(object) => {
                let n = self.doc.scene().objects.len();
                self.ui.selected = object.filter(|&i| i < n);
            }
            Command::ScrubTo(t) => {
                if t.is_finite() {
                    self.ui.playback.t = t.clamp(0.0, 1.0);
                    self.ui.playback.playing = false;
                }
            }
            Command::TakeDiskVersion => {
                if let Some(q) = self.ui.save_question.take() {
                    self.open(&q.path);
                }
            }
            Command::SaveAnyway(yes) => {
                if let Some(q) = self.ui.save_question.take()
                    && yes
                {
                    self.write_scene(ctx, &q.path, q.then);
                }
            }
            Command::Typed(typed) => {
                match typed {
                    Typed::Refused(why) => {
                        self.ui.status = why.clone();
                        self.ui.typed_refusal = Some(why);
                    }
                    Typed::Applied => {
                        if self.ui.typed_refusal.take().as_ref() == Some(&self.ui.status) {
                            self.ui.status.clear();
                        }
                    }
                }
                ctx.request_repaint();
            }
            Command::WriteBugReport { happened, expected } => {
                self.ui.report_form = None;
                // Written on the next frame, once the form is gone from the picture.
                self.pending_report = Some(UserWords { happened, expected });
                ctx.request_repaint();
            }
        }
    }

    /// Why a shape edit is refused: it would give the object a value the file format
    /// refuses (an infinity typed as 1e39, a radius of 0), so that the scene could no
    /// longer be saved. The object keeps its shape and the status says why. An object
    /// that is already invalid may be edited towards a valid shape.
    fn refused(&self, edit: &Edit) -> Option<String> {
        let (object, shape) = match edit {
            Edit::SetShape { object, shape } => (object, shape),
            Edit::Rename { object, name } => return self.refused_name(*object, name),
            // As for a shape: refused only from values the format takes, so that values
            // already refused (a scene built in code) can still be edited toward valid ones.
            Edit::SetResponse(r) => {
                let now = &self.doc.scene().response;
                if !crate::scene::validate_response(now).is_empty() {
                    return None;
                }
                let problems = crate::scene::validate_response(r);
                return problems.first().map(|p| format!("{NOT_APPLIED}{p}"));
            }
            Edit::SetParams(p) => {
                if !crate::scene::validate_params(&self.doc.scene().params).is_empty() {
                    return None;
                }
                let problems = crate::scene::validate_params(p);
                return problems.first().map(|p| format!("{NOT_APPLIED}{p}"));
            }
            _ => return None,
        };
        let before = self.doc.scene().objects.get(*object)?;
        let after = crate::scene::model::Object {
            name: before.name.clone(),
            shape: *shape,
        };
        let problems = validate_shape(*object, &after);
        if let Some(first) = problems.first() {
            if !validate_shape(*object, before).is_empty() {
                return None;
            }
            return Some(format!("{NOT_APPLIED}{first}"));
        }
        None
    }

    /// Adds `object` as an edit; simulation discs it covers at the start are removed from
    /// the set-up in the same undo step (see [`DebugApp::discs_cleared`]).
    fn add(&mut self, object: Object) -> bool {
        let index = self.doc.scene().objects.len();
        let cleared = self.discs_cleared(index, &object.shape, false);
        let mut edits = vec![Edit::Add(object)];
        let note = cleared.map(|(sim, note)| {
            edits.extend(sim.map(|s| Edit::SetSimulation(Some(s))));
            note
        });
        if !self.doc.apply_all(edits, false) {
            return false;
        }
        if let Some(note) = note {
            self.ui.status = note;
        }
        true
    }

    /// The simulation set-up without the discs a box or segment given `shape` (object
    /// `object`) covers at the start, and the status's words, when it covers any: the
    /// scene would not validate with them (a disc inside an obstacle), so neither Save
    /// nor a bug report could write it. Refusing the edit instead blocked every edit of an
    /// obstacle among discs, which the sweep view does not draw. During a gesture (a
    /// drag) the discs are taken from the set-up as the gesture found it, so a box dragged
    /// across discs removes only those it ends on, not a trail.
    fn discs_cleared(
        &mut self,
        object: usize,
        shape: &Shape,
        gesture: bool,
    ) -> Option<(Option<Simulation>, String)> {
        use crate::scene::simulation::discs_under;
        use crate::scene::validate::TOUCH_TOLERANCE;
        let now = self.doc.scene().simulation.as_ref();
        let basis = match (&self.disc_basis, gesture && self.doc.in_gesture()) {
            (Some(b), true) => b.clone(),
            _ => now?.clone(),
        };
        self.disc_basis = gesture.then(|| basis.clone());
        let under = discs_under(&basis, shape, TOUCH_TOLERANCE, basis.discs.len());
        let mut kept = basis;
        if !under.is_empty() {
            let gone: std::collections::HashSet<usize> = under.iter().copied().collect();
            kept.discs = std::mem::take(&mut kept.discs)
                .into_iter()
                .enumerate()
                .filter(|(i, _)| !gone.contains(i))
                .map(|(_, d)| d)
                .collect();
        }
        // Nothing to take out, and nothing taken out earlier in this drag to put back.
        let changed = Some(&kept) != self.doc.scene().simulation.as_ref();
        if under.is_empty() && !changed {
            return None;
        }
        let name = self
            .doc
            .scene()
            .objects
            .get(object)
            .map_or("the new object".to_owned(), |o| format!("{:?}", o.name));
        let n = under.len();
        let note = if n == 0 {
            "the simulation's discs are back as they were before this drag".to_owned()
        } else {
            format!(
                "{name} covers {n} simulation disc{} at the start: removed from the set-up \
                 (Ctrl+Z brings {} back)",
                if n == 1 { "" } else { "s" },
                if n == 1 { "it" } else { "them" },
            )
        };
        // The note on every frame of a drag that covers discs, not only the first: the
        // status bar clears a message an edit does not repeat.
        Some((changed.then_some(kept), note))
    }

    /// Why a rename is refused ([`crate::scene::name_refusal`]).
    fn refused_name(&self, object: usize, name: &str) -> Option<String> {
        let why = crate::scene::name_refusal(&self.doc.scene().objects, object, name)?;
        Some(format!("{NOT_APPLIED}{why}"))
    }

    /// Does what a key, menu entry or button asked for.
    pub fn perform(&mut self, ctx: &Context, a: Action) {
        if self.ui.mode == Mode::Simulation && self.sim_time_key(a) {
            return;
        }
        let playback = &mut self.ui.playback;
        match a {
            Action::New => self.request(ctx, Pending::New),
            Action::Open => self.request(ctx, Pending::OpenDialog),
            Action::Save => match self.doc.path().map(Path::to_path_buf) {
                Some(p) => self.save_checked(ctx, &p, None, false),
                None => self.save_dialog(ctx),
            },
            Action::SaveAs => self.save_dialog(ctx),
            Action::Reload => self.reload(ctx),
            // As closing the window does: asks first when there are unsaved changes.
            Action::Quit => self.request(ctx, Pending::Close),
            Action::Screenshot => self.screenshot(ctx),
            Action::BugReport => {
                // Its scene.ron must load, as Save refuses a scene that would not.
                if let Some(p) = crate::scene::validate(&self.scene_to_save()).first() {
                    self.ui.banner = Some(format!(
                        "{p} — no bug report written: its scene.ron would not load (fix \
                         this first, as for Save)"
                    ));
                    self.ui.banner_reload = None;
                    return;
                }
                let words = self.unsent_report.clone().unwrap_or_default();
                self.ui.report_form = Some(ReportForm {
                    folder: self.output_dir(),
                    happened: words.happened,
                    expected: words.expected,
                    ..ReportForm::default()
                });
            }
            Action::ChooseReportFolder => {
                let dir = self.output_dir();
                self.start_dialog(ctx, DialogKind::Folder, String::new(), dir);
            }
            Action::CopyOutputPath => self.copy_output_path(ctx),
            Action::RecordExpectations => self.record_expectations(),
            Action::SaveRegression => {
                self.record_expectations();
                self.save_dialog(ctx);
            }
            Action::CopyText => {
                ctx.copy_text(report::render(self.doc.scene(), &self.evaluation));
                self.ui.status = "readout copied to the clipboard".to_owned();
            }
            Action::Undo | Action::Redo => {
                let before = self.doc.scene().objects.clone();
                let done = if a == Action::Undo {
                    self.doc.undo()
                } else {
                    self.doc.redo()
                };
                if done {
                    self.ui.drag = None;
                    self.sim.history_stepped();
                    self.baseline_follows_renames(&before);
                    // The selection and the inspected ball follow their objects by name
                    // when others come back or go (an undone delete before them shifted
                    // the inspector to another ball).
                    let after = &self.doc.scene().objects;
                    let follow = |i: Option<usize>| -> Option<usize> {
                        let name = &before.get(i?)?.name;
                        after.iter().position(|o| &o.name == name)
                    };
                    if after.len() != before.len() {
                        self.ui.selected = follow(self.ui.selected);
                        self.ui.ball = follow(self.ui.ball);
                    }
                    // An object brought back (a delete undone, an add redone) is selected,
                    // as it was: the inspector showed nothing after the undo.
                    if after.len() == before.len() + 1 {
                        let back = (0..after.len())
                            .find(|&i| before.get(i).map(|o| &o.name) != Some(&after[i].name));
                        if back.is_some() {
                            self.ui.selected = back;
                        }
                    }
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
            // In the simulation view the selection is a disc: the sweep's selection is not
            // on screen, and deleting it unseen lost an object.
            Action::Delete if self.ui.mode == Mode::Simulation => {
                let Some(i) = self.sim.selected() else {
                    self.ui.status = "select a disc to delete it".to_owned();
                    return;
                };
                match self.sim.delete_setup(self.doc.scene(), i) {
                    Ok(setup) => {
                        self.ui.status = format!("deleted simulation disc {i}");
                        self.doc.apply(Edit::SetSimulation(Some(setup)), false);
                    }
                    Err(e) => self.ui.status = e,
                }
            }
            Action::Delete => {
                if let Some(i) = self.ui.selected {
                    let scene = self.doc.scene();
                    let name = scene.objects.get(i).map(|o| o.name.clone());
                    let counts = (scene.expect.len(), scene.reported.len());
                    self.doc.apply(Edit::Remove { object: i }, false);
                    // The objects after it move down one.
                    self.ui.ball = match self.ui.ball {
                        Some(b) if b > i => Some(b - 1),
                        Some(b) if b == i => None,
                        b => b,
                    };
                    let after = self.doc.scene();
                    let gone = (
                        counts.0.saturating_sub(after.expect.len()),
                        counts.1.saturating_sub(after.reported.len()),
                    );
                    // Evaluated first: the status is of this revision, and the next change
                    // clears it.
                    self.refresh();
                    if let Some(name) = name.filter(|_| gone != (0, 0)) {
                        let name = crate::scene::number::short_name(&name);
                        let what = match gone {
                            (e, 0) => format!("{e} expectation(s)"),
                            (0, r) => format!("{r} reported answer(s)"),
                            (e, r) => format!("{e} expectation(s) and {r} reported answer(s)"),
                        };
                        self.ui.status = format!(
                            "{DELETED}'{name}' and the {what} naming it (Undo brings them back)"
                        );
                    }
                    self.ui.selected = None;
                }
            }
            Action::Deselect => self.close_innermost(ctx),
            Action::AddBall
            | Action::AddBox
            | Action::AddRotatedBox
            | Action::AddSegment
            | Action::AddCircle => {
                if let Some(kind) = AddKind::of(a) {
                    self.add_where_asked(kind);
                }
            }
            Action::PlayPause => playback.toggle(),
            Action::TimeStart => playback.t = 0.0,
            Action::TimeEnd => playback.t = 1.0,
            Action::StepBack => playback.step(-0.01),
            Action::StepForward => playback.step(0.01),
            Action::Fit => self.ui.fit_requested = true,
            Action::ZoomIn | Action::ZoomOut => key_zoom(&mut self.ui.view, a),
            Action::TogglePlots => self.ui.show_plots = !self.ui.show_plots,
            Action::ToggleVariantsPanel => self.ui.show_variants = !self.ui.show_variants,
            Action::ToggleInspector => self.ui.show_inspector = !self.ui.show_inspector,
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

    fn reload(&mut self, ctx: &Context) {
        let path = self.ui.banner_reload.clone();
        match path.or_else(|| self.doc.path().map(Path::to_path_buf)) {
            Some(p) => self.request(ctx, Pending::Open(p)),
            None => self.ui.status = "nothing to reload: the scene has no file".into(),
        }
    }

    fn copy_output_path(&mut self, ctx: &Context) {
        let path = self
            .ui
            .last_output
            .clone()
            .unwrap_or_else(|| self.output_dir());
        ctx.copy_text(path.display().to_string());
        self.ui.status = format!("copied {}", path.display());
    }

    /// Escape: the innermost open thing closes first, and the selection last.
    fn close_innermost(&mut self, ctx: &Context) {
        if self.ui.rename.is_some() {
            self.ui.rename = None;
        } else if self.ui.save_question.is_some() {
            // As its Cancel: nothing is written.
            self.ui.save_question = None;
        } else if self.ui.report_form.is_some() {
            self.ui.report_form = None;
        } else if self.ui.confirm.is_some() {
            self.answer(ctx, Answer::Cancel);
        } else if self.ui.show_help {
            self.ui.show_help = false;
        } else if self.ui.mode == Mode::Simulation {
            self.sim.select(None);
        } else {
            self.ui.selected = None;
        }
    }

    /// The answers the scene's text was written against follow the names an undo or redo
    /// changed back, as they followed the rename itself: else an undone rename reads as
    /// every claim about that object being stale.
    fn baseline_follows_renames(&mut self, before: &[crate::scene::model::Object]) {
        let after = &self.doc.scene().objects;
        let Some(baseline) = &mut self.baseline else {
            return;
        };
        if after.len() != before.len() {
            return;
        }
        for (i, (b, a)) in before.iter().zip(after).enumerate() {
            if b.name != a.name
                && let Some(rename) = followed_rename(before, i, &a.name)
            {
                baseline.rename(&rename);
            }
        }
    }

    /// A key adds at the cursor when it is over the canvas, and the view stays where it is
    /// (the object is under the pointer); a button, where nothing is near the middle of
    /// the view, which moves only as far as it must to show the new object whole (centring
    /// on it would take the ball being worked on out of sight).
    fn add_where_asked(&mut self, kind: AddKind) {
        if let Some(at) = self.ui.cursor_world {
            self.add_object(kind, at);
            return;
        }
        let size = grid_step(self.ui.view.zoom, NEW_OBJECT_PX) * 2.0;
        let (view, half) = (self.ui.view.center, self.ui.visible_half);
        let at = free_spot(&self.evaluation, view, half, size);
        self.add_object(kind, at);
        self.ui.view.center += shift_to_show(
            at - self.ui.view.center,
            Vec2::splat(size * 0.5),
            self.ui.visible_half,
        );
    }

    /// The time and view keys in the simulation view; false for any other action.
    fn sim_time_key(&mut self, a: Action) -> bool {
        let sim = &mut self.sim;
        match a {
            Action::PlayPause => sim.set_playing(!sim.is_playing()),
            Action::StepForward => {
                sim.step_next();
            }
            Action::StepBack => {
                sim.step_back();
            }
            Action::TimeStart => sim.scrub_to(0.0),
            Action::TimeEnd => {
                let head = sim.timeline().map_or(0.0, |t| t.head_time());
                sim.scrub_to(head);
            }
            // The view keys act on the simulation's own camera there.
            Action::Fit => sim.canvas.fit_pending = true,
            Action::ZoomIn | Action::ZoomOut => key_zoom(&mut sim.canvas.view, a),
            _ => return false,
        }
        true
    }

    /// Hunts for a disagreement of `v` with the exact core (a bounded number of cases, so
    /// the answer comes within a fraction of a second) and opens the shrunk case. Each
    /// search starts where the last one stopped, so pressing again finds another case.
    fn find_counterexample(&mut self, ctx: &Context, v: crate::variants::Variant) {
        let seed = self.hunt_seed;
        self.hunt_seed = self.hunt_seed.wrapping_add(1);
        match crate::hunt::find_counterexample(v, None, seed, HUNT_BUDGET) {
            Some(found) => {
                let status = format!(
                    "{}: {} (case {} of seed {seed}, shrunk in {} steps)",
                    v.id(),
                    found
                        .disagreement
                        .describe_case(found.judged.exact.as_ref()),
                    found.index,
                    found.shrink_steps
                );
                self.request(ctx, Pending::Scene(Box::new(found.scene)));
                self.ui.status = status;
            }
            None => {
                self.ui.status = format!(
                    "{}: no disagreement in {HUNT_BUDGET} cases (seed {seed})",
                    v.id()
                );
            }
        }
    }

    /// Fills the simulation with `n` random discs at the fill form's packing and seed, as an
    /// undoable edit, as the Fill button does: the form then shows `n`, and the view says
    /// how many discs were left out where they would overlap an obstacle.
    pub fn fill_simulation(&mut self, ctx: &Context, n: usize) -> Result<(), String> {
        let settings = &mut self.sim.settings;
        settings.fill_count = n;
        let (packing, seed) = (settings.fill_packing, settings.fill_seed);
        let (setup, left_out) =
            SimView::fill_setup(self.doc.scene(), n, packing, seed).map_err(|e| e.to_string())?;
        let replaced = self
            .doc
            .scene()
            .simulation
            .as_ref()
            .map_or(0, |s| s.discs.len());
        self.sim.note_fill(replaced, setup.discs.len(), left_out);
        self.queue(Command::edit(Edit::SetSimulation(Some(setup))));
        self.apply_queued(ctx);
        Ok(())
    }

    /// Runs the simulation of the current document forward by `t` (as `--sim-advance`),
    /// in the frames playing would take, so the plots read as if it had been played.
    /// False when the scene has no simulation to advance.
    pub fn advance_simulation(&mut self, t: f64) -> bool {
        self.sim.sync(self.doc.scene(), self.doc.revision());
        self.sim.advance_as_played(t);
        self.sim.world().is_some()
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
        if self.add(Object { name, shape }) {
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
        if self.add(copy) {
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

    /// Makes the current exact answers the scene's expectations (one undoable edit).
    fn record_expectations(&mut self) {
        let recorded = crate::scene::evaluate::record(self.doc.scene(), &self.evaluation);
        let paths = crate::scene::evaluate::record_paths(self.doc.scene(), &self.evaluation);
        let (n, k) = (recorded.len(), paths.len());
        let changed = self
            .doc
            .apply(Edit::SetExpectations(recorded, paths), false);
        let what = match k {
            0 => format!("{n} expectation(s)"),
            k => format!("{n} expectation(s) and {k} path(s)"),
        };
        self.ui.status = match (n + k, changed) {
            (0, _) => "no ball × obstacle pair to record".to_owned(),
            (_, true) => format!("recorded {what} from the current answers"),
            (_, false) => format!("the {what} already hold the current answers"),
        };
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
                Some(p) => self.save_checked(ctx, &p, Some(pending), false),
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
                self.start_dialog(ctx, DialogKind::Open, String::new(), dir);
            }
            Pending::New => self.set_document(Scene::empty(UNTITLED), None),
            Pending::Demo(name) => {
                if let Some(s) = builtin::demo(&name) {
                    self.set_document(s, None);
                }
            }
            Pending::Scene(scene) => self.set_document(*scene, None),
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
                self.ui.banner_reload = None;
                self.ui.status = format!("opened {}", absolute(path).display());
            }
            Err(e) => self.show_load_error(e.to_string(), path),
        }
    }

    /// Shows a failed load in the banner, with Reload for once the file is fixed.
    pub fn show_load_error(&mut self, message: String, path: &Path) {
        self.ui.banner = Some(message);
        self.ui.banner_reload = Some(path.to_path_buf());
        // The status bar said "opened <the last file>" beside a banner saying this one
        // failed.
        self.ui.status = format!(
            "{}{}",
            super::ui_state::NOT_OPENED,
            absolute(path).display()
        );
    }

    /// Saves to `path` unless the user should be asked first: the file on disk has
    /// comments that saving drops, or (`ask_replace`) it exists and no dialog asked about
    /// replacing it. `then` runs once saved.
    fn save_checked(
        &mut self,
        ctx: &Context,
        path: &Path,
        then: Option<Pending>,
        ask_replace: bool,
    ) {
        let exists = path.is_file();
        let comments = exists && read_scene_text(path).is_ok_and(|t| has_comments(&t));
        let replace = ask_replace && exists;
        let changed = self.doc.changed_on_disk(path);
        if comments || replace || changed {
            self.ui.save_question = Some(SaveQuestion {
                path: path.to_path_buf(),
                replace,
                comments,
                changed,
                then,
            });
        } else {
            self.write_scene(ctx, path, then);
        }
    }

    /// Writes the scene to `path`. A failure goes to the banner and changes nothing: the
    /// document stays unsaved, the file on disk keeps its old content, and `then` (closing,
    /// opening another scene) does not happen.
    fn write_scene(&mut self, ctx: &Context, path: &Path, then: Option<Pending>) {
        // A new scene saved for the first time takes its file's name: kept "untitled", it
        // named its bug reports `bug-report-untitled-…` and its window "untitled — file".
        let unnamed = matches!(self.doc.scene().name.as_str(), "" | UNTITLED);
        if unnamed
            && self.doc.path().is_none()
            && let Some(stem) = path.file_stem().and_then(|s| s.to_str())
            && !stem.trim().is_empty()
        {
            self.doc.apply(Edit::SetName(stem.trim().to_owned()), false);
        }
        let revision = self.doc.revision();
        match save_scene(path, &self.doc.scene_with_view(self.ui.view)) {
            Ok(()) => {
                self.doc.mark_saved(path.to_path_buf(), revision);
                self.files.remember(path);
                self.ui.banner = None;
                self.ui.banner_reload = None;
                self.ui.status = format!("saved {}", absolute(path).display());
                // Saved as asked; a scene whose own expectations fail is worth a word
                // (`sweepscope check` will fail on it).
                let ev = &self.evaluation;
                let failing = ev.expectations.iter().filter(|e| !e.passed()).count()
                    + (ev.path_expectations.iter())
                        .filter(|e| !e.passed())
                        .count();
                if failing > 0 {
                    self.ui.status += &format!(
                        " — {failing} of its expectations fail (Inspector › Expectations)"
                    );
                }
                if let Some(next) = then {
                    self.run_pending(ctx, next);
                }
            }
            Err(e) => {
                self.ui.banner = Some(format!("{e} — the scene is not saved"));
                self.ui.banner_reload = None;
            }
        }
    }

    /// Save as: the open file's name is offered, else one made from the scene's name.
    fn save_dialog(&mut self, ctx: &Context) {
        let name = self
            .doc
            .path()
            .and_then(|p| p.file_stem())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| screenshot::slug(&self.doc.scene().name));
        let dir = self.dialog_dir();
        self.start_dialog(ctx, DialogKind::Save, name, dir);
    }

    fn start_dialog(&mut self, ctx: &Context, kind: DialogKind, suggested: String, dir: PathBuf) {
        let request = DialogRequest {
            kind,
            suggested,
            dir,
        };
        if let Some(why) = self.files.start(ctx, request) {
            self.ui.status = why;
        }
    }

    /// Where file dialogs start: beside the open file, else beside the last one opened,
    /// else the home folder.
    fn dialog_dir(&self) -> PathBuf {
        let beside = |p: &Path| {
            absolute(p)
                .parent()
                .filter(|d| d.is_dir())
                .map(Path::to_path_buf)
        };
        self.doc
            .path()
            .and_then(beside)
            .or_else(|| self.files.recent.first().and_then(|p| beside(p)))
            .or_else(dirs::home_dir)
            .unwrap_or_else(|| absolute(Path::new(".")))
    }

    /// A dialog's answer.
    pub(super) fn dialog_answered(&mut self, ctx: &Context, r: DialogResult) {
        match r {
            DialogResult::Picked {
                kind: DialogKind::Open,
                path,
                ..
            } => self.open(&path),
            DialogResult::Picked {
                kind: DialogKind::Save,
                path,
                confirmed,
            } => {
                let then = self.files.after_save.take();
                self.save_checked(ctx, &path, then, !confirmed);
            }
            DialogResult::Picked {
                kind: DialogKind::Folder,
                path,
                ..
            } => {
                self.set_output_dir(Some(path));
                let dir = self.output_dir();
                self.ui.status = format!("screenshots and bug reports go to {}", dir.display());
                if let Some(form) = &mut self.ui.report_form {
                    form.folder = dir;
                }
            }
            DialogResult::Cancelled(DialogKind::Save) => {
                self.files.after_save = None;
                // An earlier "saved …" would still read as if this save had happened.
                self.ui.status = if self.doc.dirty() {
                    "save cancelled: the changes are not saved".to_owned()
                } else {
                    "save cancelled".to_owned()
                };
            }
            DialogResult::Cancelled(_) => {}
        }
    }

    /// The answers that came back from the shell since the last frame.
    pub(super) fn poll_shell(&mut self, ctx: &Context) {
        let (answer, why) = self.files.poll();
        if let Some(why) = why {
            self.ui.status = why;
        }
        if let Some(r) = answer {
            self.dialog_answered(ctx, r);
        }
        if let Some(words) = self.pending_report.take() {
            self.write_bug_report(ctx, &words);
            self.unsent_report = Some(words);
        }
        let done: Vec<_> = self
            .shots
            .lock()
            .map(|mut v| std::mem::take(&mut *v))
            .unwrap_or_default();
        for r in done {
            match r {
                Ok((message, path)) => {
                    // A report is a folder, a screenshot a file.
                    if path.is_dir() {
                        self.unsent_report = None;
                    }
                    self.ui.status = message;
                    self.ui.last_output = Some(path);
                }
                Err(e) if self.unsent_report.is_some() && e.starts_with("bug report") => {
                    self.ui.banner = Some(format!(
                        "{e} (what you typed is kept: Bug report… brings it back)"
                    ));
                }
                Err(e) => self.ui.banner = Some(e),
            }
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

    /// Closes the window without asking about unsaved changes: an unattended run
    /// (`--frames`, `--screenshot`) never saves, and a question nobody can answer would keep
    /// it open until the watchdog ends it.
    pub fn close_unattended(&mut self, ctx: &Context) {
        self.allow_close = true;
        ctx.send_viewport_cmd(egui::ViewportCommand::Close);
    }

    /// Whether a question (unsaved changes, a save that drops comments…) is waiting for
    /// the user.
    pub fn asking(&self) -> bool {
        self.ui.confirm.is_some()
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
        let stem = format!(
            "{}-{}",
            screenshot::slug(&self.doc.scene().name),
            screenshot::now_stamp()
        );
        let path = fresh_path(&self.output_dir(), &stem, "png");
        // No "saving …" in the status bar: it would be in the picture. The status says
        // where the file went once it is written.
        screenshot::request(ctx, screenshot::Target::Png(path), self.shots.clone());
    }

    /// The report's texts for what is on screen now (see `shell::report`).
    pub fn bug_report_texts(&self, words: &UserWords, stamp: &str) -> BundleTexts {
        let scene = self.scene_to_save();
        let view = match self.ui.mode {
            Mode::Sweep => ViewState::Sweep {
                ball: self
                    .inspected()
                    .and_then(|b| scene.objects.get(b.object))
                    .map(|o| o.name.clone()),
                t: self.ui.playback.t,
            },
            Mode::Simulation => {
                let duration = scene.simulation.as_ref().map_or(10.0, |s| s.duration);
                ViewState::Simulation(sim_snapshot(&self.sim, duration).map(Box::new))
            }
        };
        let env = Environment::current(self.renderer.clone());
        bundle_text(&BundleInput {
            scene: &scene,
            evaluation: &self.evaluation,
            view,
            words,
            env: &env,
            stale: &self.stale,
            stamp,
            screenshot: true,
        })
    }

    fn write_bug_report(&mut self, ctx: &Context, words: &UserWords) {
        let stamp = screenshot::now_stamp();
        let texts = self.bug_report_texts(words, &stamp);
        let stem = format!(
            "bug-report-{}-{stamp}",
            screenshot::slug(&self.doc.scene().name)
        );
        let dir = fresh_path(&self.output_dir(), &stem, "");
        // As for a screenshot, the status bar keeps what it said: it is in the picture.
        ctx.copy_text(texts.report_md.clone());
        let target = screenshot::Target::BugReport { dir, texts };
        screenshot::request(ctx, target, self.shots.clone());
    }
}

/// The simulation panel's numbers, and the state on screen as a set-up.
fn sim_snapshot(sim: &SimView, duration: f64) -> Option<SimSnapshot> {
    let timeline = sim.timeline()?;
    let world = timeline.world();
    let origin = timeline.origin();
    let c = world.counts();
    // The events up to the state on screen: after a scrub back the log also holds events
    // that, for the picture, have not happened yet.
    let end = timeline.current_index().map_or(0, |k| k + 1);
    let first = end
        .saturating_sub(REPORT_EVENTS)
        .max(timeline.first_logged());
    let last_events = (first..end)
        .filter_map(|k| sim.event_row_label(k))
        .collect();
    let selected = sim
        .selected()
        .and_then(|i| world.disc(i).map(|d| (i, d)))
        .map(|(i, d)| {
            vec![
                format!("disc {i}"),
                // As the panel reads them: five places made a velocity of -5e-21, the
                // very number behind a stall, "-0.00000".
                format!("position {}", crate::scene::number::point_f64(d.position)),
                format!("velocity {}", crate::scene::number::point_f64(d.velocity)),
                format!(
                    "radius {}, mass {}",
                    crate::scene::number::fixed_f64(d.radius),
                    crate::scene::number::fixed_f64(d.mass)
                ),
            ]
        })
        .unwrap_or_default();
    let (p, p0) = (world.momentum(), origin.momentum());
    Some(SimSnapshot {
        time: world.time(),
        discs: world.len(),
        collisions: c.collisions(),
        disc_disc: c.disc_disc,
        disc_wall: c.disc_wall,
        disc_obstacle: c.disc_obstacle,
        energy: world.kinetic_energy(),
        energy_start: origin.kinetic_energy(),
        momentum: [p.x, p.y],
        momentum_start: [p0.x, p0.y],
        last_events,
        // Up to the state on screen: after a scrub back, the comparison still holds the
        // divergences found further on, which for the picture have not happened yet.
        divergences: sim
            .divergences()
            .iter()
            .filter(|d| d.time <= world.time())
            .map(|d| d.describe())
            .collect(),
        largest_gap: sim.comparison_gap(),
        mid_group: current_group(timeline),
        comparing: sim.comparing(),
        unlike_published: crate::variants::loop_comparison::unlike_published(world),
        selected,
        state: Simulation::from_world(world, duration),
        start: Simulation::from_world(origin, duration),
    })
}

/// When the clock stands right after an event that others share the time of, later in the
/// log: that event and the group's last, which is where a replay to the time lands.
fn current_group(t: &crate::sim::timeline::Timeline) -> Option<(usize, usize)> {
    let k = t.current_index()?;
    let time = t.logged(k)?.event.time;
    let last = (k + 1..t.log_end())
        .take_while(|&j| t.logged(j).is_some_and(|l| l.event.time == time))
        .last()?;
    Some((k, last))
}

/// `p` made absolute against the working folder (as it is when the path is used).
fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

/// + or − on `view`: a step of [`KEY_ZOOM`] around its centre, within the zoom limits.
fn key_zoom(view: &mut crate::scene::View, a: Action) {
    let factor = if a == Action::ZoomIn {
        KEY_ZOOM
    } else {
        1.0 / KEY_ZOOM
    };
    view.zoom = zoomed(view.zoom, factor, view.center);
}

/// The least move of a view of half size `half` that shows an object of half size `extent`
/// whose centre is `offset` from the view's centre: nothing when it shows already, else
/// just enough on each axis to bring it inside (centred on it when it is larger than the
/// view).
fn shift_to_show(offset: Vec2, extent: Vec2, half: Vec2) -> Vec2 {
    let room = (half - extent).max(Vec2::ZERO);
    let over = (offset.abs() - room).max(Vec2::ZERO);
    let shift = over * offset.signum();
    // An object larger than the view on an axis: centred on that axis.
    Vec2::select(extent.cmpgt(half), offset, shift)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_object_off_the_view_moves_it_only_as_far_as_it_must() {
        // The bug: the view centred on the new object, and the ball the user was working
        // on went out of sight.
        let half = Vec2::new(100.0, 50.0);
        let extent = Vec2::splat(5.0);
        // Shown already: no move.
        assert_eq!(
            shift_to_show(Vec2::new(90.0, -40.0), extent, half),
            Vec2::ZERO
        );
        // 30 beyond the right edge and 10 below the bottom: just so much.
        let s = shift_to_show(Vec2::new(125.0, -55.0), extent, half);
        assert_eq!(s, Vec2::new(30.0, -10.0));
        // Afterwards it shows whole, touching the edges it came in by.
        let rest = Vec2::new(125.0, -55.0) - s;
        assert!((rest.abs() + extent).cmple(half).all(), "{rest}");
        // Larger than the view on an axis: centred on that axis.
        let s = shift_to_show(Vec2::new(300.0, 0.0), Vec2::new(120.0, 5.0), half);
        assert_eq!(s, Vec2::new(300.0, 0.0));
    }

    /// User test: a bug report that could not be written (a report folder without write
    /// permission) threw away what had been typed; the form opened empty again.
    #[test]
    fn a_bug_report_that_fails_keeps_the_words_for_the_next_try() {
        let ctx = Context::default();
        let mut app = DebugApp::new(crate::scene::builtin::default_scene());
        let words = UserWords {
            happened: "It tunnels.".into(),
            expected: "A hit at t = 0.4.".into(),
        };
        let fail = |app: &mut DebugApp| {
            app.queue(Command::WriteBugReport {
                happened: words.happened.clone(),
                expected: words.expected.clone(),
            });
            app.apply_queued(&ctx);
            app.poll_shell(&ctx);
            // What the window answers once it has the picture.
            if let Ok(mut shots) = app.shots.lock() {
                shots.push(Err("bug report not written: permission denied".into()));
            }
            app.poll_shell(&ctx);
        };
        fail(&mut app);
        let banner = app.ui.banner.clone().unwrap_or_default();
        assert!(banner.contains("what you typed is kept"), "{banner}");
        app.queue(Command::Action(Action::BugReport));
        app.apply_queued(&ctx);
        let form = app.ui.report_form.clone().expect("the form is open");
        assert_eq!(
            (form.happened, form.expected),
            (words.happened.clone(), words.expected.clone())
        );
        // Written: the next report starts empty.
        app.ui.report_form = None;
        fail(&mut app);
        let dir = std::env::temp_dir();
        if let Ok(mut shots) = app.shots.lock() {
            shots.push(Ok(("bug report in …".into(), dir)));
        }
        app.poll_shell(&ctx);
        app.queue(Command::Action(Action::BugReport));
        app.apply_queued(&ctx);
        let form = app.ui.report_form.clone().expect("the form is open");
        assert!(
            form.happened.is_empty() && form.expected.is_empty(),
            "{form:?}"
        );
    }
}
