//! The headless command-line tools.
