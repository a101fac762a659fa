//! Moving circle vs axis-aligned box.
//!
//! The circle hits the box exactly when its centre's segment enters the box expanded by
//! `r` with rounded corners ([`super::kernel`]). The box's frame is the inputs' own: each
//! offset from the start is one rounding of the exact difference, so the error bounds are
//! tight, and the reported numbers are built from the inputs where they are exact (a side
//! contact's centre lies on the plane `min.x − r`, a corner contact's point is the corner).

use glam::{BVec2, DVec2, Vec2};

use super::box_entry::Tol;
use super::contact::{Answer, Contact, Motion, answer};
use super::exact;
use super::float::{MIN_LENGTH_SQ, U, apart, avx_dispatch, faithful_v, min, valid};
use super::kernel::{BoxHit, REGION_FEATURES, box_kernel, corner_face_normal};
use super::line_filter::line_misses_box;
use crate::geom::{Aabb, Sweep};
use crate::hit::{Feature, Hit};
use crate::region::{Corner, Region, Side};

avx_dispatch! {
    /// First contact of `sweep` with `aabb`. See [`crate::query`] for the rules.
    pub fn cast_aabb(sweep: &Sweep, aabb: &Aabb) -> Option<Hit> =
        |sweep: &Sweep, aabb: &Aabb| {
            box_fast(&Motion::of(sweep), aabb.min.as_dvec2(), aabb.max.as_dvec2(), || {
                settle(&Motion::of(sweep), aabb).map(Hit::of)
            })
        };
}

avx_dispatch! {
    /// [`cast_aabb`] for a motion in f64, with the values `resolve` carries on from.
    pub(crate) fn aabb_contact(m: &Motion, aabb: &Aabb) -> Option<Contact> =
        |m: &Motion, aabb: &Aabb| box_fast(m, aabb.min.as_dvec2(), aabb.max.as_dvec2(), || settle(m, aabb));
}

/// A circle against the box `[min_w, max_w]`, whose corners are exact (an axis-aligned
/// box's inputs, or a rotated box at angle 0 whose corners `center ∓ half_extents` come out
/// exact in f64); `settle` is the exact query for the same box, built from the caller's own
/// inputs (a motion made here and passed by reference would be stored to memory on every
/// query, the common path included).
#[inline(always)]
pub(crate) fn box_fast<A: Answer>(
    m: &Motion,
    min_w: DVec2,
    max_w: DVec2,
    settle: impl FnOnce() -> Option<A>,
) -> Option<A> {
    let (s, e, r) = (m.start, m.end, m.radius);
    // Far misses first, before the inputs are checked: they are half of an unfiltered mix,
    // and `None` is also the answer to invalid input, which may come out either way here.
    if apart(s, e, r, min_w, max_w) {
        return None;
    }
    let v = e - s;
    let lo = min_w - s;
    let hi = max_w - s;
    // `b` bounds every offset and the radius; finite exactly when the inputs are. Each
    // offset is the exact difference rounded once: within U·b.
    let b = (v.abs() + lo.abs() + hi.abs()).element_sum() + r;
    let size = max_w - min_w;
    if !valid(b, min(r, min(size.x, size.y))) {
        return None;
    }
    let tol = Tol::unrotated(b);
    box_kernel(v, r, lo, hi, &tol, true).answer(|h| report(m, min_w, max_w, h, &tol), settle)
}

/// The exact query, for what the bounds leave open. Rare, and kept out of line so that the
/// common path holds nothing for it.
#[cold]
#[inline(never)]
fn settle(m: &Motion, aabb: &Aabb) -> Option<Contact> {
    if line_misses_box(m, aabb.min.as_dvec2(), aabb.max.as_dvec2()) {
        return None;
    }
    exact::aabb_contact(m, aabb)
}

/// The centre `s + v·t` for a time in `[t_lo, t_hi]`, and a bound on each component's
/// error. Taken at `t_lo`, which is ready first: the exact centre is within `|v|` times
/// the interval's width of it whichever end is used.
#[inline(always)]
pub(crate) fn center_at(s: DVec2, v: DVec2, t_lo: f64, t_hi: f64) -> (DVec2, DVec2) {
    let c = s + v * t_lo;
    let err = v.abs() * (t_hi - t_lo) + (s.abs() + v.abs()) * (3.0 * U);
    (c, err)
}

/// The outward normals of the sides, by side index (`Side as usize`).
pub(crate) const SIDE_NORMALS: [Vec2; 4] = [Vec2::NEG_X, Vec2::X, Vec2::NEG_Y, Vec2::Y];

// A side's index is its discriminant: the order of `SIDES`, whose bit `1 << index` is its
// region.
const _: () = assert!(
    Side::Left as usize == 0
        && Side::Right as usize == 1
        && Side::Bottom as usize == 2
        && Side::Top as usize == 3
);

/// The region bit of a side.
pub(crate) fn side_region(side: Side) -> Region {
    match side {
        Side::Left => Region::LEFT,
        Side::Right => Region::RIGHT,
        Side::Bottom => Region::BOTTOM,
        Side::Top => Region::TOP,
    }
}

/// A corner's region.
pub(crate) fn corner_region(c: Corner) -> Region {
    let (right, top) = c.signs();
    (if right { Region::RIGHT } else { Region::LEFT })
        | if top { Region::TOP } else { Region::BOTTOM }
}

/// The reported numbers of a kernel's hit, each the f32 nearest its exact value, or `None`
/// when a bound leaves that open.
#[inline(always)]
fn report<A: Answer>(m: &Motion, min_w: DVec2, max_w: DVec2, h: BoxHit, tol: &Tol) -> Option<A> {
    let (s, r) = (m.start, m.radius);
    let v = m.end - s;
    match h {
        BoxHit::Side {
            side,
            time,
            t_lo,
            t_hi,
        } => {
            // Selected by lane masks rather than by `match`: the side is as random as the
            // motion, and each arm would be a jump.
            let idx = side as usize;
            let (c, err) = center_at(s, v, t_lo, t_hi);
            // On the side's plane moved out by r: `min.x − r` and kin, from the inputs.
            let high = BVec2::splat(idx & 1 != 0);
            let on_axis = BVec2::new(idx < 2, idx >= 2);
            let plane = DVec2::select(high, max_w, min_w);
            // `−r` for a low side by its sign bit (r ≥ 0 here), not by a jump.
            let reach = DVec2::splat(f64::from_bits(r.to_bits() | ((!idx & 1) as u64) << 63));
            // One rounding of an exact sum: within U of its own size, so faithful as it
            // stands (and when exact, as it usually is, rounded to the nearest f32).
            let c = DVec2::select(on_axis, plane + reach, c);
            let err = DVec2::select(on_axis, DVec2::ZERO, err);
            let c32 = faithful_v(c, err)?;
            let point = DVec2::select(on_axis, plane, c).as_vec2();
            let normal = SIDE_NORMALS[idx];
            // A radius of 0 touches from the plane itself: inside the box's region.
            let region = Region(u8::from(r > 0.0) << idx);
            Some(answer(
                time,
                0.5 * (t_lo + t_hi),
                c,
                c32,
                point,
                normal.as_dvec2(),
                normal,
                normal,
                Feature::Side(side),
                Some(region),
                false,
            ))
        }
        BoxHit::Corner {
            corner,
            time,
            t_lo,
            t_hi,
            normal,
            normal_err,
            ..
        } => {
            let (c, err) = center_at(s, v, t_lo, t_hi);
            let c32 = faithful_v(c, err)?;
            let n32 = faithful_v(normal, normal_err)?;
            let face = corner_face_normal(normal, normal_err)?.as_vec2();
            let (right, top) = corner.signs();
            let point = DVec2::new(
                if right { max_w.x } else { min_w.x },
                if top { max_w.y } else { min_w.y },
            )
            .as_vec2();
            let region = corner_region(corner);
            Some(answer(
                time,
                0.5 * (t_lo + t_hi),
                c,
                c32,
                point,
                normal,
                n32,
                face,
                Feature::Corner(corner),
                Some(region),
                false,
            ))
        }
        BoxHit::InBox { side } => {
            let (i, high) = (side.axis(), side.is_high());
            let c32 = s.as_vec2();
            let mut point = c32;
            point[i] = if high { max_w[i] } else { min_w[i] } as f32;
            let normal = side.normal();
            Some(answer(
                0.0,
                0.0,
                s,
                c32,
                point,
                normal.as_dvec2(),
                normal,
                normal,
                Feature::Side(side),
                Some(Region::INSIDE),
                true,
            ))
        }
        BoxHit::Beside { q, d2, code } => {
            // Each offset is one rounding of an exact difference (a clamped 0 is exact):
            // each component of `q` is within U of its own size, so `|q|` is within 3U of
            // its size and each component of `−q/|q|` within 8U of its own, faithful as
            // it stands.
            if d2 < MIN_LENGTH_SQ {
                return None;
            }
            let n = q * (-1.0 / d2.sqrt());
            let err = n.abs() * (8.0 * U);
            let _ = tol;
            let n32 = n.as_vec2();
            let face = corner_face_normal(n, err)?.as_vec2();
            // The box's nearest point: the start clamped to the box, exactly.
            let point = s.clamp(min_w, max_w).as_vec2();
            let feature = REGION_FEATURES[usize::from(code & 15)];
            Some(answer(
                0.0,
                0.0,
                s,
                s.as_vec2(),
                point,
                n,
                n32,
                face,
                feature,
                Some(Region(code)),
                true,
            ))
        }
    }
}

/// `−q / |q|` for an obstacle's nearest point `q` relative to the start (each component
/// within `q_err` of exact, `d2 = |q|²` as computed), and a bound on each component's
/// error. To first order a change `δq` turns the unit vector by `(I − n·nᵀ)·δq / |q|`,
/// which has no part along `q` itself: a component known exactly (`q_err` 0) only moves
/// with the others, and the normal of a `q` along an axis is exact.
#[inline(always)]
pub(crate) fn push_out_normal(q: DVec2, d2: f64, q_err: DVec2) -> (DVec2, DVec2) {
    if d2 < MIN_LENGTH_SQ {
        return (DVec2::ZERO, DVec2::INFINITY);
    }
    let len = d2.sqrt();
    let n = -q / len;
    let (na, swap) = (n.abs(), |p: DVec2| DVec2::new(p.y, p.x));
    let along = (DVec2::ONE - n * n).max(DVec2::ZERO) + DVec2::splat(4.0 * U);
    let first = (along * q_err + na * swap(na * q_err)) / len;
    // The second-order remainder, for a change small against |q| (else no bound): each
    // second derivative of `q_i / |q|` carries `n_i` or a `δ_i`, so a component that is
    // exactly zero with no error stays so.
    let rel = q_err.element_sum() / len;
    let second = if rel < 1e-3 {
        (na * rel + q_err / len) * (2.0 * rel)
    } else {
        DVec2::INFINITY
    };
    let err = first * (1.0 + 8.0 * U) + second + na * (4.0 * U);
    (n, err)
}
