//! The counterexample hunter: random cases and cases aimed where trouble lives, each judged
//! against the exact core with the verdicts of [`crate::variants::verdict`]; every kind of
//! disagreement found is shrunk to a minimal case and returned as a scene that pins the
//! exact answer (so `sweepscope check` passes on it) and records the contender's.
//!
//! Deterministic: case `i` of a hunt depends only on the seed and `i` ([`generate::case`]),
//! results are gathered in index order, and which disagreements are shrunk depends only on
//! that order — the same seed gives the same table and the same scenes on any number of
//! threads.
//!
//! [`hunt`] runs a whole search on every core (rayon); [`find_counterexample`] is the
//! bounded, single-threaded search behind the debugger's "Find a counterexample".

pub mod generate;
pub mod shrink;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::capture::{Answer, AnswerHit, SceneObstacle, capture_judged};
use crate::geom::{Aabb, Obb, Segment, Sweep};
use crate::hit::Hit;
use crate::obstacle::Obstacle;
use crate::scene::model::Scene;
use crate::variants::verdict::{Disagreement, Verdict, judge_variant};
use crate::variants::{self, Outcome, Params, Variant};

/// The obstacle kinds the hunter generates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Axis-aligned boxes.
    Aabb,
    /// Rotated boxes.
    Obb,
    /// Segments.
    Segment,
    /// Circles, moving or still.
    Circle,
}

impl Kind {
    /// Every kind, in the order tables list them.
    pub const ALL: [Kind; 4] = [Kind::Aabb, Kind::Obb, Kind::Segment, Kind::Circle];

    /// The command line's name: `aabb`, `obb`, `segment`, `circle`.
    pub fn id(self) -> &'static str {
        match self {
            Kind::Aabb => "aabb",
            Kind::Obb => "obb",
            Kind::Segment => "segment",
            Kind::Circle => "circle",
        }
    }

    /// The kind whose [`Kind::id`] is `id`.
    pub fn from_id(id: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// Its name in prose and scene names: box, rotated box, segment, circle.
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Aabb => "box",
            Kind::Obb => "rotated box",
            Kind::Segment => "segment",
            Kind::Circle => "circle",
        }
    }

    /// An obstacle of this kind, to ask a contender whether it handles the kind.
    fn sample(self) -> Obstacle {
        let (z, one) = (glam::Vec2::ZERO, glam::Vec2::ONE);
        match self {
            Kind::Aabb => Obstacle::Aabb(Aabb::new(z, one)),
            Kind::Obb => Obstacle::Obb(Obb::new(z, one, 0.5)),
            Kind::Segment => Obstacle::Segment(Segment::new(z, one)),
            Kind::Circle => Obstacle::Circle(Sweep::stationary(z, 1.0)),
        }
    }
}

/// Where a case was aimed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Strategy {
    /// Anywhere: uniform positions, sizes and motions.
    Random,
    /// At a corner of a box, an end of a segment, or a circle, straight or just missing.
    Corner,
    /// Along a side at the touching distance, or a hair either side of it.
    Graze,
    /// Motion along x or y.
    AxisParallel,
    /// Starting overlapping, deep or shallow.
    StartInside,
    /// Starting exactly touching, moving in, away or along.
    Touching,
    /// No motion at all.
    ZeroMotion,
    /// A box or segment of (nearly) zero thickness, a tiny circle or ball.
    Thin,
    /// A motion hundreds to 10⁵ times the obstacle's size; a fast circle.
    Fast,
    /// Coordinates 10⁴ to 10⁷ away from the origin, or everything scaled up.
    Huge,
    /// Everything scaled down by 10² to 10⁶.
    Tiny,
}

impl Strategy {
    /// The targeted strategies (all but [`Strategy::Random`]).
    pub const TARGETED: [Strategy; 10] = [
        Strategy::Corner,
        Strategy::Graze,
        Strategy::AxisParallel,
        Strategy::StartInside,
        Strategy::Touching,
        Strategy::ZeroMotion,
        Strategy::Thin,
        Strategy::Fast,
        Strategy::Huge,
        Strategy::Tiny,
    ];

    /// A short stable name for notes and tables.
    pub fn id(self) -> &'static str {
        match self {
            Strategy::Random => "random",
            Strategy::Corner => "corner",
            Strategy::Graze => "graze",
            Strategy::AxisParallel => "axis-parallel",
            Strategy::StartInside => "start-inside",
            Strategy::Touching => "touching",
            Strategy::ZeroMotion => "zero-motion",
            Strategy::Thin => "thin",
            Strategy::Fast => "fast",
            Strategy::Huge => "huge",
            Strategy::Tiny => "tiny",
        }
    }

    /// Whether the case was aimed where trouble lives (anything but [`Strategy::Random`]).
    pub fn is_targeted(self) -> bool {
        self != Strategy::Random
    }
}

/// One query: a ball and an obstacle, as a scene holds them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Case {
    /// The obstacle's kind.
    pub kind: Kind,
    /// How the case was generated.
    pub strategy: Strategy,
    /// The moving ball.
    pub sweep: Sweep,
    /// The obstacle, as the scene file will hold it.
    pub obstacle: SceneObstacle,
}

impl Case {
    /// The obstacle the core answers for (as the scene file will load it).
    pub fn core_obstacle(&self) -> Obstacle {
        self.obstacle.obstacle()
    }

    /// The case in one line. (Plain "to" rather than an arrow: the notes it goes into are
    /// shown by the debugger, whose fonts have no arrows.)
    pub fn describe(&self) -> String {
        let s = &self.sweep;
        let o = match self.obstacle {
            SceneObstacle::Box(b) => format!(
                "box min ({}, {}) max ({}, {})",
                b.min.x, b.min.y, b.max.x, b.max.y
            ),
            SceneObstacle::RotatedBox {
                center,
                half_extents,
                degrees,
            } => format!(
                "rotated box centre ({}, {}) half extents ({}, {}) angle {degrees}°",
                center.x, center.y, half_extents.x, half_extents.y
            ),
            SceneObstacle::Segment(g) => {
                format!("segment ({}, {}) – ({}, {})", g.a.x, g.a.y, g.b.x, g.b.y)
            }
            SceneObstacle::Circle(c) => format!(
                "circle ({}, {}) to ({}, {}) r {}",
                c.start.x, c.start.y, c.end.x, c.end.y, c.radius
            ),
        };
        format!(
            "ball ({}, {}) to ({}, {}) r {}; {o}",
            s.start.x, s.start.y, s.end.x, s.end.y, s.radius
        )
    }
}

/// A case judged: the exact answer, the contender's, and the verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// The exact core's answer.
    pub exact: Option<Hit>,
    /// The contender's answer.
    pub outcome: Outcome,
    /// How the two compare.
    pub verdict: Verdict,
}

/// Whether the case can be judged fairly and written as a scene: finite, positive radii,
/// a valid obstacle, and for an engine an obstacle parry receives exactly.
pub fn judgeable(against: Variant, case: &Case) -> bool {
    let o = case.core_obstacle();
    let radii_positive = case.sweep.radius > 0.0
        && match case.obstacle {
            SceneObstacle::Circle(c) => c.radius > 0.0,
            _ => true,
        };
    let exact_input = !against.is_engine() || engine_receives_exactly(&o);
    case.sweep.is_valid() && o.is_valid() && radii_positive && exact_input
}

#[cfg(feature = "engines")]
fn engine_receives_exactly(o: &Obstacle) -> bool {
    crate::variants::parry::exact_in_parry(o)
}

#[cfg(not(feature = "engines"))]
fn engine_receives_exactly(_: &Obstacle) -> bool {
    true
}

/// Judges `against` on one case (`None` when the case is not [`judgeable`]).
pub fn judge_case(against: Variant, params: &Params, case: &Case) -> Option<Judged> {
    if !judgeable(against, case) {
        return None;
    }
    let o = case.core_obstacle();
    let exact = o.cast(&case.sweep);
    let outcome = variants::run(against, &case.sweep, &o, params);
    let verdict = judge_variant(against, &case.sweep, &o, exact.as_ref(), &outcome);
    Some(Judged {
        exact,
        outcome,
        verdict,
    })
}

/// The kinds `against` handles, in [`Kind::ALL`] order.
pub fn applicable_kinds(against: Variant) -> Vec<Kind> {
    Kind::ALL
        .into_iter()
        .filter(|k| against.applies_to(&k.sample()))
        .collect()
}

/// A shrunk disagreement, ready to save.
#[derive(Clone, Debug)]
pub struct Counterexample {
    /// The contender judged.
    pub against: Variant,
    /// The kind of disagreement, kept through the shrink.
    pub disagreement: Disagreement,
    /// The shrunk case.
    pub case: Case,
    /// The shrunk case's judgement.
    pub judged: Judged,
    /// The case as generated.
    pub original: Case,
    /// The generated case's verdict.
    pub original_verdict: Verdict,
    /// The hunt's seed: the case came from `generate::case(seed, index, kinds)`.
    pub seed: u64,
    /// The case's index in the hunt.
    pub index: u64,
    /// Judgements the shrink spent.
    pub shrink_steps: usize,
    /// The scene: the case, the exact answer as its expectation, the contender's answer
    /// beside it and notes on the disagreement.
    pub scene: Scene,
}

impl Counterexample {
    /// A file name: `<against>-<kind>-<disagreement>-<index>.ron` (the disagreement as
    /// [`Disagreement::id_case`] names it).
    pub fn file_name(&self) -> String {
        format!(
            "{}-{}-{}-{}.ron",
            self.against.id(),
            self.case.kind.id(),
            self.disagreement.id_case(self.judged.exact.as_ref()),
            self.index
        )
    }
}

/// Counts for one obstacle kind and one family of cases (random or targeted).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Cases judged.
    pub judged: u64,
    /// Cases generated but not judgeable (see [`judgeable`]).
    pub skipped: u64,
    /// Answers within an engine's documented stop.
    pub documented: u64,
    /// Cases per kind of disagreement.
    pub disagreements: BTreeMap<Disagreement, u64>,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.judged += other.judged;
        self.skipped += other.skipped;
        self.documented += other.documented;
        for (k, n) in &other.disagreements {
            *self.disagreements.entry(*k).or_default() += n;
        }
    }

    /// Cases with any disagreement.
    pub fn bad(&self) -> u64 {
        self.disagreements.values().sum()
    }
}

/// What a hunt does.
#[derive(Clone, Debug, PartialEq)]
pub struct HuntConfig {
    /// The contender to judge.
    pub against: Variant,
    /// Obstacle kinds, cycled through case by case (those `against` handles).
    pub kinds: Vec<Kind>,
    /// Cases to generate.
    pub count: u64,
    /// The seed: the same seed gives the same cases and the same report.
    pub seed: u64,
    /// How many disagreements of each obstacle kind × kind of disagreement to shrink.
    pub keep: usize,
    /// The contender's parameters (sub-step count).
    pub params: Params,
}

impl HuntConfig {
    /// The command that runs this hunt again: every argument that changes its cases or
    /// its verdicts.
    pub fn command_line(&self) -> String {
        let mut line = format!("sweepscope hunt --against {}", self.against.id());
        for k in &self.kinds {
            let _ = write!(line, " --kind {}", k.id());
        }
        let _ = write!(line, " --count {} --seed {}", self.count, self.seed);
        if self.params.substeps != Params::default().substeps {
            let _ = write!(line, " --substeps {}", self.params.substeps);
        }
        line
    }
}

/// What a hunt found.
#[derive(Clone, Debug)]
pub struct HuntReport {
    /// What was asked.
    pub config: HuntConfig,
    /// Counts per obstacle kind and family.
    pub tallies: Tallies,
    /// The shrunk disagreements, each minimal case once; the same for the same seed.
    pub counterexamples: Vec<Counterexample>,
}

/// Tallies per obstacle kind and family (`true`: targeted cases).
pub type Tallies = BTreeMap<(Kind, bool), Tally>;

/// A disagreement found while searching, before shrinking.
#[derive(Clone, Debug)]
struct Found {
    index: u64,
    case: Case,
    verdict: Verdict,
    disagreement: Disagreement,
    /// The exact answer is an overlap at the start: a missed hit there is not a tunnel.
    started_inside: bool,
}

/// Cases per rayon task: large enough to amortise scheduling, small for a smooth progress.
const CHUNK: u64 = 256;

/// Chunks run before their results are merged and cut down (about a million cases).
const WAVE: u64 = 4096;

/// Runs a hunt: `config.count` cases on every core; `progress` is told how many are done
/// (from any thread, at most once per chunk).
pub fn hunt(config: &HuntConfig, progress: &(dyn Fn(u64) + Sync)) -> HuntReport {
    let kinds = usable_kinds(config.against, &config.kinds);
    let done = AtomicU64::new(0);
    let chunks = config.count.div_ceil(CHUNK);
    let mut tallies = Tallies::new();
    let mut found = Vec::new();
    // A wave of chunks at a time, each wave's disagreements cut down to what `pick` can
    // choose from: the memory is bounded whatever the count.
    for wave in (0..chunks).step_by(WAVE as usize) {
        let results: Vec<(Tallies, Vec<Found>)> = (wave..(wave + WAVE).min(chunks))
            .into_par_iter()
            .map(|c| {
                let range = c * CHUNK..((c + 1) * CHUNK).min(config.count);
                let n = range.end - range.start;
                let out = search(config, &kinds, range);
                progress(done.fetch_add(n, Ordering::Relaxed) + n);
                out
            })
            .collect();
        for (t, f) in results {
            for (k, v) in t {
                tallies.entry(k).or_default().add(&v);
            }
            found.extend(f);
        }
        prune(&mut found, config.keep);
    }
    let picked = pick(&found, config.keep);
    let mut counterexamples: Vec<Counterexample> =
        picked.par_iter().map(|f| shrink_found(config, f)).collect();
    // The same minimal case can come from two starting points: keep the first.
    let mut seen = Vec::new();
    counterexamples.retain(|c| {
        let key = (c.disagreement, shrink::numbers(&c.case));
        let bits: Vec<u32> = key.1.iter().map(|x| x.to_bits()).collect();
        if seen.contains(&(key.0, bits.clone())) {
            false
        } else {
            seen.push((key.0, bits));
            true
        }
    });
    HuntReport {
        config: config.clone(),
        tallies,
        counterexamples,
    }
}

/// The kinds to cycle through: those asked for that `against` handles (all it handles when
/// none are asked for).
fn usable_kinds(against: Variant, asked: &[Kind]) -> Vec<Kind> {
    let handled = applicable_kinds(against);
    if asked.is_empty() {
        handled
    } else {
        asked
            .iter()
            .copied()
            .filter(|k| handled.contains(k))
            .collect()
    }
}

fn search(
    config: &HuntConfig,
    kinds: &[Kind],
    range: std::ops::Range<u64>,
) -> (Tallies, Vec<Found>) {
    let mut tallies = Tallies::new();
    let mut found = Vec::new();
    if kinds.is_empty() {
        return (tallies, found);
    }
    for index in range {
        let case = generate::case(config.seed, index, kinds);
        let tally = tallies
            .entry((case.kind, case.strategy.is_targeted()))
            .or_default();
        let Some(j) = judge_case(config.against, &config.params, &case) else {
            tally.skipped += 1;
            continue;
        };
        tally.judged += 1;
        if matches!(j.verdict, Verdict::Documented { .. }) {
            tally.documented += 1;
        }
        if let Some(d) = j.verdict.disagreement() {
            *tally.disagreements.entry(d).or_default() += 1;
            found.push(Found {
                index,
                case,
                started_inside: j.exact.is_some_and(|h| h.started_inside),
                verdict: j.verdict,
                disagreement: d,
            });
        }
    }
    (tallies, found)
}

/// Drops the disagreements [`pick`] can never choose, keeping for each obstacle kind ×
/// kind of disagreement × strategy the first `keep` in index order. `pick` takes the first
/// of each strategy, then fills up to `keep` in index order, so it never reaches past a
/// strategy's first `keep`: what it picks is unchanged (`found` is in index order, and
/// stays so).
fn prune(found: &mut Vec<Found>, keep: usize) {
    let mut seen: BTreeMap<(Kind, Disagreement, Strategy), usize> = BTreeMap::new();
    found.retain(|f| {
        let n = seen
            .entry((f.case.kind, f.disagreement, f.case.strategy))
            .or_default();
        *n += 1;
        *n <= keep
    });
}

/// Up to `keep` disagreements per obstacle kind × kind of disagreement, in index order,
/// preferring cases from strategies not yet picked for that pair.
fn pick(found: &[Found], keep: usize) -> Vec<Found> {
    let mut picked: Vec<Found> = Vec::new();
    let count = |picked: &[Found], f: &Found| {
        picked
            .iter()
            .filter(|p| p.case.kind == f.case.kind && p.disagreement == f.disagreement)
            .count()
    };
    for f in found {
        let fresh = !picked.iter().any(|p| {
            p.case.kind == f.case.kind
                && p.disagreement == f.disagreement
                && p.case.strategy == f.case.strategy
        });
        if fresh && count(&picked, f) < keep {
            picked.push(f.clone());
        }
    }
    for f in found {
        if count(&picked, f) < keep && !picked.iter().any(|p| p.index == f.index) {
            picked.push(f.clone());
        }
    }
    picked.sort_by_key(|f| f.index);
    picked
}

fn shrink_found(config: &HuntConfig, f: &Found) -> Counterexample {
    let against = config.against;
    let params = config.params;
    let wanted = f.disagreement;
    // The same disagreement on the same kind of exact answer: a tunnel shrunk into a start
    // inside the obstacle would still be a missed hit, but no longer the trouble found.
    let fails = |c: &Case| {
        judge_case(against, &params, c).is_some_and(|j| {
            j.verdict.disagreement() == Some(wanted)
                && j.exact.is_some_and(|h| h.started_inside) == f.started_inside
        })
    };
    let (case, steps) = shrink::shrink(&f.case, &fails);
    // The shrink only keeps cases that disagree the same way, so this judgement exists.
    let judged = judge_case(against, &params, &case).unwrap_or(Judged {
        exact: None,
        outcome: Outcome::Miss,
        verdict: f.verdict.clone(),
    });
    let origin = Origin {
        config,
        index: f.index,
        original: &f.case,
        original_verdict: &f.verdict,
        shrink_steps: steps,
    };
    let scene = scene_for(against, &params, &case, &judged, Some(&origin));
    Counterexample {
        against,
        disagreement: wanted,
        case,
        judged,
        original: f.case,
        original_verdict: f.verdict.clone(),
        seed: config.seed,
        index: f.index,
        shrink_steps: steps,
        scene,
    }
}

/// Searches `budget` cases (single-threaded, in index order) for disagreements of
/// `against`, on `kind` or on every kind it handles, and shrinks one: of the kinds of
/// disagreement found, in [`Disagreement::ALL`]'s order (a missed hit, tunnelling,
/// first) and for each a contact from outside before an overlap at the start, the one
/// `seed` picks, so that successive seeds show each kind in turn. (The
/// first disagreement found was nearly always the same degenerate start inside an
/// obstacle, which says nothing to someone chasing a tunnel.) The debugger's "Find a
/// counterexample": a budget of a few thousand cases answers within a fraction of a
/// second for the published approaches and parry.
pub fn find_counterexample(
    against: Variant,
    kind: Option<Kind>,
    seed: u64,
    budget: u64,
) -> Option<Counterexample> {
    let config = HuntConfig {
        against,
        kinds: kind.into_iter().collect(),
        count: budget,
        seed,
        keep: 1,
        params: Params::default(),
    };
    let kinds = usable_kinds(against, &config.kinds);
    if kinds.is_empty() {
        return None;
    }
    // The first case of each kind of disagreement, on each kind of exact answer (a contact
    // from outside, an overlap at the start).
    let mut first: Vec<Found> = Vec::new();
    for index in 0..budget {
        let case = generate::case(seed, index, &kinds);
        let Some(j) = judge_case(against, &config.params, &case) else {
            continue;
        };
        let Some(disagreement) = j.verdict.disagreement() else {
            continue;
        };
        let started_inside = j.exact.is_some_and(|h| h.started_inside);
        let new = |f: &Found| f.disagreement != disagreement || f.started_inside != started_inside;
        if first.iter().all(new) {
            first.push(Found {
                index,
                case,
                verdict: j.verdict,
                disagreement,
                started_inside,
            });
            if first.len() == 2 * Disagreement::ALL.len() {
                break;
            }
        }
    }
    let order = |f: &Found| {
        let kind = Disagreement::ALL.iter().position(|&a| a == f.disagreement);
        (kind, f.started_inside)
    };
    first.sort_by_key(order);
    let pick = usize::try_from(seed % first.len().max(1) as u64).unwrap_or(0);
    first.get(pick).map(|found| shrink_found(&config, found))
}

/// Where a counterexample came from, for its notes.
struct Origin<'a> {
    config: &'a HuntConfig,
    index: u64,
    original: &'a Case,
    original_verdict: &'a Verdict,
    shrink_steps: usize,
}

/// The scene of a judged case: the case, the exact answer as the expectation, the
/// contender's answer beside it, the heat map set to compare the contender, the
/// contender's parameters (so that the debugger and `check` judge it as the hunt did), and
/// notes.
fn scene_for(
    against: Variant,
    params: &Params,
    case: &Case,
    judged: &Judged,
    origin: Option<&Origin>,
) -> Scene {
    let answer = answer_of(against, &judged.outcome);
    let mut remarks = Vec::new();
    if let Some(d) = judged.verdict.disagreement() {
        remarks.push(format!(
            "what disagrees: {} {}: {}",
            against.id(),
            d.describe_case(judged.exact.as_ref()),
            judged.verdict.text()
        ));
    }
    if let Some(o) = origin {
        remarks.push(format!(
            "found by `{}`: case {} ({} {}), shrunk in {} judgements from: {} (verdict \
             there: {})",
            o.config.command_line(),
            o.index,
            o.original.strategy.id(),
            o.original.kind.id(),
            o.shrink_steps,
            o.original.describe(),
            o.original_verdict.text()
        ));
    }
    #[cfg(feature = "engines")]
    if against == Variant::ParrySweep {
        use crate::variants::parry::sweep::{LINEAR_SLOP, stop_band};
        let band = stop_band(&case.sweep, &case.core_obstacle(), LINEAR_SLOP);
        remarks.push(format!(
            "parry documents {}; this answer is outside that",
            band.describe(LINEAR_SLOP)
        ));
    }
    let mut scene = match capture_judged(
        &case.sweep,
        &case.obstacle,
        &answer,
        &judged.verdict,
        &remarks,
    ) {
        Ok(s) => s,
        // Not reached for a judgeable case (finite, positive radius); an empty scene
        // would fail `check` rather than pass silently.
        Err(_) => Scene::empty("not capturable"),
    };
    scene.name = format!(
        "{}: {} on a {}",
        against.id(),
        judged
            .verdict
            .disagreement()
            .map_or("agrees", |d| d.id_case(judged.exact.as_ref())),
        case.kind.noun()
    );
    scene.heat_map.compare = Some(against.id().to_owned());
    scene.params = *params;
    scene
}

/// The contender's outcome as a captured answer.
fn answer_of(against: Variant, outcome: &Outcome) -> Answer {
    let mut detail = String::new();
    let hit = match outcome {
        Outcome::Hit(h) => {
            let _ = write!(
                detail,
                "centre ({}, {}), point ({}, {}), feature {}",
                h.center.x,
                h.center.y,
                h.point.x,
                h.point.y,
                h.feature.name()
            );
            if !h.time.is_finite() {
                let _ = write!(detail, ", time {}", h.time);
            }
            Some(AnswerHit {
                time: h.time,
                normal: Some(h.normal),
                started_inside: Some(h.started_inside),
            })
        }
        Outcome::Miss => None,
        Outcome::Failed(why) => {
            let _ = write!(detail, "failed: {why}");
            None
        }
        Outcome::NotApplicable => {
            detail.push_str("not applicable");
            None
        }
    };
    Answer {
        by: against.id().to_owned(),
        hit,
        detail,
    }
}

/// The scene for one case judged now (no hunt behind it): for the debugger to open any
/// case it generated or a user edited.
pub fn scene_of_case(against: Variant, params: &Params, case: &Case) -> Option<Scene> {
    let judged = judge_case(against, params, case)?;
    Some(scene_for(against, params, case, &judged, None))
}

/// The report's table: one row per obstacle kind and family, a column per kind of
/// disagreement, counts and percentages of the cases judged. Markdown when `markdown`.
pub fn table(report: &HuntReport, markdown: bool) -> String {
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut header = vec!["kind".to_owned(), "cases".to_owned(), "judged".to_owned()];
    header.extend(Disagreement::ALL.iter().map(|d| d.id().to_owned()));
    header.push("documented".to_owned());
    header.push("any".to_owned());
    let mut total = Tally::default();
    for ((kind, targeted), t) in &report.tallies {
        total.add(t);
        rows.push(row(
            &format!(
                "{} {}",
                kind.id(),
                if *targeted { "targeted" } else { "random" }
            ),
            t,
        ));
    }
    rows.push(row("all", &total));
    let mut out = String::new();
    if markdown {
        let _ = writeln!(out, "| {} |", header.join(" | "));
        let _ = writeln!(
            out,
            "|{}",
            header.iter().map(|_| " --- |").collect::<String>()
        );
        for r in &rows {
            let _ = writeln!(out, "| {} |", r.join(" | "));
        }
    } else {
        let widths: Vec<usize> = (0..header.len())
            .map(|i| {
                rows.iter()
                    .map(|r| r[i].chars().count())
                    .chain([header[i].chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |cells: &[String]| {
            cells
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(i, (c, w))| {
                    if i == 0 {
                        format!("{c:<w$}")
                    } else {
                        format!("{c:>w$}")
                    }
                })
                .collect::<Vec<_>>()
                .join("  ")
        };
        let _ = writeln!(out, "{}", line(&header));
        for r in &rows {
            let _ = writeln!(out, "{}", line(r));
        }
    }
    out
}

fn row(label: &str, t: &Tally) -> Vec<String> {
    let pct = |n: u64| {
        if t.judged == 0 || n == 0 {
            "0".to_owned()
        } else {
            format!("{n} ({:.1}%)", 100.0 * n as f64 / t.judged as f64)
        }
    };
    let mut r = vec![
        label.to_owned(),
        (t.judged + t.skipped).to_string(),
        t.judged.to_string(),
    ];
    r.extend(
        Disagreement::ALL
            .iter()
            .map(|d| pct(t.disagreements.get(d).copied().unwrap_or(0))),
    );
    r.push(pct(t.documented));
    r.push(pct(t.bad()));
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every disagreement of a hunt, in index order, as `hunt` gathers them.
    fn all_found(config: &HuntConfig) -> Vec<Found> {
        let kinds = usable_kinds(config.against, &config.kinds);
        search(config, &kinds, 0..config.count).1
    }

    #[test]
    fn pruning_a_waves_disagreements_leaves_what_pick_chooses() {
        // The bug: `hunt --count 1000000000000` asked for 187 GB, every chunk's results
        // held at once. Waves are now cut down to what `pick` can choose; the choice must
        // not change, whatever `keep`.
        for (against, seed) in [(Variant::Substep, 3), (Variant::Discrete, 5)] {
            let config = HuntConfig {
                against,
                kinds: Vec::new(),
                count: 3000,
                seed,
                keep: 0,
                params: Params { substeps: 3 },
            };
            let found = all_found(&config);
            assert!(found.len() > 100, "{} disagreements", found.len());
            for keep in [0, 1, 2, 5] {
                let mut pruned = found.clone();
                prune(&mut pruned, keep);
                assert!(pruned.len() < found.len());
                let key = |v: Vec<Found>| v.iter().map(|f| f.index).collect::<Vec<_>>();
                assert_eq!(
                    key(pick(&found, keep)),
                    key(pick(&pruned, keep)),
                    "keep {keep}"
                );
            }
        }
    }

    #[test]
    fn a_missed_overlap_at_the_start_is_not_called_a_tunnel() {
        // The bug: Find's shrunk missed hit could be a start inside a rotated box, and its
        // notes and the status bar said "(tunnels)".
        let mut seen = [false; 2];
        for against in Variant::PUBLISHED {
            for seed in 0..12 {
                let Some(c) = find_counterexample(against, None, seed, 3000) else {
                    continue;
                };
                if c.disagreement != Disagreement::MissedHit {
                    continue;
                }
                let inside = c.judged.exact.is_some_and(|h| h.started_inside);
                let said = c.disagreement.describe_case(c.judged.exact.as_ref());
                assert_eq!(said.contains("tunnels"), !inside, "{said}");
                assert!(c.scene.notes.contains(said), "{}", c.scene.notes);
                // The scene's and the file's names say the same.
                let id = if inside {
                    "missed-overlap"
                } else {
                    "missed-hit"
                };
                assert!(c.scene.name.contains(id), "{}", c.scene.name);
                assert!(c.file_name().contains(id), "{}", c.file_name());
                seen[usize::from(inside)] = true;
            }
            if seen == [true; 2] {
                break;
            }
        }
        assert_eq!(seen, [true; 2], "both kinds of missed hit found");
    }

    /// A tunnel shrunk on its kind of disagreement alone could end as a start inside the
    /// obstacle (still a missed hit, no longer the trouble found). The shrink keeps the
    /// exact answer's side too: every tunnel stays a tunnel, including ones that would
    /// not have.
    #[test]
    fn a_tunnel_is_not_shrunk_into_a_start_inside() {
        let params = Params::default();
        let (mut tunnels, mut would_have_moved) = (0, 0);
        for against in [Variant::Discrete, Variant::Substep, Variant::TrigCorner] {
            let kinds = usable_kinds(against, &[]);
            for index in 0..1500u64 {
                let case = generate::case(3, index, &kinds);
                let Some(j) = judge_case(against, &params, &case) else {
                    continue;
                };
                let outside = j.exact.is_some_and(|h| !h.started_inside);
                if j.verdict.disagreement() != Some(Disagreement::MissedHit) || !outside {
                    continue;
                }
                tunnels += 1;
                let found = Found {
                    index,
                    case,
                    verdict: j.verdict.clone(),
                    disagreement: Disagreement::MissedHit,
                    started_inside: false,
                };
                let config = HuntConfig {
                    against,
                    kinds: Vec::new(),
                    count: 0,
                    seed: 3,
                    keep: 1,
                    params,
                };
                let c = shrink_found(&config, &found);
                assert!(
                    c.judged.exact.is_some_and(|h| !h.started_inside),
                    "{against:?} case {index} shrank into a start inside"
                );
                // The same shrink on the kind of disagreement alone.
                let loose = |x: &Case| {
                    judge_case(against, &params, x)
                        .is_some_and(|j| j.verdict.disagreement() == Some(Disagreement::MissedHit))
                };
                let (small, _) = shrink::shrink(&case, &loose);
                let inside = judge_case(against, &params, &small)
                    .and_then(|j| j.exact)
                    .is_some_and(|h| h.started_inside);
                would_have_moved += usize::from(inside);
                if tunnels >= 12 {
                    break;
                }
            }
        }
        assert!(tunnels >= 3, "{tunnels} tunnels found");
        assert!(
            would_have_moved > 0,
            "no tunnel here shrinks into a start inside without the rule: the test proves nothing"
        );
    }
}
