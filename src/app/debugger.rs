//! The debugger's state in three parts — the [`Document`], the [`UiState`] and the
//! evaluation of the document's current revision — plus what the shell keeps between
//! frames (file dialogs, screenshots in flight, frame times) and the simulation view's run.

use std::path::{Path, PathBuf};

use super::command::Command;
use super::document::Document;
use super::draw::heat_layer::HeatLayer;
use super::draw::pen::LayerStats;
use super::shell::files::Files;
use super::shell::frame_times::FrameTimes;
use super::shell::report::{UserWords, default_output_dir};
use super::shell::screenshot;
use super::shell::session::{self, Restored, Stored};
use super::shell::ui_scale::ScaleHold;
use super::sim_view::SimView;
use super::ui_state::{Mode, UiState};
use super::views::plots::PlotState;
use crate::scene::evaluate::record;
use crate::scene::expect::stale_claims;
use crate::scene::{BallEvaluation, Evaluation, Expectation, Scene, evaluate, scene_to_string};

/// The scene's text (name, description, notes) and the answers when it was last written
/// or opened: what it may state.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct TextBaseline {
    text: [String; 3],
    answers: Vec<Expectation>,
}

impl TextBaseline {
    /// Follows an object's rename (see [`crate::scene::expect::followed_rename`]).
    pub(super) fn rename(&mut self, rename: &(String, String)) {
        crate::scene::expect::rename_references(&mut self.answers, rename);
    }
}

/// The whole debugger, driven one frame at a time by [`DebugApp::ui`] (the eframe window
/// and the egui_kittest tests both call it).
pub struct DebugApp {
    pub(super) doc: Document,
    pub(super) ui: UiState,
    /// The evaluation of revision `evaluated` of the document.
    pub(super) evaluation: Evaluation,
    pub(super) evaluated: u64,
    pub(super) heat: HeatLayer,
    pub(super) sim: SimView,
    pub(super) files: Files,
    pub(super) shots: screenshot::Results,
    /// Commands pushed by views and keys, applied at the start of the next frame.
    pub(super) queue: Vec<Command>,
    /// Shapes drawn per layer in the last frame.
    pub(super) stats: LayerStats,
    pub(super) frame_times: FrameTimes,
    /// The interface scale asked for and held (whatever document is open).
    pub(super) scale: ScaleHold,
    /// The window title last sent.
    pub(super) title: String,
    /// The user confirmed closing with unsaved changes.
    pub(super) allow_close: bool,
    /// The seed of the next "Find a counterexample".
    pub(super) hunt_seed: u64,
    /// What the scene's text was written against; `None` until the next evaluation.
    pub(super) baseline: Option<TextBaseline>,
    /// Claims of the scene's text that the answers no longer give, `field: claim`.
    pub(super) stale: Vec<String>,
    /// The OpenGL renderer, as the window reported it.
    pub(super) renderer: Option<String>,
    /// A bug report asked for in the form, written on the next frame (once the form is
    /// gone from the picture).
    pub(super) pending_report: Option<UserWords>,
    /// The words of the last bug report asked for, until it is written: a report that
    /// fails (a folder that cannot be written) keeps them for the next try.
    pub(super) unsent_report: Option<UserWords>,
    /// The simulation set-up as the gesture in progress found it: a drag removes the
    /// discs its obstacle ends on from this, not from what earlier frames left.
    pub(super) disc_basis: Option<crate::scene::Simulation>,
    /// An edit of the commands being applied set the status bar (perhaps to what it
    /// said already): it is not cleared as a message from before the edit.
    pub(super) said_again: bool,
    /// The clearance plot's colour per obstacle name and its axis mode, kept across frames.
    pub(super) plot: PlotState,
    /// A field had the keyboard when the last frame ended. egui drops the focus on Escape
    /// before a frame's keys are read, so this is how the keys know the Escape was the
    /// field's.
    pub(super) was_typing: bool,
    /// The widget that had the keyboard when the last frame ended.
    pub(super) focused: Option<egui::Id>,
}

impl Default for DebugApp {
    fn default() -> Self {
        Self::new(crate::scene::builtin::default_scene())
    }
}

impl DebugApp {
    /// A debugger on `scene`, as a document with no file yet.
    pub fn new(scene: Scene) -> Self {
        let mut app = Self {
            ui: UiState::new(scene.view),
            doc: Document::new(Scene::empty(""), None),
            evaluation: Evaluation::default(),
            evaluated: 0,
            heat: HeatLayer::default(),
            sim: SimView::default(),
            files: Files::default(),
            shots: Default::default(),
            queue: Vec::new(),
            stats: LayerStats::default(),
            frame_times: FrameTimes::default(),
            scale: ScaleHold::default(),
            title: String::new(),
            allow_close: false,
            hunt_seed: 0,
            baseline: None,
            stale: Vec::new(),
            renderer: None,
            pending_report: None,
            unsent_report: None,
            disc_basis: None,
            said_again: false,
            plot: PlotState::default(),
            was_typing: false,
            focused: None,
        };
        app.set_document(scene, None);
        app
    }

    /// Uses `scene` as a freshly opened document from `path` (which holds it).
    pub fn set_document(&mut self, scene: Scene, path: Option<&Path>) {
        let path = path.map(crate::app::document::absolute);
        if let Some(p) = &path {
            self.files.remember(p);
        }
        let mode = start_mode(&scene);
        self.ui = UiState {
            banner: self.ui.banner.take(),
            banner_reload: self.ui.banner_reload.take(),
            show_plots: self.ui.show_plots,
            show_variants: self.ui.show_variants,
            show_inspector: self.ui.show_inspector,
            // The window's layout belongs to the window, not the document.
            panels: self.ui.panels,
            output_dir: self.ui.output_dir.take(),
            last_output: self.ui.last_output.take(),
            ..UiState::new(scene.view)
        };
        self.ui.mode = mode;
        // A scene that keeps no view of its own (written by hand, or by another tool) is
        // fitted; one that does opens as it was saved.
        self.ui.fit_requested = scene.view == crate::scene::View::default();
        self.ui.selected = scene.objects.iter().position(|o| o.shape.is_ball());
        // The text of a scene that records expectations was written against those answers
        // (at the latest when they were recorded): a claim that went stale before the save
        // is flagged again on opening. Without expectations the baseline is the answers
        // the scene gives now.
        self.baseline = (!scene.expect.is_empty()).then(|| TextBaseline {
            text: [
                scene.name.clone(),
                scene.description.clone(),
                scene.notes.clone(),
            ],
            answers: scene.expect.clone(),
        });
        self.doc = Document::new(scene, path);
        self.plot.new_document();
        self.sim.forget_run();
        self.refresh();
    }

    /// Opens a session remembered from the last launch (see `shell::session`).
    pub fn open_restored(&mut self, r: Restored) {
        self.set_document(r.scene, r.path.as_deref());
        if r.unsaved {
            self.doc.mark_unsaved();
            // Unsaved changes to a file are judged against the file as the last session
            // knew it: edited by another program since, a save asks first.
            if let Some(known) = r.on_disk {
                self.doc.set_on_disk(known);
            }
        }
        // The object the inspector showed, when the scene still has one of that name.
        if let Some(i) = r
            .selected
            .and_then(|name| self.doc.scene().objects.iter().position(|o| o.name == name))
        {
            self.ui.selected = Some(i);
        }
    }

    /// What to remember of this session for the next launch: nothing of changes the user
    /// discarded when closing.
    pub fn session(&self) -> Stored {
        let discarded = self.allow_close && self.doc.dirty();
        let text = if discarded {
            String::new()
        } else {
            scene_to_string(&self.scene_to_save())
        };
        Stored {
            selected: self
                .ui
                .selected
                .and_then(|i| self.doc.scene().objects.get(i))
                .map(|o| o.name.clone()),
            on_disk: self.doc.on_disk(),
            ..session::to_store(text, self.doc.path(), self.doc.dirty(), discarded)
        }
    }

    /// Brings the evaluation up to the document's revision, and with it the claims of
    /// the scene's text that went stale.
    pub(super) fn refresh(&mut self) {
        if self.evaluated != self.doc.revision() {
            self.evaluation = evaluate(self.doc.scene());
            self.evaluated = self.doc.revision();
            self.check_text();
            // A refusal's reason is about the scene before this change, whatever made it
            // (an edit, an added object, an undo).
            if self.ui.status.starts_with(super::ui_state::NOT_APPLIED)
                || self.ui.status.starts_with(super::ui_state::DELETED)
            {
                self.ui.status.clear();
            }
        }
        let n = self.doc.scene().objects.len();
        if self.ui.selected.is_some_and(|s| s >= n) {
            self.ui.selected = None;
        }
        if self.ui.ball.is_some_and(|b| b >= n) {
            self.ui.ball = None;
        }
    }

    /// Compares what the scene's text states with the answers now. The baseline is the
    /// answers when the text was last written, or on opening the scene's expectations
    /// (else its answers then).
    fn check_text(&mut self) {
        let scene = self.doc.scene();
        self.stale.clear();
        // Text states a few answers; a scene of many thousand pairs is not checked on every
        // edit (the whole answer list is rebuilt each time).
        if self.evaluation.pairs().nth(MAX_CHECKED_PAIRS).is_some() {
            self.baseline = None;
            return;
        }
        let text = [
            scene.name.clone(),
            scene.description.clone(),
            scene.notes.clone(),
        ];
        let answers = record(scene, &self.evaluation);
        if self.baseline.as_ref().is_none_or(|b| b.text != text) {
            self.baseline = Some(TextBaseline {
                text,
                answers: answers.clone(),
            });
        }
        if let Some(b) = &self.baseline {
            for (field, text) in ["name", "description", "notes"].iter().zip(&b.text) {
                for claim in stale_claims(text, &b.answers, &answers) {
                    self.stale.push(format!("{field}: {claim}"));
                }
            }
        }
    }

    /// The ball the inspector shows: the selected object if it is a ball, else the first.
    pub fn inspected(&self) -> Option<&BallEvaluation> {
        inspected(&self.evaluation, &self.ui)
    }

    // ----- reading the state (tests, the shell) -----

    pub fn scene(&self) -> &Scene {
        self.doc.scene()
    }

    /// The scene with the current camera, as it would be saved.
    pub fn scene_to_save(&self) -> Scene {
        self.doc.scene_with_view(self.ui.view)
    }

    /// The sweep view's camera.
    pub fn view(&self) -> crate::scene::View {
        self.ui.view
    }

    pub fn evaluation(&self) -> &Evaluation {
        &self.evaluation
    }

    pub fn revision(&self) -> u64 {
        self.doc.revision()
    }

    /// Whether the scene has changes that are not saved.
    pub fn dirty(&self) -> bool {
        self.doc.dirty()
    }

    pub fn can_undo(&self) -> bool {
        self.doc.can_undo()
    }

    pub fn file_path(&self) -> Option<&Path> {
        self.doc.path()
    }

    pub fn recent_files(&self) -> &[PathBuf] {
        &self.files.recent
    }

    pub fn set_recent_files(&mut self, recent: Vec<PathBuf>) {
        self.files.set_recent(recent);
    }

    /// The error banner text, if any (a failed load or save).
    pub fn banner(&self) -> Option<&str> {
        self.ui.banner.as_deref()
    }

    /// Shows an error in the banner (e.g. a bad file given on the command line).
    pub fn set_banner(&mut self, text: String) {
        self.ui.banner = Some(text);
    }

    pub fn status(&self) -> &str {
        &self.ui.status
    }

    pub fn selected(&self) -> Option<usize> {
        self.ui.selected
    }

    pub fn select(&mut self, object: Option<usize>) {
        self.ui.selected = object;
    }

    pub fn mode(&self) -> Mode {
        self.ui.mode
    }

    pub fn set_mode(&mut self, mode: Mode) {
        self.ui.mode = mode;
    }

    /// The scrubber's time.
    pub fn time(&self) -> f32 {
        self.ui.playback.t
    }

    /// Shapes drawn per layer in the last frame.
    pub fn stats(&self) -> LayerStats {
        self.stats
    }

    pub fn frame_times(&self) -> &FrameTimes {
        &self.frame_times
    }

    pub fn frame_times_mut(&mut self) -> &mut FrameTimes {
        &mut self.frame_times
    }

    pub fn sim_view(&self) -> &SimView {
        &self.sim
    }

    pub fn sim_view_mut(&mut self) -> &mut SimView {
        &mut self.sim
    }

    /// Claims of the scene's name, description or notes that the answers no longer give.
    pub fn stale_text(&self) -> &[String] {
        &self.stale
    }

    /// Lets file dialogs try the native one first (the window; never tests).
    pub fn allow_native_dialogs(&mut self) {
        self.files.allow_native();
    }

    /// Whether a file dialog is open.
    pub fn file_dialog_open(&self) -> bool {
        self.files.dialog_open()
    }

    /// The OpenGL renderer and version, for bug reports.
    pub fn set_renderer(&mut self, renderer: String) {
        self.renderer = Some(renderer);
    }

    pub fn renderer(&self) -> Option<&str> {
        self.renderer.as_deref()
    }

    /// The folder screenshots and bug reports go to: the user's choice, else beside the
    /// scene file, else the pictures or documents folder (absolute).
    pub fn output_dir(&self) -> PathBuf {
        self.ui
            .output_dir
            .clone()
            .unwrap_or_else(|| default_output_dir(self.doc.path()))
    }

    /// The interface scale the user asked for (remembered between launches).
    pub fn asked_scale(&self) -> f32 {
        self.scale.asked()
    }

    /// Restores the last session's interface scale; `window`, the window's remembered
    /// size, grows the window eframe opened at scale 1 back to it (see
    /// [`ScaleHold::restore`]).
    pub fn restore_scale(&mut self, scale: f32, window: Option<egui::Vec2>) {
        self.scale.restore(scale, window);
    }

    /// The folder the user chose (remembered between launches).
    pub fn chosen_output_dir(&self) -> Option<&Path> {
        self.ui.output_dir.as_deref()
    }

    pub fn set_output_dir(&mut self, dir: Option<PathBuf>) {
        self.ui.output_dir = dir.map(|d| std::path::absolute(&d).unwrap_or(d));
    }

    /// The last screenshot or bug report written (absolute).
    pub fn last_output(&self) -> Option<&Path> {
        self.ui.last_output.as_deref()
    }

    /// Queues a command as if a view or a key had asked for it.
    pub fn queue(&mut self, command: Command) {
        self.queue.push(command);
    }
}

/// Pairs beyond which the scene's text is not checked for stale answers.
const MAX_CHECKED_PAIRS: usize = 10_000;

/// The ball the inspector shows: the selected object if it is a ball, else the ball last
/// selected (`ui.ball`), else the first ball.
pub(super) fn inspected<'a>(ev: &'a Evaluation, ui: &UiState) -> Option<&'a BallEvaluation> {
    ui.selected
        .and_then(|s| ev.ball(s))
        .or_else(|| ui.ball.and_then(|b| ev.ball(b)))
        .or_else(|| ev.balls.first())
}

/// Remembers the selected object as the inspected ball when it is one.
pub(super) fn note_ball(ev: &Evaluation, ui: &mut UiState) {
    if let Some(s) = ui.selected
        && ev.ball(s).is_some()
    {
        ui.ball = Some(s);
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
