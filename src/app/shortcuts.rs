//! Keyboard shortcuts: one table used to dispatch keys, to label buttons' hover text and to
//! fill the Help window.

use egui::{Context, Key, KeyboardShortcut, Modifiers, Ui};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    New,
    Open,
    Save,
    SaveAs,
    Undo,
    Redo,
    Fit,
    Delete,
    Duplicate,
    Rename,
    Deselect,
    AddBall,
    AddBox,
    AddRotatedBox,
    AddSegment,
    AddCircle,
    PlayPause,
    TimeStart,
    TimeEnd,
    StepBack,
    StepForward,
    Screenshot,
    BugReport,
    CopyText,
    TogglePlots,
    ToggleHeatMap,
    ToggleMode,
    Help,
}

impl Action {
    /// Actions that also work in the simulation view (the rest edit the sweep scene).
    pub fn global(self) -> bool {
        matches!(
            self,
            Action::New
                | Action::Open
                | Action::Save
                | Action::SaveAs
                | Action::Screenshot
                | Action::BugReport
                | Action::ToggleMode
                | Action::Help
        )
    }
}

const fn sc(m: Modifiers, k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(m, k)
}
const CMD: Modifiers = Modifiers::COMMAND;
const CMD_SHIFT: Modifiers = Modifiers::COMMAND.plus(Modifiers::SHIFT);
const NONE: Modifiers = Modifiers::NONE;

/// Every binding with what it does. Bindings with modifiers come first so that Ctrl+Shift+Z
/// is not taken by Ctrl+Z.
pub const TABLE: &[(Action, KeyboardShortcut, &str)] = &[
    (Action::Redo, sc(CMD_SHIFT, Key::Z), "Redo"),
    (Action::SaveAs, sc(CMD_SHIFT, Key::S), "Save as…"),
    (
        Action::CopyText,
        sc(CMD_SHIFT, Key::C),
        "Copy the readout as text",
    ),
    (Action::New, sc(CMD, Key::N), "New empty scene"),
    (Action::Open, sc(CMD, Key::O), "Open a scene…"),
    (Action::Save, sc(CMD, Key::S), "Save"),
    (Action::Undo, sc(CMD, Key::Z), "Undo"),
    (Action::Redo, sc(CMD, Key::Y), "Redo"),
    (
        Action::Duplicate,
        sc(CMD, Key::D),
        "Duplicate the selection",
    ),
    (
        Action::BugReport,
        sc(CMD, Key::B),
        "Write a bug report folder",
    ),
    (Action::Fit, sc(NONE, Key::F), "Fit the scene in the view"),
    (
        Action::Delete,
        sc(NONE, Key::Delete),
        "Delete the selection",
    ),
    (Action::Rename, sc(NONE, Key::F2), "Rename the selection"),
    (
        Action::Deselect,
        sc(NONE, Key::Escape),
        "Clear the selection",
    ),
    (Action::AddBall, sc(NONE, Key::B), "Add a ball"),
    (Action::AddBox, sc(NONE, Key::X), "Add a box"),
    (Action::AddRotatedBox, sc(NONE, Key::R), "Add a rotated box"),
    (Action::AddSegment, sc(NONE, Key::S), "Add a segment"),
    (
        Action::AddCircle,
        sc(NONE, Key::C),
        "Add an obstacle circle",
    ),
    (
        Action::PlayPause,
        sc(NONE, Key::Space),
        "Play / pause the scrubber",
    ),
    (Action::TimeStart, sc(NONE, Key::Home), "Scrubber to t = 0"),
    (Action::TimeEnd, sc(NONE, Key::End), "Scrubber to t = 1"),
    (
        Action::StepBack,
        sc(NONE, Key::ArrowLeft),
        "Scrubber back 0.01",
    ),
    (
        Action::StepForward,
        sc(NONE, Key::ArrowRight),
        "Scrubber forward 0.01",
    ),
    (Action::Screenshot, sc(NONE, Key::F12), "Save a screenshot"),
    (
        Action::TogglePlots,
        sc(NONE, Key::P),
        "Show / hide the plots",
    ),
    (
        Action::ToggleHeatMap,
        sc(NONE, Key::H),
        "Show / hide the heat map",
    ),
    (
        Action::ToggleMode,
        sc(NONE, Key::M),
        "Switch between the sweep debugger and the simulation",
    ),
    (Action::Help, sc(NONE, Key::F1), "This help"),
];

/// The actions whose keys were pressed this frame. Plain keys are ignored while a text field
/// has focus.
pub fn pressed(ctx: &Context) -> Vec<Action> {
    let typing = ctx.egui_wants_keyboard_input();
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        for (action, shortcut, _) in TABLE {
            if typing
                && shortcut.modifiers.is_none()
                && !matches!(shortcut.logical_key, Key::F1 | Key::F12 | Key::Escape)
            {
                continue;
            }
            if i.consume_shortcut(shortcut) {
                out.push(*action);
            }
        }
    });
    out
}

/// The first binding of `action` as text, e.g. `Ctrl+Z`.
pub fn key_text(ctx: &Context, action: Action) -> String {
    TABLE
        .iter()
        .find(|(a, _, _)| *a == action)
        .map(|(_, s, _)| ctx.format_shortcut(s))
        .unwrap_or_default()
}

/// `"what (key)"` for a button's hover text.
pub fn hint(ctx: &Context, action: Action, what: &str) -> String {
    format!("{what} ({})", key_text(ctx, action))
}

/// The Help window body.
pub fn help(ui: &mut Ui) {
    egui::Grid::new("help_keys").striped(true).show(ui, |ui| {
        for (_, s, what) in TABLE {
            ui.monospace(ui.ctx().format_shortcut(s));
            ui.label(*what);
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
