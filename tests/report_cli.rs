//! `sweepscope report SCENE.ron --out DIR`: the bug-report folder the debugger writes, from
//! the command line. Its `scene.ron` passes `sweepscope check`; its `report.md` judges the
//! scene's own expectations. Without a display it writes the texts and says there is no
//! screenshot; with a folder that exists or a scene that does not load, nothing is written.
//! The screenshot test needs `xvfb-run` (CI installs Xvfb) and says so when it skips.

mod cli_support;

use cli_support::{path_str, text};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use sweepscope::scene::{Scene, load_scene};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sweepscope"));
    c.current_dir(root());
    c
}

fn folder(name: &str) -> PathBuf {
    cli_support::folder("report", name)
}

/// `xvfb-run` on the PATH, if installed.
#[cfg(feature = "gui")]
fn xvfb_run() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("xvfb-run"))
        .find(|p| p.is_file())
}

/// Runs `sweepscope report` under Xvfb with a screen larger than the window.
#[cfg(feature = "gui")]
fn report_under_xvfb(xvfb: &Path, args: &[&str]) -> Output {
    Command::new(xvfb)
        .args(["-a", "-s", "-screen 0 1600x1000x24"])
        .arg(env!("CARGO_BIN_EXE_sweepscope"))
        .arg("report")
        .args(args)
        .current_dir(root())
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("xvfb-run runs")
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Runs `sweepscope report` with no display at all.
fn report_without_display(args: &[&str]) -> Output {
    bin()
        .arg("report")
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("runs")
}

/// `sweepscope check FILE` passes.
fn assert_check_passes(file: &Path) {
    let checked = bin()
        .args(["check", path_str(file)])
        .output()
        .expect("check runs");
    assert_eq!(checked.status.code(), Some(0), "{}", text(&checked));
}

/// The bundle's scene is the original with the answers on screen as its expectations and
/// the user's words in its notes; `report.md` judges each of the original's expectations.
fn assert_bundle_of(original: &Scene, out_dir: &Path, happened: &str) -> (Scene, String) {
    let bundled = load_scene(&out_dir.join("scene.ron")).expect("the bundle's scene loads");
    assert_eq!(bundled.objects, original.objects);
    assert_eq!(bundled.response, original.response);
    assert!(bundled.notes.starts_with(original.notes.trim_end()));
    assert!(
        bundled
            .notes
            .contains(&format!("What happened: {happened}")),
        "{}",
        bundled.notes
    );
    // One recorded answer per ball × obstacle pair.
    let balls = original
        .objects
        .iter()
        .filter(|o| o.shape.is_ball())
        .count();
    assert_eq!(
        bundled.expect.len(),
        balls * (original.objects.len() - balls)
    );
    assert_check_passes(&out_dir.join("scene.ron"));
    let md = std::fs::read_to_string(out_dir.join("report.md")).expect("report.md");
    assert!(
        md.contains(&format!("## What happened\n\n```text\n{happened}\n```")),
        "{md}"
    );
    (bundled, md)
}

#[test]
fn without_a_display_the_bundle_has_the_texts_passes_check_and_says_it_has_no_screenshot() {
    let d = folder("no-display");
    let original = load_scene(&root().join("scenes/default.ron")).expect("loads");
    assert!(!original.expect.is_empty());

    let out_dir = d.join("default");
    let out = report_without_display(&[
        "scenes/default.ron",
        "--out",
        path_str(&out_dir),
        "--happened",
        "The ball bounces off the corner.",
        "--expected",
        "It should stop: kind is Stop?",
    ]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(0), "{t}");
    assert!(
        t.contains(&format!("bug report written to {}", out_dir.display())),
        "{t}"
    );
    // Why there is no screenshot, and the command that would give one.
    assert!(t.contains("no screenshot.png"), "{t}");
    assert!(
        t.contains("xvfb-run -a") && t.contains("sweepscope report scenes/default.ron --out "),
        "{t}"
    );
    assert!(!t.contains("panicked"), "{t}");
    assert_eq!(names_in(&out_dir), ["report.md", "scene.ron"]);
    let (_, md) = assert_bundle_of(&original, &out_dir, "The ball bounces off the corner.");
    assert!(md.contains("## What I expected\n\n```text\nIt should stop: kind is Stop?\n```"));
    assert!(md.contains("there is no `screenshot.png`"), "{md}");
    assert!(
        md.contains("- OpenGL: (none: no window was opened)"),
        "{md}"
    );
    assert!(
        md.contains("- inspected ball: ball\n- scrubber: t = 1\n"),
        "{md}"
    );
    for (i, e) in original.expect.iter().enumerate() {
        let line = format!("- PASS expect[{i}] {} vs {}", e.ball, e.obstacle);
        assert!(md.contains(&line), "{line:?} not in\n{md}");
    }
    assert!(!md.contains("FAIL"), "{md}");
    // The pair table, as the inspector shows it.
    assert!(md.contains("| ball | box (box) | yes |"), "{md}");

    // A scene whose own expectation fails: report.md says FAIL, and the bundle's scene.ron
    // (the answers on screen) still passes check.
    let failing = root().join("tests/bad_scenes/failing-expectation.ron");
    let failing_dir = d.join("failing");
    let out = report_without_display(&[
        "tests/bad_scenes/failing-expectation.ron",
        "--out",
        path_str(&failing_dir),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let original = load_scene(&failing).expect("loads");
    let bundled = load_scene(&failing_dir.join("scene.ron")).expect("loads");
    assert_eq!(bundled.objects, original.objects);
    assert_check_passes(&failing_dir.join("scene.ron"));
    let md = std::fs::read_to_string(failing_dir.join("report.md")).expect("report.md");
    assert!(md.contains("FAIL expect[0] ball vs wall"), "{md}");
    assert!(md.contains("## What happened\n\n(not given)"), "{md}");
    let _ = std::fs::remove_dir_all(&d);
}

/// `--no-screenshot` opens no window: with a display that cannot be opened, it still
/// writes the texts.
#[test]
fn no_screenshot_opens_no_window() {
    let d = folder("no-screenshot");
    let out_dir = d.join("bundle");
    let out = bin()
        .args([
            "report",
            "scenes/default.ron",
            "--out",
            path_str(&out_dir),
            "--no-screenshot",
        ])
        .env("DISPLAY", ":9999")
        .output()
        .expect("runs");
    let t = text(&out);
    assert_eq!(out.status.code(), Some(0), "{t}");
    assert!(!t.contains("xvfb-run"), "asked for no screenshot: {t}");
    assert_eq!(names_in(&out_dir), ["report.md", "scene.ron"]);
    assert_check_passes(&out_dir.join("scene.ron"));
    let _ = std::fs::remove_dir_all(&d);
}

/// A display that cannot be opened: the window fails before anything is written, and the
/// folder is written without a screenshot, saying why.
#[cfg(feature = "gui")]
#[test]
fn a_display_that_cannot_be_opened_still_gives_the_texts() {
    let d = folder("bad-display");
    let out_dir = d.join("bundle");
    let out = bin()
        .args(["report", "scenes/default.ron", "--out", path_str(&out_dir)])
        .env("DISPLAY", ":9999")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("runs");
    let t = text(&out);
    assert_eq!(out.status.code(), Some(0), "{t}");
    assert!(t.contains("could not open the window"), "{t}");
    assert!(t.contains("no screenshot.png"), "{t}");
    assert_eq!(names_in(&out_dir), ["report.md", "scene.ron"]);
    assert_check_passes(&out_dir.join("scene.ron"));
    let _ = std::fs::remove_dir_all(&d);
}

/// With a display, the window writes the same bundle with its screenshot: the texts are
/// those written without one, but for the screenshot, the renderer, the time and the
/// camera (the window fits the view to its size).
#[cfg(feature = "gui")]
#[test]
fn with_a_display_the_bundle_adds_the_screenshot_and_the_same_texts() {
    let Some(xvfb) = xvfb_run() else {
        println!("skipped: xvfb-run is not installed (apt-get install xvfb xauth)");
        return;
    };
    let d = folder("display");
    let out_dir = d.join("default");
    let args = |dir: &Path| {
        vec![
            "scenes/default.ron".to_owned(),
            "--out".to_owned(),
            path_str(dir).to_owned(),
            "--happened".to_owned(),
            "The ball bounces off the corner.".to_owned(),
            "--size".to_owned(),
            "1200x800".to_owned(),
        ]
    };
    let windowed: Vec<String> = args(&out_dir);
    let windowed: Vec<&str> = windowed.iter().map(String::as_str).collect();
    let out = report_under_xvfb(&xvfb, &windowed);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(0), "{t}");
    assert!(
        t.contains(&format!("bug report written to {}", out_dir.display())),
        "{t}"
    );
    assert_eq!(
        names_in(&out_dir),
        ["report.md", "scene.ron", "screenshot.png"]
    );
    // The window, at the size asked for, and not blank.
    let png = image::open(out_dir.join("screenshot.png"))
        .expect("a PNG")
        .to_rgba8();
    assert_eq!(png.dimensions(), (1200, 800));
    let colours: std::collections::HashSet<[u8; 4]> = png.pixels().map(|p| p.0).collect();
    assert!(colours.len() > 50, "{} colours: blank?", colours.len());
    let original = load_scene(&root().join("scenes/default.ron")).expect("loads");
    let (bundled, md) = assert_bundle_of(&original, &out_dir, "The ball bounces off the corner.");
    assert!(
        md.contains("opens the scene as `screenshot.png` shows it"),
        "{md}"
    );
    assert!(!md.contains("- OpenGL: (none"), "{md}");

    // The same report without a display: the same texts but for what only a window has.
    let plain_dir = d.join("plain");
    let plain: Vec<String> = args(&plain_dir);
    let plain: Vec<&str> = plain.iter().map(String::as_str).collect();
    let out = report_without_display(&plain);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let plain_scene = load_scene(&plain_dir.join("scene.ron")).expect("loads");
    assert_eq!(plain_scene.expect, bundled.expect);
    assert_eq!(plain_scene.objects, bundled.objects);
    let windowless = |md: &str| -> Vec<String> {
        md.lines()
            .filter(|l| !l.contains("screenshot.png") && !l.starts_with("- OpenGL: "))
            .filter(|l| !l.starts_with("- written: "))
            .map(str::to_owned)
            .collect()
    };
    let plain_md = std::fs::read_to_string(plain_dir.join("report.md")).expect("report.md");
    assert_eq!(windowless(&plain_md), windowless(&md));
    let _ = std::fs::remove_dir_all(&d);
}

/// The `cli` build has no renderer: `report` writes the texts and says why there is no
/// screenshot.
#[cfg(not(feature = "gui"))]
#[test]
fn without_the_gui_feature_report_writes_the_texts_and_says_why() {
    let d = folder("no-gui");
    let out = bin()
        .args([
            "report",
            "scenes/default.ron",
            "--out",
            path_str(&d.join("x")),
        ])
        .output()
        .expect("runs");
    let t = text(&out);
    assert_eq!(out.status.code(), Some(0), "{t}");
    assert!(t.contains("without the `gui` feature"), "{t}");
    assert_eq!(names_in(&d.join("x")), ["report.md", "scene.ron"]);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_folder_that_exists_or_a_scene_that_does_not_load_is_refused_before_rendering() {
    let d = folder("refused");
    std::fs::write(d.join("keep.txt"), "mine").expect("write");
    for (args, needle) in [
        (
            vec!["scenes/default.ron", "--out", path_str(&d)],
            "already exists",
        ),
        (
            vec![
                "tests/bad_scenes/nan.ron",
                "--out",
                &format!("{}/x", d.display()),
            ],
            "tests/bad_scenes/nan.ron:6: object 1 \"wall\"",
        ),
        (
            vec![
                "scenes/default.ron",
                "--out",
                &format!("{}/no/such/x", d.display()),
            ],
            "does not exist",
        ),
    ] {
        // With a display that cannot be opened: these fail before any window would.
        let out = bin()
            .arg("report")
            .args(&args)
            .env("DISPLAY", ":9999")
            .output()
            .expect("runs");
        let t = text(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {t}");
        assert!(t.contains(needle), "{args:?}: {needle:?} not in {t}");
        assert!(t.contains("nothing was written"), "{t}");
    }
    assert_eq!(names_in(&d), ["keep.txt"]);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn report_and_its_flags_are_in_the_help() {
    let help = |args: &[&str]| {
        let out = bin().args(args).output().expect("runs");
        assert!(out.status.success(), "{args:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert!(help(&["--help"]).contains("  report "));
    let report = help(&["report", "--help"]);
    for flag in [
        "--out <DIR>",
        "--happened <TEXT>",
        "--expected <TEXT>",
        "--size <WxH>",
        "--no-screenshot",
    ] {
        assert!(report.contains(flag), "{flag} not in\n{report}");
    }
    let check = help(&["check", "--help"]);
    for flag in ["--record", "--json"] {
        assert!(check.contains(flag), "{flag} not in\n{check}");
    }
}
