//! Small labelled input widgets shared by the panels; every DragValue is named for screen
//! readers and tests through `labelled_by` / `accessible_name`.

use egui::{DragValue, Response, Ui};
use glam::Vec2;

/// A label followed by a DragValue labelled by it.
pub fn drag_f32(
    ui: &mut Ui,
    label: &str,
    v: &mut f32,
    speed: f32,
    range: Option<(f32, f32)>,
) -> Response {
    let l = key(ui, label);
    let mut dv = DragValue::new(v).speed(speed).max_decimals(4);
    if let Some((lo, hi)) = range {
        dv = dv.range(lo..=hi);
    }
    let r = ui.add(dv).labelled_by(l.id);
    ui.end_row();
    r
}

/// A label and two DragValues named `"<label> x"` and `"<label> y"`.
pub fn drag_vec2(ui: &mut Ui, label: &str, v: &mut Vec2, speed: f32) -> bool {
    key(ui, label);
    let mut changed = false;
    ui.horizontal(|ui| {
        let x = ui.add(
            DragValue::new(&mut v.x)
                .speed(speed)
                .max_decimals(4)
                .prefix("x "),
        );
        changed |= x.accessible_name(format!("{label} x")).changed();
        let y = ui.add(
            DragValue::new(&mut v.y)
                .speed(speed)
                .max_decimals(4)
                .prefix("y "),
        );
        changed |= y.accessible_name(format!("{label} y")).changed();
    });
    ui.end_row();
    changed
}

/// A field's name: never wrapped, so a narrow panel does not break it mid-word.
pub fn key(ui: &mut Ui, text: &str) -> egui::Response {
    ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend))
}
