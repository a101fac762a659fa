//! `sweepscope`: the debugger, or a headless tool when a subcommand is given.
//!
//! ```text
//! sweepscope [scene.ron] [--screenshot out.png] [--frames N] ...  the debugger
//! sweepscope batch [--input F] [--output F]                   JSON Lines queries
//! sweepscope check [--json] <scene.ron>...                    evaluate scenes headlessly
//! sweepscope sim <scene.ron> [--time T] | sim --bench         disc simulation
//! sweepscope hunt --against NAME [--kind K] [--count N] ...   counterexample hunter
//! ```

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or_default();
    match args.first().map(String::as_str) {
        Some("batch") => sweepscope::cli::batch::run(rest),
        Some("check") => sweepscope::cli::check::run(rest),
        Some("sim") => sweepscope::cli::sim::run(rest),
        Some("hunt") => hunt(rest),
        Some("-h" | "--help" | "help") => {
            println!("{}", USAGE);
            ExitCode::SUCCESS
        }
        Some("-V" | "--version") => {
            println!("sweepscope {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        _ => gui(&args),
    }
}

/// `sweepscope hunt`, parsed by clap.
#[derive(clap::Parser)]
#[command(name = "sweepscope hunt")]
struct HuntCli {
    #[command(flatten)]
    args: sweepscope::cli::hunt::HuntArgs,
}

fn hunt(rest: &[String]) -> ExitCode {
    use clap::Parser;
    let argv = std::iter::once("sweepscope hunt".to_owned()).chain(rest.iter().cloned());
    match HuntCli::try_parse_from(argv) {
        Ok(cli) => sweepscope::cli::hunt::run(cli.args),
        Err(e) => {
            let _ = e.print();
            if e.use_stderr() {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            }
        }
    }
}

#[cfg(feature = "gui")]
fn gui(args: &[String]) -> ExitCode {
    sweepscope::app::run(args)
}

#[cfg(not(feature = "gui"))]
fn gui(_args: &[String]) -> ExitCode {
    eprintln!("sweepscope was built without the `gui` feature; use a subcommand.\n\n{USAGE}");
    ExitCode::FAILURE
}

const USAGE: &str = "\
sweepscope — exact 2D continuous collision for moving circles, and its debugger

usage:
  sweepscope [scene.ron] [--screenshot out.png] [--frames N] [--size WxH]
             [--stress N] [--demo NAME]
        open the debugger (on the built-in default scene, or the last session, when no
        file is given); --screenshot renders, saves the window as PNG and exits;
        --frames N renders N frames and prints the median and p99 frame CPU time;
        --size sets the window size (default 1400x900); --stress N opens a generated
        scene with N obstacles; --demo opens a built-in demo (default, corner-miss,
        slide, two-circles, variants). Needs a display (use xvfb-run when headless).
  sweepscope batch [--input FILE] [--output FILE]
        JSON Lines queries in, one JSON line per query out
  sweepscope check [--json] <scene.ron>...
        load, validate and evaluate scenes; exit 1 if any is invalid or fails
  sweepscope sim <scene.ron> [--time T]
  sweepscope sim --bench
        run a scene's disc simulation headlessly, or the standard benchmark sizes
  sweepscope hunt --against NAME [--kind aabb|obb|segment|circle] [--count N] [--seed S]
                  [--out DIR] [--keep N] [--markdown]
        search for cases where a published approach or an engine (parry-cast,
        parry-sweep) disagrees with the exact core; print a table per kind and write
        each disagreement, shrunk, to DIR as a scene that passes `check`";
