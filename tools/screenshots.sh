#!/usr/bin/env bash
# Retakes the screenshots the README and docs show, each from a scene in scenes/, under
# Xvfb at 1400x900 with Mesa's software renderer. Usage: tools/screenshots.sh [BINARY]
# (default target/release/sweepscope; build it first with `cargo build --release`).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/sweepscope}
# A home of its own: without a scene the debugger restores the last session, and the
# README's first picture is the built-in default scene.
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share"
shot() {
  local out="screenshots/$1.png"
  shift
  xvfb-run -a -s "-screen 0 1600x1000x24" "$bin" --size 1400x900 --screenshot "$out" "$@"
}
shot default
shot corner-square-miss scenes/corner-square-miss.ron
shot slide-rotated-box scenes/slide-rotated-box.ron
shot two-circles-relative scenes/tunnel-circles.ron
shot variants-disagree scenes/thin-wall.ron
shot heat-map scenes/heat-map.ron
shot heat-map-tunnel scenes/tunnel-heat-map.ron
shot parry-graze scenes/parry-graze.ron
shot parry-tiny-rotated-box scenes/parry-tiny-rotated-box.ron
shot start-inside scenes/start-inside.ron
shot simulation scenes/sim-billiards.ron --sim-advance 0.8
