//! Moving circle vs segment: the centre's path against the capsule of radius `r` around the
//! segment — a slab along the segment capped by a circle at each end.
//!
//! The slab entry decides: inside the segment's extent it is a face hit; beyond an end, only
//! that end's circle can be hit (the slab's cross-section at an end is a diameter of the end
//! circle, so reaching the face region means going through the circle first).

use glam::DVec2;

use super::circle_aabb::to_f32;
use super::kernel::{apart, max_v, min, min_v, point_contact, point_contact_early, valid};
use crate::geom::{Segment, Sweep};
use crate::hit::{End, Feature, Hit};

/// First contact of `sweep` with `segment`, end caps included. A zero-length segment is a
/// point and reports `End(A)`.
pub fn cast_segment(sweep: &Sweep, segment: &Segment) -> Option<Hit> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx") {
        // SAFETY: the CPU has AVX, checked just above.
        return unsafe { cast_segment_avx(sweep, segment) };
    }
    cast_segment_portable(sweep, segment)
}

/// Kept out of line so the dispatch above is two jumps, not a frame for the whole query.
#[inline(never)]
fn cast_segment_portable(sweep: &Sweep, segment: &Segment) -> Option<Hit> {
    cast_segment_impl(sweep, segment)
}

/// The same code with VEX encoding, whose three-operand forms need no register copies.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
fn cast_segment_avx(sweep: &Sweep, segment: &Segment) -> Option<Hit> {
    cast_segment_impl(sweep, segment)
}

#[inline(always)]
fn cast_segment_impl(sweep: &Sweep, segment: &Segment) -> Option<Hit> {
    let s = sweep.start.as_dvec2();
    let v = sweep.end.as_dvec2() - s;
    let r = f64::from(sweep.radius);
    let a = segment.a.as_dvec2() - s;
    let b = segment.b.as_dvec2() - s;
    // `is_valid` for both, cheaply (see `valid`).
    if !valid((v + a + b).element_sum() + r, r) {
        return None;
    }
    if apart(v, r, min_v(a, b), max_v(a, b)) {
        return None;
    }
    let e = b - a;
    let len2 = e.length_squared();
    let out =
        |t: f64, center: DVec2, point: DVec2, normal: DVec2, face: DVec2, feature, inside| Hit {
            time: t as f32,
            center: to_f32(s + center),
            point: to_f32(s + point),
            normal: to_f32(normal),
            face_normal: to_f32(face),
            feature,
            region: None,
            started_inside: inside,
        };

    if len2 == 0.0 {
        return point_hit(a, v, r)
            .map(|(t, c, n, inside)| out(t, c, a, n, n, Feature::End(End::A), inside));
    }
    let len = len2.sqrt();
    let dir = e / len;
    let n_left = dir.perp();
    // Start: signed distance from the segment's line, and where it projects along it.
    let h0 = -a.dot(n_left);
    let u0 = -a.dot(dir);

    // Already overlapping?
    let u0c = u0.clamp(0.0, len);
    let q = a + dir * u0c; // nearest segment point to the start
    if q.length_squared() < r * r {
        let (normal, feature) = if q == DVec2::ZERO {
            // Centre on the segment: leave on the side the motion comes from.
            let left = v.dot(n_left) <= 0.0;
            (
                if left { n_left } else { -n_left },
                face_or_end(u0, len, left),
            )
        } else {
            ((-q).normalize(), face_or_end(u0, len, h0 >= 0.0))
        };
        let face = face_normal_for(normal, dir, n_left, feature);
        return Some(out(0.0, DVec2::ZERO, q, normal, face, feature, true));
    }

    let vn = v.dot(n_left);
    let vu = v.dot(dir);
    // Entry into the slab |h| <= r, or the start if already in it.
    let (t_slab, side_left) = if h0.abs() >= r {
        let left = h0 > 0.0;
        let toward = if left { -vn } else { vn };
        // Approaching the slab (not sliding along it) and reaching it by t = 1, as one
        // number and one branch, before the division.
        let gap = h0.abs() - r;
        let reaches = min(toward - f64::from_bits(1), toward - gap);
        #[allow(clippy::neg_cmp_op_on_partial_ord)]
        if !(reaches >= 0.0) {
            return None;
        }
        (min(gap / toward, 1.0), left)
    } else {
        (0.0, h0 >= 0.0)
    };
    let u = u0 + vu * t_slab;
    // Within the segment's extent: one comparison, not two jumps.
    if h0.abs() >= r && min(u, len - u) >= 0.0 {
        let center = v * t_slab;
        let normal = if side_left { n_left } else { -n_left };
        let point = a + dir * u;
        return Some(out(
            t_slab,
            center,
            point,
            normal,
            normal,
            Feature::Face { left: side_left },
            false,
        ));
    }
    // Beyond an end: only that end's circle.
    let (end, p) = if u < 0.0 { (End::A, a) } else { (End::B, b) };
    let t = point_contact_early(p, v, r)?;
    let center = v * t;
    // |center − p| = r at the root (and r > 0, or there is no root), so a division
    // replaces a square root.
    let normal = (center - p) / r;
    let feature = Feature::End(end);
    let face = face_normal_for(normal, dir, n_left, feature);
    Some(out(t, center, p, normal, face, feature, false))
}

/// A zero-length segment: a point obstacle. Returns (t, centre, normal, started inside).
fn point_hit(p: DVec2, v: DVec2, r: f64) -> Option<(f64, DVec2, DVec2, bool)> {
    if p.length_squared() < r * r {
        let n = (-p)
            .try_normalize()
            .or_else(|| (-v).try_normalize())
            .unwrap_or(DVec2::Y);
        return Some((0.0, DVec2::ZERO, n, true));
    }
    let t = point_contact(p, v, r)?;
    let center = v * t;
    Some((t, center, (center - p).normalize(), false))
}

fn face_or_end(u: f64, len: f64, left: bool) -> Feature {
    if u < 0.0 {
        Feature::End(End::A)
    } else if u > len {
        Feature::End(End::B)
    } else {
        Feature::Face { left }
    }
}

/// At an end cap, the face the centre is mostly over: the segment's side normal when the
/// contact normal leans that way, otherwise the end's outward direction along the segment.
fn face_normal_for(normal: DVec2, dir: DVec2, n_left: DVec2, feature: Feature) -> DVec2 {
    match feature {
        Feature::End(end) => {
            let across = normal.dot(n_left);
            let along = normal.dot(dir);
            if across.abs() >= along.abs() {
                n_left * across.signum()
            } else if end == End::A {
                -dir
            } else {
                dir
            }
        }
        _ => normal,
    }
}
