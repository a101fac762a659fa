//! `sweepscope check` streams ball by ball: beyond the scene itself, its peak memory stays
//! flat in the number of ball × obstacle pairs and in the number of balls (issue 24
//! measured 2.1 GB, 6.6 GB with `--json`, for N = 2,000 balls and boxes). Measured, not
//! timed: the peak resident set of the child process, from the kernel (`wait4`'s
//! `ru_maxrss`), for ten times the pairs over the same obstacles, and for twenty times the
//! balls over a few obstacles.

#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A scene of `balls` balls falling through a grid of `boxes` boxes (every ball crosses a
/// column of boxes, so the pairs hold hits as well as misses).
fn scene(balls: usize, boxes: usize) -> String {
    let mut s = String::with_capacity(80 * (balls + boxes));
    s.push_str("(version: 1, name: \"memory\", objects: [\n");
    for i in 0..balls {
        let x = (i % 60) as f32 * 10.0 + 0.5;
        s.push_str(&format!(
            "(name: \"ball {i}\", shape: Ball(start: ({x}, 700.0), end: ({x}, -100.0), radius: 1.5)),\n"
        ));
    }
    for i in 0..boxes {
        let (x, y) = ((i % 60) as f32 * 10.0, (i / 60) as f32 * 10.0);
        s.push_str(&format!(
            "(name: \"box {i}\", shape: Box(min: ({x}, {y}), max: ({}, {})))",
            x + 2.0,
            y + 3.0
        ));
        s.push_str(",\n");
    }
    s.push_str("])\n");
    s
}

/// Runs `sweepscope check [--json] file` with its output thrown away; its exit code and
/// peak resident memory in KiB.
// The child is reaped by `wait4` (which also gives its peak memory), not `Child::wait`.
#[allow(clippy::zombie_processes)]
fn peak_kib(file: &Path, json: bool) -> (i32, i64) {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sweepscope"));
    c.arg("check");
    if json {
        c.arg("--json");
    }
    let child = c
        .arg(file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("starts");
    let pid = i32::try_from(child.id()).expect("pid fits");
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of the plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own child, not yet waited for (the `Child` is never waited on);
    // `status` and `usage` are valid for writes for the duration of the call.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4: {}", std::io::Error::last_os_error());
    assert!(libc::WIFEXITED(status), "check did not exit normally");
    // Linux reports ru_maxrss in KiB.
    (libc::WEXITSTATUS(status), usage.ru_maxrss)
}

#[test]
fn check_memory_stays_flat_in_the_number_of_pairs() {
    let dir: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR")).join("check-memory");
    std::fs::create_dir_all(&dir).expect("dir");
    let boxes = 3000;
    let small = dir.join("30x3000.ron");
    let large = dir.join("300x3000.ron");
    std::fs::write(&small, scene(30, boxes)).expect("write");
    std::fs::write(&large, scene(300, boxes)).expect("write");
    for json in [false, true] {
        let (code, few) = peak_kib(&small, json);
        assert_eq!(code, 0, "json {json}: the small scene passes");
        let (code, many) = peak_kib(&large, json);
        assert_eq!(code, 0, "json {json}: the large scene passes");
        // 9 × 10⁵ pairs against 9 × 10⁴. Held in memory at about 550 bytes a pair (more as
        // JSON values), the difference would be 450 MiB or more; streamed, it is the 270
        // extra balls' lines of the scene and noise.
        let grown = many - few;
        assert!(
            grown < 16 * 1024,
            "json {json}: peak {few} KiB for 9e4 pairs, {many} KiB for 9e5 pairs"
        );
        assert!(
            many < 128 * 1024,
            "json {json}: peak {many} KiB for 9e5 pairs"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_memory_stays_flat_in_the_number_of_balls() {
    let dir: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR")).join("check-memory-balls");
    std::fs::create_dir_all(&dir).expect("dir");
    let (few, many) = (2_000, 40_000);
    let small = dir.join("few.ron");
    let large = dir.join("many.ron");
    std::fs::write(&small, scene(few, 10)).expect("write");
    std::fs::write(&large, scene(many, 10)).expect("write");
    let growth = |json: bool| {
        let (code, a) = peak_kib(&small, json);
        assert_eq!(code, 0, "json {json}: the small scene passes");
        let (code, b) = peak_kib(&large, json);
        assert_eq!(code, 0, "json {json}: the large scene passes");
        (a, b, b - a)
    };
    // The scene itself (its text while parsing, then its objects) costs about 200 bytes a
    // ball; anything kept per ball on top of it (a path, its contacts: about a kilobyte a
    // ball with the allocator's fragmentation) would show as tens of MiB here.
    let allowed_kib = (many - few) as i64 * 400 / 1024;
    let (_, _, text) = growth(false);
    assert!(
        text < allowed_kib,
        "text: {text} KiB more for {} more balls",
        many - few
    );
    let (a, b, json) = growth(true);
    assert!(
        json < allowed_kib && json < text + 4 * 1024,
        "json: peak {a} KiB for {few} balls, {b} KiB for {many}; the text grew {text} KiB"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
