//! The headless command-line tools: `batch`, `check`, `sim` and `hunt`.

pub mod batch;
pub mod check;
pub mod hunt;
pub mod sim;
