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
//! Invariants: only collisions at exactly one time are gathered (the log is emptied when
//! the time moves on); the impulses are the engine's own (`collide`), so momentum is kept
//! between discs and energy never grows; after the rule no contact of the cluster
//! approaches by more than rounding, and what is left at that level is taken off the disc
//! that closes in, as after any collision. An elastic run meets the rule only where discs
//! fit their room exactly ([`ELASTIC_CLUSTER_EVENTS`]).

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
}

/// The contacts that collided at one instant, and how many collisions each disc took part
/// in there.
#[derive(Clone, Debug, Default)]
pub(crate) struct Instant {
    time: f64,
    contacts: Vec<Contact>,
    /// (disc, collisions at `time`), in the order first met.
    counts: Vec<(usize, u32)>,
    /// Too many contacts at this instant: not followed until the time moves on.
    crowded: bool,
}

impl Instant {
    /// Notes a collision of `disc` with `other` at `time`, with restitution `e`. True when
    /// a disc in it has now taken part in [`CLUSTER_EVENTS`] collisions at this instant
    /// ([`ELASTIC_CLUSTER_EVENTS`] when `e` is 1).
    pub fn note(&mut self, time: f64, disc: usize, other: Other, e: f64) -> bool {
        let limit = if e < 1.0 {
            CLUSTER_EVENTS
        } else {
            ELASTIC_CLUSTER_EVENTS
        };
        if time != self.time {
            self.time = time;
            self.contacts.clear();
            self.counts.clear();
            self.crowded = false;
        }
        if self.crowded {
            return false;
        }
        let c = Contact { disc, other };
        let known = self.contacts.iter().any(|k| same_contact(k, &c));
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
        let mut full = self.count(disc, limit);
        if let Other::Disc(j) = other {
            full |= self.count(j, limit);
        }
        full
    }

    fn count(&mut self, disc: usize, limit: u32) -> bool {
        let n = match self.counts.iter_mut().find(|(d, _)| *d == disc) {
            Some((_, n)) => {
                *n = n.saturating_add(1);
                *n
            }
            None => {
                self.counts.push((disc, 1));
                1
            }
        };
        n >= limit
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
        });
        true
    }

    /// The pairs of discs in this instant's contacts, lower index first.
    pub fn disc_pairs(&self) -> std::collections::HashSet<(usize, usize)> {
        self.contacts
            .iter()
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
            .filter(|c| cluster.binary_search(&c.disc).is_ok())
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
        self.counts.clear();
    }

    /// The discs connected to `disc` by this instant's contacts, ascending.
    pub fn cluster(&self, disc: usize) -> Vec<usize> {
        let mut found = vec![disc];
        let mut next = 0;
        while next < found.len() {
            let d = found[next];
            next += 1;
            for c in &self.contacts {
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
