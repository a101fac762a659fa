//! Contacts and near misses: every exact contact (the ball at impact, the contact point, its
//! normal and face normal), the inspected ball's closest approaches to what it misses and
//! its depth inside what it starts in, the response path, and the enabled variants' answers
//! where they differ from the exact one.

use egui::{Align2, Color32, Stroke, vec2};

use super::Frame;
use crate::app::draw::palette::{Role, variant_color};
use crate::app::draw::pen::{Layer, Pen, around};
use crate::hit::{Feature, Hit};
use crate::obstacle::Obstacle;
use crate::scene::number::fixed;
use crate::scene::{BallEvaluation, PairResult};

/// For every contact of every ball: the ball at impact, the contact point, the normal and
/// (at corners and end caps) the face normal.
pub fn impact(pen: &mut Pen, f: &Frame) {
    for (b, p, h) in shown_hits(f) {
        // A moving circle is drawn where it is at the contact, too.
        if let Obstacle::Circle(c) = p.shape
            && c.delta().length_squared() > 0.0
        {
            let stroke = Stroke::new(1.5, Role::Obstacle.color());
            pen.dashed_circle(Layer::Impact, c.at(h.time), c.radius, stroke);
        }
        draw_hit(pen, Layer::Impact, h, b.sweep.radius, Role::Ghost.color());
    }
}

/// Keeps every label off the contact points [`impact`] draws: called before any label is
/// placed (the response path numbers its contacts before the impact layer is drawn).
pub fn keep_contacts_clear(pen: &mut Pen, f: &Frame) {
    for (_, _, h) in shown_hits(f) {
        pen.keep_clear(h.point, CONTACT_DOT);
    }
}

/// The contacts the impact layer shows: the inspected ball's earliest, every other ball's
/// first.
fn shown_hits<'a>(
    f: &'a Frame,
) -> impl Iterator<Item = (&'a BallEvaluation, &'a PairResult, &'a Hit)> + 'a {
    f.eval.balls.iter().flat_map(move |b| {
        let inspected = f.ball().is_some_and(|i| i.object == b.object);
        let n = if inspected { MAX_CONTACTS } else { 1 };
        super::nearest(b, n, |p| p.hit.is_some())
            .into_iter()
            .filter_map(move |p| p.hit.as_ref().map(|h| (b, p, h)))
    })
}

/// The contact point's dot, radius in points.
const CONTACT_DOT: f32 = 4.0;

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
    pen.mark(layer, h.point, CONTACT_DOT, Role::Contact.color());
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
            pen.label(
                Layer::Path,
                c.hit.center,
                &around(8.0),
                &format!("{}", i + 1),
                Role::Path.color(),
            );
        }
        if !p.contacts.is_empty() {
            pen.dashed_circle(
                Layer::Path,
                p.end,
                b.sweep.radius,
                Stroke::new(1.0, Role::Path.alpha(200)),
            );
        }
    }
}

/// Each enabled variant's answer for the inspected ball, in its own colour, where it
/// differs from the exact one: its ball at impact, contact and normal, labelled with the
/// verdict. Variants that agree draw nothing over the exact contact; they are listed in the
/// canvas's top-left corner with the ones that report no contact.
pub fn variants(pen: &mut Pen, f: &Frame) {
    let Some(ball) = f.ball() else { return };
    let mut corner_lines: Vec<(String, Color32)> = Vec::new();
    for row in &ball.variants {
        let color = variant_color(row.variant);
        let obstacle = ball
            .pairs
            .get(row.pair)
            .and_then(|p| f.scene.objects.get(p.obstacle))
            .map_or("", |o| o.name.as_str());
        let line = format!("{} vs {obstacle}: {}", row.variant.id(), row.verdict.text());
        let drawable = row
            .hit()
            .filter(|h| h.center.is_finite() && h.point.is_finite() && h.normal.is_finite());
        let Some(h) = drawable.filter(|_| row.verdict.is_bad()) else {
            corner_lines.push((line, color));
            continue;
        };
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
            let gap = pen.cam.len(ball.sweep.radius) + 6.0;
            pen.label(Layer::Variants, h.center, &around(gap), &line, color);
        }
    }
    let mut at = pen.cam.rect.left_top() + vec2(10.0, 8.0);
    for (line, color) in corner_lines {
        let spot = [(Align2::LEFT_TOP, egui::Vec2::ZERO)];
        pen.screen_label(Layer::Variants, at, &spot, &line, color);
        at.y += CORNER_LINE;
    }
}

/// For the inspected ball: how close it comes to the obstacles it misses (the nearest few),
/// drawn as a marked gap between its surface and theirs at that moment with the ball there;
/// and how deep it starts inside what it overlaps at `t = 0`.
pub fn approach(pen: &mut Pen, f: &Frame) {
    let Some(ball) = f.ball() else { return };
    let r = ball.sweep.radius;
    let mut misses: Vec<_> = ball
        .pairs
        .iter()
        .filter(|p| p.hit.is_none())
        .filter_map(|p| p.approach)
        .filter(|a| a.clearance.is_finite())
        .collect();
    misses.sort_by(|a, b| a.clearance.total_cmp(&b.clearance));
    let color = Role::Gap.color();
    for a in misses.into_iter().take(MAX_GAPS) {
        pen.dashed_circle(
            Layer::Approach,
            a.center,
            r,
            Stroke::new(1.0, Role::Gap.alpha(150)),
        );
        pen.segment(
            Layer::Approach,
            a.obstacle_point,
            a.ball_point,
            Stroke::new(2.0, color),
        );
        for end in [a.obstacle_point, a.ball_point] {
            pen.dot(Layer::Approach, end, 3.0, color);
        }
        let text = format!("gap {} at t = {}", fixed(a.clearance), fixed(a.time));
        let mid = (a.obstacle_point + a.ball_point) * 0.5;
        // Above or below the gap first: beside it the label would sit on the ball.
        let spots = around(8.0);
        let spots = [spots[1], spots[3], spots[4], spots[6], spots[0], spots[2]];
        pen.label(Layer::Approach, mid, &spots, &text, color);
    }
    for p in &ball.pairs {
        if let (Some(h), Some(depth)) = (p.hit, p.depth)
            && h.started_inside
        {
            let text = format!("{} deep", fixed(depth));
            let gap = pen.cam.len(r) + 4.0;
            pen.label(
                Layer::Approach,
                ball.sweep.start,
                &around(gap),
                &text,
                Role::Alert.color(),
            );
        }
    }
}

/// Points between the lines of the canvas's top-left list (a label's height and its gap).
const CORNER_LINE: f32 = 20.0;

/// Contacts drawn at most for the inspected ball (the earliest).
const MAX_CONTACTS: usize = 8;

/// Near misses drawn at most (the nearest), so a crowded scene stays readable.
const MAX_GAPS: usize = 3;
