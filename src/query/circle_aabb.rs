use crate::geom::{Aabb, Sweep};
use crate::hit::Hit;

/// Placeholder until the exact solve lands.
pub fn cast_aabb(_sweep: &Sweep, _obstacle: &Aabb) -> Option<Hit> {
    None
}
