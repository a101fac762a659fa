//! Bug reports describe the world on screen: from the simulation view after a fill, and
//! from the sweep view after an edit. The form asks for the user's words first. (The
//! pixels need a real window; `bug_report_texts` is what the window writes beside them.)

#![cfg(feature = "gui")]

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sweepscope::app::shell::report::UserWords;
use sweepscope::app::{Action, Command, DebugApp, Mode};
use sweepscope::scene::bundle::START_FILE;
use sweepscope::scene::{SceneWorld, builtin, evaluate, load_scene, parse_scene};

fn harness(app: DebugApp) -> Harness<'static, DebugApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .with_max_steps(16)
        .build_ui_state(|ui, app: &mut DebugApp| app.ui(ui), app);
    h.run();
    h
}

fn words() -> UserWords {
    UserWords {
        happened: "Two discs overlap after the break.".into(),
        expected: "No overlap.".into(),
    }
}

#[test]
fn a_bug_report_from_the_simulation_view_holds_the_discs_on_screen() {
    // The bug: scene.ron held the 16-disc start while the PNG showed 200 discs, and
    // report.md said "No ball × obstacle pairs".
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/sim-billiards.ron");
    let scene = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    let mut h = harness(app);
    h.get_by_role_and_label(Role::SpinButton, "Discs")
        .set_value_accesskit(200.0);
    h.run();
    h.get_by_label("Fill").click();
    h.run();
    h.state_mut().advance_simulation(0.5);
    h.run();
    let sim = h.state().sim_view();
    let world = sim.world().unwrap_or_else(|| panic!("a world"));
    let shown = world.len();
    assert!(shown > 100, "{shown} discs");
    let time = world.time();
    assert!(time > 0.4, "{time}");
    let texts = h.state().bug_report_texts(&words(), "20261122-061627");
    let (ron, md) = (texts.scene_ron, texts.report_md);
    let back = parse_scene(&ron, "scene.ron").unwrap_or_else(|e| panic!("{e}\n{ron}"));
    let state = back.simulation.unwrap_or_else(|| panic!("a simulation"));
    assert_eq!(state.discs.len(), shown, "every disc on screen");
    // The discs where they are on screen, at full precision.
    for (d, w) in state.discs.iter().zip(world.discs()) {
        assert_eq!(d.position, <[f64; 2]>::from(w.position));
        assert_eq!(d.velocity, <[f64; 2]>::from(w.velocity));
    }
    assert_eq!(back.objects.len(), 3, "the static obstacles are kept");
    assert!(!md.contains("No ball × obstacle pairs"), "{md}");
    for wanted in [
        "## What happened\n\n```text\nTwo discs overlap after the break.\n```",
        "## What I expected\n\n```text\nNo overlap.\n```",
        "- view: simulation",
        &format!("- discs: {shown}"),
        "- kinetic energy:",
        "drift",
        "### Last events",
        "### Divergences from the published loop",
        "- commit: ",
        "`sweepscope scene.ron --sim`",
    ] {
        assert!(md.contains(wanted), "missing {wanted:?} in\n{md}");
    }
    let shown_time = sweepscope::scene::number::fixed_f64(time);
    assert!(md.contains(&format!("- time: t = {shown_time} ")), "{md}");
}

#[test]
fn a_bug_report_after_an_edit_passes_check_and_judges_the_scenes_own_expectations() {
    // The bug: after an edit the report kept the demo's expectations, so `check` on the
    // report's own scene failed for the wrong reason, and it never mentioned them.
    let mut app = DebugApp::new(builtin::default_scene());
    app.select(Some(0));
    let mut h = harness(app);
    h.get_by_role_and_label(Role::SpinButton, "start y")
        .set_value_accesskit(60.0);
    h.run();
    let texts = h.state().bug_report_texts(&words(), "20261122-061627");
    let (ron, md) = (texts.scene_ron, texts.report_md);
    let back = parse_scene(&ron, "scene.ron").unwrap_or_else(|e| panic!("{e}\n{ron}"));
    assert_eq!(back.objects, h.state().scene().objects);
    let judged = evaluate(&back);
    assert!(judged.expectations_hold(), "{:?}", judged.expectations);
    assert!(md.contains("FAIL expect[0] ball vs box"), "{md}");
    assert!(md.contains("PASS expect[1] ball vs wall"), "{md}");
    assert!(md.contains("## Possibly stale text"), "{md}");
    assert!(
        md.contains("- inspected ball: ball\n- scrubber: t = 1"),
        "{md}"
    );
    assert!(back.notes.contains("may be stale"), "{}", back.notes);
}

#[test]
fn the_bug_report_form_asks_for_what_happened_and_what_was_expected() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    h.state_mut().queue(Command::Action(Action::BugReport));
    h.run();
    h.get_by_role_and_label(Role::MultilineTextInput, "What happened")
        .set_text_value_accesskit("It tunnels.");
    h.get_by_role_and_label(Role::MultilineTextInput, "What I expected")
        .set_text_value_accesskit("A hit.");
    h.run();
    // The folder is shown, absolute.
    let folder = h.state().output_dir();
    assert!(folder.is_absolute());
    assert!(
        h.query_by_label_contains(&folder.display().to_string())
            .is_some()
    );
    h.get_by_label("Cancel").click();
    h.run();
    assert!(
        h.query_by_role_and_label(Role::MultilineTextInput, "What happened")
            .is_none()
    );
}

#[test]
fn the_report_folder_is_chosen_in_a_dialog_and_shown_absolute() {
    let base = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("app-report-folder");
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(base.join("reports")).unwrap_or_else(|e| panic!("{e}"));
    let mut app = DebugApp::new(builtin::default_scene());
    app.set_output_dir(Some(base.clone()));
    let mut h = harness(app);
    h.state_mut()
        .queue(Command::Action(Action::ChooseReportFolder));
    h.run();
    assert!(
        h.query_by_label("Folder for screenshots and bug reports")
            .is_some()
    );
    h.get_by_label("reports/").click();
    h.run();
    h.get_by_label("Choose this folder").click();
    h.run();
    assert_eq!(
        h.state().chosen_output_dir(),
        Some(base.join("reports").as_path())
    );
    assert_eq!(h.state().output_dir(), base.join("reports"));
    assert!(
        h.state()
            .status()
            .contains(&base.join("reports").display().to_string())
    );
}

#[test]
fn a_simulation_report_carries_the_set_up_its_divergences_came_from() {
    // The bug: scene.ron's set-up is the state on screen, so the events and the published
    // loop's divergences the report listed had happened before it, and nothing in the
    // folder could play them again.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/sim-billiards.ron");
    let scene = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    let set_up = scene.simulation.clone();
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    let mut h = harness(app);
    h.get_by_label("Compare with published loop").click();
    h.run();
    assert!(h.state().sim_view().comparing());
    // Played in frames, as the window plays it.
    h.state_mut().advance_simulation(3.0);
    h.run();
    let time = h.state().sim_view().time();
    assert!(time > 2.9, "{time}");
    let texts = h.state().bug_report_texts(&words(), "20261122-061627");
    let start_ron = texts
        .start_ron
        .unwrap_or_else(|| panic!("a run past its set-up has {START_FILE}"));
    let start = parse_scene(&start_ron, START_FILE).unwrap_or_else(|e| panic!("{e}\n{start_ron}"));
    assert_eq!(start.simulation, set_up, "the set-up the run started from");
    let shown = parse_scene(&texts.scene_ron, "scene.ron").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(start.objects, shown.objects);
    assert_eq!(start.expect, shown.expect);
    // Replayed headlessly to the report's time, it reaches the state scene.ron holds.
    let mut replay = SceneWorld::from_scene(&start).unwrap_or_else(|e| panic!("{e}"));
    replay.world.advance_to_with(time, |_| {});
    let state = shown.simulation.unwrap_or_else(|| panic!("a simulation"));
    assert_eq!(state.discs.len(), replay.world.len());
    // Bit for bit: the engine's answer does not depend on how the time was cut in frames.
    for (d, w) in state.discs.iter().zip(replay.world.discs()) {
        assert_eq!(d.position, <[f64; 2]>::from(w.position));
        assert_eq!(d.velocity, <[f64; 2]>::from(w.velocity));
    }
    // The exact time, not the readout's rounding of it: a command to a rounded time stops
    // short of the state on screen.
    let t = format!("{time}");
    assert_eq!(t.parse::<f64>().ok(), Some(time));
    let md = texts.report_md;
    assert!(
        md.contains(&format!("`sweepscope {START_FILE} --sim-advance {t}`"))
            && md.contains("Tick *Compare with published loop* there (the command leaves it off)"),
        "{md}"
    );
    // A user test: the report gave neither how many divergences nor the position gap the
    // panel shows, and said scene.ron opens "as screenshot.png shows it" where its clock
    // starts at 0 with no events.
    assert!(
        md.contains("largest position gap between its discs and the engine's")
            && md.contains("as the set-up of a new run (its clock at 0"),
        "{md}"
    );
    assert!(
        start.notes.contains(&format!("Played to t = {t}")),
        "{}",
        start.notes
    );
}

#[test]
fn a_report_at_the_set_up_has_no_start_file() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/sim-billiards.ron");
    let scene = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    let h = harness(app);
    let texts = h.state().bug_report_texts(&words(), "20261122-061627");
    assert_eq!(texts.start_ron, None);
    assert!(!texts.report_md.contains(START_FILE), "{}", texts.report_md);
}

#[test]
fn a_simulation_report_lists_the_events_up_to_the_scrubber() {
    // The bug: after scrubbing back, "Last events" listed the newest events of the run
    // (t = 16.3 to 16.5) while the picture and the numbers were those of t = 7.97.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/sim-billiards.ron");
    let scene = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    let mut h = harness(app);
    h.state_mut().advance_simulation(2.0);
    h.run();
    for _ in 0..5 {
        h.state_mut().queue(Command::Action(Action::StepBack));
        h.run();
    }
    let timeline = h.state().sim_view().timeline();
    let timeline = timeline.unwrap_or_else(|| panic!("a run"));
    let current = timeline.current_index().unwrap_or_else(|| panic!("events"));
    assert!(current + 1 < timeline.log_end(), "scrubbed back");
    let md = h
        .state()
        .bug_report_texts(&words(), "20261122-061627")
        .report_md;
    let section = md
        .split("### Last events")
        .nth(1)
        .and_then(|s| s.split("###").next())
        .unwrap_or_default();
    let listed: Vec<usize> = section
        .lines()
        .filter_map(|l| l.strip_prefix("- `#"))
        .filter_map(|l| l.split(' ').next())
        .filter_map(|n| n.parse().ok())
        .collect();
    assert_eq!(listed.last(), Some(&current), "{section}");
}

#[test]
fn escape_closes_the_bug_report_form_whether_or_not_a_field_is_being_typed_in() {
    // The bug: Help promises "Escape: close the open menu or dialog", but the form stayed.
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let form_open = |h: &Harness<'_, DebugApp>| {
        h.query_by_role_and_label(Role::MultilineTextInput, "What happened")
            .is_some()
    };
    for typing in [false, true] {
        h.state_mut().queue(Command::Action(Action::BugReport));
        h.run();
        assert!(form_open(&h));
        if typing {
            h.get_by_role_and_label(Role::MultilineTextInput, "What happened")
                .click();
            h.run();
            assert!(h.ctx.egui_wants_keyboard_input());
        }
        let selected = h.state().selected();
        h.key_press(Key::Escape);
        h.run();
        assert!(!form_open(&h), "typing: {typing}");
        assert_eq!(
            h.state().selected(),
            selected,
            "the form went, not the selection"
        );
    }
}

/// The bug report's screenshot showed "writing /…/bug-report-…" in the status bar: the
/// status was set in the frame the picture was taken of. So was a screenshot's
/// "saving …". The status bar keeps what it said until the file is written.
#[test]
fn the_frame_a_screenshot_or_report_is_taken_of_shows_no_saving_status() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let before = h.state().status().to_owned();
    h.state_mut().queue(Command::Action(Action::Screenshot));
    h.run_steps(1);
    assert_eq!(h.state().status(), before);
    h.state_mut().queue(Command::WriteBugReport {
        happened: "It tunnels.".into(),
        expected: "A hit.".into(),
    });
    h.run_steps(2);
    let status = h.state().status().to_owned();
    assert!(
        !status.contains("writing") && !status.contains("saving"),
        "{status}"
    );
}

/// The form could only be sent by tabbing to "Write report": Ctrl+Enter writes it from
/// the fields.
#[test]
fn ctrl_enter_writes_the_bug_report_from_the_form() {
    let base = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("app-report-ctrl-enter");
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(&base).unwrap_or_else(|e| panic!("{e}"));
    let mut app = DebugApp::new(builtin::default_scene());
    app.set_output_dir(Some(base.clone()));
    let mut h = harness(app);
    h.state_mut().queue(Command::Action(Action::BugReport));
    h.run();
    h.get_by_role_and_label(Role::MultilineTextInput, "What happened")
        .type_text("It tunnels.");
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Enter);
    h.run_steps(4);
    assert!(
        h.query_by_role_and_label(Role::MultilineTextInput, "What happened")
            .is_none(),
        "the form closed"
    );
    // The report itself is written once the window has its picture, which a headless
    // harness has none of: the form closing on Ctrl+Enter is the answer (Cancel aside,
    // nothing else closes it).
}

/// After a scrub back to before the first divergence, the report listed all of them (at
/// t = 0.78 to 1.48 for a picture at t = 0.5).
#[test]
fn a_simulation_report_lists_only_the_divergences_up_to_the_picture() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/sim-billiards.ron");
    let scene = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    let mut h = harness(app);
    h.get_by_label("Compare with published loop").click();
    h.run();
    h.state_mut().advance_simulation(2.0);
    h.run();
    assert!(!h.state().sim_view().divergences().is_empty());
    h.state_mut().sim_view_mut().scrub_to(0.5);
    h.run();
    let md = h
        .state()
        .bug_report_texts(&words(), "20261122-061627")
        .report_md;
    let section = md
        .split("### Divergences from the published loop")
        .nth(1)
        .and_then(|s| s.split("###").next())
        .unwrap_or_default();
    assert!(
        section.contains("None of the loop's failures so far"),
        "{section}"
    );
    // User test: beside a gap of 29 it read "None so far" in a scene with obstacles,
    // which the published loop knows nothing of.
    assert!(section.contains("**Not like for like:**"), "{section}");
}

/// A report taken right after event #4 of 25 at one time could not be reached by its
/// replay command: a replay to that time lands after the whole group (and in frames it
/// fell just short of it, before any of them). The report says where the replay lands
/// and how to step back, and the replay lands exactly there.
#[test]
fn a_report_inside_a_group_of_simultaneous_events_says_how_to_reach_it() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/sim-billiards.ron");
    let scene = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut app = DebugApp::new(scene.clone());
    app.set_mode(Mode::Simulation);
    let mut h = harness(app);
    h.state_mut().advance_simulation(1.0);
    h.run();
    // The break: many contacts at one time.
    assert!(h.state_mut().sim_view_mut().jump_to_event(4));
    h.run();
    let time = h.state().sim_view().time();
    let texts = h.state().bug_report_texts(&words(), "20261122-061627");
    let md = &texts.report_md;
    let line = md
        .lines()
        .find(|l| l.contains("Press *Previous event*"))
        .unwrap_or_else(|| panic!("no stepping note in\n{md}"));
    assert!(
        line.starts_with("- The state on screen is right after event #4, but #5 to #"),
        "{line}"
    );
    let last: usize = line
        .split("lands after #")
        .nth(1)
        .and_then(|s| s.split('.').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    // The replay the report gives lands after that event.
    let start = parse_scene(texts.start_ron.as_deref().unwrap_or_default(), START_FILE)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut replay = DebugApp::new(start);
    replay.set_mode(Mode::Simulation);
    assert!(replay.advance_simulation(time));
    let at = replay.sim_view().timeline().and_then(|t| t.current_index());
    assert_eq!(at, Some(last));
}

/// User test: a report of a run with restitution 0 called the energy the collisions took
/// "drift", and gave the selected disc's velocity of -5e-21 as "(-0.00000, 0.00000)". It
/// says the loss is the restitution's, and every digit of the disc's numbers.
#[test]
fn a_report_names_the_restitutions_loss_and_every_digit_of_the_selected_disc() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/sim-billiards.ron");
    let mut scene = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    if let Some(sim) = &mut scene.simulation {
        sim.restitution = 0.5;
    }
    let mut app = DebugApp::new(scene);
    app.set_mode(Mode::Simulation);
    let mut h = harness(app);
    h.state_mut().advance_simulation(2.0);
    h.state_mut().sim_view_mut().select(Some(0));
    h.run();
    let md = h
        .state()
        .bug_report_texts(&words(), "20261127-193500")
        .report_md;
    assert!(
        md.contains("the collisions' loss at restitution 0.5") && !md.contains("; drift "),
        "{md}"
    );
    let w = h
        .state()
        .sim_view()
        .world()
        .unwrap_or_else(|| panic!("a world"));
    let v = w.disc(0).map(|d| d.velocity).unwrap_or_default();
    let shown = format!(
        "velocity ({}, {})",
        sweepscope::scene::number::fixed_f64(v.x),
        sweepscope::scene::number::fixed_f64(v.y)
    );
    assert!(md.contains(&shown), "{shown} not in the report");
}
