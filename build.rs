//! Records the git commit the binary is built from as `SWEEPSCOPE_GIT_COMMIT` (bug reports
//! name it), with `+modified` when tracked files differ from it. Without git or a `.git` (a
//! crate tarball) it is `unknown`; the build never fails over it.

use std::path::PathBuf;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_owned();
    (!text.is_empty()).then_some(text)
}

fn main() {
    let commit = match git(&["rev-parse", "HEAD"]) {
        Some(head) => {
            let modified = git(&["status", "--porcelain", "--untracked-files=no", "--", "."]);
            if modified.is_some() {
                format!("{head}+modified")
            } else {
                head
            }
        }
        None => "unknown".to_owned(),
    };
    println!("cargo:rustc-env=SWEEPSCOPE_GIT_COMMIT={commit}");
    // The sources the binary is built from: a change there may make it `+modified`.
    for p in ["src", "scenes", "Cargo.toml", "Cargo.lock"] {
        println!("cargo:rerun-if-changed={p}");
    }
    // Rebuild when HEAD moves: HEAD itself (a checkout) and the branch it names (a commit),
    // in the work tree's git folder or the shared one of a linked work tree. Only files
    // that exist are named (cargo reruns the script every build for a missing one).
    let mut watch = Vec::new();
    let head = git(&["symbolic-ref", "-q", "HEAD"]);
    for dir in [
        git(&["rev-parse", "--git-dir"]),
        git(&["rev-parse", "--git-common-dir"]),
    ]
    .into_iter()
    .flatten()
    {
        let dir = PathBuf::from(dir);
        watch.push(dir.join("HEAD"));
        watch.push(dir.join("packed-refs"));
        if let Some(h) = &head {
            watch.push(dir.join(h));
        }
    }
    for p in watch.iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", p.display());
    }
    println!("cargo:rerun-if-changed=build.rs");
}
