//! What a view can ask for. Views read the document, the evaluation and the UI state, and
//! push commands; the frame loop applies them (`DebugApp::apply`), which is the only way
//! the document changes.

use glam::Vec2;

use super::action::Action;
use super::document::Edit;
use super::ui_state::Pending;

/// The kinds of object a user can add.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddKind {
    Ball,
    Box,
    RotatedBox,
    Segment,
    Circle,
}

impl AddKind {
    pub const ALL: [AddKind; 5] = [
        AddKind::Ball,
        AddKind::Box,
        AddKind::RotatedBox,
        AddKind::Segment,
        AddKind::Circle,
    ];

    /// The action that adds this kind (its label and key).
    pub fn action(self) -> Action {
        match self {
            AddKind::Ball => Action::AddBall,
            AddKind::Box => Action::AddBox,
            AddKind::RotatedBox => Action::AddRotatedBox,
            AddKind::Segment => Action::AddSegment,
            AddKind::Circle => Action::AddCircle,
        }
    }

    pub fn of(action: Action) -> Option<AddKind> {
        AddKind::ALL.into_iter().find(|k| k.action() == action)
    }

    /// A short name, also the stem of new objects' names.
    pub fn name(self) -> &'static str {
        match self {
            AddKind::Ball => "ball",
            AddKind::Box => "box",
            AddKind::RotatedBox => "rotated",
            AddKind::Segment => "segment",
            AddKind::Circle => "circle",
        }
    }
}

/// A request from a view, a key or the shell.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A named action (a menu entry, a button, a key).
    Action(Action),
    /// A change to the scene; `gesture` while a drag or a typed field is in progress.
    Edit { edit: Edit, gesture: bool },
    /// Add an object of `kind` at world point `at` (the context menu).
    AddAt { kind: AddKind, at: Vec2 },
    /// Something that would replace or close the scene: asks about unsaved changes first.
    Request(Pending),
    /// The answer to the unsaved-changes question.
    Answer(Answer),
    /// The answer to "save to this file?" (replace it, drop its comments): true saves.
    SaveAnyway(bool),
    /// The other answer to "save over a file changed on disk?": take the file's version,
    /// dropping the unsaved changes (asked about there already).
    TakeDiskVersion,
    /// Write the bug report with the user's words (from the form).
    WriteBugReport { happened: String, expected: String },
    /// Search for a case where a published approach or an engine disagrees with the exact
    /// core, and open the shrunk case as a new scene.
    FindCounterexample(crate::variants::Variant),
    /// Select an object by its index, or clear the selection (the object list).
    Select(Option<usize>),
    /// Put the sweep view's scrubber at a time in [0, 1] (held to it), paused: the state a
    /// bug report's command reopens (`--at`).
    ScrubTo(f32),
    /// What a typed value came to: a refusal is said in the status bar; an applied value
    /// clears a refusal left there by an earlier one.
    Typed(crate::app::views::widgets::Typed),
}

/// The answers to "the scene has unsaved changes".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Save,
    Discard,
    Cancel,
}

impl Command {
    /// A one-step edit.
    pub fn edit(edit: Edit) -> Self {
        Command::Edit {
            edit,
            gesture: false,
        }
    }

    /// An edit that is part of the gesture in progress.
    pub fn gesture(edit: Edit) -> Self {
        Command::Edit {
            edit,
            gesture: true,
        }
    }
}
