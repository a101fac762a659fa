//! The interactive debugger (in progress).

pub mod sim_view;

use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use sim_view::SimView;

/// Opens the debugger window. `args` are the command-line arguments after the program name
/// that are not a subcommand (a scene path, `--screenshot out.png`, ...).
///
/// TEMP (branch `simview`): shows only the simulation view. Flags: `[scene.ron]
/// [--screenshot out.png] [--frames N] [--fill N] [--compare] [--advance T] [--select I]`.
pub fn run(args: &[String]) -> ExitCode {
    let mut screenshot = None;
    let mut view = SimView::default();
    let mut setup: Vec<Setup> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().unwrap_or_default();
        match a.as_str() {
            "--screenshot" => screenshot = Some(value()),
            "--frames" => {
                let n = value().parse().unwrap_or(300);
                for d in [500, 2000] {
                    let s = sim_view::measure_frames(d, n);
                    println!(
                        "{d} discs, {n} frames: median {:.2} ms, p99 {:.2} ms",
                        s.median_ms, s.p99_ms
                    );
                }
                return ExitCode::SUCCESS;
            }
            "--fill" => {
                let n: usize = value().parse().unwrap_or(200);
                setup.push(Box::new(move |v| {
                    let (p, s) = (v.settings.fill_packing, v.settings.fill_seed);
                    let _ = v.fill(n, p, s);
                }));
            }
            "--compare" => setup.push(Box::new(|v| v.set_compare(true))),
            "--advance" => {
                let t: f64 = value().parse().unwrap_or(1.0);
                setup.push(Box::new(move |v| {
                    for _ in 0..(t * 60.0) as usize {
                        v.advance(1.0 / 60.0);
                    }
                }));
            }
            "--select" => {
                let i: usize = value().parse().unwrap_or(0);
                setup.push(Box::new(move |v| v.select(Some(i))));
            }
            path => match crate::scene::io::load_scene(std::path::Path::new(path)) {
                Ok(scene) => match SimView::from_scene(&scene) {
                    Ok(v) => view = v,
                    Err(e) => {
                        eprintln!("{path}: {e}");
                        return ExitCode::FAILURE;
                    }
                },
                Err(e) => {
                    eprintln!("{path}: {e}");
                    return ExitCode::FAILURE;
                }
            },
        }
    }
    for f in setup {
        f(&mut view);
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default().with_inner_size([1400.0, 900.0]),
        renderer: eframe::Renderer::Glow,
        ..Default::default()
    };
    let app = Standalone {
        view,
        screenshot,
        frame: 0,
        done: Arc::new(Mutex::new(None)),
    };
    match eframe::run_native("sweepscope", options, Box::new(|_| Ok(Box::new(app)))) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sweepscope: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A change applied to the view before the window opens.
type Setup = Box<dyn FnOnce(&mut SimView)>;

struct Standalone {
    view: SimView,
    screenshot: Option<String>,
    frame: u64,
    done: Arc<Mutex<Option<Result<(), String>>>>,
}

impl eframe::App for Standalone {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.view.ui(ui);
        let Some(path) = self.screenshot.clone() else {
            return;
        };
        let ctx = ui.ctx().clone();
        ctx.request_repaint();
        self.frame += 1;
        if self.frame == 3 {
            let done = self.done.clone();
            let ctx2 = ctx.clone();
            ctx.request_screenshot(move |img: Arc<egui::ColorImage>| {
                let bytes: Vec<u8> = img
                    .pixels
                    .iter()
                    .flat_map(|c| c.to_srgba_unmultiplied())
                    .collect();
                let res = image::RgbaImage::from_raw(img.size[0] as u32, img.size[1] as u32, bytes)
                    .ok_or_else(|| "bad size".to_owned())
                    .and_then(|b| {
                        b.save_with_format(&path, image::ImageFormat::Png)
                            .map_err(|e| e.to_string())
                    });
                if let Ok(mut d) = done.lock() {
                    *d = Some(res);
                }
                ctx2.request_repaint();
            });
        }
        let result = self.done.lock().ok().and_then(|mut d| d.take());
        match result {
            Some(Ok(())) => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Some(Err(e)) => {
                eprintln!("screenshot: {e}");
                std::process::exit(1);
            }
            None if self.frame > 600 => std::process::exit(2),
            None => {}
        }
    }
}
