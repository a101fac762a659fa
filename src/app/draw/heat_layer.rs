//! The heat map on the canvas. It lays a grid of cells over the canvas, coarsens the
//! grid when a frame would take too long, and recomputes only when the scene's revision, the
//! inspected ball or the camera changes. The result is one texture drawn under everything
//! else, so the geometry stays on top.

use egui::{Color32, ColorImage, Context, Rect, TextureHandle, TextureId, TextureOptions, vec2};
use glam::Vec2;

use super::camera::Camera;
use super::palette::{Role, heat_cell, heat_compare_alpha};
use crate::geom::Sweep;
use crate::obstacle::Obstacle;
use crate::scene::heat_map::{
    CellVerdict, Grid, JudgedStart, Samples, cost_ns, first_contact, judge_start, sample,
};
use crate::scene::number::{fixed, short_name};
use crate::scene::{BallEvaluation, HeatMap, Scene};
use crate::variants::{Params, Variant};

/// The time one recomputation may take on a release build while something moves (a drag,
/// a pan, a zoom), in nanoseconds: a third of a 60 Hz frame, so dragging stays smooth.
const MOVING_BUDGET_NS: f64 = 5.5e6;

/// The time it may take once everything holds still: the map is then redrawn once at the
/// cell size asked for, up to this.
const STILL_BUDGET_NS: f64 = 60e6;

/// What the samples depend on besides the grid: the same two frames running means
/// nothing is moving.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Inputs {
    /// The scene's revision (its obstacles, heat map settings, variants and parameters).
    revision: u64,
    /// The inspected ball's object index.
    ball: usize,
    canvas: Rect,
    center: Vec2,
    zoom: f32,
}

/// The heat map's state between frames (not saved: the settings live in the scene).
#[derive(Default)]
pub struct HeatLayer {
    /// What the samples were computed from.
    key: Option<(Inputs, Grid)>,
    /// Last frame's inputs.
    last: Option<Inputs>,
    samples: Samples,
    texture: Option<TextureHandle>,
    /// The texture and where it goes on screen, when drawn this frame.
    shown: Option<(TextureId, Rect)>,
    /// The cell size used, in points, and the one asked for.
    cell: (f32, f32),
    /// What a cell's readout is worked out from: the inspected ball's motion and radius,
    /// the obstacles with their object indices, and the compared variant.
    explain: Option<Explain>,
    /// The last readout, with the samples' inputs, grid and cell it is of: a readout judges
    /// the start against every obstacle (sub-stepping pays per step), too much to redo in
    /// every frame the pointer rests on one cell of a large scene.
    readout: std::cell::RefCell<Option<(Inputs, Grid, usize, String)>>,
}

/// See [`HeatLayer::explain`].
struct Explain {
    motion: Vec2,
    radius: f32,
    objects: Vec<usize>,
    obstacles: Vec<Obstacle>,
    compare: Option<(Variant, Params)>,
}

impl HeatLayer {
    /// Brings the map up to date for this frame: the inspected ball's motion and radius,
    /// moved to every cell of the canvas, against the scene's obstacles.
    pub fn update(
        &mut self,
        ctx: &Context,
        cam: &Camera,
        scene: &Scene,
        revision: u64,
        ball: Option<&BallEvaluation>,
        obstacles: &[(usize, Obstacle)],
    ) {
        let settings = &scene.heat_map;
        let Some(ball) = ball.filter(|_| settings.shown) else {
            // Hidden: free the texture and forget the samples.
            *self = Self::default();
            return;
        };
        let params = &scene.params;
        let compare = settings.compare.as_deref().and_then(Variant::from_id);
        let asked = settings.cell.clamp(HeatMap::MIN_CELL, HeatMap::MAX_CELL);
        let inputs = Inputs {
            revision,
            ball: ball.object,
            canvas: cam.rect,
            center: cam.center,
            zoom: cam.zoom,
        };
        let objects_of: Vec<usize> = obstacles.iter().map(|(k, _)| *k).collect();
        let obstacles: Vec<Obstacle> = obstacles.iter().map(|(_, o)| *o).collect();
        let motion = ball.sweep.end - ball.sweep.start;
        let still = self.last.as_ref() == Some(&inputs);
        let budget = if still {
            STILL_BUDGET_NS
        } else {
            MOVING_BUDGET_NS
        };
        let r = cam.rect;
        if !(r.width().is_finite() && r.height().is_finite()) {
            *self = Self::default();
            return;
        }
        let compared = compare.map(|v| (v, params));
        // Coarser until within the budget and within the largest texture the renderer
        // takes (glow asserts on a larger one).
        let max_side = ctx.input(|i| i.max_texture_side).max(1);
        let over = |cell: f32| {
            let g = canvas_grid(cam, cell);
            let too_wide = g.cols.max(g.rows) > max_side;
            (too_wide, cost_ns(g.len(), &obstacles, compared) > budget)
        };
        let mut cell = asked as f32;
        loop {
            let (too_wide, too_slow) = over(cell);
            // Past the largest cell only to fit the texture; the budget stops there.
            if !too_wide && (!too_slow || cell >= HeatMap::MAX_CELL as f32) {
                break;
            }
            cell *= 2.0;
        }
        let grid = canvas_grid(cam, cell);
        let over_budget = over(cell).1;
        if !still && (cell > asked as f32 || over_budget) {
            // Coarser while moving: draw again at the asked size once things hold still.
            ctx.request_repaint();
        }
        if grid.is_empty() || (!still && over_budget) {
            // A canvas with no area, or a scene too heavy to redo every frame even at the
            // coarsest cells: nothing while it moves (it is redrawn once it holds still).
            self.shown = None;
            self.last = Some(inputs);
            return;
        }
        let key = (inputs, grid);
        if self.key.as_ref() != Some(&key) || self.texture.is_none() {
            self.samples = sample(&grid, motion, ball.sweep.radius, &obstacles, compared);
            let image = ColorImage::new([grid.cols, grid.rows], pixels(&self.samples));
            match &mut self.texture {
                Some(t) => t.set(image, TextureOptions::NEAREST),
                None => {
                    self.texture =
                        Some(ctx.load_texture("heat map", image, TextureOptions::NEAREST))
                }
            }
            self.key = Some(key);
        }
        self.last = Some(inputs);
        let asked = asked as f32;
        self.cell = (cell, asked);
        self.explain = Some(Explain {
            motion,
            radius: ball.sweep.radius,
            objects: objects_of.clone(),
            obstacles,
            compare: compare.map(|v| (v, *params)),
        });
        let size = vec2(grid.cols as f32, grid.rows as f32) * cell;
        self.shown = self
            .texture
            .as_ref()
            .map(|t| (t.id(), Rect::from_min_size(cam.rect.min, size)));
    }

    /// The texture and its screen rectangle, when the map is drawn.
    pub fn shown(&self) -> Option<(TextureId, Rect)> {
        self.shown
    }

    /// The cell size in use, when the budget made it coarser than asked.
    pub fn coarsened(&self) -> Option<f32> {
        (self.shown.is_some() && self.cell.0 > self.cell.1).then_some(self.cell.0)
    }

    /// What the map says about the cell under world point `p`, for the status bar: its
    /// start (the cell's centre, which its colour is for), the first contact from there and
    /// the obstacle met, and the compared variant's verdict with the obstacle it is about.
    pub fn describe(&self, p: Vec2, scene: &Scene) -> Option<String> {
        self.shown?;
        let (inputs, grid) = self.key.as_ref()?;
        let i = grid.cell_at(p)?;
        if let Some((was_inputs, was_grid, cell, text)) = self.readout.borrow().as_ref()
            && (was_inputs, was_grid, *cell) == (inputs, grid, i)
        {
            return Some(text.clone());
        }
        let text = self.explain_cell(grid, i, scene)?;
        self.readout
            .replace(Some((*inputs, *grid, i, text.clone())));
        Some(text)
    }

    /// [`HeatLayer::describe`] of cell `i`, worked out.
    fn explain_cell(&self, grid: &Grid, i: usize, scene: &Scene) -> Option<String> {
        let e = self.explain.as_ref()?;
        let start = grid.start(i);
        let sweep = Sweep::new(start, start + e.motion, e.radius);
        let name = |k: usize| {
            let object = e.objects.get(k).copied().unwrap_or(usize::MAX);
            scene
                .objects
                .get(object)
                .map_or_else(String::new, |o| short_name(&o.name))
        };
        let at = format!("cell at ({}, {})", fixed(start.x), fixed(start.y));
        let met = first_contact(&sweep, &e.obstacles);
        let first = match met {
            Some((k, t)) => format!("first contact at t = {} with '{}'", fixed(t), name(k)),
            None => "no contact".to_owned(),
        };
        let Some((variant, params)) = &e.compare else {
            return Some(format!("{at}: {first}"));
        };
        // "agrees" would read as a finding where the variant runs on nothing.
        if !e.obstacles.iter().any(|o| variant.applies_to(o)) {
            return Some(format!(
                "{at}: {first}; {} compares nothing here (it handles {})",
                variant.id(),
                variant.handles()
            ));
        }
        let judged = judge_start(*variant, params, &sweep, &e.obstacles);
        let against = judged
            .about
            .map_or(String::new(), |(k, _)| format!(" against '{}'", name(k)));
        let mut text = format!(
            "{at}: {first}; {} {}{against}",
            variant.id(),
            verdict_text(&judged)
        );
        // The colour is the worst verdict over the obstacles, each against the straight
        // motion; where that is about another obstacle than the one met first, the verdict
        // against the one met first is said too (the one a user reads the cell for).
        if let Some((k, _)) = met
            && judged.about.is_some_and(|(about, _)| about != k)
            && let Some(o) = e.obstacles.get(k)
            && variant.applies_to(o)
        {
            let alone = judge_start(*variant, params, &sweep, std::slice::from_ref(o));
            text.push_str(&format!(
                " (the worst, coloured); against '{}', met first: {}",
                name(k),
                verdict_text(&alone)
            ));
        }
        Some(text)
    }
}

/// A start's verdict in a few words.
fn verdict_text(judged: &JudgedStart) -> String {
    let inside = judged
        .about
        .and_then(|(_, exact)| exact)
        .is_some_and(|h| h.started_inside);
    match judged.verdict {
        CellVerdict::Agree { .. } => "agrees".to_owned(),
        CellVerdict::TimeOff(dt) => format!("time off by {dt:+.4}"),
        CellVerdict::WrongContact => judged
            .detail
            .clone()
            .unwrap_or_else(|| "wrong normal or started_inside".to_owned()),
        CellVerdict::Broken => "breaks down (NaN or failure)".to_owned(),
        CellVerdict::FalseHit => "reports a contact that does not exist".to_owned(),
        CellVerdict::Tunnels if inside => "misses the overlap at the start".to_owned(),
        CellVerdict::Tunnels => "misses a contact: tunnels".to_owned(),
    }
}

/// The cells of `cell` points covering the canvas from its top-left corner, row by row as
/// the texture's pixels run: cell `(col, row)` is the square whose screen centre is
/// `rect.min + (col + ½, row + ½)·cell`, and its start is that centre in the world.
fn canvas_grid(cam: &Camera, cell: f32) -> Grid {
    let r = cam.rect;
    Grid {
        origin: cam.to_world(r.min + vec2(cell, cell) * 0.5),
        step: cell / cam.zoom,
        cols: (r.width() / cell).ceil().max(0.0) as usize,
        rows: (r.height() / cell).ceil().max(0.0) as usize,
    }
}

/// The colour role of a compare-mode verdict; `None` for an agreement on no contact
/// (left clear).
pub fn verdict_role(v: &CellVerdict) -> Option<Role> {
    Some(match v {
        CellVerdict::Tunnels => Role::HeatTunnel,
        CellVerdict::FalseHit => Role::HeatFalseHit,
        CellVerdict::Broken => Role::HeatBroken,
        CellVerdict::TimeOff(_) => Role::HeatTimeOff,
        CellVerdict::WrongContact => Role::HeatWrongContact,
        CellVerdict::Agree { contact: true } => Role::HeatAgree,
        CellVerdict::Agree { contact: false } => return None,
    })
}

/// One colour per cell, row by row.
fn pixels(samples: &Samples) -> Vec<Color32> {
    let tint = |c: Color32, a: u8| Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), a);
    match &samples.verdicts {
        None => samples
            .times
            .iter()
            .map(|&t| {
                if t.is_finite() {
                    heat_cell(t)
                } else {
                    Color32::TRANSPARENT
                }
            })
            .collect(),
        Some((_, verdicts)) => verdicts
            .iter()
            .map(|v| match verdict_role(v) {
                Some(role) => tint(role.color(), heat_compare_alpha(role)),
                None => Color32::TRANSPARENT,
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::View;

    /// User test: a cell whose variant had the right time but the wrong normal was painted
    /// in the time-off colour (a deeper amber), which the legend did not list: a timing
    /// bug was looked for where the normal was wrong. Each verdict has a colour of its own,
    /// and each is in the legend.
    #[test]
    fn every_compare_verdict_has_its_own_colour_in_the_legend() {
        let verdicts = [
            CellVerdict::Tunnels,
            CellVerdict::FalseHit,
            CellVerdict::Broken,
            CellVerdict::WrongContact,
            CellVerdict::TimeOff(0.1),
            CellVerdict::Agree { contact: true },
        ];
        let roles: Vec<Role> = verdicts.iter().filter_map(verdict_role).collect();
        assert_eq!(roles.len(), verdicts.len());
        for r in &roles {
            assert!(Role::HEAT_COMPARE.contains(r), "{r:?} not in the legend");
        }
        let colours: std::collections::HashSet<_> = roles.iter().map(|r| r.color()).collect();
        assert_eq!(colours.len(), roles.len(), "two verdicts share a colour");
        assert_eq!(verdict_role(&CellVerdict::Agree { contact: false }), None);
    }

    /// User test: the legend's t = 0 swatch was the opaque ramp colour (252, 248, 155)
    /// while a t = 0 cell showed a dull khaki, being drawn at about half opacity over the
    /// dark canvas. A swatch is the cell as it shows there: the cell's colour laid over
    /// the canvas's by the usual "over" rule, worked out here on unpremultiplied values.
    #[test]
    fn a_legend_swatch_is_the_cell_as_it_shows_over_the_canvas() {
        use crate::app::draw::palette::{HEAT_ALPHA, heat, over_canvas};
        let bg = Role::Canvas.color();
        for t in [0.0, 0.3, 1.0] {
            let c = heat(t);
            let a = f32::from(HEAT_ALPHA) / 255.0;
            let over = |s: u8, d: u8| f32::from(s) * a + f32::from(d) * (1.0 - a);
            let want = [
                over(c.r(), bg.r()),
                over(c.g(), bg.g()),
                over(c.b(), bg.b()),
            ];
            let got = over_canvas(heat_cell(t));
            for (g, w) in [got.r(), got.g(), got.b()].into_iter().zip(want) {
                assert!(
                    (f32::from(g) - w).abs() <= 1.5,
                    "t = {t}: {got:?} vs {want:?}"
                );
            }
            assert_eq!(got.a(), 255);
        }
        // A t = 0 cell is far darker than the opaque ramp colour.
        assert!(over_canvas(heat_cell(0.0)).r() < 160);
    }

    /// Each texture pixel (column, row) is drawn over the screen square whose centre maps
    /// to that cell's start: the y-flip and the half-cell offset line up.
    #[test]
    fn texture_pixels_sit_over_their_starts() {
        let rect = Rect::from_min_size(egui::pos2(37.0, 21.0), vec2(503.0, 299.0));
        let view = View {
            center: Vec2::new(-12.5, 40.25),
            zoom: 7.3,
            extent: None,
        };
        let cam = Camera::new(rect, &view);
        let cell = 6.0;
        let g = canvas_grid(&cam, cell);
        assert_eq!((g.cols, g.rows), (84, 50));
        for (col, row) in [(0, 0), (83, 0), (0, 49), (83, 49), (40, 17)] {
            let screen = rect.min + vec2(col as f32 + 0.5, row as f32 + 0.5) * cell;
            let start = g.start(row * g.cols + col);
            let want = cam.to_world(screen);
            assert!(
                (start - want).length() < 1e-3,
                "({col}, {row}): {start} vs {want}"
            );
            // And the world point under the cursor finds the same cell.
            assert_eq!(g.cell_at(want), Some(row * g.cols + col));
        }
        // Rows run down the screen, which is down the world (y-up).
        assert!(g.start(g.cols).y < g.start(0).y);
    }
}
