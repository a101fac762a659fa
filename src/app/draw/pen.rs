//! A painter wrapper that draws in world coordinates and counts what each layer drew, so
//! tests can check that switching a layer off really hides it.

use egui::{Align2, Color32, FontId, Painter, Shape, Stroke};
use glam::Vec2;

use super::camera::Camera;

/// The drawing layers (the scene's `Layers` switches plus always-on ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layer {
    HeatMap,
    Grid,
    Objects,
    Capsule,
    Minkowski,
    Regions,
    BroadPhase,
    Impact,
    Path,
    RelativeMotion,
    SegmentCapsule,
    Labels,
    Variants,
    Scrubber,
    Handles,
}

impl Layer {
    pub const COUNT: usize = 15;
}

/// Shapes drawn per layer in the last frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LayerStats {
    counts: [usize; Layer::COUNT],
}

impl LayerStats {
    pub fn count(&self, layer: Layer) -> usize {
        self.counts[layer as usize]
    }

    pub fn total(&self) -> usize {
        self.counts.iter().sum()
    }
}

pub struct Pen<'a> {
    pub painter: &'a Painter,
    pub cam: Camera,
    pub stats: LayerStats,
}

impl<'a> Pen<'a> {
    pub fn new(painter: &'a Painter, cam: Camera) -> Self {
        Self {
            painter,
            cam,
            stats: LayerStats::default(),
        }
    }

    pub fn add(&mut self, layer: Layer, shape: Shape) {
        self.stats.counts[layer as usize] += 1;
        self.painter.add(shape);
    }

    pub fn polyline(&mut self, layer: Layer, pts: &[Vec2], stroke: Stroke) {
        let p = pts.iter().map(|w| self.cam.to_screen(*w)).collect();
        self.add(layer, Shape::line(p, stroke));
    }

    pub fn closed(&mut self, layer: Layer, pts: &[Vec2], fill: Color32, stroke: Stroke) {
        let p: Vec<_> = pts.iter().map(|w| self.cam.to_screen(*w)).collect();
        if fill != Color32::TRANSPARENT {
            self.add(layer, Shape::convex_polygon(p, fill, stroke));
        } else {
            self.add(layer, Shape::closed_line(p, stroke));
        }
    }

    pub fn dashed(&mut self, layer: Layer, pts: &[Vec2], stroke: Stroke) {
        let p: Vec<_> = pts.iter().map(|w| self.cam.to_screen(*w)).collect();
        for s in Shape::dashed_line(&p, stroke, 6.0, 4.0) {
            self.add(layer, s);
        }
    }

    pub fn segment(&mut self, layer: Layer, a: Vec2, b: Vec2, stroke: Stroke) {
        let s = Shape::line_segment([self.cam.to_screen(a), self.cam.to_screen(b)], stroke);
        self.add(layer, s);
    }

    /// A circle with a world radius.
    pub fn circle(&mut self, layer: Layer, c: Vec2, r: f32, fill: Color32, stroke: Stroke) {
        let s = Shape::circle_filled(self.cam.to_screen(c), self.cam.len(r).max(0.5), fill);
        if fill != Color32::TRANSPARENT {
            self.add(layer, s);
        }
        let s = Shape::circle_stroke(self.cam.to_screen(c), self.cam.len(r).max(0.5), stroke);
        self.add(layer, s);
    }

    /// A dot of a fixed pixel size.
    pub fn dot(&mut self, layer: Layer, c: Vec2, px: f32, fill: Color32) {
        self.add(layer, Shape::circle_filled(self.cam.to_screen(c), px, fill));
    }

    /// An arrow from world point `from` along unit world direction `dir`, `px` pixels long.
    pub fn arrow(&mut self, layer: Layer, from: Vec2, dir: Vec2, px: f32, color: Color32) {
        let a = self.cam.to_screen(from);
        let v = self.cam.dir(dir.normalize_or_zero()) * px;
        let b = a + v;
        let stroke = Stroke::new(2.0, color);
        self.add(layer, Shape::line_segment([a, b], stroke));
        let back = -v.normalized() * 9.0;
        let side = egui::vec2(-back.y, back.x) * 0.5;
        self.add(
            layer,
            Shape::convex_polygon(
                vec![b, b + back + side, b + back - side],
                color,
                Stroke::NONE,
            ),
        );
    }

    /// Text at a world point shifted by a pixel offset.
    pub fn text(
        &mut self,
        layer: Layer,
        at: Vec2,
        offset: egui::Vec2,
        anchor: Align2,
        text: &str,
        color: Color32,
    ) {
        let pos = self.cam.to_screen(at) + offset;
        self.stats.counts[layer as usize] += 1;
        self.painter
            .text(pos, anchor, text, FontId::proportional(13.0), color);
    }
}

impl Pen<'_> {
    /// Text at a screen position (grid labels, legend).
    pub fn stats_text(
        &mut self,
        layer: Layer,
        pos: egui::Pos2,
        anchor: Align2,
        text: &str,
        color: Color32,
    ) {
        self.stats.counts[layer as usize] += 1;
        self.painter
            .text(pos, anchor, text, FontId::proportional(12.0), color);
    }
}
