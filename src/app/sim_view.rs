//! The simulation mode of the debugger: event-driven discs with a rewindable history,
//! plots, an event log and the published per-frame loop run side by side.
//!
//! [`SimView`] is self-contained: [`SimView::ui`] lays out its own panels inside whatever
//! `Ui` it is given, so the main app only has to call it. Settings and the camera persist
//! through serde; the run itself (worlds, history) is rebuilt from the defaults.

pub mod canvas;
pub mod compare;
pub mod perf;
pub mod plots;
pub mod timeline;

use egui::{Color32, RichText};
use glam::{DVec2, Vec2};
use serde::{Deserialize, Serialize};

use crate::geom::Aabb;
use crate::sim::{DiscInit, Event, EventKind, SimError, World};

pub use canvas::{Action, Camera, Canvas, Tool};
pub use compare::{Comparison, Divergence, DivergenceKind};
pub use perf::{FrameStats, measure_frames};
pub use plots::Series;
pub use timeline::{Logged, Timeline};

/// Walls of the default world and of a fill before any scene is loaded.
const DEFAULT_BOUNDS: Aabb = Aabb::new(Vec2::ZERO, Vec2::new(80.0, 50.0));

/// Events per frame at most (see [`SimView::advance`]).
const FRAME_EVENT_CAP: u64 = 100_000;

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
        }
    }
}

/// The live run: not persisted.
struct Run {
    timeline: Timeline,
    series: Series,
    playing: bool,
    selected: Option<usize>,
    /// The published loop beside the engine, when the comparison is on.
    comparison: Option<Comparison>,
    compare: bool,
    /// The engine's event cap stopped the last frame early.
    stalled: bool,
    /// A note for the user (errors of the last edit, scene objects left out, ...).
    message: Option<String>,
}

/// The whole simulation mode: controls, canvas, timeline, log, plots, comparison.
#[derive(Serialize, Deserialize)]
#[serde(default)]
pub struct SimView {
    pub settings: SimSettings,
    pub canvas: Canvas,
    #[serde(skip)]
    run: Option<Run>,
}

impl Default for SimView {
    fn default() -> Self {
        let settings = SimSettings::default();
        let world = World::random(60, 0.25, 1, DEFAULT_BOUNDS)
            .or_else(|_| World::new(DEFAULT_BOUNDS, &[], &[]));
        let mut view = Self {
            settings,
            canvas: Canvas::default(),
            run: None,
        };
        match world {
            Ok(w) => view.reset(w),
            Err(e) => view.note(format!("could not build the default world: {e}")),
        }
        view
    }
}

impl SimView {
    /// A view of `world` (normally at time 0) with default settings.
    pub fn from_world(world: World) -> Self {
        let mut view = Self {
            settings: SimSettings::default(),
            canvas: Canvas::default(),
            run: None,
        };
        view.reset(world);
        view
    }

    /// A view of a scene's `simulation` section (its static boxes and segments become
    /// obstacles). Fails when the scene has no simulation or it is invalid.
    pub fn from_scene(scene: &crate::scene::Scene) -> Result<Self, SimError> {
        let sw = crate::scene::SceneWorld::from_scene(scene)?;
        let mut view = Self::from_world(sw.world);
        if !sw.ignored.is_empty() {
            view.note(format!(
                "{} scene object(s) (rotated boxes, circles) take no part in the simulation",
                sw.ignored.len()
            ));
        }
        Ok(view)
    }

    /// Starts a new history at `world` (edits, fills and loads all come through here).
    fn reset(&mut self, mut world: World) {
        // A frame never runs more than this many events (about 0.1 s of CPU): a clustered
        // contact plays in slow motion instead of freezing the window. Same motion either way.
        world.set_max_events(world.max_events().min(FRAME_EVENT_CAP));
        let s = &self.settings;
        let budget = budget_bytes(s.keyframe_budget_mib);
        let timeline = Timeline::new(world, s.keyframe_events, s.keyframe_seconds, budget);
        let (compare, playing, selected) = self
            .run
            .as_ref()
            .map_or((false, false, None), |r| (r.compare, r.playing, r.selected));
        let selected = selected.filter(|&i| i < timeline.world().len());
        let mut run = Run {
            series: Series::default(),
            timeline,
            playing,
            selected,
            comparison: None,
            compare: false,
            stalled: false,
            message: None,
        };
        record_sample(&mut run, 0);
        self.run = Some(run);
        self.canvas.fit_pending = true;
        self.set_compare(compare);
    }

    fn note(&mut self, text: String) {
        if let Some(r) = &mut self.run {
            r.message = Some(text);
        }
    }

    fn run(&self) -> Option<&Run> {
        self.run.as_ref()
    }

    // ----- inspection (tests and the main app) -----

    /// The world at the current point of the history.
    pub fn world(&self) -> Option<&World> {
        self.run().map(|r| r.timeline.world())
    }

    pub fn timeline(&self) -> Option<&Timeline> {
        self.run().map(|r| &r.timeline)
    }

    pub fn time(&self) -> f64 {
        self.world().map_or(0.0, World::time)
    }

    /// Collisions processed by the current world since the origin.
    pub fn collisions(&self) -> u64 {
        self.world().map_or(0, |w| w.counts().collisions())
    }

    pub fn is_playing(&self) -> bool {
        self.run().is_some_and(|r| r.playing)
    }

    pub fn selected(&self) -> Option<usize> {
        self.run().and_then(|r| r.selected)
    }

    /// Divergences of the published loop found so far (empty when the comparison is off).
    pub fn divergences(&self) -> &[Divergence] {
        self.run()
            .and_then(|r| r.comparison.as_ref())
            .map_or(&[], Comparison::divergences)
    }

    /// The text of event-log row `k` (global collision index), as the log shows it.
    pub fn event_row_label(&self, k: usize) -> Option<String> {
        let l = self.timeline()?.logged(k)?;
        Some(row_label(k, &l.event))
    }

    // ----- actions -----

    /// Selects disc `i` for the inspector (`None` clears).
    pub fn select(&mut self, i: Option<usize>) {
        if let Some(r) = &mut self.run {
            r.selected = i.filter(|&i| i < r.timeline.world().len());
        }
    }

    pub fn set_playing(&mut self, on: bool) {
        if let Some(r) = &mut self.run {
            r.playing = on;
        }
    }

    /// Runs the simulation forward by `dt` simulated seconds, as one frame of play does.
    pub fn advance(&mut self, dt: f64) {
        let Some(r) = &mut self.run else { return };
        let m = r.timeline.advance(dt);
        r.stalled = m.stalled;
        record_sample(r, m.collisions);
        sync_comparison(r);
    }

    pub fn step_next(&mut self) -> bool {
        let Some(r) = &mut self.run else { return false };
        r.playing = false;
        let moved = r.timeline.step_next();
        if moved {
            record_sample(r, 1);
        }
        sync_comparison(r);
        moved
    }

    pub fn step_back(&mut self) -> bool {
        let Some(r) = &mut self.run else { return false };
        r.playing = false;
        let moved = r.timeline.step_back();
        sync_comparison(r);
        moved
    }

    /// Jumps to right after logged collision `k`.
    pub fn jump_to_event(&mut self, k: usize) -> bool {
        let Some(r) = &mut self.run else { return false };
        r.playing = false;
        let moved = r.timeline.jump_to_event(k);
        sync_comparison(r);
        moved
    }

    pub fn scrub_to(&mut self, t: f64) {
        let Some(r) = &mut self.run else { return };
        r.timeline.scrub_to(t);
        sync_comparison(r);
    }

    /// Replaces everything with `n` random discs at area fraction `packing` (same walls).
    pub fn fill(&mut self, n: usize, packing: f64, seed: u64) -> Result<(), SimError> {
        let bounds = self.world().map_or(DEFAULT_BOUNDS, world_bounds);
        let world = World::random(n, packing, seed, bounds)?;
        self.reset(world);
        if let Some(r) = &mut self.run {
            r.selected = None;
        }
        Ok(())
    }

    /// Adds a disc at the current state and starts a new history from there.
    pub fn spawn(&mut self, position: DVec2, velocity: DVec2, radius: f64) -> Result<(), SimError> {
        let Some(world) = self.world() else {
            return Err(SimError::Parameter("no world"));
        };
        let (min, max) = world.bounds();
        let clamp = |p: DVec2, r: f64| {
            let lo = min + DVec2::splat(r);
            let hi = (max - DVec2::splat(r)).max(lo);
            p.clamp(lo, hi)
        };
        let mut discs: Vec<DiscInit> = world
            .discs()
            .map(|d| {
                DiscInit::new(clamp(d.position, d.radius), d.velocity, d.radius).with_mass(d.mass)
            })
            .collect();
        discs.push(DiscInit::new(clamp(position, radius), velocity, radius));
        let mut next = World::new(world_bounds(world), &discs, world.solids())?;
        next.set_restitution(world.restitution())?;
        next.set_max_events(world.max_events());
        let index = discs.len() - 1;
        self.reset(next);
        if let Some(r) = &mut self.run {
            r.selected = Some(index);
        }
        Ok(())
    }

    /// Turns the published-loop comparison on (from this history's origin) or off.
    pub fn set_compare(&mut self, on: bool) {
        let Some(r) = &mut self.run else { return };
        r.compare = on;
        r.comparison = None;
        if on {
            match Comparison::new(r.timeline.origin()) {
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

    // ----- drawing -----

    /// Draws the whole simulation mode inside `ui`.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        if self.run.is_none() {
            self.reset_default();
        }
        let dt = f64::from(ui.input(|i| i.stable_dt).clamp(0.0, 0.1));
        if self.is_playing() {
            self.advance(dt * self.settings.speed.max(0.0));
            ui.ctx().request_repaint();
        }
        if let Some(r) = &mut self.run
            && r.comparison
                .as_ref()
                .is_some_and(|c| c.time() + compare::FRAME <= r.timeline.time())
            && !sync_comparison(r)
        {
            ui.ctx().request_repaint();
        }
        egui::Panel::top("sim_transport").show(ui, |ui| self.transport(ui));
        egui::Panel::left("sim_controls")
            .default_size(270.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("sim_controls_scroll")
                    .show(ui, |ui| self.controls(ui));
            });
        egui::Panel::right("sim_log")
            .default_size(330.0)
            .show(ui, |ui| self.event_log(ui));
        egui::Panel::bottom("sim_plots")
            .exact_size(190.0)
            .show(ui, |ui| {
                if let Some(r) = self.run() {
                    plots::show(ui, &r.series, r.timeline.time());
                }
            });
        egui::CentralPanel::no_frame().show(ui, |ui| self.canvas_ui(ui));
    }

    fn reset_default(&mut self) {
        let fresh = Self::default();
        self.run = fresh.run;
        self.canvas.fit_pending = true;
    }

    fn transport(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let playing = self.is_playing();
            if ui.button(if playing { "Pause" } else { "Play" }).clicked() {
                self.set_playing(!playing);
            }
            if ui.button("Previous event").clicked() {
                self.step_back();
            }
            if ui.button("Next event").clicked() {
                self.step_next();
            }
            let l = ui.label("Speed");
            ui.add(
                egui::DragValue::new(&mut self.settings.speed)
                    .range(0.0..=1000.0)
                    .speed(0.05)
                    .suffix("×"),
            )
            .labelled_by(l.id);
            let (mut t, head) = self
                .run()
                .map_or((0.0, 0.0), |r| (r.timeline.time(), r.timeline.head_time()));
            ui.spacing_mut().slider_width = (ui.available_width() - 120.0).max(80.0);
            let before = t;
            let slider = egui::Slider::new(&mut t, 0.0..=head.max(1e-9)).text("Time");
            let resp = ui.add(slider);
            // Only a user's move scrubs: a slider may re-round its value on its own, and
            // re-simulating to a rounded time would land just before the current event.
            let touched = resp.dragged() || resp.clicked() || resp.has_focus();
            if resp.changed() && touched && t != before {
                self.set_playing(false);
                self.scrub_to(t);
            }
        });
    }

    fn controls(&mut self, ui: &mut egui::Ui) {
        let Some(r) = self.run() else { return };
        let w = r.timeline.world();
        let c = w.counts();
        ui.heading("Simulation");
        ui.label(format!("t = {:.4}   discs: {}", w.time(), w.len()));
        ui.label(format!(
            "collisions: {}  (disc {}, wall {}, obstacle {})",
            c.collisions(),
            c.disc_disc,
            c.disc_wall,
            c.disc_obstacle
        ));
        ui.label(format!(
            "energy {:.6}   momentum ({:.4}, {:.4})",
            w.kinetic_energy(),
            w.momentum().x,
            w.momentum().y
        ));
        if r.stalled {
            ui.colored_label(
                Color32::YELLOW,
                "event cap reached this frame (slow motion)",
            );
        }
        let t = &r.timeline;
        let (ev, sec) = t.spacing();
        ui.label(format!(
            "keyframes {}/{} (every {ev} events or {sec:.2} s)",
            t.keyframe_count(),
            t.max_keyframes()
        ));
        if let Some(m) = &r.message {
            ui.colored_label(Color32::LIGHT_YELLOW, m);
        }
        ui.separator();
        self.edit_controls(ui);
        ui.separator();
        self.compare_controls(ui);
        ui.separator();
        self.inspector(ui);
    }

    fn edit_controls(&mut self, ui: &mut egui::Ui) {
        ui.label(RichText::new("Canvas tool").strong());
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.settings.tool, Tool::Select, "Select / pan");
            ui.selectable_value(&mut self.settings.tool, Tool::Spawn, "Spawn");
        });
        let s = &mut self.settings;
        drag(
            ui,
            "Spawn radius",
            egui::DragValue::new(&mut s.spawn_radius)
                .range(0.01..=100.0)
                .speed(0.02),
        );
        ui.label(RichText::new("Fill with random discs").strong());
        drag(
            ui,
            "Discs",
            egui::DragValue::new(&mut s.fill_count).range(0..=20_000),
        );
        drag(
            ui,
            "Packing",
            egui::DragValue::new(&mut s.fill_packing)
                .range(0.01..=0.6)
                .speed(0.005),
        );
        drag(ui, "Seed", egui::DragValue::new(&mut s.fill_seed));
        ui.horizontal(|ui| {
            if ui.button("Fill").clicked() {
                let (n, p, seed) = (
                    self.settings.fill_count,
                    self.settings.fill_packing,
                    self.settings.fill_seed,
                );
                if let Err(e) = self.fill(n, p, seed) {
                    self.note(format!("fill: {e}"));
                }
            }
            if ui.button("Fit view").clicked() {
                self.canvas.fit_pending = true;
            }
        });
        let changed = drag(
            ui,
            "Keyframe memory (MiB)",
            egui::DragValue::new(&mut self.settings.keyframe_budget_mib).range(1.0..=4096.0),
        );
        if changed {
            let bytes = budget_bytes(self.settings.keyframe_budget_mib);
            if let Some(r) = &mut self.run {
                r.timeline.set_budget(bytes);
            }
        }
    }

    fn compare_controls(&mut self, ui: &mut egui::Ui) {
        let mut on = self.run().is_some_and(|r| r.compare);
        if ui
            .checkbox(&mut on, "Compare with published loop")
            .changed()
        {
            self.set_compare(on);
        }
        let Some(r) = self.run() else { return };
        let Some(cmp) = &r.comparison else { return };
        ui.label(
            RichText::new("published loop: orange rings").color(Color32::from_rgb(230, 140, 40)),
        );
        let w = r.timeline.world();
        if !w.solids().is_empty() || w.restitution() != 1.0 {
            ui.label("(the published loop knows no obstacles and no restitution)");
        }
        if let Some(g) = cmp.max_gap(r.timeline.world()) {
            ui.label(format!("largest position gap: {g:.3e}"));
        }
        let red = Color32::from_rgb(255, 80, 80);
        match cmp.first_divergence() {
            Some(t) => ui.colored_label(red, format!("first divergence at t = {t:.4}")),
            None => ui.label("no divergence so far"),
        };
        let list = cmp.divergences();
        if !list.is_empty() {
            ui.label(RichText::new("Divergences").strong());
            egui::ScrollArea::vertical()
                .id_salt("sim_divergences")
                .max_height(140.0)
                .show(ui, |ui| {
                    for d in list {
                        ui.colored_label(red, d.describe());
                    }
                });
        }
    }

    fn inspector(&mut self, ui: &mut egui::Ui) {
        let Some(r) = self.run() else { return };
        let w = r.timeline.world();
        ui.label(RichText::new("Selected disc").strong());
        let Some(i) = r.selected else {
            ui.label("click a disc to inspect it");
            return;
        };
        let Some(d) = w.disc(i) else {
            ui.label("none");
            return;
        };
        ui.label(format!("disc {i}"));
        ui.label(format!(
            "position ({:.5}, {:.5})",
            d.position.x, d.position.y
        ));
        ui.label(format!(
            "velocity ({:.5}, {:.5})",
            d.velocity.x, d.velocity.y
        ));
        ui.label(format!("radius {:.5}   mass {:.5}", d.radius, d.mass));
        match w.next_collision(i) {
            Some(e) => ui.label(format!(
                "next: {} at t = {:.5}",
                describe_kind(&e.kind),
                e.time
            )),
            None => ui.label("next: no collision scheduled"),
        };
        if let Some(e) = w.next_event(i)
            && !e.kind.is_collision()
        {
            ui.label(format!(
                "next bookkeeping: cell crossing at t = {:.5}",
                e.time
            ));
        }
    }

    fn event_log(&mut self, ui: &mut egui::Ui) {
        let Some(r) = self.run() else { return };
        let t = &r.timeline;
        let (first, end) = (t.first_logged(), t.log_end());
        ui.heading("Event log");
        ui.label(format!("{} collisions recorded", end));
        let current = t.current_index();
        let row_h = ui.text_style_height(&egui::TextStyle::Body);
        let mut clicked = None;
        egui::ScrollArea::vertical()
            .id_salt("sim_event_log")
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show_rows(ui, row_h, end - first, |ui, rows| {
                // Rows must stay one line high for `show_rows` to place them.
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
                for row in rows {
                    let k = first + row;
                    if let Some(l) = t.logged(k) {
                        let text = RichText::new(row_label(k, &l.event)).monospace();
                        if ui.selectable_label(current == Some(k), text).clicked() {
                            clicked = Some(k);
                        }
                    }
                }
            });
        if let Some(k) = clicked {
            self.jump_to_event(k);
        }
    }

    fn canvas_ui(&mut self, ui: &mut egui::Ui) {
        let Some(r) = self.run.as_ref() else { return };
        let drawing = canvas::Drawing {
            world: r.timeline.world(),
            selected: r.selected,
            event: r.timeline.last_event(),
            comparison: r.comparison.as_ref(),
            spawn_radius: self.settings.spawn_radius,
            drag_speed: self.settings.drag_speed,
        };
        let action = self.canvas.show(ui, self.settings.tool, &drawing);
        match action {
            Some(Action::Select(i)) => {
                if let Some(r) = &mut self.run {
                    r.selected = i;
                }
            }
            Some(Action::Spawn { position, velocity }) => {
                let radius = self.settings.spawn_radius;
                if let Err(e) = self.spawn(position, velocity, radius) {
                    self.note(format!("spawn: {e}"));
                }
            }
            None => {}
        }
    }
}

/// A DragValue with a visible label that also names it for accessibility; true if changed.
fn drag(ui: &mut egui::Ui, label: &str, value: egui::DragValue<'_>) -> bool {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.add(value).labelled_by(l.id).changed()
    })
    .inner
}

fn budget_bytes(mib: f64) -> usize {
    (mib.clamp(1.0, 65_536.0) * 1024.0 * 1024.0) as usize
}

fn world_bounds(w: &World) -> Aabb {
    let (min, max) = w.bounds();
    Aabb::new(min.as_vec2(), max.as_vec2())
}

/// Samples the plots at the head (replays after a rewind are ignored by the series).
fn record_sample(r: &mut Run, collisions: u64) {
    let w = r.timeline.world();
    let p = w.momentum();
    r.series
        .push(w.time(), w.kinetic_energy(), [p.x, p.y], collisions);
}

/// Brings the published loop to the engine's time; false while it is still catching up.
fn sync_comparison(r: &mut Run) -> bool {
    let t = r.timeline.time();
    r.comparison.as_mut().is_none_or(|c| c.sync_to(t))
}

/// `#12 t=1.23456 pair 3 & 7`: short enough to stay on one line in the log.
fn row_label(k: usize, e: &Event) -> String {
    let what = match e.kind {
        EventKind::DiscDisc { i, j } => format!("pair {i} & {j}"),
        EventKind::DiscWall { i, side } => {
            format!("wall {i} {}", format!("{side:?}").to_lowercase())
        }
        EventKind::DiscObstacle { i, obstacle, .. } => format!("obstacle {i} #{obstacle}"),
        EventKind::Crossing { i, .. } => format!("crossing {i}"),
    };
    format!("#{k} t={:.5} {what}", e.time)
}

fn describe_kind(kind: &EventKind) -> String {
    match *kind {
        EventKind::DiscDisc { i, j } => format!("disc-disc  {i} & {j}"),
        EventKind::DiscWall { i, side } => format!("disc-wall  {i} | {side:?} wall"),
        EventKind::DiscObstacle { i, obstacle, .. } => {
            format!("disc-obstacle  {i} | obstacle {obstacle}")
        }
        EventKind::Crossing { i, cell } => format!("crossing  {i} -> cell {cell:?}"),
    }
}
