//! Around the debugger: the eframe window and its start-up, the unattended runs
//! (`--screenshot`, `--frames`), file dialogs and recent files, screenshots and bug
//! reports, and frame timing.

pub mod files;
pub mod frame_times;
pub mod headless;
pub mod perf;
pub mod screenshot;
pub mod window;
