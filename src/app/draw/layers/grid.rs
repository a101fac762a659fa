//! Grid lines every major step with labelled axes. The tick labels stick to the canvas edge
//! when an axis is off screen, and give way to every other label.

use egui::{Align2, Stroke};
use glam::Vec2;

use crate::app::draw::camera::axis_label;
use crate::app::draw::palette::Role;
use crate::app::draw::pen::{Layer, Pen};

/// Lines per axis beyond which the grid is not drawn (a zoom with no useful grid).
const MAX_LINES: f64 = 400.0;

/// The largest line index drawn: a line's coordinate `i × step` is then exact in f32
/// (2²⁴), and lines a step apart are apart on screen.
const MAX_INDEX: f64 = 16_777_216.0;

/// Room left of the y axis for its ticks' labels, in points ("-12000" and the gap).
const Y_LABEL_ROOM: f32 = 60.0;

pub fn grid(pen: &mut Pen) {
    let cam = pen.cam;
    let step = cam.grid_step(80.0);
    let w = cam.world_rect();
    let minor = Stroke::new(1.0, Role::Grid.color());
    let axis = Stroke::new(1.5, Role::Axis.color());
    let index = |v: f32| f64::from(v) / f64::from(step);
    let (x0, x1) = (index(w.min.x).floor(), index(w.max.x).ceil());
    let (y0, y1) = (index(w.min.y).floor(), index(w.max.y).ceil());
    // No grid where its lines would be too many, or past f32's resolution at these
    // coordinates (a view 1e-3 wide at 1e30: every line would round to one place).
    let far = x0.abs().max(x1.abs()).max(y0.abs()).max(y1.abs());
    if !(x1 - x0 <= MAX_LINES && y1 - y0 <= MAX_LINES && far <= MAX_INDEX) {
        return;
    }
    let (x0, x1, y0, y1) = (x0 as i64, x1 as i64, y0 as i64, y1 as i64);
    let r = cam.rect;
    let origin = cam.to_screen(Vec2::ZERO);
    // Not `clamp`: on a canvas under 18 points tall its bounds cross, and it panics.
    let label_y = origin.y.min(r.bottom() - 16.0).max(r.top() + 2.0);
    // The y ticks' labels stand left of the y axis; with the axis near or beyond the
    // canvas's left edge, just inside that edge, to the right of it.
    let (label_x, y_align) = if origin.x < r.left() + Y_LABEL_ROOM {
        (origin.x.max(r.left()) + 6.0, Align2::LEFT_BOTTOM)
    } else {
        (origin.x.min(r.right() - 4.0), Align2::RIGHT_BOTTOM)
    };
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
            pen.deferred_label(Layer::Grid, at, y_align, axis_label(y, step), color);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::draw::camera::Camera;
    use crate::scene::View;

    /// The tick labels a view of a 400 x 300 canvas places, and the canvas.
    fn ticks(center: Vec2, zoom: f32) -> (Vec<egui::Rect>, egui::Rect) {
        let ctx = egui::Context::default();
        let mut out = (Vec::new(), egui::Rect::NOTHING);
        let raw = ctx.run_ui(egui::RawInput::default(), |ui| {
            let rect = egui::Rect::from_min_size(egui::pos2(20.0, 10.0), egui::vec2(400.0, 300.0));
            let painter = ui.painter_at(rect);
            let view = View {
                center,
                zoom,
                extent: None,
            };
            let mut pen = Pen::new(&painter, Camera::new(rect, &view));
            grid(&mut pen);
            pen.finish();
            out = (pen.placed_rects().to_vec(), rect);
        });
        raw.drop_without_applying_deltas();
        out
    }

    #[test]
    fn tick_labels_cut_by_the_canvas_edge_are_left_out() {
        // Views whose leftmost and rightmost ticks fall just inside the edges, with the y
        // axis on the canvas, near its left edge, and off it on either side.
        for (center, zoom) in [
            (Vec2::new(0.0, 0.0), 4.0),
            (Vec2::new(3.7, -1.3), 4.0),
            (Vec2::new(48.0, 0.0), 4.0),
            (Vec2::new(190.0, 20.0), 1.0),
            (Vec2::new(-5000.0, 3000.0), 0.05),
            (Vec2::new(12000.0, 0.0), 0.02),
        ] {
            let (labels, canvas) = ticks(center, zoom);
            // The x ticks' labels share a row; each y tick's has a row of its own. Both
            // axes keep labels: leaving every cut one out must not leave an axis bare.
            let row = |r: &egui::Rect| r.top().round() as i32;
            let mut rows: Vec<i32> = labels.iter().map(row).collect();
            rows.sort_unstable();
            let x_row = rows
                .iter()
                .copied()
                .max_by_key(|r| rows.iter().filter(|q| *q == r).count())
                .unwrap_or_default();
            let x_labels = labels.iter().filter(|r| row(r) == x_row).count();
            let y_labels = labels.len() - x_labels;
            assert!(
                x_labels >= 2 && y_labels >= 2,
                "{center} {zoom}: {x_labels} x and {y_labels} y labels"
            );
            for l in labels {
                assert!(
                    canvas.contains_rect(l),
                    "{center} {zoom}: {l:?} cut by {canvas:?}"
                );
            }
        }
    }

    /// Far from the origin the line indices overflowed i64 (a view at 1e30 zoomed to 1e5
    /// px/unit: 1e33 steps out), and lines past f32's resolution would land on each
    /// other. There is no grid there; a huge scene fitted has its labelled grid.
    #[test]
    fn no_grid_past_f32_resolution_and_a_labelled_one_at_every_scale() {
        let (labels, _) = ticks(Vec2::splat(1e30), 1e5);
        assert!(labels.is_empty(), "{} labels", labels.len());
        let (labels, _) = ticks(Vec2::splat(-3e38), 1e36);
        assert!(labels.is_empty(), "{} labels", labels.len());
        for (center, zoom) in [(Vec2::splat(1e30), 1e-28_f32), (Vec2::splat(1e-30), 1e32)] {
            let (labels, _) = ticks(center, zoom);
            assert!(
                labels.len() >= 4,
                "{center} {zoom}: {} labels",
                labels.len()
            );
        }
    }
}

#[cfg(test)]
mod small_canvas {
    use super::*;
    use crate::app::draw::camera::Camera;
    use crate::scene::View;

    /// Robustness attack: a window resized to 150 x 110 panicked here ("min > max"): the
    /// x labels' row was clamped between bounds that cross on a canvas under 18 points tall.
    #[test]
    fn a_canvas_too_short_for_the_labels_row_draws_its_grid() {
        for size in [
            egui::vec2(300.0, 10.0),
            egui::vec2(300.0, 0.0),
            egui::vec2(5.0, 5.0),
        ] {
            let ctx = egui::Context::default();
            let mut drawn = 0;
            let raw = ctx.run_ui(egui::RawInput::default(), |ui| {
                let rect = egui::Rect::from_min_size(egui::pos2(0.0, 40.0), size);
                let painter = ui.painter_at(rect);
                let mut pen = Pen::new(&painter, Camera::new(rect, &View::default()));
                grid(&mut pen);
                pen.finish();
                drawn = pen.stats.count(Layer::Grid);
            });
            raw.drop_without_applying_deltas();
            // Its lines are drawn where there is width; no label fits.
            assert!(size.x < 100.0 || drawn > 0, "{size:?}");
        }
    }
}
