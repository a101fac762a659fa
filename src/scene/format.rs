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

use super::model::{
    Expectation, HeatMap, Layers, PathExpectation, ResponseSettings, Scene, Simulation, View,
};
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
        expect_paths,
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
    if !expect_paths.is_empty() {
        list(&mut out, 1, "expect_paths", expect_paths);
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
        .indentor(INDENT);
    let write = |config: PrettyConfig| {
        ron::Options::default()
            .with_default_extension(Extensions::IMPLICIT_SOME)
            .to_string_pretty(value, config)
            // The model serialises into plain RON; there is no value it could refuse.
            .unwrap_or_default()
    };
    let text = write(config.clone().escape_strings(false));
    // A character that does not print (an escape, a NUL, a bell, a bidi override) written
    // as it is made a text file binary, and ran as a command on a terminal that showed
    // it: such a value is written with its strings escaped (`\u{1b}`), line breaks too.
    if text.chars().any(hidden) {
        write(config.escape_strings(true))
    } else {
        text
    }
}

/// Whether `c` does not print as itself: a control character other than a line break or
/// a tab, or an invisible format character (zero-width, bidi override, line separator,
/// byte-order mark). Combining marks print, with the letter before them.
fn hidden(c: char) -> bool {
    (c.is_control() && !matches!(c, '\n' | '\t' | '\r'))
        || matches!(
            c,
            '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{2069}'
                | '\u{feff}'
        )
}

/// `text` (a scene file the parser accepted) with its top-level `expect` list replaced by
/// `expect`, or the list added before the scene's closing parenthesis when it has none.
/// Everything else — comments, notes, layout, number spellings — is kept byte for byte, so
/// recording expectations into a hand-written file changes only what it must. `None` when
/// the text's shape is not a parenthesised scene (the caller then falls back to
/// [`write_scene`] or refuses).
pub fn replace_expect(text: &str, expect: &[Expectation]) -> Option<String> {
    replace_list(text, "expect", expect)
}

/// [`replace_expect`] for the `expect_paths` list.
pub fn replace_expect_paths(text: &str, paths: &[PathExpectation]) -> Option<String> {
    replace_list(text, "expect_paths", paths)
}

/// `text` with its top-level list `field` replaced by `items` (or added), as
/// [`replace_expect`] says.
fn replace_list<T: Serialize>(text: &str, field: &str, items: &[T]) -> Option<String> {
    let expect = items;
    let spans = TopLevel::scan(text, field)?;
    let mut entry = String::new();
    list(&mut entry, 1, field, expect);
    // The file's own line ends: a list written with line feeds alone into a file of
    // returns and line feeds left it with both.
    let nl = if text.contains("\r\n") { "\r\n" } else { "\n" };
    if nl != "\n" {
        entry = entry.replace('\n', nl);
    }
    match spans.expect {
        Some(value) => {
            // Only the value: `[` … `]`, as `list` writes it after `expect: `.
            let new_value = entry
                .strip_prefix(&format!("{INDENT}{field}: "))?
                .strip_suffix(&format!(",{nl}"))?;
            Some(format!(
                "{}{new_value}{}",
                &text[..value.start],
                &text[value.end..]
            ))
        }
        None if expect.is_empty() => Some(text.to_owned()),
        None => {
            let bytes = text.as_bytes();
            let comma =
                if bytes.get(spans.last_inside) == Some(&b',') || spans.last_inside == spans.open {
                    ""
                } else {
                    ","
                };
            // On a line of its own, the list goes on the lines before the closing
            // parenthesis; after other text on the same line, on new lines before it.
            let line_start = text[..spans.close].rfind('\n').map_or(0, |k| k + 1);
            let alone = text[line_start..spans.close].trim().is_empty();
            let (at, lead) = if alone {
                (line_start, "")
            } else {
                (spans.close, nl)
            };
            let after_last = spans.last_inside + 1;
            Some(format!(
                "{}{comma}{}{lead}{entry}{}",
                &text[..after_last],
                &text[after_last..at],
                &text[at..]
            ))
        }
    }
}

/// Byte positions in a scene's text, outside strings and comments.
struct TopLevel {
    /// The scene's opening and closing parentheses.
    open: usize,
    close: usize,
    /// The last byte of the last token before `close` (`open` when there is none).
    last_inside: usize,
    /// The value of the top-level field asked for, `[` through `]`.
    expect: Option<std::ops::Range<usize>>,
}

impl TopLevel {
    fn scan(text: &str, field: &str) -> Option<TopLevel> {
        /// Where the scan is in the `expect` field.
        enum Expect {
            Before,
            /// After `expect:`, the list must come next.
            Value,
            /// Inside the list that opened at this byte.
            List(usize),
            Found(std::ops::Range<usize>),
        }
        let b = text.as_bytes();
        let mut depth = 0usize;
        let mut open = None;
        let mut last_inside = 0;
        let mut expect = Expect::Before;
        // A word just read at depth 1: a field's name if a `:` follows.
        let mut word_before: Option<&str> = None;
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c.is_ascii_whitespace() {
                i += 1;
                continue;
            }
            if b[i..].starts_with(b"//") {
                i = text[i..].find('\n').map_or(b.len(), |k| i + k);
                continue;
            }
            if b[i..].starts_with(b"/*") {
                i = skip_block_comment(b, i);
                continue;
            }
            let token_start = i;
            let name = word_before.take();
            if depth == 1 && matches!(expect, Expect::Value) && c != b'[' {
                // `expect:` followed by something other than a list: not ours to splice.
                return None;
            }
            match c {
                // RON's `#![enable(...)]` header before the scene: kept as it is (the whole
                // file was rewritten without it, its layout lost).
                b'#' if depth == 0 && open.is_none() && b[i..].starts_with(b"#![") => {
                    i = b[i..]
                        .iter()
                        .position(|&c| c == b']')
                        .map_or(b.len(), |k| i + k + 1);
                }
                b'"' => i = skip_string_bytes(b, i + 1),
                b'\'' => i = skip_char_bytes(b, i + 1),
                b'(' | b'[' | b'{' => {
                    if depth == 0 {
                        if c != b'(' || open.is_some() {
                            return None;
                        }
                        open = Some(i);
                        last_inside = i;
                    } else if depth == 1 && matches!(expect, Expect::Value) {
                        expect = Expect::List(i);
                    }
                    depth += 1;
                    i += 1;
                }
                b')' | b']' | b'}' => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        return Some(TopLevel {
                            open: open?,
                            close: i,
                            last_inside,
                            expect: match expect {
                                Expect::Found(r) => Some(r),
                                Expect::Before => None,
                                Expect::Value | Expect::List(_) => return None,
                            },
                        });
                    }
                    if let (1, Expect::List(start)) = (depth, &expect) {
                        expect = Expect::Found(*start..i + 1);
                    }
                    i += 1;
                }
                b':' => {
                    if depth == 1 && name == Some(field) && matches!(expect, Expect::Before) {
                        expect = Expect::Value;
                    }
                    i += 1;
                }
                c if c.is_ascii_alphanumeric() || c == b'_' => {
                    let end = b[i..]
                        .iter()
                        .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
                        .map_or(b.len(), |k| i + k);
                    let word = &text[i..end];
                    let hashes = b[end..].iter().take_while(|c| **c == b'#').count();
                    if matches!(word, "r" | "br") && b.get(end + hashes) == Some(&b'"') {
                        i = skip_raw_string_bytes(b, end, hashes);
                    } else {
                        if depth == 1 && !c.is_ascii_digit() {
                            word_before = Some(word);
                        }
                        i = end;
                    }
                }
                _ => i += 1,
            }
            if open.is_some_and(|o| token_start > o) {
                last_inside = i - 1;
            }
        }
        None
    }
}

/// The index after the `"`-string whose body starts at `i`.
fn skip_string_bytes(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// The index after a char literal whose body starts at `i`.
fn skip_char_bytes(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'\'' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// The index after a raw string whose `#`s (`hashes` of them) start at `i`.
fn skip_raw_string_bytes(b: &[u8], i: usize, hashes: usize) -> usize {
    let mut j = i + hashes + 1;
    while j < b.len() {
        if b[j] == b'"' && b[j + 1..].iter().take_while(|c| **c == b'#').count() >= hashes {
            return j + 1 + hashes;
        }
        j += 1;
    }
    b.len()
}

/// The index after the block comment at `i` (RON's nest).
fn skip_block_comment(b: &[u8], mut i: usize) -> usize {
    let mut depth = 0usize;
    while i < b.len() {
        if b[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    b.len()
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

    /// Hostile test: a name written with escapes (`"c\u{1b}[31mred\u{7}"`, a NUL, a bidi
    /// override) was written back raw by a save or `check --record`: the text file became
    /// binary and `cat` on it ran the terminal escape. Such strings are written escaped,
    /// and read back the same; ordinary text (accents, combining marks, line breaks in the
    /// notes) stays as it is.
    #[test]
    fn characters_that_do_not_print_are_written_escaped() {
        let mut s = scene();
        s.objects[0].name = "c\u{1b}[31mred\u{7}".into();
        s.description = "n\u{0}ul \u{202e}evil".into();
        s.notes = "Café, e\u{301} and\nlines.".into();
        let text = write_scene(&s);
        assert!(!text.chars().any(hidden), "{text:?}");
        assert!(text.contains("\\u{1b}"), "{text}");
        assert!(text.contains("Café, e\u{301} and\nlines."), "{text}");
        let back = parse_scene(&text, "t.ron").unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, s);
        assert_eq!(write_scene(&back), text);
    }

    /// Saving wrote the whole `layers` block, twelve switches, once any one differed from
    /// its default: a file holds only the switches that differ.
    #[test]
    fn a_file_holds_only_the_layer_switches_that_differ() {
        let mut s = scene();
        s.layers.broad_phase = true;
        s.layers.grid = false;
        let text = write_scene(&s);
        assert!(
            text.contains("    layers: (grid: false, broad_phase: true),\n"),
            "{text}"
        );
        assert_eq!(parse_scene(&text, "t.ron").map(|b| b.layers), Ok(s.layers));
        // Each switch alone: one field, read back as set (the skip rules agree with
        // `Layers::default`).
        let d = Layers::default();
        let flips: [fn(&mut Layers); 12] = [
            |l| l.grid ^= true,
            |l| l.capsule ^= true,
            |l| l.minkowski ^= true,
            |l| l.regions ^= true,
            |l| l.broad_phase ^= true,
            |l| l.impact ^= true,
            |l| l.path ^= true,
            |l| l.relative_motion ^= true,
            |l| l.segment_capsule ^= true,
            |l| l.labels ^= true,
            |l| l.approach ^= true,
            |l| l.regions_all ^= true,
        ];
        assert_eq!(inline(&d), "()");
        for flip in flips {
            let mut l = d;
            flip(&mut l);
            let one = inline(&l);
            assert_eq!(one.matches(':').count(), 1, "{one}");
            let mut s = scene();
            s.layers = l;
            let text = write_scene(&s);
            assert_eq!(
                parse_scene(&text, "t.ron").map(|b| b.layers),
                Ok(l),
                "{text}"
            );
        }
    }

    #[test]
    fn long_settings_spread_one_field_per_line() {
        let mut s = scene();
        s.layers.broad_phase = true;
        s.view.zoom = 7.0;
        s.layers.minkowski = false;
        s.layers.labels = false;
        s.layers.segment_capsule = false;
        s.layers.relative_motion = false;
        s.layers.regions_all = true;
        s.layers.capsule = false;
        s.layers.impact = false;
        let text = write_scene(&s);
        assert!(
            text.contains("    layers: (\n        capsule: false,\n"),
            "{text}"
        );
        assert!(
            text.contains("    view: (center: (0.0, 0.0), zoom: 7.0),"),
            "{text}"
        );
        // A view with the region it showed keeps it, and reads back the same.
        s.view.extent = Some(glam::Vec2::new(30.5, 20.25));
        let text = write_scene(&s);
        assert!(
            text.contains("    view: (center: (0.0, 0.0), zoom: 7.0, extent: (30.5, 20.25)),"),
            "{text}"
        );
        assert_eq!(parse_scene(&text, "t.ron").map(|b| b.view), Ok(s.view));
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

    fn recorded() -> Vec<Expectation> {
        vec![Expectation {
            ball: "ball".into(),
            obstacle: "wall".into(),
            hit: true,
            time: Some(0.5),
            feature: Some("l".into()),
            region: None,
            normal: Some(Vec2::NEG_X),
            started_inside: Some(false),
            tolerance: 1e-4,
        }]
    }

    const COMMENTED: &str = r#"// Why this scene exists.
(
    version: 1,
    notes: r"expect: [ is only text here ) // not a comment",
    objects: [
        (name: "ball", shape: Ball(start: (0, 0), end: (10, 0), radius: 1)), // the ball
        /* the wall, (nested /* comment */) */
        (name: "wall", shape: Box(min: (5.5, -1), max: (6, 1e0))),
    ],
    response: (kind: Stop) // no comma
)
"#;

    #[test]
    fn recording_into_a_file_keeps_its_comments_and_layout() {
        let new = replace_expect(COMMENTED, &recorded()).expect("spliced");
        let before = parse_scene(COMMENTED, "t.ron").expect("parses");
        let after = parse_scene(&new, "t.ron").unwrap_or_else(|e| panic!("{e}\n{new}"));
        assert_eq!(after.expect, recorded());
        assert_eq!(
            Scene {
                expect: Vec::new(),
                ..after
            },
            before
        );
        // Only the list was added, and the comma the last field lacked.
        let added = new.replacen(
            "response: (kind: Stop), // no comma",
            "response: (kind: Stop) // no comma",
            1,
        );
        let mut list = String::new();
        super::list(&mut list, 1, "expect", &recorded());
        assert_eq!(
            added,
            COMMENTED.replacen("\n)\n", &format!("\n{list})\n"), 1),
            "{new}"
        );

        // Recording again replaces the list in place; the same list changes nothing.
        assert_eq!(
            replace_expect(&new, &recorded()).as_deref(),
            Some(new.as_str())
        );
        let none = replace_expect(&new, &[]).expect("spliced");
        assert!(none.contains("    expect: [],\n)"), "{none}");
        assert!(
            parse_scene(&none, "t.ron")
                .expect("parses")
                .expect
                .is_empty()
        );
        // Nothing to add to a file without a list.
        assert_eq!(replace_expect(COMMENTED, &[]).as_deref(), Some(COMMENTED));
    }

    /// Hostile test: recording into a file of returns and line feeds wrote the list with
    /// line feeds alone, and the file had both.
    #[test]
    fn recording_into_a_file_of_crlf_lines_keeps_them() {
        let crlf = COMMENTED.replace('\n', "\r\n");
        for text in [
            crlf.clone(),
            replace_expect(&crlf, &recorded()).expect("added"),
        ] {
            let new = replace_expect(&text, &recorded()).expect("spliced");
            assert_eq!(
                new.matches('\n').count(),
                new.matches("\r\n").count(),
                "{new:?}"
            );
            let after = parse_scene(&new, "t.ron").unwrap_or_else(|e| panic!("{e}\n{new}"));
            assert_eq!(after.expect, recorded());
        }
    }

    /// Hostile test: a file starting with RON's `#![enable(implicit_some)]` header had its
    /// list recorded by rewriting it whole, header and layout gone.
    #[test]
    fn recording_into_a_file_with_an_extensions_header_keeps_it() {
        let text = "#![enable(implicit_some)]\n(version: 1, objects: [(name: \"ball\", shape: \
                    Ball(start: (0.0, 0.0), end: (10.0, 0.0), radius: 1.0)), (name: \"wall\", \
                    shape: Box(min: (4.0, -1.0), max: (6.0, 1.0)))])\n";
        let new = replace_expect(text, &recorded()).expect("spliced");
        assert!(
            new.starts_with("#![enable(implicit_some)]\n(version: 1, objects: ["),
            "{new}"
        );
        let after = parse_scene(&new, "t.ron").unwrap_or_else(|e| panic!("{e}\n{new}"));
        assert_eq!(after.expect, recorded());
    }

    #[test]
    fn a_one_line_scene_gets_its_list_before_the_parenthesis() {
        let text = r#"(version: 1, objects: [(name: "ball", shape: Ball(start: (0, 0), end: (10, 0), radius: 1)), (name: "wall", shape: Box(min: (5, -1), max: (6, 1)))],)"#;
        let new = replace_expect(text, &recorded()).expect("spliced");
        let after = parse_scene(&new, "t.ron").unwrap_or_else(|e| panic!("{e}\n{new}"));
        assert_eq!(after.expect, recorded());
        // An `expect` inside an object's name or a nested struct is not the scene's.
        let tricky = text.replace("\"wall\"", "\"expect: [\"");
        let new = replace_expect(&tricky, &recorded()).expect("spliced");
        assert!(new.contains("(name: \"expect: [\", shape"), "{new}");
        assert_eq!(new.matches("expect: [").count(), 2, "{new}");
        assert!(new.ends_with("\n    ],\n)"), "{new}");
    }

    #[test]
    fn text_that_is_not_a_scene_is_left_to_the_caller() {
        assert_eq!(replace_expect("[1, 2]", &recorded()), None);
        assert_eq!(replace_expect("(version: 1, expect: 3)", &recorded()), None);
        assert_eq!(replace_expect("(version: 1, objects: [", &recorded()), None);
        assert_eq!(replace_expect("", &recorded()), None);
    }
}
