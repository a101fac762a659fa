//! Scene files: open (dialog on a worker thread), save, save as, recent files, the error
//! banner, and the "unsaved changes" question before anything would drop edits.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};

use crate::scene::{Scene, SceneError, load_scene, save_scene};

/// Recent files kept.
const RECENT: usize = 8;

/// Something that would replace the scene, waiting for the user's answer about unsaved edits.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Open(PathBuf),
    OpenDialog,
    New,
    Close,
}

/// What a file dialog answered.
pub enum DialogResult {
    Open(Option<PathBuf>),
    SaveAs(Option<PathBuf>),
}

#[derive(Default)]
pub struct Files {
    /// The file the scene came from / was last saved to.
    pub path: Option<PathBuf>,
    pub recent: Vec<PathBuf>,
    /// The last load or save error, shown until dismissed.
    pub banner: Option<String>,
    /// Waiting for the user's Save / Discard / Cancel.
    pub confirm: Option<Pending>,
    /// Run after a successful "Save as" started from the confirm modal.
    pub after_save: Option<Pending>,
    dialog: Option<Receiver<DialogResult>>,
}

impl Files {
    pub fn remember(&mut self, path: &Path) {
        let p = path.to_path_buf();
        self.recent.retain(|r| r != &p);
        self.recent.insert(0, p);
        self.recent.truncate(RECENT);
    }

    /// Loads `path`; on error the banner names file:line:col and nothing else changes.
    pub fn load(&mut self, path: &Path) -> Option<Scene> {
        match load_scene(path) {
            Ok(s) => {
                self.banner = None;
                self.path = Some(path.to_path_buf());
                self.remember(path);
                Some(s)
            }
            Err(e) => {
                self.banner = Some(e.to_string());
                None
            }
        }
    }

    /// Saves to `path`; returns whether it worked (errors go to the banner).
    pub fn save_to(&mut self, path: &Path, scene: &Scene) -> bool {
        match save_scene(path, scene) {
            Ok(()) => {
                self.banner = None;
                self.path = Some(path.to_path_buf());
                self.remember(path);
                true
            }
            Err(e) => {
                self.banner = Some(e.to_string());
                false
            }
        }
    }

    /// Starts a native file dialog on a worker thread, so a slow or blocking dialog never
    /// freezes the UI. `ctx` is woken when it answers.
    pub fn start_dialog(&mut self, ctx: &egui::Context, save: bool, suggested: &str) {
        if self.dialog.is_some() {
            return;
        }
        let (tx, rx) = channel();
        let ctx = ctx.clone();
        let dir = self
            .path
            .as_ref()
            .and_then(|p| p.parent().map(Path::to_path_buf));
        let name = format!("{suggested}.ron");
        let spawned = std::thread::Builder::new()
            .name("file-dialog".into())
            .spawn(move || {
                let mut d = rfd::FileDialog::new().add_filter("sweepscope scene", &["ron"]);
                if let Some(dir) = dir {
                    d = d.set_directory(dir);
                }
                let result = if save {
                    DialogResult::SaveAs(d.set_file_name(name).save_file())
                } else {
                    DialogResult::Open(d.pick_file())
                };
                let _ = tx.send(result);
                ctx.request_repaint();
            });
        match spawned {
            Ok(_) => self.dialog = Some(rx),
            Err(e) => self.banner = Some(format!("could not open a file dialog: {e}")),
        }
    }

    /// The dialog's answer, once.
    pub fn poll_dialog(&mut self) -> Option<DialogResult> {
        let r = self.dialog.as_ref()?.try_recv().ok()?;
        self.dialog = None;
        Some(r)
    }
}

/// Title-bar text: scene name, file, and `*` for unsaved changes.
pub fn title(scene: &Scene, path: Option<&Path>, dirty: bool) -> String {
    let file = path.map_or_else(|| "unsaved".to_owned(), |p| p.display().to_string());
    let name = if scene.name.is_empty() {
        "scene"
    } else {
        &scene.name
    };
    format!(
        "{}{name} — {file} — sweepscope",
        if dirty { "*" } else { "" }
    )
}

/// The error for a file dropped on the window that is not a scene.
pub fn not_a_scene(path: &Path) -> SceneError {
    SceneError {
        file: path.display().to_string(),
        line: None,
        column: None,
        message: "not a .ron scene file".to_owned(),
    }
}
