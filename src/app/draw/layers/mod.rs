//! The sweep canvas's layers, back to front. Each draws what the scene's [`Evaluation`] and
//! the core's constructions (`geom::outline`, `BoxFrame`, the sweep's relative motion, the
//! path's position at t) return, through a [`Pen`] under its [`Layer`]; none computes
//! geometry of its own. Labels are placed most important first (contacts, regions, names,
//! variants); grid ticks give way to all of them.

mod contacts;
mod grid;
mod motion;
mod names;
mod regions;
mod shapes;

use egui::Color32;

use super::pen::{Layer, Pen};
use crate::scene::{BallEvaluation, Evaluation, PairResult, Scene};

pub use names::{handles, keep_handles_clear};

/// What the layers need besides the scene and its evaluation.
pub struct Frame<'a> {
    pub scene: &'a Scene,
    pub eval: &'a Evaluation,
    /// The ball the inspector shows.
    pub ball: Option<&'a BallEvaluation>,
    pub selected: Option<usize>,
    pub hovered: Option<usize>,
    pub t: f32,
    /// The heat map's texture and screen rectangle, when it is shown.
    pub heat: Option<(egui::TextureId, egui::Rect)>,
}

impl Frame<'_> {
    fn ball(&self) -> Option<&BallEvaluation> {
        self.ball
    }
}

/// Constructions drawn per obstacle (grown boxes, segment capsules) cover at most this
/// many obstacles, the nearest to the inspected ball's motion: they explain its contacts,
/// and a scene of thousands drawn whole is neither legible nor cheap to paint.
const MAX_CONSTRUCTIONS: usize = 24;

/// The inspected ball's pairs that `keep` accepts, nearest first (contacts in time order,
/// then misses by clearance), at most `n`.
fn nearest(
    ball: &BallEvaluation,
    n: usize,
    keep: impl Fn(&PairResult) -> bool,
) -> Vec<&PairResult> {
    let rank = |p: &PairResult| match (p.hit, p.approach) {
        (Some(h), _) => (0, h.time),
        (None, Some(a)) => (1, a.clearance),
        (None, None) => (2, 0.0),
    };
    let mut pairs: Vec<&PairResult> = ball.pairs.iter().filter(|p| keep(p)).collect();
    pairs.sort_by(|a, b| {
        rank(a)
            .partial_cmp(&rank(b))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    pairs.truncate(n);
    pairs
}

/// Draws every enabled layer in back-to-front order.
pub fn draw_all(pen: &mut Pen, f: &Frame) {
    let l = f.scene.layers;
    if let Some((texture, rect)) = f.heat {
        let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
        pen.add(
            Layer::HeatMap,
            egui::Shape::image(texture, rect, uv, Color32::WHITE),
        );
    }
    if l.grid {
        grid::grid(pen);
    }
    if l.broad_phase {
        shapes::broad_phase(pen, f);
    }
    if l.minkowski {
        shapes::minkowski(pen, f);
    }
    if l.segment_capsule {
        shapes::segment_capsule(pen, f);
    }
    if l.capsule {
        shapes::capsules(pen, f);
    }
    shapes::objects(pen, f);
    // Labels that must not give way, before any other: the variants' verdicts, and room
    // for the contact points.
    if l.verdicts {
        contacts::variant_list(pen, f);
    }
    if l.impact {
        contacts::keep_contacts_clear(pen, f);
    }
    if l.relative_motion {
        motion::relative_motion(pen, f);
    }
    if l.path {
        contacts::path(pen, f);
    }
    if l.impact {
        contacts::impact(pen, f);
    }
    if l.approach {
        contacts::approach(pen, f);
    }
    // Regions after the contacts they explain, so their labels give way to the contact
    // numbers; their lines are thin enough to sit over the shapes.
    // "Regions of every box" draws them alone too: a switch that drew nothing unless
    // another was on read as broken.
    if l.regions || l.regions_all {
        regions::regions(pen, f);
    }
    contacts::variants(pen, f);
    motion::scrubber(pen, f);
    if l.labels {
        names::labels(pen, f);
    }
}
