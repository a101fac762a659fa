//! What the debugger's UI tests share: typing into a field as a user does.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use sweepscope::app::DebugApp;

/// Types `text` over the field of `role` labelled `label` (a click, Ctrl+A, one character
/// a frame), then presses Enter: fields take a typed value on Enter, so a test that set
/// the whole value at once would not see what typing does.
pub fn type_over(h: &mut Harness<DebugApp>, role: Role, label: &str, text: &str) {
    h.get_by_role_and_label(role, label).click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    for c in text.chars() {
        h.get_by_role_and_label(role, label)
            .type_text(&c.to_string());
        h.run();
    }
    h.key_press(egui::Key::Enter);
    h.run();
}
