//! Scene files: the serde model, validation, loading with precise errors, atomic saving and
//! the expectations that turn a scene into a regression test.

pub mod io;
pub mod model;

pub use io::{MAX_SCENE_BYTES, SceneError, load_scene, parse_scene, save_scene, scene_to_string};
pub use model::*;
