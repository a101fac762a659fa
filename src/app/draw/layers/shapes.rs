//! The objects and the shapes a sweep is tested against: balls and obstacles, each ball's
//! swept capsule and broad-phase box, each box grown by the inspected ball's radius, each
//! segment's capsule. All outlines come from `geom::outline`.

use egui::{Color32, Stroke};

use super::{Frame, MAX_CONSTRUCTIONS, nearest};
use crate::app::draw::palette::Role;
use crate::app::draw::pen::{Layer, Pen};
use crate::geom::outline::{capsule, rounded_polygon};
use crate::obstacle::Obstacle;
use crate::scene::Shape;

/// Boxes whose grown outline is dashed at most (dashes are hundreds of shapes per box; a
/// faint line says the same in a crowd).
const MAX_DASHED_BOXES: usize = 6;

/// Objects smaller than this on screen (their bounds' larger side, in points) are drawn as
/// one small square: a scene of 10⁵ objects fitted in the canvas would otherwise paint
/// millions of vertices of shapes no one can tell apart.
const DOT_SIZE: f32 = 3.0;

/// Every object: balls (start filled, end outlined), boxes, rotated boxes, segments, circles.
pub fn objects(pen: &mut Pen, f: &Frame) {
    // All dots go in one plain mesh: two triangles each, where a shape apiece would be
    // tessellated with an anti-aliased rim (five times the triangles for the renderer to
    // bin, which under llvmpipe is most of the memory a scene of 10⁵ objects costs).
    let mut dots = egui::Mesh::default();
    for (i, o) in f.scene.objects.iter().enumerate() {
        let focused = Some(i) == f.selected || Some(i) == f.hovered;
        if !focused {
            let b = o.shape.bounds();
            let size = pen.cam.len(b.size().max_element());
            if size < DOT_SIZE {
                let role = if o.shape.is_ball() {
                    Role::Query
                } else {
                    Role::Obstacle
                };
                let c = pen.cam.to_screen(b.center());
                let square = egui::Rect::from_center_size(c, egui::vec2(DOT_SIZE, DOT_SIZE));
                if pen.cam.rect.intersects(square) {
                    dots.add_colored_rect(square, role.color());
                }
                continue;
            }
        }
        let emphasis = if Some(i) == f.selected {
            2.5
        } else if Some(i) == f.hovered {
            2.0
        } else {
            1.5
        };
        match o.shape {
            Shape::Ball { start, end, radius } => {
                let c = Role::Query.color();
                pen.circle(
                    Layer::Objects,
                    start,
                    radius,
                    Role::Query.alpha(70),
                    Stroke::new(emphasis, c),
                );
                pen.dashed_circle(Layer::Objects, end, radius, Stroke::new(emphasis * 0.8, c));
                pen.segment(
                    Layer::Objects,
                    start,
                    end,
                    Stroke::new(1.0, Role::Query.alpha(160)),
                );
                pen.dot(Layer::Objects, start, 2.5, c);
            }
            Shape::Circle { start, end, radius } => {
                let c = Role::Obstacle.color();
                pen.circle(
                    Layer::Objects,
                    start,
                    radius,
                    Role::Obstacle.alpha(45),
                    Stroke::new(emphasis, c),
                );
                if end != start {
                    pen.dashed_circle(Layer::Objects, end, radius, Stroke::new(1.0, c));
                    pen.segment(
                        Layer::Objects,
                        start,
                        end,
                        Stroke::new(1.0, Role::Obstacle.alpha(140)),
                    );
                }
            }
            Shape::Segment { a, b } => {
                pen.segment(
                    Layer::Objects,
                    a,
                    b,
                    Stroke::new(emphasis + 1.0, Role::Obstacle.color()),
                );
            }
            Shape::Box { .. } | Shape::RotatedBox { .. } => {
                if let Some(frame) = o.shape.obstacle().and_then(|ob| ob.frame()) {
                    let corners = frame.corners();
                    pen.closed(
                        Layer::Objects,
                        &corners,
                        Role::Obstacle.alpha(45),
                        Stroke::new(emphasis, Role::Obstacle.color()),
                    );
                }
            }
        }
    }
    if !dots.is_empty() {
        pen.add(Layer::Objects, egui::Shape::mesh(dots));
    }
}

/// The capsule each ball sweeps: outline plus translucent fill.
pub fn capsules(pen: &mut Pen, f: &Frame) {
    for b in &f.eval.balls {
        // Half a turn at each end: twice a quarter's steps.
        let steps = 2 * pen.arc_steps(b.sweep.radius);
        let pts = capsule(b.sweep.start, b.sweep.end, b.sweep.radius, steps);
        pen.closed(
            Layer::Capsule,
            &pts,
            Role::Query.alpha(28),
            Stroke::new(1.0, Role::Query.alpha(150)),
        );
    }
}

/// For the inspected ball: each nearby box expanded by r with rounded corners (solid) and with
/// square corners (dashed).
pub fn minkowski(pen: &mut Pen, f: &Frame) {
    let Some(ball) = f.ball() else { return };
    let r = ball.sweep.radius;
    let boxes = nearest(ball, MAX_CONSTRUCTIONS, |p| p.shape.frame().is_some());
    let dashed = boxes.len() <= MAX_DASHED_BOXES;
    for p in boxes {
        let Some(frame) = p.shape.frame() else {
            continue;
        };
        let square = frame.expanded_corners(r);
        let rounded = rounded_polygon(&frame.corners(), r, pen.arc_steps(r));
        pen.closed(
            Layer::Minkowski,
            &rounded,
            Color32::TRANSPARENT,
            Stroke::new(1.5, Role::Expanded.color()),
        );
        let stroke = Stroke::new(1.0, Role::Expanded.alpha(170));
        if dashed {
            let mut sq = square.to_vec();
            sq.push(square[0]);
            pen.dashed(Layer::Minkowski, &sq, stroke);
        } else {
            // Dashes are hundreds of shapes per box; a faint line says the same in a crowd.
            pen.closed(Layer::Minkowski, &square, Color32::TRANSPARENT, stroke);
        }
    }
}

/// The capsule of radius r (inspected ball) around each nearby segment.
pub fn segment_capsule(pen: &mut Pen, f: &Frame) {
    let Some(ball) = f.ball() else { return };
    let segments = nearest(ball, MAX_CONSTRUCTIONS, |p| {
        matches!(p.shape, Obstacle::Segment(_))
    });
    for p in segments {
        if let Obstacle::Segment(s) = p.shape {
            let steps = 2 * pen.arc_steps(ball.sweep.radius);
            let pts = capsule(s.a, s.b, ball.sweep.radius, steps);
            pen.closed(
                Layer::SegmentCapsule,
                &pts,
                Color32::TRANSPARENT,
                Stroke::new(1.5, Role::Expanded.color()),
            );
        }
    }
}

/// The bounding box of each ball's motion (what a broad phase tests first).
pub fn broad_phase(pen: &mut Pen, f: &Frame) {
    for b in &f.eval.balls {
        let c = b.sweep.bounds().corners();
        pen.closed(
            Layer::BroadPhase,
            &c,
            Color32::TRANSPARENT,
            Stroke::new(1.0, Role::BroadPhase.color()),
        );
    }
}
