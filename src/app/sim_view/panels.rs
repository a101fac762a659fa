//! The simulation view's panels: transport, controls, inspector, event log and canvas.

use egui::RichText;

use super::canvas::{self, Gesture, Tool};
use super::{FRAME_EVENT_CAP, SimView, budget_bytes};
use crate::app::draw::palette::Role;
use crate::app::views::widgets::{Limits, limited_parser};
use crate::scene::number::{fixed_f64, point_f64};
use crate::scene::{Scene, Simulation};
use crate::sim::{Event, EventKind};

impl SimView {
    pub(super) fn transport(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let playing = self.is_playing();
            // Nothing to play or step through before the scene has discs (or after they
            // were all removed: Play stayed on and did nothing).
            let running = self.world().is_some_and(|w| !w.is_empty());
            let why = "No discs yet: fill or spawn some first";
            let button = |ui: &mut egui::Ui, text: &str| {
                ui.add_enabled(running, egui::Button::new(text))
                    .on_disabled_hover_text(why)
                    .clicked()
            };
            if button(ui, if playing { "Pause" } else { "Play" }) {
                self.set_playing(!playing);
            }
            // At t = 0 there is nothing before: enabled, it did nothing.
            let back = ui
                .add_enabled(
                    running && self.time() > 0.0,
                    egui::Button::new("Previous event"),
                )
                .on_disabled_hover_text(if running {
                    "At the start of the run: there is nothing before"
                } else {
                    why
                })
                .clicked();
            if back {
                self.step_back();
            }
            if button(ui, "Next event") {
                self.step_next();
            }
            let l = ui.label("Speed");
            // Not 0: a run at speed 0 showed Pause while its clock never moved.
            let parse = limited_parser(ui.ctx(), "Speed", Limits::range(0.01, 1000.0));
            ui.add(
                egui::DragValue::new(&mut self.settings.speed)
                    .range(0.01..=1000.0)
                    .speed(0.05)
                    .suffix("×")
                    .custom_parser(parse)
                    .update_while_editing(false),
            )
            .labelled_by(l.id);
            let (mut t, head) = self
                .timeline()
                .map_or((0.0, 0.0), |tl| (tl.time(), tl.head_time()));
            ui.spacing_mut().slider_width = (ui.available_width() - 120.0).max(80.0);
            let before = t;
            // Never below the clock itself (which can pass the head by a rounding): a slider
            // holds its value to its range, and that alone would scrub.
            let end = head.max(t).max(1e-9);
            // Decimals capped: before the run has a head the range is tiny, and the slider
            // would print a dozen zeros.
            let slider = egui::Slider::new(&mut t, 0.0..=end)
                .max_decimals(TIME_DECIMALS)
                .text("Time")
                .custom_parser(limited_parser(
                    ui.ctx(),
                    "Time",
                    Limits::history(head.max(before)),
                ))
                .update_while_editing(false);
            let resp = ui.add_enabled(running, slider).on_disabled_hover_text(why);
            // Typing a time while playing lost the text: the clock moved under it every
            // frame. The field with the keyboard holds the run still.
            if resp.has_focus() && self.is_playing() {
                self.set_playing(false);
            }
            // Only a user's move scrubs: a slider may re-round its value on its own, and
            // re-simulating to a rounded time would land just before the current event.
            // A typed time is applied as its field loses the keyboard.
            let touched = resp.dragged() || resp.clicked() || resp.has_focus() || resp.lost_focus();
            // Clicking into the field rounds the value to the decimals shown (3.0000000000000027
            // to 3): that is the slider's doing, not a time asked for.
            let rounded = t == egui::emath::round_to_decimals(before, TIME_DECIMALS);
            if resp.changed() && touched && t != before && !rounded {
                self.set_playing(false);
                self.scrub_to(t);
            }
        });
    }

    /// The side panel; returns a new set-up when the user filled.
    pub(super) fn controls(&mut self, ui: &mut egui::Ui, scene: &Scene) -> Option<Simulation> {
        ui.heading("Simulation");
        // The fields first, the readout after: the readout's height changes (the first
        // spawn replaced three lines of help with five of numbers), and the fields moved
        // down under the pointer.
        let setup = self.edit_controls(ui, scene);
        ui.separator();
        match self.world() {
            Some(w) => {
                let c = w.counts();
                ui.label(format!("t = {}   discs: {}", fixed_f64(w.time()), w.len()));
                ui.label(format!(
                    "collisions: {}  (disc {}, wall {}, obstacle {})",
                    c.collisions(),
                    c.disc_disc,
                    c.disc_wall,
                    c.disc_obstacle
                ));
                // The drift from the start says what changed; the energy itself is read to
                // nine digits (see `number::energy`).
                let e0 = self.timeline().map(|t| t.origin().kinetic_energy());
                // Below restitution 1 the change is the collisions' loss, not drift.
                let lost = if w.restitution() < 1.0 {
                    ", lost to restitution"
                } else {
                    ""
                };
                let drift = e0.filter(|&e0| e0 > 0.0).map_or(String::new(), |e0| {
                    format!(" (ΔE/E₀ {:+.1e}{lost})", (w.kinetic_energy() - e0) / e0)
                });
                ui.label(format!(
                    "energy {}{drift}   momentum {}",
                    crate::scene::number::energy(w.kinetic_energy()),
                    point_f64(w.momentum())
                ));
            }
            None => {
                ui.label("This scene has no disc simulation. Fill the walls with random discs, or spawn one on the canvas, to start one; it is saved with the scene.");
            }
        }
        if let Some(t) = self.run.as_ref().and_then(|r| r.timeline.as_ref()) {
            let (ev, sec) = t.spacing();
            ui.label(format!(
                "keyframes {}/{} (every {ev} events or {sec:.2} s)",
                t.keyframe_count(),
                t.max_keyframes()
            ));
        }

        // Notes come and go (a refused spawn, a frame at the event cap): below the fields,
        // so that one appearing does not move what the pointer is about to click.
        if let Some(r) = self.run.as_ref().filter(|r| r.capped) {
            let said = if r.stuck_frames > 0 {
                "event cap reached this frame without the clock moving (stalled)".to_owned()
            } else {
                format!(
                    "event cap reached this frame ({FRAME_EVENT_CAP} events, cell crossings \
                     included): slow motion"
                )
            };
            ui.colored_label(Role::Warning.color(), said);
        }
        if let Some(m) = self.message() {
            ui.colored_label(Role::Warning.color(), m);
        }
        ui.separator();
        self.compare_controls(ui);
        ui.separator();
        self.inspector(ui);
        setup
    }

    fn edit_controls(&mut self, ui: &mut egui::Ui, scene: &Scene) -> Option<Simulation> {
        ui.label(RichText::new("Canvas tool").strong());
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.settings.tool, Tool::Select, "Select / pan");
            ui.selectable_value(&mut self.settings.tool, Tool::Spawn, "Spawn");
        });
        ui.checkbox(&mut self.settings.show_ids, "Disc numbers")
            .on_hover_text("Number the discs as the event log and the inspector name them");
        let s = &mut self.settings;
        // Any radius walls from a micrometre to a kilometre across can suit: the limits
        // must hold the radius `fit_spawn_radius` chooses, or the field clamps it when
        // drawn. A drag moves it by a hundredth of itself per point, at any scale.
        let step = (s.spawn_radius.abs() * 0.01).max(SPAWN_RADIUS.lo);
        drag(
            ui,
            "Spawn radius",
            egui::DragValue::new(&mut s.spawn_radius).speed(step),
            SPAWN_RADIUS,
        );
        ui.label(RichText::new("Fill with random discs").strong());
        // At least one: a fill of none removed every disc without a word.
        drag(
            ui,
            "Discs",
            egui::DragValue::new(&mut s.fill_count),
            Limits::count(1.0, 20_000.0),
        );
        drag(
            ui,
            "Packing",
            egui::DragValue::new(&mut s.fill_packing).speed(0.005),
            Limits::range(0.01, 0.6),
        );
        // Seeds as far as f64 holds every whole number: 10^20 read back as 2^64.
        drag(
            ui,
            "Seed",
            egui::DragValue::new(&mut s.fill_seed),
            Limits::count(0.0, 9_007_199_254_740_992.0),
        );
        let mut setup = None;
        ui.horizontal(|ui| {
            if ui
                .button("Fill")
                .on_hover_text(
                    "Replace the discs with random ones (undoable; keeps the walls and obstacles)",
                )
                .clicked()
            {
                let s = &self.settings;
                match Self::fill_setup(scene, s.fill_count, s.fill_packing, s.fill_seed) {
                    Ok((sim, left_out)) => {
                        let replaced = scene.simulation.as_ref().map_or(0, |s| s.discs.len());
                        self.note_fill(replaced, sim.discs.len(), left_out);
                        setup = Some(sim);
                    }
                    Err(e) => self.note(format!("fill: {e}")),
                }
            }
            let discs = scene.simulation.as_ref().map_or(0, |sim| sim.discs.len());
            if ui
                .add_enabled(discs > 0, egui::Button::new("Remove all"))
                .on_hover_text("Remove every disc (undoable; keeps the walls)")
                .clicked()
                && let Some(sim) = &scene.simulation
            {
                self.pending_note = Some(format!(
                    "removed all {discs} disc(s); the walls stay (Ctrl+Z brings them back)"
                ));
                self.select(None);
                setup = Some(Simulation {
                    discs: Vec::new(),
                    ..sim.clone()
                });
            }
            if ui.button("Fit view").clicked() {
                self.canvas.fit_pending = true;
            }
        });
        if let Some(sim) = &scene.simulation
            && let Some(e) = self.restitution_field(ui, sim.restitution)
        {
            self.pending_note = Some(format!(
                "restitution {} (was {}): the run starts again from its set-up (Ctrl+Z goes \
                 back)",
                fixed_f64(e),
                fixed_f64(sim.restitution)
            ));
            setup = Some(Simulation {
                restitution: e,
                ..sim.clone()
            });
        }
        let changed = drag(
            ui,
            "Keyframe memory (MiB)",
            egui::DragValue::new(&mut self.settings.keyframe_budget_mib),
            Limits::range(1.0, 4096.0),
        );
        if changed {
            let bytes = budget_bytes(self.settings.keyframe_budget_mib);
            if let Some(t) = self.run.as_mut().and_then(|r| r.timeline.as_mut()) {
                t.set_budget(bytes);
            }
        }
        setup
    }

    fn compare_controls(&mut self, ui: &mut egui::Ui) {
        let mut on = self.run.as_ref().is_some_and(|r| r.compare);
        if ui
            .checkbox(&mut on, "Compare with published loop")
            .changed()
        {
            self.set_compare(on);
        }
        let Some(r) = &self.run else { return };
        let (Some(cmp), Some(t)) = (&r.comparison, &r.timeline) else {
            return;
        };
        ui.label(RichText::new("published loop: orange rings").color(Role::Published.color()));
        let w = t.world();
        if let Some(why) = crate::variants::loop_comparison::unlike_published(w) {
            ui.colored_label(Role::Warning.color(), format!("Not like for like: {why}."));
        }
        if let Some(g) = cmp.max_gap(w) {
            ui.label(format!("largest position gap: {g:.3e}"));
        }
        let red = Role::Alert.color();
        // A divergence is one of the loop's failures (`DivergenceKind`), not a gap in
        // positions: the text names them, so that it does not read as "the runs agree"
        // beside a large gap.
        match cmp.first_divergence() {
            Some(t) => ui.colored_label(red, format!("first divergence at t = {t:.4}")),
            None => ui.label(
                "none of the loop's failures so far (NaN velocity, escape, skipped contact \
                 at t = 0, stalled frame); the positions can still drift apart, as the gap \
                 shows",
            ),
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
        let Some(w) = self.world() else { return };
        let names = self.run.as_ref().map_or(&[][..], |r| &r.obstacle_names[..]);
        ui.label(RichText::new("Selected disc").strong());
        let Some(i) = self.selected() else {
            ui.label("click a disc to inspect it");
            return;
        };
        let Some(d) = w.disc(i) else {
            ui.label("none");
            return;
        };
        ui.label(format!("disc {i}"));
        ui.label(format!("position {}", point_f64(d.position)));
        ui.label(format!("velocity {}", point_f64(d.velocity)));
        ui.label(format!(
            "radius {}   mass {}",
            fixed_f64(d.radius),
            fixed_f64(d.mass)
        ));
        // A prediction from the motions now: another collision first (of either disc)
        // cancels it, so it is not said as what will happen.
        let predicted = "Predicted from the discs' motions now: a collision of either disc \
                         before it changes their paths and cancels it.";
        match w.next_collision(i) {
            Some(e) => ui.label(format!(
                "predicted next: {} at t = {}",
                describe_kind(&e.kind, names),
                fixed_f64(e.time)
            )),
            None => ui.label("predicted next: no collision"),
        }
        .on_hover_text(predicted);
        if let Some(e) = w.next_event(i)
            && !e.kind.is_collision()
        {
            ui.label(format!(
                "next bookkeeping: cell crossing at t = {}",
                fixed_f64(e.time)
            ));
        }
    }

    pub(super) fn event_log(&mut self, ui: &mut egui::Ui) {
        let Some((t, names)) = self
            .run
            .as_ref()
            .and_then(|r| Some((r.timeline.as_ref()?, &r.obstacle_names)))
        else {
            ui.heading("Event log");
            ui.weak(
                "Every collision is listed here once discs are moving; click one to go back to it.",
            );
            return;
        };
        let (log_shown, log_rows, log_row_h, log_widest) = (
            &mut self.log_shown,
            &mut self.log_rows,
            &mut self.log_row_h,
            &mut self.log_widest,
        );
        let (first, end) = (t.first_logged(), t.log_end());
        ui.heading("Event log");
        if first > 0 {
            // The log keeps the newest collisions only (LOG_CAP): said, where its rows
            // starting at #204911 under "335849 recorded" read as missing ones.
            ui.label(format!(
                "{end} collisions recorded; the newest {} are listed (from #{}): stepping \
                 before them runs the engine again",
                end - first,
                first
            ));
        } else {
            ui.label(format!("{end} collisions recorded"));
        }
        let current = t.current_index();
        let font = row_font(ui, *log_widest);
        let base = egui::TextStyle::Monospace.resolve(ui.style());
        // `show_rows` lays rows out at this height, and the follow-the-scrubber offset below
        // counts on it: the height a row took when last laid out (a selectable label of
        // monospace text, padded), or before the first frame an estimate of it.
        let row_h = if *log_row_h > 0.0 {
            *log_row_h
        } else {
            ui.fonts_mut(|f| f.row_height(&font))
                .max(ui.spacing().interact_size.y)
        };
        let mut clicked = None;
        // Stuck to the bottom only while the newest event is the current one: a scroll
        // area stuck to its end overrides any offset asked for below. Before the first
        // event (Home) it is not: the log stayed at the bottom there.
        let at_newest = current.map_or(end == first, |k| k + 1 >= end);
        let mut area = egui::ScrollArea::vertical()
            .id_salt("sim_event_log")
            .auto_shrink([false, false])
            .stick_to_bottom(at_newest);
        // The log follows the scrubber: when the current event changes to one whose row is
        // not in view, its row is scrolled into the middle of the view (the user may scroll
        // freely in between, and a row clicked in view stays where it was clicked).
        if current != *log_shown {
            // Last frame's current event was the bottom row in view: the log is stuck there
            // already (while playing, every frame), and asking for the bottom again from an
            // estimate of the rows' heights overshot it, which egui springs back from for two
            // seconds after a pause.
            let was_at_bottom = log_shown.is_some_and(|k| k + 1 >= log_rows.end);
            *log_shown = current;
            let in_view = current.is_some_and(|k| k > log_rows.start && k + 1 < log_rows.end);
            let pitch = row_h + ui.spacing().item_spacing.y;
            let view = ui.available_height();
            let most = ((end - first) as f32 * pitch - view).max(0.0);
            match current {
                // Before the first event (Home): the top.
                None => area = area.vertical_scroll_offset(0.0),
                // The newest (End): the bottom, which sticking keeps only once there.
                Some(k) if k + 1 >= end && was_at_bottom => {}
                Some(k) if k + 1 >= end => area = area.vertical_scroll_offset(most),
                Some(k) if !in_view => {
                    let offset = k.saturating_sub(first) as f32 * pitch - view * 0.5;
                    area = area.vertical_scroll_offset(offset.clamp(0.0, most));
                }
                Some(_) => {}
            }
        }
        area.show_rows(ui, row_h, end - first, |ui, rows| {
            *log_rows = first + rows.start..first + rows.end;
            // Rows must stay one line high for `show_rows` to place them.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            let mut widest = 0.0_f32;
            for row in rows {
                let k = first + row;
                if let Some(l) = t.logged(k) {
                    let label = row_label(k, &l.event, names);
                    widest = widest.max(ui.fonts_mut(|f| {
                        f.layout_no_wrap(label.clone(), base.clone(), egui::Color32::WHITE)
                            .size()
                            .x
                    }));
                    let text = RichText::new(label).font(font.clone());
                    // The whole row, what it is and where, for a log narrower than its rows
                    // and for a reader who wants the contact without stepping to it.
                    let row = ui
                        .selectable_label(current == Some(k), text)
                        .on_hover_text(format!(
                            "{}\nt = {}\ncontact {}, normal {}",
                            describe_kind(&l.event.kind, names),
                            l.event.time,
                            point_f64(l.event.point),
                            point_f64(l.event.normal)
                        ));
                    *log_row_h = row.rect.height();
                    if row.clicked() {
                        clicked = Some(k);
                    }
                }
            }
            // The widest row seen so far (rows only lengthen as the run goes on): a width
            // taken from the rows in view alone changed the font as they scrolled, which
            // changed the rows in view, and the log never came to rest.
            if widest > *log_widest {
                *log_widest = widest;
                ui.ctx().request_repaint();
            }
        });
        if let Some(k) = clicked {
            self.jump_to_event(k);
        }
    }

    /// The canvas; returns a new set-up when the user spawned a disc.
    pub(super) fn canvas_ui(&mut self, ui: &mut egui::Ui, scene: &Scene) -> Option<Simulation> {
        let r = self.run.as_ref()?;
        // Before the scene has a simulation, the walls and obstacles a first fill or spawn
        // starts from, and how to start.
        let (world, event) = match (&r.timeline, &r.preview) {
            (Some(t), _) => (t.world(), t.last_event()),
            (None, Some(w)) => (w, None),
            (None, None) => return None,
        };
        let drawing = canvas::Drawing {
            world,
            selected: r.selected,
            event,
            comparison: r.comparison.as_ref(),
            spawn_radius: self.settings.spawn_radius,
            drag_speed: self.settings.drag_speed,
            show_ids: self.settings.show_ids,
            obstacle_names: &r.obstacle_names,
            speed_ref: r.timeline.as_ref().map_or(0.0, |t| {
                t.origin()
                    .discs()
                    .map(|d| d.velocity.length())
                    .filter(|v| v.is_finite())
                    .fold(0.0, f64::max)
            }),
        };
        let rect = ui.available_rect_before_wrap();
        let (lo, hi) = world.bounds();
        let gesture = self.canvas.show(ui, self.settings.tool, &drawing);
        if r.timeline.is_none() || world.is_empty() {
            let cam = crate::app::draw::camera::Camera::new(rect, &self.canvas.view);
            let walls = egui::Rect::from_two_pos(cam.to_screen_f64(lo), cam.to_screen_f64(hi));
            empty_hint(ui, rect, walls, self.settings.tool);
        }
        match gesture {
            Some(Gesture::Select(i)) => {
                self.select(i);
                None
            }
            Some(Gesture::Spawn { position, velocity }) => {
                let radius = self.settings.spawn_radius;
                let at = world.spawn_position(position, radius);
                let moved = (at != position)
                    .then(|| format!("moved in to {} to keep clear of the walls", point_f64(at)));
                match self.spawn_setup(scene, position, velocity, radius) {
                    Ok(setup) => {
                        // The new disc is last; select it once the run is rebuilt.
                        self.select_after_rebuild = Some(Some(setup.discs.len() - 1));
                        // The scene keeps a starting state, not a history: a disc added
                        // later makes that moment the new start.
                        let now = self.time();
                        let mut notes = Vec::new();
                        if let Some(m) = &moved {
                            notes.push(format!("the new disc was {m}"));
                        }
                        if now > 0.0 {
                            notes.push(format!(
                                "spawned at t = {}: the run now starts from that moment, \
                                 with its clock at 0 (Undo brings back the run before)",
                                fixed_f64(now)
                            ));
                        }
                        self.pending_note = (!notes.is_empty()).then(|| notes.join("; "));
                        Some(setup)
                    }
                    Err(e) => {
                        let e = refusal(e, moved);
                        self.note(format!("spawn {e}"));
                        None
                    }
                }
            }
            None => None,
        }
    }
}

/// What to do in a simulation view that has no discs yet, above the walls (`walls`, on
/// screen), or below them where there is no room above (in the middle it hid a scene's
/// floor, and at 800 x 600 at the top it covered the top wall): a label (not painted
/// text) so that screen readers and tests find it; it senses nothing, so a spawn drag that
/// starts on it still reaches the canvas.
fn empty_hint(ui: &mut egui::Ui, rect: egui::Rect, walls: egui::Rect, tool: Tool) {
    let how = match tool {
        Tool::Spawn => {
            "drag on the canvas to launch a disc: it starts where you press, and the drag is its velocity"
        }
        Tool::Select => "choose Spawn and drag on the canvas to launch a disc",
    };
    let text = format!("No discs yet. Fill these walls with random discs (left), or {how}.");
    let width = (rect.width() - 40.0).clamp(100.0, 460.0);
    let (room_above, room_below) = (walls.top() - rect.top(), rect.bottom() - walls.bottom());
    let top = if room_above < canvas::HINT_HEIGHT && room_below > room_above {
        rect.bottom() - canvas::HINT_HEIGHT + 4.0
    } else {
        rect.top() + 4.0
    };
    let hint = egui::Rect::from_min_size(
        egui::pos2(rect.center().x - 0.5 * width, top),
        egui::vec2(width, canvas::HINT_HEIGHT - 8.0),
    );
    ui.put(hint, |ui: &mut egui::Ui| {
        let visuals = ui.visuals();
        egui::Frame::new()
            .fill(visuals.window_fill)
            .stroke(visuals.window_stroke)
            .corner_radius(6.0)
            .inner_margin(10.0)
            .show(ui, |ui| {
                ui.add(
                    egui::Label::new(RichText::new(text).size(15.0).color(Role::Label.color()))
                        .selectable(false)
                        .wrap(),
                )
            })
            .inner
    });
}

/// Decimals the Time field shows at most.
const TIME_DECIMALS: usize = 4;

/// A DragValue with a visible label that also names it for accessibility, taking `limits`
/// (dragged, held to them; typed, applied once on Enter, or refused in words outside them);
/// true if changed.
fn drag(ui: &mut egui::Ui, label: &str, value: egui::DragValue<'_>, limits: Limits) -> bool {
    let value = value
        .range(limits.lo..=limits.hi)
        .custom_parser(limited_parser(ui.ctx(), label, limits))
        .update_while_editing(false);
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.add(value).labelled_by(l.id).changed()
    })
    .inner
}

impl SimView {
    /// The restitution field: the value to set the run's to, once a drag ends or a value
    /// is typed.
    fn restitution_field(&mut self, ui: &mut egui::Ui, current: f64) -> Option<f64> {
        let mut e = self.restitution_drag.unwrap_or(current);
        let limits = Limits::range(0.0, 1.0);
        let value = egui::DragValue::new(&mut e)
            .speed(0.01)
            .range(limits.lo..=limits.hi)
            .custom_parser(limited_parser(ui.ctx(), "Restitution", limits))
            .update_while_editing(false);
        let resp = ui
            .horizontal(|ui| {
                let l = ui.label("Restitution");
                ui.add(value).labelled_by(l.id).on_hover_text(
                    "The share of the closing speed a collision gives back: 1 elastic \
                     (energy kept), 0 perfectly inelastic. Changing it starts the run again \
                     from its set-up (undoable).",
                )
            })
            .inner;
        if resp.dragged() {
            self.restitution_drag = Some(e);
            return None;
        }
        let dragged = self.restitution_drag.take();
        let done = resp.drag_stopped() || (dragged.is_none() && resp.changed());
        (done && e != current && e.is_finite()).then_some(e)
    }
}

/// The log's font: the monospace style, made smaller (down to [`MIN_LOG_FONT`]) where the
/// log is narrower than `widest`, the widest row in that style; past that rows are cut,
/// with the whole row on hover. (At 800 points rows were cut at `#23 t=0.766743 pai…`.)
fn row_font(ui: &egui::Ui, widest: f32) -> egui::FontId {
    let mut font = egui::TextStyle::Monospace.resolve(ui.style());
    // The room a selectable label leaves its text.
    let room = ui.available_width() - 2.0 * ui.spacing().button_padding.x;
    if widest > room && room > 0.0 {
        font.size = (font.size * room / widest).max(MIN_LOG_FONT);
    }
    font
}

/// The spawn radius field's limits.
pub(super) const SPAWN_RADIUS: Limits = Limits::range(1e-6, 1e6);

/// The smallest size the log's rows are shrunk to, in points.
const MIN_LOG_FONT: f32 = 9.0;

/// `#12 t=1.23456 pair 3 & 7`, `#13 t=2.5 disc 4 & 'rail'` (an obstacle by its scene name,
/// from `names`): short enough to stay on one line in the log.
pub(super) fn row_label(k: usize, e: &Event, names: &[String]) -> String {
    let what = match e.kind {
        EventKind::DiscDisc { i, j } => format!("pair {i} & {j}"),
        EventKind::DiscWall { i, side } => {
            format!("wall {i} {}", format!("{side:?}").to_lowercase())
        }
        EventKind::DiscObstacle { i, obstacle, .. } => {
            format!("disc {i} & {}", obstacle_name(names, obstacle))
        }
        EventKind::Crossing { i, .. } => format!("crossing {i}"),
    };
    format!("#{k} t={} {what}", fixed_f64(e.time))
}

/// An obstacle's scene name in quotes, shortened as names are where text does not wrap;
/// its number where the scene has none for it. Quoted, an obstacle named "wall" is not
/// read as one of the walls ("disc 129 & wall" beside "wall 98 left").
fn obstacle_name(names: &[String], obstacle: usize) -> String {
    names.get(obstacle).map_or_else(
        || format!("obstacle #{obstacle}"),
        |n| format!("'{}'", crate::scene::number::short_name(n)),
    )
}

fn describe_kind(kind: &EventKind, names: &[String]) -> String {
    match *kind {
        EventKind::DiscDisc { i, j } => format!("disc-disc  {i} & {j}"),
        EventKind::DiscWall { i, side } => format!("disc-wall  {i} | {side:?} wall"),
        EventKind::DiscObstacle { i, obstacle, .. } => {
            format!("disc-obstacle  {i} | {}", obstacle_name(names, obstacle))
        }
        EventKind::Crossing { i, cell } => format!("crossing  {i} -> cell {cell:?}"),
    }
}

/// A refused spawn's words: the reason, and where the disc would have been moved in to,
/// unless the reason is that it was asked for outside the walls (a user read "refused:
/// outside the walls … (it was moved in to …)" after the preview had said the place it
/// would be moved in to overlapped a disc).
fn refusal(reason: String, moved: Option<String>) -> String {
    match moved {
        Some(m) if !reason.contains("outside the walls") => format!("{reason} (it was {m})"),
        _ => reason,
    }
}

#[cfg(test)]
mod tests {
    use super::{MIN_LOG_FONT, refusal, row_font};

    /// User test: a drag begun below the walls previewed "would overlap disc 46" at the
    /// place it would be moved in to, then was refused as "outside the walls … (it was
    /// moved in to …)". Refused outside the walls, it says that alone.
    #[test]
    fn a_spawn_refused_outside_the_walls_does_not_say_it_was_moved_in() {
        let moved = Some("moved in to (52.3, 1) to keep clear of the walls".to_owned());
        let outside = "refused: the new disc is outside the walls: spawn inside them";
        assert_eq!(refusal(outside.to_owned(), moved.clone()), outside);
        let overlap = "refused: the new disc overlaps disc 4";
        assert_eq!(
            refusal(overlap.to_owned(), moved),
            format!("{overlap} (it was moved in to (52.3, 1) to keep clear of the walls)")
        );
    }

    /// At 800 × 600 the log's rows were cut at `#23 t=0.766743 pai…`: its font is fitted to
    /// the widest row, down to a least size.
    #[test]
    fn a_log_narrower_than_its_rows_fits_them_in_a_smaller_font() {
        let mut h = egui_kittest::Harness::builder()
            .with_size(egui::vec2(200.0, 100.0))
            .build_ui(|ui| {
                let base = egui::TextStyle::Monospace.resolve(ui.style());
                let room = ui.available_width() - 2.0 * ui.spacing().button_padding.x;
                assert_eq!(row_font(ui, room * 0.5).size, base.size, "rows that fit");
                assert_eq!(row_font(ui, 0.0).size, base.size, "no rows yet");
                let fitted = row_font(ui, room * 1.2).size;
                assert!((fitted - base.size / 1.2).abs() < 1e-3, "{fitted}");
                assert!(fitted > MIN_LOG_FONT);
                assert_eq!(row_font(ui, room * 100.0).size, MIN_LOG_FONT);
            });
        h.run();
    }
}
