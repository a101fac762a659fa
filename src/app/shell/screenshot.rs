//! Screenshots and bug reports. The window's pixels arrive in a callback after the frame is
//! painted; the callback writes the files and leaves a message for the status bar (with the
//! absolute path written) or an error for the banner.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::atomic_file::write_atomically;

/// Messages from finished screenshot callbacks (Ok = the status line and the absolute path
/// written, Err = what failed).
pub use crate::scene::bundle::now_stamp;

pub type Results = Arc<Mutex<Vec<Result<(String, PathBuf), String>>>>;

/// What to write once the pixels arrive.
pub enum Target {
    Png(PathBuf),
    /// A folder with `screenshot.png`, `scene.ron` and `report.md`.
    BugReport {
        dir: PathBuf,
        texts: super::report::BundleTexts,
    },
}

/// Asks for a screenshot of the window; the outcome is pushed to `results`.
pub fn request(ctx: &egui::Context, target: Target, results: Results) {
    let ctx2 = ctx.clone();
    ctx.request_screenshot(move |img: Arc<egui::ColorImage>| {
        let outcome = write(&img, &target);
        if let Ok(mut r) = results.lock() {
            r.push(outcome);
        }
        ctx2.request_repaint();
    });
}

fn write(img: &egui::ColorImage, target: &Target) -> Result<(String, PathBuf), String> {
    match target {
        Target::Png(path) => {
            let path = absolute(path);
            // The screenshot folder the user chose (or its default) is made on first use.
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            save_png(img, &path)
                .map(|()| (format!("screenshot saved to {}", path.display()), path))
                .map_err(|e| format!("screenshot not saved: {e}"))
        }
        Target::BugReport { dir, texts } => {
            let dir = absolute(dir);
            let png = png_bytes(img).map_err(|e| format!("bug report not written: {e}"))?;
            super::report::write_bundle(&dir, Some(&png), texts)
                .map_err(|e| format!("bug report not written: {e}"))?;
            Ok((
                format!("bug report in {} (report.md copied)", dir.display()),
                dir,
            ))
        }
    }
}

fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

/// The image as PNG bytes.
pub fn png_bytes(img: &egui::ColorImage) -> Result<Vec<u8>, String> {
    let bytes: Vec<u8> = img
        .pixels
        .iter()
        .flat_map(|c| c.to_srgba_unmultiplied())
        .collect();
    let buf = image::RgbaImage::from_raw(img.size[0] as u32, img.size[1] as u32, bytes)
        .ok_or_else(|| "screenshot has an inconsistent size".to_owned())?;
    let mut png = std::io::Cursor::new(Vec::new());
    buf.write_to(&mut png, image::ImageFormat::Png)
        .map_err(|e| e.to_string())?;
    Ok(png.into_inner())
}

/// Writes the image as PNG into an existing folder (a missing one is an error, not
/// created: `--screenshot` with a mistyped folder must not leave folders behind);
/// atomically (see `atomic_file`), so a failed or interrupted save never leaves a
/// truncated image in place of an earlier one.
pub fn save_png(img: &egui::ColorImage, path: &Path) -> Result<(), String> {
    let png = png_bytes(img).map_err(|e| format!("{}: {e}", path.display()))?;
    write_atomically(path, &png).map_err(|e| format!("{}: {e}", path.display()))
}

/// The longest [`slug`], in bytes: with a timestamp and a prefix (`bug-report-`) a file
/// name stays far below the 255 bytes file systems allow. A scene name of 256 characters
/// (within `MAX_NAME_CHARS`) made every screenshot and bug report fail with "File name
/// too long".
pub const MAX_SLUG: usize = 60;

/// A file-name-safe version of a scene name, at most [`MAX_SLUG`] bytes.
pub fn slug(name: &str) -> String {
    let mut s = String::with_capacity(name.len().min(MAX_SLUG + 1));
    for c in name.chars() {
        if s.len() >= MAX_SLUG {
            break;
        }
        if c.is_ascii_alphanumeric() || c == '_' {
            s.push(c.to_ascii_lowercase());
        } else if !s.is_empty() && !s.ends_with('-') {
            s.push('-');
        }
    }
    let s = s.trim_end_matches('-');
    if s.is_empty() {
        "scene".to_owned()
    } else {
        s.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        assert_eq!(slug("corner miss/2"), "corner-miss-2");
        // The bug: "Default: corner bounce" was offered as "Default__corner_bounce.ron".
        assert_eq!(slug("Default: corner bounce"), "default-corner-bounce");
        assert_eq!(slug("  ::x::  "), "x");
        assert_eq!(slug(""), "scene");
    }

    /// Outside test: a scene named with 256 letters (a valid name) made F12 and the bug
    /// report fail with "File name too long (os error 36)".
    #[test]
    fn a_long_scene_name_gives_a_short_slug() {
        let long = "A".repeat(256);
        assert_eq!(slug(&long), "a".repeat(MAX_SLUG));
        // Cut where a separator would end it: no trailing dash.
        let name = format!("{} tail", "b".repeat(MAX_SLUG - 1));
        assert_eq!(slug(&name), "b".repeat(MAX_SLUG - 1));
        let report = format!("bug-report-{}-{}", slug(&long), now_stamp());
        assert!(report.len() < 120, "{report}");
    }

    #[test]
    fn png_round_trip() {
        let img = egui::ColorImage::new([3, 2], vec![egui::Color32::from_rgb(10, 20, 30); 6]);
        let dir = std::env::temp_dir().join(format!("sweepscope-png-{}", std::process::id()));
        let p = dir.join("x.png");
        assert!(
            save_png(&img, &p).is_err(),
            "a missing folder is not created"
        );
        assert!(!dir.exists());
        std::fs::create_dir_all(&dir).unwrap();
        save_png(&img, &p).unwrap();
        let back = image::open(&p).unwrap().to_rgba8();
        assert_eq!(back.dimensions(), (3, 2));
        assert_eq!(back.get_pixel(2, 1).0, [10, 20, 30, 255]);
        let _ = std::fs::remove_dir_all(dir);
    }
}
