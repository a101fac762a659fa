//! What a query reports: the first contact of a moving circle with an obstacle.

use glam::Vec2;
use serde::{Deserialize, Serialize};

// The box's vocabulary (its sides and corners) belongs to the box's regions; it is
// re-exported here so that `hit::{Side, Corner}` keep naming the same types.
use crate::region::Region;
pub use crate::region::{Corner, Side};

/// An end of a segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum End {
    /// The end at [`Segment::a`](crate::Segment::a) (`end-a`).
    A,
    /// The end at [`Segment::b`](crate::Segment::b) (`end-b`).
    B,
}

/// Which part of the obstacle the circle touched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Feature {
    /// A flat side of a box (for a circle that started inside: the side it is pushed out of).
    Side(Side),
    /// A corner of a box: the contact is on the rounded part of the expanded box.
    Corner(Corner),
    /// The flat face of a segment.
    Face {
        /// True on the left of a→b (`face+`), false on the right (`face-`).
        left: bool,
    },
    /// An end cap of a segment.
    End(End),
    /// Another circle.
    Circle,
}

impl Feature {
    /// A short stable name: `l r b t`, `bl br tl tr`, `face+` (left of a→b), `face-`, `end-a`,
    /// `end-b`, `circle`. Scene expectations and the CLI use these.
    pub fn name(self) -> &'static str {
        match self {
            Feature::Side(s) => s.name(),
            Feature::Corner(c) => c.name(),
            Feature::Face { left: true } => "face+",
            Feature::Face { left: false } => "face-",
            Feature::End(End::A) => "end-a",
            Feature::End(End::B) => "end-b",
            Feature::Circle => "circle",
        }
    }

    /// Parses a name produced by [`Feature::name`].
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "l" => Feature::Side(Side::Left),
            "r" => Feature::Side(Side::Right),
            "b" => Feature::Side(Side::Bottom),
            "t" => Feature::Side(Side::Top),
            "bl" => Feature::Corner(Corner::BottomLeft),
            "br" => Feature::Corner(Corner::BottomRight),
            "tl" => Feature::Corner(Corner::TopLeft),
            "tr" => Feature::Corner(Corner::TopRight),
            "face+" => Feature::Face { left: true },
            "face-" => Feature::Face { left: false },
            "end-a" => Feature::End(End::A),
            "end-b" => Feature::End(End::B),
            "circle" => Feature::Circle,
            _ => return None,
        })
    }
}

impl std::fmt::Display for Feature {
    /// The stable name ([`Feature::name`]): `tl`, `face+`, `end-b`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The first contact of a moving circle with an obstacle.
///
/// Conventions: `time` is the fraction of the motion in `[0, 1]`; `normal` is a unit vector
/// from the obstacle toward the circle's centre; at the contact the exact centre is exactly
/// `radius` from the obstacle (unless `started_inside`), and `center` is its f32 rounding:
/// it may lie up to an f32 step of its coordinates inside, so a query started from it can
/// report `started_inside` (`resolve` steps a skin off before it goes on; a `Stop` path
/// ends at this centre).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hit {
    /// Fraction of the motion at first contact, in `[0, 1]`.
    pub time: f32,
    /// The moving circle's centre at `time`.
    pub center: Vec2,
    /// The touching point on the obstacle's surface.
    pub point: Vec2,
    /// Unit contact normal from the obstacle toward `center`.
    pub normal: Vec2,
    /// The normal of the flat face involved. Equal to `normal` on a face; at a corner or end
    /// cap it is the normal of the face the circle is mostly over: for slide code that should
    /// carry on along that face rather than veer off round the rounded corner. (`resolve`'s
    /// `Slide` uses `normal` and goes round the corner.)
    pub face_normal: Vec2,
    /// Which part of the obstacle was touched.
    pub feature: Feature,
    /// For boxes: the Cohen–Sutherland region of the contact centre relative to the
    /// original (not expanded) box, in the box's frame. `None` for segments and circles.
    pub region: Option<Region>,
    /// The circle already overlapped the obstacle at `t = 0`. Then `time` is 0 and `normal`
    /// is the shortest direction that pushes it out. In a `resolve` path, a later
    /// contact's is about its leg's start: the path's own step off another surface put it
    /// there, and `time` is that leg's start on the whole motion.
    pub started_inside: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_feature_displays_as_its_name_and_the_name_parses_back() {
        let all = [
            Feature::Side(Side::Left),
            Feature::Corner(Corner::TopRight),
            Feature::Face { left: true },
            Feature::Face { left: false },
            Feature::End(End::B),
            Feature::Circle,
        ];
        for f in all {
            assert_eq!(Feature::from_name(&f.to_string()), Some(f));
        }
        assert_eq!(Feature::Corner(Corner::TopLeft).to_string(), "tl");
    }
}
