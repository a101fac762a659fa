//! `sweepscope`: the debugger, or a headless tool when a subcommand is given.

fn main() {
    eprintln!("sweepscope: work in progress");
}
