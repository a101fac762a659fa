//! `sweepscope hunt --against NAME [--kind K]... [--count N] [--seed S] [--out DIR]`:
//! searches random and targeted cases for disagreements between a contender (a published
//! approach or an engine) and the exact core, prints a table of them per kind, and writes
//! each kind of disagreement, shrunk to a minimal case, to DIR as a scene that passes
//! `sweepscope check`.

use std::io::IsTerminal;
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::args::HuntArgs;
use super::output::{Output, errln, outln};
use crate::hunt::{HuntConfig, hunt, table};
use crate::scene::io::{read_scene_text, save_scene, scene_to_string};
use crate::variants::Params;

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
        errln!(
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
        // "File exists (os error 17)" said nothing about which or why.
        let why = if dir.exists() && !dir.is_dir() {
            format!("it {}", crate::scene::io::not_a_folder(dir))
        } else {
            e.to_string()
        };
        errln!("sweepscope hunt: --out {}: {why}", shown(dir));
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
    // On the terminal whatever standard output is (`hunt > table.txt` is a long run too).
    if !std::io::stderr().is_terminal() {
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

    // From here on the printing may fail (`| head -1`): the scenes are written all the same.
    let mut out = Output::new();
    outln!(
        out,
        "{}: disagreements with the exact core (time tolerance {}, normal tolerance {}°)",
        config.command_line(),
        crate::variants::verdict::TIME_TOLERANCE,
        crate::variants::verdict::NORMAL_TOLERANCE_DEG
    );
    out.write(format_args!("{}", table(&report, args.markdown)));

    let Some(dir) = &args.out else {
        return out.exit("sweepscope hunt", ExitCode::SUCCESS);
    };
    let mut failed = false;
    for c in &report.counterexamples {
        let (path, kept) = free_path(dir, &c.file_name(), &scene_to_string(&c.scene));
        if let Some(kept) = &kept {
            outln!(
                out,
                "kept {}: it differs from this hunt's case (edited since?)",
                shown(kept)
            );
        }
        match save_scene(&path, &c.scene) {
            Ok(()) => outln!(
                out,
                "wrote {}: {} — {}",
                shown(&path),
                c.disagreement.id(),
                c.judged.verdict.text()
            ),
            Err(e) => {
                errln!(
                    "sweepscope hunt: {}",
                    crate::cli::terminal::safe(&e.to_string())
                );
                failed = true;
            }
        }
    }
    if report.counterexamples.is_empty() {
        let found: u64 = report.tallies.values().map(|t| t.bad()).sum();
        // `--keep 0` with disagreements in the table said "no disagreement found".
        if found == 0 {
            outln!(
                out,
                "no disagreement found: nothing written to {}",
                shown(dir)
            );
        } else {
            outln!(
                out,
                "{found} disagreement(s) found, none kept (--keep {}): nothing written to {}",
                config.keep,
                shown(dir)
            );
        }
    }
    let code = if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    };
    out.exit("sweepscope hunt", code)
}

/// Where a counterexample named `name` goes in `dir`: its own name when that is free or
/// already holds this very text (a rerun of the same seed), else the first free
/// `<stem>-2.ron`, `<stem>-3.ron`, … so that a file edited since is never replaced; with
/// the name kept, in that case.
fn free_path(
    dir: &std::path::Path,
    name: &str,
    text: &str,
) -> (std::path::PathBuf, Option<std::path::PathBuf>) {
    let first = dir.join(name);
    let same_or_free = |p: &std::path::Path| match std::fs::symlink_metadata(p) {
        Err(_) => true,
        Ok(_) => read_scene_text(p).is_ok_and(|t| t == text),
    };
    if same_or_free(&first) {
        return (first, None);
    }
    let stem = name.strip_suffix(".ron").unwrap_or(name);
    let mut k = 2u64;
    loop {
        let p = dir.join(format!("{stem}-{k}.ron"));
        if same_or_free(&p) {
            return (p, Some(first));
        }
        k += 1;
    }
}

/// A path as printed on a terminal: its control characters escaped (a folder named by the
/// user may hold any).
fn shown(path: &std::path::Path) -> String {
    crate::cli::terminal::safe(&path.display().to_string()).into_owned()
}
