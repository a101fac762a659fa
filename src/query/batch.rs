//! Batched time-of-impact: many boxes against one sweep, or many sweeps against one box.
//!
//! These answer only *when* (the debugger's live heat map asks this for thousands of start
//! positions per frame), so they skip building a [`crate::Hit`] and share the per-call
//! setup. Times agree with the single queries; a miss is `f32::INFINITY`.

use glam::DVec2;

use super::kernel::box_toi;
use crate::geom::{Aabb, Sweep};

/// Time of impact of `sweep` against each box, written to `out[i]` (`f32::INFINITY` for a
/// miss or invalid input). `out` must be at least as long as `boxes`; extra entries are left
/// alone.
pub fn sweep_vs_aabbs(sweep: &Sweep, boxes: &[Aabb], out: &mut [f32]) {
    let valid = sweep.is_valid();
    let s = sweep.start.as_dvec2();
    let v = sweep.end.as_dvec2() - s;
    let r = f64::from(sweep.radius);
    for (aabb, t) in boxes.iter().zip(out.iter_mut()) {
        let ok = valid & aabb.is_valid();
        let time = box_toi(v, r, aabb.min.as_dvec2() - s, aabb.max.as_dvec2() - s);
        *t = if ok { time as f32 } else { f32::INFINITY };
    }
}

/// Time of impact of each sweep against `aabb`, written to `out[i]` (`f32::INFINITY` for a
/// miss or invalid input). `out` must be at least as long as `sweeps`.
pub fn sweeps_vs_aabb(sweeps: &[Sweep], aabb: &Aabb, out: &mut [f32]) {
    let box_ok = aabb.is_valid();
    let min = aabb.min.as_dvec2();
    let max = aabb.max.as_dvec2();
    for (sweep, t) in sweeps.iter().zip(out.iter_mut()) {
        let ok = box_ok & sweep.is_valid();
        let s = sweep.start.as_dvec2();
        let v: DVec2 = sweep.end.as_dvec2() - s;
        let time = box_toi(v, f64::from(sweep.radius), min - s, max - s);
        *t = if ok { time as f32 } else { f32::INFINITY };
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
        let probe = Sweep::new(Vec2::new(-9.0, -4.0), Vec2::new(8.0, 5.0), 0.75);
        let mut out = vec![0.0; boxes.len()];
        sweep_vs_aabbs(&probe, &boxes, &mut out);
        for (b, t) in boxes.iter().zip(&out) {
            assert_eq!(probe.vs_aabb(b).map_or(f32::INFINITY, |h| h.time), *t);
        }
    }

    #[test]
    fn invalid_input_is_a_miss() {
        let mut out = [0.0; 2];
        let boxes = [
            Aabb::new(Vec2::new(1.0, 1.0), Vec2::new(0.0, 2.0)),
            Aabb::new(Vec2::new(0.0, f32::NAN), Vec2::new(1.0, 1.0)),
        ];
        sweep_vs_aabbs(
            &Sweep::new(Vec2::ZERO, Vec2::new(5.0, 5.0), 1.0),
            &boxes,
            &mut out,
        );
        assert_eq!(out, [f32::INFINITY; 2]);
    }
}
