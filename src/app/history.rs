//! Undo/redo as whole-scene snapshots. An edit gesture (a drag of a handle or of a
//! DragValue, a typed value) becomes ONE undo step: the scene before the first change is
//! kept as pending and committed when the pointer is released.

use crate::scene::Scene;

/// Snapshots kept; older ones are dropped.
const LIMIT: usize = 200;

#[derive(Default)]
pub struct History {
    undo: Vec<Scene>,
    redo: Vec<Scene>,
    /// The scene before the gesture in progress.
    pending: Option<Scene>,
}

/// The scene without the camera: panning and zooming are not edits.
pub fn same_content(a: &Scene, b: &Scene) -> bool {
    a == b || {
        let mut b2 = b.clone();
        b2.view = a.view;
        *a == b2
    }
}

impl History {
    /// Call once per frame after the UI ran: `before` is the scene at the frame's start,
    /// `pointer_down` whether a gesture may still be going on. Returns true when an edit
    /// step was committed this frame.
    pub fn track(&mut self, before: &Scene, now: &Scene, pointer_down: bool) -> bool {
        if !same_content(before, now) && self.pending.is_none() {
            self.pending = Some(before.clone());
        }
        if pointer_down {
            return false;
        }
        match self.pending.take() {
            Some(p) if !same_content(&p, now) => {
                self.push(p);
                true
            }
            _ => false,
        }
    }

    /// Records `before` as an undo step for an edit done in one go (menu actions).
    pub fn push(&mut self, before: Scene) {
        self.undo.push(before);
        if self.undo.len() > LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Restores the previous scene (keeping the current camera).
    pub fn undo(&mut self, scene: &mut Scene) -> bool {
        self.step(scene, true)
    }

    pub fn redo(&mut self, scene: &mut Scene) -> bool {
        self.step(scene, false)
    }

    fn step(&mut self, scene: &mut Scene, back: bool) -> bool {
        self.pending = None;
        let (from, to) = if back {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        let Some(mut s) = from.pop() else {
            return false;
        };
        s.view = scene.view;
        to.push(std::mem::replace(scene, s));
        true
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Forgets everything (a new file was opened).
    pub fn clear(&mut self) {
        *self = Self::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Object, Shape};
    use glam::Vec2;

    fn scene(x: f32) -> Scene {
        let mut s = Scene::empty("t");
        s.objects.push(Object {
            name: "b".into(),
            shape: Shape::Ball {
                start: Vec2::new(x, 0.0),
                end: Vec2::ZERO,
                radius: 1.0,
            },
        });
        s
    }

    #[test]
    fn a_drag_is_one_step() {
        let mut h = History::default();
        // Three frames of a drag, then release.
        assert!(!h.track(&scene(0.0), &scene(1.0), true));
        assert!(!h.track(&scene(1.0), &scene(2.0), true));
        assert!(h.track(&scene(2.0), &scene(3.0), false));
        let mut s = scene(3.0);
        assert!(h.undo(&mut s));
        assert_eq!(s, scene(0.0));
        assert!(!h.undo(&mut s));
        assert!(h.redo(&mut s));
        assert_eq!(s, scene(3.0));
    }

    #[test]
    fn panning_is_not_an_edit() {
        let mut h = History::default();
        let mut moved = scene(0.0);
        moved.view.center = Vec2::new(50.0, 0.0);
        assert!(!h.track(&scene(0.0), &moved, false));
        assert!(!h.can_undo());
    }

    #[test]
    fn undo_keeps_the_camera() {
        let mut h = History::default();
        h.push(scene(0.0));
        let mut s = scene(1.0);
        s.view.zoom = 17.0;
        h.undo(&mut s);
        assert_eq!(s.view.zoom, 17.0);
        assert_eq!(s.objects, scene(0.0).objects);
    }
}
