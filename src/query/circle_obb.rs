//! Moving circle vs rotated box: solve the axis-aligned case in the box's frame, then turn
//! the answer back. The rotation is done in f64 so the round trip adds no visible error.

use glam::DVec2;

use super::circle_aabb::{box_feature, region_local, to_f32};
use super::kernel::box_contact;
use crate::geom::{Obb, Sweep};
use crate::hit::Hit;

/// First contact of `sweep` with the rotated box `obb`. Features and regions are named in
/// the box's own frame (its `Top` is the side facing its local +y).
pub fn cast_obb(sweep: &Sweep, obb: &Obb) -> Option<Hit> {
    if !(sweep.is_valid() & obb.is_valid()) {
        return None;
    }
    let (sin, cos) = f64::from(obb.angle).sin_cos();
    let axis = DVec2::new(cos, sin);
    let to_local = |w: DVec2| DVec2::new(axis.x * w.x + axis.y * w.y, axis.x * w.y - axis.y * w.x);
    let to_world = |l: DVec2| axis.rotate(l);

    let s = sweep.start.as_dvec2();
    let center = obb.center.as_dvec2();
    let h = obb.half_extents.as_dvec2();
    let s_local = to_local(s - center);
    let v_local = to_local(sweep.end.as_dvec2() - s);
    let lo = -h - s_local;
    let hi = h - s_local;
    let c = box_contact(v_local, f64::from(sweep.radius), lo, hi)?;
    Some(Hit {
        time: c.t as f32,
        center: to_f32(s + to_world(c.center)),
        point: to_f32(s + to_world(c.point)),
        normal: to_f32(to_world(c.normal)),
        face_normal: to_f32(to_world(c.face_normal)),
        feature: box_feature(c.feature),
        region: Some(region_local(c.center, lo, hi)),
        started_inside: c.started_inside,
    })
}
