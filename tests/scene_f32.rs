//! Scene files hold every f32 exactly: the RON writer prints the shortest decimal that
//! reads back to the same bits (ron 0.12 writes `{:?}` and reads with `f32::from_str`), so
//! a captured query, a hunted counterexample or a dragged handle survives a save and a load
//! bit for bit — negative zero and subnormals included.

#![cfg(feature = "cli")]

use proptest::prelude::*;
use sweepscope::Vec2;
use sweepscope::scene::{Object, Scene, Shape, parse_scene, scene_to_string};

/// A scene of segments whose coordinates are `values`, four per segment.
fn scene_of(values: &[f32]) -> Scene {
    let mut s = Scene::empty("f32 round trip");
    for (i, c) in values.chunks(4).enumerate() {
        let at = |k: usize| c.get(k).copied().unwrap_or(0.0);
        s.objects.push(Object {
            name: format!("s{i}"),
            shape: Shape::Segment {
                a: Vec2::new(at(0), at(1)),
                b: Vec2::new(at(2), at(3)),
            },
        });
    }
    s
}

fn coordinates(s: &Scene) -> Vec<u32> {
    s.objects
        .iter()
        .flat_map(|o| match o.shape {
            Shape::Segment { a, b } => [a.x, a.y, b.x, b.y],
            _ => panic!("only segments here"),
        })
        .map(f32::to_bits)
        .collect()
}

fn round_trips(values: &[f32]) {
    let scene = scene_of(values);
    let text = scene_to_string(&scene);
    let back = parse_scene(&text, "f32.ron").expect("loads");
    let mut padded: Vec<u32> = values.iter().map(|x| x.to_bits()).collect();
    padded.resize(scene.objects.len() * 4, 0f32.to_bits());
    let got = coordinates(&back);
    assert_eq!(got.len(), padded.len());
    for (i, (a, b)) in padded.iter().zip(&got).enumerate() {
        assert_eq!(
            a,
            b,
            "value {i}: {:?} came back as {:?}",
            f32::from_bits(*a),
            f32::from_bits(*b)
        );
    }
}

#[test]
fn the_hard_values_round_trip_bit_for_bit() {
    round_trips(&[
        -0.0,
        0.0,
        f32::from_bits(1), // the smallest subnormal
        -f32::from_bits(1),
        f32::from_bits(0x007F_FFFF), // the largest subnormal
        f32::MIN_POSITIVE,
        f32::MAX,
        f32::MIN,
        f32::EPSILON,
        1.0 + f32::EPSILON,
        0.1,
        1.0 / 3.0,
        16_777_216.0,
        16_777_218.0,
        3.402_823_5e38,
        1e-45,
        std::f32::consts::PI,
        -123_456.79,
    ]);
}

#[test]
fn a_stride_through_every_finite_bit_pattern_round_trips() {
    // 65 537 is odd and coprime to 2^32: the stride visits every exponent and sign.
    let values: Vec<f32> = (0u64..(1 << 32))
        .step_by(65_537)
        .map(|b| f32::from_bits(b as u32))
        .filter(|x| x.is_finite())
        .collect();
    assert!(values.len() > 60_000);
    round_trips(&values);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_finite_bits_round_trip(bits in proptest::collection::vec(any::<u32>(), 1..64)) {
        let values: Vec<f32> = bits
            .into_iter()
            .map(f32::from_bits)
            .filter(|x| x.is_finite())
            .collect();
        round_trips(&values);
    }
}

/// The whole f32 line through the very formatting and parsing RON uses (`{:?}` out,
/// `f32::from_str` in): about a minute in release on two cores, so run by hand with
/// `cargo test --release --test scene_f32 -- --ignored`.
#[test]
#[ignore]
fn every_finite_f32_round_trips_through_the_shortest_decimal() {
    use rayon::prelude::*;
    let bad = (0u64..(1 << 32))
        .into_par_iter()
        .map(|b| f32::from_bits(b as u32))
        .filter(|x| x.is_finite())
        .filter(|x| format!("{x:?}").parse::<f32>().map(f32::to_bits) != Ok(x.to_bits()))
        .count();
    assert_eq!(bad, 0);
}
