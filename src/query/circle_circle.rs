//! Moving circle vs moving circle: in relative motion the other circle stands still and
//! ours moves by the difference of the displacements, against radius `r1 + r2`.

use glam::DVec2;

use super::circle_aabb::to_f32;
use super::kernel::point_contact;
use crate::geom::Sweep;
use crate::hit::{Feature, Hit};

/// First contact of `sweep` with `other`, both moving over the same `t`. The normal points
/// from the other circle's centre toward ours; `point` is on the other circle's surface.
pub fn cast_circle(sweep: &Sweep, other: &Sweep) -> Option<Hit> {
    if !(sweep.is_valid() & other.is_valid()) {
        return None;
    }
    let s1 = sweep.start.as_dvec2();
    let v1 = sweep.end.as_dvec2() - s1;
    let s2 = other.start.as_dvec2();
    let v2 = other.end.as_dvec2() - s2;
    let r2 = f64::from(other.radius);
    let reach = f64::from(sweep.radius) + r2;
    // The other centre relative to ours at t = 0, and our motion relative to it.
    let c = s2 - s1;
    let v = v1 - v2;

    let gap2 = c.length_squared();
    let (t, started_inside) = if gap2 < reach * reach {
        (0.0, true)
    } else {
        (point_contact(c, v, reach)?, false)
    };
    // Both centres at t; the normal from the relative offset (exact when they coincide).
    let rel = v * t - c;
    // |rel| = reach at a root, so a division replaces the square root; overlapping starts
    // (and a zero reach) normalise properly, and coincident centres push against the motion.
    let normal = if !started_inside && reach > 0.0 {
        rel / reach
    } else {
        rel.try_normalize()
            .or_else(|| (-v).try_normalize())
            .unwrap_or(DVec2::Y)
    };
    let other_center = s2 + v2 * t;
    Some(Hit {
        time: t as f32,
        center: to_f32(s1 + v1 * t),
        point: to_f32(other_center + normal * r2),
        normal: to_f32(normal),
        face_normal: to_f32(normal),
        feature: Feature::Circle,
        region: None,
        started_inside,
    })
}
