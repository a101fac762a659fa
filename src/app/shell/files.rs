//! Scene files: the native file dialog on a worker thread, and the recent files.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};

use crate::app::ui_state::Pending;
use crate::scene::{Scene, SceneError};

/// Recent files kept.
const RECENT: usize = 8;

/// What a file dialog answered.
pub enum DialogResult {
    Open(Option<PathBuf>),
    SaveAs(Option<PathBuf>),
}

#[derive(Default)]
pub struct Files {
    pub recent: Vec<PathBuf>,
    /// Run after a successful "Save as" started from the unsaved-changes question.
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

    /// Starts a native file dialog on a worker thread, so a slow or blocking dialog never
    /// freezes the UI. `ctx` is woken when it answers; `dir` is where it starts.
    pub fn start_dialog(
        &mut self,
        ctx: &egui::Context,
        save: bool,
        suggested: &str,
        dir: Option<PathBuf>,
    ) -> Result<(), String> {
        if self.dialog.is_some() {
            return Ok(());
        }
        let (tx, rx) = channel();
        let ctx = ctx.clone();
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
            Ok(_) => {
                self.dialog = Some(rx);
                Ok(())
            }
            Err(e) => Err(format!("could not open a file dialog: {e}")),
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
