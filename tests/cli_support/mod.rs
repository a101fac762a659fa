//! What the command-line tests share: the binary's combined output as text, and a fresh
//! scratch folder per test. Each test file includes this with `mod cli_support;`.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Output;

/// Standard output, then standard error, as text.
pub fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// An empty folder `<prefix>-<name>` under Cargo's scratch directory for tests, emptied if
/// a previous run left it.
pub fn folder(prefix: &str, name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{prefix}-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp folder");
    d
}

/// A path as the `&str` a command line takes.
pub fn path_str(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}
