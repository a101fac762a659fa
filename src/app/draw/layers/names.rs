//! Object names and the draggable handles of the selected and hovered objects.

use egui::{Color32, Stroke};

use super::Frame;
use crate::app::draw::palette::Role;
use crate::app::draw::pen::{Layer, Pen, around, centred_or_around};
use crate::app::handles::{Grip, Handle, point_handles};
use crate::scene::{Object, Shape};

/// Object names, beside their object where there is room.
pub fn labels(pen: &mut Pen, f: &Frame) {
    for o in &f.scene.objects {
        // Circles are named above their start, segments beside their middle, boxes at
        // their centre; each then tries the other places around that point.
        let (at, gap) = match o.shape {
            Shape::Ball { start, radius, .. } | Shape::Circle { start, radius, .. } => {
                (start, pen.cam.len(radius) + 4.0)
            }
            Shape::Segment { a, b } => ((a + b) * 0.5, 6.0),
            Shape::Box { min, max } => ((min + max) * 0.5, 0.0),
            Shape::RotatedBox { center, .. } => (center, 0.0),
        };
        let spots = if gap == 0.0 {
            centred_or_around(10.0).to_vec()
        } else {
            let a = around(gap);
            vec![a[1], a[3], a[0], a[2], a[4], a[5], a[6], a[7]]
        };
        pen.label(Layer::Labels, at, &spots, &o.name, Role::Label.color());
    }
}

/// Draws the point handles of the selected and hovered objects; the hot one is larger.
/// The objects whose handles show: the selected one and the one under the pointer.
fn with_handles(selected: Option<usize>, hovered: Option<usize>) -> Vec<usize> {
    let mut shown: Vec<usize> = selected.into_iter().collect();
    if let Some(h) = hovered
        && Some(h) != selected
    {
        shown.push(h);
    }
    shown
}

/// Keeps the labels placed from now on off the handles [`handles`] will draw: a label
/// under a handle had a digit covered ("8 deep" read "3 deep" under the radius handle).
pub fn keep_handles_clear(
    pen: &mut Pen,
    objects: &[Object],
    selected: Option<usize>,
    hovered: Option<usize>,
) {
    let zoom = pen.cam.zoom;
    for i in with_handles(selected, hovered) {
        let Some(o) = objects.get(i) else { continue };
        for h in point_handles(i, &o.shape, zoom) {
            // The largest a handle is drawn (hot, with its outline).
            pen.keep_clear(h.pos, 8.0);
        }
    }
}

pub fn handles(
    pen: &mut Pen,
    objects: &[Object],
    selected: Option<usize>,
    hovered: Option<usize>,
    hot: Option<Handle>,
) {
    let zoom = pen.cam.zoom;
    for i in with_handles(selected, hovered) {
        let Some(o) = objects.get(i) else { continue };
        for h in point_handles(i, &o.shape, zoom) {
            let is_hot = hot.is_some_and(|x| x.object == h.object && x.grip == h.grip);
            let px = if is_hot { 6.5 } else { 4.0 };
            let fill = if is_hot {
                Role::Selection.color()
            } else {
                Role::Handle.alpha(200)
            };
            let p = pen.cam.to_screen(h.pos);
            let shape = match h.grip {
                Grip::Radius | Grip::Rotate => egui::Shape::circle_filled(p, px, fill),
                _ => egui::Shape::rect_filled(
                    egui::Rect::from_center_size(p, egui::vec2(px * 2.0, px * 2.0)),
                    1.0,
                    fill,
                ),
            };
            pen.add(Layer::Handles, shape);
            pen.add(
                Layer::Handles,
                egui::Shape::circle_stroke(
                    p,
                    px + 1.5,
                    Stroke::new(1.0, Color32::from_black_alpha(200)),
                ),
            );
        }
    }
}
