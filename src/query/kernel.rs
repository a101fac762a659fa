//! The shared f64 kernels behind every query.
//!
//! Inputs arrive as f32 (`glam::Vec2`) but are solved in f64, relative to the moving centre's
//! start: subtracting two f32 values in f64 is exact while they are within about 2^29 of
//! each other in size (so coordinates near 1e6 lose nothing before the solve, and
//! near-tangent roots keep their digits), and otherwise rounds once, at f64 precision.
//!
//! Both kernels rely on one fact: the distance from a point moving on a line to a convex set
//! is a convex function of t. So the first time it reaches `r` while decreasing is the only
//! contact, and a circle that is not approaching at t = 0 never will.

use glam::DVec2;

use super::box_entry::{self, Mirrored, in_expanded};
use super::expansion::{self as exact, Double};
use crate::hit::{Corner, Side};

/// `pub fn $name(args) -> Option<Hit>` running `$imp` (which must be `#[inline(always)]`)
/// compiled with AVX when the CPU has it, and the portable build otherwise. VEX encoding's
/// three-operand forms drop the register copies that two-operand SSE2 needs, about a third
/// of a kernel's instructions. The portable build is kept out of line, so the dispatch is
/// two jumps rather than a frame for the whole query.
macro_rules! avx_dispatch {
    ($(#[$attr:meta])* pub fn $name:ident($($arg:ident: $ty:ty),*) = $imp:ident;) => {
        $(#[$attr])*
        pub fn $name($($arg: $ty),*) -> Option<Hit> {
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "avx")]
                fn avx($($arg: $ty),*) -> Option<Hit> {
                    $imp($($arg),*)
                }
                if std::arch::is_x86_feature_detected!("avx") {
                    // SAFETY: the CPU has AVX, checked just above.
                    return unsafe { avx($($arg),*) };
                }
            }
            #[inline(never)]
            fn portable($($arg: $ty),*) -> Option<Hit> {
                $imp($($arg),*)
            }
            portable($($arg),*)
        }
    };
}
pub(crate) use avx_dispatch;

/// What the box kernel found, in the box's frame, relative to the centre's start.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoxContact {
    pub t: f64,
    /// Centre at `t`, relative to the start.
    pub center: DVec2,
    /// Contact point on the box, relative to the start.
    pub point: DVec2,
    pub normal: DVec2,
    pub face_normal: DVec2,
    pub feature: BoxFeature,
    pub started_inside: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BoxFeature {
    Side(Side),
    Corner(Corner),
}

/// A circle of `radius` moving from the origin by `v` against the box `[lo, hi]` (given
/// relative to the start, in the box's frame).
///
/// A box clear of the motion's bounding box is a miss at once ([`apart`]). The
/// common path — start outside the expanded box — is [`box_entry`]: verdicts from
/// products and comparisons (a side hit first, then a corner hit), then the time and the
/// details for a hit. A start overlapping the box is answered by [`started_inside`]; the
/// rarer starts in the expanded box that do not overlap take [`start_in_expanded`].
///
/// The box's frame here is not the inputs' (a rotated box), so a corner graze is settled
/// from the offsets as computed ([`Fine::rounded`]).
#[inline(always)]
pub(crate) fn box_contact(v: DVec2, radius: f64, lo: DVec2, hi: DVec2) -> Option<BoxContact> {
    let graze = |corner, signs| corner_graze(v, corner, radius, signs, |_, _| None);
    // The frame's offsets are all there is: taken as exact.
    let inputs = move || [DVec2::ZERO, v, lo, hi];
    if apart(v, radius, lo, hi) {
        return None;
    }
    box_contact_with(v, radius, lo, hi, inputs, graze, |c| c)
}

/// [`box_contact`] with the answer passed through `out` on each path, so that each path
/// builds the caller's answer itself. Joined first, the paths' contacts met in stack
/// slots, stored piecewise and reloaded whole, which cost hits from outside a fifth.
/// A path grazing a corner within rounding goes to `graze(corner, (right, top))` (the
/// corner relative to the start), which answers it whole ([`corner_graze`]): the caller's
/// cold path starts again from its inputs, so that nothing of this frame lives across it.
/// A hit from outside by a radius below the offsets' rounding ([`tiny_radius`]) has its
/// side or corner decided exactly ([`tiny_radius_entry`]), from `inputs()`: start, end,
/// box min and max, whose differences are `v`, `lo` and `hi`. The caller has ruled out a
/// far miss ([`apart`]) already.
#[inline(always)]
pub(crate) fn box_contact_with<T>(
    v: DVec2,
    radius: f64,
    lo: DVec2,
    hi: DVec2,
    inputs: impl FnOnce() -> [DVec2; 4],
    graze: impl FnOnce(DVec2, (bool, bool)) -> Option<T>,
    out: impl Fn(BoxContact) -> T,
) -> Option<T> {
    if in_expanded(radius, lo, hi) {
        // Overlapping at t = 0, answered here: returned from a call, the contact came back
        // through memory in pieces and was read whole, which the CPU cannot forward.
        let (q, d2, overlap) = overlap_at_start(radius, lo, hi);
        if overlap {
            return Some(out(started_inside(q, d2, v, lo, hi)));
        }
        return start_in_expanded(v, radius, lo, hi).map(out);
    }
    let m = Mirrored::new(v, lo, hi);
    #[cfg(target_arch = "x86_64")]
    let e = box_entry::entry_sse2(&m, radius)?;
    #[cfg(not(target_arch = "x86_64"))]
    let e = Some(box_entry::entry(&m, radius)).filter(|e| e.hit)?;
    // One comparison, false at the scales of a game, so predicted; only hits from
    // outside pay for it.
    if tiny_radius(radius, box_scale(v)) {
        return tiny_radius_entry(radius, inputs, graze, out);
    }
    if e.on_side {
        let side = box_entry::SIDES[e.side & 3];
        return Some(out(entry_side_contact(
            e.side_time(),
            v,
            radius,
            e.side_normal,
            side,
            lo,
            hi,
        )));
    }
    // The corner is at the mirrored box's high x end after a y entry beyond the side, and
    // at its high y end after an x entry beyond it.
    let right = (!e.x_entry & e.beyond) != (m.sign.x < 0.0);
    let top = (e.x_entry & e.beyond) != (m.sign.y < 0.0);
    if e.graze {
        return graze(e.corner * m.sign, (right, top));
    }
    let t = e.corner_time();
    let center = v * t;
    let corner = e.corner * m.sign;
    // In the mirrored frame, from the entry's root and cross product, then mirrored back.
    // (A zero radius never reaches a corner root: its discriminant is never positive, and
    // its end is within the circle only on the corner itself, where `late` is exactly 0.)
    let normal = contact_normal(m.v_abs, e.root, e.cross, radius) * m.sign;
    Some(out(corner_result(
        t,
        center,
        corner,
        normal,
        (right, top),
        false,
    )))
}

/// Radii below this fraction of the offsets' size ([`tiny_radius`]) have the entry
/// point's side or corner decided exactly ([`tiny_radius_entry`]).
const TINY_RADIUS: f64 = 1.0 / (1u64 << 36) as f64;

/// A positive radius below `scale·2⁻³⁶`, where `scale` bounds the offsets that decide
/// the entry: the rounding of `lo − r`, about 2⁻⁵² of them, is then more than 2⁻¹⁶ of
/// it. (A zero radius loses nothing.) One comparison: LLVM makes `&&` a chain of jumps.
#[inline(always)]
pub(crate) fn tiny_radius(radius: f64, scale: f64) -> bool {
    min(radius, scale * TINY_RADIUS - radius) > 0.0
}

/// The scale of a box entry's offsets for [`tiny_radius`]: `|v|₁`. Where the entry
/// point is near an end of the side it crosses, which is where rounding can move it past
/// that end, every offset the test rounds is within the motion's reach: the plane by
/// t = 1, the end near the entry point.
#[inline(always)]
pub(crate) fn box_scale(v: DVec2) -> f64 {
    v.abs().element_sum()
}

/// The scale of a segment query's offsets for [`tiny_radius`]: `|v|₁ + |a|₁ + |b|₁`. A
/// segment needs both ends, even far ones: the start's distance from the line is a
/// product with each.
#[inline(always)]
pub(crate) fn offsets_scale(v: DVec2, a: DVec2, b: DVec2) -> f64 {
    (v.abs() + a.abs() + b.abs()).element_sum()
}

/// A hit from outside by a circle whose radius is below the offsets' rounding
/// ([`tiny_radius`]): which side it enters, or which corner square, decided exactly.
///
/// The verdict in [`box_entry`] works on `lo − r`, which rounds to `lo` once r is below
/// an ulp of it: the corner squares vanish, and a path aimed exactly at a corner,
/// r = 1e-16 against offsets of 8, read as a side hit with the side's normal, where the
/// contact is on the corner's circle, head on (normal −v̂). Its choice of entry plane
/// rounds as well (two slab times equal within rounding go to x), so neither is taken
/// from it. Here, for each plane the motion faces, the sign of its entry point's offset
/// from each end of its side is summed from exact products of `inputs` (start, end, box
/// min and max, in a frame where their differences are the offsets: the f32 inputs for
/// an axis-aligned box, so that offsets which round do not matter). A line crosses at
/// most one facing side, and that crossing is its entry; if it crosses neither, it
/// enters a corner square, which these signs name, and `graze` answers from that
/// corner's exact offsets (a miss where the path clears the circle).
#[cold]
#[inline(never)]
fn tiny_radius_entry<T>(
    radius: f64,
    inputs: impl FnOnce() -> [DVec2; 4],
    graze: impl FnOnce(DVec2, (bool, bool)) -> Option<T>,
    out: impl Fn(BoxContact) -> T,
) -> Option<T> {
    let [s, end, min_in, max_in] = inputs();
    // The offsets as the caller computed them.
    let (v, lo, hi) = (end - s, min_in - s, max_in - s);
    // The sign of (entry point on axis `i`'s facing plane − `y`), along the other axis:
    // `(y_e − y)·v_i` expanded into eight products of inputs, times the sign of `v_i`.
    let offset_sign = |i: usize, y: f64| {
        let j = 1 - i;
        let high = v[i] < 0.0;
        // The facing side, and its expanded plane `p + sigma·r`.
        let (p, sigma) = if high {
            (max_in[i], 1.0)
        } else {
            (min_in[i], -1.0)
        };
        let sr = sigma * radius;
        let pairs = [
            (s[j], end[i]),
            (-y, end[i]),
            (y, s[i]),
            (end[j], p),
            (-end[j], s[i]),
            (-s[j], p),
            (sr, end[j]),
            (-sr, s[j]),
        ];
        let mut terms = [0.0; 16];
        for (k, (a, b)) in pairs.into_iter().enumerate() {
            let [x, x_lo] = exact::product(a, b);
            terms[2 * k] = x;
            terms[2 * k + 1] = x_lo;
        }
        exact::sum(&terms) * v[i].signum()
    };
    // Per axis with motion: -1 short of its side's low end, 1 past its high end, 0 on it.
    let place = |i: usize| {
        let j = 1 - i;
        if v[i] == 0.0 {
            None
        } else if offset_sign(i, min_in[j]) < 0.0 {
            Some(-1)
        } else if offset_sign(i, max_in[j]) > 0.0 {
            Some(1)
        } else {
            Some(0)
        }
    };
    let places = [place(0), place(1)];
    for (i, &at) in places.iter().enumerate() {
        if at == Some(0) {
            let high = v[i] < 0.0;
            let offset = if high { hi[i] + radius } else { lo[i] - radius };
            let side = box_entry::SIDES[2 * i + usize::from(high)];
            let normal = side_normal(side);
            let t = (offset / v[i]).clamp(0.0, 1.0);
            return Some(out(entry_side_contact(t, v, radius, normal, side, lo, hi)));
        }
    }
    // A corner square: on each axis, the end that the other plane's entry point lies
    // past, or (no motion across that plane) the end the motion faces.
    let end_on = |j: usize| match places[1 - j] {
        Some(at) => at > 0,
        None => v[j] < 0.0,
    };
    let (right, top) = (end_on(0), end_on(1));
    let corner = DVec2::new(
        if right { hi.x } else { lo.x },
        if top { hi.y } else { lo.y },
    );
    graze(corner, (right, top))
}

/// A hit from outside on `side` (outward `normal`) at `t`.
#[inline(always)]
fn entry_side_contact(
    t: f64,
    v: DVec2,
    radius: f64,
    normal: DVec2,
    side: Side,
    lo: DVec2,
    hi: DVec2,
) -> BoxContact {
    let center = v * t;
    BoxContact {
        t,
        center,
        // The centre pulled back onto the side, kept within it.
        point: (center - normal * radius).clamp(lo, hi),
        normal,
        face_normal: normal,
        feature: BoxFeature::Side(side),
        started_inside: false,
    }
}

/// Whether a query's inputs are usable, in one comparison: `sum` must be finite (a sum of
/// f64 differences of the f32 inputs, which every input reaches and finite inputs cannot
/// overflow) and `least` (the smallest of the values that must not be negative: radii,
/// box widths) at least 0. `sum · 0` is ±0 for a finite sum and NaN otherwise, and NaN
/// compares false; LLVM turns `&` of the separate tests into a chain of jumps.
#[inline(always)]
pub(crate) fn valid(sum: f64, least: f64) -> bool {
    sum * 0.0 <= least
}

/// The box `[lo, hi]` lies strictly outside the bounding box of a circle of `radius` swept
/// from the origin by `v`, so nothing can touch. A few operations and one comparison that
/// settle most misses of an unfiltered mix before any exact verdict; a touch at t = 1 has
/// a gap of exactly 0 and is not apart. For a box it is the slab half of
/// [`box_entry::entry`]'s `crosses` negated, on the same operands up to exact negations,
/// so the two never disagree. Segments pass their bounding box, circles a point.
#[inline(always)]
pub(crate) fn apart(v: DVec2, radius: f64, lo: DVec2, hi: DVec2) -> bool {
    let e = lo - DVec2::splat(radius);
    let x = hi + DVec2::splat(radius);
    // `a − b > 0` exactly when `a > b`: one comparison instead of a chain of jumps.
    let gap_x = max(e.x - max(v.x, 0.0), min(v.x, 0.0) - x.x);
    let gap_y = max(e.y - max(v.y, 0.0), min(v.y, 0.0) - x.y);
    max(gap_x, gap_y) > 0.0
}

/// A contact on the circle around `corner` (at the signs `right`, `top` of the box).
fn corner_result(
    t: f64,
    center: DVec2,
    corner: DVec2,
    normal: DVec2,
    (right, top): (bool, bool),
    started_inside: bool,
) -> BoxContact {
    BoxContact {
        t,
        center,
        point: corner,
        normal,
        face_normal: corner_face_normal(normal),
        feature: BoxFeature::Corner(Corner::from_signs(right, top)),
        started_inside,
    }
}

/// A corner entry within rounding of a tangency ([`box_entry::Entry::graze`]): the corner
/// circle's contact from the exact offsets when the caller has them (`fine`), else from
/// the offsets as computed. `corner` is in the box's frame (unmirrored: a mirror flips the
/// cross product's sign, and `fine` is in the box's frame).
#[cold]
#[inline(never)]
pub(crate) fn corner_graze(
    v: DVec2,
    corner: DVec2,
    radius: f64,
    (right, top): (bool, bool),
    fine: impl Fn(bool, bool) -> Option<Fine>,
) -> Option<BoxContact> {
    let fine = || fine(right, top).unwrap_or_else(|| Fine::rounded(corner, v, radius));
    let signs = (right, top);
    let (t, normal) = graze_contact(corner, v, radius, fine)?;
    Some(corner_result(t, v * t, corner, normal, signs, false))
}

/// A motion by `v` from the origin against the circle of `radius` around `c`, the
/// quantities both point contacts decide from: `v · c` (positive when approaching),
/// `|v|²`, `v × c`, `radius²`, and the discriminant `|v|²·r² − (v × c)²`, in the form
/// that does not cancel near a tangency.
#[inline(always)]
fn approach(c: DVec2, v: DVec2, radius: f64) -> (f64, f64, f64, f64, f64) {
    let (a, cross, rr) = (v.length_squared(), v.perp_dot(c), radius * radius);
    (v.dot(c), a, cross, rr, a * rr - cross * cross)
}

/// First time in `[0, 1]` at which a point moving from the origin by `v` comes within
/// `radius` of the point `c`, approaching, and the contact normal there; the start must not
/// be inside (`|c| >= radius`).
///
/// The discriminant is written as `a·R² − (v × c)²` rather than `b² − a·c'`: near a
/// tangency the two terms of the latter cancel, the cross product does not. The verdict is
/// folded into one number and one branch, taken before the square root and the division:
/// approach, a real crossing, and the root at most 1. On random hit/miss data each early
/// exit would be a coin toss for the branch predictor.
///
/// A `disc` within rounding of zero (a grazing path) is worked out again from `fine`, the
/// exact offsets ([`graze_contact`]): `c` is a rounded difference when the start is far
/// from the point on the scale of the radius, and its error then decides the sign.
#[inline(always)]
pub(crate) fn point_contact(
    c: DVec2,
    v: DVec2,
    radius: f64,
    fine: impl Fn() -> Fine,
) -> Option<(f64, DVec2)> {
    let (along, a, cross, rr, disc) = approach(c, v, radius);
    // One comparison, false but for a path within rounding of a tangency, so predicted.
    if disc.abs() <= graze_bound(a, radius, c) {
        return graze_contact(c, v, radius, fine);
    }
    // Approaching, then a real crossing with the closest approach by t = 1 (`late ≤ 0`),
    // or the end within the radius, which needs no discriminant
    // ([`box_entry::end_within`]: strictly inside, or on the circle and not tangent
    // there). `v − c` is exact for f32 input of comparable sizes (both are differences
    // from the same start), so a touch at exactly t = 1 is decided exactly, where
    // `late² ≤ disc`, its algebraic twin, rounds.
    let late = along - a;
    let end_gap2 = (v - c).length_squared();
    let tiny = f64::from_bits(1);
    // Each `x − tiny ≥ 0` is `x > 0`; `end_within` as one number (`inside ≥ 0` and not
    // both it and `late` zero).
    let inside = rr - end_gap2;
    let end_within = min(inside, max(inside, late.abs()) - tiny);
    let verdict = min(along - tiny, max(min(disc - tiny, -late), end_within));
    // Written so that NaN, too, is no contact.
    #[allow(clippy::neg_cmp_op_on_partial_ord)]
    if !(verdict >= 0.0) {
        // A start exactly on the circle, moving inward, enters at once: there `disc` is
        // `along²` (Lagrange's identity), which the form above can cancel to nothing for
        // a nearly tangent motion. Checked here, on the way out, so hits do not pay.
        if along > 0.0
            && c.length_squared() == rr
            && sq_minus_sq([c, DVec2::ZERO], [radius, 0.0]) == 0.0
        {
            return Some((0.0, -c / radius));
        }
        return None;
    }
    Some(first_root(c, v, radius, [along, disc, cross]))
}

/// [`point_contact`] for circles, whose offsets and radii can differ hugely in size:
/// exact touches at t = 0 and t = 1 are decided exactly even where the squares compared
/// round apart (a radius of 0.04 against offsets of 4e5), and a start exactly on the
/// circle is timed at exactly 0. `end` is the centre's offset from the point at t = 1,
/// which the caller takes from the inputs. (The box and segment queries keep the
/// leaner form: these checks cost circles about a sixth more instructions.)
#[inline(always)]
pub(crate) fn point_contact_exact(
    c: DVec2,
    v: DVec2,
    end: DVec2,
    radius: f64,
    fine: impl Fn() -> Fine,
) -> Option<(f64, DVec2)> {
    let (along, a, cross, rr, disc) = approach(c, v, radius);
    let late = along - a;
    let end_gap2 = end.length_squared();
    let c2 = c.length_squared();
    let tiny = f64::from_bits(1);
    // `point_contact`'s verdict, with rounding's slack: an end within rounding of the
    // circle, or a `disc` within rounding of zero (a grazing path), passes here and is
    // settled exactly below, on the rare hits that need it. `disc_err` bounds `disc`'s
    // rounding: `a·r²` and `cross²` round at their own size, and `cross` carries `v`'s
    // rounding times |c|. (Two circles whose paths cut a chord 1e-17 of the radius deep,
    // entering just before t = 1, were a miss.)
    let slack = rr * ROUNDING;
    let disc_err = a * (rr + c2) * GRAZE;
    let verdict = min(
        min(along - tiny, (disc + disc_err) - tiny),
        max(-late, (rr + slack) - end_gap2),
    );
    // Written so that NaN, too, is no contact.
    #[allow(clippy::neg_cmp_op_on_partial_ord)]
    if !(verdict >= 0.0) {
        // A start within rounding of the circle may be exactly on it, moving inward.
        if (c2 - rr).abs() > slack {
            return None;
        }
        return start_on_circle(c, radius, along, fine());
    }
    // Passed on the slack alone (closest approach after t = 1, end outside as rounded),
    // or a start so near the circle that `gap`, a difference of two squares each
    // rounded at their own size, is mostly rounding, or a grazing path whose `disc` is
    // mostly rounding: one comparison for all three, then exact arithmetic. (A circle of
    // radius 4e8 passed by a motion of 1e-6 was timed 0.06 early: the gap's rounding,
    // 32, over an approach of 400.)
    if max(
        max(min(late, end_gap2 - rr), rr * NEAR_CIRCLE - (c2 - rr)),
        disc_err - disc,
    ) > 0.0
    {
        return settle(v, radius, [along, disc, disc_err, late, cross], fine());
    }
    let gap = c2 - rr;
    let root = disc.sqrt();
    // Stable form of (along − √disc) / a: no cancellation when along > 0.
    let t = min(gap / (along + root), 1.0);
    Some((t, contact_normal(v, root, cross, radius)))
}

/// A start within rounding of the circle, where [`point_contact_exact`]'s verdict found
/// no contact: exactly on the circle and moving inward, it enters at once. There `disc`
/// is `along²` (Lagrange's identity), which the verdict's form can cancel to nothing for
/// a nearly tangent motion.
#[cold]
fn start_on_circle(c: DVec2, radius: f64, along: f64, fine: Fine) -> Option<(f64, DVec2)> {
    (along > 0.0 && sq_minus_sq(fine.c, fine.radius) == 0.0).then(|| (0.0, -c / radius))
}

/// The rare contacts of [`point_contact_exact`] that need exact arithmetic
/// (`[along, disc, disc_err, late, cross]` as there; the whole answer is worked out here,
/// so that nothing of the common path lives across the call):
/// - an end within rounding outside the circle is a touch at t = 1 only if exactly on
///   it (offsets and radii of very different sizes, 0.04 against 4e5, round the two
///   squares apart);
/// - a start near the circle has its gap `|c|² − radius²` worked out exactly, not as the
///   difference of two rounded squares, whose rounding a slow approach (small `along`)
///   turns into a visible time: 1e-8 for a start exactly on the circle and |v| = 1e8,
///   the centre 1.5 units off; 0.06 for a circle of radius 4e8 and a motion of 1e-6.
/// - a grazing path, `disc` within rounding of zero, has it worked out in about 106-bit
///   arithmetic from the exact offsets ([`precise_disc`]): a chord 1e-17 of the radius
///   deep is a contact, a path that clears the circle by as little is not.
#[cold]
fn settle(
    v: DVec2,
    radius: f64,
    [along, disc, disc_err, late, cross]: [f64; 5],
    fine: Fine,
) -> Option<(f64, DVec2)> {
    if late > 0.0 && sq_minus_sq(fine.end, fine.radius) > 0.0 {
        return None;
    }
    // The precise cross product goes with the precise discriminant, so that the normal
    // built from the two stays a unit vector.
    let (disc, cross) = if disc.abs() <= disc_err {
        precise_disc(&fine)
    } else {
        (disc, cross)
    };
    // No real crossing (a tangency is a graze), or not approaching.
    #[allow(clippy::neg_cmp_op_on_partial_ord)]
    if !(disc > 0.0 && along > 0.0) {
        return None;
    }
    let gap = max(sq_minus_sq(fine.c, fine.radius), 0.0);
    let root = disc.sqrt();
    let t = min(gap / (along + root), 1.0);
    Some((t, contact_normal(v, root, cross, radius)))
}

/// How far `disc = |v|²·r² − (v × c)²` can be from its value on the exact offsets, where
/// that matters (near a tangency, `|v × c| ≈ |v|·r`). The cross product errs by
/// `δ ≈ |v|·|c|·3·2⁻⁵³` (its products' rounding and the offsets'), so `cross²` by
/// `2·|v|·r·δ + δ²`, about `a·|c|·(r + |c|·2⁻⁵²)·2⁻⁵⁰`, and `a·r²` by its own rounding.
/// With `s = |c.x| + |c.y| ≥ |c|`, `a·(r + s·2⁻⁵⁰)·(s + r)·2⁻⁴⁸` covers all three with a
/// factor 2 or more to spare. (The `δ²` term matters only for radii below about 2⁻⁵⁸ of
/// the offset: 2e-18 against 3e5. The circles' bound, `a·(r² + |c|²)`, is looser by
/// `|c| / r` and would send every long motion towards a small corner here.)
#[inline(always)]
pub(crate) fn graze_bound(a: f64, radius: f64, c: DVec2) -> f64 {
    let s = c.x.abs() + c.y.abs();
    a * (radius + s * SECOND_ORDER) * (s + radius) * GRAZE
}

/// The weight of the cross product's squared rounding in [`graze_bound`].
pub(crate) const SECOND_ORDER: f64 = 1.0 / (1u64 << 50) as f64;

/// [`point_contact`] for a path within rounding of a tangency: the same verdict, on the
/// discriminant worked out from the exact offsets in `fine` ([`precise_disc`]). (A point
/// 1e-5 from the origin against a motion from 4e5 away, r = 7e-5: `c` rounds by 1e-11,
/// and a path that cuts the circle 3e-7 of r deep was a miss, while normals near a graze
/// were off by 1e-3.)
#[cold]
#[inline(never)]
fn graze_contact(
    c: DVec2,
    v: DVec2,
    radius: f64,
    fine: impl FnOnce() -> Fine,
) -> Option<(f64, DVec2)> {
    // Built here, off the common path, so that the caller keeps nothing for it.
    let fine = fine();
    let (along, a, _, rr, _) = approach(c, v, radius);
    // With its cross product, so that the normal built from the two stays a unit vector.
    let (disc, cross) = precise_disc(&fine);
    let late = along - a;
    let end_within = box_entry::end_within((v - c).length_squared(), rr, late);
    if !(along > 0.0 && ((disc > 0.0 && late <= 0.0) || end_within)) {
        // A start exactly on the circle, moving inward, enters at once (as in
        // `point_contact`).
        if along > 0.0 && sq_minus_sq(fine.c, fine.radius) == 0.0 {
            return Some((0.0, -c / radius));
        }
        return None;
    }
    Some(first_root(c, v, radius, [along, disc, cross]))
}

/// The time and contact normal of a verdict's hit: the first root of `|c − v·t| = r`,
/// from `[along, disc, cross]` as [`approach`] gives them. A hit whose `disc` rounded to
/// zero or below (the end within r) is within rounding of a double root.
#[inline(always)]
fn first_root(c: DVec2, v: DVec2, radius: f64, [along, disc, cross]: [f64; 3]) -> (f64, DVec2) {
    let gap = max(c.length_squared() - radius * radius, 0.0);
    let root = max(disc, 0.0).sqrt();
    // Stable form of (along − √disc) / a: no cancellation when along > 0.
    let t = min(gap / (along + root), 1.0);
    (t, contact_normal(v, root, cross, radius))
}

/// `|v|²·r² − (v × c)²` and `v × c` from the exact offsets of [`Fine`] (the motion is
/// `c + end`), in double-double arithmetic: about 106 bits, enough to give the sign of a
/// discriminant that f64 rounds to nothing.
#[cold]
fn precise_disc(fine: &Fine) -> (f64, f64) {
    let pair = |p: [DVec2; 2]| {
        (
            Double::from_parts(p[0].x, p[1].x),
            Double::from_parts(p[0].y, p[1].y),
        )
    };
    let ((cx, cy), (ex, ey)) = (pair(fine.c), pair(fine.end));
    let (vx, vy) = (cx.add(ex), cy.add(ey));
    let r = Double::from_parts(fine.radius[0], fine.radius[1]);
    let a = vx.mul(vx).add(vy.mul(vy));
    let cross = vx.mul(cy).sub(vy.mul(cx));
    (a.mul(r.mul(r)).sub(cross.mul(cross)).value(), cross.value())
}

/// How far, relative to `|v|²·(r² + |c|²)` (circles) or to [`graze_bound`]'s product
/// (corners and end caps), the point contacts' discriminant can be from its true value;
/// within that of zero it is worked out precisely.
pub(crate) const GRAZE: f64 = 1.0 / (1u64 << 48) as f64;

/// Within this fraction of `radius²` of it, a start's `|c|² − radius²` is worked out
/// exactly rather than as the difference of two rounded squares.
const NEAR_CIRCLE: f64 = 1.0 / (1u64 << 20) as f64;

/// How far apart, relative to their size, two squared lengths that are equal can round.
pub(crate) const ROUNDING: f64 = 1.0 / (1u64 << 48) as f64;

/// `|p|² − r²` for a vector and a length each given exactly as a rounded value and its
/// error (`[hi, lo]`): exactly zero when they are equal, of the right sign otherwise, and
/// otherwise accurate to about one rounding ([`exact::sum`] of every square and product
/// split by fused multiply-adds).
#[cold]
pub(crate) fn sq_minus_sq([p, p_lo]: [DVec2; 2], [r, r_lo]: [f64; 2]) -> f64 {
    let mut terms = [0.0; 18];
    let squares = [(p.x, p_lo.x, 1.0), (p.y, p_lo.y, 1.0), (r, r_lo, -1.0)];
    for (k, (hi, lo, sign)) in squares.into_iter().enumerate() {
        for (slot, t) in terms[6 * k..6 * k + 6]
            .iter_mut()
            .zip(exact::square(hi, lo))
        {
            *slot = sign * t;
        }
    }
    exact::sum(&terms)
}

/// A start's offset from the point, the offset at t = 1 and the radius, each exactly as a
/// rounded value and its error, for [`point_contact_exact`]'s cold paths: offsets taken
/// in f64 from f32 inputs more than 2^29 apart in size lose bits (a start 1e-5 from the
/// origin against a circle 4e8 away).
#[derive(Clone, Copy)]
pub(crate) struct Fine {
    pub c: [DVec2; 2],
    pub end: [DVec2; 2],
    pub radius: [f64; 2],
}

impl Fine {
    /// The point `p` against a motion from `start` to `end`, all f32 inputs, exactly.
    pub fn from_inputs(p: glam::Vec2, start: glam::Vec2, end: glam::Vec2, radius: f32) -> Self {
        Fine {
            c: exact_diff(p.as_dvec2(), start.as_dvec2()),
            end: exact_diff(end.as_dvec2(), p.as_dvec2()),
            radius: [radius.into(), 0.0],
        }
    }

    /// Offsets known only as computed (a rotated box's frame): `c` and `v` taken as exact,
    /// so at least the discriminant's cancellation is worked out precisely.
    pub fn rounded(c: DVec2, v: DVec2, radius: f64) -> Self {
        Fine {
            c: [c, DVec2::ZERO],
            end: exact_diff(v, c),
            radius: [radius, 0.0],
        }
    }
}

/// `a − b` as a rounded value and its error, exactly, per component.
pub(crate) fn exact_diff(a: DVec2, b: DVec2) -> [DVec2; 2] {
    let ([x, x_lo], [y, y_lo]) = (exact::diff(a.x, b.x), exact::diff(a.y, b.y));
    [DVec2::new(x, y), DVec2::new(x_lo, y_lo)]
}

/// The unit normal toward the centre of a circle of `radius` moving from the origin by `v`,
/// at the first root against a point `c`, given `root = √disc` and `cross = v × c`.
///
/// `(v·t − c) / radius` is the definition, but for a motion much longer than the radius
/// the subtraction cancels (at |v| / r ≈ 1e13 it is noise). In the frame of the motion the
/// offset is `−√disc / |v|` along it and `−(v × c) / |v|` across, both products of the
/// inputs, so this is accurate at any length: its length is `(disc + cross²) / (a·r²)`,
/// which is 1 up to rounding.
#[inline(always)]
pub(crate) fn contact_normal(v: DVec2, root: f64, cross: f64, radius: f64) -> DVec2 {
    (v * root + v.perp() * cross) * (-1.0 / (v.length_squared() * radius))
}

/// Contact with the corner circle selected by `right`/`top`, for a start outside it.
fn corner_contact(
    v: DVec2,
    radius: f64,
    lo: DVec2,
    hi: DVec2,
    right: bool,
    top: bool,
    started_inside: bool,
) -> Option<BoxContact> {
    let corner = DVec2::new(
        if right { hi.x } else { lo.x },
        if top { hi.y } else { lo.y },
    );
    // A zero radius never reaches a root: its discriminant is never positive, and its end
    // is within the circle only on the corner itself, where `late` is exactly 0.
    // The start is in the corner square, within r·√2 of the corner, so the offset's
    // rounding is far below r: the rounded values serve as exact.
    let (t, normal) = point_contact(corner, v, radius, move || Fine::rounded(corner, v, radius))?;
    Some(corner_result(
        t,
        v * t,
        corner,
        normal,
        (right, top),
        started_inside,
    ))
}

/// For a start in the square-cornered expanded box: the box point nearest the start, its
/// squared distance, and whether the circle overlaps the box there.
#[inline(always)]
fn overlap_at_start(radius: f64, lo: DVec2, hi: DVec2) -> (DVec2, f64, bool) {
    // The box point nearest the start (`glam`'s `clamp` sorts out NaN with jumps).
    let q = DVec2::new(min(max(0.0, lo.x), hi.x), min(max(0.0, lo.y), hi.y));
    let d2 = q.length_squared();
    // Strictly inside the box overlaps it even at zero radius (a point in a solid box).
    let inside = min(min(-lo.x, hi.x), min(-lo.y, hi.y)) > 0.0;
    (q, d2, d2 < radius * radius || inside)
}

/// The start is inside the square-cornered expanded box but does not overlap the box
/// ([`overlap_at_start`]): touching it, or in a corner square outside the corner circle
/// (the published edge case of approach 001).
fn start_in_expanded(v: DVec2, radius: f64, lo: DVec2, hi: DVec2) -> Option<BoxContact> {
    let beyond_x = lo.x > 0.0 || hi.x < 0.0;
    let beyond_y = lo.y > 0.0 || hi.y < 0.0;
    if beyond_x && beyond_y {
        // In a corner square (or touching its circle): that circle alone decides.
        return corner_contact(v, radius, lo, hi, hi.x < 0.0, hi.y < 0.0, false);
    }
    // In a side band but not overlapping: touching that side exactly.
    let side = if beyond_x {
        if lo.x > 0.0 { Side::Left } else { Side::Right }
    } else if beyond_y {
        if lo.y > 0.0 { Side::Bottom } else { Side::Top }
    } else {
        return point_on_boundary(v, lo, hi);
    };
    if v.dot(side_normal(side)) >= 0.0 {
        return None; // touching and moving away or along: not a hit
    }
    Some(side_contact(0.0, DVec2::ZERO, side, lo, hi))
}

/// A zero-radius circle on the box's boundary. It enters only if it moves strictly inward
/// across every side it lies on (at a corner, two; along a side is a graze); the side
/// reported is the one the motion crosses fastest.
#[cold]
fn point_on_boundary(v: DVec2, lo: DVec2, hi: DVec2) -> Option<BoxContact> {
    let sides = [
        (lo.x == 0.0, Side::Left, v.x),
        (hi.x == 0.0, Side::Right, -v.x),
        (lo.y == 0.0, Side::Bottom, v.y),
        (hi.y == 0.0, Side::Top, -v.y),
    ];
    let mut best: Option<(Side, f64)> = None;
    for (on, side, inward) in sides {
        if !on {
            continue;
        }
        if inward <= 0.0 {
            return None;
        }
        if best.is_none_or(|(_, fastest)| inward > fastest) {
            best = Some((side, inward));
        }
    }
    best.map(|(side, _)| side_contact(0.0, DVec2::ZERO, side, lo, hi))
}

/// `min`/`max` as x86 does them in one instruction (`f64::min` also sorts out NaN, which
/// costs four more). NaN input may pass through them on the way to a verdict; the queries
/// check their inputs before any answer that is not `None`.
#[inline(always)]
pub(crate) fn min(a: f64, b: f64) -> f64 {
    if a < b { a } else { b }
}

#[inline(always)]
pub(crate) fn max(a: f64, b: f64) -> f64 {
    if a > b { a } else { b }
}

/// Componentwise [`min`].
#[inline(always)]
pub(crate) fn min_v(a: DVec2, b: DVec2) -> DVec2 {
    DVec2::new(min(a.x, b.x), min(a.y, b.y))
}

/// Componentwise [`max`].
#[inline(always)]
pub(crate) fn max_v(a: DVec2, b: DVec2) -> DVec2 {
    DVec2::new(max(a.x, b.x), max(a.y, b.y))
}

pub(crate) fn side_normal(side: Side) -> DVec2 {
    side.normal().as_dvec2()
}

/// The face a corner contact is "mostly over": the axis of the larger normal component;
/// an exact diagonal picks the horizontal face (floors win, as slide code expects).
#[inline(always)]
fn corner_face_normal(n: DVec2) -> DVec2 {
    // By weight rather than by `if`: LLVM turns two selects on one condition into a jump,
    // and which face a corner contact is over is as random as the contact. (+ 0.0 makes
    // the unused axis +0.0, not −0.0.)
    let w = if n.x.abs() > n.y.abs() { 1.0 } else { 0.0 };
    DVec2::new(w * n.x.signum() + 0.0, (1.0 - w) * n.y.signum() + 0.0)
}

fn side_contact(t: f64, center: DVec2, side: Side, lo: DVec2, hi: DVec2) -> BoxContact {
    let n = side_normal(side);
    // Contact point: the centre projected onto the side plane, clamped to the side.
    let mut point = center.clamp(lo, hi);
    match side {
        Side::Left => point.x = lo.x,
        Side::Right => point.x = hi.x,
        Side::Bottom => point.y = lo.y,
        Side::Top => point.y = hi.y,
    }
    BoxContact {
        t,
        center,
        point,
        normal: n,
        face_normal: n,
        feature: BoxFeature::Side(side),
        started_inside: false,
    }
}

/// The feature named by a start's Cohen–Sutherland region outside the box (codes that
/// cannot occur map to `Left`).
const REGION_FEATURES: [BoxFeature; 16] = {
    use BoxFeature::{Corner as C, Side as S};
    [
        S(Side::Left),
        S(Side::Left),
        S(Side::Right),
        S(Side::Left),
        S(Side::Bottom),
        C(Corner::BottomLeft),
        C(Corner::BottomRight),
        S(Side::Left),
        S(Side::Top),
        C(Corner::TopLeft),
        C(Corner::TopRight),
        S(Side::Left),
        S(Side::Left),
        S(Side::Left),
        S(Side::Left),
        S(Side::Left),
    ]
};

/// The circle overlaps the box at t = 0: report time 0 with the shortest push-out.
#[inline(always)]
fn started_inside(q: DVec2, d2: f64, v: DVec2, lo: DVec2, hi: DVec2) -> BoxContact {
    let center = DVec2::ZERO;
    if d2 > 0.0 {
        // Centre outside the box, within the radius: push away from the nearest point. The
        // feature is the region the centre is in, looked up rather than found by a chain of
        // jumps (which region is as random as the start); on a side region the normal is
        // that side's, so the corner rule gives the face normal everywhere.
        let normal = -q / d2.sqrt();
        let code = usize::from(lo.x > 0.0)
            | usize::from(hi.x < 0.0) << 1
            | usize::from(lo.y > 0.0) << 2
            | usize::from(hi.y < 0.0) << 3;
        let feature = REGION_FEATURES[code & 15];
        let face_normal = corner_face_normal(normal);
        return BoxContact {
            t: 0.0,
            center,
            point: q,
            normal,
            face_normal,
            feature,
            started_inside: true,
        };
    }
    // Centre inside the box: leave through the nearest side; ties prefer the side the motion
    // is heading to (so a ball moving right out of a box exits right), then l, r, b, t.
    // Index arithmetic and table lookups rather than jumps: which side is nearest is as
    // random as the start.
    let best = nearest_side(lo, hi, v);
    let side = box_entry::SIDES[best];
    let n = side_normal(side);
    // The centre moved onto that side: `lo` or `hi` on the side's axis, by the normal's
    // sign. Selected in registers: an array indexed by `best` was stored as 8-byte halves
    // and loaded as one 16-byte value, which the CPU cannot forward (starts in the box
    // 21 ns against 16 for the rest of the starts inside).
    let point = DVec2::select(
        n.cmpgt(DVec2::ZERO),
        hi,
        DVec2::select(n.cmplt(DVec2::ZERO), lo, DVec2::ZERO),
    );
    BoxContact {
        t: 0.0,
        center,
        point,
        normal: n,
        face_normal: n,
        feature: BoxFeature::Side(side),
        started_inside: true,
    }
}

/// For a centre inside the box: the index in (left, right, bottom, top) of the nearest
/// side, ties going to the side the motion `v` heads to most, then to the first.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn nearest_side_scalar(lo: DVec2, hi: DVec2, v: DVec2) -> usize {
    let dist = [-lo.x, hi.x, -lo.y, hi.y];
    let heading = [-v.x, v.x, -v.y, v.y];
    let mut best = 0;
    for i in 1..4 {
        let better =
            (dist[i] < dist[best]) | ((dist[i] == dist[best]) & (heading[i] > heading[best]));
        best = if better { i } else { best };
    }
    best
}

/// [`nearest_side_scalar`] as a knock-out on SSE2 lanes: left against right and bottom
/// against top side by side, then the two winners, each later candidate replacing the
/// earlier only when strictly better, so the first of equals wins as in the scan. LLVM
/// makes the scan's selects jumps, and which side is nearest is as random as the start.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn nearest_side(lo: DVec2, hi: DVec2, v: DVec2) -> usize {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 register arithmetic only, no memory access; SSE2 is part of the x86_64
    // baseline.
    unsafe {
        let blend = |mask: __m128d, a: __m128d, b: __m128d| {
            _mm_or_pd(_mm_and_pd(mask, a), _mm_andnot_pd(mask, b))
        };
        // Lane 0: the left and bottom candidates; lane 1: right and top.
        let first_d = _mm_xor_pd(_mm_set_pd(lo.y, lo.x), _mm_set1_pd(-0.0));
        let second_d = _mm_set_pd(hi.y, hi.x);
        let vv = _mm_set_pd(v.y, v.x);
        let first_h = _mm_xor_pd(vv, _mm_set1_pd(-0.0));
        let second_h = vv;
        let better = |d1: __m128d, h1: __m128d, d0: __m128d, h0: __m128d| {
            _mm_or_pd(
                _mm_cmplt_pd(d1, d0),
                _mm_and_pd(_mm_cmpeq_pd(d1, d0), _mm_cmpgt_pd(h1, h0)),
            )
        };
        // Round one, per axis: (left vs right, bottom vs top).
        let b1 = better(second_d, second_h, first_d, first_h);
        let d = blend(b1, second_d, first_d);
        let h = blend(b1, second_h, first_h);
        // Round two: the y axis's winner (high lane) against the x axis's.
        let b2 = better(_mm_unpackhi_pd(d, d), _mm_unpackhi_pd(h, h), d, h);
        // Bit 0: right beat left, bit 1: top beat bottom; then whether the y axis won.
        let axis = (_mm_movemask_pd(b1) & 3) as usize;
        let y = (_mm_movemask_pd(b2) & 1) as usize;
        (y << 1) | ((axis >> y) & 1)
    }
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn nearest_side(lo: DVec2, hi: DVec2, v: DVec2) -> usize {
    nearest_side_scalar(lo, hi, v)
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    #[test]
    fn nearest_side_knock_out_agrees_with_the_scan() {
        // Small integers, halves and signed zeros make every kind of tie common.
        let vals = [-2.0, -1.0, -0.5, -0.0, 0.0, 0.5, 1.0, 2.0];
        let mut pick = crate::query::tie_values(&vals);
        let mut seen = [0usize; 4];
        for _ in 0..200_000 {
            let (lo, hi) = (
                DVec2::new(-pick().abs(), -pick().abs()),
                DVec2::new(pick().abs(), pick().abs()),
            );
            let v = DVec2::new(pick(), pick());
            let (a, b) = (nearest_side_scalar(lo, hi, v), nearest_side(lo, hi, v));
            assert_eq!(a, b, "lo {lo} hi {hi} v {v}");
            seen[a] += 1;
        }
        assert!(seen.iter().all(|&n| n > 1000), "{seen:?}");
    }
}
