//! Seed 002, third idea: the author's closed form for two moving circles, via `y = kx + m`.
//!
//! In the article's variables (all `double`): `(x1, y1)` is ball i's position, `(x3, y3)`
//! ball j's, `(x2, y2)` the relative move per frame (i's move minus j's) and `L = r1 + r2`.
//! The roots `xc1`, `xc2` come from the published expansion (with its `t = sqrt(...)`), the
//! `y` of each from the slope `k = (y1 − y2) / (x1 − x2)`. A root whose coordinates lie
//! between `(x1, y1)` and `(x1 + x2, y1 + y2)` is marked as a collision; the point kept as
//! "the nearest to the start" is the root with the smaller `|x1 − xc|`.
//!
//! [`cast`] reports a hit when at least one collision marker was pushed, at the kept root;
//! time is that point's parameter along the relative motion (the article has no time), and
//! the centre is converted back to the world by adding ball j's own move up to that time.
//!
//! # Flaws (kept on purpose)
//! - The relative *displacement* `(x2, y2)` is used as if it were a second *point*: the line
//!   solved is the one through `(x1, y1)` and `(x2, y2)`, which is the motion line only when
//!   ball i starts at the origin. Anywhere else the answer is for the wrong line.
//! - `k` divides by `x1 − x2`: a vertical line (for a start on x = 0, a vertical relative
//!   motion) gives an infinite slope and NaN coordinates, reported as [`Outcome::Failed`].
//! - When the line misses, `sqrt` of a negative number is NaN; the `t < 0` guard after it
//!   can never fire, and the NaN root is still kept as "the" point: `Failed`.
//! - Copy–paste: the second root's range check pushes the *first* root's coordinates.
//! - The kept root is chosen by `|x1 − xc|` alone, in both directions: with the start inside
//!   the other circle it can keep the contact *behind* the start (time < 0).

use glam::Vec2;

use super::Outcome;
use super::flaw_detail::Detail;
use crate::geom::Sweep;
use crate::hit::{Feature, Hit};

/// The flaws above, one line each, for the variants panel.
pub const FLAWS: &[&str] = &[
    "the relative displacement is used as a point: right line only when starting at the origin",
    "k = (y1 − y2)/(x1 − x2) divides by zero for a vertical line (NaN)",
    "sqrt of a negative number when the line misses is NaN; the t < 0 guard never fires",
    "copy–paste: the second root's check records the first root",
    "the root is chosen by |x distance| only, and can lie behind the start",
];

/// Everything the article's inner loop computes for one pair.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlopeSolve {
    /// `(xc1, yc1)` and `(xc2, yc2)`.
    pub roots: [[f64; 2]; 2],
    /// The slope `k = (y1 − y2) / (x1 − x2)`.
    pub slope: f64,
    /// The argument of the square root (negative when the line misses).
    pub sqrt_arg: f64,
    /// What the two range checks pushed as collision markers (copy–paste included).
    pub markers: [Option<[f64; 2]>; 2],
    /// Index (0 or 1) of the root kept as the nearest, by `|x1 − xc|`.
    pub chosen: usize,
}

impl SlopeSolve {
    /// The kept root.
    pub fn chosen_point(&self) -> [f64; 2] {
        self.roots[self.chosen & 1]
    }
}

/// The article's computation for `sweep` (ball i) against `other` (ball j).
pub fn solve(sweep: &Sweep, other: &Sweep) -> SlopeSolve {
    let x1 = f64::from(sweep.start.x);
    let y1 = f64::from(sweep.start.y);
    let rel = sweep.delta() - other.delta();
    let x2 = f64::from(rel.x);
    let y2 = f64::from(rel.y);
    let x3 = f64::from(other.start.x);
    let y3 = f64::from(other.start.y);
    let l = f64::from(sweep.radius) + f64::from(other.radius);

    let cross = x2 * y1 - x3 * y1 - x1 * y2 + x3 * y2 + x1 * y3 - x2 * y3;
    let sqrt_arg = -(x1 - x2).powi(2)
        * (-l * l * (x1 * x1 - 2.0 * x1 * x2 + x2 * x2 + (y1 - y2).powi(2)) + cross * cross);
    let t = sqrt_arg.sqrt();
    let inv = 1.0 / ((x1 - x2).powi(2) + (y1 - y2).powi(2));
    let numerator = x1 * x1 * x3 - 2.0 * x1 * x2 * x3 + x2 * x2 * x3 + x2 * y1 * y1
        - x1 * y1 * y2
        - x2 * y1 * y2
        + x1 * y2 * y2
        + x1 * y1 * y3
        - x2 * y1 * y3
        - x1 * y2 * y3
        + x2 * y2 * y3;
    let slope = (y1 - y2) / (x1 - x2);
    let xc1 = inv * (numerator + t);
    let yc1 = slope * xc1 + y1 - slope * x1;
    let xc2 = inv * (numerator - t);
    let yc2 = slope * xc2 + y1 - slope * x1;

    let between = |v: f64, from: f64, step: f64| {
        (v >= from && v <= step + from) || (v >= step + from && v <= from)
    };
    let in_range = |x: f64, y: f64| between(x, x1, x2) && between(y, y1, y2);
    let markers = [
        in_range(xc1, yc1).then_some([xc1, yc1]),
        // The published copy–paste: the second check records the first root.
        in_range(xc2, yc2).then_some([xc1, yc1]),
    ];
    let chosen = if (x1 - xc1).abs() < (x1 - xc2).abs() {
        0
    } else {
        1
    };
    SlopeSolve {
        roots: [[xc1, yc1], [xc2, yc2]],
        slope,
        sqrt_arg,
        markers,
        chosen,
    }
}

/// Which of [`FLAWS`] `outcome` shows (its index), from the article's own solve.
pub(super) fn shown(sweep: &Sweep, other: &Sweep, outcome: &Outcome) -> Option<(usize, Detail)> {
    let (start, rel) = (
        sweep.start.as_dvec2(),
        (sweep.delta() - other.delta()).as_dvec2(),
    );
    // The line through the start and the point `rel` is the motion's own exactly when the
    // start lies on the line through the origin along `rel` (a product of two f32 values
    // is exact in f64, so this zero test is exact).
    if start.perp_dot(rel) != 0.0 {
        // A breakdown from the square root of a negative number is this line missing the
        // circle; one from a vertical line is the slope's own flaw.
        let misses = || {
            let s = solve(sweep, other);
            s.slope.is_finite() && s.sqrt_arg < 0.0
        };
        let shows = match outcome {
            Outcome::Hit(_) | Outcome::Miss => true,
            Outcome::Failed(_) => misses(),
            _ => false,
        };
        return shows.then(|| {
            (
                0,
                Detail::LineThrough {
                    start: sweep.start,
                    point: sweep.delta() - other.delta(),
                },
            )
        });
    }
    let s = solve(sweep, other);
    match outcome {
        Outcome::Hit(h) if s.markers[s.chosen & 1].is_none() => {
            Some((4, Detail::KeptRoot { time: h.time }))
        }
        _ => None,
    }
}

/// Ball i (`sweep`) against ball j (`other`), both moving over the same step.
pub fn cast(sweep: &Sweep, other: &Sweep) -> Outcome {
    let s = solve(sweep, other);
    let [xc, yc] = s.chosen_point();
    if !(xc.is_finite() && yc.is_finite()) {
        return Outcome::Failed(if !s.slope.is_finite() {
            "k = (y1 − y2)/(x1 − x2) divides by zero: the line is vertical"
        } else if s.sqrt_arg < 0.0 {
            "sqrt of a negative number (the line misses the circle): NaN"
        } else {
            "the closed form produced NaN or infinity"
        });
    }
    if s.markers.iter().all(Option::is_none) {
        return Outcome::Miss;
    }
    let rel = sweep.delta() - other.delta();
    let rel_point = Vec2::new(xc as f32, yc as f32);
    let time = (rel_point - sweep.start).dot(rel) / rel.length_squared();
    let other_center = other.at(time);
    let l = sweep.radius + other.radius;
    let normal = (rel_point - other.start) / l;
    Outcome::Hit(Hit {
        time,
        center: rel_point + other.delta() * time,
        point: other_center + normal * other.radius,
        normal,
        face_normal: normal,
        feature: Feature::Circle,
        region: None,
        started_inside: false,
    })
}
