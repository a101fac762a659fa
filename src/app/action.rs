//! Every action a user can invoke by name: its label, its hover text and its shortcuts, in
//! one place. The menu bar, the toolbar, the context menu, the inspector's buttons and the
//! Help window all render from here, so a key or a word is never typed twice.

use egui::{Context, Key, KeyboardShortcut, Modifiers, Ui};

/// A user-invocable action (parameterless; edits with data are `Command`s).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    New,
    Open,
    Save,
    SaveAs,
    Reload,
    Quit,
    Screenshot,
    BugReport,
    ChooseReportFolder,
    CopyOutputPath,
    CopyText,
    RecordExpectations,
    SaveRegression,
    Undo,
    Redo,
    Duplicate,
    Rename,
    Delete,
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
    Fit,
    ZoomIn,
    ZoomOut,
    TogglePlots,
    ToggleVariantsPanel,
    ToggleInspector,
    ToggleHeatMap,
    ToggleMode,
    Help,
}

const fn sc(m: Modifiers, k: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(m, k)
}
const CMD: Modifiers = Modifiers::COMMAND;
const CMD_SHIFT: Modifiers = Modifiers::COMMAND.plus(Modifiers::SHIFT);
const NONE: Modifiers = Modifiers::NONE;

impl Action {
    /// Every action, in the order the Help window lists them.
    pub const ALL: [Action; 38] = [
        Action::New,
        Action::Open,
        Action::Save,
        Action::SaveAs,
        Action::Reload,
        Action::Quit,
        Action::Screenshot,
        Action::BugReport,
        Action::ChooseReportFolder,
        Action::CopyOutputPath,
        Action::CopyText,
        Action::RecordExpectations,
        Action::SaveRegression,
        Action::Undo,
        Action::Redo,
        Action::Duplicate,
        Action::Rename,
        Action::Delete,
        Action::Deselect,
        Action::AddBall,
        Action::AddBox,
        Action::AddRotatedBox,
        Action::AddSegment,
        Action::AddCircle,
        Action::PlayPause,
        Action::TimeStart,
        Action::TimeEnd,
        Action::StepBack,
        Action::StepForward,
        Action::Fit,
        Action::ZoomIn,
        Action::ZoomOut,
        Action::TogglePlots,
        Action::ToggleVariantsPanel,
        Action::ToggleInspector,
        Action::ToggleHeatMap,
        Action::ToggleMode,
        Action::Help,
    ];

    /// The words on a menu entry or button.
    pub fn label(self) -> &'static str {
        match self {
            Action::New => "New",
            Action::Open => "Open…",
            Action::Save => "Save",
            Action::SaveAs => "Save as…",
            Action::Reload => "Reload",
            Action::Quit => "Quit",
            Action::Screenshot => "Screenshot",
            Action::BugReport => "Bug report…",
            Action::ChooseReportFolder => "Report folder…",
            Action::CopyOutputPath => "Copy path",
            Action::CopyText => "Copy readout as text",
            Action::RecordExpectations => "Record expectations",
            Action::SaveRegression => "Save as regression scene…",
            Action::Undo => "Undo",
            Action::Redo => "Redo",
            Action::Duplicate => "Duplicate",
            Action::Rename => "Rename…",
            Action::Delete => "Delete",
            Action::Deselect => "Close / deselect",
            Action::AddBall => "+ Ball",
            Action::AddBox => "+ Box",
            Action::AddRotatedBox => "+ Rotated",
            Action::AddSegment => "+ Segment",
            Action::AddCircle => "+ Circle",
            Action::PlayPause => "Play / pause",
            Action::TimeStart => "To t = 0",
            Action::TimeEnd => "To t = 1",
            Action::StepBack => "Step back",
            Action::StepForward => "Step forward",
            Action::Fit => "Fit",
            Action::ZoomIn => "Zoom in",
            Action::ZoomOut => "Zoom out",
            Action::TogglePlots => "Plots",
            Action::ToggleVariantsPanel => "Objects and variants panel",
            Action::ToggleInspector => "Inspector",
            Action::ToggleHeatMap => "Heat map",
            Action::ToggleMode => "Switch view",
            Action::Help => "Keyboard & mouse",
        }
    }

    /// What it does, for hover texts and the Help window.
    pub fn hover(self) -> &'static str {
        match self {
            Action::New => "Start a new, empty scene",
            Action::Open => "Open a scene file (.ron)",
            Action::Save => "Save the scene to its file (asks for one the first time)",
            Action::SaveAs => "Save the scene to a new file",
            Action::Reload => {
                "Open the file again from disk (the one that failed to load, else the scene's own)"
            }
            Action::Quit => "Close the window (asks first when there are unsaved changes)",
            Action::Screenshot => "Save the window as a PNG in the report folder",
            Action::BugReport => {
                "Write a bug report folder: screenshot, scene and a report of every number shown"
            }
            Action::ChooseReportFolder => "Choose the folder screenshots and bug reports go to",
            Action::CopyOutputPath => {
                "Copy the full path of the last screenshot or bug report to the clipboard"
            }
            Action::RecordExpectations => {
                "Make the current exact answers of every ball and obstacle the scene's expectations (undoable)"
            }
            Action::SaveRegression => {
                "Record the current answers as expectations, then save the scene as a new file"
            }
            Action::CopyText => "Copy the whole readout to the clipboard as Markdown",
            Action::Undo => "Undo the last edit",
            Action::Redo => "Redo the edit undone last",
            Action::Duplicate => "Duplicate the selected object",
            Action::Rename => "Rename the selected object",
            Action::Delete => {
                "Delete the selected object (in the simulation view, the selected disc)"
            }
            Action::Deselect => "Close the open menu or dialog, or else clear the selection",
            Action::AddBall => "Add a moving ball (a query) at the cursor",
            Action::AddBox => "Add a box at the cursor",
            Action::AddRotatedBox => "Add a rotated box at the cursor",
            Action::AddSegment => "Add a segment at the cursor",
            Action::AddCircle => "Add an obstacle circle at the cursor",
            Action::PlayPause => "Play or pause the scrubber (in the simulation view: the run)",
            Action::TimeStart => "Move the scrubber to t = 0 (the simulation to its start)",
            Action::TimeEnd => "Move the scrubber to t = 1 (the simulation to its newest moment)",
            Action::StepBack => {
                "Move the scrubber back by 0.01 (the simulation to the previous event)"
            }
            Action::StepForward => {
                "Move the scrubber forward by 0.01 (the simulation to the next event)"
            }
            Action::Fit => "Fit the whole scene in the view",
            Action::ZoomIn => "Zoom in around the canvas's centre",
            Action::ZoomOut => "Zoom out around the canvas's centre",
            Action::TogglePlots => "Show or hide the scrubber's plots",
            Action::ToggleVariantsPanel => {
                "Show or hide the left panel: the objects list, the variants and the legend"
            }
            Action::ToggleInspector => "Show or hide the inspector (more room for the canvas)",
            Action::ToggleHeatMap => "Show or hide the heat map",
            Action::ToggleMode => "Switch between the sweep debugger and the simulation",
            Action::Help => "Show the keys and mouse gestures",
        }
    }

    /// The keys that invoke it; the first is the one menus show.
    pub fn shortcuts(self) -> &'static [KeyboardShortcut] {
        match self {
            Action::New => const { &[sc(CMD, Key::N)] },
            Action::Open => const { &[sc(CMD, Key::O)] },
            Action::Save => const { &[sc(CMD, Key::S)] },
            Action::SaveAs => const { &[sc(CMD_SHIFT, Key::S)] },
            Action::Reload => const { &[sc(NONE, Key::F5)] },
            Action::Quit => const { &[sc(CMD, Key::Q)] },
            Action::Screenshot => const { &[sc(NONE, Key::F12)] },
            Action::BugReport => const { &[sc(CMD, Key::B)] },
            Action::ChooseReportFolder => const { &[sc(CMD_SHIFT, Key::F)] },
            Action::CopyOutputPath => const { &[sc(CMD_SHIFT, Key::P)] },
            Action::CopyText => const { &[sc(CMD_SHIFT, Key::C)] },
            Action::RecordExpectations => const { &[sc(CMD, Key::E)] },
            Action::SaveRegression => const { &[sc(CMD_SHIFT, Key::E)] },
            Action::Undo => const { &[sc(CMD, Key::Z)] },
            Action::Redo => const { &[sc(CMD_SHIFT, Key::Z), sc(CMD, Key::Y)] },
            Action::Duplicate => const { &[sc(CMD, Key::D)] },
            Action::Rename => const { &[sc(NONE, Key::F2)] },
            Action::Delete => const { &[sc(NONE, Key::Delete)] },
            Action::Deselect => const { &[sc(NONE, Key::Escape)] },
            Action::AddBall => const { &[sc(NONE, Key::B)] },
            Action::AddBox => const { &[sc(NONE, Key::X)] },
            Action::AddRotatedBox => const { &[sc(NONE, Key::R)] },
            Action::AddSegment => const { &[sc(NONE, Key::S)] },
            Action::AddCircle => const { &[sc(NONE, Key::C)] },
            Action::PlayPause => const { &[sc(NONE, Key::Space)] },
            Action::TimeStart => const { &[sc(NONE, Key::Home)] },
            Action::TimeEnd => const { &[sc(NONE, Key::End)] },
            Action::StepBack => const { &[sc(NONE, Key::ArrowLeft)] },
            Action::StepForward => const { &[sc(NONE, Key::ArrowRight)] },
            Action::Fit => const { &[sc(NONE, Key::F)] },
            // "+" is Shift+= on many keyboards and a key of its own on others; Ctrl+plus
            // stays egui's zoom of the whole interface.
            Action::ZoomIn => const { &[sc(NONE, Key::Plus), sc(NONE, Key::Equals)] },
            Action::ZoomOut => const { &[sc(NONE, Key::Minus)] },
            Action::TogglePlots => const { &[sc(NONE, Key::P)] },
            Action::ToggleVariantsPanel => const { &[sc(NONE, Key::V)] },
            Action::ToggleInspector => const { &[sc(NONE, Key::I)] },
            Action::ToggleHeatMap => const { &[sc(NONE, Key::H)] },
            Action::ToggleMode => const { &[sc(NONE, Key::M)] },
            Action::Help => const { &[sc(NONE, Key::F1)] },
        }
    }

    /// Whether it also works in the simulation view (the rest act on the sweep scene). The
    /// time keys drive the simulation there: play, the next and previous event, its start
    /// and its newest moment.
    pub fn global(self) -> bool {
        matches!(
            self,
            Action::PlayPause
                | Action::Fit
                | Action::ZoomIn
                | Action::ZoomOut
                | Action::TimeStart
                | Action::TimeEnd
                | Action::StepBack
                | Action::StepForward
                | Action::New
                | Action::Open
                | Action::Save
                | Action::SaveAs
                | Action::Reload
                | Action::Quit
                | Action::Screenshot
                | Action::BugReport
                | Action::ChooseReportFolder
                | Action::CopyOutputPath
                | Action::Undo
                | Action::Redo
                | Action::ToggleMode
                | Action::Help
                // In the simulation view it deletes the selected disc.
                | Action::Delete
                // Closes the open dialog or Help in either view (in the simulation view
                // the bug report's dialog stayed open); there the selection it drops last
                // is the disc's.
                | Action::Deselect
        )
    }

    /// The first shortcut as text, e.g. `Ctrl+Z`.
    pub fn key_text(self, ctx: &Context) -> String {
        self.shortcuts()
            .first()
            .map(|s| ctx.format_shortcut(s))
            .unwrap_or_default()
    }

    /// `"what it does (key)"`, for a hover text.
    pub fn hint(self, ctx: &Context) -> String {
        match self.key_text(ctx) {
            k if k.is_empty() => self.hover().to_owned(),
            k => format!("{} ({k})", self.hover()),
        }
    }

    /// A menu entry or toolbar button for this action, its shortcut shown beside the
    /// label; true when clicked.
    pub fn button(self, ui: &mut Ui, enabled: bool) -> bool {
        let ctx = ui.ctx().clone();
        // Never broken mid-word ("Delet/e" at 800 × 600): a row too narrow for it wraps
        // the button whole, in the wrapping rows that hold buttons.
        let button = egui::Button::new(self.label())
            .shortcut_text(self.key_text(&ctx))
            .wrap_mode(egui::TextWrapMode::Extend);
        ui.add_enabled(enabled, button)
            .on_hover_text(self.hover())
            .clicked()
    }
}

impl Action {
    /// A switch's checkbox in a menu, labelled `label` (the action's own label when `None`),
    /// with its key beside it as the buttons show theirs; whether it was clicked (`on`
    /// holds the new state).
    pub fn checkbox(self, ui: &mut Ui, on: &mut bool, label: Option<&str>) -> bool {
        let key = self.key_text(ui.ctx());
        let hint = self.hint(ui.ctx());
        ui.horizontal(|ui| {
            let changed = ui
                .checkbox(on, label.unwrap_or(self.label()))
                .on_hover_text(hint)
                .changed();
            if !key.is_empty() {
                ui.weak(key);
            }
            changed
        })
        .inner
    }
}

/// The actions whose keys were pressed this frame. Plain keys are ignored while a text field
/// has focus (or had it when the last frame ended: `was_typing`); shortcuts with more
/// modifiers are matched first, so Ctrl+Shift+Z is not taken by Ctrl+Z.
pub fn pressed(ctx: &Context, was_typing: bool) -> Vec<Action> {
    let typing = was_typing || ctx.egui_wants_keyboard_input();
    // An open menu or popup takes Escape first: egui closes it. So does a field being
    // typed in outside a dialog: egui ends the edit (what was typed is kept, and can be
    // undone), and the selection stays (as "deselect" it would empty the inspector under
    // the pointer, and the next letters typed would be shortcuts). In a dialog, Escape
    // closes the dialog.
    let in_dialog = ctx.memory(|m| m.top_modal_layer().is_some());
    let menu_open = egui::Popup::is_any_open(ctx);
    let popup_open = menu_open || (typing && !in_dialog);
    let mut bindings: Vec<(Action, KeyboardShortcut)> = Action::ALL
        .iter()
        .flat_map(|a| a.shortcuts().iter().map(move |s| (*a, *s)))
        .collect();
    bindings.sort_by_key(|(_, s)| std::cmp::Reverse(modifier_count(s.modifiers)));
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        for (action, shortcut) in bindings {
            // A dialog has the keyboard: the scene behind it takes no shortcut, or a key
            // typed at the dialog would add a ball or start the scrubber under it. Escape
            // still closes the dialog.
            if in_dialog && shortcut.logical_key != Key::Escape {
                continue;
            }
            // An open menu takes plain keys too: "b" with the Edit menu open added a ball
            // behind it.
            if (typing || menu_open)
                && shortcut.modifiers.is_none()
                && !matches!(
                    shortcut.logical_key,
                    Key::F1 | Key::F5 | Key::F12 | Key::Escape
                )
            {
                continue;
            }
            // A field being typed in keeps its own editing keys: Ctrl+Z there undoes the
            // typing, not an edit committed before it (which would be taken back under
            // the field, and the redo lost when the field commits).
            if typing && !in_dialog && matches!(action, Action::Undo | Action::Redo) {
                continue;
            }
            if popup_open && shortcut.logical_key == Key::Escape {
                continue;
            }
            if i.consume_shortcut(&shortcut) && !out.contains(&action) {
                out.push(action);
            }
        }
    });
    out
}

fn modifier_count(m: Modifiers) -> u8 {
    u8::from(m.alt) + u8::from(m.ctrl) + u8::from(m.shift) + u8::from(m.mac_cmd || m.command)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_actions_share_a_shortcut() {
        let mut seen: Vec<(KeyboardShortcut, Action)> = Vec::new();
        for a in Action::ALL {
            for s in a.shortcuts() {
                if let Some((_, other)) = seen.iter().find(|(k, _)| k == s) {
                    panic!("{a:?} and {other:?} share {s:?}");
                }
                seen.push((*s, a));
            }
        }
    }

    #[test]
    fn every_action_is_listed_once_with_words_and_a_key() {
        for (i, a) in Action::ALL.iter().enumerate() {
            assert!(!Action::ALL[..i].contains(a), "{a:?} twice");
            assert!(!a.label().is_empty() && !a.hover().is_empty(), "{a:?}");
            assert!(!a.shortcuts().is_empty(), "{a:?} has no key");
        }
    }
}
