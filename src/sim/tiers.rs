//! Which discs the grid files, and which are too large for it.
//!
//! The grid's cells are one diameter of its largest disc wide, so one disc far larger than
//! the rest makes every cell hold most discs, and every prediction scan most of the world:
//! n² work for a set-up that is otherwise linear. So the few largest discs, when they are
//! much larger than the rest, are kept out of the grid: each is checked against every disc
//! (its predictions cost O(n)), and every disc of the grid is checked against each of them.
//! Every pair is still predicted by whichever of its two discs last changed velocity, which
//! is what the schedule needs.

/// A disc is left out of the grid only when its radius is more than this many times the
/// radius of the discs below it: a grid for the rest then has cells this many times
/// narrower, and holds this squared times fewer discs in each.
const RATIO: f64 = 4.0;

/// The discs left out of the grid number at most `max(FEW, √n)`: each one's prediction
/// scans every disc, so their events cost O(n) each.
const FEW: usize = 8;

/// The grid's radius and the discs kept out of it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Tiers {
    /// The largest radius of a disc filed in the grid (1 when there are no discs): the grid's
    /// cells and its obstacles' margins are sized for it.
    pub r_grid: f64,
    /// The discs larger than `r_grid`, in ascending order.
    pub large: Vec<u32>,
}

impl Tiers {
    /// The split for discs of these radii (each positive and finite), in disc order.
    pub fn of(radii: &[f64]) -> Tiers {
        let r_max = radii.iter().copied().fold(0.0, f64::max);
        let whole = Tiers {
            r_grid: if r_max > 0.0 { r_max } else { 1.0 },
            large: Vec::new(),
        };
        let few = FEW.max(radii.len().isqrt());
        if radii.len() <= few {
            return whole;
        }
        // The radius of the (few + 1)-th largest disc: at most `few` discs are larger.
        let mut sorted = radii.to_vec();
        let (_, &mut r_few, _) = sorted.select_nth_unstable_by(few, |a, b| b.total_cmp(a));
        if r_max <= RATIO * r_few {
            return whole;
        }
        let large = (0..radii.len() as u32)
            .filter(|&i| radii[i as usize] > r_few)
            .collect();
        Tiers {
            r_grid: r_few,
            large,
        }
    }

    /// Whether disc `i` is kept out of the grid, per disc.
    pub fn flags(&self, n: usize) -> Vec<bool> {
        let mut flags = vec![false; n];
        for &i in &self.large {
            flags[i as usize] = true;
        }
        flags
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discs_of_similar_sizes_all_go_in_the_grid() {
        let radii: Vec<f64> = (0..1000).map(|k| [0.5, 0.9, 1.7][k % 3]).collect();
        let t = Tiers::of(&radii);
        assert!(t.large.is_empty());
        assert_eq!(t.r_grid, 1.7);
    }

    #[test]
    fn one_huge_disc_among_tiny_ones_is_kept_out() {
        let mut radii = vec![0.001; 10_000];
        radii[1234] = 500.0;
        let t = Tiers::of(&radii);
        assert_eq!(t.large, vec![1234]);
        assert_eq!(t.r_grid, 0.001);
        let flags = t.flags(radii.len());
        assert!(flags[1234] && flags.iter().filter(|&&f| f).count() == 1);
    }

    #[test]
    fn no_more_than_the_square_root_are_kept_out() {
        // A tenth of the discs are large: too many to check each against every disc, so
        // only those above the 100th largest radius (here none) would go; all stay.
        let radii: Vec<f64> = (0..10_000)
            .map(|k| if k % 10 == 0 { 50.0 } else { 1.0 })
            .collect();
        assert!(Tiers::of(&radii).large.is_empty());
        // Sizes spread over decades, the 100th largest 7 times the 200th: the hundred
        // largest go, and the grid is sized for the rest.
        let radii: Vec<f64> = (0..10_000).map(|k| 1.02f64.powi(k)).collect();
        let t = Tiers::of(&radii);
        assert_eq!(t.large.len(), 100);
        assert!(t.large.iter().all(|&i| radii[i as usize] > t.r_grid));
        assert_eq!(radii.iter().filter(|&&r| r <= t.r_grid).count(), 9_900);
    }

    #[test]
    fn few_discs_are_never_split_and_no_discs_get_a_unit_grid() {
        assert_eq!(Tiers::of(&[1.0, 100.0, 0.01]).large, Vec::<u32>::new());
        assert_eq!(Tiers::of(&[]).r_grid, 1.0);
    }
}
