//! Batched time-of-impact: many boxes against one sweep, or many sweeps against one box.
//!
//! These give only the time of impact (a heat map asks for it at thousands of start
//! positions per frame), so they skip building a [`crate::Hit`], share the per-call setup, and run the
//! common case — a start outside the expanded box — as straight-line code that the compiler
//! vectorises (eight lanes with AVX-512, four with AVX2, chosen at run time). The rare
//! lanes that start inside an expanded box, whose answer the error bounds leave open, or
//! that hold invalid input, are finished by the single query afterwards. Every time is
//! the f32 nearest the exact one, as the single query's is, so the two agree bit for bit;
//! a miss is `f32::INFINITY`.

use glam::DVec2;

use super::box_entry::{Mirrored, Tol, entry_time, in_expanded};
use super::circle_aabb::cast_aabb;
use super::float::{U, apart};
use crate::geom::{Aabb, Sweep};

/// Time of impact of `sweep` against each box, written to `out[i]` (`f32::INFINITY` for a
/// miss or invalid input). Only the first `min(boxes.len(), out.len())` boxes are answered:
/// give an `out` at least as long as `boxes` (its extra entries are left alone), or the
/// boxes past its end get no answer, without a panic.
///
/// ```
/// use sweepscope::query::batch::sweep_vs_aabbs;
/// use sweepscope::{Aabb, Sweep, Vec2};
///
/// let ball = Sweep::new(Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0), 1.0);
/// let boxes = [
///     Aabb::new(Vec2::new(5.0, -1.0), Vec2::new(6.0, 1.0)),   // met at x = 4
///     Aabb::new(Vec2::new(5.0, 10.0), Vec2::new(6.0, 11.0)),  // far above
/// ];
/// let mut times = [0.0; 2];
/// sweep_vs_aabbs(&ball, &boxes, &mut times);
/// assert_eq!(times, [0.4, f32::INFINITY]);
/// // Bit for bit the single query's time.
/// assert_eq!(times[0], ball.vs_aabb(&boxes[0]).map(|h| h.time).unwrap_or(f32::INFINITY));
/// ```
pub fn sweep_vs_aabbs(sweep: &Sweep, boxes: &[Aabb], out: &mut [f32]) {
    let n = boxes.len().min(out.len());
    let (boxes, out) = (&boxes[..n], &mut out[..n]);
    if !sweep.is_valid() {
        out.fill(f32::INFINITY);
        return;
    }
    // SAFETY: `detect` found these features on this CPU.
    unsafe { one_sweep_on(Simd::detect(), sweep, boxes, out) }
}

/// Time of impact of each sweep against `aabb`, written to `out[i]` (`f32::INFINITY` for a
/// miss or invalid input). Only the first `min(sweeps.len(), out.len())` sweeps are
/// answered, as in [`sweep_vs_aabbs`].
pub fn sweeps_vs_aabb(sweeps: &[Sweep], aabb: &Aabb, out: &mut [f32]) {
    let n = sweeps.len().min(out.len());
    let (sweeps, out) = (&sweeps[..n], &mut out[..n]);
    if !aabb.is_valid() {
        out.fill(f32::INFINITY);
        return;
    }
    // SAFETY: `detect` found these features on this CPU.
    unsafe { one_box_on(Simd::detect(), sweeps, aabb, out) }
}

/// The widest vector instructions this CPU has that the loops are compiled for. AVX-512
/// brings eight lanes and enough registers that nothing spills; AVX2 four; the baseline
/// (SSE2 on x86_64) two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Simd {
    #[cfg(target_arch = "x86_64")]
    Avx512,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    Baseline,
}

impl Simd {
    fn detect() -> Self {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            if has!("avx512f") && has!("avx512vl") && has!("avx512dq") {
                return Simd::Avx512;
            }
            if has!("avx2") {
                return Simd::Avx2;
            }
        }
        Simd::Baseline
    }
}

/// `unsafe fn $name(simd, args)`: the loop `$body` compiled once per instruction set,
/// run in the build for `simd`.
///
/// # Safety
/// The CPU must have `simd`'s features ([`Simd::detect`] finds them).
macro_rules! simd_builds {
    (fn $name:ident($($arg:ident: $ty:ty),*) = $body:ident;) => {
        unsafe fn $name(simd: Simd, $($arg: $ty),*) {
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx512f,avx512vl,avx512dq")]
            fn avx512($($arg: $ty),*) {
                $body($($arg),*)
            }
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2")]
            fn avx2($($arg: $ty),*) {
                $body($($arg),*)
            }
            match simd {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: the caller's promise.
                Simd::Avx512 => unsafe { avx512($($arg),*) },
                #[cfg(target_arch = "x86_64")]
                // SAFETY: the caller's promise.
                Simd::Avx2 => unsafe { avx2($($arg),*) },
                Simd::Baseline => $body($($arg),*),
            }
        }
    };
}

simd_builds! { fn one_sweep_on(sweep: &Sweep, boxes: &[Aabb], out: &mut [f32]) = one_sweep; }
simd_builds! { fn one_box_on(sweeps: &[Sweep], aabb: &Aabb, out: &mut [f32]) = one_box; }

/// Boxes or sweeps per block of the far-miss test: a block whose every lane is a far miss
/// skips the entry test (a heat map's or a broad phase's lanes are mostly far misses).
const BLOCK_APART: usize = 8;

#[inline(always)]
fn one_sweep(sweep: &Sweep, boxes: &[Aabb], out: &mut [f32]) {
    let (s, e) = (sweep.start.as_dvec2(), sweep.end.as_dvec2());
    let r = f64::from(sweep.radius);
    let mut blocks = boxes.chunks_exact(BLOCK_APART);
    let mut outs = out.chunks_exact_mut(BLOCK_APART);
    for (bs, ts) in (&mut blocks).zip(&mut outs) {
        let mut all_far = true;
        for b in bs {
            all_far &= far(s, e, r, b.min.as_dvec2(), b.max.as_dvec2());
        }
        if all_far {
            ts.fill(f32::INFINITY);
            continue;
        }
        for (b, t) in bs.iter().zip(ts.iter_mut()) {
            *t = box_lane(s, e, r, b);
        }
    }
    for (b, t) in blocks.remainder().iter().zip(outs.into_remainder()) {
        *t = box_lane(s, e, r, b);
    }
    finish_cold(out, |i| box_time(sweep, &boxes[i]));
}

/// Whether a circle of radius `r` swept from `s` to `e` certainly misses the box
/// `[min, max]`: the swept circle's bounding box and the box are apart ([`apart`]), or the
/// box lies wholly to one side of the band `|n·(x − s)| ≤ r·|v|` around the path's line
/// (`v = e − s`, `n = v⊥`), which holds the whole capsule. Straight-line code, so it
/// vectorises.
///
/// The band test is certain with a margin: each offset and each component of `v` (so of
/// `n`) is one rounding of a difference of the inputs, so each product is within 3U of its
/// size and the nearest corner's projection `p`, a sum of two, within `3U·S` plus its own
/// rounding, `S` the sum of the larger products' sizes; `|v|²` is within about 5U of its
/// value. Then `p − 4U·S > 0` and its square above `r²·|v|²·(1 + 16U)` put the exact
/// projection beyond `r·|v|`.
#[inline(always)]
fn far(s: DVec2, e: DVec2, r: f64, min: DVec2, max: DVec2) -> bool {
    let v = e - s;
    let (lo, hi) = (min - s, max - s);
    let n = DVec2::new(-v.y, v.x);
    let (a, b) = (n * lo, n * hi);
    let size = a.abs().max(b.abs()).element_sum();
    let near = a.min(b).element_sum();
    let far_side = a.max(b).element_sum();
    let reach2 = r * r * v.length_squared() * (1.0 + 16.0 * U);
    let margin = 4.0 * U * size;
    let (above, below) = (near - margin, -far_side - margin);
    let beside =
        ((above > 0.0) & (above * above > reach2)) | ((below > 0.0) & (below * below > reach2));
    beside | apart(s, e, r, min, max)
}

/// One lane of [`one_sweep`]: the sweep `s → e` of radius `r` against `b`.
#[inline(always)]
fn box_lane(s: DVec2, e: DVec2, r: f64, b: &Aabb) -> f32 {
    let (min, max) = (b.min.as_dvec2(), b.max.as_dvec2());
    // Finite corners (f32 values summed in f64 cannot overflow) in order; anything else
    // goes to the single query, which rejects it.
    let sum = min.x + min.y + max.x + max.y;
    let valid = sum.is_finite() & (min.x <= max.x) & (min.y <= max.y);
    lane_time(e - s, r, min - s, max - s, valid)
}

#[inline(always)]
fn one_box(sweeps: &[Sweep], aabb: &Aabb, out: &mut [f32]) {
    let (min, max) = (aabb.min.as_dvec2(), aabb.max.as_dvec2());
    let mut blocks = sweeps.chunks_exact(BLOCK_APART);
    let mut outs = out.chunks_exact_mut(BLOCK_APART);
    for (ss, ts) in (&mut blocks).zip(&mut outs) {
        let mut all_far = true;
        for sw in ss {
            let (s, e) = (sw.start.as_dvec2(), sw.end.as_dvec2());
            all_far &= far(s, e, f64::from(sw.radius), min, max);
        }
        if all_far {
            ts.fill(f32::INFINITY);
            continue;
        }
        for (sw, t) in ss.iter().zip(ts.iter_mut()) {
            *t = sweep_lane(sw, min, max);
        }
    }
    for (sw, t) in blocks.remainder().iter().zip(outs.into_remainder()) {
        *t = sweep_lane(sw, min, max);
    }
    finish_cold(out, |i| box_time(&sweeps[i], aabb));
}

/// One lane of [`one_box`]: `sweep` against the box `[min, max]`.
#[inline(always)]
fn sweep_lane(sweep: &Sweep, min: DVec2, max: DVec2) -> f32 {
    let s = sweep.start.as_dvec2();
    let v = sweep.end.as_dvec2() - s;
    let r = f64::from(sweep.radius);
    let sum = s.x + s.y + v.x + v.y + r;
    let valid = sum.is_finite() & (r >= 0.0);
    lane_time(v, r, min - s, max - s, valid)
}

/// Lanes marked NaN by [`lane_time`] get the full single query.
///
/// They are rare (a start inside the expanded box, an answer the bounds leave open,
/// invalid input), so the scan looks at sixteen lanes at a time with one vector
/// comparison, and only a block that holds one is walked lane by lane: walking every lane
/// would cost about a tenth of the batched time.
#[inline(always)]
fn finish_cold(out: &mut [f32], single: impl Fn(usize) -> f32) {
    const BLOCK: usize = 16;
    for (k, block) in out.chunks_mut(BLOCK).enumerate() {
        // `fold` rather than `any`, which stops early and so does not vectorise.
        if block.iter().fold(false, |cold, t| cold | t.is_nan()) {
            for (j, t) in block.iter_mut().enumerate() {
                if t.is_nan() {
                    *t = single(k * BLOCK + j);
                }
            }
        }
    }
}

fn box_time(sweep: &Sweep, aabb: &Aabb) -> f32 {
    cast_aabb(sweep, aabb).map_or(f32::INFINITY, |h| h.time)
}

/// The time of a circle of `radius` moving by `v` against the box `[lo, hi]` (relative to
/// the start), as f32: infinity for a miss, NaN when the start is in the expanded box, the
/// bounds leave the answer open, or `valid` is false (the caller finishes those with the
/// single query). Straight-line code, so it vectorises; the arithmetic is the single
/// query's ([`entry_time`]), whose certain times are the f32 nearest the exact ones.
#[inline(always)]
fn lane_time(v: DVec2, radius: f64, lo: DVec2, hi: DVec2, valid: bool) -> f32 {
    let b = (v.abs() + lo.abs() + hi.abs()).element_sum() + radius;
    let t = entry_time(&Mirrored::new(v, lo, hi), radius, &Tol::unrotated(b));
    if in_expanded(radius, lo, hi) | !valid {
        f32::NAN
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    /// The batched times must equal the single queries' times on a grid of starts that
    /// covers sides, corners, corner-square misses, starts inside and zero motion.
    #[test]
    fn batched_times_match_single_queries() {
        let aabb = Aabb::new(Vec2::new(-2.0, -1.0), Vec2::new(3.0, 2.0));
        let mut sweeps = Vec::new();
        for i in 0..41 {
            for j in 0..41 {
                let start = Vec2::new(i as f32 * 0.5 - 10.0, j as f32 * 0.5 - 10.0);
                for d in [
                    Vec2::new(12.0, 7.0),
                    Vec2::new(-3.0, 9.5),
                    Vec2::ZERO,
                    Vec2::new(0.0, -20.0),
                    Vec2::new(-15.0, 0.0),
                ] {
                    sweeps.push(Sweep::new(start, start + d, 1.25));
                }
            }
        }
        let mut out = vec![0.0; sweeps.len()];
        sweeps_vs_aabb(&sweeps, &aabb, &mut out);
        let mut hits = 0;
        for (s, t) in sweeps.iter().zip(&out) {
            let single = s.vs_aabb(&aabb).map_or(f32::INFINITY, |h| h.time);
            assert_eq!(single, *t, "{s:?}");
            hits += usize::from(t.is_finite());
        }
        assert!(
            hits > 1000 && hits < sweeps.len(),
            "a mix of hits and misses: {hits}"
        );

        let boxes: Vec<Aabb> = sweeps
            .iter()
            .map(|s| Aabb::from_center_half_extents(s.start * 0.3, Vec2::new(1.0, 0.5)))
            .collect();
        for probe in [
            Sweep::new(Vec2::new(-9.0, -4.0), Vec2::new(8.0, 5.0), 0.75),
            Sweep::new(Vec2::new(4.0, 3.0), Vec2::new(-6.0, -1.0), 0.5),
            Sweep::new(Vec2::new(0.2, -7.0), Vec2::new(0.2, 6.0), 1.0),
        ] {
            let mut out = vec![0.0; boxes.len()];
            sweep_vs_aabbs(&probe, &boxes, &mut out);
            for (b, t) in boxes.iter().zip(&out) {
                assert_eq!(probe.vs_aabb(b).map_or(f32::INFINITY, |h| h.time), *t);
            }
        }
    }

    /// Every compiled variant this CPU can run gives the portable loop's times, for both
    /// batched forms.
    #[test]
    fn every_instruction_set_gives_the_same_times() {
        let boxes: Vec<Aabb> = (0..200)
            .map(|i| {
                let c = Vec2::new((i % 20) as f32 - 10.0, (i / 20) as f32 - 5.0);
                Aabb::from_center_half_extents(c, Vec2::new(0.4, 0.3))
            })
            .collect();
        let probe = Sweep::new(Vec2::new(-11.0, -6.0), Vec2::new(9.0, 4.5), 0.6);
        let sweeps: Vec<Sweep> = (0..200)
            .map(|i| {
                let s = Vec2::new((i % 17) as f32 * 0.7 - 6.0, (i / 17) as f32 * 0.9 - 5.0);
                Sweep::new(
                    s,
                    s + Vec2::new(3.0 - (i % 7) as f32, (i % 5) as f32 - 2.0),
                    0.8,
                )
            })
            .collect();
        let target = Aabb::new(Vec2::new(-1.0, -0.5), Vec2::new(1.5, 1.0));
        let (mut want_a, mut want_b) = (vec![0.0; 200], vec![0.0; 200]);
        one_sweep(&probe, &boxes, &mut want_a);
        one_box(&sweeps, &target, &mut want_b);
        for (want, name) in [(&want_a, "one sweep"), (&want_b, "one box")] {
            assert!(
                want.iter().any(|t| t.is_finite()) && want.iter().any(|t| t.is_infinite()),
                "{name}: a mix of hits and misses"
            );
        }
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            let (mut a, mut b) = (vec![0.0; 200], vec![0.0; 200]);
            if has!("avx2") {
                // SAFETY: checked just above.
                unsafe { one_sweep_on(Simd::Avx2, &probe, &boxes, &mut a) };
                unsafe { one_box_on(Simd::Avx2, &sweeps, &target, &mut b) };
                assert_eq!((&a, &b), (&want_a, &want_b), "AVX2");
            }
            if has!("avx512f") && has!("avx512vl") && has!("avx512dq") {
                // SAFETY: checked just above.
                unsafe { one_sweep_on(Simd::Avx512, &probe, &boxes, &mut a) };
                unsafe { one_box_on(Simd::Avx512, &sweeps, &target, &mut b) };
                assert_eq!((&a, &b), (&want_a, &want_b), "AVX-512");
            }
        }
        let (mut a, mut b) = (vec![0.0; 200], vec![0.0; 200]);
        sweep_vs_aabbs(&probe, &boxes, &mut a);
        sweeps_vs_aabb(&sweeps, &target, &mut b);
        assert_eq!((a, b), (want_a, want_b), "dispatched");
    }

    #[test]
    fn invalid_input_is_a_miss() {
        let mut out = [0.0; 3];
        let boxes = [
            Aabb::new(Vec2::new(1.0, 1.0), Vec2::new(0.0, 2.0)),
            Aabb::new(Vec2::new(0.0, f32::NAN), Vec2::new(1.0, 1.0)),
            Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(f32::INFINITY, 1.0)),
        ];
        sweep_vs_aabbs(
            &Sweep::new(Vec2::ZERO, Vec2::new(5.0, 5.0), 1.0),
            &boxes,
            &mut out,
        );
        assert_eq!(out, [f32::INFINITY; 3]);
        let mut out = [0.0; 2];
        let sweeps = [
            Sweep::new(Vec2::new(f32::NAN, 0.0), Vec2::ZERO, 1.0),
            Sweep::new(Vec2::new(-5.0, 0.5), Vec2::new(5.0, 0.5), -1.0),
        ];
        sweeps_vs_aabb(&sweeps, &Aabb::new(Vec2::ZERO, Vec2::ONE), &mut out);
        assert_eq!(out, [f32::INFINITY; 2]);
    }
}
