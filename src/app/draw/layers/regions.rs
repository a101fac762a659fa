//! The nine Cohen–Sutherland regions around the boxes that matter to the inspected ball:
//! the box it meets first (else the one it passes nearest) and a selected box, or every box
//! when the scene asks for all. Each region is labelled with its code and name; the regions
//! holding the ball's start and end are hatched in two directions, so they are told apart
//! even where they are the same region.
//!
//! Hatching draws a few hundred thin lines at most, where shading whole regions would fill
//! most of the canvas once per box: more than the software renderers many users run under
//! can afford.

use egui::{Pos2, Stroke};
use glam::Vec2;

use super::Frame;
use crate::app::draw::palette::Role;
use crate::app::draw::pen::{Layer, Pen, centred_or_around};
use crate::geom::BoxFrame;
use crate::region::Region;
use crate::scene::{BallEvaluation, PairResult};

/// Boxes labelled at most when every box's regions are drawn.
const MAX_LABELLED_BOXES: usize = 6;

/// Boxes whose dividing lines are drawn at most when every box's are asked for (the
/// nearest to the ball's motion first): each draws four lines across the canvas.
const MAX_BOXES: usize = 64;

/// Points between hatch lines.
const HATCH_SPACING: f32 = 11.0;

pub fn regions(pen: &mut Pen, f: &Frame) {
    let Some(ball) = f.ball() else { return };
    let all = f.scene.layers.regions_all;
    let boxes: Vec<(&PairResult, bool)> = region_boxes(f, ball)
        .into_iter()
        .filter(|(_, relevant)| *relevant || all)
        .take(MAX_BOXES)
        .collect();
    let labelled = boxes.len() <= MAX_LABELLED_BOXES;
    for (pair, relevant) in boxes {
        let Some(frame) = pair.shape.frame() else {
            continue;
        };
        dividing_lines(pen, &frame);
        if relevant && let (Some(start), Some(end)) = (pair.start_region, pair.end_region) {
            hatch(pen, &frame, start, HatchDir::Rising, 90);
            hatch(pen, &frame, end, HatchDir::Falling, 70);
        }
        // The codes are this layer's own, not the object names' (whose switch hid them).
        if relevant || labelled {
            names(pen, &frame, pair, relevant);
        }
    }
}

/// Every box paired with the ball, nearest first, each marked relevant when it is the one
/// the ball meets first (else passes nearest) or the selected object.
fn region_boxes<'a>(f: &Frame, ball: &'a BallEvaluation) -> Vec<(&'a PairResult, bool)> {
    let boxes: Vec<&PairResult> = ball
        .pairs
        .iter()
        .filter(|p| p.shape.frame().is_some())
        .collect();
    let rank = |p: &PairResult| match (p.hit, p.approach) {
        (Some(h), _) => (0, h.time),
        (None, Some(a)) => (1, a.clearance),
        (None, None) => (2, 0.0),
    };
    let main = boxes
        .iter()
        .min_by(|a, b| {
            rank(a)
                .partial_cmp(&rank(b))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
        .map(|p| p.obstacle);
    boxes
        .into_iter()
        .map(|p| {
            (
                p,
                Some(p.obstacle) == main || Some(p.obstacle) == f.selected,
            )
        })
        .collect()
}

/// How far the dividing lines and cells reach in the box's frame: past the visible world.
/// Lengths by their components' sum (never less than the Euclidean one): squared, they
/// overflowed past a scale of about 1e19 (the cells reached infinity and the hatching
/// covered the canvas) and vanished below 1e-19 (the cells collapsed, the codes were left
/// out).
fn reach(pen: &Pen, frame: &BoxFrame) -> f32 {
    let view = pen.cam.world_rect();
    let l1 = |v: Vec2| v.abs().element_sum();
    let to_view = l1(frame.to_world(frame.local.center()) - view.center());
    l1(view.size()) + to_view + l1(frame.local.size())
}

fn dividing_lines(pen: &mut Pen, frame: &BoxFrame) {
    let b = frame.local;
    let reach = reach(pen, frame);
    let line = Stroke::new(1.0, Role::Region.alpha(110));
    for x in [b.min.x, b.max.x] {
        let (lo, hi) = (Vec2::new(x, b.min.y - reach), Vec2::new(x, b.max.y + reach));
        pen.segment(Layer::Regions, frame.to_world(lo), frame.to_world(hi), line);
    }
    for y in [b.min.y, b.max.y] {
        let (lo, hi) = (Vec2::new(b.min.x - reach, y), Vec2::new(b.max.x + reach, y));
        pen.segment(Layer::Regions, frame.to_world(lo), frame.to_world(hi), line);
    }
}

/// Column and row (0..3, left to right, bottom to top) of a region code's cell.
fn cell_of(code: Region) -> (usize, usize) {
    let column = if code.contains(Region::LEFT) {
        0
    } else if code.contains(Region::RIGHT) {
        2
    } else {
        1
    };
    let row = if code.contains(Region::BOTTOM) {
        0
    } else if code.contains(Region::TOP) {
        2
    } else {
        1
    };
    (column, row)
}

/// The label of every region: its code and name, and for the relevant box which region
/// holds the ball's start and end.
fn names(pen: &mut Pen, frame: &BoxFrame, pair: &PairResult, relevant: bool) {
    let b = frame.local;
    let off = 16.0 / pen.cam.zoom;
    for code in Region::ALL {
        let (cx, cy) = cell_of(code);
        let lx = [b.min.x - off, b.center().x, b.max.x + off][cx];
        let ly = [b.min.y - off, b.center().y, b.max.y + off][cy];
        let mut text = format!("{} {}", code.bit_string(), code.name());
        if relevant {
            let tag = match (
                Some(code) == pair.start_region,
                Some(code) == pair.end_region,
            ) {
                (true, true) => " (start, end)",
                (true, false) => " (start)",
                (false, true) => " (end)",
                (false, false) => "",
            };
            text.push_str(tag);
        }
        let at = frame.to_world(Vec2::new(lx, ly));
        // Moved aside for another label, a code must stay centred in its own region: round
        // a box a few points across, the spots around a corner's anchor lie in the next
        // region, where "1000 t" would name the wrong one. Left out rather than misplaced.
        let cell = cell_on_screen(pen, frame, code);
        let mut spots = centred_or_around(10.0);
        // First choice: reaching away from the box, so that a label never straddles its
        // edge, where the edge's handle sits ("0001 l (end)" centred beside the left edge
        // ran over the handle at its middle).
        spots[0].0 = away_from_box(pen, frame, cx, cy);
        pen.label_within(
            Layer::Regions,
            at,
            &spots,
            &text,
            Role::Region.color(),
            &cell,
        );
    }
}

/// How a label at the anchor of the cell in column `cx`, row `cy` (0..3) is aligned so that
/// it reaches away from the box on screen, whatever the box's angle: to the left of its
/// anchor in a column left of the box, and so on; centred inside it.
fn away_from_box(pen: &Pen, frame: &BoxFrame, cx: usize, cy: usize) -> egui::Align2 {
    use egui::Align;
    let c = frame.local.center();
    let out = Vec2::new(cx as f32 - 1.0, cy as f32 - 1.0);
    if out == Vec2::ZERO {
        return egui::Align2::CENTER_CENTER;
    }
    let screen = |p: Vec2| pen.cam.to_screen(frame.to_world(p));
    let d = (screen(c + out) - screen(c)).normalized();
    // Within about 22° of an axis the label is centred across it.
    let side = |v: f32, low: Align, high: Align| {
        if v < -0.38 {
            low
        } else if v > 0.38 {
            high
        } else {
            Align::Center
        }
    };
    // Screen y grows downward: a label above the box hangs from its bottom edge.
    egui::Align2([
        side(d.x, Align::RIGHT, Align::LEFT),
        side(d.y, Align::BOTTOM, Align::TOP),
    ])
}

/// The region `code`'s cell on screen: a convex quadrilateral reaching past the canvas.
fn cell_on_screen(pen: &Pen, frame: &BoxFrame, code: Region) -> [Pos2; 4] {
    let b = frame.local;
    let reach = reach(pen, frame);
    let (cx, cy) = cell_of(code);
    let xs = [b.min.x - reach, b.min.x, b.max.x, b.max.x + reach];
    let ys = [b.min.y - reach, b.min.y, b.max.y, b.max.y + reach];
    [
        Vec2::new(xs[cx], ys[cy]),
        Vec2::new(xs[cx + 1], ys[cy]),
        Vec2::new(xs[cx + 1], ys[cy + 1]),
        Vec2::new(xs[cx], ys[cy + 1]),
    ]
    .map(|c| pen.cam.to_screen(frame.to_world(c)))
}

#[derive(Clone, Copy)]
enum HatchDir {
    /// Lines rising to the right on screen.
    Rising,
    /// Lines falling to the right on screen.
    Falling,
}

/// Hatches the region `code` of the box, as far as it shows on the canvas.
fn hatch(pen: &mut Pen, frame: &BoxFrame, code: Region, dir: HatchDir, alpha: u8) {
    let b = frame.local;
    let reach = reach(pen, frame);
    let (cx, cy) = cell_of(code);
    let xs = [b.min.x - reach, b.min.x, b.max.x, b.max.x + reach];
    let ys = [b.min.y - reach, b.min.y, b.max.y, b.max.y + reach];
    let corners = [
        Vec2::new(xs[cx], ys[cy]),
        Vec2::new(xs[cx + 1], ys[cy]),
        Vec2::new(xs[cx + 1], ys[cy + 1]),
        Vec2::new(xs[cx], ys[cy + 1]),
    ];
    let cell: Vec<Pos2> = corners
        .iter()
        .map(|c| pen.cam.to_screen(frame.to_world(*c)))
        .collect();
    let rect = pen.cam.rect;
    let d = match dir {
        HatchDir::Rising => egui::vec2(1.0, -1.0).normalized(),
        HatchDir::Falling => egui::vec2(1.0, 1.0).normalized(),
    };
    let across = egui::vec2(-d.y, d.x);
    let half = rect.size().length() * 0.5;
    let lines = (half / HATCH_SPACING).ceil() as i32;
    let stroke = Stroke::new(1.0, Role::Region.alpha(alpha));
    for k in -lines..=lines {
        let mid = rect.center() + across * (k as f32 * HATCH_SPACING);
        let (a, z) = (mid - d * half, mid + d * half);
        if let Some((a, z)) = clip_to_convex(a, z, &cell) {
            pen.screen_segment(Layer::Regions, a, z, stroke);
        }
    }
}

/// The part of the segment `a → b` inside the convex polygon `poly` (either orientation),
/// by Cyrus–Beck.
fn clip_to_convex(a: Pos2, b: Pos2, poly: &[Pos2]) -> Option<(Pos2, Pos2)> {
    let n = poly.len();
    if n < 3 {
        return None;
    }
    let area: f32 = (0..n)
        .map(|i| {
            let (p, q) = (poly[i], poly[(i + 1) % n]);
            p.x * q.y - q.x * p.y
        })
        .sum();
    let orient = if area >= 0.0 { 1.0 } else { -1.0 };
    let d = b - a;
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for i in 0..n {
        let (p, q) = (poly[i], poly[(i + 1) % n]);
        let e = q - p;
        // Inward normal: left of the edge for a positive-area polygon.
        let inward = egui::vec2(-e.y, e.x) * orient;
        let num = inward.dot(a - p);
        let den = inward.dot(d);
        if den == 0.0 {
            if num < 0.0 {
                return None;
            }
            continue;
        }
        let t = -num / den;
        if den > 0.0 {
            t0 = t0.max(t);
        } else {
            t1 = t1.min(t);
        }
        if t0 > t1 {
            return None;
        }
    }
    Some((a + d * t0, a + d * t1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clipping_to_a_square_by_hand() {
        let square = [
            Pos2::new(0.0, 0.0),
            Pos2::new(10.0, 0.0),
            Pos2::new(10.0, 10.0),
            Pos2::new(0.0, 10.0),
        ];
        let (a, b) = clip_to_convex(Pos2::new(-5.0, 5.0), Pos2::new(15.0, 5.0), &square).unwrap();
        assert_eq!((a, b), (Pos2::new(0.0, 5.0), Pos2::new(10.0, 5.0)));
        // The other orientation gives the same.
        let mut reversed = square;
        reversed.reverse();
        let c = clip_to_convex(Pos2::new(-5.0, 5.0), Pos2::new(15.0, 5.0), &reversed);
        assert_eq!(c, Some((a, b)));
        assert!(clip_to_convex(Pos2::new(-5.0, 20.0), Pos2::new(15.0, 20.0), &square).is_none());
    }

    /// Round a box a few points across, region codes pushed aside by one another landed in
    /// the neighbouring regions ("1000 t" below and left of the box's top).
    #[test]
    fn a_region_code_is_never_placed_outside_its_region() {
        use crate::scene::{Object, Scene, Shape, View};
        let mut scene = Scene::empty("tiny");
        let (lo, hi) = (Vec2::new(-0.3, -0.2), Vec2::new(0.5, 0.4));
        scene.objects = vec![
            Object {
                name: "ball".into(),
                shape: Shape::Ball {
                    start: Vec2::new(-20.0, 3.0),
                    end: Vec2::new(20.0, -2.0),
                    radius: 0.5,
                },
            },
            Object {
                name: "box".into(),
                shape: Shape::Box { min: lo, max: hi },
            },
        ];
        let view = View {
            center: Vec2::ZERO,
            zoom: 8.0,
            extent: None,
        };
        drawn(&scene, egui::vec2(600.0, 400.0), view, Some(1), |pen| {
            let mut checked = 0;
            for (text, r) in pen.texts.iter().zip(pen.placed_rects()) {
                let Some(code) = Region::ALL
                    .iter()
                    .find(|c| text.starts_with(&c.bit_string()))
                else {
                    continue;
                };
                // The label's centre, in world terms, in the code's region.
                {
                    let p = r.center();
                    let w = pen.cam.to_world(p);
                    let got = Region(
                        u8::from(w.x < lo.x)
                            | u8::from(w.x > hi.x) << 1
                            | u8::from(w.y < lo.y) << 2
                            | u8::from(w.y > hi.y) << 3,
                    );
                    assert_eq!(got, *code, "{text} at {r:?}");
                }
                checked += 1;
            }
            assert!(
                checked >= 4,
                "{checked} region codes placed: {:?}",
                pen.texts
            );
        });
    }

    /// "0001 l (end)" was centred 16 points beside the left edge, so it straddled the edge
    /// and its handle at the edge's middle sat on the text. Each region's label reaches
    /// away from the box: none covers a box handle (a corner or an edge's middle).
    #[test]
    fn no_region_label_covers_a_box_handle() {
        use crate::scene::{View, builtin};
        let scene = builtin::default_scene();
        let (b, index) = scene
            .objects
            .iter()
            .enumerate()
            .find_map(|(i, o)| match o.shape {
                crate::scene::Shape::Box { min, max } => {
                    Some((crate::geom::Aabb::new(min, max), i))
                }
                _ => None,
            })
            .unwrap_or_else(|| panic!("the default scene has a box"));
        let view = View {
            center: b.center(),
            zoom: 7.0,
            extent: None,
        };
        drawn(&scene, egui::vec2(900.0, 700.0), view, Some(index), |pen| {
            let (lo, hi, c) = (b.min, b.max, b.center());
            let handles = [
                lo,
                hi,
                Vec2::new(lo.x, hi.y),
                Vec2::new(hi.x, lo.y),
                Vec2::new(lo.x, c.y),
                Vec2::new(hi.x, c.y),
                Vec2::new(c.x, lo.y),
                Vec2::new(c.x, hi.y),
            ]
            .map(|p| pen.cam.to_screen(p));
            let mut checked = 0;
            for (text, r) in pen.texts.iter().zip(pen.placed_rects()) {
                if !Region::ALL
                    .iter()
                    .any(|c| text.starts_with(&c.bit_string()))
                {
                    continue;
                }
                for h in handles {
                    assert!(!r.expand(5.0).contains(h), "{text} at {r:?} covers {h:?}");
                }
                checked += 1;
            }
            assert!(checked >= 8, "{checked} region labels: {:?}", pen.texts);
        });
    }

    /// Draws every layer of `scene` on a canvas of `size` seen through `view`, with object
    /// `selected`, and hands the pen to `check`.
    fn drawn(
        scene: &crate::scene::Scene,
        size: egui::Vec2,
        view: crate::scene::View,
        selected: Option<usize>,
        check: impl FnOnce(&Pen),
    ) {
        use crate::app::draw::camera::Camera;
        let eval = crate::scene::evaluate(scene);
        let ctx = egui::Context::default();
        let mut check = Some(check);
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let rect = egui::Rect::from_min_size(Pos2::ZERO, size);
            let painter = ui.painter_at(rect);
            let mut pen = Pen::new(&painter, Camera::new(rect, &view));
            let frame = super::super::Frame {
                scene,
                eval: &eval,
                ball: eval.balls.first(),
                selected,
                hovered: None,
                t: 1.0,
                heat: None,
            };
            super::super::draw_all(&mut pen, &frame);
            if let Some(check) = check.take() {
                check(&pen);
            }
        });
        // No renderer here: the font texture updates are dropped on purpose.
        out.drop_without_applying_deltas();
    }

    #[test]
    fn cells_by_code() {
        assert_eq!(cell_of(Region(0b1001)), (0, 2), "top-left");
        assert_eq!(cell_of(Region::INSIDE), (1, 1));
        assert_eq!(cell_of(Region::RIGHT | Region::BOTTOM), (2, 0));
    }
}
