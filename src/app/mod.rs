//! The interactive debugger (in progress).

pub mod sim_view;

use std::process::ExitCode;

/// Opens the debugger window. `args` are the command-line arguments after the program name
/// that are not a subcommand (a scene path, `--screenshot out.png`, ...).
pub fn run(_args: &[String]) -> ExitCode {
    eprintln!("sweepscope: the debugger is not built yet");
    ExitCode::FAILURE
}
