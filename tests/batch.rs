//! `sweepscope batch`, run as a program on the fixtures in `tests/data/batch*`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;
use sweepscope::{Aabb, Sweep, Vec2};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sweepscope"));
    c.arg("batch");
    c
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// Runs with `--input FILE`, output on stdout.
fn run_file(name: &str) -> Output {
    bin()
        .arg("--input")
        .arg(fixture(name))
        .output()
        .expect("the binary runs")
}

/// Runs with `stdin` as input.
fn run_stdin(input: &str, args: &[&str]) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // Feed stdin from another thread: the child's stdout pipe would otherwise fill up while
    // we are still writing, and both sides would wait forever.
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_owned();
    let feeder = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("the binary finishes");
    feeder
        .join()
        .expect("feeder thread")
        .expect("stdin takes the input");
    out
}

/// The binary with its input and output piped, for tests that talk to it as it runs.
fn spawn_piped() -> std::process::Child {
    bin()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

fn lines(out: &Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .expect("UTF-8 output")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn pair(v: &Value) -> [f64; 2] {
    [f(&v[0]), f(&v[1])]
}

#[track_caller]
fn close(a: f64, b: f64) {
    assert!((a - b).abs() < 1e-5, "{a} != {b}");
}

#[track_caller]
fn close2(a: [f64; 2], b: [f64; 2]) {
    close(a[0], b[0]);
    close(a[1], b[1]);
}

#[test]
fn queries_are_answered_in_order_with_hand_checked_contacts() {
    let out = run_file("batch_queries.jsonl");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answers = lines(&out);
    // Two blank (or blank-looking) lines in the fixture are skipped.
    assert_eq!(answers.len(), 11);
    let ids: Vec<&Value> = answers.iter().map(|a| &a["id"]).collect();
    assert_eq!(ids[0], 1);
    assert_eq!(ids[3], "seg-face");
    assert_eq!(ids[10], 11.5);

    // 1: the centre reaches x = 4 − 1 at t = 0.3.
    let a = &answers[0];
    assert_eq!(a["hit"], true);
    close(f(&a["time"]), 0.3);
    close2(pair(&a["center"]), [3.0, 0.0]);
    close2(pair(&a["normal"]), [-1.0, 0.0]);
    close2(pair(&a["point"]), [4.0, 0.0]);
    assert_eq!(a["feature"], "l");
    assert_eq!(a["started_inside"], false);

    // 2: passes 5 above a box 1 high: a miss, and nothing else on the line.
    assert_eq!(answers[1], serde_json::json!({"id": 2, "hit": false}));

    // 3: the bottom-left corner (5, 0.5) at distance 1 from y = 0: x = 5 − √0.75.
    let a = &answers[2];
    let x = 5.0 - 0.75f64.sqrt();
    close(f(&a["time"]), x / 10.0);
    close2(pair(&a["normal"]), [x - 5.0, -0.5]);
    close2(pair(&a["point"]), [5.0, 0.5]);
    assert_eq!(a["feature"], "bl");

    // seg-face: falling onto y = 0 from y = 3 over 7: touches at y = 1, t = 2/7.
    let a = &answers[3];
    close(f(&a["time"]), 2.0 / 7.0);
    close2(pair(&a["center"]), [5.0, 1.0]);
    close2(pair(&a["normal"]), [0.0, 1.0]);
    assert_eq!(a["feature"], "face+");

    // seg-cap: along the segment's own line onto its end b = (10, 0): x = 11, t = 0.5.
    let a = &answers[4];
    close(f(&a["time"]), 0.5);
    close2(pair(&a["normal"]), [1.0, 0.0]);
    assert_eq!(a["feature"], "end-b");

    // 6: static circle at x = 6, radii sum 2: x = 4 at t = 0.4.
    let a = &answers[5];
    close(f(&a["time"]), 0.4);
    close2(pair(&a["point"]), [5.0, 0.0]);
    assert_eq!(a["feature"], "circle");

    // 7: both moving; the gap 10 − 10 t closes to 2 at t = 0.8, when i is at x = 4.8.
    let a = &answers[6];
    close(f(&a["time"]), 0.8);
    close2(pair(&a["center"]), [4.8, 0.0]);

    // 8: a box turned a quarter, 1 half-high along world y: the centre stops at y = −2.
    let a = &answers[7];
    close(f(&a["time"]), 0.4);
    close2(pair(&a["center"]), [0.0, -2.0]);
    close2(pair(&a["normal"]), [0.0, -1.0]);

    // 9: starts overlapping: time 0, flagged.
    let a = &answers[8];
    assert_eq!(a["hit"], true);
    assert_eq!(f(&a["time"]), 0.0);
    assert_eq!(a["started_inside"], true);

    // 10: touching at t = 0 while moving away is not a hit.
    assert_eq!(answers[9]["hit"], false);
}

#[test]
fn printed_floats_read_back_to_the_same_f32() {
    let out = run_file("batch_queries.jsonl");
    let answers = lines(&out);
    let s = Sweep::new(Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0), 1.0);
    let h = s
        .vs_aabb(&Aabb::new(Vec2::new(5.0, 0.5), Vec2::new(7.0, 3.0)))
        .expect("the library hits the corner");
    let a = &answers[2];
    assert_eq!(f(&a["time"]) as f32, h.time);
    assert_eq!(f(&a["center"][0]) as f32, h.center.x);
    assert_eq!(f(&a["normal"][0]) as f32, h.normal.x);
    assert_eq!(f(&a["normal"][1]) as f32, h.normal.y);
}

/// The error answer of the line with this (1-based, blank lines included) number.
fn error_of(answers: &[Value], line: usize) -> (&Value, String) {
    let tag = format!("line {line}: ");
    let a = answers
        .iter()
        .find(|a| a["error"].as_str().is_some_and(|e| e.starts_with(&tag)))
        .unwrap_or_else(|| panic!("no error for line {line}"));
    (&a["id"], a["error"].as_str().unwrap_or_default().to_owned())
}

#[test]
fn every_kind_of_bad_line_is_reported_in_place_and_the_rest_still_run() {
    let out = run_file("batch_errors.jsonl");
    assert_eq!(out.status.code(), Some(1));
    let answers = lines(&out);
    // 18 lines, one blank: 17 answers, in input order.
    assert_eq!(answers.len(), 17);
    assert_eq!(answers[0]["id"], 1);
    assert_eq!(answers[0]["hit"], true);
    assert_eq!(answers[16]["id"], 16);
    assert_eq!(answers[16]["hit"], true);
    let bad = answers.iter().filter(|a| a.get("error").is_some()).count();
    assert_eq!(bad, 15);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("15 of 17"), "{stderr}");

    let cases: &[(usize, Value, &[&str])] = &[
        (2, Value::Null, &["malformed JSON"]),
        (3, 3.into(), &["`radius`", "missing"]),
        (4, "four".into(), &["`kind`", "capsule"]),
        (5, 5.into(), &["`radius`", "1e39", "f32"]),
        (6, 6.into(), &["`end[1]`", "1e400", "finite"]),
        (7, Value::Null, &["malformed JSON"]),
        (8, 8.into(), &["`radius`", "negative"]),
        (9, 9.into(), &["`min`", "`max`", "on y"]),
        (10, 10.into(), &["`start`", "2 numbers", "got 3"]),
        (12, 11.into(), &["`a`", "array"]),
        (13, Value::Null, &["JSON object"]),
        (14, Value::Null, &["`id`", "missing"]),
        (15, 13.into(), &["`other_radius`", "negative"]),
        (16, 14.into(), &["`half_extents`", "negative"]),
        (17, 15.into(), &["`kind`", "string"]),
    ];
    for (line, id, words) in cases {
        let (got_id, msg) = error_of(&answers, *line);
        assert_eq!(got_id, id, "line {line}: {msg}");
        for w in *words {
            assert!(msg.contains(w), "line {line}: `{msg}` lacks `{w}`");
        }
    }
}

#[test]
fn stdin_to_output_file() {
    let dir = std::env::temp_dir().join(format!("sweepscope-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("out.jsonl");
    let input = "{\"id\":\"a\",\"kind\":\"segment\",\"start\":[5,3],\"end\":[5,-4],\"radius\":1,\"a\":[0,0],\"b\":[10,0]}\n";
    let out = run_stdin(
        input,
        &["--output", path.to_str().expect("UTF-8 temp path")],
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    let written = std::fs::read_to_string(&path).expect("output file written");
    let a: Value = serde_json::from_str(written.trim()).expect("one JSON line");
    assert_eq!(a["id"], "a");
    assert_eq!(a["hit"], true);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn many_lines_stream_through_in_order() {
    // A few thousand generated queries: a hit at t = k/100 of the way for each.
    let mut input = String::new();
    for k in 0..3000 {
        let x = 1.0 + (k % 100) as f64 / 10.0;
        input.push_str(&format!(
            "{{\"id\":{k},\"kind\":\"aabb\",\"start\":[0,0],\"end\":[10,0],\"radius\":1,\"min\":[{x},-1],\"max\":[20,1]}}\n"
        ));
    }
    let out = run_stdin(&input, &[]);
    assert_eq!(out.status.code(), Some(0));
    let answers = lines(&out);
    assert_eq!(answers.len(), 3000);
    for (k, a) in answers.iter().enumerate() {
        assert_eq!(a["id"], k);
        let x = 1.0 + (k % 100) as f64 / 10.0;
        close(f(&a["time"]), (x - 1.0) / 10.0);
    }
}

#[test]
fn empty_input_is_fine() {
    let out = run_stdin("\n\n", &[]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
}

#[test]
fn missing_input_and_unwritable_output_exit_2_with_a_message() {
    let out = bin()
        .args(["--input", "/nonexistent/queries.jsonl"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot open input") && err.contains("/nonexistent/queries.jsonl"),
        "{err}"
    );

    let out = run_stdin("", &["--output", "/nonexistent/dir/out.jsonl"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot write output") && err.contains("/nonexistent/dir/out.jsonl"),
        "{err}"
    );

    let out = bin().arg("--bogus").output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let out = bin().arg("--input").output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn invalid_utf8_is_a_bad_line_not_a_crash() {
    let mut child = spawn_piped();
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(b"{\"id\":1,\xff}\n").expect("write");
    drop(stdin);
    let out = child.wait_with_output().expect("finishes");
    assert_eq!(out.status.code(), Some(1));
    let answers = lines(&out);
    assert_eq!(answers.len(), 1);
    assert!(
        answers[0]["error"]
            .as_str()
            .is_some_and(|e| e.contains("line 1") && e.contains("UTF-8"))
    );
}

/// Runs with `stdin` as input and returns the answers, the exit code and stderr.
fn answers_of(input: &str, args: &[&str]) -> (Vec<Value>, Option<i32>, String) {
    let out = run_stdin(input, args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    (lines(&out), out.status.code(), err)
}

const HIT: &str = r#""kind":"aabb","start":[0,0],"end":[10,0],"radius":1,"min":[4,-1],"max":[6,1]"#;

#[test]
fn ids_come_back_exactly_as_written() {
    let ids = [
        "12345678901234567890123",
        "1e2",
        "-0",
        "1.50",
        r#""tab\there""#,
        r#""é""#,
    ];
    let input: String = ids
        .iter()
        .map(|id| format!("{{\"id\":{id},{HIT}}}\n"))
        .collect();
    let out = run_stdin(&input, &[]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    for (line, id) in text.lines().zip(ids) {
        assert!(line.starts_with(&format!("{{\"id\":{id},")), "{line}");
    }
}

#[test]
fn numbers_are_rounded_once_straight_to_f32() {
    // Through f64 each would round twice: to 1.0000000596046448 and then to 1.0, and to
    // 16777217.0 and then to 16777216.0. A still circle overlapping a box reports its start.
    let line = |x: &str, y: &str| {
        format!(
            "{{\"id\":1,\"kind\":\"aabb\",\"start\":[{x},{y}],\"end\":[{x},{y}],\"radius\":1e30,\"min\":[0,0],\"max\":[1,1]}}\n"
        )
    };
    let (answers, code, _) = answers_of(
        &line("1.0000000596046447753906251", "16777217.000000001"),
        &[],
    );
    assert_eq!(code, Some(0));
    assert_eq!(answers[0]["started_inside"], true);
    assert_eq!(f(&answers[0]["center"][0]) as f32, 1.000_000_1_f32);
    assert_eq!(f(&answers[0]["center"][1]) as f32, 16_777_218.0_f32);
}

#[test]
fn ambiguous_and_odd_lines_are_refused_by_name() {
    let input = format!(
        "\u{feff}{{\"id\":1,{HIT}}}\n\
         {{\"id\":2,\"radius\":-5,{HIT}}}\n\
         {{\"id\":3,\"id\":4,{HIT}}}\n\
         {{\"id\":5,\"kind\":\"capsule\"}}\n\
         \u{a0}\n\
         [1,2]\n\
         {{\"id\":7,{HIT}}}\n"
    );
    let (answers, code, _) = answers_of(&input, &[]);
    assert_eq!(code, Some(1));
    assert_eq!(answers.len(), 7);
    // A byte-order mark before the first line is not part of it.
    assert_eq!(
        (answers[0]["id"].clone(), answers[0]["hit"].clone()),
        (1.into(), true.into())
    );
    let (id, msg) = error_of(&answers, 2);
    assert_eq!(*id, 2);
    assert!(msg.contains("`radius` appears more than once"), "{msg}");
    let (id, msg) = error_of(&answers, 3);
    assert_eq!(*id, Value::Null);
    assert!(msg.contains("`id` appears more than once"), "{msg}");
    // The kind is judged before the fields it would need.
    let (id, msg) = error_of(&answers, 4);
    assert_eq!(*id, 5);
    assert!(msg.contains("unknown kind \"capsule\""), "{msg}");
    // A no-break space is not JSON whitespace: a bad line, not a blank one.
    assert!(error_of(&answers, 5).1.contains("malformed JSON"));
    assert!(
        error_of(&answers, 6)
            .1
            .contains("expected a JSON object, got an array")
    );
    assert_eq!(answers[6]["id"], 7);
}

#[test]
fn an_overlong_line_is_answered_without_being_kept() {
    let long = format!(
        "{{\"id\":1,\"pad\":\"{}\",{HIT}}}\n",
        "x".repeat(sweepscope::cli::batch::MAX_LINE)
    );
    let input = format!("{long}{{\"id\":2,{HIT}}}\n");
    let (answers, code, _) = answers_of(&input, &[]);
    assert_eq!(code, Some(1));
    assert!(error_of(&answers, 1).1.contains("longer than"));
    assert_eq!(answers[1]["id"], 2);
    assert_eq!(answers[1]["hit"], true);
}

#[test]
fn output_may_replace_the_input_file() {
    let dir = std::env::temp_dir().join(format!("sweepscope-batch-same-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("q.jsonl");
    std::fs::write(&path, format!("{{\"id\":1,{HIT}}}\n{{\"id\":2,{HIT}}}\n")).expect("input");
    let p = path.to_str().expect("UTF-8 temp path");
    let out = bin()
        .arg(format!("--input={p}"))
        .args(["-o", p])
        .output()
        .expect("runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&path).expect("answers written");
    let ids: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON")["id"].clone())
        .collect();
    assert_eq!(ids, [Value::from(1), Value::from(2)]);
    // No temporary left behind.
    assert_eq!(std::fs::read_dir(&dir).expect("dir").count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn flags_dash_for_stdin_and_repeats() {
    let (answers, code, _) = answers_of(
        &format!("{{\"id\":1,{HIT}}}\n"),
        &["--input", "-", "--output=-"],
    );
    assert_eq!((code, answers.len()), (Some(0), 1));
    let (_, code, err) = answers_of("", &["-i", "a", "--input", "b"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("cannot be used multiple times"), "{err}");
}

/// (A folder opens as a file on Unix and fails on the first read.)
#[cfg(unix)]
#[test]
fn an_unreadable_input_is_named() {
    let dir = std::env::temp_dir();
    let out = bin().arg("--input").arg(&dir).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot read input") && err.contains(&*dir.to_string_lossy()),
        "{err}"
    );
}

#[test]
fn each_answer_is_sent_before_waiting_for_the_next_query() {
    use std::io::BufRead as _;
    let mut child = spawn_piped();
    let mut stdin = child.stdin.take().expect("piped");
    let stdout = child.stdout.take().expect("piped");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = std::io::BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    stdin
        .write_all(format!("{{\"id\":1,{HIT}}}\n").as_bytes())
        .expect("write");
    stdin.flush().expect("flush");
    // Stdin stays open: the answer must come anyway.
    let got = rx.recv_timeout(std::time::Duration::from_secs(20));
    drop(stdin);
    let _ = child.wait();
    let line = got.expect("an answer while the input is still open");
    assert!(line.starts_with("{\"id\":1,\"hit\":true"), "{line}");
}

/// A reader that goes away ends the run quietly, with exit status 2 as for every command
/// whose output cannot be written (it was 0, though most queries went unanswered).
#[test]
fn a_closed_reader_ends_the_run_quietly_with_status_2() {
    let mut child = bin()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("piped");
    let input: String = (0..2000)
        .map(|k| format!("{{\"id\":{k},{HIT}}}\n"))
        .collect();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("finishes");
    let _ = feeder.join();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn zeros_are_printed_without_a_sign() {
    // Head-on circles along x: the normal's y component is −0.0 inside.
    let q = r#"{"id":1,"kind":"circle","start":[0,0],"end":[10,0],"radius":1,"other_start":[20,0],"other_end":[10,0],"other_radius":1}"#;
    let out = run_stdin(&format!("{q}\n"), &[]);
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.contains("\"normal\":[-1.0,0.0]"), "{text}");
    assert!(!text.contains("-0.0"), "{text}");
}

#[test]
fn odd_ids_broken_lines_and_long_values() {
    let big = format!("1{}", "0".repeat(100));
    let input = format!(
        "{{\"id\":\"\\ud800\",{HIT}}}\n\
         {{\"id\":1e400,{HIT}}}\n\
         [1,2\n\
         {{\"id\":4,\"kind\":\"aabb\",\"start\":[0,0],\"end\":[10,0],\"radius\":{big},\"min\":[4,-1],\"max\":[6,1]}}\n"
    );
    let (answers, code, _) = answers_of(&input, &[]);
    assert_eq!((code, answers.len()), (Some(1), 4));
    // Ids a JSON reader could not read back are refused, not echoed.
    let (id, msg) = error_of(&answers, 1);
    assert_eq!(
        (id.clone(), msg.contains("not a valid JSON string")),
        (Value::Null, true),
        "{msg}"
    );
    let (id, msg) = error_of(&answers, 2);
    assert_eq!(
        (id.clone(), msg.contains("out of range")),
        (Value::Null, true),
        "{msg}"
    );
    // Broken JSON is malformed, whatever its first character.
    assert!(error_of(&answers, 3).1.contains("malformed JSON"));
    // A long value is cut short in the message.
    let msg = error_of(&answers, 4).1;
    assert!(
        msg.contains("not a finite f32") && msg.contains('…') && msg.len() < 200,
        "{msg}"
    );
}

#[test]
fn a_crlf_line_of_exactly_the_limit_is_read() {
    let body = format!("{{\"id\":1,{HIT},\"pad\":\"\"}}");
    let pad = sweepscope::cli::batch::MAX_LINE - body.len();
    let line = format!("{{\"id\":1,{HIT},\"pad\":\"{}\"}}\r\n", "x".repeat(pad));
    let (answers, code, _) = answers_of(&line, &[]);
    assert_eq!(code, Some(0));
    assert_eq!(answers[0]["hit"], true);
}

/// Hostile test: the same line after a blank line of 65,534 spaces was refused as longer
/// than the limit: the input is read 65,536 bytes at a time, its CR then came last in one
/// read and its LF first in the next, and only a CR beside its LF was taken off. Wherever
/// the reads split it, the CR does not count.
#[test]
fn a_crlf_line_of_exactly_the_limit_is_read_wherever_the_reads_split_it() {
    let body = format!("{{\"id\":1,{HIT},\"pad\":\"\"}}");
    let pad = sweepscope::cli::batch::MAX_LINE - body.len();
    let line = format!("{{\"id\":1,{HIT},\"pad\":\"{}\"}}\r\n", "x".repeat(pad));
    let dir = std::env::temp_dir().join(format!("sweepscope-crlf-split-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    for blank in [65_534, 65_533, 65_535] {
        let file = dir.join("input.jsonl");
        std::fs::write(&file, format!("{}\n{line}", " ".repeat(blank))).expect("the input");
        let out = bin()
            .arg("--input")
            .arg(&file)
            .output()
            .expect("the binary runs");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "blank {blank}: {text}");
        assert!(text.contains("\"hit\":true"), "blank {blank}: {text}");
    }
    // One byte more is over the limit, split or not.
    let over = format!("{{\"id\":1,{HIT},\"pad\":\"{}\"}}\r\n", "x".repeat(pad + 1));
    let file = dir.join("over.jsonl");
    std::fs::write(&file, format!("{}\n{over}", " ".repeat(65_533))).expect("the input");
    let out = bin()
        .arg("--input")
        .arg(&file)
        .output()
        .expect("the binary runs");
    assert!(String::from_utf8_lossy(&out.stdout).contains("longer than"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Hostile test: one line of 131,061 short distinct keys (under the length limit) took
/// 20 s of CPU, every pair of keys compared for a duplicate (this test's lines, 14 s).
/// Past a few dozen fields they are hashed (0.03 s): the same duplicate is named, and a
/// line without one is answered.
#[test]
fn a_line_of_80000_fields_is_answered_and_its_duplicate_named() {
    let notes: String = (0..80_000).map(|k| format!("\"n{k}\":0,")).collect();
    let input = format!("{{{notes}\"id\":1,{HIT}}}\n{{{notes}\"id\":2,\"n7\":1,{HIT}}}\n");
    let (answers, code, _) = answers_of(&input, &[]);
    assert_eq!(code, Some(1));
    assert_eq!(answers[0]["hit"], true);
    let (id, msg) = error_of(&answers, 2);
    assert_eq!(*id, 2);
    assert!(msg.contains("`n7` appears more than once"), "{msg}");
}

/// A byte-order mark on a line after the first (two files joined with `cat`) was reported
/// as "malformed JSON: expected value at column 1", pointing at nothing visible. It is
/// named.
#[test]
fn a_byte_order_mark_inside_the_input_is_named() {
    let input = format!("{{\"id\":1,{HIT}}}\n\u{feff}{{\"id\":2,{HIT}}}\n");
    let (answers, code, _) = answers_of(&input, &[]);
    assert_eq!(code, Some(1));
    let (_, msg) = error_of(&answers, 2);
    assert!(msg.contains("byte-order mark (U+FEFF)"), "{msg}");
}

/// User test: a bug report gave every number but no query an engine's maintainer could
/// run without the debugger. Its readout lists each pair as a `sweepscope batch` line;
/// fed back, they give the report's own answers, bit for bit, whatever the names hold.
#[test]
fn a_reports_queries_run_as_batch_lines_give_its_answers() {
    use sweepscope::scene::{Object, Scene, Shape, evaluate, report};
    let mut scene = Scene::empty("queries");
    let obj = |name: &str, shape| Object {
        name: name.into(),
        shape,
    };
    scene.objects = vec![
        obj(
            "ball \"one\"\\",
            Shape::Ball {
                start: Vec2::new(-3.0, 50.0),
                end: Vec2::new(-3.0, 1e-7),
                radius: 5.0,
            },
        ),
        obj(
            "box",
            Shape::Box {
                min: Vec2::new(0.0, 0.0),
                max: Vec2::new(40.0, 30.0),
            },
        ),
        obj(
            "turned",
            Shape::RotatedBox {
                center: Vec2::new(-3.0, 20.0),
                half_extents: Vec2::new(4.0, 1.0),
                angle: 33.3,
            },
        ),
        obj(
            "seg",
            Shape::Segment {
                a: Vec2::new(-10.0, 12.0),
                b: Vec2::new(4.0, 13.0),
            },
        ),
        obj(
            "disc",
            Shape::Circle {
                start: Vec2::new(-20.0, 40.0),
                end: Vec2::new(10.0, 40.0),
                radius: 2.5,
            },
        ),
    ];
    let ev = evaluate(&scene);
    let md = report::render(&scene, &ev);
    let block = md
        .split("```jsonl\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .unwrap_or_else(|| panic!("no queries in:\n{md}"));
    assert_eq!(block.lines().count(), 4, "{block}");
    let out = run_stdin(block, &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answers = lines(&out);
    for (k, (pair, answer)) in ev.pairs().zip(&answers).enumerate() {
        let id = answer["id"].as_str().unwrap_or_default().to_owned();
        assert!(id.starts_with(&format!("{k}: ball \"one\"\\ vs ")), "{id}");
        match pair.hit {
            Some(h) => {
                assert_eq!(answer["hit"], true, "{id}: {answer}");
                assert_eq!(
                    answer["time"].as_f64().map(|t| t as f32),
                    Some(h.time),
                    "{id}"
                );
                assert_eq!(
                    pair_f32(&answer["normal"]),
                    [h.normal.x, h.normal.y],
                    "{id}"
                );
            }
            None => assert_eq!(answer["hit"], false, "{id}: {answer}"),
        }
    }
    assert!(
        ev.pairs().any(|p| p.hit.is_some()),
        "control: a hit among them"
    );
}

fn pair_f32(v: &Value) -> [f32; 2] {
    let p = pair(v);
    [p[0] as f32, p[1] as f32]
}

/// Hostile test: input with old Mac line ends (CR alone) read as one bad line, "trailing
/// characters". It says what is wrong.
#[test]
fn queries_ended_by_a_lone_carriage_return_are_named_as_such() {
    let q =
        r#"{"id":1,"kind":"aabb","start":[0,0],"end":[10,0],"radius":1,"min":[5,-1],"max":[6,1]}"#;
    let out = run_stdin(&format!("{q}\r{q}\r"), &[]);
    assert_eq!(out.status.code(), Some(1));
    let answers = lines(&out);
    assert_eq!(answers.len(), 1);
    let error = answers[0]["error"].as_str().unwrap_or_default();
    assert!(
        error.starts_with(
            "line 1: holds a carriage return (CR) inside it: queries are lines ended by LF or CR LF"
        ),
        "{error}"
    );
    // CR LF is a line end.
    let out = run_stdin(&format!("{q}\r\n{q}\r\n"), &[]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(lines(&out).len(), 2);
}

/// Hostile test: `batch -o /dev/stdout >> log` followed `/dev/stdout` through
/// `/proc/self/fd/1` to the log file behind it and replaced that file, wiping what it
/// held before (exit 0); with standard output a pipe, the chain ended at `pipe:[N]` and
/// the run failed ("No such file or directory"). A path naming one of the program's own
/// descriptors is written through that descriptor, at its offset.
#[cfg(target_os = "linux")]
#[test]
fn output_to_dev_stdout_appends_to_the_shells_file_and_writes_down_a_pipe() {
    let dir = std::env::temp_dir().join(format!("sweepscope-dev-stdout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let log = dir.join("log.txt");
    std::fs::write(&log, "PREVIOUS LOG LINE\n").expect("the log");
    let query =
        r#"{"id":1,"kind":"aabb","start":[-5,0],"end":[5,0],"radius":1,"min":[-1,-1],"max":[1,1]}"#;
    for path in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
        let appended = std::fs::OpenOptions::new()
            .append(true)
            .open(&log)
            .expect("the log opens");
        let mut child = bin()
            .args(["-o", path])
            .stdin(Stdio::piped())
            .stdout(appended)
            .spawn()
            .expect("the binary starts");
        let mut stdin = child.stdin.take().expect("stdin");
        writeln!(stdin, "{query}").expect("the query is written");
        drop(stdin);
        assert!(child.wait().expect("the run ends").success(), "{path}");
    }
    let text = std::fs::read_to_string(&log).expect("the log reads");
    assert!(text.starts_with("PREVIOUS LOG LINE\n"), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.contains("\"hit\":true")).count(),
        3,
        "{text}"
    );
    // Down a pipe.
    let out = run_stdin(query, &["-o", "/dev/stdout"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answer: Value = serde_json::from_slice(&out.stdout).expect("one JSON answer");
    assert_eq!(answer["time"], serde_json::json!(0.3));
    let _ = std::fs::remove_dir_all(&dir);
}
