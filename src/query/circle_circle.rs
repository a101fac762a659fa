use crate::geom::Sweep;
use crate::hit::Hit;

/// Placeholder until the exact solve lands.
pub fn cast_circle(_sweep: &Sweep, _obstacle: &Sweep) -> Option<Hit> {
    None
}
