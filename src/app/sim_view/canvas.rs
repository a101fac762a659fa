//! The simulation canvas: a y-up camera with pan and zoom, disc drawing that stays cheap
//! for thousands of discs, and the spawn / select gestures.

use egui::{Color32, Pos2, Rect, Sense, Shape, Stroke, Vec2};
use glam::DVec2;
use serde::{Deserialize, Serialize};

use crate::sim::{Event, Solid, World};

use super::compare::Comparison;

/// Above this many discs, velocity arrows are drawn only for the selection.
pub const ARROW_LIMIT: usize = 300;

/// The world point at the canvas centre and the scale in points per world unit.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Camera {
    pub center: [f64; 2],
    pub zoom: f32,
}

impl Default for Camera {
    fn default() -> Self {
        Self {
            center: [40.0, 25.0],
            zoom: 10.0,
        }
    }
}

impl Camera {
    pub fn to_screen(&self, rect: Rect, p: DVec2) -> Pos2 {
        let c = rect.center();
        Pos2::new(
            c.x + ((p.x - self.center[0]) as f32) * self.zoom,
            c.y - ((p.y - self.center[1]) as f32) * self.zoom,
        )
    }

    pub fn to_world(&self, rect: Rect, p: Pos2) -> DVec2 {
        let c = rect.center();
        let z = f64::from(self.zoom);
        DVec2::new(
            self.center[0] + f64::from(p.x - c.x) / z,
            self.center[1] - f64::from(p.y - c.y) / z,
        )
    }

    /// Frames the box `min..max` in `rect` with a small margin.
    pub fn fit(&mut self, rect: Rect, min: DVec2, max: DVec2) {
        let size = (max - min).max(DVec2::splat(1e-6));
        let zx = f64::from(rect.width()) / size.x;
        let zy = f64::from(rect.height()) / size.y;
        let z = 0.92 * zx.min(zy);
        if z.is_finite() && z > 0.0 {
            self.zoom = z as f32;
            let c = (min + max) * 0.5;
            self.center = [c.x, c.y];
        }
    }

    /// Zooms by `factor` keeping the world point under `anchor` fixed.
    fn zoom_around(&mut self, rect: Rect, anchor: Pos2, factor: f32) {
        let before = self.to_world(rect, anchor);
        self.zoom = (self.zoom * factor).clamp(1e-3, 1e6);
        let after = self.to_world(rect, anchor);
        self.center[0] += before.x - after.x;
        self.center[1] += before.y - after.y;
    }

    fn pan(&mut self, delta: Vec2) {
        let z = f64::from(self.zoom);
        self.center[0] -= f64::from(delta.x) / z;
        self.center[1] += f64::from(delta.y) / z;
    }
}

/// What the primary mouse button does on the canvas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tool {
    /// Click selects a disc, drag pans.
    Select,
    /// Drag from a point spawns a disc there; the drag is its velocity.
    Spawn,
}

/// What the user asked for on the canvas this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    Select(Option<usize>),
    Spawn { position: DVec2, velocity: DVec2 },
}

/// Everything the canvas draws, borrowed from the view.
pub struct Drawing<'a> {
    pub world: &'a World,
    pub selected: Option<usize>,
    pub event: Option<&'a Event>,
    pub comparison: Option<&'a Comparison>,
    pub spawn_radius: f64,
    /// World units per second of velocity per world unit dragged.
    pub drag_speed: f64,
}

/// The canvas state kept between frames: camera, tool and the spawn gesture in progress.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Canvas {
    pub camera: Camera,
    #[serde(skip)]
    spawn_from: Option<DVec2>,
    /// Where the spawn drag last was on screen.
    #[serde(skip)]
    spawn_to: Option<Pos2>,
    /// Fit the camera to the walls on the next frame.
    #[serde(skip)]
    pub fit_pending: bool,
}

const BACKGROUND: Color32 = Color32::from_rgb(24, 26, 30);
const WALL: Color32 = Color32::from_rgb(180, 180, 190);
const SOLID: Color32 = Color32::from_rgb(90, 96, 110);
const DISC: Color32 = Color32::from_rgb(86, 156, 214);
const SELECTED: Color32 = Color32::from_rgb(255, 215, 0);
const EVENT: Color32 = Color32::from_rgb(255, 90, 60);
const PUBLISHED: Color32 = Color32::from_rgba_premultiplied(170, 85, 0, 170);
const ARROW: Color32 = Color32::from_rgb(140, 220, 140);

impl Canvas {
    /// Allocates the whole available area, handles input and draws.
    pub fn show(&mut self, ui: &mut egui::Ui, tool: Tool, d: &Drawing<'_>) -> Option<Action> {
        let rect = ui.available_rect_before_wrap();
        let response = ui
            .allocate_rect(rect, Sense::click_and_drag())
            .accessible_name("Simulation canvas");
        let (min, max) = d.world.bounds();
        if self.fit_pending && rect.width() > 1.0 && rect.height() > 1.0 {
            self.camera.fit(rect, min, max);
            self.fit_pending = false;
        }
        let action = self.interact(ui, &response, rect, tool, d);
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, BACKGROUND);
        self.draw_static(&painter, rect, d.world);
        self.draw_discs(&painter, rect, d);
        if let Some(from) = self.spawn_from
            && let Some(p) = response.hover_pos().or(response.interact_pointer_pos())
        {
            let a = self.camera.to_screen(rect, from);
            let r = (d.spawn_radius as f32 * self.camera.zoom).max(1.0);
            painter.circle_stroke(a, r, Stroke::new(1.5, SELECTED));
            painter.arrow(a, p - a, Stroke::new(1.5, SELECTED));
        }
        action
    }

    fn interact(
        &mut self,
        ui: &egui::Ui,
        response: &egui::Response,
        rect: Rect,
        tool: Tool,
        d: &Drawing<'_>,
    ) -> Option<Action> {
        use egui::PointerButton::{Middle, Primary, Secondary};
        if let Some(hover) = response.hover_pos() {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let factor = zoom * (scroll * 0.0015).exp();
            if factor != 1.0 && factor.is_finite() {
                self.camera.zoom_around(rect, hover, factor);
            }
        }
        let pan_drag = response.dragged_by(Secondary)
            || response.dragged_by(Middle)
            || (tool == Tool::Select && response.dragged_by(Primary));
        if pan_drag {
            self.camera.pan(response.drag_delta());
        }
        if tool == Tool::Spawn {
            // A drag is only recognised once the pointer has moved: start where it was pressed.
            if response.drag_started_by(Primary)
                && let Some(p) = ui
                    .input(|i| i.pointer.press_origin())
                    .or(response.interact_pointer_pos())
            {
                self.spawn_from = Some(self.camera.to_world(rect, p));
            }
            if response.dragged_by(Primary)
                && let Some(p) = response.interact_pointer_pos()
            {
                self.spawn_to = Some(p);
            }
            if response.drag_stopped_by(Primary)
                && let Some(from) = self.spawn_from.take()
            {
                // On release the pointer no longer interacts: use where the drag last was.
                let to = self
                    .spawn_to
                    .take()
                    .or_else(|| ui.input(|i| i.pointer.latest_pos()))
                    .map_or(from, |p| self.camera.to_world(rect, p));
                return Some(Action::Spawn {
                    position: from,
                    velocity: (to - from) * d.drag_speed,
                });
            }
            if response.clicked_by(Primary)
                && let Some(p) = response.interact_pointer_pos()
            {
                return Some(Action::Spawn {
                    position: self.camera.to_world(rect, p),
                    velocity: DVec2::ZERO,
                });
            }
        } else if response.clicked_by(Primary)
            && let Some(p) = response.interact_pointer_pos()
        {
            return Some(Action::Select(self.pick(rect, p, d.world)));
        }
        None
    }

    /// The disc under `p` (or within a few points of it), nearest first.
    fn pick(&self, rect: Rect, p: Pos2, world: &World) -> Option<usize> {
        let w = self.camera.to_world(rect, p);
        let slack = 4.0 / f64::from(self.camera.zoom);
        world
            .discs()
            .enumerate()
            .map(|(i, s)| (i, (s.position - w).length() - s.radius))
            .filter(|&(_, gap)| gap <= slack)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    }

    fn draw_static(&self, painter: &egui::Painter, rect: Rect, world: &World) {
        let (min, max) = world.bounds();
        let walls = Rect::from_two_pos(
            self.camera.to_screen(rect, min),
            self.camera.to_screen(rect, max),
        );
        painter.rect_stroke(
            walls,
            0.0,
            Stroke::new(2.0, WALL),
            egui::StrokeKind::Outside,
        );
        for s in world.solids() {
            match s {
                Solid::Box(b) => {
                    let a = self.camera.to_screen(rect, dvec(b.min));
                    let c = self.camera.to_screen(rect, dvec(b.max));
                    painter.rect_filled(Rect::from_two_pos(a, c), 0.0, SOLID);
                }
                Solid::Segment(g) => {
                    let a = self.camera.to_screen(rect, dvec(g.a));
                    let c = self.camera.to_screen(rect, dvec(g.b));
                    painter.line_segment([a, c], Stroke::new(2.0, SOLID));
                }
            }
        }
    }

    /// One filled circle per visible disc; arrows and outlines only when they are legible.
    fn draw_discs(&self, painter: &egui::Painter, rect: Rect, d: &Drawing<'_>) {
        let z = self.camera.zoom;
        let clip = rect.expand(2.0);
        let (ei, ej) = d.event.map_or((None, None), |e| {
            let (i, j) = e.kind.discs();
            (Some(i), j)
        });
        let n = d.world.len();
        let arrows = n <= ARROW_LIMIT;
        let mut shapes = Vec::with_capacity(n + 8);
        let mut extra = Vec::new();
        for (i, s) in d.world.discs().enumerate() {
            let c = self.camera.to_screen(rect, s.position);
            let r = (s.radius as f32 * z).max(0.75);
            if !clip.expand(r).contains(c) {
                continue;
            }
            let special = Some(i) == d.selected || Some(i) == ei || Some(i) == ej;
            let color = if Some(i) == d.selected {
                SELECTED
            } else if special {
                EVENT
            } else {
                DISC
            };
            shapes.push(Shape::circle_filled(c, r, color));
            if (arrows && r >= 3.0) || Some(i) == d.selected {
                let v = s.velocity;
                let tip = Vec2::new(v.x as f32, -(v.y as f32)) * z;
                if tip.length() > 1.0 && tip.is_finite() {
                    extra.push((c, tip));
                }
            }
        }
        painter.extend(shapes);
        for (c, tip) in extra {
            painter.arrow(c, tip, Stroke::new(1.0, ARROW));
        }
        if let Some(e) = d.event {
            let p = self.camera.to_screen(rect, e.point);
            let n = Vec2::new(e.normal.x as f32, -(e.normal.y as f32)) * 28.0;
            if n.is_finite() {
                painter.circle_filled(p, 3.0, EVENT);
                painter.arrow(p, n, Stroke::new(2.0, EVENT));
            }
        }
        // Published discs as translucent rings on top: where both engines agree the exact
        // disc shows through, where they part the ring drifts away from it.
        if let Some(cmp) = d.comparison {
            let stroke = Stroke::new(2.0, PUBLISHED);
            let shapes: Vec<Shape> = cmp
                .discs()
                .filter(|(p, _)| p.is_finite())
                .filter_map(|(p, r)| {
                    let c = self.camera.to_screen(rect, p);
                    let r = (r as f32 * z).max(1.5);
                    clip.expand(r)
                        .contains(c)
                        .then(|| Shape::circle_stroke(c, r, stroke))
                })
                .collect();
            painter.extend(shapes);
        }
    }
}

fn dvec(v: glam::Vec2) -> DVec2 {
    DVec2::new(f64::from(v.x), f64::from(v.y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camera_round_trips_and_is_y_up() {
        let rect = Rect::from_min_size(Pos2::new(10.0, 20.0), Vec2::new(400.0, 300.0));
        let cam = Camera {
            center: [5.0, -2.0],
            zoom: 8.0,
        };
        let p = DVec2::new(7.5, 1.25);
        let s = cam.to_screen(rect, p);
        // 2.5 units right = 20 px right of centre; 3.25 units up = 26 px above it.
        assert_eq!(s, Pos2::new(210.0 + 20.0, 170.0 - 26.0));
        assert!((cam.to_world(rect, s) - p).length() < 1e-5);
    }

    #[test]
    fn zoom_keeps_the_anchor_fixed() {
        let rect = Rect::from_min_size(Pos2::ZERO, Vec2::new(400.0, 300.0));
        let mut cam = Camera::default();
        let anchor = Pos2::new(50.0, 260.0);
        let before = cam.to_world(rect, anchor);
        cam.zoom_around(rect, anchor, 1.7);
        assert!((cam.to_world(rect, anchor) - before).length() < 1e-4);
        assert!((cam.zoom - 17.0).abs() < 1e-4);
    }
}
