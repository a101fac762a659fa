//! One function per construction drawn on the canvas. Each draws what the scene's
//! [`Evaluation`] and the core's constructions (`geom::outline`, `BoxFrame`, the sweep's
//! relative motion, the path's position at t) return, through a [`Pen`] under its
//! [`Layer`]; none of them computes geometry of its own.

use egui::{Align2, Color32, Stroke, vec2};
use glam::Vec2;

use super::camera::axis_label;
use super::palette::{Role, variant_color};
use super::pen::{Layer, Pen};
use crate::app::handles::{Grip, Handle, point_handles};
use crate::geom::Aabb;
use crate::geom::outline::{capsule, circle, rounded_polygon};
use crate::hit::{Feature, Hit};
use crate::obstacle::Obstacle;
use crate::region::Region;
use crate::scene::{BallEvaluation, Evaluation, Object, Scene, Shape};

/// What the layers need besides the scene and its evaluation.
pub struct Frame<'a> {
    pub scene: &'a Scene,
    pub eval: &'a Evaluation,
    /// The ball the inspector shows.
    pub ball: Option<&'a BallEvaluation>,
    pub selected: Option<usize>,
    pub hovered: Option<usize>,
    pub t: f32,
    /// The heat map's texture and screen rectangle, when it is shown.
    pub heat: Option<(egui::TextureId, egui::Rect)>,
}

impl Frame<'_> {
    fn ball(&self) -> Option<&BallEvaluation> {
        self.ball
    }
}

/// Draws every enabled layer in back-to-front order.
pub fn draw_all(pen: &mut Pen, f: &Frame) {
    let l = f.scene.layers;
    if let Some((texture, rect)) = f.heat {
        let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
        pen.add(
            Layer::HeatMap,
            egui::Shape::image(texture, rect, uv, Color32::WHITE),
        );
    }
    if l.grid {
        grid(pen);
    }
    if l.regions {
        regions(pen, f);
    }
    if l.broad_phase {
        broad_phase(pen, f);
    }
    if l.minkowski {
        minkowski(pen, f);
    }
    if l.segment_capsule {
        segment_capsule(pen, f);
    }
    if l.capsule {
        capsules(pen, f);
    }
    objects(pen, f);
    if l.relative_motion {
        relative_motion(pen, f);
    }
    if l.path {
        path(pen, f);
    }
    if l.impact {
        impact(pen, f);
    }
    variants(pen, f);
    scrubber(pen, f);
    if l.labels {
        labels(pen, f);
    }
}

/// Grid lines every major step with labelled axes; labels stick to the canvas edge when the
/// axis is off screen.
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
    if x1 - x0 > 400 || y1 - y0 > 400 {
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
        pen.add(
            Layer::Grid,
            egui::Shape::line_segment([egui::pos2(sx, r.top()), egui::pos2(sx, r.bottom())], s),
        );
        if i != 0 {
            pen.stats_text(
                Layer::Grid,
                egui::pos2(sx + 3.0, label_y + 2.0),
                Align2::LEFT_TOP,
                &axis_label(x, step),
                color,
            );
        }
    }
    for i in y0..=y1 {
        let y = i as f32 * step;
        let sy = cam.to_screen(Vec2::new(0.0, y)).y;
        let s = if i == 0 { axis } else { minor };
        pen.add(
            Layer::Grid,
            egui::Shape::line_segment([egui::pos2(r.left(), sy), egui::pos2(r.right(), sy)], s),
        );
        if i != 0 {
            pen.stats_text(
                Layer::Grid,
                egui::pos2(label_x - 3.0, sy - 2.0),
                Align2::RIGHT_BOTTOM,
                &axis_label(y, step),
                color,
            );
        }
    }
}

/// Every object: balls (start filled, end outlined), boxes, rotated boxes, segments, circles.
pub fn objects(pen: &mut Pen, f: &Frame) {
    for (i, o) in f.scene.objects.iter().enumerate() {
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
                pen.dashed(
                    Layer::Objects,
                    &circle(end, radius, 48),
                    Stroke::new(emphasis * 0.8, c),
                );
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
                if (end - start).length_squared() > 0.0 {
                    pen.dashed(
                        Layer::Objects,
                        &circle(end, radius, 48),
                        Stroke::new(1.0, c),
                    );
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
}

/// The capsule each ball sweeps: outline plus translucent fill.
pub fn capsules(pen: &mut Pen, f: &Frame) {
    for b in &f.eval.balls {
        let pts = capsule(b.sweep.start, b.sweep.end, b.sweep.radius, 16);
        pen.closed(
            Layer::Capsule,
            &pts,
            Role::Query.alpha(28),
            Stroke::new(1.0, Role::Query.alpha(150)),
        );
    }
}

/// For the inspected ball: each box expanded by r with rounded corners (solid) and with
/// square corners (dashed).
pub fn minkowski(pen: &mut Pen, f: &Frame) {
    let Some(ball) = f.ball() else { return };
    let r = ball.sweep.radius;
    let dashed = f.eval.obstacles.len() <= MAX_NAMED_REGION_BOXES;
    for (_, ob) in &f.eval.obstacles {
        let Some(frame) = ob.frame() else {
            continue;
        };
        let square = frame.expanded_corners(r);
        let rounded = rounded_polygon(&frame.corners(), r, 10);
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

/// Boxes whose region names are drawn at most.
const MAX_NAMED_REGION_BOXES: usize = 6;

/// The nine Cohen–Sutherland regions around every box: dividing lines, the names, and the
/// regions holding the inspected ball's start and end highlighted.
pub fn regions(pen: &mut Pen, f: &Frame) {
    let view = pen.cam.world_rect();
    let reach = view.size().length() + view.center().length();
    let ball = f.ball();
    let line = Stroke::new(1.0, Role::Region.alpha(110));
    // Names on more than a few boxes are unreadable clutter (and cost text layout).
    let boxes = f
        .eval
        .obstacles
        .iter()
        .filter(|(_, o)| o.frame().is_some())
        .count();
    let named = f.scene.layers.labels && boxes <= MAX_NAMED_REGION_BOXES;
    for (_, ob) in &f.eval.obstacles {
        let Some(frame) = ob.frame() else {
            continue;
        };
        let b = frame.local;
        let reach = reach + b.center().length() + b.size().length();
        let xs = [b.min.x - reach, b.min.x, b.max.x, b.max.x + reach];
        let ys = [b.min.y - reach, b.min.y, b.max.y, b.max.y + reach];
        if let Some(ball) = ball
            && let (Some(start), Some(end)) =
                (ob.region_of(ball.sweep.start), ob.region_of(ball.sweep.end))
        {
            for (code, alpha) in [(start, 26u8), (end, 18u8)] {
                if code.is_inside() {
                    continue;
                }
                let (cx, cy) = cell_of(code);
                let cell = Aabb::new(Vec2::new(xs[cx], ys[cy]), Vec2::new(xs[cx + 1], ys[cy + 1]));
                let pts = cell.corners().map(|p| frame.to_world(p));
                pen.closed(
                    Layer::Regions,
                    &pts,
                    Role::Region.alpha(alpha),
                    Stroke::NONE,
                );
            }
        }
        for x in [b.min.x, b.max.x] {
            pen.segment(
                Layer::Regions,
                frame.to_world(Vec2::new(x, ys[0])),
                frame.to_world(Vec2::new(x, ys[3])),
                line,
            );
        }
        for y in [b.min.y, b.max.y] {
            pen.segment(
                Layer::Regions,
                frame.to_world(Vec2::new(xs[0], y)),
                frame.to_world(Vec2::new(xs[3], y)),
                line,
            );
        }
        if named {
            let off = 16.0 / pen.cam.zoom;
            for code in Region::ALL {
                if code.is_inside() {
                    continue;
                }
                let (cx, cy) = cell_of(code);
                let lx = [b.min.x - off, b.center().x, b.max.x + off][cx];
                let ly = [b.min.y - off, b.center().y, b.max.y + off][cy];
                pen.text(
                    Layer::Regions,
                    frame.to_world(Vec2::new(lx, ly)),
                    vec2(0.0, 0.0),
                    Align2::CENTER_CENTER,
                    code.name(),
                    Role::Region.color(),
                );
            }
        }
    }
}

/// Column and row (0..3, left to right, bottom to top) of a region code's cell.
fn cell_of(code: Region) -> (usize, usize) {
    let cx = if code.contains(Region::LEFT) {
        0
    } else if code.contains(Region::RIGHT) {
        2
    } else {
        1
    };
    let cy = if code.contains(Region::BOTTOM) {
        0
    } else if code.contains(Region::TOP) {
        2
    } else {
        1
    };
    (cx, cy)
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

/// For every contact of every ball: the ball at impact, the contact point, the normal and
/// (at corners and end caps) the face normal.
pub fn impact(pen: &mut Pen, f: &Frame) {
    for b in &f.eval.balls {
        for p in &b.pairs {
            if let Some(h) = &p.hit {
                // A moving circle is drawn where it is at the contact, too.
                if let Obstacle::Circle(c) = p.shape
                    && c.delta().length_squared() > 0.0
                {
                    let at = circle(c.at(h.time), c.radius, 48);
                    pen.dashed(Layer::Impact, &at, Stroke::new(1.5, Role::Obstacle.color()));
                }
                draw_hit(pen, Layer::Impact, h, b.sweep.radius, Role::Ghost.color());
            }
        }
    }
}

fn draw_hit(pen: &mut Pen, layer: Layer, h: &Hit, r: f32, ghost: Color32) {
    let faded = Color32::from_rgba_unmultiplied(ghost.r(), ghost.g(), ghost.b(), 30);
    pen.circle(layer, h.center, r, faded, Stroke::new(1.5, ghost));
    pen.arrow(layer, h.point, h.normal, 42.0, Role::Normal.color());
    let corner = matches!(h.feature, Feature::Corner(_) | Feature::End(_));
    if corner && (h.face_normal - h.normal).length() > 1e-4 {
        pen.arrow(
            layer,
            h.point,
            h.face_normal,
            30.0,
            Role::FaceNormal.color(),
        );
    }
    pen.dot(layer, h.point, 4.0, Role::Contact.color());
}

/// The response path through every contact, numbered, and where the ball ends up.
pub fn path(pen: &mut Pen, f: &Frame) {
    for b in &f.eval.balls {
        let p = &b.path;
        if p.points.len() < 2 && p.contacts.is_empty() {
            continue;
        }
        pen.polyline(Layer::Path, &p.points, Stroke::new(2.0, Role::Path.color()));
        for (i, c) in p.contacts.iter().enumerate() {
            pen.dot(Layer::Path, c.hit.center, 3.5, Role::Path.color());
            pen.text(
                Layer::Path,
                c.hit.center,
                vec2(8.0, -8.0),
                Align2::LEFT_BOTTOM,
                &format!("{}", i + 1),
                Role::Path.color(),
            );
        }
        if !p.contacts.is_empty() {
            pen.dashed(
                Layer::Path,
                &circle(p.end, b.sweep.radius, 40),
                Stroke::new(1.0, Role::Path.alpha(200)),
            );
        }
    }
}

/// For the inspected ball against each moving circle: the circle held still at its start and
/// the ball moving by the relative displacement with radius r1 + r2.
pub fn relative_motion(pen: &mut Pen, f: &Frame) {
    let Some(ball) = f.ball() else { return };
    for p in &ball.pairs {
        let Obstacle::Circle(other) = p.shape else {
            continue;
        };
        // The ball's motion with the other circle held still at its start.
        let rel = ball.sweep.relative_to(&other);
        let color = Role::Relative.color();
        let mut closed = capsule(rel.start, rel.end, rel.radius, 16);
        if let Some(&first) = closed.first() {
            closed.push(first);
        }
        pen.dashed(Layer::RelativeMotion, &closed, Stroke::new(1.2, color));
        pen.dot(Layer::RelativeMotion, other.start, 4.0, color);
        pen.arrow(
            Layer::RelativeMotion,
            rel.start,
            rel.delta(),
            pen.cam.len(rel.delta().length()).min(400.0),
            Role::Relative.alpha(200),
        );
        if let Some(h) = &p.hit {
            pen.circle(
                Layer::RelativeMotion,
                rel.at(h.time),
                rel.radius,
                Color32::TRANSPARENT,
                Stroke::new(1.5, color),
            );
        }
        if f.scene.layers.labels {
            pen.text(
                Layer::RelativeMotion,
                rel.end,
                vec2(6.0, 6.0),
                Align2::LEFT_TOP,
                "relative, r1+r2",
                color,
            );
        }
    }
}

/// The capsule of radius r (inspected ball) around every segment.
pub fn segment_capsule(pen: &mut Pen, f: &Frame) {
    let Some(ball) = f.ball() else { return };
    for (_, ob) in &f.eval.obstacles {
        if let Obstacle::Segment(s) = ob {
            let pts = capsule(s.a, s.b, ball.sweep.radius, 16);
            pen.closed(
                Layer::SegmentCapsule,
                &pts,
                Color32::TRANSPARENT,
                Stroke::new(1.5, Role::Expanded.color()),
            );
        }
    }
}

/// Each enabled variant's contact for the inspected ball, in its own colour.
pub fn variants(pen: &mut Pen, f: &Frame) {
    let Some(ball) = f.ball() else { return };
    let mut stack = 0.0;
    let mut missed = 0.0;
    for row in &ball.variants {
        let Some(h) = row.hit() else {
            // No contact to draw: list it in the canvas's top-left corner when that is wrong.
            if row.verdict.is_bad() {
                let at = pen.cam.rect.left_top() + vec2(10.0, 8.0 + missed);
                let name = ball
                    .pairs
                    .get(row.pair)
                    .and_then(|p| f.scene.objects.get(p.obstacle))
                    .map_or("", |o| o.name.as_str());
                let text = format!("{} vs {name}: {}", row.variant.id(), row.verdict.text());
                let color = variant_color(row.variant);
                pen.stats_text(Layer::Variants, at, Align2::LEFT_TOP, &text, color);
                missed += 16.0;
            }
            continue;
        };
        if !(h.center.is_finite() && h.point.is_finite() && h.normal.is_finite()) {
            continue;
        }
        let color = variant_color(row.variant);
        pen.circle(
            Layer::Variants,
            h.center,
            ball.sweep.radius,
            Color32::TRANSPARENT,
            Stroke::new(1.5, color),
        );
        pen.arrow(Layer::Variants, h.point, h.normal, 30.0, color);
        pen.dot(Layer::Variants, h.point, 3.5, color);
        if f.scene.layers.labels {
            // Stack the names so variants that agree do not print on top of each other.
            let off = vec2(
                pen.cam.len(ball.sweep.radius) + 6.0,
                -pen.cam.len(ball.sweep.radius) + stack,
            );
            pen.text(
                Layer::Variants,
                h.center,
                off,
                Align2::LEFT_TOP,
                &format!("{} {}", row.variant.id(), row.verdict.text()),
                color,
            );
            stack += 15.0;
        }
    }
}

/// The balls along their paths and the moving circles at the scrubber's time.
pub fn scrubber(pen: &mut Pen, f: &Frame) {
    for b in &f.eval.balls {
        if let Some(p) = b.path.position_at(f.t) {
            pen.circle(
                Layer::Scrubber,
                p,
                b.sweep.radius,
                Role::Query.alpha(120),
                Stroke::new(2.0, Color32::WHITE),
            );
        }
    }
    for (_, ob) in &f.eval.obstacles {
        if let Obstacle::Circle(c) = ob
            && c.delta().length_squared() > 0.0
        {
            pen.circle(
                Layer::Scrubber,
                c.at(f.t),
                c.radius,
                Role::Obstacle.alpha(90),
                Stroke::new(2.0, Color32::WHITE),
            );
        }
    }
}

/// Object names.
pub fn labels(pen: &mut Pen, f: &Frame) {
    for o in &f.scene.objects {
        let (at, off) = match o.shape {
            Shape::Ball { start, radius, .. } => (start, vec2(0.0, -pen.cam.len(radius) - 4.0)),
            Shape::Circle { start, radius, .. } => (start, vec2(0.0, -pen.cam.len(radius) - 4.0)),
            Shape::Segment { a, b } => ((a + b) * 0.5, vec2(0.0, -6.0)),
            Shape::Box { min, max } => (
                Vec2::new((min.x + max.x) * 0.5, (min.y + max.y) * 0.5),
                vec2(0.0, 0.0),
            ),
            Shape::RotatedBox { center, .. } => (center, vec2(0.0, 0.0)),
        };
        let anchor = if off == vec2(0.0, 0.0) {
            Align2::CENTER_CENTER
        } else {
            Align2::CENTER_BOTTOM
        };
        pen.text(
            Layer::Labels,
            at,
            off,
            anchor,
            &o.name,
            Color32::from_gray(230),
        );
    }
}

/// Draws the point handles of the selected and hovered objects; the hot one is larger.
pub fn handles(
    pen: &mut Pen,
    objects: &[Object],
    selected: Option<usize>,
    hovered: Option<usize>,
    hot: Option<Handle>,
) {
    let zoom = pen.cam.zoom;
    let mut shown: Vec<usize> = selected.into_iter().collect();
    if let Some(h) = hovered
        && Some(h) != selected
    {
        shown.push(h);
    }
    for i in shown {
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
