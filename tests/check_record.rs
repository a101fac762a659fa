//! `sweepscope check --record`: rewrites a scene's expectations from the exact answers,
//! keeps everything else, and a following `check` passes; files it cannot record are named
//! and left byte for byte as they were.

mod cli_support;

use cli_support::{path_str, text};
use std::path::PathBuf;
use std::process::{Command, Output};

use sweepscope::scene::{Scene, load_scene};

fn sweepscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sweepscope"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn folder(name: &str) -> PathBuf {
    cli_support::folder("record", name)
}

/// Two balls, a box, a rotated box and a segment; no expectations. The notes hold what a
/// user writes: an apostrophe, a quote, line breaks, indentation.
const NO_EXPECTATIONS: &str = r##"(
    version: 1,
    name: "record me",
    description: "Two balls over a floor.",
    notes: r#"Hand computation: 'faller' drops 20 from y = 12 with r = 2 onto the floor's
top at y = 0, so it touches at y = 2: t = (12 - 2) / 20 = 0.5, on the top side.
    'passer' moves along y = 30, far above everything: no hit.
A "quoted" word."#,
    objects: [
        (name: "faller", shape: Ball(start: (0, 12), end: (0, -8), radius: 2)),
        (name: "floor", shape: Box(min: (-10, -2), max: (10, 0))),
        (name: "passer", shape: Ball(start: (-50, 30), end: (50, 30), radius: 1)),
        (name: "tilted", shape: RotatedBox(center: (40, 0), half_extents: (2, 1), angle: 30)),
        (name: "post", shape: Segment(a: (-40, -5), b: (-40, 5))),
    ],
    response: (kind: Stop),
)"##;

#[test]
fn a_scene_without_expectations_is_recorded_then_passes_and_keeps_its_notes() {
    let d = folder("plain");
    let file = d.join("scene.ron");
    std::fs::write(&file, NO_EXPECTATIONS).expect("write");
    let before: Scene = load_scene(&file).expect("loads");
    assert!(before.expect.is_empty());

    let out = sweepscope(&["check", "--record", path_str(&file)]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(0), "{t}");
    // 2 balls × 3 obstacles; only the faller hits (the floor).
    // And each ball's path: the faller stops on the floor, the passer meets nothing.
    assert!(
        t.contains("scene.ron: recorded 6 expectations (1 hit, 5 misses) and 2 paths, replacing 0"),
        "{t}"
    );

    let after: Scene = load_scene(&file).expect("the recorded file loads");
    assert_eq!(after.notes, before.notes);
    assert_eq!(after.objects, before.objects);
    assert_eq!(
        (&after.name, &after.description),
        (&before.name, &before.description)
    );
    assert_eq!(after.response, before.response);
    assert_eq!(after.expect.len(), 6);
    // The faller's contact, by the hand computation in the notes.
    let e = after
        .expect
        .iter()
        .find(|e| e.ball == "faller" && e.obstacle == "floor")
        .expect("recorded");
    assert!(e.hit);
    assert_eq!(e.time, Some(0.5));
    assert_eq!(e.feature.as_deref(), Some("t"));
    assert_eq!(e.normal, Some(sweepscope::Vec2::Y));
    assert_eq!(e.started_inside, Some(false));
    assert!(
        after
            .expect
            .iter()
            .filter(|e| e.ball == "passer")
            .all(|e| !e.hit)
    );

    let paths: Vec<(&str, usize)> = after
        .expect_paths
        .iter()
        .map(|p| (p.ball.as_str(), p.contacts.len()))
        .collect();
    assert_eq!(paths, [("faller", 1), ("passer", 0)]);
    assert_eq!(
        after.expect_paths[0].end,
        Some(sweepscope::Vec2::new(0.0, 2.0))
    );
    assert_eq!(
        after.expect_paths[1].end,
        Some(sweepscope::Vec2::new(50.0, 30.0))
    );

    let out = sweepscope(&["check", path_str(&file)]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(0), "{t}");
    assert_eq!(t.matches("    PASS expect[").count(), 6, "{t}");
    assert!(
        t.contains("PASS expect_paths[0] faller: 1 contact (floor at t = 0.5), ends at (0, 2)"),
        "{t}"
    );
    assert!(
        t.contains("PASS expect[0] faller vs floor: hit at t = 0.5"),
        "{t}"
    );

    // Recording again changes nothing, not even the file's bytes.
    let bytes = std::fs::read(&file).expect("read");
    let out = sweepscope(&["check", "--record", path_str(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(text(&out).contains("unchanged"), "{}", text(&out));
    assert_eq!(std::fs::read(&file).expect("read"), bytes);

    // The expectations are a regression test: move the floor and check fails.
    // Only the list was added: the rest of the file is as it was written.
    let recorded = String::from_utf8(bytes).expect("utf-8");
    let list_start = recorded.find("    expect: [\n").expect("a list");
    assert_eq!(&recorded[..list_start], &NO_EXPECTATIONS[..list_start]);
    assert_eq!(recorded[list_start..].lines().last(), Some(")"));
    let moved = recorded.replace(
        "min: (-10, -2), max: (10, 0)",
        "min: (-10, -4), max: (10, -2)",
    );
    assert!(moved.contains("(-10, -4)"), "the floor was found:\n{moved}");
    std::fs::write(&file, moved).expect("write");
    let out = sweepscope(&["check", path_str(&file)]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("FAIL expect[0] faller vs floor: time: expected 0.5"));
    assert!(
        text(&out).contains("FAIL expect_paths[0] faller: contact 1 (floor) time: expected 0.5"),
        "{}",
        text(&out)
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn failing_expectations_are_replaced_and_their_tolerance_kept() {
    let d = folder("failing");
    let file = d.join("failing.ron");
    std::fs::copy("tests/bad_scenes/failing-expectation.ron", &file).expect("copy");
    let before = load_scene(&file).expect("loads");
    assert_eq!(
        sweepscope(&["check", path_str(&file)]).status.code(),
        Some(1)
    );
    // The fixture explains itself in a comment, which recording keeps.
    let out = sweepscope(&["check", "--record", path_str(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    // It overturned a claim silently ("replacing 1"); it says which now.
    let said = text(&out);
    assert!(
        said.contains("warning: replaced a failing expectation: expect[0]"),
        "{said}"
    );
    let after = load_scene(&file).expect("loads");
    let text_now = std::fs::read_to_string(&file).expect("read");
    assert!(
        text_now.starts_with("// A valid scene whose expectation is wrong"),
        "{text_now}"
    );
    let kept = |s: &Scene| {
        s.expect
            .iter()
            .map(|e| (e.ball.clone(), e.obstacle.clone(), e.tolerance))
            .collect::<Vec<_>>()
    };
    for (ball, obstacle, tolerance) in kept(&before) {
        assert!(
            kept(&after).contains(&(ball.clone(), obstacle.clone(), tolerance)),
            "{ball} vs {obstacle} keeps its tolerance {tolerance}"
        );
    }
    let out = sweepscope(&["check", path_str(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn files_that_cannot_be_recorded_are_named_and_left_as_they_were() {
    let d = folder("refused");
    let good = d.join("good.ron");
    std::fs::write(&good, NO_EXPECTATIONS).expect("write");
    let invalid = d.join("invalid.ron");
    std::fs::copy("tests/bad_scenes/nan.ron", &invalid).expect("copy");
    let mut crowded = String::from("(version: 1, objects: [\n");
    crowded.push_str("(name: \"ball\", shape: Ball(start: (0, 0), end: (1, 0), radius: 1)),\n");
    for i in 0..10_001 {
        crowded.push_str(&format!(
            "(name: \"o{i}\", shape: Box(min: ({i}, 5), max: ({i}.5, 6))),\n"
        ));
    }
    crowded.push_str("])\n");
    let crowded_file = d.join("crowded.ron");
    std::fs::write(&crowded_file, &crowded).expect("write");
    let missing = d.join("missing.ron");
    let refused = [&invalid, &crowded_file];
    let bytes: Vec<Vec<u8>> = refused
        .iter()
        .map(|p| std::fs::read(p).expect("read"))
        .collect();

    let out = sweepscope(&[
        "check",
        "--record",
        path_str(&invalid),
        path_str(&good),
        path_str(&crowded_file),
        path_str(&missing),
    ]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(1), "{t}");
    for needle in [
        "invalid.ron: not recorded: it does not load:",
        "invalid.ron:6: object 1 \"wall\"",
        "crowded.ron: not recorded: it has 10001 ball × obstacle pairs",
        "MAX_EXPECTATIONS",
        "missing.ron: not recorded: ",
        "cannot read",
        "good.ron: recorded 6 expectations",
        "3 of 4 files not recorded",
    ] {
        assert!(t.contains(needle), "{needle:?} not in\n{t}");
    }
    assert!(!t.contains("panicked"), "{t}");
    for (p, b) in refused.iter().zip(&bytes) {
        assert_eq!(
            &std::fs::read(p).expect("still there"),
            b,
            "{}",
            p.display()
        );
    }
    assert!(!missing.exists());
    // Nothing but the files themselves in the folder: no temporary left behind.
    assert_eq!(std::fs::read_dir(&d).expect("dir").count(), 3);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn comments_and_layout_are_kept_and_only_the_list_changes() {
    let d = folder("commented");
    let file = d.join("commented.ron");
    let original = NO_EXPECTATIONS
        .replace(
            "    version: 1,",
            "    // why this scene exists: 'faller' lands at t = 0.5\n    version: 1,",
        )
        .replace(
            "    response: (kind: Stop),",
            "    response: (kind: Stop), /* stops at the first contact */\n    expect: [\n        // a stale guess\n        (ball: \"faller\", obstacle: \"floor\", hit: false, tolerance: 0.01),\n    ],",
        );
    std::fs::write(&file, &original).expect("write");
    assert_eq!(
        sweepscope(&["check", path_str(&file)]).status.code(),
        Some(1),
        "the guess fails"
    );
    let out = sweepscope(&["check", "--record", path_str(&file)]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(0), "{t}");
    assert!(
        t.contains("recorded 6 expectations (1 hit, 5 misses) and 2 paths, replacing 1"),
        "{t}"
    );
    let now = std::fs::read_to_string(&file).expect("read");
    // Everything around the list is byte for byte what it was.
    let (before_list, _) = original.split_once("    expect: [").expect("list");
    assert!(now.starts_with(before_list), "{now}");
    assert!(now.ends_with("    ],\n)"), "{now}");
    assert!(
        !now.contains("a stale guess"),
        "the old list is replaced whole: {now}"
    );
    let after = load_scene(&file).expect("loads");
    // The pair it asserted keeps its tolerance; the others get the default.
    let floor = after
        .expect
        .iter()
        .find(|e| e.ball == "faller" && e.obstacle == "floor")
        .expect("recorded");
    assert_eq!((floor.hit, floor.tolerance), (true, 0.01));
    let out = sweepscope(&["check", path_str(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_changed_answer_the_notes_state_is_flagged() {
    let d = folder("stale");
    let file = d.join("stale.ron");
    let scene = NO_EXPECTATIONS.replace(
        "    response: (kind: Stop),",
        "    response: (kind: Stop),\n    expect: [(ball: \"faller\", obstacle: \"floor\", hit: true, time: 0.5)],",
    );
    // The floor is 2 lower than the notes say: the contact is at 0.6, not 0.5.
    let scene = scene.replace(
        "min: (-10, -2), max: (10, 0)",
        "min: (-10, -4), max: (10, -2)",
    );
    std::fs::write(&file, scene).expect("write");
    let out = sweepscope(&["check", "--record", path_str(&file)]);
    let t = text(&out);
    assert_eq!(out.status.code(), Some(0), "{t}");
    assert!(
        t.contains("stale.ron: warning: may be stale now: notes: 0.5 (faller vs floor: was t = 0.5, now t = 0.6"),
        "{t}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// Wording: recording a scene of one pair again said "its 1 expectation (1 hit, 0 misses)
/// are the current answers"; a file with over 100 problems ended its list with
/// "scene: `...` and 50 more problems not listed".
#[test]
fn counts_of_one_and_the_unlisted_problems_read_as_sentences() {
    let dir = folder("wording");
    let one = dir.join("one.ron");
    std::fs::write(
        &one,
        r#"(version: 1, objects: [
    (name: "b", shape: Ball(start: (0.0, 5.0), end: (0.0, -5.0), radius: 1.0)),
    (name: "f", shape: Box(min: (-5.0, -2.0), max: (5.0, 0.0))),
])"#,
    )
    .expect("write");
    for _ in 0..2 {
        let out = sweepscope(&["check", "--record", path_str(&one)]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    }
    let out = sweepscope(&["check", "--record", path_str(&one)]);
    assert!(
        text(&out)
            .contains("its 1 expectation (1 hit, 0 misses) and 1 path are the current answers\n"),
        "{}",
        text(&out)
    );
    let many = dir.join("many.ron");
    let balls: Vec<String> = (0..150)
        .map(|i| {
            format!(
                "(name: \"b{i}\", shape: Ball(start: (0.0, 0.0), end: (1.0, 1.0), radius: -1.0))"
            )
        })
        .collect();
    std::fs::write(
        &many,
        format!("(version: 1, objects: [{}])", balls.join(",\n")),
    )
    .expect("write");
    let out = sweepscope(&["check", path_str(&many)]);
    let t = text(&out);
    let count = ": scene: 50 more problems, not listed (the first 100 are)";
    let at = t.find(count).unwrap_or_else(|| panic!("{t}"));
    // After the listed ones, not before them.
    assert!(t.rfind("`radius`").is_some_and(|last| last < at), "{t}");
    assert!(!t.contains("`...`"), "{t}");
}

/// Robustness attack: a valid 16 MiB scene of 100 balls × 100 boxes was recorded into a
/// 17 MiB file, past the size every loader refuses: `check` then refused the file that
/// `check --record` had just written. It is refused before the write, the file untouched.
#[test]
fn a_record_that_would_push_the_file_past_the_size_limit_is_refused() {
    let dir = folder("too-big");
    let mut s = String::from("(\n    version: 1,\n    notes: \"");
    // Padding that leaves the file just under 16 MiB before the expectations.
    let limit = sweepscope::scene::MAX_SCENE_BYTES as usize;
    let mut objects = String::from("\",\n    objects: [\n");
    for i in 0..100 {
        objects.push_str(&format!(
            "        (name: \"ball{i}\", shape: Ball(start: ({}, 0), end: ({}, 100), radius: 1)),\n",
            i * 3,
            i * 3
        ));
    }
    for j in 0..100 {
        objects.push_str(&format!(
            "        (name: \"o{j}\", shape: Box(min: (-5, {}), max: (1000, {}))),\n",
            j * 10 + 5,
            j * 10 + 6
        ));
    }
    objects.push_str("    ],\n)\n");
    let pad = limit - 20_000 - s.len() - objects.len();
    s.push_str(&"p".repeat(pad));
    s.push_str(&objects);
    let file = dir.join("big.ron");
    std::fs::write(&file, &s).expect("written");
    let out = sweepscope(&["check", "--record", path_str(&file)]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("past the 16 MiB a scene file may be (MAX_SCENE_BYTES)"),
        "{}",
        text(&out)
    );
    assert_eq!(std::fs::read_to_string(&file).expect("read"), s);
}
