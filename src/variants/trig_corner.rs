//! Seed 000: swept circle vs rectangle, side planes then a trig corner solve.
//!
//! The article works y-down (`top < bottom`). This port runs the article's logic unchanged
//! in that frame and converts at the boundary (y is negated on the way in and out), so the
//! else-if chains and sign conventions behave exactly as published. Rotated boxes follow the
//! answer's edit: start and end are un-rotated into the box frame, solved, and the contact
//! rotated back. The answer's other edit, an early-out when the sweep's bounding box misses
//! the rectangle, is included. Precision follows the Java: `float` for the plane times,
//! `double` for the triangle.
//!
//! # Flaws (kept on purpose)
//! - The left/right and top/bottom tests are `else if` chains. For the side hits this is
//!   latent (one motion cannot cross both planes of an axis inward within `[0, 1]`), but the
//!   corner choice inherits it: when both guards of an axis fire (a box narrower than 2r),
//!   the left / top corner wins whatever the direction of motion.
//! - The corner comes from the plane-crossing guards, else from the motion's sign, not from
//!   where the ball meets the box. The guards (`start.x - r < L && end.x + r > L`) are
//!   loose: they fire for starts already past the plane, so corner selection can pick a
//!   corner from a plane the motion never crossed, and an axis with zero motion gives an
//!   infinite time that still counts as "crossed". A plane really crossed does not name the
//!   corner either: a path crossing the left plane can meet the right corner.
//! - Aimed straight at a corner, `innerAngle = 0`, so the law of sines divides
//!   `sin(angle2) = 0` by `sin(innerAngle) = 0`: NaN, reported as [`Outcome::Failed`].
//! - `acos` of a cosine that rounding pushed just over 1 is NaN: also `Failed`.
//! - A circle that starts inside (or overlapping) the rectangle is not detected.
//! - A negative time (a contact "behind" the start) is silently dropped as a miss.
//! - The angle at the start is `acos` of a cosine built from `float` squares: near 1 a
//!   rounding of 1e-7 is an angle of 4e-4, so a ball passing a corner at a small fraction
//!   of its distance from the start gets a sine over 1 and "cannot" intersect.
//! - The corner normal is `(contact − corner) / r`, not re-normalised: only as unit as the
//!   float arithmetic makes it.

use glam::Vec2;

use super::Outcome;
use super::flaw_detail::{CornerPick, Detail};
use crate::geom::{Aabb, Obb, Sweep};
use crate::hit::{Corner, Feature, Hit, Side};
use crate::obstacle::Obstacle;

/// The flaws above, one line each, for the variants panel.
pub const FLAWS: &[&str] = &[
    "else-if chains: when both planes of an axis qualify, the corner choice prefers left/top",
    "the corner comes from loose plane guards and the motion's sign, not from where the ball meets the box",
    "aimed straight at a corner: sin(innerAngle) = 0 divides 0 by 0 (NaN)",
    "acos of a cosine rounded just over 1 is NaN",
    "a circle starting inside the rectangle is not detected",
    "a negative contact time is silently dropped",
    "the angle at the start comes from acos of a cosine of f32 squares: for a ball passing \
     a corner far closer than its distance from the start, the angle comes out too large \
     and the intersection is missed",
];

/// The article's `Intersection`, in its own y-down frame, plus what the port needs to name
/// the feature.
struct Intersection {
    x: f32,
    y: f32,
    time: f32,
    nx: f32,
    ny: f32,
    /// The corner `(x, y)` for a corner contact; `None` for a side.
    corner: Option<(f32, f32)>,
}

/// The article's bounds, y-down: `top < bottom`.
struct Bounds {
    left: f32,
    top: f32,
    right: f32,
    bottom: f32,
}

enum Solve {
    Hit(Intersection),
    Miss,
    /// The corner solve's time, outside `[0, 1]`: dropped, as a miss.
    Dropped(f32),
    Failed(&'static str),
}

/// Swept circle vs an axis-aligned box.
pub fn cast_aabb(sweep: &Sweep, aabb: &Aabb) -> Outcome {
    solve_world(aabb, sweep.start, sweep.end, sweep.radius, |p| p, |v| v)
}

/// Swept circle vs a rotated box: un-rotate, solve, rotate back (the answer's edit).
pub fn cast_obb(sweep: &Sweep, obb: &Obb) -> Outcome {
    let start = obb.to_local(sweep.start);
    let end = obb.to_local(sweep.end);
    solve_world(
        &obb.local_aabb(),
        start,
        end,
        sweep.radius,
        |p| obb.to_world(p),
        |v| obb.dir_to_world(v),
    )
}

impl Bounds {
    /// A y-up box in the article's y-down bounds.
    fn of(aabb: &Aabb) -> Bounds {
        Bounds {
            left: aabb.min.x,
            top: -aabb.max.y,
            right: aabb.max.x,
            bottom: -aabb.min.y,
        }
    }
}

/// Between the y-up world and the article's y-down frame (its own inverse).
fn flip(p: Vec2) -> Vec2 {
    Vec2::new(p.x, -p.y)
}

/// Runs the article in its y-down frame on a y-up box and converts the answer back through
/// `point` / `dir` (identity for an AABB, the box's rotation for an OBB).
fn solve_world(
    aabb: &Aabb,
    start: Vec2,
    end: Vec2,
    radius: f32,
    point: impl Fn(Vec2) -> Vec2,
    dir: impl Fn(Vec2) -> Vec2,
) -> Outcome {
    // The answer's early-out: the sweep's bounding box misses the rectangle.
    // In f32, as the answer writes it (not `Aabb::expanded`, which rounds outward in f64).
    let grow = Vec2::splat(radius);
    let sweep_box = Aabb::new(start.min(end) - grow, start.max(end) + grow);
    if !sweep_box.overlaps(aabb) {
        return Outcome::Miss;
    }
    let bounds = Bounds::of(aabb);
    let inter = match solve(&bounds, flip(start), flip(end), radius) {
        Solve::Hit(i) => i,
        Solve::Miss | Solve::Dropped(_) => return Outcome::Miss,
        Solve::Failed(why) => return Outcome::Failed(why),
    };
    let center = flip(Vec2::new(inter.x, inter.y));
    let normal = flip(Vec2::new(inter.nx, inter.ny));
    let (feature, contact) = match inter.corner {
        Some((cx, cy)) => {
            let c = flip(Vec2::new(cx, cy));
            let corner = Corner::from_signs(c.x > aabb.center().x, c.y > aabb.center().y);
            (Feature::Corner(corner), c)
        }
        None => {
            let side = match (inter.nx, inter.ny) {
                (x, _) if x < 0.0 => Side::Left,
                (x, _) if x > 0.0 => Side::Right,
                // y-down: ny = -1 is the article's top.
                (_, y) if y < 0.0 => Side::Top,
                _ => Side::Bottom,
            };
            (Feature::Side(side), center - normal * radius)
        }
    };
    let normal = dir(normal);
    Outcome::Hit(Hit {
        time: inter.time,
        center: point(center),
        point: point(contact),
        normal,
        face_normal: normal,
        feature,
        region: None,
        started_inside: false,
    })
}

/// Which of [`FLAWS`] `outcome` shows (its index), re-running the article's steps on the
/// motion in the box's frame (see [`super::flaw`]).
pub(super) fn shown(
    sweep: &Sweep,
    obstacle: &Obstacle,
    outcome: &Outcome,
    exact: Option<&Hit>,
) -> Option<(usize, Detail)> {
    let (aabb, start, end) = super::flaw_detail::in_box_frame(sweep, obstacle)?;
    let exact = exact?;
    let radius = sweep.radius;
    let bounds = Bounds::of(&aabb);
    let (down_start, down_end) = (flip(start), flip(end));
    let times = plane_times(&bounds, down_start, down_end, radius);
    let d = down_end - down_start;
    let (cx, cy) = pick_corner(&bounds, &times, d.x, d.y);
    let chosen = (cx != f32::MAX && cy != f32::MAX).then(|| {
        let c = flip(Vec2::new(cx, cy));
        Corner::from_signs(c.x > aabb.center().x, c.y > aabb.center().y)
    });
    // A corner time before the start, dropped as a miss.
    let dropped = match (
        solve(&bounds, down_start, down_end, radius),
        chosen,
        outcome,
    ) {
        (Solve::Dropped(time), Some(corner), Outcome::Miss) if time < 0.0 => {
            Some(Detail::Dropped { corner, time })
        }
        _ => None,
    };
    if exact.started_inside {
        return (!outcome.hit().is_some_and(|h| h.started_inside))
            .then(|| (4, dropped.unwrap_or(Detail::None)));
    }
    let (Feature::Corner(contact), Some(chosen)) = (exact.feature, chosen) else {
        return None;
    };
    if chosen == contact {
        if let Some(d) = dropped {
            return Some((5, d));
        }
        return angle_lost(down_start, d, radius, (cx, cy), outcome).map(|(sine, distance)| {
            (
                6,
                Detail::AngleLost {
                    corner: contact,
                    sine,
                    distance,
                },
            )
        });
    }
    // The corner choice is what went wrong only when the answer came from that corner.
    let from_chosen = match outcome {
        Outcome::Miss => true,
        Outcome::Hit(h) => h.feature == Feature::Corner(chosen),
        _ => false,
    };
    if !from_chosen {
        return None;
    }
    // The guards by side (left, right, bottom, top); the article's top is the y-up top.
    let fired = |s: Side| {
        times[match s {
            Side::Left => 0,
            Side::Right => 1,
            Side::Top => 2,
            Side::Bottom => 3,
        }] != f32::MAX
    };
    // Whether the motion crosses the side's plane pushed out by r, from outside it.
    let crosses = |s: Side| {
        let (i, high) = (s.axis(), s.is_high());
        let plane = if high {
            aabb.max[i] + radius
        } else {
            aabb.min[i] - radius
        };
        if high {
            start[i] > plane && end[i] <= plane
        } else {
            start[i] < plane && end[i] >= plane
        }
    };
    let ((chosen_right, chosen_top), (contact_right, _)) = (chosen.signs(), contact.signs());
    // The axis whose choice differs: x, else y. In each, the `else if` tests the first.
    let (first, second, size, picked) = if chosen_right != contact_right {
        let picked = if chosen_right {
            Side::Right
        } else {
            Side::Left
        };
        (Side::Left, Side::Right, aabb.max.x - aabb.min.x, picked)
    } else {
        let picked = if chosen_top { Side::Top } else { Side::Bottom };
        (Side::Top, Side::Bottom, aabb.max.y - aabb.min.y, picked)
    };
    if fired(first) && fired(second) {
        return Some((
            0,
            Detail::ElseIf {
                first,
                second,
                size,
                chosen,
                contact,
            },
        ));
    }
    let by = if !fired(picked) {
        CornerPick::Sign
    } else if crosses(picked) {
        CornerPick::CrossesPlane
    } else {
        CornerPick::PastPlane
    };
    Some((
        1,
        Detail::CornerFrom {
            side: picked,
            by,
            chosen,
            contact,
        },
    ))
}

/// The plane times `(ltime, rtime, ttime, btime)`: `f32::MAX` where the article's loose
/// guard (`start.x - r < L && end.x + r > L` and kin) does not fire.
fn plane_times(b: &Bounds, start: Vec2, end: Vec2, radius: f32) -> [f32; 4] {
    let (l, t, r, bt) = (b.left, b.top, b.right, b.bottom);
    let dx = end.x - start.x;
    let dy = end.y - start.y;
    let mut times = [f32::MAX; 4];
    if start.x - radius < l && end.x + radius > l {
        times[0] = ((l - radius) - start.x) / dx;
    }
    if start.x + radius > r && end.x - radius < r {
        times[1] = (start.x - (r + radius)) / -dx;
    }
    if start.y - radius < t && end.y + radius > t {
        times[2] = ((t - radius) - start.y) / dy;
    }
    if start.y + radius > bt && end.y - radius < bt {
        times[3] = (start.y - (bt + radius)) / -dy;
    }
    times
}

/// The article's corner choice: from the planes "crossed" (left before right, top before
/// bottom, by its `else if`), else by the sign of the motion. `(f32::MAX, f32::MAX)` when
/// no guard fired.
fn pick_corner(b: &Bounds, times: &[f32; 4], dx: f32, dy: f32) -> (f32, f32) {
    let [ltime, rtime, ttime, btime] = *times;
    let mut corner_x = f32::MAX;
    let mut corner_y = f32::MAX;
    if ltime != f32::MAX {
        corner_x = b.left;
    } else if rtime != f32::MAX {
        corner_x = b.right;
    }
    if ttime != f32::MAX {
        corner_y = b.top;
    } else if btime != f32::MAX {
        corner_y = b.bottom;
    }
    if corner_x != f32::MAX && corner_y == f32::MAX {
        corner_y = if dy > 0.0 { b.bottom } else { b.top };
    }
    if corner_y != f32::MAX && corner_x == f32::MAX {
        corner_x = if dx > 0.0 { b.right } else { b.left };
    }
    (corner_x, corner_y)
}

/// The article's `handleIntersection`, step for step, y-down.
fn solve(b: &Bounds, start: Vec2, end: Vec2, radius: f32) -> Solve {
    let (l, t, r, bt) = (b.left, b.top, b.right, b.bottom);
    let dx = end.x - start.x;
    let dy = end.y - start.y;

    // Times at which the centre crosses each side plane pushed out by the radius.
    let times = plane_times(b, start, end, radius);
    let [ltime, rtime, ttime, btime] = times;

    let in_unit = |x: f32| (0.0..=1.0).contains(&x);
    let side = |x: f32, y: f32, time: f32, nx: f32, ny: f32| {
        Solve::Hit(Intersection {
            x,
            y,
            time,
            nx,
            ny,
            corner: None,
        })
    };
    // Side hits: `else if` chains, exactly as published.
    if in_unit(ltime) {
        let ly = dy * ltime + start.y;
        if ly >= t && ly <= bt {
            return side(dx * ltime + start.x, ly, ltime, -1.0, 0.0);
        }
    } else if in_unit(rtime) {
        let ry = dy * rtime + start.y;
        if ry >= t && ry <= bt {
            return side(dx * rtime + start.x, ry, rtime, 1.0, 0.0);
        }
    }
    if in_unit(ttime) {
        let tx = dx * ttime + start.x;
        if tx >= l && tx <= r {
            return side(tx, dy * ttime + start.y, ttime, 0.0, -1.0);
        }
    } else if in_unit(btime) {
        let bx = dx * btime + start.x;
        if bx >= l && bx <= r {
            return side(bx, dy * btime + start.y, btime, 0.0, 1.0);
        }
    }

    let (corner_x, corner_y) = pick_corner(b, &times, dx, dy);
    corner_triangle(start, dx, dy, radius, corner_x, corner_y)
}

/// The triangle's lengths and angle at the start, as the article computes them.
struct Triangle {
    line_length: f64,
    cosine: f64,
    corner_dist: f64,
    corner_dx: f64,
    corner_dy: f64,
    inner_angle: f64,
    inner_sin: f64,
    /// The sine of the angle at the contact, by the law of sines.
    angle1_sin: f64,
}

fn triangle(start: Vec2, dx: f32, dy: f32, radius: f32, cx: f32, cy: f32) -> Triangle {
    let inverse_radius = 1.0 / f64::from(radius);
    let line_length = f64::from(dx * dx + dy * dy).sqrt();
    let corner_dx = f64::from(cx - start.x);
    let corner_dy = f64::from(cy - start.y);
    let corner_dist = (corner_dx * corner_dx + corner_dy * corner_dy).sqrt();
    let cosine =
        (corner_dx * f64::from(dx) + corner_dy * f64::from(dy)) / (line_length * corner_dist);
    let inner_angle = cosine.acos();
    let inner_sin = inner_angle.sin();
    Triangle {
        line_length,
        cosine,
        corner_dist,
        corner_dx,
        corner_dy,
        inner_angle,
        inner_sin,
        angle1_sin: inner_sin * corner_dist * inverse_radius,
    }
}

/// For a miss at the corner of the contact: the sine the solve computed, over 1, and how
/// far the line really passes from the corner, when that is within the radius (the
/// intersection the solve said could not be).
fn angle_lost(
    start: Vec2,
    d: Vec2,
    radius: f32,
    (cx, cy): (f32, f32),
    outcome: &Outcome,
) -> Option<(f64, f64)> {
    if !matches!(outcome, Outcome::Miss) {
        return None;
    }
    let sine = triangle(start, d.x, d.y, radius, cx, cy).angle1_sin;
    // The distance from the corner to the line, from a cross product in f64, where the
    // products of the f32 inputs' differences are exact to a rounding.
    let (c, d) = (
        glam::DVec2::new(f64::from(cx), f64::from(cy)) - start.as_dvec2(),
        d.as_dvec2(),
    );
    let distance = c.perp_dot(d).abs() / d.length();
    (sine.abs() > 1.0 && distance <= f64::from(radius)).then_some((sine, distance))
}

/// The triangle start–corner–contact solved with `acos` and the law of sines (in `double`,
/// with the `float` inputs widened where Java widens them).
fn corner_triangle(start: Vec2, dx: f32, dy: f32, radius: f32, cx: f32, cy: f32) -> Solve {
    let Triangle {
        line_length,
        cosine,
        corner_dist,
        corner_dx,
        corner_dy,
        inner_angle,
        inner_sin,
        angle1_sin,
    } = triangle(start, dx, dy, radius, cx, cy);
    let inverse_radius = 1.0 / f64::from(radius);
    // "The angle is too large, there cannot be an intersection".
    if angle1_sin.abs() > 1.0 {
        return Solve::Miss;
    }
    let angle1 = std::f64::consts::PI - angle1_sin.asin();
    let angle2 = std::f64::consts::PI - inner_angle - angle1;
    let distance = f64::from(radius) * angle2.sin() / inner_sin;
    let time = (distance / line_length) as f32;
    // A negative time "indicates the previous intersection": dropped. NaN passes this test
    // in Java as it does here, and is named below.
    // Written as in Java on purpose: `!(0.0..=1.0).contains(&time)` would also drop NaN.
    #[allow(clippy::manual_range_contains)]
    let outside = time > 1.0 || time < 0.0;
    if outside {
        return Solve::Dropped(time);
    }
    let ix = time * dx + start.x;
    let iy = time * dy + start.y;
    let nx = (f64::from(ix - cx) * inverse_radius) as f32;
    let ny = (f64::from(iy - cy) * inverse_radius) as f32;
    if !(time.is_finite() && ix.is_finite() && iy.is_finite() && nx.is_finite() && ny.is_finite()) {
        return Solve::Failed(
            if (line_length == 0.0 && (dx != 0.0 || dy != 0.0))
                || (corner_dist == 0.0 && (corner_dx != 0.0 || corner_dy != 0.0))
            {
                "a length's square underflows f32 to 0, and the cosine divides by it"
            } else if line_length == 0.0 || corner_dist == 0.0 {
                "the cosine divides by a zero length (no motion, or starting on the corner)"
            } else if !(line_length.is_finite() && corner_dist.is_finite()) {
                "the lengths' squares overflow f32 (inf)"
            } else if cosine.is_nan() {
                "the cosine is NaN"
            } else if inner_angle.is_nan() {
                "acos of a cosine just outside [-1, 1] (rounding) is NaN"
            } else if inner_sin == 0.0 {
                "aimed straight at the corner: division by sin(innerAngle) = 0"
            } else {
                "the corner solve produced NaN or infinity"
            },
        );
    }
    Solve::Hit(Intersection {
        x: ix,
        y: iy,
        time,
        nx,
        ny,
        corner: Some((cx, cy)),
    })
}
