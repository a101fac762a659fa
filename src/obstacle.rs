//! Any obstacle a moving circle can hit, for code that handles a mixed list.

use serde::{Deserialize, Serialize};

use glam::Vec2;

use crate::approach::{self, Approach, Solid};
use crate::geom::{Aabb, BoxFrame, Obb, Segment, Sweep};
use crate::hit::Hit;
use crate::region::{Region, region_code};

/// One obstacle of a scene. A `Circle` may itself move over the same `t` as the query.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Obstacle {
    /// An axis-aligned box ([`Sweep::vs_aabb`]).
    Aabb(Aabb),
    /// A rotated box ([`Sweep::vs_obb`]).
    Obb(Obb),
    /// A segment with round end caps ([`Sweep::vs_segment`]).
    Segment(Segment),
    /// A circle moving over the same `t` as the query, static when `start == end`
    /// ([`Sweep::vs_circle`]).
    Circle(Sweep),
}

impl Obstacle {
    /// First contact of `sweep` with this obstacle.
    pub fn cast(&self, sweep: &Sweep) -> Option<Hit> {
        match self {
            Obstacle::Aabb(b) => sweep.vs_aabb(b),
            Obstacle::Obb(b) => sweep.vs_obb(b),
            Obstacle::Segment(s) => sweep.vs_segment(s),
            Obstacle::Circle(c) => sweep.vs_circle(c),
        }
    }

    /// The obstacle as it is over the part `[t0, t1]` of the motion (only moving circles
    /// change; everything else is static).
    pub fn sub(&self, t0: f32, t1: f32) -> Obstacle {
        match self {
            Obstacle::Circle(c) => Obstacle::Circle(c.sub(t0, t1)),
            other => *other,
        }
    }

    /// Whether the queries accept this obstacle (finite, not inverted, no negative size).
    pub fn is_valid(&self) -> bool {
        match self {
            Obstacle::Aabb(b) => b.is_valid(),
            Obstacle::Obb(b) => b.is_valid(),
            Obstacle::Segment(s) => s.is_valid(),
            Obstacle::Circle(c) => c.is_valid(),
        }
    }

    /// The box's own frame, for boxes (region codes and corner names are read in it).
    pub fn frame(&self) -> Option<BoxFrame> {
        match self {
            Obstacle::Aabb(b) => Some(BoxFrame::axis_aligned(*b)),
            Obstacle::Obb(o) => Some(BoxFrame::rotated(*o)),
            Obstacle::Segment(_) | Obstacle::Circle(_) => None,
        }
    }

    /// The Cohen–Sutherland region of world point `p` around a box, in the box's frame.
    pub fn region_of(&self, p: Vec2) -> Option<Region> {
        let f = self.frame()?;
        Some(region_code(f.to_local(p), &f.local))
    }

    /// Everything the obstacle covers over the motion `t ∈ [0, 1]`, rounded outward: a
    /// rotated box or a circle's reach past f32's range gives an infinite side (a box held
    /// at f32::MAX would not hold it).
    pub fn bounds(&self) -> Aabb {
        match self {
            Obstacle::Aabb(b) => *b,
            Obstacle::Obb(o) => o.bounds(),
            Obstacle::Segment(s) => Aabb::from_points(s.a, s.b),
            Obstacle::Circle(c) => c.bounds(),
        }
    }

    /// The obstacle as the closest-approach solver sees it.
    pub fn solid(&self) -> Solid<'_> {
        match self {
            Obstacle::Aabb(b) => Solid::Aabb(b),
            Obstacle::Obb(o) => Solid::Obb(o),
            Obstacle::Segment(s) => Solid::Segment(s),
            Obstacle::Circle(c) => Solid::Circle(c),
        }
    }

    /// The distance from `p` to the obstacle (0 inside it), a moving circle taken at `t`.
    pub fn distance_at(&self, p: Vec2, t: f32) -> f32 {
        approach::distance_at(self.solid(), p, t)
    }

    /// The gap between a circle of radius `r` at `p` and the obstacle (a moving circle
    /// taken at `t`): negative by the depth when they overlap, as
    /// [`Approach::clearance`](crate::approach::Approach::clearance) measures it.
    pub fn clearance_at(&self, p: Vec2, r: f32, t: f32) -> f32 {
        approach::clearance_at(self.solid(), p, r, t)
    }

    /// The gap between `sweep`'s circle at time `t` of its exact motion and the obstacle
    /// (see [`approach::clearance_on_path`]).
    pub fn clearance_on_path(&self, sweep: &Sweep, t: f32) -> f32 {
        approach::clearance_on_path(sweep, self.solid(), t)
    }

    /// How close `sweep` comes to the obstacle over its whole motion; `None` for invalid
    /// input. The clearance's sign is the exact query's: never negative for a miss (a
    /// graze comes to 0), never positive for a hit; its size is computed in f64 and rounded
    /// once, so where the inputs span more than f64 resolves it is approximate.
    pub fn closest_approach(&self, sweep: &Sweep) -> Option<Approach> {
        if !self.is_valid() {
            return None;
        }
        let mut a = approach::closest_approach(sweep, self.solid())?;
        a.clearance = if self.cast(sweep).is_some() {
            a.clearance.min(0.0)
        } else {
            a.clearance.max(0.0)
        };
        Some(a)
    }

    /// How deep `sweep` starts inside the obstacle: `Some` exactly when the exact query
    /// says it starts inside (`Hit::started_inside`), with the depth computed in f64 and
    /// rounded once (0 for an overlap too thin for f32).
    pub fn start_depth(&self, sweep: &Sweep) -> Option<f32> {
        if !self.cast(sweep).is_some_and(|h| h.started_inside) {
            return None;
        }
        let depth = approach::penetration_depth(sweep.start, sweep.radius, self.solid(), 0.0);
        Some(depth.unwrap_or(0.0))
    }
}

#[cfg(test)]
mod tests {
    use glam::{DVec2, Vec2};

    use super::*;
    use crate::geom::{Obb, Sweep};

    /// Library review: a rotated box's bounds came from its f32 corners, and half of all
    /// boxes had a corner outside them, by up to an f32 unit. A broad phase on `bounds()`
    /// dropped this hit.
    #[test]
    fn a_rotated_boxs_bounds_hold_a_hit_at_its_corner() {
        let o = Obb::new(
            Vec2::new(1000.0, 0.0),
            Vec2::new(10.0, 3.0),
            f32::from_bits(0x3dd2_c27b),
        );
        let sweep = Sweep::new(
            Vec2::new(988.74475, -3.0431561),
            Vec2::new(988.74475, 6.956844),
            f32::from_bits(0x3f7f_fdff),
        );
        assert!(sweep.vs_obb(&o).is_some());
        assert!(sweep.bounds().overlaps(&Obstacle::Obb(o).bounds()));
    }

    /// A radius under half an f32 unit of the coordinates grew nothing: `(1, 1) → (2, 2)`
    /// with r = 1e-8 had the bounds `[1, 2]²`.
    #[test]
    fn a_sweeps_bounds_grow_by_a_radius_below_an_f32_unit() {
        let b = Sweep::new(Vec2::ONE, Vec2::splat(2.0), 1e-8).bounds();
        assert!(
            b.min.cmplt(Vec2::ONE).all() && b.max.cmpgt(Vec2::splat(2.0)).all(),
            "{b:?}"
        );
    }

    /// Every corner of rotated boxes at every scale, worked out corner by corner in f64,
    /// lies within the box's bounds.
    #[test]
    fn a_rotated_boxs_bounds_hold_every_corner() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 40) as f32 / (1u32 << 24) as f32
        };
        for _ in 0..100_000 {
            let scale = 10f32.powf(next() * 16.0 - 8.0);
            let o = Obb::new(
                Vec2::new(next() - 0.5, next() - 0.5) * scale * 1e3,
                Vec2::new(next(), next()) * scale,
                (next() - 0.5) * 20.0,
            );
            let b = Obstacle::Obb(o).bounds();
            let (sin, cos) = (f64::from(o.angle).sin(), f64::from(o.angle).cos());
            for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                let (hx, hy) = (
                    sx * f64::from(o.half_extents.x),
                    sy * f64::from(o.half_extents.y),
                );
                let corner =
                    o.center.as_dvec2() + DVec2::new(cos * hx - sin * hy, sin * hx + cos * hy);
                assert!(
                    b.min.as_dvec2().cmple(corner).all() && corner.cmple(b.max.as_dvec2()).all(),
                    "{o:?}: corner {corner} outside {b:?}"
                );
            }
        }
    }
}
