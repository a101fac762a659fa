//! `sweepscope batch`: JSON Lines queries in, one JSON line per query out.
//!
//! Each input line is one query, e.g.
//! `{"id":7,"kind":"aabb","start":[0,0],"end":[10,0],"radius":1,"min":[4,-1],"max":[6,1]}`;
//! `kind` is `aabb` (`min`, `max`), `obb` (`center`, `half_extents`, `angle` in radians),
//! `segment` (`a`, `b`) or `circle` (`other_start`, `other_end`, `other_radius`). Numbers
//! are read from their JSON text straight to the nearest `f32` (through `f64` they could be
//! rounded twice), and the `id` (a number or a string) is echoed exactly as written.
//!
//! Output per line: `{"id":7,"hit":true,"time":..,"center":[..],"normal":[..],"point":[..],
//! "feature":"l","started_inside":false}`, `{"id":7,"hit":false}`, or for a bad line
//! `{"id":7,"error":"line 3: field `radius` = -1 is negative"}` (`id` is null when it cannot
//! be read). Blank lines are skipped. The run goes on past bad lines and exits 1 if there
//! were any, 0 otherwise; an unreadable input or unwritable output exits 2.
//!
//! Streaming keeps memory flat: one reused line buffer (a line longer than [`MAX_LINE`] is
//! answered with an error, not read into memory) and a buffered writer that is flushed
//! whenever the next read may wait, so a program that sends one query and waits gets its
//! answer. An `--output` file is written atomically: it appears whole when the run ends,
//! and it may be the input file itself.

use std::borrow::Cow;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

use glam::Vec2;
use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

use super::args::BatchArgs;
use super::output::errln;
use super::terminal::safe;
use crate::atomic_file::AtomicFile;
use crate::geom::{Aabb, Obb, Segment, Sweep};
use crate::hit::Hit;
use crate::obstacle::Obstacle;

/// The longest line read; a query needs a few hundred bytes.
pub const MAX_LINE: usize = crate::scene::limits::MAX_BATCH_LINE;

/// Runs `sweepscope batch`.
pub fn run(args: &BatchArgs) -> ExitCode {
    // `-` is the standard stream, as the help says.
    let named = |p: &Option<std::path::PathBuf>| p.clone().filter(|p| p.as_os_str() != "-");
    let (input, input_name): (Box<dyn BufRead>, String) = match named(&args.input) {
        Some(path) => {
            let shown = format!("'{}'", safe(&path.display().to_string()));
            match File::open(&path) {
                Ok(f) => (Box::new(BufReader::with_capacity(1 << 16, f)), shown),
                Err(e) => {
                    errln!("sweepscope batch: cannot open input file {shown}: {e}");
                    return ExitCode::from(2);
                }
            }
        }
        None => (Box::new(io::stdin().lock()), "standard input".to_owned()),
    };
    let (mut file, output_name) = match named(&args.output) {
        Some(path) => {
            let shown = format!("'{}'", safe(&path.display().to_string()));
            match AtomicFile::create(&path) {
                Ok(f) => (Some(f), shown),
                Err(e) => {
                    errln!("sweepscope batch: cannot write output file {shown}: {e}");
                    return ExitCode::from(2);
                }
            }
        }
        None => (None, "standard output".to_owned()),
    };
    let result = match &mut file {
        Some(f) => process(input, BufWriter::new(f)),
        None => process(input, BufWriter::new(io::stdout().lock())),
    };
    let summary = match result {
        Ok(summary) => summary,
        // The reader went away (`| head`): nothing more to say to it, and the queries
        // after that point have no answer, as with any output that cannot be written.
        Err(f) if !f.reading && f.error.kind() == io::ErrorKind::BrokenPipe => {
            return ExitCode::from(2);
        }
        Err(f) => {
            let (what, name) = if f.reading {
                ("read input", &input_name)
            } else {
                ("write output", &output_name)
            };
            errln!("sweepscope batch: cannot {what} {name}: {}", f.error);
            return ExitCode::from(2);
        }
    };
    if let Some(f) = file
        && let Err(e) = f.commit()
    {
        errln!("sweepscope batch: cannot write output {output_name}: {e}");
        return ExitCode::from(2);
    }
    if summary.bad_lines == 0 {
        return ExitCode::SUCCESS;
    }
    errln!(
        "sweepscope batch: {} of {} queries were bad",
        summary.bad_lines,
        summary.queries
    );
    ExitCode::FAILURE
}

/// Counts for the closing message and the exit status.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// Non-blank lines seen.
    pub queries: u64,
    /// Lines answered with an error.
    pub bad_lines: u64,
}

/// An I/O failure that ended a run, with what had been answered by then.
#[derive(Debug)]
pub struct Failure {
    pub summary: Summary,
    /// Reading the input failed (else writing the output).
    pub reading: bool,
    pub error: io::Error,
}

/// Answers every line of `input` on `output`. Only I/O failures are errors; bad lines are
/// answered in place and counted.
pub fn process(input: impl BufRead, mut output: impl Write) -> Result<Summary, Failure> {
    let mut summary = Summary::default();
    let mut lines = Lines {
        input,
        line: Vec::new(),
        drained: false,
    };
    let mut answer = String::new();
    let mut number = 0u64;
    let fail = |summary, reading, error| Failure {
        summary,
        reading,
        error,
    };
    loop {
        let next = lines.next(&mut || output.flush());
        let fits = match next {
            Ok(Some(fits)) => fits,
            Ok(None) => break,
            Err((reading, e)) => return Err(fail(summary, reading, e)),
        };
        number += 1;
        let mut bytes = &lines.line[..];
        let mut skipped = 0;
        if number == 1
            && let Some(rest) = bytes.strip_prefix("\u{feff}".as_bytes())
        {
            (bytes, skipped) = (rest, 3);
        }
        answer.clear();
        let good = if !fits {
            let msg = format!("line {number}: longer than {MAX_LINE} bytes, not read");
            write_error(&mut answer, None, &msg);
            false
        } else {
            match std::str::from_utf8(bytes) {
                Ok(text) => {
                    // JSON's whitespace only: anything else is a bad line, not a blank one.
                    let text = text.trim_matches([' ', '\t', '\r', '\n']);
                    if text.is_empty() {
                        continue;
                    }
                    answer_line(text, number, &mut answer)
                }
                Err(e) => {
                    let at = skipped + e.valid_up_to() + 1;
                    let msg = format!("line {number}: not valid UTF-8 (byte {at})");
                    write_error(&mut answer, None, &msg);
                    false
                }
            }
        };
        summary.queries += 1;
        summary.bad_lines += u64::from(!good);
        answer.push('\n');
        if let Err(e) = output.write_all(answer.as_bytes()) {
            return Err(fail(summary, false, e));
        }
    }
    output.flush().map_err(|e| fail(summary, false, e))?;
    Ok(summary)
}

/// The input, a line at a time, in one reused buffer.
struct Lines<R> {
    input: R,
    /// The current line, without its newline.
    line: Vec<u8>,
    /// Everything buffered has been used: the next read may wait for the writer.
    drained: bool,
}

impl<R: BufRead> Lines<R> {
    /// Reads the next line: `Some(true)`, `Some(false)` when it was longer than
    /// [`MAX_LINE`] (the rest is skipped, not kept), `None` at the end. `idle` runs
    /// before any read that may wait; its errors are the output's (`false` in the pair).
    fn next(
        &mut self,
        idle: &mut impl FnMut() -> io::Result<()>,
    ) -> Result<Option<bool>, (bool, io::Error)> {
        self.line.clear();
        let (mut any, mut fits) = (false, true);
        loop {
            if self.drained {
                idle().map_err(|e| (false, e))?;
            }
            let buf = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err((true, e)),
            };
            if buf.is_empty() {
                return Ok(any.then(|| self.end_line(fits)));
            }
            any = true;
            let (chunk, used, ended) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], i + 1, true),
                None => (buf, buf.len(), false),
            };
            // One byte of room past the limit for a CRLF line's CR, which may come at the
            // end of one read and its LF at the start of the next: it does not count
            // against the limit wherever the reads split the line.
            if fits && self.line.len() + chunk.len() <= MAX_LINE + 1 {
                self.line.extend_from_slice(chunk);
            } else {
                fits = false;
            }
            self.drained = used == buf.len();
            self.input.consume(used);
            if ended {
                return Ok(Some(self.end_line(fits)));
            }
        }
    }
}

impl<R> Lines<R> {
    /// Ends the line read: its CR taken off, and whether it fits [`MAX_LINE`] then.
    fn end_line(&mut self, fits: bool) -> bool {
        if self.line.last() == Some(&b'\r') {
            self.line.pop();
        }
        fits && self.line.len() <= MAX_LINE
    }
}

/// Writes the answer to one non-blank line into `out`; false when the line was bad.
fn answer_line(text: &str, number: u64, out: &mut String) -> bool {
    let fields: Fields = match serde_json::from_str(text) {
        Ok(f) => f,
        Err(e) => {
            // Not an object: well-formed JSON of another type, or not JSON at all (a
            // non-object is refused at its first character, before the rest is read).
            let msg = match serde_json::from_str::<&RawValue>(text) {
                Ok(v) if e.classify() == serde_json::error::Category::Data => {
                    format!(
                        "line {number}: expected a JSON object, got {}",
                        json_type(v)
                    )
                }
                Ok(_) => format!("line {number}: malformed JSON: {}", json_error(&e)),
                // Invisible in most editors: named, where "expected value at column 1"
                // points at nothing to see.
                Err(_) if text.starts_with('\u{feff}') => format!(
                    "line {number}: starts with a byte-order mark (U+FEFF), which is taken \
                     only at the start of the input"
                ),
                // Old Mac line ends: every query on one "line", refused at the second.
                _ if text.trim_end_matches('\r').contains('\r') => format!(
                    "line {number}: holds a carriage return (CR) inside it: queries are \
                     lines ended by LF or CR LF, not by CR alone ({})",
                    json_error(&e)
                ),
                Err(e) => format!("line {number}: malformed JSON: {}", json_error(&e)),
            };
            write_error(out, None, &msg);
            return false;
        }
    };
    let duplicate = fields.duplicate();
    let id = match fields.get("id") {
        _ if duplicate == Some("id") => Err("field `id` appears more than once".to_owned()),
        Some(raw) => match json_type(raw) {
            // Echoed as written, once it is known that a JSON reader can read it back.
            "a string" if serde_json::from_str::<Cow<str>>(raw.get()).is_ok() => Ok(raw.get()),
            "a number" if raw.get().parse::<f64>().is_ok_and(f64::is_finite) => Ok(raw.get()),
            "a string" => Err("field `id` is not a valid JSON string".to_owned()),
            "a number" => Err(format!("field `id` = {} is out of range", shown(raw))),
            other => Err(format!(
                "field `id` must be a number or a string, got {other}"
            )),
        },
        None => Err("field `id` is missing".to_owned()),
    };
    let id = match id {
        Ok(id) => id,
        Err(msg) => {
            write_error(out, None, &format!("line {number}: {msg}"));
            return false;
        }
    };
    let query = match duplicate {
        Some(key) => Err(format!("field `{key}` appears more than once")),
        None => parse_query(&fields),
    };
    match query {
        Ok((sweep, obstacle)) => {
            write_answer(out, id, obstacle.cast(&sweep).as_ref());
            true
        }
        Err(msg) => {
            write_error(out, Some(id), &format!("line {number}: {msg}"));
            false
        }
    }
}

/// serde_json's message, with its "line 1 column C" (always line 1 here) cut to the column.
fn json_error(e: &serde_json::Error) -> String {
    let msg = e.to_string();
    match msg.rfind(" at line ") {
        Some(cut) => format!("{} at column {}", &msg[..cut], e.column()),
        None => msg,
    }
}

// ---------------------------------------------------------------------------------------
// Reading a query

/// A line's top-level fields in order, each value as its JSON text (borrowed from the
/// line), so that numbers and the id can be read from the text itself.
struct Fields<'a>(Vec<(Cow<'a, str>, &'a RawValue)>);

impl<'a> Fields<'a> {
    fn get(&self, key: &str) -> Option<&'a RawValue> {
        self.0.iter().find(|(k, _)| k == key).map(|&(_, v)| v)
    }

    fn require(&self, key: &str) -> Result<&'a RawValue, String> {
        self.get(key)
            .ok_or_else(|| format!("field `{key}` is missing"))
    }

    /// A field name that appears more than once: JSON leaves the meaning open, so such a
    /// line is refused rather than read one way or the other.
    fn duplicate(&self) -> Option<&str> {
        let keys = &self.0;
        // A query has about ten fields: comparing pairs beats hashing them. A line may
        // carry notes of its own, though, and 130,000 short keys in a line under the
        // length limit took 20 s by pairs: past a few dozen, a set (the same key found,
        // the first that repeats an earlier one).
        if keys.len() <= FEW_FIELDS {
            return (1..keys.len())
                .find_map(|i| keys[..i].iter().find(|(k, _)| *k == keys[i].0))
                .map(|(k, _)| k.as_ref());
        }
        let mut seen = std::collections::HashSet::with_capacity(keys.len());
        keys.iter()
            .find(|(k, _)| !seen.insert(k.as_ref()))
            .map(|(k, _)| k.as_ref())
    }
}

/// Fields up to which [`Fields::duplicate`] compares pairs.
const FEW_FIELDS: usize = 32;

impl<'de: 'a, 'a> Deserialize<'de> for Fields<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Object;
        impl<'de> Visitor<'de> for Object {
            type Value = Fields<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
                // A query has about ten fields (serde_json gives no size hint).
                let mut fields = Vec::with_capacity(12);
                while let Some(Key(k)) = map.next_key()? {
                    fields.push((k, map.next_value()?));
                }
                Ok(Fields(fields))
            }
        }
        d.deserialize_map(Object)
    }
}

/// A field name, borrowed from the line unless it has escapes.
struct Key<'a>(Cow<'a, str>);

impl<'de: 'a, 'a> Deserialize<'de> for Key<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Name;
        impl<'de> Visitor<'de> for Name {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a field name")
            }
            fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(s)))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(s.to_owned())))
            }
        }
        d.deserialize_str(Name)
    }
}

/// The sweep and the obstacle of one query, validated.
fn parse_query(fields: &Fields) -> Result<(Sweep, Obstacle), String> {
    let raw_kind = fields.require("kind")?;
    let kind = match serde_json::from_str::<Cow<str>>(raw_kind.get()) {
        Ok(k) if json_type(raw_kind) == "a string" => k,
        _ => {
            return Err(format!(
                "field `kind` must be a string, got {}",
                json_type(raw_kind)
            ));
        }
    };
    if !matches!(kind.as_ref(), "aabb" | "obb" | "segment" | "circle") {
        return Err(format!(
            "field `kind`: unknown kind {} (expected aabb, obb, segment or circle)",
            raw_kind.get()
        ));
    }
    let sweep = Sweep::new(
        vec2(fields, "start")?,
        vec2(fields, "end")?,
        radius(fields, "radius")?,
    );
    let obstacle = match kind.as_ref() {
        "aabb" => {
            let min = vec2(fields, "min")?;
            let max = vec2(fields, "max")?;
            for (axis, lo, hi) in [("x", min.x, max.x), ("y", min.y, max.y)] {
                if lo > hi {
                    return Err(format!(
                        "`min` is greater than `max` on {axis} ({lo} > {hi})"
                    ));
                }
            }
            Obstacle::Aabb(Aabb::new(min, max))
        }
        "obb" => {
            let center = vec2(fields, "center")?;
            let half = vec2(fields, "half_extents")?;
            if half.x < 0.0 || half.y < 0.0 {
                return Err(format!(
                    "field `half_extents` = [{}, {}] has a negative value",
                    half.x, half.y
                ));
            }
            let angle = to_f32(fields.require("angle")?, Item("angle", None))?;
            Obstacle::Obb(Obb::new(center, half, angle))
        }
        "segment" => Obstacle::Segment(Segment::new(vec2(fields, "a")?, vec2(fields, "b")?)),
        _ => Obstacle::Circle(Sweep::new(
            vec2(fields, "other_start")?,
            vec2(fields, "other_end")?,
            radius(fields, "other_radius")?,
        )),
    };
    Ok((sweep, obstacle))
}

/// A finite, non-negative number.
fn radius(fields: &Fields, key: &str) -> Result<f32, String> {
    let r = to_f32(fields.require(key)?, Item(key, None))?;
    if r < 0.0 {
        return Err(format!("field `{key}` = {r} is negative"));
    }
    Ok(r)
}

/// A `[x, y]` pair of finite numbers.
fn vec2(fields: &Fields, key: &str) -> Result<Vec2, String> {
    let raw = fields.require(key)?;
    let items: Items = match serde_json::from_str(raw.get()) {
        Ok(items) if json_type(raw) == "an array" => items,
        _ => return Err(format!("field `{key}` must be an array [x, y]")),
    };
    match items {
        Items {
            first: [Some(x), Some(y)],
            count: 2,
        } => Ok(Vec2::new(
            to_f32(x, Item(key, Some(0)))?,
            to_f32(y, Item(key, Some(1)))?,
        )),
        Items { count, .. } => Err(format!(
            "field `{key}` must have 2 numbers [x, y], got {count}"
        )),
    }
}

/// A JSON array's first two items as their text, and how many items it has: read
/// without building a vector for each of a query's pairs.
struct Items<'a> {
    first: [Option<&'a RawValue>; 2],
    count: usize,
}

impl<'de: 'a, 'a> Deserialize<'de> for Items<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Array;
        impl<'de> Visitor<'de> for Array {
            type Value = Items<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array")
            }
            fn visit_seq<S: de::SeqAccess<'de>>(self, mut seq: S) -> Result<Items<'de>, S::Error> {
                let mut items = Items {
                    first: [None; 2],
                    count: 0,
                };
                while let Some(item) = seq.next_element::<&RawValue>()? {
                    if let Some(slot) = items.first.get_mut(items.count) {
                        *slot = Some(item);
                    }
                    items.count += 1;
                }
                Ok(items)
            }
        }
        d.deserialize_seq(Array)
    }
}

/// A number's name in messages: a field, or an item of one (`start[1]`). Written out
/// only when a message needs it.
#[derive(Clone, Copy)]
struct Item<'a>(&'a str, Option<usize>);

impl fmt::Display for Item<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Some(i) => write!(f, "{}[{i}]", self.0),
            None => f.write_str(self.0),
        }
    }
}

/// The JSON number as the nearest `f32`, parsed from its text; a value beyond the `f32`
/// range is an error, not an infinity.
fn to_f32(raw: &RawValue, name: Item) -> Result<f32, String> {
    if json_type(raw) != "a number" {
        return Err(format!(
            "field `{name}` must be a number, got {} {}",
            json_type(raw),
            shown(raw)
        ));
    }
    // JSON's number syntax is a subset of what `f32::from_str` reads, with correct rounding.
    match raw.get().parse::<f32>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(format!(
            "field `{name}` = {} is not a finite f32",
            shown(raw)
        )),
    }
}

/// A value's text for a message, cut short if long.
fn shown(raw: &RawValue) -> Cow<'_, str> {
    let text = raw.get();
    match text.char_indices().nth(40) {
        Some((cut, _)) => Cow::Owned(format!("{}…", &text[..cut])),
        None => Cow::Borrowed(text),
    }
}

/// The kind of a JSON value, from its first character (serde_json has checked the rest).
fn json_type(raw: &RawValue) -> &'static str {
    match raw.get().as_bytes().first() {
        Some(b'"') => "a string",
        Some(b'[') => "an array",
        Some(b'{') => "an object",
        Some(b't' | b'f') => "a boolean",
        Some(b'n') => "null",
        _ => "a number",
    }
}

// ---------------------------------------------------------------------------------------
// Writing an answer

/// `{"id":..,"hit":false}` or the hit's fields; `id` is the JSON text of the query's id.
fn write_answer(out: &mut String, id: &str, hit: Option<&Hit>) {
    out.push_str("{\"id\":");
    out.push_str(id);
    let Some(h) = hit else {
        out.push_str(",\"hit\":false}");
        return;
    };
    out.push_str(",\"hit\":true,\"time\":");
    push_f32(out, h.time);
    for (name, v) in [
        (",\"center\":[", h.center),
        ("],\"normal\":[", h.normal),
        ("],\"point\":[", h.point),
    ] {
        out.push_str(name);
        push_f32(out, v.x);
        out.push(',');
        push_f32(out, v.y);
    }
    out.push_str("],\"feature\":\"");
    out.push_str(h.feature.name());
    out.push_str(if h.started_inside {
        "\",\"started_inside\":true}"
    } else {
        "\",\"started_inside\":false}"
    });
}

/// `{"id":..,"error":".."}`; `id` is the JSON text of the query's id, if it could be read.
fn write_error(out: &mut String, id: Option<&str>, message: &str) {
    out.push_str("{\"id\":");
    out.push_str(id.unwrap_or("null"));
    out.push_str(",\"error\":");
    // Serialising a string cannot fail.
    out.push_str(&serde_json::to_string(message).unwrap_or_else(|_| "\"?\"".into()));
    out.push('}');
}

/// The shortest text that reads back to the same `f32`, with an exponent for very large or
/// small values (as Rust's `{:?}` writes it, at a fraction of the cost). JSON has no NaN or
/// infinity; the queries never return them, but `null` keeps the line valid if so.
fn push_f32(out: &mut String, x: f32) {
    if x.is_finite() {
        // `+ 0.0` turns −0.0 (a normal's zero component, say) into 0.0.
        out.push_str(zmij::Buffer::new().format_finite(x + 0.0));
    } else {
        out.push_str("null");
    }
}
