//! One evaluation: for every scene in `scenes/`, the debugger's inspector and
//! `sweepscope check` show the numbers of the same `scene::evaluate`.

#![cfg(feature = "gui")]

use std::path::PathBuf;
use std::process::Command;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sweepscope::app::DebugApp;
use sweepscope::scene::number::fixed;
use sweepscope::scene::{evaluate, load_scene};

fn scene_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
}

/// The contact times the inspector shows ("HIT  t = …" labels), as printed.
fn shown_times(h: &Harness<DebugApp>) -> Vec<String> {
    let mut v: Vec<String> = h
        .query_all_by_label_contains("HIT  t = ")
        .filter_map(|n| n.value())
        .filter_map(|text| text.rsplit("= ").next().map(str::to_owned))
        .collect();
    v.sort();
    v
}

#[test]
fn the_inspector_and_check_read_the_same_evaluation_for_every_scene() {
    let mut compared = 0;
    for path in scene_files() {
        let name = path.display().to_string();
        let scene = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
        let ev = evaluate(&scene);
        let mut h = Harness::builder()
            .with_size(egui::vec2(1400.0, 900.0))
            .build_ui_state(|ui, app: &mut DebugApp| app.ui(ui), DebugApp::new(scene));
        h.run_steps(3);
        assert_eq!(h.state().evaluation(), &ev, "{name}: the app's evaluation");

        // The inspector lists the inspected ball's contacts, from that evaluation.
        let mut want: Vec<String> = h
            .state()
            .inspected()
            .map(|b| {
                b.pairs
                    .iter()
                    .filter_map(|p| p.hit)
                    .map(|h| fixed(h.time))
                    .collect()
            })
            .unwrap_or_default();
        want.sort();
        // Collapsed pairs are not laid out: compare the ones the inspector opened.
        let shown = shown_times(&h);
        assert!(
            shown.iter().all(|t| want.contains(t)),
            "{name}: {shown:?} not in {want:?}"
        );
        assert_eq!(shown.is_empty(), want.is_empty(), "{name}");

        // `check --json` prints every pair's exact time, bit for bit the evaluation's.
        let out = Command::new(env!("CARGO_BIN_EXE_sweepscope"))
            .args(["check", "--json"])
            .arg(&path)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let doc: serde_json::Value =
            serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{name}: {e}"));
        let pairs = doc["files"][0]["pairs"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let printed: Vec<Option<f32>> = pairs
            .iter()
            .map(|p| p["hit"]["time"].as_f64().map(|t| t as f32))
            .collect();
        let evaluated: Vec<Option<f32>> = ev.pairs().map(|p| p.hit.map(|h| h.time)).collect();
        assert_eq!(printed, evaluated, "{name}: check's times");
        compared += 1;
    }
    assert!(compared >= 10, "{compared} scenes");
}
