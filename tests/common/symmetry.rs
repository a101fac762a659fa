//! The 8 symmetries of the square (rotations by quarter turns and reflections) applied to
//! cases and to the features, regions and normals a query reports.
//!
//! Integer matrices with entries 0/±1, so transformed f32 coordinates are exact (only the
//! angle of a rotated box is recomputed, and rounds).

use sweepscope::{Aabb, Corner, Feature, Obb, Obstacle, Region, Segment, Side, Sweep, Vec2};

use super::random::Case;

/// `[[a, b], [c, d]]`, acting on column vectors.
#[derive(Clone, Copy, Debug)]
pub struct Sym {
    pub a: f32,
    pub b: f32,
    pub c: f32,
    pub d: f32,
}

/// Identity, the three quarter-turn rotations, then four reflections.
pub const ALL: [Sym; 8] = [
    Sym {
        a: 1.0,
        b: 0.0,
        c: 0.0,
        d: 1.0,
    },
    Sym {
        a: 0.0,
        b: -1.0,
        c: 1.0,
        d: 0.0,
    },
    Sym {
        a: -1.0,
        b: 0.0,
        c: 0.0,
        d: -1.0,
    },
    Sym {
        a: 0.0,
        b: 1.0,
        c: -1.0,
        d: 0.0,
    },
    Sym {
        a: 1.0,
        b: 0.0,
        c: 0.0,
        d: -1.0,
    },
    Sym {
        a: -1.0,
        b: 0.0,
        c: 0.0,
        d: 1.0,
    },
    Sym {
        a: 0.0,
        b: 1.0,
        c: 1.0,
        d: 0.0,
    },
    Sym {
        a: 0.0,
        b: -1.0,
        c: -1.0,
        d: 0.0,
    },
];

impl Sym {
    pub fn apply(&self, p: Vec2) -> Vec2 {
        Vec2::new(self.a * p.x + self.b * p.y, self.c * p.x + self.d * p.y)
    }

    pub fn is_reflection(&self) -> bool {
        self.a * self.d - self.b * self.c < 0.0
    }

    fn sweep(&self, s: &Sweep) -> Sweep {
        Sweep::new(self.apply(s.start), self.apply(s.end), s.radius)
    }

    /// The transformed case.
    pub fn case(&self, case: &Case) -> Case {
        let obstacle = match case.obstacle {
            Obstacle::Aabb(b) => {
                let (p, q) = (self.apply(b.min), self.apply(b.max));
                Obstacle::Aabb(Aabb::new(p.min(q), p.max(q)))
            }
            Obstacle::Obb(b) => {
                let axis = self.apply(Vec2::from_angle(b.angle));
                let angle = (axis.y as f64).atan2(axis.x as f64) as f32;
                Obstacle::Obb(Obb::new(self.apply(b.center), b.half_extents, angle))
            }
            Obstacle::Segment(s) => {
                Obstacle::Segment(Segment::new(self.apply(s.a), self.apply(s.b)))
            }
            Obstacle::Circle(c) => Obstacle::Circle(self.sweep(&c)),
        };
        Case {
            sweep: self.sweep(&case.sweep),
            obstacle,
        }
    }

    /// A box-frame sign vector under this symmetry, as the transformed obstacle names it:
    /// world axes for an AABB; for an OBB the box frame turns with the box, so only a
    /// reflection changes names (the recomputed angle keeps local x, flips local y).
    fn map_signs(&self, obstacle: &Obstacle, s: Vec2) -> Vec2 {
        match obstacle {
            Obstacle::Aabb(_) => self.apply(s),
            _ if self.is_reflection() => Vec2::new(s.x, -s.y),
            _ => s,
        }
    }

    /// The feature the transformed case should report, given the original's.
    pub fn feature(&self, obstacle: &Obstacle, f: Feature) -> Feature {
        match f {
            Feature::Side(side) => {
                let n = self.map_signs(obstacle, side.normal());
                Feature::Side(side_from_normal(n))
            }
            Feature::Corner(c) => {
                let s = self.map_signs(obstacle, corner_signs(c));
                Feature::Corner(Corner::from_signs(s.x > 0.0, s.y > 0.0))
            }
            Feature::Face { left } => Feature::Face {
                left: left != self.is_reflection(),
            },
            other => other,
        }
    }

    /// The region the transformed case should report, given the original's.
    pub fn region(&self, obstacle: &Obstacle, r: Option<Region>) -> Option<Region> {
        r.map(|r| sign_region(self.map_signs(obstacle, region_signs(r))))
    }
}

fn side_from_normal(n: Vec2) -> Side {
    if n.x > 0.5 {
        Side::Right
    } else if n.x < -0.5 {
        Side::Left
    } else if n.y > 0.5 {
        Side::Top
    } else {
        Side::Bottom
    }
}

fn corner_signs(c: Corner) -> Vec2 {
    match c {
        Corner::BottomLeft => Vec2::new(-1.0, -1.0),
        Corner::BottomRight => Vec2::new(1.0, -1.0),
        Corner::TopLeft => Vec2::new(-1.0, 1.0),
        Corner::TopRight => Vec2::new(1.0, 1.0),
    }
}

fn region_signs(r: Region) -> Vec2 {
    let x = if r.0 & Region::LEFT.0 != 0 {
        -1.0
    } else if r.0 & Region::RIGHT.0 != 0 {
        1.0
    } else {
        0.0
    };
    let y = if r.0 & Region::BOTTOM.0 != 0 {
        -1.0
    } else if r.0 & Region::TOP.0 != 0 {
        1.0
    } else {
        0.0
    };
    Vec2::new(x, y)
}

fn sign_region(s: Vec2) -> Region {
    let mut code = 0;
    if s.x < 0.0 {
        code |= Region::LEFT.0;
    } else if s.x > 0.0 {
        code |= Region::RIGHT.0;
    }
    if s.y < 0.0 {
        code |= Region::BOTTOM.0;
    } else if s.y > 0.0 {
        code |= Region::TOP.0;
    }
    Region(code)
}
