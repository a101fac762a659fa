//! The nine regions around a box and Cohen–Sutherland clipping.
//!
//! A point's region code has one bit per side plane it lies beyond: LEFT (x < min.x),
//! RIGHT (x > max.x), BOTTOM (y < min.y), TOP (y > max.y). Points on a plane count as
//! inside it, so the boundary belongs to the box. Written as four bits TOP BOTTOM RIGHT LEFT,
//! `1001` is `TOP|LEFT`, the top-left corner region.

use std::fmt;

use glam::Vec2;
use serde::{Deserialize, Serialize};

use crate::geom::Aabb;

/// A side of a box, named in the box's own frame (y-up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The side at `min.x` (`l`).
    Left,
    /// The side at `max.x` (`r`).
    Right,
    /// The side at `min.y` (`b`).
    Bottom,
    /// The side at `max.y` (`t`).
    Top,
}

/// A corner of a box, named in the box's own frame (y-up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Corner {
    /// `(min.x, min.y)` (`bl`).
    BottomLeft,
    /// `(max.x, min.y)` (`br`).
    BottomRight,
    /// `(min.x, max.y)` (`tl`).
    TopLeft,
    /// `(max.x, max.y)` (`tr`).
    TopRight,
}

impl Side {
    /// The outward unit normal of this side in the box's frame.
    pub fn normal(self) -> Vec2 {
        match self {
            Side::Left => Vec2::NEG_X,
            Side::Right => Vec2::X,
            Side::Bottom => Vec2::NEG_Y,
            Side::Top => Vec2::Y,
        }
    }

    /// The axis this side is across: 0 for left and right (x), 1 for bottom and top (y).
    pub fn axis(self) -> usize {
        usize::from(matches!(self, Side::Bottom | Side::Top))
    }

    /// Whether this is the side at the box's maximum on its axis (right, top).
    pub fn is_high(self) -> bool {
        matches!(self, Side::Right | Side::Top)
    }

    /// The short name: `l r b t`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "l",
            Side::Right => "r",
            Side::Bottom => "b",
            Side::Top => "t",
        }
    }
}

impl Corner {
    /// The short name: `bl br tl tr`.
    pub fn name(self) -> &'static str {
        match self {
            Corner::BottomLeft => "bl",
            Corner::BottomRight => "br",
            Corner::TopLeft => "tl",
            Corner::TopRight => "tr",
        }
    }

    /// The signs of its position relative to the box centre, `(right, top)`: the inverse
    /// of [`Corner::from_signs`].
    pub fn signs(self) -> (bool, bool) {
        match self {
            Corner::BottomLeft => (false, false),
            Corner::BottomRight => (true, false),
            Corner::TopLeft => (false, true),
            Corner::TopRight => (true, true),
        }
    }

    /// Builds the corner from the signs of its position relative to the box centre.
    pub fn from_signs(right: bool, top: bool) -> Self {
        match (right, top) {
            (false, false) => Corner::BottomLeft,
            (true, false) => Corner::BottomRight,
            (false, true) => Corner::TopLeft,
            (true, true) => Corner::TopRight,
        }
    }
}

/// A Cohen–Sutherland region code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Region(pub u8);

impl Region {
    /// Within the box's slabs on both axes (boundary included).
    pub const INSIDE: Region = Region(0);
    /// Beyond the left side, `x < min.x`.
    pub const LEFT: Region = Region(0b0001);
    /// Beyond the right side, `x > max.x`.
    pub const RIGHT: Region = Region(0b0010);
    /// Below the bottom side, `y < min.y`.
    pub const BOTTOM: Region = Region(0b0100);
    /// Above the top side, `y > max.y`.
    pub const TOP: Region = Region(0b1000);

    /// All nine valid codes, row by row from the top-left (for drawing and legends).
    pub const ALL: [Region; 9] = [
        Region(0b1001),
        Region(0b1000),
        Region(0b1010),
        Region(0b0001),
        Region(0b0000),
        Region(0b0010),
        Region(0b0101),
        Region(0b0100),
        Region(0b0110),
    ];

    /// The four bits, TOP BOTTOM RIGHT LEFT from the high end.
    pub fn bits(self) -> u8 {
        self.0
    }

    /// Whether every plane of `other` is one of this code's; never for [`Region::INSIDE`],
    /// which has none.
    pub fn contains(self, other: Region) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }

    /// The code of no plane: the point is in the box (or on its boundary).
    pub fn is_inside(self) -> bool {
        self.0 == 0
    }

    /// A corner region: beyond one vertical and one horizontal plane.
    pub fn is_corner(self) -> bool {
        let h = self.0 & 0b0011 != 0;
        let v = self.0 & 0b1100 != 0;
        h && v
    }

    /// The side a one-plane region lies beyond (`l r b t`); `None` inside or in a corner.
    pub fn side(self) -> Option<Side> {
        match self.0 {
            0b0001 => Some(Side::Left),
            0b0010 => Some(Side::Right),
            0b0100 => Some(Side::Bottom),
            0b1000 => Some(Side::Top),
            _ => None,
        }
    }

    /// The short name used in the seeds and the debugger: `l r b t bl br tl tr inside`.
    /// Codes that cannot occur for a valid box (LEFT and RIGHT together) are named `invalid`.
    pub fn name(self) -> &'static str {
        match self.0 {
            0b0000 => "inside",
            0b0001 => "l",
            0b0010 => "r",
            0b0100 => "b",
            0b1000 => "t",
            0b0101 => "bl",
            0b0110 => "br",
            0b1001 => "tl",
            0b1010 => "tr",
            _ => "invalid",
        }
    }

    /// Parses a name produced by [`Region::name`].
    pub fn from_name(name: &str) -> Option<Region> {
        Region::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The four bits, TOP BOTTOM RIGHT LEFT, e.g. `1001`.
    pub fn bit_string(self) -> String {
        format!("{:04b}", self.0 & 0b1111)
    }

    /// The set flags joined by `|`, e.g. `TOP|LEFT`, or `INSIDE`.
    pub fn flag_string(self) -> String {
        if self.0 == 0 {
            return "INSIDE".to_owned();
        }
        let names = [
            (0b1000, "TOP"),
            (0b0100, "BOTTOM"),
            (0b0010, "RIGHT"),
            (0b0001, "LEFT"),
        ];
        names
            .iter()
            .filter(|(bit, _)| self.0 & bit != 0)
            .map(|(_, n)| *n)
            .collect::<Vec<_>>()
            .join("|")
    }
}

impl std::ops::BitOr for Region {
    type Output = Region;
    fn bitor(self, rhs: Region) -> Region {
        Region(self.0 | rhs.0)
    }
}

impl std::ops::BitAnd for Region {
    type Output = Region;
    fn bitand(self, rhs: Region) -> Region {
        Region(self.0 & rhs.0)
    }
}

impl fmt::Display for Region {
    /// `1001  TOP|LEFT`, as the inspector shows it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}  {}", self.bit_string(), self.flag_string())
    }
}

/// The region of `p` relative to `aabb`. Non-finite coordinates compare false everywhere,
/// so a NaN point is reported INSIDE; callers validate input first.
pub fn region_code(p: Vec2, aabb: &Aabb) -> Region {
    let mut code = 0u8;
    if p.x < aabb.min.x {
        code |= Region::LEFT.0;
    } else if p.x > aabb.max.x {
        code |= Region::RIGHT.0;
    }
    if p.y < aabb.min.y {
        code |= Region::BOTTOM.0;
    } else if p.y > aabb.max.y {
        code |= Region::TOP.0;
    }
    Region(code)
}

/// The result of clipping the segment `a → b` against a box.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Clip {
    /// Region code of `a`.
    pub code_a: Region,
    /// Region code of `b`.
    pub code_b: Region,
    /// The parameters `(t_enter, t_exit)` along `a → b` (0 at `a`, 1 at `b`) of the part inside
    /// the box, or `None` when the segment misses it.
    pub span: Option<(f32, f32)>,
}

impl Clip {
    /// Where the segment enters the box (0 at `a`), if it meets it.
    pub fn t_enter(&self) -> Option<f32> {
        self.span.map(|s| s.0)
    }

    /// Where the segment leaves the box (1 at `b`), if it meets it.
    pub fn t_exit(&self) -> Option<f32> {
        self.span.map(|s| s.1)
    }
}

/// Cohen–Sutherland clipping of `a → b` against `aabb`.
///
/// The codes decide the easy cases as Cohen–Sutherland does: both ends inside accepts the
/// whole segment, and ends beyond the same plane reject it. Otherwise the span comes from
/// the parameters at which the line crosses each plane, in f64, rather than from moving
/// the ends onto the planes one at a time: when a segment passes exactly through a corner,
/// the rounded point moved onto one plane can land just beyond the other, and the next
/// round moves it back, so the classic loop can run out of rounds and miss a segment that
/// plainly crosses the box. A segment that only touches the box (at a corner, or along a
/// side) is clipped to that touch. A degenerate segment (`a == b`) is inside or outside
/// as a point.
pub fn clip_segment(a: Vec2, b: Vec2, aabb: &Aabb) -> Clip {
    let code_a = region_code(a, aabb);
    let code_b = region_code(b, aabb);
    let mut result = Clip {
        code_a,
        code_b,
        span: None,
    };
    if !(a.is_finite() && b.is_finite() && aabb.is_valid()) {
        return result;
    }
    if (code_a | code_b).is_inside() {
        result.span = Some((0.0, 1.0));
        return result;
    }
    if !(code_a & code_b).is_inside() {
        return result;
    }
    // Here at least one end is outside and the two are not beyond a common plane, so the
    // segment is not a point. Mirror each axis so the motion along it is not negative;
    // then the line is in an axis's slab for `t ∈ [lo / d, hi / d]`.
    let (a64, d) = (a.as_dvec2(), b.as_dvec2() - a.as_dvec2());
    let (lo, hi) = (aabb.min.as_dvec2() - a64, aabb.max.as_dvec2() - a64);
    let axis = |d: f64, lo: f64, hi: f64| if d < 0.0 { (-d, -hi, -lo) } else { (d, lo, hi) };
    let (dx, lx, hx) = axis(d.x, lo.x, hi.x);
    let (dy, ly, hy) = axis(d.y, lo.y, hi.y);
    // The verdict by products, not quotients: a touch is decided exactly whenever the
    // products are exact in f64 (integer and short dyadic coordinates, where touches are
    // built), and otherwise within one f64 rounding per product, not the quotients' double
    // rounding. Each slab entered by t = 1 and not left before t = 0 (an axis without
    // motion needs the start inside its slab), and each entered before the other is left
    // (`lx / dx ≤ hy / dy`, cross-multiplied).
    let crosses = lx <= dx && hx >= 0.0 && ly <= dy && hy >= 0.0;
    if !(crosses && lx * dy <= hy * dx && ly * dx <= hx * dy) {
        return result;
    }
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (d, lo, hi) in [(dx, lx, hx), (dy, ly, hy)] {
        if d > 0.0 {
            t0 = t0.max(lo / d);
            t1 = t1.min(hi / d);
        }
    }
    // A touch can round to t0 just past t1.
    result.span = Some((t0 as f32, t1.max(t0) as f32));
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corners_signs_build_it_again_and_a_sides_axis_and_end_match_its_normal() {
        for c in [
            Corner::BottomLeft,
            Corner::BottomRight,
            Corner::TopLeft,
            Corner::TopRight,
        ] {
            let (right, top) = c.signs();
            assert_eq!(Corner::from_signs(right, top), c);
        }
        for s in [Side::Left, Side::Right, Side::Bottom, Side::Top] {
            let n = s.normal();
            assert_eq!(n[s.axis()], if s.is_high() { 1.0 } else { -1.0 }, "{s:?}");
            assert_eq!(n[1 - s.axis()], 0.0, "{s:?}");
        }
    }
}
