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

    /// Everything the obstacle covers over the motion `t ∈ [0, 1]`.
    pub fn bounds(&self) -> Aabb {
        match self {
            Obstacle::Aabb(b) => *b,
            Obstacle::Obb(o) => Aabb::around(o.corners()).unwrap_or(Aabb::new(o.center, o.center)),
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
