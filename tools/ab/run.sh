#!/usr/bin/env bash
# Times this checkout's queries against a baseline commit's, interleaved in one process:
#   tools/ab/run.sh [BASE] [FILTER]      (BASE defaults to e9c663d, the last queries without
#                                         certification; FILTER keeps matching rows)
# Builds into target/ab/ with the release profile a dependent crate gets (no
# target-cpu=native). See tools/ab/README.md.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
base="${1:-e9c663d}"
filter="${2:-}"
ab="$repo/target/ab"
rm -rf "$ab/base"
mkdir -p "$ab/base" "$ab/harness/benches" "$ab/harness/src"
git -C "$repo" archive "$base" | tar -x -C "$ab/base"
# The baseline as a library crate of its own name: no binaries, benches or dev-dependencies.
python3 - "$ab/base/Cargo.toml" <<'PY'
import re, sys
p = sys.argv[1]
s = open(p).read()
s = s.replace('name = "sweepscope"', 'name = "sweepscope_base"')
s = re.sub(r'(?ms)^\[\[(bin|bench)\]\].*?(?=^\[|\Z)', '', s)
s = re.sub(r'(?ms)^\[dev-dependencies\].*?(?=^\[|\Z)', '', s)
s = re.sub(r'(?m)^default-run.*\n', '', s)
s = re.sub(r'(?m)^snapshot = .*\n', '', s)
s = re.sub(r'(?ms)^\[profile\..*?(?=^\[|\Z)', '', s)
open(p, 'w').write(s)
PY
cat > "$ab/harness/Cargo.toml" <<TOML
[package]
name = "ab"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
sweepscope = { path = "$repo", default-features = false }
sweepscope_base = { path = "$ab/base", default-features = false }
glam = "0.34"
parry2d = "=0.31.1"
num-rational = "0.4"
num-bigint = "0.4"
num-integer = "0.1"
num-traits = "0.2"

[[bench]]
name = "ab"
harness = false
TOML
cp "$repo/Cargo.lock" "$ab/harness/Cargo.lock"
: > "$ab/harness/src/lib.rs"
sed "s|@REPO@|$repo|" "$repo/tools/ab/ab.rs" > "$ab/harness/benches/ab.rs"
cd "$ab/harness"
RUSTFLAGS= CARGO_TARGET_DIR="$ab/target" cargo bench --bench ab -- "$filter"
