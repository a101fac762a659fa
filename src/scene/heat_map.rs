//! The heat map's numbers: for every cell of a grid of starts, what a ball's motion (same
//! displacement, same radius) meets from there, and where a compared variant disagrees with
//! the exact answer. Pure geometry: the debugger's heat layer turns these into pixels.
//!
//! Boxes go through the batched queries ([`crate::query::batch`]), which answer thousands
//! of starts per call with the single query's exact times; other obstacles through the
//! single queries.

use glam::Vec2;

use crate::geom::Sweep;
use crate::obstacle::Obstacle;
use crate::query::batch;
use crate::variants::verdict::{Verdict, judge_variant};
use crate::variants::{self, Params, Variant};

/// The starts sampled: cell `(col, row)` starts at `origin + (col, −row) · step` (rows run
/// down the screen, the world is y-up).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    /// The start of cell `(0, 0)`, the top-left one.
    pub origin: Vec2,
    /// World units between neighbouring starts.
    pub step: f32,
    /// Cells per row.
    pub cols: usize,
    /// Rows.
    pub rows: usize,
}

impl Grid {
    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cols.saturating_mul(self.rows)
    }

    /// Whether the grid has no cell.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The start of cell `index` (row-major).
    pub fn start(&self, index: usize) -> Vec2 {
        let (col, row) = (index % self.cols.max(1), index / self.cols.max(1));
        self.origin + Vec2::new(col as f32, -(row as f32)) * self.step
    }

    /// The cell whose square holds the world point `p`, if any.
    pub fn cell_at(&self, p: Vec2) -> Option<usize> {
        let d = (p - self.origin) / self.step;
        let (col, row) = ((d.x + 0.5).floor(), (-d.y + 0.5).floor());
        let inside = col >= 0.0 && row >= 0.0 && col < self.cols as f32 && row < self.rows as f32;
        inside.then(|| row as usize * self.cols + col as usize)
    }
}

/// How a compared variant fared from one start, over every obstacle it handles: the worst
/// of its per-obstacle verdicts (the variants panel's, [`judge_variant`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CellVerdict {
    /// Agrees everywhere; `contact`: on a contact with an obstacle the variant handles.
    Agree {
        /// Whether the exact answer is a contact with an obstacle the variant handles.
        contact: bool,
    },
    /// Both hit somewhere, at times further apart than the panel's tolerance; the largest
    /// difference, variant minus exact.
    TimeOff(f32),
    /// Both hit at about the same time, but the normal or `started_inside` is wrong.
    WrongContact,
    /// A NaN or an explicit failure.
    Broken,
    /// A contact the exact query does not find.
    FalseHit,
    /// Misses a contact the exact query finds: the ball tunnels.
    Tunnels,
}

impl CellVerdict {
    fn rank(self) -> u8 {
        match self {
            CellVerdict::Agree { .. } => 0,
            CellVerdict::TimeOff(_) => 1,
            CellVerdict::WrongContact => 2,
            CellVerdict::Broken => 3,
            CellVerdict::FalseHit => 4,
            CellVerdict::Tunnels => 5,
        }
    }

    fn from_verdict(v: &Verdict, contact: bool) -> Self {
        match v {
            Verdict::Agree | Verdict::Documented { .. } => CellVerdict::Agree { contact },
            // Not this variant's obstacle: nothing to tint.
            Verdict::NotApplicable => CellVerdict::Agree { contact: false },
            Verdict::TimeOff(dt) => CellVerdict::TimeOff(*dt),
            Verdict::StartedInside { .. } | Verdict::NormalOff(_) => CellVerdict::WrongContact,
            Verdict::NotANumber | Verdict::Failed(_) => CellVerdict::Broken,
            Verdict::FalseHit => CellVerdict::FalseHit,
            Verdict::MissedHit => CellVerdict::Tunnels,
        }
    }

    /// The worse of two; between two times off, the larger difference.
    fn worst(self, other: Self) -> Self {
        match (self, other) {
            (CellVerdict::TimeOff(a), CellVerdict::TimeOff(b)) => {
                CellVerdict::TimeOff(if b.abs() > a.abs() { b } else { a })
            }
            (CellVerdict::Agree { contact: a }, CellVerdict::Agree { contact: b }) => {
                CellVerdict::Agree { contact: a | b }
            }
            _ if other.rank() > self.rank() => other,
            _ => self,
        }
    }
}

/// What the heat map shows, one entry per cell of its grid.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Samples {
    /// Exact time of the first contact with any obstacle; `f32::INFINITY` for none.
    pub times: Vec<f32>,
    /// The compared variant's verdicts, when one is compared.
    pub verdicts: Option<(Variant, Vec<CellVerdict>)>,
}

/// Samples `grid` for a ball of `radius` moving by `motion` from each cell's start.
pub fn sample(
    grid: &Grid,
    motion: Vec2,
    radius: f32,
    obstacles: &[Obstacle],
    compare: Option<(Variant, &Params)>,
) -> Samples {
    let sweeps: Vec<Sweep> = (0..grid.len())
        .map(|i| {
            let start = grid.start(i);
            Sweep::new(start, start + motion, radius)
        })
        .collect();
    let mut times = vec![f32::INFINITY; sweeps.len()];
    let mut batch_out = Vec::new();
    for obstacle in obstacles {
        match obstacle {
            Obstacle::Aabb(b) => {
                batch_out.resize(sweeps.len(), f32::INFINITY);
                batch::sweeps_vs_aabb(&sweeps, b, &mut batch_out);
                for (t, b) in times.iter_mut().zip(&batch_out) {
                    *t = t.min(*b);
                }
            }
            other => {
                for (t, s) in times.iter_mut().zip(&sweeps) {
                    if let Some(h) = other.cast(s) {
                        *t = t.min(h.time);
                    }
                }
            }
        }
    }
    let verdicts = compare.map(|(variant, params)| {
        let verdicts = sweeps
            .iter()
            .map(|s| judge_start(variant, params, s, obstacles).verdict)
            .collect();
        (variant, verdicts)
    });
    Samples { times, verdicts }
}

/// One start of the map, judged against every obstacle the variant handles: the worst
/// verdict (as the map colours it), and the obstacle it is about with the exact answer
/// there.
#[derive(Clone, Debug, PartialEq)]
pub struct JudgedStart {
    /// The worst verdict over the obstacles.
    pub verdict: CellVerdict,
    /// The index in `obstacles` of the obstacle the verdict is about, and the exact answer
    /// against it; `None` when every obstacle agrees without a contact.
    pub about: Option<(usize, Option<crate::hit::Hit>)>,
    /// The verdict against that obstacle in words, with the variant's time beside the
    /// exact one where both hit (a wrong normal or `started_inside` says which, and by how
    /// much).
    pub detail: Option<String>,
}

/// [`sample`]'s verdict for the ball starting at `sweep`, with the obstacle it is about.
pub fn judge_start(
    variant: Variant,
    params: &Params,
    sweep: &Sweep,
    obstacles: &[Obstacle],
) -> JudgedStart {
    let mut out = JudgedStart {
        verdict: CellVerdict::Agree { contact: false },
        about: None,
        detail: None,
    };
    for (k, o) in obstacles.iter().enumerate() {
        if !variant.applies_to(o) {
            continue;
        }
        let exact = o.cast(sweep);
        let outcome = variants::run(variant, sweep, o, params);
        let verdict = judge_variant(variant, sweep, o, exact.as_ref(), &outcome);
        let this = CellVerdict::from_verdict(&verdict, exact.is_some());
        let worse = out.verdict.worst(this);
        // The obstacle that set the verdict: the first that makes it what it is.
        if worse != out.verdict {
            out.about = Some((k, exact));
            let times = match (&outcome, exact) {
                (variants::Outcome::Hit(v), Some(e)) => {
                    format!(" (its t = {}; exact t = {})", v.time, e.time)
                }
                _ => String::new(),
            };
            out.detail = Some(format!("{}{times}", verdict.text()));
        }
        out.verdict = worse;
    }
    out
}

/// The exact first contact from the start `sweep` over every obstacle: the index in
/// `obstacles` of the obstacle met first and the time (ties to the first listed).
pub fn first_contact(sweep: &Sweep, obstacles: &[Obstacle]) -> Option<(usize, f32)> {
    obstacles
        .iter()
        .enumerate()
        .filter_map(|(k, o)| o.cast(sweep).map(|h| (k, h.time)))
        .fold(None, |best: Option<(usize, f32)>, (k, t)| match best {
            Some((_, b)) if b <= t => best,
            _ => Some((k, t)),
        })
}

/// A rough cost of [`sample`] in nanoseconds on a release build (measured on this
/// project's machine), for picking a cell size that keeps frames fast: a start's set-up,
/// then per obstacle a few nanoseconds batched (boxes) or a single query, and for a
/// compared variant the exact answer again plus the variant's own (sub-stepping pays per
/// step).
pub fn cost_ns(cells: usize, obstacles: &[Obstacle], compare: Option<(Variant, &Params)>) -> f64 {
    let per_start: f64 = obstacles
        .iter()
        .map(|o| {
            let exact = if matches!(o, Obstacle::Aabb(_)) {
                5.0
            } else {
                12.0
            };
            let compared = match compare {
                Some((v, p)) if v.applies_to(o) => {
                    let own = if v == Variant::Substep {
                        20.0 * f64::from(p.substeps.max(1))
                    } else {
                        40.0
                    };
                    25.0 + own
                }
                _ => 0.0,
            };
            exact + compared
        })
        .sum();
    cells as f64 * (12.0 + per_start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Aabb, Obb, Segment};

    /// User test: a violet cell read "wrong normal or started_inside" where the variant
    /// had missed the start inside and put the contact 0.04 late; `check` said which and
    /// by how much. The hover says so too.
    #[test]
    fn a_wrong_contact_cell_says_which_and_by_how_much() {
        let boxed = [Obstacle::Aabb(Aabb::new(Vec2::ZERO, Vec2::new(40.0, 30.0)))];
        let start = Vec2::new(33.8333, 32.5833);
        let sweep = Sweep::new(start, start + Vec2::new(30.0, -40.0), 5.0);
        let j = judge_start(Variant::TrigCorner, &Params::default(), &sweep, &boxed);
        assert_eq!(j.verdict, CellVerdict::WrongContact);
        let detail = j.detail.unwrap_or_default();
        assert!(
            detail.starts_with("misses that it started inside (its t = ")
                && detail.ends_with("; exact t = 0)"),
            "{detail}"
        );
    }

    fn grid() -> Grid {
        Grid {
            origin: Vec2::new(-20.0, 20.0),
            step: 0.73,
            cols: 57,
            rows: 51,
        }
    }

    fn obstacles() -> Vec<Obstacle> {
        vec![
            Obstacle::Aabb(Aabb::new(Vec2::new(-3.0, -2.0), Vec2::new(4.0, 1.5))),
            Obstacle::Aabb(Aabb::new(Vec2::new(6.0, 6.0), Vec2::new(6.0, 9.0))),
            Obstacle::Segment(Segment::new(Vec2::new(-15.0, -5.0), Vec2::new(-5.0, 10.0))),
            Obstacle::Obb(Obb::new(Vec2::new(10.0, -8.0), Vec2::new(3.0, 1.0), 0.6)),
            Obstacle::Circle(Sweep::new(
                Vec2::new(-8.0, -12.0),
                Vec2::new(-2.0, -10.0),
                1.5,
            )),
        ]
    }

    #[test]
    fn each_cell_is_the_earliest_single_query_from_its_start() {
        let (g, obs) = (grid(), obstacles());
        let motion = Vec2::new(7.5, -4.25);
        let s = sample(&g, motion, 0.8, &obs, None);
        assert_eq!(s.times.len(), g.len());
        let (mut hits, mut zero) = (0, 0);
        for (i, &t) in s.times.iter().enumerate() {
            let start = g.start(i);
            let sweep = Sweep::new(start, start + motion, 0.8);
            let want = obs
                .iter()
                .filter_map(|o| o.cast(&sweep))
                .map(|h| h.time)
                .fold(f32::INFINITY, f32::min);
            // The batched box times are the single query's bit for bit.
            assert_eq!(t.to_bits(), want.to_bits(), "cell {i} from {start}");
            hits += usize::from(t.is_finite());
            zero += usize::from(t == 0.0);
        }
        // The grid covers hits, misses and starts in contact.
        assert!(hits > 200 && hits < g.len() - 200, "{hits} hits");
        assert!(zero > 20, "{zero} starts in contact");
    }

    #[test]
    fn cells_index_the_start_under_a_point() {
        let g = grid();
        for i in [0, 1, g.cols - 1, g.cols, g.len() - 1, 1234] {
            let p = g.start(i);
            assert_eq!(g.cell_at(p), Some(i));
            assert_eq!(g.cell_at(p + Vec2::splat(g.step * 0.49)), Some(i));
        }
        assert_eq!(g.cell_at(g.origin - Vec2::new(g.step, 0.0)), None);
        assert_eq!(g.cell_at(g.origin + Vec2::new(0.0, g.step)), None);
        assert_eq!(
            g.cell_at(g.start(g.len() - 1) + Vec2::new(g.step, 0.0)),
            None
        );
    }

    #[test]
    fn a_start_judged_alone_reads_as_the_map_colours_it_and_names_its_obstacle() {
        // A wall in front of a post: the readout of one start must agree with the map's
        // colour, and say which obstacle each part is about.
        let wall = Obstacle::Aabb(Aabb::new(Vec2::new(-1.0, -20.0), Vec2::new(1.0, 20.0)));
        let post = Obstacle::Circle(Sweep::new(
            Vec2::new(25.0, -12.0),
            Vec2::new(25.0, -12.0),
            4.0,
        ));
        let obstacles = [wall, post];
        let g = Grid {
            origin: Vec2::new(-60.0, -20.0),
            step: 1.7,
            cols: 60,
            rows: 24,
        };
        let params = Params { substeps: 10 };
        let motion = Vec2::new(100.0, 0.0);
        let s = sample(
            &g,
            motion,
            2.0,
            &obstacles,
            Some((Variant::Substep, &params)),
        );
        let (_, verdicts) = s.verdicts.expect("compared");
        let mut named = 0;
        for (i, v) in verdicts.iter().enumerate() {
            let sweep = Sweep::new(g.start(i), g.start(i) + motion, 2.0);
            let j = judge_start(Variant::Substep, &params, &sweep, &obstacles);
            assert_eq!(j.verdict, *v, "start {}", g.start(i));
            let first = first_contact(&sweep, &obstacles);
            assert_eq!(
                first.map(|f| f.1),
                s.times[i].is_finite().then_some(s.times[i])
            );
            if let Some((k, exact)) = j.about {
                assert_eq!(exact, obstacles[k].cast(&sweep));
                named += 1;
            }
        }
        assert!(named > 50, "{named} starts name an obstacle");
    }

    #[test]
    fn the_discrete_test_tunnels_through_a_thin_wall_from_a_band_of_starts() {
        // A wall 0.5 thick, a motion of 20 to the right: the end-only distance test finds
        // the wall only from starts whose end lands on it.
        let wall = Obstacle::Aabb(Aabb::new(Vec2::new(0.0, -50.0), Vec2::new(0.5, 50.0)));
        let g = Grid {
            origin: Vec2::new(-30.0, 0.0),
            step: 0.25,
            cols: 160,
            rows: 1,
        };
        let params = Params::default();
        let s = sample(
            &g,
            Vec2::new(20.0, 0.0),
            1.0,
            &[wall],
            Some((Variant::Discrete, &params)),
        );
        let (variant, verdicts) = s.verdicts.expect("compared");
        assert_eq!(variant, Variant::Discrete);
        // The expanded wall spans x ∈ [−1, 1.5]. Exact: a contact from x ∈ [−21, 1.5) (at
        // x = 1.5 it touches at t = 0 moving away). Discrete: a contact at t = 1 only when
        // the end x + 20 lies strictly inside, x ∈ (−21, −18.5).
        for (i, v) in verdicts.iter().enumerate() {
            let x = g.start(i).x;
            assert_eq!(
                s.times[i].is_finite(),
                (-21.0..1.5).contains(&x),
                "exact from x = {x}"
            );
            let ok = if !(-21.0..1.5).contains(&x) {
                *v == CellVerdict::Agree { contact: false }
            } else if x > -21.0 && x < -18.5 {
                let dt = 1.0 - (-1.0 - x) / 20.0;
                matches!(*v, CellVerdict::TimeOff(d) if (d - dt).abs() < 1e-4)
            } else {
                *v == CellVerdict::Tunnels
            };
            assert!(ok, "from x = {x}: {v:?}");
        }
        let tunnels = verdicts
            .iter()
            .filter(|v| **v == CellVerdict::Tunnels)
            .count();
        assert_eq!(tunnels, 1 + 80, "x = −21 and x ∈ [−18.5, 1.5)");
    }

    #[test]
    fn agreement_counts_only_contacts_with_obstacles_the_variant_handles() {
        // The expanded-box approach handles boxes only: from a start whose motion meets
        // the segment alone it has nothing to agree on; from one that meets the box's left
        // side it agrees on that contact.
        let obs = [
            Obstacle::Aabb(Aabb::new(Vec2::new(0.0, -1.0), Vec2::new(1.0, 1.0))),
            Obstacle::Segment(Segment::new(Vec2::new(0.0, 9.0), Vec2::new(1.0, 11.0))),
        ];
        let g = Grid {
            origin: Vec2::new(-5.0, 10.0),
            step: 10.0,
            cols: 1,
            rows: 2,
        };
        let params = Params::default();
        let compare = Some((Variant::ExpandedBox, &params));
        let s = sample(&g, Vec2::new(8.0, 0.0), 0.5, &obs, compare);
        assert!(s.times.iter().all(|t| t.is_finite()), "{:?}", s.times);
        let (_, verdicts) = s.verdicts.expect("compared");
        assert_eq!(
            verdicts[0],
            CellVerdict::Agree { contact: false },
            "the segment only"
        );
        assert_eq!(verdicts[1], CellVerdict::Agree { contact: true }, "the box");
    }

    #[test]
    fn the_worst_verdict_wins_and_the_largest_time_difference() {
        use CellVerdict::*;
        let (agree, touch) = (Agree { contact: false }, Agree { contact: true });
        assert_eq!(agree.worst(TimeOff(0.1)), TimeOff(0.1));
        assert_eq!(TimeOff(0.1).worst(TimeOff(-0.3)), TimeOff(-0.3));
        assert_eq!(TimeOff(0.5).worst(TimeOff(-0.3)), TimeOff(0.5));
        assert_eq!(Tunnels.worst(FalseHit), Tunnels);
        assert_eq!(Broken.worst(FalseHit), FalseHit);
        assert_eq!(TimeOff(0.9).worst(Broken), Broken);
        assert_eq!(agree.worst(agree), agree);
        assert_eq!(agree.worst(touch), touch);
        assert_eq!(touch.worst(agree), touch);
    }

    #[test]
    fn cost_grows_with_cells_obstacles_and_sub_steps() {
        let obs = obstacles();
        let base = cost_ns(1000, &obs, None);
        assert!(cost_ns(2000, &obs, None) > base);
        assert!(cost_ns(1000, &obs[..1], None) < base);
        let p8 = Params { substeps: 8 };
        let p64 = Params { substeps: 64 };
        let with8 = cost_ns(1000, &obs, Some((Variant::Substep, &p8)));
        assert!(with8 > base);
        assert!(cost_ns(1000, &obs, Some((Variant::Substep, &p64))) > with8);
    }
}
