//! `sweepscope check --json`: one JSON document, written as it is computed.
//!
//! ```text
//! { "files": [ { "file", "valid": true, "name", "notes", "pairs": [...], "paths": [...],
//!                "expectations": [...], "path_expectations": [...], "reported": [...],
//!                "variants": [...],
//!                "variants_left_out", "ok" }
//!            | { "file", "valid": false, "ok": false, "errors": [...] } ],
//!   "ok": every file valid and every expectation holding }
//! ```
//!
//! The document is serialised through `serde_json`'s streaming serializer and nothing is
//! kept from one ball to the next: each ball's pairs are written as soon as they are
//! evaluated and dropped ([`evaluate_each`]), then each ball's path is computed again and
//! written the same way ([`ball_path`]), so memory stays flat in the number of balls and of
//! pairs. What can only be known at the end (each file's `ok` and the overall `ok`)
//! comes after what it depends on. Numbers are the shortest decimal that reads back as the
//! same `f32`.

use std::cell::{Cell, RefCell};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::ser::{Error as _, SerializeMap, SerializeSeq, Serializer};
use serde_json::{Value, json};

use crate::hit::Hit;
use crate::scene::evaluate::{Judged, ball_path, evaluate_each};
use crate::scene::io::load_scene_all;
use crate::scene::model::Scene;
use crate::variants::verdict::Verdict;

use crate::scene::limits::MAX_VARIANT_LINES;

/// Writes the document for `files` to `out`; whether every file passed.
pub fn write(files: &[PathBuf], mut out: impl Write) -> io::Result<bool> {
    let all_ok = Cell::new(true);
    let mut ser = serde_json::Serializer::pretty(&mut out);
    Document {
        files,
        all_ok: &all_ok,
    }
    .serialize(&mut ser)
    .map_err(io::Error::from)?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(all_ok.get())
}

struct Document<'a> {
    files: &'a [PathBuf],
    all_ok: &'a Cell<bool>,
}

impl Serialize for Document<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("files", &Files(self))?;
        m.serialize_entry("ok", &self.all_ok.get())?;
        m.end()
    }
}

struct Files<'a, 'b>(&'b Document<'a>);

impl Serialize for Files<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.files.len()))?;
        for path in self.0.files {
            let ok = Cell::new(false);
            seq.serialize_element(&File { path, ok: &ok })?;
            if !ok.get() {
                self.0.all_ok.set(false);
            }
        }
        seq.end()
    }
}

/// One file's entry; loads and evaluates the scene while it is written, and sets `ok`.
struct File<'a> {
    path: &'a Path,
    ok: &'a Cell<bool>,
}

impl Serialize for File<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let file = self.path.display().to_string();
        let scene = match load_scene_all(self.path) {
            Ok(scene) => scene,
            Err(errors) => {
                let mut m = s.serialize_map(Some(4))?;
                m.serialize_entry("file", &file)?;
                m.serialize_entry("valid", &false)?;
                m.serialize_entry("ok", &false)?;
                let errors: Vec<Value> = errors
                    .iter()
                    .map(|e| {
                        json!({
                            "line": e.line,
                            "column": e.column,
                            "message": e.message,
                        })
                    })
                    .collect();
                m.serialize_entry("errors", &errors)?;
                return m.end();
            }
        };
        let mut m = s.serialize_map(Some(8))?;
        m.serialize_entry("file", &file)?;
        m.serialize_entry("valid", &true)?;
        m.serialize_entry("name", &scene.name)?;
        m.serialize_entry("notes", &scene.notes)?;
        let pairs = Pairs {
            scene: &scene,
            expectations: RefCell::new(None),
            reported: RefCell::new(Vec::new()),
            variants: RefCell::new((Vec::new(), 0)),
        };
        m.serialize_entry("pairs", &pairs)?;
        m.serialize_entry("paths", &Paths { scene: &scene })?;
        let expectations = pairs
            .expectations
            .take()
            .ok_or_else(|| S::Error::custom("the pairs were not evaluated"))?;
        let judged: Vec<Value> = expectations
            .pairs
            .iter()
            .map(|e| {
                json!({
                    "index": e.index,
                    "ball": e.ball,
                    "obstacle": e.obstacle,
                    "passed": e.passed(),
                    "failures": e.failures,
                })
            })
            .collect();
        m.serialize_entry("expectations", &judged)?;
        let paths: Vec<Value> = expectations
            .paths
            .iter()
            .map(|e| {
                json!({
                    "index": e.index,
                    "ball": e.ball,
                    "passed": e.passed(),
                    "failures": e.failures,
                })
            })
            .collect();
        m.serialize_entry("path_expectations", &paths)?;
        // Judged, not checked: what another program said does not decide `ok`.
        m.serialize_entry("reported", &*pairs.reported.borrow())?;
        // Judged, not checked, as the reported answers; at most MAX_VARIANT_LINES.
        let (variants, left_out) = pairs.variants.take();
        m.serialize_entry("variants", &variants)?;
        m.serialize_entry("variants_left_out", &left_out)?;
        let ok = expectations.hold();
        self.ok.set(ok);
        m.serialize_entry("ok", &ok)?;
        m.end()
    }
}

/// The `pairs` array: evaluates the scene ball by ball while writing it, keeping at the
/// end the judged expectations.
struct Pairs<'a> {
    scene: &'a Scene,
    expectations: RefCell<Option<Judged>>,
    /// The reported answers' verdicts, gathered ball by ball (at most MAX_EXPECTATIONS).
    reported: RefCell<Vec<Value>>,
    /// The enabled variants' verdicts (at most MAX_VARIANT_LINES), and how many more.
    variants: RefCell<(Vec<Value>, usize)>,
}

impl Serialize for Pairs<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let scene = self.scene;
        let name = |i: usize| scene.objects.get(i).map_or("?", |o| o.name.as_str());
        let obstacles = scene.obstacles();
        let mut seq = s.serialize_seq(None)?;
        let judged = evaluate_each(scene, &obstacles, |ball| {
            for (row, r, p) in ball.reported_in(scene) {
                self.reported.borrow_mut().push(json!({
                    "index": row.index,
                    "by": r.by,
                    "ball": name(p.ball),
                    "obstacle": name(p.obstacle),
                    "hit": r.hit,
                    "time": r.time,
                    "normal": r.normal.map(|n| [n.x, n.y]),
                    "started_inside": r.started_inside,
                    "detail": r.detail,
                    "verdict": row.verdict.text(),
                    "why": row.why,
                    "disagrees": row.verdict.is_bad(),
                }));
            }
            for row in &ball.variants {
                if row.verdict == Verdict::NotApplicable {
                    continue;
                }
                let Some(p) = ball.pairs.get(row.pair) else {
                    continue;
                };
                let mut v = self.variants.borrow_mut();
                if v.0.len() >= MAX_VARIANT_LINES {
                    v.1 += 1;
                    continue;
                }
                v.0.push(json!({
                    "variant": row.variant.id(),
                    "ball": name(p.ball),
                    "obstacle": name(p.obstacle),
                    "hit": row.hit().map(hit_json),
                    "verdict": row.verdict.text(),
                    "why": row.why,
                    "disagrees": row.verdict.is_bad(),
                }));
            }
            let turn = ball.turns_at();
            for p in &ball.pairs {
                seq.serialize_element(&json!({
                    "ball": name(p.ball),
                    "obstacle": name(p.obstacle),
                    "hit": p.hit.as_ref().map(hit_json),
                    // False for a contact of the straight motion the bounce path never
                    // reaches (it turned on another obstacle first).
                    "on_path": p.hit.is_none_or(|h| turn.is_none_or(|t| h.time <= t)),
                }))?;
            }
            Ok(())
        })?;
        *self.expectations.borrow_mut() = Some(judged);
        seq.end()
    }
}

/// The `paths` array: each ball's bounce path, computed and written one ball at a time.
struct Paths<'a> {
    scene: &'a Scene,
}

impl Serialize for Paths<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let scene = self.scene;
        let name = |i: usize| scene.objects.get(i).map_or("?", |o| o.name.as_str());
        let obstacles = scene.obstacles();
        let mut seq = s.serialize_seq(None)?;
        for ball in 0..scene.objects.len() {
            let Some((path, objects)) = ball_path(scene, &obstacles, ball) else {
                continue;
            };
            seq.serialize_element(&json!({
                "ball": name(ball),
                "contacts": path.contacts.iter().zip(&objects).map(|(c, &o)| json!({
                    "obstacle": name(o),
                    "hit": hit_json(&c.hit),
                    "incoming": [short(c.incoming.x), short(c.incoming.y)],
                    "outgoing": [short(c.outgoing.x), short(c.outgoing.y)],
                })).collect::<Vec<_>>(),
                "end": [short(path.end.x), short(path.end.y)],
                "truncated": path.truncated,
            }))?;
        }
        seq.end()
    }
}

fn hit_json(h: &Hit) -> Value {
    json!({
        "time": short(h.time),
        "center": [short(h.center.x), short(h.center.y)],
        "point": [short(h.point.x), short(h.point.y)],
        "normal": [short(h.normal.x), short(h.normal.y)],
        "face_normal": [short(h.face_normal.x), short(h.face_normal.y)],
        "feature": h.feature.name(),
        "region": h.region.map(|r| r.name()),
        "region_bits": h.region.map(|r| r.bit_string()),
        "started_inside": h.started_inside,
    })
}

/// An `f32` as the `f64` with the same shortest decimal form, so JSON shows `0.6`, not
/// `0.6000000238418579`.
fn short(v: f32) -> Option<f64> {
    v.is_finite().then(|| v.to_string().parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_writer_stops_with_its_error() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::BrokenPipe, "gone"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let files = [PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scenes/default.ron"
        ))];
        let e = write(&files, Full).expect_err("cannot write");
        assert_eq!(e.kind(), io::ErrorKind::BrokenPipe);
    }

    #[test]
    fn numbers_are_the_shortest_f32_text() {
        assert_eq!(short(0.6), Some(0.6));
        assert_eq!(short(f32::NAN), None);
        assert_eq!(short(f32::INFINITY), None);
    }
}
