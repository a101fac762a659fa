//! Small labelled input widgets shared by the panels; every DragValue is named for screen
//! readers and tests through `labelled_by` / `accessible_name`.
//!
//! A value typed into a field is applied once, on Enter or when the field loses focus.
//! Applied keystroke by keystroke, `1e39` was applied as 1000 on its way to being refused,
//! and a refused partial value reset the text under the cursor (`35` typed over 40 gave
//! 450).
//!
//! Text that is not a number is refused in words: egui's own parser drops it without one,
//! so `abc` typed over 20 left 20 and nothing said why. Every number field and slider parses
//! with [`number_parser`], which leaves the refusal for the status bar ([`take_typed`]).

use egui::{Context, DragValue, Id, Response, Ui};
use glam::Vec2;

use crate::app::ui_state::NOT_APPLIED;

/// Where a refusal waits for the status bar, in the context's temporary memory.
fn refusal_id() -> Id {
    Id::unique("sweepscope: typed text that is not a number")
}

/// A number field's parser: egui's (whitespace ignored anywhere, `−` read as `-`), which
/// also refuses `NaN`, and which says so. Text it refuses leaves a line naming the field
/// `name` for [`take_typed`]; the field keeps its value, as egui keeps it.
pub fn number_parser(ctx: &Context, name: &str) -> impl Fn(&str) -> Option<f64> + 'static {
    limited_parser(ctx, name, Limits::ANY)
}

/// What a field takes: `lo..=hi`, and only whole numbers when `whole`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    pub lo: f64,
    pub hi: f64,
    pub whole: bool,
    /// What `hi` is, when it is not a fixed limit (the end of a recorded run).
    pub hi_is: Option<&'static str>,
}

impl Limits {
    /// Any number (the scene's own checks refuse what the file format does not take).
    pub const ANY: Limits = Limits {
        lo: f64::NEG_INFINITY,
        hi: f64::INFINITY,
        whole: false,
        hi_is: None,
    };

    /// Numbers from `lo` to `hi`.
    pub const fn range(lo: f64, hi: f64) -> Limits {
        Limits {
            lo,
            hi,
            whole: false,
            hi_is: None,
        }
    }

    /// Whole numbers from `lo` to `hi`.
    pub const fn count(lo: f64, hi: f64) -> Limits {
        Limits {
            lo,
            hi,
            whole: true,
            hi_is: None,
        }
    }

    /// Times from 0 to `end`, the end of the run recorded so far.
    pub const fn history(end: f64) -> Limits {
        Limits {
            lo: 0.0,
            hi: end,
            whole: false,
            hi_is: Some("the end of the run recorded so far: play or step on to go further"),
        }
    }

    /// Why `v` is not taken, if it is not.
    fn refuses(&self, v: f64) -> Option<String> {
        if v < self.lo {
            Some(format!("{} is below the least, {}", said(v), said(self.lo)))
        } else if v > self.hi {
            Some(match self.hi_is {
                Some(what) => format!("{} is past {}, {what}", said(v), said(self.hi)),
                None => format!("{} is above the limit, {}", said(v), said(self.hi)),
            })
        } else if self.whole && v.fract() != 0.0 {
            Some(format!("{} is not a whole number", said(v)))
        } else {
            None
        }
    }

    /// Why a whole number typed as `text` is not taken though its f64 is: it is past what
    /// f64 holds exactly (9007199254740993 read as ...992 and was applied without a word).
    fn inexact(&self, text: &str) -> Option<String> {
        let n: i128 = text.parse().ok()?;
        (self.whole && n.unsigned_abs() > 1 << 53)
            .then(|| format!("{n} is above the limit, {}", said(self.hi)))
    }
}

/// [`number_parser`] for a field that takes `limits`: a value outside them is refused in
/// words too, where egui would hold it to the range without one (`inf` typed into Discs
/// gave 20,000, `-1` gave 0, and a Fill then removed every disc).
pub fn limited_parser(
    ctx: &Context,
    name: &str,
    limits: Limits,
) -> impl Fn(&str) -> Option<f64> + 'static {
    let (ctx, name) = (ctx.clone(), name.to_owned());
    move |text: &str| {
        let clean: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| if c == '−' { '-' } else { c })
            .collect();
        let why = match clean.parse::<f64>().ok().filter(|v| !v.is_nan()) {
            None => format!("{:?} is not a number", text.trim()),
            Some(v) => match limits.refuses(v).or_else(|| limits.inexact(&clean)) {
                None => {
                    ctx.data_mut(|d| d.insert_temp(refusal_id(), Typed::Applied));
                    return Some(v);
                }
                Some(why) => why,
            },
        };
        let why = format!("{NOT_APPLIED}{name}: {why}; it keeps its value");
        ctx.data_mut(|d| d.insert_temp(refusal_id(), Typed::Refused(why)));
        None
    }
}

/// What the last typed value of any field came to this frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Typed {
    /// Applied: a refusal still in the status bar is about an earlier value.
    #[default]
    Applied,
    /// Refused, with the status bar's words.
    Refused(String),
}

/// What a field's parser left this frame, if anything (taken: it is said once).
pub fn take_typed(ctx: &Context) -> Option<Typed> {
    ctx.data_mut(|d| d.remove_temp::<Typed>(refusal_id()))
}

/// A label followed by a DragValue labelled by it.
pub fn drag_f32(
    ui: &mut Ui,
    label: &str,
    v: &mut f32,
    speed: f32,
    range: Option<(f32, f32)>,
) -> Response {
    drag_f32_where(ui, label, v, speed, range, None)
}

/// [`drag_f32`], greyed out with `unused` as its hover text when the value plays no part
/// (a restitution under a response that does not bounce).
pub fn drag_f32_where(
    ui: &mut Ui,
    label: &str,
    v: &mut f32,
    speed: f32,
    range: Option<(f32, f32)>,
    unused: Option<&str>,
) -> Response {
    let l = key(ui, label);
    let before = *v;
    let mut dv = field(ui, v, label).speed(speed);
    if let Some((lo, hi)) = range {
        dv = dv.range(lo..=hi);
    }
    let mut r = ui.add_enabled(unused.is_none(), dv).labelled_by(l.id);
    escape_keeps(ui, &r, v, before);
    if let Some(why) = unused {
        r = r.on_disabled_hover_text(why);
    }
    ui.end_row();
    r
}

/// A label and a DragValue for a length (a radius) on a canvas of `zoom` pixels per unit:
/// a point dragged moves it by what a point is on the canvas (a fixed 0.1 per point took a
/// radius of 5e-30 to 0.5 in 15 points). egui rounds a dragged value to at most 15
/// decimals, so below about 1e-13 a value is typed rather than dragged.
pub fn drag_len(ui: &mut Ui, label: &str, v: &mut f32, zoom: f32) -> Response {
    let l = key(ui, label);
    let before = *v;
    let r = ui
        .add(field(ui, v, label).speed(0.5 / zoom))
        .labelled_by(l.id);
    escape_keeps(ui, &r, v, before);
    ui.end_row();
    r
}

/// A label and two DragValues for a point (or a size) named `"<label> x"` and
/// `"<label> y"`, dragged as [`drag_len`] is.
pub fn drag_vec2(ui: &mut Ui, label: &str, v: &mut Vec2, zoom: f32) -> bool {
    key(ui, label);
    let mut changed = false;
    ui.horizontal(|ui| {
        let before = *v;
        let (x_name, y_name) = (format!("{label} x"), format!("{label} y"));
        let x = ui.add(field(ui, &mut v.x, &x_name).speed(1.0 / zoom).prefix("x "));
        escape_keeps(ui, &x, &mut v.x, before.x);
        changed |= x.accessible_name(x_name).changed();
        let y = ui.add(field(ui, &mut v.y, &y_name).speed(1.0 / zoom).prefix("y "));
        escape_keeps(ui, &y, &mut v.y, before.y);
        changed |= y.accessible_name(y_name).changed();
    });
    ui.end_row();
    changed
}

/// Escape leaves a field being typed in as it was. egui's DragValue skips the text in the
/// frame Escape is pressed, then applies it in the next, when it sees the focus lost (end
/// y typed over with 99 and Escaped became 99): the value before is kept for that next
/// frame, and only for it (a field of another object in the same place must not get it).
fn escape_keeps(ui: &Ui, r: &Response, v: &mut f32, before: f32) {
    let key = r.id.with("value before Escape");
    let pass = ui.ctx().cumulative_pass_nr();
    if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Escape)) {
        *v = before;
        ui.data_mut(|d| d.insert_temp(key, (before, pass)));
    } else if let Some((kept, at)) = ui.data_mut(|d| d.remove_temp::<(f32, u64)>(key))
        && at + 1 == pass
    {
        *v = kept;
    }
}

/// A number in a refusal: every digit of a whole number (a seed of 9007199254740992 read
/// `9.007199e15`), else the shortest digits of the f64.
fn said(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e17 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

/// A field for a count the file format limits (max bounces, sub-steps), applied once
/// typed. No range of its own: a count the format refuses is refused with its reason,
/// where a range would change a typed count without a word.
pub fn count_field(ui: &mut Ui, name: &str, v: &mut u32) -> Response {
    let parse = limited_parser(ui.ctx(), name, Limits::count(0.0, f64::from(u32::MAX)));
    ui.add(
        DragValue::new(v)
            .custom_parser(parse)
            .update_while_editing(false),
    )
}

/// A DragValue over `v`, shown with [`short`], applied once typed, and refusing text that
/// is not a number in words ([`number_parser`], naming it `name`).
fn field<'a>(ui: &Ui, v: &'a mut f32, name: &str) -> DragValue<'a> {
    DragValue::new(v)
        .custom_formatter(short)
        .custom_parser(number_parser(ui.ctx(), name))
        .update_while_editing(false)
}

/// A field's value as shown: the f32's shortest digits that read back as the same f32,
/// in exponent form below 10⁻⁴ and from 10⁷ on. A field opened and committed unchanged
/// then keeps its value bit for bit: shown with egui's four decimals, a start x of -3e-30
/// read back as -0 and a radius of 1e-7 as 0, and 5.000001 (one ulp past a graze) could
/// not be told from 5. (3.4028235e38 used to be shown as 39 digits, wider than the field.)
fn short(n: f64, _decimals: std::ops::RangeInclusive<usize>) -> String {
    let f = n as f32;
    if f == 0.0 || (1e-4..1e7).contains(&f.abs()) {
        format!("{f}")
    } else {
        format!("{f:e}")
    }
}

/// A field's name: never wrapped, so a narrow panel does not break it mid-word.
pub fn key(ui: &mut Ui, text: &str) -> egui::Response {
    ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend))
}

/// A number field's edit: while its value is dragged with the mouse, part of the gesture
/// (one undo step for the whole drag); typed and committed (Enter, Tab, a click away), an
/// undo step of its own, even when the keyboard moves straight on to the next field
/// (Tab), which keeps the gesture's "typing" going.
pub fn field_edit(ui: &Ui, edit: crate::app::document::Edit) -> crate::app::Command {
    if ui.input(|i| i.pointer.any_down()) {
        crate::app::Command::gesture(edit)
    } else {
        crate::app::Command::edit(edit)
    }
}

#[cfg(test)]
mod tests {
    use super::short;

    /// A radius of 1e39 was held to f32::MAX and shown as 39 digits, wider than the field.
    #[test]
    fn a_huge_value_is_shown_in_exponent_form() {
        assert_eq!(short(f64::from(f32::MAX), 0..=4), "3.4028235e38");
        assert_eq!(short(-2.5e9, 0..=4), "-2.5e9");
        assert_eq!(short(12.25, 1..=4), "12.25");
        assert_eq!(short(40.0, 1..=4), "40");
    }

    /// A field showed -3e-30 as -0.0, 1e-7 as 0.00 and 5.000001 as 5.00, and committing it
    /// unchanged wrote the rounded value back. What a field shows reads back as its value,
    /// bit for bit, for every kind of f32.
    #[test]
    fn a_field_shows_digits_that_read_back_as_the_same_f32() {
        let cases = [
            -3e-30_f32,
            1e-7,
            5.000001,
            1.7399898,
            f32::MIN_POSITIVE,
            1e-45,
            -0.0,
            0.1,
            123456.79,
            9999999.0,
            1e7,
            f32::MAX,
            -f32::MAX,
        ];
        let mut x = 0x3f80_0001_u32;
        let more = (0..2000).map(|_| {
            // A small generator over all finite bit patterns.
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            f32::from_bits(x)
        });
        for v in cases.into_iter().chain(more).filter(|v| v.is_finite()) {
            let text = short(f64::from(v), 0..=4);
            let back: f32 = text
                .parse()
                .unwrap_or_else(|e| panic!("{v:e} shown as {text:?}: {e}"));
            assert_eq!(back.to_bits(), v.to_bits(), "{v:e} shown as {text:?}");
        }
        assert_eq!(short(-3e-30, 0..=4), "-3e-30");
        assert_eq!(short(5.000001, 0..=4), "5.000001");
    }
}
