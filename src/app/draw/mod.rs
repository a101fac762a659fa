//! Drawing: the one camera both canvases share, the pen that draws in world coordinates
//! and counts shapes per layer, the palette of named colours, the sweep canvas's layers and
//! the heat map's texture.

pub mod camera;
pub mod heat_layer;
pub mod layers;
pub mod palette;
pub mod pen;
pub mod screen_clip;
pub mod sliver;
