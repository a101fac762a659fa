//! Judging a core answer against the reference, with tolerances derived from the case.
//!
//! Tolerances follow f32 precision: distances carry an absolute error floor of a few ulps
//! of the largest coordinate plus a relative error of the case's size; the time of a
//! contact is only as precise as that distance error divided by the approach speed (a
//! shallow approach turns a tiny distance error into a large time error), so time and
//! centre tolerances grow accordingly — never the hit/miss decision, which only an exact
//! tangency (reference minimum gap within the band) may excuse.

use glam::DVec2;
use sweepscope::{Corner, End, Feature, Hit, Obstacle, Region, Side, Sweep, Vec2};

use super::geom64::{Place, d, obstacle_magnitude, obstacle_size, probe};
use super::random::{Case, Scale};
use super::reference::{Reference, center_at, gap};

/// Tolerances for one case.
#[derive(Clone, Copy, Debug)]
pub struct Tol {
    /// Absolute error allowed in a distance.
    pub dist: f64,
    /// Reference `|min gap|` at or below this is an exact tangency: hit or miss both pass.
    pub band: f64,
    /// Base time tolerance (before the approach-speed term).
    pub time: f64,
    /// Base centre tolerance (before the approach-speed term).
    pub center: f64,
    /// Base normal tolerance (component-wise, unit vectors).
    pub normal: f64,
    /// Characteristic size of the case.
    pub size: f64,
}

impl Tol {
    pub fn for_case(case: &Case, scale: Scale) -> Tol {
        let s = &case.sweep;
        let m = |v: Vec2| (v.x.abs().max(v.y.abs())) as f64;
        let mag = m(s.start)
            .max(m(s.end))
            .max(obstacle_magnitude(&case.obstacle));
        let motion = (d(s.end) - d(s.start)).length();
        let size = (s.radius as f64)
            .max(motion)
            .max(obstacle_size(&case.obstacle))
            .max(f64::MIN_POSITIVE);
        let ulp = mag * f32::EPSILON as f64;
        let dist = 1e-5 * size + 4.0 * ulp;
        let (time, center) = match scale {
            Scale::Varied => (1e-4, 1e-3 * size),
            Scale::Large => (1e-3, 1e-2 + 1e-6 * mag),
        };
        Tol {
            dist,
            band: 2.0 * dist,
            time,
            center,
            normal: 1e-3,
            size,
        }
    }
}

/// Formats an f32 as a bit-exact Rust literal with its decimal value alongside.
pub fn lit(x: f32) -> String {
    format!("f32::from_bits(0x{:08x}) /* {:?} */", x.to_bits(), x)
}

fn lit_v(p: Vec2) -> String {
    format!("Vec2::new({}, {})", lit(p.x), lit(p.y))
}

fn lit_sweep(s: &Sweep) -> String {
    format!(
        "Sweep::new({}, {}, {})",
        lit_v(s.start),
        lit_v(s.end),
        lit(s.radius)
    )
}

/// The case as Rust code that rebuilds it bit for bit.
pub fn case_literal(case: &Case) -> String {
    let (call, obs) = match &case.obstacle {
        Obstacle::Aabb(b) => (
            "vs_aabb",
            format!("Aabb::new({}, {})", lit_v(b.min), lit_v(b.max)),
        ),
        Obstacle::Obb(b) => (
            "vs_obb",
            format!(
                "Obb::new({}, {}, {})",
                lit_v(b.center),
                lit_v(b.half_extents),
                lit(b.angle)
            ),
        ),
        Obstacle::Segment(sg) => (
            "vs_segment",
            format!("Segment::new({}, {})", lit_v(sg.a), lit_v(sg.b)),
        ),
        Obstacle::Circle(c) => ("vs_circle", lit_sweep(c)),
    };
    format!("{}.{}(&{})", lit_sweep(&case.sweep), call, obs)
}

/// Short human summary of a reference answer.
pub fn describe_ref(r: &Reference) -> String {
    match &r.hit {
        None => format!("miss (min gap {:e})", r.min_gap),
        Some(h) => format!(
            "hit t={:.9} center=({:.7}, {:.7}) normal=({:.7}, {:.7}) inside={} slope={:e} min_gap={:e}",
            h.time,
            h.center.x,
            h.center.y,
            h.normal.x,
            h.normal.y,
            h.started_inside,
            h.slope,
            r.min_gap
        ),
    }
}

/// The expected feature and region at the reference contact, or `None` for either when the
/// contact sits within `tol` of a feature boundary (then both answers are right).
pub fn expected_feature(
    place: &Place,
    started_inside: bool,
    tol: f64,
) -> (Option<Vec<Feature>>, Option<Option<Region>>) {
    match *place {
        Place::Box { local, half } => {
            let over = local.abs() - half;
            if over.x.abs() <= tol || over.y.abs() <= tol {
                return (None, None);
            }
            let mut code = 0u8;
            if local.x < -half.x {
                code |= Region::LEFT.0;
            } else if local.x > half.x {
                code |= Region::RIGHT.0;
            }
            if local.y < -half.y {
                code |= Region::BOTTOM.0;
            } else if local.y > half.y {
                code |= Region::TOP.0;
            }
            let region = Region(code);
            let feature = match (over.x > 0.0, over.y > 0.0) {
                (true, true) => Feature::Corner(Corner::from_signs(local.x > 0.0, local.y > 0.0)),
                (true, false) => Feature::Side(if local.x > 0.0 {
                    Side::Right
                } else {
                    Side::Left
                }),
                (false, true) => Feature::Side(if local.y > 0.0 {
                    Side::Top
                } else {
                    Side::Bottom
                }),
                (false, false) => {
                    // Inside: pushed out through the nearest face (ambiguous on a tie).
                    if inside_tie(local, half, tol) || !started_inside {
                        return (None, Some(Some(region)));
                    }
                    if over.x > over.y {
                        Feature::Side(if local.x >= 0.0 {
                            Side::Right
                        } else {
                            Side::Left
                        })
                    } else {
                        Feature::Side(if local.y >= 0.0 {
                            Side::Top
                        } else {
                            Side::Bottom
                        })
                    }
                }
            };
            (Some(vec![feature]), Some(Some(region)))
        }
        Place::Segment { s, cross, len } => {
            if len == 0.0 {
                return (
                    Some(vec![Feature::End(End::A), Feature::End(End::B)]),
                    Some(None),
                );
            }
            let along = s * len;
            if along.abs() <= tol || (along - len).abs() <= tol {
                return (None, Some(None));
            }
            let f = if s < 0.0 {
                Feature::End(End::A)
            } else if s > 1.0 {
                Feature::End(End::B)
            } else if cross.abs() <= tol * len {
                return (None, Some(None));
            } else {
                Feature::Face { left: cross > 0.0 }
            };
            (Some(vec![f]), Some(None))
        }
        Place::Circle => (Some(vec![Feature::Circle]), Some(None)),
    }
}

/// Checks `face_normal` for a box contact: unit, axis-aligned in the box frame, and one of
/// the faces adjacent to the feature.
fn check_face_normal(obstacle: &Obstacle, hit: &Hit, errs: &mut Vec<String>) {
    let fnw = d(hit.face_normal);
    if (fnw.length() - 1.0).abs() > 1e-5 {
        errs.push(format!("face_normal not unit: {:?}", hit.face_normal));
        return;
    }
    let local = match obstacle {
        Obstacle::Aabb(_) => fnw,
        Obstacle::Obb(b) => super::geom64::rot(fnw, -(b.angle as f64)),
        Obstacle::Segment(_) => {
            if matches!(hit.feature, Feature::Face { .. }) && (fnw - d(hit.normal)).length() > 1e-4
            {
                errs.push(format!(
                    "face_normal {:?} != normal {:?} on a segment face",
                    hit.face_normal, hit.normal
                ));
            }
            return;
        }
        Obstacle::Circle(_) => return,
    };
    let allowed: Vec<DVec2> = match hit.feature {
        Feature::Side(s) => vec![d(s.normal())],
        Feature::Corner(c) => {
            let (sx, sy) = match c {
                Corner::BottomLeft => (-1.0, -1.0),
                Corner::BottomRight => (1.0, -1.0),
                Corner::TopLeft => (-1.0, 1.0),
                Corner::TopRight => (1.0, 1.0),
            };
            vec![DVec2::new(sx, 0.0), DVec2::new(0.0, sy)]
        }
        _ => {
            errs.push(format!("box contact with feature {:?}", hit.feature));
            return;
        }
    };
    if !allowed.iter().any(|a| (*a - local).length() <= 1e-4) {
        errs.push(format!(
            "face_normal {:?} (box frame {:?}) not one of {:?} for {:?}",
            hit.face_normal, local, allowed, hit.feature
        ));
    }
}

/// Compares a core answer with the reference. `Err` lists every mismatch.
pub fn compare(case: &Case, core: Option<Hit>, r: &Reference, tol: &Tol) -> Result<(), String> {
    let mut errs = Vec::new();
    let tangent = r.min_gap.abs() <= tol.band;
    match (core, &r.hit) {
        (None, None) => {}
        (Some(_), None) | (None, Some(_)) if tangent => {}
        (Some(h), None) => errs.push(format!(
            "core hit (t={:?}, {:?}) but reference misses",
            h.time, h.feature
        )),
        (None, Some(_)) => errs.push("core misses but reference hits".to_owned()),
        (Some(h), Some(rh)) => compare_hit(case, &h, rh, r.gap0, tol, &mut errs),
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{}\n  reference: {}\n  core: {:?}\n  - {}",
            case_literal(case),
            describe_ref(r),
            core,
            errs.join("\n  - ")
        ))
    }
}

fn compare_hit(
    case: &Case,
    h: &Hit,
    rh: &super::reference::RefHit,
    gap0: f64,
    tol: &Tol,
    errs: &mut Vec<String>,
) {
    let s = &case.sweep;
    let rad = s.radius as f64;
    let motion = (d(s.end) - d(s.start)).length();
    let fields = [
        h.time, h.center.x, h.center.y, h.point.x, h.point.y, h.normal.x, h.normal.y,
    ];
    if fields.iter().any(|x| !x.is_finite()) {
        errs.push("non-finite field in hit".to_owned());
        return;
    }
    if !(0.0..=1.0).contains(&h.time) {
        errs.push(format!("time {} outside [0, 1]", h.time));
    }
    let n = d(h.normal);
    if (n.length() - 1.0).abs() > 1e-5 {
        errs.push(format!("normal not unit: |n| = {}", n.length()));
    }
    // Whether the start was inside is ambiguous only when the start touches.
    let inside_clear = gap0.abs() > tol.band;
    if inside_clear && h.started_inside != rh.started_inside {
        errs.push(format!(
            "started_inside {} vs reference {}",
            h.started_inside, rh.started_inside
        ));
    }
    if h.started_inside && h.time != 0.0 {
        errs.push(format!("started_inside with time {}", h.time));
    }
    // Time: precise up to the distance error over the approach speed.
    let slack_t = if rh.started_inside {
        0.0
    } else {
        tol.dist / rh.slope.abs().max(1e-300)
    };
    let tol_t = tol.time + slack_t;
    let dt = (h.time as f64 - rh.time).abs();
    if dt > tol_t {
        errs.push(format!(
            "time {:?} vs reference {:.9} (|Δ| {:e} > {:e})",
            h.time, rh.time, dt, tol_t
        ));
    }
    // The core's own time must be a contact: distance r there (unless started inside).
    if !h.started_inside {
        let g = gap(s, &case.obstacle, h.time as f64);
        if g.abs() > tol.dist {
            errs.push(format!("gap at core time is {:e} (tol {:e})", g, tol.dist));
        }
    }
    // Centre: on the path at the core's time, and near the reference centre.
    let on_path = center_at(s, h.time as f64);
    if (d(h.center) - on_path).length() > tol.dist + tol.center * 0.1 {
        errs.push(format!(
            "center {:?} is not start + delta·time ({:?})",
            h.center, on_path
        ));
    }
    let tol_c = tol.center + motion * slack_t.min(1.0);
    let dc = (d(h.center) - rh.center).length();
    if dc > tol_c {
        errs.push(format!(
            "center off reference by {:e} (tol {:e})",
            dc, tol_c
        ));
    }
    // Normal: compared with the reference's, allowing the turn a contact circle makes over
    // the centre slack; ambiguous when the reference has none (centre on a segment, tie).
    if rh.normal != DVec2::ZERO && !ambiguous_push_out(rh, tol) {
        let tol_n = tol.normal + (motion * slack_t.min(1.0)) / rad.max(f64::MIN_POSITIVE);
        let dn = (n - rh.normal).length();
        if dn > tol_n {
            errs.push(format!(
                "normal ({:.7}, {:.7}) vs reference ({:.7}, {:.7}) (|Δ| {:e} > {:e})",
                n.x, n.y, rh.normal.x, rh.normal.y, dn, tol_n
            ));
        }
    }
    // Point: centre − normal·r, on the obstacle's surface (a contact, not an overlap).
    if !rh.started_inside {
        let p = d(h.point);
        if (p - (d(h.center) - n * rad)).length() > tol.dist + 1e-6 * rad {
            errs.push(format!("point {:?} != center − normal·r", h.point));
        }
        let on_surface = probe(&case.obstacle, p, h.time as f64).dist;
        if on_surface.abs() > tol.dist {
            errs.push(format!(
                "point is {:e} off the obstacle surface",
                on_surface
            ));
        }
    }
    // Feature and region, unless the contact sits on a feature boundary.
    let (feat, region) = expected_feature(&rh.probe.place, rh.started_inside, tol_c);
    if let Some(fs) = feat
        && !fs.contains(&h.feature)
    {
        errs.push(format!("feature {:?}, expected one of {:?}", h.feature, fs));
    }
    if let Some(reg) = region
        && h.region != reg
    {
        errs.push(format!("region {:?}, expected {:?}", h.region, reg));
    }
    if !rh.started_inside {
        check_face_normal(&case.obstacle, h, errs);
    }
}

/// For a centre inside a box: the two nearest of the four faces are equally near (within
/// `tol`), so either push-out is right — including both faces of a zero-width box.
pub fn inside_tie(local: DVec2, half: DVec2, tol: f64) -> bool {
    let mut depths = [
        half.x - local.x,
        half.x + local.x,
        half.y - local.y,
        half.y + local.y,
    ];
    depths.sort_by(f64::total_cmp);
    depths[1] - depths[0] <= tol
}

/// The push-out direction is ambiguous: centre (nearly) on a segment or on the other
/// circle's centre, or equidistant from two faces of a box it is inside.
fn ambiguous_push_out(rh: &super::reference::RefHit, tol: &Tol) -> bool {
    if !rh.started_inside {
        return false;
    }
    match rh.probe.place {
        Place::Box { local, half } => {
            let over = local.abs() - half;
            over.x <= 0.0 && over.y <= 0.0 && inside_tie(local, half, tol.dist)
        }
        Place::Segment { .. } | Place::Circle => rh.probe.dist.abs() <= tol.dist,
    }
}

/// Runs `query` on every case, compares with the reference, and panics with a report of the
/// first failures. Returns (hits, misses) counted by the reference, for balance checks.
pub fn run_all(
    name: &str,
    cases: &[Case],
    scale: Scale,
    query: impl Fn(&Sweep, &Obstacle) -> Option<Hit>,
) -> (usize, usize) {
    let mut failures = Vec::new();
    let (mut hits, mut misses) = (0, 0);
    for case in cases {
        let r = super::reference::solve(&case.sweep, &case.obstacle);
        if r.hit.is_some() {
            hits += 1;
        } else {
            misses += 1;
        }
        let tol = Tol::for_case(case, scale);
        let core = query(&case.sweep, &case.obstacle);
        if let Err(e) = compare(case, core, &r, &tol) {
            failures.push(e);
        }
    }
    println!(
        "{name}: {} cases, reference {hits} hits / {misses} misses, {} failures",
        cases.len(),
        failures.len()
    );
    if !failures.is_empty() {
        let shown: Vec<&String> = failures.iter().take(12).collect();
        panic!(
            "{name}: {} of {} cases disagree with the reference; first {}:\n{}",
            failures.len(),
            cases.len(),
            shown.len(),
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    (hits, misses)
}
