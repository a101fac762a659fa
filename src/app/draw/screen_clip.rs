//! Screen geometry clipped in f64 to a rectangle around the canvas before it becomes f32.
//!
//! A world point's screen position can be far past f32: a box 1e38 wide at 8 pixels a unit
//! is 8e38 pixels across. Turned into f32 first, such a point is an infinity, and the
//! tessellator meets NaN and panics. Clipped here in f64, every point handed on is within
//! the rectangle, and a line keeps its direction on screen.

use egui::{Pos2, Rect};
use glam::DVec2;

/// A rectangle in f64 screen coordinates.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    min: DVec2,
    max: DVec2,
}

impl Bounds {
    /// `rect` grown by `margin` points on every side.
    pub fn around(rect: Rect, margin: f32) -> Self {
        let r = rect.expand(margin);
        Self {
            min: DVec2::new(f64::from(r.min.x), f64::from(r.min.y)),
            max: DVec2::new(f64::from(r.max.x), f64::from(r.max.y)),
        }
    }

    pub fn contains(&self, p: DVec2) -> bool {
        p.cmpge(self.min).all() && p.cmple(self.max).all()
    }

    /// The part of the segment `a`–`b` inside, as f32 points; `None` when none of it is
    /// (or a point is not finite). Cohen–Sutherland, each end moved onto a plane it is
    /// beyond by [`on_plane`].
    pub fn segment(&self, a: DVec2, b: DVec2) -> Option<(Pos2, Pos2)> {
        if !(a.is_finite() && b.is_finite()) {
            return None;
        }
        let (mut a, mut b) = (a, b);
        // Each round puts one end on a plane it was beyond; four planes, two ends.
        for _ in 0..8 {
            let (ca, cb) = (self.code(a), self.code(b));
            if ca == 0 && cb == 0 {
                return Some((pos(self.clamp(a)), pos(self.clamp(b))));
            }
            if ca & cb != 0 {
                return None;
            }
            let (moving_a, code) = if ca != 0 { (true, ca) } else { (false, cb) };
            let (axis, value) = self.plane(code);
            let p = on_plane(a, b, axis, value);
            if moving_a {
                a = p;
            } else {
                b = p;
            }
        }
        None
    }

    /// Which planes `p` is beyond: bit 0 below min.x, 1 above max.x, 2 below min.y, 3
    /// above max.y.
    fn code(&self, p: DVec2) -> u8 {
        u8::from(p.x < self.min.x)
            | u8::from(p.x > self.max.x) << 1
            | u8::from(p.y < self.min.y) << 2
            | u8::from(p.y > self.max.y) << 3
    }

    /// The first plane of a non-zero `code`: its axis and value.
    fn plane(&self, code: u8) -> (usize, f64) {
        if code & 1 != 0 {
            (0, self.min.x)
        } else if code & 2 != 0 {
            (0, self.max.x)
        } else if code & 4 != 0 {
            (1, self.min.y)
        } else {
            (1, self.max.y)
        }
    }

    /// The pieces of the polyline `pts` inside, each a run of f32 points.
    pub fn polyline(&self, pts: &[DVec2]) -> Vec<Vec<Pos2>> {
        let mut pieces: Vec<Vec<Pos2>> = Vec::new();
        let mut run: Vec<Pos2> = Vec::new();
        for w in pts.windows(2) {
            match self.segment(w[0], w[1]) {
                Some((a, b)) => {
                    if run.last() != Some(&a) {
                        if run.len() > 1 {
                            pieces.push(std::mem::take(&mut run));
                        }
                        run.clear();
                        run.push(a);
                    }
                    run.push(b);
                }
                None => {
                    if run.len() > 1 {
                        pieces.push(std::mem::take(&mut run));
                    }
                    run.clear();
                }
            }
        }
        if run.len() > 1 {
            pieces.push(run);
        }
        pieces
    }

    /// The convex polygon `pts` cut to the rectangle (Sutherland–Hodgman), as f32 points;
    /// empty when nothing of it is inside. The edges the cut adds run along the rectangle,
    /// outside the canvas when the margin is wider than the stroke.
    pub fn polygon(&self, pts: &[DVec2]) -> Vec<Pos2> {
        if pts.iter().any(|p| !p.is_finite()) {
            return Vec::new();
        }
        let mut poly: Vec<DVec2> = pts.to_vec();
        // Each plane: its axis, its value, and whether the inside is above it.
        let planes = [
            (0, self.min.x, true),
            (0, self.max.x, false),
            (1, self.min.y, true),
            (1, self.max.y, false),
        ];
        for (axis, value, above) in planes {
            if poly.is_empty() {
                break;
            }
            let inside = |p: DVec2| {
                if above {
                    p[axis] >= value
                } else {
                    p[axis] <= value
                }
            };
            let mut out = Vec::with_capacity(poly.len() + 2);
            for i in 0..poly.len() {
                let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
                let (ia, ib) = (inside(a), inside(b));
                if ia {
                    out.push(a);
                }
                if ia != ib {
                    out.push(on_plane(a, b, axis, value));
                }
            }
            poly = out;
        }
        poly.into_iter().map(|p| pos(self.clamp(p))).collect()
    }

    /// Rounding can leave a cut point a hair outside. (Not `DVec2::clamp`, which asserts
    /// that the bounds are ordered.)
    fn clamp(&self, p: DVec2) -> DVec2 {
        p.min(self.max).max(self.min)
    }
}

/// The point of the line through `a` and `b` whose coordinate `axis` is `value`, worked
/// out from the end nearer that plane: from a far end (8e38 pixels off) the step to it
/// rounds away every pixel of the answer.
fn on_plane(a: DVec2, b: DVec2, axis: usize, value: f64) -> DVec2 {
    let (near, far) = if (a[axis] - value).abs() <= (b[axis] - value).abs() {
        (a, b)
    } else {
        (b, a)
    };
    let t = (value - near[axis]) / (far[axis] - near[axis]);
    let mut p = near + (far - near) * t;
    p[axis] = value;
    p
}

fn pos(p: DVec2) -> Pos2 {
    Pos2::new(p.x as f32, p.y as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds() -> Bounds {
        Bounds::around(Rect::from_min_max(Pos2::ZERO, Pos2::new(100.0, 100.0)), 0.0)
    }

    #[test]
    fn a_segment_to_a_point_past_f32_keeps_its_direction() {
        // From the centre toward (8e38, 4e38): the cut ends on the right edge at y = 75.
        let (a, b) = bounds()
            .segment(DVec2::new(50.0, 50.0), DVec2::new(8e38, 4e38))
            .unwrap_or_else(|| panic!("it crosses the rectangle"));
        assert_eq!(a, Pos2::new(50.0, 50.0));
        assert!(
            (b.x - 100.0).abs() < 1e-4 && (b.y - 75.0).abs() < 1e-4,
            "{b:?}"
        );
    }

    #[test]
    fn a_segment_between_two_far_points_is_cut_to_the_pixel() {
        // Both ends 8e38 off: each cut point is worked out from the end nearer its plane.
        let (a, b) = bounds()
            .segment(DVec2::new(-8e38, 30.0), DVec2::new(8e38, 70.0))
            .unwrap_or_else(|| panic!("it crosses the rectangle"));
        assert_eq!((a, b), (Pos2::new(0.0, 50.0), Pos2::new(100.0, 50.0)));
    }

    #[test]
    fn a_segment_outside_or_not_finite_gives_nothing() {
        let b = bounds();
        assert!(
            b.segment(DVec2::new(-10.0, -10.0), DVec2::new(-1.0, 200.0))
                .is_none()
        );
        assert!(
            b.segment(DVec2::new(50.0, 50.0), DVec2::new(f64::NAN, 0.0))
                .is_none()
        );
    }

    #[test]
    fn a_polygon_larger_than_f32_is_cut_to_the_rectangle() {
        let huge = [
            DVec2::new(-8e38, -8e38),
            DVec2::new(8e38, -8e38),
            DVec2::new(8e38, 8e38),
            DVec2::new(-8e38, 8e38),
        ];
        let cut = bounds().polygon(&huge);
        assert_eq!(cut.len(), 4, "{cut:?}");
        assert!(cut.iter().all(|p| p.x.is_finite() && p.y.is_finite()));
        assert!(cut.contains(&Pos2::new(0.0, 0.0)) && cut.contains(&Pos2::new(100.0, 100.0)));
    }

    #[test]
    fn a_polyline_leaving_and_coming_back_is_two_pieces() {
        let pts = [
            DVec2::new(10.0, 10.0),
            DVec2::new(300.0, 10.0),
            DVec2::new(300.0, 90.0),
            DVec2::new(10.0, 90.0),
        ];
        let pieces = bounds().polyline(&pts);
        assert_eq!(pieces.len(), 2, "{pieces:?}");
    }
}
