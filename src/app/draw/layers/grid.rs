//! Grid lines every major step with labelled axes. The tick labels stick to the canvas edge
//! when an axis is off screen, and give way to every other label.

use egui::{Align2, Stroke};
use glam::Vec2;

use crate::app::draw::camera::axis_label;
use crate::app::draw::palette::Role;
use crate::app::draw::pen::{Layer, Pen};

/// Lines per axis beyond which the grid is not drawn (a zoom with no useful grid).
const MAX_LINES: i64 = 400;

pub fn grid(pen: &mut Pen) {
    let cam = pen.cam;
    let step = cam.grid_step(80.0);
    let w = cam.world_rect();
    let minor = Stroke::new(1.0, Role::Grid.color());
    let axis = Stroke::new(1.5, Role::Axis.color());
    let x0 = (w.min.x / step).floor() as i64;
    let x1 = (w.max.x / step).ceil() as i64;
    let y0 = (w.min.y / step).floor() as i64;
    let y1 = (w.max.y / step).ceil() as i64;
    if x1 - x0 > MAX_LINES || y1 - y0 > MAX_LINES {
        return;
    }
    let r = cam.rect;
    let origin = cam.to_screen(Vec2::ZERO);
    let label_y = origin.y.clamp(r.top() + 2.0, r.bottom() - 16.0);
    let label_x = origin.x.clamp(r.left() + 30.0, r.right() - 4.0);
    let color = Role::Axis.color().gamma_multiply(1.6);
    for i in x0..=x1 {
        let x = i as f32 * step;
        let sx = cam.to_screen(Vec2::new(x, 0.0)).x;
        let s = if i == 0 { axis } else { minor };
        let ends = (egui::pos2(sx, r.top()), egui::pos2(sx, r.bottom()));
        pen.screen_segment(Layer::Grid, ends.0, ends.1, s);
        if i != 0 {
            let at = egui::pos2(sx + 3.0, label_y + 2.0);
            pen.deferred_label(
                Layer::Grid,
                at,
                Align2::LEFT_TOP,
                axis_label(x, step),
                color,
            );
        }
    }
    for i in y0..=y1 {
        let y = i as f32 * step;
        let sy = cam.to_screen(Vec2::new(0.0, y)).y;
        let s = if i == 0 { axis } else { minor };
        let ends = (egui::pos2(r.left(), sy), egui::pos2(r.right(), sy));
        pen.screen_segment(Layer::Grid, ends.0, ends.1, s);
        if i != 0 {
            let at = egui::pos2(label_x - 3.0, sy - 2.0);
            pen.deferred_label(
                Layer::Grid,
                at,
                Align2::RIGHT_BOTTOM,
                axis_label(y, step),
                color,
            );
        }
    }
}
