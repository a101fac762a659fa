//! File dialogs and recent files. A dialog is the native one (rfd, on a worker thread so a
//! slow or blocking dialog never freezes the UI) when one can be shown, else the in-app one
//! ([`super::file_dialog`]). Which one, and why, is decided here:
//!
//! - rfd answers `None` both when the user cancels and when no dialog could be shown (no
//!   xdg-desktop-portal on the session bus and no `zenity`), so before trying it we look
//!   for what it needs — a session D-Bus or a `zenity` on the `PATH` — and go straight to
//!   the in-app dialog when neither is there;
//! - when it is tried and answers `None` faster than a person can cancel a dialog
//!   ([`HUMAN_CANCEL`]), it did not show: the in-app dialog opens instead and the native
//!   one is not tried again in this session.
//!
//! Either way the caller gets a sentence for the status bar saying why the native dialog
//! was not used. Tests never reach rfd: a [`Files`] tries the native dialog only after
//! [`Files::allow_native`] (the window does that).

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use super::file_dialog::{DialogKind, FileDialog, Outcome};
use crate::app::ui_state::Pending;
use crate::scene::{Scene, SceneError};

/// Recent files kept.
const RECENT: usize = 8;

/// A native dialog that closes with no answer sooner than this never showed.
pub const HUMAN_CANCEL: Duration = Duration::from_millis(400);

/// A dialog to show: what for, the file name to suggest (saving) and where to start.
#[derive(Clone, Debug, PartialEq)]
pub struct DialogRequest {
    pub kind: DialogKind,
    pub suggested: String,
    pub dir: PathBuf,
}

/// What a dialog answered.
#[derive(Clone, Debug, PartialEq)]
pub enum DialogResult {
    /// A path (for `Save`, with `.ron` added when the name had no extension). `confirmed`:
    /// the dialog itself already asked before replacing an existing file.
    Picked {
        kind: DialogKind,
        path: PathBuf,
        confirmed: bool,
    },
    Cancelled(DialogKind),
}

/// The native dialog's answer from its worker thread.
enum Native {
    Picked(PathBuf),
    Cancelled,
    /// It did not show; why.
    Failed(String),
}

#[derive(Default)]
pub struct Files {
    pub recent: Vec<PathBuf>,
    /// Run after a successful "Save as" started from the unsaved-changes question.
    pub after_save: Option<Pending>,
    /// Try the native dialog (the window sets this; tests never do).
    native: bool,
    /// Why the native dialog is not used, once found out.
    native_unavailable: Option<String>,
    worker: Option<(DialogRequest, Receiver<Native>)>,
    in_app: Option<FileDialog>,
}

impl Files {
    pub fn remember(&mut self, path: &Path) {
        let p = crate::app::document::absolute(path);
        self.recent.retain(|r| r != &p);
        self.recent.insert(0, p);
        self.recent.truncate(RECENT);
    }

    /// Replaces the recent files with `list`, each file once (its first place) and at most
    /// [`RECENT`] of them: a restored list with this launch's file added grew by one entry
    /// a launch, with duplicates.
    pub fn set_recent(&mut self, list: Vec<PathBuf>) {
        let mut recent: Vec<PathBuf> = Vec::with_capacity(RECENT);
        for p in list {
            if recent.len() == RECENT {
                break;
            }
            if !recent.contains(&p) {
                recent.push(p);
            }
        }
        self.recent = recent;
    }

    /// Lets dialogs try the native one first.
    pub fn allow_native(&mut self) {
        self.native = true;
    }

    /// Whether a dialog is open (or a native one is in flight).
    pub fn dialog_open(&self) -> bool {
        self.worker.is_some() || self.in_app.is_some()
    }

    /// Opens a dialog for `request`. Returns a sentence for the status bar when the
    /// in-app dialog is used in place of the native one.
    pub fn start(&mut self, ctx: &egui::Context, request: DialogRequest) -> Option<String> {
        if self.dialog_open() {
            return None;
        }
        if !self.native {
            self.open_in_app(request);
            return None;
        }
        if self.native_unavailable.is_none() {
            self.native_unavailable = native_missing();
        }
        if let Some(why) = &self.native_unavailable {
            let message = fallback_message(why);
            self.open_in_app(request);
            return Some(message);
        }
        match spawn_native(ctx, request.clone()) {
            Ok(rx) => {
                self.worker = Some((request, rx));
                None
            }
            Err(why) => {
                self.native_unavailable = Some(why.clone());
                self.open_in_app(request);
                Some(fallback_message(&why))
            }
        }
    }

    /// The native dialog's answer, once; a native dialog that did not show opens the
    /// in-app one (and the sentence saying so is returned beside `None`).
    pub fn poll(&mut self) -> (Option<DialogResult>, Option<String>) {
        let Some((request, rx)) = &self.worker else {
            return (None, None);
        };
        let Ok(answer) = rx.try_recv() else {
            return (None, None);
        };
        let request = request.clone();
        self.worker = None;
        let kind = request.kind;
        match answer {
            Native::Picked(path) => {
                let path = with_scene_extension(kind, path);
                // The portal and zenity ask before replacing a file.
                let confirmed = true;
                (
                    Some(DialogResult::Picked {
                        kind,
                        path,
                        confirmed,
                    }),
                    None,
                )
            }
            Native::Cancelled => (Some(DialogResult::Cancelled(kind)), None),
            Native::Failed(why) => {
                let message = fallback_message(&why);
                self.native_unavailable = Some(why);
                self.open_in_app(request);
                (None, Some(message))
            }
        }
    }

    /// Draws the in-app dialog when it is open; its answer, once.
    pub fn show_in_app(&mut self, ctx: &egui::Context) -> Option<DialogResult> {
        let dialog = self.in_app.as_mut()?;
        let kind = dialog.kind();
        let result = match dialog.show(ctx) {
            Outcome::Open => return None,
            Outcome::Chosen(path) => DialogResult::Picked {
                kind,
                path: with_scene_extension(kind, path),
                confirmed: false,
            },
            Outcome::Cancelled => DialogResult::Cancelled(kind),
        };
        self.in_app = None;
        Some(result)
    }

    fn open_in_app(&mut self, request: DialogRequest) {
        let name = match request.kind {
            DialogKind::Save => format!("{}.ron", request.suggested),
            DialogKind::Open | DialogKind::Folder => String::new(),
        };
        self.in_app = Some(FileDialog::new(request.kind, &request.dir, &name));
    }
}

/// The status-bar sentence for using the in-app dialog because of `why`.
fn fallback_message(why: &str) -> String {
    format!("no native file dialog ({why}): using the built-in one")
}

/// `name` → `name.ron` for a new scene file to save; other paths (an existing file the
/// user picked, whatever its name) as they are.
fn with_scene_extension(kind: DialogKind, path: PathBuf) -> PathBuf {
    if kind == DialogKind::Save && path.extension().is_none() && !path.exists() {
        path.with_extension("ron")
    } else {
        path
    }
}

/// Why rfd cannot show a dialog here, if it cannot: on Linux and the BSDs it needs
/// xdg-desktop-portal on a session D-Bus, or the `zenity` program.
fn native_missing() -> Option<String> {
    if cfg!(any(target_os = "windows", target_os = "macos")) {
        return None;
    }
    let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    if find_program("zenity", env("PATH").as_deref()) {
        return None;
    }
    let bus_socket = env("XDG_RUNTIME_DIR").is_some_and(|d| Path::new(&d).join("bus").exists());
    if env("DBUS_SESSION_BUS_ADDRESS").is_some() || bus_socket {
        return None;
    }
    Some("no D-Bus session for xdg-desktop-portal, and no zenity".to_owned())
}

/// Whether an executable file `name` is in one of the `PATH` folders.
fn find_program(name: &str, path: Option<&std::ffi::OsStr>) -> bool {
    let Some(path) = path else { return false };
    std::env::split_paths(path).any(|dir| {
        let p = dir.join(name);
        p.is_file() && executable(&p)
    })
}

#[cfg(unix)]
fn executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn executable(_: &Path) -> bool {
    true
}

/// Runs rfd on a worker thread; `ctx` is woken when it answers.
fn spawn_native(ctx: &egui::Context, request: DialogRequest) -> Result<Receiver<Native>, String> {
    let (tx, rx) = channel();
    let ctx = ctx.clone();
    std::thread::Builder::new()
        .name("file-dialog".into())
        .spawn(move || {
            let mut d = rfd::FileDialog::new().set_directory(&request.dir);
            if request.kind != DialogKind::Folder {
                d = d.add_filter("sweepscope scene", &["ron"]);
            }
            let started = Instant::now();
            let picked = match request.kind {
                DialogKind::Open => d.set_title("Open scene").pick_file(),
                DialogKind::Save => d
                    .set_title("Save scene")
                    .set_file_name(format!("{}.ron", request.suggested))
                    .save_file(),
                DialogKind::Folder => d
                    .set_title("Folder for screenshots and bug reports")
                    .pick_folder(),
            };
            let took = started.elapsed();
            let answer = match picked {
                Some(p) => Native::Picked(p),
                None if took < HUMAN_CANCEL => Native::Failed(format!(
                    "the system dialog closed after {} ms without showing: no xdg-desktop-portal \
                     or zenity answered",
                    took.as_millis()
                )),
                None => Native::Cancelled,
            };
            let _ = tx.send(answer);
            ctx.request_repaint();
        })
        .map_err(|e| format!("could not start a thread for it: {e}"))?;
    Ok(rx)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Outside test: each launch with a file added it to the restored list, which was
    /// made unique only between neighbours and never cut: the menu listed files twice and
    /// the list grew a launch at a time.
    #[test]
    fn restored_recent_files_are_each_listed_once_and_at_most_eight() {
        let p = |s: &str| PathBuf::from(format!("/{s}.ron"));
        let mut f = Files::default();
        let mut list = vec![p("now"), p("a"), p("b"), p("a"), p("now")];
        list.extend((0..20).map(|i| p(&i.to_string())));
        f.set_recent(list);
        assert_eq!(f.recent.len(), RECENT);
        assert_eq!(&f.recent[..3], &[p("now"), p("a"), p("b")]);
        let mut seen = f.recent.clone();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), RECENT);
    }

    #[test]
    fn programs_are_found_on_the_path_only_when_executable() {
        let dir = std::env::temp_dir().join(format!("sweepscope-path-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let tool = dir.join("fake-zenity");
        std::fs::write(&tool, "#!/bin/sh\n").unwrap();
        let path = std::env::join_paths([Path::new("/nonexistent"), &dir]).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&tool, std::fs::Permissions::from_mode(0o644)).unwrap();
            assert!(!find_program("fake-zenity", Some(&path)));
            std::fs::set_permissions(&tool, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        assert!(find_program("fake-zenity", Some(&path)));
        assert!(!find_program("fake-zenity", None));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_saved_name_without_extension_gets_ron() {
        let p = with_scene_extension(DialogKind::Save, PathBuf::from("/tmp/none/scene"));
        assert_eq!(p, PathBuf::from("/tmp/none/scene.ron"));
        let keep = with_scene_extension(DialogKind::Save, PathBuf::from("/tmp/a.txt"));
        assert_eq!(keep, PathBuf::from("/tmp/a.txt"));
        let open = with_scene_extension(DialogKind::Open, PathBuf::from("/tmp/b"));
        assert_eq!(open, PathBuf::from("/tmp/b"));
    }
}
