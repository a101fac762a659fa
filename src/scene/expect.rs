//! Judges a scene's `expect` entries against the evaluation's exact answers, so a scene file
//! doubles as a regression test (`tests/scenes.rs` runs every file in `scenes/`).

use std::collections::HashMap;
use std::fmt;

use super::model::{Expectation, Object, PathExpectation, Reported, Scene};
use super::number::fixed;
use crate::hit::Hit;

/// The time tolerance of a recorded expectation for a pair the scene did not yet assert
/// (the model's default).
pub const RECORD_TOLERANCE: f32 = 1e-4;

/// The outcome of one expectation.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpectationResult {
    /// Index in the scene's `expect` list.
    pub index: usize,
    /// The ball's name, as the expectation gives it.
    pub ball: String,
    /// The obstacle's name, as the expectation gives it.
    pub obstacle: String,
    /// The exact core's answer for the pair (`None` when it missed or the names are bad).
    pub actual: Option<Hit>,
    /// One line per mismatch, `field: expected X, got Y`; empty when the expectation holds.
    pub failures: Vec<String>,
}

impl ExpectationResult {
    /// Whether the exact answer meets the expectation.
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
            Some(h) => format!("{what}: hit at t = {}", fixed(h.time)),
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
        .zip(named_pairs(scene))
        .enumerate()
        .map(|(index, (e, named))| judge(index, e, named.and_then(|(b, o)| pair(b, o))))
        .collect()
}

/// The object indices of the ball and the obstacle each expectation names, in order
/// (`None` when a name is no object's; the first object of that name otherwise). Looked up
/// through one map, so the cost is linear in objects plus expectations.
pub fn named_pairs(scene: &Scene) -> Vec<Option<(usize, usize)>> {
    if scene.expect.is_empty() {
        return Vec::new();
    }
    let mut index: HashMap<&str, usize> = HashMap::with_capacity(scene.objects.len());
    for (i, o) in scene.objects.iter().enumerate() {
        index.entry(o.name.as_str()).or_insert(i);
    }
    let find = |name: &str| index.get(name).copied();
    scene
        .expect
        .iter()
        .map(|e| find(&e.ball).zip(find(&e.obstacle)))
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

/// The rename of object `object` to `new` that expectations follow, as (old name, new
/// name); `None` when nothing changes or either name is another object's too (a reference
/// to a shared name does not say which object it meant).
pub fn followed_rename(objects: &[Object], object: usize, new: &str) -> Option<(String, String)> {
    let old = objects.get(object)?.name.as_str();
    let shared = |name: &str| {
        objects
            .iter()
            .enumerate()
            .any(|(i, o)| i != object && o.name == name)
    };
    (old != new && !shared(old) && !shared(new)).then(|| (old.to_owned(), new.to_owned()))
}

/// Points every reference to the object named `old` at `new`.
pub fn rename_references(expect: &mut [Expectation], (old, new): &(String, String)) {
    for e in expect {
        if e.ball == *old {
            e.ball.clone_from(new);
        }
        if e.obstacle == *old {
            e.obstacle.clone_from(new);
        }
    }
}

/// Points the scene's path expectations naming the object `old` (as their ball or a
/// contact's obstacle) at `new`, as [`rename_references`] does its expectations.
pub fn rename_path_references(paths: &mut [PathExpectation], (old, new): &(String, String)) {
    for e in paths {
        if e.ball == *old {
            e.ball.clone_from(new);
        }
        for c in &mut e.contacts {
            if c.obstacle == *old {
                c.obstacle.clone_from(new);
            }
        }
    }
}

/// Points the scene's reported answers naming the object `old` at `new`, as
/// [`rename_references`] does its expectations.
pub fn rename_reported(reported: &mut [Reported], (old, new): &(String, String)) {
    for r in reported {
        if r.ball == *old {
            r.ball.clone_from(new);
        }
        if r.obstacle == *old {
            r.obstacle.clone_from(new);
        }
    }
}

/// Drops the expectations and reported answers that name object `object`, which is being
/// removed, unless another object has its name too; returns how many expectations went.
/// Kept, an expectation naming no object made the scene unsaveable ("`obstacle` names no
/// object"), with nothing in the debugger to fix it but re-recording them all.
pub fn drop_references(scene: &mut Scene, object: usize) -> usize {
    let Some(name) = scene.objects.get(object).map(|o| o.name.clone()) else {
        return 0;
    };
    let shared = scene
        .objects
        .iter()
        .enumerate()
        .any(|(i, o)| i != object && o.name == name);
    if shared {
        return 0;
    }
    let before = scene.expect.len();
    scene
        .expect
        .retain(|e| e.ball != name && e.obstacle != name);
    // A path that met the object changes without it: its expectation goes too.
    scene
        .expect_paths
        .retain(|e| e.ball != name && e.contacts.iter().all(|c| c.obstacle != name));
    scene
        .reported
        .retain(|r| r.ball != name && r.obstacle != name);
    before - scene.expect.len()
}

/// What `text` (a scene's name, description or notes, written when the answers were
/// `before`) states that the answers `now` no longer give: each time of a pair whose answer
/// changed that appears in the text as a number, "no hit" or "miss" for a pair that now
/// hits, and a changed contact feature named as a word. One line per claim, e.g.
/// `0.4 (ball vs box: was t = 0.4, now t = 0.52)`. Empty when nothing stated changed.
pub fn stale_claims(text: &str, before: &[Expectation], now: &[Expectation]) -> Vec<String> {
    let numbers = numbers_in(text);
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '+' || c == '-'))
        .collect();
    let miss_phrases = miss_phrases(&words);
    let mut claims = Vec::new();
    // A scene of 10⁵ pairs looks each one up once.
    let now_by_pair: std::collections::HashMap<(&str, &str), &Expectation> = now
        .iter()
        .map(|n| ((n.ball.as_str(), n.obstacle.as_str()), n))
        .collect();
    for b in before {
        let n = now_by_pair
            .get(&(b.ball.as_str(), b.obstacle.as_str()))
            .copied();
        if n.is_some_and(|n| same_answer(b, n)) {
            continue;
        }
        let pair = format!("{} vs {}", b.ball, b.obstacle);
        let now_text = match n {
            Some(n) if n.hit => format!("now t = {}", fixed(n.time.unwrap_or(f32::NAN))),
            Some(_) => "now no hit".to_owned(),
            None => "now not in the scene".to_owned(),
        };
        if let Some(t) = b.time.filter(|_| b.hit) {
            for (written, value, digits) in &numbers {
                // A time written to d decimals states the times that round to it; a whole
                // number (`t = 1`, the end of the motion) states itself only: read as
                // rounded, it claimed every time from 0.5 to 1.5.
                let half_unit = if *digits == 0 {
                    0.0
                } else {
                    0.5 * 10f32.powi(-(*digits as i32))
                };
                if (value - t).abs() <= b.tolerance.max(half_unit) {
                    claims.push(format!(
                        "{written} ({pair}: was t = {}, {now_text})",
                        fixed(t)
                    ));
                }
            }
        }
        // With more than one pair, a miss is a claim about the pairs whose obstacle the
        // text names: "the discrete test would miss" is no claim about every pair.
        let named = before.len() == 1 || words.contains(&b.obstacle.to_lowercase().as_str());
        if !b.hit && n.is_some_and(|n| n.hit) && named {
            for phrase in &miss_phrases {
                claims.push(format!("\"{phrase}\" ({pair}: {now_text})"));
            }
        }
        let feature = b.feature.as_deref().filter(|f| f.len() >= 2);
        if let Some(f) = feature
            && n.is_some_and(|n| n.feature.as_deref() != Some(f))
            && words.contains(&f)
        {
            // The feature claim names the feature it is now (it read "was the tl feature, now
            // t = 0.711", which left the new one unsaid).
            let now_feature = match n {
                Some(n) if n.hit => match n.feature.as_deref() {
                    Some(g) => format!(
                        "now the {g} feature, at t = {}",
                        fixed(n.time.unwrap_or(f32::NAN))
                    ),
                    None => now_text.clone(),
                },
                _ => now_text.clone(),
            };
            claims.push(format!("{f} ({pair}: was the {f} feature, {now_feature})"));
        }
    }
    claims.dedup();
    claims
}

/// The phrases of `words` (the text's words, lower case) that state a miss, each once:
/// "miss", "misses" or "missed", and "no hit" or "no contact" as words of their own. Whole
/// words only: "dismissed", "missing" or "no hitch" state nothing.
fn miss_phrases(words: &[&str]) -> Vec<String> {
    let words: Vec<&str> = words.iter().copied().filter(|w| !w.is_empty()).collect();
    let mut found: Vec<String> = Vec::new();
    let mut note = |phrase: String| {
        if !found.contains(&phrase) {
            found.push(phrase);
        }
    };
    for (i, w) in words.iter().enumerate() {
        if matches!(*w, "miss" | "misses" | "missed") {
            note((*w).to_owned());
        }
        if *w == "no"
            && let Some(next @ ("hit" | "contact")) = words.get(i + 1).copied()
        {
            note(format!("no {next}"));
        }
    }
    found
}

/// Whether the answer `now` is still the one `before` states (within its tolerance). A
/// field `before` leaves out states nothing: a scene's own expectations often name no
/// region, which every recorded answer has.
fn same_answer(before: &Expectation, now: &Expectation) -> bool {
    let times = match (before.time, now.time) {
        (Some(x), Some(y)) => close(x, y, before.tolerance),
        (Some(_), None) => false,
        (None, _) => true,
    };
    let stated = |b: &Option<String>, n: &Option<String>| b.is_none() || b == n;
    before.hit == now.hit
        && times
        && stated(&before.feature, &now.feature)
        && stated(&before.region, &now.region)
}

/// Whether `before` ends in `t =` (any white space around the `=`), with `t` a word of
/// its own.
fn t_before(before: &[char]) -> bool {
    let skip_space = |mut i: usize| {
        while i > 0 && before[i - 1].is_whitespace() {
            i -= 1;
        }
        i
    };
    let i = skip_space(before.len());
    if i == 0 || before[i - 1] != '=' {
        return false;
    }
    let i = skip_space(i - 1);
    if i == 0 || before[i - 1] != 't' {
        return false;
    }
    !before[..i - 1]
        .last()
        .is_some_and(|&c| c.is_alphanumeric() || c == '_')
}

/// The decimal numbers written in `text` (with a point, or right after `t =`), as
/// (text, value, digits after the point).
fn numbers_in(text: &str) -> Vec<(String, f32, usize)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '.'));
        if !starts {
            i += 1;
            continue;
        }
        let begin = i;
        while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
            i += 1;
        }
        let written: String = chars[begin..i].iter().collect();
        let written = written.trim_end_matches('.').to_owned();
        let digits = written.split_once('.').map_or(0, |(_, f)| f.len());
        // `t = 1` or `t=1`, where `t` is a word of its own: read back from the number
        // (copying the text before each number made a long note's scan quadratic).
        let after_t = t_before(&chars[..begin]);
        if let Ok(value) = written.parse::<f32>()
            && (digits > 0 || after_t)
        {
            out.push((written, value, digits));
        }
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
    fn passing_lines_and_stale_claims_print_times_as_the_inspector_does() {
        // The bug: the inspector showed t = 0.385004 while, on the same screen, the
        // expectation line and the stale note showed 0.38500407.
        let mut h = hit();
        h.time = 0.385_004_07;
        let mut e = expectation();
        e.time = Some(h.time);
        e.tolerance = 1e-6;
        let r = judge(0, &e, Some(Some(h)));
        assert_eq!(
            r.to_string(),
            "PASS expect[0] ball vs box: hit at t = 0.385004"
        );
        let mut now = e.clone();
        now.time = Some(0.523_456_78);
        let claims = stale_claims("contact at t = 0.385", &[e], &[now]);
        assert_eq!(
            claims,
            ["0.385 (ball vs box: was t = 0.385004, now t = 0.523457)"]
        );
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

    fn recorded(hit: bool, time: Option<f32>, feature: Option<&str>) -> Expectation {
        Expectation {
            hit,
            time,
            feature: feature.map(str::to_owned),
            region: None,
            normal: None,
            started_inside: None,
            ..expectation()
        }
    }

    #[test]
    fn a_rename_is_followed_only_when_neither_name_is_another_objects() {
        use crate::scene::Shape;
        let obj = |name: &str| Object {
            name: name.to_owned(),
            shape: Shape::Ball {
                start: Vec2::ZERO,
                end: Vec2::X,
                radius: 1.0,
            },
        };
        let objects = [obj("ball"), obj("box"), obj("twin"), obj("twin")];
        let rename = followed_rename(&objects, 0, "zzz");
        assert_eq!(rename, Some(("ball".to_owned(), "zzz".to_owned())));
        let mut list = [expectation()];
        if let Some(r) = &rename {
            rename_references(&mut list, r);
        }
        assert_eq!(
            (list[0].ball.as_str(), list[0].obstacle.as_str()),
            ("zzz", "box")
        );
        // Onto another object's name, from a shared one, or to itself: not followed.
        assert_eq!(followed_rename(&objects, 0, "box"), None);
        assert_eq!(followed_rename(&objects, 2, "solo"), None);
        assert_eq!(followed_rename(&objects, 1, "box"), None);
        assert_eq!(followed_rename(&objects, 9, "x"), None);
    }

    #[test]
    fn an_expectation_that_names_no_region_is_not_stale_when_the_answer_has_one() {
        // The bug: start-inside.ron opened with "Possibly stale: 0 (deep vs box: was
        // t = 0, now t = 0)": its expectation names no region, the recorded answer does.
        let before = [recorded(true, Some(0.0), Some("l"))];
        let mut now = recorded(true, Some(0.0), Some("l"));
        now.region = Some("inside".to_owned());
        let text = "overlapping: a hit at t = 0.0 with started_inside";
        assert!(stale_claims(text, &before, &[now.clone()]).is_empty());
        // What it does state still counts.
        now.time = Some(0.25);
        assert_eq!(stale_claims(text, &before, &[now]).len(), 1);
    }

    #[test]
    fn a_changed_time_written_in_the_text_is_stale() {
        let before = [recorded(true, Some(0.4), Some("tl"))];
        let now = [recorded(true, Some(0.52), Some("tl"))];
        let text = "A ball falls onto the corner (3-4-5 contact at t = 0.4).";
        let claims = stale_claims(text, &before, &now);
        assert_eq!(claims.len(), 1, "{claims:?}");
        assert!(claims[0].starts_with("0.4 (ball vs box: was t = 0.4, now t = 0.52"));
        // Unchanged answers, or numbers that are not the time, are not claims.
        assert!(stale_claims(text, &before, &before).is_empty());
        assert!(stale_claims("radius 5, 3-4-5, 0.7125", &before, &now).is_empty());
    }

    #[test]
    fn a_written_miss_that_now_hits_is_stale_and_so_is_a_named_feature() {
        let before = [recorded(false, None, None)];
        let now = [recorded(true, Some(0.3), Some("bl"))];
        let claims = stale_claims("The ball misses: no hit.", &before, &now);
        assert_eq!(claims.len(), 2, "{claims:?}");
        let before = [recorded(true, Some(0.5), Some("tl"))];
        let now = [recorded(true, Some(0.5), Some("tr"))];
        let claims = stale_claims("catches the tl corner", &before, &now);
        assert_eq!(claims.len(), 1, "{claims:?}");
        // User test: it read "was the tl feature, now t = 0.5", without the new feature.
        assert_eq!(
            claims[0],
            "tl (ball vs box: was the tl feature, now the tr feature, at t = 0.5)"
        );
    }

    /// "miss" was matched inside other words: notes about a missing wall or a dismissed
    /// idea were reported as a stale claim of a miss.
    #[test]
    fn a_miss_is_read_from_whole_words_only() {
        let before = [recorded(false, None, None)];
        let now = [recorded(true, Some(0.3), Some("bl"))];
        for text in [
            "The missing wall is on purpose; the idea was dismissed.",
            "A hitch: no hitbox here, no contacts listed.",
        ] {
            assert!(stale_claims(text, &before, &now).is_empty(), "{text}");
        }
        let claims = stale_claims(
            "It missed. No contact, no hit; miss, misses.",
            &before,
            &now,
        );
        let phrases: Vec<&str> = claims.iter().filter_map(|c| c.split('"').nth(1)).collect();
        assert_eq!(
            phrases,
            ["missed", "no contact", "no hit", "miss", "misses"]
        );
    }

    /// User test: notes saying "it should be a miss at t=1" were reported as a stale
    /// claim of a hit at t = 0.733 (a whole number read as rounded), and a "miss" about
    /// one approach as a claim about every pair.
    #[test]
    fn a_whole_number_states_itself_and_a_miss_the_pairs_it_names() {
        let before = [recorded(true, Some(0.733_333), Some("l"))];
        let now = [recorded(true, Some(0.740_627), Some("l"))];
        let text = "Contact when x = -3: t = 57/120 = 0.475. It should be a miss at t=1.";
        assert!(stale_claims(text, &before, &now).is_empty());
        // A whole number that is the time is still a claim.
        let before = [recorded(true, Some(1.0), Some("l"))];
        let now = [recorded(true, Some(0.9), Some("l"))];
        assert_eq!(stale_claims("touches at t = 1", &before, &now).len(), 1);
        // Two pairs, both misses that now hit: a miss is claimed for the pair named.
        let pair = |obstacle: &str, hit: bool| Expectation {
            obstacle: obstacle.into(),
            ..recorded(hit, hit.then_some(0.3), hit.then_some("bl"))
        };
        let before = [pair("wall", false), pair("box", false)];
        let now = [pair("wall", true), pair("box", true)];
        let claims = stale_claims("The ball misses the wall.", &before, &now);
        assert_eq!(claims.len(), 1, "{claims:?}");
        assert!(claims[0].contains("ball vs wall"), "{claims:?}");
        assert!(stale_claims("The discrete test would miss.", &before, &now).is_empty());
    }

    #[test]
    fn numbers_are_read_with_their_precision() {
        let n = numbers_in("t = 0.8232233, at t = 1 and 16 units, x2.5, 3., at = 7, dt = 2");
        let written: Vec<&str> = n.iter().map(|(w, _, _)| w.as_str()).collect();
        assert_eq!(written, vec!["0.8232233", "1"]);
        assert_eq!(n[0].2, 7);
    }

    #[test]
    fn a_time_is_read_after_t_as_a_word_of_its_own() {
        let n = numbers_in("t=1, t =\n 2, \tt\n=\n3, _t = 4, at = 5, dt = 6, t: 7, (t = 8)");
        let written: Vec<&str> = n.iter().map(|(w, _, _)| w.as_str()).collect();
        assert_eq!(written, vec!["1", "2", "3", "8"]);
    }

    /// Hostile test: the scan copied the whole text before every number it found, so a
    /// note of 512 KB of numbers took 35 s to open and `check --record` hours at 16 MiB.
    /// Half a million numbers (4 MB) are read in one pass.
    #[test]
    fn a_note_of_half_a_million_numbers_is_read_in_one_pass() {
        let text = "t = 0.5, x 2.25; ".repeat(250_000);
        let n = numbers_in(&text);
        assert_eq!(n.len(), 500_000);
    }

    #[test]
    fn nan_never_passes_a_tolerance() {
        assert!(!close(f32::NAN, 0.0, 1.0));
        assert!(close(0.5, 0.50009, 1e-4));
    }

    #[test]
    fn stale_claims_look_each_pair_up_once() {
        // 10⁵ pairs: a search of `now` for every entry of `before` took minutes here.
        let pairs: Vec<Expectation> = (0..100_000)
            .map(|k| Expectation {
                obstacle: format!("o{k}"),
                ..expectation()
            })
            .collect();
        let mut now = pairs.clone();
        now[99_999].time = Some(0.9);
        let claims = stale_claims("it touches o99999 at t = 0.4", &pairs, &now);
        assert_eq!(claims.len(), 1, "{claims:?}");
    }
}
