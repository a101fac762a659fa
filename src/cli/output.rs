//! Printing for the headless tools without a panic. `println!` panics when standard output
//! is closed (`| head -1`) or full (`> /dev/full`), which cut a hunt short with its scenes
//! half written. Here a failed write only stops the printing: the tool finishes its work
//! (files it writes are its results, the printed lines only a summary), and [`Output::exit`]
//! turns the failure into exit status 2, as documented for every tool. Messages to
//! standard error (`errln!`) are best effort: there is nowhere left to report their own
//! failure.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

/// `println!` to an [`Output`].
macro_rules! outln {
    ($out:expr, $($arg:tt)*) => {
        $out.write(format_args!("{}\n", format_args!($($arg)*)))
    };
}
pub(crate) use outln;

/// `eprintln!` without the panic when standard error cannot be written.
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}
pub(crate) use errln;

/// Standard output for one run of a tool, and the first error writing to it.
#[derive(Debug, Default)]
pub struct Output {
    error: Option<io::Error>,
}

impl Output {
    pub fn new() -> Self {
        Self::default()
    }

    /// Writes `args` (no newline added); after a first failure, nothing.
    pub fn write(&mut self, args: fmt::Arguments<'_>) {
        if self.error.is_none()
            && let Err(e) = io::stdout().lock().write_fmt(args)
        {
            self.error = Some(e);
        }
    }

    /// Whether a write has failed.
    pub fn failed(&self) -> bool {
        self.error.is_some()
    }

    /// The tool's exit status: `code`, or 2 when the output could not be written (said on
    /// standard error after `who`, e.g. `sweepscope hunt`, unless the reader simply went
    /// away).
    pub fn exit(mut self, who: &str, code: ExitCode) -> ExitCode {
        if self.error.is_none()
            && let Err(e) = io::stdout().lock().flush()
        {
            self.error = Some(e);
        }
        match self.error {
            None => code,
            Some(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(2),
            Some(e) => {
                errln!("{who}: cannot write the output: {e}");
                ExitCode::from(2)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exits_with_the_code_given_when_nothing_failed() {
        let out = Output::new();
        assert!(!out.failed());
        assert_eq!(out.exit("t", ExitCode::from(1)), ExitCode::from(1));
    }

    #[test]
    fn a_failed_write_is_kept_and_gives_status_2() {
        let out = Output {
            error: Some(io::Error::from(io::ErrorKind::BrokenPipe)),
        };
        assert!(out.failed());
        assert_eq!(out.exit("t", ExitCode::SUCCESS), ExitCode::from(2));
    }
}
