use crate::geom::{Obb, Sweep};
use crate::hit::Hit;

/// Placeholder until the exact solve lands.
pub fn cast_obb(_sweep: &Sweep, _obstacle: &Obb) -> Option<Hit> {
    None
}
