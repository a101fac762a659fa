//! The uniform grid: cells at least one largest diameter wide, so two discs can only touch
//! when their cells are neighbours, and a disc can only touch the obstacles registered in
//! its own cell. It may cover only part of the walls (where the discs are): positions
//! beyond it are filed in its edge cells, which then reach to the walls. Discs are kept in per-cell intrusive doubly linked lists (no allocation
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
    /// Discs filed per cell.
    count: Vec<u32>,
    next: Vec<u32>,
    prev: Vec<u32>,
    cell_of: Vec<u32>,
    /// Obstacles per cell, compressed: cell `c` owns `solids[solid_start[c]..solid_start[c + 1]]`.
    solid_start: Vec<u32>,
    solids: Vec<u32>,
}

impl Grid {
    /// A grid over `[min, max]` for `n` discs of radius at most `r_max`. The cell count is
    /// at most `max(4 n, 64)`, so a few small discs in a large (or long and thin) box do
    /// not allocate millions of cells; fewer cells are only ever wider, which keeps the
    /// neighbour guarantee.
    pub fn new(min: DVec2, max: DVec2, n: usize, r_max: f64) -> Self {
        let size = max - min;
        let max_cells = n.saturating_mul(4).max(64);
        let by_count = (size.x * size.y / max_cells as f64).sqrt();
        let side = (2.0 * r_max * SLACK).max(by_count);
        // `as usize` saturates (NaN gives 0), and the clamps keep nx × ny ≤ max_cells.
        let nx = ((size.x / side).floor() as usize).clamp(1, max_cells);
        let ny = ((size.y / side).floor() as usize).clamp(1, max_cells / nx);
        Self {
            min,
            cell: DVec2::new(size.x / nx as f64, size.y / ny as f64),
            nx,
            ny,
            head: vec![NONE; nx * ny],
            count: vec![0; nx * ny],
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
        self.count[k] += 1;
    }

    /// The most discs filed in any one cell.
    pub fn max_count(&self) -> u32 {
        self.count.iter().copied().max().unwrap_or(0)
    }

    /// The discs filed in cell `c`.
    pub fn count_at(&self, c: [usize; 2]) -> u32 {
        self.count[self.index(c)]
    }

    pub fn remove(&mut self, i: usize) {
        let k = self.cell_of[i] as usize;
        self.count[k] = self.count[k].saturating_sub(1);
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

    /// The cells (inclusive corners) an obstacle with bounding box `lo`–`hi` is filed in.
    fn span(&self, lo: DVec2, hi: DVec2, margin: f64) -> ([usize; 2], [usize; 2]) {
        let m = DVec2::splat(margin * SLACK);
        (self.locate(lo - m), self.locate(hi + m))
    }

    /// How many (cell, obstacle) entries [`Grid::set_solids`] would file: checked against
    /// the engine's limit before anything is allocated.
    pub fn solid_entries(&self, boxes: &[(DVec2, DVec2)], margin: f64) -> u64 {
        boxes
            .iter()
            .map(|&(lo, hi)| {
                let ([x0, y0], [x1, y1]) = self.span(lo, hi, margin);
                (x1 - x0 + 1) as u64 * (y1 - y0 + 1) as u64
            })
            .fold(0, u64::saturating_add)
    }

    /// Registers obstacles by their bounding boxes grown by `margin` (the largest radius):
    /// counted per cell first, then filed in place, so the only allocation is the result.
    /// The caller keeps the total under `u32::MAX` (see [`Grid::solid_entries`]).
    pub fn set_solids(&mut self, boxes: &[(DVec2, DVec2)], margin: f64) {
        let cells = self.nx * self.ny;
        let mut start = vec![0u32; cells + 1];
        for &(lo, hi) in boxes {
            let ([x0, y0], [x1, y1]) = self.span(lo, hi, margin);
            for cy in y0..=y1 {
                for cx in x0..=x1 {
                    start[cy * self.nx + cx + 1] += 1;
                }
            }
        }
        for k in 0..cells {
            start[k + 1] += start[k];
        }
        let mut fill = start.clone();
        let mut solids = vec![0u32; start[cells] as usize];
        // Obstacles in ascending order within each cell, as `solids_in` promises.
        for (k, &(lo, hi)) in boxes.iter().enumerate() {
            let ([x0, y0], [x1, y1]) = self.span(lo, hi, margin);
            for cy in y0..=y1 {
                for cx in x0..=x1 {
                    let slot = &mut fill[cy * self.nx + cx];
                    solids[*slot as usize] = k as u32;
                    *slot += 1;
                }
            }
        }
        self.solid_start = start;
        self.solids = solids;
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

    #[test]
    fn a_long_thin_box_gets_few_cells() {
        // 1e6 × 1e-6 for one disc: without the cap on nx × ny, 2^20 cells.
        let g = Grid::new(DVec2::ZERO, DVec2::new(1e6, 1e-6), 1, 1e-7);
        assert!(g.nx * g.ny <= 64, "{} × {}", g.nx, g.ny);
        assert!(g.cell.x >= 2e-7 && g.cell.y >= 2e-7);
    }

    #[test]
    fn solids_are_filed_in_order_in_every_cell_they_reach() {
        let mut g = Grid::new(DVec2::ZERO, DVec2::new(10.0, 10.0), 25, 0.5);
        let boxes = [
            (DVec2::new(0.0, 0.0), DVec2::new(10.0, 10.0)),
            (DVec2::new(4.2, 4.2), DVec2::new(4.4, 4.4)),
        ];
        let cells = (g.nx * g.ny) as u64;
        let small = g.solid_entries(&boxes[1..], 0.5);
        assert_eq!(g.solid_entries(&boxes, 0.5), cells + small);
        g.set_solids(&boxes, 0.5);
        let c = g.locate(DVec2::new(4.3, 4.3));
        assert_eq!(g.solids_in(c), &[0, 1]);
        assert_eq!(g.solids_in([0, 0]), &[0]);
    }
}
