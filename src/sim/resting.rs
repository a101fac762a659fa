//! The cluster rule: contacts that collide again and again at one instant, with
//! restitution below 1, are solved together.
//!
//! A column of discs falling onto the floor with restitution 0 closes up at one instant,
//! and the engine resolves it one pair at a time: the bottom pair and the floor bounce
//! between themselves until their speed underflows (about 2,000 collisions) before the
//! next disc up is touched again, and each disc more multiplies that. Four discs stalled
//! the clock for good. The collisions at one instant are the rounds of a Gauss–Seidel
//! iteration in a poor order; [`Instant`] keeps the contacts that collided at the current
//! instant, and when one disc has taken part in [`CLUSTER_EVENTS`] of them its cluster (the
//! discs those contacts connect) is swept with perfectly inelastic impulses, contact by
//! contact, until nothing in it approaches by more than rounding of its discs' speeds,
//! what is left taken off the disc that closes in: where the collisions were tending.
//!
//! One instant is one time in an elastic run; with restitution below 1 it also takes in a
//! collision that comes before its discs have moved more than rounding of their
//! coordinates, or the engine's touching band, since the last ([`near_window`]): an
//! inelastic collapse's collisions come ever closer but never at one time, and a wedge held
//! by rounding collides a few ulps of time apart. Where the sweeps cannot settle a
//! cluster (a wedge whose line of centres is all but across the motion), its discs move on
//! as one ([`move_as_one`]).
//!
//! Invariants: the log holds the contacts of one instant (emptied when a collision comes
//! after it; a contact counts only within its own window of the last collision); the
//! impulses are the engine's own (`collide`), so momentum is kept between discs and energy
//! never grows; after the rule no contact of the cluster approaches by more than rounding,
//! and what is left at that level is taken off the disc that closes in, as after any
//! collision. An elastic run meets the rule only where discs fit their room exactly
//! ([`ELASTIC_CLUSTER_EVENTS`]).

use glam::DVec2;

use super::body::Body;
use super::collide;

/// Collisions at one instant a disc takes part in, with restitution below 1, before its
/// cluster is solved at once. Well above what a disc meets at one instant in a healthy
/// run (a disc caught in a symmetric pile-up meets a few).
pub(crate) const CLUSTER_EVENTS: u32 = 64;

/// [`CLUSTER_EVENTS`] for an elastic run: elastic collisions at one instant end after
/// finitely many unless the discs fit their room exactly (two discs as wide as the gap
/// between two walls bounced between them at one instant for ever). A disc struck against
/// a wall by one M times heavier meets π·√M (Galperin's billiards): mass ratios up to
/// about 10⁹ stay exact; there, and where the discs fit their room, the motion the rule
/// takes is what is lost.
pub(crate) const ELASTIC_CLUSTER_EVENTS: u32 = 100_000;

/// The most contacts gathered at one instant. Past it the instant is not followed (the
/// rule does not apply there), so that the log and the sweeps stay small.
pub(crate) const MAX_INSTANT_CONTACTS: usize = 4096;

/// The contacts at one instant past which the cluster rule takes in no more touching ones
/// ([`Instant::add_touching`]): a row of ten discs along a wall is nine. A cap of 256 made
/// a struck block of 3,600 resting discs twice as slow (sweeps over clusters of a
/// thousand); 64 costs it about a sixth more than taking in none.
pub(crate) const TOUCHING_CONTACTS: usize = 64;

/// The most sweeps over a cluster's contacts. Each sweep takes off a fixed share of the
/// approach in a column (the iteration converges linearly), and the rule ends on a sweep
/// that finds nothing approaching.
const MAX_SWEEPS: usize = 10_000;

/// What a disc touches in a contact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Other {
    /// Another disc: the normal is worked out from the centres at each impulse.
    Disc(usize),
    /// A wall or an obstacle: its normal, toward the disc.
    Surface(DVec2),
}

/// A contact that collided at the current instant.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Contact {
    disc: usize,
    other: Other,
    /// When it last collided, and for how long after that it is still at that instant
    /// ([`near_window`]).
    time: f64,
    near: f64,
}

/// The contacts that collided at one instant, and how many collisions each disc took part
/// in there.
#[derive(Clone, Debug, Default)]
pub(crate) struct Instant {
    time: f64,
    contacts: Vec<Contact>,
    /// (disc, collisions at this instant, when the last was, its window), in the order
    /// first met.
    counts: Vec<(usize, u32, f64, f64)>,
    /// Too many contacts at this instant: not followed until the time moves on.
    crowded: bool,
}

impl Instant {
    /// Notes a collision of `disc` with `other` at `time`, with restitution `e`. True when
    /// a disc in it has now taken part in [`CLUSTER_EVENTS`] collisions at this instant
    /// ([`ELASTIC_CLUSTER_EVENTS`] when `e` is 1).
    /// `near` is how much later than the last collision noted this one may come and still
    /// be at the same instant ([`near_window`]; 0 for an elastic run: exactly one time).
    pub fn note(&mut self, time: f64, near: f64, disc: usize, other: Other, e: f64) -> bool {
        let limit = if e < 1.0 {
            CLUSTER_EVENTS
        } else {
            ELASTIC_CLUSTER_EVENTS
        };
        // Not `time - self.time > near`, which a NaN would pass as the same instant.
        let same_instant = time - self.time <= near;
        if !same_instant {
            self.contacts.clear();
            self.counts.clear();
            self.crowded = false;
        }
        self.time = time;
        if self.crowded {
            return false;
        }
        let c = Contact {
            disc,
            other,
            time,
            near,
        };
        let known = match self.contacts.iter_mut().find(|k| same_contact(k, &c)) {
            Some(k) => {
                (k.time, k.near) = (time, near);
                true
            }
            None => false,
        };
        if !known {
            if self.contacts.len() >= MAX_INSTANT_CONTACTS {
                self.crowded = true;
                self.contacts.clear();
                self.counts.clear();
                return false;
            }
            self.contacts.push(c);
        } else if let Other::Surface(_) = other {
            // The surface's normal as last met (a disc in a wedge meets two, each with
            // its own).
            for k in &mut self.contacts {
                if k.disc == disc && same_surface(k.other, other) {
                    k.other = other;
                }
            }
        }
        let mut full = self.count(disc, time, near, limit);
        if let Other::Disc(j) = other {
            full |= self.count(j, time, near, limit);
        }
        full
    }

    /// Counts a collision of `disc` at `time`: one more at this instant, or the first of a
    /// new one when its last came longer ago than the window then.
    fn count(&mut self, disc: usize, time: f64, near: f64, limit: u32) -> bool {
        let n = match self.counts.iter_mut().find(|(d, ..)| *d == disc) {
            Some((_, n, last, window)) => {
                *n = if time - *last <= *window {
                    n.saturating_add(1)
                } else {
                    1
                };
                (*last, *window) = (time, near);
                *n
            }
            None => {
                self.counts.push((disc, 1, time, near));
                1
            }
        };
        n >= limit
    }

    /// Contact `c` is still at this instant: it collided within its window of now.
    fn alive(&self, c: &Contact) -> bool {
        self.time - c.time <= c.near
    }

    /// Adds the contact of discs `disc` and `other` to this instant's (the caller knows it
    /// is not there yet): a contact the cluster rule found touching the discs that
    /// collided. False once the instant holds [`TOUCHING_CONTACTS`] (or is not followed):
    /// a cluster in a large resting pile took in a thousand discs, whose sweeps cost 0.1 s
    /// a settle, where the collisions settle it a part at a time in far less.
    pub fn add_touching(&mut self, disc: usize, other: usize) -> bool {
        if self.crowded || self.contacts.len() >= TOUCHING_CONTACTS {
            return false;
        }
        self.contacts.push(Contact {
            disc,
            other: Other::Disc(other),
            time: self.time,
            near: 0.0,
        });
        true
    }

    /// The pairs of discs in this instant's contacts, lower index first.
    pub fn disc_pairs(&self) -> std::collections::HashSet<(usize, usize)> {
        self.contacts
            .iter()
            .filter(|c| self.alive(c))
            .filter_map(|c| match c.other {
                Other::Disc(j) => Some((c.disc.min(j), c.disc.max(j))),
                Other::Surface(_) => None,
            })
            .collect()
    }

    /// Solves `cluster` (from [`Instant::cluster`], its bodies moved to this instant) with
    /// inelastic impulses, contact by contact, until no contact approaches by more than
    /// rounding of the cluster's speeds. The counts of collisions start again, so that the
    /// rule comes back only after as many more.
    pub fn settle(&mut self, cluster: &[usize], bodies: &mut [Body]) {
        let contacts: Vec<Contact> = self
            .contacts
            .iter()
            .copied()
            .filter(|c| self.alive(c) && cluster.binary_search(&c.disc).is_ok())
            .collect();
        // Until no contact approaches by more than rounding of its own discs' speeds: with
        // the cluster's fastest disc as the measure, an approach of 5e-21 between two
        // discs beside one moving at 1 ended the sweeps at once, and the collisions went on
        // halving it at one instant for a million events.
        for _ in 0..MAX_SWEEPS {
            let mut worst: f64 = 0.0;
            for c in &contacts {
                worst = worst.max(impulse(c, bodies));
            }
            if worst <= SETTLED {
                break;
            }
        }
        // What is left, at that level, is taken off the disc that closes in, as after a
        // collision too small to represent; a chain passes it along, so over and over
        // until nothing approaches (each pass only slows discs). A row of ten discs pushed
        // into a wall by a disc a hundred trillion times faster kept approaches of a
        // tenth of its own speeds after four passes, and collided at one instant for ever.
        for _ in 0..REST_PASSES.max(contacts.len()) {
            let mut changed = false;
            for c in &contacts {
                changed |= rest(c, bodies);
            }
            if !changed {
                break;
            }
        }
        // Where neither settles it the contacts are wedged: a disc passing under another
        // between a floor and a ceiling that fit them to within rounding, the line of
        // centres 1e-8 off the vertical. Each impulse along it is all but undone by the
        // walls, so the sweeps take off a share of 1e-16 of the approach each, and the
        // collisions went on at one instant (or a few ulps of time apart) for millions
        // of events. The perfectly inelastic answer there is that the wedged discs move
        // as one: the cluster takes its momentum's velocity, less what its surfaces stop.
        if contacts.iter().any(|c| approach_share(c, bodies) > SETTLED) {
            move_as_one(cluster, &contacts, bodies);
        }
        self.counts.clear();
    }

    /// The discs connected to `disc` by this instant's contacts, ascending.
    pub fn cluster(&self, disc: usize) -> Vec<usize> {
        let mut found = vec![disc];
        let mut next = 0;
        while next < found.len() {
            let d = found[next];
            next += 1;
            for c in self.contacts.iter().filter(|c| self.alive(c)) {
                let other = match c.other {
                    Other::Disc(j) if c.disc == d => Some(j),
                    Other::Disc(j) if j == d => Some(c.disc),
                    _ => None,
                };
                if let Some(o) = other
                    && !found.contains(&o)
                {
                    found.push(o);
                }
            }
        }
        found.sort_unstable();
        found
    }
}

/// The approach, as a share of the two discs' speeds, below which a contact is settled:
/// a few roundings.
const SETTLED: f64 = 8.0 * f64::EPSILON;

/// Passes of [`rest`] over a settled cluster's contacts.
const REST_PASSES: usize = 4;

/// The approach left at one contact taken off the disc that closes in (both close in: the
/// lighter), so that the contact does not approach, where that takes energy.
fn rest(c: &Contact, bodies: &mut [Body]) -> bool {
    let before = (bodies[c.disc].v, other_velocity(c, bodies));
    match c.other {
        Other::Surface(n) => {
            let v = bodies[c.disc].v;
            bodies[c.disc].v = collide::reflect(v, n, 0.0);
        }
        Other::Disc(j) => {
            let (bi, bj) = (bodies[c.disc], bodies[j]);
            let n = collide::pair_normal(bi.p, bj.p, bi.v, bj.v);
            // Off one disc only where that does not speed it up (only one disc changes, so
            // then the energy cannot grow): both closing in, a large approach left where
            // the sweeps ran out (masses 10³⁰⁰ apart) gave the light disc the heavy one's
            // speed, and the world energy it never had. Else an inelastic impulse, which
            // only takes energy.
            let (vi, vj) = collide::separated(bi.v, bj.v, n, bi.m <= bj.m);
            let faster = vi.length_squared() > bi.v.length_squared()
                || vj.length_squared() > bj.v.length_squared();
            let (vi, vj) = if faster {
                collide::pair_impulse(bi.v, bj.v, bi.m, bj.m, n, 0.0).unwrap_or((bi.v, bj.v))
            } else {
                (vi, vj)
            };
            bodies[c.disc].v = vi;
            bodies[j].v = vj;
        }
    }
    before != (bodies[c.disc].v, other_velocity(c, bodies))
}

/// The velocity of what `c`'s disc touches: the other disc's, or zero for a surface.
fn other_velocity(c: &Contact, bodies: &[Body]) -> DVec2 {
    match c.other {
        Other::Disc(j) => bodies[j].v,
        Other::Surface(_) => DVec2::ZERO,
    }
}

/// The inelastic impulse of one contact, when it approaches; the speed it approached at as
/// a share of its discs' speeds (0 when it did not).
fn impulse(c: &Contact, bodies: &mut [Body]) -> f64 {
    let share = |approach: f64, speeds: f64| {
        if approach > 0.0 {
            approach / speeds.max(f64::MIN_POSITIVE)
        } else {
            0.0
        }
    };
    match c.other {
        Other::Surface(n) => {
            let v = bodies[c.disc].v;
            bodies[c.disc].v = collide::reflect(v, n, 0.0);
            share(-v.dot(n), v.length())
        }
        Other::Disc(j) => {
            let (bi, bj) = (bodies[c.disc], bodies[j]);
            let n = collide::pair_normal(bi.p, bj.p, bi.v, bj.v);
            match collide::pair_impulse(bi.v, bj.v, bi.m, bj.m, n, 0.0) {
                Some((vi, vj)) => {
                    bodies[c.disc].v = vi;
                    bodies[j].v = vj;
                    share(-(bi.v - bj.v).dot(n), bi.v.length() + bj.v.length())
                }
                None => 0.0,
            }
        }
    }
}

/// The window within which a collision of discs at `at` (their largest coordinate plus
/// radius), the smaller radius `reach`, closing at `speed`, is at the instant of the last
/// one noted, for a run with restitution `e`: while they move less than [`NEAR_ULPS`]
/// units in the last place of their coordinates, which no position in f64 can tell from
/// no move at all, or than the band the engine counts as touching ([`NEAR_SKIN`]). An inelastic
/// collapse whose collisions come ever closer reaches it, and a wedge whose rounding keeps
/// them a few ulps of time apart sits in it; the cluster rule then sees them as one
/// instant. An elastic run keeps exactly one time (its collisions at an instant end
/// unless the discs fit their room exactly, which the engine handles on its own).
pub(crate) fn near_window(at: f64, reach: f64, speed: f64, time: f64, e: f64) -> f64 {
    if e >= 1.0 || speed.is_nan() || speed <= 0.0 {
        return 0.0;
    }
    let moving = (NEAR_ULPS * f64::EPSILON * at).max(NEAR_SKIN * reach) / speed;
    // However slow the discs, no more than a billionth of the clock.
    moving.min(NEAR_CLOCK * time.abs().max(1.0))
}

/// Units in the last place of its coordinates a disc moves within [`near_window`].
const NEAR_ULPS: f64 = 16.0;

/// The share of the smaller radius a disc moves within [`near_window`]: the band within
/// which the engine counts a disc as touching a box or a segment. A disc held in that
/// band above a segment floor by a disc over it bounced between the two every 3e-12 of
/// time, moving 3e-12, for millions of events.
const NEAR_SKIN: f64 = super::predict::TOUCH_SKIN;

/// The most of the clock [`near_window`] spans.
const NEAR_CLOCK: f64 = 1e-9;

/// How fast contact `c` approaches, as a share of its discs' speeds (0 when it does not).
fn approach_share(c: &Contact, bodies: &[Body]) -> f64 {
    let (approach, speeds) = match c.other {
        Other::Surface(n) => {
            let v = bodies[c.disc].v;
            (-v.dot(n), v.length())
        }
        Other::Disc(j) => {
            let (bi, bj) = (bodies[c.disc], bodies[j]);
            let n = collide::pair_normal(bi.p, bj.p, bi.v, bj.v);
            (-(bi.v - bj.v).dot(n), bi.v.length() + bj.v.length())
        }
    };
    if approach > 0.0 {
        approach / speeds.max(f64::MIN_POSITIVE)
    } else {
        0.0
    }
}

/// Gives every disc of `cluster` one velocity: the cluster's momentum over its mass, made
/// not to approach any surface its contacts touch (the nearest such velocity: a projection
/// onto the cone the surfaces leave open, which only shortens it). No contact between
/// its discs then approaches, momentum is kept between them, and the energy can only fall
/// (the kinetic energy of the mean velocity is at most the cluster's).
fn move_as_one(cluster: &[usize], contacts: &[Contact], bodies: &mut [Body]) {
    let mass: f64 = cluster.iter().map(|&d| bodies[d].m).sum();
    let momentum: DVec2 = cluster.iter().map(|&d| bodies[d].v * bodies[d].m).sum();
    let mean = momentum / mass;
    if !mean.is_finite() {
        return;
    }
    let normals: Vec<DVec2> = contacts
        .iter()
        .filter_map(|c| match c.other {
            Other::Surface(n) => Some(n),
            Other::Disc(_) => None,
        })
        .collect();
    let u = into_open_cone(mean, &normals);
    for &d in cluster {
        bodies[d].v = u;
    }
}

/// The velocity nearest `v` that approaches none of the surfaces with unit normals
/// `normals` (toward the disc): `v` itself, its projection on one surface's line, or zero.
fn into_open_cone(v: DVec2, normals: &[DVec2]) -> DVec2 {
    // Rounding of a projection leaves approaches of about ε·|v|, far below what the
    // engine counts as approaching (`predict::REST_TOL`).
    let open = |u: DVec2| {
        normals
            .iter()
            .all(|n| u.dot(*n) >= -8.0 * f64::EPSILON * u.length())
    };
    if open(v) {
        return v;
    }
    normals
        .iter()
        .map(|n| v - n * v.dot(*n))
        .filter(|u| open(*u))
        .max_by(|a, b| a.length_squared().total_cmp(&b.length_squared()))
        .unwrap_or(DVec2::ZERO)
}

/// One contact, whichever way round a pair was noted; a disc meets a surface once per
/// normal's direction (the floor and a ramp are two).
fn same_contact(a: &Contact, b: &Contact) -> bool {
    match (a.other, b.other) {
        (Other::Disc(j), Other::Disc(k)) => {
            (a.disc == b.disc && j == k) || (a.disc == k && j == b.disc)
        }
        (Other::Surface(_), Other::Surface(_)) => {
            a.disc == b.disc && same_surface(a.other, b.other)
        }
        _ => false,
    }
}

/// Two surfaces' normals close enough to be one surface met again.
fn same_surface(a: Other, b: Other) -> bool {
    match (a, b) {
        (Other::Surface(n), Other::Surface(m)) => n.dot(m) > 1.0 - 1e-9,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::into_open_cone;
    use glam::DVec2;

    /// The wedged cluster's velocity keeps what its surfaces leave open and nothing more.
    #[test]
    fn a_wedged_cluster_keeps_only_the_motion_its_surfaces_leave_open() {
        let (up, down) = (DVec2::Y, DVec2::NEG_Y);
        let v = DVec2::new(-0.64, -0.5);
        assert_eq!(into_open_cone(v, &[]), v);
        assert_eq!(into_open_cone(v, &[up]), DVec2::new(-0.64, 0.0));
        assert_eq!(into_open_cone(v, &[up, down]), DVec2::new(-0.64, 0.0));
        assert_eq!(
            into_open_cone(DVec2::new(0.3, 0.5), &[up, down]),
            DVec2::new(0.3, 0.0)
        );
        // Moving away from the floor is left alone; into a corner, nothing is left.
        assert_eq!(
            into_open_cone(DVec2::new(0.3, 0.5), &[up]),
            DVec2::new(0.3, 0.5)
        );
        assert_eq!(
            into_open_cone(DVec2::new(-1.0, -1.0), &[up, DVec2::X]),
            DVec2::ZERO
        );
    }
}
