//! The one Markdown rendering of a scene's evaluation: what the debugger's "Copy as text"
//! puts on the clipboard and what bug reports embed, so it must read well both raw and
//! rendered. It only reads the [`Evaluation`]; it computes nothing.

use std::fmt::Write;

use super::evaluate::{BallEvaluation, Evaluation};
use super::model::{ResponseKind, Scene};
use super::number::{every_digit, fixed as num, fixed_f64, point as vec, point_every_digit};
use crate::hit::Hit;
use crate::region::Region;
use crate::variants::Outcome;

/// The full report: the pairs, each ball's bounce path and variants, the expectations.
pub fn render(scene: &Scene, ev: &Evaluation) -> String {
    let mut out = String::new();
    let title = if scene.name.is_empty() {
        "(unnamed)"
    } else {
        &scene.name
    };
    let _ = writeln!(out, "# Scene: {}\n", cell(title));
    if !scene.description.trim().is_empty() {
        let _ = writeln!(out, "{}\n", scene.description.trim());
    }
    let r = &scene.response;
    let kind = match r.kind {
        ResponseKind::Reflect => format!("Reflect (restitution {})", num(r.restitution)),
        ResponseKind::Slide => "Slide".to_owned(),
        ResponseKind::Stop => "Stop".to_owned(),
        ResponseKind::Cross => "Cross".to_owned(),
    };
    let n = r.max_bounces;
    let _ = writeln!(
        out,
        "Response: {kind}, {n} response{} at most per path; the contact after them stops \
         the ball.\n",
        if n == 1 { "" } else { "s" }
    );
    pairs_table(scene, ev, &mut out);
    for ball in &ev.balls {
        path_table(scene, ball, &mut out);
        variants_table(scene, ball, &mut out);
        reported_table(scene, ball, &mut out);
    }
    expectations(ev, &mut out);
    every_digit_list(scene, ev, &mut out);
    batch_lines(scene, ev, &mut out);
    out
}

/// Pairs written as `sweepscope batch` queries before the rest are only counted.
pub const MAX_BATCH_LINES: usize = 200;

/// Each pair as one line of `sweepscope batch` input: the library's own inputs, every
/// digit, so that someone without the debugger (an engine's maintainer) can run the same
/// queries, or copy them into a test of their own.
fn batch_lines(scene: &Scene, ev: &Evaluation, out: &mut String) {
    let pairs: Vec<_> = ev.pairs().collect();
    if pairs.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "## The queries\n\nEach pair as a line of `sweepscope batch` input, its `id` the \
         pair's place in the table above and its names (`sweepscope batch < queries.jsonl` \
         answers them with the numbers above); a rotated box's angle is in radians, as the \
         library takes it.\n\n```jsonl"
    );
    for (k, pair) in pairs.iter().enumerate().take(MAX_BATCH_LINES) {
        let Some(ball) = ev.ball(pair.ball) else {
            continue;
        };
        // The pair's place first: names alone can repeat ("a vs b" against "c", and "a"
        // against "b vs c").
        let id = format!(
            "{k}: {} vs {}",
            name(scene, pair.ball),
            name(scene, pair.obstacle)
        );
        let _ = writeln!(out, "{}", batch_query(&id, &ball.sweep, &pair.shape));
    }
    let _ = writeln!(out, "```\n");
    if pairs.len() > MAX_BATCH_LINES {
        let _ = writeln!(
            out,
            "… and {} more pairs (at most MAX_BATCH_LINES, {MAX_BATCH_LINES}, are written).\n",
            pairs.len() - MAX_BATCH_LINES
        );
    }
}

/// One `sweepscope batch` query (see docs/command-line.md): `id`, the sweep and the
/// obstacle, every number the shortest text that reads back as the same f32.
pub fn batch_query(
    id: &str,
    sweep: &crate::geom::Sweep,
    obstacle: &crate::obstacle::Obstacle,
) -> String {
    use crate::obstacle::Obstacle;
    let d = every_digit;
    let p = |v: glam::Vec2| format!("[{},{}]", d(v.x), d(v.y));
    let head = format!(
        "{{\"id\":{},\"start\":{},\"end\":{},\"radius\":{}",
        json_string(id),
        p(sweep.start),
        p(sweep.end),
        d(sweep.radius)
    );
    let tail = match obstacle {
        Obstacle::Aabb(b) => format!(
            "\"kind\":\"aabb\",\"min\":{},\"max\":{}",
            p(b.min),
            p(b.max)
        ),
        Obstacle::Obb(o) => format!(
            "\"kind\":\"obb\",\"center\":{},\"half_extents\":{},\"angle\":{}",
            p(o.center),
            p(o.half_extents),
            d(o.angle)
        ),
        Obstacle::Segment(sg) => {
            format!("\"kind\":\"segment\",\"a\":{},\"b\":{}", p(sg.a), p(sg.b))
        }
        Obstacle::Circle(c) => format!(
            "\"kind\":\"circle\",\"other_start\":{},\"other_end\":{},\"other_radius\":{}",
            p(c.start),
            p(c.end),
            d(c.radius)
        ),
    };
    format!("{head},{tail}}}")
}

/// `text` as a JSON string: quotes, backslashes and control characters escaped.
fn json_string(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    s.push('"');
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            c if u32::from(c) < 0x20 || c == '\u{7f}' => {
                let _ = write!(s, "\\u{:04x}", u32::from(c));
            }
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

/// The pairs' and paths' numbers with every digit of their f32s: the tables round to six
/// significant digits, and an engine's answer is compared bit for bit.
fn every_digit_list(scene: &Scene, ev: &Evaluation, out: &mut String) {
    let (d, p) = (every_digit, point_every_digit);
    let _ = writeln!(
        out,
        "## Every digit

The numbers above as their f32 values, each the shortest text that \
         reads back as the same f32.
"
    );
    for pair in ev.pairs() {
        let who = format!(
            "{} × {}",
            name(scene, pair.ball),
            name(scene, pair.obstacle)
        );
        let _ = match (&pair.hit, &pair.approach) {
            (Some(h), _) => writeln!(
                out,
                "- {who}: t = {}, centre {}, contact point {}, normal {}, face normal {}",
                d(h.time),
                p(h.center),
                p(h.point),
                p(h.normal),
                p(h.face_normal)
            ),
            (None, Some(a)) => writeln!(
                out,
                "- {who}: miss; closest approach {} at t = {}, ball point {}, obstacle point {}",
                d(a.clearance),
                d(a.time),
                p(a.ball_point),
                p(a.obstacle_point)
            ),
            (None, None) => writeln!(out, "- {who}: miss"),
        };
    }
    for ball in &ev.balls {
        let path = &ball.path;
        for (k, c) in path.contacts.iter().enumerate() {
            let _ = writeln!(
                out,
                "- path of {}, contact {}: t = {}, centre {}, normal {}",
                name(scene, ball.object),
                k + 1,
                d(c.hit.time),
                p(c.hit.center),
                p(c.hit.normal)
            );
        }
        let _ = writeln!(
            out,
            "- path of {}, end: {}",
            name(scene, ball.object),
            p(path.end)
        );
    }
    out.push('\n');
}

fn name(scene: &Scene, index: usize) -> String {
    scene
        .objects
        .get(index)
        .map_or_else(|| "?".to_owned(), |o| cell(&o.name))
}

fn pairs_table(scene: &Scene, ev: &Evaluation, out: &mut String) {
    let _ = writeln!(out, "## Pairs\n");
    if ev.pairs().next().is_none() {
        let _ = writeln!(out, "No ball × obstacle pairs.\n");
        return;
    }
    let _ = writeln!(
        out,
        "| ball | obstacle | hit | time | distance | centre | contact point | normal | face normal | feature | start region | end region | contact region | started inside | closest approach |"
    );
    let _ = writeln!(out, "|{}", "---|".repeat(15));
    // Ball by ball: each ball's turn is found once, not looked up for each of its pairs.
    let each = ev.balls.iter().flat_map(|b| {
        let turn = b.turns_at();
        b.pairs.iter().map(move |p| (turn, p))
    });
    for (turn, p) in each {
        let kind = scene
            .objects
            .get(p.obstacle)
            .map_or("?", |o| o.shape.kind());
        let obstacle = format!("{} ({kind})", name(scene, p.obstacle));
        let start = region(p.start_region);
        let end = region(p.end_region);
        let approach = p.approach.map_or("–".to_owned(), |a| {
            let rule = p.miss_rule().map_or(String::new(), |r| format!("; {r}"));
            format!(
                "clearance {} at t = {}, ball point {}, obstacle point {}{rule}",
                num(a.clearance),
                num(a.time),
                vec(a.ball_point),
                vec(a.obstacle_point)
            )
        });
        let inside = match (p.hit, p.depth) {
            (Some(h), Some(d)) if h.started_inside => format!("yes, {} deep", num(d)),
            (Some(h), _) => yes_no(h.started_inside).to_owned(),
            (None, _) => "–".to_owned(),
        };
        let _ = match &p.hit {
            None => writeln!(
                out,
                "| {} | {obstacle} | no | – | – | – | – | – | – | – | {start} | {end} | – | – | {approach} |",
                name(scene, p.ball)
            ),
            Some(h) => writeln!(
                out,
                "| {} | {obstacle} | {} | {} | {} | {} | {} | {} | {} | {} | {start} | {end} | {} | {inside} | {approach} |",
                name(scene, p.ball),
                hit_word(turn, h.time),
                num(h.time),
                p.distance.map_or("–".to_owned(), fixed_f64),
                vec(h.center),
                vec(h.point),
                vec(h.normal),
                vec(h.face_normal),
                h.feature.name(),
                region(h.region),
            ),
        };
    }
    out.push('\n');
}

/// "yes" for a contact the bounce path reaches; one of the straight motion after the path
/// has turned away is the obstacle alone's (drawn as *not reached* on the canvas).
fn hit_word(turn: Option<f32>, time: f32) -> String {
    match turn.filter(|&t| time > t) {
        Some(turn) => format!(
            "yes, not reached (the path turns at t = {} first)",
            num(turn)
        ),
        None => "yes".to_owned(),
    }
}

fn path_table(scene: &Scene, bp: &BallEvaluation, out: &mut String) {
    let path = &bp.path;
    let _ = writeln!(
        out,
        "## Path of {} ({} contact{})\n",
        name(scene, bp.object),
        path.contacts.len(),
        if path.contacts.len() == 1 { "" } else { "s" }
    );
    let _ = writeln!(
        out,
        "The incoming and outgoing columns are the rest of the motion at the contact (the \
         displacement over the time left, not a velocity), before and after the response.\n"
    );
    let _ = writeln!(
        out,
        "| step | obstacle | time | centre | normal | feature | incoming (rest of motion) | outgoing (rest of motion) |"
    );
    let _ = writeln!(out, "|{}", "---|".repeat(8));
    let start = path.points.first().copied().unwrap_or(path.end);
    let _ = writeln!(out, "| start | – | 0 | {} | – | – | – | – |", vec(start));
    for (i, (c, &obj)) in path.contacts.iter().zip(&bp.contact_objects).enumerate() {
        let h: &Hit = &c.hit;
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            i + 1,
            name(scene, obj),
            num(h.time),
            vec(h.center),
            vec(h.normal),
            h.feature.name(),
            vec(c.incoming),
            vec(c.outgoing),
        );
    }
    let _ = writeln!(out, "| end | – | – | {} | – | – | – | – |", vec(path.end));
    for &(obstacle, depth) in bp.end_overlaps() {
        let _ = writeln!(
            out,
            "\nThe ball ends inside {} ({} deep).",
            name(scene, obstacle),
            num(depth)
        );
    }
    if path.truncated {
        let _ = writeln!(
            out,
            "\nThe path was cut short: its {} response{} ran out (`max_bounces`), and the last \
             contact stopped the ball while motion remained.",
            scene.response.max_bounces,
            if scene.response.max_bounces == 1 {
                ""
            } else {
                "s"
            }
        );
    }
    out.push('\n');
}

fn variants_table(scene: &Scene, ball: &BallEvaluation, out: &mut String) {
    if ball.variants.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "## Variants for {} (beside the exact answer)\n",
        name(scene, ball.object)
    );
    let _ = writeln!(
        out,
        "| variant | obstacle | exact time | variant answer | verdict |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|");
    for row in &ball.variants {
        let Some(pair) = ball.pairs.get(row.pair) else {
            continue;
        };
        let exact = pair.hit.map_or("miss".to_owned(), |h| num(h.time));
        let answer = match &row.outcome {
            Outcome::Hit(h) => format!(
                "t {}, centre {}, normal {}",
                num(h.time),
                vec(h.center),
                vec(h.normal)
            ),
            Outcome::Miss => "miss".to_owned(),
            Outcome::Failed(why) => format!("failed ({})", cell(why)),
            Outcome::NotApplicable => "n/a".to_owned(),
        };
        // The sub-step count decides the sub-stepping answer (8 tunnel where 40 do not),
        // and a scene at the default count does not write it.
        let variant = match row.variant {
            crate::variants::Variant::Substep => {
                format!("{} ({} sub-steps)", row.variant.id(), scene.params.substeps)
            }
            v => v.id().to_owned(),
        };
        let _ = writeln!(
            out,
            "| {variant} | {} | {exact} | {answer} | {} |",
            name(scene, pair.obstacle),
            cell(&verdict_words(&row.verdict, row.why.as_deref()))
        );
    }
    out.push('\n');
}

/// The answers the scene records from other programs for this ball, judged.
fn reported_table(scene: &Scene, ball: &BallEvaluation, out: &mut String) {
    if ball.reported.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "## Reported answers for {} (beside the exact answer)\n",
        name(scene, ball.object)
    );
    let _ = writeln!(
        out,
        "| by | obstacle | exact time | reported answer | verdict | detail |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|");
    for (row, r, pair) in ball.reported_in(scene) {
        let exact = pair.hit.map_or("miss".to_owned(), |h| num(h.time));
        let said = r.said();
        let _ = writeln!(
            out,
            "| {} | {} | {exact} | {said} | {} | {} |",
            cell(&r.by),
            name(scene, pair.obstacle),
            cell(&verdict_words(&row.verdict, row.why.as_deref())),
            cell(&r.detail)
        );
    }
    out.push('\n');
}

/// A verdict and, for a disagreement, why: `MISSED HIT — the ball overlaps it from …`.
pub fn verdict_words(verdict: &crate::variants::verdict::Verdict, why: Option<&str>) -> String {
    match why {
        Some(why) => format!("{} — {why}", verdict.text()),
        None => verdict.text(),
    }
}

fn expectations(ev: &Evaluation, out: &mut String) {
    if ev.expectations.is_empty() && ev.path_expectations.is_empty() {
        return;
    }
    let _ = writeln!(out, "## Expectations\n");
    for e in &ev.expectations {
        let _ = writeln!(out, "- {}", cell(&e.to_string()));
    }
    for e in &ev.path_expectations {
        let _ = writeln!(out, "- {}", cell(&e.to_string()));
    }
    out.push('\n');
}

/// `1001 TOP\|LEFT`: the pipe is escaped so Markdown keeps it inside the table cell.
fn region(r: Option<Region>) -> String {
    r.map_or_else(
        || "–".to_owned(),
        |r| format!("{} {}", r.bit_string(), r.flag_string().replace('|', "\\|")),
    )
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// User text in a table cell: pipes escaped, line breaks flattened.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// User test: a path of 6 contacts under "at most 5 contacts per path", and "ran out
    /// of contacts (5 allowed)": `max_bounces` counts responses, and the contact after them
    /// stops the ball.
    #[test]
    fn max_bounces_is_worded_as_responses_then_a_stop() {
        let mut scene = crate::scene::builtin::default_scene();
        for (n, said) in [(5, "5 responses at most"), (1, "1 response at most")] {
            scene.response.max_bounces = n;
            let md = render(&scene, &crate::scene::evaluate(&scene));
            assert!(
                md.contains(&format!(
                    "{said} per path; the contact after them stops the ball"
                )),
                "{md}"
            );
        }
        scene.response.max_bounces = 0;
        let md = render(&scene, &crate::scene::evaluate(&scene));
        assert!(
            md.contains("its 0 responses ran out (`max_bounces`), and the last contact stopped"),
            "{md}"
        );
        assert!(!md.contains("contacts per path"), "{md}");
    }

    /// User test: the report's pairs table listed the second floor box at a seam as a
    /// plain "yes", a contact the ball never has; only the inspector said otherwise.
    #[test]
    fn a_contact_the_path_never_reaches_is_marked_in_the_pairs_table() {
        let text = include_str!("../../scenes/seam-slide.ron");
        let scene = crate::scene::parse_scene(text, "seam.ron").unwrap_or_else(|e| panic!("{e}"));
        let md = render(&scene, &crate::scene::evaluate(&scene));
        assert!(md.contains("| ball | A (box) | yes | 0.375 |"), "{md}");
        assert!(
            md.contains(
                "| ball | B (box) | yes, not reached (the path turns at t = 0.375 first) |"
            ),
            "{md}"
        );
    }

    /// The variants table said "substep … MISSED HIT" without the count, which decides it
    /// (8 sub-steps tunnel where 40 do not) and which a scene at the default leaves out.
    #[test]
    fn the_substep_row_names_its_count() {
        let mut scene = crate::scene::builtin::default_scene();
        scene.variants = vec!["substep".to_owned(), "discrete".to_owned()];
        for n in [8, 40] {
            scene.params.substeps = n;
            let md = render(&scene, &crate::scene::evaluate(&scene));
            assert!(md.contains(&format!("| substep ({n} sub-steps) |")), "{md}");
            assert!(md.contains("| discrete |"), "{md}");
        }
    }

    /// User test: the report left out what the inspector shows of a miss (the closest
    /// points, the rule that makes a graze a miss), and rounded every number to six digits,
    /// so an engine's answer could not be compared bit for bit.
    #[test]
    fn a_report_gives_a_misss_points_and_rule_and_every_digit() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/parry-graze.ron");
        let scene = crate::scene::load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
        let md = render(&scene, &crate::scene::evaluate(&scene));
        assert!(
            md.contains(
                "clearance 0 at t = 0.333333, ball point (0, 10), obstacle point (0, 10); it \
                 touches without overlapping, a graze: not a hit (the contact rules) |"
            ),
            "{md}"
        );
        assert!(
            md.contains(
                "## Every digit\n\nThe numbers above as their f32 values, each the shortest \
                 text that reads back as the same f32.\n\n- top × box: miss; closest approach \
                 0.0 at t = 0.33333334, ball point (0.0, 10.0), obstacle point (0.0, 10.0)\n"
            ),
            "{md}"
        );
        // The default scene's second contact, 0.712484 in the tables.
        let scene = crate::scene::builtin::default_scene();
        let md = render(&scene, &crate::scene::evaluate(&scene));
        let line = md
            .lines()
            .find(|l| l.starts_with("- path of ball, contact 2: t = "))
            .unwrap_or_else(|| panic!("{md}"));
        let t: f32 = line["- path of ball, contact 2: t = ".len()..]
            .split(',')
            .next()
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        let exact = crate::scene::evaluate(&scene).balls[0].path.contacts[1]
            .hit
            .time;
        assert_eq!(t.to_bits(), exact.to_bits(), "{line}");
    }

    #[test]
    fn regions_show_bits_and_escaped_flags() {
        assert_eq!(region(Some(Region(0b1001))), "1001 TOP\\|LEFT");
        assert_eq!(region(Some(Region::INSIDE)), "0000 INSIDE");
        assert_eq!(region(None), "–");
    }
}
