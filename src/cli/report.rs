//! `sweepscope report SCENE.ron --out DIR [--happened TEXT] [--expected TEXT]`: the bug-report
//! folder the debugger's File › Bug report writes (`scene.ron`, `report.md` and, with a
//! display, `screenshot.png`), for a scene file, without anyone at the window.
//!
//! The texts come from the one renderer ([`crate::scene::bundle`]) in both cases. With a
//! display (and the `gui` build), the window opens unattended on the scene and writes the
//! folder as the app does, pixels included (`app::shell::headless`). Without one, or with
//! `--no-screenshot`, the texts are written for the scene as the window would first show it
//! — the sweep view, the first ball inspected, the scrubber at t = 1 — and the folder says
//! it has no screenshot; so they are too when the window cannot be opened on the display.
//! Everything that can be refused (the folder, the scene) is refused before anything is
//! written, and the folder appears whole or not at all.

use std::path::Path;
use std::process::ExitCode;

use super::args::ReportArgs;
use super::output::{Output, errln, outln};
use super::terminal::{safe, safe_lines};
use crate::scene::bundle::{
    BundleInput, Environment, UserWords, ViewState, bundle_text, now_stamp, write_bundle,
};
use crate::scene::evaluate::evaluate;
use crate::scene::model::Scene;

/// The scrubber's time when the window opens (`app::ui_state::Playback`'s default).
const OPENING_T: f32 = 1.0;

/// Runs `sweepscope report`. Exit status: 0 when the folder was written, 1 otherwise.
pub fn run(args: &ReportArgs) -> ExitCode {
    let scene = match preflight(args) {
        Ok(scene) => scene,
        Err(why) => {
            errln!("sweepscope report: {why}; nothing was written");
            return ExitCode::FAILURE;
        }
    };
    // Why there is no screenshot, unless asked for none.
    let mut no_window = (!args.no_screenshot).then(|| no_window_reason().to_owned());
    if !args.no_screenshot {
        match render(args) {
            Some(Ok(code)) => return code,
            Some(Err(why)) => no_window = Some(safe_lines(&why)),
            None => {}
        }
    }
    let dir = std::path::absolute(&args.out).unwrap_or_else(|_| args.out.clone());
    match write_without_window(&scene, &words(args), &dir) {
        Ok(()) => {
            let mut out = Output::new();
            outln!(
                out,
                "bug report written to {}",
                safe(&dir.display().to_string())
            );
            if let Some(why) = no_window {
                errln!(
                    "sweepscope report: {why}; the folder has scene.ron and report.md but no \
                     screenshot.png. For the screenshot too, run it under Xvfb:\n  {}",
                    xvfb_command(args)
                );
            }
            out.exit("sweepscope report", ExitCode::SUCCESS)
        }
        Err(e) => {
            errln!("sweepscope report: {}; nothing was written", safe_lines(&e));
            ExitCode::FAILURE
        }
    }
}

fn words(args: &ReportArgs) -> UserWords {
    UserWords {
        happened: args.happened.clone().unwrap_or_default(),
        expected: args.expected.clone().unwrap_or_default(),
    }
}

/// The scene's texts as the window first shows it, written into `dir` without a
/// screenshot.
pub fn write_without_window(scene: &Scene, words: &UserWords, dir: &Path) -> Result<(), String> {
    let evaluation = evaluate(scene);
    let ball = evaluation
        .balls
        .first()
        .and_then(|b| scene.objects.get(b.object))
        .map(|o| o.name.clone());
    let stamp = now_stamp();
    let texts = bundle_text(&BundleInput {
        scene,
        evaluation: &evaluation,
        view: ViewState::Sweep { ball, t: OPENING_T },
        words,
        env: &Environment::current(None),
        // Nothing was edited since the file was written.
        stale: &[],
        stamp: &stamp,
        screenshot: false,
    });
    write_bundle(dir, None, &texts)
}

/// What can be refused before anything is written: a folder that exists (a report never
/// overwrites or merges into one), a parent folder that does not (it is not created: a typo
/// should not leave folders behind), a scene that does not load. The loaded scene.
fn preflight(args: &ReportArgs) -> Result<Scene, String> {
    let show = |p: &Path| safe(&p.display().to_string()).into_owned();
    if args.out.symlink_metadata().is_ok() {
        return Err(format!(
            "--out {}: already exists; a report is written into a new folder",
            show(&args.out)
        ));
    }
    if let Some(parent) = args.out.parent().filter(|p| !p.as_os_str().is_empty())
        && !parent.is_dir()
    {
        let what = if parent.exists() {
            crate::scene::io::not_a_folder(parent)
        } else {
            "does not exist".to_owned()
        };
        return Err(format!(
            "--out {}: the folder {} {what}",
            show(&args.out),
            show(parent)
        ));
    }
    crate::scene::load_scene(&args.scene).map_err(|e| safe_lines(&e.to_string()))
}

/// Why no window renders the screenshot.
fn no_window_reason() -> &'static str {
    if cfg!(feature = "gui") {
        "no display (neither DISPLAY nor WAYLAND_DISPLAY is set)"
    } else {
        "this sweepscope was built without the `gui` feature, which renders the window"
    }
}

/// With a display: the window writes the folder, pixels included; its exit code. `None`
/// when there is no display to render on, `Some(Err)` when the window could not be opened
/// on it (nothing was written).
#[cfg(feature = "gui")]
fn render(args: &ReportArgs) -> Option<Result<ExitCode, String>> {
    use crate::app::shell::headless::{ReportJob, disarm_watchdog, display_available};

    if !display_available() {
        return None;
    }
    let gui = super::args::GuiArgs {
        scene: Some(args.scene.clone()),
        size: args.size,
        ..Default::default()
    };
    let job = ReportJob {
        dir: std::path::absolute(&args.out).unwrap_or_else(|_| args.out.clone()),
        words: words(args),
    };
    let outcome = crate::app::shell::window::run_report(&gui, job);
    if outcome.is_err() {
        // The folder is written without a window next; the window's deadline is over.
        disarm_watchdog();
    }
    Some(outcome)
}

#[cfg(not(feature = "gui"))]
fn render(_: &ReportArgs) -> Option<Result<ExitCode, String>> {
    None
}

/// The command line to run this report under Xvfb, its paths quoted for a POSIX shell. The
/// virtual screen is made larger than the window (Xvfb's default, 1280 × 1024, would cut
/// the default 1400 × 900 window down).
fn xvfb_command(args: &ReportArgs) -> String {
    let [w, h] = args.size.unwrap_or([1400.0, 900.0]);
    let screen = format!(
        "{}x{}",
        (w as u32 + 200).max(1600),
        (h as u32 + 100).max(1000)
    );
    let mut words = vec![
        format!("xvfb-run -a -s \"-screen 0 {screen}x24\" sweepscope report"),
        shell_word(&args.scene.display().to_string()),
        "--out".to_owned(),
        // A folder of its own: the one given now holds the report without the screenshot,
        // and a report is never written into a folder that exists.
        shell_word(&format!("{}-with-screenshot", args.out.display())),
    ];
    for (flag, text) in [
        ("--happened", &args.happened),
        ("--expected", &args.expected),
    ] {
        if let Some(t) = text {
            words.push(flag.to_owned());
            words.push(shell_word(t));
        }
    }
    if let Some([w, h]) = args.size {
        words.push(format!("--size {w}x{h}"));
    }
    words.join(" ")
}

/// `s` as one word for a POSIX shell: as it is when that is safe, else single-quoted;
/// control characters escaped for the terminal.
fn shell_word(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_alphanumeric() || "-_./=:,+@%".contains(c));
    let word = if plain {
        s.to_owned()
    } else if s.chars().any(char::is_control) {
        // A line break or an escape in single quotes was printed as `\n`, which a shell
        // takes as two characters: ANSI-C quoting gives the text back as it was.
        let mut w = String::from("$'");
        for c in s.chars() {
            match c {
                '\n' => w.push_str("\\n"),
                '\t' => w.push_str("\\t"),
                '\r' => w.push_str("\\r"),
                '\\' => w.push_str("\\\\"),
                '\'' => w.push_str("\\'"),
                c if c.is_control() => {
                    let mut buf = [0u8; 4];
                    for b in c.encode_utf8(&mut buf).bytes() {
                        w.push_str(&format!("\\x{b:02x}"));
                    }
                }
                c => w.push(c),
            }
        }
        w.push('\'');
        w
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    };
    safe(&word).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// Hostile test: words with a line break or an escape were quoted as `'e\n## fake'`,
    /// which a shell reads as a backslash and an n: they are quoted `$'…'`, which gives
    /// them back as they were.
    #[test]
    fn words_with_control_characters_are_quoted_for_the_shell_to_give_them_back() {
        assert_eq!(shell_word("e\n## fake\u{1b}"), "$'e\\n## fake\\x1b'");
        assert_eq!(shell_word("it's\tdone\\"), "$'it\\'s\\tdone\\\\'");
        assert_eq!(shell_word("it's stuck"), r"'it'\''s stuck'");
    }

    /// The hint repeated `--out` as given, a folder the run had just written, so the
    /// command failed as shown: it names a folder of its own.
    #[test]
    fn the_xvfb_hint_is_the_same_command_quoted_into_a_folder_of_its_own() {
        let args = ReportArgs {
            scene: PathBuf::from("scenes/default.ron"),
            out: PathBuf::from("/tmp/my report"),
            happened: Some("it's stuck".to_owned()),
            expected: None,
            size: Some([800.0, 600.0]),
            no_screenshot: false,
        };
        assert_eq!(
            xvfb_command(&args),
            r#"xvfb-run -a -s "-screen 0 1600x1000x24" sweepscope report scenes/default.ron --out '/tmp/my report-with-screenshot' --happened 'it'\''s stuck' --size 800x600"#
        );
        let big = ReportArgs {
            size: Some([2000.0, 1500.0]),
            ..args
        };
        assert!(xvfb_command(&big).contains("-screen 0 2200x1600x24"));
    }

    #[test]
    fn an_existing_folder_or_a_missing_parent_is_refused_first() {
        let base = std::env::temp_dir().join(format!("sweepscope-report-{}", std::process::id()));
        std::fs::create_dir_all(&base).expect("temp folder");
        let scene = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/scenes/default.ron"));
        let args = |out: PathBuf| ReportArgs {
            scene: scene.clone(),
            out,
            ..Default::default()
        };
        let e = preflight(&args(base.clone())).expect_err("exists");
        assert!(e.contains("already exists"), "{e}");
        let e = preflight(&args(base.join("no/such/dir"))).expect_err("no parent");
        assert!(e.contains("does not exist"), "{e}");
        assert!(!base.join("no").exists());
        assert!(preflight(&args(base.join("new"))).is_ok());
        let mut bad = args(base.join("new"));
        bad.scene = base.join("missing.ron");
        let e = preflight(&bad).expect_err("no scene");
        assert!(
            e.contains("missing.ron") && e.contains("cannot read"),
            "{e}"
        );
        let _ = std::fs::remove_dir_all(base);
    }
}
