//! The fuzz targets' bodies, shared by cargo-fuzz (`fuzz/fuzz_targets/*.rs`, nightly) and
//! the stable replay test (`tests/fuzz_replay.rs`), so that CI checks the same invariants
//! on the committed corpora without nightly.
//!
//! Each body takes raw bytes (structured inputs are decoded with `arbitrary`) and panics
//! if, and only if, an invariant is broken: no panic inside sweepscope, answers in range,
//! and a scene that validation accepts can be evaluated and simulated.

#![allow(dead_code)]

use arbitrary::{Result as Arb, Unstructured};
use glam::{DVec2, Vec2};
use sweepscope::geom::{Aabb, Obb, Segment, Sweep};
use sweepscope::hit::Hit;
use sweepscope::obstacle::Obstacle;
use sweepscope::response::{Response, resolve};
use sweepscope::scene::limits::query_work;
use sweepscope::scene::{
    SceneWorld, evaluate, parse_scene, parse_scene_all, scene_to_string, validate,
};
use sweepscope::sim::{DiscInit, Solid, World};

/// Scene evaluation is skipped above this many queries (see `scene::limits::query_work`),
/// so that one input takes milliseconds, not the seconds the real limit allows.
const FUZZ_QUERIES: u64 = 100_000;

/// Events a fuzzed simulation may process in all.
const FUZZ_EVENTS: u64 = 5_000;

// ---------------------------------------------------------------------------------------
// batch

/// `sweepscope batch`'s line parser and answers: every non-blank line gets exactly one
/// answer, a JSON object with the id and either a hit in range, a miss or an error.
pub fn batch_lines(data: &[u8]) {
    let mut out = Vec::new();
    let summary = sweepscope::cli::batch::process(data, &mut out).expect("in-memory I/O");
    let text = std::str::from_utf8(&out).expect("answers are UTF-8");
    let mut answers = 0u64;
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("each answer is JSON");
        let obj = v.as_object().expect("each answer is an object");
        assert!(obj.contains_key("id"), "{line}");
        match obj.get("hit").and_then(serde_json::Value::as_bool) {
            Some(true) => {
                let num = |k: &str| obj.get(k).and_then(serde_json::Value::as_f64);
                let pair = |k: &str| -> [f64; 2] {
                    let a = obj.get(k).and_then(|v| v.as_array()).expect("a pair");
                    let x = a.first().and_then(serde_json::Value::as_f64);
                    let y = a.get(1).and_then(serde_json::Value::as_f64);
                    [x.expect("finite x"), y.expect("finite y")]
                };
                let t = num("time").expect("a finite time");
                assert!((0.0..=1.0).contains(&t), "{line}");
                let [nx, ny] = pair("normal");
                assert!(((nx * nx + ny * ny).sqrt() - 1.0).abs() < 1e-5, "{line}");
                pair("center");
                pair("point");
                if obj.get("started_inside") == Some(&serde_json::Value::Bool(true)) {
                    assert_eq!(t, 0.0, "{line}");
                }
            }
            Some(false) => {}
            None => assert!(obj.contains_key("error"), "{line}"),
        }
        answers += 1;
    }
    assert_eq!(answers, summary.queries);
}

// ---------------------------------------------------------------------------------------
// Scenes

/// The scene loader with validation, then what a valid scene promises: it evaluates with
/// answers in range, its expectations run, its simulation builds and runs, and it saves
/// to text that loads back to the same scene.
pub fn scene_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let scene = match parse_scene_all(text, "fuzz.ron") {
        Ok(scene) => scene,
        Err(errors) => {
            assert!(!errors.is_empty());
            for e in errors {
                assert!(!e.message.is_empty());
            }
            return;
        }
    };
    assert!(validate(&scene).is_empty());
    if query_work(&scene) <= FUZZ_QUERIES {
        let evaluation = evaluate(&scene);
        for pair in evaluation.pairs() {
            if let Some(h) = &pair.hit {
                check_hit(h);
            }
            // What the debugger draws for a miss and a start inside: a moment of the motion
            // and finite numbers (the clearance may overflow f32 only for inputs near
            // f32::MAX, which it then reports as infinite, never NaN).
            if let Some(a) = pair.approach {
                assert!((0.0..=1.0).contains(&a.time), "approach time {}", a.time);
                assert!(!a.clearance.is_nan(), "approach clearance NaN");
            }
            if let Some(d) = pair.depth {
                assert!(d >= 0.0, "depth {d}");
            }
        }
        for path in &evaluation.balls {
            for c in &path.path.contacts {
                check_contact(&c.hit);
            }
        }
        assert_eq!(evaluation.expectations.len(), scene.expect.len());
    }
    if let Some(sim) = &scene.simulation {
        let built = SceneWorld::from_scene(&scene)
            .unwrap_or_else(|e| panic!("a valid scene's simulation must build: {e}"));
        run_world(built.world, sim.duration);
    }
    let saved = scene_to_string(&scene);
    let back = parse_scene(&saved, "saved.ron")
        .unwrap_or_else(|e| panic!("a saved valid scene must load: {e}\n{saved}"));
    assert_eq!(back, scene, "save and load changed the scene");
}

/// A scene built from structured input, written out and fed to [`scene_text`]: reaches
/// validation and evaluation far more often than mutated text does.
pub fn scene_structured(data: &[u8]) {
    let mut u = Unstructured::new(data);
    if let Ok(text) = arbitrary_scene_text(&mut u) {
        scene_text(text.as_bytes());
    }
}

fn arbitrary_scene_text(u: &mut Unstructured) -> Arb<String> {
    let mut text = String::from("(version: 1, name: \"fuzz\", objects: [\n");
    let n = u.int_in_range(0..=6)?;
    for k in 0..n {
        let name = if u.ratio(1, 8)? {
            // Repeated, empty or odd names.
            ["a", "", "b\\u{1b}", "o0"][u.int_in_range(0..=3)?].to_owned()
        } else {
            format!("o{k}")
        };
        let shape = match u.int_in_range(0..=4)? {
            0 => format!(
                "Ball(start: {}, end: {}, radius: {})",
                pt(u)?,
                pt(u)?,
                num(u)?
            ),
            1 => format!("Box(min: {}, max: {})", pt(u)?, pt(u)?),
            2 => format!(
                "RotatedBox(center: {}, half_extents: {}, angle: {})",
                pt(u)?,
                pt(u)?,
                num(u)?
            ),
            3 => format!("Segment(a: {}, b: {})", pt(u)?, pt(u)?),
            _ => format!(
                "Circle(start: {}, end: {}, radius: {})",
                pt(u)?,
                pt(u)?,
                num(u)?
            ),
        };
        text += &format!("    (name: \"{name}\", shape: {shape}),\n");
    }
    text += "],\n";
    if u.ratio(1, 2)? {
        let kind = ["Reflect", "Slide", "Stop", "Cross"][u.int_in_range(0..=3)?];
        text += &format!(
            "response: (kind: {kind}, restitution: {}, max_bounces: {}),\n",
            num(u)?,
            u.int_in_range(0..=12)?
        );
    }
    if u.ratio(1, 2)? {
        text += "expect: [\n";
        for _ in 0..u.int_in_range(0..=3)? {
            let hit = u.arbitrary::<bool>()?;
            text += &format!(
                "    (ball: \"o{}\", obstacle: \"o{}\", hit: {hit}{}),\n",
                u.int_in_range(0..=5)?,
                u.int_in_range(0..=5)?,
                if hit && u.arbitrary::<bool>()? {
                    format!(", time: {}", num(u)?)
                } else {
                    String::new()
                }
            );
        }
        text += "],\n";
    }
    if u.ratio(1, 2)? {
        let size = 1.0 + f64::from(u.int_in_range(0u16..=200)?);
        text += &format!(
            "simulation: (bounds: (min: (0, 0), max: ({size}, {size})), restitution: {}, duration: {}, discs: [\n",
            f64::from(u.int_in_range(0u8..=10)?) / 10.0,
            f64::from(u.int_in_range(0u16..=100)?)
        );
        for _ in 0..u.int_in_range(0..=8)? {
            let r = (size / 20.0) * frac(u)? + 1e-3;
            let x = r + (size - 2.0 * r) * frac(u)?;
            let y = r + (size - 2.0 * r) * frac(u)?;
            let mass = if u.ratio(1, 3)? {
                format!(", mass: {:e}", wide(u)?.abs().max(f64::MIN_POSITIVE / 8.0))
            } else {
                String::new()
            };
            text += &format!(
                "    (position: ({x:e}, {y:e}), velocity: ({:e}, {:e}), radius: {r:e}{mass}),\n",
                wide(u)?,
                wide(u)?
            );
        }
        text += "]),\n";
    }
    text += ")\n";
    Ok(text)
}

/// A number for scene text: small integers, fractions, or any finite `f32`.
fn num(u: &mut Unstructured) -> Arb<String> {
    Ok(match u.int_in_range(0..=3)? {
        0 => format!("{}", u.int_in_range(-50i32..=50)?),
        1 => format!("{}", f64::from(u.int_in_range(-400i32..=400)?) / 8.0),
        2 => format!("{:e}", f32::from_bits(u.arbitrary()?)),
        _ => format!("{}", f32::from_bits(u.arbitrary()?)),
    })
}

fn pt(u: &mut Unstructured) -> Arb<String> {
    Ok(format!("({}, {})", num(u)?, num(u)?))
}

/// A fraction in [0, 1].
fn frac(u: &mut Unstructured) -> Arb<f64> {
    Ok(f64::from(u.arbitrary::<u16>()?) / f64::from(u16::MAX))
}

/// A finite f64 of any magnitude: mostly moderate, sometimes any bit pattern.
fn wide(u: &mut Unstructured) -> Arb<f64> {
    Ok(if u.ratio(1, 4)? {
        let x = f64::from_bits(u.arbitrary()?);
        if x.is_finite() { x } else { 0.0 }
    } else {
        f64::from(u.int_in_range(-1000i32..=1000)?) / 16.0
    })
}

// ---------------------------------------------------------------------------------------
// Queries and responses

/// A hit's invariants: time in [0, 1], finite geometry, unit normals, `started_inside`
/// only at time 0.
pub fn check_hit(h: &Hit) {
    assert!((0.0..=1.0).contains(&h.time), "time {h:?}");
    for v in [h.center, h.point, h.normal, h.face_normal] {
        assert!(v.is_finite(), "not finite: {h:?}");
    }
    assert!(
        (h.normal.length() - 1.0).abs() < 1e-4,
        "normal not unit: {h:?}"
    );
    assert!(
        (h.face_normal.length() - 1.0).abs() < 1e-4,
        "face normal not unit: {h:?}"
    );
    if h.started_inside {
        assert_eq!(h.time, 0.0, "started inside later than 0: {h:?}");
    }
}

/// A contact of a resolved path: a hit's invariants, except that its time is measured on
/// the whole motion, so a leg that starts inside an obstacle (`started_inside`) may do so
/// after time 0, at that leg's start (`regressions/scene/path-contact-started-inside-later.ron`).
pub fn check_contact(h: &Hit) {
    let mut local = *h;
    local.started_inside = false;
    check_hit(&local);
}

/// An `f32`: any bit pattern, or a small number (which meet each other far more often).
fn any_f32(u: &mut Unstructured) -> Arb<f32> {
    Ok(if u.ratio(1, 3)? {
        f32::from_bits(u.arbitrary()?)
    } else {
        f32::from(u.int_in_range(-64i16..=64)?) / 4.0
    })
}

fn any_vec(u: &mut Unstructured) -> Arb<Vec2> {
    Ok(Vec2::new(any_f32(u)?, any_f32(u)?))
}

/// Every query and `resolve` on arbitrary `f32` bit patterns.
pub fn queries(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let _ = queries_from(&mut u);
}

fn queries_from(u: &mut Unstructured) -> Arb<()> {
    let sweep = Sweep::new(any_vec(u)?, any_vec(u)?, any_f32(u)?);
    let obstacles = [
        Obstacle::Aabb(Aabb::new(any_vec(u)?, any_vec(u)?)),
        Obstacle::Obb(Obb::new(any_vec(u)?, any_vec(u)?, any_f32(u)?)),
        Obstacle::Segment(Segment::new(any_vec(u)?, any_vec(u)?)),
        Obstacle::Circle(Sweep::new(any_vec(u)?, any_vec(u)?, any_f32(u)?)),
    ];
    for o in &obstacles {
        if let Some(h) = o.cast(&sweep) {
            check_hit(&h);
        }
    }
    let response = match u.int_in_range(0..=3)? {
        0 => Response::Reflect {
            restitution: any_f32(u)?,
        },
        1 => Response::Slide,
        2 => Response::Stop,
        _ => Response::Cross,
    };
    let bounces = u.int_in_range(0..=8)?;
    let path = resolve(&sweep, &obstacles, response, bounces);
    let valid = sweep.is_valid() && obstacles.iter().all(Obstacle::is_valid);
    if valid {
        for c in &path.contacts {
            check_contact(&c.hit);
            assert!(c.incoming.is_finite() && c.outgoing.is_finite(), "{c:?}");
        }
        assert!(path.end.is_finite(), "{path:?}");
        assert!(path.points.iter().all(|p| p.is_finite()), "{path:?}");
        // Past the budget the circle stops at the next contact, which is recorded too.
        assert!(path.contacts.len() <= bounces + 1, "{path:?}");
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Simulation

/// The disc engine built from arbitrary discs and obstacles, run on an event budget.
pub fn simulation(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let _ = simulation_from(&mut u);
}

fn simulation_from(u: &mut Unstructured) -> Arb<()> {
    let (w, h) = (
        wide(u)?.abs().min(1e30) as f32,
        wide(u)?.abs().min(1e30) as f32,
    );
    let bounds = if u.ratio(1, 8)? {
        Aabb::new(any_vec(u)?, any_vec(u)?)
    } else {
        Aabb::new(Vec2::ZERO, Vec2::new(w.max(1.0), h.max(1.0)))
    };
    let size = DVec2::new(
        f64::from(bounds.max.x) - f64::from(bounds.min.x),
        f64::from(bounds.max.y) - f64::from(bounds.min.y),
    );
    let mut discs = Vec::new();
    for _ in 0..u.int_in_range(0..=12)? {
        let r = if u.ratio(1, 6)? {
            wide(u)?.abs()
        } else {
            size.min_element().abs() / 8.0 * frac(u)?
        };
        let p = DVec2::new(
            f64::from(bounds.min.x) + r + (size.x - 2.0 * r) * frac(u)?,
            f64::from(bounds.min.y) + r + (size.y - 2.0 * r) * frac(u)?,
        );
        let mut d = DiscInit::new(p, DVec2::new(wide(u)?, wide(u)?), r);
        if u.ratio(1, 3)? {
            d = d.with_mass(wide(u)?.abs());
        }
        discs.push(d);
    }
    let mut solids = Vec::new();
    for _ in 0..u.int_in_range(0..=3)? {
        let a = Vec2::new(
            bounds.min.x + (size.x * frac(u)?) as f32,
            bounds.min.y + (size.y * frac(u)?) as f32,
        );
        let b = a + Vec2::new(
            (size.x * frac(u)? / 4.0) as f32,
            (size.y * frac(u)? / 4.0) as f32,
        );
        solids.push(if u.arbitrary()? {
            Solid::Box(Aabb::new(a, b))
        } else {
            Solid::Segment(Segment::new(a, b))
        });
    }
    let restitution = f64::from(u.int_in_range(0u8..=10)?) / 10.0;
    let Ok(mut world) = World::new(bounds, &discs, &solids) else {
        return Ok(());
    };
    if world.set_restitution(restitution).is_err() {
        return Ok(());
    }
    let duration = wide(u)?.abs();
    run_world(world, duration);
    Ok(())
}

/// Runs `world` to `duration` within [`FUZZ_EVENTS`] events, checking after each call:
/// discs in the box, finite states, energy finite and never gained.
pub fn run_world(mut world: World, duration: f64) {
    let (min, max) = world.bounds();
    let e0 = world.kinetic_energy();
    assert!(e0.is_finite() && world.momentum().is_finite());
    let slack = (max - min).max_element() * 1e-6;
    world.set_max_events(FUZZ_EVENTS / 5);
    for _ in 0..5 {
        let report = world.advance_to_with(duration, |_| {});
        let e = world.kinetic_energy();
        assert!(e.is_finite() && world.momentum().is_finite(), "{report:?}");
        assert!(
            e <= e0 * (1.0 + 1e-9) + f64::MIN_POSITIVE,
            "energy gained: {e0} -> {e}"
        );
        for s in world.discs() {
            assert!(s.position.is_finite() && s.velocity.is_finite(), "{s:?}");
            let inside = s.position.cmpge(min - slack).all() && s.position.cmple(max + slack).all();
            assert!(inside, "a disc left the box: {s:?} in {min} {max}");
        }
        if !report.capped || report.halted.is_some() {
            break;
        }
    }
}
