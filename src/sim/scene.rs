//! Building a world from a scene's `simulation` section (needs the scene model, so only
//! with the `cli` feature; no file access here).

use crate::scene::{Scene, Shape as SceneShape};

use super::body::{DiscInit, SimError, Solid};
use super::world::World;

/// A world built from a scene, with the link back to the scene's objects.
#[derive(Clone, Debug)]
pub struct SceneWorld {
    pub world: World,
    /// How long the scene asks to run.
    pub duration: f64,
    /// For each obstacle of the world, the index of the scene object it came from.
    pub solid_objects: Vec<usize>,
    /// Scene objects that are neither balls nor static boxes/segments (rotated boxes,
    /// circles) and so take no part in the simulation.
    pub ignored: Vec<usize>,
}

impl World {
    /// The world described by `scene.simulation`, with the scene's static `Box` and
    /// `Segment` objects as obstacles.
    pub fn from_scene(scene: &Scene) -> Result<SceneWorld, SimError> {
        let sim = scene
            .simulation
            .as_ref()
            .ok_or(SimError::Parameter("the scene has no `simulation` section"))?;
        let discs: Vec<DiscInit> = sim
            .discs
            .iter()
            .map(|d| DiscInit {
                position: d.position.into(),
                velocity: d.velocity.into(),
                radius: d.radius,
                mass: d.mass,
            })
            .collect();
        let mut solids = Vec::new();
        let mut solid_objects = Vec::new();
        let mut ignored = Vec::new();
        for (k, o) in scene.objects.iter().enumerate() {
            match o.shape {
                SceneShape::Box { min, max } => {
                    solids.push(Solid::Box(crate::Aabb::new(min, max)));
                    solid_objects.push(k);
                }
                SceneShape::Segment { a, b } => {
                    solids.push(Solid::Segment(crate::Segment::new(a, b)));
                    solid_objects.push(k);
                }
                SceneShape::Ball { .. } => {}
                _ => ignored.push(k),
            }
        }
        let mut world = World::new(sim.bounds, &discs, &solids)?;
        world.set_restitution(sim.restitution)?;
        if !(sim.duration.is_finite() && sim.duration >= 0.0) {
            return Err(SimError::Parameter(
                "duration must be finite and not negative",
            ));
        }
        Ok(SceneWorld {
            world,
            duration: sim.duration,
            solid_objects,
            ignored,
        })
    }
}
