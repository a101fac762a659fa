//! The simulation view driven through its UI with egui_kittest (no display needed).

#![cfg(feature = "gui")]

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use glam::{DVec2, Vec2};
use sweepscope::app::sim_view::SimView;
use sweepscope::app::{Action, Command, DebugApp, Mode};
use sweepscope::geom::Aabb;
use sweepscope::scene::{Scene, Simulation};
use sweepscope::sim::{DiscInit, World};
use sweepscope::variants::loop_comparison::DivergenceKind;

mod app_support;
use app_support::type_over;

fn harness(app: DebugApp) -> Harness<'static, DebugApp> {
    harness_at(egui::vec2(1400.0, 900.0), app)
}

fn harness_at(size: egui::Vec2, app: DebugApp) -> Harness<'static, DebugApp> {
    Harness::builder()
        .with_size(size)
        .with_step_dt(1.0 / 60.0)
        .build_ui_state(|ui, a: &mut DebugApp| a.ui(ui), app)
}

/// The debugger in the simulation view on a scene whose simulation starts as `world` is.
fn sim_app(world: World) -> DebugApp {
    let mut scene = Scene::empty("sim");
    scene.simulation = Some(Simulation::from_world(&world, 10.0));
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    app.advance_simulation(0.0);
    app
}

fn sim<'a>(h: &'a Harness<'_, DebugApp>) -> &'a SimView {
    h.state().sim_view()
}

/// A small seeded world with plenty of collisions.
fn busy_world() -> World {
    let b = Aabb::new(Vec2::ZERO, Vec2::new(30.0, 20.0));
    World::random(40, 0.35, 11, b).unwrap_or_else(|e| panic!("{e}"))
}

/// Every disc's position and velocity, bit for bit.
fn state_bits(v: &SimView) -> Vec<[u64; 4]> {
    let w = v.world().unwrap_or_else(|| panic!("no world"));
    w.discs()
        .map(|d| {
            [
                d.position.x.to_bits(),
                d.position.y.to_bits(),
                d.velocity.x.to_bits(),
                d.velocity.y.to_bits(),
            ]
        })
        .collect()
}

#[test]
fn next_event_advances_count_and_time() {
    let mut h = harness(sim_app(busy_world()));
    h.run();
    assert_eq!(sim(&h).collisions(), 0);
    assert_eq!(sim(&h).time(), 0.0);
    let mut last_time = 0.0;
    for n in 1..=5 {
        h.get_by_label("Next event").click();
        h.run();
        let v = sim(&h);
        assert_eq!(v.collisions(), n);
        assert!(v.time() > last_time || (n > 1 && v.time() == last_time));
        last_time = v.time();
        assert_eq!(v.timeline().map(|t| t.log_end()), Some(n as usize));
    }
    assert!(last_time > 0.0);
}

#[test]
fn previous_event_restores_the_identical_state() {
    let mut h = harness(sim_app(busy_world()));
    h.run();
    let origin = state_bits(sim(&h));
    let mut states = vec![origin];
    for _ in 0..6 {
        h.get_by_label("Next event").click();
        h.run();
        states.push(state_bits(sim(&h)));
    }
    // Play past the last event (over more collisions), then walk back one event at a
    // time: the first press lands on the newest collision before now, each further press
    // on the one before, down to the origin.
    h.state_mut().sim_view_mut().advance(0.8);
    h.run();
    let passed = sim(&h).collisions();
    assert!(passed > 6, "{passed}");
    for expect in (1..=passed).rev() {
        h.get_by_label("Previous event").click();
        h.run();
        assert_eq!(sim(&h).collisions(), expect);
        if let Some(s) = states.get(expect as usize) {
            assert_eq!(&state_bits(sim(&h)), s, "back to after collision {expect}");
        }
    }
    h.get_by_label("Previous event").click();
    h.run();
    assert_eq!(state_bits(sim(&h)), states[0]);
    assert_eq!(sim(&h).time(), 0.0);
    // And forward again through the log gives the same states too.
    for state in states.iter().skip(1) {
        h.get_by_label("Next event").click();
        h.run();
        assert_eq!(&state_bits(sim(&h)), state);
    }
}

#[test]
fn clicking_a_log_row_jumps_to_that_event() {
    let mut app = sim_app(busy_world());
    app.advance_simulation(4.0);
    let view = app.sim_view();
    let end = view.timeline().map_or(0, |t| t.log_end());
    assert!(end > 4, "{end} collisions");
    // The log sticks to its newest rows; jump back to one of those that is re-simulated
    // from a keyframe. Reference: a fresh engine run to the same logged collision.
    let k = end - 3;
    let seq = view
        .timeline()
        .and_then(|t| t.logged(k))
        .map(|l| l.seq)
        .unwrap_or_else(|| panic!("event {k} logged"));
    let mut plain = busy_world();
    plain.run_events(seq);
    let label = view.event_row_label(k).unwrap_or_else(|| panic!("row {k}"));
    let mut h = harness(app);
    h.run();
    h.get_by_label(&label).click();
    h.run();
    let v = sim(&h);
    let w = v.world().unwrap_or_else(|| panic!("world"));
    assert_eq!(w.counts().total(), seq);
    assert_eq!(v.collisions(), k as u64 + 1);
    let got: Vec<DVec2> = w.discs().map(|d| d.position).collect();
    let want: Vec<DVec2> = plain.discs().map(|d| d.position).collect();
    assert_eq!(got, want);
    assert_eq!(v.timeline().and_then(|t| t.current_index()), Some(k));
}

#[test]
fn fill_button_creates_n_discs_as_an_undoable_edit() {
    // A scene without a simulation: filling creates one, saved with the scene.
    let mut app = DebugApp::new(Scene::empty("empty"));
    app.set_mode(Mode::Simulation);
    let mut h = harness(app);
    h.run();
    assert!(sim(&h).world().is_none());
    h.get_by_role_and_label(Role::SpinButton, "Discs")
        .set_value_accesskit(123.0);
    h.run();
    h.get_by_label("Fill").click();
    h.run();
    let w = sim(&h).world().unwrap_or_else(|| panic!("world"));
    assert_eq!(w.len(), 123);
    assert_eq!(sim(&h).time(), 0.0);
    assert!(h.state().dirty(), "a fill is an unsaved change");
    let discs = h.state().scene().simulation.as_ref().map(|s| s.discs.len());
    assert_eq!(discs, Some(123), "the scene holds what is on screen");
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert!(!h.state().dirty());
    assert!(h.state().scene().simulation.is_none());
    assert!(sim(&h).world().is_none());
}

#[test]
fn fill_keeps_the_scenes_static_obstacles() {
    let mut scene = sweepscope::scene::io::load_scene(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/sim-billiards.ron"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let obstacles = scene.objects.clone();
    scene.name = "fill".into();
    let (setup, _) = SimView::fill_setup(&scene, 300, 0.3, 7).unwrap_or_else(|e| panic!("{e}"));
    assert!(!setup.discs.is_empty());
    let mut app = DebugApp::new(scene);
    app.queue(Command::edit(sweepscope::app::Edit::SetSimulation(Some(
        setup,
    ))));
    let mut h = harness(app);
    h.run();
    assert_eq!(h.state().scene().objects, obstacles);
    let w = sim(&h).world().unwrap_or_else(|| panic!("world"));
    assert_eq!(w.solids().len(), 3, "two blocks and the rail");
}

#[test]
fn spawn_by_dragging_on_the_canvas() {
    let b = Aabb::new(Vec2::ZERO, Vec2::new(80.0, 50.0));
    let mut app = sim_app(World::random(60, 0.25, 1, b).unwrap_or_else(|e| panic!("{e}")));
    app.sim_view_mut().settings.tool = sweepscope::app::sim_view::Tool::Spawn;
    let before = app.sim_view().world().map_or(0, World::len);
    let mut h = harness(app);
    h.run();
    let c = h.get_by_label("Simulation canvas").rect().center();
    drag(&mut h, c, c + egui::vec2(40.0, -30.0));
    let w = sim(&h).world().unwrap_or_else(|| panic!("world"));
    assert_eq!(w.len(), before + 1);
    let d = w.disc(before).unwrap_or_else(|| panic!("new disc"));
    // Spawned where the drag began: the canvas centre, which the fitted camera puts at the
    // middle of the 80 × 50 walls.
    assert!(
        (d.position - DVec2::new(40.0, 25.0)).length() < 1e-3,
        "{:?}",
        d.position
    );
    // Dragged right and up on screen (y-up world): velocity points +x, +y, in ratio 4:3.
    assert!(d.velocity.x > 0.0 && d.velocity.y > 0.0, "{:?}", d.velocity);
    assert!((d.velocity.y / d.velocity.x - 0.75).abs() < 1e-6);
    assert_eq!(sim(&h).selected(), Some(before));
    assert!(h.state().dirty(), "a spawn is an unsaved change");
    let discs = h.state().scene().simulation.as_ref().map(|s| s.discs.len());
    assert_eq!(discs, Some(before + 1));
}

/// Spawning on top of a disc made the new one overlap it, and the scene then refused to
/// be saved ("disc 17 overlaps disc 4 at the start"). Such a spawn is refused, with why.
#[test]
fn a_spawn_on_top_of_a_disc_is_refused_and_the_scene_stays_saveable() {
    let b = Aabb::new(Vec2::ZERO, Vec2::new(80.0, 50.0));
    // A disc at the middle of the walls, where the fitted camera puts the canvas centre.
    let disc = DiscInit::new(DVec2::new(40.0, 25.0), DVec2::new(1.0, 0.0), 1.0);
    let mut app = sim_app(World::new(b, &[disc], &[]).unwrap_or_else(|e| panic!("{e}")));
    app.sim_view_mut().settings.tool = sweepscope::app::sim_view::Tool::Spawn;
    let mut h = harness(app);
    h.run();
    let dirty = h.state().dirty();
    let c = h.get_by_label("Simulation canvas").rect().center();
    drag(&mut h, c, c + egui::vec2(40.0, -30.0));
    assert_eq!(
        sim(&h).world().map(World::len),
        Some(1),
        "no disc was added"
    );
    assert_eq!(h.state().dirty(), dirty, "nothing changed");
    assert!(
        h.query_by_label_contains("refused: the new disc overlaps disc 0")
            .is_some()
    );
    // Clear of it, the spawn is made.
    drag(
        &mut h,
        c + egui::vec2(0.0, 150.0),
        c + egui::vec2(40.0, 120.0),
    );
    assert_eq!(sim(&h).world().map(World::len), Some(2));
    assert!(sweepscope::scene::validate(h.state().scene()).is_empty());
    // Undone, the run before comes back without the refusal it showed then.
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert_eq!(sim(&h).world().map(World::len), Some(1));
    assert!(
        !sim(&h).message().unwrap_or_default().contains("refused"),
        "{:?}",
        sim(&h).message()
    );
}

#[test]
fn published_loop_on_a_vertical_pair_reports_nan() {
    // Centres vertically aligned 4.326 apart, closing at 2/s: contact at t = 1.163.
    let b = Aabb::new(Vec2::ZERO, Vec2::new(20.0, 20.0));
    let discs = [
        DiscInit::new(DVec2::new(10.0, 12.163), DVec2::new(0.0, -1.0), 1.0),
        DiscInit::new(DVec2::new(10.0, 7.837), DVec2::new(0.0, 1.0), 1.0),
    ];
    let world = World::new(b, &discs, &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut app = sim_app(world);
    app.sim_view_mut().settings.speed = 1.0;
    let mut h = harness(app);
    h.run();
    h.get_by_label("Compare with published loop").click();
    h.run();
    assert!(sim(&h).divergences().is_empty());
    h.get_by_label("Play").click();
    // 1.5 s of frames at 60 Hz.
    h.run_steps(90);
    let v = sim(&h);
    assert!(v.time() > 1.2, "t = {}", v.time());
    let nan: Vec<_> = v
        .divergences()
        .iter()
        .filter(|d| d.kind == DivergenceKind::NanVelocity)
        .collect();
    assert_eq!(nan.len(), 2, "{:?}", v.divergences());
    assert!((nan[0].time - 70.0 / 60.0).abs() < 1e-9);
    // The exact engine resolved the same contact cleanly: the discs bounced apart.
    let w = v.world().unwrap_or_else(|| panic!("world"));
    let d0 = w.disc(0).unwrap_or_else(|| panic!("disc 0"));
    assert_eq!(d0.velocity, DVec2::new(0.0, 1.0));
    // The first divergence is shown.
    let shown = format!("first divergence at t = {:.4}", nan[0].time);
    h.get_by_label(&shown);
}

/// "no divergence so far" stood beside "largest position gap: 1.182e1": a user read it as
/// the runs agreeing. A divergence is one of the loop's failures, and the panel says so.
#[test]
fn no_divergence_says_what_a_divergence_is_beside_a_position_gap() {
    let mut app = sim_app(busy_world());
    app.sim_view_mut().settings.speed = 1.0;
    let mut h = harness(app);
    h.run();
    h.get_by_label("Compare with published loop").click();
    h.run();
    h.get_by_label("Play").click();
    h.run_steps(30);
    assert!(
        sim(&h).divergences().is_empty(),
        "{:?}",
        sim(&h).divergences()
    );
    assert!(h.query_by_label_contains("largest position gap").is_some());
    assert!(
        h.query_by_label_contains("none of the loop's failures so far (NaN velocity")
            .is_some()
    );
    // Without obstacles or restitution, the runs are alike.
    assert!(h.query_by_label_contains("Not like for like").is_none());
    assert!(
        h.query_by_label_contains("the positions can still drift apart")
            .is_some()
    );
}

#[test]
fn frame_measurement_runs_headless() {
    // Only that it runs the real view and returns sane statistics; speed is for release
    // builds (`sweepscope --frames N` on the standalone window branch).
    let s = sweepscope::app::shell::perf::measure_frames(100, 8);
    assert!(s.median_ms > 0.0 && s.median_ms.is_finite(), "{s:?}");
    assert!(s.p99_ms >= s.median_ms, "{s:?}");
}

#[test]
fn every_simulation_scene_opens_in_the_view() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut opened = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{e}")) {
        let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !(name.starts_with("sim-") && name.ends_with(".ron")) {
            continue;
        }
        let scene =
            sweepscope::scene::io::load_scene(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let discs = scene.simulation.as_ref().map_or(0, |s| s.discs.len());
        let app = DebugApp::new(scene);
        assert_eq!(app.mode(), Mode::Simulation, "{name}");
        let mut h = harness(app);
        h.run();
        h.get_by_label("Next event").click();
        h.run();
        let v = sim(&h);
        assert_eq!(v.world().map(World::len), Some(discs), "{name}");
        assert_eq!(v.collisions(), 1, "{name}");
        opened += 1;
    }
    assert!(opened > 0, "no scenes/sim-*.ron found");
}

#[test]
fn spawn_and_fill_mark_the_scene_unsaved_and_save_writes_the_discs_on_screen() {
    // The bug: Spawn and Fill never marked the scene unsaved, Ctrl+S wrote the original
    // discs, Fill deleted the static obstacles and neither could be undone.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("app-sim-save");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let file = dir.join("billiards.ron");
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/sim-billiards.ron");
    std::fs::copy(&src, &file).unwrap_or_else(|e| panic!("{e}"));
    let scene = sweepscope::scene::load_scene(&file).unwrap_or_else(|e| panic!("{e}"));
    let obstacles = scene.objects.clone();
    let mut app = DebugApp::new(Scene::empty(""));
    app.set_document(scene, Some(&file));
    app.set_mode(Mode::Simulation);
    let mut h = harness(app);
    h.run();
    assert!(!h.state().dirty());
    h.get_by_role_and_label(Role::SpinButton, "Discs")
        .set_value_accesskit(150.0);
    h.run();
    h.get_by_label("Fill").click();
    h.run();
    assert!(h.state().dirty(), "a fill is an unsaved change");
    let filled = sim(&h).world().map_or(0, World::len);
    assert!(filled > 100, "{filled}");
    // Ctrl+S writes what is on screen, obstacles included.
    h.state_mut().queue(Command::Action(Action::Save));
    h.run();
    assert!(!h.state().dirty(), "{:?}", h.state().banner());
    let saved = sweepscope::scene::load_scene(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(saved.simulation.map(|s| s.discs.len()), Some(filled));
    assert_eq!(saved.objects, obstacles);
    // A spawn is an unsaved change too, and undoes to the filled discs.
    h.state_mut().sim_view_mut().settings.tool = sweepscope::app::sim_view::Tool::Spawn;
    h.run();
    let c = free_point(&h);
    drag(&mut h, c, c + egui::vec2(30.0, 0.0));
    assert!(h.state().dirty(), "a spawn is an unsaved change");
    assert_eq!(sim(&h).world().map_or(0, World::len), filled + 1);
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert_eq!(sim(&h).world().map_or(0, World::len), filled);
    assert!(!h.state().dirty(), "back to the saved content");
}

#[test]
fn the_event_log_scrolls_to_the_current_event_after_a_scrub_back() {
    // The bug: the log stayed stuck to its newest rows while the scrubber went back; the
    // current event's row was highlighted but out of view.
    let mut app = sim_app(busy_world());
    app.advance_simulation(30.0);
    let end = app.sim_view().timeline().map_or(0, |t| t.log_end());
    assert!(
        end > 200,
        "{end} collisions: more than the log shows at once"
    );
    let mut h = harness(app);
    h.run();
    let k = end / 3;
    let seq_time = sim(&h)
        .timeline()
        .and_then(|t| t.logged(k))
        .map(|l| l.event.time)
        .unwrap_or_else(|| panic!("event {k} logged"));
    h.state_mut().sim_view_mut().scrub_to(seq_time);
    h.run();
    let current = sim(&h).timeline().and_then(|t| t.current_index());
    let current = current.unwrap_or_else(|| panic!("a current event"));
    assert!(current + 50 < end, "{current} of {end}");
    let label = sim(&h)
        .event_row_label(current)
        .unwrap_or_else(|| panic!("row {current}"));
    // Only rows in view are laid out (`show_rows`): the row is found only if shown.
    assert!(h.query_by_label(&label).is_some(), "{label} is in view");
    // Near the end too: the bug's second half was an offset short of the log's real
    // bottom, so the last ten or so events could not be scrolled into view.
    let near_end = end - 4;
    let time = sim(&h)
        .timeline()
        .and_then(|t| t.logged(near_end))
        .map(|l| l.event.time)
        .unwrap_or_else(|| panic!("event {near_end} logged"));
    h.state_mut().sim_view_mut().scrub_to(time);
    // The scroll eases to its new offset over a few frames.
    h.run_steps(30);
    let current = sim(&h).timeline().and_then(|t| t.current_index());
    let current = current.unwrap_or_else(|| panic!("a current event"));
    assert!(current + 1 < end, "{current} of {end}: not the newest");
    let label = sim(&h)
        .event_row_label(current)
        .unwrap_or_else(|| panic!("row {current}"));
    let row = h.get_by_label(&label).rect();
    let log = h.get_by_label("Event log").rect();
    assert!(
        row.bottom() <= 900.0 && row.top() >= log.bottom(),
        "{label} at {row:?}"
    );
}

#[test]
fn a_fill_that_leaves_discs_out_says_how_many() {
    // The bug: `--sim-discs 300` opened with 205 discs beside a Discs field of 300, and
    // nothing said why (the Fill button said it; the command-line fill did not). The
    // window's `--sim-discs` calls `fill_simulation`.
    let scene = sweepscope::scene::io::load_scene(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/sim-billiards.ron"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let (_, left_out) = SimView::fill_setup(&scene, 300, 0.3, 1).unwrap_or_else(|e| panic!("{e}"));
    assert!(left_out > 0, "the blocks take some places");
    let there = scene.simulation.as_ref().map_or(0, |s| s.discs.len());
    assert!(there > 0, "the scene has discs of its own");
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    let ctx = egui::Context::default();
    app.fill_simulation(&ctx, 300)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(app.dirty(), "an edit of the scene");
    let mut h = harness(app);
    h.run();
    assert_eq!(sim(&h).settings.fill_count, 300);
    assert_eq!(sim(&h).world().map(|w| w.len()), Some(300 - left_out));
    // User test: a fill replaced a hand-spawned disc without a word; it says so.
    let said = format!(
        "fill: {} random disc(s) replaced the {there} there were; {left_out} left out where \
         they would overlap an obstacle",
        300 - left_out
    );
    assert!(h.query_by_label(&said).is_some(), "{said}");
}

/// User test: after a fill, "Selected disc: disc 0" named a disc of the new random set,
/// another disc than the one selected. A fill drops the selection.
#[test]
fn a_fill_drops_the_selected_disc() {
    let scene = sweepscope::scene::io::load_scene(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/sim-billiards.ron"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    let mut h = harness(app);
    h.run();
    h.state_mut().sim_view_mut().select(Some(0));
    h.run();
    assert_eq!(sim(&h).selected(), Some(0));
    h.get_by_label("Fill").click();
    h.run();
    assert_eq!(sim(&h).selected(), None);
}

/// The three plots share the width below the canvas. In a narrow window each names its
/// series above it in their colours instead of a legend inside it, which covered most of a
/// 200-point plot (at 1000 × 650 the energy drift's legend was cut at the plot's left
/// edge); before the run has samples a line says what will be plotted, not three empty
/// plots with axes reading "-0".
#[test]
fn narrow_simulation_plots_name_their_series_above_them_and_an_empty_run_says_what_comes() {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1000.0, 650.0))
        .with_step_dt(1.0 / 60.0)
        .build_ui_state(|ui, a: &mut DebugApp| a.ui(ui), sim_app(busy_world()));
    h.run();
    let hint = "are plotted here once the run has started";
    assert!(h.query_by_label_contains(hint).is_some());
    h.state_mut().sim_view_mut().advance(0.5);
    h.run();
    h.state_mut().sim_view_mut().advance(0.5);
    h.run();
    assert!(h.query_by_label_contains(hint).is_none());
    let title = h.get_by_label("momentum y").rect();
    let log = h.get_by_label("Event log").rect();
    // Above the plots, in the bottom panel (below the canvas), left of the event log.
    assert!(
        title.top() > 390.0 && title.right() < log.left(),
        "{title:?}"
    );
    assert!(h.query_by_label_contains("energy change").is_some());
    // User test: the series read "events per frame" and sat at 43,000 while the panel
    // said the frame's cap of 100,000 events was reached (the cap counts cell crossings,
    // the series does not): it is named for what it counts.
    assert!(h.query_by_label("collisions per frame").is_some());
    assert!(h.query_by_label("events per frame").is_none());
}

/// 30 random discs in 80 × 50 walls, run to t = 1.5, with the Spawn tool chosen.
fn spawning_at_1_5() -> Harness<'static, DebugApp> {
    let b = Aabb::new(Vec2::ZERO, Vec2::new(80.0, 50.0));
    let mut app = sim_app(World::random(30, 0.2, 3, b).unwrap_or_else(|e| panic!("{e}")));
    app.sim_view_mut().advance(1.5);
    app.sim_view_mut().settings.tool = sweepscope::app::sim_view::Tool::Spawn;
    let mut h = harness(app);
    h.run();
    h
}

/// A drag with the primary button on the canvas from `from` to `to`, as the Spawn tool
/// takes it (a drag is only recognised once the pointer has moved).
fn drag(h: &mut Harness<'_, DebugApp>, from: egui::Pos2, to: egui::Pos2) {
    h.drag_at(from);
    h.run_steps(2);
    h.hover_at(to);
    h.run_steps(2);
    h.drop_at(to);
    h.run();
}

/// A point of the canvas where the Spawn tool's disc overlaps no disc and no obstacle,
/// searched outward from the centre (a spawn on top of one is refused).
fn free_point(h: &Harness<'_, DebugApp>) -> egui::Pos2 {
    let rect = h.get_by_label("Simulation canvas").rect();
    let cam = sweepscope::app::draw::camera::Camera::new(rect, &sim(h).canvas.view);
    let r = sim(h).settings.spawn_radius;
    let world = sim(h).world().unwrap_or_else(|| panic!("no world"));
    let (lo, hi) = world.bounds();
    let obstacles: Vec<_> = h
        .state()
        .scene()
        .objects
        .iter()
        .filter_map(|o| o.shape.obstacle())
        .collect();
    let free = |p: egui::Pos2| {
        let w = cam.to_world_f64(p);
        let margin = DVec2::splat(r);
        w.cmpge(lo + margin).all()
            && w.cmple(hi - margin).all()
            && world
                .discs()
                .all(|d| (d.position - w).length() > d.radius + r + 0.5)
            && obstacles
                .iter()
                .all(|o| f64::from(o.distance_at(w.as_vec2(), 0.0)) > r + 0.5)
    };
    (0..40)
        .flat_map(|ring| {
            (0..16).map(move |k| {
                let a = k as f32 * std::f32::consts::TAU / 16.0;
                rect.center() + egui::vec2(a.cos(), a.sin()) * (ring as f32 * 8.0)
            })
        })
        .find(|&p| free(p))
        .unwrap_or_else(|| panic!("no free point on the canvas"))
}

/// Whether the button labelled `label` can be pressed.
fn enabled(h: &Harness<'_, DebugApp>, label: &str) -> bool {
    !h.get_by_label(label).accesskit_node().is_disabled()
}

#[test]
fn a_scene_without_a_simulation_shows_its_walls_says_how_to_start_and_spawns_the_first_disc() {
    // Before: a blank canvas, an empty event-log column, Play and the steps pressable with
    // nothing to run, and a spawn refused with "no simulation to spawn in".
    let mut app = DebugApp::new(Scene::empty("no discs"));
    app.set_mode(Mode::Simulation);
    let mut h = harness(app);
    h.run();
    assert!(sim(&h).world().is_none());
    let walls = sim(&h).preview().map(World::bounds);
    assert_eq!(walls, Some((DVec2::ZERO, DVec2::new(80.0, 50.0))));
    assert!(h.query_by_label_contains("No discs yet").is_some());
    assert!(
        h.query_by_label_contains("Every collision is listed here")
            .is_some()
    );
    for label in ["Play", "Previous event", "Next event"] {
        assert!(!enabled(&h, label), "{label} with nothing to run");
    }
    h.state_mut().sim_view_mut().settings.tool = sweepscope::app::sim_view::Tool::Spawn;
    h.run();
    // The middle of the canvas below the 80-pixel band kept free for the hint, which the
    // fitted camera puts mid-walls.
    let c = h.get_by_label("Simulation canvas").rect().center() + egui::vec2(0.0, 40.0);
    drag(&mut h, c, c + egui::vec2(30.0, 0.0));
    let w = sim(&h)
        .world()
        .unwrap_or_else(|| panic!("the spawn made no world"));
    assert_eq!(w.len(), 1);
    assert_eq!(w.bounds(), (DVec2::ZERO, DVec2::new(80.0, 50.0)));
    let d = w.disc(0).unwrap_or_else(|| panic!("disc 0"));
    // Pressed mid-walls, dragged right.
    assert!(
        (d.position - DVec2::new(40.0, 25.0)).length() < 1e-3,
        "{:?}",
        d.position
    );
    assert!(
        d.velocity.x > 0.0 && d.velocity.y == 0.0,
        "{:?}",
        d.velocity
    );
    assert!(h.state().dirty(), "the first spawn is an unsaved change");
    assert!(h.query_by_label_contains("No discs yet").is_none());
    assert!(enabled(&h, "Play"));
}

/// At 800 × 600 the empty view's hint covered the top wall (there was no room above the
/// fitted walls, nor below): the first fit now keeps a band free above them for it.
#[test]
fn at_800_by_600_the_empty_views_hint_does_not_cover_the_walls() {
    let mut app = DebugApp::new(Scene::empty("no discs"));
    app.set_mode(Mode::Simulation);
    let mut h = harness_at(egui::vec2(800.0, 600.0), app);
    h.run();
    let canvas = h.get_by_label("Simulation canvas").rect();
    let hint = h.get_by_label_contains("No discs yet").rect();
    let view = &sim(&h).canvas.view;
    let (lo, hi) = sim(&h)
        .preview()
        .map(World::bounds)
        .unwrap_or_else(|| panic!("no walls"));
    // The walls' top and bottom on screen (y-up world, y-down screen).
    let to_y = |y: f64| canvas.center().y - ((y - f64::from(view.center.y)) as f32) * view.zoom;
    let (top, bottom) = (to_y(hi.y), to_y(lo.y));
    assert!(
        hint.bottom() <= top && bottom <= canvas.bottom() && top >= canvas.top(),
        "hint {hint:?}, walls from y = {top} to {bottom}, canvas {canvas:?}"
    );
}

#[test]
fn undoing_the_first_spawn_while_playing_leaves_play_not_pause() {
    // The bug: the rebuilt run kept "playing" with no discs, so the transport showed a
    // disabled "Pause", and the next spawn started moving at once.
    let mut scene = Scene::empty("one disc");
    let b = Aabb::new(Vec2::ZERO, Vec2::new(80.0, 50.0));
    let disc = DiscInit::new(DVec2::new(10.0, 10.0), DVec2::new(1.0, 0.0), 1.0);
    let world = World::new(b, &[disc], &[]).unwrap_or_else(|e| panic!("{e}"));
    scene.simulation = None;
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    app.queue(Command::edit(sweepscope::app::Edit::SetSimulation(Some(
        Simulation::from_world(&world, 10.0),
    ))));
    let mut h = harness(app);
    h.run();
    h.get_by_label("Play").click();
    h.run_steps(2);
    assert!(sim(&h).is_playing());
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run_steps(2);
    assert!(sim(&h).world().is_none(), "undone to no simulation");
    assert!(!sim(&h).is_playing());
    assert!(h.query_by_label("Pause").is_none());
    assert!(!enabled(&h, "Play"));
}

/// "Undo brings back the run before", the note said; Undo rebuilt the run from its set-up
/// instead, back at t = 0 with an empty log.
#[test]
fn undoing_a_spawn_brings_back_the_run_where_it_was_and_redo_the_spawned_one() {
    let mut h = spawning_at_1_5();
    let events = sim(&h).world().map(|w| w.counts().total());
    assert!(events.is_some_and(|n| n > 0));
    let c = free_point(&h);
    drag(&mut h, c, c + egui::vec2(20.0, 0.0));
    assert_eq!(sim(&h).world().map(World::len), Some(31));
    assert_eq!(sim(&h).time(), 0.0);
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert_eq!(sim(&h).world().map(World::len), Some(30));
    assert_eq!(sim(&h).time(), 1.5, "back where it was");
    assert_eq!(sim(&h).world().map(|w| w.counts().total()), events);
    h.state_mut().queue(Command::Action(Action::Redo));
    h.run();
    assert_eq!(sim(&h).world().map(World::len), Some(31));
    assert_eq!(sim(&h).time(), 0.0);
}

#[test]
fn a_disc_spawned_after_the_start_says_that_moment_is_the_new_start() {
    // The bug: spawning at t = 5.92 reset the clock to 0 and emptied the event log
    // without a word.
    let mut h = spawning_at_1_5();
    let c = free_point(&h);
    drag(&mut h, c, c + egui::vec2(20.0, 0.0));
    assert_eq!(sim(&h).world().map(World::len), Some(31));
    assert_eq!(sim(&h).time(), 0.0);
    let note = sim(&h).message().unwrap_or_default().to_owned();
    assert!(note.starts_with("spawned at t = 1.5"), "{note}");
    assert!(h.query_by_label_contains("spawned at t = 1.5").is_some());
}

#[test]
fn the_status_bar_shows_the_simulation_cameras_zoom_in_its_view() {
    // The bug: in the simulation view the status bar showed the sweep view's zoom.
    let mut h = harness(sim_app(busy_world()));
    h.run();
    let sim_zoom = sim(&h).canvas.view.zoom;
    let sweep_zoom = h.state().view().zoom;
    assert!(
        (sim_zoom - sweep_zoom).abs() > 0.01,
        "{sim_zoom} {sweep_zoom}"
    );
    let shown = format!(
        "zoom {} px/unit",
        sweepscope::scene::number::fixed(sim_zoom)
    );
    assert!(h.query_by_label(&shown).is_some(), "{shown}");
}

/// At 800 × 600 the controls (270 points) and the event log (330) left the canvas 185
/// points wide, less than the empty log beside it. The side panels take a share of the
/// window's width, and the canvas keeps about half of it.
#[test]
fn at_800_by_600_the_canvas_keeps_about_half_the_width() {
    let mut h = harness_at(egui::vec2(800.0, 600.0), sim_app(busy_world()));
    h.run();
    let canvas = h.get_by_label("Simulation canvas").rect();
    let log = h.get_by_label("Event log").rect();
    assert!(canvas.width() >= 360.0, "{canvas:?}");
    assert!(
        log.right() <= 800.0 && log.left() >= canvas.right() - 1.0,
        "{log:?}"
    );
}

/// A scene with a ramp and a floor left of the origin got walls at (0, 0)–(80, 50) on its
/// first fill: the floor lay outside them, cut off on the canvas, and no disc could ever
/// reach it. The first walls now hold the scene's boxes and segments, with room around.
#[test]
fn the_first_walls_hold_the_scenes_boxes_and_segments() {
    use sweepscope::scene::{Object, Shape};
    let mut scene = Scene::empty("floor");
    scene.objects = vec![
        Object {
            name: "floor".into(),
            shape: Shape::Box {
                min: Vec2::new(-20.0, -8.0),
                max: Vec2::new(30.0, -6.0),
            },
        },
        Object {
            name: "rail".into(),
            shape: Shape::Segment {
                a: Vec2::new(-15.0, 10.0),
                b: Vec2::new(25.0, 40.0),
            },
        },
    ];
    let (setup, _) = SimView::fill_setup(&scene, 200, 0.3, 3).unwrap_or_else(|e| panic!("{e}"));
    let b = setup.bounds;
    // Room of a quarter of the extent (50) on every side.
    for p in [
        Vec2::new(-20.0, -8.0),
        Vec2::new(30.0, -6.0),
        Vec2::new(-15.0, 10.0),
        Vec2::new(25.0, 40.0),
    ] {
        assert!(
            (p - b.min).min_element() >= 12.5 && (b.max - p).min_element() >= 12.5,
            "{p} too near the walls {b:?}"
        );
    }
    assert_eq!(b.min, b.min.round(), "whole numbers");
    assert_eq!(b.max, b.max.round(), "whole numbers");
    assert!(!setup.discs.is_empty());
    // The preview before a fill shows the same walls.
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    let h = harness(app);
    let walls = sim(&h).preview().map(World::bounds);
    assert_eq!(
        walls,
        Some((b.min.as_dvec2(), b.max.as_dvec2())),
        "the preview's walls"
    );
}

/// A scene in metres (a 4 m floor and a ramp) got walls of at least 80 × 50 on its first
/// fill, twenty times its size, with discs larger than its floor is thick. The walls
/// follow the scene's own scale, on round decimals of it.
#[test]
fn the_first_walls_of_a_scene_in_metres_are_in_metres() {
    use sweepscope::scene::{Object, Shape};
    let mut scene = Scene::empty("metres");
    scene.objects = vec![
        Object {
            name: "floor".into(),
            shape: Shape::Box {
                min: Vec2::new(-2.0, -0.1),
                max: Vec2::new(2.0, 0.0),
            },
        },
        Object {
            name: "ramp".into(),
            shape: Shape::Segment {
                a: Vec2::new(-1.5, 0.5),
                b: Vec2::new(-0.5, 0.1),
            },
        },
    ];
    let (setup, _) = SimView::fill_setup(&scene, 100, 0.3, 3).unwrap_or_else(|e| panic!("{e}"));
    let b = setup.bounds;
    let size = b.max - b.min;
    assert!(size.cmple(Vec2::splat(8.0)).all(), "{b:?}");
    // A quarter of the extent (4) on every side, and never flatter than 2 : 1.
    for p in [Vec2::new(-2.0, -0.1), Vec2::new(2.0, 0.5)] {
        assert!(
            (p - b.min).min_element() >= 1.0 && (b.max - p).min_element() >= 1.0,
            "{p} too near the walls {b:?}"
        );
    }
    assert!(size.y * 2.0 >= size.x, "{b:?}");
    // Round decimals of the scene's scale, which save as short numbers.
    for v in [b.min.x, b.min.y, b.max.x, b.max.y] {
        let text = format!("{v}");
        assert!(text.len() <= 5, "{text} in {b:?}");
        assert_eq!((v * 10.0).round(), v * 10.0, "{v}");
    }
    let largest = setup.discs.iter().map(|d| d.radius).fold(0.0, f64::max);
    assert!(largest > 0.0 && largest < 0.25, "discs of radius {largest}");
}

/// `--sim-advance 14.4` advanced in one step: the plots drew energy and momentum as straight
/// lines from 0 to 14.4 and one frame of about 130 events. It advances in the frames
/// playing would take now.
#[test]
fn an_advance_is_plotted_as_if_it_had_been_played() {
    let mut app = sim_app(busy_world());
    app.sim_view_mut().settings.speed = 1.0;
    assert!(app.advance_simulation(4.0));
    let v = app.sim_view();
    assert!((v.time() - 4.0).abs() < 1e-9, "t = {}", v.time());
    let series = v.series().unwrap_or_else(|| panic!("a series"));
    let samples = series.samples();
    assert!(samples.len() > 40, "{} samples", samples.len());
    let times: Vec<f64> = samples.iter().map(|s| s.time).collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    // No sample holds the whole advance's events.
    let busiest = samples
        .iter()
        .map(|s| s.events_per_frame)
        .fold(0.0, f64::max);
    let collisions = v.world().map_or(0, |w| {
        let c = w.counts();
        c.disc_disc + c.disc_wall + c.disc_obstacle
    });
    assert!(
        busiest < collisions as f64 / 4.0,
        "{busiest} events in one frame of {collisions}"
    );
    // A scene without a simulation has nothing to advance, and says so.
    let mut none = DebugApp::new(Scene::empty("none"));
    assert!(!none.advance_simulation(5.0));
}

/// A long `--sim-advance` on a busy run spent the event cap of every one of its frames
/// (up to 20,000 × 100,000 events) before the window opened. It stops at the first frame
/// the cap cuts short.
#[test]
fn an_advance_stops_at_the_first_frame_the_event_cap_cuts_short() {
    let mut app = sim_app(busy_world());
    // Each frame covers about 17,000 simulated seconds: far past the cap.
    app.sim_view_mut().settings.speed = 1e6;
    let started = std::time::Instant::now();
    app.advance_simulation(1e7);
    let v = app.sim_view();
    assert!(v.time() < 1e7, "t = {}", v.time());
    let samples = v.series().map_or(0, |s| s.samples().len());
    assert!(samples <= 2, "{samples} frames advanced past a capped one");
    // Not a timing test: a bound far above one capped frame, far below 600 of them.
    assert!(started.elapsed().as_secs() < 60);
}

/// Playing ran on past the scene's `duration` (`sweepscope sim` stops there), so a run
/// compared with the command line's at its end had to be caught by hand. Playing pauses at
/// the duration and says so; Play again runs on past it.
#[test]
fn playing_pauses_at_the_scenes_duration_and_runs_on_when_played_again() {
    let mut app = sim_app(busy_world());
    // 10 s of scene at 60 frames per second: about 20 frames of play at 30×.
    app.sim_view_mut().settings.speed = 30.0;
    let mut h = harness(app);
    h.run();
    let paused_at_the_end = |h: &Harness<'_, DebugApp>| {
        let v = sim(h);
        assert!(!v.is_playing(), "still playing at t = {}", v.time());
        assert!((v.time() - 10.0).abs() < 1e-9, "paused at t = {}", v.time());
        let note = v.message().unwrap_or_default();
        assert!(note.contains("duration"), "{note:?}");
        assert!(
            h.query_by_label_contains("paused at the scene's duration")
                .is_some()
        );
    };
    h.get_by_label("Play").click();
    h.run_steps(60);
    paused_at_the_end(&h);
    // Home: the note is about where the clock was (it stayed up at t = 0).
    h.key_press(egui::Key::Home);
    h.run_steps(40);
    assert!(sim(&h).time() < 1e-9);
    assert!(sim(&h).message().is_none_or(|m| !m.contains("duration")));
    // Played from there, it pauses at the end again; played again, it runs on.
    h.get_by_label("Play").click();
    h.run_steps(60);
    paused_at_the_end(&h);
    h.get_by_label("Play").click();
    h.run_steps(10);
    let v = sim(&h);
    assert!(v.is_playing());
    assert!(v.time() > 10.5, "t = {}", v.time());
    assert!(v.message().is_none_or(|m| !m.contains("duration")));
}

/// A spawn below the bottom wall appeared inside, on the wall, without a word. A spawn
/// outside the walls is refused, saying so; one just inside still touches the wall.
#[test]
fn a_spawn_outside_the_walls_is_refused() {
    let b = Aabb::new(Vec2::ZERO, Vec2::new(80.0, 50.0));
    let disc = DiscInit::new(DVec2::new(10.0, 10.0), DVec2::new(1.0, 0.0), 1.0);
    let app = sim_app(World::new(b, &[disc], &[]).unwrap_or_else(|e| panic!("{e}")));
    let v = app.sim_view();
    let scene = app.scene().clone();
    let below = v.spawn_setup(&scene, DVec2::new(40.0, -3.0), DVec2::X, 1.0);
    let why = below
        .map(|_| ())
        .expect_err("refused below the bottom wall");
    assert!(why.contains("outside the walls"), "{why}");
    // Inside, half a radius from the wall: moved in to touch it.
    let setup = v
        .spawn_setup(&scene, DVec2::new(40.0, 0.5), DVec2::X, 1.0)
        .unwrap_or_else(|e| panic!("{e}"));
    let new = setup.discs.last().map(|d| d.position);
    assert_eq!(new, Some(DVec2::new(40.0, 1.0).into()));
}

/// The energy readout's six digits moved at a collision (7200.12, then 7200.13, for
/// 7200.125 either way), which read as a gain. It shows the drift from the start beside it.
#[test]
fn the_energy_readout_shows_its_drift_from_the_start() {
    let mut h = harness(sim_app(busy_world()));
    h.run();
    assert!(h.query_by_label_contains("(ΔE/E₀ +0.0e0)").is_some());
    h.state_mut().sim_view_mut().advance(5.0);
    h.run();
    assert!(h.query_by_label_contains("ΔE/E₀ ").is_some());
    assert!(h.query_all_by_label_contains("energy ").count() > 0);
}

/// F, + and − did nothing in the simulation view. They act on its camera there.
#[test]
fn fit_and_zoom_keys_drive_the_simulation_camera() {
    let mut h = harness(sim_app(busy_world()));
    h.run_steps(3);
    let fitted = sim(&h).canvas.view.zoom;
    h.key_press(egui::Key::Plus);
    h.run();
    let zoomed = sim(&h).canvas.view.zoom;
    assert!(zoomed > fitted * 1.1, "{fitted} -> {zoomed}");
    h.key_press(egui::Key::F);
    h.run_steps(2);
    assert!((sim(&h).canvas.view.zoom - fitted).abs() < 1e-3 * fitted);
    // The sweep-only keys say so in the help.
    h.key_press(egui::Key::F1);
    h.run();
    assert!(
        h.query_all_by_label_contains("(sweep view)").count() > 5,
        "sweep-only keys are marked"
    );
}

/// In the simulation view the status bar kept the sweep view's "drag: move box" and a
/// pointer position that no longer moved. It reads the simulation's canvas there.
#[test]
fn the_status_bar_follows_the_pointer_over_the_simulation_and_drops_sweep_hints() {
    let mut app = DebugApp::new(sweepscope::scene::builtin::default_scene());
    let mut h = harness_at(egui::vec2(1400.0, 900.0), {
        app.set_mode(Mode::Sweep);
        app
    });
    h.run();
    // Hover the box in the sweep view: its drag hint shows.
    let cam = sweepscope::app::draw::camera::Camera::new(
        h.get_by_label("Canvas").rect(),
        &h.state().view(),
    );
    h.hover_at(cam.to_screen(Vec2::new(20.0, 15.0)));
    h.run();
    assert!(
        h.query_by_label_contains("drag: ").is_some(),
        "a sweep hint"
    );
    h.state_mut().set_mode(Mode::Simulation);
    h.run();
    let c = h.get_by_label("Simulation canvas").rect().center();
    h.hover_at(c);
    h.run();
    assert!(
        h.query_by_label_contains("drag: ").is_none(),
        "no sweep hint"
    );
    let at = sim(&h).canvas.cursor.unwrap_or_else(|| panic!("a cursor"));
    let shown = format!(
        "x {} y {}",
        sweepscope::scene::number::fixed(at.x as f32),
        sweepscope::scene::number::fixed(at.y as f32)
    );
    assert!(h.query_by_label(&shown).is_some(), "{shown}");
}

/// After Home the log still showed its newest rows, and after End (from Home) its first,
/// with no row highlighted in view. Home shows the top, End the newest row.
#[test]
fn the_event_log_follows_home_and_end() {
    let mut app = sim_app(busy_world());
    app.advance_simulation(30.0);
    let end = app.sim_view().timeline().map_or(0, |t| t.log_end());
    assert!(end > 200, "{end}");
    let mut h = harness(app);
    h.run();
    let label = |h: &Harness<'_, DebugApp>, k: usize| {
        sim(h)
            .event_row_label(k)
            .unwrap_or_else(|| panic!("row {k}"))
    };
    h.key_press(egui::Key::Home);
    h.run_steps(30);
    assert!(
        h.query_by_label(&label(&h, 0)).is_some(),
        "the first row in view"
    );
    h.key_press(egui::Key::End);
    h.run_steps(30);
    let current = sim(&h)
        .timeline()
        .and_then(|t| t.current_index())
        .unwrap_or_else(|| panic!("a current event"));
    assert!(current + 1 >= end, "{current} of {end}");
    assert!(
        h.query_by_label(&label(&h, current)).is_some(),
        "the newest row in view"
    );
}

/// The simulation panel's fields applied text keystroke by keystroke and held it to their
/// range without a word: `1,5` in Spawn radius gave 1 while the status said it kept its
/// value, `-1` in Discs gave 0 (and Fill then removed every disc), `inf` gave 20,000, and a
/// seed of 10^20 read back as 2^64. A typed value is applied once, on Enter, and one
/// outside the field's limits is refused in words.
#[test]
fn typed_simulation_settings_are_applied_whole_or_refused_in_words() {
    let mut h = harness(sim_app(busy_world()));
    h.run();
    let settings = |h: &Harness<DebugApp>| sim(h).settings.clone();
    let before = settings(&h);
    for (field, text, why) in [
        ("Spawn radius", "1,5", "\"1,5\" is not a number"),
        ("Spawn radius", "0", "0 is below the least, 0.000001"),
        ("Discs", "-1", "-1 is below the least, 1"),
        ("Discs", "inf", "inf is above the limit, 20000"),
        ("Discs", "2.5", "2.5 is not a whole number"),
        ("Packing", "0,5", "\"0,5\" is not a number"),
        (
            "Seed",
            "100000000000000000000",
            "is above the limit, 9007199254740992",
        ),
        // One past what f64 holds exactly: it read as ...992 and was applied.
        (
            "Seed",
            "9007199254740993",
            "9007199254740993 is above the limit, 9007199254740992",
        ),
        ("Speed", "-1", "-1 is below the least, 0.01"),
        // A run at speed 0 showed Pause while its clock never moved.
        ("Speed", "0", "0 is below the least, 0.01"),
    ] {
        type_over(&mut h, Role::SpinButton, field, text);
        assert_eq!(settings(&h), before, "{field} {text}: nothing applied");
        let status = h.state().status().to_owned();
        assert!(
            status.starts_with(&format!("not applied: {field}: ")) && status.contains(why),
            "{field} {text}: {status}"
        );
    }
    // A good value clears the refusal it follows ("Speed: inf is above the limit" stayed
    // after 2 was applied).
    type_over(&mut h, Role::SpinButton, "Discs", "150");
    assert_eq!(settings(&h).fill_count, 150);
    assert_eq!(h.state().status(), "");
    type_over(&mut h, Role::SpinButton, "Spawn radius", "0.25");
    assert_eq!(settings(&h).spawn_radius, 0.25);
}

/// The Time field jumped the run to t = 1 for `1,5` (applied keystroke by keystroke); a
/// typed time is applied once, on Enter, and scrubs there.
#[test]
fn a_typed_time_scrubs_once_and_garbage_leaves_the_run_where_it_was() {
    let mut app = sim_app(busy_world());
    assert!(app.advance_simulation(3.0));
    let mut h = harness(app);
    h.run();
    let at = sim(&h).time();
    type_over(&mut h, Role::SpinButton, "Time", "1,5");
    assert_eq!(sim(&h).time(), at);
    assert!(
        h.state().status().contains("\"1,5\" is not a number"),
        "{}",
        h.state().status()
    );
    // Past the recorded run, said as that ("above the limit, 1e-9" read as a bound of the
    // field itself).
    type_over(&mut h, Role::SpinButton, "Time", "50");
    assert_eq!(sim(&h).time(), at);
    let status = h.state().status().to_owned();
    assert!(
        status.contains("50 is past 3") && status.contains("the end of the run recorded so far"),
        "{status}"
    );
    type_over(&mut h, Role::SpinButton, "Time", "1.5");
    assert!((sim(&h).time() - 1.5).abs() < 1e-9, "{}", sim(&h).time());
}

/// A spawn next to a wall: the preview crossed the wall while the disc appeared moved in
/// without a word, and a refusal there named a disc the preview did not touch. The disc
/// goes where `World::spawn_position` puts it, and the note says it was moved.
#[test]
fn a_spawn_at_a_wall_is_moved_in_and_says_so() {
    let b = Aabb::new(Vec2::ZERO, Vec2::new(80.0, 50.0));
    let disc = DiscInit::new(DVec2::new(10.0, 10.0), DVec2::new(1.0, 0.0), 1.0);
    let mut app = sim_app(World::new(b, &[disc], &[]).unwrap_or_else(|e| panic!("{e}")));
    app.sim_view_mut().settings.tool = sweepscope::app::sim_view::Tool::Spawn;
    app.sim_view_mut().settings.spawn_radius = 4.0;
    let mut h = harness(app);
    h.run();
    let rect = h.get_by_label("Simulation canvas").rect();
    let cam = sweepscope::app::draw::camera::Camera::new(rect, &sim(&h).canvas.view);
    // Pressed 1 below the top wall: a disc of radius 4 would cross it.
    let from = cam.to_screen_f64(DVec2::new(40.0, 49.0));
    drag(&mut h, from, from + egui::vec2(30.0, 0.0));
    let w = sim(&h).world().unwrap_or_else(|| panic!("world"));
    assert_eq!(w.len(), 2);
    let d = w.disc(1).unwrap_or_else(|| panic!("new disc"));
    assert!(
        (d.position - DVec2::new(40.0, 46.0)).length() < 0.05,
        "{:?}",
        d.position
    );
    let note = sim(&h).message().unwrap_or_default().to_owned();
    assert!(
        note.starts_with("the new disc was moved in to (40"),
        "{note}"
    );
    assert_eq!(
        w.spawn_position(DVec2::new(40.0, 49.0), 4.0),
        DVec2::new(40.0, 46.0)
    );
}

/// A scene in metres (walls about 6 × 3) kept the spawn radius of 1: a 2 m disc in a 3 m
/// box. A radius that does not suit the walls is set to a round one that does, and said.
#[test]
fn the_spawn_radius_follows_walls_of_another_scale() {
    let app = metre_floor_app();
    let h = harness(app);
    let walls = sim(&h).preview().map(World::bounds);
    let (lo, hi) = walls.unwrap_or_else(|| panic!("the first walls are shown"));
    let side = (hi - lo).min_element();
    let r = sim(&h).settings.spawn_radius;
    assert!(
        r <= side / 8.0 && r >= side / 1000.0,
        "radius {r} in walls {side} across"
    );
    assert_eq!(format!("{r}").len(), 4, "a round number: {r}");
    let note = sim(&h).message().unwrap_or_default();
    assert!(
        note.contains(&format!("spawn radius set to {r} to suit these walls")),
        "{note}"
    );
}

/// The event log named obstacles by number ("obstacle 5 #1") where the scene names them;
/// a row names the object, quoted ("disc 5 & 'rail'"), as the hover text does: an
/// obstacle named "wall" was not told from the walls ("disc 129 & wall" beside "wall 98
/// left").
#[test]
fn the_event_log_names_obstacles_as_the_scene_does() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/sim-billiards.ron");
    let scene = sweepscope::scene::load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<String> = scene.objects.iter().map(|o| o.name.clone()).collect();
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    assert!(app.advance_simulation(20.0));
    let v = app.sim_view();
    let end = v.timeline().map_or(0, |t| t.log_end());
    let rows: Vec<String> = (0..end).filter_map(|k| v.event_row_label(k)).collect();
    let hits: Vec<&String> = rows
        .iter()
        .filter(|r| names.iter().any(|n| r.ends_with(&format!(" & '{n}'"))))
        .collect();
    assert!(!hits.is_empty(), "no obstacle named in {} rows", rows.len());
    assert!(rows.iter().all(|r| !r.contains("obstacle #")), "{hits:?}");
}

/// A note (a refused spawn) appeared above the panel's fields and pushed them down, so the
/// next click on Spawn radius missed. Notes sit below the fields.
#[test]
fn a_note_does_not_move_the_fields_the_pointer_is_about_to_click() {
    let b = Aabb::new(Vec2::ZERO, Vec2::new(80.0, 50.0));
    let disc = DiscInit::new(DVec2::new(40.0, 25.0), DVec2::new(1.0, 0.0), 1.0);
    let mut app = sim_app(World::new(b, &[disc], &[]).unwrap_or_else(|e| panic!("{e}")));
    app.sim_view_mut().settings.tool = sweepscope::app::sim_view::Tool::Spawn;
    let mut h = harness(app);
    h.run();
    let field = |h: &Harness<DebugApp>| {
        h.get_by_role_and_label(Role::SpinButton, "Spawn radius")
            .rect()
    };
    let before = field(&h);
    let c = h.get_by_label("Simulation canvas").rect().center();
    drag(&mut h, c, c + egui::vec2(40.0, -30.0));
    assert!(sim(&h).message().is_some_and(|m| m.contains("refused")));
    assert_eq!(field(&h), before);
}

/// "Previous event" was enabled at t = 0, where it did nothing.
#[test]
fn previous_event_is_offered_only_once_there_is_something_before() {
    let mut h = harness(sim_app(busy_world()));
    h.run();
    assert!(!enabled(&h, "Previous event"));
    assert!(enabled(&h, "Next event"));
    h.get_by_label("Next event").click();
    h.run();
    h.run();
    assert!(enabled(&h, "Previous event"));
}

/// Typing into the Time field while playing lost the text (the clock moved under it each
/// frame) and Enter did nothing: the field with the keyboard pauses the run.
#[test]
fn typing_a_time_while_playing_pauses_and_scrubs() {
    let mut app = sim_app(busy_world());
    assert!(app.advance_simulation(3.0));
    let mut h = harness(app);
    h.state_mut().sim_view_mut().set_playing(true);
    h.run_steps(3);
    assert!(sim(&h).is_playing());
    type_over(&mut h, Role::SpinButton, "Time", "1.5");
    assert!(!sim(&h).is_playing());
    assert!((sim(&h).time() - 1.5).abs() < 1e-9, "{}", sim(&h).time());
}

/// After a pause the event log kept scrolling for about 150 frames (two and a half
/// seconds of repaints): while playing it asked every frame for the bottom from an
/// estimate of the rows' heights, past the real bottom, and egui sprang back from there.
#[test]
fn pausing_leaves_the_event_log_at_rest_on_the_newest_event() {
    let mut app = sim_app(busy_world());
    assert!(app.advance_simulation(3.0));
    let mut h = harness(app);
    h.state_mut().sim_view_mut().set_playing(true);
    h.run_steps(30);
    h.state_mut().sim_view_mut().set_playing(false);
    h.run();
    let k = sim(&h)
        .timeline()
        .and_then(|t| t.current_index())
        .unwrap_or_else(|| panic!("events"));
    let newest = sim(&h).event_row_label(k).unwrap_or_default();
    assert!(h.query_by_label(&newest).is_some(), "{newest} in view");
}

/// The first spawn in a scene without a simulation moved the camera (the walls shown
/// before it were the same, but the view fitted itself again), so the disc just placed
/// jumped on screen.
#[test]
fn the_first_spawn_keeps_the_camera_where_it_was() {
    let mut app = metre_floor_app();
    app.sim_view_mut().settings.tool = sweepscope::app::sim_view::Tool::Spawn;
    let mut h = harness(app);
    h.run();
    let view = sim(&h).canvas.view;
    let rect = h.get_by_label("Simulation canvas").rect();
    let cam = sweepscope::app::draw::camera::Camera::new(rect, &view);
    let at = cam.to_screen_f64(DVec2::new(0.0, 1.0));
    drag(&mut h, at, at + egui::vec2(20.0, 0.0));
    assert_eq!(
        sim(&h).world().map(World::len),
        Some(1),
        "{:?}",
        sim(&h).message()
    );
    assert_eq!(sim(&h).canvas.view, view);
}

/// The debugger in the simulation view on a scene in metres without a simulation: a floor
/// box 4 m wide.
fn metre_floor_app() -> DebugApp {
    use sweepscope::scene::{Object, Shape};
    let mut scene = Scene::empty("metres");
    scene.objects = vec![Object {
        name: "floor".into(),
        shape: Shape::Box {
            min: Vec2::new(-2.0, -0.1),
            max: Vec2::new(2.0, 0.0),
        },
    }];
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    app
}

/// Bug: Edit › Delete in the simulation view deleted the sweep view's selected object,
/// which is not on screen there, and left the disc the user had selected. It now deletes
/// the selected disc, as an undoable edit, and with no disc selected deletes nothing.
#[test]
fn delete_in_the_simulation_view_deletes_the_selected_disc_not_a_hidden_object() {
    let mut app = sim_app(busy_world());
    let mut scene = app.scene().clone();
    scene.objects.push(sweepscope::scene::Object {
        name: "wall".into(),
        shape: sweepscope::scene::Shape::Box {
            min: Vec2::new(-50.0, -50.0),
            max: Vec2::new(-40.0, -40.0),
        },
    });
    app.set_document(scene, None);
    app.set_mode(Mode::Simulation);
    app.advance_simulation(0.0);
    app.select(Some(0));
    let mut h = harness(app);
    h.run();
    let objects = h.state().scene().objects.len();
    let discs = sim(&h).world().map(World::len);
    assert_eq!(discs, Some(40));
    // Nothing selected in this view: nothing deleted.
    h.state_mut().queue(Command::Action(Action::Delete));
    h.run();
    assert_eq!(
        h.state().scene().objects.len(),
        objects,
        "the hidden object"
    );
    assert_eq!(sim(&h).world().map(World::len), discs);
    assert!(
        h.state().status().contains("select a disc"),
        "{}",
        h.state().status()
    );
    // Disc 7 selected: it goes, the object stays.
    let gone = sim(&h).world().and_then(|w| w.disc(7)).map(|d| d.position);
    // By its key, as a user deletes (it was taken only in the sweep view).
    h.state_mut().sim_view_mut().select(Some(7));
    h.key_press(egui::Key::Delete);
    h.run();
    assert_eq!(h.state().scene().objects.len(), objects);
    let w = sim(&h).world().unwrap_or_else(|| panic!("no world"));
    assert_eq!(w.len(), 39);
    assert!(w.discs().all(|d| Some(d.position) != gone));
    assert!(h.state().dirty());
    // Nothing is selected after: a second press deletes nothing.
    assert_eq!(sim(&h).selected(), None);
    // Undone, it is back.
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert_eq!(sim(&h).world().map(World::len), Some(40));
}

/// Bug: moving a segment onto a simulation disc (from the sweep view, where discs are not
/// drawn) was allowed; Save then refused the scene, and a bug report wrote a scene.ron that
/// did not load. Then the move was refused, which a user test found blocked every edit of
/// an obstacle among filled discs. The move is made and the discs it covers leave the
/// set-up in the same undo step, said in the status bar; a drag removes only the discs
/// it ends on. A bug report is never written from a scene that would not load.
#[test]
fn an_obstacle_moved_onto_simulation_discs_takes_them_out_in_one_undo_step() {
    use sweepscope::app::Edit;
    use sweepscope::scene::Shape;
    let b = Aabb::new(Vec2::ZERO, Vec2::new(80.0, 50.0));
    let discs = [
        DiscInit::new(DVec2::new(40.0, 25.0), DVec2::new(1.0, 0.0), 1.0),
        DiscInit::new(DVec2::new(60.0, 40.0), DVec2::new(0.0, 1.0), 1.0),
    ];
    let mut app = sim_app(World::new(b, &discs, &[]).unwrap_or_else(|e| panic!("{e}")));
    let mut scene = app.scene().clone();
    let clear = Shape::Segment {
        a: Vec2::new(5.0, 5.0),
        b: Vec2::new(10.0, 5.0),
    };
    scene.objects.push(sweepscope::scene::Object {
        name: "segment".into(),
        shape: clear,
    });
    app.set_document(scene, None);
    app.set_mode(Mode::Sweep);
    let mut h = harness(app);
    h.run();
    let onto = Shape::Segment {
        a: Vec2::new(30.0, 25.0),
        b: Vec2::new(50.0, 25.0),
    };
    let discs_now = |h: &Harness<DebugApp>| {
        h.state()
            .scene()
            .simulation
            .as_ref()
            .map(|s| s.discs.iter().map(|d| d.position).collect::<Vec<_>>())
    };
    h.state_mut().queue(Command::edit(Edit::SetShape {
        object: 0,
        shape: onto,
    }));
    h.run();
    assert_eq!(h.state().scene().objects[0].shape, onto);
    assert_eq!(discs_now(&h), Some(vec![[60.0, 40.0]]));
    let status = h.state().status().to_owned();
    assert!(
        status.contains("\"segment\" covers 1 simulation disc at the start: removed"),
        "{status}"
    );
    assert!(sweepscope::scene::validate(h.state().scene()).is_empty());
    // One undo step brings back the segment where it was and the disc.
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert_eq!(h.state().scene().objects[0].shape, clear);
    assert_eq!(discs_now(&h), Some(vec![[40.0, 25.0], [60.0, 40.0]]));
    // A drag across the disc and off it again leaves it (no trail). (A drag's gesture
    // lasts while the button is down; the harness has none down, so the drag's steps come
    // in one frame.)
    for shape in [onto, clear] {
        h.state_mut().queue(Command::Edit {
            edit: Edit::SetShape { object: 0, shape },
            gesture: true,
        });
    }
    h.run_steps(1);
    assert_eq!(h.state().scene().objects[0].shape, clear);
    assert_eq!(discs_now(&h), Some(vec![[40.0, 25.0], [60.0, 40.0]]));
    // User test: a drag over discs over several frames (the button held) said nothing
    // once it was over: the note of the first frame was cleared by the next. It stays.
    h.drag_at(egui::pos2(700.0, 880.0));
    h.run_steps(1);
    let over = |x: f32| Shape::Segment {
        a: Vec2::new(x, 25.0),
        b: Vec2::new(x + 20.0, 25.0),
    };
    for x in [30.0, 31.0, 32.0] {
        h.state_mut().queue(Command::Edit {
            edit: Edit::SetShape {
                object: 0,
                shape: over(x),
            },
            gesture: true,
        });
        h.run_steps(1);
    }
    h.drop_at(egui::pos2(700.0, 880.0));
    h.run_steps(2);
    assert_eq!(discs_now(&h), Some(vec![[60.0, 40.0]]));
    let status = h.state().status().to_owned();
    assert!(status.contains("covers 1 simulation disc"), "{status}");
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert_eq!(
        discs_now(&h),
        Some(vec![[40.0, 25.0], [60.0, 40.0]]),
        "one undo step"
    );
    // A scene that does not validate (built in code) gets no bug report, but a banner.
    let mut bad = h.state().scene().clone();
    bad.objects[0].shape = onto;
    h.state_mut().set_document(bad, None);
    h.state_mut().queue(Command::Action(Action::BugReport));
    h.run();
    let banner = h.state().banner().unwrap_or_default().to_owned();
    assert!(banner.contains("no bug report written"), "{banner}");
    assert!(banner.contains("overlaps obstacle"), "{banner}");
    assert!(h.query_by_label_contains("What happened").is_none());
    // Made valid again, the report's form opens.
    let mut good = h.state().scene().clone();
    good.objects[0].shape = clear;
    h.state_mut().set_document(good, None);
    h.state_mut().queue(Command::Action(Action::BugReport));
    h.run();
    assert!(h.query_by_label_contains("What happened").is_some());
}

/// Robustness attack: Fill in the walls of a scene 1e-30 across gave discs of radius 5e-32
/// moving at up to 1 unit a second, crossing the walls 1e30 times a second; the run logged
/// 48,000 collisions by t = 1e-29 and stopped short. Speeds now scale with the walls.
#[test]
fn fill_speeds_scale_with_the_walls() {
    for scale in [1e-30f32, 1.0, 1e20] {
        let mut scene = Scene::empty("scaled");
        scene.objects.push(sweepscope::scene::Object {
            name: "box".into(),
            shape: sweepscope::scene::Shape::Box {
                min: Vec2::new(0.0, 0.0),
                max: Vec2::new(10.0 * scale, 10.0 * scale),
            },
        });
        let (setup, _) =
            SimView::fill_setup(&scene, 200, 0.3, 7).unwrap_or_else(|e| panic!("{scale}: {e}"));
        let width = f64::from(setup.bounds.max.x - setup.bounds.min.x);
        let fastest = setup
            .discs
            .iter()
            .map(|d| d.velocity[0].abs().max(d.velocity[1].abs()))
            .fold(0.0, f64::max);
        assert!(!setup.discs.is_empty());
        // Within ±1 a component in walls 80 wide, and in proportion elsewhere.
        assert!(
            fastest <= width / 80.0 && fastest > width / 800.0,
            "{scale}: {fastest} in {width}"
        );
    }
}

/// Robustness attack: a scene whose boxes and segments span 6e38 got the default walls,
/// 80 × 50 at the origin, far from every obstacle, because room round them passed the
/// f32 range. The walls go round them as far as f32 reaches.
#[test]
fn the_first_walls_of_a_scene_spanning_f32_hold_its_obstacles() {
    let mut scene = Scene::empty("huge");
    let obj = |name: &str, shape| sweepscope::scene::Object {
        name: name.into(),
        shape,
    };
    scene.objects = vec![
        obj(
            "box",
            sweepscope::scene::Shape::Box {
                min: Vec2::new(-3e38, -3e38),
                max: Vec2::new(-1e38, 3e38),
            },
        ),
        obj(
            "seg",
            sweepscope::scene::Shape::Segment {
                a: Vec2::new(1e38, -3e38),
                b: Vec2::new(3e38, 3e38),
            },
        ),
    ];
    let (setup, _) = SimView::fill_setup(&scene, 100, 0.3, 1).unwrap_or_else(|e| panic!("{e}"));
    let b = setup.bounds;
    assert!(b.min.cmple(Vec2::splat(-3e38)).all(), "{b:?}");
    assert!(b.max.cmpge(Vec2::splat(3e38)).all(), "{b:?}");
    assert!(b.min.is_finite() && b.max.is_finite(), "{b:?}");
}

/// A box added (or duplicated) onto a simulation disc from the sweep view, where discs are
/// not drawn, made a scene that neither Save nor a bug report would write; as for a move,
/// the disc leaves the set-up in the same undo step, and the status says so.
#[test]
fn a_box_added_onto_a_simulation_disc_takes_it_out() {
    let b = Aabb::new(Vec2::ZERO, Vec2::new(80.0, 50.0));
    let disc = DiscInit::new(DVec2::new(40.0, 25.0), DVec2::new(1.0, 0.0), 3.0);
    let mut app = sim_app(World::new(b, &[disc], &[]).unwrap_or_else(|e| panic!("{e}")));
    app.set_mode(Mode::Sweep);
    let mut h = harness(app);
    h.run();
    let objects = h.state().scene().objects.len();
    h.state_mut().queue(Command::AddAt {
        kind: sweepscope::app::command::AddKind::Box,
        at: Vec2::new(40.0, 25.0),
    });
    h.run();
    assert_eq!(h.state().scene().objects.len(), objects + 1);
    let discs =
        |h: &Harness<DebugApp>| h.state().scene().simulation.as_ref().map(|s| s.discs.len());
    assert_eq!(discs(&h), Some(0));
    let status = h.state().status().to_owned();
    assert!(status.contains("covers 1 simulation disc"), "{status}");
    assert!(sweepscope::scene::validate(h.state().scene()).is_empty());
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert_eq!(h.state().scene().objects.len(), objects);
    assert_eq!(discs(&h), Some(1));
}

/// Walls a fifth of a unit across fitted the spawn radius to 0.002 and said so, but the
/// Spawn radius field, limited to 0.01 and up, clamped it back when it was drawn: the note
/// and the discs spawned disagreed. The field takes any radius the walls can suit.
#[test]
fn the_spawn_radius_note_and_field_agree_in_small_walls() {
    use sweepscope::scene::{Object, Shape};
    let mut scene = Scene::empty("millimetres");
    scene.objects = vec![Object {
        name: "ledge".into(),
        shape: Shape::Box {
            min: Vec2::new(-0.1, -0.01),
            max: Vec2::new(0.1, 0.0),
        },
    }];
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    let mut h = harness(app);
    h.run_steps(4);
    let r = sim(&h).settings.spawn_radius;
    assert!(r < 0.01, "fitted to the walls: {r}");
    let note = sim(&h).message().unwrap_or_default();
    assert!(
        note.contains(&format!("spawn radius set to {r} to suit these walls")),
        "{note}"
    );
}

/// The selected disc's next collision read "next: disc-disc 5 & 7 at t = 1.49611" as if
/// certain, and the log never had it: another collision first cancelled it. It is said as
/// a prediction.
#[test]
fn the_selected_discs_next_collision_is_said_as_a_prediction() {
    let mut h = harness(sim_app(busy_world()));
    h.state_mut().sim_view_mut().select(Some(3));
    h.run();
    assert!(h.query_by_label_contains("predicted next: ").is_some());
    assert!(
        h.query_all_by_label_contains("next: ")
            .all(|n| n.value().is_some_and(|v| !v.starts_with("next: ")))
    );
}

/// A scene of discs alone, opened from the sweep view, opens in the simulation view (a
/// user saw "No ball" on an empty sweep canvas).
#[test]
fn a_simulation_scene_opened_from_the_sweep_view_shows_the_simulation() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/sim-aligned.ron");
    let mut h = harness(DebugApp::new(sweepscope::scene::builtin::default_scene()));
    assert_eq!(h.state().mode(), Mode::Sweep);
    h.state_mut().open_path(&path);
    h.run();
    assert_eq!(h.state().mode(), Mode::Simulation);
}

/// A scene with a circle obstacle and no simulation yet: the first walls went round the
/// box alone, and the circle was neither drawn nor mentioned. The view says it takes no
/// part.
#[test]
fn objects_the_engine_does_not_take_are_named_before_the_first_disc() {
    use sweepscope::scene::{Object, Shape};
    let mut scene = Scene::empty("box and circle");
    scene.objects = vec![
        Object {
            name: "block".into(),
            shape: Shape::Box {
                min: Vec2::new(0.0, 0.0),
                max: Vec2::new(10.0, 2.0),
            },
        },
        Object {
            name: "round".into(),
            shape: Shape::Circle {
                start: Vec2::new(20.0, 5.0),
                end: Vec2::new(20.0, 5.0),
                radius: 2.0,
            },
        },
    ];
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    let h = harness(app);
    let note = sim(&h).message().unwrap_or_default();
    assert!(
        note.contains("1 scene object(s) (rotated boxes, circles) take no part"),
        "{note}"
    );
}

/// Hostile test: `--sim-advance 1e7` on the billiards scene kept the window from opening
/// for minutes (20,000 catch-up frames of up to 100,000 events each), and `1e9` blamed
/// crowded contacts for a frame of 50,000 s. A catch-up has an event budget and says
/// which limit stopped it.
#[test]
fn a_long_catch_up_stops_at_its_event_budget_and_says_so() {
    let mut app = sim_app(busy_world());
    assert!(app.advance_simulation(1e7));
    let v = app.sim_view();
    assert!(v.time() < 1e7);
    let why = v.stop_reason().unwrap_or_default();
    assert!(why.contains("its budget of 5000000 events"), "{why}");
    let events = v.world().map_or(0, |w| w.counts().total());
    assert!(events < 5_200_000, "{events} events");
}

/// User test: three-digit disc numbers ran over the edges of small discs into their
/// neighbours. A number is drawn only where it fits inside its disc.
#[test]
fn disc_numbers_are_drawn_only_inside_their_discs() {
    let walls = Aabb::new(Vec2::ZERO, Vec2::new(100.0, 60.0));
    let discs: Vec<DiscInit> = (0..120)
        .map(|k| {
            let at = DVec2::new(5.0 + 6.0 * (k % 15) as f64, 5.0 + 5.0 * (k / 15) as f64);
            DiscInit::new(at, DVec2::ZERO, 1.0)
        })
        .collect();
    let world = World::new(walls, &discs, &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(sim_app(world));
    h.run_steps(3);
    let zoom = f64::from(sim(&h).canvas.view.zoom);
    // Scaled so each disc is 8.5 points in radius: two digits fit, three do not.
    let radius = 8.5 / zoom;
    let discs: Vec<DiscInit> = discs
        .iter()
        .map(|d| DiscInit::new(d.position, DVec2::ZERO, radius))
        .collect();
    let world = World::new(walls, &discs, &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut scene = h.state().scene().clone();
    scene.simulation = Some(Simulation::from_world(&world, 10.0));
    h.state_mut().set_document(scene, None);
    h.state_mut().set_mode(Mode::Simulation);
    h.run_steps(3);
    let numbers: Vec<String> = h
        .output()
        .shapes
        .iter()
        .filter_map(|s| match &s.shape {
            egui::Shape::Text(t) => Some(t.galley.text().to_owned()),
            _ => None,
        })
        .filter(|t| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()))
        .collect();
    let ids = |digits: usize| {
        numbers
            .iter()
            .filter(|t| t.len() == digits)
            .filter_map(|t| t.parse::<usize>().ok())
            .filter(|&k| k < 120)
            .count()
    };
    assert_eq!(ids(2), 90, "discs 10 to 99 numbered: {numbers:?}");
    // (The panel's own fields show 200 and 128.)
    assert_eq!(ids(3), 0, "discs 100 to 119 not: {numbers:?}");
}

/// User test: the first spawn replaced three lines of help at the top of the panel with
/// five of numbers, and the fields below moved down, so the next click missed its button.
/// The fields come first and keep their place.
#[test]
fn the_panels_fields_keep_their_place_through_the_first_spawn() {
    let mut scene = Scene::empty("floor");
    scene.objects = vec![sweepscope::scene::Object {
        name: "floor".into(),
        shape: sweepscope::scene::Shape::Box {
            min: Vec2::new(0.0, 0.0),
            max: Vec2::new(60.0, 2.0),
        },
    }];
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    app.sim_view_mut().settings.tool = sweepscope::app::sim_view::Tool::Spawn;
    let mut h = harness(app);
    h.run();
    assert!(sim(&h).world().is_none(), "no discs yet");
    let field = |h: &Harness<DebugApp>| {
        h.get_by_role_and_label(Role::SpinButton, "Spawn radius")
            .rect()
            .top()
    };
    let before = field(&h);
    let c = h.get_by_label("Simulation canvas").rect().center();
    drag(
        &mut h,
        c + egui::vec2(0.0, -80.0),
        c + egui::vec2(40.0, -100.0),
    );
    assert_eq!(sim(&h).world().map(World::len), Some(1), "spawned");
    assert_eq!(field(&h), before);
}

/// User test: the spawn preview drew the drag itself (60 points long) while the spawned
/// disc's arrow, on the scale of every disc's, came out a few points. The preview draws
/// the arrow the disc will have, and says the speed it will get.
#[test]
fn the_spawn_preview_shows_the_velocity_the_disc_gets() {
    let b = Aabb::new(Vec2::ZERO, Vec2::new(80.0, 50.0));
    let mut app = sim_app(World::random(30, 0.1, 3, b).unwrap_or_else(|e| panic!("{e}")));
    app.sim_view_mut().settings.tool = sweepscope::app::sim_view::Tool::Spawn;
    let mut h = harness(app);
    h.run();
    let from = free_point(&h);
    let to = from + egui::vec2(60.0, 30.0);
    h.drag_at(from);
    h.run_steps(2);
    h.hover_at(to);
    h.run_steps(2);
    let said: Vec<String> = h
        .output()
        .shapes
        .iter()
        .filter_map(|s| match &s.shape {
            egui::Shape::Text(t) => t.galley.text().strip_prefix("speed ").map(str::to_owned),
            _ => None,
        })
        .collect();
    h.drop_at(to);
    h.run();
    let w = sim(&h).world().unwrap_or_else(|| panic!("world"));
    let spawned = w
        .disc(w.len() - 1)
        .unwrap_or_else(|| panic!("the new disc"));
    let speed = sweepscope::scene::number::fixed_f64(spawned.velocity.length());
    assert_eq!(said, vec![speed]);
}

/// User test: with no way to remove a simulation's discs but one at a time, a filled
/// scene's 200 discs stayed. "Remove all" takes them out in one undo step, keeping the
/// walls.
#[test]
fn remove_all_takes_every_disc_out_and_undo_brings_them_back() {
    let b = Aabb::new(Vec2::ZERO, Vec2::new(80.0, 50.0));
    let discs = [
        DiscInit::new(DVec2::new(40.0, 25.0), DVec2::new(1.0, 0.0), 1.0),
        DiscInit::new(DVec2::new(60.0, 40.0), DVec2::new(0.0, 1.0), 1.0),
    ];
    let mut h = harness(sim_app(
        World::new(b, &discs, &[]).unwrap_or_else(|e| panic!("{e}")),
    ));
    h.run();
    let count = |h: &Harness<DebugApp>| {
        h.state()
            .scene()
            .simulation
            .as_ref()
            .map(|s| (s.discs.len(), s.bounds))
    };
    assert_eq!(count(&h).map(|c| c.0), Some(2));
    h.get_by_label("Remove all").click();
    h.run();
    assert_eq!(count(&h), Some((0, b)));
    // User test: it said nothing, and Play stayed on with nothing to play.
    assert!(
        h.query_by_label_contains("removed all 2 disc(s); the walls stay")
            .is_some()
    );
    assert!(h.query_by_label_contains("No discs yet").is_some());
    assert!(!enabled(&h, "Play"));
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert_eq!(count(&h).map(|c| c.0), Some(2));
}

/// User test: the simulation panel neither showed nor set the restitution (a scene with
/// 0.5 showed its energy falling as "drift"). A typed restitution sets the run's, which
/// starts again from its set-up, and says so; one undo step brings the old one back. A
/// drag changes it once, at its end.
#[test]
fn the_restitution_is_set_in_the_simulation_panel_in_one_undo_step() {
    let mut h = harness(sim_app(busy_world()));
    h.run();
    let restitution =
        |h: &Harness<DebugApp>| h.state().scene().simulation.as_ref().map(|s| s.restitution);
    assert_eq!(restitution(&h), Some(1.0));
    type_over(&mut h, Role::SpinButton, "Restitution", "0.5");
    assert_eq!(restitution(&h), Some(0.5));
    assert_eq!(sim(&h).world().map(|w| w.restitution()), Some(0.5));
    assert!(
        h.query_by_label_contains("lost to restitution").is_some()
            || sim(&h).world().is_some_and(|w| w.time() == 0.0),
        "the run starts again"
    );
    // A drag over the field: one change, at its end.
    let field = h
        .get_by_role_and_label(Role::SpinButton, "Restitution")
        .rect();
    let at = field.center();
    h.event(egui::Event::PointerMoved(at));
    h.step();
    h.event(egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.step();
    let revision = h.state().revision();
    for k in 1..=10 {
        h.event(egui::Event::PointerMoved(
            at + egui::vec2(-3.0 * k as f32, 0.0),
        ));
        // A step, not a run: the field's tooltip keeps asking for frames.
        h.step();
    }
    assert_eq!(h.state().revision(), revision, "changed mid-drag");
    assert_eq!(restitution(&h), Some(0.5));
    h.event(egui::Event::PointerButton {
        pos: at + egui::vec2(-30.0, 0.0),
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.step();
    h.step();
    let dragged = restitution(&h).unwrap_or(f64::NAN);
    assert!((0.0..0.5).contains(&dragged), "{dragged}");
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert_eq!(restitution(&h), Some(0.5));
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert_eq!(restitution(&h), Some(1.0));
}

/// User test: in the simulation view Escape left the bug report's dialog and the Help
/// window open (Escape was a sweep-view key there), though F1 lists it as closing them.
#[test]
fn escape_closes_the_report_dialog_and_help_in_the_simulation_view() {
    let mut h = harness(sim_app(busy_world()));
    h.run();
    h.state_mut().queue(Command::Action(Action::BugReport));
    h.run();
    assert!(h.query_by_label_contains("Write report").is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.query_by_label_contains("Write report").is_none());
    h.state_mut().queue(Command::Action(Action::Help));
    h.run();
    assert!(h.query_by_label_contains("Spawn tool:").is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(h.query_by_label_contains("Spawn tool:").is_none());
    // With nothing open, Escape drops the selected disc.
    h.state_mut().sim_view_mut().select(Some(3));
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(sim(&h).selected(), None);
}

/// User test: a run whose frames all reached the event cap at one instant, the clock
/// frozen, was called "slow motion" and played on. A capped frame that does not move the
/// clock says it stalled there. (Twenty discs each exactly as wide as their box's gap take
/// 100,000 wall events each at t = 0 before the engine's rule stops them: the first
/// frames' events all fall at t = 0.)
#[test]
fn a_frame_capped_at_one_instant_is_called_a_stall_not_slow_motion() {
    let b = Aabb::new(Vec2::ZERO, Vec2::new(2.0, 80.0));
    let discs: Vec<DiscInit> = (0..20)
        .map(|k| {
            DiscInit::new(
                DVec2::new(1.0, 2.0 + 3.5 * f64::from(k)),
                DVec2::new(1.0, 0.0),
                1.0,
            )
        })
        .collect();
    let world = World::new(b, &discs, &[]).unwrap_or_else(|e| panic!("{e}"));
    // `sim_app` has run the first frame.
    let h = harness(sim_app(world));
    let said = sim(&h).stop_reason().unwrap_or_default();
    assert!(said.starts_with("stalled at t = 0:"), "{said}");
    assert!(
        h.query_by_label_contains("without the clock moving (stalled)")
            .is_some()
    );
    let mut h = h;
    // The next frames get past the instant (two million events), and the note goes.
    for _ in 0..40 {
        h.state_mut().sim_view_mut().advance(1.0 / 60.0);
    }
    assert!(sim(&h).world().is_some_and(|w| w.time() > 0.0));
    assert!(
        sim(&h).stop_reason().is_none(),
        "{:?}",
        sim(&h).stop_reason()
    );
}

/// User test: Fill, play, Remove all, then Fill again with the same seed brought back the
/// old run (at t = 10, its collisions and its note "replaced the 158 there were") instead
/// of a new one: a run set aside for undo came back for any edit that gave its set-up.
#[test]
fn remove_all_then_fill_with_the_same_seed_starts_a_new_run() {
    let mut app = DebugApp::new(Scene::empty("empty"));
    app.set_mode(Mode::Simulation);
    let mut h = harness(app);
    h.run();
    h.get_by_role_and_label(Role::SpinButton, "Discs")
        .set_value_accesskit(40.0);
    h.run();
    h.get_by_label("Fill").click();
    h.run();
    assert!(h.state_mut().advance_simulation(2.0));
    h.run();
    assert!(sim(&h).time() >= 2.0);
    h.get_by_label("Remove all").click();
    h.run();
    h.get_by_label("Fill").click();
    h.run();
    assert_eq!(sim(&h).world().map(World::len), Some(40));
    assert_eq!(sim(&h).time(), 0.0, "a new run, not the one before");
    assert_eq!(sim(&h).world().map(|w| w.counts().total()), Some(0));
    assert!(
        h.query_by_label_contains("fill: 40 random disc(s)")
            .is_some()
    );
    assert!(h.query_by_label_contains("replaced").is_none());
    // Undo still brings back the empty set-up, and undo again the first run where it was.
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert_eq!(sim(&h).world().map_or(0, World::len), 0);
    h.state_mut().queue(Command::Action(Action::Undo));
    h.run();
    assert_eq!(sim(&h).world().map(World::len), Some(40));
    assert!(sim(&h).time() >= 2.0, "the first run where it was");
}
