//! The status bar: the pointer's world position, frame time, zoom, the heat map's note, what
//! a drag would do, the last message and the last screenshot or report written (its full
//! path, with a button that copies it).

use egui::{RichText, Ui};

use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::draw::heat_layer::HeatLayer;
use crate::app::draw::palette::Role;
use crate::app::shell::frame_times::FrameTimes;
use crate::app::ui_state::UiState;
use crate::scene::Scene;

#[allow(clippy::too_many_arguments)]
pub fn show(
    ui: &mut Ui,
    scene: &Scene,
    state: &UiState,
    zoom: f32,
    heat: &HeatLayer,
    times: &FrameTimes,
    out: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        match state.cursor_world {
            Some(p) => ui.monospace(format!("x {:>9.3}  y {:>9.3}", p.x, p.y)),
            None => ui.monospace(format!("{:24}", "")),
        };
        ui.separator();
        let (ui_ms, _) = times.ui.recent(60);
        if times.frame.is_empty() {
            ui.monospace(format!("ui {ui_ms:.2} ms"));
        } else {
            let (frame_ms, _) = times.frame.recent(60);
            ui.monospace(format!("frame {frame_ms:.1} ms (ui {ui_ms:.2} ms)"))
                .on_hover_text("The whole frame (input, ui, tessellation and painting until the GPU is done) and the ui() part of it; medians of the last 60 frames.");
        }
        ui.separator();
        ui.monospace(format!("zoom {zoom:.2} px/unit"));
        if let Some(cell) = heat.coarsened() {
            ui.separator();
            ui.label(format!(
                "heat map cells {cell} px (coarser, to keep frames fast)"
            ))
            .on_hover_text("Fewer obstacles or a larger window cell setting are faster.");
        }
        if let Some(text) = state.cursor_world.and_then(|p| heat.describe(p)) {
            ui.separator();
            ui.label(text);
        }
        if let Some(h) = state.hot {
            ui.separator();
            let name = scene.objects.get(h.object).map_or("", |o| o.name.as_str());
            ui.label(format!("drag: {} {name}", h.grip.describe()));
        }
        // Copy path first: on a narrow window the texts after it are cut off, not it.
        if state.last_output.is_some() {
            ui.separator();
            let ctx = ui.ctx().clone();
            let copy = ui
                .small_button(Action::CopyOutputPath.label())
                .on_hover_text(Action::CopyOutputPath.hint(&ctx));
            if copy.clicked() {
                out.push(Command::Action(Action::CopyOutputPath));
            }
        }
        if !state.status.is_empty() {
            ui.separator();
            // Cut to the room left, the whole text on hover.
            ui.add(egui::Label::new(RichText::new(&state.status).color(Role::Status.color())).truncate());
        }
        if let Some(path) = &state.last_output {
            let shown = path.display().to_string();
            if !state.status.contains(&shown) {
                ui.separator();
                ui.label(RichText::new(format!("last written: {shown}")).monospace());
            }
        }
    });
}
