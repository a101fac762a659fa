//! The inspector: the selected object's inputs, the response settings, the scene's name,
//! description and notes (flagged when they state answers the scene no longer gives), for
//! the inspected ball the full readout per obstacle, the bounce path table and the variants'
//! answers, and the scene's expectations with PASS or FAIL. Every number comes from the
//! scene's evaluation; edits go out as commands.

use egui::{ComboBox, Grid, RichText, ScrollArea, Ui};

use super::widgets::{drag_f32, drag_f32_where, drag_len, drag_vec2, field_edit, key};
use crate::app::action::Action;
use crate::app::command::Command;
use crate::app::document::Edit;
use crate::app::draw::palette::{Role, variant_color};
use crate::hit::Hit;
use crate::scene::number::{every_digit, fixed, fixed_f64, point, point_every_digit};
use crate::scene::{BallEvaluation, Evaluation, PairResult, ResponseKind, Scene, Shape};
use crate::variants::{Outcome, Variant};

#[allow(clippy::too_many_arguments)]
/// `opened` names the document (its scroll position is its own); `zoom` is the canvas's,
/// in pixels per unit, which sets how far a drag on a field moves a value.
pub fn show(
    ui: &mut Ui,
    (opened, zoom): (u64, f32),
    scene: &Scene,
    selected: Option<usize>,
    eval: &Evaluation,
    ball: Option<&BallEvaluation>,
    stale: &[String],
    out: &mut Vec<Command>,
) {
    // Vertical scrolling only: everything wraps to the panel's width, so nothing is ever
    // scrolled out of sight sideways. Each selection has its own scroll position: one
    // scrolled down the readout left the next object's fields out of sight.
    ScrollArea::vertical()
        .id_salt(("inspector", opened, selected))
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
            ui.heading("Inspector");
            if let Some(i) = selected
                && i < scene.objects.len()
            {
                object_editor(ui, scene, i, zoom, out);
            } else {
                ui.weak("Click an object to select it.");
            }
            ui.separator();
            response_editor(ui, scene, out);
            ui.separator();
            scene_text(ui, scene, stale, out);
            ui.separator();
            if Action::CopyText.button(ui, true) {
                out.push(Command::Action(Action::CopyText));
            }
            match ball {
                Some(ball) => readout(ui, scene, ball),
                None => {
                    ui.weak("Add a ball to see contacts.");
                }
            }
            if !eval.expectations.is_empty()
                || !eval.path_expectations.is_empty()
                || !eval.balls.is_empty()
            {
                ui.separator();
                expectations(ui, eval, out);
            }
        });
}

fn object_editor(ui: &mut Ui, scene: &Scene, i: usize, zoom: f32, out: &mut Vec<Command>) {
    let obj = &scene.objects[i];
    // A point dragged on a field moves a length by what a point is on the canvas: a fixed
    // 0.1 per point took a radius of 5e-30 to 0.5 in 15 points.
    let zoom = zoom.max(crate::app::draw::camera::MIN_ZOOM);
    ui.horizontal(|ui| {
        let l = key(ui, "name");
        // The text being typed is kept apart and the rename made once, when the field is
        // left (Enter included): renamed keystroke by keystroke, "wall" went through
        // "wal", whose expectations then stayed behind when "wall" was refused as taken.
        let id = ui.scope_id().with(("name being typed", i));
        let mut name = ui
            .data(|d| d.get_temp::<String>(id))
            .unwrap_or_else(|| obj.name.clone());
        let r = ui
            .add(egui::TextEdit::singleline(&mut name).desired_width(180.0))
            .labelled_by(l.id);
        if r.has_focus() {
            ui.data_mut(|d| d.insert_temp(id, name.clone()));
        }
        if r.lost_focus() {
            ui.data_mut(|d| d.remove::<String>(id));
            let name = name.trim().to_owned();
            // Escape leaves the field as it was, as it does a menu or a dialog: the rename
            // was made all the same.
            let escaped = ui.input(|i| i.key_pressed(egui::Key::Escape));
            if !escaped && name != obj.name {
                out.push(Command::edit(Edit::Rename { object: i, name }));
            }
        }
    });
    ui.label(RichText::new(obj.shape.kind()).weak());
    let mut shape = obj.shape;
    Grid::new("object_fields")
        .num_columns(2)
        .spacing([8.0, 4.0])
        .show(ui, |ui| match &mut shape {
            Shape::Ball { start, end, radius } | Shape::Circle { start, end, radius } => {
                drag_vec2(ui, "start", start, zoom);
                drag_vec2(ui, "end", end, zoom);
                // No range: a value the file format refuses (-5 typed) is refused with its
                // reason, where a range would have held it to 0 and blamed that.
                drag_len(ui, "radius", radius, zoom);
            }
            Shape::Box { min, max } => {
                drag_vec2(ui, "min", min, zoom);
                drag_vec2(ui, "max", max, zoom);
            }
            Shape::RotatedBox {
                center,
                half_extents,
                angle,
            } => {
                drag_vec2(ui, "center", center, zoom);
                drag_vec2(ui, "half extents", half_extents, zoom);
                drag_f32(ui, "angle°", angle, 0.5, None);
            }
            Shape::Segment { a, b } => {
                drag_vec2(ui, "a", a, zoom);
                drag_vec2(ui, "b", b, zoom);
            }
        });
    // A quarter turn in degrees is not one in f32 radians: a "90°" box is tilted by 4e-8,
    // which its answers are exact for, and which reads as a wrong answer beside a Box.
    if let Some(crate::obstacle::Obstacle::Obb(b)) = obj.shape.obstacle()
        && let Shape::RotatedBox { angle, .. } = obj.shape
        && angle != 0.0
        && angle % 90.0 == 0.0
    {
        let axis = b.axis();
        ui.label(
            RichText::new(format!(
                "{angle}° is turned as the f32 angle {} rad: its axis is ({}, {}), not exactly \
                 along x and y, and the answers are exact for that. For a box along the axes use \
                 a Box (or 0° with the half extents swapped).",
                b.angle, axis.x, axis.y
            ))
            .small()
            .color(Role::Warning.color()),
        );
    }
    if shape != obj.shape {
        out.push(field_edit(ui, Edit::SetShape { object: i, shape }));
    }
    ui.horizontal_wrapped(|ui| {
        for action in [Action::Duplicate, Action::Delete] {
            if action.button(ui, true) {
                out.push(Command::Action(action));
            }
        }
    });
}

fn response_editor(ui: &mut Ui, scene: &Scene, out: &mut Vec<Command>) {
    let mut response = scene.response;
    let r = &mut response;
    Grid::new("response").num_columns(2).show(ui, |ui| {
        let l = key(ui, "response");
        ComboBox::from_id_salt("response_kind")
            .selected_text(format!("{:?}", r.kind))
            .show_ui(ui, |ui| {
                for k in [
                    ResponseKind::Reflect,
                    ResponseKind::Slide,
                    ResponseKind::Stop,
                    ResponseKind::Cross,
                ] {
                    ui.selectable_value(&mut r.kind, k, format!("{k:?}"));
                }
            })
            .response
            .labelled_by(l.id);
        ui.end_row();
        let unused = (r.kind != ResponseKind::Reflect)
            .then_some("Only Reflect bounces: the restitution scales its rebound.");
        // No range: a typed value out of [0, 1] is refused with its reason rather than held
        // to it. A drag with the mouse is held to [0, 1], so that it can reach either end.
        let field = drag_f32_where(ui, "restitution", &mut r.restitution, 0.01, None, unused);
        if field.dragged() {
            r.restitution = r.restitution.clamp(0.0, 1.0);
        }
        let l = key(ui, "max bounces");
        super::widgets::count_field(ui, "max bounces", &mut r.max_bounces).labelled_by(l.id);
        ui.end_row();
    });
    if response != scene.response {
        out.push(field_edit(ui, Edit::SetResponse(response)));
    }
}

fn readout(ui: &mut Ui, scene: &Scene, ball: &BallEvaluation) {
    let ball_name = short_name(scene, ball.object);
    ui.label(RichText::new(format!("ball '{ball_name}'")).strong());
    // The rows and the bounce path answer different questions, and a row's contact that
    // the path never makes (the path turned away first) looked like a contradiction.
    ui.label(
        RichText::new(
            "Each obstacle alone against the straight motion from start to end; the bounce \
             path below meets them in turn.",
        )
        .weak(),
    );
    // Pairs with a contact are open (the first few), misses start collapsed, and only the
    // nearest are listed: a scene of thousands of obstacles stays readable and cheap to lay
    // out (Copy as text lists every pair).
    let mut open_left = 4;
    let listed = nearest_pairs(ball, MAX_LISTED_PAIRS);
    if listed.len() < ball.pairs.len() {
        ui.label(
            RichText::new(format!(
                "the {} nearest of {} obstacles (Copy as text lists them all)",
                listed.len(),
                ball.pairs.len()
            ))
            .weak(),
        );
    }
    for (pi, p) in listed {
        let open = p.hit.is_some() && open_left > 0;
        open_left -= usize::from(open);
        let title = format!(
            "vs '{}' ({})",
            short_name(scene, p.obstacle),
            scene.objects.get(p.obstacle).map_or("", |o| o.shape.kind())
        );
        egui::CollapsingHeader::new(title)
            .id_salt(("pair", pi))
            .default_open(open || ball.pairs.len() <= 2)
            .show(ui, |ui| match &p.hit {
                Some(h) => {
                    ui.label(
                        RichText::new(format!("HIT  t = {}", fixed(h.time)))
                            .color(Role::Ok.color()),
                    )
                    .on_hover_text(format!("every digit: t = {}", every_digit(h.time)));
                    // The straight motion meets it, the response path does not.
                    if let Some(turn) = ball.turns_at().filter(|&t| h.time > t) {
                        ui.label(
                            RichText::new(format!(
                                "not reached: the bounce path turns at t = {} first; this is \
                                 the straight motion against this obstacle alone",
                                fixed(turn)
                            ))
                            .color(Role::Warning.color()),
                        );
                    }
                    hit_grid(ui, ("hit", pi), h, p);
                }
                None => {
                    ui.label(RichText::new("miss").weak());
                    let w = ui.available_width() * 0.6;
                    Grid::new(("regions", pi))
                        .num_columns(2)
                        .max_col_width(w)
                        .show(ui, |ui| {
                            approach_rows(ui, p);
                            if let (Some(start), Some(end)) = (p.start_region, p.end_region) {
                                row(ui, "region of start", start.to_string());
                                row(ui, "region of end", end.to_string());
                            }
                        });
                }
            });
    }
    if !ball.variants.is_empty() {
        ui.separator();
        variant_table(ui, scene, ball);
    }
    if !ball.reported.is_empty() {
        ui.separator();
        reported_table(ui, scene, ball);
    }
    ui.separator();
    path_table(ui, scene, ball);
}

/// Pairs the readout lists at most.
const MAX_LISTED_PAIRS: usize = 50;

/// The ball's pairs with their index, nearest first (contacts by time, then misses by
/// clearance) when there are more than `n`, else in object order; at most `n`.
fn nearest_pairs(ball: &BallEvaluation, n: usize) -> Vec<(usize, &PairResult)> {
    let mut pairs: Vec<(usize, &PairResult)> = ball.pairs.iter().enumerate().collect();
    if pairs.len() > n {
        let rank = |p: &PairResult| match (p.hit, p.approach) {
            (Some(h), _) => (0, h.time),
            (None, Some(a)) => (1, a.clearance),
            (None, None) => (2, 0.0),
        };
        pairs.sort_by(|a, b| {
            rank(a.1)
                .partial_cmp(&rank(b.1))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        pairs.truncate(n);
    }
    pairs
}

/// The closest approach: how near the motion comes, when, and where.
fn approach_rows(ui: &mut Ui, p: &PairResult) {
    if let Some(a) = p.approach {
        row(
            ui,
            "closest approach",
            format!("{} at t = {}", fixed(a.clearance), fixed(a.time)),
        );
        point_row(ui, "ball point", a.ball_point);
        point_row(ui, "obstacle point", a.obstacle_point);
        if let Some(rule) = p.miss_rule() {
            key(ui, "why a miss");
            ui.label(rule);
            ui.end_row();
        }
    }
}

fn row(ui: &mut Ui, k: &str, v: String) {
    key(ui, k);
    ui.monospace(v);
    ui.end_row();
}

/// A point's row: six significant digits, and every digit of its f32s on hover (to compare
/// with another program's answer bit for bit).
fn point_row(ui: &mut Ui, k: &str, p: glam::Vec2) {
    key(ui, k);
    ui.monospace(v2(p))
        .on_hover_text(format!("every digit: {}", point_every_digit(p)));
    ui.end_row();
}

fn hit_grid(ui: &mut Ui, id: (&str, usize), h: &Hit, p: &PairResult) {
    Grid::new(id)
        .num_columns(2)
        .striped(true)
        .max_col_width(ui.available_width() * 0.6)
        .show(ui, |ui| {
            if let Some(d) = p.distance {
                row(ui, "distance travelled", fixed_f64(d));
            }
            point_row(ui, "centre at contact", h.center);
            point_row(ui, "contact point", h.point);
            point_row(ui, "contact normal", h.normal);
            point_row(ui, "face normal", h.face_normal);
            row(ui, "feature", h.feature.name().to_owned());
            if let (Some(start), Some(end)) = (p.start_region, p.end_region) {
                row(ui, "region of start", start.to_string());
                row(ui, "region of end", end.to_string());
            }
            if let Some(r) = h.region {
                row(ui, "region of contact", r.to_string());
            }
            ui.label("started inside");
            let text = match p.depth.filter(|_| h.started_inside) {
                Some(d) => {
                    RichText::new(format!("yes, {} deep", fixed(d))).color(Role::Alert.color())
                }
                None if h.started_inside => RichText::new("yes").color(Role::Alert.color()),
                None => RichText::new("no"),
            };
            ui.label(text);
            ui.end_row();
        });
}

/// Contacts the bounce path lists in the inspector's own flow; a longer list scrolls by
/// itself.
const LISTED_CONTACTS: usize = 40;

fn path_table(ui: &mut Ui, scene: &Scene, ball: &BallEvaluation) {
    let path = &ball.path;
    ui.label(
        RichText::new(format!(
            "Bounce path: {} contact{}{}",
            path.contacts.len(),
            if path.contacts.len() == 1 { "" } else { "s" },
            if path.truncated {
                format!(
                    "; max bounces ({}) reached, the last contact stopped the ball",
                    scene.response.max_bounces
                )
            } else {
                String::new()
            }
        ))
        .strong(),
    );
    // A ball that starts inside and slides or stops stays inside: said, where the end
    // position alone looked like any other.
    for &(obstacle, depth) in ball.end_overlaps() {
        ui.label(
            RichText::new(format!(
                "ends inside '{}', {} deep",
                short_name(scene, obstacle),
                fixed(depth)
            ))
            .color(Role::Warning.color()),
        );
    }
    let row = |ui: &mut Ui, i: usize| {
        let (Some(c), Some(&obj)) = (path.contacts.get(i), ball.contact_objects.get(i)) else {
            return;
        };
        let h = &c.hit;
        ui.label(RichText::new(format!("{}.", i + 1)).strong());
        ui.label(format!(
            "t = {} on {}",
            fixed(h.time),
            short_name(scene, obj)
        ));
        // Wrapped at its spaces: a row of long numbers was cut off at the panel's edge.
        ui.add(
            egui::Label::new(
                RichText::new(format!(
                    "centre {} normal {} {}",
                    v2(h.center),
                    v2(h.normal),
                    h.feature.name()
                ))
                .monospace(),
            )
            .wrap(),
        );
    };
    let n = path.contacts.len();
    if n <= LISTED_CONTACTS {
        for i in 0..n {
            ui.horizontal_wrapped(|ui| row(ui, i));
        }
    } else {
        // Thousands of rows laid out every frame took a tenth of a second: a long path's
        // list scrolls by itself and lays out the rows in view, one line each.
        let height = ui
            .text_style_height(&egui::TextStyle::Monospace)
            .max(ui.text_style_height(&egui::TextStyle::Body))
            + ui.spacing().item_spacing.y;
        ScrollArea::both()
            .id_salt("path rows")
            .max_height(height * LISTED_CONTACTS as f32 * 0.5)
            .auto_shrink([false, true])
            .show_rows(ui, height, n, |ui, rows| {
                for i in rows {
                    ui.horizontal(|ui| row(ui, i));
                }
            });
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("end").strong());
        ui.monospace(v2(path.end));
    });
    // Stop ends at its contact and Cross passes through: only a bounce or a slide sets
    // the ball off the surface.
    let skin = matches!(
        scene.response.kind,
        ResponseKind::Reflect | ResponseKind::Slide
    );
    if skin && !path.contacts.is_empty() {
        ui.label(RichText::new(skin_note(path, ball.sweep.radius)).weak());
    }
}

/// What a bounce or a slide does with the ball after each contact, as `resolve` does it:
/// from outside it is set off the surface by the contact skin; from a start inside it is
/// not moved, and the next leg starts in the obstacle still.
fn skin_note(path: &crate::response::Path, radius: f32) -> String {
    let skin = fixed(crate::response::contact_skin(
        radius,
        glam::Vec2::ZERO,
        glam::Vec2::Y,
    ));
    let outside = path.contacts.iter().any(|c| !c.hit.started_inside);
    let inside = path.contacts.iter().any(|c| c.hit.started_inside);
    let mut note = String::new();
    if outside {
        note += &format!(
            "After each contact from outside the ball is set at least {skin} off the surface \
             (the contact skin, 1/5000 of its radius), so that the next leg starts clear of it."
        );
    }
    if inside {
        if !note.is_empty() {
            note.push(' ');
        }
        note += "A ball that starts inside an obstacle is not moved out: only its motion \
                 changes (if it heads further in), and each leg that still starts in the \
                 obstacle passes over it until one starts clear.";
    }
    note
}

fn variant_table(ui: &mut Ui, scene: &Scene, ball: &BallEvaluation) {
    ui.label(RichText::new("Variants vs exact").strong());
    for row in &ball.variants {
        let Some(pair) = ball.pairs.get(row.pair) else {
            continue;
        };
        let exact = pair.hit.map_or("miss".to_owned(), |h| fixed(h.time));
        let answer = match &row.outcome {
            Outcome::Hit(h) => format!(
                "t = {}, centre {}, normal {}",
                fixed(h.time),
                v2(h.center),
                v2(h.normal)
            ),
            Outcome::Miss => "miss".to_owned(),
            Outcome::Failed(why) => format!("failed: {why}"),
            Outcome::NotApplicable => "n/a".to_owned(),
        };
        let color = if row.verdict.is_bad() {
            Role::Alert.color()
        } else {
            Role::Label.color()
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(row.variant.id()).color(variant_color(row.variant)));
            ui.label(format!("vs {}:", short_name(scene, pair.obstacle)));
            ui.label(RichText::new(row.verdict.text()).color(color).strong());
        });
        ui.horizontal_wrapped(|ui| {
            ui.add_space(12.0);
            ui.label(format!("{answer} (exact: {exact})"));
        });
        why_line(ui, row.why.as_deref());
    }
}

/// Why a verdict is a disagreement, under its row (the evaluation's words).
fn why_line(ui: &mut Ui, why: Option<&str>) {
    if let Some(why) = why {
        ui.horizontal_wrapped(|ui| {
            ui.add_space(12.0);
            ui.label(RichText::new(format!("why: {why}")).color(Role::Label.color()));
        });
    }
}

/// The answers other programs gave for this ball (the scene's `reported` list, written by
/// the capture API and the hunter), each judged against the exact one.
fn reported_table(ui: &mut Ui, scene: &Scene, ball: &BallEvaluation) {
    ui.label(RichText::new("Reported vs exact").strong())
        .on_hover_text(
            "What another program answered for this ball, as the scene records it (its `reported` \
         list): judged as a variant's answer would be, on what it gave.",
        );
    for (row, r, pair) in ball.reported_in(scene) {
        let exact = pair.hit.map_or("miss".to_owned(), |h| fixed(h.time));
        let said = r.said();
        let color = if row.verdict.is_bad() {
            Role::Alert.color()
        } else {
            Role::Label.color()
        };
        let by_color = Variant::from_id(&r.by).map_or(Role::Label.color(), variant_color);
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(crate::scene::number::short_name(&r.by)).color(by_color));
            ui.label(format!("vs {}:", short_name(scene, pair.obstacle)));
            ui.label(RichText::new(row.verdict.text()).color(color).strong());
        });
        ui.horizontal_wrapped(|ui| {
            ui.add_space(12.0);
            ui.label(format!("{said} (exact: {exact})"));
        });
        // A hunted scene records its variant's answer and enables the variant: the same
        // why twice, one long paragraph under the other.
        let same_as_variant = ball
            .variants
            .iter()
            .any(|v| v.pair == row.pair && v.variant.id() == r.by && v.why == row.why);
        if same_as_variant && row.why.is_some() {
            ui.horizontal_wrapped(|ui| {
                ui.add_space(12.0);
                ui.label(RichText::new("why: as for the variant above").weak());
            });
        } else {
            why_line(ui, row.why.as_deref());
        }
        if !r.detail.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.add_space(12.0);
                ui.label(RichText::new(&r.detail).weak());
            });
        }
    }
}

/// The scene's name, description and notes, editable (typing is one undo step per
/// pause); a warning above them when they state answers that changed.
fn scene_text(ui: &mut Ui, scene: &Scene, stale: &[String], out: &mut Vec<Command>) {
    if !stale.is_empty() {
        ui.label(
            RichText::new("Possibly stale: the scene's text states answers it no longer gives")
                .color(Role::Warning.color())
                .strong(),
        );
        for claim in stale {
            ui.label(RichText::new(format!("• {claim}")).color(Role::Warning.color()));
        }
    }
    egui::CollapsingHeader::new("Scene and notes")
        .id_salt("scene_text")
        .default_open(!stale.is_empty())
        .show(ui, |ui| {
            let mut name = scene.name.clone();
            ui.horizontal(|ui| {
                let l = key(ui, "scene name");
                let r = ui
                    .add(egui::TextEdit::singleline(&mut name).desired_width(220.0))
                    .labelled_by(l.id);
                if r.changed() {
                    out.push(Command::gesture(Edit::SetName(name)));
                }
            });
            let l = key(ui, "description");
            if fits_editing(ui, &scene.description, "Description") {
                let mut description = scene.description.clone();
                let r = ui
                    .add(
                        egui::TextEdit::multiline(&mut description)
                            .desired_rows(2)
                            .desired_width(f32::INFINITY),
                    )
                    .labelled_by(l.id);
                if r.changed() {
                    out.push(Command::gesture(Edit::SetDescription(description)));
                }
            }
            // Notes are hand computations laid out in columns: monospace, and wrapped at the
            // panel's width (unwrapped, their lines were cut off at its edge, and a sideways
            // scroll inside the panel's own scroll area was not found).
            let l = key(ui, "notes");
            if fits_editing(ui, &scene.notes, "Notes") {
                let mut notes = scene.notes.clone();
                let r = ui
                    .add(
                        egui::TextEdit::multiline(&mut notes)
                            .font(egui::TextStyle::Monospace)
                            .desired_rows(8)
                            .desired_width(ui.available_width()),
                    )
                    .labelled_by(l.id);
                if r.changed() {
                    out.push(Command::gesture(Edit::SetNotes(notes)));
                }
            }
            ui.weak("Notes are saved with the scene: the hand computation, what a report saw.");
        });
}

/// The most bytes of a scene's description or notes the inspector edits. The text is laid
/// out whole for editing, every glyph kept each frame: notes of 10 MB on one line took
/// 2.35 GB. Longer text is kept and saved as it is, and shown in part.
pub const MAX_EDITED_TEXT: usize = 256 * 1024;

/// The first bytes of a text too long to edit that are shown.
const LONG_TEXT_SHOWN: usize = 2048;

/// True when `text` is short enough to edit here; else says why not and shows its start.
fn fits_editing(ui: &mut Ui, text: &str, what: &str) -> bool {
    if text.len() <= MAX_EDITED_TEXT {
        return true;
    }
    ui.label(
        RichText::new(format!(
            "{what} of {:.1} MB: past the {} KiB this panel edits, so shown in part and \
             saved as written; edit the scene file in a text editor.",
            text.len() as f64 / 1e6,
            MAX_EDITED_TEXT / 1024
        ))
        .color(Role::Warning.color()),
    );
    let shown = text.floor_char_boundary(LONG_TEXT_SHOWN);
    ui.add(egui::Label::new(RichText::new(format!("{}…", &text[..shown])).monospace()).wrap());
    false
}

/// Each expectation of the scene with PASS or FAIL, live; and the commands that record the
/// current answers as expectations.
fn expectations(ui: &mut Ui, eval: &Evaluation, out: &mut Vec<Command>) {
    ui.label(RichText::new("Expectations").strong());
    if eval.expectations.is_empty() && eval.path_expectations.is_empty() {
        ui.weak("None: record the current answers to make this scene a regression test.");
    }
    let row = |ui: &mut Ui, passed: bool, summary: String| {
        let (word, color) = if passed {
            ("PASS", Role::Ok.color())
        } else {
            ("FAIL", Role::Alert.color())
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(word).color(color).strong());
            ui.label(summary);
        });
    };
    for e in &eval.expectations {
        row(ui, e.passed(), e.summary());
    }
    // The paths' expectations: each ball's contacts in order and its end.
    for e in &eval.path_expectations {
        row(ui, e.passed(), e.summary());
    }
    ui.horizontal_wrapped(|ui| {
        for a in [Action::RecordExpectations, Action::SaveRegression] {
            if a.button(ui, !eval.balls.is_empty()) {
                out.push(Command::Action(a));
            }
        }
    });
}

pub fn v2(v: glam::Vec2) -> String {
    point(v)
}

/// Name of the object at `index`, or `#index`.
pub fn name(scene: &Scene, index: usize) -> String {
    scene
        .objects
        .get(index)
        .map_or_else(|| format!("#{index}"), |o| o.name.clone())
}

/// [`name`] as a header, a row or a legend shows it ([`short_name`](crate::scene::number::short_name)).
pub fn short_name(scene: &Scene, index: usize) -> String {
    crate::scene::number::short_name(&name(scene, index))
}
