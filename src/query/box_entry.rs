//! The common case of a circle against a box — a start outside the expanded box — decided
//! with products and comparisons only, in two early branches (a side hit, else a corner
//! hit or a miss).
//!
//! On random hit/miss data every data-dependent jump is a coin toss for the branch
//! predictor, and one that resolves late, after a division and a square root, throws away
//! the work of the queries overlapping it. So the verdict here needs no division or root:
//! the problem is mirrored per axis so the motion is non-negative, slab times `e / v` then
//! compare by cross-multiplying, and the corner circle's root is at most 1 exactly when
//! the closest approach comes by t = 1 or the end position is within the radius. The time
//! is one division, for hits only.
//!
//! [`entry`] is the definition, in plain scalar code; the batched queries vectorise it. On
//! x86_64 single queries use [`entry_sse2`], the same operations on the x and y lanes of
//! SSE2 registers with every condition kept as a lane mask, so that LLVM cannot split the
//! verdict into a chain of jumps (it does, for `&` of `bool`s) and the whole decision takes
//! about a third of the instructions. The two agree bit for bit (tested).

use glam::DVec2;

use super::kernel::{GRAZE, SECOND_ORDER, graze_bound, max, min};
use crate::hit::Side;

/// What [`entry`] found, in the mirrored frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Entry {
    /// The circle touches the box within the motion.
    pub hit: bool,
    /// The first touch is on a side (else on the circle around `corner`).
    pub on_side: bool,
    /// The expanded box is entered across its x plane (else its y plane).
    pub x_entry: bool,
    /// The entry point is beyond the high end of the side it crossed: the corner is at the
    /// high end of the other axis.
    pub beyond: bool,
    pub corner: DVec2,
    /// On a side the contact time is `offset / across`, on a corner `gap / (along +
    /// root)` ([`Entry::time`]); only meaningful for a hit. Kept apart so that a single
    /// query, which branches on `on_side` anyway, need not wait for the corner's square
    /// root to time a side hit.
    pub offset: f64,
    pub across: f64,
    pub gap: f64,
    pub along: f64,
    /// For a corner: `√disc` and `v × corner`, from which the contact normal follows
    /// without cancellation (see `kernel::contact_normal`).
    pub root: f64,
    pub cross: f64,
    /// For a side hit, in the box's own (unmirrored) frame: the side's outward normal and
    /// its index in [`SIDES`].
    pub side_normal: DVec2,
    pub side: usize,
    /// A corner entry whose discriminant is within rounding of zero: the path grazes the
    /// corner's circle and the verdict must be settled from the exact offsets (`hit` is
    /// then set so that the caller looks).
    pub graze: bool,
}

/// The sides in the order of [`Entry::side`]: the axis (x 0, y 2), plus 1 for the high one.
pub(crate) const SIDES: [Side; 4] = [Side::Left, Side::Right, Side::Bottom, Side::Top];

/// The side a hit from outside enters across the x plane (`x_entry`) or the y plane,
/// given the mirror's `sign`: its index in [`SIDES`] (a negative sign means the box's
/// high side faces the start). Integer arithmetic, no jump.
#[inline(always)]
fn side_index(x_entry: bool, sign: DVec2) -> usize {
    let negative = usize::from(sign.x < 0.0) | (usize::from(sign.y < 0.0) << 1);
    let y = usize::from(!x_entry);
    ((y << 1) | ((negative >> y) & 1)) & 3
}

impl Entry {
    /// The contact time, kept in `[0, 1]` against the rounding of the division (the
    /// verdict itself is exact). One division of selected operands, for vector lanes.
    #[inline(always)]
    pub fn time(&self) -> f64 {
        let (num, den) = if self.on_side {
            (self.offset, self.across)
        } else {
            (self.gap, self.along + self.root)
        };
        (num / den).clamp(0.0, 1.0)
    }

    /// [`Entry::time`] for a side hit.
    #[inline(always)]
    pub fn side_time(&self) -> f64 {
        (self.offset / self.across).clamp(0.0, 1.0)
    }

    /// [`Entry::time`] for a corner hit.
    #[inline(always)]
    pub fn corner_time(&self) -> f64 {
        (self.gap / (self.along + self.root)).clamp(0.0, 1.0)
    }
}

/// The box `[lo, hi]` and motion `v` reflected per axis so the motion is non-negative:
/// `v_abs = |v|`, and `sign` (±1) maps answers back.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mirrored {
    pub sign: DVec2,
    pub v_abs: DVec2,
    pub lo: DVec2,
    pub hi: DVec2,
}

impl Mirrored {
    #[inline(always)]
    pub fn new(v: DVec2, lo: DVec2, hi: DVec2) -> Self {
        let sign = DVec2::ONE.copysign(v);
        let (a, b) = (lo * sign, hi * sign);
        Self {
            sign,
            v_abs: v.abs(),
            lo: DVec2::new(min(a.x, b.x), min(a.y, b.y)),
            hi: DVec2::new(max(a.x, b.x), max(a.y, b.y)),
        }
    }
}

/// Whether the start (the origin) is in the square-cornered box `[lo, hi]` expanded by
/// `radius`, boundary included: the starts [`entry`] does not handle.
#[inline(always)]
pub(crate) fn in_expanded(radius: f64, lo: DVec2, hi: DVec2) -> bool {
    // One comparison: LLVM turns `&` of four into a chain of jumps.
    max(max(lo.x, lo.y), max(-hi.x, -hi.y)) <= radius
}

/// For a start outside a circle and approaching it: the end of the motion (`end2`, its
/// squared distance from the circle's centre) is within the circle, so the path enters
/// it by t = 1. Strictly inside, or on it while not tangent there: `late = along − |v|²`,
/// r times the rate at which the distance shrinks at t = 1, is not 0. This needs no
/// discriminant. With the end on the circle the discriminant is exactly `late²`, which
/// for an approach 1e-8 rad off the tangent rounds to zero: an exact touch at t = 1 was a
/// miss.
#[inline(always)]
pub(crate) fn end_within(end2: f64, rr: f64, late: f64) -> bool {
    (end2 <= rr) & ((end2 < rr) | (late != 0.0))
}

/// The first contact of a circle of `radius` moving from the origin by `m.v_abs` with the
/// mirrored box, for a start outside the expanded box.
///
/// The slab entry time on an axis is `e / v` (`e` the distance to the expanded box's low
/// plane) and the exit time `x / v`. The entry point is on a side when it lies within that
/// side's extent; otherwise it is in a corner square, where only that corner's circle can
/// be touched (a line through the square's inner edges passes through the circle first).
#[inline(always)]
pub(crate) fn entry(m: &Mirrored, radius: f64) -> Entry {
    let v = m.v_abs;
    let (lo, hi) = (m.lo, m.hi);
    let e = lo - DVec2::splat(radius);
    let x = hi + DVec2::splat(radius);
    // Entered before t = 1 on both axes, not left before t = 0, and each axis entered
    // before the other is left (a zero speed needs the start inside that slab).
    let p = DVec2::new(e.x * v.y, e.y * v.x);
    let q = DVec2::new(x.y * v.x, x.x * v.y);
    let crosses =
        (e.x <= v.x) & (e.y <= v.y) & (0.0 <= x.x) & (0.0 <= x.y) & (p.x <= q.x) & (p.y <= q.y);
    // The later entry is the plane crossed (ties go to x); an axis without motion is never
    // the one entered.
    let x_entry = (0.0 <= p.x - p.y) & (0.0 < v.x);
    // The entry point along that plane, scaled by the speed across it.
    let (offset, across, along_v) = if x_entry {
        (e.x, v.x, v.y)
    } else {
        (e.y, v.y, v.x)
    };
    let (plane, a_lo, a_hi) = if x_entry {
        (lo.x, lo.y, hi.y)
    } else {
        (lo.y, lo.x, hi.x)
    };
    let along = along_v * offset;
    let (lo_s, hi_s) = (a_lo * across, a_hi * across);
    let on_side = (lo_s <= along) & (along <= hi_s);
    let beyond = hi_s < along;
    let corner_e = DVec2::new(plane, if beyond { a_hi } else { a_lo });
    let corner = if x_entry {
        corner_e
    } else {
        DVec2::new(corner_e.y, corner_e.x)
    };
    // That corner's circle: the first root of |corner − v·t| = r is (along − √disc) / a,
    // stably gap / (along + √disc). A contact needs approach (along > 0), then either a
    // real crossing (disc > 0; zero is a graze) with the closest approach by t = 1
    // (late ≤ 0), or the end within r ([`end_within`]). (`late² ≤ disc` says the
    // latter too, but rounds: `v − corner` is exact for f32 input of comparable sizes, so
    // a touch at exactly t = 1 is decided exactly.)
    let prod = v * corner;
    let along_c = prod.x + prod.y;
    let vv = v * v;
    let a = vv.x + vv.y;
    let cross = v.x * corner.y - v.y * corner.x;
    let disc = a * (radius * radius) - cross * cross;
    let late = along_c - a;
    let end = v - corner;
    let end2 = end * end;
    // `disc` may be off by `err` (`corner` is a rounded offset when the start is far from
    // it on the scale of the radius; see `kernel::graze_bound`), so the verdict lets
    // through `disc > −err`, and a hit with `disc ≤ err` is settled exactly by the caller.
    let err = graze_bound(a, radius, corner);
    let corner_hit = (0.0 < along_c)
        & (((-err < disc) & (late <= 0.0)) | end_within(end2.x + end2.y, radius * radius, late));
    let graze = !on_side & corner_hit & (disc <= err);
    let cc = corner * corner;
    let gap = max(cc.x + cc.y - radius * radius, 0.0);
    // A hit whose `disc` rounded to zero or below (the end within r) is within rounding of
    // a double root.
    let root = max(disc, 0.0).sqrt();
    Entry {
        hit: crosses & (on_side | corner_hit),
        on_side,
        x_entry,
        beyond,
        corner,
        offset,
        across,
        gap,
        along: along_c,
        root,
        cross,
        side_normal: if x_entry {
            DVec2::new(-m.sign.x, 0.0)
        } else {
            DVec2::new(0.0, -m.sign.y)
        },
        side: side_index(x_entry, m.sign),
        graze: crosses & graze,
    }
}

/// [`entry`] on SSE2 lanes, with each verdict a mask and a short dependency chain.
///
/// [`entry`] picks the entry plane, then the corner on it, then tests that corner: three
/// steps in series before the branch can resolve. Here both planes are evaluated at once,
/// in the two lanes of one register (the x plane low), each with its own corner, and the
/// plane is chosen by a mask. A side hit is returned as soon as it is known, before the
/// corner test's longer chain, so that jump resolves early (and a side hit is timed
/// without the corner's root); the corner verdict is the second jump. Each candidate is
/// computed by the same operations as in [`entry`], so the two agree bit for bit
/// (tested).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn entry_sse2(m: &Mirrored, radius: f64) -> Option<Entry> {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 register arithmetic only, no memory access; SSE2 is part of the x86_64
    // baseline.
    unsafe {
        let set = |p: DVec2| _mm_set_pd(p.y, p.x);
        let lo0 = |a: __m128d| _mm_cvtsd_f64(a);
        let swap = |a: __m128d| _mm_shuffle_pd::<1>(a, a);
        let dup0 = |a: __m128d| _mm_unpacklo_pd(a, a);
        let dup1 = |a: __m128d| _mm_unpackhi_pd(a, a);
        let blend = |mask: __m128d, a: __m128d, b: __m128d| {
            _mm_or_pd(_mm_and_pd(mask, a), _mm_andnot_pd(mask, b))
        };
        let zero = _mm_setzero_pd();
        let r = _mm_set1_pd(radius);
        let v = set(m.v_abs);
        let (lo, hi) = (set(m.lo), set(m.hi));
        let e = _mm_sub_pd(lo, r);
        let x = _mm_add_pd(hi, r);
        let vs = swap(v);
        // (e.x·v.y, e.y·v.x): the cross-multiplied slab entries, and also each plane's
        // entry point along it, scaled by the speed across it.
        let p = _mm_mul_pd(e, vs);
        let q = _mm_mul_pd(swap(x), v); // (x.y·v.x, x.x·v.y)
        let crosses = _mm_and_pd(
            _mm_and_pd(_mm_cmple_pd(e, v), _mm_cmple_pd(zero, x)),
            _mm_cmple_pd(p, q),
        );
        let crosses = _mm_and_pd(crosses, swap(crosses));
        let x_entry = dup0(_mm_and_pd(
            _mm_cmple_sd(zero, _mm_sub_sd(p, swap(p))),
            _mm_cmplt_sd(zero, v),
        ));
        // Per plane: the extent of its side, scaled like `p`.
        let ext_lo = _mm_mul_pd(swap(lo), v); // (lo.y·v.x, lo.x·v.y)
        let ext_hi = _mm_mul_pd(swap(hi), v); // (hi.y·v.x, hi.x·v.y)
        let on_side = _mm_and_pd(_mm_cmple_pd(ext_lo, p), _mm_cmple_pd(p, ext_hi));
        let bits = |a: __m128d| _mm_movemask_pd(a) & 1 != 0;
        // The entry plane's lane.
        let pick = |a: __m128d| blend(x_entry, a, swap(a));
        // A side hit is settled here, before the corner's longer chain: a jump that
        // resolves early costs little when it is mispredicted.
        if bits(_mm_and_pd(crosses, pick(on_side))) {
            // The side's normal by masks: −sign on the entered axis, +0 on the other (a
            // select on `x_entry` would be a jump, as random as the hit).
            let low = _mm_castsi128_pd(_mm_set_epi64x(0, -1));
            let axis = blend(x_entry, low, swap(low));
            let normal = _mm_and_pd(axis, _mm_xor_pd(set(m.sign), _mm_set1_pd(-0.0)));
            return Some(Entry {
                hit: true,
                on_side: true,
                x_entry: bits(x_entry),
                beyond: false,
                corner: DVec2::ZERO,
                offset: lo0(pick(e)),
                across: lo0(pick(v)),
                gap: 0.0,
                along: 0.0,
                root: 0.0,
                cross: 0.0,
                side_normal: DVec2::new(lo0(normal), lo0(swap(normal))),
                side: side_index(bits(x_entry), m.sign),
                graze: false,
            });
        }
        let beyond = _mm_cmplt_pd(ext_hi, p);
        // Each plane's corner, in structure-of-arrays form: (lo.x, lo.y) for both unless
        // the entry is beyond the side, then (lo.x, hi.y) for the x plane (low lane) and
        // (hi.x, lo.y) for the y plane (high lane).
        let cx = blend(beyond, _mm_unpacklo_pd(lo, hi), dup0(lo));
        let cy = blend(beyond, _mm_unpackhi_pd(hi, lo), dup1(lo));
        let (vx, vy) = (dup0(v), dup1(v));
        let vv = _mm_mul_pd(v, v);
        let a = dup0(_mm_add_sd(vv, swap(vv)));
        let rr = _mm_mul_sd(r, r);
        let along_c = _mm_add_pd(_mm_mul_pd(vx, cx), _mm_mul_pd(vy, cy));
        let cross = _mm_sub_pd(_mm_mul_pd(vx, cy), _mm_mul_pd(vy, cx));
        let disc = _mm_sub_pd(dup0(_mm_mul_sd(a, rr)), _mm_mul_pd(cross, cross));
        let late = _mm_sub_pd(along_c, a);
        let (ex, ey) = (_mm_sub_pd(vx, cx), _mm_sub_pd(vy, cy));
        let end2 = _mm_add_pd(_mm_mul_pd(ex, ex), _mm_mul_pd(ey, ey));
        // As in [`entry`], with [`end_within`] as masks.
        let rr2 = dup0(rr);
        let end_within = _mm_and_pd(
            _mm_cmple_pd(end2, rr2),
            _mm_or_pd(_mm_cmplt_pd(end2, rr2), _mm_cmpneq_pd(late, zero)),
        );
        // As in [`entry`]: the verdict lets `disc > −err` through (`graze_bound` in its
        // order of operations, a·(r + s·SECOND_ORDER)·(s + r)·GRAZE with s = |cx| + |cy|),
        // and a hit with `disc ≤ err` is settled by the caller.
        let abs = |x: __m128d| _mm_andnot_pd(_mm_set1_pd(-0.0), x);
        let s = _mm_add_pd(abs(cx), abs(cy));
        let near = _mm_add_pd(r, _mm_mul_pd(s, _mm_set1_pd(SECOND_ORDER)));
        let err = _mm_mul_pd(
            _mm_mul_pd(_mm_mul_pd(a, near), _mm_add_pd(s, r)),
            _mm_set1_pd(GRAZE),
        );
        let corner_hit = _mm_and_pd(
            _mm_cmplt_pd(zero, along_c),
            _mm_or_pd(
                _mm_and_pd(
                    _mm_cmplt_pd(_mm_xor_pd(err, _mm_set1_pd(-0.0)), disc),
                    _mm_cmple_pd(late, zero),
                ),
                end_within,
            ),
        );
        // Not a side hit: a hit only on the entry plane's corner circle. Returning here
        // keeps the rest, which only a hit needs, out of a miss's way.
        if !bits(_mm_and_pd(crosses, pick(corner_hit))) {
            return None;
        }
        let (cx, cy, along_c, disc) = (pick(cx), pick(cy), pick(along_c), pick(disc));
        let cross = pick(cross);
        let beyond = pick(beyond);
        let cc = _mm_add_sd(_mm_mul_sd(cx, cx), _mm_mul_sd(cy, cy));
        let gap = _mm_max_sd(_mm_sub_sd(cc, rr), zero);
        let root = _mm_sqrt_sd(zero, _mm_max_sd(disc, zero));

        Some(Entry {
            hit: true,
            on_side: false,
            x_entry: bits(x_entry),
            beyond: bits(beyond),
            corner: DVec2::new(lo0(cx), lo0(cy)),
            offset: lo0(pick(e)),
            across: lo0(pick(v)),
            gap: lo0(gap),
            along: lo0(along_c),
            root: lo0(root),
            cross: lo0(cross),
            side_normal: DVec2::ZERO,
            side: 0,
            graze: lo0(disc) <= lo0(pick(err)),
        })
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// Small integers and halves make exact ties (entry at a corner, along a plane, zero
    /// speeds) common; wide random values cover the rest.
    fn grid(i: u64) -> f64 {
        let h = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
        if h.is_multiple_of(3) {
            ((h >> 3) % 17) as f64 * 0.5 - 4.0
        } else {
            ((h >> 2) as f64 / (1u64 << 22) as f64 - 0.5) * 40.0
        }
    }

    #[test]
    fn sse2_lanes_agree_with_the_definition_bit_for_bit() {
        let (mut hits, mut grazes) = (0, 0);
        // Exact tangents to a corner circle first (a 3-4-5 path passing the top-left
        // corner of [10, 14] × [1, 5] at exactly r = 5, at t = 0.2), under the eight
        // symmetries of the square, so that the graze flag is compared where it is set.
        let tangents = (0..8).map(|s: u32| {
            let m = |p: DVec2| {
                let p = if s & 4 != 0 { DVec2::new(p.y, p.x) } else { p };
                DVec2::new(
                    if s & 1 != 0 { -p.x } else { p.x },
                    if s & 2 != 0 { -p.y } else { p.y },
                )
            };
            let (a, b) = (m(DVec2::new(10.0, 1.0)), m(DVec2::new(14.0, 5.0)));
            (m(DVec2::new(30.0, 40.0)), a.min(b), a.max(b), 5.0)
        });
        let grid_cases = (0..200_000u64).map(|k| {
            let f = |j: u64| grid(k * 8 + j);
            let c = DVec2::new(f(2), f(3));
            let half = DVec2::new(f(4).abs() * 0.25, f(5).abs() * 0.25);
            (DVec2::new(f(0), f(1)), c - half, c + half, f(6).abs() * 0.1)
        });
        for (v, lo, hi, radius) in tangents.chain(grid_cases) {
            if in_expanded(radius, lo, hi) {
                continue;
            }
            let m = Mirrored::new(v, lo, hi);
            let (a, b) = (entry(&m, radius), entry_sse2(&m, radius));
            assert_eq!(a.hit, b.is_some(), "{v} {lo} {hi} {radius}");
            if let Some(b) = b {
                hits += 1;
                assert_eq!((a.on_side, a.x_entry), (b.on_side, b.x_entry));
                assert_eq!(
                    a.time().to_bits(),
                    b.time().to_bits(),
                    "{v} {lo} {hi} {radius}"
                );
                if a.on_side {
                    assert_eq!((a.side_normal, a.side), (b.side_normal, b.side));
                    assert_eq!(
                        a.side_normal.to_array().map(f64::to_bits),
                        b.side_normal.to_array().map(f64::to_bits)
                    );
                } else {
                    assert_eq!((a.beyond, a.corner, a.graze), (b.beyond, b.corner, b.graze));
                    grazes += usize::from(a.graze);
                }
            }
        }
        assert!(hits > 10_000, "{hits} hits");
        assert!(grazes > 0, "{grazes} grazes");
    }
}
