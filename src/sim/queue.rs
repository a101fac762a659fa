//! Scheduled events in a binary heap with lazy invalidation: each entry records the event
//! counters of its discs when it was predicted, and is skipped when popped if either disc
//! has changed velocity since.

use std::cmp::Ordering;

/// Kind ranks; ties at equal time are broken by (rank, a, b) so runs are reproducible.
pub const WALL: u8 = 0;
pub const SOLID: u8 = 1;
pub const PAIR: u8 = 2;
pub const CROSS: u8 = 3;

/// One scheduled event. `a` is the disc (the smaller index for a pair); `b` is the other
/// disc, the obstacle index, the wall side or the crossing direction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    pub time: f64,
    pub rank: u8,
    pub a: u32,
    pub b: u32,
    pub count_a: u32,
    pub count_b: u32,
}

impl Entry {
    fn key(&self) -> (u8, u32, u32, u32, u32) {
        (self.rank, self.a, self.b, self.count_a, self.count_b)
    }
}

impl Eq for Entry {}

impl Ord for Entry {
    /// Reversed, so `BinaryHeap` (a max-heap) pops the earliest event first.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .time
            .total_cmp(&self.time)
            .then_with(|| other.key().cmp(&self.key()))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BinaryHeap;

    #[test]
    fn pops_by_time_then_rank_then_ids() {
        let e = |time, rank, a| Entry {
            time,
            rank,
            a,
            b: 0,
            count_a: 0,
            count_b: 0,
        };
        let mut h = BinaryHeap::from(vec![
            e(2.0, WALL, 0),
            e(1.0, PAIR, 3),
            e(1.0, PAIR, 1),
            e(1.0, WALL, 9),
        ]);
        let order: Vec<_> = std::iter::from_fn(|| h.pop())
            .map(|x| (x.time, x.rank, x.a))
            .collect();
        assert_eq!(
            order,
            vec![
                (1.0, WALL, 9),
                (1.0, PAIR, 1),
                (1.0, PAIR, 3),
                (2.0, WALL, 0)
            ]
        );
    }
}
