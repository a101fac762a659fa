//! The scene the debugger opens with when no file is given. It lives in `scenes/default.ron`
//! (so it is also checked by `tests/scenes.rs`) and is compiled in, so the binary needs no
//! files next to it.

use super::io::parse_scene;
use super::model::Scene;

/// The text of `scenes/default.ron`.
pub const DEFAULT_SCENE_RON: &str = include_str!("../../scenes/default.ron");

/// The built-in default scene: a ball sweeping into a box corner and bouncing on to a wall.
pub fn default_scene() -> Scene {
    // The file is validated by the tests; an empty scene is a harmless fallback that keeps
    // the library free of panics.
    parse_scene(DEFAULT_SCENE_RON, "scenes/default.ron").unwrap_or_else(|_| Scene::empty("default"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_default_scene_is_valid() {
        let parsed = parse_scene(DEFAULT_SCENE_RON, "scenes/default.ron");
        assert!(parsed.is_ok(), "{parsed:?}");
        let scene = default_scene();
        assert_eq!(scene.objects.len(), 3);
        assert!(scene.objects[0].shape.is_ball());
    }
}
