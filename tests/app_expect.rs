//! Expectations and notes in the debugger, through its UI with egui_kittest: PASS and FAIL
//! shown live while a ball is dragged, recording the current answers as expectations (one
//! undoable edit), the scene's notes edited in the inspector, and text that states answers
//! the scene no longer gives flagged as possibly stale.

#![cfg(feature = "gui")]

mod app_support;

use app_support::type_over;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sweepscope::app::{Action, Command, DebugApp};
use sweepscope::scene::evaluate::record;
use sweepscope::scene::{builtin, evaluate};

fn harness(app: DebugApp) -> Harness<'static, DebugApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 1000.0))
        .with_max_steps(16)
        .build_ui_state(|ui, app: &mut DebugApp| app.ui(ui), app);
    h.run();
    h
}

fn act(h: &mut Harness<DebugApp>, a: Action) {
    h.state_mut().queue(Command::Action(a));
    h.run();
}

fn count(h: &Harness<DebugApp>, word: &str) -> usize {
    h.query_all_by_label(word).count()
}

/// The default scene with its ball selected (the inspector shows its fields).
fn default_app() -> DebugApp {
    let mut app = DebugApp::new(builtin::default_scene());
    app.select(Some(0));
    app
}

#[test]
fn expectations_show_pass_and_turn_fail_live_while_the_ball_is_dragged() {
    let mut h = harness(default_app());
    // The default scene asserts the corner contact at t = 0.4 and no wall contact.
    assert_eq!(count(&h, "PASS"), 2);
    assert_eq!(count(&h, "FAIL"), 0);
    // Dragging the start's y (a gesture, not yet released) moves the contact time.
    h.get_by_role_and_label(Role::SpinButton, "start y")
        .set_value_accesskit(60.0);
    h.run();
    assert_eq!(
        count(&h, "FAIL"),
        1,
        "the corner contact is now at t = 0.52"
    );
    assert_eq!(count(&h, "PASS"), 1);
    assert!(
        h.query_by_label_contains("time: expected 0.4").is_some(),
        "the failure says what differs"
    );
}

#[test]
fn recording_expectations_makes_the_current_answers_pass_and_is_one_undo_step() {
    let mut h = harness(default_app());
    h.get_by_role_and_label(Role::SpinButton, "start y")
        .set_value_accesskit(60.0);
    h.run();
    assert!(!h.state().evaluation().expectations_hold());
    let before = h.state().scene().expect.clone();
    // The button below the readout, pressed through accessibility (it sits at the foot of
    // the scrolled inspector, where a synthetic pointer click lands on the panel's edge).
    h.get_by_label_contains("Record expectations")
        .click_accesskit();
    h.run();
    let scene = h.state().scene().clone();
    assert_eq!(scene.expect, record(&scene, &evaluate(&scene)));
    assert_eq!(scene.expect.len(), 2, "ball × box and ball × wall");
    let corner = &scene.expect[0];
    assert!(
        (corner.time.unwrap_or(f32::NAN) - 0.52).abs() < 1e-5,
        "{corner:?}"
    );
    assert_eq!(corner.feature.as_deref(), Some("tl"));
    assert!(!scene.expect[1].hit);
    // The two pairs and the ball's path.
    assert_eq!(scene.expect_paths.len(), 1);
    assert_eq!(count(&h, "FAIL"), 0);
    assert_eq!(count(&h, "PASS"), 3);
    assert!(h.state().dirty());
    act(&mut h, Action::Undo);
    assert_eq!(h.state().scene().expect, before, "one undo step");
    assert!(h.state().scene().expect_paths.is_empty(), "the same step");
}

#[test]
fn a_scene_without_expectations_offers_to_record_them() {
    let mut scene = builtin::default_scene();
    scene.expect.clear();
    let mut h = harness(DebugApp::new(scene));
    assert!(
        h.query_by_label_contains("None: record the current answers")
            .is_some()
    );
    act(&mut h, Action::RecordExpectations);
    assert!(h.state().evaluation().expectations_hold());
    assert_eq!(h.state().scene().expect.len(), 2);
    assert_eq!(count(&h, "PASS"), 3, "two pairs and a path");
}

#[test]
fn notes_are_edited_in_the_inspector_as_one_undo_step() {
    let mut h = harness(default_app());
    h.get_by_label("Scene and notes").click();
    h.run();
    let notes = h.get_by_role_and_label(Role::MultilineTextInput, "notes");
    notes.set_text_value_accesskit("Measured by hand: t = 0.4.\nSecond line.");
    h.run();
    assert_eq!(
        h.state().scene().notes,
        "Measured by hand: t = 0.4.\nSecond line."
    );
    assert!(h.state().dirty());
    act(&mut h, Action::Undo);
    assert_eq!(h.state().scene().notes, builtin::default_scene().notes);
}

/// User test: typing the description and then the notes undid as one step (the keyboard
/// never left a field between them, so the typing gesture went on).
#[test]
fn typing_in_two_fields_one_after_the_other_is_two_undo_steps() {
    let mut h = harness(default_app());
    h.get_by_label("Scene and notes").click();
    h.run();
    let original = builtin::default_scene();
    h.get_by_role_and_label(Role::MultilineTextInput, "description")
        .focus();
    h.run();
    h.get_by_role_and_label(Role::MultilineTextInput, "description")
        .type_text(" Edited.");
    h.run();
    h.get_by_role_and_label(Role::MultilineTextInput, "notes")
        .focus();
    h.run();
    h.get_by_role_and_label(Role::MultilineTextInput, "notes")
        .type_text(" More.");
    h.run();
    let description = h.state().scene().description.clone();
    assert_ne!(description, original.description);
    assert_ne!(h.state().scene().notes, original.notes);
    act(&mut h, Action::Undo);
    assert_eq!(h.state().scene().notes, original.notes);
    assert_eq!(h.state().scene().description, description);
    act(&mut h, Action::Undo);
    assert_eq!(h.state().scene().description, original.description);
}

#[test]
fn text_that_states_an_answer_the_scene_no_longer_gives_is_flagged() {
    let mut h = harness(default_app());
    assert!(h.state().stale_text().is_empty());
    assert!(h.query_by_label_contains("Possibly stale").is_none());
    h.get_by_role_and_label(Role::SpinButton, "start y")
        .set_value_accesskit(60.0);
    h.run();
    let stale = h.state().stale_text().to_vec();
    // The description says "3-4-5 contact at t = 0.4"; the notes derive t = 0.4 too.
    assert!(
        stale
            .iter()
            .any(|c| c.starts_with("description: 0.4 (ball vs box")),
        "{stale:?}"
    );
    assert!(
        stale.iter().any(|c| c.starts_with("notes: 0.4")),
        "{stale:?}"
    );
    assert!(h.query_by_label_contains("Possibly stale").is_some());
    // Rewriting the description against the new answers clears its flag.
    h.get_by_label("Scene and notes").click();
    h.run();
    h.get_by_role_and_label(Role::MultilineTextInput, "description")
        .set_text_value_accesskit("Corner contact at t = 0.52.");
    h.run();
    let stale = h.state().stale_text().to_vec();
    assert!(
        !stale.iter().any(|c| c.starts_with("description")),
        "{stale:?}"
    );
}

/// A description that went stale before the scene was saved is flagged again when the
/// scene is opened: its expectations are what the text was written against.
#[test]
fn text_gone_stale_before_a_save_is_flagged_again_when_the_scene_is_opened() {
    let mut scene = builtin::default_scene();
    assert!(
        !scene.expect.is_empty(),
        "control: the default scene records answers"
    );
    for o in &mut scene.objects {
        if let sweepscope::scene::Shape::Ball { start, .. } = &mut o.shape {
            start.y = 60.0;
        }
    }
    let h = harness(DebugApp::new(scene));
    let stale = h.state().stale_text().to_vec();
    assert!(
        stale
            .iter()
            .any(|c| c.starts_with("description: 0.4 (ball vs box")),
        "{stale:?}"
    );
    assert!(h.query_by_label_contains("Possibly stale").is_some());
    // The unedited scene opens with nothing flagged.
    let h = harness(default_app());
    assert!(h.state().stale_text().is_empty());
}

#[test]
fn save_as_regression_scene_records_then_saves_a_file_that_check_passes() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("app-expect-regression");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let target = dir.join("regression.ron");
    let mut scene = builtin::default_scene();
    scene.expect.clear();
    let mut h = harness(DebugApp::new(scene));
    act(&mut h, Action::SaveRegression);
    assert_eq!(h.state().scene().expect.len(), 2, "recorded first");
    h.get_by_role_and_label(Role::TextInput, "File name")
        .set_text_value_accesskit(&target.display().to_string());
    h.run();
    h.get_by_label("Save").click();
    h.run();
    let saved = sweepscope::scene::load_scene(&target).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(saved.expect.len(), 2);
    assert!(evaluate(&saved).expectations_hold());
    assert_eq!(saved.notes, builtin::default_scene().notes, "notes kept");
    assert!(!h.state().dirty());
}

#[test]
fn no_shipped_scene_opens_with_a_stale_warning() {
    // The bug: start-inside.ron opened with "Possibly stale: 0 (deep vs box: was t = 0,
    // now t = 0)", its expectations naming no region where the recorded answer has one.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut opened = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{e}")) {
        let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
        if path.extension().is_none_or(|x| x != "ron") {
            continue;
        }
        let scene = sweepscope::scene::load_scene(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut app = DebugApp::new(builtin::default_scene());
        app.set_document(scene, Some(&path));
        let mut h = harness(app);
        h.run();
        assert!(
            h.query_by_label_contains("Possibly stale").is_none(),
            "{} opens with a stale warning",
            path.display()
        );
        opened += 1;
    }
    assert!(opened >= 10, "{opened} scenes");
}

#[test]
fn renaming_an_object_takes_its_expectations_and_the_texts_baseline_along() {
    // The bug: renaming the ball in the inspector left the expectations naming "ball"
    // (FAIL: ball or obstacle not found) and flagged its text as stale ("now not in the
    // scene").
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    assert!(!h.state().scene().expect.is_empty());
    rename_in_field(&mut h, "zzz");
    let scene = h.state().scene();
    assert_eq!(scene.objects[0].name, "zzz");
    assert!(
        scene.expect.iter().all(|e| e.ball != "ball"),
        "{:?}",
        scene.expect
    );
    assert!(scene.expect.iter().any(|e| e.ball == "zzz"));
    let report = evaluate(scene);
    assert!(
        report.expectations.iter().all(|e| e.passed()),
        "{:?}",
        report.expectations
    );
    assert!(h.query_by_label_contains("Possibly stale").is_none());
    assert!(h.query_by_label_contains("not found").is_none());
}

/// F2, "probe", Enter, then Ctrl+Z: the name was back to "ball" but the banner said
/// "description: 0.4 (probe vs box: was t = 0.4, now not in the scene)", and report.md
/// copied it. The text's baseline follows an undone (and a redone) rename too.
#[test]
fn undoing_a_rename_does_not_flag_the_text_as_stale() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    rename_in_field(&mut h, "probe");
    assert_eq!(h.state().scene().objects[0].name, "probe");
    for (action, name) in [
        (Action::Undo, "ball"),
        (Action::Redo, "probe"),
        (Action::Undo, "ball"),
    ] {
        act(&mut h, action);
        assert_eq!(h.state().scene().objects[0].name, name);
        assert!(
            h.state().stale_text().is_empty(),
            "after {action:?}: {:?}",
            h.state().stale_text()
        );
        assert!(h.query_by_label_contains("Possibly stale").is_none());
    }
}

/// Types `name` over the inspector's name field and presses Enter.
fn rename_in_field(h: &mut Harness<DebugApp>, name: &str) {
    type_over(h, Role::TextInput, "name", name);
}

/// Typing "wall" over the ball's name renamed it keystroke by keystroke: the ball and the
/// segment were both "wall", the expectations stayed with "wal", the text was flagged
/// stale ("wal vs box ... now not in the scene"), and Ctrl+S failed. A name is taken when
/// the field is left, and an empty or taken one is refused with the reason.
#[test]
fn a_rename_is_made_once_when_the_field_is_left_and_a_taken_or_empty_name_is_refused() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let names = |h: &Harness<DebugApp>| -> Vec<String> {
        h.state()
            .scene()
            .objects
            .iter()
            .map(|o| o.name.clone())
            .collect()
    };
    let before = names(&h);
    assert!(before.iter().any(|n| n == "wall"), "{before:?}");
    for (typed, why) in [
        ("wall", "already named \"wall\""),
        ("   ", "must not be empty"),
    ] {
        rename_in_field(&mut h, typed);
        assert_eq!(names(&h), before, "{typed:?}");
        let status = h.state().status().to_owned();
        assert!(
            status.starts_with("not applied") && status.contains(why),
            "{status}"
        );
        assert!(
            h.state().stale_text().is_empty(),
            "{:?}",
            h.state().stale_text()
        );
        assert!(!h.state().dirty());
    }
    rename_in_field(&mut h, "cue");
    assert_eq!(h.state().scene().objects[0].name, "cue");
    assert!(h.state().scene().expect.iter().any(|e| e.ball == "cue"));
    // The whole rename is one undo step.
    act(&mut h, Action::Undo);
    assert_eq!(names(&h), before);
}

/// User test: F2, a name another object has, Enter: the dialog closed and what was typed
/// was lost, with the reason only in the status bar. It now stays open on the text, saying
/// why, until the name is free or the dialog is cancelled.
#[test]
fn the_rename_dialog_keeps_a_taken_name_open_and_says_why() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    act(&mut h, Action::Rename);
    type_over(&mut h, Role::TextInput, "New name", "box");
    assert_eq!(h.state().scene().objects[0].name, "ball");
    assert!(
        h.query_by_label_contains("is already named \"box\"")
            .is_some()
    );
    let field = h.get_by_role_and_label(Role::TextInput, "New name");
    assert_eq!(field.value().as_deref(), Some("box"));
    field.type_text("2");
    h.run();
    assert!(h.query_by_label_contains("is already named").is_none());
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.state().scene().objects[0].name, "box2");
    assert!(h.query_by_label("New name").is_none(), "the dialog closed");
}

/// Path expectations in the debugger: Record expectations writes each ball's path beside
/// its pairs (one undo step), the inspector judges it live (a moved box fails it), a
/// rename follows into its contacts, and deleting the obstacle it met takes it along.
#[test]
fn record_expectations_records_paths_judged_live_and_following_renames() {
    use sweepscope::app::Edit;
    use sweepscope::scene::Shape;
    let mut h = harness(default_app());
    act(&mut h, Action::RecordExpectations);
    let paths = h.state().scene().expect_paths.clone();
    assert_eq!(paths.len(), 1, "{paths:?}");
    assert_eq!(paths[0].contacts[0].obstacle, "box");
    assert!(
        h.state().status().contains("and 1 path(s)"),
        "{}",
        h.state().status()
    );
    assert!(
        h.query_by_label_contains("expect_paths[0] ball: ")
            .is_some()
    );
    assert_eq!(count(&h, "FAIL"), 0);
    // The box moved down: the pair and the path fail, live.
    let Shape::Box { min, max } = h.state().scene().objects[1].shape else {
        panic!("object 1 is the box");
    };
    let moved = Shape::Box {
        min: min - sweepscope::Vec2::new(0.0, 5.0),
        max: max - sweepscope::Vec2::new(0.0, 5.0),
    };
    h.state_mut().queue(Command::edit(Edit::SetShape {
        object: 1,
        shape: moved,
    }));
    h.run();
    assert!(!h.state().evaluation().path_expectations[0].passed());
    act(&mut h, Action::Undo);
    assert!(h.state().evaluation().expectations_hold());
    // A rename of the box follows into the path's contacts; deleting it drops the path.
    h.state_mut().queue(Command::edit(Edit::Rename {
        object: 1,
        name: "crate".into(),
    }));
    h.run();
    assert_eq!(
        h.state().scene().expect_paths[0].contacts[0].obstacle,
        "crate"
    );
    assert!(h.state().evaluation().expectations_hold());
    h.state_mut()
        .queue(Command::edit(Edit::Remove { object: 1 }));
    h.run();
    assert!(h.state().scene().expect_paths.is_empty());
    act(&mut h, Action::Undo);
    assert_eq!(h.state().scene().expect_paths.len(), 1);
}

/// Hostile test: notes of 10 MB on one line took 2.35 GB when Scene and notes was opened
/// (the editor lays the whole text out, every glyph kept). Text past the panel's limit is
/// shown in part with the reason, not edited, and kept as it is.
#[test]
fn notes_too_long_to_edit_are_shown_in_part_and_kept() {
    use sweepscope::app::views::inspector::MAX_EDITED_TEXT;
    let mut scene = builtin::default_scene();
    let long = "x = 0.4 ".repeat(MAX_EDITED_TEXT / 8 + 1);
    scene.notes = long.clone();
    let mut h = harness(DebugApp::new(scene));
    h.get_by_label("Scene and notes").click();
    h.run();
    assert!(
        h.query_by_role_and_label(Role::MultilineTextInput, "notes")
            .is_none()
    );
    assert!(
        h.query_by_label_contains("past the 256 KiB this panel edits")
            .is_some()
    );
    // The description, short, is still edited there.
    assert!(
        h.query_by_role_and_label(Role::MultilineTextInput, "description")
            .is_some()
    );
    assert_eq!(h.state().scene().notes, long);
}
