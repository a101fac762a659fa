//! Judges a scene's `expect` entries against the evaluation's exact answers, so a scene file
//! doubles as a regression test (`tests/scenes.rs` runs every file in `scenes/`).

use std::fmt;

use super::model::{Expectation, Scene};
use crate::hit::Hit;

/// The outcome of one expectation.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpectationResult {
    /// Index in the scene's `expect` list.
    pub index: usize,
    pub ball: String,
    pub obstacle: String,
    /// The exact core's answer for the pair (`None` when it missed or the names are bad).
    pub actual: Option<Hit>,
    /// One line per mismatch, `field: expected X, got Y`; empty when the expectation holds.
    pub failures: Vec<String>,
}

impl ExpectationResult {
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

impl ExpectationResult {
    /// What was expected and what happened, without the verdict word.
    pub fn summary(&self) -> String {
        let what = format!("expect[{}] {} vs {}", self.index, self.ball, self.obstacle);
        if !self.passed() {
            return format!("{what}: {}", self.failures.join("; "));
        }
        match &self.actual {
            Some(h) => format!("{what}: hit at t = {}", h.time),
            None => format!("{what}: no hit"),
        }
    }
}

impl fmt::Display for ExpectationResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verdict = if self.passed() { "PASS" } else { "FAIL" };
        write!(f, "{verdict} {}", self.summary())
    }
}

/// Judges every expectation of the scene, in order; `pair(ball, obstacle)` gives the exact
/// first contact the evaluation found for two object indices (`None` when it has no such
/// pair: not a ball, not an obstacle).
pub fn judge_all(
    scene: &Scene,
    pair: impl Fn(usize, usize) -> Option<Option<Hit>>,
) -> Vec<ExpectationResult> {
    scene
        .expect
        .iter()
        .enumerate()
        .map(|(index, e)| {
            let index_of = |name: &str| scene.objects.iter().position(|o| o.name == name);
            let found = index_of(&e.ball)
                .zip(index_of(&e.obstacle))
                .and_then(|(b, o)| pair(b, o));
            judge(index, e, found)
        })
        .collect()
}

/// Judges one expectation against the exact answer for the pair it names (`None`: no such
/// pair in the scene).
pub fn judge(index: usize, e: &Expectation, pair: Option<Option<Hit>>) -> ExpectationResult {
    let mut result = ExpectationResult {
        index,
        ball: e.ball.clone(),
        obstacle: e.obstacle.clone(),
        actual: None,
        failures: Vec::new(),
    };
    match pair {
        None => result
            .failures
            .push("ball or obstacle not found in the scene".to_owned()),
        Some(hit) => {
            result.actual = hit;
            result.failures = compare(e, hit.as_ref());
        }
    }
    result
}

/// Every way `actual` differs from the expectation.
fn compare(e: &Expectation, actual: Option<&Hit>) -> Vec<String> {
    let mut out = Vec::new();
    let Some(h) = actual else {
        if e.hit {
            out.push("hit: expected a hit, got none".to_owned());
        }
        return out;
    };
    if !e.hit {
        out.push(format!(
            "hit: expected none, got a hit at t = {} on {}",
            h.time,
            h.feature.name()
        ));
        return out;
    }
    let tol = e.tolerance;
    if let Some(t) = e.time
        && !close(h.time, t, tol)
    {
        out.push(format!("time: expected {t} ± {tol}, got {}", h.time));
    }
    if let Some(name) = &e.feature
        && h.feature.name() != name
    {
        out.push(format!(
            "feature: expected {name}, got {}",
            h.feature.name()
        ));
    }
    if let Some(name) = &e.region {
        let got = h.region.map_or("none", |r| r.name());
        if got != name {
            out.push(format!("region: expected {name}, got {got}"));
        }
    }
    if let Some(n) = e.normal
        && !(close(h.normal.x, n.x, tol) && close(h.normal.y, n.y, tol))
    {
        out.push(format!(
            "normal: expected ({}, {}) ± {tol}, got ({}, {})",
            n.x, n.y, h.normal.x, h.normal.y
        ));
    }
    if let Some(inside) = e.started_inside
        && h.started_inside != inside
    {
        out.push(format!(
            "started_inside: expected {inside}, got {}",
            h.started_inside
        ));
    }
    out
}

/// `|a − b| ≤ tol`, false for NaN.
fn close(a: f32, b: f32, tol: f32) -> bool {
    (a - b).abs() <= tol
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hit::{Corner, Feature};
    use crate::region::Region;
    use glam::Vec2;

    fn hit() -> Hit {
        Hit {
            time: 0.4,
            center: Vec2::new(-3.0, 34.0),
            point: Vec2::new(0.0, 30.0),
            normal: Vec2::new(-0.6, 0.8),
            face_normal: Vec2::Y,
            feature: Feature::Corner(Corner::TopLeft),
            region: Some(Region(0b1001)),
            started_inside: false,
        }
    }

    fn expectation() -> Expectation {
        Expectation {
            ball: "ball".to_owned(),
            obstacle: "box".to_owned(),
            hit: true,
            time: Some(0.4),
            feature: Some("tl".to_owned()),
            region: Some("tl".to_owned()),
            normal: Some(Vec2::new(-0.6, 0.8)),
            started_inside: Some(false),
            tolerance: 1e-4,
        }
    }

    #[test]
    fn a_matching_hit_passes() {
        assert_eq!(compare(&expectation(), Some(&hit())), Vec::<String>::new());
    }

    #[test]
    fn every_mismatch_is_listed() {
        let mut h = hit();
        h.time = 0.41;
        h.feature = Feature::Corner(Corner::TopRight);
        h.region = None;
        h.normal = Vec2::new(0.6, 0.8);
        h.started_inside = true;
        let got = compare(&expectation(), Some(&h));
        let fields: Vec<&str> = got.iter().filter_map(|m| m.split(':').next()).collect();
        assert_eq!(
            fields,
            vec!["time", "feature", "region", "normal", "started_inside"]
        );
    }

    #[test]
    fn hit_presence_must_match() {
        let mut miss = expectation();
        miss.hit = false;
        assert_eq!(compare(&miss, None), Vec::<String>::new());
        assert_eq!(compare(&miss, Some(&hit())).len(), 1);
        assert_eq!(
            compare(&expectation(), None),
            vec!["hit: expected a hit, got none".to_owned()]
        );
    }

    #[test]
    fn nan_never_passes_a_tolerance() {
        assert!(!close(f32::NAN, 0.0, 1.0));
        assert!(close(0.5, 0.50009, 1e-4));
    }
}
