//! The variants panel: switch any published approach on beside the exact answer.

use egui::{RichText, Ui};

use super::palette::variant_color;
use crate::scene::Scene;
use crate::variants::{Params, Variant};

pub fn show(ui: &mut Ui, scene: &mut Scene, params: &mut Params) {
    ui.heading("Variants");
    ui.weak("Published approaches, drawn in their own colour beside the exact answer.");
    for v in Variant::ALL {
        let mut on = scene.variants.iter().any(|id| id == v.id());
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, variant_color(v));
            if ui.checkbox(&mut on, v.title()).changed() {
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
        ui.add(egui::DragValue::new(&mut params.substeps).range(1..=256)).labelled_by(l.id);
    });
}
