//! Moving circle vs axis-aligned box.
//!
//! The circle hits the box exactly when its centre's segment hits the box expanded by `r`
//! with rounded corners. The square-cornered expanded box gives the entry plane; an entry in
//! one of the four corner squares can only touch that corner's circle (a line that crosses
//! the square's inner edges passes through the circle first), so a miss there is final.

use glam::{DVec2, Vec2};

use super::kernel::{
    BoxContact, BoxFeature, Fine, avx_dispatch, box_contact_with, corner_graze, min, valid,
};
use crate::geom::{Aabb, Sweep};
use crate::hit::{Feature, Hit};
use crate::region::Region;

avx_dispatch! {
    /// First contact of `sweep` with `aabb`. See [`crate::query`] for the rules.
    pub fn cast_aabb(sweep: &Sweep, aabb: &Aabb) = cast_aabb_impl;
}

#[inline(always)]
fn cast_aabb_impl(sweep: &Sweep, aabb: &Aabb) -> Option<Hit> {
    let s = sweep.start.as_dvec2();
    let v = sweep.end.as_dvec2() - s;
    let lo = aabb.min.as_dvec2() - s;
    let hi = aabb.max.as_dvec2() - s;
    let r = f64::from(sweep.radius);
    // `is_valid` for both, cheaply (see `valid`); f64 differences of f32 values keep the
    // sign of `max − min` exactly.
    let size = hi - lo;
    if !valid((v + lo + hi).element_sum() + r, min(r, min(size.x, size.y))) {
        return None;
    }
    let graze = |corner, signs| graze_corner(sweep, aabb, corner, signs);
    let inputs = || [sweep.start, sweep.end, aabb.min, aabb.max].map(|p| p.as_dvec2());
    box_contact_with(v, r, lo, hi, inputs, graze, |c| hit(c, s, lo, hi))
}

/// The answer from the kernel's contact (relative to the start `s`, box `[lo, hi]`).
#[inline(always)]
fn hit(c: BoxContact, s: DVec2, lo: DVec2, hi: DVec2) -> Hit {
    Hit {
        time: c.t as f32,
        center: to_f32(s + c.center),
        point: to_f32(s + c.point),
        normal: to_f32(c.normal),
        face_normal: to_f32(c.face_normal),
        feature: box_feature(c.feature),
        region: Some(region_local(c.center, lo, hi)),
        started_inside: c.started_inside,
    }
}

/// A path grazing a corner within rounding, answered from the inputs again with that
/// corner's exact offsets (`kernel::corner_graze`). Rare, and kept out of line so that
/// the common path holds nothing for it.
#[cold]
#[inline(never)]
fn graze_corner(sweep: &Sweep, aabb: &Aabb, corner: DVec2, signs: (bool, bool)) -> Option<Hit> {
    let s = sweep.start.as_dvec2();
    let (lo, hi) = (aabb.min.as_dvec2() - s, aabb.max.as_dvec2() - s);
    let exact = |right: bool, top: bool| {
        let x = if right { aabb.max.x } else { aabb.min.x };
        let y = if top { aabb.max.y } else { aabb.min.y };
        let p = glam::Vec2::new(x, y);
        Some(Fine::from_inputs(p, sweep.start, sweep.end, sweep.radius))
    };
    let v = sweep.end.as_dvec2() - s;
    let c = corner_graze(v, corner, f64::from(sweep.radius), signs, exact)?;
    Some(hit(c, s, lo, hi))
}

pub(crate) fn to_f32(v: DVec2) -> Vec2 {
    v.as_vec2()
}

pub(crate) fn box_feature(f: BoxFeature) -> Feature {
    match f {
        BoxFeature::Side(s) => Feature::Side(s),
        BoxFeature::Corner(c) => Feature::Corner(c),
    }
}

/// The Cohen–Sutherland region of `p` against `[lo, hi]`, computed in f64 so the contact
/// centre of a side hit is classified by exact arithmetic, not by its rounded f32 copy.
pub(crate) fn region_local(p: DVec2, lo: DVec2, hi: DVec2) -> Region {
    // Branch-free: each comparison is one bit.
    Region(
        u8::from(p.x < lo.x)
            | (u8::from(p.x > hi.x) << 1)
            | (u8::from(p.y < lo.y) << 2)
            | (u8::from(p.y > hi.y) << 3),
    )
}
