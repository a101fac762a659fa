//! `sweepscope hunt --against NAME [--kind K]... [--count N] [--seed S] [--out DIR]`:
//! searches random and targeted cases for disagreements between a contender (a published
//! approach or an engine) and the exact core, prints a table of them per kind, and writes
//! each kind of disagreement, shrunk to a minimal case, to DIR as a scene that passes
//! `sweepscope check`.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::hunt::{HuntConfig, Kind, hunt, table};
use crate::scene::io::save_scene;
use crate::variants::{Params, Variant};

/// Hunt for counterexamples: cases where a contender disagrees with the exact core.
#[derive(clap::Args, Debug, Clone, PartialEq)]
#[command(
    about = "Hunt for cases where a published approach or an engine disagrees with the exact core"
)]
pub struct HuntArgs {
    /// The contender: a published variant's id or an engine (parry-cast, parry-sweep).
    #[arg(long, value_parser = parse_variant)]
    pub against: Variant,
    /// Only this obstacle kind (aabb, obb, segment, circle); repeat for several. Default:
    /// every kind the contender handles.
    #[arg(long = "kind", value_parser = parse_kind)]
    pub kinds: Vec<Kind>,
    /// Number of cases (about 3 in 10 random, the rest targeted).
    #[arg(long, default_value_t = 10_000)]
    pub count: u64,
    /// Seed: the same seed gives the same cases, table and scenes on any machine.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write each shrunk counterexample to this directory as a scene (created if missing).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Shrunk counterexamples per obstacle kind and kind of disagreement.
    #[arg(long, default_value_t = 2)]
    pub keep: usize,
    /// Sub-steps for the `substep` approach.
    #[arg(long, default_value_t = Params::default().substeps)]
    pub substeps: u32,
    /// Print the table as Markdown (for docs/failure-table.md).
    #[arg(long)]
    pub markdown: bool,
}

fn parse_variant(s: &str) -> Result<Variant, String> {
    Variant::from_id(s).ok_or_else(|| {
        let known: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        let engines = if !cfg!(feature = "engines") {
            " (parry-cast and parry-sweep need the `engines` feature)"
        } else {
            ""
        };
        format!(
            "unknown contender {s:?}; known: {}{engines}",
            known.join(", ")
        )
    })
}

fn parse_kind(s: &str) -> Result<Kind, String> {
    Kind::from_id(s).ok_or_else(|| format!("unknown kind {s:?}; known: aabb, obb, segment, circle"))
}

/// Runs `sweepscope hunt`.
pub fn run(args: HuntArgs) -> ExitCode {
    let handled = crate::hunt::applicable_kinds(args.against);
    let unhandled: Vec<&str> = args
        .kinds
        .iter()
        .filter(|k| !handled.contains(k))
        .map(|k| k.id())
        .collect();
    if !unhandled.is_empty() {
        let names: Vec<&str> = handled.iter().map(|k| k.id()).collect();
        eprintln!(
            "sweepscope hunt: {} does not handle {}; it handles {}",
            args.against.id(),
            unhandled.join(", "),
            names.join(", ")
        );
        return ExitCode::FAILURE;
    }
    if let Some(dir) = &args.out
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!("sweepscope hunt: cannot create {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    let config = HuntConfig {
        against: args.against,
        kinds: args.kinds.clone(),
        count: args.count,
        seed: args.seed,
        keep: if args.out.is_some() { args.keep } else { 0 },
        params: Params {
            substeps: args.substeps,
        },
    };
    let bar = ProgressBar::with_draw_target(Some(args.count), ProgressDrawTarget::stderr());
    if !(std::io::stderr().is_terminal() && std::io::stdout().is_terminal()) {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} hunting {msg} [{bar:30}] {pos}/{len} cases ({per_sec}, {eta} left)",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(args.against.id().to_owned());
    let report = hunt(&config, &|done| bar.set_position(done));
    bar.finish_and_clear();

    println!(
        "sweepscope hunt --against {} --count {} --seed {}: disagreements with the exact core \
         (time tolerance {}, normal tolerance {}°)",
        args.against.id(),
        args.count,
        args.seed,
        crate::variants::verdict::TIME_TOLERANCE,
        crate::variants::verdict::NORMAL_TOLERANCE_DEG
    );
    print!("{}", table(&report, args.markdown));

    let Some(dir) = &args.out else {
        return ExitCode::SUCCESS;
    };
    let mut failed = false;
    for c in &report.counterexamples {
        let path = dir.join(c.file_name());
        match save_scene(&path, &c.scene) {
            Ok(()) => println!(
                "wrote {}: {} — {}",
                path.display(),
                c.disagreement.id(),
                c.judged.verdict.text()
            ),
            Err(e) => {
                eprintln!("sweepscope hunt: {e}");
                failed = true;
            }
        }
    }
    if report.counterexamples.is_empty() {
        println!(
            "no disagreement found: nothing written to {}",
            dir.display()
        );
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
