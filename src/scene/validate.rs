//! Checks a parsed scene for values the format allows syntactically but the core cannot use
//! (NaN, negative radii, inverted boxes, dangling names, ...).
//!
//! Every problem is reported, not only the first, so a user fixing a hand-written file sees
//! the whole list at once. Each problem names the item (list, index and object name) and the
//! field, which lets the loader point at a line as well.

use std::collections::{HashMap, HashSet};
use std::fmt;

use glam::Vec2;

use super::limits::{
    MAX_BOUNCES, MAX_EXPECTATIONS, MAX_NAME_CHARS, MAX_OBJECTS, MAX_PATH_CONTACTS, MAX_QUERIES,
    MAX_SIM_DISCS, MAX_SPEED, path_contacts, query_work,
};
use super::model::{
    Disc, Expectation, HeatMap, Object, PathExpectation, ResponseSettings, SCENE_VERSION, Scene,
    Shape, Simulation,
};
use crate::hit::Feature;
use crate::region::Region;
use crate::sim::SimError;
use crate::variants::substep::MAX_SUBSTEPS;
use crate::variants::{Params, Variant};

/// Past this many problems the rest are summarised in one line; a generated file with a
/// million bad discs should not print a million lines.
const MAX_REPORTED: usize = 100;

/// Which list entry a problem belongs to, for messages and line lookup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// The scene as a whole (version, view, response, ...).
    Scene,
    /// `objects[index]`, with its name.
    Object {
        /// Its place in `objects`.
        index: usize,
        /// Its name.
        name: String,
    },
    /// `variants[index]`.
    Variant {
        /// Its place in `variants`.
        index: usize,
    },
    /// `expect[index]`.
    Expectation {
        /// Its place in `expect`.
        index: usize,
    },
    /// `expect_paths[index]`.
    PathExpectation {
        /// Its place in `expect_paths`.
        index: usize,
    },
    /// `reported[index]`.
    Reported {
        /// Its place in `reported`.
        index: usize,
    },
    /// The `simulation` block itself.
    Simulation,
    /// `simulation.discs[index]`.
    Disc {
        /// Its place in `simulation.discs`.
        index: usize,
    },
}

impl Item {
    /// The list field holding the item and its index (used to find its line in the text).
    pub fn list_entry(&self) -> Option<(&'static str, usize)> {
        match *self {
            Item::Object { index, .. } => Some(("objects", index)),
            Item::Variant { index } => Some(("variants", index)),
            Item::Expectation { index } => Some(("expect", index)),
            Item::PathExpectation { index } => Some(("expect_paths", index)),
            Item::Reported { index } => Some(("reported", index)),
            Item::Disc { index } => Some(("discs", index)),
            Item::Scene | Item::Simulation => None,
        }
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Item::Scene => f.write_str("scene"),
            Item::Object { index, name } => write!(f, "object {index} {}", quoted(name)),
            Item::Variant { index } => write!(f, "variants[{index}]"),
            Item::Expectation { index } => write!(f, "expect[{index}]"),
            Item::PathExpectation { index } => write!(f, "expect_paths[{index}]"),
            Item::Reported { index } => write!(f, "reported[{index}]"),
            Item::Simulation => f.write_str("simulation"),
            Item::Disc { index } => write!(f, "simulation disc {index}"),
        }
    }
}

/// One problem found in a scene.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where the problem is.
    pub item: Item,
    /// The offending field, e.g. `shape.radius` or `min.x`.
    pub field: String,
    /// What is wrong, in plain words, with the value found.
    pub message: String,
}

impl Problem {
    /// Whether this is the count of the problems past the first 100 listed, not one of them:
    /// the scene's, with no field, and belongs after the listed ones. (A `variants` entry
    /// has no field either: it is the id itself.)
    pub fn is_count_of_unlisted(&self) -> bool {
        self.field.is_empty() && self.item == Item::Scene
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            return write!(f, "{}: {}", self.item, self.message);
        }
        write!(f, "{}: `{}` {}", self.item, self.field, self.message)
    }
}

/// A string for a message: quoted with control characters escaped (`{:?}`), and cut to
/// its first characters when it is longer than any valid name.
pub(crate) fn quoted(s: &str) -> String {
    const SHOWN: usize = 40;
    match s.char_indices().nth(MAX_NAME_CHARS) {
        None => format!("{s:?}"),
        Some(_) => {
            let cut = s.char_indices().nth(SHOWN).map_or(s.len(), |(i, _)| i);
            format!("{:?}… ({} characters)", &s[..cut], s.chars().count())
        }
    }
}

/// All problems of `scene`, in file order (scene fields, objects, variants, expectations,
/// simulation). Empty means valid.
///
/// Its cost is linear in the size of the scene (names are looked up in a map, overlapping
/// discs found through a grid), so it is safe to run on anything the loader accepts.
pub fn validate(scene: &Scene) -> Vec<Problem> {
    let mut out = Problems::default();
    check_header(scene, &mut out);
    let names = check_objects(&scene.objects, &mut out);
    check_variants(&scene.variants, &mut out);
    check_params(scene, &mut out);
    check_heat_map(&scene.heat_map, &mut out);
    check_sizes(scene, &mut out);
    for (index, e) in scene.expect.iter().enumerate().take(MAX_EXPECTATIONS) {
        check_expectation(scene, &names, index, e, &mut out);
    }
    for (index, e) in scene.expect_paths.iter().enumerate().take(MAX_EXPECTATIONS) {
        check_path_expectation(scene, &names, index, e, &mut out);
    }
    for (index, r) in scene.reported.iter().enumerate().take(MAX_EXPECTATIONS) {
        let item = Item::Reported { index };
        check_pair_names(scene, &names, &item, &r.ball, &r.obstacle, &mut out);
    }
    if let Some(sim) = &scene.simulation {
        check_simulation(scene, sim, &mut out);
    }
    out.finish()
}

/// Why `name` cannot be the name of object `object` among `objects`: empty, another
/// object's, or over the file format's length limit. Any of them would leave a scene that
/// cannot be saved, and a taken name would also leave the expectations naming two objects.
pub fn name_refusal(objects: &[Object], object: usize, name: &str) -> Option<String> {
    if name.trim().is_empty() {
        Some("a name must not be empty".to_owned())
    } else if let Some(other) = objects
        .iter()
        .enumerate()
        .position(|(k, o)| k != object && o.name == name)
    {
        Some(format!("object {other} is already named {}", quoted(name)))
    } else if name.chars().count() > MAX_NAME_CHARS {
        Some(format!(
            "a name may be at most {MAX_NAME_CHARS} characters (MAX_NAME_CHARS)"
        ))
    } else {
        None
    }
}

/// The problems of one object's shape alone (finite values, a positive radius, a box's
/// `min` not above its `max`, …), as [`validate`] reports them for object `index`: for an
/// editor that refuses an edit the file format would refuse.
pub fn validate_shape(index: usize, object: &Object) -> Vec<Problem> {
    let mut out = Problems::default();
    let item = Item::Object {
        index,
        name: object.name.clone(),
    };
    check_shape(&item, &object.shape, &mut out);
    out.finish()
}

/// The counts and the work a scene asks for, against [`super::limits`].
fn check_sizes(scene: &Scene, out: &mut Problems) {
    let item = Item::Scene;
    let objects = scene.objects.len();
    if objects > MAX_OBJECTS {
        out.push(
            &item,
            "objects",
            format!("has {objects} objects; the limit is {MAX_OBJECTS} (MAX_OBJECTS)"),
        );
    }
    let paths = scene.expect_paths.len();
    if paths > MAX_EXPECTATIONS {
        out.push(
            &item,
            "expect_paths",
            format!(
                "has {paths} path expectations; the limit is {MAX_EXPECTATIONS} \
                 (MAX_EXPECTATIONS), and only the first {MAX_EXPECTATIONS} were checked"
            ),
        );
    }
    let expectations = scene.expect.len();
    if expectations > MAX_EXPECTATIONS {
        out.push(
            &item,
            "expect",
            format!(
                "has {expectations} expectations; the limit is {MAX_EXPECTATIONS} \
                 (MAX_EXPECTATIONS), and only the first {MAX_EXPECTATIONS} were checked"
            ),
        );
    }
    let reported = scene.reported.len();
    if reported > MAX_EXPECTATIONS {
        out.push(
            &item,
            "reported",
            format!(
                "has {reported} reported answers; the limit is {MAX_EXPECTATIONS} \
                 (MAX_EXPECTATIONS), and only the first {MAX_EXPECTATIONS} were checked"
            ),
        );
    }
    let work = query_work(scene);
    if work > MAX_QUERIES {
        let balls = scene.objects.iter().filter(|o| o.shape.is_ball()).count();
        out.push(
            &item,
            "objects",
            format!(
                "{balls} balls × {} obstacles × (max_bounces {} + 2) = {work} queries to \
                 evaluate; the limit is {MAX_QUERIES} (MAX_QUERIES): use fewer balls, \
                 obstacles or bounces",
                objects - balls,
                scene.response.max_bounces
            ),
        );
    }
    let contacts = path_contacts(scene);
    if contacts > MAX_PATH_CONTACTS {
        let balls = scene.objects.iter().filter(|o| o.shape.is_ball()).count();
        out.push(
            &item,
            "response.max_bounces",
            format!(
                "{balls} balls × (max_bounces {} + 1) = {contacts} contacts their paths may \
                 record; the limit is {MAX_PATH_CONTACTS} (MAX_PATH_CONTACTS): use fewer \
                 balls or bounces",
                scene.response.max_bounces
            ),
        );
    }
    if scene.name.chars().count() > MAX_NAME_CHARS {
        out.push(
            &item,
            "name",
            format!(
                "is {} characters long; the limit is {MAX_NAME_CHARS} (MAX_NAME_CHARS)",
                scene.name.chars().count()
            ),
        );
    }
}

/// Collects problems, keeping the first [`MAX_REPORTED`] and counting the rest.
#[derive(Default)]
struct Problems {
    list: Vec<Problem>,
    dropped: usize,
}

impl Problems {
    fn push(&mut self, item: &Item, field: &str, message: String) {
        if self.list.len() < MAX_REPORTED {
            self.list.push(Problem {
                item: item.clone(),
                field: field.to_owned(),
                message,
            });
        } else {
            self.dropped += 1;
        }
    }

    /// Problems found so far, listed or not.
    fn count(&self) -> usize {
        self.list.len() + self.dropped
    }

    fn finish(mut self) -> Vec<Problem> {
        if self.dropped > 0 {
            self.list.push(Problem {
                item: Item::Scene,
                field: String::new(),
                message: format!(
                    "{} more {}, not listed (the first {MAX_REPORTED} are)",
                    self.dropped,
                    if self.dropped == 1 {
                        "problem"
                    } else {
                        "problems"
                    }
                ),
            });
        }
        self.list
    }

    /// A finite number, else a problem. Numbers are shown as `{:?}` shows them: exactly,
    /// and in exponent form when huge or tiny (1e39 as an f64 field was printed with all
    /// its 40 digits).
    fn finite(&mut self, item: &Item, field: &str, v: f64) -> bool {
        if v.is_finite() {
            return true;
        }
        self.push(item, field, format!("must be a finite number (got {v:?})"));
        false
    }

    /// A finite f32, else a problem that says, for an infinity, where f32's range ends: a
    /// number written beyond it (1e39) reads as infinity.
    fn finite32(&mut self, item: &Item, field: &str, v: f32) -> bool {
        if v.is_finite() {
            return true;
        }
        let hint = if v.is_infinite() {
            format!(
                "; the largest f32 is ±{:e}, and a number written beyond it reads as {v}",
                f32::MAX
            )
        } else {
            String::new()
        };
        self.push(
            item,
            field,
            format!("must be a finite number (got {v}{hint})"),
        );
        false
    }

    /// Both coordinates finite f32.
    fn finite_vec(&mut self, item: &Item, field: &str, v: Vec2) -> bool {
        let x = self.finite32(item, &format!("{field}.x"), v.x);
        let y = self.finite32(item, &format!("{field}.y"), v.y);
        x && y
    }

    /// A finite number greater than zero.
    fn positive(&mut self, item: &Item, field: &str, v: f64) {
        if self.finite(item, field, v) && v <= 0.0 {
            self.push(item, field, format!("must be greater than 0 (got {v:?})"));
        }
    }

    /// A finite f32 greater than zero.
    fn positive32(&mut self, item: &Item, field: &str, v: f32) {
        if self.finite32(item, field, v) && v <= 0.0 {
            // A zero may be a tiny number written, which f32 rounds to 0; or a 0 typed,
            // which the hint must not contradict.
            let hint = if v == 0.0 {
                format!(
                    "; a number below {:e}, f32's smallest positive value, also reads as 0",
                    f32::from_bits(1)
                )
            } else {
                String::new()
            };
            self.push(
                item,
                field,
                format!("must be greater than 0 (got {v}{hint})"),
            );
        }
    }

    /// A finite number in `[lo, hi]`.
    fn in_range(&mut self, item: &Item, field: &str, v: f64, lo: f64, hi: f64) {
        if self.finite(item, field, v) && !(lo..=hi).contains(&v) {
            self.push(
                item,
                field,
                format!("must be between {lo} and {hi} (got {v:?})"),
            );
        }
    }

    /// An f32 in `[lo, hi]`, with [`Problems::finite32`]'s reason for an infinity.
    fn in_range32(&mut self, item: &Item, field: &str, v: f32, lo: f32, hi: f32) {
        if self.finite32(item, field, v) && !(lo..=hi).contains(&v) {
            self.push(
                item,
                field,
                format!("must be between {lo} and {hi} (got {v})"),
            );
        }
    }
}

fn check_header(scene: &Scene, out: &mut Problems) {
    let item = Item::Scene;
    if scene.version != SCENE_VERSION {
        out.push(
            &item,
            "version",
            format!(
                "must be {SCENE_VERSION} (got {}); this sweepscope reads version {SCENE_VERSION} scene files",
                scene.version
            ),
        );
    }
    out.finite_vec(&item, "view.center", scene.view.center);
    out.positive32(&item, "view.zoom", scene.view.zoom);
    if let Some(e) = scene.view.extent {
        out.positive32(&item, "view.extent.x", e.x);
        out.positive32(&item, "view.extent.y", e.y);
    }
    check_response(&scene.response, out);
}

/// The response settings, as [`validate`] checks them: for the debugger, which refuses an
/// edit the file format would refuse.
pub fn validate_response(response: &ResponseSettings) -> Vec<Problem> {
    let mut out = Problems::default();
    check_response(response, &mut out);
    out.finish()
}

fn check_response(response: &ResponseSettings, out: &mut Problems) {
    let item = Item::Scene;
    out.in_range32(
        &item,
        "response.restitution",
        response.restitution,
        0.0,
        1.0,
    );
    if response.max_bounces > MAX_BOUNCES {
        out.push(
            &item,
            "response.max_bounces",
            format!(
                "must be at most {MAX_BOUNCES} (MAX_BOUNCES) (got {})",
                response.max_bounces
            ),
        );
    }
}

/// Checks every object; returns the index of the first object of each name.
fn check_objects<'a>(objects: &'a [Object], out: &mut Problems) -> HashMap<&'a str, usize> {
    let mut first_index: HashMap<&str, usize> = HashMap::new();
    for (index, object) in objects.iter().enumerate() {
        let item = Item::Object {
            index,
            name: object.name.clone(),
        };
        let length = object.name.chars().count();
        if length > MAX_NAME_CHARS {
            out.push(
                &item,
                "name",
                format!(
                    "is {length} characters long; the limit is {MAX_NAME_CHARS} (MAX_NAME_CHARS)"
                ),
            );
        }
        if object.name.trim().is_empty() {
            out.push(&item, "name", "must not be empty".to_owned());
        } else if let Some(first) = first_index.get(object.name.as_str()) {
            out.push(
                &item,
                "name",
                format!("is already used by object {first}; names must be unique"),
            );
        } else {
            first_index.insert(&object.name, index);
        }
        check_shape(&item, &object.shape, out);
    }
    first_index
}

fn check_shape(item: &Item, shape: &Shape, out: &mut Problems) {
    match *shape {
        Shape::Ball { start, end, radius } | Shape::Circle { start, end, radius } => {
            out.finite_vec(item, "start", start);
            out.finite_vec(item, "end", end);
            out.positive32(item, "radius", radius);
        }
        Shape::Box { min, max } => {
            let ok_min = out.finite_vec(item, "min", min);
            let ok_max = out.finite_vec(item, "max", max);
            if ok_min && ok_max {
                for (axis, lo, hi) in [("x", min.x, max.x), ("y", min.y, max.y)] {
                    if lo > hi {
                        out.push(
                            item,
                            &format!("min.{axis}"),
                            format!("is greater than max.{axis} ({lo} > {hi})"),
                        );
                    }
                }
            }
        }
        Shape::RotatedBox {
            center,
            half_extents,
            angle,
        } => {
            out.finite_vec(item, "center", center);
            if out.finite_vec(item, "half_extents", half_extents) {
                for (axis, v) in [("x", half_extents.x), ("y", half_extents.y)] {
                    if v < 0.0 {
                        out.push(
                            item,
                            &format!("half_extents.{axis}"),
                            format!("must not be negative (got {v})"),
                        );
                    }
                }
            }
            out.finite32(item, "angle", angle);
        }
        Shape::Segment { a, b } => {
            out.finite_vec(item, "a", a);
            out.finite_vec(item, "b", b);
        }
    }
}

fn check_heat_map(h: &HeatMap, out: &mut Problems) {
    let item = Item::Scene;
    let (lo, hi) = (HeatMap::MIN_CELL, HeatMap::MAX_CELL);
    if !(lo..=hi).contains(&h.cell) {
        out.push(
            &item,
            "heat_map.cell",
            format!("must be between {lo} and {hi} pixels (got {})", h.cell),
        );
    }
    if let Some(id) = &h.compare
        && Variant::from_id(id).is_none()
    {
        out.push(&item, "heat_map.compare", unknown_variant(id));
    }
}

/// "`substeps` is not a known variant; did you mean `substep`?", with the known ids.
fn unknown_variant(id: &str) -> String {
    let known: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
    let near = known
        .iter()
        .map(|k| (strsim::levenshtein(&id.to_lowercase(), k), *k))
        .filter(|(d, _)| *d <= 2)
        .min()
        .map_or(String::new(), |(_, k)| format!("; did you mean \"{k}\"?"));
    format!(
        "{} is not a known variant{near} (known: {})",
        quoted(id),
        known.join(", ")
    )
}

fn check_variants(ids: &[String], out: &mut Problems) {
    let mut seen = HashSet::new();
    for (index, id) in ids.iter().enumerate() {
        let item = Item::Variant { index };
        if Variant::from_id(id).is_none() {
            // The entry is the id itself: no field to name.
            out.push(&item, "", unknown_variant(id));
        } else if !seen.insert(id.as_str()) {
            out.push(&item, "", format!("{} is listed twice", quoted(id)));
        }
    }
}

/// The variants' inputs: a sub-step count the debugger and `hunt` would otherwise hold to
/// its range without a word.
fn check_params(scene: &Scene, out: &mut Problems) {
    check_variant_params(&scene.params, out);
}

/// The variants' inputs, as [`validate`] checks them: for the debugger, which refuses an
/// edit the file format would refuse.
pub fn validate_params(params: &Params) -> Vec<Problem> {
    let mut out = Problems::default();
    check_variant_params(params, &mut out);
    out.finish()
}

fn check_variant_params(params: &Params, out: &mut Problems) {
    let n = params.substeps;
    if !(1..=MAX_SUBSTEPS).contains(&n) {
        out.push(
            &Item::Scene,
            "params.substeps",
            format!("must be between 1 and {MAX_SUBSTEPS} (MAX_SUBSTEPS) (got {n})"),
        );
    }
}

/// The feature names a hit on this kind of obstacle can carry.
fn features_for(shape: &Shape) -> &'static [&'static str] {
    match shape {
        Shape::Box { .. } | Shape::RotatedBox { .. } => {
            &["l", "r", "b", "t", "bl", "br", "tl", "tr"]
        }
        Shape::Segment { .. } => &["face+", "face-", "end-a", "end-b"],
        Shape::Circle { .. } => &["circle"],
        Shape::Ball { .. } => &[],
    }
}

/// That `ball` names a ball and `obstacle` an obstacle (an expectation's or a reported
/// answer's pair); returns the obstacle's object when it names one.
fn check_pair_names<'a>(
    scene: &'a Scene,
    names: &HashMap<&str, usize>,
    item: &Item,
    ball: &str,
    obstacle: &str,
    out: &mut Problems,
) -> Option<&'a Object> {
    let object = |name: &str| names.get(name).and_then(|&i| scene.objects.get(i));
    match object(ball) {
        None => out.push(item, "ball", format!("names no object ({})", quoted(ball))),
        Some(o) if !o.shape.is_ball() => out.push(
            item,
            "ball",
            format!("{} is a {}, not a ball", quoted(ball), o.shape.kind()),
        ),
        Some(_) => {}
    }
    let found = object(obstacle);
    match found {
        None => out.push(
            item,
            "obstacle",
            format!("names no object ({})", quoted(obstacle)),
        ),
        Some(o) if o.shape.is_ball() => out.push(
            item,
            "obstacle",
            format!(
                "{} is a ball; balls are the moving queries, obstacles are boxes, segments and circles",
                quoted(obstacle)
            ),
        ),
        Some(_) => {}
    }
    found
}

fn check_expectation(
    scene: &Scene,
    names: &HashMap<&str, usize>,
    index: usize,
    e: &Expectation,
    out: &mut Problems,
) {
    let item = Item::Expectation { index };
    let obstacle = check_pair_names(scene, names, &item, &e.ball, &e.obstacle, out);
    if !e.hit {
        let given = [
            ("time", e.time.is_some()),
            ("feature", e.feature.is_some()),
            ("region", e.region.is_some()),
            ("normal", e.normal.is_some()),
            ("started_inside", e.started_inside.is_some()),
        ];
        for (field, is_given) in given {
            if is_given {
                out.push(&item, field, "is given but `hit` is false".to_owned());
            }
        }
    }
    if let Some(t) = e.time {
        out.in_range32(&item, "time", t, 0.0, 1.0);
    }
    if let Some(name) = &e.feature {
        check_feature_name(&item, name, obstacle.map(|o| &o.shape), out);
    }
    if let Some(name) = &e.region {
        check_region_name(&item, name, obstacle.map(|o| &o.shape), out);
    }
    if let Some(n) = e.normal
        && out.finite_vec(&item, "normal", n)
        && (n.length() - 1.0).abs() > 1e-3
    {
        out.push(
            &item,
            "normal",
            format!("must be a unit vector (length {})", n.length()),
        );
    }
    if out.finite32(&item, "tolerance", e.tolerance) && e.tolerance < 0.0 {
        out.push(
            &item,
            "tolerance",
            format!("must not be negative (got {})", e.tolerance),
        );
    }
}

/// A path expectation: a ball's name, its contacts' obstacle names, times in [0, 1], unit
/// normals, a finite end and tolerance; no more contacts than a path can have.
fn check_path_expectation(
    scene: &Scene,
    names: &HashMap<&str, usize>,
    index: usize,
    e: &PathExpectation,
    out: &mut Problems,
) {
    let item = Item::PathExpectation { index };
    let object = |name: &str| names.get(name).and_then(|&i| scene.objects.get(i));
    match object(&e.ball) {
        None => out.push(
            &item,
            "ball",
            format!("names no object ({})", quoted(&e.ball)),
        ),
        Some(o) if !o.shape.is_ball() => out.push(
            &item,
            "ball",
            format!("{} is a {}, not a ball", quoted(&e.ball), o.shape.kind()),
        ),
        Some(_) => {}
    }
    // A path has at most one contact per response, and one more that stops it.
    let most = scene.response.max_bounces as usize + 1;
    if e.contacts.len() > most {
        out.push(
            &item,
            "contacts",
            format!(
                "lists {} contacts; a path has at most {most} (response.max_bounces + 1)",
                e.contacts.len()
            ),
        );
    }
    for (k, c) in e.contacts.iter().enumerate().take(most) {
        let field = |f: &str| format!("contacts[{k}].{f}");
        match object(&c.obstacle) {
            None => out.push(
                &item,
                &field("obstacle"),
                format!("names no object ({})", quoted(&c.obstacle)),
            ),
            Some(o) if o.shape.is_ball() => out.push(
                &item,
                &field("obstacle"),
                format!("{} is a ball, not an obstacle", quoted(&c.obstacle)),
            ),
            Some(_) => {}
        }
        if let Some(t) = c.time {
            out.in_range32(&item, &field("time"), t, 0.0, 1.0);
        }
        if let Some(n) = c.normal
            && out.finite_vec(&item, &field("normal"), n)
            && (n.length() - 1.0).abs() > 1e-3
        {
            out.push(
                &item,
                &field("normal"),
                format!("must be a unit vector (length {})", n.length()),
            );
        }
    }
    if let Some(end) = e.end {
        out.finite_vec(&item, "end", end);
    }
    if out.finite32(&item, "tolerance", e.tolerance) && e.tolerance < 0.0 {
        out.push(
            &item,
            "tolerance",
            format!("must not be negative (got {})", e.tolerance),
        );
    }
}

fn check_feature_name(item: &Item, name: &str, obstacle: Option<&Shape>, out: &mut Problems) {
    if Feature::from_name(name).is_none() {
        out.push(
            item,
            "feature",
            format!(
                "{} is not a feature name; use one of l r b t bl br tl tr face+ face- end-a end-b circle",
                quoted(name)
            ),
        );
        return;
    }
    if let Some(shape) = obstacle.filter(|s| !s.is_ball()) {
        let allowed = features_for(shape);
        if !allowed.contains(&name) {
            out.push(
                item,
                "feature",
                format!(
                    "{} cannot occur on a {}; use one of {}",
                    quoted(name),
                    shape.kind(),
                    allowed.join(" ")
                ),
            );
        }
    }
}

fn check_region_name(item: &Item, name: &str, obstacle: Option<&Shape>, out: &mut Problems) {
    if Region::from_name(name).is_none() {
        out.push(
            item,
            "region",
            format!(
                "{} is not a region name; use one of l r b t bl br tl tr inside",
                quoted(name)
            ),
        );
        return;
    }
    if let Some(shape @ (Shape::Segment { .. } | Shape::Circle { .. })) = obstacle {
        out.push(
            item,
            "region",
            format!("regions exist only for boxes, not for a {}", shape.kind()),
        );
    }
}

fn check_simulation(scene: &Scene, sim: &Simulation, out: &mut Problems) {
    let before = out.count();
    let item = Item::Simulation;
    let b = sim.bounds;
    let ok_min = out.finite_vec(&item, "bounds.min", b.min);
    let ok_max = out.finite_vec(&item, "bounds.max", b.max);
    let bounds_ok = ok_min && ok_max && {
        let mut ok = true;
        for (axis, lo, hi) in [("x", b.min.x, b.max.x), ("y", b.min.y, b.max.y)] {
            if lo >= hi {
                out.push(
                    &item,
                    &format!("bounds.min.{axis}"),
                    format!("must be less than bounds.max.{axis} ({lo} >= {hi})"),
                );
                ok = false;
            }
        }
        ok
    };
    out.in_range(&item, "restitution", sim.restitution, 0.0, 1.0);
    if out.finite(&item, "duration", sim.duration) && sim.duration < 0.0 {
        out.push(
            &item,
            "duration",
            format!("must not be negative (got {})", sim.duration),
        );
    }
    if sim.discs.len() > MAX_SIM_DISCS {
        out.push(
            &item,
            "discs",
            format!(
                "has {} discs; the limit is {MAX_SIM_DISCS} (MAX_SIM_DISCS)",
                sim.discs.len()
            ),
        );
        return;
    }
    let mut good = Vec::with_capacity(sim.discs.len());
    for (index, disc) in sim.discs.iter().enumerate() {
        if check_disc(index, disc, bounds_ok.then_some(&sim.bounds), out) && bounds_ok {
            good.push(index);
        }
    }
    check_disc_overlaps(&sim.discs, &good, out);
    // What is left is what only the engine knows (energy beyond f64, grid memory): ask it,
    // so that a scene `check` accepts is one `sim` can run.
    if out.count() == before
        && let Err(e) = super::simulation::engine_accepts(scene, sim)
    {
        match e {
            SimError::Disc {
                index,
                field,
                reason,
            } => {
                out.push(&Item::Disc { index }, field, reason.to_owned());
            }
            other => out.push(&item, "discs", other.to_string()),
        }
    }
    check_solid_overlaps(scene, sim, out);
}

/// Reports discs that overlap a static obstacle at the start: the engine would give them a
/// time-0 collision and let them travel through the obstacle's inside.
fn check_solid_overlaps(scene: &Scene, sim: &Simulation, out: &mut Problems) {
    let found = super::simulation::solid_overlaps(scene, sim, TOUCH_TOLERANCE, OVERLAPS_SOUGHT + 1);
    // Inputs the engine refuses have been reported above, each by its own field.
    let Ok(found) = found else { return };
    for &(disc, object) in found.iter().take(OVERLAPS_SOUGHT) {
        let name = scene.objects.get(object).map_or("", |o| o.name.as_str());
        out.push(
            &Item::Disc { index: disc },
            "position",
            format!("overlaps obstacle {name:?} (object {object}) at the start"),
        );
    }
    if found.len() > OVERLAPS_SOUGHT {
        out.push(
            &Item::Simulation,
            "discs",
            format!(
                "more than {OVERLAPS_SOUGHT} discs overlap an obstacle; the search stopped there"
            ),
        );
    }
}

/// Checks one disc's own values; true when it is usable for the overlap test.
fn check_disc(
    index: usize,
    d: &Disc,
    bounds: Option<&crate::geom::Aabb>,
    out: &mut Problems,
) -> bool {
    let item = Item::Disc { index };
    let px = out.finite(&item, "position[0]", d.position[0]);
    let py = out.finite(&item, "position[1]", d.position[1]);
    let vx = out.finite(&item, "velocity[0]", d.velocity[0]);
    let vy = out.finite(&item, "velocity[1]", d.velocity[1]);
    let speed = d.velocity[0].hypot(d.velocity[1]);
    if vx && vy && speed > MAX_SPEED {
        out.push(
            &item,
            "velocity",
            format!("has speed {speed:e}; the limit is {MAX_SPEED:e} (MAX_SPEED)"),
        );
    }
    let r_ok = out.finite(&item, "radius", d.radius) && d.radius > 0.0;
    if d.radius.is_finite() && d.radius <= 0.0 {
        out.push(
            &item,
            "radius",
            format!("must be greater than 0 (got {})", d.radius),
        );
    }
    if let Some(m) = d.mass {
        out.positive(&item, "mass", m);
    }
    if !(px && py && r_ok) {
        return false;
    }
    if let Some(b) = bounds {
        let [x, y] = d.position;
        let r = d.radius;
        let inside = x - r >= f64::from(b.min.x)
            && x + r <= f64::from(b.max.x)
            && y - r >= f64::from(b.min.y)
            && y + r <= f64::from(b.max.y);
        if !inside {
            out.push(
                &item,
                "position",
                format!(
                    "puts the disc (radius {}) outside the simulation bounds",
                    super::number::fixed_f64(r)
                ),
            );
        }
    }
    true
}

/// Overlaps smaller than this fraction of the sum of the radii count as touching.
pub(crate) const TOUCH_TOLERANCE: f64 = 1e-6;

/// Reports pairs of discs that overlap at the start (touching is allowed), in time about
/// linear in the number of discs whatever their sizes and layout.
///
/// Each disc is filed by size class (the binary exponent of its radius) in a grid of that
/// class whose cells are a power of two at least one diameter of the class wide; a disc
/// looks for partners of its own or a larger class in the 3 × 3 cells around its centre in
/// that class's grid. Non-overlapping discs of a class are at most a few dozen per 3 × 3
/// cells, and the search stops once the report is full, so neither a column of discs nor
/// a pile of identical ones costs more than that.
fn check_disc_overlaps(discs: &[Disc], good: &[usize], out: &mut Problems) {
    let class = |i: usize| (discs[i].radius.to_bits() >> 52) as u16 & 0x7ff;
    let mut grid: HashMap<(u16, u64, u64), Vec<usize>> = HashMap::new();
    let mut classes: Vec<u16> = Vec::new();
    for &i in good {
        let c = class(i);
        let side = cell_side(c);
        let [x, y] = discs[i].position;
        grid.entry((c, cell_key(x, side), cell_key(y, side)))
            .or_default()
            .push(i);
        classes.push(c);
    }
    classes.sort_unstable();
    classes.dedup();
    let mut found: Vec<(usize, usize)> = Vec::new();
    'discs: for &i in good {
        let a = &discs[i];
        let [x, y] = a.position;
        let own = class(i);
        for &c in classes.iter().filter(|&&c| c >= own) {
            let side = cell_side(c);
            let (kx, ky) = (cell_floor(x, side), cell_floor(y, side));
            let mut xs = [kx - side, kx, kx + side];
            let mut ys = [ky - side, ky, ky + side];
            for v in [&mut xs, &mut ys] {
                v.iter_mut().for_each(|k| *k += 0.0);
            }
            for (n, &cx) in xs.iter().enumerate() {
                if xs[..n].contains(&cx) {
                    continue;
                }
                for (m, &cy) in ys.iter().enumerate() {
                    if ys[..m].contains(&cy) {
                        continue;
                    }
                    let Some(list) = grid.get(&(c, cx.to_bits(), cy.to_bits())) else {
                        continue;
                    };
                    for &j in list {
                        // Each pair once: from the smaller class, or the smaller index.
                        if j == i || (c == own && j < i) {
                            continue;
                        }
                        let b = &discs[j];
                        let dx = a.position[0] - b.position[0];
                        let dy = a.position[1] - b.position[1];
                        // Racks of "exactly touching" discs are written with rounded decimals
                        // (2√3 as 3.464101615), which overlap by ~1e-10; only a real overlap
                        // is an error.
                        // The slack is of the smaller radius: of the sum, a disc of radius
                        // 1e-6 could sit 500 of its radii deep inside one of radius 1000.
                        let slack = a.radius.min(b.radius) * TOUCH_TOLERANCE;
                        let reach = a.radius + b.radius - slack;
                        if dx * dx + dy * dy < reach * reach {
                            found.push((i.max(j), i.min(j)));
                            if found.len() > OVERLAPS_SOUGHT {
                                break 'discs;
                            }
                        }
                    }
                }
            }
        }
    }
    let more = found.len() > OVERLAPS_SOUGHT;
    found.sort_unstable();
    for &(second, first) in found.iter().take(OVERLAPS_SOUGHT) {
        out.push(
            &Item::Disc { index: second },
            "position",
            format!("overlaps disc {first} at the start"),
        );
    }
    if more {
        out.push(
            &Item::Simulation,
            "discs",
            format!("more than {OVERLAPS_SOUGHT} pairs of discs overlap; the search stopped there"),
        );
    }
}

/// Overlapping pairs looked for before the search stops (the report lists no more).
const OVERLAPS_SOUGHT: usize = MAX_REPORTED;

/// The cell side for discs whose radius has the biased binary exponent `class`: a power of
/// two above every diameter of the class (radii below `2^(class − 1022)`). Finite for
/// every radius inside `f32` bounds.
fn cell_side(class: u16) -> f64 {
    f64::from_bits(u64::from(class.max(1) + 2).min(2046) << 52)
}

/// The largest multiple of the power of two `side` at or below `x`, exactly: `x` itself
/// once `x / side` has no fraction bits left.
fn cell_floor(x: f64, side: f64) -> f64 {
    let q = x / side;
    if q.abs() < 4_503_599_627_370_496.0 {
        q.floor() * side + 0.0
    } else {
        x + 0.0
    }
}

fn cell_key(x: f64, side: f64) -> u64 {
    cell_floor(x, side).to_bits()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::model::{Expectation, Object};

    /// User test: a bug report from the simulation view of 300 inelastic discs wrote a
    /// `scene.ron` that did not load ("puts the disc outside the simulation bounds"):
    /// discs resting on the floor were 2.5e-14 into it in the engine's state. The state
    /// on screen is written held inside the bounds, and loads.
    #[test]
    fn the_state_on_screen_as_a_set_up_is_valid() {
        let b = crate::geom::Aabb::new(Vec2::ZERO, Vec2::new(80.0, 50.0));
        let discs = crate::sim::random_discs(300, 0.3, 1, b).unwrap_or_else(|e| panic!("{e}"));
        let mut w = crate::sim::World::new(b, &discs, &[]).unwrap_or_else(|e| panic!("{e}"));
        w.set_restitution(0.0).unwrap_or_else(|e| panic!("{e}"));
        w.set_max_events(5_000_000);
        let mut outside = 0;
        for _ in 0..20 {
            w.advance(1.0);
            let (min, max) = w.bounds();
            outside += w
                .discs()
                .filter(|d| {
                    let r = glam::DVec2::splat(d.radius);
                    (d.position - r).cmplt(min).any() || (d.position + r).cmpgt(max).any()
                })
                .count();
            let mut scene = Scene::empty("state");
            scene.simulation = Some(Simulation::from_world(&w, 10.0));
            let problems = validate(&scene);
            assert!(problems.is_empty(), "t = {}: {problems:?}", w.time());
        }
        // The engine's state did put discs past the walls by rounding on the way.
        assert!(outside > 0);
    }

    fn ball(name: &str, radius: f32) -> Object {
        Object {
            name: name.to_owned(),
            shape: Shape::Ball {
                start: Vec2::ZERO,
                end: Vec2::X,
                radius,
            },
        }
    }

    fn boxed(name: &str, min: Vec2, max: Vec2) -> Object {
        Object {
            name: name.to_owned(),
            shape: Shape::Box { min, max },
        }
    }

    fn expectation(ball: &str, obstacle: &str) -> Expectation {
        Expectation {
            ball: ball.to_owned(),
            obstacle: obstacle.to_owned(),
            hit: true,
            time: None,
            feature: None,
            region: None,
            normal: None,
            started_inside: None,
            tolerance: 1e-4,
        }
    }

    #[test]
    fn a_clean_scene_has_no_problems() {
        let mut s = Scene::empty("ok");
        s.objects = vec![ball("b", 1.0), boxed("w", Vec2::ZERO, Vec2::ONE)];
        s.expect = vec![expectation("b", "w")];
        assert_eq!(validate(&s), vec![]);
    }

    /// Hostile test: 1,000 balls bouncing 10,000 times between two walls (84 KB of scene,
    /// 2 × 10⁷ queries, within MAX_QUERIES) took the debugger past 10 GB and made
    /// `check --json` write gigabytes. What the paths may record is bounded.
    #[test]
    fn paths_that_may_record_too_many_contacts_are_refused() {
        let with = |balls: usize, bounces: u32| {
            let mut s = Scene::empty("bounces");
            s.objects = (0..balls).map(|i| ball(&format!("b{i}"), 1.0)).collect();
            s.objects
                .push(boxed("w", Vec2::new(5.0, 0.0), Vec2::new(6.0, 1.0)));
            s.response.max_bounces = bounces;
            validate(&s)
        };
        let refused = with(1000, 10_000);
        assert!(
            refused.iter().any(|p| p.field == "response.max_bounces"
                && p.message
                    .contains("1000 balls × (max_bounces 10000 + 1) = 10001000")
                && p.message.contains("MAX_PATH_CONTACTS")),
            "{refused:?}"
        );
        assert_eq!(with(99, 10_000), vec![]);
        assert!(!with(100, 10_000).is_empty());
        // The object limit's worth of balls at the default bounces stays valid.
        assert!(
            path_contacts(&{
                let mut s = Scene::empty("many");
                s.objects = (0..MAX_OBJECTS)
                    .map(|i| ball(&format!("b{i}"), 1.0))
                    .collect();
                s
            }) <= MAX_PATH_CONTACTS
        );
    }

    #[test]
    fn every_problem_is_reported_with_item_and_field() {
        let mut s = Scene::empty("bad");
        s.version = 2;
        s.objects = vec![
            ball("b", -1.0),
            boxed("b", Vec2::new(3.0, 0.0), Vec2::new(1.0, f32::NAN)),
        ];
        let problems = validate(&s);
        let fields: Vec<(String, &str)> = problems
            .iter()
            .map(|p| (p.item.to_string(), p.field.as_str()))
            .collect();
        assert_eq!(
            fields,
            vec![
                ("scene".to_owned(), "version"),
                ("object 0 \"b\"".to_owned(), "radius"),
                ("object 1 \"b\"".to_owned(), "name"),
                ("object 1 \"b\"".to_owned(), "max.y"),
            ]
        );
    }

    #[test]
    fn expectations_must_name_the_right_kinds() {
        let mut s = Scene::empty("kinds");
        s.objects = vec![ball("b", 1.0), boxed("w", Vec2::ZERO, Vec2::ONE)];
        let mut wrong_feature = expectation("b", "w");
        wrong_feature.feature = Some("face+".to_owned());
        s.expect = vec![
            expectation("w", "b"),
            expectation("nobody", "w"),
            wrong_feature,
        ];
        let messages: Vec<String> = validate(&s).iter().map(|p| p.to_string()).collect();
        assert_eq!(messages.len(), 4, "{messages:#?}");
        assert!(messages[0].contains("\"w\" is a box, not a ball"));
        assert!(messages[1].contains("\"b\" is a ball"));
        assert!(messages[2].starts_with("expect[1]: `ball` names no object"));
        assert!(messages[3].contains("\"face+\" cannot occur on a box"));
    }

    #[test]
    fn overlapping_discs_are_found_but_touching_ones_are_fine() {
        let mut s = Scene::empty("sim");
        let disc = |x: f64| Disc {
            position: [x, 5.0],
            velocity: [0.0, 0.0],
            radius: 1.0,
            mass: None,
        };
        s.simulation = Some(Simulation {
            bounds: crate::geom::Aabb::new(Vec2::ZERO, Vec2::splat(10.0)),
            // 0 and 1 touch up to decimal rounding, 1 and 2 overlap, 3 pokes out.
            discs: vec![disc(2.0), disc(3.999_999_999_9), disc(5.5), disc(9.5)],
            restitution: 1.0,
            duration: 1.0,
        });
        let got: Vec<String> = validate(&s).iter().map(|p| p.to_string()).collect();
        assert_eq!(
            got,
            vec![
                "simulation disc 3: `position` puts the disc (radius 1) outside the simulation bounds"
                    .to_owned(),
                "simulation disc 2: `position` overlaps disc 1 at the start".to_owned(),
            ]
        );
        // Hostile test: a radius of 1e38 was printed with all 39 digits.
        if let Some(sim) = &mut s.simulation {
            sim.discs = vec![Disc {
                radius: 1e38,
                ..disc(5.0)
            }];
        }
        let got: Vec<String> = validate(&s).iter().map(|p| p.to_string()).collect();
        assert!(got[0].contains("(radius 1e38) outside"), "{got:?}");
    }

    /// Robustness attack: a disc of radius 1e-6 sitting 500 of its radii deep inside one of
    /// radius 1000 passed, the touching slack being a millionth of the radii's sum.
    #[test]
    fn a_small_disc_buried_in_a_large_one_is_an_overlap() {
        let mut s = Scene::empty("sim");
        let disc = |x: f64, radius: f64| Disc {
            position: [x, 1500.0],
            velocity: [0.0, 0.0],
            radius,
            mass: None,
        };
        s.simulation = Some(Simulation {
            bounds: crate::geom::Aabb::new(Vec2::ZERO, Vec2::splat(3000.0)),
            discs: vec![disc(1500.0, 1000.0), disc(2499.9995, 1e-6)],
            restitution: 1.0,
            duration: 1.0,
        });
        let got: Vec<String> = validate(&s).iter().map(|p| p.to_string()).collect();
        assert_eq!(
            got,
            vec!["simulation disc 1: `position` overlaps disc 0 at the start".to_owned()]
        );
        // Touching to within decimal rounding of the small one is still fine.
        if let Some(sim) = &mut s.simulation {
            sim.discs[1].position[0] = 2_500.000_001;
        }
        assert!(validate(&s).is_empty(), "{:?}", validate(&s));
    }

    /// Robustness attack: a disc of radius 1e-170 with no mass was told "`velocity` mass
    /// must be finite and positive": its default mass r² underflowed, and every engine
    /// error about a disc was filed under `velocity`.
    #[test]
    fn a_default_mass_that_underflows_is_blamed_on_the_radius() {
        let mut s = Scene::empty("sim");
        s.simulation = Some(Simulation {
            bounds: crate::geom::Aabb::new(Vec2::ZERO, Vec2::splat(10.0)),
            discs: vec![Disc {
                position: [5.0, 5.0],
                velocity: [1.0, 0.0],
                radius: 1e-170,
                mass: None,
            }],
            restitution: 1.0,
            duration: 1.0,
        });
        let got: Vec<String> = validate(&s).iter().map(|p| p.to_string()).collect();
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(
            got[0].starts_with("simulation disc 0: `radius` its default mass, the radius squared"),
            "{got:?}"
        );
    }

    /// A radius of 0 typed into the debugger was told "got 0; f32 reads any number below
    /// 1e-45 ... as 0", as if the user had written a tiny number. The hint now sits beside
    /// the 0 without contradicting it.
    #[test]
    fn a_zero_radius_is_not_blamed_on_rounding() {
        use crate::scene::model::{Object, Shape};
        let object = Object {
            name: "b".to_owned(),
            shape: Shape::Ball {
                start: Vec2::ZERO,
                end: Vec2::ONE,
                radius: 0.0,
            },
        };
        let got: Vec<String> = validate_shape(0, &object)
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(got[0].contains("must be greater than 0 (got 0;"), "{got:?}");
        assert!(got[0].contains("also reads as 0"), "{got:?}");
        assert!(!got[0].contains("reads any number"), "{got:?}");
    }

    /// `radius: 1e39` was reported as "must be a finite number (got inf)" and `1e-46` as
    /// "must be greater than 0 (got 0)", naming neither f32's range nor the rounding.
    #[test]
    fn a_number_beyond_f32_or_below_its_smallest_is_explained() {
        use crate::scene::model::{Object, Shape};
        let object = Object {
            name: "b".to_owned(),
            shape: Shape::Ball {
                start: Vec2::ZERO,
                end: Vec2::new(1.0, "1e39".parse().expect("a number")),
                radius: "1e-46".parse().expect("a number"),
            },
        };
        let got: Vec<String> = validate_shape(0, &object)
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(
            got[0].contains("`end.y`") && got[0].contains("3.4028235e38"),
            "{got:?}"
        );
        assert!(
            got[1].contains("`radius`") && got[1].contains("smallest positive value"),
            "{got:?}"
        );
    }

    /// `params: (substeps: 0)` and `4000000000` passed `check` without a word, and were
    /// held to 1..=100,000 when the sub-stepping approach ran.
    #[test]
    fn a_substep_count_out_of_range_is_refused() {
        for (n, ok) in [
            (0, false),
            (1, true),
            (MAX_SUBSTEPS, true),
            (MAX_SUBSTEPS + 1, false),
        ] {
            let mut s = Scene::empty("t");
            s.params.substeps = n;
            let got: Vec<String> = validate(&s).iter().map(|p| p.to_string()).collect();
            assert_eq!(got.is_empty(), ok, "{n}: {got:?}");
            assert!(got.iter().all(|p| p.contains("params.substeps")), "{got:?}");
        }
    }

    /// `start: (NaN, 0)` was told "a number written beyond it reads as NaN"; an f32
    /// restitution, time or tolerance of 1e39 got no word of f32's range; a simulation's
    /// restitution of 1e39 (an f64) was printed with all its 40 digits.
    #[test]
    fn only_an_infinity_is_explained_by_f32_s_range_and_f64s_print_short() {
        let mut s = Scene::empty("t");
        s.view.center = Vec2::new(f32::NAN, 0.0);
        s.response.restitution = f32::INFINITY;
        let got: Vec<String> = validate(&s).iter().map(|p| p.to_string()).collect();
        let find = |field: &str| {
            got.iter()
                .find(|p| p.contains(field))
                .unwrap_or_else(|| panic!("{field}: {got:?}"))
                .clone()
        };
        assert!(find("view.center.x").ends_with("(got NaN)"), "{got:?}");
        assert!(
            find("response.restitution").contains("largest f32"),
            "{got:?}"
        );
        s = Scene::empty("t");
        s.simulation = Some(Simulation {
            bounds: crate::geom::Aabb::new(Vec2::ZERO, Vec2::splat(10.0)),
            discs: vec![],
            restitution: 1e39,
            duration: 1.0,
        });
        let got: Vec<String> = validate(&s).iter().map(|p| p.to_string()).collect();
        assert!(got.iter().any(|p| p.ends_with("(got 1e39)")), "{got:?}");
    }

    /// A disc placed inside a static box was accepted: the engine gave it a collision at
    /// t = 0 and it then travelled through the box's inside.
    #[test]
    fn a_disc_inside_or_across_an_obstacle_is_refused_but_touching_is_fine() {
        use crate::scene::model::{Object, Shape};
        let mut s = Scene::empty("sim");
        s.objects = vec![
            Object {
                name: "block".to_owned(),
                shape: Shape::Box {
                    min: Vec2::new(10.0, 10.0),
                    max: Vec2::new(20.0, 20.0),
                },
            },
            Object {
                name: "rail".to_owned(),
                shape: Shape::Segment {
                    a: Vec2::new(30.0, 5.0),
                    b: Vec2::new(30.0, 35.0),
                },
            },
        ];
        let disc = |x: f64, y: f64| Disc {
            position: [x, y],
            velocity: [1.0, 0.0],
            radius: 1.0,
            mass: None,
        };
        s.simulation = Some(Simulation {
            bounds: crate::geom::Aabb::new(Vec2::ZERO, Vec2::splat(40.0)),
            // Inside the block, clear, across the rail, touching the rail, touching the
            // block, overlapping the block's corner.
            discs: vec![
                disc(15.0, 15.0),
                disc(5.0, 5.0),
                disc(30.5, 10.0),
                disc(31.0, 20.0),
                disc(9.0, 15.0),
                disc(20.5, 20.5),
            ],
            restitution: 1.0,
            duration: 1.0,
        });
        let got: Vec<String> = validate(&s).iter().map(|p| p.to_string()).collect();
        let over = |disc: usize, name: &str, object: usize| {
            format!(
                "simulation disc {disc}: `position` overlaps obstacle \"{name}\" (object {object}) at the start"
            )
        };
        assert_eq!(
            got,
            vec![over(0, "block", 0), over(2, "rail", 1), over(5, "block", 0)]
        );
    }

    /// The grid search finds exactly the overlapping pairs a brute-force scan finds, for
    /// radii spread over many size classes and layouts with columns and piles.
    #[test]
    fn overlap_search_agrees_with_brute_force() {
        let mut rng = crate::sim::SplitMix64::new(24);
        for round in 0..40 {
            let n = 2 + rng.below(60);
            let discs: Vec<Disc> = (0..n)
                .map(|k| {
                    let r = 10f64.powf(rng.range(-6.0, 1.0));
                    // Every fourth disc in one column, some on the same spot.
                    let x = if k % 4 == 0 {
                        50.0
                    } else {
                        rng.range(0.0, 100.0)
                    };
                    let y = if k % 7 == 0 {
                        50.0
                    } else {
                        rng.range(0.0, 100.0)
                    };
                    Disc {
                        position: [x, y],
                        velocity: [0.0, 0.0],
                        radius: r,
                        mass: None,
                    }
                })
                .collect();
            let good: Vec<usize> = (0..n).collect();
            let mut out = Problems::default();
            check_disc_overlaps(&discs, &good, &mut out);
            let mut got: Vec<String> = out.finish().iter().map(|p| p.to_string()).collect();
            let mut want = Vec::new();
            for j in 0..n {
                for i in 0..j {
                    let (a, b) = (&discs[i], &discs[j]);
                    let dx = a.position[0] - b.position[0];
                    let dy = a.position[1] - b.position[1];
                    let reach = (a.radius + b.radius) * (1.0 - TOUCH_TOLERANCE);
                    if dx * dx + dy * dy < reach * reach {
                        want.push(format!(
                            "simulation disc {j}: `position` overlaps disc {i} at the start"
                        ));
                    }
                }
            }
            got.sort();
            want.sort();
            want.truncate(OVERLAPS_SOUGHT);
            assert_eq!(got, want, "round {round}");
        }
    }
}
