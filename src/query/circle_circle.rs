//! Moving circle vs moving circle: in relative motion the other circle stands still and
//! ours moves by the difference of the displacements, against radius `r1 + r2`.

use glam::DVec2;

use super::circle_aabb::to_f32;
use super::kernel::{avx_dispatch, contact_normal, max, min, point_contact, valid};
use crate::geom::Sweep;
use crate::hit::{Feature, Hit};

avx_dispatch! {
    /// First contact of `sweep` with `other`, both moving over the same `t`. The normal points
    /// from the other circle's centre toward ours; `point` is on the other circle's surface.
    pub fn cast_circle(sweep: &Sweep, other: &Sweep) = cast_circle_impl;
}

#[inline(always)]
fn cast_circle_impl(sweep: &Sweep, other: &Sweep) -> Option<Hit> {
    let s1 = sweep.start.as_dvec2();
    let v1 = sweep.end.as_dvec2() - s1;
    let s2 = other.start.as_dvec2();
    let v2 = other.end.as_dvec2() - s2;
    let (r1, r2) = (f64::from(sweep.radius), f64::from(other.radius));
    let reach = r1 + r2;
    // The other centre relative to ours at t = 0 and at t = 1, and our motion relative to
    // it as their difference: `(e1 − e2) − (s1 − s2)`, not `(e1 − s1) − (e2 − s2)`. Each
    // f64 difference of f32 values rounds when they differ hugely in size, and the second
    // form then carries errors the size of each whole motion: two circles travelling side
    // by side from near 0 to near 1e6 lost their small relative motion, and the contact
    // centre was units off. The first form errs only by the size of the separations, as
    // the start's own offset `c` already does.
    let c = s2 - s1;
    let c_end = other.end.as_dvec2() - sweep.end.as_dvec2();
    let v = c - c_end;
    // `is_valid` for both sweeps, cheaply (see `valid`).
    if !valid((v1 + v2 + c).element_sum() + reach, r1.min(r2)) {
        return None;
    }
    let gap2 = c.length_squared();
    let reach2 = reach * reach;
    // Starts exactly on the circle of contact or with coincident centres take the
    // branchy path below, which settles them exactly; they are rare, so this jump is
    // predicted.
    if gap2 != reach2 && gap2 != 0.0 {
        return branch_free(sweep, other, c, v, gap2, reach);
    }
    branchy(sweep, other, c, v, gap2, reach)
}

/// The definition: overlapping, else [`point_contact`]. Also the path of the rare starts
/// [`branch_free`] leaves to it.
fn branchy(sweep: &Sweep, other: &Sweep, c: DVec2, v: DVec2, gap2: f64, reach: f64) -> Option<Hit> {
    let reach2 = reach * reach;
    let (s1, v1) = (
        sweep.start.as_dvec2(),
        sweep.end.as_dvec2() - sweep.start.as_dvec2(),
    );
    let (s2, v2) = (
        other.start.as_dvec2(),
        other.end.as_dvec2() - other.start.as_dvec2(),
    );
    let r2 = f64::from(other.radius);
    if gap2 < reach2 {
        return Some(overlapping(sweep, other, c, v));
    }
    // The verdict before any root or division, in one branch (see `point_contact`).
    // A zero reach never has a root: its discriminant is never positive.
    let (t, normal) = point_contact(c, v, reach)?;
    let other_center = s2 + v2 * t;
    Some(Hit {
        time: t as f32,
        center: to_f32(s1 + v1 * t),
        point: to_f32(other_center + normal * r2),
        normal: to_f32(normal),
        face_normal: to_f32(normal),
        feature: Feature::Circle,
        region: None,
        started_inside: false,
    })
}

/// The answer for a start neither exactly on the circle of contact nor with coincident
/// centres, without a jump on the data.
///
/// Whether two circles touch is a coin toss on a mixed workload, and so is whether they
/// start overlapping; a mispredicted jump costs more than a square root and a division.
/// So both answers are worked out (one two-lane root, one two-lane division, and the
/// overlap's normal), selected, and the `Option` itself is chosen by
/// `select_unpredictable`, which LLVM keeps a conditional move. The operations are
/// [`point_contact`]'s and [`overlapping`]'s, so the answers are the same bit for bit
/// (tested), up to the sign of a zero.
#[inline(always)]
fn branch_free(
    sweep: &Sweep,
    other: &Sweep,
    c: DVec2,
    v: DVec2,
    gap2: f64,
    reach: f64,
) -> Option<Hit> {
    let reach2 = reach * reach;
    let along = v.dot(c);
    let a = v.length_squared();
    let cross = v.perp_dot(c);
    let disc = a * reach2 - cross * cross;
    let late = along - a;
    let end_gap2 = (v - c).length_squared();
    let tiny = f64::from_bits(1);
    // Entering: `point_contact`'s verdict. Overlapping: `reach2 − gap2 > 0`, which is at
    // least the smallest subnormal, so subtracting that keeps it non-negative.
    let enters = min(
        min(along - tiny, disc - tiny),
        max(-late, reach2 - end_gap2),
    );
    let inside = gap2 < reach2;
    let hit = max(enters, (reach2 - gap2) - tiny) >= 0.0;
    let root = disc.abs().sqrt();
    let dist = gap2.sqrt();
    let t_enter = min(max(gap2 - reach2, 0.0) / (along + root), 1.0);
    let n_enter = contact_normal(v, root, cross, reach);
    let n_inside = c * (-1.0 / dist);
    let t = std::hint::select_unpredictable(inside, 0.0, t_enter);
    let normal = std::hint::select_unpredictable(inside, n_inside, n_enter);
    let (s1, v1) = (
        sweep.start.as_dvec2(),
        sweep.end.as_dvec2() - sweep.start.as_dvec2(),
    );
    let (s2, v2) = (
        other.start.as_dvec2(),
        other.end.as_dvec2() - other.start.as_dvec2(),
    );
    let answer = Hit {
        time: t as f32,
        center: to_f32(s1 + v1 * t),
        point: to_f32(s2 + v2 * t + normal * f64::from(other.radius)),
        normal: to_f32(normal),
        face_normal: to_f32(normal),
        feature: Feature::Circle,
        region: None,
        started_inside: inside,
    };
    std::hint::select_unpredictable(hit, Some(answer), None)
}

/// Already overlapping at t = 0: time 0, pushed apart along the centre line (or against the
/// motion when the centres coincide).
fn overlapping(sweep: &Sweep, other: &Sweep, c: DVec2, v: DVec2) -> Hit {
    let normal = (-c)
        .try_normalize()
        .or_else(|| (-v).try_normalize())
        .unwrap_or(DVec2::Y);
    Hit {
        time: 0.0,
        center: sweep.start,
        point: to_f32(other.start.as_dvec2() + normal * f64::from(other.radius)),
        normal: to_f32(normal),
        face_normal: to_f32(normal),
        feature: Feature::Circle,
        region: None,
        started_inside: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    /// Small integers and halves make touches, overlaps and tangencies common; wide random
    /// values cover the rest.
    fn grid(i: u64) -> f32 {
        let h = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
        if h.is_multiple_of(3) {
            ((h >> 3) % 17) as f32 * 0.5 - 4.0
        } else {
            ((h >> 2) as f32 / (1u64 << 22) as f32 - 0.5) * 40.0
        }
    }

    #[test]
    fn branch_free_agrees_with_the_definition_bit_for_bit() {
        let (mut hits, mut inside) = (0, 0);
        for k in 0..300_000u64 {
            let f = |j: u64| grid(k * 10 + j);
            let a = Sweep::new(
                Vec2::new(f(0), f(1)),
                Vec2::new(f(2), f(3)),
                f(4).abs() * 0.2,
            );
            let b = Sweep::new(
                Vec2::new(f(5), f(6)),
                Vec2::new(f(7), f(8)),
                f(9).abs() * 0.2,
            );
            let (s1, s2) = (a.start.as_dvec2(), b.start.as_dvec2());
            let c = s2 - s1;
            let v = c - (b.end.as_dvec2() - a.end.as_dvec2());
            let reach = f64::from(a.radius) + f64::from(b.radius);
            let gap2 = c.length_squared();
            if gap2 == reach * reach || gap2 == 0.0 {
                continue;
            }
            let (x, y) = (
                branchy(&a, &b, c, v, gap2, reach),
                branch_free(&a, &b, c, v, gap2, reach),
            );
            let bits = |h: Option<Hit>| {
                h.map(|h| {
                    let n = [
                        h.time, h.center.x, h.center.y, h.point.x, h.point.y, h.normal.x,
                        h.normal.y,
                    ];
                    (n.map(|x| (x + 0.0).to_bits()), h.started_inside)
                })
            };
            assert_eq!(bits(x), bits(y), "{a:?} {b:?}");
            hits += usize::from(x.is_some());
            inside += usize::from(x.is_some_and(|h| h.started_inside));
        }
        assert!(
            hits > 30_000 && inside > 10_000,
            "{hits} hits, {inside} inside"
        );
    }
}
