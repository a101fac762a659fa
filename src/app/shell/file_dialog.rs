//! The in-app file dialog, for when no native one can be shown: a modal with the folder as
//! an editable path, its sub-folders and `.ron` scene files, a file-name field, and Open /
//! Save / Choose. Every field is labelled (screen readers, tests); Enter confirms, Escape
//! cancels. Replacing an existing file is asked about by the caller, which also asks
//! before dropping a file's comments.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use egui::{Context, Key, RichText, Ui};

use crate::app::draw::palette::Role;

/// What a dialog asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogKind {
    /// A scene file to open.
    Open,
    /// A scene file to save to.
    Save,
    /// The folder screenshots and bug reports go to.
    Folder,
}

/// Entries listed at most (a folder with more shows the first ones and says so).
const MAX_ENTRIES: usize = 5000;

/// One listed entry.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    /// As shown: a name that is not UTF-8 with its odd bytes as U+FFFD.
    name: String,
    /// As the file system has it.
    os_name: OsString,
    dir: bool,
}

/// What the dialog answered this frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Open,
    Chosen(PathBuf),
    Cancelled,
}

/// The dialog's state.
#[derive(Debug)]
pub struct FileDialog {
    kind: DialogKind,
    /// The folder listed (absolute).
    dir: PathBuf,
    /// The folder field as typed.
    dir_text: String,
    /// The file-name field (a name in `dir`, or a whole path).
    name: String,
    /// The listed entry last picked, as the file system names it: while the field still
    /// shows it, it is the one meant (a name that is not UTF-8 cannot be typed back).
    picked: Option<(String, OsString)>,
    entries: Vec<Entry>,
    /// More entries than listed.
    truncated: bool,
    show_hidden: bool,
    /// Why the folder could not be listed, or the last choice was refused.
    error: Option<String>,
    /// The file-name field was given the keyboard (on the first frame): the dialog opened
    /// with nothing focused, and Tab went through every listed file to reach it.
    focused: bool,
}

impl FileDialog {
    /// A dialog for `kind` listing `dir`, with `name` in the file-name field.
    pub fn new(kind: DialogKind, dir: &Path, name: &str) -> Self {
        let mut d = Self {
            kind,
            dir: PathBuf::new(),
            dir_text: String::new(),
            name: name.to_owned(),
            picked: None,
            entries: Vec::new(),
            truncated: false,
            show_hidden: false,
            error: None,
            focused: false,
        };
        d.enter(dir);
        d
    }

    pub fn kind(&self) -> DialogKind {
        self.kind
    }

    /// Lists `dir` (made absolute); on failure the previous listing stays with the error.
    fn enter(&mut self, dir: &Path) {
        let dir = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
        match list(&dir, self.kind, self.show_hidden) {
            Ok((entries, truncated)) => {
                self.entries = entries;
                self.truncated = truncated;
                self.dir = dir;
                self.error = None;
            }
            Err(e) => self.error = Some(format!("{}: {e}", dir.display())),
        }
        self.dir_text = self.dir.display().to_string();
    }

    /// The path the file-name field names, with `.` and `..` resolved (a title and the
    /// recent files said `/home/me/../notes.ron`, and listed one file twice), and a new
    /// file saved without an extension given `.ron` (File › Open lists `.ron` files only).
    fn target(&self) -> PathBuf {
        if let Some((shown, os_name)) = &self.picked
            && *shown == self.name
        {
            return crate::app::document::absolute(&self.dir.join(os_name));
        }
        let typed = Path::new(self.name.trim());
        let mut path = if typed.is_absolute() {
            typed.to_path_buf()
        } else {
            self.dir.join(typed)
        };
        // A new file only: an existing one (a device, a file named without one) is the
        // one meant.
        if self.kind == DialogKind::Save && path.extension().is_none() && !path.exists() {
            path.set_extension("ron");
        }
        crate::app::document::absolute(&path)
    }

    /// Confirms the current choice: a folder is entered (except when choosing a folder),
    /// a file must exist to be opened.
    fn confirm(&mut self) -> Outcome {
        if self.kind == DialogKind::Folder {
            let chosen = if self.name.trim().is_empty() {
                self.dir.clone()
            } else {
                self.target()
            };
            if chosen.is_dir() {
                return Outcome::Chosen(chosen);
            }
            let why = if chosen.exists() {
                crate::scene::io::not_a_folder(&chosen)
            } else {
                "no such folder".to_owned()
            };
            self.error = Some(format!("{}: {why}", chosen.display()));
            return Outcome::Open;
        }
        if self.name.trim().is_empty() {
            self.error = Some("type a file name, or pick a file".to_owned());
            return Outcome::Open;
        }
        let target = self.target();
        if target.is_dir() {
            self.name.clear();
            self.enter(&target);
            return Outcome::Open;
        }
        if self.kind == DialogKind::Open
            && let Some(why) = crate::scene::io::not_a_scene_file(&target)
        {
            self.error = Some(format!("{}: {why}", target.display()));
            return Outcome::Open;
        }
        // A save into a folder that is not there would fail once the dialog had closed,
        // and the name be typed again: said here, the dialog kept open.
        if self.kind == DialogKind::Save
            && let Some(folder) = target.parent()
            && !folder.is_dir()
        {
            self.error = Some(format!("{}: no such folder to save in", folder.display()));
            return Outcome::Open;
        }
        Outcome::Chosen(target)
    }

    /// Draws the dialog; what it answered this frame.
    pub fn show(&mut self, ctx: &Context) -> Outcome {
        let mut outcome = Outcome::Open;
        let title = match self.kind {
            DialogKind::Open => "Open scene",
            DialogKind::Save => "Save scene as",
            DialogKind::Folder => "Folder for screenshots and bug reports",
        };
        let modal = egui::Modal::new(egui::Id::unique("in_app_file_dialog")).show(ctx, |ui| {
            ui.set_width(560.0);
            ui.heading(title);
            self.folder_row(ui);
            let mut confirmed = self.entries_list(ui);
            ui.separator();
            if self.kind != DialogKind::Folder {
                confirmed |= self.name_row(ui);
            }
            if ui
                .checkbox(&mut self.show_hidden, "Show hidden files")
                .changed()
            {
                let dir = self.dir.clone();
                self.enter(&dir);
            }
            if let Some(e) = &self.error {
                ui.label(RichText::new(e).color(Role::Alert.color()));
            }
            ui.horizontal(|ui| {
                let verb = match self.kind {
                    DialogKind::Open => "Open",
                    DialogKind::Save => "Save",
                    DialogKind::Folder => "Choose this folder",
                };
                if ui.button(verb).clicked() {
                    confirmed = true;
                }
                if ui.button("Cancel").clicked() {
                    outcome = Outcome::Cancelled;
                }
            });
            if confirmed {
                outcome = self.confirm();
            }
        });
        if modal.should_close() && outcome == Outcome::Open {
            outcome = Outcome::Cancelled;
        }
        outcome
    }

    /// The folder shown: typed (Enter goes there) or one up.
    fn folder_row(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let l = ui.label("Folder");
            let up = ui
                .add_enabled(self.dir.parent().is_some(), egui::Button::new("Up"))
                .on_hover_text("The folder above");
            let field = ui
                .add(egui::TextEdit::singleline(&mut self.dir_text).desired_width(f32::INFINITY))
                .labelled_by(l.id);
            if up.clicked()
                && let Some(parent) = self.dir.parent().map(Path::to_path_buf)
            {
                self.enter(&parent);
            }
            if field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
                let typed = PathBuf::from(self.dir_text.trim());
                self.enter(&typed);
            }
        });
    }

    /// The folder's entries: a click picks a file (or, choosing a folder, a sub-folder)
    /// or enters a folder; a double click enters a folder or confirms a file. Returns
    /// whether a file was confirmed.
    fn entries_list(&mut self, ui: &mut Ui) -> bool {
        let mut entered = None;
        let mut picked = None;
        let mut confirmed = false;
        egui::ScrollArea::vertical()
            .id_salt("file_dialog_entries")
            .max_height(280.0)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
                for (i, e) in self.entries.iter().enumerate() {
                    let label = if e.dir {
                        format!("{}/", e.name)
                    } else {
                        e.name.clone()
                    };
                    let pickable = !e.dir || self.kind == DialogKind::Folder;
                    let selected = pickable && self.name == e.name;
                    let r = ui.selectable_label(selected, label);
                    if r.double_clicked() {
                        if e.dir {
                            entered = Some(self.dir.join(&e.os_name));
                        } else {
                            picked = Some(i);
                            confirmed = true;
                        }
                    } else if r.clicked() {
                        if pickable {
                            picked = Some(i);
                        } else {
                            entered = Some(self.dir.join(&e.os_name));
                        }
                    }
                }
                if self.entries.is_empty() {
                    ui.weak(match self.kind {
                        DialogKind::Folder => "(no sub-folders)",
                        _ => "(no folders or .ron files here)",
                    });
                }
                if self.truncated {
                    ui.weak(format!("(only the first {MAX_ENTRIES} entries are listed)"));
                }
            });
        if let Some(i) = picked {
            self.pick(i);
        }
        if let Some(dir) = entered {
            self.name.clear();
            self.enter(&dir);
        }
        confirmed
    }

    /// Puts listed entry `i` in the file-name field, as the one meant while it shows.
    fn pick(&mut self, i: usize) {
        if let Some(e) = self.entries.get(i) {
            self.name = e.name.clone();
            self.picked = Some((e.name.clone(), e.os_name.clone()));
        }
    }

    /// The file name field; Enter in it confirms. Returns whether it did.
    fn name_row(&mut self, ui: &mut Ui) -> bool {
        let mut confirmed = false;
        ui.horizontal(|ui| {
            let l = ui.label("File name");
            let field = ui
                .add(egui::TextEdit::singleline(&mut self.name).desired_width(f32::INFINITY))
                .labelled_by(l.id);
            if !std::mem::replace(&mut self.focused, true) {
                field.request_focus();
            }
            if field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
                confirmed = true;
            }
        });
        confirmed
    }
}

/// The sub-folders of `dir` and, unless choosing a folder, its `.ron` files: folders
/// first, each group by name (case-insensitive); hidden ones only when asked.
fn list(dir: &Path, kind: DialogKind, hidden: bool) -> std::io::Result<(Vec<Entry>, bool)> {
    let mut entries = Vec::new();
    let mut truncated = false;
    for entry in std::fs::read_dir(dir)? {
        let Ok(entry) = entry else { continue };
        let os_name = entry.file_name();
        let name = os_name.to_string_lossy().into_owned();
        if !hidden && name.starts_with('.') {
            continue;
        }
        // Follows links, so a link to a folder lists as one.
        let is_dir = entry.path().is_dir();
        let scene = Path::new(&name)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("ron"));
        if is_dir || (scene && kind != DialogKind::Folder) {
            if entries.len() == MAX_ENTRIES {
                truncated = true;
                break;
            }
            entries.push(Entry {
                name,
                os_name,
                dir: is_dir,
            });
        }
    }
    entries.sort_by_cached_key(|e| (!e.dir, e.name.to_lowercase()));
    Ok((entries, truncated))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder of its own per test: tests run in parallel threads of one process.
    fn scratch(test: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("sweepscope-dialog-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("sub")).unwrap();
        std::fs::create_dir_all(d.join(".hidden")).unwrap();
        for f in ["b.ron", "A.RON", "notes.txt"] {
            std::fs::write(d.join(f), "").unwrap();
        }
        d
    }

    #[test]
    fn folders_first_then_scene_files_only() {
        let d = scratch("folders_first_then_scene_files_only");
        let (entries, truncated) = list(&d, DialogKind::Open, false).unwrap();
        let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, vec!["sub", "A.RON", "b.ron"]);
        assert!(!truncated);
        let (folders, _) = list(&d, DialogKind::Folder, true).unwrap();
        let names: Vec<&str> = folders.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, vec![".hidden", "sub"]);
        let _ = std::fs::remove_dir_all(d);
    }

    #[test]
    fn confirming_a_folder_enters_it_and_a_missing_file_is_refused() {
        let d = scratch("confirming_a_folder_enters_it_and_a_missing_file_is_refused");
        let mut dialog = FileDialog::new(DialogKind::Open, &d, "sub");
        assert_eq!(dialog.confirm(), Outcome::Open);
        assert_eq!(dialog.dir, d.join("sub"));
        dialog.name = "missing.ron".into();
        assert_eq!(dialog.confirm(), Outcome::Open);
        assert!(
            dialog
                .error
                .as_deref()
                .is_some_and(|e| e.contains("no such file"))
        );
        let mut save = FileDialog::new(DialogKind::Save, &d, "new.ron");
        assert_eq!(save.confirm(), Outcome::Chosen(d.join("new.ron")));
        let _ = std::fs::remove_dir_all(d);
    }

    /// Hostile test: File › Open on a FIFO or a device said "no such file", though it is
    /// there; it says what it is, as the loader does.
    #[cfg(unix)]
    #[test]
    fn a_fifo_or_a_device_is_named_for_what_it_is() {
        let d = scratch("a_fifo_or_a_device_is_named_for_what_it_is");
        let fifo = d.join("pipe.ron");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        for (path, kind) in [
            (fifo.as_path(), "a FIFO"),
            (Path::new("/dev/zero"), "a device"),
        ] {
            let mut open = FileDialog::new(DialogKind::Open, &d, &path.display().to_string());
            assert_eq!(open.confirm(), Outcome::Open);
            let error = open.error.clone().unwrap_or_default();
            assert!(
                error.contains(kind) && !error.contains("no such file"),
                "{error}"
            );
        }
        let mut folder = FileDialog::new(DialogKind::Folder, &d, "b.ron");
        assert_eq!(folder.confirm(), Outcome::Open);
        let error = folder.error.clone().unwrap_or_default();
        assert!(error.contains("is a file, not a folder"), "{error}");
        let _ = std::fs::remove_dir_all(d);
    }

    /// Hostile test: a scene file whose name is not UTF-8 was listed (its odd bytes as
    /// U+FFFD) but opening it said "no such file": the name shown was looked up. The entry
    /// picked is opened by its own name.
    #[cfg(unix)]
    #[test]
    fn a_listed_file_whose_name_is_not_utf8_opens() {
        use std::os::unix::ffi::OsStrExt;
        let d = scratch("a_listed_file_whose_name_is_not_utf8_opens");
        let odd = std::ffi::OsStr::from_bytes(b"caf\xe9.ron");
        std::fs::write(d.join(odd), "").unwrap_or_else(|e| panic!("{e}"));
        let mut open = FileDialog::new(DialogKind::Open, &d, "");
        let i = open
            .entries
            .iter()
            .position(|e| e.name == "caf\u{fffd}.ron");
        let i = i.unwrap_or_else(|| panic!("not listed: {:?}", open.entries));
        open.pick(i);
        assert_eq!(open.confirm(), Outcome::Chosen(d.join(odd)));
        // Typed over, the field is what is meant again.
        open.name = "b.ron".into();
        assert_eq!(open.confirm(), Outcome::Chosen(d.join("b.ron")));
        let _ = std::fs::remove_dir_all(d);
    }

    /// User test: Save as into a folder that is not there closed the dialog, then failed
    /// with a banner, and the name had to be typed again. The dialog says so and stays.
    #[test]
    fn a_save_into_a_missing_folder_is_refused_in_the_dialog() {
        let d = scratch("a_save_into_a_missing_folder_is_refused_in_the_dialog");
        let mut save = FileDialog::new(DialogKind::Save, &d, "nowhere/mine.ron");
        assert_eq!(save.confirm(), Outcome::Open);
        let error = save.error.clone().unwrap_or_default();
        assert!(error.contains("no such folder"), "{error}");
        assert!(error.contains("nowhere"), "{error}");
        assert_eq!(save.name, "nowhere/mine.ron", "the name is kept to correct");
        std::fs::create_dir(d.join("nowhere")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            save.confirm(),
            Outcome::Chosen(d.join("nowhere").join("mine.ron"))
        );
        let _ = std::fs::remove_dir_all(d);
    }

    /// Save as "../notes" wrote `<folder>/../notes` with no extension: the title and the
    /// recent files said `..`, and File › Open did not list the file. The path is tidied,
    /// and a name without an extension saved as `.ron`; one with another is kept as typed.
    #[test]
    fn a_typed_path_is_tidied_and_a_saved_name_gets_ron() {
        let d = scratch("a_typed_path_is_tidied_and_a_saved_name_gets_ron");
        let mut save = FileDialog::new(DialogKind::Save, &d.join("sub"), "../notes");
        assert_eq!(save.confirm(), Outcome::Chosen(d.join("notes.ron")));
        let mut save = FileDialog::new(DialogKind::Save, &d, "./sub/../kept.txt");
        assert_eq!(save.confirm(), Outcome::Chosen(d.join("kept.txt")));
        let mut open = FileDialog::new(DialogKind::Open, &d.join("sub"), "../b.ron");
        assert_eq!(open.confirm(), Outcome::Chosen(d.join("b.ron")));
        let _ = std::fs::remove_dir_all(d);
    }

    #[test]
    fn a_folder_that_cannot_be_listed_keeps_the_last_listing_and_says_why() {
        let d = scratch("a_folder_that_cannot_be_listed_keeps_the_last_listing_and_says_why");
        let mut dialog = FileDialog::new(DialogKind::Open, &d, "");
        dialog.enter(&d.join("nonexistent"));
        assert_eq!(dialog.dir, d);
        assert!(
            dialog
                .error
                .as_deref()
                .is_some_and(|e| e.contains("nonexistent"))
        );
        let _ = std::fs::remove_dir_all(d);
    }
}
