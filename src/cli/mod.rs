//! The command line: its one definition ([`args`]), the headless tools `batch`, `check`
//! (with `--record`), `sim`, `hunt` and `report`, and the dispatch from the parsed
//! arguments ([`run_command`]): the tools import `args`, `args` imports none of them.

pub mod args;
pub mod batch;
pub mod check;
pub mod check_json;
pub mod hunt;
pub mod interrupt;
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
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    // The first word, when it names no file and is close to a command's name, was meant as
    // that command: said so whatever follows it (`chek scene.ron` is a clap error, `chek`
    // alone a scene for the debugger).
    if let Some((word, name)) = args.get(1).and_then(|a| mistyped_command(a)) {
        output::errln!(
            "sweepscope: `{}` is neither a file nor a command; did you mean `sweepscope \
             {name}`? (sweepscope --help lists the commands)",
            terminal::safe(word)
        );
        return ExitCode::from(2);
    }
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            // Help and the version go to standard output, which can fail like any output
            // (`--help > /dev/full` exited 0 with nothing written): exit 2 and say so, as
            // every command does.
            if let Err(why) = e.print() {
                output::errln!("sweepscope: cannot write the output: {why}");
                return ExitCode::from(2);
            }
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    match &cli.command {
        Some(command) => run_command(command),
        None => {
            // Said before a window is asked for: without a display, "no display" hid it.
            if let Some(scene) = &cli.gui.scene
                && !scene.exists()
            {
                output::errln!(
                    "sweepscope: cannot read {}: no such file",
                    terminal::safe(&scene.display().to_string())
                );
                return ExitCode::FAILURE;
            }
            gui(&cli.gui)
        }
    }
}

/// The command a first argument that names no file was probably meant to be, with the
/// argument: one word, no extension, not a command itself, within two letters of a
/// command's name whatever its case (`chek`, `hnut`, `CHEK`). Anything else goes to clap,
/// and a word that names no file to the debugger, which says it cannot read it.
fn mistyped_command(arg: &OsString) -> Option<(&str, String)> {
    use clap::CommandFactory;
    let word = arg.to_str()?;
    let path = std::path::Path::new(word);
    if word.starts_with('-') || word.contains(['.', '/', '\\']) || path.exists() {
        return None;
    }
    let lower = word.to_lowercase();
    let names: Vec<String> = Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_owned())
        .collect();
    if names.contains(&word.to_owned()) {
        return None;
    }
    // Recording is an option of `check`, not a command of its own.
    if strsim::levenshtein(&lower, "record") <= 1 {
        return Some((word, "check --record".to_owned()));
    }
    names
        .into_iter()
        .map(|name| (strsim::levenshtein(&lower, &name), name))
        .filter(|(d, _)| *d <= 2)
        .min()
        .map(|(_, name)| (word, name))
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
