//! Every `sweepscope ...` command the documentation shows (code spans and code blocks in
//! README.md and docs/*.md) names a subcommand and flags that exist: each appears in the
//! matching `--help`. Documentation that drifts from the one command-line definition fails
//! here.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn help(sub: Option<&str>) -> String {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sweepscope"));
    c.args(sub).arg("--help");
    let out = c.output().expect("the binary runs");
    assert!(out.status.success(), "{sub:?} --help failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The markdown files to scan.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    if let Ok(entries) = std::fs::read_dir(root.join("docs")) {
        let mut docs: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "md"))
            .collect();
        docs.sort();
        files.extend(docs);
    }
    files
}

/// The code in a markdown text: every line of fenced blocks and every inline code span.
fn code_pieces(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            out.push(line.to_owned());
            continue;
        }
        let mut parts = line.split('`');
        parts.next();
        while let Some(code) = parts.next() {
            out.push(code.to_owned());
            parts.next();
        }
    }
    out
}

/// `(subcommand, flags)` of each `sweepscope ...` command in `code`: a command starts at
/// the word `sweepscope` at the start of the code, or after a shell prompt or pipe.
/// The subcommands the command line defines (and clap's `help`).
fn subcommands() -> Vec<String> {
    use clap::CommandFactory;
    let cli = sweepscope::cli::args::Cli::command();
    cli.get_subcommands()
        .map(|c| c.get_name().to_owned())
        .chain(["help".to_owned()])
        .collect()
}

fn commands(code: &str) -> Vec<(Option<String>, Vec<String>)> {
    let mut out = Vec::new();
    let words: Vec<&str> = code.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        let program = w
            .trim_start_matches("./target/debug/")
            .trim_start_matches("./target/release/");
        let starts = i == 0 || matches!(words[i - 1], "$" | "|" | "&&" | ";" | "xvfb-run");
        if program != "sweepscope" || !starts {
            continue;
        }
        let rest = &words[i + 1..];
        let sub = rest
            .first()
            .filter(|s| subcommands().iter().any(|name| name == **s))
            .map(|s| s.to_string());
        let flags = rest
            .iter()
            .take_while(|s| !matches!(**s, "|" | "&&" | ";" | "#" | ">" | "<"))
            .filter_map(|s| {
                let s = s.trim_start_matches('[');
                s.starts_with("--").then(|| {
                    s.split(['=', ']', ',', ')', '`'])
                        .next()
                        .unwrap_or(s)
                        .to_owned()
                })
            })
            .filter(|f| f.len() > 2)
            .collect();
        out.push((sub, flags));
    }
    out
}

#[test]
fn every_documented_command_and_flag_exists() {
    let top = help(None);
    let mut checked = BTreeSet::new();
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for code in code_pieces(&text) {
            for (sub, flags) in commands(&code) {
                let help_text = match &sub {
                    Some(s) => {
                        assert!(top.contains(&format!("  {s}")), "{}: `{s}`", file.display());
                        help(Some(s))
                    }
                    None => top.clone(),
                };
                for flag in flags {
                    assert!(
                        help_text.contains(&format!("{flag} "))
                            || help_text.contains(&format!("{flag}\n")),
                        "{}: `sweepscope {}{flag}` is documented but not in --help",
                        file.display(),
                        sub.as_deref().map_or(String::new(), |s| format!("{s} "))
                    );
                    checked.insert(format!("{sub:?} {flag}"));
                }
            }
        }
    }
    assert!(
        !checked.is_empty(),
        "no documented flag found: is the scan broken?"
    );
}

#[test]
fn the_scanner_finds_commands_in_spans_blocks_and_pipes() {
    let md = "Run `sweepscope check --json a.ron`.\n```\n$ sweepscope sim x.ron --time 3 | head\nxvfb-run sweepscope --screenshot o.png [--size 10x10]\n```\n";
    let found: Vec<_> = code_pieces(md).iter().flat_map(|c| commands(c)).collect();
    let s = |x: &str| Some(x.to_owned());
    assert_eq!(
        found,
        vec![
            (s("check"), vec!["--json".to_owned()]),
            (s("sim"), vec!["--time".to_owned()]),
            (None, vec!["--screenshot".to_owned(), "--size".to_owned()]),
        ]
    );
}

#[test]
fn a_made_up_flag_would_be_caught() {
    let top = help(None);
    assert!(!top.contains("--frobnicate "));
    assert!(top.contains("--screenshot ") && top.contains("--sim-discs "));
    for demo in [
        "default",
        "corner-miss",
        "slide",
        "two-circles",
        "variants",
        "heat-map",
    ] {
        assert!(top.contains(demo), "--help lists every demo: {demo}");
    }
    for sub in ["batch", "check", "sim"] {
        let h = help(Some(sub));
        assert!(h.contains("--help") && h.contains("--version"), "{sub}");
    }
}
