//! The windows that float over the views: the Help window (keys from the actions), the
//! rename dialog, the unsaved-changes question, "save over this file?", the bug report form
//! and the error banner.

use egui::{Context, RichText, Ui};

use crate::app::action::Action;
use crate::app::command::{Answer, Command};
use crate::app::document::Edit;
use crate::app::draw::palette::Role;
use crate::app::ui_state::{ReportForm, SaveQuestion, UiState};
use crate::scene::model::Object;

/// Draws whichever of them is open. While a file dialog is open the bug report form waits
/// behind it (a modal would cover the dialog). `below_menu` is the menu bar's bottom edge,
/// which the Help window stays under.
pub fn show(
    ctx: &Context,
    state: &mut UiState,
    objects: &[Object],
    dialog_open: bool,
    below_menu: f32,
    out: &mut Vec<Command>,
) {
    if state.show_help {
        let mut open = true;
        let content = ctx.content_rect();
        let under = egui::Rect::from_min_max(egui::pos2(content.left(), below_menu), content.max);
        // Scrolls within the window: the list is taller than a small window (room for the
        // title bar and the frame).
        let room = (under.height() - 60.0).max(200.0);
        egui::Window::new("Help")
            .open(&mut open)
            .resizable(false)
            .constrain_to(under)
            .pivot(egui::Align2::CENTER_TOP)
            .default_pos(egui::pos2(under.center().x, under.top() + 8.0))
            .max_height(room)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical().max_height(room).show(ui, help);
            });
        state.show_help = open;
    }
    if let Some((i, mut name)) = state.rename.take() {
        let mut keep = true;
        egui::Modal::new(egui::Id::unique("rename")).show(ctx, |ui| {
            ui.heading("Rename");
            let l = ui.label("New name");
            let r = ui.text_edit_singleline(&mut name).labelled_by(l.id);
            r.request_focus();
            // Said as it is typed; the dialog stays open on it with the text kept (it
            // closed and lost what was typed). The edit is checked again where applied.
            let refusal = crate::scene::name_refusal(objects, i, name.trim());
            if let Some(why) = &refusal {
                ui.colored_label(Role::Alert.color(), why);
            }
            ui.horizontal(|ui| {
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                let ok = ui.add_enabled(refusal.is_none(), egui::Button::new("OK"));
                if refusal.is_none() && (ok.clicked() || enter) {
                    let name = name.trim().to_owned();
                    out.push(Command::edit(Edit::Rename { object: i, name }));
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
    if let Some(q) = &state.save_question {
        save_question(ctx, q, out);
    }
    if let Some(form) = &mut state.report_form
        && !dialog_open
        && !report_form(ctx, form, out)
    {
        state.report_form = None;
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
                    let button = ui.button(label);
                    // Save is the default: it has the keyboard when the question opens, so
                    // Enter answers it (nothing did), and Tab moves on to the others.
                    if answer == Answer::Save && ui.memory(|m| m.focused().is_none()) {
                        button.request_focus();
                    }
                    if button.clicked() {
                        out.push(Command::Answer(answer));
                    }
                }
            });
        });
    }
}

/// The error banner's contents, with Reload when a file failed to load; true when
/// dismissed.
pub fn banner(ui: &mut Ui, text: &str, reload: bool, out: &mut Vec<Command>) -> bool {
    let mut dismissed = false;
    // The buttons first, the error wrapping in the width left: after a long error they ran
    // off a narrow window ("Dismis" at 800 points).
    ui.horizontal(|ui| {
        dismissed = ui.button("Dismiss").clicked();
        if reload && Action::Reload.button(ui, true) {
            out.push(Command::Action(Action::Reload));
        }
        ui.add(
            egui::Label::new(
                RichText::new(format!("Error: {text}"))
                    .color(Role::Label.color())
                    .strong(),
            )
            .wrap(),
        );
    });
    dismissed
}

/// "Save over this file?": it exists and was not confirmed, or it has comments.
fn save_question(ctx: &Context, q: &SaveQuestion, out: &mut Vec<Command>) {
    egui::Modal::new(egui::Id::unique("save_question")).show(ctx, |ui| {
        let name = q.path.file_name().map_or_else(
            || q.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        ui.heading(format!("Save to {name}?"));
        ui.label(q.path.display().to_string());
        if q.replace {
            ui.label("This file already exists; saving replaces it.");
        }
        if q.changed {
            ui.label(
                RichText::new(
                    "This file changed on disk since it was opened or last saved here: saving \
                     replaces what was written there. Cancel, then File › Save as… keeps both; \
                     Reload takes the file's version instead of yours.",
                )
                .color(Role::Warning.color()),
            );
        }
        if q.comments {
            ui.label(
                RichText::new(
                    "This file has comments that saving will drop. Keep what they say in the \
                     scene's notes (Inspector › Scene and notes), which every save keeps.",
                )
                .color(Role::Warning.color()),
            );
        }
        ui.horizontal(|ui| {
            let yes = if q.comments || q.changed {
                "Save anyway"
            } else {
                "Replace"
            };
            if ui.button(yes).clicked() {
                out.push(Command::SaveAnyway(true));
            }
            // Reload here has been asked about: going through the unsaved-changes question
            // again offered Save, which came back to this one.
            if q.changed
                && ui
                    .button("Reload, dropping my changes")
                    .on_hover_text("Open the file's version from disk; the changes made here are lost (Undo does not bring them back)")
                    .clicked()
            {
                out.push(Command::TakeDiskVersion);
            }
            if ui.button("Cancel").clicked() {
                out.push(Command::SaveAnyway(false));
            }
        });
    });
}

/// The bug report form; false when cancelled.
fn report_form(ctx: &Context, form: &mut ReportForm, out: &mut Vec<Command>) -> bool {
    let mut keep = true;
    egui::Modal::new(egui::Id::unique("bug_report_form")).show(ctx, |ui| {
        ui.heading("Bug report");
        ui.label(
            "Writes a folder with a screenshot of the window as it is now, a scene.ron that \
             reproduces it and a report.md with every number shown. Both fields are optional.",
        );
        for (k, (label, text)) in [
            ("What happened", &mut form.happened),
            ("What I expected", &mut form.expected),
        ]
        .into_iter()
        .enumerate()
        {
            let l = ui.label(RichText::new(label).strong());
            let field = ui
                .add(
                    egui::TextEdit::multiline(text)
                        .desired_rows(3)
                        .desired_width(460.0),
                )
                .labelled_by(l.id);
            // The form opens ready to type in: what is typed goes to the form, not to the
            // scene's shortcuts behind it.
            if k == 0 && !form.focused {
                field.request_focus();
                form.focused = true;
            }
        }
        ui.horizontal(|ui| {
            ui.label("Folder:");
            ui.monospace(form.folder.display().to_string());
            if Action::ChooseReportFolder.button(ui, true) {
                out.push(Command::Action(Action::ChooseReportFolder));
            }
        });
        ui.horizontal(|ui| {
            // Ctrl+Enter writes it from the fields (Enter is a new line in them).
            let write = ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::Enter));
            if ui
                .button("Write report")
                .on_hover_text(format!(
                    "Write the report folder ({})",
                    ui.ctx().format_shortcut(&egui::KeyboardShortcut::new(
                        egui::Modifiers::COMMAND,
                        egui::Key::Enter
                    ))
                ))
                .clicked()
                || write
            {
                out.push(Command::WriteBugReport {
                    happened: form.happened.clone(),
                    expected: form.expected.clone(),
                });
            }
            if ui.button("Cancel").clicked() {
                keep = false;
            }
        });
    });
    keep
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
            // The keys that act on the sweep scene alone say so: F, P or B pressed in the
            // simulation view did nothing, with nothing to say why.
            if a.global() {
                ui.label(a.hover());
            } else {
                ui.label(format!("{} (sweep view)", a.hover()));
            }
            ui.end_row();
        }
        // egui's own keys, not actions: listed so that F1 lists every key.
        ui.monospace("Ctrl+Plus, Ctrl+Minus");
        ui.label(
            "Interface scale up, down (held to what the window can lay out; kept between launches)",
        );
        ui.end_row();
        ui.monospace("Ctrl+0");
        ui.label("Interface scale back to 100%");
        ui.end_row();
    });
    ui.separator();
    ui.label("Mouse: drag the background or use the middle button to pan; wheel or pinch zooms around the cursor.");
    ui.label("Drag handles to edit; hold Ctrl while dragging to snap to the grid (angles to 15°).");
    ui.label("Shift+drag a static circle's centre to pull out its end (make it move).");
    ui.label(
        "Right-click the canvas to add objects there; drop a .ron file on the window to open it.",
    );
    ui.separator();
    ui.label(RichText::new("Simulation view").strong());
    ui.label("Select / pan tool: click a disc to inspect it, drag the background to pan.");
    ui.label("Spawn tool: press where the disc starts and drag its velocity; release to add it.");
    ui.label("Delete removes the selected disc (undoable).");
    ui.label(
        "Click a row of the event log to jump to that collision; the scrubber rewinds and replays.",
    );
}
