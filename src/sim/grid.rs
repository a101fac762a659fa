//! The uniform grid: cells at least one largest diameter wide, so two discs can only touch
//! when their cells are neighbours, and a disc can only touch the obstacles registered in
//! its own cell. Discs are kept in per-cell intrusive doubly linked lists (no allocation
//! when a disc moves).

use glam::DVec2;

/// "No disc" in the linked lists.
const NONE: u32 = u32::MAX;

/// Cells wider than the largest diameter by this factor, so rounding at cell boundaries
/// can never hide a neighbour.
const SLACK: f64 = 1.01;

#[derive(Clone, Debug)]
pub struct Grid {
    pub min: DVec2,
    pub cell: DVec2,
    pub nx: usize,
    pub ny: usize,
    head: Vec<u32>,
    next: Vec<u32>,
    prev: Vec<u32>,
    cell_of: Vec<u32>,
    /// Obstacles per cell, compressed: cell `c` owns `solids[solid_start[c]..solid_start[c + 1]]`.
    solid_start: Vec<u32>,
    solids: Vec<u32>,
}

impl Grid {
    /// A grid over `[min, max]` for `n` discs of radius at most `r_max`. The cell count is
    /// capped near `4 n` so a few small discs in a large box do not allocate millions of cells.
    pub fn new(min: DVec2, max: DVec2, n: usize, r_max: f64) -> Self {
        let size = max - min;
        let max_cells = (4 * n).max(64) as f64;
        let by_count = (size.x * size.y / max_cells).sqrt();
        let side = (2.0 * r_max * SLACK).max(by_count);
        let nx = ((size.x / side).floor() as usize).clamp(1, 1 << 20);
        let ny = ((size.y / side).floor() as usize).clamp(1, 1 << 20);
        Self {
            min,
            cell: DVec2::new(size.x / nx as f64, size.y / ny as f64),
            nx,
            ny,
            head: vec![NONE; nx * ny],
            next: vec![NONE; n],
            prev: vec![NONE; n],
            cell_of: vec![0; n],
            solid_start: vec![0; nx * ny + 1],
            solids: Vec::new(),
        }
    }

    /// The cell (column, row) holding point `p`, clamped into the grid.
    pub fn locate(&self, p: DVec2) -> [usize; 2] {
        let f = (p - self.min) / self.cell;
        let cx = (f.x.floor().max(0.0) as usize).min(self.nx - 1);
        let cy = (f.y.floor().max(0.0) as usize).min(self.ny - 1);
        [cx, cy]
    }

    pub fn index(&self, c: [usize; 2]) -> usize {
        c[1] * self.nx + c[0]
    }

    pub fn coords(&self, index: usize) -> [usize; 2] {
        [index % self.nx, index / self.nx]
    }

    pub fn cell_of(&self, i: usize) -> [usize; 2] {
        self.coords(self.cell_of[i] as usize)
    }

    pub fn insert(&mut self, i: usize, c: [usize; 2]) {
        let k = self.index(c);
        let h = self.head[k];
        self.next[i] = h;
        self.prev[i] = NONE;
        if h != NONE {
            self.prev[h as usize] = i as u32;
        }
        self.head[k] = i as u32;
        self.cell_of[i] = k as u32;
    }

    pub fn remove(&mut self, i: usize) {
        let (p, n) = (self.prev[i], self.next[i]);
        if p != NONE {
            self.next[p as usize] = n;
        } else {
            self.head[self.cell_of[i] as usize] = n;
        }
        if n != NONE {
            self.prev[n as usize] = p;
        }
    }

    /// Calls `f` for every disc in cell `(cx, cy)`; coordinates outside the grid are empty.
    #[inline]
    pub fn for_each_in(&self, cx: isize, cy: isize, mut f: impl FnMut(usize)) {
        if cx < 0 || cy < 0 || cx as usize >= self.nx || cy as usize >= self.ny {
            return;
        }
        let mut j = self.head[cy as usize * self.nx + cx as usize];
        while j != NONE {
            f(j as usize);
            j = self.next[j as usize];
        }
    }

    /// Registers obstacles by their bounding boxes grown by `margin` (the largest radius).
    pub fn set_solids(&mut self, boxes: &[(DVec2, DVec2)], margin: f64) {
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); self.nx * self.ny];
        for (k, &(lo, hi)) in boxes.iter().enumerate() {
            let m = DVec2::splat(margin * SLACK);
            let [x0, y0] = self.locate(lo - m);
            let [x1, y1] = self.locate(hi + m);
            for cy in y0..=y1 {
                for cx in x0..=x1 {
                    lists[cy * self.nx + cx].push(k as u32);
                }
            }
        }
        self.solid_start.clear();
        self.solids.clear();
        self.solid_start.push(0);
        for list in lists {
            self.solids.extend_from_slice(&list);
            self.solid_start.push(self.solids.len() as u32);
        }
    }

    /// The obstacles that a disc in cell `c` may touch, in ascending order.
    pub fn solids_in(&self, c: [usize; 2]) -> &[u32] {
        let k = self.index(c);
        &self.solids[self.solid_start[k] as usize..self.solid_start[k + 1] as usize]
    }

    /// The boundary a disc in cell `c` crosses moving along `axis` in direction `dir`
    /// (`+1` / `-1`), or `None` at the edge of the grid.
    pub fn boundary(&self, c: [usize; 2], axis: usize, positive: bool) -> Option<f64> {
        let n = if axis == 0 { self.nx } else { self.ny };
        let k = if positive {
            (c[axis] + 1 < n).then_some(c[axis] + 1)?
        } else {
            (c[axis] > 0).then_some(c[axis])?
        };
        Some(self.min[axis] + k as f64 * self.cell[axis])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_wide_enough_and_lists_link() {
        let mut g = Grid::new(DVec2::ZERO, DVec2::new(10.0, 5.0), 3, 0.5);
        assert!(g.cell.x >= 1.0 && g.cell.y >= 1.0);
        g.insert(0, [1, 1]);
        g.insert(1, [1, 1]);
        g.insert(2, [2, 1]);
        g.remove(1);
        let mut seen = Vec::new();
        g.for_each_in(1, 1, |j| seen.push(j));
        assert_eq!(seen, vec![0]);
        g.for_each_in(-1, 0, |_| panic!("outside the grid is empty"));
        assert_eq!(g.locate(DVec2::new(-3.0, 99.0)), [0, g.ny - 1]);
    }
}
