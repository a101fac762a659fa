//! `sweepscope sim` (in progress).

use std::process::ExitCode;

/// Runs `sweepscope sim` with the arguments after the subcommand name.
pub fn run(_args: &[String]) -> ExitCode {
    eprintln!("sweepscope sim: not built yet");
    ExitCode::FAILURE
}
