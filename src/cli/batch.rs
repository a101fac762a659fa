//! `sweepscope batch`: JSON Lines queries in, one JSON line per query out.
//!
//! Each input line is one query, e.g.
//! `{"id":7,"kind":"aabb","start":[0,0],"end":[10,0],"radius":1,"min":[4,-1],"max":[6,1]}`;
//! `kind` is `aabb` (`min`, `max`), `obb` (`center`, `half_extents`, `angle` in radians),
//! `segment` (`a`, `b`) or `circle` (`other_start`, `other_end`, `other_radius`). Numbers are
//! read as JSON numbers and then narrowed to `f32`, which is what the queries use.
//!
//! Output per line: `{"id":7,"hit":true,"time":..,"center":[..],"normal":[..],"point":[..],
//! "feature":"l","started_inside":false}`, `{"id":7,"hit":false}`, or for a bad line
//! `{"id":7,"error":"line 3: field `radius` = -1 is negative"}` (`id` is null when it cannot
//! be read). Blank lines are skipped. The run goes on past bad lines and exits 1 if there
//! were any, 0 otherwise; an unreadable `--input` or unwritable `--output` exits 2.
//!
//! Streaming keeps memory flat: one reused line buffer in, a `BufWriter` out, and nothing
//! kept from one line to the next.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

use glam::Vec2;
use serde_json::{Map, Value};

use crate::geom::{Aabb, Obb, Segment, Sweep};
use crate::hit::Hit;
use crate::obstacle::Obstacle;

const USAGE: &str = "usage: sweepscope batch [--input FILE] [--output FILE]
  reads JSON Lines queries (stdin by default) and writes one JSON line per query (stdout by
  default); exit 1 if any line was bad, 2 if the input or output cannot be opened";

/// Runs `sweepscope batch` with the arguments after the subcommand name.
pub fn run(args: &[String]) -> ExitCode {
    let options = match Options::parse(args) {
        Ok(Some(o)) => o,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(msg) => {
            eprintln!("sweepscope batch: {msg}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let input: Box<dyn BufRead> = match &options.input {
        Some(path) => match File::open(path) {
            Ok(f) => Box::new(BufReader::new(f)),
            Err(e) => {
                eprintln!("sweepscope batch: cannot open input file '{path}': {e}");
                return ExitCode::from(2);
            }
        },
        None => Box::new(io::stdin().lock()),
    };
    let output: Box<dyn Write> = match &options.output {
        Some(path) => match File::create(path) {
            Ok(f) => Box::new(f),
            Err(e) => {
                eprintln!("sweepscope batch: cannot write output file '{path}': {e}");
                return ExitCode::from(2);
            }
        },
        None => Box::new(io::stdout().lock()),
    };
    match process(input, BufWriter::new(output)) {
        Ok(Summary { bad_lines: 0, .. }) => ExitCode::SUCCESS,
        Ok(summary) => {
            eprintln!(
                "sweepscope batch: {} of {} queries were bad",
                summary.bad_lines, summary.queries
            );
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("sweepscope batch: {e}");
            ExitCode::from(2)
        }
    }
}

/// Command-line options.
struct Options {
    input: Option<String>,
    output: Option<String>,
}

impl Options {
    /// `Ok(None)` means help was asked for.
    fn parse(args: &[String]) -> Result<Option<Options>, String> {
        let mut options = Options {
            input: None,
            output: None,
        };
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let slot = match arg.as_str() {
                "--input" | "-i" => &mut options.input,
                "--output" | "-o" => &mut options.output,
                "-h" | "--help" => return Ok(None),
                other => return Err(format!("unknown argument '{other}'")),
            };
            match it.next() {
                Some(value) => *slot = Some(value.clone()),
                None => return Err(format!("{arg} needs a file name")),
            }
        }
        Ok(Some(options))
    }
}

/// Counts for the closing message and the exit status.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    /// Non-blank lines seen.
    pub queries: u64,
    /// Lines answered with an error.
    pub bad_lines: u64,
}

/// Answers every line of `input` on `output`. Only I/O failures are errors; bad lines are
/// answered in place and counted.
pub fn process(mut input: impl BufRead, mut output: impl Write) -> io::Result<Summary> {
    let mut summary = Summary::default();
    let mut line = Vec::new();
    let mut answer = String::new();
    let mut number = 0u64;
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        number += 1;
        let text = match std::str::from_utf8(&line) {
            Ok(t) => t.trim(),
            Err(_) => {
                summary.queries += 1;
                summary.bad_lines += 1;
                answer.clear();
                write_error(
                    &mut answer,
                    &Value::Null,
                    &format!("line {number}: not valid UTF-8"),
                );
                writeln!(output, "{answer}")?;
                continue;
            }
        };
        if text.is_empty() {
            continue;
        }
        summary.queries += 1;
        answer.clear();
        if !answer_line(text, number, &mut answer) {
            summary.bad_lines += 1;
        }
        writeln!(output, "{answer}")?;
    }
    output.flush()?;
    Ok(summary)
}

/// Writes the answer to one non-blank line into `out`; false when the line was bad.
fn answer_line(text: &str, number: u64, out: &mut String) -> bool {
    let value = match parse_json(text) {
        Ok(v) => v,
        Err(e) => {
            write_error(
                out,
                &Value::Null,
                &format!("line {number}: malformed JSON: {}", json_error(&e)),
            );
            return false;
        }
    };
    let Value::Object(obj) = value else {
        write_error(
            out,
            &Value::Null,
            &format!("line {number}: expected a JSON object"),
        );
        return false;
    };
    let id = match obj.get("id") {
        Some(Value::String(s)) if s.starts_with(OVERFLOW_MARK) => {
            let msg = format!(
                "line {number}: field `id` = {} is out of range",
                &s[OVERFLOW_MARK.len()..]
            );
            write_error(out, &Value::Null, &msg);
            return false;
        }
        Some(id @ (Value::Number(_) | Value::String(_))) => id,
        Some(_) => {
            write_error(
                out,
                &Value::Null,
                &format!("line {number}: field `id` must be a number or a string"),
            );
            return false;
        }
        None => {
            write_error(
                out,
                &Value::Null,
                &format!("line {number}: field `id` is missing"),
            );
            return false;
        }
    };
    match parse_query(&obj) {
        Ok((sweep, obstacle)) => {
            write_answer(out, id, obstacle.cast(&sweep).as_ref());
            true
        }
        Err(msg) => {
            write_error(out, id, &format!("line {number}: {msg}"));
            false
        }
    }
}

/// Marks a number too large even for `f64`, which serde_json refuses outright; see
/// [`parse_json`].
const OVERFLOW_MARK: &str = "\u{1}overflow:";

/// How many out-of-range numbers of one line are turned into markers before giving up.
const MAX_OVERFLOW_FIXES: usize = 16;

/// Parses one line. serde_json rejects a number like `1e400` as "number out of range" for
/// the whole line; to still name the field (and echo the id) such a number is re-read as a
/// marked string, which [`to_f32`] then reports as not finite.
fn parse_json(text: &str) -> Result<Value, serde_json::Error> {
    let mut fixed: Option<String> = None;
    for _ in 0..MAX_OVERFLOW_FIXES {
        let current = fixed.as_deref().unwrap_or(text);
        match serde_json::from_str(current) {
            Err(e) if e.to_string().starts_with("number out of range") => {
                match quote_number(current, e.column()) {
                    Some(next) => fixed = Some(next),
                    None => return Err(e),
                }
            }
            result => return result,
        }
    }
    serde_json::from_str(fixed.as_deref().unwrap_or(text))
}

/// `text` with the number token ending at 1-based byte `column` replaced by the marked
/// string `"\u0001overflow:<token>"`.
fn quote_number(text: &str, column: usize) -> Option<String> {
    let is_num = |b: u8| b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E');
    let bytes = text.as_bytes();
    let last = column.checked_sub(1)?;
    if !is_num(*bytes.get(last)?) {
        return None;
    }
    let start = bytes[..last]
        .iter()
        .rposition(|&b| !is_num(b))
        .map_or(0, |i| i + 1);
    let end = bytes[last..]
        .iter()
        .position(|&b| !is_num(b))
        .map_or(bytes.len(), |i| last + i);
    let token = text.get(start..end)?;
    Some(format!(
        "{}\"\\u0001overflow:{token}\"{}",
        &text[..start],
        &text[end..]
    ))
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

/// The sweep and the obstacle of one query, validated.
fn parse_query(obj: &Map<String, Value>) -> Result<(Sweep, Obstacle), String> {
    let kind = match obj.get("kind") {
        Some(Value::String(k)) => k.as_str(),
        Some(_) => return Err("field `kind` must be a string".into()),
        None => return Err("field `kind` is missing".into()),
    };
    let sweep = Sweep::new(
        vec2(obj, "start")?,
        vec2(obj, "end")?,
        radius(obj, "radius")?,
    );
    let obstacle = match kind {
        "aabb" => {
            let min = vec2(obj, "min")?;
            let max = vec2(obj, "max")?;
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
            let center = vec2(obj, "center")?;
            let half = vec2(obj, "half_extents")?;
            if half.x < 0.0 || half.y < 0.0 {
                return Err(format!(
                    "field `half_extents` = [{}, {}] has a negative value",
                    half.x, half.y
                ));
            }
            Obstacle::Obb(Obb::new(center, half, number(obj, "angle")?))
        }
        "segment" => Obstacle::Segment(Segment::new(vec2(obj, "a")?, vec2(obj, "b")?)),
        "circle" => Obstacle::Circle(Sweep::new(
            vec2(obj, "other_start")?,
            vec2(obj, "other_end")?,
            radius(obj, "other_radius")?,
        )),
        other => {
            return Err(format!(
                "field `kind`: unknown kind \"{other}\" (expected aabb, obb, segment or circle)"
            ));
        }
    };
    Ok((sweep, obstacle))
}

/// A finite number that fits an `f32`.
fn number(obj: &Map<String, Value>, key: &str) -> Result<f32, String> {
    match obj.get(key) {
        Some(v) => to_f32(v, key),
        None => Err(format!("field `{key}` is missing")),
    }
}

/// A finite, non-negative number.
fn radius(obj: &Map<String, Value>, key: &str) -> Result<f32, String> {
    let r = number(obj, key)?;
    if r < 0.0 {
        return Err(format!("field `{key}` = {r} is negative"));
    }
    Ok(r)
}

/// A `[x, y]` pair of finite numbers.
fn vec2(obj: &Map<String, Value>, key: &str) -> Result<Vec2, String> {
    match obj.get(key) {
        Some(Value::Array(items)) if items.len() == 2 => Ok(Vec2::new(
            to_f32(&items[0], &format!("{key}[0]"))?,
            to_f32(&items[1], &format!("{key}[1]"))?,
        )),
        Some(Value::Array(items)) => Err(format!(
            "field `{key}` must have 2 numbers [x, y], got {}",
            items.len()
        )),
        Some(_) => Err(format!("field `{key}` must be an array [x, y]")),
        None => Err(format!("field `{key}` is missing")),
    }
}

/// The JSON number as `f32`; out-of-range and non-finite values are errors, not infinities.
fn to_f32(v: &Value, name: &str) -> Result<f32, String> {
    if let Value::String(s) = v
        && let Some(token) = s.strip_prefix(OVERFLOW_MARK)
    {
        return Err(format!("field `{name}` = {token} is not a finite f32"));
    }
    let Some(x) = v.as_f64() else {
        return Err(format!(
            "field `{name}` must be a number, got {}",
            type_name(v)
        ));
    };
    let narrowed = x as f32;
    if !x.is_finite() || !narrowed.is_finite() {
        return Err(format!("field `{name}` = {x:?} is not a finite f32"));
    }
    Ok(narrowed)
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

// ---------------------------------------------------------------------------------------
// Writing an answer

/// `{"id":..,"hit":false}` or the hit's fields.
fn write_answer(out: &mut String, id: &Value, hit: Option<&Hit>) {
    out.push_str("{\"id\":");
    push_json(out, id);
    let Some(h) = hit else {
        out.push_str(",\"hit\":false}");
        return;
    };
    out.push_str(",\"hit\":true,\"time\":");
    push_f32(out, h.time);
    for (name, v) in [
        ("center", h.center),
        ("normal", h.normal),
        ("point", h.point),
    ] {
        let _ = write!(out, ",\"{name}\":[");
        push_f32(out, v.x);
        out.push(',');
        push_f32(out, v.y);
        out.push(']');
    }
    let _ = write!(
        out,
        ",\"feature\":\"{}\",\"started_inside\":{}}}",
        h.feature.name(),
        h.started_inside
    );
}

fn write_error(out: &mut String, id: &Value, message: &str) {
    out.push_str("{\"id\":");
    push_json(out, id);
    out.push_str(",\"error\":");
    push_json(out, &Value::String(message.to_owned()));
    out.push('}');
}

fn push_json(out: &mut String, v: &Value) {
    // Serialising a `Value` into a String cannot fail.
    out.push_str(&serde_json::to_string(v).unwrap_or_else(|_| "null".into()));
}

/// Rust's `{:?}` for `f32` is the shortest text that reads back to the same `f32`, with an
/// exponent for very large or small values (`{}` would spell out every zero). JSON has no
/// NaN or infinity; the queries never return them, but `null` keeps the line valid if so.
fn push_f32(out: &mut String, x: f32) {
    if x.is_finite() {
        let _ = write!(out, "{x:?}");
    } else {
        out.push_str("null");
    }
}
