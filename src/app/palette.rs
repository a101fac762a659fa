//! The one colour palette. Every layer and the legend take their colours from here, so a
//! colour always means the same thing on screen.

use egui::Color32;

use crate::variants::Variant;

/// A named role of something drawn on the canvas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Query,
    Obstacle,
    Expanded,
    BroadPhase,
    Region,
    Contact,
    Normal,
    FaceNormal,
    Path,
    Ghost,
    Relative,
    Selection,
    Handle,
    Grid,
    Axis,
}

impl Role {
    /// The legend entries in display order.
    pub const LEGEND: [Role; 11] = [
        Role::Query,
        Role::Obstacle,
        Role::Expanded,
        Role::BroadPhase,
        Role::Region,
        Role::Contact,
        Role::Normal,
        Role::FaceNormal,
        Role::Path,
        Role::Ghost,
        Role::Relative,
    ];

    pub fn color(self) -> Color32 {
        match self {
            Role::Query => Color32::from_rgb(90, 170, 255),
            Role::Obstacle => Color32::from_rgb(200, 200, 210),
            Role::Expanded => Color32::from_rgb(255, 150, 60),
            Role::BroadPhase => Color32::from_rgb(200, 200, 90),
            Role::Region => Color32::from_rgb(170, 120, 230),
            Role::Contact => Color32::from_rgb(255, 70, 80),
            Role::Normal => Color32::from_rgb(80, 230, 120),
            Role::FaceNormal => Color32::from_rgb(60, 220, 230),
            Role::Path => Color32::from_rgb(255, 210, 70),
            Role::Ghost => Color32::from_rgb(160, 210, 255),
            Role::Relative => Color32::from_rgb(240, 120, 200),
            Role::Selection => Color32::WHITE,
            Role::Handle => Color32::from_rgb(240, 240, 240),
            Role::Grid => Color32::from_gray(48),
            Role::Axis => Color32::from_gray(95),
        }
    }

    /// The colour with `alpha` (0..=255), for translucent fills.
    pub fn alpha(self, alpha: u8) -> Color32 {
        let c = self.color();
        Color32::from_rgba_unmultiplied(c.r(), c.g(), c.b(), alpha)
    }

    pub fn label(self) -> &'static str {
        match self {
            Role::Query => "ball (query)",
            Role::Obstacle => "obstacle",
            Role::Expanded => "expanded by r",
            Role::BroadPhase => "broad phase",
            Role::Region => "regions",
            Role::Contact => "contact point",
            Role::Normal => "contact normal",
            Role::FaceNormal => "face normal",
            Role::Path => "response path",
            Role::Ghost => "ball at impact",
            Role::Relative => "relative motion",
            Role::Selection => "selection",
            Role::Handle => "handle",
            Role::Grid => "grid",
            Role::Axis => "axis",
        }
    }
}

/// The colour of one published variant's answers.
pub fn variant_color(v: Variant) -> Color32 {
    match v {
        Variant::TrigCorner => Color32::from_rgb(255, 120, 40),
        Variant::ExpandedBox => Color32::from_rgb(230, 90, 230),
        Variant::Discrete => Color32::from_rgb(250, 250, 120),
        Variant::Substep => Color32::from_rgb(130, 255, 200),
        Variant::SlopeForm => Color32::from_rgb(255, 140, 160),
        Variant::Projection => Color32::from_rgb(150, 150, 255),
        Variant::Billiards => Color32::from_rgb(200, 255, 90),
    }
}

/// Red for disagreements and errors in panels.
pub const ALERT: Color32 = Color32::from_rgb(255, 90, 90);
/// Green for agreement in panels.
pub const OK: Color32 = Color32::from_rgb(110, 220, 120);
