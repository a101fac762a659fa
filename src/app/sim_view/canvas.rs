//! The simulation canvas: pan and zoom through the shared camera, disc drawing that stays
//! cheap for thousands of discs, and the spawn / select gestures.

use egui::{Pos2, Rect, Sense, Shape, Stroke, Vec2};
use glam::DVec2;
use serde::{Deserialize, Serialize};

use crate::app::draw::camera::Camera;
use crate::app::draw::palette::{self, Role};
use crate::geom::Aabb;
use crate::scene::View;
use crate::scene::number::short_name;
use crate::sim::{Event, InTheWay, Solid, World};
use crate::variants::loop_comparison::Comparison;

/// Above this many discs, velocity arrows are drawn only for the selection.
pub const ARROW_LIMIT: usize = 300;

/// What the primary mouse button does on the canvas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tool {
    /// Click selects a disc, drag pans.
    Select,
    /// Drag from a point spawns a disc there; the drag is its velocity.
    Spawn,
}

/// What the user did on the canvas this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Gesture {
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
    /// Number the discs (the event log names them by number).
    pub show_ids: bool,
    /// The scene's names of the world's obstacles, by obstacle index.
    pub obstacle_names: &'a [String],
    /// A speed the arrows are scaled to at least: the fastest disc's at the run's start.
    /// Scaled to the fastest disc now alone, a pile come to rest showed its rounding noise
    /// (3.5e-15) as arrows 70 points long.
    pub speed_ref: f64,
}

/// The canvas state kept between frames: camera and the spawn gesture in progress.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct Canvas {
    /// The camera: the world point at the canvas centre and the zoom.
    pub view: View,
    #[serde(skip)]
    spawn_from: Option<DVec2>,
    /// Where the spawn drag last was on screen.
    #[serde(skip)]
    spawn_to: Option<Pos2>,
    /// Fit the camera to the walls on the next frame.
    #[serde(skip)]
    pub fit_pending: bool,
    /// The world point under the pointer, for the status bar.
    #[serde(skip)]
    pub cursor: Option<DVec2>,
}

impl Default for Canvas {
    fn default() -> Self {
        Self {
            view: View {
                center: glam::Vec2::new(40.0, 25.0),
                zoom: 10.0,
                extent: None,
            },
            spawn_from: None,
            spawn_to: None,
            fit_pending: true,
            cursor: None,
        }
    }
}

/// The height the empty view's hint takes at the canvas's top, margins included.
pub(super) const HINT_HEIGHT: f32 = 80.0;

impl Canvas {
    /// Allocates the whole available area, handles input and draws.
    pub fn show(&mut self, ui: &mut egui::Ui, tool: Tool, d: &Drawing<'_>) -> Option<Gesture> {
        let rect = ui.available_rect_before_wrap();
        let response = ui
            .allocate_rect(rect, Sense::click_and_drag())
            .accessible_name("Simulation canvas");
        let mut cam = Camera::new(rect, &self.view);
        let (min, max) = d.world.bounds();
        if self.fit_pending && rect.width() > 1.0 && rect.height() > 1.0 {
            // An empty view keeps a band at the top for its hint on how to start, which
            // covered the walls where a fit left no room (800 x 600).
            let band = if d.world.is_empty() { HINT_HEIGHT } else { 0.0 };
            cam.fit_below(&Aabb::new(min.as_vec2(), max.as_vec2()), 0.92, band);
            self.fit_pending = false;
        }
        let gesture = self.interact(ui, &response, &mut cam, tool, d);
        self.view = cam.view();
        self.cursor = response.hover_pos().map(|p| cam.to_world_f64(p));
        let painter = ui.painter_at(rect);
        palette::canvas_background(&painter, rect);
        draw_static(&painter, &cam, d.world);
        draw_discs(&painter, &cam, d);
        if let Some(from) = self.spawn_from
            && let Some(p) = response.hover_pos().or(response.interact_pointer_pos())
        {
            // Where the disc will go: next to a wall, moved in to touch it (the preview
            // crossed the wall while the disc appeared inside it without a word).
            let world_at = d.world.spawn_position(from, d.spawn_radius);
            let at = cam.to_screen_f64(world_at);
            let r = (d.spawn_radius as f32 * cam.zoom).max(1.0);
            // A spot the spawn would be refused at is said before the release (the preview
            // looked the same as a good one, and the refusal came after).
            let blocked = d.world.in_the_way(world_at, d.spawn_radius);
            // A drag begun outside the walls is refused on release (`spawned`), whatever
            // is in the way of the place it would be moved in to: said first.
            let (lo, hi) = d.world.bounds();
            let outside = !(from.cmpge(lo).all() && from.cmple(hi).all());
            let role = if outside || blocked.is_some() {
                Role::Alert
            } else {
                Role::Selection
            };
            let stroke = Stroke::new(1.5, role.color());
            painter.circle_stroke(at, r, stroke);
            // The arrow the disc will have once spawned, at the scale of every disc's
            // (the fastest reaching a share of the walls): the drag itself was drawn, 60
            // points long for a disc whose arrow then came out a few points.
            let v = (cam.to_world_f64(p) - from) * d.drag_speed;
            let tip = Vec2::new(v.x as f32, -(v.y as f32))
                * arrow_scale(&cam, d.world, v.length().max(d.speed_ref));
            if tip.is_finite() {
                painter.arrow(at, tip, stroke);
            }
            painter.text(
                at + egui::vec2(r + 4.0, r + 4.0),
                egui::Align2::LEFT_TOP,
                format!("speed {}", crate::scene::number::fixed_f64(v.length())),
                egui::FontId::proportional(12.0),
                role.color(),
            );
            let why = if outside {
                Some("outside the walls: spawn inside them".to_owned())
            } else {
                blocked.map(|b| overlap_words(b, d.obstacle_names))
            };
            if let Some(why) = why {
                // On a plate of the canvas colour: the text sits over the discs in the way.
                let galley =
                    painter.layout_no_wrap(why, egui::FontId::proportional(13.0), role.color());
                let rect = egui::Align2::CENTER_BOTTOM
                    .anchor_size(at + egui::vec2(0.0, -r - 4.0), galley.size());
                painter.rect_filled(rect.expand(2.0), 3.0, Role::Canvas.color());
                painter.galley(rect.min, galley, role.color());
            }
        }
        gesture
    }

    fn interact(
        &mut self,
        ui: &egui::Ui,
        response: &egui::Response,
        cam: &mut Camera,
        tool: Tool,
        d: &Drawing<'_>,
    ) -> Option<Gesture> {
        use egui::PointerButton::{Middle, Primary, Secondary};
        if let Some(hover) = response.hover_pos() {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let factor = zoom * (scroll * 0.0015).exp();
            if factor != 1.0 && factor.is_finite() {
                cam.zoom_around(hover, factor);
            }
        }
        let pan_drag = response.dragged_by(Secondary)
            || response.dragged_by(Middle)
            || (tool == Tool::Select && response.dragged_by(Primary));
        if pan_drag {
            cam.pan(response.drag_delta());
        }
        if tool == Tool::Spawn {
            // A drag is only recognised once the pointer has moved: start where it was pressed.
            if response.drag_started_by(Primary)
                && let Some(p) = ui
                    .input(|i| i.pointer.press_origin())
                    .or(response.interact_pointer_pos())
            {
                self.spawn_from = Some(cam.to_world_f64(p));
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
                    .map_or(from, |p| cam.to_world_f64(p));
                return Some(Gesture::Spawn {
                    position: from,
                    velocity: (to - from) * d.drag_speed,
                });
            }
            if response.clicked_by(Primary)
                && let Some(p) = response.interact_pointer_pos()
            {
                return Some(Gesture::Spawn {
                    position: cam.to_world_f64(p),
                    velocity: DVec2::ZERO,
                });
            }
        } else if response.clicked_by(Primary)
            && let Some(p) = response.interact_pointer_pos()
        {
            return Some(Gesture::Select(pick(cam, p, d.world)));
        }
        None
    }
}

/// The disc under `p` (or within a few points of it), nearest first.
fn pick(cam: &Camera, p: Pos2, world: &World) -> Option<usize> {
    let w = cam.to_world_f64(p);
    let slack = 4.0 / f64::from(cam.zoom);
    world
        .discs()
        .enumerate()
        .map(|(i, s)| (i, (s.position - w).length() - s.radius))
        .filter(|&(_, gap)| gap <= slack)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

fn draw_static(painter: &egui::Painter, cam: &Camera, world: &World) {
    let (min, max) = world.bounds();
    let walls = Rect::from_two_pos(cam.to_screen_f64(min), cam.to_screen_f64(max));
    painter.rect_stroke(
        walls,
        0.0,
        Stroke::new(2.0, Role::Wall.color()),
        egui::StrokeKind::Outside,
    );
    let solid = Role::Obstacle.alpha(120);
    for s in world.solids() {
        match s {
            Solid::Box(b) => {
                let r = Rect::from_two_pos(cam.to_screen(b.min), cam.to_screen(b.max));
                // At least SOLID_LEAST wide and high: a wall 0.001 thick was not drawn
                // at all below 300 points a unit, and discs bounced off nothing.
                let r = Rect::from_center_size(
                    r.center(),
                    r.size().max(egui::Vec2::splat(SOLID_LEAST)),
                );
                painter.rect_filled(r, 0.0, solid);
            }
            Solid::Segment(g) => {
                let ends = [cam.to_screen(g.a), cam.to_screen(g.b)];
                painter.line_segment(ends, Stroke::new(2.0, solid));
            }
        }
    }
}

/// The least width and height, in points, a box obstacle is drawn at.
const SOLID_LEAST: f32 = 2.0;

/// The longest velocity arrow, as a fraction of the walls' smaller side on screen.
const ARROW_REACH: f32 = 0.15;

/// Discs are numbered only when their number fits inside them (radius in points).
const ID_MIN_RADIUS: f32 = 7.0;

/// Screen points per unit of speed: the fastest disc's arrow reaches [`ARROW_REACH`] of
/// the walls' smaller side, so arrows stay inside the table whatever the speeds.
fn arrow_scale(cam: &Camera, world: &World, also: f64) -> f32 {
    let (min, max) = world.bounds();
    let side = ((max - min).min_element() as f32 * cam.zoom).max(1.0);
    let fastest = world
        .discs()
        .map(|d| d.velocity.length())
        .chain([also])
        .filter(|v| v.is_finite())
        .fold(0.0f64, f64::max) as f32;
    if fastest > 0.0 {
        ARROW_REACH * side / fastest
    } else {
        0.0
    }
}

/// One filled circle per visible disc; arrows and outlines only when they are legible.
fn draw_discs(painter: &egui::Painter, cam: &Camera, d: &Drawing<'_>) {
    let z = cam.zoom;
    let scale = arrow_scale(cam, d.world, d.speed_ref);
    let clip = cam.rect.expand(2.0);
    let (ei, ej) = d.event.map_or((None, None), |e| {
        let (i, j) = e.kind.discs();
        (Some(i), j)
    });
    let n = d.world.len();
    let arrows = n <= ARROW_LIMIT;
    let mut shapes = Vec::with_capacity(n + 8);
    let mut extra = Vec::new();
    let mut ids = Vec::new();
    for (i, s) in d.world.discs().enumerate() {
        let c = cam.to_screen_f64(s.position);
        let r = (s.radius as f32 * z).max(0.75);
        if !clip.expand(r).contains(c) {
            continue;
        }
        let special = Some(i) == d.selected || Some(i) == ei || Some(i) == ej;
        let color = if Some(i) == d.selected {
            Role::Selection.color()
        } else if special {
            Role::Contact.color()
        } else {
            Role::Query.color()
        };
        shapes.push(Shape::circle_filled(c, r, color));
        if (arrows && r >= 3.0) || Some(i) == d.selected {
            let v = s.velocity;
            let tip = Vec2::new(v.x as f32, -(v.y as f32)) * scale;
            if tip.length() > 1.0 && tip.is_finite() {
                extra.push((c, tip));
            }
        }
        if d.show_ids && r >= ID_MIN_RADIUS {
            ids.push((c, i, r));
        }
    }
    painter.extend(shapes);
    for (c, tip) in extra {
        painter.arrow(c, tip, Stroke::new(1.0, Role::Velocity.color()));
    }
    if let Some(e) = d.event {
        let p = cam.to_screen_f64(e.point);
        let n = Vec2::new(e.normal.x as f32, -(e.normal.y as f32)) * 28.0;
        if n.is_finite() {
            painter.circle_filled(p, 3.0, Role::Contact.color());
            painter.arrow(p, n, Stroke::new(2.0, Role::Normal.color()));
        }
    }
    // The numbers over the event's normal, which starts at a disc's edge and crosses it:
    // the event log names the discs by these.
    let font = egui::FontId::proportional(11.0);
    for (c, i, r) in ids {
        // Only a number that fits inside its disc: "128" ran over the edge of a disc 7
        // points in radius and into its neighbours.
        let galley = painter.layout_no_wrap(i.to_string(), font.clone(), Role::Canvas.color());
        if galley.size().x <= 2.0 * r - 2.0 {
            let at = c - 0.5 * galley.size();
            painter.galley(at, galley, Role::Canvas.color());
        }
    }
    // Published discs as translucent rings on top: where both engines agree the exact
    // disc shows through, where they part the ring drifts away from it.
    if let Some(cmp) = d.comparison {
        let stroke = Stroke::new(2.0, Role::Published.alpha(170));
        let shapes: Vec<Shape> = cmp
            .discs()
            .filter(|(p, _)| p.is_finite())
            .filter_map(|(p, r)| {
                let c = cam.to_screen_f64(p);
                let r = (r as f32 * z).max(1.5);
                clip.expand(r)
                    .contains(c)
                    .then(|| Shape::circle_stroke(c, r, stroke))
            })
            .collect();
        painter.extend(shapes);
    }
}

/// The spawn preview's words for what a new disc would overlap: an obstacle by its name
/// quoted, as the event log names it ("would overlap left" read as a direction).
fn overlap_words(b: InTheWay, names: &[String]) -> String {
    let what = match b {
        InTheWay::Disc(i) => format!("disc {i}"),
        InTheWay::Obstacle(k) => names.get(k).map_or_else(
            || format!("obstacle #{k}"),
            |n| format!("'{}'", short_name(n)),
        ),
    };
    format!("would overlap {what}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{DiscInit, EventKind};

    /// A drawing of `world` with nothing selected or compared, no event and no numbers.
    fn plain(world: &World) -> Drawing<'_> {
        Drawing {
            world,
            selected: None,
            event: None,
            comparison: None,
            spawn_radius: 1.0,
            drag_speed: 1.0,
            show_ids: false,
            obstacle_names: &[],
            speed_ref: 0.0,
        }
    }

    /// The shapes [`draw_discs`] paints for `d` on a 400-point canvas centred on (10, 10)
    /// at 18 points a unit.
    fn discs_drawn(d: &Drawing) -> Vec<Shape> {
        let ctx = egui::Context::default();
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(400.0, 400.0));
            let view = View {
                center: glam::Vec2::new(10.0, 10.0),
                zoom: 18.0,
                extent: None,
            };
            draw_discs(&ui.painter_at(rect), &Camera::new(rect, &view), d);
        });
        let shapes = out.shapes.iter().map(|c| c.shape.clone()).collect();
        out.drop_without_applying_deltas();
        shapes
    }

    /// The last event's normal arrow was drawn over the number of the disc it starts on.
    #[test]
    fn disc_numbers_are_drawn_over_the_event_normal() {
        let b = Aabb::new(glam::Vec2::ZERO, glam::Vec2::new(20.0, 20.0));
        let discs = [
            DiscInit::new(DVec2::new(8.0, 10.0), DVec2::new(1.0, 0.0), 1.0),
            DiscInit::new(DVec2::new(12.0, 10.0), DVec2::new(-1.0, 0.0), 1.0),
        ];
        let world = World::new(b, &discs, &[]).unwrap_or_else(|e| panic!("{e}"));
        let event = Event {
            time: 0.0,
            kind: EventKind::DiscDisc { i: 0, j: 1 },
            point: DVec2::new(10.0, 10.0),
            normal: DVec2::new(-1.0, 0.0),
        };
        let shapes = discs_drawn(&Drawing {
            event: Some(&event),
            show_ids: true,
            ..plain(&world)
        });
        let last_text = shapes.iter().rposition(|s| matches!(s, Shape::Text(_)));
        let last_other = shapes.iter().rposition(|s| !matches!(s, Shape::Text(_)));
        assert!(last_text > last_other, "{shapes:?}");
    }

    /// User test: a pile come to rest at restitution 0.5 (speeds of 3.5e-15, rounding)
    /// drew every disc with an arrow about 70 points long, as if moving: the arrows were
    /// scaled to the fastest disc now. Scaled to at least the run's starting speed, the
    /// noise draws no arrow; with no reference the fastest disc still reaches its share.
    #[test]
    fn a_pile_at_rest_draws_no_arrows_for_rounding_noise() {
        let b = Aabb::new(glam::Vec2::ZERO, glam::Vec2::new(20.0, 20.0));
        let noise = DVec2::new(-3.55e-15, 3.55e-15);
        let discs = [DiscInit::new(DVec2::new(8.0, 10.0), noise, 1.0)];
        let world = World::new(b, &discs, &[]).unwrap_or_else(|e| panic!("{e}"));
        let segments = |speed_ref: f64| {
            discs_drawn(&Drawing {
                speed_ref,
                ..plain(&world)
            })
            .iter()
            .filter(|s| matches!(s, Shape::LineSegment { .. }))
            .count()
        };
        // The run started at speed 2: the noise draws nothing.
        assert_eq!(segments(2.0), 0);
        // Without a reference the fastest disc is the measure, noise or not.
        assert!(segments(0.0) > 0);
    }

    /// User test: a box 0.001 wide was not drawn at the fitted zoom (6.9 points a unit)
    /// nor at 29, and discs bounced off empty space: a box is drawn at least
    /// [`SOLID_LEAST`] points wide.
    #[test]
    fn a_thin_box_is_drawn_at_least_two_points_wide() {
        let b = Aabb::new(glam::Vec2::ZERO, glam::Vec2::new(100.0, 100.0));
        let slab = Aabb::new(glam::Vec2::new(70.0, 20.0), glam::Vec2::new(70.001, 80.0));
        let world = World::new(b, &[], &[Solid::Box(slab)]).unwrap_or_else(|e| panic!("{e}"));
        let ctx = egui::Context::default();
        let out = ctx.run_ui(egui::RawInput::default(), |ui| {
            let rect = Rect::from_min_size(Pos2::ZERO, egui::vec2(700.0, 700.0));
            let painter = ui.painter_at(rect);
            let view = View {
                center: glam::Vec2::new(50.0, 50.0),
                zoom: 6.9,
                extent: None,
            };
            draw_static(&painter, &Camera::new(rect, &view), &world);
        });
        let widths: Vec<f32> = out
            .shapes
            .iter()
            .filter_map(|c| match &c.shape {
                Shape::Rect(r) if r.fill != egui::Color32::TRANSPARENT => Some(r.rect.width()),
                _ => None,
            })
            .collect();
        out.drop_without_applying_deltas();
        assert!(widths.iter().any(|&w| w >= SOLID_LEAST), "{widths:?}");
    }

    /// User test: the spawn preview said "would overlap left" of a segment named `left`.
    #[test]
    fn the_spawn_preview_quotes_an_obstacles_name() {
        let names = vec!["left".to_owned()];
        assert_eq!(
            overlap_words(InTheWay::Obstacle(0), &names),
            "would overlap 'left'"
        );
        assert_eq!(
            overlap_words(InTheWay::Disc(4), &names),
            "would overlap disc 4"
        );
        assert_eq!(
            overlap_words(InTheWay::Obstacle(3), &names),
            "would overlap obstacle #3"
        );
    }
}
