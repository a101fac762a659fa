//! The inspector's readout as plain text, for "Copy as text" and bug reports. One function
//! to swap for `scene::evaluate::render_report` once that lands.

use std::fmt::Write;

use glam::Vec2;

use super::eval::{BallEval, Eval};
use crate::scene::Scene;
use crate::variants::Outcome;

pub fn v2(v: Vec2) -> String {
    format!("({:.4}, {:.4})", v.x, v.y)
}

/// Name of the object at `index`, or `#index`.
pub fn name(scene: &Scene, index: usize) -> String {
    scene
        .objects
        .get(index)
        .map_or_else(|| format!("#{index}"), |o| o.name.clone())
}

/// Everything the inspector shows, as Markdown: the scene engineer's report (pairs, regions,
/// paths) followed by the enabled variants next to the exact answers.
pub fn readout(scene: &Scene, eval: &Eval) -> String {
    let mut out = crate::scene::report::render_report(scene);
    if let Some(ball) = eval.ball() {
        variants_text(&mut out, scene, eval, ball);
    }
    out
}

fn variants_text(out: &mut String, scene: &Scene, eval: &Eval, ball: &BallEval) {
    if eval.variant_rows.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "## Variants for {} (vs the exact answer)\n",
        name(scene, ball.object)
    );
    let _ = writeln!(
        out,
        "| variant | obstacle | exact time | variant answer | verdict |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|");
    for row in &eval.variant_rows {
        let Some(pair) = ball.pairs.get(row.pair) else {
            continue;
        };
        let exact = pair
            .hit
            .map_or("miss".to_owned(), |h| format!("{:.6}", h.time));
        let answer = match &row.outcome {
            Outcome::Hit(h) => format!(
                "t {:.6}, centre {}, normal {}",
                h.time,
                v2(h.center),
                v2(h.normal)
            ),
            Outcome::Miss => "miss".to_owned(),
            Outcome::Failed(why) => format!("failed ({why})"),
            Outcome::NotApplicable => "n/a".to_owned(),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {exact} | {answer} | {} |",
            row.variant.id(),
            name(scene, pair.object),
            row.verdict.text()
        );
    }
    out.push('\n');
}
