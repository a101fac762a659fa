//! `sweepscope batch` (in progress).

use std::process::ExitCode;

/// Runs `sweepscope batch` with the arguments after the subcommand name.
pub fn run(_args: &[String]) -> ExitCode {
    eprintln!("sweepscope batch: not built yet");
    ExitCode::FAILURE
}
