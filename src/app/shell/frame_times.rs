//! Frame times kept for the status bar and `--frames`: the CPU time of `DebugApp::ui`
//! for the last frames, oldest first, bounded.

/// Frames kept; the older half is dropped when full.
const KEPT: usize = 4096;

#[derive(Clone, Debug, Default)]
pub struct FrameTimes {
    ui_ms: Vec<f64>,
}

impl FrameTimes {
    pub fn push_ui(&mut self, ms: f64) {
        self.ui_ms.push(ms);
        if self.ui_ms.len() > KEPT {
            self.ui_ms.drain(..KEPT / 2);
        }
    }

    /// The `ui()` times in milliseconds, oldest first.
    pub fn ui_ms(&self) -> &[f64] {
        &self.ui_ms
    }

    /// Median and 99th percentile of the last `n` `ui()` times.
    pub fn recent_ui(&self, n: usize) -> (f64, f64) {
        percentiles(&self.ui_ms[self.ui_ms.len().saturating_sub(n)..])
    }
}

/// Median and 99th percentile (nearest rank) of `v`; zeros for none.
pub fn percentiles(v: &[f64]) -> (f64, f64) {
    if v.is_empty() {
        return (0.0, 0.0);
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let rank = |q: f64| s[((q * s.len() as f64).ceil() as usize).clamp(1, s.len()) - 1];
    (rank(0.5), rank(0.99))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentile_by_hand() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentiles(&v), (50.0, 99.0));
        assert_eq!(percentiles(&[3.0]), (3.0, 3.0));
        assert_eq!(percentiles(&[]), (0.0, 0.0));
    }

    #[test]
    fn the_history_stays_bounded() {
        let mut f = FrameTimes::default();
        for i in 0..10_000 {
            f.push_ui(f64::from(i));
        }
        assert!(f.ui_ms().len() <= KEPT);
        assert_eq!(f.ui_ms().last(), Some(&9999.0));
    }
}
