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
    Reflect {
        /// The share of the normal speed kept: 1 keeps it all (elastic), 0 none; a negative
        /// value counts as 0.
        restitution: f32,
    },
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

impl Path {
    /// Where the centre is at fraction `t` of the original motion: contact times are on the
    /// whole motion, and each leg between two contacts (or the start, or the end) is
    /// travelled at constant speed. `None` for an empty path.
    pub fn position_at(&self, t: f32) -> Option<Vec2> {
        let first = *self.points.first()?;
        let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
        let mut prev = (0.0f32, first);
        let times = self.contacts.iter().map(|c| c.hit.time).chain([1.0]);
        for (i, ti) in times.enumerate() {
            let p = self.points.get(i + 1).copied().unwrap_or(self.end);
            if t <= ti {
                let span = ti - prev.0;
                let u = if span > 0.0 { (t - prev.0) / span } else { 1.0 };
                return Some(prev.1.lerp(p, u));
            }
            prev = (ti, p);
        }
        Some(self.end)
    }
}

/// The most responses one [`resolve`] makes: a ball bouncing between two walls for ever
/// stops here (truncated) instead of filling memory, about 8 MB of contacts.
pub const MAX_BOUNCES: usize = 100_000;

/// Moves `sweep` through `obstacles`, responding to every contact in time order, and
/// returns the path.
///
/// The motion keeps its schedule: a contact at global time `t` leaves `1 − t` of the time for
/// the remaining (responded) displacement, and moving obstacle circles keep moving on theirs.
/// - `Reflect` mirrors the remaining displacement about the contact normal, the normal part
///   scaled by the restitution; `Slide` removes the normal part (on a rounded corner the
///   contact normal, so the circle slides around the corner instead of catching on it);
///   both then step [`CONTACT_SKIN`] off the surface so the next query starts clear of it.
/// - `Stop` ends the path at the contact; `Cross` records it and passes through, ignoring
///   that obstacle afterwards.
/// - A circle that starts inside an obstacle gets the response's velocity change (only if it
///   is moving further in) but is not moved; that obstacle is then ignored, since every later
///   query would report the same overlap at time 0.
/// - After `max_bounces` responses, the next contact stops the circle and `truncated` is set:
///   the path never tunnels for lack of budget. `max_bounces` is capped at
///   [`MAX_BOUNCES`], so that even "no limit" (`usize::MAX`) ends in bounded time and memory.
///
/// Non-finite input gives a path that stays at the start.
pub fn resolve(
    sweep: &Sweep,
    obstacles: &[Obstacle],
    response: Response,
    max_bounces: usize,
) -> Path {
    let max_bounces = max_bounces.min(MAX_BOUNCES);
    let mut path = Path {
        contacts: Vec::new(),
        points: vec![sweep.start],
        end: sweep.start,
        truncated: false,
    };
    if !sweep.is_valid() {
        return path;
    }
    let mut ignored = vec![false; obstacles.len()];
    let mut pos = sweep.start;
    let mut remaining = sweep.delta();
    let mut now = 0.0f32;
    // Each pass ends the path, or uses up a bounce or an obstacle, so this bound is never
    // reached in practice; it is here so that no input can loop forever.
    let mut done = false;
    for _ in 0..=max_bounces + obstacles.len() + 1 {
        let leg = Sweep::new(pos, pos + remaining, sweep.radius);
        let mut best: Option<(usize, Hit)> = None;
        for (i, o) in obstacles.iter().enumerate() {
            if ignored[i] {
                continue;
            }
            if let Some(h) = o.sub(now, 1.0).cast(&leg)
                && best.is_none_or(|(_, b)| h.time < b.time)
            {
                best = Some((i, h));
            }
        }
        let Some((index, local)) = best else {
            pos += remaining;
            done = true;
            break;
        };
        let incoming = remaining * (1.0 - local.time);
        let mut hit = local;
        hit.time = now + local.time * (1.0 - now);
        let budget_left = path.contacts.len() < max_bounces;
        let effective = if budget_left {
            response
        } else {
            Response::Stop
        };
        let n = hit.normal;
        let into = incoming.dot(n);
        let outgoing = match effective {
            Response::Reflect { restitution } if into < 0.0 => {
                incoming - n * (into * (1.0 + restitution.max(0.0)))
            }
            Response::Slide if into < 0.0 => incoming - n * into,
            Response::Reflect { .. } | Response::Slide | Response::Cross => incoming,
            Response::Stop => Vec2::ZERO,
        };
        path.contacts.push(Contact {
            obstacle: index,
            hit,
            incoming,
            outgoing,
        });
        path.points.push(hit.center);
        now = hit.time;
        match effective {
            Response::Stop => {
                pos = hit.center;
                path.truncated = !budget_left && incoming != Vec2::ZERO;
                done = true;
                break;
            }
            Response::Cross => {
                ignored[index] = true;
                pos = hit.center;
            }
            Response::Reflect { .. } | Response::Slide => {
                if hit.started_inside {
                    ignored[index] = true;
                    pos = hit.center;
                } else {
                    pos = hit.center + n * skin_at(hit.center);
                }
            }
        }
        remaining = outgoing;
        if now >= 1.0 || remaining == Vec2::ZERO {
            done = true;
            break;
        }
    }
    path.truncated |= !done;
    path.end = pos;
    if path.points.last() != Some(&pos) {
        path.points.push(pos);
    }
    path
}

/// The skin, grown at large coordinates so it stays a few f32 steps wide.
fn skin_at(p: Vec2) -> f32 {
    CONTACT_SKIN.max(p.abs().max_element() * 8.0 * f32::EPSILON)
}

/// Helper for callers that want the earliest hit among many obstacles.
pub fn first_hit(sweep: &Sweep, obstacles: &[Obstacle]) -> Option<(usize, Hit)> {
    let mut best: Option<(usize, Hit)> = None;
    for (i, o) in obstacles.iter().enumerate() {
        if let Some(h) = o.cast(sweep)
            && best.is_none_or(|(_, b)| h.time < b.time)
        {
            best = Some((i, h));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Aabb, Segment};

    /// Walls at x ≤ −5 and x ≥ 5: a gap of 10.
    fn two_walls() -> [Obstacle; 2] {
        [
            Obstacle::Aabb(Aabb::new(Vec2::new(-10.0, -10.0), Vec2::new(-5.0, 10.0))),
            Obstacle::Aabb(Aabb::new(Vec2::new(5.0, -10.0), Vec2::new(10.0, 10.0))),
        ]
    }

    fn floor() -> Obstacle {
        Obstacle::Segment(Segment::new(Vec2::new(-100.0, 0.0), Vec2::new(100.0, 0.0)))
    }

    #[test]
    fn reflect_off_a_floor_mirrors_the_rest_of_the_motion() {
        // Falls 10 from y = 6 with r = 1: contact at y = 1 after half the motion.
        let s = Sweep::new(Vec2::new(0.0, 6.0), Vec2::new(10.0, -4.0), 1.0);
        let p = resolve(&s, &[floor()], Response::Reflect { restitution: 1.0 }, 5);
        assert_eq!(p.contacts.len(), 1);
        assert_eq!(p.contacts[0].hit.time, 0.5);
        assert_eq!(p.contacts[0].outgoing, Vec2::new(5.0, 5.0));
        assert!(
            (p.end - Vec2::new(10.0, 6.0 + CONTACT_SKIN)).length() < 1e-4,
            "{:?}",
            p.end
        );
        assert!(!p.truncated);
    }

    #[test]
    fn slide_keeps_the_tangential_part_and_stays_outside() {
        let s = Sweep::new(Vec2::new(0.0, 6.0), Vec2::new(10.0, -4.0), 1.0);
        let p = resolve(&s, &[floor()], Response::Slide, 5);
        assert_eq!(p.contacts[0].outgoing, Vec2::new(5.0, 0.0));
        assert!(
            p.end.y >= 1.0 && p.end.y <= 1.0 + 2.0 * CONTACT_SKIN,
            "{:?}",
            p.end
        );
        assert!((p.end.x - 10.0).abs() < 1e-4);
    }

    #[test]
    fn stop_and_cross() {
        let s = Sweep::new(Vec2::new(0.0, 6.0), Vec2::new(10.0, -4.0), 1.0);
        let p = resolve(&s, &[floor()], Response::Stop, 5);
        assert_eq!(p.end, Vec2::new(5.0, 1.0));
        let p = resolve(&s, &[floor()], Response::Cross, 5);
        assert_eq!(p.contacts.len(), 1);
        assert_eq!(p.end, s.end);
    }

    #[test]
    fn bouncing_between_two_walls_runs_out_of_budget_without_tunnelling() {
        let walls = two_walls();
        let s = Sweep::new(Vec2::ZERO, Vec2::new(100.0, 0.0), 1.0);
        let p = resolve(&s, &walls, Response::Reflect { restitution: 1.0 }, 3);
        assert_eq!(
            p.contacts.len(),
            4,
            "3 bounces, then the 4th contact stops it"
        );
        assert!(p.truncated);
        assert!(p.end.x.abs() <= 4.0 + 1e-3);
    }

    #[test]
    fn usize_max_bounces_is_capped_not_overflowed() {
        // The loop bound adds the obstacle count to `max_bounces`: without the cap,
        // `usize::MAX` would overflow it (a panic in debug builds, a bound of 0 in release).
        let walls = two_walls();
        let s = Sweep::new(Vec2::ZERO, Vec2::new(98.0, 0.0), 1.0);
        for max in [usize::MAX, usize::MAX - 1] {
            let p = resolve(&s, &walls, Response::Reflect { restitution: 1.0 }, max);
            // The first contact after 4 units of travel, then one every 8 (the gap of 10
            // less twice the radius): 12 within 98.
            assert_eq!(p.contacts.len(), 12, "{max}");
            assert!(!p.truncated);
        }
        // Bouncing for ever (a motion of 1e9 between walls 8 apart) ends at the cap, in
        // bounded memory, stopped rather than tunnelling.
        let s = Sweep::new(Vec2::ZERO, Vec2::new(1e9, 0.0), 1.0);
        let p = resolve(
            &s,
            &walls,
            Response::Reflect { restitution: 1.0 },
            usize::MAX,
        );
        assert_eq!(p.contacts.len(), MAX_BOUNCES + 1);
        assert!(p.truncated);
        assert!(p.end.x.abs() <= 4.0 + 1e-3, "{}", p.end);
    }

    #[test]
    fn the_position_along_a_path_interpolates_each_leg() {
        // Falls from (0, 6) to (10, −4) onto the floor y = 0 with r = 1: contact at t = 0.5
        // at (5, 1), then reflected up to (10, 6 + skin).
        let s = Sweep::new(Vec2::new(0.0, 6.0), Vec2::new(10.0, -4.0), 1.0);
        let p = resolve(&s, &[floor()], Response::Reflect { restitution: 1.0 }, 5);
        assert_eq!(p.position_at(0.0), Some(Vec2::new(0.0, 6.0)));
        assert_eq!(p.position_at(0.25), Some(Vec2::new(2.5, 3.5)));
        assert_eq!(p.position_at(0.5), Some(Vec2::new(5.0, 1.0)));
        assert_eq!(p.position_at(1.0), Some(p.end));
        assert_eq!(p.position_at(7.0), Some(p.end));
        assert_eq!(p.position_at(f32::NAN), Some(Vec2::new(0.0, 6.0)));
        assert_eq!(Path::default().position_at(0.5), None);
    }
}
