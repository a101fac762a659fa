//! The event queue: an indexed binary min-heap holding one slot per disc, the earliest
//! event predicted for it. A slot is invalidated lazily: a pair slot records its partner's
//! event counter, and when it reaches the top after the partner changed velocity, the disc
//! is simply re-predicted. With one entry per disc the heap stays small (n entries, in
//! cache even at n = 10,000) instead of growing with every prediction.

use std::cmp::Ordering;

/// Kind ranks; ties at equal time are broken by (rank, a, b, owner) so runs are
/// reproducible bit for bit.
pub const WALL: u8 = 0;
pub const SOLID: u8 = 1;
pub const PAIR: u8 = 2;
pub const CROSS: u8 = 3;
const NOTHING: u8 = u8::MAX;

/// One disc's earliest event. `a` is the disc (the smaller index for a pair); `b` is the
/// other disc, the obstacle index, the wall side or the crossing direction; `count_b` is
/// the partner's event counter when the pair was predicted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    pub time: f64,
    pub rank: u8,
    pub a: u32,
    pub b: u32,
    pub count_b: u32,
}

impl Slot {
    pub const NONE: Slot = Slot {
        time: f64::INFINITY,
        rank: NOTHING,
        a: 0,
        b: 0,
        count_b: 0,
    };

    pub fn is_none(&self) -> bool {
        self.rank == NOTHING
    }

    /// Order of two candidate events (without the owner).
    #[inline]
    pub fn cmp_key(&self, other: &Slot) -> Ordering {
        self.time
            .total_cmp(&other.time)
            .then_with(|| (self.rank, self.a, self.b).cmp(&(other.rank, other.a, other.b)))
    }
}

#[derive(Clone, Debug)]
pub struct SlotHeap {
    /// (time, disc) in heap order; the time is copied here so that sifting reads one
    /// contiguous array and only looks up full slots on exact ties.
    order: Vec<(f64, u32)>,
    /// Where each disc sits in `order`.
    pos: Vec<u32>,
    slots: Vec<Slot>,
}

impl SlotHeap {
    /// `n` discs with nothing scheduled (ids in order are a valid heap: ties go by id).
    pub fn new(n: usize) -> Self {
        Self {
            order: (0..n as u32).map(|i| (f64::INFINITY, i)).collect(),
            pos: (0..n as u32).collect(),
            slots: vec![Slot::NONE; n],
        }
    }

    #[inline]
    fn before(&self, x: (f64, u32), y: (f64, u32)) -> bool {
        match x.0.total_cmp(&y.0) {
            Ordering::Less => true,
            Ordering::Greater => false,
            Ordering::Equal => {
                let (s, t) = (&self.slots[x.1 as usize], &self.slots[y.1 as usize]);
                s.cmp_key(t).then(x.1.cmp(&y.1)) == Ordering::Less
            }
        }
    }

    /// The disc with the earliest slot.
    pub fn top(&self) -> Option<usize> {
        self.order.first().map(|&(_, i)| i as usize)
    }

    pub fn slot(&self, i: usize) -> &Slot {
        &self.slots[i]
    }

    /// Replaces disc `i`'s slot and restores the heap.
    pub fn set(&mut self, i: usize, s: Slot) {
        self.slots[i] = s;
        let k = self.pos[i] as usize;
        self.order[k].0 = s.time;
        self.sift_up(k);
        self.sift_down(self.pos[i] as usize);
    }

    #[inline]
    fn place(&mut self, k: usize, e: (f64, u32)) {
        self.order[k] = e;
        self.pos[e.1 as usize] = k as u32;
    }

    fn sift_up(&mut self, mut k: usize) {
        let e = self.order[k];
        while k > 0 {
            let parent = (k - 1) / 2;
            let p = self.order[parent];
            if !self.before(e, p) {
                break;
            }
            self.place(k, p);
            k = parent;
        }
        self.place(k, e);
    }

    fn sift_down(&mut self, mut k: usize) {
        let n = self.order.len();
        let e = self.order[k];
        loop {
            let l = 2 * k + 1;
            if l >= n {
                break;
            }
            let r = l + 1;
            let c = if r < n && self.before(self.order[r], self.order[l]) {
                r
            } else {
                l
            };
            let ce = self.order[c];
            if !self.before(ce, e) {
                break;
            }
            self.place(k, ce);
            k = c;
        }
        self.place(k, e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(time: f64, rank: u8, a: u32) -> Slot {
        Slot {
            time,
            rank,
            a,
            b: 0,
            count_b: 0,
        }
    }

    #[test]
    fn top_follows_time_then_rank_then_ids() {
        let mut h = SlotHeap::new(5);
        h.set(0, s(2.0, WALL, 0));
        h.set(1, s(1.0, PAIR, 3));
        h.set(2, s(1.0, PAIR, 1));
        h.set(3, s(1.0, WALL, 9));
        assert_eq!(h.top(), Some(3));
        h.set(3, s(5.0, WALL, 9));
        assert_eq!(h.top(), Some(2));
        h.set(2, Slot::NONE);
        h.set(1, Slot::NONE);
        assert_eq!(h.top(), Some(0));
        h.set(0, Slot::NONE);
        assert_eq!(h.top(), Some(3));
        h.set(3, Slot::NONE);
        // All empty: ties by id.
        assert_eq!(h.top(), Some(0));
    }

    #[test]
    fn heap_sorts_like_a_sort() {
        let mut h = SlotHeap::new(50);
        let mut x = 12345u64;
        let mut expect = Vec::new();
        for i in 0..50 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let t = (x >> 40) as f64;
            h.set(i, s(t, CROSS, i as u32));
            expect.push((t, i));
        }
        expect.sort_by(|p, q| p.0.total_cmp(&q.0).then(p.1.cmp(&q.1)));
        let mut got = Vec::new();
        while let Some(i) = h.top() {
            if h.slot(i).is_none() {
                break;
            }
            got.push((h.slot(i).time, i));
            h.set(i, Slot::NONE);
        }
        assert_eq!(got, expect);
    }
}
