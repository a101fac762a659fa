//! The windows that float over the views: the Help window (keys from the actions), the
//! rename dialog, the unsaved-changes question and the error banner.

use egui::{Context, RichText, Ui};

use crate::app::action::Action;
use crate::app::command::{Answer, Command};
use crate::app::document::Edit;
use crate::app::draw::palette::Role;
use crate::app::ui_state::UiState;

/// Draws whichever of them is open.
pub fn show(ctx: &Context, state: &mut UiState, out: &mut Vec<Command>) {
    if state.show_help {
        let mut open = true;
        egui::Window::new("Help")
            .open(&mut open)
            .resizable(false)
            .show(ctx, help);
        state.show_help = open;
    }
    if let Some((i, mut name)) = state.rename.take() {
        let mut keep = true;
        egui::Modal::new(egui::Id::unique("rename")).show(ctx, |ui| {
            ui.heading("Rename");
            let r = ui.text_edit_singleline(&mut name);
            r.request_focus();
            ui.horizontal(|ui| {
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("OK").clicked() || enter {
                    if !name.trim().is_empty() {
                        let name = name.trim().to_owned();
                        out.push(Command::edit(Edit::Rename { object: i, name }));
                    }
                    keep = false;
                }
                if ui.button("Cancel").clicked() {
                    keep = false;
                }
            });
        });
        if keep {
            state.rename = Some((i, name));
        }
    }
    if state.confirm.is_some() {
        egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label("The scene has changes that are not saved.");
            ui.horizontal(|ui| {
                for (answer, label) in [
                    (Answer::Save, "Save"),
                    (Answer::Discard, "Discard"),
                    (Answer::Cancel, "Cancel"),
                ] {
                    if ui.button(label).clicked() {
                        out.push(Command::Answer(answer));
                    }
                }
            });
        });
    }
}

/// The error banner's contents; true when dismissed.
pub fn banner(ui: &mut Ui, text: &str) -> bool {
    let mut dismissed = false;
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(format!("Error: {text}"))
                .color(Role::Label.color())
                .strong(),
        );
        dismissed = ui.button("Dismiss").clicked();
    });
    dismissed
}

/// The Help window body: every action with its keys, then the mouse.
fn help(ui: &mut Ui) {
    egui::Grid::new("help_keys").striped(true).show(ui, |ui| {
        for a in Action::ALL {
            let keys: Vec<String> = a
                .shortcuts()
                .iter()
                .map(|s| ui.ctx().format_shortcut(s))
                .collect();
            ui.monospace(keys.join(", "));
            ui.label(a.hover());
            ui.end_row();
        }
    });
    ui.separator();
    ui.label("Mouse: drag the background or use the middle button to pan; wheel or pinch zooms around the cursor.");
    ui.label("Drag handles to edit; hold Ctrl while dragging to snap to the grid (angles to 15°).");
    ui.label("Shift+drag a static circle's centre to pull out its end (make it move).");
    ui.label(
        "Right-click the canvas to add objects there; drop a .ron file on the window to open it.",
    );
}
