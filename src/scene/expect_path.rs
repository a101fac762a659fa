//! Judges a scene's `expect_paths` entries against the paths the evaluation found: each
//! named ball's contacts in order (obstacle, time, normal), where it ends and whether it
//! ran out of responses. What the pair expectations ([`super::expect`]) cannot say: the
//! second bounce off the wrong normal, a slide that sticks.

use std::collections::HashMap;
use std::fmt;

use glam::Vec2;

use super::expect::RECORD_TOLERANCE;
use super::model::{PathContact, PathExpectation, Scene};
use super::number::{fixed, point};
use crate::response::Path;

/// Path contacts recorded in all (`check --record`, Record expectations, a bug report's
/// scene) before paths are left out of a recording: past it the list would outgrow what
/// a scene's expectations are for (and `MAX_EXPECTATIONS`).
pub const MAX_RECORDED_PATH_CONTACTS: usize = 10_000;

/// The outcome of one path expectation.
#[derive(Clone, Debug, PartialEq)]
pub struct PathExpectationResult {
    /// Index in the scene's `expect_paths` list.
    pub index: usize,
    /// The ball's name, as the expectation gives it.
    pub ball: String,
    /// The path's contacts as (obstacle name, time) and its end, when the ball was found.
    pub actual: Option<(Vec<(String, f32)>, Vec2)>,
    /// One line per mismatch; empty when the expectation holds.
    pub failures: Vec<String>,
}

impl PathExpectationResult {
    /// Whether the path meets the expectation.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }

    /// What was expected and what happened, without the verdict word.
    pub fn summary(&self) -> String {
        let what = format!("expect_paths[{}] {}", self.index, self.ball);
        if !self.passed() {
            return format!("{what}: {}", self.failures.join("; "));
        }
        match &self.actual {
            Some((contacts, end)) => {
                let listed: Vec<String> = contacts
                    .iter()
                    .map(|(o, t)| format!("{o} at t = {}", fixed(*t)))
                    .collect();
                let met = match contacts.len() {
                    0 => "no contact".to_owned(),
                    1 => format!("1 contact ({})", listed.join(", ")),
                    n => format!("{n} contacts ({})", listed.join(", ")),
                };
                format!("{what}: {met}, ends at {}", point(*end))
            }
            None => what,
        }
    }
}

impl fmt::Display for PathExpectationResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = if self.passed() { "PASS" } else { "FAIL" };
        write!(f, "{verdict} {}", self.summary())
    }
}

/// The object index of the ball each path expectation names (`None`: no object of that
/// name; the first one otherwise).
pub fn named_balls(scene: &Scene) -> Vec<Option<usize>> {
    if scene.expect_paths.is_empty() {
        return Vec::new();
    }
    let mut index: HashMap<&str, usize> = HashMap::with_capacity(scene.objects.len());
    for (i, o) in scene.objects.iter().enumerate() {
        index.entry(o.name.as_str()).or_insert(i);
    }
    scene
        .expect_paths
        .iter()
        .map(|e| index.get(e.ball.as_str()).copied())
        .collect()
}

/// Judges every path expectation, in order; `path(ball)` gives the path the evaluation
/// found for an object index and the object index of each contact's obstacle (`None`
/// when the object is not a ball).
pub fn judge_paths<'a>(
    scene: &Scene,
    path: impl Fn(usize) -> Option<(&'a Path, &'a [usize])>,
) -> Vec<PathExpectationResult> {
    let name = |i: usize| scene.objects.get(i).map_or("?", |o| o.name.as_str());
    scene
        .expect_paths
        .iter()
        .zip(named_balls(scene))
        .enumerate()
        .map(|(index, (e, ball))| {
            let mut result = PathExpectationResult {
                index,
                ball: e.ball.clone(),
                actual: None,
                failures: Vec::new(),
            };
            match ball.and_then(&path) {
                None => result
                    .failures
                    .push("no ball of that name in the scene".to_owned()),
                Some((p, objects)) => {
                    let names: Vec<&str> = objects.iter().map(|&i| name(i)).collect();
                    result.failures = compare(e, p, &names);
                    result.actual = Some((
                        names
                            .iter()
                            .zip(&p.contacts)
                            .map(|(n, c)| ((*n).to_owned(), c.hit.time))
                            .collect(),
                        p.end,
                    ));
                }
            }
            result
        })
        .collect()
}

/// Every way the path (its contacts' obstacles named `names`) differs from `e`.
fn compare(e: &PathExpectation, p: &Path, names: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let tol = e.tolerance;
    // Contacts are numbered from 1, as the path's table, the canvas and reports number
    // them.
    if e.contacts.len() != p.contacts.len() {
        let shared = e.contacts.len().min(p.contacts.len());
        let which = if p.contacts.len() > shared {
            let extra: Vec<String> = (shared..p.contacts.len())
                .take(3)
                .map(|k| {
                    let name = names.get(k).copied().unwrap_or("?");
                    format!("{} on {name} at t = {}", k + 1, p.contacts[k].hit.time)
                })
                .collect();
            format!(" (more: {})", extra.join(", "))
        } else {
            let missing: Vec<String> = (shared..e.contacts.len())
                .take(3)
                .map(|k| format!("{} on {}", k + 1, e.contacts[k].obstacle))
                .collect();
            format!(" (missing: {})", missing.join(", "))
        };
        out.push(format!(
            "contacts: expected {}, got {}{which}",
            e.contacts.len(),
            p.contacts.len()
        ));
    }
    for (k0, (want, got)) in e.contacts.iter().zip(&p.contacts).enumerate() {
        let k = k0 + 1;
        let got_name = names.get(k0).copied().unwrap_or("?");
        if want.obstacle != got_name {
            out.push(format!(
                "contact {k}: expected {}, got {got_name} at t = {}",
                want.obstacle, got.hit.time
            ));
            continue;
        }
        // Written so that a NaN difference fails too.
        if let Some(t) = want.time
            && (got.hit.time - t).abs().partial_cmp(&tol) != Some(std::cmp::Ordering::Less)
            && (got.hit.time - t).abs() != tol
        {
            out.push(format!(
                "contact {k} ({got_name}) time: expected {t} ± {tol}, got {}",
                got.hit.time
            ));
        }
        if let Some(n) = want.normal {
            let d = (got.hit.normal - n).abs();
            if !(d.x <= tol && d.y <= tol) {
                out.push(format!(
                    "contact {k} ({got_name}) normal: expected ({}, {}) ± {tol}, got ({}, {})",
                    n.x, n.y, got.hit.normal.x, got.hit.normal.y
                ));
            }
        }
    }
    if let Some(end) = e.end {
        let d = (p.end - end).abs();
        let allowed = end.abs().max(Vec2::ONE) * tol;
        if !(d.x <= allowed.x && d.y <= allowed.y) {
            out.push(format!(
                "end: expected ({}, {}) ± {tol} (times its size past 1), got ({}, {})",
                end.x, end.y, p.end.x, p.end.y
            ));
        }
    }
    if let Some(truncated) = e.truncated
        && truncated != p.truncated
    {
        out.push(format!(
            "truncated: expected {truncated}, got {}",
            p.truncated
        ));
    }
    out
}

/// The path expectations a recording writes: one per ball, its every contact (obstacle,
/// time, normal), its end and whether it was truncated, in object order. A ball the scene
/// already asserted keeps its tolerance. Empty when the paths hold more than
/// [`MAX_RECORDED_PATH_CONTACTS`] contacts in all.
pub fn record_paths<'a>(
    scene: &Scene,
    paths: impl Iterator<Item = (usize, &'a Path, &'a [usize])> + Clone,
) -> Vec<PathExpectation> {
    let total: usize = paths.clone().map(|(_, p, _)| p.contacts.len()).sum();
    if total > MAX_RECORDED_PATH_CONTACTS {
        return Vec::new();
    }
    let name = |i: usize| scene.objects.get(i).map(|o| o.name.clone());
    let tolerances: HashMap<&str, f32> = scene
        .expect_paths
        .iter()
        .map(|e| (e.ball.as_str(), e.tolerance))
        .collect();
    paths
        .filter_map(|(ball, p, objects)| {
            let ball = name(ball)?;
            let contacts = p
                .contacts
                .iter()
                .zip(objects)
                .map(|(c, &o)| {
                    Some(PathContact {
                        obstacle: name(o)?,
                        time: Some(c.hit.time),
                        normal: Some(c.hit.normal),
                    })
                })
                .collect::<Option<Vec<_>>>()?;
            let tolerance = tolerances
                .get(ball.as_str())
                .copied()
                .unwrap_or(RECORD_TOLERANCE);
            Some(PathExpectation {
                ball,
                contacts,
                end: Some(p.end),
                truncated: Some(p.truncated),
                tolerance,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use crate::scene::evaluate::{evaluate, record_paths};
    use crate::scene::model::{Object, PathContact, PathExpectation, Scene, Shape};

    /// A ball falling between two walls of a V made of a box and a segment: reflected off
    /// the box's top at t = 0.25 (centre (0, 7)), then off the segment.
    fn bouncing() -> Scene {
        let mut s = Scene::empty("bounces");
        let obj = |name: &str, shape| Object {
            name: name.into(),
            shape,
        };
        s.objects = vec![
            obj(
                "ball",
                Shape::Ball {
                    start: Vec2::new(0.0, 17.0),
                    end: Vec2::new(40.0, -23.0),
                    radius: 2.0,
                },
            ),
            obj(
                "floor",
                Shape::Box {
                    min: Vec2::new(-50.0, -10.0),
                    max: Vec2::new(50.0, 5.0),
                },
            ),
            obj(
                "wall",
                Shape::Segment {
                    a: Vec2::new(30.0, 0.0),
                    b: Vec2::new(30.0, 40.0),
                },
            ),
        ];
        s
    }

    #[test]
    fn a_recorded_path_passes_and_every_change_of_it_is_named() {
        let mut s = bouncing();
        let recorded = record_paths(&s, &evaluate(&s));
        assert_eq!(recorded.len(), 1);
        let names: Vec<&str> = recorded[0]
            .contacts
            .iter()
            .map(|c| c.obstacle.as_str())
            .collect();
        assert_eq!(names, ["floor", "wall"], "{recorded:?}");
        // Off the floor's top (y = 5 + 2) when y = 17 − 40 t = 7: t = 0.25.
        assert_eq!(recorded[0].contacts[0].time, Some(0.25));
        assert_eq!(recorded[0].contacts[0].normal, Some(Vec2::Y));
        s.expect_paths = recorded.clone();
        let ev = evaluate(&s);
        assert!(ev.expectations_hold(), "{:?}", ev.path_expectations);
        assert!(
            ev.path_expectations[0].to_string().starts_with(
                "PASS expect_paths[0] ball: 2 contacts (floor at t = 0.25, wall at t = "
            )
        );
        // The wall moved out of the way: one contact fewer, and the end elsewhere.
        let mut moved = s.clone();
        moved.objects[2].shape = Shape::Segment {
            a: Vec2::new(300.0, 0.0),
            b: Vec2::new(300.0, 40.0),
        };
        let failures = &evaluate(&moved).path_expectations[0].failures;
        assert_eq!(
            failures[0],
            "contacts: expected 2, got 1 (missing: 2 on wall)"
        );
        assert!(
            failures.iter().any(|f| f.starts_with("end: expected")),
            "{failures:?}"
        );
        // Another order, another normal: named by contact.
        let mut wrong = s.clone();
        wrong.expect_paths[0].contacts[0].obstacle = "wall".into();
        wrong.expect_paths[0].contacts[1].normal = Some(Vec2::X);
        let failures = &evaluate(&wrong).path_expectations[0].failures;
        assert!(
            failures[0].starts_with("contact 1: expected wall, got floor at t = 0.25"),
            "{failures:?}"
        );
        assert!(
            failures[1].starts_with("contact 2 (wall) normal: expected (1, 0)"),
            "{failures:?}"
        );
        // A name that is no ball's.
        let mut none = s.clone();
        none.expect_paths[0].ball = "floor".into();
        assert_eq!(
            evaluate(&none).path_expectations[0].failures,
            ["no ball of that name in the scene"]
        );
    }

    #[test]
    fn the_end_is_held_to_its_own_scale_past_one() {
        let mut s = bouncing();
        let mut e = record_paths(&s, &evaluate(&s)).remove(0);
        let end = e.end.unwrap_or_default();
        e.tolerance = 1e-3;
        // 1e-3 of a component of size 20 is 0.02: off by 0.015 passes, by 0.03 fails.
        e.end = Some(end + Vec2::new(0.015 * end.x.abs() / 20.0, 0.0));
        s.expect_paths = vec![e.clone()];
        assert!(evaluate(&s).expectations_hold());
        e.end = Some(end + Vec2::new(0.03 * end.x.abs().max(1.0), 0.0));
        s.expect_paths = vec![e];
        assert!(!evaluate(&s).expectations_hold());
    }

    #[test]
    fn a_recording_of_too_many_path_contacts_records_no_path() {
        let mut s = Scene::empty("corridor");
        s.response.max_bounces = 100;
        let wall = |name: &str, x: f32| Object {
            name: name.into(),
            shape: Shape::Box {
                min: Vec2::new(x, -5.0),
                max: Vec2::new(x + 1.0, 5.0),
            },
        };
        // Each ball bounces between two walls 4 apart for ever: 101 contacts, and 150
        // balls make 15,150, past MAX_RECORDED_PATH_CONTACTS.
        for k in 0..150 {
            s.objects.push(Object {
                name: if k == 0 {
                    "ball".into()
                } else {
                    format!("ball{k}")
                },
                shape: Shape::Ball {
                    start: Vec2::ZERO,
                    end: Vec2::new(1e4, 0.0),
                    radius: 0.5,
                },
            });
        }
        s.objects.push(wall("cage", 2.0));
        s.objects.push(wall("left", -3.0));
        assert!(record_paths(&s, &evaluate(&s)).is_empty());
        // A hand-written one is still judged.
        s.expect_paths = vec![PathExpectation {
            ball: "ball".into(),
            contacts: vec![PathContact {
                obstacle: "cage".into(),
                time: Some(0.0),
                normal: None,
            }],
            end: None,
            truncated: Some(true),
            tolerance: 1e-4,
        }];
        let r = &evaluate(&s).path_expectations[0];
        assert!(
            r.failures[0].starts_with("contacts: expected 1, got 101"),
            "{r:?}"
        );
        assert!(
            r.failures.iter().all(|f| !f.starts_with("truncated")),
            "{r:?}"
        );
    }
}
