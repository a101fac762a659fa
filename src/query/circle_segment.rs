use crate::geom::{Segment, Sweep};
use crate::hit::Hit;

/// Placeholder until the exact solve lands.
pub fn cast_segment(_sweep: &Sweep, _obstacle: &Segment) -> Option<Hit> {
    None
}
