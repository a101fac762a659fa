//! The document: the scene being edited, the file it belongs to, its undo history and a
//! revision that names its content. [`Document::apply`] is the only code that changes the
//! scene; everything else reads it.
//!
//! Invariants:
//! - every distinct content gets its own revision number, unique in the process (a new
//!   document never reuses one), and undo and redo restore the revision of the content
//!   they bring back, so "unsaved" is exactly `revision != saved revision` and the
//!   evaluation is recomputed exactly when the revision it was made for is not the current
//!   one;
//! - the camera is not content: it lives in the UI state and is written into the scene only
//!   when a copy of the scene leaves the app (save, bug report), so panning never marks the
//!   scene unsaved nor adds an undo step;
//! - an edit made as part of a gesture (a drag, a field being typed in) joins the undo step
//!   the gesture opened; [`Document::end_gesture`] closes it.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::scene::expect::{
    drop_references, followed_rename, rename_path_references, rename_references, rename_reported,
};
use crate::scene::{
    Expectation, HeatMap, Layers, Object, PathExpectation, ResponseSettings, Scene, Shape,
    Simulation, View,
};
use crate::variants::Params;

/// Undo steps kept at most; older ones are dropped.
const UNDO_LIMIT: usize = 200;

/// Memory the undo history may take, roughly: a scene of 10⁵ objects keeps fewer steps
/// than a small one (each step is a whole copy of the scene).
const UNDO_BUDGET_BYTES: usize = 256 << 20;

/// The last revision handed out, by any document.
static LAST_REVISION: AtomicU64 = AtomicU64::new(0);

fn next_revision() -> u64 {
    LAST_REVISION.fetch_add(1, Ordering::Relaxed) + 1
}

/// One change to the scene.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Replace an object's shape (a handle drag, an inspector field).
    SetShape {
        object: usize,
        shape: Shape,
    },
    Rename {
        object: usize,
        name: String,
    },
    /// Append an object.
    Add(Object),
    Remove {
        object: usize,
    },
    SetResponse(ResponseSettings),
    SetLayers(Layers),
    SetHeatMap(HeatMap),
    /// The ids of the published variants drawn beside the exact answer.
    SetVariants(Vec<String>),
    SetParams(Params),
    /// The scene's own name and description (not an object's).
    SetName(String),
    SetDescription(String),
    SetNotes(String),
    /// The scene's `expect` and `expect_paths` lists, recorded together.
    SetExpectations(Vec<Expectation>, Vec<PathExpectation>),
    /// The disc simulation's set-up (after a spawn or a fill, for instance).
    SetSimulation(Option<Simulation>),
}

/// A scene with its file, history and revisions.
#[derive(Debug)]
pub struct Document {
    scene: Scene,
    path: Option<PathBuf>,
    revision: u64,
    /// The revision the file on disk holds, if any does.
    saved: Option<u64>,
    /// The fingerprint of the file's bytes as this document last read or wrote them: a
    /// save over a file another program changed since is asked about first.
    on_disk: Option<u64>,
    undo: Vec<(Scene, u64)>,
    redo: Vec<(Scene, u64)>,
    /// An undo step is open for the gesture in progress.
    gesture: bool,
}

impl Document {
    /// A document for `scene`, from `path` when it was read from one (and so saved there).
    pub fn new(scene: Scene, path: Option<PathBuf>) -> Self {
        let revision = next_revision();
        Self {
            scene,
            on_disk: path.as_deref().and_then(fingerprint),
            path: path.map(|p| absolute(&p)),
            revision,
            saved: Some(revision),
            undo: Vec::new(),
            redo: Vec::new(),
            gesture: false,
        }
    }

    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The name of the current content; changes with every edit, undo and redo.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether the content differs from what was last opened or saved.
    pub fn dirty(&self) -> bool {
        self.saved != Some(self.revision)
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The scene with the camera `view`, as it leaves the app (a save, a bug report).
    pub fn scene_with_view(&self, view: View) -> Scene {
        let mut s = self.scene.clone();
        s.view = view;
        s
    }

    /// Applies `edit`. Part of a `gesture`, it joins the undo step the gesture opened;
    /// otherwise it is a step of its own. An edit that changes nothing is dropped. Returns
    /// whether the scene changed.
    pub fn apply(&mut self, edit: Edit, gesture: bool) -> bool {
        self.apply_all(vec![edit], gesture)
    }

    /// [`Document::apply`] for edits made as one: one undo step, one revision; none of
    /// them made when one cannot be.
    pub fn apply_all(&mut self, edits: Vec<Edit>, gesture: bool) -> bool {
        let mut next = self.scene.clone();
        for edit in edits {
            if !change(&mut next, edit) {
                return false;
            }
        }
        if next == self.scene {
            return false;
        }
        if !(gesture && self.gesture) {
            self.push_undo();
        }
        self.gesture = gesture;
        self.scene = next;
        self.revision = next_revision();
        true
    }

    /// Closes the gesture in progress: the next edit starts a new undo step.
    /// An undo step is open for a gesture in progress (a drag, typing in a field).
    pub fn in_gesture(&self) -> bool {
        self.gesture
    }

    pub fn end_gesture(&mut self) {
        self.gesture = false;
    }

    pub fn undo(&mut self) -> bool {
        self.step(true)
    }

    pub fn redo(&mut self) -> bool {
        self.step(false)
    }

    /// The file now holds revision `revision` (the content when the save was made).
    pub fn mark_saved(&mut self, path: PathBuf, revision: u64) {
        self.on_disk = fingerprint(&path);
        self.path = Some(absolute(&path));
        self.saved = Some(revision);
    }

    /// Whether `path` is this document's file and another program changed it since the
    /// document read or wrote it. A file gone since is not: saving loses nothing then.
    pub fn changed_on_disk(&self, path: &Path) -> bool {
        self.path.as_deref() == Some(absolute(path).as_path())
            && matches!((self.on_disk, fingerprint(path)), (Some(a), Some(b)) if a != b)
    }

    /// The fingerprint of the file as this document last read or wrote it.
    pub fn on_disk(&self) -> Option<u64> {
        self.on_disk
    }

    /// Takes `known` as the fingerprint of the file as last read or written (a restored
    /// session's, whose file another program may have changed since).
    pub fn set_on_disk(&mut self, known: u64) {
        self.on_disk = Some(known);
    }

    /// Forgets the file's claim to the content: the title shows it unsaved (a restored
    /// session whose file has changed since).
    pub fn mark_unsaved(&mut self) {
        self.saved = None;
    }

    fn push_undo(&mut self) {
        self.undo.push((self.scene.clone(), self.revision));
        let limit = (UNDO_BUDGET_BYTES / approximate_size(&self.scene)).clamp(1, UNDO_LIMIT);
        if self.undo.len() > limit {
            let excess = self.undo.len() - limit;
            self.undo.drain(..excess);
        }
        self.redo.clear();
    }

    fn step(&mut self, back: bool) -> bool {
        self.gesture = false;
        let (from, to) = if back {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        let Some((scene, revision)) = from.pop() else {
            return false;
        };
        to.push((std::mem::replace(&mut self.scene, scene), self.revision));
        self.revision = revision;
        true
    }
}

/// Roughly how many bytes a copy of `scene` takes.
fn approximate_size(scene: &Scene) -> usize {
    let objects: usize = scene
        .objects
        .iter()
        .map(|o| std::mem::size_of::<Object>() + o.name.len())
        .sum();
    let discs = scene.simulation.as_ref().map_or(0, |s| {
        s.discs.len() * std::mem::size_of::<crate::scene::Disc>()
    });
    std::mem::size_of::<Scene>() + objects + discs + scene.notes.len()
}

/// Makes `edit` on `scene`; false when it does not apply (an index out of range).
fn change(scene: &mut Scene, edit: Edit) -> bool {
    match edit {
        Edit::SetShape { object, shape } => match scene.objects.get_mut(object) {
            Some(o) => o.shape = shape,
            None => return false,
        },
        Edit::Rename { object, name } => {
            // The scene's expectations name their objects: they follow the rename.
            if let Some(rename) = followed_rename(&scene.objects, object, &name) {
                rename_references(&mut scene.expect, &rename);
                rename_path_references(&mut scene.expect_paths, &rename);
                rename_reported(&mut scene.reported, &rename);
            }
            match scene.objects.get_mut(object) {
                Some(o) => o.name = name,
                None => return false,
            }
        }
        Edit::Add(object) => scene.objects.push(object),
        Edit::Remove { object } => {
            if object >= scene.objects.len() {
                return false;
            }
            // What names the object goes with it, in the same undo step.
            drop_references(scene, object);
            scene.objects.remove(object);
        }
        Edit::SetResponse(r) => scene.response = r,
        Edit::SetLayers(l) => scene.layers = l,
        Edit::SetHeatMap(h) => scene.heat_map = h,
        Edit::SetVariants(v) => scene.variants = v,
        Edit::SetParams(p) => scene.params = p,
        Edit::SetName(n) => scene.name = n,
        Edit::SetDescription(d) => scene.description = d,
        Edit::SetNotes(n) => scene.notes = n,
        Edit::SetExpectations(e, paths) => {
            scene.expect = e;
            scene.expect_paths = paths;
        }
        Edit::SetSimulation(s) => scene.simulation = s,
    }
    true
}

/// `path` made absolute against the working folder, so the title, the recent files and the
/// remembered session name the same file whichever folder the next launch starts in.
/// Bytes of a file read for its fingerprint at most: a scene file the loader accepts is
/// never longer, and one grown past it is told apart by its length.
const FINGERPRINT_BYTES: u64 = crate::scene::limits::MAX_SCENE_BYTES + 1;

/// A hash of a file's bytes (`None` when it cannot be read, or is not a regular file:
/// opening a FIFO waits for a writer, and a session naming one froze the window at start).
fn fingerprint(path: &Path) -> Option<u64> {
    use std::hash::{Hash, Hasher};
    use std::io::Read;
    if !std::fs::metadata(path).ok()?.is_file() {
        return None;
    }
    let file = crate::scene::io::open_no_wait(path).ok()?;
    let meta = file.metadata().ok()?;
    if !meta.is_file() {
        return None;
    }
    let len = meta.len();
    let mut bytes = Vec::new();
    file.take(FINGERPRINT_BYTES).read_to_end(&mut bytes).ok()?;
    let mut h = std::hash::DefaultHasher::new();
    (len, bytes).hash(&mut h);
    Some(h.finish())
}

pub fn absolute(path: &Path) -> PathBuf {
    tidy(&std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf()))
}

/// `path` with `.` left out and each `..` taking the name before it off, without asking the
/// file system (a link's `..` is then its parent's, as a shell's `cd` takes it): one file
/// opened as `a.ron` and as `home/../a.ron` was two recent files, and a title said `..`.
fn tidy(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            // `..` of the root is the root; of a relative start, kept.
            Component::ParentDir => {
                if !out.pop() && !out.has_root() {
                    out.push(c);
                }
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One file opened as `a.ron` and as `home/../a.ron` was two recent files.
    #[test]
    fn absolute_paths_are_tidied() {
        assert_eq!(
            absolute(Path::new("/a/b/../c/./d.ron")),
            PathBuf::from("/a/c/d.ron")
        );
        assert_eq!(absolute(Path::new("/../x.ron")), PathBuf::from("/x.ron"));
    }
    use glam::Vec2;

    fn ball(x: f32) -> Shape {
        Shape::Ball {
            start: Vec2::new(x, 0.0),
            end: Vec2::ZERO,
            radius: 1.0,
        }
    }

    fn doc() -> Document {
        let mut s = Scene::empty("t");
        s.objects.push(Object {
            name: "b".into(),
            shape: ball(0.0),
        });
        Document::new(s, None)
    }

    fn x(d: &Document) -> f32 {
        match d.scene().objects[0].shape {
            Shape::Ball { start, .. } => start.x,
            _ => f32::NAN,
        }
    }

    fn drag_to(d: &mut Document, v: f32) {
        let shape = ball(v);
        d.apply(Edit::SetShape { object: 0, shape }, true);
    }

    #[test]
    fn a_drag_is_one_undo_step() {
        let mut d = doc();
        drag_to(&mut d, 1.0);
        drag_to(&mut d, 2.0);
        drag_to(&mut d, 3.0);
        d.end_gesture();
        assert!(d.dirty());
        assert!(d.undo());
        assert_eq!(x(&d), 0.0);
        assert!(!d.undo());
        assert!(d.redo());
        assert_eq!(x(&d), 3.0);
    }

    #[test]
    fn undoing_back_to_the_saved_content_is_clean_again() {
        let mut d = doc();
        assert!(!d.dirty());
        let r0 = d.revision();
        d.apply(
            Edit::Rename {
                object: 0,
                name: "c".into(),
            },
            false,
        );
        assert!(d.dirty());
        assert_ne!(d.revision(), r0);
        d.undo();
        assert!(!d.dirty());
        assert_eq!(d.revision(), r0);
        d.redo();
        assert!(d.dirty());
    }

    #[test]
    fn separate_edits_are_separate_steps() {
        let mut d = doc();
        drag_to(&mut d, 1.0);
        d.end_gesture();
        drag_to(&mut d, 2.0);
        d.end_gesture();
        d.undo();
        assert_eq!(x(&d), 1.0);
        // A new edit after an undo drops the redo step.
        d.apply(Edit::SetNotes("why".into()), false);
        assert!(!d.can_redo());
    }

    #[test]
    fn an_edit_that_changes_nothing_is_no_step_and_keeps_the_revision() {
        let mut d = doc();
        let r = d.revision();
        assert!(!d.apply(
            Edit::SetShape {
                object: 0,
                shape: ball(0.0)
            },
            false
        ));
        assert!(!d.apply(Edit::Remove { object: 7 }, false));
        assert_eq!(d.revision(), r);
        assert!(!d.can_undo());
    }

    #[test]
    fn a_large_scene_keeps_fewer_undo_steps() {
        let mut s = Scene::empty("big");
        for k in 0..200_000 {
            s.objects.push(Object {
                name: format!("o{k}"),
                shape: ball(k as f32),
            });
        }
        let per_copy = approximate_size(&s);
        let mut d = Document::new(s, None);
        for k in 0..50 {
            d.apply(Edit::SetNotes(format!("{k}")), false);
        }
        let kept = d.undo.len();
        assert!(
            kept * per_copy <= UNDO_BUDGET_BYTES,
            "{kept} copies of {per_copy} bytes"
        );
        assert!((1..50).contains(&kept), "{kept}");
    }

    #[test]
    fn a_new_document_never_reuses_a_revision() {
        let a = doc();
        let b = doc();
        assert_ne!(a.revision(), b.revision());
    }

    #[test]
    fn saving_records_the_revision_on_disk() {
        let mut d = doc();
        d.apply(Edit::SetNotes("x".into()), false);
        let r = d.revision();
        d.mark_saved(PathBuf::from("a.ron"), r);
        assert!(!d.dirty());
        let cwd = std::env::current_dir().unwrap_or_default();
        assert_eq!(d.path(), Some(cwd.join("a.ron").as_path()));
        d.mark_unsaved();
        assert!(d.dirty());
    }

    #[test]
    fn the_camera_leaves_with_the_scene_but_is_not_content() {
        let d = doc();
        let v = View {
            center: Vec2::new(5.0, 6.0),
            zoom: 3.0,
            extent: None,
        };
        assert_eq!(d.scene_with_view(v).view, v);
        assert_ne!(d.scene().view, v);
    }

    /// Robustness attack: a session naming a FIFO froze the window before its first frame,
    /// reading the file's fingerprint.
    #[cfg(unix)]
    #[test]
    fn a_fifo_has_no_fingerprint_and_is_not_waited_on() {
        let d = std::env::temp_dir().join(format!("sweepscope-fp-{}", std::process::id()));
        std::fs::create_dir_all(&d).expect("dir");
        let fifo = d.join("scene.ron");
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        assert_eq!(fingerprint(&fifo), None);
        let _ = std::fs::remove_file(&fifo);
    }
}
