//! The time scrubber: t ∈ [0, 1] with play/pause, loop and speed (UI state only: the
//! drawn ball's time is not part of the scene).

use egui::{Slider, Ui};

use crate::app::action::Action;
use crate::app::ui_state::Playback;
use crate::app::views::widgets::{Limits, limited_parser};

pub fn show(ui: &mut Ui, p: &mut Playback) {
    ui.horizontal(|ui| {
        let label = if p.playing { "Pause" } else { "Play" };
        if ui
            .button(label)
            .on_hover_text(Action::PlayPause.hint(ui.ctx()))
            .clicked()
        {
            p.toggle();
        }
        ui.checkbox(&mut p.looping, "loop");
        let l = ui.label("t");
        let parse = limited_parser(ui.ctx(), "t", Limits::range(0.0, 1.0));
        ui.add(
            Slider::new(&mut p.t, 0.0..=1.0)
                .fixed_decimals(3)
                .custom_parser(parse)
                .update_while_editing(false),
        )
        .labelled_by(l.id)
        .on_hover_text("Time of the drawn ball (Home / End, Left / Right)");
        let l = ui.label("speed");
        let parse = limited_parser(ui.ctx(), "speed", Limits::range(0.05, 4.0));
        ui.add(
            Slider::new(&mut p.speed, 0.05..=4.0)
                .logarithmic(true)
                .fixed_decimals(2)
                .custom_parser(parse)
                .update_while_editing(false),
        )
        .labelled_by(l.id);
    });
}
