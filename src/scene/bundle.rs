//! Bug reports, everything but the pixels: the texts of `scene.ron` and `report.md`
//! ([`bundle_text`]) and the folder that holds them ([`write_bundle`]), which appears whole or
//! not at all. The debugger's File › Bug report and `sweepscope report` both write through
//! here, so the two cannot differ; neither needs a window for the texts. `screenshot.png`
//! comes from whoever has the pixels (the window), and a report written without a display
//! says that it has none.
//!
//! What `scene.ron` holds:
//! - the scene as on screen, camera included;
//! - from the simulation view, the simulation **as it is on screen**: every disc's current
//!   position and velocity become the set-up, so opening the file shows the screenshot's
//!   state at t = 0 of its run (the report says at which time of the original run it was
//!   taken and what happened before);
//! - beside it, once the run has left its set-up, `scene-start.ron`: the same scene with
//!   the set-up the run started from, so that what happened before (the events and the
//!   published loop's divergences the report lists) can be played again up to the state
//!   on screen;
//! - as its `expect` list, the exact answers on screen ([`crate::scene::evaluate::record`]), so
//!   `sweepscope check scene.ron` passes on the bundle and fails once the answers change; the
//!   scene's own expectations are judged in `report.md` (PASS or FAIL), and any that fail
//!   are quoted in the notes, as a claim the file no longer makes;
//! - its notes, followed by what the user wrote and any text found stale.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::evaluate::{Evaluation, record, record_paths};
use super::io::scene_to_string;
use super::limits::{MAX_EXPECTATIONS, MAX_SCENE_BYTES};
use super::model::{Scene, Simulation};
use super::number::{energy, fixed, fixed_f64};
use super::report;
use crate::cli::terminal::{safe, safe_document};

/// What the build and the machine are.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Environment {
    /// The crate's version.
    pub version: String,
    /// `git rev-parse HEAD` when the binary was built, or `unknown`.
    pub commit: String,
    /// OS family and architecture, and the distribution when it says.
    pub os: String,
    /// OpenGL renderer and version strings, when the window has a GL context.
    pub renderer: Option<String>,
}

impl Environment {
    /// This binary on this machine, with the renderer the window reported.
    pub fn current(renderer: Option<String>) -> Self {
        let mut os = format!("{} {}", std::env::consts::OS, std::env::consts::ARCH);
        if let Some(name) = os_release_name() {
            let _ = write!(os, " ({name})");
        }
        Self {
            version: env!("CARGO_PKG_VERSION").to_owned(),
            commit: env!("SWEEPSCOPE_GIT_COMMIT").to_owned(),
            os,
            renderer,
        }
    }
}

/// `PRETTY_NAME` of /etc/os-release, on systems that have one.
fn os_release_name() -> Option<String> {
    let text = std::fs::read_to_string("/etc/os-release").ok()?;
    let line = text.lines().find(|l| l.starts_with("PRETTY_NAME="))?;
    Some(line["PRETTY_NAME=".len()..].trim_matches('"').to_owned())
}

/// What the user wrote in the form; both may be empty.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UserWords {
    /// "What happened".
    pub happened: String,
    /// "What I expected".
    pub expected: String,
}

/// The simulation panel's numbers at the moment of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct SimSnapshot {
    /// Simulated time since the set-up the run started from.
    pub time: f64,
    /// Discs in the world.
    pub discs: usize,
    /// Collisions so far, of every kind.
    pub collisions: u64,
    /// Disc–disc collisions so far.
    pub disc_disc: u64,
    /// Disc–wall collisions so far.
    pub disc_wall: u64,
    /// Disc–obstacle collisions so far.
    pub disc_obstacle: u64,
    /// Kinetic energy now.
    pub energy: f64,
    /// Kinetic energy of the set-up the run started from.
    pub energy_start: f64,
    /// Total momentum now.
    pub momentum: [f64; 2],
    /// Total momentum of the set-up the run started from.
    pub momentum_start: [f64; 2],
    /// The last rows of the event log, as the log shows them.
    pub last_events: Vec<String>,
    /// The published loop's divergences (empty when the comparison is off).
    pub divergences: Vec<String>,
    /// The published loop's largest position gap from the engine, when comparing.
    pub largest_gap: Option<f64>,
    /// When the state on screen is right after event `.0` of a group at one time, whose
    /// last is `.1`: a replay to that time lands after `.1`, not `.0`.
    pub mid_group: Option<(usize, usize)>,
    /// Whether the published-loop comparison was on.
    pub comparing: bool,
    /// What the run has that the published loop knows nothing of (obstacles, a
    /// restitution below 1), so that its positions part from the engine's by design
    /// (`variants::loop_comparison::unlike_published`).
    pub unlike_published: Option<String>,
    /// The selected disc's lines in the panel, if one is selected.
    pub selected: Vec<String>,
    /// The state on screen as a set-up (see the module docs).
    pub state: Simulation,
    /// The set-up the run started from (at `time` 0).
    pub start: Simulation,
}

/// Which view the report was taken from, with what it shows beyond the scene.
#[derive(Clone, Debug, PartialEq)]
pub enum ViewState {
    /// The sweep view.
    Sweep {
        /// The ball the inspector shows.
        ball: Option<String>,
        /// The scrubber's time.
        t: f32,
    },
    /// The simulation view, with its panel's numbers when the scene has a simulation.
    Simulation(Option<Box<SimSnapshot>>),
}

/// Everything a bug report is made of, except the pixels.
pub struct BundleInput<'a> {
    /// The scene as on screen (with the camera).
    pub scene: &'a Scene,
    /// Its evaluation (the one the inspector shows).
    pub evaluation: &'a Evaluation,
    /// The view on screen.
    pub view: ViewState,
    /// What the user wrote.
    pub words: &'a UserWords,
    /// The build and the machine.
    pub env: &'a Environment,
    /// Claims of the scene's text that the answers no longer give (see
    /// [`crate::scene::expect::stale_claims`]).
    pub stale: &'a [String],
    /// When, as `YYYYmmdd-HHMMSS` UTC.
    pub stamp: &'a str,
    /// Whether the folder holds `screenshot.png` (false: written without a display).
    pub screenshot: bool,
}

/// The name of the set-up file beside `scene.ron` (see the module docs).
pub const START_FILE: &str = "scene-start.ron";

/// The texts of a bug report's files.
#[derive(Clone, Debug, PartialEq)]
pub struct BundleTexts {
    /// `scene.ron`: the scene as on screen.
    pub scene_ron: String,
    /// `report.md`.
    pub report_md: String,
    /// [`START_FILE`]: from the simulation view once the run has left its set-up, the scene
    /// with that set-up.
    pub start_ron: Option<String>,
}

/// Whether the answers on screen went into `scene.ron` as its expectations, or why not:
/// the file must stay one that loads (`check` refused the report's own scene when it held
/// 99,999 expectations or grew past the size limit).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Recorded {
    Yes,
    /// More pairs than a scene may hold expectations.
    TooMany(usize),
    /// With them the file would be this many bytes, past [`MAX_SCENE_BYTES`].
    TooBig(usize),
}

/// The texts of `scene.ron`, `report.md` and, when there is one, [`START_FILE`].
pub fn bundle_text(input: &BundleInput) -> BundleTexts {
    let mut scene = input.scene.clone();
    let balls = scene.objects.iter().filter(|o| o.shape.is_ball()).count();
    let pairs = balls.saturating_mul(scene.objects.len() - balls);
    let mut recorded = if pairs > MAX_EXPECTATIONS {
        Recorded::TooMany(pairs)
    } else {
        scene.expect = record(&scene, input.evaluation);
        scene.expect_paths = record_paths(&scene, input.evaluation);
        Recorded::Yes
    };
    let mut start_ron = None;
    if let ViewState::Simulation(Some(sim)) = &input.view {
        // A run still at its set-up has nothing before the state on screen to replay.
        if sim.time > 0.0 {
            let mut start = scene.clone();
            start.simulation = Some(sim.start.clone());
            start.notes = start_notes(input, sim);
            start_ron = Some(scene_to_string(&start));
        }
        scene.simulation = Some(sim.state.clone());
    }
    scene.notes = bundle_notes(input, recorded == Recorded::Yes);
    let mut scene_ron = scene_to_string(&scene);
    if recorded == Recorded::Yes && scene_ron.len() as u64 > MAX_SCENE_BYTES {
        recorded = Recorded::TooBig(scene_ron.len());
        scene.expect = input.scene.expect.clone();
        scene.expect_paths = input.scene.expect_paths.clone();
        scene.notes = bundle_notes(input, false);
        scene_ron = scene_to_string(&scene);
    }
    // Still past the limit (a scene at it, grown by the report's notes): the notes are cut
    // to what fits, so that scene.ron loads and holds the geometry to reproduce; report.md
    // says so, and the file the report was made from keeps them whole.
    let cut = fit_notes(&mut scene, &mut scene_ron);
    if let Some(start) = &mut start_ron
        && start.len() as u64 > MAX_SCENE_BYTES
        && let Ok(mut s) = crate::scene::parse_scene(start, START_FILE)
    {
        fit_notes(&mut s, start);
    }
    let mut report_md = report_md(input, &scene, start_ron.is_some(), recorded);
    if let Some(bytes) = cut {
        report_md = report_md.replacen(
            "## On screen",
            &format!(
                "- scene.ron's notes are cut by {bytes} bytes: whole, they would take it past \
                 the {} MiB a scene file may be (MAX_SCENE_BYTES).\n\n## On screen",
                MAX_SCENE_BYTES / (1024 * 1024)
            ),
            1,
        );
    }
    BundleTexts {
        report_md,
        scene_ron,
        start_ron,
    }
}

/// Cuts `scene`'s notes until its text, `text` (rewritten here), fits in
/// [`MAX_SCENE_BYTES`]; how many bytes of notes went, if any.
fn fit_notes(scene: &mut Scene, text: &mut String) -> Option<usize> {
    let whole = scene.notes.len();
    for _ in 0..8 {
        let over = (text.len() as u64).saturating_sub(MAX_SCENE_BYTES) as usize;
        if over == 0 {
            break;
        }
        let marker = format!("\n[notes cut here by the bug report: {over} bytes and more]");
        let keep = scene.notes.len().saturating_sub(over + marker.len() + 64);
        let keep = (0..=keep)
            .rev()
            .find(|&k| scene.notes.is_char_boundary(k))
            .unwrap_or(0);
        scene.notes.truncate(keep);
        scene.notes.push_str(&marker);
        *text = scene_to_string(scene);
    }
    (scene.notes.len() != whole || text.len() as u64 > MAX_SCENE_BYTES)
        .then(|| whole.saturating_sub(scene.notes.len()))
}

/// Lines a bug report writes into its scenes' notes, about that report: a report made from
/// a report's scene writes its own, and kept, the earlier ones stacked up, one set per
/// report.
const REPORT_LINES: [&str; 7] = [
    "Bug report ",
    "What happened: ",
    "What I expected: ",
    "The simulation is the state on screen at t = ",
    "The expectations are the answers on screen",
    "The scene expected otherwise, and the answer on screen replaced it: ",
    "The name, description or notes above may be stale; they state: ",
];

/// A scene's notes without the lines an earlier report wrote about itself: a report made
/// from a report's scene repeated "Played to t = 14.3 it reaches the state in scene.ron
/// beside this file", false of the new folder, and stacked each report's words.
fn own_notes(notes: &str) -> String {
    notes
        .lines()
        .filter(|l| !REPORT_LINES.iter().any(|p| l.starts_with(p)))
        .collect::<Vec<_>>()
        .join("\n")
        .trim_end()
        .to_owned()
}

/// The notes of [`START_FILE`]: the scene's own, and what the file is for.
fn start_notes(input: &BundleInput, sim: &SimSnapshot) -> String {
    let mut n = own_notes(&input.scene.notes);
    if !n.is_empty() {
        n.push_str("\n\n");
    }
    let _ = write!(
        n,
        "Bug report {}: the set-up the reported run started from. Played to t = {} it \
         reaches the state in scene.ron beside this file; report.md lists what happened on \
         the way.",
        input.stamp, sim.time
    );
    n
}

fn bundle_notes(input: &BundleInput, answers_recorded: bool) -> String {
    let mut n = own_notes(&input.scene.notes);
    if !n.is_empty() {
        n.push_str("\n\n");
    }
    let env = input.env;
    let _ = writeln!(
        n,
        "Bug report {} (sweepscope {}, commit {}); report.md beside this file has every number.",
        input.stamp, env.version, env.commit
    );
    for (title, text) in [
        ("What happened", &input.words.happened),
        ("What I expected", &input.words.expected),
    ] {
        if !text.trim().is_empty() {
            let _ = writeln!(n, "{title}: {}", text.trim());
        }
    }
    if let ViewState::Simulation(Some(sim)) = &input.view {
        let _ = writeln!(
            n,
            "The simulation is the state on screen at t = {} of the original run, as its set-up.",
            sim.time
        );
    }
    if answers_recorded && input.evaluation.pairs().next().is_some() {
        let _ = writeln!(
            n,
            "The expectations are the answers on screen; the scene's own are judged in report.md."
        );
    }
    // A replaced expectation that failed may be the very claim the report disputes: it
    // stays in the file, in words, with how to make the file assert it again.
    for r in input.evaluation.expectations.iter().filter(|r| !r.passed()) {
        let _ = writeln!(
            n,
            "The scene expected otherwise, and the answer on screen replaced it: {}. To make \
             this file fail until that holds, put that expectation back in `expect`.",
            r.summary()
        );
    }
    for r in (input.evaluation.path_expectations.iter()).filter(|r| !r.passed()) {
        let _ = writeln!(
            n,
            "The scene expected another path, and the path on screen replaced it: {}. To make \
             this file fail until that holds, put that expectation back in `expect_paths`.",
            r.summary()
        );
    }
    let mut n = n.trim_end().to_owned();
    if !input.stale.is_empty() {
        let _ = write!(
            n,
            "\nThe name, description or notes above may be stale; they state: {}.",
            input.stale.join("; ")
        );
    }
    n
}

/// The most `c`s in a row in `text`.
fn longest_run(text: &str, c: char) -> usize {
    let (mut best, mut run) = (0, 0);
    for d in text.chars() {
        run = if d == c { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

fn report_md(input: &BundleInput, bundled: &Scene, has_start: bool, recorded: Recorded) -> String {
    let scene = input.scene;
    let mut md = String::new();
    // Names are the user's: a line break in one would start a line of the report's own,
    // and what else does not print is escaped with the rest of the report at the end.
    let name = if scene.name.is_empty() {
        "(unnamed scene)".into()
    } else {
        safe(&scene.name)
    };
    let _ = writeln!(md, "# Bug report: {name}\n");
    for (title, text) in [
        ("What happened", &input.words.happened),
        ("What I expected", &input.words.expected),
    ] {
        let text = text.trim();
        let text = if text.is_empty() { "(not given)" } else { text };
        // Characters that do not print (an escape, a bell) would run on the terminal of
        // whoever `cat`s the report: written as their escapes.
        let text: String = text
            .chars()
            .flat_map(|c| {
                let hidden = c.is_control() && !matches!(c, '\n' | '\t');
                let escaped = if hidden {
                    c.escape_unicode().to_string()
                } else {
                    c.to_string()
                };
                escaped.chars().collect::<Vec<_>>()
            })
            .collect();
        if text == "(not given)" {
            let _ = writeln!(md, "## {title}\n\n{text}\n");
        } else {
            // In a fence, as typed: the user's words are plain text, and as Markdown a
            // line "# …" became a heading of the report, `*`, `|` and `<b>` formatting.
            // The fence is longer than any run of backticks in the text, so nothing in
            // it closes the fence.
            let fence = "`".repeat(longest_run(&text, '`').max(2) + 1);
            let _ = writeln!(md, "## {title}\n\n{fence}text\n{text}\n{fence}\n");
        }
    }
    let _ = writeln!(md, "## Reproduce\n");
    let sim_view = matches!(input.view, ViewState::Simulation(_));
    // The sweep view's state beyond the scene (the inspected ball, the scrubber's time)
    // is in the command: the scene file holds neither, and opened bare it showed another
    // ball at t = 1 than the screenshot.
    let open = match &input.view {
        ViewState::Simulation(_) => "sweepscope scene.ron --sim".to_owned(),
        ViewState::Sweep { ball, t } => {
            let mut open = "sweepscope scene.ron".to_owned();
            if let Some(word) = ball.as_deref().and_then(shell_word) {
                let _ = write!(open, " --select {word}");
            }
            if *t != 1.0 {
                let _ = write!(open, " --at {t}");
            }
            open
        }
    };
    if input.screenshot && has_start {
        let _ = writeln!(
            md,
            "- `{open}` opens the discs as `screenshot.png` shows them, as the set-up of a new \
             run (its clock at 0, with no events or plots yet)."
        );
    } else if input.screenshot {
        let _ = writeln!(
            md,
            "- `{open}` opens the scene as `screenshot.png` shows it."
        );
    } else {
        let _ = writeln!(
            md,
            "- `{open}` opens the scene (there is no `screenshot.png`: this report was \
             written without a display)."
        );
    }
    if let (true, ViewState::Simulation(Some(sim))) = (has_start, &input.view) {
        // The command's time is the run's own, digit for digit: a rounded one stops short
        // of the state on screen or beyond it.
        let t = sim.time;
        let compare = if sim.comparing {
            " Tick *Compare with published loop* there (the command leaves it off) to see the \
             divergences listed below again."
        } else {
            ""
        };
        let _ = writeln!(
            md,
            "- `sweepscope {START_FILE} --sim-advance {t}` replays the run from the set-up it \
             started from to the state on screen, through the events listed below.{compare} \
             `sweepscope sim {START_FILE} --time {t}` runs it without a window."
        );
        if let Some((k, last)) = sim.mid_group {
            let steps = last - k;
            let _ = writeln!(
                md,
                "- The state on screen is right after event #{k}, but #{} to #{last} happen at \
                 this same time: a replay to t = {t} lands after #{last}. Press *Previous \
                 event* {steps} time{} there to reach #{k}.",
                k + 1,
                if steps == 1 { "" } else { "s" }
            );
        }
    }
    let _ = match (recorded, bundled.expect.len()) {
        (Recorded::TooMany(pairs), _) => writeln!(
            md,
            "- `sweepscope check scene.ron` loads and validates it; the {pairs} answers on \
             screen are not recorded in it, since a scene holds at most {MAX_EXPECTATIONS} \
             expectations (MAX_EXPECTATIONS).\n"
        ),
        (Recorded::TooBig(bytes), _) => writeln!(
            md,
            "- `sweepscope check scene.ron` loads and validates it; the answers on screen are \
             not recorded in it, since with them it would be {bytes} bytes, past the {} MiB a \
             scene file may be (MAX_SCENE_BYTES).\n",
            MAX_SCENE_BYTES / (1024 * 1024)
        ),
        (Recorded::Yes, 0) => writeln!(
            md,
            "- `sweepscope check scene.ron` loads and validates it (it has no ball × obstacle \
             pair whose answer could be recorded).\n"
        ),
        (Recorded::Yes, n) => {
            let paths = match bundled.expect_paths.len() {
                0 => String::new(),
                1 => " and the ball's path".to_owned(),
                k => format!(" and the {k} balls' paths"),
            };
            writeln!(
                md,
                "- `sweepscope check scene.ron` checks the {n} answer{} on screen{paths}, \
                 recorded in it as expectations.\n",
                if n == 1 { "" } else { "s" }
            )
        }
    };
    let _ = writeln!(md, "## On screen\n");
    match &input.view {
        ViewState::Sweep { ball, t } => {
            let ball = ball.as_deref().map_or("(no ball)".into(), safe);
            let _ = writeln!(
                md,
                "- view: sweep\n- inspected ball: {ball}\n- scrubber: t = {}\n",
                fixed(*t)
            );
        }
        ViewState::Simulation(None) => {
            let _ = writeln!(
                md,
                "- view: simulation (the scene has no disc simulation)\n"
            );
        }
        ViewState::Simulation(Some(sim)) => simulation_section(&mut md, sim),
    }
    if !input.stale.is_empty() {
        let _ = writeln!(md, "## Possibly stale text\n");
        let _ = writeln!(
            md,
            "The scene's name, description or notes state answers the scene no longer gives:\n"
        );
        for claim in input.stale {
            let _ = writeln!(md, "- {}", safe(claim));
        }
        md.push('\n');
    }
    let _ = writeln!(md, "## Build and system\n");
    let env = input.env;
    let _ = writeln!(md, "- sweepscope {}", env.version);
    let _ = writeln!(md, "- commit: {}", env.commit);
    let _ = writeln!(md, "- OS: {}", env.os);
    let _ = writeln!(
        md,
        "- OpenGL: {}",
        match (&env.renderer, input.screenshot) {
            (Some(r), _) => r.as_str(),
            (None, true) => "(not known)",
            (None, false) => "(none: no window was opened)",
        }
    );
    let _ = writeln!(md, "- written: {} UTC\n", input.stamp);
    if input.evaluation.expectations.is_empty() && input.evaluation.path_expectations.is_empty() {
        let _ = writeln!(
            md,
            "## Expectations\n\nThe scene asserts nothing (it has no `expect` or \
             `expect_paths` entries).\n"
        );
    }
    // The readout: every pair, path and variant, and the scene's expectations with PASS or
    // FAIL — the inspector's numbers, from the same evaluation. A simulation without balls
    // has none of them.
    if !(sim_view && input.evaluation.balls.is_empty()) {
        md.push_str(&demoted(&report::render(scene, input.evaluation)));
    }
    // Everything that does not print, wherever a name or the OS put it (an escape would
    // run on the terminal of whoever `cat`s the report, a right-to-left override reorders
    // what a reader sees), as its escape; line breaks and tabs are the report's layout.
    safe_document(&md).into_owned()
}

/// A Markdown document's headings one level down, to sit inside another: the report has
/// one title ("# Bug report: …"), and the readout's "# Scene: …" made it two.
fn demoted(md: &str) -> String {
    let mut out = String::with_capacity(md.len() + 64);
    for line in md.split_inclusive('\n') {
        if line.starts_with('#') {
            out.push('#');
        }
        out.push_str(line);
    }
    out
}

fn simulation_section(md: &mut String, sim: &SimSnapshot) {
    let rel = |now: f64, start: f64| {
        if start.abs() > 0.0 {
            format!("{:+.3e} relative", (now - start) / start)
        } else {
            format!("{:+.3e}", now - start)
        }
    };
    let [px, py] = sim.momentum;
    let [sx, sy] = sim.momentum_start;
    let pair = |x: f64, y: f64| format!("({}, {})", fixed_f64(x), fixed_f64(y));
    let _ = writeln!(md, "- view: simulation");
    let _ = writeln!(md, "- time: t = {} since the set-up", fixed_f64(sim.time));
    let _ = writeln!(md, "- discs: {}", sim.discs);
    let _ = writeln!(
        md,
        "- collisions: {} (disc {}, wall {}, obstacle {})",
        sim.collisions, sim.disc_disc, sim.disc_wall, sim.disc_obstacle
    );
    // Below restitution 1 the collisions take energy: that is no drift of the engine.
    let change = if sim.state.restitution < 1.0 {
        format!(
            "change {}, the collisions' loss at restitution {}",
            rel(sim.energy, sim.energy_start),
            fixed_f64(sim.state.restitution)
        )
    } else {
        format!("drift {}", rel(sim.energy, sim.energy_start))
    };
    let _ = writeln!(
        md,
        "- kinetic energy: {} (at the set-up {}; {change})",
        energy(sim.energy),
        energy(sim.energy_start),
    );
    let _ = writeln!(
        md,
        "- momentum: {} (at the set-up {}; change {}, which walls and obstacles take part \
         in)",
        pair(px, py),
        pair(sx, sy),
        pair(px - sx, py - sy)
    );
    if !sim.selected.is_empty() {
        let _ = writeln!(md, "- selected: {}", sim.selected.join("; "));
    }
    md.push('\n');
    let _ = writeln!(md, "### Last events\n");
    if sim.last_events.is_empty() {
        let _ = writeln!(md, "None yet.");
    }
    for e in &sim.last_events {
        let _ = writeln!(md, "- `{e}`");
    }
    md.push('\n');
    let _ = writeln!(md, "### Divergences from the published loop\n");
    if !sim.comparing {
        let _ = writeln!(md, "The comparison was off.");
    } else {
        let n = sim.divergences.len();
        let gap = sim.largest_gap.map_or(String::new(), |g| {
            format!(
                "; largest position gap between its discs and the engine's: {}",
                fixed_f64(g)
            )
        });
        if let Some(why) = &sim.unlike_published {
            let _ = writeln!(md, "**Not like for like:** {why}.\n");
        }
        // A divergence is one of the loop's own failures, not a gap in positions.
        let _ = match n {
            0 => writeln!(
                md,
                "None of the loop's failures so far (NaN velocity, escape, skipped contact \
                 at t = 0, stalled frame){gap}.\n"
            ),
            1 => writeln!(md, "1 divergence{gap}:\n"),
            n => writeln!(md, "{n} divergences, the first at the top{gap}:\n"),
        };
    }
    for d in &sim.divergences {
        let _ = writeln!(md, "- {d}");
    }
    md.push('\n');
}

/// Writes `screenshot.png` (from `png`, when there is one), `scene.ron`, `report.md` and
/// [`START_FILE`] (when there is one) into `dir`, which must not exist yet. They are written into a hidden folder beside it that is renamed into place
/// at the end, so a failure (a full disk, a folder that cannot be written) leaves no
/// half-written report behind.
pub fn write_bundle(dir: &Path, png: Option<&[u8]>, texts: &BundleTexts) -> Result<(), String> {
    let show = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
    let parent = dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent).map_err(|e| show(parent, e))?;
    let name = dir
        .file_name()
        .map_or_else(|| "bug-report".into(), |n| n.to_string_lossy().into_owned());
    let staging = parent.join(format!(
        ".{}.partial-{}",
        crate::atomic_file::name_prefix(&name),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&staging);
    let written = (|| {
        // Named as the folder asked for: the hidden one beside it is ours, not the user's.
        std::fs::create_dir(&staging)
            .map_err(|e| show(dir, crate::atomic_file::creating_in(e, &staging)))?;
        let files = [
            ("screenshot.png", png),
            ("scene.ron", Some(texts.scene_ron.as_bytes())),
            ("report.md", Some(texts.report_md.as_bytes())),
            (START_FILE, texts.start_ron.as_deref().map(str::as_bytes)),
        ];
        for (file, bytes) in files.iter().filter_map(|(f, b)| Some((f, (*b)?))) {
            let p = staging.join(file);
            write_synced(&p, bytes).map_err(|e| show(&p, e))?;
        }
        std::fs::rename(&staging, dir).map_err(|e| show(dir, e))
    })();
    if written.is_err() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    written
}

fn write_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut f = std::fs::File::create(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// A folder name under `base` that does not exist yet: `stem`, else `stem-2`, `stem-3`, ...
pub fn fresh_path(base: &Path, stem: &str, extension: &str) -> PathBuf {
    let name = |k: usize| {
        let suffix = if k < 2 {
            String::new()
        } else {
            format!("-{k}")
        };
        if extension.is_empty() {
            format!("{stem}{suffix}")
        } else {
            format!("{stem}{suffix}.{extension}")
        }
    };
    (1..10_000)
        .map(|k| base.join(name(k)))
        .find(|p| !p.exists())
        .unwrap_or_else(|| base.join(name(0)))
}

/// `YYYYmmdd-HHMMSS` in UTC from seconds since the Unix epoch.
pub fn timestamp(unix_secs: u64) -> String {
    let days = (unix_secs / 86_400) as i64;
    let rem = unix_secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// Now, as [`timestamp`] writes it.
pub fn now_stamp() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    timestamp(secs)
}

/// Gregorian date of a day count since 1970-01-01 (days-from-civil, inverted).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// `s` as one shell word: as it is when it is plain, else in single quotes (a quote
/// inside written `'\''`). `None` for a name with control characters, which a command in
/// a report cannot show as typed.
fn shell_word(s: &str) -> Option<String> {
    if s.chars().any(char::is_control) {
        return None;
    }
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.,/:@%+=-".contains(c));
    Some(if plain {
        s.to_owned()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{builtin, evaluate, parse_scene};

    fn env() -> Environment {
        Environment {
            version: "9.9.9".into(),
            commit: "abc123".into(),
            os: "linux x86_64".into(),
            renderer: Some("llvmpipe".into()),
        }
    }

    /// User test: the words typed into the report went into report.md as Markdown: a
    /// line "# second line" became a heading of the report on GitHub, `*left*` italics
    /// and `<b>` bold. They are fenced as typed, the fence longer than any run of
    /// backticks in them.
    /// Outside test: report.md said `sweepscope scene.ron` opens the scene as the
    /// screenshot shows it, but the scene holds neither the inspected ball nor the
    /// scrubber's time: it opened on another ball at t = 1. The command names both.
    #[test]
    fn the_reproduce_command_reopens_the_inspected_ball_at_the_scrubbers_time() {
        let scene = builtin::default_scene();
        let ev = evaluate(&scene);
        let words = UserWords {
            happened: String::new(),
            expected: String::new(),
        };
        let md = |ball: &str, t: f32| {
            bundle_text(&BundleInput {
                scene: &scene,
                evaluation: &ev,
                view: ViewState::Sweep {
                    ball: Some(ball.into()),
                    t,
                },
                words: &words,
                env: &env(),
                stale: &[],
                stamp: "20261122-061627",
                screenshot: true,
            })
            .report_md
        };
        let text = md("ball2", 0.03);
        assert!(
            text.contains("- `sweepscope scene.ron --select ball2 --at 0.03` opens the scene as"),
            "{text}"
        );
        let text = md("it's a ball", 1.0);
        assert!(
            text.contains("- `sweepscope scene.ron --select 'it'\\''s a ball'` opens"),
            "{text}"
        );
        assert_eq!(shell_word("a\u{1b}[31m"), None);
    }

    #[test]
    fn the_users_words_are_fenced_as_typed() {
        let scene = builtin::default_scene();
        let ev = evaluate(&scene);
        let typed = "Ball hits the *left* face | t=0.711 <b>x</b> ```code```\n# second line";
        let words = UserWords {
            happened: typed.into(),
            expected: "``".into(),
        };
        let md = bundle_text(&BundleInput {
            scene: &scene,
            evaluation: &ev,
            view: ViewState::Sweep {
                ball: Some("ball".into()),
                t: 0.25,
            },
            words: &words,
            env: &env(),
            stale: &[],
            stamp: "20261122-061627",
            screenshot: true,
        })
        .report_md;
        assert!(
            md.contains(&format!("## What happened\n\n````text\n{typed}\n````\n")),
            "{md}"
        );
        assert!(
            md.contains("## What I expected\n\n```text\n``\n```\n"),
            "{md}"
        );
        // Outside the fences, the report's own title is its only "# " heading.
        let mut fence: Option<&str> = None;
        let mut titles = 0;
        for line in md.lines() {
            match fence {
                Some(f) if line == f => fence = None,
                Some(_) => {}
                None if line.starts_with("```") => {
                    fence = Some(line.trim_end_matches(|c: char| c.is_ascii_alphabetic()));
                }
                None => titles += usize::from(line.starts_with("# ")),
            }
        }
        assert_eq!(titles, 1, "{md}");
    }

    #[test]
    fn timestamps_by_hand() {
        assert_eq!(timestamp(0), "19700101-000000");
        // 2000-02-29 12:34:56 UTC = 951827696.
        assert_eq!(timestamp(951_827_696), "20000229-123456");
        // 2026-11-22 06:16:27 UTC.
        assert_eq!(timestamp(1_795_328_187), "20261122-061627");
    }

    #[test]
    fn the_sweep_bundle_holds_the_answers_on_screen_and_the_users_words() {
        let mut scene = builtin::default_scene();
        // Moved since the description was written: the corner contact is no longer at 0.4.
        if let crate::scene::Shape::Ball { start, .. } = &mut scene.objects[0].shape {
            start.y = 60.0;
        }
        let ev = evaluate(&scene);
        let words = UserWords {
            happened: "The ball stops early.".into(),
            expected: String::new(),
        };
        let stale = vec!["0.4 (ball vs box: was t = 0.4, now t = 0.52)".to_owned()];
        let BundleTexts {
            scene_ron: ron,
            report_md: md,
            start_ron,
        } = bundle_text(&BundleInput {
            scene: &scene,
            evaluation: &ev,
            view: ViewState::Sweep {
                ball: Some("ball".into()),
                t: 0.25,
            },
            words: &words,
            env: &env(),
            stale: &stale,
            stamp: "20261122-061627",
            screenshot: true,
        });
        assert_eq!(start_ron, None, "a sweep view has no set-up to replay");
        let back = parse_scene(&ron, "scene.ron").unwrap_or_else(|e| panic!("{e}\n{ron}"));
        assert_eq!(back.objects, scene.objects);
        let judged = evaluate(&back);
        assert!(!judged.expectations.is_empty());
        assert!(judged.expectations_hold(), "{:?}", judged.expectations);
        assert!(back.notes.contains("What happened: The ball stops early."));
        // The scene's own failing expectation is quoted, not lost (it asserted 0.4).
        assert!(
            back.notes.contains("The scene expected otherwise")
                && back.notes.contains("expect[0] ball vs box: time"),
            "{}",
            back.notes
        );
        assert!(back.notes.contains("may be stale"), "{}", back.notes);
        // One title; the readout's own headings sit under it.
        assert_eq!(
            md.lines().filter(|l| l.starts_with("# ")).count(),
            1,
            "{md}"
        );
        assert!(md.contains("\n## Scene: "), "{md}");
        for wanted in [
            "## What happened\n\n```text\nThe ball stops early.\n```",
            "## What I expected\n\n(not given)",
            "- inspected ball: ball\n- scrubber: t = 0.25",
            "- commit: abc123",
            "- OpenGL: llvmpipe",
            "## Possibly stale text",
            "FAIL expect[0] ball vs box",
            "| ball | box (box) | yes |",
        ] {
            assert!(md.contains(wanted), "missing {wanted:?} in\n{md}");
        }
    }

    /// User test: a report made from a report's scene stacked the earlier report's words
    /// ("What happened: …", the stale-text line) under its own, one set per report.
    #[test]
    fn a_report_of_a_reports_scene_keeps_one_set_of_report_lines() {
        let mut scene = builtin::default_scene();
        scene.notes = "My own note.".into();
        let report = |scene: &Scene, happened: &str| {
            let words = UserWords {
                happened: happened.into(),
                expected: "It slides.".into(),
            };
            let texts = bundle_text(&BundleInput {
                scene,
                evaluation: &evaluate(scene),
                view: ViewState::Sweep {
                    ball: Some("ball".into()),
                    t: 0.25,
                },
                words: &words,
                env: &env(),
                stale: &["0.4 (was t = 0.4)".to_owned()],
                stamp: "20261127-101010",
                screenshot: true,
            });
            parse_scene(&texts.scene_ron, "scene.ron").unwrap_or_else(|e| panic!("{e}"))
        };
        let first = report(&scene, "It stops.");
        let second = report(&first, "It stops again.");
        let n = &second.notes;
        for (line, times) in [
            ("My own note.", 1),
            ("Bug report ", 1),
            ("What happened: ", 1),
            ("What I expected: ", 1),
            ("The name, description or notes above may be stale", 1),
        ] {
            assert_eq!(n.matches(line).count(), times, "{line:?} in\n{n}");
        }
        assert!(n.contains("What happened: It stops again."), "{n}");
    }

    /// Robustness attack: a report of a scene with 99,999 pairs wrote them all into
    /// `scene.ron` as expectations, past what a scene may hold, and `check` refused the
    /// report's own scene (while report.md said it checked them); one whose expectations
    /// pushed it past 16 MiB did the same. The answers stay out, and report.md says why.
    #[test]
    fn a_report_never_writes_a_scene_that_does_not_load() {
        use crate::scene::model::{Object, Shape};
        let mut scene = Scene::empty("many");
        scene.objects.push(Object {
            name: "ball".into(),
            shape: Shape::Ball {
                start: glam::Vec2::ZERO,
                end: glam::Vec2::new(0.0, 100.0),
                radius: 1.0,
            },
        });
        for j in 0..=MAX_EXPECTATIONS {
            let y = j as f32 * 10.0 + 5.0;
            scene.objects.push(Object {
                name: format!("o{j}"),
                shape: Shape::Box {
                    min: glam::Vec2::new(-5.0, y),
                    max: glam::Vec2::new(5.0, y + 1.0),
                },
            });
        }
        let ev = evaluate(&scene);
        let texts = bundle_text(&BundleInput {
            scene: &scene,
            evaluation: &ev,
            view: ViewState::Sweep {
                ball: Some("ball".into()),
                t: 0.0,
            },
            words: &UserWords::default(),
            env: &env(),
            stale: &[],
            stamp: "20261127-000000",
            screenshot: false,
        });
        let back = parse_scene(&texts.scene_ron, "scene.ron").unwrap_or_else(|e| panic!("{e}"));
        assert!(back.expect.is_empty());
        assert!(
            !back
                .notes
                .contains("The expectations are the answers on screen")
        );
        assert!(
            texts.report_md.contains(
                "the 10001 answers on screen are not recorded in it, since a scene holds at \
                 most 10000 expectations (MAX_EXPECTATIONS)"
            ),
            "{}",
            texts.report_md
        );
    }

    /// The texts of a report from the sweep view on `scene`'s ball "ball", with `words`.
    fn sweep_report(scene: &Scene, words: UserWords) -> BundleTexts {
        report_on(scene, &words, "ball", &[])
    }

    /// [`sweep_report`] inspecting `ball`, with `stale` claims flagged.
    fn report_on(scene: &Scene, words: &UserWords, ball: &str, stale: &[String]) -> BundleTexts {
        let ev = evaluate(scene);
        bundle_text(&BundleInput {
            scene,
            evaluation: &ev,
            view: ViewState::Sweep {
                ball: Some(ball.into()),
                t: 0.0,
            },
            words,
            env: &env(),
            stale,
            stamp: "20261127-000000",
            screenshot: false,
        })
    }

    /// Hostile test: a scene just under 16 MiB (long notes) gave a report whose scene.ron
    /// was past the limit, so that nothing could load it. Its notes are cut to fit, and
    /// report.md says so.
    #[test]
    fn a_report_of_a_scene_at_the_size_limit_writes_a_scene_that_loads() {
        let mut scene = crate::scene::builtin::default_scene();
        let base = crate::scene::scene_to_string(&scene).len();
        scene
            .notes
            .push_str(&"a".repeat(MAX_SCENE_BYTES as usize - base - 8));
        assert!(crate::scene::scene_to_string(&scene).len() as u64 <= MAX_SCENE_BYTES);
        let words = UserWords {
            happened: "It tunnels.".into(),
            expected: String::new(),
        };
        let texts = sweep_report(&scene, words);
        assert!(texts.scene_ron.len() as u64 <= MAX_SCENE_BYTES);
        let back = parse_scene(&texts.scene_ron, "scene.ron").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back.objects, scene.objects);
        assert!(back.notes.contains("[notes cut here by the bug report: "));
        assert!(
            texts.report_md.contains("scene.ron's notes are cut by "),
            "{}",
            &texts.report_md[..2000]
        );
    }

    /// Hostile test: `--expected $'e\n## fake\x1b'` wrote a raw escape into report.md,
    /// which ran on the terminal of whoever printed the report.
    #[test]
    fn the_users_words_keep_their_lines_and_lose_their_escapes() {
        let scene = crate::scene::builtin::default_scene();
        let words = UserWords {
            happened: "red\u{1b}[31m\u{7}".into(),
            expected: "line one\nline two".into(),
        };
        let texts = sweep_report(&scene, words);
        let md = &texts.report_md;
        assert!(!md.chars().any(|c| c.is_control() && c != '\n'), "{md}");
        assert!(md.contains("red\\u{1b}[31m\\u{7}"), "{}", &md[..400]);
        assert!(md.contains("line one\nline two"), "{}", &md[..400]);
    }

    /// Hostile test: a scene named with an escape sequence, a right-to-left override and a
    /// line break, and a ball named likewise, were copied into report.md as they were: `cat`
    /// ran the escape, the override reordered the line, and the break made a heading of
    /// its own. Each is written as its escape.
    #[test]
    fn a_report_writes_what_does_not_print_in_names_as_escapes() {
        let mut scene = crate::scene::builtin::default_scene();
        scene.name = "evil\u{1b}[2J\u{202e}gnp.exe\n# Fake heading".into();
        let stale = ["claims \u{1b}[31m".to_owned()];
        let texts = report_on(&scene, &UserWords::default(), "b\u{202e}all\u{7}", &stale);
        let md = &texts.report_md;
        let hidden = |c: char| (c.is_control() && !matches!(c, '\n' | '\t')) || c == '\u{202e}';
        assert!(!md.chars().any(hidden), "{md}");
        assert!(
            md.starts_with("# Bug report: evil\\u{1b}[2J\\u{202e}gnp.exe\\n# Fake heading\n"),
            "{}",
            &md[..200]
        );
        assert!(!md.contains("\n# Fake heading"), "{md}");
        assert!(md.contains("inspected ball: b\\u{202e}all\\u{7}"), "{md}");
        assert!(md.contains("- claims \\u{1b}[31m"), "{md}");
    }

    /// A report of a report's scene carried the first report's lines about its own folder.
    #[test]
    fn a_report_drops_an_earlier_reports_lines_about_its_folder() {
        let notes = "Dropped from 2 m.\nBug report 20261127-063046: the set-up the reported run \
                     started from. Played to t = 14.3 it reaches the state in scene.ron beside \
                     this file.\nThe expectations are the answers on screen; the scene's own \
                     are judged in report.md.";
        assert_eq!(own_notes(notes), "Dropped from 2 m.");
    }

    #[test]
    fn fresh_paths_never_reuse_a_name() {
        let dir = std::env::temp_dir().join(format!("sweepscope-fresh-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("r")).unwrap();
        assert_eq!(fresh_path(&dir, "r", ""), dir.join("r-2"));
        assert_eq!(fresh_path(&dir, "s", "png"), dir.join("s.png"));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_bundle_that_cannot_be_written_leaves_nothing() {
        let dir = std::env::temp_dir().join(format!("sweepscope-bundle-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // The target exists as a non-empty folder: the final rename fails.
        let target = dir.join("report");
        std::fs::create_dir_all(target.join("x")).unwrap();
        let texts = |start: Option<&str>| BundleTexts {
            scene_ron: "ron".into(),
            report_md: "md".into(),
            start_ron: start.map(str::to_owned),
        };
        let err = write_bundle(&target, Some(b"png"), &texts(None)).unwrap_err();
        assert!(err.contains("report"), "{err}");
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["report".to_owned()]);
        let ok = dir.join("report-2");
        write_bundle(&ok, None, &texts(None)).unwrap();
        assert!(!ok.join("screenshot.png").exists());
        assert!(!ok.join(START_FILE).exists());
        assert_eq!(std::fs::read_to_string(ok.join("report.md")).unwrap(), "md");
        let with_start = dir.join("report-3");
        write_bundle(&with_start, None, &texts(Some("start"))).unwrap();
        assert_eq!(
            std::fs::read_to_string(with_start.join(START_FILE)).unwrap(),
            "start"
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
