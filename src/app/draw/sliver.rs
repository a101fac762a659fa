//! Closed outlines made safe for egui's tessellator.
//!
//! egui joins the edges of a closed path with mitres and does not cut sharp corners off
//! (`CUT_OFF_SHARP_CORNERS` is off in `epaint`): at a vertex where the outline turns
//! back on itself the mitre, and with it the anti-aliasing feather and the stroke, reaches
//! out by `1 / cos(turn / 2)`, without bound. An outline thinner than a pixel on screen —
//! a capsule of radius 1e-6, a box grown by a radius below f32's spacing — has exactly
//! such vertices once its points are rounded: two points a hair apart in some direction,
//! or a corner whose edges nearly reverse. Filled, it painted a band the height of the
//! canvas. [`tessellable`] drops points a fraction of a pixel from the last one kept and
//! vertices sharper than [`MIN_COS_HALF_TURN`] allows, and what is left thinner than that
//! is a line.

use egui::Pos2;

/// Points closer than this (in screen points) to the last point kept are dropped: their
/// edge's direction is rounding, not shape.
const MIN_GAP: f32 = 0.25;

/// The least `cos(turn / 2)` kept at a vertex: its mitre reaches at most 8 times the
/// feather or half stroke out (a turn of about 165°, an interior angle of about 14°). The
/// outlines drawn are convex, whose only corners this sharp are rounding's.
const MIN_COS_HALF_TURN: f32 = 0.125;

/// A closed outline as egui can draw it.
#[derive(Clone, Debug, PartialEq)]
pub enum Outline {
    /// Three or more points, no vertex sharper than [`MIN_COS_HALF_TURN`].
    Polygon(Vec<Pos2>),
    /// Thinner than a pixel: the line between its two farthest points.
    Line(Pos2, Pos2),
    /// Nothing to draw.
    Empty,
}

/// The closed outline through `points` (in order, the last joined to the first) that egui
/// tessellates within a few pixels of it. See the module's comment.
pub fn tessellable(points: &[Pos2]) -> Outline {
    if points.iter().any(|p| !(p.x.is_finite() && p.y.is_finite())) {
        return Outline::Empty;
    }
    let mut kept: Vec<Pos2> = Vec::with_capacity(points.len());
    for &p in points {
        if kept.last().is_none_or(|&q| q.distance(p) > MIN_GAP) {
            kept.push(p);
        }
    }
    while kept.len() > 1 && kept[0].distance(kept[kept.len() - 1]) <= MIN_GAP {
        kept.pop();
    }
    // Each pass removes one vertex or ends: at most `len` passes.
    while kept.len() >= 3 {
        let n = kept.len();
        let sharp = (0..n).find(|&i| {
            let (prev, here, next) = (kept[(i + n - 1) % n], kept[i], kept[(i + 1) % n]);
            cos_half_turn(here - prev, next - here) < MIN_COS_HALF_TURN
        });
        match sharp {
            Some(i) => {
                kept.remove(i);
            }
            None => return Outline::Polygon(kept),
        }
    }
    match kept.as_slice() {
        [] => Outline::Empty,
        [p] => Outline::Line(*p, *p),
        _ => farthest_pair(points),
    }
}

/// `cos(turn / 2)` between the edges `a` then `b`: the length of the mean of their unit
/// normals, which egui's mitre divides by (1 straight on, 0 turned back).
fn cos_half_turn(a: egui::Vec2, b: egui::Vec2) -> f32 {
    let (a, b) = (a.normalized(), b.normalized());
    ((a + b) * 0.5).length()
}

/// The line between the two points of `points` farthest apart.
fn farthest_pair(points: &[Pos2]) -> Outline {
    let mut best = (0.0f32, Outline::Empty);
    for (i, &a) in points.iter().enumerate() {
        for &b in &points[i..] {
            let d = a.distance_sq(b);
            if d >= best.0 {
                best = (d, Outline::Line(a, b));
            }
        }
    }
    best.1
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use egui::{Color32, Shape, Stroke, pos2};

    /// The bounding box of what egui's tessellator makes of `shape` (feathering on, as in
    /// the window).
    pub(crate) fn tessellated_bounds(shape: Shape) -> egui::Rect {
        let options = egui::epaint::TessellationOptions::default();
        let mut tessellator = egui::epaint::Tessellator::new(1.0, options, [1, 1], Vec::new());
        let mut mesh = egui::epaint::Mesh::default();
        tessellator.tessellate_shape(shape, &mut mesh);
        let mut bounds = egui::Rect::NOTHING;
        for v in mesh.vertices {
            bounds.extend_with(v.pos);
        }
        bounds
    }

    fn drawn(outline: Outline) -> Shape {
        let stroke = Stroke::new(1.0, Color32::WHITE);
        match outline {
            Outline::Polygon(p) => Shape::convex_polygon(p, Color32::GRAY, stroke),
            Outline::Line(a, b) => Shape::line_segment([a, b], stroke),
            Outline::Empty => Shape::Noop,
        }
    }

    /// The class: any outline, however thin or jagged, tessellates within a few pixels of
    /// its points.
    #[test]
    fn every_outline_tessellates_near_its_points() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 40) as f32 / (1u64 << 24) as f32
        };
        for case in 0..5_000 {
            let n = 3 + (next() * 10.0) as usize;
            // Thin shapes: a spine with points off it by at most `width` pixels.
            let width = [1e-5, 0.1, 0.6, 2.0, 50.0][case % 5];
            let (a, b) = (
                pos2(next() * 400.0, next() * 300.0),
                pos2(next() * 400.0, next() * 300.0),
            );
            let pts: Vec<Pos2> = (0..n)
                .map(|_| {
                    let t = next();
                    a + (b - a) * t + egui::vec2(next() - 0.5, next() - 0.5) * width
                })
                .collect();
            let hull = egui::Rect::from_points(&pts).expand(8.5);
            let got = tessellated_bounds(drawn(tessellable(&pts)));
            assert!(
                got == egui::Rect::NOTHING || hull.contains_rect(got),
                "case {case}: {pts:?} drawn over {got:?}"
            );
        }
    }

    #[test]
    fn a_convex_outline_is_kept_as_it_is() {
        let square = vec![
            pos2(0.0, 0.0),
            pos2(10.0, 0.0),
            pos2(10.0, 10.0),
            pos2(0.0, 10.0),
        ];
        assert_eq!(tessellable(&square), Outline::Polygon(square));
        let octagon: Vec<Pos2> = (0..8)
            .map(|k| {
                let a = k as f32 * std::f32::consts::TAU / 8.0;
                pos2(50.0 + 20.0 * a.cos(), 50.0 + 20.0 * a.sin())
            })
            .collect();
        assert_eq!(tessellable(&octagon), Outline::Polygon(octagon));
    }

    #[test]
    fn a_point_and_nothing() {
        assert_eq!(tessellable(&[]), Outline::Empty);
        let p = pos2(3.0, 4.0);
        assert_eq!(tessellable(&[p, p, p]), Outline::Line(p, p));
        assert_eq!(tessellable(&[p, pos2(f32::NAN, 0.0), p]), Outline::Empty);
    }
}
