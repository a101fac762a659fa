//! Where the debugger's screenshots and bug reports go. The bundle itself (texts and folder)
//! is the library's [`crate::scene::bundle`], shared with `sweepscope report`.

use std::path::{Path, PathBuf};

pub use crate::scene::bundle::{
    BundleInput, BundleTexts, Environment, SimSnapshot, UserWords, ViewState, bundle_text,
    fresh_path, write_bundle,
};

/// Where screenshots and bug reports go when the user has not chosen: beside the open
/// scene file, else the pictures folder, the documents folder, the home folder or the
/// working folder, whichever exists first. Always absolute.
pub fn default_output_dir(scene_file: Option<&Path>) -> PathBuf {
    let beside = scene_file
        .and_then(|p| std::path::absolute(p).ok())
        .and_then(|p| p.parent().map(Path::to_path_buf));
    let dir = beside
        .or_else(dirs::picture_dir)
        .or_else(dirs::document_dir)
        .or_else(dirs::home_dir)
        .unwrap_or_else(|| PathBuf::from("."));
    std::path::absolute(&dir).unwrap_or(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_folder_is_absolute_and_beside_the_scene() {
        let d = default_output_dir(Some(Path::new("scenes/default.ron")));
        assert!(d.is_absolute());
        assert!(d.ends_with("scenes"), "{}", d.display());
        assert!(default_output_dir(None).is_absolute());
    }
}
