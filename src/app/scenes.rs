//! Built-in scenes: the default one (until `scene::builtin` lands), the demo scenes behind the
//! screenshots, and the generated stress scene used by `--stress N` and `--frames`.

use glam::Vec2;

use crate::scene::{Layers, Object, ResponseKind, Scene, Shape, View};

fn obj(name: &str, shape: Shape) -> Object {
    Object {
        name: name.to_owned(),
        shape,
    }
}

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// The scene shown when nothing else is loaded (`scenes/default.ron`, compiled in).
pub fn default_scene() -> Scene {
    crate::scene::builtin::default_scene()
}

/// Named demo scenes (`--demo NAME`), one per screenshot in `screenshots/`.
pub const DEMOS: [&str; 6] = [
    "default",
    "corner-miss",
    "slide",
    "two-circles",
    "variants",
    "heat-map",
];

pub fn demo(name: &str) -> Option<Scene> {
    Some(match name {
        "default" => default_scene(),
        "corner-miss" => corner_miss(),
        "slide" => slide(),
        "two-circles" => two_circles(),
        "variants" => variants(),
        "heat-map" => heat_map(),
        _ => return None,
    })
}

/// The centre passes through the square corner of the expanded box but outside the rounded
/// one: a broad phase or square-cornered test reports a false hit here.
fn corner_miss() -> Scene {
    let mut s = Scene::empty("corner-miss");
    s.description =
        "The ball crosses the square corner of the expanded box but misses the rounded one."
            .to_owned();
    let off = Vec2::new(-1.0, 1.0).normalize() * 7.0;
    let through = v(-20.0, 15.0) + off;
    let dir = Vec2::new(1.0, 1.0).normalize();
    s.objects = vec![
        obj(
            "ball",
            Shape::Ball {
                start: through - dir * 30.0,
                end: through + dir * 30.0,
                radius: 6.0,
            },
        ),
        obj(
            "box",
            Shape::Box {
                min: v(-20.0, -15.0),
                max: v(20.0, 15.0),
            },
        ),
    ];
    s.variants = vec!["expanded-box".to_owned(), "trig-corner".to_owned()];
    s.view = View {
        center: v(-20.0, 12.0),
        zoom: 9.0,
    };
    s
}

fn slide() -> Scene {
    let mut s = Scene::empty("slide");
    s.description = "Sliding along a rotated box.".to_owned();
    s.objects = vec![
        obj(
            "ball",
            Shape::Ball {
                start: v(-45.0, 40.0),
                end: v(25.0, -10.0),
                radius: 5.0,
            },
        ),
        obj(
            "slope",
            Shape::RotatedBox {
                center: v(0.0, 0.0),
                half_extents: v(45.0, 6.0),
                angle: -20.0,
            },
        ),
    ];
    s.response.kind = ResponseKind::Slide;
    s.view = View {
        center: v(-5.0, 15.0),
        zoom: 7.0,
    };
    s
}

fn two_circles() -> Scene {
    let mut s = Scene::empty("two-circles");
    s.description =
        "A ball and a moving circle: the relative-motion view holds the circle still.".to_owned();
    s.objects = vec![
        obj(
            "ball",
            Shape::Ball {
                start: v(-40.0, 0.0),
                end: v(30.0, 5.0),
                radius: 6.0,
            },
        ),
        obj(
            "puck",
            Shape::Circle {
                start: v(10.0, 35.0),
                end: v(5.0, -25.0),
                radius: 8.0,
            },
        ),
    ];
    s.response.kind = ResponseKind::Stop;
    s.variants = vec!["billiards".to_owned(), "slope-form".to_owned()];
    s.view = View {
        center: v(-2.0, 6.0),
        zoom: 6.0,
    };
    s
}

/// A fast ball through a thin wall: the discrete test tunnels, sub-stepping may too.
fn variants() -> Scene {
    let mut s = Scene::empty("variants");
    s.description = "A fast ball through a thin wall: the discrete test tunnels.".to_owned();
    s.objects = vec![
        obj(
            "ball",
            Shape::Ball {
                start: v(-60.0, 12.0),
                end: v(60.0, -6.0),
                radius: 3.0,
            },
        ),
        obj(
            "wall",
            Shape::Box {
                min: v(-2.0, -25.0),
                max: v(2.0, 25.0),
            },
        ),
    ];
    s.variants = vec![
        "discrete".to_owned(),
        "substep".to_owned(),
        "expanded-box".to_owned(),
        "trig-corner".to_owned(),
    ];
    s.response.kind = ResponseKind::Stop;
    s.view = View {
        center: v(0.0, 3.0),
        zoom: 6.0,
    };
    s
}

/// The default scene with the heat map on: the time of first contact from every start.
fn heat_map() -> Scene {
    let mut s = default_scene();
    s.name = "heat-map".to_owned();
    s.description =
        "The default scene's ball moved to every start: its time of first contact.".to_owned();
    s.heat_map.shown = true;
    s.heat_map.cell = 3;
    // Wide enough for the whole shadow above the box, and the wall's.
    s.view = View {
        center: v(8.0, 42.0),
        zoom: 6.0,
    };
    s
}

/// `n` obstacles of every kind on a grid and one long ball bouncing up to 5 times: the
/// frame-time budget scene.
pub fn stress_scene(n: usize) -> Scene {
    let mut s = Scene::empty(&format!("stress-{n}"));
    s.objects.push(obj(
        "ball",
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
        s.objects.push(obj(&format!("o{i}"), shape));
    }
    s.response.max_bounces = 5;
    s.layers = Layers::default();
    s.view = View {
        center: v(150.0, 150.0),
        zoom: 2.5,
    };
    s
}
