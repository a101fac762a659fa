//! Everything the debugger remembers that is not the document: which view is shown, the
//! selection, the camera, the gesture in progress, the scrubber, panel switches, the status
//! line and the questions waiting for an answer. None of it is saved with the scene (the
//! camera is copied into it when a scene leaves the app).

use std::path::PathBuf;

use glam::Vec2;

use super::handles::Handle;
use crate::scene::{Shape, View};

/// Which of the two views fills the window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Moving circles against obstacles: the sweep debugger.
    #[default]
    Sweep,
    /// The event-driven disc simulation.
    Simulation,
}

/// A handle drag in progress.
#[derive(Clone, Copy, Debug)]
pub struct Drag {
    pub handle: Handle,
    /// Where the pointer grabbed, in the world.
    pub grab: Vec2,
    /// The shape when the drag began.
    pub orig: Shape,
}

/// Something that would replace or close the scene, waiting for the user's answer about
/// unsaved changes.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Open(PathBuf),
    OpenDialog,
    New,
    Demo(String),
    /// A scene made in the app (a counterexample found by the hunter), with no file yet.
    Scene(Box<crate::scene::Scene>),
    Close,
}

/// "Save to this file?" when saving would replace a file the user has not chosen to
/// replace (picked in the in-app dialog) or drop the comments of the file on disk.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveQuestion {
    pub path: PathBuf,
    /// The file exists and the dialog did not ask about replacing it.
    pub replace: bool,
    /// The file on disk has comments that saving will drop.
    pub comments: bool,
    /// Another program changed the file since this document read or wrote it.
    pub changed: bool,
    /// What to do once saved (from the unsaved-changes question).
    pub then: Option<Pending>,
}

/// The bug report form: the user's words and where the report will go.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReportForm {
    pub happened: String,
    pub expected: String,
    /// The folder the report goes to (absolute).
    pub folder: PathBuf,
    /// The first field has been given the keyboard (once, when the form opens).
    pub focused: bool,
}

/// The time scrubber: t ∈ [0, 1] with play/pause, loop and speed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playback {
    pub t: f32,
    pub playing: bool,
    pub looping: bool,
    /// Motions per second.
    pub speed: f32,
}

impl Default for Playback {
    fn default() -> Self {
        Self {
            t: 1.0,
            playing: false,
            looping: true,
            speed: 0.5,
        }
    }
}

impl Playback {
    /// Advances t by `dt` seconds of wall time; returns true while animating.
    pub fn advance(&mut self, dt: f32) -> bool {
        if !self.playing {
            return false;
        }
        self.t += dt.clamp(0.0, 0.1) * self.speed;
        if self.t > 1.0 {
            if self.looping {
                self.t = 0.0;
            } else {
                self.t = 1.0;
                self.playing = false;
            }
        }
        true
    }

    pub fn toggle(&mut self) {
        if !self.playing && self.t >= 1.0 {
            self.t = 0.0;
        }
        self.playing = !self.playing;
    }

    /// Moves t by `dt`, staying in [0, 1].
    pub fn step(&mut self, dt: f32) {
        self.t = (self.t + dt).clamp(0.0, 1.0);
    }
}

/// How the status bar starts the reason an edit was refused; cleared by the next change.
pub const NOT_APPLIED: &str = "not applied: ";

/// How the status bar starts a failed open, said beside the banner's error; dismissing
/// the banner clears it (it stayed, and went into a bug report's screenshot).
pub const NOT_OPENED: &str = "not opened: ";

/// The start of the status of a delete that took expectations along: about that edit
/// alone, cleared by the next change (an undo left it standing).
pub const DELETED: &str = "deleted ";

/// A panel's share of the window along its axis, kept through resizes: egui keeps a
/// panel's size in points, so a window made smaller would lose its canvas to the panels,
/// and one made larger again would keep them narrow.
///
/// Only a drag of the panel's own edge changes the share (or lets the panel go): a press
/// anywhere else, or a click on the edge that does not drag, leaves the panel as it is.
#[derive(Clone, Copy, Debug, Default)]
pub struct PanelShare {
    /// The room available along the panel's axis in the last frame.
    pub available: f32,
    /// The panel's size in the last frame.
    pub size: f32,
    /// The share of the room the panel is meant to take: as first shown, then as the user
    /// drags it (none before it was first shown).
    pub share: Option<f32>,
    /// Where the panel's resizable edge was in the last frame, along its axis, and the
    /// panel's extent across it.
    pub edge: f32,
    pub span: (f32, f32),
    /// While a drag is under way: whether it began on the panel's edge.
    grab: Option<bool>,
}

/// A drag in progress, as a panel sees it: where the primary button was pressed, along the
/// panel's axis and across it, and egui's grab radius for a panel's edge
/// (`interaction.resize_grab_radius_side`).
#[derive(Clone, Copy, Debug)]
pub struct PanelDrag {
    pub along: f32,
    pub across: f32,
    pub radius: f32,
}

impl PanelShare {
    /// `panel`, given its share of `available` again (held to `range`) when the window
    /// changed size since the last frame.
    pub fn sized(&self, panel: egui::Panel, available: f32, range: egui::Rangef) -> egui::Panel {
        let resized = (available - self.available).abs() > 0.5;
        self.held(panel, available, range, resized)
    }

    /// `panel` at its share of `available` in every frame but those of a drag of its edge:
    /// for a panel whose contents can be smaller than it, which egui would shrink it to
    /// (the plots, with no ball to plot).
    pub fn always(
        &self,
        panel: egui::Panel,
        available: f32,
        range: egui::Rangef,
        drag: Option<PanelDrag>,
    ) -> egui::Panel {
        self.held(panel, available, range, !self.grabbing(drag))
    }

    /// Whether `drag` holds the panel's edge: decided when it is first seen, by where it
    /// began against where the edge was then.
    pub fn grabbing(&self, drag: Option<PanelDrag>) -> bool {
        match (drag, self.grab) {
            (None, _) => false,
            (Some(_), Some(grab)) => grab,
            (Some(d), None) => {
                (d.along - self.edge).abs() <= d.radius
                    && (self.span.0..=self.span.1).contains(&d.across)
            }
        }
    }

    fn held(
        &self,
        panel: egui::Panel,
        available: f32,
        range: egui::Rangef,
        now: bool,
    ) -> egui::Panel {
        match self.share {
            Some(share) if now => panel.exact_size((share * available).clamp(range.min, range.max)),
            _ => panel,
        }
    }

    /// Notes the size the panel was shown at, out of `available`, and where its resizable
    /// edge and its extent across are. The share changes only in a drag of that edge (see
    /// [`PanelShare::grabbing`]) in a window that did not change size: a size held to the
    /// panel's range in a small window, or grown to fit its contents, is not the share to
    /// grow back to.
    pub fn record(
        &mut self,
        size: f32,
        available: f32,
        edge: f32,
        span: (f32, f32),
        drag: Option<PanelDrag>,
    ) {
        let grabbing = self.grabbing(drag);
        self.grab = drag.map(|_| grabbing);
        let dragged =
            grabbing && (available - self.available).abs() <= 0.5 && (size - self.size).abs() > 0.5;
        if available > 0.0 && (self.share.is_none() || dragged) {
            self.share = Some(size / available);
        }
        self.available = available;
        self.size = size;
        self.edge = edge;
        self.span = span;
    }
}

/// The shares of the sweep view's panels.
#[derive(Clone, Copy, Debug, Default)]
pub struct PanelShares {
    pub timeline: PanelShare,
    pub inspector: PanelShare,
    pub variants: PanelShare,
}

/// The UI's own state.
#[derive(Debug)]
pub struct UiState {
    pub mode: Mode,
    /// The selected object (its index in the scene).
    pub selected: Option<usize>,
    /// The ball last selected (its index), which the inspector keeps showing while an
    /// obstacle is selected.
    pub ball: Option<usize>,
    /// The sweep view's camera.
    pub view: View,
    pub playback: Playback,
    pub drag: Option<Drag>,
    pub panning: bool,
    /// The handle under the pointer (or being dragged).
    pub hot: Option<Handle>,
    /// The world point under the pointer, when it is over the canvas.
    pub cursor_world: Option<Vec2>,
    /// Half the canvas's extent in world units, as last drawn (zero before the first frame).
    pub visible_half: Vec2,
    /// Where the canvas's context menu was opened, in the world.
    pub context_at: Option<Vec2>,
    /// Fit the whole scene on the next frame.
    pub fit_requested: bool,
    /// The canvas's size at the last fit, while the view is still that fit (no pan or
    /// zoom since): a resized window is fitted again (shrunk, it cut the scene off until
    /// F was pressed).
    pub fitted_to: Option<egui::Vec2>,
    /// Frames left in which to fit if the camera does not show all of the scene.
    pub check_view: u8,
    /// The region the opened scene's view showed when it was saved (`View::extent`): in
    /// the first frames the camera is zoomed to show it in this canvas.
    pub opening_extent: Option<Vec2>,
    pub show_plots: bool,
    /// The panels' shares of the window, kept through resizes.
    pub panels: PanelShares,
    pub show_variants: bool,
    pub show_inspector: bool,
    pub show_help: bool,
    /// The rename dialog: object and text so far.
    pub rename: Option<(usize, String)>,
    /// Waiting for Save / Discard / Cancel before this.
    pub confirm: Option<Pending>,
    /// The last message for the status bar.
    pub status: String,
    /// The status bar's text when it was a field's refusal of typed text (a later value
    /// typed and applied clears it; a refusal of the edit itself stays until the next
    /// change, as every other status does).
    pub typed_refusal: Option<String>,
    /// The last load or save error, shown until dismissed.
    pub banner: Option<String>,
    /// The file whose loading failed, offered for reloading in the banner.
    pub banner_reload: Option<PathBuf>,
    pub save_question: Option<SaveQuestion>,
    pub report_form: Option<ReportForm>,
    /// The folder the user chose for screenshots and bug reports (absolute).
    pub output_dir: Option<PathBuf>,
    /// The last screenshot or bug report written (absolute), shown in the status bar.
    pub last_output: Option<PathBuf>,
    /// A number of its own for each document opened (each `UiState`): the inspector's
    /// scroll position is kept under it, so that every file opens with the inspector at its
    /// top and its ball's fields in sight.
    pub opened: u64,
}

impl UiState {
    pub fn new(view: View) -> Self {
        static OPENED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        Self {
            opened: OPENED.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            mode: Mode::Sweep,
            selected: None,
            ball: None,
            view,
            playback: Playback::default(),
            drag: None,
            panning: false,
            hot: None,
            cursor_world: None,
            visible_half: Vec2::ZERO,
            context_at: None,
            fit_requested: false,
            fitted_to: None,
            check_view: 3,
            opening_extent: view.extent,
            show_plots: true,
            panels: PanelShares::default(),
            show_variants: true,
            show_inspector: true,
            show_help: false,
            rename: None,
            confirm: None,
            status: String::new(),
            typed_refusal: None,
            banner: None,
            banner_reload: None,
            save_question: None,
            report_form: None,
            output_dir: None,
            last_output: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playback_loops_and_stops() {
        let mut p = Playback {
            t: 0.9,
            playing: true,
            looping: true,
            speed: 1.0,
        };
        p.advance(0.05);
        assert!((p.t - 0.95).abs() < 1e-6);
        p.advance(0.1);
        assert_eq!(p.t, 0.0);
        p.looping = false;
        p.t = 0.95;
        p.advance(0.1);
        assert_eq!((p.t, p.playing), (1.0, false));
        p.step(-2.0);
        assert_eq!(p.t, 0.0);
    }
}
