//! Moving circle vs axis-aligned box.
//!
//! The circle hits the box exactly when its centre's segment hits the box expanded by `r`
//! with rounded corners. The square-cornered expanded box gives the entry plane; an entry in
//! one of the four corner squares can only touch that corner's circle (a line that crosses
//! the square's inner edges passes through the circle first), so a miss there is final.

use glam::{DVec2, Vec2};

use super::kernel::{
    BoxContact, BoxFeature, Fine, apart, avx_dispatch, box_contact_with, corner_graze, min, valid,
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
    // Far misses first, before the inputs are checked: they are half of an unfiltered mix,
    // and `None` is also the answer to invalid input, which may come out either way here.
    if apart(v, r, lo, hi) {
        return None;
    }
    // `is_valid` for both, cheaply (see `valid`). The widths come from the inputs: an f64
    // difference of two f32 values keeps the sign of `max − min` exactly, where `hi − lo`,
    // a difference of two offsets from a far start, rounded an inverted box's negative
    // width to 0 and let it through.
    let size = aabb.max.as_dvec2() - aabb.min.as_dvec2();
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
#[inline(always)]
pub(crate) fn region_local(p: DVec2, lo: DVec2, hi: DVec2) -> Region {
    #[cfg(target_arch = "x86_64")]
    {
        region_sse2(p, lo, hi)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        region_scalar(p, lo, hi)
    }
}

/// [`region_local`] one comparison at a time: each comparison is one bit.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn region_scalar(p: DVec2, lo: DVec2, hi: DVec2) -> Region {
    Region(
        u8::from(p.x < lo.x)
            | (u8::from(p.x > hi.x) << 1)
            | (u8::from(p.y < lo.y) << 2)
            | (u8::from(p.y > hi.y) << 3),
    )
}

/// The region codes by the bits of `p < lo` (x, y) and, two bits up, `p > hi` (x, y).
#[cfg(target_arch = "x86_64")]
const REGION_BY_MASKS: [u8; 16] = {
    let mut table = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        table[i] = (i & 1 | (i & 4) >> 1 | (i & 2) << 1 | i & 8) as u8;
        i += 1;
    }
    table
};

/// [`region_scalar`] as two lane comparisons and a table: about half the instructions of
/// four scalar comparisons with their flags, shifts and ors, on every box hit.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn region_sse2(p: DVec2, lo: DVec2, hi: DVec2) -> Region {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 register arithmetic only, no memory access; SSE2 is part of the x86_64
    // baseline.
    let (below, above) = unsafe {
        let set = |v: DVec2| _mm_set_pd(v.y, v.x);
        let p = set(p);
        (
            _mm_movemask_pd(_mm_cmplt_pd(p, set(lo))),
            _mm_movemask_pd(_mm_cmplt_pd(set(hi), p)),
        )
    };
    Region(REGION_BY_MASKS[((below | above << 2) & 15) as usize])
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    #[test]
    fn region_lanes_agree_with_the_scalar_comparisons() {
        // Small values with signed zeros put points on, inside and beyond every edge.
        let mut pick = crate::query::tie_values(&[-2.0, -1.0, -0.0, 0.0, 0.5, 1.0, 2.0]);
        let mut seen = [0usize; 16];
        for _ in 0..100_000 {
            let (a, b) = (DVec2::new(pick(), pick()), DVec2::new(pick(), pick()));
            let (lo, hi) = (a.min(b), a.max(b));
            let p = DVec2::new(pick(), pick());
            let (lanes, scalar) = (region_sse2(p, lo, hi), region_scalar(p, lo, hi));
            assert_eq!(lanes, scalar, "p {p} lo {lo} hi {hi}");
            seen[usize::from(scalar.0)] += 1;
        }
        // The nine codes a point can have (both bits of an axis never together).
        let codes = [0, 1, 2, 4, 5, 6, 8, 9, 10];
        assert!(codes.iter().all(|&c| seen[c] > 100), "{seen:?}");
    }
}
