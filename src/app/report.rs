//! The inspector's readout as plain text, for "Copy as text" and bug reports. One function
//! to swap for `scene::evaluate::render_report` once that lands.

use std::fmt::Write;

use glam::Vec2;

use super::construct::BoxFrame;
use super::eval::{BallEval, Eval};
use crate::hit::Hit;
use crate::scene::Scene;
use crate::variants::Outcome;

pub fn v2(v: Vec2) -> String {
    format!("({:.4}, {:.4})", v.x, v.y)
}

/// Name of the object at `index`, or `#index`.
pub fn name(scene: &Scene, index: usize) -> String {
    scene.objects.get(index).map_or_else(|| format!("#{index}"), |o| o.name.clone())
}

/// Everything the inspector shows for the inspected ball, as text.
pub fn readout(scene: &Scene, eval: &Eval) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "scene: {}", if scene.name.is_empty() { "(unnamed)" } else { &scene.name });
    let r = scene.response;
    let _ = writeln!(
        out,
        "response: {:?} (restitution {}), max bounces {}",
        r.kind, r.restitution, r.max_bounces
    );
    let Some(ball) = eval.ball() else {
        out.push_str("no ball in the scene\n");
        return out;
    };
    ball_text(&mut out, scene, eval, ball);
    out
}

fn ball_text(out: &mut String, scene: &Scene, eval: &Eval, ball: &BallEval) {
    let s = ball.sweep;
    let _ = writeln!(
        out,
        "\nball '{}': start {} end {} radius {}",
        name(scene, ball.object),
        v2(s.start),
        v2(s.end),
        s.radius
    );
    for p in &ball.pairs {
        let _ = writeln!(out, "\n  vs '{}':", name(scene, p.object));
        let frame = BoxFrame::of(&p.obstacle);
        if let Some(f) = frame {
            let _ = writeln!(out, "    region of start:  {}", f.region(s.start));
            let _ = writeln!(out, "    region of end:    {}", f.region(s.end));
        }
        match &p.hit {
            None => out.push_str("    miss\n"),
            Some(h) => hit_text(out, h, s.delta().length()),
        }
    }
    let path = &ball.path;
    let _ = writeln!(
        out,
        "\n  path: {} contact(s), ends at {}{}",
        path.contacts.len(),
        v2(path.end),
        if path.truncated { " (max bounces reached)" } else { "" }
    );
    for (i, c) in path.contacts.iter().enumerate() {
        let ob = eval.obstacles.get(c.obstacle).map_or_else(|| format!("#{}", c.obstacle), |(oi, _)| name(scene, *oi));
        let _ = writeln!(
            out,
            "    {}. t {:.5} '{}' centre {} normal {} {} in {} out {}",
            i + 1,
            c.hit.time,
            ob,
            v2(c.hit.center),
            v2(c.hit.normal),
            c.hit.feature.name(),
            v2(c.incoming),
            v2(c.outgoing)
        );
    }
    if !eval.variant_rows.is_empty() {
        out.push_str("\n  variants:\n");
        for row in &eval.variant_rows {
            let ob = ball.pairs.get(row.pair).map_or_else(String::new, |p| name(scene, p.object));
            let answer = match &row.outcome {
                Outcome::Hit(h) => format!("t {:.5} centre {} normal {}", h.time, v2(h.center), v2(h.normal)),
                Outcome::Miss => "miss".to_owned(),
                Outcome::Failed(why) => format!("failed ({why})"),
                Outcome::NotApplicable => "n/a".to_owned(),
            };
            let _ = writeln!(out, "    {:<13} vs '{}': {}  [{}]", row.variant.id(), ob, answer, row.verdict.text());
        }
    }
}

fn hit_text(out: &mut String, h: &Hit, motion_len: f32) {
    let _ = writeln!(out, "    HIT  t = {:.6}", h.time);
    let _ = writeln!(out, "    distance travelled: {:.4}", motion_len * h.time);
    let _ = writeln!(out, "    centre at contact:  {}", v2(h.center));
    let _ = writeln!(out, "    contact point:      {}", v2(h.point));
    let _ = writeln!(out, "    contact normal:     {}", v2(h.normal));
    let _ = writeln!(out, "    face normal:        {}", v2(h.face_normal));
    let _ = writeln!(out, "    feature:            {}", h.feature.name());
    if let Some(r) = h.region {
        let _ = writeln!(out, "    region of contact:  {r}");
    }
    let _ = writeln!(out, "    started inside:     {}", h.started_inside);
}
