//! parry2d's `cast_shapes` and `sweep_time_of_impact` as contenders (`engines` feature):
//! the adapters against the exact core on hand cases, the documented stop of the sweep, the
//! known disagreements by name, and a property: on clear cases (no graze, no touch at the
//! start, sizes in parry's range) both agree — the sweep within its documented stop.

#![cfg(feature = "engines")]

use proptest::prelude::*;
use sweepscope::variants::verdict::{Verdict, judge_variant};
use sweepscope::variants::{Outcome, Params, Variant, run};
use sweepscope::{Aabb, Obb, Obstacle, Segment, Sweep, Vec2};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn unit_box() -> Obstacle {
    Obstacle::Aabb(Aabb::new(v(-1.0, -1.0), v(1.0, 1.0)))
}

fn verdict(variant: Variant, s: &Sweep, o: &Obstacle) -> (Outcome, Verdict) {
    let outcome = run(variant, s, o, &Params::default());
    let exact = o.cast(s);
    let verdict = judge_variant(variant, s, o, exact.as_ref(), &outcome);
    (outcome, verdict)
}

fn hit(outcome: Outcome) -> sweepscope::Hit {
    match outcome {
        Outcome::Hit(h) => h,
        other => panic!("expected a hit, got {other:?}"),
    }
}

/// Hand cases with known exact answers, for both engines.
fn hand_cases() -> Vec<(&'static str, Sweep, Obstacle, f32, Vec2)> {
    vec![
        (
            "head-on face",
            Sweep::new(v(-3.0, 0.0), v(3.0, 0.0), 0.5),
            unit_box(),
            0.25,
            v(-1.0, 0.0),
        ),
        (
            "3-4-5 corner",
            Sweep::new(v(-3.0, 50.0), v(-3.0, 10.0), 5.0),
            Obstacle::Aabb(Aabb::new(v(0.0, 0.0), v(40.0, 30.0))),
            0.4,
            v(-0.6, 0.8),
        ),
        (
            "rotated box face",
            Sweep::new(v(-6.0, 28.0), v(-6.0, -12.0), 5.0),
            Obstacle::Obb(Obb::new(v(0.0, 0.0), v(10.0, 5.0), 0.6f32.atan2(0.8))),
            0.5,
            v(-0.6, 0.8),
        ),
        (
            "segment face",
            Sweep::new(v(0.0, 5.0), v(0.0, -5.0), 1.0),
            Obstacle::Segment(Segment::new(v(-2.0, 0.0), v(2.0, 0.0))),
            0.4,
            v(0.0, 1.0),
        ),
        (
            "two moving circles",
            Sweep::new(v(0.0, 0.0), v(10.0, 0.0), 1.0),
            Obstacle::Circle(Sweep::new(v(10.0, 0.0), v(0.0, 0.0), 1.0)),
            0.4,
            v(-1.0, 0.0),
        ),
    ]
}

#[test]
fn parry_cast_agrees_with_the_exact_core_on_hand_cases() {
    for (name, s, o, t, n) in hand_cases() {
        let exact = o.cast(&s).expect(name);
        assert!((exact.time - t).abs() < 1e-5, "{name}: exact {exact:?}");
        let (outcome, verdict) = verdict(Variant::ParryCast, &s, &o);
        assert_eq!(verdict, Verdict::Agree, "{name}: {outcome:?}");
        let h = hit(outcome);
        assert!((h.time - t).abs() < 1e-4, "{name}: {h:?}");
        assert!((h.normal - n).length() < 1e-3, "{name}: {h:?}");
        assert!(!h.started_inside, "{name}");
    }
}

#[test]
fn parry_sweep_stops_slop_past_contact_on_hand_cases() {
    for (name, s, o, t, n) in hand_cases() {
        let (outcome, verdict) = verdict(Variant::ParrySweep, &s, &o);
        assert!(
            matches!(verdict, Verdict::Agree | Verdict::Documented { .. }),
            "{name}: {verdict:?} {outcome:?}"
        );
        let h = hit(outcome);
        // slop = 0.005 past contact, ± slop/4, over the approach speed along the normal.
        let speed = (s.delta() - o_delta(&o)).dot(-n);
        let expected = t + 0.005 / speed;
        assert!(
            (h.time - expected).abs() <= 0.00125 / speed + 1e-5,
            "{name}: {} vs {expected}",
            h.time
        );
        assert!((h.normal - n).length() < 1e-3, "{name}: {h:?}");
    }
}

fn o_delta(o: &Obstacle) -> Vec2 {
    match o {
        Obstacle::Circle(c) => c.delta(),
        _ => Vec2::ZERO,
    }
}

#[test]
fn parry_sweep_past_contact_by_the_slop_is_documented_not_an_error() {
    // Contact at x = −1.5 after 0.1 of 0.2: t = 0.5. parry stops at x = −1.495 ± 0.00125:
    // t = 0.525 ± 0.00625, far beyond the time tolerance, and documented.
    let s = Sweep::new(v(-1.6, 0.0), v(-1.4, 0.0), 0.5);
    let (outcome, verdict) = verdict(Variant::ParrySweep, &s, &unit_box());
    let h = hit(outcome);
    assert!((h.time - 0.525).abs() <= 0.00625 + 1e-5, "{h:?}");
    match verdict {
        Verdict::Documented { offset, dt } => {
            assert!((offset + 0.005).abs() < 1e-6, "{offset}");
            assert!((dt.unwrap() - 0.025).abs() <= 0.0063, "{dt:?}");
        }
        other => panic!("{other:?}"),
    }
    assert!(!verdict.is_bad());
}

#[test]
fn parry_sweep_late_beyond_its_documented_stop_is_an_error() {
    // The documented band, then an answer well beyond it: judged as time off.
    let s = Sweep::new(v(-1.6, 0.0), v(-1.4, 0.0), 0.5);
    let o = unit_box();
    let mut late = hit(run(Variant::ParrySweep, &s, &o, &Params::default()));
    late.time = 0.6;
    let exact = o.cast(&s);
    let verdict = judge_variant(
        Variant::ParrySweep,
        &s,
        &o,
        exact.as_ref(),
        &Outcome::Hit(late),
    );
    assert!(
        matches!(verdict, Verdict::TimeOff(dt) if (dt - 0.1).abs() < 1e-5),
        "{verdict:?}"
    );
}

#[test]
fn parry_sweep_a_speck_stops_short_of_contact_as_documented() {
    // R = 0.001 < 2·slop: the target is slop = 0.005, 0.004 short of contact.
    let s = Sweep::new(v(-1.1, 0.0), v(-0.9, 0.0), 0.001);
    let (outcome, verdict) = verdict(Variant::ParrySweep, &s, &unit_box());
    let h = hit(outcome);
    // Contact at x = −1.001 (t = 0.495); parry at x = −1.005 ± 0.00125 (t = 0.475).
    assert!((h.time - 0.475).abs() <= 0.00625 + 1e-5, "{h:?}");
    assert!(
        matches!(verdict, Verdict::Documented { offset, .. } if (offset - 0.004).abs() < 1e-6),
        "{verdict:?}"
    );
}

#[test]
fn parry_sweep_calls_a_shallow_start_overlap_a_plain_hit() {
    // Overlapping by 0.3 with the centre outside, moving away: the core says started
    // inside at t = 0; parry's cores are 0.2 apart, within its target, so a Hit at fraction
    // 0 without Overlapped.
    let s = Sweep::new(v(-1.2, 0.0), v(-3.0, 0.0), 0.5);
    let (outcome, verdict) = verdict(Variant::ParrySweep, &s, &unit_box());
    let h = hit(outcome);
    assert_eq!(h.time, 0.0);
    assert!(!h.started_inside);
    assert_eq!(verdict, Verdict::StartedInside { reported: false });
}

#[test]
fn parry_sweep_overlapped_only_with_the_centre_inside() {
    let s = Sweep::new(v(0.2, 0.1), v(3.0, 0.0), 0.5);
    let (outcome, verdict) = verdict(Variant::ParrySweep, &s, &unit_box());
    let h = hit(outcome);
    assert!(h.started_inside && h.time == 0.0, "{h:?}");
    assert_eq!(verdict, Verdict::Agree);
}

#[test]
fn parry_cast_counts_a_touch_sliding_along_as_a_hit() {
    // Touching the left side at t = 0 and moving along it: no contact for the core (it
    // never overlaps); parry reports an impact at t = 0.
    let s = Sweep::new(v(-1.5, 0.0), v(-1.5, 3.0), 0.5);
    assert_eq!(unit_box().cast(&s), None);
    let (outcome, verdict) = verdict(Variant::ParryCast, &s, &unit_box());
    assert_eq!(hit(outcome).time, 0.0);
    assert_eq!(verdict, Verdict::FalseHit);
}

#[test]
fn parry_cast_counts_a_graze_as_a_hit() {
    // Along the top side exactly at the touching distance: a graze, no contact for the
    // core; parry finds the touching point at the corner.
    let s = Sweep::new(v(-3.0, 1.5), v(3.0, 1.5), 0.5);
    assert_eq!(unit_box().cast(&s), None);
    let (outcome, verdict) = verdict(Variant::ParryCast, &s, &unit_box());
    assert!((hit(outcome).time - 1.0 / 3.0).abs() < 1e-3);
    assert_eq!(verdict, Verdict::FalseHit);
}

#[test]
fn touching_while_leaving_is_no_hit_for_the_core_and_both_engines() {
    let s = Sweep::new(v(-1.5, 0.0), v(-3.0, 0.0), 0.5);
    assert_eq!(unit_box().cast(&s), None);
    for e in Variant::ENGINES {
        let (outcome, verdict) = verdict(e, &s, &unit_box());
        assert_eq!(outcome, Outcome::Miss, "{e:?}");
        assert_eq!(verdict, Verdict::Agree, "{e:?}");
    }
}

#[test]
fn parry_cast_misses_an_overlap_without_motion() {
    // GJK's ray cast returns nothing for a zero-length direction, even overlapping.
    let s = Sweep::new(v(0.5, 0.0), v(0.5, 0.0), 0.5);
    let exact = unit_box().cast(&s).expect("overlap at t = 0");
    assert!(exact.started_inside);
    let (outcome, verdict) = verdict(Variant::ParryCast, &s, &unit_box());
    assert_eq!(outcome, Outcome::Miss);
    assert_eq!(verdict, Verdict::MissedHit);
}

#[test]
fn parry_cast_overlap_at_the_start_is_started_inside() {
    let s = Sweep::new(v(-1.2, 0.0), v(3.0, 0.0), 0.5);
    let (outcome, verdict) = verdict(Variant::ParryCast, &s, &unit_box());
    let h = hit(outcome);
    assert!(h.started_inside && h.time == 0.0, "{h:?}");
    assert_eq!(verdict, Verdict::Agree);
}

#[test]
fn engines_refuse_non_finite_input_without_calling_parry() {
    let s = Sweep::new(v(f32::NAN, 0.0), v(1.0, 0.0), 0.5);
    for e in Variant::ENGINES {
        assert!(run(e, &s, &unit_box(), &Params::default()).is_failed());
    }
}

#[test]
fn parry_cast_is_early_on_a_long_segment_by_its_tolerance() {
    // A random case on which `cast_shapes` stops 0.0044 short of contact (t 0.55595
    // against the exact 0.557765): on clear cases too its time can be a few thousandths
    // off, which the random property above allows and nothing more.
    let s = Sweep::new(
        v(-8.050_426_5, 11.623_11),
        v(8.337_881, 3.993_784_4),
        0.790_938,
    );
    let o = Obstacle::Segment(Segment::new(
        v(17.055_494, -1.928_860_1),
        v(-16.86197, 19.817_587),
    ));
    let exact = o.cast(&s).unwrap_or_else(|| panic!("the exact core hits"));
    assert!((exact.time - 0.557_765).abs() < 1e-5, "{exact:?}");
    let (outcome, verdict) = verdict(Variant::ParryCast, &s, &o);
    match verdict {
        Verdict::TimeOff(dt) => assert!(dt < 0.0 && dt > -0.01, "{dt} {outcome:?}"),
        other => panic!("parry-cast {other:?} {outcome:?}"),
    }
}

#[test]
fn parry_cast_tilts_a_segment_normal_by_its_tolerance() {
    // A random case on which `cast_shapes` hits at the right time with a normal 1.3° off
    // the exact one.
    let s = Sweep::new(
        v(36.660_255, -7.111_214_6),
        v(-5.449_415_7, 1.400_380_1),
        3.114_717_7,
    );
    let o = Obstacle::Segment(Segment::new(
        v(19.08534, -6.14079),
        v(-5.076_247_7, 20.19505),
    ));
    let (outcome, verdict) = verdict(Variant::ParryCast, &s, &o);
    match verdict {
        Verdict::NormalOff(deg) => assert!(deg > 1.0 && deg < 5.0, "{deg} {outcome:?}"),
        other => panic!("parry-cast {other:?} {outcome:?}"),
    }
}

/// A clear case: the exact answer does not change when the radius moves by 1 % either way
/// (no graze), the start is not within 1 % of touching, and the motion is at least 1 long.
fn clear(s: &Sweep, o: &Obstacle) -> bool {
    let m = 0.01 * s.radius.max(1.0);
    let lo = o.cast(&Sweep::new(s.start, s.end, s.radius - m));
    let hi = o.cast(&Sweep::new(s.start, s.end, s.radius + m));
    let start_clear = hi.is_none_or(|h| h.time > 0.0 || lo.is_some_and(|l| l.started_inside));
    let same = match (lo, hi) {
        (None, None) => true,
        (Some(l), Some(h)) => (l.time - h.time).abs() < 0.02,
        _ => false,
    };
    same && start_clear && s.delta().length() >= 1.0
}

fn coord() -> impl Strategy<Value = f32> {
    -30.0f32..30.0
}

fn obstacle() -> impl Strategy<Value = Obstacle> {
    prop_oneof![
        (coord(), coord(), 1.0f32..15.0, 1.0f32..15.0).prop_map(|(x, y, w, h)| {
            // Integer-quantised so centre and half extents are exact for parry.
            let (x, y, w, h) = (x.round(), y.round(), w.round(), h.round());
            Obstacle::Aabb(Aabb::new(v(x, y), v(x + w, y + h)))
        }),
        (coord(), coord(), 1.0f32..10.0, 1.0f32..10.0, -3.2f32..3.2)
            .prop_map(|(x, y, w, h, a)| Obstacle::Obb(Obb::new(v(x, y), v(w, h), a))),
        (coord(), coord(), coord(), coord())
            .prop_filter("a real segment", |(a, b, c, d)| (a - c).abs()
                + (b - d).abs()
                > 1.0)
            .prop_map(|(a, b, c, d)| Obstacle::Segment(Segment::new(v(a, b), v(c, d)))),
        (coord(), coord(), coord(), coord(), 0.5f32..10.0)
            .prop_map(|(a, b, c, d, r)| Obstacle::Circle(Sweep::new(v(a, b), v(c, d), r))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn on_clear_cases_both_engines_agree(
        sx in -40.0f32..40.0, sy in -40.0f32..40.0,
        ex in -40.0f32..40.0, ey in -40.0f32..40.0,
        r in 0.5f32..8.0,
        o in obstacle(),
    ) {
        let s = Sweep::new(v(sx, sy), v(ex, ey), r);
        prop_assume!(clear(&s, &o));
        let (co, cv) = verdict(Variant::ParryCast, &s, &o);
        // GJK's absolute tolerance can leave a time a few thousandths off, or a normal a
        // degree or two, on a clear case (`parry_cast_is_early_on_a_long_segment_by_its_
        // tolerance`, `parry_cast_tilts_a_segment_normal_by_its_tolerance`); nothing worse.
        let tolerance = match cv {
            Verdict::TimeOff(dt) => dt.abs() < 0.01,
            Verdict::NormalOff(deg) => deg < 5.0,
            _ => false,
        };
        prop_assert!(cv == Verdict::Agree || tolerance, "parry-cast {:?} {:?}", cv, co);
        let (so, sv) = verdict(Variant::ParrySweep, &s, &o);
        // A start overlapping with the centre outside is the named disagreement above
        // (`parry_sweep_calls_a_shallow_start_overlap_a_plain_hit`).
        let started_inside = o.cast(&s).is_some_and(|h| h.started_inside);
        prop_assert!(
            matches!(sv, Verdict::Agree | Verdict::Documented { .. })
                || (started_inside && sv == Verdict::StartedInside { reported: false }),
            "parry-sweep {:?} {:?}", sv, so
        );
    }
}
