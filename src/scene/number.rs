//! How numbers read to a person: the debugger's panels and canvas labels, the Markdown
//! report and `check`'s table all print through [`fixed`], so the same value always reads
//! the same and f32 rounding noise (`-23.040001`) never shows. Machine-readable outputs
//! (`check --json`, `batch`, scene files) print the shortest text that reads back as the
//! same f32 instead.

use glam::Vec2;

/// Significant digits shown.
const DIGITS: i32 = 6;

/// `v` with six significant digits, trailing zeros dropped: `0.4`, `-23.04`, `16`,
/// `0.657`, `1.5e-7`, `3.40282e38`; `0` for ±0, and `NaN`, `inf`, `-inf` as such.
pub fn fixed(v: f32) -> String {
    fixed_f64(f64::from(v))
}

/// [`fixed`] for the simulation's f64 values.
pub fn fixed_f64(v: f64) -> String {
    significant(v, DIGITS)
}

/// An energy: nine significant digits, so that a run conserving it reads the same at the
/// start and later (six read 7200.125 as 7200.12 at the start and 7200.13 once it moved by
/// 1e-15, which looked like a gain).
pub fn energy(v: f64) -> String {
    significant(v, 9)
}

/// `v` with `digits` significant digits, trailing zeros dropped (see [`fixed`]).
fn significant(v: f64, digits: i32) -> String {
    if v.is_nan() {
        return "NaN".to_owned();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    if v == 0.0 {
        return "0".to_owned();
    }
    let magnitude = v.abs().log10().floor() as i32;
    if (-4..digits + 1).contains(&magnitude) {
        let decimals = (digits - 1 - magnitude).max(0) as usize;
        let s = format!("{v:.decimals$}");
        let s = if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.')
        } else {
            &s
        };
        if s == "-0" {
            "0".to_owned()
        } else {
            s.to_owned()
        }
    } else {
        let s = format!("{v:.prec$e}", prec = (digits - 1) as usize);
        match s.split_once('e') {
            Some((mantissa, exp)) => {
                let mantissa = mantissa.trim_end_matches('0').trim_end_matches('.');
                format!("{mantissa}e{exp}")
            }
            None => s,
        }
    }
}

/// A point as `(x, y)` with [`fixed`] coordinates.
pub fn point(v: Vec2) -> String {
    format!("({}, {})", fixed(v.x), fixed(v.y))
}

/// Every digit of an f32: the shortest text that reads back as the same value (`0.29411766`,
/// `-0.0`, `1e-7`), for comparing with another program's answer bit for bit.
pub fn every_digit(v: f32) -> String {
    format!("{v:?}")
}

/// A point as `(x, y)` with [`every_digit`] coordinates.
pub fn point_every_digit(v: Vec2) -> String {
    format!("({}, {})", every_digit(v.x), every_digit(v.y))
}

/// [`point`] for the simulation's f64 points.
pub fn point_f64(v: glam::DVec2) -> String {
    format!("({}, {})", fixed_f64(v.x), fixed_f64(v.y))
}

/// Characters of a name shown where text does not wrap (an inspector header, a legend, a
/// canvas line): a longer name is cut in the middle, which keeps both ends, where names
/// that share a stem differ. A header does not wrap, and a name of up to 256 characters
/// there would push the inspector out of its panel.
pub const SHOWN_NAME_CHARS: usize = 28;

/// `name`, cut to [`SHOWN_NAME_CHARS`] with "…" in the middle when longer.
pub fn short_name(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    if chars.len() <= SHOWN_NAME_CHARS {
        return name.to_owned();
    }
    let tail = (SHOWN_NAME_CHARS - 1) / 2;
    let head = SHOWN_NAME_CHARS - 1 - tail;
    let mut out: String = chars[..head].iter().collect();
    out.push('…');
    out.extend(&chars[chars.len() - tail..]);
    out
}

#[cfg(test)]
mod tests {
    /// 7200.125 read 7200.12 at the start and 7200.13 once a collision moved it by 1e-15,
    /// which looked like a gain in a run that conserves energy.
    #[test]
    fn an_energy_reads_the_same_through_rounding_noise() {
        assert_eq!(energy(7200.125), "7200.125");
        assert_eq!(energy(7200.125 * (1.0 + 4e-15)), "7200.125");
        assert_eq!(energy(0.001234567891), "0.00123456789");
    }

    use super::*;

    /// The f32 one step away from `v` (its shortest text carries the noise).
    fn nudged(v: f32) -> f32 {
        f32::from_bits(v.to_bits() + 1)
    }

    #[test]
    fn numbers_read_without_f32_noise() {
        assert_eq!(fixed(0.4), "0.4");
        assert_eq!(nudged(-23.04).to_string(), "-23.040003");
        assert_eq!(fixed(nudged(-23.04)), "-23.04");
        assert_eq!(fixed(nudged(6.72)), "6.72");
        assert_eq!(fixed(16.0), "16");
        assert_eq!(fixed(-3.0), "-3");
        assert_eq!(fixed(0.4375), "0.4375");
        assert_eq!(fixed(4.0 * 2f32.sqrt() - 5.0), "0.656854");
        assert_eq!(fixed(123456.7), "123457");
        assert_eq!(fixed(0.000123456), "0.000123456");
    }

    #[test]
    fn tiny_huge_and_special_values() {
        assert_eq!(fixed(1.5e-7), "1.5e-7");
        assert_eq!(fixed(f32::MAX), "3.40282e38");
        assert_eq!(fixed(-2.5e9), "-2.5e9");
        assert_eq!(fixed(-0.0), "0");
        assert_eq!(fixed(1e-45), "1.4013e-45");
        assert_eq!(fixed(f32::NAN), "NaN");
        assert_eq!(fixed(f32::NEG_INFINITY), "-inf");
        let noisy = Vec2::new(nudged(-23.04), nudged(6.72));
        assert_eq!(point(noisy), "(-23.04, 6.72)");
    }

    #[test]
    fn rounding_up_to_the_next_power_of_ten_keeps_six_digits() {
        assert_eq!(fixed(9.9999999), "10");
        assert_eq!(fixed(999999.94), "1000000");
        assert_eq!(fixed(-0.99999994), "-1");
    }
}
