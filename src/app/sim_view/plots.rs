//! Energy drift, momentum and events per frame over simulation time, kept bounded by
//! decimation.

use crate::app::draw::palette::{PLOT_GRID_SPACING, Role, axis_number, nice_grid, nice_time_grid};
use egui_plot::{Legend, Line, Plot, VLine};

/// Samples kept before pairs are merged (and the sampling interval doubled).
pub const CAP: usize = 2048;

/// One sample: the state at `time` and the mean collisions per frame since the last sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub time: f64,
    pub energy: f64,
    pub momentum: [f64; 2],
    pub events_per_frame: f64,
}

/// A bounded history of samples in time order.
#[derive(Clone, Debug)]
pub struct Series {
    samples: Vec<Sample>,
    /// Minimum time between kept samples; doubles at each decimation.
    interval: f64,
    pending_events: f64,
    pending_frames: u32,
}

impl Default for Series {
    fn default() -> Self {
        Self {
            samples: Vec::new(),
            interval: 0.0,
            pending_events: 0.0,
            pending_frames: 0,
        }
    }
}

impl Series {
    pub fn samples(&self) -> &[Sample] {
        &self.samples
    }

    pub fn clear(&mut self) {
        *self = Self::default();
    }

    /// The energy's change since the first sample, relative to it (absolute when the first
    /// sample has no energy): what an exact engine keeps at rounding level.
    pub fn drift(&self, energy: f64) -> f64 {
        let e0 = self.samples.first().map_or(energy, |s| s.energy);
        if e0 != 0.0 {
            (energy - e0) / e0
        } else {
            energy
        }
    }

    /// Records one frame that ended at `time` having processed `events` collisions. Frames
    /// at or before the newest sample (replays after a rewind) are ignored.
    pub fn push(&mut self, time: f64, energy: f64, momentum: [f64; 2], events: u64) {
        let last = self.samples.last().map(|s| s.time);
        if last.is_some_and(|t| time <= t) {
            return;
        }
        self.pending_events += events as f64;
        self.pending_frames += 1;
        if last.is_some_and(|t| time - t < self.interval) {
            return;
        }
        self.samples.push(Sample {
            time,
            energy,
            momentum,
            events_per_frame: self.pending_events / f64::from(self.pending_frames),
        });
        self.pending_events = 0.0;
        self.pending_frames = 0;
        if self.samples.len() > CAP {
            self.decimate();
        }
    }

    /// Merges neighbours pairwise: the later state, the mean rate.
    fn decimate(&mut self) {
        let merged: Vec<Sample> = self
            .samples
            .chunks(2)
            .filter_map(|c| match c {
                [a, b] => Some(Sample {
                    events_per_frame: 0.5 * (a.events_per_frame + b.events_per_frame),
                    ..*b
                }),
                [a] => Some(*a),
                _ => None,
            })
            .collect();
        let span = match (merged.first(), merged.last()) {
            (Some(a), Some(b)) => b.time - a.time,
            _ => 0.0,
        };
        self.interval = (self.interval * 2.0).max(span / CAP as f64);
        self.samples = merged;
    }
}

/// The collisions per frame as steps: each sample's rate is the mean over the frames since the
/// sample before it, so it holds flat over that span (a line from one sample to the next
/// drew rates between samples that no frame had, and a slope across a pause).
fn stairs(s: &[Sample]) -> Vec<[f64; 2]> {
    let mut points = Vec::with_capacity(2 * s.len());
    let mut from = s.first().map(|x| x.time);
    for x in s {
        if let Some(t) = from.filter(|&t| t < x.time) {
            points.push([t, x.events_per_frame]);
        }
        points.push([x.time, x.events_per_frame]);
        from = Some(x.time);
    }
    points
}

/// Columns narrower than this (points) get a title above the plot instead of a legend
/// inside it, which would cover most of a narrow plot.
const LEGEND_MIN_WIDTH: f32 = 280.0;

/// The energy drift plot shows at least this much either side of 0: rounding level.
const DRIFT_SPAN: f64 = 1e-15;

/// The current time's marker, in the scrubber's colour rather than a series'.
fn now_line(now: f64) -> VLine {
    VLine::new("now", now).color(Role::Scrubber.color())
}

/// One plot's series: its label and colour.
type Named = (&'static str, Role);

/// Draws the three plots side by side with the current time marked; before a run has
/// two samples, a line saying how to start one.
pub fn show(ui: &mut egui::Ui, series: &Series, now: f64) {
    let s = series.samples();
    if s.len() < 2 {
        ui.weak("The energy's change, momentum and collisions per frame are plotted here once the run has started.");
        return;
    }
    let pts = |f: &dyn Fn(&Sample) -> f64| -> Vec<[f64; 2]> {
        s.iter().map(|x| [x.time, f(x)]).collect()
    };
    let link = egui::Id::unique("sweepscope_sim_plots_link");
    let wide = ui.available_width() / 3.0 >= LEGEND_MIN_WIDTH;
    let height = (ui.available_height() - 4.0).max(60.0);
    ui.columns(3, |cols| {
        let drift: [Named; 1] = [("energy change ΔE/E₀", Role::SeriesA)];
        let momentum: [Named; 2] = [("momentum x", Role::SeriesA), ("momentum y", Role::SeriesB)];
        // Collisions, not events: the frame's event cap counts cell crossings too, which
        // the plot leaves out (a capped frame of 100,000 events read 43,000 here).
        let rate: [Named; 1] = [("collisions per frame", Role::SeriesA)];
        // Narrow: the series named above each plot, in their colours.
        let plot = |ui: &mut egui::Ui, id: &str, names: &[Named]| {
            let mut height = height;
            if !wide {
                let row = ui.horizontal_wrapped(|ui| {
                    for (name, role) in names {
                        ui.label(egui::RichText::new(*name).small().color(role.color()));
                    }
                });
                height =
                    (height - row.response.rect.height() - ui.spacing().item_spacing.y).max(40.0);
            }
            let p = Plot::new(id)
                .show_background(false)
                .grid_spacing(PLOT_GRID_SPACING)
                .y_grid_spacer(nice_grid)
                // The time axis too: by powers of ten only, a run of 5 s was labelled "0"
                // alone, and its labels need room of their own.
                .x_grid_spacer(nice_time_grid)
                // egui_plot's own labels round to the coarse step's decimals too few: 0.5
                // read "0".
                .x_axis_formatter(|mark, _| axis_number(mark.value, mark.step_size))
                .y_axis_formatter(|mark, _| axis_number(mark.value, mark.step_size))
                .height(height)
                .link_axis(link, [true, false])
                .x_axis_label("time")
                .allow_scroll(false);
            if wide { p.legend(Legend::default()) } else { p }
        };
        let line = |name: &'static str, role: Role, points: Vec<[f64; 2]>| {
            // No bands: egui_plot merges points that share a pixel column into a band and
            // joins bands by their edges, so a step (two points at one time) became a
            // filled triangle across to the next sample.
            Line::new(name, points)
                .color(role.color())
                .allow_band(false)
        };
        // The relative drift of the energy, on its own scale: an exact engine keeps it at
        // rounding level (1e-15), which a plot of the energy itself would flatten to a line.
        // At least ±DRIFT_SPAN about 0: a drift of exactly 0 got egui_plot's default span,
        // ±5, which reads as hundreds of percent.
        plot(&mut cols[0], "sim_energy", &drift)
            .include_y(DRIFT_SPAN)
            .include_y(-DRIFT_SPAN)
            .show(&mut cols[0], |p| {
                p.line(line(
                    drift[0].0,
                    drift[0].1,
                    pts(&|x| series.drift(x.energy)),
                ));
                p.vline(now_line(now));
            });
        plot(&mut cols[1], "sim_momentum", &momentum)
            .include_y(0.0)
            .show(&mut cols[1], |p| {
                p.line(line(momentum[0].0, momentum[0].1, pts(&|x| x.momentum[0])));
                p.line(line(momentum[1].0, momentum[1].1, pts(&|x| x.momentum[1])));
                p.vline(now_line(now));
            });
        plot(&mut cols[2], "sim_rate", &rate).show(&mut cols[2], |p| {
            p.line(line(rate[0].0, rate[0].1, stairs(s)));
            p.vline(now_line(now));
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_stays_bounded_and_keeps_its_span() {
        let mut s = Series::default();
        for f in 1..=20_000u64 {
            let t = f as f64 / 60.0;
            s.push(t, 2.0, [1.0, -1.0], f % 3);
        }
        assert!(s.samples().len() <= CAP);
        assert!(s.samples().len() > CAP / 4);
        let first = s.samples()[0].time;
        let last = s.samples()[s.samples().len() - 1].time;
        assert!(
            first < 1.0 && (last - 20_000.0 / 60.0).abs() < 1.0,
            "{first} {last}"
        );
        // Events cycle 1, 2, 0: every average over whole cycles is 1.
        let mean: f64 =
            s.samples().iter().map(|x| x.events_per_frame).sum::<f64>() / s.samples().len() as f64;
        assert!((mean - 1.0).abs() < 0.05, "{mean}");
        assert!(s.samples().windows(2).all(|w| w[0].time < w[1].time));
    }

    /// Every shape the plots draw for `series` at time `now`, flattened.
    fn plot_shapes(series: &Series, now: f64) -> Vec<egui::Shape> {
        let ctx = egui::Context::default();
        let mut shapes = Vec::new();
        for _ in 0..2 {
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(900.0, 200.0),
                )),
                ..Default::default()
            };
            let out = ctx.run_ui(input, |ui| show(ui, series, now));
            shapes = out.shapes.iter().map(|c| c.shape.clone()).collect();
            // No renderer here: the font texture updates are dropped on purpose.
            out.drop_without_applying_deltas();
        }
        let mut flat = Vec::new();
        fn walk(s: egui::Shape, flat: &mut Vec<egui::Shape>) {
            match s {
                egui::Shape::Vec(v) => v.into_iter().for_each(|s| walk(s, flat)),
                s => flat.push(s),
            }
        }
        shapes.into_iter().for_each(|s| walk(s, &mut flat));
        flat
    }

    /// User test: after one "Next event" the events-per-frame plot was a filled triangle
    /// from 0 at t = 0 to 1 at the event: egui_plot merged the step's two points at t = 0
    /// into a band and joined it to the next point by its edges. The lines are drawn as
    /// lines: no filled shape in the plots but the plot's own frame.
    #[test]
    fn a_step_in_a_plot_is_a_line_not_a_filled_wedge() {
        let mut s = Series::default();
        s.push(0.0, 1.0, [1.0, 0.0], 0);
        s.push(0.767, 1.0, [1.0, 0.0], 1);
        let meshes = plot_shapes(&s, 0.767)
            .into_iter()
            .filter(|shape| match shape {
                egui::Shape::Band(_) => true,
                egui::Shape::Mesh(m) => m.indices.len() >= 3,
                egui::Shape::Path(p) => p.fill != egui::Color32::TRANSPARENT && p.points.len() >= 3,
                _ => false,
            })
            .count();
        assert_eq!(meshes, 0, "a filled shape among the plot lines");
    }

    /// User test: the events-per-frame plot joined samples with slopes, drawing rates
    /// between samples that no frame had.
    #[test]
    fn events_per_frame_are_drawn_flat_over_their_frames() {
        let mut s = Series::default();
        s.push(1.0, 1.0, [0.0, 0.0], 4);
        s.push(2.0, 1.0, [0.0, 0.0], 0);
        s.push(5.0, 1.0, [0.0, 0.0], 10);
        assert_eq!(
            stairs(s.samples()),
            vec![[1.0, 4.0], [1.0, 0.0], [2.0, 0.0], [2.0, 10.0], [5.0, 10.0]]
        );
        assert!(stairs(&[]).is_empty());
    }

    #[test]
    fn the_drift_is_relative_to_the_first_sample() {
        let mut s = Series::default();
        s.push(1.0, 4.0, [0.0, 0.0], 0);
        s.push(2.0, 5.0, [0.0, 0.0], 0);
        assert_eq!(s.drift(5.0), 0.25);
        assert_eq!(Series::default().drift(3.0), 0.0);
    }

    #[test]
    fn replayed_frames_are_not_recorded_twice() {
        let mut s = Series::default();
        s.push(1.0, 1.0, [0.0, 0.0], 4);
        s.push(2.0, 1.0, [0.0, 0.0], 6);
        s.push(1.5, 9.0, [0.0, 0.0], 100);
        assert_eq!(s.samples().len(), 2);
        assert_eq!(s.samples()[1].events_per_frame, 6.0);
    }
}
