//! Collision responses in f64: impulses along a unit normal, never a slope.

use glam::DVec2;

/// The unit normal from disc `j` toward disc `i`. Coincident centres (only possible if the
/// user placed them so) fall back to the relative velocity, then to +x, never NaN.
pub fn pair_normal(pi: DVec2, pj: DVec2, vi: DVec2, vj: DVec2) -> DVec2 {
    let d = pi - pj;
    let len = d.length();
    if len > 0.0 {
        return d / len;
    }
    let w = vj - vi;
    let wl = w.length();
    if wl > 0.0 { w / wl } else { DVec2::X }
}

/// New velocities of two discs of masses `mi` and `mj` after an impulse along `n` (from `j`
/// toward `i`) with restitution `e`, or `None` when they are not approaching along `n`.
///
/// Each disc takes the share `m_other / (m_i + m_j)` of the velocity change, written as
/// `1 / (1 + m_i / m_j)`: for any two positive finite masses (subnormal or near `f64::MAX`)
/// the ratio is in `[0, ∞]` and the share in `[0, 1]`, where inverse masses or their sum
/// would overflow to infinity and give NaN velocities.
pub fn pair_impulse(
    vi: DVec2,
    vj: DVec2,
    mi: f64,
    mj: f64,
    n: DVec2,
    e: f64,
) -> Option<(DVec2, DVec2)> {
    let vn = (vi - vj).dot(n);
    // A NaN is "not approaching" too.
    if vn.is_nan() || vn >= 0.0 {
        return None;
    }
    let share_i = 1.0 / (1.0 + mi / mj);
    let share_j = 1.0 / (1.0 + mj / mi);
    let dv = -(1.0 + e) * vn;
    let (ai, aj) = (vi + n * (dv * share_i), vj - n * (dv * share_j));
    Some(separated(ai, aj, n, mi <= mj))
}

/// Velocities after a response that must leave the pair not approaching along `n`: where
/// the impulse was too small to represent (a disc at 5e-324 pushing one at rest: half of
/// it rounds to 0), the response changed nothing and the same contact came again at the
/// same instant, for ever. The closing part left over, below the rounding of the
/// velocities, is taken off the disc that closes in: that only slows it (it moves toward
/// the other at least that fast), where taking it off one at rest pushed it, into a wall
/// behind it, and the two contacts came again at one instant for ever (a disc resting on
/// another on the floor, restitution 0). When both close in, off the lighter
/// (`i_lighter`): off a disc of mass 1e215 it would have given it more energy than the
/// whole world had.
pub(crate) fn separated(ai: DVec2, aj: DVec2, n: DVec2, i_lighter: bool) -> (DVec2, DVec2) {
    let left = (ai - aj).dot(n);
    // (A NaN is left alone, as no approach.)
    if left.is_nan() || left >= 0.0 {
        return (ai, aj);
    }
    // `n` points from j toward i: i closes in moving against it, j along it.
    let (i_closes, j_closes) = (ai.dot(n) < 0.0, aj.dot(n) > 0.0);
    let off_i = match (i_closes, j_closes) {
        (true, false) => true,
        (false, true) => false,
        _ => i_lighter,
    };
    if off_i {
        (ai - n * left, aj)
    } else {
        (ai, aj + n * left)
    }
}

/// A velocity bounced off a static surface with normal `n` (unchanged when not approaching).
pub fn reflect(v: DVec2, n: DVec2, e: f64) -> DVec2 {
    let vn = v.dot(n);
    if vn >= 0.0 {
        return v;
    }
    let out = v - n * ((1.0 + e) * vn);
    // Still approaching only by rounding: take off what is left (see `separated`).
    let left = out.dot(n);
    if left < 0.0 { out - n * left } else { out }
}

/// The velocity nearest `v` that moves into neither surface of normals `n1` and `n2` (both
/// toward the disc or ball): what bouncing between them for ever tends to with restitution
/// 0, and the state a disc (or `resolve`'s ball) wedged between them comes to rest in.
pub(crate) fn stopped_against(v: DVec2, n1: DVec2, n2: DVec2) -> DVec2 {
    let (a, b) = (v.dot(n1), v.dot(n2));
    if a >= 0.0 && b >= 0.0 {
        return v;
    }
    let along1 = v - n1 * a.min(0.0);
    if along1.dot(n2) >= 0.0 {
        return along1;
    }
    let along2 = v - n2 * b.min(0.0);
    if along2.dot(n1) >= 0.0 {
        return along2;
    }
    DVec2::ZERO
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_masses_head_on_swap() {
        let n = pair_normal(
            DVec2::new(0.0, 0.0),
            DVec2::new(2.0, 0.0),
            DVec2::X,
            -DVec2::X,
        );
        let (a, b) = pair_impulse(DVec2::X, -DVec2::X, 1.0, 1.0, n, 1.0).unwrap_or_default();
        assert_eq!((a, b), (-DVec2::X, DVec2::X));
    }

    #[test]
    fn vertical_alignment_has_no_nan() {
        // The published slope dy/dx divides by zero here.
        let n = pair_normal(
            DVec2::new(3.0, 0.0),
            DVec2::new(3.0, 2.0),
            DVec2::Y,
            DVec2::ZERO,
        );
        assert_eq!(n, -DVec2::Y);
        let (a, b) = pair_impulse(DVec2::Y, DVec2::ZERO, 1.0, 1.0, n, 1.0).unwrap_or_default();
        assert_eq!((a, b), (DVec2::ZERO, DVec2::Y));
    }

    #[test]
    fn unequal_masses_match_1d_formula() {
        // 1D elastic: v1' = ((m1 - m2) v1 + 2 m2 v2) / (m1 + m2).
        let (m1, m2, u1, u2) = (3.0, 1.0, 2.0, -1.0);
        let n = -DVec2::X;
        let (a, b) = pair_impulse(DVec2::new(u1, 0.0), DVec2::new(u2, 0.0), m1, m2, n, 1.0)
            .unwrap_or_default();
        let e1 = ((m1 - m2) * u1 + 2.0 * m2 * u2) / (m1 + m2);
        let e2 = ((m2 - m1) * u2 + 2.0 * m1 * u1) / (m1 + m2);
        assert!(
            (a.x - e1).abs() < 1e-15 && (b.x - e2).abs() < 1e-15,
            "{a} {b}"
        );
    }

    #[test]
    fn subnormal_and_huge_masses_give_finite_velocities() {
        // A subnormal mass's inverse is infinite: an impulse written with inverse masses
        // gives NaN here.
        let n = -DVec2::X;
        let (u1, u2) = (DVec2::new(5.0, 0.0), DVec2::new(-5.0, 0.0));
        let (a, b) = pair_impulse(u1, u2, 1e-310, 1.0, n, 1.0).unwrap_or_default();
        // The feather bounces off the anvil: -5 - 2·5 = -15; the anvil keeps its speed.
        assert_eq!((a, b), (DVec2::new(-15.0, 0.0), u2));
        // Two masses near f64::MAX: their sum overflows, their ratio does not.
        let (a, b) = pair_impulse(u1, u2, 1e308, 1e308, n, 1.0).unwrap_or_default();
        assert_eq!((a, b), (u2, u1));
        // Any pair of positive finite masses gives finite velocities.
        for mi in [f64::MIN_POSITIVE / 4.0, 1e-200, 1.0, 1e200, f64::MAX] {
            for mj in [5e-324, 1e-100, 3.0, 1e300, f64::MAX] {
                let (a, b) = pair_impulse(u1, u2, mi, mj, n, 0.5).unwrap_or_default();
                assert!(a.is_finite() && b.is_finite(), "{mi} {mj}: {a} {b}");
            }
        }
        // A NaN closing speed is not an approach.
        assert_eq!(pair_impulse(DVec2::NAN, u2, 1.0, 1.0, n, 1.0), None);
    }

    /// Fuzzing: with restitution 0, rounding left a disc of mass 1e-309 still approaching
    /// one of mass 2.5e215 by 1e-15, and that residue was taken off the heavy disc: its
    /// energy, and the world's, grew from 3e4 to 8e178.
    #[test]
    fn the_rounding_residue_goes_to_the_lighter_disc() {
        let energy = |v: DVec2, m: f64| 0.5 * m * v.length_squared();
        let mut rng = crate::sim::SplitMix64::new(3);
        let mut residues = 0;
        for k in 0..20_000 {
            let angle = rng.range(0.0, std::f64::consts::TAU);
            let n = DVec2::new(angle.cos(), angle.sin());
            let heavy = (DVec2::new(1e-309, -1.9e-297), 2.5e215);
            let light = (
                DVec2::new(rng.range(-70.0, 70.0), rng.range(-70.0, 70.0)),
                2.781342323134e-309,
            );
            let (i, j) = if k % 2 == 0 {
                (heavy, light)
            } else {
                (light, heavy)
            };
            let before = energy(i.0, i.1) + energy(j.0, j.1);
            let Some((a, b)) = pair_impulse(i.0, j.0, i.1, j.1, n, 0.0) else {
                continue;
            };
            let exact = (i.0 - j.0).dot(n) * 0.0;
            residues += usize::from((a - b).dot(n) != exact);
            let after = energy(a, i.1) + energy(b, j.1);
            assert!(after <= before * (1.0 + 1e-9), "{k}: {before} -> {after}");
            // Within rounding of separating: the predictions' resting tolerance (1e-12 of
            // the speed) reads it as not approaching.
            let closing = -(a - b).dot(n);
            assert!(
                closing <= 1e-14 * (a.length() + b.length()),
                "{k}: approaching"
            );
        }
        assert!(residues > 0, "no case left a residue to take off");
    }

    #[test]
    fn reflect_restitution_and_separating() {
        let v = reflect(DVec2::new(1.0, -2.0), DVec2::Y, 0.5);
        assert_eq!(v, DVec2::new(1.0, 1.0));
        assert_eq!(
            reflect(DVec2::new(1.0, 2.0), DVec2::Y, 1.0),
            DVec2::new(1.0, 2.0)
        );
    }
}
