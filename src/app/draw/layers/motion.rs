//! Motion over time: a ball's motion relative to a moving circle (the frame the circle
//! query solves in) and everything where it is at the scrubber's time.

use egui::{Color32, Stroke};

use super::{Frame, nearest};

/// Moving circles drawn in the ball's relative frame at most (the nearest).
const MAX_RELATIVE: usize = 4;
use crate::app::draw::camera::world_len;
use crate::app::draw::palette::Role;
use crate::app::draw::pen::{Layer, Pen, around};
use crate::geom::outline::capsule;
use crate::obstacle::Obstacle;

/// For the inspected ball against each moving circle: the circle held still at its start and
/// the ball moving by the relative displacement with radius r1 + r2.
pub fn relative_motion(pen: &mut Pen, f: &Frame) {
    let Some(ball) = f.ball() else { return };
    let moving =
        |p: &crate::scene::PairResult| matches!(p.shape, Obstacle::Circle(c) if c.start != c.end);
    for p in nearest(ball, MAX_RELATIVE, moving) {
        let Obstacle::Circle(other) = p.shape else {
            continue;
        };
        // The ball's motion with the other circle held still at its start.
        let rel = ball.sweep.relative_to(&other);
        let color = Role::Relative.color();
        let mut closed = capsule(
            rel.start,
            rel.end,
            rel.radius,
            2 * pen.arc_steps(rel.radius),
        );
        if let Some(&first) = closed.first() {
            closed.push(first);
        }
        pen.dashed(Layer::RelativeMotion, &closed, Stroke::new(1.2, color));
        pen.dot(Layer::RelativeMotion, other.start, 4.0, color);
        pen.arrow(
            Layer::RelativeMotion,
            rel.start,
            rel.delta(),
            pen.cam.len(world_len(rel.delta())).min(400.0),
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
            // Said in full: "relative, r1+r2" left a user to work out the drawing (a circle
            // where no object is) from the docs.
            let other_name = f
                .scene
                .objects
                .get(p.obstacle)
                .map_or(String::new(), |o| crate::scene::number::short_name(&o.name));
            // At the contact in the relative frame, where the drawing needs saying; the
            // end of the relative capsule is often out of the view.
            let at = p.hit.map_or(rel.end, |h| {
                rel.at(h.time) - glam::Vec2::new(0.0, rel.radius)
            });
            pen.label(
                Layer::RelativeMotion,
                at,
                &around(8.0),
                &format!("relative motion: '{other_name}' held at its start, radius r1 + r2"),
                color,
            );
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
                Stroke::new(2.0, Role::Scrubber.color()),
            );
        }
    }
    for (_, ob) in &f.eval.obstacles {
        if let Obstacle::Circle(c) = ob
            && c.delta() != glam::Vec2::ZERO
        {
            pen.circle(
                Layer::Scrubber,
                c.at(f.t),
                c.radius,
                Role::Obstacle.alpha(90),
                Stroke::new(2.0, Role::Scrubber.color()),
            );
        }
    }
}
