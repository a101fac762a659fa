//! The whole command line, defined once with clap: the debugger's flags at the top level
//! and one subcommand per headless tool. `--help`, `--version` and the error messages are
//! generated from these definitions, so they cannot drift from what is parsed.
//!
//! Adding a subcommand: a variant of [`Command`] with its own `Args` struct, and its arm in
//! [`super::run_command`]. This module only defines; it imports none of the tools.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::hunt::Kind;
use crate::variants::{Params, Variant};

use crate::scene::limits::{
    DEFAULT_SIM_EVENTS, MAX_BENCH_SECONDS, MAX_FRAMES, MAX_HUNT_CASES, MAX_HUNT_KEEP, MAX_OBJECTS,
    MAX_SIM_DISCS, MAX_SIM_EVENTS, WATCHDOG_SECONDS,
};
use crate::variants::substep::MAX_SUBSTEPS;

/// Exact 2D continuous collision for moving circles, and its debugger.
///
/// Without a subcommand, opens the debugger (on the given scene, or the built-in default
/// scene or the last session). It needs a display: use `xvfb-run` when headless.
#[derive(Parser, Debug, Clone, PartialEq)]
#[command(
    name = "sweepscope",
    version,
    propagate_version = true,
    args_conflicts_with_subcommands = true,
    after_help = "Scene files are RON; see docs/scene-format.md for the format."
)]
pub struct Cli {
    #[command(flatten)]
    pub gui: GuiArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The headless tools.
#[derive(Subcommand, Debug, Clone, PartialEq)]
pub enum Command {
    Batch(BatchArgs),
    Check(CheckArgs),
    Sim(SimArgs),
    Hunt(HuntArgs),
    Report(ReportArgs),
}

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
    /// Number of cases (about 3 in 10 random, the rest targeted), at most MAX_HUNT_CASES
    /// (1,000,000,000).
    #[arg(long, default_value_t = 10_000, value_parser = hunt_cases, allow_negative_numbers = true)]
    pub count: u64,
    /// Seed: the same seed gives the same cases, table and scenes on any machine.
    #[arg(long, default_value_t = 1, value_parser = seed, allow_negative_numbers = true)]
    pub seed: u64,
    /// Write each shrunk counterexample to this directory as a scene (created if missing).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Shrunk counterexamples per obstacle kind and kind of disagreement, at most
    /// MAX_HUNT_KEEP (1,000).
    #[arg(long, default_value_t = 2, value_parser = hunt_keep, allow_negative_numbers = true)]
    pub keep: usize,
    /// Sub-steps for the `substep` approach, 1 to 100,000; the scenes written keep it.
    #[arg(
        long,
        default_value_t = Params::default().substeps,
        value_parser = substeps,
        allow_negative_numbers = true
    )]
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

/// The debugger's options.
#[derive(Args, Debug, Clone, Default, PartialEq)]
pub struct GuiArgs {
    /// The scene file to open.
    #[arg(value_name = "SCENE.ron")]
    pub scene: Option<PathBuf>,
    /// Render the window, save it as a PNG and exit (the folder must exist).
    #[arg(long, value_name = "OUT.png", conflicts_with = "frames")]
    pub screenshot: Option<PathBuf>,
    /// Render N frames, print the median and p99 frame times (the whole frame's wall time,
    /// and the ui() part of it) and exit.
    #[arg(long, value_name = "N", value_parser = frames, allow_negative_numbers = true)]
    pub frames: Option<usize>,
    /// Print the --frames result as one JSON object.
    #[arg(long, requires = "frames")]
    pub json: bool,
    /// The window's inner size [default: 1400x900].
    #[arg(long, value_name = "WxH", value_parser = window_size)]
    pub size: Option<[f32; 2]>,
    /// Open a generated scene with N obstacles.
    #[arg(
        long,
        value_name = "N",
        value_parser = stress,
        conflicts_with = "scene",
        allow_negative_numbers = true
    )]
    pub stress: Option<usize>,
    /// Open a built-in demo scene.
    #[arg(long, value_enum, value_name = "NAME", conflicts_with_all = ["scene", "stress"])]
    pub demo: Option<Demo>,
    /// Open the simulation view.
    #[arg(long)]
    pub sim: bool,
    /// Fill the simulation with up to N random discs (30% packing; those that do not fit
    /// beside the obstacles are left out, and the panel says how many); implies --sim.
    #[arg(long, value_name = "N", value_parser = sim_discs, allow_negative_numbers = true)]
    pub sim_discs: Option<usize>,
    /// Run the simulation for T before showing it; implies --sim.
    #[arg(long, value_name = "T", value_parser = time, allow_negative_numbers = true)]
    pub sim_advance: Option<f64>,
    /// Start playing: the sweep's scrubber, or in the simulation view the run (what
    /// `--frames` should time when the motion is what matters).
    #[arg(long)]
    pub play: bool,
    /// Select the object of this name, so that the inspector shows it (a bug report's
    /// command reopens its inspected ball this way).
    #[arg(long, value_name = "NAME")]
    pub select: Option<String>,
    /// Put the sweep view's scrubber at T, from 0 to 1 (a bug report's command reopens its
    /// scrubber's time this way).
    #[arg(long, value_name = "T", value_parser = scrub_time, allow_negative_numbers = true)]
    pub at: Option<f32>,
}

/// `--at`: a time from 0 to 1, as the scrubber holds it (f32).
fn scrub_time(s: &str) -> Result<f32, String> {
    let t: f32 = s
        .trim()
        .parse()
        .map_err(|_| format!("{s:?} is not a number"))?;
    if (0.0..=1.0).contains(&t) {
        Ok(t)
    } else {
        Err(format!("{s} is not a time from 0 to 1"))
    }
}

impl GuiArgs {
    /// An unattended run (`--screenshot` or `--frames`): no session is restored or saved,
    /// and a watchdog ends it after [`WATCHDOG_SECONDS`].
    pub fn headless(&self) -> bool {
        self.screenshot.is_some() || self.frames.is_some()
    }

    /// Whether the simulation view opens (`--sim`, or a flag that implies it).
    pub fn sim_mode(&self) -> bool {
        self.sim || self.sim_discs.is_some() || self.sim_advance.is_some()
    }
}

/// The built-in demo scenes.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Demo {
    /// The built-in default scene.
    Default,
    /// The ball crosses the square corner of the expanded box but misses the rounded one.
    CornerMiss,
    /// Sliding along a rotated box.
    Slide,
    /// Two moving circles and their relative motion.
    TwoCircles,
    /// A fast ball through a thin wall: the discrete test tunnels.
    Variants,
    /// The default scene with the heat map of first-contact times on.
    HeatMap,
}

impl Demo {
    /// The demo's name, as written on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Demo::Default => "default",
            Demo::CornerMiss => "corner-miss",
            Demo::Slide => "slide",
            Demo::TwoCircles => "two-circles",
            Demo::Variants => "variants",
            Demo::HeatMap => "heat-map",
        }
    }
}

/// JSON Lines queries in, one JSON line per query out.
///
/// Each input line is one query, e.g. {"id":7,"kind":"aabb","start":[0,0],"end":[10,0],
/// "radius":1,"min":[4,-1],"max":[6,1]}. An "obb" takes "center", "half_extents" and
/// "angle" in radians, counter-clockwise, as the library's `Obb::new` does (scene files give
/// it in degrees). Exit status: 1 if any line was bad, 2 if the input cannot be read or the
/// output cannot be written or an argument is bad.
#[derive(Args, Debug, Clone, Default, PartialEq)]
pub struct BatchArgs {
    /// Read queries from FILE (`-`: standard input, the default).
    #[arg(short, long, value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// Write answers to FILE, atomically (`-`: standard output, the default).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Load, validate and evaluate scenes; exit 1 if any is invalid or an expectation fails.
///
/// Prints each scene's notes, every ball × obstacle pair (streamed ball by ball, so memory
/// stays flat in the number of pairs) and each expectation with PASS or FAIL. Exit status:
/// 0 when all hold, 1 when a file is invalid or an expectation fails, 2 when the output
/// cannot be written.
#[derive(Args, Debug, Clone, Default, PartialEq)]
pub struct CheckArgs {
    /// Print one JSON document instead of tables.
    #[arg(long, conflicts_with = "record")]
    pub json: bool,
    /// Rewrite each file's `expect` list from the current exact answers (one per ball ×
    /// obstacle pair, keeping each pair's tolerance), so that `check` passes on it. Only the
    /// list is replaced: comments, notes and layout are kept; the file is saved atomically.
    #[arg(long)]
    pub record: bool,
    /// The scene files.
    #[arg(required = true, value_name = "SCENE.ron")]
    pub files: Vec<PathBuf>,
}

/// Write a bug-report folder for a scene: `scene.ron` and `report.md`, as the debugger's
/// File › Bug report writes them, and `screenshot.png` when there is a display.
///
/// `scene.ron` is the scene with its current exact answers recorded as its expectations (so
/// `sweepscope check` passes on it); `report.md` holds what happened and what was expected,
/// the scene's own expectations with PASS or FAIL and every number the inspector shows.
/// Without a display (neither DISPLAY nor WAYLAND_DISPLAY set), or with --no-screenshot,
/// the folder has no screenshot and says so. Exit status: 0 when the folder was written, 1
/// when nothing was (the folder exists, its parent does not, the scene does not load), 2
/// when the folder was written but the output cannot be.
#[derive(Args, Debug, Clone, Default, PartialEq)]
pub struct ReportArgs {
    /// The scene file.
    #[arg(value_name = "SCENE.ron")]
    pub scene: PathBuf,
    /// The folder to create (it must not exist; its parent must).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// What happened, for the report's "What happened" section.
    #[arg(long, value_name = "TEXT")]
    pub happened: Option<String>,
    /// What you expected, for the report's "What I expected" section.
    #[arg(long, value_name = "TEXT")]
    pub expected: Option<String>,
    /// The window's inner size for the screenshot [default: 1400x900].
    #[arg(long, value_name = "WxH", value_parser = window_size)]
    pub size: Option<[f32; 2]>,
    /// Write no screenshot even when a display is available (no window opens).
    #[arg(long)]
    pub no_screenshot: bool,
}

/// Run a scene's disc simulation headlessly, or benchmark the engine.
///
/// Prints events by kind, energy and momentum drift and events per second. Exit status: 0
/// when the run reached its time, or stopped at the event cap while still progressing; 1
/// when the scene cannot be simulated, a cluster of contacts does not resolve, or the run
/// halts; 2 when the output cannot be written; 130 when Ctrl+C or SIGTERM stopped it (it
/// prints the run so far).
#[derive(Args, Debug, Clone, PartialEq)]
pub struct SimArgs {
    /// The scene file (with a `simulation` section).
    #[arg(
        value_name = "SCENE.ron",
        required_unless_present = "bench",
        conflicts_with = "bench"
    )]
    pub scene: Option<PathBuf>,
    /// Simulate until time T [default: the scene's `duration`, 10 when it gives none].
    // A negative number is taken as a value, for the range check to refuse with its reason
    // rather than clap calling it an unknown flag.
    #[arg(
        long,
        value_name = "T",
        value_parser = time,
        allow_negative_numbers = true,
        conflicts_with = "bench"
    )]
    pub time: Option<f64>,
    /// Stop after N events in all, so a pathological scene cannot run for ever.
    #[arg(
        long,
        value_name = "N",
        default_value_t = DEFAULT_SIM_EVENTS,
        value_parser = max_events,
        allow_negative_numbers = true,
        conflicts_with = "bench"
    )]
    pub max_events: u64,
    /// Time the engine against the naive baseline, then the energy drift after 10^6 events.
    #[arg(long)]
    pub bench: bool,
    /// Seconds per benchmark measurement [default: 2].
    #[arg(
        long,
        value_name = "S",
        value_parser = bench_seconds,
        conflicts_with = "scene",
        allow_negative_numbers = true
    )]
    pub seconds: Option<f64>,
    /// Benchmark sizes: discs at 30% packing [default: 100,1000,10000].
    #[arg(
        long,
        value_name = "N,N,...",
        value_delimiter = ',',
        value_parser = sim_discs,
        conflicts_with = "scene",
        allow_negative_numbers = true
    )]
    pub sizes: Option<Vec<usize>>,
}

// ---------------------------------------------------------------------------------------
// Value parsers: each names the limit it enforces.

/// A whole number, not negative: a negative one is named as such (every flag taking one
/// lets clap hand it over, rather than call `-1` an unknown argument).
fn whole(s: &str) -> Result<u64, String> {
    let t = s.trim();
    if let Some(digits) = t.strip_prefix('-')
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(format!(
            "`{s}` is negative: it must be a whole number, 0 or more"
        ));
    }
    t.parse()
        .map_err(|_| format!("`{s}` is not a whole number"))
}

fn seed(s: &str) -> Result<u64, String> {
    whole(s)
}

fn count(s: &str, lo: usize, hi: usize, limit: &str) -> Result<usize, String> {
    let n = usize::try_from(whole(s)?).unwrap_or(usize::MAX);
    if n < lo {
        return Err(format!("must be at least {lo}"));
    }
    if n > hi {
        return Err(format!("{n} is over the limit of {hi} ({limit})"));
    }
    Ok(n)
}

fn hunt_cases(s: &str) -> Result<u64, String> {
    let n = count(
        s,
        1,
        usize::try_from(MAX_HUNT_CASES).unwrap_or(usize::MAX),
        "MAX_HUNT_CASES",
    )?;
    Ok(n as u64)
}

fn hunt_keep(s: &str) -> Result<usize, String> {
    count(s, 0, MAX_HUNT_KEEP, "MAX_HUNT_KEEP")
}

fn substeps(s: &str) -> Result<u32, String> {
    let n = count(s, 1, MAX_SUBSTEPS as usize, "MAX_SUBSTEPS")?;
    Ok(n as u32)
}

fn frames(s: &str) -> Result<usize, String> {
    count(s, 1, MAX_FRAMES, "MAX_FRAMES")
}

fn stress(s: &str) -> Result<usize, String> {
    count(s, 0, MAX_OBJECTS - 1, "MAX_OBJECTS, with the ball")
}

fn sim_discs(s: &str) -> Result<usize, String> {
    count(s, 1, MAX_SIM_DISCS, "MAX_SIM_DISCS")
}

fn max_events(s: &str) -> Result<u64, String> {
    let n = whole(s)?;
    if n > MAX_SIM_EVENTS {
        return Err(format!(
            "{n} is over the limit of {MAX_SIM_EVENTS} (MAX_SIM_EVENTS)"
        ));
    }
    Ok(n)
}

/// A finite time, not negative.
fn time(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        // `+ 0.0` makes a `-0` the time 0 (it was printed "-0.0").
        Ok(t) if t.is_finite() && t >= 0.0 => Ok(t + 0.0),
        _ => Err(format!("`{s}` is not a finite time >= 0")),
    }
}

fn bench_seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(t) if t > 0.0 && t <= MAX_BENCH_SECONDS => Ok(t),
        _ => Err(format!(
            "`{s}` is not a number of seconds in (0, {MAX_BENCH_SECONDS}] (MAX_BENCH_SECONDS)"
        )),
    }
}

/// The least window, in points (pixels at scale 1), the debugger lays out in: its panels
/// at their least widths beside a canvas, the plots under it (`app::shell::ui_scale`). A
/// smaller window drew panels over each other and over the canvas.
pub const LEAST_WINDOW: [u32; 2] = [820, 520];

fn window_size(s: &str) -> Result<[f32; 2], String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("`{s}` is not WxH"))?;
    let w: u32 = w.parse().map_err(|_| format!("bad width `{w}`"))?;
    let h: u32 = h.parse().map_err(|_| format!("bad height `{h}`"))?;
    let [least_w, least_h] = LEAST_WINDOW;
    if !(least_w..=8000).contains(&w) || !(least_h..=8000).contains(&h) {
        return Err(format!(
            "{w}x{h} is out of range ({least_w}x{least_h} .. 8000x8000; LEAST_WINDOW: the \
             panels need that much room)"
        ));
    }
    Ok([w as f32, h as f32])
}

/// The watchdog's time, for messages.
pub const WATCHDOG: std::time::Duration = std::time::Duration::from_secs(WATCHDOG_SECONDS);

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(line: &str) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("sweepscope").chain(line.split_whitespace()))
    }

    /// `sim --time -0` was taken and printed as "t = -0.0 of -0.0".
    #[test]
    fn a_time_of_minus_zero_is_zero() {
        let Ok(Cli {
            command: Some(Command::Sim(a)),
            ..
        }) = parse("sim x.ron --time -0")
        else {
            panic!("parses")
        };
        assert_eq!(a.time.map(f64::to_bits), Some(0.0f64.to_bits()));
    }

    /// `sim --time -1` got clap's "unexpected argument '-1'", where `--time NaN` got the
    /// range and its reason.
    #[test]
    fn a_negative_time_or_duration_is_refused_for_its_range_not_as_a_flag() {
        for (line, reason) in [
            ("sim x.ron --time -1", "not a finite time"),
            ("sim --bench --seconds -1", "not a number of seconds"),
        ] {
            let e = parse(line).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.contains(reason), "{line}: {e}");
        }
    }

    #[test]
    fn the_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn parses_gui_flags() {
        let c = parse("a.ron --screenshot out.png --size 1400x900").expect("parses");
        assert_eq!(c.command, None);
        assert_eq!(c.gui.scene, Some(PathBuf::from("a.ron")));
        assert_eq!(c.gui.screenshot, Some(PathBuf::from("out.png")));
        assert_eq!(c.gui.size, Some([1400.0, 900.0]));
        assert!(c.gui.headless());
        // One of each, never two that would each pick the scene or the output and leave
        // the other ignored without a word (robustness attack).
        for clash in [
            "--screenshot y.png --frames 5",
            "--demo default a.ron",
            "--demo default --stress 10",
            "--stress 10 a.ron",
        ] {
            assert!(parse(clash).is_err(), "{clash} was taken");
        }
        let c = parse("--frames 50 --stress 100").expect("parses");
        assert_eq!((c.gui.frames, c.gui.stress), (Some(50), Some(100)));
        let c = parse("--sim-discs 20 --demo corner-miss").expect("parses");
        assert!(c.gui.sim_mode());
        assert_eq!(c.gui.demo, Some(Demo::CornerMiss));
    }

    #[test]
    fn rejects_bad_gui_flags() {
        for bad in [
            "--frames",
            "--frames ten",
            "--frames 0",
            "--size 10x10",
            "--wat",
            "a.ron b.ron",
            "--demo nope",
            "--sim-advance nan",
            "--sim-discs 0",
            "--stress 1000000",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn parses_subcommands() {
        let c = parse("check --json a.ron b.ron").expect("parses");
        assert_eq!(
            c.command,
            Some(Command::Check(CheckArgs {
                json: true,
                record: false,
                files: vec!["a.ron".into(), "b.ron".into()],
            }))
        );
        let Some(Command::Check(c)) = parse("check --record a.ron").expect("parses").command else {
            panic!("not check");
        };
        assert!(c.record && !c.json);
        let Some(Command::Report(r)) =
            parse("report a.ron --out d --happened x --size 900x600 --no-screenshot")
                .expect("parses")
                .command
        else {
            panic!("not report");
        };
        assert_eq!(
            r,
            ReportArgs {
                scene: "a.ron".into(),
                out: "d".into(),
                happened: Some("x".into()),
                expected: None,
                size: Some([900.0, 600.0]),
                no_screenshot: true,
            }
        );
        let Some(Command::Sim(s)) = parse("sim x.ron --max-events 0").expect("parses").command
        else {
            panic!("not sim");
        };
        assert_eq!((s.max_events, s.bench), (0, false));
        let Some(Command::Sim(s)) = parse("sim --bench --sizes 10,20").expect("parses").command
        else {
            panic!("not sim");
        };
        assert_eq!(s.sizes, Some(vec![10, 20]));
        for bad in [
            "check",
            "check --record --json a.ron",
            "report a.ron",
            "sim",
            "sim x.ron --bench",
            "sim x.ron --seconds 3",
            "sim x.ron --max-events 99999999999999",
            "sim --bench --seconds 1e9",
            "batch --input",
            "batch --input a --input b",
            "--screenshot x.png check a.ron",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_demo_is_offered_by_name() {
        let names: Vec<&str> = Demo::value_variants().iter().map(|d| d.name()).collect();
        for d in Demo::value_variants() {
            let pv = d.to_possible_value().expect("not hidden");
            assert_eq!(pv.get_name(), d.name());
        }
        let built_in: Vec<&str> = crate::scene::builtin::demo_names().collect();
        assert_eq!(names, built_in);
    }
}
