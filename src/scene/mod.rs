//! Scene files: the serde model, validation, loading with precise errors, atomic saving and
//! the expectations that turn a scene into a regression test.

pub mod model;

pub use model::*;
