//! The time scrubber: t ∈ [0, 1] with play/pause, loop and speed.

use egui::{Slider, Ui};

/// Playback state (not saved with the scene).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playback {
    pub t: f32,
    pub playing: bool,
    pub looping: bool,
    /// Motions per second.
    pub speed: f32,
}

impl Default for Playback {
    fn default() -> Self {
        Self {
            t: 1.0,
            playing: false,
            looping: true,
            speed: 0.5,
        }
    }
}

impl Playback {
    /// Advances t by `dt` seconds of wall time; returns true while animating.
    pub fn advance(&mut self, dt: f32) -> bool {
        if !self.playing {
            return false;
        }
        self.t += dt.clamp(0.0, 0.1) * self.speed;
        if self.t > 1.0 {
            if self.looping {
                self.t = 0.0;
            } else {
                self.t = 1.0;
                self.playing = false;
            }
        }
        true
    }

    pub fn toggle(&mut self) {
        if !self.playing && self.t >= 1.0 {
            self.t = 0.0;
        }
        self.playing = !self.playing;
    }
}

pub fn show(ui: &mut Ui, p: &mut Playback) {
    ui.horizontal(|ui| {
        let label = if p.playing { "Pause" } else { "Play" };
        if ui
            .button(label)
            .on_hover_text("Play / pause (Space)")
            .clicked()
        {
            p.toggle();
        }
        ui.checkbox(&mut p.looping, "loop");
        let l = ui.label("t");
        ui.add(Slider::new(&mut p.t, 0.0..=1.0).fixed_decimals(3))
            .labelled_by(l.id)
            .on_hover_text("Time of the drawn ball (Home / End, ← →)");
        let l = ui.label("speed");
        ui.add(
            Slider::new(&mut p.speed, 0.05..=4.0)
                .logarithmic(true)
                .fixed_decimals(2),
        )
        .labelled_by(l.id);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_and_stops() {
        let mut p = Playback {
            t: 0.9,
            playing: true,
            looping: true,
            speed: 1.0,
        };
        p.advance(0.05);
        assert!((p.t - 0.95).abs() < 1e-6);
        p.advance(0.1);
        assert_eq!(p.t, 0.0);
        p.looping = false;
        p.t = 0.95;
        p.advance(0.1);
        assert_eq!((p.t, p.playing), (1.0, false));
    }
}
