//! The inspector: the selected object's inputs, the response settings, and for the inspected
//! ball the full readout per obstacle, the bounce path table and the variants' answers.

use egui::{Color32, ComboBox, Grid, RichText, ScrollArea, Ui};

use super::construct::BoxFrame;
use super::eval::{BallEval, Eval};
use super::palette::{ALERT, OK, variant_color};
use super::report::{name, v2};
use super::widgets::{drag_f32, drag_vec2};
use crate::hit::Hit;
use crate::scene::{ResponseKind, Scene, Shape};
use crate::variants::Outcome;

/// What the inspector asks the app to do after drawing.
#[derive(Default)]
pub struct InspectorOut {
    pub copy_text: bool,
    pub delete: bool,
    pub duplicate: bool,
}

pub fn show(ui: &mut Ui, scene: &mut Scene, selected: Option<usize>, eval: &Eval) -> InspectorOut {
    let mut out = InspectorOut::default();
    ScrollArea::both()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.heading("Inspector");
            if let Some(i) = selected
                && i < scene.objects.len()
            {
                object_editor(ui, scene, i, &mut out);
            } else {
                ui.weak("Click an object to select it.");
            }
            ui.separator();
            response_editor(ui, scene);
            ui.separator();
            if ui
                .button("Copy as text")
                .on_hover_text("Copy the whole readout to the clipboard (Ctrl+Shift+C)")
                .clicked()
            {
                out.copy_text = true;
            }
            match eval.ball() {
                Some(ball) => readout(ui, scene, eval, ball),
                None => {
                    ui.weak("Add a ball to see contacts.");
                }
            }
        });
    out
}

fn object_editor(ui: &mut Ui, scene: &mut Scene, i: usize, out: &mut InspectorOut) {
    let obj = &mut scene.objects[i];
    ui.horizontal(|ui| {
        let l = ui.label("name");
        ui.add(egui::TextEdit::singleline(&mut obj.name).desired_width(180.0))
            .labelled_by(l.id);
    });
    ui.label(RichText::new(obj.shape.kind()).weak());
    Grid::new("object_fields")
        .num_columns(2)
        .spacing([8.0, 4.0])
        .show(ui, |ui| match &mut obj.shape {
            Shape::Ball { start, end, radius } | Shape::Circle { start, end, radius } => {
                drag_vec2(ui, "start", start, 0.1);
                drag_vec2(ui, "end", end, 0.1);
                drag_f32(ui, "radius", radius, 0.05, Some((0.0, f32::MAX)));
            }
            Shape::Box { min, max } => {
                drag_vec2(ui, "min", min, 0.1);
                drag_vec2(ui, "max", max, 0.1);
            }
            Shape::RotatedBox {
                center,
                half_extents,
                angle,
            } => {
                drag_vec2(ui, "center", center, 0.1);
                drag_vec2(ui, "half extents", half_extents, 0.1);
                drag_f32(ui, "angle°", angle, 0.5, None);
            }
            Shape::Segment { a, b } => {
                drag_vec2(ui, "a", a, 0.1);
                drag_vec2(ui, "b", b, 0.1);
            }
        });
    ui.horizontal(|ui| {
        out.duplicate = ui.button("Duplicate").on_hover_text("Ctrl+D").clicked();
        out.delete = ui.button("Delete").on_hover_text("Delete").clicked();
    });
}

fn response_editor(ui: &mut Ui, scene: &mut Scene) {
    let r = &mut scene.response;
    Grid::new("response").num_columns(2).show(ui, |ui| {
        let l = ui.label("response");
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
        drag_f32(
            ui,
            "restitution",
            &mut r.restitution,
            0.01,
            Some((0.0, 1.0)),
        );
        let l = ui.label("max bounces");
        ui.add(egui::DragValue::new(&mut r.max_bounces).range(0..=64))
            .labelled_by(l.id);
        ui.end_row();
    });
}

fn readout(ui: &mut Ui, scene: &Scene, eval: &Eval, ball: &BallEval) {
    let s = ball.sweep;
    ui.label(RichText::new(format!("ball '{}'", name(scene, ball.object))).strong());
    for (pi, p) in ball.pairs.iter().enumerate() {
        let title = format!(
            "vs '{}' ({})",
            name(scene, p.object),
            scene.objects.get(p.object).map_or("", |o| o.shape.kind())
        );
        egui::CollapsingHeader::new(title)
            .id_salt(("pair", pi))
            .default_open(pi < 4)
            .show(ui, |ui| {
                let frame = BoxFrame::of(&p.obstacle);
                match &p.hit {
                    Some(h) => {
                        ui.label(RichText::new(format!("HIT  t = {:.6}", h.time)).color(OK));
                        hit_grid(
                            ui,
                            ("hit", pi),
                            h,
                            s.delta().length(),
                            frame.map(|f| (f.region(s.start), f.region(s.end))),
                        );
                    }
                    None => {
                        ui.label(RichText::new("miss").weak());
                        if let Some(f) = frame {
                            Grid::new(("regions", pi)).num_columns(2).show(ui, |ui| {
                                row(ui, "region of start", f.region(s.start).to_string());
                                row(ui, "region of end", f.region(s.end).to_string());
                            });
                        }
                    }
                }
            });
    }
    ui.separator();
    path_table(ui, scene, eval, ball);
    if !eval.variant_rows.is_empty() {
        ui.separator();
        variant_table(ui, scene, ball, eval);
    }
}

fn row(ui: &mut Ui, k: &str, v: String) {
    ui.label(k);
    ui.monospace(v);
    ui.end_row();
}

fn hit_grid(
    ui: &mut Ui,
    id: (&str, usize),
    h: &Hit,
    motion_len: f32,
    regions: Option<(crate::Region, crate::Region)>,
) {
    Grid::new(id).num_columns(2).striped(true).show(ui, |ui| {
        row(
            ui,
            "distance travelled",
            format!("{:.4}", motion_len * h.time),
        );
        row(ui, "centre at contact", v2(h.center));
        row(ui, "contact point", v2(h.point));
        row(ui, "contact normal", v2(h.normal));
        row(ui, "face normal", v2(h.face_normal));
        row(ui, "feature", h.feature.name().to_owned());
        if let Some((start, end)) = regions {
            row(ui, "region of start", start.to_string());
            row(ui, "region of end", end.to_string());
        }
        if let Some(r) = h.region {
            row(ui, "region of contact", r.to_string());
        }
        ui.label("started inside");
        let text = if h.started_inside {
            RichText::new("yes").color(ALERT)
        } else {
            RichText::new("no")
        };
        ui.label(text);
        ui.end_row();
    });
}

fn path_table(ui: &mut Ui, scene: &Scene, eval: &Eval, ball: &BallEval) {
    let path = &ball.path;
    ui.label(
        RichText::new(format!(
            "Bounce path: {} contact(s){}",
            path.contacts.len(),
            if path.truncated {
                ", max bounces reached"
            } else {
                ""
            }
        ))
        .strong(),
    );
    Grid::new("path_table")
        .num_columns(5)
        .striped(true)
        .show(ui, |ui| {
            for h in ["#", "t", "obstacle", "centre", "normal / feature"] {
                ui.label(RichText::new(h).underline());
            }
            ui.end_row();
            for (i, c) in path.contacts.iter().enumerate() {
                ui.label(format!("{}", i + 1));
                ui.monospace(format!("{:.5}", c.hit.time));
                let ob = eval
                    .obstacles
                    .get(c.obstacle)
                    .map_or_else(String::new, |(oi, _)| name(scene, *oi));
                ui.label(ob);
                ui.monospace(v2(c.hit.center));
                ui.monospace(format!("{} {}", v2(c.hit.normal), c.hit.feature.name()));
                ui.end_row();
            }
            ui.label("end");
            ui.label("");
            ui.label("");
            ui.monospace(v2(path.end));
            ui.label("");
            ui.end_row();
        });
}

fn variant_table(ui: &mut Ui, scene: &Scene, ball: &BallEval, eval: &Eval) {
    ui.label(RichText::new("Variants vs exact").strong());
    Grid::new("variant_table")
        .num_columns(5)
        .striped(true)
        .show(ui, |ui| {
            for h in [
                "variant",
                "obstacle",
                "t (exact)",
                "centre / normal",
                "verdict",
            ] {
                ui.label(RichText::new(h).underline());
            }
            ui.end_row();
            for row in &eval.variant_rows {
                let Some(pair) = ball.pairs.get(row.pair) else {
                    continue;
                };
                ui.label(RichText::new(row.variant.id()).color(variant_color(row.variant)));
                ui.label(name(scene, pair.object));
                let exact = pair
                    .hit
                    .map_or("miss".to_owned(), |h| format!("{:.5}", h.time));
                let (t, detail) = match &row.outcome {
                    Outcome::Hit(h) => (
                        format!("{:.5}", h.time),
                        format!("{} {}", v2(h.center), v2(h.normal)),
                    ),
                    Outcome::Miss => ("miss".to_owned(), String::new()),
                    Outcome::Failed(_) => ("—".to_owned(), String::new()),
                    Outcome::NotApplicable => ("n/a".to_owned(), String::new()),
                };
                ui.monospace(format!("{t} ({exact})"));
                ui.monospace(detail);
                let color = if row.verdict.is_bad() {
                    ALERT
                } else {
                    Color32::from_gray(170)
                };
                ui.label(RichText::new(row.verdict.text()).color(color).strong());
                ui.end_row();
            }
        });
}
