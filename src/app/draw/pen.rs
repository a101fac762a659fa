//! A painter wrapper that draws in world coordinates, counts what each layer drew (so tests
//! can check that switching a layer off really hides it), and places labels so that they
//! never print over one another.
//!
//! Labels are placed in the order they are asked for: each tries its candidate positions
//! and takes the first that is clear of every label placed before; one with no clear
//! position is left out. Grid tick labels are asked for last (their slots reserved behind
//! the geometry), so they are the ones that give way.

use egui::layers::ShapeIdx;
use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke};
use glam::Vec2;

use super::camera::Camera;
use super::screen_clip::Bounds;
use super::sliver::{self, Outline};

/// A world point the pen takes: a shape's own (f32) or one worked out in f64.
pub trait WorldPoint: Copy + Into<glam::DVec2> {}

impl<P: Copy + Into<glam::DVec2>> WorldPoint for P {}

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
    Approach,
    Path,
    RelativeMotion,
    SegmentCapsule,
    Labels,
    Variants,
    Scrubber,
    Handles,
}

impl Layer {
    pub const COUNT: usize = 16;
}

/// Shapes drawn per layer in the last frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LayerStats {
    counts: [usize; Layer::COUNT],
    /// Labels left out for want of a clear place.
    pub crowded_labels: usize,
}

impl LayerStats {
    pub fn count(&self, layer: Layer) -> usize {
        self.counts[layer as usize]
    }

    pub fn total(&self) -> usize {
        self.counts.iter().sum()
    }
}

/// Where a label may go relative to its anchor: the anchor's alignment and a screen offset.
pub type Spot = (Align2, egui::Vec2);

/// Circles smaller than this on screen (radius in points) are outlined, not dashed.
const DASH_MIN_RADIUS: f32 = 6.0;

/// Space kept around a placed label, in points.
const LABEL_GAP: f32 = 2.0;

/// The font size of canvas labels.
const LABEL_SIZE: f32 = 13.0;

/// Labels placed at most per frame: beyond a few hundred a canvas is unreadable anyway, and
/// placing one costs a check against each placed before.
pub const MAX_LABELS: usize = 400;

/// Points kept clear of labels at most per frame (contact points, each possibly twice:
/// reserved before the labels and again when drawn).
const MAX_KEPT_CLEAR: usize = 4 * MAX_LABELS;

/// Labels tried at most per frame: in a crowd of thousands most fail, and each try lays
/// its text out.
const MAX_LABEL_ATTEMPTS: usize = 4 * MAX_LABELS;

/// How far off the canvas a label's point may be and still be tried, in points.
const LABEL_REACH: f32 = 200.0;

pub struct Pen<'a> {
    pub painter: &'a Painter,
    pub cam: Camera,
    pub stats: LayerStats,
    /// Screen rectangles taken by labels so far.
    placed: Vec<Rect>,
    /// Labels asked for so far (each costs a text layout).
    attempts: usize,
    /// Reserved slots for labels placed at the end, behind everything drawn since.
    deferred: Vec<(ShapeIdx, Layer, Pos2, Align2, String, Color32)>,
    /// Labels placed, painted by [`Pen::finish`] over all the geometry: a shape drawn
    /// after a label (a ghost of the ball, a response path) must not hide it.
    on_top: Vec<(Rect, std::sync::Arc<egui::Galley>, Color32)>,
    /// Marks (contact points) painted again by [`Pen::marks_over_handles`].
    marks: Vec<(Pos2, f32, Color32)>,
    /// Screen rectangles no label may cover (contact points); not labels, so they take
    /// nothing from [`MAX_LABELS`].
    kept_clear: Vec<Rect>,
    /// Where world geometry is cut before it becomes f32 screen points: the canvas and a
    /// margin wider than any stroke, so the cut's own edges never show.
    clip: Bounds,
    /// The text of each label placed, for tests.
    #[cfg(test)]
    pub texts: Vec<String>,
}

impl<'a> Pen<'a> {
    pub fn new(painter: &'a Painter, cam: Camera) -> Self {
        Self {
            painter,
            cam,
            stats: LayerStats::default(),
            placed: Vec::new(),
            attempts: 0,
            deferred: Vec::new(),
            on_top: Vec::new(),
            marks: Vec::new(),
            kept_clear: Vec::new(),
            clip: Bounds::around(cam.rect, CLIP_MARGIN),
            #[cfg(test)]
            texts: Vec::new(),
        }
    }

    /// Segments for a quarter arc of world radius `r`: as few as keep the chord within a
    /// third of a pixel of the arc. Each segment costs the software renderers many users run
    /// a few triangles, and a scene fitted far out draws arcs a few pixels across.
    pub fn arc_steps(&self, r: f32) -> usize {
        const TOLERANCE_PX: f32 = 0.35;
        let px = self.cam.len(r);
        if px.is_nan() || px <= TOLERANCE_PX {
            return 1;
        }
        let per_step = 2.0 * (1.0 - TOLERANCE_PX / px).clamp(-1.0, 1.0).acos();
        (std::f32::consts::FRAC_PI_2 / per_step.max(1e-3))
            .ceil()
            .clamp(1.0, 16.0) as usize
    }

    pub fn add(&mut self, layer: Layer, shape: Shape) {
        // The last guard: a shape built from a point past f32 (an infinity) would reach
        // the tessellator as NaN and panic.
        if !shape.visual_bounding_rect().is_finite() {
            return;
        }
        self.stats.counts[layer as usize] += 1;
        self.painter.add(shape);
    }

    /// World points (the shapes' f32 ones, or outlines worked out in f64) on screen, in
    /// f64.
    fn screen<P: WorldPoint>(&self, pts: &[P]) -> Vec<glam::DVec2> {
        pts.iter()
            .map(|w| self.cam.to_screen_f64_d((*w).into()))
            .collect()
    }

    /// A polyline: what of it is near the canvas, cut in f64 (see `screen_clip`).
    pub fn polyline(&mut self, layer: Layer, pts: &[Vec2], stroke: Stroke) {
        for piece in self.clip.polyline(&self.screen(pts)) {
            self.add(layer, Shape::line(piece, stroke));
        }
    }

    /// A closed convex outline, filled with `fill` unless that is transparent. One thinner
    /// than a pixel on screen is drawn as a line (see [`sliver`]).
    pub fn closed<P: WorldPoint>(
        &mut self,
        layer: Layer,
        pts: &[P],
        fill: Color32,
        stroke: Stroke,
    ) {
        let p = self.screen(pts);
        if fill != Color32::TRANSPARENT {
            let cut = self.clip.polygon(&p);
            self.outline(layer, &cut, fill, stroke);
        } else if p.iter().all(|q| self.clip.contains(*q)) {
            let p: Vec<Pos2> = p
                .iter()
                .map(|q| Pos2::new(q.x as f32, q.y as f32))
                .collect();
            self.outline(layer, &p, fill, stroke);
        } else {
            let mut ring = p;
            if let Some(&first) = ring.first() {
                ring.push(first);
            }
            for piece in self.clip.polyline(&ring) {
                self.add(layer, Shape::line(piece, stroke));
            }
        }
    }

    /// A closed outline in screen points, as egui can tessellate it.
    fn outline(&mut self, layer: Layer, p: &[Pos2], fill: Color32, stroke: Stroke) {
        match sliver::tessellable(p) {
            Outline::Polygon(p) if fill != Color32::TRANSPARENT => {
                self.add(layer, Shape::convex_polygon(p, fill, stroke));
            }
            Outline::Polygon(p) => self.add(layer, Shape::closed_line(p, stroke)),
            Outline::Line(a, b) => {
                // The fill's colour, opaque, where there is no outline to draw it with.
                let line = if stroke.is_empty() {
                    Stroke::new(1.0, fill.to_opaque())
                } else {
                    stroke
                };
                self.add(layer, Shape::line_segment([a, b], line));
            }
            Outline::Empty => {}
        }
    }

    /// A dashed polyline. Only what shows on the canvas is dashed, so the number of
    /// dashes is bounded by the canvas, not by the world length of the line.
    pub fn dashed<P: WorldPoint>(&mut self, layer: Layer, pts: &[P], stroke: Stroke) {
        let p = self.screen(pts);
        for pair in p.windows(2) {
            let Some((a, b)) = self.clip.segment(pair[0], pair[1]) else {
                continue;
            };
            for s in Shape::dashed_line(&[a, b], stroke, 6.0, 4.0) {
                self.add(layer, s);
            }
        }
    }

    /// A dashed circle with a world radius: as many points as its size on screen needs,
    /// and a plain outline when it is too small on screen for dashes to show.
    pub fn dashed_circle(&mut self, layer: Layer, c: Vec2, r: f32, stroke: Stroke) {
        let px = self.cam.len(r);
        if px < DASH_MIN_RADIUS {
            self.circle(layer, c, r, Color32::TRANSPARENT, stroke);
            return;
        }
        let n = ((px / 3.0) as usize).clamp(12, 64);
        let mut pts = crate::geom::outline::circle(c, r, n);
        if let Some(&first) = pts.first() {
            pts.push(first);
        }
        self.dashed(layer, &pts, stroke);
    }

    pub fn segment(&mut self, layer: Layer, a: Vec2, b: Vec2, stroke: Stroke) {
        let (a, b) = (self.cam.to_screen_d(a), self.cam.to_screen_d(b));
        if let Some((a, b)) = self.clip.segment(a, b) {
            self.add(layer, Shape::line_segment([a, b], stroke));
        }
    }

    /// A line between two screen points.
    pub fn screen_segment(&mut self, layer: Layer, a: Pos2, b: Pos2, stroke: Stroke) {
        self.add(layer, Shape::line_segment([a, b], stroke));
    }

    /// A circle with a world radius. A circle far larger than the canvas is drawn as what
    /// shows of it: no shape is built in proportion to a world size.
    pub fn circle(&mut self, layer: Layer, c: Vec2, r: f32, fill: Color32, stroke: Stroke) {
        let centre = self.cam.to_screen_d(c);
        let radius = (f64::from(r) * f64::from(self.cam.zoom)).max(0.5);
        // In f64: the centre or the radius can be past f32 on screen.
        let off = (centre - self.clip_centre()).abs();
        let half = self.clip_half();
        if off.x > half.x + radius || off.y > half.y + radius || !radius.is_finite() {
            return;
        }
        // The canvas's farthest corner inside the circle, its edge off screen: only the
        // inside shows.
        if (off + half).length() < radius - 2.0 {
            if fill != Color32::TRANSPARENT {
                self.add(layer, Shape::rect_filled(self.cam.rect, 0.0, fill));
            }
            return;
        }
        let (center, radius) = (Pos2::new(centre.x as f32, centre.y as f32), radius as f32);
        if fill != Color32::TRANSPARENT {
            self.add(layer, Shape::circle_filled(center, radius, fill));
        }
        self.add(layer, Shape::circle_stroke(center, radius, stroke));
    }

    /// The canvas's centre and half size, in f64.
    fn clip_centre(&self) -> glam::DVec2 {
        let c = self.cam.rect.center();
        glam::DVec2::new(f64::from(c.x), f64::from(c.y))
    }

    fn clip_half(&self) -> glam::DVec2 {
        let s = self.cam.rect.size();
        glam::DVec2::new(f64::from(s.x), f64::from(s.y)) * 0.5
    }

    /// A dot of a fixed pixel size (none when it is off the canvas).
    pub fn dot(&mut self, layer: Layer, c: Vec2, px: f32, fill: Color32) {
        let p = self.cam.to_screen_d(c);
        if self.clip.contains(p) {
            let p = Pos2::new(p.x as f32, p.y as f32);
            self.add(layer, Shape::circle_filled(p, px, fill));
        }
    }

    /// A dot that is the answer itself (a contact point): no label is placed over it, and
    /// [`Pen::marks_over_handles`] paints it again over the handles, so that neither a
    /// region's code nor a box corner's handle hides where the contact is.
    pub fn mark(&mut self, layer: Layer, c: Vec2, px: f32, fill: Color32) {
        self.dot(layer, c, px, fill);
        if let Some(p) = self.keep_clear(c, px) {
            self.marks.push((p, px, fill));
        }
    }

    /// Keeps labels placed from now on off a dot of `px` points at `c`; its screen point,
    /// when that is on the canvas.
    pub fn keep_clear(&mut self, c: Vec2, px: f32) -> Option<Pos2> {
        let p = self.cam.to_screen(c);
        if !self.cam.rect.expand(px).contains(p) {
            return None;
        }
        // Bounded like the labels: each label tried is checked against every point kept
        // clear, and a scene of thousands of balls shows a contact for each.
        if self.kept_clear.len() < MAX_KEPT_CLEAR {
            let rect = Rect::from_center_size(p, egui::Vec2::splat(2.0 * px));
            self.kept_clear.push(rect);
        }
        Some(p)
    }

    /// Paints the marks again; call after the handles.
    pub fn marks_over_handles(&mut self) {
        for (p, px, fill) in std::mem::take(&mut self.marks) {
            self.painter.circle_filled(p, px, fill);
        }
    }

    /// An arrow from world point `from` along unit world direction `dir`, `px` pixels long.
    pub fn arrow(&mut self, layer: Layer, from: Vec2, dir: Vec2, px: f32, color: Color32) {
        let from = self.cam.to_screen_d(from);
        if !self.clip.contains(from) {
            return;
        }
        let a = Pos2::new(from.x as f32, from.y as f32);
        // Scaled to its largest component first: normalising squares it, which leaves the
        // f32 range for a direction given as a long or a tiny vector.
        let m = dir.abs().max_element();
        let dir = if m > 0.0 {
            (dir / m).normalize_or_zero()
        } else {
            Vec2::ZERO
        };
        let v = self.cam.dir(dir) * px;
        if !(v.is_finite() && v.length() > 0.0) {
            return;
        }
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

    /// A label near world point `at`, at the first of `spots` that is clear of the labels
    /// placed so far; left out when none is. Returns whether it was drawn.
    pub fn label(
        &mut self,
        layer: Layer,
        at: Vec2,
        spots: &[Spot],
        text: &str,
        color: Color32,
    ) -> bool {
        let anchor = self.cam.to_screen(at);
        self.screen_label(layer, anchor, spots, text, color)
    }

    /// [`Pen::label`], at a spot whose centre is inside the convex polygon `within` (screen
    /// points, either orientation): a label centred on a narrow cell may overhang it, one
    /// moved aside may not land in the next cell. Left out when no spot clear of the
    /// others is.
    pub fn label_within(
        &mut self,
        layer: Layer,
        at: Vec2,
        spots: &[Spot],
        text: &str,
        color: Color32,
        within: &[Pos2],
    ) -> bool {
        let anchor = self.cam.to_screen(at);
        self.place(layer, anchor, spots, text, color, Some(within))
    }

    /// [`Pen::label`] at a screen point.
    pub fn screen_label(
        &mut self,
        layer: Layer,
        anchor: Pos2,
        spots: &[Spot],
        text: &str,
        color: Color32,
    ) -> bool {
        self.place(layer, anchor, spots, text, color, None)
    }

    /// Lines of text one under another from `top_left` (screen points), `step` apart, each
    /// on the labels' plate: always drawn, for a list that must not lose a line to a handle
    /// or a label; the labels placed after keep clear of them. The caller keeps the lines
    /// within the canvas's height.
    pub fn screen_lines(
        &mut self,
        layer: Layer,
        top_left: Pos2,
        lines: &[(String, Color32)],
        step: f32,
    ) {
        let mut at = top_left;
        for (text, color) in lines {
            let galley =
                self.painter
                    .layout_no_wrap(text.clone(), FontId::proportional(LABEL_SIZE), *color);
            let rect = Rect::from_min_size(at, galley.size());
            self.placed.push(rect);
            self.stats.counts[layer as usize] += 1;
            #[cfg(test)]
            self.texts.push(text.clone());
            self.on_top.push((rect, galley, *color));
            at.y += step;
        }
    }

    fn place(
        &mut self,
        layer: Layer,
        anchor: Pos2,
        spots: &[Spot],
        text: &str,
        color: Color32,
        within: Option<&[Pos2]>,
    ) -> bool {
        self.attempts += 1;
        let off_canvas = !self.cam.rect.expand(LABEL_REACH).contains(anchor);
        if self.placed.len() >= MAX_LABELS || self.attempts > MAX_LABEL_ATTEMPTS || off_canvas {
            self.stats.crowded_labels += 1;
            return false;
        }
        let galley =
            self.painter
                .layout_no_wrap(text.to_owned(), FontId::proportional(LABEL_SIZE), color);
        for &(align, offset) in spots {
            let rect = align.anchor_size(anchor + offset, galley.size());
            let outside = within.is_some_and(|poly| !in_convex(rect.center(), poly));
            if outside || !self.cam.rect.contains_rect(rect) || self.taken(rect) {
                continue;
            }
            self.placed.push(rect);
            self.stats.counts[layer as usize] += 1;
            #[cfg(test)]
            self.texts.push(text.to_owned());
            self.on_top.push((rect, galley, color));
            return true;
        }
        self.stats.crowded_labels += 1;
        false
    }

    /// The screen rectangles of the labels placed so far.
    #[cfg(test)]
    pub fn placed_rects(&self) -> &[Rect] {
        &self.placed
    }

    fn taken(&self, rect: Rect) -> bool {
        let rect = rect.expand(LABEL_GAP);
        self.placed
            .iter()
            .chain(&self.kept_clear)
            .any(|p| p.intersects(rect))
    }

    /// `text`, cut short with "…" to fit `width` points in the labels' font.
    pub fn fit_text(&self, text: &str, width: f32) -> String {
        let font = FontId::proportional(LABEL_SIZE);
        let fits = |t: &str| {
            self.painter
                .layout_no_wrap(t.to_owned(), font.clone(), Color32::WHITE)
                .size()
                .x
                <= width
        };
        if fits(text) {
            return text.to_owned();
        }
        // The longest prefix, in characters, that fits with its ellipsis.
        let chars: Vec<char> = text.chars().collect();
        let (mut lo, mut hi) = (0, chars.len());
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            let t: String = chars[..mid].iter().chain(['…'].iter()).collect();
            if fits(&t) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        chars[..lo].iter().chain(['…'].iter()).collect()
    }

    /// A label placed after every other (a grid tick), drawn behind what comes after it
    /// now; left out if another label has taken its place by then.
    pub fn deferred_label(
        &mut self,
        layer: Layer,
        pos: Pos2,
        align: Align2,
        text: String,
        color: Color32,
    ) {
        let slot = self.painter.add(Shape::Noop);
        self.deferred.push((slot, layer, pos, align, text, color));
    }

    /// Places the deferred labels and paints every label; call once everything else is
    /// drawn.
    pub fn finish(&mut self) {
        for (slot, layer, pos, align, text, color) in std::mem::take(&mut self.deferred) {
            if self.placed.len() >= MAX_LABELS {
                self.stats.crowded_labels += 1;
                continue;
            }
            let galley =
                self.painter
                    .layout_no_wrap(text, FontId::proportional(LABEL_SIZE - 1.0), color);
            let rect = align.anchor_size(pos, galley.size());
            // A tick's label the canvas's edge would cut (its line near the edge) is left
            // out rather than shown in part.
            if self.taken(rect) || !self.cam.rect.contains_rect(rect) {
                self.stats.crowded_labels += 1;
                continue;
            }
            self.placed.push(rect);
            self.stats.counts[layer as usize] += 1;
            self.painter
                .set(slot, Shape::galley(rect.min, galley, color));
        }
        // Each on a plate of the canvas's colour: labels stand where the geometry is (a
        // region's code on the swept capsule, a name on its shape) and must stay readable
        // over strokes and fills of any colour.
        let plate = super::palette::Role::Canvas.color().gamma_multiply(0.72);
        for (rect, galley, color) in std::mem::take(&mut self.on_top) {
            self.painter.rect_filled(rect.expand(2.0), 3.0, plate);
            self.painter.galley(rect.min, galley, color);
        }
    }
}

/// How far past the canvas geometry is kept: wider than any stroke, so that where a shape
/// is cut never shows.
const CLIP_MARGIN: f32 = 32.0;

/// Whether `p` is inside the convex polygon `poly` (either orientation, its edges
/// included).
fn in_convex(p: Pos2, poly: &[Pos2]) -> bool {
    let n = poly.len();
    if n < 3 {
        return false;
    }
    let side = |i: usize| {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        (b - a).x * (p - a).y - (b - a).y * (p - a).x
    };
    (0..n).all(|i| side(i) >= 0.0) || (0..n).all(|i| side(i) <= 0.0)
}

/// Half a label's height and a gap: rows above and below the point then clear a label
/// centred beside it.
const HALF_ROW: f32 = 9.0;

/// Candidate spots around a point: right, above, left, below, then the diagonals, each
/// `gap` points away (and the rows above and below clear of the labels beside it).
pub fn around(gap: f32) -> [Spot; 8] {
    use egui::vec2;
    let row = gap + HALF_ROW;
    [
        (Align2::LEFT_CENTER, vec2(gap, 0.0)),
        (Align2::CENTER_BOTTOM, vec2(0.0, -row)),
        (Align2::RIGHT_CENTER, vec2(-gap, 0.0)),
        (Align2::CENTER_TOP, vec2(0.0, row)),
        (Align2::LEFT_BOTTOM, vec2(gap, -row)),
        (Align2::RIGHT_BOTTOM, vec2(-gap, -row)),
        (Align2::LEFT_TOP, vec2(gap, row)),
        (Align2::RIGHT_TOP, vec2(-gap, row)),
    ]
}

/// A spot centred on the point, then the ones [`around`] it.
pub fn centred_or_around(gap: f32) -> [Spot; 9] {
    let a = around(gap);
    [
        (Align2::CENTER_CENTER, egui::Vec2::ZERO),
        a[0],
        a[1],
        a[2],
        a[3],
        a[4],
        a[5],
        a[6],
        a[7],
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::View;

    /// The shapes of one pass in which `f` draws with a pen and, around it, with the
    /// painter itself (what other layers and the handles add), in painting order.
    fn shapes_of(f: impl FnOnce(&mut Pen, &Painter, Rect)) -> Vec<Shape> {
        let ctx = egui::Context::default();
        let mut f = Some(f);
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let Some(f) = f.take() else { return };
            let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(400.0, 300.0));
            let painter = ui.painter_at(rect);
            let mut pen = Pen::new(&painter, Camera::new(rect, &View::default()));
            f(&mut pen, &painter, rect);
        });
        let shapes = out.shapes.iter().map(|c| c.shape.clone()).collect();
        // No renderer here: the font texture updates are dropped on purpose.
        out.drop_without_applying_deltas();
        shapes
    }

    fn with_pen(f: impl FnOnce(&mut Pen)) -> LayerStats {
        let ctx = egui::Context::default();
        let mut stats = LayerStats::default();
        let mut f = Some(f);
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let Some(f) = f.take() else { return };
            let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(400.0, 300.0));
            let painter = ui.painter_at(rect);
            let cam = Camera::new(rect, &View::default());
            let mut pen = Pen::new(&painter, cam);
            f(&mut pen);
            pen.finish();
            stats = pen.stats;
        });
        // No renderer here: the font texture updates are dropped on purpose.
        out.drop_without_applying_deltas();
        stats
    }

    /// What egui tessellates of a swept capsule of radius `r` from `a` to `b`, drawn filled
    /// on a canvas of `size` through `view`: each shape's bounds, and the spine's on screen.
    fn capsule_drawn(size: egui::Vec2, view: View, a: Vec2, b: Vec2, r: f32) -> (Vec<Rect>, Rect) {
        let ctx = egui::Context::default();
        let mut spine = Rect::NOTHING;
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let rect = Rect::from_min_size(Pos2::ZERO, size);
            let painter = ui.painter_at(rect);
            let mut pen = Pen::new(&painter, Camera::new(rect, &view));
            spine = Rect::from_two_pos(pen.cam.to_screen(a), pen.cam.to_screen(b));
            let steps = 2 * pen.arc_steps(r);
            let pts = crate::geom::outline::capsule(a, b, r, steps);
            let stroke = Stroke::new(1.0, Color32::WHITE);
            pen.closed(Layer::Capsule, &pts, Color32::BLUE, stroke);
            pen.finish();
        });
        let drawn = out
            .shapes
            .iter()
            .map(|c| super::super::sliver::tests::tessellated_bounds(c.shape.clone()))
            .collect();
        out.drop_without_applying_deltas();
        (drawn, spine)
    }

    /// A user typed radius 1e-6: the swept capsule, whose points round to within a hair of
    /// its spine, was filled as a blue band the height of the canvas across the motion's
    /// width (the anti-aliasing feather's mitres at its hairpin corners; see `sliver`).
    #[test]
    fn a_sub_pixel_capsule_draws_a_hairline_not_a_band() {
        let view = View {
            center: Vec2::new(10.0, 30.0),
            zoom: 7.225,
            extent: None,
        };
        let (start, end) = (Vec2::new(-3.0, 50.0), Vec2::new(16.377_163, 13.598_616));
        let (drawn, spine) = capsule_drawn(egui::vec2(700.0, 580.0), view, start, end, 1e-6);
        assert!(!drawn.is_empty());
        for d in drawn {
            assert!(spine.expand(3.0).contains_rect(d), "{d:?} beyond {spine:?}");
        }
    }

    /// User test: a ball of radius 1e-6 at y = 20, zoomed to 1e8 pixels a unit, drawn 200
    /// pixels across, had its swept capsule drawn about 380 pixels wide (its f32 outline
    /// points rounded the radius to f32's spacing at 20). The capsule is the ball's width.
    #[test]
    fn a_capsule_at_a_deep_zoom_is_as_wide_as_its_ball() {
        let view = View {
            center: Vec2::new(-30.0, 20.0),
            zoom: 1e8,
            extent: None,
        };
        let (a, b) = (Vec2::new(-30.0, 20.0), Vec2::new(30.0, 20.0));
        let (drawn, _) = capsule_drawn(egui::vec2(400.0, 300.0), view, a, b, 1e-6);
        assert!(!drawn.is_empty());
        for d in drawn {
            // 2 × 1e-6 × 1e8 = 200 pixels, a pixel of stroke and one of feathering.
            assert!(
                (199.0..=203.0).contains(&d.height()),
                "{d:?}: {} tall",
                d.height()
            );
        }
    }

    /// Robustness attack: a box from x = -1e38 at 8 pixels a unit is 8e38 pixels wide,
    /// past f32. Its screen points were infinities, and the tessellator panicked on NaN
    /// (the screenshot, the report and the window all crashed). What shows is drawn, cut.
    #[test]
    fn geometry_past_f32_on_screen_is_cut_not_infinite() {
        let ctx = egui::Context::default();
        let mut drawn = 0;
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(400.0, 300.0));
            let painter = ui.painter_at(rect);
            let view = View {
                center: Vec2::ZERO,
                zoom: 8.0,
                extent: None,
            };
            let mut pen = Pen::new(&painter, Camera::new(rect, &view));
            let far = [
                Vec2::new(-1e38, -1.0),
                Vec2::new(6.0, -1.0),
                Vec2::new(6.0, 1.0),
                Vec2::new(-1e38, 1.0),
            ];
            let stroke = Stroke::new(1.0, Color32::WHITE);
            pen.closed(Layer::Objects, &far, Color32::GRAY, stroke);
            pen.closed(Layer::Objects, &far, Color32::TRANSPARENT, stroke);
            pen.polyline(Layer::Path, &far, stroke);
            pen.dashed(Layer::Path, &far, stroke);
            pen.segment(Layer::Path, far[0], Vec2::new(f32::MAX, 0.0), stroke);
            pen.circle(
                Layer::Objects,
                Vec2::new(3e38, 0.0),
                1e38,
                Color32::GRAY,
                stroke,
            );
            pen.dot(Layer::Impact, Vec2::new(3e38, 0.0), 3.0, Color32::RED);
            pen.arrow(
                Layer::Impact,
                Vec2::new(-1e38, 0.0),
                Vec2::X,
                20.0,
                Color32::RED,
            );
            pen.label(
                Layer::Labels,
                Vec2::new(3e38, 0.0),
                &around(4.0),
                "far",
                Color32::WHITE,
            );
            pen.finish();
            drawn = pen.stats.count(Layer::Objects) + pen.stats.count(Layer::Path);
        });
        let shapes = out.shapes.clone();
        for s in &shapes {
            assert!(s.shape.visual_bounding_rect().is_finite(), "{:?}", s.shape);
        }
        // The box's near end shows: filled, outlined and as lines.
        assert!(drawn >= 4, "{drawn}");
        let _ = ctx.tessellate(shapes, 1.0);
        out.drop_without_applying_deltas();
    }

    #[test]
    fn arcs_get_as_many_steps_as_their_size_on_screen_needs() {
        with_pen(|pen| {
            let zoom = pen.cam.zoom;
            // The chord of each step stays within 0.35 px of the arc: a quarter arc of
            // radius R px in n steps deviates by R (1 - cos(pi / 4n)).
            for px in [1.0f32, 3.0, 10.0, 40.0, 200.0] {
                let n = pen.arc_steps(px / zoom);
                let sag = px * (1.0 - (std::f32::consts::FRAC_PI_4 / n as f32).cos());
                assert!(sag <= 0.36 || n == 16, "{px} px: {n} steps, {sag} px off");
                if n > 1 {
                    let coarser = px * (1.0 - (std::f32::consts::FRAC_PI_4 / (n - 1) as f32).cos());
                    assert!(
                        coarser > 0.34,
                        "{px} px: {n} steps where {} would do",
                        n - 1
                    );
                }
            }
            assert_eq!(pen.arc_steps(0.0), 1);
            assert_eq!(pen.arc_steps(f32::NAN), 1);
            assert_eq!(pen.arc_steps(1e30), 16);
        });
    }

    #[test]
    fn labels_at_one_point_take_different_places() {
        let stats = with_pen(|pen| {
            for text in ["tl", "1", "30", "contact"] {
                assert!(pen.label(
                    Layer::Labels,
                    Vec2::ZERO,
                    &around(4.0),
                    text,
                    Color32::WHITE
                ));
            }
            let rects = &pen.placed;
            for (i, a) in rects.iter().enumerate() {
                for b in &rects[i + 1..] {
                    assert!(!a.intersects(*b), "{a:?} overlaps {b:?}");
                }
            }
        });
        assert_eq!(stats.count(Layer::Labels), 4);
        assert_eq!(stats.crowded_labels, 0);
    }

    #[test]
    fn a_label_stands_on_a_plate_of_the_canvas_colour_over_shapes_drawn_before_and_after_it() {
        let shapes = shapes_of(|pen, painter, rect| {
            // A bright fill where the label goes, as a swept capsule under a region's code.
            painter.rect_filled(rect, 0.0, Color32::from_rgb(90, 160, 255));
            let spot = [(Align2::CENTER_CENTER, egui::Vec2::ZERO)];
            assert!(pen.label(Layer::Labels, Vec2::ZERO, &spot, "1001 tl", Color32::WHITE));
            // A ghost of the ball drawn after the label, over the same place.
            let at = pen.cam.to_screen(Vec2::ZERO);
            painter.circle_filled(at, 30.0, Color32::from_rgb(40, 90, 200));
            pen.finish();
        });
        // The last shape is the label's text: nothing drawn later covers it.
        assert!(matches!(shapes.last(), Some(Shape::Text(_))), "{shapes:?}");
        let text = shapes
            .iter()
            .position(|s| matches!(s, Shape::Text(_)))
            .unwrap_or_else(|| panic!("no label drawn: {shapes:?}"));
        let Shape::Text(t) = &shapes[text] else {
            unreachable!()
        };
        let Some(Shape::Rect(plate)) = shapes.get(text.wrapping_sub(1)) else {
            panic!("no plate right under the label: {shapes:?}");
        };
        let canvas = super::super::palette::Role::Canvas.color();
        assert!(
            plate.rect.contains_rect(t.visual_bounding_rect()),
            "{plate:?}"
        );
        assert!(plate.fill.a() >= 160, "{:?}", plate.fill);
        let dark = |c: Color32| c.r().max(c.g()).max(c.b());
        assert!(dark(plate.fill) <= dark(canvas) + 8, "{:?}", plate.fill);
    }

    #[test]
    fn a_label_gives_way_to_a_contact_mark() {
        let stats = with_pen(|pen| {
            pen.mark(Layer::Impact, Vec2::ZERO, 4.0, Color32::RED);
            let mark = Rect::from_center_size(pen.cam.to_screen(Vec2::ZERO), egui::vec2(8.0, 8.0));
            // A region's code centred on the contact point goes beside it.
            assert!(pen.label(
                Layer::Regions,
                Vec2::ZERO,
                &centred_or_around(10.0),
                "0000 inside",
                Color32::WHITE
            ));
            let label = pen.placed[pen.placed.len() - 1];
            assert!(!label.intersects(mark), "{label:?} over the mark {mark:?}");
        });
        assert_eq!(stats.count(Layer::Regions), 1);
    }

    /// User test: in start-inside.ron the depth label "8 deep" sat under the radius handle,
    /// which covered its first digit ("3 deep"). Labels keep off the handles to be drawn.
    #[test]
    fn a_label_gives_way_to_a_handle() {
        use crate::scene::model::{Object, Shape};
        let ball = Object {
            name: "deep".into(),
            shape: Shape::Ball {
                start: Vec2::ZERO,
                end: Vec2::new(20.0, 0.0),
                radius: 5.0,
            },
        };
        with_pen(|pen| {
            crate::app::draw::layers::keep_handles_clear(pen, &[ball], Some(0), None);
            // The radius handle, 5 right of the start.
            let handle = pen.cam.to_screen(Vec2::new(5.0, 0.0));
            assert!(pen.label(
                Layer::Approach,
                Vec2::new(5.0, 0.0),
                &centred_or_around(6.0),
                "8 deep",
                Color32::WHITE
            ));
            let label = pen.placed[pen.placed.len() - 1];
            assert!(
                !label.expand(2.0).contains(handle),
                "{label:?} over the handle {handle:?}"
            );
        });
    }

    /// Contact points kept clear counted toward the 400 labels a frame: with 200 balls
    /// showing contacts, no name, region code or tick was placed at all.
    #[test]
    fn points_kept_clear_take_nothing_from_the_label_budget() {
        let stats = with_pen(|pen| {
            for k in 0..2 * MAX_LABELS {
                let at = Vec2::new((k % 40) as f32 - 20.0, (k / 40) as f32 * 0.5 - 10.0);
                pen.keep_clear(at, 1.0);
            }
            let far = Vec2::new(-45.0, 30.0);
            assert!(pen.label(Layer::Labels, far, &around(4.0), "wall", Color32::WHITE));
        });
        assert_eq!(stats.count(Layer::Labels), 1);
    }

    /// Points kept clear were searched for duplicates and never bounded: thousands of balls
    /// with contacts made every frame quadratic in them.
    #[test]
    fn points_kept_clear_are_bounded() {
        with_pen(|pen| {
            for k in 0..20_000 {
                let at = Vec2::new((k % 100) as f32 * 0.5 - 25.0, (k / 100) as f32 * 0.1 - 10.0);
                pen.keep_clear(at, 1.0);
            }
            assert_eq!(pen.kept_clear.len(), MAX_KEPT_CLEAR);
        });
    }

    #[test]
    fn a_contact_mark_is_painted_over_the_handles() {
        let shapes = shapes_of(|pen, painter, _| {
            pen.mark(Layer::Impact, Vec2::ZERO, 4.0, Color32::RED);
            pen.finish();
            // A box corner's handle on the contact point.
            let at = pen.cam.to_screen(Vec2::ZERO);
            painter.rect_filled(
                Rect::from_center_size(at, egui::vec2(8.0, 8.0)),
                1.0,
                Color32::WHITE,
            );
            pen.marks_over_handles();
        });
        let last = shapes.last();
        let Some(Shape::Circle(dot)) = last else {
            panic!("the last shape is not the contact's dot: {last:?}");
        };
        assert_eq!(dot.fill, Color32::RED);
    }

    #[test]
    fn a_deferred_tick_gives_way_to_a_label() {
        let stats = with_pen(|pen| {
            let at = pen.cam.to_screen(Vec2::ZERO);
            pen.deferred_label(
                Layer::Grid,
                at,
                Align2::CENTER_CENTER,
                "30".into(),
                Color32::GRAY,
            );
            let spot = [(Align2::CENTER_CENTER, egui::Vec2::ZERO)];
            assert!(pen.label(Layer::Labels, Vec2::ZERO, &spot, "box", Color32::WHITE));
        });
        assert_eq!(stats.count(Layer::Labels), 1);
        assert_eq!(stats.count(Layer::Grid), 0);
        assert_eq!(stats.crowded_labels, 1);
    }

    #[test]
    fn labels_stop_at_the_cap_and_off_the_canvas() {
        let stats = with_pen(|pen| {
            let spot = [(Align2::CENTER_CENTER, egui::Vec2::ZERO)];
            // Far off the canvas: not even laid out.
            assert!(!pen.label(
                Layer::Labels,
                Vec2::new(1e6, 0.0),
                &spot,
                "far",
                Color32::WHITE
            ));
            for k in 0..2 * MAX_LABELS {
                let at = Vec2::new((k % 40) as f32 * 2.0 - 40.0, (k / 40) as f32 * 0.5 - 30.0);
                pen.label(Layer::Labels, at, &spot, ".", Color32::WHITE);
            }
        });
        assert!(stats.count(Layer::Labels) <= MAX_LABELS);
        assert!(stats.crowded_labels > MAX_LABELS);
    }

    #[test]
    fn a_ball_of_radius_1e10_costs_what_shows_of_it() {
        let stats = with_pen(|pen| {
            // A radius of 1e10 at zoom 4 is 4e10 points: only its inside shows.
            let stroke = Stroke::new(1.0, Color32::RED);
            pen.circle(Layer::Objects, Vec2::ZERO, 1e10, Color32::RED, stroke);
            let outline = crate::geom::outline::circle(Vec2::new(1e10, 0.0), 1e10, 48);
            pen.dashed(Layer::Capsule, &outline, stroke);
        });
        assert_eq!(stats.count(Layer::Objects), 1, "one fill of the canvas");
        // The dashed outline passes by the canvas near x = 0: a few dashes, not 1e10.
        assert!(
            stats.count(Layer::Capsule) < 200,
            "{}",
            stats.count(Layer::Capsule)
        );
    }
}
