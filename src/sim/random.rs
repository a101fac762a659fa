//! Random starting states: a small seeded generator and non-overlapping disc placement.

use glam::DVec2;

use crate::geom::Aabb;

use super::body::{DiscInit, SimError, Solid, dvec};
use super::limits::MAX_DISCS;
use super::world::World;

/// SplitMix64: tiny, fast, and good enough to scatter discs; seeded so runs repeat.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)` (53 random bits).
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next_f64()
    }

    /// Uniform in `0..n` (n > 0; slight modulo bias is irrelevant here).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// `n` equal discs filling `packing` of the area of `bounds`, with velocity components
/// uniform in `[-1, 1)`. Discs are dropped into distinct slots of a lattice with a random
/// jitter, so they never overlap and placement always terminates (up to about 0.6).
pub fn random_discs(
    n: usize,
    packing: f64,
    seed: u64,
    bounds: Aabb,
) -> Result<Vec<DiscInit>, SimError> {
    let (min, max) = (dvec(bounds.min), dvec(bounds.max));
    let size = max - min;
    if !(bounds.is_valid() && size.x > 0.0 && size.y > 0.0) {
        return Err(SimError::Bounds);
    }
    if !(packing > 0.0 && packing <= 0.6) {
        return Err(SimError::Parameter("packing must be in (0, 0.6]"));
    }
    if n == 0 {
        return Ok(Vec::new());
    }
    if n > MAX_DISCS {
        return Err(SimError::Limit(format!(
            "{n} discs; a world holds at most {MAX_DISCS} (MAX_DISCS)"
        )));
    }
    let r = (packing * size.x * size.y / (n as f64 * std::f64::consts::PI)).sqrt();
    // At most n columns (a long thin box would ask for more), so cols × rows < 2n.
    let cols = ((n as f64 * size.x / size.y).sqrt().ceil() as usize).clamp(1, n);
    let rows = n.div_ceil(cols);
    let slot = DVec2::new(size.x / cols as f64, size.y / rows as f64);
    // Leave a hair between neighbours so rounding never makes them touch at the start.
    let room = (slot * 0.5 - DVec2::splat(r * (1.0 + 1e-9))).max(DVec2::ZERO);
    if slot.x < 2.0 * r || slot.y < 2.0 * r {
        return Err(SimError::Parameter(
            "packing too high for a lattice placement in these bounds",
        ));
    }
    let mut rng = SplitMix64::new(seed);
    let mut slots: Vec<usize> = (0..cols * rows).collect();
    // Partial Fisher–Yates: the first n slots are a uniform random choice.
    for k in 0..n {
        let pick = k + rng.below(slots.len() - k);
        slots.swap(k, pick);
    }
    Ok(slots[..n]
        .iter()
        .map(|&s| {
            let centre = min + slot * DVec2::new((s % cols) as f64 + 0.5, (s / cols) as f64 + 0.5);
            let jitter = DVec2::new(rng.range(-room.x, room.x), rng.range(-room.y, room.y));
            let v = DVec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
            DiscInit::new(centre + jitter, v, r)
        })
        .collect())
}

impl World {
    /// A world of `n` random non-overlapping equal discs at area fraction `packing`
    /// (see [`random_discs`]), reproducible from `seed`.
    pub fn random(n: usize, packing: f64, seed: u64, bounds: Aabb) -> Result<World, SimError> {
        World::new(
            bounds,
            &random_discs(n, packing, seed, bounds)?,
            &[] as &[Solid],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    #[test]
    fn random_discs_fill_requested_area_without_overlap() {
        let b = Aabb::new(Vec2::ZERO, Vec2::new(40.0, 20.0));
        let d = random_discs(200, 0.3, 7, b).unwrap_or_default();
        assert_eq!(d.len(), 200);
        let area: f64 = d
            .iter()
            .map(|x| std::f64::consts::PI * x.radius * x.radius)
            .sum();
        assert!((area / 800.0 - 0.3).abs() < 1e-12);
        for (i, a) in d.iter().enumerate() {
            for c in &d[i + 1..] {
                assert!((a.position - c.position).length() > a.radius + c.radius);
            }
        }
        assert_eq!(random_discs(200, 0.3, 7, b), random_discs(200, 0.3, 7, b));
        assert_ne!(random_discs(200, 0.3, 7, b), random_discs(200, 0.3, 8, b));
        assert!(random_discs(10, 0.9, 7, b).is_err());
        // Too many discs, or a box so thin the lattice would need ~1e30 columns: errors
        // (the first tried to allocate the lattice, the second overflowed its size).
        assert!(random_discs(usize::MAX, 0.3, 7, b).is_err());
        let thin = Aabb::new(Vec2::ZERO, Vec2::new(1e30, 1e-30));
        assert!(random_discs(10, 0.3, 7, thin).is_err());
    }
}
