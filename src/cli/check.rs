//! `sweepscope check [--json] <scene.ron>...`: loads, validates and evaluates scenes without
//! a window, prints each scene's notes, each ball × obstacle pair and the expectation
//! results, and exits 1 when any file is invalid or any expectation fails — so CI can run
//! the repro scenes.
//!
//! The output streams: each ball's pairs are written as soon as they are evaluated and then
//! dropped ([`evaluate_each`]), so memory stays flat in the number of pairs — the scene, one
//! ball's pairs and the hits the expectations name. The JSON form is in [`super::check_json`].
//!
//! Names, file names, notes and messages are printed with control characters escaped
//! ([`super::terminal`]); the JSON output escapes them as JSON does.

use std::borrow::Cow;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use super::args::CheckArgs;
use super::output::errln;
use super::terminal::safe;
use crate::hit::Hit;
use crate::obstacle::Obstacle;
use crate::region::Region;
use crate::scene::evaluate::{BallEvaluation, PairResult, evaluate_each};
use crate::scene::io::{SceneError, load_scene_all};
use crate::scene::limits::MAX_VARIANT_LINES;
use crate::scene::model::Scene;
use crate::scene::number::fixed as num;

/// Runs `sweepscope check`. Exit status: 0 when every file is valid and every expectation
/// holds, 1 otherwise, 2 when the output cannot be written.
pub fn run(args: &CheckArgs) -> ExitCode {
    let out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let written = if args.json {
        super::check_json::write(&args.files, out)
    } else {
        write_text(&args.files, out)
    };
    match written {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        // The reader went away (`| head`): nothing more to say to it.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(2),
        Err(e) => {
            errln!("sweepscope check: cannot write the output: {e}");
            ExitCode::from(2)
        }
    }
}

/// The tables of every file, then a summary line; whether all files passed.
fn write_text(files: &[PathBuf], mut out: impl Write) -> io::Result<bool> {
    let mut failed = 0;
    for path in files {
        let file = path.display().to_string();
        let ok = match load_scene_all(path) {
            Err(errors) => {
                write_invalid(&mut out, &file, &errors)?;
                false
            }
            Ok(scene) => write_scene(&mut out, &file, &scene)?,
        };
        failed += usize::from(!ok);
    }
    let n = files.len();
    if failed == 0 {
        let all = if n == 1 {
            "1 file".to_owned()
        } else {
            format!("all {n} files")
        };
        writeln!(out, "{all} valid, all expectations hold")?;
    } else {
        writeln!(out, "{failed} of {} invalid or failing", files_counted(n))?;
    }
    out.flush()?;
    Ok(failed == 0)
}

fn write_invalid(out: &mut impl Write, file: &str, errors: &[SceneError]) -> io::Result<()> {
    writeln!(out, "== {}: INVALID", safe(file))?;
    // Errors go to stderr in the compiler's `file:line:col: message` form, so editors can
    // jump to them; the summary line stays on stdout (flushed first, to keep the order on
    // a terminal).
    out.flush()?;
    for e in errors {
        errln!("{}", safe(&e.to_string()));
    }
    writeln!(out)
}

/// One valid scene: its notes, its pairs ball by ball as they are evaluated, its
/// simulation and its expectations. Whether every expectation holds.
fn write_scene(out: &mut impl Write, file: &str, scene: &Scene) -> io::Result<bool> {
    let title = if scene.name.is_empty() {
        "(unnamed scene)"
    } else {
        &scene.name
    };
    writeln!(out, "== {}: {}", safe(file), safe(title))?;
    write_notes(out, &scene.notes)?;
    let obstacles = scene.obstacles();
    let has_balls = scene.objects.iter().any(|o| o.shape.is_ball());
    let mut table = Table::new(scene, &obstacles);
    // The reported answers' verdicts (at most MAX_EXPECTATIONS lines), printed after the
    // expectations: what another program said is not an expectation, and does not fail
    // the check.
    let mut reported = Vec::new();
    // The enabled variants' verdicts, as the debugger shows them beside the exact answer
    // (a scene saved with variants ticked printed the exact answers alone).
    let mut variants = Vec::new();
    let mut more_variants = 0usize;
    // The straight motion's contacts the bounce path never reaches: the table lists them
    // as hits, which they are for the obstacle alone.
    let mut unreached = Vec::new();
    let expectations = evaluate_each(scene, &obstacles, |ball| {
        reported.extend(reported_lines(scene, &ball));
        if unreached.len() < MAX_VARIANT_LINES {
            unreached.extend(unreached_lines(scene, &ball));
        }
        for line in variant_lines(scene, &ball) {
            if variants.len() < MAX_VARIANT_LINES {
                variants.push(line);
            } else {
                more_variants += 1;
            }
        }
        table.write_ball(out, ball)
    })?;
    table.finish(out)?;
    if !has_balls || obstacles.is_empty() {
        writeln!(out, "  (no ball × obstacle pairs)")?;
    }
    if !unreached.is_empty() {
        writeln!(
            out,
            "  not reached on the bounce path (the obstacle alone's contact):"
        )?;
        for line in unreached.iter().take(MAX_VARIANT_LINES) {
            writeln!(out, "    {}", safe(line))?;
        }
    }
    if let Some(sim) = &scene.simulation {
        let n = sim.discs.len();
        writeln!(
            out,
            "  simulation: {n} {}",
            if n == 1 { "disc" } else { "discs" }
        )?;
    }
    if expectations.is_empty() {
        writeln!(out, "  expectations: none")?;
    } else {
        writeln!(out, "  expectations:")?;
        for e in &expectations.pairs {
            writeln!(out, "    {}", safe(&e.to_string()))?;
        }
        for e in &expectations.paths {
            writeln!(out, "    {}", safe(&e.to_string()))?;
        }
    }
    if !variants.is_empty() {
        writeln!(out, "  variants (judged, not checked):")?;
        for line in &variants {
            writeln!(out, "    {}", safe(line))?;
        }
        if more_variants > 0 {
            writeln!(
                out,
                "    … and {more_variants} more (at most MAX_VARIANT_LINES, {MAX_VARIANT_LINES}, are listed)"
            )?;
        }
    }
    if !reported.is_empty() {
        writeln!(out, "  reported (judged, not checked):")?;
        for line in &reported {
            writeln!(out, "    {}", safe(line))?;
        }
    }
    writeln!(out)?;
    Ok(expectations.hold())
}

/// One line per contact of `ball`'s straight motion that its bounce path never reaches.
fn unreached_lines(scene: &Scene, ball: &BallEvaluation) -> Vec<String> {
    let name = |i: usize| scene.objects.get(i).map_or("", |o| o.name.as_str());
    let Some(turn) = ball.turns_at() else {
        return Vec::new();
    };
    ball.pairs
        .iter()
        .filter_map(|p| {
            let h = p.hit.as_ref().filter(|h| h.time > turn)?;
            Some(format!(
                "{} vs {}: at t = {} on the straight motion; the path turns at t = {} first",
                name(ball.object),
                name(p.obstacle),
                num(h.time),
                num(turn)
            ))
        })
        .collect()
}

/// One line per enabled variant on each pair of `ball` it handles: the variant, the pair,
/// the verdict, its answer beside the exact one, and why it disagrees.
fn variant_lines(scene: &Scene, ball: &BallEvaluation) -> Vec<String> {
    let name = |i: usize| scene.objects.get(i).map_or("", |o| o.name.as_str());
    let answer = |h: Option<&crate::hit::Hit>| {
        h.map_or("miss".to_owned(), |h| format!("t = {}", num(h.time)))
    };
    ball.variants
        .iter()
        .filter(|row| row.verdict != crate::variants::verdict::Verdict::NotApplicable)
        .filter_map(|row| {
            let pair = ball.pairs.get(row.pair)?;
            Some(format!(
                "{} on {} vs {}: {} (its {}; exact {}){}",
                row.variant.id(),
                name(ball.object),
                name(pair.obstacle),
                row.verdict.text(),
                answer(row.hit()),
                answer(pair.hit.as_ref()),
                row.why
                    .as_deref()
                    .map_or(String::new(), |why| format!("; why: {why}"))
            ))
        })
        .collect()
}

/// One line per reported answer of `ball`: who, the pair, the verdict, what it said and
/// the exact answer.
fn reported_lines(scene: &Scene, ball: &BallEvaluation) -> Vec<String> {
    let name = |i: usize| scene.objects.get(i).map_or("", |o| o.name.as_str());
    ball.reported_in(scene)
        .map(|(row, r, pair)| {
            let exact = pair
                .hit
                .map_or("miss".to_owned(), |h| format!("t = {}", num(h.time)));
            let detail = if r.detail.is_empty() {
                String::new()
            } else {
                format!(" [{}]", r.detail)
            };
            format!(
                "{} on {} vs {}: {} (said {}; exact {exact}){detail}{}",
                r.by,
                name(ball.object),
                name(pair.obstacle),
                row.verdict.text(),
                r.said(),
                row.why
                    .as_deref()
                    .map_or(String::new(), |why| format!("; why: {why}"))
            )
        })
        .collect()
}

/// The scene's notes, indented under `notes:`, each line escaped on its own (tabs become
/// spaces: they are layout, not control).
fn write_notes(out: &mut impl Write, notes: &str) -> io::Result<()> {
    let notes = notes.trim_end();
    if notes.trim().is_empty() {
        return Ok(());
    }
    writeln!(out, "  notes:")?;
    for line in notes.lines() {
        let line = expand_tabs(line);
        match safe(&line).trim_end() {
            "" => writeln!(out)?,
            line => writeln!(out, "    {line}")?,
        }
    }
    Ok(())
}

/// `line` with each tab replaced by spaces up to the next multiple of 8 characters.
fn expand_tabs(line: &str) -> Cow<'_, str> {
    if !line.contains('\t') {
        return Cow::Borrowed(line);
    }
    let mut s = String::with_capacity(line.len() + 8);
    let mut column = 0;
    for c in line.chars() {
        if c == '\t' {
            let n = 8 - column % 8;
            s.extend(std::iter::repeat_n(' ', n));
            column += n;
        } else {
            s.push(c);
            column += 1;
        }
    }
    Cow::Owned(s)
}

/// How many terminal cells `s` takes (a CJK character two, a combining mark none).
fn cells(s: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(s)
}

/// "1 file", "3 files".
pub(super) fn files_counted(n: usize) -> String {
    if n == 1 {
        "1 file".to_owned()
    } else {
        format!("{n} files")
    }
}

/// The pair table. The name columns are as wide as the longest ball and obstacle name,
/// known before anything is evaluated; the others are measured on the rows themselves. The
/// first [`ALIGNED_ROWS`] rows are held until they are all measured, so the table of any
/// ordinary scene is aligned exactly; beyond them (a scene can hold billions of pairs) the
/// rows are streamed ball by ball and the columns only ever widen.
struct Table<'a> {
    scene: &'a Scene,
    widths: [usize; 8],
    /// The balls' pairs held before the header is written.
    held: Vec<Vec<PairResult>>,
    held_rows: usize,
    header_written: bool,
}

/// How many rows are measured before the first is written.
const ALIGNED_ROWS: usize = 10_000;

const HEADER: [&str; 8] = [
    "ball", "obstacle", "hit", "time", "feature", "region", "normal", "inside",
];

impl<'a> Table<'a> {
    fn new(scene: &'a Scene, obstacles: &[(usize, Obstacle)]) -> Self {
        let width = |i: usize| cells(&name(scene, i));
        let mut widths = HEADER.map(str::len);
        let balls = scene
            .objects
            .iter()
            .enumerate()
            .filter(|(_, o)| o.shape.is_ball());
        widths[0] = balls.map(|(i, _)| width(i)).fold(widths[0], usize::max);
        widths[1] = obstacles
            .iter()
            .map(|&(i, _)| width(i))
            .fold(widths[1], usize::max);
        Self {
            scene,
            widths,
            held: Vec::new(),
            held_rows: 0,
            header_written: false,
        }
    }

    fn write_ball(&mut self, out: &mut impl Write, ball: BallEvaluation) -> io::Result<()> {
        if ball.pairs.is_empty() {
            return Ok(());
        }
        for h in ball.pairs.iter().filter_map(|p| p.hit.as_ref()) {
            for (w, cell) in self.widths[2..].iter_mut().zip(hit_cells(h)) {
                *w = (*w).max(cells(&cell));
            }
        }
        if self.header_written {
            return self.write_pairs(out, &ball.pairs);
        }
        self.held_rows += ball.pairs.len();
        self.held.push(ball.pairs);
        if self.held_rows >= ALIGNED_ROWS {
            self.finish(out)?;
        }
        Ok(())
    }

    /// Writes the header and the rows held for measuring, if not yet written.
    fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.header_written || self.held.is_empty() {
            return Ok(());
        }
        self.header_written = true;
        self.write_row(out, HEADER.map(Cow::Borrowed))?;
        for pairs in std::mem::take(&mut self.held) {
            self.write_pairs(out, &pairs)?;
        }
        Ok(())
    }

    fn write_pairs(&self, out: &mut impl Write, pairs: &[PairResult]) -> io::Result<()> {
        for p in pairs {
            let [hit, time, feature, region, normal, inside] = match &p.hit {
                None => ["no", "-", "-", "-", "-", "-"].map(Cow::Borrowed),
                Some(h) => hit_cells(h).map(Cow::Owned),
            };
            let row = [
                name(self.scene, p.ball),
                name(self.scene, p.obstacle),
                hit,
                time,
                feature,
                region,
                normal,
                inside,
            ];
            self.write_row(out, row)?;
        }
        Ok(())
    }

    /// One row as left-aligned columns, indented by two spaces. Padded by hand: a width
    /// given to `format!` must fit in 16 bits, and a cell may be wider than that.
    fn write_row(&self, out: &mut impl Write, row: [Cow<'_, str>; 8]) -> io::Result<()> {
        let mut line = String::with_capacity(96);
        for (k, (s, &w)) in row.iter().zip(&self.widths).enumerate() {
            if k > 0 {
                line.push_str("  ");
            }
            line.push_str(s);
            if k + 1 < row.len() {
                line.extend(std::iter::repeat_n(' ', w.saturating_sub(cells(s))));
            }
        }
        writeln!(out, "  {}", line.trim_end())
    }
}

/// An object's name as printed: escaped, `?` for an index out of range.
fn name(scene: &Scene, i: usize) -> Cow<'_, str> {
    safe(scene.objects.get(i).map_or("?", |o| o.name.as_str()))
}

/// The cells after `ball` and `obstacle` for a hit: `yes`, time, feature, region, normal,
/// whether it started inside.
fn hit_cells(h: &Hit) -> [String; 6] {
    [
        "yes".to_owned(),
        num(h.time),
        h.feature.name().to_owned(),
        region_text(h.region),
        format!("({}, {})", num(h.normal.x), num(h.normal.y)),
        if h.started_inside { "yes" } else { "no" }.to_owned(),
    ]
}

/// `1001 TOP|LEFT`, or `-` for obstacles without regions.
fn region_text(r: Option<Region>) -> String {
    r.map_or_else(
        || "-".to_owned(),
        |r| format!("{} {}", r.bit_string(), r.flag_string()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::model::{Object, Shape};
    use glam::Vec2;

    fn text_of(scene: &Scene) -> String {
        let mut out = Vec::new();
        write_scene(&mut out, "t.ron", scene).expect("writes to memory");
        String::from_utf8(out).expect("utf-8")
    }

    /// The table's lines: the header and one per pair.
    fn table_rows(text: &str) -> Vec<&str> {
        text.lines()
            .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
            .filter(|l| !l.starts_with("  expectations"))
            .collect()
    }

    fn ball(name: &str, x: f32) -> Object {
        Object {
            name: name.to_owned(),
            shape: Shape::Ball {
                start: Vec2::new(x, 10.0),
                end: Vec2::new(x, -10.0),
                radius: 1.0,
            },
        }
    }

    fn floor(name: &str) -> Object {
        Object {
            name: name.to_owned(),
            shape: Shape::Box {
                min: Vec2::new(-100.0, -2.0),
                max: Vec2::new(100.0, 0.0),
            },
        }
    }

    /// `format!("{s:<w$}")` panics when the width passes 65535: a wider cell must still be
    /// printed whole.
    #[test]
    fn a_table_cell_wider_than_65535_characters_does_not_panic() {
        let mut s = Scene::empty("t");
        s.objects = vec![ball(&"n".repeat(70_000), 0.0), floor("x")];
        let text = text_of(&s);
        assert!(
            text.contains(&"n".repeat(70_000)),
            "the name is printed whole"
        );
    }

    #[test]
    fn the_columns_of_every_ball_line_up() {
        let mut s = Scene::empty("t");
        s.objects = vec![
            ball("a", 0.0),
            floor("the floor"),
            ball("a much longer ball name", 5.0),
            floor("f"),
        ];
        let text = text_of(&s);
        let rows = table_rows(&text);
        assert_eq!(rows.len(), 5, "the header and 2 × 2 pairs:\n{text}");
        let at = |word: &str| rows[0].find(word).expect("in the header");
        for row in &rows[1..] {
            assert_eq!(&row[at("hit")..at("hit") + 3], "yes", "{text}");
            assert_eq!(&row[at("inside")..], "no", "{text}");
        }
    }

    /// A ball named "日本語ボール" pushed its row out of line: widths were counted in
    /// characters, and each of these takes two terminal cells.
    #[test]
    fn names_in_wide_characters_keep_the_columns_aligned() {
        let mut s = Scene::empty("t");
        s.objects = vec![
            ball("日本語ボール", 0.0),
            floor("floor"),
            ball("e\u{301}", 5.0),
        ];
        let text = text_of(&s);
        let rows = table_rows(&text);
        let cell_of = |row: &str, word: &str| cells(&row[..row.find(word).expect("in the row")]);
        let hit = cell_of(rows[0], "hit");
        for row in &rows[1..] {
            assert_eq!(cell_of(row, "yes"), hit, "{text}");
        }
    }

    /// aim-at-corner.ron printed its second ball's row with the feature column two places
    /// to the right of the header's: a later ball's time was wider than the first's.
    #[test]
    fn a_later_ball_with_a_wider_time_keeps_the_columns_aligned() {
        let mut s = Scene::empty("t");
        let mut late = ball("b", 5.0);
        if let Shape::Ball { end, .. } = &mut late.shape {
            end.y = -11.0;
        }
        s.objects = vec![ball("a", 0.0), floor("floor"), late];
        let text = text_of(&s);
        let rows = table_rows(&text);
        assert_eq!(rows.len(), 3, "the header and two pairs:\n{text}");
        assert!(
            rows[1].contains(" 0.45 ") && rows[2].contains(" 0.428571 "),
            "{text}"
        );
        let at = |word: &str| rows[0].find(word).expect("in the header");
        for row in &rows[1..] {
            assert_eq!(&row[at("feature")..at("region")], "t        ", "{text}");
            assert_eq!(&row[at("inside")..], "no", "{text}");
        }
    }

    #[test]
    fn notes_are_printed_indented_and_escaped() {
        let mut s = Scene::empty("t");
        s.notes = "Hand computation:\n\tt = 0.4\nevil \u{1b}[2J line\r\n".to_owned();
        let text = text_of(&s);
        assert!(
            text.contains(
                "  notes:\n    Hand computation:\n            t = 0.4\n    evil \\u{1b}[2J line\n"
            ),
            "{text}"
        );
        assert!(!text_of(&Scene::empty("t")).contains("notes:"));
    }

    #[test]
    fn tabs_expand_to_the_next_stop() {
        assert_eq!(expand_tabs("a\tb"), "a       b");
        assert_eq!(expand_tabs("12345678\tx"), "12345678        x");
        assert!(matches!(expand_tabs("none"), Cow::Borrowed(_)));
    }
}
