//! A box's own frame: the axis-aligned box it is in its own coordinates, and the map between
//! those coordinates and the world. Region codes, corner names and the region grid of a
//! rotated box are all read in this frame.

use glam::Vec2;

use super::{Aabb, Obb};

/// The frame of an axis-aligned or rotated box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxFrame {
    /// The box in its own coordinates (the box itself when it is axis-aligned).
    pub local: Aabb,
    /// The rotation, for a rotated box.
    rotated: Option<Obb>,
}

impl BoxFrame {
    /// The frame of an axis-aligned box: the world's.
    pub fn axis_aligned(b: Aabb) -> Self {
        Self {
            local: b,
            rotated: None,
        }
    }

    /// The frame of a rotated box: centred on it, turned by its angle.
    pub fn rotated(o: Obb) -> Self {
        Self {
            local: o.local_aabb(),
            rotated: Some(o),
        }
    }

    pub fn to_local(&self, p: Vec2) -> Vec2 {
        self.rotated.map_or(p, |o| o.to_local(p))
    }

    pub fn to_world(&self, p: Vec2) -> Vec2 {
        self.rotated.map_or(p, |o| o.to_world(p))
    }

    /// A direction in the box's frame as a world direction.
    pub fn dir_to_world(&self, v: Vec2) -> Vec2 {
        self.rotated.map_or(v, |o| o.dir_to_world(v))
    }

    /// The box's corners in the world, counter-clockwise from its own bottom-left.
    pub fn corners(&self) -> [Vec2; 4] {
        self.local.corners().map(|c| self.to_world(c))
    }

    /// The corners of the box grown by `r` on every side (square corners), in the world.
    pub fn expanded_corners(&self, r: f32) -> [Vec2; 4] {
        self.local.expanded(r).corners().map(|c| self.to_world(c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quarter_turn_maps_local_x_to_world_y() {
        let f = BoxFrame::rotated(Obb::new(
            Vec2::new(10.0, 0.0),
            Vec2::new(2.0, 1.0),
            std::f32::consts::FRAC_PI_2,
        ));
        assert!((f.to_world(Vec2::new(1.0, 0.0)) - Vec2::new(10.0, 1.0)).length() < 1e-6);
        assert!((f.to_local(Vec2::new(10.0, 5.0)) - Vec2::new(5.0, 0.0)).length() < 1e-6);
        // Its own bottom-left (-2, -1) is the world's (11, -2).
        assert!((f.corners()[0] - Vec2::new(11.0, -2.0)).length() < 1e-5);
        // Grown by 1: the bottom-left is (-3, -2) locally, (12, -3) in the world.
        assert!((f.expanded_corners(1.0)[0] - Vec2::new(12.0, -3.0)).length() < 1e-5);
    }

    #[test]
    fn an_axis_aligned_frame_is_the_identity() {
        let b = Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(4.0, 2.0));
        let f = BoxFrame::axis_aligned(b);
        assert_eq!(f.to_local(Vec2::new(3.0, 7.0)), Vec2::new(3.0, 7.0));
        assert_eq!(f.corners(), b.corners());
        assert_eq!(f.expanded_corners(1.0)[2], Vec2::new(5.0, 3.0));
    }
}
