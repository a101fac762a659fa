//! Text from users (object names, file names, messages that quote them) made safe to print
//! on a terminal: control characters would otherwise move the cursor, recolour or clear
//! the screen, or fake further lines of output; bidirectional overrides reorder what is
//! shown.

use std::borrow::Cow;
use std::fmt::Write;

/// `text` with every control character (C0, DEL, C1) and bidirectional or invisible
/// formatting character escaped as Rust writes it (`\n`, `\u{1b}`); anything else,
/// non-ASCII letters included, unchanged. Borrowed when nothing needed escaping.
pub fn safe(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if needs_escape(c) {
            for e in c.escape_default() {
                out.push(e);
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Like [`safe`], but keeps line breaks: for messages made of several lines on purpose
/// (each line is escaped on its own).
pub fn safe_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = write!(out, "{}", safe(line));
    }
    out
}

/// Like [`safe`], but keeps line breaks and tabs: for a document meant to be read in a
/// terminal or an editor whose layout is its own (a report whose parts quote names).
pub fn safe_document(text: &str) -> Cow<'_, str> {
    let hidden = |c: char| needs_escape(c) && !matches!(c, '\n' | '\t');
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hidden(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{2069}'
                | '\u{feff}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_overrides_are_escaped_letters_are_not() {
        assert_eq!(safe("ball"), "ball");
        assert!(matches!(safe("bålle ∞"), Cow::Borrowed("bålle ∞")));
        assert_eq!(safe("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(safe("x\ny\tz\r"), "x\\ny\\tz\\r");
        assert_eq!(safe("\u{9b}31m"), "\\u{9b}31m");
        assert_eq!(safe("evil\u{202e}txt"), "evil\\u{202e}txt");
        assert_eq!(safe("\u{7f}"), "\\u{7f}");
        assert_eq!(safe_lines("one\u{7}\ntwo"), "one\\u{7}\ntwo");
        assert_eq!(safe_document("a\tb\nc\u{202e}\r"), "a\tb\nc\\u{202e}\\r");
    }
}
