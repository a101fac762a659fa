//! Clearance plot: signed distance − r (negative by the depth while overlapping) from the inspected ball to each obstacle over t ∈ [0, 1],
//! the first root (exact time of impact) marked, and the sample times a discrete test
//! (t = 1 only) and a sub-stepped one would use, so tunnelling is visible as samples that
//! straddle the dip below zero.

use egui::Ui;
use egui_plot::{ColorConflictHandling, Corner, HLine, Legend, Line, Plot, Points, VLine};

use super::inspector::short_name as name;
use crate::app::command::Command;
use crate::app::draw::palette::{
    PLOT_GRID_SPACING, Role, SeriesColors, axis_number, nice_grid, series_color, variant_color,
};
use crate::geom::Sweep;
use crate::obstacle::Obstacle;
use crate::scene::number::fixed;
use crate::scene::{BallEvaluation, Scene};
use crate::variants::Variant;

/// Samples per curve; enough to show a dip thinner than 1% of the motion.
const CURVE_SAMPLES: usize = 400;
/// Curves drawn at most (the nearest obstacles), so a stress scene stays readable.
const MAX_CURVES: usize = 6;
/// Height of a legend row, in points, to fit the legend inside the plot.
const LEGEND_ROW: f32 = 18.0;
/// Legend rows that are not curves: contact, scrubber, discrete, sub-steps.
const FIXED_ROWS: usize = 4;
/// A legend character's width and the room of its colour mark, in points, and the room
/// the axes take from the plot's frame: estimates for placing the legend.
const LEGEND_CHAR: f32 = 7.0;
const LEGEND_SYMBOL: f32 = 30.0;
const AXES_WIDTH: f32 = 50.0;
const AXES_HEIGHT: f32 = 40.0;
/// What egui_plot's legend adds round its rows, in points: its distance from the plot's
/// edge (4), its frame's margins (8 across, 4 down) and stroke, on each side.
const LEGEND_PAD: egui::Vec2 = egui::vec2(2.0 * 13.0, 2.0 * 9.0);
/// egui_plot's margin round the data, a fraction of its extent on each side.
const PLOT_MARGIN: f64 = 0.05;
/// The legend's names of the contact line (clearance 0) and the scrubber's t.
const CONTACT_KEY: &str = "contact (clearance 0)";
const SCRUBBER_KEY: &str = "scrubber t";

/// The clearance plot's id, one for the window, under which egui_plot keeps its zoom.
pub const CLEARANCE_PLOT: &str = "clearance plot";

/// The least height of the plot itself, axes included (egui_plot's own least).
const PLOT_LEAST: f32 = 64.0;

/// The least height the timeline panel's contents fit in: the scrubber, the plot's title
/// row, a row of its key and the least plot, with egui's spacing between them. The note
/// under the title is left to the title's tooltip when there is no room for it.
pub const TIMELINE_LEAST: f32 = 150.0;

pub fn show(
    ui: &mut Ui,
    scene: &Scene,
    ball: Option<&BallEvaluation>,
    t: f32,
    state: &mut PlotState,
    out: &mut Vec<Command>,
) {
    // The bounce path leaves the straight motion the curves follow at its first turn (a
    // user read a dip past it as an overlap): said under the title when there is room.
    let note = ball.and_then(|b| b.turns_at()).map(|turn| {
        format!(
            "Along the straight motion, each obstacle alone; the bounce path leaves it at \
             t = {}.",
            fixed(turn)
        )
    });
    // The title row, a key row and the least plot, and the note's own row.
    let row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
    let room_for_note = ui.available_height() >= 3.0 * row + PLOT_LEAST;
    ui.horizontal(|ui| {
        let title =
            ui.label(egui::RichText::new("Clearance (signed distance − r) over t").strong());
        if let Some(note) = note.as_ref().filter(|_| !room_for_note) {
            title.on_hover_text(note);
        }
        super::variants::substeps(ui, scene, out);
        ui.checkbox(&mut state.near_contact, "near contact")
            .on_hover_text(
                "Scale the clearance axis to the nearest approach, so that a dip of 0.05 or \
                 a graze of 1e-4 shows instead of lying flat on 0 beside obstacles 60 away \
                 (the curves far above are cut off; untick to pan and zoom freely)",
            );
    });
    let series = &mut state.colors;
    let Some(ball) = ball else {
        ui.weak("No ball.");
        return;
    };
    if let Some(note) = note.filter(|_| room_for_note) {
        ui.label(egui::RichText::new(note).small().weak());
    }
    let curves = nearest_curves(ball, MAX_CURVES);
    let n = scene.params.substeps.max(1);
    let colors = curve_colors(scene, ball, &curves, series);
    let color_of = |pi: usize| color_in(&colors, pi);
    let omitted = ball.pairs.len() - curves.len();
    // The legend lives inside the plot when it has the rows; else the series are named
    // in their colours above it (a legend taller than the plot would hide curves).
    let rows = ((ui.available_height() - 30.0) / LEGEND_ROW).max(0.0) as usize;
    // Inside, in a top corner that no curve passes through; else above the plot.
    let inside = (rows >= curves.len() + FIXED_ROWS)
        .then(|| {
            let widest = curves
                .iter()
                .filter_map(|(pi, _)| ball.pairs.get(*pi))
                .map(|p| name(scene, p.obstacle).chars().count())
                .chain([CONTACT_KEY.len()])
                .max()
                .unwrap_or(0);
            let share = legend_share(widest, curves.len() + FIXED_ROWS, ui.available_size());
            // The first contacts' markers on the contact line count as the curves do: at
            // a start inside, the legend covered the one at t = 0.
            let roots: Vec<[f64; 2]> = curves
                .iter()
                .filter_map(|(pi, _)| ball.pairs.get(*pi)?.hit)
                .map(|h| [f64::from(h.time), 0.0])
                .collect();
            let marks = [roots.as_slice()];
            legend_corner(curves.iter().map(|(_, c)| c.as_slice()).chain(marks), share)
        })
        .flatten();
    if inside.is_none() || omitted > 0 {
        ui.horizontal_wrapped(|ui| {
            if inside.is_none() {
                for (pi, _) in &curves {
                    if let Some(pair) = ball.pairs.get(*pi) {
                        let label = name(scene, pair.obstacle);
                        ui.label(egui::RichText::new(label).small().color(color_of(*pi)));
                    }
                }
                let key = [
                    (CONTACT_KEY, Role::Contact.color()),
                    (SCRUBBER_KEY, Role::Scrubber.color()),
                    ("discrete (t = 1)", variant_color(Variant::Discrete)),
                ];
                for (text, color) in key {
                    ui.label(egui::RichText::new(text).small().color(color));
                }
                let subs = format!("{n} sub-steps");
                ui.label(
                    egui::RichText::new(subs)
                        .small()
                        .color(variant_color(Variant::Substep)),
                );
            }
            if omitted > 0 {
                ui.label(
                    egui::RichText::new(format!(
                        "the {} nearest of {} obstacles",
                        curves.len(),
                        ball.pairs.len()
                    ))
                    .small()
                    .weak(),
                );
            }
        });
    }
    let mut plot = Plot::new("clearance").id(egui::Id::unique(CLEARANCE_PLOT));
    if std::mem::take(&mut state.reset) {
        plot = plot.reset();
    }
    let plot = plot
        .min_size(egui::vec2(PLOT_LEAST, PLOT_LEAST))
        .show_background(false)
        .grid_spacing(PLOT_GRID_SPACING)
        .y_grid_spacer(nice_grid)
        .y_axis_formatter(|mark, _| axis_number(mark.value, mark.step_size))
        .allow_scroll(false)
        .include_y(0.0)
        .include_x(0.0)
        .include_x(1.0)
        .x_axis_label("t")
        // Short: the title says what it is, and a plot in a small window is shorter than
        // "signed distance − r" was long, which then ran up into the key row.
        .y_axis_label("clearance");
    let plot = if let Some(corner) = inside {
        // An obstacle's curve and its first root share an entry: in the curve's colour
        // (the first), not the blank egui_plot gives an entry whose items differ.
        plot.legend(
            Legend::default()
                .position(corner)
                .follow_insertion_order(true)
                .color_conflict_handling(ColorConflictHandling::PickFirst),
        )
    } else {
        plot
    };
    let focus = state
        .near_contact
        .then(|| near_contact_range(ball, &curves))
        .flatten();
    let response = plot.show(ui, |plot| {
        if let Some((lo, hi)) = focus {
            plot.set_plot_bounds_x(-0.02..=1.02);
            plot.set_plot_bounds_y(lo..=hi);
        }
        let band = drawable_band(focus, plot);
        let shown = |points: &[[f64; 2]]| drawable(points, band);
        // The legend lists entries in the order they are added (egui_plot's own order is
        // by name, which would mix the obstacles among the markers and reorder them on a
        // rename): the obstacles, nearest first, then the markers.
        for (pi, curve) in &curves {
            let Some(pair) = ball.pairs.get(*pi) else {
                continue;
            };
            let label = name(scene, pair.obstacle);
            plot.line(
                Line::new(label.clone(), shown(curve))
                    .color(color_of(*pi))
                    .width(1.5)
                    // No bands: egui_plot joins the points a pixel column holds to the next
                    // column's by their edges, a filled wedge across a sparse stretch.
                    .allow_band(false),
            );
            // The first root shares the curve's legend entry; one the bounce path never
            // reaches is a hollow ring, not a contact's dot.
            if let Some(h) = pair.hit {
                let reached = ball.on_path(h.time);
                plot.points(
                    Points::new(label, vec![[f64::from(h.time), 0.0]])
                        .radius(5.0)
                        .filled(reached)
                        .color(Role::Contact.color()),
                );
            }
        }
        plot.hline(HLine::new(CONTACT_KEY, 0.0).color(Role::Contact.alpha(160)));
        // Brighter and wider than the grid lines, which it otherwise passes for at t = 0.3
        // or 0.5.
        plot.vline(
            VLine::new(SCRUBBER_KEY, f64::from(t))
                .color(Role::Scrubber.color())
                .width(1.5),
        );
        // The probes a discrete and a sub-stepped test would use, on the nearest obstacle's
        // curve only.
        if let Some((_, curve)) = curves.first() {
            let at = |t: f64| sample_at(curve, t);
            plot.points(
                Points::new("discrete (t = 1)", shown(&[[1.0, at(1.0)]]))
                    .radius(4.0)
                    .color(variant_color(Variant::Discrete)),
            );
            let subs: Vec<[f64; 2]> = (1..=n)
                .map(|k| f64::from(k) / f64::from(n))
                .map(|s| [s, at(s)])
                .collect();
            plot.points(
                Points::new(format!("{n} sub-steps"), shown(&subs))
                    .radius(3.0)
                    .color(variant_color(Variant::Substep)),
            );
        }
    });
    // Hovering reads every curve at the pointer's t, from the core.
    if let Some(pos) = response.response.hover_pos() {
        let t = response
            .transform
            .value_from_position(pos)
            .x
            .clamp(0.0, 1.0) as f32;
        response
            .response
            .on_hover_ui_at_pointer(|ui| readout(ui, scene, ball, &curves, &colors, t));
    }
}

/// The clearance plot's state between frames: each curve's colour, and whether its axis is
/// scaled to the nearest approach.
#[derive(Clone, Debug, Default)]
pub struct PlotState {
    pub colors: SeriesColors,
    pub near_contact: bool,
    /// Set when another document opens: the plot forgets its zoom and pan (a zoom into
    /// t 0.002–0.01 kept for the next scene showed no curve), and the colours start again,
    /// so a scene's curves get the colours it gets in a fresh window.
    pub reset: bool,
}

impl PlotState {
    /// Forgets what belonged to the document before, keeping the user's settings.
    pub fn new_document(&mut self) {
        self.colors = SeriesColors::default();
        self.reset = true;
    }
}

/// The clearance axis's range near contact: from below the deepest dip (or 0) to a few
/// times the nearest approach above 0, so that either fills the plot. The nearest approach
/// is the exact one the evaluation found, not only the samples' (a dip narrower than a
/// sample's spacing); `None` without curves.
fn near_contact_range(
    ball: &BallEvaluation,
    curves: &[(usize, Vec<[f64; 2]>)],
) -> Option<(f64, f64)> {
    let exact = curves
        .iter()
        .filter_map(|(pi, _)| ball.pairs.get(*pi)?.approach)
        .map(|a| f64::from(a.clearance));
    let sampled = curves.iter().flat_map(|(_, c)| c.iter().map(|p| p[1]));
    let m = exact
        .chain(sampled)
        .filter(|v| v.is_finite())
        .reduce(f64::min)?;
    // A scale of its own for an exact touch (m = 0) alone: a thousandth of the ball's
    // radius. As a floor it drew a graze of 1e-4 beside a ball of radius 5 a pixel above
    // the contact line, on an axis to 0.02.
    let s = if m == 0.0 {
        (1e-3 * f64::from(ball.sweep.radius)).max(f64::MIN_POSITIVE)
    } else {
        m.abs()
    };
    Some((m.min(0.0) - s, m.max(0.0) + 4.0 * s))
}

/// Each drawn curve's colour, by pair index: by its obstacle's name, so that it keeps its
/// colour while others are added, deleted or ranked differently ([`SeriesColors`]).
fn curve_colors(
    scene: &Scene,
    ball: &BallEvaluation,
    curves: &[(usize, Vec<[f64; 2]>)],
    series: &mut SeriesColors,
) -> Vec<(usize, egui::Color32)> {
    let mut drawn: Vec<usize> = curves.iter().map(|(pi, _)| *pi).collect();
    drawn.sort_unstable();
    let names: Vec<String> = drawn
        .iter()
        .map(|&pi| {
            ball.pairs
                .get(pi)
                .map_or(String::new(), |p| name(scene, p.obstacle))
        })
        .collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    drawn.into_iter().zip(series.colors(&refs)).collect()
}

/// The colour [`curve_colors`] gave pair `pi`.
fn color_in(colors: &[(usize, egui::Color32)], pi: usize) -> egui::Color32 {
    colors
        .iter()
        .find(|(k, _)| *k == pi)
        .map_or(series_color(0), |(_, c)| *c)
}

/// The clearance curves of the `max_curves` obstacles nearest the ball by the
/// evaluation's closest approach (contacts first), each with its pair's index. Only these
/// are sampled densely: a scene with a hundred obstacles would otherwise cost 40 000
/// distance queries per frame.
fn nearest_curves(ball: &BallEvaluation, max_curves: usize) -> Vec<(usize, Vec<[f64; 2]>)> {
    let mut ranked: Vec<(usize, f64)> = ball
        .pairs
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let clearance = p.approach.map_or(f64::INFINITY, |a| f64::from(a.clearance));
            (i, p.hit.map_or(clearance, |_| f64::NEG_INFINITY))
        })
        .collect();
    ranked.sort_by(|a, b| a.1.total_cmp(&b.1));
    ranked.truncate(max_curves);
    ranked
        .iter()
        .filter_map(|(i, _)| {
            let p = ball.pairs.get(*i)?;
            let deepest = p.approach.map(|a| a.time);
            Some((
                *i,
                clearance_curve(&ball.sweep, &p.shape, CURVE_SAMPLES, deepest),
            ))
        })
        .collect()
}

/// Every plotted obstacle's clearance at `t`, read from the core.
fn readout(
    ui: &mut Ui,
    scene: &Scene,
    ball: &BallEvaluation,
    curves: &[(usize, Vec<[f64; 2]>)],
    colors: &[(usize, egui::Color32)],
    t: f32,
) {
    ui.label(egui::RichText::new(format!("t = {}", fixed(t))).strong());
    egui::Grid::new("clearance_readout").show(ui, |ui| {
        for (pi, _) in curves {
            let Some(pair) = ball.pairs.get(*pi) else {
                continue;
            };
            let d = pair
                .shape
                .clearance_at(ball.sweep.at(t), ball.sweep.radius, t);
            ui.colored_label(color_in(colors, *pi), name(scene, pair.obstacle));
            ui.monospace(fixed(d));
            ui.end_row();
        }
    });
}

/// Samples of the clearance (the core's signed distance at t, minus r: negative by the
/// depth while they overlap) over t ∈ [0, 1], with one at `deepest`, the time of the
/// closest approach the evaluation found: the curve's lowest point is a kink (a V through
/// a thin wall) that evenly spaced samples cut off (a dip to −1 drawn to −0.85).
fn clearance_curve(
    sweep: &Sweep,
    obstacle: &Obstacle,
    n: usize,
    deepest: Option<f32>,
) -> Vec<[f64; 2]> {
    let sample = |t: f32| {
        let d = obstacle.clearance_at(sweep.at(t), sweep.radius, t);
        [f64::from(t), f64::from(d)]
    };
    let mut points: Vec<[f64; 2]> = (0..=n).map(|k| sample(k as f32 / n as f32)).collect();
    if let Some(t) = deepest.filter(|t| (0.0..=1.0).contains(t)) {
        let at = points.partition_point(|p| p[0] < f64::from(t));
        if points.get(at).is_none_or(|p| p[0] != f64::from(t)) {
            points.insert(at, sample(t));
        }
    }
    points
}

/// The clearances the plot can draw when its y axis is not fitted to the data: from far
/// below to far above the axis shown (the near-contact range, or the user's zoom). A
/// clearance of 3e38 on an axis 10 high lands beyond f32's range on the screen, and the
/// tessellator's NaN took the window down.
fn drawable_band(focus: Option<(f64, f64)>, plot: &egui_plot::PlotUi<'_>) -> Option<(f64, f64)> {
    let (lo, hi) = match focus {
        Some(range) => range,
        None if plot.auto_bounds().y => return None,
        None => {
            let b = plot.plot_bounds();
            (b.min()[1], b.max()[1])
        }
    };
    let reach = 1e3 * (hi - lo).abs().max(f64::MIN_POSITIVE);
    Some((lo - reach, hi + reach))
}

/// The samples a plot item may be given: the finite ones (a clearance past f32's range is
/// infinite, and an infinite sample among finite ones made NaN on the screen), each held
/// within `band` when the axis is not fitted to them.
fn drawable(points: &[[f64; 2]], band: Option<(f64, f64)>) -> Vec<[f64; 2]> {
    points
        .iter()
        .filter(|p| p[0].is_finite() && p[1].is_finite())
        .map(|&[t, y]| [t, band.map_or(y, |(lo, hi)| y.clamp(lo, hi))])
        .collect()
}

/// The curve's value at `t` (nearest sample; the curve is dense).
fn sample_at(curve: &[[f64; 2]], t: f64) -> f64 {
    if curve.len() < 2 {
        return curve.first().map_or(0.0, |p| p[1]);
    }
    let i = (t * (curve.len() - 1) as f64)
        .round()
        .clamp(0.0, (curve.len() - 1) as f64) as usize;
    curve[i][1]
}

/// The share of the plot's data frame, across and down, that a legend of `rows` entries
/// whose longest name has `widest` characters covers, in a plot given `available` points.
fn legend_share(widest: usize, rows: usize, available: egui::Vec2) -> egui::Vec2 {
    let legend = egui::vec2(
        widest as f32 * LEGEND_CHAR + LEGEND_SYMBOL,
        rows as f32 * LEGEND_ROW,
    ) + LEGEND_PAD;
    let frame = available - egui::vec2(AXES_WIDTH, AXES_HEIGHT);
    (legend / frame.max(egui::Vec2::splat(1.0))).min(egui::Vec2::splat(1.0))
}

/// A top corner of the plot where a legend of `share` of its width and height covers no
/// curve sample, for the plot's own bounds of `curves` (t over [0, 1], the clearance with
/// 0 included, and egui_plot's margin); the top left first. At the top left, always, the
/// legend hid the start of the curves, where a start inside or a first dip is read. (A
/// bottom corner would list the entries bottom up, the obstacles last.)
fn legend_corner<'a>(
    curves: impl Iterator<Item = &'a [[f64; 2]]> + Clone,
    share: egui::Vec2,
) -> Option<Corner> {
    let (lo, hi) = curves
        .clone()
        .flatten()
        .filter(|p| p[1].is_finite())
        .fold((0.0_f64, 0.0_f64), |(lo, hi), p| {
            (lo.min(p[1]), hi.max(p[1]))
        });
    let span = |lo: f64, hi: f64| {
        let m = (hi - lo) * PLOT_MARGIN;
        (lo - m, (hi - lo) + 2.0 * m)
    };
    let (x0, w) = span(0.0, 1.0);
    let (y0, h) = span(lo, hi);
    let (sw, sh) = (f64::from(share.x), f64::from(share.y));
    // A sample under the legend: as a fraction of the frame, y from the top.
    let under = |p: &[f64; 2], left: bool| {
        let (x, y) = (
            (p[0] - x0) / w,
            1.0 - (p[1] - y0) / h.max(f64::MIN_POSITIVE),
        );
        let in_x = if left { x <= sw } else { x >= 1.0 - sw };
        in_x && y <= sh
    };
    [(Corner::LeftTop, true), (Corner::RightTop, false)]
        .into_iter()
        .find(|&(_, left)| !curves.clone().flatten().any(|p| under(p, left)))
        .map(|(corner, _)| corner)
}

#[cfg(test)]
mod tests {
    use super::{CONTACT_KEY, Corner, FIXED_ROWS, legend_corner, legend_share};

    fn line(f: impl Fn(f64) -> f64) -> Vec<[f64; 2]> {
        (0..=400)
            .map(|k| f64::from(k) / 400.0)
            .map(|t| [t, f(t)])
            .collect()
    }

    /// The legend sat at the top left over the curves' start: a clearance falling from 10
    /// to a contact at t = 0.5 was hidden where it starts.
    #[test]
    fn the_legend_leaves_the_start_of_a_falling_curve_in_sight() {
        let share = egui::vec2(0.3, 0.4);
        let falling = line(|t| 10.0 - 20.0 * t);
        let corner = legend_corner([falling.as_slice()].into_iter(), share);
        assert!(matches!(corner, Some(Corner::RightTop)), "{corner:?}");
        // A rising one leaves the top left free.
        let rising = line(|t| -2.0 + 12.0 * t);
        let corner = legend_corner([rising.as_slice()].into_iter(), share);
        assert!(matches!(corner, Some(Corner::LeftTop)), "{corner:?}");
        // A flat one near the top crosses both: the key goes above the plot.
        let flat = line(|_| 12.0);
        let corner = legend_corner([falling.as_slice(), flat.as_slice()].into_iter(), share);
        assert!(corner.is_none(), "{corner:?}");
    }

    /// User test: a clearance falling from 2.9 at t = 0 to a contact at t = 0.26, then
    /// rising to 7.9, in a plot of 1,340 × 200 points: the legend of one obstacle sat at
    /// the top left over the curve's first 0.08 (its estimate left out the legend's own
    /// frame and its distance from the edge).
    #[test]
    fn the_legend_leaves_a_curve_starting_halfway_up_in_sight() {
        let share = legend_share(CONTACT_KEY.len(), 1 + FIXED_ROWS, egui::vec2(1340.0, 200.0));
        let curve = line(|t| {
            if t < 0.26 {
                2.9 - 3.0 * t / 0.26
            } else {
                -0.1 + 8.0 * (t - 0.26) / 0.74
            }
        });
        let corner = legend_corner([curve.as_slice()].into_iter(), share);
        assert!(
            !matches!(corner, Some(Corner::LeftTop)),
            "{corner:?} {share:?}"
        );
    }

    /// Newcomer test: at a start inside, the legend at the top left covered the first
    /// contact's marker at t = 0 on the contact line (the curve itself starts below it).
    /// The markers count as the curves do.
    #[test]
    fn the_legend_leaves_a_contact_marker_in_sight() {
        let share = egui::vec2(0.3, 0.4);
        let from_inside = line(|t| -8.0 + 3.0 * t);
        let corner = legend_corner([from_inside.as_slice()].into_iter(), share);
        assert!(matches!(corner, Some(Corner::LeftTop)), "{corner:?}");
        let root = [[0.0, 0.0]];
        let corner = legend_corner([from_inside.as_slice(), root.as_slice()].into_iter(), share);
        assert!(matches!(corner, Some(Corner::RightTop)), "{corner:?}");
        // Leaving inside, up through the contact line to the top right: no corner is
        // free, and the key goes above the plot.
        let leaving = line(|t| -8.0 + 13.0 * t);
        let corner = legend_corner([leaving.as_slice(), root.as_slice()].into_iter(), share);
        assert!(corner.is_none(), "{corner:?}");
    }
}

#[cfg(test)]
mod near_contact_tests {
    use glam::Vec2;

    use super::*;
    use crate::scene::{Object, Shape, evaluate};

    /// User test: a ball through a thin wall drew the V of its clearance cut off above
    /// its bottom (−0.85 for −1): the samples fell either side of the kink. The curve has
    /// a sample at the closest approach.
    #[test]
    fn the_clearance_curve_reaches_the_bottom_of_a_v() {
        let sweep = Sweep::new(Vec2::new(-1000.0, 0.0), Vec2::new(1000.0, 0.0), 1.0);
        let wall = Obstacle::Aabb(crate::geom::Aabb::new(
            Vec2::new(0.0, -10.0),
            Vec2::new(0.5, 10.0),
        ));
        let deepest = wall.closest_approach(&sweep).expect("an approach");
        // The centre in the wall's middle: 0.25 deep, a clearance of −1.25.
        assert!((deepest.clearance + 1.25).abs() < 1e-3, "{deepest:?}");
        let lowest = |c: Vec<[f64; 2]>| c.iter().map(|p| p[1]).fold(f64::INFINITY, f64::min);
        let sampled = lowest(clearance_curve(&sweep, &wall, CURVE_SAMPLES, None));
        assert!(
            sampled > -1.1,
            "control: the samples miss the kink ({sampled})"
        );
        let curve = clearance_curve(&sweep, &wall, CURVE_SAMPLES, Some(deepest.time));
        assert!(curve.windows(2).all(|w| w[0][0] < w[1][0]), "in time order");
        assert_eq!(curve.len(), CURVE_SAMPLES + 2);
        assert!((lowest(curve) - f64::from(deepest.clearance)).abs() < 1e-3);
    }

    /// User test: beside obstacles 60 away, a ball 0.05 deep in a box drew its dip as a
    /// flat line on 0. Near contact, the axis runs from below the dip to a few times it.
    #[test]
    fn the_near_contact_axis_is_scaled_to_the_deepest_dip() {
        let mut scene = Scene::empty("dip");
        let obj = |name: &str, shape| Object {
            name: name.into(),
            shape,
        };
        scene.objects = vec![
            obj(
                "roller",
                Shape::Ball {
                    start: Vec2::new(25.0, 0.45),
                    end: Vec2::new(55.0, 0.45),
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
            obj(
                "far",
                Shape::Box {
                    min: Vec2::new(20.0, 60.0),
                    max: Vec2::new(40.0, 70.0),
                },
            ),
        ];
        let eval = evaluate(&scene);
        let ball = &eval.balls[0];
        let curves = nearest_curves(ball, MAX_CURVES);
        let (lo, hi) = near_contact_range(ball, &curves).expect("curves");
        assert!(lo < -0.05 && lo > -0.2, "{lo}");
        assert!(hi > 0.1 && hi < 0.5, "{hi}");
    }

    /// User test: a graze of 1e-4 by a ball of radius 5 was drawn on an axis from -0.005
    /// to 0.02, a pixel above the contact line: it read as a touch. The axis is scaled to
    /// the graze itself.
    #[test]
    fn the_near_contact_axis_shows_a_graze_of_1e_4() {
        let mut scene = Scene::empty("graze");
        scene.objects = vec![
            Object {
                name: "ball".into(),
                shape: Shape::Ball {
                    start: Vec2::new(-20.0, 15.0),
                    end: Vec2::new(40.0, 15.0),
                    radius: 5.0,
                },
            },
            Object {
                name: "post".into(),
                shape: Shape::Circle {
                    start: Vec2::new(10.0, 5.0),
                    end: Vec2::new(10.0, 5.0),
                    radius: 4.9999,
                },
            },
        ];
        let eval = evaluate(&scene);
        let ball = &eval.balls[0];
        let curves = nearest_curves(ball, MAX_CURVES);
        let (lo, hi) = near_contact_range(ball, &curves).expect("curves");
        assert!(lo <= 0.0 && lo > -1e-3, "{lo}");
        assert!(hi > 3e-4 && hi < 1e-3, "{hi}");
    }
}
