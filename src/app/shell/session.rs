//! The session remembered between launches (its own file, [`SESSION_FILE`], in the app's
//! storage folder), and what a restored session may claim. The title never lies about it:
//!
//! - changes the user discarded on closing are not remembered: only the file's name is, and
//!   the next launch opens the file as it is on disk;
//! - a remembered scene that belongs to a file comes back clean only when the file still
//!   holds the same content (the camera aside); otherwise it comes back marked unsaved;
//! - a remembered scene without a file comes back unsaved when it was unsaved.

use std::io::Read;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::scene::limits::MAX_SCENE_BYTES;
use crate::scene::{Scene, View, load_scene, parse_scene};

/// The session's file in the app's storage folder (`eframe::storage_dir`), written whole
/// or not at all. eframe rewrites its own storage file in place: a full disk cut it short
/// in the middle of the unsaved scene it held, and the next launch opened the default
/// scene with every edit gone. eframe's file keeps the window's size alone.
pub const SESSION_FILE: &str = "session.ron";

/// Bytes of a session file read at most: a scene the loader accepts, escaped into a RON
/// string (at most 6 bytes a byte, `\u{1}` for a control character), and the rest.
const MAX_SESSION_BYTES: u64 = 6 * MAX_SCENE_BYTES + (1 << 20);

/// Everything a session remembers, as its file holds it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SessionFile {
    /// The scene and its file, as [`Stored`].
    pub scene: String,
    pub path: Option<String>,
    pub dirty: bool,
    pub selected: Option<String>,
    pub on_disk: Option<u64>,
    /// The bug-report folder chosen, the recent files (newest first), the interface scale.
    pub output_dir: Option<String>,
    pub recent: Vec<String>,
    pub ui_scale: Option<f32>,
}

impl SessionFile {
    /// The scene's part.
    pub fn stored(&self) -> Stored {
        Stored {
            scene: self.scene.clone(),
            path: self.path.as_deref().map(PathBuf::from),
            dirty: self.dirty,
            selected: self.selected.clone(),
            on_disk: self.on_disk,
        }
    }
}

/// Writes `session` to [`SESSION_FILE`] in `dir` (made if missing), atomically: the old
/// file stays whole if this fails. The error says what failed, for the banner.
pub fn write_session(dir: &Path, session: &SessionFile) -> Result<(), String> {
    let path = dir.join(SESSION_FILE);
    let text = ron::ser::to_string_pretty(session, ron::ser::PrettyConfig::default())
        .map_err(|e| format!("cannot write it as RON: {e}"))?;
    std::fs::create_dir_all(dir)
        .and_then(|()| crate::atomic_file::write_atomically(&path, text.as_bytes()))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The session in `dir`'s [`SESSION_FILE`]: `Ok(None)` when there is none (a first launch,
/// or a session an earlier version kept in eframe's storage), `Err` saying why when it
/// cannot be read.
pub fn read_session(dir: &Path) -> Result<Option<SessionFile>, String> {
    let path = dir.join(SESSION_FILE);
    let file = match std::fs::File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let mut text = String::new();
    file.take(MAX_SESSION_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if text.len() as u64 > MAX_SESSION_BYTES {
        return Err(format!(
            "{}: longer than {MAX_SESSION_BYTES} bytes",
            path.display()
        ));
    }
    ron::from_str(&text)
        .map(Some)
        .map_err(|e| format!("{}:{e}", path.display()))
}

/// What is stored for the next launch.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stored {
    /// The scene's text; empty when there is nothing to bring back (its changes were
    /// discarded, or it is the file as saved).
    pub scene: String,
    /// The file the scene belongs to.
    pub path: Option<PathBuf>,
    /// The scene had unsaved changes.
    pub dirty: bool,
    /// The name of the object the inspector showed.
    pub selected: Option<String>,
    /// The fingerprint of the file as the scene last read or wrote it.
    pub on_disk: Option<u64>,
}

/// A session to open: the scene, its file, whether it is unsaved, and an error to show
/// (with the file to offer reloading).
#[derive(Clone, Debug, PartialEq)]
pub struct Restored {
    pub scene: Scene,
    pub path: Option<PathBuf>,
    pub unsaved: bool,
    /// The object to select, by name, when the scene still has it.
    pub selected: Option<String>,
    /// The fingerprint of the file as the last session knew it.
    pub on_disk: Option<u64>,
}

/// What to open from `stored`: `Ok(None)` when there is nothing (start as a new user
/// would), `Err` with the message when the file it names cannot be loaded.
pub fn restore(stored: &Stored) -> Result<Option<Restored>, String> {
    // A corrupt stored scene is ignored: the file, if any, is opened instead.
    let remembered = (!stored.scene.trim().is_empty())
        .then(|| parse_scene(&stored.scene, "last session").ok())
        .flatten();
    let on_disk = stored.path.as_deref().map(load_scene);
    match (remembered, on_disk) {
        (None, None) => Ok(None),
        (None, Some(Ok(scene))) => Ok(Some(Restored {
            scene,
            path: stored.path.clone(),
            unsaved: false,
            selected: stored.selected.clone(),
            on_disk: stored.on_disk,
        })),
        (None, Some(Err(e))) => Err(e.to_string()),
        (Some(scene), None) => Ok(Some(Restored {
            scene,
            path: None,
            unsaved: stored.dirty,
            selected: stored.selected.clone(),
            on_disk: stored.on_disk,
        })),
        (Some(scene), Some(file)) => {
            let matches = file.is_ok_and(|f| same_content(&f, &scene));
            Ok(Some(Restored {
                scene,
                path: stored.path.clone(),
                unsaved: !matches,
                selected: stored.selected.clone(),
                on_disk: stored.on_disk,
            }))
        }
    }
}

/// What to store: the scene unless its changes were `discarded` on closing.
/// (The selection is the caller's to add.)
pub fn to_store(scene_text: String, path: Option<&Path>, dirty: bool, discarded: bool) -> Stored {
    if discarded {
        Stored {
            scene: String::new(),
            path: path.map(Path::to_path_buf),
            dirty: false,
            selected: None,
            on_disk: None,
        }
    } else {
        Stored {
            scene: scene_text,
            path: path.map(Path::to_path_buf),
            dirty,
            selected: None,
            on_disk: None,
        }
    }
}

/// Whether two scenes hold the same content; the camera is not content.
pub fn same_content(a: &Scene, b: &Scene) -> bool {
    let view = View::default();
    let (mut a, mut b) = (a.clone(), b.clone());
    a.view = view;
    b.view = view;
    a == b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{builtin, save_scene, scene_to_string};

    fn dir(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("sweepscope-session-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn discarded_changes_do_not_come_back_under_a_clean_title() {
        let d = dir("discard");
        let file = d.join("a.ron");
        let saved = builtin::default_scene();
        save_scene(&file, &saved).unwrap();
        let mut edited = saved.clone();
        edited.name = "edited, then discarded".into();
        let stored = to_store(scene_to_string(&edited), Some(&file), true, true);
        let r = restore(&stored).unwrap().unwrap();
        assert_eq!(r.scene, saved, "the file as it is on disk");
        assert!(!r.unsaved);
        // An unsaved new scene that was discarded is not brought back at all.
        let stored = to_store(scene_to_string(&edited), None, true, true);
        assert_eq!(restore(&stored), Ok(None));
        let _ = std::fs::remove_dir_all(d);
    }

    #[test]
    fn a_restored_scene_is_clean_only_if_its_file_holds_it() {
        let d = dir("match");
        let file = d.join("a.ron");
        let scene = builtin::default_scene();
        save_scene(&file, &scene).unwrap();
        // Panned since: the camera is not content.
        let mut panned = scene.clone();
        panned.view.center.x += 10.0;
        let r = restore(&to_store(
            scene_to_string(&panned),
            Some(&file),
            false,
            false,
        ));
        let r = r.unwrap().unwrap();
        assert!(!r.unsaved);
        assert_eq!(r.scene.view, panned.view);
        // The file changed on disk (or the session held edits): unsaved, with its path.
        let mut other = scene.clone();
        other.description = "changed on disk".into();
        save_scene(&file, &other).unwrap();
        let r = restore(&to_store(
            scene_to_string(&scene),
            Some(&file),
            false,
            false,
        ));
        let r = r.unwrap().unwrap();
        assert!(r.unsaved);
        assert_eq!(r.path.as_deref(), Some(file.as_path()));
        // The file is gone: unsaved too.
        std::fs::remove_file(&file).unwrap();
        let r = restore(&to_store(
            scene_to_string(&scene),
            Some(&file),
            false,
            false,
        ));
        assert!(r.unwrap().unwrap().unsaved);
        let _ = std::fs::remove_dir_all(d);
    }

    #[test]
    fn a_file_that_no_longer_loads_is_an_error_to_show() {
        let d = dir("gone");
        let file = d.join("gone.ron");
        let stored = to_store(String::new(), Some(&file), false, true);
        let e = restore(&stored).unwrap_err();
        assert!(e.contains("gone.ron"), "{e}");
        let _ = std::fs::remove_dir_all(d);
    }

    /// Outside test: eframe's storage file, rewritten in place, was cut off on a full
    /// disk in the middle of the unsaved scene it held, and the next launch opened the
    /// default scene. The session's own file is written atomically: a failed write keeps
    /// the last one whole and says why.
    #[test]
    fn the_session_file_is_written_whole_or_not_at_all() {
        let d = dir("file");
        let session = SessionFile {
            scene: scene_to_string(&builtin::default_scene()),
            path: Some("/somewhere/a \"quoted\" name.ron".into()),
            dirty: true,
            selected: Some("ball".into()),
            on_disk: Some(u64::MAX),
            output_dir: None,
            recent: vec!["/a.ron".into(), "/b.ron".into()],
            ui_scale: Some(1.25),
        };
        assert_eq!(read_session(&d), Ok(None));
        write_session(&d, &session).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(read_session(&d), Ok(Some(session.clone())));
        // A folder that cannot be made (a file in the way): an error naming the place, and
        // the session written before is untouched.
        let blocked = d.join("blocked");
        std::fs::write(&blocked, "a file").unwrap();
        let e = write_session(&blocked.join("deeper"), &session).unwrap_err();
        assert!(e.contains("blocked"), "{e}");
        assert_eq!(read_session(&d), Ok(Some(session)));
        // A file that is not a session: said with its place in the text.
        std::fs::write(d.join(SESSION_FILE), "(scene: 12").unwrap();
        let e = read_session(&d).unwrap_err();
        assert!(e.contains(SESSION_FILE) && e.contains(":1:"), "{e}");
        let _ = std::fs::remove_dir_all(d);
    }

    #[test]
    fn an_untitled_scene_keeps_its_unsaved_mark() {
        let s = builtin::default_scene();
        let r = restore(&to_store(scene_to_string(&s), None, true, false));
        assert!(r.unwrap().unwrap().unsaved);
        let r = restore(&to_store(scene_to_string(&s), None, false, false));
        assert!(!r.unwrap().unwrap().unsaved);
    }
}
