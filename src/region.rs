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

/// A Cohen–Sutherland region code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Region(pub u8);

impl Region {
    pub const INSIDE: Region = Region(0);
    pub const LEFT: Region = Region(0b0001);
    pub const RIGHT: Region = Region(0b0010);
    pub const BOTTOM: Region = Region(0b0100);
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

    pub fn bits(self) -> u8 {
        self.0
    }

    pub fn contains(self, other: Region) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }

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
    pub fn side(self) -> Option<crate::hit::Side> {
        use crate::hit::Side;
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
    pub fn t_enter(&self) -> Option<f32> {
        self.span.map(|s| s.0)
    }
    pub fn t_exit(&self) -> Option<f32> {
        self.span.map(|s| s.1)
    }
}

/// Cohen–Sutherland clipping of `a → b` against `aabb`.
///
/// Each round either accepts (both codes zero), rejects (codes share a bit: both beyond the
/// same plane), or moves the outside end onto the plane named by its highest set bit. At most
/// four rounds per end are needed, so the loop is bounded. Parameters are measured along the
/// original segment; a degenerate segment (`a == b`) is inside or outside as a point.
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
    let d = b - a;
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    let (mut c0, mut c1) = (code_a, code_b);
    for _ in 0..8 {
        if (c0 | c1).is_inside() {
            result.span = Some((t0, t1));
            return result;
        }
        if !(c0 & c1).is_inside() {
            return result;
        }
        let moving_start = !c0.is_inside();
        let code = if moving_start { c0 } else { c1 };
        // The plane of the highest set bit, and the parameter where the line meets it.
        let t = if code.contains(Region::TOP) {
            (aabb.max.y - a.y) / d.y
        } else if code.contains(Region::BOTTOM) {
            (aabb.min.y - a.y) / d.y
        } else if code.contains(Region::RIGHT) {
            (aabb.max.x - a.x) / d.x
        } else {
            (aabb.min.x - a.x) / d.x
        };
        // Snap the moved end exactly onto the plane so rounding cannot leave it outside.
        let mut p = a + d * t;
        if code.contains(Region::TOP) {
            p.y = aabb.max.y;
        } else if code.contains(Region::BOTTOM) {
            p.y = aabb.min.y;
        } else if code.contains(Region::RIGHT) {
            p.x = aabb.max.x;
        } else {
            p.x = aabb.min.x;
        }
        if moving_start {
            t0 = t;
            c0 = region_code(p, aabb);
        } else {
            t1 = t;
            c1 = region_code(p, aabb);
        }
        if t0 > t1 {
            return result;
        }
    }
    result
}
