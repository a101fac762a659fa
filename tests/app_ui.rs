//! The debugger driven through egui_kittest, with no display: handle drags feed the core,
//! layers switch off, undo restores, variants add rows, bad files never replace the scene.

#![cfg(feature = "gui")]

use egui::{Key, Modifiers, accesskit::Role};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use glam::Vec2;
use sweepscope::app::draw::camera::Camera;
use sweepscope::app::{Action, Command, DebugApp, Edit, Layer};
use sweepscope::scene::{Scene, Shape, builtin};

mod app_support;
use app_support::type_over;

const SIZE: egui::Vec2 = egui::vec2(1400.0, 900.0);

fn harness(app: DebugApp) -> Harness<'static, DebugApp> {
    harness_at(SIZE, app)
}

/// [`harness`] in a window of `size`, run until it settles.
fn harness_at(size: egui::Vec2, app: DebugApp) -> Harness<'static, DebugApp> {
    // Opening a scene without a view of its own fits it, which takes a few frames.
    let mut h = Harness::builder()
        .with_size(size)
        .with_max_steps(8)
        .build_ui_state(|ui, app: &mut DebugApp| app.ui(ui), app);
    h.run();
    h
}

/// `notches` turns of the mouse wheel down (200 points each) with the pointer at `over`.
fn scroll_down(h: &mut Harness<DebugApp>, over: egui::Pos2, notches: usize) {
    h.hover_at(over);
    h.run();
    for _ in 0..notches {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -200.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: egui::Modifiers::NONE,
        });
        h.run();
    }
}

/// The ball of the built-in default scene: start (-3, 50), end (-3, 10), radius 5, above
/// the box (0, 0)–(40, 30). Its centre touches the corner (0, 30) at y = 34 (3-4-5).
fn ball_end(h: &Harness<DebugApp>) -> Vec2 {
    match h.state().scene().objects[0].shape {
        Shape::Ball { end, .. } => end,
        ref other => panic!("object 0 is not a ball: {other:?}"),
    }
}

fn camera(h: &Harness<DebugApp>) -> Camera {
    let rect = h.get_by_label("Canvas").rect();
    Camera::new(rect, &h.state().view())
}

/// The lowest widget labelled `label`: an obstacle's key in the plot legend, below the
/// object list's row of the same name.
fn lowest(h: &Harness<DebugApp>, label: &str) -> Option<egui::Rect> {
    h.query_all_by_label(label)
        .map(|n| n.rect())
        .max_by(|a, b| a.top().total_cmp(&b.top()))
}

fn has_label_containing(h: &Harness<DebugApp>, text: &str) -> bool {
    h.query_by_label_contains(text).is_some()
}

/// The contact times the inspector shows ("HIT  t = …" labels).
fn shown_times(h: &Harness<DebugApp>) -> Vec<f32> {
    h.query_all_by_label_contains("HIT  t = ")
        .filter_map(|n| n.value())
        .filter_map(|text| text.rsplit("= ").next().and_then(|v| v.trim().parse().ok()))
        .collect()
}

fn drag(h: &mut Harness<DebugApp>, from: egui::Pos2, to: egui::Pos2) {
    h.drag_at(from);
    h.run_steps(2);
    h.hover_at(from + (to - from) * 0.5);
    h.run_steps(2);
    h.hover_at(to);
    h.run_steps(2);
    h.drop_at(to);
    h.run();
}

#[test]
fn dragging_the_end_handle_changes_the_time_of_impact() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    assert_eq!(shown_times(&h), vec![0.4], "default contact at t = 0.4");
    let cam = camera(&h);
    let from = cam.to_screen(ball_end(&h));
    // Move the end up to (-3, 30): the motion is 20 long and reaches y = 34 after 16.
    let to = cam.to_screen(Vec2::new(-3.0, 30.0));
    drag(&mut h, from, to);
    let end = ball_end(&h);
    assert!(
        (end - Vec2::new(-3.0, 30.0)).length() < 0.2,
        "end moved to {end}"
    );
    let expected = (50.0 - 34.0) / (50.0 - end.y);
    let shown = shown_times(&h);
    assert!(
        shown.len() == 1 && (shown[0] - expected).abs() < 1e-5,
        "inspector shows {shown:?}, expected {expected}"
    );
    // The whole drag is one undo step.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(ball_end(&h), Vec2::new(-3.0, 10.0));
}

#[test]
fn toggling_a_layer_hides_it() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    assert!(h.state().stats().count(Layer::Minkowski) > 0);
    assert!(h.state().stats().count(Layer::Regions) > 0);
    h.get_by_label("Layers").click();
    h.run();
    h.get_by_label("Minkowski (expanded box)").click();
    h.run();
    assert!(!h.state().scene().layers.minkowski);
    assert_eq!(h.state().stats().count(Layer::Minkowski), 0);
    // Other layers are untouched.
    assert!(h.state().stats().count(Layer::Regions) > 0);
}

#[test]
fn undo_restores_the_previous_scene_after_an_inspector_edit() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let original = h.state().scene().clone();
    h.get_by_role_and_label(Role::SpinButton, "radius")
        .set_value_accesskit(8.0);
    h.run();
    assert!(
        matches!(h.state().scene().objects[0].shape, Shape::Ball { radius, .. } if radius == 8.0)
    );
    assert!(h.state().dirty());
    // A larger ball touches the corner earlier: (y − 30)² = 64 − 9, y = 30 + √55.
    let expected = (50.0 - (30.0 + 55f32.sqrt())) / 40.0;
    let shown = shown_times(&h);
    assert!(
        shown.iter().any(|t| (t - expected).abs() < 1e-5),
        "{shown:?} vs {expected}"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    let mut restored = h.state().scene().clone();
    restored.view = original.view;
    assert_eq!(restored, original);
    assert!(!h.state().dirty());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert!(
        matches!(h.state().scene().objects[0].shape, Shape::Ball { radius, .. } if radius == 8.0)
    );
}

#[test]
fn selecting_a_variant_shows_its_row() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    assert!(h.query_by_label("discrete").is_none());
    h.get_by_label("Discrete distance test (002)").click();
    h.run();
    assert!(h.state().scene().variants.iter().any(|v| v == "discrete"));
    // One row per obstacle the variant applies to (box and wall).
    assert_eq!(h.query_all_by_label("discrete").count(), 2);
    assert!(h.state().stats().count(Layer::Variants) > 0);
}

#[test]
fn a_bad_scene_file_keeps_the_old_scene_and_shows_the_banner() {
    let dir = std::env::temp_dir().join(format!("sweepscope-app-ui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "(\n    version: 1,\n    objects: [ oops ],\n)\n").unwrap();
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let before: Scene = h.state().scene().clone();
    h.state_mut().open_path(&bad);
    h.run();
    assert_eq!(h.state().scene().objects, before.objects);
    let banner = h.state().banner().map(str::to_owned).unwrap_or_default();
    assert!(
        banner.contains("bad.ron:3:"),
        "banner names file:line:col: {banner}"
    );
    assert!(
        has_label_containing(&h, "bad.ron:3:"),
        "banner is on screen"
    );
    assert!(h.state().status().starts_with("not opened: "));
    // Dismissed, the banner takes its status line along: "not opened" stayed, and went
    // into the next bug report's screenshot.
    h.get_by_label("Dismiss").click();
    h.run();
    assert_eq!(h.state().banner(), None);
    assert_eq!(h.state().status(), "");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn opening_with_unsaved_changes_asks_first() {
    let dir = std::env::temp_dir().join(format!("sweepscope-app-ui-open-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.ron");
    let mut other = Scene::empty("other");
    other.objects = builtin::default_scene().objects[..2].to_vec();
    sweepscope::scene::save_scene(&good, &other).unwrap();
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    h.get_by_role_and_label(Role::SpinButton, "radius")
        .set_value_accesskit(7.0);
    h.run();
    h.state_mut().open_path(&good);
    h.run();
    assert!(h.query_by_label("Unsaved changes").is_some());
    assert_eq!(
        h.state().scene().objects.len(),
        3,
        "nothing replaced before the answer"
    );
    h.get_by_label("Discard").click();
    h.run();
    assert_eq!(h.state().scene().name, "other");
    assert!(!h.state().dirty());
    let _ = std::fs::remove_dir_all(dir);
}

/// The first number after `key` in the first on-screen label containing it.
fn number_after(h: &Harness<DebugApp>, key: &str) -> Option<f32> {
    let node = h.query_by_label_contains(key)?;
    let text = node.value().or_else(|| node.accesskit_node().label())?;
    let rest = &text[text.find(key)? + key.len()..];
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | '-' | '+')))
        .unwrap_or(rest.len());
    rest[..end].parse().ok()
}

#[test]
fn the_heat_map_reads_the_time_from_the_start_under_the_cursor() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    assert_eq!(h.state().stats().count(Layer::HeatMap), 0);
    h.key_press(Key::H);
    h.run();
    assert!(h.state().scene().heat_map.shown);
    assert_eq!(h.state().stats().count(Layer::HeatMap), 1);
    // Starts straight above the box, the ball's motion (0, −40) and radius 5: the first
    // contact is with the top side, y = 35, at t = (y − 35) / 40.
    let cam = camera(&h);
    for y in [45.0, 52.0, 61.0] {
        h.hover_at(cam.to_screen(Vec2::new(20.0, y)));
        h.run();
        let t = number_after(&h, "first contact at t = ")
            .unwrap_or_else(|| panic!("no heat map readout from (20, {y})"));
        // Within the cell: the cell's start is at most half a 4 px cell from the cursor.
        let want = (y - 35.0) / 40.0;
        let half_cell = 2.0 / cam.zoom;
        assert!(
            (t - want).abs() < half_cell / 40.0 + 1e-4,
            "from y = {y}: {t} vs {want}"
        );
    }
    // From beside the box the motion meets nothing.
    h.hover_at(cam.to_screen(Vec2::new(-35.0, 50.0)));
    h.run();
    assert!(has_label_containing(&h, "): no contact"));
    // The same key hides it again.
    h.key_press(Key::H);
    h.run();
    assert_eq!(h.state().stats().count(Layer::HeatMap), 0);
    assert!(!has_label_containing(&h, "cell at ("));
}

#[test]
fn the_heat_map_marks_the_starts_from_which_sub_stepping_tunnels() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/tunnel-heat-map.ron");
    let scene = sweepscope::scene::load_scene(&path).expect("the curated scene loads");
    assert_eq!(scene.heat_map.compare.as_deref(), Some("substep"));
    let mut h = harness(DebugApp::new(scene));
    assert_eq!(h.state().stats().count(Layer::HeatMap), 1);
    let cam = camera(&h);
    // From the ball's own start the 8 probes land at x = −43.5, −31, …, never within 3 of
    // the wall's centre line: it tunnels. Shifted 6 units right, the 4th probe lands at
    // x = 0, inside the wall: a contact, but at t = 0.5 rather than 0.47.
    h.hover_at(cam.to_screen(Vec2::new(-56.0, 5.0)));
    h.run();
    assert!(
        has_label_containing(&h, "substep misses a contact: tunnels"),
        "from the ball's start"
    );
    h.hover_at(cam.to_screen(Vec2::new(-50.0, 5.0)));
    h.run();
    let dt = number_after(&h, "substep time off by ").expect("a time off from (−50, 5)");
    assert!((dt - 0.03).abs() < 0.01, "Δt = {dt}");
    // The first contact and the verdict each name their obstacle: from (−52, −11.8) with
    // 10 sub-steps the first contact is the wall's and the time off is the post's, behind
    // it. The readout mixed the two without a name.
    h.hover_at(cam.to_screen(Vec2::new(-41.0, 5.0)));
    h.run();
    assert!(has_label_containing(
        &h,
        "substep misses a contact: tunnels"
    ));
    let mut params = h.state().scene().params;
    params.substeps = 10;
    h.state_mut()
        .queue(Command::edit(sweepscope::app::Edit::SetParams(params)));
    h.run();
    // The readout kept for the resting pointer follows the change: from x = −41 the 8
    // probes miss the wall (tunnels), the 10 find it at t = 0.4 (exact 0.38).
    h.hover_at(cam.to_screen(Vec2::new(-41.0, 5.0)));
    h.run();
    let dt10 = number_after(&h, "substep time off by ").expect("a time off with 10 sub-steps");
    assert!((dt10 - 0.02).abs() < 0.01, "Δt = {dt10}");
    h.hover_at(cam.to_screen(Vec2::new(-52.0, -11.8)));
    h.run();
    assert!(has_label_containing(&h, "with 'wall'; substep"));
    assert!(has_label_containing(&h, "against 'post'"));
    // The colour is the post's verdict, the worst; the readout named only that, and left
    // out the verdict against the wall the ball meets first. Both are said.
    assert!(
        has_label_containing(&h, "(the worst, coloured); against 'wall', met first: "),
        "the verdict against the obstacle met first"
    );
    // A start already overlapping the post is a missed overlap, not a tunnel.
    h.hover_at(cam.to_screen(Vec2::new(25.0, -12.0)));
    h.run();
    assert!(
        has_label_containing(&h, "substep misses the overlap at the start against 'post'"),
        "from inside the post"
    );
    // Switching to the exact colouring from the Layers menu keeps the map on.
    h.get_by_label("Layers").click();
    h.run();
    h.get_by_label("Heat map colours").click();
    h.run();
    h.get_by_label("Exact time of first contact").click();
    h.run();
    assert_eq!(h.state().scene().heat_map.compare, None);
    assert!(h.state().scene().heat_map.shown);
}

#[test]
fn opening_a_document_in_place_of_another_evaluates_the_new_one() {
    // The window builds the app first, then sets the document it was started on; the
    // evaluation must be of that document, not of the first one.
    let mut app = DebugApp::new(Scene::empty("first"));
    app.set_document(builtin::default_scene(), None);
    assert_eq!(app.evaluation().balls.len(), 1);
    let h = harness(app);
    assert_eq!(shown_times(&h), vec![0.4]);
}

#[test]
fn a_drag_on_the_swept_capsule_pans_and_leaves_the_ball_alone() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let before = h.state().scene().objects[0].shape;
    let view = h.state().view();
    let cam = camera(&h);
    // Halfway along the ball's motion, 15 units from either end's circle (radius 5): inside
    // the swept capsule, on no object.
    let from = cam.to_screen(Vec2::new(-3.0, 30.0 + 0.5));
    drag(&mut h, from, from + egui::vec2(60.0, 0.0));
    assert_eq!(
        h.state().scene().objects[0].shape,
        before,
        "the ball did not move"
    );
    let moved = h.state().view().center - view.center;
    assert!(
        (moved.x + 60.0 / view.zoom).abs() < 1e-3 && moved.y.abs() < 1e-3,
        "the view panned by {moved}"
    );
    assert!(!h.state().dirty());
}

#[test]
fn escape_closes_the_open_menu_before_it_clears_the_selection() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let selected = h.state().selected();
    assert!(selected.is_some());
    h.get_by_label("Layers").click();
    h.run();
    assert!(
        has_label_containing(&h, "Swept capsule"),
        "the menu is open"
    );
    h.key_press(Key::Escape);
    h.run();
    assert!(
        !has_label_containing(&h, "Swept capsule"),
        "Escape closed the menu"
    );
    assert_eq!(h.state().selected(), selected, "and kept the selection");
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(h.state().selected(), None, "a second Escape deselects");
}

#[test]
fn toggling_layers_keeps_the_layers_menu_open() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    h.get_by_label("Layers").click();
    h.run();
    h.get_by_label("Grid").click();
    h.run();
    h.get_by_label("Broad phase").click();
    h.run();
    assert!(has_label_containing(&h, "Swept capsule"), "still open");
    let l = h.state().scene().layers;
    assert!(!l.grid && !l.broad_phase, "{l:?}");
}

#[test]
fn parry_engines_run_beside_the_exact_answer_as_rows_and_a_heat_map() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    h.get_by_label("parry2d cast_shapes").click();
    h.run();
    h.get_by_label("parry2d sweep time of impact").click();
    h.run();
    let ids = &h.state().scene().variants;
    assert!(ids.iter().any(|v| v == "parry-cast") && ids.iter().any(|v| v == "parry-sweep"));
    let ball = h.state().inspected().expect("a ball");
    let engines: Vec<&str> = ball.variants.iter().map(|r| r.variant.id()).collect();
    assert!(
        engines.contains(&"parry-cast") && engines.contains(&"parry-sweep"),
        "{engines:?}"
    );
    assert!(
        h.query_all_by_label_contains("parry-cast").count() > 0,
        "a row in the inspector"
    );
    // The heat map compares an engine like a published approach.
    h.get_by_label("Layers").click();
    h.run();
    h.get_by_label("Heat map colours").click();
    h.run();
    h.get_by_label("Where parry2d sweep time of impact disagrees")
        .click();
    h.run();
    assert_eq!(
        h.state().scene().heat_map.compare.as_deref(),
        Some("parry-sweep")
    );
    assert_eq!(h.state().stats().count(Layer::HeatMap), 1);
}

#[test]
fn find_a_counterexample_opens_a_shrunk_case_that_pins_the_exact_answer() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    h.get_by_label("Find a counterexample for substep").click();
    h.run();
    let scene = h.state().scene().clone();
    assert!(scene.name.contains("substep"), "{}", scene.name);
    assert!(
        !scene.reported.is_empty(),
        "the approach's answer is kept beside the exact one"
    );
    assert!(!scene.expect.is_empty());
    assert!(
        h.state().evaluation().expectations_hold(),
        "the exact answer is pinned"
    );
    assert!(
        h.state().status().contains("substep"),
        "{}",
        h.state().status()
    );
}

/// Find beside Sub-stepping and beside Discrete returned, press after press, the same
/// degenerate start inside a zero-size obstacle: nothing for someone chasing a tunnel.
/// The first press shows a tunnel (a missed hit), and the next ones other kinds.
#[test]
fn find_shows_a_tunnel_first_and_other_kinds_after() {
    for id in ["substep", "discrete"] {
        let mut h = harness(DebugApp::new(builtin::default_scene()));
        let mut seen = Vec::new();
        for _ in 0..3 {
            h.get_by_label(&format!("Find a counterexample for {id}"))
                .click();
            h.run();
            let status = h.state().status().to_owned();
            seen.push(
                status
                    .split(':')
                    .nth(1)
                    .unwrap_or_default()
                    .trim()
                    .to_owned(),
            );
        }
        assert!(seen[0].contains("miss"), "{id}: {seen:?}");
        seen.dedup();
        assert!(seen.len() > 1, "{id}: one kind only: {seen:?}");
    }
}

#[test]
fn a_key_adds_at_the_cursor_with_round_numbers() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let cam = camera(&h);
    let cursor = cam.center + Vec2::new(13.3, -7.7);
    h.hover_at(cam.to_screen(cursor));
    h.run();
    let before = h.state().scene().objects.len();
    h.key_press(Key::X);
    h.run();
    let objects = &h.state().scene().objects;
    assert_eq!(objects.len(), before + 1);
    let Shape::Box { min, max } = objects[before].shape else {
        panic!("a box: {:?}", objects[before].shape)
    };
    let centre = (min + max) * 0.5;
    // On the grid step of the current zoom, at the grid point nearest the cursor.
    let step = cam.grid_step(40.0);
    assert!((centre - cursor).length() <= step, "{centre} vs {cursor}");
    for v in [min.x, min.y, max.x, max.y, centre.x, centre.y] {
        let k = v / (step * 0.5);
        assert!(
            (k - k.round()).abs() < 1e-4,
            "{v} is not on the half-step grid {step}"
        );
    }
}

/// A key pressed with the pointer near the canvas's edge added the object there and then
/// moved the view about 300 px to centre it; repeated adds drifted the scene off screen.
#[test]
fn a_key_add_near_the_edge_of_the_canvas_leaves_the_view_where_it_is() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let cam = camera(&h);
    let before = h.state().view();
    // A few pixels inside the canvas's lower-left corner.
    let corner = cam.rect.left_bottom() + egui::vec2(6.0, -6.0);
    h.hover_at(corner);
    h.run();
    let n = h.state().scene().objects.len();
    for key in [Key::C, Key::X, Key::B] {
        h.key_press(key);
        h.run();
    }
    assert_eq!(h.state().scene().objects.len(), n + 3);
    let after = h.state().view();
    assert_eq!((after.center, after.zoom), (before.center, before.zoom));
}

#[test]
fn toolbar_adds_where_nothing_is() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    for _ in 0..3 {
        h.get_by_label("+ Circle").click();
        h.run();
    }
    let eval = h.state().evaluation();
    let circles: Vec<_> = eval
        .obstacles
        .iter()
        .filter(|(_, o)| matches!(o, sweepscope::Obstacle::Circle(_)))
        .map(|(_, o)| o.bounds())
        .collect();
    assert_eq!(circles.len(), 3);
    for (i, a) in circles.iter().enumerate() {
        for b in &circles[i + 1..] {
            assert!(!a.overlaps(b), "new objects pile up: {a:?} {b:?}");
        }
        for (_, o) in eval
            .obstacles
            .iter()
            .filter(|(_, o)| !matches!(o, sweepscope::Obstacle::Circle(_)))
        {
            assert!(!a.overlaps(&o.bounds()), "placed on an obstacle");
        }
    }
}

#[test]
fn the_canvas_keeps_half_of_a_small_window() {
    let h = harness_at(
        egui::vec2(1000.0, 650.0),
        DebugApp::new(builtin::default_scene()),
    );
    let canvas = h.get_by_label("Canvas").rect();
    assert!(canvas.width() >= 500.0, "canvas {canvas:?}");
}

#[test]
fn toolbar_adds_inside_the_view() {
    // The bug: in a crowded view, "+ Box" and "+ Ball" placed objects above the top of the
    // canvas, where nothing showed that anything had happened until Fit.
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    for label in ["+ Box", "+ Ball", "+ Box", "+ Circle", "+ Box", "+ Segment"] {
        h.get_by_label(label).click();
        h.run();
        let cam = camera(&h);
        let (lo, hi) = (
            cam.to_world(cam.rect.left_bottom()),
            cam.to_world(cam.rect.right_top()),
        );
        let added = h
            .state()
            .scene()
            .objects
            .last()
            .unwrap_or_else(|| panic!("added"));
        let c = added.shape.bounds().center();
        assert!(
            c.x > lo.x && c.y > lo.y && c.x < hi.x && c.y < hi.y,
            "{} centred at {c} is outside the view {lo} .. {hi}",
            added.name
        );
    }
}

#[test]
fn variant_titles_wrap_between_words_in_the_narrowest_variants_panel() {
    // The bug: at 1000×650 the panel broke "Cohen–Sutherland" mid-word ("Cohen–Suthe /
    // rland"): egui breaks a line at spaces and hyphens only, and one word was wider than
    // the room beside the find button, the swatch and the checkbox (about 85 points).
    let ctx = egui::Context::default();
    let out = ctx.run_ui(egui::RawInput::default(), |ui| {
        let font = egui::TextStyle::Body.resolve(ui.style());
        for v in sweepscope::variants::Variant::ALL {
            for word in v.title().split([' ', '-']) {
                let width = ui
                    .painter()
                    .layout_no_wrap(word.to_owned(), font.clone(), egui::Color32::WHITE)
                    .size()
                    .x;
                assert!(width <= 80.0, "{word:?} of {:?} is {width} wide", v.title());
            }
        }
    });
    out.drop_without_applying_deltas();
}

#[test]
fn the_help_window_fits_a_small_window_below_the_menu_bar_and_names_the_simulation_gestures() {
    // The bug: at 900 points high F1's list ran past the window's bottom, and it said
    // nothing of the simulation view's mouse gestures.
    let mut h = harness_at(
        egui::vec2(1000.0, 650.0),
        DebugApp::new(builtin::default_scene()),
    );
    h.key_press(Key::F1);
    h.run();
    let help = h.get_by_role_and_label(Role::Window, "Help").rect();
    assert!(help.bottom() <= 650.0, "help window {help:?}");
    assert!(has_label_containing(&h, "Spawn tool"));
    // It opens below the menu bar, not over it (its title bar covered the menus).
    let menu = h.get_by_role_and_label(Role::Button, "File").rect();
    assert!(help.top() >= menu.bottom(), "help {help:?} menu {menu:?}");
}

#[test]
fn escape_in_an_inspector_field_ends_the_edit_and_keeps_the_selection() {
    // The bug: Escape while typing in a field also deselected, so the inspector emptied
    // under the pointer and the next letters typed became shortcuts (b added a ball).
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let selected = h.state().selected();
    assert!(selected.is_some());
    let before = h.state().scene().clone();
    h.get_by_role_and_label(Role::SpinButton, "radius").click();
    h.run();
    assert!(
        h.ctx.egui_wants_keyboard_input(),
        "the field is being edited"
    );
    h.key_press(Key::Escape);
    h.run();
    assert!(!h.ctx.egui_wants_keyboard_input(), "Escape ended the edit");
    assert_eq!(h.state().selected(), selected, "and kept the selection");
    assert_eq!(h.state().scene().objects, before.objects);
    assert!(
        h.query_by_role_and_label(Role::SpinButton, "radius")
            .is_some()
    );
}

#[test]
fn a_short_clearance_plot_still_draws_every_obstacle_and_names_them_above_it() {
    // The bug: at 1000 × 650 the legend had rows for one curve only, and the wall's curve
    // was left out without a word.
    let small = |scene: Scene| harness_at(egui::vec2(1000.0, 650.0), DebugApp::new(scene));
    let h = small(builtin::default_scene());
    for obstacle in ["box", "wall"] {
        let key = lowest(&h, obstacle).expect("a legend key");
        let plot_title = h
            .get_by_label("Clearance (signed distance − r) over t")
            .rect();
        assert!(
            key.top() > plot_title.top(),
            "{obstacle}'s name is in the plot's key"
        );
    }
    assert!(h.query_by_label_contains("nearest of").is_none());
    // More obstacles than curves: the plot says which it shows.
    let mut scene = builtin::default_scene();
    for k in 0..5 {
        let x = 100.0 + 20.0 * k as f32;
        scene.objects.push(sweepscope::scene::Object {
            name: format!("far{k}"),
            shape: Shape::Box {
                min: Vec2::new(x, 0.0),
                max: Vec2::new(x + 5.0, 5.0),
            },
        });
    }
    let h = small(scene);
    assert!(h.query_by_label("the 6 nearest of 7 obstacles").is_some());
}

#[test]
fn a_scene_without_a_view_of_its_own_opens_fitted() {
    // The bug: a hand-written scene with no `view` opened at 4 px/unit, its objects a
    // small cluster in the middle of the canvas, until F was pressed.
    let mut scene = Scene::empty("no view");
    scene.objects = builtin::default_scene().objects;
    let h = harness(DebugApp::new(scene));
    let zoom = h.state().view().zoom;
    assert!(zoom > 6.0, "zoom {zoom}");
    // A scene that keeps a view opens with it.
    let mut kept = builtin::default_scene();
    kept.view.zoom = 3.0;
    let h = harness(DebugApp::new(kept));
    assert_eq!(h.state().view().zoom, 3.0);
}

#[test]
fn a_saved_close_up_opens_as_saved_and_a_whole_scene_view_fits_a_smaller_window() {
    // The bug: a view zoomed in on the ball (98.8 px/unit) and saved reopened refitted to
    // the whole scene (14.5 px/unit), against "opens as it was saved".
    let mut close = builtin::default_scene();
    close.view = sweepscope::scene::View {
        center: Vec2::new(-3.0, 40.0),
        zoom: 98.8,
        extent: None,
    };
    let h = harness(DebugApp::new(close));
    assert_eq!(h.state().view().zoom, 98.8);
    // The default scene's own view, made for 1400 × 900, is fitted to 1000 × 650.
    let saved = builtin::default_scene().view.zoom;
    let h = harness_at(
        egui::vec2(1000.0, 650.0),
        DebugApp::new(builtin::default_scene()),
    );
    assert!(
        h.state().view().zoom < saved,
        "{} vs {saved}",
        h.state().view().zoom
    );
}

/// A view zoomed to 13.7 px/unit on part of the scene and saved reopened fitted to the
/// whole scene (7.23 px/unit): only a view four times the fit counted as a close-up. A
/// saved view now says which region it showed, and opens on that region.
#[test]
fn a_saved_view_opens_on_the_region_it_showed_in_any_window() {
    let extent = Vec2::new(30.0, 20.0);
    let mut scene = builtin::default_scene();
    scene.view = sweepscope::scene::View {
        center: Vec2::new(22.41, 43.48),
        zoom: 13.7,
        extent: Some(extent),
    };
    let shows = |v: sweepscope::scene::View| v.extent.unwrap_or_else(|| panic!("no extent"));
    let h = harness(DebugApp::new(scene.clone()));
    let first = h.state().view();
    let shown = shows(first);
    assert_eq!(first.center, scene.view.center);
    assert!(shown.cmpge(extent * 0.9999).all(), "{shown} shows {extent}");
    assert!(
        ((shown / extent).min_element() - 1.0).abs() < 1e-4,
        "fitted to it: {shown} vs {extent}"
    );
    // Saved as it is now and reopened in a window of the same size: the same zoom.
    scene.view = first;
    let again = harness(DebugApp::new(scene.clone())).state().view();
    assert!(
        (again.zoom / first.zoom - 1.0).abs() < 1e-5,
        "{} vs {}",
        again.zoom,
        first.zoom
    );
    // In a smaller window: the same region, zoomed out.
    let small = harness_at(egui::vec2(800.0, 600.0), DebugApp::new(scene))
        .state()
        .view();
    assert!(small.zoom < first.zoom);
    assert!(
        shows(small).cmpge(shown * 0.9999).all(),
        "{} vs {shown}",
        shows(small)
    );
}

#[test]
fn an_800_by_600_window_wraps_the_toolbar_and_fits_the_default_scene() {
    // The bug: at 800 × 600 the toolbar ran off the edge after "Scr" (Screenshot and Bug
    // report out of reach), and the default scene's view, made for 1400 × 900, was taken
    // for a close-up and not fitted.
    let h = harness_at(
        egui::vec2(800.0, 600.0),
        DebugApp::new(builtin::default_scene()),
    );
    for label in ["Screenshot", "Bug report…"] {
        let r = h.get_by_label(label).rect();
        assert!(r.right() <= 800.0 && r.bottom() < 80.0, "{label}: {r:?}");
    }
    assert!(h.state().view().zoom < builtin::default_scene().view.zoom / 1.5);
}

/// Shrinking the window from 1400 × 900 to 800 × 600 kept the plots 220 px tall and left
/// the canvas 275 px; hiding and showing the plots at 800 × 600 then growing the window
/// left them 80 px tall with no tick labels. The plots keep their share of the window and
/// their height through a hide and show.
#[test]
fn the_plots_keep_their_share_of_the_window_through_resizes_and_toggles() {
    let canvas = |h: &Harness<DebugApp>| h.get_by_label("Canvas").rect().height();
    let canvas_width = |h: &Harness<DebugApp>| h.get_by_label("Canvas").rect().width();
    let fresh = |w: f32, ht: f32| {
        let h = harness_at(egui::vec2(w, ht), DebugApp::new(builtin::default_scene()));
        canvas(&h)
    };
    let wide = canvas_width(&harness_at(
        egui::vec2(1400.0, 900.0),
        DebugApp::new(builtin::default_scene()),
    ));
    let (small, large) = (fresh(800.0, 600.0), fresh(1400.0, 900.0));
    let mut h = harness_at(
        egui::vec2(1400.0, 900.0),
        DebugApp::new(builtin::default_scene()),
    );
    h.set_size(egui::vec2(800.0, 600.0));
    h.run();
    assert!(
        (canvas(&h) - small).abs() < 12.0,
        "{} vs {small}",
        canvas(&h)
    );
    let plots = h.get_by_label("Canvas").rect().bottom();
    for _ in 0..2 {
        h.state_mut().queue(Command::Action(Action::TogglePlots));
        h.run();
    }
    assert!((h.get_by_label("Canvas").rect().bottom() - plots).abs() < 1.0);
    h.set_size(egui::vec2(1400.0, 900.0));
    h.run();
    assert!(
        (canvas(&h) - large).abs() < 12.0,
        "{} vs {large}",
        canvas(&h)
    );
    // The side panels too: after 1400 → 800 → 1400 they were left at their 800 widths.
    assert!(
        (canvas_width(&h) - wide).abs() < 12.0,
        "{} vs {wide}",
        canvas_width(&h)
    );
}

/// At 800 × 600 the inspector's Delete button broke its label as "Delet" over "e".
#[test]
fn the_inspector_buttons_keep_their_labels_whole_at_800_by_600() {
    let mut app = DebugApp::new(builtin::default_scene());
    app.select(Some(0));
    let h = harness_at(egui::vec2(800.0, 600.0), app);
    for label in ["Duplicate", "Delete"] {
        let r = h.get_by_label_contains(label).rect();
        assert!(r.height() < 26.0, "{label}: {r:?}");
    }
}

/// A side panel dragged wider keeps its new share through a resize, rather than going back
/// to its default (its share changes only when the user drags it).
#[test]
fn a_dragged_side_panel_keeps_its_new_share_through_resizes() {
    let mut h = harness_at(
        egui::vec2(1400.0, 900.0),
        DebugApp::new(builtin::default_scene()),
    );
    let canvas = |h: &Harness<DebugApp>| h.get_by_label("Canvas").rect();
    // The inspector's edge is the canvas's right edge: dragged 100 points left.
    let x = canvas(&h).right() + 1.0;
    h.drag_at(egui::pos2(x, 300.0));
    h.run_steps(2);
    h.hover_at(egui::pos2(x - 100.0, 300.0));
    h.run_steps(2);
    h.drop_at(egui::pos2(x - 100.0, 300.0));
    h.run();
    let dragged = canvas(&h).right();
    assert!((dragged - (x - 101.0)).abs() < 3.0, "{dragged} vs {x}");
    h.set_size(egui::vec2(800.0, 600.0));
    h.run();
    h.set_size(egui::vec2(1400.0, 900.0));
    h.run();
    assert!(
        (canvas(&h).right() - dragged).abs() < 2.0,
        "{:?}",
        canvas(&h)
    );
}

/// After File › New the plots shrank to about 40 points (the panel fitted its contents
/// while there was no ball to plot) and stayed so with a ball again and in every file
/// opened after. They keep their share of the window, and a drag of their edge still sets
/// it.
#[test]
fn the_plots_keep_their_height_through_file_new_and_a_drag_of_their_edge_sets_it() {
    let mut h = harness_at(
        egui::vec2(1400.0, 900.0),
        DebugApp::new(builtin::default_scene()),
    );
    let bottom = |h: &Harness<DebugApp>| h.get_by_label("Canvas").rect().bottom();
    let before = bottom(&h);
    h.state_mut().queue(Command::Action(Action::New));
    h.run();
    assert!(
        (bottom(&h) - before).abs() < 1.0,
        "{} vs {before}",
        bottom(&h)
    );
    for a in [Action::AddBall, Action::AddBox] {
        h.state_mut().queue(Command::Action(a));
        h.run();
    }
    assert!(
        (bottom(&h) - before).abs() < 1.0,
        "{} vs {before}",
        bottom(&h)
    );
    // The plots' edge dragged 100 points up: they grow by that, and keep it.
    let edge = egui::pos2(600.0, before + 1.0);
    h.drag_at(edge);
    h.run_steps(2);
    h.hover_at(edge - egui::vec2(0.0, 100.0));
    h.run_steps(2);
    h.drop_at(edge - egui::vec2(0.0, 100.0));
    h.run();
    let dragged = bottom(&h);
    assert!(
        (dragged - (before - 100.0)).abs() < 3.0,
        "{dragged} vs {before}"
    );
    h.state_mut().queue(Command::Action(Action::New));
    h.run();
    assert!(
        (bottom(&h) - dragged).abs() < 1.0,
        "{} vs {dragged}",
        bottom(&h)
    );
}

/// After File › New, a click on "+ Box" (a press, not a drag of the plots' edge) let the
/// plots' panel go for the frames the button was down: it shrank to its contents (no ball,
/// no plot) and took that as its new share, 100 points where it had 280. A press on the
/// canvas likewise moved the canvas under a drag that had just begun.
#[test]
fn a_press_away_from_a_panels_edge_leaves_the_panel_as_it_is() {
    let mut h = harness_at(
        egui::vec2(1400.0, 900.0),
        DebugApp::new(builtin::default_scene()),
    );
    let canvas = |h: &Harness<DebugApp>| h.get_by_label("Canvas").rect();
    let before = canvas(&h);
    h.state_mut().queue(Command::Action(Action::New));
    h.run();
    let button = h.get_by_label_contains("Box").rect().center();
    h.drag_at(button);
    for _ in 0..3 {
        h.run_steps(1);
        assert_eq!(canvas(&h), before, "while the button is down");
    }
    h.drop_at(button);
    h.run();
    assert_eq!(h.state().scene().objects.len(), 1, "the box was added");
    assert_eq!(canvas(&h), before, "after the click");
    // A ball, then a press on the canvas held over a few frames.
    h.state_mut().queue(Command::Action(Action::AddBall));
    h.run();
    let after_ball = canvas(&h);
    assert_eq!(after_ball, before);
    let inside = before.center() + egui::vec2(-150.0, 120.0);
    h.drag_at(inside);
    for _ in 0..3 {
        h.run_steps(1);
        assert_eq!(canvas(&h), before, "while the canvas is pressed");
    }
    h.drop_at(inside);
    h.run();
    assert_eq!(canvas(&h), before);
}

/// A file opened with the inspector scrolled down kept that scroll: the new ball's fields
/// were out of sight, and a click meant for "start x" landed on a row below.
#[test]
fn a_scene_opens_with_the_inspector_at_its_top() {
    let mut h = harness_at(
        egui::vec2(1400.0, 600.0),
        DebugApp::new(builtin::default_scene()),
    );
    let field_top = |h: &Harness<DebugApp>| {
        h.get_by_role_and_label(Role::SpinButton, "start x")
            .rect()
            .top()
    };
    let before = field_top(&h);
    scroll_down(&mut h, egui::pos2(1300.0, 300.0), 10);
    assert!(
        field_top(&h) < before - 100.0,
        "scrolled: {}",
        field_top(&h)
    );
    h.state_mut().set_document(builtin::default_scene(), None);
    h.run();
    assert_eq!(field_top(&h), before);
}

/// The plot's legend was sorted by name: obstacles came among the markers ("box" above
/// "contact (0)", "wall" below "scrubber t") and moved on a rename. Obstacles come first
/// now, whatever their names, then the markers.
#[test]
fn the_plot_legend_lists_the_obstacles_first_whatever_their_names() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    // In reading order, inside the plot (a column) or above it (a row of names).
    let at = |r: egui::Rect| (r.top(), r.left());
    let marker = |h: &Harness<DebugApp>| at(h.get_by_label("contact (clearance 0)").rect());
    let obstacle_rows = |h: &Harness<DebugApp>| -> Vec<(f32, f32)> {
        h.state()
            .scene()
            .objects
            .iter()
            .filter(|o| !o.shape.is_ball())
            .filter_map(|o| lowest(h, &o.name).map(at))
            .filter(|&(y, _)| y > 600.0)
            .collect()
    };
    for name in ["aaa", "zzz"] {
        let rows = obstacle_rows(&h);
        assert!(!rows.is_empty(), "no obstacle in the legend");
        assert!(
            rows.iter().all(|&y| y < marker(&h)),
            "{rows:?} vs {:?}",
            marker(&h)
        );
        let obstacle = h
            .state()
            .scene()
            .objects
            .iter()
            .position(|o| !o.shape.is_ball())
            .unwrap_or_else(|| panic!("an obstacle"));
        h.state_mut()
            .queue(Command::edit(sweepscope::app::Edit::Rename {
                object: obstacle,
                name: name.into(),
            }));
        h.run();
    }
    let rows = obstacle_rows(&h);
    assert!(rows.iter().all(|&y| y < marker(&h)), "{rows:?}");
}

/// A ball sliding past a seam: the inspector's row for the second box says HIT, while the
/// bounce path never touches it and ends 0.001 above the floor. Neither the difference
/// between the rows and the path nor the lift was said anywhere on screen.
#[test]
fn the_inspector_says_what_its_rows_and_the_bounce_path_each_answer() {
    let h = harness(DebugApp::new(builtin::default_scene()));
    assert!(has_label_containing(
        &h,
        "Each obstacle alone against the straight motion from start to end"
    ));
    assert!(
        h.state()
            .evaluation()
            .balls
            .iter()
            .any(|b| !b.path.contacts.is_empty()),
        "the default scene bounces"
    );
    assert!(has_label_containing(&h, "(the contact skin"));
    // Stop ends at its contact and Cross passes through: no skin to speak of.
    let mut h = h;
    for (kind, said) in [
        (sweepscope::scene::ResponseKind::Stop, false),
        (sweepscope::scene::ResponseKind::Cross, false),
        (sweepscope::scene::ResponseKind::Slide, true),
    ] {
        let mut r = h.state().scene().response;
        r.kind = kind;
        h.state_mut()
            .queue(Command::edit(sweepscope::app::Edit::SetResponse(r)));
        h.run();
        let contacts = h
            .state()
            .evaluation()
            .balls
            .iter()
            .any(|b| !b.path.contacts.is_empty());
        assert_eq!(
            has_label_containing(&h, "(the contact skin"),
            said && contacts,
            "{kind:?}"
        );
    }
}

/// User test: a ball starting 0.05 deep in a box under Slide stays where it is, but the
/// inspector said every contact sets the ball off the surface "so that the next leg
/// starts clear of it".
#[test]
fn the_inspector_says_a_ball_starting_inside_is_not_moved_out() {
    let mut scene = Scene::empty("inside");
    let obj = |name: &str, shape| sweepscope::scene::Object {
        name: name.into(),
        shape,
    };
    scene.objects = vec![
        obj(
            "roller",
            Shape::Ball {
                start: Vec2::new(25.0, 0.45),
                end: Vec2::new(35.0, 0.45),
                radius: 5.0,
            },
        ),
        obj(
            "box",
            Shape::Box {
                min: Vec2::new(20.0, -14.5),
                max: Vec2::new(40.0, -4.5),
            },
        ),
    ];
    scene.response.kind = sweepscope::scene::ResponseKind::Slide;
    let h = harness(DebugApp::new(scene));
    let path = &h.state().evaluation().balls[0].path;
    assert!(
        path.contacts.iter().all(|c| c.hit.started_inside),
        "{path:?}"
    );
    assert!(has_label_containing(&h, "is not moved out"));
    assert!(!has_label_containing(&h, "(the contact skin"));
}

/// With no range on the restitution field (so that a typed 1.5 is refused), a drag past
/// 1 was refused frame after frame and stuck below it, at 0.996 or so.
#[test]
fn a_drag_of_the_restitution_reaches_its_ends() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let mut r = h.state().scene().response;
    r.restitution = 0.9;
    h.state_mut()
        .queue(Command::edit(sweepscope::app::Edit::SetResponse(r)));
    h.run();
    let at = h
        .get_by_role_and_label(Role::SpinButton, "restitution")
        .rect()
        .center();
    h.drag_at(at);
    h.run();
    for k in 1..=30 {
        h.hover_at(at + egui::vec2(7.0 * k as f32, 0.0));
        h.run();
    }
    h.drop_at(at + egui::vec2(300.0, 0.0));
    h.run();
    assert_eq!(h.state().scene().response.restitution, 1.0);
}

/// The restitution stayed editable under Slide, Stop and Cross, which never use it.
#[test]
fn the_restitution_is_greyed_out_where_the_response_does_not_bounce() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let enabled = |h: &Harness<DebugApp>| {
        !h.get_by_role_and_label(Role::SpinButton, "restitution")
            .accesskit_node()
            .is_disabled()
    };
    use sweepscope::scene::ResponseKind;
    for (kind, used) in [
        (ResponseKind::Slide, false),
        (ResponseKind::Stop, false),
        (ResponseKind::Cross, false),
        (ResponseKind::Reflect, true),
    ] {
        let mut r = h.state().scene().response;
        r.kind = kind;
        h.state_mut()
            .queue(Command::edit(sweepscope::app::Edit::SetResponse(r)));
        h.run();
        assert_eq!(enabled(&h), used, "{kind:?}");
    }
}

/// The scrubber's hover text named its keys "← →", which the debugger's proportional
/// font has no glyphs for: boxes on screen (and a panic in a harness that refuses missing
/// glyphs). A counterexample's one-line description of its case, in the notes, said "→"
/// too; it says "to" now.
#[test]
fn the_scrubber_s_hover_text_and_a_found_case_s_notes_use_glyphs_the_fonts_have() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    h.get_by_role_and_label(Role::Slider, "t").hover();
    // The harness panics on a glyph no font has.
    h.run_steps(60);
    assert!(
        h.query_by_label_contains("Time of the drawn ball")
            .is_some(),
        "the hover text is shown"
    );
    h.get_by_label("Find a counterexample for substep").click();
    h.run();
    let notes = h.state().scene().notes.clone();
    assert!(notes.contains(") to ("), "{notes}");
    assert!(!notes.contains('→'), "{notes}");
}

/// With no ball to plot, a drag that began a few points inside the plots' panel (on its
/// contents, not on egui's grab band at the edge) or a click on the edge itself let the
/// panel go: it shrank to its contents and kept that as its share.
#[test]
fn only_a_drag_on_the_grab_band_resizes_a_panel() {
    let mut h = harness_at(
        egui::vec2(1400.0, 900.0),
        DebugApp::new(builtin::default_scene()),
    );
    let canvas = |h: &Harness<DebugApp>| h.get_by_label("Canvas").rect();
    h.state_mut().queue(Command::Action(Action::New));
    h.run();
    let before = canvas(&h);
    let edge = before.bottom();
    // A drag from 6 points below the edge, over the scrubber's row, and a click on the edge.
    let inside = egui::pos2(700.0, edge + 6.0);
    h.drag_at(inside);
    h.run_steps(2);
    h.hover_at(inside + egui::vec2(40.0, -30.0));
    h.run_steps(2);
    h.drop_at(inside + egui::vec2(40.0, -30.0));
    h.run();
    assert_eq!(canvas(&h), before, "a drag begun inside the panel");
    let on_edge = egui::pos2(700.0, edge + 1.0);
    h.drag_at(on_edge);
    h.run_steps(3);
    h.drop_at(on_edge);
    h.run();
    assert_eq!(canvas(&h), before, "a click on the edge");
}

/// An obstacle named with 56 characters pushed the inspector's contents wider than its
/// panel at 800 x 600: the canvas drew over them, the heading and Duplicate went out of
/// sight, and a click on "start x" landed on the canvas.
#[test]
fn a_long_obstacle_name_keeps_the_inspector_in_its_panel() {
    let mut scene = builtin::default_scene();
    let long = "the_first_obstacle_with_a_very_long_name_that_keeps_going";
    let i = scene
        .objects
        .iter()
        .position(|o| !o.shape.is_ball())
        .unwrap_or_else(|| panic!("an obstacle"));
    scene.objects[i].name = long.into();
    scene.variants = vec!["discrete".into(), "substep".into()];
    let mut app = DebugApp::new(scene);
    app.select(Some(0));
    let h = harness_at(egui::vec2(800.0, 600.0), app);
    let canvas = h.get_by_label("Canvas").rect();
    let heading = h.get_by_label("Inspector").rect();
    let field = h.get_by_role_and_label(Role::SpinButton, "start x").rect();
    assert!(
        heading.left() >= canvas.right() - 1.0 && field.left() >= canvas.right() - 1.0,
        "canvas {canvas:?}, heading {heading:?}, start x {field:?}"
    );
    assert!(field.right() <= 800.0, "{field:?}");
}

/// The heat map's colours offered the circle solves in a scene with no circle; chosen,
/// they coloured every start as agreement, which reads as a finding. They are greyed out
/// there, and one chosen in the file says in the key that it compares nothing.
#[test]
fn heat_map_colours_grey_out_a_variant_with_nothing_to_compare() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    h.get_by_label("Layers").click();
    h.run();
    h.get_by_label("Heat map colours").click();
    h.run();
    let disabled =
        |h: &Harness<DebugApp>, label: &str| h.get_by_label(label).accesskit_node().is_disabled();
    assert!(disabled(&h, "Where Billiards pair solve (004) disagrees"));
    assert!(!disabled(&h, "Where Projection test (003) disagrees"));
    assert!(!disabled(&h, "Where Sub-stepping (002) disagrees"));
    h.get_by_label("Where Billiards pair solve (004) disagrees")
        .click();
    h.run();
    assert_eq!(h.state().scene().heat_map.compare, None);
    // From a file: kept, and the key says it compares nothing.
    let mut scene = builtin::default_scene();
    scene.heat_map.shown = true;
    scene.heat_map.compare = Some("billiards".to_owned());
    let mut h = harness(DebugApp::new(scene));
    assert!(has_label_containing(
        &h,
        "compares nothing here: this scene has no circles"
    ));
    // Hovering a cell said "billiards agrees".
    let cam = camera(&h);
    h.hover_at(cam.to_screen(Vec2::new(-30.0, 40.0)));
    h.run();
    assert!(has_label_containing(
        &h,
        "billiards compares nothing here (it handles circles)"
    ));
    assert!(!has_label_containing(&h, "billiards agrees"));
}

/// A captured answer (the scene's `reported` list) was shown nowhere: a parry answer
/// 0.0333 late opened as "agrees". It is judged in the inspector (and listed on the canvas:
/// `draw::layers::contacts`' tests).
#[test]
fn a_reported_answer_is_judged_in_the_inspector() {
    let mut scene = builtin::default_scene();
    scene.reported.push(sweepscope::scene::Reported {
        ball: "ball".into(),
        obstacle: "box".into(),
        by: "my-engine".into(),
        hit: true,
        time: Some(0.4333),
        normal: None,
        started_inside: None,
        detail: "status: Converged".into(),
    });
    let h = harness(DebugApp::new(scene));
    assert!(has_label_containing(&h, "Reported vs exact"));
    assert!(has_label_containing(&h, "t = 0.4333 (exact: 0.4)"));
    assert!(has_label_containing(&h, "status: Converged"));
}

/// Deleting an obstacle an expectation names left the expectation behind: the scene could
/// not be saved ("expect[0]: `obstacle` names no object") and nothing in the debugger
/// fixed it. The expectations and reported answers naming it go with it, in one undo step.
#[test]
fn deleting_an_obstacle_takes_the_expectations_naming_it_along() {
    let mut scene = builtin::default_scene();
    let expected = scene.expect.len();
    assert!(scene.expect.iter().any(|e| e.obstacle == "box"));
    scene.reported.push(sweepscope::scene::Reported {
        ball: "ball".into(),
        obstacle: "box".into(),
        by: "x".into(),
        hit: false,
        time: None,
        normal: None,
        started_inside: None,
        detail: String::new(),
    });
    let mut h = harness(DebugApp::new(scene));
    let box_index = h
        .state()
        .scene()
        .objects
        .iter()
        .position(|o| o.name == "box")
        .unwrap_or_else(|| panic!("a box"));
    h.state_mut().select(Some(box_index));
    h.run();
    h.state_mut().queue(Command::Action(Action::Delete));
    h.run();
    let s = h.state().scene();
    assert!(s.objects.iter().all(|o| o.name != "box"));
    assert!(
        s.expect
            .iter()
            .all(|e| e.obstacle != "box" && e.ball != "box")
    );
    assert!(s.reported.is_empty());
    assert!(sweepscope::scene::validate::validate(s).is_empty());
    assert!(
        h.state()
            .status()
            .contains("1 expectation(s) and 1 reported answer(s) naming it"),
        "{}",
        h.state().status()
    );
    assert!(
        h.state().status().contains("1 reported answer(s)"),
        "{}",
        h.state().status()
    );
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert_eq!(h.state().scene().expect.len(), expected);
    assert_eq!(h.state().scene().reported.len(), 1);
    // The status was about the delete: the undo takes it away.
    assert!(
        !h.state().status().contains("naming it"),
        "{}",
        h.state().status()
    );
    // And the box is selected again, as it was (nothing was).
    assert_eq!(h.state().selected(), Some(box_index));
}

/// A RotatedBox at 90° hit where the same Box grazed (cos of the f32 radian of 90° is
/// -4.4e-8), with nothing on screen to say why. The inspector says so for a nonzero
/// multiple of 90°.
#[test]
fn a_quarter_turned_box_says_it_is_not_exactly_along_the_axes() {
    let mut scene = builtin::default_scene();
    scene.objects.push(sweepscope::scene::Object {
        name: "turned".into(),
        shape: Shape::RotatedBox {
            center: Vec2::new(60.0, 10.0),
            half_extents: Vec2::new(5.0, 10.0),
            angle: 90.0,
        },
    });
    let n = scene.objects.len() - 1;
    let mut h = harness(DebugApp::new(scene));
    h.state_mut().select(Some(n));
    h.run();
    assert!(has_label_containing(
        &h,
        "90° is turned as the f32 angle 1.5707964 rad"
    ));
    // 30° says nothing of the kind.
    let mut scene = builtin::default_scene();
    scene.objects.push(sweepscope::scene::Object {
        name: "tilted".into(),
        shape: Shape::RotatedBox {
            center: Vec2::new(60.0, 10.0),
            half_extents: Vec2::new(5.0, 10.0),
            angle: 30.0,
        },
    });
    let mut h = harness(DebugApp::new(scene));
    h.state_mut().select(Some(n));
    h.run();
    assert!(!has_label_containing(&h, "is turned as the f32 angle"));
}

/// An exact graze read "miss, closest approach 0 at t = 0.5" with nothing to say why a
/// touch is not a hit. The inspector says it is a graze, which the contact rules make a
/// miss.
#[test]
fn a_graze_says_why_it_is_a_miss() {
    let scene = sweepscope::scene::load_scene(std::path::Path::new("scenes/graze-side.ron"))
        .unwrap_or_else(|e| panic!("{e}"));
    let h = harness(DebugApp::new(scene));
    assert!(has_label_containing(
        &h,
        "it touches without overlapping, a graze: not a hit (the contact rules)"
    ));
}

/// There was no zoom from the keyboard (Ctrl+plus scales the whole interface, egui's own):
/// + and − zoom the canvas around its centre.
#[test]
fn plus_and_minus_zoom_the_canvas_around_its_centre() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let before = h.state().view();
    h.key_press(Key::Plus);
    h.run();
    let zoomed = h.state().view();
    assert!(
        zoomed.zoom > before.zoom * 1.1,
        "{} -> {}",
        before.zoom,
        zoomed.zoom
    );
    assert_eq!(zoomed.center, before.center);
    h.key_press(Key::Minus);
    h.run();
    assert!((h.state().view().zoom - before.zoom).abs() < 1e-3 * before.zoom);
    h.key_press(Key::Equals);
    h.run();
    assert!(h.state().view().zoom > before.zoom * 1.1);
}

/// With the Edit menu open, "b" added a ball behind it. An open menu takes plain keys;
/// closed, "b" adds a ball again.
#[test]
fn plain_keys_do_nothing_behind_an_open_menu() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let objects = h.state().scene().objects.len();
    h.get_by_label("Edit").click();
    h.run();
    h.key_press(Key::B);
    h.run();
    assert_eq!(
        h.state().scene().objects.len(),
        objects,
        "no ball behind the menu"
    );
    h.key_press(Key::Escape);
    h.run();
    h.key_press(Key::B);
    h.run();
    assert_eq!(h.state().scene().objects.len(), objects + 1);
}

/// Dragging the radius field 15 points took a ball of 5e-30 to 0.5: a field moved a fixed
/// 0.05 per point whatever the scene's scale. A point dragged moves a length by what a
/// point is on the canvas.
#[test]
fn a_dragged_length_field_moves_by_the_canvas_scale() {
    for scale in [1e-6_f32, 1.0, 1e6] {
        let mut scene = builtin::default_scene();
        for o in &mut scene.objects {
            o.shape = match o.shape {
                Shape::Ball { start, end, radius } => Shape::Ball {
                    start: start * scale,
                    end: end * scale,
                    radius: radius * scale,
                },
                Shape::Box { min, max } => Shape::Box {
                    min: min * scale,
                    max: max * scale,
                },
                Shape::Segment { a, b } => Shape::Segment {
                    a: a * scale,
                    b: b * scale,
                },
                other => other,
            };
        }
        scene.view = sweepscope::scene::View::default();
        let mut h = harness(DebugApp::new(scene));
        h.run();
        let field = h.get_by_role_and_label(Role::SpinButton, "radius").rect();
        let from = field.center();
        drag(&mut h, from, from + egui::vec2(20.0, 0.0));
        let radius = match h.state().scene().objects[0].shape {
            Shape::Ball { radius, .. } => radius,
            other => panic!("{other:?}"),
        };
        // Fitted, the scene is a few hundred points across: 20 points are a few units of
        // the unscaled scene, never a jump across scales.
        let grown = radius / scale - 5.0;
        assert!(
            grown > 0.1 && grown < 10.0,
            "scale {scale:e}: radius {radius:e}"
        );
    }
}

/// Escape in the name field applied the typed name; it leaves the name as it was, as
/// Escape does elsewhere.
#[test]
fn escape_in_the_name_field_keeps_the_old_name() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let name = h.state().scene().objects[0].name.clone();
    // Types over the name, then leaves the field with `key`.
    let rename = |h: &mut Harness<DebugApp>, key: Key| {
        h.get_by_role_and_label(Role::TextInput, "name").click();
        h.run();
        h.key_press_modifiers(Modifiers::COMMAND, Key::A);
        h.run();
        h.get_by_role_and_label(Role::TextInput, "name")
            .type_text("renamed");
        h.run();
        h.key_press(key);
        h.run();
        h.run();
    };
    rename(&mut h, Key::Escape);
    assert_eq!(h.state().scene().objects[0].name, name);
    // Enter applies it.
    rename(&mut h, Key::Enter);
    assert_eq!(h.state().scene().objects[0].name, "renamed");
}

/// Escape in a number field applied what was typed (end y typed over with 99 became 99);
/// it leaves the value as it was, as in the name field.
#[test]
fn escape_in_a_number_field_keeps_the_old_value() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let before = h.state().scene().objects[0].shape;
    for (field, key, changes) in [("end y", Key::Escape, false), ("end y", Key::Enter, true)] {
        h.get_by_role_and_label(Role::SpinButton, field).click();
        h.run();
        h.key_press_modifiers(Modifiers::COMMAND, Key::A);
        h.run();
        h.get_by_role_and_label(Role::SpinButton, field)
            .type_text("99");
        h.run();
        h.key_press(key);
        h.run();
        h.run();
        let now = h.state().scene().objects[0].shape;
        assert_eq!(now != before, changes, "{key:?}: {now:?}");
    }
    assert!(h.state().dirty());
}

/// At 800 × 600 the toolbar wrapped onto a second row (Screenshot and Bug report below the
/// rest), taking the canvas's height. The five add buttons fold into one *+ Add* menu where
/// the row is too narrow for them, and adding from it works as the buttons do.
#[test]
fn a_narrow_window_folds_the_add_buttons_into_one_menu() {
    let mut h = harness_at(
        egui::vec2(800.0, 600.0),
        DebugApp::new(builtin::default_scene()),
    );
    assert!(
        h.query_by_label("+ Ball").is_none(),
        "no separate add buttons"
    );
    let objects = h.state().scene().objects.len();
    h.get_by_label("+ Add").click();
    h.run();
    // A menu entry's name carries its shortcut.
    h.get_by_label_contains("+ Ball").click();
    h.run();
    assert_eq!(h.state().scene().objects.len(), objects + 1);
    // The toolbar is one row: its last button sits level with the first menu.
    let top = |h: &Harness<DebugApp>, label: &str| h.get_by_label(label).rect().top();
    assert_eq!(top(&h, "Bug report…"), top(&h, "File"));
    let wide = harness(DebugApp::new(builtin::default_scene()));
    assert!(wide.query_by_label("+ Ball").is_some());
    assert!(wide.query_by_label("+ Add").is_none());
}

/// User test: with a second ball inspected, clicking an obstacle switched the inspector,
/// the plot and the canvas's variant list back to the first ball.
#[test]
fn selecting_an_obstacle_keeps_the_last_selected_ball_inspected() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/aim-at-corner.ron");
    let scene = sweepscope::scene::load_scene(&path).expect("the curated scene loads");
    let mut h = harness(DebugApp::new(scene));
    assert!(has_label_containing(&h, "ball 'steep'"));
    // The start of "diagonal", then the box's middle.
    let cam = camera(&h);
    let at = cam.to_screen(Vec2::new(40.0, 40.0));
    drag(&mut h, at, at);
    assert_eq!(h.state().selected(), Some(1));
    assert!(has_label_containing(&h, "ball 'diagonal'"));
    let at = cam.to_screen(Vec2::new(10.0, 10.0));
    drag(&mut h, at, at);
    assert_eq!(h.state().selected(), Some(2), "the box is selected");
    assert!(
        has_label_containing(&h, "ball 'diagonal'") && !has_label_containing(&h, "ball 'steep'"),
        "the inspector went back to the first ball"
    );
}

/// User test: the View menu's Plots and Variants panel and the Layers menu's heat map
/// showed no key, where every other menu entry shows its own.
#[test]
fn the_menus_switches_show_their_keys() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    for (menu, label, key) in [
        ("View", "Plots", "P"),
        ("View", "Objects and variants panel", "V"),
        (
            "Layers",
            "Heat map: the ball's motion from every start",
            "H",
        ),
    ] {
        h.get_by_label(menu).click();
        h.run();
        let entry = h.get_by_label(label).rect();
        let shown = h
            .query_all_by_label(key)
            .any(|n| (n.rect().center().y - entry.center().y).abs() < 4.0);
        assert!(shown, "{menu} > {label} shows no key {key}");
        h.key_press(Key::Escape);
        h.run();
    }
}

/// User test: Ctrl-dragging snapped to 5 units while the drawn grid is every 20, and the
/// step showed nowhere. The status bar says it beside what the handle under the pointer
/// does.
#[test]
fn the_status_bar_says_what_ctrl_snaps_a_handle_to() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let cam = camera(&h);
    // The box's top-right corner, (40, 30).
    h.hover_at(cam.to_screen(Vec2::new(40.0, 30.0)));
    h.run();
    let step = sweepscope::app::draw::camera::grid_step(cam.zoom, 20.0);
    assert_eq!(step, 5.0, "at the default scene's zoom");
    assert!(
        has_label_containing(&h, "(Ctrl snaps to 5)"),
        "no snap step in the status bar"
    );
}

/// User test: at 800 x 600 the inspector left the canvas little room and, unlike the
/// variants panel (V) and the plots (P), could not be hidden. I hides and shows it.
#[test]
fn i_hides_and_shows_the_inspector() {
    let mut h = harness_at(
        egui::vec2(800.0, 600.0),
        DebugApp::new(builtin::default_scene()),
    );
    assert!(h.query_by_label("Inspector").is_some());
    let before = h.get_by_label("Canvas").rect().width();
    h.key_press(Key::I);
    h.run();
    assert!(h.query_by_label("Inspector").is_none());
    let after = h.get_by_label("Canvas").rect().width();
    assert!(after > before + 200.0, "{before} -> {after}");
    h.key_press(Key::I);
    h.run();
    assert!(h.query_by_label("Inspector").is_some());
}

/// User test: "readout copied to the clipboard" stayed in the status bar through every
/// edit after it. An edit that says nothing clears it; one that says something replaces it.
#[test]
fn an_edit_clears_the_message_of_what_was_done_before() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    h.state_mut().queue(Command::Action(Action::CopyText));
    h.run();
    assert_eq!(h.state().status(), "readout copied to the clipboard");
    let mut r = h.state().scene().response;
    r.restitution = 0.5;
    h.state_mut()
        .queue(Command::edit(sweepscope::app::Edit::SetResponse(r)));
    h.run();
    assert_eq!(h.state().status(), "");
    // Undo is an edit too, and a refused edit keeps its own message.
    h.state_mut().queue(Command::Action(Action::CopyText));
    h.run();
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert_eq!(h.state().status(), "");
}

/// User test: right-clicking empty canvas offered Delete for the object selected before,
/// which may be far away, without saying which. The menu now names it.
#[test]
fn the_context_menu_names_the_selected_object_it_acts_on() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    h.state_mut().select(Some(1));
    h.run();
    let name = h.state().scene().objects[1].name.clone();
    let rect = h.get_by_label("Canvas").rect();
    // Near the canvas's bottom-right corner, away from the default scene's objects.
    let at = rect.right_bottom() - egui::vec2(30.0, 30.0);
    h.hover_at(at);
    h.run();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Secondary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        h.run();
    }
    assert!(has_label_containing(&h, "Add here"));
    assert!(has_label_containing(&h, &format!("'{name}' (selected)")));
    assert_eq!(h.state().selected(), Some(1));
}

/// User test: with ball2 inspected, deleting an obstacle listed before it and undoing the
/// delete moved the inspector to another ball: the inspected ball's index was not moved
/// back with the restored object.
#[test]
fn undoing_a_delete_keeps_the_inspected_ball() {
    let mut scene = Scene::empty("two balls");
    let obj = |name: &str, shape| sweepscope::scene::Object {
        name: name.into(),
        shape,
    };
    let ball = |y: f32| Shape::Ball {
        start: Vec2::new(-20.0, y),
        end: Vec2::new(20.0, y),
        radius: 2.0,
    };
    scene.objects = vec![
        obj("roller", ball(0.0)),
        obj(
            "box",
            Shape::Box {
                min: Vec2::new(-5.0, -20.0),
                max: Vec2::new(5.0, -10.0),
            },
        ),
        obj(
            "circle",
            Shape::Circle {
                start: Vec2::new(0.0, 30.0),
                end: Vec2::new(0.0, 30.0),
                radius: 3.0,
            },
        ),
        obj("ball2", ball(10.0)),
    ];
    let mut h = harness(DebugApp::new(scene));
    let inspected = |h: &Harness<DebugApp>| {
        let b = h.state().inspected().map(|b| b.object);
        b.and_then(|i| h.state().scene().objects.get(i))
            .map(|o| o.name.clone())
    };
    h.state_mut().select(Some(3));
    h.run();
    assert_eq!(inspected(&h).as_deref(), Some("ball2"));
    // Select the circle (the inspector keeps ball2), delete it, undo.
    h.state_mut().select(Some(2));
    h.run();
    h.state_mut().queue(Command::Action(Action::Delete));
    h.run();
    assert_eq!(inspected(&h).as_deref(), Some("ball2"));
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert_eq!(h.state().scene().objects.len(), 4);
    assert_eq!(inspected(&h).as_deref(), Some("ball2"));
}

/// Two balls on one path draw as one: the object list is the way to the one underneath.
#[test]
fn the_object_list_selects_a_ball_the_canvas_hides() {
    let mut scene = builtin::default_scene();
    let mut twin = scene.objects[0].clone();
    assert!(twin.shape.is_ball());
    twin.name = "twin".to_owned();
    scene.objects.push(twin);
    let mut h = harness(DebugApp::new(scene));
    assert!(
        has_label_containing(&h, "Objects (4)"),
        "the list's heading counts the objects"
    );
    // The list gives each ball its first contact, from the evaluation.
    let twins = h
        .query_all_by_label_contains("hits 'box' at t = 0.4")
        .count();
    assert_eq!(twins, 2, "both balls' first contacts");
    h.get_by_label("twin").click();
    h.run();
    assert_eq!(h.state().selected(), Some(3));
    // The inspector follows the selected ball.
    assert!(has_label_containing(&h, "ball 'twin'"));
    // User test: a second click on the selected row cleared the selection, so the first
    // click on the row a restored session had selected deselected it. It keeps it.
    h.get_by_label("twin").click();
    h.run();
    assert_eq!(h.state().selected(), Some(3));
}

/// The clearance plot kept its zoom when another scene opened: zoomed into a sliver of t,
/// the next scene's plot showed no curve until a double-click. A new document resets it.
#[test]
fn opening_another_scene_resets_the_clearance_plots_zoom() {
    use egui_plot::PlotMemory;
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let id = egui::Id::unique(sweepscope::app::views::plots::CLEARANCE_PLOT);
    let width = |h: &Harness<DebugApp>| PlotMemory::load(&h.ctx, id).map(|m| m.bounds().width());
    let full = width(&h).expect("the plot keeps its bounds");
    assert!(full >= 1.0, "the whole motion: {full}");
    let title = h
        .get_by_label("Clearance (signed distance − r) over t")
        .rect();
    h.hover_at(title.left_bottom() + egui::vec2(400.0, 60.0));
    h.run();
    for _ in 0..6 {
        h.event(egui::Event::Zoom(2.0));
        h.run();
    }
    let zoomed = width(&h).unwrap_or(full);
    assert!(zoomed < full / 8.0, "zoomed in: {zoomed} of {full}");
    h.state_mut().set_document(builtin::default_scene(), None);
    h.run();
    let again = width(&h).unwrap_or(0.0);
    assert!(again >= 1.0, "reset for the new document: {again}");
}

/// Tessellates the last frame's shapes as a window's renderer does (kittest draws
/// nothing): epaint checks its input there.
fn tessellate(h: &Harness<DebugApp>) {
    let out = h.output();
    let _ = h.ctx.tessellate(out.shapes.clone(), out.pixels_per_point);
}

/// Hostile test: a ball whose distance to an obstacle passes f32's range at one moment and
/// not at another gave the clearance plot an infinite sample among finite ones, and
/// epaint's tessellator panicked on the NaN it made ("Comparing NaN vectors"), taking the
/// window and its unsaved edits down; so did typing -3e38 into a ball's start.
#[test]
fn clearances_past_f32s_range_do_not_take_the_plot_down() {
    for text in [
        "(version: 1, objects: [(name: \"ball\", shape: Ball(start: (-2e38, 0.0), end: (-1e38, 0.0), radius: 1.0)), (name: \"b\", shape: Box(min: (2e38, -1.0), max: (2e38, 1.0)))])",
        "(version: 1, objects: [(name: \"ball\", shape: Ball(start: (-3.4e38, -3.4e38), end: (3.4e38, 3.4e38), radius: 1.0)), (name: \"box\", shape: Box(min: (-1.0, -1.0), max: (1.0, 1.0)))])",
    ] {
        let scene =
            sweepscope::scene::parse_scene(text, "hostile.ron").unwrap_or_else(|e| panic!("{e}"));
        let mut h = harness(DebugApp::new(scene));
        h.run();
        tessellate(&h);
        // The near-contact axis, 1e-3 high, under clearances of 1e38.
        h.get_by_label("near contact").click();
        h.run();
        h.run_steps(2);
        tessellate(&h);
    }
    // Typed: the default scene's ball sent to (-3e38, -3e38).
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    type_over(&mut h, Role::SpinButton, "start x", "-3e38");
    type_over(&mut h, Role::SpinButton, "start y", "-3e38");
    h.run_steps(2);
    tessellate(&h);
    let start = match h.state().scene().objects[0].shape {
        Shape::Ball { start, .. } => start,
        ref other => panic!("{other:?}"),
    };
    assert_eq!(start, Vec2::new(-3e38, -3e38));
}

/// Hostile test: one ball bouncing 10,000 times between two walls took 540 ms a frame,
/// the inspector laying out every contact's row and the canvas drawing every leg, dot and
/// number. The list scrolls by itself and the canvas draws a bounded share of the path.
#[test]
fn a_path_of_ten_thousand_contacts_is_listed_and_drawn_in_bounded_work() {
    let text = "(version: 1, objects: [
        (name: \"b0\", shape: Ball(start: (0.0, 0.0), end: (1.0e7, 0.3), radius: 0.4)),
        (name: \"L\", shape: Segment(a: (-10.0, -1.0e6), b: (-10.0, 1.0e6))),
        (name: \"R\", shape: Segment(a: (10.0, -1.0e6), b: (10.0, 1.0e6))),
    ], response: (kind: Reflect, restitution: 1.0, max_bounces: 10000))";
    let scene =
        sweepscope::scene::parse_scene(text, "bounces.ron").unwrap_or_else(|e| panic!("{e}"));
    let h = harness(DebugApp::new(scene));
    let contacts = h.state().evaluation().balls[0].path.contacts.len();
    assert_eq!(contacts, 10_001, "the budget, then the stop");
    assert!(has_label_containing(
        &h,
        "Bounce path: 10001 contacts; max bounces (10000) reached"
    ));
    let rows = h.query_all_by_label_contains(" on L").count()
        + h.query_all_by_label_contains(" on R").count();
    assert!((1..200).contains(&rows), "{rows} rows laid out");
    let drawn = h.state().stats().count(Layer::Path);
    assert!(drawn < 5_000, "{drawn} path shapes");
}

/// Hostile test: a ball at x = 3e38 of radius 1e38 reaches past f32's range; its bounds
/// were infinite, the fit did nothing, and the scene opened on an empty canvas at zoom 4.
#[test]
fn a_scene_reaching_past_f32s_range_is_fitted() {
    let text = "(version: 1, objects: [(name: \"ball\", shape: Ball(start: (3.0e38, 0.0), end: (3.0e38, 10.0), radius: 1.0e38))])";
    let scene = sweepscope::scene::parse_scene(text, "far.ron").unwrap_or_else(|e| panic!("{e}"));
    let h = harness(DebugApp::new(scene));
    let cam = camera(&h);
    let canvas = h.get_by_label("Canvas").rect();
    let at = cam.to_screen(Vec2::new(3.0e38, 5.0));
    assert!(
        canvas.contains(at),
        "the ball at {at:?} in {canvas:?}, zoom {}",
        cam.zoom
    );
    assert!(cam.zoom < 1e-30, "zoomed out to the ball: {}", cam.zoom);
}

/// User test: shrinking the window left the scene cut off until F was pressed. A view
/// that is still the fit (no pan or zoom since) is fitted again to the new canvas; one the
/// user has panned or zoomed is left alone.
#[test]
fn a_fitted_view_is_fitted_again_when_the_window_is_resized() {
    let mut scene = builtin::default_scene();
    scene.view = sweepscope::scene::View::default();
    let mut h = harness(DebugApp::new(scene));
    let inside = |h: &Harness<DebugApp>| {
        let cam = camera(h);
        let canvas = h.get_by_label("Canvas").rect();
        [
            Vec2::new(-3.0, 50.0),
            Vec2::new(40.0, 0.0),
            Vec2::new(-20.0, 60.0),
        ]
        .iter()
        .all(|&p| canvas.contains(cam.to_screen(p)))
    };
    assert!(inside(&h), "fitted on opening");
    let wide = camera(&h).zoom;
    h.set_size(egui::vec2(900.0, 600.0));
    h.run();
    assert!(inside(&h), "fitted again at 900 x 600");
    assert!(camera(&h).zoom < wide);
    // Zoomed in by the user, the view stays theirs through a resize.
    let c = h.get_by_label("Canvas").rect().center();
    h.hover_at(c);
    h.event(egui::Event::Zoom(1.5));
    h.run();
    let theirs = camera(&h).zoom;
    h.set_size(egui::vec2(1000.0, 700.0));
    h.run();
    assert_eq!(camera(&h).zoom, theirs);
}

/// User test: at a large interface scale (Ctrl +) the side panels kept their least widths
/// and covered the canvas and each other. The scale is held to what the window can lay
/// out, said in the status bar, and comes back when the window grows.
#[test]
fn the_interface_scale_is_held_to_what_the_window_can_lay_out() {
    let mut h = harness_at(
        egui::vec2(1400.0, 900.0),
        DebugApp::new(builtin::default_scene()),
    );
    // A window of `w` × `h` pixels: the harness takes its size in points at the scale
    // of the moment, as eframe gives egui the window's pixels over the scale.
    let resize = |h: &mut Harness<DebugApp>, w: f32, ht: f32| {
        let zoom = h.ctx.zoom_factor();
        h.set_size(egui::vec2(w / zoom, ht / zoom));
        h.run();
    };
    h.ctx.set_zoom_factor(2.5);
    h.run();
    // 1400 × 900 pixels hold the least layout (820 × 520 points) 1.7 times.
    assert_eq!(h.ctx.zoom_factor(), 1.7);
    assert!(
        h.state().status().contains("Interface scale held at 170%"),
        "{}",
        h.state().status()
    );
    let canvas = h.get_by_label("Canvas").rect();
    assert!(canvas.width() > 300.0, "{canvas:?}");
    // Smaller: held lower, and never below 1.
    resize(&mut h, 1100.0, 700.0);
    assert_eq!(h.ctx.zoom_factor(), 1.3);
    resize(&mut h, 600.0, 400.0);
    assert_eq!(h.ctx.zoom_factor(), 1.0);
    // Larger again: the scale asked for, as far as the window holds it.
    resize(&mut h, 1900.0, 1200.0);
    assert_eq!(h.ctx.zoom_factor(), 2.3);
    resize(&mut h, 2600.0, 1600.0);
    assert_eq!(h.ctx.zoom_factor(), 2.5);
    // A scale that fits is left alone, and the note of a held one goes (user test: it
    // stayed up after Ctrl+0, naming a scale no longer shown).
    h.ctx.set_zoom_factor(1.2);
    h.run();
    assert_eq!(h.ctx.zoom_factor(), 1.2);
    assert!(
        !h.state().status().contains("Interface scale held"),
        "{}",
        h.state().status()
    );
}

/// User test: with the inspector scrolled down the ball's readout, selecting the box left
/// the box's own fields out of sight above. Each selection opens at its own scroll.
#[test]
fn selecting_another_object_shows_its_fields_from_the_top() {
    let mut h = harness_at(
        egui::vec2(1400.0, 600.0),
        DebugApp::new(builtin::default_scene()),
    );
    h.state_mut().queue(Command::Select(Some(0)));
    h.run();
    let name_top = |h: &Harness<DebugApp>| {
        h.get_by_role_and_label(Role::TextInput, "name")
            .rect()
            .top()
    };
    let before = name_top(&h);
    scroll_down(&mut h, egui::pos2(1300.0, 300.0), 10);
    assert!(name_top(&h) < before - 100.0, "scrolled: {}", name_top(&h));
    h.state_mut().queue(Command::Select(Some(1)));
    h.run();
    assert_eq!(name_top(&h), before);
}

/// User test: sliding over the seam between two floor boxes, the second box's contact with
/// the straight motion (which the ball never reaches: the path turned on the first box)
/// was drawn and listed as a hit like any other, and read as a ghost collision at the
/// seam. It is said to be off the path, in the inspector and under the plot.
#[test]
fn a_contact_the_bounce_path_never_reaches_is_said_so() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/seam-slide.ron");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{e}"));
    let scene =
        sweepscope::scene::parse_scene(&text, "seam-slide.ron").unwrap_or_else(|e| panic!("{e}"));
    let mut app = DebugApp::new(scene.clone());
    app.select(Some(0));
    let h = harness(app);
    let ball = &h.state().evaluation().balls[0];
    // On A at t = 0.375 (centre (-10, 5)); the straight motion meets B's corner later.
    assert_eq!(ball.turns_at(), Some(0.375));
    let b_time = ball.pairs[1].hit.map(|h| h.time).unwrap_or_default();
    assert!(b_time > 0.375 && !ball.on_path(b_time), "{b_time}");
    assert!(ball.on_path(0.375));
    assert!(has_label_containing(
        &h,
        "not reached: the bounce path turns at t = 0.375 first"
    ));
    assert!(has_label_containing(
        &h,
        "Along the straight motion, each obstacle alone; the bounce path leaves it at t = 0.375."
    ));
    // Crossing, the path is the straight motion: every contact is on it.
    let mut crossing = scene;
    crossing.response.kind = sweepscope::scene::ResponseKind::Cross;
    let h = harness(DebugApp::new(crossing));
    let ball = &h.state().evaluation().balls[0];
    assert_eq!(ball.turns_at(), None);
    assert!(ball.on_path(b_time));
    assert!(!has_label_containing(&h, "not reached"));
}

/// User test: a ball starting 8 deep in a box that slides (or stops) stays there, and the
/// path's end read like any other: it is said to end inside, and how deep.
#[test]
fn a_path_that_ends_inside_an_obstacle_says_so() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/start-inside.ron");
    let mut scene = sweepscope::scene::load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    scene.response.kind = sweepscope::scene::ResponseKind::Slide;
    let mut app = DebugApp::new(scene);
    app.select(Some(0));
    let h = harness(app);
    let ball = &h.state().evaluation().balls[0];
    // Its centre (3, 10) is 3 from the box's left side: 5 + 3 = 8 deep.
    assert_eq!(ball.end_overlaps(), &[(2, 8.0)]);
    assert!(has_label_containing(&h, "ends inside 'box', 8 deep"));
    // The edge ball leaves the box: not inside at its end.
    assert!(h.state().evaluation().balls[1].end_overlaps().is_empty());
}

/// User test: a scene the hunter saved enables its variant and records the variant's
/// answer as reported, and the inspector gave the same long why under both. The
/// reported one points to the variant's.
#[test]
fn a_reported_answer_that_is_its_variants_own_does_not_repeat_the_why() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/thin-wall.ron");
    let mut scene = sweepscope::scene::load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    scene.variants = vec!["substep".into()];
    scene.reported = vec![sweepscope::scene::Reported {
        ball: "ball".into(),
        obstacle: "wall".into(),
        by: "substep".into(),
        hit: true,
        time: Some(0.5),
        normal: Some(Vec2::new(-1.0, 0.0)),
        started_inside: Some(false),
        detail: String::new(),
    }];
    let mut app = DebugApp::new(scene);
    app.select(Some(0));
    let h = harness(app);
    let ball = &h.state().evaluation().balls[0];
    assert_eq!(
        ball.variants[0].why, ball.reported[0].why,
        "control: the same why"
    );
    assert!(has_label_containing(&h, "why: as for the variant above"));
}

/// User test: at an interface scale of 150% the status bar read the camera's points per
/// unit as pixels per unit, two thirds of what the screen showed. It reads pixels, and
/// says the points (a scene's `view.zoom`) on hover.
#[test]
fn the_zoom_readout_counts_pixels_at_the_interface_scale() {
    let mut h = harness_at(
        egui::vec2(1400.0, 900.0),
        DebugApp::new(builtin::default_scene()),
    );
    let readout = |h: &Harness<DebugApp>| {
        let node = h.get_by_label_contains("px/unit");
        let node = node.accesskit_node();
        let label = node.label().or(node.value()).unwrap_or_default();
        let number = label
            .trim_start_matches("zoom ")
            .trim_end_matches(" px/unit")
            .to_owned();
        number.parse::<f32>().unwrap_or_else(|_| panic!("{label}"))
    };
    let points = camera(&h).zoom;
    assert!(
        (readout(&h) - points).abs() <= points * 1e-3,
        "{}",
        readout(&h)
    );
    h.ctx.set_zoom_factor(1.5);
    h.run();
    let points = camera(&h).zoom;
    let shown = readout(&h);
    assert!(
        (shown - points * 1.5).abs() <= points * 1e-3,
        "{shown} px/unit for {points} points per unit at 150%"
    );
}

/// User test: at 640 × 420, the window's own least size then, the transport row was
/// drawn over the variants and the inspector's labels over the canvas, with nothing said.
/// The window's least size is the least layout (820 × 520); a window made smaller anyway
/// (no window manager holds it) is told so in the status bar, until it is enlarged.
#[test]
fn a_window_smaller_than_the_least_layout_is_told_so() {
    let mut h = harness_at(
        egui::vec2(640.0, 420.0),
        DebugApp::new(builtin::default_scene()),
    );
    h.run();
    let status = h.state().status().to_owned();
    assert!(
        status
            .contains("The window is smaller than the panels lay out in (640 × 420 of 820 × 520)"),
        "{status}"
    );
    h.set_size(egui::vec2(1000.0, 700.0));
    h.run();
    assert!(
        !h.state().status().contains("smaller than"),
        "{}",
        h.state().status()
    );
    assert_eq!(sweepscope::cli::args::LEAST_WINDOW, [820, 520]);
}

/// User test: with *Object names* off the regions lost their codes (`1001 tl`), which the
/// names switch's own tooltip says go with their layer; and *Regions of every box* alone
/// drew nothing. The codes are the regions layer's, and every box's regions draw alone.
#[test]
fn region_codes_are_the_regions_layers_and_every_box_draws_alone() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let regions = |h: &Harness<DebugApp>| h.state().stats().count(Layer::Regions);
    let set = |h: &mut Harness<DebugApp>, f: &dyn Fn(&mut sweepscope::scene::Layers)| {
        let mut l = h.state().scene().layers;
        f(&mut l);
        h.state_mut().queue(Command::edit(Edit::SetLayers(l)));
        h.run();
    };
    let with_names = regions(&h);
    assert!(with_names > 0);
    set(&mut h, &|l| l.labels = false);
    assert_eq!(regions(&h), with_names, "the codes went with the names");
    set(&mut h, &|l| {
        l.regions = false;
        l.regions_all = true;
    });
    assert!(regions(&h) > 0, "every box's regions drew nothing alone");
    set(&mut h, &|l| l.regions_all = false);
    assert_eq!(regions(&h), 0);
}

/// User test: a window shrunk from 1400 × 900 to the least layout (820 × 520) kept the
/// plots' share of its height, less than the scrubber, the plot's title, note and key and
/// egui_plot's least plot took: the plot ran down under the status bar and the canvas and
/// the side panels were laid over the transport row. Everything in the timeline now fits
/// the height it is given.
#[test]
fn the_timeline_fits_its_share_of_a_window_shrunk_to_the_least_layout() {
    let path = format!("{}/scenes/thin-wall.ron", env!("CARGO_MANIFEST_DIR"));
    let scene = sweepscope::scene::load_scene(std::path::Path::new(&path))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness_at(egui::vec2(1400.0, 900.0), DebugApp::new(scene));
    h.set_size(egui::vec2(820.0, 520.0));
    h.run();
    h.run();
    let play = h.get_by_label("Play").rect();
    let canvas = h.get_by_label("Canvas").rect();
    assert!(
        canvas.bottom() <= play.top(),
        "the canvas {canvas:?} reaches over the transport row {play:?}"
    );
    // And a window opened at that size.
    let path = std::path::Path::new(&path);
    let scene = sweepscope::scene::load_scene(path).unwrap_or_else(|e| panic!("{e}"));
    let h = harness_at(egui::vec2(820.0, 520.0), DebugApp::new(scene));
    let (play, canvas) = (
        h.get_by_label("Play").rect(),
        h.get_by_label("Canvas").rect(),
    );
    assert!(canvas.bottom() <= play.top(), "{canvas:?} {play:?}");
}
