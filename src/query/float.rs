//! Floating-point helpers shared by the fast queries: branch-free `min`/`max`, the input
//! check, the AVX dispatch, and the test that decides whether a value computed with a
//! known error bound can be reported.
//!
//! The fast queries compute in f64 and carry a bound on the error of each quantity that
//! decides an answer or is reported. An answer is returned only when every decision is
//! certain (the quantity is farther from its threshold than its bound) and every reported
//! number rounds to the same f32 at both ends of its interval: then it is the f32 nearest
//! the exact value, which is what the exact queries return too. Anything else goes to
//! `query::exact`.

use glam::DVec2;

/// The unit roundoff of f64: one operation errs by at most this fraction of its result
/// (no operation here underflows or overflows: the inputs are within f32's range, or
/// within a few times it for `resolve`'s legs, and products of up to four of them stay
/// within f64's normal range).
pub(crate) const U: f64 = 1.0 / (1u64 << 53) as f64;

/// `pub fn $name(args) -> $ret` running `$imp` (which must be `#[inline(always)]`)
/// compiled with AVX when the CPU has it, and the portable build otherwise. VEX encoding's
/// three-operand forms drop the register copies that two-operand SSE2 needs, about a third
/// of a kernel's instructions. The portable build is kept out of line, so the dispatch is
/// two jumps rather than a frame for the whole query.
macro_rules! avx_dispatch {
    ($(#[$attr:meta])* $vis:vis fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty = $imp:expr;) => {
        $(#[$attr])*
        $vis fn $name($($arg: $ty),*) -> $ret {
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "avx")]
                fn avx($($arg: $ty),*) -> $ret {
                    ($imp)($($arg),*)
                }
                if std::arch::is_x86_feature_detected!("avx") {
                    // SAFETY: the CPU has AVX, checked just above.
                    return unsafe { avx($($arg),*) };
                }
            }
            #[inline(never)]
            fn portable($($arg: $ty),*) -> $ret {
                ($imp)($($arg),*)
            }
            portable($($arg),*)
        }
    };
}
pub(crate) use avx_dispatch;

/// `a + b` rounded, and the rounding's error: `a + b = sum + err` exactly (Knuth's
/// two-sum).
#[inline(always)]
pub(crate) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let sum = a + b;
    let bb = sum - a;
    (sum, (a - (sum - bb)) + (b - bb))
}

/// The f32 nearest a value known to lie in `[lo, hi]`, when both ends round to the same
/// f32: rounding to nearest is monotone, so the exact value rounds to it as well.
#[inline(always)]
pub(crate) fn nearest_f32(lo: f64, hi: f64) -> Option<f32> {
    let (a, b) = (lo as f32, hi as f32);
    (a == b).then_some(a)
}

/// The least squared length whose square root and reciprocal keep their relative
/// accuracy: below it `|q|²` may be subnormal (an f64 offset under 2⁻⁵¹¹, which only
/// `resolve`'s legs could produce), and a direction from it is left to the exact query.
pub(crate) const MIN_LENGTH_SQ: f64 = f64::from_bits((1023 - 1000) << 52); // 2⁻¹⁰⁰⁰

/// A value whose error is at most this fraction of its own size rounds to an f32 next to
/// the exact value (the exact value itself when that is an f32).
pub(crate) const FAITHFUL: f64 = 1.0 / (1u64 << 26) as f64;

/// The f32 rounding of `value`, when each component is within `err` of exact and that is
/// at most [`FAITHFUL`] of its size: then it is the exact value if that is an f32, and
/// otherwise one of the two f32 values around it. A component known exactly (`err` 0)
/// passes whatever its size, zero included.
#[inline(always)]
pub(crate) fn faithful_v(value: DVec2, err: DVec2) -> Option<glam::Vec2> {
    err.cmple(value.abs() * FAITHFUL)
        .all()
        .then(|| value.as_vec2())
}

/// `v` with each infinite component held to the largest f32 in its direction, as the exact
/// queries report a value beyond f32's range: no `Hit` holds an infinity. Needed only where
/// a reported position can lie beyond the range: a point on a rotated box (its corners can)
/// or on the other circle of an overlap (beyond our centre), and a centre or point on one
/// of `resolve`'s legs. A touching contact's point lies between two centres in range.
#[inline(always)]
pub(crate) fn held(v: glam::Vec2) -> glam::Vec2 {
    v.clamp(glam::Vec2::splat(-f32::MAX), glam::Vec2::splat(f32::MAX))
}

/// Whether a query's inputs are usable, in one comparison: `sum` must be finite (a sum of
/// magnitudes of f64 differences of the inputs, which every input reaches and finite
/// inputs cannot overflow) and `least` (the smallest of the values that must not be
/// negative: radii, box widths) at least 0. `sum · 0` is ±0 for a finite sum and NaN
/// otherwise, and NaN compares false; LLVM turns `&` of the separate tests into a chain of
/// jumps.
#[inline(always)]
pub(crate) fn valid(sum: f64, least: f64) -> bool {
    sum * 0.0 <= least
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

/// `a` where `c`, else `b`, without a jump. x86 has no conditional move for vector
/// registers: LLVM makes a jump of an f64 select whose condition is not a float comparison
/// (bit masks and `select_unpredictable` on f64 included), and one as random as the
/// query's outcome is mispredicted half the time. On the bits, the select is a `cmov`.
#[inline(always)]
pub(crate) fn pick(c: bool, a: f64, b: f64) -> f64 {
    f64::from_bits(std::hint::select_unpredictable(c, a.to_bits(), b.to_bits()))
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

/// Whether nothing within `radius` of the path from `s` to `e` can touch the box
/// `[lo, hi]`: the swept circle's bounding box and the box are apart. Computed from the
/// inputs themselves, so that it is exact one way: f64 subtraction is monotone and `r` is
/// representable, so `fl(fl(a − b) − r) > 0` implies `a − b > r`. A gap that rounds to
/// zero or less reads as "not apart" and goes on to the full test.
#[inline(always)]
pub(crate) fn apart(s: DVec2, e: DVec2, radius: f64, lo: DVec2, hi: DVec2) -> bool {
    let gap = max_v(lo - max_v(s, e), min_v(s, e) - hi) - DVec2::splat(radius);
    max(gap.x, gap.y) > 0.0
}
