//! What happens after a contact: reflect, slide, stop or cross, over the remaining motion.

use glam::{DVec2, Vec2};
use serde::{Deserialize, Serialize};

use crate::geom::Sweep;
use crate::hit::Hit;
use crate::obstacle::Obstacle;
use crate::query::{self, contact::Contact as QueryContact, contact::Motion};

/// How the moving circle responds to a contact.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// Mirror the remaining motion about the contact normal, scaling the normal part by
    /// `restitution` (1 = perfectly elastic, 0 = slide), which [`resolve`] holds to
    /// `[0, 1]`.
    Reflect {
        /// The share of the normal speed kept: 1 keeps it all (elastic), 0 none.
        restitution: f32,
    },
    /// Remove the normal part of the remaining motion and carry on along the surface.
    Slide,
    /// Stop at the contact.
    Stop,
    /// Record the contact and pass straight through (a trigger).
    Cross,
}

/// Gap kept between the circle and a surface after a reflect or slide, as a fraction of
/// its radius (1/5000: a ball of radius 5 is set off by 0.001; see [`contact_skin`]).
///
/// Contact is resolved at exactly `radius`; the circle is then placed this far outside so
/// that the next query does not see a touching (time 0) contact with the same surface, and
/// never inside it. The published "radius − 1" trick leaves a permanent overlap instead.
/// A fraction of the radius, not a length: a scene scaled by any factor keeps its path's
/// shape (with a gap of 0.001 units, a ball of 5 mm in a scene in metres was set off by a
/// fifth of its radius).
pub const CONTACT_SKIN: f32 = 2e-4;

/// The gap a ball of `radius` is set off a surface of unit `normal` at the contact centre
/// `at`: [`CONTACT_SKIN`] times the radius, and at least 8 f32 steps of the centre's
/// coordinates along the normal, so that a centre rounded to f32 is still clear of the
/// surface. Only the coordinates across the surface count: a ball sliding along a floor
/// 10⁷ units from the origin keeps the skin it has at the origin (the largest coordinate
/// set it 9.5 radii off).
pub fn contact_skin(radius: f32, at: Vec2, normal: Vec2) -> f32 {
    skin_at(at.as_dvec2(), f64::from(radius), normal.as_dvec2()) as f32
}

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
    /// The centre's velocity after the last contact, as a displacement per unit of the
    /// sweep's `t` (the sweep's own `end − start` when nothing changed it; zero where the
    /// path stopped). A game moving a ball by `v · dt` each frame carries on with
    /// `velocity / dt`: the response acts on the velocity as on the motion left, so a
    /// contact at the very end of a frame, where no motion is left, still turns it.
    #[serde(default)]
    pub velocity: Vec2,
}

impl Path {
    /// Where the centre is at fraction `t` of the original motion: contact times are on the
    /// whole motion, and each leg between two contacts (or the start, or the end) is
    /// travelled at constant speed. `None` for an empty path.
    pub fn position_at(&self, t: f32) -> Option<Vec2> {
        let first = *self.points.first()?;
        let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
        // At the end, the end: after a contact at t = 1 the ball still steps a skin off
        // the surface, and the legs below would stop at the contact.
        if t == 1.0 {
            return Some(self.end);
        }
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

/// Contacts at one instant after which the ball is held among the surfaces it met there
/// in any case ([`wedged`] holds it sooner where the bounces shrink or never end): it keeps
/// only the part of its remaining motion that moves into none, and stays among them. In a corridor as wide as the ball, or a skin or two wider, there is no
/// place a skin clear of both walls: the step off one put the ball into the other, the
/// step out of that back into the first, every contact at the same instant, until the
/// budget ran out with the ball inside a wall and its motion lost (100,001 contacts, 16 s
/// for a rotated corridor). Where the bounces between two surfaces tend, as the disc
/// engine's wedge rule; a ball meets a handful of surfaces at one instant otherwise.
const WEDGE_CONTACTS: usize = 16;

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
///   both then step [`contact_skin`] off the surface so the next query starts clear of it.
///   A path that ends there (no motion left) ends that skin off the surface, or at the
///   contact, touching it, where the step would put the ball into another surface (a
///   corridor as wide as the ball).
///   Against a moving circle both act on the displacement relative to it (the circle as an
///   immovable body that goes on moving): a circle that catches the ball up pushes it
///   ahead, as in an elastic collision with an infinite mass.
/// - The restitution is clamped to `[0, 1]` (infinities included): above 1 a bounce would
///   add energy, and between two walls the speed would grow without bound until it
///   overflowed; below 0 the ball would be driven into the surface. A NaN restitution is
///   invalid input: the path stays at the start.
/// - `Stop` ends the path at the contact; `Cross` records it and passes through, ignoring
///   that obstacle afterwards.
/// - A circle that starts inside an obstacle gets the response's velocity change (only if it
///   is moving further in) but is not moved; that overlap is then passed over while each
///   leg still starts in it (every such query would report it again at time 0), and once a
///   leg starts clear of the obstacle, the obstacle is met again like any other.
/// - An overlap the path itself makes is not passed over: met at once by two surfaces (a
///   ball in a wedge), the step off one can put the ball a skin into the other. The next
///   leg's contact with it (`started_inside`, at that leg's start) gets the response like
///   any contact, and the ball steps out along its normal to a skin clear of it. Where no
///   place is a skin clear of both (a corridor as wide as the ball), the steps would
///   alternate for ever at one instant: once they go round (see `wedged`), the ball is
///   held among the surfaces met there with the part of its motion that moves into none.
/// - After `max_bounces` responses, the next contact stops the circle and `truncated` is set:
///   the path never tunnels for lack of budget. An overlap the path made stops it at its
///   last touch instead (not a skin inside that surface). `max_bounces` is capped at
///   [`MAX_BOUNCES`], so that even "no limit" (`usize::MAX`) ends in bounded time and memory.
///
/// The first contact is the direct query's answer, bit for bit, and so is every contact of
/// `Cross` (the path is the sweep itself). After a reflection or a slide each leg is a
/// motion in f64 from where the response put the ball, and each contact is that leg's
/// exact answer: no leg's end is rounded to f32 or overflows it (a displacement of 6e38 is
/// an ordinary leg). The recorded points, end and displacements are the nearest f32
/// values, or the largest f32 in their direction beyond that range.
///
/// Non-finite input gives a path that stays at the start.
///
/// ```
/// use sweepscope::{Aabb, Obstacle, Response, Sweep, Vec2, resolve};
///
/// // Down onto a floor whose top is y = 0, radius 1: contact at y = 1, half way down.
/// let ball = Sweep::new(Vec2::new(0.0, 5.0), Vec2::new(0.0, -3.0), 1.0);
/// let floor = Obstacle::Aabb(Aabb::new(Vec2::new(-10.0, -1.0), Vec2::new(10.0, 0.0)));
/// let path = resolve(&ball, &[floor], Response::Reflect { restitution: 1.0 }, 8);
/// assert_eq!(path.contacts.len(), 1);
/// assert_eq!(path.contacts[0].hit.time, 0.5);
/// // The other half of the motion, mirrored: back up to y = 5, a contact skin above.
/// assert!((path.end.y - 5.0).abs() < 1e-2 && path.end.y > 1.0);
/// ```
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
        velocity: Vec2::ZERO,
    };
    let response = match response {
        Response::Reflect { restitution } if restitution.is_nan() => return path,
        Response::Reflect { restitution } => Response::Reflect {
            restitution: restitution.clamp(0.0, 1.0),
        },
        other => other,
    };
    if !sweep.is_valid() {
        return path;
    }
    if response == Response::Cross {
        return crossing(sweep, obstacles, max_bounces, path);
    }
    // The velocity over the whole t, answered at each contact as the motion left is.
    let mut velocity = sweep.end.as_dvec2() - sweep.start.as_dvec2();
    let radius = f64::from(sweep.radius);
    let mut inside = vec![false; obstacles.len()];
    let mut pos = sweep.start.as_dvec2();
    let mut end = sweep.end.as_dvec2();
    // The global time at the leg's start.
    let mut now = 0.0f64;
    // Each round records a contact or ends the path, and the contact after `max_bounces`
    // stops it, so this bound is never reached; it is here so that no input can loop
    // forever.
    let mut done = false;
    // The contacts at the current global time (obstacle, normal, centre), for the wedge
    // rule; emptied when the time moves on.
    let mut instant: Vec<(usize, DVec2, DVec2)> = Vec::new();
    let mut instant_time = f64::NAN;
    // The surfaces the wedge rule held the ball among, by obstacle: their normals.
    let mut held: Vec<Option<DVec2>> = vec![None; obstacles.len()];
    // The centre at the last contact that was a touch, not an overlap: a place the ball
    // can stop in.
    let mut last_touch: Option<DVec2> = None;
    // Contacts with other obstacles at exactly the time of a leg's first contact.
    let mut ties: Vec<(usize, QueryContact)> = Vec::new();
    for _ in 0..=max_bounces + obstacles.len() + 1 {
        let leg = Motion {
            start: pos,
            end,
            radius,
        };
        let Some((index, c)) =
            first_contact(&leg, obstacles, &mut inside, &mut held, now, &mut ties)
        else {
            pos = end;
            done = true;
            break;
        };
        let incoming = (end - pos) * (1.0 - c.t);
        let mut hit = c.hit;
        // Global time; the first leg is the sweep itself, whose time is already the f32
        // nearest the exact one.
        let global = now + c.t * (1.0 - now);
        if now != 0.0 {
            hit.time = global as f32;
        }
        let budget_left = path.contacts.len() < max_bounces;
        let effective = if budget_left {
            response
        } else {
            Response::Stop
        };
        let n = c.normal;
        // The response acts on the motion relative to the surface: a moving circle carries
        // its own on over the time left. Taken on the ball's motion alone, a circle that
        // catches the ball up from behind would meet an "outgoing" motion as slow as the
        // incoming one, and touch the ball again a skin later, contact after contact.
        let surface_velocity = surface_velocity(&obstacles[index]);
        let carried = surface_velocity * (1.0 - global);
        let mut outgoing = respond(incoming, carried, n, effective);
        velocity = respond(velocity, surface_velocity, n, effective);
        if global != instant_time {
            instant.clear();
            instant_time = global;
        }
        instant.push((index, n, c.center));
        // Surfaces met at the very same time (a ball dropped exactly into a V): one
        // response to all of them, and the ball held among them. One after the other, the
        // slide off the first sent the ball up the second, a different one by the
        // obstacles' order.
        let tied =
            effective != Response::Stop && simultaneous((index, &c), &ties, obstacles, global);
        if tied {
            let mut normals = vec![n];
            normals.extend(ties.iter().map(|(_, t)| t.normal));
            outgoing = respond_to_all(incoming, &normals, effective);
            velocity = respond_to_all(velocity, &normals, effective);
            instant.extend(ties.iter().map(|&(j, t)| (j, t.normal, t.center)));
        }
        // The wedge rule (see `WEDGE_CONTACTS`): held among the surfaces met at this
        // instant, each by its last contact.
        // An overlap of the input met again (made by the path, it would be stepped out of).
        let input_overlap = hit.started_inside && !made_by_path(sweep, &obstacles[index]);
        let hold = (effective != Response::Stop
            && (tied || wedged(&instant, response, input_overlap)))
        .then(|| last_per_obstacle(&instant))
        .filter(|last| last.len() >= 2);
        if let Some(last) = &hold {
            let normals: Vec<DVec2> = last.iter().map(|&(_, m, _)| m).collect();
            outgoing = into_none(outgoing, &normals);
            velocity = into_none(velocity, &normals);
        }
        path.contacts.push(Contact {
            obstacle: index,
            hit,
            incoming: saturated(incoming),
            outgoing: saturated(outgoing),
        });
        path.points.push(hit.center);
        let before = last_touch;
        if !hit.started_inside {
            last_touch = Some(c.center);
        }
        now = global;
        // The touching centre the ball was stepped a skin off, when it was.
        let mut stepped_from = None;
        match effective {
            Response::Stop => {
                pos = c.center;
                // Out of budget at an overlap the path made (the skin step off one wall
                // put the ball into the other): stopped at the last contact that was a
                // touch, not a skin inside this surface.
                if !budget_left
                    && hit.started_inside
                    && let Some(before) = before
                    && made_by_path(sweep, &obstacles[index])
                {
                    pos = before;
                }
                // Stopped for want of budget, not by the response asked for (a `Stop`
                // path uses none: with `max_bounces` 0 it was flagged, with 1 not).
                path.truncated =
                    !budget_left && response != Response::Stop && incoming != DVec2::ZERO;
                done = true;
                break;
            }
            Response::Reflect { .. } | Response::Slide | Response::Cross => {
                // An overlap of the input is the sweep's own started-inside contact with
                // that obstacle (asked only here, on the rare started-inside contact: a
                // first leg can end at t = 0, so the time does not tell).
                let made_by_path = hit.started_inside && !input_overlap;
                let out = if made_by_path {
                    // An overlap the path made: the skin step off one of two surfaces met
                    // at once (a wedge) puts the ball into the other. Passed over like an
                    // overlap of the input, it let the path run through that obstacle;
                    // it is stepped out of like any other contact, out to a skin.
                    escape(&c, hit.point, radius)
                } else {
                    None
                };
                if let Some(last) = &hold {
                    // Among the positions the skin steps alternated between: as near clear
                    // of every surface as the room allows (touching both walls of a
                    // corridor exactly the ball's width). A surface it still overlaps by
                    // rounding is passed over while the legs start in it and do not move
                    // into it; a leg that does meets it again.
                    let sum: DVec2 = last.iter().map(|&(_, _, at)| at).sum();
                    pos = sum / last.len() as f64;
                    for &(j, m, _) in last {
                        held[j] = Some(m);
                    }
                    instant.clear();
                } else if let Some(step) = out {
                    pos = c.center + n * step;
                } else if hit.started_inside {
                    inside[index] = true;
                    pos = c.center;
                } else {
                    pos = c.center + n * skin_at(c.center, radius, n);
                    stepped_from = Some(c.center);
                }
            }
        }
        end = pos + outgoing;
        if now >= 1.0 || outgoing == DVec2::ZERO {
            // The skin step is for the next leg's query to start clear of the surface;
            // none follows. Where the room beyond is narrower than a skin (a corridor as
            // wide as the ball, pushed straight into one wall), the step put the ball
            // into another surface: it ends at the contact, touching, instead.
            if let Some(touch) = stepped_from
                && overlaps_any(pos, radius, obstacles, &inside, now)
            {
                pos = touch;
            }
            done = true;
            break;
        }
    }
    path.truncated |= !done;
    path.end = saturated(pos);
    path.velocity = saturated(velocity);
    if path.points.last() != Some(&path.end) {
        path.points.push(path.end);
    }
    path
}

/// What `response` makes of `motion` at a surface of unit normal `n` that moves by
/// `carried` over the same time: it acts on the motion relative to the surface (a circle
/// that catches the ball up pushes it ahead). The same map takes the motion left and the
/// velocity, so the two stay parallel.
fn respond(motion: DVec2, carried: DVec2, n: DVec2, response: Response) -> DVec2 {
    let into = (motion - carried).dot(n);
    match response {
        Response::Reflect { restitution } if into < 0.0 => {
            motion - n * (into * (1.0 + f64::from(restitution)))
        }
        Response::Slide if into < 0.0 => motion - n * into,
        Response::Reflect { .. } | Response::Slide | Response::Cross => motion,
        Response::Stop => DVec2::ZERO,
    }
}

/// Whether the first contact `c` and its `ties` (contacts at exactly its time) are a ball
/// meeting several still surfaces at once from outside them: answered together. An overlap
/// at a leg's start, or a moving circle (whose own motion the response acts relative to),
/// is answered alone, as before.
fn simultaneous(
    (index, c): (usize, &QueryContact),
    ties: &[(usize, QueryContact)],
    obstacles: &[Obstacle],
    now: f64,
) -> bool {
    let still = |o: &Obstacle| surface_motion(o, now) == DVec2::ZERO;
    !ties.is_empty()
        && !c.hit.started_inside
        && ties
            .iter()
            .all(|(j, t)| !t.hit.started_inside && still(&obstacles[*j]))
        && still(&obstacles[index])
}

/// The response to surfaces of `normals` met at once: the motion nearest `incoming` that
/// moves into none of them (`into_none`, the slide), and for a reflection the impulse that
/// took it there again times the restitution. For one surface this is the usual
/// reflection; for several it depends on none's order, and an elastic one keeps the
/// speed (the slide and its impulse are at right angles).
fn respond_to_all(incoming: DVec2, normals: &[DVec2], response: Response) -> DVec2 {
    let slid = into_none(incoming, normals);
    match response {
        Response::Reflect { restitution } => slid + (slid - incoming) * f64::from(restitution),
        Response::Slide | Response::Cross | Response::Stop => slid,
    }
}

/// Whether a ball of `radius` at rest at `p` at global time `now` overlaps an obstacle
/// other than those the input overlaps (`inside`, passed over while the path starts in
/// them).
fn overlaps_any(p: DVec2, radius: f64, obstacles: &[Obstacle], inside: &[bool], now: f64) -> bool {
    let still = Motion {
        start: p,
        end: p,
        radius,
    };
    obstacles.iter().zip(inside).any(|(o, &passed)| {
        !passed && contact(&still, o, now).is_some_and(|c| c.hit.started_inside)
    })
}

/// Whether an overlap with `obstacle` met on a later leg is the path's own making: the
/// sweep does not start in it (asked only on the rare started-inside contact; a first leg
/// can end at t = 0, so the time does not tell).
fn made_by_path(sweep: &Sweep, obstacle: &Obstacle) -> bool {
    !contact(&Motion::of(sweep), obstacle, 0.0).is_some_and(|c| c.hit.started_inside)
}

/// Whether the contacts at one instant (obstacle, normal, centre; the newest last) are the
/// ball bouncing among surfaces for ever, so that the wedge rule holds it: the newest an
/// overlap of the input (`input_overlap`) facing a surface met at the instant; an obstacle
/// met again at the instant, where the bounces shrink (a slide, restitution below 1) or would
/// go on for ever (two surfaces face to face, as in a corridor); or [`WEDGE_CONTACTS`] of
/// them in any case. An elastic ball in a wedge of angle θ leaves it after about π/θ
/// bounces at one instant, and is let to, up to that many.
fn wedged(instant: &[(usize, DVec2, DVec2)], response: Response, input_overlap: bool) -> bool {
    let Some(&(newest, ..)) = instant.last() else {
        return false;
    };
    if instant.len() >= WEDGE_CONTACTS {
        return true;
    }
    let opposite = |a: DVec2, b: DVec2| a.dot(b) < -1.0 + 1e-9;
    // An overlap of the input met at the instant of a contact with a surface facing it:
    // the ball is wider than the room between them. Bounced from one to the other, it
    // met the overlap at once each time and the facing surface a skin later, never again
    // at one instant, until its budget ran out.
    let newest_n = instant[instant.len() - 1].1;
    if input_overlap
        && instant[..instant.len() - 1]
            .iter()
            .any(|&(j, a, _)| j != newest && opposite(a, newest_n))
    {
        return true;
    }
    let again = instant[..instant.len() - 1]
        .iter()
        .any(|&(j, ..)| j == newest);
    if !again {
        return false;
    }
    let elastic = matches!(response, Response::Reflect { restitution } if restitution >= 1.0);
    let facing = instant
        .iter()
        .any(|&(_, a, _)| instant.iter().any(|&(_, b, _)| opposite(a, b)));
    !elastic || facing
}

/// The last contact with each obstacle among `contacts` (obstacle, normal, centre), in the
/// order the obstacles were first met.
fn last_per_obstacle(contacts: &[(usize, DVec2, DVec2)]) -> Vec<(usize, DVec2, DVec2)> {
    let mut last: Vec<(usize, DVec2, DVec2)> = Vec::new();
    for &c in contacts {
        match last.iter_mut().find(|(j, ..)| *j == c.0) {
            Some(slot) => *slot = c,
            None => last.push(c),
        }
    }
    last
}

/// The motion nearest `v` that moves into none of the surfaces of `normals` (each toward
/// the ball): what bouncing among them at one instant tends to. Two surfaces are solved
/// exactly (`stopped_against`); with more, each is projected out in turn a few times, and
/// what still moves into one stops.
fn into_none(v: DVec2, normals: &[DVec2]) -> DVec2 {
    if let [a, b] = normals {
        return crate::sim::collide::stopped_against(v, *a, *b);
    }
    // Into a surface by more than rounding of the motion's own size.
    let tol = v.length() * 1e-12;
    let mut v = v;
    for _ in 0..8 {
        let mut moved = false;
        for &n in normals {
            let into = v.dot(n);
            if into < -tol {
                v -= n * into;
                moved = true;
            }
        }
        if !moved {
            return v;
        }
    }
    if normals.iter().all(|&n| v.dot(n) >= -tol) {
        v
    } else {
        DVec2::ZERO
    }
}

/// `Cross`: the path is the sweep itself, so every contact is the direct query's, in time
/// order (ties to the earlier obstacle); after `max_bounces` of them the next one stops
/// the ball.
fn crossing(sweep: &Sweep, obstacles: &[Obstacle], max_bounces: usize, mut path: Path) -> Path {
    let leg = Motion::of(sweep);
    let mut contacts: Vec<(usize, QueryContact)> = obstacles
        .iter()
        .enumerate()
        .filter_map(|(i, o)| contact(&leg, o, 0.0).map(|c| (i, c)))
        .collect();
    contacts.sort_by(|(i, a), (j, b)| a.t.total_cmp(&b.t).then(i.cmp(j)));
    let v = leg.end - leg.start;
    for (k, (index, c)) in contacts.into_iter().enumerate() {
        let incoming = v * (1.0 - c.t);
        if k == max_bounces {
            path.contacts.push(Contact {
                obstacle: index,
                hit: c.hit,
                incoming: saturated(incoming),
                outgoing: Vec2::ZERO,
            });
            path.points.push(c.hit.center);
            path.truncated = incoming != DVec2::ZERO;
            path.end = c.hit.center;
            path.velocity = Vec2::ZERO;
            return path;
        }
        path.contacts.push(Contact {
            obstacle: index,
            hit: c.hit,
            incoming: saturated(incoming),
            outgoing: saturated(incoming),
        });
        path.points.push(c.hit.center);
    }
    path.end = sweep.end;
    path.velocity = saturated(v);
    if path.points.last() != Some(&path.end) {
        path.points.push(path.end);
    }
    path
}

/// The earliest contact of `leg` (which starts at global time `now`): by the f64 time, ties
/// to the earlier obstacle; the contacts with later obstacles at exactly that time go to
/// `ties`. An obstacle marked `inside` (an overlap at a leg's start already answered) is
/// passed over while the leg still starts overlapping it and does not move further into
/// it, and unmarked otherwise: a later leg that comes back meets it again, whether it has
/// left the overlap by then or not.
fn first_contact(
    leg: &Motion,
    obstacles: &[Obstacle],
    inside: &mut [bool],
    held: &mut [Option<DVec2>],
    now: f64,
    ties: &mut Vec<(usize, QueryContact)>,
) -> Option<(usize, QueryContact)> {
    let mut best: Option<(usize, QueryContact)> = None;
    ties.clear();
    let motion = leg.end - leg.start;
    for (i, o) in obstacles.iter().enumerate() {
        let c = contact(leg, o, now);
        if inside[i] {
            if c.as_ref()
                .is_some_and(|c| c.hit.started_inside && !moves_into(leg, c.normal))
            {
                continue;
            }
            inside[i] = false;
        }
        if let Some(n) = held[i] {
            let started_in = c.as_ref().is_some_and(|c| c.hit.started_inside);
            if started_in && motion.dot(n) >= 0.0 {
                continue;
            }
            held[i] = None;
        }
        let Some(c) = c else { continue };
        match &best {
            Some((_, b)) if c.t == b.t => ties.push((i, c)),
            Some((_, b)) if c.t > b.t => {}
            _ => {
                ties.clear();
                best = Some((i, c));
            }
        }
    }
    best
}

/// Whether `leg` moves further into the obstacle it starts overlapping, whose push-out
/// normal is `n`: by more than the rounding of the leg's motion, which a slide along the
/// surface leaves at about 10⁻¹⁶ of its size (and of its start's coordinates).
fn moves_into(leg: &Motion, n: DVec2) -> bool {
    let motion = leg.end - leg.start;
    let slack = 1e-9 * motion.length() + 1e-15 * leg.start.abs().max_element();
    motion.dot(n) < -slack
}

/// The contact of `leg` with `obstacle` as it is over `[now, 1]` (a moving circle has moved
/// on; it is worked out in f64 from its own inputs).
fn contact(leg: &Motion, obstacle: &Obstacle, now: f64) -> Option<QueryContact> {
    match obstacle {
        Obstacle::Aabb(b) => query::aabb_contact(leg, b),
        Obstacle::Obb(b) => query::obb_contact(leg, b),
        Obstacle::Segment(s) => query::segment_contact(leg, s),
        Obstacle::Circle(c) => {
            let (s, e) = (c.start.as_dvec2(), c.end.as_dvec2());
            let start = if now == 0.0 { s } else { s + (e - s) * now };
            let other = Motion {
                start,
                end: e,
                radius: f64::from(c.radius),
            };
            query::circle_contact(leg, &other)
        }
    }
}

/// How far the surface of `obstacle` moves from global time `now` to the end of the
/// motion: a moving circle's displacement over the time left, zero for everything else.
fn surface_motion(obstacle: &Obstacle, now: f64) -> DVec2 {
    surface_velocity(obstacle) * (1.0 - now)
}

/// How an obstacle's surface moves over the whole `t`: a circle's own sweep.
fn surface_velocity(obstacle: &Obstacle) -> DVec2 {
    match obstacle {
        Obstacle::Circle(c) => c.end.as_dvec2() - c.start.as_dvec2(),
        Obstacle::Aabb(_) | Obstacle::Obb(_) | Obstacle::Segment(_) => DVec2::ZERO,
    }
}

/// The nearest f32 vector, each component held to the f32 range.
fn saturated(v: DVec2) -> Vec2 {
    v.clamp(
        DVec2::splat(-f64::from(f32::MAX)),
        DVec2::splat(f64::from(f32::MAX)),
    )
    .as_vec2()
}

/// How far along the contact's normal the ball at `c.center` must move to clear the
/// obstacle it overlaps (whose nearest point is `point`) by a skin: its depth plus the
/// skin. `None` when that is not a finite, positive step (the normal of an overlap with
/// no direction), and the overlap is passed over as one of the input's.
fn escape(c: &QueryContact, point: Vec2, radius: f64) -> Option<f64> {
    let clearance = (c.center - point.as_dvec2()).dot(c.normal);
    let step = radius - clearance + skin_at(c.center, radius, c.normal);
    (step.is_finite() && step > 0.0 && c.normal.is_finite() && c.normal != DVec2::ZERO)
        .then_some(step)
}

/// [`contact_skin`] in f64: each coordinate's f32 rounding moves the centre across the
/// surface by at most half its step times the normal's component on that axis.
fn skin_at(p: DVec2, radius: f64, n: DVec2) -> f64 {
    (f64::from(CONTACT_SKIN) * radius.max(0.0))
        .max((p.abs() * n.abs()).element_sum() * 8.0 * f64::from(f32::EPSILON))
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

    /// The velocity a game carries into its next frame is turned as the motion left is:
    /// mirrored, its normal part scaled by the restitution, taken off by a slide, zero
    /// after a stop; relative to a circle that catches the ball up.
    #[test]
    fn the_velocity_after_the_path_is_answered_as_the_motion_left_is() {
        let fall = Sweep::new(Vec2::new(0.0, 6.0), Vec2::new(10.0, -4.0), 1.0);
        let with = |response| resolve(&fall, &[floor()], response, 5).velocity;
        assert_eq!(
            with(Response::Reflect { restitution: 1.0 }),
            Vec2::new(10.0, 10.0)
        );
        assert_eq!(
            with(Response::Reflect { restitution: 0.5 }),
            Vec2::new(10.0, 5.0)
        );
        assert_eq!(with(Response::Slide), Vec2::new(10.0, 0.0));
        assert_eq!(with(Response::Stop), Vec2::ZERO);
        assert_eq!(with(Response::Cross), Vec2::new(10.0, -10.0));
        // Out of budget, the path stops, and so does the ball.
        let p = resolve(&fall, &[floor()], Response::Reflect { restitution: 1.0 }, 0);
        assert_eq!(p.velocity, Vec2::ZERO);
        // Nothing met: the sweep's own motion.
        let free = Sweep::new(Vec2::new(0.0, 6.0), Vec2::new(3.0, 5.0), 1.0);
        assert_eq!(
            resolve(&free, &[floor()], Response::Slide, 5).velocity,
            Vec2::new(3.0, -1.0)
        );
        // Ball at 10 per unit t, chaser at 40: 10 − 2·(10 − 40) = 70.
        let ball = Sweep::new(Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0), 1.0);
        let chaser = Obstacle::Circle(Sweep::new(Vec2::new(-10.0, 0.0), Vec2::new(30.0, 0.0), 1.0));
        let v = resolve(&ball, &[chaser], Response::Reflect { restitution: 1.0 }, 20).velocity;
        assert!((v - Vec2::new(70.0, 0.0)).length() < 1e-4, "{v:?}");
    }

    /// A ball that reaches the floor exactly at the end of a frame has no motion left to
    /// turn; its velocity turns all the same, so the next frame leaves the floor instead of
    /// pressing into it.
    #[test]
    fn a_contact_at_the_very_end_of_a_frame_still_turns_the_velocity() {
        let s = Sweep::new(Vec2::new(0.0, 11.0), Vec2::new(0.0, 1.0), 1.0);
        let p = resolve(&s, &[floor()], Response::Reflect { restitution: 1.0 }, 5);
        assert_eq!(p.contacts.len(), 1);
        assert_eq!(p.contacts[0].hit.time, 1.0);
        assert_eq!(p.contacts[0].outgoing, Vec2::ZERO);
        assert_eq!(p.velocity, Vec2::new(0.0, 10.0));
    }

    /// A game loop: a ball moved by `v · dt` each frame and carried on with
    /// `path.velocity / dt`, bouncing elastically in a closed room for a minute at 60
    /// frames a second, never leaves the room and keeps its speed.
    #[test]
    fn a_ball_carried_frame_to_frame_by_its_velocity_stays_in_its_room() {
        let walls = [
            Obstacle::Aabb(Aabb::new(Vec2::new(-10.0, -10.0), Vec2::new(0.0, 110.0))),
            Obstacle::Aabb(Aabb::new(Vec2::new(100.0, -10.0), Vec2::new(110.0, 110.0))),
            Obstacle::Aabb(Aabb::new(Vec2::new(-10.0, -10.0), Vec2::new(110.0, 0.0))),
            Obstacle::Aabb(Aabb::new(Vec2::new(-10.0, 100.0), Vec2::new(110.0, 110.0))),
        ];
        let (r, dt) = (2.0f32, 1.0f32 / 60.0);
        let mut p = Vec2::new(50.0, 50.0);
        let mut v = Vec2::new(1370.0, 710.0);
        let speed = v.length();
        let mut bounces = 0;
        for frame in 0..3600 {
            let path = resolve(
                &Sweep::new(p, p + v * dt, r),
                &walls,
                Response::Reflect { restitution: 1.0 },
                8,
            );
            bounces += path.contacts.len();
            assert!(!path.truncated, "frame {frame}");
            p = path.end;
            v = path.velocity / dt;
            let inside = p.x >= r && p.x <= 100.0 - r && p.y >= r && p.y <= 100.0 - r;
            assert!(inside, "frame {frame}: {p:?}");
            assert!(
                (v.length() - speed).abs() <= 1e-3 * speed,
                "frame {frame}: {v:?}"
            );
        }
        assert!(bounces > 500, "{bounces}");
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
            (p.end - Vec2::new(10.0, 6.0 + CONTACT_SKIN * s.radius)).length() < 1e-4,
            "{:?}",
            p.end
        );
        assert!(!p.truncated);
    }

    #[test]
    fn a_circle_that_catches_the_ball_up_pushes_it_ahead_in_one_contact() {
        // The bug: the reflection took the ball's own motion, not the motion relative to
        // the chaser, so the outgoing motion was the incoming one, the chaser touched the
        // ball again a skin later, 21 contacts, and passed through the stopped ball.
        // Ball 0 → 10, chaser −10 → 30, both r = 1: contact when 40t − 10 + 2 = 10t,
        // t = 4/15. Ball's remaining motion 10·(11/15), the chaser's 40·(11/15): relative
        // −22 along the normal (+x), reflected to +22, so the ball's is 40·(11/15) + 22.
        let ball = Sweep::new(Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0), 1.0);
        let chaser = Obstacle::Circle(Sweep::new(Vec2::new(-10.0, 0.0), Vec2::new(30.0, 0.0), 1.0));
        let p = resolve(&ball, &[chaser], Response::Reflect { restitution: 1.0 }, 20);
        assert_eq!(p.contacts.len(), 1, "{:?}", p.contacts);
        assert!(!p.truncated);
        let c = p.contacts[0];
        assert!((c.hit.time - 4.0 / 15.0).abs() < 1e-6, "{c:?}");
        let want = 40.0 * 11.0 / 15.0 + 22.0;
        assert!(
            (c.outgoing.x - want).abs() < 1e-4 && c.outgoing.y == 0.0,
            "{c:?}"
        );
        // Ahead of the chaser at the end (it ends at x = 30), as far as the push took it.
        let at_contact = 10.0 * 4.0 / 15.0;
        assert!((p.end.x - (at_contact + want)).abs() < 1e-2, "{:?}", p.end);
        assert!(p.end.x > 30.0 + 2.0);
        // Sliding: the chaser's normal speed is taken on, so the ball rides ahead of it and
        // is not caught again.
        let p = resolve(&ball, &[chaser], Response::Slide, 20);
        assert_eq!(p.contacts.len(), 1, "{:?}", p.contacts);
        assert!((p.contacts[0].outgoing.x - 40.0 * 11.0 / 15.0).abs() < 1e-4);
        // A still circle is a wall: the response is the one it always was.
        let still = Obstacle::Circle(Sweep::new(Vec2::new(13.0, 0.0), Vec2::new(13.0, 0.0), 1.0));
        let ball = Sweep::new(Vec2::new(0.0, 0.0), Vec2::new(20.0, 0.0), 1.0);
        let p = resolve(&ball, &[still], Response::Reflect { restitution: 1.0 }, 20);
        assert_eq!(p.contacts.len(), 1);
        // Contact at x = 11, t = 0.55: the remaining 9 mirrored.
        assert_eq!(p.contacts[0].outgoing, Vec2::new(-9.0, 0.0));
    }

    #[test]
    fn slide_keeps_the_tangential_part_and_stays_outside() {
        let s = Sweep::new(Vec2::new(0.0, 6.0), Vec2::new(10.0, -4.0), 1.0);
        let p = resolve(&s, &[floor()], Response::Slide, 5);
        assert_eq!(p.contacts[0].outgoing, Vec2::new(5.0, 0.0));
        assert!(
            p.end.y >= 1.0 && p.end.y <= 1.0 + 2.0 * CONTACT_SKIN * s.radius,
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

    /// Bug: an infinite restitution scaled the normal part of the motion by infinity, and
    /// the path went to NaN. It is held to 1: an elastic bounce.
    #[test]
    fn reflect_with_infinite_restitution_bounces_elastically_not_to_nan() {
        let s = Sweep::new(Vec2::new(0.0, 6.0), Vec2::new(10.0, -4.0), 1.0);
        for restitution in [f32::INFINITY, f32::MAX] {
            let p = resolve(&s, &[floor()], Response::Reflect { restitution }, 5);
            let elastic = resolve(&s, &[floor()], Response::Reflect { restitution: 1.0 }, 5);
            assert_eq!(p, elastic, "{restitution}");
            assert!(p.end.is_finite() && p.points.iter().all(|q| q.is_finite()));
        }
        // Minus infinity is held to 0: a slide.
        let p = resolve(
            &s,
            &[floor()],
            Response::Reflect {
                restitution: f32::NEG_INFINITY,
            },
            5,
        );
        assert_eq!(p.contacts[0].outgoing, Vec2::new(5.0, 0.0));
    }

    /// Bug: a restitution above 1 added speed at each bounce; between two walls the motion
    /// grew geometrically until it overflowed to infinity and NaN within the bounce budget.
    #[test]
    fn reflect_with_restitution_above_one_does_not_overflow() {
        let walls = two_walls();
        let s = Sweep::new(Vec2::ZERO, Vec2::new(100.0, 0.0), 1.0);
        let p = resolve(&s, &walls, Response::Reflect { restitution: 3.0 }, 200);
        let elastic = resolve(&s, &walls, Response::Reflect { restitution: 1.0 }, 200);
        assert_eq!(p, elastic);
        for c in &p.contacts {
            assert!(
                c.outgoing.length() <= c.incoming.length() * (1.0 + 1e-6),
                "{c:?}"
            );
        }
        assert!(
            p.end.is_finite() && p.end.x.abs() <= 4.0 + 1e-3,
            "{:?}",
            p.end
        );
    }

    /// A NaN restitution is invalid input, like a NaN coordinate: the path stays at the
    /// start (it was read as 0 by `max(0.0)`, silently).
    #[test]
    fn reflect_with_nan_restitution_is_invalid_input_and_stays_at_the_start() {
        let s = Sweep::new(Vec2::new(0.0, 6.0), Vec2::new(10.0, -4.0), 1.0);
        let p = resolve(
            &s,
            &[floor()],
            Response::Reflect {
                restitution: f32::NAN,
            },
            5,
        );
        assert!(p.contacts.is_empty());
        assert_eq!((p.end, p.points.clone()), (s.start, vec![s.start]));
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

    /// User test: a ball starting 2 deep in a box and bouncing off a wall behind it came
    /// back through the box and ended inside it: the box, once started in, was ignored for
    /// the rest of the path.
    #[test]
    fn a_path_that_leaves_an_obstacle_it_started_in_meets_it_again() {
        let sweep = Sweep::new(Vec2::new(-4.0, 10.0), Vec2::new(-40.0, 10.0), 6.0);
        let obstacles = [
            Obstacle::Aabb(Aabb::new(Vec2::ZERO, Vec2::new(40.0, 20.0))),
            Obstacle::Segment(Segment::new(Vec2::new(-20.0, 0.0), Vec2::new(-20.0, 20.0))),
        ];
        let path = resolve(
            &sweep,
            &obstacles,
            Response::Reflect { restitution: 1.0 },
            5,
        );
        let seen: Vec<(usize, bool)> = path
            .contacts
            .iter()
            .map(|c| (c.obstacle, c.hit.started_inside))
            .collect();
        // Box (inside, t = 0), wall at x = -14 (t = 10/36), box from outside at x = -6
        // (t = 18/36), wall (t = 26/36), box (t = 34/36), then 2 left: ends at x = -8.
        assert_eq!(
            seen,
            [(0, true), (1, false), (0, false), (1, false), (0, false)]
        );
        let times: Vec<f32> = path.contacts.iter().map(|c| c.hit.time).collect();
        for (t, want) in times
            .iter()
            .zip([0.0, 10.0 / 36.0, 0.5, 26.0 / 36.0, 34.0 / 36.0])
        {
            assert!((t - want).abs() < 1e-4, "{times:?}");
        }
        assert!(path.end.x <= -6.0 && path.end.x > -8.01, "{:?}", path.end);
    }

    /// Within a skin or two of being clear of `o` at `p`: a path never ends inside an
    /// obstacle it did not start in.
    fn clear_of(o: &Obstacle, p: Vec2, radius: f32) -> bool {
        o.distance_at(p, 1.0) >= radius * (1.0 - 3.0 * CONTACT_SKIN)
    }

    /// Library review: a ball dropped down the axis of a 60° V met both walls at once;
    /// the skin step off the first moved it into the second, whose overlap was then
    /// passed over as if the input had started in it, and the path ran through the wall
    /// to (3.36, −4.81), below the apex.
    #[test]
    fn a_ball_dropped_into_an_acute_wedge_comes_to_rest_in_it() {
        let a = Obstacle::Segment(Segment::new(Vec2::new(-10.0, 17.320508), Vec2::ZERO));
        let b = Obstacle::Segment(Segment::new(Vec2::ZERO, Vec2::new(10.0, 17.320508)));
        let ball = Sweep::new(Vec2::new(0.0, 15.0), Vec2::new(0.0, -30.0), 0.5);
        for response in [
            Response::Slide,
            Response::Reflect { restitution: 0.0 },
            Response::Reflect { restitution: 1.0 },
        ] {
            let p = resolve(&ball, &[a, b], response, 1000);
            for o in [&a, &b] {
                assert!(clear_of(o, p.end, 0.5), "{response:?}: ends at {}", p.end);
            }
            assert!(p.end.y > 0.9, "{response:?}: above the apex: {}", p.end);
        }
    }

    /// The elastic form of the wedge: a ball sent into a V 11° wide bounced down it and
    /// out through a wall, to (−40.45, −30.98).
    #[test]
    fn an_elastic_ball_in_a_narrow_wedge_never_passes_a_wall() {
        let a = Obstacle::Segment(Segment::new(Vec2::ZERO, Vec2::new(10.0, 1.0)));
        let b = Obstacle::Segment(Segment::new(Vec2::ZERO, Vec2::new(10.0, -1.0)));
        let ball = Sweep::new(Vec2::new(9.0, 0.0), Vec2::new(-50.0, 0.0), 0.5);
        let p = resolve(&ball, &[a, b], Response::Reflect { restitution: 1.0 }, 1000);
        for o in [&a, &b] {
            assert!(clear_of(o, p.end, 0.5), "ends at {}", p.end);
        }
        // Between the walls' lines, on the open side of the apex.
        assert!(p.end.x > 0.0 && p.end.y.abs() < p.end.x / 10.0, "{}", p.end);
    }

    /// Wedges of every opening from 4° to 88°, dropped into along and beside their axes
    /// with each response: no path ends inside a wall.
    #[test]
    fn no_path_ends_inside_either_wall_of_a_wedge() {
        let mut ended = 0;
        for degrees in (4..=88).step_by(4) {
            let half = (degrees as f32).to_radians() * 0.5;
            let (sin, cos) = half.sin_cos();
            let a = Obstacle::Segment(Segment::new(Vec2::new(-20.0 * sin, 20.0 * cos), Vec2::ZERO));
            let b = Obstacle::Segment(Segment::new(Vec2::ZERO, Vec2::new(20.0 * sin, 20.0 * cos)));
            for offset in [0.0, 1e-5, 3e-5, 0.01, 0.3] {
                for radius in [0.05, 0.5] {
                    let top = 15.0 * cos;
                    let ball = Sweep::new(
                        Vec2::new(offset * top * sin, top),
                        Vec2::new(offset * top * sin * 0.5, -30.0),
                        radius,
                    );
                    if !(clear_of(&a, ball.start, radius) && clear_of(&b, ball.start, radius)) {
                        continue;
                    }
                    for response in [
                        Response::Slide,
                        Response::Reflect { restitution: 0.0 },
                        Response::Reflect { restitution: 0.5 },
                        Response::Reflect { restitution: 1.0 },
                    ] {
                        let p = resolve(&ball, &[a, b], response, 400);
                        for o in [&a, &b] {
                            assert!(
                                clear_of(o, p.end, radius),
                                "{degrees}° offset {offset} r {radius} {response:?}: ends at {}",
                                p.end
                            );
                        }
                        ended += 1;
                    }
                }
            }
        }
        assert!(ended > 600, "{ended}");
    }

    /// The wedge's class with every kind of wall: two circles whose surfaces meet, two
    /// rotated boxes and two segments, opening upward at 5° to 85°, a ball dropped along
    /// the crevice's axis (where it meets both walls at once) and a hair beside it.
    #[test]
    fn no_path_ends_inside_either_side_of_a_crevice() {
        use crate::geom::Obb;
        let mut ended = 0;
        for degrees in (5..=85).step_by(5) {
            let half = (degrees as f32).to_radians() * 0.5;
            let (sin, cos) = half.sin_cos();
            let (along_a, along_b) = (Vec2::new(-sin, cos), Vec2::new(sin, cos));
            let (out_a, out_b) = (Vec2::new(-cos, -sin), Vec2::new(cos, -sin));
            let circle = |c: Vec2| Obstacle::Circle(Sweep::new(c * 2.0, c * 2.0, 2.0));
            let slab = |along: Vec2, out: Vec2| {
                let centre = along * 5.0 + out * 0.5;
                Obstacle::Obb(Obb::new(
                    centre,
                    Vec2::new(5.0, 0.5),
                    along.y.atan2(along.x),
                ))
            };
            let kinds = [
                [circle(out_a), circle(out_b)],
                [slab(along_a, out_a), slab(along_b, out_b)],
                [
                    Obstacle::Segment(Segment::new(along_a * 10.0, Vec2::ZERO)),
                    Obstacle::Segment(Segment::new(Vec2::ZERO, along_b * 10.0)),
                ],
            ];
            for (walls, x, radius) in kinds.iter().flat_map(|w| {
                [0.0, 1e-6, 1e-5, 3e-5]
                    .into_iter()
                    .flat_map(move |x| [0.05, 0.3, 0.6].map(|r| (w, x, r)))
            }) {
                let ball = Sweep::new(Vec2::new(x, 6.0), Vec2::new(x, -20.0), radius);
                if !walls.iter().all(|o| clear_of(o, ball.start, radius)) {
                    continue;
                }
                for response in [
                    Response::Slide,
                    Response::Reflect { restitution: 0.0 },
                    Response::Reflect { restitution: 0.6 },
                    Response::Reflect { restitution: 1.0 },
                ] {
                    let p = resolve(&ball, walls, response, 300);
                    for o in walls {
                        assert!(
                            clear_of(o, p.end, radius),
                            "{degrees}°, {response:?}: {ball:?} ends at {} in {o:?}",
                            p.end
                        );
                    }
                    ended += 1;
                }
            }
        }
        assert!(ended > 2000, "{ended}");
    }

    /// Library review: a `Stop` path with `max_bounces` 0 was flagged `truncated`, and
    /// the same path with 1 was not; `Stop` uses no budget.
    #[test]
    fn a_stop_path_is_never_truncated_whatever_the_budget() {
        let s = Sweep::new(Vec2::new(0.0, 6.0), Vec2::new(0.0, -4.0), 1.0);
        for max in [0, 1, 5] {
            let p = resolve(&s, &[floor()], Response::Stop, max);
            assert_eq!(p.contacts.len(), 1);
            assert!(!p.truncated, "max_bounces {max}");
        }
        // A reflection that runs out of budget is.
        let p = resolve(&s, &[floor()], Response::Reflect { restitution: 1.0 }, 0);
        assert!(p.truncated);
    }

    /// Library review: with a contact at t = 1, `position_at(1.0)` gave the contact's
    /// centre, not the end a skin off the surface.
    #[test]
    fn the_position_at_the_end_is_the_end_after_a_contact_at_t_1() {
        // Falls from y = 6 to y = 1 onto the floor with r = 1: contact at t = 1.
        let s = Sweep::new(Vec2::new(0.0, 6.0), Vec2::new(0.0, 1.0), 1.0);
        let p = resolve(&s, &[floor()], Response::Reflect { restitution: 1.0 }, 5);
        assert_eq!(p.contacts.len(), 1);
        assert_eq!(p.contacts[0].hit.time, 1.0);
        assert!(p.end.y > 1.0, "a skin off: {}", p.end);
        assert_eq!(p.position_at(1.0), Some(p.end));
    }

    /// A ball starting exactly on one wall of a V and moving into it meets that wall at
    /// t = 0, not overlapping it: the step off it put the ball into the other wall with the
    /// path's clock still at 0, and an overlap at t = 0 read as one of the input's.
    #[test]
    fn a_ball_starting_on_one_wall_of_a_wedge_stays_out_of_the_other() {
        // A V of 73.7° along (∓3, 4): from (0, 5) each wall's line is exactly 3 away.
        let a = Obstacle::Segment(Segment::new(Vec2::new(-12.0, 16.0), Vec2::ZERO));
        let b = Obstacle::Segment(Segment::new(Vec2::ZERO, Vec2::new(12.0, 16.0)));
        let at = Vec2::new(0.0, 5.0);
        // Into both, a listed first: the step off a, along its normal (4, 3) / 5, goes a
        // part into b, and sliding along a heads for the apex.
        let ball = Sweep::new(at, at + Vec2::new(-1.0, -5.0), 3.0);
        let first = resolve(&ball, &[a, b], Response::Slide, 100);
        assert_eq!(first.contacts[0].obstacle, 0);
        assert_eq!(first.contacts[0].hit.time, 0.0);
        assert!(!first.contacts[0].hit.started_inside);
        for response in [
            Response::Slide,
            Response::Reflect { restitution: 0.0 },
            Response::Reflect { restitution: 1.0 },
        ] {
            let p = resolve(&ball, &[a, b], response, 100);
            for o in [&a, &b] {
                assert!(clear_of(o, p.end, 3.0), "{response:?}: ends at {}", p.end);
            }
        }
    }

    /// Hostile test: in a corridor exactly the ball's width, a path cut short by its budget
    /// stopped at an overlap it had made itself (the skin step off the floor put it into
    /// the ceiling) and ended 2e-4 inside the ceiling, in `check` and `--record` too. It
    /// stops at its last touch, not a skin inside.
    #[test]
    fn a_path_out_of_budget_does_not_end_a_skin_inside_a_wall() {
        let floor = Obstacle::Segment(Segment::new(
            Vec2::new(-100.0, -1.0),
            Vec2::new(100.0, -1.0),
        ));
        let ceiling =
            Obstacle::Segment(Segment::new(Vec2::new(-100.0, 1.0), Vec2::new(100.0, 1.0)));
        let s = Sweep::new(Vec2::ZERO, Vec2::new(40.0, -3.0), 1.0);
        for response in [Response::Reflect { restitution: 1.0 }, Response::Slide] {
            for budget in 0..=6 {
                let p = resolve(&s, &[floor, ceiling], response, budget);
                for o in [floor, ceiling] {
                    let d = o.distance_at(p.end, 1.0);
                    assert!(
                        d >= 1.0 - 1e-6,
                        "{response:?}, budget {budget}: ends at {} ({d} from a wall)",
                        p.end
                    );
                }
            }
        }
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

    /// Hostile test: a ball in a corridor exactly as wide as it, sliding (or reflecting
    /// with restitution 0) straight into one wall, kept no motion after the contact and
    /// ended there a skin off that wall: 2e-4 of its radius into the other. With no leg to
    /// follow, it ends at the contact, touching both; with room for the skin, a skin off.
    #[test]
    fn a_ball_pushed_straight_into_a_corridor_wall_ends_in_neither_wall() {
        use crate::geom::Segment;
        let v = Vec2::new;
        for (gap, with_room) in [(2.0f32, false), (2.0001, false), (2.01, true)] {
            let boxes = [
                Obstacle::Aabb(Aabb::new(v(-10.0, -1.0), v(10.0, 0.0))),
                Obstacle::Aabb(Aabb::new(v(-10.0, gap), v(10.0, gap + 1.0))),
            ];
            let segments = [
                Obstacle::Segment(Segment::new(v(-10.0, 0.0), v(10.0, 0.0))),
                Obstacle::Segment(Segment::new(v(10.0, gap), v(-10.0, gap))),
            ];
            for walls in [boxes, segments] {
                for end in [v(0.0, -5.0), v(0.0, 0.999)] {
                    let ball = Sweep::new(v(0.0, 1.0 + (gap - 2.0) / 2.0), end, 1.0);
                    for response in [Response::Slide, Response::Reflect { restitution: 0.0 }] {
                        let p = resolve(&ball, &walls, response, 100);
                        for o in &walls {
                            assert!(
                                o.cast(&Sweep::new(p.end, p.end, 1.0)).is_none(),
                                "gap {gap}, {response:?}, to {end}: ends at {} in {o:?}",
                                p.end
                            );
                        }
                        let off = p.end.y - 1.0;
                        if with_room {
                            assert!(off > 0.0, "gap {gap}: ends at {}", p.end);
                        } else {
                            assert_eq!(p.end, v(0.0, 1.0), "gap {gap}, {response:?}");
                        }
                    }
                }
            }
        }
    }

    /// Hostile test: a ball exactly as wide as a corridor (or up to two skins narrower),
    /// pushed into one wall, stepped a skin off it into the other, out of that into the
    /// first, every contact at one instant, until the budget ran out: 100,001 contacts, its
    /// motion up the corridor lost, the ball inside a wall (16 s for a rotated corridor).
    /// It is held between the walls and carries on up the corridor.
    #[test]
    fn a_ball_as_wide_as_a_corridor_slides_up_it() {
        use crate::geom::Obb;
        for gap in [1.0f32, 1.00005, 1.0001] {
            let walls = [
                Obstacle::Aabb(Aabb::new(Vec2::new(-10.0, -100.0), Vec2::new(-gap, 100.0))),
                Obstacle::Aabb(Aabb::new(Vec2::new(gap, -100.0), Vec2::new(10.0, 100.0))),
            ];
            let ball = Sweep::new(Vec2::ZERO, Vec2::new(-3.0, 40.0), 1.0);
            // (An elastic ball with room to move bounces for real, 15,000 times a unit of
            // time at 1e-4 of play: that budget running out is the response's, as between
            // any two walls.)
            let elastic = (gap < 1.0001).then_some(Response::Reflect { restitution: 1.0 });
            for response in [Response::Slide, Response::Reflect { restitution: 0.0 }]
                .into_iter()
                .chain(elastic)
            {
                for budget in [1000, usize::MAX] {
                    let p = resolve(&ball, &walls, response, budget);
                    assert!(
                        !p.truncated && p.contacts.len() < 100,
                        "gap {gap}, {response:?}: {} contacts, truncated {}",
                        p.contacts.len(),
                        p.truncated
                    );
                    assert!(
                        (p.end.y - 40.0).abs() < 1e-3,
                        "gap {gap}, {response:?}: ends at {}",
                        p.end
                    );
                    for o in &walls {
                        assert!(clear_of(o, p.end, 1.0), "gap {gap}: {} in {o:?}", p.end);
                    }
                }
            }
        }
        // The rotated corridor of the report, from its bits: 1e-4 of play, in which this
        // elastic ball bounces for real (every 2e-9 of its time) until the budget runs
        // out, never inside a wall.
        let f = f32::from_bits;
        let c = f(0x40b0_0069);
        let half = Vec2::new(f(0x408f_ff97), 50.0);
        let walls = [
            Obstacle::Obb(Obb::new(Vec2::new(-c, 0.0), half, 1e-4)),
            Obstacle::Obb(Obb::new(Vec2::new(c, 0.0), half, 1e-4)),
        ];
        let ball = Sweep::new(
            Vec2::new(f(0xb743_3f9f), f(0x3dfe_2880)),
            Vec2::new(f(0xc2d9_7c94), f(0xc291_a0a2)),
            1.0,
        );
        let p = resolve(&ball, &walls, Response::Reflect { restitution: 1.0 }, 1000);
        assert!(p.truncated && p.contacts.len() == 1001);
        let times = p
            .contacts
            .windows(2)
            .filter(|w| w[1].hit.time > w[0].hit.time);
        assert!(times.count() > 900, "bounces at distinct times");
        for o in &walls {
            assert!(clear_of(o, p.end, 1.0), "{} in {o:?}", p.end);
        }
    }

    /// Hostile test: a ball exactly fitting a triangle of segments (inradius 1) was held
    /// between two walls with a motion into the third, which it was then let pass through
    /// (it ended outside the triangle): the held walls were passed over for good. It is
    /// held among every surface met, comes to rest inside, and a held surface it moves into
    /// is met again.
    #[test]
    fn a_ball_held_in_a_wedge_never_passes_a_wall() {
        let v = [
            Vec2::new(1000.0, -698.0),
            Vec2::new(998.26794, -701.0),
            Vec2::new(1001.7321, -701.0),
        ];
        let walls: Vec<Obstacle> = (0..3)
            .map(|k| Obstacle::Segment(Segment::new(v[k], v[(k + 1) % 3])))
            .collect();
        let ball = Sweep::new(Vec2::new(1000.0, -700.0), Vec2::new(1003.0, -699.0), 1.0);
        let inside_triangle = |p: Vec2| {
            let side = |a: Vec2, b: Vec2| (b - a).perp_dot(p - a);
            (0..3).all(|k| side(v[k], v[(k + 1) % 3]) >= -1e-3)
        };
        for response in [
            Response::Slide,
            Response::Reflect { restitution: 0.0 },
            Response::Reflect { restitution: 1.0 },
        ] {
            for budget in [18, 100, usize::MAX] {
                let p = resolve(&ball, &walls, response, budget);
                assert!(inside_triangle(p.end), "{response:?}: ends at {}", p.end);
                for (k, pt) in p.points.iter().enumerate() {
                    assert!(inside_triangle(*pt), "{response:?}: point {k} {pt} outside");
                }
                assert!(p.contacts.len() < 200, "{} contacts", p.contacts.len());
            }
        }
    }

    /// User test: a ball of radius 5 between a floor and a ceiling 10 apart, with the
    /// scene's default budget of 5, stopped at its start after 6 contacts at t = 0 (the
    /// rule waited for 16), and one 0.0005 wider too. Held at the first contact met again
    /// at the instant, it slides along the corridor to its end.
    #[test]
    fn a_ball_as_wide_as_a_corridor_slides_along_it_on_a_small_budget() {
        for gap in [10.0f32, 10.0005] {
            let walls = [
                Obstacle::Aabb(Aabb::new(Vec2::new(0.0, -10.0), Vec2::new(100.0, 0.0))),
                Obstacle::Aabb(Aabb::new(Vec2::new(0.0, gap), Vec2::new(100.0, 20.0))),
            ];
            let ball = Sweep::new(Vec2::new(10.0, 5.0), Vec2::new(90.0, 15.0), 5.0);
            for response in [
                Response::Slide,
                Response::Reflect { restitution: 0.0 },
                Response::Reflect { restitution: 0.5 },
                Response::Reflect { restitution: 1.0 },
            ] {
                let p = resolve(&ball, &walls, response, 5);
                assert!(
                    !p.truncated && (p.end.x - 90.0).abs() < 1e-3,
                    "gap {gap}, {response:?}: ends at {} after {} contacts (truncated {})",
                    p.end,
                    p.contacts.len(),
                    p.truncated
                );
                for o in &walls {
                    assert!(clear_of(o, p.end, 5.0), "gap {gap}: {} in {o:?}", p.end);
                }
            }
        }
    }

    /// Outside test: a ball starting 0.8 deep in a floor, moving up and away, met the
    /// ceiling still in the floor; the leg back down started in the floor, which was
    /// passed over, and the ball went through all of it (ending at y = −9). A leg that
    /// moves further into an overlap of the input meets it again, and a ball too wide for
    /// the room between the two is held between them.
    #[test]
    fn a_ball_that_starts_in_the_floor_and_bounces_off_the_ceiling_does_not_pass_through_it() {
        let boxes = [
            Obstacle::Aabb(Aabb::new(Vec2::new(-100.0, -5.0), Vec2::new(100.0, 0.0))),
            Obstacle::Aabb(Aabb::new(Vec2::new(-100.0, 1.5), Vec2::new(100.0, 5.0))),
        ];
        let segments = [
            Obstacle::Segment(Segment::new(Vec2::new(-100.0, 0.0), Vec2::new(100.0, 0.0))),
            Obstacle::Segment(Segment::new(Vec2::new(-100.0, 1.5), Vec2::new(100.0, 1.5))),
        ];
        let ball = Sweep::new(Vec2::new(0.0, 0.2), Vec2::new(10.0, 10.0), 1.0);
        for walls in [boxes, segments] {
            for response in [
                Response::Reflect { restitution: 1.0 },
                Response::Reflect { restitution: 0.5 },
                Response::Slide,
            ] {
                let p = resolve(&ball, &walls, response, 10);
                for (k, pt) in p.points.iter().enumerate() {
                    assert!(
                        pt.y >= 0.2 - 1e-6 && pt.y <= 0.5,
                        "{response:?}: point {k} at {pt}, deeper than the start or past the \
                         ceiling"
                    );
                }
                assert!(
                    !p.truncated && (p.end.x - 10.0).abs() < 1e-3,
                    "{response:?}: ends at {} after {} contacts",
                    p.end,
                    p.contacts.len()
                );
            }
        }
    }

    /// Outside test: dropped exactly into an obtuse V, the ball met both walls at one
    /// time; the slide off the first sent it up the second (ending at (±4.2, 4.4), the
    /// side by the obstacles' order). Both are answered at once: it rests at the contact.
    #[test]
    fn a_ball_dropped_exactly_into_an_obtuse_v_comes_to_rest_in_it() {
        let a = Obstacle::Segment(Segment::new(Vec2::new(-40.0, 30.0), Vec2::ZERO));
        let b = Obstacle::Segment(Segment::new(Vec2::ZERO, Vec2::new(40.0, 30.0)));
        let ball = Sweep::new(Vec2::new(0.0, 30.0), Vec2::new(0.0, -30.0), 1.0);
        for response in [Response::Slide, Response::Reflect { restitution: 0.0 }] {
            for walls in [[a, b], [b, a]] {
                let p = resolve(&ball, &walls, response, 100);
                // Touching both walls 3x ± 4y = 0 at distance 1: y = 5/4.
                assert_eq!(p.end, Vec2::new(0.0, 1.25), "{response:?}");
                assert_eq!(p.contacts[0].hit.time, 23.0 / 48.0);
            }
        }
        // Elastic: straight back up, whatever the order, with its speed.
        let up = |walls: [Obstacle; 2]| {
            resolve(&ball, &walls, Response::Reflect { restitution: 1.0 }, 100)
        };
        let (p, q) = (up([a, b]), up([b, a]));
        assert_eq!(p.end, q.end);
        assert_eq!(p.end.x, 0.0);
        assert_eq!(p.contacts[0].outgoing, -p.contacts[0].incoming);
    }

    /// Outside test: the skin was 8 f32 steps of the contact centre's largest coordinate,
    /// so a ball of radius 1 sliding along a floor at x = 10⁷ was set 9.5 above it (0.0095
    /// at x = 10⁴), where the same slide at the origin keeps 0.0002. Only the coordinates
    /// across the surface round the centre off it.
    #[test]
    fn the_skin_does_not_grow_with_the_coordinate_along_the_surface() {
        for x in [0.0f32, 1e4, 1e7] {
            let floor = Obstacle::Segment(Segment::new(
                Vec2::new(x - 1000.0, 0.0),
                Vec2::new(x + 1000.0, 0.0),
            ));
            let ball = Sweep::new(Vec2::new(x, 5.0), Vec2::new(x + 10.0, -3.0), 1.0);
            let p = resolve(&ball, &[floor], Response::Slide, 5);
            assert_eq!(p.end.y, 1.0002, "at x = {x}");
            assert_eq!(contact_skin(1.0, Vec2::new(x, 1.0), Vec2::Y), 2e-4);
        }
        // Across the surface the rounding still sets it: 8 f32 steps of 10⁷.
        assert_eq!(
            contact_skin(1.0, Vec2::new(0.0, 1e7), Vec2::Y),
            1e7 * 8.0 * f32::EPSILON
        );
    }
}
