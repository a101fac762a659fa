//! Turns RON parser errors into plain sentences for people editing scene files by hand.

use ron::error::Error;

/// A plain-words description of a RON parse error; `at` is the file's text from where the
/// error points (for a hint on what is written there).
pub fn describe(error: &Error, at: &str) -> String {
    match error {
        Error::Eof => {
            "unexpected end of file: the scene is incomplete (is a closing `)` or `]` missing?)"
                .to_owned()
        }
        Error::ExpectedComma => "expected a comma between two items".to_owned(),
        Error::ExpectedStructLikeEnd | Error::ExpectedOptionEnd => {
            "expected a closing `)` (or a comma before the next field)".to_owned()
        }
        Error::ExpectedArrayEnd => {
            "expected a closing `]` (or a comma before the next item)".to_owned()
        }
        // `(x: 1.0, y: 2.0)`: the parser wants the point's first number and finds a name.
        Error::ExpectedFloat if field_name_first(at) => {
            "wrong type: expected a number here (points and vectors are written `(x, y)`, \
             without field names)"
                .to_owned()
        }
        Error::ExpectedFloat | Error::ExpectedInteger => {
            "wrong type: expected a number here".to_owned()
        }
        // The whole-number fields (`version`, `max_bounces`, `substeps`, `cell`, ...).
        Error::IntegerOutOfBounds => {
            "expected a whole number that fits the field here (none may be negative)".to_owned()
        }
        Error::InvalidIntegerDigit { digit, .. } => {
            format!("expected a whole number here, written with digits only (found {digit:?})")
        }
        Error::ExpectedString => "wrong type: expected a quoted string here".to_owned(),
        Error::ExpectedStringEnd => {
            "a string that starts here is never closed (a missing `\"`, or a file cut short?)"
                .to_owned()
        }
        Error::ExpectedBoolean => "wrong type: expected `true` or `false` here".to_owned(),
        Error::ExpectedArray => "wrong type: expected a list `[ ... ]` here".to_owned(),
        Error::ExpectedNamedStructLike(name) => {
            format!("wrong type: expected `( ... )` here ({})", written_as(name))
        }
        Error::ExpectedStructLike => "wrong type: expected `( ... )` here".to_owned(),
        // `shape: 5`: RON's own words suggest a raw identifier `r#5`.
        Error::SuggestRawIdentifier(found) => {
            format!("expected a name here (a kind such as `Ball`), but found `{found}`")
        }
        Error::InvalidValueForType { expected, found } => {
            format!("wrong type: expected {expected}, but found {found}")
        }
        Error::ExpectedDifferentLength { expected, found } => {
            format!("wrong number of values: expected {expected}, but found {found}")
        }
        Error::NoSuchStructField {
            expected,
            found,
            outer,
        } => format!(
            "unknown field `{found}`{}; allowed fields: {}",
            within(outer.as_deref()),
            expected.join(", ")
        ),
        Error::MissingStructField { field, outer } => {
            format!("missing field `{field}`{}", within(outer.as_deref()))
        }
        Error::DuplicateStructField { field, outer } => {
            format!("field `{field}` is given twice{}", within(outer.as_deref()))
        }
        Error::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => format!(
            "unknown kind `{found}`{}; expected one of: {}",
            within(outer.as_deref()),
            expected.join(", ")
        ),
        Error::TrailingCharacters => {
            "unexpected text after the end of the scene (an extra `)`?)".to_owned()
        }
        // `None` is written bare: "found `None( ... )`" described text that is not there.
        Error::ExpectedDifferentStructName { expected, found } if found == "None" => format!(
            "wrong type: expected a `{expected}`, written `( ... )`, but found `None`; leave \
             the field out instead"
        ),
        Error::ExpectedDifferentStructName { expected, found } => format!(
            "wrong type: expected a `{expected}`, written `( ... )` with no name before it, \
             but found `{found}( ... )`"
        ),
        // After an item's last field and its comma the parser wants the next field's name,
        // so a `]` there means the item's own `)` is missing; a kind written without its
        // name (`shape: (start: ...)`) or quoted lands here too.
        Error::ExpectedIdentifier => "expected a name here (a field, or a kind such as \
                                      `Ball`); is a closing `)` missing before it?"
            .to_owned(),
        Error::InvalidIdentifier(name) => format!("`{name}` is not a name that can stand here"),
        Error::ExpectedStructName(name) => {
            format!("expected the name `{name}` before the `(` here")
        }
        Error::InvalidEscape(what) => format!("a string holds an invalid escape: {what}"),
        Error::FloatUnderscore | Error::UnderscoreAtBeginning => {
            "a number may not start with `_` or have one right after its point".to_owned()
        }
        Error::UnexpectedChar(c) => format!("unexpected character {c:?}"),
        Error::UnclosedBlockComment => "a `/*` comment is never closed".to_owned(),
        // A field's name without its `:` (`zoom 7.0`) lands here.
        Error::ExpectedMapColon => "expected a `:` between a field's name and its value".to_owned(),
        Error::ExceededRecursionLimit => "the file nests brackets too deeply".to_owned(),
        other => other.to_string(),
    }
}

/// How a value of the model's type `name` is written, for a value of the wrong kind.
fn written_as(name: &str) -> String {
    let fields = |what: &str, example: &str| format!("{what} is written `{example}`");
    match name {
        "Vec2" => "points and vectors are written `(x, y)`".to_owned(),
        "Object" => fields("an object", "(name: \"...\", shape: ...)"),
        "View" => fields("the view", "(center: (x, y), zoom: ...)"),
        "ResponseSettings" => fields("the response", "(kind: Reflect, ...)"),
        "Expectation" => fields(
            "an expectation",
            "(ball: \"...\", obstacle: \"...\", hit: ...)",
        ),
        "Reported" => fields(
            "a reported answer",
            "(ball: \"...\", obstacle: \"...\", by: ...)",
        ),
        "Disc" => fields(
            "a disc",
            "(position: (x, y), velocity: (x, y), radius: ...)",
        ),
        "Aabb" => fields("a box's corners", "(min: (x, y), max: (x, y))"),
        "Simulation" => fields(
            "the simulation",
            "(bounds: (min: ..., max: ...), discs: [...])",
        ),
        _ => format!("a `{name}` is written `(field: value, ...)`"),
    }
}

/// Whether `at` starts with a field's name and its colon (`x: 1.0`).
fn field_name_first(at: &str) -> bool {
    let name_len = at
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(at.len());
    name_len > 0
        && !at.starts_with(|c: char| c.is_ascii_digit())
        && at[name_len..].trim_start().starts_with(':')
}

fn within(outer: Option<&str>) -> String {
    outer.map(|o| format!(" in {o}")).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    /// A ball's closing `)` left out gave the parser's own "Expected identifier", capital
    /// and all, where every other mistake gets a sentence.
    #[test]
    fn a_missing_closing_parenthesis_inside_a_list_is_named() {
        let text = "(\n    version: 1,\n    objects: [ (name: \"ball\", shape: Ball(start: (0.0, 0.0), \
                    end: (1.0, 1.0), radius: 1.0),\n    ],\n)\n";
        let err = crate::scene::parse_scene(text, "lf.ron")
            .err()
            .unwrap_or_else(|| panic!("the scene is refused"));
        let msg = err.to_string();
        assert!(msg.contains("lf.ron:4:5"), "{msg}");
        assert!(msg.contains("is a closing `)` missing"), "{msg}");
        assert!(msg.contains("expected a name here"), "{msg}");
        assert!(!msg.contains("Expected identifier"), "{msg}");
    }

    /// Robustness attack: `zoom 7.0` (no colon) gave the parser's own "Expected colon".
    #[test]
    fn a_field_without_its_colon_is_named() {
        let text =
            "(\n    version: 1,\n    objects: [],\n    view: (center: (0.0, 0.0), zoom 7.0),\n)\n";
        let err = crate::scene::parse_scene(text, "v.ron")
            .err()
            .unwrap_or_else(|| panic!("the scene is refused"));
        let msg = err.to_string();
        assert!(msg.contains("v.ron:4:"), "{msg}");
        assert!(
            msg.contains("expected a `:` between a field's name and its value"),
            "{msg}"
        );
    }

    /// Hostile test: every `( ... )` of the wrong kind was told "points and vectors are
    /// written `(x, y)`", a view, a response or an object included.
    #[test]
    fn a_value_of_the_wrong_kind_is_told_how_its_own_type_is_written() {
        let refused = |text: &str| {
            crate::scene::parse_scene(text, "k.ron")
                .err()
                .unwrap_or_else(|| panic!("refused: {text}"))
                .to_string()
        };
        let view = refused("(version: 1, objects: [], view: 5.0)");
        assert!(
            view.contains("the view is written `(center: (x, y)"),
            "{view}"
        );
        assert!(!view.contains("points and vectors"), "{view}");
        let response = refused("(version: 1, objects: [], response: 1)");
        assert!(response.contains("the response is written"), "{response}");
        let object = refused("(version: 1, objects: [5])");
        assert!(object.contains("an object is written `(name:"), "{object}");
        let ball = "(version: 1, objects: [(name: \"b\", shape: Ball(start: START, end: (1.0, 0.0), radius: 1.0))])";
        let list = refused(&ball.replace("START", "[0.0, 0.0]"));
        assert!(
            list.contains("points and vectors are written `(x, y)`"),
            "{list}"
        );
        let named = refused(&ball.replace("START", "(x: 0.0, y: 0.0)"));
        assert!(named.contains("k.ron:1:"), "{named}");
        assert!(named.contains("without field names"), "{named}");
        let shape = refused("(version: 1, objects: [(name: \"b\", shape: 5)])");
        assert!(
            shape.contains("expected a name here (a kind such as `Ball`), but found `5`"),
            "{shape}"
        );
        assert!(!shape.contains("r#"), "{shape}");
    }
}
