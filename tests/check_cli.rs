//! `sweepscope check` on good and bad scene files: exit status, the position or object the
//! message names, JSON output, and that checking never modifies a file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sweepscope"))
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn check(args: &[&str]) -> Output {
    bin()
        .arg("check")
        .args(args)
        .current_dir(root())
        .output()
        .expect("sweepscope runs")
}

fn all_text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Each bad scene with strings its message must contain: the position (`file:line:col` for
/// parse errors, `file:line` plus the object for validation errors) and the gist.
const BAD: &[(&str, &[&str])] = &[
    (
        "malformed-syntax.ron",
        &["tests/bad_scenes/malformed-syntax.ron:6:9: ", "comma"],
    ),
    (
        "truncated.ron",
        &["tests/bad_scenes/truncated.ron:5:62: ", "end of file"],
    ),
    // A file cut short inside a string was "wrong type: expected a quoted string".
    (
        "unclosed-string.ron",
        &[
            "tests/bad_scenes/unclosed-string.ron:5:12: ",
            "never closed",
        ],
    ),
    // ron's own words: "Expected struct `View` but found `Some`".
    (
        "named-struct.ron",
        &[
            "tests/bad_scenes/named-struct.ron:4:11: ",
            "expected a `View`, written `( ... )` with no name",
        ],
    ),
    // "found `None( ... )`", which is not what was written.
    (
        "none-struct.ron",
        &[
            "tests/bad_scenes/none-struct.ron:4:11: ",
            "but found `None`; leave the field out",
        ],
    ),
    // ron's "Integer is out of bounds" and "Invalid digit 'e' for base 10 integers".
    (
        "negative-count.ron",
        &[
            "tests/bad_scenes/negative-count.ron:5:25: ",
            "whole number that fits",
        ],
    ),
    (
        "exponent-count.ron",
        &[
            "tests/bad_scenes/exponent-count.ron:5:24: ",
            "digits only (found 'e')",
        ],
    ),
    (
        "wrong-type.ron",
        &[
            "tests/bad_scenes/wrong-type.ron:5:81: ",
            "expected a number",
        ],
    ),
    (
        "unknown-field.ron",
        &[
            "tests/bad_scenes/unknown-field.ron:6:24: ",
            "unknown field `colour`",
        ],
    ),
    (
        "bad-path-expectation.ron",
        &[
            "tests/bad_scenes/bad-path-expectation.ron:11: expect_paths[1]: `ball` \"floor\" is a box, not a ball",
            "bad-path-expectation.ron:11: expect_paths[1]: `contacts[0].obstacle` names no object (\"wall\")",
            "`contacts[0].time`",
            "`contacts[0].normal` must be a unit vector (length 2)",
        ],
    ),
    (
        "nan.ron",
        &[
            "tests/bad_scenes/nan.ron:6: ",
            "object 1 \"wall\"",
            "`min.x`",
            "NaN",
        ],
    ),
    (
        "inf.ron",
        &[
            "tests/bad_scenes/inf.ron:5: ",
            "object 0 \"ball\"",
            "`end.x`",
            "inf",
        ],
    ),
    (
        "negative-radius.ron",
        &[
            "negative-radius.ron:5: ",
            "object 1 \"ball\"",
            "`radius`",
            "-2",
        ],
    ),
    (
        "zero-radius.ron",
        &[
            "zero-radius.ron:5: ",
            "object 1 \"post\"",
            "`radius`",
            "greater than 0",
        ],
    ),
    (
        "min-gt-max.ron",
        &[
            "min-gt-max.ron:5: ",
            "object 1 \"wall\"",
            "`min.y`",
            "(3 > 1)",
        ],
    ),
    (
        "duplicate-names.ron",
        &[
            "duplicate-names.ron:6: ",
            "object 2 \"wall\"",
            "already used by object 1",
        ],
    ),
    (
        "unknown-target.ron",
        &[
            "unknown-target.ron:9: ",
            "expect[1]",
            "`obstacle`",
            "\"floor\"",
        ],
    ),
    (
        "wrong-version.ron",
        &["wrong-version.ron:2: ", "`version` must be 1 (got 2)"],
    ),
    (
        "non-utf8.ron",
        &["tests/bad_scenes/non-utf8.ron:3:15: ", "not UTF-8", "0xE9"],
    ),
    ("empty.ron", &["tests/bad_scenes/empty.ron:1:1: ", "empty"]),
    (
        "failing-expectation.ron",
        &[
            "FAIL expect[0] ball vs wall",
            "time: expected 0.5",
            "got 0.4",
        ],
    ),
];

#[test]
fn every_bad_scene_fails_with_a_precise_message_and_is_left_untouched() {
    let dir = root().join("tests/bad_scenes");
    let mut seen = 0;
    for (name, needles) in BAD {
        let rel = format!("tests/bad_scenes/{name}");
        let before = std::fs::read(dir.join(name)).expect("fixture exists");
        let out = check(&[&rel]);
        let text = all_text(&out);
        assert_eq!(out.status.code(), Some(1), "{name}: {text}");
        for needle in *needles {
            assert!(text.contains(needle), "{name}: {needle:?} not in\n{text}");
        }
        assert!(!text.contains("panicked"), "{name}: {text}");
        let after = std::fs::read(dir.join(name)).expect("still there");
        assert_eq!(before, after, "{name} was modified");
        seen += 1;
    }
    // Every fixture in the folder is covered by the table above.
    let fixtures = std::fs::read_dir(&dir).expect("dir").count();
    assert_eq!(
        seen + 1,
        fixtures,
        "update BAD for new fixtures (many-problems has its own test)"
    );
}

#[test]
fn all_validation_problems_are_listed_in_file_order() {
    let out = check(&["tests/bad_scenes/many-problems.ron"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    let expected = [
        ":5: object 0 \"\": `name` must not be empty",
        ":9: object 2 \"tilted\": `half_extents.x` must not be negative",
        ":12: scene: `view.zoom` must be greater than 0",
        ":13: variants[1]: \"magic\" is not a known variant",
        ":15: expect[0]: `ball` \"wall\" is a box, not a ball",
        ":15: expect[0]: `feature` \"corner\" is not a feature name",
        ":21: simulation disc 1: `position` overlaps disc 0",
        ":22: simulation disc 2: `position` puts the disc (radius 1) outside",
    ];
    assert_eq!(lines.len(), expected.len(), "{stderr}");
    for (line, want) in lines.iter().zip(expected) {
        assert!(
            line.starts_with("tests/bad_scenes/many-problems.ron") && line.contains(want),
            "{line:?} should contain {want:?}"
        );
    }
}

#[test]
fn the_curated_scenes_pass() {
    let mut files: Vec<String> = std::fs::read_dir(root().join("scenes"))
        .expect("scenes/")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| p.display().to_string())
        .collect();
    files.sort();
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    let out = check(&args);
    let text = all_text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("all expectations hold"), "{text}");
    assert!(!text.contains("FAIL"), "{text}");
}

#[test]
fn the_table_shows_pairs_with_time_feature_region_and_normal() {
    let out = check(&["scenes/default.ron"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let row = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("ball  box"))
        .unwrap_or_else(|| panic!("no ball/box row in\n{stdout}"));
    let words: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(
        words,
        [
            "ball", "box", "yes", "0.4", "tl", "1001", "TOP|LEFT", "(-0.6,", "0.8)", "no"
        ]
    );
    assert!(
        stdout.contains("PASS expect[1] ball vs wall: no hit"),
        "{stdout}"
    );
}

#[test]
fn json_output_is_one_document_with_pairs_and_errors() {
    let out = check(&[
        "--json",
        "scenes/default.ron",
        "tests/bad_scenes/min-gt-max.ron",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(doc["ok"], false);
    let good = &doc["files"][0];
    assert_eq!(good["valid"], true);
    assert_eq!(good["ok"], true);
    let hit = &good["pairs"][0]["hit"];
    assert_eq!(good["pairs"][0]["obstacle"], "box");
    assert!((hit["time"].as_f64().unwrap_or(f64::NAN) - 0.4).abs() < 1e-6);
    assert_eq!(hit["feature"], "tl");
    assert_eq!(hit["region_bits"], "1001");
    assert!(good["pairs"][1]["hit"].is_null());
    assert_eq!(good["expectations"][0]["passed"], true);
    let contacts = &good["paths"][0]["contacts"];
    assert_eq!(contacts[0]["obstacle"], "box");
    assert_eq!(contacts[1]["obstacle"], "wall");
    assert_eq!(contacts[1]["hit"]["feature"], "face-");
    let bad = &doc["files"][1];
    assert_eq!(bad["valid"], false);
    assert_eq!(bad["errors"][0]["line"], 5);
    let message = bad["errors"][0]["message"].as_str().unwrap_or_default();
    assert!(message.contains("object 1 \"wall\""), "{message}");
}

#[test]
fn a_file_over_16_mib_is_refused_without_parsing() {
    let dir: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR")).join("check-huge");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("huge.ron");
    // Valid-looking RON padded with a comment, one byte over the limit.
    let head = "(version: 1, objects: [])\n//";
    let mut text = head.as_bytes().to_vec();
    text.resize(16 * 1024 * 1024 + 1, b'x');
    std::fs::write(&path, &text).expect("write");
    let out = check(&[path.to_str().expect("utf-8 path")]);
    let all = all_text(&out);
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(all.contains("larger than 16 MiB"), "{all}");
    assert_eq!(
        std::fs::metadata(&path).expect("still there").len(),
        text.len() as u64
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn bad_command_lines_fail_cleanly() {
    // Usage errors are clap's (exit 2); files that cannot be checked exit 1.
    for (args, code) in [
        (&[][..], 2),
        (&["--frobnicate", "scenes/default.ron"][..], 2),
        (&["no/such/file.ron"][..], 1),
        (&["scenes"][..], 1),
    ] {
        let out = check(args);
        let text = all_text(&out);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {text}");
        assert!(!text.contains("panicked"), "{args:?}: {text}");
    }
    let out = check(&["no/such/file.ron"]);
    assert!(all_text(&out).contains("no/such/file.ron: cannot read"));
}

#[test]
fn notes_are_printed_escaped_and_in_the_json() {
    let dir: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR")).join("check-notes");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("notes.ron");
    std::fs::write(
        &path,
        r#"(
    version: 1,
    notes: "First line: the ball's path.\n  indented t = 0.5\nbell \u{7} and \u{1b}[2J",
    objects: [
        (name: "ball", shape: Ball(start: (0, 0), end: (10, 0), radius: 1)),
        (name: "wall", shape: Box(min: (5, -1), max: (6, 1))),
    ],
)"#,
    )
    .expect("write");
    let file = path.to_str().expect("utf-8 path");
    let out = check(&[file]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains(
            "  notes:\n    First line: the ball's path.\n      indented t = 0.5\n    bell \\u{7} and \\u{1b}[2J\n  ball "
        ),
        "{stdout}"
    );
    assert!(!stdout.contains('\u{1b}') && !stdout.contains('\u{7}'));
    let out = check(&["--json", file]);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(
        doc["files"][0]["notes"],
        "First line: the ball's path.\n  indented t = 0.5\nbell \u{7} and \u{1b}[2J"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `check big.ron | head` used to panic ("failed printing to stdout") once `head` closed
/// the pipe; the streamed output stops cleanly instead.
#[test]
fn check_into_a_closed_pipe_stops_without_a_panic() {
    use std::io::Read;
    use std::process::Stdio;
    for json in [false, true] {
        let mut c = bin();
        c.arg("check").current_dir(root());
        if json {
            c.arg("--json");
        }
        // Enough output to fill the pipe many times over.
        let files = vec!["scenes/default.ron"; 2000];
        let mut child = c
            .args(&files)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        let mut first = [0u8; 64];
        child
            .stdout
            .take()
            .expect("piped")
            .read_exact(&mut first)
            .expect("some output");
        // The read end is dropped here: every further write fails with a broken pipe.
        let out = child.wait_with_output().expect("ends");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "json {json}: {stderr}");
        assert_eq!(out.status.code(), Some(2), "json {json}: {stderr}");
    }
}

/// `variants: ["substeps"]` was "variants[0]: `id` \"substeps\" is not a known variant",
/// naming a field the file does not have, and no nearer id.
#[test]
fn a_mistyped_variant_is_told_the_id_it_is_near() {
    let dir = std::env::temp_dir().join(format!("sweepscope-variant-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("v.ron");
    let text = "(\n    version: 1,\n    objects: [],\n    variants: [\"substeps\"],\n)\n";
    std::fs::write(&file, text).unwrap_or_else(|e| panic!("{e}"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sweepscope"))
        .args(["check"])
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            ":4: variants[0]: \"substeps\" is not a known variant; did you mean \"substep\"?"
        ),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `check` said nothing of a scene's reported answers, which the debugger and the report
/// judge. It lists each verdict, without failing on it.
#[test]
fn check_lists_the_reported_answers_verdicts_without_failing_on_them() {
    let dir = std::env::temp_dir().join(format!("sweepscope-reported-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("r.ron");
    let text = r#"(
    version: 1,
    objects: [
        (name: "ball", shape: Ball(start: (-3.0, 50.0), end: (-3.0, 10.0), radius: 5.0)),
        (name: "box", shape: Box(min: (0.0, 0.0), max: (40.0, 30.0))),
    ],
    reported: [
        (ball: "ball", obstacle: "box", by: "my-engine", hit: true, time: 0.4333, detail: "status: Converged"),
    ],
)
"#;
    std::fs::write(&file, text).unwrap_or_else(|e| panic!("{e}"));
    let run = |json: bool| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_sweepscope"));
        c.arg("check");
        if json {
            c.arg("--json");
        }
        c.arg(&file).output().unwrap_or_else(|e| panic!("{e}"))
    };
    let out = run(false);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("reported (judged, not checked):")
            && text.contains(
                "my-engine on ball vs box: Δt = +0.0333 (said t = 0.4333; exact t = 0.4) [status: Converged]"
            ),
        "{text}"
    );
    // A verdict said what differs, not why: at its own time the ball is already inside the
    // box's rounded corner, past the first contact at 0.4.
    let why = "why: late: at its t = 0.4333 the ball is overlapping it by 0.98";
    assert!(text.contains(why), "{text}");
    let out = run(true);
    let doc: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
    let r = &doc["files"][0]["reported"][0];
    assert!(
        r["why"]
            .as_str()
            .is_some_and(|w| w.starts_with(&why["why: ".len()..])),
        "{r}"
    );
    assert_eq!(r["by"], "my-engine");
    assert_eq!(r["time"].as_f64().map(|t| t as f32), Some(0.4333));
    assert_eq!(r["detail"], "status: Converged");
    assert_eq!(r["disagrees"], true);
    assert_eq!(doc["ok"], true);
    let _ = std::fs::remove_dir_all(&dir);
}

/// User test: `check` on a scene saved with variants ticked printed the exact answers
/// alone. It lists each enabled variant's verdict on the pairs it handles (judged, not
/// checked: a tunnelling variant is what the scene shows, not a failure), in text and JSON.
#[test]
fn check_lists_the_enabled_variants_verdicts_without_failing_on_them() {
    let out = check(&["scenes/thin-wall.ron"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("  variants (judged, not checked):"), "{text}");
    assert!(
        text.contains("discrete on ball vs wall: MISSED HIT (its miss; exact t = 0.475); why: "),
        "{text}"
    );
    assert!(
        text.contains("substep on ball vs wall: Δt = +0.0250 (its t = 0.5; exact t = 0.475)"),
        "{text}"
    );
    assert!(
        text.contains("expanded-box on ball vs wall: agrees"),
        "{text}"
    );
    let out = check(&["--json", "scenes/thin-wall.ron"]);
    let doc: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
    let f = &doc["files"][0];
    let variants = f["variants"].as_array().cloned().unwrap_or_default();
    assert_eq!(variants.len(), 4, "{f}");
    assert_eq!(variants[0]["variant"], "discrete");
    assert_eq!(variants[0]["disagrees"], true);
    assert_eq!(variants[0]["hit"], serde_json::Value::Null);
    assert_eq!(variants[1]["hit"]["time"].as_f64(), Some(0.5));
    assert_eq!(f["variants_left_out"], 0);
    assert_eq!(doc["ok"], true);
}

/// The variants' verdicts are capped per scene (MAX_VARIANT_LINES), the rest counted.
#[test]
fn check_caps_the_variants_verdicts_and_counts_the_rest() {
    let dir = std::env::temp_dir().join(format!("sweepscope-variants-cap-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("many.ron");
    let boxes: String = (0..300)
        .map(|k| {
            let x = 10.0 * f64::from(k);
            format!(
                "        (name: \"b{k}\", shape: Box(min: ({x:.1}, 5.0), max: ({:.1}, 6.0))),\n",
                x + 1.0
            )
        })
        .collect();
    let text = format!(
        "(\n    version: 1,\n    objects: [\n        (name: \"ball\", shape: Ball(start: (0.0, 0.0), end: (3000.0, 0.0), radius: 1.0)),\n{boxes}    ],\n    variants: [\"discrete\", \"substep\", \"expanded-box\", \"trig-corner\"],\n)\n"
    );
    std::fs::write(&file, text).unwrap_or_else(|e| panic!("{e}"));
    let path = file.to_str().unwrap_or_default();
    let out = check(&[path]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let listed = text.lines().filter(|l| l.contains(" on ball vs b")).count();
    assert_eq!(listed, 1000);
    assert!(
        text.contains("… and 200 more (at most MAX_VARIANT_LINES, 1000, are listed)"),
        "{}",
        &text[text.len().saturating_sub(300)..]
    );
    let out = check(&["--json", path]);
    let doc: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
    let f = &doc["files"][0];
    assert_eq!(f["variants"].as_array().map(Vec::len), Some(1000));
    assert_eq!(f["variants_left_out"], 200);
    let _ = std::fs::remove_dir_all(&dir);
}

/// User test: `check` (and its JSON) listed the second floor box at a seam as a plain hit,
/// a contact the sliding ball never has; only the debugger said otherwise.
#[test]
fn check_says_which_contacts_the_bounce_path_never_reaches() {
    let out = check(&["scenes/seam-slide.ron"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains(
            "  not reached on the bounce path (the obstacle alone's contact):\n    ball vs B: \
             at t = 0.444098 on the straight motion; the path turns at t = 0.375 first\n"
        ),
        "{text}"
    );
    let out = check(&["--json", "scenes/seam-slide.ron"]);
    let doc: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
    let pairs = &doc["files"][0]["pairs"];
    assert_eq!(pairs[0]["on_path"], true);
    assert_eq!(pairs[1]["on_path"], false);
    // Without a turn (the default scene's first contact is the path's), none is listed.
    let out = check(&["scenes/thin-wall.ron"]);
    assert!(!String::from_utf8_lossy(&out.stdout).contains("not reached"));
}
