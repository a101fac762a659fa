//! Clearance plot: distance − r from the inspected ball to each obstacle over t ∈ [0, 1],
//! the first root (exact time of impact) marked, and the sample times a discrete test
//! (t = 1 only) and a sub-stepped one would use, so tunnelling is visible as samples that
//! straddle the dip below zero.

use egui::{Color32, Ui};
use egui_plot::{Corner, HLine, Legend, Line, Plot, Points, VLine};

use super::inspector::name;
use crate::app::command::Command;
use crate::app::draw::palette::{Role, variant_color};
use crate::geom::Sweep;
use crate::obstacle::Obstacle;
use crate::scene::{BallEvaluation, Scene};
use crate::variants::Variant;

/// Samples per curve; enough to show a dip thinner than 1% of the motion.
const CURVE_SAMPLES: usize = 400;
/// Curves drawn at most (the nearest obstacles), so a stress scene stays readable.
const MAX_CURVES: usize = 8;

const CURVE_COLORS: [Color32; 4] = [
    Color32::from_rgb(200, 200, 210),
    Color32::from_rgb(140, 200, 255),
    Color32::from_rgb(255, 180, 120),
    Color32::from_rgb(190, 160, 255),
];

pub fn show(
    ui: &mut Ui,
    scene: &Scene,
    ball: Option<&BallEvaluation>,
    t: f32,
    out: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("Clearance (distance − r) over t").strong());
        super::variants::substeps(ui, scene, out);
    });
    let Some(ball) = ball else {
        ui.weak("No ball.");
        return;
    };
    // The nearest obstacles by the evaluation's closest approach (contacts first), sampled
    // densely: a scene with a hundred obstacles would otherwise cost 40 000 distance
    // queries per frame.
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
    ranked.truncate(MAX_CURVES);
    let curves: Vec<(usize, Vec<[f64; 2]>)> = ranked
        .iter()
        .filter_map(|(i, _)| {
            let p = ball.pairs.get(*i)?;
            Some((*i, clearance_curve(&ball.sweep, &p.shape, CURVE_SAMPLES)))
        })
        .collect();
    let n = scene.params.substeps.max(1);
    Plot::new("clearance")
        .legend(Legend::default().position(Corner::LeftBottom))
        .allow_scroll(false)
        .include_y(0.0)
        .include_x(0.0)
        .include_x(1.0)
        .x_axis_label("t")
        .show(ui, |plot| {
            plot.hline(HLine::new("contact (0)", 0.0).color(Role::Contact.alpha(160)));
            plot.vline(VLine::new("scrubber t", t as f64).color(Color32::from_gray(120)));
            for (k, (pi, curve)) in curves.iter().enumerate() {
                let Some(pair) = ball.pairs.get(*pi) else {
                    continue;
                };
                let label = name(scene, pair.obstacle);
                let color = CURVE_COLORS[k % CURVE_COLORS.len()];
                let at = |t: f64| sample_at(curve, t);
                plot.line(
                    Line::new(label.clone(), curve.clone())
                        .color(color)
                        .width(1.5),
                );
                if let Some(h) = pair.hit {
                    plot.points(
                        Points::new(format!("{label}: first root"), vec![[h.time as f64, 0.0]])
                            .radius(5.0)
                            .color(Role::Contact.color()),
                    );
                }
                let discrete = vec![[1.0, at(1.0)]];
                plot.points(
                    Points::new("discrete (t = 1)", discrete)
                        .radius(4.0)
                        .color(variant_color(Variant::Discrete)),
                );
                let subs: Vec<[f64; 2]> = (1..=n)
                    .map(|k| k as f64 / n as f64)
                    .map(|s| [s, at(s)])
                    .collect();
                plot.points(
                    Points::new(format!("{n} sub-steps"), subs)
                        .radius(3.0)
                        .color(variant_color(Variant::Substep)),
                );
            }
        });
}

/// Samples of the clearance (the core's distance at t, minus r) over t ∈ [0, 1].
fn clearance_curve(sweep: &Sweep, obstacle: &Obstacle, n: usize) -> Vec<[f64; 2]> {
    (0..=n)
        .map(|k| {
            let t = k as f32 / n as f32;
            let d = obstacle.distance_at(sweep.at(t), t) - sweep.radius;
            [f64::from(t), f64::from(d)]
        })
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
