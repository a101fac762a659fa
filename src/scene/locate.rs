//! Finds the line of the n-th entry of a list field (`objects`, `expect`, `discs`, ...) in
//! RON text, so validation problems, found after parsing, can still point at a line.
//!
//! A tiny scanner rather than a second parser: it only needs to skip strings and comments
//! and count brackets, which is enough for files the real parser has already accepted.

/// The text's tokens, scanned once and queried per problem.
pub struct Locator<'a> {
    tokens: Vec<Tok<'a>>,
}

impl<'a> Locator<'a> {
    pub fn new(text: &'a str) -> Self {
        Self {
            tokens: Scanner::new(text).tokens(),
        }
    }

    /// Token ranges of each entry of the list written as `list: [ ... ]` (first occurrence
    /// of that field name), or empty when it is not found.
    fn entries(&self, list: &str) -> Vec<std::ops::Range<usize>> {
        let tokens = &self.tokens;
        let Some(start) = tokens.windows(3).position(|w| {
            matches!(w, [Tok::Ident(name, _), Tok::Punct(':', _), Tok::Punct('[', _)] if *name == list)
        }) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut depth = 0usize;
        let mut entry_start: Option<usize> = None;
        for (i, tok) in tokens.iter().enumerate().skip(start + 2) {
            if depth == 1 && entry_start.is_none() && !matches!(tok, Tok::Punct(']' | ',', _)) {
                entry_start = Some(i);
            }
            match tok {
                Tok::Punct('[' | '(' | '{', _) => depth += 1,
                Tok::Punct(']' | ')' | '}', _) => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        out.extend(entry_start.take().map(|s| s..i));
                        break;
                    }
                }
                Tok::Punct(',', _) if depth == 1 => out.extend(entry_start.take().map(|s| s..i)),
                _ => {}
            }
        }
        out
    }

    /// 1-based line of each entry of `list`.
    #[cfg(test)]
    pub fn entry_lines(&self, list: &str) -> Vec<usize> {
        self.entries(list)
            .into_iter()
            .map(|r| self.tokens[r.start].line())
            .collect()
    }

    /// The line of `field:` inside entry `index` of `list`, or of the entry itself when the
    /// field is not written there (left to its default).
    pub fn entry_field_line(&self, list: &str, index: usize, field: &str) -> Option<usize> {
        let range = self.entries(list).into_iter().nth(index)?;
        let entry = &self.tokens[range.clone()];
        let field_line = entry.windows(2).find_map(|w| match w {
            [Tok::Ident(name, line), Tok::Punct(':', _)] if *name == field => Some(*line),
            _ => None,
        });
        Some(field_line.unwrap_or(self.tokens[range.start].line()))
    }

    /// 1-based line of `field:` written directly inside the value of the first `parent:`
    /// (`restitution` in `simulation: ( ... )`, not the response's), else of `parent:`
    /// itself.
    pub fn field_line_in(&self, parent: &str, field: &str) -> Option<usize> {
        let tokens = &self.tokens;
        let start = tokens.windows(2).position(
            |w| matches!(w, [Tok::Ident(name, _), Tok::Punct(':', _)] if *name == parent),
        )?;
        let mut depth = 0usize;
        for (i, tok) in tokens.iter().enumerate().skip(start + 2) {
            match tok {
                Tok::Punct('[' | '(' | '{', _) => depth += 1,
                Tok::Punct(']' | ')' | '}', _) => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        break;
                    }
                }
                Tok::Ident(name, line)
                    if depth == 1
                        && *name == field
                        && matches!(tokens.get(i + 1), Some(Tok::Punct(':', _))) =>
                {
                    return Some(*line);
                }
                _ => {}
            }
        }
        Some(tokens[start].line())
    }

    /// 1-based line of the first `field:` outside strings and comments.
    pub fn field_line(&self, field: &str) -> Option<usize> {
        self.tokens.windows(2).find_map(|w| match w {
            [Tok::Ident(name, line), Tok::Punct(':', _)] if *name == field => Some(*line),
            _ => None,
        })
    }
}

#[derive(Debug, PartialEq)]
enum Tok<'a> {
    Ident(&'a str, usize),
    Punct(char, usize),
    /// A string, number or anything else that is one value.
    Other(usize),
}

impl Tok<'_> {
    fn line(&self) -> usize {
        match *self {
            Tok::Ident(_, line) | Tok::Punct(_, line) | Tok::Other(line) => line,
        }
    }
}

struct Scanner<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Self {
        Self {
            text,
            pos: 0,
            line: 1,
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn tokens(mut self) -> Vec<Tok<'a>> {
        let mut out = Vec::new();
        while let Some(c) = self.peek() {
            let line = self.line;
            if c.is_whitespace() {
                self.bump();
            } else if self.rest().starts_with("//") {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.bump();
                }
            } else if self.rest().starts_with("/*") {
                self.block_comment();
            } else if c == '"' {
                self.string();
                out.push(Tok::Other(line));
            } else if c == 'r' && (self.rest().starts_with("r\"") || self.rest().starts_with("r#"))
            {
                self.raw_string();
                out.push(Tok::Other(line));
            } else if c.is_alphabetic() || c == '_' {
                let begin = self.pos;
                while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    self.bump();
                }
                out.push(Tok::Ident(&self.text[begin..self.pos], line));
            } else if "[](){},:".contains(c) {
                self.bump();
                out.push(Tok::Punct(c, line));
            } else {
                while self
                    .peek()
                    .is_some_and(|c| !c.is_whitespace() && !"[](){},:\"".contains(c))
                {
                    self.bump();
                }
                out.push(Tok::Other(line));
            }
        }
        out
    }

    /// RON block comments nest.
    fn block_comment(&mut self) {
        let mut depth = 0usize;
        while !self.rest().is_empty() {
            if self.rest().starts_with("/*") {
                depth += 1;
                self.bump();
                self.bump();
            } else if self.rest().starts_with("*/") {
                self.bump();
                self.bump();
                depth -= 1;
                if depth == 0 {
                    return;
                }
            } else {
                self.bump();
            }
        }
    }

    fn string(&mut self) {
        self.bump();
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    self.bump();
                }
                '"' => return,
                _ => {}
            }
        }
    }

    fn raw_string(&mut self) {
        self.bump();
        let mut hashes = 0;
        while self.peek() == Some('#') {
            hashes += 1;
            self.bump();
        }
        self.bump();
        let close = format!("\"{}", "#".repeat(hashes));
        while !self.rest().is_empty() {
            if self.rest().starts_with(&close) {
                for _ in 0..close.len() {
                    self.bump();
                }
                return;
            }
            self.bump();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_each_entry_line_skipping_comments_and_strings() {
        let text = r#"(
    name: "objects: [ fake",
    // objects: [ (also fake) ]
    objects: [
        (name: "a", shape: Box(min: (0, 0), max: (1, 1))),
        /* a (nested /* */) comment */
        (
            name: "b]",
            shape: Segment(a: (0, 0), b: (1, 1)),
        ),
    ],
    variants: ["trig-corner",
        "discrete"],
)"#;
        let at = Locator::new(text);
        assert_eq!(at.entry_lines("objects"), vec![5, 7]);
        assert_eq!(at.entry_lines("variants"), vec![12, 13]);
        assert_eq!(at.entry_lines("expect"), Vec::<usize>::new());
        assert_eq!(at.field_line("variants"), Some(12));
        assert_eq!(at.field_line("name"), Some(2));
        assert_eq!(at.field_line("zoom"), None);
        assert_eq!(at.entry_field_line("objects", 1, "shape"), Some(9));
        assert_eq!(at.entry_field_line("objects", 1, "radius"), Some(7));
        assert_eq!(at.entry_field_line("objects", 0, "shape"), Some(5));
        assert_eq!(at.entry_field_line("objects", 2, "shape"), None);
    }
}

#[cfg(test)]
mod field_in_tests {
    use super::Locator;

    /// Robustness attack: the simulation's `restitution: 1.5` and `duration: -3.0`, each on
    /// a line of its own, were reported at the `simulation: (` line; a search for the
    /// first `restitution:` would find the response's.
    #[test]
    fn a_field_is_found_inside_its_own_section() {
        let text = "(\n    response: (kind: Reflect, restitution: 0.5),\n    simulation: (\n        \
                    discs: [(position: (1.0, 1.0), radius: 1.0)],\n        restitution: 1.5,\n        \
                    duration: -3.0,\n    ),\n)\n";
        let at = Locator::new(text);
        assert_eq!(at.field_line_in("simulation", "restitution"), Some(5));
        assert_eq!(at.field_line_in("simulation", "duration"), Some(6));
        // Not written: the section's own line; inside an entry is not the section's.
        assert_eq!(at.field_line_in("simulation", "bounds"), Some(3));
        assert_eq!(at.field_line_in("simulation", "radius"), Some(3));
        assert_eq!(at.field_line_in("missing", "x"), None);
    }
}
