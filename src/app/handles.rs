//! Draggable handles: where they are, which one is under the cursor, what dragging it does to
//! the shape, and which cursor icon announces that.

use egui::CursorIcon;
use glam::Vec2;

use super::draw::camera::{MIN_ZOOM, snap, world_len};
use crate::geom::{Aabb, Obb};
use crate::scene::model::rigid_shift;
use crate::scene::{Object, Shape};

/// Pick radius of a point handle, in pixels.
pub const PICK_PX: f32 = 9.0;
/// Distance of the rotation handle beyond a rotated box's top side, in pixels.
const ROTATE_PX: f32 = 24.0;

/// The part of an object a drag acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grip {
    Start,
    End,
    Radius,
    /// Corner index in `corners()` order (bl, br, tr, tl of the box's own frame).
    Corner(usize),
    /// Side index: 0 bottom, 1 right, 2 top, 3 left (own frame).
    Edge(usize),
    Rotate,
    A,
    B,
    /// The whole object.
    Body,
}

impl Grip {
    pub fn cursor(self) -> CursorIcon {
        match self {
            Grip::Start | Grip::End | Grip::A | Grip::B => CursorIcon::Move,
            Grip::Radius => CursorIcon::ResizeHorizontal,
            Grip::Corner(0 | 2) => CursorIcon::ResizeNeSw,
            Grip::Corner(_) => CursorIcon::ResizeNwSe,
            Grip::Edge(0 | 2) => CursorIcon::ResizeVertical,
            Grip::Edge(_) => CursorIcon::ResizeHorizontal,
            Grip::Rotate => CursorIcon::Alias,
            Grip::Body => CursorIcon::Move,
        }
    }

    /// What a drag does, for the status bar.
    pub fn describe(self) -> &'static str {
        match self {
            Grip::Start => "move start",
            Grip::End => "move end",
            Grip::Radius => "change radius",
            Grip::Corner(_) => "resize (corner)",
            Grip::Edge(_) => "resize (side)",
            Grip::Rotate => "rotate",
            Grip::A => "move end A",
            Grip::B => "move end B",
            Grip::Body => "move",
        }
    }
}

/// A handle of one object.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Handle {
    pub object: usize,
    pub grip: Grip,
    pub pos: Vec2,
}

/// The point handles of a shape; `zoom` places the rotation handle a fixed pixel distance out.
pub fn point_handles(object: usize, shape: &Shape, zoom: f32) -> Vec<Handle> {
    let h = |grip, pos| Handle { object, grip, pos };
    match *shape {
        // A static circle's centre is its start: a drag moves it, and Shift turns the
        // drag into one of its end (the canvas's gesture). An end handle on the same
        // point won the pick and made every drag pull the end out.
        Shape::Circle { start, end, radius } if start == end => vec![
            h(Grip::Start, start),
            h(Grip::Radius, start + Vec2::new(radius, 0.0)),
        ],
        // The end first: a ball whose motion is zero drags its end out.
        Shape::Ball { start, end, radius } | Shape::Circle { start, end, radius } => vec![
            h(Grip::End, end),
            h(Grip::Start, start),
            h(Grip::Radius, start + Vec2::new(radius, 0.0)),
        ],
        Shape::Box { min, max } => {
            let b = Aabb::from_points(min, max);
            box_handles(object, b.corners())
        }
        Shape::RotatedBox {
            center,
            half_extents,
            angle,
        } => {
            let o = Obb::new(center, half_extents, angle.to_radians());
            let mut v = box_handles(object, o.corners());
            v.push(h(
                Grip::Rotate,
                o.to_world(Vec2::new(0.0, half_extents.y + ROTATE_PX / zoom.max(1e-6))),
            ));
            v
        }
        Shape::Segment { a, b } => vec![h(Grip::A, a), h(Grip::B, b), h(Grip::Body, (a + b) * 0.5)],
    }
}

fn box_handles(object: usize, c: [Vec2; 4]) -> Vec<Handle> {
    let mut v: Vec<Handle> = (0..4)
        .map(|i| Handle {
            object,
            grip: Grip::Corner(i),
            pos: c[i],
        })
        .collect();
    for i in 0..4 {
        v.push(Handle {
            object,
            grip: Grip::Edge(i),
            pos: (c[i] + c[(i + 1) % 4]) * 0.5,
        });
    }
    v
}

/// Whether `p` is on the object's body: inside a box, on a segment, inside a circle, or
/// inside a ball at its start or its end — not anywhere along its swept capsule, which is
/// mostly empty canvas that a drag should pan. `tol` is a world tolerance for thin shapes.
fn on_body(shape: &Shape, p: Vec2, tol: f32) -> bool {
    match *shape {
        Shape::Ball { start, end, radius } => {
            let r = radius.max(tol);
            world_len(p - start) <= r || world_len(p - end) <= r
        }
        Shape::Circle { start, radius, .. } => world_len(p - start) <= radius.max(tol),
        other => other
            .obstacle()
            .is_some_and(|o| o.distance_at(p, 0.0) <= tol),
    }
}

/// The handle under world point `p`: point handles of the `focus` object first (the selected
/// one), then any object's point handles within [`PICK_PX`], then bodies, top-most first.
pub fn pick(objects: &[Object], focus: Option<usize>, p: Vec2, zoom: f32) -> Option<Handle> {
    let reach = PICK_PX / zoom.max(MIN_ZOOM);
    let nearest = |hs: Vec<Handle>| {
        hs.into_iter()
            .filter(|h| world_len(h.pos - p) <= reach)
            .min_by(|a, b| world_len(a.pos - p).total_cmp(&world_len(b.pos - p)))
    };
    if let Some(f) = focus.and_then(|f| objects.get(f).map(|o| (f, o)))
        && let Some(h) = nearest(point_handles(f.0, &f.1.shape, zoom))
    {
        return Some(h);
    }
    let all: Vec<Handle> = objects
        .iter()
        .enumerate()
        .flat_map(|(i, o)| point_handles(i, &o.shape, zoom))
        .collect();
    if let Some(h) = nearest(all) {
        return Some(h);
    }
    objects
        .iter()
        .enumerate()
        .rev()
        .find(|(_, o)| on_body(&o.shape, p, reach * 0.7))
        .map(|(i, _)| Handle {
            object: i,
            grip: Grip::Body,
            pos: p,
        })
}

/// The object a click at world point `p` selects: the one [`pick`] finds, else a ball or
/// circle whose swept path (its capsule) holds `p`, top-most first. A drag there still
/// pans (the capsule is mostly empty canvas), but a click on it meant the ball: it
/// deselected everything.
pub fn select_at(objects: &[Object], focus: Option<usize>, p: Vec2, zoom: f32) -> Option<usize> {
    if let Some(h) = pick(objects, focus, p, zoom) {
        return Some(h.object);
    }
    let reach = PICK_PX / zoom.max(1e-6) * 0.7;
    objects
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, o)| match o.shape {
            Shape::Ball { start, end, radius } | Shape::Circle { start, end, radius } => {
                let path =
                    crate::obstacle::Obstacle::Segment(crate::geom::Segment::new(start, end));
                (path.distance_at(p, 0.0) <= radius.max(reach)).then_some(i)
            }
            _ => None,
        })
}

/// The shape after dragging `grip` from world point `grab` to `now`. `snap_step` rounds the
/// moved point (or the angle, to 15°) while the snap modifier is held.
pub fn apply_drag(
    orig: &Shape,
    grip: Grip,
    grab: Vec2,
    now: Vec2,
    snap_step: Option<f32>,
) -> Shape {
    let delta = now - grab;
    let place = |p: Vec2| snap_step.map_or(p, |s| snap(p, s));
    // A radius snaps as a length: to a whole number of steps, at least one. Snapping the
    // pointer to the grid gave the start itself near it, and a radius of 1e-38.
    let snap_radius = |r: f32| snap_step.map_or(r, |s| (r / s).round().max(1.0) * s);
    match *orig {
        Shape::Ball { start, end, radius } => {
            let (start, end, radius) = drag_circle(
                start,
                end,
                radius,
                grip,
                now,
                delta,
                place,
                snap_radius,
                false,
            );
            Shape::Ball { start, end, radius }
        }
        Shape::Circle { start, end, radius } => {
            let (start, end, radius) = drag_circle(
                start,
                end,
                radius,
                grip,
                now,
                delta,
                place,
                snap_radius,
                true,
            );
            Shape::Circle { start, end, radius }
        }
        Shape::Segment { a, b } => {
            let (a, b) = drag_segment(a, b, grip, delta, place);
            Shape::Segment { a, b }
        }
        Shape::Box { min, max } => {
            let b = drag_box(Aabb::from_points(min, max), grip, delta, place);
            Shape::Box {
                min: b.min,
                max: b.max,
            }
        }
        Shape::RotatedBox {
            center,
            half_extents,
            angle,
        } => {
            let o = Obb::new(center, half_extents, angle.to_radians());
            match grip {
                Grip::Rotate => Shape::RotatedBox {
                    center,
                    half_extents,
                    angle: dragged_angle(center, now, snap_step.is_some()),
                },
                _ => {
                    let (center, half_extents) = drag_rotated_box(&o, grip, delta, place);
                    Shape::RotatedBox {
                        center,
                        half_extents,
                        angle,
                    }
                }
            }
        }
    }
}

/// A segment with one end (or, grabbed elsewhere, the whole of it) moved by `delta`.
fn drag_segment(
    a: Vec2,
    b: Vec2,
    grip: Grip,
    delta: Vec2,
    place: impl Fn(Vec2) -> Vec2,
) -> (Vec2, Vec2) {
    match grip {
        Grip::A | Grip::Start => (place(a + delta), b),
        Grip::B | Grip::End => (a, place(b + delta)),
        _ => {
            let d = rigid_shift(&[a, b], place(a + delta) - a);
            (a + d, b + d)
        }
    }
}

/// A box with a corner, an edge or (grabbed elsewhere) the whole of it moved by `delta`;
/// the opposite corner or edge stays put.
fn drag_box(b: Aabb, grip: Grip, delta: Vec2, place: impl Fn(Vec2) -> Vec2) -> Aabb {
    match grip {
        Grip::Corner(i) => {
            let c = b.corners();
            Aabb::from_points(c[(i + 2) % 4], place(c[i % 4] + delta))
        }
        Grip::Edge(i) => {
            let p = place(
                match i {
                    0 => Vec2::new(0.0, b.min.y),
                    1 => Vec2::new(b.max.x, 0.0),
                    2 => Vec2::new(0.0, b.max.y),
                    _ => Vec2::new(b.min.x, 0.0),
                } + delta,
            );
            let (mut lo, mut hi) = (b.min, b.max);
            match i {
                0 => lo.y = p.y,
                1 => hi.x = p.x,
                2 => hi.y = p.y,
                _ => lo.x = p.x,
            }
            Aabb::from_points(lo, hi)
        }
        _ => {
            let d = rigid_shift(&[b.min, b.max], place(b.min + delta) - b.min);
            Aabb::new(b.min + d, b.max + d)
        }
    }
}

/// The angle in degrees, in (-180, 180], that points the rotation handle (above the
/// centre at angle 0) at `now`; whole multiples of 15 degrees when snapping.
fn dragged_angle(center: Vec2, now: Vec2, snapping: bool) -> f32 {
    let v = now - center;
    let mut deg = (v.y.atan2(v.x).to_degrees() - 90.0).rem_euclid(360.0);
    if deg > 180.0 {
        deg -= 360.0;
    }
    if snapping {
        deg = (deg / 15.0).round() * 15.0;
    }
    deg
}

/// The centre and half extents of a rotated box with a corner, an edge or (grabbed
/// elsewhere) the whole of it moved by `delta`, its angle kept.
fn drag_rotated_box(
    o: &Obb,
    grip: Grip,
    delta: Vec2,
    place: impl Fn(Vec2) -> Vec2,
) -> (Vec2, Vec2) {
    match grip {
        Grip::Corner(i) => {
            let lc = o.local_aabb().corners();
            let fixed = lc[(i + 2) % 4];
            let moved = o.to_local(place(o.to_world(lc[i % 4]) + delta));
            (
                o.to_world((fixed + moved) * 0.5),
                ((moved - fixed) * 0.5).abs(),
            )
        }
        Grip::Edge(i) => {
            let l = o.local_aabb();
            let d = o.dir_to_local(delta);
            let (mut lo, mut hi) = (l.min, l.max);
            match i {
                0 => lo.y += d.y,
                1 => hi.x += d.x,
                2 => hi.y += d.y,
                _ => lo.x += d.x,
            }
            let nb = Aabb::from_points(lo, hi);
            (o.to_world(nb.center()), nb.half_extents())
        }
        _ => (place(o.center + delta), o.half_extents),
    }
}

#[allow(clippy::too_many_arguments)]
fn drag_circle(
    start: Vec2,
    end: Vec2,
    radius: f32,
    grip: Grip,
    now: Vec2,
    delta: Vec2,
    place: impl Fn(Vec2) -> Vec2,
    snap_radius: impl Fn(f32) -> f32,
    static_moves_both: bool,
) -> (Vec2, Vec2, f32) {
    match grip {
        Grip::Start if static_moves_both && start == end => {
            let s = start + rigid_shift(&[start], place(start + delta) - start);
            (s, s, radius)
        }
        Grip::Start => (place(start + delta), end, radius),
        Grip::End => (start, place(end + delta), radius),
        Grip::Radius => {
            // Any positive radius: a floor of 0.1 threw a ball of 5e-30 up to 0.1.
            let r = world_len(now - start).max(f32::MIN_POSITIVE);
            (start, end, snap_radius(r))
        }
        _ => {
            let d = rigid_shift(&[start, end], place(start + delta) - start);
            (start + d, end + d, radius)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(shape: Shape) -> Object {
        Object {
            name: "o".into(),
            shape,
        }
    }

    /// User test: a Ctrl-drag of a ball's radius handle inward gave a radius of
    /// 1.1754944e-38 (the pointer snapped onto the start).
    #[test]
    fn a_snapped_radius_is_a_whole_number_of_steps_and_at_least_one() {
        let ball = Shape::Ball {
            start: Vec2::new(0.0, 0.0),
            end: Vec2::new(10.0, 0.0),
            radius: 3.0,
        };
        let radius = |now: Vec2| match apply_drag(
            &ball,
            Grip::Radius,
            Vec2::new(3.0, 0.0),
            now,
            Some(5.0),
        ) {
            Shape::Ball { radius, .. } => radius,
            other => panic!("{other:?}"),
        };
        assert_eq!(radius(Vec2::new(0.4, 0.3)), 5.0);
        assert_eq!(radius(Vec2::new(8.0, 6.0)), 10.0);
        assert_eq!(radius(Vec2::new(0.0, 13.0)), 15.0);
        // Without Ctrl, the length as dragged.
        match apply_drag(
            &ball,
            Grip::Radius,
            Vec2::new(3.0, 0.0),
            Vec2::new(0.0, 2.0),
            None,
        ) {
            Shape::Ball { radius, .. } => assert_eq!(radius, 2.0),
            other => panic!("{other:?}"),
        }
    }

    /// User test: a plain drag on a static circle's centre pulled out an end (the end's
    /// handle, on the same point, won the pick); it moves the circle, as the help says.
    #[test]
    fn a_drag_on_a_static_circles_centre_moves_it() {
        let objects = vec![Object {
            name: "c".into(),
            shape: Shape::Circle {
                start: Vec2::new(5.0, 5.0),
                end: Vec2::new(5.0, 5.0),
                radius: 2.0,
            },
        }];
        let h = pick(&objects, Some(0), Vec2::new(5.0, 5.0), 10.0).expect("a handle");
        assert_eq!(h.grip, Grip::Start);
        let moved = apply_drag(&objects[0].shape, h.grip, h.pos, Vec2::new(8.0, 1.0), None);
        assert_eq!(
            moved,
            Shape::Circle {
                start: Vec2::new(8.0, 1.0),
                end: Vec2::new(8.0, 1.0),
                radius: 2.0
            }
        );
    }

    /// Outside test: dragging the default box (40 × 30) by its body gave min
    /// (6.920414, 3.460207), max (46.920414, 33.460205): 29.999998 high, a size nobody
    /// asked for. A whole object moves by one shift that moves each of its points exactly.
    #[test]
    fn dragging_a_whole_object_keeps_its_size_bit_for_bit() {
        let grab = Vec2::new(20.0, 15.0);
        let now = grab + Vec2::new(6.920414, 3.460207);
        let boxed = Shape::Box {
            min: Vec2::ZERO,
            max: Vec2::new(40.0, 30.0),
        };
        let Shape::Box { min, max } = apply_drag(&boxed, Grip::Body, grab, now, None) else {
            panic!("a box");
        };
        assert_eq!(max - min, Vec2::new(40.0, 30.0));
        assert!(
            (min - Vec2::new(6.920414, 3.460207)).length() < 1e-5,
            "{min}"
        );
        let ball = Shape::Ball {
            start: Vec2::new(-3.0, 50.0),
            end: Vec2::new(-3.0, 10.1),
            radius: 5.0,
        };
        let Shape::Ball { start, end, .. } = apply_drag(&ball, Grip::Body, grab, now, None) else {
            panic!("a ball");
        };
        assert_eq!(end - start, Vec2::new(0.0, 10.1 - 50.0));
        let seg = Shape::Segment {
            a: Vec2::new(-20.0, 20.0),
            b: Vec2::new(-20.0, 60.0),
        };
        let Shape::Segment { a, b } = apply_drag(&seg, Grip::Body, grab, now, None) else {
            panic!("a segment");
        };
        assert_eq!(b - a, Vec2::new(0.0, 40.0));
        // A shift that already moves every point exactly is kept as it is.
        assert_eq!(
            rigid_shift(&[Vec2::ZERO, Vec2::new(40.0, 30.0)], Vec2::new(5.0, -2.5)),
            Vec2::new(5.0, -2.5)
        );
    }

    #[test]
    fn box_corner_drag_keeps_the_opposite_corner() {
        let s = Shape::Box {
            min: Vec2::ZERO,
            max: Vec2::new(4.0, 2.0),
        };
        // Corner 2 is max; drag it past the min corner: the box flips but stays valid.
        let out = apply_drag(
            &s,
            Grip::Corner(2),
            Vec2::new(4.0, 2.0),
            Vec2::new(-1.0, -3.0),
            None,
        );
        assert_eq!(
            out,
            Shape::Box {
                min: Vec2::new(-1.0, -3.0),
                max: Vec2::ZERO
            }
        );
    }

    #[test]
    fn box_edge_drag_moves_one_side() {
        let s = Shape::Box {
            min: Vec2::ZERO,
            max: Vec2::new(4.0, 2.0),
        };
        let out = apply_drag(
            &s,
            Grip::Edge(1),
            Vec2::new(4.0, 1.0),
            Vec2::new(6.5, 9.0),
            None,
        );
        assert_eq!(
            out,
            Shape::Box {
                min: Vec2::ZERO,
                max: Vec2::new(6.5, 2.0)
            }
        );
    }

    #[test]
    fn snapping_rounds_the_moved_point() {
        let s = Shape::Ball {
            start: Vec2::ZERO,
            end: Vec2::new(10.0, 0.0),
            radius: 1.0,
        };
        let out = apply_drag(
            &s,
            Grip::End,
            Vec2::new(10.0, 0.0),
            Vec2::new(13.6, 4.4),
            Some(5.0),
        );
        assert_eq!(
            out,
            Shape::Ball {
                start: Vec2::ZERO,
                end: Vec2::new(15.0, 5.0),
                radius: 1.0
            }
        );
    }

    #[test]
    fn rotate_handle_sets_degrees() {
        let s = Shape::RotatedBox {
            center: Vec2::ZERO,
            half_extents: Vec2::ONE,
            angle: 0.0,
        };
        // Pointing left means the box's +y axis points to −x: a quarter turn ccw.
        let out = apply_drag(
            &s,
            Grip::Rotate,
            Vec2::new(0.0, 3.0),
            Vec2::new(-3.0, 0.0),
            None,
        );
        let Shape::RotatedBox { angle, .. } = out else {
            panic!()
        };
        assert!((angle - 90.0).abs() < 1e-4);
    }

    #[test]
    fn rotated_corner_drag_keeps_the_opposite_world_corner() {
        let s = Shape::RotatedBox {
            center: Vec2::new(1.0, 2.0),
            half_extents: Vec2::new(3.0, 1.0),
            angle: 30.0,
        };
        let before =
            Obb::new(Vec2::new(1.0, 2.0), Vec2::new(3.0, 1.0), 30f32.to_radians()).corners();
        let out = apply_drag(
            &s,
            Grip::Corner(2),
            before[2],
            before[2] + Vec2::new(0.5, 0.7),
            None,
        );
        let Shape::RotatedBox {
            center,
            half_extents,
            angle,
        } = out
        else {
            panic!()
        };
        let after = Obb::new(center, half_extents, angle.to_radians()).corners();
        assert!((after[0] - before[0]).length() < 1e-4);
        assert!((after[2] - (before[2] + Vec2::new(0.5, 0.7))).length() < 1e-4);
    }

    #[test]
    fn static_circle_moves_as_a_whole() {
        let s = Shape::Circle {
            start: Vec2::ONE,
            end: Vec2::ONE,
            radius: 2.0,
        };
        let out = apply_drag(&s, Grip::Start, Vec2::ONE, Vec2::new(3.0, 1.0), None);
        assert_eq!(
            out,
            Shape::Circle {
                start: Vec2::new(3.0, 1.0),
                end: Vec2::new(3.0, 1.0),
                radius: 2.0
            }
        );
    }

    #[test]
    fn pick_prefers_point_handles_then_bodies() {
        let objects = vec![
            obj(Shape::Box {
                min: Vec2::ZERO,
                max: Vec2::new(10.0, 10.0),
            }),
            obj(Shape::Ball {
                start: Vec2::new(5.0, 5.0),
                end: Vec2::new(30.0, 5.0),
                radius: 1.0,
            }),
        ];
        let h = pick(&objects, None, Vec2::new(10.2, 9.9), 10.0).unwrap();
        assert_eq!((h.object, h.grip), (0, Grip::Corner(2)));
        let h = pick(&objects, None, Vec2::new(5.1, 5.0), 10.0).unwrap();
        assert_eq!((h.object, h.grip), (1, Grip::Start));
        let h = pick(&objects, None, Vec2::new(3.0, 3.0), 10.0).unwrap();
        assert_eq!((h.object, h.grip), (0, Grip::Body));
        assert!(pick(&objects, None, Vec2::new(50.0, 50.0), 10.0).is_none());
    }

    /// At a scale of 1e20 the distances' squares overflowed and no handle or ball body
    /// could be picked; at 1e-30 they vanished and the first handle was taken wherever the
    /// click was. Picking is the same picture at every scale.
    #[test]
    fn picking_works_at_every_scale() {
        for s in [1e-30_f32, 1e-20, 1e20, 1e30] {
            let v = |x: f32, y: f32| Vec2::new(x, y) * s;
            let objects = vec![
                obj(Shape::Box {
                    min: v(0.0, 0.0),
                    max: v(10.0, 10.0),
                }),
                obj(Shape::Ball {
                    start: v(5.0, 5.0),
                    end: v(30.0, 5.0),
                    radius: 3.0 * s,
                }),
            ];
            let zoom = 10.0 / s;
            let h = pick(&objects, None, v(10.2, 9.9), zoom);
            assert_eq!(
                h.map(|h| (h.object, h.grip)),
                Some((0, Grip::Corner(2))),
                "{s:e}"
            );
            let h = pick(&objects, None, v(5.1, 5.0), zoom);
            assert_eq!(
                h.map(|h| (h.object, h.grip)),
                Some((1, Grip::Start)),
                "{s:e}"
            );
            let h = pick(&objects, None, v(30.0, 7.0), zoom);
            assert_eq!(
                h.map(|h| (h.object, h.grip)),
                Some((1, Grip::Body)),
                "{s:e}"
            );
            assert!(pick(&objects, None, v(50.0, 50.0), zoom).is_none(), "{s:e}");
        }
    }

    /// A click on a ball's swept path, away from its start and end, deselected everything.
    #[test]
    fn a_click_on_a_swept_path_selects_its_ball_and_one_beside_it_nothing() {
        let objects = vec![
            obj(Shape::Box {
                min: Vec2::new(-20.0, -20.0),
                max: Vec2::new(-10.0, -10.0),
            }),
            obj(Shape::Ball {
                start: Vec2::new(0.0, 0.0),
                end: Vec2::new(40.0, 0.0),
                radius: 2.0,
            }),
        ];
        // Mid-path, within the radius of the path's line: no handle or body there.
        let mid = Vec2::new(20.0, 1.5);
        assert!(pick(&objects, None, mid, 10.0).is_none());
        assert_eq!(select_at(&objects, None, mid, 10.0), Some(1));
        assert_eq!(select_at(&objects, None, Vec2::new(20.0, 5.0), 10.0), None);
        assert_eq!(
            select_at(&objects, None, Vec2::new(-15.0, -15.0), 10.0),
            Some(0)
        );
    }
}
