//! The fuzz targets on the stable toolchain: every committed corpus entry and every kept
//! crash replayed through the same bodies cargo-fuzz runs (`fuzz/bodies.rs`), then a short
//! pass of fresh random inputs (a fixed number from a fixed seed) decoded with `arbitrary`. CI never needs nightly
//! for this; `fuzz/README.md` says how to fuzz for real.

#[path = "../fuzz/bodies.rs"]
mod bodies;
mod common;

use std::path::Path;

use common::exact_ref;
use sweepscope::sim::SplitMix64;
use sweepscope::{Aabb, Obstacle, Response, Segment, Sweep, Vec2, resolve};

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

// Regressions: the query defects the fuzzers found (wrong normals and centres for
// coordinates or radii whose squares overflow or underflow f32), each judged against the
// independent exact reference (`common::exact_ref`), or for `resolve` held to the
// invariants and to the direct query. Their inputs are also replayed from
// `fuzz/regressions/` with every invariant checked.

fn bits(x: u32, y: u32) -> Vec2 {
    Vec2::new(f32::from_bits(x), f32::from_bits(y))
}

fn regression(target: &str, name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(target)
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A start at (1.3e27, 3.6e34) never comes within 13 of the segment: a miss (it was a hit
/// at t = 1 at the origin with a normal of length 2.7).
#[test]
fn segment_huge_start_is_a_miss() {
    let sweep = Sweep::new(bits(1820904904, 2027663884), Vec2::new(13.0, 1.0), 4.75);
    let segment = Segment::new(Vec2::new(-10.75, 6.0), bits(926072464, 1098121216));
    assert_eq!(
        exact_ref::segment(&sweep, &segment).map(|r| r.feature),
        None
    );
    let hit = Obstacle::Segment(segment).cast(&sweep);
    assert_eq!(hit, None);
    bodies::queries(&regression("queries", "segment-huge-start"));
}

/// A subnormal radius passing a point box within 2e-50 of it: the exact answer, with a
/// unit normal (it had a normal of length 2e7).
#[test]
fn point_box_subnormal_radius_is_exact() {
    let sweep = Sweep::new(
        bits(1096810496, 1917183683),
        bits(79776937, 2646539188),
        f32::from_bits(163),
    );
    let point = Aabb::new(Vec2::ZERO, Vec2::ZERO);
    let hit = Obstacle::Aabb(point).cast(&sweep);
    assert_eq!(
        exact_ref::judge(&hit, &exact_ref::aabb(&sweep, &point)),
        Ok(())
    );
    if let Some(h) = &hit {
        bodies::check_hit(h);
    }
    bodies::queries(&regression("queries", "point-box-subnormal-radius"));
}

/// A radius of 4e-19 from 1e18 away against a box 6e18 long: the exact answer (it was a
/// hit at the origin, where the sweep never is, with a normal of length 2e19).
#[test]
fn tiny_radius_far_start_box_is_exact() {
    let sweep = Sweep::new(
        Vec2::new(9.976993e17, 9.96938e17),
        Vec2::new(-16.0, 0.0),
        4.0493745e-19,
    );
    let b = Aabb::new(Vec2::new(0.75, -0.75), Vec2::new(6.046203e18, 4.25));
    let hit = Obstacle::Aabb(b).cast(&sweep);
    assert_eq!(exact_ref::judge(&hit, &exact_ref::aabb(&sweep, &b)), Ok(()));
    bodies::queries(&regression("queries", "tiny-radius-far-start-box"));
}

/// `resolve` of a ball ending at 4.88e-25 with that radius against a point segment there:
/// every contact has a unit normal (one had length 1.4), and the first is the direct
/// query's.
#[test]
fn tiny_ball_point_segment_resolves_with_unit_normals() {
    let tiny = 4.8819875e-25f32;
    let sweep = Sweep::new(Vec2::new(-4.125, 3.0), Vec2::splat(tiny), tiny);
    let point = Obstacle::Segment(Segment::new(Vec2::splat(tiny), Vec2::splat(tiny)));
    let direct = point.cast(&sweep);
    assert_eq!(
        exact_ref::judge(
            &direct,
            &exact_ref::segment(&sweep, &Segment::new(Vec2::splat(tiny), Vec2::splat(tiny)))
        ),
        Ok(())
    );
    let path = resolve(&sweep, &[point], Response::Reflect { restitution: 1.0 }, 5);
    assert_eq!(path.contacts.first().map(|c| c.hit), direct);
    for c in &path.contacts {
        bodies::check_contact(&c.hit);
    }
    bodies::scene_text(&regression("scene", "tiny-ball-point-segment.ron"));
}

/// Everything at 1.97e-24 (a box, a rotated box, a segment and a circle) against a sweep
/// ending there: `resolve`'s contacts have unit normals (one was (-1.16, -0.76)).
#[test]
fn tiny_everything_resolve_keeps_unit_normals() {
    bodies::queries(&regression("queries", "tiny-everything-resolve"));
}

/// Segments and a ball at scale 5.8e-16 with `Stop`: the path's contact has a unit normal
/// (it was (1.22, 0.94) at the origin).
#[test]
fn tiny_segments_stop_keeps_unit_normals() {
    bodies::scene_structured(&regression("scene_structured", "tiny-segments-stop"));
}
