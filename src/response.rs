//! What happens after a contact: reflect, slide, stop or cross, over the remaining motion.

use glam::Vec2;
use serde::{Deserialize, Serialize};

use crate::geom::Sweep;
use crate::hit::Hit;
use crate::obstacle::Obstacle;

/// How the moving circle responds to a contact.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// Mirror the remaining motion about the contact normal, scaling the normal part by
    /// `restitution` (1 = perfectly elastic, 0 = slide).
    Reflect { restitution: f32 },
    /// Remove the normal part of the remaining motion and carry on along the surface.
    Slide,
    /// Stop at the contact.
    Stop,
    /// Record the contact and pass straight through (a trigger).
    Cross,
}

/// Gap kept between the circle and a surface after a reflect or slide, in world units.
///
/// Contact is resolved at exactly `radius`; the circle is then placed this far outside so
/// that the next query does not see a touching (time 0) contact with the same surface, and
/// never inside it. The published "radius − 1" trick leaves a permanent overlap instead.
pub const CONTACT_SKIN: f32 = 1e-3;

/// One contact along a resolved path.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Contact {
    /// Index of the obstacle in the list given to [`resolve`].
    pub obstacle: usize,
    /// The contact; `hit.time` is measured on the whole original motion (0..1).
    pub hit: Hit,
    /// Remaining displacement before the response.
    pub incoming: Vec2,
    /// Remaining displacement after the response.
    pub outgoing: Vec2,
}

/// The whole path of a circle through its contacts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Path {
    /// Contacts in time order.
    pub contacts: Vec<Contact>,
    /// Polyline of the centre: the start, each contact centre, the final position.
    pub points: Vec<Vec2>,
    /// Where the centre ends up.
    pub end: Vec2,
    /// True when `max_bounces` ran out while motion remained.
    pub truncated: bool,
}

/// Moves `sweep` through `obstacles`, responding to every contact in time order, and
/// returns the path. Placeholder until the response code lands.
pub fn resolve(sweep: &Sweep, _obstacles: &[Obstacle], _response: Response, _max_bounces: usize) -> Path {
    Path {
        contacts: Vec::new(),
        points: vec![sweep.start, sweep.end],
        end: sweep.end,
        truncated: false,
    }
}

/// Helper for callers that want the earliest hit among many obstacles.
pub fn first_hit(sweep: &Sweep, obstacles: &[Obstacle]) -> Option<(usize, Hit)> {
    let mut best: Option<(usize, Hit)> = None;
    for (i, o) in obstacles.iter().enumerate() {
        if let Some(h) = o.cast(sweep) {
            if best.is_none_or(|(_, b)| h.time < b.time) {
                best = Some((i, h));
            }
        }
    }
    best
}
