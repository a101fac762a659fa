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

/// What the canvas on screen reads out: its zoom, the world point under the pointer, and
/// whether it is the sweep's (whose handles and heat map the messages describe).
pub struct CanvasReadout {
    pub zoom: f32,
    pub cursor: Option<glam::Vec2>,
    pub sweep: bool,
}

#[allow(clippy::too_many_arguments)]
pub fn show(
    ui: &mut Ui,
    scene: &Scene,
    state: &UiState,
    canvas: CanvasReadout,
    heat: &HeatLayer,
    times: &FrameTimes,
    out: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        // The steady readouts at the right, laid out first so they keep their room; the
        // messages take what is left at the left, cut to it (the whole text on hover).
        // Messages first: at 800 points the readouts left a message a dozen characters.
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            // The camera's zoom is in points; on screen a point is `pixels_per_point`
            // pixels (the interface scale times the display's own).
            let ppp = ui.ctx().pixels_per_point();
            ui.monospace(format!(
                "zoom {} px/unit",
                crate::scene::number::fixed(canvas.zoom * ppp)
            ))
            .on_hover_text(zoom_note(canvas.zoom, ppp));
            ui.separator();
            // Short: the details are on hover, the room is the messages'.
            let (ui_ms, _) = times.ui.recent(60);
            let (frame_ms, _) = times.frame.recent(60);
            let shown = if times.frame.is_empty() {
                format!("ui {ui_ms:.2} ms")
            } else {
                format!("frame {frame_ms:.1} ms")
            };
            ui.monospace(shown).on_hover_text(format!(
                "The whole frame (input, ui, tessellation and painting until the GPU is \
                 done): {frame_ms:.1} ms; the ui() part of it: {ui_ms:.2} ms. Medians of the \
                 last 60 frames."
            ));
            if let Some(p) = canvas.cursor {
                ui.separator();
                ui.monospace(format!(
                    "x {} y {}",
                    crate::scene::number::fixed(p.x),
                    crate::scene::number::fixed(p.y)
                ));
            }
            ui.separator();
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                messages(ui, scene, state, canvas.sweep.then_some(heat), out);
            });
        });
    });
}

/// The zoom readout's hover text: the camera's points per unit (what a scene's
/// `view.zoom` holds) and the pixels a point takes.
fn zoom_note(zoom: f32, pixels_per_point: f32) -> String {
    format!(
        "{} screen points per world unit (a scene's view.zoom), at {} pixels per point \
         (the interface scale, Ctrl + / Ctrl −, times the display's)",
        crate::scene::number::fixed(zoom),
        crate::scene::number::fixed(pixels_per_point)
    )
}

/// The status bar's messages, in order of what matters most when they are cut short.
/// `heat` is `None` outside the sweep view: its heat map and handles are not on screen
/// there (their messages stayed, "drag: move box" in the simulation).
fn messages(
    ui: &mut Ui,
    scene: &Scene,
    state: &UiState,
    heat: Option<&HeatLayer>,
    out: &mut Vec<Command>,
) {
    let mut first = true;
    let mut gap = |ui: &mut Ui| {
        if !std::mem::take(&mut first) {
            ui.separator();
        }
    };
    if let Some(cell) = heat.and_then(HeatLayer::coarsened) {
        gap(ui);
        ui.label(format!(
            "heat map cells {cell} px (coarser, to keep frames fast)"
        ))
        .on_hover_text("Fewer obstacles or a larger window cell setting are faster.");
    }
    if let Some(text) = heat.and_then(|h| state.cursor_world.and_then(|p| h.describe(p, scene))) {
        gap(ui);
        ui.add(egui::Label::new(text).truncate());
    }
    if let Some(h) = state.hot.filter(|_| heat.is_some()) {
        gap(ui);
        let name = scene.objects.get(h.object).map_or("", |o| o.name.as_str());
        // The snap step is finer than the drawn grid's: said, not guessed from the lines.
        let snap = if h.grip == crate::app::handles::Grip::Rotate {
            "15°".to_owned()
        } else {
            crate::scene::number::fixed(crate::app::draw::camera::grid_step(
                state.view.zoom,
                super::canvas::SNAP_PX,
            ))
        };
        let text = format!("drag: {} {name} (Ctrl snaps to {snap})", h.grip.describe());
        ui.add(egui::Label::new(text).truncate());
    }
    // Copy path first: on a narrow window the texts after it are cut off, not it.
    if state.last_output.is_some() {
        gap(ui);
        let ctx = ui.ctx().clone();
        let copy = ui
            .small_button(Action::CopyOutputPath.label())
            .on_hover_text(Action::CopyOutputPath.hint(&ctx));
        if copy.clicked() {
            out.push(Command::Action(Action::CopyOutputPath));
        }
    }
    // A path written is shown by its end, where its name is: cut at the end, as a long
    // text is, it would lose the folder name that says which report it was.
    let written = state.last_output.as_ref().map(|p| p.display().to_string());
    if !state.status.is_empty() {
        gap(ui);
        let text = match &written {
            Some(full) if state.status.contains(full.as_str()) => {
                state.status.replace(full.as_str(), &path_end(full))
            }
            _ => state.status.clone(),
        };
        // Cut to the room left; the whole text (the full path in it) on hover, once.
        let label = egui::Label::new(RichText::new(text).color(Role::Status.color()))
            .truncate()
            .show_tooltip_when_elided(false);
        ui.add(label).on_hover_text(&state.status);
    }
    if let Some(full) = written
        && !state.status.contains(&full)
    {
        gap(ui);
        let text = RichText::new(format!("last written: {}", path_end(&full))).monospace();
        ui.add(
            egui::Label::new(text)
                .truncate()
                .show_tooltip_when_elided(false),
        )
        .on_hover_text(full);
    }
}

/// A long path as its last two parts after "…/": the folder or file just written and the
/// folder it is in.
fn path_end(full: &str) -> String {
    const SHOWN: usize = 48;
    if full.chars().count() <= SHOWN {
        return full.to_owned();
    }
    let parts: Vec<&str> = full.rsplitn(3, std::path::MAIN_SEPARATOR).collect();
    match parts.as_slice() {
        [name, folder, _] => format!(
            "…{}{folder}{}{name}",
            std::path::MAIN_SEPARATOR,
            std::path::MAIN_SEPARATOR
        ),
        _ => full.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::path_end;

    /// A bug report's path ran off the status bar's end, its folder name (which report)
    /// with it: a long path is shown by its end.
    #[test]
    fn a_long_path_is_shown_by_its_last_two_parts() {
        let long = "/home/someone/Documents/sweepscope/reports/bug-report-ball-tunnels-thin-wall-20261127-000148";
        assert_eq!(
            path_end(long),
            "…/reports/bug-report-ball-tunnels-thin-wall-20261127-000148"
        );
        assert_eq!(path_end("/tmp/shot.png"), "/tmp/shot.png");
    }
}
