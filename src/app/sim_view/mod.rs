//! The simulation view: the scene's event-driven discs with a rewindable history, plots,
//! an event log and the published per-frame loop run side by side.
//!
//! The view runs what the document's `simulation` section describes. Spawning and filling
//! change that section, through a new set-up the view returns for the frame loop to apply
//! as an edit, so they are undoable and mark the scene unsaved; when the section changes
//! (an edit, an undo, a file opened) the run is rebuilt from it. The run itself (worlds,
//! history) is never saved; settings and the camera persist through serde.

pub mod canvas;
mod panels;
use panels::row_label;
pub mod plots;

use glam::{DVec2, Vec2};
use serde::{Deserialize, Serialize};

use crate::geom::Aabb;
use crate::scene::number::fixed_f64;
use crate::scene::{Scene, Shape, Simulation};
use crate::sim::timeline::Timeline;
use crate::sim::{DiscInit, SimError, World, random_discs};
use crate::variants::loop_comparison::{self as compare, Comparison, Divergence};

pub use canvas::{Canvas, Gesture, Tool};
pub use plots::Series;

/// The largest of 1, 2 and 5 times a power of ten not above `v` (positive), as the f64
/// nearest that decimal (so that it reads back as `0.05`, not `0.05000000000000001`).
fn round_down_1_2_5(v: f64) -> f64 {
    let e = v.log10().floor() as i32;
    let decimal = |m: u32| format!("{m}e{e}").parse::<f64>().unwrap_or(f64::NAN);
    [5, 2, 1]
        .into_iter()
        .map(decimal)
        .find(|&x| x <= v)
        .unwrap_or_else(|| decimal(1))
}

/// Walls of a simulation created by a fill in a scene that has none.
const DEFAULT_BOUNDS: Aabb = Aabb::new(Vec2::ZERO, Vec2::new(80.0, 50.0));

/// Runs kept for an undo to bring back (each holds its history, within its memory
/// budget).
const SET_ASIDE_RUNS: usize = 4;

/// Events per frame at most (see [`SimView::advance`]).
pub(super) const FRAME_EVENT_CAP: u64 = 100_000;

/// Frames at most for [`SimView::advance_as_played`]: a long advance at a slow speed takes
/// longer frames rather than minutes of them.
const MAX_CATCH_UP_FRAMES: f64 = 20_000.0;

/// Capped frames in a row without the clock moving after which playing pauses.
const STUCK_FRAMES: u32 = 60;

/// Events at most for [`SimView::advance_as_played`] (a few seconds): 20,000 frames of up
/// to [`FRAME_EVENT_CAP`] events each would be 2 × 10⁹, and `--sim-advance 1e7` on the
/// billiards scene kept the window from opening for minutes.
const CATCH_UP_EVENTS: u64 = 5_000_000;

/// Settings the user tunes; persisted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SimSettings {
    /// Simulation seconds per real second.
    pub speed: f64,
    pub fill_count: usize,
    /// Area fraction of the fill, in (0, 0.6].
    pub fill_packing: f64,
    pub fill_seed: u64,
    pub spawn_radius: f64,
    /// Velocity given per world unit dragged when spawning.
    pub drag_speed: f64,
    pub tool: Tool,
    /// A keyframe every this many engine events (crossings included) ...
    pub keyframe_events: u64,
    /// ... or this many simulated seconds, whichever comes first.
    pub keyframe_seconds: f64,
    /// Memory allowed for keyframes; more are thinned to every other one.
    pub keyframe_budget_mib: f64,
    /// Number the discs on the canvas.
    pub show_ids: bool,
}

impl Default for SimSettings {
    fn default() -> Self {
        Self {
            speed: 4.0,
            fill_count: 200,
            fill_packing: 0.3,
            fill_seed: 1,
            spawn_radius: 1.0,
            drag_speed: 1.0,
            tool: Tool::Select,
            keyframe_events: 4000,
            keyframe_seconds: 1.0,
            keyframe_budget_mib: 128.0,
            show_ids: true,
        }
    }
}

/// What a run was built from: the scene's simulation section and its static obstacles.
#[derive(Clone, Debug, PartialEq)]
struct Setup {
    simulation: Option<Simulation>,
    solids: Vec<Shape>,
}

impl Setup {
    fn of(scene: &Scene) -> Self {
        Self {
            simulation: scene.simulation.clone(),
            solids: scene
                .objects
                .iter()
                .map(|o| o.shape)
                .filter(|s| matches!(s, Shape::Box { .. } | Shape::Segment { .. }))
                .collect(),
        }
    }
}

/// The simulation section a fill or a spawn starts from: the scene's own, or walls round
/// the scene's boxes and segments (see [`default_bounds`]) with no discs.
fn starting_simulation(scene: &Scene) -> Simulation {
    scene.simulation.clone().unwrap_or_else(|| Simulation {
        bounds: default_bounds(&Setup::of(scene).solids),
        discs: Vec::new(),
        restitution: 1.0,
        duration: 10.0,
    })
}

/// The walls of a first fill or spawn: [`DEFAULT_BOUNDS`] when the scene has no box or
/// segment, else walls centred on them with room around of a quarter of their extent,
/// never flatter than 2 : 1 (a floor alone gets room above it), on round numbers of the
/// scene's own scale (a tenth of the walls' size, a power of ten). Fixed walls would leave
/// a floor or a ramp away from the origin outside them, where no disc can reach it, and
/// walls of a fixed least size dwarfed a scene in metres.
fn default_bounds(solids: &[Shape]) -> Aabb {
    let mut points = solids
        .iter()
        .filter_map(|s| match *s {
            Shape::Box { min, max } => Some([min, max]),
            Shape::Segment { a, b } => Some([a, b]),
            _ => None,
        })
        .flatten();
    let Some(first) = points.next() else {
        return DEFAULT_BOUNDS;
    };
    let (lo, hi) = points.fold((first, first), |(lo, hi), p| (lo.min(p), hi.max(p)));
    let size = hi - lo;
    let centre = lo + size * 0.5;
    let extent = size.max_element();
    let want = if extent > 0.0 {
        let want = size + Vec2::splat(0.5 * extent);
        want.max(Vec2::splat(0.5 * want.max_element()))
    } else {
        // A single point: the default walls' size around it.
        DEFAULT_BOUNDS.max - DEFAULT_BOUNDS.min
    };
    let step = Decimal::step_of(want.max_element());
    let bounds = Aabb::new(step.down(centre - want * 0.5), step.up(centre + want * 0.5));
    if bounds.min.is_finite() && bounds.max.is_finite() && bounds.min.cmplt(bounds.max).all() {
        return bounds;
    }
    // Room of a quarter of the extent would pass the f32 range (a scene spanning 6e38):
    // the walls go round the obstacles as far as f32 reaches, worked out in f64, where
    // the extent itself does not overflow. (The default walls, far from the obstacles,
    // held no disc that could reach them.)
    let (lo, hi) = (lo.as_dvec2(), hi.as_dvec2());
    let room = DVec2::splat(0.25 * (hi - lo).max_element());
    let most = DVec2::splat(f64::from(f32::MAX));
    let walls = Aabb::new(
        (lo - room).max(-most).as_vec2(),
        (hi + room).min(most).as_vec2(),
    );
    if walls.min.cmplt(walls.max).all() {
        walls
    } else {
        DEFAULT_BOUNDS
    }
}

/// A power of ten `10^e` to round walls to. A multiple `n·10^e` is one f32 operation on
/// exact operands where it can be (`n` and `10^|e|` exact in f32), so it is the f32
/// nearest the decimal and saves as the short decimal; elsewhere (walls 10^11 away from
/// their own size) it is within a rounding of it.
#[derive(Clone, Copy, Debug)]
struct Decimal {
    e: i32,
}

impl Decimal {
    /// A tenth of `size`, rounded down to a power of ten.
    fn step_of(size: f32) -> Decimal {
        Decimal {
            e: f64::from(size).log10().floor() as i32 - 1,
        }
    }

    /// Each component to a multiple of the step, by `f` (floor or ceil).
    fn round(self, v: Vec2, f: impl Fn(f64) -> f64) -> Vec2 {
        let p = 10f64.powi(self.e.abs());
        let one = |x: f32| {
            let n = if self.e < 0 {
                f(f64::from(x) * p)
            } else {
                f(f64::from(x) / p)
            };
            let exact = n.abs() < f64::from(1u32 << 24) && self.e.abs() <= 10;
            match (exact, self.e < 0) {
                (true, true) => n as f32 / p as f32,
                (true, false) => n as f32 * p as f32,
                (false, true) => (n / p) as f32,
                (false, false) => (n * p) as f32,
            }
        };
        Vec2::new(one(v.x), one(v.y))
    }

    fn down(self, v: Vec2) -> Vec2 {
        self.round(v, f64::floor)
    }

    fn up(self, v: Vec2) -> Vec2 {
        self.round(v, f64::ceil)
    }
}

/// The live run: not persisted.
struct Run {
    /// The set-up it was built from, and the document revision that had it.
    setup: Setup,
    revision: u64,
    /// `None` when the scene has no simulation (or an invalid one: see `message`).
    timeline: Option<Timeline>,
    /// With no simulation in the scene: the empty world a first fill or spawn starts from
    /// (the default walls and the scene's obstacles), for the canvas to show.
    preview: Option<World>,
    series: Series,
    playing: bool,
    selected: Option<usize>,
    /// The published loop beside the engine, when the comparison is on.
    comparison: Option<Comparison>,
    compare: bool,
    /// The engine's event cap stopped the last frame early.
    capped: bool,
    /// Frames in a row that reached the event cap without the clock moving: a cluster of
    /// contacts at one instant that does not resolve (not slow motion).
    stuck_frames: u32,
    /// The last [`SimView::advance_as_played`] spent its event budget before its time.
    caught_up_short: bool,
    /// Why the engine halted, when it did (also said in `message`, which holds notes too).
    halted: Option<String>,
    /// A note for the user (scene objects left out, a fill that left discs out, ...).
    message: Option<String>,
    /// Why the last spawn or fill was refused: shown over `message`, and dropped when the
    /// run is set aside, so that an undo does not bring back a refusal of another moment.
    refusal: Option<String>,
    /// The scene objects behind the engine's obstacles, by obstacle index: the log names
    /// what a disc hit.
    obstacle_names: Vec<String>,
    /// The scene's `simulation.duration`: playing pauses when the clock reaches it.
    duration: f64,
    /// Set when playing paused at `duration`; cleared when play resumes.
    at_duration: Option<String>,
    /// The clock where playing last paused at `duration` (the engine's time, which may
    /// round a hair short of it): play resumed from there runs on.
    paused_at: Option<f64>,
}

/// The whole simulation mode: controls, canvas, timeline, log, plots, comparison.
#[derive(Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SimView {
    pub settings: SimSettings,
    pub canvas: Canvas,
    #[serde(skip)]
    run: Option<Run>,
    /// Runs replaced by an edit of the set-up (a spawn, a fill, an undo), newest last, at
    /// most [`SET_ASIDE_RUNS`]: undoing the edit brings its run back as it was.
    #[serde(skip)]
    set_aside: Vec<Run>,
    /// An undo or redo stepped the document since the last rebuild: only then does a run
    /// set aside come back. A new edit that happens to give a set-up set aside (Remove
    /// all, then Fill with the same seed) starts afresh.
    #[serde(skip)]
    history_stepped: bool,
    /// A note for the run the next rebuild makes (a fill that left discs out).
    #[serde(skip)]
    pending_note: Option<String>,
    /// What to select once the run is rebuilt: a spawned disc, or nothing after a delete.
    #[serde(skip)]
    select_after_rebuild: Option<Option<usize>>,
    /// The event the log last scrolled to.
    #[serde(skip)]
    log_shown: Option<usize>,
    /// The log's rows (event indices) laid out in the last frame, partly shown ones
    /// included.
    #[serde(skip)]
    log_rows: std::ops::Range<usize>,
    /// A log row's height as last laid out (0 before the first).
    #[serde(skip)]
    log_row_h: f32,
    /// The widest row laid out in the last frame, in the monospace style's own size (0
    /// before the first): what the log's font is fitted to.
    #[serde(skip)]
    log_widest: f32,
    /// The restitution field's value while it is dragged: the set-up changes, and the run
    /// restarts, once at the drag's end (one undo step), not on every frame of it.
    #[serde(skip)]
    restitution_drag: Option<f64>,
}

impl SimView {
    /// The document was stepped back or forward through its history: the next rebuild may
    /// bring back a run set aside.
    pub fn history_stepped(&mut self) {
        self.history_stepped = true;
    }

    /// Drops the run; the next frame rebuilds it from the document.
    pub fn forget_run(&mut self) {
        self.run = None;
        // A new document: its undo history starts empty, so no run is brought back.
        self.set_aside.clear();
    }

    /// Rebuilds the run when the scene's simulation set-up is not the one it was built
    /// from (checked only when the revision changed).
    pub fn sync(&mut self, scene: &Scene, revision: u64) {
        if self.run.as_ref().is_some_and(|r| r.revision == revision) {
            return;
        }
        // Read at every new revision, so that an undo followed by new edits lets no run
        // come back for them.
        let stepped = std::mem::take(&mut self.history_stepped);
        if let Some(r) = &mut self.run
            && r.setup == Setup::of(scene)
        {
            r.revision = revision;
            return;
        }
        let keep = self
            .run
            .as_ref()
            .map(|r| (r.compare, r.playing, r.selected));
        // The walls shown: the simulation's, or before it has one the first walls, which
        // a first spawn or fill then keeps (the camera jumped at the first spawn).
        let bounds = |s: &Setup| {
            s.simulation
                .as_ref()
                .map_or_else(|| default_bounds(&s.solids), |s| s.bounds)
        };
        let setup = Setup::of(scene);
        // Fit the camera to new walls, not after every spawn or fill.
        let refit = self
            .run
            .as_ref()
            .is_none_or(|r| bounds(&r.setup) != bounds(&setup));
        // The run being replaced is set aside with the revision it was last shown at, and
        // after an undo or redo one set aside for this very set-up (a spawn or fill undone,
        // then redone) comes back where it was, history included: the one shown at this
        // revision, else the newest (the revision is not seen when the set-up changed
        // outside this view).
        let back = stepped
            .then(|| {
                let same = |r: &Run| r.setup == setup;
                let runs = &self.set_aside;
                runs.iter()
                    .rposition(|r| r.revision == revision && same(r))
                    .or_else(|| runs.iter().rposition(same))
            })
            .flatten()
            .map(|k| self.set_aside.remove(k));
        if let Some(mut old) = self.run.take().filter(|r| r.timeline.is_some()) {
            old.refusal = None;
            if self.set_aside.len() == SET_ASIDE_RUNS {
                self.set_aside.remove(0);
            }
            self.set_aside.push(old);
        }
        if let Some(mut run) = back {
            run.revision = revision;
            run.playing = keep.is_some_and(|(_, playing, _)| playing) && run.timeline.is_some();
            self.pending_note = None;
            self.select_after_rebuild = None;
            self.canvas.fit_pending |= refit;
            self.run = Some(run);
            return;
        }
        let (timeline, message) = match build_world(scene) {
            Ok(Some((world, note))) => (Some(self.timeline_for(world)), note),
            Ok(None) => (None, None),
            Err(e) => (
                None,
                Some(format!("the scene's simulation could not be built: {e}")),
            ),
        };
        let (preview, message) = if scene.simulation.is_none() {
            match crate::scene::SceneWorld::with_simulation(scene, &starting_simulation(scene)) {
                // The first walls are drawn round the boxes and segments alone: a circle
                // left out without a word looked lost.
                Ok(sw) => (Some(sw.world), message.or(ignored_note(sw.ignored.len()))),
                Err(_) => (None, message),
            }
        } else {
            (None, message)
        };
        let len = timeline.as_ref().map_or(0, |t| t.world().len());
        let (compare, playing, selected) = keep.unwrap_or((false, false, None));
        // A run without discs (the first spawn undone) has nothing to play.
        let playing = playing && timeline.is_some();
        let mut run = Run {
            setup,
            revision,
            timeline,
            preview,
            series: Series::default(),
            playing,
            selected: selected.filter(|&i| i < len),
            comparison: None,
            compare: false,
            capped: false,
            stuck_frames: 0,
            caught_up_short: false,
            halted: None,
            message,
            refusal: None,
            duration: scene
                .simulation
                .as_ref()
                .map_or(f64::INFINITY, |s| s.duration),
            at_duration: None,
            paused_at: None,
            obstacle_names: crate::scene::simulation::obstacle_names(scene),
        };
        if let Some(note) = self.pending_note.take() {
            run.message = Some(note);
        }
        let walls = run
            .timeline
            .as_ref()
            .map(Timeline::world)
            .or(run.preview.as_ref())
            .map(World::bounds);
        if let Some(note) = walls.and_then(|(lo, hi)| self.fit_spawn_radius(hi - lo)) {
            run.message = Some(match run.message.take() {
                Some(m) => format!("{m}; {note}"),
                None => note,
            });
        }
        if let Some(i) = self.select_after_rebuild.take() {
            run.selected = i.filter(|&i| i < len);
        }
        record_sample(&mut run, 0);
        self.run = Some(run);
        self.log_widest = 0.0;
        self.canvas.fit_pending |= refit;
        self.set_compare(compare);
    }

    /// Sets the spawn radius to suit walls of `size` when it does not (a disc more than an
    /// eighth of their smaller side, or under a thousandth of it): a radius of 1 made a 2 m
    /// disc in a scene 3 m tall, and one of 0.05 kept from such a scene is a speck in
    /// 80 × 50. The new radius is a round number near a fortieth of the smaller side, and
    /// the note says so.
    fn fit_spawn_radius(&mut self, size: DVec2) -> Option<String> {
        let side = size.min_element();
        let r = self.settings.spawn_radius;
        if !(side > 0.0 && side.is_finite()) || (r <= side / 8.0 && r >= side / 1000.0) {
            return None;
        }
        // Within the field's limits, which would clamp it otherwise.
        let limits = panels::SPAWN_RADIUS;
        let fitted = round_down_1_2_5(side / 40.0).clamp(limits.lo, limits.hi);
        if fitted == r || !fitted.is_finite() || fitted <= 0.0 {
            return None;
        }
        self.settings.spawn_radius = fitted;
        Some(format!(
            "spawn radius set to {} to suit these walls ({} × {})",
            fixed_f64(fitted),
            fixed_f64(size.x),
            fixed_f64(size.y)
        ))
    }

    fn timeline_for(&self, mut world: World) -> Timeline {
        // A frame never runs more than this many events (about 0.1 s of CPU): a clustered
        // contact plays in slow motion instead of freezing the window. Same motion either way.
        world.set_max_events(world.max_events().min(FRAME_EVENT_CAP));
        let s = &self.settings;
        let budget = budget_bytes(s.keyframe_budget_mib);
        Timeline::new(world, s.keyframe_events, s.keyframe_seconds, budget)
    }

    /// Says what a fill did, once the run it set up is built: the discs it replaced (a
    /// hand-spawned one went without a word) and how many it left out; and drops the
    /// selection, whose number would name another disc of the new set.
    pub fn note_fill(&mut self, replaced: usize, placed: usize, left_out: usize) {
        self.select(None);
        let mut note = format!("fill: {placed} random disc(s)");
        if replaced > 0 {
            note.push_str(&format!(" replaced the {replaced} there were"));
        }
        if left_out > 0 {
            note.push_str(&format!(
                "; {left_out} left out where they would overlap an obstacle"
            ));
        }
        self.pending_note = Some(note);
    }

    fn note(&mut self, text: String) {
        if let Some(r) = &mut self.run {
            r.refusal = Some(text);
        }
    }

    fn timeline_ref(&self) -> Option<&Timeline> {
        self.run.as_ref()?.timeline.as_ref()
    }

    // ----- inspection (tests, reports and the main app) -----

    /// The world at the current point of the history.
    pub fn world(&self) -> Option<&World> {
        self.timeline_ref().map(Timeline::world)
    }

    pub fn timeline(&self) -> Option<&Timeline> {
        self.timeline_ref()
    }

    pub fn time(&self) -> f64 {
        self.world().map_or(0.0, World::time)
    }

    /// Why the last advance stopped before its time: the engine halted (its message), or
    /// its event cap cut a frame short (a cluster of contacts crawls).
    pub fn stop_reason(&self) -> Option<String> {
        let r = self.run.as_ref()?;
        if let Some(h) = &r.halted {
            return Some(h.clone());
        }
        if r.caught_up_short {
            return Some(format!(
                "catching up took its budget of {CATCH_UP_EVENTS} events first (play on in \
                 the window, or run `sweepscope sim` for long runs)"
            ));
        }
        if r.stuck_frames > 0 {
            return Some(format!(
                "stalled at t = {}: a frame's {FRAME_EVENT_CAP} events all at one instant \
                 (contacts that do not resolve), not slow motion",
                crate::scene::number::fixed_f64(self.time())
            ));
        }
        r.capped.then(|| {
            format!(
                "a frame reached the engine's cap of {FRAME_EVENT_CAP} events (contacts \
                 crowd the run, which crawls, or the frames of a long catch-up are long)"
            )
        })
    }

    /// Collisions processed by the current world since the origin.
    pub fn collisions(&self) -> u64 {
        self.world().map_or(0, |w| w.counts().collisions())
    }

    pub fn is_playing(&self) -> bool {
        self.run.as_ref().is_some_and(|r| r.playing)
    }

    pub fn selected(&self) -> Option<usize> {
        self.run.as_ref().and_then(|r| r.selected)
    }

    /// The note shown to the user, if any.
    pub fn message(&self) -> Option<&str> {
        let r = self.run.as_ref()?;
        // The pause at the duration is said while the clock is where it paused: after a
        // rewind (Home) it was still said at t = 0.
        let here = r.timeline.as_ref().map(Timeline::time);
        let paused = r.at_duration.as_deref().filter(|_| here == r.paused_at);
        r.refusal.as_deref().or(paused).or(r.message.as_deref())
    }

    /// The energy and momentum samples the plots show.
    pub fn series(&self) -> Option<&Series> {
        self.run.as_ref().map(|r| &r.series)
    }

    /// Whether the published-loop comparison is running.
    pub fn comparing(&self) -> bool {
        self.run.as_ref().is_some_and(|r| r.comparison.is_some())
    }

    /// Divergences of the published loop found so far (empty when the comparison is off).
    pub fn divergences(&self) -> &[Divergence] {
        self.run
            .as_ref()
            .and_then(|r| r.comparison.as_ref())
            .map_or(&[], Comparison::divergences)
    }

    /// The published loop's largest position gap from the engine now (`None` when the
    /// comparison is off or their discs differ in number).
    pub fn comparison_gap(&self) -> Option<f64> {
        let c = self.run.as_ref()?.comparison.as_ref()?;
        c.max_gap(self.world()?)
    }

    /// The text of event-log row `k` (global collision index), as the log shows it.
    pub fn event_row_label(&self, k: usize) -> Option<String> {
        let l = self.timeline()?.logged(k)?;
        Some(row_label(k, &l.event, &self.run.as_ref()?.obstacle_names))
    }

    // ----- actions on the run (not on the document) -----

    /// Selects disc `i` for the inspector (`None` clears).
    pub fn select(&mut self, i: Option<usize>) {
        let len = self.world().map_or(0, World::len);
        if let Some(r) = &mut self.run {
            r.selected = i.filter(|&i| i < len);
        }
    }

    pub fn set_playing(&mut self, on: bool) {
        if let Some(r) = &mut self.run {
            r.playing = on && r.timeline.is_some();
            if r.playing {
                r.at_duration = None;
            }
        }
    }

    /// One frame of play, `dt` simulated seconds: a run that reaches the scene's duration
    /// from before it stops there and pauses, as `sweepscope sim` ends there; played again
    /// from there (or from later), it runs on.
    pub fn play_frame(&mut self, dt: f64) {
        let Some(r) = &mut self.run else { return };
        let Some(t) = &r.timeline else { return };
        let (now, end) = (t.time(), r.duration);
        if now < end && now + dt >= end && r.paused_at != Some(now) {
            let reached = self.advance(end - now);
            if let Some(r) = &mut self.run
                && reached
            {
                r.playing = false;
                r.paused_at = r.timeline.as_ref().map(Timeline::time);
                r.at_duration = Some(format!(
                    "paused at the scene's duration, t = {} (simulation.duration): Play runs on past it",
                    fixed_f64(end)
                ));
            }
        } else {
            self.advance(dt);
        }
    }

    /// Runs the simulation forward by `dt` simulated seconds, as one frame of play does.
    /// Returns whether the run went the whole `dt`: false when the engine halted it or the
    /// frame's event cap stopped it short (or there is no run).
    pub fn advance(&mut self, dt: f64) -> bool {
        let to = self.time() + dt;
        self.advance_to(to)
    }

    /// [`SimView::advance`] to the time `target` itself (see [`Timeline::advance_to`]).
    pub fn advance_to(&mut self, target: f64) -> bool {
        let Some(r) = &mut self.run else { return false };
        let Some(t) = &mut r.timeline else {
            return false;
        };
        let before = t.world().time();
        let m = t.advance_to(target);
        r.capped = m.capped;
        let stuck = m.capped && t.world().time() == before;
        r.stuck_frames = if stuck {
            r.stuck_frames.saturating_add(1)
        } else {
            0
        };
        if r.stuck_frames == STUCK_FRAMES && r.playing {
            // A second of frames spent at one instant: playing on only burns them.
            r.playing = false;
            r.message = Some(format!(
                "paused: stalled at t = {} ({STUCK_FRAMES} frames of {FRAME_EVENT_CAP} \
                 events each without the clock moving: contacts at one instant that do \
                 not resolve; `sweepscope sim` says the same)",
                crate::scene::number::fixed_f64(before)
            ));
        }
        let halted = m.halted.is_some();
        if let Some(h) = m.halted {
            r.playing = false;
            let said = format!("the simulation stopped: {h}");
            r.halted = Some(said.clone());
            r.message = Some(said);
        }
        record_sample(r, m.collisions);
        sync_comparison(r);
        !(halted || m.capped)
    }

    /// [`SimView::advance`] by `total` seconds in the frames playing would take (`speed`
    /// / 60 each, at most [`MAX_CATCH_UP_FRAMES`] of them), so that the plots and the
    /// events per frame read as if it had been played. Stops at the first frame the engine
    /// halts or its event cap cuts short: a busy run would otherwise spend up to the cap on
    /// every one of the frames before the window opens.
    pub fn advance_as_played(&mut self, total: f64) {
        let frames = (total * 60.0 / self.settings.speed.max(f64::MIN_POSITIVE))
            .ceil()
            .clamp(1.0, MAX_CATCH_UP_FRAMES);
        if total.is_nan() || total <= 0.0 || !frames.is_finite() {
            self.advance(total.max(0.0));
            return;
        }
        let frame = total / frames;
        let n = frames as u64;
        let end = self.time() + total;
        let events = |v: &SimView| v.world().map_or(0, |w| w.counts().total());
        let first = events(self);
        if let Some(r) = &mut self.run {
            r.caught_up_short = false;
        }
        for k in 0..n {
            if events(self).saturating_sub(first) >= CATCH_UP_EVENTS {
                if let Some(r) = &mut self.run {
                    r.caught_up_short = true;
                }
                break;
            }
            // The last frame ends at the end itself, not at the sum of the frames, which can
            // fall just short of it (before the events at that very time).
            let moved = if k + 1 == n {
                self.advance_to(end)
            } else {
                self.advance(frame)
            };
            if !moved {
                break;
            }
        }
    }

    pub fn step_next(&mut self) -> bool {
        let Some(r) = &mut self.run else { return false };
        r.playing = false;
        let moved = r.timeline.as_mut().is_some_and(Timeline::step_next);
        if moved {
            record_sample(r, 1);
        }
        sync_comparison(r);
        moved
    }

    pub fn step_back(&mut self) -> bool {
        let Some(r) = &mut self.run else { return false };
        r.playing = false;
        let moved = r.timeline.as_mut().is_some_and(Timeline::step_back);
        sync_comparison(r);
        moved
    }

    /// Jumps to right after logged collision `k`.
    pub fn jump_to_event(&mut self, k: usize) -> bool {
        let Some(r) = &mut self.run else { return false };
        r.playing = false;
        let moved = r.timeline.as_mut().is_some_and(|t| t.jump_to_event(k));
        sync_comparison(r);
        moved
    }

    pub fn scrub_to(&mut self, t: f64) {
        let Some(r) = &mut self.run else { return };
        if let Some(tl) = &mut r.timeline {
            tl.scrub_to(t);
        }
        sync_comparison(r);
    }

    /// Turns the published-loop comparison on (from this history's origin) or off.
    pub fn set_compare(&mut self, on: bool) {
        let Some(r) = &mut self.run else { return };
        r.compare = on;
        r.comparison = None;
        let Some(t) = &r.timeline else { return };
        if on {
            match Comparison::new(t.origin()) {
                Some(c) => {
                    r.comparison = Some(c);
                    sync_comparison(r);
                }
                None => {
                    r.compare = false;
                    r.message = Some(format!(
                        "the published loop is O(n²) per event: comparison limited to {} discs",
                        compare::MAX_DISCS
                    ));
                }
            }
        }
    }

    // ----- new set-ups (the frame loop applies them as edits) -----

    /// `scene`'s simulation with `n` random discs at area fraction `packing` in its walls
    /// (the default walls if it has none); discs that would overlap one of the scene's
    /// static obstacles are left out. The obstacles, restitution and duration are kept.
    pub fn fill_setup(
        scene: &Scene,
        n: usize,
        packing: f64,
        seed: u64,
    ) -> Result<(Simulation, usize), SimError> {
        let base = starting_simulation(scene);
        let solids: Vec<Shape> = Setup::of(scene).solids;
        // Speeds in proportion to the walls, as the radius is: in the default walls (80
        // wide) each component is within ±1; in walls 1e-30 wide, ±1 crossed them 1e30
        // times a second and the run stopped short.
        let width = f64::from(base.bounds.max.x) - f64::from(base.bounds.min.x);
        let speed = width / f64::from(DEFAULT_BOUNDS.max.x - DEFAULT_BOUNDS.min.x);
        let discs: Vec<crate::scene::Disc> = random_discs(n, packing, seed, base.bounds)?
            .into_iter()
            .filter(|d| !solids.iter().any(|s| overlaps(d, s)))
            .map(|d| crate::scene::Disc {
                position: d.position.into(),
                velocity: (d.velocity * speed).into(),
                radius: d.radius,
                mass: d.mass,
            })
            .collect();
        let left_out = n - discs.len();
        Ok((Simulation { discs, ..base }, left_out))
    }

    /// The empty world a first fill or spawn starts from, while the scene has no
    /// simulation (see [`starting_simulation`]).
    pub fn preview(&self) -> Option<&World> {
        self.run.as_ref()?.preview.as_ref()
    }

    /// The set-up that continues from the current state with one more disc at `position`
    /// (moved in to touch a wall it would cross) moving at `velocity`; in a scene without a
    /// simulation, the first disc in the default walls. Refused with the reason where the
    /// position is outside the walls (it was moved inside without a word), and with the
    /// validator's where `scene` could not be saved with it: a disc on top of another or
    /// inside an obstacle.
    pub fn spawn_setup(
        &self,
        scene: &Scene,
        position: DVec2,
        velocity: DVec2,
        radius: f64,
    ) -> Result<Simulation, String> {
        let duration = scene.simulation.as_ref().map_or(10.0, |s| s.duration);
        let setup = self
            .spawned(position, velocity, radius, duration)
            .map_err(|e| format!("refused: {e}"))?;
        let new = setup.discs.len() - 1;
        let mut with = scene.clone();
        with.simulation = Some(setup.clone());
        let problem = crate::scene::validate(&with)
            .into_iter()
            .find(|p| p.item == crate::scene::validate::Item::Disc { index: new });
        match problem {
            // "overlaps disc 4 at the start": the start of the run the spawn begins.
            Some(p) => Err(format!(
                "refused: the new disc {}",
                p.message.trim_end_matches(" at the start")
            )),
            None => Ok(setup),
        }
    }

    /// The set-up that continues from the current state without disc `i`, as a spawn
    /// continues with one more: the moment it is removed becomes the run's start (said in
    /// the view's note, with Undo bringing back the run before).
    pub fn delete_setup(&mut self, scene: &Scene, i: usize) -> Result<Simulation, String> {
        let duration = scene.simulation.as_ref().map_or(10.0, |s| s.duration);
        let world = self.world().ok_or("no simulation to delete a disc from")?;
        if i >= world.len() {
            return Err(format!("no simulation disc {i}"));
        }
        let now = world.time();
        let mut setup = Simulation::from_world(world, duration);
        setup.discs.remove(i);
        // Nothing selected after: the disc that took the number would be deleted by a
        // second press.
        self.select_after_rebuild = Some(None);
        let mut note = format!("deleted disc {i}; the discs after it are numbered one less");
        if now > 0.0 {
            note += &format!(
                "; the run now starts from t = {} with its clock at 0 (Undo brings back the \
                 run before)",
                fixed_f64(now)
            );
        }
        self.pending_note = Some(note);
        Ok(setup)
    }

    fn spawned(
        &self,
        position: DVec2,
        velocity: DVec2,
        radius: f64,
        duration: f64,
    ) -> Result<Simulation, String> {
        let world = self
            .world()
            .or(self.preview())
            .ok_or("no simulation to spawn in")?;
        let (min, max) = world.bounds();
        if !(position.cmpge(min).all() && position.cmple(max).all()) {
            return Err("the new disc is outside the walls: spawn inside them".to_owned());
        }
        let mut setup = Simulation::from_world(world, duration);
        let disc = DiscInit::new(world.spawn_position(position, radius), velocity, radius);
        // Validate it as the engine will, so a bad radius is refused here with its reason.
        World::new(Aabb::new(min.as_vec2(), max.as_vec2()), &[disc], &[])
            .map_err(|e| e.to_string())?;
        setup.discs.push(crate::scene::Disc {
            position: disc.position.into(),
            velocity: disc.velocity.into(),
            radius: disc.radius,
            mass: None,
        });
        Ok(setup)
    }

    // ----- drawing -----

    /// Draws the whole simulation mode inside `ui` for `scene` at `revision`. Returns a new
    /// simulation set-up when the user spawned or filled: the caller applies it to the
    /// document.
    pub fn ui(&mut self, ui: &mut egui::Ui, scene: &Scene, revision: u64) -> Option<Simulation> {
        self.sync(scene, revision);
        let dt = f64::from(ui.input(|i| i.stable_dt).clamp(0.0, 0.1));
        if self.is_playing() {
            self.play_frame(dt * self.settings.speed.max(0.0));
            ui.ctx().request_repaint();
        }
        if let Some(r) = &mut self.run
            && let Some(t) = &r.timeline
            && r.comparison
                .as_ref()
                .is_some_and(|c| c.time() + compare::FRAME <= t.time())
            && !sync_comparison(r)
        {
            ui.ctx().request_repaint();
        }
        let mut setup = None;
        // The side panels share at most about half of the window's width, as the sweep
        // view's do: at 800 points the fixed 270 + 330 left the canvas 185.
        let width = ui.available_width();
        let controls = (width * 0.26).clamp(200.0, 300.0);
        let log = (width * 0.24).clamp(170.0, 360.0);
        egui::Panel::top("sim_transport").show(ui, |ui| self.transport(ui));
        egui::Panel::left("sim_controls")
            .default_size(controls)
            .size_range(200.0..=(width * 0.35).max(200.0))
            .show(ui, |ui| {
                // A bar beside the controls, not over them: floating, it covered the end of
                // "Compare with published loop" in a short window.
                ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
                egui::ScrollArea::vertical()
                    .id_salt("sim_controls_scroll")
                    .show(ui, |ui| setup = setup.take().or(self.controls(ui, scene)));
            });
        egui::Panel::right("sim_log")
            .default_size(log)
            .size_range(170.0..=(width * 0.35).max(170.0))
            .show(ui, |ui| self.event_log(ui));
        egui::Panel::bottom("sim_plots")
            .exact_size(190.0)
            .show(ui, |ui| {
                if let Some(r) = &self.run {
                    plots::show(ui, &r.series, self.time());
                }
            });
        egui::CentralPanel::no_frame().show(ui, |ui| {
            setup = setup.take().or(self.canvas_ui(ui, scene));
        });
        setup
    }
}

/// The world a scene's simulation describes (`None` when it has none), with a note about
/// objects that take no part in it.
fn build_world(scene: &Scene) -> Result<Option<(World, Option<String>)>, SimError> {
    if scene.simulation.is_none() {
        return Ok(None);
    }
    let sw = crate::scene::SceneWorld::from_scene(scene)?;
    let note = ignored_note(sw.ignored.len());
    Ok(Some((sw.world, note)))
}

/// The note for scene objects the engine does not take, when there are any.
fn ignored_note(ignored: usize) -> Option<String> {
    (ignored > 0).then(|| {
        format!("{ignored} scene object(s) (rotated boxes, circles) take no part in the simulation")
    })
}

/// Whether a random disc would overlap a static obstacle of the scene.
fn overlaps(d: &DiscInit, solid: &Shape) -> bool {
    let Some(obstacle) = solid.obstacle() else {
        return false;
    };
    // The distance is 0 inside the obstacle; touching counts as overlapping here, so a new
    // disc never starts in contact with it.
    obstacle.distance_at(d.position.as_vec2(), 0.0) <= d.radius as f32
}

fn budget_bytes(mib: f64) -> usize {
    (mib.clamp(1.0, 65_536.0) * 1024.0 * 1024.0) as usize
}

/// Samples the plots at the head (replays after a rewind are ignored by the series).
fn record_sample(r: &mut Run, collisions: u64) {
    let Some(t) = &r.timeline else { return };
    let w = t.world();
    let p = w.momentum();
    r.series
        .push(w.time(), w.kinetic_energy(), [p.x, p.y], collisions);
}

/// Brings the published loop to the engine's time; false while it is still catching up.
fn sync_comparison(r: &mut Run) -> bool {
    let Some(t) = &r.timeline else { return true };
    let now = t.time();
    r.comparison.as_mut().is_none_or(|c| c.sync_to(now))
}
