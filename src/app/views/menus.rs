//! The menu bar and the toolbar. Every entry is an [`Action`] (its label, hover text and
//! shortcut come from there) or an edit of the scene's layers and heat map.

use std::path::PathBuf;

use egui::containers::menu::{MenuButton, MenuConfig};
use egui::{PopupCloseBehavior, Ui};

use crate::app::action::Action;
use crate::app::command::{AddKind, Command};
use crate::app::document::{Document, Edit};
use crate::app::ui_state::{Mode, Pending, UiState};
use crate::scene::{HeatMap, Layers, Scene, builtin};
use crate::variants::Variant;

/// The menu bar with the view switch and the view's toolbar.
pub fn menu_bar(
    ui: &mut Ui,
    doc: &Document,
    state: &mut UiState,
    recent: &[PathBuf],
    out: &mut Vec<Command>,
) {
    // Wrapped: in a narrow window the toolbar goes on a second row rather than off the
    // edge, where its last buttons could not be reached.
    egui::MenuBar::new().ui(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.menu_button("File", |ui| file_menu(ui, recent, out));
            ui.menu_button("Edit", |ui| edit_menu(ui, doc, state, out));
            // Switching layers on and off keeps the menu open; a click elsewhere closes it.
            let stay = MenuConfig::new().close_behavior(PopupCloseBehavior::CloseOnClickOutside);
            MenuButton::new("Layers")
                .config(stay.clone())
                .ui(ui, |ui| layers_menu(ui, doc, out));
            MenuButton::new("View")
                .config(stay)
                .ui(ui, |ui| view_menu(ui, state, out));
            ui.menu_button("Help", |ui| menu_item(ui, out, Action::Help, true));
            ui.separator();
            mode_switch(ui, state);
            ui.separator();
            match state.mode {
                Mode::Sweep => toolbar(ui, doc, out),
                Mode::Simulation => simulation_toolbar(ui, doc, out),
            }
        })
    });
}

/// A menu entry for `a`, closing its menu when chosen.
fn menu_item(ui: &mut Ui, out: &mut Vec<Command>, a: Action, enabled: bool) {
    if a.button(ui, enabled) {
        out.push(Command::Action(a));
        ui.close();
    }
}

fn file_menu(ui: &mut Ui, recent: &[PathBuf], out: &mut Vec<Command>) {
    for a in [
        Action::New,
        Action::Open,
        Action::Save,
        Action::SaveAs,
        Action::SaveRegression,
        Action::Reload,
    ] {
        menu_item(ui, out, a, true);
    }
    ui.menu_button("Recent", |ui| {
        if recent.is_empty() {
            ui.weak("(none)");
        }
        for p in recent {
            if ui.button(p.display().to_string()).clicked() {
                out.push(Command::Request(Pending::Open(p.clone())));
                ui.close();
            }
        }
    });
    ui.menu_button("Demo scenes", |ui| {
        for name in builtin::demo_names() {
            if ui.button(name).clicked() {
                out.push(Command::Request(Pending::Demo(name.to_owned())));
                ui.close();
            }
        }
    });
    ui.separator();
    for a in [
        Action::Screenshot,
        Action::BugReport,
        Action::ChooseReportFolder,
        Action::CopyText,
    ] {
        menu_item(ui, out, a, true);
    }
    ui.separator();
    menu_item(ui, out, Action::Quit, true);
}

fn edit_menu(ui: &mut Ui, doc: &Document, state: &UiState, out: &mut Vec<Command>) {
    menu_item(ui, out, Action::Undo, doc.can_undo());
    menu_item(ui, out, Action::Redo, doc.can_redo());
    // The simulation view's selection is a disc, which Delete removes (and says so when
    // there is none); the sweep's selected object is not on screen there.
    let sim = state.mode == crate::app::ui_state::Mode::Simulation;
    let selected = state.selected.is_some() && !sim;
    for a in [Action::Duplicate, Action::Rename] {
        menu_item(ui, out, a, selected);
    }
    menu_item(ui, out, Action::Delete, selected || sim);
    ui.separator();
    menu_item(ui, out, Action::RecordExpectations, true);
}

fn view_menu(ui: &mut Ui, state: &UiState, out: &mut Vec<Command>) {
    menu_item(ui, out, Action::Fit, true);
    menu_item(ui, out, Action::ZoomIn, true);
    menu_item(ui, out, Action::ZoomOut, true);
    for (shown, a) in [
        (state.show_plots, Action::TogglePlots),
        (state.show_variants, Action::ToggleVariantsPanel),
        (state.show_inspector, Action::ToggleInspector),
    ] {
        let mut shown = shown;
        if a.checkbox(ui, &mut shown, None) {
            out.push(Command::Action(a));
        }
    }
}

/// The two views of the scene: one ball's sweep, or every disc simulated.
fn mode_switch(ui: &mut Ui, state: &mut UiState) {
    for (mode, label) in [(Mode::Sweep, "Sweep"), (Mode::Simulation, "Simulation")] {
        if ui
            .selectable_label(state.mode == mode, label)
            .on_hover_text(Action::ToggleMode.hint(ui.ctx()))
            .clicked()
        {
            state.mode = mode;
        }
    }
}

fn simulation_toolbar(ui: &mut Ui, doc: &Document, out: &mut Vec<Command>) {
    tool_button(ui, out, Action::Undo, doc.can_undo());
    tool_button(ui, out, Action::Redo, doc.can_redo());
    ui.separator();
    for a in [Action::Screenshot, Action::BugReport] {
        tool_button(ui, out, a, true);
    }
}

fn tool_button(ui: &mut Ui, out: &mut Vec<Command>, a: Action, enabled: bool) {
    let ctx = ui.ctx().clone();
    if ui
        .add_enabled(enabled, egui::Button::new(a.label()))
        .on_hover_text(a.hint(&ctx))
        .clicked()
    {
        out.push(Command::Action(a));
    }
}

/// The width a row of `actions`' tool buttons takes, with `separators` between groups.
fn row_width(ui: &Ui, actions: &[Action], separators: usize) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let s = ui.spacing();
    let text: f32 = actions
        .iter()
        .map(|a| {
            ui.fonts_mut(|f| {
                f.layout_no_wrap(a.label().to_owned(), font.clone(), egui::Color32::WHITE)
                    .size()
                    .x
            })
        })
        .sum();
    let n = actions.len() as f32;
    text + n * (2.0 * s.button_padding.x + s.item_spacing.x)
        + separators as f32 * (2.0 * s.item_spacing.x + 6.0)
}

/// The sweep view's buttons. Where the row left would wrap them (a window under about
/// 1000 points), the five add buttons fold into one *+ Add* menu, so that the toolbar
/// stays one row and the canvas keeps its height.
fn toolbar(ui: &mut Ui, doc: &Document, out: &mut Vec<Command>) {
    let adds = AddKind::ALL.map(AddKind::action);
    let rest = [
        Action::Undo,
        Action::Redo,
        Action::Fit,
        Action::Screenshot,
        Action::BugReport,
    ];
    let whole = [adds.as_slice(), &rest].concat();
    // What is left of the row: in a wrapping layout `available_width` is a whole row's.
    let left = ui.max_rect().right() - ui.cursor().min.x;
    if row_width(ui, &whole, 2) <= left {
        for a in adds {
            tool_button(ui, out, a, true);
        }
    } else {
        ui.menu_button("+ Add", |ui| {
            for a in adds {
                menu_item(ui, out, a, true);
            }
        })
        .response
        .on_hover_text("Add a ball, a box, a rotated box, a segment or a circle");
    }
    ui.separator();
    tool_button(ui, out, Action::Undo, doc.can_undo());
    tool_button(ui, out, Action::Redo, doc.can_redo());
    tool_button(ui, out, Action::Fit, true);
    ui.separator();
    tool_button(ui, out, Action::Screenshot, true);
    tool_button(ui, out, Action::BugReport, true);
}

/// The layer switches and the heat map's settings, as edits of the scene.
fn layers_menu(ui: &mut Ui, doc: &Document, out: &mut Vec<Command>) {
    let scene = doc.scene();
    let mut l: Layers = scene.layers;
    ui.checkbox(&mut l.grid, "Grid");
    ui.checkbox(&mut l.capsule, "Swept capsule");
    ui.checkbox(&mut l.minkowski, "Minkowski (expanded box)");
    ui.checkbox(&mut l.regions, "Regions")
        .on_hover_text("The nine Cohen–Sutherland regions of the box the inspected ball meets first (or passes nearest) and of a selected box");
    ui.checkbox(&mut l.regions_all, "Regions of every box")
        .on_hover_text(
            "The regions of every box, nearest the ball's motion first (lines for up to 64, codes \
         for up to 6), with or without Regions",
        );
    ui.checkbox(&mut l.broad_phase, "Broad phase");
    ui.checkbox(&mut l.impact, "Impact (ghost, normals)");
    ui.checkbox(&mut l.approach, "Closest approach and depth")
        .on_hover_text("How near the inspected ball comes to what it misses, and how deep it starts inside what it overlaps");
    ui.checkbox(&mut l.path, "Response path");
    ui.checkbox(&mut l.relative_motion, "Relative motion");
    ui.checkbox(&mut l.segment_capsule, "Segment capsule");
    ui.checkbox(&mut l.verdicts, "Verdict list")
        .on_hover_text("Every variant's verdict for the inspected ball, in the canvas's top-left corner (the inspector lists them too)");
    ui.checkbox(&mut l.labels, "Object names")
        .on_hover_text("Each object's name beside it. Region codes, gaps and depths, and contact numbers go with their own layers");
    if l != scene.layers {
        out.push(Command::edit(Edit::SetLayers(l)));
    }
    ui.separator();
    let mut h: HeatMap = scene.heat_map.clone();
    heat_map_menu(ui, scene, &mut h);
    if h != scene.heat_map {
        // Dragging the cell size is one gesture; a click is one step.
        out.push(Command::gesture(Edit::SetHeatMap(h)));
    }
}

/// The heat map's switch, colouring and cell size. A variant with nothing to run on in
/// this scene (a circle solve in a scene of boxes) is offered greyed out, saying why,
/// unless it is the one chosen.
fn heat_map_menu(ui: &mut Ui, scene: &Scene, h: &mut HeatMap) {
    let label = "Heat map: the ball's motion from every start";
    Action::ToggleHeatMap.checkbox(ui, &mut h.shown, Some(label));
    ui.menu_button("Heat map colours", |ui| {
        let before = h.compare.clone();
        ui.radio_value(&mut h.compare, None, "Exact time of first contact");
        for v in Variant::ALL {
            let label = format!("Where {} disagrees", v.title());
            let id = Some(v.id().to_owned());
            let runs = scene.has_obstacle_for(v);
            let chosen = h.compare == id;
            let radio = egui::RadioButton::new(chosen, label);
            if ui
                .add_enabled(runs || chosen, radio)
                .on_disabled_hover_text(format!(
                    "Nothing to compare: this scene has {}.",
                    v.handles_none()
                ))
                .clicked()
            {
                h.compare = id;
            }
        }
        // Choosing what to colour means wanting to see it.
        if h.compare != before {
            h.shown = true;
        }
    });
    let limits =
        super::widgets::Limits::count(f64::from(HeatMap::MIN_CELL), f64::from(HeatMap::MAX_CELL));
    let parse = super::widgets::limited_parser(ui.ctx(), "heat map cell", limits);
    ui.add(
        egui::Slider::new(&mut h.cell, HeatMap::MIN_CELL..=HeatMap::MAX_CELL)
            .logarithmic(true)
            .text("heat map cell (px)")
            .custom_parser(parse)
            .update_while_editing(false),
    );
}
