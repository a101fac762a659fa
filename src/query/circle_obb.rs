//! Moving circle vs rotated box: the axis-aligned kernel in the box's frame, the answer
//! turned back.
//!
//! The frame's axes are the f64 cosine and sine of the f32 angle, which the platform's
//! `sin_cos` gives within [`TRIG`] of their values relative to their size (tested against
//! the exact query's cosine and sine); the rotation's error enters every offset's bound.
//! A time is the same in both frames, so the contact centre is `start + v·t` in the
//! world's own frame.

use glam::DVec2;

use super::box_entry::Tol;
use super::circle_aabb::{box_fast, center_at, corner_region, push_out_normal, side_region};
use super::contact::{Answer, Contact, Motion, answer};
use super::exact;
use super::float::{U, apart as swept_apart, faithful_v, held, max, min, two_sum};
use super::kernel::{BoxHit, REGION_FEATURES, box_kernel, corner_face_normal};
use super::line_filter::line_misses_box;
use crate::geom::{Obb, Sweep};
use crate::hit::{Feature, Hit};
use crate::region::{Region, Side};

/// The relative error allowed to `f64::sin_cos` for an f32 angle: four units in the last
/// place (correctly rounded results are within half of one).
pub(crate) const TRIG: f64 = 1.0 / (1u64 << 50) as f64;

/// Angles beyond this go straight to the exact query: their reduction by π/2 is where a
/// platform's `sin_cos` is least trustworthy, and a rotated box's angle is not expected
/// there.
const TRIG_RANGE: f64 = 1048576.0;

/// First contact of `sweep` with the rotated box `obb`. Features and regions are named in
/// the box's own frame (its `Top` is the side facing its local +y).
pub fn cast_obb(sweep: &Sweep, obb: &Obb) -> Option<Hit> {
    obb_fast::<Hit>(&Motion::of(sweep), obb, || {
        settle(&Motion::of(sweep), obb).map(Hit::of)
    })
}

/// [`cast_obb`] for a motion in f64, with the values `resolve` carries on from.
pub(crate) fn obb_contact(m: &Motion, obb: &Obb) -> Option<Contact> {
    obb_fast::<Contact>(m, obb, || settle(m, obb))
}

/// `settle` is the exact query, built from the caller's own inputs (see
/// `circle_aabb::box_fast`).
#[inline(always)]
fn obb_fast<A: Answer>(m: &Motion, obb: &Obb, settle: impl Fn() -> Option<A>) -> Option<A> {
    // Far misses first, before the inputs are checked and before any trigonometry: the box
    // lies within `|h.x| + |h.y|` of its centre whatever its angle, so a path whose swept
    // circle stays farther than that plus `r` from the centre point misses it. The reach
    // is rounded up (each factor `1 + 2U` more than covers one rounding down), so that
    // `apart`'s test, exact one way, stays certain.
    let h = obb.half_extents.as_dvec2();
    let spread = (h.x.abs() + h.y.abs()) * (1.0 + 2.0 * U);
    let reach = (m.radius + spread) * (1.0 + 2.0 * U);
    let center = obb.center.as_dvec2();
    if swept_apart(m.start, m.end, reach, center, center) {
        return None;
    }
    if !(m.is_valid() & obb.is_valid()) {
        return None;
    }
    let theta = f64::from(obb.angle);
    if theta == 0.0 {
        // Unrotated: the box [center − h, center + h], when its corners are exact in f64.
        let (c, h) = (obb.center.as_dvec2(), obb.half_extents.as_dvec2());
        let ((lx, elx), (ly, ely)) = (two_sum(c.x, -h.x), two_sum(c.y, -h.y));
        let ((hx, ehx), (hy, ehy)) = (two_sum(c.x, h.x), two_sum(c.y, h.y));
        if elx == 0.0 && ely == 0.0 && ehx == 0.0 && ehy == 0.0 {
            return box_fast(m, DVec2::new(lx, ly), DVec2::new(hx, hy), &settle);
        }
    }
    if theta.abs() > TRIG_RANGE {
        return settle();
    }
    let (sin, cos) = theta.sin_cos();
    let frame = Frame { cos, sin };
    let s = m.start;
    let v_w = m.end - s;
    let d = s - obb.center.as_dvec2();
    let h = obb.half_extents.as_dvec2();
    let s_local = frame.to_local(d);
    let v = frame.to_local(v_w);
    let lo = -h - s_local;
    let hi = h - s_local;
    let r = m.radius;
    let b = (v.abs() + lo.abs() + hi.abs()).element_sum() + r;
    // Each local offset: the rotation's error on the world offsets (d and v each rounded
    // once; `lo` and `hi` carry d's) and one rounding of its own.
    let rot = (TRIG + 4.0 * U) * (d.abs() + v_w.abs()).element_sum() * 1.01;
    let tol = Tol::new(b, rot);
    // `lo − r` and kin are within e1 of exact.
    if apart(v, r, lo, hi, 4.0 * tol.e1) {
        return None;
    }
    box_kernel(v, r, lo, hi, &tol, false)
        .answer(|k| report(m, obb, &frame, k, &tol, s_local), settle)
}

#[cold]
#[inline(never)]
fn settle(m: &Motion, obb: &Obb) -> Option<Contact> {
    // The box lies within `hx + hy` of its centre on each axis, whatever its angle:
    // widened by a few roundings, a box that holds it for the line filter.
    let k = (f64::from(obb.half_extents.x) + f64::from(obb.half_extents.y)) * (1.0 + 8.0 * U);
    let c = obb.center.as_dvec2();
    if line_misses_box(m, c - k, c + k) {
        return None;
    }
    exact::obb_contact(m, obb)
}

/// The box `[lo, hi]` clear of the bounding box of a circle of `radius` swept from the
/// origin by `v`, by more than `margin`.
#[inline(always)]
fn apart(v: DVec2, radius: f64, lo: DVec2, hi: DVec2, margin: f64) -> bool {
    let e = lo - DVec2::splat(radius);
    let x = hi + DVec2::splat(radius);
    let gap_x = max(e.x - max(v.x, 0.0), min(v.x, 0.0) - x.x);
    let gap_y = max(e.y - max(v.y, 0.0), min(v.y, 0.0) - x.y);
    max(gap_x, gap_y) > margin
}

/// The box's rotation, as computed.
struct Frame {
    cos: f64,
    sin: f64,
}

impl Frame {
    fn to_local(&self, w: DVec2) -> DVec2 {
        DVec2::new(
            self.cos * w.x + self.sin * w.y,
            self.cos * w.y - self.sin * w.x,
        )
    }

    fn to_world(&self, l: DVec2) -> DVec2 {
        DVec2::new(
            self.cos * l.x - self.sin * l.y,
            self.sin * l.x + self.cos * l.y,
        )
    }

    /// `to_world(l)` for a unit vector `l` along an axis, and its error bound: the
    /// cosine and sine themselves, with signs, each within `TRIG` of its own size and so
    /// faithful as they stand.
    fn axis_to_world(&self, l: DVec2) -> (DVec2, DVec2) {
        let n = self.to_world(l);
        (n, n.abs() * ((TRIG + 3.0 * U) * 1.01))
    }

    /// A bound on the error of `to_world(l)` from the cosine's and sine's errors and the
    /// rotation's roundings, for `l` within `err` of exact.
    fn world_err(&self, l: DVec2, err: DVec2) -> DVec2 {
        let (c, s) = (self.cos.abs(), self.sin.abs());
        let terms = DVec2::new(c * l.x.abs() + s * l.y.abs(), s * l.x.abs() + c * l.y.abs());
        let spread = DVec2::new(c * err.x + s * err.y, s * err.x + c * err.y);
        (spread + terms * (TRIG + 3.0 * U)) * 1.01
    }
}

#[inline(always)]
fn report<A: Answer>(
    m: &Motion,
    obb: &Obb,
    f: &Frame,
    k: BoxHit,
    tol: &Tol,
    s_local: DVec2,
) -> Option<A> {
    let s = m.start;
    let v = m.end - s;
    let r = m.radius;
    let h = obb.half_extents.as_dvec2();
    let center_w = obb.center.as_dvec2();
    let axis = |side: Side| side.normal().as_dvec2();
    match k {
        BoxHit::Side {
            side,
            time,
            t_lo,
            t_hi,
        } => {
            let (c, c_err) = center_at(s, v, t_lo, t_hi);
            let c32 = faithful_v(c, c_err)?;
            let (n, n_err) = f.axis_to_world(axis(side));
            let n32 = n.as_vec2();
            // The contact point is the centre pulled back onto the side.
            let p = c - n * r;
            let p_err = c_err + n_err * r + (c.abs() + n.abs() * r) * (3.0 * U);
            let p32 = held(faithful_v(p, p_err)?);
            let region = if r > 0.0 {
                side_region(side)
            } else {
                Region::INSIDE
            };
            Some(answer(
                time,
                0.5 * (t_lo + t_hi),
                c,
                c32,
                p32,
                n,
                n32,
                n32,
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
            let (c, c_err) = center_at(s, v, t_lo, t_hi);
            let c32 = faithful_v(c, c_err)?;
            let n = f.to_world(normal);
            let n_err = f.world_err(normal, normal_err);
            let n32 = faithful_v(n, n_err)?;
            let face_l = corner_face_normal(normal, normal_err)?;
            let face = f.to_world(face_l);
            let face32 = face.as_vec2();
            let (right, top) = corner.signs();
            let k_l = DVec2::new(if right { h.x } else { -h.x }, if top { h.y } else { -h.y });
            let kw = f.to_world(k_l);
            let p = center_w + kw;
            let p_err = f.world_err(k_l, DVec2::ZERO) + (center_w.abs() + kw.abs()) * (2.0 * U);
            let p32 = held(faithful_v(p, p_err)?);
            Some(answer(
                time,
                0.5 * (t_lo + t_hi),
                c,
                c32,
                p32,
                n,
                n32,
                face32,
                Feature::Corner(corner),
                Some(corner_region(corner)),
                false,
            ))
        }
        BoxHit::InBox { side } => {
            let n = f.to_world(axis(side));
            let n32 = n.as_vec2();
            // The start moved onto the side: along the side's normal by its distance.
            let (i, high) = (side.axis(), side.is_high());
            let to_side = if high {
                h[i] - s_local[i]
            } else {
                -h[i] - s_local[i]
            };
            let mut step = DVec2::ZERO;
            step[i] = to_side;
            let mut step_err = DVec2::ZERO;
            step_err[i] = tol.e0;
            let moved = f.to_world(step);
            let p = s + moved;
            let p_err = f.world_err(step, step_err) + (s.abs() + moved.abs()) * (2.0 * U);
            let p32 = held(faithful_v(p, p_err)?);
            Some(answer(
                0.0,
                0.0,
                s,
                s.as_vec2(),
                p32,
                n,
                n32,
                n32,
                Feature::Side(side),
                Some(Region::INSIDE),
                true,
            ))
        }
        BoxHit::Beside { q, d2, code } => {
            // A component clamped to 0 is exactly 0 (the start's region is certain).
            let q_err = DVec2::select(q.cmpeq(DVec2::ZERO), DVec2::ZERO, DVec2::splat(tol.e0));
            let (n_l, n_l_err) = push_out_normal(q, d2, q_err);
            let n = f.to_world(n_l);
            let n_err = f.world_err(n_l, n_l_err);
            let n32 = faithful_v(n, n_err)?;
            let face_l = corner_face_normal(n_l, n_l_err)?;
            let face = f.to_world(face_l);
            let face32 = face.as_vec2();
            let qw = f.to_world(q);
            let p = s + qw;
            let p_err = f.world_err(q, q_err) + (s.abs() + qw.abs()) * (2.0 * U);
            let p32 = held(faithful_v(p, p_err)?);
            let feature = REGION_FEATURES[usize::from(code & 15)];
            Some(answer(
                0.0,
                0.0,
                s,
                s.as_vec2(),
                p32,
                n,
                n32,
                face32,
                feature,
                Some(Region(code)),
                true,
            ))
        }
    }
}
