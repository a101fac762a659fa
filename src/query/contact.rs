//! What every query works on and hands back, below the public `Sweep`/`Hit`: the motion in
//! f64 (`resolve` carries its legs in f64, so that no leg's end is rounded to f32 or
//! overflows it), and the contact with the f64 values `resolve` continues from.

use glam::{DVec2, Vec2};

use crate::geom::Sweep;
use crate::hit::{Feature, Hit};
use crate::region::Region;

/// A circle of `radius` moving from `start` to `end`. From a [`Sweep`] every value is
/// exact; `resolve`'s later legs start and end wherever the response puts them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Motion {
    pub start: DVec2,
    pub end: DVec2,
    pub radius: f64,
}

impl Motion {
    #[inline(always)]
    pub fn of(sweep: &Sweep) -> Motion {
        Motion {
            start: sweep.start.as_dvec2(),
            end: sweep.end.as_dvec2(),
            radius: f64::from(sweep.radius),
        }
    }

    /// Finite values and a finite, non-negative radius.
    pub fn is_valid(&self) -> bool {
        self.start.is_finite()
            && self.end.is_finite()
            && self.radius.is_finite()
            && self.radius >= 0.0
    }
}

/// A query's answer: the `Hit` (f32, each value the f32 nearest the exact one, or within
/// one unit of the last place of it) and, for `resolve`, the time, centre and normal in
/// f64.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Contact {
    pub hit: Hit,
    pub t: f64,
    pub center: DVec2,
    pub normal: DVec2,
}

/// What a fast query builds its answer as: the public [`Hit`] alone, or a [`Contact`] for
/// `resolve`. Each query is generic over it and builds its answer where it finds it, so
/// that the public path writes the `Hit` straight into its caller's slot: a `Contact`
/// built first and then cut down to its `Hit` is copied through memory with loads wider
/// than the stores that wrote it, which stalls every hit for several nanoseconds.
pub(crate) trait Answer: Sized {
    fn new(hit: Hit, t: f64, center: DVec2, normal: DVec2) -> Self;

    /// From the exact query's contact (a cold path: the copy costs nothing there).
    #[inline(always)]
    fn of(c: Contact) -> Self {
        Self::new(c.hit, c.t, c.center, c.normal)
    }
}

impl Answer for Hit {
    #[inline(always)]
    fn new(hit: Hit, _: f64, _: DVec2, _: DVec2) -> Hit {
        hit
    }
}

impl Answer for Contact {
    #[inline(always)]
    fn new(mut hit: Hit, t: f64, center: DVec2, normal: DVec2) -> Contact {
        // A `resolve` leg can run beyond f32's range, and its contact's centre and point
        // with it. (A single query's centre lies between its f32 start and end, and a
        // contact point between the two centres, except where the queries hold it.)
        hit.center = super::float::held(hit.center);
        hit.point = super::float::held(hit.point);
        Contact {
            hit,
            t,
            center,
            normal,
        }
    }
}

/// A contact as the caller's answer: `center`, `normal` and `t` in f64 for `resolve`, the
/// rest as reported.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn answer<A: Answer>(
    time: f32,
    t: f64,
    center: DVec2,
    center32: Vec2,
    point: Vec2,
    normal: DVec2,
    normal32: Vec2,
    face_normal: Vec2,
    feature: Feature,
    region: Option<Region>,
    started_inside: bool,
) -> A {
    A::new(
        Hit {
            time,
            center: center32,
            point,
            normal: normal32,
            face_normal,
            feature,
            region,
            started_inside,
        },
        t,
        center,
        normal,
    )
}
