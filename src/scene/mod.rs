//! Scene files: the serde model, validation, loading with precise errors, atomic saving,
//! evaluation of every ball against every obstacle, and the expectations that turn a scene
//! into a regression test.

pub mod builtin;
pub mod bundle;
pub mod evaluate;
pub mod expect;
pub mod expect_path;
pub mod format;
pub mod heat_map;
pub mod io;
pub mod limits;
mod locate;
mod messages;
pub mod model;
pub mod number;
pub mod report;
pub mod simulation;
pub mod validate;
pub mod why;

pub use builtin::default_scene;
pub use evaluate::{
    BallEvaluation, Evaluation, PairResult, VariantRow, evaluate, evaluate_ball, evaluate_each,
};
pub use expect::ExpectationResult;
pub use io::{
    MAX_SCENE_BYTES, SceneError, load_scene, load_scene_all, parse_scene, parse_scene_all,
    read_scene_text, save_scene, scene_to_string,
};
pub use model::*;
pub use simulation::SceneWorld;
pub use validate::{
    Problem, name_refusal, validate, validate_params, validate_response, validate_shape,
};
