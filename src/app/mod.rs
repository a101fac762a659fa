//! The interactive debugger (egui/eframe).
//!
//! One frame: keys and the shell's answers become [`Command`]s → [`DebugApp::apply`] carries
//! them out (the document changes only there, and bumps its revision) → the scene is
//! re-evaluated once if the revision changed → every view draws from the document, the
//! evaluation and the UI state, and pushes the commands for the next frame.
//!
//! - [`document`]: the scene, its file, undo history and revision; [`debugger`]: the three
//!   parts of the state; [`command`] and [`action`]: what can be asked, with its words and
//!   keys; [`apply`]: carrying it out.
//! - [`views`]: canvas, inspector, variants panel, plots, scrubber, menus, status bar and
//!   modal windows; [`draw`]: the camera, pen, palette, layers and heat map texture;
//!   [`sim_view`]: the disc simulation; [`shell`]: the window, unattended runs, files and
//!   screenshots.

pub mod action;
mod apply;
pub mod command;
pub mod debugger;
pub mod document;
pub mod draw;
pub mod handles;
pub mod shell;
pub mod sim_view;
pub mod ui_state;
pub mod views;

use std::time::Instant;

use egui::Ui;

pub use action::Action;
pub use command::Command;
pub use debugger::DebugApp;
pub use document::Edit;
pub use draw::pen::{Layer, LayerStats};
pub use shell::window::run;
pub use ui_state::Mode;
use ui_state::PanelDrag;

use draw::palette::Role;

impl DebugApp {
    /// Draws the whole debugger into `ui` (the eframe window's root or a test harness).
    pub fn ui(&mut self, ui: &mut Ui) {
        let started = Instant::now();
        let ctx = ui.ctx().clone();
        if let Some(held) = self.scale.apply(&ctx) {
            self.ui.status = shell::ui_scale::held_note(held);
        } else if !self.scale.is_held() && self.ui.status.starts_with(shell::ui_scale::HELD_NOTE) {
            // Ctrl+0, a smaller scale, a larger window: the note no longer holds.
            self.ui.status.clear();
        }
        let small =
            shell::ui_scale::small_window_note(ctx.content_rect().size(), ctx.zoom_factor());
        match small {
            Some(note)
                if self.ui.status.is_empty()
                    || self.ui.status.starts_with(shell::ui_scale::SMALL_NOTE) =>
            {
                self.ui.status = note;
            }
            None if self.ui.status.starts_with(shell::ui_scale::SMALL_NOTE) => {
                self.ui.status.clear()
            }
            _ => {}
        }
        self.poll_shell(&ctx);
        // Keys go to the in-app file dialog while it is open.
        if !self.files.dialog_open() {
            for a in action::pressed(&ctx, self.was_typing) {
                if self.ui.mode == Mode::Sweep || a.global() {
                    self.queue.push(Command::Action(a));
                }
            }
        }
        self.apply_queued(&ctx);
        if self.ui.playback.advance(ctx.input(|i| i.stable_dt)) {
            ctx.request_repaint();
        }

        // Each panel's commands are applied as soon as it is drawn, so the panels after it
        // (the canvas last) draw the state they asked for in the same frame.
        let mut out = Vec::new();
        let menu = egui::Panel::top("menu").show(ui, |ui| {
            views::menus::menu_bar(ui, &self.doc, &mut self.ui, &self.files.recent, &mut out)
        });
        let below_menu = menu.response.rect.bottom();
        self.apply_now(&ctx, &mut out);
        if let Some(text) = self.ui.banner.clone() {
            egui::Panel::top("banner")
                .frame(
                    egui::Frame::new()
                        .fill(Role::Banner.color())
                        .inner_margin(6.0),
                )
                .show(ui, |ui| {
                    let reload = self.ui.banner_reload.is_some();
                    if views::modals::banner(ui, &text, reload, &mut out) {
                        self.ui.banner = None;
                        self.ui.banner_reload = None;
                        if self.ui.status.starts_with(ui_state::NOT_OPENED) {
                            self.ui.status.clear();
                        }
                    }
                });
        }
        egui::Panel::bottom("status").show(ui, |ui| {
            let scene = self.doc.scene();
            let times = &self.frame_times;
            // The zoom of the canvas on screen: each view has its own camera.
            let canvas = match self.ui.mode {
                Mode::Sweep => views::status::CanvasReadout {
                    zoom: self.ui.view.zoom,
                    cursor: self.ui.cursor_world,
                    sweep: true,
                },
                Mode::Simulation => views::status::CanvasReadout {
                    zoom: self.sim.canvas.view.zoom,
                    cursor: self.sim.canvas.cursor.map(|p| p.as_vec2()),
                    sweep: false,
                },
            };
            views::status::show(ui, scene, &self.ui, canvas, &self.heat, times, &mut out)
        });
        self.apply_now(&ctx, &mut out);
        match self.ui.mode {
            Mode::Sweep => self.sweep_panels(ui, &mut out),
            Mode::Simulation => {
                let (scene, revision) = (self.doc.scene(), self.doc.revision());
                let sim = &mut self.sim;
                let setup = egui::CentralPanel::default()
                    .show(ui, |ui| sim.ui(ui, scene, revision))
                    .inner;
                if let Some(s) = setup {
                    out.push(Command::edit(Edit::SetSimulation(Some(s))));
                }
            }
        }
        let dialog_open = self.files.dialog_open();
        let objects = &self.doc.scene().objects;
        views::modals::show(
            &ctx,
            &mut self.ui,
            objects,
            dialog_open,
            below_menu,
            &mut out,
        );
        // What was typed into any number field above: refused, or applied (which clears
        // an earlier refusal from the status bar).
        if let Some(typed) = views::widgets::take_typed(&ctx) {
            out.push(Command::Typed(typed));
        }
        self.apply_now(&ctx, &mut out);
        if let Some(answer) = self.files.show_in_app(&ctx) {
            self.dialog_answered(&ctx, answer);
            self.refresh();
            ctx.request_repaint();
        }
        // A gesture goes on while a button is held or a field is being typed in.
        self.was_typing = ctx.egui_wants_keyboard_input();
        let busy = ctx.input(|i| i.pointer.any_down()) || self.was_typing;
        // Typing in one field and then another is two edits: the keyboard moving on to
        // another field ends the first one's undo step.
        let focused = ctx.memory(|m| m.focused());
        if !busy || focused != self.focused {
            self.doc.end_gesture();
        }
        self.focused = focused;
        self.handle_close(&ctx);
        let title = shell::files::title(self.doc.scene(), self.doc.path(), self.doc.dirty());
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        self.frame_times
            .push_ui(started.elapsed().as_secs_f64() * 1000.0);
    }

    /// Applies the commands a view just pushed, and asks for another frame to show what
    /// they changed everywhere.
    fn apply_now(&mut self, ctx: &egui::Context, out: &mut Vec<Command>) {
        // The canvas selects by itself, without a command.
        debugger::note_ball(&self.evaluation, &mut self.ui);
        if out.is_empty() {
            return;
        }
        self.queue.append(out);
        self.apply_queued(ctx);
        debugger::note_ball(&self.evaluation, &mut self.ui);
        ctx.request_repaint();
    }

    /// The sweep debugger: scrubber and plots, inspector, variants and the canvas.
    fn sweep_panels(&mut self, ui: &mut Ui, out: &mut Vec<Command>) {
        let ctx = ui.ctx().clone();
        // The side panels share at most half of the window's width: the canvas keeps the
        // other half, even at 1000 points.
        let width = ui.available_width();
        let inspector = (width * 0.3).clamp(240.0, 420.0);
        let variants = (width * 0.18).clamp(170.0, 230.0);
        let height = ui.available_height();
        let plots = (height * 0.3).clamp(150.0, 260.0);
        // Each panel keeps its share of the window when the window is resized.
        let shares = self.ui.panels;
        // A drag under way (the button down and moved past a click): a panel lets go of
        // its share only for a drag that began on its own edge.
        let radius = ui.style().interaction.resize_grab_radius_side;
        let press = ui.input(|i| {
            i.pointer
                .press_origin()
                .filter(|_| i.pointer.primary_down() && i.pointer.is_decidedly_dragging())
        });
        let drag_y = press.map(|p| PanelDrag {
            along: p.y,
            across: p.x,
            radius,
        });
        let drag_x = press.map(|p| PanelDrag {
            along: p.x,
            across: p.y,
            radius,
        });
        // The scrubber alone and the scrubber with plots are two panels, each keeping its
        // own size: hiding the plots and showing them again brings back their height.
        let show_plots = self.ui.show_plots;
        let timeline = if show_plots {
            let least = views::plots::TIMELINE_LEAST;
            let range = egui::Rangef::new(least, (height * 0.6).max(least));
            let panel = egui::Panel::bottom("timeline")
                .resizable(true)
                .default_size(plots)
                .size_range(range);
            shares.timeline.always(panel, height, range, drag_y)
        } else {
            egui::Panel::bottom("timeline_bare").resizable(false)
        };
        let shown = timeline.show(ui, |ui| {
            views::scrubber::show(ui, &mut self.ui.playback);
            if show_plots {
                let ball = debugger::inspected(&self.evaluation, &self.ui);
                let t = self.ui.playback.t;
                let plot = &mut self.plot;
                views::plots::show(ui, self.doc.scene(), ball, t, plot, out);
            }
        });
        if show_plots {
            let rect = shown.response.rect;
            let timeline = &mut self.ui.panels.timeline;
            let span = (rect.left(), rect.right());
            timeline.record(rect.height(), height, rect.top(), span, drag_y);
        }
        self.apply_now(&ctx, out);
        if self.ui.show_inspector {
            let range = egui::Rangef::new(240.0, (width * 0.4).max(240.0));
            let panel = egui::Panel::right("inspector")
                .resizable(true)
                .default_size(inspector)
                .size_range(range);
            let shown = shares.inspector.sized(panel, width, range).show(ui, |ui| {
                let (eval, selected) = (&self.evaluation, self.ui.selected);
                let ball = debugger::inspected(eval, &self.ui);
                let stale = &self.stale;
                let opened = self.ui.opened;
                let zoom = self.ui.view.zoom;
                views::inspector::show(
                    ui,
                    (opened, zoom),
                    self.doc.scene(),
                    selected,
                    eval,
                    ball,
                    stale,
                    out,
                )
            });
            let rect = shown.response.rect;
            let inspector = &mut self.ui.panels.inspector;
            let span = (rect.top(), rect.bottom());
            inspector.record(rect.width(), width, rect.left(), span, drag_x);
            self.apply_now(&ctx, out);
        }
        if self.ui.show_variants {
            let range = egui::Rangef::new(170.0, (width * 0.25).max(170.0));
            let panel = egui::Panel::left("variants")
                .resizable(true)
                .default_size(variants)
                .size_range(range);
            let shown = shares.variants.sized(panel, width, range).show(ui, |ui| {
                let (scene, eval, selected) =
                    (self.doc.scene(), &self.evaluation, self.ui.selected);
                egui::ScrollArea::vertical().show(ui, |ui| {
                    views::objects::show(ui, scene, eval, selected, out);
                    ui.separator();
                    views::variants::show(ui, scene, out);
                });
            });
            let rect = shown.response.rect;
            let variants = &mut self.ui.panels.variants;
            let span = (rect.top(), rect.bottom());
            variants.record(rect.width(), width, rect.right(), span, drag_x);
            self.apply_now(&ctx, out);
        }
        let (doc, eval, state) = (&self.doc, &self.evaluation, &mut self.ui);
        let canvas = egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| views::canvas::interact(ui, doc, eval, state, out))
            .inner;
        self.apply_now(&ctx, out);
        let painter = ctx
            .layer_painter(canvas.layer_id)
            .with_clip_rect(canvas.rect);
        let ball = debugger::inspected(&self.evaluation, &self.ui);
        self.stats = views::canvas::draw(
            &painter,
            &self.doc,
            &self.evaluation,
            ball,
            &self.ui,
            &mut self.heat,
        );
    }
}
