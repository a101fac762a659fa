//! Loading scenes with errors that name the file, line and column; atomic saving.

use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::Path;

use ron::extensions::Extensions;

use super::locate::Locator;
use super::messages::describe;
use super::model::Scene;
use super::validate::{Item, Problem, validate};

pub use super::limits::MAX_SCENE_BYTES;

/// Why a scene could not be loaded or saved.
///
/// When a scene has several problems, `line`/`column` are those of the first and `message`
/// holds the first message followed by one `file:line: message` line per further problem,
/// so printing the error shows every problem in the usual compiler style.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceneError {
    /// The file as the user named it (or a label such as `README.md` for text).
    pub file: String,
    /// 1-based line of the (first) problem, when it has one.
    pub line: Option<usize>,
    /// 1-based column, for syntax and type errors.
    pub column: Option<usize>,
    /// What is wrong, in plain words.
    pub message: String,
}

impl SceneError {
    fn new(file: &str, message: impl Into<String>) -> Self {
        Self {
            file: file.to_owned(),
            line: None,
            column: None,
            message: message.into(),
        }
    }

    /// Folds several errors into one whose display lists them all (see the type docs).
    fn join(mut errors: Vec<SceneError>) -> SceneError {
        if errors.is_empty() {
            return SceneError::new("", "unknown error");
        }
        let rest = errors.split_off(1);
        let mut first = errors.remove(0);
        for e in rest {
            first.message.push('\n');
            first.message.push_str(&e.to_string());
        }
        first
    }
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "{}:{}:{}: {}", self.file, l, c, self.message),
            (Some(l), None) => write!(f, "{}:{}: {}", self.file, l, self.message),
            _ => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for SceneError {}

/// Parses and validates scene text; `file` is only used in error messages. A leading UTF-8
/// byte-order mark (which some Windows editors write) is skipped.
pub fn parse_scene(text: &str, file: &str) -> Result<Scene, SceneError> {
    parse_scene_all(text, file).map_err(SceneError::join)
}

/// Like [`parse_scene`], but returns every problem as its own error (a parse error stops
/// at the first; validation reports all). Used by `sweepscope check`.
pub fn parse_scene_all(text: &str, file: &str) -> Result<Scene, Vec<SceneError>> {
    // Positions after the mark still count from column 1, as an editor shows them.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(vec![SceneError {
            line: Some(1),
            column: Some(1),
            ..SceneError::new(
                file,
                "the file is empty; expected a scene `( version: 1, objects: [ ... ] )`",
            )
        }]);
    }
    // `implicit_some` lets hand-written files say `time: 0.5` instead of `time: Some(0.5)`;
    // both spellings load.
    let options = ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME);
    // Lines ended by a carriage return alone (classic Mac OS) count as lines in the errors,
    // as an editor shows them: RON counts line feeds, and every error in such a file was
    // on line 1. Positions are found in a copy with those returns made line feeds, one
    // byte for one; the scene itself is read from the text as it is (a return inside a
    // string is the string's).
    let lines = lone_returns_as_feeds(text);
    let scene: Scene = options.from_str(text).map_err(|e| {
        let error = match &lines {
            std::borrow::Cow::Owned(fed) => options.from_str::<Scene>(fed).err(),
            std::borrow::Cow::Borrowed(_) => None,
        };
        let (at, e) = error
            .as_ref()
            .map_or((text, &e), |fed| (lines.as_ref(), fed));
        vec![parse_error(at, file, e)]
    })?;
    let problems = validate(&scene);
    if problems.is_empty() {
        Ok(scene)
    } else {
        Err(problems_to_errors(&lines, file, &problems))
    }
}

/// `text` with each carriage return that no line feed follows made a line feed.
fn lone_returns_as_feeds(text: &str) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    let lone = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(lone) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        out.push(if c == '\r' && lone(i) { '\n' } else { c });
    }
    std::borrow::Cow::Owned(out)
}

/// A RON error with its position moved onto the offending token, and end-of-file errors
/// (which RON often reports as a missing comma after the last value) named as such.
fn parse_error(text: &str, file: &str, e: &ron::error::SpannedError) -> SceneError {
    let end = &e.span.end;
    let at_end = blank_after(text, end.line, end.col);
    // A file that ends inside a string or a comment: RON says "end of file" (or "expected
    // a quoted string"), where the user needs the string or comment that never ends.
    use ron::error::Error;
    if (at_end
        || matches!(
            e.code,
            Error::Eof | Error::ExpectedStringEnd | Error::UnclosedBlockComment
        ))
        && let Some((line, column, what)) = unclosed(text)
    {
        let message = match what {
            Unclosed::String => {
                "a string that starts here is never closed (a missing `\"`, or a file cut short?)"
            }
            Unclosed::Comment => "a `/*` comment that starts here is never closed",
        };
        return SceneError {
            line: Some(line),
            column: Some(column),
            ..SceneError::new(file, message.to_owned())
        };
    }
    if at_end {
        return SceneError {
            line: Some(end.line),
            column: Some(end.col),
            ..SceneError::new(file, describe(&ron::error::Error::Eof, ""))
        };
    }
    if e.code == ron::error::Error::TrailingCharacters
        && let Some((line, column, rest)) = text_after(text, e.span.start.line, e.span.start.col)
    {
        // RON places this where the scene ends; the user needs where the extra text is.
        let what = if rest.starts_with(')') {
            "an extra `)` after the end of the scene".to_owned()
        } else {
            let word: String = rest
                .chars()
                .take_while(|c| !c.is_whitespace())
                .take(20)
                .collect();
            format!("unexpected text `{word}` after the end of the scene")
        };
        return SceneError {
            line: Some(line),
            column: Some(column),
            ..SceneError::new(file, what)
        };
    }
    let (line, mut column) = (e.span.start.line, e.span.start.col);
    // RON's span can start on the whitespace it skipped; point at the token itself.
    let line_text = text.lines().nth(line.saturating_sub(1)).unwrap_or("");
    let skipped = line_text
        .chars()
        .skip(column.saturating_sub(1))
        .take_while(|c| *c == ' ' || *c == '\t')
        .count();
    if column.saturating_sub(1) + skipped < line_text.chars().count() {
        column += skipped;
    }
    let at: String = line_text.chars().skip(column.saturating_sub(1)).collect();
    SceneError {
        line: Some(line),
        column: Some(column),
        ..SceneError::new(file, describe(&e.code, &at))
    }
}

/// What a text can end inside of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unclosed {
    String,
    Comment,
}

/// Where the string (`"…"`, `b"…"`, `r#"…"#`) or `/* */` comment that `text` ends inside
/// begins, as a 1-based line and column in characters, if it ends inside one. Strings take
/// `\` escapes and raw strings none; line comments run to the end of their line.
fn unclosed(text: &str) -> Option<(usize, usize, Unclosed)> {
    let chars: Vec<char> = text.chars().collect();
    let at = |k: usize| chars.get(k).copied();
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    // Moves past `n` characters, counting lines.
    let step = |i: &mut usize, line: &mut usize, col: &mut usize, n: usize| {
        for _ in 0..n {
            if chars.get(*i) == Some(&'\n') {
                *line += 1;
                *col = 1;
            } else {
                *col += 1;
            }
            *i += 1;
        }
    };
    while let Some(c) = at(i) {
        let start = (line, col);
        let word_before = i > 0 && at(i - 1).is_some_and(|p| p.is_alphanumeric() || p == '_');
        if c == '/' && at(i + 1) == Some('/') {
            while at(i).is_some_and(|c| c != '\n') {
                step(&mut i, &mut line, &mut col, 1);
            }
        } else if c == '/' && at(i + 1) == Some('*') {
            step(&mut i, &mut line, &mut col, 2);
            loop {
                match at(i) {
                    None => return Some((start.0, start.1, Unclosed::Comment)),
                    Some('*') if at(i + 1) == Some('/') => {
                        step(&mut i, &mut line, &mut col, 2);
                        break;
                    }
                    Some(_) => step(&mut i, &mut line, &mut col, 1),
                }
            }
        } else if c == '"' || (c == 'b' && at(i + 1) == Some('"') && !word_before) {
            step(&mut i, &mut line, &mut col, if c == 'b' { 2 } else { 1 });
            loop {
                match at(i) {
                    None => return Some((start.0, start.1, Unclosed::String)),
                    Some('\\') => {
                        let n = 2.min(chars.len() - i);
                        step(&mut i, &mut line, &mut col, n);
                    }
                    Some('"') => {
                        step(&mut i, &mut line, &mut col, 1);
                        break;
                    }
                    Some(_) => step(&mut i, &mut line, &mut col, 1),
                }
            }
        } else if c == 'r' && !word_before && matches!(at(i + 1), Some('"' | '#')) {
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            if at(i + 1 + hashes) != Some('"') {
                step(&mut i, &mut line, &mut col, 1);
                continue;
            }
            step(&mut i, &mut line, &mut col, 2 + hashes);
            loop {
                match at(i) {
                    None => return Some((start.0, start.1, Unclosed::String)),
                    Some('"') if (1..=hashes).all(|k| at(i + k) == Some('#')) => {
                        step(&mut i, &mut line, &mut col, 1 + hashes);
                        break;
                    }
                    Some(_) => step(&mut i, &mut line, &mut col, 1),
                }
            }
        } else {
            step(&mut i, &mut line, &mut col, 1);
        }
    }
    None
}

/// The first text that is not whitespace at or after 1-based `line`:`column`: its line,
/// its column and the rest of its line.
fn text_after(text: &str, line: usize, column: usize) -> Option<(usize, usize, &str)> {
    text.lines()
        .enumerate()
        .skip(line.saturating_sub(1))
        .find_map(|(i, l)| {
            let from = if i + 1 == line {
                column.saturating_sub(1)
            } else {
                0
            };
            let (skip, rest) = l.char_indices().nth(from).map(|(b, _)| (from, &l[b..]))?;
            let blank = rest.chars().take_while(|c| c.is_whitespace()).count();
            let rest = rest.trim_start();
            (!rest.is_empty()).then_some((i + 1, skip + blank + 1, rest))
        })
}

/// True when nothing but whitespace follows 1-based `line`:`column`.
fn blank_after(text: &str, line: usize, column: usize) -> bool {
    let mut lines = text.lines().skip(line.saturating_sub(1));
    let here = lines.next().unwrap_or("");
    here.chars()
        .skip(column.saturating_sub(1))
        .all(char::is_whitespace)
        && lines.all(|l| l.trim().is_empty())
}

/// Attaches a line to each problem: the line of the offending field inside its list entry
/// when the scanner finds it, else the entry's, else the scene field's.
fn problems_to_errors(text: &str, file: &str, problems: &[Problem]) -> Vec<SceneError> {
    let at = Locator::new(text);
    let mut errors: Vec<(bool, SceneError)> = problems
        .iter()
        .map(|p| {
            // `min.x` is written under `min`; `position[0]` under `position`.
            let field = p.field.split(['.', '[']).next().unwrap_or("");
            let line = match (p.item.list_entry(), &p.item) {
                (Some((list, index)), _) => at.entry_field_line(list, index, field),
                (None, Item::Simulation) => at.field_line_in("simulation", field),
                (None, _) => at.field_line(field),
            };
            let error = SceneError {
                line,
                ..SceneError::new(file, p.to_string())
            };
            (p.is_count_of_unlisted(), error)
        })
        .collect();
    // File order reads best; problems without a line (a field left to its default) first,
    // and the count of those not listed last.
    errors.sort_by_key(|(unlisted, e)| (*unlisted, e.line.unwrap_or(0)));
    errors.into_iter().map(|(_, e)| e).collect()
}

/// Reads, parses and validates a scene file.
pub fn load_scene(path: &Path) -> Result<Scene, SceneError> {
    load_scene_all(path).map_err(SceneError::join)
}

/// Like [`load_scene`], but with every problem as its own error.
pub fn load_scene_all(path: &Path) -> Result<Scene, Vec<SceneError>> {
    let file = path.display().to_string();
    let text = read_scene_text(path).map_err(|e| vec![e])?;
    parse_scene_all(&text, &file)
}

/// Reads a scene file as UTF-8 text, refusing oversized files before reading them.
///
/// Only regular files (or links to one) are read: a folder, a FIFO, a socket or a device is
/// refused from its metadata before it is opened, because opening or reading one can wait
/// for ever (a FIFO with no writer) or never end (`/dev/zero`). The file is opened without
/// waiting and its type checked again on the handle, so a path swapped between the two
/// checks is refused too.
pub fn read_scene_text(path: &Path) -> Result<String, SceneError> {
    let file = path.display().to_string();
    let io_error = |e: std::io::Error| SceneError::new(&file, format!("cannot read: {e}"));
    let meta = std::fs::metadata(path).map_err(io_error)?;
    not_special(&file, &meta)?;
    let handle = open_no_wait(path).map_err(io_error)?;
    let meta = handle.metadata().map_err(io_error)?;
    not_special(&file, &meta)?;
    if meta.len() > MAX_SCENE_BYTES {
        return Err(too_big(&file, meta.len()));
    }
    // The size can change between the check and the read (or lie, for special files), so
    // the read itself is capped too.
    let mut bytes = Vec::new();
    handle
        .take(MAX_SCENE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    if bytes.len() as u64 > MAX_SCENE_BYTES {
        return Err(too_big(&file, bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let (line, column) = line_column_at_end(valid);
        let bad = e.as_bytes()[valid.len()];
        SceneError {
            line: Some(line),
            column: Some(column),
            ..SceneError::new(
                &file,
                format!("the file is not UTF-8 text (byte 0x{bad:02X}); scene files must be UTF-8"),
            )
        }
    })
}

/// Refuses anything but a regular file, naming what it is.
fn not_special(file: &str, meta: &std::fs::Metadata) -> Result<(), SceneError> {
    if meta.is_file() {
        return Ok(());
    }
    let kind = if meta.is_dir() {
        "a folder"
    } else {
        special_kind(meta)
    };
    Err(SceneError::new(
        file,
        format!("is {kind}, not a scene file; only regular files are read"),
    ))
}

/// Why `path` cannot be opened as a scene file, as the loader would say it ("no such
/// file", "is a FIFO (named pipe), not a scene file; …"); `None` for a regular file (or
/// a link to one).
pub(crate) fn not_a_scene_file(path: &Path) -> Option<String> {
    match path.metadata() {
        Ok(meta) => not_special("", &meta).err().map(|e| e.message),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Some("no such file".to_owned()),
        Err(e) => Some(e.to_string()),
    }
}

/// What a path that exists but is not a folder is, for a message that a folder was
/// expected: "is a file, not a folder", "is a FIFO (named pipe), not a folder", ….
pub(crate) fn not_a_folder(path: &Path) -> String {
    let kind = match path.metadata() {
        Ok(meta) if meta.is_file() => "a file",
        Ok(meta) => special_kind(&meta),
        Err(_) => "not readable",
    };
    format!("is {kind}, not a folder")
}

#[cfg(unix)]
fn special_kind(meta: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_fifo() {
        "a FIFO (named pipe)"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &std::fs::Metadata) -> &'static str {
    "a special file"
}

/// Opens for reading without blocking on a FIFO that has no writer (regular files read as
/// usual; the handle's type is checked before any read).
#[cfg(unix)]
pub(crate) fn open_no_wait(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
pub(crate) fn open_no_wait(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

fn too_big(file: &str, len: u64) -> SceneError {
    SceneError::new(
        file,
        format!(
            "the file is {len} bytes; scene files larger than {} MiB are refused",
            MAX_SCENE_BYTES / (1024 * 1024)
        ),
    )
}

/// 1-based line and column of the position just after `valid` (valid UTF-8 by construction).
fn line_column_at_end(valid: &[u8]) -> (usize, usize) {
    let text = std::str::from_utf8(valid).unwrap_or_default();
    let line = 1 + text.matches('\n').count();
    let column = 1 + text.rsplit('\n').next().map_or(0, |l| l.chars().count());
    (line, column)
}

/// The scene as the text of a `.ron` file (see [`super::format`]).
pub fn scene_to_string(scene: &Scene) -> String {
    super::format::write_scene(scene)
}

/// Writes the scene atomically (see `atomic_file`): an existing file is either replaced
/// whole or left untouched. An invalid scene is refused, because it could not be loaded back.
pub fn save_scene(path: &Path, scene: &Scene) -> Result<(), SceneError> {
    let file = path.display().to_string();
    let problems = validate(scene);
    if !problems.is_empty() {
        let mut errors: Vec<SceneError> = problems
            .iter()
            .map(|p| SceneError::new(&file, p.to_string()))
            .collect();
        errors[0].message = format!("not saved: {}", errors[0].message);
        return Err(SceneError::join(errors));
    }
    let text = scene_to_string(scene);
    // A file past the loader's limit could never be opened again: the one on disk stays.
    if text.len() as u64 > MAX_SCENE_BYTES {
        return Err(SceneError::new(&file, too_big_to_save(text.len())));
    }
    crate::atomic_file::replace_regular(path, text.as_bytes())
        .map_err(|e| SceneError::new(&file, format!("cannot save: {e}")))
}

/// Why a scene whose text would be `bytes` long is not written.
pub fn too_big_to_save(bytes: usize) -> String {
    format!(
        "not saved: it would be {bytes} bytes, past the {} MiB a scene file may be \
         (MAX_SCENE_BYTES), which no command or window could open again; the file on disk \
         is as it was",
        MAX_SCENE_BYTES / (1024 * 1024)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hostile test: a scene of 16 MiB less a few bytes, grown by one object, was saved
    /// past the limit, and no command or window could open the file again. The save is
    /// refused and the file on disk kept.
    #[test]
    fn a_save_past_the_size_limit_is_refused_and_the_file_kept() {
        let dir = std::env::temp_dir().join(format!("sweepscope-toobig-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let file = dir.join("big.ron");
        std::fs::write(&file, "kept").unwrap_or_else(|e| panic!("{e}"));
        let mut scene = crate::scene::builtin::default_scene();
        scene.notes = "a".repeat(MAX_SCENE_BYTES as usize);
        let err = save_scene(&file, &scene)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            err.contains("past the 16 MiB a scene file may be (MAX_SCENE_BYTES)"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap_or_default(), "kept");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A file cut short right after a string's opening quote, or inside a raw string or a
    /// comment, was "unexpected end of file … is a closing `)` missing?": the string or
    /// comment that never ends is found, and the place it starts.
    #[test]
    fn the_string_or_comment_a_file_ends_inside_is_found() {
        let cases = [
            ("(\n    name: \"", Some((2, 11, Unclosed::String))),
            ("(\n    name: \"   ", Some((2, 11, Unclosed::String))),
            (
                "(\n    notes: r#\"a \"quote\" inside",
                Some((2, 12, Unclosed::String)),
            ),
            (
                "(\n    variants: [\"a\", \"",
                Some((2, 21, Unclosed::String)),
            ),
            ("(\n    /* comment", Some((2, 5, Unclosed::Comment))),
            ("(\n    name: \"a\\\"b\", // \"not a string\n", None),
            ("(notes: r#\"a \"b\" c\"#, /* c */ x: \"d\")", None),
        ];
        for (text, want) in cases {
            assert_eq!(unclosed(text), want, "{text:?}");
        }
    }

    const SMALL: &str = r#"(
    version: 1,
    objects: [
        (name: "ball", shape: Ball(start: (0, 0), end: (10, 0), radius: 1)),
        (name: "wall", shape: Box(min: (5, -1), max: (6, 1))),
    ],
    expect: [(ball: "ball", obstacle: "wall", hit: true, time: 0.4)],
)"#;

    #[test]
    fn parses_with_implicit_and_explicit_some() {
        let a = parse_scene(SMALL, "a.ron").expect("implicit Some parses");
        let explicit = SMALL.replace("time: 0.4", "time: Some(0.4)");
        let b = parse_scene(&explicit, "b.ron").expect("explicit Some parses");
        assert_eq!(a, b);
        assert_eq!(a.expect[0].time, Some(0.4));
    }

    /// Hostile test: in a file whose lines end with a carriage return alone, every error
    /// was on line 1, at a column past the length of any line.
    #[test]
    fn lines_ended_by_a_carriage_return_alone_are_counted() {
        let bad = "(\r    version: 1,\r    objects: [\r        (name: \"b\", shape: \
                   Box(min: (1.0, 0.0), max: (0.0, 1.0))),\r    ],\r)\r";
        let e = parse_scene(bad, "cr.ron").expect_err("min above max");
        assert_eq!(e.line, Some(4), "{e}");
        let broken = SMALL
            .replace('\n', "\r")
            .replace("radius: 1", "radius: \"1\"");
        let e = parse_scene(&broken, "cr.ron").expect_err("a string radius");
        assert_eq!(e.line, Some(4), "{e}");
        // Line feeds, with or without returns, are untouched.
        assert!(parse_scene(&SMALL.replace('\n', "\r\n"), "crlf.ron").is_ok());
        // A return inside a string is the string's: the scene is read as written (the
        // fuzz corpus's save and load round trip turned it into a line feed).
        let noted = SMALL.replace("version: 1,", "version: 1,\n    notes: \"a\rb\",");
        let scene = parse_scene(&noted, "noted.ron").expect("loads");
        assert_eq!(scene.notes, "a\rb");
    }

    #[test]
    fn parse_errors_carry_line_and_column() {
        let broken = SMALL.replace("radius: 1", "radius: \"1\"");
        let e = parse_scene(&broken, "x.ron").unwrap_err();
        assert_eq!((e.file.as_str(), e.line), ("x.ron", Some(4)));
        assert!(e.column.is_some());
        assert!(e.message.contains("expected a number"), "{e}");
    }

    #[test]
    fn validation_errors_point_at_the_object_line() {
        let bad = SMALL
            .replace("radius: 1", "radius: -1")
            .replace("min: (5, -1)", "min: (7, -1)");
        let errors = parse_scene_all(&bad, "v.ron").unwrap_err();
        let shown: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            shown,
            vec![
                "v.ron:4: object 0 \"ball\": `radius` must be greater than 0 (got -1)".to_owned(),
                "v.ron:5: object 1 \"wall\": `min.x` is greater than max.x (7 > 6)".to_owned(),
            ]
        );
        let joined = parse_scene(&bad, "v.ron").unwrap_err().to_string();
        assert_eq!(joined, shown.join("\n"));
    }

    #[test]
    fn pretty_output_is_compact_for_vectors_and_round_trips() {
        let scene = parse_scene(SMALL, "a.ron").expect("parses");
        let text = scene_to_string(&scene);
        assert!(text.contains("start: (0.0, 0.0)"), "{text}");
        assert_eq!(parse_scene(&text, "again.ron"), Ok(scene));
    }
}
