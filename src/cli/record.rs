//! `sweepscope check --record <scene.ron>...`: rewrites each file's `expect` list from the
//! core's current exact answers ([`record`], the same as the debugger's "Record
//! expectations"), and its `expect_paths` from the balls' paths ([`record_paths`]), and
//! saves atomically, so a following `sweepscope check` on the file passes.
//!
//! Only the list changes: it is replaced in the file's own text
//! ([`replace_expect`]), so comments, notes, layout and number spellings stay as they were.
//! The result is parsed back before it replaces the file and must be the same scene with
//! the new list, judged passing: what is written is known to pass and to have lost nothing.
//! A file is left untouched, with a message naming it, when it does not load or when it has
//! more pairs than a scene may hold expectations.

use std::path::Path;
use std::process::ExitCode;

use super::args::CheckArgs;
use super::output::{Output, errln, outln};
use super::terminal::{safe, safe_lines};
use crate::atomic_file::write_atomically;
use crate::scene::evaluate::{evaluate, record, record_paths};
use crate::scene::expect::stale_claims;
use crate::scene::format::{has_comments, replace_expect, replace_expect_paths};
use crate::scene::io::{parse_scene_all, read_scene_text, scene_to_string};
use crate::scene::limits::{MAX_EXPECTATIONS, MAX_SCENE_BYTES};

/// What recording did to one file.
#[derive(Debug, PartialEq)]
pub struct Recorded {
    /// Expectations written (one per ball × obstacle pair).
    pub expectations: usize,
    /// Path expectations written (one per ball, its contacts and end).
    pub paths: usize,
    pub hits: usize,
    pub misses: usize,
    /// How many the file had before.
    pub replaced: usize,
    /// Whether the file's text changed (an up-to-date file is not rewritten).
    pub changed: bool,
    /// What the scene's name, description or notes state that the new answers no longer
    /// give, one line each.
    pub stale: Vec<String>,
    /// The file's expectations that failed and are now replaced by the current answers,
    /// each as `check` judges it: a recording that overturns a claim says which.
    pub overturned: Vec<String>,
}

/// Runs `sweepscope check --record`. Exit status: 0 when every file was recorded, 1 when
/// any was refused.
pub fn run(args: &CheckArgs) -> ExitCode {
    let mut out = Output::new();
    let mut refused = 0;
    for path in &args.files {
        let file = safe(&path.display().to_string()).into_owned();
        match record_file(path) {
            Ok(r) => {
                let s = |n: usize| if n == 1 { "" } else { "s" };
                let mut what = format!(
                    "{} expectation{} ({} hit{}, {} miss{})",
                    r.expectations,
                    s(r.expectations),
                    r.hits,
                    s(r.hits),
                    r.misses,
                    if r.misses == 1 { "" } else { "es" }
                );
                if r.paths > 0 {
                    what.push_str(&format!(" and {} path{}", r.paths, s(r.paths)));
                }
                if r.changed {
                    outln!(out, "{file}: recorded {what}, replacing {}", r.replaced);
                } else {
                    let are = if r.expectations + r.paths == 1 {
                        "is the current answer"
                    } else {
                        "are the current answers"
                    };
                    outln!(out, "{file}: unchanged, its {what} {are}");
                }
                for claim in &r.overturned {
                    errln!(
                        "{file}: warning: replaced a failing expectation: {}",
                        safe(claim)
                    );
                }
                for claim in &r.stale {
                    errln!("{file}: warning: may be stale now: {}", safe(claim));
                }
            }
            Err(why) => {
                errln!("{file}: not recorded: {}", safe_lines(&why));
                refused += 1;
            }
        }
    }
    let code = if refused == 0 {
        ExitCode::SUCCESS
    } else {
        errln!(
            "{refused} of {} not recorded (left as they were)",
            super::check::files_counted(args.files.len())
        );
        ExitCode::FAILURE
    };
    out.exit("sweepscope check", code)
}

/// Records the expectations of the scene file at `path`, or says why not (the file is then
/// left as it was).
pub fn record_file(path: &Path) -> Result<Recorded, String> {
    record_file_then(path, || {})
}

/// [`record_file`], with `meanwhile` run after the file is read and evaluated and before it
/// is written (where another program's edit may land).
fn record_file_then(path: &Path, meanwhile: impl FnOnce()) -> Result<Recorded, String> {
    let file = path.display().to_string();
    let text = read_scene_text(path).map_err(|e| match e.line {
        // Unreadable, too big, not a regular file: the message names no position.
        None => e.message,
        Some(_) => format!("it does not load:\n{e}"),
    })?;
    let mut scene = parse_scene_all(&text, &file).map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
        format!("it does not load:\n{}", lines.join("\n"))
    })?;
    let balls = scene.objects.iter().filter(|o| o.shape.is_ball()).count();
    let pairs = balls.saturating_mul(scene.objects.len() - balls);
    if pairs > MAX_EXPECTATIONS {
        return Err(format!(
            "it has {pairs} ball × obstacle pairs ({balls} {}), one expectation each; a \
             scene may hold at most {MAX_EXPECTATIONS} (MAX_EXPECTATIONS)",
            if balls == 1 { "ball" } else { "balls" }
        ));
    }
    let evaluation = evaluate(&scene);
    let recorded = record(&scene, &evaluation);
    let recorded_paths = record_paths(&scene, &evaluation);
    let mut stale = Vec::new();
    for (field, text) in [
        ("name", &scene.name),
        ("description", &scene.description),
        ("notes", &scene.notes),
    ] {
        for claim in stale_claims(text, &scene.expect, &recorded) {
            stale.push(format!("{field}: {claim}"));
        }
    }
    let hits = recorded.iter().filter(|e| e.hit).count();
    let result = Recorded {
        expectations: recorded.len(),
        paths: recorded_paths.len(),
        hits,
        misses: recorded.len() - hits,
        replaced: scene.expect.len(),
        changed: false,
        stale,
        overturned: evaluation
            .expectations
            .iter()
            .filter(|e| !e.passed())
            .map(|e| e.summary())
            .chain(
                evaluation
                    .path_expectations
                    .iter()
                    .filter(|e| !e.passed())
                    .map(|e| e.summary()),
            )
            .collect(),
    };
    scene.expect = recorded;
    scene.expect_paths = recorded_paths;
    // The lists spliced into the file's text; a file whose text cannot take them (not one
    // scene in parentheses) is rewritten whole when that loses no comment.
    let spliced = replace_expect(&text, &scene.expect)
        .and_then(|t| replace_expect_paths(&t, &scene.expect_paths));
    let new_text = match spliced {
        Some(t) => t,
        None if !has_comments(&text) => scene_to_string(&scene),
        None => {
            return Err(
                "its text is not laid out as one scene in parentheses, and rewriting it \
                 whole would drop its comments"
                    .to_owned(),
            );
        }
    };
    // What is written must load, be this scene and pass: judged on the text itself, as
    // `check` will, size limit included.
    if new_text.len() as u64 > MAX_SCENE_BYTES {
        return Err(format!(
            "with its expectations the file would be {} bytes, past the {} MiB a scene file \
             may be (MAX_SCENE_BYTES)",
            new_text.len(),
            MAX_SCENE_BYTES / (1024 * 1024)
        ));
    }
    let back = parse_scene_all(&new_text, &file).map_err(|errors| {
        format!(
            "the rewritten scene would not load back ({}); this is a bug",
            errors.first().map_or_else(String::new, ToString::to_string)
        )
    })?;
    if back != scene {
        return Err("the rewritten scene would differ from the file beyond its \
                    expectations; this is a bug"
            .to_owned());
    }
    let judged = evaluate(&back);
    let failed = (judged
        .expectations
        .iter()
        .find(|e| !e.passed())
        .map(ToString::to_string))
    .or_else(|| {
        (judged.path_expectations.iter())
            .find(|e| !e.passed())
            .map(ToString::to_string)
    });
    if let Some(failed) = failed {
        return Err(format!(
            "the recorded expectations would not pass ({failed}); this is a bug"
        ));
    }
    if new_text == text {
        return Ok(result);
    }
    // An edit made to the file while it was evaluated (seconds, for a large scene) would
    // be lost under the recorded text: the file must still be what was read.
    meanwhile();
    match read_scene_text(path) {
        Ok(now) if now == text => {}
        _ => {
            return Err(
                "it changed on disk while it was being recorded; nothing was written \
                        (run the record again)"
                    .to_owned(),
            );
        }
    }
    write_atomically(path, new_text.as_bytes()).map_err(|e| format!("cannot save: {e}"))?;
    Ok(Recorded {
        changed: true,
        ..result
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hostile test: `check --record` on a scene that takes seconds to evaluate wrote its
    /// text over an edit made to the file meanwhile, and said it had recorded. It refuses,
    /// and the edit stays.
    #[test]
    fn an_edit_made_while_recording_is_kept_and_the_record_refused() {
        let dir =
            std::env::temp_dir().join(format!("sweepscope-record-race-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let file = dir.join("race.ron");
        let text = crate::scene::scene_to_string(&crate::scene::builtin::default_scene());
        let text = text.replace("    expect: [", "    expect: [\n        // stale");
        std::fs::write(&file, &text).unwrap_or_else(|e| panic!("{e}"));
        let edited = format!("// the user's edit\n{text}");
        let err = record_file_then(&file, || {
            std::fs::write(&file, &edited).unwrap_or_else(|e| panic!("{e}"));
        })
        .err()
        .unwrap_or_default();
        assert!(
            err.contains("changed on disk while it was being recorded"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap_or_default(), edited);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
