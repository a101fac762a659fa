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
use super::shell::screenshot;
use super::sim_view::SimView;
use super::ui_state::{Mode, UiState};
use crate::scene::{BallEvaluation, Evaluation, Scene, evaluate};

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
    /// The window title last sent.
    pub(super) title: String,
    /// The user confirmed closing with unsaved changes.
    pub(super) allow_close: bool,
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
            title: String::new(),
            allow_close: false,
        };
        app.set_document(scene, None);
        app
    }

    /// Uses `scene` as a freshly opened document from `path` (which holds it).
    pub fn set_document(&mut self, scene: Scene, path: Option<&Path>) {
        if let Some(p) = path {
            self.files.remember(p);
        }
        let mode = start_mode(&scene);
        self.ui = UiState {
            banner: self.ui.banner.take(),
            show_plots: self.ui.show_plots,
            show_variants: self.ui.show_variants,
            ..UiState::new(scene.view)
        };
        self.ui.mode = mode;
        self.ui.selected = scene.objects.iter().position(|o| o.shape.is_ball());
        self.doc = Document::new(scene, path.map(Path::to_path_buf));
        self.sim.forget_run();
        self.refresh();
    }

    /// Brings the evaluation up to the document's revision.
    pub(super) fn refresh(&mut self) {
        if self.evaluated != self.doc.revision() {
            self.evaluation = evaluate(self.doc.scene());
            self.evaluated = self.doc.revision();
        }
        let n = self.doc.scene().objects.len();
        if self.ui.selected.is_some_and(|s| s >= n) {
            self.ui.selected = None;
        }
    }

    /// The ball the inspector shows: the selected object if it is a ball, else the first.
    pub fn inspected(&self) -> Option<&BallEvaluation> {
        inspected(&self.evaluation, self.ui.selected)
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
        self.files.recent = recent;
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

    /// Queues a command as if a view or a key had asked for it.
    pub fn queue(&mut self, command: Command) {
        self.queue.push(command);
    }
}

/// The ball the inspector shows: `selected` if it is a ball, else the first ball.
pub(super) fn inspected(ev: &Evaluation, selected: Option<usize>) -> Option<&BallEvaluation> {
    selected
        .and_then(|s| ev.ball(s))
        .or_else(|| ev.balls.first())
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
