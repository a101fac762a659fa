//! The object list: every object of the scene by name and kind, each ball with its first
//! contact as the evaluation found it. Clicking a row selects the object, which is the way
//! to reach one the canvas hides (two balls at one start, a box inside another).

use egui::{RichText, Ui};

use crate::app::command::Command;
use crate::app::draw::palette::Role;
use crate::scene::number::fixed;
use crate::scene::{Evaluation, Scene};

/// Rows shown before the list scrolls on its own, so that the variants below stay in
/// reach in a scene of thousands of objects.
const VISIBLE_ROWS: f32 = 10.0;

pub fn show(
    ui: &mut Ui,
    scene: &Scene,
    eval: &Evaluation,
    selected: Option<usize>,
    out: &mut Vec<Command>,
) {
    let n = scene.objects.len();
    egui::CollapsingHeader::new(RichText::new(format!("Objects ({n})")).heading())
        .id_salt("objects")
        .default_open(true)
        .show(ui, |ui| {
            if n == 0 {
                ui.weak("None yet: add one from the toolbar or the canvas's context menu.");
                return;
            }
            let row_height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
            egui::ScrollArea::vertical()
                .id_salt("object rows")
                .max_height(row_height * VISIBLE_ROWS)
                .auto_shrink([false, true])
                .show_rows(ui, row_height, n, |ui, rows| {
                    for i in rows {
                        row(ui, scene, eval, i, selected == Some(i), out);
                    }
                });
        });
}

/// One object's row: a swatch of its role, its name and kind, and for a ball what it hits.
fn row(
    ui: &mut Ui,
    scene: &Scene,
    eval: &Evaluation,
    i: usize,
    is_selected: bool,
    out: &mut Vec<Command>,
) {
    let Some(object) = scene.objects.get(i) else {
        return;
    };
    let is_ball = object.shape.is_ball();
    ui.horizontal(|ui| {
        let role = if is_ball { Role::Query } else { Role::Obstacle };
        let (rect, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
        ui.painter().rect_filled(rect, 2.0, role.color());
        let summary = if is_ball {
            first_contact(scene, eval, i)
        } else {
            None
        };
        let mut response = ui.add(egui::Button::selectable(is_selected, &object.name));
        ui.label(RichText::new(object.shape.kind()).small().weak());
        if let Some(s) = &summary {
            response = response.on_hover_text(s);
            // Cut to the panel's width rather than widening it: the hover gives it whole.
            ui.add(egui::Label::new(RichText::new(s).small()).truncate());
        }
        // A click selects, whatever was selected before: as a toggle, the first click on
        // the row a restored session had selected took the selection away. Escape or a
        // click on the empty canvas deselects.
        if response.clicked() && !is_selected {
            out.push(Command::Select(Some(i)));
        }
    });
}

/// A ball's earliest exact contact among all obstacles, in a few words.
fn first_contact(scene: &Scene, eval: &Evaluation, ball: usize) -> Option<String> {
    let b = eval.ball(ball)?;
    Some(match b.first() {
        None => "no contact".to_owned(),
        Some((pi, hit)) => {
            let name = b
                .pairs
                .get(pi)
                .and_then(|p| scene.objects.get(p.obstacle))
                .map_or("?", |o| o.name.as_str());
            if hit.started_inside {
                format!("starts in '{name}'")
            } else {
                format!("hits '{name}' at t = {}", fixed(hit.time))
            }
        }
    })
}
