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
        None => {
            if let Some((word, name)) = mistyped_command(&cli.gui) {
                output::errln!(
                    "sweepscope: `{}` is neither a file nor a command; did you mean `sweepscope \
                     {name}`? (sweepscope --help lists the commands)",
                    terminal::safe(word)
                );
                return ExitCode::from(2);
            }
            gui(&cli.gui)
        }
    }
}

/// The command a scene argument that names no file was probably meant to be, with the
/// argument: one word, no extension, within two letters of a command's name (`chek`,
/// `hnut`). Anything else that names no file goes to the debugger, which says it cannot
/// read it.
fn mistyped_command(gui: &GuiArgs) -> Option<(&str, String)> {
    use clap::CommandFactory;
    let path = gui.scene.as_deref()?;
    let word = path.to_str()?;
    if path.exists() || word.contains(['.', '/', '\\']) {
        return None;
    }
    // Recording is an option of `check`, not a command of its own.
    if edit_distance(word, "record") <= 1 {
        return Some((word, "check --record".to_owned()));
    }
    Cli::command()
        .get_subcommands()
        .map(|c| (edit_distance(word, c.get_name()), c.get_name().to_owned()))
        .filter(|(d, _)| *d <= 2)
        .min()
        .map(|(_, name)| (word, name))
}

/// Levenshtein distance, for a command's name against a word of the command line.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
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
