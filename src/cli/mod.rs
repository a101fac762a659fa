//! The command line: its one definition ([`args`]), the headless tools `batch`, `check`
//! (with `--record`), `sim`, `hunt` and `report`, and the dispatch from the parsed
//! arguments ([`run_command`]): the tools import `args`, `args` imports none of them.

pub mod args;
pub mod batch;
pub mod check;
pub mod check_json;
pub mod hunt;
pub mod output;
pub mod record;
pub mod report;
pub mod sim;
pub mod terminal;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command, GuiArgs};

/// Parses a whole command line (the program name first) and runs what it asks for: a
/// subcommand, or the debugger. Usage errors, `--help` and `--version` are clap's, with
/// its exit codes (2, 0, 0); nothing on the command line can make this panic.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    match &cli.command {
        Some(command) => run_command(command),
        None => gui(&cli.gui),
    }
}

/// Runs a headless tool.
pub fn run_command(command: &Command) -> ExitCode {
    match command {
        Command::Batch(a) => batch::run(a),
        Command::Check(a) if a.record => record::run(a),
        Command::Check(a) => check::run(a),
        Command::Sim(a) => sim::run(a),
        Command::Hunt(a) => hunt::run(a.clone()),
        Command::Report(a) => report::run(a),
    }
}

#[cfg(feature = "gui")]
fn gui(args: &GuiArgs) -> ExitCode {
    crate::app::run(args)
}

#[cfg(not(feature = "gui"))]
fn gui(_: &GuiArgs) -> ExitCode {
    output::errln!(
        "sweepscope was built without the `gui` feature; use a subcommand (see sweepscope --help)"
    );
    ExitCode::FAILURE
}
