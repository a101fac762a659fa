//! The plain data a simulation is built from, its validation, and the f64 forms the
//! engines work on.

use std::fmt;

use glam::DVec2;
use serde::{Deserialize, Serialize};

use crate::geom::{Aabb, Segment};
use crate::hit::Feature;

use super::limits::{ENERGY_HEADROOM, MAX_DISCS, MAX_SPEED};
use super::predict;

/// A disc to put in a world.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct DiscInit {
    /// The centre at time 0.
    pub position: DVec2,
    /// Units per second.
    pub velocity: DVec2,
    /// Positive; discs may not overlap at the start.
    pub radius: f64,
    /// `None`: proportional to the area (r²).
    pub mass: Option<f64>,
}

impl DiscInit {
    /// A disc with a mass proportional to its area.
    pub fn new(position: DVec2, velocity: DVec2, radius: f64) -> Self {
        Self {
            position,
            velocity,
            radius,
            mass: None,
        }
    }

    /// The same disc with an explicit mass (finite and positive).
    pub fn with_mass(mut self, mass: f64) -> Self {
        self.mass = Some(mass);
        self
    }
}

/// A static obstacle for the discs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Solid {
    /// An axis-aligned box.
    Box(Aabb),
    /// A segment with round ends.
    Segment(Segment),
}

/// Why a world could not be built.
#[derive(Clone, Debug, PartialEq)]
pub enum SimError {
    /// The bounds are not finite or have no area.
    Bounds,
    /// Disc `index` is invalid; `reason` says how.
    Disc {
        /// The disc's index in the list given.
        index: usize,
        /// The input at fault: `position`, `velocity`, `radius` or `mass`.
        field: &'static str,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Obstacle `index` is not finite or not a valid shape.
    Solid {
        /// The obstacle's index in the list given.
        index: usize,
    },
    /// A parameter of `World::random` or a setter is out of range.
    Parameter(&'static str),
    /// The world would exceed one of the engine's limits (see [`super::limits`]); the
    /// message names the limit and the amount asked for.
    Limit(String),
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimError::Bounds => write!(
                f,
                "simulation bounds must be finite with positive width and height"
            ),
            SimError::Disc { index, reason, .. } => write!(f, "disc {index}: {reason}"),
            SimError::Solid { index } => {
                write!(f, "obstacle {index}: not a finite, valid box or segment")
            }
            SimError::Parameter(what) => write!(f, "{what}"),
            SimError::Limit(what) => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for SimError {}

/// A disc as the engines store it: position `p` at its own time `t`, moving with `v`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Body {
    pub p: DVec2,
    pub v: DVec2,
    pub t: f64,
    pub r: f64,
    pub m: f64,
    /// Bumped at every velocity change; scheduled events carry the value they saw.
    pub count: u32,
}

impl Body {
    #[inline]
    pub fn at(&self, time: f64) -> DVec2 {
        self.p + self.v * (time - self.t)
    }

    #[inline]
    pub fn move_to(&mut self, time: f64) {
        self.p = self.at(time);
        self.t = time;
    }
}

/// An obstacle in f64.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Shape {
    Box { min: DVec2, max: DVec2 },
    Segment { a: DVec2, b: DVec2 },
}

impl Shape {
    /// Time until a disc at `p` moving with `v` first touches this shape.
    #[inline]
    pub fn entry(&self, p: DVec2, v: DVec2, r: f64) -> Option<f64> {
        match *self {
            Shape::Box { min, max } => predict::disc_box(p, v, r, min, max),
            Shape::Segment { a, b } => predict::disc_segment(p, v, r, a, b),
        }
    }

    pub fn contact(&self, c: DVec2) -> predict::StaticContact {
        match *self {
            Shape::Box { min, max } => predict::box_contact(c, min, max),
            Shape::Segment { a, b } => predict::segment_contact(c, a, b),
        }
    }

    pub fn bounding_box(&self) -> (DVec2, DVec2) {
        match *self {
            Shape::Box { min, max } => (min, max),
            Shape::Segment { a, b } => (a.min(b), a.max(b)),
        }
    }
}

/// A contact feature and its geometry, for event reports.
pub(crate) fn feature_of(shape: &Shape, c: DVec2) -> (Feature, DVec2, DVec2) {
    let k = shape.contact(c);
    (k.feature, k.point, k.normal)
}

pub(crate) fn dvec(v: glam::Vec2) -> DVec2 {
    DVec2::new(v.x as f64, v.y as f64)
}

/// Validated bounds, bodies and shapes.
pub(crate) struct Parts {
    pub min: DVec2,
    pub max: DVec2,
    pub bodies: Vec<Body>,
    pub shapes: Vec<Shape>,
}

pub(crate) fn validate(
    bounds: Aabb,
    discs: &[DiscInit],
    solids: &[Solid],
) -> Result<Parts, SimError> {
    let (min, max) = (dvec(bounds.min), dvec(bounds.max));
    if !(bounds.is_valid() && max.x > min.x && max.y > min.y) {
        return Err(SimError::Bounds);
    }
    if discs.len() > MAX_DISCS {
        return Err(SimError::Limit(format!(
            "{} discs; a world holds at most {MAX_DISCS} (MAX_DISCS)",
            discs.len()
        )));
    }
    let mut bodies = Vec::with_capacity(discs.len());
    for (index, d) in discs.iter().enumerate() {
        let bad = |field, reason| {
            Err(SimError::Disc {
                index,
                field,
                reason,
            })
        };
        if !d.position.is_finite() {
            return bad("position", "position must be finite");
        }
        if !d.velocity.is_finite() {
            return bad("velocity", "velocity must be finite");
        }
        if d.velocity.length() > MAX_SPEED {
            return bad(
                "velocity",
                "speed is above the engine's limit of 1e100 (MAX_SPEED)",
            );
        }
        if !(d.radius.is_finite() && d.radius > 0.0) {
            return bad("radius", "radius must be finite and positive");
        }
        let m = d.mass.unwrap_or(d.radius * d.radius);
        if !(m.is_finite() && m > 0.0) {
            return match d.mass {
                Some(_) => bad("mass", "mass must be finite and positive"),
                // A radius of 1e-170 squares to 0: the default was the fault, not a value
                // the user gave.
                None => bad(
                    "radius",
                    "its default mass, the radius squared, is 0 or not finite in f64: give \
                     the disc a `mass`",
                ),
            };
        }
        let r = DVec2::splat(d.radius);
        if !((d.position - r).cmpge(min).all() && (d.position + r).cmple(max).all()) {
            return bad("position", "must lie inside the bounds");
        }
        bodies.push(Body {
            p: d.position,
            v: d.velocity,
            t: 0.0,
            r: d.radius,
            m,
            count: 0,
        });
    }
    check_energy(&bodies)?;
    let mut shapes = Vec::with_capacity(solids.len());
    for (index, s) in solids.iter().enumerate() {
        let shape = match *s {
            Solid::Box(b) if b.is_valid() => Shape::Box {
                min: dvec(b.min),
                max: dvec(b.max),
            },
            Solid::Segment(g) if g.is_valid() => Shape::Segment {
                a: dvec(g.a),
                b: dvec(g.b),
            },
            _ => return Err(SimError::Solid { index }),
        };
        shapes.push(shape);
    }
    Ok(Parts {
        min,
        max,
        bodies,
        shapes,
    })
}

/// Refuses discs whose total kinetic energy, or whose momentum after some sequence of
/// collisions, could overflow `f64`.
///
/// Collisions never add energy (restitution ≤ 1), so a disc's ½ m v² stays below the total
/// `E` and its momentum below `√(2 m E)`; `n √(2 m_max E)` bounds every later momentum sum.
fn check_energy(bodies: &[Body]) -> Result<(), SimError> {
    let ceiling = f64::MAX / ENERGY_HEADROOM;
    let energy = kinetic_energy(bodies);
    if energy.is_nan() || energy > ceiling {
        return Err(SimError::Parameter(
            "the discs' total kinetic energy ½ m v² overflows f64 (masses and speeds too large)",
        ));
    }
    let m_max = bodies.iter().map(|b| b.m).fold(0.0, f64::max);
    // Square roots taken apart so that a product under the ceiling is never an overflow.
    let momentum_bound =
        bodies.len() as f64 * std::f64::consts::SQRT_2 * m_max.sqrt() * energy.sqrt();
    if momentum_bound.is_nan() || momentum_bound > ceiling {
        return Err(SimError::Parameter(
            "the discs' momentum could overflow f64 (masses and speeds too large)",
        ));
    }
    Ok(())
}

/// Σ ½ m v² (shared by the engine and the naive baseline so they are compared alike).
pub(crate) fn kinetic_energy(bodies: &[Body]) -> f64 {
    // From +0: `Sum` for floats starts at -0, and a world without discs printed
    // "energy: -0.000000000000e0".
    bodies
        .iter()
        .map(|b| 0.5 * b.m * b.v.length_squared())
        .fold(0.0, |sum, e| sum + e)
}

/// Σ m v.
pub(crate) fn momentum(bodies: &[Body]) -> DVec2 {
    bodies.iter().map(|b| b.v * b.m).sum()
}

#[cfg(test)]
mod tests {
    /// Robustness attack: `sim` on a scene without discs printed "energy: -0.000000000000e0".
    #[test]
    fn no_discs_have_an_energy_of_plus_zero() {
        let e = super::kinetic_energy(&[]);
        assert!(e == 0.0 && e.is_sign_positive(), "{e:?}");
    }
}
