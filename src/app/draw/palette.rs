//! The one colour palette. Every layer and the legend take their colours from here, so a
//! colour always means the same thing on screen.

use egui::Color32;

use crate::variants::Variant;

/// A named role of something drawn on the canvas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Query,
    Obstacle,
    Expanded,
    BroadPhase,
    Region,
    Contact,
    Normal,
    FaceNormal,
    Path,
    Ghost,
    Relative,
    Selection,
    Handle,
    Grid,
    Axis,
    /// Heat map, compare mode: the variant misses a contact the exact query finds.
    HeatTunnel,
    /// Heat map, compare mode: the variant reports a contact that does not exist.
    HeatFalseHit,
    /// Heat map, compare mode: both hit, at times further apart than the tolerance.
    HeatTimeOff,
    /// A contact at about the right time with the wrong normal or `started_inside`.
    HeatWrongContact,
    /// Heat map, compare mode: the variant broke down (NaN, division by zero).
    HeatBroken,
    /// Heat map, compare mode: the variant agrees on a contact.
    HeatAgree,
    /// Behind every canvas.
    Canvas,
    /// Object names and other text drawn on a canvas.
    Label,
    /// The ball drawn at the scrubber's time.
    Scrubber,
    /// The simulation's walls.
    Wall,
    /// A disc's velocity arrow.
    Velocity,
    /// The published per-frame loop beside the engine.
    Published,
    /// Errors, disagreements and failing expectations in panels.
    Alert,
    /// Agreement and passing expectations in panels.
    Ok,
    /// Notes that need attention but are not errors.
    Warning,
    /// The error banner's background.
    Banner,
    /// The status line's message.
    Status,
    /// The gap of a closest approach (a miss's clearance).
    Gap,
    /// A plot's first series (the simulation's energy drift, momentum x, events per frame).
    SeriesA,
    /// A plot's second series (the simulation's momentum y).
    SeriesB,
}

impl Role {
    /// The legend entries in display order.
    pub const LEGEND: [Role; 11] = [
        Role::Query,
        Role::Obstacle,
        Role::Expanded,
        Role::BroadPhase,
        Role::Region,
        Role::Contact,
        Role::Normal,
        Role::FaceNormal,
        Role::Path,
        Role::Ghost,
        Role::Relative,
    ];

    /// The heat map's compare-mode entries, worst first.
    pub const HEAT_COMPARE: [Role; 6] = [
        Role::HeatTunnel,
        Role::HeatFalseHit,
        Role::HeatBroken,
        Role::HeatWrongContact,
        Role::HeatTimeOff,
        Role::HeatAgree,
    ];

    pub fn color(self) -> Color32 {
        match self {
            Role::Query => Color32::from_rgb(90, 170, 255),
            Role::Obstacle => Color32::from_rgb(200, 200, 210),
            Role::Expanded => Color32::from_rgb(255, 150, 60),
            Role::BroadPhase => Color32::from_rgb(200, 200, 90),
            Role::Region => Color32::from_rgb(170, 120, 230),
            Role::Contact => Color32::from_rgb(255, 70, 80),
            Role::Normal => Color32::from_rgb(80, 230, 120),
            Role::FaceNormal => Color32::from_rgb(60, 220, 230),
            Role::Path => Color32::from_rgb(255, 210, 70),
            Role::Ghost => Color32::from_rgb(160, 210, 255),
            Role::Relative => Color32::from_rgb(240, 120, 200),
            Role::Selection => Color32::WHITE,
            Role::Handle => Color32::from_rgb(240, 240, 240),
            Role::Grid => Color32::from_gray(48),
            Role::Axis => Color32::from_gray(95),
            Role::HeatTunnel => Color32::from_rgb(255, 50, 50),
            Role::HeatFalseHit => Color32::from_rgb(60, 200, 255),
            Role::HeatTimeOff => Color32::from_rgb(255, 200, 0),
            Role::HeatWrongContact => Color32::from_rgb(200, 110, 255),
            Role::HeatBroken => Color32::WHITE,
            Role::HeatAgree => Color32::from_gray(130),
            Role::Canvas => Color32::from_gray(18),
            Role::Label => Color32::from_gray(230),
            Role::Scrubber => Color32::WHITE,
            Role::Wall => Color32::from_rgb(180, 180, 190),
            Role::Velocity => Color32::from_rgb(140, 220, 140),
            Role::Published => Color32::from_rgb(230, 140, 40),
            Role::Alert => Color32::from_rgb(255, 90, 90),
            Role::Ok => Color32::from_rgb(110, 220, 120),
            Role::Warning => Color32::from_rgb(240, 220, 120),
            Role::Banner => Color32::from_rgb(110, 20, 25),
            Role::Status => Color32::from_rgb(150, 220, 255),
            Role::Gap => Color32::from_rgb(255, 120, 220),
            Role::SeriesA => Color32::from_rgb(235, 110, 100),
            Role::SeriesB => Color32::from_rgb(100, 160, 245),
        }
    }

    /// The colour with `alpha` (0..=255), for translucent fills.
    pub fn alpha(self, alpha: u8) -> Color32 {
        let c = self.color();
        Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), alpha)
    }

    pub fn label(self) -> &'static str {
        match self {
            Role::Query => "ball (query)",
            Role::Obstacle => "obstacle",
            Role::Expanded => "expanded by r",
            Role::BroadPhase => "broad phase",
            Role::Region => "regions",
            Role::Contact => "contact point",
            Role::Normal => "contact normal",
            Role::FaceNormal => "face normal",
            Role::Path => "response path",
            Role::Ghost => "ball at impact",
            Role::Relative => "relative motion",
            Role::Selection => "selection",
            Role::Handle => "handle",
            Role::Grid => "grid",
            Role::Axis => "axis",
            Role::HeatTunnel => "tunnels (misses a contact)",
            Role::HeatFalseHit => "false contact",
            Role::HeatTimeOff => "time off by > 1e-3",
            Role::HeatWrongContact => "wrong normal or started_inside",
            Role::HeatBroken => "NaN or failure",
            Role::HeatAgree => "agrees on a contact",
            Role::Canvas => "background",
            Role::Label => "label",
            Role::Scrubber => "ball at scrubber t",
            Role::Wall => "walls",
            Role::Velocity => "velocity",
            Role::Published => "published loop",
            Role::Alert => "disagreement",
            Role::Ok => "agreement",
            Role::Warning => "warning",
            Role::Banner => "error",
            Role::Status => "status",
            Role::Gap => "closest approach (gap)",
            Role::SeriesA => "first series",
            Role::SeriesB => "second series",
        }
    }
}

/// The heat map's colour for a first contact at `t` (0 to 1): bright and warm for a contact
/// right away, dark and cool for one at the end of the motion, so the shadow an obstacle
/// casts over the starts reads as a gradient toward it.
pub fn heat(t: f32) -> Color32 {
    const STOPS: [[f32; 3]; 5] = [
        [252.0, 255.0, 164.0],
        [250.0, 160.0, 40.0],
        [210.0, 60.0, 80.0],
        [120.0, 30.0, 120.0],
        [45.0, 20.0, 100.0],
    ];
    let x = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        1.0
    } * (STOPS.len() - 1) as f32;
    let i = (x as usize).min(STOPS.len() - 2);
    let f = x - i as f32;
    let c = |k: usize| (STOPS[i][k] + (STOPS[i + 1][k] - STOPS[i][k]) * f).round() as u8;
    Color32::from_rgb(c(0), c(1), c(2))
}

/// The colours of the plots' series, in order (they repeat after the last): apart from
/// the clearance plot's fixed keys (the contact's red, the scrubber's white, the discrete
/// test's yellow, the sub-steps' mint) and from its grid's grey.
const SERIES: [Color32; 6] = [
    Color32::from_rgb(110, 180, 255),
    Color32::from_rgb(255, 160, 60),
    Color32::from_rgb(180, 130, 255),
    Color32::from_rgb(150, 210, 60),
    Color32::from_rgb(40, 170, 190),
    Color32::from_rgb(235, 100, 220),
];

/// The colour of a plot's `k`th series.
pub fn series_color(k: usize) -> Color32 {
    SERIES[k % SERIES.len()]
}

/// The colours of named series across frames: each name keeps the colour it was first
/// given for as long as it is drawn again each time, whatever else comes and goes (by
/// position in the scene, deleting an object recoloured every curve after it). Distinct
/// for up to six series drawn together.
#[derive(Clone, Debug, Default)]
pub struct SeriesColors {
    /// A name's colour slot, from the last time it was drawn.
    slots: std::collections::HashMap<String, usize>,
}

/// Names remembered at most; past it the memory starts again (colours may then change).
const MAX_REMEMBERED: usize = 4096;

impl SeriesColors {
    /// The colours of the series drawn now, in the order of `names`: a name keeps its slot
    /// unless one earlier in `names` already holds it; a new one takes the first free slot.
    pub fn colors(&mut self, names: &[&str]) -> Vec<Color32> {
        if self.slots.len() > MAX_REMEMBERED {
            self.slots.clear();
        }
        let mut taken = [false; SERIES.len()];
        let mut out = vec![None; names.len()];
        // Those with a slot of their own first, so that a newcomer never takes one.
        for (k, name) in names.iter().enumerate() {
            if let Some(&slot) = self.slots.get(*name)
                && !taken[slot]
            {
                taken[slot] = true;
                out[k] = Some(slot);
            }
        }
        for (k, name) in names.iter().enumerate() {
            if out[k].is_none() {
                let slot = taken.iter().position(|t| !t).unwrap_or(k % SERIES.len());
                if slot < SERIES.len() {
                    taken[slot] = true;
                }
                self.slots.insert((*name).to_owned(), slot);
                out[k] = Some(slot);
            }
        }
        out.into_iter()
            .map(|s| SERIES[s.unwrap_or(0) % SERIES.len()])
            .collect()
    }
}

#[cfg(test)]
mod series_tests {
    use super::*;

    /// User test: deleting `circle` turned `box2`'s curve from grey to green.
    #[test]
    fn a_series_keeps_its_colour_when_another_is_deleted_or_added() {
        let mut c = SeriesColors::default();
        let all = c.colors(&["box", "rotated", "segment", "circle", "box2"]);
        let distinct: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), 5);
        let fewer = c.colors(&["box", "rotated", "segment", "box2"]);
        assert_eq!(fewer, [all[0], all[1], all[2], all[4]]);
        // A newcomer takes the free colour, not one of theirs.
        let more = c.colors(&["box", "new", "rotated", "segment", "box2"]);
        assert_eq!(fewer, [more[0], more[2], more[3], more[4]]);
        assert!(!fewer.contains(&more[1]));
        // Seven at once: the seventh repeats a colour rather than failing.
        let seven = c.colors(&["a", "b", "c", "d", "e", "f", "g"]);
        assert_eq!(seven.len(), 7);
    }
}

/// How opaque the heat map's cells are (0..=255), so the geometry above stays readable.
pub const HEAT_ALPHA: u8 = 120;

/// An exact-time heat-map cell's colour for a first contact at `t`, translucent.
pub fn heat_cell(t: f32) -> Color32 {
    let c = heat(t);
    Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), HEAT_ALPHA)
}

/// How opaque a compare-mode cell of `role` is: the worse the verdict, the more opaque,
/// and an agreement faint. The map and its legend both draw with it.
pub fn heat_compare_alpha(role: Role) -> u8 {
    match role {
        Role::HeatTunnel | Role::HeatFalseHit => 140,
        Role::HeatBroken => 120,
        Role::HeatWrongContact => 140,
        Role::HeatTimeOff => 100,
        Role::HeatAgree => 50,
        _ => HEAT_ALPHA,
    }
}

/// `color` as it shows over the canvas's background: what a translucent heat-map cell
/// looks like on screen, for a legend swatch drawn on a panel.
pub fn over_canvas(color: Color32) -> Color32 {
    let bg = Role::Canvas.color();
    let a = f32::from(color.a()) / 255.0;
    // `color` is premultiplied: its channels already carry its alpha.
    let mix = |c: u8, b: u8| (f32::from(c) + f32::from(b) * (1.0 - a)).round().min(255.0) as u8;
    Color32::from_rgb(
        mix(color.r(), bg.r()),
        mix(color.g(), bg.g()),
        mix(color.b(), bg.b()),
    )
}

/// The colour of one published variant's answers.
pub fn variant_color(v: Variant) -> Color32 {
    match v {
        Variant::TrigCorner => Color32::from_rgb(255, 120, 40),
        Variant::ExpandedBox => Color32::from_rgb(230, 90, 230),
        Variant::Discrete => Color32::from_rgb(250, 250, 120),
        Variant::Substep => Color32::from_rgb(130, 255, 200),
        Variant::SlopeForm => Color32::from_rgb(255, 140, 160),
        Variant::Projection => Color32::from_rgb(150, 150, 255),
        Variant::Billiards => Color32::from_rgb(200, 255, 90),
        Variant::ParryCast => Color32::from_rgb(80, 200, 255),
        Variant::ParrySweep => Color32::from_rgb(255, 200, 60),
    }
}

/// Sets the window's look: the window clears to the canvas colour and neither the panels nor
/// the canvases paint a fill of their own, so a software renderer (llvmpipe under Xvfb,
/// which many users run, fills a few hundred thousand pixels per millisecond) touches most
/// pixels once. Returns the clear colour, for `eframe::App::clear_color`.
pub fn apply_theme(ctx: &egui::Context) -> Color32 {
    ctx.all_styles_mut(|style| style.visuals.panel_fill = Color32::TRANSPARENT);
    Role::Canvas.color()
}

/// Fills `rect` with the canvas colour unless [`apply_theme`] made the window's clear colour
/// show through there already (its panels are transparent).
pub fn canvas_background(painter: &egui::Painter, rect: egui::Rect) {
    if painter.ctx().global_style().visuals.panel_fill != Color32::TRANSPARENT {
        painter.rect_filled(rect, 0.0, Role::Canvas.color());
    }
}

/// Plot grid lines no closer than this many points: finer ones are faint, and each is a
/// full-width line for the renderer to fill. Not above 20, where egui_plot starts to label
/// a y mark: at 30 a plot 40 points tall (a small window's) had a step wider than its range
/// and one label, "0".
pub const PLOT_GRID_SPACING: egui::Rangef = egui::Rangef {
    min: 20.0,
    max: 300.0,
};

/// An axis label for `value` on a grid of `step`: scientific notation when the step is tiny
/// or huge (the drift lives near 1e-15, where fixed notation prints a row of zeros wider
/// than the plot), otherwise as many decimals as the step needs.
pub fn axis_number(value: f64, step: f64) -> String {
    // A mark a rounding away from zero is zero (not "-0").
    if value.abs() <= step.abs() * 1e-9 {
        return "0".into();
    }
    if !(1e-3..1e6).contains(&step.abs()) {
        return format!("{value:.1e}");
    }
    let decimals = (-step.abs().log10().floor()).clamp(0.0, 3.0) as usize;
    format!("{value:.decimals$}")
}

/// Grid marks on steps of 1, 2 or 5 times a power of ten, the smallest such step that keeps
/// lines [`PLOT_GRID_SPACING`] apart (egui_plot's default spacer steps by powers of ten
/// only, which leaves a plot of values from 0 to 9 with the one label "0").
pub fn nice_grid(input: egui_plot::GridInput) -> Vec<egui_plot::GridMark> {
    nice_marks(input, 10.0)
}

/// [`nice_grid`] for a time axis: egui_plot labels an x mark only when its step is 60
/// points wide or more, so every step of the coarse marks is made at least that (with the
/// coarse marks ten steps apart, a run of 14 s in a plot 200 points wide had no label).
pub fn nice_time_grid(input: egui_plot::GridInput) -> Vec<egui_plot::GridMark> {
    let (lo, hi) = input.bounds;
    let base = input.base_step_size;
    if !(base > 0.0 && lo.is_finite() && hi.is_finite()) {
        return Vec::new();
    }
    // `base` is PLOT_GRID_SPACING.min points of the axis.
    let label = base * X_LABEL_POINTS / f64::from(PLOT_GRID_SPACING.min);
    let step = nice_step(base);
    let coarse = [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0]
        .into_iter()
        .map(|m| m * step)
        .find(|&c| c >= label)
        .unwrap_or(100.0 * step);
    nice_marks(input, coarse / step)
}

/// Points an x tick label needs before egui_plot draws it (its default label spacing is 60
/// to 80).
const X_LABEL_POINTS: f64 = 64.0;

/// The smallest of 1, 2, 5 × 10^k at least `base`.
fn nice_step(base: f64) -> f64 {
    let decade = 10f64.powf(base.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * decade)
        .find(|&s| s >= base)
        .unwrap_or(10.0 * decade)
}

/// Marks every [`nice_step`], every `coarse_steps`-th of them coarse (the ones labelled
/// when the others have no room).
fn nice_marks(input: egui_plot::GridInput, coarse_steps: f64) -> Vec<egui_plot::GridMark> {
    let (lo, hi) = input.bounds;
    let base = input.base_step_size;
    if !(base > 0.0 && base.is_finite() && lo.is_finite() && hi.is_finite() && lo <= hi) {
        return Vec::new();
    }
    let step = nice_step(base);
    let (first, last) = ((lo / step).ceil(), (hi / step).floor());
    // A range too wide for its step (never for plots, whose base follows their range).
    if (last - first).partial_cmp(&1e4) != Some(std::cmp::Ordering::Less) {
        return Vec::new();
    }
    let coarse = step * coarse_steps;
    (first as i64..=last as i64)
        .map(|k| {
            let value = k as f64 * step;
            let on_coarse = (value / coarse - (value / coarse).round()).abs() < 1e-9;
            egui_plot::GridMark {
                value,
                step_size: if on_coarse { coarse } else { step },
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{PLOT_GRID_SPACING, X_LABEL_POINTS, axis_number, nice_grid, nice_time_grid};
    use egui_plot::GridInput;

    fn values(lo: f64, hi: f64, base: f64) -> Vec<f64> {
        nice_grid(GridInput {
            bounds: (lo, hi),
            base_step_size: base,
        })
        .into_iter()
        .map(|m| m.value)
        .collect()
    }

    /// A run of 14 s in a plot about 200 points wide had no time label: the coarse marks,
    /// the only ones with room for one, were ten steps apart. They are at least 64 points
    /// apart now, and there are at least two on the axis.
    #[test]
    fn a_time_axis_always_has_labelled_marks() {
        for (span, points) in [
            (5.0_f64, 200.0_f64),
            (14.0, 200.0),
            (60.0, 200.0),
            (0.8, 600.0),
        ] {
            let base = span / points * f64::from(PLOT_GRID_SPACING.min);
            let marks = nice_time_grid(egui_plot::GridInput {
                bounds: (0.0, span),
                base_step_size: base,
            });
            let labelled: Vec<f64> = marks
                .iter()
                .filter(|m| m.step_size * points / span >= X_LABEL_POINTS)
                .map(|m| m.value)
                .collect();
            assert!(labelled.len() >= 2, "{span} s: {labelled:?}");
        }
    }

    #[test]
    fn a_plot_of_values_up_to_nine_gets_more_than_the_label_zero() {
        // The bug: the clearance plot of the corner-square miss (0 to 9) read only "0".
        assert_eq!(values(-0.5, 9.5, 1.5), [0.0, 2.0, 4.0, 6.0, 8.0]);
        assert_eq!(
            values(-1.0, 41.0, 4.0),
            [0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 35.0, 40.0]
        );
        assert_eq!(values(0.0, 1.0, 0.3), [0.0, 0.5, 1.0]);
    }

    /// At 800 × 600 the clearance plot's data area is about 40 points tall for values
    /// from -1 to 15: with marks at least 30 points apart its step was 20 and the only
    /// mark in range, and label, was "0". egui_plot labels a y mark from 20 points apart.
    #[test]
    fn a_plot_40_points_tall_gets_a_labelled_mark_besides_zero() {
        let (lo, hi, points) = (-1.0, 15.0, 40.0);
        let base = (hi - lo) / points * f64::from(super::PLOT_GRID_SPACING.min);
        let marks = values(lo, hi, base);
        assert_eq!(marks, [0.0, 10.0]);
        let apart = (marks[1] - marks[0]) / (hi - lo) * points;
        assert!(apart >= 20.0, "{apart} points apart");
    }

    #[test]
    fn degenerate_input_gives_no_marks() {
        assert!(values(0.0, 1.0, 0.0).is_empty());
        assert!(values(0.0, f64::NAN, 1.0).is_empty());
        assert!(values(0.0, 1e300, 1e-300).is_empty());
    }

    #[test]
    fn drift_axis_labels_are_short_at_rounding_level() {
        // The bug: the drift axis printed "0.000000000000", cut off by the plot's edge.
        assert_eq!(axis_number(2e-15, 1e-15), "2.0e-15");
        assert_eq!(axis_number(-5e-16, 5e-16), "-5.0e-16");
        assert_eq!(axis_number(0.0, 1e-15), "0");
        assert_eq!(axis_number(0.25, 0.05), "0.25");
        assert_eq!(axis_number(20.0, 10.0), "20");
        assert_eq!(axis_number(3e7, 1e7), "3.0e7");
    }

    #[test]
    fn clearance_axis_labels_on_half_units_are_distinct_and_never_minus_zero() {
        // The bug: the clearance plot, on egui_plot's own labels, read "0, -0, -1, -2, -2"
        // on a grid of half units.
        let labels: Vec<String> = [0.0, -0.5, -1.0, -1.5, -2.0]
            .iter()
            .map(|&v| axis_number(v, 0.5))
            .collect();
        assert_eq!(labels, ["0", "-0.5", "-1.0", "-1.5", "-2.0"]);
        assert_eq!(axis_number(-2e-17, 0.5), "0");
    }
}
