//! How an engine's aim reads: a leaf that the verdicts and the engines' own notes share.

/// An engine's aim (its stopping distance from contact) to four significant digits, without
/// trailing zeros: worked out in f32 as `target − R`, a slop of 0.005 read `0.0050001144`.
pub fn aim_text(v: f32) -> String {
    if v == 0.0 || !v.is_finite() {
        return format!("{v}");
    }
    let decimals = (3 - f64::from(v.abs()).log10().floor() as i32).clamp(0, 40) as usize;
    let s = format!("{v:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        s
    }
}
