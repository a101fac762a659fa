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
        // A path written is shown by its end, where its name is: cut at the end, as a long
        // text is, it lost the folder name that says which report it was.
        let written = state.last_output.as_ref().map(|p| p.display().to_string());
        if !state.status.is_empty() {
            ui.separator();
            let text = match &written {
                Some(full) if state.status.contains(full.as_str()) => {
                    state.status.replace(full.as_str(), &path_end(full))
                }
                _ => state.status.clone(),
            };
            // Cut to the room left, the whole text on hover.
            ui.add(egui::Label::new(RichText::new(text).color(Role::Status.color())).truncate())
                .on_hover_text(&state.status);
        }
        if let Some(full) = written
            && !state.status.contains(&full)
        {
            ui.separator();
            let text = RichText::new(format!("last written: {}", path_end(&full))).monospace();
            ui.add(egui::Label::new(text).truncate())
                .on_hover_text(full);
        }
    });
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
