//! The scenes compiled into the binary: the default scene the debugger opens with, the
//! demos behind `--demo NAME` and the screenshots, and the generated stress scene. Every
//! built-in scene is a file in `scenes/` (so `cargo test` checks its expectations like any
//! other) embedded with `include_str!`, so the binary needs no files next to it.

use glam::Vec2;

use super::io::parse_scene;
use super::model::{Layers, Object, Scene, Shape, View};

/// The built-in demos: name, file in `scenes/`, text.
pub const DEMOS: [(&str, &str, &str); 6] = [
    (
        "default",
        "default.ron",
        include_str!("../../scenes/default.ron"),
    ),
    (
        "corner-miss",
        "corner-square-miss.ron",
        include_str!("../../scenes/corner-square-miss.ron"),
    ),
    (
        "slide",
        "slide-rotated-box.ron",
        include_str!("../../scenes/slide-rotated-box.ron"),
    ),
    (
        "two-circles",
        "tunnel-circles.ron",
        include_str!("../../scenes/tunnel-circles.ron"),
    ),
    (
        "variants",
        "thin-wall.ron",
        include_str!("../../scenes/thin-wall.ron"),
    ),
    (
        "heat-map",
        "heat-map.ron",
        include_str!("../../scenes/heat-map.ron"),
    ),
];

/// The demos' names, for help texts and menus.
pub fn demo_names() -> impl Iterator<Item = &'static str> {
    DEMOS.iter().map(|(name, _, _)| *name)
}

/// The demo called `name`, parsed.
pub fn demo(name: &str) -> Option<Scene> {
    let (_, file, text) = DEMOS.iter().find(|(n, _, _)| *n == name)?;
    // The files are validated by the tests; a parse failure here would be a broken build,
    // and an empty scene keeps the library free of panics.
    Some(parse_scene(text, &format!("scenes/{file}")).unwrap_or_else(|_| Scene::empty(name)))
}

/// The built-in default scene: a ball sweeping into a box corner and bouncing on to a wall.
pub fn default_scene() -> Scene {
    demo("default").unwrap_or_else(|| Scene::empty("default"))
}

/// `n` obstacles of every kind on a grid and one long ball bouncing up to 5 times: the
/// frame-time budget scene of `--stress N`.
pub fn stress_scene(n: usize) -> Scene {
    let v = Vec2::new;
    let obj = |name: String, shape| Object { name, shape };
    let mut s = Scene::empty(&format!("stress-{n}"));
    s.objects.push(obj(
        "ball".to_owned(),
        Shape::Ball {
            start: v(-5.0, -5.0),
            end: v(400.0, 330.0),
            radius: 3.0,
        },
    ));
    let cols = (n as f32).sqrt().ceil().max(1.0) as usize;
    for i in 0..n {
        let c = v(
            (i % cols) as f32 * 30.0 + 15.0,
            (i / cols) as f32 * 30.0 + 15.0,
        );
        let shape = match i % 4 {
            0 => Shape::Box {
                min: c - v(6.0, 4.0),
                max: c + v(6.0, 4.0),
            },
            1 => Shape::RotatedBox {
                center: c,
                half_extents: v(7.0, 3.0),
                angle: (i * 17 % 180) as f32,
            },
            2 => Shape::Segment {
                a: c - v(7.0, 5.0),
                b: c + v(7.0, -2.0),
            },
            _ => Shape::Circle {
                start: c,
                end: c + v(3.0, -3.0),
                radius: 4.0,
            },
        };
        s.objects.push(obj(format!("o{i}"), shape));
    }
    s.response.max_bounces = 5;
    s.layers = Layers::default();
    s.view = View {
        center: v(150.0, 150.0),
        zoom: 2.5,
        extent: None,
    };
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_demo_is_a_valid_scene_file_with_expectations() {
        for (name, file, text) in DEMOS {
            let scene = parse_scene(text, file).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!scene.expect.is_empty(), "{name} has no expectations");
            assert!(scene.objects.iter().any(|o| o.shape.is_ball()), "{name}");
        }
        assert_eq!(default_scene().objects.len(), 3);
        assert!(demo("nope").is_none());
    }

    #[test]
    fn the_stress_scene_has_one_ball_and_n_obstacles() {
        let s = stress_scene(10);
        assert_eq!(s.objects.len(), 11);
        assert_eq!(s.obstacles().len(), 10);
    }
}
