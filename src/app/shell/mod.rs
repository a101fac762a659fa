//! Around the debugger: the eframe window and its start-up, the session kept between
//! launches, the unattended runs (`--screenshot`, `--frames`), file dialogs and recent
//! files, screenshots and bug reports, and frame timing.

pub mod allocator;
pub mod file_dialog;
pub mod files;
pub mod frame_times;
pub mod headless;
pub mod perf;
pub mod report;
pub mod screenshot;
pub mod session;
pub mod ui_scale;
pub mod window;
