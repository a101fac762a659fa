//! What a user or a script can feed the command line: each test is named after a way the
//! tools must not fail (crash, hang, print nonsense or lose a file), and drives the real
//! binary.

mod cli_support;

use cli_support::text;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sweepscope"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary starts")
}

fn folder(name: &str) -> PathBuf {
    cli_support::folder("robust", name)
}

fn write(dir: &Path, name: &str, content: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, content).expect("write fixture");
    p
}

/// Waits for the child at most `limit`; kills it and fails if it is still running.
fn finishes_within(mut child: Child, limit: Duration, what: &str) -> Output {
    let start = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn sim_scene(discs: &str) -> String {
    format!(
        "(version: 1, objects: [], simulation: Some((bounds: (min: (0.0, 0.0), max: (40.0, 20.0)), \
         discs: [{discs}], duration: 10.0)))"
    )
}

const BALL_SCENE: &str = r#"(
    version: 1,
    name: "NAME",
    objects: [
        (name: "BALL", shape: Ball(start: (0, 0), end: (10, 0), radius: 1)),
        (name: "wall", shape: Box(min: (5, -1), max: (6, 1))),
    ],
)"#;

#[test]
fn a_65536_character_name_is_refused_not_a_panic_in_the_table() {
    let d = folder("long-name");
    let name = "n".repeat(65_536);
    let scene = BALL_SCENE.replace("BALL", &name);
    let p = write(&d, "long.ron", scene.as_bytes());
    let out = run(&["check", p.to_str().unwrap_or_default()]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(1), "{}", &t[..t.len().min(2000)]);
    assert!(!t.contains("panicked"), "{}", &t[..t.len().min(2000)]);
    assert!(t.contains("65536 characters") && t.contains("MAX_NAME_CHARS"));
    // The message quotes the start of the name, not all of it.
    assert!(t.len() < 4_000, "{} bytes of output", t.len());
    let _ = std::fs::remove_dir_all(&d);
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_paths_or_clean_errors_in_every_mode() {
    use std::os::unix::ffi::OsStringExt;
    let bad = || OsString::from_vec(b"sc\xffene.ron".to_vec());
    let cases: Vec<(Vec<OsString>, i32, &str)> = vec![
        // Accepted as a path that does not exist.
        (vec!["check".into(), bad()], 1, "cannot read"),
        (vec!["sim".into(), bad()], 1, "cannot read"),
        (
            vec!["batch".into(), "--input".into(), bad()],
            2,
            "cannot open",
        ),
        (
            vec!["--screenshot".into(), "x.png".into(), bad()],
            1,
            "cannot read",
        ),
        // Not a path: refused by the parser.
        (
            vec!["sim".into(), "x.ron".into(), "--time".into(), bad()],
            2,
            "UTF-8",
        ),
        (vec!["--demo".into(), bad()], 2, "invalid value"),
        (vec![bad(), "x".into()], 2, "error"),
    ];
    for (args, code, says) in cases {
        let out = bin().args(&args).output().expect("runs");
        let t = text(&out);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {t}");
        assert!(t.contains(says) && !t.contains("panicked"), "{args:?}: {t}");
    }
}

#[test]
fn subnormal_mass_does_not_index_the_grid_out_of_bounds() {
    let d = folder("subnormal");
    let scene = sim_scene(
        "(position: (5.0, 10.0), velocity: (5.0, 0.0), radius: 1.0, mass: Some(1e-310)), \
         (position: (15.0, 10.0), velocity: (-5.0, 0.0), radius: 1.0)",
    );
    let p = write(&d, "subnormal.ron", scene.as_bytes());
    let p = p.to_str().unwrap_or_default();
    let check = run(&["check", p]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check));
    let out = run(&["sim", p, "--max-events", "200000"]);
    let t = text(&out);
    assert!(!t.contains("panicked"), "{t}");
    assert!(!t.contains("NaN") && !t.contains("inf"), "{t}");
    // The feather is squeezed between the anvil and the wall: contacts pile up at one
    // instant, which is a stall, not a healthy run.
    assert_eq!(out.status.code(), Some(1), "{t}");
    assert!(
        t.contains("stalled") && t.contains("does not resolve"),
        "{t}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn speeds_and_masses_beyond_f64_are_refused_not_reported_as_inf() {
    let d = folder("huge");
    for (name, disc, says) in [
        (
            "fast.ron",
            "(position: (5.0, 10.0), velocity: (1e155, 3e154), radius: 1.0)",
            "MAX_SPEED",
        ),
        (
            "heavy.ron",
            "(position: (5.0, 10.0), velocity: (1e90, 0.0), radius: 1.0, mass: Some(1e300))",
            "kinetic energy",
        ),
    ] {
        let p = write(&d, name, sim_scene(disc).as_bytes());
        let p = p.to_str().unwrap_or_default();
        for mode in ["check", "sim"] {
            let out = run(&[mode, p]);
            let t = text(&out);
            assert_eq!(out.status.code(), Some(1), "{mode} {name}: {t}");
            assert!(t.contains(says), "{mode} {name}: {t}");
            assert!(
                !t.contains("NaN") && !t.contains(" inf"),
                "{mode} {name}: {t}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_healthy_run_that_reaches_the_event_cap_is_not_called_stalled() {
    let out = run(&["sim", "scenes/sim-billiards.ron", "--max-events", "50"]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(0), "{t}");
    assert!(t.contains("event cap") && !t.contains("stalled"), "{t}");
}

#[test]
fn a_run_capped_after_one_or_two_events_is_not_called_stalled() {
    // The bug: with --max-events 1 or 2 the "last tenth" was the last event, which
    // advanced the time by nothing, and a healthy run was called stalled (exit 1).
    for n in ["1", "2", "10"] {
        let out = run(&["sim", "scenes/sim-billiards.ron", "--max-events", n]);
        let t = text(&out);
        assert_eq!(out.status.code(), Some(0), "{n}: {t}");
        assert!(
            t.contains("event cap")
                && t.contains("too few events to tell")
                && !t.contains("stalled"),
            "{n}: {t}"
        );
    }
}

#[test]
fn max_events_0_processes_no_event() {
    let out = run(&["sim", "scenes/sim-cradle.ron", "--max-events", "0"]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(0), "{t}");
    assert!(
        t.contains("events:   0 collisions") && t.contains("0 cell crossings"),
        "{t}"
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_as_scene_is_refused_at_once_by_check_sim_and_screenshot() {
    let d = folder("fifo");
    let fifo = d.join("scene.ron");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let f = fifo.to_str().unwrap_or_default();
    let png = d.join("out.png");
    let png = png.to_str().unwrap_or_default();
    for args in [
        vec!["check", f],
        vec!["sim", f],
        vec!["--screenshot", png, f],
    ] {
        let child = bin()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        let out = finishes_within(child, Duration::from_secs(20), &format!("{args:?}"));
        let t = text(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {t}");
        assert!(t.contains("FIFO"), "{args:?}: {t}");
    }
    // A folder and a device are refused too.
    for path in [d.to_str().unwrap_or_default(), "/dev/zero"] {
        let out = run(&["check", path]);
        assert_eq!(out.status.code(), Some(1), "{path}");
        assert!(text(&out).contains("not a scene file"), "{}", text(&out));
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_utf8_byte_order_mark_is_accepted() {
    let d = folder("bom");
    let mut bytes = "\u{feff}".as_bytes().to_vec();
    bytes.extend_from_slice(BALL_SCENE.as_bytes());
    let p = write(&d, "bom.ron", &bytes);
    let out = run(&["check", p.to_str().unwrap_or_default()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn names_are_printed_with_control_characters_escaped() {
    let d = folder("escape");
    let scene = BALL_SCENE
        .replace("BALL", "red\\u{1b}[31m\\nFAKE LINE")
        .replace("NAME", "title\\u{7}\\u{202e}");
    let p = write(&d, "esc\u{1b}.ron", scene.as_bytes());
    let out = run(&["check", p.to_str().unwrap_or_default()]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(0), "{t}");
    assert!(!t.contains('\u{1b}') && !t.contains('\u{7}') && !t.contains('\u{202e}'));
    assert!(!t.contains("\nFAKE LINE"), "{t}");
    assert!(t.contains("red\\u{1b}[31m\\nFAKE LINE"), "{t}");
    assert!(t.contains("esc\\u{1b}.ron"), "{t}");
    // The debugger's own messages too (an invalid scene in an unattended run).
    let bad = write(&d, "bad\u{1b}.ron", b"(version: 1, objects: [");
    let png = d.join("out.png");
    let out = run(&[
        "--screenshot",
        png.to_str().unwrap_or_default(),
        bad.to_str().unwrap_or_default(),
    ]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(1), "{t}");
    assert!(!t.contains('\u{1b}') && t.contains("bad\\u{1b}.ron"), "{t}");
    let _ = std::fs::remove_dir_all(&d);
}

#[cfg(unix)]
#[test]
fn batch_output_onto_a_symlink_loop_is_refused_and_the_links_stay() {
    use std::os::unix::fs::symlink;
    let d = folder("loop");
    let (a, b) = (d.join("a.jsonl"), d.join("b.jsonl"));
    symlink(&b, &a).expect("a -> b");
    symlink(&a, &b).expect("b -> a");
    let out = bin()
        .args(["batch", "--output", a.to_str().unwrap_or_default()])
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("loop"), "{}", text(&out));
    for link in [&a, &b] {
        let m = std::fs::symlink_metadata(link).expect("still there");
        assert!(
            m.file_type().is_symlink(),
            "{} was replaced",
            link.display()
        );
    }
    assert_eq!(std::fs::read_dir(&d).expect("list").count(), 2);
    let _ = std::fs::remove_dir_all(&d);
}

#[cfg(target_os = "linux")]
#[test]
fn a_killed_batch_run_leaves_no_temporary_file() {
    let d = folder("killed");
    let out_path = d.join("out.jsonl");
    let mut child = bin()
        .args(["batch", "--output", out_path.to_str().unwrap_or_default()])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("runs");
    let line =
        br#"{"id":1,"kind":"segment","start":[0,0],"end":[1,0],"radius":1,"a":[5,0],"b":[6,0]}"#;
    if let Some(stdin) = child.stdin.as_mut() {
        let _ = stdin.write_all(line);
        let _ = stdin.write_all(b"\n");
        let _ = stdin.flush();
    }
    // Give it time to open its output and answer (a named temporary appears at once).
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(2)
        && std::fs::read_dir(&d).map_or(0, |it| it.count()) == 0
    {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200));
    child.kill().expect("kill -9");
    let _ = child.wait();
    let left: Vec<_> = std::fs::read_dir(&d)
        .expect("list")
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn screenshot_into_a_missing_folder_fails_without_creating_it() {
    let d = folder("shot");
    let missing = d.join("no").join("such");
    let png = missing.join("x.png");
    let out = run(&[
        "--screenshot",
        png.to_str().unwrap_or_default(),
        "--demo",
        "default",
    ]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(1), "{t}");
    assert!(t.contains("does not exist"), "{t}");
    assert!(!d.join("no").exists(), "a folder was created");
    let _ = std::fs::remove_dir_all(&d);
}

/// Robustness attack: `--screenshot s.ron s.ron` replaced the scene with a PNG. A file
/// there that is not a PNG is refused before anything runs; an earlier PNG is replaced.
#[test]
fn a_screenshot_never_replaces_a_file_that_is_not_a_png() {
    let d = folder("shot-over");
    let scene = d.join("s.ron");
    std::fs::copy("scenes/default.ron", &scene).expect("copy");
    let before = std::fs::read(&scene).expect("read");
    let s = scene.to_str().unwrap_or_default();
    let out = run(&["--screenshot", s, s]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(1), "{t}");
    assert!(
        t.contains("exists and is not a PNG: not overwritten"),
        "{t}"
    );
    assert_eq!(std::fs::read(&scene).expect("read"), before);
    // Outside test: a new file not named .png got the picture (`--screenshot out.ron`, a
    // slip for the scene's argument).
    let typo = d.join("out.ron");
    let out = run(&["--screenshot", typo.to_str().unwrap_or_default(), s]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(1), "{t}");
    assert!(t.contains("does not end in .png"), "{t}");
    assert!(!typo.exists());
    let _ = std::fs::remove_dir_all(&d);
}

/// Robustness attack: an `--out` that is a file read "File exists (os error 17)" for hunt
/// and "the folder … does not exist" for report.
#[test]
fn an_out_that_is_a_file_is_named_as_a_file() {
    let out = run(&[
        "hunt",
        "--against",
        "substep",
        "--count",
        "10",
        "--out",
        "scenes/default.ron",
    ]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(1), "{t}");
    assert!(
        t.contains("--out scenes/default.ron: it is a file, not a folder"),
        "{t}"
    );
    let out = run(&[
        "report",
        "--out",
        "scenes/default.ron/x",
        "scenes/default.ron",
    ]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(1), "{t}");
    assert!(
        t.contains("the folder scenes/default.ron is a file, not a folder"),
        "{t}"
    );
}

/// Hostile test: a FIFO given as hunt's `--out` was called "a file".
#[cfg(unix)]
#[test]
fn an_out_that_is_a_fifo_is_named_as_a_fifo() {
    let d = folder("out-fifo");
    let fifo = d.join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let out = run(&[
        "hunt",
        "--against",
        "substep",
        "--count",
        "10",
        "--out",
        fifo.to_str().expect("a UTF-8 temp path"),
    ]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(1), "{t}");
    assert!(t.contains("it is a FIFO (named pipe), not a folder"), "{t}");
}

#[test]
fn limits_are_named_when_refused() {
    let out = run(&[
        "sim",
        "scenes/sim-cradle.ron",
        "--max-events",
        "99999999999",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).contains("MAX_SIM_EVENTS"), "{}", text(&out));
    let out = run(&["--stress", "100000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).contains("MAX_OBJECTS"), "{}", text(&out));
    let out = run(&["sim", "--bench", "--seconds", "1e300"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).contains("MAX_BENCH_SECONDS"), "{}", text(&out));
}

#[test]
fn sim_counts_one_disc_in_the_singular() {
    // The bug: "1 discs, 1 obstacles … after 1 events".
    let d = folder("singular");
    let p = d.join("one.ron");
    let scene = "(version: 1, objects: [], simulation: Some((bounds: (min: (0, 0), max: (10, 10)), \
                 discs: [(position: (5, 5), velocity: (1, 0), radius: 1)], restitution: 1, \
                 duration: 1)))";
    std::fs::write(&p, scene).unwrap_or_else(|e| panic!("{e}"));
    let out = run(&["sim", p.to_str().unwrap_or_default()]);
    let t = text(&out);
    assert!(t.contains(": 1 disc, 0 obstacles,"), "{t}");
    assert!(t.contains("events:   0 collisions"), "{t}");
    let _ = std::fs::remove_dir_all(&d);
}

/// `hunt --out DIR | head -1` panicked on the closed pipe ("failed printing to stdout") with
/// exit 101, and wrote one scene of the 25 or so it had found.
#[test]
fn hunt_into_a_closed_pipe_still_writes_every_scene_and_exits_2() {
    let dir = folder("hunt-closed-pipe");
    let (piped, whole) = (dir.join("piped"), dir.join("whole"));
    let hunt = |out: &Path| {
        let mut c = bin();
        c.args([
            "hunt",
            "--against",
            "substep",
            "--count",
            "400",
            "--keep",
            "50",
            "--out",
        ])
        .arg(out);
        c
    };
    let mut child = hunt(&piped)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // The reader goes away before the first line, as `head -1` does after it.
    drop(child.stdout.take());
    let out = finishes_within(child, Duration::from_secs(120), "hunt into a closed pipe");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(!text(&out).contains("panicked"), "{}", text(&out));
    let ok = hunt(&whole).output().expect("the binary starts");
    assert!(ok.status.success(), "{}", text(&ok));
    let count = |d: &Path| std::fs::read_dir(d).map_or(0, |r| r.count());
    assert!(count(&whole) > 1, "the hunt finds disagreements to write");
    assert_eq!(count(&piped), count(&whole), "every scene is written");
}

/// `sim`, `report` and `check --record` panicked with exit 101 when standard output was
/// full; `check` alone exited 2, as the docs say of every tool.
#[test]
fn a_full_standard_output_is_exit_2_with_a_message_not_a_panic() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // No /dev/full on this system.
    };
    let dir = folder("full-stdout");
    let recorded = dir.join("record.ron");
    std::fs::copy("scenes/default.ron", &recorded).expect("copy a scene");
    let report = dir.join("report");
    let runs: [Vec<OsString>; 7] = [
        // Hostile test: the help and the version went to a full output with exit 0.
        vec!["--help".into()],
        vec!["--version".into()],
        vec!["check".into(), "--help".into()],
        vec!["sim".into(), "scenes/sim-billiards.ron".into()],
        vec!["check".into(), "--record".into(), recorded.into()],
        vec![
            "report".into(),
            "scenes/default.ron".into(),
            "--no-screenshot".into(),
            "--out".into(),
            report.clone().into(),
        ],
        vec![
            "hunt".into(),
            "--against".into(),
            "substep".into(),
            "--count".into(),
            "50".into(),
        ],
    ];
    for args in runs {
        let out = bin()
            .args(&args)
            .stdout(full.try_clone().expect("clone /dev/full"))
            .output()
            .expect("the binary starts");
        let err = text(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.contains("cannot write the output"), "{args:?}: {err}");
    }
    assert!(
        report.join("report.md").is_file(),
        "the folder is written all the same"
    );
}

/// `sweepscope chek` (a typo) and `sweepscope record` (recording is `check --record`) went
/// to the debugger with a scene named "chek", which said there was no display; with more
/// arguments (`chek scene.ron`, `hnut --against substep`) clap gave an unrelated error.
#[test]
fn a_mistyped_command_is_named_with_the_command_meant() {
    for (args, meant) in [
        (&["chek"][..], "sweepscope check`"),
        (&["chek", "scenes/default.ron"][..], "sweepscope check`"),
        (&["CHEK"][..], "sweepscope check`"),
        (&["hnut", "--against", "substep"][..], "sweepscope hunt`"),
        (
            &["record", "scenes/default.ron"][..],
            "sweepscope check --record`",
        ),
    ] {
        let out = bin()
            .args(args)
            .env_remove("DISPLAY")
            .output()
            .expect("the binary starts");
        let t = text(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {t}");
        assert!(
            t.contains(&format!("`{}` is neither a file nor a command", args[0])),
            "{t}"
        );
        assert!(t.contains(meant), "{args:?}: {t}");
    }
    // A word far from every command, or a scene path, is a file the debugger would open:
    // one that is missing is said to be so, before any word about a display.
    for word in ["zebra", "missing.ron"] {
        let out = bin()
            .arg(word)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .expect("the binary starts");
        let t = text(&out);
        assert!(!t.contains("neither a file nor a command"), "{word}: {t}");
        assert!(
            t.contains(&format!("cannot read {word}: no such file")),
            "{t}"
        );
        assert_eq!(out.status.code(), Some(1));
    }
}

/// Hostile test: an elastic run lost all its energy (5e7 to 0) to the engine's rules for
/// collisions at one instant and `sim` said nothing but the figure. A mass ratio of 10⁸
/// against a wall is now within them (31,415 collisions, energy kept); past about 10⁹ the
/// loss is said in words.
#[test]
fn an_elastic_run_that_loses_its_energy_to_the_instant_rules_says_so() {
    let d = folder("pi-billiards");
    for (mass, loses) in [("1e8", false), ("1e12", true)] {
        let scene = sim_scene(&format!(
            "(position: (1.0, 10.0), velocity: (0.0, 0.0), radius: 1.0, mass: Some(1.0)), \
             (position: (20.0, 10.0), velocity: (-1.0, 0.0), radius: 1.0, mass: Some({mass}))"
        ));
        let p = write(&d, &format!("pi-{mass}.ron"), scene.as_bytes());
        let out = run(&["sim", p.to_str().unwrap_or_default(), "--time", "30"]);
        let t = text(&out);
        assert_eq!(out.status.code(), Some(0), "{mass}: {t}");
        assert_eq!(
            t.contains("note: this elastic run lost 100.000% of its energy"),
            loses,
            "{mass}: {t}"
        );
        if !loses {
            assert!(t.contains("31415 collisions"), "{mass}: {t}");
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}
