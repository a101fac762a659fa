//! The headless command-line tools: `batch`, `check` and `sim`.

pub mod batch;
pub mod check;
pub mod sim;
