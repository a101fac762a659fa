//! The sweep canvas: pan, zoom around the cursor, fit, handle dragging with grid snapping
//! (pushed as edits), the right-click menu, and drawing every layer of the frame.

use egui::{CursorIcon, PointerButton, Sense, Ui};
use glam::Vec2;

use crate::app::action::Action;
use crate::app::command::{AddKind, Command};
use crate::app::document::{Document, Edit};
use crate::app::draw::camera::Camera;
use crate::app::draw::heat_layer::HeatLayer;
use crate::app::draw::layers::{self, Frame};
use crate::app::draw::palette;
use crate::app::draw::pen::{LayerStats, Pen};
use crate::app::handles::{self, Grip};
use crate::app::ui_state::{Drag, UiState};
use crate::geom::Aabb;
use crate::scene::{BallEvaluation, Evaluation, Object, Shape};

/// The bounds of everything in the scene: paths included, and every obstacle grown by the
/// largest ball's radius, as the Minkowski layer draws it.
pub fn scene_bounds(eval: &Evaluation) -> Option<Aabb> {
    let r = eval
        .balls
        .iter()
        .map(|b| b.sweep.radius)
        .fold(0.0f32, f32::max);
    let obstacles = eval.obstacles.iter().map(|(_, o)| o.bounds().expanded(r));
    let balls = eval.balls.iter().map(|b| {
        let a = b.sweep.bounds();
        b.path.points.iter().fold(a, |a, p| a.including(*p))
    });
    // Held to the f32 range: a ball at x = 3e38 of radius 1e38 reaches past it, and an
    // infinite bound fitted nothing (the canvas opened empty).
    let most = Vec2::splat(f32::MAX);
    obstacles
        .chain(balls)
        .reduce(|a, b| a.union(&b))
        .map(|b| Aabb::new(b.min.clamp(-most, most), b.max.clamp(-most, most)))
        .filter(Aabb::is_valid)
}

/// Takes the canvas's area and handles its input: the camera and the gesture state change
/// in `state`, edits go to `out`. Returns the canvas's response, for [`draw`] once the
/// edits are applied (so a drag is drawn in the frame it happens).
pub fn interact(
    ui: &mut Ui,
    doc: &Document,
    eval: &Evaluation,
    state: &mut UiState,
    out: &mut Vec<Command>,
) -> egui::Response {
    let resp = ui.allocate_response(ui.available_size(), Sense::click_and_drag());
    let resp = resp.accessible_name("Canvas");
    let mut cam = Camera::new(resp.rect, &state.view);
    keep_in_view(&mut cam, state, eval);
    let shown = cam.view();
    let hover = resp.hover_pos();
    state.cursor_world = hover.map(|p| cam.to_world(p));
    zoom(ui, &mut cam, hover);
    pointer(ui, &resp, &mut cam, &doc.scene().objects, state, out);
    // A pan or a zoom makes the view the user's own: no longer refitted on a resize.
    if cam.view() != shown {
        state.fitted_to = None;
    }
    set_cursor(ui, state, hover.is_some());
    state.view = cam.view();
    state.visible_half = Vec2::new(cam.rect.width(), cam.rect.height()) * (0.5 / cam.zoom);
    let objects = &doc.scene().objects;
    resp.context_menu(|ui| context_menu(ui, objects, state, out));
    resp
}

/// Fits the camera to the scene when asked to, and in the first frames (whose layout can
/// still change the canvas's size) when a view meant to show the whole scene does not fit
/// this window. Fitting leaves a margin of 85% of the canvas for the labels around the
/// shapes.
fn keep_in_view(cam: &mut Camera, state: &mut UiState, eval: &Evaluation) {
    let size = cam.rect.size();
    let resized = state.fitted_to.is_some_and(|s| s != size);
    if (std::mem::take(&mut state.fit_requested) || resized)
        && let Some(b) = scene_bounds(eval)
    {
        cam.fit(&b, 0.85);
        state.fitted_to = Some(size);
    }
    if state.check_view > 0
        && let Some(extent) = state.opening_extent
    {
        // A view that says which region it showed opens on that region: as saved in a
        // window of the same size, zoomed out to fit it in a smaller one.
        state.check_view -= 1;
        let zoom = (cam.rect.width() / (2.0 * extent.x)).min(cam.rect.height() / (2.0 * extent.y));
        // In a window of the size it was saved in, the region gives the saved zoom back
        // within a few f32 steps: the saved one is kept, so that the file saves again to the
        // same text (7.2250004 was written back as 7.225).
        let same = ((zoom - cam.zoom) / cam.zoom).abs() < 1e-5;
        if zoom.is_finite() && zoom > 0.0 && !same {
            cam.zoom = zoom;
        }
        return;
    }
    if state.check_view > 0
        && let Some(b) = scene_bounds(eval)
    {
        state.check_view -= 1;
        let w = cam.world_rect();
        let mut fitted = *cam;
        fitted.fit(&b, 0.85);
        // A view saved from a larger window is a few times closer than the fit at most; a
        // close-up the user zoomed into and saved is much closer, and opens as saved.
        let close_up = cam.zoom > fitted.zoom * CLOSE_UP;
        let fits = w.contains(b.min) && w.contains(b.max);
        if !(fits || close_up) {
            *cam = fitted;
        }
    }
}

/// How much closer than the whole scene's fit a saved view must be to be taken for a
/// deliberate close-up. The shipped scenes' views, made for 1,400 × 900, are 2.6× the fit
/// at 800 × 600, whose side panels leave the canvas half as wide; a view zoomed in on
/// one contact is usually ten times or more.
const CLOSE_UP: f32 = 4.0;

/// Zooms around the cursor: the wheel, or pinch / Ctrl+wheel (egui reports those as zoom).
fn zoom(ui: &Ui, cam: &mut Camera, hover: Option<egui::Pos2>) {
    let Some(p) = hover else { return };
    let (scroll, zoom_delta) = ui.input(|i| (i.smooth_scroll_delta, i.zoom_delta()));
    if zoom_delta != 1.0 {
        cam.zoom_around(p, zoom_delta);
    } else if scroll.y != 0.0 {
        cam.zoom_around(p, (scroll.y * 0.004).exp());
    }
}

/// The grid a handle dragged with Ctrl snaps to: lines at least this many points apart
/// (finer than the drawn grid's 80), said in the status bar.
pub const SNAP_PX: f32 = 20.0;

/// The pointer's gestures: a primary drag on a handle edits its object (snapped to the
/// grid with Ctrl), elsewhere it pans, as a middle drag does; a click selects; a secondary
/// click selects and opens the context menu where it was.
fn pointer(
    ui: &Ui,
    resp: &egui::Response,
    cam: &mut Camera,
    objects: &[Object],
    state: &mut UiState,
    out: &mut Vec<Command>,
) {
    let (mods, press_origin) = ui.input(|i| (i.modifiers, i.pointer.press_origin()));
    let hover = resp.hover_pos();
    let snap_step = mods.command.then(|| cam.grid_step(SNAP_PX));
    if resp.drag_started_by(PointerButton::Primary) {
        let at = press_origin.or(hover).map(|p| cam.to_world(p));
        state.drag = at.and_then(|w| {
            let mut h = handles::pick(objects, state.selected, w, cam.zoom)?;
            // Shift on a static circle's centre pulls its end out instead of moving it.
            if mods.shift
                && h.grip == Grip::Start
                && matches!(objects.get(h.object).map(|o| o.shape), Some(Shape::Circle { start, end, .. }) if start == end)
            {
                h.grip = Grip::End;
            }
            let orig = objects.get(h.object)?.shape;
            Some(Drag {
                handle: h,
                grab: w,
                orig,
            })
        });
        if let Some(d) = &state.drag {
            state.selected = Some(d.handle.object);
        }
        state.panning = state.drag.is_none();
    }
    if resp.dragged_by(PointerButton::Primary) {
        if let (Some(d), Some(p)) = (state.drag, resp.interact_pointer_pos()) {
            let shape =
                handles::apply_drag(&d.orig, d.handle.grip, d.grab, cam.to_world(p), snap_step);
            if objects
                .get(d.handle.object)
                .is_some_and(|o| o.shape != shape)
            {
                out.push(Command::gesture(Edit::SetShape {
                    object: d.handle.object,
                    shape,
                }));
            }
        } else if state.panning {
            cam.pan(resp.drag_delta());
        }
    }
    if resp.dragged_by(PointerButton::Middle) {
        cam.pan(resp.drag_delta());
    }
    if resp.drag_stopped() {
        state.drag = None;
        state.panning = false;
    }
    if resp.clicked()
        && let Some(p) = hover
    {
        state.selected = handles::select_at(objects, state.selected, cam.to_world(p), cam.zoom);
    }
    if resp.secondary_clicked()
        && let Some(p) = hover
    {
        let w = cam.to_world(p);
        state.context_at = Some(w);
        if let Some(i) = handles::select_at(objects, state.selected, w, cam.zoom) {
            state.selected = Some(i);
        }
    }
    // What the pointer would grab, for the cursor and the handles' highlight.
    state.hot = match state.drag {
        Some(d) => Some(d.handle),
        None => {
            hover.and_then(|p| handles::pick(objects, state.selected, cam.to_world(p), cam.zoom))
        }
    };
}

/// The cursor says what a drag would do: the grip's own, or a hand over empty canvas.
fn set_cursor(ui: &Ui, state: &UiState, hovered: bool) {
    if !(hovered || state.drag.is_some() || state.panning) {
        return;
    }
    let icon = match (state.drag, state.hot) {
        (Some(d), _) => d.handle.grip.cursor(),
        (_, Some(h)) => h.grip.cursor(),
        _ if state.panning => CursorIcon::Grabbing,
        _ => CursorIcon::Grab,
    };
    ui.ctx().set_cursor_icon(icon);
}

/// Draws every layer of the canvas in `rect`; returns what each layer drew.
pub fn draw(
    painter: &egui::Painter,
    doc: &Document,
    eval: &Evaluation,
    ball: Option<&BallEvaluation>,
    state: &UiState,
    heat: &mut HeatLayer,
) -> LayerStats {
    let scene = doc.scene();
    let objects = &scene.objects;
    let cam = Camera::new(painter.clip_rect(), &state.view);
    heat.update(
        painter.ctx(),
        &cam,
        scene,
        doc.revision(),
        ball,
        &eval.obstacles,
    );
    palette::canvas_background(painter, cam.rect);
    let mut pen = Pen::new(painter, cam);
    let frame = Frame {
        scene,
        eval,
        ball,
        selected: state.selected,
        hovered: state.hot.map(|h| h.object),
        t: state.playback.t,
        heat: heat.shown(),
    };
    layers::keep_handles_clear(
        &mut pen,
        objects,
        state.selected,
        state.hot.map(|h| h.object),
    );
    layers::draw_all(&mut pen, &frame);
    // The labels over all the geometry, and the handles over the labels: a plate must
    // never hide what the user drags.
    pen.finish();
    layers::handles(
        &mut pen,
        objects,
        state.selected,
        state.hot.map(|h| h.object),
        state.hot,
    );
    // The contact points over the handles: a box corner's handle sits where a corner
    // contact is.
    pen.marks_over_handles();
    pen.stats
}

fn context_menu(
    ui: &mut Ui,
    objects: &[crate::scene::Object],
    state: &mut UiState,
    out: &mut Vec<Command>,
) {
    ui.label(egui::RichText::new("Add here").weak());
    for kind in AddKind::ALL {
        if kind.action().button(ui, true) {
            if let Some(at) = state.context_at {
                out.push(Command::AddAt { kind, at });
            }
            ui.close();
        }
    }
    // Right-clicked away from every object the selection stays: the actions name the
    // object they act on, which may be far from the pointer.
    if let Some(object) = state.selected.and_then(|i| objects.get(i)) {
        ui.separator();
        let name = crate::scene::number::short_name(&object.name);
        ui.label(egui::RichText::new(format!("'{name}' (selected)")).weak());
        for action in [Action::Duplicate, Action::Rename, Action::Delete] {
            if action.button(ui, true) {
                out.push(Command::Action(action));
                ui.close();
            }
        }
    }
    ui.separator();
    if Action::Fit.button(ui, true) {
        out.push(Command::Action(Action::Fit));
        ui.close();
    }
}

/// A world point away from every object near `preferred` for a new object: no object
/// within `size` of it on either axis. `preferred` itself when that is clear, else the
/// nearest clear point on a spiral around it, preferring points at least `size / 2` inside
/// the view (`half`: half the view's extent around `preferred`); `preferred` when nothing
/// near is clear.
pub fn free_spot(eval: &Evaluation, preferred: Vec2, half: Vec2, size: f32) -> Vec2 {
    let taken: Vec<Aabb> = eval
        .obstacles
        .iter()
        .map(|(_, o)| o.bounds())
        .chain(eval.balls.iter().map(|b| b.sweep.bounds()))
        .collect();
    let clear = |c: Vec2| {
        let mine = Aabb::from_center_half_extents(c, Vec2::splat(size));
        !taken.iter().any(|t| t.overlaps(&mine))
    };
    let in_view = |c: Vec2| {
        ((c - preferred).abs() + Vec2::splat(size * 0.5))
            .cmple(half)
            .all()
    };
    let spiral = (0..=12).flat_map(|ring: i32| {
        let n = (ring * 8).max(1);
        (0..n).map(move |k| {
            let a = std::f32::consts::TAU * k as f32 / n as f32;
            preferred + Vec2::from_angle(a) * size * ring as f32
        })
    });
    spiral
        .clone()
        .find(|&c| in_view(c) && clear(c))
        .or_else(|| spiral.clone().find(|&c| clear(c)))
        .unwrap_or(preferred)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::View;

    /// Saved with zoom 7.2250004 showing the region (51.903114, 41.17647) in a 750 × 595
    /// canvas, a scene reopened in a canvas of that size worked the zoom out again from the
    /// region, 7.225, and saved that: the same scene saved to a different text.
    #[test]
    fn a_view_reopened_in_the_same_canvas_keeps_its_zoom_bit_for_bit() {
        let view = View {
            center: glam::Vec2::new(10.0, 30.0),
            zoom: 7.225_000_4,
            extent: Some(glam::Vec2::new(51.903_114, 41.176_47)),
        };
        let mut state = UiState::new(view);
        let rect = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(750.0, 595.0));
        let mut cam = Camera::new(rect, &view);
        keep_in_view(&mut cam, &mut state, &Evaluation::default());
        assert_eq!(
            cam.zoom.to_bits(),
            7.225_000_4_f32.to_bits(),
            "{}",
            cam.zoom
        );
        // In a smaller canvas it zooms out to show the region.
        let mut state = UiState::new(view);
        let small = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(375.0, 300.0));
        let mut cam = Camera::new(small, &view);
        keep_in_view(&mut cam, &mut state, &Evaluation::default());
        assert!(cam.zoom < 3.7, "{}", cam.zoom);
    }
}
