//! The text of a saved scene, laid out for people and for diffs: one top-level field per
//! line, one object, expectation or disc per line, in the model's field order, text fields
//! (the notes above all) written with their line breaks and without needless escapes.
//!
//! Invariants: parsing the text gives back the scene it was written from, and writing that
//! again gives the same text (saving is a fixed point). Every field of [`Scene`] and
//! [`Simulation`] is named in a destructuring below, so a field added to the model does not
//! compile until it is written here too.

use std::fmt::Write;

use ron::extensions::Extensions;
use ron::ser::PrettyConfig;
use serde::Serialize;

use super::model::{HeatMap, Layers, ResponseSettings, Scene, Simulation, View};
use crate::variants::Params;

const INDENT: &str = "    ";

/// A value whose one-line form is longer than this is laid out one field per line (the
/// layers' switches), unless it is an element of a list (always one line).
const LINE: usize = 100;

/// The scene as the text of a `.ron` file.
pub fn write_scene(scene: &Scene) -> String {
    let Scene {
        version,
        name,
        description,
        notes,
        objects,
        view,
        response,
        layers,
        heat_map,
        variants,
        params,
        expect,
        reported,
        simulation,
    } = scene;
    // Fields at their defaults are left out (the loader fills them in), so a file says
    // only what its scene sets; `version` and `objects` are always written.
    let mut out = String::from("(\n");
    field(&mut out, 1, "version", version);
    if !name.is_empty() {
        field(&mut out, 1, "name", name);
    }
    if !description.is_empty() {
        field(&mut out, 1, "description", description);
    }
    if !notes.is_empty() {
        field(&mut out, 1, "notes", notes);
    }
    list(&mut out, 1, "objects", objects);
    if *view != View::default() {
        field(&mut out, 1, "view", view);
    }
    if *response != ResponseSettings::default() {
        field(&mut out, 1, "response", response);
    }
    if *layers != Layers::default() {
        field(&mut out, 1, "layers", layers);
    }
    if !HeatMap::is_default(heat_map) {
        field(&mut out, 1, "heat_map", heat_map);
    }
    if !variants.is_empty() {
        field(&mut out, 1, "variants", variants);
    }
    if !Params::is_default(params) {
        field(&mut out, 1, "params", params);
    }
    if !expect.is_empty() {
        list(&mut out, 1, "expect", expect);
    }
    if !reported.is_empty() {
        list(&mut out, 1, "reported", reported);
    }
    if let Some(sim) = simulation {
        simulation_block(&mut out, sim);
    }
    out.push_str(")\n");
    out
}

fn simulation_block(out: &mut String, sim: &Simulation) {
    let Simulation {
        bounds,
        discs,
        restitution,
        duration,
    } = sim;
    let _ = writeln!(out, "{INDENT}simulation: (");
    field(out, 2, "bounds", bounds);
    list(out, 2, "discs", discs);
    field(out, 2, "restitution", restitution);
    field(out, 2, "duration", duration);
    let _ = writeln!(out, "{INDENT}),");
}

/// `name: value,` at `depth`; a long value is spread one field per line.
fn field(out: &mut String, depth: usize, name: &str, value: &impl Serialize) {
    let pad = INDENT.repeat(depth);
    let one_line = inline(value);
    let text = if one_line.len() > LINE && !one_line.contains('\n') {
        spread(value, &pad)
    } else {
        one_line
    };
    let _ = writeln!(out, "{pad}{name}: {text},");
}

/// `name: [` then one element per line, then `],`.
fn list<T: Serialize>(out: &mut String, depth: usize, name: &str, items: &[T]) {
    let pad = INDENT.repeat(depth);
    if items.is_empty() {
        let _ = writeln!(out, "{pad}{name}: [],");
        return;
    }
    let _ = writeln!(out, "{pad}{name}: [");
    for item in items {
        let _ = writeln!(out, "{pad}{INDENT}{},", inline(item));
    }
    let _ = writeln!(out, "{pad}],");
}

/// The value on one line: `(name: "ball", shape: Ball(start: (0.0, 0.0), ...))`. Strings
/// keep their characters (an apostrophe stays one, a line break stays a line break); one
/// holding a quote or a backslash becomes a raw string. Options are written without
/// `Some(...)`, which the loader accepts (`implicit_some`).
fn inline(value: &impl Serialize) -> String {
    render(value, PrettyConfig::new().depth_limit(0))
}

/// The value with each of its own fields on a line, indented under `pad`.
fn spread(value: &impl Serialize, pad: &str) -> String {
    let text = render(value, PrettyConfig::new().depth_limit(1));
    text.replace('\n', &format!("\n{pad}"))
}

fn render(value: &impl Serialize, config: PrettyConfig) -> String {
    let config = config
        .struct_names(false)
        .separate_tuple_members(false)
        .escape_strings(false)
        .indentor(INDENT);
    ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME)
        .to_string_pretty(value, config)
        // The model serialises into plain RON; there is no value it could refuse.
        .unwrap_or_default()
}

/// Whether RON text holds a `//` or `/* */` comment (outside strings), which saving the
/// scene over it would drop.
pub fn has_comments(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '/' if matches!(chars.get(i + 1), Some('/' | '*')) => return true,
            '"' => i = skip_string(&chars, i + 1),
            'r' if starts_raw_string(&chars, i) => i = skip_raw_string(&chars, i + 1),
            '\'' => i = skip_char(&chars, i + 1),
            _ => i += 1,
        }
    }
    false
}

/// The index after the string whose body starts at `i` (escapes skipped).
fn skip_string(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// `r"`, `r#"`, `br"` ... not preceded by the rest of an identifier.
fn starts_raw_string(chars: &[char], i: usize) -> bool {
    let before = i.checked_sub(1).map(|j| chars[j]);
    let ident_before = before.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let byte_prefix = before == Some('b') && (i < 2 || !chars[i - 2].is_alphanumeric());
    if ident_before && !byte_prefix {
        return false;
    }
    let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
    chars.get(i + 1 + hashes) == Some(&'"')
}

/// The index after the raw string whose hashes start at `i`.
fn skip_raw_string(chars: &[char], i: usize) -> usize {
    let hashes = chars[i..].iter().take_while(|c| **c == '#').count();
    let mut j = i + hashes + 1;
    while j < chars.len() {
        if chars[j] == '"' && chars[j + 1..].iter().take_while(|c| **c == '#').count() >= hashes {
            return j + 1 + hashes;
        }
        j += 1;
    }
    j
}

/// The index after a char literal whose body starts at `i`; a lone apostrophe (never
/// closed within a few characters) is skipped as itself.
fn skip_char(chars: &[char], i: usize) -> usize {
    let body = if chars.get(i) == Some(&'\\') { 2 } else { 1 };
    if chars.get(i + body) == Some(&'\'') {
        i + body + 1
    } else {
        i
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{Disc, Object, Shape, parse_scene};
    use glam::Vec2;

    fn scene() -> Scene {
        let mut s = Scene::empty("the box's corner");
        s.notes = "Hand computation:\n  t = (50 - 34) / 40 = 0.4 \"exactly\"".to_owned();
        s.objects.push(Object {
            name: "ball".into(),
            shape: Shape::Ball {
                start: Vec2::new(-3.0, 50.0),
                end: Vec2::new(-3.0, 10.0),
                radius: 5.0,
            },
        });
        s.simulation = Some(Simulation {
            bounds: crate::geom::Aabb::new(Vec2::ZERO, Vec2::new(10.0, 10.0)),
            discs: (0..3)
                .map(|i| Disc {
                    position: [1.0 + 2.0 * f64::from(i), 1.0],
                    velocity: [0.5, 0.0],
                    radius: 0.5,
                    mass: None,
                })
                .collect(),
            restitution: 1.0,
            duration: 10.0,
        });
        s
    }

    #[test]
    fn one_disc_per_line_and_no_needless_escapes() {
        let text = write_scene(&scene());
        assert!(text.contains("name: \"the box's corner\","), "{text}");
        assert!(!text.contains("\\'"), "{text}");
        let disc_lines = text
            .lines()
            .filter(|l| l.trim_start().starts_with("(position:"))
            .count();
        assert_eq!(disc_lines, 3, "{text}");
        // The notes keep their line break; the quote makes them a raw string.
        assert!(
            text.contains("notes: r#\"Hand computation:\n  t = (50 - 34)"),
            "{text}"
        );
        assert!(text.contains("simulation: (\n"), "{text}");
        assert!(
            text.contains(
                "        (name: \"ball\", shape: Ball(start: (-3.0, 50.0), end: (-3.0, 10.0), radius: 5.0)),"
            ),
            "{text}"
        );
    }

    #[test]
    fn writing_round_trips_and_is_a_fixed_point() {
        let s = scene();
        let text = write_scene(&s);
        let back = parse_scene(&text, "t.ron").unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, s);
        assert_eq!(write_scene(&back), text);
    }

    #[test]
    fn long_settings_spread_one_field_per_line() {
        let mut s = scene();
        s.layers.broad_phase = true;
        s.view.zoom = 7.0;
        let text = write_scene(&s);
        assert!(
            text.contains("    layers: (\n        grid: true,\n"),
            "{text}"
        );
        assert!(
            text.contains("    view: (center: (0.0, 0.0), zoom: 7.0),"),
            "{text}"
        );
        // Settings at their defaults are left out.
        let plain = write_scene(&scene());
        assert!(
            !plain.contains("layers:") && !plain.contains("view:"),
            "{plain}"
        );
    }

    #[test]
    fn comments_are_found_outside_strings_only() {
        assert!(has_comments("// hand computation\n(version: 1)"));
        assert!(has_comments("(version: 1, /* why */ objects: [])"));
        assert!(has_comments("(name: \"a\", // trailing\n)"));
        assert!(!has_comments("(name: \"http://x\", objects: [])"));
        assert!(!has_comments("(notes: r#\"a \"//\" b\"#, objects: [])"));
        assert!(!has_comments("(notes: \"escaped \\\" // still inside\")"));
        assert!(!has_comments("(name: \"box's\", c: '/')"));
        assert!(has_comments("(c: '/') // after a char"));
        // An identifier ending in r is not a raw string.
        assert!(has_comments("(bar: \"x\") // c"));
    }
}
