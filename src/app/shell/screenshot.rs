//! Screenshots and bug reports. The window's pixels arrive in a callback after the frame is
//! painted; the callback writes the files and leaves a message for the status bar (with the
//! absolute path written) or an error for the banner.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::atomic_file::write_atomically;

/// Messages from finished screenshot callbacks (Ok = the status line and the absolute path
/// written, Err = what failed).
pub type Results = Arc<Mutex<Vec<Result<(String, PathBuf), String>>>>;

/// What to write once the pixels arrive.
pub enum Target {
    Png(PathBuf),
    /// A folder with `screenshot.png`, `scene.ron` and `report.md`.
    BugReport {
        dir: PathBuf,
        scene_ron: String,
        report_md: String,
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
        Target::BugReport {
            dir,
            scene_ron,
            report_md,
        } => {
            let dir = absolute(dir);
            let png = png_bytes(img).map_err(|e| format!("bug report not written: {e}"))?;
            super::report::write_bundle(&dir, &png, scene_ron, report_md)
                .map_err(|e| format!("bug report not written: {e}"))?;
            Ok((
                format!(
                    "bug report written to {} (report.md copied to the clipboard)",
                    dir.display()
                ),
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

/// A file-name-safe version of a scene name.
pub fn slug(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() { "scene".to_owned() } else { s }
}

/// `YYYYmmdd-HHMMSS` in UTC from seconds since the Unix epoch.
pub fn timestamp(unix_secs: u64) -> String {
    let days = (unix_secs / 86_400) as i64;
    let rem = unix_secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

pub fn now_stamp() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    timestamp(secs)
}

/// Gregorian date of a day count since 1970-01-01 (days-from-civil, inverted).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_by_hand() {
        assert_eq!(timestamp(0), "19700101-000000");
        // 2000-02-29 12:34:56 UTC = 951827696.
        assert_eq!(timestamp(951_827_696), "20000229-123456");
        // 2026-11-22 06:16:27 UTC.
        assert_eq!(timestamp(1_795_328_187), "20261122-061627");
    }

    #[test]
    fn slugs() {
        assert_eq!(slug("corner miss/2"), "corner_miss_2");
        assert_eq!(slug(""), "scene");
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
