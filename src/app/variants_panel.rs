//! The variants panel: switch any published approach on beside the exact answer.

use egui::{RichText, Ui};

use super::palette::{Role, variant_color};
use crate::scene::Scene;
use crate::variants::{Params, Variant};

pub fn show(ui: &mut Ui, scene: &mut Scene, params: &mut Params) {
    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
    ui.heading("Variants");
    ui.weak("Published approaches, each drawn in its own colour beside the exact answer.");
    for v in Variant::ALL {
        let mut on = scene.variants.iter().any(|id| id == v.id());
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, variant_color(v));
            if ui
                .checkbox(&mut on, v.title())
                .on_hover_text(v.id())
                .changed()
            {
                if on {
                    scene.variants.push(v.id().to_owned());
                } else {
                    scene.variants.retain(|id| id != v.id());
                }
            }
        });
    }
    ui.separator();
    ui.horizontal(|ui| {
        let l = ui.label(RichText::new("sub-steps").small());
        ui.add(egui::DragValue::new(&mut params.substeps).range(1..=256))
            .labelled_by(l.id);
    });
    ui.separator();
    legend(ui, scene);
}

/// The palette's roles in use, with swatches (kept off the canvas so it never hides geometry).
fn legend(ui: &mut Ui, scene: &Scene) {
    ui.label(RichText::new("Legend").strong());
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
    swatch(ui, egui::Color32::WHITE, "ball at scrubber t");
}

fn swatch(ui: &mut Ui, color: egui::Color32, label: &str) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 8.0), egui::Sense::hover());
        ui.painter().rect_filled(rect, 1.0, color);
        ui.label(RichText::new(label).small());
    });
}
