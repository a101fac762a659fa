//! `sweepscope check [--json] <scene.ron>...`: loads, validates and evaluates scenes without
//! a window, prints each ball × obstacle pair and the expectation results, and exits 1 when
//! any file is invalid or any expectation fails — so CI can run the repro scenes.
//!
//! Names, file names and messages are printed with control characters escaped
//! ([`super::terminal`]); the JSON output escapes them as JSON does.

use std::path::Path;
use std::process::ExitCode;

use serde_json::{Value, json};

use super::args::CheckArgs;
use super::terminal::safe;
use crate::hit::Hit;
use crate::region::Region;
use crate::scene::evaluate::{Evaluation, evaluate};
use crate::scene::expect::ExpectationResult;
use crate::scene::io::{SceneError, load_scene_all};
use crate::scene::model::Scene;
use crate::scene::number::fixed as num;

/// What happened to one file.
enum Checked {
    Invalid(Vec<SceneError>),
    Evaluated {
        scene: Box<Scene>,
        evaluation: Evaluation,
        expectations: Vec<ExpectationResult>,
    },
}

impl Checked {
    fn ok(&self) -> bool {
        match self {
            Checked::Invalid(_) => false,
            Checked::Evaluated { expectations, .. } => expectations.iter().all(|e| e.passed()),
        }
    }
}

/// Runs `sweepscope check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    let results: Vec<(String, Checked)> = args
        .files
        .iter()
        .map(|f| (f.display().to_string(), check_file(f)))
        .collect();
    let all_ok = results.iter().all(|(_, c)| c.ok());
    if args.json {
        let doc = json!({
            "ok": all_ok,
            "files": results.iter().map(|(f, c)| file_json(f, c)).collect::<Vec<_>>(),
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_else(|_| "{}".to_owned())
        );
    } else {
        for (file, checked) in &results {
            print_text(file, checked);
        }
        let failed = results.iter().filter(|(_, c)| !c.ok()).count();
        if failed == 0 {
            println!("all {} file(s) valid, all expectations hold", results.len());
        } else {
            println!("{failed} of {} file(s) invalid or failing", results.len());
        }
    }
    if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn check_file(path: &Path) -> Checked {
    match load_scene_all(path) {
        Err(errors) => Checked::Invalid(errors),
        Ok(scene) => {
            let mut evaluation = evaluate(&scene);
            Checked::Evaluated {
                expectations: std::mem::take(&mut evaluation.expectations),
                evaluation,
                scene: Box::new(scene),
            }
        }
    }
}

fn print_text(file: &str, checked: &Checked) {
    let (scene, evaluation, expectations) = match checked {
        Checked::Invalid(errors) => {
            println!("== {}: INVALID", safe(file));
            // Errors go to stderr in the compiler's `file:line:col: message` form, so editors
            // can jump to them; the summary line stays on stdout.
            for e in errors {
                eprintln!("{}", safe(&e.to_string()));
            }
            println!();
            return;
        }
        Checked::Evaluated {
            scene,
            evaluation,
            expectations,
        } => (scene, evaluation, expectations),
    };
    let title = if scene.name.is_empty() {
        "(unnamed scene)"
    } else {
        &scene.name
    };
    println!("== {}: {}", safe(file), safe(title));
    let mut rows = vec![
        [
            "ball", "obstacle", "hit", "time", "feature", "region", "normal", "inside",
        ]
        .map(str::to_owned)
        .to_vec(),
    ];
    for p in evaluation.pairs() {
        let name =
            |i: usize| safe(scene.objects.get(i).map_or("?", |o| o.name.as_str())).into_owned();
        let mut row = vec![name(p.ball), name(p.obstacle)];
        match &p.hit {
            None => row.extend(["no", "-", "-", "-", "-", "-"].map(str::to_owned)),
            Some(h) => row.extend([
                "yes".to_owned(),
                num(h.time),
                h.feature.name().to_owned(),
                region_text(h.region),
                format!("({}, {})", num(h.normal.x), num(h.normal.y)),
                if h.started_inside { "yes" } else { "no" }.to_owned(),
            ]),
        }
        rows.push(row);
    }
    if evaluation.pairs().next().is_none() {
        println!("  (no ball × obstacle pairs)");
    } else {
        print_table(&rows);
    }
    if let Some(sim) = &scene.simulation {
        println!("  simulation: {} discs", sim.discs.len());
    }
    if expectations.is_empty() {
        println!("  expectations: none");
    } else {
        println!("  expectations:");
        for e in expectations {
            println!("    {}", safe(&e.to_string()));
        }
    }
    println!();
}

/// Prints rows as left-aligned columns, indented by two spaces. Padded by hand: a width
/// given to `format!` must fit in 16 bits, and a cell may be wider than that.
fn print_table(rows: &[Vec<String>]) {
    let columns = rows.first().map_or(0, Vec::len);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .map(|r| r.get(c).map_or(0, |s| s.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut line = String::new();
    for row in rows {
        line.clear();
        for (k, (s, &w)) in row.iter().zip(&widths).enumerate() {
            if k > 0 {
                line.push_str("  ");
            }
            line.push_str(s);
            line.extend(std::iter::repeat_n(
                ' ',
                w.saturating_sub(s.chars().count()),
            ));
        }
        println!("  {}", line.trim_end());
    }
}

/// `1001 TOP|LEFT`, or `-` for obstacles without regions.
fn region_text(r: Option<Region>) -> String {
    r.map_or_else(
        || "-".to_owned(),
        |r| format!("{} {}", r.bit_string(), r.flag_string()),
    )
}

fn file_json(file: &str, checked: &Checked) -> Value {
    match checked {
        Checked::Invalid(errors) => json!({
            "file": file,
            "valid": false,
            "ok": false,
            "errors": errors.iter().map(|e| json!({
                "line": e.line,
                "column": e.column,
                "message": e.message,
            })).collect::<Vec<_>>(),
        }),
        Checked::Evaluated {
            scene,
            evaluation,
            expectations,
        } => {
            let name = |i: usize| scene.objects.get(i).map_or("?", |o| o.name.as_str());
            json!({
                "file": file,
                "valid": true,
                "ok": checked.ok(),
                "name": scene.name,
                "pairs": evaluation.pairs().map(|p| json!({
                    "ball": name(p.ball),
                    "obstacle": name(p.obstacle),
                    "hit": p.hit.as_ref().map(hit_json),
                })).collect::<Vec<_>>(),
                "paths": evaluation.balls.iter().map(|bp| json!({
                    "ball": name(bp.object),
                    "contacts": bp.path.contacts.iter().zip(&bp.contact_objects).map(|(c, &o)| json!({
                        "obstacle": name(o),
                        "hit": hit_json(&c.hit),
                        "incoming": [short(c.incoming.x), short(c.incoming.y)],
                        "outgoing": [short(c.outgoing.x), short(c.outgoing.y)],
                    })).collect::<Vec<_>>(),
                    "end": [short(bp.path.end.x), short(bp.path.end.y)],
                    "truncated": bp.path.truncated,
                })).collect::<Vec<_>>(),
                "expectations": expectations.iter().map(|e| json!({
                    "index": e.index,
                    "ball": e.ball,
                    "obstacle": e.obstacle,
                    "passed": e.passed(),
                    "failures": e.failures,
                })).collect::<Vec<_>>(),
            })
        }
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

    /// Issue 24: `format!("{s:<w$}")` panics once the width passes 65535.
    #[test]
    fn a_table_cell_wider_than_65535_characters_does_not_panic() {
        let wide = "n".repeat(70_000);
        print_table(&[
            vec![wide, "x".to_owned()],
            vec!["a".to_owned(), "b".to_owned()],
        ]);
    }
}
