//! First entry of a moving point into open convex pieces: slabs, rectangles as two slabs,
//! and discs. An obstacle swept by a radius is a union of such pieces, and the first time
//! the centre enters the union is the earliest of the pieces' first entries.

use std::cmp::Ordering;

use super::ring::{Ring, V2, cross, dot, v_sub};
use super::surd::Surd;

/// The times at which a moving point is inside an open piece.
#[derive(Clone, Debug)]
pub(crate) enum Span<R> {
    /// Never.
    Empty,
    /// Always (the point does not move across it and is inside).
    All,
    /// For `lo < t < hi`.
    Between(Surd<R>, Surd<R>),
}

impl<R: Ring> Span<R> {
    /// Where both spans hold.
    pub fn and(self, o: Span<R>) -> Span<R> {
        match (self, o) {
            (Span::Empty, _) | (_, Span::Empty) => Span::Empty,
            (Span::All, s) | (s, Span::All) => s,
            (Span::Between(a0, a1), Span::Between(b0, b1)) => {
                let lo = if a0.cmp(&b0) == Ordering::Less {
                    b0
                } else {
                    a0
                };
                let hi = if a1.cmp(&b1) == Ordering::Less {
                    a1
                } else {
                    b1
                };
                if lo.cmp(&hi) == Ordering::Less {
                    Span::Between(lo, hi)
                } else {
                    Span::Empty
                }
            }
        }
    }

    /// The first entry at or after t = 0, if the span reaches past 0.
    pub fn entry(&self) -> Option<Surd<R>> {
        match self {
            Span::Between(lo, hi) if hi.sign() > 0 => Some(if lo.sign() < 0 {
                // The point is in the piece at t = 0; callers rule that out first.
                Surd::zero()
            } else {
                lo.clone()
            }),
            _ => None,
        }
    }
}

/// The times at which `f0 + f1·t` lies strictly between `lo` and `hi`.
pub(crate) fn slab<R: Ring>(lo: &Surd<R>, hi: &Surd<R>, f0: &R, f1: &R) -> Span<R> {
    match f1.sign() {
        0 => {
            let inside = lo.cmp_r(f0) == Ordering::Less && hi.cmp_r(f0) == Ordering::Greater;
            if inside { Span::All } else { Span::Empty }
        }
        s => {
            // (bound − f0) / f1 for each bound.
            let at = |b: &Surd<R>| b.minus(f0).div(f1);
            let (a, b) = (at(lo), at(hi));
            let (a, b) = if s > 0 { (a, b) } else { (b, a) };
            if a.cmp(&b) == Ordering::Less {
                Span::Between(a, b)
            } else {
                Span::Empty
            }
        }
    }
}

/// The times at which `s + v·t` lies strictly inside the disc of radius `r` around `k`.
pub(crate) fn disc<R: Ring>(s: &V2<R>, v: &V2<R>, k: &V2<R>, r: &R) -> Span<R> {
    let a = dot(v, v);
    if a.sign() == 0 {
        // Not moving: inside always or never.
        let c = v_sub(k, s);
        return if dot(&c, &c).sub(&r.square()).sign() < 0 {
            Span::All
        } else {
            Span::Empty
        };
    }
    let c = v_sub(k, s);
    let along = dot(v, &c);
    let cr = cross(v, &c);
    // |c − v·t|² < r²: a·t² − 2·along·t + |c|² − r² < 0, whose discriminant over 4 is
    // along² − a·(|c|² − r²) = a·r² − (v × c)².
    let d = a.mul(&r.square()).sub(&cr.square());
    if d.sign() <= 0 {
        return Span::Empty;
    }
    let lo = Surd::new(along.clone(), R::one().neg(), d.clone(), a.clone());
    let hi = Surd::new(along, R::one(), d, a);
    Span::Between(lo, hi)
}

/// The earliest of several first entries.
pub(crate) fn earliest<R: Ring>(
    entries: impl IntoIterator<Item = Option<Surd<R>>>,
) -> Option<Surd<R>> {
    entries.into_iter().flatten().reduce(|best, t| {
        if t.cmp(&best) == Ordering::Less {
            t
        } else {
            best
        }
    })
}
