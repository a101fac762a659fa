//! A scene's `simulation` section as a disc world: the scene's static `Box` and `Segment`
//! objects become the world's obstacles. The engine (`sim`) knows nothing of scene files;
//! this is the one place that translates between the two.

use super::model::{Scene, Shape, Simulation};
use crate::geom::{Aabb, Segment};
use crate::sim::{DiscInit, SimError, Solid, World};

/// A world built from a scene, with the link back to the scene's objects.
#[derive(Clone, Debug)]
pub struct SceneWorld {
    /// The engine's world, ready to advance.
    pub world: World,
    /// How long the scene asks to run.
    pub duration: f64,
    /// For each obstacle of the world, the index of the scene object it came from.
    pub solid_objects: Vec<usize>,
    /// Scene objects that are neither balls nor static boxes/segments (rotated boxes,
    /// circles) and so take no part in the simulation.
    pub ignored: Vec<usize>,
}

/// The engine's inputs for a scene's simulation.
struct Inputs {
    discs: Vec<DiscInit>,
    solids: Vec<Solid>,
    solid_objects: Vec<usize>,
    ignored: Vec<usize>,
}

/// The engine's discs for a scene's simulation.
fn disc_inits(sim: &Simulation) -> Vec<DiscInit> {
    sim.discs.iter().map(disc_init).collect()
}

fn disc_init(d: &crate::scene::Disc) -> DiscInit {
    DiscInit {
        position: d.position.into(),
        velocity: d.velocity.into(),
        radius: d.radius,
        mass: d.mass,
    }
}

fn inputs(scene: &Scene, sim: &Simulation) -> Inputs {
    let mut out = Inputs {
        discs: disc_inits(sim),
        solids: Vec::new(),
        solid_objects: Vec::new(),
        ignored: Vec::new(),
    };
    for (k, o) in scene.objects.iter().enumerate() {
        match (solid_of(&o.shape), o.shape) {
            (Some(s), _) => {
                out.solids.push(s);
                out.solid_objects.push(k);
            }
            (None, Shape::Ball { .. }) => {}
            (None, _) => out.ignored.push(k),
        }
    }
    out
}

/// The engine's obstacle for a scene shape that is one: a box or a segment.
fn solid_of(shape: &Shape) -> Option<Solid> {
    match *shape {
        Shape::Box { min, max } => Some(Solid::Box(Aabb::new(min, max))),
        Shape::Segment { a, b } => Some(Solid::Segment(Segment::new(a, b))),
        _ => None,
    }
}

/// The names of the scene objects behind the engine's obstacles, by obstacle index (as
/// [`SceneWorld::solid_objects`] orders them), for event logs that name what was hit.
pub fn obstacle_names(scene: &Scene) -> Vec<String> {
    scene
        .objects
        .iter()
        .filter(|o| solid_of(&o.shape).is_some())
        .map(|o| o.name.clone())
        .collect()
}

impl SceneWorld {
    /// The world described by `scene.simulation`, with the scene's static `Box` and
    /// `Segment` objects as obstacles.
    pub fn from_scene(scene: &Scene) -> Result<SceneWorld, SimError> {
        let sim = scene
            .simulation
            .as_ref()
            .ok_or(SimError::Parameter("the scene has no `simulation` section"))?;
        Self::with_simulation(scene, sim)
    }

    /// The world `sim` describes among the scene's static objects, whatever the scene's
    /// own `simulation` section is (the debugger shows the walls a first fill or spawn
    /// will create before the scene has one).
    pub fn with_simulation(scene: &Scene, sim: &Simulation) -> Result<SceneWorld, SimError> {
        if !(sim.duration.is_finite() && sim.duration >= 0.0) {
            return Err(SimError::Parameter(
                "duration must be finite and not negative",
            ));
        }
        let parts = inputs(scene, sim);
        let mut world = World::new(sim.bounds, &parts.discs, &parts.solids)?;
        world.set_restitution(sim.restitution)?;
        Ok(SceneWorld {
            world,
            duration: sim.duration,
            solid_objects: parts.solid_objects,
            ignored: parts.ignored,
        })
    }
}

/// The (disc, object) pairs where a disc overlaps one of the scene's static obstacles at
/// the start (within `tolerance` of its radius is touching), at most `limit`; for inputs
/// [`engine_accepts`] has passed.
pub(crate) fn solid_overlaps(
    scene: &Scene,
    sim: &Simulation,
    tolerance: f64,
    limit: usize,
) -> Result<Vec<(usize, usize)>, SimError> {
    let parts = inputs(scene, sim);
    let pairs = World::solid_overlaps(sim.bounds, &parts.discs, &parts.solids, tolerance, limit)?;
    Ok(pairs
        .into_iter()
        .map(|(disc, solid)| (disc, parts.solid_objects[solid]))
        .collect())
}

/// The simulation discs (by index, at most `limit`) that `shape` would overlap at the
/// start were it one of the scene's obstacles, as validation finds them; none when it
/// overlaps none, is not an obstacle the simulation uses, or the engine refuses the set-up
/// anyway (which validation reports by its own field).
#[cfg_attr(not(feature = "gui"), allow(dead_code))] // the debugger's edits ask it
pub(crate) fn discs_under(
    sim: &Simulation,
    shape: &Shape,
    tolerance: f64,
    limit: usize,
) -> Vec<usize> {
    discs_under_impl(sim, shape, tolerance, limit).unwrap_or_default()
}

fn discs_under_impl(
    sim: &Simulation,
    shape: &Shape,
    tolerance: f64,
    limit: usize,
) -> Option<Vec<usize>> {
    let solid = solid_of(shape)?;
    // Asked on every frame of a drag: only the discs within reach of the shape's bounding
    // box go to the engine's test (validating and filing a million discs twice a frame
    // made a drag crawl).
    let (lo, hi) = match *shape {
        Shape::Box { min, max } => (min, max),
        Shape::Segment { a, b } => (a.min(b), a.max(b)),
        _ => return None,
    };
    let (lo, hi) = (lo.as_dvec2(), hi.as_dvec2());
    let near: Vec<usize> = (0..sim.discs.len())
        .filter(|&i| {
            let d = &sim.discs[i];
            let p = glam::DVec2::from(d.position);
            (p - p.clamp(lo, hi)).abs().max_element() <= d.radius
        })
        .collect();
    if near.is_empty() {
        return None;
    }
    let discs: Vec<DiscInit> = near.iter().map(|&i| disc_init(&sim.discs[i])).collect();
    let pairs = World::solid_overlaps(sim.bounds, &discs, &[solid], tolerance, limit).ok()?;
    Some(pairs.iter().map(|&(k, _)| near[k]).collect())
}

/// Whether the engine would accept the scene's simulation (its limits included), without
/// building the world: validation uses it so that `check` refuses what `sim` cannot run.
pub(crate) fn engine_accepts(scene: &Scene, sim: &Simulation) -> Result<(), SimError> {
    let parts = inputs(scene, sim);
    World::check(sim.bounds, &parts.discs, &parts.solids)
}
