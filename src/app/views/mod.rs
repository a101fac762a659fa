//! The views: each reads the document, the evaluation and the UI state, draws, and pushes
//! [`Command`](super::command::Command)s for anything that would change the document.

pub mod canvas;
pub mod inspector;
pub mod menus;
pub mod modals;
pub mod objects;
pub mod plots;
pub mod scrubber;
pub mod status;
pub mod variants;
pub mod widgets;
