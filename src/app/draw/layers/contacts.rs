//! Contacts and near misses: every exact contact (the ball at impact, the contact point, its
//! normal and face normal), the inspected ball's closest approaches to what it misses and
//! its depth inside what it starts in, the response path, and the enabled variants' answers
//! where they differ from the exact one.

use egui::{Color32, Stroke, vec2};

use super::Frame;
use crate::app::draw::palette::{Role, variant_color};
use crate::app::draw::pen::{Layer, Pen, around};
use crate::hit::{Feature, Hit};
use crate::obstacle::Obstacle;
use crate::scene::number::{fixed, short_name};
use crate::scene::{BallEvaluation, PairResult};
use crate::variants::Variant;
use crate::variants::verdict::Verdict;

/// For every contact of every ball: the ball at impact, the contact point, the normal and
/// (at corners and end caps) the face normal.
pub fn impact(pen: &mut Pen, f: &Frame) {
    for (b, p, h) in shown_hits(f) {
        // A contact of the straight motion the response path turned away from before it:
        // drawn as an outline without normals, and said so, not as a contact (it read as a
        // ghost collision at a seam the ball slides over).
        if !b.on_path(h.time) {
            // As bright as a contact's ghost, dashed: dimmed, it hid under the hatching
            // and read as the ball's end.
            let stroke = Stroke::new(1.5, Role::Ghost.color());
            pen.dashed_circle(Layer::Impact, h.center, b.sweep.radius, stroke);
            let name = f
                .scene
                .objects
                .get(p.obstacle)
                .map_or(String::new(), |o| short_name(&o.name));
            pen.label(
                Layer::Impact,
                h.center,
                &around(pen.cam.len(b.sweep.radius) + 4.0),
                &format!("'{name}': not reached, the path turns first"),
                Role::Ghost.color(),
            );
            continue;
        }
        // A moving circle is drawn where it is at the contact, too.
        if let Obstacle::Circle(c) = p.shape
            && c.delta() != glam::Vec2::ZERO
        {
            let stroke = Stroke::new(1.5, Role::Obstacle.color());
            pen.dashed_circle(Layer::Impact, c.at(h.time), c.radius, stroke);
        }
        draw_hit(pen, Layer::Impact, h, b.sweep.radius, Role::Ghost.color());
    }
}

/// Keeps every label off the contact points [`impact`] draws: called before any label is
/// placed (the response path numbers its contacts before the impact layer is drawn).
pub fn keep_contacts_clear(pen: &mut Pen, f: &Frame) {
    for (_, _, h) in shown_hits(f) {
        pen.keep_clear(h.point, CONTACT_DOT);
    }
}

/// The contacts the impact layer shows: the inspected ball's earliest, every other ball's
/// first.
fn shown_hits<'a>(
    f: &'a Frame,
) -> impl Iterator<Item = (&'a BallEvaluation, &'a PairResult, &'a Hit)> + 'a {
    f.eval.balls.iter().flat_map(move |b| {
        let inspected = f.ball().is_some_and(|i| i.object == b.object);
        let n = if inspected { MAX_CONTACTS } else { 1 };
        super::nearest(b, n, |p| p.hit.is_some())
            .into_iter()
            .filter_map(move |p| p.hit.as_ref().map(|h| (b, p, h)))
    })
}

/// The contact point's dot, radius in points.
const CONTACT_DOT: f32 = 4.0;

fn draw_hit(pen: &mut Pen, layer: Layer, h: &Hit, r: f32, ghost: Color32) {
    let faded = Color32::from_rgba_unmultiplied(ghost.r(), ghost.g(), ghost.b(), 30);
    pen.circle(layer, h.center, r, faded, Stroke::new(1.5, ghost));
    pen.arrow(layer, h.point, h.normal, 42.0, Role::Normal.color());
    let corner = matches!(h.feature, Feature::Corner(_) | Feature::End(_));
    if corner && (h.face_normal - h.normal).length() > 1e-4 {
        pen.arrow(
            layer,
            h.point,
            h.face_normal,
            30.0,
            Role::FaceNormal.color(),
        );
    }
    pen.mark(layer, h.point, CONTACT_DOT, Role::Contact.color());
}

/// Path points a frame draws at most, over all the balls' paths: 99 balls bouncing
/// 10,000 times each took 2.4 s and 1.9 GB a frame to draw whole.
const DRAWN_POINTS: usize = 20_000;

/// Points of one path drawn at most, and at least when many balls share the budget.
const PATH_POINTS: (usize, usize) = (50, 2_000);

/// Contacts of one path numbered at most: past a few hundred the numbers pile up.
const NUMBERED: usize = 200;

/// The response path through every contact, numbered, and where the ball ends up. A
/// path of thousands of contacts is drawn up to its share of [`DRAWN_POINTS`], and says
/// so where it is cut.
pub fn path(pen: &mut Pen, f: &Frame) {
    let balls = f.eval.balls.len().max(1);
    let per_path = (DRAWN_POINTS / balls).clamp(PATH_POINTS.0, PATH_POINTS.1);
    for b in &f.eval.balls {
        let p = &b.path;
        if p.points.len() < 2 && p.contacts.is_empty() {
            continue;
        }
        let shown = p.points.len().min(per_path);
        pen.polyline(
            Layer::Path,
            &p.points[..shown],
            Stroke::new(2.0, Role::Path.color()),
        );
        // The first point is the start; contact k is point k + 1.
        for (i, c) in p.contacts.iter().take(shown - 1).enumerate() {
            pen.dot(Layer::Path, c.hit.center, 3.5, Role::Path.color());
            if i < NUMBERED {
                pen.label(
                    Layer::Path,
                    c.hit.center,
                    &around(8.0),
                    &format!("{}", i + 1),
                    Role::Path.color(),
                );
            }
        }
        if shown < p.points.len() {
            pen.label(
                Layer::Path,
                p.points[shown - 1],
                &around(8.0),
                &format!(
                    "path drawn to contact {} of {}",
                    shown - 1,
                    p.contacts.len()
                ),
                Role::Path.color(),
            );
        }
        if !p.contacts.is_empty() {
            pen.dashed_circle(
                Layer::Path,
                p.end,
                b.sweep.radius,
                Stroke::new(1.0, Role::Path.alpha(200)),
            );
        }
    }
}

/// Each enabled variant's answer for the inspected ball, in its own colour, where it
/// differs from the exact one: its ball at impact, contact and normal, labelled with the
/// verdict where there is room. Every verdict is also in [`variant_list`].
pub fn variants(pen: &mut Pen, f: &Frame) {
    let Some(ball) = f.ball() else { return };
    for row in &ball.variants {
        let drawable = row
            .hit()
            .filter(|h| h.center.is_finite() && h.point.is_finite() && h.normal.is_finite());
        let Some(h) = drawable.filter(|_| row.verdict.is_bad()) else {
            continue;
        };
        let color = variant_color(row.variant);
        pen.circle(
            Layer::Variants,
            h.center,
            ball.sweep.radius,
            Color32::TRANSPARENT,
            Stroke::new(1.5, color),
        );
        pen.arrow(Layer::Variants, h.point, h.normal, 30.0, color);
        pen.dot(Layer::Variants, h.point, 3.5, color);
        if f.scene.layers.labels {
            let gap = pen.cam.len(ball.sweep.radius) + 6.0;
            pen.label(
                Layer::Variants,
                h.center,
                &around(gap),
                &verdict_line(f, row.variant.id(), row.pair, &row.verdict),
                color,
            );
        }
    }
}

/// Every enabled variant's verdict for the inspected ball, listed in the canvas's top-left
/// corner, disagreements first: drawn before any other label, as one block that gives way
/// to nothing (a handle or a label under it loses no line), so that a disagreement never
/// goes unseen for want of room beside its contact. As many rows as fit in half the
/// canvas's height, then one line counting the rest, which the inspector lists. The
/// `verdicts` layer hides it.
pub fn variant_list(pen: &mut Pen, f: &Frame) {
    let Some(ball) = f.ball() else { return };
    // The variants' rows, then the answers the scene records from other programs:
    // (line, colour, disagreeing, agreeing).
    let mut rows: Vec<(String, egui::Color32, bool, bool)> = ball
        .variants
        .iter()
        .map(|r| {
            let line = verdict_line(f, r.variant.id(), r.pair, &r.verdict);
            let agrees = r.verdict == Verdict::Agree;
            (line, variant_color(r.variant), r.verdict.is_bad(), agrees)
        })
        .chain(ball.reported_in(f.scene).map(|(row, said, _)| {
            let by = &said.by;
            let color = Variant::from_id(by).map_or(Role::Label.color(), variant_color);
            let line = verdict_line(f, &format!("{by} (reported)"), row.pair, &row.verdict);
            let agrees = row.verdict == Verdict::Agree;
            (line, color, row.verdict.is_bad(), agrees)
        }))
        .collect();
    if rows.is_empty() {
        return;
    }
    // Stable: within each group, in the inspector's order.
    rows.sort_by_key(|r| (!r.2, r.3));
    // Past a few rows the agreements are one line: listed one by one (eight variants on
    // seven obstacles) they covered the corner of the drawing down to half its height.
    let agreeing = if rows.len() > MAX_AGREEMENTS_LISTED {
        let n = rows.iter().filter(|r| r.3).count();
        rows.retain(|r| !r.3);
        n
    } else {
        0
    };
    // A line wider than the canvas (an obstacle's name may be 256 characters) is cut short.
    let width = pen.cam.rect.width() - 20.0;
    let mut lines: Vec<(String, egui::Color32)> = Vec::new();
    // With several balls the list is the inspected one's: it says so.
    if f.eval.balls.len() > 1 {
        let name = f
            .scene
            .objects
            .get(ball.object)
            .map_or(String::new(), |o| short_name(&o.name));
        let head = format!("variants for ball '{name}' (the inspected one)");
        lines.push((head, Role::Label.color()));
    }
    // Room for half the canvas's height, the count of the rest included.
    let room = ((pen.cam.rect.height() * 0.5 / CORNER_LINE) as usize).max(2);
    let summary = usize::from(agreeing > 0);
    let fit = room.saturating_sub(lines.len() + summary);
    let shown = if rows.len() > fit {
        fit.saturating_sub(1)
    } else {
        rows.len()
    };
    for (line, color, _, _) in &rows[..shown] {
        lines.push((line.clone(), *color));
    }
    let more = rows.len() - shown;
    let bad = rows[shown..].iter().filter(|r| r.2).count();
    let rest = match (more, agreeing) {
        (0, 0) => None,
        (0, n) => Some(format!("… and {n} agreeing verdicts: see the inspector")),
        (m, 0) => Some(format!("… {m} more ({bad} disagreeing): see the inspector")),
        (m, n) => Some(format!(
            "… {m} more ({bad} disagreeing) and {n} agreeing verdicts: see the inspector"
        )),
    };
    lines.extend(rest.map(|t| (t, Role::Label.color())));
    let lines: Vec<_> = lines
        .into_iter()
        .map(|(t, c)| (pen.fit_text(&t, width), c))
        .collect();
    let at = pen.cam.rect.left_top() + vec2(10.0, 8.0);
    pen.screen_lines(Layer::Variants, at, &lines, CORNER_LINE);
}

/// Verdict rows listed one by one when every one is: more, and the agreeing ones are
/// counted in one line.
const MAX_AGREEMENTS_LISTED: usize = 4;

/// "substep vs wall: Δt = +0.0250".
fn verdict_line(f: &Frame, by: &str, pair: usize, verdict: &Verdict) -> String {
    let pair = f.ball().and_then(|b| b.pairs.get(pair));
    let obstacle = pair
        .and_then(|p| f.scene.objects.get(p.obstacle))
        .map_or(String::new(), |o| short_name(&o.name));
    // How bad a missed hit is, at a glance: a real tunnel and a graze missed by 2e-7 were
    // the same red line. The deepest the unobstructed motion goes is the closest
    // approach's (negative) clearance.
    // A missed overlap at the start is said as the status bar and the heat map say it
    // ("MISSED HIT (up to 0.07 deep)" read as a tunnel).
    let inside = pair.and_then(|p| p.hit).is_some_and(|h| h.started_inside);
    let depth = pair
        .and_then(|p| p.approach)
        .filter(|a| *verdict == Verdict::MissedHit && a.clearance < 0.0)
        .map_or(String::new(), |a| {
            let deep = crate::scene::number::fixed(-a.clearance);
            if inside {
                format!(" (misses the overlap at the start, up to {deep} deep)")
            } else {
                format!(" (up to {deep} deep)")
            }
        });
    format!("{by} vs {obstacle}: {}{depth}", verdict.text())
}

/// For the inspected ball: how close it comes to the obstacles it misses (the nearest few),
/// drawn as a marked gap between its surface and theirs at that moment with the ball there;
/// and how deep it starts inside what it overlaps at `t = 0`.
pub fn approach(pen: &mut Pen, f: &Frame) {
    let Some(ball) = f.ball() else { return };
    let r = ball.sweep.radius;
    let mut misses: Vec<_> = ball
        .pairs
        .iter()
        .filter(|p| p.hit.is_none())
        .filter_map(|p| p.approach)
        .filter(|a| a.clearance.is_finite())
        .collect();
    misses.sort_by(|a, b| a.clearance.total_cmp(&b.clearance));
    let color = Role::Gap.color();
    for a in misses.into_iter().take(MAX_GAPS) {
        pen.dashed_circle(
            Layer::Approach,
            a.center,
            r,
            Stroke::new(1.0, Role::Gap.alpha(150)),
        );
        pen.segment(
            Layer::Approach,
            a.obstacle_point,
            a.ball_point,
            Stroke::new(2.0, color),
        );
        for end in [a.obstacle_point, a.ball_point] {
            pen.dot(Layer::Approach, end, 3.0, color);
        }
        let text = format!("gap {} at t = {}", fixed(a.clearance), fixed(a.time));
        let mid = (a.obstacle_point + a.ball_point) * 0.5;
        // Above or below the gap first: beside it the label would sit on the ball.
        let spots = around(8.0);
        let spots = [spots[1], spots[3], spots[4], spots[6], spots[0], spots[2]];
        pen.label(Layer::Approach, mid, &spots, &text, color);
    }
    for p in &ball.pairs {
        if let (Some(h), Some(depth)) = (p.hit, p.depth)
            && h.started_inside
        {
            let text = format!("{} deep", fixed(depth));
            let gap = pen.cam.len(r) + 4.0;
            pen.label(
                Layer::Approach,
                ball.sweep.start,
                &around(gap),
                &text,
                Role::Alert.color(),
            );
        }
    }
}

/// Points between the lines of the canvas's top-left list (a label's height and its gap).
const CORNER_LINE: f32 = 20.0;

/// Contacts drawn at most for the inspected ball (the earliest).
const MAX_CONTACTS: usize = 8;

/// Near misses drawn at most (the nearest), so a crowded scene stays readable.
const MAX_GAPS: usize = 3;

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::*;
    use crate::app::draw::camera::Camera;
    use crate::scene::{Object, Scene, Shape, View, evaluate};

    /// The labels the whole canvas places for `scene`, inspecting its first ball, on a
    /// canvas of `size`.
    fn labels(scene: &Scene, size: egui::Vec2) -> Vec<String> {
        labels_around(scene, size, &[])
    }

    /// [`labels`] with handles kept clear at these world points first, as the canvas does.
    fn labels_around(scene: &Scene, size: egui::Vec2, handles: &[Vec2]) -> Vec<String> {
        let eval = evaluate(scene);
        let ctx = egui::Context::default();
        let mut texts = Vec::new();
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let rect = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
            let painter = ui.painter_at(rect);
            let view = View {
                center: Vec2::new(0.0, 10.0),
                zoom: 6.0,
                extent: None,
            };
            let mut pen = Pen::new(&painter, Camera::new(rect, &view));
            for &h in handles {
                pen.keep_clear(h, 8.0);
            }
            let frame = Frame {
                scene,
                eval: &eval,
                ball: eval.balls.first(),
                selected: Some(0),
                hovered: None,
                t: 1.0,
                heat: None,
            };
            super::super::draw_all(&mut pen, &frame);
            pen.finish();
            texts = std::mem::take(&mut pen.texts);
        });
        out.drop_without_applying_deltas();
        texts
    }

    fn seam(variants: &[&str]) -> Scene {
        let mut scene = Scene::empty("seam");
        let obj = |name: &str, shape| Object {
            name: name.into(),
            shape,
        };
        scene.objects = vec![
            obj(
                "ball",
                Shape::Ball {
                    start: Vec2::new(0.0, 30.0),
                    end: Vec2::new(0.0, 5.0),
                    radius: 5.0,
                },
            ),
            obj(
                "box",
                Shape::Box {
                    min: Vec2::new(-40.0, 0.0),
                    max: Vec2::new(0.0, 10.0),
                },
            ),
            obj(
                "box2",
                Shape::Box {
                    min: Vec2::new(0.0, 0.0),
                    max: Vec2::new(40.0, 10.0),
                },
            ),
        ];
        scene.variants = variants.iter().map(|v| (*v).to_owned()).collect();
        scene
    }

    /// "my-engine" answered that the ball misses the box.
    fn reported_miss() -> crate::scene::Reported {
        crate::scene::Reported {
            ball: "ball".into(),
            obstacle: "box".into(),
            by: "my-engine".into(),
            hit: false,
            time: None,
            normal: None,
            started_inside: None,
            detail: String::new(),
        }
    }

    /// A reported answer (the scene's `reported` list) was listed nowhere.
    #[test]
    fn a_reported_answer_is_listed_with_the_variants() {
        let mut scene = seam(&[]);
        scene.reported.push(reported_miss());
        let shown = labels(&scene, egui::vec2(700.0, 500.0));
        assert!(
            shown
                .iter()
                .any(|l| l == "my-engine (reported) vs box: MISSED HIT (up to 5 deep)"),
            "{shown:?}"
        );
    }

    /// User test: a hunted missed overlap at the start read "MISSED HIT (up to 0.07
    /// deep)" on the canvas, while the status bar said "misses the overlap at the start".
    #[test]
    fn a_missed_overlap_at_the_start_is_said_so_on_the_canvas() {
        let mut scene = seam(&[]);
        // The ball starts 2 deep in the box, moving away from it.
        if let Shape::Ball { start, end, .. } = &mut scene.objects[0].shape {
            *start = Vec2::new(-10.0, 13.0);
            *end = Vec2::new(-10.0, 40.0);
        }
        scene.reported.push(reported_miss());
        let shown = labels(&scene, egui::vec2(700.0, 500.0));
        assert!(
            shown.iter().any(|l| l
                == "my-engine (reported) vs box: MISSED HIT (misses the overlap at the start, \
                    up to 2 deep)"),
            "{shown:?}"
        );
    }

    #[test]
    fn every_disagreeing_variant_is_on_the_canvas() {
        // The bug: two variants wrong at the same place against the two boxes of a seam
        // had room for one label; the canvas showed one disagreement of four, and a user
        // glancing at it took the rest to agree.
        let scene = seam(&["discrete", "substep"]);
        let eval = evaluate(&scene);
        let bad: Vec<String> = eval.balls[0]
            .variants
            .iter()
            .filter(|r| r.verdict.is_bad())
            .map(|r| {
                let o = &scene.objects[eval.balls[0].pairs[r.pair].obstacle].name;
                format!("{} vs {o}: {}", r.variant.id(), r.verdict.text())
            })
            .collect();
        assert_eq!(bad.len(), 4, "{bad:?}");
        let shown = labels(&scene, egui::vec2(700.0, 500.0));
        for line in &bad {
            assert!(shown.contains(line), "{line} not on the canvas: {shown:?}");
        }
    }

    #[test]
    fn a_long_list_of_verdicts_ends_with_a_count_of_the_rest() {
        let all = [
            "trig-corner",
            "expanded-box",
            "discrete",
            "substep",
            "slope-form",
            "projection",
            "billiards",
        ];
        let scene = seam(&all);
        // 200 points tall: room for five lines. The agreements are counted in one line,
        // the disagreements listed first.
        let shown = labels(&scene, egui::vec2(700.0, 200.0));
        let rest = shown
            .iter()
            .find(|t| t.starts_with("… "))
            .unwrap_or_else(|| panic!("no count of the rest: {shown:?}"));
        assert!(
            rest.contains("agreeing verdicts: see the inspector"),
            "{rest}"
        );
        let listed: Vec<&String> = shown.iter().filter(|t| t.contains(" vs ")).collect();
        assert!(!listed.is_empty(), "{shown:?}");
        assert!(listed.iter().all(|t| !t.ends_with("agrees")), "{listed:?}");
        // 100 points tall: some disagreements are counted too.
        let shown = labels(&scene, egui::vec2(700.0, 100.0));
        let rest = shown
            .iter()
            .find(|t| t.starts_with("… "))
            .unwrap_or_else(|| panic!("no count of the rest: {shown:?}"));
        assert!(rest.contains("disagreeing) and "), "{rest}");
        // A few rows are all listed, agreements included.
        let few = labels(&seam(&["trig-corner"]), egui::vec2(700.0, 500.0));
        assert!(few.iter().any(|t| t.ends_with("agrees")), "{few:?}");
    }

    /// Bug: a handle under the corner list (an object near the top of the view) made its
    /// rows, and the line counting the rest, give way: the list lost its last rows with no
    /// "… more", and the screenshot of a bug report with them.
    #[test]
    fn a_handle_under_the_verdict_list_loses_it_no_row() {
        let all = ["discrete", "substep", "parry-sweep"];
        let scene = seam(&all);
        let size = egui::vec2(700.0, 500.0);
        let free = labels(&scene, size);
        let listed = |shown: &[String]| -> Vec<String> {
            shown
                .iter()
                .filter(|t| t.contains(" vs ") || t.starts_with("… "))
                .cloned()
                .collect()
        };
        assert!(listed(&free).len() >= 4, "{free:?}");
        // Handles all down the list's corner: the view is centred on (0, 10) at 6 px a
        // unit, so the corner's world points are x ≈ -57, y from 50 down to 20.
        let handles: Vec<Vec2> = (0..40)
            .map(|k| Vec2::new(-57.0 + (k % 4) as f32 * 4.0, 50.0 - (k / 4) as f32 * 3.0))
            .collect();
        let crowded = labels_around(&scene, size, &handles);
        assert_eq!(listed(&crowded), listed(&free));
        // And hidden with its layer.
        let mut hidden = scene.clone();
        hidden.layers.verdicts = false;
        let shown = labels(&hidden, size);
        assert!(shown.iter().all(|t| !t.starts_with("… ")), "{shown:?}");
        assert!(listed(&shown).len() < listed(&free).len(), "{shown:?}");
    }

    /// With two balls the corner list was the inspected ball's without saying so: "0
    /// disagreeing" for one ball beside another with four missed hits.
    #[test]
    fn with_several_balls_the_list_names_the_ball_it_is_for() {
        let mut scene = seam(&["discrete"]);
        let mut other = scene.objects[0].clone();
        other.name = "ball2".into();
        scene.objects.push(other);
        let shown = labels(&scene, egui::vec2(700.0, 500.0));
        assert!(
            shown.contains(&"variants for ball 'ball' (the inspected one)".to_owned()),
            "{shown:?}"
        );
        // One ball: no heading.
        let shown = labels(&seam(&["discrete"]), egui::vec2(700.0, 500.0));
        assert!(
            !shown.iter().any(|t| t.starts_with("variants for")),
            "{shown:?}"
        );
    }

    #[test]
    fn a_verdict_wider_than_the_canvas_is_cut_short_not_left_out() {
        let mut scene = seam(&["discrete"]);
        let long = "a".repeat(200);
        scene.objects[1].name = long.clone();
        let shown = labels(&scene, egui::vec2(400.0, 500.0));
        // The name is cut in its middle, so the verdict after it still shows.
        assert!(
            shown
                .iter()
                .any(|t| t.starts_with("discrete vs aaaa") && t.contains('…') && t.contains(": ")),
            "{shown:?}"
        );
    }
}
