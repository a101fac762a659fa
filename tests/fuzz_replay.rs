//! The fuzz targets on the stable toolchain: every committed corpus entry and every kept
//! crash replayed through the same bodies cargo-fuzz runs (`fuzz/bodies.rs`), then a short
//! pass of fresh random inputs (a fixed number from a fixed seed) decoded with `arbitrary`. CI never needs nightly
//! for this; `fuzz/README.md` says how to fuzz for real.

#[path = "../fuzz/bodies.rs"]
mod bodies;

use std::path::Path;

use sweepscope::sim::SplitMix64;

type Body = fn(&[u8]);

const TARGETS: [(&str, Body); 5] = [
    ("batch", bodies::batch_lines),
    ("scene", bodies::scene_text),
    ("scene_structured", bodies::scene_structured),
    ("queries", bodies::queries),
    ("simulation", bodies::simulation),
];

/// Runs `body` on every file of `fuzz/<dir>/<target>/`; returns how many there were.
fn replay(dir: &str, target: &str, body: Body) -> usize {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(dir)
        .join(target);
    let Ok(entries) = std::fs::read_dir(&folder) else {
        return 0;
    };
    let mut files: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    files.sort();
    for f in &files {
        let data = std::fs::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let outcome = std::panic::catch_unwind(|| body(&data));
        assert!(outcome.is_ok(), "{target}: {} fails", f.display());
    }
    files.len()
}

#[test]
fn every_corpus_entry_replays() {
    for (target, body) in TARGETS {
        let n = replay("corpus", target, body);
        assert!(n > 0, "fuzz/corpus/{target} is empty");
    }
}

#[test]
fn every_kept_crash_replays() {
    for (target, body) in TARGETS {
        replay("regressions", target, body);
    }
}

/// Fresh random inputs for each target, from a fixed seed: the same inputs on every
/// machine, a few seconds in all. A failing input is written to
/// `target/fuzz-failures/<target>-<n>` so that it can be replayed and kept.
#[test]
fn a_short_random_pass_finds_nothing() {
    const PER_TARGET: u64 = 20_000;
    for (k, (target, body)) in TARGETS.into_iter().enumerate() {
        let mut rng = SplitMix64::new(0x5eed_0000 + k as u64);
        for n in 0..PER_TARGET {
            let data = if target == "scene" {
                // Random bytes are rarely scene text: mutate a scene instead.
                mutate_scene(&mut rng)
            } else {
                let len = rng.below(2048);
                (0..len).map(|_| rng.next_u64() as u8).collect()
            };
            if std::panic::catch_unwind(|| body(&data)).is_err() {
                let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/fuzz-failures");
                let file = dir.join(format!("{target}-{n}"));
                let _ = std::fs::create_dir_all(&dir);
                let _ = std::fs::write(&file, &data);
                panic!("{target}: input {n} fails; saved as {}", file.display());
            }
        }
    }
}

/// A scene from `scenes/` with a few bytes replaced by characters that matter to RON.
fn mutate_scene(rng: &mut SplitMix64) -> Vec<u8> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|it| it.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    let Some(file) = files.get(rng.below(files.len())) else {
        return Vec::new();
    };
    let mut data = std::fs::read(file).unwrap_or_default();
    const BYTES: &[u8] = b"0123456789.-e(),[]:\" \nx";
    for _ in 0..1 + rng.below(4) {
        if data.is_empty() {
            break;
        }
        let at = rng.below(data.len());
        data[at] = BYTES[rng.below(BYTES.len())];
    }
    data
}

/// Replays one saved input with the panic message (for investigating a failure):
/// `SWEEPSCOPE_FUZZ_INPUT=path SWEEPSCOPE_FUZZ_TARGET=queries cargo test --test fuzz_replay one_input`.
#[test]
fn one_input() {
    let (Ok(path), Ok(target)) = (
        std::env::var("SWEEPSCOPE_FUZZ_INPUT"),
        std::env::var("SWEEPSCOPE_FUZZ_TARGET"),
    ) else {
        return;
    };
    let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let body = TARGETS
        .iter()
        .find(|(t, _)| *t == target)
        .map(|&(_, b)| b)
        .unwrap_or_else(|| panic!("no target {target}"));
    body(&data);
}

/// Each recorded defect outside this crate's fuzzed files still shows: when one is fixed
/// this fails, and its exemption in `bodies.rs` should go.
#[test]
fn known_defects_still_reproduce() {
    let data = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/known-defects/segment-huge-start.queries"),
    )
    .expect("the recorded input");
    let sweep = sweepscope::Sweep::new(
        glam::Vec2::new(f32::from_bits(1820904904), f32::from_bits(2027663884)),
        glam::Vec2::new(13.0, 1.0),
        4.75,
    );
    let segment = sweepscope::Segment::new(
        glam::Vec2::new(-10.75, 6.0),
        glam::Vec2::new(f32::from_bits(926072464), 15.25),
    );
    let hit = sweepscope::Obstacle::Segment(segment).cast(&sweep);
    assert!(
        hit.is_some_and(|h| (h.normal.length() - 1.0).abs() > 0.1),
        "segment-huge-start is fixed ({hit:?}): remove its exemption from fuzz/bodies.rs"
    );
    assert!(!data.is_empty());
    let sweep = sweepscope::Sweep::new(
        glam::Vec2::new(14.0, f32::from_bits(1917183683)),
        glam::Vec2::new(f32::from_bits(79776937), f32::from_bits(2646539188)),
        f32::from_bits(163),
    );
    let point = sweepscope::Aabb::new(glam::Vec2::ZERO, glam::Vec2::ZERO);
    let hit = sweepscope::Obstacle::Aabb(point).cast(&sweep);
    assert!(
        hit.is_some_and(|h| (h.normal.length() - 1.0).abs() > 0.1),
        "point-box-subnormal-radius is fixed ({hit:?}): narrow the exemption in fuzz/bodies.rs"
    );
    let tiny = 4.8819875e-25f32;
    let sweep = sweepscope::Sweep::new(glam::Vec2::new(-4.125, 3.0), glam::Vec2::splat(tiny), tiny);
    let point = sweepscope::Segment::new(glam::Vec2::splat(tiny), glam::Vec2::splat(tiny));
    let path = sweepscope::resolve(
        &sweep,
        &[sweepscope::Obstacle::Segment(point)],
        sweepscope::Response::Reflect { restitution: 1.0 },
        5,
    );
    assert!(
        path.contacts
            .iter()
            .any(|c| (c.hit.normal.length() - 1.0).abs() > 0.1),
        "tiny-ball-point-segment is fixed ({path:?}): narrow the exemption in fuzz/bodies.rs"
    );
}
