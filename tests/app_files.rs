//! Files through the debugger's UI, with egui_kittest and no display: the in-app file
//! dialog (what opens when no native one can be shown), Discard that really discards, the
//! session the next launch restores, saves that fail without losing anything, and the
//! question before a save drops a file's comments. Named after the bugs they guard.

#![cfg(feature = "gui")]

use std::path::{Path, PathBuf};

mod app_support;

use app_support::type_over;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use sweepscope::app::shell::files::title;
use sweepscope::app::shell::session;
use sweepscope::app::{Action, Command, DebugApp};
use sweepscope::scene::{Scene, builtin, load_scene, save_scene};

fn harness(app: DebugApp) -> Harness<'static, DebugApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .with_max_steps(16)
        .build_ui_state(|ui, app: &mut DebugApp| app.ui(ui), app);
    h.run();
    h
}

/// What the next launch restores from `stored`.
fn restored_from(stored: &session::Stored) -> session::Restored {
    session::restore(stored)
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("a session to restore"))
}

/// The next launch, restoring `stored`.
fn next_launch(stored: &session::Stored) -> Harness<'static, DebugApp> {
    let mut next = harness(DebugApp::new(Scene::empty("")));
    next.state_mut().open_restored(restored_from(stored));
    next.run();
    next
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("app-files-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    dir
}

fn act(h: &mut Harness<DebugApp>, a: Action) {
    h.state_mut().queue(Command::Action(a));
    h.run();
}

/// The debugger on the scene saved at `path`, opened from it.
fn opened(path: &Path) -> DebugApp {
    let mut app = DebugApp::new(Scene::empty(""));
    let scene = load_scene(path).unwrap_or_else(|e| panic!("{e}"));
    app.set_document(scene, Some(path));
    app
}

/// Makes the document dirty through the inspector (the first ball's radius).
fn edit(h: &mut Harness<DebugApp>) {
    h.get_by_role_and_label(Role::SpinButton, "radius")
        .set_value_accesskit(7.0);
    h.run();
    assert!(h.state().dirty());
}

/// Types `path` into the in-app dialog's file-name field.
fn set_file_name(h: &mut Harness<DebugApp>, path: &Path) {
    h.get_by_role_and_label(Role::TextInput, "File name")
        .set_text_value_accesskit(&path.display().to_string());
    h.run();
}

fn window_title(h: &Harness<DebugApp>) -> String {
    let app = h.state();
    title(app.scene(), app.file_path(), app.dirty())
}

#[test]
fn save_as_without_a_native_dialog_opens_the_in_app_one_and_saves() {
    // The bug: without a portal, Save as did nothing and said nothing.
    let dir = scratch("save-as");
    let target = dir.join("new.ron");
    let mut h = harness(DebugApp::new(Scene::empty("untitled")));
    act(&mut h, Action::AddBall);
    assert!(h.state().dirty());
    act(&mut h, Action::SaveAs);
    assert!(h.state().file_dialog_open(), "the in-app dialog is open");
    assert!(h.query_by_label("Save scene as").is_some());
    set_file_name(&mut h, &target);
    h.get_by_label("Save").click();
    h.run();
    h.run();
    assert!(!h.state().file_dialog_open());
    assert!(!h.state().dirty(), "saved: {:?}", h.state().banner());
    assert_eq!(h.state().file_path(), Some(target.as_path()));
    let back = load_scene(&target).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.objects, h.state().scene().objects);
    // A new scene takes its file's name when first saved: kept "untitled", it named its
    // window "untitled — new.ron" and its bug reports `bug-report-untitled-…`.
    assert_eq!(back.name, "new");
    assert!(
        window_title(&h).starts_with("new — "),
        "{}",
        window_title(&h)
    );
    assert!(
        h.state().status().contains("saved"),
        "{}",
        h.state().status()
    );
}

#[test]
fn saving_a_new_scene_from_the_unsaved_changes_question_saves_then_goes_on() {
    // The bug: "Unsaved changes → Save" did nothing for a scene without a file.
    let dir = scratch("ask-save");
    let target = dir.join("kept.ron");
    let mut h = harness(DebugApp::new(Scene::empty("untitled")));
    act(&mut h, Action::AddBox);
    act(&mut h, Action::New);
    assert!(h.query_by_label("Unsaved changes").is_some());
    h.get_by_label("Save").click();
    h.run();
    assert!(h.state().file_dialog_open());
    set_file_name(&mut h, &target);
    h.get_by_label("Save").click();
    h.run();
    h.run();
    let kept = load_scene(&target).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(kept.objects.len(), 1, "the box was saved");
    // ... and then New went ahead.
    assert!(h.state().scene().objects.is_empty());
    assert!(!h.state().dirty());
}

#[test]
fn open_without_a_native_dialog_lists_scene_files_and_opens_one() {
    let dir = scratch("open");
    let file = dir.join("picked.ron");
    let mut other = builtin::default_scene();
    other.name = "picked".into();
    save_scene(&file, &other).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(dir.join("notes.txt"), "not a scene").unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(opened(&file));
    h.state_mut().set_document(builtin::default_scene(), None);
    h.run();
    // Start in `dir`: the dialog starts beside the last file opened.
    act(&mut h, Action::Open);
    assert!(h.state().file_dialog_open());
    assert!(
        h.query_by_label_contains("notes.txt").is_none(),
        "only .ron files"
    );
    h.get_by_label("picked.ron").click();
    h.run();
    h.get_by_label("Open").click();
    h.run();
    h.run();
    assert_eq!(h.state().scene().name, "picked");
    assert_eq!(h.state().file_path(), Some(file.as_path()));
}

#[test]
fn picking_an_existing_file_in_the_in_app_dialog_asks_before_replacing_it() {
    let dir = scratch("replace");
    let target = dir.join("there.ron");
    std::fs::write(&target, "(version: 1, objects: [])\n").unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    act(&mut h, Action::SaveAs);
    set_file_name(&mut h, &target);
    h.get_by_label("Save").click();
    h.run();
    h.run();
    assert!(h.query_by_label_contains("already exists").is_some());
    assert_eq!(
        std::fs::read_to_string(&target).unwrap_or_default(),
        "(version: 1, objects: [])\n",
        "nothing written before the answer"
    );
    h.get_by_label("Replace").click();
    h.run();
    assert_eq!(
        load_scene(&target).map(|s| s.objects.len()),
        Ok(3),
        "{:?}",
        h.state().banner()
    );
}

#[test]
fn saving_over_a_file_with_comments_warns_first() {
    let dir = scratch("comments");
    let file = dir.join("commented.ron");
    let text = "// why: the hand computation\n(version: 1, objects: [])\n";
    std::fs::write(&file, text).unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(opened(&file));
    act(&mut h, Action::AddBall);
    act(&mut h, Action::Save);
    assert!(
        h.query_by_label_contains("comments that saving will drop")
            .is_some()
    );
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(std::fs::read_to_string(&file).unwrap_or_default(), text);
    assert!(h.state().dirty());
    act(&mut h, Action::Save);
    h.get_by_label("Save anyway").click();
    h.run();
    assert!(!h.state().dirty());
    let saved = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(!saved.contains("//") && saved.contains("ball"), "{saved}");
}

#[test]
fn discard_on_close_does_not_come_back_under_a_clean_title() {
    // The bug: after Discard on close, the next launch showed the discarded edits under a
    // clean title naming a file whose content differs.
    let dir = scratch("discard");
    let file = dir.join("scene.ron");
    save_scene(&file, &builtin::default_scene()).unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(opened(&file));
    edit(&mut h);
    h.state_mut()
        .queue(Command::Request(sweepscope::app::ui_state::Pending::Close));
    h.run();
    assert!(h.query_by_label("Unsaved changes").is_some());
    h.get_by_label("Discard").click();
    h.run();
    let stored = h.state().session();
    assert!(
        stored.scene.is_empty(),
        "discarded edits are not remembered"
    );
    assert_eq!(stored.path.as_deref(), Some(file.as_path()));
    // The next launch.
    let next = next_launch(&stored);
    assert_eq!(
        next.state().scene(),
        &load_scene(&file).unwrap_or_else(|e| panic!("{e}"))
    );
    assert!(!next.state().dirty());
    assert!(!window_title(&next).starts_with('*'));
}

#[test]
fn a_session_with_edits_comes_back_marked_unsaved() {
    // Remembered without closing (eframe saves the session every 30 s): the edits come
    // back, and the title says they are not in the file.
    let dir = scratch("crash");
    let file = dir.join("scene.ron");
    save_scene(&file, &builtin::default_scene()).unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(opened(&file));
    edit(&mut h);
    let stored = h.state().session();
    let next = next_launch(&stored);
    assert_eq!(next.state().scene().objects, h.state().scene().objects);
    assert!(next.state().dirty());
    assert!(
        window_title(&next).starts_with('*'),
        "{}",
        window_title(&next)
    );
}

#[test]
fn a_save_that_fails_keeps_the_document_unsaved_and_the_window_open() {
    let dir = scratch("fail");
    let file = dir.join("scene.ron");
    save_scene(&file, &builtin::default_scene()).unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(opened(&file));
    edit(&mut h);
    // The file became a folder: saving cannot replace it.
    std::fs::remove_file(&file).unwrap_or_else(|e| panic!("{e}"));
    std::fs::create_dir_all(file.join("inside")).unwrap_or_else(|e| panic!("{e}"));
    h.state_mut()
        .queue(Command::Request(sweepscope::app::ui_state::Pending::Close));
    h.run();
    h.get_by_label("Save").click();
    h.run();
    let banner = h.state().banner().unwrap_or_default().to_owned();
    assert!(
        banner.contains("scene.ron") && banner.contains("not saved"),
        "{banner}"
    );
    assert!(h.state().dirty(), "still unsaved");
    assert!(
        h.state().session().scene.contains("radius: 7.0"),
        "the edits are still remembered"
    );
    assert!(file.join("inside").is_dir());
}

#[cfg(target_os = "linux")]
#[test]
/// Saving over /dev/full (which stood in for a full disk) is refused as a device: a scene
/// is saved only over a regular file, since a special one (a FIFO) could block the window.
/// Either way the message names the file and the scene stays unsaved.
fn saving_over_a_device_is_a_clear_message_and_loses_nothing() {
    let full = Path::new("/dev/full");
    if !full.exists() {
        return;
    }
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    edit(&mut h);
    act(&mut h, Action::SaveAs);
    set_file_name(&mut h, full);
    h.get_by_label("Save").click();
    h.run();
    h.run();
    // /dev/full exists: the in-app dialog asks before replacing it.
    if h.query_by_label("Replace").is_some() {
        h.get_by_label("Replace").click();
        h.run();
    }
    let banner = h.state().banner().unwrap_or_default().to_owned();
    assert!(
        banner.contains("/dev/full") && banner.contains("is not a regular file"),
        "{banner}"
    );
    assert!(h.state().dirty());
    assert_eq!(h.state().file_path(), None);
}

#[test]
fn a_file_that_fails_to_load_offers_reload_once_fixed() {
    let dir = scratch("reload");
    let file = dir.join("broken.ron");
    std::fs::write(&file, "(version: 1, objects: [ oops ])\n").unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    h.state_mut().open_path(&file);
    h.run();
    assert!(h.state().banner().is_some_and(|b| b.contains("broken.ron")));
    // The status bar no longer says the last file was opened beside the failure.
    let status = h.state().status().to_owned();
    assert!(
        status.starts_with("not opened: ") && status.ends_with("broken.ron"),
        "{status}"
    );
    assert!(
        h.query_by_label_contains("Reload").is_some(),
        "the banner offers Reload"
    );
    save_scene(&file, &builtin::default_scene()).unwrap_or_else(|e| panic!("{e}"));
    h.get_by_label_contains("Reload").click();
    h.run();
    h.run();
    assert_eq!(h.state().banner(), None);
    assert_eq!(h.state().file_path(), Some(file.as_path()));
}

/// A frame in which the window manager asks the window to close.
fn request_window_close(h: &mut Harness<DebugApp>) {
    let info = egui::ViewportInfo {
        events: vec![egui::ViewportEvent::Close],
        ..Default::default()
    };
    h.input_mut().viewports.insert(egui::ViewportId::ROOT, info);
    h.run();
}

#[test]
fn an_unattended_run_with_unsaved_changes_closes_without_asking() {
    // The bug: `--sim-discs 200 --frames 60` filled the simulation (an unsaved change),
    // and when the run ended its close request was answered with "Unsaved changes"; with
    // nobody to click, the watchdog killed it after 30 s instead of the report printing.
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    edit(&mut h);
    assert!(h.state().dirty());
    // What a person closing the window sees: the question.
    request_window_close(&mut h);
    assert!(h.state().asking());
    assert!(h.query_by_label("Unsaved changes").is_some());
    h.get_by_label("Cancel").click();
    h.run();
    assert!(!h.state().asking());
    // What an unattended run does: no question.
    let ctx = h.ctx.clone();
    h.state_mut().close_unattended(&ctx);
    request_window_close(&mut h);
    assert!(!h.state().asking());
    assert!(h.query_by_label("Unsaved changes").is_none());
}

#[test]
fn a_scene_opened_by_a_relative_path_is_remembered_by_its_absolute_one() {
    // The bug: `sweepscope scenes/x.ron` stored "scenes/x.ron" in the title, the recent
    // files and the session, so a launch from another folder could not reopen it.
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let relative = Path::new("scenes/default.ron");
    let cwd = std::env::current_dir().unwrap_or_default();
    assert_eq!(
        cwd, manifest,
        "cargo runs integration tests in the package folder"
    );
    let app = opened(relative);
    let absolute = manifest.join(relative);
    assert_eq!(app.session().path.as_deref(), Some(absolute.as_path()));
    assert_eq!(app.recent_files().first(), Some(&absolute));
}

#[test]
fn save_as_offers_the_open_files_name() {
    // The bug: with mine.ron open, Save as offered "Default__corner_bounce.ron", a name
    // made from the scene's title.
    let dir = scratch("save-as-name");
    let file = dir.join("mine.ron");
    save_scene(&file, &builtin::default_scene()).unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(opened(&file));
    act(&mut h, Action::SaveAs);
    let offered = h
        .get_by_role_and_label(Role::TextInput, "File name")
        .value()
        .unwrap_or_default();
    assert!(offered.ends_with("mine.ron"), "{offered}");
    // A scene that has no file yet is offered its name, as a file name reads.
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    act(&mut h, Action::SaveAs);
    let offered = h
        .get_by_role_and_label(Role::TextInput, "File name")
        .value()
        .unwrap_or_default();
    assert!(offered.ends_with("default-corner-bounce.ron"), "{offered}");
}

#[test]
fn saving_a_scene_whose_expectations_fail_says_so() {
    // The bug: Save as wrote a scene whose recorded hit no longer happens without a word,
    // and `sweepscope check` then failed on it.
    let dir = scratch("save-notes");
    let target = dir.join("moved.ron");
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    // The ball moved far to the right of everything: its recorded hit is gone.
    h.get_by_role_and_label(Role::SpinButton, "start x")
        .set_value_accesskit(300.0);
    h.get_by_role_and_label(Role::SpinButton, "end x")
        .set_value_accesskit(300.0);
    h.run();
    act(&mut h, Action::SaveAs);
    set_file_name(&mut h, &target);
    h.get_by_label("Save").click();
    h.run();
    h.run();
    assert!(!h.state().dirty(), "saved: {:?}", h.state().banner());
    let status = h.state().status().to_owned();
    assert!(status.contains("expectations fail"), "{status}");
    // An untouched scene saves with the plain note.
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    act(&mut h, Action::SaveAs);
    set_file_name(&mut h, &dir.join("as-is.ron"));
    h.get_by_label("Save").click();
    h.run();
    h.run();
    let status = h.state().status().to_owned();
    assert!(
        status.starts_with("saved ") && !status.contains("expectations"),
        "{status}"
    );
}

/// Typing 1e39 into a coordinate gave the ball an infinite end, and a radius of -5 was
/// clamped to 0: the scene then refused to be saved. Such an edit is not applied now, the
/// status says why, and the scene saves.
#[test]
fn an_edit_the_file_format_would_refuse_is_not_applied_and_the_scene_still_saves() {
    let dir = scratch("refused-edit");
    let target = dir.join("kept.ron");
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let ball = |h: &Harness<DebugApp>| h.state().scene().objects[0].shape;
    let before = ball(&h);
    // The radius's reason is the -5 typed, not a 0 it was held to ("got 0; ... below
    // 1e-45 reads as 0").
    for (label, value, field) in [("end y", 1e39, "end"), ("radius", -5.0, "(got -5)")] {
        h.get_by_role_and_label(Role::SpinButton, label)
            .set_value_accesskit(value);
        h.run();
        assert_eq!(ball(&h), before, "{label} = {value} is not applied");
        let status = h.state().status().to_owned();
        assert!(
            status.starts_with("not applied") && status.contains(field),
            "{label}: {status}"
        );
    }
    // A valid value still is, and the refusal's reason goes (it stayed, as if the valid
    // edit had been refused too).
    h.get_by_role_and_label(Role::SpinButton, "radius")
        .set_value_accesskit(2.5);
    h.run();
    assert_ne!(ball(&h), before);
    assert!(
        !h.state().status().contains("not applied"),
        "{}",
        h.state().status()
    );
    act(&mut h, Action::SaveAs);
    set_file_name(&mut h, &target);
    h.get_by_label("Save").click();
    h.run();
    assert!(load_scene(&target).is_ok(), "{:?}", h.state().banner());
}

/// The fields applied every keystroke: typing 1e39 applied 1e3 (start x became 1000)
/// before the whole value was refused, and typing 35 over max x = 40 with min x = 5 gave
/// 450 (the refused 3 reset the text under the cursor). A typed value is applied once,
/// on Enter.
#[test]
fn a_typed_value_is_applied_once_on_enter_not_keystroke_by_keystroke() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let start = |h: &Harness<DebugApp>| match h.state().scene().objects[0].shape {
        sweepscope::scene::Shape::Ball { start, .. } => start,
        other => panic!("{other:?}"),
    };
    let before = start(&h);
    type_over(&mut h, Role::SpinButton, "start x", "1e39");
    assert_eq!(start(&h), before, "nothing applied");
    assert!(
        h.state().status().starts_with("not applied"),
        "{}",
        h.state().status()
    );
    type_over(&mut h, Role::SpinButton, "start x", "-7.5");
    assert_eq!(start(&h).x, -7.5);
    // One undo step for the typed value.
    act(&mut h, Action::Undo);
    assert_eq!(start(&h), before);
}

/// Text that is not a number (`abc`, `1,5`, `nan`) typed into a field was dropped without
/// a word: the field went back to its value and nothing said why.
#[test]
fn text_typed_into_a_number_field_that_is_not_a_number_is_refused_in_words() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let start = |h: &Harness<DebugApp>| match h.state().scene().objects[0].shape {
        sweepscope::scene::Shape::Ball { start, .. } => start,
        other => panic!("{other:?}"),
    };
    let before = start(&h);
    for text in ["abc", "1,5", "nan"] {
        type_over(&mut h, Role::SpinButton, "start x", text);
        assert_eq!(start(&h), before, "{text}: nothing applied");
        let status = h.state().status().to_owned();
        assert!(
            status.starts_with("not applied: start x:") && status.contains(text),
            "{text}: {status}"
        );
        assert!(!h.state().dirty(), "{text}");
    }
    // A number with egui's leniency (spaces, a true minus sign) is still a number.
    type_over(&mut h, Role::SpinButton, "start x", "\u{2212}1 000.5");
    assert_eq!(start(&h).x, -1000.5);
    // The scrubber's t took `1,5` as 1, keystroke by keystroke; 1.5 is past its end.
    let t = h.state().time();
    for (text, why) in [
        ("1,5", "is not a number"),
        ("1.5", "1.5 is above the limit, 1"),
    ] {
        type_over(&mut h, Role::SpinButton, "t", text);
        assert_eq!(h.state().time(), t, "{text}");
        assert!(
            h.state().status().contains(why),
            "{text}: {}",
            h.state().status()
        );
    }
    type_over(&mut h, Role::SpinButton, "t", "0.25");
    assert_eq!(h.state().time(), 0.25);
}

/// Ctrl+Q closed the window though the File menu had no Quit; it is there now, and with
/// unsaved changes it asks first, as closing the window does.
#[test]
fn quit_is_in_the_file_menu_and_asks_about_unsaved_changes() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    h.get_by_label("File").click();
    h.run();
    assert!(h.query_by_label_contains("Quit").is_some());
    h.key_press(egui::Key::Escape);
    h.run();
    edit(&mut h);
    act(&mut h, Action::Quit);
    assert!(h.query_by_label("Unsaved changes").is_some());
    h.get_by_label("Cancel").click();
    h.run();
    assert!(!h.state().asking());
}

#[test]
fn the_session_brings_back_the_selected_object() {
    let dir = scratch("selection");
    let file = dir.join("scene.ron");
    save_scene(&file, &builtin::default_scene()).unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(opened(&file));
    // Not the first ball, which a scene opens on.
    let objects = &h.state().scene().objects;
    let first_ball = objects.iter().position(|o| o.shape.is_ball());
    let (pick, name) = objects
        .iter()
        .enumerate()
        .rev()
        .find(|(i, _)| Some(*i) != first_ball)
        .map(|(i, o)| (i, o.name.clone()))
        .unwrap_or_else(|| panic!("the default scene has more than one object"));
    h.state_mut().select(Some(pick));
    h.run();
    let stored = h.state().session();
    assert_eq!(stored.selected.as_deref(), Some(name.as_str()));
    let restored = restored_from(&stored);
    let mut next = harness(DebugApp::new(Scene::empty("")));
    next.state_mut().open_restored(restored.clone());
    next.run();
    assert_eq!(next.state().selected(), Some(pick), "{name}");
    // A name the scene no longer has leaves the selection where opening puts it.
    let mut gone = restored;
    gone.selected = Some("no such object".into());
    let mut other = harness(DebugApp::new(Scene::empty("")));
    other.state_mut().open_restored(gone);
    other.run();
    assert_eq!(other.state().selected(), first_ball);
}

/// Typing start x, Tab, start y, Enter made one undo step of the two fields: the gesture
/// stayed open while a field had the keyboard, and Tab gives it to the next field. Each
/// typed field is an undo step of its own.
#[test]
fn two_fields_typed_one_after_the_other_undo_one_at_a_time() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let start = |h: &Harness<DebugApp>| match h.state().scene().objects[0].shape {
        sweepscope::scene::Shape::Ball { start, .. } => start,
        other => panic!("{other:?}"),
    };
    let before = start(&h);
    h.get_by_role_and_label(Role::SpinButton, "start x").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_by_role_and_label(Role::SpinButton, "start x")
        .type_text("-7.5");
    h.run();
    h.key_press(egui::Key::Tab);
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_by_role_and_label(Role::SpinButton, "start y")
        .type_text("3.25");
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(start(&h), sweepscope::Vec2::new(-7.5, 3.25));
    act(&mut h, Action::Undo);
    assert_eq!(
        start(&h),
        sweepscope::Vec2::new(-7.5, before.y),
        "y undone alone"
    );
    act(&mut h, Action::Undo);
    assert_eq!(start(&h), before);
}

/// Restitution 1.5 typed was held to 1 and applied without a word (and -0.3 to 0): a user
/// expecting a superelastic bounce silently got 1. It is refused with its reason, as a
/// negative radius is.
#[test]
fn a_restitution_out_of_range_is_refused_not_clamped() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let before = h.state().scene().response;
    for typed in ["1.5", "-0.3"] {
        type_over(&mut h, Role::SpinButton, "restitution", typed);
        assert_eq!(h.state().scene().response, before, "{typed} is not applied");
        let status = h.state().status().to_owned();
        assert!(
            status.starts_with("not applied") && status.contains("restitution"),
            "{typed}: {status}"
        );
    }
    type_over(&mut h, Role::SpinButton, "restitution", "0.5");
    assert_eq!(h.state().scene().response.restitution, 0.5);
    assert!(!h.state().status().contains("not applied"));
}

/// The max bounces field held a typed 100 to 64 (a range of its own, not the file
/// format's limit of 10,000), and applied that without a word.
#[test]
fn max_bounces_takes_what_the_file_format_takes_and_refuses_more() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    type_over(&mut h, Role::SpinButton, "max bounces", "100");
    assert_eq!(h.state().scene().response.max_bounces, 100);
    type_over(&mut h, Role::SpinButton, "max bounces", "200000");
    assert_eq!(h.state().scene().response.max_bounces, 100);
    let status = h.state().status().to_owned();
    assert!(
        status.starts_with("not applied") && status.contains("max_bounces"),
        "{status}"
    );
}

/// The sub-step count held a typed 1000 to 256 (a range of its own, not the file format's
/// 1..=100,000) and applied that without a word; 0 was held to 1.
#[test]
fn the_sub_step_count_takes_what_the_file_format_takes_and_refuses_the_rest() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    // The field shows beside the plot and in the variants panel: the first will do.
    let type_steps = |h: &mut Harness<DebugApp>, text: &str| {
        let field = |h: &Harness<DebugApp>| {
            h.query_all_by_role_and_label(Role::SpinButton, "sub-steps")
                .next()
                .map(|n| n.rect().center())
                .unwrap_or_else(|| panic!("a sub-steps field"))
        };
        let at = field(h);
        h.drag_at(at);
        h.run();
        h.drop_at(at);
        h.run();
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        h.run();
        h.event(egui::Event::Text(text.to_owned()));
        h.run();
        h.key_press(egui::Key::Enter);
        h.run();
    };
    type_steps(&mut h, "1000");
    assert_eq!(h.state().scene().params.substeps, 1000);
    for refused in ["0", "200000"] {
        type_steps(&mut h, refused);
        assert_eq!(h.state().scene().params.substeps, 1000, "{refused}");
        let status = h.state().status().to_owned();
        assert!(
            status.starts_with("not applied") && status.contains("substeps"),
            "{refused}: {status}"
        );
    }
}

/// With the bug-report form or the unsaved-changes question open, keys reached the scene
/// behind: "b" added a ball and Space started the scrubber under the form (and the report
/// would have pictured that), "x" added a box behind the question. A dialog has the
/// keyboard now, and the form opens with its first field ready to type in.
#[test]
fn keys_typed_at_a_dialog_never_reach_the_scene_behind_it() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let objects = h.state().scene().objects.len();
    act(&mut h, Action::BugReport);
    h.run();
    for key in [egui::Key::B, egui::Key::X, egui::Key::Space] {
        h.key_press(key);
        h.run();
    }
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(h.state().scene().objects.len(), objects, "nothing added");
    assert!(!h.state().dirty(), "nothing changed behind the form");
    // What is typed goes to the form's first field.
    h.event(egui::Event::Text("kbd only".into()));
    h.run();
    let field = h.get_by_role_and_label(Role::MultilineTextInput, "What happened");
    assert_eq!(field.value().as_deref(), Some("kbd only"));
    h.key_press(egui::Key::Escape);
    h.run();
    // The unsaved-changes question.
    edit(&mut h);
    let changed = h.state().scene().clone();
    act(&mut h, Action::New);
    assert!(h.state().asking());
    h.key_press(egui::Key::X);
    h.run();
    assert_eq!(h.state().scene(), &changed, "no box behind the question");
}

/// Ctrl+Z while typing in a field took back an edit committed before (start x back to
/// -62 under a field showing 20); Enter then committed the field and the redo was lost.
/// The field keeps Ctrl+Z for its own typing.
#[test]
fn undo_while_typing_in_a_field_leaves_the_committed_edits_alone() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    let start = |h: &Harness<DebugApp>| match h.state().scene().objects[0].shape {
        sweepscope::scene::Shape::Ball { start, .. } => start,
        other => panic!("{other:?}"),
    };
    type_over(&mut h, Role::SpinButton, "start x", "7");
    assert_eq!(start(&h).x, 7.0);
    h.get_by_role_and_label(Role::SpinButton, "start y").click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.event(egui::Event::Text("20".into()));
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(start(&h).x, 7.0, "the committed x is kept");
    h.key_press(egui::Key::Escape);
    h.run();
    // Outside the field, Ctrl+Z is the scene's undo again.
    act(&mut h, Action::Undo);
    assert_ne!(start(&h).x, 7.0);
}

/// A refusal's reason stayed in the status bar after later changes that were not typed
/// edits (a box added, a duplicate), as if they had been refused too.
#[test]
fn a_refusal_s_reason_goes_with_the_next_change_of_any_kind() {
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    type_over(&mut h, Role::SpinButton, "radius", "-1");
    assert!(h.state().status().starts_with("not applied"));
    act(&mut h, Action::AddBox);
    assert!(
        !h.state().status().starts_with("not applied"),
        "{}",
        h.state().status()
    );
}

/// At 800 x 600 the status bar left a message about a dozen characters ("not applied:
/// scene: `response.re…") after the pointer's position, the frame time and the zoom,
/// and a blank where the position goes when the pointer is off the canvas.
#[test]
fn the_status_message_has_the_room_at_800_by_600() {
    let mut h = Harness::builder()
        .with_size(egui::vec2(800.0, 600.0))
        .with_max_steps(8)
        .build_ui_state(
            |ui, app: &mut DebugApp| app.ui(ui),
            DebugApp::new(builtin::default_scene()),
        );
    h.run();
    type_over(&mut h, Role::SpinButton, "restitution", "1.5");
    let status = h.state().status().to_owned();
    assert!(status.starts_with("not applied"), "{status}");
    // The message comes first, at the left, with the readouts after it at the right.
    let shown = h.get_by_label(&status).rect();
    assert!(shown.left() < 40.0 && shown.width() > 300.0, "{shown:?}");
    let zoom = h.get_by_label_contains("px/unit").rect();
    assert!(zoom.right() > 780.0, "{zoom:?}");
}

/// The fields showed four decimals: a start x of -3e-30 read "-0.0", and clicking into it
/// and pressing Enter wrote -0 back, moving the ball and changing the answer; a radius of
/// 1e-7 read "0.00" and was refused as 0. A field committed unchanged keeps its value bit
/// for bit, and shows digits that say what it holds.
#[test]
fn a_field_committed_unchanged_keeps_a_tiny_value() {
    let mut scene = Scene::empty("tiny");
    scene.objects.push(sweepscope::scene::Object {
        name: "ball".into(),
        shape: sweepscope::scene::Shape::Ball {
            start: sweepscope::Vec2::new(-3e-30, 5.000001),
            end: sweepscope::Vec2::new(1.7399898, -2.0),
            radius: 1e-7,
        },
    });
    let before = scene.objects[0].shape;
    let mut h = harness(DebugApp::new(scene));
    for field in ["start x", "start y", "end x", "radius"] {
        h.get_by_role_and_label(Role::SpinButton, field).click();
        h.run();
        h.key_press(egui::Key::Enter);
        h.run();
        assert_eq!(h.state().scene().objects[0].shape, before, "after {field}");
    }
    assert!(!h.state().dirty());
    for (field, shown) in [
        ("start x", "-3e-30"),
        ("start y", "5.000001"),
        ("radius", "1e-7"),
    ] {
        let value = h
            .get_by_role_and_label(Role::SpinButton, field)
            .accesskit_node()
            .value()
            .unwrap_or_default();
        assert!(value.contains(shown), "{field} shows {value:?}");
    }
}

/// Another program renames the scene in `file`; the debugger adds a ball and saves. The
/// other program's text.
fn edited_elsewhere_then_saved(h: &mut Harness<DebugApp>, file: &Path) -> String {
    let theirs = std::fs::read_to_string(file)
        .unwrap_or_default()
        .replace("Default: corner bounce", "EXTERNALLY EDITED");
    std::fs::write(file, &theirs).unwrap_or_else(|e| panic!("{e}"));
    act(h, Action::AddBall);
    act(h, Action::Save);
    theirs
}

/// A scene edited in a text editor while the debugger had it open was overwritten by the
/// next Ctrl+S without a word. Saving over a file changed since it was opened or saved
/// asks first; Cancel keeps the other program's text, and once saved, the next save asks
/// no more.
#[test]
fn saving_over_a_file_another_program_changed_asks_first() {
    let dir = scratch("changed-on-disk");
    let file = dir.join("scene.ron");
    save_scene(&file, &builtin::default_scene()).unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(opened(&file));
    // Saved unchanged: nobody else wrote the file, so no question.
    act(&mut h, Action::AddBall);
    act(&mut h, Action::Save);
    assert!(
        h.state().status().starts_with("saved"),
        "{}",
        h.state().status()
    );
    // Another program writes it; the debugger edits on and saves.
    let theirs = edited_elsewhere_then_saved(&mut h, &file);
    assert!(
        h.query_by_label_contains("changed on disk since it was opened")
            .is_some()
    );
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(std::fs::read_to_string(&file).unwrap_or_default(), theirs);
    assert!(h.state().dirty());
    act(&mut h, Action::Save);
    h.get_by_label("Save anyway").click();
    h.run();
    assert!(!h.state().dirty());
    assert!(
        !std::fs::read_to_string(&file)
            .unwrap_or_default()
            .contains("EXTERNALLY")
    );
    act(&mut h, Action::AddBall);
    act(&mut h, Action::Save);
    assert!(!h.state().dirty(), "saved again without a question");
}

/// Outside test: a session with unsaved edits to a file was killed; another program
/// edited the file; the next launch restored the edits and Ctrl+S overwrote the other
/// program's text without a question (the restored document took the file as it was at
/// restore time for the one it had read). The session keeps the file's fingerprint as it
/// knew it, and the save asks.
#[test]
fn a_restored_session_asks_before_saving_over_a_file_changed_since() {
    let dir = scratch("restored-changed");
    let file = dir.join("scene.ron");
    save_scene(&file, &builtin::default_scene()).unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(opened(&file));
    edit(&mut h);
    let stored = h.state().session();
    // Killed; another program writes the file.
    let theirs = std::fs::read_to_string(&file)
        .unwrap_or_default()
        .replace("Default: corner bounce", "EXTERNAL EDIT");
    std::fs::write(&file, &theirs).unwrap_or_else(|e| panic!("{e}"));
    let mut next = next_launch(&stored);
    assert!(next.state().dirty());
    act(&mut next, Action::Save);
    assert!(
        next.query_by_label_contains("changed on disk since it was opened")
            .is_some(),
        "saved without asking: {}",
        next.state().status()
    );
    next.get_by_label("Cancel").click();
    next.run();
    assert_eq!(std::fs::read_to_string(&file).unwrap_or_default(), theirs);
}

/// From "this file changed on disk", Reload went through the unsaved-changes question,
/// whose Save came back to the first question. Reload there takes the file's version.
#[test]
fn reload_from_the_changed_on_disk_question_takes_the_files_version() {
    let dir = scratch("changed-reload");
    let file = dir.join("scene.ron");
    save_scene(&file, &builtin::default_scene()).unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(opened(&file));
    let theirs = edited_elsewhere_then_saved(&mut h, &file);
    h.get_by_label("Reload, dropping my changes").click();
    h.run();
    h.run();
    assert_eq!(h.state().scene().name, "EXTERNALLY EDITED");
    assert!(!h.state().dirty());
    assert!(h.query_by_label_contains("Unsaved changes").is_none());
    assert_eq!(std::fs::read_to_string(&file).unwrap_or_default(), theirs);
}

/// A scene saved, opened again in a window of the same size and saved again changed its
/// text: `zoom: 7.2250004` came back as 7.225, worked out again from the region the view
/// showed. It saves to the same text.
#[test]
fn a_scene_opened_and_saved_again_keeps_its_text() {
    let dir = scratch("resave");
    let file = dir.join("scene.ron");
    let mut h = harness(DebugApp::new(builtin::default_scene()));
    act(&mut h, Action::SaveAs);
    set_file_name(&mut h, &file);
    h.get_by_label("Save").click();
    h.run();
    let first = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(first.contains("zoom:"), "{first}");
    for _ in 0..3 {
        let mut h = harness(opened(&file));
        h.run_steps(4);
        // Two edits that cancel out: the scene is unsaved, and the same.
        for name in ["other", "ball"] {
            h.state_mut()
                .queue(Command::edit(sweepscope::app::Edit::Rename {
                    object: 0,
                    name: name.into(),
                }));
            h.run();
        }
        assert!(h.state().dirty());
        act(&mut h, Action::Save);
        h.run();
        let again = std::fs::read_to_string(&file).unwrap_or_default();
        assert_eq!(again, first);
    }
}

/// The built-in dialog opened with nothing focused: typing a name and Enter did nothing,
/// and Tab went through every listed file to reach the field. It opens with the file name
/// field ready to type in.
#[test]
fn the_built_in_dialog_opens_ready_to_type_a_file_name() {
    let dir = scratch("dialog-focus");
    let file = dir.join("typed.ron");
    save_scene(&file, &builtin::default_scene()).unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(DebugApp::new(Scene::empty("x")));
    act(&mut h, Action::Open);
    h.run();
    let field = h.get_by_role_and_label(Role::TextInput, "File name");
    assert!(field.is_focused(), "the file name field has the keyboard");
    h.get_by_role_and_label(Role::TextInput, "File name")
        .type_text(&file.display().to_string());
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
    h.run();
    assert_eq!(h.state().file_path(), Some(file.as_path()));
}

/// In "Unsaved changes" Enter did nothing: Save has the keyboard when it opens.
#[test]
fn enter_answers_save_to_the_unsaved_changes_question() {
    let dir = scratch("enter-save");
    let file = dir.join("scene.ron");
    save_scene(&file, &builtin::default_scene()).unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(opened(&file));
    act(&mut h, Action::AddBall);
    assert!(h.state().dirty());
    act(&mut h, Action::New);
    assert!(h.query_by_label("Unsaved changes").is_some());
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    assert!(h.query_by_label("Unsaved changes").is_none());
    let saved = load_scene(&file).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        saved.objects.len(),
        builtin::default_scene().objects.len() + 1
    );
}

/// After a long load error at 800 × 600, the banner's buttons ran off the window
/// ("Dismis"): they come first and the error wraps in the width left.
#[test]
fn a_long_error_leaves_the_banners_buttons_in_a_narrow_window() {
    let dir = scratch("long-error");
    let file = dir.join(format!("{}.ron", "a-rather-long-scene-file-name".repeat(3)));
    save_scene(&file, &builtin::default_scene()).unwrap_or_else(|e| panic!("{e}"));
    let mut h = Harness::builder()
        .with_size(egui::vec2(800.0, 600.0))
        .with_max_steps(16)
        .build_ui_state(|ui, app: &mut DebugApp| app.ui(ui), opened(&file));
    h.run();
    std::fs::write(&file, "(\n version: 1,\n objects: [\n").unwrap_or_else(|e| panic!("{e}"));
    act(&mut h, Action::Reload);
    assert!(h.state().banner().is_some());
    for label in ["Dismiss", "Reload"] {
        let r = h.get_by_label_contains(label).rect();
        assert!(r.right() <= 800.0, "{label} at {r:?}");
    }
    h.get_by_label("Dismiss").click();
    h.run();
    assert!(h.state().banner().is_none());
}

/// User test: after a save, Save as cancelled with Escape left "saved …" in the status
/// bar, as if this save had happened too.
#[test]
fn a_cancelled_save_says_so_in_place_of_the_last_saved() {
    let dir = scratch("cancelled-save");
    let file = dir.join("mine.ron");
    save_scene(&file, &builtin::default_scene()).unwrap_or_else(|e| panic!("{e}"));
    let mut h = harness(opened(&file));
    act(&mut h, Action::Save);
    assert!(
        h.state().status().starts_with("saved"),
        "{}",
        h.state().status()
    );
    act(&mut h, Action::SaveAs);
    assert!(
        h.query_by_role_and_label(Role::TextInput, "File name")
            .is_some()
    );
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(
        h.query_by_role_and_label(Role::TextInput, "File name")
            .is_none()
    );
    assert_eq!(h.state().status(), "save cancelled");
    edit(&mut h);
    act(&mut h, Action::SaveAs);
    h.key_press(egui::Key::Escape);
    h.run();
    assert_eq!(
        h.state().status(),
        "save cancelled: the changes are not saved"
    );
}

/// Ctrl+O on a changed scene, then Discard in "Unsaved changes": the built-in dialog
/// opens with the file name field ready to type in, as a direct Ctrl+O does. (A user
/// test saw the typed path go nowhere once; the same steps in the real window, clicked
/// and typed with xdotool, and here, give the field the keyboard.)
#[test]
fn the_dialog_opened_after_discard_is_ready_to_type_a_file_name() {
    let dir = scratch("dialog-focus-discard");
    let file = dir.join("typed.ron");
    save_scene(&file, &builtin::default_scene()).unwrap_or_else(|e| panic!("{e}"));
    let mut app = DebugApp::new(Scene::empty("x"));
    app.queue(Command::edit(sweepscope::app::Edit::SetName(
        "changed".into(),
    )));
    let mut h = harness(app);
    h.run();
    assert!(h.state().dirty());
    act(&mut h, Action::Open);
    h.run();
    h.get_by_label("Discard").click();
    h.run();
    h.run();
    let field = h.get_by_role_and_label(Role::TextInput, "File name");
    assert!(field.is_focused(), "the file name field has the keyboard");
}
