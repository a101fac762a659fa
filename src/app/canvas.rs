//! The canvas: pan, zoom around the cursor, fit, handle dragging with grid snapping, the
//! right-click menu, and drawing every layer for the frame.

use egui::{CursorIcon, PointerButton, Sense, Ui};
use glam::Vec2;

use super::DebugApp;
use super::construct::{obstacle_bounds, union, union_point};
use super::eval::Eval;
use super::handles::{self, Grip, Handle};
use super::layers::{self, Frame};
use super::pen::Pen;
use super::shortcuts::Action;
use super::view::Camera;
use crate::geom::Aabb;
use crate::scene::Shape;

/// A handle drag in progress.
#[derive(Clone, Copy, Debug)]
pub struct Drag {
    pub handle: Handle,
    pub grab: Vec2,
    pub orig: Shape,
}

/// The bounds of everything in the scene, paths included.
pub fn scene_bounds(eval: &Eval) -> Option<Aabb> {
    let mut b: Option<Aabb> = None;
    let mut add = |a: Aabb| b = Some(b.map_or(a, |x| union(&x, &a)));
    for (_, o) in &eval.obstacles {
        add(obstacle_bounds(o));
    }
    for ball in &eval.balls {
        let mut a = ball.sweep.bounds();
        for p in &ball.path.points {
            a = union_point(&a, *p);
        }
        add(a);
    }
    b.filter(Aabb::is_valid)
}

pub fn show(app: &mut DebugApp, ui: &mut Ui) {
    let (resp, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
    let resp = resp.accessible_name("Canvas");
    let mut cam = Camera::new(resp.rect, &app.scene.view);
    if std::mem::take(&mut app.fit_requested)
        && let Some(b) = scene_bounds(&app.eval)
    {
        cam.fit(&b);
    }
    if std::mem::take(&mut app.check_view)
        && let Some(b) = scene_bounds(&app.eval)
    {
        // A small margin so nothing sits right on the canvas edge.
        let b = b.expanded(b.size().max_element() * 0.04);
        let w = cam.world_rect();
        if !(w.contains(b.min) && w.contains(b.max)) {
            cam.fit(&b);
        }
    }
    let (mods, scroll, zoom_delta, press_origin) = ui.input(|i| {
        (
            i.modifiers,
            i.smooth_scroll_delta,
            i.zoom_delta(),
            i.pointer.press_origin(),
        )
    });
    let hover = resp.hover_pos();
    app.cursor_world = hover.map(|p| cam.to_world(p));

    // Zoom around the cursor: the wheel, or pinch / Ctrl+wheel (egui reports those as zoom).
    if let Some(p) = hover {
        if zoom_delta != 1.0 {
            cam.zoom_around(p, zoom_delta);
        } else if scroll.y != 0.0 {
            cam.zoom_around(p, (scroll.y * 0.004).exp());
        }
    }

    let snap_step = mods.command.then(|| cam.grid_step(20.0));
    let mut edited = false;
    if resp.drag_started_by(PointerButton::Primary) {
        let at = press_origin.or(hover).map(|p| cam.to_world(p));
        app.drag = at.and_then(|w| {
            let mut h = handles::pick(&app.scene.objects, app.selected, w, cam.zoom)?;
            // Shift on a static circle's centre pulls its end out instead of moving it.
            if mods.shift
                && h.grip == Grip::Start
                && matches!(app.scene.objects.get(h.object).map(|o| o.shape), Some(Shape::Circle { start, end, .. }) if start == end)
            {
                h.grip = Grip::End;
            }
            let orig = app.scene.objects.get(h.object)?.shape;
            Some(Drag { handle: h, grab: w, orig })
        });
        if let Some(d) = &app.drag {
            app.selected = Some(d.handle.object);
        }
        app.panning = app.drag.is_none();
    }
    if resp.dragged_by(PointerButton::Primary) {
        if let (Some(d), Some(p)) = (app.drag, resp.interact_pointer_pos()) {
            let shape =
                handles::apply_drag(&d.orig, d.handle.grip, d.grab, cam.to_world(p), snap_step);
            if let Some(o) = app.scene.objects.get_mut(d.handle.object)
                && o.shape != shape
            {
                o.shape = shape;
                edited = true;
            }
        } else if app.panning {
            cam.pan(resp.drag_delta());
        }
    }
    if resp.dragged_by(PointerButton::Middle) {
        cam.pan(resp.drag_delta());
    }
    if resp.drag_stopped() {
        app.drag = None;
        app.panning = false;
    }
    if resp.clicked()
        && let Some(p) = hover
    {
        app.selected = handles::pick(&app.scene.objects, app.selected, cam.to_world(p), cam.zoom)
            .map(|h| h.object);
    }
    if resp.secondary_clicked()
        && let Some(p) = hover
    {
        let w = cam.to_world(p);
        app.context_at = Some(w);
        if let Some(h) = handles::pick(&app.scene.objects, app.selected, w, cam.zoom) {
            app.selected = Some(h.object);
        }
    }

    // What the pointer would grab, and the cursor that says so.
    app.hot = match app.drag {
        Some(d) => Some(d.handle),
        None => hover.and_then(|p| {
            handles::pick(&app.scene.objects, app.selected, cam.to_world(p), cam.zoom)
        }),
    };
    if hover.is_some() || app.drag.is_some() || app.panning {
        let icon = match (app.drag, app.hot) {
            (Some(d), _) if d.handle.grip == Grip::Body => CursorIcon::Grabbing,
            (_, Some(h)) => h.grip.cursor(),
            _ if app.panning => CursorIcon::Grabbing,
            _ => CursorIcon::Crosshair,
        };
        ui.ctx().set_cursor_icon(icon);
    }

    app.scene.view = cam.view();
    if edited {
        app.refresh_eval();
    }

    resp.context_menu(|ui| context_menu(app, ui));

    let heat = &app.scene.heat_map;
    app.heat
        .update(ui.ctx(), &cam, heat, &app.eval, &app.params);
    painter.rect_filled(resp.rect, 0.0, egui::Color32::from_gray(18));
    let mut pen = Pen::new(&painter, cam);
    let frame = Frame {
        scene: &app.scene,
        eval: &app.eval,
        selected: app.selected,
        hovered: app.hot.map(|h| h.object),
        t: app.playback.t,
        heat: app.heat.shown(),
    };
    layers::draw_all(&mut pen, &frame);
    handles::draw(
        &mut pen,
        &app.scene.objects,
        app.selected,
        app.hot.map(|h| h.object),
        app.hot,
    );
    app.stats = pen.stats;
}

fn context_menu(app: &mut DebugApp, ui: &mut Ui) {
    let ctx = ui.ctx().clone();
    let hint = |a, what| super::shortcuts::hint(&ctx, a, what);
    ui.label(egui::RichText::new("Add here").weak());
    for (action, what) in [
        (Action::AddBall, "Ball"),
        (Action::AddBox, "Box"),
        (Action::AddRotatedBox, "Rotated box"),
        (Action::AddSegment, "Segment"),
        (Action::AddCircle, "Circle"),
    ] {
        if ui.button(what).on_hover_text(hint(action, what)).clicked() {
            app.add_object(action, app.context_at);
            ui.close();
        }
    }
    if app.selected.is_some() {
        ui.separator();
        for (action, what) in [
            (Action::Duplicate, "Duplicate"),
            (Action::Rename, "Rename…"),
            (Action::Delete, "Delete"),
        ] {
            if ui.button(what).on_hover_text(hint(action, what)).clicked() {
                app.pending_actions.push(action);
                ui.close();
            }
        }
    }
    ui.separator();
    if ui
        .button("Fit scene")
        .on_hover_text(hint(Action::Fit, "Fit the scene"))
        .clicked()
    {
        app.fit_requested = true;
        ui.close();
    }
}
