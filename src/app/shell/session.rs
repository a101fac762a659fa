//! The session remembered between launches (eframe's storage), and what a restored session
//! may claim. The title never lies about it:
//!
//! - changes the user discarded on closing are not remembered: only the file's name is, and
//!   the next launch opens the file as it is on disk;
//! - a remembered scene that belongs to a file comes back clean only when the file still
//!   holds the same content (the camera aside); otherwise it comes back marked unsaved;
//! - a remembered scene without a file comes back unsaved when it was unsaved.

use std::path::{Path, PathBuf};

use crate::scene::{Scene, View, load_scene, parse_scene};

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
        })),
        (None, Some(Err(e))) => Err(e.to_string()),
        (Some(scene), None) => Ok(Some(Restored {
            scene,
            path: None,
            unsaved: stored.dirty,
            selected: stored.selected.clone(),
        })),
        (Some(scene), Some(file)) => {
            let matches = file.is_ok_and(|f| same_content(&f, &scene));
            Ok(Some(Restored {
                scene,
                path: stored.path.clone(),
                unsaved: !matches,
                selected: stored.selected.clone(),
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
        }
    } else {
        Stored {
            scene: scene_text,
            path: path.map(Path::to_path_buf),
            dirty,
            selected: None,
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

    #[test]
    fn an_untitled_scene_keeps_its_unsaved_mark() {
        let s = builtin::default_scene();
        let r = restore(&to_store(scene_to_string(&s), None, true, false));
        assert!(r.unwrap().unwrap().unsaved);
        let r = restore(&to_store(scene_to_string(&s), None, false, false));
        assert!(!r.unwrap().unwrap().unsaved);
    }
}
