//! `sweepscope`: the debugger, or a headless tool when a subcommand is given. The command
//! line is defined in `cli::args`; `sweepscope --help` lists it.

use std::process::ExitCode;

fn main() -> ExitCode {
    sweepscope::cli::run(std::env::args_os())
}
