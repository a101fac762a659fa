//! `sweepscope check` (in progress).

use std::process::ExitCode;

/// Runs `sweepscope check` with the arguments after the subcommand name.
pub fn run(_args: &[String]) -> ExitCode {
    eprintln!("sweepscope check: not built yet");
    ExitCode::FAILURE
}
