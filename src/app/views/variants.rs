//! The variants panel: switch any published approach on beside the exact answer, and the
//! legend of the palette's roles in use.

use egui::{RichText, Ui};

use crate::app::command::Command;
use crate::app::document::Edit;
use crate::app::draw::palette::{Role, heat_cell, heat_compare_alpha, over_canvas, variant_color};
use crate::scene::Scene;
use crate::variants::{Params, Variant};

pub fn show(ui: &mut Ui, scene: &Scene, out: &mut Vec<Command>) {
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
    ui.heading("Variants");
    ui.weak("Published approaches, each drawn in its own colour beside the exact answer.");
    for v in Variant::ALL {
        let mut on = scene.variants.iter().any(|id| id == v.id());
        let runs = scene.has_obstacle_for(v);
        ui.horizontal(|ui| {
            // The button first: the title beside it wraps in whatever width is left.
            if ui
                .small_button("find")
                .accessible_name(format!("Find a counterexample for {}", v.id()))
                .on_hover_text(format!(
                    "Find a counterexample: search cases where {} disagrees with the exact answer, shrink the first to small numbers and open it as a new scene",
                    v.id()
                ))
                .clicked()
            {
                out.push(Command::FindCounterexample(v));
            }
            let (rect, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, variant_color(v));
            let check = ui
                .add_enabled(runs || on, egui::Checkbox::new(&mut on, v.title()))
                .on_hover_ui(|ui| explain(ui, v))
                .on_disabled_hover_ui(|ui| {
                    explain(ui, v);
                    ui.colored_label(
                        Role::Warning.color(),
                        format!("Nothing to run on: this scene has {}.", v.handles_none()),
                    );
                });
            if check.changed() {
                let mut ids = scene.variants.clone();
                if on {
                    ids.push(v.id().to_owned());
                } else {
                    ids.retain(|id| id != v.id());
                }
                out.push(Command::edit(Edit::SetVariants(ids)));
            }
        });
        if on && !runs {
            ui.label(
                RichText::new(format!("  runs on nothing here: {}", v.handles_none()))
                    .small()
                    .color(Role::Warning.color()),
            );
        }
    }
    ui.separator();
    ui.horizontal(|ui| {
        substeps(ui, scene, out);
    });
    ui.separator();
    legend(ui, scene);
}

/// What the approach is, its known flaws and what it handles.
fn explain(ui: &mut Ui, v: Variant) {
    ui.set_max_width(360.0);
    ui.label(RichText::new(v.title()).strong());
    ui.label(v.summary());
    // "(002)" beside three titles said nothing of what it numbers.
    if let Some(number) = write_up(v.title()) {
        ui.label(format!(
            "({number}) is the published write-up it is ported from, one of 000–004 \
             (docs/library.md, The published approaches).",
        ));
    }
    ui.label(format!(
        "Handles {}. Id in scene files: {}.",
        v.handles(),
        v.id()
    ));
    let flaws = v.flaws();
    if !flaws.is_empty() {
        ui.label(RichText::new("Known flaws").strong());
        for f in flaws {
            ui.label(format!("• {f}"));
        }
    }
}

/// The number of the published write-up in a variant's title, "Sub-stepping (002)".
fn write_up(title: &str) -> Option<&str> {
    let number = title.strip_suffix(')')?.rsplit_once(" (")?.1;
    (!number.is_empty() && number.chars().all(|c| c.is_ascii_digit())).then_some(number)
}

/// The sub-step count of the sub-stepping variant (a scene parameter).
pub fn substeps(ui: &mut Ui, scene: &Scene, out: &mut Vec<Command>) {
    let mut params: Params = scene.params;
    let l = ui.label(RichText::new("sub-steps").small());
    super::widgets::count_field(ui, "sub-steps", &mut params.substeps).labelled_by(l.id);
    if params != scene.params {
        out.push(super::widgets::field_edit(ui, Edit::SetParams(params)));
    }
}

/// The palette's roles in use, with swatches (kept off the canvas so it never hides geometry).
fn legend(ui: &mut Ui, scene: &Scene) {
    ui.label(RichText::new("Legend").strong());
    // The heat map first: when on, it covers most of the canvas.
    if scene.heat_map.shown {
        heat_legend(ui, scene);
        ui.add_space(4.0);
    }
    let l = scene.layers;
    for role in Role::LEGEND {
        let shown = match role {
            Role::Expanded => l.minkowski || l.segment_capsule,
            Role::BroadPhase => l.broad_phase,
            Role::Region => l.regions,
            Role::Contact | Role::Normal | Role::FaceNormal | Role::Ghost => l.impact,
            Role::Path => l.path,
            Role::Relative => l.relative_motion,
            _ => true,
        };
        if shown {
            swatch(ui, role.color(), role.label());
        }
    }
    swatch(ui, Role::Scrubber.color(), Role::Scrubber.label());
}

/// The heat map's key: the time ramp, or the verdict colours when a variant is compared.
fn heat_legend(ui: &mut Ui, scene: &Scene) {
    let compared = scene.heat_map.compare.as_deref().and_then(Variant::from_id);
    match compared {
        None => {
            ui.label(RichText::new("Heat map: first contact from each start").small());
            let (rect, _) = ui.allocate_exact_size(egui::vec2(140.0, 10.0), egui::Sense::hover());
            let steps = 28;
            let w = rect.width() / steps as f32;
            for k in 0..steps {
                let t = (k as f32 + 0.5) / steps as f32;
                let cell = egui::Rect::from_min_size(
                    rect.min + egui::vec2(k as f32 * w, 0.0),
                    egui::vec2(w + 0.5, rect.height()),
                );
                ui.painter()
                    .rect_filled(cell, 0.0, over_canvas(heat_cell(t)));
            }
            ui.horizontal(|ui| {
                ui.label(RichText::new("t = 0").small());
                ui.add_space(72.0);
                ui.label(RichText::new("t = 1").small());
            });
            ui.label(RichText::new("clear: no contact").small().weak());
        }
        Some(v) => {
            ui.label(RichText::new(format!("Heat map: {} from each start", v.id())).small());
            // Otherwise every cell reads as agreement, which is no finding at all.
            if !scene.has_obstacle_for(v) {
                ui.label(
                    RichText::new(format!(
                        "compares nothing here: this scene has {}",
                        v.handles_none()
                    ))
                    .small()
                    .color(Role::Warning.color()),
                );
            }
            for role in Role::HEAT_COMPARE {
                let cell = role.alpha(heat_compare_alpha(role));
                swatch(ui, over_canvas(cell), role.label());
            }
        }
    }
}

fn swatch(ui: &mut Ui, color: egui::Color32, label: &str) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 8.0), egui::Sense::hover());
        ui.painter().rect_filled(rect, 1.0, color);
        ui.label(RichText::new(label).small());
    });
}

#[cfg(test)]
mod tests {
    use super::write_up;
    use crate::variants::Variant;

    /// "(002)" stood beside three titles, explained nowhere in the debugger: the tooltip
    /// names it for every ported approach, and for no engine.
    #[test]
    fn the_write_up_number_is_found_in_the_ported_approaches_titles_only() {
        assert_eq!(write_up(Variant::Substep.title()), Some("002"));
        let numbered = Variant::ALL
            .iter()
            .filter(|v| write_up(v.title()).is_some())
            .count();
        assert!(numbered >= 5, "{numbered}");
        assert_eq!(write_up("parry2d cast_shapes"), None);
        assert_eq!(write_up("Something (x)"), None);
    }
}
