//! The one camera of both canvases: the world ↔ screen transform (y-up world, y-down
//! screen), zoom around the cursor, fitting a box, and the adaptive grid step.

use egui::{Pos2, Rect};
use glam::{DVec2, Vec2};

use crate::geom::Aabb;
use crate::scene::View;

/// Zoom limits in pixels per world unit: wide enough to fit a scene spanning the whole f32
/// range (6.8e38 across a thousand pixels) and one a thousandth of a pixel at 1e-30, with
/// every screen offset of a visible point still a normal f32. (A scene smaller than about
/// 1e-33 cannot be fitted: its zoom is past f32.)
pub const MIN_ZOOM: f32 = 1e-36;
pub const MAX_ZOOM: f32 = 1e36;

/// Zooming in stops where one f32 step of the coordinates in view spans this many pixels:
/// the canvas then shows about one representable step, and deeper there is nothing more to
/// see (the grid's lines and the shapes' points all round to the same coordinates).
pub const PX_PER_F32_STEP: f32 = 1000.0;

/// The deepest zoom at world point `at` ([`PX_PER_F32_STEP`]), within [`MAX_ZOOM`].
pub fn deepest_zoom(at: Vec2) -> f32 {
    let m = at.abs().max_element();
    if !m.is_finite() {
        return MAX_ZOOM;
    }
    // The gap to the next f32 up (at 0 the least subnormal; at the largest, the gap below).
    let up = m.next_up() - m;
    let step = if up.is_finite() {
        up
    } else {
        m - m.next_down()
    };
    (PX_PER_F32_STEP / step).clamp(MIN_ZOOM, MAX_ZOOM)
}

/// `zoom` times `factor`, within the zoom limits and, zooming in, no deeper than
/// [`deepest_zoom`] at the view's `center` (a zoom already deeper, set by a fit or a
/// file, is not pulled back by a step in).
pub fn zoomed(zoom: f32, factor: f32, center: Vec2) -> f32 {
    let deepest = deepest_zoom(center).max(zoom).min(MAX_ZOOM);
    (zoom * factor).clamp(MIN_ZOOM, deepest)
}

/// The transform for one frame: the canvas rectangle plus the scene's camera.
#[derive(Clone, Copy, Debug)]
pub struct Camera {
    pub rect: Rect,
    pub center: Vec2,
    pub zoom: f32,
}

impl Camera {
    pub fn new(rect: Rect, view: &View) -> Self {
        let zoom = if view.zoom.is_finite() {
            view.zoom.clamp(MIN_ZOOM, MAX_ZOOM)
        } else {
            1.0
        };
        let center = if view.center.is_finite() {
            view.center
        } else {
            Vec2::ZERO
        };
        Self { rect, center, zoom }
    }

    /// The camera as a scene's view, with the region it shows (none before the canvas has
    /// a size).
    pub fn view(&self) -> View {
        let half = Vec2::new(self.rect.width(), self.rect.height()) * (0.5 / self.zoom);
        View {
            center: self.center,
            zoom: self.zoom,
            extent: (half.is_finite() && half.cmpgt(Vec2::ZERO).all()).then_some(half),
        }
    }

    pub fn to_screen(&self, w: Vec2) -> Pos2 {
        let c = self.rect.center();
        Pos2::new(
            c.x + (w.x - self.center.x) * self.zoom,
            c.y - (w.y - self.center.y) * self.zoom,
        )
    }

    /// A world point on screen in f64, where no world point overflows (see
    /// `screen_clip`).
    pub fn to_screen_d(&self, w: Vec2) -> DVec2 {
        self.to_screen_f64_d(w.as_dvec2())
    }

    /// An f64 world point on screen, in f64.
    pub fn to_screen_f64_d(&self, w: DVec2) -> DVec2 {
        let c = self.rect.center();
        let z = f64::from(self.zoom);
        DVec2::new(
            f64::from(c.x) + (w.x - f64::from(self.center.x)) * z,
            f64::from(c.y) - (w.y - f64::from(self.center.y)) * z,
        )
    }

    /// An f64 world point (the simulation's) on screen.
    pub fn to_screen_f64(&self, w: DVec2) -> Pos2 {
        let c = self.rect.center();
        let z = f64::from(self.zoom);
        Pos2::new(
            c.x + ((w.x - f64::from(self.center.x)) * z) as f32,
            c.y - ((w.y - f64::from(self.center.y)) * z) as f32,
        )
    }

    /// A screen point as an f64 world point (the simulation's).
    pub fn to_world_f64(&self, p: Pos2) -> DVec2 {
        let c = self.rect.center();
        let z = f64::from(self.zoom);
        DVec2::new(
            f64::from(self.center.x) + f64::from(p.x - c.x) / z,
            f64::from(self.center.y) - f64::from(p.y - c.y) / z,
        )
    }

    pub fn to_world(&self, p: Pos2) -> Vec2 {
        let c = self.rect.center();
        Vec2::new(
            self.center.x + (p.x - c.x) / self.zoom,
            self.center.y - (p.y - c.y) / self.zoom,
        )
    }

    /// A world length in pixels.
    pub fn len(&self, world: f32) -> f32 {
        world * self.zoom
    }

    /// A world direction as a screen vector (y flipped).
    pub fn dir(&self, v: Vec2) -> egui::Vec2 {
        egui::vec2(v.x, -v.y)
    }

    /// The visible world rectangle.
    pub fn world_rect(&self) -> Aabb {
        Aabb::from_points(
            self.to_world(self.rect.left_bottom()),
            self.to_world(self.rect.right_top()),
        )
    }

    /// Multiplies the zoom by `factor` keeping the world point under `anchor` in place.
    pub fn zoom_around(&mut self, anchor: Pos2, factor: f32) {
        if !(factor.is_finite() && factor > 0.0) {
            return;
        }
        let before = self.to_world(anchor);
        // The deepest zoom where the view will be: around the anchor.
        let at = if before.is_finite() {
            before
        } else {
            self.center
        };
        self.zoom = zoomed(self.zoom, factor, at);
        let after = self.to_world(anchor);
        self.center += before - after;
    }

    /// Moves the camera so the content follows a screen-space drag of `delta` pixels.
    pub fn pan(&mut self, delta: egui::Vec2) {
        self.center -= Vec2::new(delta.x, -delta.y) / self.zoom;
    }

    /// Centres `bounds` and zooms so it fills `fill` (0 to 1) of the canvas's smaller
    /// side, within the zoom limits. In f64: a box across the whole f32 range is wider
    /// than f32::MAX, and its centre's sum overflows.
    pub fn fit(&mut self, bounds: &Aabb, fill: f32) {
        if !(bounds.is_valid() && self.rect.width() > 1.0 && self.rect.height() > 1.0) {
            return;
        }
        let (lo, hi) = (bounds.min.as_dvec2(), bounds.max.as_dvec2());
        let (size, center) = (hi - lo, (lo + hi) * 0.5);
        // A point or a line has no size to fit across: it gets a thousandth of the other
        // side, or of its distance from the origin, or 1 at the origin.
        let floor = if size.max_element() > 0.0 {
            size.max_element() * 1e-3
        } else if center != DVec2::ZERO {
            center.abs().max_element() * 1e-3
        } else {
            1.0
        };
        let size = size.max(DVec2::splat(floor));
        let zx = f64::from(self.rect.width()) / size.x;
        let zy = f64::from(self.rect.height()) / size.y;
        let zoom = zx.min(zy) * f64::from(fill);
        if zoom > 0.0 {
            self.zoom = zoom.clamp(f64::from(MIN_ZOOM), f64::from(MAX_ZOOM)) as f32;
            self.center = center.as_vec2();
        }
    }

    /// [`Camera::fit`] into the canvas below a band `band` pixels tall at its top (kept
    /// free for an overlay), at most half the canvas.
    pub fn fit_below(&mut self, bounds: &Aabb, fill: f32, band: f32) {
        let full = self.rect;
        let band = band.clamp(0.0, 0.5 * full.height());
        self.rect = full.with_min_y(full.top() + band);
        self.fit(bounds, fill);
        self.rect = full;
        // The same mapping from the whole canvas, whose centre is band / 2 pixels higher.
        self.center.y += 0.5 * band / self.zoom;
    }

    /// The major grid spacing in world units: 1, 2 or 5 × 10^k, at least `min_px` pixels apart.
    pub fn grid_step(&self, min_px: f32) -> f32 {
        grid_step(self.zoom, min_px)
    }
}

/// The smallest of 1, 2, 5 × 10^k world units that is at least `min_px` pixels at `zoom`.
pub fn grid_step(zoom: f32, min_px: f32) -> f32 {
    let raw = (min_px / zoom.max(MIN_ZOOM)).clamp(1e-37, 1e37);
    let base = 10f32.powf(raw.log10().floor());
    for m in [1.0, 2.0, 5.0, 10.0] {
        if base * m >= raw {
            return base * m;
        }
    }
    base * 10.0
}

/// The length of a world vector at any f32 magnitude: in f32 its square overflows past
/// about 1.8e19 and vanishes below about 1e-19 (hit tests and arrows failed at those
/// scales).
pub fn world_len(v: Vec2) -> f32 {
    v.as_dvec2().length() as f32
}

/// Rounds `p` to the nearest multiple of `step` on both axes.
pub fn snap(p: Vec2, step: f32) -> Vec2 {
    if step > 0.0 && step.is_finite() {
        // `+ 0` turns the −0 that rounding a small negative gives into 0, which the
        // inspector would show as "-0.0".
        (p / step).round() * step + Vec2::ZERO
    } else {
        p
    }
}

/// A short label for a grid coordinate: no trailing zeros, no `-0`; in exponent form past
/// 10⁶ or with steps under 10⁻⁴, with as many digits as tell a tick from the next
/// (`3.2e30`, `-1.5e-29`), where the fixed form printed 31 digits.
pub fn axis_label(v: f32, step: f32) -> String {
    if v == 0.0 || !v.is_finite() || !step.is_finite() || step <= 0.0 {
        return "0".to_owned();
    }
    if v.abs() >= 1e6 || step < 1e-4 {
        let digits = (v.abs().log10().floor() - step.log10().floor()).clamp(0.0, 8.0) as usize;
        let s = format!("{v:.digits$e}");
        return match s.split_once('e') {
            Some((m, e)) if m.contains('.') => {
                format!("{}e{e}", m.trim_end_matches('0').trim_end_matches('.'))
            }
            _ => s,
        };
    }
    let decimals = if step >= 1.0 {
        0
    } else {
        (-step.log10().floor()) as usize
    };
    let s = format!("{:.*}", decimals, v);
    if s.trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        "0".to_owned()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cam() -> Camera {
        Camera {
            rect: Rect::from_min_size(Pos2::new(10.0, 20.0), egui::vec2(400.0, 200.0)),
            center: Vec2::new(5.0, -3.0),
            zoom: 4.0,
        }
    }

    #[test]
    fn screen_is_y_down_and_round_trips() {
        let c = cam();
        // The camera centre is the middle of the rect: (210, 120).
        assert_eq!(c.to_screen(Vec2::new(5.0, -3.0)), Pos2::new(210.0, 120.0));
        // One unit up in the world is 4 px up on screen.
        assert_eq!(c.to_screen(Vec2::new(5.0, -2.0)), Pos2::new(210.0, 116.0));
        let w = Vec2::new(-7.25, 11.5);
        assert!((c.to_world(c.to_screen(w)) - w).length() < 1e-4);
    }

    /// User test: the wheel zoomed on to 2e20 pixels a unit around (10, 30), where one f32
    /// step is 1.9e14 pixels: a flat colour with no grid, no labels and no way to tell
    /// where the view was. Zooming in stops where a step spans `PX_PER_F32_STEP` pixels.
    #[test]
    fn zooming_in_stops_where_one_f32_step_fills_the_canvas() {
        let mut c = cam();
        c.center = Vec2::new(10.0, 30.0);
        let anchor = c.rect.center();
        for _ in 0..2000 {
            c.zoom_around(anchor, 1.5);
        }
        // One f32 step at 30 is 2^-19 (1.9e-6).
        let step = 30f32.next_up() - 30.0;
        let px = c.zoom * step;
        assert!(
            (0.5 * PX_PER_F32_STEP..=PX_PER_F32_STEP * 1.0001).contains(&px),
            "{px} px per step at zoom {}",
            c.zoom
        );
        // Zooming out from there works at once, and a zoom set deeper (a fit, a file) is
        // not pulled back by a step in.
        let deep = c.zoom;
        c.zoom_around(anchor, 0.5);
        assert!(c.zoom < deep);
        assert_eq!(zoomed(deep * 100.0, 1.2, c.center), deep * 100.0);
        // At the origin the steps are subnormal: the zoom limit holds there.
        assert_eq!(deepest_zoom(Vec2::ZERO), MAX_ZOOM);
        assert_eq!(
            deepest_zoom(Vec2::new(f32::MAX, 0.0)),
            PX_PER_F32_STEP / 2f32.powi(104)
        );
        assert_eq!(deepest_zoom(Vec2::new(f32::NAN, 0.0)), MAX_ZOOM);
    }

    #[test]
    fn zoom_keeps_the_anchor_fixed() {
        let mut c = cam();
        let anchor = Pos2::new(50.0, 70.0);
        let before = c.to_world(anchor);
        c.zoom_around(anchor, 2.5);
        assert!((c.zoom - 10.0).abs() < 1e-6);
        assert!((c.to_world(anchor) - before).length() < 1e-4);
    }

    #[test]
    fn grid_steps_are_1_2_5() {
        assert_eq!(grid_step(1.0, 60.0), 100.0);
        assert_eq!(grid_step(4.0, 60.0), 20.0);
        assert_eq!(grid_step(10.0, 60.0), 10.0);
        assert!((grid_step(300.0, 60.0) - 0.2).abs() < 1e-6);
    }

    #[test]
    fn labels_and_snap() {
        assert_eq!(axis_label(-0.0001, 0.5), "0");
        assert_eq!(axis_label(2.5, 0.5), "2.5");
        assert_eq!(axis_label(40.0, 20.0), "40");
        assert_eq!(snap(Vec2::new(7.4, -12.6), 5.0), Vec2::new(5.0, -15.0));
    }

    #[test]
    fn a_point_snapped_to_zero_from_below_is_zero_not_minus_zero() {
        // The bug: a circle added just below the x axis showed "y -0.0" in the inspector.
        let p = snap(Vec2::new(-30.2, -0.3), 1.0);
        assert_eq!((p.x, p.y.to_bits()), (-30.0, 0.0f32.to_bits()));
    }

    #[test]
    fn fit_below_leaves_the_band_free_and_fits_below_it() {
        let rect = Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(400.0, 300.0));
        let mut c = Camera::new(rect, &View::default());
        let b = Aabb::new(Vec2::new(-5.0, -5.0), Vec2::new(5.0, 5.0));
        c.fit_below(&b, 1.0, 80.0);
        let top = c.to_screen(Vec2::new(0.0, 5.0)).y;
        let bottom = c.to_screen(Vec2::new(0.0, -5.0)).y;
        // The square's height fills the 220 pixels below the band exactly.
        assert!(
            (top - 80.0).abs() < 1e-3 && (bottom - 300.0).abs() < 1e-3,
            "{top} {bottom}"
        );
    }

    #[test]
    fn fit_contains_the_box() {
        let mut c = cam();
        let b = Aabb::new(Vec2::new(-100.0, -10.0), Vec2::new(100.0, 30.0));
        c.fit(&b, 0.85);
        let w = c.world_rect();
        assert!(w.contains(b.min) && w.contains(b.max));
    }

    #[test]
    fn f64_points_round_trip() {
        let c = cam();
        let w = DVec2::new(-7.25, 11.5);
        let s = c.to_screen_f64(w);
        assert_eq!(s, c.to_screen(w.as_vec2()));
        assert!((c.to_world_f64(s) - w).length() < 1e-4);
    }

    /// F could not fit the default scene scaled by 1e5 or more (the zoom stopped at 1e-3
    /// px/unit, the view inside the box), nor one scaled by 1e-30 (all of it under one
    /// pixel); a box across the whole f32 range overflowed its size and centre.
    #[test]
    fn fit_shows_a_scene_at_every_scale_in_the_f32_range() {
        for scale in [1e-30_f32, 1e-6, 1.0, 1e6, 1e25, 1e36] {
            let b = Aabb::new(Vec2::new(-20.0, 0.0) * scale, Vec2::new(40.0, 55.0) * scale);
            let mut c = cam();
            c.fit(&b, 0.9);
            let (lo, hi) = (c.to_screen(b.min), c.to_screen(b.max));
            for p in [lo, hi] {
                assert!(c.rect.expand(1.0).contains(p), "scale {scale:e}: {p:?}");
            }
            // It fills most of the canvas's height.
            assert!(
                (lo.y - hi.y).abs() > 150.0,
                "scale {scale:e}: {lo:?} {hi:?}"
            );
        }
        let whole = Aabb::new(Vec2::splat(-3e38), Vec2::splat(3e38));
        let mut c = cam();
        c.fit(&whole, 0.9);
        assert_eq!(c.center, Vec2::ZERO);
        assert!(c.zoom > 0.0 && c.zoom.is_finite() && c.zoom < 1e-36 * 1e3);
        let far = Aabb::new(Vec2::splat(2e38), Vec2::splat(3e38));
        let mut c = cam();
        c.fit(&far, 0.9);
        assert!(c.center.is_finite() && c.center.x > 2e38, "{:?}", c.center);
        // A single point at the origin gets a unit around it, not the largest zoom.
        let mut c = cam();
        c.fit(&Aabb::new(Vec2::ZERO, Vec2::ZERO), 0.9);
        assert!((c.zoom - 180.0).abs() < 1.0, "{}", c.zoom);
    }

    /// At a scale of 1e19 the grid's labels printed 22 digits.
    #[test]
    fn far_and_fine_tick_labels_are_short_and_tell_ticks_apart() {
        assert_eq!(axis_label(2e31, 1e31), "2e31");
        assert_eq!(axis_label(3.2e30, 1e29), "3.2e30");
        assert_eq!(axis_label(-1.5e-29, 5e-30), "-1.5e-29");
        assert_eq!(axis_label(1.0e7, 5e6), "1e7");
        assert_eq!(axis_label(12.5, 0.5), "12.5");
        assert_eq!(axis_label(-0.0, 1.0), "0");
        assert_ne!(axis_label(1.0e30 + 7e22, 1e23), axis_label(1.0e30, 1e23));
    }
}
