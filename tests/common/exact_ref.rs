//! An exact reference for the queries, written from the contact rules alone and sharing
//! no code or method with the library's exact path: rational numbers (`num-rational`)
//! for every input and intermediate value, and the squared distance from the moving
//! centre to the obstacle as a piecewise quadratic in t (its pieces split where the
//! nearest feature changes), whose first crossing of r² is the contact. Times and reported
//! values are numbers `a + b·√d` with rational `a`, `b`, `d`, compared exactly.
//!
//! A rotated box's frame is transcendental; it is worked to two precisions of the cosine
//! and sine (192 and 256 bits, from a fixed-point Taylor series of this module's own), and a
//! case whose verdict or any checked rounding differs between them is reported as
//! undecided. At angle 0 the frame is exact.

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational as Q;
use num_traits::{One, Signed, ToPrimitive, Zero};
use sweepscope::{Aabb, Corner, End, Feature, Hit, Obb, Region, Segment, Side, Sweep, Vec2};

pub fn q(x: f32) -> Q {
    Q::from_float(x).expect("finite")
}

fn qi(i: i64) -> Q {
    Q::from_integer(BigInt::from(i))
}

fn sgn(x: &Q) -> Ordering {
    x.cmp(&Q::zero())
}

/// `a + b·√d` (`d ≥ 0`).
#[derive(Clone, Debug)]
pub struct Surd {
    pub a: Q,
    pub b: Q,
    pub d: Q,
}

impl Surd {
    pub fn rat(a: Q) -> Surd {
        Surd {
            a,
            b: Q::zero(),
            d: Q::zero(),
        }
    }

    /// `x/√d·k`: `k·x·√d / d`, for a unit vector's component.
    fn over_root(x: &Q, d: &Q) -> Surd {
        Surd {
            a: Q::zero(),
            b: x / d,
            d: d.clone(),
        }
    }

    fn has_root(&self) -> bool {
        !self.b.is_zero() && !self.d.is_zero()
    }

    pub fn sign(&self) -> Ordering {
        let sa = sgn(&self.a);
        if !self.has_root() {
            return sa;
        }
        let sb = sgn(&self.b);
        if sa == Ordering::Equal || sa == sb {
            return sb;
        }
        match (&self.a * &self.a).cmp(&(&self.b * &self.b * &self.d)) {
            Ordering::Greater => sa,
            Ordering::Less => sb,
            Ordering::Equal => Ordering::Equal,
        }
    }

    fn plus_rat(&self, x: &Q) -> Surd {
        Surd {
            a: &self.a + x,
            b: self.b.clone(),
            d: self.d.clone(),
        }
    }

    fn times(&self, k: &Q) -> Surd {
        Surd {
            a: &self.a * k,
            b: &self.b * k,
            d: self.d.clone(),
        }
    }

    /// The sum of two numbers with the same radicand (or one without a root).
    fn add(&self, o: &Surd) -> Surd {
        if !o.has_root() {
            return self.plus_rat(&o.a);
        }
        if !self.has_root() {
            return o.plus_rat(&self.a);
        }
        assert_eq!(self.d, o.d, "sums of different radicands are not needed");
        Surd {
            a: &self.a + &o.a,
            b: &self.b + &o.b,
            d: self.d.clone(),
        }
    }

    fn neg(&self) -> Surd {
        self.times(&qi(-1))
    }

    pub fn cmp_rat(&self, x: &Q) -> Ordering {
        self.plus_rat(&-x).sign()
    }

    /// The exact order of two such numbers, any radicands.
    pub fn cmp(&self, o: &Surd) -> Ordering {
        if !self.has_root() || !o.has_root() || self.d == o.d {
            return self.add(&o.neg()).sign();
        }
        // A + C with A = (a1 − a2) + b1·√d1 and C = −b2·√d2.
        let a = Surd {
            a: &self.a - &o.a,
            b: self.b.clone(),
            d: self.d.clone(),
        };
        let (sa, sc) = (a.sign(), sgn(&-&o.b));
        if sc == Ordering::Equal {
            return sa;
        }
        if sa == Ordering::Equal || sa == sc {
            return sc;
        }
        // |A| against |C|: A² − C² = (a² + b1²·d1 − b2²·d2) + 2·a·b1·√d1.
        let diff = Surd {
            a: &a.a * &a.a + &a.b * &a.b * &a.d - &o.b * &o.b * &o.d,
            b: qi(2) * &a.a * &a.b,
            d: a.d.clone(),
        };
        match diff.sign() {
            Ordering::Greater => sa,
            Ordering::Less => sc,
            Ordering::Equal => Ordering::Equal,
        }
    }

    pub fn approx(&self) -> f64 {
        let f = |x: &Q| x.to_f64().unwrap_or(f64::NAN);
        f(&self.a) + f(&self.b) * f(&self.d).sqrt()
    }
}

fn surd_v(v: [Q; 2]) -> [Surd; 2] {
    v.map(Surd::rat)
}

/// `o` is the f32 nearest `x` (ties to even).
pub fn is_nearest(o: f32, x: &Surd) -> bool {
    if !o.is_finite() {
        return false;
    }
    let below = if o.next_down().is_finite() {
        q(o.next_down())
    } else {
        q(o) - (q(o.next_up()) - q(o))
    };
    let above = if o.next_up().is_finite() {
        q(o.next_up())
    } else {
        q(o) + (q(o) - &below)
    };
    let two = qi(2);
    let (lo, hi) = ((&below + q(o)) / &two, (q(o) + &above) / &two);
    let even = o.to_bits() & 1 == 0;
    let (a, b) = (x.cmp_rat(&lo), x.cmp_rat(&hi));
    (a == Ordering::Greater || (a == Ordering::Equal && even))
        && (b == Ordering::Less || (b == Ordering::Equal && even))
}

/// `o` is a faithful rounding of `x`: `x` itself when it is an f32, else one of the two f32
/// values around it.
pub fn is_faithful(o: f32, x: &Surd) -> bool {
    o.is_finite()
        && (!o.next_down().is_finite() || x.cmp_rat(&q(o.next_down())) == Ordering::Greater)
        && (!o.next_up().is_finite() || x.cmp_rat(&q(o.next_up())) == Ordering::Less)
}

/// The exact contact: every reported number, and the decisions.
#[derive(Clone, Debug)]
pub struct RefHit {
    pub time: Surd,
    pub center: [Surd; 2],
    pub point: [Surd; 2],
    pub normal: [Surd; 2],
    pub face_normal: [Surd; 2],
    pub feature: Feature,
    pub region: Option<Region>,
    pub started_inside: bool,
}

/// How a library answer compares with the reference.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    Agree,
    /// The reference could not separate the case from a tie (rotated boxes only).
    Undecided,
    Disagree(String),
}

/// Checks `hit` against `reference`: the same decisions, the time the f32 nearest the
/// exact time, every other number a faithful rounding of its exact value.
pub fn judge(hit: &Option<Hit>, reference: &Option<RefHit>) -> Result<(), String> {
    match (hit, reference) {
        (None, None) => Ok(()),
        (Some(h), None) => Err(format!("hit where the reference misses: {h:?}")),
        (None, Some(r)) => Err(format!(
            "miss where the reference hits at t ≈ {}",
            r.time.approx()
        )),
        (Some(h), Some(r)) => {
            let mut problems = Vec::new();
            if h.feature != r.feature {
                problems.push(format!("feature {:?} vs {:?}", h.feature, r.feature));
            }
            if h.started_inside != r.started_inside {
                problems.push("started_inside".to_owned());
            }
            if h.region != r.region {
                problems.push(format!("region {:?} vs {:?}", h.region, r.region));
            }
            if !is_nearest(h.time, &r.time) {
                problems.push(format!("time {} vs {}", h.time, r.time.approx()));
            }
            let vecs = [
                ("center", h.center, &r.center),
                ("point", h.point, &r.point),
                ("normal", h.normal, &r.normal),
                ("face_normal", h.face_normal, &r.face_normal),
            ];
            for (name, o, x) in vecs {
                if !(is_faithful(o.x, &x[0]) && is_faithful(o.y, &x[1])) {
                    problems.push(format!(
                        "{name} {o:?} vs ({}, {})",
                        x[0].approx(),
                        x[1].approx()
                    ));
                }
            }
            if problems.is_empty() {
                Ok(())
            } else {
                Err(problems.join("; "))
            }
        }
    }
}

// --- The moving point's squared distance, piece by piece ---------------------------------

/// `A·t² + B·t + C`.
struct Quad {
    a: Q,
    b: Q,
    c: Q,
}

impl Quad {
    /// `(p + w·t)²` summed over components, from the linear pieces `p + w·t`.
    fn squares(lines: &[(Q, Q)]) -> Quad {
        let mut out = Quad {
            a: Q::zero(),
            b: Q::zero(),
            c: Q::zero(),
        };
        for (p, w) in lines {
            out.a += w * w;
            out.b += qi(2) * p * w;
            out.c += p * p;
        }
        out
    }

    fn at(&self, t: &Q) -> Q {
        &self.a * t * t + &self.b * t + &self.c
    }

    /// The first time in `[lo, hi)` (`hi` None: unbounded) at which the quadratic goes
    /// below `level` (a strict crossing; a double root only touches), given that it is not
    /// below it at `lo`.
    fn first_below(&self, level: &Q, lo: &Q, hi: Option<&Q>) -> Option<Surd> {
        if self.a.is_zero() {
            // Constant (the point does not move relative to this piece's feature) or
            // linear: a distance squared that is not a square never is linear here.
            return None;
        }
        let c = &self.c - level;
        let disc = &self.b * &self.b - qi(4) * &self.a * &c;
        if disc <= Q::zero() {
            return None;
        }
        let two_a = qi(2) * &self.a;
        let t1 = Surd {
            a: -&self.b / &two_a,
            b: -Q::one() / &two_a,
            d: disc.clone(),
        };
        let t2 = Surd {
            a: -&self.b / &two_a,
            b: Q::one() / &two_a,
            d: disc,
        };
        // (t1, t2) meets [lo, hi): the point is below the level from t1 on.
        if t2.cmp_rat(lo) != Ordering::Greater {
            return None;
        }
        if let Some(hi) = hi
            && t1.cmp_rat(hi) != Ordering::Less
        {
            return None;
        }
        Some(t1)
    }
}

/// The times after 0 at which `p + w·t` crosses `k`.
fn crossing(p: &Q, w: &Q, k: &Q) -> Option<Q> {
    if w.is_zero() {
        return None;
    }
    let t = (k - p) / w;
    (t > Q::zero()).then_some(t)
}

/// A time strictly inside the piece `[lo, hi)`.
fn inside(lo: &Q, hi: Option<&Q>) -> Q {
    match hi {
        Some(hi) => (lo + hi) / qi(2),
        None => lo + Q::one(),
    }
}

/// The first time the distance along `s + v·t` from a feature set described by
/// `lines_at(t)` (the linear pieces of the offset to the nearest point, valid around t)
/// goes below `r`, the pieces split at `breaks`.
fn first_entry(breaks: Vec<Q>, r: &Q, lines_at: impl Fn(&Q) -> Vec<(Q, Q)>) -> Option<Surd> {
    let mut cuts = vec![Q::zero()];
    let mut b = breaks;
    b.sort();
    b.dedup();
    cuts.extend(b);
    let rr = r * r;
    for k in 0..cuts.len() {
        let (lo, hi) = (&cuts[k], cuts.get(k + 1));
        let quad = Quad::squares(&lines_at(&inside(lo, hi)));
        if let Some(t) = quad.first_below(&rr, lo, hi) {
            return Some(t);
        }
    }
    None
}

// --- Boxes --------------------------------------------------------------------------------

/// A box problem in its own frame: start, motion, box, radius.
struct BoxCase {
    s: [Q; 2],
    v: [Q; 2],
    lo: [Q; 2],
    hi: [Q; 2],
    r: Q,
}

fn region_code(p: &[Surd; 2], lo: &[Q; 2], hi: &[Q; 2]) -> Region {
    let mut code = 0;
    if p[0].cmp_rat(&lo[0]) == Ordering::Less {
        code |= Region::LEFT.0;
    } else if p[0].cmp_rat(&hi[0]) == Ordering::Greater {
        code |= Region::RIGHT.0;
    }
    if p[1].cmp_rat(&lo[1]) == Ordering::Less {
        code |= Region::BOTTOM.0;
    } else if p[1].cmp_rat(&hi[1]) == Ordering::Greater {
        code |= Region::TOP.0;
    }
    Region(code)
}

fn axis(i: usize, s: i64) -> [Surd; 2] {
    let mut v = [Q::zero(), Q::zero()];
    v[i] = qi(s);
    surd_v(v)
}

fn side_axis(side: Side) -> [Surd; 2] {
    match side {
        Side::Left => axis(0, -1),
        Side::Right => axis(0, 1),
        Side::Bottom => axis(1, -1),
        Side::Top => axis(1, 1),
    }
}

/// The face of a corner or push-out normal: the axis of its larger component, the y axis
/// on a tie, with that component's sign.
fn larger_axis(n: &[Surd; 2]) -> [Surd; 2] {
    // |n.x| > |n.y| ⇔ n.x² > n.y²: compare the squares exactly.
    let sq = |x: &Surd| Surd {
        a: &x.a * &x.a + &x.b * &x.b * &x.d,
        b: qi(2) * &x.a * &x.b,
        d: x.d.clone(),
    };
    let sgn_i = |x: &Surd| match x.sign() {
        Ordering::Less => -1,
        _ => 1,
    };
    if sq(&n[0]).cmp(&sq(&n[1])) == Ordering::Greater {
        axis(0, sgn_i(&n[0]))
    } else {
        axis(1, sgn_i(&n[1]))
    }
}

fn box_ref(c: &BoxCase) -> Option<RefHit> {
    let BoxCase { s, v, lo, hi, r } = c;
    let zero = Q::zero();
    let out = |i: usize, x: &Q| -> Q {
        if x < &lo[i] {
            &lo[i] - x
        } else if x > &hi[i] {
            x - &hi[i]
        } else {
            Q::zero()
        }
    };
    let d0 = [out(0, &s[0]), out(1, &s[1])];
    let dist2 = &d0[0] * &d0[0] + &d0[1] * &d0[1];
    let inside_open = (0..2).all(|i| lo[i] < s[i] && s[i] < hi[i]);
    let overlap = if r.is_zero() {
        inside_open
    } else {
        dist2 < r * r
    };
    let s_surd = surd_v(s.clone());
    if overlap {
        let region = region_code(&s_surd, lo, hi);
        let clamp = |i: usize| s[i].clone().max(lo[i].clone()).min(hi[i].clone());
        let qp = [clamp(0), clamp(1)];
        let (normal, feature, point) = if dist2 > zero {
            let n = [0, 1].map(|i| Surd::over_root(&(&s[i] - &qp[i]), &dist2));
            let horizontal = s[0] < lo[0] || s[0] > hi[0];
            let vertical = s[1] < lo[1] || s[1] > hi[1];
            let right = s[0] > hi[0];
            let top = s[1] > hi[1];
            let feature = match (horizontal, vertical) {
                (true, true) => Feature::Corner(Corner::from_signs(right, top)),
                (true, false) => Feature::Side(if right { Side::Right } else { Side::Left }),
                _ => Feature::Side(if top { Side::Top } else { Side::Bottom }),
            };
            (n, feature, surd_v(qp))
        } else {
            let dist = [
                &s[0] - &lo[0],
                &hi[0] - &s[0],
                &s[1] - &lo[1],
                &hi[1] - &s[1],
            ];
            let heading = [-&v[0], v[0].clone(), -&v[1], v[1].clone()];
            let mut best = 0;
            for k in 1..4 {
                if dist[k] < dist[best] || (dist[k] == dist[best] && heading[k] > heading[best]) {
                    best = k;
                }
            }
            let side = [Side::Left, Side::Right, Side::Bottom, Side::Top][best];
            let mut p = s.clone();
            p[best / 2] = if best % 2 == 0 {
                lo[best / 2].clone()
            } else {
                hi[best / 2].clone()
            };
            (side_axis(side), Feature::Side(side), surd_v(p))
        };
        let face = larger_axis(&normal);
        return Some(RefHit {
            time: Surd::rat(zero),
            center: s_surd,
            point,
            face_normal: if matches!(feature, Feature::Side(_)) {
                normal.clone()
            } else {
                face
            },
            normal,
            feature,
            region: Some(region),
            started_inside: true,
        });
    }
    let flat = [lo[0] == hi[0], lo[1] == hi[1]];
    let t = if r.is_zero() {
        if flat[0] || flat[1] {
            return wall_crossing(c, flat);
        }
        // The open box: both open slabs at once.
        let mut lower = Q::zero();
        let mut upper: Option<Q> = None;
        for i in 0..2 {
            if v[i].is_zero() {
                if !(lo[i] < s[i] && s[i] < hi[i]) {
                    return None;
                }
                continue;
            }
            let (a, b) = ((&lo[i] - &s[i]) / &v[i], (&hi[i] - &s[i]) / &v[i]);
            let (a, b) = if a < b { (a, b) } else { (b, a) };
            lower = lower.max(a);
            upper = Some(upper.map_or(b.clone(), |u| u.min(b)));
        }
        let upper = upper?;
        if lower >= upper {
            return None;
        }
        Surd::rat(lower)
    } else {
        let mut breaks = Vec::new();
        for i in 0..2 {
            for k in [&lo[i], &hi[i]] {
                breaks.extend(crossing(&s[i], &v[i], k));
            }
        }
        first_entry(breaks, r, |t| {
            (0..2)
                .filter_map(|i| {
                    let x = &s[i] + &v[i] * t;
                    if x < lo[i] {
                        Some((&lo[i] - &s[i], -&v[i]))
                    } else if x > hi[i] {
                        Some((&s[i] - &hi[i], v[i].clone()))
                    } else {
                        None
                    }
                })
                .collect()
        })?
    };
    if t.cmp_rat(&Q::one()) == Ordering::Greater {
        return None;
    }
    let center = [0, 1].map(|i| t.times(&v[i]).plus_rat(&s[i]));
    let region = region_code(&center, lo, hi);
    let beyond = |i: usize| {
        if center[i].cmp_rat(&lo[i]) == Ordering::Less {
            Some(false)
        } else if center[i].cmp_rat(&hi[i]) == Ordering::Greater {
            Some(true)
        } else {
            None
        }
    };
    let on = |i: usize| {
        if center[i].cmp_rat(&lo[i]) == Ordering::Equal {
            Some(false)
        } else if center[i].cmp_rat(&hi[i]) == Ordering::Equal {
            Some(true)
        } else {
            None
        }
    };
    let (bx, by) = (beyond(0), beyond(1));
    if let (Some(right), Some(top)) = (bx, by) {
        let k = [
            if right { hi[0].clone() } else { lo[0].clone() },
            if top { hi[1].clone() } else { lo[1].clone() },
        ];
        let normal = [0, 1].map(|i| center[i].plus_rat(&-&k[i]).times(&(Q::one() / r)));
        let face = larger_axis(&normal);
        return Some(RefHit {
            time: t,
            point: surd_v(k),
            center,
            normal,
            face_normal: face,
            feature: Feature::Corner(Corner::from_signs(right, top)),
            region: Some(region),
            started_inside: false,
        });
    }
    let (i, high) = match (bx, by, on(0), on(1)) {
        (Some(h), _, _, _) => (0, h),
        (_, Some(h), _, _) => (1, h),
        (_, _, Some(hx), Some(hy)) => {
            // r = 0 entering at a corner: the side crossed faster, ties to x.
            if v[1].abs() > v[0].abs() {
                (1, hy)
            } else {
                (0, hx)
            }
        }
        (_, _, Some(h), None) => (0, h),
        (_, _, None, Some(h)) => (1, h),
        _ => panic!("an entry from outside lies on the box's boundary or beyond it"),
    };
    let side = [[Side::Left, Side::Right], [Side::Bottom, Side::Top]][i][usize::from(high)];
    let mut point = center.clone();
    point[i] = Surd::rat(if high { hi[i].clone() } else { lo[i].clone() });
    let normal = side_axis(side);
    Some(RefHit {
        time: t,
        center,
        point,
        face_normal: normal.clone(),
        normal,
        feature: Feature::Side(side),
        region: Some(region),
        started_inside: false,
    })
}

/// r = 0 against a wall (a box of zero width or height): crossing its line at a point of
/// it, from one side to the other.
fn wall_crossing(c: &BoxCase, flat: [bool; 2]) -> Option<RefHit> {
    if flat[0] && flat[1] {
        return None;
    }
    let BoxCase { s, v, lo, hi, .. } = c;
    let i = if flat[0] { 0 } else { 1 };
    let j = 1 - i;
    let gap = &lo[i] - &s[i];
    if gap.is_zero() || v[i].is_zero() || (gap > Q::zero()) != (v[i] > Q::zero()) {
        return None;
    }
    let t = &gap / &v[i];
    if t > Q::one() {
        return None;
    }
    let at = [&s[0] + &v[0] * &t, &s[1] + &v[1] * &t];
    if at[j] < lo[j] || at[j] > hi[j] {
        return None;
    }
    let low_side = gap > Q::zero();
    let side = [[Side::Right, Side::Left], [Side::Top, Side::Bottom]][i][usize::from(low_side)];
    let normal = side_axis(side);
    let at = surd_v(at);
    Some(RefHit {
        time: Surd::rat(t),
        region: Some(region_code(&at, lo, hi)),
        center: at.clone(),
        point: at,
        face_normal: normal.clone(),
        normal,
        feature: Feature::Side(side),
        started_inside: false,
    })
}

/// The sweep's inputs are usable: finite, radius not negative.
fn sweep_ok(s: &Sweep) -> bool {
    [s.start.x, s.start.y, s.end.x, s.end.y, s.radius]
        .iter()
        .all(|x| x.is_finite())
        && s.radius >= 0.0
}

pub fn aabb(sweep: &Sweep, b: &Aabb) -> Option<RefHit> {
    if !(sweep_ok(sweep)
        && [b.min.x, b.min.y, b.max.x, b.max.y]
            .iter()
            .all(|x| x.is_finite())
        && b.min.x <= b.max.x
        && b.min.y <= b.max.y)
    {
        return None;
    }
    let s = [q(sweep.start.x), q(sweep.start.y)];
    let v = [q(sweep.end.x) - &s[0], q(sweep.end.y) - &s[1]];
    box_ref(&BoxCase {
        s,
        v,
        lo: [q(b.min.x), q(b.min.y)],
        hi: [q(b.max.x), q(b.max.y)],
        r: q(sweep.radius),
    })
}

// --- Rotated boxes --------------------------------------------------------------------------

/// π/2·2^f (truncated) from π/4 = arctan(1/2) + arctan(1/3) (Euler's), as a big integer.
fn half_pi_fixed(f: u64) -> BigInt {
    let atan_inv = |n: u64| {
        let one = BigInt::one() << (f + 16);
        let mut power = &one / BigInt::from(n);
        let (mut sum, mut k) = (BigInt::zero(), 0u64);
        let n2 = BigInt::from(n * n);
        while !power.is_zero() {
            let term = &power / BigInt::from(2 * k + 1);
            if k % 2 == 0 {
                sum += term;
            } else {
                sum -= term;
            }
            power /= &n2;
            k += 1;
        }
        sum
    };
    ((atan_inv(2) + atan_inv(3)) * 2) >> 16u32
}

/// cos θ and sin θ as rationals within about 2^-bits.
pub fn cos_sin(theta: f32, bits: u64) -> (Q, Q) {
    if theta == 0.0 {
        return (Q::one(), Q::zero());
    }
    let x = q(theta);
    // Fixed point with f fraction bits, fine enough for the sine of a tiny angle.
    let tiny = (-x.abs().to_f64().unwrap().log2()).max(0.0) as u64;
    let big = x.abs().to_f64().unwrap().log2().max(0.0) as u64;
    let f = bits + tiny + 64;
    let scale = Q::from_integer(BigInt::one() << (f + big + 64));
    let xf = (x * &scale).to_integer(); // exact: θ is a multiple of 2^-149
    let hp = half_pi_fixed(f + big + 64);
    let (k, rem) = xf.div_mod_floor(&hp);
    // y in [0, π/2) at f + big + 64 bits, then down to f bits.
    let y = rem >> ((big + 64) as u32);
    let one = BigInt::one() << f;
    let series = |first: u64| {
        let mut term = if first == 0 { one.clone() } else { y.clone() };
        let mut sum = term.clone();
        let mut n = first;
        let mut neg = true;
        let y2 = (&y * &y) >> f;
        while !term.is_zero() {
            term = ((&term * &y2) >> f) / BigInt::from((n + 1) * (n + 2));
            n += 2;
            if neg {
                sum -= &term;
            } else {
                sum += &term;
            }
            neg = !neg;
        }
        Q::new(sum, one.clone())
    };
    let (c, s) = (series(0), series(1));
    match k.mod_floor(&BigInt::from(4)).to_u8().unwrap() {
        0 => (c, s),
        1 => (-s, c),
        2 => (-c, -s),
        _ => (s, -c),
    }
}

fn obb_at(sweep: &Sweep, b: &Obb, bits: u64) -> Option<(RefHit, Q, Q)> {
    let (c, s) = cos_sin(b.angle, bits);
    let start = [q(sweep.start.x), q(sweep.start.y)];
    let vw = [q(sweep.end.x) - &start[0], q(sweep.end.y) - &start[1]];
    let d = [&start[0] - q(b.center.x), &start[1] - q(b.center.y)];
    let local = |w: &[Q; 2]| [&c * &w[0] + &s * &w[1], &c * &w[1] - &s * &w[0]];
    let h = [q(b.half_extents.x), q(b.half_extents.y)];
    let mut hit = box_ref(&BoxCase {
        s: local(&d),
        v: local(&vw),
        lo: [-&h[0], -&h[1]],
        hi: h.clone(),
        r: q(sweep.radius),
    })?;
    let world = |p: &[Surd; 2]| -> [Surd; 2] {
        [
            p[0].times(&c).add(&p[1].times(&-&s)),
            p[0].times(&s).add(&p[1].times(&c)),
        ]
    };
    // The centre in the world is start + v·t, whatever the frame.
    hit.center = [0, 1].map(|i| hit.time.times(&vw[i]).plus_rat(&start[i]));
    let cw = [q(b.center.x), q(b.center.y)];
    let p = world(&hit.point);
    hit.point = [p[0].plus_rat(&cw[0]), p[1].plus_rat(&cw[1])];
    hit.normal = world(&hit.normal);
    hit.face_normal = world(&hit.face_normal);
    Some((hit, c, s))
}

/// The rotated box, worked at two precisions of its frame: `Ok` with the answer when they
/// agree on the verdict, `Err` (undecided) when not. The caller judges the library's
/// answer against both.
pub fn obb(sweep: &Sweep, b: &Obb) -> Result<Vec<Option<RefHit>>, String> {
    let h = b.half_extents;
    if !(sweep_ok(sweep)
        && [b.center.x, b.center.y, h.x, h.y, b.angle]
            .iter()
            .all(|x| x.is_finite())
        && h.x >= 0.0
        && h.y >= 0.0)
    {
        return Ok(vec![None]);
    }
    if b.angle == 0.0 {
        return Ok(vec![obb_at(sweep, b, 64).map(|x| x.0)]);
    }
    let a = obb_at(sweep, b, 192).map(|x| x.0);
    let c = obb_at(sweep, b, 256).map(|x| x.0);
    let key = |h: &Option<RefHit>| h.as_ref().map(|h| (h.feature, h.region, h.started_inside));
    if key(&a) != key(&c) {
        return Err("the verdict changes with the frame's precision".to_owned());
    }
    // A point box is the same at every angle, so an exact tangency with it is possible
    // (the ball reaching it at t = 1 exactly 2 away), and both precisions of a rotated
    // frame round it the same wrong way. Its verdict is checked in the world, exactly.
    if h.x == 0.0 && h.y == 0.0 {
        let point = Sweep::new(b.center, b.center, 0.0);
        if circle(sweep, &point).is_some() != a.is_some() {
            return Err("a point box's exact tangency, which a rotated frame rounds".to_owned());
        }
    }
    Ok(vec![a, c])
}

// --- Segments ---------------------------------------------------------------------------

fn cross(a: &[Q; 2], b: &[Q; 2]) -> Q {
    &a[0] * &b[1] - &a[1] * &b[0]
}

fn dot(a: &[Q; 2], b: &[Q; 2]) -> Q {
    &a[0] * &b[0] + &a[1] * &b[1]
}

fn sub(a: &[Q; 2], b: &[Q; 2]) -> [Q; 2] {
    [&a[0] - &b[0], &a[1] - &b[1]]
}

/// The unit vector along `w` (nonzero): `w·√|w|² / |w|²`.
fn unit(w: &[Q; 2]) -> [Surd; 2] {
    let n2 = dot(w, w);
    [Surd::over_root(&w[0], &n2), Surd::over_root(&w[1], &n2)]
}

pub fn segment(sweep: &Sweep, seg: &Segment) -> Option<RefHit> {
    if !(sweep_ok(sweep)
        && [seg.a.x, seg.a.y, seg.b.x, seg.b.y]
            .iter()
            .all(|x| x.is_finite()))
    {
        return None;
    }
    let s = [q(sweep.start.x), q(sweep.start.y)];
    let v = [q(sweep.end.x) - &s[0], q(sweep.end.y) - &s[1]];
    let (a, b) = ([q(seg.a.x), q(seg.a.y)], [q(seg.b.x), q(seg.b.y)]);
    let r = q(sweep.radius);
    let e = sub(&b, &a);
    let l2 = dot(&e, &e);
    let rr = &r * &r;
    let sa = sub(&s, &a);
    let at = |t: &Surd| {
        [
            t.times(&v[0]).plus_rat(&s[0]),
            t.times(&v[1]).plus_rat(&s[1]),
        ]
    };
    if l2.is_zero() {
        // A point obstacle: touched only, never hit, by a point.
        if r.is_zero() {
            return None;
        }
        let d0 = dot(&sa, &sa);
        if d0 < rr {
            let n = if !d0.is_zero() {
                unit(&sa)
            } else if !dot(&v, &v).is_zero() {
                unit(&[-&v[0], -&v[1]])
            } else {
                surd_v([Q::zero(), Q::one()])
            };
            return Some(RefHit {
                time: Surd::rat(Q::zero()),
                center: surd_v(s),
                point: surd_v(a),
                face_normal: n.clone(),
                normal: n,
                feature: Feature::End(End::A),
                region: None,
                started_inside: true,
            });
        }
        let t = first_entry(vec![], &r, |_| {
            vec![(sa[0].clone(), v[0].clone()), (sa[1].clone(), v[1].clone())]
        })?;
        if t.cmp_rat(&Q::one()) == Ordering::Greater {
            return None;
        }
        let c = at(&t);
        let n = [0, 1].map(|i| c[i].plus_rat(&-&a[i]).times(&(Q::one() / &r)));
        return Some(RefHit {
            time: t,
            center: c,
            point: surd_v(a),
            face_normal: n.clone(),
            normal: n,
            feature: Feature::End(End::A),
            region: None,
            started_inside: false,
        });
    }
    let n_left = [-&e[1], e[0].clone()];
    let n_right = [e[1].clone(), -&e[0]];
    let h0 = cross(&e, &sa);
    let u0 = dot(&e, &sa);
    let (hv, uv) = (cross(&e, &v), dot(&e, &v));
    if r.is_zero() {
        // Crossing the line from one side to the other at a point of the segment.
        if h0.is_zero() || hv.is_zero() || (h0 > Q::zero()) == (hv > Q::zero()) {
            return None;
        }
        let t = -&h0 / &hv;
        if t > Q::one() {
            return None;
        }
        let u = &u0 + &uv * &t;
        if u < Q::zero() || u > l2 {
            return None;
        }
        // Even exactly at an end: the centre projects onto it, not beyond.
        let left = h0 > Q::zero();
        let feature = Feature::Face { left };
        let n = unit(if left { &n_left } else { &n_right });
        let c = at(&Surd::rat(t.clone()));
        return Some(RefHit {
            time: Surd::rat(t),
            point: c.clone(),
            center: c,
            face_normal: n.clone(),
            normal: n,
            feature,
            region: None,
            started_inside: false,
        });
    }
    let sb = sub(&s, &b);
    let d0 = if u0 <= Q::zero() {
        dot(&sa, &sa)
    } else if u0 >= l2 {
        dot(&sb, &sb)
    } else {
        &h0 * &h0 / &l2
    };
    let moving_left = dot(&v, &n_left) <= Q::zero();
    if d0 < rr {
        let (point, normal, face, feature) = if u0 > Q::zero() && u0 < l2 {
            let left = if h0.is_zero() {
                moving_left
            } else {
                h0 > Q::zero()
            };
            let n = unit(if left { &n_left } else { &n_right });
            let k = &u0 / &l2;
            let foot = [&a[0] + &e[0] * &k, &a[1] + &e[1] * &k];
            (surd_v(foot), n.clone(), n, Feature::Face { left })
        } else {
            let (end, p, off) = if u0 <= Q::zero() {
                (End::A, a.clone(), sa.clone())
            } else {
                (End::B, b.clone(), sb.clone())
            };
            let n = if dot(&off, &off).is_zero() {
                unit(if moving_left { &n_left } else { &n_right })
            } else {
                unit(&off)
            };
            let face = end_face(&n, &e, end);
            (surd_v(p), n, face, Feature::End(end))
        };
        return Some(RefHit {
            time: Surd::rat(Q::zero()),
            center: surd_v(s),
            point,
            normal,
            face_normal: face,
            feature,
            region: None,
            started_inside: true,
        });
    }
    // The distance along the motion: to a (u < 0), to the line (0 ≤ u ≤ |e|²), to b.
    let t = segment_entry(&u0, &uv, &h0, &hv, &l2, &sa, &sb, &v, &r)?;
    if t.cmp_rat(&Q::one()) == Ordering::Greater {
        return None;
    }
    let c = at(&t);
    let ca = [c[0].plus_rat(&-&a[0]), c[1].plus_rat(&-&a[1])];
    let u_at = ca[0].times(&e[0]).add(&ca[1].times(&e[1]));
    let end = if u_at.sign() == Ordering::Less {
        Some(End::A)
    } else if u_at.cmp_rat(&l2) == Ordering::Greater {
        Some(End::B)
    } else {
        None
    };
    let inv_r = Q::one() / &r;
    Some(match end {
        Some(end) => {
            let p = if end == End::A { &a } else { &b };
            let n = [0, 1].map(|i| c[i].plus_rat(&-&p[i]).times(&inv_r));
            let face = end_face(&n, &e, end);
            RefHit {
                time: t,
                center: c,
                point: surd_v(p.clone()),
                normal: n,
                face_normal: face,
                feature: Feature::End(end),
                region: None,
                started_inside: false,
            }
        }
        None => {
            let h_at = ca[1].times(&e[0]).add(&ca[0].times(&-&e[1]));
            let left = h_at.sign() == Ordering::Greater;
            let n = unit(if left { &n_left } else { &n_right });
            let k = u_at.times(&(Q::one() / &l2));
            let foot = [
                k.times(&e[0]).plus_rat(&a[0]),
                k.times(&e[1]).plus_rat(&a[1]),
            ];
            RefHit {
                time: t,
                center: c,
                point: foot,
                face_normal: n.clone(),
                normal: n,
                feature: Feature::Face { left },
                region: None,
                started_inside: false,
            }
        }
    })
}

/// The first time the distance from the segment goes below r: piece by piece, the
/// squared distance to a, to the line (`(h0 + hv·t)² / |e|²`, compared as
/// `(h0 + hv·t)² < r²·|e|²`) and to b.
#[allow(clippy::too_many_arguments)]
fn segment_entry(
    u0: &Q,
    uv: &Q,
    h0: &Q,
    hv: &Q,
    l2: &Q,
    sa: &[Q; 2],
    sb: &[Q; 2],
    v: &[Q; 2],
    r: &Q,
) -> Option<Surd> {
    let mut cuts = vec![Q::zero()];
    let mut b: Vec<Q> = crossing(u0, uv, &Q::zero())
        .into_iter()
        .chain(crossing(u0, uv, l2))
        .collect();
    b.sort();
    b.dedup();
    cuts.extend(b);
    let rr = r * r;
    for k in 0..cuts.len() {
        let (lo, hi) = (&cuts[k], cuts.get(k + 1));
        let mid = inside(lo, hi);
        let u = u0 + uv * &mid;
        let found = if u < Q::zero() {
            Quad::squares(&[(sa[0].clone(), v[0].clone()), (sa[1].clone(), v[1].clone())])
                .first_below(&rr, lo, hi)
        } else if &u > l2 {
            Quad::squares(&[(sb[0].clone(), v[0].clone()), (sb[1].clone(), v[1].clone())])
                .first_below(&rr, lo, hi)
        } else {
            Quad::squares(&[(h0.clone(), hv.clone())]).first_below(&(&rr * l2), lo, hi)
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// At an end cap, the face the centre is mostly over: the segment's side normal when the
/// contact normal leans across the segment at least as much as along it, else the end's
/// outward direction.
fn end_face(n: &[Surd; 2], e: &[Q; 2], end: End) -> [Surd; 2] {
    let n_left = [-&e[1], e[0].clone()];
    let across = n[0].times(&n_left[0]).add(&n[1].times(&n_left[1]));
    let along = n[0].times(&e[0]).add(&n[1].times(&e[1]));
    let sq = |x: &Surd| Surd {
        a: &x.a * &x.a + &x.b * &x.b * &x.d,
        b: qi(2) * &x.a * &x.b,
        d: x.d.clone(),
    };
    if sq(&across).cmp(&sq(&along)) != Ordering::Less {
        let k = if across.sign() == Ordering::Less {
            -1
        } else {
            1
        };
        unit(&[&n_left[0] * qi(k), &n_left[1] * qi(k)])
    } else {
        let k = if end == End::A { -1 } else { 1 };
        unit(&[&e[0] * qi(k), &e[1] * qi(k)])
    }
}

// --- Circles ----------------------------------------------------------------------------

pub fn circle(sweep: &Sweep, other: &Sweep) -> Option<RefHit> {
    if !(sweep_ok(sweep) && sweep_ok(other)) {
        return None;
    }
    let s1 = [q(sweep.start.x), q(sweep.start.y)];
    let v1 = [q(sweep.end.x) - &s1[0], q(sweep.end.y) - &s1[1]];
    let s2 = [q(other.start.x), q(other.start.y)];
    let v2 = [q(other.end.x) - &s2[0], q(other.end.y) - &s2[1]];
    let (r1, r2) = (q(sweep.radius), q(other.radius));
    let reach = &r1 + &r2;
    let p0 = sub(&s1, &s2);
    let w = sub(&v1, &v2);
    let d0 = dot(&p0, &p0);
    if d0 < &reach * &reach {
        let n = if !d0.is_zero() {
            unit(&p0)
        } else if !dot(&w, &w).is_zero() {
            unit(&[-&w[0], -&w[1]])
        } else {
            surd_v([Q::zero(), Q::one()])
        };
        let point = [
            n[0].times(&r2).plus_rat(&s2[0]),
            n[1].times(&r2).plus_rat(&s2[1]),
        ];
        return Some(RefHit {
            time: Surd::rat(Q::zero()),
            center: surd_v(s1),
            point,
            face_normal: n.clone(),
            normal: n,
            feature: Feature::Circle,
            region: None,
            started_inside: true,
        });
    }
    if reach.is_zero() {
        return None;
    }
    let t = first_entry(vec![], &reach, |_| {
        vec![(p0[0].clone(), w[0].clone()), (p0[1].clone(), w[1].clone())]
    })?;
    if t.cmp_rat(&Q::one()) == Ordering::Greater {
        return None;
    }
    let inv = Q::one() / &reach;
    let n = [0, 1].map(|i| t.times(&w[i]).plus_rat(&p0[i]).times(&inv));
    let center = [0, 1].map(|i| t.times(&v1[i]).plus_rat(&s1[i]));
    let point = [0, 1].map(|i| t.times(&v2[i]).plus_rat(&s2[i]).add(&n[i].times(&r2)));
    Some(RefHit {
        time: t,
        center,
        point,
        face_normal: n.clone(),
        normal: n,
        feature: Feature::Circle,
        region: None,
        started_inside: false,
    })
}

/// The vector as surds, for tests that build their own expectations.
pub fn exact_vec(p: Vec2) -> [Surd; 2] {
    surd_v([q(p.x), q(p.y)])
}
