//! `clip_segment` against a reference that walks the segment: dense samples classified
//! by plain comparisons with the box, in f64. Integer coordinates make segments through
//! corners and along sides, the cases where moving the ends one plane at a time goes wrong,
//! common.

use proptest::prelude::*;
use sweepscope::{Aabb, Region, Vec2, clip_segment, region_code};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// Whether `a + (b − a)·t` is in the closed box, in f64.
fn inside_at(a: Vec2, b: Vec2, bx: &Aabb, t: f64, slack: f64) -> bool {
    let p = a.as_dvec2() + (b.as_dvec2() - a.as_dvec2()) * t;
    let (lo, hi) = (bx.min.as_dvec2(), bx.max.as_dvec2());
    p.x >= lo.x - slack && p.x <= hi.x + slack && p.y >= lo.y - slack && p.y <= hi.y + slack
}

/// The span of sample parameters inside the box, if any sample is.
fn sampled_span(a: Vec2, b: Vec2, bx: &Aabb) -> Option<(f64, f64)> {
    const N: u32 = 2048;
    let inside: Vec<f64> = (0..=N)
        .map(|k| f64::from(k) / f64::from(N))
        .filter(|&t| inside_at(a, b, bx, t, 0.0))
        .collect();
    Some((*inside.first()?, *inside.last()?))
}

#[test]
fn segment_leaving_through_a_corner_is_clipped_both_ways() {
    // Enters the box at (5, 11) and leaves exactly through its corner (2, 8), at 45°: a
    // one-plane-at-a-time loop bounces the rounded end between the LEFT and BOTTOM planes
    // and gives up, reporting a miss (only in this direction).
    let bx = Aabb::new(v(2.0, 8.0), v(5.0, 16.0));
    let (a, b) = (v(8.0, 14.0), v(-13.0, -7.0));
    let span = clip_segment(a, b, &bx).span.expect("crosses the box");
    assert!((span.0 - 1.0 / 7.0).abs() < 1e-6 && (span.1 - 2.0 / 7.0).abs() < 1e-6);
    let back = clip_segment(b, a, &bx).span.expect("crosses the box");
    assert!((back.0 - 5.0 / 7.0).abs() < 1e-6 && (back.1 - 6.0 / 7.0).abs() < 1e-6);
}

#[test]
fn touches_are_clipped_to_the_touch() {
    let bx = Aabb::new(v(1.0, -5.0), v(5.0, 1.0));
    // Only the top-left corner, at t = 1/2.
    let corner = clip_segment(v(0.0, 0.0), v(2.0, 2.0), &bx);
    assert_eq!(corner.span, Some((0.5, 0.5)));
    assert_eq!((corner.code_a, corner.code_b), (Region::LEFT, Region::TOP));
    // Along the top side, from x = 1 to x = 5.
    let side = clip_segment(v(0.0, 1.0), v(6.0, 1.0), &bx).span.unwrap();
    assert!((side.0 - 1.0 / 6.0).abs() < 1e-6 && (side.1 - 5.0 / 6.0).abs() < 1e-6);
    // Just past the corner: a miss.
    assert_eq!(clip_segment(v(0.0, 0.0), v(2.0, 2.01), &bx).span, None);
}

#[test]
fn trivial_cases_and_bad_input() {
    let bx = Aabb::new(v(0.0, 0.0), v(4.0, 4.0));
    assert_eq!(
        clip_segment(v(1.0, 1.0), v(3.0, 2.0), &bx).span,
        Some((0.0, 1.0))
    );
    assert_eq!(clip_segment(v(-1.0, 5.0), v(-2.0, 9.0), &bx).span, None);
    assert_eq!(
        clip_segment(v(2.0, 2.0), v(2.0, 2.0), &bx).span,
        Some((0.0, 1.0))
    );
    assert_eq!(clip_segment(v(9.0, 2.0), v(9.0, 2.0), &bx).span, None);
    assert_eq!(clip_segment(v(f32::NAN, 2.0), v(2.0, 2.0), &bx).span, None);
    let inverted = Aabb::new(v(4.0, 0.0), v(0.0, 4.0));
    assert_eq!(
        clip_segment(v(-1.0, 2.0), v(5.0, 2.0), &inverted).span,
        None
    );
}

fn small() -> impl Strategy<Value = f32> {
    (-12i32..=12).prop_map(|i| i as f32)
}

fn point() -> impl Strategy<Value = Vec2> {
    (small(), small()).prop_map(|(x, y)| v(x, y))
}

fn boxes() -> impl Strategy<Value = Aabb> {
    (point(), 0i32..=6, 0i32..=6).prop_map(|(lo, w, h)| Aabb::new(lo, lo + v(w as f32, h as f32)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn clip_agrees_with_walking_the_segment(a in point(), b in point(), bx in boxes()) {
        let clip = clip_segment(a, b, &bx);
        prop_assert_eq!((clip.code_a, clip.code_b), (region_code(a, &bx), region_code(b, &bx)));
        match (clip.span, sampled_span(a, b, &bx)) {
            (None, Some(s)) => prop_assert!(false, "missed a segment inside over {s:?}"),
            (Some((t0, t1)), sampled) => {
                prop_assert!(0.0 <= t0 && t0 <= t1 && t1 <= 1.0, "{t0} {t1}");
                for t in [t0, (t0 + t1) / 2.0, t1] {
                    prop_assert!(inside_at(a, b, &bx, f64::from(t), 1e-4), "t = {t} is outside");
                }
                if let Some((s0, s1)) = sampled {
                    prop_assert!(f64::from(t0) <= s0 + 1e-6 && s1 <= f64::from(t1) + 1e-6);
                }
            }
            (None, None) => {}
        }
        // Reversing the segment mirrors the span.
        let back = clip_segment(b, a, &bx).span;
        match (clip.span, back) {
            (Some((t0, t1)), Some((u0, u1))) => {
                prop_assert!((1.0 - t1 - u0).abs() < 1e-6 && (1.0 - t0 - u1).abs() < 1e-6);
            }
            (x, y) => prop_assert_eq!(x.is_some(), y.is_some()),
        }
    }
}
