use glam::Vec2;
use serde::{Deserialize, Serialize};

use super::Aabb;

/// A circle of `radius` whose centre moves in a straight line from `start` (t = 0) to `end`
/// (t = 1). A static circle is a sweep with `start == end`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sweep {
    /// The centre at t = 0.
    pub start: Vec2,
    /// The centre at t = 1.
    pub end: Vec2,
    /// The radius (not negative; zero makes the circle a moving point).
    pub radius: f32,
}

impl Sweep {
    /// The circle of `radius` moving from `start` to `end`.
    pub const fn new(start: Vec2, end: Vec2, radius: f32) -> Self {
        Self { start, end, radius }
    }

    /// A circle that does not move.
    pub const fn stationary(center: Vec2, radius: f32) -> Self {
        Self::new(center, center, radius)
    }

    /// The whole displacement `end − start`.
    pub fn delta(&self) -> Vec2 {
        self.end - self.start
    }

    /// The centre at fraction `t` of the motion, rounded once from f64: exactly `start` at
    /// 0 and `end` at 1, however far apart they are.
    pub fn at(&self, t: f32) -> Vec2 {
        point_on(self.start.as_dvec2(), self.end.as_dvec2(), f64::from(t)).as_vec2()
    }

    /// The part of this motion between fractions `t0` and `t1`, as a sweep of its own.
    pub fn sub(&self, t0: f32, t1: f32) -> Self {
        Self::new(self.at(t0), self.at(t1), self.radius)
    }

    /// This motion as seen from `other` held still at its start: the same start, moved by
    /// the difference of the two displacements, with radius `r1 + r2`, each rounded to the
    /// nearest f32. In exact arithmetic a contact of this sweep with the still circle
    /// happens at the same `t` as the contact of the two moving circles; the roundings can
    /// move it, or turn a near graze into a hit or a miss (a ball of radius 1 passing a
    /// circle of radius 1e-8 at a distance of 1: the sum rounds to 1, a graze). For the
    /// contact itself use `vs_circle`, which works on the exact relative motion.
    pub fn relative_to(&self, other: &Sweep) -> Sweep {
        let v = relative_displacement(self, other);
        let end = self.start.as_dvec2() + v;
        let radius = f64::from(self.radius) + f64::from(other.radius);
        Sweep::new(self.start, end.as_vec2(), radius as f32)
    }

    /// The box around everything the circle covers during the motion (the capsule's bounds).
    pub fn bounds(&self) -> Aabb {
        Aabb::from_points(self.start, self.end).expanded(self.radius)
    }

    /// Finite coordinates and a finite, non-negative radius.
    pub fn is_valid(&self) -> bool {
        let (s, e, r) = (self.start, self.end, self.radius);
        super::all_finite([s.x, s.y, e.x, e.y, r]) & (r >= 0.0)
    }
}

/// How `sweep` moves relative to `other`, in f64: see [`Relative`].
/// The point at fraction `t` of the way from `a` to `b`, measured from the nearer end:
/// exactly `a` at 0 and `b` at 1 (where `a + (b − a)·t` loses `b` when `b − a` rounds
/// away its digits, a start 1e17 from the origin moving to 3), and exactly `a` all along
/// when `a == b` (where `a·(1 − t) + b·t` does not keep a constant coordinate).
pub(crate) fn point_on(a: glam::DVec2, b: glam::DVec2, t: f64) -> glam::DVec2 {
    let d = b - a;
    if t < 0.5 {
        a + d * t
    } else {
        b - d * (1.0 - t)
    }
}

pub(crate) fn relative_displacement(sweep: &Sweep, other: &Sweep) -> glam::DVec2 {
    let (s1, e1) = (sweep.start.as_dvec2(), sweep.end.as_dvec2());
    let (s2, e2) = (other.start.as_dvec2(), other.end.as_dvec2());
    Relative::of(s1, e1, s2, e2).displacement
}

/// One motion seen from another, in f64 (the one form the queries, `resolve` and the
/// debugger share): the separations `start_gap = s1 − s2` at t = 0 and `end_gap = e1 − e2`
/// at t = 1, and the displacement `end_gap − start_gap`, the two separations subtracted
/// rather than the two displacements `(e1 − s1) − (e2 − s2)`. Each f64 difference of f32
/// values rounds when they differ hugely in size, and the displacement form then errs by
/// the size of each whole motion (two circles travelling side by side from near 0 to near
/// 1e6 lose their small relative motion); this form errs only by the size of the
/// separations, and two still circles have an exactly zero relative motion.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Relative {
    pub start_gap: glam::DVec2,
    pub end_gap: glam::DVec2,
    pub displacement: glam::DVec2,
}

impl Relative {
    /// From the first motion `s1 → e1` and the second `s2 → e2`.
    #[inline(always)]
    pub(crate) fn of(
        s1: glam::DVec2,
        e1: glam::DVec2,
        s2: glam::DVec2,
        e2: glam::DVec2,
    ) -> Relative {
        let start_gap = s1 - s2;
        let end_gap = e1 - e2;
        Relative {
            start_gap,
            end_gap,
            displacement: end_gap - start_gap,
        }
    }
}

#[cfg(test)]
mod tests {
    use glam::DVec2;

    use super::point_on;

    /// A slide along y = 15 must stay on it at every t (the closest approach of a graze
    /// picks its earliest minimum among equal distances), and the ends must be exact
    /// however far apart.
    #[test]
    fn points_on_a_path_keep_constant_coordinates_and_exact_ends() {
        let (a, b) = (DVec2::new(-7.3, 15.0), DVec2::new(11.1, 15.0));
        for k in 0..=1000 {
            assert_eq!(point_on(a, b, f64::from(k) / 1000.0).y, 15.0);
        }
        let (a, b) = (DVec2::new(1e17, -3.4e38), DVec2::new(3.0, 1e-45));
        assert_eq!((point_on(a, b, 0.0), point_on(a, b, 1.0)), (a, b));
    }
}
