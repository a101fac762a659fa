//! What an approach's own steps did on one motion, as the published ports report it to
//! [`super::flaw`]: a leaf that the ports and the reader of their flaws both use.

use glam::Vec2;

use crate::geom::{Aabb, Sweep};
use crate::obstacle::Obstacle;
use crate::region::{Corner, Side};

/// What an approach's steps did on one motion, in the box's own frame for the box
/// approaches.
#[derive(Clone, Debug, PartialEq)]
pub enum Detail {
    /// Nothing beyond the flaw's own line: the answer's sentence already gives its numbers.
    None,
    /// Both plane guards of one axis fired and the `else if` took the first.
    ElseIf {
        /// The side the `else if` tests first, and took.
        first: Side,
        /// The side it never reached.
        second: Side,
        /// The box's size across that axis.
        size: f32,
        /// The corner the solve ran at.
        chosen: Corner,
        /// The corner of the exact contact.
        contact: Corner,
    },
    /// The corner the solve ran at came from one side's plane guard or the motion's sign,
    /// not from where the ball meets the box.
    CornerFrom {
        /// The side that picked the corner on the axis where it differs.
        side: Side,
        /// How that side was picked.
        by: CornerPick,
        /// The corner the solve ran at.
        chosen: Corner,
        /// The corner of the exact contact.
        contact: Corner,
    },
    /// The corner solve's own time, outside `[0, 1]`, dropped as a miss.
    Dropped {
        /// The corner solved at.
        corner: Corner,
        /// The time it computed.
        time: f32,
    },
    /// The start, in a side's band of the box grown by r and moving away from it, taken as
    /// a contact on that side at t = 0.
    NoDirectionCheck {
        /// The side.
        side: Side,
    },
    /// The start is inside a corner's circle, and the solve kept where the line leaves it.
    LeavesCorner {
        /// The corner.
        corner: Corner,
        /// The time where the line leaves the circle.
        time: f32,
    },
    /// The closed form solved on the line through the start and the relative displacement
    /// taken as a point, not on the motion from the start along that displacement.
    LineThrough {
        /// The start, `(x1, y1)`.
        start: Vec2,
        /// The relative displacement, `(x2, y2)`, used as a second point.
        point: Vec2,
    },
    /// The root kept (the one nearer the start in x alone) lies outside the motion; only
    /// the other root passed the range check.
    KeptRoot {
        /// The kept root's time along the motion.
        time: f32,
    },
    /// The ball's centre is on the segment's right, and the test's `abs()` forgets which
    /// side: it answers with the left normal.
    RightSide {
        /// The signed distance from the line (negative: right).
        distance: f32,
    },
    /// At t = 1 the centre projects outside the segment's extent: on an end cap the test
    /// does not have.
    BeyondExtent {
        /// Where the centre projects along the segment, from its first end.
        along: f32,
        /// The segment's length.
        length: f32,
    },
    /// The smaller root of the pair's quadratic, which the loop takes as the event time.
    SmallerRoot {
        /// The root.
        time: f64,
    },
    /// The corner solve's sine of the angle at the contact came out over 1 ("there cannot
    /// be an intersection") where the line passes within the radius of the corner: the
    /// small angle at the start was lost to `acos` of a cosine rounded near 1.
    AngleLost {
        /// The corner solved at.
        corner: Corner,
        /// The sine it computed.
        sine: f64,
        /// How far the line passes from the corner, worked out without the cosine.
        distance: f64,
    },
}

/// A box obstacle as the box approaches see it: the box in its own frame and the motion's
/// start and end there (a rotated box un-rotated, as their ports do); `None` for others.
pub(super) fn in_box_frame(sweep: &Sweep, obstacle: &Obstacle) -> Option<(Aabb, Vec2, Vec2)> {
    match obstacle {
        Obstacle::Aabb(b) => Some((*b, sweep.start, sweep.end)),
        Obstacle::Obb(b) => Some((
            b.local_aabb(),
            b.to_local(sweep.start),
            b.to_local(sweep.end),
        )),
        _ => None,
    }
}

/// How the trig-corner approach picked a corner's side on one axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CornerPick {
    /// The side's plane guard fired though the start is already past the plane pushed out
    /// by r (the guards are loose).
    PastPlane,
    /// The motion crosses the side's plane pushed out by r: a plane crossed, not a corner
    /// met.
    CrossesPlane,
    /// No guard of the axis fired: the motion's sign picked the side.
    Sign,
}
