//! The interface scale (egui's zoom factor, **Ctrl +** / **Ctrl −**) held to what the
//! window can lay out: past it the side panels keep their least widths and overlap the
//! canvas and each other. And the scale kept between launches.

use egui::{Context, Vec2};

/// The least window, in points, the sweep debugger's panels fit side by side in: the
/// inspector (240) and the variants panel (170) at their least widths beside a canvas of
/// about 400, the menu bar on one line; the plots (150) and a canvas of about 300 under
/// the menu and above the status bar.
pub const LEAST_LAYOUT: Vec2 = Vec2::new(
    crate::cli::args::LEAST_WINDOW[0] as f32,
    crate::cli::args::LEAST_WINDOW[1] as f32,
);

/// The scales egui's keys step between; a remembered scale outside them is not restored.
pub const SCALES: std::ops::RangeInclusive<f32> = 0.2..=5.0;

/// Frames after a restored window is asked to grow in which the scale is not held to the
/// window: it may take the windowing system a few frames to grow it.
const GROWING_FRAMES: u8 = 10;

/// The scale the user asked for and the one last set here, so that a scale held in a
/// small window comes back when the window grows again.
#[derive(Clone, Copy, Debug, Default)]
pub struct ScaleHold {
    asked: Option<f32>,
    set: Option<f32>,
    /// A scale restored from the last session, to set on the first frame.
    restored: Option<f32>,
    /// The window size (in points at the restored scale) to grow the window to once
    /// that scale applies.
    grow_to: Option<Vec2>,
    /// Frames left in which the scale is not held: the window is still growing.
    growing: u8,
}

impl ScaleHold {
    /// The scale the user asked for (1 until one is).
    pub fn asked(&self) -> f32 {
        self.asked.unwrap_or(1.0)
    }

    /// Whether the scale set is below the one asked for.
    pub fn is_held(&self) -> bool {
        matches!((self.set, self.asked), (Some(set), Some(asked)) if set < asked)
    }

    /// Restores the scale of the last session. eframe remembers the window's size in
    /// points at that scale, `window`, but opens it at scale 1 (egui's memory, where the
    /// scale lives, is not kept), so the window came back smaller by the scale: given
    /// `window`, it is grown back once the scale applies. The scale is set on the first
    /// frame, not before: egui scales the last frame's window size by a new scale, and
    /// before the first frame that is a default, not the window's.
    pub fn restore(&mut self, scale: f32, window: Option<Vec2>) {
        if SCALES.contains(&scale) && scale != 1.0 {
            self.restored = Some(scale);
            self.grow_to = window.filter(|w| w.is_finite() && w.min_elem() >= 1.0);
        }
    }

    /// Sets the zoom factor to the scale asked for, held to the largest keyboard step
    /// (0.1) that keeps the window at least [`LEAST_LAYOUT`] points, but never below 1 (a
    /// window smaller than that at scale 1 is the user's to resize). The held scale, on
    /// the frame it is first held.
    pub fn apply(&mut self, ctx: &Context) -> Option<f32> {
        if let Some(scale) = self.restored.take() {
            ctx.set_zoom_factor(scale);
            (self.asked, self.set) = (Some(scale), Some(scale));
            return None;
        }
        let zoom = ctx.zoom_factor();
        // A scale not set here is the user's (a key).
        if self.set != Some(zoom) {
            self.asked = Some(zoom);
        }
        let asked = self.asked.unwrap_or(zoom);
        if zoom == asked
            && let Some(window) = self.grow_to.take()
        {
            // egui turns the points into pixels at the frame's scale, the restored one.
            ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(window));
            self.growing = GROWING_FRAMES;
        }
        if self.growing > 0 {
            self.growing -= 1;
            return None;
        }
        let size = ctx.content_rect().size() * zoom;
        if !(size.x > 0.0 && size.y > 0.0 && size.is_finite()) {
            return None;
        }
        // The window in points at scale 1, against the least layout.
        let room = (size / LEAST_LAYOUT).min_elem();
        let target = if asked <= room {
            asked
        } else {
            ((room * 10.0).floor() / 10.0).max(1.0).min(asked)
        };
        if target == zoom {
            return None;
        }
        ctx.set_zoom_factor(target);
        self.set = Some(target);
        (target < asked).then_some(target)
    }
}

/// How a [`small_window_note`] begins, to tell it in the status bar.
pub const SMALL_NOTE: &str = "The window is smaller than ";

/// The status bar's words when the window, `size` points at the frame's scale, is
/// smaller than [`LEAST_LAYOUT`] at scale 1: the panels keep their least widths and
/// overlap. Window managers hold a window to its least size; without one (and in some
/// tiling ones) it can be made smaller.
pub fn small_window_note(size: Vec2, zoom: f32) -> Option<String> {
    let at_one = size * zoom;
    let fits = at_one.x >= LEAST_LAYOUT.x - 0.5 && at_one.y >= LEAST_LAYOUT.y - 0.5;
    (!fits && at_one.is_finite() && at_one.min_elem() > 0.0).then(|| {
        format!(
            "{SMALL_NOTE}the panels lay out in ({:.0} × {:.0} of {:.0} × {:.0}): they overlap \
             until it is enlarged",
            at_one.x, at_one.y, LEAST_LAYOUT.x, LEAST_LAYOUT.y
        )
    })
}

/// How a [`held_note`] begins, to tell it in the status bar.
pub const HELD_NOTE: &str = "Interface scale held at ";

/// The status bar's words for a scale held at `held`.
pub fn held_note(held: f32) -> String {
    format!(
        "{HELD_NOTE}{:.0}%: a larger one leaves the panels no room in this window (Ctrl+0 \
         resets it)",
        held * 100.0
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame of a window `size` points wide and high at the frame's scale; the
    /// commands it sent to the window.
    fn frame(ctx: &Context, hold: &mut ScaleHold, size: Vec2) -> Vec<egui::ViewportCommand> {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, size)),
            ..Default::default()
        };
        let mut out = ctx.run_ui(input, |ui| {
            hold.apply(ui.ctx());
        });
        out.textures_delta.clear();
        out.viewport_output
            .get(&egui::ViewportId::ROOT)
            .map(|v| v.commands.clone())
            .unwrap_or_default()
    }

    /// User test: a session closed at 150% reopened at 100% in a window smaller by the
    /// scale (eframe remembers the window in points at the scale, and opens it at 1).
    #[test]
    fn a_restored_scale_applies_on_the_first_frame_and_grows_the_window_back() {
        let ctx = Context::default();
        let mut hold = ScaleHold::default();
        hold.restore(1.5, Some(Vec2::new(933.0, 600.0)));
        // Frame 1: the window as eframe opened it, 933 × 600 pixels at scale 1.
        let grow = |c: &[egui::ViewportCommand]| {
            c.iter()
                .any(|c| matches!(c, egui::ViewportCommand::InnerSize(_)))
        };
        assert!(!grow(&frame(&ctx, &mut hold, Vec2::new(933.0, 600.0))));
        assert_eq!(ctx.zoom_factor(), 1.0);
        // Frame 2: at 150%, the window asked to grow to its remembered points.
        let commands = frame(&ctx, &mut hold, Vec2::new(622.0, 400.0));
        assert_eq!(ctx.zoom_factor(), 1.5);
        assert!(
            commands.contains(&egui::ViewportCommand::InnerSize(Vec2::new(933.0, 600.0))),
            "{commands:?}"
        );
        // Not held while it grows, and the scale is the one remembered next time.
        for _ in 0..GROWING_FRAMES {
            frame(&ctx, &mut hold, Vec2::new(622.0, 400.0));
        }
        assert_eq!(ctx.zoom_factor(), 1.5);
        assert_eq!(hold.asked(), 1.5);
        // A scale out of egui's steps is not restored.
        let mut odd = ScaleHold::default();
        odd.restore(f32::NAN, None);
        odd.restore(40.0, None);
        assert!(odd.restored.is_none());
    }
}
